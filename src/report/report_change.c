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

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "base/stats.h"
#include "base/util.h"

/* ---- the change of a step, run to run, above the ceiling ------------- */

/* "1.1 %" for a speedup x: the change of speed in percent, unsigned,
 * two significant digits. */
static const char *speed_pct(char *buf, size_t size, double x)
{
	snprintf(buf, size, "%s %%",
		 fmt_sig((char[FMT_SIZE]){ 0 }, FMT_SIZE,
			 fabs(100 * (x - 1)), 2));
	return buf;
}

/* The 95 % interval lo..hi of a speedup in unsigned percentages with
 * their direction: "1.0 % to 1.5 % faster", "0.050 % to 0.17 % slower",
 * "0.74 % slower to 0.017 % faster". */
static void interval_words(struct sbuf *b, enum lang L, double lo, double hi)
{
	char l[FMT_SIZE], h[FMT_SIZE];

	if (lo >= 1)
		SAY(b, L, M_W_IV_FASTER, speed_pct(l, sizeof(l), lo),
		    speed_pct(h, sizeof(h), hi));
	else if (hi <= 1)
		SAY(b, L, M_W_IV_SLOWER, speed_pct(l, sizeof(l), hi),
		    speed_pct(h, sizeof(h), lo));
	else
		SAY(b, L, M_W_IV_ACROSS, speed_pct(l, sizeof(l), lo),
		    speed_pct(h, sizeof(h), hi));
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

void ratio_words(struct sbuf *b, enum lang L, double x, double lo,
		 double hi, enum stats_verdict v, bool ascii)
{
	char t[FMT_SIZE];
	struct sbuf w = SBUF_INIT;

	if (!isfinite(x) || !(x > 0)) {
		sbuf_add(b, "—");
		return;
	}
	if (ascii)
		L = EN;
	/* never a ratio below 1: a slower step is "1.17× slower" */
	times_as(t, sizeof(t), x >= 1 ? x : 1 / x, ascii);
	if (v == SV_SAME)
		/* the direction the digits show: "1.02× slower, within
		 * noise", but "1.00×, within noise" */
		SAY(&w, L, strncmp(t, "1.00", 4) == 0 &&
		    !isdigit((unsigned char)t[4]) ? M_BX_SAME :
		    x >= 1 ? M_BX_SAME_F : M_BX_SAME_S, t);
	else if (v == SV_UNKNOWN)
		SAY(&w, L, x >= 1 ? M_BX_UNCLEAR_F : M_BX_UNCLEAR_S, t);
	else
		SAY(&w, L, x >= 1 ? M_BX_FASTER : M_BX_SLOWER, t);
	if ((v == SV_FASTER || v == SV_SLOWER) && isfinite(lo) &&
	    isfinite(hi) && lo > 0 && (lo < x || hi > x)) {
		/* the interval the same way round, its ends as many decimals
		 * apart as it takes to tell them apart */
		double a = x >= 1 ? lo : 1 / hi, c = x >= 1 ? hi : 1 / lo;
		char l[FMT_SIZE], h[FMT_SIZE];

		for (int extra = 0; extra <= 3; extra++) {
			fmt_ratio(l, sizeof(l), a, extra, "");
			fmt_ratio(h, sizeof(h), c, extra, "");
			if (strcmp(l, h) != 0)
				break;
		}
		SAY(b, L, M_CELL_TIME_CI, sbuf_str(&w), l, h);
	} else {
		sbuf_add(b, sbuf_str(&w));
	}
	sbuf_release(&w);
}

void step_words(struct sbuf *b, enum lang L, const struct item *it,
		bool ascii)
{
	if (!it->prev) {
		sbuf_add(b, "—");
		return;
	}
	ratio_words(b, L, it->step_x, NAN, NAN, it->step_verdict, ascii);
}

void step_change(struct sbuf *b, enum lang L, const struct item *from,
		 const struct item *to)
{
	double x, lo, hi, a = item_ms(from), c = item_ms(to);
	enum stats_verdict v = step_judge(from, to, &x, &lo, &hi);
	char t[16], p[FMT_SIZE], f[FMT_SIZE];
	double same = SPEEDUP_SAME_PCT / 100;
	struct compare_floor_pick fl;
	struct sbuf w = SBUF_INIT, iv = SBUF_INIT;

	snprintf(t, sizeof(t), "%g", SPEEDUP_SAME_PCT);
	step_floor_of(from, to, &fl);
	/* the body's words first ("1.00×, within noise"), then why */
	ratio_words(&w, L, x, NAN, NAN, v, false);
	if (isfinite(lo))
		interval_words(&iv, L, lo, hi);
	if (v == SV_SAME && fl.floor > 0 && fabs(1 / x - 1) <= fl.floor &&
	    !(isfinite(lo) ? 1 / hi >= 1 - same && 1 / lo <= 1 + same :
			     fabs(1 / x - 1) <= same)) {
		struct sbuf d = SBUF_INIT;

		/* the threshold alone would not have called it the same:
		 * the floor did */
		snprintf(f, sizeof(f), "%s",
			 fmt_sig((char[FMT_SIZE]){ 0 }, FMT_SIZE,
				 100 * fl.floor, 2));
		SAY(&d, L, x >= 1 ? M_W_CHANGE_FASTER : M_W_CHANGE_SLOWER,
		    speed_pct(p, sizeof(p), x));
		SAY(b, L, M_W_FLOOR_WORDS, sbuf_str(&w), FMT(a, 3), FMT(c, 3),
		    sbuf_str(&d), f);
		sbuf_release(&d);
	} else if (v == SV_FASTER)
		SAY(b, L, M_F_FASTER, TIMES(x), FMT(a, 3), FMT(c, 3));
	else if (v == SV_SLOWER)
		SAY(b, L, is_teaching(to) ? M_F_TEACH_SLOWER : M_F_SLOWER,
		    TIMES(1 / x), FMT(a, 3), FMT(c, 3));
	else if (!isfinite(lo))
		SAY(b, L, M_W_NO_CI_WORDS, sbuf_str(&w), FMT(a, 3), FMT(c, 3),
		    t);
	else if (v == SV_SAME && (lo > 1 || hi < 1))
		SAY(b, L, M_W_BELOW_WORDS, sbuf_str(&w), FMT(a, 3), FMT(c, 3),
		    sbuf_str(&iv), t);
	else
		SAY(b, L, v == SV_SAME ? M_W_NONE_WORDS : M_W_UNRESOLVED_WORDS,
		    sbuf_str(&w), FMT(a, 3), FMT(c, 3), sbuf_str(&iv), t);
	sbuf_release(&w);
	sbuf_release(&iv);
}

bool host_step_measured(const struct result_row *r)
{
	return r->tk.nsamples > 0 && r->t.nsamples > 0 &&
	       r->tk.median_ms > 0 && r->tk.median_hi_ms < r->t.median_lo_ms;
}

const struct item *best_earlier(const struct ladder *l,
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

bool after_slower(const struct ladder *l, const struct item *it)
{
	const struct item *base;
	double r, lo, hi;

	if (!it->prev || is_teaching(it))
		return false;
	if (is_teaching(it->prev))
		return true;
	/* the rung before lost time in its own step, and stands below
	 * the fastest rung before it */
	if (it->prev->step_verdict != SV_SLOWER)
		return false;
	base = best_earlier(l, it->prev);
	return base && ratio_judge(base, it->prev, &r, &lo, &hi) == SV_SLOWER;
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
		/* after a rung slower than one before it (a teaching rung,
		 * slow on purpose, or a step that lost time), a step counts
		 * only when it beats the fastest rung before it beyond the
		 * noise, and by more than the slowdown it undoes (r * r >=
		 * step_x: most of the step, in log terms, is gain):
		 * transpose rung 7, 1.74× against the bank-conflicted tile,
		 * is 1.50× faster than rung 5; reduce rung 3, 151× against
		 * the one-block rung 2, is slower than rung 1 and only
		 * undoes the lesson; transpose rung 9, 1.13× against the
		 * slower swizzle, is 1.05× against rung 7 */
		if (after_slower(l, it) &&
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
		/* the first pair counts as the largest until one is larger:
		 * pairs that all kept their medians have a largest, of 0 */
		if (!*at || d[*n] > *max) {
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
	if (!(max > 0)) {
		/* nothing moved: no row is where the most did */
		SAY(b, L, M_W_SPREAD_NONE, nn);
		return;
	}
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
