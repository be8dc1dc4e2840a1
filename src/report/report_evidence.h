/* report_evidence.h - what the rules of report_rules.c read and how each
 * judges its evidence: the types a rule's function takes and fills, the
 * counters they read, and one function per rule and use (a step, a rung
 * alone).  Shared by report_evidence.c and report_rules.c only. */
#ifndef CULAB_REPORT_EVIDENCE_H
#define CULAB_REPORT_EVIDENCE_H

#include "report_int.h"

/* Strings that live as long as one sentence. */
struct bag {
	char **s;
	size_t n;
};

/* s, now held by the bag until ev_bag_release(); returned. */
const char *ev_keep(struct bag *b, char *s);
void ev_bag_release(struct bag *b);

/* What a rule says of a step: see report_rules.c's top. */
enum pull { P_NONE, P_FOR, P_AGAINST, P_REFUTED };

/* What a rule found: the sentence form, its arguments (escaped), and
 * the counter cell. */
struct why {
	int form;
	const char *arg[9];
	size_t narg;
	const char *cell;
	/* the same in words, for sentences ("warp instructions 946 M ->
	 * 514 M"); NULL: the cell is in words already */
	const char *plain;
	/* the factor by which the counter the rule reads changed (>= 1;
	 * NAN: none): a change against the step counts only when it is
	 * larger than the step's */
	double ratio;
	struct bag *bag;
	enum lang L;
};

/* A step from `a` to `b` of ladder l; `slow` and `fast` are a and b in
 * the order of their times, x = slow's time / fast's (>= 1). */
struct step {
	const struct model *m;
	const struct ladder *l;
	const struct item *a, *b, *slow, *fast;
	double x;
	bool resolved;              /* the step's interval beyond the threshold */
};

/* A rung alone. */
struct rung {
	const struct model *m;
	const struct ladder *l;
	const struct item *it;
	double gap;                 /* ceiling's GB/s / its GB/s, NAN unknown */
};

/* Counter `col` of `it`, NAN when its counters were not collected. */
double ev_ctr(const struct item *it, const char *col);
/* DRAM bytes read and written, NAN when unknown. */
double ev_traffic(const struct item *it);
/* The fraction of the ladder's ceiling `it` moves (without a ceiling, of
 * the theoretical peak); NAN when unknown. */
double ev_of_ceiling(const struct ladder *l, const struct item *it);

/* The rules' evidence: for a step, whether the mechanism favours the
 * faster side (P_FOR), the slower (P_AGAINST), is refuted (P_REFUTED) or
 * says nothing (P_NONE), with the sentence's arguments in *w; for a rung
 * alone, whether the rule holds, with its arguments. */
enum pull ev_dram_step(const struct step *s, struct why *w);
bool ev_dram_limit(const struct rung *r, struct why *w);
enum pull ev_coal_st_step(const struct step *s, struct why *w);
enum pull ev_coal_ld_step(const struct step *s, struct why *w);
bool ev_coal_st_limit(const struct rung *r, struct why *w);
bool ev_coal_ld_limit(const struct rung *r, struct why *w);
enum pull ev_bank_step(const struct step *s, struct why *w);
bool ev_bank_limit(const struct rung *r, struct why *w);
enum pull ev_wide_step(const struct step *s, struct why *w);
enum pull ev_regs_step(const struct step *s, struct why *w);
bool ev_regs_limit(const struct rung *r, struct why *w);
enum pull ev_instr_step(const struct step *s, struct why *w);
enum pull ev_occ_step(const struct step *s, struct why *w);
enum pull ev_latency_step(const struct step *s, struct why *w);
enum pull ev_div_step(const struct step *s, struct why *w);
enum pull ev_idle_step(const struct step *s, struct why *w);
bool ev_latency_limit(const struct rung *r, struct why *w);
bool ev_not_bandwidth_limit(const struct rung *r, struct why *w);
bool ev_ceiling_limit(const struct rung *r, struct why *w);
bool ev_launch_limit(const struct rung *r, struct why *w);

#endif
