/* report_rules_table.c - the rules behind every "why" the report says, as
 * data: one row a rule (report_rules_table.h), in the order report_rules.c
 * tries them.  A row's words are English and Chinese side by side; its
 * functions live in report_evidence.c. */
#include "report_rules_table.h"

#include <stddef.h>

#include "base/util.h"

/* What a coalescing step and limit say, the same for loads and for stores
 * (the direction is in {1}, the counter's name, and in the DRAM bytes of
 * that direction). */
#define COALESCING_STEP_SAY \
	{ \
		{ "{1} {2} → {3} ({4} → {5} sectors per request), and " \
		  "DRAM bytes in that direction {6} → {7} where the kernel " \
		  "needs {8}, so DRAM moved sectors for nothing", \
		  "{1} {2} → {3}（每次请求 {4} → {5} 个扇区），这一方向的显存" \
		  "字节数 {6} → {7}，而核函数只需要 {8}，显存白白搬运了扇区" }, \
		{ "{1} {2} → {3} ({4} → {5} sectors per request), while " \
		  "DRAM bytes in that direction went {6} → {7} (the kernel " \
		  "needs {8}), too little for the step, so the cost is " \
		  "sector traffic between L1 and L2", \
		  "{1} {2} → {3}（每次请求 {4} → {5} 个扇区），而这一方向的显存" \
		  "字节数 {6} → {7}（核函数需要 {8}），不足以解释这一步，所以代价" \
		  "是 L1 与 L2 之间的扇区流量" } }
#define COALESCING_LIMIT_SAY \
	{ \
		{ "DRAM sectors moved for nothing: {1} is {2}, and DRAM moves " \
		  "{3} in that direction where {4} would do ({5}); coalescing " \
		  "the strided side " \
		  "(through a shared-memory tile) is what is left", \
		  "白白搬运的显存扇区：{1}为 {2}，这一方向显存搬运 {3}，而 {4} 就够了" \
		  "（{5}）；剩下要做的是让跨步的一侧合并访问（经由共享内存分块）" }, \
		{ "sector traffic between L1 and L2 (uncoalesced): {1} is " \
		  "{2} while DRAM moves {3} in that direction against the {4} " \
		  "needed ({5}), far too little for its {6} gap to the " \
		  "ceiling; coalescing the strided side (through a " \
		  "shared-memory tile) is what is left", \
		  "L1 与 L2 之间的扇区流量（未合并访问）：{1}为 {2}，而这一方向显存" \
		  "搬运 {3}，所需为 {4}（{5}），远不足以解释它与上限之间 {6} 的差距；" \
		  "剩下要做的是让跨步的一侧合并访问（经由共享内存分块）" } }
#define COALESCING_AGAINST_SAY \
	{ \
		"{1} went from {2} to {3} ({4} → {5} sectors per " \
		"request; DRAM bytes in that direction {6} → {7}, the " \
		"kernel needs {8})", \
		"{1}从 {2} 变为 {3}（每次请求 {4} → {5} 个扇区；这一方向的" \
		"显存字节数 {6} → {7}，核函数需要 {8}）" }

const struct rule rule_table[] = {
	{
		.name = "ceiling",
		.label = { "DRAM bandwidth at the measured ceiling",
			   "显存带宽已达实测上限" },
		.physics = {
			"A kernel that moves each byte once, as fast as a plain "
			"read or copy of the same bytes, is at the bandwidth this "
			"GPU delivers at this size.",
			"每个字节只搬运一次、且与同样字节的单纯读取或拷贝一样快的核函数，"
			"已经达到这块 GPU 在这一规模下能提供的带宽。" },
		.evidence = {
			"GB/s at least 90 % of the ceiling measured at the same "
			"size (without one, 90 % of the theoretical peak); the gap "
			"to the peak is called the ceiling's where the same ceiling "
			"reaches 5 points more of the peak at a larger size",
			"GB/s 至少达到同一规模下实测上限的 90 %（没有上限时为理论峰值的 90 %）；"
			"只有当同一上限在更大规模下比理论峰值多达到 5 个百分点以上时，才说与"
			"峰值的差距属于上限本身" },
		.refuted_by = { "below 90 % of the ceiling", "低于上限的 90 %" },
		.limit_say = {
			{ "DRAM bandwidth: it moves {1} % of what the ceiling ({2}) "
			  "moves at this size, and the ceiling {3} % of the "
			  "theoretical peak; little is left: only moving fewer bytes "
			  "could make it faster",
			  "显存带宽：它达到同一规模下实测上限（{2}）的 {1} %，上限本身达到"
			  "理论峰值的 {3} %；剩下的空间很小：只有减少搬运的字节数才能更快" },
			{ "DRAM bandwidth as far as this size allows: it moves {1} % "
			  "of what the ceiling ({2}) moves, and the ceiling itself "
			  "reaches only {3} % of the theoretical peak at {4}, against "
			  "{5} % at {6}, so the gap to the peak is the ceiling's (the "
			  "launch and the ramp of a transfer this short), not this "
			  "kernel's",
			  "在这一规模下已达到显存带宽所能达到的程度：它达到实测上限（{2}）"
			  "的 {1} %，而上限本身在 {4} 时只达到理论峰值的 {3} %（在 {6} 时"
			  "为 {5} %），所以与峰值的差距属于上限本身（这么短的传输的启动与"
			  "爬升开销），而不是这个核函数" },
			{ "DRAM bandwidth: it moves {1} % of the theoretical peak (no "
			  "ceiling was measured); only moving fewer bytes could make "
			  "it faster",
			  "显存带宽：它达到理论峰值的 {1} %（没有测量上限）；只有减少搬运的"
			  "字节数才能更快" } },
		.limit = ev_ceiling_limit,
	},
	{
		.name = "launch",
		.label = { "launch latency", "核函数启动延迟" },
		.physics = {
			"A kernel that runs for a few microseconds costs about as "
			"much as launching it.",
			"只运行几微秒的核函数，其耗时与启动它的开销相当。" },
		.evidence = { "a median under 10 µs", "中位数小于 10 µs" },
		.refuted_by = { "a longer run", "运行时间更长" },
		.limit_say = { {
			"launch latency: {1} µs is the order of one kernel launch; "
			"fewer launches is what is left",
			"核函数启动延迟：{1} µs 与一次核函数启动的开销相当；剩下要做的是"
			"减少启动次数" } },
		.limit = ev_launch_limit,
	},
	{
		.name = "uncoalesced-stores",
		.label = { "uncoalesced stores", "全局内存写未合并" },
		.physics = {
			"A warp's 32 stores to consecutive addresses fill a few "
			"32-byte sectors; scattered, each takes a sector of its own, "
			"which L2 must merge, and DRAM moves more only when the "
			"caches cannot hold the rest of each sector.",
			"一个线程束对连续地址的 32 次写只占少数几个 32 字节扇区；分散时"
			"每次写各占一个扇区，由 L2 合并；只有缓存装不下各扇区的其余部分时，"
			"显存才会多搬运。" },
		.evidence = {
			"store efficiency under 50 % on one side, moved beyond its "
			"noise, with stores at least a quarter of that side's DRAM "
			"traffic; \"DRAM sectors for nothing\" only when DRAM moves "
			"10 % more than the bytes needed, is busy, and that accounts "
			"for the step",
			"一侧的写效率低于 50 %，变化超出噪声，且写入至少占该侧显存流量的"
			"四分之一；只有当显存比所需多搬运 10 % 以上、显存繁忙、且足以解释这一步时，"
			"才说“白白搬运的显存扇区”" },
		.refuted_by = {
			"DRAM bytes equal to those needed: the cost is then between "
			"L1 and L2",
			"显存字节数等于所需字节数：这时代价在 L1 与 L2 之间" },
		.concept = {
			{ "coalesces the stores: a warp's 32 stores now share a "
			  "few 32-byte sectors",
			  "让写合并：一个线程束的 32 次写现在共用少数几个 32 字节扇区" },
			{ "scatters the stores: each of a warp's 32 stores takes a "
			  "32-byte sector of its own",
			  "让写分散：一个线程束的 32 次写各占一个 32 字节扇区" } },
		.clause = { {
			"A scattered store costs a sector per lane between L1 and "
			"L2, which L2 merges; DRAM moves more only where the caches "
			"cannot hold the rest of each sector.",
			"分散的写在 L1 与 L2 之间每个 lane 占一个扇区，由 L2 合并；只有"
			"缓存装不下各扇区的其余部分时，显存才会多搬运。" } },
		.step_say = COALESCING_STEP_SAY,
		.limit_say = COALESCING_LIMIT_SAY,
		.against_say = COALESCING_AGAINST_SAY,
		.step = ev_coal_st_step,
		.limit = ev_coal_st_limit,
	},
	{
		.name = "uncoalesced-loads",
		.label = { "uncoalesced loads", "全局内存读未合并" },
		.physics = {
			"A warp's 32 loads of consecutive addresses share a few "
			"32-byte sectors; scattered, each takes a sector of its own, "
			"of which it uses 4 or 8 bytes; L1 and L2 may still catch "
			"the rest, so DRAM need not move more.",
			"一个线程束对连续地址的 32 次读共用少数几个 32 字节扇区；分散时"
			"每次读各占一个扇区，只用其中 4 或 8 字节；其余部分仍可能被 L1 和 "
			"L2 接住，所以显存不一定多搬运。" },
		.evidence = {
			"load efficiency under 50 % on one side, moved beyond its "
			"noise, with loads at least a quarter of that side's DRAM "
			"traffic; \"DRAM sectors for nothing\" only when DRAM moves "
			"10 % more than the bytes needed, is busy, and that accounts "
			"for the step",
			"一侧的读效率低于 50 %，变化超出噪声，且读取至少占该侧显存流量的"
			"四分之一；只有当显存比所需多搬运 10 % 以上、显存繁忙、且足以解释这一步时，"
			"才说“白白搬运的显存扇区”" },
		.refuted_by = {
			"DRAM bytes equal to those needed (the transpose's strided "
			"reads: 268.45 MB for an 8192 × 8192 float matrix): the cost "
			"is then between L1 and L2",
			"显存字节数等于所需字节数（转置的跨步读取：8192 × 8192 float 矩阵"
			"读 268.45 MB）：这时代价在 L1 与 L2 之间" },
		.concept = {
			{ "coalesces the loads: a warp's 32 loads now share a few "
			  "32-byte sectors",
			  "让读合并：一个线程束的 32 次读现在共用少数几个 32 字节扇区" },
			{ "scatters the loads: each of a warp's 32 loads takes a "
			  "32-byte sector of its own",
			  "让读分散：一个线程束的 32 次读各占一个 32 字节扇区" } },
		.clause = { {
			"A scattered load fetches a sector per lane and uses 4 or 8 "
			"of its bytes; L1 and L2 often catch the rest, so DRAM need "
			"not move more.",
			"分散的读每个 lane 取一个扇区，只用其中 4 或 8 字节；其余部分常被 "
			"L1 和 L2 接住，所以显存不一定多搬运。" } },
		.step_say = COALESCING_STEP_SAY,
		.limit_say = COALESCING_LIMIT_SAY,
		.against_say = COALESCING_AGAINST_SAY,
		.step = ev_coal_ld_step,
		.limit = ev_coal_ld_limit,
	},
	{
		.name = "dram-bytes",
		.label = { "DRAM bytes beyond the bytes needed",
			   "超出所需字节数的显存流量" },
		.physics = {
			"At the bandwidth limit time follows the bytes moved; bytes "
			"beyond the input and output a kernel needs (intermediate "
			"results written and read back) cost time only there.",
			"在带宽受限时，时间随搬运的字节数变化；超出核函数所需输入输出的"
			"字节（写回又读出的中间结果）只在这种情况下才耗时。" },
		.evidence = {
			"DRAM bytes (reads and writes) above the bytes the kernel "
			"needs by 10 % and beyond their noise, moved at 60 % or more "
			"of the ceiling's GB/s (DRAM busy); the change accounts for "
			"at least half of the step (a rung: of its gap to the "
			"ceiling) on a log scale",
			"显存读写字节数比核函数所需多出 10 % 以上且超出其噪声，并以不低于"
			"上限 60 % 的速率搬运（显存繁忙）；这一变化在对数尺度上至少解释这一"
			"步（对单独一级：它与上限的差距）的一半" },
		.refuted_by = {
			"DRAM bytes equal to those needed; a change of bytes too "
			"small for the change of time",
			"显存字节数等于所需字节数；字节数的变化相对时间的变化太小" },
		.concept = {
			{ "moves fewer bytes through DRAM",
			  "经显存搬运的字节更少" },
			{ "moves more bytes through DRAM",
			  "经显存搬运的字节更多" } },
		.clause = { {
			"At the bandwidth limit the time follows the bytes moved.",
			"在带宽受限时，时间随搬运的字节数变化。" } },
		.step_say = { {
			"DRAM traffic (reads and writes) {1} → {2} where the kernel "
			"needs {3}, {4} the bytes for a {5} step",
			"显存流量（读与写）{1} → {2}，而核函数只需要 {3}；字节数变化 "
			"{4}，这一步 {5}" } },
		.limit_say = { {
			"DRAM bytes beyond those needed: it moves {1} where {2} would "
			"do ({3}), enough for much of its {4} gap to the ceiling; "
			"keeping intermediate results on chip is what is left",
			"超出所需字节数的显存流量：它搬运 {1}，而 {2} 就够了（{3}），"
			"足以解释它与上限之间 {4} 差距的大部分；剩下要做的是把中间结果"
			"留在片上" } },
		.against_say = {
			"DRAM traffic (reads and writes) went from {1} to {2} "
			"(the kernel needs {3})",
			"显存流量（读与写）从 {1} 变为 {2}（核函数需要 {3}）" },
		.step = ev_dram_step,
		.limit = ev_dram_limit,
	},
	{
		.name = "bank-conflicts",
		.label = { "shared-memory bank conflicts", "共享内存 bank 冲突" },
		.physics = {
			"Shared memory serves a warp's accesses to its 32 banks in "
			"one wavefront; accesses to different words of one bank are "
			"served one after another.",
			"共享内存在一个访问轮次内服务一个线程束对 32 个 bank 的访问；落在"
			"同一个 bank 不同字上的访问只能依次完成。" },
		.evidence = {
			"bank conflicts per shared load of 1 or more on one side, "
			"moved beyond the counter's noise (40 %, 0.1 per instruction)",
			"一侧每条共享内存读指令的 bank 冲突不少于 1 次，变化超出该计数器的"
			"噪声（40 %，每条指令 0.1 次）" },
		.refuted_by = {
			"both sides under the counter's floor",
			"两侧都低于该计数器的噪声下限" },
		.concept = {
			{ "removes bank conflicts: a warp's shared-memory accesses "
			  "now fall in different banks",
			  "消除 bank 冲突：一个线程束的共享内存访问现在落在不同的 bank 上" },
			{ "brings bank conflicts: several of a warp's shared-memory "
			  "accesses fall in one bank",
			  "带来 bank 冲突：一个线程束的多个共享内存访问落在同一个 bank 上" } },
		.clause = { {
			"Shared memory serves a warp's accesses to different words "
			"of one bank one after another, a wavefront each.",
			"共享内存对一个线程束落在同一个 bank 不同字上的访问只能依次服务，"
			"每个占一个访问轮次。" } },
		.step_say = { {
			"bank conflicts {1} → {2} per shared load ({3} → {4} "
			"wavefronts per load)",
			"每条共享内存读指令的 bank 冲突 {1} → {2} 次（每条指令 {3} → "
			"{4} 个访问轮次）" } },
		.limit_say = { {
			"shared-memory bank conflicts: {1} per load ({2} wavefronts "
			"where 1 would do); a conflict-free layout (padding or a "
			"swizzle) is what is left",
			"共享内存 bank 冲突：每条读指令 {1} 次（需要 {2} 个访问轮次，"
			"本来 1 个就够）；剩下要做的是无冲突的布局（填充或交错）" } },
		.against_say = {
			"bank conflicts went from {1} to {2} per shared load ({3} → {4} wavefronts per load)",
			"每条共享内存读指令的 bank 冲突从 {1} 次变为 {2} 次（每条指令 {3} → {4} 个访问轮次）" },
		.step = ev_bank_step,
		.limit = ev_bank_limit,
	},
	{
		.name = "bytes-in-flight",
		.waits = true,
		.label = { "bytes in flight per load", "每条读指令的在途字节数" },
		.physics = {
			"A loop that waits on memory streams faster when each load "
			"instruction moves more bytes: 16-byte loads, or two "
			"elements per thread, put more bytes in flight per "
			"instruction (Little's law: bandwidth = bytes in flight / "
			"latency).",
			"等待访存的循环，每条读指令搬运的字节越多就越快：16 字节读取或每个"
			"线程两个元素，使每条指令的在途字节更多（利特尔定律：带宽 = 在途"
			"字节数 / 延迟）。" },
		.evidence = {
			"load sectors per request up at least 1.5× at 95 % load "
			"efficiency or more on both sides, the slower side under 95 % "
			"of the ceiling",
			"两侧读效率都不低于 95 %，每次请求的扇区数至少增加到 1.5 倍，且较慢"
			"的一侧低于上限的 95 %" },
		.refuted_by = {
			"the slower side already at the ceiling",
			"较慢的一侧已经达到上限" },
		.concept = {
			{ "wider loads: each load instruction carries more bytes",
			  "更宽的读取：每条读指令搬运更多字节" },
			{ "narrower loads: each load instruction carries fewer "
			  "bytes",
			  "更窄的读取：每条读指令搬运更少字节" } },
		.clause = { {
			"A loop that waits on memory streams faster with more bytes "
			"in flight per instruction (Little's law: bandwidth = bytes "
			"in flight / latency).",
			"等待访存的循环，每条指令的在途字节越多就越快（利特尔定律：带宽 "
			"= 在途字节数 / 延迟）。" } },
		.step_say = { {
			"{1} B → {2} B per warp load instruction ({3} → {4} sectors "
			"per request, each sector fully used)",
			"每条线程束读指令 {1} B → {2} B（每次请求 {3} → {4} 个扇区，"
			"每个扇区都用满）" } },
		.against_say = {
			"bytes per warp load instruction went from {1} B to {2} B",
			"每条线程束读指令的字节数从 {1} B 变为 {2} B" },
		.implies = "instructions",
		.step = ev_wide_step,
	},
	{
		.name = "registers",
		.waits = true,
		.label = { "registers cap occupancy", "寄存器限制占用率" },
		.physics = {
			"Each thread's registers come out of the SM's register file: "
			"more registers per thread leave room for fewer warps "
			"(theoretical occupancy), and fewer warps hide less latency.",
			"每个线程的寄存器都来自 SM 的寄存器文件：每线程寄存器越多，能驻留"
			"的线程束越少（理论占用率），能用来隐藏延迟的线程束也越少。" },
		.evidence = {
			"registers per thread differ and the slower side's "
			"theoretical occupancy is lower, limited by registers",
			"两侧每线程寄存器数不同，较慢一侧的理论占用率更低且受寄存器限制" },
		.refuted_by = {
			"a faster rung of the ladder at lower achieved occupancy with "
			"no more bytes per load instruction",
			"阶梯中有更快的一级，实际占用率更低，每条读指令的字节数也不更多" },
		.concept = {
			{ "frees registers, so more warps fit on an SM",
			  "释放寄存器，一个 SM 上能驻留更多线程束" },
			{ "costs registers, so fewer warps fit on an SM",
			  "占用更多寄存器，一个 SM 上能驻留的线程束更少" } },
		.clause = { {
			"Fewer warps resident hide less memory latency.",
			"驻留的线程束越少，能隐藏的访存延迟越少。" } },
		.step_say = { {
			"registers per thread {1} → {2}, theoretical occupancy {3} % "
			"→ {4} % (limited by registers; achieved {5} → {6})",
			"每线程寄存器 {1} → {2} 个，理论占用率 {3} % → {4} %（受寄存器"
			"限制；实际占用率 {5} → {6}）" } },
		.limit_say = { {
			"registers: {1} per thread hold theoretical occupancy to {2} "
			"%; fewer registers per thread (less state per thread, "
			"`__launch_bounds__`) is what is left",
			"寄存器：每线程 {1} 个寄存器使理论占用率只有 {2} %；剩下要做的是"
			"减少每线程的寄存器（减少每个线程保存的状态，或用 "
			"`__launch_bounds__`）" } },
		.against_say = {
			"registers per thread went from {1} to {2}, and theoretical occupancy from {3} % to {4} % (achieved {5} → {6})",
			"每线程寄存器从 {1} 个变为 {2} 个，理论占用率从 {3} % 变为 {4} %（实际占用率 {5} → {6}）" },
		.step = ev_regs_step,
		.limit = ev_regs_limit,
	},
	{
		.name = "divergence",
		.label = { "divergence within warps", "工作线程分散" },
		.physics = {
			"A warp issues each instruction for all 32 lanes, working "
			"or not: a tree whose working threads are scattered keeps a "
			"few lanes of every warp at work in every step, one whose "
			"working threads are contiguous lets whole warps retire.  "
			"The compiler predicates a short `if` body instead of "
			"branching, so branch efficiency can read 100 % while most "
			"lanes idle.",
			"线程束为全部 32 个 lane 发出每一条指令，不论它们是否工作：工作线程"
			"分散的归约树在每一步都让每个线程束留着几个工作的 lane，工作线程"
			"连续的归约树则让整个线程束退出。编译器把短小的 `if` 体谓词化而不是"
			"分支，所以大多数 lane 空闲时分支效率仍可能是 100 %。" },
		.evidence = {
			"bytes per shared load or store for the predicated-on "
			"threads (working threads per access) at least 1.5× higher "
			"on the faster side, beyond the counter's noise, both within "
			"a warp's 32 threads, with fewer warp instructions there; "
			"the change accounts for at least half of the step on a log "
			"scale",
			"较快一侧每条共享内存读写指令为谓词为真的线程搬运的字节数（每次访问"
			"的工作线程数）至少是较慢一侧的 1.5 倍，超出该计数器的噪声，两侧都不"
			"超过一个线程束的 32 个线程，且较快一侧的线程束指令更少；这一变化在"
			"对数尺度上至少解释这一步的一半" },
		.refuted_by = {
			"fewer bytes per shared access on the faster side (a tree "
			"moved out of shared memory into warp shuffles), or more "
			"than 32 threads' worth (wider accesses, not more threads)",
			"较快一侧每次共享内存访问的字节更少（归约树移出共享内存、改用线程束"
			"洗牌），或超过 32 个线程的量（更宽的访问，而不是更多线程）" },
		.concept = {
			{ "removes divergence: the working threads are packed "
			  "together instead of scattered among idle lanes",
			  "消除工作线程分散：工作线程紧挨在一起，不再散落在空闲的通道之间" },
			{ "brings divergence: the working threads are scattered, so "
			  "every warp keeps issuing",
			  "带来工作线程分散：工作线程分散，每个线程束都要继续发出指令" } },
		.clause = {
			{ "A warp issues each instruction for all 32 lanes, working "
			  "or not.",
			  "线程束为全部 32 个 lane 发出每一条指令，不论它们是否工作。" },
			{ "Branch efficiency cannot show it: the compiler predicates "
			  "the short `if` body, so no branch diverges; the waste "
			  "shows in the instructions, which every warp with a "
			  "working thread issues for all its lanes.",
			  "分支效率看不出这一点：编译器把短小的 `if` 体谓词化，没有分支"
			  "发散；浪费体现在指令数上：只要有一个工作线程，线程束就为全部 "
			  "lane 发出指令。" } },
		/* {6}: the instructions it cost, first (M_W_DIV_INSTR), or
		 * nothing where they were not counted */
		.step_say = {
			{ "{6}each shared-memory access did the work of {1} → {2} "
			  "of 32 threads ({3} → {4} B per access)",
			  "{6}每次共享内存访问完成的是 32 个线程中 {1} → {2} 个的工作"
			  "（每次访问 {3} → {4} B）" },
			{ "{6}each shared-memory access did the work of {1} → {2} "
			  "of 32 threads ({3} → {4} B per access) while branch "
			  "efficiency read {5}",
			  "{6}每次共享内存访问完成的是 32 个线程中 {1} → {2} 个的工作"
			  "（每次访问 {3} → {4} B），而分支效率为 {5}" } },
		.implies = "instructions",
		.step = ev_div_step,
	},
	{
		.name = "instructions",
		.label = { "instructions issued", "发出的指令数" },
		.physics = {
			"Below the bandwidth limit a kernel spends its time issuing "
			"instructions and waiting on them: fewer warp instructions "
			"per element take less time only where issue, not DRAM, "
			"limits it.",
			"在带宽限制之下，核函数的时间花在发出指令和等待指令上：只有在受"
			"指令发射而不是显存限制时，每个元素更少的线程束指令才更省时间。" },
		.evidence = {
			"warp instructions changed beyond their noise (1 %) by 10 % "
			"or more, by a factor that accounts for at least half of the "
			"step on a log scale, the slower side under 95 % of the "
			"ceiling",
			"线程束指令数的变化超出其噪声（1 %）且不少于 10 %，其倍数在对数尺度"
			"上至少解释这一步的一半，且较慢的一侧低于上限的 95 %" },
		.refuted_by = {
			"instructions cut by a third or more with no change of time "
			"beyond 2 %: issue does not limit it there",
			"指令数减少三分之一以上，而时间变化不超过 2 %：那里并不受指令发射"
			"限制" },
		.concept = {
			{ "fewer instructions per element",
			  "每个元素的指令更少" },
			{ "more instructions per element",
			  "每个元素的指令更多" } },
		.clause = { {
			"Where issue, not DRAM, limits a loop, its time follows the "
			"instructions issued per element; once the loads wait on "
			"memory, fewer instructions no longer help.",
			"在受指令发射而不是显存限制的地方，时间随每个元素发出的指令数而变；"
			"一旦读取要等待显存，更少的指令就不再有帮助。" } },
		.step_say = { {
			"warp instructions {1} → {2} ({3} for a {4} step)",
			"线程束指令数 {1} → {2}（变化 {3}，这一步 {4}）" } },
		.refuted_say = {
			"Warp instructions went from {1} to {2} while the time did "
			"not change beyond 2 %: instruction issue does not limit it "
			"here",
			"线程束指令数从 {1} 变为 {2}，而时间的变化没有超过 2 %：这里并不受"
			"指令发射限制" },
		.against_say = {
			"warp instructions went from {1} to {2}",
			"线程束指令数从 {1} 变为 {2}" },
		.step = ev_instr_step,
	},
	{
		.name = "occupancy",
		.waits = true,
		.label = { "warps resident per SM",
			   "每个 SM 驻留的线程束" },
		.physics = {
			"More warps resident per SM hide more memory latency, until "
			"the bytes in flight cover it.",
			"每个 SM 上驻留的线程束越多，能隐藏的访存延迟越多，直到在途字节"
			"足以覆盖延迟为止。" },
		.evidence = {
			"achieved occupancy moved beyond its noise (2 points, 4 %) at "
			"the same theoretical occupancy, by a factor that accounts "
			"for at least half of the step on a log scale",
			"理论占用率不变时，实际占用率的变化超出其噪声（2 个百分点，4 %），"
			"其倍数在对数尺度上至少解释这一步的一半" },
		.refuted_by = {
			"a faster rung of the ladder at lower achieved occupancy with "
			"no more bytes per load instruction (so fewer warps alone "
			"cannot be what slows this one)",
			"阶梯中有更快的一级，实际占用率更低，每条读指令的字节数也不更多"
			"（所以单是线程束少并不能使这一级变慢）" },
		.concept = {
			{ "more warps resident per SM",
			  "每个 SM 上驻留的线程束更多" },
			{ "fewer warps resident per SM",
			  "每个 SM 上驻留的线程束更少" } },
		.clause = { {
			"More warps resident hide more memory latency, until the "
			"bytes in flight cover it.",
			"驻留的线程束越多，能隐藏的访存延迟越多，直到在途字节足以覆盖"
			"延迟为止。" } },
		.step_say = { {
			"achieved occupancy {1} → {2} at the same theoretical "
			"occupancy",
			"理论占用率不变，实际占用率 {1} → {2}" } },
		.refuted_say = {
			"Fewer warps alone do not explain it: {1} is faster at {2} "
			"achieved occupancy with no more bytes per load",
			"单是线程束少解释不了它：{1}在实际占用率 {2} 时更快，每条读指令的"
			"字节数也不更多" },
		.against_say = {
			"achieved occupancy went from {1} to {2}",
			"实际占用率从 {1} 变为 {2}" },
		.step = ev_occ_step,
	},
	{
		.name = "idle-sms",
		.waits = true,
		.label = { "SMs left idle by a grid smaller than the GPU",
			   "网格小于 GPU 而空闲的 SM" },
		.physics = {
			"Achieved occupancy counts only the SMs that ran: a grid of "
			"fewer blocks than the GPU has SMs leaves the others idle, "
			"and only its own warps have loads in flight, so by "
			"Little's law its bandwidth is tiny.",
			"实际占用率只统计运行过的 SM：线程块少于 SM 数的网格让其余 SM 空闲，"
			"只有它自己的线程束有在途的读取，按利特尔定律带宽极小。" },
		.evidence = {
			"the slower side's grid is fixed at fewer blocks than the "
			"GPU has SMs (reduce_one_block: one), the faster side's "
			"grows with the size; the GPU's occupancy is the achieved "
			"occupancy times the share of SMs that ran",
			"较慢一侧的网格固定为少于 SM 数的线程块（reduce_one_block：一个），"
			"较快一侧的随规模增长；整个 GPU 的占用率是实际占用率乘以运行过的 SM "
			"所占的比例" },
		.refuted_by = { "a grid that covers every SM",
				"覆盖每个 SM 的网格" },
		.concept = {
			{ "spreads the work over the whole GPU again",
			  "把工作重新分摊到整个 GPU 上" },
			{ "runs a grid smaller than the GPU, so most SMs idle",
			  "网格小于 GPU，大多数 SM 空闲" } },
		.clause = { {
			"Achieved occupancy counts only the SMs that ran; by "
			"Little's law, the few loads in flight of so few warps make "
			"a tiny bandwidth.",
			"实际占用率只统计运行过的 SM；按利特尔定律，这么少的线程束只有很少"
			"的在途读取，带宽极小。" } },
		.step_say = {
			{ "{1} ran on {2} of the {3} SMs, at {4} achieved occupancy "
			  "there: {5} of the GPU, against {6}",
			  "{1}只在 {3} 个 SM 中的 {2} 个上运行，那里的实际占用率为 {4}："
			  "相当于整个 GPU 的 {5}，而另一侧为 {6}" },
			{ "{1} ran on {2} of the {3} SMs, at {4} achieved occupancy "
			  "there: {5} of the GPU, against {6}; its time per element "
			  "is the same in two types, one twice the bytes of the "
			  "other ({7}), so bandwidth does not set it",
			  "{1}只在 {3} 个 SM 中的 {2} 个上运行，那里的实际占用率为 {4}："
			  "相当于整个 GPU 的 {5}，而另一侧为 {6}；两种类型（一种的字节数"
			  "是另一种的两倍）每个元素的时间相同（{7}），所以决定时间的不是"
			  "带宽" },
			{ "{1} used {2} of the {3} SMs, {5} of the GPU's warp "
			  "slots, against {6} here",
			  "{1}只用了 {3} 个 SM 中的 {2} 个，占整个 GPU 线程束槽位的 {5}，"
			  "而这里是 {6}" } },
		.step = ev_idle_step,
	},
	{
		.name = "latency",
		.waits = true,
		.label = { "memory latency, not bandwidth", "访存延迟，而非带宽" },
		.physics = {
			"A loop with few bytes in flight waits on latency: by "
			"Little's law its bandwidth is the bytes in flight over the "
			"round-trip time, so its time per element does not depend on "
			"the element's size.",
			"在途字节很少的循环在等待延迟：按利特尔定律，它的带宽等于在途字节数"
			"除以往返时间，所以每个元素的时间与元素大小无关。" },
		.evidence = {
			"at a size measured in two element types, one twice the "
			"bytes of the other, the variant takes the same time per "
			"element in both (within 10 %), and this row the same time "
			"per element as its type there; for a step, the faster side "
			"also holds more warps (achieved occupancy beyond its "
			"noise) or loads wider; for a rung alone, a rung beside it "
			"also takes the same time with warp instructions 1.5× apart "
			"or more (issue is ruled out too)",
			"在用两种元素类型（一种的字节数是另一种的两倍）测量过的某个规模下，"
			"该变体两种类型每个元素的时间相同（相差不超过 10 %），且这一行每个"
			"元素的时间与同类型在该规模下的相同；对一步而言，较快的一侧还要有更多"
			"驻留的线程束（实际占用率的变化超出噪声）或更宽的读取；对单独一级"
			"而言，相邻的一级还要与它用时相同而线程束指令相差 1.5 倍以上"
			"（指令发射也被排除）" },
		.refuted_by = {
			"time per element that grows with the element's size "
			"(bandwidth)",
			"每个元素的时间随元素大小增长（带宽受限）" },
		.concept = {
			{ "more bytes in flight for a loop that waits on memory "
			  "latency",
			  "等待访存延迟的循环有了更多在途字节" },
			{ "fewer bytes in flight for a loop that waits on memory "
			  "latency",
			  "等待访存延迟的循环在途字节更少" } },
		.clause = { {
			"By Little's law only more bytes in flight make such a loop "
			"faster.",
			"按利特尔定律，这样的循环只有在途字节更多才会更快。" } },
		.step_say = { {
			"at {7}, {1}'s {2} and {3} rows take the same time per "
			"element ({4} and {5} ns) though a {3} element is {6}× the "
			"bytes (achieved occupancy {8} → {9})",
			"在 {7} 时，{1}的 {2} 行和 {3} 行每个元素的时间相同（{4} 和 "
			"{5} ns），而一个 {3} 元素的字节数是前者的 {6} 倍（实际占用率 "
			"{8} → {9}）" } },
		.limit_say = { {
			"memory latency, not bandwidth or instruction issue: at "
			"{6}, {1} and {2} take the same time per element ({3} and "
			"{4} ns) although a {2} element is {5}× the bytes, and {7} "
			"takes the same time as it with {8} warp instructions "
			"against its {9}; more bytes in flight (more warps, wider "
			"loads, more loads per thread) is what is left",
			"访存延迟，而不是带宽或指令发射：在 {6} 时 {1} 和 {2} 每个"
			"元素的时间相同（{3} 和 {4} ns），而一个 {2} 元素的字节数是前者的 "
			"{5} 倍；{7}与它用时相同，线程束指令却是 {8} 条（它是 {9} 条）；"
			"剩下要做的是让在途字节更多（更多线程束、更宽的读取、每个"
			"线程更多的读取）" } },
		.last_resort = true,
		.step = ev_latency_step,
		.limit = ev_latency_limit,
	},
	{
		.name = "not-bandwidth",
		.label = { "not bandwidth", "不是带宽" },
		.physics = {
			"A loop whose time per element does not depend on the "
			"element's size does not wait on DRAM bandwidth; whether it "
			"waits on memory latency or on instruction issue, the two "
			"types do not tell.",
			"每个元素的时间与元素大小无关的循环，并不是在等显存带宽；它等的是"
			"访存延迟还是指令发射，两种类型的对比分辨不出。" },
		.evidence = {
			"at a size measured in two element types, one twice the "
			"bytes of the other, the variant takes the same time per "
			"element in both (within 10 %), and this row the same time "
			"per element as its type there, where no rung beside it "
			"rules instruction issue out",
			"在用两种元素类型（一种的字节数是另一种的两倍）测量过的某个规模下，"
			"该变体两种类型每个元素的时间相同（相差不超过 10 %），且这一行每个"
			"元素的时间与同类型在该规模下的相同，而没有相邻的一级排除指令发射" },
		.refuted_by = {
			"time per element that grows with the element's size "
			"(bandwidth)",
			"每个元素的时间随元素大小增长（带宽受限）" },
		.limit_say = { {
			"not DRAM bandwidth: at {6}, {1} and {2} take the same time "
			"per element ({3} and {4} ns) although a {2} element is {5}× "
			"the bytes; memory latency or instruction issue sets it, "
			"which these counters do not tell apart: fewer instructions "
			"per element, or more bytes in flight (more warps, wider "
			"loads, more loads per thread), is what is left",
			"不是显存带宽：在 {6} 时 {1} 和 {2} 每个元素的时间相同（{3} 和 "
			"{4} ns），而一个 {2} 元素的字节数是前者的 {5} 倍；决定时间的是访存"
			"延迟或指令发射，这些计数器分辨不出是哪一个：剩下要做的是让每个元素"
			"的指令更少，或让在途字节更多（更多线程束、更宽的读取、每个线程"
			"更多的读取）" } },
		.limit = ev_not_bandwidth_limit,
	},
};

_Static_assert(ARRAY_SIZE(rule_table) == RULE_COUNT,
	       "RULE_COUNT is not the table's rows");
/* why_said.physics: 3 bits a rule, bit 63 for UNEXPLAINED_SAID */
_Static_assert(3 * RULE_COUNT <= 63, "why_said.physics is too small");
