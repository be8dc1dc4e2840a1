/* test_rerun_cli.c - `culab rerun` as a user meets it, up to the point
 * where it needs a GPU (this suite has none: the run itself is `make
 * test-gpu`'s, on the GPU machine): the results it reruns, the sources
 * they recorded checked against their SHA-256, a tampered one refused,
 * no GPU said with its exit status.
 *
 * The results are real recorded runs on an H100
 * (tests/fixtures/recorded-2026-11-22/exercise-h100 and quick).  The only
 * synthetic data is the exercise results with the kernels' sources'
 * text added, as a culab that records them would write (test data, not
 * a measurement).
 *
 * Runs the binary named by $CULAB (default build/culab) from the
 * repository root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli_run.h"

#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/exitcode.h"
#include "base/hash.h"
#include "results/results.h"
#include "base/util.h"
#include "report_check.h"
#include "compare_cli_fixture.h"

#define EXERCISE "tests/fixtures/recorded-2026-11-22/exercise-h100/results.json"
#define QUICK "tests/fixtures/recorded-2026-11-22/quick/results.json"

/* ---- rerun ------------------------------------------------------------------- */

/* The exercise results with their kernels' sources recorded, as a culab
 * that records them writes: test data built from a real file.  `tamper`
 * changes a recorded source (or with 2 the experiment text) after its
 * SHA-256 was taken.  Returns the path (heap). */
static char *exercise_with_sources(const char *dir, int tamper)
{
	struct results r;
	char *path = xasprintf("%s/exercise-%d.json", dir, tamper), *json;

	assert_int_equal(results_read(EXERCISE, &r), 0);
	for (size_t i = 0; i < r.nvariants; i++) {
		struct variant *v = r.variants[i];
		char *colon, *file, *text, sha[65];

		if (!(v->flags & VF_USER))
			continue;
		colon = strchr(v->source, ':');
		file = xstrndup(v->source, (size_t)(colon - v->source));
		text = slurp(file, NULL);
		assert_non_null(text);
		assert_int_equal(sha256_hex(text, strlen(text), sha), 0);
		if (tamper == 1)
			text[0] = 'X';
		v->source_file = file;
		v->source_text = text;
		v->source_sha256 = xstrdup(sha);
	}
	if (tamper == 2) {
		char *t = xasprintf("%s# edited\n", r.source_text);

		free(r.source_text);
		r.source_text = t;
	}
	json = json_results_encode(&r);
	assert_int_equal(write_file_atomic(path, json, strlen(json)), 0);
	free(json);
	results_release(&r);
	return path;
}

/* Results of one experiment file `yaml` recorded at `yaml_path`, naming
 * one user kernel recorded as `file` with the text of `real`: test data
 * shaped like a run's record, not a measurement.  Returns the path of the
 * results written into dir (heap). */
static char *one_kernel_results(const char *dir, const char *yaml_path,
				const char *yaml, const char *file,
				const char *real)
{
	struct results r = { 0 };
	struct variant v = {
		.name = "reduce_modulo.reduce_modulo", .family = FAMILY_REDUCE,
		.title = "t", .dtypes = DTYPE_ALL, .flags = VF_USER | VF_BLOCK,
		.block_default = 256, .block_min = 1, .block_max = 1024,
		.source_file = file,
	};
	struct result_row *w;
	char sha[65], tsha[65], *text = slurp(real, NULL), *json;
	char *path = xasprintf("%s/one-kernel.json", dir);

	assert_non_null(text);
	assert_int_equal(sha256_hex(text, strlen(text), sha), 0);
	assert_int_equal(sha256_hex(yaml, strlen(yaml), tsha), 0);
	v.source = xasprintf("%s:reduce_modulo", file);
	v.source_text = text;
	v.source_sha256 = sha;
	r.schema_version = 2;
	r.culab_version = xstrdup("test");
	r.status = xstrdup("complete");
	r.source_path = xstrdup(yaml_path);
	r.source_text = xstrdup(yaml);
	r.source_sha256 = xstrdup(tsha);
	results_add_variant(&r, &v);
	w = results_add_row(&r);
	w->experiment = xstrdup("mine");
	w->family = xstrdup("reduce");
	w->variant = xstrdup(v.name);
	w->dtype = xstrdup("float");
	w->n = 1024;
	w->m = 1;
	w->block = 256;
	w->status = ROW_OK;
	w->verified = true;
	json = json_results_encode(&r);
	assert_non_null(json);
	assert_int_equal(write_file_atomic(path, json, strlen(json)), 0);
	free(json);
	free((char *)v.source);
	free(text);
	results_release(&r);
	return path;
}

/* A source named with ".." finds under DIR the directories it climbs
 * (the experiment goes to DIR at its recorded path); one above the
 * directory the recorded run started in is refused. */
static void test_rerun_climbing(void **state)
{
	static const char yaml[] =
		"experiments:\n"
		"  - name: mine\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    sizes: [1024]\n"
		"    kernels:\n"
		"      - source: ../../k/reduce_modulo.cu\n"
		"        function: reduce_modulo\n"
		"        finish: host\n"
		"        block: 256\n"
		"        shared: \"block * acc\"\n";
	const char *real = "experiments/examples/exercise/reduce_modulo.cu";
	char *dir = scratch_for("compare-cli"), *out = xasprintf("%s/out", dir), *got, *want;
	char *res = one_kernel_results(dir, "sub/dir/mine.yaml", yaml,
				       "sub/dir/../../k/reduce_modulo.cu", real);
	struct out o;

	(void)state;
	o = run_in("/tmp", ARGS("rerun", "-q", "-o", out, res));
	if (o.status != EXIT_NO_GPU)
		fail_msg("exit %d (want 3): %s", o.status, o.err);
	got = slurp_at(out, "k/reduce_modulo.cu");
	want = slurp(real, NULL);
	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
	got = slurp_at(out, "sub/dir/mine.yaml");
	assert_string_equal(got, yaml);
	free(got);
	free(want);
	out_free(&o);
	free(res);
	res = one_kernel_results(dir, "mine.yaml", yaml, "../k/reduce_modulo.cu",
				 real);
	expect_in("/tmp", ARGS("rerun", "-q", "-o", out, res), EXIT_USAGE, NULL,
		  "cannot rerun: the experiment names kernel source "
		  "\"../k/reduce_modulo.cu\", which lies above the directory "
		  "the recorded run started in");
	free(res);
	scratch_done(dir);
	free(out);
}

static void test_rerun_no_gpu(void **state)
{
	char *dir = scratch_for("compare-cli"), *out = xasprintf("%s/quick", dir), *yaml, *want;
	struct out o;

	(void)state;
	/* everything up to the run, then exit 3 as `run` does */
	o = run_in(NULL, ARGS("rerun", "-q", "-o", out, QUICK));
	if (o.status != EXIT_NO_GPU)
		fail_msg("exit %d (want 3): %s", o.status, o.err);
	assert_non_null(strstr(o.err, "no usable GPU"));
	yaml = slurp_at(out, "experiments/quick.yaml");
	/* the recorded text, byte for byte: the fixture's, not
	 * experiments/quick.yaml as it is now (its repeats went from 5 to
	 * 10 after the recording) */
	{
		struct results rec;

		assert_int_equal(results_read(QUICK, &rec), 0);
		assert_non_null(rec.source_text);
		assert_non_null(strstr(rec.source_text, "  repeats: 5\n"));
		assert_string_equal(yaml, rec.source_text);
		results_release(&rec);
	}
	want = slurp("experiments/quick.yaml", NULL);
	assert_string_not_equal(yaml, want);
	free(yaml);
	free(want);
	out_free(&o);
	/* without -o: nothing beside the record (its rerun/ would be a
	 * stray folder in a repository) */
	{
		char *copy = xasprintf("%s/results.json", dir);
		char *beside = xasprintf("%s/rerun", dir);
		char *text = slurp(QUICK, NULL);

		assert_int_equal(write_file_atomic(copy, text, strlen(text)),
				 0);
		expect(ARGS("rerun", "-q", copy), EXIT_NO_GPU, NULL,
		       "nothing written (with -o DIR");
		if (access(beside, F_OK) == 0)
			fail_msg("a rerun without a GPU left %s", beside);
		free(text);
		free(beside);
		free(copy);
	}
	scratch_done(dir);
	free(out);
}

static void test_rerun_sources(void **state)
{
	char *dir = scratch_for("compare-cli"), *out = xasprintf("%s/out", dir), *abs, *src, *got;
	char *fresh, *ok = exercise_with_sources(dir, 0);
	char *bad_src = exercise_with_sources(dir, 1);
	char *bad_yaml = exercise_with_sources(dir, 2);
	char *exercise = realpath(EXERCISE, NULL);
	struct out o;

	(void)state;
	/* recorded copies: written under DIR where the experiment names
	 * them, from anywhere (here /tmp, where the recorded paths do not
	 * exist) */
	o = run_in("/tmp", ARGS("rerun", "-q", "-o", out, ok));
	if (o.status != EXIT_NO_GPU)
		fail_msg("exit %d (want 3): %s", o.status, o.err);
	assert_null(strstr(o.err, "warning"));
	src = slurp("experiments/examples/exercise/reduce_shfl.cu", NULL);
	got = slurp_at(out, "experiments/examples/exercise/reduce_shfl.cu");
	assert_non_null(got);
	assert_string_equal(got, src);
	free(src);
	free(got);
	out_free(&o);
	/* a recorded copy that does not match its SHA-256 */
	expect_in("/tmp", ARGS("rerun", "-q", "-o", out, bad_src), EXIT_USAGE,
		  NULL, "the recorded text of kernel source \"experiments/"
		  "examples/exercise/reduce_modulo.cu\" does not match its "
		  "SHA-256");
	expect_in("/tmp", ARGS("rerun", "-q", "-o", out, bad_yaml), EXIT_USAGE,
		  NULL, "the recorded experiment text does not match its "
		  "SHA-256 (the file was edited)");
	/* a rerun refused leaves no directory it made (nor its parents) */
	fresh = xasprintf("%s/fresh/out", dir);
	expect_in("/tmp", ARGS("rerun", "-q", "-o", fresh, bad_src), EXIT_USAGE,
		  NULL, "does not match its SHA-256");
	fresh[strlen(fresh) - strlen("/out")] = '\0';
	if (access(fresh, F_OK) == 0)
		fail_msg("a refused rerun left %s behind", fresh);
	free(fresh);
	/* no copies (results of an older culab): the files at the recorded
	 * paths, with a warning, or a refusal naming every one missing */
	expect(ARGS("rerun", "-q", "-o", out, EXERCISE), EXIT_NO_GPU, NULL,
	       "warning: tests/fixtures/recorded-2026-11-22/exercise-h100/results.json: no copy of "
	       "kernel source \"experiments/examples/exercise/reduce_modulo.cu\"");
	abs = xasprintf("%s/nowhere", out);
	expect_in("/tmp", ARGS("rerun", "-q", "-o", abs, exercise), EXIT_USAGE,
		  NULL, "cannot rerun: kernel sources experiments/examples/"
		  "exercise/reduce_modulo.cu, experiments/examples/exercise/"
		  "reduce_shfl.cu, experiments/examples/exercise/"
		  "transpose_tile.cu are neither recorded in it nor found at "
		  "their recorded paths");
	free(abs);
	free(exercise);
	free(ok);
	free(bad_src);
	free(bad_yaml);
	scratch_done(dir);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rerun_no_gpu),
		cmocka_unit_test(test_rerun_sources),
		cmocka_unit_test(test_rerun_climbing),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
