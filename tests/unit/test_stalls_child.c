/* test_stalls_child.c - where warps wait, sampled by one child for a
 * run's per-line rows (jobs/lines_stalls.h), without a GPU: the samples
 * added to a child's counts line by line (source_lines_merge), the plan of
 * a list of labels (run --measurement A,B), and the parent with a
 * stand-in for culab: the sampling child first, no per-line child's turn
 * before it ended, the per-line children told not to sample, each row's
 * samples beside its counts; a sampling child that fails leaves the
 * counts alone, with a note.  What CUPTI samples on a GPU is
 * tests/gpu/lines.sh's.  Also: the children start two at a time, more
 * ahead while the sampler samples (test_starting). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"
#include "rows_fixture.h"
#include "tmpdir.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "jobs/lines.h"
#include "jobs/output.h"
#include "counters/counters.h"
#include "experiment/experiment.h"
#include "ladder/ladder.h"
#include "plan/plan.h"
#include "results/results.h"

static char tmpdir[] = "/tmp/culab-test-stalls-XXXXXX";

static int setup(void **state)
{
	(void)state;
	setenv("CULAB_CACHE_DIR", "off", 1);
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(remove_tree(tmpdir), 0);
	return 0;
}

static const char *const counts[] = { "inst_executed", "global_sectors" };
static const char *const stalls[] = { "stall_barrier",
				      "stall_long_scoreboard" };

/* A child's counts: lines 10 and 12 of kernels/k.cu and one without a
 * line, of function _Z1Av. */
static void count_lines(struct source_lines *l)
{
	static const double a0[] = { 100, 0 }, a1[] = { 200, 400 },
			    a2[] = { 100, 8 };
	const struct lines_pc pcs[] = {
		{ "_Z1Av", 0x00, "kernels/k.cu", 10, a0 },
		{ "_Z1Av", 0x10, "kernels/k.cu", 12, a1 },
		{ "_Z1Av", 0x20, NULL, 0, a2 },
	};
	const struct lines_launch_rec launches[] = { { "_Z1Av", 100 } };

	lines_aggregate(pcs, 3, counts, 2, launches, 1, l);
}

/* The sampling child's samples: line 12, line 11 (no counts there: an
 * instruction the SASS records lack) and a function the counts lack. */
static void stall_lines(struct source_lines *l)
{
	static const double s0[] = { 5, 70 }, s1[] = { 3, 0 }, s2[] = { 1, 1 };
	const struct lines_pc pcs[] = {
		{ "_Z1Av", 0x10, "kernels/k.cu", 12, s0 },
		{ "_Z1Av", 0x08, "kernels/k.cu", 11, s1 },
		{ "_Z1Bv", 0x00, "kernels/k.cu", 30, s2 },
	};

	lines_aggregate(pcs, 3, stalls, 2, NULL, 0, l);
}

static double at(const struct source_lines *l, int line, const char *metric)
{
	int m = source_lines_metric(l, metric);

	assert_true(m >= 0);
	for (size_t i = 0; i < l->kernels[0].nlines; i++)
		if (l->kernels[0].lines[i].line == line)
			return l->kernels[0].lines[i].values[m];
	fail_msg("no line %d", line);
	return NAN;
}

/* The samples join the counts as columns of their own, line by line; a
 * sampled line without counts is added in its place, a function the
 * counts lack is left out; merged twice, the samples add up. */
static void test_merge(void **state)
{
	struct source_lines c = { 0 }, s = { 0 };

	(void)state;
	count_lines(&c);
	stall_lines(&s);
	assert_int_equal(source_lines_merge(&c, &s), 1);
	assert_int_equal(c.nmetrics, 4);
	assert_string_equal(c.metrics[2], "stall_barrier");
	assert_string_equal(c.metrics[3], "stall_long_scoreboard");
	assert_int_equal(c.nkernels, 1);
	assert_int_equal(c.kernels[0].nlines, 4);
	/* in order: 10, 11, 12, then the line without a file */
	assert_int_equal(c.kernels[0].lines[0].line, 10);
	assert_int_equal(c.kernels[0].lines[1].line, 11);
	assert_int_equal(c.kernels[0].lines[2].line, 12);
	assert_null(c.kernels[0].lines[3].file);
	assert_int_equal(c.kernels[0].lines[1].pcs, 1);
	assert_true(at(&c, 11, "inst_executed") == 0);
	assert_true(at(&c, 11, "stall_barrier") == 3);
	assert_true(at(&c, 12, "inst_executed") == 200);
	assert_true(at(&c, 12, "stall_long_scoreboard") == 70);
	assert_true(at(&c, 10, "stall_barrier") == 0);
	/* the counts' launches are kept */
	assert_int_equal(c.launches, 1);
	assert_int_equal(c.kernels[0].nlaunches, 1);
	/* a second time: the columns are found, the samples added */
	assert_int_equal(source_lines_merge(&c, &s), 1);
	assert_int_equal(c.nmetrics, 4);
	assert_true(at(&c, 12, "stall_long_scoreboard") == 140);
	/* nothing into or from lines that say why there are none */
	source_lines_set_status(&s, "not sampled");
	assert_int_equal(source_lines_merge(&c, &s), 0);
	source_lines_release(&s);
	source_lines_release(&c);
}

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
	"    variants: [reduce_shared_static, reduce_first_add, "
	"reduce_shuffle]\n"
	"    types: [float]\n"
	"    sizes: [1024, 4096]\n";

/* A plan of a list of labels takes those and no other, a label that is
 * only the start of another's included. */
static void test_plan_list(void **state)
{
	char *yaml = xasprintf("%s/list.yaml", tmpdir);
	struct plan_options po = {
		.measurement = "e/reduce_shuffle/float/4096,"
			       "e/reduce_shared_static/float/4096",
		.no_device = true, .lines = true, .counters = true,
	};
	struct experiment_file f;
	struct plan p;
	size_t found = 0;

	(void)state;
	assert_int_equal(write_file_atomic(yaml, yaml_text, strlen(yaml_text)),
			 0);
	assert_int_equal(experiment_load(yaml, &f), 0);
	plan_build(&f, &po, &p);
	assert_int_equal(p.nms, 2);
	for (size_t i = 0; i < p.nstages; i++)
		for (size_t k = 0; k < p.stages[i].nms; k++) {
			const char *l = p.stages[i].ms[k].label;

			found++;
			assert_true(!strcmp(l, "e/reduce_shuffle/float/4096") ||
				    !strcmp(l, "e/reduce_shared_static/float/4096"));
			/* a child's measurements have their lines marked */
			assert_true(p.stages[i].ms[k].lines);
		}
	assert_int_equal(found, 2);
	plan_release(&p);
	/* "…/409" is no label of the file, nor the start of one */
	po.measurement = "e/reduce_shuffle/float/409";
	plan_build(&f, &po, &p);
	assert_int_equal(p.nms, 0);
	plan_release(&p);
	experiment_file_release(&f);
	free(yaml);
}

/* A stand-in for culab.  With --stalls-only it records "stalls LABELS",
 * waits (at most 10 s) until $STALLS_UNTIL_READY children said they are
 * ready where that is set, takes 0.3 s (or $STALLS_SLEEP), writes $STALLS_TEMPLATE (or fails where
 * $STALLS_FAIL is set) and records "stalls done"; else, where
 * $READY_SLEEP is set, it records "start", takes that long, says it is
 * ready ("r") and records "ready"; then it waits for its turn on
 * --lines-go's socket, records "LABEL MODE" (count, or nostalls with
 * --no-stalls) and writes $LINES_TEMPLATE. */
static const char fake_child[] =
	"#!/bin/bash\n"
	"label=; dir=; go=; mode=count\n"
	"while [ $# -gt 0 ]; do\n"
	"  case $1 in\n"
	"  --measurement) label=$2; shift ;;\n"
	"  --lines-go) go=$2; shift ;;\n"
	"  -o) dir=$2; shift ;;\n"
	"  --stalls-only) mode=stalls ;;\n"
	"  --no-stalls) mode=nostalls ;;\n"
	"  esac\n"
	"  shift\n"
	"done\n"
	"if [ $mode = stalls ]; then\n"
	"  echo \"stalls $label\" >>\"$LINES_CALLS\"\n"
	"  if [ -n \"${STALLS_UNTIL_READY:-}\" ]; then\n"
	"    for i in $(seq 200); do\n"
	"      [ \"$(grep -c '^ready$' \"$LINES_CALLS\")\" -ge \"$STALLS_UNTIL_READY\" ] && break\n"
	"      sleep 0.05\n"
	"    done\n"
	"  fi\n"
	"  sleep ${STALLS_SLEEP:-0.3}\n"
	"  if [ -n \"${STALLS_FAIL:-}\" ]; then\n"
	"    echo 'culab: error: no sampler here' >&2; exit 1\n"
	"  fi\n"
	"  cp \"$STALLS_TEMPLATE\" \"$dir/results.json\"\n"
	"  echo 'stalls done' >>\"$LINES_CALLS\"\n"
	"  exit 0\n"
	"fi\n"
	"if [ -n \"${READY_SLEEP:-}\" ]; then\n"
	"  echo start >>\"$LINES_CALLS\"; sleep \"$READY_SLEEP\"\n"
	"  echo ready >>\"$LINES_CALLS\"; printf r >&\"$go\"\n"
	"fi\n"
	"if [ -n \"$go\" ]; then\n"
	"  w=; read -r -n 1 -u \"$go\" w\n"
	"  [ \"$w\" = g ] || exit 5\n"
	"fi\n"
	"echo \"$label $mode\" >>\"$LINES_CALLS\"\n"
	"cp \"$LINES_TEMPLATE\" \"$dir/results.json\"\n"
	"[ -z \"$go\" ] || printf c >&\"$go\"\n"
	"[ -z \"$go\" ] || printf d >&\"$go\"\n";

/* The marked rows of yaml_text (each rung at 4096), with counters. */
static void marked_rows(struct results *r)
{
	results_start(r);
	r->env.gpu_uuid = xstrdup("GPU-8b7e9931-8c3e-d511-f1ba-bcf7e042b503");
	row_add(r, "reduce_shared_static", 4096);
	row_add(r, "reduce_first_add", 4096);
	row_add(r, "reduce_shuffle", 4096);
}

/* dir/name/results.json of the rows `make` fills; its path. */
static char *template(const char *name, bool sampled)
{
	char *dir = xasprintf("%s/%s", tmpdir, name), *path;
	struct results r;

	if (sampled) {
		marked_rows(&r);
		for (size_t i = 0; i < r.nrows; i++)
			stall_lines(&r.rows[i].lines);
	} else {
		results_start(&r);
		row_add(&r, "reduce_shuffle", 4096);
		count_lines(&r.rows[0].lines);
	}
	mkdir(dir, 0755);
	assert_int_equal(output_save(dir, &r), 0);
	results_release(&r);
	path = xasprintf("%s/results.json", dir);
	free(dir);
	return path;
}

/* One sampling child for the three marked rows, started first; no
 * per-line child measures before it ended, each is told not to sample;
 * the rows have their counts and their samples, in the saved file too.
 * Sampled by default (CULAB_STALLS unset, or "on"); with
 * CULAB_STALLS=off, or when the sampling child fails, the counts come
 * alone (a note says why the samples did not). */
static void test_sampling_child(void **state)
{
	char *yaml = xasprintf("%s/small.yaml", tmpdir);
	char *exe = xasprintf("%s/fake-culab", tmpdir);
	char *calls = xasprintf("%s/calls", tmpdir);
	char *outdir = xasprintf("%s/out", tmpdir);
	char *counted = template("counted", false);
	char *sampled = template("sampled", true);
	struct lines_options o = { .file = yaml, .outdir = outdir, .exe = exe,
				   .timeout = 20, .device = 0 };
	struct experiment_file f;
	struct results r, back;
	struct capture c;
	char *text = NULL, *saved;
	size_t len;

	(void)state;
	assert_int_equal(write_file_atomic(yaml, yaml_text, strlen(yaml_text)),
			 0);
	assert_int_equal(write_file_atomic(exe, fake_child, strlen(fake_child)),
			 0);
	assert_int_equal(chmod(exe, 0755), 0);
	setenv("LINES_CALLS", calls, 1);
	setenv("LINES_TEMPLATE", counted, 1);
	setenv("STALLS_TEMPLATE", sampled, 1);
	unsetenv("CULAB_STALLS");       /* the default: sampled */
	assert_true(lines_stalls_wanted());
	assert_int_equal(experiment_load(yaml, &f), 0);
	mkdir(outdir, 0755);

	marked_rows(&r);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	free(c.buf);
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_string_equal(text,
		"stalls e/reduce_shared_static/float/4096,"
		"e/reduce_first_add/float/4096,e/reduce_shuffle/float/4096\n"
		"stalls done\n"
		"e/reduce_shared_static/float/4096 nostalls\n"
		"e/reduce_first_add/float/4096 nostalls\n"
		"e/reduce_shuffle/float/4096 nostalls\n");
	free(text);
	for (size_t i = 0; i < r.nrows; i++) {
		assert_null(r.rows[i].lines.status);
		assert_int_equal(r.rows[i].lines.nmetrics, 4);
		assert_true(at(&r.rows[i].lines, 12, "global_sectors") == 400);
		assert_true(at(&r.rows[i].lines, 12, "stall_long_scoreboard") ==
			    70);
	}
	saved = xasprintf("%s/results.json", outdir);
	assert_int_equal(results_read(saved, &back), 0);
	assert_true(at(&back.rows[2].lines, 11, "stall_barrier") == 3);
	results_release(&back);
	results_release(&r);

	/* the sampling child fails: the counts alone, and a note */
	unlink(calls);
	setenv("STALLS_FAIL", "1", 1);
	marked_rows(&r);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	assert_non_null(strstr(c.buf, "note: where warps wait was not "
			       "sampled: the per-line run ended with exit "
			       "status 1"));
	assert_non_null(strstr(c.buf, "no sampler here"));
	free(c.buf);
	for (size_t i = 0; i < r.nrows; i++) {
		assert_null(r.rows[i].lines.status);
		assert_int_equal(r.rows[i].lines.nmetrics, 2);
	}
	results_release(&r);
	unsetenv("STALLS_FAIL");

	/* not asked for: no sampling child, the children as they were */
	unlink(calls);
	setenv("CULAB_STALLS", "off", 1);
	assert_false(lines_stalls_wanted());
	marked_rows(&r);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	assert_null(strstr(text, "stalls"));
	assert_non_null(strstr(text, "e/reduce_shuffle/float/4096 count\n"));
	free(text);
	results_release(&r);

	unsetenv("CULAB_STALLS");
	experiment_file_release(&f);
	free(saved);
	free(yaml);
	free(exe);
	free(calls);
	free(outdir);
	free(counted);
	free(sampled);
}

static const char *const ten[] = {
	"reduce_global", "reduce_interleaved_divergent",
	"reduce_interleaved_strided", "reduce_shared_static",
	"reduce_shared_dynamic", "reduce_first_add", "reduce_unrolled",
	"reduce_warp_volatile", "reduce_shuffle", "reduce_grid_stride",
};

/* The per-line children of ten rows while the sampler samples (until
 * `ready` of them are ready, or 10 s) on a GPU of `mem` bytes: how many
 * started before it was done, and the most that were starting (not yet
 * ready) at once. */
static void starts_while_sampling(const char *dir, size_t mem, int ready,
				  int *before, int *most)
{
	char *yaml = xasprintf("%s/ten.yaml", dir);
	char *calls = xasprintf("%s/calls-ten", dir);
	char *outdir = xasprintf("%s/out-ten", dir);
	char *exe = xasprintf("%s/fake-culab", dir);
	struct lines_options o = { .file = yaml, .outdir = outdir, .exe = exe,
				   .timeout = 20, .device = 0 };
	struct sbuf text = SBUF_INIT;
	struct experiment_file f;
	struct results r;
	struct capture c;
	char *got = NULL, *line, *save = NULL;
	size_t len;
	int starting = 0, done = 0;

	sbuf_addf(&text, "version: 1\noutput: out\ndefaults:\n  warmup: 0\n"
		  "  repeats: 1\n  counters: [default]\nexperiments:\n"
		  "  - name: e\n    family: reduce\n    variants: [");
	for (size_t i = 0; i < ARRAY_SIZE(ten); i++)
		sbuf_addf(&text, "%s%s", i ? ", " : "", ten[i]);
	sbuf_addf(&text, "]\n    types: [float]\n    sizes: [4096]\n");
	assert_int_equal(write_file_atomic(yaml, text.buf, text.len), 0);
	assert_int_equal(write_file_atomic(exe, fake_child, strlen(fake_child)),
			 0);
	assert_int_equal(chmod(exe, 0755), 0);
	assert_int_equal(experiment_load(yaml, &f), 0);
	mkdir(outdir, 0755);
	unlink(calls);
	setenv("LINES_CALLS", calls, 1);
	sbuf_reset(&text);
	sbuf_addf(&text, "%d", ready);
	setenv("STALLS_UNTIL_READY", sbuf_str(&text), 1);
	results_start(&r);
	r.env.global_mem_bytes = mem;
	for (size_t i = 0; i < ARRAY_SIZE(ten); i++)
		row_add(&r, ten[i], 4096);
	capture_start(&c);
	assert_int_equal(lines_run(&f, &o, &r), EXIT_OK);
	capture_stop(&c);
	free(c.buf);
	for (size_t i = 0; i < r.nrows; i++)
		assert_null(r.rows[i].lines.status);
	assert_int_equal(read_file(calls, 1 << 16, &got, &len), 0);
	*before = *most = 0;
	for (line = strtok_r(got, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strcmp(line, "start")) {
			*before += !done;
			if (++starting > *most)
				*most = starting;
		} else if (!strcmp(line, "ready")) {
			starting--;
		} else if (!strcmp(line, "stalls done")) {
			done = 1;
		} else if (!done && strncmp(line, "stalls ", 7)) {
			fail_msg("a turn before the sampler was done: %s",
				 line);
		}
	}
	if (getenv("SHOW_CALLS")) {
		char *again = NULL;

		read_file(calls, 1 << 16, &again, &len);
		fprintf(stderr, "%s", again);
		free(again);
	}
	free(got);
	results_release(&r);
	experiment_file_release(&f);
	sbuf_release(&text);
	free(yaml);
	free(calls);
	free(outdir);
	free(exe);
}

/* On one GPU the children start two at a time (the driver makes one
 * CUDA context at a time), and while the sampler samples more than the
 * usual six are started ahead, as many as fit in half the GPU's
 * memory; none takes its turn before the sampler is done. */
static void test_starting(void **state)
{
	char *counted = template("counted", false);
	char *sampled = template("sampled", true);
	int before, most;

	(void)state;
	setenv("LINES_TEMPLATE", counted, 1);
	setenv("STALLS_TEMPLATE", sampled, 1);
	/* the sampler ends once that many are ready (or after 10 s), and
	 * 0.2 s later: the test waits for the children, not for a time */
	setenv("STALLS_SLEEP", "0.2", 1);
	setenv("READY_SLEEP", "0.05", 1);
	setenv("CULAB_STALLS", "on", 1);
	starts_while_sampling(tmpdir, (size_t)80 << 30, 2 + LINES_AHEAD_SAMPLING,
			      &before, &most);
	assert_true(most <= LINES_STARTING_ONE);
	assert_true(before > 1 + LINES_AHEAD_SAMPLING);
	/* a GPU of 2 GiB holds no more than the usual ahead */
	starts_while_sampling(tmpdir, (size_t)2 << 30, 1 + LINES_AHEAD_SAMPLING,
			      &before, &most);
	assert_true(most <= LINES_STARTING_ONE);
	assert_int_equal(before, 1 + LINES_AHEAD_SAMPLING);
	unsetenv("STALLS_UNTIL_READY");
	unsetenv("STALLS_SLEEP");
	unsetenv("READY_SLEEP");
	unsetenv("CULAB_STALLS");
	free(counted);
	free(sampled);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_plan_list),
		cmocka_unit_test(test_sampling_child),
		cmocka_unit_test(test_starting),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
