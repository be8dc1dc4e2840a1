/* test_report_student.c - a page per student (issues 26 and 44), from
 * the exercise marked as a class in memory and the example class as
 * recorded with its rounds: their kernel's part of the report with its
 * lines, what they lost points on, one place on the ladder by the time
 * graded, the host step from the row, no other student named, the
 * line-by-line words following the diagnosis, a Chinese page without
 * culab's English.  Where a test changes the results in memory it says
 * so: logic under test, never written to reports/. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <math.h>

#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "base/util.h"
#include "report_check.h"
#include "class_fixture.h"

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
	pin_steps(&r);
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
	/* the grade first: score, parts, objectives with their evidence */
	EXPECT_IN(en, "## Grade\n\nScore **70.0** of 100; rank 1 of 1 in "
		  "my-transpose.\n\n| part | points | of | why |");
	EXPECT_IN(en, "| speed | 20.0 | 40 | R = 1.70× (their time over the "
		  "reference's, geometric mean over the verified rows): 50.0 % "
		  "of the points |");
	EXPECT_IN(en, "| no bank conflicts | not met: bank\\_conflicts\\_per\\_"
		  "shared\\_ld 31.4 against 31.4 for rung 6 and 0.0805 for rung "
		  "7; line 32 (the counter: ");
	EXPECT_IN(en, "| stores coalesced | met: gst\\_sectors\\_per\\_request "
		  "4.00 against 32.0 for rung 3 and 4.00 for rung 6 |");
	EXPECT_IN(en, "Lost points on: shared-memory bank conflicts; line 32.");
	/* where each row sits, by the time it is graded by */
	/* rung 5, numbered between the two named, is said why it is not */
	EXPECT_IN(en, "- float, 4096 × 4096: between rung 6 and rung 4 (rung 4 "
		  "is 1.08× faster); rung 5, left out, took the time of rung 4 "
		  "here, within 2 %: noise.");
	EXPECT_IN(en, "| float, 4096 × 4096 | 0.08088 | 1659 | 52.7 % | ");
	EXPECT_IN(en, "a 32-way bank conflict; rung 7 (transpose\\_tile\\_pad) "
		  "shows the fix.");
	EXPECT_IN(en, "[the details](../../details-transpose.en.md#counters-per-source-"
		  "line)");
	EXPECT_IN(en, "32              out[(long long)(y + j) * rows + x]");
	EXPECT_IN(zh, "# my\\_tile：我的分块转置");
	EXPECT_IN(zh, "## 成绩\n\n得分 **70.0**（满分 100）；在 my-transpose 的 1 "
		  "名学生中排第 1。");
	EXPECT_IN(html, "href=\"../../class.en.html\"");
	EXPECT_IN(html, "href=\"../../details-transpose.en.html#counters-per-source-line\"");
	free(en);
	free(zh);
	free(html);
	en = page(dir, "students/reduce_shfl.v2-bug/report.en.md");
	assert_non_null(en);
	EXPECT_IN(en, "It failed at every row; below, the failure at int, n = "
		  "2^24.");
	EXPECT_IN(en, "an arithmetic bug, not a memory one.");
	free(en);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* Whether word w (letters, digits, '_') is in hay with no such
 * character either side. */
static bool has_word(const char *hay, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = hay; (p = strstr(p, w)) != NULL; p++) {
		bool before = p > hay && (isalnum((unsigned char)p[-1]) ||
					  p[-1] == '_');
		bool after = isalnum((unsigned char)p[n]) || p[n] == '_';

		if (!before && !after)
			return true;
	}
	return false;
}

/* A student's page names no other student, so that the teacher can
 * hand it out: the recorded example class, whose copy (ivy), ties
 * (ada, ivy, kim; the five who failed) named the others on their pages;
 * in both languages, Markdown and HTML.  The class page and the page
 * of similar submissions, the teacher's, still name them. */
static void test_pages_name_no_one_else(void **state)
{
	static const char *const files[] = {
		"report.en.md", "report.zh.md", "report.en.html",
		"report.zh.html",
	};
	struct results r;
	char *dir, *p;
	size_t students = 0;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	dir = render(&r);
	for (size_t i = 0; i < r.nvariants; i++) {
		const struct variant *v = r.variants[i];

		if (!v->submission)
			continue;
		students++;
		for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
			char *name = xasprintf("students/%s/%s", v->name,
					       files[f]);

			p = page(dir, name);
			if (!p)
				fail_msg("%s:%d: no %s", __FILE__, __LINE__,
					 name);
			for (size_t j = 0; j < r.nvariants; j++) {
				const struct variant *o = r.variants[j];

				if (j != i && o->submission &&
				    has_word(p, o->name))
					fail_msg("%s:%d: %s names %s", __FILE__,
						 __LINE__, name, o->name);
			}
			free(p);
			free(name);
		}
	}
	assert_int_equal(students, 11);
	p = page(dir, "class.en.md");
	EXPECT_IN(p, "**the same source as ada's**");
	free(p);
	p = page(dir, "similar.en.md");
	EXPECT_IN(p, "**ivy** and **ada**");
	free(p);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* Old: ben's page placed his kernel twice, by its own time (the grade,
 * "between rung 4 and rung 5") and by the whole timed region (the table
 * and the row in full, "between rung 3 and rung 4"); estimated his host
 * step from the difference to rung 4 although the results hold it
 * measured; and told him to move the host step onto the GPU, which the
 * class's `finish: host` fixes for everyone.  New: one place per row, by
 * the time graded; the host step as the timed region less the kernel
 * alone in the same runs, computed here from the row; no fix for it. */
static void test_student_one_place(void **state)
{
	struct results r;
	const struct result_row *w = NULL;
	char *dir, *en, *zh, *want;
	double host;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	for (size_t i = 0; i < r.nrows; i++)
		if (str_eq(r.rows[i].variant, "ben") &&
		    str_eq(r.rows[i].dtype, "int") &&
		    r.rows[i].n == UINT64_C(1) << 24)
			w = &r.rows[i];
	assert_non_null(w);
	assert_true(w->tk.nsamples > 0);
	dir = render(&r);
	en = page(dir, "students/ben/report.en.md");
	zh = page(dir, "students/ben/report.zh.md");
	assert_non_null(en);
	assert_non_null(zh);
	/* the grade's places, by the kernel's own time, and no other */
	EXPECT_IN(en, "\n- int, n = 2^24: between rung 4 and rung 5 (rung 5 is "
		  "1.27× faster).\n");
	if (places(en) != 4)
		fail_msg("%s:%d: %zu places on ben's page, not 4 (one per "
			 "row):\n%s", __FILE__, __LINE__, places(en), en);
	EXPECT_NOT_IN(en, "On the ladder:");
	EXPECT_NOT_IN(en, "| on the ladder |");
	EXPECT_NOT_IN(zh, "在阶梯上的位置：");
	EXPECT_IN(en, "they are this page's only places on the ladder");
	EXPECT_IN(en, "| int, n = 2^24 | 0.1864 | 360.0 | 10.8 % | verified |");
	/* the fix rung against his kernel by the time graded too */
	EXPECT_IN(en, "Here rung 5 (reduce\\_shared\\_static) runs in 0.09400 ms, "
		  "1.27× the speed of yours, by the time graded.");
	/* the host step: measured, the teacher's contract, no fix */
	host = w->t.median_ms - w->tk.median_ms;
	want = xasprintf("  - **Host step**: the class's `finish: host` has the "
			 "host add the per-block partial sums; it is the "
			 "teacher's contract, the same code for everyone, not "
			 "yours to change and not graded. Here it took %s ms, "
			 "%s %% of the timed region (%s ms), measured: the "
			 "kernel alone took %s ms in the same runs.\n",
			 FMT(host, 3), PCT(100 * host / w->t.median_ms),
			 FMT(w->t.median_ms, 4), FMT(w->tk.median_ms, 4));
	EXPECT_IN(en, want);
	free(want);
	EXPECT_IN(en, "Here it took 0.0668 ms, 35.8 % of the timed region "
		  "(0.1864 ms)");
	EXPECT_NOT_IN(en, "costs about");
	EXPECT_NOT_IN(en, "an estimate");
	EXPECT_NOT_IN(en, "the fix is to let the last block");
	EXPECT_IN(zh, "这是教师定下的约定");
	EXPECT_NOT_IN(zh, "在 GPU 上把部分和相加");
	EXPECT_NOT_IN(zh, "估计值");
	free(en);
	free(zh);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* Results recorded before the kernel alone was kept hold no measured
 * split: a student's page then estimates the host step from the rung
 * with the same counters that finishes on the device, and says it is an
 * estimate; still no fix for it. */
static void test_student_host_estimate(void **state)
{
	struct results r;
	char *dir, *en;

	(void)state;
	if (!read_recorded(CLASS, &r))
		skip_test();
	dir = render(&r);
	en = page(dir, "students/ben/report.en.md");
	assert_non_null(en);
	EXPECT_IN(en, "it is the teacher's contract, the same code for "
		  "everyone, not yours to change and not graded. Here it costs "
		  "about 0.0733 ms, 36.3 % of the timed region, an estimate "
		  "(these results kept no time of the kernel alone): rung 4 "
		  "(reduce\\_interleaved\\_strided) shows the same shared-memory "
		  "bank conflicts and finishes on the device in 0.129 ms.\n");
	EXPECT_NOT_IN(en, "the fix is to let the last block");
	if (places(en) != 4)
		fail_msg("%s:%d: %zu places on ben's page, not 4 (one per "
			 "row):\n%s", __FILE__, __LINE__, places(en), en);
	free(en);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* The line-by-line words follow the counters and the diagnosis: a line
 * whose few threads per warp instruction every tree shows in its last
 * steps says so, naming the rung that shows the same, on a page whose
 * diagnosis finds no divergence; where the diagnosis finds divergence,
 * one line is named as where it is.  In English and Chinese, on each
 * recorded class with rounds; no recorded figure typed in. */
static void test_lines_follow_diagnosis(void **state)
{
	static const char *const files[] = {
		CLASS_ROUNDS, "reports/examples/class/results.json",
	};
	size_t tree = 0, here = 0;

	(void)state;
	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		struct results r;
		char *dir;

		if (!read_recorded(files[f], &r))
			continue;
		dir = render(&r);
		for (size_t i = 0; i < r.nvariants; i++) {
			const struct variant *v = r.variants[i];
			char *path, *en, *zh;
			bool div;

			if (!v->submission)
				continue;
			path = xasprintf("students/%s/report.en.md", v->name);
			en = page(dir, path);
			free(path);
			path = xasprintf("students/%s/report.zh.md", v->name);
			zh = page(dir, path);
			free(path);
			assert_non_null(en);
			assert_non_null(zh);
			div = strstr(en, "**Divergence") != NULL;
			assert_int_equal(count_of(en, "the divergence the "
						  "diagnosis finds is here"),
					 div ? 1 : 0);
			assert_int_equal(count_of(zh, "诊断发现的发散就在这里"),
					 div ? 1 : 0);
			/* each idle line's bullet compares with the rung */
			for (const char *at = strstr(en, "did the work of"); at;
			     at = strstr(at + 1, "did the work of")) {
				const char *eol = strchr(at, '\n');
				const char *c = strstr(at, "as every tree's last "
						       "steps do");

				if (!c || (eol && c > eol))
					fail_msg("%s:%d: %s: a line of idle "
						 "threads without the tree's "
						 "last steps: %.300s", __FILE__,
						 __LINE__, v->name, at);
				tree++;
			}
			assert_int_equal(count_of(zh, "每棵归约树的最后几步都是如此"),
					 count_of(en, "as every tree's last steps "
						  "do"));
			here += div;
			free(en);
			free(zh);
		}
		remove_tree(dir);
		free(dir);
		results_release(&r);
	}
	assert_true(tree > 0);
	assert_true(here > 0);
}

/* A Chinese student page keeps none of culab's own English: each failed
 * row's recorded message, and the fixed words of every shape the runner
 * writes, are absent from it (rendered in Chinese, or, for CUDA's own
 * error strings, quoted).  Every recorded class, every failed row. */
static void test_zh_messages(void **state)
{
	static const char *const files[] = {
		CLASS, CLASS_ROUNDS, "reports/examples/class/results.json",
	};
	static const char *const culab_words[] = {
		"did not finish within", "its answer does not follow",
		"after the timed runs", "sum is ", ", expected ",
		"wrote past the end", "not timed",
	};
	size_t failed = 0;

	(void)state;
	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		struct results r;
		char *dir;

		if (!read_recorded(files[f], &r))
			continue;
		dir = render(&r);
		for (size_t i = 0; i < r.nrows; i++) {
			const struct result_row *w = &r.rows[i];
			const struct variant *v = results_variant(&r,
								  w->variant);
			char *path, *zh, *md;
			bool ours;

			if (!v || !v->submission || !w->message ||
			    w->status == ROW_OK)
				continue;
			path = xasprintf("students/%s/report.zh.md", w->variant);
			zh = page(dir, path);
			assert_non_null(zh);
			md = md_dup(w->message);
			ours = false;
			for (size_t k = 0; k < ARRAY_SIZE(culab_words); k++) {
				ours |= strstr(w->message, culab_words[k]) != NULL;
				EXPECT_NOT_IN(zh, culab_words[k]);
			}
			if (ours) {
				EXPECT_NOT_IN(zh, md);
			} else {
				/* CUDA's own words, quoted as recorded */
				char *q = xasprintf("“%s”", md);

				EXPECT_IN(zh, q);
				free(q);
			}
			failed++;
			free(md);
			free(zh);
			free(path);
		}
		remove_tree(dir);
		free(dir);
		results_release(&r);
	}
	assert_true(failed > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_student_pages),
		cmocka_unit_test(test_pages_name_no_one_else),
		cmocka_unit_test(test_student_one_place),
		cmocka_unit_test(test_student_host_estimate),
		cmocka_unit_test(test_lines_follow_diagnosis),
		cmocka_unit_test(test_zh_messages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
