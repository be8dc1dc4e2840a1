/* test_compare_cli.c - `culab compare` and `culab report --baseline` as
 * a user meets them: the golden terminal and Markdown outputs of
 * comparisons of real recorded results, every bad input with its one
 * error line and exit status (rerun's options too), --fail-on, --json,
 * --chart, -o.  `culab rerun` itself is test_rerun_cli.c's.
 *
 * The recorded results compared are all real runs on H100s
 * (tests/fixtures/recorded-2026-11-22/default-h100: experiments/default.yaml; bench-h100:
 * the benchmarks; exercise-h100: the user-kernel example), of
 * different experiment files and on different boards, so their rows pair
 * with --match.
 *
 * Runs the binary named by $CULAB (default build/culab) from the
 * repository root.  CULAB_UPDATE_GOLDEN=1 rewrites tests/golden/compare/
 * (tests/update_golden.sh). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli_run.h"

#include <jansson.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/exitcode.h"
#include "base/hash.h"
#include "compare/compare.h"
#include "results/results.h"
#include "base/util.h"
#include "report_check.h"
#include "compare_cli_fixture.h"

#define H100 "tests/fixtures/recorded-2026-11-22/default-h100/results.json"
#define BENCH_REDUCE "tests/fixtures/recorded-2026-11-22/bench-h100/reduce/results.json"
#define BENCH_TRANSPOSE "tests/fixtures/recorded-2026-11-22/bench-h100/transpose/results.json"
/* tests/gpu/noise/planted-0.yaml and planted-10.yaml on one H100
 * (reports/compare/h100-noise/RECORDED.md) */
#define PLANTED0 "reports/compare/h100-noise/planted-0-1/results.json"
#define PLANTED10 "reports/compare/h100-noise/planted-10-1/results.json"
#define EXERCISE "tests/fixtures/recorded-2026-11-22/exercise-h100/results.json"
#define QUICK "tests/fixtures/recorded-2026-11-22/quick/results.json"
/* experiments/default.yaml twice on one H100, code unchanged
 * (reports/compare/RECORDED.md) */
#define H100_A "tests/fixtures/recorded-2026-11-27/h100-default/results.json"
#define H100_B "reports/compare/h100-twice/second-run.json"

static char *twin_on(const char *dir, const char *from, int k,
		     const char *gpu);

/* ---- golden outputs ------------------------------------------------------ */

/* Comparisons of real recorded results, and the golden file each output
 * must equal (tests/golden/compare/NAME). */
static const struct golden {
	const char *name;
	const char *args[12];
} goldens[] = {
	/* two boards of the H100 model, default.yaml against the benchmark */
	{ "h100-vs-bench-reduce.txt", { "compare", "--match",
	  "reduce-float=reduce-ladder", H100, BENCH_REDUCE } },
	{ "h100-vs-bench-reduce.md", { "compare", "--markdown", "--match",
	  "reduce-float=reduce-ladder", H100, BENCH_REDUCE } },
	/* with counters on both sides, and user kernels on one */
	{ "h100-vs-exercise.txt", { "compare", "--match",
	  "reduce-float=my-reduce", "--match", "transpose-float=my-transpose",
	  H100, EXERCISE } },
	{ "h100-vs-exercise.md", { "compare", "--markdown", "--match",
	  "reduce-float=my-reduce", "--match", "transpose-float=my-transpose",
	  H100, EXERCISE } },
	/* several new files against one base */
	{ "h100-vs-bench.txt", { "compare", "--match",
	  "reduce-float=reduce-ladder", "--match",
	  "transpose-float=transpose-bench", H100, BENCH_REDUCE,
	  BENCH_TRANSPOSE } },
};

static void test_golden(void **state)
{
	bool update = getenv("CULAB_UPDATE_GOLDEN") != NULL;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(goldens); i++) {
		struct out o = run_in(NULL, goldens[i].args);
		char *path = xasprintf("tests/golden/compare/%s",
				       goldens[i].name);
		char *want;

		if (o.status != EXIT_OK)
			fail_msg("%s: exit %d: %s", goldens[i].name, o.status,
				 o.err);
		assert_string_equal(o.err, "");
		if (update) {
			assert_int_equal(mkdir_p("tests/golden/compare"), 0);
			assert_int_equal(write_file_atomic(path, o.out,
							   strlen(o.out)), 0);
			fprintf(stderr, "wrote %s\n", path);
		}
		want = slurp(path, NULL);
		if (!want)
			fail_msg("%s:%d: %s is missing: run tests/update_golden.sh",
				 __FILE__, __LINE__, path);
		if (strcmp(want, o.out) != 0)
			fail_msg("%s:%d: output of `culab %s` differs from %s "
				 "(run tests/update_golden.sh if the change is "
				 "meant, and read the diff)", __FILE__, __LINE__,
				 goldens[i].args[0], path);
		if (strstr(goldens[i].name, ".md"))
			assert_true(tables_check(o.out) > 0);
		free(want);
		free(path);
		out_free(&o);
	}
}

/* ---- bad input and exit statuses --------------------------------------- */

static void test_usage(void **state)
{
	(void)state;
	expect(ARGS("compare", "--help"), EXIT_OK, "usage: culab compare", NULL);
	expect(ARGS("help", "rerun"), EXIT_OK, "usage: culab rerun", NULL);
	expect(ARGS("--help"), EXIT_OK, "  compare ", NULL);
	refused(ARGS("compare", H100), "compare needs a base results file "
		"and at least one new one");
	refused(ARGS("compare", "--threshold", "0", H100, BENCH_REDUCE),
		"option \"--threshold\" takes a relative difference between 0 and 1 "
		"(0.02 is 2 %), not \"0\"");
	refused(ARGS("compare", "--threshold", "2%", H100, BENCH_REDUCE),
		"not \"2%\"");
	refused(ARGS("compare", "--fail-on", "worse", H100, BENCH_REDUCE),
		"option \"--fail-on\" takes slower, faster or changed, not "
		"\"worse\"");
	refused(ARGS("compare", "--json", "--markdown", H100, BENCH_REDUCE),
		"--markdown and --json exclude each other");
	refused(ARGS("compare", "--match", "reduce-float", H100, BENCH_REDUCE),
		"option \"--match\" takes BASE=NEW");
	refused(ARGS("compare", "--match", "nope=reduce-ladder", H100,
		     BENCH_REDUCE), "--match: the base has no experiment "
		"\"nope\"");
	refused(ARGS("compare", "--match", "reduce-float=nope", H100,
		     BENCH_REDUCE), "--match: no new file has an experiment "
		"\"nope\"");
	refused(ARGS("rerun"), "rerun needs exactly one results file");
	refused(ARGS("rerun", "--fail-on", "x", QUICK), "\"--fail-on\" takes");
	refused(ARGS("report", "--threshold", "0.05", QUICK),
		"--threshold, --floor and --match go with --baseline");
	refused(ARGS("report", "--floor", "none", QUICK),
		"--threshold, --floor and --match go with --baseline");
	refused(ARGS("compare", "--floor", "3%", H100, BENCH_REDUCE),
		"option \"--floor\" takes none or a relative change between 0 "
		"and 1 (0.03 is 3 %), not \"3%\"");
	refused(ARGS("compare", "--floor", "0", H100, BENCH_REDUCE),
		"not \"0\"");
	refused(ARGS("rerun", "--floor", "off", QUICK), "\"--floor\" takes");
	refused(ARGS("compare", "--noise", "--json", H100, BENCH_REDUCE),
		"--noise measures floors and prints them as text: it takes none "
		"of --json, --markdown, --chart, --fail-on, --threshold, "
		"--floor");
	refused(ARGS("compare", "--noise", "--floor", "none", H100,
		     BENCH_REDUCE), "--noise measures floors");
}

static void test_bad_files(void **state)
{
	char *dir = scratch_for("compare-cli"), *copy = xasprintf("%s/copy.json", dir);
	size_t len = 0;
	char *text = slurp(H100, &len);

	(void)state;
	assert_int_equal(write_file_atomic(copy, text, len), 0);
	refused(ARGS("compare", H100, H100), "are the same file: a run "
		"compared with itself says nothing");
	refused(ARGS("compare", H100, copy), "have the same content (SHA-256 ");
	refused(ARGS("compare", H100, BENCH_REDUCE, copy), "have the same "
		"content");
	refused(ARGS("compare", "experiments/quick.yaml", H100),
		"experiments/quick.yaml:1:1: error: not a valid results file");
	refused(ARGS("compare", "tests/bad-results/other-tool.json", H100),
		"not a culab results file (\"schema\" is not \"culab-results\")");
	refused(ARGS("compare", "tests/bad-results/future-version.json", H100),
		"results schema version 3 is not supported");
	refused(ARGS("compare", H100, "no/such.json"),
		"cannot open \"no/such.json\"");
	refused(ARGS("compare", H100, BENCH_REDUCE), "have no row in common: "
		"rows pair by experiment, variant, type, size and block "
		"(experiments of the base: reduce-float, reduce-int-double, "
		"transpose-float; of the new file: reduce-vs-cub, "
		"reduce-ladder; pair experiments of other names with --match "
		"BASE=NEW)");
	/* report --baseline refuses the same, before writing anything */
	refused(ARGS("report", "--baseline", H100, "-o", dir, H100),
		"are the same file");
	refused(ARGS("report", "--baseline", H100, "-o", dir, BENCH_REDUCE),
		"have no row in common");
	{
		char *report = xasprintf("%s/report.en.md", dir);

		assert_false(file_exists(report));
		free(report);
	}
	free(text);
	free(copy);
	scratch_done(dir);
}

/* -o FILE never writes over a file the call compares (by any path to
 * it) nor replaces a FIFO or a device: refused before anything is read,
 * everything as it was. */
static void test_output_guard(void **state)
{
	char *dir = scratch_for("compare-cli"), *a = xasprintf("%s/a.json", dir);
	char *fifo = xasprintf("%s/fifo", dir), *link = xasprintf("%s/link", dir);
	char *cmd = xasprintf("cp " H100 " %s", a), *before = NULL, *after = NULL;
	size_t len;
	struct stat st;

	(void)state;
	assert_int_equal(system(cmd), 0);
	assert_int_equal(read_file(a, 64u << 20, &before, &len), 0);
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder", "-o", a,
		    a, BENCH_REDUCE), EXIT_USAGE, NULL, "would write over");
	assert_int_equal(symlink("a.json", link), 0);
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder", "-o",
		    link, a, BENCH_REDUCE), EXIT_USAGE, NULL,
	       "which this call compares; give another file");
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder", "-o",
		    BENCH_REDUCE, a, BENCH_REDUCE), EXIT_USAGE, NULL,
	       "would write over " BENCH_REDUCE);
	assert_int_equal(read_file(a, 64u << 20, &after, &len), 0);
	assert_string_equal(before, after);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder", "-o",
		    fifo, a, BENCH_REDUCE), EXIT_USAGE, NULL,
	       "not a regular file (a FIFO)");
	assert_int_equal(lstat(fifo, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder", "-o",
		    "/dev/null", a, BENCH_REDUCE), EXIT_USAGE, NULL,
	       "not a regular file (a device or socket)");
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder", "-o",
		    dir, a, BENCH_REDUCE), EXIT_USAGE, NULL,
	       "not a regular file (a directory)");
	free(before);
	free(after);
	free(cmd);
	unlink(link);
	unlink(fifo);
	unlink(a);
	scratch_done(dir);
	free(a);
	free(fifo);
	free(link);
}

/* The pairs of a --json comparison with verdict v, as the error line
 * --fail-on prints names them: "EXPERIMENT/VARIANT/TYPE/" and the rest
 * checked by the caller.  Checks each such pair's interval lies beyond
 * the threshold and its change beyond its bound, and returns how many
 * there are. */
static size_t verdicts_beyond(const char *json, const char *v)
{
	json_t *doc = json_loads(json, 0, NULL), *c, *p;
	size_t n = 0, i, j;

	assert_non_null(doc);
	json_array_foreach(json_object_get(doc, "comparisons"), i, c) {
		json_array_foreach(json_object_get(c, "pairs"), j, p) {
			double lo = json_real_value(json_object_get(p, "ci_low"));
			double hi = json_real_value(json_object_get(p, "ci_high"));
			double b = json_real_value(json_object_get(p, "bound"));
			double r = json_real_value(json_object_get(p, "ratio"));

			if (strcmp(json_string_value(json_object_get(p,
						"verdict")), v))
				continue;
			n++;
			if (!strcmp(v, "slower") ?
			    !(lo > 1 + COMPARE_THRESHOLD && r - 1 > b) :
			    !(hi < 1 - COMPARE_THRESHOLD && 1 - r > b))
				fail_msg("%s pair %s: %g [%g, %g] not beyond 1 "
					 "+- %g and %g", v, json_string_value(
					 json_object_get(p, "variant")), r, lo, hi,
					 COMPARE_THRESHOLD, b);
		}
	}
	json_decref(doc);
	return n;
}

static size_t count_of(const char *s, const char *what)
{
	size_t n = 0;

	for (const char *at = s; (at = strstr(at, what)); at++)
		n++;
	return n;
}

static void test_fail_on(void **state)
{
	(void)state;
	/* the benchmark run against the default one, two H100 boards: with
	 * the threshold alone, 5 pairs faster and 4 slower */
	expect(ARGS("compare", "--floor", "none", "--match",
		    "reduce-float=reduce-ladder", "--fail-on", "slower", H100,
		    BENCH_REDUCE), EXIT_FAILED, "5 faster, 4 slower", NULL);
	/* the pairs that failed it, on stderr, also with -q */
	{
		struct out o = run(ARGS("compare", "-q", "--floor", "none",
					"--match", "reduce-float=reduce-ladder",
					"--fail-on", "slower", H100,
					BENCH_REDUCE));

		assert_int_equal(o.status, EXIT_FAILED);
		assert_string_equal(o.out, "");
		assert_int_equal(count_of(o.err, "culab: error: "), 4);
		assert_non_null(strstr(o.err, "culab: error: " BENCH_REDUCE
				       ": reduce-ladder/reduce_unrolled/float/"
				       "2^20/b256 is slower than in " H100
				       ": median "));
		assert_non_null(strstr(o.err, "beyond 1 +- 0.02; the change "
				       "beyond 0.02: the threshold)\n"));
		assert_null(strstr(o.err, "is faster"));
		free(o.out);
		free(o.err);
	}
	/* with the floors: the planted 10 % slowdown (and, the files
	 * swapped, the speedup), each pair named with what its change lies
	 * beyond, a floor and its recording or the threshold, as many as
	 * --json calls slower or faster */
	for (int v = 0; v < 2; v++) {
		const char *what = v ? "faster" : "slower";
		const char *a = v ? PLANTED10 : PLANTED0;
		const char *b = v ? PLANTED0 : PLANTED10;
		struct out j = run(ARGS("compare", "--json", a, b));
		struct out o = run(ARGS("compare", "-q", "--fail-on", what, a, b));
		size_t n = verdicts_beyond(j.out, what), floors;
		char *is = xasprintf(" is %s than in ", what);

		assert_int_equal(j.status, EXIT_OK);
		assert_true(n >= 3);    /* 2^24, 2^26, 2^28 at least */
		assert_int_equal(o.status, EXIT_FAILED);
		assert_int_equal(count_of(o.err, "culab: error: "), n);
		assert_int_equal(count_of(o.err, is), n);
		floors = count_of(o.err, ": the run-to-run floor of ");
		assert_true(floors > 0);
		assert_int_equal(floors + count_of(o.err, ": the threshold)\n"),
				 n);
		assert_int_equal(count_of(o.err, " on NVIDIA H100 80GB HBM3, "
					  "reports/compare/h100-"), floors);
		free(is);
		out_free(&j);
		out_free(&o);
	}
	/* fewer than with the threshold alone: the others were within the
	 * boards' run-to-run floors */
	{
		struct out f = run(ARGS("compare", "--json", "--match",
					"reduce-float=reduce-ladder", H100,
					BENCH_REDUCE));
		struct out t = run(ARGS("compare", "--json", "--floor", "none",
					"--match", "reduce-float=reduce-ladder",
					H100, BENCH_REDUCE));

		assert_true(verdicts_beyond(f.out, "slower") <
			    verdicts_beyond(t.out, "slower"));
		assert_int_equal(verdicts_beyond(t.out, "slower"), 4);
		assert_int_equal(verdicts_beyond(t.out, "faster"), 5);
		out_free(&f);
		out_free(&t);
	}
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder",
		    "--fail-on", "changed", H100, BENCH_REDUCE), EXIT_FAILED,
	       NULL, NULL);
	/* within +-90 % nothing is faster or slower */
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder",
		    "--threshold", "0.9", "--fail-on", "changed", H100,
		    BENCH_REDUCE), EXIT_OK, "0 faster, 0 slower", NULL);
	/* nor within a floor of 50 % for every row */
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder",
		    "--floor", "0.5", "--fail-on", "changed", H100,
		    BENCH_REDUCE), EXIT_OK, "floors: 0.5 for every row", NULL);
	/* without --fail-on differences are not failures */
	expect(ARGS("compare", "--match", "reduce-float=reduce-ladder", H100,
		    BENCH_REDUCE), EXIT_OK, "pairs: 51: ", NULL);
}

/* --noise on the recorded same-code pair: what the table's entries are
 * copied from (test_compare_floor.c checks the numbers). */
static void test_noise(void **state)
{
	struct out o = run(ARGS("compare", "--noise", H100_A, H100_B));

	(void)state;
	if (o.status != EXIT_OK)
		fail_msg("exit %d: %s", o.status, o.err);
	assert_string_equal(o.err, "");
	assert_non_null(strstr(o.out, "run-to-run noise on NVIDIA H100 80GB "
			       "HBM3: 2 files, 1 comparison (each file against "
			       "every later one)\n  1. " H100_A " ("));
	assert_non_null(strstr(o.out, "\ngpu           102  0.02926"));
	assert_non_null(strstr(o.out, "\ngpu in L2      39  0.08964"));
	assert_non_null(strstr(o.out, "\nhost step      14   0.1227"));
	assert_non_null(strstr(o.out, "\ncpu             7     0.16"));
	assert_non_null(strstr(o.out, "\t{ \"NVIDIA H100 80GB HBM3\", CK_GPU_L2, "
			       "0.008, 0.016, 0.08965, 19, SOURCE },\n"));
	assert_non_null(strstr(o.out, "e.g. \"reports/compare/NAME, "
			       "2026-11-27\""));
	out_free(&o);
	/* three files: three comparisons */
	o = run(ARGS("compare", "--noise", H100_A, H100_B, EXERCISE));
	assert_int_equal(o.status, EXIT_OK);
	assert_non_null(strstr(o.out, ": 3 files, 3 comparisons "));
	out_free(&o);
	/* more than COMPARE_NOISE_ALL files: each against the next, a
	 * number of comparisons linear in the files (issue 48, class 7) */
	{
		char *dir = scratch_for("compare-cli"), *t[14];

		for (int k = 0; k < 14; k++)
			t[k] = twin_on(dir, k % 2 ? H100_B : H100_A, k, NULL);
		o = run(ARGS("compare", "--noise", t[0], t[1], t[2], t[3],
			     t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11],
			     t[12], t[13]));
		assert_int_equal(o.status, EXIT_OK);
		assert_non_null(strstr(o.out, ": 14 files, 13 comparisons (each "
				       "file against the next: every pair only "
				       "up to 12 files)\n"));
		assert_null(strstr(o.out, "files 1 and 3)"));
		out_free(&o);
		for (int k = 0; k < 14; k++)
			free(t[k]);
		scratch_done(dir);
	}
	/* --match pairs experiments of other names: the default run and the
	 * benchmark of the same kernels on two boards (docs/statistics-and-
	 * compare.md: not in the table, which is of one board's reruns) */
	o = run(ARGS("compare", "--noise", "--match", "reduce-float=reduce-ladder",
		     "--match", "transpose-float=transpose-bench", H100,
		     BENCH_REDUCE, BENCH_TRANSPOSE));
	assert_int_equal(o.status, EXIT_OK);
	assert_non_null(strstr(o.out, "\ngpu            37  0.01149"));
	assert_non_null(strstr(o.out, "\ngpu in L2      14   0.1153"));
	assert_non_null(strstr(o.out, "\ncpu             3   0.2564"));
	out_free(&o);
	/* the table the entries go into, as culab list floors shows it:
	 * one line per entry, the --noise lines of the recorded pair among
	 * them, and the fallback for every other model */
	o = run(ARGS("list", "floors"));
	assert_int_equal(o.status, EXIT_OK);
	assert_non_null(strstr(o.out, "\nNVIDIA H100 80GB HBM3  gpu in L2  "
			       "8 to 16 us               0.08965     19  "
			       "reports/compare/h100-twice, 2026-11-27\n"));
	assert_non_null(strstr(o.out, "\nany other GPU: not measured: "));
	out_free(&o);
	o = run(ARGS("list", "--json", "floors"));
	{
		json_t *doc = json_loads(o.out, 0, NULL);
		size_t nt;

		assert_non_null(doc);
		(void)compare_floor_table(&nt);
		assert_int_equal(json_array_size(json_object_get(doc, "floors")),
				 nt);
		json_decref(doc);
	}
	out_free(&o);
	/* floors are per GPU model */
	refused(ARGS("compare", "--noise", H100_A, "reports/examples/h200/"
		     "results.json"), "reports/examples/h200/results.json ran "
		"on NVIDIA H200, " H100_A " on NVIDIA H100 80GB HBM3: floors "
		"are measured per GPU model; give the files of one");
}

/* docs/statistics-and-compare.md, "Why 2 %": the table of verdicts at
 * four thresholds, from the command it names (the threshold alone:
 * --floor none).  If the recorded results or the method change, this
 * fails and that page must say what the new numbers are. */
static void test_threshold_table(void **state)
{
	static const struct {
		const char *t;
		int large[3], mid[3];  /* same, unknown, faster or slower */
	} rows[] = {
		{ "0.005", { 20, 5 }, { 2, 12, 2 } },
		{ "0.01", { 24, 1 }, { 4, 10, 2 } },
		{ "0.02", { 24, 1 }, { 10, 4, 2 } },
		{ "0.05", { 24, 1 }, { 13, 1, 2 } },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		struct out o = run_in(NULL, ARGS("compare", "--json",
			"--threshold", rows[i].t, "--floor", "none", "--match",
			"reduce-float=reduce-ladder", "--match",
			"transpose-float=transpose-bench", H100, BENCH_REDUCE,
			BENCH_TRANSPOSE));
		json_t *doc = json_loads(o.out, 0, NULL), *c, *p;
		int large[3] = { 0 }, mid[3] = { 0 };
		size_t k, j;

		assert_non_null(doc);
		json_array_foreach(json_object_get(doc, "comparisons"), k, c) {
			json_array_foreach(json_object_get(c, "pairs"), j, p) {
				const char *v = json_string_value(
					json_object_get(p, "verdict"));
				json_int_t n = json_integer_value(
					json_object_get(p, "n"));
				json_int_t m = json_integer_value(
					json_object_get(p, "m"));
				int *to = n * m >= 8192 * 8192 ? large :
					  n == 1 << 24 ? mid : NULL;

				if (!to || !strcmp(json_string_value(
					json_object_get(p, "variant")),
						   "reduce_cpu"))
					continue;
				to[!strcmp(v, "same") ? 0 :
				   !strcmp(v, "unknown") ? 1 : 2]++;
			}
		}
		if (memcmp(large, rows[i].large, sizeof(large)) ||
		    memcmp(mid, rows[i].mid, sizeof(mid)))
			fail_msg("T = %s: large %d same, %d unknown, %d other; "
				 "2^24 %d same, %d unknown, %d other: not what "
				 "docs/statistics-and-compare.md says", rows[i].t,
				 large[0], large[1], large[2], mid[0], mid[1],
				 mid[2]);
		json_decref(doc);
		out_free(&o);
	}
}

/* tests/gpu/noise/planted-{0,3,10}.yaml (issue 28): each checks (its
 * kernel compiles for sm_90 here) and the three plan the same
 * measurements, so that compare pairs every row of one with a row of the
 * others; only the planted define differs between them. */
static void test_planted_files(void **state)
{
	static const char *const files[] = {
		"tests/gpu/noise/planted-0.yaml", "tests/gpu/noise/planted-3.yaml",
		"tests/gpu/noise/planted-10.yaml",
	};
	char *labels[ARRAY_SIZE(files)] = { NULL };

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		struct out c = run(ARGS("check", "--arch", "sm_90", files[i]));
		struct out o = run(ARGS("plan", "--json", files[i]));
		json_t *doc = json_loads(o.out, 0, NULL), *e, *st, *m;
		struct sbuf b = SBUF_INIT;
		size_t x, y, z;

		if (c.status != EXIT_OK)
			fail_msg("culab check %s: exit %d: %s", files[i],
				 c.status, c.err);
		assert_int_equal(o.status, EXIT_OK);
		assert_non_null(doc);
		json_array_foreach(json_object_get(doc, "experiments"), x, e)
			json_array_foreach(json_object_get(e, "stages"), y, st)
				json_array_foreach(json_object_get(st,
						   "measurements"), z, m)
					sbuf_addf(&b, "%s\n", json_string_value(
						json_object_get(m, "label")));
		labels[i] = sbuf_detach(&b);
		assert_non_null(strstr(labels[i], "planted/planted.planted_sum/"
				       "float/16777216\n"));
		if (i)
			assert_string_equal(labels[i], labels[0]);
		json_decref(doc);
		out_free(&c);
		out_free(&o);
	}
	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		free(labels[i]);
}

/* ---- --json, -o, --chart --------------------------------------------------- */

static void test_json(void **state)
{
	struct out o = run_in(NULL, ARGS("compare", "--json", "--match",
					 "reduce-float=my-reduce", H100,
					 EXERCISE));
	json_error_t e;
	json_t *doc, *c, *pairs, *p;
	size_t sum = 0;
	const char *key;
	json_t *v;

	(void)state;
	assert_int_equal(o.status, EXIT_OK);
	doc = json_loads(o.out, 0, &e);
	assert_non_null(doc);
	assert_string_equal(json_string_value(json_object_get(doc, "schema")),
			    "culab-compare");
	assert_float_equal(json_real_value(json_object_get(json_object_get(
		doc, "method"), "threshold")), 0.02, 0);
	c = json_array_get(json_object_get(doc, "comparisons"), 0);
	assert_string_equal(json_string_value(json_object_get(c, "new")),
			    EXERCISE);
	assert_true(json_is_false(json_object_get(c, "cross_gpu")));
	assert_true(json_is_true(json_object_get(c, "other_device")));
	pairs = json_object_get(c, "pairs");
	json_object_foreach(json_object_get(c, "counts"), key, v)
		sum += (size_t)json_integer_value(v);
	assert_int_equal(sum, json_array_size(pairs));
	assert_int_equal(json_array_size(pairs), 34);
	p = json_array_get(pairs, 0);
	assert_string_equal(json_string_value(json_object_get(p, "variant")),
			    "reduce_global");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(
		p, "new"), "samples")), 30);
	assert_true(json_real_value(json_object_get(p, "ci_low")) <=
		    json_real_value(json_object_get(p, "ratio")));
	assert_true(json_is_array(json_object_get(p, "counter_changes")));
	/* its kind, its floor and where it came from, and its bound */
	assert_int_equal(json_integer_value(json_object_get(doc,
			 "schema_version")), 2);
	assert_string_equal(json_string_value(json_object_get(json_object_get(
		doc, "method"), "floors")), "table");
	assert_string_equal(json_string_value(json_object_get(p, "kind")),
			    "host step");      /* reduce_global */
	{
		json_t *f = json_object_get(p, "floor");
		double fl = json_real_value(json_object_get(f, "value"));

		assert_string_equal(json_string_value(json_object_get(f,
				    "from")), "measured");
		/* one of the H100 recordings: the largest that applies */
		assert_true(!strncmp(json_string_value(json_object_get(
			json_object_get(f, "entry"), "source")),
			"reports/compare/h100-", 21));
		assert_float_equal(json_real_value(json_object_get(p, "bound")),
				   fl > 0.02 ? fl : 0.02, 0);
	}
	assert_int_equal(json_integer_value(json_object_get(json_object_get(
		json_object_get(c, "floors"), "host step"), "pairs")),
		2 * 2);      /* reduce_global, reduce_thrust at 2^20, 2^24 */
	assert_int_equal(json_array_size(json_object_get(c, "only_new")), 66);
	json_decref(doc);
	out_free(&o);
}

static void test_output_and_chart(void **state)
{
	char *dir = scratch_for("compare-cli"), *file = xasprintf("%s/cmp.md", dir);
	char *charts = xasprintf("%s/charts", dir), *text, *dat, *png;
	struct out o;

	(void)state;
	o = run_in(NULL, ARGS("compare", "--markdown", "--chart", charts, "-o",
			      file, "--match", "reduce-float=reduce-ladder",
			      H100, BENCH_REDUCE));
	if (o.status != EXIT_OK)
		fail_msg("exit %d: %s", o.status, o.err);
	assert_string_equal(o.out, "");
	text = slurp(file, NULL);
	assert_non_null(text);
	assert_non_null(strstr(text, "# culab compare\n"));
	assert_non_null(strstr(text, "charts/compare.png)"));
	dat = slurp_at(charts, "compare.dat");
	assert_non_null(dat);
	assert_non_null(strstr(dat, "# index 0: x y low high\n"));
	png = xasprintf("%s/compare.png", charts);
	assert_null(png_problem(png));
	free(png);
	free(dat);
	free(text);
	out_free(&o);
	scratch_done(dir);
	free(file);
	free(charts);
}

/* ---- report --baseline -------------------------------------------------------- */

static void test_report_baseline(void **state)
{
	char *dir = scratch_for("compare-cli"), *en, *zh, *png;
	struct out o;

	(void)state;
	o = run_in(NULL, ARGS("report", "--baseline", H100, "--match",
			      "reduce-float=reduce-ladder", "-o", dir,
			      BENCH_REDUCE));
	if (o.status != EXIT_OK)
		fail_msg("exit %d: %s", o.status, o.err);
	/* the body says what the comparison found, in a few lines */
	en = slurp_at(dir, "report.en.md");
	assert_non_null(strstr(en, "\n## Before and after\n\nThis run "
			       "against the baseline tests/fixtures/"
			       "recorded-2026-11-22/default-h100/results.json: "));
	assert_non_null(strstr(en, "[the details](details.en.md#before-and-after)"));
	assert_null(strstr(en, "| reduce-float/reduce-ladder | "));
	free(en);
	/* the details, the comparison in full */
	en = slurp_at(dir, "details.en.md");
	zh = slurp_at(dir, "details.zh.md");
	assert_non_null(strstr(en, "\n## Before and after\n\n- baseline: "
			       "tests/fixtures/recorded-2026-11-22/default-h100/results.json"));
	assert_non_null(strstr(en, "- new: this run (NVIDIA H100 80GB HBM3"));
	assert_non_null(strstr(en, "| reduce-float/reduce-ladder | "
			       "reduce\\_global | float | n = 2^20 | 256 |"));
	assert_non_null(strstr(en, "![baseline.png](charts/baseline.png)"));
	assert_non_null(strstr(zh, "\n## 前后对比\n\n- 基线："));
	assert_non_null(strstr(zh, "- 新结果：本次运行"));
	png = xasprintf("%s/charts/baseline.png", dir);
	assert_null(png_problem(png));
	assert_true(tables_check(en) > 0);
	free(png);
	free(en);
	free(zh);
	out_free(&o);
	/* and without it, no such section */
	o = run_in(NULL, ARGS("report", "--no-charts", "-o", dir, BENCH_REDUCE));
	assert_int_equal(o.status, EXIT_OK);
	en = slurp_at(dir, "report.en.md");
	assert_null(strstr(en, "Before and after"));
	free(en);
	en = slurp_at(dir, "details.en.md");
	assert_null(strstr(en, "Before and after"));
	free(en);
	out_free(&o);
	scratch_done(dir);
}

/* twin_results of a GPU model named gpu (NULL: as recorded). */
static char *twin_on(const char *dir, const char *from, int k,
		     const char *gpu)
{
	struct results r;
	char *path = xasprintf("%s/twin-%d.json", dir, k), *json;

	assert_int_equal(results_read(from, &r), 0);
	free(r.started);
	r.started = xasprintf("2030-01-%02dT00:00:00Z", k + 1);
	if (gpu) {
		free(r.env.gpu_name);
		r.env.gpu_name = xstrdup(gpu);
		for (size_t i = 0; i < r.ndevices; i++) {
			free(r.devices[i].gpu_name);
			r.devices[i].gpu_name = xstrdup(gpu);
		}
	}
	json = json_results_encode(&r);
	assert_int_equal(write_file_atomic(path, json, strlen(json)), 0);
	free(json);
	results_release(&r);
	return path;
}

/* A copy of results `from` whose times are its own, told apart by its
 * start time only (the same content would be refused as the same file):
 * two runs whose every pair kept its median.  Returns the path (heap). */
static char *twin_results(const char *dir, const char *from, int k)
{
	return twin_on(dir, from, k, NULL);
}

/* Issue 48, class 1: a baseline whose every pair has equal medians (the
 * run's own times again) is valid input.  The report's run-to-run
 * sentence had no row where the most moved and read a null one; every
 * printer of a comparison with no change must carry on. */
static void test_baseline_unchanged(void **state)
{
	char *dir = scratch_for("compare-cli"), *t1 = twin_results(dir, H100_A, 1);
	char *t2 = twin_results(dir, H100_A, 2), *out, *en, *zh;
	struct out o;

	(void)state;
	out = xasprintf("%s/report", dir);
	o = run(ARGS("report", "--no-charts", "--baseline", t1, "-o", out, t2));
	if (o.status != EXIT_OK)
		fail_msg("exit %d: %s", o.status, o.err);
	out_free(&o);
	en = slurp_at(out, "report.en.md");
	zh = slurp_at(out, "report.zh.md");
	assert_non_null(strstr(en, "162 pairs: 0 faster, 0 slower, 162 same, "
			       "0 unknown"));
	assert_non_null(strstr(en, "Run to run: the medians of the 155 GPU "
			       "rows both runs share did not move at all"));
	assert_non_null(strstr(zh, "155 个 GPU 行的中位数完全没有变化"));
	free(en);
	free(zh);
	/* with charts: the ratio chart of ratios all 1 */
	o = run(ARGS("report", "--baseline", t1, "-o", out, t2));
	assert_int_equal(o.status, EXIT_OK);
	out_free(&o);
	expect(ARGS("compare", t1, t2), EXIT_OK,
	       "pairs: 162: 0 faster, 0 slower, 162 same, 0 unknown", NULL);
	expect(ARGS("compare", "--markdown", t1, t2), EXIT_OK, NULL, NULL);
	expect(ARGS("compare", "--json", t1, t2), EXIT_OK, NULL, NULL);
	/* three runs that all kept their medians: floors of 0 */
	expect(ARGS("compare", "--noise", H100_A, t1, t2), EXIT_OK,
	       "\t{ \"NVIDIA H100 80GB HBM3\", CK_GPU_L2, ", NULL);
	free(out);
	free(t1);
	free(t2);
	scratch_done(dir);
}

/* Issue 48, class 2: the table entries compare --noise prints are C
 * source to paste into src/compare/floor.c, so the GPU model recorded in
 * the results is a C string literal there (a quote, a backslash, a line
 * break or an escape sequence cannot end the literal or reach the
 * terminal), and the lines above it are escaped for the terminal. */
static void test_noise_hostile_gpu(void **state)
{
	static const char gpu[] = "H100\", 0 }; system(\"id\"); //\\\n\x1b[2J";
	char *dir = scratch_for("compare-cli"), *t1 = twin_on(dir, H100_A, 1, gpu);
	char *t2 = twin_on(dir, H100_A, 2, gpu);
	struct out o;

	(void)state;
	o = run(ARGS("compare", "--noise", t1, t2));
	if (o.status != EXIT_OK)
		fail_msg("exit %d: %s", o.status, o.err);
	assert_non_null(strstr(o.out, "\t{ \"H100\\\", 0 }; system(\\\"id\\\"); "
			       "//\\\\\\012\\033[2J\", CK_GPU, "));
	assert_non_null(strstr(o.out, "run-to-run noise on H100\", 0 }; "
			       "system(\"id\"); //\\\\n\\x1b[2J: 2 files"));
	assert_null(strchr(o.out, '\x1b'));
	out_free(&o);
	free(t1);
	free(t2);
	scratch_done(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_bad_files),
		cmocka_unit_test(test_fail_on),
		cmocka_unit_test(test_noise),
		cmocka_unit_test(test_planted_files),
		cmocka_unit_test(test_output_guard),
		cmocka_unit_test(test_threshold_table),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_output_and_chart),
		cmocka_unit_test(test_report_baseline),
		cmocka_unit_test(test_baseline_unchanged),
		cmocka_unit_test(test_noise_hostile_gpu),
	};

	if (getenv("CULAB_UPDATE_GOLDEN")) {
		const struct CMUnitTest only[] = {
			cmocka_unit_test(test_golden),
		};

		return cmocka_run_group_tests(only, setup, NULL);
	}
	return cmocka_run_group_tests(tests, setup, NULL);
}
