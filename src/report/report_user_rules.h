/* report_user_rules.h - the table of problems a user kernel is diagnosed
 * for (report_user_rules.c), and the types of its rows: report_user.c
 * judges them, report_lines.c names the rung of a rule's fix.  See
 * report_user.c for how a test judges. */
#ifndef CULAB_REPORT_USER_RULES_H
#define CULAB_REPORT_USER_RULES_H

#include "report_int.h"

/* Two reference rungs separate a counter when their values differ by at
 * least this factor (in the direction that makes one of them the
 * problem); otherwise no value is said to be like either. */
#define SEPARATE 1.5
/* The bank-conflict counter's noise floor, conflicts per shared load: it
 * reads up to 0.2 for conflict-free layouts (variants_reduce.c). */
#define CONFLICT_FLOOR 0.25
/* Theoretical occupancy (percent) below which a kernel holds few warps. */
#define OCC_LOW_PCT 50.0
/* "Far below the ceiling": under this fraction of its bandwidth. */
#define FAR_BELOW 0.8

enum test_kind {
	T_NEAR,     /* counter `column` like rung `problem`'s rather than
		       `good`'s (or beyond `factor` × good's without one) */
	T_FLAG,     /* the user's variant has flag `flag` (finish: host) */
	T_OCC,      /* theoretical occupancy under `factor` %, limited by
		       `limiter` (row->resources) */
	T_SLOW,     /* GB/s under `factor` × the copy ceiling's, or the
		       `good` rung's when no ceiling was measured */
};

struct test {
	enum test_kind kind;
	const char *column;
	int worse;                  /* T_NEAR: +1 higher is worse, -1 lower */
	const char *problem;        /* the built-in rung that shows it */
	const char *good;           /* the built-in rung without it */
	double floor;               /* T_NEAR: the counter's noise floor (> 0) */
	double factor;
	unsigned flag;
	enum resource_limiter limiter;
};

#define RULE_TESTS 2

/* Sentences: {1} the fix rung, {2} test 0's problem rung, {3} its good
 * rung ("rung 5 (reduce_shared_static)"); Markdown, not escaped. */
struct rule {
	const char *family;         /* NULL: every family */
	const char *key;            /* the rubric's objective (user_shows) */
	const char *what[NLANG];    /* the problem in a few words */
	struct test test[RULE_TESTS]; /* kind T_NEAR with no column ends */
	const char *fix;            /* the rung that shows the fix, or NULL */
	bool alone;                 /* only when no other rule shows */
	const char *said[NLANG];    /* when it shows */
	const char *ambiguous[NLANG]; /* when the counters do not separate it
					 from another explanation, or NULL */
};

/* The rows of user_rules[]. */
#define USER_NRULES 11

/* One row per known problem of the ladder; a new rule is one row. */
extern const struct rule user_rules[USER_NRULES];

/* The rule of `family` about objective `key` ("bank", "coalescing"), or
 * NULL. */
const struct rule *user_rule_find(const char *family, const char *key);

/* A rule's symptom as report_user.c judged it for one kernel: the
 * counter it reads, the user's value and the problem and good rungs'
 * (NAN where not read), and those rungs' rows (NULL where none). */
struct rule_evidence {
	const char *column;
	double u, p, g;
	const struct item *pi, *gi;
};

/* Rule `rule` (a row of user_rules[]) judged for the user's kernel `it`
 * of ladder l, as the diagnosis judges it: 1 when it shows, 0 when it is
 * clear, -1 when it was not judged (a failed row, a rule of another
 * family, counters missing or the reference rungs not apart, counters
 * that do not separate it from another explanation, advice left out
 * because another rule shows); its symptom's values in *ev.  For a
 * class's objectives (report_grading.c). */
int user_rule_judged(const struct model *m, const struct ladder *l,
		     const struct item *it, const struct rule *rule,
		     struct rule_evidence *ev);

#endif
