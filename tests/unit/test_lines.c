/* test_lines.c - counters per source line without a GPU: the table of
 * metrics against the kernel-level counters it is checked with, the
 * names of files, the sums per line and the launches they are of (on
 * recorded instructions), real instructions mapped to their lines (the
 * defect kernels of tests/gpu/ukernels/line_defects.cu compiled here with
 * NVRTC and -lineinfo, each instruction through
 * cuptiGetSassToSourceCorrelation, which needs no GPU), the lines in
 * results.json and back, and which measurements a plan marks.  The
 * parent's children (jobs/lines.c) are test_lines_children.c's; what
 * CUPTI records on a GPU is tests/gpu/lines.sh's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"
#include "lines_fixture.h"
#include "rows_fixture.h"
#include "tmpdir.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/util.h"
#include "jobs/lines.h"
#include "jobs/output.h"
#include "counters/counters.h"
#include "experiment/experiment.h"
#include "ladder/ladder.h"
#include "ladder/nvrtc.h"
#include "plan/plan.h"
#include "results/results.h"

static char tmpdir[] = "/tmp/culab-test-lines-XXXXXX";

static int setup(void **state)
{
	(void)state;
	/* no per-line cache: the user's is not touched, and one test's
	 * lines are not another's */
	setenv("CULAB_CACHE_DIR", "off", 1);
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	remove_tree(tmpdir);
	return 0;
}

/* ---- the table ------------------------------------------------------------- */

/* Where warps wait is sampled by default: CULAB_STALLS=off leaves it
 * out; a value other than on and off (a user's "no", "0") is said once
 * and sampled as by default, not taken silently for either. */
static void test_stalls_switch(void **state)
{
	char *out = NULL;
	size_t outlen;
	FILE *mem;

	(void)state;
	mem = open_memstream(&out, &outlen);
	diag_set_stream(mem);
	unsetenv("CULAB_STALLS");
	assert_true(lines_stalls_wanted());
	setenv("CULAB_STALLS", "on", 1);
	assert_true(lines_stalls_wanted());
	setenv("CULAB_STALLS", "off", 1);
	assert_false(lines_stalls_wanted());
	fflush(mem);
	assert_int_equal(outlen, 0);
	setenv("CULAB_STALLS", "no", 1);
	assert_true(lines_stalls_wanted());
	assert_true(lines_stalls_wanted());
	diag_set_stream(NULL);
	fclose(mem);
	assert_string_equal(out, "culab: warning: CULAB_STALLS: \"no\" is none "
			    "of on, off; ignored\n");
	free(out);
	unsetenv("CULAB_STALLS");           /* as it began */
}

/* Every metric is a SASS metric with both texts, and every kernel-level
 * peer is collected by the default set, so that the sums can always be
 * checked; the instrumented peers are the exact ones. */
static void test_table(void **state)
{
	const char *names[] = { METRICS_DEFAULT_WORD };
	struct counter_plan cp;
	const struct line_metric *t;
	size_t n;

	(void)state;
	memset(&cp, 0, sizeof(cp));
	assert_int_equal(counter_plan_build((char **)names, 1, &cp), 0);
	t = lines_metrics(&n);
	assert_true(n >= 5 && n <= LINES_MAX_METRICS);
	for (size_t i = 0; i < n; i++) {
		bool all_sass = true;

		assert_non_null(t[i].what_en);
		assert_non_null(t[i].what_zh);
		/* a SASS metric, or a stall reason of PC sampling */
		if (!t[i].sass != !!t[i].pcsamp)
			fail_msg("%s:%d: %s: a SASS metric or a PC sampling "
				 "reason, one of the two", __FILE__, __LINE__,
				 t[i].name);
		if (t[i].sass && strncmp(t[i].sass, "smsp__sass_", 11) != 0)
			fail_msg("%s:%d: %s: %s is not a SASS metric", __FILE__,
				 __LINE__, t[i].name, t[i].sass);
		if (t[i].pcsamp && (strncmp(t[i].pcsamp, "smsp__pcsamp_warps_"
					    "issue_stalled_", 33) != 0 ||
				    t[i].kernel_raw[0]))
			fail_msg("%s:%d: %s: %s is not a stall reason without "
				 "a kernel-level peer", __FILE__, __LINE__,
				 t[i].name, t[i].pcsamp);
		assert_ptr_equal(lines_metric_find(t[i].name), &t[i]);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(t[i].name, t[j].name);
		for (size_t k = 0; k < ARRAY_SIZE(t[i].kernel_raw) &&
		     t[i].kernel_raw[k]; k++) {
			size_t r;

			for (r = 0; r < cp.nraw; r++)
				if (!strcmp(cp.raw[r], t[i].kernel_raw[k]))
					break;
			if (r == cp.nraw)
				fail_msg("%s:%d: %s: the default set does not "
					 "collect %s", __FILE__, __LINE__,
					 t[i].name, t[i].kernel_raw[k]);
			all_sass &= !strncmp(t[i].kernel_raw[k], "smsp__sass_", 11);
		}
		if (t[i].kernel_raw[0] && t[i].exact != all_sass)
			fail_msg("%s:%d: %s: exact is %d, its peers %s "
				 "instrumented", __FILE__, __LINE__, t[i].name,
				 t[i].exact, all_sass ? "are" : "are not");
	}
	/* what the report and the GPU check read */
	assert_non_null(lines_metric_find("inst_executed"));
	assert_non_null(lines_metric_find("shared_wavefronts_ideal"));
	assert_non_null(lines_metric_find("global_sectors_ideal"));
	assert_non_null(lines_metric_find("local_st"));
	assert_null(lines_metric_find("nope"));
	counter_plan_release(&cp);
}

/* ---- file names ------------------------------------------------------------- */

static void expect_name(const char *dir, const char *file, const char *root,
			const char *cwd, const char *want, int line)
{
	char *got = lines_file_name(dir, file, root, cwd);

	if (!want != !got || (want && strcmp(got, want)))
		fail_msg("%s:%d: (%s, %s) -> %s, want %s", __FILE__, line,
			 dir ? dir : "NULL", file ? file : "NULL",
			 got ? got : "NULL", want ? want : "NULL");
	free(got);
}

static void test_file_name(void **state)
{
	(void)state;
	/* nvcc: the file's directory and its name; below the build root */
	expect_name("/src/culab/kernels", "reduce.cu", "/src/culab", "/home/a",
		    "kernels/reduce.cu", __LINE__);
	expect_name("/src/culab/kernels/", "common.cuh", "/src/culab/", "/",
		    "kernels/common.cuh", __LINE__);
	/* NVRTC: the program's directory from the working directory */
	expect_name("/home/a/lab/k", "mine.cu", "/src/culab", "/home/a/lab",
		    "k/mine.cu", __LINE__);
	/* the toolkit's headers stay whole; a root is no prefix of a
	 * neighbour ("/src/culab2") */
	expect_name("/usr/local/cuda/include/cub", "block_reduce.cuh",
		    "/src/culab", "/home/a", "/usr/local/cuda/include/cub/"
		    "block_reduce.cuh", __LINE__);
	expect_name("/src/culab2", "x.cu", "/src/culab", "", "/src/culab2/x.cu",
		    __LINE__);
	/* an absolute file, no directory, no root, no file */
	expect_name("/elsewhere", "/src/culab/kernels/reduce.cu", "/src/culab",
		    NULL, "kernels/reduce.cu", __LINE__);
	expect_name("", "k.cu", "", "", "k.cu", __LINE__);
	expect_name(NULL, "k.cu", NULL, NULL, "k.cu", __LINE__);
	expect_name("/src", "", "/src", "/", NULL, __LINE__);
	expect_name("/src", NULL, "/src", "/", NULL, __LINE__);
}

/* ---- sums per line ------------------------------------------------------ */

static const char *const two[] = { "inst_executed", "global_sectors" };

/* Two functions: A launched twice (100 and 1 warps), B twice (2, 3 warps)
 * and C once, between them; A's counts are of its first launch, B's of
 * both, C's warps match none of its launches. */
static void test_aggregate(void **state)
{
	static const double a0[] = { 100, 0 }, a1[] = { 200, 400 },
			    a2[] = { 100, 8 }, b0[] = { 5, 0 }, b1[] = { 10, 20 },
			    c0[] = { 7, 0 };
	const struct lines_pc pcs[] = {
		{ "_Z1Bv", 0x10, "k.cu", 30, b1 },
		{ "_Z1Av", 0x20, "k.cu", 12, a1 },
		{ "_Z1Av", 0x00, "k.cu", 10, a0 },
		{ "_Z1Av", 0x30, NULL, 0, a2 },
		{ "_Z1Av", 0x40, "inc.h", 3, a2 },
		{ "_Z1Av", 0x10, "k.cu", 12, a1 },
		{ "_Z1Bv", 0x00, "k.cu", 29, b0 },
		{ "_Z1Cv", 0x00, "k.cu", 40, c0 },
	};
	const struct lines_launch_rec launches[] = {
		{ "_Z1Av", 100 }, { "_Z1Bv", 2 }, { "_Z1Cv", 6 },
		{ "_Z1Av", 1 }, { "_Z1Bv", 3 },
	};
	struct source_lines l;
	const struct line_kernel *k;

	(void)state;
	memset(&l, 0, sizeof(l));
	lines_aggregate(pcs, ARRAY_SIZE(pcs), two, 2, launches,
			ARRAY_SIZE(launches), &l);
	assert_true(l.recorded);
	assert_null(l.status);
	assert_int_equal(l.launches, 5);
	assert_int_equal(l.nmetrics, 2);
	assert_string_equal(l.metrics[1], "global_sectors");
	assert_int_equal(l.nkernels, 3);
	/* in the order of their first launch */
	k = &l.kernels[0];
	assert_string_equal(k->symbol, "_Z1Av");
	assert_string_equal(k->kernel, "A");
	assert_int_equal(k->nlaunches, 1);
	assert_int_equal(k->launches[0], 0);
	assert_true(k->warps == 100);
	assert_string_equal(l.launched[4].kernel, "B");
	assert_true(l.launched[4].warps == 3);
	/* by file, then line; no line last */
	assert_int_equal(k->nlines, 4);
	assert_string_equal(k->lines[0].file, "inc.h");
	assert_string_equal(k->lines[1].file, "k.cu");
	assert_int_equal(k->lines[1].line, 10);
	assert_int_equal(k->lines[2].line, 12);
	assert_int_equal(k->lines[2].pcs, 2);
	assert_true(k->lines[2].values[0] == 400 && k->lines[2].values[1] == 800);
	assert_null(k->lines[3].file);
	assert_int_equal(k->lines[3].line, 0);
	assert_true(source_lines_sum(&l, 0, 0) == 700);
	assert_true(source_lines_sum(&l, 0, 1) == 816);
	assert_true(isnan(source_lines_sum(&l, 3, 0)));
	assert_true(isnan(source_lines_sum(&l, 0, 2)));
	k = &l.kernels[1];
	assert_string_equal(k->symbol, "_Z1Bv");
	assert_int_equal(k->nlaunches, 2);
	assert_int_equal(k->launches[0], 1);
	assert_int_equal(k->launches[1], 4);
	k = &l.kernels[2];
	assert_string_equal(k->symbol, "_Z1Cv");
	assert_int_equal(k->nlaunches, 0);
	assert_int_equal(source_lines_metric(&l, "global_sectors"), 1);
	assert_int_equal(source_lines_metric(&l, "local_st"), -1);

	/* no launches recorded: none told, the count unknown */
	lines_aggregate(pcs, ARRAY_SIZE(pcs), two, 2, NULL, 0, &l);
	assert_int_equal(l.launches, -1);
	assert_null(l.launched);
	assert_int_equal(l.kernels[0].nlaunches, 0);
	/* a status replaces everything, keeping the time */
	l.seconds = 1.5;
	source_lines_set_status(&l, "no");
	assert_true(l.recorded);
	assert_string_equal(l.status, "no");
	assert_int_equal(l.nkernels, 0);
	assert_true(l.seconds == 1.5);
	source_lines_release(&l);
	assert_false(l.recorded);
	source_lines_release(NULL);
}

/* ---- real instructions, real lines --------------------------------------- */

#define DEFECTS "tests/gpu/ukernels/line_defects.cu"

/* The size of section ".text.<symbol>" of an ELF64 cubin: the function's
 * machine code; 0 when there is none. */
static size_t text_size(const unsigned char *d, size_t len, const char *symbol)
{
	uint64_t shoff, stroff, off, size;
	uint16_t entsize, num, strndx;
	uint32_t name;
	char want[256];

	if (len < 64 || memcmp(d, "\177ELF", 4) || d[4] != 2)
		return 0;
	memcpy(&shoff, d + 0x28, 8);
	memcpy(&entsize, d + 0x3a, 2);
	memcpy(&num, d + 0x3c, 2);
	memcpy(&strndx, d + 0x3e, 2);
	if (shoff + (uint64_t)num * entsize > len || strndx >= num)
		return 0;
	memcpy(&stroff, d + shoff + (uint64_t)strndx * entsize + 0x18, 8);
	snprintf(want, sizeof(want), ".text.%s", symbol);
	for (uint16_t i = 0; i < num; i++) {
		const unsigned char *h = d + shoff + (uint64_t)i * entsize;

		memcpy(&name, h, 4);
		memcpy(&off, h + 0x18, 8);
		memcpy(&size, h + 0x20, 8);
		if (stroff + name < len &&
		    !strncmp((const char *)d + stroff + name, want, len - stroff - name))
			return (size_t)size;
	}
	return 0;
}

/* The line of the first line of text holding `needle`, from 1; 0 none. */
static int line_of(const char *text, const char *needle)
{
	const char *p = strstr(text, needle);
	int line = 1;

	if (!p)
		return 0;
	for (const char *q = text; q < p; q++)
		line += *q == '\n';
	return line;
}

/* Every instruction of every defect kernel, compiled by NVRTC with
 * -lineinfo as culab compiles user kernels, mapped to its line: the
 * function's first instruction is on its signature's line, its defect
 * line holds code, the file is named as culab names it (relative to
 * the working directory), and the lines add up to every instruction. */
static void test_correlate(void **state)
{
	static const char *const fns[] = {
		"bank_conflict", "uncoalesced", "divergent", "predicated",
		"local_array",
	};
	static const char *const defect[] = {
		"defect: bank", "defect: uncoalesced", "defect: divergent",
		"defect: predicated", "defect: local",
	};
	static const char *const opts[] = {
		"-Dculab_t=float", "-Dculab_acc_t=float", "-DCULAB_ELEM_SIZE=4",
	};
	static const char *const one[] = { "inst_executed" };
	struct nvrtc_input in = { .path = DEFECTS, .arch = "sm_90",
				  .options = opts, .noptions = ARRAY_SIZE(opts),
				  .names = fns, .nnames = ARRAY_SIZE(fns) };
	struct nvrtc_output out;
	char why[640], *text = NULL, *cwd;
	size_t len;

	(void)state;
#if defined(__SANITIZE_ADDRESS__)
	/* CUPTI is off in AddressSanitizer builds (counters_int.h) */
	skip();
#endif
	cwd = getcwd(NULL, 0);
	if (nvrtc_open(why, sizeof(why)) < 0)
		fail_msg("NVRTC is needed for this test: %s", why);
	assert_int_equal(read_file(DEFECTS, 1u << 20, &text, &len), 0);
	in.text = text;
	in.len = len;
	assert_int_equal(nvrtc_compile(&in, &out), 0);
	for (size_t f = 0; f < ARRAY_SIZE(fns); f++) {
		const char *sym = out.lowered[f];
		size_t size = text_size(out.cubin, out.cubin_len, sym), n = size / 16;
		struct lines_pc *pcs = xcalloc(n + 1, sizeof(*pcs));
		static const double unit = 1;
		char sig[64];
		int want_defect = line_of(text, defect[f]), want_entry, total = 0;
		bool has_defect = false;
		struct source_lines l;

		snprintf(sig, sizeof(sig), "void %s(", fns[f]);
		want_entry = line_of(text, sig);
		assert_true(want_defect > 0 && want_entry > 0);
		if (n < 8)
			fail_msg("%s:%d: %s: %zu bytes of code", __FILE__,
				 __LINE__, sym, size);
		for (size_t i = 0; i < n; i++) {
			char *dir, *file;
			int line;

			pcs[i].symbol = sym;
			pcs[i].pc = (uint32_t)(16 * i);
			pcs[i].values = &unit;
			if (lines_correlate(out.cubin, out.cubin_len, sym,
					    pcs[i].pc, &dir, &file, &line) == 0) {
				pcs[i].file = lines_file_name(dir, file,
							      lines_build_root(),
							      cwd);
				pcs[i].line = line;
				free(dir);
				free(file);
			}
			if (i == 0 && (!pcs[0].file || pcs[0].line != want_entry))
				fail_msg("%s:%d: %s: the first instruction is on "
					 "%s:%d, want %s:%d", __FILE__, __LINE__,
					 sym, pcs[0].file ? pcs[0].file : "?",
					 pcs[0].line, DEFECTS, want_entry);
		}
		memset(&l, 0, sizeof(l));
		lines_aggregate(pcs, n, one, 1, NULL, 0, &l);
		assert_int_equal(l.nkernels, 1);
		assert_string_equal(l.kernels[0].kernel, fns[f]);
		for (size_t i = 0; i < l.kernels[0].nlines; i++) {
			const struct source_line *sl = &l.kernels[0].lines[i];

			total += sl->pcs;
			assert_true(sl->values[0] == sl->pcs);
			if (sl->file && !strcmp(sl->file, DEFECTS) &&
			    sl->line == want_defect)
				has_defect = true;
			/* the kernels' own file, named relative to here, or
			 * the toolkit's headers (the shuffles) */
			if (sl->file && strcmp(sl->file, DEFECTS) &&
			    sl->file[0] != '/')
				fail_msg("%s:%d: %s: a line of \"%s\"", __FILE__,
					 __LINE__, sym, sl->file);
		}
		assert_int_equal(total, (int)n);
		if (!has_defect)
			fail_msg("%s:%d: %s: no instruction on its defect's line "
				 "%d", __FILE__, __LINE__, sym, want_defect);
		for (size_t i = 0; i < n; i++)
			free((char *)pcs[i].file);
		free(pcs);
		source_lines_release(&l);
	}
	/* a function the cubin lacks, and no cubin at all */
	{
		char *dir, *file;
		int line;

		assert_int_equal(lines_correlate(out.cubin, out.cubin_len,
						 "no_such_kernel", 0, &dir,
						 &file, &line), -1);
		assert_null(file);
		assert_int_equal(lines_correlate(NULL, 0, "divergent", 0, &dir,
						 &file, &line), -1);
	}
	nvrtc_output_release(&out);
	free(text);
	free(cwd);
}

/* ---- results.json ---------------------------------------------------------- */

/* Collected lines, lines that say why not, and a row without any (no
 * "lines" key: files without lines stay as they were). */
static void test_json_round_trip(void **state)
{
	struct results a, b;
	char *path = xasprintf("%s/results.json", tmpdir), *text = NULL;
	size_t len;

	(void)state;
	results_start(&a);
	row_add_at(&a, "e", "reduce_shuffle", "float", 1024, 256);
	row_add_at(&a, "e", "reduce_cub", "float", 1024, 0);
	row_add_at(&a, "e", "reduce_global", "float", 1024, 256);
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(read_file(path, 8u << 20, &text, &len), 0);
	assert_null(strstr(text, "\"lines\""));
	free(text);
	some_lines(&a.rows[0].lines);
	source_lines_set_status(&a.rows[1].lines, LINES_UNAVAILABLE ": no");
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(results_read(path, &b), 0);
	assert_int_equal(b.nrows, 3);
	for (size_t i = 0; i < 3; i++)
		assert_lines_equal(&a.rows[i].lines, &b.rows[i].lines);
	assert_false(b.rows[2].lines.recorded);
	assert_true(source_lines_sum(&b.rows[0].lines, 0, 0) == 400);
	/* counts are written as integers */
	assert_int_equal(read_file(path, 8u << 20, &text, &len), 0);
	assert_non_null(strstr(text, "\"values\": [\n"));
	assert_null(strstr(text, "400.0"));
	free(text);
	results_release(&a);
	results_release(&b);
	free(path);
}

/* Replaces the first `from` of file `path` by `to`. */
static void edit(const char *path, const char *from, const char *to)
{
	char *text = NULL, *at, *n;
	size_t len;

	assert_int_equal(read_file(path, 8u << 20, &text, &len), 0);
	at = strstr(text, from);
	if (!at)
		fail_msg("%s:%d: no \"%s\" in %s", __FILE__, __LINE__, from, path);
	n = xasprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	assert_int_equal(write_file_atomic(path, n, strlen(n)), 0);
	free(n);
	free(text);
}

/* Each broken field of a row's lines is refused with its JSON path:
 * broken in memory (the writer writes what it is given) or in the text. */
static void test_json_reject(void **state)
{
	static const struct {
		int what;               /* below */
		const char *from, *to;  /* or a text edit */
		const char *says;
	} cases[] = {
		{ 1, NULL, NULL, "rows[0].lines.kernels[0].lines[0].pcs: 0 is not" },
		{ 2, NULL, NULL, "rows[0].lines.kernels[0].lines[0].line: 0 is not" },
		{ 3, NULL, NULL, "rows[0].lines.kernels[0].lines[2].line: 3 is not" },
		{ 4, NULL, NULL, "rows[0].lines.kernels[0].launches[0]: 1 is not" },
		{ 5, NULL, NULL, "rows[0].lines.seconds: -1" },
		{ 6, NULL, NULL, "rows[0].lines.kernels[0].lines[0].values[0]: -100" },
		{ 7, NULL, NULL, "rows[0].lines.launches: -2" },
		{ 0, "\"metrics\": [", "\"metrics\": 3, \"x\": [",
		  "rows[0].lines.metrics: missing or not an array" },
		{ 0, "\"global_sectors\"", "\"global_sectors\", \"x\"",
		  "rows[0].lines.kernels[0].lines[0].values: missing or not one "
		  "value per metric" },
		{ 0, "\"symbol\": \"_Z1Av\"", "\"symbol\": 7",
		  "rows[0].lines.kernels[0].symbol: 7 is not a string" },
		{ 0, "\"lines\": {", "\"lines\": [], \"x\": {",
		  "rows[0].lines: missing or not an object" },
	};
	char *path = xasprintf("%s/results.json", tmpdir);

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct results a, b;
		struct source_lines *l;
		struct capture c;
		int rc;

		results_start(&a);
		row_add_at(&a, "e", "reduce_shuffle", "float", 1024, 256);
		l = &a.rows[0].lines;
		some_lines(l);
		switch (cases[i].what) {
		case 1: l->kernels[0].lines[0].pcs = 0; break;
		case 2: l->kernels[0].lines[0].line = 0; break;
		case 3: l->kernels[0].lines[2].line = 3; break;
		case 4: l->kernels[0].launches[0] = 1; break;
		case 5: l->seconds = -1; break;
		case 6: l->kernels[0].lines[0].values[0] = -100; break;
		case 7: l->launches = -2; break;
		}
		/* -2 is written as null, read as unknown: break the text */
		assert_int_equal(output_save(tmpdir, &a), 0);
		results_release(&a);
		if (cases[i].what == 7)
			edit(path, "\"launches\": null", "\"launches\": -2");
		else if (cases[i].from)
			edit(path, cases[i].from, cases[i].to);
		capture_start(&c);
		rc = results_read(path, &b);
		capture_stop(&c);
		if (rc == 0 || !strstr(c.buf, cases[i].says))
			fail_msg("%s:%d: case %zu: rc %d, said:\n%s", __FILE__,
				 __LINE__, i, rc, c.buf);
		free(c.buf);
	}
	free(path);
}

/* ---- the plan's marks --------------------------------------------------- */

/* Each built-in GPU rung is marked once, at its experiment's lines size
 * (its largest of at most PLAN_LINES_MAX_ELEMENTS elements) and its first
 * float stage, and only with counters; a shard marks what the whole plan
 * marks of its stages. */
static void test_plan_marks(void **state)
{
	struct experiment_file f;
	struct plan_options po = { .counters = true, .lines = true };
	struct plan p, q;
	size_t marked = 0, inshards = 0;

	(void)state;
	assert_int_equal(experiment_load("experiments/default.yaml", &f), 0);
	plan_build(&f, &po, &p);
	for (size_t i = 0; i < p.nstages; i++) {
		const struct plan_stage *s = &p.stages[i];
		uint64_t most = 0;

		for (size_t k = 0; k < s->e->nsizes; k++)
			if (s->e->sizes[k].n * s->e->sizes[k].m > most &&
			    s->e->sizes[k].n * s->e->sizes[k].m <=
			    PLAN_LINES_MAX_ELEMENTS)
				most = s->e->sizes[k].n * s->e->sizes[k].m;
		for (size_t k = 0; k < s->nms; k++) {
			const struct plan_measurement *ms = &s->ms[k];
			bool want = s->sh.n * s->sh.m == most &&
				    !(ms->v->flags & VF_CPU) &&
				    s->t == DTYPE_FLOAT;

			if (ms->lines != want)
				fail_msg("%s:%d: %s marked %d", __FILE__,
					 __LINE__, ms->label, ms->lines);
			marked += ms->lines;
		}
	}
	/* 17 GPU rungs at 2^24 floats (not again at 2^24 ints and doubles:
	 * the details page shows each rung once) and the 9 transposes at
	 * 4096 x 4096 */
	assert_int_equal(marked, 26);
	assert_int_equal(p.nlines, 26);
	for (int sh = 1; sh <= 3; sh++) {
		struct plan_options so = po;

		so.shard = (struct plan_shard){ sh, 3 };
		plan_build(&f, &so, &q);
		inshards += q.nlines;
		plan_release(&q);
	}
	assert_int_equal(inshards, 26);
	po.counters = false;
	plan_build(&f, &po, &q);
	assert_int_equal(q.nlines, 0);
	plan_release(&q);
	po.counters = true;
	po.lines = false;
	plan_build(&f, &po, &q);
	assert_int_equal(q.nlines, 0);
	plan_release(&q);
	plan_release(&p);
	experiment_file_release(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_stalls_switch),
		cmocka_unit_test(test_file_name),
		cmocka_unit_test(test_aggregate),
		cmocka_unit_test(test_correlate),
		cmocka_unit_test(test_json_round_trip),
		cmocka_unit_test(test_json_reject),
		cmocka_unit_test(test_plan_marks),
	};

	diag_set_program("culab");
	return cmocka_run_group_tests(tests, setup, teardown);
}
