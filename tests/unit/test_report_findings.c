/* test_report_findings.c - the report's reading of its numbers, from
 * recorded results (reports/examples, tests/fixtures): findings call no
 * change inside a counter's noise better or worse, the report never
 * speaks of another GPU model in its own voice, the Harris table counts
 * both ladders from the matching first kernel, and the rubric judges
 * every rung.  Charts are off: only the text is checked. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <math.h>

#include "counters/counters.h"
#include "report/report.h"
#include "results/results.h"
#include "base/util.h"
#include "report_check.h"

/* Renders r without charts and returns details.<lang>.md and then
 * report.<lang>.md, as one string (caller frees). */
static char *render_lang(const struct results *r, const char *lang)
{
	char dir[] = "/tmp/culab-test-findings-XXXXXX";
	struct report_options o;
	char *path, *text, *details, *body;

	assert_non_null(mkdtemp(dir));
	report_test_options(&o, dir);
	o.charts = false;
	assert_int_equal(report_render(r, &o), 0);
	/* the details page (the findings, every table), then the body */
	path = xasprintf("%s/details.%s.md", dir, lang);
	details = slurp(path, NULL);
	assert_non_null(details);
	details = with_family_pages(details, dir, lang);
	free(path);
	path = xasprintf("%s/report.%s.md", dir, lang);
	body = slurp(path, NULL);
	assert_non_null(body);
	free(path);
	text = xasprintf("%s\n%s", details, body);
	free(details);
	free(body);
	remove_tree(dir);
	return text;
}

/* The text of section `head` ("## Findings") up to the next "## ", as a
 * heap string: of every page that has it (each family's), one after the
 * other. */
static char *section(const char *md, const char *head)
{
	char *all = sections_of(md, head);

	assert_non_null(all);
	return all;
}

/* ---- findings and noise ------------------------------------------------ */

/* Sets column `col` of row w to v (the column must exist). */
static void set_col(struct result_row *w, const char *col, double v)
{
	for (size_t i = 0; i < w->ncolumns; i++)
		if (!strcmp(w->columns[i].name, col)) {
			w->columns[i].value = v;
			return;
		}
	fail_msg("%s:%d: row has no column %s", __FILE__, __LINE__, col);
}

static struct result_row *find_row(struct results *r, const char *variant,
				   const char *dtype, uint64_t n)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].variant, variant) &&
		    !strcmp(r->rows[i].dtype, dtype) && r->rows[i].n == n)
			return &r->rows[i];
	fail_msg("%s:%d: no row %s %s %llu", __FILE__, __LINE__, variant,
		 dtype, (unsigned long long)n);
	return NULL;
}

/* The finding line of the step into `variant` (cut at its end). */
static char *finding_line(const char *md, const char *variant)
{
	char *f = section(md, "## Findings"), *needle, *s, *e, *line;

	needle = xasprintf(" → %s):", variant);
	s = strstr(f, needle);
	assert_non_null(s);
	while (s > f && s[-1] != '\n')
		s--;
	e = strchr(s, '\n');
	line = e ? xasprintf("%.*s", (int)(e - s), s) : xstrdup(s);
	free(needle);
	free(f);
	return line;
}

/* A change no larger than a column's measured noise is never a cause,
 * however large it looks in percent, and nothing is called "better" or
 * "worse": a step is explained by a rule whose counters moved beyond
 * their noise (the first-add step: warp instructions). */
static void test_noise_never_better_or_worse(void **state)
{
	struct results r;
	struct result_row *from, *to;
	char *en, *line, *f;

	(void)state;
	if (!read_recorded("tests/fixtures/recorded-2026-11-27/h100-default/results.json", &r))
		skip();
	/* rung 6 -> 7 of reduce/int 2^24: DRAM writes 0.8 MB apart are
	 * inside their noise (1 MB measured run to run) though the change
	 * is 80 % of the smaller value */
	from = find_row(&r, "reduce_shared_dynamic", "int", 1u << 24);
	to = find_row(&r, "reduce_first_add", "int", 1u << 24);
	set_col(from, "dram_write_bytes", 1.0e6);
	set_col(to, "dram_write_bytes", 0.2e6);
	set_col(from, "dram_read_bytes", 67.60e6);
	set_col(to, "dram_read_bytes", 67.70e6);
	en = render_lang(&r, "en");
	line = finding_line(en, "reduce\\_first\\_add");
	assert_non_null(strstr(line, "Evidence: warp instructions 64.4 M → "
				     "35.6 M"));
	assert_null(strstr(line, "dram\\_write\\_bytes"));
	assert_null(strstr(line, "DRAM traffic"));
	f = section(en, "## Findings");
	assert_null(strstr(f, "(better)"));
	assert_null(strstr(f, "(worse)"));
	assert_null(strstr(f, "Signature counters"));
	free(f);
	free(line);
	free(en);
	results_release(&r);
}

/* metrics' rule itself: inside noise_pct or noise_abs is noise, a raw
 * count never moves, a column the table lacks needs 10 %. */
static void test_noise_rule(void **state)
{
	(void)state;
	assert_false(metrics_change_beyond_noise("dram_write_bytes", 1e6, 0.2e6));
	assert_true(metrics_change_beyond_noise("dram_write_bytes", 311e6, 249e6));
	assert_false(metrics_change_beyond_noise_of("dram_write_bytes", 4.1e6,
						    2.0e6, 1.08e9));
	assert_false(metrics_change_beyond_noise("bank_conflicts_per_shared_ld",
						 0.005, 0.045));
	assert_true(metrics_change_beyond_noise("bank_conflicts_per_shared_ld",
						0.7, 4.8));
	assert_false(metrics_change_beyond_noise("bank_conflicts_shared_ld",
						 10, 900));
	assert_false(metrics_change_beyond_noise("achieved_occupancy_pct",
						 81.3, 80.0));
	assert_true(metrics_change_beyond_noise("l1tex__foo.sum", 100, 120));
	assert_false(metrics_change_beyond_noise("l1tex__foo.sum", 100, 105));
}

/* Findings explain in words with the counter that shows it, never as a
 * list of counter shapes: the 16-byte loads are bytes in flight per
 * instruction ("because gld_sectors_per_request 4.00 -> 16.0" was a
 * shape, not a cause); a teaching rung says it is one. */
static void test_readings_in_context(void **state)
{
	struct results r;
	char *en, *line;

	(void)state;
	if (!read_recorded("tests/fixtures/recorded-2026-11-27/h100-default/results.json", &r))
		skip();
	en = render_lang(&r, "en");
	line = finding_line(en, "reduce\\_vector\\_atomic");
	assert_non_null(strstr(line, "Why: 16-byte loads: a quarter as many "
				     "load instructions carry the same bytes"));
	assert_non_null(strstr(line, "Evidence: 128 B → 512 B per warp load "
				     "instruction"));
	assert_null(strstr(line, "(wider accesses"));
	free(line);
	line = finding_line(en, "reduce\\_shuffle");
	assert_null(strstr(line, "(worse)"));
	free(line);
	line = finding_line(en, "reduce\\_one\\_block");
	assert_non_null(strstr(line, "as this teaching rung is meant to be"));
	assert_null(strstr(line, "did not help"));
	free(line);
	/* rung 2 -> 3 names the occupancy the one block left behind, over
	 * the GPU: one SM of 132 */
	line = finding_line(en, "reduce\\_interleaved\\_divergent");
	assert_non_null(strstr(line, "rung 2 used 1 of the 132 SMs, 0.095 % "
				     "of the GPU's warp slots, against 89.6 % "
				     "here"));
	free(line);
	free(en);
	results_release(&r);
}

/* ---- GPU models in the report's own voice ----------------------------- */

/* Models the report could name; the run's own is allowed. */
static const char *const gpu_models[] = {
	"H100", "H200", "A100", "V100", "B200", "GH200", "L40", "A40", "T4",
	"RTX", "Quadro", "8800 GTX", "G80",
};

/* Whether the mention at md[i] is attributed: "recorded on", "measured
 * on", "observed on" shortly before it, "上实测"/"上的记录" after it,
 * or a line about Harris's G80. */
static bool attributed(const char *md, size_t i, size_t len)
{
	static const char *const before[] = { "recorded on", "measured on",
					      "observed on", "Measured on",
					      /* a floor taken from another
					       * GPU: "the largest measured
					       * on another GPU, H100" */
					      "上测得的最大值" };
	static const char *const after[] = { "上实测", "上的记录" };
	size_t from = i > 40 ? i - 40 : 0;
	const char *ls = md + i, *le = strchr(md + i, '\n');

	while (ls > md && ls[-1] != '\n')
		ls--;
	for (size_t k = 0; k < ARRAY_SIZE(before); k++) {
		const char *p = md + from;

		while ((p = strstr(p, before[k])) && p < md + i)
			return true;
	}
	for (size_t k = 0; k < ARRAY_SIZE(after); k++) {
		const char *p = strstr(md + i + len, after[k]);

		if (p && p - (md + i + len) < 24)
			return true;
	}
	/* Harris's section speaks of his G80, by name */
	return !strncmp(md + i, "G80", 3) || !strncmp(md + i, "8800", 4) ?
	       (le ? memmem(ls, (size_t)(le - ls), "Harris", 6) ||
		     memmem(ls, (size_t)(le - ls), "G80", 3) : true) :
	       false;
}

static void expect_own_voice(const char *md, const char *own, const char *what)
{
	for (size_t k = 0; k < ARRAY_SIZE(gpu_models); k++) {
		size_t len = strlen(gpu_models[k]);

		if (strstr(own, gpu_models[k]))
			continue;
		for (const char *p = md; (p = strstr(p, gpu_models[k])); p += len) {
			size_t i = (size_t)(p - md);
			bool word = (i == 0 || (!isalnum((unsigned char)p[-1]) &&
						p[-1] != '.')) &&
				    !isalnum((unsigned char)p[len]);

			if (word && !attributed(md, i, len))
				fail_msg("%s:%d: %s names %s in its own voice: "
					 "\"%.80s\"", __FILE__, __LINE__, what,
					 gpu_models[k], i > 40 ? p - 40 : md);
		}
	}
}

static void own_voice(const char *rel, const char *own)
{
	struct results r;

	if (!read_recorded(rel, &r))
		skip();
	for (int l = 0; l < 2; l++) {
		char *md = render_lang(&r, l ? "zh" : "en");
		char *what = xasprintf("%s (%s)", rel, l ? "zh" : "en");

		assert_non_null(strstr(md, own));
		expect_own_voice(md, own, what);
		free(what);
		free(md);
	}
	results_release(&r);
}

static void test_own_voice_h100(void **state)
{
	(void)state;
	own_voice("tests/fixtures/quick/results.json", "H100");
}

static void test_own_voice_h200(void **state)
{
	(void)state;
	own_voice("reports/examples/h200/results.json", "H200");
}

/* ---- Harris ----------------------------------------------------------- */

/* Both cumulative columns start at his kernel 1 and our rung of the same
 * technique (rung 3 of the int ladder), not at our one-block rung. */
static void test_harris_matching(void **state)
{
	struct results r;
	char *en, *h, *row1, *row7, *cell;
	double r3, r11;

	(void)state;
	if (!read_recorded("tests/fixtures/recorded-2026-11-27/h100-default/results.json", &r))
		skip();
	r3 = find_row(&r, "reduce_interleaved_divergent", "int", 1u << 24)->t.median_ms;
	r11 = find_row(&r, "reduce_grid_stride", "int", 1u << 24)->t.median_ms;
	en = render_lang(&r, "en");
	h = section(en, "## Historical comparison");
	row1 = table_line_with(h, "| 1 | interleaved addressing, divergent");
	row7 = table_line_with(h, "| 7 | multiple elements per thread");
	assert_non_null(row1);
	assert_non_null(row7);
	cell = table_cell(row1, 5);
	assert_string_equal(cell, "1.00×");     /* his, from kernel 1 */
	free(cell);
	cell = table_cell(row1, 9);
	assert_string_equal(cell, "1.00×");     /* ours, from rung 3 */
	free(cell);
	cell = table_cell(row7, 5);
	assert_string_equal(cell, "30.1×");     /* 30.05, three digits */
	free(cell);
	{
		char want[32];

		cell = table_cell(row7, 9);
		/* three significant digits, as the report writes speedups */
		snprintf(want, sizeof(want), "%.*f×",
			 r3 / r11 < 9.995 ? 2 : 1, r3 / r11);
		assert_string_equal(cell, want);
		free(cell);
		/* and the total is stated with the rungs it spans */
		snprintf(want, sizeof(want), "%.*f× in all",
			 r3 / r11 < 9.995 ? 2 : 1, r3 / r11);
		assert_non_null(strstr(h, want));
	}
	assert_non_null(strstr(h, "rung 3 (reduce\\_interleaved\\_divergent) to "
				  "rung 11 (reduce\\_grid\\_stride)"));
	/* no lesson from rung 3 against rung 1: the recorded int rung 1
	 * adds pairs, other work than the float and double rung 1 */
	assert_null(strstr(h, "main lesson"));
	assert_null(strstr(h, "slower than rung 1 (reduce\\_global)"));
	/* no step speedup from the one-block rung beside his kernel 1 */
	assert_null(strstr(row1, "138"));
	free(row1);
	free(row7);
	free(h);
	free(en);
	results_release(&r);
}

/* ---- the rubric --------------------------------------------------------- */

/* One row per rung with its hypothesis and verdict: the one-block rung
 * meets its teaching hypothesis, shared-static meets "faster", the
 * dynamic copy is the same within noise, the transpose checks count. */
static void test_rubric(void **state)
{
	struct results r;
	char *en, *zh, *rb, *row, *cell;

	(void)state;
	if (!read_recorded("tests/fixtures/recorded-2026-11-27/h100-default/results.json", &r))
		skip();
	en = render_lang(&r, "en");
	/* the objectives in the body for the ladders it shows in full
	 * (float, transpose: int and double are the table of what the
	 * element type changes), rung by rung in the details for all four */
	rb = section(en, "## Expected against observed\n");
	assert_int_equal(tables_check(rb), 2);
	assert_non_null(strstr(rb, "樊哲勇"));
	free(rb);
	rb = section(en, "## Expected against observed, rung by rung");
	assert_int_equal(tables_check(rb), 4);
	row = table_line_with(rb, "| rung 2 | reduce\\_one\\_block |");
	assert_non_null(row);
	cell = table_cell(row, 4);
	assert_string_equal(cell, "met");
	free(cell);
	cell = table_cell(row, 3);
	assert_non_null(strstr(cell, "slower"));   /* never "0.00×" */
	free(cell);
	cell = table_cell(row, 6);
	assert_string_equal(cell, "not bandwidth");
	free(cell);
	free(row);
	row = table_line_with(rb, "| rung 6 | reduce\\_shared\\_dynamic |");
	cell = table_cell(row, 4);
	assert_string_equal(cell, "not met: within noise (±2 % or its "
			    "run-to-run floor)");
	free(cell);
	free(row);
	row = table_line_with(rb, "| rung 4 | transpose\\_naive\\_strided\\_read |");
	cell = table_cell(row, 4);
	assert_string_equal(cell, "met");
	free(cell);
	cell = table_cell(row, 5);
	assert_string_equal(cell, "4 of 4 met");
	free(cell);
	free(row);
	assert_null(strstr(rb, "0.00×"));
	free(rb);
	/* the conclusion names the steps and the limiting resource */
	rb = section(en, "## Conclusion");
	assert_non_null(strstr(rb, "the steps that mattered most"));
	assert_non_null(strstr(rb, "What limits it: DRAM bandwidth"));
	free(rb);
	zh = render_lang(&r, "zh");
	assert_non_null(strstr(zh, "## 预期与实际"));
	assert_non_null(strstr(zh, "## 结论"));
	free(zh);
	free(en);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_noise_rule),
		cmocka_unit_test(test_noise_never_better_or_worse),
		cmocka_unit_test(test_readings_in_context),
		cmocka_unit_test(test_own_voice_h100),
		cmocka_unit_test(test_own_voice_h200),
		cmocka_unit_test(test_harris_matching),
		cmocka_unit_test(test_rubric),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
