/* test_report_user.c - the report's treatment of the user's kernels
 * (VF_USER rows): the "Your kernels" section (placement on the ladder,
 * each diagnosis rule firing when its counters show the problem and not
 * when they do not, the rungs a diagnosis would need, failed rows), the
 * rows marked "yours" in the tables and charts, the resource columns,
 * both languages, and a golden report of one synthetic case.
 *
 * Every number here is synthetic test data built in memory, shaped like
 * a run but NOT a measurement; the results say so in their GPU name and
 * note.  The golden files tests/golden/synthetic-user/report.<lang>.md
 * and details.<lang>.md are rendered from such data
 * (tests/update_golden.sh rewrites them).
 *
 * Environment: CULAB_SRCDIR (default "."), CULAB_UPDATE_GOLDEN=1,
 * CULAB_TEST_KEEP=1 (as test_report.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "base/diag.h"
#include "ladder/ladder.h"
#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "base/util.h"
#include "report_check.h"

/* ---- synthetic results (test data, not measurements) ------------------ */

#define PEAK_GBPS 3352.32
#define N24 (1u << 24)

/* The counter columns the rules read, in this order in every row. */
static const char *const cols[] = {
	"bank_conflicts_per_shared_ld", "shared_bytes_per_instr",
	"warp_instructions", "gld_efficiency_pct", "gld_sectors_per_request",
	"gst_sectors_per_request",
};
#define NCOLS (sizeof(cols) / sizeof(cols[0]))

struct spec {
	const char *variant;
	double ms;                  /* <= 0: no time */
	double ctr[NCOLS];          /* NAN: n/a */
};

/* Built-in rungs of the reduce ladder with synthetic counters shaped
 * like their signatures (variants_*.c): the strided rung conflicts, the
 * divergent one moves few bytes per shared access and issues many warp
 * instructions, the vector rung fetches 16 sectors per load. */
static const struct spec reduce_rungs[] = {
	{ "reduce_global", 0.18, { NAN, NAN, 7.0e7, 92.0, 2.8, 2.7 } },
	{ "reduce_interleaved_divergent", 0.17,
	  { 0.013, 27.0, 1.35e8, 100, 4, 1 } },
	{ "reduce_interleaved_strided", 0.11, { 2.9, 91.0, 7.6e7, 100, 4, 1 } },
	{ "reduce_shared_static", 0.088, { 0.021, 91.0, 5.9e7, 100, 4, 1 } },
	{ "reduce_vector_atomic", 0.027, { 0.001, 7.1, 2.5e6, 100, 16, NAN } },
};

static const struct spec transpose_rungs[] = {
	{ "transpose_copy", 0.176, { NAN, NAN, 7.8e7, 100, 4, 4 } },
	{ "transpose_naive", 1.13, { NAN, NAN, 6.8e7, 100, 4, 32 } },
	{ "transpose_naive_strided_read", 0.284,
	  { NAN, NAN, 6.3e7, 12.5, 32, 4 } },
	{ "transpose_tile", 0.33, { 31.0, 128, 1.0e8, 100, 4, 4 } },
	{ "transpose_tile_pad", 0.189, { 0.08, 128, 1.0e8, 100, 4, 4 } },
	{ "transpose_tile_pairs", 0.181, { 0.06, 256, 3.7e7, 100, 8, 8 } },
};

static const struct variant user_reduce = {
	.name = "alice.v1", .family = FAMILY_REDUCE, .step = 0,
	.title = "Alice: shared-memory tree",
	.title_zh = "Alice：共享内存树形归约",
	.about_en = "A tree in shared memory, written for culab's tests.",
	.source = "student/alice.cu:reduce_v1",
	.dtypes = DTYPE_ALL, .flags = VF_USER | VF_BLOCK,
	.timed_region = "every pass: the kernel, relaunched on its partials",
};

static const struct variant user_transpose = {
	.name = "bob.t1", .family = FAMILY_TRANSPOSE, .step = 0,
	.title = "bob.t1", .source = "student/bob.cu:transpose_t1",
	.dtypes = DTYPE_ALL, .flags = VF_USER,
	.timed_region = "one kernel launch",
};

static void results_init(struct results *r)
{
	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup("0.1.0");
	r->culab_commit = xstrdup("0123456789ab");
	r->command = xstrdup("culab run experiments/synthetic-user.yaml");
	r->started = xstrdup("2026-01-02T03:04:05Z");
	r->finished = xstrdup("2026-01-02T03:05:06Z");
	r->status = xstrdup("complete");
	r->source_path = xstrdup("experiments/synthetic-user.yaml");
	r->source_sha256 = xstrdup("e3b0c44298fc1c149afbf4c8996fb92427ae41e4"
				   "649b934ca495991b7852b855");
	r->note = xstrdup("synthetic test data built by test_report_user.c, "
			  "not a measurement");
	r->has_env = true;
	r->env.gpu_name = xstrdup("Synthetic GPU (test data, not a "
				  "measurement)");
	r->env.cc_major = 9;
	r->env.sm_count = 132;
	r->env.peak_gbps = PEAK_GBPS;
}

static void set_counters(struct result_row *row, const double *v)
{
	free(row->counters_status);
	row->counters_status = NULL;
	row->ncolumns = NCOLS;
	row->columns = xcalloc(NCOLS, sizeof(*row->columns));
	for (size_t i = 0; i < NCOLS; i++) {
		row->columns[i].name = xstrdup(cols[i]);
		row->columns[i].value = v[i];
	}
}

/* Adds a verified row of `v` (a registry row or a user kernel's) to
 * stage experiment/family/float/n x m, with synthetic times and, unless
 * ctr is NULL, counters. */
static struct result_row *add(struct results *r, const struct variant *v,
			      const char *experiment, uint64_t n, uint64_t m,
			      double ms, const double *ctr)
{
	struct result_row *row;

	assert_non_null(v);
	results_add_variant(r, v);
	row = results_add_row(r);
	row->experiment = xstrdup(experiment);
	row->family = xstrdup(family_name(v->family));
	row->variant = xstrdup(v->name);
	row->step = v->step;
	row->dtype = xstrdup("float");
	row->n = n;
	row->m = m;
	row->block = v->flags & VF_BLOCK ? 256 : 0;
	row->status = ROW_OK;
	row->verified = true;
	row->tolerance = 1e-5 * (double)n;
	row->error = row->tolerance / 8;
	row->timed_region = xstrdup(v->timed_region);
	row->timer = xstrdup("cuda-events");
	row->t.warmup = 3;
	row->t.nsamples = 1;
	row->t.samples_ms = xcalloc(1, sizeof(double));
	row->t.samples_ms[0] = ms;
	row->t.median_ms = row->t.mean_ms = row->t.min_ms = row->t.max_ms = ms;
	row->t.noise_pct = 0.5;
	row->bytes = registry_bytes(v, DTYPE_FLOAT, n, m);
	row->gbps = row->bytes / (ms * 1e-3) / 1e9;
	row->pct_peak = 100 * row->gbps / PEAK_GBPS;
	if (ctr)
		set_counters(row, ctr);
	else
		row->counters_status = xstrdup("counters not requested");
	return row;
}

/* The reduce stage "my-reduce", float, 2^24: the rungs of specs[] (NULL
 * names are left out) and the user kernel with time ms and counters ctr. */
static struct result_row *reduce_stage(struct results *r,
				       const struct spec *rungs, size_t n,
				       const struct variant *user, double ms,
				       const double *ctr)
{
	for (size_t i = 0; i < n; i++)
		if (rungs[i].variant)
			add(r, registry_find(rungs[i].variant), "my-reduce",
			    N24, 1, rungs[i].ms, rungs[i].ctr);
	return add(r, user, "my-reduce", N24, 1, ms, ctr);
}

#define NREDUCE (sizeof(reduce_rungs) / sizeof(reduce_rungs[0]))
#define NTRANSPOSE (sizeof(transpose_rungs) / sizeof(transpose_rungs[0]))

/* ---- rendering -------------------------------------------------------- */

struct rendered {
	char *en, *zh;
	char *en_user, *zh_user;    /* the "Your kernels" section, or NULL */
};

/* The section from its heading to the next "## " heading, or NULL. */
static char *section(const char *text, const char *heading)
{
	const char *at = strstr(text, heading), *end;

	if (!at)
		return NULL;
	end = strstr(at + strlen(heading), "\n## ");
	return end ? xstrndup(at, (size_t)(end - at)) : xstrdup(at);
}

static char *read_page(const char *dir, const char *page, const char *lang)
{
	char *path = xasprintf("%s/%s.%s.md", dir, page, lang);
	char *text = slurp(path, NULL);

	assert_non_null(text);
	free(path);
	return text;
}

/* Both pages, the details first (their tables have every column). */
static char *read_report(const char *dir, const char *lang)
{
	char *details = with_family_pages(read_page(dir, "details", lang),
					  dir, lang);
	char *body = read_page(dir, "report", lang);
	char *both = xasprintf("%s\n%s", details, body);

	free(details);
	free(body);
	return both;
}

static void render_charts(const struct results *r, struct rendered *out,
			  bool charts, char **dirp)
{
	struct report_options o;
	char *dir = scratch_for("report-user");

	report_test_options(&o, dir);
	o.charts = charts;
	assert_int_equal(report_render(r, &o), 0);
	out->en = read_report(dir, "en");
	out->zh = read_report(dir, "zh");
	out->en_user = section(out->en, "## Your kernels\n");
	out->zh_user = section(out->zh, "## 你的核函数\n");
	if (dirp)
		*dirp = dir;
	else
		scratch_done(dir);
}

static void render(const struct results *r, struct rendered *out)
{
	render_charts(r, out, false, NULL);
}

/* How often needle occurs in text. */
static size_t count_in(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = text; p && (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

static void rendered_free(struct rendered *x)
{
	free(x->en);
	free(x->zh);
	free(x->en_user);
	free(x->zh_user);
}

/* Renders the reduce stage with every rung and a user kernel of time ms
 * and counters ctr (resources, flags as given). */
static void render_reduce(const struct variant *user, double ms,
			  const double *ctr, const struct kernel_resources *res,
			  struct rendered *out)
{
	struct results r;
	struct result_row *row;

	results_init(&r);
	row = reduce_stage(&r, reduce_rungs, NREDUCE, user, ms, ctr);
	if (res) {
		row->resources = *res;
		row->resources.kernel = xstrdup("reduce_v1");
	}
	render(&r, out);
	results_release(&r);
}

/* ---- tests ------------------------------------------------------------ */

/* Counters like the strided rung's: bank conflicts, placed between rungs
 * 4 and 5, in both languages. */
static void test_bank_conflicts(void **state)
{
	static const double ctr[NCOLS] = { 2.5, 90.0, 7.5e7, 100, 4, 1 };
	struct rendered x;

	(void)state;
	render_reduce(&user_reduce, 0.1, ctr, NULL, &x);
	EXPECT_IN(x.en_user, "### alice.v1: Alice: shared-memory tree\n\n"
			     "Source: student/alice.cu:reduce\\_v1.\n\n"
			     "#### reduce / float, n = 2^24, block 256 "
			     "(experiment my-reduce)\n\n");
	EXPECT_IN(x.en_user, "- Time: 0.1000 ms (median; spread 0.00 %), ");
	EXPECT_IN(x.en_user, "- On the ladder: between rung 4 "
			     "(reduce\\_interleaved\\_strided, 0.1100 ms), which "
			     "it beats by 1.10×, and rung 5 "
			     "(reduce\\_shared\\_static, 0.08800 ms), which is "
			     "1.14× faster.\n");
	EXPECT_IN(x.en_user, "  - **Shared-memory bank conflicts**: its shared "
			     "loads conflict about as often per instruction as "
			     "those of rung 4 (reduce\\_interleaved\\_strided)");
	EXPECT_IN(x.en_user, " Here rung 5 (reduce\\_shared\\_static) runs in "
			     "0.08800 ms, 1.14× the speed of yours. "
			     "Evidence: bank\\_conflicts\\_per\\_shared\\_ld 2.50 "
			     "against 2.90 for rung 4 "
			     "(reduce\\_interleaved\\_strided) and 0.0210 for "
			     "rung 5 (reduce\\_shared\\_static).\n");
	/* what it does not show, and the advice kept for later */
	EXPECT_IN(x.en_user, "  - Not found: divergence, "
			     "uncoalesced loads, a host step.\n");
	EXPECT_NOT_IN(x.en_user, "No vector loads");
	EXPECT_IN(x.en_user, "  - Not judged: low occupancy from registers, "
			     "low occupancy from shared memory, as its "
			     "resources were not recorded (unknown).\n");
	/* Chinese */
	EXPECT_IN(x.zh_user, "#### reduce / float，n = 2^24，线程块 256（实验 "
			     "my-reduce）");
	EXPECT_IN(x.zh_user, "- 在阶梯上的位置：介于第 4 级（"
			     "reduce\\_interleaved\\_strided，0.1100 ms）和第 5 "
			     "级（reduce\\_shared\\_static，0.08800 ms）之间："
			     "比前者快 1.10×，后者比它快 1.14×。");
	EXPECT_IN(x.zh_user, "**共享内存 bank 冲突**：它每条共享内存读指令的 "
			     "bank 冲突次数与第 4 级（"
			     "reduce\\_interleaved\\_strided）相当。");
	EXPECT_IN(x.zh_user, "依据：bank\\_conflicts\\_per\\_shared\\_ld 为 "
			     "2.50，而第 4 级（reduce\\_interleaved\\_strided）"
			     "为 2.90");
	EXPECT_IN(x.zh_user, "  - 没有发现：分支发散、全局内存读未合并、"
			     "主机端求和步骤。");
	rendered_free(&x);
}

/* Few bytes per shared access and many warp instructions: divergence;
 * few bytes but few instructions: the counters cannot tell. */
static void test_divergence(void **state)
{
	static const double div[NCOLS] = { 0.02, 28.0, 1.3e8, 100, 4, 1 };
	static const double shfl[NCOLS] = { 0.0, 7.0, 3.0e6, 100, 4, 1 };
	struct rendered x;

	(void)state;
	render_reduce(&user_reduce, 0.16, div, NULL, &x);
	EXPECT_IN(x.en_user, "  - **Divergence: few working threads per "
			     "shared-memory access**: its shared loads and "
			     "stores move few bytes each and it issues many "
			     "more warp instructions than rung 5 "
			     "(reduce\\_shared\\_static), as rung 3 "
			     "(reduce\\_interleaved\\_divergent) does");
	EXPECT_IN(x.en_user, "Evidence: shared\\_bytes\\_per\\_instr 28.0 "
			     "against 27.0 for rung 3 "
			     "(reduce\\_interleaved\\_divergent) and 91.0 for "
			     "rung 5 (reduce\\_shared\\_static); "
			     "warp\\_instructions 130 M against 135 M");
	EXPECT_IN(x.en_user, "Not found: shared-memory bank "
			     "conflicts, ");
	EXPECT_IN(x.zh_user, "**分支发散：每次共享内存访问只有少数线程在工作**");
	EXPECT_NOT_IN(x.en_user, "do not separate the two");
	rendered_free(&x);

	render_reduce(&user_reduce, 0.035, shfl, NULL, &x);
	EXPECT_NOT_IN(x.en_user, "**Divergence:");
	EXPECT_IN(x.en_user, "  - **Few working threads per shared-memory "
			     "access, or few shared accesses by design?** ");
	EXPECT_IN(x.en_user, "these counters do not separate the two.");
	EXPECT_IN(x.zh_user, "这些计数器区分不了这两种情况");
	rendered_free(&x);
}

/* Plain loads far below the vector rung: no vector loads (only when no
 * other problem shows); the same loads near its speed: nothing. */
static void test_vector_loads(void **state)
{
	static const double plain[NCOLS] = { 0.02, 91.0, 2.0e7, 100, 4, 1 };
	struct rendered x;

	(void)state;
	render_reduce(&user_reduce, 0.04, plain, NULL, &x);
	EXPECT_IN(x.en_user, "  - **No vector loads, far below the ceiling**: ");
	EXPECT_IN(x.en_user, "As rung 13 (reduce\\_vector\\_atomic) shows, the "
			     "fix is 16-byte loads");
	EXPECT_IN(x.en_user, "gld\\_sectors\\_per\\_request 4.00 against 4.00 "
			     "for rung 5 (reduce\\_shared\\_static) and 16.0 for "
			     "rung 13 (reduce\\_vector\\_atomic); ");
	EXPECT_IN(x.en_user, "% of the 2486 GB/s of rung 13 "
			     "(reduce\\_vector\\_atomic)");
	EXPECT_IN(x.zh_user, "**没有使用向量化读取，且远低于上限**");
	rendered_free(&x);

	/* as fast as the vector rung: faster than every rung, nothing shows */
	render_reduce(&user_reduce, 0.0268, plain, NULL, &x);
	EXPECT_NOT_IN(x.en_user, "**No vector loads");
	EXPECT_IN(x.en_user, "- On the ladder: faster than every built-in rung "
			     "measured here, by 1.01× (within noise) over the "
			     "fastest, rung 13 (reduce\\_vector\\_atomic, "
			     "0.02700 ms).\n");
	EXPECT_IN(x.en_user, "  - Not found: shared-memory bank conflicts, "
			     "divergence, uncoalesced loads, a host step, no "
			     "vector loads.\n");
	EXPECT_IN(x.zh_user, "  - 没有发现：共享内存 bank 冲突、");
	rendered_free(&x);
}

/* Finish on the host (the flag), several problems at once, low
 * occupancy from registers, and their absence. */
static void test_host_step_and_occupancy(void **state)
{
	static const double ctr[NCOLS] = { 2.5, 90.0, 7.5e7, 100, 4, 1 };
	static const double clean[NCOLS] = { 0.02, 91.0, 2.0e7, 100, 16, 1 };
	struct variant host = user_reduce;
	struct kernel_resources low = {
		.known = true, .kernels = 2, .registers = 128,
		.static_smem = 1024, .block_threads = 256, .blocks_per_sm = 2,
		.occupancy_pct = 25.0, .limiter = RL_REGISTERS,
		.spill_bytes = 16, .local_bytes = 16,
	};
	struct kernel_resources full = low;
	struct rendered x;

	(void)state;
	host.flags |= VF_HOST_STEP;
	render_reduce(&host, 0.1, ctr, &low, &x);
	EXPECT_IN(x.en_user, "  - **Host step**: it finishes on the host "
			     "(finish: host), as rung 1 (reduce\\_global) does");
	EXPECT_IN(x.en_user, "As reduce\\_single\\_pass (not run here) shows, "
			     "the fix is to let "
			     "the last block to finish add the partial sums on "
			     "the GPU");
	EXPECT_IN(x.en_user, "  - **Low occupancy from registers**: ");
	EXPECT_IN(x.en_user, "Evidence: theoretical occupancy 25.0 %, limited "
			     "by registers (128 registers per thread, 1024 B of "
			     "shared memory and 256 threads per block).");
	EXPECT_IN(x.en_user, "  - Several of these problems show at once, and "
			     "the numbers cannot say how much time each one "
			     "costs");
	EXPECT_NOT_IN(x.en_user, "Low occupancy from shared memory**");
	EXPECT_IN(x.zh_user, "**主机端求和步骤**：它和第 1 级（reduce\\_global）"
			     "一样在主机上完成求和");
	EXPECT_IN(x.zh_user, "理论占用率 25.0 %，受寄存器限制");
	/* the resource columns in the ladder table */
	EXPECT_IN(x.en, "| Registers/thread | Shared mem/block (B) | Local "
			"mem/thread (B) | Theoretical occupancy |");
	EXPECT_IN(x.en, "| 128 | 1024 | 16 (spills 16) | 25.0 % (registers, 2 "
			"blocks of 256) |");
	EXPECT_IN(x.zh, "| 128 | 1024 | 16（溢出 16） | 25.0 %（寄存器，2 个 256 "
			"线程的块） |");
	EXPECT_IN(x.en, "Resources are those of the kernel that does the "
			"measurement's main pass");
	rendered_free(&x);

	full.occupancy_pct = 100;
	full.blocks_per_sm = 8;
	full.limiter = RL_WARPS;
	render_reduce(&user_reduce, 0.03, clean, &full, &x);
	EXPECT_NOT_IN(x.en_user, "**Host step**");
	EXPECT_NOT_IN(x.en_user, "**Low occupancy");
	EXPECT_NOT_IN(x.en_user, "Several of these problems");
	EXPECT_IN(x.en_user, "  - None of the ladder's known problems shows "
			     "(checked: shared-memory bank conflicts, "
			     "divergence, uncoalesced loads, a host step, low "
			     "occupancy from registers, low occupancy from "
			     "shared memory, no vector loads).\n");
	EXPECT_IN(x.zh_user, "  - 没有发现阶梯中任何已知的问题（已检查：共享内存 "
			     "bank 冲突、分支发散、");
	rendered_free(&x);
}

/* Without the rungs a rule compares with, the diagnosis names them. */
static void test_would_need_rungs(void **state)
{
	static const struct spec only_global[] = { reduce_rungs[0] };
	static const double ctr[NCOLS] = { 2.5, 90.0, 7.5e7, 100, 4, 1 };
	struct results r;
	struct rendered x;

	(void)state;
	results_init(&r);
	reduce_stage(&r, only_global, 1, &user_reduce, 0.1, ctr);
	render(&r, &x);
	EXPECT_IN(x.en_user, "- On the ladder: faster than every built-in rung "
			     "measured here, by 1.80× over the fastest, rung 1 "
			     "(reduce\\_global, 0.1800 ms).");
	EXPECT_IN(x.en_user, "  - To judge shared-memory bank conflicts, "
			     "divergence, uncoalesced loads, no vector loads, "
			     "the diagnosis would need rungs "
			     "reduce\\_interleaved\\_strided, "
			     "reduce\\_shared\\_static, "
			     "reduce\\_interleaved\\_divergent, "
			     "reduce\\_vector\\_atomic measured with counters "
			     "beside it (same experiment, type and size).\n");
	EXPECT_IN(x.zh_user, "  - 要判断共享内存 bank 冲突、分支发散、全局内存读"
			     "未合并、没有使用向量化读取，诊断需要在同一实验、同一"
			     "类型、同一规模下带计数器测量这些内置级："
			     "reduce\\_interleaved\\_strided、");
	/* no bank-conflict verdict without its rungs */
	EXPECT_NOT_IN(x.en_user, "**Shared-memory bank conflicts**");
	EXPECT_IN(x.en_user, "  - Not found: a host step.\n");
	EXPECT_NOT_IN(x.en_user, "None of the ladder's known problems");
	rendered_free(&x);
	results_release(&r);

	/* the rungs ran, but without counters: still needed */
	results_init(&r);
	reduce_stage(&r, reduce_rungs, NREDUCE, &user_reduce, 0.1, ctr);
	for (size_t i = 0; i < r.nrows; i++)
		if (!strcmp(r.rows[i].variant, "reduce_interleaved_strided")) {
			free(r.rows[i].counters_status);
			r.rows[i].counters_status = xstrdup("not requested");
		}
	render(&r, &x);
	EXPECT_IN(x.en_user, "  - To judge shared-memory bank conflicts, the "
			     "diagnosis would need rungs "
			     "reduce\\_interleaved\\_strided measured with "
			     "counters");
	rendered_free(&x);
	results_release(&r);
}

/* Reference rungs that do not differ enough: not judged, said so; a
 * user row without counters is placed but judged only on flags. */
static void test_cannot_tell(void **state)
{
	struct spec rungs[NREDUCE];
	static const double ctr[NCOLS] = { 2.5, 90.0, 7.5e7, 100, 4, 1 };
	struct results r;
	struct rendered x;

	(void)state;
	memcpy(rungs, reduce_rungs, sizeof(rungs));
	rungs[2].ctr[0] = 0.2;      /* strided under the floor: like static */
	results_init(&r);
	reduce_stage(&r, rungs, NREDUCE, &user_reduce, 0.1, ctr);
	render(&r, &x);
	EXPECT_IN(x.en_user, "  - Not judged: shared-memory bank conflicts, as "
			     "rung 4 (reduce\\_interleaved\\_strided) and rung 5 "
			     "(reduce\\_shared\\_static) measured here differ too "
			     "little in bank\\_conflicts\\_per\\_shared\\_ld (0.200 "
			     "against 0.0210) to tell which of them it is "
			     "like.\n");
	EXPECT_NOT_IN(x.en_user, "**Shared-memory bank conflicts**");
	EXPECT_IN(x.zh_user, "在 bank\\_conflicts\\_per\\_shared\\_ld 上相差太小");
	rendered_free(&x);
	results_release(&r);

	results_init(&r);
	reduce_stage(&r, reduce_rungs, NREDUCE, &user_reduce, 0.1, NULL);
	render(&r, &x);
	EXPECT_IN(x.en_user, "  - Its counters were not collected (counters not "
			     "requested), so only what needs no counters is "
			     "judged.\n");
	EXPECT_IN(x.en_user, "  - Not found: a host step.\n");
	EXPECT_NOT_IN(x.en_user, "not judged: its bank");
	rendered_free(&x);
	results_release(&r);
}

/* A wrong answer is not placed and shows no speed, anywhere. */
static void test_failed_user_row(void **state)
{
	static const double ctr[NCOLS] = { 2.5, 90.0, 7.5e7, 100, 4, 1 };
	struct results r;
	struct result_row *row;
	struct rendered x;
	char *dir;

	(void)state;
	results_init(&r);
	row = reduce_stage(&r, reduce_rungs, NREDUCE, &user_reduce, 123.456,
			   ctr);
	row->status = ROW_WRONG;
	row->verified = false;
	/* the shape family.c writes, in Chinese on the Chinese page */
	row->message = xstrdup("sum is 1.5, expected 2.5 (error 1 > "
			       "tolerance 0.01)");
	render_charts(&r, &x, true, &dir);
	EXPECT_IN(x.en_user, "#### reduce / float, n = 2^24, block 256 "
			     "(experiment my-reduce)\n\n- **FAILED** (wrong "
			     "answer): sum is 1.5, expected 2.5 (error 1 &gt; "
			     "tolerance 0.01). A kernel that fails is not placed "
			     "on the ladder and shows no speed.\n");
	EXPECT_IN(x.zh_user, "- **失败**（结果错误）：和为 1.5，应为 2.5（误差 1 "
			     "&gt; 容差 0.01）。失败的核函数不会被放上阶梯，也不"
			     "给出速度。");
	EXPECT_NOT_IN(x.en_user, "On the ladder");
	EXPECT_NOT_IN(x.en_user, "Diagnosis");
	EXPECT_NOT_IN(x.en, "123.4");
	EXPECT_NOT_IN(x.zh, "123.4");
	{
		/* one size: the ladder chart, no chart against size */
		char *dat = xasprintf("%s/charts/ladder-reduce-float.dat", dir);
		char *time = xasprintf("%s/charts/time-reduce-float.dat", dir);
		char *text = slurp(dat, NULL);

		assert_non_null(text);
		EXPECT_NOT_IN(text, "123.4");
		assert_null(slurp(time, NULL));
		free(text);
		free(dat);
		free(time);
	}
	rendered_free(&x);
	scratch_done(dir);
	results_release(&r);
}

/* Right at one size and wrong at another (the course's in-place fold at a
 * size its blocks do not divide): the body gives the verified row in
 * full and the failure too, and never says the other rows' counters
 * agree. */
static void test_right_then_wrong(void **state)
{
	static const double ctr[NCOLS] = { 2.5, 90.0, 7.5e7, 100, 4, 1 };
	struct results r;
	struct result_row *row;
	struct rendered x;

	(void)state;
	results_init(&r);
	reduce_stage(&r, reduce_rungs, NREDUCE, &user_reduce, 0.2, ctr);
	row = add(&r, &user_reduce, "my-reduce", 1000000, 1, 0.1, ctr);
	row->status = ROW_WRONG;
	row->verified = false;
	row->message = xstrdup("sum is nan, expected 500062.6");
	render(&r, &x);
	EXPECT_IN(x.en_user, "It verified at float, n = 2^24 alone: below, "
			     "float, n = 2^24 in full and the failure at float, "
			     "n = 1000000 (the table gives each failure's "
			     "reason).\n");
	EXPECT_IN(x.en_user, "#### reduce / float, n = 1000000, block 256 "
			     "(experiment my-reduce)\n\n- **FAILED** (wrong "
			     "answer): sum is nan, expected 500062.6.");
	EXPECT_IN(x.zh_user, "它只在 float，n = 2^24 验证通过：下面完整给出 "
			     "float，n = 2^24 的诊断和 float，n = 1000000 的失败"
			     "详情（每处失败的原因见上表）。");
	EXPECT_NOT_IN(x.en_user, "same diagnosis");
	/* the verified row is still diagnosed in full, before the failure */
	assert_true(strstr(x.en_user, "#### reduce / float, n = 2^24") <
		    strstr(x.en_user, "#### reduce / float, n = 1000000"));
	rendered_free(&x);
	results_release(&r);
}

/* A transpose whose stores are like the naive rung's, beside the copy
 * ceiling; its row in the table is marked and its charts label it. */
static void test_transpose_and_tables(void **state)
{
	static const double naive[NCOLS] = { NAN, NAN, 6.9e7, 100, 4, 32 };
	struct results r;
	struct rendered x;
	char *dir, *line;

	(void)state;
	results_init(&r);
	for (size_t i = 0; i < NTRANSPOSE; i++)
		add(&r, registry_find(transpose_rungs[i].variant), "my-transpose",
		    8192, 8192, transpose_rungs[i].ms, transpose_rungs[i].ctr);
	add(&r, &user_transpose, "my-transpose", 8192, 8192, 1.0, naive);
	render_charts(&r, &x, true, &dir);
	EXPECT_IN(x.en_user, "### bob.t1\n\nSource: student/bob.cu:transpose\\_t1.");
	EXPECT_IN(x.en_user, "#### transpose / float, 8192 × 8192 (experiment "
			     "my-transpose)");
	EXPECT_IN(x.en_user, ", 17.6 % of the measured ceiling "
			     "(transpose\\_copy: 3050 GB/s).");
	EXPECT_IN(x.en_user, "- On the ladder: between rung 3 "
			     "(transpose\\_naive, 1.130 ms), which it beats by "
			     "1.13×, and rung 6 (transpose\\_tile, 0.3300 ms), "
			     "which is 3.03× faster.");
	EXPECT_IN(x.en_user, "  - **Uncoalesced stores**: a warp's stores touch "
			     "about as many 32-byte sectors as those of rung 3 "
			     "(transpose\\_naive)");
	EXPECT_IN(x.en_user, "As rung 6 (transpose\\_tile) shows, the fix is to "
			     "stage a tile in shared memory");
	EXPECT_IN(x.en_user, "Not found: shared-memory bank "
			     "conflicts, uncoalesced loads.");
	EXPECT_IN(x.zh_user, "**全局内存写未合并**");
	/* the table: "yours", no step speedup, a cumulative one (columns:
	 * rung, what it does, time, spread, GB/s, % of peak, % of ceiling,
	 * step, cumulative, verified) */
	line = table_line_with(x.en, "| yours | bob.t1 |");
	assert_non_null(line);
	{
		char *step = table_cell(line, 7), *cum = table_cell(line, 8);

		assert_string_equal(step, "—");
		assert_string_equal(cum, "1.13× faster");
		free(step);
		free(cum);
	}
	free(line);
	EXPECT_IN(x.zh, "| 你的核函数 | bob.t1 |");
	EXPECT_IN(x.en, "**yours: bob.t1** — bob.t1");
	/* the rungs' step chain is untouched: rung 4 over rung 3 */
	line = table_line_with(x.en, "| rung 4 | naive: strided reads, "
			       "coalesced writes |");
	assert_non_null(line);
	EXPECT_IN(line, "| 3.98× faster |");
	free(line);
	{
		char *path = xasprintf("%s/charts/transpose-transpose-float.dat",
				       dir);
		char *gp = xasprintf("%s/charts/transpose-transpose-float.gp",
				     dir);
		char *text = slurp(gp, NULL);

		assert_non_null(text);
		EXPECT_IN(text, "bob.t1 (yours)");
		free(text);
		free(gp);
		free(path);
	}
	rendered_free(&x);
	scratch_done(dir);
	results_release(&r);
}

/* The rules the tests above do not reach, each once showing its problem
 * and once not: one case per row, a user kernel with these counters (and
 * resources) beside every rung of its family. */
static void test_every_rule(void **state)
{
	static const struct {
		bool transpose;
		double ms, ctr[NCOLS];
		enum resource_limiter limiter;  /* RL_NONE: no resources */
		double occupancy;
		const char *shown;              /* NULL: nothing shows */
	} cases[] = {
		/* reduce: loads that waste most of their sectors */
		{ false, 0.2, { 0.02, 91, 6e7, 30, 4, 1 }, RL_NONE, 0,
		  "  - **Uncoalesced loads**: its global loads use less than "
		  "half as large a share of the bytes they move as those of "
		  "rung 5 (reduce\\_shared\\_static)" },
		{ false, 0.03, { 0.02, 91, 6e7, 90, 16, 1 }, RL_NONE, 0, NULL },
		/* shared memory limits the blocks per SM */
		{ false, 0.03, { 0.02, 91, 2e7, 100, 16, 1 }, RL_SHARED, 25,
		  "  - **Low occupancy from shared memory**: " },
		{ false, 0.03, { 0.02, 91, 2e7, 100, 16, 1 }, RL_SHARED, 75,
		  NULL },
		/* transpose: a tile read by columns */
		{ true, 0.3, { 28, 128, 1e8, 100, 4, 4 }, RL_NONE, 0,
		  "  - **Shared-memory bank conflicts**: its shared loads "
		  "conflict about as often per instruction as those of rung 6 "
		  "(transpose\\_tile), which reads a 32 × 32 tile by columns" },
		/* strided reads */
		{ true, 0.3, { NAN, NAN, 6e7, 12.5, 32, 4 }, RL_NONE, 0,
		  "  - **Uncoalesced loads**: a warp's loads touch about as "
		  "many 32-byte sectors as those of rung 4 "
		  "(transpose\\_naive\\_strided\\_read)" },
		/* coalesced and conflict-free, but one element per access and
		 * far below the copy ceiling; then as fast as the ceiling */
		{ true, 0.3, { 0.05, 128, 1e8, 100, 4, 4 }, RL_NONE, 0,
		  "  - **One element per access, far below the ceiling**: " },
		{ true, 0.18, { 0.05, 128, 1e8, 100, 4, 4 }, RL_NONE, 0, NULL },
	};
	static const char *const headings[] = {
		"**Uncoalesced", "**Low occupancy", "**Shared-memory bank",
		"**One element", "**No vector", "**Divergence",
	};

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct kernel_resources res = {
			.known = true, .registers = 32, .static_smem = 40000,
			.block_threads = 256, .blocks_per_sm = 1,
			.occupancy_pct = cases[c].occupancy,
			.limiter = cases[c].limiter,
		};
		struct results r;
		struct result_row *row;
		struct rendered x;

		results_init(&r);
		if (cases[c].transpose) {
			for (size_t i = 0; i < NTRANSPOSE; i++)
				add(&r, registry_find(transpose_rungs[i].variant),
				    "my-transpose", 8192, 8192,
				    transpose_rungs[i].ms, transpose_rungs[i].ctr);
			row = add(&r, &user_transpose, "my-transpose", 8192,
				  8192, cases[c].ms, cases[c].ctr);
		} else {
			row = reduce_stage(&r, reduce_rungs, NREDUCE,
					   &user_reduce, cases[c].ms,
					   cases[c].ctr);
		}
		if (cases[c].limiter != RL_NONE)
			row->resources = res;
		render(&r, &x);
		if (cases[c].shown)
			EXPECT_IN(x.en_user, cases[c].shown);
		for (size_t h = 0; !cases[c].shown &&
				   h < sizeof(headings) / sizeof(headings[0]); h++)
			EXPECT_NOT_IN(x.en_user, headings[h]);
		rendered_free(&x);
		results_release(&r);
	}
}

/* Without user rows there is no section, no "yours", no resource
 * columns: the fixture's golden reports (test_report.c) stay as they
 * are, and so does a synthetic report. */
static void test_no_user_rows(void **state)
{
	struct results r;
	struct rendered x;

	(void)state;
	results_init(&r);
	for (size_t i = 0; i < NREDUCE; i++)
		add(&r, registry_find(reduce_rungs[i].variant), "my-reduce", N24,
		    1, reduce_rungs[i].ms, reduce_rungs[i].ctr);
	render(&r, &x);
	assert_null(x.en_user);
	assert_null(x.zh_user);
	EXPECT_NOT_IN(x.en, "yours");
	EXPECT_NOT_IN(x.en, "Registers/thread");
	EXPECT_NOT_IN(x.zh, "你的核函数");
	rendered_free(&x);
	results_release(&r);
}

/* The synthetic case of test_bank_conflicts with a host step and
 * resources, rendered whole against tests/golden/synthetic-user/. */
static void test_user_golden(void **state)
{
	static const double ctr[NCOLS] = { 2.5, 90.0, 7.5e7, 100, 4, 1 };
	struct variant host = user_reduce;
	struct results r;
	struct result_row *row;
	struct rendered x;
	char *dir;

	(void)state;
	host.flags |= VF_HOST_STEP;
	results_init(&r);
	row = reduce_stage(&r, reduce_rungs, NREDUCE, &host, 0.1, ctr);
	row->resources = (struct kernel_resources){
		.known = true, .kernel = xstrdup("reduce_v1"), .kernels = 1,
		.registers = 32, .static_smem = 1024, .block_threads = 256,
		.blocks_per_sm = 8, .occupancy_pct = 100, .limiter = RL_WARPS,
		.spill_bytes = 0,
	};
	render_charts(&r, &x, true, &dir);
	for (int l = 0; l < 4; l++) {
		const char *lang = l % 2 ? "zh" : "en";
		const char *page = l / 2 ? "details" : "report";
		char *got = read_page(dir, page, lang);
		char *name = xasprintf("synthetic-user/%s.%s.md", page, lang);

		/* the details: the page and its families' pages */
		if (l / 2)
			got = with_family_pages(got, dir, lang);

		golden_check(got, name);
		free(name);
		free(got);
	}
	scratch_done(dir);
	rendered_free(&x);
	results_release(&r);
}

/* A user kernel whose timed region holds a host step, with its kernel
 * timed alone in the same runs (the recorded exercise's reduce_modulo):
 * placed, and each fix's speed quoted, by the kernel's own time, said
 * once; its host step's own fix still by the whole region.  Old: placed
 * by the whole region, "between rung 2 and rung 3 (rung 3 is 1.32×
 * faster)", and rung 5 "2.50× the speed of yours" (defect 2 of the
 * fourth review). */
static void test_host_step_apart(void **state)
{
	struct results r;
	struct rendered x;

	(void)state;
	if (!read_recorded("reports/examples/exercise/results.json", &r))
		skip();
	{
		const struct result_row *w = NULL, *r5 = NULL, *r14 = NULL;
		char *want;

		for (size_t i = 0; i < r.nrows; i++) {
			const struct result_row *q = &r.rows[i];

			if (strcmp(q->dtype, "int") || q->n != (1u << 24))
				continue;
			if (!strcmp(q->variant, "reduce_modulo.reduce_modulo"))
				w = q;
			else if (!strcmp(q->variant, "reduce_shared_static"))
				r5 = q;
			else if (!strcmp(q->variant, "reduce_single_pass"))
				r14 = q;
		}
		assert_true(w && r5 && r14 && w->tk.nsamples > 0);
		render(&r, &x);
		/* placed, and its fixes quoted, by the kernel alone; the
		 * host step's own fix by the whole region */
		want = xasprintf("- Placed by its kernel's own time, %s ms (the "
				 "kernel alone, timed in the same runs), and so "
				 "are the speeds of the fixes below but the host "
				 "step's: its host step, %s ms, measured, is "
				 "apart, and the time above (%s ms) is the whole "
				 "timed region.\n- On the ladder: between rung ",
				 FMT(w->tk.median_ms, 4),
				 FMT(w->t.median_ms - w->tk.median_ms, 3),
				 FMT(w->t.median_ms, 4));
		EXPECT_IN(x.en_user, want);
		free(want);
		want = xasprintf("Here rung 5 (reduce\\_shared\\_static) runs in "
				 "%s ms, %s the speed of yours.",
				 FMT(r5->t.median_ms, 4),
				 TIMES(w->tk.median_ms / r5->t.median_ms));
		EXPECT_IN(x.en_user, want);
		free(want);
		/* rung 14 differs in more than the host step: what the
		 * host step alone is worth is the kernel timed apart */
		want = xasprintf("Here rung 14 (reduce\\_single\\_pass) runs in "
				 "%s ms, %s the speed of yours, by its other "
				 "steps too: your kernel alone took %s ms, so "
				 "this fix by itself gains at most %s.",
				 FMT(r14->t.median_ms, 4),
				 TIMES(w->t.median_ms / r14->t.median_ms),
				 FMT(w->tk.median_ms, 4),
				 TIMES(w->t.median_ms / w->tk.median_ms));
		EXPECT_IN(x.en_user, want);
		free(want);
		/* never by the whole region against a rung's */
		want = xasprintf("%s the speed of yours",
				 TIMES(w->t.median_ms / r5->t.median_ms));
		EXPECT_NOT_IN(x.en_user, want);
		free(want);
		want = xasprintf("按核函数本身的时间 %s ms",
				 FMT(w->tk.median_ms, 4));
		EXPECT_IN(x.zh_user, want);
		free(want);
	}
	EXPECT_IN(x.en_user, "| type and size | whole timed region (ms) | "
		  "GB/s | of the ceiling | on the ladder, by the kernel's own "
		  "time |");
	EXPECT_IN(x.en, ", by its kernel's own time (its host step apart);");
	/* a kernel without a host step: placed by its timed region, as
	 * before, and no such sentence */
	EXPECT_IN(x.en_user, "### reduce\\_shfl.v2: ");
	assert_int_equal(count_in(x.en_user, "Placed by its kernel's own "
				  "time"), 1);
	rendered_free(&x);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bank_conflicts),
		cmocka_unit_test(test_divergence),
		cmocka_unit_test(test_vector_loads),
		cmocka_unit_test(test_host_step_and_occupancy),
		cmocka_unit_test(test_would_need_rungs),
		cmocka_unit_test(test_cannot_tell),
		cmocka_unit_test(test_failed_user_row),
		cmocka_unit_test(test_right_then_wrong),
		cmocka_unit_test(test_transpose_and_tables),
		cmocka_unit_test(test_every_rule),
		cmocka_unit_test(test_no_user_rows),
		cmocka_unit_test(test_user_golden),
		cmocka_unit_test(test_host_step_apart),
	};

	/* tests/update_golden.sh: only rewrite the goldens */
	if (getenv("CULAB_UPDATE_GOLDEN"))
		cmocka_set_test_filter("test_user_golden");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
