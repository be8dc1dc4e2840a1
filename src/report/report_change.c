/* report_change.c - how a change is told: a step's change of time as the
 * runs resolve it, the best earlier rung a step must beat, the spread of
 * the medians between two runs, and why a rung may pass its ceiling.
 * See report_int.h. */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "base/stats.h"
#include "base/util.h"

/* ---- the change of a step, run to run, above the ceiling ------------- */

/* "+1.1 %" for a speedup x: the change of speed in percent, two
 * significant digits. */
static const char *speed_pct(char *buf, size_t size, double x)
{
	double p = 100 * (x - 1);

	snprintf(buf, size, "%s%s %%", p >= 0 ? "+" : "−",
		 fmt_sig((char[FMT_SIZE]){ 0 }, FMT_SIZE, fabs(p), 2));
	return buf;
}

void step_change(struct sbuf *b, enum lang L, const struct item *from,
		 const struct item *to)
{
	double x, lo, hi, a = item_ms(from), c = item_ms(to);
	enum stats_verdict v = step_judge(from, to, &x, &lo, &hi);
	char t[16], p[FMT_SIZE], pl[FMT_SIZE], ph[FMT_SIZE];

	snprintf(t, sizeof(t), "%g", SPEEDUP_SAME_PCT);
	if (v == SV_FASTER)
		SAY(b, L, M_F_FASTER, TIMES(x), FMT(a, 3), FMT(c, 3));
	else if (v == SV_SLOWER)
		SAY(b, L, is_teaching(to) ? M_F_TEACH_SLOWER : M_F_SLOWER,
		    TIMES(1 / x), FMT(a, 3), FMT(c, 3));
	else if (!isfinite(lo))
		SAY(b, L, M_W_NO_CI, speed_pct(p, sizeof(p), x), FMT(a, 3),
		    FMT(c, 3), t);
	else if (v == SV_SAME && (lo > 1 || hi < 1))
		SAY(b, L, M_W_BELOW, speed_pct(p, sizeof(p), x), FMT(a, 3),
		    FMT(c, 3), speed_pct(pl, sizeof(pl), lo),
		    speed_pct(ph, sizeof(ph), hi), t);
	else
		SAY(b, L, v == SV_SAME ? M_W_NONE : M_W_UNRESOLVED,
		    speed_pct(p, sizeof(p), x), FMT(a, 3), FMT(c, 3),
		    speed_pct(pl, sizeof(pl), lo),
		    speed_pct(ph, sizeof(ph), hi), t);
}

const struct item *best_earlier(const struct ladder *l, const struct item *it)
{
	const struct item *best = NULL;

	for (size_t i = 0; i < l->nitems; i++) {
		const struct item *r = l->items[i];

		if (r->role == ROLE_RUNG && r->ok && !is_teaching(r) &&
		    r->row->step < it->row->step && faster(r, best))
			best = r;
	}
	return best;
}

struct mattered {
	const struct item *from, *to;
	double x;
};

static int mattered_cmp(const void *a, const void *b)
{
	const struct mattered *p = a, *q = b;

	return p->x > q->x ? -1 : p->x < q->x;
}

size_t steps_that_mattered(const struct ladder *l, const struct item **from,
			   const struct item **to, double *x, size_t max)
{
	const struct item **rungs = xcalloc(l->nitems + 1, sizeof(*rungs));
	struct mattered *s = xcalloc(l->nitems + 1, sizeof(*s));
	size_t nrungs = ladder_rungs(l, rungs), n = 0;

	for (size_t k = 1; k < nrungs; k++) {
		const struct item *it = rungs[k], *base = best_earlier(l, it);
		double r, lo, hi;

		if (!base || is_teaching(it) ||
		    step_judge(base, it, &r, &lo, &hi) != SV_FASTER)
			continue;
		s[n++] = (struct mattered){ base, it, r };
	}
	qsort(s, n, sizeof(*s), mattered_cmp);
	if (n > max)
		n = max;
	for (size_t i = 0; i < n; i++) {
		if (from)
			from[i] = s[i].from;
		to[i] = s[i].to;
		if (x)
			x[i] = s[i].x;
	}
	free(s);
	free(rungs);
	return n;
}

/* The spread of the medians between the baseline and this run:
 * *med and *max |change| in percent, the row of the largest, how many
 * pairs and how many of this run's intervals miss the baseline's median.
 * False when there is no such run of the same GPU model. */
static bool spread_of(const struct model *m, double *med, double *max,
		      const struct result_row **at, size_t *n, size_t *out)
{
	const struct compare *c = m->cmp;
	double *d;

	*n = *out = 0;
	*at = NULL;
	*max = 0;
	if (!c || c->cross_gpu || !c->npairs)
		return false;
	d = xcalloc(c->npairs, sizeof(*d));
	for (size_t i = 0; i < c->npairs; i++) {
		const struct compare_pair *p = &c->pairs[i];
		const struct timing *t;

		if (!isfinite(p->base_ms) || !isfinite(p->cur_ms) ||
		    p->base_ms <= 0 || p->cur_ms <= 0 ||
		    p->base->status != ROW_OK || p->cur->status != ROW_OK ||
		    str_eq(p->cur->timer, "host-clock"))
			continue;
		d[*n] = 100 * fabs(p->cur_ms / p->base_ms - 1);
		if (d[*n] > *max) {
			*max = d[*n];
			*at = p->cur;
		}
		t = &p->cur->t;
		if (has_interval(t) && (p->base_ms < t->median_lo_ms ||
					p->base_ms > t->median_hi_ms))
			(*out)++;
		(*n)++;
	}
	if (*n) {
		struct sample_stats st;

		stats_summarize(d, *n, &st);
		*med = st.median;
	}
	free(d);
	return *n > 0;
}

void run_spread(struct sbuf *b, enum lang L, const struct model *m)
{
	double med, max;
	const struct result_row *at;
	size_t n, out;
	char nn[24], oo[24], mm[FMT_SIZE], xx[FMT_SIZE], cs[FMT_SIZE];
	struct sbuf where = SBUF_INIT;

	if (!spread_of(m, &med, &max, &at, &n, &out))
		return;
	snprintf(nn, sizeof(nn), "%zu", n);
	snprintf(oo, sizeof(oo), "%zu", out);
	md_text(&where, at->variant);
	sbuf_addf(&where, " %s %s", S(at->dtype),
		  compare_size_text(at, cs, sizeof(cs)));
	SAY(b, L, M_W_SPREAD, nn, fmt_sig(mm, sizeof(mm), med, 2),
	    fmt_sig(xx, sizeof(xx), max, 2), sbuf_str(&where), oo);
	sbuf_release(&where);
}

void above_ceiling(struct sbuf *b, enum lang L, const struct model *m,
		   const struct ladder *l, const struct item *it)
{
	double med, max;
	const struct result_row *at;
	size_t n, out;
	struct sbuf tail = SBUF_INIT;
	char x[FMT_SIZE];

	if (!l->ceiling || !(l->ceiling->row->gbps > 0) ||
	    !(it->row->gbps > l->ceiling->row->gbps))
		return;
	if (spread_of(m, &med, &max, &at, &n, &out))
		SAY(&tail, L, M_W_ABOVE_SPREAD, fmt_sig(x, sizeof(x), max, 2));
	SAY(b, L, M_W_ABOVE, PCT(100 * (it->row->gbps / l->ceiling->row->gbps - 1)),
	    sbuf_str(&tail));
	sbuf_release(&tail);
}
