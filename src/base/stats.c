/* stats.c - statistics of timed samples.  See stats.h for the method. */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "memo.h"
#include "util.h"

/* Below this many samples the sample range is all a 95 % interval can
 * be (the binomial coverage of the range is 1 - 2^(1-n)). */
#define STATS_MIN_CI 6

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

void stats_median_ranks(size_t n, double conf, size_t *lo, size_t *hi)
{
	/* Interval [x(r), x(n+1-r)] (1-based) covers the median with
	 * probability 1 - 2 P(B <= r - 1), B ~ binomial(n, 1/2): the largest
	 * r that keeps 2 P(B <= r - 1) <= 1 - conf. */
	const double alpha = 1 - conf;
	double logc = -(double)n * log(2.0), cdf = 0;
	size_t r = 0;

	*lo = 0;
	*hi = n ? n - 1 : 0;
	for (size_t k = 0; k < n / 2; k++) {
		/* P(B = k) = C(n, k) / 2^n, in logs so large n cannot overflow */
		double pmf = exp(lgamma((double)n + 1) - lgamma((double)k + 1) -
				 lgamma((double)(n - k) + 1) + logc);

		cdf += pmf;
		if (2 * cdf > alpha + 1e-12)
			break;
		r = k + 1;
	}
	if (r >= 1) {
		*lo = r - 1;
		*hi = n - r;
	}
}

double stats_quantile(const double *sorted, size_t n, double p)
{
	double h, f;
	size_t k;

	if (!n)
		return NAN;
	if (p <= 0)
		return sorted[0];
	if (p >= 1)
		return sorted[n - 1];
	h = (double)(n - 1) * p;
	k = (size_t)floor(h);
	f = h - (double)k;
	return k + 1 < n ? sorted[k] + f * (sorted[k + 1] - sorted[k]) : sorted[k];
}

void stats_summarize(const double *x, size_t n, struct sample_stats *s)
{
	double *v, fence_lo, fence_hi;
	size_t lo, hi;

	s->n = n;
	s->outliers = 0;
	if (!n) {
		s->median = s->median_lo = s->median_hi = s->q1 = s->q3 = NAN;
		return;
	}
	v = xmalloc(n * sizeof(*v));
	memcpy(v, x, n * sizeof(*v));
	qsort(v, n, sizeof(*v), cmp_double);
	s->median = stats_quantile(v, n, 0.5);
	s->q1 = stats_quantile(v, n, 0.25);
	s->q3 = stats_quantile(v, n, 0.75);
	stats_median_ranks(n, STATS_CONFIDENCE, &lo, &hi);
	s->median_lo = v[lo];
	s->median_hi = v[hi];
	fence_lo = s->q1 - 1.5 * (s->q3 - s->q1);
	fence_hi = s->q3 + 1.5 * (s->q3 - s->q1);
	for (size_t i = 0; i < n; i++)
		s->outliers += v[i] < fence_lo || v[i] > fence_hi;
	free(v);
}

/* ---- the ratio of two medians ------------------------------------------- */

uint64_t stats_random(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

/* The k-th smallest of v[0..n) (0-based), reordering v: quickselect
 * with a three-way partition around the middle element, expected linear
 * (a resampled median of 100000 samples 2000 times stays well under a
 * second). */
static double select_kth(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n;          /* the k-th lies in v[lo..hi) */

	while (hi - lo > 1) {
		double pivot = v[lo + (hi - lo) / 2];
		size_t lt = lo, i = lo, gt = hi;

		/* v[lo..lt) < pivot, v[lt..i) == pivot, v[gt..hi) > pivot */
		while (i < gt) {
			double t;

			if (v[i] < pivot) {
				t = v[lt], v[lt] = v[i], v[i] = t;
				lt++, i++;
			} else if (v[i] > pivot) {
				gt--;
				t = v[gt], v[gt] = v[i], v[i] = t;
			} else {
				i++;
			}
		}
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return pivot;
	}
	return v[k];
}

double stats_median(double *v, size_t n)
{
	double upper = select_kth(v, n, n / 2), lower;

	if (n % 2)
		return upper;
	/* after selecting n/2, v[0..n/2) holds the smaller half */
	lower = v[0];
	for (size_t i = 1; i < n / 2; i++)
		if (v[i] > lower)
			lower = v[i];
	return (lower + upper) / 2;
}

/* Sorting an index by the values it points to (sort_by's array). */
static const double *sort_by;

static int by_index_value(const void *a, const void *b)
{
	double x = sort_by[*(const size_t *)a], y = sort_by[*(const size_t *)b];

	if (x != y)
		return (x > y) - (x < y);
	return (*(const size_t *)a > *(const size_t *)b) -
	       (*(const size_t *)a < *(const size_t *)b);
}

/* x[0..n)'s indexes in the order of their values. */
size_t *stats_order(const double *x, size_t n)
{
	size_t *o = xcalloc(n, sizeof(*o));

	for (size_t i = 0; i < n; i++)
		o[i] = i;
	sort_by = x;
	qsort(o, n, sizeof(*o), by_index_value);
	sort_by = NULL;
	return o;
}

/* The median of a resample of x[0..n) that drew index j cnt[j] times,
 * order x's indexes by value: the value of rank n/2, averaged with rank
 * n/2 - 1 for an even n, as stats_median of the resample gives it
 * (without copying and selecting, the resamples' cost). */
double stats_counted_median(const double *x, const size_t *order,
			     const unsigned *cnt, size_t n)
{
	size_t want = n % 2 ? n / 2 : n / 2 - 1, seen = 0;
	double lower = NAN;
	bool low = false;

	if (!n)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		size_t j = order[i];

		seen += cnt[j];
		if (seen <= want)
			continue;
		if (n % 2)
			return x[j];
		if (!low) {
			low = true;
			lower = x[j];
			if (seen > want + 1)
				return (lower + x[j]) / 2;
			want++;
			continue;
		}
		return (lower + x[j]) / 2;
	}
	return NAN;
}

void stats_resample_counts(unsigned *cnt, size_t n, uint64_t *rng)
{
	memset(cnt, 0, n * sizeof(*cnt));
	for (size_t i = 0; i < n; i++)
		cnt[stats_random(rng) % n]++;
}

/* The median of a resample (with replacement) of x[0..n), whose indexes
 * by value are order, counting draws in cnt[0..n). */
static double resample_median(const double *x, const size_t *order, size_t n,
			      unsigned *cnt, uint64_t *rng)
{
	stats_resample_counts(cnt, n, rng);
	return stats_counted_median(x, order, cnt, n);
}

static int ratio_ci(const double *a, size_t na, const double *b, size_t nb,
		   double conf, unsigned iters, uint64_t seed, double *ratio,
		   double *lo, double *hi)
{
	struct sample_stats sa, sb;
	double *ra;
	size_t *oa, *ob;
	unsigned *cnt;
	uint64_t rng = seed ? seed : 0x9e3779b97f4a7c15ull;
	unsigned m = 0;

	*ratio = *lo = *hi = NAN;
	if (!na || !nb)
		return -1;
	stats_summarize(a, na, &sa);
	stats_summarize(b, nb, &sb);
	if (!(sa.median > 0) || !(sb.median > 0))
		return -1;
	*ratio = sb.median / sa.median;
	if (!iters) {
		*lo = *hi = *ratio;
		return 0;
	}
	ra = xmalloc(iters * sizeof(*ra));
	cnt = xmalloc((na > nb ? na : nb) * sizeof(*cnt));
	oa = stats_order(a, na);
	ob = stats_order(b, nb);
	for (unsigned i = 0; i < iters; i++) {
		double ma = resample_median(a, oa, na, cnt, &rng);
		double mb = resample_median(b, ob, nb, cnt, &rng);

		if (ma > 0)
			ra[m++] = mb / ma;
	}
	qsort(ra, m, sizeof(*ra), cmp_double);
	*lo = stats_quantile(ra, m, (1 - conf) / 2);
	*hi = stats_quantile(ra, m, 1 - (1 - conf) / 2);
	free(ra);
	free(cnt);
	free(oa);
	free(ob);
	return 0;
}

/* stats_ratio_ci's answers kept by the samples and parameters they came
 * from: a report asks for the same two rows' interval many times over
 * (test_report_prose's renders asked 11,202 times), each `iters`
 * resamples of both.  At most 512 answers of at most 4,096 samples
 * (about 16 MiB); larger ones are computed each time. */
#define CI_MEMO_SAMPLES 4096
static struct memo ci_memo = MEMO_INIT(512, CI_MEMO_SAMPLES * sizeof(double) + 64);

int stats_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
		   double conf, unsigned iters, uint64_t seed, double *ratio,
		   double *lo, double *hi)
{
	struct sbuf k = SBUF_INIT;
	double v[4];

	if (!na || !nb || !iters || na + nb > CI_MEMO_SAMPLES)
		return ratio_ci(a, na, b, nb, conf, iters, seed, ratio, lo, hi);
	sbuf_addn(&k, (const char *)&na, sizeof(na));
	sbuf_addn(&k, (const char *)&nb, sizeof(nb));
	sbuf_addn(&k, (const char *)&conf, sizeof(conf));
	sbuf_addn(&k, (const char *)&iters, sizeof(iters));
	sbuf_addn(&k, (const char *)&seed, sizeof(seed));
	sbuf_addn(&k, (const char *)a, na * sizeof(*a));
	sbuf_addn(&k, (const char *)b, nb * sizeof(*b));
	if (!memo_get(&ci_memo, k.buf, k.len, v, sizeof(v))) {
		v[3] = ratio_ci(a, na, b, nb, conf, iters, seed, &v[0], &v[1],
				&v[2]);
		memo_put(&ci_memo, k.buf, k.len, v, sizeof(v));
	}
	sbuf_release(&k);
	*ratio = v[0];
	*lo = v[1];
	*hi = v[2];
	return (int)v[3];
}

enum stats_verdict stats_verdict_of(double lo, double hi, double t)
{
	if (!isfinite(lo) || !isfinite(hi))
		return SV_UNKNOWN;
	if (hi < 1 - t)
		return SV_FASTER;
	if (lo > 1 + t)
		return SV_SLOWER;
	if (lo >= 1 - t && hi <= 1 + t)
		return SV_SAME;
	return SV_UNKNOWN;
}

const char *stats_verdict_name(enum stats_verdict v)
{
	static const char *const names[SV__COUNT] = {
		"same", "faster", "slower", "unknown"
	};

	return (unsigned)v < SV__COUNT ? names[v] : "?";
}

int stats_precise(const double *x, size_t n, double rel)
{
	struct sample_stats s;

	if (n < STATS_MIN_CI)
		return 0;
	stats_summarize(x, n, &s);
	return s.median > 0 &&
	       (s.median_hi - s.median_lo) / 2 <= rel * s.median;
}
