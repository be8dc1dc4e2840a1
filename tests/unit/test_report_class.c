/* test_report_class.c - the class page and gradebook.csv (issue 26),
 * from the exercise as recorded on an H100 with its user kernels marked
 * as a class's submissions in memory (no class has been recorded yet):
 * a row per student, best score first, the failed one at 0 with its
 * reason, the main problem and its line; nothing written without a
 * class; the marker kept through results.json. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "run/run.h"
#include "base/util.h"
#include "report_check.h"

#define EXERCISE "tests/fixtures/recorded-2026-11-27/exercise-lines-h100/results.json"

#define EXPECT_IN(hay, needle)                                                 \
	do {                                                                   \
		if (!strstr((hay), (needle)))                                  \
			fail_msg("%s:%d: expected \"%s\" in \"%.900s\"",       \
				 __FILE__, __LINE__, (needle), (hay));         \
	} while (0)

static void skip_test(void)
{
	skip();
}

/* Renders r without charts into a fresh directory; returns its path
 * (the caller removes and frees it). */
static char *render(const struct results *r)
{
	char *dir = xstrdup("/tmp/culab-test-class-XXXXXX");
	struct report_options o;
	static char templates[4096];

	assert_non_null(mkdtemp(dir));
	report_options_init(&o);
	snprintf(templates, sizeof(templates), "%s/templates", srcdir());
	o.dir = dir;
	o.template_dir = templates;
	o.charts = false;
	assert_int_equal(report_render(r, &o), 0);
	return dir;
}

static char *page(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	char *text = slurp(path, NULL);

	free(path);
	return text;
}

static void mark_class(struct results *r)
{
	for (size_t i = 0; i < r->nvariants; i++)
		if (r->variants[i]->source_text)
			r->variants[i]->submission = true;
}

/* A copy re-commented and re-indented is flagged on the class page and
 * in the gradebook, from the sources the results recorded. */
static void test_copy_flagged(void **state)
{
	struct results r;
	struct variant *a = NULL, *b = NULL;
	char *dir, *en, *csv, *text;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	mark_class(&r);
	for (size_t i = 0; i < r.nvariants; i++) {
		if (!strcmp(r.variants[i]->name, "reduce_shfl.v2"))
			a = r.variants[i];
		if (!strcmp(r.variants[i]->name, "reduce_modulo.reduce_modulo"))
			b = r.variants[i];
	}
	assert_non_null(a);
	assert_non_null(b);
	/* reduce_modulo (the first student of my-reduce) hands in v2's
	 * kernel re-commented: v2 is then the later of the same source */
	text = xasprintf("// mine, honestly\n%s\n\n", a->source_text);
	free((char *)b->source_text);
	b->source_text = text;
	free((char *)b->source);
	b->source = xstrdup(a->source);
	dir = render(&r);
	en = page(dir, "class.en.md");
	csv = page(dir, "gradebook.csv");
	EXPECT_IN(en, "| **the same source as reduce\\_modulo.reduce\\_modulo's**"
		  "; verified | 64.9 |");
	EXPECT_IN(csv, "experiments/examples/exercise/reduce_shfl.cu,"
		  "reduce_modulo.reduce_modulo\n");
	/* v2-bug is another function of v2's file: not a copy */
	assert_null(strstr(csv, "wrong answer,0.0,4,0,,,,reduce"));
	free(en);
	free(csv);
	scratch_remove(dir);
	free(dir);
	results_release(&r);
}

static void test_class_page(void **state)
{
	struct results r;
	char *dir, *en, *zh, *csv;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	mark_class(&r);
	dir = render(&r);
	en = page(dir, "class.en.md");
	zh = page(dir, "class.zh.md");
	csv = page(dir, "gradebook.csv");
	assert_non_null(en);
	assert_non_null(zh);
	assert_non_null(csv);
	EXPECT_IN(en, "### my-reduce (reduce)\n\n| student | state | score | "
		  "int, n = 2^20 (ms) | int, n = 2^24 (ms) | float, n = 2^20 "
		  "(ms) | float, n = 2^24 (ms) | main problem | line |");
	/* best score first; the failed one last, at 0, with its reason */
	EXPECT_IN(en, "\n| [reduce\\_shfl.v2](students/reduce_shfl.v2/report.en.md)"
		  " | verified | 64.9 | 0.01090 | "
		  "0.04221 | 0.01045 | 0.03840 | no vector loads | 23 |\n"
		  "| [reduce\\_modulo.reduce\\_modulo](students/"
		  "reduce_modulo.reduce_modulo/report.en.md) | verified | 15.3 | ");
	EXPECT_IN(en, "| divergence | 27 |\n| [reduce\\_shfl.v2-bug](students/"
		  "reduce_shfl.v2-bug/report.en.md) | **FAILED** (wrong "
		  "answer): ");
	EXPECT_IN(en, "| 0.0 | — | — | — | — | — | — |");
	EXPECT_IN(en, "| [my\\_tile](students/my_tile/report.en.md) | verified "
		  "| 58.8 | 0.01419 | 0.08088 | shared-memory bank conflicts | "
		  "32 |");
	EXPECT_IN(en, "- my\\_tile at float, 4096 × 4096: between rung 6 and "
		  "rung 4");
	EXPECT_IN(en, "## How the score is computed\n\nA student's score is 0 "
		  "unless every row of theirs verified");
	EXPECT_IN(zh, "| [reduce\\_shfl.v2](students/reduce_shfl.v2/report.zh.md)"
		  " | 已验证 | 64.9 | ");
	EXPECT_IN(zh, "## 得分如何计算");
	assert_string_equal(csv,
		"student,experiment,state,score,rows,verified,problem,line,file,"
		"copy_of\n"
		"reduce_shfl.v2,my-reduce,verified,64.9,4,4,no vector loads,23,"
		"experiments/examples/exercise/reduce_shfl.cu,\n"
		"reduce_modulo.reduce_modulo,my-reduce,verified,15.3,4,4,"
		"divergence,27,experiments/examples/exercise/reduce_modulo.cu,\n"
		"reduce_shfl.v2-bug,my-reduce,wrong answer,0.0,4,0,,,,\n"
		"my_tile,my-transpose,verified,58.8,2,2,shared-memory bank "
		"conflicts,32,experiments/examples/exercise/transpose_tile.cu,\n");
	free(en);
	free(zh);
	free(csv);
	scratch_remove(dir);
	free(dir);
	results_release(&r);
}

/* A page per student: their kernel's part of the report, with its lines
 * and source, linking the class and the report two folders up (and the
 * HTML the HTML). */
static void test_student_pages(void **state)
{
	struct results r;
	char *dir, *en, *zh, *html;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	mark_class(&r);
	dir = render(&r);
	en = page(dir, "students/my_tile/report.en.md");
	zh = page(dir, "students/my_tile/report.zh.md");
	html = page(dir, "students/my_tile/report.en.html");
	assert_non_null(en);
	assert_non_null(zh);
	assert_non_null(html);
	EXPECT_IN(en, "# my\\_tile: my tiled transpose\n\nNVIDIA H100 80GB HBM3 "
		  "· 2026-11-27T12:39:14Z · [the class](../../class.en.md) · "
		  "[the whole report](../../report.en.md)");
	EXPECT_IN(en, "| float, 4096 × 4096 | 0.08088 | 1659 | 52.7 % | ");
	EXPECT_IN(en, "a 32-way bank conflict; rung 7 (transpose\\_tile\\_pad) "
		  "shows the fix.");
	EXPECT_IN(en, "[the details](../../details.en.md#counters-per-source-"
		  "line)");
	EXPECT_IN(en, "32              out[(long long)(y + j) * rows + x]");
	EXPECT_IN(zh, "# my\\_tile：我的分块转置");
	EXPECT_IN(html, "href=\"../../class.en.html\"");
	EXPECT_IN(html, "href=\"../../details.en.html#counters-per-source-line\"");
	free(en);
	free(zh);
	free(html);
	en = page(dir, "students/reduce_shfl.v2-bug/report.en.md");
	assert_non_null(en);
	EXPECT_IN(en, "It failed at every row; below, the failure at int, n = "
		  "2^24.");
	EXPECT_IN(en, "an arithmetic bug, not a memory one.");
	free(en);
	scratch_remove(dir);
	free(dir);
	results_release(&r);
}

/* score: class: each ladder's reference is the class's fastest verified
 * student, who scores 100 there; the page says so; the setting goes
 * through results.json. */
static void test_score_class(void **state)
{
	struct results r, back;
	char *dir, *en, *csv, *text;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	mark_class(&r);
	for (size_t i = 0; i < r.nexperiments; i++)
		r.experiments[i].score_class = true;
	text = json_results_encode(&r);
	assert_int_equal(results_read_buffer("t.json", text, strlen(text),
					     &back), 0);
	for (size_t i = 0; i < back.nexperiments; i++)
		assert_true(back.experiments[i].score_class);
	free(text);
	results_release(&back);
	dir = render(&r);
	en = page(dir, "class.en.md");
	csv = page(dir, "gradebook.csv");
	/* the fastest student everywhere; the only one of its experiment */
	EXPECT_IN(csv, "reduce_shfl.v2,my-reduce,verified,100.0,4,4,");
	EXPECT_IN(csv, "my_tile,my-transpose,verified,100.0,2,2,");
	EXPECT_IN(en, "In my-reduce, my-transpose (`score: class`) the "
		  "reference is the class's fastest verified student");
	free(en);
	free(csv);
	scratch_remove(dir);
	free(dir);
	results_release(&r);
}

/* Results without a class: no class page, no gradebook. */
static void test_no_class(void **state)
{
	struct results r;
	char *dir, *t;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	dir = render(&r);
	t = page(dir, "class.en.md");
	assert_null(t);
	t = page(dir, "gradebook.csv");
	assert_null(t);
	t = page(dir, "students/my_tile/report.en.md");
	assert_null(t);
	scratch_remove(dir);
	free(dir);
	results_release(&r);
}

/* The marker goes through results.json and back; a file without it (or
 * from before it) has none. */
static void test_marker_kept(void **state)
{
	struct results r, back;
	char *text;
	size_t marked = 0;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	for (size_t i = 0; i < r.nvariants; i++)
		assert_false(r.variants[i]->submission);
	mark_class(&r);
	text = json_results_encode(&r);
	assert_non_null(text);
	assert_int_equal(results_read_buffer("t.json", text, strlen(text),
					     &back), 0);
	for (size_t i = 0; i < back.nvariants; i++) {
		assert_int_equal(back.variants[i]->submission,
				 back.variants[i]->source_text != NULL);
		marked += back.variants[i]->submission;
	}
	assert_int_equal(marked, 4);
	free(text);
	results_release(&back);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_class_page),
		cmocka_unit_test(test_copy_flagged),
		cmocka_unit_test(test_student_pages),
		cmocka_unit_test(test_score_class),
		cmocka_unit_test(test_no_class),
		cmocka_unit_test(test_marker_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
