/* test_compare.c - the comparison of two results sets (compare.h): pairing
 * and --match, verdicts and their reasons, counter changes under the
 * noise rule, the environment facts that differ, --fail-on, reading
 * (the same file twice, by path and by content), and the Markdown
 * renderer in both languages.
 *
 * The results here are built in memory: they are test data, NOT
 * measurements, and say so in their GPU name.  Samples are spread
 * evenly around a chosen median, so that each case's ratio is known
 * exactly: new / base = the ratio of the two medians.  The command line,
 * the golden outputs from real recorded results are test_compare_cli.c's,
 * `culab rerun` test_rerun_cli.c's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare/compare.h"
#include "base/diag.h"
#include "results/results.h"
#include "report/report.h"
#include "base/util.h"
#include "report_check.h"

/* ---- synthetic results (test data, not measurements) ------------------ */

#define GPU_NAME "SYNTHETIC TEST GPU (not a measurement)"

static void synthetic_env(struct results *r, const char *gpu, int cc_minor,
			  const char *uuid, int driver)
{
	r->has_env = true;
	r->env.gpu_name = xstrdup(gpu);
	r->env.cc_major = 9;
	r->env.cc_minor = cc_minor;
	r->env.sm_count = 132;
	r->env.sm_clock_khz = 1980000;
	r->env.mem_clock_khz = 2619000;
	r->env.gpu_uuid = xstrdup(uuid);
	r->env.driver_version = driver;
	r->env.runtime_version = 13000;
	r->env.hostname = xstrdup("testhost");
	r->env.os = xstrdup("Linux");
	r->culab_version = xstrdup("0.1.0");
	r->culab_commit = xstrdup("000000000000");
	r->source_path = xstrdup("experiments/synthetic.yaml");
	r->source_sha256 = xstrdup("ab");
}

/* n samples spread evenly over median * (1 +- spread), in a shuffled
 * order (a run's order is not sorted); their median is `median`. */
static void samples(struct timing *t, double median, double spread, size_t n)
{
	t->nsamples = n;
	t->samples_ms = xcalloc(n ? n : 1, sizeof(double));
	for (size_t i = 0; i < n; i++) {
		size_t k = (i * 7) % n;         /* 7 is prime to every n used */
		double f = n > 1 ? (double)k / (double)(n - 1) - 0.5 : 0;

		t->samples_ms[i] = median * (1 + 2 * spread * f);
	}
	timing_compute(t);
}

static struct result_row *row(struct results *r, const char *exp,
			      const char *variant, uint64_t n, int block,
			      double median, double spread, size_t count)
{
	struct result_row *w = results_add_row(r);

	w->experiment = xstrdup(exp);
	w->family = xstrdup("reduce");
	w->variant = xstrdup(variant);
	w->dtype = xstrdup("float");
	w->n = n;
	w->m = 1;
	w->block = block;
	w->status = ROW_OK;
	w->verified = true;
	w->timer = xstrdup("cuda-events");
	samples(&w->t, median, spread, count);
	w->counters_status = xstrdup("not requested");
	return w;
}

static void column(struct result_row *w, const char *name, double v)
{
	free(w->counters_status);
	w->counters_status = NULL;
	w->columns = xrealloc(w->columns, (w->ncolumns + 1) *
			      sizeof(*w->columns));
	w->columns[w->ncolumns].name = xstrdup(name);
	w->columns[w->ncolumns].value = v;
	w->columns[w->ncolumns++].missing = NULL;
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

/* ---- pairing ------------------------------------------------------------ */

static void test_pairing(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct compare c;

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	row(&a, "e", "v1", 1024, 256, 1, 0.01, 20);
	row(&a, "e", "v2", 1024, 256, 1, 0.01, 20);
	row(&a, "e", "v3", 1024, 256, 1, 0.01, 20);
	row(&a, "e", "v3", 1024, 128, 1, 0.01, 20);     /* another block */
	row(&a, "e", "v3", 2048, 256, 1, 0.01, 20);     /* another size */
	row(&b, "e", "v4", 1024, 256, 1, 0.01, 20);
	row(&b, "e", "v3", 1024, 256, 1, 0.01, 20);
	row(&b, "e", "v1", 1024, 256, 1, 0.01, 20);
	row(&b, "other", "v1", 1024, 256, 1, 0.01, 20); /* another experiment */
	compare_build(&a, &b, NULL, &c);
	assert_int_equal(c.npairs, 2);
	/* in the base's row order, whatever the new file's order */
	assert_string_equal(c.pairs[0].base->variant, "v1");
	assert_ptr_equal(c.pairs[0].cur, &b.rows[2]);
	assert_string_equal(c.pairs[1].base->variant, "v3");
	assert_int_equal(c.pairs[1].base->block, 256);
	assert_int_equal(c.nonly_base, 3);
	assert_ptr_equal(c.only_base[0], &a.rows[1]);
	assert_ptr_equal(c.only_base[1], &a.rows[3]);
	assert_ptr_equal(c.only_base[2], &a.rows[4]);
	assert_int_equal(c.nonly_cur, 2);
	assert_ptr_equal(c.only_cur[0], &b.rows[0]);
	assert_ptr_equal(c.only_cur[1], &b.rows[3]);
	assert_int_equal(compare_check_pairs(&c, "a.json", "b.json"), 0);
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

/* A key twice on one side pairs in file order; --match renames. */
static void test_pairing_duplicates_and_match(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct compare_match m[] = { { "old-name", "new-name" } };
	struct compare_options o = { .match = m, .nmatch = 1 };
	struct compare c;

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	row(&a, "e", "v1", 1024, 256, 1, 0.01, 20);
	row(&a, "e", "v1", 1024, 256, 2, 0.01, 20);
	row(&a, "old-name", "v2", 1024, 256, 1, 0.01, 20);
	row(&b, "e", "v1", 1024, 256, 2, 0.01, 20);
	row(&b, "new-name", "v2", 1024, 256, 1, 0.01, 20);
	compare_build(&a, &b, &o, &c);
	assert_int_equal(c.npairs, 2);
	assert_ptr_equal(c.pairs[0].base, &a.rows[0]);   /* the first one */
	assert_ptr_equal(c.pairs[1].base, &a.rows[2]);
	assert_ptr_equal(c.pairs[1].cur, &b.rows[1]);
	assert_int_equal(c.nonly_base, 1);
	assert_ptr_equal(c.only_base[0], &a.rows[1]);
	compare_release(&c);
	/* without --match the renamed experiment does not pair */
	compare_build(&a, &b, NULL, &c);
	assert_int_equal(c.npairs, 1);
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

static void test_no_common_rows(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct compare c;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	row(&a, "reduce-float", "v1", 1024, 256, 1, 0.01, 20);
	row(&b, "reduce-ladder", "v1", 1024, 256, 1, 0.01, 20);
	compare_build(&a, &b, NULL, &c);
	assert_int_equal(c.npairs, 0);
	diag_set_stream(mem);
	assert_int_equal(compare_check_pairs(&c, "a.json", "b.json"), -1);
	diag_set_stream(NULL);
	fclose(mem);
	/* one line, naming both sides' experiments and the way out */
	assert_string_equal(buf, "culab: error: \"a.json\" and \"b.json\" have "
			    "no row in common: rows pair by experiment, "
			    "variant, type, size and block (experiments of "
			    "the base: reduce-float; of the new file: "
			    "reduce-ladder; pair experiments of other names "
			    "with --match BASE=NEW)\n");
	free(buf);
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

/* ---- verdicts ---------------------------------------------------------------- */

static void test_verdicts(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct compare c;
	const struct compare_pair *p;
	static const struct {
		const char *variant;
		double ratio, spread;
		enum stats_verdict want;
	} cases[] = {
		{ "faster", 0.80, 0.01, SV_FASTER },
		{ "same", 1.00, 0.01, SV_SAME },
		{ "same-small-shift", 1.01, 0.002, SV_SAME },
		{ "slower", 1.25, 0.01, SV_SLOWER },
		/* a 3 % shift measured with 20 % spread: cannot tell */
		{ "noisy", 1.03, 0.20, SV_UNKNOWN },
	};

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		row(&a, "e", cases[i].variant, 1024, 256, 2.0, cases[i].spread,
		    30);
		row(&b, "e", cases[i].variant, 1024, 256, 2.0 * cases[i].ratio,
		    cases[i].spread, 25);
	}
	compare_build(&a, &b, NULL, &c);
	assert_int_equal(c.npairs, ARRAY_SIZE(cases));
	assert_float_equal(c.threshold, COMPARE_THRESHOLD, 0);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		p = pair_of(&c, cases[i].variant);
		if (p->verdict != cases[i].want)
			fail_msg("%s:%d: %s: ratio %g [%g, %g] is %s, want %s",
				 __FILE__, __LINE__, cases[i].variant, p->ratio,
				 p->lo, p->hi, stats_verdict_name(p->verdict),
				 stats_verdict_name(cases[i].want));
		assert_int_equal(p->why, CW_NONE);
		/* the ratio is that of the medians, inside its interval */
		assert_float_equal(p->ratio, cases[i].ratio, 1e-12);
		assert_true(p->lo <= p->ratio && p->ratio <= p->hi);
		assert_float_equal(p->base_ms, 2.0, 1e-12);
		assert_int_equal(p->nbase, 30);
		assert_int_equal(p->ncur, 25);
	}
	assert_int_equal(c.counts[SV_FASTER], 1);
	assert_int_equal(c.counts[SV_SAME], 2);
	assert_int_equal(c.counts[SV_SLOWER], 1);
	assert_int_equal(c.counts[SV_UNKNOWN], 1);
	compare_release(&c);

	/* a wider threshold makes the 25 % slowdown "same" */
	{
		struct compare_options o = { .threshold = 0.5 };

		compare_build(&a, &b, &o, &c);
		assert_int_equal(pair_of(&c, "slower")->verdict, SV_SAME);
		compare_release(&c);
	}
	results_release(&a);
	results_release(&b);
}

/* The same files always give the same intervals (fixed seed). */
static void test_verdicts_repeat(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct compare c, d;

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	row(&a, "e", "v", 1024, 256, 1, 0.1, 40);
	row(&b, "e", "v", 1024, 256, 1.02, 0.1, 33);
	compare_build(&a, &b, NULL, &c);
	compare_build(&a, &b, NULL, &d);
	assert_memory_equal(&c.pairs[0].lo, &d.pairs[0].lo, sizeof(double));
	assert_memory_equal(&c.pairs[0].hi, &d.pairs[0].hi, sizeof(double));
	assert_true(c.pairs[0].lo < c.pairs[0].hi);
	compare_release(&c);
	compare_release(&d);
	results_release(&a);
	results_release(&b);
}

/* Failed, skipped, unverified and thinly sampled rows: unknown, why. */
static void test_unknown_reasons(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct compare c;
	struct result_row *w;

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	w = row(&a, "e", "base-wrong", 1024, 256, 1, 0.01, 20);
	w->status = ROW_WRONG;
	w->verified = false;
	w->message = xstrdup("sum 12 != 13");
	row(&b, "e", "base-wrong", 1024, 256, 1, 0.01, 20);
	row(&a, "e", "new-skipped", 1024, 256, 1, 0.01, 20);
	w = row(&b, "e", "new-skipped", 1024, 256, 1, 0.01, 0);
	w->status = ROW_SKIPPED;
	w->message = xstrdup("does not fit in device memory");
	row(&a, "e", "few", 1024, 256, 1, 0.01, 5);
	row(&b, "e", "few", 1024, 256, 0.995, 0.01, 20);
	row(&a, "e", "enough", 1024, 256, 1, 0.01, 6);
	row(&b, "e", "enough", 1024, 256, 0.5, 0.01, 6);
	compare_build(&a, &b, NULL, &c);
	assert_int_equal(pair_of(&c, "base-wrong")->why, CW_BASE_FAILED);
	assert_true(isnan(pair_of(&c, "base-wrong")->base_ms));
	assert_float_equal(pair_of(&c, "base-wrong")->cur_ms, 1, 1e-12);
	assert_int_equal(pair_of(&c, "new-skipped")->why, CW_NEW_FAILED);
	assert_int_equal(pair_of(&c, "few")->why, CW_FEW_SAMPLES);
	assert_true(isnan(pair_of(&c, "few")->ratio));
	for (size_t i = 0; i < 3; i++)
		assert_int_equal(c.pairs[i].verdict, SV_UNKNOWN);
	/* COMPARE_MIN_SAMPLES on each side is enough */
	assert_int_equal(pair_of(&c, "enough")->why, CW_NONE);
	assert_int_equal(pair_of(&c, "enough")->verdict, SV_FASTER);
	assert_string_equal(compare_why_name(CW_FEW_SAMPLES), "few_samples");
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

/* Fewer than COMPARE_MIN_SAMPLES runs: a change so large that every run
 * of one side is beyond every run of the other by the threshold is
 * called, by ranks, when enough orders make that unlikely by chance; a
 * smaller change, or too few runs, stays unknown. */
static void test_ranks(void **state)
{
	static const struct {
		const char *name;
		size_t na, nb;
		double median, spread;     /* the new side's (base: 1, 1 %) */
		enum stats_verdict v;
		enum compare_why why;
	} cases[] = {
		{ "slower-25", 5, 5, 1.25, 0.01, SV_SLOWER, CW_RANKS },
		{ "faster-20", 5, 5, 0.80, 0.01, SV_FASTER, CW_RANKS },
		{ "four-four", 4, 4, 1.25, 0.01, SV_SLOWER, CW_RANKS },
		{ "three-five", 3, 5, 1.25, 0.01, SV_SLOWER, CW_RANKS },
		/* 35 orders: a complete separation is 1 in 17.5 by chance */
		{ "three-four", 3, 4, 1.25, 0.01, SV_UNKNOWN, CW_FEW_SAMPLES },
		{ "two-twenty", 2, 20, 2.0, 0.01, SV_UNKNOWN, CW_FEW_SAMPLES },
		/* separated, but not by the threshold (2 %) */
		{ "slower-2.5", 5, 5, 1.025, 0.003, SV_UNKNOWN, CW_FEW_SAMPLES },
		/* overlapping runs */
		{ "overlap", 5, 5, 1.25, 0.30, SV_UNKNOWN, CW_FEW_SAMPLES },
	};
	struct results a = { 0 }, b = { 0 };
	struct compare c;

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		row(&a, "e", cases[i].name, 1024, 256, 1, 0.01, cases[i].na);
		row(&b, "e", cases[i].name, 1024, 256, cases[i].median,
		    cases[i].spread, cases[i].nb);
	}
	compare_build(&a, &b, NULL, &c);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct compare_pair *p = pair_of(&c, cases[i].name);

		if (p->verdict != cases[i].v || p->why != cases[i].why)
			fail_msg("%s: %s (%s), want %s (%s)", cases[i].name,
				 stats_verdict_name(p->verdict),
				 compare_why_name(p->why),
				 stats_verdict_name(cases[i].v),
				 compare_why_name(cases[i].why));
		if (p->why == CW_RANKS) {
			/* the ratio of the medians; lo, hi: every run's ratio */
			assert_float_equal(p->ratio, cases[i].median, 1e-9);
			assert_true(p->lo <= p->ratio && p->ratio <= p->hi);
		}
	}
	assert_string_equal(compare_why_name(CW_RANKS), "ranks");
	assert_int_equal(c.counts[SV_SLOWER], 3);
	assert_int_equal(c.counts[SV_FASTER], 1);
	assert_true(compare_fails(&c, compare_fail_mask("slower")));
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

static void test_fail_on(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct compare c;

	(void)state;
	assert_int_equal(compare_fail_mask("slower"), 1u << SV_SLOWER);
	assert_int_equal(compare_fail_mask("faster"), 1u << SV_FASTER);
	assert_int_equal(compare_fail_mask("changed"),
			 (1u << SV_SLOWER) | (1u << SV_FASTER));
	assert_int_equal(compare_fail_mask("unknown"), 0);
	assert_int_equal(compare_fail_mask(NULL), 0);
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	row(&a, "e", "v", 1024, 256, 1, 0.01, 20);
	row(&b, "e", "v", 1024, 256, 1.5, 0.01, 20);
	compare_build(&a, &b, NULL, &c);
	assert_true(compare_fails(&c, compare_fail_mask("slower")));
	assert_true(compare_fails(&c, compare_fail_mask("changed")));
	assert_false(compare_fails(&c, compare_fail_mask("faster")));
	assert_false(compare_fails(&c, 0));
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

/* ---- counter changes ------------------------------------------------------ */

static void test_counter_changes(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct result_row *x, *y;
	struct compare c;
	const struct compare_pair *p;

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, GPU_NAME, 0, "GPU-1", 13000);
	x = row(&a, "e", "v", 1024, 256, 1, 0.01, 20);
	y = row(&b, "e", "v", 1024, 256, 1, 0.01, 20);
	column(x, "bank_conflicts_per_shared_ld", 30);
	column(y, "bank_conflicts_per_shared_ld", 0.02);     /* better */
	column(x, "dram_read_bytes", 1e6);
	column(y, "dram_read_bytes", 3e6);   /* worse: beyond 1 MB of noise */
	column(x, "bank_conflicts_shared_ld", 1e5);          /* raw count */
	column(y, "bank_conflicts_shared_ld", 0);
	column(x, "gld_efficiency_pct", 50);
	column(y, "gld_efficiency_pct", 52);                 /* noise */
	column(x, "sm_clock_mhz", 1400);
	column(y, "sm_clock_mhz", 1980);                     /* drift */
	column(y, "dram_write_bytes", 5e5);                  /* new only */
	column(x, "dram__bytes_read.sum", 100);              /* raw metric */
	column(y, "dram__bytes_read.sum", 150);
	compare_build(&a, &b, NULL, &c);
	p = &c.pairs[0];
	assert_int_equal(p->nchanges, 3);
	/* largest first */
	assert_string_equal(p->changes[0].column,
			    "bank_conflicts_per_shared_ld");
	assert_int_equal(p->changes[0].better, 1);
	assert_float_equal(p->changes[0].pct, 100 * (30 - 0.02) / 30, 1e-9);
	assert_string_equal(p->changes[1].column, "dram_read_bytes");
	assert_int_equal(p->changes[1].better, -1);
	assert_float_equal(p->changes[1].base, 1e6, 0);
	assert_float_equal(p->changes[1].cur, 3e6, 0);
	assert_string_equal(p->changes[2].column, "dram__bytes_read.sum");
	assert_int_equal(p->changes[2].better, 0);
	compare_release(&c);
	/* sectors per request are read with the load efficiency: 4 -> 16 at
	 * 100 % is wider loads, neither better nor worse; with the
	 * efficiency falling they are worse */
	{
		struct results a2 = { 0 }, b2 = { 0 };
		struct result_row *u, *w;

		synthetic_env(&a2, GPU_NAME, 0, "GPU-1", 13000);
		synthetic_env(&b2, GPU_NAME, 0, "GPU-1", 13000);
		u = row(&a2, "e", "v", 1024, 256, 1, 0.01, 20);
		w = row(&b2, "e", "v", 1024, 256, 1, 0.01, 20);
		column(u, "gld_sectors_per_request", 4);
		column(w, "gld_sectors_per_request", 16);
		column(u, "gld_efficiency_pct", 100);
		column(w, "gld_efficiency_pct", 100);
		compare_build(&a2, &b2, NULL, &c);
		assert_int_equal(c.pairs[0].nchanges, 1);
		assert_int_equal(c.pairs[0].changes[0].better, 0);
		compare_release(&c);
		w->columns[1].value = 25;   /* efficiency 100 -> 25 % */
		compare_build(&a2, &b2, NULL, &c);
		assert_int_equal(c.pairs[0].nchanges, 2);
		for (size_t k = 0; k < 2; k++)
			assert_int_equal(c.pairs[0].changes[k].better, -1);
		compare_release(&c);
		results_release(&a2);
		results_release(&b2);
	}
	/* no counters on a side: no changes */
	free(x->counters_status);
	x->counters_status = xstrdup("not collectable on this GPU");
	compare_build(&a, &b, NULL, &c);
	assert_int_equal(c.pairs[0].nchanges, 0);
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

/* ---- environment ------------------------------------------------------------ */

static const struct compare_fact_diff *diff_of(const struct compare *c,
					       enum compare_fact f)
{
	for (size_t i = 0; i < c->ndiffs; i++)
		if (c->diffs[i].fact == f)
			return &c->diffs[i];
	return NULL;
}

static void env_case(const char *gpu, int cc_minor, const char *uuid,
		     int driver, struct results *a, struct results *b)
{
	memset(a, 0, sizeof(*a));
	memset(b, 0, sizeof(*b));
	synthetic_env(a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(b, gpu, cc_minor, uuid, driver);
	row(a, "e", "v", 1024, 256, 1, 0.01, 20);
	row(b, "e", "v", 1024, 256, 1, 0.01, 20);
}

static void test_environment(void **state)
{
	struct results a, b;
	struct compare c;
	const struct compare_fact_diff *d;

	(void)state;
	/* the same GPU: nothing differs */
	env_case(GPU_NAME, 0, "GPU-1", 13000, &a, &b);
	compare_build(&a, &b, NULL, &c);
	assert_int_equal(c.ndiffs, 0);
	assert_false(c.cross_gpu);
	assert_false(c.other_device);
	compare_release(&c);
	results_release(&a);
	results_release(&b);

	/* another board of the model, another driver */
	env_case(GPU_NAME, 0, "GPU-2", 12080, &a, &b);
	compare_build(&a, &b, NULL, &c);
	assert_false(c.cross_gpu);
	assert_true(c.other_device);
	assert_int_equal(c.ndiffs, 2);
	d = diff_of(&c, CF_UUID);
	assert_non_null(d);
	assert_string_equal(d->base, "GPU-1");
	assert_string_equal(d->cur, "GPU-2");
	d = diff_of(&c, CF_DRIVER);
	assert_non_null(d);
	assert_string_equal(d->base, "13.0");
	assert_string_equal(d->cur, "12.8");
	assert_string_equal(compare_fact_name(CF_DRIVER),
			    "driver (CUDA version)");
	compare_release(&c);
	results_release(&a);
	results_release(&b);

	/* another GPU: cross-GPU, by name or by compute capability */
	env_case("SYNTHETIC OTHER GPU", 0, "GPU-3", 13000, &a, &b);
	compare_build(&a, &b, NULL, &c);
	assert_true(c.cross_gpu);
	assert_false(c.other_device);
	assert_non_null(diff_of(&c, CF_GPU));
	compare_release(&c);
	results_release(&a);
	results_release(&b);
	env_case(GPU_NAME, 1, "GPU-1", 13000, &a, &b);
	compare_build(&a, &b, NULL, &c);
	assert_true(c.cross_gpu);
	assert_string_equal(diff_of(&c, CF_CC)->cur, "9.1");
	compare_release(&c);
	results_release(&a);
	results_release(&b);

	/* no environment recorded on a side: its facts are "not recorded"
	 * and nothing is claimed about the GPUs */
	env_case(GPU_NAME, 0, "GPU-1", 13000, &a, &b);
	b.has_env = false;
	compare_build(&a, &b, NULL, &c);
	assert_false(c.cross_gpu);
	assert_false(c.other_device);
	assert_string_equal(diff_of(&c, CF_GPU)->cur, "not recorded");
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

static void test_size_text(void **state)
{
	struct result_row w = { 0 };
	char buf[64];

	(void)state;
	w.family = "reduce";
	w.n = 1 << 20;
	w.m = 1;
	assert_string_equal(compare_size_text(&w, buf, sizeof(buf)), "2^20");
	w.n = 1048583;
	assert_string_equal(compare_size_text(&w, buf, sizeof(buf)), "1048583");
	w.n = 512;
	assert_string_equal(compare_size_text(&w, buf, sizeof(buf)), "512");
	w.family = "transpose";
	w.n = 1025;
	w.m = 2049;
	assert_string_equal(compare_size_text(&w, buf, sizeof(buf)),
			    "1025x2049");
}

/* ---- reading ------------------------------------------------------------ */

static char *write_copy(const char *dir, const char *name, const char *from)
{
	size_t len = 0;
	char *text = slurp(from, &len), *path = xasprintf("%s/%s", dir, name);

	assert_non_null(text);
	assert_int_equal(write_file_atomic(path, text, len), 0);
	free(text);
	return path;
}

/* Runs results_read_distinct on paths and returns the error it printed (heap). */
static char *load_error(const char *const *paths, size_t n)
{
	struct results r[4];
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	int rc;

	diag_set_stream(mem);
	rc = results_read_distinct(paths, n, r);
	diag_set_stream(NULL);
	fclose(mem);
	if (rc == 0)
		for (size_t i = 0; i < n; i++)
			results_release(&r[i]);
	else
		for (size_t i = 0; i < n; i++)
			assert_int_equal(r[i].nrows, 0);   /* released */
	return rc == 0 ? (free(buf), NULL) : buf;
}

static void test_load(void **state)
{
	char dir[] = "/tmp/culab-test-compare-XXXXXX";
	const char *fixture = "tests/fixtures/quick/results.json";
	const char *other = "reports/examples/h100/results.json";
	char *copy, *err;

	(void)state;
	assert_non_null(mkdtemp(dir));
	copy = write_copy(dir, "copy.json", fixture);
	/* two different runs load */
	assert_null(load_error((const char *[]){ fixture, other }, 2));
	/* the same path twice, and the same file by another path */
	err = load_error((const char *[]){ fixture, fixture }, 2);
	assert_non_null(strstr(err, "are the same file"));
	free(err);
	{
		char *dotted = xasprintf("tests/../%s", fixture);

		err = load_error((const char *[]){ fixture, dotted }, 2);
		assert_non_null(strstr(err, "are the same file"));
		free(err);
		free(dotted);
	}
	/* a copy: the same content */
	err = load_error((const char *[]){ fixture, other, copy }, 3);
	assert_non_null(strstr(err, "have the same content (SHA-256 "));
	assert_non_null(strstr(err, "a run compared with itself says "
			       "nothing"));
	assert_ptr_equal(strchr(err, '\n'), err + strlen(err) - 1); /* 1 line */
	free(err);
	/* not a results file, another schema, a missing file */
	err = load_error((const char *[]){ fixture, "experiments/quick.yaml" },
			 2);
	assert_non_null(strstr(err, "not a valid results file"));
	free(err);
	err = load_error((const char *[]){ "tests/bad-results/other-tool.json",
					   fixture }, 2);
	assert_string_equal(err, "tests/bad-results/other-tool.json: error: "
			    "not a culab results file (\"schema\" is not "
			    "\"culab-results\")\n");
	free(err);
	err = load_error((const char *[]){ fixture, "no/such/file.json" }, 2);
	assert_non_null(strstr(err, "cannot open \"no/such/file.json\""));
	free(err);
	free(copy);
	remove_tree(dir);
}

/* ---- Markdown ---------------------------------------------------------------- */

static void test_markdown(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct result_row *w;
	struct compare c;
	char *en, *zh;

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, "SYNTHETIC OTHER GPU", 0, "GPU-2", 13000);
	row(&a, "e", "fast|er", 1024, 256, 2, 0.01, 20);
	row(&b, "e", "fast|er", 1024, 256, 1, 0.01, 20);
	w = row(&a, "e", "broken", 1024, 0, 2, 0.01, 20);
	row(&b, "e", "broken", 1024, 0, 1, 0.01, 20);
	w->status = ROW_ERROR;
	w->verified = false;
	w->message = xstrdup("an *illegal* address");
	row(&b, "e", "only-new", 1024, 256, 1, 0.01, 20);
	compare_build(&a, &b, NULL, &c);
	en = report_compare_markdown(&c, REPORT_EN, "base.json", "new.json",
				     "charts/compare");
	zh = report_compare_markdown(&c, REPORT_ZH, "base.json", "new.json",
				     NULL);
	assert_int_equal(tables_check(en), 2);  /* environment, pairs */
	assert_int_equal(tables_check(zh), 2);
	assert_non_null(strstr(en, "**Cross-GPU: " GPU_NAME " (compute "
			       "capability 9.0) → SYNTHETIC OTHER GPU (9.0). The "
			       "verdicts compare GPUs, not code.**"));
	assert_non_null(strstr(zh, "**跨 GPU："));
	/* text from the files is escaped: no table is broken */
	assert_non_null(strstr(en, "| e | fast\\|er | float | n = 2^10 | 256 | "
			       "2.000 | 1.000 | 0.5000 |"));
	assert_non_null(strstr(en, "| **faster** |"));
	assert_non_null(strstr(en, "unknown (baseline row error: an "
			       "\\*illegal\\* address)"));
	assert_non_null(strstr(zh, "未知（基线的这一行error: an \\*illegal\\* "
			       "address）"));
	assert_non_null(strstr(en, "Only on the new side (1 rows):\n\n- e float "
			       "n = 2^10: only-new/b256"));
	assert_non_null(strstr(en, "![compare.png](charts/compare.png)"));
	assert_null(strstr(zh, ".png"));
	free(en);
	free(zh);
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

/* The terminal table: cross-GPU said plainly, reasons under their pair,
 * control characters from a file never reach the terminal. */
static void test_text(void **state)
{
	struct results a = { 0 }, b = { 0 };
	struct result_row *w;
	struct compare c;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	(void)state;
	synthetic_env(&a, GPU_NAME, 0, "GPU-1", 13000);
	synthetic_env(&b, "SYNTHETIC OTHER GPU", 0, "GPU-2", 13000);
	row(&a, "e", "v\033[31m", 1024, 256, 2, 0.01, 20);
	row(&b, "e", "v\033[31m", 1024, 256, 1, 0.01, 20);
	w = row(&a, "e", "broken", 1024, 0, 2, 0.01, 20);
	row(&b, "e", "broken", 1024, 0, 1, 0.01, 20);
	w->status = ROW_ERROR;
	w->verified = false;
	w->message = xstrdup("an illegal address\nwas hit");
	row(&a, "e", "few", 1024, 0, 2, 0.01, 2);
	row(&b, "e", "few", 1024, 0, 1, 0.01, 20);
	/* few runs, yet every one beyond every one of the other side */
	row(&a, "e", "ranks", 1024, 0, 2, 0.01, 5);
	row(&b, "e", "ranks", 1024, 0, 1, 0.01, 5);
	compare_build(&a, &b, NULL, &c);
	compare_print_text(mem, &c, "a.json", "b.json");
	fclose(mem);
	assert_non_null(strstr(buf, "\ncross-GPU: " GPU_NAME " (9.0) -> "
			       "SYNTHETIC OTHER GPU (9.0): verdicts compare "
			       "GPUs, not code\n"));
	assert_non_null(strstr(buf, "  GPU UUID             GPU-1 -> GPU-2\n"));
	assert_non_null(strstr(buf, "pairs: 4: 2 faster, 0 slower, 0 same, 2 "
			       "unknown; 0 rows only in base, 0 only in new\n"));
	assert_non_null(strstr(buf, "v\\x1b[31m"));
	assert_null(strchr(buf, '\033'));
	assert_non_null(strstr(buf, "    why: base row error: an illegal "
			       "address\\nwas hit\n"));
	assert_non_null(strstr(buf, "    why: 2 and 20 timed runs: a verdict "
			       "needs 6 on each side\n"));
	assert_non_null(strstr(buf, "    why: 5 and 5 timed runs, too few for "
			       "an interval: every new run is faster than "
			       "every base run, their ratios 0.4901 to 0.5101, "
			       "beyond 1 +- 0.02 (by ranks)\n"));
	free(buf);
	compare_release(&c);
	results_release(&a);
	results_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pairing),
		cmocka_unit_test(test_pairing_duplicates_and_match),
		cmocka_unit_test(test_no_common_rows),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_verdicts_repeat),
		cmocka_unit_test(test_unknown_reasons),
		cmocka_unit_test(test_ranks),
		cmocka_unit_test(test_fail_on),
		cmocka_unit_test(test_counter_changes),
		cmocka_unit_test(test_environment),
		cmocka_unit_test(test_size_text),
		cmocka_unit_test(test_load),
		cmocka_unit_test(test_markdown),
		cmocka_unit_test(test_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
