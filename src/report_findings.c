/* report_findings.c - the findings: per family and type, at the largest
 * size, each step's speedup tied to the counters that changed and to the
 * checks of its expected signature; then the ladder's overall speedup,
 * and how it compares with the theoretical peak, the copy ceiling and the
 * library baselines.  See report_int.h.
 *
 * A step is explained by the counters it was meant to change: those named
 * in either rung's signature come first, and changes that mean nothing
 * or are noise (metrics.h's rule, which `culab compare` shares) are left
 * out, so that a finding says what the numbers support. */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "registry.h"
#include "results.h"
#include "signature.h"
#include "util.h"

/* Counter changes named per step in findings. */
#define COUNTER_CHANGES_SHOWN 3

struct change {
	const char *col;
	double a, b, rel;
	bool sig;               /* named by either rung's registry checks */
};

/* Signature columns first, then by size of the change. */
static int change_cmp(const void *x, const void *y)
{
	const struct change *p = x, *q = y;

	if (p->sig != q->sig)
		return p->sig ? -1 : 1;
	return p->rel > q->rel ? -1 : p->rel < q->rel;
}

/* Whether variant v (NULL: none) has a registry check on column `col`:
 * a counter its expected signature is stated in. */
static bool column_in_signature(const struct variant *v, const char *col)
{
	for (size_t k = 0; v && k < VARIANT_MAX_EXPECT && v->expect[k].column; k++)
		if (!strcmp(v->expect[k].column, col))
			return true;
	return false;
}

/* The counters that changed most between two rows, as "name a → b";
 * those either rung's signature is stated in come first, so a step is
 * explained by the counters it was meant to change. */
static void finding_counters(struct sbuf *b, enum lang L,
			     const struct ladder *l, const struct item *from,
			     const struct item *to)
{
	struct change *ch;
	size_t n = 0;
	struct sbuf list = SBUF_INIT;
	char pct[16];
	const struct variant *vf = from->v, *vt = to->v;

	if (!l->ncols || from->row->counters_status || to->row->counters_status)
		return;
	ch = xcalloc(l->ncols, sizeof(*ch));
	for (size_t k = 0; k < l->ncols; k++) {
		double a = row_column(from->row, l->cols[k]);
		double v = row_column(to->row, l->cols[k]);
		double rel = metrics_change_pct(a, v);

		/* absent columns read as NAN and are skipped with n/a ones */
		if (!isfinite(rel) ||
		    !metrics_change_meaningful(l->cols[k], a, v))
			continue;
		ch[n++] = (struct change){ l->cols[k], a, v, rel,
					   column_in_signature(vf, l->cols[k]) ||
					   column_in_signature(vt, l->cols[k]) };
	}
	qsort(ch, n, sizeof(*ch), change_cmp);
	for (size_t k = 0, shown = 0; k < n && shown < COUNTER_CHANGES_SHOWN; k++) {
		const struct metric_column_def *d = column_def(ch[k].col, NULL);

		if (ch[k].rel < METRICS_CHANGE_PCT)
			continue;
		if (shown++)
			sbuf_add(&list, say_text(L, M_LIST_SEP));
		md_text(&list, ch[k].col);
		sbuf_addf(&list, " %s → %s", CTR(ch[k].col, ch[k].a),
			  CTR(ch[k].col, ch[k].b));
		if (d && d->better)
			sbuf_add(&list, say_text(L, (d->better < 0) ==
						 (ch[k].b < ch[k].a) ?
						 M_F_BETTER : M_F_WORSE));
	}
	snprintf(pct, sizeof(pct), "%.0f", METRICS_CHANGE_PCT);
	if (list.len)
		SAY(b, L, M_F_CTRS, sbuf_str(&list));
	else if (n)
		SAY(b, L, M_F_CTRS_SAME, pct);
	sbuf_release(&list);
	free(ch);
}

/* The registry's machine-checkable signature of `it`, as checked by
 * signature.c (float rows only: signatures are stated for float data). */
static void finding_checks(struct sbuf *b, enum lang L, const struct model *m,
			   const struct item *it)
{
	struct sbuf list = SBUF_INIT;
	struct pool p = { .n = 0 };
	size_t row = (size_t)(it->row - m->r->rows);

	if (!it->v)
		return;
	if (it->v->signature) {
		SAY(b, L, M_F_SIGNATURE, pool_md(&p, signature_text(it->v, L)));
		pool_release(&p);
	}
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

static void finding_step(struct sbuf *b, enum lang L, const struct model *m,
			 const struct ladder *l, const struct item *it)
{
	const struct item *prev = it->prev;
	double a = item_ms(prev), c = item_ms(it);
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
		SAY(&verdict, L, M_F_SLOWER, TIMES(1 / it->step_x), FMT(a, 4),
		    FMT(c, 4));
	SAY(b, L, M_F_STEP, role_text(&p, L, prev), role_text(&p, L, it),
	    pool_md(&p, prev->row->variant), pool_md(&p, it->row->variant),
	    sbuf_str(&verdict));
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
