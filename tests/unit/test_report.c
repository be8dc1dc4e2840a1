/* test_report.c - the lab report: structure of both languages, FAILED
 * rows, speedups and findings, charts, hostile text, symlinks, templates,
 * and the golden reports of the recorded fixture.
 *
 * The results used here are built in memory by synthetic_results(): they
 * are test data shaped like a run, NOT measurements, and say so in their
 * GPU name and note.  The golden test renders the fixture a real GPU run
 * recorded (tests/fixtures/quick/results.json) and compares its two
 * pages with tests/golden/report.<lang>.md and details.<lang>.md (and
 * their HTML); tests/update_golden.sh rewrites those.
 *
 * Environment: CULAB_SRCDIR (default ".") is the source tree, for
 * templates/ and tests/; CULAB_UPDATE_GOLDEN=1 rewrites the goldens;
 * CULAB_TEST_KEEP=1 keeps the rendered reports and prints where. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "base/diag.h"
#include "jobs/output.h"
#include "ladder/ladder.h"
#include "report/report.h"
#include "compare/compare.h"
#include "report/template.h"
#include "base/util.h"
#include "report_check.h"
#include "results/results.h"

static char *path_of(const char *dir, const char *name)
{
	return xasprintf("%s/%s", dir, name);
}

static char *scratch(void)
{
	char *dir = xstrdup("/tmp/culab-test-report-XXXXXX");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void scratch_done(char *dir)
{
	if (getenv("CULAB_TEST_KEEP"))
		fprintf(stderr, "kept %s\n", dir);
	else
		remove_tree(dir);
	free(dir);
}

/* ---- synthetic results (test data, not measurements) ------------------ */

#define PEAK_GBPS 3352.32

struct spec {
	const char *experiment, *family, *variant, *dtype;
	int step, block;
	uint64_t n, m;
	double ms, noise;               /* <= 0: no time */
	enum row_status status;
	const char *message;
};

static struct result_row *add_row(struct results *r, const struct spec *s)
{
	struct result_row *row;
	const struct variant *v = registry_find(s->variant);
	enum dtype t = DTYPE_FLOAT;

	dtype_parse(s->dtype, &t);
	/* as a run does: the results describe the variants they name */
	if (v)
		results_add_variant(r, v);
	row = results_add_row(r);
	row->experiment = xstrdup(s->experiment);
	row->family = xstrdup(s->family);
	row->variant = xstrdup(s->variant);
	row->step = s->step;
	row->dtype = xstrdup(s->dtype);
	row->n = s->n;
	row->m = s->m;
	row->block = s->block;
	row->status = s->status;
	row->message = xstrdup(s->message);
	row->verified = s->status == ROW_OK;
	row->tolerance = t == DTYPE_INT || strcmp(s->family, "transpose") == 0 ?
			 0 : 1e-5 * (double)s->n;
	row->error = row->tolerance / 8;
	row->timed_region = xstrdup(v ? v->timed_region : "one launch");
	row->timer = xstrdup("cuda-events");
	row->t.warmup = 3;
	if (s->ms > 0) {
		/* three samples around the median whose sample standard
		 * deviation is noise % of their mean */
		double d = s->ms * s->noise / 100;

		row->t.nsamples = 3;
		row->t.samples_ms = xcalloc(3, sizeof(double));
		row->t.samples_ms[0] = s->ms - d;
		row->t.samples_ms[1] = s->ms;
		row->t.samples_ms[2] = s->ms + d;
		row->t.median_ms = row->t.mean_ms = s->ms;
		row->t.min_ms = s->ms - d;
		row->t.max_ms = s->ms + d;
		row->t.stdev_ms = d;
		row->t.noise_pct = s->noise;
		row->bytes = v ? registry_bytes(v, t, s->n, s->m) :
				 (double)s->n * (double)s->m * 4;
		row->gbps = row->bytes / (s->ms * 1e-3) / 1e9;
		row->pct_peak = 100 * row->gbps / PEAK_GBPS;
	}
	row->counters_status = xstrdup("counters not requested at this size");
	return row;
}

/* Raw Perfworks metric names: no alias of metrics.c defines them, so the
 * report shows them as measured, whatever the alias table holds. */
#define COL_CONFLICTS "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
#define COL_DRAM "dram__bytes_read.sum"

static void set_counters(struct result_row *row, double conflicts,
			 double dram)
{
	free(row->counters_status);
	row->counters_status = NULL;
	row->ncolumns = 2;
	row->columns = xcalloc(2, sizeof(*row->columns));
	row->columns[0].name = xstrdup(COL_CONFLICTS);
	row->columns[0].value = conflicts;
	row->columns[1].name = xstrdup(COL_DRAM);
	row->columns[1].value = dram;
}

static void synthetic_results(struct results *r)
{
	static const struct spec rows[] = {
		/* reduce/int at 2^26: rung 1 -> 2 is 4x, 2 -> 3 within noise;
		 * one block size of rung 3 gave a wrong answer */
		{ "reduce-int", "reduce", "reduce_global", "int", 1, 256,
		  1u << 26, 1, 4.0, 0.5, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_static", "int", 2, 256,
		  1u << 26, 1, 1.0, 0.8, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_dynamic", "int", 3, 256,
		  1u << 26, 1, 1.005, 2.0, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_dynamic", "int", 3, 128,
		  1u << 26, 1, 123.456, 1.0, ROW_WRONG,
		  "sum 123 differs from the reference 456" },
		/* reduce/int at 2^22 */
		{ "reduce-int", "reduce", "reduce_global", "int", 1, 256,
		  1u << 22, 1, 0.3, 1.0, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_static", "int", 2, 256,
		  1u << 22, 1, 0.15, 1.0, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_dynamic", "int", 3, 256,
		  1u << 22, 1, 0.16, 1.0, ROW_OK, NULL },
		/* too large: skipped */
		{ "reduce-int", "reduce", "reduce_global", "int", 1, 256,
		  1ull << 34, 1, 0, 0, ROW_SKIPPED,
		  "needs 64.0 GiB of device memory, 79.1 GiB total" },
		/* transpose/float: the copy ceiling and the naive rung */
		{ "transpose-float", "transpose", "transpose_copy", "float", 1, 0,
		  4096, 4096, 0.05, 0.4, ROW_OK, NULL },
		{ "transpose-float", "transpose", "transpose_naive", "float", 2, 0,
		  4096, 4096, 0.25, 0.6, ROW_OK, NULL },
		{ "transpose-float", "transpose", "transpose_copy", "float", 1, 0,
		  1024, 1024, 0.006, 3.0, ROW_OK, NULL },
		{ "transpose-float", "transpose", "transpose_naive", "float", 2, 0,
		  1024, 1024, 0.02, 3.0, ROW_OK, NULL },
	};

	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup("0.1.0");
	r->culab_commit = xstrdup("0123456789ab");
	r->command = xstrdup("culab run experiments/synthetic.yaml");
	r->started = xstrdup("2026-01-02T03:04:05Z");
	r->finished = xstrdup("2026-01-02T03:05:06Z");
	r->status = xstrdup("complete");
	r->source_path = xstrdup("experiments/synthetic.yaml");
	r->source_sha256 = xstrdup("e3b0c44298fc1c149afbf4c8996fb92427ae41e4"
				   "649b934ca495991b7852b855");
	r->note = xstrdup("synthetic test data built by test_report.c, not a "
			  "measurement");
	r->has_env = true;
	r->env.gpu_name = xstrdup("Synthetic GPU (test data, not a "
				  "measurement)");
	r->env.cc_major = 9;
	r->env.cc_minor = 0;
	r->env.sm_count = 132;
	r->env.mem_bus_width_bits = 5120;
	r->env.mem_clock_khz = 2619000;
	r->env.peak_gbps = PEAK_GBPS;
	r->env.sm_clock_khz = 1980000;
	r->env.l2_bytes = 50u << 20;
	r->env.global_mem_bytes = 80ull << 30;
	r->env.driver_version = 13000;
	r->env.runtime_version = 13000;
	r->env.hostname = xstrdup("testhost");
	r->env.os = xstrdup("Linux");
	r->nexperiments = 2;
	r->experiments = xcalloc(2, sizeof(*r->experiments));
	r->experiments[0].name = xstrdup("reduce-int");
	r->experiments[0].description = xstrdup("the reduction ladder on ints");
	r->experiments[0].family = xstrdup("reduce");
	r->experiments[0].warmup = 3;
	r->experiments[0].repeats = 30;
	r->experiments[0].seed = 1;
	r->experiments[0].l2_flush = true;
	r->experiments[0].ncounters = 1;
	r->experiments[0].counters = xcalloc(1, sizeof(char *));
	r->experiments[0].counters[0] = xstrdup("bank_conflicts");
	r->experiments[1].name = xstrdup("transpose-float");
	r->experiments[1].description = xstrdup("");
	r->experiments[1].family = xstrdup("transpose");
	r->experiments[1].warmup = 3;
	r->experiments[1].repeats = 30;
	r->experiments[1].seed = 1;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		add_row(r, &rows[i]);
	/* counters at 2^26: conflicts do not apply to the global-only rung */
	set_counters(&r->rows[0], NAN, 8.1e8);
	set_counters(&r->rows[1], 0.0, 2.7e8);
	set_counters(&r->rows[2], 0.0, 2.7e8);
}

/* ---- rendering helpers ------------------------------------------------ */

static void options(struct report_options *o, const char *dir)
{
	static char templates[4096];

	report_options_init(o);
	snprintf(templates, sizeof(templates), "%s/templates", srcdir());
	o->dir = dir;
	o->template_dir = templates;
}

/* Renders r into dir with charts; returns report_render's result and the
 * diagnostics printed (caller frees). */
static int render(const struct results *r, const struct report_options *o,
		  char **diags)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	int rc;

	diag_set_stream(fp);
	rc = report_render(r, o);
	diag_set_stream(NULL);
	fclose(fp);
	if (diags)
		*diags = buf;
	else
		free(buf);
	return rc;
}

/* One page of the report: "report" (the body) or "details", in lang;
 * asserts it is a regular file of mode 0644. */
static char *read_page(const char *dir, const char *page, const char *lang)
{
	char name[32], *path, *text;
	struct stat st;

	snprintf(name, sizeof(name), "%s.%s.md", page, lang);
	path = path_of(dir, name);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0644);
	text = slurp(path, NULL);
	assert_non_null(text);
	free(path);
	return text;
}

/* Both pages of the report in lang, the details first: a search finds
 * the details' tables (every column, every size) before the body's. */
static char *read_report(const char *dir, const char *lang)
{
	char *details = with_family_pages(read_page(dir, "details", lang),
					  dir, lang);
	char *body = read_page(dir, "report", lang);
	char *both = xasprintf("%s\n%s", details, body);

	free(details);
	free(body);
	return both;
}

static void expect_in(const char *text, const char *needle, int line)
{
	if (!strstr(text, needle))
		fail_msg("%s:%d: expected \"%s\" in the report", __FILE__, line,
			 needle);
}

static void expect_not_in(const char *text, const char *needle, int line)
{
	const char *at = strstr(text, needle);

	if (at)
		fail_msg("%s:%d: \"%s\" must not be in the report (at \"%.60s\")",
			 __FILE__, line, needle, at);
}

#define EXPECT_IN(t, s) expect_in((t), (s), __LINE__)
#define EXPECT_NOT_IN(t, s) expect_not_in((t), (s), __LINE__)

static void expect_tables(const char *md, int at_least)
{
	int n = tables_check(md);

	if (n < 0)
		fail_msg("%s:%d: table row with the wrong number of cells at "
			 "report line %d", __FILE__, __LINE__, -n);
	if (n < at_least)
		fail_msg("%s:%d: %d tables, expected at least %d", __FILE__,
			 __LINE__, n, at_least);
}

/* ---- tests ------------------------------------------------------------ */

static const char *const charts_expected[] = {
	"time-reduce-int", "bandwidth-reduce-int", "ladder-reduce-int",
	"counters-reduce-int", "time-transpose-float",
	"bandwidth-transpose-float", "transpose-transpose-float",
};

static void test_both_languages(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *diags, *en, *zh;

	(void)state;
	synthetic_results(&r);
	options(&o, dir);
	assert_int_equal(render(&r, &o, &diags), 0);
	assert_string_equal(diags, "");
	free(diags);
	en = read_report(dir, "en");
	zh = read_report(dir, "zh");

	/* every section, every placeholder filled; the title is what the
	 * experiments' descriptions say (one has none) */
	EXPECT_IN(en, "\n# The reduction ladder on ints\n");
	EXPECT_IN(en, "# Details: The reduction ladder on ints\n");
	EXPECT_IN(zh, "\n# The reduction ladder on ints\n");
	EXPECT_IN(zh, "# 细节页：The reduction ladder on ints\n");
	EXPECT_NOT_IN(en, "reduce-int, transpose-float");
	EXPECT_IN(en, "## Environment\n\n| Item | Value |");
	EXPECT_IN(en, "| Theoretical peak bandwidth | 3352.3 GB/s");
	EXPECT_IN(en, "| Compute capability | 9.0 (sm_90) |");
	EXPECT_IN(en, "| Driver (CUDA version it supports) | 13.0 (13000) |");
	EXPECT_IN(en, "## Method\n");
	EXPECT_IN(en, "| reduce-int | reduce | 3 | 30 | yes | 1 | bank\\_conflicts |");
	EXPECT_IN(en, "### Counter glossary\n");
	EXPECT_IN(en, "## The optimization steps\n");
	EXPECT_IN(en, "## Results\n");
	EXPECT_IN(en, "## Charts\n");
	EXPECT_IN(en, "## Findings\n");
	EXPECT_IN(en, "## Historical comparison: Harris");
	EXPECT_IN(en, "## Failures\n");
	EXPECT_IN(en, "## Reproduction\n");
	EXPECT_IN(en, "```sh\nculab run experiments/synthetic.yaml\n```");
	EXPECT_IN(en, "SHA-256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	EXPECT_IN(zh, "## 运行环境\n");
	EXPECT_IN(zh, "## 复现\n");
	EXPECT_NOT_IN(en, "{{");
	EXPECT_NOT_IN(zh, "{{");
	/* counter columns are explained (or marked as raw metrics) */
	EXPECT_IN(en, "- **l1tex\\_\\_data\\_bank\\_conflicts\\_pipe\\_lsu\\_mem"
		      "\\_shared\\_op\\_ld.sum** — a raw CUPTI/Perfworks metric");

	/* registry titles in each language */
	{
		const struct variant *v = registry_find("reduce_shared_static");

		assert_non_null(v);
		EXPECT_IN(en, v->title);
		EXPECT_IN(zh, v->title_zh);
	}

	expect_tables(en, 6);
	expect_tables(zh, 6);
	free(en);
	free(zh);
	results_release(&r);
	scratch_done(dir);
}

static void set_columns(struct result_row *row, const char *const *names,
			const double *values, size_t n)
{
	for (size_t i = 0; i < row->ncolumns; i++)
		free(row->columns[i].name);
	free(row->columns);
	free(row->counters_status);
	row->counters_status = NULL;
	row->ncolumns = n;
	row->columns = xcalloc(n, sizeof(*row->columns));
	for (size_t i = 0; i < n; i++) {
		row->columns[i].name = xstrdup(names[i]);
		row->columns[i].value = values[i];
	}
}

/* Renders synthetic results whose first rows (reduce_global ->
 * reduce_shared_static) carry counter columns cols = from -> to, and
 * returns the English report with *line pointing at that step's finding,
 * cut at its end.  The caller frees the report. */
static char *first_step(const char *const *cols, const double *from,
			const double *to, size_t n, char **line)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *en;

	synthetic_results(&r);
	set_columns(&r.rows[0], cols, from, n);
	set_columns(&r.rows[1], cols, to, n);
	set_columns(&r.rows[2], cols, to, n);
	options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "en");
	*line = strstr(en, "- rung 1 → rung 2 (reduce\\_global → ");
	assert_non_null(*line);
	*strchr(*line, '\n') = '\0';
	results_release(&r);
	free(dir);
	return en;
}

/* A change inside a counter's noise is never a cause: raw event counts
 * and per-instruction bank conflicts under 0.1 (the hardware counter's
 * floor) explain nothing even when they change tenfold, so the step is
 * "not explained", with the numbers checked. */
static void test_findings_skip_noise(void **state)
{
	static const char *const cols[] = {
		"bank_conflicts_shared_ld", "bank_conflicts_per_shared_ld",
		"dram_read_bytes",
	};
	static const double from[] = { 10, 0.005, 8.1e8 };
	static const double to[] = { 900, 0.045, 2.7e8 };
	char *en, *line;

	(void)state;
	en = first_step(cols, from, to, 3, &line);
	EXPECT_IN(line, "The counters do not explain this step (4.00 → 1.00 "
		  "ms); checked");
	EXPECT_IN(line, "bank conflicts per shared load 0.00500 → 0.0450");
	assert_null(strstr(line, "Why:"));
	assert_null(strstr(line, "bank\\_conflicts\\_shared\\_ld"));
	free(en);
}

/* A step is explained by the rule whose evidence holds, in words with its
 * counter: achieved occupancy 20 -> 80 % at the same theoretical
 * occupancy for a 4x step; a restatement of the time (the duration) is
 * never named. */
static void test_findings_cause(void **state)
{
	static const char *const cols[] = {
		"duration_us", "achieved_occupancy_pct", "gld_efficiency_pct",
	};
	static const double from[] = { 900, 20, 100 };
	static const double to[] = { 90, 80, 100 };
	char *en, *line;

	(void)state;
	en = first_step(cols, from, to, 3, &line);
	EXPECT_IN(line, "Why: more warps resident per SM. Evidence: achieved "
		  "occupancy 20.0 % → 80.0 % at the same theoretical "
		  "occupancy. More warps resident hide more memory latency");
	assert_null(strstr(line, "duration\\_us"));
	assert_null(strstr(line, "(better)"));
	free(en);
}

static void test_speedups_and_findings(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *en, *zh, *line, *cell;
	const char *big;

	(void)state;
	synthetic_results(&r);
	options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "en");
	zh = read_report(dir, "zh");

	/* table at 2^26: columns Rung, What it does, Time, Spread, GB/s,
	 * % of peak, Step, Cumulative, Verified (no ceiling: no % of it) */
	big = strstr(en, "### reduce / int, n = 2^26\n");
	assert_non_null(big);
	line = table_line_with(big, "| rung 2 | sequential addressing, static "
			       "shared memory |");
	assert_non_null(line);
	cell = table_cell(line, 2);
	assert_string_equal(cell, "1.000");          /* time, ms */
	free(cell);
	cell = table_cell(line, 6);
	assert_string_equal(cell, "4.00× faster");   /* the step */
	free(cell);
	cell = table_cell(line, 7);
	assert_string_equal(cell, "4.00× faster");   /* against rung 1 */
	free(cell);
	free(line);
	/* rung 1 has no conflicts counter (NAN): n/a, explained; raw
	 * metrics are no alias's columns: the appendix shows them */
	big = strstr(en, "#### All other counters: reduce / int, n = 2^26\n");
	assert_non_null(big);
	line = table_line_with(big, "| rung 1 | `reduce_global` |");
	assert_non_null(line);
	cell = table_cell(line, 2);
	assert_string_equal(cell, "n/a");
	free(cell);
	cell = table_cell(line, 3);
	assert_string_equal(cell, "810 M");
	free(cell);
	free(line);
	EXPECT_IN(en, "n/a: the counter does not apply");

	/* findings: the 4x step names its counter change; 2 -> 3 is noise */
	EXPECT_IN(en, "### reduce / int at n = 2^26\n");
	EXPECT_IN(en, "- rung 1 → rung 2 (reduce\\_global → "
		      "reduce\\_shared\\_static): 4.00× faster (4.00 → 1.00 "
		      "ms). The counters do not explain this step (4.00 → 1.00 "
		      "ms): none of the counters the rules read was collected "
		      "for it.");
	/* three significant digits; a change without an interval is told
	 * as such, never as "no change" */
	EXPECT_IN(en, "- rung 2 → rung 3 (reduce\\_shared\\_static → "
		      "reduce\\_shared\\_dynamic): 1.00×, within noise (1.00 → "
		      "1.00 ms), within ±2 %; too few timed runs for an "
		      "interval.");
	assert_null(strstr(en, "no measurable change"));
	EXPECT_IN(en, "- rung 3 (reduce\\_shared\\_dynamic) FAILED: sum 123 "
		      "differs from the reference 456; it is left out of the "
		      "speedups.");
	EXPECT_IN(en, "- Overall: rung 1 (reduce\\_global) → rung 2 "
		      "(reduce\\_shared\\_static): 4.00× faster.");
	EXPECT_IN(zh, "1.00×，在噪声以内（1.00 → 1.00 ms），在 ±2 % 以内；计时次数"
		      "太少，给不出区间");
	/* at 2^22, rung 3 is slower than rung 2 beyond the noise */
	/* (findings are for the largest size; the table shows it) */
	big = strstr(en, "### reduce / int, n = 2^22\n");
	assert_non_null(big);
	line = table_line_with(big, "| rung 3 | sequential addressing, dynamic "
			       "shared memory |");
	assert_non_null(line);
	cell = table_cell(line, 6);
	assert_string_equal(cell, "1.07× slower");   /* never below 1 */
	free(cell);
	free(line);
	/* the smaller size is summarised */
	EXPECT_IN(en, "- At the smallest size measured (n = 2^22): rung 1 "
		      "(reduce\\_global) → rung 2 (reduce\\_shared\\_static): "
		      "2.00× faster.");

	/* transpose: the copy is the ceiling, % of copy ceiling column */
	big = strstr(en, "### transpose / float, 4096 × 4096\n");
	assert_non_null(big);
	line = table_line_with(big, "| rung 2 | naive: coalesced reads, "
			       "strided writes |");
	assert_non_null(line);
	EXPECT_IN(line, "| 20.0 |");
	free(line);
	EXPECT_IN(en, "- It reaches 20.0 % of the measured ceiling "
		      "(transpose\\_copy: 2684 GB/s at the same size).");

	/* Harris: kernel 3 (sequential addressing) beside our rungs 2, 3 */
	line = table_line_with(en, "| 3 | sequential addressing | 1.722 | 9.741 |");
	assert_non_null(line);
	EXPECT_IN(line, "rung 2: reduce\\_shared\\_static, rung 3: "
			"reduce\\_shared\\_dynamic");
	free(line);
	/* both cumulative columns start at the first kernel with a match of
	 * ours (3 here): 1.722 / 0.268 ms */
	line = table_line_with(en, "| 7 | multiple elements per thread | 0.268 | 62.671 | 72.5 | 6.43× |");
	assert_non_null(line);
	free(line);
	EXPECT_IN(en, "reduction.pdf");
	EXPECT_IN(en, "| 3: 1.722 ms, 9.741 GB/s |");   /* G80 column */
	free(en);
	free(zh);
	results_release(&r);
	scratch_done(dir);
}

static void test_failed_row_has_no_speed(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *en, *zh, *line, *charts;

	(void)state;
	synthetic_results(&r);
	options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "en");
	zh = read_report(dir, "zh");
	line = table_line_with(en, "**FAILED** (wrong answer): sum 123 "
			       "differs from the reference 456");
	assert_non_null(line);
	/* time, spread, GB/s, % of peak, step, cumulative: all empty */
	for (int k = 2; k <= 7; k++) {
		char *cell = table_cell(line, k);

		if (strcmp(cell, "—") != 0)
			fail_msg("%s:%d: cell %d of the FAILED row is \"%s\"",
				 __FILE__, __LINE__, k, cell);
		free(cell);
	}
	free(line);
	/* its time appears nowhere: not in the text, not in chart data */
	EXPECT_NOT_IN(en, "123.4");
	EXPECT_NOT_IN(zh, "123.4");
	/* a message not of culab's shapes: quoted as recorded */
	EXPECT_IN(zh, "**失败**（结果错误）：“sum 123");
	charts = path_of(dir, "charts");
	for (size_t i = 0; i < sizeof(charts_expected) / sizeof(charts_expected[0]);
	     i++) {
		char name[128], *path, *dat;

		snprintf(name, sizeof(name), "%s.dat", charts_expected[i]);
		path = path_of(charts, name);
		dat = slurp(path, NULL);
		assert_non_null(dat);
		if (strstr(dat, "123.4"))
			fail_msg("%s:%d: %s holds the failed row's time",
				 __FILE__, __LINE__, path);
		free(dat);
		free(path);
	}
	/* the skipped row: SKIPPED with its reason, under failures too */
	EXPECT_IN(en, "SKIPPED: needs 64.0 GiB of device memory");
	EXPECT_IN(en, "- reduce-int / reduce / int / reduce\\_global, n = 2^34: "
		      "SKIPPED: needs 64.0 GiB");
	EXPECT_IN(en, "; 2 failed or were skipped and are listed in the "
		      "details.");
	free(charts);
	free(en);
	free(zh);
	results_release(&r);
	scratch_done(dir);
}

/* File `name` of directory dir, read whole (the caller frees). */
static char *slurp_in(const char *dir, const char *name)
{
	char *path = path_of(dir, name), *text = slurp(path, NULL);

	assert_non_null(text);
	free(path);
	return text;
}

/* The Chinese pages' own ladder chart (the others are the English ones):
 * in Chinese words, linked from the Chinese report only. */
#define ZH_LADDER "ladder-reduce-int.zh"

static void test_charts_valid(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *charts, *en, *zh, *gp;
	size_t n = sizeof(charts_expected) / sizeof(charts_expected[0]);

	(void)state;
	synthetic_results(&r);
	options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	charts = path_of(dir, "charts");
	en = read_report(dir, "en");
	zh = read_report(dir, "zh");
	for (size_t i = 0; i <= n; i++) {
		static const char *const exts[] = { "png", "svg", "dat", "gp" };
		const char *chart = i < n ? charts_expected[i] : ZH_LADDER;

		for (size_t e = 0; e < 4; e++) {
			char name[128], *path, link[160];
			const char *why = NULL;
			struct stat st;

			snprintf(name, sizeof(name), "%s.%s", chart, exts[e]);
			path = path_of(charts, name);
			if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
			    !st.st_size)
				why = "missing or empty";
			else if ((st.st_mode & 0777) != 0644)
				why = "mode is not 0644";
			else if (e == 0)
				why = png_problem(path);
			else if (e == 1)
				why = svg_problem(path);
			if (why)
				fail_msg("%s:%d: %s: %s", __FILE__, __LINE__,
					 path, why);
			snprintf(link, sizeof(link), "(charts/%s)", name);
			if (i < n)
				EXPECT_IN(en, link);
			else
				EXPECT_NOT_IN(en, link);
			if (strncmp(chart, "ladder-", 7) == 0 && i < n)
				EXPECT_NOT_IN(zh, link);
			else
				EXPECT_IN(zh, link);
			free(path);
		}
	}
	/* the Chinese chart's words are the report's Chinese words */
	gp = slurp_in(charts, ZH_LADDER ".gp");
	EXPECT_IN(gp, "set title '中位时间（ms）'");
	EXPECT_IN(gp, "set title '相对上一级的加速比'");
	EXPECT_NOT_IN(gp, "speedup over");
	EXPECT_NOT_IN(gp, "(ceiling)");
	free(gp);
	gp = slurp_in(charts, ZH_LADDER ".dat");
	EXPECT_IN(gp, "\"快 ");
	EXPECT_NOT_IN(gp, "faster");
	free(gp);
	/* nothing else is drawn: the transpose ladder has one rung */
	{
		DIR *d = opendir(charts);
		struct dirent *e;
		size_t pngs = 0;

		while ((e = readdir(d)) != NULL)
			pngs += strstr(e->d_name, ".png") != NULL;
		closedir(d);
		assert_int_equal(pngs, n + 1);
	}
	assert_int_equal(gnuplot_in(charts, "all.gp"), 0);
	free(en);
	free(zh);
	free(charts);
	results_release(&r);
	scratch_done(dir);
}

static void test_hostile_text(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *diags, *en, *zh;
	char prefix[64], evil[1024];
	struct result_row *row;

	(void)state;
	snprintf(prefix, sizeof(prefix), "culab-pwned-%d-", (int)getpid());
	snprintf(evil, sizeof(evil),
		 "x`touch /tmp/%s1`|y\n# heading $(touch /tmp/%s2) "
		 "system(\"touch /tmp/%s3\") ' . system('touch /tmp/%s4') . ' "
		 "<script>alert(1)</script> [link](javascript:x) *em* $x^2$ "
		 "| a | b |\r\n```",
		 prefix, prefix, prefix, prefix);
	synthetic_results(&r);
	free(r.experiments[0].name);
	r.experiments[0].name = xstrdup(evil);
	free(r.experiments[0].description);
	r.experiments[0].description = xstrdup(evil);
	free(r.note);
	r.note = xstrdup(evil);
	free(r.command);
	r.command = xstrdup(evil);
	free(r.env.gpu_name);
	r.env.gpu_name = xstrdup(evil);
	for (size_t i = 0; i < r.nrows; i++) {
		free(r.rows[i].experiment);
		r.rows[i].experiment = xstrdup(evil);
	}
	/* a variant, family and type nobody knows, with hostile names */
	{
		static const struct spec s = {
			"e", "fam`touch x`|ily", "v", "dt|pe\n#", 1, 0,
			1024, 1, 0.5, 1.0, ROW_OK, NULL };

		for (int k = 0; k < 3; k++) {
			row = add_row(&r, &s);
			free(row->variant);
			row->variant = xasprintf("%s%d", evil, k);
			row->step = k + 1;
			row->t.median_ms = 0.5 / (k + 1);
			set_counters(row, k, 1e6);
			free(row->columns[0].name);
			row->columns[0].name = xstrdup(evil);
		}
		row = add_row(&r, &s);
		row->status = ROW_WRONG;
		row->verified = false;
		free(row->message);
		row->message = xstrdup(evil);
	}
	options(&o, dir);
	assert_int_equal(render(&r, &o, &diags), 0);   /* gnuplot exited 0 */
	assert_string_equal(diags, "");
	free(diags);
	assert_false(tmp_has_prefix(prefix));
	en = read_report(dir, "en");
	zh = read_report(dir, "zh");
	expect_tables(en, 6);
	expect_tables(zh, 6);
	/* a recorded command that is not `culab run`: the command to paste
	 * comes from the experiment file's path, the recorded one is
	 * provenance, escaped like any text */
	EXPECT_IN(en, "```sh\nculab run experiments/synthetic.yaml\n```");
	/* HTML and Markdown only inside the fenced command, where they are
	 * shown as text */
	strip_fences(en);
	strip_fences(zh);
	EXPECT_NOT_IN(en, "<script");
	EXPECT_NOT_IN(en, "\n# heading");
	EXPECT_NOT_IN(en, "[link](");
	for (const char *q = en; (q = strstr(q, "`touch")) != NULL; q++)
		if (q == en || q[-1] != '\\')
			fail_msg("%s:%d: unescaped backquote at \"%.40s\"",
				 __FILE__, __LINE__, q);
	EXPECT_NOT_IN(zh, "<script");
	EXPECT_IN(en, "&lt;script&gt;");
	free(en);
	free(zh);
	/* the HTML pages: nothing of it as markup */
	{
		char *path = path_of(dir, "report.en.html");

		en = slurp(path, NULL);
		free(path);
		assert_non_null(en);
		EXPECT_NOT_IN(en, "<script");
		EXPECT_NOT_IN(en, "href=\"javascript");
		EXPECT_IN(en, "&lt;script&gt;");
		free(en);
	}

	results_release(&r);
	scratch_done(dir);
}

/* The command to paste: `culab run` with the options that change what is
 * measured and the experiment file as a reader has it; the recording
 * machine's paths and notes are provenance only. */
static void test_reproduction(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *en;

	(void)state;
	synthetic_results(&r);
	free(r.command);
	r.command = xstrdup(".carry/culab run --no-report -q -o "
			    "/tmp/culab-session.X/default --note 'recorded "
			    "with: sh x.sh' --lock-clocks=max -d 1 --variant "
			    "reduce_global,reduce_shuffle "
			    "'/home/me/culab/experiments/my exp'\\''s.yaml'");
	options(&o, dir);
	o.charts = false;
	o.formats = REPORT_MD;
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "en");
	/* the options that matter, and the experiment file by its source
	 * path, not by the command line's */
	EXPECT_IN(en, "```sh\nculab run --lock-clocks=max --variant "
		      "reduce_global,reduce_shuffle "
		      "experiments/synthetic.yaml\n```");
	EXPECT_IN(en, "```sh\nculab rerun results.json\n```");
	/* the recorded command is the details' provenance, without the
	 * recording machine's paths; the body has none of it */
	EXPECT_IN(en, "```sh\nculab run --no-report -q -o DIR --note "
		      "'recorded with: sh x.sh' --lock-clocks=max -d 1 "
		      "--variant reduce_global,reduce_shuffle 'experiments/my "
		      "exp'\\''s.yaml'\n```");
	EXPECT_NOT_IN(en, "culab.html");
	EXPECT_NOT_IN(en, ".carry");
	EXPECT_NOT_IN(en, "/tmp/");
	EXPECT_NOT_IN(en, "/home/");
	free(en);
	en = read_page(dir, "report", "en");
	EXPECT_IN(en, "```sh\nculab run --lock-clocks=max --variant "
		      "reduce_global,reduce_shuffle "
		      "experiments/synthetic.yaml\n```");
	EXPECT_NOT_IN(en, "recorded with");
	EXPECT_NOT_IN(en, "--no-report");
	EXPECT_IN(en, "[the details](details.en.md#provenance)");
	free(en);
	/* without a source path, the command line's file as a reader has
	 * it */
	free(r.source_path);
	r.source_path = NULL;
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_page(dir, "report", "en");
	EXPECT_IN(en, "```sh\nculab run --lock-clocks=max --variant "
		      "reduce_global,reduce_shuffle 'experiments/my "
		      "exp'\\''s.yaml'\n```");
	free(en);
	en = path_of(dir, "report.en.html");
	assert_false(file_exists(en));   /* --format md */
	free(en);
	results_release(&r);
	scratch_done(dir);
}

/* Without gnuplot a report is no failure: the Markdown, every chart's
 * data and script and all.gp are written, a warning names the charts not
 * drawn and says how to draw them, and images of an earlier render go. */
static void test_no_gnuplot(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *charts = path_of(dir, "charts");
	char *stale = path_of(charts, "time-reduce-int.png");
	char *all = path_of(charts, "all.gp");
	char *gp = path_of(charts, "time-reduce-int.gp");
	char *diags, *en;
	FILE *fp;

	(void)state;
	assert_int_equal(mkdir(charts, 0755), 0);
	fp = fopen(stale, "w");
	assert_non_null(fp);
	fputs("an image of another run", fp);
	fclose(fp);
	synthetic_results(&r);
	options(&o, dir);
	o.gnuplot = "/nonexistent/gnuplot-for-culab-tests";
	assert_int_equal(render(&r, &o, &diags), 0);
	EXPECT_IN(diags, "culab: warning: cannot run "
		  "\"/nonexistent/gnuplot-for-culab-tests\" (No such file or "
		  "directory): ");
	EXPECT_IN(diags, " charts not drawn (");
	EXPECT_IN(diags, "time-reduce-int, ");
	EXPECT_IN(diags, "); their data and scripts are in \"");
	EXPECT_IN(diags, "/charts\": install gnuplot and run `gnuplot all.gp` "
		  "there to draw them\n");
	/* one line, that warning, and nothing else */
	assert_ptr_equal(strchr(diags, '\n'), diags + strlen(diags) - 1);
	free(diags);
	assert_int_equal(access(all, R_OK), 0);
	assert_int_equal(access(gp, R_OK), 0);
	assert_int_equal(access(stale, F_OK), -1);
	en = read_report(dir, "en");   /* the Markdown is written */
	EXPECT_IN(en, "**Charts not drawn yet**: gnuplot could not be run");
	EXPECT_IN(en, "run `gnuplot all.gp` in that directory");
	EXPECT_IN(en, "](charts/time-reduce-int.png)");
	free(en);
	en = read_report(dir, "zh");
	EXPECT_IN(en, "**图表尚未绘制**");
	free(en);

	o.charts = false;
	o.langs = REPORT_ZH;
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "zh");
	EXPECT_IN(en, "未绘制图表（已关闭图表）。");
	free(en);
	results_release(&r);
	free(charts);
	free(stale);
	free(all);
	free(gp);
	scratch_done(dir);
}

/* A gnuplot that starts and fails is a failure: the Markdown is still
 * written and says so. */
static void test_gnuplot_fails(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *diags, *en;

	(void)state;
	synthetic_results(&r);
	options(&o, dir);
	o.gnuplot = "false";
	assert_int_equal(render(&r, &o, &diags), -1);
	EXPECT_IN(diags, "culab: error: gnuplot failed (exit status 1)");
	free(diags);
	en = read_report(dir, "en");
	EXPECT_IN(en, "**Charts could not be drawn**");
	EXPECT_NOT_IN(en, "](charts/");
	free(en);
	results_release(&r);
	scratch_done(dir);
}

static void test_symlinks_not_followed(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *victim = path_of(dir, "victim");
	char *md = path_of(dir, "report.en.md"), *charts = path_of(dir, "charts");
	char *png = path_of(charts, "time-reduce-int.png"), *text;
	FILE *fp = fopen(victim, "w");

	(void)state;
	fputs("keep me", fp);
	fclose(fp);
	assert_int_equal(mkdir(charts, 0755), 0);
	assert_int_equal(symlink(victim, md), 0);
	assert_int_equal(symlink(victim, png), 0);
	synthetic_results(&r);
	options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	text = slurp(victim, NULL);
	assert_string_equal(text, "keep me");
	free(text);
	free(read_report(dir, "en"));   /* asserts a regular 0644 file */
	assert_null(png_problem(png));
	results_release(&r);
	free(victim);
	free(md);
	free(png);
	free(charts);
	scratch_done(dir);
}

static void test_template_override(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *tmpl = path_of(dir, "mine.md"), *diags, *text;
	FILE *fp = fopen(tmpl, "w");

	(void)state;
	fputs("{{! only the table and the GPU }}\nGPU: {{gpu}}\n\n{{ladders}}\n"
	      "{{#if failures}}\nsome failed\n{{/if}}\n", fp);
	fclose(fp);
	synthetic_results(&r);
	options(&o, dir);
	o.template_path = tmpl;
	o.langs = REPORT_ZH;
	o.charts = false;
	assert_int_equal(render(&r, &o, NULL), 0);
	text = read_page(dir, "report", "zh");
	{
		static const char want[] = "GPU: Synthetic GPU (test data, not "
					   "a measurement)\n\n### reduce / "
					   "int，n = 2^26\n";

		assert_memory_equal(text, want, sizeof(want) - 1);
	}
	EXPECT_IN(text, "| 级 | 做法 |");
	EXPECT_IN(text, "\nsome failed\n");
	EXPECT_NOT_IN(text, "\n## ");
	free(text);

	/* a broken template: an error naming the place, nothing written */
	{
		char *zh = path_of(dir, "report.zh.md");

		assert_int_equal(unlink(zh), 0);
		free(zh);
	}
	fp = fopen(tmpl, "w");
	fputs("# {{title}}\n\n{{enviroment}}\n", fp);
	fclose(fp);
	assert_int_equal(render(&r, &o, &diags), -1);
	EXPECT_IN(diags, "mine.md:3:1: error: unknown placeholder "
			 "\"enviroment\"; did you mean \"environment\"?");
	free(diags);
	{
		char *zh = path_of(dir, "report.zh.md");

		assert_false(file_exists(zh));
		free(zh);
	}
	results_release(&r);
	free(tmpl);
	scratch_done(dir);
}

/* Every placeholder is documented in the header comment of one of a
 * language's two templates (the body, report.<lang>.md, and its details
 * page, details.<lang>.md) and used by one of them, but for those kept
 * for templates written before the details page. */
static void test_shipped_templates(void **state)
{
	static const char *const older[] = { "ladders", "appendix" };
	static const char *const stems[] = { "report", "details", "class",
					     "family" };
	enum { NP = ARRAY_SIZE(stems) };
	size_t n;
	const struct report_placeholder *ph = report_placeholders(&n);
	const char **names = xcalloc(n, sizeof(*names));

	(void)state;
	for (size_t i = 0; i < n; i++)
		names[i] = ph[i].name;
	for (int l = 0; l < 2; l++) {
		char *path[NP], *text[NP];
		struct template *t[NP];

		for (int pg = 0; pg < NP; pg++) {
			path[pg] = xasprintf("%s/templates/%s.%s.md", srcdir(),
					     stems[pg], l ? "zh" : "en");
			text[pg] = slurp(path[pg], NULL);
			assert_non_null(text[pg]);
			assert_int_equal(template_load(path[pg], names, n,
						       &t[pg]), 0);
		}
		/* each placeholder is used, and documented, by a page */
		for (size_t i = 0; i < n; i++) {
			char doc[64];
			bool kept = false, used = false, told = false;

			for (size_t k = 0; k < ARRAY_SIZE(older); k++)
				kept |= strcmp(names[i], older[k]) == 0;
			snprintf(doc, sizeof(doc), "  {{%s}} ", names[i]);
			for (int pg = 0; pg < NP; pg++) {
				used |= template_uses(t[pg], i);
				told |= strstr(text[pg], doc) != NULL;
			}
			if (!kept && !used)
				fail_msg("%s:%d: no page's template (%s, ...) "
					 "uses {{%s}}", __FILE__, __LINE__,
					 path[0], names[i]);
			if (!told)
				fail_msg("%s:%d: no page's template (%s, ...) "
					 "documents {{%s}}", __FILE__, __LINE__,
					 path[0], names[i]);
		}
		for (int pg = 0; pg < NP; pg++) {
			template_free(t[pg]);
			free(text[pg]);
			free(path[pg]);
		}
	}
	free(names);
}

static void test_options(void **state)
{
	struct report_options o;
	unsigned langs = 0;
	struct results r;
	char *diags, *dir, *templates;

	(void)state;
	report_options_init(&o);
	assert_string_equal(o.dir, ".");
	assert_int_equal(o.langs, REPORT_EN | REPORT_ZH);
	assert_true(o.charts);
	assert_int_equal(report_lang_parse("en", &langs), 0);
	assert_int_equal(langs, REPORT_EN);
	assert_int_equal(report_lang_parse("zh", &langs), 0);
	assert_int_equal(langs, REPORT_ZH);
	assert_int_equal(report_lang_parse("both", &langs), 0);
	assert_int_equal(langs, REPORT_EN | REPORT_ZH);
	assert_int_equal(report_lang_parse("fr", &langs), -1);
	assert_int_equal(report_lang_parse(NULL, &langs), -1);

	/* templates: the directory given, then $CULAB_TEMPLATES */
	memset(&r, 0, sizeof(r));
	dir = scratch();
	o.dir = dir;
	o.charts = false;
	o.template_dir = "/nonexistent-culab-templates";
	templates = xasprintf("%s/templates", srcdir());
	setenv("CULAB_TEMPLATES", templates, 1);
	assert_int_equal(render(&r, &o, NULL), 0);
	unsetenv("CULAB_TEMPLATES");
	free(templates);
	/* a template file that is not there */
	o.template_path = "/nonexistent-culab-templates/mine.md";
	assert_int_equal(render(&r, &o, &diags), -1);
	EXPECT_IN(diags, "error: cannot open "
			 "\"/nonexistent-culab-templates/mine.md\"");
	free(diags);
	/* an unknown language bit */
	o.template_path = NULL;
	o.langs = 4;
	assert_int_equal(render(&r, &o, &diags), -1);
	EXPECT_IN(diags, "error: unknown report language");
	free(diags);
	scratch_done(dir);
}

static void test_empty_results(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch(), *en;

	(void)state;
	memset(&r, 0, sizeof(r));
	options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "en");
	EXPECT_IN(en, "The environment was not recorded.");
	EXPECT_IN(en, "No ladder has two verified rungs");
	/* no family, so no family's page with its charts */
	EXPECT_IN(en, "The command line was not recorded.");
	EXPECT_NOT_IN(en, "## Failures");
	EXPECT_NOT_IN(en, "## Historical");
	free(en);
	scratch_done(dir);
}

/* A variant whose registry row has a simple expect line, and a rung of
 * its ladder below it; false when the registry has none yet. */
static bool signature_pair(const struct variant **v, const struct variant **prev)
{
	size_t n;
	const struct variant *all = registry_all(&n);

	for (size_t i = 0; i < n; i++) {
		const struct variant *c = &all[i];

		if (!c->expect[0].column || c->expect[0].than ||
		    !variant_supports(c, DTYPE_FLOAT) ||
		    (c->flags & (VF_CEILING | VF_COPY | VF_BASELINE | VF_CPU)))
			continue;
		for (size_t j = 0; j < n; j++) {
			const struct variant *p = &all[j];

			if (p->family == c->family && p->step >= 1 &&
			    p->step < c->step && variant_supports(p, DTYPE_FLOAT) &&
			    !(p->flags & (VF_CEILING | VF_COPY | VF_BASELINE |
					  VF_CPU))) {
				*v = c;
				*prev = p;
				return true;
			}
		}
	}
	return false;
}

/* Findings cite the registry's signature checks (signature.c) for float
 * rows: met when the counter satisfies the line, not met otherwise. */
static void test_signature_checks(void **state)
{
	const struct variant *v = NULL, *prev = NULL;
	const struct expect *x;
	bool reduce;

	(void)state;
	if (!signature_pair(&v, &prev)) {
		fprintf(stderr, "test_signature_checks: no registry row has an "
			"expect line yet, skipped\n");
		skip();
	}
	x = &v->expect[0];
	reduce = v->family == FAMILY_REDUCE;
	for (int pass = 0; pass < 2; pass++) {
		struct results r;
		struct report_options o;
		struct spec sp = { "sig", reduce ? "reduce" : "transpose",
				   prev->name, "float", prev->step, 0,
				   reduce ? 1u << 26 : 8192, reduce ? 1 : 8192,
				   2.0, 0.5, ROW_OK, NULL };
		struct result_row *row;
		char *dir = scratch(), *en, want[256];
		/* a value that satisfies the line, or one that does not */
		bool lower = x->op[0] == '<';
		double ok = lower ? x->value / 2 : x->value * 2 + 1;
		double bad = lower ? x->value * 2 + 1 : x->value / 2 - 1;

		memset(&r, 0, sizeof(r));
		add_row(&r, &sp);
		sp.variant = v->name;
		sp.step = v->step;
		sp.ms = 1.0;
		row = add_row(&r, &sp);
		free(row->counters_status);
		row->counters_status = NULL;
		row->ncolumns = 1;
		row->columns = xcalloc(1, sizeof(*row->columns));
		row->columns[0].name = xstrdup(x->column);
		row->columns[0].value = pass ? bad : ok;
		options(&o, dir);
		o.charts = false;
		o.langs = REPORT_EN;
		assert_int_equal(render(&r, &o, NULL), 0);
		en = read_report(dir, "en");
		EXPECT_IN(en, " Checks: ");
		snprintf(want, sizeof(want), ": %s", pass ? "**not met**" : "met");
		EXPECT_IN(en, want);
		free(en);
		results_release(&r);
		scratch_done(dir);
	}
}

/* The golden reports of the recorded fixture: the Markdown with its
 * charts, and the HTML pages rendered without charts (inline, their SVG
 * would hold what one gnuplot version draws; tests/html.sh checks them in
 * a browser). */
static void test_golden(void **state)
{
	char *fixture = xasprintf("%s/tests/fixtures/quick/results.json",
				  srcdir());
	struct results r;
	struct report_options o;
	char *dir, *plain;

	(void)state;
	if (!file_exists(fixture)) {
		fprintf(stderr, "test_golden: %s not recorded yet, skipped\n",
			fixture);
		free(fixture);
		skip();
	}
	memset(&r, 0, sizeof(r));
	assert_int_equal(results_read(fixture, &r), 0);
	dir = scratch();
	options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	for (int l = 0; l < 4; l++) {
		const char *lang = l % 2 ? "zh" : "en";
		const char *page = l / 2 ? "details" : "report";
		char *got = read_page(dir, page, lang), *name;

		name = xasprintf("%s.%s.md", page, lang);
		golden_check(got, name);
		free(name);
		free(got);
	}
	/* each family's details page */
	{
		struct dirent **names = NULL;
		int n = scandir(dir, &names, family_page_filter, alphasort);

		assert_true(n >= 4);
		for (int i = 0; i < n; i++) {
			const char *f = names[i]->d_name;
			size_t fl = strlen(f);

			/* the Markdown here; the HTML pages, without charts,
			 * below */
			if (fl > 3 && !strcmp(f + fl - 3, ".md")) {
				char *path = path_of(dir, f);
				char *got = slurp(path, NULL);

				assert_non_null(got);
				golden_check(got, f);
				free(got);
				free(path);
			}
			free(names[i]);
		}
		free(names);
	}
	plain = path_of(dir, "plain");
	o.dir = plain;
	o.charts = false;
	o.formats = REPORT_HTML;
	assert_int_equal(render(&r, &o, NULL), 0);
	for (int l = 0; l < 4; l++) {
		const char *lang = l % 2 ? "zh" : "en";
		const char *page = l / 2 ? "details" : "report";
		char *name = xasprintf("%s.%s.html", page, lang);
		char *path = path_of(plain, name), *got = slurp(path, NULL);

		assert_non_null(got);
		golden_check(got, name);
		free(got);
		free(path);
		free(name);
	}
	/* each family's details page */
	{
		struct dirent **names = NULL;
		int n = scandir(plain, &names, family_page_filter, alphasort);

		assert_true(n >= 2);
		for (int i = 0; i < n; i++) {
			char *path = path_of(plain, names[i]->d_name);
			char *got = slurp(path, NULL);

			assert_non_null(got);
			golden_check(got, names[i]->d_name);
			free(got);
			free(path);
			free(names[i]);
		}
		free(names);
	}
	free(plain);
	results_release(&r);
	free(fixture);
	scratch_done(dir);
}

/* ---- a variant this culab does not know ------------------------------ */

static int never_launched(const struct kernel_args *a)
{
	(void)a;
	return 0;
}

/* A kernel registered at run time, as a user's kernel compiled from its
 * source is: its rows are measured (synthetic test data here) and saved
 * with its description; then the registry forgets it, as `culab report`
 * in another process never knew it, and the report is rendered from the
 * results file alone. */
static void test_variant_unknown_to_registry(void **state)
{
	static const int ctx = 1;
	const struct variant row = {
		.name = "reduce_alice_tree", .family = FAMILY_REDUCE, .step = 4,
		.title = "Alice's two-level tree",
		.title_zh = "Alice 的两级树",
		.about_en = "Each warp adds its values with shuffles, then one "
			    "warp adds the warps' sums.",
		.about_zh = "每个 warp 先用 shuffle 求和，再由一个 warp 汇总。",
		.signature = "no shared-memory bank conflicts",
		.signature_zh = "没有共享内存 bank 冲突",
		.expect = { { .column = COL_CONFLICTS, .op = "<=", .value = 0.5 } },
		.dtypes = DTYPE_ALL, .flags = VF_BLOCK | VF_POW2,
		.block_default = 256, .block_min = 32,
		.timed_region = "two kernel launches",
		.source = "class/alice.cu:reduce_tree<256>",
		.launch = never_launched, .ctx = (void *)&ctx,
	};
	const struct spec alice = { "reduce-int", "reduce", "reduce_alice_tree",
				    "float", 4, 256, 1u << 26, 1, 0.5, 0.5,
				    ROW_OK, NULL };
	struct results r, back;
	struct report_options o;
	struct sig_check *sc = NULL;
	char *dir = scratch(), *path, *en, *zh, why[256];
	size_t nsig, mine = 0;

	(void)state;
	assert_int_equal(registry_add(&row, why, sizeof(why)), 0);
	synthetic_results(&r);
	set_counters(add_row(&r, &alice), 0.0, 2.7e8);
	assert_int_equal(output_save(dir, &r), 0);
	results_release(&r);
	registry_release_added();
	assert_null(registry_find("reduce_alice_tree"));

	path = path_of(dir, "results.json");
	assert_int_equal(results_read(path, &back), 0);
	assert_string_equal(results_variant(&back, "reduce_alice_tree")->title,
			    "Alice's two-level tree");
	options(&o, dir);
	o.charts = false;
	assert_int_equal(render(&back, &o, NULL), 0);
	en = read_report(dir, "en");
	zh = read_report(dir, "zh");
	EXPECT_IN(en, "reduce\\_alice\\_tree");
	EXPECT_IN(en, "Alice's two-level tree");
	EXPECT_IN(en, "Each warp adds its values with shuffles");
	EXPECT_IN(en, "Expected counter signature: no shared-memory bank "
		      "conflicts.");
	EXPECT_IN(en, "Timed region: two kernel launches.");
	EXPECT_IN(en, "Source: class/alice.cu:reduce\\_tree&lt;256&gt;.");
	EXPECT_NOT_IN(en, "do not describe this variant");
	EXPECT_IN(zh, "Alice 的两级树");
	EXPECT_IN(zh, "没有共享内存 bank 冲突");
	EXPECT_IN(zh, "源代码：class/alice.cu");
	/* its signature is checked from the file's description too */
	nsig = signature_check_all(&back, &sc);
	for (size_t i = 0; i < nsig; i++)
		if (!strcmp(back.rows[sc[i].row].variant, "reduce_alice_tree")) {
			assert_int_equal(sc[i].verdict, SIG_PASS);
			assert_string_equal(sc[i].x->column, COL_CONFLICTS);
			mine++;
		}
	assert_int_equal(mine, 1);
	free(sc);
	free(en);
	free(zh);
	free(path);
	results_release(&back);
	scratch_done(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_both_languages),
		cmocka_unit_test(test_speedups_and_findings),
		cmocka_unit_test(test_findings_skip_noise),
		cmocka_unit_test(test_findings_cause),
		cmocka_unit_test(test_failed_row_has_no_speed),
		cmocka_unit_test(test_charts_valid),
		cmocka_unit_test(test_hostile_text),
		cmocka_unit_test(test_reproduction),
		cmocka_unit_test(test_no_gnuplot),
		cmocka_unit_test(test_gnuplot_fails),
		cmocka_unit_test(test_symlinks_not_followed),
		cmocka_unit_test(test_template_override),
		cmocka_unit_test(test_shipped_templates),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_empty_results),
		cmocka_unit_test(test_signature_checks),
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_variant_unknown_to_registry),
	};

	/* tests/update_golden.sh: only rewrite the goldens */
	if (getenv("CULAB_UPDATE_GOLDEN"))
		cmocka_set_test_filter("test_golden");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
