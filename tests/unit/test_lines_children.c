/* test_lines_children.c - the parent's per-line children (jobs/lines.c)
 * without a GPU: a stand-in for culab that says it is ready, waits for
 * its turn, collects and saves as culab's children do, and the parent's
 * answers: which rows get a child, how many start ahead, their turns on
 * one GPU and on two, a child that fails, hangs or is refused CUPTI,
 * turns that begin while earlier children save, and rows that the
 * per-line cache holds already.  The sums per line and their place in
 * results.json are test_lines.c's; where warps wait, sampled by a child
 * of its own, is test_stalls_child.c's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"
#include "lines_fixture.h"
#include "rows_fixture.h"
#include "tmpdir.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "experiment/experiment.h"
#include "jobs/lines.h"
#include "jobs/output.h"
#include "results/results.h"

static char tmpdir[] = "/tmp/culab-test-lines-children-XXXXXX";

static int setup(void **state)
{
	(void)state;
	/* no per-line cache but test_children_cached's own: the user's is
	 * not touched, and one test's lines are not another's */
	setenv("CULAB_CACHE_DIR", "off", 1);
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	remove_tree(tmpdir);
	return 0;
}

/* A stand-in for culab: it says it is ready ("r") and waits for its turn
 * on --lines-go's socket as culab does (recording "LABEL ended before its turn" at end of file),
 * records the measurement it was asked for (and with $LINES_DEVS its
 * --device, its folder, the GPUs it sees and its hardware queues) and writes the results file
 * $LINES_TEMPLATE into -o DIR, says "c" on the socket (it has collected:
 * the GPU is free) but where $LINES_UNAVAILABLE is set, takes
 * $LINES_SAVE seconds to save (recording "LABEL saved"), says "d" (its
 * results are saved) and lingers $LINES_LINGER seconds (a process's
 * teardown), except that it
 * fails for reduce_shuffle, hangs for reduce_unrolled and says CUPTI is
 * unavailable where $LINES_UNAVAILABLE is set.  bash: read -u and >&
 * take any descriptor. */
static const char fake_child[] =
	"#!/bin/bash\n"
	"label=; dir=; dev=; go=\n"
	"while [ $# -gt 0 ]; do\n"
	"  case $1 in\n"
	"  --measurement) label=$2; shift ;;\n"
	"  --device) dev=$2; shift ;;\n"
	"  --lines-go) go=$2; shift ;;\n"
	"  -o) dir=$2; shift ;;\n"
	"  esac\n"
	"  shift\n"
	"done\n"
	"if [ -n \"$go\" ]; then\n"
	"  printf r >&\"$go\"\n"
	"  w=; read -r -n 1 -u \"$go\" w\n"
	"  [ \"$w\" = g ] || { echo \"$label ended before its turn\" >>\"$LINES_CALLS\"; exit 5; }\n"
	"fi\n"
	"echo \"$label\" >>\"$LINES_CALLS\"\n"
	"[ -z \"${LINES_DEVS:-}\" ] ||\n"
	"  echo \"$dev ${dir##*/} ${CUDA_VISIBLE_DEVICES:-all} ${CUDA_DEVICE_MAX_CONNECTIONS:-unset}\" >>\"$LINES_DEVS\"\n"
	"case $label in\n"
	"*/reduce_shuffle/*) echo 'culab: note: something' >&2\n"
	"  echo 'culab: error: boom' >&2; exit 1 ;;\n"
	"*/reduce_unrolled/*) exec sleep 30 ;;\n"
	"esac\n"
	"[ -z \"$go\" ] || [ -n \"${LINES_UNAVAILABLE:-}\" ] || printf c >&\"$go\"\n"
	"[ -z \"${LINES_SAVE:-}\" ] ||\n"
	"  { sleep \"$LINES_SAVE\"; echo \"$label saved\" >>\"$LINES_CALLS\"; }\n"
	"echo 'a,b' >\"$dir/results.csv\"\n"
	"if [ -n \"${LINES_UNAVAILABLE:-}\" ]; then\n"
	"  cp \"$LINES_UNAVAILABLE\" \"$dir/results.json\"\n"
	"else\n"
	"  cp \"$LINES_TEMPLATE\" \"$dir/results.json\"\n"
	"fi\n"
	"[ -z \"$go\" ] || printf d >&\"$go\"\n"
	"[ -z \"${LINES_LINGER:-}\" ] || sleep \"$LINES_LINGER\"\n";

static const char small_yaml[] =
	"version: 1\n"
	"output: out\n"
	"defaults:\n"
	"  warmup: 0\n"
	"  repeats: 1\n"
	"  counters: [default]\n"
	"experiments:\n"
	"  - name: e\n"
	"    family: reduce\n"
	"    variants: [reduce_shared_static, reduce_first_add, "
	"reduce_unrolled, reduce_shuffle, reduce_cub, reduce_cpu]\n"
	"    types: [float]\n"
	"    sizes: [1024, 4096]\n";

/* Writes a one-row results file whose row holds lines (or, with `why`,
 * lines that say why not) to dir/name; returns its path. */
static char *template(const char *name, const char *why)
{
	char *dir = xasprintf("%s/%s", tmpdir, name), *path;
	struct results r;

	results_start(&r);
	row_add_at(&r, "e", "reduce_shuffle", "float", 4096, 256);
	if (why)
		source_lines_set_status(&r.rows[0].lines, why);
	else
		some_lines(&r.rows[0].lines);
	mkdir(dir, 0755);
	assert_int_equal(output_save(dir, &r), 0);
	results_release(&r);
	path = xasprintf("%s/results.json", dir);
	free(dir);
	return path;
}

/* The lines of every row the plan marks, from a child each: collected,
 * failed with the child's last words, killed past the time limit; no
 * child for unmarked rows, rows without counters, rows that have lines
 * already, the CPU row; and once a child says CUPTI is unavailable, none
 * for the rest. */
static void test_children(void **state)
{
	char *yaml = xasprintf("%s/small.yaml", tmpdir);
	char *exe = xasprintf("%s/fake-culab", tmpdir);
	char *calls = xasprintf("%s/calls", tmpdir);
	char *outdir = xasprintf("%s/out", tmpdir);
	char *good = template("good", NULL);
	char *unavail = template("unavailable", LINES_UNAVAILABLE
				 ": CUPTI_ERROR_INSUFFICIENT_PRIVILEGES");
	char *devs = xasprintf("%s/devs", tmpdir);
	struct lines_options o = { .file = yaml, .outdir = outdir, .exe = exe,
				   .timeout = 1, .device = 2 };
	static const char *const gpu[] = { "reduce_shared_static",
		"reduce_first_add", "reduce_unrolled", "reduce_shuffle",
		"reduce_cub" };
	struct experiment_file f;
	struct results r, back;
	struct capture c;
	char *text = NULL, *readback;
	size_t len;

	(void)state;
	assert_int_equal(write_file_atomic(yaml, small_yaml, strlen(small_yaml)), 0);
	assert_int_equal(write_file_atomic(exe, fake_child, strlen(fake_child)), 0);
	assert_int_equal(chmod(exe, 0755), 0);
	setenv("LINES_CALLS", calls, 1);
	setenv("LINES_DEVS", devs, 1);
	setenv("LINES_TEMPLATE", good, 1);
	/* the user's list: the child sees the run's GPU alone all the same */
	setenv("CUDA_VISIBLE_DEVICES", "7,6,5", 1);
	unsetenv("LINES_UNAVAILABLE");
	assert_int_equal(experiment_load(yaml, &f), 0);
	mkdir(outdir, 0755);

	results_start(&r);
	r.env.gpu_uuid = xstrdup("GPU-8b7e9931-8c3e-d511-f1ba-bcf7e042b503");
	for (size_t i = 0; i < ARRAY_SIZE(gpu); i++)
		for (uint64_t n = 1024; n <= 4096; n *= 4)
			row_add(&r, gpu[i], n);
	row_add(&r, "reduce_cpu", 4096);
	/* reduce_first_add at 4096: no counters; reduce_cub: lines already */
	r.rows[3].counters_status = xstrdup("counters were not collected");
	some_lines(&r.rows[9].lines);
	r.rows[9].lines.seconds = 9;

	setenv("LINES_LINGER", "1.5", 1);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	unsetenv("LINES_LINGER");
	/* the children: every marked row that wants lines, in plan order */
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_string_equal(text, "e/reduce_shared_static/float/4096\n"
			    "e/reduce_unrolled/float/4096\n"
			    "e/reduce_shuffle/float/4096\n");
	free(text);
	/* each on the run's GPU, which it sees alone, as its device 0, with
	 * one hardware queue (CUDA_DEVICE_MAX_CONNECTIONS); the
	 * second started ahead while the first measured, the third while
	 * the first still ended, each in a folder of its own */
	assert_int_equal(read_file(devs, 4096, &text, &len), 0);
	assert_string_equal(text,
		"0 gpu-2 GPU-8b7e9931-8c3e-d511-f1ba-bcf7e042b503 1\n"
		"0 gpu-2-b GPU-8b7e9931-8c3e-d511-f1ba-bcf7e042b503 1\n"
		"0 gpu-2-c GPU-8b7e9931-8c3e-d511-f1ba-bcf7e042b503 1\n");
	free(text);
	unsetenv("LINES_DEVS");
	assert_string_equal(getenv("CUDA_VISIBLE_DEVICES"), "7,6,5");
	unsetenv("CUDA_VISIBLE_DEVICES");
	/* collected: the child's lines, with the parent's time */
	assert_true(r.rows[1].lines.recorded);
	assert_null(r.rows[1].lines.status);
	assert_int_equal(r.rows[1].lines.nkernels, 1);
	/* its turn ended at its word, not at its end (it lingered 1.5 s) */
	assert_true(r.rows[1].lines.seconds > 0 && r.rows[1].lines.seconds < 1);
	/* killed past its time, failed with its last line */
	assert_non_null(strstr(r.rows[5].lines.status, "did not end within 1 s"));
	assert_non_null(strstr(r.rows[7].lines.status, "exit status 1"));
	assert_non_null(strstr(r.rows[7].lines.status, "culab: error: boom"));
	/* not asked: the small size, no counters, lines already, the CPU */
	assert_false(r.rows[0].lines.recorded);
	assert_false(r.rows[3].lines.recorded);
	assert_true(r.rows[9].lines.seconds == 9);
	assert_false(r.rows[10].lines.recorded);
	/* one warning names the first failure */
	assert_non_null(strstr(c.buf, "warning: counters per source line not "
			       "collected for 2 of 3 measurements: the per-line "
			       "run did not end within 1 s"));
	free(c.buf);
	/* saved, and the children's folder gone */
	readback = xasprintf("%s/results.json", outdir);
	assert_int_equal(results_read(readback, &back), 0);
	assert_lines_equal(&r.rows[1].lines, &back.rows[1].lines);
	assert_lines_equal(&r.rows[7].lines, &back.rows[7].lines);
	results_release(&back);
	{
		char *d = xasprintf("%s/.lines", outdir);
		struct stat st;

		assert_int_equal(stat(d, &st), -1);
		free(d);
	}

	/* CUPTI unavailable: one child says so, the ones started ahead end
	 * without their turn, the rest are not started */
	for (size_t i = 0; i < r.nrows; i++)
		source_lines_release(&r.rows[i].lines);
	unlink(calls);
	setenv("LINES_UNAVAILABLE", unavail, 1);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	free(c.buf);
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	/* the two started ahead end in either order */
	assert_int_equal(len, strlen("e/reduce_shared_static/float/4096\n"
				     "e/reduce_unrolled/float/4096 ended before "
				     "its turn\ne/reduce_shuffle/float/4096 "
				     "ended before its turn\n"));
	assert_true(!strncmp(text, "e/reduce_shared_static/float/4096\n", 34));
	assert_non_null(strstr(text, "e/reduce_unrolled/float/4096 ended "
			       "before its turn\n"));
	assert_non_null(strstr(text, "e/reduce_shuffle/float/4096 ended "
			       "before its turn\n"));
	free(text);
	for (size_t i = 1; i < 10; i += 2)
		if (i != 3)
			assert_non_null(strstr(r.rows[i].lines.status,
					       "CUPTI_ERROR_INSUFFICIENT_"
					       "PRIVILEGES"));
	unsetenv("LINES_UNAVAILABLE");

	results_release(&r);
	experiment_file_release(&f);
	free(readback);
	free(yaml);
	free(exe);
	free(calls);
	free(devs);
	free(outdir);
	free(good);
	free(unavail);
}

/* On two GPUs at once (run --devices): the same children, each with its
 * device and a folder of that device's, the same lines in the rows. */
static void test_children_two(void **state)
{
	char *yaml = xasprintf("%s/small.yaml", tmpdir);
	char *exe = xasprintf("%s/fake-culab", tmpdir);
	char *calls = xasprintf("%s/calls2", tmpdir);
	char *devs = xasprintf("%s/devs2", tmpdir);
	char *outdir = xasprintf("%s/out2", tmpdir);
	char *good = template("good2", NULL);
	static const int gpus[] = { 3, 5 };
	struct lines_options o = { .file = yaml, .outdir = outdir, .exe = exe,
				   .timeout = 1, .devices = gpus, .ndevices = 2 };
	static const char *const gpu[] = { "reduce_shared_static",
		"reduce_unrolled", "reduce_shuffle" };
	struct experiment_file f;
	struct results r;
	struct capture c;
	char *text = NULL;
	size_t len;

	(void)state;
	assert_int_equal(write_file_atomic(yaml, small_yaml, strlen(small_yaml)), 0);
	assert_int_equal(write_file_atomic(exe, fake_child, strlen(fake_child)), 0);
	assert_int_equal(chmod(exe, 0755), 0);
	setenv("LINES_CALLS", calls, 1);
	setenv("LINES_DEVS", devs, 1);
	setenv("LINES_TEMPLATE", good, 1);
	/* the user's hardware queues are kept */
	setenv("CUDA_DEVICE_MAX_CONNECTIONS", "4", 1);
	unsetenv("LINES_UNAVAILABLE");
	assert_int_equal(experiment_load(yaml, &f), 0);
	mkdir(outdir, 0755);
	results_start(&r);
	for (size_t i = 0; i < ARRAY_SIZE(gpu); i++)
		row_add(&r, gpu[i], 4096);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	free(c.buf);
	/* every marked row once, in any order (two at a time) */
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_int_equal(len, strlen("e/reduce_shared_static/float/4096\n"
				     "e/reduce_unrolled/float/4096\n"
				     "e/reduce_shuffle/float/4096\n"));
	for (size_t i = 0; i < ARRAY_SIZE(gpu); i++) {
		char *want = xasprintf("e/%s/float/4096\n", gpu[i]);

		assert_non_null(strstr(text, want));
		free(want);
	}
	free(text);
	/* each child on its device, in that device's folder; both used */
	assert_int_equal(read_file(devs, 4096, &text, &len), 0);
	assert_non_null(strstr(text, "3 gpu-3 all 4\n"));
	assert_non_null(strstr(text, "5 gpu-5 all 4\n"));
	assert_null(strstr(text, "3 gpu-5"));
	assert_null(strstr(text, "5 gpu-3"));
	free(text);
	/* the same outcomes as one at a time */
	assert_true(r.rows[0].lines.recorded);
	assert_null(r.rows[0].lines.status);
	assert_non_null(strstr(r.rows[1].lines.status, "did not end within 1 s"));
	assert_non_null(strstr(r.rows[2].lines.status, "culab: error: boom"));
	{
		char *d = xasprintf("%s/.lines", outdir);
		struct stat st;

		assert_int_equal(stat(d, &st), -1);
		free(d);
	}
	unsetenv("LINES_DEVS");
	unsetenv("CUDA_DEVICE_MAX_CONNECTIONS");
	results_release(&r);
	experiment_file_release(&f);
	free(yaml);
	free(exe);
	free(calls);
	free(devs);
	free(outdir);
	free(good);
}

/* A child that has collected frees the GPU: the next one goes on while
 * it saves its results, and its lines are taken once they are saved. */
static void test_children_saving(void **state)
{
	char *yaml = xasprintf("%s/small.yaml", tmpdir);
	char *exe = xasprintf("%s/fake-culab", tmpdir);
	char *calls = xasprintf("%s/calls3", tmpdir);
	char *outdir = xasprintf("%s/out3", tmpdir);
	char *good = template("good3", NULL);
	struct lines_options o = { .file = yaml, .outdir = outdir, .exe = exe,
				   .timeout = 5, .device = 1 };
	static const char *const gpu[] = { "reduce_shared_static",
		"reduce_first_add", "reduce_cub" };
	struct experiment_file f;
	struct results r;
	struct capture c;
	char *text = NULL;
	size_t len;

	(void)state;
	assert_int_equal(write_file_atomic(yaml, small_yaml, strlen(small_yaml)), 0);
	assert_int_equal(write_file_atomic(exe, fake_child, strlen(fake_child)), 0);
	assert_int_equal(chmod(exe, 0755), 0);
	setenv("LINES_CALLS", calls, 1);
	setenv("LINES_TEMPLATE", good, 1);
	setenv("LINES_SAVE", "0.5", 1);
	unsetenv("LINES_UNAVAILABLE");
	unsetenv("LINES_DEVS");
	assert_int_equal(experiment_load(yaml, &f), 0);
	mkdir(outdir, 0755);
	results_start(&r);
	for (size_t i = 0; i < ARRAY_SIZE(gpu); i++)
		row_add(&r, gpu[i], 4096);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	free(c.buf);
	unsetenv("LINES_SAVE");
	/* each next turn began while the ones before were saving (two were
	 * ready ahead): all three went before any had saved */
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_true(!strncmp(text, "e/reduce_shared_static/float/4096\n"
			     "e/reduce_first_add/float/4096\n"
			     "e/reduce_cub/float/4096\n", 88));
	for (size_t i = 0; i < ARRAY_SIZE(gpu); i++) {
		char *want = xasprintf("e/%s/float/4096 saved\n", gpu[i]);

		assert_non_null(strstr(text + 88, want));
		free(want);
	}
	assert_int_equal(len, 88 + 3 * strlen(" saved") + 88);
	free(text);
	/* and every row has its lines, taken after they were saved */
	for (size_t i = 0; i < ARRAY_SIZE(gpu); i++) {
		assert_true(r.rows[i].lines.recorded);
		assert_null(r.rows[i].lines.status);
		assert_int_equal(r.rows[i].lines.nkernels, 1);
		assert_true(r.rows[i].lines.seconds >= 0.5);
	}
	results_release(&r);
	experiment_file_release(&f);
	free(yaml);
	free(exe);
	free(calls);
	free(outdir);
	free(good);
}

/* Issue 46, item 3: a rerun takes the lines an earlier run collected from
 * the per-line cache, without a child; a failed collection is not kept
 * (its child runs again); an entry another user could write is not used
 * (a note, and the child runs again); the cache off, nothing is kept. */
static void test_children_cached(void **state)
{
	static const char yaml_text[] =
		"version: 1\n"
		"output: out\n"
		"defaults:\n"
		"  warmup: 0\n"
		"  repeats: 1\n"
		"  counters: [default]\n"
		"experiments:\n"
		"  - name: e\n"
		"    family: reduce\n"
		"    variants: [reduce_shared_static, reduce_shuffle]\n"
		"    types: [float]\n"
		"    sizes: [4096]\n";
	char *yaml = xasprintf("%s/cached.yaml", tmpdir);
	char *exe = xasprintf("%s/fake-culab", tmpdir);
	char *calls = xasprintf("%s/calls-cached", tmpdir);
	char *outdir = xasprintf("%s/out-cached", tmpdir);
	char *cache = xasprintf("%s/cache", tmpdir);
	char *entries = xasprintf("%s/lines", cache);
	char *good = template("good-cached", NULL);
	struct lines_options o = { .file = yaml, .outdir = outdir, .exe = exe,
				   .timeout = 5, .device = 0 };
	struct experiment_file f;
	struct source_lines first;
	struct results r, back;
	struct capture c;
	char *text = NULL, *readback;
	size_t len;
	DIR *d;
	struct dirent *de;
	char *entry = NULL;

	(void)state;
	assert_int_equal(write_file_atomic(yaml, yaml_text, strlen(yaml_text)), 0);
	assert_int_equal(write_file_atomic(exe, fake_child, strlen(fake_child)), 0);
	assert_int_equal(chmod(exe, 0755), 0);
	setenv("LINES_CALLS", calls, 1);
	setenv("LINES_TEMPLATE", good, 1);
	setenv("CULAB_CACHE_DIR", cache, 1);
	unsetenv("LINES_UNAVAILABLE");
	unsetenv("LINES_DEVS");
	assert_int_equal(experiment_load(yaml, &f), 0);
	mkdir(outdir, 0755);
	results_start(&r);             /* its GPU: "Test GPU" */
	row_add(&r, "reduce_shared_static", 4096);
	row_add(&r, "reduce_shuffle", 4096);

	/* the first run: a child each; the collected lines kept, 0700 */
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	free(c.buf);
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_string_equal(text, "e/reduce_shared_static/float/4096\n"
			    "e/reduce_shuffle/float/4096\n");
	free(text);
	assert_null(r.rows[0].lines.status);
	assert_false(r.rows[0].lines.cached);
	assert_non_null(r.rows[1].lines.status);
	first = r.rows[0].lines;
	memset(&r.rows[0].lines, 0, sizeof(r.rows[0].lines));
	source_lines_release(&r.rows[1].lines);
	assert_non_null(d = opendir(entries));
	while ((de = readdir(d)))
		if (de->d_name[0] != '.') {
			assert_null(entry);
			entry = xasprintf("%s/%s", entries, de->d_name);
		}
	closedir(d);
	assert_non_null(entry);
	{
		struct stat st;

		assert_int_equal(stat(entries, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0700);
	}

	/* the rerun: the failed one's child alone; the other's lines are
	 * the first run's, said to be from the cache, and saved so */
	unlink(calls);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	free(c.buf);
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_string_equal(text, "e/reduce_shuffle/float/4096\n");
	free(text);
	assert_true(r.rows[0].lines.cached);
	/* its seconds are the lookup's */
	assert_true(r.rows[0].lines.seconds < 1);
	first.seconds = r.rows[0].lines.seconds;
	assert_lines_equal(&first, &r.rows[0].lines);
	readback = xasprintf("%s/results.json", outdir);
	assert_int_equal(results_read(readback, &back), 0);
	assert_true(back.rows[0].lines.cached);
	assert_false(back.rows[1].lines.cached);
	assert_lines_equal(&first, &back.rows[0].lines);
	results_release(&back);

	/* an entry others may write: not used, said, collected again */
	for (size_t i = 0; i < r.nrows; i++)
		source_lines_release(&r.rows[i].lines);
	unlink(calls);
	assert_int_equal(chmod(entry, 0666), 0);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	assert_non_null(strstr(c.buf, "per-line cache"));
	assert_non_null(strstr(c.buf, "is writable by other users: not used"));
	free(c.buf);
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_string_equal(text, "e/reduce_shared_static/float/4096\n"
			    "e/reduce_shuffle/float/4096\n");
	free(text);
	assert_false(r.rows[0].lines.cached);

	/* off: nothing taken, whatever is there */
	for (size_t i = 0; i < r.nrows; i++)
		source_lines_release(&r.rows[i].lines);
	unlink(calls);
	assert_int_equal(chmod(entry, 0600), 0);
	setenv("CULAB_LINES_CACHE", "off", 1);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	free(c.buf);
	unsetenv("CULAB_LINES_CACHE");
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_string_equal(text, "e/reduce_shared_static/float/4096\n"
			    "e/reduce_shuffle/float/4096\n");
	free(text);
	assert_false(r.rows[0].lines.cached);

	setenv("CULAB_CACHE_DIR", "off", 1);
	source_lines_release(&first);
	results_release(&r);
	experiment_file_release(&f);
	free(readback);
	free(entry);
	free(entries);
	free(cache);
	free(yaml);
	free(exe);
	free(calls);
	free(outdir);
	free(good);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_children),
		cmocka_unit_test(test_children_two),
		cmocka_unit_test(test_children_cached),
		cmocka_unit_test(test_children_saving),
	};

	diag_set_program("culab");
	/* the per-line children alone: where warps wait, sampled by a
	 * child of its own (by default), is test_stalls_child's */
	setenv("CULAB_STALLS", "off", 1);
	/* the children ahead all start at once, whatever their stand-in's
	 * timing: how many start at a time is test_stalls_child's
	 * (test_starting) */
	setenv("CULAB_LINES_STARTING", "24", 1);
	return cmocka_run_group_tests(tests, setup, teardown);
}
