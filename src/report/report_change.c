/* report_change.c - how a change is told: a step's words (one number per
 * step, everywhere), its change of time as the runs resolve it, the steps
 * that mattered, the spread of the medians between two runs, and why a
 * rung may pass its ceiling.  See report_int.h.
 *
 * A step is always a rung against the rung before it in the ladder
 * (item.prev), with the verdict the model gave that pair (its interval
 * and its run-to-run floor, report_model.c), so that the body's table,
 * its "why" list, the chart, the abstract and the conclusion give one
 * step one number, one direction and one cause. */
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

/* "1.63×" into buf, as fmt_times() writes it; with `ascii` an "x" for
 * the "×" (the charts' fonts are ASCII). */
static const char *times_as(char *buf, size_t size, double x, bool ascii)
{
	char t[FMT_SIZE], *at;

	fmt_times(t, sizeof(t), x);
	at = ascii ? strstr(t, "×") : NULL;
	if (at)
		snprintf(buf, size, "%.*sx%s", (int)(at - t), t,
			 at + strlen("×"));
	else
		snprintf(buf, size, "%s", t);
	return buf;
}

void step_words(struct sbuf *b, enum lang L, const struct item *it,
		bool ascii)
{
	char t[FMT_SIZE];
	double x = it->step_x;

	if (!it->prev || !isfinite(x) || !(x > 0)) {
		sbuf_add(b, "—");
		return;
	}
	if (ascii)
		L = EN;
	/* never a ratio below 1: a slower step is "1.17× slower" */
	times_as(t, sizeof(t), x >= 1 ? x : 1 / x, ascii);
	if (it->step_verdict == SV_SAME)
		SAY(b, L, M_BX_SAME, t);
	else if (it->step_verdict == SV_UNKNOWN)
		SAY(b, L, x >= 1 ? M_BX_UNCLEAR_F : M_BX_UNCLEAR_S, t);
	else
		SAY(b, L, x >= 1 ? M_BX_FASTER : M_BX_SLOWER, t);
}

void step_change(struct sbuf *b, enum lang L, const struct item *from,
		 const struct item *to)
{
	double x, lo, hi, a = item_ms(from), c = item_ms(to);
	enum stats_verdict v = step_judge(from, to, &x, &lo, &hi);
	char t[16], p[FMT_SIZE], pl[FMT_SIZE], ph[FMT_SIZE], f[FMT_SIZE];
	double same = SPEEDUP_SAME_PCT / 100;
	struct compare_floor_pick fl;

	snprintf(t, sizeof(t), "%g", SPEEDUP_SAME_PCT);
	step_floor_of(from, to, &fl);
	if (v == SV_SAME && fl.floor > 0 && fabs(1 / x - 1) <= fl.floor &&
	    !(isfinite(lo) ? 1 / hi >= 1 - same && 1 / lo <= 1 + same :
			     fabs(1 / x - 1) <= same)) {
		/* the threshold alone would not have called it the same:
		 * the floor did */
		snprintf(f, sizeof(f), "%s",
			 fmt_sig((char[FMT_SIZE]){ 0 }, FMT_SIZE,
				 100 * fl.floor, 2));
		SAY(b, L, M_W_FLOOR, speed_pct(p, sizeof(p), x), FMT(a, 3),
		    FMT(c, 3), f);
	} else if (v == SV_FASTER)
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

/* The fastest verified rung of l with a lower step than `it` that is not
 * a teaching rung, or NULL. */
static const struct item *best_earlier(const struct ladder *l,
				       const struct item *it)
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
		const struct item *it = rungs[k], *base;
		double r, lo, hi;

		if (!it->prev || is_teaching(it) ||
		    it->step_verdict != SV_FASTER)
			continue;
		/* after a teaching rung (slower on purpose), a step counts
		 * only when it beats the fastest rung before that one beyond
		 * the noise, and by more than the teaching rung's slowdown
		 * it undoes (r * r >= step_x: most of the step, in log
		 * terms, is gain): transpose rung 7, 1.74× against the
		 * bank-conflicted tile, is 1.50× faster than rung 5; reduce
		 * rung 3, 151× against the one-block rung 2, is slower than
		 * rung 1 and only undoes the lesson */
		if (is_teaching(it->prev) &&
		    (!(base = best_earlier(l, it)) ||
		     ratio_judge(base, it, &r, &lo, &hi) != SV_FASTER ||
		     r * r < it->step_x))
			continue;
		s[n++] = (struct mattered){ it->prev, it, it->step_x };
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
