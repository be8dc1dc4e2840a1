/* report_user.c - the user's own kernels (VF_USER rows): each placed on
 * the ladder it ran beside and diagnosed from its counters.  See
 * report_int.h.
 *
 * A user kernel is judged only against the built-in rungs measured in the
 * same stage (experiment, type and size: its ladder), never against
 * numbers from elsewhere.  Its placement is its time between the
 * verified rungs just slower and just faster.  Its diagnosis is a table
 * of rules, one row per known problem of the ladder: the counter tests
 * that show it, the built-in rung that shows the problem and the one
 * without it, the rung that shows the fix, and the sentences in both
 * languages.  A new rule is one row of rules[].
 *
 * How a test judges (T_NEAR, the counter tests): values under the
 * counter's noise floor are read as the floor; the two reference rungs
 * must differ by at least SEPARATE× in the expected direction, or the
 * counter cannot tell them apart here (said so); then the user's value is
 * "like the problem rung's" when, on a log scale, it lies nearer the
 * problem rung's value than the good rung's, i.e. beyond their geometric
 * mean.  A rule without a problem rung compares with `factor` times the
 * good rung's value instead.  Reference values come from the fastest
 * verified row of that rung in the stage that has the counter.
 *
 * A rule's first test is its symptom, the others corroborate:
 *   symptom not shown                      -> not shown (listed as such);
 *   symptom needs rungs that did not run   -> "would need rungs X, Y";
 *   symptom shown, every other test too    -> the problem, with its fix;
 *   symptom shown, another test not, or it cannot tell
 *          -> the rule's `ambiguous` sentence (the counters do not
 *             separate two explanations), or without one: not shown /
 *             not judged.
 * A rule marked `alone` (advice that only matters once nothing else holds
 * the kernel back) is left out when another rule shows.  The report never
 * names a cause whose test did not show it. */
#include "report_user_rules.h"
#include "report_grade.h"
#include "report_place.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "counters/counters.h"
#include "results/results.h"
#include "compare/compare.h"
#include "base/util.h"

#define rules user_rules
#define NRULES USER_NRULES


static size_t rule_ntests(const struct rule *r)
{
	size_t n = 0;

	while (n < RULE_TESTS && (r->test[n].kind != T_NEAR ||
				  r->test[n].column))
		n++;
	return n;
}

/* ---- judging ---------------------------------------------------------- */

enum verdict {
	V_NO,       /* the test does not show the problem */
	V_YES,      /* it does */
	V_CANT,     /* the reference rungs do not separate here */
	V_NEED,     /* a reference rung was not measured (with counters) */
	V_OWN,      /* the user's row lacks what the test reads */
};

struct judged {
	enum verdict v;
	double u, p, g;             /* the user's, problem's, good's values */
	const struct item *pi, *gi; /* the reference rows used */
	const char *need[2];        /* V_NEED: the rungs missing */
};

enum outcome {
	O_CLEAR, O_FIRES, O_AMBIGUOUS, O_CANT, O_NEED, O_OWN, O_SKIP,
};

/* The fastest verified built-in row of variant `name` in ladder l with a
 * finite value of counter `col` (NULL: any verified row), or NULL. */
static const struct item *stage_ref(const struct ladder *l, const char *name,
				    const char *col)
{
	const struct item *best = NULL;

	for (size_t i = 0; name && i < l->nitems; i++) {
		const struct item *it = l->items[i];

		if (it->role == ROLE_USER || !it->ok ||
		    !str_eq(it->row->variant, name))
			continue;
		if (col && (it->row->counters_status ||
			    !isfinite(row_column(it->row, col))))
			continue;
		if (faster(it, best))
			best = it;
	}
	return best;
}

static enum verdict judge_near(const struct ladder *l, const struct item *it,
			       const struct test *t, struct judged *j)
{
	const struct result_row *row = it->row;
	double u, p, g, ratio;

	if (row->counters_status || !row_has_column(row, t->column))
		return V_OWN;
	j->u = row_column(row, t->column);
	j->gi = stage_ref(l, t->good, t->column);
	j->pi = stage_ref(l, t->problem, t->column);
	if (t->problem && !j->pi)
		j->need[0] = t->problem;
	if (!j->gi)
		j->need[1] = t->good;
	if (j->need[0] || j->need[1])
		return V_NEED;
	if (!isfinite(j->u))
		return V_NO;    /* n/a: the counter does not apply to it */
	u = fmax(j->u, t->floor);
	j->g = row_column(j->gi->row, t->column);
	g = fmax(j->g, t->floor);
	if (!t->problem)
		return (t->worse > 0 ? u > t->factor * g : u < t->factor * g) ?
		       V_YES : V_NO;
	j->p = row_column(j->pi->row, t->column);
	p = fmax(j->p, t->floor);
	ratio = t->worse > 0 ? p / g : g / p;
	if (!(ratio >= SEPARATE))
		return V_CANT;
	return (t->worse > 0 ? u > sqrt(p * g) : u < sqrt(p * g)) ? V_YES :
								    V_NO;
}

static enum verdict judge_slow(const struct ladder *l, const struct item *it,
			       const struct test *t, struct judged *j)
{
	j->gi = l->ceiling ? l->ceiling : stage_ref(l, t->good, NULL);
	if (!j->gi) {
		j->need[0] = t->good;
		return V_NEED;
	}
	j->u = it->row->gbps;
	j->g = j->gi->row->gbps;
	return j->u > 0 && j->g > 0 && j->u < t->factor * j->g ? V_YES : V_NO;
}

static enum verdict judge(const struct ladder *l, const struct item *it,
			  const struct test *t, struct judged *j)
{
	const struct kernel_resources *k = &it->row->resources;

	memset(j, 0, sizeof(*j));
	j->u = j->p = j->g = NAN;
	switch (t->kind) {
	case T_NEAR:
		return judge_near(l, it, t, j);
	case T_SLOW:
		return judge_slow(l, it, t, j);
	case T_FLAG:
		return it->v && (it->v->flags & t->flag) ? V_YES : V_NO;
	case T_OCC:
		j->gi = l->best;        /* for the evidence: the fastest rung */
		if (!k->known)
			return V_OWN;
		j->u = k->occupancy_pct;
		return k->occupancy_pct < t->factor && k->limiter == t->limiter ?
		       V_YES : V_NO;
	}
	return V_NO;
}

/* The rule's outcome from its tests' verdicts j[0..n); *at is set to the
 * test that decided an O_CANT or O_OWN. */
static enum outcome rule_outcome(const struct rule *r, const struct judged *j,
				 size_t n, size_t *at)
{
	static const enum outcome first[] = {
		[V_NO] = O_CLEAR, [V_YES] = O_FIRES, [V_CANT] = O_CANT,
		[V_NEED] = O_NEED, [V_OWN] = O_OWN,
	};
	enum outcome o = O_FIRES;

	*at = 0;
	if (j[0].v != V_YES)
		return first[j[0].v];
	for (size_t k = 1; k < n; k++) {
		if (j[k].v == V_YES)
			continue;
		if (j[k].v == V_NEED)
			return O_NEED;
		if (r->ambiguous[EN]) {
			o = O_AMBIGUOUS;
			continue;
		}
		*at = k;
		return first[j[k].v];
	}
	return o;
}

/* ---- words ------------------------------------------------------------ */

/* Heap strings that live as long as one kernel's diagnosis. */
struct bag {
	char **s;
	size_t n;
};

static const char *bag_keep(struct bag *b, char *s)
{
	b->s = xrealloc(b->s, (b->n + 1) * sizeof(*b->s));
	b->s[b->n++] = s;
	return s;
}

static void bag_release(struct bag *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->s[i]);
	free(b->s);
	b->s = NULL;
	b->n = 0;
}

/* "rung 4 (reduce\_interleaved\_strided)" for a row of the ladder. */
static const char *item_named(struct bag *bag, enum lang L,
			      const struct item *it)
{
	struct pool p = { .n = 0 };
	struct sbuf b = SBUF_INIT;

	SAY(&b, L, M_U_RUNG, role_text(&p, L, it), pool_md(&p, it->row->variant));
	pool_release(&p);
	return bag_keep(bag, sbuf_detach(&b));
}

/* The same for built-in variant `name`: its row in ladder l when it ran
 * there, else "(not run here)" after its step from the results'
 * description or its name alone; "" for NULL. */
static const char *rung_named(struct bag *bag, enum lang L,
			      const struct model *m, const struct ladder *l,
			      const char *name)
{
	const struct item *it = stage_ref(l, name, NULL);
	const struct variant *v = model_variant(m, name);
	struct sbuf b = SBUF_INIT;
	char *md;

	if (!name)
		return "";
	if (it)
		return item_named(bag, L, it);
	md = md_dup(name);
	if (v && v->step > 0) {
		char step[16], *rung;
		struct sbuf r = SBUF_INIT;

		snprintf(step, sizeof(step), "%d", v->step);
		SAY(&r, L, M_ROLE_RUNG, step);
		rung = sbuf_detach(&r);
		SAY(&b, L, M_U_RUNG, rung, md);
		free(rung);
		free(md);
		md = sbuf_detach(&b);
	}
	SAY(&b, L, M_U_NOT_HERE, md);
	free(md);
	return bag_keep(bag, sbuf_detach(&b));
}

/* What one kernel's diagnosis is about. */
struct diag {
	const struct model *m;
	const struct ladder *l;
	const struct item *it;
	enum lang L;
	struct bag bag;
	struct judged j[NRULES][RULE_TESTS];
	enum outcome o[NRULES];
	size_t at[NRULES];
};

/* Appends the evidence of test t (judged j) to list: the user's value
 * beside the references'.  Flags need none. */
static void evidence_test(struct diag *d, const struct test *t,
			  const struct judged *j, struct sbuf *list)
{
	enum lang L = d->L;
	struct sbuf e = SBUF_INIT;
	const char *col = t->column ? bag_keep(&d->bag, md_dup(t->column)) : "";

	if (t->kind == T_NEAR && j->pi)
		SAY(&e, L, M_U_EV_NEAR, col, CTR(t->column, j->u),
		    CTR(t->column, j->p), item_named(&d->bag, L, j->pi),
		    CTR(t->column, j->g), item_named(&d->bag, L, j->gi));
	else if (t->kind == T_NEAR && j->gi)
		SAY(&e, L, M_U_EV_FACTOR, col, CTR(t->column, j->u),
		    CTR(t->column, j->g), item_named(&d->bag, L, j->gi));
	else if (t->kind == T_SLOW && j->gi)
		SAY(&e, L, M_U_EV_SLOW, FMT(j->u, 4), PCT(100 * j->u / j->g),
		    FMT(j->g, 4), item_named(&d->bag, L, j->gi));
	else if (t->kind == T_OCC) {
		const struct kernel_resources *k = &d->it->row->resources;
		const struct kernel_resources *r = j->gi ?
						   &j->gi->row->resources : NULL;
		char regs[16], smem[16], threads[16];

		snprintf(regs, sizeof(regs), "%d", k->registers);
		snprintf(smem, sizeof(smem), "%d", k->static_smem +
			 k->dynamic_smem);
		snprintf(threads, sizeof(threads), "%d", k->block_threads);
		SAY(&e, L, M_U_EV_OCC, PCT(k->occupancy_pct),
		    limiter_text(L, k->limiter), regs, smem, threads);
		if (r && r->known) {
			snprintf(regs, sizeof(regs), "%d", r->registers);
			snprintf(smem, sizeof(smem), "%d", r->static_smem +
				 r->dynamic_smem);
			SAY(&e, L, M_U_EV_OCC_REF,
			    item_named(&d->bag, L, j->gi), PCT(r->occupancy_pct),
			    regs, smem);
		}
	}
	if (e.len && list->len)
		sbuf_add(list, say_text(L, M_LIST_SEP));
	sbuf_add(list, sbuf_str(&e));
	sbuf_release(&e);
}

/* Appends rule r's evidence: every test judged with values. */
static void evidence(struct diag *d, size_t r, struct sbuf *b)
{
	struct sbuf list = SBUF_INIT;

	for (size_t k = 0; k < rule_ntests(&rules[r]); k++)
		if (d->j[r][k].v == V_YES || d->j[r][k].v == V_NO)
			evidence_test(d, &rules[r].test[k], &d->j[r][k], &list);
	if (list.len)
		SAY(b, d->L, M_U_EVIDENCE, sbuf_str(&list));
	sbuf_release(&list);
}

/* One rule's sentence ("said" or "ambiguous"), with the fix rung's time
 * when it shows and the evidence, as a list item. */
static bool host_rule(size_t r);

static void say_rule(struct diag *d, size_t r, const char *const *text,
		     struct sbuf *b)
{
	const struct rule *rule = &rules[r];
	enum lang L = d->L;
	const char *args[3] = {
		rung_named(&d->bag, L, d->m, d->l, rule->fix),
		rung_named(&d->bag, L, d->m, d->l, rule->test[0].problem),
		rung_named(&d->bag, L, d->m, d->l, rule->test[0].good),
	};
	const struct item *fix = stage_ref(d->l, rule->fix, NULL);
	struct grade_time gu, gf;

	sbuf_add(b, "  - ");
	sbuf_addargs(b, text[L], args, 3);
	/* a student's page places their kernel by the time graded alone */
	if (fix && text == rule->said && item_submission(d->m, d->it) &&
	    item_grade_time(d->it, &gu) && item_grade_time(fix, &gf))
		SAY(b, L, M_G_FIX_AT, args[0], FMT(gf.ms, 4),
		    TIMES(gu.ms / gf.ms));
	else if (fix && text == rule->said && !host_rule(r))
		SAY(b, L, M_U_FIX_AT, args[0], FMT(place_ms(d->it, fix), 4),
		    TIMES(place_ms(d->it, d->it) / place_ms(d->it, fix)));
	else if (fix && text == rule->said &&   /* the host step's own fix */
		 host_step_measured(d->it->row))
		/* the fix rung differs in more than the host step: what the
		 * host step alone is worth is the kernel timed apart */
		SAY(b, L, M_U_FIX_HOST, args[0], FMT(item_ms(fix), 4),
		    TIMES(item_ms(d->it) / item_ms(fix)),
		    FMT(d->it->row->tk.median_ms, 4),
		    TIMES(item_ms(d->it) / d->it->row->tk.median_ms));
	else if (fix && text == rule->said)
		SAY(b, L, M_U_FIX_HOST_ALL, args[0], FMT(item_ms(fix), 4),
		    TIMES(item_ms(d->it) / item_ms(fix)));
	evidence(d, r, b);
	sbuf_addc(b, '\n');
}

/* ---- one kernel on one ladder ----------------------------------------- */

static void judge_all(struct diag *d)
{
	size_t fires = 0;

	for (size_t r = 0; r < NRULES; r++) {
		const struct rule *rule = &rules[r];
		size_t n = rule_ntests(rule);

		d->o[r] = O_SKIP;
		if (rule->family && !str_eq(rule->family, d->it->row->family))
			continue;
		for (size_t k = 0; k < n; k++)
			d->j[r][k].v = judge(d->l, d->it, &rule->test[k],
					     &d->j[r][k]);
		d->o[r] = rule_outcome(rule, d->j[r], n, &d->at[r]);
		fires += d->o[r] == O_FIRES && !rule->alone;
	}
	for (size_t r = 0; r < NRULES; r++)
		if (rules[r].alone && fires && d->o[r] != O_SKIP)
			d->o[r] = O_SKIP;
}

/* A rule that could not be judged: why, as a list item. */
static void say_unjudged(struct diag *d, size_t r, struct sbuf *b)
{
	const struct rule *rule = &rules[r];
	const struct test *t = &rule->test[d->at[r]];
	const struct judged *j = &d->j[r][d->at[r]];
	enum lang L = d->L;
	const char *what = rule->what[L];

	if (d->o[r] == O_CANT) {
		SAY(b, L, M_U_CANT, what, item_named(&d->bag, L, j->pi),
		    item_named(&d->bag, L, j->gi),
		    bag_keep(&d->bag, md_dup(t->column)),
		    CTR(t->column, j->p), CTR(t->column, j->g));
	} else if (t->kind == T_OCC || d->it->row->counters_status) {
		return;         /* said once for all: say_no_resources(),
				   M_U_NO_COUNTERS */
	} else {
		SAY(b, L, M_U_OWN, what, bag_keep(&d->bag, md_dup(t->column)));
	}
	sbuf_addc(b, '\n');
}

/* The rules that need the kernel's resources, when they are not known,
 * in one sentence. */
static void say_no_resources(struct diag *d, struct sbuf *b)
{
	const char *why = d->it->row->resources.why;
	struct sbuf what = SBUF_INIT;

	for (size_t r = 0; r < NRULES; r++) {
		if (d->o[r] != O_OWN || rules[r].test[d->at[r]].kind != T_OCC)
			continue;
		if (what.len)
			sbuf_add(&what, say_text(d->L, M_U_LIST));
		sbuf_add(&what, rules[r].what[d->L]);
	}
	if (what.len) {
		SAY(b, d->L, M_U_OWN_RES, sbuf_str(&what),
		    bag_keep(&d->bag, md_dup(why ? why :
					     say_text(d->L, M_UNKNOWN))));
		sbuf_addc(b, '\n');
	}
	sbuf_release(&what);
}

/* The rules that need rungs this stage lacks, and those rungs, in one
 * sentence. */
static void say_needs(struct diag *d, struct sbuf *b)
{
	struct sbuf what = SBUF_INIT, names = SBUF_INIT;
	const char **seen = NULL;
	size_t nseen = 0;

	for (size_t r = 0; r < NRULES; r++) {
		if (d->o[r] != O_NEED)
			continue;
		if (what.len)
			sbuf_add(&what, say_text(d->L, M_U_LIST));
		sbuf_add(&what, rules[r].what[d->L]);
		for (size_t k = 0; k < RULE_TESTS; k++)
			for (size_t q = 0; q < 2; q++) {
				const char *name = d->j[r][k].need[q];
				size_t before = nseen;

				if (!name)
					continue;
				names_add(&seen, &nseen, name);
				if (nseen == before)
					continue;
				if (names.len)
					sbuf_add(&names, say_text(d->L, M_U_LIST));
				md_text(&names, name);
			}
	}
	if (what.len) {
		SAY(b, d->L, M_U_NEED, sbuf_str(&what), sbuf_str(&names));
		sbuf_addc(b, '\n');
	}
	free(seen);
	sbuf_release(&what);
	sbuf_release(&names);
}

/* Whether rule r is the host step's (a flag test: `finish: host`). */
static bool host_rule(size_t r)
{
	return rules[r].test[0].kind == T_FLAG &&
	       rules[r].test[0].flag == VF_HOST_STEP;
}

/* Whether `it`'s host step is a class's `finish`: the teacher's contract. */
static bool host_contract(const struct model *m, const struct item *it)
{
	const struct variant *v = it->v ? it->v :
				  model_variant(m, it->row->variant);

	return v && v->submission;
}

/* The rung that shows every problem the diagnosis found besides the
 * host step, and finishes on the device: the user's kernel's twin, whose
 * time isolates the host step's cost.  NULL when the host step is not
 * among the problems found, no other problem is, or their problem rungs
 * differ. */
static const struct item *host_twin(const struct diag *d)
{
	const char *twin = NULL;
	bool host = false;

	for (size_t r = 0; r < NRULES; r++) {
		if (d->o[r] != O_FIRES)
			continue;
		if (host_rule(r)) {
			host = true;
			continue;
		}
		if (!rules[r].test[0].problem ||
		    (twin && !str_eq(twin, rules[r].test[0].problem)))
			return NULL;
		twin = rules[r].test[0].problem;
	}
	if (host && twin) {
		const struct item *t = stage_ref(d->l, twin, NULL);

		if (t && t->v && !(t->v->flags & VF_HOST_STEP))
			return t;
	}
	return NULL;
}

/* How the host step's cost is said: a list item of the diagnosis, a
 * clause of the summary, or sentences after a class's contract
 * (M_G_HOST_CONTRACT); each measured or estimated. */
enum host_form { HF_ITEM, HF_SHORT, HF_CONTRACT };
enum host_said { HS_NONE, HS_MEASURED, HS_ESTIMATED };

static const enum msg host_msgs[][2] = {
	/*               measured              estimated */
	[HF_ITEM]     = { M_U_HOST_SPLIT,       M_U_HOST_COST },
	[HF_SHORT]    = { M_U_HOST_SPLIT_SHORT, M_U_HOST_COST_SHORT },
	[HF_CONTRACT] = { M_G_HOST_HERE,        M_G_HOST_HERE_EST },
};

/* The host step's cost, when the diagnosis found one: measured where
 * the row kept the kernel alone's time in the same runs (result_row.tk),
 * as the timed region less it; else estimated from the twin (host_twin),
 * when the kernel is slower than it beyond the threshold, and said to be
 * an estimate.  An item ends its line.  Returns what was said. */
static enum host_said host_cost(struct diag *d, struct sbuf *b,
				enum host_form form)
{
	const struct timing *k = &d->it->row->tk;
	const struct item *t;
	double x, lo, hi, cost, region = item_ms(d->it);
	struct sbuf what = SBUF_INIT;
	bool fires = false;

	for (size_t r = 0; r < NRULES; r++)
		fires |= d->o[r] == O_FIRES && host_rule(r);
	if (!fires)
		return HS_NONE;
	if (k->nsamples && k->median_ms > 0 && region > k->median_ms) {
		cost = region - k->median_ms;
		SAY(b, d->L, host_msgs[form][0], FMT(cost, 3),
		    PCT(100 * cost / region), FMT(region, 4),
		    FMT(k->median_ms, 4));
		if (form == HF_ITEM)
			sbuf_addc(b, '\n');
		return HS_MEASURED;
	}
	t = host_twin(d);
	if (!t || ratio_judge(t, d->it, &x, &lo, &hi) != SV_SLOWER)
		return HS_NONE;
	cost = region - item_ms(t);
	for (size_t r = 0; r < NRULES; r++)
		if (d->o[r] == O_FIRES && rules[r].test[0].problem &&
		    str_eq(rules[r].test[0].problem, t->row->variant)) {
			if (what.len)
				sbuf_add(&what, say_text(d->L, M_U_LIST));
			sbuf_add(&what, rules[r].what[d->L]);
		}
	SAY(b, d->L, host_msgs[form][1], FMT(cost, 3),
	    PCT(100 * cost / region), item_named(&d->bag, d->L, t),
	    sbuf_str(&what), FMT(item_ms(t), 3));
	if (form == HF_ITEM)
		sbuf_addc(b, '\n');
	sbuf_release(&what);
	return HS_ESTIMATED;
}

static void diagnose(const struct model *m, const struct ladder *l,
		     const struct item *it, enum lang L, struct sbuf *b)
{
	struct diag *d = xcalloc(1, sizeof(*d));
	struct sbuf clear = SBUF_INIT;
	size_t fires = 0, unsure = 0;
	bool contract = host_contract(m, it), host = false;
	enum host_said said;

	*d = (struct diag){ .m = m, .l = l, .it = it, .L = L };
	judge_all(d);
	sbuf_add(b, say_text(L, M_U_DIAG));
	sbuf_addc(b, '\n');
	if (it->row->counters_status) {
		SAY(b, L, M_U_NO_COUNTERS,
		    bag_keep(&d->bag, md_dup(it->row->counters_status)));
		sbuf_addc(b, '\n');
	}
	for (size_t r = 0; r < NRULES; r++)
		if (d->o[r] == O_FIRES && contract && host_rule(r)) {
			host = true;    /* said below, without a fix */
		} else if (d->o[r] == O_FIRES) {
			say_rule(d, r, rules[r].said, b);
			fires++;
		}
	if (host) {
		sbuf_add(b, say_text(L, M_G_HOST_CONTRACT));
		host_cost(d, b, HF_CONTRACT);
		sbuf_addc(b, '\n');
	}
	/* several problems of unknown cost: a measured host step is known
	 * apart; an estimated one means the twin shows all the others */
	said = host ? HS_NONE : host_cost(d, b, HF_ITEM);
	if (said == HS_MEASURED ? fires >= 3 : said == HS_NONE && fires >= 2) {
		sbuf_add(b, say_text(L, M_U_SEVERAL));
		sbuf_addc(b, '\n');
	}
	for (size_t r = 0; r < NRULES; r++) {
		unsure += d->o[r] != O_CLEAR && d->o[r] != O_SKIP &&
			  d->o[r] != O_FIRES;
		if (d->o[r] == O_AMBIGUOUS) {
			say_rule(d, r, rules[r].ambiguous, b);
		} else if (d->o[r] == O_CANT || d->o[r] == O_OWN) {
			say_unjudged(d, r, b);
		} else if (d->o[r] == O_CLEAR) {
			if (clear.len)
				sbuf_add(&clear, say_text(L, M_U_LIST));
			sbuf_add(&clear, rules[r].what[L]);
		}
	}
	if (clear.len) {
		/* "none shows" only when every rule was judged */
		SAY(b, L, fires || unsure ? M_U_CLEAR : M_U_NONE,
		    sbuf_str(&clear));
		sbuf_addc(b, '\n');
	}
	say_no_resources(d, b);
	say_needs(d, b);
	sbuf_release(&clear);
	bag_release(&d->bag);
	free(d);
}

/* Its time, bandwidth, % of peak and % of the measured ceiling. */
/* Whether row w's time is impossible: faster than its bytes at the
 * GPU's theoretical peak, with L2 evicted before every run (issue 26's
 * integrity checks; without the flush its input may sit in L2). */
static bool impossible(const struct model *m, const struct result_row *w)
{
	const struct experiment_meta *e = w->pct_peak > 100 && w->experiment ?
		model_experiment(m->r, w->experiment) : NULL;

	return e && e->l2_flush;
}

static void speed(const struct ladder *l, const struct item *it, enum lang L,
		  struct sbuf *b)
{
	const struct result_row *row = it->row;
	struct sbuf peak = SBUF_INIT, ceil = SBUF_INIT, ci = SBUF_INIT;
	struct pool p = { .n = 0 };

	if (row->pct_peak > 0)
		SAY(&peak, L, M_U_PEAK, PCT(row->pct_peak));
	if (l->ceiling && l->ceiling->row->gbps > 0 && row->gbps > 0)
		SAY(&ceil, L, M_U_CEIL, PCT(100 * row->gbps /
					    l->ceiling->row->gbps),
		    pool_md(&p, l->ceiling->row->variant),
		    FMT(l->ceiling->row->gbps, 4));
	if (has_interval(&row->t))
		SAY(&ci, L, M_U_CI, FMT(row->t.median_lo_ms, 4),
		    FMT(row->t.median_hi_ms, 4));
	SAY(b, L, M_U_TIME, FMT(item_ms(it), 4),
	    isfinite(it->iqr_pct) ? PCT(it->iqr_pct) : "—",
	    row->gbps > 0 ? FMT(row->gbps, 4) : "—", sbuf_str(&peak),
	    sbuf_str(&ceil), sbuf_str(&ci));
	sbuf_addc(b, '\n');
	sbuf_release(&ci);
	sbuf_release(&peak);
	sbuf_release(&ceil);
	pool_release(&p);
}

static void stage(const struct model *m, const struct ladder *l,
		  const struct item *it, enum lang L, struct sbuf *b)
{
	struct pool p = { .n = 0 };
	struct sbuf block = SBUF_INIT, why = SBUF_INIT;
	char *size = size_text(l->n, l->m, l->matrix);

	if (it->row->block > 0) {
		char n[16];

		snprintf(n, sizeof(n), "%d", it->row->block);
		SAY(&block, L, M_U_BLOCK, n);
	}
	sbuf_add(b, "#### ");
	SAY(b, L, M_U_STAGE, pool_md(&p, l->family), pool_md(&p, l->dtype),
	    pool_md(&p, size), sbuf_str(&block), pool_md(&p, l->experiment));
	gpu_suffix(b, l->gpu);
	sbuf_add(b, "\n\n");
	if (!it->ok) {
		status_text(&why, L, it);
		SAY(b, L, it->row->status == ROW_SKIPPED ? M_U_NOT_RUN :
			  M_U_FAILED, sbuf_str(&why));
		user_failure_end(b, L, m, it);
	} else {
		speed(l, it, L, b);
		if (impossible(m, it->row)) {
			SAY(b, L, M_UT_IMPOSSIBLE, FMT(it->row->gbps, 4),
			    PCT(it->row->pct_peak));
			sbuf_addc(b, '\n');
		}
		/* a student's page places the kernel once, by the time
		 * graded (report_class.c), not by this timed region */
		if (!item_submission(m, it)) {
			place_kernel_note(it, L, b);
			place_line(l, it, L, b);
		}
		diagnose(m, l, it, L, b);
		lines_items(b, L, m, l, it, user_shows(m, l, it, "inflight"),
			    user_shows(m, l, it, "divergence"), "");
	}
	sbuf_addc(b, '\n');
	free(size);
	sbuf_release(&block);
	sbuf_release(&why);
	pool_release(&p);
}

/* The kernel's heading: its label and title, and where it comes from. */
static void kernel_head(const struct model *m, const char *name, enum lang L,
			struct sbuf *b)
{
	const struct variant *v = model_variant(m, name);
	const char *title = v ? (L == ZH && v->title_zh ? v->title_zh :
				 v->title) : NULL;
	struct pool p = { .n = 0 };

	sbuf_add(b, "### ");
	if (title && *title && !str_eq(title, name))
		SAY(b, L, M_U_HEAD, pool_md(&p, name), pool_md(&p, title));
	else
		md_text(b, name);
	sbuf_add(b, "\n\n");
	if (v && v->source) {
		SAY(b, L, M_STEP_SOURCE, pool_md(&p, v->source));
		sbuf_add(b, "\n\n");
	}
	pool_release(&p);
}

static struct diag *diag_new(const struct model *m, const struct ladder *l,
			     const struct item *it, enum lang L);
static void diag_free(struct diag *d);

/* One row of a user kernel and the ladder it ran on. */
struct at {
	const struct ladder *l;
	const struct item *it;
};

static bool with_lines(const struct item *it)
{
	return it->row->lines.recorded && !it->row->lines.status &&
	       it->row->lines.nkernels > 0;
}

/* The row of a[0..n) diagnosed in full: a verified one before a failed
 * one, one with counters per source line before one without, then the
 * largest size, then the first. */
static size_t representative(const struct at *a, size_t n)
{
	size_t best = 0;

	for (size_t i = 1; i < n; i++) {
		const struct item *x = a[i].it, *y = a[best].it;
		int sx = 2 * x->ok + with_lines(x), sy = 2 * y->ok + with_lines(y);

		if (sx > sy || (sx == sy && (double)x->row->n * x->row->m >
					     (double)y->row->n * y->row->m))
			best = i;
	}
	return best;
}

/* Whether the rules come out the same for two verified rows. */
static bool same_diagnosis(const struct model *m, const struct at *x,
			   const struct at *y)
{
	struct diag *a = diag_new(m, x->l, x->it, EN);
	struct diag *b = diag_new(m, y->l, y->it, EN);
	bool same = memcmp(a->o, b->o, sizeof(a->o)) == 0;

	diag_free(a);
	diag_free(b);
	return same;
}

/* "float, n = 2^24" for ladder l (its GPU after it when the results mix
 * GPU models). */
static void type_size(struct sbuf *b, enum lang L, const struct ladder *l)
{
	struct pool p = { .n = 0 };
	char *size = size_text(l->n, l->m, l->matrix);

	SAY(b, L, M_UT_TYPE_SIZE, pool_md(&p, l->dtype), size);
	gpu_suffix(b, l->gpu);
	free(size);
	pool_release(&p);
}

/* Every row of the kernel in a table: type and size, time, bandwidth,
 * share of the ceiling and place on the ladder (or why it failed); for a
 * class's student, placed by the time graded above it, the row's state. */
static void rows_table(const struct model *m, const struct at *a, size_t n,
		       enum lang L, struct sbuf *b)
{
	static const enum msg head[] = { M_UT_COL_LADDER, M_UT_COL_TIME,
		M_UT_COL_GBPS, M_UT_COL_CEIL, M_UT_COL_PLACE };
	const char *cells[ARRAY_SIZE(head)];
	bool right[ARRAY_SIZE(head)] = { false, true, true, true, false };
	bool student = n && item_submission(m, a[0].it);

	for (size_t i = 0; i < ARRAY_SIZE(head); i++)
		cells[i] = say_text(L, head[i]);
	if (student)
		cells[4] = say_text(L, M_K_COL_STATE);
	for (size_t i = 0; i < n && !student; i++)
		if (a[i].it->ok && place_by_kernel(a[i].it)) {
			cells[1] = say_text(L, M_UT_COL_REGION);
			cells[4] = say_text(L, M_UT_COL_PLACE_KERNEL);
		}
	table_row(b, cells, ARRAY_SIZE(head));
	table_rule(b, right, ARRAY_SIZE(head));
	for (size_t i = 0; i < n; i++) {
		const struct ladder *l = a[i].l;
		const struct item *it = a[i].it;
		struct sbuf c[ARRAY_SIZE(head)];

		for (size_t k = 0; k < ARRAY_SIZE(head); k++)
			c[k] = (struct sbuf)SBUF_INIT;
		type_size(&c[0], L, l);
		if (it->ok) {
			sbuf_add(&c[1], FMT(item_ms(it), 4));
			sbuf_add(&c[2], it->row->gbps > 0 ?
				 FMT(it->row->gbps, 4) : "—");
			if (l->ceiling && l->ceiling->row->gbps > 0 &&
			    it->row->gbps > 0)
				sbuf_addf(&c[3], "%s %%",
					  PCT(100 * it->row->gbps /
					      l->ceiling->row->gbps));
			else
				sbuf_add(&c[3], "—");
			if (impossible(m, it->row))
				sbuf_add(&c[4], say_text(L, M_UT_IMPOSSIBLE_CELL));
			if (student)
				sbuf_add(&c[4], say_text(L, M_K_VERIFIED));
			else
				place_words(l, it, L, &c[4]);
		} else {
			sbuf_add(&c[1], "—");
			sbuf_add(&c[2], "—");
			sbuf_add(&c[3], "—");
			status_text(&c[4], L, it);
		}
		for (size_t k = 0; k < ARRAY_SIZE(head); k++)
			cells[k] = sbuf_str(&c[k]);
		table_row(b, cells, ARRAY_SIZE(head));
		for (size_t k = 0; k < ARRAY_SIZE(head); k++)
			sbuf_release(&c[k]);
	}
	sbuf_addc(b, '\n');
}

/* The sentence between a kernel's table and its rows in full: the
 * representative rep, and the first row that failed (n: none) where
 * rep verified; nok rows verified, differs: one of them is in full for
 * its own diagnosis. */
static enum msg full_rows_msg(const struct at *a, size_t n, size_t rep,
			      size_t failed, size_t nok, bool differs)
{
	if (!a[rep].it->ok)
		return M_UT_FAILED;
	if (failed == n)
		return differs ? M_UT_DIFF : M_UT_SAME;
	if (nok == 1)
		return M_UT_MIXED_ONE;
	return differs ? M_UT_MIXED_DIFF : M_UT_MIXED_SAME;
}

/* One kernel: its rows in a table, then in full the representative row
 * and each verified row whose diagnosis differs from it or whose time is
 * impossible, and the first failure (a failed kernel: its first failure
 * alone): a kernel right at one size and wrong at another has its
 * failure, and what compute-sanitizer found, in the body too. */
static void one_kernel(const struct model *m, const char *name, enum lang L,
		       struct sbuf *b)
{
	struct at *a = NULL;
	size_t n = 0, rep, failed, nok = 0;
	bool *full;
	bool differs = false;

	for (size_t i = 0; i < m->nladders; i++) {
		const struct ladder *l = &m->ladders[i];

		for (size_t j = 0; j < l->nitems; j++)
			if (l->items[j]->role == ROLE_USER &&
			    str_eq(l->items[j]->row->variant, name)) {
				a = xrealloc(a, (n + 1) * sizeof(*a));
				a[n++] = (struct at){ l, l->items[j] };
			}
	}
	if (!n)
		return;
	rep = representative(a, n);
	full = xcalloc(n, sizeof(*full));
	full[rep] = true;
	/* failed: the first row that failed, n for none or when rep is
	 * the failure */
	failed = n;
	for (size_t i = 0; i < n; i++) {
		nok += a[i].it->ok;
		if (!a[i].it->ok && a[rep].it->ok && failed == n)
			failed = i;
		if (i != rep && a[i].it->ok && a[rep].it->ok &&
		    (impossible(m, a[i].it->row) ||
		     !same_diagnosis(m, &a[rep], &a[i])))
			full[i] = differs = true;
	}
	if (n > 1) {
		struct sbuf at = SBUF_INIT, bad = SBUF_INIT;

		rows_table(m, a, n, L, b);
		type_size(&at, L, a[rep].l);
		if (failed < n)
			type_size(&bad, L, a[failed].l);
		SAY(b, L, full_rows_msg(a, n, rep, failed, nok, differs),
		    sbuf_str(&at), sbuf_str(&bad));
		sbuf_add(b, "\n\n");
		sbuf_release(&at);
		sbuf_release(&bad);
	}
	for (size_t i = 0; i < n; i++)
		if (full[i])
			stage(m, a[i].l, a[i].it, L, b);
	if (failed < n)
		stage(m, a[failed].l, a[failed].it, L, b);
	free(full);
	free(a);
}

void blk_user_kernels(const struct model *m, enum lang L, struct sbuf *b)
{
	const char **names = NULL, **students = NULL;
	size_t n = 0, ns = 0;
	char sep[16], floor[16];

	if (!m->nuser)
		return;
	/* a class's students are on the class page and their own pages:
	 * a class of 40 would otherwise repeat 40 sections here */
	for (size_t i = 0; i < m->nitems; i++)
		if (item_submission(m, &m->items[i]))
			names_add(&students, &ns, m->items[i].row->variant);
		else if (m->items[i].role == ROLE_USER)
			names_add(&names, &n, m->items[i].row->variant);
	snprintf(sep, sizeof(sep), "%g", SEPARATE);
	snprintf(floor, sizeof(floor), "%g", CONFLICT_FLOOR);
	if (n) {
		SAY(b, L, M_U_INTRO, sep, floor);
		sbuf_add(b, "\n\n");
	}
	if (ns) {
		char count[24];

		snprintf(count, sizeof(count), "%zu", ns);
		SAY(b, L, M_G_BODY_CLASS, count, L == ZH ? "zh" : "en");
		sbuf_add(b, "\n\n");
	}
	for (size_t k = 0; k < n; k++) {
		kernel_head(m, names[k], L, b);
		one_kernel(m, names[k], L, b);
	}
	free(names);
	free(students);
	block_trim(b);
}

/* ---- the conclusion's and the rubric's line ----------------------------- */

static struct diag *diag_new(const struct model *m, const struct ladder *l,
			     const struct item *it, enum lang L)
{
	struct diag *d = xcalloc(1, sizeof(*d));

	*d = (struct diag){ .m = m, .l = l, .it = it, .L = L };
	judge_all(d);
	return d;
}

static void diag_free(struct diag *d)
{
	bag_release(&d->bag);
	free(d);
}

bool user_shows(const struct model *m, const struct ladder *l,
		const struct item *it, const char *what)
{
	struct diag *d;
	bool shows = false;

	if (!it->ok)
		return false;
	d = diag_new(m, l, it, EN);
	for (size_t r = 0; r < NRULES; r++)
		shows |= d->o[r] == O_FIRES && str_eq(rules[r].key, what);
	diag_free(d);
	return shows;
}

void user_summary(struct sbuf *b, enum lang L, const struct model *m,
		  const struct ladder *l, const struct item *it)
{
	struct pool p = { .n = 0 };
	struct sbuf where = SBUF_INIT, what = SBUF_INIT, host = SBUF_INIT;
	char *size = size_text(l->n, l->m, l->matrix);
	struct diag *d;

	if (!it->ok) {
		struct sbuf why = SBUF_INIT;

		status_text(&why, L, it);
		SAY(b, L, M_U_SUM_FAILED, pool_md(&p, it->row->variant),
		    pool_md(&p, size), sbuf_str(&why));
		sbuf_release(&why);
		pool_release(&p);
		free(size);
		return;
	}
	d = diag_new(m, l, it, L);
	place_words(l, it, L, &where);
	if (place_by_kernel(it))
		sbuf_add(&where, say_text(L, M_U_BY_KERNEL));
	for (size_t r = 0; r < NRULES; r++) {
		if (d->o[r] != O_FIRES)
			continue;
		if (what.len)
			sbuf_add(&what, say_text(L, M_U_LIST));
		sbuf_add(&what, rules[r].what[L]);
	}
	host_cost(d, &host, HF_SHORT);
	SAY(b, L, what.len ? M_U_SUM : M_U_SUM_NONE,
	    pool_md(&p, it->row->variant), pool_md(&p, size),
	    FMT(item_ms(it), 3), sbuf_str(&where), sbuf_str(&what),
	    sbuf_str(&host));
	diag_free(d);
	sbuf_release(&where);
	sbuf_release(&what);
	sbuf_release(&host);
	pool_release(&p);
	free(size);
}

/* ---- for the class page (report_class.c) -------------------------------- */

const char *user_problem(const struct model *m, const struct ladder *l,
			 const struct item *it, enum lang L)
{
	const char *what = NULL;
	struct diag *d;

	/* a class's `finish` is the teacher's contract, not the student's
	 * choice: its host step is nobody's problem on the class page */
	bool contract = host_contract(m, it);

	if (!it->ok)
		return NULL;
	d = diag_new(m, l, it, L);
	for (size_t r = 0; r < NRULES && !what; r++)
		if (d->o[r] == O_FIRES && !(contract && host_rule(r)))
			what = rules[r].what[L];
	diag_free(d);
	return what;
}

int user_rule_judged(const struct model *m, const struct ladder *l,
		     const struct item *it, const struct rule *rule,
		     struct rule_evidence *ev)
{
	size_t r = (size_t)(rule - rules);
	struct diag *d;
	int shows = -1;

	memset(ev, 0, sizeof(*ev));
	ev->u = ev->p = ev->g = NAN;
	if (!it->ok || r >= NRULES)
		return -1;
	d = diag_new(m, l, it, EN);
	ev->column = rule->test[0].column;
	if (d->j[r][0].v == V_YES || d->j[r][0].v == V_NO) {
		ev->u = d->j[r][0].u;
		ev->p = d->j[r][0].p;
		ev->g = d->j[r][0].g;
		ev->pi = d->j[r][0].pi;
		ev->gi = d->j[r][0].gi;
	}
	if (d->o[r] == O_FIRES)
		shows = 1;
	else if (d->o[r] == O_CLEAR)
		shows = 0;
	diag_free(d);
	return shows;
}

void user_place(struct sbuf *b, enum lang L, const struct ladder *l,
		const struct item *it)
{
	place_words(l, it, L, b);
}

bool user_impossible(const struct model *m, const struct result_row *w)
{
	return impossible(m, w);
}

void user_kernel_section(const struct model *m, const char *name,
			 enum lang L, struct sbuf *b)
{
	kernel_head(m, name, L, b);
	one_kernel(m, name, L, b);
	block_trim(b);
}
