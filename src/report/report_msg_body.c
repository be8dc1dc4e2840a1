/* report_msg_body.c - the sentences of the report's body (the pages a
 * student hands in) and of its details page that report_msg.c's table
 * has no room for: the rows from M__BODY on, in English and Chinese,
 * with {1}..{9} for arguments.  See report_msg.c and report_int.h. */
#include "report_int.h"

const char *const msgs_body[M__SAN - M__BODY][NLANG] = {
#define ROW(id) [(id) - M__BODY]
	ROW(M_TITLE_FAMILIES) = { "GPU optimization ladders: {1}",
				  "GPU 优化阶梯：{1}" },
	ROW(M_SEMI_SEP) = { "; ", "；" },
	ROW(M_COMMA_SEP) = { ", ", "、" },

	/* the abstract */
	ROW(M_BA_MEASURED) = {
		"On {1}, culab {2} timed {3} GPU kernel variants of {4} in {5} "
		"measurements, each answer checked against a CPU "
		"reference{6}.",
		"culab {2} 在 {1} 上对 {4} 的 {3} 个 GPU 核函数变体做了 {5} 组测量，"
		"每个结果都与 CPU 参考值核对{6}。" },
	/* the same with the variants that run on the CPU named apart: {7}
	 * their names (M_BA_CPU1, M_BA_CPUS) */
	ROW(M_BA_MEASURED_CPU) = {
		"On {1}, culab {2} timed {3} GPU kernel variants of {4}, and "
		"{7}, in {5} measurements, each answer checked against a CPU "
		"reference{6}.",
		"culab {2} 在 {1} 上对 {4} 的 {3} 个 GPU 核函数变体以及 {7}做了 "
		"{5} 组测量，每个结果都与 CPU 参考值核对{6}。" },
	ROW(M_BA_CPU1) = { "the CPU reference {1} (a loop on the host)",
			   "CPU 参考实现 {1}（主机上的循环）" },
	ROW(M_BA_CPUS) = { "the CPU references {1} (loops on the host)",
			   "CPU 参考实现 {1}（主机上的循环）" },
	ROW(M_BA_FAILED) = {
		"; {1} failed or were skipped and are listed in the details",
		"；其中 {1} 组失败或被跳过，列在细节页中" },
	ROW(M_BA_FAMILY) = { "{1} ({2})", "{1}（{2}）" },
	ROW(M_BA_STEPS) = { "For {1}, the steps that mattered most were {2}.",
			    "对 {1}，最重要的几步是：{2}。" },
	ROW(M_BA_STEP) = { "{1} ({2}, {3}{4})", "{1}（{2}，{3}{4}）" },
	ROW(M_BA_STEP_WHY) = { "; {1}", "；{1}" },
	ROW(M_BA_HW) = {
		"Against the hardware, the fastest rung reaches {1} of the "
		"theoretical peak bandwidth and {2} of the measured ceiling (a "
		"kernel that only reads or copies the same data).",
		"与硬件相比，最快的一级达到理论峰值带宽的 {1}，以及实测上限"
		"（只读取或复制同样数据的核函数）的 {2}。" },
	ROW(M_BA_HW_PEAK) = {
		"Against the hardware, the fastest rung reaches {1} of the "
		"theoretical peak bandwidth.",
		"与硬件相比，最快的一级达到理论峰值带宽的 {1}。" },
	ROW(M_BA_USER) = { "Your kernels: {1}.", "你的核函数：{1}。" },
	ROW(M_BA_USER_ITEM) = {
		"{1} reaches {2} % of the peak on {3} (the fastest rung: "
		"{4} %)",
		"{1} 在 {3} 上达到峰值的 {2} %（最快的一级：{4} %）" },

	/* the environment */
	ROW(M_ENV_SMEM) = { "Shared memory per SM", "每个 SM 的共享内存" },
	ROW(M_ENV_CLOCKS) = { "Clocks during the timed runs",
			      "计时运行期间的时钟" },
	ROW(M_ENV_VERSIONS) = { "Driver / CUDA runtime",
				"驱动 / CUDA 运行时" },
	/* a file without the driver's own version (before culab kept it, or
	 * no NVML): its one driver figure is the CUDA version it supports */
	ROW(M_ENV_VERSIONS_CUDA) = {
		"CUDA version the driver supports / CUDA runtime",
		"驱动支持的 CUDA 版本 / CUDA 运行时" },
	/* {1} the driver's version (NVML), {2} the CUDA version it supports */
	ROW(M_ENV_DRIVER_CUDA) = { "{1} (CUDA {2})", "{1}（CUDA {2}）" },
	ROW(M_ENV_NVIDIA_DRIVER) = { "Driver", "驱动" },
	ROW(M_ENV_GPU_CC) = { "{1} (compute capability {2})",
			      "{1}（计算能力 {2}）" },
	ROW(M_ENV_CLK_STEADY) = {
		"steady: SM {1} MHz, memory {2} MHz in all {3} GPU rows "
		"(NVML)",
		"稳定：全部 {3} 个 GPU 行中 SM {1} MHz、显存 {2} MHz（NVML）" },
	ROW(M_ENV_CLK_RANGE) = {
		"not steady: SM {1}–{2} MHz, memory {3}–{4} MHz over {5} GPU "
		"rows (NVML)",
		"不稳定：{5} 个 GPU 行中 SM {1}–{2} MHz、显存 {3}–{4} MHz"
		"（NVML）" },
	ROW(M_ENV_CLK_THROTTLED) = { "; throttled in {1} of them ({2})",
				     "；其中 {1} 行降频（{2}）" },
	ROW(M_ENV_CLK_NONE) = { "not recorded", "未记录" },
	ROW(M_ENV_KIB) = { "{1} KiB", "{1} KiB" },

	/* the setup's method paragraph */
	ROW(M_SETUP_METHOD) = {
		"Each kernel was run {1}× untimed (warm-up), then timed {2}×; "
		"the tables give the median time of the timed runs, and their "
		"± column how far the 95 % interval of that median within this "
		"one run reaches from it (its longer side): a second run of "
		"the same file can differ by more. "
		"Every answer was checked against a CPU reference.",
		"每个核函数先不计时运行 {1} 次（预热），再计时运行 {2} 次；表中给出计时运行"
		"的中位时间，± 列是这一次运行之内该中位数的 95 % 区间离它最远的一端：同一"
		"实验文件再运行一次，结果可能相差更多。每个结果都与 CPU 参考值核对。" },
	ROW(M_SETUP_METHOD_VARIES) = {
		"Each kernel ran a few times untimed, then repeatedly timed "
		"(the details give the counts of each experiment); the tables "
		"give the median time of the timed runs, and their ± column "
		"how far the 95 % interval of that median within this one run "
		"reaches from it (its longer side): a second run of the same "
		"file can differ by more. Every "
		"answer was checked against a CPU reference.",
		"每个核函数先不计时运行几次，再多次计时运行（各实验的次数见细节页）；"
		"表中给出计时运行的中位时间，± 列是这一次运行之内该中位数的 95 % 区间"
		"离它最远的一端：同一实验文件再运行一次，结果可能相差更多。每个结果"
		"都与 CPU 参考值核对。" },
	ROW(M_SETUP_FLUSH) = {
		" The L2 cache was flushed before every timed run, so each run "
		"read its input from device memory.",
		"每次计时运行前都清空 L2 缓存，因此每次都从显存读取输入。" },
	ROW(M_SETUP_COUNTERS) = {
		" Hardware counters come from a separate pass that is not "
		"timed.",
		"硬件计数器在单独的、不计时的一轮中采集。" },
	ROW(M_SETUP_MORE) = {
		"The method in depth and what each counter means: [the "
		"details]({1}#method).",
		"详细的方法和每个计数器的含义见[细节页]({1}#方法)。" },

	/* a ladder in the body */
	ROW(M_BCOL_CHANGE) = { "What changed", "改动" },
	ROW(M_BCOL_TIME) = { "Time (ms)", "时间（ms）" },
	ROW(M_BCOL_CEIL) = { "% of ceiling", "占上限 %" },
	ROW(M_BCOL_PEAK) = { "% of peak", "占峰值 %" },
	ROW(M_BCOL_STEP) = { "Step", "单步" },
	ROW(M_BCOL_WHY) = { "The counter that shows it",
			    "说明原因的计数器" },
	ROW(M_BCELL_FAILED) = { "failed", "失败" },
	ROW(M_BX_FASTER) = { "{1} faster", "快 {1}" },
	ROW(M_BX_SLOWER) = { "{1} slower", "慢 {1}" },
	/* a step within noise keeps its direction where its digits show
	 * one ("1.02× slower, within noise"), not where they read 1.00× */
	ROW(M_BX_SAME) = { "{1}, within noise", "{1}，在噪声以内" },
	ROW(M_BX_SAME_F) = { "{1} faster, within noise", "快 {1}，在噪声以内" },
	ROW(M_BX_SAME_S) = { "{1} slower, within noise", "慢 {1}，在噪声以内" },
	ROW(M_BWHY_HEAD) = { "Why each step went as it did:",
			     "每一步为何如此：" },
	ROW(M_BWHY_ITEM) = { "- **{1}** ({2}), {3}. {4}",
			     "- **{1}**（{2}），{3}。{4}" },
	ROW(M_BWHY_SAME) = {
		"- Within run-to-run noise, not explained: {1}.",
		"- 在运行间噪声以内，不作解释：{1}。" },
	ROW(M_BWHY_CTR) = { "{1} {2} → {3}", "{1} {2} → {3}" },
	ROW(M_BWHY_NONE) = {
		"no counter its signature names moved beyond its noise.",
		"它的特征所列的计数器都没有超出噪声的变化。" },
	ROW(M_BCODE_HEAD) = { "The key lines of the steps that mattered:",
			      "最重要几步的关键代码：" },
	ROW(M_BCODE_ITEM) = { "{1}, {2}, {3}:", "{1}，{2}，{3}：" },
	ROW(M_BMORE) = {
		"Every size, the counters, the 95 % intervals and the "
		"findings: [the details]({1}).",
		"各规模的结果、计数器、95 % 区间和分析见[细节页]({1})。" },

	/* the body's results (report_results.c) */
	ROW(M_BCOL_PM) = { "± (95 %)", "±（95 %）" },
	ROW(M_BWHY_PARA) = { "**{1}** ({2}), {3}. {4}",
			     "**{1}**（{2}），{3}。{4}" },
	ROW(M_BT_AND) = { " and ", "和" },
	ROW(M_BT_HEAD) = { "{1}: what the element type changes, {2}",
			   "{1}：元素类型带来的变化，{2}" },
	ROW(M_BT_INTRO) = {
		"The same ladder on {1} at {2}. Only the rungs whose step "
		"differs between the types are listed: in its verdict, or in "
		"its size by more than {3} %; each cell is the step against "
		"the rung before, as in the tables above. Every rung of every "
		"type, with its counters: [the details]({4}).",
		"同一阶梯在 {2} 时用 {1} 的结果。只列出各类型之间单步不同的级："
		"结论不同，或加速比相差超过 {3} %；每格是相对上一级的单步，与上面"
		"的表格相同。每种类型的每一级及其计数器见[细节页]({4})。" },
	ROW(M_BT_NONE) = {
		"The same ladder on {1} at {2}: every step agrees between the "
		"types, in its verdict and within {3} % in its size. Every "
		"rung of every type: [the details]({4}).",
		"同一阶梯在 {2} 时用 {1} 的结果：各类型的每一步结论相同，加速比"
		"相差在 {3} % 以内。每种类型的每一级见[细节页]({4})。" },
	ROW(M_BT_WHY) = { "{1}: {2}", "{1}：{2}" },
	/* a later ladder section's, said shorter: the first said it */
	ROW(M_BWHY_SAME_AGAIN) = { "- Within run-to-run noise: {1}.",
				   "- 在运行间噪声以内：{1}。" },
	ROW(M_BMORE_AGAIN) = { "Every size of {2}: [the details]({1}).",
			       "{2} 的各规模见[细节页]({1})。" },
	ROW(M_C_STEPS_AGAIN) = { "the steps that mattered most: {1}. ",
				 "最重要的几步：{1}。" },
	/* {1} the rung, {2} its speed against it, {3} → {4} ms */
	ROW(M_BWHY_PAST_TEACHING) = {
		" Measured against {1}, the fastest rung before the teaching "
		"one, it is {2} ({3} → {4} ms).",
		"与教学用的那一级之前最快的{1}相比，它{2}（{3} → {4} ms）。" },
	ROW(M_RB_ROWS_ALL) = { "every rung", "每一级" },
	/* {1} the rung, {2} its variant, {3} where, {4} the rung before,
	 * {5} the family's details page */
	ROW(M_BCODE_ALONE) = {
		"The key lines of {1} ({2}, {3}); those of {4} are another part "
		"of the code, on [the family's page]({5}#the-optimization-steps):",
		"{1}的关键代码（{2}，{3}）；{4}的关键代码是另一部分代码，见"
		"[该族的细节页]({5}#优化步骤)：" },
	ROW(M_D_FAMILY_PAGE) = {
		"- [{1}]({2}) ({3}): every size, the charts, the findings, "
		"the counters per source line and the rubric rung by rung",
		"- [{1}]({2})（{3}）：各规模的结果、图表、分析、逐行计数器和逐级"
		"的预期与观测" },

	/* reproduction and provenance */
	ROW(M_BR_PASTE) = {
		"To measure again on a machine with a GPU, with culab {1} "
		"(commit {2}), from the repository:",
		"要在有 GPU 的机器上重新测量（culab {1}，提交 {2}），在仓库目录中"
		"运行：" },
	/* {1} the commit a culab with uncommitted changes was built from */
	ROW(M_COMMIT_DIRTY) = { "{1} with uncommitted changes",
				"{1} 加上未提交的改动" },
	/* the details' commands where that culab had such changes: {1} the
	 * commit, without the "-dirty" that no checkout takes */
	ROW(M_R_PASTE_DIRTY) = {
		"The culab that recorded these results was built from commit "
		"{1} with uncommitted changes beyond it, which no checkout "
		"restores: the code that measured may differ from that "
		"commit's. To measure again on a machine with a GPU, build "
		"culab at that commit (`git checkout {1} && make`) and run, "
		"from the repository:",
		"记录这些结果的 culab 构建自提交 {1}，外加未提交的改动，任何检出都"
		"无法还原这些改动：测量所用的代码可能与该提交的不同。要在有 GPU 的"
		"机器上重新测量：构建该提交的 culab（`git checkout {1} && make`），"
		"然后在仓库目录中运行：" },
	ROW(M_BR_PASTE_NOVERSION) = {
		"To measure again on a machine with a GPU, from the "
		"repository:",
		"要在有 GPU 的机器上重新测量，在仓库目录中运行：" },
	ROW(M_BR_MORE) = {
		"How these results were recorded (versions, the command line, "
		"the experiment file's SHA-256): [the details]({1}#provenance).",
		"这些结果是如何记录的（版本、命令行、实验文件的 SHA-256）见"
		"[细节页]({1}#来源)。" },
	ROW(M_DR_PROV) = {
		"The command line that recorded them, with the paths of that "
		"machine left out:",
		"记录这些结果的命令行（去掉了那台机器上的路径）：" },
	ROW(M_DR_HOST) = { "Recorded on host {1}.", "记录于主机 {1}。" },

	/* code */
	ROW(M_UCODE_INTRO) = {
		"The source of your kernels as culab compiled it (the results "
		"file keeps it):",
		"你的核函数的源码，即 culab 编译的版本（结果文件中保存着它）：" },
	ROW(M_UCODE_FN) = { "{1}: {2}, lines {3}–{4}",
			    "{1}：{2}，第 {3}–{4} 行" },
	ROW(M_UCODE_FILE) = { "{1}: {2}, the whole file",
			      "{1}：{2}，整个文件" },
	ROW(M_STEP_CODE) = { "Its key lines, {1}:", "关键代码，{1}：" },

	/* before and after, in the body */
	ROW(M_BB_HEAD) = { "This run against the baseline {1}:",
			   "本次运行与基线 {1} 的对比：" },
	ROW(M_BB_CROSS) = {
		"**The two ran on different GPUs: the verdicts compare GPUs, "
		"not code.**",
		"**两者在不同的 GPU 上运行：结论比较的是 GPU，而不是代码。**" },
	ROW(M_BB_MORE) = {
		"Every pair with its interval, the environment facts that "
		"differ and the ratio chart: [the details]({1}#before-and-after).",
		"每一对的比值及其区间、不同的环境参数和比值图见"
		"[细节页]({1}#前后对比)。" },
	/* {1}: the kinds' floors, "GPU rows 0.050–9.0 %; ..." */
	ROW(M_BB_FLOORS) = {
		"A pair counts as faster or slower only when its change is "
		"also larger than the run-to-run floor of its kind of row, the "
		"largest change two runs of unchanged code showed: {1} (the "
		"details name the recordings).",
		"只有变化也大于该类行的运行间下限（两次运行未改动的代码所出现的"
		"最大变化），一对才算更快或更慢：{1}（记录见细节页）。" },

	/* run-to-run floors in a comparison (report_compare.c) */
	ROW(M_BF_HEAD) = {
		"**Run-to-run floors.** Two runs of unchanged code differ by "
		"more than the intervals of either run say (clocks, where the "
		"buffers landed and the host change from run to run), so a "
		"pair is faster or slower only when, beyond its interval, its "
		"change is also larger than its floor: the largest change that "
		"runs of unchanged code showed on its GPU model for rows of its "
		"kind (GPU work alone, on more bytes than the L2 holds or on "
		"fewer; a host step; the CPU) and of its median time. The floor "
		"of each pair is in the table, beside its interval:",
		"**运行间下限。**同一份代码运行两次，差别比任何一次运行自身的区间"
		"所显示的更大（时钟、缓冲区落在何处以及主机状态都会随运行而变），"
		"因此除了区间之外，只有变化也大于其下限时，一对才算更快或更慢：下限是在同一"
		"型号 GPU 上、同类行（仅 GPU 工作，数据多于或不超过 L2；含主机步骤；CPU）在相近中位时间"
		"下，未改动代码的多次运行之间出现过的最大变化。每一对的下限列在表中"
		"区间旁边：" },
	/* {1} kind, {2} pairs, {3} floors, {4} where they came from */
	ROW(M_BF_KIND) = { "- {1}: {2} pairs, {3}, {4}.",
			   "- {1}：{2} 对，{3}，{4}。" },
	ROW(M_BF_MEASURED) = { "measured on {1}", "在 {1} 上测得" },
	/* {1} the pairs' GPU, {2} the recordings */
	ROW(M_BF_FALLBACK) = {
		"not measured on {1}: the largest measured on another GPU, {2}",
		"未在 {1} 上测量：取其他 GPU 上测得的最大值，{2}" },
	ROW(M_BF_UNMEASURED) = { "no floor: not measured on any GPU",
				 "没有下限：没有在任何 GPU 上测量过" },
	ROW(M_BF_NONE) = {
		"No run-to-run floor (`--floor none`): the threshold alone "
		"decides.",
		"不使用运行间下限（`--floor none`）：只由阈值决定。" },
	ROW(M_BF_FIXED) = {
		"Run-to-run floor: ±{1} for every row (`--floor`).",
		"运行间下限：每一行都取 ±{1}（`--floor`）。" },
	ROW(M_BF_COL) = { "Run-to-run floor", "运行间下限" },
	/* {1} the floor, {2} the kind */
	ROW(M_BF_CELL) = { "±{1} ({2})", "±{1}（{2}）" },
	/* {1} the smallest floor, {2} the largest */
	ROW(M_BF_RANGE) = { "floors ±{1} to ±{2} by median time",
			    "下限随中位时间为 ±{1} 至 ±{2}" },
	ROW(M_BF_K_GPU) = { "GPU", "GPU" },
	ROW(M_BF_K_GPU_L2) = { "GPU, fits in L2", "GPU（数据不超过 L2）" },
	ROW(M_BF_K_HOST) = { "host step", "主机步骤" },
	ROW(M_BF_K_CPU) = { "CPU", "CPU" },
	/* a user kernel's rows in one table (report_user.c) */
	/* {1} GB/s, {2} percent of the theoretical peak */
	ROW(M_UT_IMPOSSIBLE) = {
		"- **Impossible time**: {1} GB/s is {2} % of this GPU's "
		"theoretical peak, with L2 evicted before every run: a kernel "
		"that reads its whole input cannot be this fast.  Check that "
		"it reads every element and computes the answer each time "
		"(one that returns a remembered answer, or reads little, is "
		"this fast).",
		"- **不可能的时间**：{1} GB/s 是这块 GPU 理论峰值的 {2} %，而每次"
		"运行前都清空了 L2：读取全部输入的核函数不可能这么快。请检查它是否"
		"读取了每个元素、是否每次都重新计算答案（返回记住的答案或只读取"
		"少量数据的核函数才会这么快）。" },
	ROW(M_UT_IMPOSSIBLE_CELL) = { "**impossible time** (faster than the "
				      "peak); ",
				      "**不可能的时间**（快于峰值）；" },
	/* the class page (report_class.c) */
	ROW(M_K_IMPOSSIBLE) = { "**impossible time**", "**不可能的时间**" },
	ROW(M_K_VERIFIED) = { "verified", "已验证" },
	/* {1} the experiment, {2} the family */
	ROW(M_K_HEAD) = { "{1} ({2})", "{1}（{2}）" },
	ROW(M_K_COL_STUDENT) = { "student", "学生" },
	ROW(M_K_COL_STATE) = { "state", "状态" },
	ROW(M_K_COL_SCORE) = { "score", "得分" },
	/* {1} the type, {2} the size */
	ROW(M_K_COL_TIME) = { "{1}, {2} (ms)", "{1}，{2}（ms）" },
	ROW(M_K_COL_PROBLEM) = { "main problem", "主要问题" },
	ROW(M_K_COL_LINE) = { "line", "行" },
	/* {1} the student whose source it copies */
	ROW(M_K_COPY) = { "**the same source as {1}'s**",
			  "**与 {1} 的源代码相同**" },
	ROW(M_K_CHART) = {
		"The class against the ladder at each type's largest size: each "
		"student's bandwidth beside the built-in rungs' (longer is "
		"faster); a student whose row did not verify has no bar.",
		"各类型最大规模下全班与阶梯的对比：每个学生的带宽与内置各级并列"
		"（越长越快）；结果未通过验证的学生没有条形。" },
	ROW(M_K_SCORE) = {
		"A student's score is 0 unless every row of theirs verified and "
		"none has an impossible time (faster than its bytes at the GPU's "
		"theoretical peak with L2 evicted before every run); otherwise "
		"100 times the geometric mean, over the types and sizes they ran, "
		"of the fastest built-in rung's time over theirs, each ratio at "
		"most 1: as fast as the best rung of the same run, or faster, is "
		"100, half as fast everywhere is 50.  The main problem is the "
		"first the diagnosis of their largest verified row finds, and "
		"the line the first its counters per source line name (their "
		"report's \"Your kernels\" and the details say why); the "
		"class's own `finish` is not counted as a student's problem.  "
		"For a student whose rows failed, they are what compute-sanitizer "
		"found first at a line when culab reran the kernel under it.  A "
		"student whose source is the same as an earlier student's, once "
		"comments and whitespace are set aside, is marked so (the score "
		"is left to the teacher).  gradebook.csv holds the same, a line "
		"per student (copy_of names the earlier student).",
		"学生得分：只要有一行未通过验证，或有一行时间不可能（在每次运行前"
		"清空 L2 的情况下，快于按 GPU 理论峰值搬运其字节所需的时间），得分"
		"为 0；否则为 100 乘以几何平均值，平均的是其所运行的各类型与规模"
		"上“本次运行中最快内置级的时间 / 该学生的时间”，每个比值至多为 1："
		"与最快的级一样快或更快得 100，处处只有一半速度得 50。主要问题是"
		"对其最大规模已验证行的诊断所找到的第一个问题，行号是逐行计数器"
		"指出的第一行（原因见报告的“你的核函数”一节和细节页）；班级规定的 "
		"`finish` 不算作学生的问题。对有失败行的学生，主要问题和行号是 "
		"culab 在 compute-sanitizer 下重跑该核函数时第一个指出行号的发现。"
		"去掉注释和空白后源代码与前面某个学生相同的学生会被标出（是否扣分"
		"由教师决定）。gradebook.csv 每个学生一行，内容相同（copy_of 列出"
		"前面那个学生）。" },
	/* {1} the experiments */
	ROW(M_K_SCORE_CLASS) = {
		"In {1} (`score: class`) the reference is the class's fastest "
		"verified student at each type and size instead of the fastest "
		"rung: that student scores 100 there.",
		"在 {1} 中（`score: class`），参照改为各类型与规模上全班最快的"
		"已验证学生，而不是最快的级：该学生在那里得 100。" },
	/* a student's page: {1} the student, {2} the kernel's title */
	ROW(M_K_STUDENT_HEAD) = { "# {1}: {2}", "# {1}：{2}" },
	/* {1} the GPU, {2} when, {3} the language code */
	ROW(M_K_STUDENT_LINKS) = {
		"{1} · {2} · [the class](../../class.{3}.md) · [the whole "
		"report](../../report.{3}.md) · [the details]"
		"(../../details.{3}.md)",
		"{1} · {2} · [全班](../../class.{3}.md) · [完整报告]"
		"(../../report.{3}.md) · [细节页](../../details.{3}.md)" },
	/* {1} the type, {2} the size */
	ROW(M_UT_TYPE_SIZE) = { "{1}, {2}", "{1}，{2}" },
	ROW(M_UT_COL_LADDER) = { "type and size", "类型与规模" },
	ROW(M_UT_COL_TIME) = { "time (ms)", "时间（ms）" },
	ROW(M_UT_COL_GBPS) = { "GB/s", "GB/s" },
	ROW(M_UT_COL_CEIL) = { "of the ceiling", "占上限" },
	ROW(M_UT_COL_PLACE) = { "on the ladder", "在阶梯上的位置" },
	/* {1} the row diagnosed in full: "float, n = 2^24" */
	ROW(M_UT_SAME) = {
		"Below, {1} in full; at the other rows of the table its "
		"counters give the same diagnosis.",
		"下面完整给出 {1} 的诊断；表中其余各行的计数器给出同样的诊断。" },
	ROW(M_UT_DIFF) = {
		"Below, {1} in full, then each row of the table whose counters "
		"give another diagnosis.",
		"下面完整给出 {1} 的诊断，然后是表中计数器给出不同诊断的各行。" },
	ROW(M_UT_FAILED) = {
		"It failed at every row; below, the failure at {1}.",
		"它在每一行都失败了；下面是 {1} 的失败详情。" },
	/* right at some rows, wrong at others: {1} the verified row
	 * diagnosed in full, {2} the first row that failed */
	ROW(M_UT_MIXED_ONE) = {
		"It verified at {1} alone: below, {1} in full and the failure "
		"at {2} (the table gives each failure's reason).",
		"它只在 {1} 验证通过：下面完整给出 {1} 的诊断和 {2} 的失败详情"
		"（每处失败的原因见上表）。" },
	ROW(M_UT_MIXED_SAME) = {
		"Below, {1} in full (at the table's other verified rows its "
		"counters give the same diagnosis) and the failure at {2} (the "
		"table gives each failure's reason).",
		"下面完整给出 {1} 的诊断（表中其余验证通过的行的计数器给出同样的"
		"诊断）和 {2} 的失败详情（每处失败的原因见上表）。" },
	ROW(M_UT_MIXED_DIFF) = {
		"Below, {1} in full, each verified row of the table whose "
		"counters give another diagnosis, and the failure at {2} (the "
		"table gives each failure's reason).",
		"下面完整给出 {1} 的诊断、表中计数器给出不同诊断的各个验证通过的"
		"行，以及 {2} 的失败详情（每处失败的原因见上表）。" },

	/* i45-voice: one number per step, verdicts held to the run-to-run
	 * floors.  {1} a speedup ("1.02×") */
	ROW(M_BX_UNCLEAR_F) = { "{1} faster, unresolved", "快 {1}，无法判定" },
	ROW(M_BX_UNCLEAR_S) = { "{1} slower, unresolved", "慢 {1}，无法判定" },
	/* {1} the rung, {2} the bound in % */
	ROW(M_BWHY_NOISE_ITEM) = { "{1} (±{2} %)", "{1}（±{2} %）" },
	/* {1} the threshold in %, {2} the steps */
	ROW(M_BWHY_UNCLEAR) = {
		"- Not resolved by this run (the 95 % interval reaches across "
		"±{1} %), so not explained: {2}.",
		"- 这次运行分辨不出（95 % 区间跨过了 ±{1} %），因此不作解释：{2}。" },
	/* {1} the rung, {2} its step's words */
	ROW(M_BWHY_UNCLEAR_ITEM) = { "{1} ({2})", "{1}（{2}）" },
	/* the setup's row of the run-to-run floors: {1} the floors per kind
	 * of row and the GPU models they were measured on
	 * (kind_floors_text), {2} the recordings */
	ROW(M_ENV_FLOORS) = { "Run-to-run floors", "运行间下限" },
	ROW(M_ENV_FLOORS_VALUE) = { "{1} ({2})", "{1}（{2}）" },
	/* {1} the threshold in % */
	ROW(M_SETUP_FLOORS) = {
		" A step counts only beyond ±{1} % and beyond its run-to-run "
		"floor (above: the most that reruns of the same code moved such "
		"rows, as `culab compare` holds): within them it is within "
		"noise and not explained.",
		"一步只有超出 ±{1} % 并超出其运行间下限（见上表：同一代码重复运行时"
		"同类行出现过的最大变化，与 `culab compare` 相同）才算变快或变慢："
		"在此以内即在噪声以内，不作解释。" },
	/* {1} the change ("+2.8 %"), {2} {3} the times, {4} the floor */
	ROW(M_W_FLOOR) = {
		"{1} ({2} → {3} ms): within the run-to-run floor of ±{4} % "
		"for rows like these on this GPU, so no change as far as "
		"reruns of the same code can tell",
		"{1}（{2} → {3} ms）：在本 GPU 上同类行的运行间下限 ±{4} % "
		"以内，就同一代码的重复运行而言不算变化" },
	/* i45-h2: each "why" concept first, then its counter; the
	 * objectives judged on the counters that show them.  {1} what the
	 * step does, {2} the counter before and after */
	/* a registers step's counter in words, as the sentences say it:
	 * {1} → {2} registers */
	ROW(M_W_REGS_PLAIN) = { "registers per thread {1} → {2}",
				"每线程寄存器 {1} → {2} 个" },
	ROW(M_W_CONCEPT) = { " Why: {1}. Evidence: {2}.", "原因：{1}。证据：{2}。" },
	/* {1} where the same rung's lesson was said ("reduce / int"), {2}
	 * the counter before and after */
	ROW(M_W_AS_IN) = { " Why: as in {1}, {2}.", "原因：与 {1} 相同，{2}。" },
	/* {1} the counter that went the other way, {2} the step ("1.63×"),
	 * {3} the resource that explains the step */
	ROW(M_W_AGAINST_FASTER) = {
		" Against it: {1}; the step is {2} faster all the same, so "
		"what explains it, {3}, weighs more here.",
		"反方向的变化：{1}；这一步仍然快了 {2}，所以在这里解释这一步的"
		"{3}影响更大。" },
	ROW(M_W_AGAINST_SLOWER) = {
		" Against it: {1}; the step is {2} slower all the same, so "
		"what explains it, {3}, weighs more here.",
		"反方向的变化：{1}；这一步仍然慢了 {2}，所以在这里解释这一步的"
		"{3}影响更大。" },
	ROW(M_W_AGAINST_UNEXPLAINED) = {
		" Against it: {1}; the step went {2} the other way all the "
		"same, so what outweighs it is not among these counters.",
		"反方向的变化：{1}；这一步仍然朝另一个方向变化了 {2}，所以抵消它的"
		"因素不在这些计数器之中。" },
	ROW(M_W_GPU_OCC) = { "occupancy of the GPU", "整个 GPU 的占用率" },
	/* {1} the lowest load efficiency of any rung */
	ROW(M_RB_V_NA_COALESCED) = {
		"not applicable: no rung's loads are uncoalesced (the lowest "
		"load efficiency is {1}), so the ladder holds no contrast",
		"不适用：没有哪一级的读取是未合并的（最低的读效率为 {1}），这一阶梯"
		"没有可对比的一级" },
	/* {1} the branch efficiency, {2} the rung */
	ROW(M_RB_V_SHOWN_PREDICATED) = {
		"shown; branch efficiency reads {1} on {2} because the compiler "
		"predicates the short `if` body, so no branch diverges and the "
		"working threads per shared access show it instead",
		"已体现；{2}的分支效率为 {1}，因为编译器把短小的 `if` 体谓词化，"
		"没有分支发散，体现它的是每次共享内存访问的工作线程数" },
	/* {1} → {2} threads of a warp's 32 */
	ROW(M_RB_CTR_THREADS) = { " ({1} → {2} of 32 threads)",
				  "（32 个线程中 {1} → {2} 个）" },
	/* {1} the achieved occupancy, {2} of {3} SMs, {4} of the GPU */
	ROW(M_RB_OCC_SMS) = {
		"{1} on {2} of {3} SMs ({4} of the GPU)",
		"{1}（只在 {3} 个 SM 中的 {2} 个上，相当于整个 GPU 的 {4}）" },
	/* {1} → {2} ms, {3} the counters checked */
	ROW(M_W_UNEXPLAINED_AGAIN) = {
		" The counters do not explain this step either ({1} → {2} "
		"ms; checked as above): {3}.",
		"计数器同样解释不了这一步（{1} → {2} ms；检查方法同上）：{3}。" },
	/* the host step's cost measured: {1} ms, {2} % of the timed region,
	 * {3} the timed region (ms), {4} the kernel alone (ms) */
	ROW(M_U_HOST_SPLIT) = {
		"  - The host step took {1} ms, {2} % of its time ({3} ms), "
		"measured: the kernel alone took {4} ms in the same runs.",
		"  - 主机端求和步骤耗时 {1} ms，占它时间（{3} ms）的 {2} %，这是"
		"实测值：在同样这些运行中，核函数本身用了 {4} ms。" },
	ROW(M_U_HOST_SPLIT_SHORT) = {
		"; the host step took {1} ms, {2} % of its time (measured: the "
		"kernel alone took {4} ms in the same runs)",
		"；主机端求和步骤耗时 {1} ms，占它时间的 {2} %（实测值：在同样"
		"这些运行中，核函数本身用了 {4} ms）" },
	/* a user kernel placed by its kernel's own time (report_place.c):
	 * {1} the kernel alone (ms), {2} its host step (ms), {3} the timed
	 * region (ms) */
	ROW(M_U_HOST_APART) = {
		"- Placed by its kernel's own time, {1} ms (the kernel alone, "
		"timed in the same runs), and so are the speeds of the fixes "
		"below but the host step's: its host step, {2} ms, measured, is "
		"apart, and the time above ({3} ms) is the whole timed region.",
		"- 按核函数本身的时间 {1} ms（在同样这些运行中单独计时的核函数）"
		"定位，下面各项解决办法（主机端步骤的除外）的速度也按它计算：它的"
		"主机端步骤 {2} ms 是实测值，单独计算；上面的时间（{3} ms）是整个"
		"计时区间的时间。" },
	/* after its place in a few words */
	ROW(M_U_BY_KERNEL) = {
		", by its kernel's own time (its host step apart)",
		"，按核函数本身的时间（主机端步骤单独计算）" },
	ROW(M_UT_COL_REGION) = { "whole timed region (ms)",
				 "整个计时区间（ms）" },
	ROW(M_UT_COL_PLACE_KERNEL) = {
		"on the ladder, by the kernel's own time",
		"在阶梯上的位置（按核函数本身的时间）" },
	/* the host-step objective on a rung whose kernel was also timed
	 * alone: {1} the host step's ms, {2} its share, {3} the kernel's ms */
	/* {1} the fastest rung before, {2} its speed against it, {3} → {4}
	 * ms, {5} the slower rung between */
	/* {1} the rung whose timed region holds a host step, {2} its share
	 * in %, {3} its kernel's ms, {4} the other rung, {5} its speed
	 * against that kernel, {6} its ms */
	ROW(M_BWHY_KERNELS) = {
		" The host step is {2} % of {1}'s timed region: its kernel "
		"alone took {3} ms in the same runs, so kernel to kernel {4} "
		"is {5} ({3} → {6} ms).",
		"{1}的计时区间中有 {2} % 是主机端步骤：在同样这些运行中，它的核函数"
		"本身用了 {3} ms，所以按核函数对核函数比较，{4}{5}（{3} → {6} ms）。" },
	ROW(M_BWHY_PAST_SLOWER) = {
		" {5} lost time, so this step is larger than what it gains: "
		"measured against {1}, the fastest rung before it, it is {2} "
		"({3} → {4} ms).",
		"{5}慢了下来，所以这一步比它真正带来的收益大：与它之前最快的{1}"
		"相比，它{2}（{3} → {4} ms）。" },
	ROW(M_RB_V_HOST_MEASURED) = {
		"shown, measured: its host step took {1} ms, {2} % of its time; "
		"the kernel alone took {3} ms in the same runs",
		"已体现（实测）：它的主机端求和步骤耗时 {1} ms，占它时间的 {2} %；"
		"在同样这些运行中，核函数本身用了 {3} ms" },

	/* i45-prose: the third review's prose.  {1} {2} warp instructions
	 * before and after, {3} their factor, {4} the step's: the cost of
	 * divergence, said before its signature */
	ROW(M_W_DIV_INSTR) = {
		"warp instructions {1} → {2} ({3} for a {4} step); ",
		"线程束指令数 {1} → {2}（变化 {3}，这一步 {4}）；" },
	/* a second cause beside the one a step's "why" names: {1} what it
	 * does (the rule's concept), {2} its evidence; alone: its factor
	 * at least the step's */
	/* the bytes a kernel must write, {1}, where DRAM wrote less on one
	 * side of the step: the last lines were still in L2 at its end */
	ROW(M_W_WRITES_BELOW) = {
		"{1}; the rest was still in L2 when the kernel ended",
		"{1}；其余部分在核函数结束时还留在 L2 中" },
	/* after a run of steps within noise, warp instructions that moved
	 * far without moving the time, said as what the counters show, not
	 * as a "why": {1} the rungs, {2} {3} the instructions before the
	 * run and at its end, {4} their factor, {5} how far the time moved
	 * in %, {6} {7} the times in ms, {8} M_BWHY_NOISE_THEN or nothing */
	ROW(M_BWHY_NOISE_CTR) = {
		"- {1} moved warp instructions {4} ({2} → {3}) but the time "
		"only {5} % ({6} → {7} ms): issue no longer sets the time{8}.",
		"- {1}让线程束指令数变化 {4}（{2} → {3}），时间却只变了 {5} %"
		"（{6} → {7} ms）：指令发射已不再决定时间{8}。" },
	/* {1} the rung after the run, {2} the resource its step's "why"
	 * names (a rule's label) */
	ROW(M_BWHY_NOISE_THEN) = { "; {1} then gains by {2}",
				   "；{1}随后的加速来自{2}" },
	/* a teaching rung's compute-sanitizer record: {1} the size it was
	 * rerun at, {2} what the tools reported (sanitizer_cell) */
	ROW(M_BWHY_SAN) = { " compute-sanitizer, rerun at {1}: {2}.",
			    "compute-sanitizer 在 {1} 重跑：{2}。" },
	/* the host step's own fix, a rung that differs in more than the
	 * host step: {1} the rung, {2} its time in ms, {3} its speed against
	 * yours; {4} your kernel alone in ms (timed apart in the same runs),
	 * {5} the most that removing the host step can gain */
	ROW(M_U_FIX_HOST) = {
		" Here {1} runs in {2} ms, {3} the speed of yours, by its "
		"other steps too: your kernel alone took {4} ms, so this fix "
		"by itself gains at most {5}.",
		"{1}在这里用时 {2} ms，速度是你的核函数的 {3}，这也来自它的其他"
		"优化：你的核函数本身用了 {4} ms，所以单靠这一修正最多快 {5}。" },
	ROW(M_U_FIX_HOST_ALL) = {
		" Here {1} runs in {2} ms, {3} the speed of yours, by its other "
		"steps as well as this one.",
		"{1}在这里用时 {2} ms，速度是你的核函数的 {3}，这也来自它的其他"
		"优化，不只是这一处修正。" },
	ROW(M_W_ALSO_ALONE) = {
		" Also {1}: {2}, by itself as large as the step, so this run "
		"cannot tell the two causes apart.",
		"同时{1}：{2}，单是这一点就与这一步一样大，所以本次运行无法区分"
		"这两个原因。" },
	ROW(M_W_ALSO_PART) = {
		" Also {1}: {2}, which explains part of the step.",
		"同时{1}：{2}，这解释了这一步的一部分。" },
	/* an objective whose two rows also differ in warp instructions:
	 * {1} {2} before and after, {3} their factor, {4} the step's */
	ROW(M_RB_V_CONFOUNDED) = {
		"not isolated: the rows also differ in warp instructions, "
		"{1} → {2}, {3} for a {4} step",
		"无法单独分离：两行的线程束指令数也不同，{1} → {2}，变化 {3}，"
		"这一步 {4}" },
	/* an objective whose fix cuts instructions by its mechanism (wider
	 * loads, packed threads): the same arguments as M_RB_V_SHOWN_ALSO */
	ROW(M_RB_V_SHOWN_MECH) = {
		"shown; the fix also cuts warp instructions, {1} → {2}, {3} for "
		"a {4} step, by the same mechanism, so the two are not separate "
		"causes",
		"已体现；修正同时减少了线程束指令数，{1} → {2}，变化 {3}，这一步 "
		"{4}，出自同一机制，所以两者并非各自独立的原因" },
	ROW(M_RB_V_SHOWN_ALSO) = {
		"shown; the rows also differ in warp instructions, {1} → {2}, "
		"{3} for a {4} step",
		"已体现；两行的线程束指令数也不同，{1} → {2}，变化 {3}，这一步 "
		"{4}" },
	/* a counter that went the other way, in the phrasings a page
	 * varies between (report_rules.c's against_say): {1} the counter,
	 * {2} the step ("1.63×"), {3} the cause that outweighs it */
	ROW(M_W_AGAINST_F2) = {
		" Not everything moved its way: {1}; the step is {2} faster "
		"regardless, as the effect of {3} is the larger one.",
		"并非所有变化都朝同一方向：{1}；这一步照样快了 {2}，因为{3}的"
		"作用更大。" },
	ROW(M_W_AGAINST_S2) = {
		" Not everything moved its way: {1}; the step is {2} slower "
		"regardless, as the effect of {3} is the larger one.",
		"并非所有变化都朝同一方向：{1}；这一步照样慢了 {2}，因为{3}的"
		"作用更大。" },
	ROW(M_W_AGAINST_F3) = {
		" One change pulled the other way: {1}; still the step is {2} "
		"faster, so the effect of {3} counts for more here.",
		"有一个计数器朝相反方向变化：{1}；这一步仍然快了 {2}，所以这里"
		"{3}的作用更重要。" },
	ROW(M_W_AGAINST_S3) = {
		" One change pulled the other way: {1}; still the step is {2} "
		"slower, so the effect of {3} counts for more here.",
		"有一个计数器朝相反方向变化：{1}；这一步仍然慢了 {2}，所以这里"
		"{3}的作用更重要。" },
	/* a step within noise or unresolved in the details' findings, in
	 * the body's words (report_change.c's step_change): {1} the step's
	 * words ("1.00×, within noise"), {2} {3} the times; the interval
	 * {4} in unsigned percentages of speed with their direction */
	ROW(M_W_IV_FASTER) = { "{1} to {2} faster", "快 {1} 到 {2}" },
	ROW(M_W_IV_SLOWER) = { "{1} to {2} slower", "慢 {1} 到 {2}" },
	ROW(M_W_IV_ACROSS) = { "{1} slower to {2} faster",
			       "从慢 {1} 到快 {2}" },
	/* {5} the threshold in % */
	ROW(M_W_BELOW_WORDS) = {
		"{1} ({2} → {3} ms): a change the runs resolve (95 % "
		"interval: {4}) but below the {5} % that counts as one",
		"{1}（{2} → {3} ms）：测量分辨得出这一变化（95 % 区间：{4}），"
		"但低于算作变化的 {5} %" },
	ROW(M_W_NONE_WORDS) = {
		"{1} ({2} → {3} ms; the 95 % interval, {4}, lies within "
		"±{5} %)",
		"{1}（{2} → {3} ms；95 % 区间为{4}，在 ±{5} % 以内）" },
	ROW(M_W_UNRESOLVED_WORDS) = {
		"{1} ({2} → {3} ms; the 95 % interval, {4}, reaches across "
		"±{5} %)",
		"{1}（{2} → {3} ms；95 % 区间为{4}，跨过了 ±{5} %）" },
	/* {4} the threshold in % */
	ROW(M_W_NO_CI_WORDS) = {
		"{1} ({2} → {3} ms), within ±{4} %; too few timed runs for an "
		"interval",
		"{1}（{2} → {3} ms），在 ±{4} % 以内；计时次数太少，给不出区间" },
	/* {4} the change in unsigned % with its direction, {5} the floor */
	ROW(M_W_FLOOR_WORDS) = {
		"{1} ({2} → {3} ms, {4}): within the run-to-run floor of "
		"±{5} % for rows like these on this GPU, so no change as far "
		"as reruns of the same code can tell",
		"{1}（{2} → {3} ms，{4}）：在本 GPU 上同类行的运行间下限 ±{5} % "
		"以内，就同一代码的重复运行而言不算变化" },
	ROW(M_W_CHANGE_FASTER) = { "{1} faster", "快 {1}" },
	ROW(M_W_CHANGE_SLOWER) = { "{1} slower", "慢 {1}" },
	/* the title of several experiments: {1} the families in words
	 * ("Reduction and transpose"), {2} the GPU, {3} the experiments'
	 * clauses */
	ROW(M_TITLE_SEVERAL) = { "{1}: {3}", "{1}：{3}" },
	ROW(M_TITLE_SEVERAL_GPU) = { "{1} on {2}: {3}", "{2} 上的{1}：{3}" },
	ROW(M_TITLE_AND) = { " and ", "与" },
	/* the families in words, for the title; a family not listed is
	 * named as it is (report_body.c's family_words) */
	ROW(M_FAM_REDUCE) = { "reduction", "归约" },
	ROW(M_FAM_TRANSPOSE) = { "transpose", "转置" },
	/* beside the body's tables (report_notes.c), after the table.  {1}
	 * the first rung's number, {2} the copies' rungs and names, {3} the
	 * ceiling's, {4} the other copies (M_NOTE_OTHER_IS, _ARE) */
	ROW(M_NOTE_COPIES) = {
		"The rungs begin at rung {1}: {2} only copy the data, the "
		"bound the rungs are measured against; the table's ceiling row "
		"is {3}, and {4} in the details.",
		"各级从第 {1} 级开始：{2}只复制数据，是衡量各级的上限；上表的上限"
		"行是{3}，{4}见细节页。" },
	ROW(M_NOTE_OTHER_IS) = { "{1} is", "{1}" },
	ROW(M_NOTE_OTHER_ARE) = { "{1} are", "{1}" },
	ROW(M_NOTE_COPY1) = {
		"The rungs begin at rung {1}: {2} only copies the data; it is "
		"the table's ceiling row, the bound the rungs are measured "
		"against.",
		"各级从第 {1} 级开始：{2}只复制数据，它就是上表的上限行，是衡量"
		"各级的上限。" },
	ROW(M_NOTE_AND) = { " and ", "、" },
	/* {1} the numbers ("1 and 2") */
	ROW(M_NOTE_RUNGS) = { "rungs {1}", "第 {1} 级" },
	/* {1} rungs, {2} their variants */
	ROW(M_NOTE_NAMED) = { "{1} ({2})", "{1}（{2}）" },
	/* {1} the type, {2} its sum's bits, {3} the type as wide as the
	 * sum, {4} the type as wide as its elements */
	ROW(M_NOTE_ACC_LIKE) = {
		" {1} is summed in {2} bits, so its shared-memory traffic is "
		"{3}'s, not {4}'s.",
		"{1} 以 {2} 位累加，所以它的共享内存流量与 {3} 相同，而不是与 {4} "
		"相同。" },
	/* {3} the sum's width over the element's, {4} the element's bytes */
	ROW(M_NOTE_ACC_WIDER) = {
		" {1} is summed in {2} bits, {3}× the width of its {4}-byte "
		"elements, so it moves {3}× their bytes through shared memory.",
		"{1} 以 {2} 位累加，是其 {4} 字节元素宽度的 {3} 倍，所以经共享内存"
		"搬运的字节也是元素的 {3} 倍。" },
	/* counter columns in plain words, for sentences (ctr_plain) */
	ROW(M_CTR_WARP_INSTR) = { "warp instructions", "线程束指令数" },
	ROW(M_CTR_BANK) = { "bank conflicts per shared load",
			    "每条共享内存读指令的 bank 冲突" },
	ROW(M_CTR_GLD_EFF) = { "load efficiency", "全局读效率" },
	ROW(M_CTR_GST_EFF) = { "store efficiency", "全局写效率" },
	ROW(M_CTR_GLD_SECTORS) = { "sectors per load request",
				   "每次读请求的扇区数" },
	ROW(M_CTR_GST_SECTORS) = { "sectors per store request",
				   "每次写请求的扇区数" },
	ROW(M_CTR_ACHIEVED) = { "achieved occupancy", "实际占用率" },
	ROW(M_CTR_THEORETICAL) = { "theoretical occupancy", "理论占用率" },
	ROW(M_CTR_SHARED_BYTES) = { "bytes per shared access",
				    "每次共享内存访问的字节数" },
	ROW(M_CTR_DRAM) = { "DRAM bytes read and written", "显存读写字节数" },
	ROW(M_CTR_DRAM_READ) = { "DRAM bytes read", "从显存读取的字节数" },
	ROW(M_CTR_DRAM_WRITE) = { "DRAM bytes written", "写入显存的字节数" },
	ROW(M_CTR_BRANCH) = { "branch efficiency", "分支效率" },

	/* counters that were not collected, and counting by
	 * instrumentation (the details page) */
	ROW(M_NOTE_COL_MISSING) = {
		"Columns marked missing were not collected: {1}.",
		"标为“缺失”的列未被采集：{1}。" },
	ROW(M_METH_CTR_INSTR) = {
		"The GPU's hardware counters were refused on this machine (its "
		"driver keeps them for administrators), so the counters shown "
		"were counted by instrumentation, in a process of their own after "
		"timing: the Compute Sanitizer put culab's counting code before "
		"every global and shared memory access of each kernel, which "
		"counted from the threads' addresses what CUPTI's instrumented "
		"(SASS) pass counts. Columns marked missing need the hardware "
		"counters. The glossary below explains each counter column.",
		"本机拒绝了 GPU 硬件计数器（驱动只允许管理员使用），因此这里的计数器"
		"是在计时之后、在单独的进程中用插桩方式统计的：Compute Sanitizer 在"
		"每个核函数的每次全局和共享内存访问之前插入 culab 的计数代码，它根据"
		"线程的地址统计出与 CUPTI 插桩（SASS）pass 相同的计数。标为“缺失”的"
		"列需要硬件计数器。下面的术语表解释了每个计数器列。" },
#undef ROW
};
