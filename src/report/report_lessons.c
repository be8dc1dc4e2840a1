/* report_lessons.c - what the course teaches with each built-in rung's
 * step, in the words a "why" says first (report_rules.c), and the launch
 * facts the rules read that a results file does not record: the grids
 * fixed whatever the size.  See report_int.h.
 *
 * Keyed by the built-in variants' names, as the rubric's objectives are
 * (report_rubric.c); a row of a variant not listed gets its rule's own
 * concept, and its grid is taken to grow with the size. */
#include "report_int.h"

#include <math.h>

#include "compare/compare.h"
#include "base/dtype.h"
#include "base/util.h"
#include "results/results.h"

/* ---- the rungs' lessons ------------------------------------------------ */

/* What the course teaches with a rung's step, said first in its "why"
 * where the rule that shows it holds (else the rule's own concept): the
 * variant the step leads to, the rule, and the lesson.  Built-in
 * variants only; a row of a variant not listed gets its rule's concept. */
struct lesson {
	const char *variant, *rule;
	const char *say[NLANG];
	size_t elem;    /* for elements of this many bytes only; 0 any */
};

static const struct lesson lessons[] = {
	{ "reduce_one_block", "idle-sms", {
		"one block on one SM: only that block's warps have loads in "
		"flight while the other SMs idle",
		"一个线程块只在一个 SM 上运行：只有这个线程块的线程束有在途读取，"
		"其余 SM 都空闲" }, 0 },
	{ "reduce_interleaved_divergent", "idle-sms", {
		"back to a block per tile of the input: the shared-memory tree "
		"runs on every SM again",
		"回到每段输入一个线程块：共享内存中的归约树重新在每个 SM 上运行" }, 0 },
	{ "reduce_interleaved_strided", "divergence", {
		"removes the divergent test: the index `k = 2 * h * t` "
		"replaces the `t % (2 * h)` that every thread evaluated at "
		"every step, and packs the working threads together",
		"去掉发散的判断：下标 `k = 2 * h * t` 取代了每个线程每一步都要"
		"计算的 `t % (2 * h)`，并让工作线程紧挨在一起" }, 0 },
	{ "reduce_shared_static", "bank-conflicts", {
		"removes bank conflicts: with sequential addressing a warp's 32 "
		"accesses are consecutive words, one per bank",
		"消除 bank 冲突：顺序寻址下一个线程束的 32 次访问是连续的字，每个 "
		"bank 一个" }, 0 },
	{ "reduce_first_add", "instructions", {
		"halves the instructions per element: the first add happens "
		"during the load, so half as many blocks and tree steps cover "
		"the input",
		"每个元素的指令减半：第一次加法在读取时完成，覆盖同样输入所需的"
		"线程块和归约树步骤减半" }, 0 },
	{ "reduce_warp_volatile", "instructions", {
		"unrolls the last warp: its six steps run without barriers or "
		"loop control (unsafe since Volta; the next rung is the correct "
		"version)",
		"展开最后一个线程束：它的六步不再需要屏障和循环控制（自 Volta 起"
		"不安全；下一级是正确的写法）" }, 0 },
	{ "reduce_warp_syncwarp", "instructions", {
		"makes the unrolled last warp correct with __syncwarp(), which "
		"costs far less than a block-wide barrier",
		"用 __syncwarp() 让展开的最后一个线程束变得正确，它比整个线程块的"
		"屏障便宜得多" }, 0 },
	{ "reduce_unrolled", "instructions", {
		"unrolls the tree completely: with the block size known at "
		"compile time, the loop, its counter and its comparisons "
		"disappear",
		"完全展开归约树：线程块大小在编译时已知，循环、循环计数和比较都"
		"消失了" }, 0 },
	{ "reduce_grid_stride", "instructions", {
		"many elements per thread: each thread adds its elements in a "
		"register, and the tree runs once per thread, not once per two "
		"elements",
		"每个线程处理多个元素：每个线程在寄存器中累加自己的元素，归约树"
		"每个线程只运行一次，而不是每两个元素一次" }, 0 },
	{ "reduce_shuffle", "instructions", {
		"warp shuffles replace the shared-memory tree inside each warp: "
		"register to register, with no barrier",
		"线程束洗牌取代每个线程束内的共享内存归约树：寄存器到寄存器，"
		"不需要屏障" }, 0 },
	{ "reduce_vector_atomic", "bytes-in-flight", {
		"16-byte loads: a quarter as many load instructions carry the "
		"same bytes, so more bytes are in flight",
		"16 字节读取：四分之一的读指令搬运同样的字节，在途字节更多" },
	  4 },
	{ "reduce_vector_atomic", "bytes-in-flight", {
		"16-byte loads: half as many load instructions carry the "
		"same bytes, so more bytes are in flight",
		"16 字节读取：一半的读指令搬运同样的字节，在途字节更多" },
	  8 },
	{ "transpose_naive_strided_read", "uncoalesced-stores", {
		"coalesces the stores: the lanes of a warp now run along the "
		"output's rows",
		"让写合并：一个线程束的各 lane 现在沿输出的行排列" }, 0 },
	{ "transpose_tile", "bank-conflicts", {
		"brings bank conflicts: reading a column of the 32 × 32 tile "
		"puts a warp's 32 accesses in one bank",
		"带来 bank 冲突：读 32 × 32 分块的一列时，一个线程束的 32 次访问"
		"落在同一个 bank" }, 0 },
	{ "transpose_tile_pad", "bank-conflicts", {
		"removes bank conflicts: one column of padding puts the 32 "
		"elements of a column in 32 different banks",
		"消除 bank 冲突：多填充一列，使一列的 32 个元素落在 32 个不同的 "
		"bank" }, 0 },
	{ "transpose_tile_swizzle", "registers", {
		"the swizzled index costs registers, so fewer warps fit on an SM",
		"交错的下标占用更多寄存器，一个 SM 上能驻留的线程束更少" }, 0 },
	{ "transpose_tile_pairs", "bytes-in-flight", {
		"two elements per access: each load instruction carries a pair, "
		"so twice the bytes are in flight",
		"每次访问两个元素：每条读指令搬运一对元素，在途字节加倍" }, 0 },
};

int lesson_of(const char *to, const char *rule, const char *dtype)
{
	enum dtype t;
	size_t elem = dtype && !dtype_parse(dtype, &t) ? dtype_size(t) : 0;

	for (size_t i = 0; i < ARRAY_SIZE(lessons) && i < WHY_LESSONS; i++)
		if (str_eq(lessons[i].variant, to) &&
		    str_eq(lessons[i].rule, rule) &&
		    (!lessons[i].elem || lessons[i].elem == elem))
			return (int)i;
	return -1;
}

const char *lesson_say(int i, enum lang L)
{
	return lessons[i].say[L];
}

/* ---- grids fixed whatever the size ----------------------------------- */

/* Variants whose grid does not grow with the size, and its blocks: their
 * achieved occupancy counts only the SMs their blocks ran on. */
static const struct {
	const char *variant;
	int blocks;
} fixed_grids[] = {
	{ "reduce_one_block", 1 },
};

int fixed_grid_blocks(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(fixed_grids); i++)
		if (str_eq(fixed_grids[i].variant, name))
			return fixed_grids[i].blocks;
	return 0;
}

double gpu_occupancy(const struct model *m, const struct item *it,
		     int *active, int *sms)
{
	const struct environment *env = results_row_device(m->r, it->row);
	double occ = it->row->counters_status ? NAN :
		     row_column(it->row, "achieved_occupancy_pct");
	int blocks = fixed_grid_blocks(it->row->variant);

	*sms = env && env->sm_count > 0 ? env->sm_count : 0;
	*active = *sms;
	if (!blocks || !*sms)
		return occ;
	*active = blocks < *sms ? blocks : *sms;
	return occ * *active / *sms;
}
