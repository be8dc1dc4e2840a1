/* test_lines.c - counters per source line without a GPU: the table of
 * metrics against the kernel-level counters it is checked with, the
 * names of files, the sums per line and the launches they are of (on
 * recorded instructions), real instructions mapped to their lines (the
 * defect kernels of tests/gpu/ukernels/line_defects.cu compiled here with
 * NVRTC and -lineinfo, each instruction through
 * cuptiGetSassToSourceCorrelation, which needs no GPU), the lines in
 * results.json and back, which measurements a plan marks, and the
 * parent's children (jobs/lines.c) with a stand-in for culab.  What CUPTI
 * records on a GPU is tests/gpu/lines.sh's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"

#include <dirent.h>
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
#include "ladder/nvrtc.h"
#include "plan/plan.h"
#include "results/results.h"

static char tmpdir[] = "/tmp/culab-test-lines-XXXXXX";

static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char *p;
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(p);
		else
			unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

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
	setenv("CULAB_STALLS", "off", 1);   /* as main() set it */
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

/* A results set of one experiment `e` and no rows. */
static void results_start(struct results *r)
{
	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup("0.1.0");
	r->culab_commit = xstrdup("abc");
	r->command = xstrdup("culab run x.yaml");
	r->started = xstrdup("2026-11-27T00:00:00Z");
	r->status = xstrdup("complete");
	r->source_path = xstrdup("x.yaml");
	r->source_sha256 = xstrdup("00ff");
	r->source_text = xstrdup("version: 1\n");
	r->has_env = true;
	r->env.gpu_name = xstrdup("Test GPU");
	r->env.cc_major = 9;
	r->env.sm_count = 132;
	r->nexperiments = 1;
	r->experiments = xcalloc(1, sizeof(*r->experiments));
	r->experiments[0].name = xstrdup("e");
	r->experiments[0].family = xstrdup("reduce");
	r->experiments[0].repeats = 1;
}

/* An ok row of variant v at n, with one launch of kernel-level counters. */
static struct result_row *row_add(struct results *r, const char *exp,
				  const char *v, const char *dtype, uint64_t n,
				  int block)
{
	struct result_row *w = results_add_row(r);
	static const double one = 1.5;
	const struct variant *reg = registry_find(v);

	/* -1: the block a plan gives the variant */
	if (block < 0)
		block = reg->flags & VF_BLOCK ? reg->block_default : 0;
	results_add_variant(r, reg);
	w->experiment = xstrdup(exp);
	w->family = xstrdup("reduce");
	w->variant = xstrdup(v);
	w->step = 1;
	w->dtype = xstrdup(dtype);
	w->n = n;
	w->m = 1;
	w->block = block;
	w->status = ROW_OK;
	w->verified = true;
	w->timer = xstrdup("cuda-events");
	w->t.nsamples = 1;
	w->t.samples_ms = xmalloc(sizeof(one));
	memcpy(w->t.samples_ms, &one, sizeof(one));
	timing_compute(&w->t);
	w->nkernels = 1;
	w->kernels = xcalloc(1, sizeof(*w->kernels));
	w->kernels[0].label = xasprintf("%s/%s/%s/%llu#0", exp, v, dtype,
					(unsigned long long)n);
	w->kernels[0].kernel = xstrdup("k");
	w->kernels[0].theoretical_occupancy_pct = NAN;
	w->kernels[0].nvalues = 1;
	w->kernels[0].names = xcalloc(1, sizeof(char *));
	w->kernels[0].names[0] = xstrdup("smsp__inst_executed.sum");
	w->kernels[0].values = xcalloc(1, sizeof(double));
	w->kernels[0].values[0] = 700;
	kernel_resources_set_unknown(&w->resources, "not watched");
	clock_record_set_unknown(&w->clocks, "not timed");
	return w;
}

/* The lines test_aggregate makes, into l. */
static void some_lines(struct source_lines *l)
{
	static const double a0[] = { 100, 0 }, a1[] = { 200, 400 },
			    a2[] = { 100, 8 };
	const struct lines_pc pcs[] = {
		{ "_Z1Av", 0x00, "kernels/k.cu", 10, a0 },
		{ "_Z1Av", 0x10, "kernels/k.cu", 12, a1 },
		{ "_Z1Av", 0x20, NULL, 0, a2 },
	};
	const struct lines_launch_rec launches[] = { { "_Z1Av", 100 } };

	lines_aggregate(pcs, ARRAY_SIZE(pcs), two, 2, launches, 1, l);
	l->seconds = 0.75;
	l->collect_seconds = 0.125;
}

static void assert_lines_equal(const struct source_lines *a,
			       const struct source_lines *b)
{
	assert_int_equal(a->recorded, b->recorded);
	if (a->status || b->status)
		assert_string_equal(a->status, b->status);
	/* results.json keeps 10 digits of a real */
	assert_true(fabs(a->seconds - b->seconds) <= 1e-9 * fabs(a->seconds) ||
		    (isnan(a->seconds) && isnan(b->seconds)));
	assert_true(fabs(a->collect_seconds - b->collect_seconds) <=
		    1e-9 * fabs(a->collect_seconds) ||
		    (isnan(a->collect_seconds) && isnan(b->collect_seconds)));
	assert_int_equal(a->launches, b->launches);
	assert_int_equal(a->nlaunched, b->nlaunched);
	for (size_t i = 0; i < a->nlaunched; i++) {
		assert_string_equal(a->launched[i].kernel, b->launched[i].kernel);
		assert_true(a->launched[i].warps == b->launched[i].warps);
	}
	assert_int_equal(a->nmetrics, b->nmetrics);
	for (size_t i = 0; i < a->nmetrics; i++)
		assert_string_equal(a->metrics[i], b->metrics[i]);
	assert_int_equal(a->nkernels, b->nkernels);
	for (size_t k = 0; k < a->nkernels; k++) {
		const struct line_kernel *x = &a->kernels[k], *y = &b->kernels[k];

		assert_string_equal(x->kernel, y->kernel);
		assert_string_equal(x->symbol, y->symbol);
		assert_int_equal(x->nlaunches, y->nlaunches);
		assert_true(x->warps == y->warps ||
			    (isnan(x->warps) && isnan(y->warps)));
		for (size_t i = 0; i < x->nlaunches; i++)
			assert_int_equal(x->launches[i], y->launches[i]);
		assert_int_equal(x->nlines, y->nlines);
		for (size_t i = 0; i < x->nlines; i++) {
			assert_true(!x->lines[i].file == !y->lines[i].file);
			if (x->lines[i].file)
				assert_string_equal(x->lines[i].file,
						    y->lines[i].file);
			assert_int_equal(x->lines[i].line, y->lines[i].line);
			assert_int_equal(x->lines[i].pcs, y->lines[i].pcs);
			for (size_t m = 0; m < a->nmetrics; m++)
				assert_true(x->lines[i].values[m] ==
					    y->lines[i].values[m]);
		}
	}
}

/* Collected lines, lines that say why not, and a row without any (no
 * "lines" key: files without lines stay as they were). */
static void test_json_round_trip(void **state)
{
	struct results a, b;
	char *path = xasprintf("%s/results.json", tmpdir), *text = NULL;
	size_t len;

	(void)state;
	results_start(&a);
	row_add(&a, "e", "reduce_shuffle", "float", 1024, 256);
	row_add(&a, "e", "reduce_cub", "float", 1024, 0);
	row_add(&a, "e", "reduce_global", "float", 1024, 256);
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
		row_add(&a, "e", "reduce_shuffle", "float", 1024, 256);
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

/* ---- the children ------------------------------------------------------- */

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
	row_add(&r, "e", "reduce_shuffle", "float", 4096, 256);
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
			row_add(&r, "e", gpu[i], "float", n, -1);
	row_add(&r, "e", "reduce_cpu", "float", 4096, -1);
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
		row_add(&r, "e", gpu[i], "float", 4096, -1);
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
		row_add(&r, "e", gpu[i], "float", 4096, -1);
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
	row_add(&r, "e", "reduce_shared_static", "float", 4096, -1);
	row_add(&r, "e", "reduce_shuffle", "float", 4096, -1);

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
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_stalls_switch),
		cmocka_unit_test(test_file_name),
		cmocka_unit_test(test_aggregate),
		cmocka_unit_test(test_correlate),
		cmocka_unit_test(test_json_round_trip),
		cmocka_unit_test(test_json_reject),
		cmocka_unit_test(test_plan_marks),
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
