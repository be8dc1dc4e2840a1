/* source_lines.c - counters per source line, the plain-data half: the table of
 * per-line metrics, the sums per kernel function and line, which launches
 * they are of, and the names of the files.  See counters.h.
 *
 * No CUPTI here (counters_lines.cpp collects and maps each instruction to
 * its line), so everything that decides what a row records is tested
 * without a GPU on recorded instructions (tests/unit/test_lines.c).
 *
 * The table pairs each SASS metric with the kernel-level counters culab
 * already collects (the default set of metrics.c), so that the sum over a
 * launch's lines can be checked against them (tests/gpu/lines.sh): the
 * instrumented ones (smsp__sass_*) are the same count on both sides and
 * equal exactly; instructions and thread instructions are hardware
 * counters on the kernel-level side (LINES_HW_TOLERANCE). */
#include "counters.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* What the Makefile says culab was built in (kernels/ files are named
 * relative to it); "" for a build that does not say. */
#ifndef CULAB_SOURCE_DIR
#define CULAB_SOURCE_DIR ""
#endif

static const struct line_metric table[] = {
	{ "inst_executed", "smsp__sass_inst_executed",
	  { "smsp__inst_executed.sum" }, false, NULL,
	  "warp instructions executed",
	  "执行的线程束指令数",
	  NULL },
	{ "thread_inst_executed", "smsp__sass_thread_inst_executed",
	  { "smsp__thread_inst_executed.sum" }, false, NULL,
	  "thread instructions executed: the active threads of each warp "
	  "instruction, added (32 per instruction without divergence)",
	  "执行的线程指令数：每条线程束指令的活跃线程数之和（无分化时每条 32 个）",
	  NULL },
	{ "thread_inst_pred_on", "smsp__sass_thread_inst_executed_pred_on",
	  { "smsp__thread_inst_executed_pred_on.sum" }, false, NULL,
	  "thread instructions whose predicate was on: the threads that did "
	  "the work (a branch compiled to predication shows here, not as a "
	  "divergent branch)",
	  "谓词为真的线程指令数：真正做事的线程（被编译成谓词执行的分支在这里"
	  "显现，而不是作为分化分支）",
	  NULL },
	{ "branch_uniform", "smsp__sass_branch_targets_threads_uniform",
	  { "smsp__sass_branch_targets_threads_uniform.sum" }, true, NULL,
	  "branches whose active threads all went the same way",
	  "所有活跃线程走向同一目标的分支数",
	  NULL },
	{ "branch_divergent", "smsp__sass_branch_targets_threads_divergent",
	  { "smsp__sass_branch_targets_threads_divergent.sum" }, true, NULL,
	  "branches whose active threads went different ways (divergence)",
	  "活跃线程走向不同目标的分支数（分化）",
	  NULL },
	{ "global_ld", "smsp__sass_inst_executed_op_global_ld",
	  { "smsp__sass_inst_executed_op_global_ld.sum" }, true, NULL,
	  "global-memory load warp instructions (requests)",
	  "全局内存读的线程束指令数（请求数）",
	  NULL },
	{ "global_st", "smsp__sass_inst_executed_op_global_st",
	  { "smsp__sass_inst_executed_op_global_st.sum" }, true, NULL,
	  "global-memory store warp instructions (requests)",
	  "全局内存写的线程束指令数（请求数）",
	  NULL },
	{ "global_atom", "smsp__sass_inst_executed_op_global_atom",
	  { NULL }, true, NULL,
	  "global-memory atomic warp instructions (ATOM, ATOMG)",
	  "全局内存原子操作的线程束指令数（ATOM、ATOMG）",
	  NULL },
	{ "global_red", "smsp__sass_inst_executed_op_global_red",
	  { NULL }, true, NULL,
	  "global-memory reduction warp instructions (REDG: an atomic whose "
	  "result is not used)",
	  "全局内存归约的线程束指令数（REDG：不使用返回值的原子操作）",
	  NULL },
	{ "global_sectors", "smsp__sass_sectors_mem_global",
	  { "smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ld.sum",
	    "smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_st.sum",
	  NULL },
	  true, "global",
	  "32-byte sectors the global accesses touched",
	  "全局内存访问涉及的 32 字节扇区数",
	  NULL },
	{ "global_sectors_ideal", "smsp__sass_sectors_mem_global_ideal",
	  { NULL }, true, NULL,
	  "the sectors the same accesses would touch if coalesced: "
	  "global_sectors over this is the waste of an uncoalesced line",
	  "同样的访问完全合并时涉及的扇区数：global_sectors 与它之比就是"
	  "未合并访问的浪费",
	  NULL },
	{ "shared_ld", "smsp__sass_inst_executed_op_shared_ld",
	  { "smsp__sass_inst_executed_op_shared_ld.sum" }, true, NULL,
	  "shared-memory load warp instructions (requests)",
	  "共享内存读的线程束指令数（请求数）",
	  NULL },
	{ "shared_st", "smsp__sass_inst_executed_op_shared_st",
	  { "smsp__sass_inst_executed_op_shared_st.sum" }, true, NULL,
	  "shared-memory store warp instructions (requests)",
	  "共享内存写的线程束指令数（请求数）",
	  NULL },
	{ "shared_wavefronts", "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared",
	  { "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
	    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
	  NULL },
	  true, "shared",
	  "shared-memory wavefronts: the passes the accesses took",
	  "共享内存 wavefront 数：访问实际用去的轮次",
	  NULL },
	{ "shared_wavefronts_ideal",
	  "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal",
	  { NULL }, true, NULL,
	  "the wavefronts the same accesses would take without bank "
	  "conflicts: shared_wavefronts over this is an n-way conflict",
	  "同样的访问没有 bank 冲突时所需的 wavefront 数：shared_wavefronts "
	  "与它之比即 n 路冲突",
	  NULL },
	{ "local_ld", "smsp__sass_inst_executed_op_local_ld",
	  { NULL }, true, NULL,
	  "local-memory load warp instructions (spills and local arrays "
	  "read back)",
	  "本地内存读的线程束指令数（溢出和本地数组的读回）",
	  NULL },
	{ "local_st", "smsp__sass_inst_executed_op_local_st",
	  { NULL }, true, NULL,
	  "local-memory store warp instructions (spills and local arrays)",
	  "本地内存写的线程束指令数（溢出和本地数组）",
	  NULL },
	{ "local_sectors", "smsp__sass_sectors_mem_local",
	  { NULL }, true, NULL,
	  "32-byte sectors of local-memory traffic",
	  "本地内存流量的 32 字节扇区数",
	  NULL },
	/* where warps wait: CUPTI's PC sampling, the samples of the line's
	 * instructions by the state of the warp sampled (cupti_pcsampling.h;
	 * Nsight Compute's "warp state" names, docs/per-line.md) */
	{ "stall_barrier", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting at a barrier (__syncthreads) for the "
	  "block's other warps",
	  "线程束在屏障（__syncthreads）处等待同一块的其他线程束的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_barrier" },
	{ "stall_branch_resolving", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting for a branch's target to be computed",
	  "线程束等待分支目标计算完成的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_branch_resolving" },
	{ "stall_dispatch_stall", NULL, { NULL }, false, NULL,
	  "PC samples of warps ready, but the dispatcher could not issue it",
	  "线程束已就绪，但调度器无法发射的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_dispatch_stall" },
	{ "stall_drain", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting for its memory stores to drain before exiting",
	  "线程束退出前等待其内存写出完成的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_drain" },
	{ "stall_imc_miss", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting for a constant-cache miss",
	  "线程束等待常量缓存未命中的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_imc_miss" },
	{ "stall_lg_throttle", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting for room in the local/global memory queue",
	  "线程束等待本地/全局内存指令队列腾出空间的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_lg_throttle" },
	{ "stall_long_scoreboard", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting on global or local memory (a long "
	  "scoreboard dependency)",
	  "线程束等待全局或本地内存（长记分板依赖）的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_long_scoreboard" },
	{ "stall_math_pipe_throttle", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting for a busy math pipe",
	  "线程束等待繁忙的运算流水线的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_math_pipe_throttle" },
	{ "stall_membar", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting at a memory barrier",
	  "线程束在内存屏障处等待的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_membar" },
	{ "stall_mio_throttle", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting for room in the memory input/output "
	  "queue (shared memory, special math)",
	  "线程束等待 MIO 队列（共享内存、特殊函数）腾出空间的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_mio_throttle" },
	{ "stall_misc", NULL, { NULL }, false, NULL,
	  "PC samples of warps stalled for a reason not otherwise counted",
	  "线程束因其他未归类原因停顿的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_misc" },
	{ "stall_no_instructions", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting for instructions (an instruction-cache"
	  " miss or after a branch)",
	  "线程束等待指令（指令缓存未命中或分支之后）的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_no_instructions" },
	{ "stall_not_selected", NULL, { NULL }, false, NULL,
	  "PC samples of warps ready, but another warp was issued",
	  "线程束已就绪，但调度器选择了其他线程束的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_not_selected" },
	{ "stall_selected", NULL, { NULL }, false, NULL,
	  "PC samples of warps issuing an instruction (selected: not "
	  "stalled)",
	  "线程束正在发射指令（被选中，没有停顿）的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_selected" },
	{ "stall_short_scoreboard", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting on shared memory or a special-math "
	  "result (a short scoreboard dependency)",
	  "线程束等待共享内存或特殊函数结果（短记分板依赖）的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_short_scoreboard" },
	{ "stall_sleeping", NULL, { NULL }, false, NULL,
	  "PC samples of warps asleep (nanosleep or a yield)",
	  "线程束休眠（nanosleep 或让出）的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_sleeping" },
	{ "stall_tex_throttle", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting for room in the texture queue",
	  "线程束等待纹理队列腾出空间的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_tex_throttle" },
	{ "stall_wait", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting a fixed number of cycles on a dependency",
	  "线程束按固定周期等待依赖的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_wait" },
	{ "stall_warpgroup_arrive", NULL, { NULL }, false, NULL,
	  "PC samples of warps waiting at a warpgroup arrive",
	  "线程束在 warpgroup arrive 处等待的 PC 采样数",
	  "smsp__pcsamp_warps_issue_stalled_warpgroup_arrive" },
};

const struct line_metric *lines_metrics(size_t *count)
{
	*count = ARRAY_SIZE(table);
	return table;
}

bool lines_stalls_wanted(void)
{
	static const char *const values[] = { "on", "off" };

	/* a value of neither is said once and sampled as by default */
	return env_choice("CULAB_STALLS", values, 2) != values[1];
}

const struct line_metric *lines_metric_find(const char *name)
{
	for (size_t i = 0; name && i < ARRAY_SIZE(table); i++)
		if (strcmp(table[i].name, name) == 0)
			return &table[i];
	return NULL;
}

const char *lines_build_root(void)
{
	return CULAB_SOURCE_DIR;
}

/* ---- a row's lines ------------------------------------------------------ */

static void kernel_release(struct line_kernel *k)
{
	for (size_t i = 0; i < k->nlines; i++) {
		free(k->lines[i].file);
		free(k->lines[i].values);
	}
	free(k->lines);
	free(k->launches);
	free(k->kernel);
	free(k->symbol);
	memset(k, 0, sizeof(*k));
}

void source_lines_release(struct source_lines *l)
{
	if (!l)
		return;
	free(l->status);
	for (size_t i = 0; i < l->nmetrics; i++)
		free(l->metrics[i]);
	free(l->metrics);
	for (size_t i = 0; i < l->nkernels; i++)
		kernel_release(&l->kernels[i]);
	free(l->kernels);
	for (size_t i = 0; i < l->nlaunched; i++)
		free(l->launched[i].kernel);
	free(l->launched);
	memset(l, 0, sizeof(*l));
	l->seconds = l->collect_seconds = NAN;
	l->launches = -1;
}

void source_lines_set_status(struct source_lines *l, const char *why)
{
	double seconds = l->seconds, collect = l->collect_seconds;

	source_lines_release(l);
	l->recorded = true;
	l->seconds = seconds;
	l->collect_seconds = collect;
	l->status = xstrdup(why ? why : "not collected");
}

int source_lines_metric(const struct source_lines *l, const char *name)
{
	for (size_t i = 0; name && i < l->nmetrics; i++)
		if (strcmp(l->metrics[i], name) == 0)
			return (int)i;
	return -1;
}

double source_lines_sum(const struct source_lines *l, size_t k, size_t m)
{
	double s = 0;

	if (k >= l->nkernels || m >= l->nmetrics)
		return NAN;
	for (size_t i = 0; i < l->kernels[k].nlines; i++)
		s += l->kernels[k].lines[i].values[m];
	return s;
}

/* ---- file names --------------------------------------------------------- */

/* path relative to dir when it lies below it, else NULL. */
static const char *below(const char *path, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (!n || strncmp(path, dir, n) != 0 || path[n] != '/')
		return NULL;
	path += n;
	while (*path == '/')
		path++;
	return *path ? path : NULL;
}

char *lines_file_name(const char *dir, const char *file, const char *root,
		      const char *cwd)
{
	char *full;
	const char *rel;

	if (!file || !*file)
		return NULL;
	if (file[0] == '/' || !dir || !*dir)
		full = xstrdup(file);
	else
		full = xasprintf("%s%s%s", dir, dir[strlen(dir) - 1] == '/' ?
				 "" : "/", file);
	if ((rel = below(full, root)) || (rel = below(full, cwd))) {
		char *r = xstrdup(rel);

		free(full);
		return r;
	}
	return full;
}

/* ---- aggregation -------------------------------------------------------- */

/* A key's order: by function, then file (no file last), then line. */
static int str_order(const char *a, const char *b)
{
	if (!a || !b)
		return (a == NULL) - (b == NULL);
	return strcmp(a, b);
}

static int pc_order(const void *x, const void *y)
{
	const struct lines_pc *a = *(const struct lines_pc *const *)x;
	const struct lines_pc *b = *(const struct lines_pc *const *)y;
	int c = strcmp(a->symbol ? a->symbol : "", b->symbol ? b->symbol : "");

	if (c)
		return c;
	if ((c = str_order(a->file, b->file)))
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->pc < b->pc ? -1 : a->pc > b->pc;
}

/* The launches of function k->symbol whose warps add up to `warps`: the
 * first of them, in order, until the sum reaches it. */
static void tell_launches(struct line_kernel *k, double warps,
			  const struct lines_launch_rec *launches, size_t n)
{
	double sum = 0;

	if (!(warps > 0))
		return;
	k->launches = xcalloc(n ? n : 1, sizeof(*k->launches));
	for (size_t i = 0; i < n && sum < warps; i++) {
		if (!launches[i].symbol || strcmp(launches[i].symbol, k->symbol))
			continue;
		sum += (double)launches[i].warps;
		k->launches[k->nlaunches++] = (int)i;
	}
	if (sum != warps) {
		free(k->launches);
		k->launches = NULL;
		k->nlaunches = 0;
	}
}

/* The place of a function's first launch, SIZE_MAX for none. */
static size_t first_launch(const char *symbol,
			   const struct lines_launch_rec *launches, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (launches[i].symbol && !strcmp(launches[i].symbol, symbol))
			return i;
	return SIZE_MAX;
}

/* The functions in the order of their first launch, then by name. */
static const struct lines_launch_rec *sort_launches;
static size_t sort_nlaunches;

static int kernel_order(const void *x, const void *y)
{
	const struct line_kernel *a = x, *b = y;
	size_t fa = first_launch(a->symbol, sort_launches, sort_nlaunches);
	size_t fb = first_launch(b->symbol, sort_launches, sort_nlaunches);

	if (fa != fb)
		return fa < fb ? -1 : 1;
	return strcmp(a->symbol, b->symbol);
}

void lines_aggregate(const struct lines_pc *pcs, size_t npcs,
		     const char *const *metrics, size_t nmetrics,
		     const struct lines_launch_rec *launches, size_t nlaunches,
		     struct source_lines *out)
{
	const struct lines_pc **by = xcalloc(npcs ? npcs : 1, sizeof(*by));
	int inst = -1;
	size_t i;

	source_lines_release(out);
	out->recorded = true;
	out->launches = launches ? (int)nlaunches : -1;
	if (launches) {
		out->launched = xcalloc(nlaunches + 1, sizeof(*out->launched));
		out->nlaunched = nlaunches;
		for (i = 0; i < nlaunches; i++) {
			out->launched[i].kernel =
				launch_watch_display_name(launches[i].symbol);
			out->launched[i].warps = (double)launches[i].warps;
		}
	}
	out->nmetrics = nmetrics;
	out->metrics = xcalloc(nmetrics ? nmetrics : 1, sizeof(*out->metrics));
	for (i = 0; i < nmetrics; i++) {
		out->metrics[i] = xstrdup(metrics[i]);
		if (!strcmp(metrics[i], "inst_executed"))
			inst = (int)i;
	}
	for (i = 0; i < npcs; i++)
		by[i] = &pcs[i];
	qsort(by, npcs, sizeof(*by), pc_order);
	for (i = 0; i < npcs; ) {
		const char *sym = by[i]->symbol ? by[i]->symbol : "";
		struct line_kernel *k;
		uint32_t entry = UINT32_MAX;
		double warps = NAN;

		out->kernels = xrealloc(out->kernels, (out->nkernels + 1) *
					sizeof(*out->kernels));
		k = &out->kernels[out->nkernels++];
		memset(k, 0, sizeof(*k));
		k->symbol = xstrdup(sym);
		k->kernel = launch_watch_display_name(sym);
		for (; i < npcs && !strcmp(by[i]->symbol ? by[i]->symbol : "",
					   sym); i++) {
			const struct lines_pc *p = by[i];
			struct source_line *l = k->nlines ?
				&k->lines[k->nlines - 1] : NULL;

			if (!l || str_order(l->file, p->file) ||
			    l->line != (p->file ? p->line : 0)) {
				k->lines = xrealloc(k->lines, (k->nlines + 1) *
						    sizeof(*k->lines));
				l = &k->lines[k->nlines++];
				l->file = xstrdup(p->file);
				l->line = p->file ? p->line : 0;
				l->pcs = 0;
				l->values = xcalloc(nmetrics ? nmetrics : 1,
						    sizeof(*l->values));
			}
			l->pcs++;
			for (size_t m = 0; m < nmetrics; m++)
				l->values[m] += p->values[m];
			if (p->pc < entry && inst >= 0) {
				entry = p->pc;
				warps = p->values[inst];
			}
		}
		k->warps = warps;
		tell_launches(k, warps, launches, nlaunches);
	}
	sort_launches = launches;
	sort_nlaunches = nlaunches;
	if (out->nkernels > 1)
		qsort(out->kernels, out->nkernels, sizeof(*out->kernels),
		      kernel_order);
	sort_launches = NULL;
	free(by);
}

/* ---- lines of another process ---------------------------------------------- */

static int line_order(const void *x, const void *y)
{
	const struct source_line *a = x, *b = y;
	int c = str_order(a->file, b->file);

	if (c)
		return c;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* Adds metric column `name` (zeros) to every line of l; its index. */
static size_t column_add(struct source_lines *l, const char *name)
{
	size_t m = l->nmetrics++;

	l->metrics = xrealloc(l->metrics, l->nmetrics * sizeof(*l->metrics));
	l->metrics[m] = xstrdup(name);
	for (size_t k = 0; k < l->nkernels; k++)
		for (size_t i = 0; i < l->kernels[k].nlines; i++) {
			struct source_line *s = &l->kernels[k].lines[i];

			s->values = xrealloc(s->values, l->nmetrics *
					     sizeof(*s->values));
			s->values[m] = 0;
		}
	return m;
}

/* The line (file, line) of kernel k, added with zeros and `pcs`
 * instructions when it has none (k's lines sorted again by the caller). */
static struct source_line *line_get(struct line_kernel *k, size_t nmetrics,
				    const char *file, int line, int pcs,
				    bool *added)
{
	struct source_line *s;

	for (size_t i = 0; i < k->nlines; i++)
		if (!str_order(k->lines[i].file, file) &&
		    k->lines[i].line == line)
			return &k->lines[i];
	k->lines = xrealloc(k->lines, (k->nlines + 1) * sizeof(*k->lines));
	s = &k->lines[k->nlines++];
	s->file = file ? xstrdup(file) : NULL;
	s->line = line;
	s->pcs = pcs;
	s->values = xcalloc(nmetrics ? nmetrics : 1, sizeof(*s->values));
	*added = true;
	return s;
}

size_t source_lines_merge(struct source_lines *dst,
			  const struct source_lines *src)
{
	size_t *col, added = 0;

	if (!dst->recorded || dst->status || !src->recorded || src->status)
		return 0;
	col = xcalloc(src->nmetrics ? src->nmetrics : 1, sizeof(*col));
	for (size_t m = 0; m < src->nmetrics; m++) {
		int have = source_lines_metric(dst, src->metrics[m]);

		col[m] = have >= 0 ? (size_t)have :
			 column_add(dst, src->metrics[m]);
	}
	for (size_t j = 0; j < src->nkernels; j++) {
		const struct line_kernel *sk = &src->kernels[j];
		struct line_kernel *dk = NULL;
		bool grew = false;

		for (size_t k = 0; k < dst->nkernels && !dk; k++)
			if (sk->symbol && dst->kernels[k].symbol &&
			    !strcmp(sk->symbol, dst->kernels[k].symbol))
				dk = &dst->kernels[k];
		if (!dk)
			continue;       /* a function the counts do not cover */
		for (size_t i = 0; i < sk->nlines; i++) {
			const struct source_line *sl = &sk->lines[i];
			struct source_line *dl = line_get(dk, dst->nmetrics,
							  sl->file, sl->line,
							  sl->pcs, &grew);

			for (size_t m = 0; m < src->nmetrics; m++)
				dl->values[col[m]] += sl->values[m];
		}
		if (grew)
			qsort(dk->lines, dk->nlines, sizeof(*dk->lines),
			      line_order);
		added++;
	}
	free(col);
	return added;
}
