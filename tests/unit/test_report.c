/* test_report.c - the lab report: structure of both languages, FAILED
 * rows, speedups and findings, the reproduction section, the registry's
 * signatures, a variant this culab does not know, and the golden reports
 * of the recorded fixture.  What the report writes and refuses (charts,
 * hostile text, symlinks, templates, options) is test_report_files.c's.
 *
 * The results used here are built in memory by synthetic_results()
 * (report_synth.h): they are test data shaped like a run, NOT
 * measurements, and say so in their GPU name and note.  The golden test renders the fixture a real GPU run
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
#include "report_synth.h"

/* ---- tests ------------------------------------------------------------ */

static void test_both_languages(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *diags, *en, *zh;

	(void)state;
	synthetic_results(&r);
	report_test_options(&o, dir);
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
	char *dir = scratch_for("report"), *en;

	synthetic_results(&r);
	set_columns(&r.rows[0], cols, from, n);
	set_columns(&r.rows[1], cols, to, n);
	set_columns(&r.rows[2], cols, to, n);
	report_test_options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "en");
	*line = strstr(en, "- rung 1 → rung 2 (reduce\\_global → ");
	assert_non_null(*line);
	*strchr(*line, '\n') = '\0';
	results_release(&r);
	scratch_done(dir);
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
	char *dir = scratch_for("report"), *en, *zh, *line, *cell;
	const char *big;

	(void)state;
	synthetic_results(&r);
	report_test_options(&o, dir);
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
	char *dir = scratch_for("report"), *en, *zh, *line, *charts;

	(void)state;
	synthetic_results(&r);
	report_test_options(&o, dir);
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

/* The command to paste: `culab run` with the options that change what is
 * measured and the experiment file as a reader has it; the recording
 * machine's paths and notes are provenance only. */
static void test_reproduction(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *en;

	(void)state;
	synthetic_results(&r);
	free(r.command);
	r.command = xstrdup(".carry/culab run --no-report -q -o "
			    "/tmp/culab-session.X/default --note 'recorded "
			    "with: sh x.sh' --lock-clocks=max -d 1 --variant "
			    "reduce_global,reduce_shuffle "
			    "'/home/me/culab/experiments/my exp'\\''s.yaml'");
	report_test_options(&o, dir);
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
		char *dir = scratch_for("report"), *en, want[256];
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
		report_test_options(&o, dir);
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
	dir = scratch_for("report");
	report_test_options(&o, dir);
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
	char *dir = scratch_for("report"), *path, *en, *zh, why[256];
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
	report_test_options(&o, dir);
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
		cmocka_unit_test(test_reproduction),
		cmocka_unit_test(test_signature_checks),
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_variant_unknown_to_registry),
	};

	/* tests/update_golden.sh: only rewrite the goldens */
	if (getenv("CULAB_UPDATE_GOLDEN"))
		cmocka_set_test_filter("test_golden");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
