/* test_instrumented.c - the parent's side of counters by instrumentation
 * (jobs/instrumented.h), without a GPU: with a stand-in for culab, a run
 * whose hardware counters were refused starts one child for the rows the
 * refusal left without counters, gives it the Compute Sanitizer's
 * library, and takes its counters into those rows and into the saved
 * file; nothing starts when nothing was refused, when it is turned off
 * or the library is not found (a note says so); a child that fails
 * leaves the rows as they were, with a note.  The counting itself is
 * tests/gpu/instrumented.sh's. */
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

#include "base/exitcode.h"
#include "base/util.h"
#include "experiment/experiment.h"
#include "jobs/instrumented.h"
#include "jobs/output.h"

static char *tmpdir;

static int setup(void **state)
{
	char tmpl[] = "/tmp/culab-test-instrumented.XXXXXX";

	(void)state;
	tmpdir = xstrdup(mkdtemp(tmpl));
	setenv("CULAB_CACHE_DIR", "off", 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (remove_tree(tmpdir) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	free(tmpdir);
	return 0;
}

/* A stand-in for culab: records its arguments, then writes
 * $INSTR_TEMPLATE as its results (or fails where $INSTR_FAIL is set). */
static const char fake_child[] =
	"#!/bin/sh\n"
	"echo \"$*\" >>\"$INSTR_CALLS\"\n"
	"dir=\n"
	"while [ $# -gt 0 ]; do\n"
	"  [ \"$1\" = -o ] && dir=$2\n"
	"  shift\n"
	"done\n"
	"if [ -n \"${INSTR_FAIL:-}\" ]; then\n"
	"  echo 'culab: error: no sanitizer here' >&2; exit 1\n"
	"fi\n"
	"cp \"$INSTR_TEMPLATE\" \"$dir/results.json\"\n";

#define REFUSED "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES -- run culab as root"

static const char yaml_text[] =
	"version: 1\n"
	"experiments:\n"
	"  - name: e\n"
	"    family: reduce\n"
	"    variants: [reduce_shared_static, reduce_shuffle, reduce_cpu]\n"
	"    types: [float]\n"
	"    sizes: [1024, 4096]\n";

/* Two GPU rows whose counters were refused (refused: the run says so),
 * and one that runs on the CPU. */
static void refused_rows(struct results *r, bool refused)
{
	results_start(r);
	if (refused)
		r->counters_refusal = xstrdup("COUNTERS_PERMISSION");
	row_add(r, "reduce_shared_static", 4096);
	row_add(r, "reduce_shuffle", 4096);
	row_add(r, "reduce_cpu", 4096);
	for (size_t i = 0; i < r->nrows; i++) {
		struct result_row *w = &r->rows[i];

		for (size_t k = 0; k < w->nkernels; k++)
			kernel_counters_release(&w->kernels[k]);
		free(w->kernels);
		w->kernels = NULL;
		w->nkernels = 0;
		w->counters_status = xstrdup(i < 2 ? REFUSED :
			"not applicable: runs on the CPU");
	}
}

/* The child's results: the two GPU rows with instrumented columns. */
static char *template(void)
{
	char *dir = xasprintf("%s/child", tmpdir), *path;
	struct results r;

	results_start(&r);
	r.counters_method = xstrdup("instrumented: test");
	row_add(&r, "reduce_shared_static", 4096);
	row_add(&r, "reduce_shuffle", 4096);
	for (size_t i = 0; i < r.nrows; i++) {
		struct result_row *w = &r.rows[i];

		w->ncolumns = 2;
		w->columns = xcalloc(2, sizeof(*w->columns));
		w->columns[0].name = xstrdup("gld_efficiency_pct");
		w->columns[0].value = 100.0 - (double)i;
		w->columns[1].name = xstrdup("dram_read_bytes");
		w->columns[1].value = NAN;
		w->columns[1].missing = xstrdup("refused (not counted: "
						"dram__bytes_read.sum)");
	}
	mkdir(dir, 0755);
	assert_int_equal(output_save(dir, &r), 0);
	results_release(&r);
	path = xasprintf("%s/results.json", dir);
	free(dir);
	return path;
}

static void test_child(void **state)
{
	char *exe = xasprintf("%s/fake-culab", tmpdir);
	char *calls = xasprintf("%s/calls", tmpdir);
	char *outdir = xasprintf("%s/out", tmpdir);
	char *yaml = xasprintf("%s/x.yaml", tmpdir);
	char *tmpl = template(), *saved, *text = NULL, *want;
	struct lines_options o = { .file = yaml, .outdir = outdir,
				   .exe = exe, .timeout = 20, .device = 0 };
	struct experiment_file f;
	struct results r, back;
	struct capture c;
	size_t len;
	struct stat st;

	(void)state;
	assert_int_equal(write_file_atomic(exe, fake_child, strlen(fake_child)),
			 0);
	assert_int_equal(chmod(exe, 0755), 0);
	setenv("INSTR_CALLS", calls, 1);
	setenv("INSTR_TEMPLATE", tmpl, 1);
	setenv("CULAB_SANITIZER_LIB", exe, 1);   /* any readable file */
	mkdir(outdir, 0755);
	assert_int_equal(write_file_atomic(yaml, yaml_text, strlen(yaml_text)),
			 0);
	assert_int_equal(experiment_load(yaml, &f), 0);

	refused_rows(&r, true);
	capture_start(&c);
	assert_int_equal(instrumented_run(&f, &o, &r), 0);
	capture_stop(&c);
	assert_non_null(strstr(c.buf, "note: counted by instrumentation (the "
			       "hardware counters were refused): the counters "
			       "of 2 of 2 measurements"));
	free(c.buf);
	assert_int_equal(read_file(calls, 4096, &text, &len), 0);
	want = xasprintf("run --quiet --no-report --profile-only --instrumented "
			 "%s --device 0 --measurement e/reduce_shared_static/"
			 "float/4096,e/reduce_shuffle/float/4096 -o %s/.lines/"
			 "gpu-0-instrumented %s\n", exe, outdir, yaml);
	assert_string_equal(text, want);
	free(want);
	free(text);
	for (size_t i = 0; i < 2; i++) {
		assert_null(r.rows[i].counters_status);
		assert_int_equal(r.rows[i].ncolumns, 2);
		assert_true(r.rows[i].columns[0].value == 100.0 - (double)i);
		assert_non_null(strstr(r.rows[i].columns[1].missing,
				       "not counted: dram__bytes_read.sum"));
	}
	assert_string_equal(r.rows[2].counters_status,
			    "not applicable: runs on the CPU");
	assert_string_equal(r.counters_method, "instrumented: test");
	saved = xasprintf("%s/results.json", outdir);
	assert_int_equal(results_read(saved, &back), 0);
	assert_string_equal(back.counters_refusal, "COUNTERS_PERMISSION");
	assert_int_equal(back.rows[1].ncolumns, 2);
	results_release(&back);
	results_release(&r);
	/* the child's folder is gone */
	want = xasprintf("%s/.lines/gpu-0-instrumented", outdir);
	assert_int_equal(stat(want, &st), -1);
	free(want);

	/* nothing refused, or turned off: no child */
	unlink(calls);
	refused_rows(&r, false);
	assert_int_equal(instrumented_run(&f, &o, &r), 0);
	results_release(&r);
	setenv("CULAB_INSTRUMENTED", "off", 1);
	refused_rows(&r, true);
	assert_int_equal(instrumented_run(&f, &o, &r), 0);
	results_release(&r);
	unsetenv("CULAB_INSTRUMENTED");
	assert_int_equal(access(calls, F_OK), -1);

	/* the library not found: a note, no child */
	setenv("CULAB_SANITIZER_LIB", "/nonexistent/libsanitizer-public.so", 1);
	refused_rows(&r, true);
	capture_start(&c);
	assert_int_equal(instrumented_run(&f, &o, &r), 0);
	capture_stop(&c);
	assert_non_null(strstr(c.buf, "was not found: set CULAB_SANITIZER_LIB"));
	free(c.buf);
	assert_string_equal(r.rows[0].counters_status, REFUSED);
	results_release(&r);
	assert_int_equal(access(calls, F_OK), -1);

	/* the child fails: the rows as they were, and why */
	setenv("CULAB_SANITIZER_LIB", exe, 1);
	setenv("INSTR_FAIL", "1", 1);
	refused_rows(&r, true);
	capture_start(&c);
	assert_int_equal(instrumented_run(&f, &o, &r), 0);
	capture_stop(&c);
	assert_non_null(strstr(c.buf, "the counters were not counted by "
			       "instrumentation either"));
	assert_non_null(strstr(c.buf, "no sanitizer here"));
	free(c.buf);
	assert_string_equal(r.rows[1].counters_status, REFUSED);
	assert_int_equal(r.rows[1].ncolumns, 0);
	results_release(&r);
	unsetenv("INSTR_FAIL");
	unsetenv("CULAB_SANITIZER_LIB");

	experiment_file_release(&f);
	free(yaml);
	free(saved);
	free(tmpl);
	free(exe);
	free(calls);
	free(outdir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_child),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
