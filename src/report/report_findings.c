/* report_findings.c - the findings: per family and type, at the largest
 * size, each step's speedup tied to the counters its signature is stated
 * in and to the checks of that signature; then the ladder's overall
 * speedup, and how it compares with the theoretical peak, the copy
 * ceiling and the library baselines.  See report_int.h.
 *
 * A step is explained by the counters it was meant to change: every
 * column either rung's signature names comes first, with its change read
 * as counters.h's table says (in context: sectors per request with the
 * efficiency, shared bytes per access without a direction, throughput
 * never as a cause) and called "within its noise" when the change is no
 * larger than the column's measured run-to-run noise; then at most one
 * other change, the largest beyond its noise.  Nothing inside the noise
 * is called better or worse.  A teaching rung (the registry's `teaching`
 * text) says why it is on the ladder and what proves it, instead of
 * "did not help". */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters/counters.h"
#include "ladder/ladder.h"
#include "run/run.h"
#include "compare/compare.h"
#include "base/util.h"

/* Whether variant v (NULL: none) has a registry check on column `col`:
 * a counter its expected signature is stated in. */
static bool column_in_signature(const struct variant *v, const char *col)
{
	for (size_t k = 0; v && k < VARIANT_MAX_EXPECT && v->expect[k].column; k++)
		if (!strcmp(v->expect[k].column, col))
			return true;
	return false;
}

static bool moved(const char *col, double a, double b,
		  const struct result_row *ra, const struct result_row *rb)
{
	return counter_moved(col, a, b, ra, rb);
}

/* How the change of column `col` from a to b (rows ra, rb) reads, as a
 * parenthesis after "a → b": nothing when it has no direction and no
 * reading worth repeating. */
static void change_reading(struct sbuf *b, enum lang L, const char *col,
			   double a, double v, const struct result_row *ra,
			   const struct result_row *rb)
{
	const struct metric_column_def *d = column_def(col, NULL);

	if (!moved(col, a, v, ra, rb)) {
		sbuf_add(b, say_text(L, M_F_IN_NOISE));
		return;
	}
	if (!d)
		return;
	switch (d->reading) {
	case READ_DIRECTION:
		if (d->better)
			sbuf_add(b, say_text(L, (d->better < 0) == (v < a) ?
					     M_F_BETTER : M_F_WORSE));
		break;
	case READ_WITH: {
		double ea = row_column(ra, d->with), eb = row_column(rb, d->with);
		const struct metric_column_def *e = column_def(d->with, NULL);

		if (isfinite(ea) && isfinite(eb) &&
		    !metrics_change_beyond_noise(d->with, ea, eb))
			sbuf_add(b, say_text(L, v > a ? M_F_WIDER : M_F_NARROWER));
		else if (e && e->better && isfinite(ea) && isfinite(eb))
			/* the efficiency moved: it says whether bytes are
			 * wasted, and the sectors follow it */
			sbuf_add(b, say_text(L, (e->better < 0) == (eb < ea) ?
					     M_F_BETTER : M_F_WORSE));
		break;
	}
	case READ_NEUTRAL:
		sbuf_add(b, say_text(L, M_F_NEUTRAL));
		break;
	case READ_TIME:
	case READ_NEVER:
		break;
	}
}

/* "name a → b (reading)" into list, "; "-separated. */
static void change_item(struct sbuf *list, enum lang L, const char *col,
			double a, double v, const struct result_row *ra,
			const struct result_row *rb)
{
	if (list->len)
		sbuf_add(list, say_text(L, M_LIST_SEP));
	md_text(list, col);
	sbuf_addf(list, " %s → %s", CTR(col, a), CTR(col, v));
	change_reading(list, L, col, a, v, ra, rb);
}

/* Whether column `col` can be named in a finding at all: a column the
 * table reads (not a restatement of the time, not a raw count or the
 * clock). */
static bool column_readable(const char *col)
{
	const struct metric_column_def *d = column_def(col, NULL);

	return !d || (d->reading != READ_TIME && d->reading != READ_NEVER);
}

/* The counters of a step: first the columns one rung's signature is
 * stated in and the other's not (what the step changes), and those of
 * both that moved beyond their noise, read as the table says; then at most one other change, the
 * largest relative change beyond its column's measured noise (and
 * beyond METRICS_CHANGE_PCT). */
static void finding_counters(struct sbuf *b, enum lang L,
			     const struct ladder *l, const struct item *from,
			     const struct item *to)
{
	struct sbuf sig = SBUF_INIT, other = SBUF_INIT;
	const struct variant *vf = from->v, *vt = to->v;
	const struct result_row *ra = from->row, *rb = to->row;
	/* per column: 1 named with the signature, 2 a moved signature
	 * column (its alias's other columns that moved join it) */
	unsigned char *named;
	const char *best = NULL;
	double best_rel = 0;

	if (!l->ncols || ra->counters_status || rb->counters_status)
		return;
	named = xcalloc(l->ncols, 1);
	for (size_t k = 0; k < l->ncols; k++) {
		const char *col = l->cols[k];
		double a = row_column(ra, col), v = row_column(rb, col);
		bool in_f = column_in_signature(vf, col);
		bool in_t = column_in_signature(vt, col);
		bool mv = moved(col, a, v, ra, rb);

		if (!isfinite(a) || !isfinite(v) || !column_readable(col))
			continue;
		/* a column of one signature only is what the step changes:
		 * named even unchanged; one of both is a condition the step
		 * keeps: named only when it moved beyond its noise */
		if (in_f != in_t || (in_f && mv))
			named[k] = mv ? 2 : 1;
		else if (in_f)
			named[k] = 3;   /* kept and unchanged: not named */
	}
	/* the same quantity on the other side (reads and writes, loads and
	 * stores: a column of the same alias and unit) belongs to the
	 * signature's change when it moved too: DRAM reads and writes */
	for (size_t k = 0; k < l->ncols; k++) {
		const struct metric_alias *ak = NULL;
		const struct metric_column_def *dk;

		if (named[k] || !column_readable(l->cols[k]) ||
		    !moved(l->cols[k], row_column(ra, l->cols[k]),
			   row_column(rb, l->cols[k]), ra, rb) ||
		    !(dk = column_def(l->cols[k], &ak)))
			continue;
		for (size_t j = 0; j < l->ncols && !named[k]; j++) {
			const struct metric_alias *aj = NULL;
			const struct metric_column_def *dj;

			if (named[j] == 2 &&
			    (dj = column_def(l->cols[j], &aj)) && aj == ak &&
			    str_eq(dj->unit, dk->unit))
				named[k] = 1;
		}
	}
	for (size_t k = 0; k < l->ncols; k++) {
		const char *col = l->cols[k];
		double a = row_column(ra, col), v = row_column(rb, col);
		double scale = counter_change_scale(col, ra, rb);
		double rel = scale > 0 ? 100 * fabs(v - a) / scale :
			     metrics_change_pct(a, v);

		if (named[k] == 1 || named[k] == 2) {
			change_item(&sig, L, col, a, v, ra, rb);
			continue;
		}
		if (named[k] || !isfinite(rel) || rel < METRICS_CHANGE_PCT ||
		    !column_readable(col) || !moved(col, a, v, ra, rb))
			continue;
		if (!best || rel > best_rel) {
			best = col;
			best_rel = rel;
		}
	}
	if (best)
		change_item(&other, L, best, row_column(ra, best),
			    row_column(rb, best), ra, rb);
	if (sig.len)
		SAY(b, L, M_F_SIG_CTRS, sbuf_str(&sig));
	if (other.len)
		SAY(b, L, M_F_OTHER, sbuf_str(&other));
	else
		sbuf_add(b, say_text(L, sig.len ? M_F_NO_OTHER : M_F_NO_CHANGE));
	sbuf_release(&sig);
	sbuf_release(&other);
	free(named);
}

void teaching_text(struct sbuf *b, enum lang L, const struct model *m,
		   const struct item *it)
{
	const char *t = it->v ? (L == ZH && it->v->teaching_zh &&
				 *it->v->teaching_zh ? it->v->teaching_zh :
				 it->v->teaching) : NULL;
	const struct environment *env = results_row_device(m->r, it->row);
	char sms[16];
	struct sbuf raw = SBUF_INIT;

	if (!t)
		return;
	if (env && env->sm_count > 0)
		snprintf(sms, sizeof(sms), "%d", env->sm_count);
	else
		snprintf(sms, sizeof(sms), "%s", say_text(L, M_F_SMS_UNKNOWN));
	for (const char *p = t; *p; p++) {
		if (!strncmp(p, "{sms}", 5)) {
			sbuf_add(&raw, sms);
			p += 4;
		} else {
			sbuf_addc(&raw, *p);
		}
	}
	md_text(b, sbuf_str(&raw));
	sbuf_release(&raw);
}

/* The registry's machine-checkable signature of `it`, as checked by
 * signature.c (float rows only: signatures are stated for float data).
 * The signature's prose is in the steps section; here only this run's
 * checks. */
static void finding_checks(struct sbuf *b, enum lang L, const struct model *m,
			   const struct item *it)
{
	struct sbuf list = SBUF_INIT;
	struct pool p = { .n = 0 };
	size_t row = (size_t)(it->row - m->r->rows);

	if (!it->v)
		return;
	for (size_t k = 0; k < m->nsigs; k++) {
		const struct sig_check *c = &m->sigs[k];
		char *rhs;

		if (c->row != row)
			continue;
		if (c->x->than)
			rhs = xasprintf("%s × %s = %s", FMT(c->x->value, 3),
					c->x->than, FMT(c->bound, 3));
		else
			rhs = xstrdup(FMT(c->x->value, 3));
		if (list.len)
			sbuf_add(&list, say_text(L, M_LIST_SEP));
		if (c->verdict == SIG_MISSING)
			SAY(&list, L, M_F_UNCHECKED, pool_md(&p, c->x->column),
			    pool_md(&p, c->x->op), pool_md(&p, rhs),
			    pool_md(&p, c->x->column));
		else
			SAY(&list, L, c->verdict == SIG_PASS ? M_F_MET :
				      M_F_NOT_MET, pool_md(&p, c->x->column),
			    pool_md(&p, c->x->op), pool_md(&p, rhs),
			    CTR(c->x->column, c->value));
		free(rhs);
		pool_release(&p);
	}
	if (list.len)
		SAY(b, L, M_F_CHECKS, sbuf_str(&list));
	sbuf_release(&list);
}

/* Why a teaching rung is on the ladder, and what compute-sanitizer said
 * of its row when it ran. */
static void finding_teaching(struct sbuf *b, enum lang L,
			     const struct model *m, const struct item *it)
{
	struct sbuf t = SBUF_INIT;

	teaching_text(&t, L, m, it);
	if (t.len)
		SAY(b, L, M_F_TEACH, sbuf_str(&t));
	if (t.len && it->row->sanitizer && *it->row->sanitizer) {
		char *san = md_dup(it->row->sanitizer);

		SAY(b, L, M_F_TEACH_SAN, san);
		free(san);
	}
	sbuf_release(&t);
}

static void finding_step(struct sbuf *b, enum lang L, const struct model *m,
			 const struct ladder *l, const struct item *it)
{
	const struct item *prev = it->prev;
	double a = item_ms(prev), c = item_ms(it);
	bool teaching = it->v && it->v->teaching;
	struct sbuf verdict = SBUF_INIT;
	struct pool p = { .n = 0 };

	/* within noise: the step's interval does not lie beyond the
	 * threshold (report_int.h, step_within_noise) */
	if (step_within_noise(it)) {
		struct sbuf x = SBUF_INIT;
		char t[16];

		times_with_interval(&x, L, it->step_x, it->step_lo,
				    it->step_hi);
		snprintf(t, sizeof(t), "%g", SPEEDUP_SAME_PCT);
		SAY(&verdict, L, M_F_SAME_CI, FMT(a, 4), FMT(c, 4),
		    sbuf_str(&x), t);
		sbuf_release(&x);
	} else if (c < a)
		SAY(&verdict, L, M_F_FASTER, TIMES(it->step_x), FMT(a, 4),
		    FMT(c, 4));
	else
		SAY(&verdict, L, teaching ? M_F_TEACH_SLOWER : M_F_SLOWER,
		    TIMES(1 / it->step_x), FMT(a, 4), FMT(c, 4));
	SAY(b, L, M_F_STEP, role_text(&p, L, prev), role_text(&p, L, it),
	    pool_md(&p, prev->row->variant), pool_md(&p, it->row->variant),
	    sbuf_str(&verdict));
	if (teaching)
		finding_teaching(b, L, m, it);
	finding_counters(b, L, l, prev, it);
	finding_checks(b, L, m, it);
	sbuf_addc(b, '\n');
	sbuf_release(&verdict);
	pool_release(&p);
}

static void findings_group(const struct model *m, const struct group *g,
			   enum lang L, struct sbuf *b)
{
	const struct ladder *l = g->top;
	const struct item **rungs;
	size_t nrungs;
	struct pool p = { .n = 0 };
	/* the peak of the GPU the ladder ran on, when models are apart */
	double peak = l && l->gpu && l->env ? l->env->peak_gbps :
		      m->r->has_env ? m->r->env.peak_gbps : 0;

	if (!l)
		return;
	sbuf_add(b, "### ");
	ladder_heading(b, L, M_F_HEAD, l);
	sbuf_add(b, "\n\n");
	rungs = xcalloc(l->nitems, sizeof(*rungs));
	nrungs = ladder_rungs(l, rungs);
	for (size_t i = 0; i < l->nitems; i++) {
		const struct item *it = l->items[i];
		bool best_of_step = false;

		if (it->role != ROLE_RUNG)
			continue;
		if (!it->ok) {
			char *why = md_dup(it->row->message ? it->row->message :
					   row_status_name(it->row->status));

			SAY(b, L, it->row->status == ROW_SKIPPED ? M_F_SKIPPED :
				  M_F_FAILED, role_text(&p, L, it),
			    pool_md(&p, it->row->variant), why);
			sbuf_addc(b, '\n');
			free(why);
			pool_release(&p);
			continue;
		}
		for (size_t k = 0; k < nrungs; k++)
			best_of_step |= rungs[k] == it;
		if (best_of_step && it->prev)
			finding_step(b, L, m, l, it);
	}
	if (nrungs < 2) {
		sbuf_add(b, say_text(L, M_F_ONE_RUNG));
		sbuf_addc(b, '\n');
	}
	if (l->first && l->best && l->best != l->first) {
		SAY(b, L, M_F_OVERALL, role_text(&p, L, l->first),
		    pool_md(&p, l->first->row->variant),
		    role_text(&p, L, l->best),
		    pool_md(&p, l->best->row->variant), TIMES(l->best->cum_x));
		sbuf_addc(b, '\n');
		pool_release(&p);
	}
	if (l->best && l->best->row->pct_peak > 0 && peak > 0) {
		SAY(b, L, M_F_PEAK, FMT(l->best->row->gbps, 4),
		    PCT(l->best->row->pct_peak), FMT(peak, 5));
		sbuf_addc(b, '\n');
	}
	if (l->best && l->ceiling && l->ceiling->row->gbps > 0) {
		SAY(b, L, M_F_CEILING,
		    PCT(100 * l->best->row->gbps / l->ceiling->row->gbps),
		    pool_md(&p, l->ceiling->row->variant),
		    FMT(l->ceiling->row->gbps, 4));
		sbuf_addc(b, '\n');
		pool_release(&p);
	}
	for (size_t i = 0; l->best && i < l->nitems; i++) {
		const struct item *it = l->items[i];

		if (it->role != ROLE_BASELINE || !it->ok)
			continue;
		SAY(b, L, M_F_BASELINE, pool_md(&p, it->row->variant),
		    FMT(item_ms(it), 4), FMT(it->row->gbps, 4),
		    PCT(100 * item_ms(it) / item_ms(l->best)));
		sbuf_addc(b, '\n');
		pool_release(&p);
	}
	if (g->small && g->small != l && g->small->best &&
	    g->small->best != g->small->first) {
		char *size = size_text(g->small->n, g->small->m,
				       g->small->matrix);

		SAY(b, L, M_F_SMALL, pool_md(&p, size),
		    role_text(&p, L, g->small->first),
		    pool_md(&p, g->small->first->row->variant),
		    role_text(&p, L, g->small->best),
		    pool_md(&p, g->small->best->row->variant),
		    TIMES(g->small->best->cum_x));
		sbuf_addc(b, '\n');
		free(size);
		pool_release(&p);
	}
	sbuf_addc(b, '\n');
	free(rungs);
}

void blk_findings(const struct model *m, enum lang L, struct sbuf *b)
{
	for (size_t i = 0; i < m->ngroups; i++)
		findings_group(m, &m->groups[i], L, b);
	block_trim(b);
}
