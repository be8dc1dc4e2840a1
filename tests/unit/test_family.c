/* test_family.c - the families' host-side pieces: deterministic inputs,
 * the CPU reference with its tolerance and the checks of an output (no
 * GPU needed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "base/util.h"

static void fill(void *buf, enum family f, enum dtype t, uint64_t n,
		 uint64_t m, uint64_t seed)
{
	family_fill_input(buf, family_get(f), t, n, m, seed);
}

static void test_fill_deterministic(void **state)
{
	int a[1000], b[1000], c[1000];

	(void)state;
	fill(a, FAMILY_REDUCE, DTYPE_INT, 1000, 1, 7);
	fill(b, FAMILY_REDUCE, DTYPE_INT, 1000, 1, 7);
	fill(c, FAMILY_REDUCE, DTYPE_INT, 1000, 1, 8);
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
	fill(ri, FAMILY_REDUCE, DTYPE_INT, N, 1, 1);
	fill(ti, FAMILY_TRANSPOSE, DTYPE_INT, 250, 400, 1);
	fill(f, FAMILY_REDUCE, DTYPE_FLOAT, N, 1, 1);
	fill(d, FAMILY_TRANSPOSE, DTYPE_DOUBLE, 1000, 100, 1);
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
	double abs_sum;

	(void)state;
	family_reference_sum(x, DTYPE_INT, 5, &s, &abs_sum);
	/* Accumulated in 64 bits: two INT_MAX do not overflow. */
	assert_true(s == 4294967301.0L);
	assert_float_equal(abs_sum, 0, 0);
}

static void test_reference_float(void **state)
{
	enum { N = 1 << 20 };
	float *x = xmalloc(N * sizeof(float));
	long double s, naive = 0;
	double abs_sum;

	(void)state;
	for (int i = 0; i < N; i++)
		x[i] = (i % 2) ? 0.1f : 1e-8f;
	family_reference_sum(x, DTYPE_FLOAT, N, &s, &abs_sum);
	for (int i = 0; i < N; i++)
		naive += x[i];
	assert_true(fabsl(s - naive) < 1e-9L);
	/* the inputs are >= 0: sum|x| is the sum */
	assert_float_equal(abs_sum, (double)naive, 1e-12 * (double)naive);
	free(x);
}

static void test_reference_double_small(void **state)
{
	double x[] = { 0.25 };
	long double s;
	double abs_sum;

	(void)state;
	family_reference_sum(x, DTYPE_DOUBLE, 1, &s, &abs_sum);
	assert_true(s == 0.25L);
	assert_float_equal(abs_sum, 0.25, 1e-30);
}

static void test_check_transpose(void **state)
{
	enum { R = 130, C = 67 };
	float *in = xmalloc(R * C * sizeof(float)), *out = xmalloc(R * C * sizeof(float));
	double *din = xmalloc(R * C * sizeof(double)), *dout = xmalloc(R * C * sizeof(double));
	size_t first;

	(void)state;
	fill(in, FAMILY_TRANSPOSE, DTYPE_FLOAT, R, C, 3);
	fill(din, FAMILY_TRANSPOSE, DTYPE_DOUBLE, R, C, 3);
	for (size_t i = 0; i < R; i++)
		for (size_t j = 0; j < C; j++) {
			out[j * R + i] = in[i * C + j];
			dout[j * R + i] = din[i * C + j];
		}
	assert_int_equal(family_check_transpose(in, out, R, C, 4, false, &first), 0);
	assert_true(first == SIZE_MAX);
	assert_int_equal(family_check_transpose(din, dout, R, C, 8, false, &first), 0);
	/* One wrong element, in the last partial tile: found, and where. */
	out[(C - 1) * R + (R - 1)] += 1.0f;
	assert_int_equal(family_check_transpose(in, out, R, C, 4, false, &first), 1);
	assert_int_equal(first, (R - 1) * C + (C - 1));
	/* An unwritten (poisoned) output fails everywhere. */
	memset(dout, 0x5a, R * C * sizeof(double));
	assert_int_equal(family_check_transpose(din, dout, R, C, 8, false, &first),
			 R * C);
	assert_int_equal(first, 0);
	/* Copies compare element i with element i. */
	assert_int_equal(family_check_transpose(in, in, R, C, 4, true, &first), 0);
	assert_int_equal(family_check_transpose(in, out, R, C, 4, true, &first) > 0, 1);
	free(in);
	free(out);
	free(din);
	free(dout);
}

/* Chunked, multi-threaded reference: equal to a sequential compensated sum
 * in long double, on more than one chunk. */
static void test_reference_chunks(void **state)
{
	enum { N = (1 << 21) + 12345 };
	double *x = xmalloc(N * sizeof(double));
	long double s, seq = 0, c = 0;
	double abs_sum;

	(void)state;
	fill(x, FAMILY_REDUCE, DTYPE_DOUBLE, N, 1, 9);
	for (int i = 0; i < N; i++) {
		long double u = seq + x[i];

		c += fabsl(seq) >= fabsl((long double)x[i]) ?
			(seq - u) + x[i] : (x[i] - u) + seq;
		seq = u;
	}
	seq += c;
	family_reference_sum(x, DTYPE_DOUBLE, N, &s, &abs_sum);
	assert_true(fabsl(s - seq) <= 1e-15L * seq);
	free(x);
}

/* The checks the runner calls through the family table. */
static void test_family_checks(void **state)
{
	const struct family_def *r = family_get(FAMILY_REDUCE);
	const struct family_def *t = family_get(FAMILY_TRANSPOSE);
	int ints[3] = { 5, -2, 1000 };
	float fl[4] = { 0.5f, 0.25f, 0.125f, 0.125f };
	long long acc = 1003;
	float facc = 1.0f;
	float in[6] = { 1, 2, 3, 4, 5, 6 }, out[6] = { 1, 4, 2, 5, 3, 6 };
	struct family_check c;
	void *ref;

	(void)state;
	ref = r->reference(ints, DTYPE_INT, 3, 1);
	r->check(ref, ints, &acc, DTYPE_INT, 3, 1, false, NULL, &c);
	assert_true(c.ok);
	assert_true(c.error == 0 && c.tolerance == 0);
	acc = 1002;
	r->check(ref, ints, &acc, DTYPE_INT, 3, 1, false, NULL, &c);
	assert_false(c.ok);
	assert_string_equal(c.message, "sum is 1002, expected 1003");

	/* the read ceiling leaves the XOR of the input's 32-bit words:
	 * 5 ^ -2 ^ 1000 */
	{
		uint32_t x = 5u ^ (uint32_t)-2 ^ 1000u;
		long long xacc = 0;

		assert_int_equal(family_xor32(ints, 3), x);
		memcpy(&xacc, &x, sizeof(x));
		r->check(ref, ints, &xacc, DTYPE_INT, 3, 1, true, NULL, &c);
		assert_true(c.ok);
		x ^= 1000u;     /* as if it skipped the last element */
		memcpy(&xacc, &x, sizeof(x));
		r->check(ref, ints, &xacc, DTYPE_INT, 3, 1, true, NULL, &c);
		assert_false(c.ok);
		assert_non_null(strstr(c.message, "did not read every byte"));
	}
	free(ref);

	ref = r->reference(fl, DTYPE_FLOAT, 4, 1);
	r->check(ref, fl, &facc, DTYPE_FLOAT, 4, 1, false, NULL, &c);
	assert_true(c.ok);
	assert_true(c.tolerance > 0);
	facc = 1.5f;
	r->check(ref, fl, &facc, DTYPE_FLOAT, 4, 1, false, NULL, &c);
	assert_false(c.ok);
	assert_non_null(strstr(c.message, "sum is 1.5, expected 1 (error 0.5 > "
				       "tolerance"));
	free(ref);

	/* 2 x 3 input; its transpose is 3 x 2 */
	assert_null(t->reference);
	t->check(NULL, in, out, DTYPE_FLOAT, 2, 3, false, NULL, &c);
	assert_true(c.ok);
	t->check(NULL, in, in, DTYPE_FLOAT, 2, 3, true, NULL, &c);
	assert_true(c.ok);
	t->check(NULL, in, in, DTYPE_FLOAT, 2, 3, false, NULL, &c);
	assert_false(c.ok);
	assert_int_equal((int)c.error, 4);
	assert_string_equal(c.message, "4 of 6 elements differ; first at row "
			    "0, column 1 of the input");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fill_deterministic),
		cmocka_unit_test(test_fill_ranges),
		cmocka_unit_test(test_reference_int_exact),
		cmocka_unit_test(test_reference_float),
		cmocka_unit_test(test_reference_double_small),
		cmocka_unit_test(test_check_transpose),
		cmocka_unit_test(test_reference_chunks),
		cmocka_unit_test(test_family_checks),
	};

	return cmocka_run_group_tests_name("runner", tests, NULL, NULL);
}
