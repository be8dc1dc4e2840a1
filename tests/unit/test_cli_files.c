/* test_cli_files.c - the suite of hostile command lines and special
 * files (issue 18): what a person, or a file mailed to them, can hand
 * culab besides a bad experiment (tests/bad) or results file
 * (tests/bad-results).
 *
 * Each row of `cases` runs the built culab ($CULAB, default build/culab)
 * in a scratch directory holding the planted things below, killed after
 * LIMIT_S seconds so that a hang fails the row instead of the suite, and
 * checks its exit status, a text its stderr must hold, a path that must
 * not exist afterwards (nothing written), its time (rows marked quick:
 * a FIFO must be refused at once, not block in open()) and its peak
 * memory.  Run from the repository root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli_run.h"
#include "tmpdir.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/exitcode.h"
#include "base/util.h"

#define LIMIT_S 5.0          /* any row */
#define QUICK_S 1.0          /* a row that must not wait on a FIFO */
#define MAX_RSS_KB (256L << 10)

/* What the scratch directory holds: name, then its text (NULL: a FIFO;
 * "->TARGET": a symbolic link; "/": a directory; "<PATH": a copy of the
 * repository's file PATH). */
static const char *const planted[][2] = {
	{ "fifo", NULL },
	{ "fifo-link", "->fifo" },
	{ "ks.yaml", "experiments:\n  - name: a\n    family: reduce\n"
		     "    variants: none\n    types: float\n    sizes: [1000]\n"
		     "    kernels:\n      - source: fifo\n"
		     "        function: sum\n        finish: atomic\n" },
	{ "r.json", "<tests/fixtures/quick/results.json" },
	{ "e.yaml", "output: out\nexperiments:\n  - name: a\n"
		    "    family: reduce\n    sizes: [1000]\n" },
	{ "abs.yaml", "output: /tmp/culab-from-a-file\nexperiments:\n"
		      "  - name: a\n    family: reduce\n    sizes: [1000]\n" },
	{ "up.yaml", "output: results/../..\nexperiments:\n  - name: a\n"
		     "    family: reduce\n    sizes: [1000]\n" },
	/* a file's own kernel, which --variant may name */
	{ "kernels", "/" },
	{ "kernels/alice", "/" },
	{ "kernels/alice/reduce.cu", "<tests/good/kernels/alice/reduce.cu" },
	{ "ku.yaml", "experiments:\n  - name: a\n    family: reduce\n"
		     "    variants: none\n    types: float\n    sizes: [1000]\n"
		     "    kernels:\n      - source: kernels/alice/reduce.cu\n"
		     "        function: sum\n        finish: atomic\n" },
	/* --resume reads DIR/results.json */
	{ "rd", "/" },
	{ "rd/results.json", NULL },
	/* DIR/charts, DIR/slurm and a rerun's DIR/experiments planted as
	 * links to another directory */
	{ "elsewhere", "/" },
	{ "pl", "/" },
	{ "pl/charts", "->../elsewhere" },
	{ "sl", "/" },
	{ "sl/slurm", "->../elsewhere" },
	{ "pf", "/" },
	{ "pf/charts", NULL },
	{ "rr", "/" },
	{ "rr/experiments", "->../elsewhere" },
	/* byte-order marks: skipped, so columns count from the text */
	{ "bom.yaml", "\xef\xbb\xbf" "experiments:\n  - name: a\n"
		      "    family: reducex\n    sizes: [1000]\n" },
	{ "bom.md", "\xef\xbb\xbfhi {{nosuch}}\n" },
	{ "bad-tag.md", "hello {{nosuch}}\n" },
	{ "unterminated.md", "line\n  x {{title\n" },
	{ "unclosed-if.md", "# {{title}}\n\n{{#if gpu}} x\n" },
	/* inputs where a command writes (issue 48, class 3): results, a
	 * template, a baseline and experiment files in output directories,
	 * and a second spelling of one of them */
	{ "io", "/" },
	{ "io/results.json", "<tests/fixtures/quick/results.json" },
	{ "io/report.en.md", "<templates/report.en.md" },
	{ "io/charts", "/" },
	{ "io/charts/base.json",
	  "<tests/fixtures/recorded-2026-11-22/quick/results.json" },
	{ "io/slurm", "/" },
	{ "io/slurm/e.yaml", "experiments:\n  - name: a\n"
			     "    family: reduce\n    sizes: [1000]\n" },
	{ "iolink", "->io" },
	{ "ex", "/" },
	{ "ex/.workers", "/" },
	{ "ex/.workers/e.yaml", "experiments:\n  - name: a\n"
				"    family: reduce\n    sizes: [1000]\n" },
	{ "io2", "/" },
	{ "io2/results.json", "<tests/fixtures/quick/results.json" },
};

struct cli_case {
	const char *args[12];
	int status;
	const char *err;      /* stderr holds this */
	const char *absent;   /* no such path afterwards (NULL: not checked) */
	bool quick;           /* done within QUICK_S */
};

#define FIFO "\"fifo\" is a FIFO, not a regular file"

static const struct cli_case cases[] = {
	/* special files: refused at once, wherever a file is read */
	{ { "check", "fifo" }, EXIT_USAGE, FIFO, NULL, true },
	{ { "plan", "fifo" }, EXIT_USAGE, FIFO, NULL, true },
	{ { "run", "fifo" }, EXIT_USAGE, FIFO, NULL, true },
	{ { "report", "fifo", "-o", "o" }, EXIT_USAGE, FIFO, "o", true },
	{ { "verify", "fifo" }, EXIT_USAGE, FIFO, NULL, true },
	{ { "compare", "fifo", "r.json" }, EXIT_USAGE, FIFO, NULL, true },
	{ { "merge", "-o", "o", "fifo" }, EXIT_USAGE, FIFO, "o", true },
	{ { "rerun", "-o", "o", "fifo" }, EXIT_USAGE, FIFO, "o", true },
	{ { "report", "r.json", "--template", "fifo", "-o", "o" }, EXIT_USAGE,
	  FIFO, "o", true },
	{ { "report", "r.json", "--baseline", "fifo", "-o", "o" }, EXIT_USAGE,
	  FIFO, "o", true },
	{ { "plan", "--resume", "-o", "rd", "e.yaml" }, EXIT_USAGE,
	  "\"rd/results.json\" is a FIFO", NULL, true },
	{ { "run", "--resume", "-o", "rd", "e.yaml" }, EXIT_USAGE,
	  "\"rd/results.json\" is a FIFO", NULL, true },
	{ { "check", "fifo-link" }, EXIT_USAGE,
	  "\"fifo-link\" is a FIFO, not a regular file", NULL, true },
	{ { "check", "ks.yaml" }, EXIT_USAGE, "ks.yaml:8:17: error: kernel "
	  "source \"fifo\" is a FIFO, not a regular file", NULL, true },
	{ { "report", "r.json", "-o", "fifo" }, EXIT_USAGE,
	  "\"fifo\" is a FIFO, not a directory", NULL, true },
	{ { "report", "r.json", "-o", "fifo/sub" }, EXIT_USAGE,
	  "\"fifo\" is a FIFO", NULL, true },
	{ { "check", "/dev/zero" }, EXIT_USAGE,
	  "\"/dev/zero\" is a character device, not a regular file", NULL,
	  true },
	{ { "report", "r.json", "--template", ".", "-o", "o" }, EXIT_USAGE,
	  "\".\" is a directory, not a regular file", "o", true },
	{ { "report", "r.json", "-o", "r.json" }, EXIT_USAGE,
	  "\"r.json\" is a file, not a directory", NULL, false },

	/* a directory planted as a link inside the output directory */
	{ { "report", "r.json", "-o", "pl" }, EXIT_USAGE,
	  "\"pl/charts\" is a symbolic link, not a directory",
	  "elsewhere/all.gp", false },
	{ { "merge", "-o", "pl", "r.json" }, EXIT_USAGE,
	  "\"pl/charts\" is a symbolic link, not a directory",
	  "pl/results.json", false },
	{ { "report", "r.json", "-o", "pf" }, EXIT_USAGE,
	  "\"pf/charts\" is a FIFO, not a directory", "pf/report.en.md", true },
	{ { "rerun", "-o", "rr", "r.json" }, EXIT_USAGE,
	  "\"rr/experiments\" is a symbolic link, not a directory",
	  "elsewhere/quick.yaml", false },
	{ { "slurm", "--shards", "2", "-o", "sl", "e.yaml" }, EXIT_USAGE,
	  "\"sl/slurm\" is a symbolic link, not a directory",
	  "elsewhere/shards.sbatch", false },

	/* output: from a file stays below the working directory */
	{ { "check", "abs.yaml" }, EXIT_USAGE,
	  "abs.yaml:1:9: error: \"output\" must be a relative path", NULL,
	  false },
	{ { "run", "abs.yaml" }, EXIT_USAGE,
	  "abs.yaml:1:9: error: \"output\" must be a relative path",
	  "/tmp/culab-from-a-file", false },
	{ { "plan", "-o", "mine", "up.yaml" }, EXIT_USAGE,
	  "up.yaml:1:9: error: \"output\" must not contain \"..\"", NULL,
	  false },

	/* empty names on the command line */
	{ { "report", "-o", "", "r.json" }, EXIT_USAGE,
	  "option \"-o\" needs a directory name, not \"\"", NULL, false },
	{ { "run", "-o", "", "e.yaml" }, EXIT_USAGE,
	  "option \"-o\" needs a directory name, not \"\"", NULL, false },
	{ { "plan", "-o", "", "e.yaml" }, EXIT_USAGE,
	  "option \"-o\" needs a directory name", NULL, false },
	{ { "merge", "-o", "", "r.json" }, EXIT_USAGE,
	  "option \"-o\" needs a directory name", NULL, false },
	{ { "rerun", "-o", "", "r.json" }, EXIT_USAGE,
	  "option \"-o\" needs a directory name", NULL, false },
	{ { "compare", "-o", "", "r.json", "e.yaml" }, EXIT_USAGE,
	  "option \"-o\" needs a file name", NULL, false },
	{ { "slurm", "--shards", "2", "-o", "", "e.yaml" }, EXIT_USAGE,
	  "option \"-o\" needs a directory name", NULL, false },
	{ { "report", "r.json", "--template", "", "-o", "o" }, EXIT_USAGE,
	  "option \"--template\" needs a file name, not \"\"", "o", false },
	{ { "report", "r.json", "--baseline", "", "-o", "o" }, EXIT_USAGE,
	  "option \"--baseline\" needs a file name", "o", false },
	{ { "run", "--variant", ",", "e.yaml" }, EXIT_USAGE,
	  "--variant \",\" has an empty name", NULL, false },
	{ { "plan", "--variant", "reduce_shared_static,", "e.yaml" },
	  EXIT_USAGE, "has an empty name", NULL, false },
	{ { "plan", "--variant", "reduce_shared_static,,reduce_shuffle",
	    "e.yaml" }, EXIT_USAGE, "has an empty name", NULL, false },
	{ { "slurm", "--shards", "2", "--variant", ",", "e.yaml" }, EXIT_USAGE,
	  "has an empty name", "out/slurm", false },
	/* ...while a name of the file's own kernels is no error */
	{ { "slurm", "--shards", "1", "--variant", "reduce.sum", "-o", "sk",
	    "ku.yaml" }, EXIT_OK, "", NULL, false },

	/* templates: bad input, refused before anything is written */
	{ { "report", "r.json", "--template", "bad-tag.md", "-o", "o" },
	  EXIT_USAGE, "bad-tag.md:1:7: error: unknown placeholder \"nosuch\"",
	  "o", false },
	{ { "report", "r.json", "--template", "unterminated.md", "-o", "o" },
	  EXIT_USAGE, "unterminated.md:2:5: error: unterminated tag", "o",
	  false },

	{ { "report", "r.json", "--template", "unclosed-if.md", "-o", "o" },
	  EXIT_USAGE, "unclosed-if.md:3:1: error: {{#if}} is not closed", "o",
	  false },

	/* an output that would replace an input: refused before anything
	 * is written, however either path is spelled (issue 48, class 3) */
	{ { "merge", "-o", "io", "io/results.json", "r.json" }, EXIT_USAGE,
	  "error: the output directory \"io\" would replace the results it "
	  "merges \"io/results.json\" (culab writes results.json there); "
	  "give another directory or move the file", "io/results.csv",
	  false },
	{ { "merge", "-o", "iolink/", "./io//results.json" }, EXIT_USAGE,
	  "would replace the results it merges \"./io//results.json\"",
	  "io/results.csv", false },
	{ { "report", "r.json", "--lang", "en", "--template",
	    "./io//report.en.md", "-o", "io" }, EXIT_USAGE,
	  "would replace the template \"./io//report.en.md\" (culab writes "
	  "report.en.md there)", "io/report.en.html", false },
	{ { "report", "r.json", "--lang", "en", "--template",
	    "io/report.en.md", "-o", "iolink" }, EXIT_USAGE,
	  "would replace the template", "io/report.en.html", false },
	{ { "report", "r.json", "--baseline", "io/charts/base.json", "-o",
	    "io" }, EXIT_USAGE, "would replace the baseline "
	  "\"io/charts/base.json\" (culab keeps its folder charts/ there)",
	  "io/report.en.html", false },
	{ { "report", "iolink/charts/base.json", "-o", "io" }, EXIT_USAGE,
	  "would replace the results file", "io/report.en.html", false },
	{ { "rerun", "-o", "iolink", "io/results.json" }, EXIT_USAGE,
	  "would replace the recorded results \"io/results.json\"",
	  "io/experiments", false },
	{ { "run", "-o", "ex", "ex/.workers/e.yaml" }, EXIT_USAGE,
	  "would replace the experiment file \"ex/.workers/e.yaml\" (culab "
	  "keeps its folder .workers/ there)", "ex/results.json", false },
	{ { "slurm", "--shards", "2", "-o", "io", "io/slurm/e.yaml" },
	  EXIT_USAGE, "would replace the experiment file "
	  "\"io/slurm/e.yaml\" (culab keeps its folder slurm/ there)",
	  "io/slurm/shards.sbatch", false },

	/* byte-order marks */
	{ { "check", "bom.yaml" }, EXIT_USAGE,
	  "bom.yaml:3:13: error: unknown family \"reducex\"", NULL, false },
	{ { "report", "r.json", "--template", "bom.md", "-o", "o" }, EXIT_USAGE,
	  "bom.md:1:4: error: unknown placeholder", "o", false },
};

static char scratch[PATH_MAX];
static char culab[PATH_MAX];

/* Plants one row of `planted` in the scratch directory. */
static void plant(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", scratch, name);

	if (!text) {
		assert_int_equal(mkfifo(path, 0644), 0);
	} else if (strncmp(text, "->", 2) == 0) {
		assert_int_equal(symlink(text + 2, path), 0);
	} else if (strcmp(text, "/") == 0) {
		assert_int_equal(mkdir(path, 0755), 0);
	} else if (*text == '<') {
		char *copy;
		size_t len;
		int got = read_file(text + 1, 64u << 20, &copy, &len);

		assert_int_equal(got, 0);
		assert_int_equal(write_file_atomic(path, copy, len), 0);
		free(copy);
	} else {
		int put = write_file_atomic(path, text, strlen(text));

		assert_int_equal(put, 0);
	}
	free(path);
}

static int setup(void **state)
{
	const char *c = getenv("CULAB") ? getenv("CULAB") : "build/culab";

	(void)state;
	if (!realpath(c, culab))
		return -1;
	snprintf(scratch, sizeof(scratch), "/tmp/culab-cli-files-XXXXXX");
	if (!mkdtemp(scratch))
		return -1;
	/* user kernels compile into a cache of the suite's own */
	setenv("CULAB_CACHE_DIR", "off", 1);
	for (size_t i = 0; i < ARRAY_SIZE(planted); i++)
		plant(planted[i][0], planted[i][1]);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	/* FTW_PHYS: the planted links are removed, never followed */
	remove_tree(scratch);
	return 0;
}

/* "culab a b c", for a failure's message. */
static char *shown(const char *const *args)
{
	struct sbuf b = SBUF_INIT;

	sbuf_add(&b, "culab");
	for (size_t i = 0; args[i]; i++)
		sbuf_addf(&b, " '%s'", args[i]);
	return sbuf_detach(&b);
}

static void test_case(void **state)
{
	const struct cli_case *k = *state;
	char *cmd = shown(k->args), *absent = NULL;
	double took = 0;
	struct out o = cli_run_limited(culab, scratch, k->args, LIMIT_S, &took);
	struct stat st;

	if (k->absent)
		absent = *k->absent == '/' ? xstrdup(k->absent) :
			 xasprintf("%s/%s", scratch, k->absent);
	if (o.status != k->status || !strstr(o.err, k->err))
		fail_msg("%s: exit %d (want %d), %.2f s\nstderr: %s\nwanted "
			 "stderr to hold: %s", cmd, o.status, k->status, took,
			 o.err, k->err);
	if (k->quick && took > QUICK_S)
		fail_msg("%s: took %.2f s, want under %.1f s", cmd, took,
			 QUICK_S);
	if (o.maxrss_kb > MAX_RSS_KB)
		fail_msg("%s: used %ld KiB, want at most %ld", cmd, o.maxrss_kb,
			 MAX_RSS_KB);
	if (absent && lstat(absent, &st) == 0)
		fail_msg("%s: wrote %s although it was refused", cmd, absent);
	free(absent);
	free(o.out);
	free(o.err);
	free(cmd);
}

/* A FIFO refused must not have been opened for writing by anyone: its
 * reader side was never waited on, so the scratch FIFO is still a FIFO
 * and no file appeared beside it. */
static void test_planted_intact(void **state)
{
	struct stat st;
	char *p = xasprintf("%s/elsewhere", scratch);
	char *q = xasprintf("%s/fifo", scratch);

	(void)state;
	assert_int_equal(lstat(q, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(lstat(p, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	/* nothing was written through the planted links */
	assert_int_equal(rmdir(p), 0);
	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
	free(q);
}

/* Issue 48, class 7: CULAB_EVENT_TRACE naming a FIFO nobody reads held
 * every command in open(), even --version; it is refused at once with a
 * warning, and the command does its work. */
static void test_trace_fifo(void **state)
{
	char *fifo = xasprintf("%s/fifo", scratch);
	double took = 0;
	struct out o;
	struct stat st;

	(void)state;
	setenv("CULAB_EVENT_TRACE", fifo, 1);
	o = cli_run_limited(culab, scratch, ARGS("--version"), LIMIT_S, &took);
	unsetenv("CULAB_EVENT_TRACE");
	if (o.status != 0 || took > QUICK_S)
		fail_msg("culab --version with CULAB_EVENT_TRACE=fifo: exit %d "
			 "after %.2f s; stderr: %s", o.status, took, o.err);
	assert_non_null(strstr(o.out, "culab "));
	assert_non_null(strstr(o.err, "warning: CULAB_EVENT_TRACE: "));
	assert_non_null(strstr(o.err, "is a FIFO, not a regular file: no "
			       "trace written"));
	assert_int_equal(lstat(fifo, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	free(o.out);
	free(o.err);
	free(fifo);
}

/* The inputs refused as outputs' places are as they were planted; and a
 * report beside its results file (the default place) replaces no input:
 * it is rendered (outside the rows' memory limit: a whole report). */
static void test_inputs_intact(void **state)
{
	static const char *const kept[][2] = {
		{ "io/results.json", "tests/fixtures/quick/results.json" },
		{ "io/report.en.md", "templates/report.en.md" },
		{ "io/charts/base.json",
		  "tests/fixtures/recorded-2026-11-22/quick/results.json" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(kept); i++) {
		char *p = xasprintf("%s/%s", scratch, kept[i][0]);
		char *got = cli_slurp(p), *want = cli_slurp(kept[i][1]);

		if (strcmp(got, want) != 0)
			fail_msg("%s was changed", p);
		free(p);
		free(got);
		free(want);
	}
	{
		struct out o = cli_run_in(culab, scratch,
					  ARGS("report", "io2/results.json",
					       "--no-charts", "--lang", "en",
					       "--format", "md"));
		char *page = xasprintf("%s/io2/report.en.md", scratch);
		struct stat st;

		if (o.status != EXIT_OK || stat(page, &st) != 0)
			fail_msg("report beside its results: exit %d, %s",
				 o.status, o.err);
		free(page);
		free(o.out);
		free(o.err);
	}
}

int main(void)
{
	struct CMUnitTest tests[ARRAY_SIZE(cases) + 3];
	char names[ARRAY_SIZE(cases)][96];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *s = shown(cases[i].args);

		snprintf(names[i], sizeof(names[i]), "%s", s);
		free(s);
		tests[i] = (struct CMUnitTest){ names[i], test_case, NULL, NULL,
						(void *)&cases[i] };
	}
	tests[ARRAY_SIZE(cases)] = (struct CMUnitTest)cmocka_unit_test(
		test_planted_intact);
	tests[ARRAY_SIZE(cases) + 1] = (struct CMUnitTest)cmocka_unit_test(
		test_inputs_intact);
	tests[ARRAY_SIZE(cases) + 2] = (struct CMUnitTest)cmocka_unit_test(
		test_trace_fifo);
	return _cmocka_run_group_tests("cli_files", tests, ARRAY_SIZE(tests),
				       setup, teardown);
}
