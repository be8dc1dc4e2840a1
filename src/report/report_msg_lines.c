/* report_msg_lines.c - the sentences of the counters per source line
 * (report_lines.c builds them): the rows from M__LINES on, in English and
 * Chinese, with {1}..{9} for arguments.  See report_msg.c and
 * report_int.h. */
#include "report_int.h"

const char *const msgs_lines[M__CLASS - M__LINES][NLANG] = {
#define ROW(id) [(id) - M__LINES]
	/* {1} the details page */
	ROW(M_L_WHERE) = {
		"Line by line (CUPTI's SASS counters of one run at this size, "
		"added up per source line; every line is in [the details]"
		"({1}#counters-per-source-line)):",
		"逐行来看（CUPTI 的 SASS 计数器，在此规模运行一次，按源代码行"
		"累计；每一行的数据见[细节页]({1}#逐行计数器)）：" },
	/* {1} why */
	ROW(M_L_NOT) = {
		"Counters per source line: not collected ({1}).",
		"逐行计数器：未采集（{1}）。" },
	/* {1} the line, {2} " `its text`" or "" */
	ROW(M_L_AT) = { "line {1}{2}", "第 {1} 行{2}" },
	ROW(M_L_NO_LINE) = { "instructions without line information",
			     "没有行号信息的指令" },
	/* {1} a kernel function */
	ROW(M_L_KERNEL) = { "{1}, ", "{1}，" },
	ROW(M_L_COLON) = { ": ", "：" },
	ROW(M_L_AND) = { "; ", "；" },
	ROW(M_L_END) = { ".", "。" },
	/* {1} wavefronts, {2} the ideal, {3} n */
	ROW(M_L_BANK) = {
		"{1} shared-memory wavefronts where a conflict-free access "
		"takes {2}: a {3}-way bank conflict",
		"{1} 个共享内存 wavefront，而无冲突的访问只需 {2} 个：{3} 路 "
		"bank 冲突" },
	ROW(M_L_BANK_AVG) = {
		"{1} shared-memory wavefronts where a conflict-free access "
		"takes {2}: bank conflicts, {3} passes per access on average",
		"{1} 个共享内存 wavefront，而无冲突的访问只需 {2} 个：存在 bank "
		"冲突，平均每次访问 {3} 轮" },
	/* {1} sectors, {2} the ideal, {3} their ratio */
	ROW(M_L_UNCOAL) = {
		"{1} global-memory sectors where a coalesced access touches "
		"{2}: {3}× the traffic, uncoalesced",
		"{1} 个全局内存扇区，而合并访问只涉及 {2} 个：流量是 {3} 倍，"
		"访问没有合并" },
	/* {1} load instructions, {2} sectors each, {3} bytes a thread,
	 * {4} times fewer */
	ROW(M_L_NARROW) = {
		"{1} global load instructions of {2} sectors each ({3} bytes "
		"a thread): 16-byte loads would move the same bytes in {4}× "
		"fewer instructions",
		"{1} 条全局内存读指令，每条 {2} 个扇区（每个线程 {3} 字节）：用 "
		"16 字节的读取，搬运同样的字节只需 1/{4} 的指令" },
	/* {1} the rung */
	ROW(M_L_FIX) = { "; {1} shows the fix", "；{1}给出了解决办法" },
	/* {1} instructions, {2} sectors */
	ROW(M_L_LOCAL) = {
		"{1} local-memory instructions ({2} sectors): spilled registers "
		"or a local array",
		"{1} 条本地内存指令（{2} 个扇区）：寄存器溢出或本地数组" },
	/* {1} branches */
	ROW(M_L_DIV) = {
		"{1} divergent branches: the threads of a warp went both ways, "
		"and the warp ran both paths",
		"{1} 个分化分支：同一线程束的线程走向了不同分支，线程束两条路径"
		"都要执行" },
	/* {1} warp instructions, {2} threads */
	ROW(M_L_IDLE) = {
		"each of its {1} warp instructions did the work of {2} of 32 "
		"threads (the others' predicate was off)",
		"它的 {1} 条线程束指令平均每条只有 {2} 个线程（共 32 个）在做事"
		"（其余线程的谓词为假）" },
	/* {1} percent, {2} the line's, {3} the kernel's */
	ROW(M_L_HOT) = {
		"the most warp instructions of any line, {1} % of the kernel's "
		"({2} of {3})",
		"发出的线程束指令最多，占核函数的 {1} %（{3} 条中的 {2} 条）" },
	ROW(M_L_NONE) = {
		"no line shows bank conflicts or uncoalesced access (2× the "
		"ideal or more), local memory or divergent branches, and no "
		"line issues a quarter of the warp instructions.",
		"没有哪一行出现 bank 冲突或未合并访问（达到理想值的 2 倍及以上）、"
		"本地内存或分化分支，也没有哪一行发出四分之一以上的线程束指令。" },

	/* the details page */
	ROW(M_L_DINTRO) = {
		"CUPTI's SASS metrics of one run of each measurement, per machine "
		"instruction, added up per source line through the line tables "
		"`-lineinfo` writes (the method and its limits: "
		"docs/per-line.md). Per line: the warp instructions it issued; "
		"the threads that did work per warp instruction (32 without "
		"divergence or predication); the 32-byte global-memory sectors "
		"it touched and how many times the coalesced minimum that is; "
		"the shared-memory wavefronts and how many times the "
		"conflict-free minimum; local-memory instructions (spills); "
		"divergent branches. A line is quoted above its table when it "
		"holds at least 10 % of the kernel's excess sectors or "
		"wavefronts at 2× the ideal or more, any local memory, 10 % of "
		"its divergent branches, a quarter of its warp instructions, or "
		"5 % of them with 8 working threads or fewer.",
		"CUPTI 的 SASS 指标：每个测量运行一次，按机器指令计数，再通过 "
		"`-lineinfo` 写入的行号表按源代码行累计（方法与局限见 "
		"docs/per-line.md）。每一行给出：它发出的线程束指令数；每条线程束"
		"指令中真正做事的线程数（无分化、无谓词时为 32）；它涉及的 32 字节"
		"全局内存扇区数，以及是合并访问最小值的几倍；共享内存 wavefront "
		"数，以及是无冲突最小值的几倍；本地内存指令数（溢出）；分化分支数。"
		"满足下列之一的行会在表格上方单独列出：在达到理想值 2 倍及以上时"
		"占核函数多余扇区或 wavefront 的 10 % 以上、有本地内存访问、占分化"
		"分支的 10 % 以上、发出四分之一以上的线程束指令，或发出 5 % 以上的"
		"指令而每条只有 8 个或更少线程做事。" },
	ROW(M_L_DUSER) = { "Your kernels, every line", "你的核函数：每一行" },
	ROW(M_L_DRUNGS) = {
		"The built-in rungs, their key lines",
		"内置各级：关键代码行" },
	/* {1} the variant, {2} its type, {3} the size */
	ROW(M_L_DHEAD) = { "{1}: {2}, {3}", "{1}：{2}，{3}" },
	/* {1} a kernel function */
	ROW(M_L_DKERNEL) = { "Kernel {1}:", "核函数 {1}：" },
	ROW(M_L_COL_LINE) = { "line", "行" },
	ROW(M_L_COL_CODE) = { "code", "代码" },
	ROW(M_L_COL_INST) = { "warp instr.", "线程束指令" },
	ROW(M_L_COL_THREADS) = { "threads on (of 32)", "做事线程（/32）" },
	ROW(M_L_COL_GLOBAL) = { "global sectors (× ideal)",
				"全局扇区（× 理想值）" },
	ROW(M_L_COL_SHARED) = { "shared wavefronts (× ideal)",
				"共享 wavefront（× 理想值）" },
	ROW(M_L_COL_LOCAL) = { "local instr.", "本地内存指令" },
	ROW(M_L_COL_DIV) = { "divergent branches", "分化分支" },
	/* {1} lines */
	ROW(M_L_ELSEWHERE) = { "{1} other lines", "其他 {1} 行" },
	ROW(M_L_ELSEWHERE1) = { "{1} other line", "其他 {1} 行" },
	/* divergent branches that split at most one warp of a block at
	 * each pass: {1} divergent branches, {2} all branches of the line,
	 * {3} warps a block */
	ROW(M_L_DIV_TAIL) = {
		"{1} divergent branches of its {2}, at most one warp of a "
		"block's {3} split at each pass: a tree's last passes, where "
		"fewer than 32 threads are left working (every tree has those "
		"passes, whether the compiler branches there or predicates; "
		"they are not the divergence the ladder fixes, working threads "
		"scattered over every warp)",
		"在它的 {2} 个分支中有 {1} 个分化分支，每一轮最多只分开一个块中 "
		"{3} 个线程束里的一个：这是树形归约的最后几轮，剩下做事的线程不足 "
		"32 个（每棵树都有这几轮，不论编译器在这里用分支还是谓词；这不是"
		"阶梯所修正的那种发散，即做事的线程分散在每个线程束中）" },
	/* a line of few working threads per instruction that the rung
	 * fixing divergence shows as well: {1} the rung, {2} its line,
	 * {3} its threads per warp instruction */
	ROW(M_L_IDLE_TREE) = {
		", as every tree's last steps do, where fewer than 32 threads "
		"are left working: {1} shows the same at {2} ({3} of 32), so it "
		"is not the divergence the ladder fixes",
		"，每棵归约树的最后几步都是如此，那时剩下做事的线程不足 32 个："
		"{1}在 {2} 也一样（32 个中 {3} 个），所以这不是阶梯所修正的那种"
		"发散" },
	/* the line the divergence found comes from: {1} the line's warp
	 * instructions beyond {3}, the busiest line of rung {2} that fixes
	 * it, which issues {4} */
	ROW(M_L_DIV_HERE) = {
		"{1} more warp instructions than {2} issues at its busiest "
		"line, {3} ({4}): the divergence the diagnosis finds is here",
		"线程束指令比{2}最忙的一行 {3}（{4}）多 {1} 条：诊断发现的发散就在"
		"这里" },
	/* where warps wait: {1} percent of the kernel's {2} PC samples, {3}
	 * the state (counters/source_lines.c's stall_* words), {4} its percent of
	 * the line's samples */
	ROW(M_L_STALL) = {
		"{1} % of the kernel's {2} PC samples; its warps were most "
		"often {3}: {4} % of the line's samples",
		"核函数的 {2} 个 PC 采样中有 {1} % 落在这一行；这一行的线程束最常"
		"处于的状态是{3}：占这一行采样的 {4} %" },
	/* M_L_STALL of a state said in full before on the page: {3} its
	 * short name (the metric's, Nsight Compute's: long_scoreboard) */
	ROW(M_L_STALL_AGAIN) = {
		"{1} % of the kernel's {2} PC samples; {4} % of the line's "
		"samples are `{3}`, as above",
		"核函数的 {2} 个 PC 采样中有 {1} % 落在这一行；这一行的采样有 "
		"{4} % 同样是 `{3}`（见上文）" },
	/* in a step's "why": {1} the rung, {2} the size the samples are of */
	ROW(M_L_STALL_WHY) = {
		" Where {1}'s warps wait (PC samples, {2}): ",
		"{1}的线程束在哪里等待（PC 采样，{2}）：" },
	/* {1} measurements whose lines came from the per-line cache, of {2} */
	ROW(M_L_CACHED) = {
		"The lines of {1} of these {2} measurements come from the "
		"per-line cache: an earlier run collected them for the same "
		"machine code, input, launch and GPU (results.json's "
		"`lines.cached`; `CULAB_LINES_CACHE=off` collects them again).",
		"这 {2} 个测量中有 {1} 个的逐行计数来自逐行缓存：先前的一次运行在"
		"相同的机器码、输入、启动配置和 GPU 上采集过它们（results.json 的 "
		"`lines.cached`；设置 `CULAB_LINES_CACHE=off` 会重新采集）。" },
	/* lines at a smaller size than the body's largest */
	ROW(M_L_SMALLER) = {
		"Lines are counted at an experiment's largest size of at most "
		"2^24 elements, which each heading names, not at a larger one "
		"the tables above also measured: the instrumented run is slow, "
		"and a line's share of the work, its sectors and wavefronts per "
		"ideal one and where its warps wait came out the same at 2^24 "
		"as at 2^28 (docs/per-line.md, \"At which size\").",
		"逐行计数在实验中不超过 2^24 个元素的最大规模上采集（每个小标题"
		"都写明规模），而不是在上面表格也测过的更大规模上：插桩运行很慢，"
		"而在 2^24 与 2^28 上，一行占的工作量、每个理想扇区与波前对应的"
		"实际数量以及线程束在哪里等待都相同（docs/per-line.md，"
		"“At which size”）。" },
};
