/* test_rowstats.c - the statistics every row carries (the median's
 * interval, quartiles, outliers, why the samples ended): computed from
 * the samples, written to results.json and results.csv and read back,
 * and computed on reading from a file recorded before they were kept;
 * the stopping rule of `repeats: auto` (experiment.h).
 *
 * The reference values of the ten samples below are test_stats.c's,
 * computed there independently (Python). */
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

#include "capture.h"
#include "experiment/experiment.h"
#include "jobs/output.h"
#include "plan/plan.h"
#include "report/report.h"
#include "base/util.h"
#include "results/results.h"

#include "tmpdir.h"

static char tmpdir[] = "/tmp/culab-test-rowstats-XXXXXX";

/* one outlier among ten (test_stats.c's test_summary) */
static const double ten[] = { 3.1, 2.7, 2.9, 3.0, 15.0, 2.8, 3.2, 2.95,
			      3.05, 2.85 };

static const char *srcdir(void)
{
	const char *s = getenv("CULAB_SRCDIR");

	return s && *s ? s : ".";
}

static void assert_ten(const struct timing *t)
{
	assert_float_equal(t->median_ms, 2.975, 1e-12);
	assert_float_equal(t->median_lo_ms, 2.8, 1e-12);
	assert_float_equal(t->median_hi_ms, 3.2, 1e-12);
	assert_float_equal(t->q1_ms, 2.8625, 1e-12);
	assert_float_equal(t->q3_ms, 3.0875, 1e-12);
	assert_int_equal(t->outliers, 1);
}

static void test_timing_compute(void **state)
{
	struct timing t = { 0 };

	(void)state;
	t.samples_ms = (double *)ten;
	t.nsamples = 10;
	timing_compute(&t);
	assert_ten(&t);
	assert_float_equal(t.min_ms, 2.7, 0);
	assert_float_equal(t.max_ms, 15.0, 0);
	/* below six samples the interval is the range */
	t.nsamples = 5;
	timing_compute(&t);
	assert_float_equal(t.median_lo_ms, 2.7, 0);
	assert_float_equal(t.median_hi_ms, 15.0, 0);
	t.nsamples = 0;
	timing_compute(&t);
	assert_true(isnan(t.median_lo_ms) && isnan(t.q3_ms));
	assert_int_equal(t.outliers, 0);
}

/* Results with one row of the ten samples, stopped as `stop` says. */
static void fill(struct results *r, enum repeat_stop stop)
{
	struct result_row *w;

	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->status = xstrdup("complete");
	results_add_variant(r, registry_find("reduce_global"));
	w = results_add_row(r);
	w->experiment = xstrdup("e1");
	w->family = xstrdup("reduce");
	w->variant = xstrdup("reduce_global");
	w->step = 1;
	w->dtype = xstrdup("float");
	w->n = 1000;
	w->m = 1;
	w->status = ROW_OK;
	w->verified = true;
	w->timer = xstrdup("cuda-events");
	w->t.nsamples = 10;
	w->t.samples_ms = xmalloc(sizeof(ten));
	memcpy(w->t.samples_ms, ten, sizeof(ten));
	w->t.stop = stop;
	timing_compute(&w->t);
	w->bytes = 4000;
	kernel_resources_set_unknown(&w->resources, "test");
}

static void test_json_round_trip(void **state)
{
	struct results a, b;
	char *path;

	(void)state;
	fill(&a, STOP_PRECISE);
	/* a value that differs from what the samples give must come back
	 * as written, not recomputed */
	a.rows[0].t.outliers = 3;
	assert_int_equal(output_save(tmpdir, &a), 0);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(results_read(path, &b), 0);
	assert_int_equal(b.rows[0].t.stop, STOP_PRECISE);
	assert_int_equal(b.rows[0].t.outliers, 3);
	b.rows[0].t.outliers = 1;
	assert_ten(&b.rows[0].t);
	results_release(&b);
	/* unknown: null in the file, unknown again */
	a.rows[0].t.stop = STOP_UNKNOWN;
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(results_read(path, &b), 0);
	assert_int_equal(b.rows[0].t.stop, STOP_UNKNOWN);
	results_release(&a);
	results_release(&b);
	free(path);
}

/* The fixture recorded on 2026-11-22 predates the fields: each row gets them from its
 * samples (5 per row there: the interval is the range). */
static void test_old_file(void **state)
{
	struct results r;
	char *path = xasprintf("%s/tests/fixtures/recorded-2026-11-22/quick/results.json",
			       srcdir());
	size_t checked = 0;

	(void)state;
	assert_int_equal(results_read(path, &r), 0);
	for (size_t i = 0; i < r.nrows; i++) {
		const struct timing *t = &r.rows[i].t;

		assert_int_equal(t->stop, STOP_UNKNOWN);
		if (!t->nsamples)
			continue;
		assert_int_equal(t->nsamples, 5);
		assert_float_equal(t->median_lo_ms, t->min_ms, 0);
		assert_float_equal(t->median_hi_ms, t->max_ms, 0);
		assert_true(t->q1_ms <= t->median_ms && t->median_ms <= t->q3_ms);
		assert_true(t->outliers <= 2);
		checked++;
	}
	assert_true(checked > 100);
	results_release(&r);
	free(path);
}

/* text with the first `old` replaced by `new` (caller frees). */
static char *replace_once(const char *text, const char *old, const char *new)
{
	const char *at = strstr(text, old);

	assert_non_null(at);
	return xasprintf("%.*s%s%s", (int)(at - text), text, new,
			 at + strlen(old));
}

static void test_bad_fields(void **state)
{
	static const char outl[] = "bad.json: error: rows[0].timing.outliers: "
		"missing or not a count of samples\n";
	static const char stop[] = "bad.json: error: rows[0].timing.stop: "
		"missing or not count, precise, budget, max or null\n";
	static const struct {
		const char *old, *new, *err;
	} bad[] = {
		{ "\"outliers\": 1", "\"outliers\": -1", outl },
		{ "\"outliers\": 1", "\"outliers\": 11", outl },
		{ "\"outliers\": 1", "\"outliers\": 1.5", outl },
		{ "\"stop\": \"count\"", "\"stop\": \"soon\"", stop },
		{ "\"stop\": \"count\"", "\"stop\": 3", stop },
		{ "\"q1_ms\": 2.8625", "\"q1_ms\": \"x\"", "bad.json: error: "
		  "rows[0].timing.q1_ms: \"x\" is not a number or null\n" },
	};
	struct capture c;
	struct results a, r;
	char *path, *text, *good;
	size_t len;

	(void)state;
	fill(&a, STOP_COUNT);
	assert_int_equal(output_save(tmpdir, &a), 0);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(read_file(path, 1 << 20, &good, &len), 0);
	assert_int_equal(results_read_buffer("good.json", good, len, &r), 0);
	results_release(&r);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		text = replace_once(good, bad[i].old, bad[i].new);
		capture_start(&c);
		assert_int_equal(results_read_buffer("bad.json", text,
						     strlen(text), &r), -1);
		assert_string_equal(capture_stop(&c), bad[i].err);
		capture_free(&c);
		free(text);
	}
	free(good);
	free(path);
	results_release(&a);
}

static void test_csv_columns(void **state)
{
	struct results a;
	char *text, *line;

	(void)state;
	fill(&a, STOP_BUDGET);
	assert_non_null(strstr(results_csv_header(),
			       ",noise_pct,samples,median_lo_ms,median_hi_ms,"
			       "q1_ms,q3_ms,outliers,stop,bytes,"));
	text = results_csv_text(&a);
	line = strchr(text, '\n') + 1;
	assert_non_null(strstr(line, ",10,2.8,3.2,2.8625,3.0875,1,budget,4000,"));
	free(text);
	/* a failed row shows no statistics, only how many samples */
	a.rows[0].status = ROW_WRONG;
	a.rows[0].t.stop = STOP_UNKNOWN;
	text = results_csv_text(&a);
	line = strchr(text, '\n') + 1;
	assert_non_null(strstr(line, ",10,,,,,,,4000,"));
	free(text);
	results_release(&a);
}

/* ---- clocks and throttling ------------------------------------------------------ */

/* A row measured while throttled: two readings. */
static void set_clocks(struct clock_record *c)
{
	struct nvml_reading r1 = { 1980, 2619, 61, 480.5, 0x1, true };
	struct nvml_reading r2 = { 1410, 2619, 83, NAN, 0x44 | 0x200, true };

	clock_record_start(c);
	clock_record_add(c, &r1);
	clock_record_add(c, &r2);
}

static void test_clocks_round_trip(void **state)
{
	struct results a, b;
	char *path, *text;
	size_t len;
	const struct clock_record *c;

	(void)state;
	fill(&a, STOP_COUNT);
	set_clocks(&a.rows[0].clocks);
	a.clocks_locked = xstrdup("max (1980 MHz)");
	assert_int_equal(output_save(tmpdir, &a), 0);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(read_file(path, 1 << 20, &text, &len), 0);
	/* names for readers, in bit order; the mask for culab */
	assert_non_null(strstr(text, "\"gpu_idle\","));
	assert_true(strstr(text, "\"sw_power_cap\",") <
		    strstr(text, "\"hw_thermal_slowdown\","));
	assert_non_null(strstr(text, "\"0x200\""));
	assert_non_null(strstr(text, "\"reasons_mask\": 581,"));
	assert_non_null(strstr(text, "\"throttled\": true"));
	free(text);
	assert_int_equal(results_read(path, &b), 0);
	c = &b.rows[0].clocks;
	assert_true(c->known);
	assert_int_equal(c->readings, 2);
	assert_float_equal(c->sm_mhz_min, 1410, 0);
	assert_float_equal(c->sm_mhz_max, 1980, 0);
	assert_float_equal(c->mem_mhz_min, 2619, 0);
	assert_float_equal(c->temp_c_max, 83, 0);
	assert_float_equal(c->power_w_max, 480.5, 0);
	assert_true(c->reasons_known);
	assert_int_equal(c->reasons, 0x245);
	assert_true(c->throttled);
	assert_string_equal(b.clocks_locked, "max (1980 MHz)");
	results_release(&b);
	/* unknown, with the reason */
	clock_record_set_unknown(&a.rows[0].clocks, "NVML is not available");
	free(a.clocks_locked);
	a.clocks_locked = NULL;
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(results_read(path, &b), 0);
	assert_false(b.rows[0].clocks.known);
	assert_string_equal(b.rows[0].clocks.why, "NVML is not available");
	assert_null(b.clocks_locked);
	results_release(&b);
	results_release(&a);
	free(path);
}

/* Files recorded before clocks were: unknown, and why. */
static void test_clocks_old_file(void **state)
{
	struct results r;
	char *path = xasprintf("%s/tests/fixtures/recorded-2026-11-22/quick/results.json",
			       srcdir());

	(void)state;
	assert_int_equal(results_read(path, &r), 0);
	for (size_t i = 0; i < r.nrows; i++) {
		assert_false(r.rows[i].clocks.known);
		assert_string_equal(r.rows[i].clocks.why,
				    "not recorded by this culab version");
	}
	assert_null(r.clocks_locked);
	results_release(&r);
	free(path);
}

static void test_clocks_bad(void **state)
{
	struct results a, r;
	struct capture c;
	char *path, *good, *text;
	size_t len;

	(void)state;
	fill(&a, STOP_COUNT);
	set_clocks(&a.rows[0].clocks);
	assert_int_equal(output_save(tmpdir, &a), 0);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(read_file(path, 1 << 20, &good, &len), 0);
	/* names that do not match the mask */
	text = replace_once(good, "\"sw_power_cap\"", "\"sync_boost\"");
	capture_start(&c);
	assert_int_equal(results_read_buffer("bad.json", text, strlen(text),
					     &r), -1);
	assert_string_equal(capture_stop(&c), "bad.json: error: "
			    "rows[0].clocks.reasons: missing or not the reasons "
			    "of \"reasons_mask\"\n");
	capture_free(&c);
	free(text);
	text = replace_once(good, "\"known\": true", "\"known\": 1");
	capture_start(&c);
	assert_int_equal(results_read_buffer("bad.json", text, strlen(text),
					     &r), -1);
	assert_string_equal(capture_stop(&c), "bad.json: error: "
			    "rows[0].clocks: missing or not an object with "
			    "\"known\"\n");
	capture_free(&c);
	free(text);
	free(good);
	free(path);
	results_release(&a);
}

static void test_clocks_csv(void **state)
{
	struct results a;
	char *text, *line;

	(void)state;
	fill(&a, STOP_COUNT);
	assert_non_null(strstr(results_csv_header(),
			       ",res_limiter,clk_sm_mhz_min,clk_sm_mhz_max,"
			       "clk_mem_mhz_min,clk_mem_mhz_max,clk_temp_c_max,"
			       "clk_power_w_max,clk_reasons,clk_throttled,"
			       "clk_status"));
	set_clocks(&a.rows[0].clocks);
	text = results_csv_text(&a);
	line = strchr(text, '\n') + 1;
	/* then gpu, host, device: none recorded here */
	assert_non_null(strstr(line, ",1410,1980,2619,2619,83,480.5,gpu_idle "
				     "sw_power_cap hw_thermal_slowdown 0x200,"
				     "true,,,,\n"));
	free(text);
	clock_record_set_unknown(&a.rows[0].clocks, "runs on the CPU");
	text = results_csv_text(&a);
	line = strchr(text, '\n') + 1;
	assert_non_null(strstr(line, ",,,,,,,,,runs on the CPU,,,\n"));
	free(text);
	results_release(&a);
}

/* ---- the stopping rule -------------------------------------------------------- */

static void test_fixed_rule(void **state)
{
	struct repeat_auto off = { .on = false };
	enum repeat_stop why = STOP_UNKNOWN;
	char buf[64];

	(void)state;
	assert_false(repeats_done(3, NULL, ten, 2, 100.0, &why));
	assert_true(repeats_done(3, NULL, ten, 3, 0, &why));
	assert_int_equal(why, STOP_COUNT);
	assert_true(repeats_done(3, &off, ten, 3, 0, &why));
	assert_string_equal(repeats_text(3, &off, buf, sizeof(buf)), "3");
	assert_string_equal(repeats_stop_text(STOP_COUNT, 3, buf, sizeof(buf)),
			    "3 runs");
}

static void test_auto_rule(void **state)
{
	struct repeat_auto r;
	enum repeat_stop why = STOP_UNKNOWN;
	double x[REPEATS_AUTO_MAX];
	char buf[64];
	const int max = REPEATS_AUTO_MAX;
	size_t n;

	(void)state;
	repeat_auto_default(&r);
	assert_string_equal(repeats_text(max, &r, buf, sizeof(buf)),
			    "auto (±1 %, 2 s, 10 to 1000 runs)");
	/* identical samples: precise as soon as `min` allows */
	for (n = 0; n < REPEATS_AUTO_MAX; n++)
		x[n] = 1.0;
	for (n = 1; !repeats_done(max, &r, x, n, 0, &why); n++)
		;
	assert_int_equal(n, REPEATS_AUTO_MIN);
	assert_int_equal(why, STOP_PRECISE);
	assert_string_equal(repeats_stop_text(why, n, buf, sizeof(buf)),
			    "precise after 10 runs");
	/* alternating 1 and 2: the median's interval never narrows */
	for (n = 0; n < REPEATS_AUTO_MAX; n++)
		x[n] = 1.0 + (double)(n % 2);
	for (n = 1; !repeats_done(max, &r, x, n, 0, &why); n++)
		;
	assert_int_equal(n, REPEATS_AUTO_MAX);
	assert_int_equal(why, STOP_MAX);
	/* the budget ends it first */
	assert_true(repeats_done(max, &r, x, 50, 2.0, &why));
	assert_int_equal(why, STOP_BUDGET);
	assert_false(repeats_done(max, &r, x, 50, 1.999, &why));
	/* but precise samples that spent the budget are precise */
	for (n = 0; n < 50; n++)
		x[n] = 1.0 + 0.001 * (double)(n % 5);
	assert_true(repeats_done(max, &r, x, 50, 2.0, &why));
	assert_int_equal(why, STOP_PRECISE);
	/* fewer than `min` never judge the precision, whatever the samples */
	r.min = 40;
	assert_false(repeats_done(max, &r, x, 39, 0, &why));
	assert_true(repeats_done(max, &r, x, 40, 0, &why));
}

/* Between judged counts, a precise sample set keeps going: the interval
 * is computed on a schedule (every 2^k-th sample past 128). */
static void test_auto_schedule(void **state)
{
	struct repeat_auto r;
	enum repeat_stop why;
	double *x = xcalloc(4096, sizeof(*x));
	size_t judged = 0;

	(void)state;
	repeat_auto_default(&r);
	for (size_t n = 0; n < 4096; n++)
		x[n] = 1.0;
	for (size_t n = 129; n < 4096; n++)
		judged += repeats_done(4096, &r, x, n, 0, &why);
	/* 129..255 every 2nd, 256..511 every 4th, ..., 2048..4095 every
	 * 32nd: 64 per doubling from 256 on */
	assert_int_equal(judged, 63 + 4 * 64);
	free(x);
}

static void test_stop_names(void **state)
{
	enum repeat_stop s;

	(void)state;
	for (int i = 1; i < STOP__COUNT; i++) {
		assert_int_equal(repeats_stop_parse(
			repeats_stop_name((enum repeat_stop)i), &s), 0);
		assert_int_equal(s, i);
	}
	assert_null(repeats_stop_name(STOP_UNKNOWN));
	assert_int_equal(repeats_stop_parse("fixed", &s), -1);
}

/* The key as the loader reads it: a count, auto, auto with settings. */
static void test_key(void **state)
{
	static const char text[] =
		"experiments:\n"
		"  - {name: a, family: reduce, sizes: 64}\n"
		"  - {name: b, family: reduce, sizes: 64, repeats: 7}\n"
		"  - {name: c, family: reduce, sizes: 64, repeats: auto}\n"
		"  - {name: d, family: reduce, sizes: 64, repeats: {auto: true,"
		" precision: 0.5 %, budget: 500ms, min: 20, max: 5000}}\n"
		"  - {name: e, family: reduce, sizes: 64, repeats: {precision:"
		" 0.02, budget: 3s}}\n"
		"  - {name: f, family: reduce, sizes: 64, repeats: {budget: .5}}\n";
	struct experiment_file f;
	const struct experiment *e;

	(void)state;
	assert_int_equal(experiment_load_buffer("k.yaml", text, strlen(text),
						&f), 0);
	e = f.exps;
	assert_int_equal(e[0].repeats, REPEATS_DEFAULT);
	assert_false(e[0].repeats_auto.on);
	assert_int_equal(e[1].repeats, 7);
	assert_false(e[1].repeats_auto.on);
	assert_true(e[2].repeats_auto.on);
	assert_int_equal(e[2].repeats, REPEATS_AUTO_MAX);
	assert_int_equal(e[2].repeats_auto.min, REPEATS_AUTO_MIN);
	assert_float_equal(e[2].repeats_auto.precision, 0.01, 0);
	assert_float_equal(e[2].repeats_auto.budget_s, 2, 0);
	assert_true(e[3].repeats_auto.on);
	assert_int_equal(e[3].repeats, 5000);
	assert_int_equal(e[3].repeats_auto.min, 20);
	assert_float_equal(e[3].repeats_auto.precision, 0.005, 1e-15);
	assert_float_equal(e[3].repeats_auto.budget_s, 0.5, 1e-15);
	assert_true(e[4].repeats_auto.on);
	assert_int_equal(e[4].repeats, REPEATS_AUTO_MAX);
	assert_float_equal(e[4].repeats_auto.precision, 0.02, 0);
	assert_float_equal(e[4].repeats_auto.budget_s, 3, 0);
	assert_float_equal(e[5].repeats_auto.budget_s, 0.5, 0);
	experiment_file_release(&f);
}

/* The plan counts `repeats: auto` at its most runs and says so. */
static void test_plan_estimate(void **state)
{
	static const char text[] =
		"experiments:\n"
		"  - {name: a, family: reduce, sizes: 64, warmup: 2,\n"
		"     variants: reduce_shuffle, repeats: {max: 50, min: 8}}\n";
	struct experiment_file f;
	struct plan_options o = { 0 };
	struct plan p;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	(void)state;
	assert_int_equal(experiment_load_buffer("p.yaml", text, strlen(text),
						&f), 0);
	assert_int_equal(plan_build(&f, &o, &p), 0);
	assert_int_equal(p.runs, 1 + 2 + 50);
	assert_true(p.runs_at_most);
	plan_print(fp, &p, false);
	fclose(fp);
	assert_non_null(strstr(buf, "at most 53 runs of a variant (repeats: "
				    "auto counted at its most runs)"));
	assert_non_null(strstr(buf, "warm-up 2, repeats auto (±1 %, 2 s, 8 to "
				    "50 runs), no counters"));
	assert_non_null(strstr(buf, "(1 to run), at most 53 runs\n"));
	free(buf);
	plan_release(&p);
	/* profile-only takes no samples: no bound to state */
	o.profile_only = true;
	plan_build(&f, &o, &p);
	assert_false(p.runs_at_most);
	plan_release(&p);
	experiment_file_release(&f);
}

/* An auto experiment's settings go through results.json and back. */
static void test_meta_round_trip(void **state)
{
	struct results a, b;
	char *path;

	(void)state;
	fill(&a, STOP_MAX);
	a.nexperiments = 2;
	a.experiments = xcalloc(2, sizeof(*a.experiments));
	for (int i = 0; i < 2; i++) {
		a.experiments[i].name = xstrdup(i ? "auto" : "fixed");
		a.experiments[i].family = xstrdup("reduce");
		a.experiments[i].repeats = i ? 5000 : 30;
	}
	repeat_auto_default(&a.experiments[1].repeats_auto);
	a.experiments[1].repeats_auto.precision = 0.005;
	a.experiments[1].repeats_auto.budget_s = 0.25;
	a.experiments[1].repeats_auto.min = 12;
	assert_int_equal(output_save(tmpdir, &a), 0);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(results_read(path, &b), 0);
	assert_false(b.experiments[0].repeats_auto.on);
	assert_int_equal(b.experiments[0].repeats, 30);
	assert_true(b.experiments[1].repeats_auto.on);
	assert_int_equal(b.experiments[1].repeats, 5000);
	assert_int_equal(b.experiments[1].repeats_auto.min, 12);
	assert_float_equal(b.experiments[1].repeats_auto.precision, 0.005, 0);
	assert_float_equal(b.experiments[1].repeats_auto.budget_s, 0.25, 0);
	assert_int_equal(b.rows[0].t.stop, STOP_MAX);
	results_release(&a);
	results_release(&b);
	free(path);
}

/* text (of *len bytes) with the reduce family's details page appended
 * after a form feed: the ladders are that page's. */
static char *with_reduce_page(char *text, size_t *len, const char *dir)
{
	char *fam = xasprintf("%s/details-reduce.en.md", dir), *more;
	size_t ml;

	assert_int_equal(read_file(fam, 1 << 20, &more, &ml), 0);
	text = xrealloc(text, *len + ml + 2);
	text[*len] = '\f';
	memcpy(text + *len + 1, more, ml + 1);
	*len += ml + 1;
	free(more);
	free(fam);
	return text;
}

/* The report of an auto experiment: its rule in the method table, and a
 * note under the table for a row whose budget ran out. */
static void test_report_auto(void **state)
{
	struct results r;
	struct report_options o;
	char *templates = xasprintf("%s/templates", srcdir());
	char *dir = xasprintf("%s/report", tmpdir), *path, *text;
	size_t len;

	(void)state;
	fill(&r, STOP_BUDGET);
	r.nexperiments = 1;
	r.experiments = xcalloc(1, sizeof(*r.experiments));
	r.experiments[0].name = xstrdup("e1");
	r.experiments[0].family = xstrdup("reduce");
	r.experiments[0].repeats = 1000;
	repeat_auto_default(&r.experiments[0].repeats_auto);
	report_options_init(&o);
	o.dir = dir;
	o.charts = false;
	o.template_dir = templates;
	o.langs = REPORT_EN;
	assert_int_equal(report_render(&r, &o), 0);
	/* the details page: the method's table and every column */
	path = xasprintf("%s/details.en.md", dir);
	assert_int_equal(read_file(path, 1 << 20, &text, &len), 0);
	text = with_reduce_page(text, &len, dir);
	assert_non_null(strstr(text, "| auto: until the median is known to "
				     "±1 % (half its 95 % interval), at most 2 s "
				     "of timed runs and 1000 runs, at least 10 |"));
	/* the time with its interval; the runs and outliers in the
	 * appendix */
	assert_non_null(strstr(text, "| 2.975 (2.800–3.200) | "));
	assert_non_null(strstr(text, "| 10 (1 outlier) |"));
	assert_non_null(strstr(text, "reduce\\_global: the time budget ran "
				     "out after 10 timed runs, before the median "
				     "was known to ±1 %; half its 95 % interval "
				     "is ±6.7 %."));
	assert_null(strstr(text, "throttled"));
	assert_null(strstr(text, "--lock-clocks"));
	free(text);
	/* measured while throttled, with locked clocks */
	set_clocks(&r.rows[0].clocks);
	r.has_env = true;
	r.env.gpu_name = xstrdup("Test GPU");
	r.clocks_locked = xstrdup("max (1980 MHz)");
	assert_int_equal(report_render(&r, &o), 0);
	assert_int_equal(read_file(path, 1 << 20, &text, &len), 0);
	text = with_reduce_page(text, &len, dir);
	assert_non_null(strstr(text, "| SM clocks while measuring | locked: max "
				     "(1980 MHz) (--lock-clocks) |"));
	assert_non_null(strstr(text, "| 2.975 (2.800–3.200), throttled |"));
	assert_non_null(strstr(text, "reduce\\_global was measured while the "
				     "GPU throttled its clocks (sw\\_power\\_cap, "
				     "hw\\_thermal\\_slowdown; SM clock 1410–1980 "
				     "MHz, up to 83 °C): its time may be slower "
				     "than this GPU can do."));
	free(text);
	/* precise rows need no note */
	r.rows[0].t.stop = STOP_PRECISE;
	assert_int_equal(report_render(&r, &o), 0);
	assert_int_equal(read_file(path, 1 << 20, &text, &len), 0);
	assert_null(strstr(text, "time budget ran out"));
	free(text);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	free(templates);
	results_release(&r);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	remove_tree(tmpdir);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timing_compute),
		cmocka_unit_test(test_json_round_trip),
		cmocka_unit_test(test_old_file),
		cmocka_unit_test(test_bad_fields),
		cmocka_unit_test(test_csv_columns),
		cmocka_unit_test(test_clocks_round_trip),
		cmocka_unit_test(test_clocks_old_file),
		cmocka_unit_test(test_clocks_bad),
		cmocka_unit_test(test_clocks_csv),
		cmocka_unit_test(test_fixed_rule),
		cmocka_unit_test(test_auto_rule),
		cmocka_unit_test(test_auto_schedule),
		cmocka_unit_test(test_stop_names),
		cmocka_unit_test(test_key),
		cmocka_unit_test(test_meta_round_trip),
		cmocka_unit_test(test_plan_estimate),
		cmocka_unit_test(test_report_auto),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
