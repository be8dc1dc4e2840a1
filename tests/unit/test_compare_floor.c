/* test_compare_floor.c - run-to-run floors (floor.h, compare.h): the kind
 * of a row, the rule that gives a row its floor (its band and the longer
 * ones, the fallback to another GPU model), verdicts (the interval beyond
 * the threshold and the change beyond the floor, by interval and by
 * ranks), --floor none
 * and --floor F, the lines --fail-on prints, and the measurement of floors
 * from the recorded same-code H100 pair, which must give the table's
 * entries.
 *
 * The tables and results built here in memory are test data, NOT
 * measurements: their GPU models are "A", "B" and "C".  The recorded pair
 * is real: reports/examples/h100/results.json and
 * reports/compare/h100-twice/second-run.json (reports/compare/RECORDED.md);
 * the values expected of it were computed independently in Python from the
 * two files (json.load, the rows of both that ran and verified, paired by
 * experiment, variant, type, n, m and block, the kind from each variant's
 * "flags" and, for a GPU row, its "bytes" against the environment's
 * "l2_bytes"), each noted where it is used. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "compare/compare.h"
#include "results/results.h"
#include "base/util.h"

#define H100_BASE "tests/fixtures/recorded-2026-11-27/h100-default/results.json"
#define H100_AGAIN "reports/compare/h100-twice/second-run.json"

/* ---- test data (not measurements) -------------------------------------- */

/* Model A: GPU rows measured in three bands, host steps in one; model B:
 * GPU rows only, wider at 32-64 us; the CPU measured nowhere. */
static const struct compare_floor table[] = {
	{ "A", CK_GPU, 0.008, 0.016, 0.09, 1, "test table A" },
	{ "A", CK_GPU, 0.032, 0.064, 0.03, 1, "test table A" },
	{ "A", CK_GPU, 0.256, 0.512, 0.004, 1, "test table A" },
	{ "A", CK_HOST_STEP, 0.032, 0.064, 0.12, 1, "test table A" },
	{ "B", CK_GPU, 0.008, 0.016, 0.05, 1, "test table B" },
	{ "B", CK_GPU, 0.032, 0.064, 0.06, 1, "test table B" },
};

static void env(struct results *r, const char *gpu)
{
	r->has_env = true;
	r->env.gpu_name = xstrdup(gpu);
	r->env.cc_major = 9;
	r->env.gpu_uuid = xstrdup("GPU-test");
}

/* n samples spread evenly over median * (1 +- spread), shuffled; their
 * median is `median`. */
static void samples(struct timing *t, double median, double spread, size_t n)
{
	t->nsamples = n;
	t->samples_ms = xcalloc(n, sizeof(double));
	for (size_t i = 0; i < n; i++) {
		size_t k = (i * 7) % n;
		double f = n > 1 ? (double)k / (double)(n - 1) - 0.5 : 0;

		t->samples_ms[i] = median * (1 + 2 * spread * f);
	}
	timing_compute(t);
}

static struct result_row *row(struct results *r, const char *variant,
			      double median, double spread, size_t count)
{
	struct result_row *w = results_add_row(r);

	w->experiment = xstrdup("e");
	w->family = xstrdup("reduce");
	w->variant = xstrdup(variant);
	w->dtype = xstrdup("float");
	w->n = 1024;
	w->m = 1;
	w->block = 256;
	w->status = ROW_OK;
	w->verified = true;
	w->timer = xstrdup("cuda-events");
	w->counters_status = xstrdup("not requested");
	samples(&w->t, median, spread, count);
	return w;
}

/* A variant description of the given flags, as a results file holds it. */
static void describe(struct results *r, const char *name, unsigned flags)
{
	struct variant v = {
		.name = name, .family = FAMILY_REDUCE, .title = name,
		.dtypes = DTYPE_ALL, .flags = flags,
	};

	results_add_variant(r, &v);
}

static const struct compare_pair *pair_of(const struct compare *c,
					  const char *variant)
{
	for (size_t i = 0; i < c->npairs; i++)
		if (!strcmp(c->pairs[i].base->variant, variant))
			return &c->pairs[i];
	fail_msg("%s:%d: no pair of %s", __FILE__, __LINE__, variant);
	return NULL;
}

/* ---- kinds ------------------------------------------------------------------ */

static void test_kinds(void **state)
{
	static const struct {
		const char *variant;
		enum compare_kind k;
	} recorded[] = {
		/* the timed region holds device work alone */
		{ "reduce_cub", CK_GPU }, { "reduce_single_pass", CK_GPU },
		{ "transpose_tile", CK_GPU }, { "reduce_read", CK_GPU },
		/* a copy to the host, a synchronization, host work */
		{ "reduce_global", CK_HOST_STEP },
		{ "reduce_thrust", CK_HOST_STEP },
		{ "reduce_cpu", CK_CPU },
	};
	struct results r = { 0 }, x = { 0 };
	struct result_row *w;
	size_t l2;

	(void)state;
	assert_int_equal(results_read(H100_BASE, &r), 0);
	l2 = r.env.l2_bytes;
	assert_true(l2 > 0);
	/* each at a size beyond the H100's L2 and at one within it: a GPU
	 * row on bytes the L2 would hold is "gpu in L2" */
	for (size_t i = 0; i < ARRAY_SIZE(recorded); i++) {
		for (int big = 0; big < 2; big++) {
			enum compare_kind want = recorded[i].k;
			size_t k;

			if (!big && want == CK_GPU)
				want = CK_GPU_L2;
			for (k = 0; k < r.nrows &&
			     (strcmp(r.rows[k].variant, recorded[i].variant) ||
			      (r.rows[k].bytes > (double)l2) != big); k++)
				;
			assert_true(k < r.nrows);
			if (compare_row_kind(&r, &r.rows[k]) != want)
				fail_msg("%s at %.0f bytes is %s, want %s",
					 recorded[i].variant, r.rows[k].bytes,
					 compare_kind_name(compare_row_kind(&r,
							   &r.rows[k])),
					 compare_kind_name(want));
		}
	}
	results_release(&r);
	/* a user kernel with finish: host is a host step, one that
	 * relaunches is not */
	assert_int_equal(results_read("tests/fixtures/recorded-2026-11-22/"
				      "exercise-h100/results.json", &r), 0);
	for (size_t k = 0; k < r.nrows; k++) {
		if (!strcmp(r.rows[k].variant, "reduce_modulo.reduce_modulo"))
			assert_int_equal(compare_row_kind(&r, &r.rows[k]),
					 CK_HOST_STEP);
		if (!strcmp(r.rows[k].variant, "reduce_shfl.v2"))
			assert_int_equal(compare_row_kind(&r, &r.rows[k]),
					 r.rows[k].bytes > (double)r.env.l2_bytes ?
					 CK_GPU : CK_GPU_L2);
	}
	results_release(&r);
	/* without a description: the built-in row of that name, else the
	 * timer */
	w = row(&x, "reduce_thrust", 1, 0.01, 6);
	assert_int_equal(compare_row_kind(&x, w), CK_HOST_STEP);
	w = row(&x, "mine", 1, 0.01, 6);
	assert_int_equal(compare_row_kind(&x, w), CK_GPU);
	free(w->timer);
	w->timer = xstrdup("host-clock");
	assert_int_equal(compare_row_kind(&x, w), CK_CPU);
	/* the description wins over the name */
	describe(&x, "reduce_cpu", VF_HOST_STEP);
	w = row(&x, "reduce_cpu", 1, 0.01, 6);
	assert_int_equal(compare_row_kind(&x, w), CK_HOST_STEP);
	assert_string_equal(compare_kind_name(CK_HOST_STEP), "host step");
	results_release(&x);
}

/* ---- the rule ------------------------------------------------------------- */

static void test_band(void **state)
{
	static const struct {
		double ms, lo, hi;
	} cases[] = {
		{ 0.0094, 0.008, 0.016 }, { 0.016, 0.016, 0.032 },
		{ 0.0159999, 0.008, 0.016 }, { 1.0, 0.512, 1.024 },
		{ 0.0005, 0, 0.001 }, { 395, 262.144, 524.288 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		double lo, hi;

		compare_floor_band(cases[i].ms, &lo, &hi);
		if (fabs(lo - cases[i].lo) > 1e-12 || fabs(hi - cases[i].hi) > 1e-12)
			fail_msg("%g ms: [%g, %g), want [%g, %g)", cases[i].ms,
				 lo, hi, cases[i].lo, cases[i].hi);
	}
	/* rounded up, never down */
	assert_float_equal(compare_floor_round_up(0.0896444786977515), 0.08965,
			   1e-15);
	assert_float_equal(compare_floor_round_up(0.0016), 0.0016, 1e-15);
	assert_float_equal(compare_floor_round_up(0.12267655840656033), 0.1227,
			   1e-15);
}

static void test_lookup(void **state)
{
	static const struct {
		const char *gpu;
		enum compare_kind k;
		double ms;
		double floor;
		enum compare_floor_from from;
		const char *source;
	} cases[] = {
		/* shorter than every band: every band's, the widest */
		{ "A", CK_GPU, 0.005, 0.09, CFF_MEASURED, "test table A" },
		{ "A", CK_GPU, 0.012, 0.09, CFF_MEASURED, "test table A" },
		/* 16-32 us, unmeasured: the longer bands', the widest */
		{ "A", CK_GPU, 0.020, 0.03, CFF_MEASURED, "test table A" },
		{ "A", CK_GPU, 0.050, 0.03, CFF_MEASURED, "test table A" },
		{ "A", CK_GPU, 0.100, 0.004, CFF_MEASURED, "test table A" },
		/* beyond every band: the longest band's */
		{ "A", CK_GPU, 5.0, 0.004, CFF_MEASURED, "test table A" },
		{ "A", CK_HOST_STEP, 0.020, 0.12, CFF_MEASURED, "test table A" },
		{ "A", CK_HOST_STEP, 3.0, 0.12, CFF_MEASURED, "test table A" },
		/* not measured on C: the widest the rule gives on any model */
		{ "C", CK_GPU, 0.020, 0.06, CFF_FALLBACK, "test table B" },
		{ "C", CK_GPU, 0.010, 0.09, CFF_FALLBACK, "test table A" },
		{ "C", CK_HOST_STEP, 0.020, 0.12, CFF_FALLBACK, "test table A" },
		{ NULL, CK_GPU, 0.020, 0.06, CFF_FALLBACK, "test table B" },
		/* a host step on B: only A measured host steps */
		{ "B", CK_HOST_STEP, 0.020, 0.12, CFF_FALLBACK, "test table A" },
		/* the CPU, measured nowhere */
		{ "A", CK_CPU, 1.0, 0, CFF_UNMEASURED, NULL },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct compare_floor_pick p;

		compare_floor_lookup(table, ARRAY_SIZE(table), cases[i].gpu,
				     cases[i].k, cases[i].ms, &p);
		if (p.floor != cases[i].floor || p.from != cases[i].from ||
		    (cases[i].source ? !p.entry ||
		     strcmp(p.entry->source, cases[i].source) : p.entry != NULL))
			fail_msg("%s:%d: case %zu (%s, %s, %g ms): %g %s, want "
				 "%g %s", __FILE__, __LINE__, i,
				 cases[i].gpu ? cases[i].gpu : "NULL",
				 compare_kind_name(cases[i].k), cases[i].ms,
				 p.floor, compare_floor_from_name(p.from),
				 cases[i].floor,
				 compare_floor_from_name(cases[i].from));
	}
}

/* ---- verdicts ---------------------------------------------------------------- */

/* The pairs of test_verdicts: base medians of 0.02 ms (16-32 us: A's
 * floor 0.03) and 0.04 ms for the host step (A's 0.12). */
static const struct {
	const char *variant;
	double base, ratio, spread;
	size_t n;
	/* with the table, with --floor none */
	enum stats_verdict table, none;
} vcases[] = {
	/* beyond the threshold, inside the floor: the same */
	{ "inside", 0.02, 1.025, 0.002, 20, SV_SAME, SV_SLOWER },
	{ "beyond", 0.02, 1.06, 0.002, 20, SV_SLOWER, SV_SLOWER },
	{ "faster", 0.02, 0.93, 0.002, 20, SV_FASTER, SV_FASTER },
	/* the interval across the floor, the change beyond it: a change is
	 * held against the largest change of reruns, like against like */
	{ "edge", 0.02, 1.035, 0.005, 20, SV_SLOWER, SV_SLOWER },
	/* the interval across the threshold, the change inside the floor:
	 * no larger than reruns make */
	{ "across", 0.02, 1.02, 0.005, 20, SV_SAME, SV_UNKNOWN },
	{ "host-inside", 0.04, 1.10, 0.002, 20, SV_SAME, SV_SLOWER },
	{ "host-beyond", 0.04, 1.20, 0.002, 20, SV_SLOWER, SV_SLOWER },
	/* by ranks: 5 and 5 runs, every run beyond every other */
	{ "ranks-inside", 0.02, 1.025, 0.001, 5, SV_UNKNOWN, SV_SLOWER },
	{ "ranks-beyond", 0.02, 1.10, 0.001, 5, SV_SLOWER, SV_SLOWER },
	/* the CPU: no floor measured, the threshold decides */
	{ "cpu", 1.0, 1.05, 0.002, 20, SV_SLOWER, SV_SLOWER },
};

static void verdict_data(struct results *a, struct results *b,
			 const char *ga, const char *gb)
{
	memset(a, 0, sizeof(*a));
	memset(b, 0, sizeof(*b));
	env(a, ga);
	env(b, gb);
	describe(a, "host-inside", VF_HOST_STEP);
	describe(b, "host-inside", VF_HOST_STEP);
	describe(a, "host-beyond", VF_HOST_STEP);
	describe(b, "host-beyond", VF_HOST_STEP);
	describe(a, "cpu", VF_CPU);
	describe(b, "cpu", VF_CPU);
	for (size_t i = 0; i < ARRAY_SIZE(vcases); i++) {
		row(a, vcases[i].variant, vcases[i].base, vcases[i].spread,
		    vcases[i].n);
		row(b, vcases[i].variant, vcases[i].base * vcases[i].ratio,
		    vcases[i].spread, vcases[i].n);
	}
}

static void check_verdicts(const struct compare *c, bool table_on)
{
	for (size_t i = 0; i < ARRAY_SIZE(vcases); i++) {
		const struct compare_pair *p = pair_of(c, vcases[i].variant);
		enum stats_verdict want = table_on ? vcases[i].table :
					  vcases[i].none;

		if (p->verdict != want)
			fail_msg("%s:%d: %s (floor %s): ratio %g [%g, %g], "
				 "bound %g: %s, want %s", __FILE__, __LINE__,
				 vcases[i].variant, table_on ? "table" : "none",
				 p->ratio, p->lo, p->hi, p->bound,
				 stats_verdict_name(p->verdict),
				 stats_verdict_name(want));
		/* the bound is the larger of the threshold and the floor;
		 * slower or faster: the interval beyond the threshold and the
		 * change beyond the bound */
		assert_float_equal(p->bound, fmax(c->threshold, p->floor.floor),
				   0);
		if (p->verdict == SV_SLOWER)
			assert_true(p->lo > 1 + c->threshold &&
				    p->cur_ms / p->base_ms - 1 > p->bound);
		if (p->verdict == SV_FASTER)
			assert_true(p->hi < 1 - c->threshold &&
				    1 - p->cur_ms / p->base_ms > p->bound);
	}
}

static void test_verdicts(void **state)
{
	struct compare_options o = { .floors = table,
				     .nfloors = ARRAY_SIZE(table) };
	struct results a, b;
	struct compare c;
	const struct compare_pair *p;

	(void)state;
	verdict_data(&a, &b, "A", "A");
	compare_build(&a, &b, &o, &c);
	check_verdicts(&c, true);
	p = pair_of(&c, "inside");
	assert_int_equal(p->kind, CK_GPU);
	assert_float_equal(p->floor.floor, 0.03, 0);
	assert_int_equal(p->floor.from, CFF_MEASURED);
	assert_string_equal(p->floor_gpu, "A");
	p = pair_of(&c, "host-beyond");
	assert_int_equal(p->kind, CK_HOST_STEP);
	assert_float_equal(p->floor.floor, 0.12, 0);
	p = pair_of(&c, "ranks-inside");
	assert_int_equal(p->why, CW_FEW_SAMPLES);
	assert_int_equal(pair_of(&c, "ranks-beyond")->why, CW_RANKS);
	p = pair_of(&c, "cpu");
	assert_int_equal(p->kind, CK_CPU);
	assert_int_equal(p->floor.from, CFF_UNMEASURED);
	assert_float_equal(p->bound, COMPARE_THRESHOLD, 0);
	/* the header's summary per kind */
	assert_int_equal(c.kinds[CK_GPU].npairs, 7);
	assert_float_equal(c.kinds[CK_GPU].lo, 0.03, 0);
	assert_float_equal(c.kinds[CK_GPU].hi, 0.03, 0);
	assert_int_equal(c.kinds[CK_GPU].from, 1u << CFF_MEASURED);
	assert_int_equal(c.kinds[CK_GPU].nentries, 1);
	assert_string_equal(c.kinds[CK_GPU].entries[0]->source, "test table A");
	assert_int_equal(c.kinds[CK_HOST_STEP].npairs, 2);
	assert_int_equal(c.kinds[CK_CPU].from, 1u << CFF_UNMEASURED);
	compare_release(&c);

	/* --floor none: the threshold alone */
	o.floor_mode = COMPARE_FLOOR_NONE;
	compare_build(&a, &b, &o, &c);
	check_verdicts(&c, false);
	for (size_t i = 0; i < c.npairs; i++) {
		assert_int_equal(c.pairs[i].floor.from, CFF_NONE);
		assert_float_equal(c.pairs[i].bound, COMPARE_THRESHOLD, 0);
	}
	compare_release(&c);

	/* --floor 0.1 for every row, the threshold larger still */
	o.floor_mode = COMPARE_FLOOR_FIXED;
	o.floor = 0.1;
	compare_build(&a, &b, &o, &c);
	assert_int_equal(pair_of(&c, "beyond")->verdict, SV_SAME);
	assert_int_equal(pair_of(&c, "host-beyond")->verdict, SV_SLOWER);
	for (size_t i = 0; i < c.npairs; i++) {
		assert_int_equal(c.pairs[i].floor.from, CFF_FIXED);
		assert_float_equal(c.pairs[i].bound, 0.1, 0);
	}
	compare_release(&c);
	o.threshold = 0.3;
	compare_build(&a, &b, &o, &c);
	assert_float_equal(pair_of(&c, "host-beyond")->bound, 0.3, 0);
	assert_int_equal(pair_of(&c, "host-beyond")->verdict, SV_SAME);
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

/* A model without entries takes the fallback; across two models, the
 * larger floor of the two. */
static void test_fallback(void **state)
{
	struct compare_options o = { .floors = table,
				     .nfloors = ARRAY_SIZE(table) };
	struct results a, b;
	struct compare c;
	const struct compare_pair *p;

	(void)state;
	verdict_data(&a, &b, "C", "C");
	compare_build(&a, &b, &o, &c);
	/* B's 0.06 at 16-32 us: the 3.5 % slowdown, slower on A, is inside
	 * it */
	p = pair_of(&c, "edge");
	assert_float_equal(p->floor.floor, 0.06, 0);
	assert_int_equal(p->floor.from, CFF_FALLBACK);
	assert_string_equal(p->floor.entry->gpu, "B");
	assert_string_equal(p->floor_gpu, "C");
	assert_int_equal(p->verdict, SV_SAME);
	assert_true(c.kinds[CK_GPU].from & (1u << CFF_FALLBACK));
	compare_release(&c);
	results_release(&a);
	results_release(&b);

	verdict_data(&a, &b, "A", "B");
	compare_build(&a, &b, &o, &c);
	p = pair_of(&c, "inside");
	assert_float_equal(p->floor.floor, 0.06, 0);
	assert_int_equal(p->floor.from, CFF_MEASURED);
	assert_string_equal(p->floor_gpu, "B");
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

/* --fail-on: a line on stderr for each pair that fails it, naming the
 * bound it lies beyond and where that came from; none for a pair inside
 * its floor. */
static void test_fail_lines(void **state)
{
	struct compare_options o = { .floors = table,
				     .nfloors = ARRAY_SIZE(table) };
	unsigned slower = compare_fail_mask("slower");
	struct results a, b;
	struct compare c;
	char *buf = NULL;
	size_t len = 0, lines = 0;
	FILE *mem;

	(void)state;
	verdict_data(&a, &b, "A", "A");
	for (int pass = 0; pass < 2; pass++) {
		o.floor_mode = pass ? COMPARE_FLOOR_NONE : COMPARE_FLOOR_TABLE;
		compare_build(&a, &b, &o, &c);
		mem = open_memstream(&buf, &len);
		diag_set_stream(mem);
		compare_say_fails(&c, slower, "a.json", "b.json");
		diag_set_stream(NULL);
		fclose(mem);
		lines = 0;
		for (const char *at = buf; (at = strchr(at, '\n')); at++)
			lines++;
		assert_int_equal(lines, c.counts[SV_SLOWER]);
		assert_true(compare_fails(&c, slower));
		assert_non_null(strstr(buf, "culab: error: b.json: e/beyond/"
				       "float/2^10/b256 is slower than in "
				       "a.json: median "));
		if (!pass) {
			assert_int_equal(lines, 5);
			assert_null(strstr(buf, "e/inside/"));
			assert_non_null(strstr(buf, "beyond 1 +- 0.02; the "
				"change beyond 0.03: the run-to-run floor of "
				"gpu rows (measured at 0.032 to 0.064 ms) on A, "
				"test table A)\n"));
			assert_non_null(strstr(buf, "e/host-beyond/float/2^10/"
				"b256 is slower"));
			/* the CPU's bound is the threshold */
			assert_non_null(strstr(buf, "beyond 1 +- 0.02; the "
					       "change beyond 0.02: the "
					       "threshold)\n"));
		} else {
			/* all but the faster one and the one across */
			assert_int_equal(lines, ARRAY_SIZE(vcases) - 2);
			assert_non_null(strstr(buf, "e/inside/"));
			assert_null(strstr(buf, "run-to-run"));
		}
		free(buf);
		buf = NULL;
		compare_release(&c);
	}
	results_release(&a);
	results_release(&b);
}

/* ---- measuring floors ---------------------------------------------------- */

/* The recorded same-code H100 pair: its points, and the table's entries
 * that cite it are exactly the bands that set its floors. */
static void test_noise_recorded(void **state)
{
	static const struct {
		enum compare_kind k;
		size_t n;
		double max, q95;
		const char *at;
	} want[] = {
		/* Python, from the two files (see the top of this file):
		 * count, max and numpy.percentile(.., 95) of |new/old - 1| */
		{ CK_GPU, 102, 0.029255267360815296, 0.014971448147666882,
		  "reduce_warp_syncwarp" },
		/* the rows on bytes within the 52428800 of its L2 */
		{ CK_GPU_L2, 39, 0.0896444786977515, 0.05277188256530734,
		  "reduce_grid_stride" },
		{ CK_HOST_STEP, 14, 0.12267655840656033, 0.09994969023383106,
		  "reduce_global" },
		{ CK_CPU, 7, 0.16004742177317333, 0.1587520668280095,
		  "reduce_cpu" },
	};
	struct compare_options none = { .floor_mode = COMPARE_FLOOR_NONE };
	struct results r[2];
	struct compare c;
	struct compare_noise z;
	size_t nt, used = 0;
	const struct compare_floor *t = compare_floor_table(&nt);

	(void)state;
	memset(&z, 0, sizeof(z));
	assert_int_equal(results_read(H100_BASE, &r[0]), 0);
	assert_int_equal(results_read(H100_AGAIN, &r[1]), 0);
	compare_build(&r[0], &r[1], &none, &c);
	compare_noise_add(&z, &c);
	compare_release(&c);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		enum compare_kind k = want[i].k;
		struct compare_noise_band *b;
		size_t nb = compare_noise_bands(&z, k, &b);
		const struct compare_noise_point *top = NULL;

		assert_int_equal(z.npoints[k], want[i].n);
		assert_float_equal(compare_noise_quantile(&z, k, 1), want[i].max,
				   1e-12);
		assert_float_equal(compare_noise_quantile(&z, k, 0.95),
				   want[i].q95, 1e-12);
		for (size_t j = 0; j < nb; j++) {
			size_t hits = 0;

			if (!top || b[j].max > top->change)
				top = b[j].at;
			/* a band that sets a floor is an entry of the table,
			 * citing the recording; no other band is */
			for (size_t e = 0; e < nt; e++) {
				if (t[e].kind != k || strcmp(t[e].source,
					"reports/compare/h100-twice, 2026-11-27") ||
				    fabs(t[e].lo_ms - b[j].lo_ms) > 1e-12)
					continue;
				hits++;
				assert_string_equal(t[e].gpu,
						    "NVIDIA H100 80GB HBM3");
				assert_float_equal(t[e].hi_ms, b[j].hi_ms, 1e-12);
				assert_int_equal(t[e].pairs, b[j].npoints);
				/* rounded up to 4 digits, never below */
				assert_true(t[e].floor >= b[j].max);
				assert_true(t[e].floor - b[j].max <
					    b[j].max * 1e-3);
			}
			assert_int_equal(hits, b[j].sets ? 1 : 0);
			used += hits;
			/* the rule's floor of a band: its own or a longer one's */
			assert_true(b[j].floor >= b[j].max);
		}
		assert_string_equal(top->row->variant, want[i].at);
		free(b);
	}
	/* every entry citing the recording was found */
	for (size_t e = 0; e < nt; e++)
		if (!strcmp(t[e].source, "reports/compare/h100-twice, 2026-11-27"))
			used--;
	assert_int_equal(used, 0);
	assert_int_equal(z.ncompares, 1);
	compare_noise_release(&z);

	/* with its own floors the pair is never faster or slower: each
	 * ratio lies inside its floor, and so does a part of its interval */
	compare_build(&r[0], &r[1], NULL, &c);
	assert_int_equal(c.counts[SV_SLOWER], 0);
	assert_int_equal(c.counts[SV_FASTER], 0);
	for (size_t i = 0; i < c.npairs; i++)
		if (c.pairs[i].nbase && c.pairs[i].ncur)
			assert_int_equal(c.pairs[i].floor.from, CFF_MEASURED);
	compare_release(&c);
	results_release(&r[0]);
	results_release(&r[1]);
}

/* The three recordings of tests/gpu/noise.sh on H100s (reports/compare/
 * h100-noise, h100-noise-b and h100-noise-c): the table's entries that cite one are
 * exactly the bands that set floors in its ten same-code files, each
 * against every later one; with the table, no pair of unchanged code is
 * faster or slower, and the planted 3 % and 10 % slowdowns are slower at
 * 2^24 and above in every comparison (what tests/noise_judge.sh said of
 * them, kept true by this test). */
static void test_noise_recordings(void **state)
{
	static const char *const recs[][2] = {
		{ "reports/compare/h100-noise",
		  "reports/compare/h100-noise, 2026-11-28" },
		{ "reports/compare/h100-noise-b",
		  "reports/compare/h100-noise-b, 2026-11-28" },
		{ "reports/compare/h100-noise-c",
		  "reports/compare/h100-noise-c, 2026-11-28" },
	};
	static const char *const same[] = {
		"bench-1/reduce", "bench-2/reduce", "bench-3/reduce",
		"bench-1/transpose", "bench-2/transpose", "bench-3/transpose",
		"default-1", "default-2", "planted-0-1", "planted-0-2",
	};
	struct compare_options none = { .floor_mode = COMPARE_FLOOR_NONE };
	size_t nt;
	const struct compare_floor *t = compare_floor_table(&nt);

	(void)state;
	for (size_t g = 0; g < ARRAY_SIZE(recs); g++) {
		struct results r[ARRAY_SIZE(same)], base, cur;
		struct compare_noise z;
		size_t hits = 0, cites = 0, found = 0;

		memset(&z, 0, sizeof(z));
		for (size_t i = 0; i < ARRAY_SIZE(same); i++) {
			char *path = xasprintf("%s/%s/results.json", recs[g][0],
					       same[i]);

			assert_int_equal(results_read(path, &r[i]), 0);
			free(path);
		}
		for (size_t i = 0; i < ARRAY_SIZE(same); i++)
			for (size_t j = i + 1; j < ARRAY_SIZE(same); j++) {
				struct compare c;

				compare_build(&r[i], &r[j], &none, &c);
				compare_noise_add(&z, &c);
				compare_release(&c);
				/* and with the table: never faster or slower */
				compare_build(&r[i], &r[j], NULL, &c);
				if (c.counts[SV_SLOWER] || c.counts[SV_FASTER])
					fail_msg("%s: %s against %s: %zu slower, "
						 "%zu faster", recs[g][0],
						 same[i], same[j],
						 c.counts[SV_SLOWER],
						 c.counts[SV_FASTER]);
				compare_release(&c);
			}
		for (int k = 0; k < CK__COUNT; k++) {
			struct compare_noise_band *b;
			size_t nb = compare_noise_bands(&z, (enum compare_kind)k,
							&b);

			for (size_t j = 0; j < nb; j++) {
				size_t h = 0;

				for (size_t e = 0; e < nt; e++) {
					if ((int)t[e].kind != k ||
					    strcmp(t[e].source, recs[g][1]) ||
					    fabs(t[e].lo_ms - b[j].lo_ms) > 1e-12)
						continue;
					h++;
					assert_int_equal(t[e].pairs,
							 b[j].npoints);
					assert_true(t[e].floor >= b[j].max);
					assert_true(t[e].floor - b[j].max <
						    b[j].max * 1e-3);
				}
				assert_int_equal(h, b[j].sets ? 1 : 0);
				hits += h;
			}
			free(b);
		}
		for (size_t e = 0; e < nt; e++)
			cites += !strcmp(t[e].source, recs[g][1]);
		assert_int_equal(hits, cites);
		compare_noise_release(&z);
		for (size_t i = 0; i < ARRAY_SIZE(same); i++)
			results_release(&r[i]);

		/* the planted slowdowns, each run against each */
		for (int pct = 3; pct <= 10; pct += 7)
			for (int a = 1; a <= 2; a++)
				for (int b = 1; b <= 2; b++) {
					char *pa = xasprintf("%s/planted-0-%d/"
						"results.json", recs[g][0], a);
					char *pb = xasprintf("%s/planted-%d-%d/"
						"results.json", recs[g][0], pct, b);
					struct compare c;

					assert_int_equal(results_read(pa, &base), 0);
					assert_int_equal(results_read(pb, &cur), 0);
					compare_build(&base, &cur, NULL, &c);
					for (size_t i = 0; i < c.npairs; i++) {
						const struct compare_pair *q =
							&c.pairs[i];

						if (!strstr(q->base->variant,
							    "planted") ||
						    q->base->n < (1u << 24))
							continue;
						found++;
						if (q->verdict != SV_SLOWER)
							fail_msg("%s: planted %d %% "
								 "at %llu: %s", pb, pct,
								 (unsigned long long)
								 q->base->n,
								 stats_verdict_name(
								 q->verdict));
					}
					compare_release(&c);
					results_release(&base);
					results_release(&cur);
					free(pa);
					free(pb);
				}
		/* 2 slowdowns x 4 comparisons x 3 sizes */
		assert_int_equal(found, 24);
	}
}

/* A kind's recordings, a GPU model's together: where each stands, and
 * whether two kinds list the same models. */
static void test_entry_models(void **state)
{
	struct compare_kind_floors s = { 0 }, t = { 0 };
	bool first, last;

	(void)state;
	/* two entries of A, then one of B */
	s.entries[0] = &table[0];
	s.entries[1] = &table[3];
	s.entries[2] = &table[4];
	s.nentries = 3;
	compare_kind_entry_place(&s, 0, &first, &last);
	assert_true(first && !last);
	compare_kind_entry_place(&s, 1, &first, &last);
	assert_true(!first && last);
	compare_kind_entry_place(&s, 2, &first, &last);
	assert_true(first && last);
	/* one entry each of A and B: the same models */
	t.entries[0] = &table[1];
	t.entries[1] = &table[5];
	t.nentries = 2;
	assert_true(compare_kind_same_models(&s, &t));
	assert_true(compare_kind_same_models(&t, &s));
	/* A alone, or B before A: not */
	t.nentries = 1;
	assert_false(compare_kind_same_models(&s, &t));
	assert_false(compare_kind_same_models(&t, &s));
	t.entries[0] = &table[5];
	t.entries[1] = &table[1];
	t.nentries = 2;
	assert_false(compare_kind_same_models(&s, &t));
}

/* Issue 48, class 7: --noise compares every pair of files up to
 * COMPARE_NOISE_ALL of them, and each file with the next beyond, so the
 * comparisons (each a bootstrap of every pair of rows) grow linearly
 * with many files; every file is in a comparison either way. */
static void test_noise_files(void **state)
{
	size_t a, b, k;

	(void)state;
	assert_int_equal(compare_noise_count(0), 0);
	assert_int_equal(compare_noise_count(1), 0);
	assert_int_equal(compare_noise_count(2), 1);
	assert_int_equal(compare_noise_count(3), 3);
	assert_int_equal(compare_noise_count(COMPARE_NOISE_ALL), 66);
	assert_int_equal(compare_noise_count(COMPARE_NOISE_ALL + 1),
			 COMPARE_NOISE_ALL);
	assert_int_equal(compare_noise_count(1000), 999);
	/* three files: (1,2) (1,3) (2,3), as before */
	assert_true(compare_noise_files(0, 3, &a, &b) && a == 0 && b == 1);
	assert_true(compare_noise_files(1, 3, &a, &b) && a == 0 && b == 2);
	assert_true(compare_noise_files(2, 3, &a, &b) && a == 1 && b == 2);
	assert_false(compare_noise_files(3, 3, &a, &b));
	/* every pair once, up to the bound */
	for (size_t n = 2; n <= COMPARE_NOISE_ALL; n++) {
		bool seen[COMPARE_NOISE_ALL][COMPARE_NOISE_ALL] = { { false } };

		for (k = 0; compare_noise_files(k, n, &a, &b); k++) {
			assert_true(a < b && b < n && !seen[a][b]);
			seen[a][b] = true;
		}
		assert_int_equal(k, n * (n - 1) / 2);
	}
	/* past it, each file against the next */
	for (k = 0; compare_noise_files(k, 50, &a, &b); k++)
		assert_true(a == k && b == k + 1);
	assert_int_equal(k, 49);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_band),
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_fallback),
		cmocka_unit_test(test_fail_lines),
		cmocka_unit_test(test_noise_recorded),
		cmocka_unit_test(test_noise_recordings),
		cmocka_unit_test(test_entry_models),
		cmocka_unit_test(test_noise_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
