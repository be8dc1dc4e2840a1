/* test_runner.c - the runner's host-side pieces: deterministic inputs and
 * the CPU reference with its tolerance (no GPU needed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"
#include "util.h"

static void test_fill_deterministic(void **state)
{
	int a[1000], b[1000], c[1000];

	(void)state;
	runner_fill_input(a, FAMILY_REDUCE, DTYPE_INT, 1000, 1, 7);
	runner_fill_input(b, FAMILY_REDUCE, DTYPE_INT, 1000, 1, 7);
	runner_fill_input(c, FAMILY_REDUCE, DTYPE_INT, 1000, 1, 8);
	assert_memory_equal(a, b, sizeof(a));
	assert_memory_not_equal(a, c, sizeof(a));
}

static void test_fill_ranges(void **state)
{
	enum { N = 100000 };
	int *ri = xmalloc(N * sizeof(int)), *ti = xmalloc(N * sizeof(int));
	float *f = xmalloc(N * sizeof(float));
	double *d = xmalloc(N * sizeof(double));
	int zeros = 0, lo = 0, hi = 0;

	(void)state;
	runner_fill_input(ri, FAMILY_REDUCE, DTYPE_INT, N, 1, 1);
	runner_fill_input(ti, FAMILY_TRANSPOSE, DTYPE_INT, 250, 400, 1);
	runner_fill_input(f, FAMILY_REDUCE, DTYPE_FLOAT, N, 1, 1);
	runner_fill_input(d, FAMILY_TRANSPOSE, DTYPE_DOUBLE, 1000, 100, 1);
	for (int i = 0; i < N; i++) {
		assert_in_range(ri[i] + 1000, 0, 2000);
		assert_in_range(ti[i], 0, (1 << 30) - 1);
		assert_true(f[i] >= 0.0f && f[i] < 1.0f);
		assert_true(d[i] >= 0.0 && d[i] < 1.0);
		/* The poison pattern is never an input value. */
		assert_int_not_equal(ti[i], 0x5a5a5a5a);
		zeros += ri[i] == 0;
		lo += ri[i] == -1000;
		hi += ri[i] == 1000;
	}
	/* Never all zeros, and the whole range is used. */
	assert_true(zeros < N / 100);
	assert_true(lo > 0 && hi > 0);
	free(ri);
	free(ti);
	free(f);
	free(d);
}

static void test_reference_int_exact(void **state)
{
	int x[] = { 1000, -1000, 7, 2147483647, 2147483647 };
	long double s;
	double tol;

	(void)state;
	runner_reference_sum(x, DTYPE_INT, 5, &s, &tol);
	/* Accumulated in 64 bits: two INT_MAX do not overflow. */
	assert_true(s == 4294967301.0L);
	assert_float_equal(tol, 0, 0);
}

static void test_reference_float(void **state)
{
	enum { N = 1 << 20 };
	float *x = xmalloc(N * sizeof(float));
	long double s, naive = 0;
	double tol;

	(void)state;
	for (int i = 0; i < N; i++)
		x[i] = (i % 2) ? 0.1f : 1e-8f;
	runner_reference_sum(x, DTYPE_FLOAT, N, &s, &tol);
	for (int i = 0; i < N; i++)
		naive += x[i];
	assert_true(fabsl(s - naive) < 1e-9L);
	/* tolerance = 4 eps sqrt(n) sum|x| with eps = 2^-24 */
	assert_float_equal(tol, 4.0 * 0x1.0p-24 * 1024.0 * (double)naive,
			   1e-12 * (double)naive);
	free(x);
}

static void test_reference_double_small(void **state)
{
	double x[] = { 0.25 };
	long double s;
	double tol;

	(void)state;
	runner_reference_sum(x, DTYPE_DOUBLE, 1, &s, &tol);
	assert_true(s == 0.25L);
	assert_float_equal(tol, 4.0 * 0x1.0p-53 * 0.25, 1e-30);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fill_deterministic),
		cmocka_unit_test(test_fill_ranges),
		cmocka_unit_test(test_reference_int_exact),
		cmocka_unit_test(test_reference_float),
		cmocka_unit_test(test_reference_double_small),
	};

	return cmocka_run_group_tests_name("runner", tests, NULL, NULL);
}
