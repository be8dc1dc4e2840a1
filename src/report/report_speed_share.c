/* report_speed_share.c - a student's speed share: what the rubric's scale
 * gives for a speed ratio (rubric_speed_share), and its interval, a
 * bootstrap over the rounds of their rows, each round a pair of the
 * student's time and the reference's, the answers kept for the next page
 * that asks (grade_bootstrap).  See report_speed_share.h. */
#include "report_speed_share.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/memo.h"
#include "base/stats.h"
#include "base/util.h"

/* The continuous scale's share at R >= 1: 1 up to bands[0], 0 from the
 * last band on, (n - 1 - k) / (n - 1) at bands[k] and linear in log R
 * between two bands.  One band (refused by the experiment file and the
 * results reader, so never met) reads as a step. */
static double continuous_share(const struct class_rubric *r, double R)
{
	size_t n = r->nbands;

	if (!n || R <= r->bands[0])
		return 1;
	if (n < 2 || R >= r->bands[n - 1])
		return 0;
	for (size_t k = 1; k < n; k++)
		if (R <= r->bands[k]) {
			double f = log(R / r->bands[k - 1]) /
				   log(r->bands[k] / r->bands[k - 1]);

			return ((double)(n - k) - f) / (double)(n - 1);
		}
	return 0;
}

double rubric_speed_share(const struct class_rubric *r, double R)
{
	if (isnan(R))
		return 0;
	if (R < 1)
		R = 1;
	if (r->scale == RUBRIC_GEOMEAN)
		return 1 / R;
	if (r->scale == RUBRIC_CONTINUOUS)
		return continuous_share(r, R);
	for (size_t k = 0; k < r->nbands; k++)
		if (R <= r->bands[k])
			return (double)(r->nbands - k) / (double)r->nbands;
	return 0;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int bootstrap(const double *const *st, const double *const *rt,
		     const size_t *nr, size_t nrows,
		     const struct class_rubric *r, double *lo, double *hi)
{
	size_t most = 0, **os, **orr;
	double *share;
	unsigned *cnt;
	uint64_t rng = GRADE_SEED;
	int rc = -1;

	*lo = *hi = NAN;
	if (!nrows)
		return -1;
	for (size_t i = 0; i < nrows; i++) {
		if (!nr[i])
			return -1;
		if (nr[i] > most)
			most = nr[i];
	}
	share = xcalloc(GRADE_BOOTSTRAP, sizeof(*share));
	cnt = xcalloc(most, sizeof(*cnt));
	os = xcalloc(nrows, sizeof(*os));
	orr = xcalloc(nrows, sizeof(*orr));
	for (size_t i = 0; i < nrows; i++) {
		os[i] = stats_order(st[i], nr[i]);
		orr[i] = stats_order(rt[i], nr[i]);
	}
	/* each resample draws a row's rounds with replacement, the same
	 * draws for the student's and the reference's times (a round is a
	 * pair), and takes each one's median */
	for (size_t k = 0; k < GRADE_BOOTSTRAP; k++) {
		double logs = 0;

		for (size_t i = 0; i < nrows; i++) {
			double ms, mr;

			stats_resample_counts(cnt, nr[i], &rng);
			ms = stats_counted_median(st[i], os[i], cnt, nr[i]);
			mr = stats_counted_median(rt[i], orr[i], cnt, nr[i]);
			if (!(ms > 0) || !(mr > 0))
				goto out;
			logs += log(fmax(1, ms / mr));
		}
		share[k] = rubric_speed_share(r, exp(logs / (double)nrows));
	}
	qsort(share, GRADE_BOOTSTRAP, sizeof(*share), by_value);
	*lo = stats_quantile(share, GRADE_BOOTSTRAP, (1 - STATS_CONFIDENCE) / 2);
	*hi = stats_quantile(share, GRADE_BOOTSTRAP, (1 + STATS_CONFIDENCE) / 2);
	rc = 0;
out:
	for (size_t i = 0; i < nrows; i++) {
		free(os[i]);
		free(orr[i]);
	}
	free(os);
	free(orr);
	free(cnt);
	free(share);
	return rc;
}

/* grade_bootstrap's answers kept by the rounds and the rubric's scale
 * they came from: a class's pages ask for the same student's interval
 * many times over (one test's renders asked 371 times for each of a
 * few), each GRADE_BOOTSTRAP resamples of every row.  At most 256
 * answers of at most 2,048 rounds (both sides of every row); larger ones
 * are computed each time. */
#define GB_MEMO_ROUNDS 2048
static struct memo gb_memo = MEMO_INIT(256, 2 * GB_MEMO_ROUNDS * sizeof(double) +
				       RUBRIC_MAX_BANDS * sizeof(double) + 64);

int grade_bootstrap(const double *const *st, const double *const *rt,
		    const size_t *nr, size_t nrows,
		    const struct class_rubric *r, double *lo, double *hi)
{
	struct sbuf k = SBUF_INIT;
	size_t rounds = 0;
	double v[3];

	for (size_t i = 0; i < nrows; i++)
		rounds += 2 * nr[i];
	if (!nrows || rounds > GB_MEMO_ROUNDS || r->nbands > RUBRIC_MAX_BANDS)
		return bootstrap(st, rt, nr, nrows, r, lo, hi);
	sbuf_addn(&k, (const char *)&r->scale, sizeof(r->scale));
	sbuf_addn(&k, (const char *)&r->nbands, sizeof(r->nbands));
	sbuf_addn(&k, (const char *)r->bands, r->nbands * sizeof(*r->bands));
	sbuf_addn(&k, (const char *)&nrows, sizeof(nrows));
	sbuf_addn(&k, (const char *)nr, nrows * sizeof(*nr));
	for (size_t i = 0; i < nrows; i++) {
		sbuf_addn(&k, (const char *)st[i], nr[i] * sizeof(*st[i]));
		sbuf_addn(&k, (const char *)rt[i], nr[i] * sizeof(*rt[i]));
	}
	if (!memo_get(&gb_memo, k.buf, k.len, v, sizeof(v))) {
		v[2] = bootstrap(st, rt, nr, nrows, r, &v[0], &v[1]);
		memo_put(&gb_memo, k.buf, k.len, v, sizeof(v));
	}
	sbuf_release(&k);
	*lo = v[0];
	*hi = v[1];
	return (int)v[2];
}
