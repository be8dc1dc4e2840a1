/* report_rules_table.h - the rules' table, report_rules_table.c, as the code
 * that applies it (report_rules.c) reads it: one row a rule, its words in
 * English and Chinese beside the functions that judge a step or a rung
 * by it (report_evidence.c).  See report_rules.c's top for what a rule
 * is and how a "why" is said from it. */
#ifndef CULAB_REPORT_RULES_TABLE_H
#define CULAB_REPORT_RULES_TABLE_H

#include "report_evidence.h"

struct rule {
	const char *name;                    /* for tests and the table */
	const char *label[NLANG];            /* the resource, a few words */
	const char *physics[NLANG];
	const char *evidence[NLANG];
	const char *refuted_by[NLANG];
	/* what a step does by this mechanism, said first: [0] where the
	 * later rung is the faster (it removes the cost), [1] where it is
	 * the slower (it brings it) */
	const char *concept[2][NLANG];
	/* the general sentence behind it, by the step sentence's form ([1]
	 * NULL: [0]'s), said once per page */
	const char *clause[3][NLANG];
	/* step sentences by form: the counter that shows it, before and
	 * after; when refuted; limit sentences by form */
	const char *step_say[3][NLANG];
	const char *against_say[NLANG];      /* when it went the other way */
	const char *refuted_say[NLANG];
	const char *limit_say[3][NLANG];
	bool last_resort;                    /* a cause only when no other is */
	/* a mechanism of warps waiting on memory (too few in flight): the
	 * step's "why" then says where the slower rung's warps wait, from
	 * its PC samples per line, when it has them (lines_say_stall) */
	bool waits;
	/* a rule whose evidence this one's mechanism brings with it (wider
	 * loads are fewer load instructions): not said as a second cause
	 * beside it */
	const char *implies;
	enum pull (*step)(const struct step *s, struct why *w);
	bool (*limit)(const struct rung *r, struct why *w);
};

/* The rules, in the order they are tried; RULE_COUNT rows. */
#define RULE_COUNT 14
extern const struct rule rule_table[RULE_COUNT];

#endif
