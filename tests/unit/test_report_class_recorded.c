/* test_report_class_recorded.c - the example class as recorded (issues
 * 26 and 44): graded by the timed region where the results hold no
 * kernel-alone times (tests/fixtures/recorded-2026-11-27), by the kernel
 * alone and its rounds where they do (recorded-2026-12-06), and by the
 * default rubric's continuous scale.  The class page's other checks are
 * test_report_class.c's. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "base/stats.h"
#include "base/util.h"
#include "report_check.h"
#include "class_fixture.h"

/* The example class as recorded (times of the timed region, which holds
 * the class's host step; no rounds): every student ranked with ties,
 * ivy tied with ada whose source she copied, each objective with its
 * counter and line, each failure with what compute-sanitizer found. */
static void test_recorded_class(void **state)
{
	struct results r;
	char *dir, *en, *csv, *canvas, *p;

	(void)state;
	if (!read_recorded(CLASS, &r))
		skip_test();
	pin_steps(&r);
	dir = render(&r);
	en = page(dir, "class.en.md");
	csv = page(dir, "gradebook.csv");
	canvas = page(dir, "canvas.csv");
	assert_non_null(en);
	assert_non_null(csv);
	assert_non_null(canvas);
	EXPECT_IN(en, "### reduce-class (reduce)\n\n11 students, 6 verified at "
		  "every row; 5 failed a row (wrong answer: 2; error: 2; never "
		  "finished: 1).  Median "
		  "score 53.3 (interquartile range 0.0–56.7).  The problems the "
		  "diagnosis names, each in one student: shared-memory bank "
		  "conflicts, uncoalesced loads, divergence.");
	EXPECT_IN(en, "Times are the timed region: these results kept no time "
		  "of the kernel alone, so with the class's `finish: host` each "
		  "holds the host step");
	EXPECT_IN(en, "The rungs' spread within their runs: ±0.67 % (half the "
		  "interquartile range of a rung's timed runs over their median, "
		  "the median over 28 rungs)");
	EXPECT_IN(en, "\n| 1= | [ada](students/ada/report.en.md) | 70.0 "
		  "(60.0–70.0) | verified | 0.02406 | 0.1300 | 0.02674 | 0.1372 "
		  "| 3 of 3 | 2.97× the reference's time, host step included: no "
		  "cause in the kernel | — |\n"
		  "| 1= | [ivy](students/ivy/report.en.md) | 60.0 (60.0–70.0) | "
		  "**the same source as ada's**; verified | ");
	EXPECT_IN(en, "\n| 4= | [ben](students/ben/report.en.md) | 53.3 | "
		  "verified | 0.02741 | 0.2019 | 0.02862 | 0.2114 | 2 of 3 | "
		  "shared-memory bank conflicts | 16 |\n");
	EXPECT_IN(en, "| 2 of 3 | uncoalesced loads | 15 |\n");
	EXPECT_IN(en, "| 2 of 3 | divergence | 14 |\n");
	EXPECT_IN(en, "\n| 7= | [fay](students/fay/report.en.md) | 0.0 | "
		  "**FAILED** (error) | — | — | — | — | — | an out-of-bounds "
		  "`__shared__` read (compute-sanitizer) | 16 |\n");
	EXPECT_IN(en, "| [hal](students/hal/report.en.md) | 0.0 | **FAILED** "
		  "(never finished) | — | — | — | — | — | never finished at "
		  "int, n = 2^20 | — |");
	/* the pages: each objective's counter, the rungs it is judged
	 * against, its line */
	p = page(dir, "students/ben/report.en.md");
	EXPECT_IN(p, "Score **53.3** of 100; rank 4= of 11 in reduce-class, "
		  "tied with 2 others.");
	EXPECT_IN(p, "| no bank conflicts | not met: bank\\_conflicts\\_per\\_"
		  "shared\\_ld 4.84 against 4.83 for rung 4 and 0.0298 for rung "
		  "5; line 16 (the counter: ");
	free(p);
	p = page(dir, "students/cleo/report.en.md");
	EXPECT_IN(p, "| loads coalesced | not met: gld\\_efficiency\\_pct 12.5 % "
		  "against 100.0 % for rung 5; line 15 |");
	free(p);
	p = page(dir, "students/dan/report.en.md");
	EXPECT_IN(p, "| no divergence at the key line | not met: shared\\_bytes"
		  "\\_per\\_instr 54.5 against 54.5 for rung 3 and 182 for rung "
		  "5; line 14 |");
	EXPECT_IN(p, "| objectives | 13.3 | 20 | 2 of 3 met |");
	free(p);
	p = page(dir, "students/fay/report.en.md");
	EXPECT_IN(p, "| no compute-sanitizer finding | not met: an "
		  "out-of-bounds `__shared__` read (compute-sanitizer); line 16 "
		  "|");
	EXPECT_IN(p, "| correctness | 0.0 | 40 | 0 of 4 rows verified |");
	free(p);
	p = page(dir, "students/eli/report.en.md");
	EXPECT_IN(p, "| no compute-sanitizer finding | met: compute-sanitizer "
		  "reran a failed row and found nothing |");
	EXPECT_IN(p, "| objectives | 0.0 | 20 | no verified row |");
	free(p);
	/* no rerun under compute-sanitizer: the reason the results give,
	 * not "none failed" where every row failed (defect 1) */
	p = page(dir, "students/hal/report.en.md");
	EXPECT_IN(p, "| no compute-sanitizer finding | not applicable: the "
		  "kernel never finished, so compute-sanitizer did not rerun "
		  "it |");
	EXPECT_NOT_IN(p, "none failed");
	free(p);
	p = page(dir, "students/jon/report.en.md");
	EXPECT_IN(p, "| no compute-sanitizer finding | not applicable: its "
		  "answer was wrong only with another input after the timed "
		  "runs, which a rerun at one input does not show, so "
		  "compute-sanitizer did not rerun it |");
	EXPECT_NOT_IN(p, "none failed");
	free(p);
	p = page(dir, "gradescope/jon.json");
	EXPECT_IN(p, "not applicable: its answer was wrong only with another "
		  "input");
	EXPECT_NOT_IN(p, "none failed");
	free(p);
	/* ben: the divergence objective met, and the divergent branches of
	 * his line 15 said to be a tree's last passes, not that divergence;
	 * his bank objective's counter and line 16's 4-way told apart
	 * (defect 7) */
	p = page(dir, "students/ben/report.en.md");
	EXPECT_IN(p, "| no divergence at the key line | met: ");
	EXPECT_IN(p, "line 15 `if (index < blockDim.x)`: 327,680 divergent "
		  "branches of its 4.19 M, at most one warp of a block's 8 "
		  "split at each pass: a tree's last passes, where fewer than "
		  "32 threads are left working");
	EXPECT_NOT_IN(p, "the threads of a warp went both ways");
	EXPECT_IN(p, "; line 16 (the counter: conflicts per shared load "
		  "instruction over the whole kernel, loads only; the line's "
		  "4-way: its wavefronts, loads and stores, over those of a "
		  "conflict-free access) |");
	EXPECT_IN(p, "a 4-way bank conflict");
	free(p);
	p = page(dir, "students/ivy/report.en.md");
	EXPECT_IN(p, "Their source is flagged as the same as another "
		  "submission's once comments and whitespace are set aside; "
		  "your teacher has the details.");
	EXPECT_IN(p, "rank 1= of 11 in reduce-class, tied with 2 others.");
	free(p);
	p = page(dir, "students/ivy/report.zh.md");
	EXPECT_IN(p, "其源代码被标记为与另一份提交相同；详情由教师掌握。");
	EXPECT_IN(p, "，与另外 2 名学生并列。");
	free(p);
	p = page(dir, "students/ada/report.en.md");
	/* 1.01x from rung 4 by timed regions that hold a host step, timed
	 * in processes apart: within that pair's run-to-run floor */
	EXPECT_IN(p, "- int, n = 2^24: level with rung 4 (within noise).");
	free(p);
	/* the body leaves the students to these pages */
	p = page(dir, "report.en.md");
	EXPECT_IN(p, "## Your kernels\n\nThis run holds a class of 11 "
		  "students: they are graded on [the class page](class.en.md)");
	assert_null(strstr(p, "### ada"));
	assert_null(strstr(p, "Your kernel ada at"));
	free(p);
	/* the gradebook: every part, flag and row time of the student */
	EXPECT_IN(csv, "\nada,,,reduce-class,verified,4,4,70.0,60.0,70.0,1,yes,"
		  "40.00,10.00,20.00,met,met,met,n.a.,0.024064,0.023296,0.024544,"
		  "28.2,0.129968,0.125664,0.131072,20.9,0.026736,0.0224,0.027712,"
		  "24.9,0.137168,0.13568,0.143072,19.6,\"2.97× the reference's "
		  "time, host step included: no cause in the kernel\",,,,,\n");
	EXPECT_IN(csv, "\ncleo,,,reduce-class,verified,4,4,53.3,53.3,53.3,4,yes,"
		  "40.00,0.00,13.33,met,not met,met,n.a.,");
	/* the gradebook's state is the page's word: a time limit is "never
	 * finished" in both (defect 9 of the fourth review) */
	EXPECT_IN(csv, "\nhal,,,reduce-class,never finished,4,0,");
	EXPECT_NOT_IN(csv, "\nhal,,,reduce-class,error,");
	EXPECT_IN(csv, "\nfay,,,reduce-class,error,4,0,0.0,0.0,0.0,7,yes,0.00,"
		  "0.00,0.00,n.a.,n.a.,n.a.,not met,,,,,,,,,,,,,,,,,an "
		  "out-of-bounds `__shared__` read (compute-sanitizer),16,"
		  "experiments/examples/class/fay.cu,,,\n");
	EXPECT_IN(csv, ",ada,ada,100\n");
	assert_string_equal(canvas,
		"Student,ID,SIS User ID,SIS Login ID,Section,reduce-class\n"
		"ada,,,,,70.00\nben,,,,,53.33\ncleo,,,,,53.33\ndan,,,,,53.33\n"
		"eli,,,,,0.00\nfay,,,,,0.00\ngus,,,,,0.00\nhal,,,,,0.00\n"
		"ivy,,,,,60.00\njon,,,,,0.00\nkim,,,,,60.00\n");
	free(en);
	free(csv);
	free(canvas);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* The example class recorded with its rounds (an H200): graded by the
 * kernels' own times, the copy tied with the original, the host step
 * said apart, the rungs' spread over the rounds stated, and the order
 * of the scores that of the kernels' times. */
static void test_recorded_rounds(void **state)
{
	struct results r;
	char *dir, *en, *csv, *p;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	pin_steps(&r);
	dir = render(&r);
	en = page(dir, "class.en.md");
	csv = page(dir, "gradebook.csv");
	assert_non_null(en);
	assert_non_null(csv);
	EXPECT_IN(en, "Times are the kernel's own: the median of 10 rounds");
	EXPECT_IN(en, "The class's host step, the same code for everyone and "
		  "not in the score (a row's timed region less its kernel alone "
		  "in the same runs), by size: 0.014–0.019 ms at n = 2^20, "
		  "51.7–71.7 % of the timed region; 0.067–0.092 ms at n = 2^24, "
		  "31.9–60.0 % of the timed region.");
	EXPECT_IN(en, "The rungs' run-to-run spread: ±0.11 % (half the "
		  "interquartile range of a rung's per-round medians over their "
		  "median, the median over 28 rungs)");
	EXPECT_IN(en, "\n| 1= | [ada](students/ada/report.en.md) | 90.0 | "
		  "verified | 0.007488 | 0.06142 | 0.007232 | 0.05736 | 3 of 3 "
		  "| 1.30× the reference's time: at ");
	EXPECT_IN(en, "\n| 1= | [ivy](students/ivy/report.en.md) | 90.0 | "
		  "**the same source as ada's**; verified | 0.007488 | 0.06128 "
		  "| 0.007232 | 0.05715 |");
	EXPECT_IN(en, "\n| 3 | [kim](students/kim/report.en.md) | 80.0 | "
		  "verified | 0.009472 | 0.08866 |");
	EXPECT_IN(en, "\n| 6 | [dan](students/dan/report.en.md) | 63.3 | ");
	/* the copy named on the class page, its lines side by side on the
	 * teacher's page; fay's and kim's textbook trees, alike eli's in the
	 * textbook's code alone, are not flagged, and only that page names
	 * them, as alike in the textbook's code */
	EXPECT_IN(en, "**Similar submissions** (1, 85 % or more similar to an "
		  "earlier student in what they wrote beyond the textbook, once "
		  "names, layout, the order of independent statements and dead "
		  "code are set aside): ivy the same as ada.  Their matching "
		  "lines side by side are on [a page for the teacher]"
		  "(similar.en.md)");
	p = page(dir, "similar.en.md");
	assert_non_null(p);
	EXPECT_IN(p, "**ivy** and **ada**: the same source once comments and "
		  "whitespace are set aside (100.0 % similar).\n\n| ada | ivy |\n"
		  "| --- | --- |\n");
	EXPECT_IN(p, "Alike only in the textbook's code, so not listed: **fay** "
		  "and **eli** (85.7 % before it is set aside); **kim** and "
		  "**eli** (87.5 % before it is set aside).");
	assert_null(strstr(p, "**kim** and **eli**: "));
	free(p);
	/* the HTML class page links the HTML page of similar submissions */
	p = page(dir, "class.en.html");
	EXPECT_IN(p, "href=\"similar.en.html\"");
	EXPECT_NOT_IN(p, "similar.en.md");
	free(p);
	p = page(dir, "class.zh.html");
	EXPECT_IN(p, "href=\"similar.zh.html\"");
	free(p);
	EXPECT_IN(csv, "\nada,,,reduce-class,verified,4,4,90.0,90.0,90.0,1,yes,"
		  "40.00,30.00,20.00,");
	EXPECT_IN(csv, "\nkim,,,reduce-class,verified,4,4,80.0,80.0,80.0,3,no,");
	/* kim's textbook tree is no one's copy: copy_of, similar_to and
	 * similarity empty */
	{
		const char *k = strstr(csv, "\nkim,"), *e;

		assert_non_null(k);
		e = strchr(k + 1, '\n');
		assert_non_null(e);
		if (e - k < 4 || strncmp(e - 3, ",,,", 3))
			fail_msg("%s:%d: kim's line ends \"%.*s\"", __FILE__,
				 __LINE__, 12, e - 12);
	}
	p = page(dir, "students/kim/report.en.md");
	assert_null(strstr(p, "similar"));
	free(p);
	/* ben's place between rung 4 and rung 6 says why not rung 5 */
	p = page(dir, "students/ben/report.en.md");
	EXPECT_IN(p, "- int, n = 2^24: between rung 4 and rung 5 (rung 5 is "
		  "1.27× faster).\n");
	EXPECT_IN(p, "- float, n = 2^24: between rung 4 and rung 6 (rung 6 is "
		  "1.19× faster); rung 5, left out, took the time of rung 6 "
		  "here, within 2 %: noise.\n");
	EXPECT_IN(p, "The grade and the places above are by the kernel's own "
		  "time");
	free(p);
	/* jon failed every row: no places, so no paragraph about them, and
	 * no empty line twice */
	p = page(dir, "students/jon/report.en.md");
	EXPECT_IN(p, "Lost points on: wrong answer at int, n = 2^20.\n\n");
	EXPECT_NOT_IN(p, "the places above");
	EXPECT_NOT_IN(p, "\n\n\n");
	free(p);
	p = page(dir, "students/jon/report.zh.md");
	EXPECT_NOT_IN(p, "上面的成绩和位置");
	EXPECT_NOT_IN(p, "\n\n\n");
	free(p);
	free(en);
	free(csv);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* The median of a row's rounds (a copy sorted). */
static double rounds_median(const struct result_row *w)
{
	double v[64];
	size_t n = w->rounds.n < 64 ? w->rounds.n : 64;

	if (!n)
		return NAN;
	memcpy(v, w->rounds.ms, n * sizeof(*v));
	return stats_median(v, n);
}

/* The field k (from 0) of CSV line `line` (no quotes in these fields)
 * into buf. */
static void csv_field(const char *line, int k, char *buf, size_t size)
{
	const char *end;

	for (; k > 0 && line; k--)
		if ((line = strchr(line, ',')) != NULL)
			line++;
	assert_non_null(line);
	end = line + strcspn(line, ",\n");
	snprintf(buf, size, "%.*s", (int)(end - line), line);
}

/* The example class with its rounds, graded by the default rubric (the
 * results name none): the continuous scale.  Each verified student's
 * speed points are computed here from the recorded rounds (R: the
 * geometric mean over their rows of their median round over the fastest
 * rung's, at least 1) and the rubric's rule; and the score every export
 * gives is the page's, to its digits. */
static void test_continuous_default(void **state)
{
	const struct class_rubric d = rubric_default();
	struct results r;
	struct model m;
	char *dir, *en, *csv, *canvas;
	size_t checked = 0;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	assert_false(r.experiments[0].rubric.set);
	dir = render(&r);
	en = page(dir, "class.en.md");
	csv = page(dir, "gradebook.csv");
	canvas = page(dir, "canvas.csv");
	assert_non_null(en);
	assert_non_null(csv);
	assert_non_null(canvas);
	EXPECT_IN(en, "all the speed points for R up to 1.2, 2/3 of them at "
		  "1.5, 1/3 of them at 2, none from 3 on, and between two of "
		  "these in proportion to log R");
	model_build(&r, &m);
	for (size_t i = 0; i < r.nvariants; i++) {
		const struct variant *v = r.variants[i];
		double logs = 0, sum, want;
		size_t k = 0;
		char *at, *key, got[32], score[32], parts[3][32], cell[64];

		if (!v->submission)
			continue;
		for (size_t j = 0; j < m.nladders; j++) {
			const struct ladder *l = &m.ladders[j];
			double ref = NAN, t = NAN;

			for (size_t q = 0; q < l->nitems; q++) {
				const struct item *it = l->items[q];
				double x = rounds_median(it->row);

				if (!it->ok)
					continue;
				if (it->role == ROLE_RUNG && !(x >= ref))
					ref = x;
				if (!strcmp(it->row->variant, v->name))
					t = x;
			}
			if (t > 0 && ref > 0) {
				logs += log(fmax(1, t / ref));
				k++;
			}
		}
		key = xasprintf("\n%s,", v->name);
		at = strstr(csv, key);
		assert_non_null(at);
		free(key);
		csv_field(at + 1, 7, score, sizeof(score));
		for (int c = 0; c < 3; c++)
			csv_field(at + 1, 12 + c, parts[c], sizeof(parts[c]));
		/* the score is its parts' sum, and the page and canvas.csv
		 * say the gradebook's score */
		sum = atof(parts[0]) + atof(parts[1]) + atof(parts[2]);
		if (fabs(sum - atof(score)) > 0.051)
			fail_msg("%s:%d: %s: score %s, parts %s + %s + %s",
				 __FILE__, __LINE__, v->name, score, parts[0],
				 parts[1], parts[2]);
		snprintf(cell, sizeof(cell), "| [%s](students/%s/report.en.md) "
			 "| %s", v->name, v->name, score);
		EXPECT_IN(en, cell);
		key = xasprintf("\n%s,,,,,", v->name);
		at = strstr(canvas, key);
		assert_non_null(at);
		snprintf(got, sizeof(got), "%.1f", atof(at + strlen(key)));
		free(key);
		assert_string_equal(got, score);
		if (!k)
			continue;
		want = d.speed * rubric_speed_share(&d, exp(logs / (double)k));
		if (fabs(want - atof(parts[1])) > 0.005)
			fail_msg("%s:%d: %s: speed %s, computed %.4f", __FILE__,
				 __LINE__, v->name, parts[1], want);
		checked++;
	}
	assert_int_equal(checked, 6);
	model_release(&m);
	free(en);
	free(csv);
	free(canvas);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recorded_class),
		cmocka_unit_test(test_recorded_rounds),
		cmocka_unit_test(test_continuous_default),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
