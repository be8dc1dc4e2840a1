/* report_user_rules.c - the problems a user kernel is diagnosed for, one
 * row each: the counter tests that show it, the built-in rungs that show
 * the problem and the fix, and the sentences in both languages.  See
 * report_user_rules.h. */
#include "report_user_rules.h"

#include "base/util.h"

const struct rule user_rules[USER_NRULES] = {
	{
		.family = "reduce",
		.key = "bank",
		.what = { "shared-memory bank conflicts", "共享内存 bank 冲突" },
		.test = { { T_NEAR, .column = "bank_conflicts_per_shared_ld",
			    .worse = +1, .problem = "reduce_interleaved_strided",
			    .good = "reduce_shared_static",
			    .floor = CONFLICT_FLOOR } },
		.fix = "reduce_shared_static",
		.said = {
			"**Shared-memory bank conflicts**: its shared loads "
			"conflict about as often per instruction as those of "
			"{2}, whose threads address shared memory with a "
			"stride, so a warp's accesses pile up in a few banks "
			"and are served one after another. As {1} shows, the "
			"fix is sequential addressing (thread t adds element t + h), "
			"so that a warp's 32 accesses fall in 32 different "
			"banks.",
			"**共享内存 bank 冲突**：它每条共享内存读指令的 bank 冲突"
			"次数与{2}相当。后者的线程按跨步地址访问共享内存，一个"
			"线程束的访问集中在少数几个 bank 上，只能依次完成。{1}给出了"
			"解决办法：顺序寻址（线程 t 累加第 t + h 个元素），让一个"
			"线程束的 32 次访问落在 32 个不同的 bank 上。" },
	},
	{
		.family = "transpose",
		.key = "bank",
		.what = { "shared-memory bank conflicts", "共享内存 bank 冲突" },
		.test = { { T_NEAR, .column = "bank_conflicts_per_shared_ld",
			    .worse = +1, .problem = "transpose_tile",
			    .good = "transpose_tile_pad",
			    .floor = CONFLICT_FLOOR } },
		.fix = "transpose_tile_pad",
		.said = {
			"**Shared-memory bank conflicts**: its shared loads "
			"conflict about as often per instruction as those of "
			"{2}, which reads a 32 × 32 tile by columns, so the 32 "
			"threads of a warp hit the same bank. As {1} shows, the "
			"fix is to pad the tile to 32 × 33, so that the "
			"elements of "
			"a column fall in 32 different banks (a swizzled index "
			"does the same).",
			"**共享内存 bank 冲突**：它每条共享内存读指令的 bank 冲突"
			"次数与{2}相当。后者按列读取 32 × 32 的分块，一个线程束的 "
			"32 个线程落在同一个 bank 上。{1}给出了解决办法：把分块"
			"填充为 32 × 33，使同一列的元素分布在 32 个不同的 bank 上"
			"（用异或交错的下标也能做到）。" },
	},
	{
		.family = "reduce",
		.key = "divergence",
		.what = { "divergence", "分支发散" },
		.test = {
			{ T_NEAR, .column = "shared_bytes_per_instr",
			  .worse = -1, .problem = "reduce_interleaved_divergent",
			  .good = "reduce_shared_static", .floor = 1 },
			{ T_NEAR, .column = "warp_instructions", .worse = +1,
			  .problem = "reduce_interleaved_divergent",
			  .good = "reduce_shared_static", .floor = 1 },
		},
		.fix = "reduce_shared_static",
		.said = {
			"**Divergence: few working threads per shared-memory "
			"access**: its shared loads and stores move few bytes "
			"each and it issues many more warp instructions than "
			"{3}, as {2} does, whose working threads are scattered "
			"over every warp (thread t works only when t is a "
			"multiple of 2h), so every warp issues every step for "
			"a few active threads. As {1} shows, the fix is to keep "
			"the "
			"working threads contiguous (thread t adds element "
			"t + h), so that they fill whole warps instead of a "
			"few lanes of every warp.",
			"**分支发散：每次共享内存访问只有少数线程在工作**：它的每条"
			"共享内存读写指令搬运的字节很少，发出的线程束指令也比{3}多"
			"得多，这与{2}相同。后者的工作线程分散在每个线程束中（只有 "
			"t 是 2h 的倍数时线程 t 才工作），每个线程束都要为少数几个"
			"活跃线程执行每一步。{1}给出了解决办法：让工作的线程连续"
			"（线程 t 累加第 t + h 个元素），使工作线程填满整个线程束，"
			"而不是分散在每个线程束的少数几个通道上。" },
		.ambiguous = {
			"**Few working threads per shared-memory access, or few "
			"shared accesses by design?** Its shared loads and "
			"stores move few bytes each, as those of {2} do, but "
			"it does not issue many more warp instructions than "
			"{3}, as {2} does. Working threads scattered over every "
			"warp, as in {2}, and a kernel that keeps most threads "
			"away from shared memory by design, as reduce\\_shuffle "
			"does with warp shuffles, both move few bytes per "
			"access; these counters do not separate the two.",
			"**是每次共享内存访问的工作线程少，还是有意只让少数线程访问"
			"共享内存？** 它的每条共享内存读写指令搬运的字节很少，这一点"
			"与{2}相同；但它发出的线程束指令并不像{2}那样比{3}多得多。"
			"像{2}那样让工作线程分散在每个线程束中，和有意让大多数线程"
			"不访问共享内存（如 reduce\\_shuffle 用线程束 shuffle 所做的），"
			"都会使每次访问搬运的字节很少；这些计数器区分不了这两种情况。" },
	},
	{
		.family = "transpose",
		.key = "coalescing",
		.what = { "uncoalesced stores", "全局内存写未合并" },
		.test = { { T_NEAR, .column = "gst_sectors_per_request",
			    .worse = +1, .problem = "transpose_naive",
			    .good = "transpose_tile", .floor = 1 } },
		.fix = "transpose_tile",
		.said = {
			"**Uncoalesced stores**: a warp's stores touch about as "
			"many 32-byte sectors as those of {2}, which writes a "
			"column of the output per warp, one sector per thread. "
			"As {1} shows, the fix is to stage a tile in shared "
			"memory, so "
			"that a warp reads a row of the input and writes a row "
			"of the output.",
			"**全局内存写未合并**：一个线程束的每条写指令涉及的 32 字节"
			"扇区数与{2}相当。后者每个线程束写输出矩阵的一列，每个"
			"线程各占一个扇区。{1}给出了解决办法：借助共享内存中的"
			"分块中转，使一个线程束读输入的一行、写输出的一行。" },
	},
	{
		.family = "transpose",
		.key = "coalescing",
		.what = { "uncoalesced loads", "全局内存读未合并" },
		.test = { { T_NEAR, .column = "gld_sectors_per_request",
			    .worse = +1,
			    .problem = "transpose_naive_strided_read",
			    .good = "transpose_tile", .floor = 1 } },
		.fix = "transpose_tile",
		.said = {
			"**Uncoalesced loads**: a warp's loads touch about as "
			"many 32-byte sectors as those of {2}, which reads a "
			"column of the input per warp, one sector per thread. "
			"As {1} shows, the fix is to stage a tile in shared "
			"memory, so "
			"that a warp reads a row of the input and writes a row "
			"of the output.",
			"**全局内存读未合并**：一个线程束的每条读指令涉及的 32 字节"
			"扇区数与{2}相当。后者每个线程束读输入矩阵的一列，每个"
			"线程各占一个扇区。{1}给出了解决办法：借助共享内存中的"
			"分块中转，使一个线程束读输入的一行、写输出的一行。" },
	},
	{
		.family = "reduce",
		.key = "coalescing",
		.what = { "uncoalesced loads", "全局内存读未合并" },
		.test = { { T_NEAR, .column = "gld_efficiency_pct", .worse = -1,
			    .good = "reduce_shared_static", .floor = 1,
			    .factor = 0.5 } },
		.fix = "reduce_shared_static",
		.said = {
			"**Uncoalesced loads**: its global loads use less than "
			"half as large a share of the bytes they move as those "
			"of {1}, whose consecutive threads read consecutive "
			"elements; that is the fix: thread i of a warp reads "
			"element i of a contiguous run, so that a warp's loads "
			"share a few 32-byte sectors.",
			"**全局内存读未合并**：它的全局内存读取对所搬运字节的利用率"
			"不到{1}的一半。后者让相邻线程读取相邻元素，这正是解决办法："
			"一个线程束中的第 i 个线程读取一段连续数据中的第 i 个元素，"
			"使一个线程束的读取只涉及少数几个 32 字节扇区。" },
	},
	{
		.family = "reduce",
		.key = "host",
		.what = { "a host step", "主机端求和步骤" },
		.test = { { T_FLAG, .flag = VF_HOST_STEP,
			    .problem = "reduce_global" } },
		.fix = "reduce_single_pass",
		.said = {
			"**Host step**: it finishes on the host (finish: host), "
			"as {2} does, so every timed run copies the per-block "
			"partial sums back and waits for them before the host "
			"adds them. As {1} shows, the fix is to let the last "
			"block to finish add the partial sums on the GPU, in the "
			"same launch "
			"(relaunching the kernel on its partials, or atomics, "
			"also keep the work on the GPU).",
			"**主机端求和步骤**：它和{2}一样在主机上完成求和（finish: "
			"host），因此每次计时都包括把各块的部分和拷回主机、等待拷贝"
			"完成，再由主机相加。{1}给出了解决办法：在同一次启动中由最后"
			"完成的线程块在 GPU 上把部分和相加（在部分和上再次启动核函数，"
			"或使用原子操作，也能把这一步留在 GPU 上）。" },
	},
	{
		.key = "occupancy",
		.what = { "low occupancy from registers",
			  "寄存器导致的低占用率" },
		.test = { { T_OCC, .limiter = RL_REGISTERS,
			    .factor = OCC_LOW_PCT } },
		.said = {
			"**Low occupancy from registers**: the registers each "
			"thread uses leave room for few warps per SM, so fewer "
			"warps are there to hide memory latency. Fewer "
			"registers per thread (less per-thread state, or "
			"`__launch_bounds__` so that the compiler budgets them) "
			"let more warps reside; whether that makes this kernel "
			"faster, these numbers alone do not say.",
			"**寄存器限制了占用率**：每个线程使用的寄存器使一个 SM 上只能"
			"驻留很少的线程束，能用来隐藏访存延迟的线程束也就少了。减少每"
			"线程的寄存器（减少每个线程保存的状态，或用 "
			"`__launch_bounds__` 让编译器控制寄存器用量）可以让更多线程束"
			"驻留；但这能否让这个核函数变快，仅凭这些数字无法判断。" },
	},
	{
		.key = "occupancy",
		.what = { "low occupancy from shared memory",
			  "共享内存导致的低占用率" },
		.test = { { T_OCC, .limiter = RL_SHARED,
			    .factor = OCC_LOW_PCT } },
		.said = {
			"**Low occupancy from shared memory**: the shared "
			"memory each block takes leaves room for few blocks per "
			"SM, so fewer warps are there to hide memory latency. "
			"Less shared memory per block (a smaller tile, or "
			"shared memory only for what the threads exchange) lets "
			"more blocks reside; whether that makes this kernel "
			"faster, these numbers alone do not say.",
			"**共享内存限制了占用率**：每个线程块占用的共享内存使一个 SM "
			"上只能驻留很少的线程块，能用来隐藏访存延迟的线程束也就少了。"
			"减少每块的共享内存（更小的分块，或只用共享内存交换线程之间"
			"需要交换的数据）可以让更多线程块驻留；但这能否让这个核函数"
			"变快，仅凭这些数字无法判断。" },
	},
	{
		.family = "reduce",
		.key = "inflight",
		.what = { "no vector loads", "没有使用向量化读取" },
		.test = {
			{ T_NEAR, .column = "gld_sectors_per_request",
			  .worse = -1, .problem = "reduce_shared_static",
			  .good = "reduce_vector_atomic", .floor = 1 },
			{ T_SLOW, .good = "reduce_vector_atomic",
			  .factor = FAR_BELOW },
		},
		.fix = "reduce_vector_atomic",
		.alone = true,
		.said = {
			"**No vector loads, far below the ceiling**: each of its "
			"global load instructions fetches as few sectors as "
			"those of {2}, one element per thread, and it moves "
			"well under the bandwidth of the reference below. As "
			"{1} shows, the fix is 16-byte loads (float4, int4 or two "
			"doubles), so that one warp instruction fetches 512 "
			"bytes and fewer instructions keep more bytes in "
			"flight.",
			"**没有使用向量化读取，且远低于上限**：它每条全局内存读指令"
			"取回的扇区数与{2}一样少（每个线程一个元素），达到的带宽"
			"也远低于下面列出的参照。{1}给出了解决办法：用 16 字节的读取"
			"（float4、int4 或两个 double），一条线程束指令就能取回 512 "
			"字节，用更少的指令让更多字节同时在途。" },
	},
	{
		.family = "transpose",
		.key = "inflight",
		.what = { "one element per access", "每次访问只搬一个元素" },
		.test = {
			{ T_NEAR, .column = "gld_sectors_per_request",
			  .worse = -1, .problem = "transpose_tile_pad",
			  .good = "transpose_tile_pairs", .floor = 1 },
			{ T_SLOW, .good = "transpose_tile_pairs",
			  .factor = FAR_BELOW },
		},
		.fix = "transpose_tile_pairs",
		.alone = true,
		.said = {
			"**One element per access, far below the ceiling**: "
			"each of its global load instructions fetches as few "
			"sectors as those of {2}, one element per thread, and "
			"it moves well under the bandwidth of the reference "
			"below. As {1} shows, the fix is to let each thread move "
			"two "
			"neighbouring elements per access (a 2 × 2 block), so "
			"that one warp instruction moves twice the bytes.",
			"**每次访问只搬一个元素，且远低于上限**：它每条全局内存读指令"
			"取回的扇区数与{2}一样少（每个线程一个元素），达到的带宽"
			"也远低于下面列出的参照。{1}给出了解决办法：每个线程每次访问"
			"搬运两个相邻元素（2 × 2 小块），一条线程束指令搬运的字节数"
			"翻倍。" },
	},
};


const struct rule *user_rule_find(const char *family, const char *key)
{
	for (size_t i = 0; i < USER_NRULES; i++)
		if ((!user_rules[i].family || str_eq(user_rules[i].family, family)) &&
		    str_eq(user_rules[i].key, key))
			return &user_rules[i];
	return NULL;
}
