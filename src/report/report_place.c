/* report_place.c - where a user kernel sits on its ladder.  See
 * report_place.h.
 *
 * A kernel is placed between the verified rungs of its ladder just
 * slower and just faster than it.  Which time: a kernel whose timed
 * region holds a host step (`finish: host`) is compared kernel to kernel
 * when the row kept the kernel alone's time in the same runs, as a
 * class's submission is graded (report_grade.h); a ratio of its whole
 * region to rungs that finish on the device would count the host step
 * against every fix.  The host step itself is said apart, measured
 * (report_user.c's host_cost). */
#include "report_place.h"
#include "report_grade.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "base/stats.h"
#include "compare/compare.h"
#include "ladder/ladder.h"
#include "results/results.h"
#include "base/util.h"

bool place_by_kernel(const struct item *it)
{
	const struct result_row *w = it->row;

	return it->role == ROLE_USER && w->tk.nsamples > 0 &&
	       w->tk.median_ms > 0 && w->t.median_ms > w->tk.median_ms;
}

double place_ms(const struct item *user, const struct item *it)
{
	struct grade_time g;

	if (place_by_kernel(user) && item_grade_time(it, &g))
		return g.ms;
	return item_ms(it);
}

/* The samples `it` is placed by: the kernel alone's where the row kept
 * them, else the timed region's. */
static const struct timing *place_timing(const struct item *it)
{
	return it->row->tk.nsamples ? &it->row->tk : &it->row->t;
}

/* The verdict on base's time over it's, as place_ms() has them (into
 * *xp): the body's, ratio_judge, by timed regions; by kernels alone,
 * the 95 % interval of the ratio against SPEEDUP_SAME_PCT. */
static enum stats_verdict place_verdict(const struct item *user,
					const struct item *base,
					const struct item *it, double *xp)
{
	const struct timing *a = place_timing(it), *b = place_timing(base);
	double x, r, lo, hi;
	enum stats_verdict v;

	if (!place_by_kernel(user)) {
		v = ratio_judge(base, it, &x, &lo, &hi);
	} else {
		x = place_ms(user, base) / place_ms(user, it);
		v = SV_UNKNOWN;
		if (a->samples_ms && b->samples_ms &&
		    a->nsamples >= COMPARE_MIN_SAMPLES &&
		    b->nsamples >= COMPARE_MIN_SAMPLES &&
		    stats_ratio_ci(a->samples_ms, a->nsamples, b->samples_ms,
				   b->nsamples, STATS_CONFIDENCE,
				   REPORT_BOOTSTRAP, COMPARE_SEED, &r, &lo,
				   &hi) == 0)
			v = stats_verdict_of(1 / fmax(hi, x), 1 / fmin(lo, x),
					     SPEEDUP_SAME_PCT / 100);
	}
	*xp = x;
	return v;
}

/* Whether place_verdict() finds base and it the same: their interval
 * within SPEEDUP_SAME_PCT (or, by timed regions, the pair's floor); an
 * interval that cannot tell, or none, is not "level". */
static bool place_noise(const struct item *user, const struct item *base,
			const struct item *it)
{
	double x;

	return place_verdict(user, base, it, &x) == SV_SAME;
}

/* base's time over it's, "1.09×", with " (within noise)" when
 * place_verdict() does not put it beyond the noise, as the findings
 * judge a step. */
static const char *speedup(struct pool *p, enum lang L,
			   const struct item *user, const struct item *base,
			   const struct item *it)
{
	double x;
	enum stats_verdict v = place_verdict(user, base, it, &x);

	return pool_keep(p, xasprintf("%s%s", TIMES(x),
				      v == SV_SAME || v == SV_UNKNOWN ?
				      say_text(L, M_U_NOISE) : ""));
}

/* The verified rungs of l just slower and just faster than `it`, by the
 * time it is placed by. */
static void neighbours(const struct ladder *l, const struct item *it,
		       const struct item **slower, const struct item **quicker)
{
	const struct item **rungs = xcalloc(l->nitems + 1, sizeof(*rungs));
	size_t n = ladder_rungs(l, rungs);
	double t = place_ms(it, it);

	*slower = *quicker = NULL;
	for (size_t i = 0; i < n; i++) {
		double x = place_ms(it, rungs[i]);

		if (!(x > 0))
			continue;
		if (x > t) {
			if (!*slower || x < place_ms(it, *slower))
				*slower = rungs[i];
		} else if (!*quicker || x > place_ms(it, *quicker)) {
			*quicker = rungs[i];
		}
	}
	free(rungs);
}

void place_line(const struct ladder *l, const struct item *it, enum lang L,
		struct sbuf *b)
{
	const struct item *slower, *quicker;
	struct pool p = { .n = 0 };

	neighbours(l, it, &slower, &quicker);
	if (slower && quicker)
		SAY(b, L, M_U_BETWEEN, role_text(&p, L, slower),
		    pool_md(&p, slower->row->variant),
		    FMT(place_ms(it, slower), 4),
		    speedup(&p, L, it, slower, it), role_text(&p, L, quicker),
		    pool_md(&p, quicker->row->variant),
		    FMT(place_ms(it, quicker), 4),
		    speedup(&p, L, it, it, quicker));
	else if (slower)
		SAY(b, L, M_U_FASTEST, role_text(&p, L, slower),
		    pool_md(&p, slower->row->variant),
		    FMT(place_ms(it, slower), 4),
		    speedup(&p, L, it, slower, it));
	else if (quicker)
		SAY(b, L, M_U_SLOWEST, role_text(&p, L, quicker),
		    pool_md(&p, quicker->row->variant),
		    FMT(place_ms(it, quicker), 4),
		    speedup(&p, L, it, it, quicker));
	else
		sbuf_add(b, say_text(L, M_U_NO_RUNGS));
	sbuf_addc(b, '\n');
	pool_release(&p);
}

void place_words(const struct ladder *l, const struct item *it, enum lang L,
		 struct sbuf *b)
{
	const struct item *slower, *quicker, *slower_level, *quicker_level;
	struct pool p = { .n = 0 };
	double t = place_ms(it, it);

	neighbours(l, it, &slower, &quicker);
	slower_level = slower;
	quicker_level = quicker;
	/* within noise of a neighbour: level with it, ahead of neither */
	if (slower && !place_noise(it, slower, it))
		slower_level = NULL;
	if (quicker && !place_noise(it, it, quicker))
		quicker_level = NULL;
	if (slower_level && quicker_level) {
		struct sbuf two = SBUF_INIT;

		sbuf_add(&two, role_text(&p, L, slower));
		sbuf_add(&two, say_text(L, M_G_AND));
		sbuf_add(&two, role_text(&p, L, quicker));
		SAY(b, L, M_G_LEVEL, sbuf_str(&two));
		sbuf_release(&two);
	} else if (slower_level || quicker_level)
		SAY(b, L, M_G_LEVEL, role_text(&p, L, slower_level ?
					       slower_level : quicker_level));
	else if (slower && quicker)
		SAY(b, L, M_U_SUM_BETWEEN, role_text(&p, L, slower),
		    role_text(&p, L, quicker),
		    TIMES(t / place_ms(it, quicker)));
	else if (slower)
		SAY(b, L, M_U_SUM_FASTEST, TIMES(place_ms(it, slower) / t),
		    role_text(&p, L, slower));
	else if (quicker)
		SAY(b, L, M_U_SUM_SLOWEST, role_text(&p, L, quicker),
		    TIMES(t / place_ms(it, quicker)));
	else
		sbuf_add(b, say_text(L, M_U_NO_RUNGS));
	pool_release(&p);
}

void place_kernel_note(const struct item *it, enum lang L, struct sbuf *b)
{
	double kernel = place_ms(it, it), region = item_ms(it);

	if (!place_by_kernel(it))
		return;
	SAY(b, L, M_U_HOST_APART, FMT(kernel, 4), FMT(region - kernel, 3),
	    FMT(region, 4));
	sbuf_addc(b, '\n');
}

/* The kind of time g is of `it`: a kernel alone (or a rung's first pass)
 * is device work, whatever the row's timed region holds. */
static enum compare_kind level_kind(const struct item *it,
				    const struct grade_time *g)
{
	return it->kind == CK_HOST_STEP && g->of != ROUND_REGION ? CK_GPU :
								   it->kind;
}

bool place_level(const struct item *it, const struct grade_time *g,
		 const struct item *rung, const struct grade_time *rg)
{
	double bound = SPEEDUP_SAME_PCT / 100, x;

	if (!(g->ms > 0) || !(rg->ms > 0))
		return false;
	x = g->ms > rg->ms ? g->ms / rg->ms : rg->ms / g->ms;
	if (!grade_rounds_paired(g, rg)) {
		enum compare_kind a = level_kind(it, g), b = level_kind(rung, rg);
		struct compare_floor_pick f;
		size_t n;
		const struct compare_floor *t = compare_floor_table(&n);

		compare_floor_pair(t, n, it->gpu, rung->gpu, a > b ? a : b,
				   fmin(g->ms, rg->ms), &f);
		bound = fmax(bound, f.floor);
	}
	return x - 1 <= bound;
}

/* Appends the rungs of rungs[0..n) that level[] marks, "rung 5 and
 * rung 6", to b; returns how many. */
static size_t level_names(struct sbuf *b, enum lang L, struct pool *p,
			  const struct item **rungs, const bool *level,
			  size_t n)
{
	size_t k = 0, all = 0;

	for (size_t i = 0; i < n; i++)
		all += level[i];
	for (size_t i = 0; i < n; i++) {
		if (!level[i])
			continue;
		if (k)
			sbuf_add(b, say_text(L, k + 1 == all ? M_G_AND :
					     M_G_COMMA));
		sbuf_add(b, role_text(p, L, rungs[i]));
		k++;
	}
	return k;
}

/* After "between" rungs[is] (slower) and rungs[iq] (quicker), why the
 * rungs of the ladder between those two are not named: each measured
 * faster than the quicker or slower than the slower, at this type and
 * size: within SPEEDUP_SAME_PCT of it, the body's bound of a change
 * within noise ("; rung 5, left out, took the time of rung 6 here,
 * within 2 %: noise"), else by how much.  ms: each rung's graded time
 * (NAN: none). */
static void place_skipped(struct sbuf *b, enum lang L, struct pool *p,
			  const struct item **rungs, const double *ms,
			  size_t is, size_t iq)
{
	char pct[16];

	snprintf(pct, sizeof(pct), "%g %%", SPEEDUP_SAME_PCT);
	for (size_t i = (is < iq ? is : iq) + 1; i < (is < iq ? iq : is); i++) {
		size_t near = ms[i] < ms[iq] ? iq : is;
		double x = ms[i] > ms[near] ? ms[i] / ms[near]
					    : ms[near] / ms[i];

		if (isnan(ms[i]) || (ms[i] >= ms[iq] && ms[i] <= ms[is]))
			continue;
		if (100 * (x - 1) < SPEEDUP_SAME_PCT)
			SAY(b, L, M_G_SKIP_SAME, role_text(p, L, rungs[i]),
			    role_text(p, L, rungs[near]), pct);
		else if (ms[i] < ms[iq])
			SAY(b, L, M_G_SKIP_FASTER, role_text(p, L, rungs[i]),
			    TIMES(ms[iq] / ms[i]), role_text(p, L, rungs[iq]));
		else
			SAY(b, L, M_G_SKIP_SLOWER, role_text(p, L, rungs[i]),
			    TIMES(ms[i] / ms[is]), role_text(p, L, rungs[is]));
	}
}

bool place_graded(struct sbuf *b, enum lang L, const struct ladder *l,
		  const struct item *it, const struct grade_time *gt)
{
	const struct item **rungs = xcalloc(l->nitems + 1, sizeof(*rungs));
	size_t n = ladder_rungs(l, rungs), is = n, iq = n;
	double *ms = xcalloc(n + 1, sizeof(*ms)), t = gt->ms;
	struct pool p = { .n = 0 };
	bool *level = xcalloc(n + 1, sizeof(*level)), any = false;
	struct sbuf names = SBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		struct grade_time g;

		ms[i] = NAN;
		if (!item_grade_time(rungs[i], &g))
			continue;
		ms[i] = g.ms;
		level[i] = place_level(it, gt, rungs[i], &g);
		any |= level[i];
		if (g.ms > t) {
			if (is == n || g.ms < ms[is])
				is = i;
		} else if (iq == n || g.ms > ms[iq]) {
			iq = i;
		}
	}
	if (any && level_names(&names, L, &p, rungs, level, n)) {
		SAY(b, L, M_G_LEVEL, sbuf_str(&names));
	} else if (is < n && iq < n) {
		SAY(b, L, M_U_SUM_BETWEEN, role_text(&p, L, rungs[is]),
		    role_text(&p, L, rungs[iq]), TIMES(t / ms[iq]));
		place_skipped(b, L, &p, rungs, ms, is, iq);
	} else if (is < n) {
		SAY(b, L, M_U_SUM_FASTEST, TIMES(ms[is] / t),
		    role_text(&p, L, rungs[is]));
	} else if (iq < n) {
		SAY(b, L, M_U_SUM_SLOWEST, role_text(&p, L, rungs[iq]),
		    TIMES(t / ms[iq]));
	} else {
		sbuf_add(b, say_text(L, M_U_NO_RUNGS));
	}
	sbuf_release(&names);
	pool_release(&p);
	free(level);
	free(ms);
	free(rungs);
	return any;
}
