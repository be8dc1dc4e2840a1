/* test_tolerance.c - the float/double tolerance of a reduction
 * (family_sum_tolerance): tight enough that a sum missing one block's
 * partial fails, loose enough that every recorded real run passes.  No
 * GPU needed: the recorded results are in the tree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "results/results.h"

/* SMs of the GPUs the ladder was recorded on (H100 SXM, H200) and of a
 * larger one, so the grids the launchers choose vary. */
static const int sm_counts[] = { 132, 170 };
static const int blocks[] = { 128, 256, 512, 1024 };

/* The least a block of k inputs uniform in [0, 1) adds up to, but for a
 * four-sigma fluke: k/2 - 4 sqrt(k/12). */
static double lost_sum(double k)
{
	return k / 2 - 4 * sqrt(k / 12);
}

/* Where a lost block cannot be told from round-off in float, for the
 * reason each row gives; the test checks that exactly these are the
 * exceptions, so a change either way shows.  A row holds from 2^log2_from
 * up, for blocks of at most max_block threads.  (Double has none.) */
static const struct {
	const char *variant;
	int max_block;
	int log2_from;
	const char *why;
} float_exceptions[] = {
	/* The host adds n/B tile sums one by one in float: its own error
	 * grows like sqrt(n/B) times the sum (2350 at 2^28 on an H100,
	 * recorded, against 128 for one tile of 256). */
	{ "reduce_global", 128, 21, "host loop in float" },
	{ "reduce_global", 256, 22, "host loop in float" },
	{ "reduce_global", 512, 23, "host loop in float" },
	{ "reduce_global", 1024, 24, "host loop in float" },
	/* A tile of B (or 2B) floats adds B/2 (or B) to a sum of n/2: from
	 * 2^27 on that is a few units in the last place of the float result,
	 * where the rounding of any correct order lies too. */
	{ "reduce_interleaved_divergent", 128, 26, "tile within float ulps" },
	{ "reduce_interleaved_divergent", 256, 27, "tile within float ulps" },
	{ "reduce_interleaved_divergent", 512, 28, "tile within float ulps" },
	{ "reduce_interleaved_divergent", 1024, 29, "tile within float ulps" },
	{ "reduce_first_add", 128, 27, "tile within float ulps" },
	{ "reduce_first_add", 256, 28, "tile within float ulps" },
	{ "reduce_first_add", 512, 29, "tile within float ulps" },
	{ "reduce_first_add", 1024, 30, "tile within float ulps" },
	/* One atomicAdd per block into one float: with blocks of 128 or 256
	 * threads the chain of up to 16 waves of atomics is the error. */
	{ "reduce_vector_atomic", 128, 27, "atomics over 16 waves" },
	{ "reduce_vector_atomic", 256, 28, "atomics over 16 waves" },
};

/* Variants that share one order of additions share the exceptions. */
static const char *same_order(const char *v)
{
	static const char *const pairs[][2] = {
		{ "reduce_interleaved_strided", "reduce_interleaved_divergent" },
		{ "reduce_shared_static", "reduce_interleaved_divergent" },
		{ "reduce_shared_dynamic", "reduce_interleaved_divergent" },
		{ "reduce_warp_volatile", "reduce_first_add" },
		{ "reduce_warp_syncwarp", "reduce_first_add" },
		{ "reduce_unrolled", "reduce_first_add" },
	};

	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (!strcmp(pairs[i][0], v))
			return pairs[i][1];
	return v;
}

static const char *float_exception(const char *variant, int block, int log2n)
{
	const char *v = same_order(variant);
	const char *why = NULL;
	int best = 1 << 30;

	for (size_t i = 0; i < sizeof(float_exceptions) / sizeof(float_exceptions[0]);
	     i++)
		if (!strcmp(float_exceptions[i].variant, v) &&
		    block <= float_exceptions[i].max_block &&
		    float_exceptions[i].max_block < best) {
			best = float_exceptions[i].max_block;
			why = log2n >= float_exceptions[i].log2_from ?
				      float_exceptions[i].why : NULL;
		}
	return why;
}

/* A sum with one block's partial dropped fails: at every n from 2^20 to
 * 2^30, float and double, every rung with blocks, every block size and
 * grid, the tolerance is at most a quarter of what the block adds (so the
 * wrong sum is at least three tolerances outside), except where float
 * cannot tell (float_exceptions, checked to be exactly those). */
static void test_dropped_block(void **state)
{
	size_t count;
	const struct variant *all = registry_builtin(&count);
	int checked = 0, failures = 0;

	(void)state;
	for (size_t i = 0; i < count; i++) {
		const struct variant *v = &all[i];

		if (v->family != FAMILY_REDUCE || v->step < 1 ||
		    !(v->flags & VF_BLOCK) || (v->flags & VF_CEILING))
			continue;
		for (int t = DTYPE_FLOAT; t <= DTYPE_DOUBLE; t++)
		for (size_t b = 0; b < sizeof(blocks) / sizeof(blocks[0]); b++)
		for (size_t s = 0; s < sizeof(sm_counts) / sizeof(sm_counts[0]); s++)
		for (int e = 20; e <= 30; e++) {
			struct family_run run = { v->name, blocks[b], sm_counts[s] };
			uint64_t n = (uint64_t)1 << e;
			double k = family_sum_block_elems(&run, (enum dtype)t, n);
			double tol = family_sum_tolerance(&run, (enum dtype)t, n,
							  (double)n / 2);
			const char *why = t == DTYPE_FLOAT ?
				float_exception(v->name, blocks[b], e) : NULL;
			bool caught = 4 * tol <= lost_sum(k);

			if (!variant_block_ok(v, blocks[b]))
				continue;
			assert_true(k >= 1);
			checked++;
			if (caught == (why == NULL))
				continue;
			failures++;
			fprintf(stderr, "%s:%d: %s %s block %d, %d SMs, n 2^%d: "
				"tolerance %.4g, one block adds %.4g (%s)\n",
				__FILE__, __LINE__, v->name,
				dtype_name((enum dtype)t), blocks[b], sm_counts[s],
				e, tol, lost_sum(k),
				why ? "listed as not caught, but is" :
				      "not caught");
		}
	}
	assert_true(checked > 1000);
	assert_int_equal(failures, 0);
}

/* For one-block rungs "a block" is the whole sum; the one that matters
 * is one thread's share (n/B elements). */
static void test_one_block_thread(void **state)
{
	(void)state;
	for (int t = DTYPE_FLOAT; t <= DTYPE_DOUBLE; t++)
		for (int e = 20; e <= 30; e++) {
			struct family_run run = { "reduce_one_block", 1024, 132 };
			uint64_t n = (uint64_t)1 << e;
			double tol = family_sum_tolerance(&run, (enum dtype)t, n,
							  (double)n / 2);

			assert_true(4 * tol <= lost_sum((double)n / 1024));
		}
}

/* Orders that are not known get the serial bound, which holds for every
 * order; and the tolerance of a known order is never above it. */
static void test_unknown_order(void **state)
{
	struct family_run user = { "reduce_mine.v1", 256, 132 };
	struct family_run tree = { "reduce_shared_static", 256, 132 };
	uint64_t n = (uint64_t)1 << 24;
	double serial = family_sum_tolerance(NULL, DTYPE_FLOAT, n, 1e6);

	(void)state;
	assert_float_equal(family_sum_tolerance(&user, DTYPE_FLOAT, n, 1e6),
			   serial, 0);
	/* 6 u sqrt(n^3/3 + ...) S / n */
	assert_float_equal(serial, 6 * 0x1.0p-24 * 1e6 * sqrt((double)n / 3),
			   1e-3 * serial);
	assert_true(family_sum_tolerance(&tree, DTYPE_FLOAT, n, 1e6) <
		    serial / 1000);
	assert_float_equal(family_sum_tolerance(&tree, DTYPE_INT, n, 1e6), 0, 0);
	assert_float_equal(family_sum_block_elems(&user, DTYPE_FLOAT, n), 0, 0);
}

/* Every recorded real run: a row that verified still verifies under the
 * new tolerance, with its error at most half of it, and a row that failed
 * still fails.  sum|x| is not recorded; inputs are uniform in [0, 1), so
 * it is n/2 within 3 sqrt(n/12) (the lower end is taken: the strictest). */
static const char *const recorded[] = {
	"tests/fixtures/quick/results.json",
	"reports/examples/h100/results.json",
	"reports/examples/h200/results.json",
	"reports/examples/exercise/results.json",
	"reports/compare/h100-twice/second-run.json",
	"reports/bench/h100/reduce/results.json",
	"reports/bench/h200/reduce/results.json",
	"tests/fixtures/recorded-2026-11-22/quick/results.json",
	"tests/fixtures/recorded-2026-11-22/default-h100/results.json",
	"tests/fixtures/recorded-2026-11-22/exercise-h100/results.json",
	"tests/fixtures/recorded-2026-11-22/bench-h100/reduce/results.json",
};

/* More files to check, ':'-separated (new GPU runs): CULAB_TOLERANCE_RESULTS. */
#define MAX_FILES 64

static void test_recorded_errors(void **state)
{
	double worst[2][31] = { { 0 } };
	int rows = 0, failed = 0, bad = 0;
	const char *files[MAX_FILES];
	size_t nfiles = 0;
	char *extra = getenv("CULAB_TOLERANCE_RESULTS") ?
		strdup(getenv("CULAB_TOLERANCE_RESULTS")) : NULL;

	(void)state;
	for (size_t f = 0; f < sizeof(recorded) / sizeof(recorded[0]); f++)
		files[nfiles++] = recorded[f];
	for (char *p = extra ? strtok(extra, ":") : NULL;
	     p && nfiles < MAX_FILES; p = strtok(NULL, ":"))
		files[nfiles++] = p;
	for (size_t f = 0; f < nfiles; f++) {
		struct results r;

		memset(&r, 0, sizeof(r));
		assert_int_equal(results_read(files[f], &r), 0);
		for (size_t i = 0; i < r.nrows; i++) {
			const struct result_row *w = &r.rows[i];
			int d = w->device >= 0 && (size_t)w->device < r.ndevices ?
				w->device : 0;
			struct family_run run = {
				w->variant, w->block,
				r.ndevices ? r.devices[d].sm_count : 0 };
			enum dtype t;
			double n = (double)w->n, tol, ratio;
			int e = (int)floor(log2(n));

			if (strcmp(w->family, "reduce") ||
			    dtype_parse(w->dtype, &t) < 0 ||
			    t == DTYPE_INT || !strcmp(w->variant, "reduce_read") ||
			    w->status == ROW_SKIPPED || w->status == ROW_ERROR ||
			    (w->tolerance <= 0 && !w->verified))
				continue;
			tol = family_sum_tolerance(&run, t, w->n,
						   n / 2 - 3 * sqrt(n / 12));
			ratio = w->error / tol;
			if (!w->verified) {     /* a wrong sum stays wrong */
				failed++;
				if (ratio <= 1) {
					bad++;
					fprintf(stderr, "%s: %s %s n %.0f: failed "
						"before, passes now (error %.3g, "
						"tolerance %.3g)\n", files[f],
						w->variant, w->dtype, n, w->error,
						tol);
				}
				continue;
			}
			rows++;
			if (e >= 0 && e <= 30 && ratio > worst[t - DTYPE_FLOAT][e])
				worst[t - DTYPE_FLOAT][e] = ratio;
			if (ratio > (getenv("TOL_SHOW") ? 0.2 : 0.5)) {
				bad++;
				fprintf(stderr, "%s: %s %s n %.0f block %d: error "
					"%.3g is %.2f of the tolerance %.3g\n",
					files[f], w->variant, w->dtype, n,
					w->block, w->error, ratio, tol);
			}
		}
		results_release(&r);
	}
	free(extra);
	for (int t = 0; t < 2; t++)
		for (int e = 0; e <= 30; e++)
			if (worst[t][e] > 0)
				printf("worst error / tolerance, %s n = 2^%d: %.3f\n",
				       t ? "double" : "float", e, worst[t][e]);
	assert_true(rows > 300);
	assert_true(failed >= 1);
	assert_int_equal(bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dropped_block),
		cmocka_unit_test(test_one_block_thread),
		cmocka_unit_test(test_unknown_order),
		cmocka_unit_test(test_recorded_errors),
	};

	return cmocka_run_group_tests_name("tolerance", tests, NULL, NULL);
}
