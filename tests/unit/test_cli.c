/* test_cli.c - culab's command line as a user meets it: exit codes,
 * usage lines, --help, --version, list, check and plan.  Runs the built binary
 * named by $CULAB (default build/culab) from the repository root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sys/stat.h>

#include "cli_run.h"
#include "tmpdir.h"

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/exitcode.h"
#include "base/util.h"

static void test_usage(void **state)
{
	(void)state;
	expect((const char *const[]){ NULL }, EXIT_USAGE, NULL,
	       "usage: culab <command>");
	expect(ARGS("frobnicate"), EXIT_USAGE, NULL,
	       "unknown command \"frobnicate\"");
	expect(ARGS("chek"), EXIT_USAGE, NULL, "did you mean \"check\"?");
	expect(ARGS("run"), EXIT_USAGE, NULL, "culab: error: run needs exactly "
	       "one experiment file (culab run --help)\n");
	expect(ARGS("run", "--bogus", "x.yaml"), EXIT_USAGE, NULL,
	       "unknown option \"--bogus\" for \"run\" (culab run --help)");
	expect(ARGS("run", "--variant", "nope", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "unknown variant \"nope\"");
	expect(ARGS("run", "--device", "-1", "x.yaml"), EXIT_USAGE, NULL,
	       "non-negative integer");
	expect(ARGS("check"), EXIT_USAGE, NULL,
	       "check needs at least one experiment file");
	expect(ARGS("list"), EXIT_USAGE, NULL,
	       "list needs one of: kernels, metrics, chips");
	expect(ARGS("list", "gpus"), EXIT_USAGE, NULL,
	       "list takes kernels, metrics, chips, lines or floors, not \"gpus\"");
	expect(ARGS("devices", "extra"), EXIT_USAGE, NULL, "no arguments");
	expect(ARGS("help", "nope"), EXIT_USAGE, NULL, "unknown command");
}

static void test_help_version(void **state)
{
	(void)state;
	expect(ARGS("--help"), EXIT_OK, "exit status:", NULL);
	expect(ARGS("--help"), EXIT_OK, "  3  no usable GPU", NULL);
	expect(ARGS("--version"), EXIT_OK, "culab 0.", NULL);
	expect(ARGS("--version"), EXIT_OK, "\nGPU code: sm_", NULL);
	expect(ARGS("help", "run"), EXIT_OK, "usage: culab run", NULL);
	expect(ARGS("run", "--help"), EXIT_OK, "--no-counters", NULL);
	expect(ARGS("check", "--help"), EXIT_OK, "usage: culab check", NULL);
	expect(ARGS("list", "--help"), EXIT_OK, "kernels", NULL);
	expect(ARGS("devices", "--help"), EXIT_OK, "theoretical peak", NULL);
}

static void test_list(void **state)
{
	(void)state;
	expect(ARGS("list", "kernels"), EXIT_OK, "reduce_global", NULL);
	expect(ARGS("list", "kernels"), EXIT_OK, "transpose ladder:", NULL);
	expect(ARGS("list", "--json", "kernels"), EXIT_OK,
	       "\"name\": \"transpose_naive\"", NULL);
	expect(ARGS("list", "--json", "kernels"), EXIT_OK, "\"about_zh\"", NULL);
	expect(ARGS("list", "metrics"), EXIT_OK, "bank_conflicts", NULL);
	expect(ARGS("list", "--json", "metrics"), EXIT_OK,
	       "\"name\": \"gld_efficiency\"", NULL);
	/* the per-line table, SASS metrics and stall reasons (make test-gpu
	 * reads it: tests/gpu/lines.sh) */
	expect(ARGS("list", "lines"), EXIT_OK, "stall_long_scoreboard", NULL);
	expect(ARGS("list", "--json", "lines"), EXIT_OK,
	       "\"pc_sampling\": \"smsp__pcsamp_warps_issue_stalled_barrier\"",
	       NULL);
	expect(ARGS("list", "--json", "lines"), EXIT_OK,
	       "\"kernel_raw\": [\n      \"smsp__inst_executed.sum\"", NULL);
}

static void test_check(void **state)
{
	(void)state;
	expect(ARGS("check", "experiments/default.yaml", "experiments/quick.yaml"),
	       EXIT_OK, "experiments/quick.yaml: ok:", NULL);
	expect(ARGS("check", "/nonexistent.yaml"), EXIT_USAGE, NULL,
	       "cannot open \"/nonexistent.yaml\"");
	expect(ARGS("check", "tests"), EXIT_USAGE, NULL, "is a directory");
	/* One bad file among good ones still fails the whole check. */
	expect(ARGS("check", "experiments/quick.yaml", "/nonexistent.yaml"),
	       EXIT_USAGE, "experiments/quick.yaml: ok:", "cannot open");
}

/* Whether CUPTI's host API runs in this build (not under ASan). */
static bool host_api_here(void)
{
	struct out o = run(ARGS("list", "--chip", "GH100", "metrics"));
	bool ok = strstr(o.out, "  collectable on GH100\n") != NULL;
	const char *why = strstr(o.out, "not evaluated for GH100: ");

	if (!ok)
		print_message("CUPTI host API unavailable, skipped: %.*s\n",
			      why ? (int)strcspn(why, "\n") : 0, why ? why : "");
	free(o.out);
	free(o.err);
	return ok;
}

/* --chip: names as CUPTI spells them, in any case; the architecture
 * follows the chip and the chip the architecture. */
static void test_chip_option(void **state)
{
	(void)state;
	/* refused the same way with or without CUPTI */
	expect(ARGS("check", "--chip", "GX100", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "unknown chip \"GX100\"; did you mean \"GV100\"?");
	expect(ARGS("list", "--chip", "gb20", "metrics"), EXIT_USAGE, NULL,
	       "did you mean \"GB202\"?");
	expect(ARGS("list", "--chip", "GA102", "kernels"), EXIT_USAGE, NULL,
	       "--chip and --arch go with list metrics only");
	expect(ARGS("list", "--markdown", "--json", "chips"), EXIT_USAGE, NULL,
	       "--markdown and --json exclude each other");
	expect(ARGS("list", "--markdown", "kernels"), EXIT_USAGE, NULL,
	       "--markdown goes with list chips and list floors only");
	/* an architecture without a profiled chip: GH100 assumed, said once */
	expect(ARGS("check", "--arch", "sm_61", "experiments/quick.yaml"),
	       EXIT_OK, "experiments/quick.yaml: ok:", "note: no chip of sm_61 "
	       "is known to CUPTI's range profiler: counter names checked for "
	       "GH100; choose another chip with --chip");
	if (!host_api_here())
		skip();
	expect(ARGS("check", "--chip", "gb202", "tests/good/full.yaml"),
	       EXIT_USAGE, NULL, "unknown metric \"dram__bytes_read.sum\" for "
	       "GB202; did you mean \"dram__bytes_op_read.sum\"?");
	expect(ARGS("check", "--arch", "sm_86", "tests/good/full.yaml"),
	       EXIT_OK, "tests/good/full.yaml: ok:", NULL);
	expect(ARGS("check", "--chip", "GA10B", "experiments/quick.yaml"),
	       EXIT_OK, "experiments/quick.yaml: ok:", "experiments/quick.yaml: "
	       "note: not collectable on GA10B: dram (unknown metric");
	expect(ARGS("list", "--chip", "GA10B", "metrics"), EXIT_OK,
	       "  not collectable on GA10B (its columns stay empty):\n"
	       "    dram__bytes_read.sum: unknown metric", NULL);
	expect(ARGS("list", "--chip", "GB202", "metrics"), EXIT_OK,
	       "    dram__bytes_read.sum -> dram__bytes_op_read.sum", NULL);
	expect(ARGS("list", "--chip", "GH100", "--json", "metrics"), EXIT_OK,
	       "\"collectable\": \"yes\"", NULL);
	expect(ARGS("list", "--chip", "GA10B", "--json", "metrics"), EXIT_OK,
	       "\"collectable\": \"no\"", NULL);
	/* `list chips` itself: reports/chips/aliases.md (tests/run.sh) */
}

static void test_report_input(void **state)
{
	(void)state;
	expect(ARGS("report"), EXIT_USAGE, NULL, "report needs one results file");
	expect(ARGS("report", "--lang", "fr", "x.json"), EXIT_USAGE, NULL,
	       "option \"--lang\" takes en, zh or both, not \"fr\"");
	expect(ARGS("report", "/nonexistent/results.json"), EXIT_USAGE, NULL,
	       "cannot open \"/nonexistent/results.json\"");
	expect(ARGS("report", "tests"), EXIT_USAGE, NULL, "is a directory");
	expect(ARGS("verify", "/nonexistent/results.json"), EXIT_USAGE, NULL,
	       "cannot open");
	/* An experiment file is not a results file. */
	expect(ARGS("report", "experiments/quick.yaml"), EXIT_USAGE, NULL,
	       "not a valid results file");
	/* a template of one's own is one language's: with both, refused
	 * before anything is written; with one, used */
	assert_int_equal(remove_tree("/tmp/culab-cli-template"), 0);
	expect(ARGS("report", "--template", "templates/report.en.md",
		    "-o", "/tmp/culab-cli-template",
		    "tests/fixtures/quick/results.json"), EXIT_USAGE, NULL,
	       "is the body of one language's report; add --lang en or "
	       "--lang zh");
	assert_int_equal(access("/tmp/culab-cli-template", F_OK), -1);
	expect(ARGS("report", "-q", "--no-charts", "--template",
		    "templates/report.en.md", "--lang", "en", "-o",
		    "/tmp/culab-cli-template",
		    "tests/fixtures/quick/results.json"), EXIT_OK, NULL, NULL);
	assert_int_equal(access("/tmp/culab-cli-template/report.en.md", F_OK),
			 0);
	assert_int_equal(remove_tree("/tmp/culab-cli-template"), 0);
}

/* Output that cannot be created is refused before any GPU work, with
 * nothing measured: exit 2 whether or not a GPU is present. */
static void test_unwritable_output(void **state)
{
	(void)state;
	expect(ARGS("run", "-q", "-o", "/proc/culab-cannot-exist",
		    "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "cannot create output directory");
	expect(ARGS("run", "-q", "-o", "experiments/quick.yaml/sub",
		    "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "cannot create output directory");
	expect(ARGS("report", "-o", "/proc/culab-cannot-exist",
		    "tests/fixtures/quick/results.json"),
	       EXIT_USAGE, NULL, "cannot create output directory");
}

/* exists(DIR, NAME): whether DIR/NAME exists. */
static bool exists(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	bool yes = access(path, F_OK) == 0;

	free(path);
	return yes;
}

/* The line that says what `culab report` wrote names each family's
 * details page beside the details page (it named only report and
 * details, though details-reduce.en.md and the others were written),
 * in the languages and formats asked for. */
static void test_report_names_family_pages(void **state)
{
	char dir[] = "/tmp/culab-cli-families-XXXXXX";
	char *want;

	(void)state;
	assert_non_null(mkdtemp(dir));
	want = xasprintf("culab: report: %s/{report,details,details-reduce,"
			 "details-transpose}.{en,zh}.{md,html}\n", dir);
	expect(ARGS("report", "--no-charts", "-o", dir,
		    "tests/fixtures/quick/results.json"), EXIT_OK, want, NULL);
	free(want);
	assert_true(exists(dir, "details-transpose.zh.html"));
	want = xasprintf("culab: report: %s/{report,details,details-reduce,"
			 "details-transpose}.en.md\n", dir);
	expect(ARGS("report", "--no-charts", "--lang", "en", "--format", "md",
		    "-o", dir, "tests/fixtures/quick/results.json"), EXIT_OK,
	       want, NULL);
	free(want);
	remove_tree(dir);
}

/* Without gnuplot (--gnuplot naming none, or none in PATH) a report is
 * no failure: exit 0, both reports and every chart's data and script
 * written, and a warning saying which charts were not drawn and how to
 * draw them later. */
static void test_report_without_gnuplot(void **state)
{
	/* 27, and the ladder charts in Chinese too (6) */
	const char *want_err = "33 charts not drawn (time-reduce-int, ";
	const char *path = getenv("PATH");
	char *saved = xstrdup(path ? path : "/usr/bin:/bin");
	char dir[] = "/tmp/culab-cli-nognuplot-XXXXXX";
	char *charts;

	(void)state;
	assert_non_null(mkdtemp(dir));
	charts = xasprintf("%s/charts", dir);
	expect(ARGS("report", "-o", dir, "--gnuplot", "/nonexistent/gnuplot",
		    "tests/fixtures/quick/results.json"),
	       EXIT_OK, "culab: report: ", "culab: warning: cannot run "
	       "\"/nonexistent/gnuplot\" (No such file or directory): ");
	expect(ARGS("report", "-o", dir, "--gnuplot", "/nonexistent/gnuplot",
		    "tests/fixtures/quick/results.json"),
	       EXIT_OK, NULL, want_err);
	/* culab itself is started by path; only its gnuplot is looked up */
	setenv("PATH", "/nonexistent-culab-test-bin", 1);
	expect(ARGS("report", "-o", dir, "tests/fixtures/quick/results.json"),
	       EXIT_OK, "culab: report: ", "install gnuplot and run `gnuplot "
	       "all.gp` there to draw them\n");
	setenv("PATH", saved, 1);
	assert_true(exists(dir, "report.en.md"));
	assert_true(exists(dir, "report.zh.md"));
	assert_true(exists(charts, "all.gp"));
	assert_true(exists(charts, "time-reduce-float.gp"));
	assert_true(exists(charts, "counters-transpose-double.gp"));
	assert_true(exists(charts, "ladder-reduce-float.zh.gp"));
	assert_true(exists(charts, "time-reduce-float.dat"));
	assert_false(exists(charts, "time-reduce-float.png"));
	remove_tree(dir);
	free(charts);
	free(saved);
}

/* The recorded results verify: every registry signature holds. */
static void test_verify_fixture(void **state)
{
	(void)state;
	expect(ARGS("verify", "tests/fixtures/quick/results.json"), EXIT_OK,
	       " 0 failed", NULL);
}

/* On a machine with no GPU, commands that need one say so with exit 3.
 * Skipped where a GPU is present (the GPU suite covers that case). */
static void test_no_gpu(void **state)
{
	struct out o;

	(void)state;
	o = run(ARGS("devices"));
	if (o.status == EXIT_OK) {
		free(o.out);
		free(o.err);
		skip();
	}
	assert_int_equal(o.status, EXIT_NO_GPU);
	assert_non_null(strstr(o.err, "no usable GPU"));
	free(o.out);
	free(o.err);
	/* a run that measured nothing leaves no directory it made, nor the
	 * parents it made for it; one that was there stays */
	assert_int_equal(remove_tree("/tmp/culab-cli-nogpu"), 0);
	expect(ARGS("run", "-q", "-o", "/tmp/culab-cli-nogpu/a/b/",
		    "experiments/quick.yaml"),
	       EXIT_NO_GPU, NULL, "no usable GPU");
	assert_int_equal(access("/tmp/culab-cli-nogpu", F_OK), -1);
	assert_int_equal(mkdir("/tmp/culab-cli-nogpu", 0755), 0);
	expect(ARGS("run", "-q", "-o", "/tmp/culab-cli-nogpu/a",
		    "experiments/quick.yaml"),
	       EXIT_NO_GPU, NULL, "no usable GPU");
	assert_int_equal(access("/tmp/culab-cli-nogpu/a", F_OK), -1);
	assert_int_equal(access("/tmp/culab-cli-nogpu", F_OK), 0);
	assert_int_equal(rmdir("/tmp/culab-cli-nogpu"), 0);
}

/* `culab plan` needs no GPU.  With --resume against the recorded runs it
 * matches every one of their rows to a measurement of the plan: the plan
 * expands the files into exactly the rows those runs made. */
static void test_plan(void **state)
{
	(void)state;
	expect(ARGS("plan", "experiments/default.yaml"), EXIT_OK,
	       "3 experiments, 11 stages, 162 measurements (162 to run)", NULL);
	expect(ARGS("plan", "experiments/quick.yaml"), EXIT_OK,
	       "2 experiments, 12 stages, 162 measurements (162 to run)", NULL);
	/* the recorded quick run, against the text it was recorded from
	 * (experiments/quick.yaml has had 10 repeats since) */
	{
		char *quick = cli_recorded_experiment("tests/fixtures/quick/"
						      "results.json");

		expect(ARGS("plan", "--resume", "-o", "tests/fixtures/quick",
			    quick), EXIT_OK,
		       "162 measurements (0 to run, 162 resumed)", NULL);
		cli_recorded_remove(quick);
	}
	/* the output a run would write to: -o's, else the file's */
	expect(ARGS("plan", "experiments/quick.yaml"), EXIT_OK,
	       "\noutput results/quick; ", NULL);
	expect(ARGS("plan", "-o", "somewhere/else", "experiments/quick.yaml"),
	       EXIT_OK, "\noutput somewhere/else; ", NULL);
	expect(ARGS("plan", "--json", "-o", "somewhere/else",
		    "experiments/quick.yaml"),
	       EXIT_OK, "\"output\": \"somewhere/else\"", NULL);
	/* the recorded H100 run, against the text it was recorded from
	 * (experiments/default.yaml has had description_zh since) */
	{
		char *dflt = cli_recorded_experiment("reports/examples/h100/"
						     "results.json");

		expect(ARGS("plan", "--resume", "-o", "reports/examples/h100",
			    dflt), EXIT_OK,
		       "162 measurements (0 to run, 162 resumed)", NULL);
		cli_recorded_remove(dflt);
	}
	/* a results file of another experiment file is refused */
	expect(ARGS("plan", "--resume", "-o", "tests/fixtures/quick",
		    "experiments/default.yaml"), EXIT_USAGE, NULL,
	       "produced by another experiment file");
	expect(ARGS("plan", "--resume", "-o", "/nonexistent",
		    "experiments/quick.yaml"), EXIT_OK,
	       "162 measurements (162 to run)", "nothing to resume");
	expect(ARGS("plan", "--json", "experiments/quick.yaml"), EXIT_OK,
	       "\"measurements\": 162,", NULL);
	expect(ARGS("plan", "--json", "experiments/quick.yaml"), EXIT_OK,
	       "\"label\": \"transpose/transpose_tile_pairs/double/1x1000\"",
	       NULL);
	expect(ARGS("plan", "--variant", "reduce_cub,transpose_naive",
		    "experiments/default.yaml"), EXIT_OK,
	       "--variant leaves out 151 measurements", NULL);
	expect(ARGS("plan", "-v", "--no-counters", "--profile-only",
		    "--variant", "reduce_cub", "experiments/default.yaml"),
	       EXIT_OK, "run      reduce-float/reduce_cub/float/268435456", NULL);
	expect(ARGS("plan", "--variant", "nope", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "unknown variant \"nope\"");
	expect(ARGS("plan", "--variant", "", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "--variant needs a name");
	expect(ARGS("plan"), EXIT_USAGE, NULL,
	       "plan needs exactly one experiment file");
	expect(ARGS("plan", "/nonexistent.yaml"), EXIT_USAGE, NULL,
	       "cannot open \"/nonexistent.yaml\"");
	expect(ARGS("plan", "tests/bad/too_many_rows.yaml"), EXIT_USAGE, NULL,
	       "expands to 120000 rows");
	expect(ARGS("plan", "--help"), EXIT_OK, "usage: culab plan", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_help_version),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_chip_option),
		cmocka_unit_test(test_report_input),
		cmocka_unit_test(test_unwritable_output),
		cmocka_unit_test(test_verify_fixture),
		cmocka_unit_test(test_report_without_gnuplot),
		cmocka_unit_test(test_report_names_family_pages),
		cmocka_unit_test(test_no_gpu),
		cmocka_unit_test(test_plan),
	};

	return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
