/* test_cli_cluster.c - the command line of sharding, merging and Slurm
 * as a user meets it: `plan --shard`, `run --shard` and `--devices`
 * without a GPU, `merge` and `slurm` (the golden scripts in
 * tests/golden/slurm/).  Runs the built binary named by $CULAB (default
 * build/culab) from the repository root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli_run.h"
#include "tmpdir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <stdbool.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/exitcode.h"
#include "jobs/slurm.h"
#include "base/util.h"
#include "jobs/workers.h"

/* --shard on plan: the I-th of N, counted from 1; the others refused. */
static void test_plan_shard(void **state)
{
	(void)state;
	expect(ARGS("plan", "--shard", "1/2", "experiments/default.yaml"),
	       EXIT_OK, "shard 1/2: 4 of 11 stages, 50.1 % of the plan's "
	       "estimated cost; the other shards have 108 measurements", NULL);
	expect(ARGS("plan", "--shard", "2/2", "experiments/default.yaml"),
	       EXIT_OK, "3 experiments, 7 stages, 108 measurements", NULL);
	expect(ARGS("plan", "--shard", "2/2", "--json",
		    "experiments/default.yaml"), EXIT_OK,
	       "\"shard\": {\n    \"index\": 2,\n    \"count\": 2\n  }", NULL);
	expect(ARGS("plan", "--shard", "0/2", "experiments/default.yaml"),
	       EXIT_USAGE, NULL, "culab: error: --shard 0/2: shards count from "
	       "1 (1/2 to 2/2) (culab plan --help)\n");
	expect(ARGS("plan", "--shard", "3/2", "experiments/default.yaml"),
	       EXIT_USAGE, NULL, "no shard 3 of 2");
	expect(ARGS("run", "--shard", "0/2", "experiments/default.yaml"),
	       EXIT_USAGE, NULL, "shards count from 1");
	expect(ARGS("plan", "--help"), EXIT_OK, "--shard I/N", NULL);
	expect(ARGS("run", "--help"), EXIT_OK, "--shard I/N", NULL);
}

/* `merge --plans`: the shards' plans cover the plan once, or not. */
static void test_merge_plans(void **state)
{
	char dir[] = "/tmp/culab-cli-plans-XXXXXX";
	char p[3][64], cmd[256];

	(void)state;
	assert_non_null(mkdtemp(dir));
	for (int i = 0; i < 3; i++) {
		snprintf(p[i], sizeof(p[i]), "%s/s%d.json", dir, i + 1);
		snprintf(cmd, sizeof(cmd), "%s plan --shard %d/3 --json "
			 "experiments/quick.yaml > %s", getenv("CULAB") ?
			 getenv("CULAB") : "build/culab", i + 1, p[i]);
		assert_int_equal(system(cmd), 0);
	}
	expect(ARGS("merge", "--plans", p[0], p[1], p[2]), EXIT_OK,
	       "culab merge: the 3 shard plans of \"experiments/quick.yaml\" "
	       "cover its 12 stages and 162 measurements once each", NULL);
	expect(ARGS("merge", "--plans", p[0], p[2]), EXIT_USAGE, NULL,
	       "culab: error: shard 2/3 is missing\n");
	expect(ARGS("merge", "--plans", p[0], p[1], p[0]), EXIT_USAGE, NULL,
	       "error: given twice");
	expect(ARGS("merge", "--plans", p[0], "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "experiments/quick.yaml:1:1: error: not a "
	       "plan (culab plan --json)");
	/* crafted counts: refused in a line, never an abort, never a
	 * "cover" the plans do not make */
	{
		static const char *const sed[] = {
			"s/\"all_stages\": 12/\"all_stages\": 100000000000/",
			"s/\"all_measurements\": 162/\"all_measurements\": "
			"100000000000/",
			"s/\"left_out\": 0/\"left_out\": 9223372036854775000/",
			"s/\"left_out\": 0/\"left_out\": 10/",
		};
		char bad[96];

		snprintf(bad, sizeof(bad), "%s/bad.json", dir);
		for (size_t i = 0; i < ARRAY_SIZE(sed); i++) {
			snprintf(cmd, sizeof(cmd), "sed '%s' %s > %s", sed[i],
				 p[0], bad);
			assert_int_equal(system(cmd), 0);
			expect(ARGS("merge", "--plans", bad, p[1], p[2]),
			       EXIT_USAGE, NULL, "error: ");
		}
		unlink(bad);
	}
	for (int i = 0; i < 3; i++)
		unlink(p[i]);
	rmdir(dir);
}

static void test_merge_usage(void **state)
{
	(void)state;
	expect(ARGS("merge"), EXIT_USAGE, NULL, "merge needs at least one file");
	expect(ARGS("merge", "tests/fixtures/quick/results.json"), EXIT_USAGE,
	       NULL, "merge needs -o DIR");
	expect(ARGS("merge", "--plans", "-o", "x", "a.json"), EXIT_USAGE, NULL,
	       "--plans checks plans and writes nothing");
	expect(ARGS("merge", "-o", "/tmp/culab-cli-merge", "/nonexistent.json"),
	       EXIT_USAGE, NULL, "cannot open \"/nonexistent.json\"");
	expect(ARGS("help", "merge"), EXIT_OK, "--partial", NULL);
}

/* A results file merged alone is itself, with its report. */
static void test_merge_one(void **state)
{
	char dir[] = "/tmp/culab-cli-merge-XXXXXX";

	(void)state;
	assert_non_null(mkdtemp(dir));
	expect(ARGS("merge", "--no-report", "-o", dir,
		    "tests/fixtures/quick/results.json"), EXIT_OK,
	       "culab merge: 162 measurements (162 verified) from 1 device, "
	       "status complete; results in ", NULL);
	{
		char *p = xasprintf("%s/results.json", dir);
		char *q = xasprintf("%s/results.csv", dir);

		expect(ARGS("verify", p), EXIT_OK, " 0 failed", NULL);
		unlink(p);
		unlink(q);
		free(p);
		free(q);
	}
	rmdir(dir);
}

/* The text of a written script with the working directory and the
 * output directory as @CWD@ and @OUT@. */
static char *normalized(const char *path, const char *out)
{
	char cwd[4096], *text = cli_slurp(path);
	struct sbuf b = SBUF_INIT;

	assert_non_null(getcwd(cwd, sizeof(cwd)));
	for (const char *c = text; *c;) {
		if (strncmp(c, out, strlen(out)) == 0) {
			sbuf_add(&b, "@OUT@");
			c += strlen(out);
		} else if (strncmp(c, cwd, strlen(cwd)) == 0) {
			sbuf_add(&b, "@CWD@");
			c += strlen(cwd);
		} else {
			sbuf_addc(&b, *c++);
		}
	}
	free(text);
	return sbuf_detach(&b);
}

/* A written script against tests/golden/slurm/NAME (rewritten with
 * CULAB_UPDATE_GOLDEN=1). */
static void golden(const char *written, const char *out, const char *name)
{
	char *got = normalized(written, out);
	char *path = xasprintf("tests/golden/slurm/%s", name);
	char *want;

	if (getenv("CULAB_UPDATE_GOLDEN")) {
		mkdir_p("tests/golden/slurm");
		assert_int_equal(write_file_atomic(path, got, strlen(got)), 0);
	}
	want = cli_slurp(path);
	if (strcmp(got, want) != 0)
		fail_msg("%s differs from %s:\n%s", written, path, got);
	free(got);
	free(want);
	free(path);
}

/* A hostile experiment file name (a newline, quotes, $( ), backticks, a
 * semicolon) through both scripts, run by a real shell with a stand-in
 * culab: no command of the name runs, the stand-in gets the name as one
 * argument, and what culab prints has it escaped. */
static void test_slurm_hostile_name(void **state)
{
	char dir[] = "/tmp/culab-cli-slurm-name-XXXXXX";
	static const char name[] = "q$(touch P1)`touch P2`'x\n;touch P3.yaml";
	char *file, *stub, *args, *cmd, *text = NULL;
	size_t len;
	struct out o;

	(void)state;
	assert_non_null(mkdtemp(dir));
	file = xasprintf("%s/%s", dir, name);
	stub = xasprintf("%s/stub", dir);
	args = xasprintf("%s/args", dir);
	cmd = xasprintf("cp experiments/quick.yaml '%s/q$(touch P1)`touch P2`'"
			"\\''x\n;touch P3.yaml'", dir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	assert_int_equal(access(file, R_OK), 0);
	assert_int_equal(write_file_atomic(stub, "#!/bin/sh\n"
		"for a in \"$@\"; do printf '%s|' \"$a\"; done >>\"$STUB_ARGS\"\n",
		strlen("#!/bin/sh\nfor a in \"$@\"; do printf '%s|' \"$a\"; "
		       "done >>\"$STUB_ARGS\"\n")), 0);
	assert_int_equal(chmod(stub, 0755), 0);
	cmd = xasprintf("%s/out", dir);
	o = run(ARGS("slurm", "--shards", "2", "--culab", stub, "-o", cmd, file));
	free(cmd);
	assert_int_equal(o.status, EXIT_OK);
	assert_non_null(strstr(o.out, "'x\\n;touch P3.yaml"));
	free(o.out);
	free(o.err);
	/* both scripts parse, and run under sh as a task would */
	cmd = xasprintf("cd %s && sh -n out/slurm/shards.sbatch && "
			"sh -n out/slurm/merge.sbatch && "
			"SLURM_ARRAY_TASK_ID=1 STUB_ARGS=%s sh out/slurm/shards.sbatch"
			" && STUB_ARGS=%s sh out/slurm/merge.sbatch", dir, args,
			args);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	for (int i = 1; i <= 3; i++) {
		char *p = xasprintf("%s/P%d", dir, i), *q = xasprintf("P%d", i);

		assert_int_not_equal(access(p, F_OK), 0);
		assert_int_not_equal(access(q, F_OK), 0);
		free(p);
		free(q);
	}
	assert_int_equal(read_file(args, 1 << 16, &text, &len), 0);
	{
		char *want = xasprintf("|%s|", file);

		assert_non_null(strstr(text, want));
		free(want);
	}
	free(text);
	assert_int_equal(remove_tree(dir), 0);
	free(file);
	free(stub);
	free(args);
}

/* $CULAB (default build/culab) as an absolute path, for a run in
 * another directory. */
static const char *culab_path(void)
{
	static char path[4096];
	const char *c = getenv("CULAB") ? getenv("CULAB") : "build/culab";

	if (!realpath(c, path))
		snprintf(path, sizeof(path), "%s", c);
	return path;
}

/* Issue 48, class 2: the output directory an experiment file names
 * reaches the submit command culab prints for pasting; pasted into sh
 * (with a stand-in sbatch), it runs no command of the name and hands
 * sbatch the scripts' paths as single words. */
static void test_slurm_submit_line(void **state)
{
	char dir[] = "/tmp/culab-cli-slurm-line-XXXXXX";
	char *yaml, *text = NULL, *quick, *cmd, *line, *args, *want;
	const char *at;
	size_t len;
	struct out o;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(read_file("experiments/quick.yaml", 1 << 20, &quick,
				   &len), 0);
	text = strstr(quick, "output: results/quick\n");
	assert_non_null(text);
	yaml = xasprintf("%s/e.yaml", dir);
	cmd = xasprintf("%.*soutput: \"o$(touch${IFS}P4)`touch${IFS}P5`;"
			"touch${IFS}P6\"\n%s", (int)(text - quick), quick,
			text + strlen("output: results/quick\n"));
	assert_int_equal(write_file_atomic(yaml, cmd, strlen(cmd)), 0);
	free(cmd);
	free(quick);
	/* a stand-in sbatch: its arguments, one a line, and a job id */
	cmd = xasprintf("%s/sbatch", dir);
	assert_int_equal(write_file_atomic(cmd, "#!/bin/sh\n"
		"for a in \"$@\"; do printf '%s\\n' \"$a\"; done >>args\n"
		"echo 7\n", strlen("#!/bin/sh\nfor a in \"$@\"; do printf "
				   "'%s\\n' \"$a\"; done >>args\necho 7\n")), 0);
	assert_int_equal(chmod(cmd, 0755), 0);
	free(cmd);
	o = cli_run_in(culab_path(), dir, ARGS("slurm", "--shards", "2",
					       "--culab", "/opt/culab", "e.yaml"));
	if (o.status != EXIT_OK)
		fail_msg("exit %d: %s", o.status, o.err);
	at = strstr(o.out, "\nsubmit: ");
	assert_non_null(at);
	line = xstrndup(at + 9, strcspn(at + 9, "\n"));
	assert_string_equal(line, "id=$(sbatch --parsable "
		"'o$(touch${IFS}P4)`touch${IFS}P5`;touch${IFS}P6/slurm/"
		"shards.sbatch') && sbatch --dependency=afterok:$id "
		"'o$(touch${IFS}P4)`touch${IFS}P5`;touch${IFS}P6/slurm/"
		"merge.sbatch'");
	{
		/* sh -c 'eval "$0"' LINE: the line as pasted */
		char *full = xasprintf("cd %s && PATH=\"$PWD:$PATH\" sh -c "
				       "'eval \"$1\"' sh \"$(cat line)\" >/dev/null", dir);
		char *lp = xasprintf("%s/line", dir);

		assert_int_equal(write_file_atomic(lp, line, strlen(line)), 0);
		assert_int_equal(system(full), 0);
		free(full);
		free(lp);
	}
	for (int i = 4; i <= 6; i++) {
		char *p = xasprintf("%s/P%d", dir, i);

		assert_int_not_equal(access(p, F_OK), 0);
		free(p);
	}
	args = xasprintf("%s/args", dir);
	assert_int_equal(read_file(args, 1 << 16, &text, &len), 0);
	want = xstrdup("--parsable\no$(touch${IFS}P4)`touch${IFS}P5`;"
		       "touch${IFS}P6/slurm/shards.sbatch\n"
		       "--dependency=afterok:7\no$(touch${IFS}P4)`touch${IFS}"
		       "P5`;touch${IFS}P6/slurm/merge.sbatch\n");
	assert_string_equal(text, want);
	free(want);
	free(text);
	free(args);
	free(line);
	free(yaml);
	free(o.out);
	free(o.err);
	assert_int_equal(remove_tree(dir), 0);
}

/* The scripts culab slurm writes, for a run and for the CI's plans. */
static void test_slurm_scripts(void **state)
{
	char dir[] = "/tmp/culab-cli-slurm-XXXXXX";
	char *a, *m;

	(void)state;
	assert_non_null(mkdtemp(dir));
	a = xasprintf("%s/slurm/shards.sbatch", dir);
	m = xasprintf("%s/slurm/merge.sbatch", dir);
	expect(ARGS("slurm", "--shards", "4", "--partition", "gpu",
		    "--merge-partition", "cpu", "--account",
		    "lab-42", "--time", "2:00:00", "--gpus-per-task", "2",
		    "--no-counters", "--variant", "reduce_cub,reduce_shuffle",
		    "--culab", "/opt/culab/bin/culab", "-o", dir,
		    "experiments/default.yaml"), EXIT_OK,
	       "culab slurm: 4 shards of experiments/default.yaml: ", NULL);
	golden(a, dir, "shards.sbatch");
	golden(m, dir, "merge.sbatch");
	expect(ARGS("slurm", "--shards", "3", "--gpus-per-task", "0",
		    "--test-plans", "--culab", "/opt/culab/bin/culab", "-o", dir,
		    "experiments/quick.yaml"), EXIT_OK, "sbatch --dependency", NULL);
	golden(a, dir, "shards-plans.sbatch");
	golden(m, dir, "merge-plans.sbatch");
	/* more shards than stages: capped, with a note */
	expect(ARGS("slurm", "--shards", "5000", "--partition", "gpu",
		    "--culab", "/opt/culab/bin/culab", "-o", dir,
		    "experiments/quick.yaml"), EXIT_OK, "culab slurm: ",
	       "shards capped to");
	{
		char *text = cli_slurp(m);

		/* the merge job names no partition unless told: no GPU one */
		assert_null(strstr(text, "--partition"));
		free(text);
	}
	unlink(a);
	unlink(m);
	free(a);
	free(m);
	a = xasprintf("%s/slurm", dir);
	rmdir(a);
	free(a);
	rmdir(dir);
}

/* --submit: the array first, then the merge after it, ids from
 * --parsable; a failing sbatch is one line. */
static void test_slurm_submit(void **state)
{
	char dir[] = "/tmp/culab-cli-slurm-XXXXXX";
	char *log, *text, *want;

	(void)state;
	assert_non_null(mkdtemp(dir));
	log = xasprintf("%s/sbatch.log", dir);
	setenv("CULAB_SBATCH", "tests/slurm/fake-sbatch", 1);
	setenv("FAKE_SBATCH_LOG", log, 1);
	expect(ARGS("slurm", "--shards", "2", "--submit", "-o", dir,
		    "experiments/quick.yaml"), EXIT_OK,
	       "culab slurm: submitted job array 4242 (2 tasks) and merge job "
	       "4243 (after 4242)\n", NULL);
	text = cli_slurp(log);
	want = xasprintf("--parsable %s/slurm/shards.sbatch\n--parsable "
			 "--dependency=afterok:4242 %s/slurm/merge.sbatch\n",
			 dir, dir);
	assert_string_equal(text, want);
	free(text);
	free(want);
	setenv("CULAB_SBATCH", "/nonexistent/sbatch", 1);
	expect(ARGS("slurm", "--shards", "2", "--submit", "-o", dir,
		    "experiments/quick.yaml"), EXIT_FAILED, NULL,
	       "culab: error: cannot run /nonexistent/sbatch (is Slurm "
	       "installed here?)");
	unsetenv("CULAB_SBATCH");
	unsetenv("FAKE_SBATCH_LOG");
	assert_int_equal(remove_tree(dir), 0);
	free(log);
}

static void test_slurm_usage(void **state)
{
	char id[16];

	(void)state;
	expect(ARGS("slurm", "experiments/quick.yaml"), EXIT_USAGE, NULL,
	       "slurm needs --shards N");
	expect(ARGS("slurm", "--shards", "0", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL,
	       "option \"--shards\" takes a number from 1 to 10000");
	expect(ARGS("slurm", "--shards", "2", "--partition", "gpu\n#SBATCH x",
		    "experiments/quick.yaml"), EXIT_USAGE, NULL,
	       "letters, digits and _ . , : + = - only");
	expect(ARGS("slurm", "--shards", "2", "-o", "/tmp/a b",
		    "experiments/quick.yaml"), EXIT_USAGE, NULL,
	       "without spaces, quotes, backslashes or %");
	expect(ARGS("slurm", "--shards", "2", "tests/bad/empty.yaml"),
	       EXIT_USAGE, NULL, "tests/bad/empty.yaml");
	expect(ARGS("help", "slurm"), EXIT_OK, "--dependency=afterok", NULL);
	/* Slurm's time formats, checked here rather than by sbatch later */
	expect(ARGS("slurm", "--shards", "2", "--time", "30m",
		    "experiments/quick.yaml"), EXIT_USAGE, NULL,
	       "--time \"30m\" is not one of Slurm's time formats");
	{
		static const char *const good[] = {
			"30", "30:00", "2:00:00", "1-12", "1-12:30",
			"1-12:30:00", "0:30:00", "UNLIMITED", "INFINITE",
		};
		static const char *const bad[] = {
			"30m", "", ":", "1:60", "2:00:60", "1-24", "1-",
			"-5", "1:2:3:4", "1-2-3", "2h", " 30",
		};
		char why[256];

		for (size_t i = 0; i < ARRAY_SIZE(good); i++)
			if (slurm_check_time(good[i], why, sizeof(why)) != 0)
				fail_msg("\"%s\" refused: %s", good[i], why);
		for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
			if (slurm_check_time(bad[i], why, sizeof(why)) != -1)
				fail_msg("\"%s\" taken as a time", bad[i]);
	}
	assert_int_equal(slurm_parse_job_id("123\n", id, sizeof(id)), 0);
	assert_string_equal(id, "123");
	assert_int_equal(slurm_parse_job_id("77;cluster\n", id, sizeof(id)), 0);
	assert_string_equal(id, "77");
	assert_int_equal(slurm_parse_job_id("", id, sizeof(id)), -1);
	assert_int_equal(slurm_parse_job_id("Submitted batch job 5", id,
					    sizeof(id)), -1);
	assert_int_equal(slurm_parse_job_id("12345678901234567890", id,
					    sizeof(id)), -1);
}

/* --devices lists: all, or distinct indexes in the order given. */
static void test_devices_list(void **state)
{
	int *d;
	char why[128];

	(void)state;
	assert_int_equal(workers_parse_devices("all", 3, &d, why, sizeof(why)), 3);
	assert_int_equal(d[0], 0);
	assert_int_equal(d[2], 2);
	free(d);
	assert_int_equal(workers_parse_devices("2,0", 3, &d, why, sizeof(why)), 2);
	assert_int_equal(d[0], 2);
	assert_int_equal(d[1], 0);
	free(d);
	assert_int_equal(workers_parse_devices("0,5", 3, &d, why, sizeof(why)), -1);
	assert_string_equal(why, "--devices: no device \"5\" here (3 devices: "
			    "0 to 2, or all)");
	assert_null(d);
	assert_int_equal(workers_parse_devices("0,x", 3, &d, why, sizeof(why)), -1);
	assert_string_equal(why, "--devices: \"x\" is not a device index (0, 1, "
			    "...; culab devices lists them)");
	assert_null(d);
	assert_int_equal(workers_parse_devices(",", 3, &d, why, sizeof(why)), -1);
	assert_string_equal(why, "--devices takes all or a list of device "
			    "indexes (0,1), not \",\"");
	/* the form is a usage error before any device is looked at, on a
	 * machine without a GPU too */
	{
		static const struct {
			const char *list, *err;
		} bad[] = {
			{ "", "--devices takes all or a list of device indexes "
			      "(0,1), not \"\"" },
			{ ",", "not \",\"" },
			{ "0,,1", "not \"0,,1\"" },
			{ "0-3", "--devices: \"0-3\" is not a device index" },
			{ "-1", "\"-1\" is not a device index" },
			{ "x", "\"x\" is not a device index" },
			{ "+1", "\"+1\" is not a device index" },
			{ "1,1", "device 1 is named twice" },
		};

		for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
			assert_int_equal(workers_check_devices(bad[i].list, why,
							       sizeof(why)), -1);
			expect(ARGS("run", "--devices", bad[i].list, "-o",
				    "/tmp/culab-cli-devices-bad",
				    "experiments/quick.yaml"), EXIT_USAGE, NULL,
			       bad[i].err);
		}
		assert_int_equal(workers_check_devices("all", why, sizeof(why)), 0);
		assert_int_equal(workers_check_devices("3,0,12", why,
						       sizeof(why)), 0);
	}
}

/* A worker sees its GPU alone: what CUDA_VISIBLE_DEVICES shows CUDA
 * device D of this process as device 0, and the command line that
 * records it as D and passes the run's own options on. */
static void test_workers_visible(void **state)
{
	static const struct {
		const char *list;       /* this process's; NULL: unset */
		int device;
		const char *want;       /* NULL: the worker sees every GPU */
	} cases[] = {
		{ NULL, 0, "0" },
		{ NULL, 3, "3" },
		{ "2,0", 0, "2" },
		{ "2,0", 1, "0" },
		{ "2,0", 2, NULL },             /* no such entry */
		{ "GPU-8f1c,GPU-0a2b", 1, "GPU-0a2b" },
		{ "MIG-GPU-8f1c/1/0", 0, "MIG-GPU-8f1c/1/0" },
		{ "1,,0", 1, NULL },            /* an empty entry */
		{ "1, 0", 1, NULL },            /* not an entry CUDA reads */
		{ "", 0, NULL },
	};
	struct workers_argv a = { .n = 0 };
	char *v;

	(void)state;
	unsetenv("CULAB_NARROW");
	unsetenv("CULAB_TEST_DEVICES");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		if (cases[i].list)
			setenv("CUDA_VISIBLE_DEVICES", cases[i].list, 1);
		else
			unsetenv("CUDA_VISIBLE_DEVICES");
		v = workers_visible(cases[i].device);
		if (cases[i].want)
			assert_string_equal(v, cases[i].want);
		else
			assert_null(v);
		free(v);
	}
	setenv("CUDA_VISIBLE_DEVICES", "3,1", 1);
	workers_argv_start(1, "/tmp/w", &a);
	assert_string_equal(a.visible, "1");
	assert_int_equal(a.n, 10);
	assert_string_equal(a.v[4], "--device");
	assert_string_equal(a.v[5], "0");
	assert_string_equal(a.v[6], "--as-device");
	assert_string_equal(a.v[7], "1");
	workers_argv_release(&a);
	assert_null(a.visible);
	/* the knob, and the tests' pretended GPUs: every GPU seen */
	setenv("CULAB_NARROW", "0", 1);
	assert_null(workers_visible(1));
	workers_argv_start(1, "/tmp/w", &a);
	assert_null(a.visible);
	assert_int_equal(a.n, 8);
	assert_string_equal(a.v[5], "1");
	workers_argv_release(&a);
	/* the run's own options go on to each worker, the file last */
	{
		struct run_options ro = { .profile_only = true };
		struct workers_options wo = {
			.file = "x.yaml", .no_lines = true,
			.no_sanitizer = true, .run = &ro,
		};
		const char *want[] = { "--no-lines", "--no-sanitizer",
				       "--profile-only", "x.yaml" };

		workers_argv_start(1, "/tmp/w", &a);
		workers_argv_finish(&wo, NULL, &a);
		assert_int_equal(a.n, 8 + 4);
		for (int i = 0; i < 4; i++)
			assert_string_equal(a.v[8 + i], want[i]);
		workers_argv_release(&a);
	}
	unsetenv("CULAB_NARROW");
	setenv("CULAB_TEST_DEVICES", "2", 1);
	assert_null(workers_visible(1));
	unsetenv("CULAB_TEST_DEVICES");
	unsetenv("CUDA_VISIBLE_DEVICES");
	expect(ARGS("run", "--as-device", "x", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "--as-device");
}

/* The per-line child's own options, judged before any GPU. */
static void test_lines_go_usage(void **state)
{
	(void)state;
	expect(ARGS("run", "--lines-go", "5", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "--lines-go is for --lines-child");
	expect(ARGS("run", "--lines-child", "--measurement", "x", "--lines-go",
		    "1", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "--lines-go takes a descriptor");
	expect(ARGS("run", "--lines-child", "--measurement", "x", "--lines-go",
		    "x", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "--lines-go takes a descriptor");
	expect(ARGS("run", "--lines-child", "--measurement", "x",
		    "--lines-held", "experiments/quick.yaml"),
	       EXIT_USAGE, NULL, "--lines-held is for --lines-go");
}

/* Whether this machine has a GPU culab can use. */
static bool gpu_here(void)
{
	struct out o = run(ARGS("devices"));
	bool yes = o.status == EXIT_OK;

	free(o.out);
	free(o.err);
	return yes;
}

/* run --devices without a GPU: the parent starts a worker per device it
 * was told of (CULAB_TEST_DEVICES), each says in its own name that it
 * has no GPU, and the run ends with exit 3; --resume first gathers what
 * DIR holds for the workers.  Skipped where a GPU is present (the GPU
 * machine runs --devices for real). */
static void test_devices_without_gpu(void **state)
{
	char dir[] = "/tmp/culab-cli-devices-XXXXXX";
	char *cmd, *resume, *quick;

	(void)state;
	if (gpu_here())
		skip();
	expect(ARGS("run", "--devices", "all", "-o", "/tmp/culab-cli-nogpu",
		    "experiments/quick.yaml"),
	       EXIT_NO_GPU, NULL, "culab: error: no usable GPU: ");
	expect(ARGS("run", "--device", "0", "--devices", "0",
		    "experiments/quick.yaml"), EXIT_USAGE, NULL,
	       "--device and --devices: choose one");
	assert_non_null(mkdtemp(dir));
	setenv("CULAB_TEST_DEVICES", "2", 1);
	expect(ARGS("run", "--devices", "0,2", "-o", dir,
		    "experiments/quick.yaml"), EXIT_USAGE, NULL,
	       "culab: error: --devices: no device \"2\" here (2 devices: 0 "
	       "to 1, or all)\n");
	expect(ARGS("run", "--devices", "1,1", "-o", dir,
		    "experiments/quick.yaml"), EXIT_USAGE, NULL,
	       "device 1 is named twice");
	expect(ARGS("run", "--devices", "all", "-o", dir,
		    "experiments/quick.yaml"), EXIT_NO_GPU, NULL,
	       "culab (GPU 1): error: no usable GPU");
	expect(ARGS("run", "--devices", "all", "-o", dir,
		    "experiments/quick.yaml"), EXIT_NO_GPU, NULL,
	       "culab (GPU 0): error: no usable GPU");
	/* a measurement knob that is not a number warns, escaped, and the
	 * run goes on with the default */
	setenv("CULAB_LINES_GPUS", "2\033x", 1);
	expect(ARGS("run", "--devices", "all", "-o", dir,
		    "experiments/quick.yaml"), EXIT_NO_GPU, NULL,
	       "culab: warning: CULAB_LINES_GPUS: \"2\\x1bx\" is not a whole "
	       "number of GPUs (1 to 1024); using 1\n");
	setenv("CULAB_LINES_GPUS", "1.5", 1);
	expect(ARGS("run", "--devices", "all", "-o", dir,
		    "experiments/quick.yaml"), EXIT_NO_GPU, NULL,
	       "CULAB_LINES_GPUS: \"1.5\" is not a whole number of GPUs");
	unsetenv("CULAB_LINES_GPUS");
	/* the default said is these GPUs' (two here: three starting) */
	setenv("CULAB_LINES_STARTING", "0", 1);
	expect(ARGS("run", "--devices", "all", "-o", dir,
		    "experiments/quick.yaml"), EXIT_NO_GPU, NULL,
	       "CULAB_LINES_STARTING: \"0\" is not a whole number of "
	       "children (1 to 26); using 3\n");
	unsetenv("CULAB_LINES_STARTING");
	/* the test knob goes through the same reader, bounded (issue 48,
	 * class 8): garbage, a negative or a huge count is said and
	 * ignored (the real GPUs counted: none here, with the reason), never
	 * an exit without a message, a reason never filled or hundreds of
	 * workers */
	{
		static const char *const bad[] = { "abc", "-1", "100000", "2x" };

		for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
			struct out o;
			char *want = xasprintf("culab: warning: "
					       "CULAB_TEST_DEVICES: \"%s\" is not a "
					       "whole number of GPUs (1 to 16); "
					       "ignored\nculab: error: no usable "
					       "GPU: ", bad[i]);

			setenv("CULAB_TEST_DEVICES", bad[i], 1);
			o = run(ARGS("run", "--devices", "all", "-o", dir,
				     "experiments/quick.yaml"));
			if (o.status != EXIT_NO_GPU || !strstr(o.err, want) ||
			    strstr(o.err, "(GPU "))
				fail_msg("CULAB_TEST_DEVICES=%s: exit %d, "
					 "stderr: %s", bad[i], o.status, o.err);
			free(want);
			free(o.out);
			free(o.err);
		}
		setenv("CULAB_TEST_DEVICES", "2", 1);
	}
	/* --resume: the run's rows, gathered for the workers (against the
	 * text the run was recorded from: quick.yaml has had 10 repeats
	 * since) */
	quick = cli_recorded_experiment("tests/fixtures/quick/results.json");
	cmd = xasprintf("cp tests/fixtures/quick/results.json %s/", dir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	expect(ARGS("run", "--resume", "--devices", "all", "-o", dir, quick),
	       EXIT_NO_GPU, NULL, "culab (GPU 0): error: no usable GPU");
	resume = xasprintf("%s/.workers/resume", dir);
	expect(ARGS("plan", "--resume", "-o", resume, quick),
	       EXIT_OK, "162 measurements (0 to run, 162 resumed)", NULL);
	cli_recorded_remove(quick);
	/* another file's results in DIR are refused, as by a one-GPU run */
	expect(ARGS("run", "--resume", "--devices", "all", "-o", dir,
		    "experiments/default.yaml"), EXIT_USAGE, NULL,
	       "produced by another experiment file");
	unsetenv("CULAB_TEST_DEVICES");
	assert_int_equal(remove_tree(dir), 0);
	free(resume);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan_shard),
		cmocka_unit_test(test_merge_plans),
		cmocka_unit_test(test_merge_usage),
		cmocka_unit_test(test_merge_one),
		cmocka_unit_test(test_slurm_scripts),
		cmocka_unit_test(test_slurm_submit_line),
		cmocka_unit_test(test_slurm_hostile_name),
		cmocka_unit_test(test_slurm_submit),
		cmocka_unit_test(test_slurm_usage),
		cmocka_unit_test(test_devices_list),
		cmocka_unit_test(test_workers_visible),
		cmocka_unit_test(test_lines_go_usage),
		cmocka_unit_test(test_devices_without_gpu),
	};

	return cmocka_run_group_tests_name("cli-cluster", tests, NULL, NULL);
}
