/* test_stats.c - the statistics of timed samples against reference values
 * computed independently: the median ranks with Python's exact integer
 * binomials (math.comb: the largest r with 2 P(B <= r-1) <= 0.05, B ~
 * binomial(n, 1/2)), which agree with Conover's published table (n = 20:
 * 6th and 15th; n = 100: 40th and 61st, 1-based); quartiles with Python's
 * statistics.quantiles(x, n=4, method="inclusive"), which is type 7. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"

#define CLOSE(a, b) assert_true(fabs((a) - (b)) < 1e-9)

static void test_median_ranks(void **state)
{
	static const struct {
		size_t n, lo, hi;
	} want[] = {
		{ 1, 0, 0 }, { 5, 0, 4 }, { 6, 0, 5 }, { 7, 0, 6 },
		{ 10, 1, 8 }, { 20, 5, 14 }, { 30, 9, 20 }, { 50, 17, 32 },
		{ 100, 39, 60 }, { 1000, 468, 531 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		size_t lo, hi;

		stats_median_ranks(want[i].n, 0.95, &lo, &hi);
		assert_int_equal(lo, want[i].lo);
		assert_int_equal(hi, want[i].hi);
	}
}

static void test_summary(void **state)
{
	/* one outlier among ten */
	const double x[] = { 3.1, 2.7, 2.9, 3.0, 15.0, 2.8, 3.2, 2.95, 3.05,
			     2.85 };
	struct sample_stats s;

	(void)state;
	stats_summarize(x, 10, &s);
	assert_int_equal(s.n, 10);
	CLOSE(s.median, 2.975);
	CLOSE(s.q1, 2.8625);
	CLOSE(s.q3, 3.0875);
	assert_int_equal(s.outliers, 1);
	/* ranks 1 and 8 of the sorted samples */
	CLOSE(s.median_lo, 2.8);
	CLOSE(s.median_hi, 3.2);
	stats_summarize(x, 0, &s);
	assert_true(isnan(s.median) && s.n == 0);
}

/* The ratio of medians: exact ratio, an interval around it that is
 * narrow for tight samples, the same from run to run (fixed seed), and
 * verdicts from the interval. */
/* stats_median: the middle value, or the mean of the two middle ones,
 * whatever the order, duplicates included. */
static void test_median(void **state)
{
	double odd[] = { 5, 1, 4, 2, 3 }, even[] = { 7, 1, 3, 3 }, one[] = { 9 };

	(void)state;
	assert_float_equal(stats_median(odd, 5), 3, 0);
	assert_float_equal(stats_median(even, 4), 3, 0);
	assert_float_equal(stats_median(one, 1), 9, 0);
}

static void test_ratio(void **state)
{
	double a[50], b[50], c[50], r, lo, hi, r2, lo2, hi2;

	(void)state;
	for (int i = 0; i < 50; i++) {
		a[i] = 1.0 + 0.001 * (i % 7);           /* median 1.003 */
		b[i] = 0.8 * a[i];                      /* 20 % faster */
		c[i] = 1.0 + 0.001 * ((i * 3) % 7);     /* same values */
	}
	assert_int_equal(stats_ratio_ci(a, 50, b, 50, 0.95, STATS_BOOTSTRAP, 1,
					&r, &lo, &hi), 0);
	CLOSE(r, 0.8);
	assert_true(lo <= r && r <= hi && hi - lo < 0.01);
	assert_int_equal(stats_verdict_of(lo, hi, 0.02), SV_FASTER);
	assert_int_equal(stats_ratio_ci(a, 50, b, 50, 0.95, STATS_BOOTSTRAP, 1,
					&r2, &lo2, &hi2), 0);
	assert_true(lo2 == lo && hi2 == hi);
	assert_int_equal(stats_ratio_ci(a, 50, c, 50, 0.95, STATS_BOOTSTRAP, 7,
					&r, &lo, &hi), 0);
	CLOSE(r, 1.0);
	assert_int_equal(stats_verdict_of(lo, hi, 0.02), SV_SAME);
	assert_int_equal(stats_ratio_ci(b, 50, a, 50, 0.95, STATS_BOOTSTRAP, 1,
					&r, &lo, &hi), 0);
	assert_int_equal(stats_verdict_of(lo, hi, 0.02), SV_SLOWER);
	/* nothing to compare */
	assert_int_equal(stats_ratio_ci(a, 0, b, 50, 0.95, 10, 1, &r, &lo,
					&hi), -1);
	assert_true(isnan(r));
}

static void test_verdicts(void **state)
{
	(void)state;
	assert_int_equal(stats_verdict_of(0.90, 0.95, 0.02), SV_FASTER);
	assert_int_equal(stats_verdict_of(1.03, 1.10, 0.02), SV_SLOWER);
	assert_int_equal(stats_verdict_of(0.99, 1.01, 0.02), SV_SAME);
	assert_int_equal(stats_verdict_of(0.97, 1.01, 0.02), SV_UNKNOWN);
	assert_int_equal(stats_verdict_of(NAN, 1.01, 0.02), SV_UNKNOWN);
	assert_string_equal(stats_verdict_name(SV_SLOWER), "slower");
}

/* The quickselect behind the bootstrap agrees with sorting on odd and
 * even sizes, duplicates included. */
static void test_ratio_large(void **state)
{
	enum { N = 20001 };
	double *a = malloc(N * sizeof(*a)), *b = malloc(N * sizeof(*b));
	double r, lo, hi;

	(void)state;
	for (int i = 0; i < N; i++) {
		a[i] = 2.0 + (double)((i * 7919) % 1000) / 1000.0;
		b[i] = 2.0 * a[i];
	}
	assert_int_equal(stats_ratio_ci(a, N, b, N - 1, 0.95, 200, 3, &r, &lo,
					&hi), 0);
	assert_true(fabs(r - 2.0) < 0.002);
	assert_true(lo <= r && r <= hi && hi - lo < 0.02);
	free(a);
	free(b);
}

static void test_precise(void **state)
{
	double tight[30], loose[30];

	(void)state;
	for (int i = 0; i < 30; i++) {
		tight[i] = 1.0 + 0.0001 * (i % 5);
		loose[i] = 1.0 + 0.2 * (i % 5);
	}
	assert_true(stats_precise(tight, 30, 0.01));
	assert_false(stats_precise(loose, 30, 0.01));
	assert_false(stats_precise(tight, 5, 0.01));   /* too few to tell */
}

/* A resample's median from its counts equals stats_median of the
 * resample itself, odd and even sizes, with ties and with an index drawn
 * many times. */
static void test_counted_median(void **state)
{
	double x[9] = { 5, 1, 4, 4, 9, 2, 7, 4, 3 }, r[9];
	unsigned cnt[9];
	uint64_t s = 12345;

	(void)state;
	for (size_t n = 1; n <= 9; n++) {
		size_t *o = stats_order(x, n);

		for (int k = 0; k < 200; k++) {
			size_t m = 0;

			memset(cnt, 0, sizeof(cnt));
			for (size_t j = 0; j < n; j++) {
				s = s * 6364136223846793005ull + 1442695040888963407ull;
				cnt[(s >> 33) % n]++;
			}
			for (size_t j = 0; j < n; j++)
				for (unsigned c = 0; c < cnt[j]; c++)
					r[m++] = x[j];
			assert_int_equal(m, n);
			assert_true(stats_counted_median(x, o, cnt, n) ==
				    stats_median(r, n));
		}
		free(o);
	}
	/* one value drawn every time */
	{
		size_t *o = stats_order(x, 4);

		memset(cnt, 0, sizeof(cnt));
		cnt[2] = 4;
		assert_true(stats_counted_median(x, o, cnt, 4) == 4);
		free(o);
	}
}

/* An interval asked again is the one computed, for the same samples
 * wherever they lie; other samples at the same address get their own. */
static void test_ratio_again(void **state)
{
	double a[20], b[20], r1, l1, h1, r2, l2, h2, r3, l3, h3;
	double *c = malloc(sizeof(b));

	(void)state;
	for (int i = 0; i < 20; i++) {
		a[i] = 1.0 + 0.01 * (i % 7);
		b[i] = 2.0 + 0.02 * (i % 5);
	}
	memcpy(c, b, sizeof(b));
	assert_int_equal(stats_ratio_ci(a, 20, b, 20, 0.95, 500, 7, &r1, &l1,
					&h1), 0);
	assert_int_equal(stats_ratio_ci(a, 20, c, 20, 0.95, 500, 7, &r2, &l2,
					&h2), 0);
	assert_true(r1 == r2 && l1 == l2 && h1 == h2);
	/* the same address, other samples: another interval */
	for (int i = 0; i < 20; i++)
		c[i] *= 2;
	assert_int_equal(stats_ratio_ci(a, 20, c, 20, 0.95, 500, 7, &r3, &l3,
					&h3), 0);
	assert_true(fabs(r3 - 2 * r1) < 1e-12 && l3 > h1);
	/* another seed: computed again (the bounds may differ) */
	assert_int_equal(stats_ratio_ci(a, 20, b, 20, 0.95, 500, 8, &r2, &l2,
					&h2), 0);
	assert_true(r2 == r1);
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_median_ranks),
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_ratio),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_ratio_large),
		cmocka_unit_test(test_precise),
		cmocka_unit_test(test_counted_median),
		cmocka_unit_test(test_ratio_again),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
