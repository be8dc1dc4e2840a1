/* stats.h - statistics of timed samples that stand up with few samples and
 * outliers: medians with distribution-free confidence intervals, the
 * interquartile range and Tukey's outlier fences, and the ratio of two
 * medians with a bootstrap interval, classified faster, slower or the
 * same against a threshold.
 *
 * Method (docs/statistics-and-compare.md is the user-facing version):
 *  - Median interval: the order statistics x(l), x(u) with l, u the
 *    smallest symmetric pair around the median whose binomial(n, 1/2)
 *    coverage P(l <= B < u) reaches the confidence (exact for every n;
 *    Conover, Practical Nonparametric Statistics, 3rd ed., section 3.2).
 *    Below 6 samples no 95 % interval exists: it is the sample range.
 *  - Quartiles: linear interpolation between order statistics (the
 *    "type 7" rule of R and NumPy's default), so the numbers match what a
 *    reader gets from numpy.percentile.
 *  - Outliers: samples outside [Q1 - 1.5 IQR, Q3 + 1.5 IQR] (Tukey).
 *  - Ratio of medians (new / base): percentile bootstrap, both samples
 *    resampled independently, a fixed number of resamples with a fixed
 *    seed, so the same files always give the same interval.
 *  - Verdict: with threshold t (e.g. 0.02), "faster" when the whole
 *    interval lies below 1 - t, "slower" when it lies above 1 + t, "same"
 *    when it lies within [1 - t, 1 + t], "unknown" otherwise (the
 *    interval straddles a boundary: more samples would tell).
 * All functions are pure: no I/O, no global state. */
#ifndef CULAB_STATS_H
#define CULAB_STATS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The confidence culab states everywhere. */
#define STATS_CONFIDENCE 0.95
/* Bootstrap resamples of a ratio interval. */
#define STATS_BOOTSTRAP 2000

struct sample_stats {
	size_t n;
	double median;
	double median_lo, median_hi; /* 95 % interval of the median */
	double q1, q3;               /* quartiles (type 7) */
	size_t outliers;             /* outside Tukey's fences */
};

/* The order-statistic ranks (0-based, into the sorted samples) of the
 * interval of the median of n samples at confidence conf: *lo and *hi.
 * For n too small to reach conf, 0 and n-1.  n >= 1. */
void stats_median_ranks(size_t n, double conf, size_t *lo, size_t *hi);

/* The p-quantile (0..1) of sorted samples x[0..n), type 7. */
double stats_quantile(const double *sorted, size_t n, double p);

/* The median of v[0..n) (type 7: the mean of the two middle values for
 * even n), reordering v; n >= 1. */
double stats_median(double *v, size_t n);

/* xorshift64*: a small generator with a fixed seed, so an interval
 * repeats exactly from run to run; the next number of state *s. */
uint64_t stats_random(uint64_t *s);
/* A resample with replacement of n items as counts: cnt[j] the times
 * index j was drawn (n draws of stats_random(rng) % n). */
void stats_resample_counts(unsigned *cnt, size_t n, uint64_t *rng);
/* x[0..n)'s indexes in the order of their values (ties by index); caller
 * frees. */
size_t *stats_order(const double *x, size_t n);
/* The median of a resample of x[0..n) that drew index j cnt[j] times
 * (the counts add up to n), order x's indexes by value (stats_order): as
 * stats_median of the resample gives it, without copying it and
 * selecting, which is a bootstrap's cost. */
double stats_counted_median(const double *x, const size_t *order,
			    const unsigned *cnt, size_t n);

/* Fills *s from samples x[0..n) (any order; x is not changed).  n = 0
 * gives NAN everywhere and n = 0. */
void stats_summarize(const double *x, size_t n, struct sample_stats *s);

/* The ratio median(b) / median(a) and its bootstrap interval at conf
 * (iters resamples, seeded with seed).  Returns 0, or -1 when a side has
 * no sample or a median is not positive (then *ratio, *lo, *hi are
 * NAN). */
int stats_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
		   double conf, unsigned iters, uint64_t seed, double *ratio,
		   double *lo, double *hi);

enum stats_verdict {
	SV_SAME,
	SV_FASTER,        /* b takes less time than a */
	SV_SLOWER,
	SV_UNKNOWN,
	SV__COUNT
};

/* The verdict of a time ratio interval [lo, hi] (new / base) against a
 * relative threshold t >= 0 (see the top of this file). */
enum stats_verdict stats_verdict_of(double lo, double hi, double t);
/* "same", "faster", "slower", "unknown". */
const char *stats_verdict_name(enum stats_verdict v);

/* Whether samples x[0..n) pin the median down to `rel` (relative half
 * width of its interval, e.g. 0.01): the stopping rule of `repeats:
 * auto`.  False below 6 samples. */
int stats_precise(const double *x, size_t n, double rel);

#ifdef __cplusplus
}
#endif

#endif
