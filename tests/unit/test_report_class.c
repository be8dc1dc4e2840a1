/* test_report_class.c - the class page and the teacher's files (issues
 * 26 and 44), from two recorded H100 runs: the exercise with its user
 * kernels marked as a class's submissions in memory, and the example
 * class (reports/examples/class/, recorded before kernel-alone times and
 * rounds were kept: the fallback to the timed region).  A row per
 * student, ranked with ties; the score's parts with partial credit; the
 * objectives with their evidence; gradebook.csv, canvas.csv and the
 * Gradescope JSON; nothing written without a class; the marker kept
 * through results.json.  The student pages are test_report_student.c's,
 * the example class as recorded test_report_class_recorded.c's.  Where a test changes the results in memory (a row
 * marked failed, CUPTI's recorded kernel duration taken as the kernel
 * alone's time) it says so: logic under test, never written to
 * reports/. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <jansson.h>
#include <math.h>

#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "compare/compare.h"
#include "base/stats.h"
#include "base/util.h"
#include "report/report_grading.h"
#include "report/report_place.h"
#include "report_check.h"
#include "class_fixture.h"

/* A copy re-commented and re-indented is flagged on the class page and
 * in the gradebook, from the sources the results recorded, and the two
 * are tied whatever their scores. */
static void test_copy_flagged(void **state)
{
	struct results r;
	struct variant *a = NULL, *b = NULL;
	char *dir, *en, *csv, *text;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	pin_steps(&r);
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
	EXPECT_IN(en, "\n| 1= | [reduce\\_shfl.v2](students/reduce_shfl.v2/"
		  "report.en.md) | 80.0 | **the same source as "
		  "reduce\\_modulo.reduce\\_modulo's**; verified | ");
	/* its times are reduce_modulo's own (measured before the swap),
	 * yet the two are tied */
	EXPECT_IN(en, "\n| 1= | [reduce\\_modulo.reduce\\_modulo](students/"
		  "reduce_modulo.reduce_modulo/report.en.md) | 53.3 | verified "
		  "| ");
	EXPECT_IN(csv, "experiments/examples/exercise/reduce_shfl.cu,"
		  "reduce_modulo.reduce_modulo,reduce_modulo.reduce_modulo,100\n");
	EXPECT_IN(csv, "\nreduce_shfl.v2,,,my-reduce,verified,4,4,80.0,80.0,"
		  "80.0,1,yes,");
	/* v2-bug is another function of v2's file: not a copy */
	EXPECT_IN(csv, "\nreduce_shfl.v2-bug,,,my-reduce,wrong answer,4,0,0.0,"
		  "0.0,0.0,3,no,");
	free(en);
	free(csv);
	remove_tree(dir);
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
	pin_steps(&r);
	mark_class(&r);
	dir = render(&r);
	en = page(dir, "class.en.md");
	zh = page(dir, "class.zh.md");
	csv = page(dir, "gradebook.csv");
	assert_non_null(en);
	assert_non_null(zh);
	assert_non_null(csv);
	EXPECT_IN(en, "### my-reduce (reduce)\n\n3 students, 2 verified at every "
		  "row; 1 failed a row (wrong answer: 1).  Median score 53.3 "
		  "(interquartile range 26.7–66.7).  The problems the diagnosis "
		  "names, each in one student: no vector loads, divergence.");
	EXPECT_IN(en, "| rank | student | score (95 % interval) | state | "
		  "int, n = 2^20 (ms) | int, n = 2^24 (ms) | float, n = 2^20 "
		  "(ms) | float, n = 2^24 (ms) | objectives met | lost points "
		  "on | line |");
	/* best score first; the failed one last, at 0, with its reason */
	EXPECT_IN(en, "\n| 1 | [reduce\\_shfl.v2](students/reduce_shfl.v2/"
		  "report.en.md) | 80.0 | verified | 0.01090 | 0.04221 | "
		  "0.01045 | 0.03840 | 3 of 3 | no vector loads | 23 |\n"
		  "| 2 | [reduce\\_modulo.reduce\\_modulo](students/"
		  "reduce_modulo.reduce_modulo/report.en.md) | 53.3 | verified | ");
	EXPECT_IN(en, "| 2 of 3 | divergence | 27 |\n| 3 | [reduce\\_shfl.v2-bug]"
		  "(students/reduce_shfl.v2-bug/report.en.md) | 0.0 | "
		  "**FAILED** (wrong answer) | ");
	/* no compute-sanitizer finding: the kind and where */
	EXPECT_IN(en, "| — | — | — | — | — | wrong answer at int, n = 2^20 | — "
		  "|");
	EXPECT_IN(en, "### my-transpose (transpose)\n\n1 student, 1 verified at "
		  "every row.  Score 70.0.  ");
	EXPECT_IN(en, "| 1 | [my\\_tile](students/my_tile/report.en.md) | 70.0 | "
		  "verified | 0.01419 | 0.08088 | 1 of 2 | shared-memory bank "
		  "conflicts | 32 |");
	EXPECT_IN(en, "## How the score is computed\n\nA student's score is the "
		  "sum of three parts.  **Correctness**, 40 points, shared "
		  "equally over their rows");
	EXPECT_IN(en, "all the speed points for R up to 1.2, 3/4 of them up to "
		  "1.5, 2/4 of them up to 2, 1/4 of them up to 3, none beyond.");
	EXPECT_IN(en, "The objectives of reduce: no bank conflicts, loads "
		  "coalesced, no divergence at the key line, no "
		  "compute-sanitizer finding. The objectives of transpose: "
		  "stores coalesced, no bank conflicts, no compute-sanitizer "
		  "finding.");
	EXPECT_IN(zh, "| 1 | [reduce\\_shfl.v2](students/reduce_shfl.v2/"
		  "report.zh.md) | 80.0 | 已验证 | ");
	EXPECT_IN(zh, "## 得分如何计算");
	EXPECT_IN(zh, "3 项中 3 项 | 没有使用向量化读取 | 23 |");
	EXPECT_IN(csv, "student,student_id,name,experiment,state,rows,verified,"
		  "score,score_lo,score_hi,rank,tied,correctness,speed,"
		  "objectives,no_bank_conflicts,loads_coalesced,no_divergence,"
		  "no_sanitizer_finding,stores_coalesced,int_2^20_ms,int_2^20_lo,"
		  "int_2^20_hi,int_2^20_pct_ceiling,");
	EXPECT_IN(csv, ",float_4096x4096_ms,float_4096x4096_lo,float_4096x4096_hi,"
		  "float_4096x4096_pct_ceiling,problem,line,file,copy_of,"
		  "similar_to,similarity\n");
	EXPECT_IN(csv, "\nreduce_shfl.v2,,,my-reduce,verified,4,4,80.0,80.0,"
		  "80.0,1,no,40.00,20.00,20.00,met,met,met,n.a.,,0.010896,"
		  "0.010656,0.011008,60.5,");
	EXPECT_IN(csv, "\nmy_tile,,,my-transpose,verified,2,2,70.0,70.0,70.0,1,"
		  "no,40.00,20.00,10.00,not met,,,n.a.,met,");
	EXPECT_IN(csv, ",0.08088,0.080608,0.08112,52.7,shared-memory bank "
		  "conflicts,32,experiments/examples/exercise/transpose_tile.cu"
		  ",,,\n");
	free(en);
	free(zh);
	free(csv);
	remove_tree(dir);
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
	/* the fastest student everywhere: all the speed points */
	EXPECT_IN(csv, "\nreduce_shfl.v2,,,my-reduce,verified,4,4,100.0,100.0,"
		  "100.0,1,no,40.00,40.00,20.00,");
	/* the only one of its experiment: only its objectives cost it */
	EXPECT_IN(csv, "\nmy_tile,,,my-transpose,verified,2,2,90.0,90.0,90.0,1,"
		  "no,40.00,40.00,10.00,");
	EXPECT_IN(en, "In my-reduce, my-transpose (`score: class`) the "
		  "reference is the class's fastest verified student");
	free(en);
	free(csv);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* gradescope/ben.json is Gradescope's results.json: the score, a test
 * per row, the speed and each objective, whose points add up to the
 * rubric's 100, and the same words as his page. */
static void test_gradescope_json(void **state)
{
	struct results r;
	char *dir, *text;
	json_t *j, *tests;
	json_error_t err;
	double max = 0, got = 0;

	(void)state;
	if (!read_recorded(CLASS, &r))
		skip_test();
	dir = render(&r);
	text = page(dir, "gradescope/ben.json");
	assert_non_null(text);
	j = json_loads(text, 0, &err);
	if (!j)
		fail_msg("%s:%d: not JSON: %s", __FILE__, __LINE__, err.text);
	assert_float_equal(json_number_value(json_object_get(j, "score")),
			   53.33, 1e-9);
	EXPECT_IN(json_string_value(json_object_get(j, "output")),
		  "Score **53.3** of 100; rank 4= of 11 in reduce-class. Lost "
		  "points on: shared-memory bank conflicts; line 16.");
	tests = json_object_get(j, "tests");
	assert_int_equal(json_array_size(tests), 4 + 1 + 4);
	for (size_t i = 0; i < json_array_size(tests); i++) {
		json_t *t = json_array_get(tests, i);

		max += json_number_value(json_object_get(t, "max_score"));
		got += json_number_value(json_object_get(t, "score"));
		assert_string_equal(json_string_value(json_object_get(
			t, "visibility")), "visible");
	}
	/* the objective that does not apply (no row was rerun under
	 * compute-sanitizer) is worth nothing; the three others 20 */
	assert_float_equal(max, 100, 0.02);
	assert_float_equal(got, 53.33, 0.02);
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(tests, 0), "name")), "correctness: int, n = 2^20");
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(tests, 4), "name")), "speed");
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(tests, 5), "name")), "no bank conflicts");
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(tests, 5), "status")), "failed");
	EXPECT_IN(json_string_value(json_object_get(json_array_get(tests, 5),
						    "output")),
		  "not met: bank\\_conflicts\\_per\\_shared\\_ld 4.84 against "
		  "4.83 for rung 4 and 0.0298 for rung 5; line 16");
	json_decref(j);
	free(text);
	/* partial credit is never a failed test: every test that earned
	 * points is passed (ada's speed earns part of its points) */
	text = page(dir, "gradescope/ada.json");
	assert_non_null(text);
	j = json_loads(text, 0, &err);
	assert_non_null(j);
	tests = json_object_get(j, "tests");
	for (size_t i = 0; i < json_array_size(tests); i++) {
		json_t *t = json_array_get(tests, i);
		const char *st = json_string_value(json_object_get(t,
								    "status"));

		if (json_number_value(json_object_get(t, "score")) > 0 &&
		    strcmp(st, "passed"))
			fail_msg("%s:%d: test \"%s\" earned %g points but is "
				 "\"%s\"", __FILE__, __LINE__,
				 json_string_value(json_object_get(t, "name")),
				 json_number_value(json_object_get(t, "score")),
				 st);
	}
	json_decref(j);
	free(text);
	/* a file per student whose name can be a file's */
	text = page(dir, "gradescope/hal.json");
	assert_non_null(text);
	free(text);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* Partial credit: a student with one failed size keeps the others'
 * correctness and is scored for speed on the rows that verified (kim's
 * float 2^20 row marked wrong in memory). */
static void test_partial_credit(void **state)
{
	struct results r;
	char *dir, *en, *csv;
	bool marked = false;

	(void)state;
	if (!read_recorded(CLASS, &r))
		skip_test();
	for (size_t i = 0; i < r.nrows; i++) {
		struct result_row *w = &r.rows[i];

		if (strcmp(w->variant, "kim") || strcmp(w->dtype, "float") ||
		    w->n != 1u << 20)
			continue;
		w->status = ROW_WRONG;
		w->verified = false;
		free(w->message);
		w->message = xstrdup("marked wrong in memory by the test");
		marked = true;
	}
	assert_true(marked);
	dir = render(&r);
	en = page(dir, "class.en.md");
	csv = page(dir, "gradebook.csv");
	EXPECT_IN(csv, "\nkim,,,reduce-class,wrong answer,4,3,50.0,50.0,50.0,");
	EXPECT_IN(csv, ",30.00,0.00,20.00,met,met,met,n.a.,");
	EXPECT_IN(en, "| [kim](students/kim/report.en.md) | 50.0 | "
		  "**FAILED** "
		  "(wrong answer) | 0.02771 | 0.1789 | — | 0.2048 | 3 of 3 | "
		  "wrong answer at float, n = 2^20 | — |");
	free(en);
	free(csv);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* With the kernel alone's time (here CUPTI's duration of the kernel,
 * which the recorded rows keep as a counter, set as the students'
 * kernel-alone time in memory), the host step is said apart and the
 * scores follow the kernels: kim's kernel is faster than cleo's at
 * every size, and kim now ranks above her. */
static void test_kernel_times(void **state)
{
	struct results r;
	char *dir, *en, *csv, *kim, *cleo, *p;

	(void)state;
	if (!read_recorded(CLASS, &r))
		skip_test();
	pin_steps(&r);
	for (size_t i = 0; i < r.nrows; i++) {
		struct result_row *w = &r.rows[i];
		const struct variant *v = results_variant(&r, w->variant);
		double us = row_column(w, "duration_us");

		if (!v || !v->submission || w->status != ROW_OK ||
		    !(us > 0))
			continue;
		w->tk.nsamples = 1;
		w->tk.samples_ms = xcalloc(1, sizeof(double));
		w->tk.samples_ms[0] = w->tk.median_ms = us / 1000;
		w->tk.median_lo_ms = w->tk.median_hi_ms = NAN;
	}
	dir = render(&r);
	en = page(dir, "class.en.md");
	csv = page(dir, "gradebook.csv");
	EXPECT_IN(en, "Times are the kernel's own, timed alone in each "
		  "student's process. The class's host step, the same code for "
		  "everyone and not in the score (a row's timed region less its "
		  "kernel alone in the same runs), by size: 0.014–0.021 ms at n = 2^20, "
		  "50.3–77.4 % of the timed region; 0.067–0.12 ms at n = 2^24, "
		  "32.6–67.9 % of the timed region.");
	p = page(dir, "students/ada/report.en.md");
	EXPECT_IN(p, "- int, n = 2^24: between rung 5 and rung 7 (rung 7 is "
		  "1.08× faster); rung 6, left out, took the time of rung 5 "
		  "here, within 2 %: noise.");
	free(p);
	EXPECT_IN(en, "\n| 1= | [kim](students/kim/report.en.md) | 90.0 | "
		  "verified | 0.008448 | 0.08723 | 0.008064 | 0.08080 | 3 of 3 "
		  "| 1.49× the reference's time: at ");
	/* against the fastest rung (no launch recorded), what separates
	 * kim from it, not "the diagnosis names no cause"
	 * (test_report_reference.c checks the steps) */
	EXPECT_NOT_IN(en, "the diagnosis names no cause");
	/* sorted by score, then by name: kim's line before cleo's is a
	 * higher score */
	kim = strstr(csv, "\nkim,");
	cleo = strstr(csv, "\ncleo,");
	assert_non_null(kim);
	assert_non_null(cleo);
	if (kim > cleo)
		fail_msg("%s:%d: kim ranks below cleo:\n%s", __FILE__, __LINE__,
			 csv);
	free(en);
	free(csv);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* Graded by rounds: every verified row given rounds in memory (its own
 * first ROUNDS timed runs, recorded, taken as if each were a round's
 * median: logic under test, not a measurement): the page says what the
 * times are and the rungs' run-to-run spread, and each score's interval
 * comes from the bootstrap over the rounds. */
#define ROUNDS 10
static void test_rounds(void **state)
{
	struct results r;
	char *dir, *en, *csv;

	(void)state;
	if (!read_recorded(CLASS, &r))
		skip_test();
	pin_steps(&r);
	for (size_t i = 0; i < r.nrows; i++) {
		struct result_row *w = &r.rows[i];

		if (w->status != ROW_OK || w->t.nsamples < ROUNDS)
			continue;
		w->rounds.n = ROUNDS;
		w->rounds.per_round = 1;
		w->rounds.ms = xcalloc(ROUNDS, sizeof(double));
		memcpy(w->rounds.ms, w->t.samples_ms, ROUNDS * sizeof(double));
	}
	dir = render(&r);
	en = page(dir, "class.en.md");
	csv = page(dir, "gradebook.csv");
	EXPECT_IN(en, "Times are the kernel's own: the median of 10 rounds");
	EXPECT_IN(en, "The rungs' run-to-run spread: ±0.57 % (half the "
		  "interquartile range of a rung's per-round medians over their "
		  "median, the median over 28 rungs)");
	/* R = 3.01 at the median, at most 3 in the bootstrap's upper end */
	EXPECT_IN(en, "\n| 1= | [ada](students/ada/report.en.md) | 60.0 "
		  "(60.0–70.0) | verified | 0.02376 | 0.1297 | 0.02547 | 0.1511 "
		  "| 3 of 3 | 3.01× the reference's time: at ");
	EXPECT_IN(csv, "\nada,,,reduce-class,verified,4,4,60.0,60.0,70.0,1,yes,");
	free(en);
	free(csv);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* Old: the class page gave the class's host step as one number, "0.043
 * ms, 56.6 % of the timed region, the same for everyone": the median of
 * rows that split by size (about 0.015 ms at 2^20, 0.08 ms at 2^24), so
 * near none of them.  New: a range per size, whose ends are the least
 * and the most of that size's verified students' rows, each the timed
 * region less the kernel alone in the same runs, computed here from the
 * results themselves. */
static void test_host_by_size(void **state)
{
	static const int log2n[] = { 20, 24 };
	struct results r;
	char *dir, *en;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	dir = render(&r);
	en = page(dir, "class.en.md");
	assert_non_null(en);
	for (size_t k = 0; k < ARRAY_SIZE(log2n); k++) {
		double lo = INFINITY, hi = -INFINITY, plo = INFINITY,
		       phi = -INFINITY;
		size_t rows = 0;
		char *want;

		for (size_t i = 0; i < r.nrows; i++) {
			const struct result_row *w = &r.rows[i];
			const struct variant *v = results_variant(&r, w->variant);
			double ms = w->t.median_ms - w->tk.median_ms;

			if (!v || !v->submission || w->status != ROW_OK ||
			    !w->verified || !w->tk.nsamples ||
			    w->n != UINT64_C(1) << log2n[k])
				continue;
			lo = fmin(lo, ms);
			hi = fmax(hi, ms);
			plo = fmin(plo, 100 * ms / w->t.median_ms);
			phi = fmax(phi, 100 * ms / w->t.median_ms);
			rows++;
		}
		assert_int_equal(rows, 6 * 2);  /* 6 verified, 2 types */
		want = xasprintf("%s–%s ms at n = 2^%d, %s–%s %% of the timed "
				 "region", FMT(lo, 2), FMT(hi, 2), log2n[k],
				 PCT(plo), PCT(phi));
		EXPECT_IN(en, want);
		free(want);
	}
	/* the pooled median of the old page, and its claim */
	EXPECT_NOT_IN(en, "0.043 ms");
	EXPECT_NOT_IN(en, "the same for everyone (not in the score)");
	/* a class whose host step is the contract grades one launch against
	 * a rung's whole reduction: the score's rule says so, not that the
	 * two are the same kind of time */
	EXPECT_IN(en, "(theirs the kernel alone, one launch whose per-block "
		  "sums the host step adds; the reference's its whole reduction "
		  "on the GPU, every launch: a bias in the students' favour");
	EXPECT_NOT_IN(en, "(both the same kind of time)");
	free(en);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* A class whose students end on the host, with the rungs' rounds of
 * their first pass alone (run.h, ROUND_FIRST_PASS): the score's rule
 * says the reference's first pass is compared, not the bias of its whole
 * reduction, and the times paragraph says how the rungs were timed.
 * The recorded rounds predate "of" and are of the rungs' whole region
 * (test_host_by_size keeps their bias statement); here the rungs'
 * rounds are only relabelled in memory, their times unchanged: logic
 * under test, not a measurement. */
static void test_first_pass_contract(void **state)
{
	struct results r;
	char *dir, *en, *zh;
	size_t relabelled = 0;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	for (size_t i = 0; i < r.nrows; i++) {
		struct result_row *w = &r.rows[i];
		const struct variant *v = results_variant(&r, w->variant);

		assert_int_equal(w->rounds.of, ROUND_UNSTATED);
		if (!w->rounds.n || w->tk.nsamples || (v && v->submission))
			continue;
		w->rounds.of = ROUND_FIRST_PASS;
		relabelled++;
	}
	assert_true(relabelled > 0);
	dir = render(&r);
	en = page(dir, "class.en.md");
	zh = page(dir, "class.zh.md");
	EXPECT_IN(en, "the reference's its first pass alone, one launch as "
		  "theirs, all of a rung of one launch: not its every pass");
	EXPECT_NOT_IN(en, "a bias in the students' favour");
	EXPECT_IN(en, "A rung that finishes on the GPU is timed there by its "
		  "first pass alone");
	EXPECT_IN(zh, "参考的是它的第一遍本身");
	free(en);
	free(zh);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* A roster's students who handed nothing in are listed on the class
 * page (the list set in memory, as experiment_class.c records it). */
static void test_missing_listed(void **state)
{
	struct results r;
	char *dir, *en, *zh;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	assert_true(r.nexperiments >= 1);
	r.experiments[0].has_roster = true;
	r.experiments[0].nmissing = 2;
	r.experiments[0].missing = xcalloc(2, sizeof(struct class_student));
	r.experiments[0].missing[0].id = xstrdup("10099");
	r.experiments[0].missing[0].name = xstrdup("Grace Hopper");
	r.experiments[0].missing[1].id = xstrdup("10100");
	dir = render(&r);
	en = page(dir, "class.en.md");
	zh = page(dir, "class.zh.md");
	EXPECT_IN(en, "**Handed nothing in** (2 on the roster): Grace Hopper "
		  "(10099), 10100.");
	EXPECT_IN(zh, "**未提交**（名单上 2 人）：Grace Hopper (10099)");
	free(en);
	free(zh);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* A row within the body's bound of a step of a rung, by the time
 * graded, is "level with" that rung, never "between" two rungs with one
 * "1.00x faster" (the example class's ben, rung 4's algorithm, was put
 * between rungs 3 and 4 on a 0.3 % difference).  Checked row by row
 * against the rungs' own graded times on each recorded class with
 * rounds, in English and Chinese; no recorded figure typed in. */
static void test_place_level(void **state)
{
	static const char *const files[] = {
		CLASS_ROUNDS, "reports/examples/class/results.json",
	};
	size_t level = 0, apart = 0;

	(void)state;
	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		struct results r;
		struct model m;
		struct grade_class c;

		if (!read_recorded(files[f], &r))
			continue;
		model_build(&r, &m);
		grade_class_build(&m, r.experiments[0].name, &c);
		for (size_t k = 0; k < c.n; k++) {
			for (size_t i = 0; i < c.s[k].n; i++) {
				const struct grade_row *w = &c.s[k].rows[i];
				const struct item **rungs;
				struct sbuf en = SBUF_INIT, zh = SBUF_INIT;
				bool near = false, said;
				size_t nr;

				if (!w->it->ok || isnan(w->g.ms))
					continue;
				rungs = xcalloc(w->l->nitems + 1,
						sizeof(*rungs));
				nr = ladder_rungs(w->l, rungs);
				for (size_t q = 0; q < nr; q++) {
					struct grade_time g;
					double x;

					if (!item_grade_time(rungs[q], &g))
						continue;
					x = w->g.ms / g.ms;
					near |= fabs(x - 1) <=
						SPEEDUP_SAME_PCT / 100 &&
						grade_rounds_paired(&w->g, &g);
				}
				said = place_graded(&en, EN, w->l, w->it, &w->g);
				place_graded(&zh, ZH, w->l, w->it, &w->g);
				if (said != near ||
				    !strncmp(sbuf_str(&en), "level with ", 11)
				    != near || !strstr(sbuf_str(&zh), "持平") !=
				    !near)
					fail_msg("%s:%d: %s: %s: \"%s\" / \"%s\", "
						 "but %s rung within %g %%",
						 __FILE__, __LINE__, files[f],
						 c.s[k].name, sbuf_str(&en),
						 sbuf_str(&zh),
						 near ? "a" : "no",
						 SPEEDUP_SAME_PCT);
				EXPECT_NOT_IN(sbuf_str(&en), "1.00× faster");
				level += near;
				apart += !near;
				sbuf_release(&en);
				sbuf_release(&zh);
				free(rungs);
			}
		}
		grade_class_release(&c);
		model_release(&m);
		results_release(&r);
	}
	/* the recorded classes hold rows of both kinds */
	assert_true(level > 0);
	assert_true(apart > 0);
}

/* Within a tie the scores say no order: the students are listed by
 * name, a copy right after the one it copies (copy_of), whichever of the
 * two read a hair higher.  Checked on every recorded class, each the
 * class's own ties and copies, no figure of theirs typed in. */
static void test_tie_order(void **state)
{
	static const char *const files[] = {
		CLASS, CLASS_ROUNDS, "reports/examples/class/results.json",
	};
	size_t copies = 0;

	(void)state;
	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		struct results r;
		struct model m;
		struct grade_class c;

		if (!read_recorded(files[f], &r))
			continue;
		model_build(&r, &m);
		grade_class_build(&m, r.experiments[0].name, &c);
		for (size_t k = 0; k < c.n; k++) {
			const struct grade_student *s = &c.s[k];

			if (k && c.s[k - 1].rank > s->rank)
				fail_msg("%s:%d: %s: %s (rank %zu) after %s "
					 "(rank %zu)", __FILE__, __LINE__,
					 files[f], s->name, s->rank,
					 c.s[k - 1].name, c.s[k - 1].rank);
			if (!s->copy_of)
				continue;
			for (size_t j = 0; j < c.n; j++) {
				if (strcmp(c.s[j].name, s->copy_of) ||
				    c.s[j].rank != s->rank)
					continue;
				copies++;
				if (j + 1 != k)
					fail_msg("%s:%d: %s: the copy %s listed "
						 "at %zu, its original %s at "
						 "%zu", __FILE__, __LINE__,
						 files[f], s->name, k,
						 s->copy_of, j);
			}
		}
		for (size_t k = 1; k < c.n; k++) {
			const struct grade_student *a = &c.s[k - 1], *b = &c.s[k];

			if (a->rank == b->rank && !a->copy_of && !b->copy_of &&
			    !a->similar_to && !b->similar_to &&
			    strcmp(a->name, b->name) > 0)
				fail_msg("%s:%d: %s: tied %s listed before %s",
					 __FILE__, __LINE__, files[f], a->name,
					 b->name);
		}
		grade_class_release(&c);
		model_release(&m);
		results_release(&r);
	}
	/* each recorded class holds a copy tied with its original */
	assert_true(copies >= 1);
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
	t = page(dir, "canvas.csv");
	assert_null(t);
	t = page(dir, "gradescope/my_tile.json");
	assert_null(t);
	t = page(dir, "students/my_tile/report.en.md");
	assert_null(t);
	remove_tree(dir);
	free(dir);
	results_release(&r);
}

/* Issue 48, class 2: a roster's names and ids reach gradebook.csv and
 * canvas.csv through the one CSV guard (results_csv_field), so a cell a
 * spreadsheet would take as a formula (=, +, -, @, a tab or a carriage
 * return first) is text there: quoted, a ' in front. */
static void test_gradebook_formulas(void **state)
{
	struct results r;
	char *dir, *csv, *canvas;

	(void)state;
	if (!read_recorded(CLASS, &r))
		skip_test();
	pin_steps(&r);
	for (size_t i = 0; i < r.nvariants; i++) {
		struct variant *v = r.variants[i];

		if (strcmp(v->name, "ada") && strcmp(v->name, "ben"))
			continue;
		free((char *)v->student_id);
		free((char *)v->student_name);
		v->student_id = xstrdup(!strcmp(v->name, "ada") ?
					"=HYPERLINK(\"http://x\",\"a\")" :
					"\t=1+1");
		v->student_name = xstrdup(!strcmp(v->name, "ada") ? "@SUM(A1)" :
					  "\r-2");
	}
	dir = render(&r);
	csv = page(dir, "gradebook.csv");
	canvas = page(dir, "canvas.csv");
	assert_non_null(csv);
	assert_non_null(canvas);
	EXPECT_IN(csv, "\nada,\"'=HYPERLINK(\"\"http://x\"\",\"\"a\"\")\","
		  "\"'@SUM(A1)\",reduce-class,");
	EXPECT_IN(csv, "\nben,\"'\t=1+1\",\"'\r-2\",reduce-class,");
	EXPECT_IN(canvas, ",\"'=HYPERLINK(\"\"http://x\"\",\"\"a\"\")\",");
	EXPECT_IN(canvas, ",\"'\t=1+1\",");
	EXPECT_NOT_IN(csv, ",=");
	EXPECT_NOT_IN(canvas, ",=");
	free(csv);
	free(canvas);
	remove_tree(dir);
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
		cmocka_unit_test(test_gradebook_formulas),
		cmocka_unit_test(test_first_pass_contract),
		cmocka_unit_test(test_host_by_size),
		cmocka_unit_test(test_missing_listed),
		cmocka_unit_test(test_gradescope_json),
		cmocka_unit_test(test_partial_credit),
		cmocka_unit_test(test_kernel_times),
		cmocka_unit_test(test_rounds),
		cmocka_unit_test(test_score_class),
		cmocka_unit_test(test_place_level),
		cmocka_unit_test(test_tie_order),
		cmocka_unit_test(test_no_class),
		cmocka_unit_test(test_marker_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
