/* test_experiment.c - the experiment-file loader: valid files become the
 * exact structs expected, sizes parse and expand as documented, and files
 * that cannot be read fail with one clear line.  Golden bad files are in
 * test_bad_files.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "experiment/experiment.h"
#include "base/hash.h"
#include "counters/counters.h"
#include "ladder/ladder.h"
#include "base/util.h"

/* ---- checking diagnostics ---------------------------------------------- */

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* Loads `text` from memory as `path`; asserts success and no output. */
static void load_ok(const char *path, const char *text,
		    struct experiment_file *f)
{
	struct capture c;
	int rc;

	capture_start(&c);
	rc = experiment_load_buffer(path, text, strlen(text), f);
	capture_stop(&c);
	if (rc != 0)
		fail_msg("%s did not load:\n%s", path, c.buf);
	assert_string_equal(c.buf ? c.buf : "", "");
	capture_free(&c);
}

/* Loads `text`, asserts failure, and returns the diagnostics (free()). */
static char *load_fail(const char *path, const char *text)
{
	struct experiment_file f;
	struct capture c;
	int rc;

	capture_start(&c);
	rc = experiment_load_buffer(path, text, strlen(text), &f);
	capture_stop(&c);
	assert_int_equal(rc, -1);
	/* On failure there is nothing to release, and releasing is safe. */
	assert_null(f.exps);
	assert_int_equal(f.nexps, 0);
	experiment_file_release(&f);
	return c.buf ? c.buf : strdup("");
}

static const struct variant *v(const char *name)
{
	const struct variant *r = registry_find(name);

	assert_non_null(r);
	return r;
}

/* ---- valid files -------------------------------------------------------------- */

static const char full_text[] =
	"# every key\n"
	"version: 1\n"
	"output: results/full\n"
	"defaults:\n"
	"  types: [double, int, double]\n"
	"  warmup: 0\n"
	"  repeats: 5\n"
	"  seed: 18446744073709551615\n"
	"  l2_flush: false\n"
	"  block: 512\n"
	"experiments:\n"
	"  - name: red.ladder_1\n"
	"    description: \"two rungs\"\n"
	"    description_zh: 两级\n"
	"    family: reduce\n"
	"    variants: [reduce_shared_dynamic, reduce_global, reduce_global]\n"
	"    sizes: [2^20, \"1e6\", 4Mi, 1048576, {from: 2^10, to: 5000, times: 2}]\n"
	"    block: [128, 64, 128]\n"
	"    counters: [gpu__time_duration.sum, dram__bytes_read.sum]\n"
	"  - name: tr\n"
	"    family: transpose\n"
	"    variants: [transpose_naive, transpose_copy]\n"
	"    types: float\n"
	"    sizes: [1024, \"1024 x 2048\", \"2Ki*512\", \"1024X1024\",\n"
	"            {from: 1000, to: 3500, plus: 1000}]\n"
	"    repeats: 100000\n"
	"    l2_flush: true\n";

static void test_full_file(void **state)
{
	struct experiment_file f;
	const struct experiment *e;
	char sha[65];

	(void)state;
	load_ok("dir/full.yaml", full_text, &f);
	assert_string_equal(f.path, "dir/full.yaml");
	assert_string_equal(f.output, "results/full");
	assert_int_equal(f.len, strlen(full_text));
	assert_memory_equal(f.text, full_text, f.len);
	assert_int_equal(sha256_hex(full_text, strlen(full_text), sha), 0);
	assert_string_equal(f.sha256, sha);
	assert_int_equal(f.nexps, 2);

	e = &f.exps[0];
	assert_string_equal(e->name, "red.ladder_1");
	assert_string_equal(e->description, "two rungs");
	assert_string_equal(e->description_zh, "两级");
	assert_int_equal(e->family, FAMILY_REDUCE);
	assert_false(e->variants_all);
	/* ladder (table) order, duplicates dropped */
	assert_int_equal(e->nvariants, 2);
	assert_ptr_equal(e->variants[0], v("reduce_global"));
	assert_ptr_equal(e->variants[1], v("reduce_shared_dynamic"));
	/* types from defaults: file order, duplicates dropped */
	assert_int_equal(e->ndtypes, 2);
	assert_int_equal(e->dtypes[0], DTYPE_DOUBLE);
	assert_int_equal(e->dtypes[1], DTYPE_INT);
	/* 2^20, 1e6, 4Mi, (1048576 again), 1024, 2048, 4096 */
	assert_int_equal(e->nsizes, 6);
	{
		static const uint64_t want[] = { 1048576, 1000000, 4194304,
						 1024, 2048, 4096 };

		for (size_t i = 0; i < 6; i++) {
			assert_int_equal(e->sizes[i].n, want[i]);
			assert_int_equal(e->sizes[i].m, 1);
		}
	}
	/* the experiment's own block replaces the default; order kept */
	assert_int_equal(e->nblocks, 2);
	assert_int_equal(e->blocks[0], 128);
	assert_int_equal(e->blocks[1], 64);
	assert_int_equal(e->warmup, 0);
	assert_int_equal(e->repeats, 5);
	assert_true(e->seed == UINT64_MAX);
	assert_false(e->l2_flush);
	assert_int_equal(e->ncounters, 2);
	assert_string_equal(e->counters[0], "gpu__time_duration.sum");
	assert_string_equal(e->counters[1], "dram__bytes_read.sum");
	assert_int_equal(e->nrows, 2 * 2 * 6 * 2);
	assert_int_equal(e->line, 12);
	assert_int_equal(e->col, 5);

	e = &f.exps[1];
	assert_string_equal(e->name, "tr");
	assert_string_equal(e->description, "");
	assert_string_equal(e->description_zh, "");
	assert_int_equal(e->family, FAMILY_TRANSPOSE);
	assert_false(e->variants_all);
	assert_int_equal(e->nvariants, 2);
	assert_ptr_equal(e->variants[0], v("transpose_copy"));
	assert_ptr_equal(e->variants[1], v("transpose_naive"));
	assert_int_equal(e->ndtypes, 1);
	assert_int_equal(e->dtypes[0], DTYPE_FLOAT);
	{
		static const struct shape want[] = {
			{ 1024, 1024 }, { 1024, 2048 }, { 2048, 512 },
			{ 1000, 1000 }, { 2000, 2000 }, { 3000, 3000 },
		};

		assert_int_equal(e->nsizes, ARRAY_SIZE(want));
		for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
			assert_int_equal(e->sizes[i].n, want[i].n);
			assert_int_equal(e->sizes[i].m, want[i].m);
		}
	}
	/* block 512 from defaults does not apply: these kernels take none */
	assert_int_equal(e->nblocks, 0);
	assert_int_equal(e->repeats, 100000);
	assert_true(e->l2_flush);
	assert_int_equal(e->nrows, 2 * 1 * 6);
	assert_int_equal(e->line, 20);
	experiment_file_release(&f);
	/* released twice is still safe */
	experiment_file_release(&f);
	assert_null(f.exps);
}

static void test_defaults(void **state)
{
	struct experiment_file f;
	const struct experiment *e;
	size_t nall, nred = 0;
	const struct variant *all = registry_all(&nall);

	(void)state;
	load_ok("some/where/min.yml",
		"experiments:\n- {name: m, family: reduce, sizes: 1Ki}\n", &f);
	assert_string_equal(f.output, "results/min");
	assert_int_equal(f.nexps, 1);
	e = &f.exps[0];
	assert_string_equal(e->description, "");
	assert_true(e->variants_all);
	/* every reduce variant, in table order */
	for (size_t i = 0; i < nall; i++) {
		if (all[i].family != FAMILY_REDUCE)
			continue;
		assert_true(nred < e->nvariants);
		assert_ptr_equal(e->variants[nred], &all[i]);
		nred++;
	}
	assert_int_equal(e->nvariants, nred);
	assert_int_equal(e->ndtypes, 1);
	assert_int_equal(e->dtypes[0], DTYPE_FLOAT);
	assert_int_equal(e->nsizes, 1);
	assert_int_equal(e->sizes[0].n, 1024);
	assert_int_equal(e->sizes[0].m, 1);
	assert_int_equal(e->nblocks, 0);
	assert_null(e->blocks);
	assert_int_equal(e->warmup, 3);
	assert_int_equal(e->repeats, 30);
	assert_true(e->seed == 1);
	assert_true(e->l2_flush);
	assert_int_equal(e->ncounters, 0);
	assert_int_equal(e->line, 2);
	assert_int_equal(e->col, 3);
	experiment_file_release(&f);

	/* An output stem without an extension, and one given explicitly. */
	load_ok("plain", "experiments: [{name: a, family: reduce, sizes: 1}]",
		&f);
	assert_string_equal(f.output, "results/plain");
	experiment_file_release(&f);
	load_ok("x.yaml", "output: out/r\nexperiments: "
		"[{name: a, family: reduce, sizes: 1}]", &f);
	assert_string_equal(f.output, "out/r");
	experiment_file_release(&f);
}

static void test_counters_default(void **state)
{
	struct experiment_file f;
	const struct experiment *e;
	size_t n;
	const char *const *set = metrics_default_set(&n);
	size_t want = 0;

	(void)state;
	/* "default" expands in place; a repeat of one of its names is
	 * dropped.  Raw metric names (with "__") are accepted as written. */
	load_ok("c.yaml", "experiments:\n"
		"- name: c\n  family: reduce\n  sizes: [1]\n"
		"  counters: [default, default, dram__bytes_write.sum]\n", &f);
	e = &f.exps[0];
	for (size_t i = 0; i < n; i++) {
		size_t j;

		for (j = 0; j < i; j++)
			if (strcmp(set[i], set[j]) == 0)
				break;
		if (j == i) {
			assert_true(want < e->ncounters);
			assert_string_equal(e->counters[want], set[i]);
			want++;
		}
	}
	assert_int_equal(e->ncounters, want + 1);
	assert_string_equal(e->counters[want], "dram__bytes_write.sum");
	experiment_file_release(&f);
}

static void test_aliases_and_defaults_shared(void **state)
{
	struct experiment_file f;

	(void)state;
	/* Anchors are fine when they stay small: both experiments get the
	 * same sizes. */
	load_ok("a.yaml",
		"experiments:\n"
		"  - name: one\n    family: reduce\n    sizes: &s [8, 2^4]\n"
		"  - name: two\n    family: reduce\n    sizes: *s\n", &f);
	assert_int_equal(f.nexps, 2);
	assert_int_equal(f.exps[1].nsizes, 2);
	assert_int_equal(f.exps[1].sizes[0].n, 8);
	assert_int_equal(f.exps[1].sizes[1].n, 16);
	experiment_file_release(&f);
}

/* The text is taken by length, not up to a NUL. */
static void test_buffer_not_terminated(void **state)
{
	static const char text[] =
		"experiments: [{name: a, family: reduce, sizes: 7}]JUNK";
	struct experiment_file f;
	struct capture c;
	int rc;

	(void)state;
	capture_start(&c);
	rc = experiment_load_buffer("b.yaml", text, strlen(text) - 4, &f);
	capture_stop(&c);
	assert_int_equal(rc, 0);
	assert_string_equal(c.buf ? c.buf : "", "");
	assert_int_equal(f.len, strlen(text) - 4);
	assert_int_equal(f.text[f.len], '\0');
	assert_int_equal(f.exps[0].sizes[0].n, 7);
	experiment_file_release(&f);
	capture_free(&c);
}

/* ---- errors that no golden file can hold ------------------------------------- */

static void test_error_limit(void **state)
{
	char text[4096] = "experiments:\n";
	char *out;

	(void)state;
	for (int i = 0; i < 30; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 "- {name: e%d, family: reduce, sizes: [0]}\n", i);
	out = load_fail("lim.yaml", text);
	assert_int_equal(count_lines(out), EXPERIMENT_MAX_ERRORS + 1);
	assert_non_null(strstr(out, "lim.yaml:2:38: error: invalid size \"0\": "
			       "must be at least 1\n"));
	assert_non_null(strstr(out, "lim.yaml: note: more errors were "
			       "suppressed (showing the first 20)\n"));
	free(out);
}

static void test_default_error_reported_once(void **state)
{
	char *out;

	(void)state;
	/* A bad default used by three experiments is one error, not three. */
	out = load_fail("d.yaml", "defaults: {repeats: 0}\nexperiments:\n"
			"- {name: a, family: reduce, sizes: 1}\n"
			"- {name: b, family: reduce, sizes: 1}\n"
			"- {name: c, family: reduce, sizes: 1}\n");
	assert_string_equal(out, "d.yaml:1:21: error: \"repeats\" must be an "
			    "integer from 1 to 100000, got 0\n");
	free(out);
}

static void test_one_line_errors(void **state)
{
	char *out;

	(void)state;
	/* A key with a newline in it still gives one line. */
	out = load_fail("n.yaml", "\"bad\\nkey\": 1\nexperiments: "
			"[{name: a, family: reduce, sizes: 1}]\n");
	assert_string_equal(out, "n.yaml:1:1: error: unknown key \"bad\\nkey\" "
			    "at top level (known: version, output, defaults, "
			    "experiments)\n");
	free(out);
}

static void test_too_large_buffer(void **state)
{
	size_t len = EXPERIMENT_MAX_FILE_BYTES + 1;
	char *big = malloc(len);
	struct experiment_file f;
	struct capture c;
	char want[128];

	(void)state;
	assert_non_null(big);
	memset(big, '#', len);
	capture_start(&c);
	assert_int_equal(experiment_load_buffer("big.yaml", big, len, &f), -1);
	capture_stop(&c);
	snprintf(want, sizeof(want), "big.yaml: error: the file is larger than "
		 "%u bytes (%zu)\n", EXPERIMENT_MAX_FILE_BYTES, len);
	assert_string_equal(c.buf, want);
	experiment_file_release(&f);
	capture_free(&c);
	free(big);
}

/* Files that cannot be read: too large, a directory, missing. */
static void test_unreadable_files(void **state)
{
	char dir[] = "/tmp/culab-test-XXXXXX", path[256], want[512];
	struct experiment_file f;
	struct capture c;
	FILE *fp;

	(void)state;
	assert_non_null(mkdtemp(dir));

	/* 10 MB of valid YAML comments: refused by size, not read whole. */
	snprintf(path, sizeof(path), "%s/big.yaml", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	for (int i = 0; i < 10 * 1024; i++) {
		char line[1024];

		memset(line, 'x', sizeof(line));
		line[0] = '#';
		line[sizeof(line) - 1] = '\n';
		assert_int_equal(fwrite(line, 1, sizeof(line), fp), sizeof(line));
	}
	assert_int_equal(fclose(fp), 0);
	capture_start(&c);
	assert_int_equal(experiment_load(path, &f), -1);
	capture_stop(&c);
	snprintf(want, sizeof(want), "culab: error: \"%s\" is larger than %u "
		 "bytes (%d)\n", path, EXPERIMENT_MAX_FILE_BYTES,
		 10 * 1024 * 1024);
	assert_string_equal(c.buf, want);
	assert_null(f.text);
	experiment_file_release(&f);
	capture_free(&c);
	assert_int_equal(unlink(path), 0);

	/* A directory. */
	capture_start(&c);
	assert_int_equal(experiment_load(dir, &f), -1);
	capture_stop(&c);
	snprintf(want, sizeof(want), "culab: error: \"%s\" is a directory, not "
		 "a regular file\n", dir);
	assert_string_equal(c.buf, want);
	experiment_file_release(&f);
	capture_free(&c);

	/* A file that does not exist. */
	snprintf(path, sizeof(path), "%s/missing.yaml", dir);
	capture_start(&c);
	assert_int_equal(experiment_load(path, &f), -1);
	capture_stop(&c);
	snprintf(want, sizeof(want), "culab: error: cannot open \"%s\": No such "
		 "file or directory\n", path);
	assert_string_equal(c.buf, want);
	experiment_file_release(&f);
	capture_free(&c);
	assert_int_equal(rmdir(dir), 0);
}

/* An alias bomb far beyond the golden one is refused at once. */
static void test_alias_bomb_fast(void **state)
{
	char text[8192] = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
	struct timespec t0, t1;
	char *out;
	double s;

	(void)state;
	for (int i = 1; i < 30; i++) {
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 "a%d: &a%d [", i, i);
		for (int k = 0; k < 10; k++)
			snprintf(text + strlen(text), sizeof(text) - strlen(text),
				 "%s*a%d", k ? ", " : "", i - 1);
		strcat(text, "]\n");
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	out = load_fail("bomb.yaml", text);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
	assert_true(s < 1.0);
	assert_non_null(strstr(out, "(an alias bomb?)"));
	assert_int_equal(count_lines(out), 1);
	free(out);
}

/* ---- size_parse, shape_parse, size_range_expand ------------------------------- */

static void test_size_parse(void **state)
{
	static const struct {
		const char *in;
		uint64_t want;       /* 0: expect failure */
		const char *why;     /* expected reason on failure */
	} cases[] = {
		{ "1048576", 1048576, NULL },
		{ "  42 ", 42, NULL },
		{ "007", 7, NULL },
		{ "2^20", 1u << 20, NULL },
		{ "2^36", 1ull << 36, NULL },
		{ "10^3", 1000, NULL },
		{ "1^99", 1, NULL },
		{ "1e6", 1000000, NULL },
		{ "1E6", 1000000, NULL },
		{ "25e+2", 2500, NULL },
		{ "4Mi", 4u << 20, NULL },
		{ "16Ki", 16u << 10, NULL },
		{ "1Gi", 1u << 30, NULL },
		{ "64Gi", 1ull << 36, NULL },
		{ "68719476736", 1ull << 36, NULL },
		{ "68719476737", 0, "more than 2^36 elements" },
		{ "2^37", 0, "more than 2^36 elements" },
		{ "2^64", 0, "more than 2^36 elements" },
		{ "2^99999999999999999999999", 0, "more than 2^36 elements" },
		{ "18446744073709551616", 0, "more than 2^36 elements" },
		{ "99999999999999999999e99", 0, "more than 2^36 elements" },
		{ "1e300", 0, "more than 2^36 elements" },
		{ "17179869184Ki", 0, "more than 2^36 elements" },
		{ "65Gi", 0, "more than 2^36 elements" },
		{ "0", 0, "must be at least 1" },
		{ "0e5", 0, "must be at least 1" },
		{ "-1", 0, "must be at least 1" },
		{ "", 0, "empty size" },
		{ "   ", 0, "empty size" },
		{ "1.5", 0, "not an integer" },
		{ "2.0", 0, "not an integer (write 2)" },
		{ "1.5e3", 0, "e-notation needs an integer mantissa (write 1500 "
			      "or 15e2)" },
		{ "1.50e3", 0, "e-notation needs an integer mantissa (write 1500 "
			       "or 15e2)" },
		{ "1.25e1", 0, "not an integer" },
		{ "1e-3", 0, "a negative exponent makes no integer size" },
		{ "4M", 0, "unknown suffix \"M\" (known: Ki, Mi, Gi)" },
		{ "4KB", 0, "unknown suffix \"KB\" (known: Ki, Mi, Gi)" },
		{ "abc", 0, "not a size (expected an integer, \"2^20\", \"1e6\" "
			    "or \"4Mi\")" },
		{ "1,000", 0, "not a size (expected an integer, \"2^20\", \"1e6\" "
			      "or \"4Mi\")" },
		{ "2^", 0, "not a size (expected an integer, \"2^20\", \"1e6\" "
			   "or \"4Mi\")" },
		{ "1e", 0, "not a size (expected an integer, \"2^20\", \"1e6\" "
			   "or \"4Mi\")" },
		{ "+5", 0, "not a size (expected an integer, \"2^20\", \"1e6\" "
			   "or \"4Mi\")" },
		{ "4 Mi", 0, "not a size (expected an integer, \"2^20\", \"1e6\" "
			     "or \"4Mi\")" },
		{ "0x10", 0, "not a size (expected an integer, \"2^20\", \"1e6\" "
			     "or \"4Mi\")" },
	};
	char why[256];

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		uint64_t n = 12345;
		int rc = size_parse(cases[i].in, &n, why, sizeof(why));

		if (cases[i].want) {
			if (rc != 0)
				fail_msg("size_parse(\"%s\") failed: %s",
					 cases[i].in, why);
			if (n != cases[i].want)
				fail_msg("size_parse(\"%s\") = %llu, want %llu",
					 cases[i].in, (unsigned long long)n,
					 (unsigned long long)cases[i].want);
		} else {
			if (rc != -1)
				fail_msg("size_parse(\"%s\") accepted: %llu",
					 cases[i].in, (unsigned long long)n);
			assert_int_equal(n, 12345); /* untouched on failure */
			assert_string_equal(why, cases[i].why);
		}
	}
}

static void test_shape_parse(void **state)
{
	static const struct {
		const char *in;
		uint64_t n, m;       /* n == 0: expect failure */
		const char *why;
	} cases[] = {
		{ "1024 x 2048", 1024, 2048, NULL },
		{ "1024x2048", 1024, 2048, NULL },
		{ "1024*2048", 1024, 2048, NULL },
		{ "3 X 5", 3, 5, NULL },
		{ "2^10 x 4Ki", 1024, 4096, NULL },
		{ "2^18 x 2^18", 1u << 18, 1u << 18, NULL },
		{ "1 x 2^36", 1, 1ull << 36, NULL },
		{ "2^18 x 262145", 0, 0, "262144 x 262145 is more than 2^36 "
					 "elements" },
		{ "2^36 x 2^36", 0, 0, "68719476736 x 68719476736 is more than "
				       "2^36 elements" },
		{ "1024", 0, 0, "not a shape (expected \"ROWS x COLS\")" },
		{ "1 x 2 x 3", 0, 0, "not a shape (expected \"ROWS x COLS\")" },
		{ "x 5", 0, 0, "rows: empty size" },
		{ "5 x", 0, 0, "columns: empty size" },
		{ "0 x 5", 0, 0, "rows: must be at least 1" },
		{ "5 x 1.5", 0, 0, "columns: not an integer" },
	};
	char why[256];

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct shape sh = { 7, 7 };
		int rc = shape_parse(cases[i].in, &sh, why, sizeof(why));

		if (cases[i].n) {
			if (rc != 0)
				fail_msg("shape_parse(\"%s\") failed: %s",
					 cases[i].in, why);
			assert_true(sh.n == cases[i].n);
			assert_true(sh.m == cases[i].m);
		} else {
			if (rc != -1)
				fail_msg("shape_parse(\"%s\") accepted",
					 cases[i].in);
			assert_true(sh.n == 7 && sh.m == 7);
			assert_string_equal(why, cases[i].why);
		}
	}
}

static void expect_values(const uint64_t *got, size_t n, const uint64_t *want,
			  size_t nwant)
{
	assert_int_equal(n, nwant);
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			fail_msg("value %zu: %llu, want %llu", i,
				 (unsigned long long)got[i],
				 (unsigned long long)want[i]);
}

static void test_size_range_expand(void **state)
{
	uint64_t *out = NULL;
	size_t n = 0;
	char why[256];

	(void)state;
	/* geometric, landing on `to` */
	assert_int_equal(size_range_expand(1024, 16384, 2, 0, 100, &out, &n,
					   why, sizeof(why)), 0);
	expect_values(out, n, (const uint64_t[]){ 1024, 2048, 4096, 8192,
						  16384 }, 5);
	/* arithmetic, appended, not landing on `to` */
	assert_int_equal(size_range_expand(1000, 3500, 0, 1000, 100, &out, &n,
					   why, sizeof(why)), 0);
	expect_values(out, n, (const uint64_t[]){ 1024, 2048, 4096, 8192,
						  16384, 1000, 2000, 3000 }, 8);
	free(out);
	out = NULL;
	n = 0;
	/* a single value */
	assert_int_equal(size_range_expand(5, 5, 3, 0, 1, &out, &n, why,
					   sizeof(why)), 0);
	expect_values(out, n, (const uint64_t[]){ 5 }, 1);
	free(out);
	out = NULL;
	n = 0;
	/* steps that overflow 64 bits end the range instead of wrapping */
	assert_int_equal(size_range_expand(1ull << 62, UINT64_MAX, 2, 0, 10,
					   &out, &n, why, sizeof(why)), 0);
	expect_values(out, n, (const uint64_t[]){ 1ull << 62, 1ull << 63 }, 2);
	free(out);
	out = NULL;
	n = 0;
	assert_int_equal(size_range_expand(UINT64_MAX - 1, UINT64_MAX, 0, 5,
					   10, &out, &n, why, sizeof(why)), 0);
	expect_values(out, n, (const uint64_t[]){ UINT64_MAX - 1 }, 1);
	free(out);
	out = NULL;
	n = 0;
	/* exactly the limit is fine, one more is not, and nothing is
	 * appended then */
	assert_int_equal(size_range_expand(1, 10, 0, 1, 10, &out, &n, why,
					   sizeof(why)), 0);
	assert_int_equal(n, 10);
	assert_int_equal(size_range_expand(1, 11, 0, 1, 10, &out, &n, why,
					   sizeof(why)), -1);
	assert_string_equal(why, "more than 10 values");
	assert_int_equal(n, 10);
	assert_int_equal(size_range_expand(1, 1ull << 36, 0, 1,
					   EXPERIMENT_MAX_ROWS, &out, &n, why,
					   sizeof(why)), -1);
	assert_string_equal(why, "more than 100000 values");
	assert_int_equal(n, 10);
	free(out);
	out = NULL;
	n = 0;
	/* refused ranges */
	assert_int_equal(size_range_expand(10, 1, 2, 0, 10, &out, &n, why,
					   sizeof(why)), -1);
	assert_string_equal(why, "empty: from (10) is greater than to (1)");
	assert_int_equal(size_range_expand(1, 10, 1, 0, 10, &out, &n, why,
					   sizeof(why)), -1);
	assert_string_equal(why, "times must be at least 2");
	assert_int_equal(size_range_expand(1, 10, 0, 0, 10, &out, &n, why,
					   sizeof(why)), -1);
	assert_string_equal(why, "give times (geometric) or plus (arithmetic)");
	assert_int_equal(size_range_expand(1, 10, 2, 1, 10, &out, &n, why,
					   sizeof(why)), -1);
	assert_string_equal(why, "give times or plus, not both");
	assert_int_equal(size_range_expand(0, 10, 2, 0, 10, &out, &n, why,
					   sizeof(why)), -1);
	assert_string_equal(why, "from must be at least 1");
	assert_null(out);
	assert_int_equal(n, 0);
}

/* Sizes in an experiment: the limit per transpose matrix and ranges. */
static void test_sizes_in_files(void **state)
{
	struct experiment_file f;
	char *out;

	(void)state;
	/* 2^18 x 2^18 = 2^36 is the largest square matrix accepted. */
	load_ok("t.yaml", "experiments: [{name: t, family: transpose, "
		"sizes: [2^18, {from: 2, to: 8, times: 2}, \"4 x 2\", 4]}]", &f);
	assert_int_equal(f.exps[0].nsizes, 5);
	assert_int_equal(f.exps[0].sizes[0].n, 1u << 18);
	assert_int_equal(f.exps[0].sizes[0].m, 1u << 18);
	assert_int_equal(f.exps[0].sizes[1].n, 2);
	assert_int_equal(f.exps[0].sizes[2].n, 4);
	assert_int_equal(f.exps[0].sizes[2].m, 4);
	assert_int_equal(f.exps[0].sizes[4].n, 4);
	assert_int_equal(f.exps[0].sizes[4].m, 2);
	experiment_file_release(&f);

	out = load_fail("t.yaml", "experiments: [{name: t, family: transpose, "
			"sizes: [262145]}]");
	assert_string_equal(out, "t.yaml:1:52: error: size \"262145\" means a "
			    "262145 x 262145 matrix for transpose, more than "
			    "2^36 elements\n");
	free(out);

	/* A range of 100001 values is refused before it is expanded. */
	out = load_fail("r.yaml", "experiments: [{name: r, family: reduce, "
			"sizes: [{from: 1, to: 100001, plus: 1}]}]");
	assert_string_equal(out, "r.yaml:1:49: error: invalid size range: more "
			    "than 100000 values\n");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_file),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_counters_default),
		cmocka_unit_test(test_aliases_and_defaults_shared),
		cmocka_unit_test(test_buffer_not_terminated),
		cmocka_unit_test(test_error_limit),
		cmocka_unit_test(test_default_error_reported_once),
		cmocka_unit_test(test_one_line_errors),
		cmocka_unit_test(test_too_large_buffer),
		cmocka_unit_test(test_unreadable_files),
		cmocka_unit_test(test_alias_bomb_fast),
		cmocka_unit_test(test_size_parse),
		cmocka_unit_test(test_shape_parse),
		cmocka_unit_test(test_size_range_expand),
		cmocka_unit_test(test_sizes_in_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
