/* report_conclusion.c - what a course report concludes: per family and
 * type, at the largest size, the three steps that mattered most on this
 * GPU and the counters their signatures name, the gap to the measured
 * ceiling and the resource that limits the fastest rung; and the rubric,
 * expected against observed for every rung, for a teacher to grade with.
 * See report_int.h.
 *
 * Both read the model only: the speedups, the registry signatures the
 * model checked (m->sigs) and the counters.  A rung's limiting resource
 * comes from one table of rules, the first that holds naming it, so that
 * the rubric and the conclusion cannot disagree.  The step verdicts use
 * the interval of the ratio of medians (stats.h), as `culab compare`
 * does. */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "counters/counters.h"
#include "ladder/ladder.h"
#include "base/stats.h"
#include "base/util.h"

/* Steps the conclusion names per family and type. */
#define STEPS_NAMED 3

/* ---- the limiting resource ------------------------------------------ */

enum limit_test {
	LT_BELOW,       /* column < value */
	LT_ABOVE,       /* column > value */
	LT_CEILING,     /* GB/s at least value × the ladder's ceiling's (or
			   value × 100 % of the theoretical peak without one) */
	LT_EXTRA_BYTES, /* DRAM moved over 1.25 × the bytes the kernel needs,
			   with `column` (GB/s) at least value × the
			   ceiling's GB/s */
	LT_TIME_BELOW,  /* median time under value ms */
	LT_ALWAYS,
};

struct limit_rule {
	enum limit_test test;
	const char *column;
	double value;
	/* LT_BELOW/LT_ABOVE: only when this byte column is at least a
	 * quarter of the row's DRAM traffic (store efficiency says nothing
	 * of a kernel that writes one word per block) */
	const char *share;
	enum msg name, left;        /* the resource, and what is left */
};

/* In order; the first that holds names the rung's limiting resource. */
static const struct limit_rule limit_rules[] = {
	/* one block's warps on one SM (a block holds at most half an SM's
	 * warps; 12.5 % is 256 threads): most SMs idle */
	{ LT_BELOW, "achieved_occupancy_pct", 15, NULL, M_L_SMS, M_L_SMS_LEFT },
	{ LT_ABOVE, "bank_conflicts_per_shared_ld", 1, NULL, M_L_SHARED,
	  M_L_SHARED_LEFT },
	{ LT_BELOW, "gld_efficiency_pct", 50, "dram_read_bytes", M_L_SECTORS,
	  M_L_SECTORS_LEFT },
	{ LT_BELOW, "gst_efficiency_pct", 50, "dram_write_bytes", M_L_SECTORS,
	  M_L_SECTORS_LEFT },
	{ LT_CEILING, NULL, 0.85, NULL, M_L_DRAM, M_L_DRAM_LEFT },
	/* DRAM busy with more bytes than the kernel needs (global folds) */
	{ LT_EXTRA_BYTES, "dram_gbps", 0.3, NULL, M_L_TRAFFIC,
	  M_L_TRAFFIC_LEFT },
	{ LT_TIME_BELOW, NULL, 0.01, NULL, M_L_LAUNCH, M_L_LAUNCH_LEFT },
	{ LT_ALWAYS, NULL, 0, NULL, M_L_ISSUE, M_L_ISSUE_LEFT },
};

static bool limit_holds(const struct limit_rule *r, const struct ladder *l,
			const struct item *it)
{
	double v = r->column ? row_column(it->row, r->column) : NAN;
	double traffic = row_column(it->row, "dram_read_bytes") +
			 row_column(it->row, "dram_write_bytes");
	double ceil = l->ceiling ? l->ceiling->row->gbps : 0;

	if (r->share && !(row_column(it->row, r->share) >= 0.25 * traffic))
		return false;
	switch (r->test) {
	case LT_BELOW:
		return isfinite(v) && v < r->value;
	case LT_ABOVE:
		return isfinite(v) && v > r->value;
	case LT_EXTRA_BYTES:
		return it->row->bytes > 0 && traffic >= 1.25 * it->row->bytes &&
		       ceil > 0 && isfinite(v) && v >= r->value * ceil;
	case LT_CEILING:
		if (l->ceiling && l->ceiling->row->gbps > 0)
			return it->row->gbps >= r->value * l->ceiling->row->gbps;
		return it->row->pct_peak >= 100 * r->value;
	case LT_TIME_BELOW:
		return item_ms(it) < r->value;
	case LT_ALWAYS:
		return true;
	}
	return false;
}

/* The rule that names item it's limiting resource (never NULL). */
static const struct limit_rule *limit_of(const struct ladder *l,
					 const struct item *it)
{
	size_t i;

	for (i = 0; i + 1 < ARRAY_SIZE(limit_rules); i++)
		if (limit_holds(&limit_rules[i], l, it))
			break;
	return &limit_rules[i];
}

/* ---- helpers ----------------------------------------------------------- */

static bool is_teaching(const struct item *it)
{
	return it && it->v && it->v->teaching;
}

/* The rung a step is judged against: its previous rung, or, after a
 * teaching rung, the last rung before the teaching ones (a teaching rung
 * is on the ladder to show a mistake; leaving it gains nothing real). */
static const struct item *step_base(const struct item *const *rungs,
				    size_t k)
{
	while (k > 0 && is_teaching(rungs[k - 1]))
		k--;
	return k > 0 ? rungs[k - 1] : NULL;
}

/* The interval verdict of step base -> it, as `culab compare` reads a
 * pair; the ratio (new / base) and its interval in *ratio, *lo, *hi. */
static enum stats_verdict step_verdict(const struct item *base,
				       const struct item *it, double *ratio,
				       double *lo, double *hi)
{
	const struct timing *a = &base->row->t, *b = &it->row->t;
	double x, xlo, xhi;
	enum stats_verdict v;

	*ratio = *lo = *hi = NAN;
	if (a->nsamples < COMPARE_MIN_SAMPLES || b->nsamples < COMPARE_MIN_SAMPLES)
		return SV_UNKNOWN;
	/* the model's interval of the step when it is this step (the
	 * ladder table shows the same); else the same bootstrap now */
	if (it->prev == base && isfinite(it->step_lo) && isfinite(it->step_hi)) {
		x = it->step_x;
		xlo = it->step_lo;
		xhi = it->step_hi;
		v = it->step_verdict;
	} else {
		v = ratio_judge(base, it, &x, &xlo, &xhi);
		if (!isfinite(xlo) || !isfinite(xhi))
			return SV_UNKNOWN;
	}
	/* speedups (base / it) turned into time ratios (it / base) */
	*ratio = 1 / x;
	*lo = 1 / xhi;
	*hi = 1 / xlo;
	return v;
}

/* Whether column col of a faster step moved the wrong way: a direction
 * column against its `better`, or a column read with an efficiency whose
 * efficiency dropped beyond its noise.  Such a change is the step's
 * price (the strided rung's bank conflicts), not why it is faster. */
static bool got_worse(const char *col, const struct item *base,
		      const struct item *it)
{
	const struct metric_column_def *d = column_def(col, NULL);
	double a = row_column(base->row, col), v = row_column(it->row, col);

	if (!d)
		return false;
	if (d->reading == READ_WITH && d->with) {
		const struct metric_column_def *w = column_def(d->with, NULL);
		double wa = row_column(base->row, d->with);
		double wv = row_column(it->row, d->with);

		return w && w->better &&
		       counter_moved(d->with, wa, wv, base->row, it->row) &&
		       (wv - wa) * w->better < 0;
	}
	return d->reading == READ_DIRECTION && d->better &&
	       (v - a) * d->better < 0;
}

/* The signature columns of item it that moved beyond their noise from
 * base, "name a → b", "; "-separated, at most two; none that got
 * worse (got_worse). */
static void moved_signature(struct sbuf *b, enum lang L,
			    const struct item *base, const struct item *it)
{
	size_t shown = 0;

	for (size_t k = 0; it->v && k < VARIANT_MAX_EXPECT &&
			   it->v->expect[k].column && shown < 2; k++) {
		const char *col = it->v->expect[k].column;
		double a = row_column(base->row, col), v = row_column(it->row, col);
		bool dup = false;

		for (size_t j = 0; j < k; j++)
			dup |= !strcmp(it->v->expect[j].column, col);
		if (dup || !counter_moved(col, a, v, base->row, it->row) ||
		    got_worse(col, base, it))
			continue;
		if (shown++)
			sbuf_add(b, say_text(L, M_LIST_SEP));
		md_text(b, col);
		sbuf_addf(b, " %s → %s", CTR(col, a), CTR(col, v));
	}
}

/* The largest change beyond its noise of a column that can explain a
 * step (not a restatement of the time, not a raw count, not a column
 * without a direction, not one that got worse), "name a → b". */
static void largest_change(struct sbuf *b, const struct ladder *l,
			   const struct item *base, const struct item *it)
{
	const char *best = NULL;
	double best_rel = 0;

	for (size_t k = 0; k < l->ncols; k++) {
		const char *col = l->cols[k];
		const struct metric_column_def *d = column_def(col, NULL);
		double a = row_column(base->row, col), v = row_column(it->row, col);
		double rel = metrics_change_pct(a, v);

		if (!d || d->reading == READ_TIME || d->reading == READ_NEVER ||
		    d->reading == READ_NEUTRAL ||
		    !counter_moved(col, a, v, base->row, it->row) ||
		    got_worse(col, base, it) ||
		    rel < METRICS_CHANGE_PCT || rel <= best_rel)
			continue;
		best = col;
		best_rel = rel;
	}
	if (!best)
		return;
	md_text(b, best);
	sbuf_addf(b, " %s → %s", CTR(best, row_column(base->row, best)),
		  CTR(best, row_column(it->row, best)));
}

/* ---- the conclusion ----------------------------------------------------- */

struct ranked {
	const struct item *base, *it;
	double x;                   /* base time / it's time */
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *p = a, *q = b;

	return p->x > q->x ? -1 : p->x < q->x;
}

static void conclusion_group(const struct model *m, const struct group *g,
			     enum lang L, struct sbuf *b)
{
	const struct ladder *l = g->top;
	const struct item **rungs;
	struct ranked *steps;
	size_t nrungs, nsteps = 0;
	struct sbuf list = SBUF_INIT, head = SBUF_INIT;
	struct pool p = { .n = 0 };
	const struct limit_rule *lim;

	(void)m;
	if (!l || ladder_ok_rungs(l) < 2 || !l->best)
		return;
	rungs = xcalloc(l->nitems, sizeof(*rungs));
	steps = xcalloc(l->nitems, sizeof(*steps));
	nrungs = ladder_rungs(l, rungs);
	for (size_t k = 1; k < nrungs; k++) {
		const struct item *base = step_base(rungs, k);

		if (!base || is_teaching(rungs[k]) || !rungs[k]->ok || !base->ok)
			continue;
		steps[nsteps++] = (struct ranked){ base, rungs[k],
						   item_ms(base) /
						   item_ms(rungs[k]) };
	}
	qsort(steps, nsteps, sizeof(*steps), ranked_cmp);
	for (size_t k = 0; k < nsteps && k < STEPS_NAMED && steps[k].x > 1; k++) {
		struct sbuf ctr = SBUF_INIT;

		moved_signature(&ctr, L, steps[k].base, steps[k].it);
		if (!ctr.len && !steps[k].base->row->counters_status &&
		    !steps[k].it->row->counters_status)
			largest_change(&ctr, l, steps[k].base, steps[k].it);
		if (list.len)
			sbuf_add(&list, say_text(L, M_LIST_SEP));
		SAY(&list, L, ctr.len ? M_C_STEP_CTRS : M_C_STEP,
		    role_text(&p, L, steps[k].base), role_text(&p, L, steps[k].it),
		    pool_md(&p, steps[k].it->row->variant),
		    TIMES(steps[k].x), sbuf_str(&ctr));
		sbuf_release(&ctr);
		pool_release(&p);
	}
	ladder_heading(&head, L, M_F_HEAD, l);
	SAY(b, L, M_C_HEAD, sbuf_str(&head));
	if (list.len)
		SAY(b, L, M_C_STEPS, sbuf_str(&list));
	if (l->ceiling && l->ceiling->row->gbps > 0)
		SAY(b, L, M_C_GAP, role_text(&p, L, l->best),
		    pool_md(&p, l->best->row->variant),
		    PCT(100 * l->best->row->gbps / l->ceiling->row->gbps),
		    pool_md(&p, l->ceiling->row->variant),
		    PCT(l->best->row->pct_peak));
	else if (l->best->row->pct_peak > 0)
		SAY(b, L, M_C_GAP_PEAK, role_text(&p, L, l->best),
		    pool_md(&p, l->best->row->variant),
		    PCT(l->best->row->pct_peak));
	pool_release(&p);
	lim = limit_of(l, l->best);
	SAY(b, L, M_C_LEFT, say_text(L, lim->name), say_text(L, lim->left));
	sbuf_addc(b, '\n');
	sbuf_release(&list);
	sbuf_release(&head);
	free(steps);
	free(rungs);
}

void blk_conclusion(const struct model *m, enum lang L, struct sbuf *b)
{
	for (size_t i = 0; i < m->ngroups; i++)
		conclusion_group(m, &m->groups[i], L, b);
	block_trim(b);
}

/* ---- the rubric ------------------------------------------------------- */

/* "2 of 2 met", "1 of 2 met (not met: col)", or why there is none. */
static void rubric_checks(struct sbuf *b, enum lang L, const struct model *m,
			  const struct item *it)
{
	size_t row = (size_t)(it->row - m->r->rows), n = 0, met = 0;
	struct sbuf failed = SBUF_INIT;
	char nn[16], mm[16];

	for (size_t k = 0; k < m->nsigs; k++) {
		const struct sig_check *c = &m->sigs[k];

		if (c->row != row || c->verdict == SIG_MISSING)
			continue;
		n++;
		if (c->verdict == SIG_PASS) {
			met++;
		} else {
			if (failed.len)
				sbuf_add(&failed, ", ");
			md_text(&failed, c->x->column);
		}
	}
	snprintf(nn, sizeof(nn), "%zu", n);
	snprintf(mm, sizeof(mm), "%zu", met);
	if (n && failed.len)
		SAY(b, L, M_RB_SIG_SOME, mm, nn, sbuf_str(&failed));
	else if (n)
		SAY(b, L, M_RB_SIG_ALL, mm, nn);
	else if (!it->v || !it->v->expect[0].column)
		sbuf_add(b, say_text(L, M_RB_SIG_NONE));
	else if (!str_eq(it->row->dtype, "float"))
		sbuf_add(b, say_text(L, M_RB_SIG_FLOAT));
	else
		sbuf_add(b, say_text(L, M_RB_SIG_NONE));
	sbuf_release(&failed);
}

#define RUBRIC_COLS 7

static void rubric_ladder(const struct model *m, const struct ladder *l,
			  enum lang L, struct sbuf *b)
{
	static const bool right[RUBRIC_COLS] = { false, false, false, true,
						 false, false, false };
	const char *head[RUBRIC_COLS] = {
		say_text(L, M_COL_RUNG), say_text(L, M_COL_VARIANT),
		say_text(L, M_RB_COL_HYP), say_text(L, M_RB_COL_OBS),
		say_text(L, M_RB_COL_SPEED), say_text(L, M_RB_COL_SIG),
		say_text(L, M_RB_COL_LIMIT),
	};
	const struct item **rungs = xcalloc(l->nitems, sizeof(*rungs));
	size_t nrungs = ladder_rungs(l, rungs);

	sbuf_add(b, "### ");
	ladder_heading(b, L, M_F_HEAD, l);
	sbuf_add(b, "\n\n");
	table_row(b, head, RUBRIC_COLS);
	table_rule(b, right, RUBRIC_COLS);
	for (size_t k = 0; k < nrungs; k++) {
		const struct item *it = rungs[k];
		const struct item *base = is_teaching(it) ?
			(k ? rungs[k - 1] : NULL) : step_base(rungs, k);
		struct sbuf hyp = SBUF_INIT, obs = SBUF_INIT, spd = SBUF_INIT,
			    sig = SBUF_INIT;
		struct pool p = { .n = 0 };
		const char *cells[RUBRIC_COLS];

		if (!base) {
			sbuf_add(&hyp, say_text(L, M_RB_H_FIRST));
			sbuf_add(&obs, "—");
			sbuf_add(&spd, "—");
		} else {
			double ratio, lo, hi;
			enum stats_verdict v = step_verdict(base, it, &ratio,
							    &lo, &hi);
			bool teach = is_teaching(it);

			SAY(&hyp, L, teach ? M_RB_H_TEACH : M_RB_H_FASTER,
			    role_text(&p, L, base));
			if (isfinite(lo) && ratio >= 1.005)
				/* slower: "245× slower", never "0.00×" */
				SAY(&obs, L, M_RB_OBS_SLOWER, TIMES(ratio),
				    FMT(lo, 3), FMT(hi, 3));
			else if (isfinite(lo))
				SAY(&obs, L, M_RB_OBS, TIMES(1 / ratio),
				    FMT(1 / hi, 3), FMT(1 / lo, 3));
			else
				sbuf_add(&obs, TIMES(item_ms(base) / item_ms(it)));
			if (teach)
				sbuf_add(&spd, say_text(L, v == SV_SLOWER ||
					 (it->v->flags & VF_UNSAFE) ?
					 M_RB_MET : M_RB_NOT_MET));
			else
				sbuf_add(&spd, say_text(L, v == SV_FASTER ?
					 M_RB_MET : v == SV_SAME ? M_RB_SAME :
					 v == SV_SLOWER ? M_RB_NOT_MET :
					 M_RB_UNKNOWN));
		}
		rubric_checks(&sig, L, m, it);
		cells[0] = role_text(&p, L, it);
		cells[1] = pool_md(&p, it->row->variant);
		cells[2] = sbuf_str(&hyp);
		cells[3] = sbuf_str(&obs);
		cells[4] = sbuf_str(&spd);
		cells[5] = sbuf_str(&sig);
		cells[6] = say_text(L, limit_of(l, it)->name);
		table_row(b, cells, RUBRIC_COLS);
		sbuf_release(&hyp);
		sbuf_release(&obs);
		sbuf_release(&spd);
		sbuf_release(&sig);
		pool_release(&p);
	}
	sbuf_addc(b, '\n');
	free(rungs);
}

void blk_rubric(const struct model *m, enum lang L, struct sbuf *b)
{
	bool any = false;

	for (size_t i = 0; i < m->ngroups; i++) {
		const struct ladder *l = m->groups[i].top;

		if (!l || ladder_ok_rungs(l) < 2)
			continue;
		if (!any)
			sbuf_add(b, say_text(L, M_RB_INTRO));
		sbuf_add(b, "\n\n");
		any = true;
		rubric_ladder(m, l, L, b);
	}
	block_trim(b);
}
