/* report_msg.c - every sentence the report writes, in English and
 * Chinese.  See report_int.h; the words for an item and a cell built from
 * them are report_words.c's.
 *
 * Each sentence is a row of the message table below, in English and
 * Chinese, with {1}..{9} for arguments so that a translation may reorder
 * them.  The blocks write no sentences of their own, so the two reports
 * say the same things and a translation is checked in one table.  The
 * one exception is the diagnosis of the user's kernels: each rule's
 * sentences are columns of its row in report_user.c, so that a new rule
 * is one row there, in both languages. */
#include "report_int.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "ladder/ladder.h"
#include "results/results.h"
#include "base/util.h"

static const char *const msgs[M__BODY][NLANG] = {
	[M_TITLE] = { "culab lab report: {1}", "culab 实验报告：{1}" },

	[M_ABS_INTRO] = {
		"culab {1} ran {2} measurements of {3} kernel variants in "
		"{4} experiment(s) from {5} on {6}{7}.",
		"culab {1} 在 {6} 上运行了实验文件 {5} 中的 {4} 个实验，"
		"共测量 {3} 个核函数变体的 {2} 组数据{7}。" },
	[M_ABS_DATE] = { ", finished {1}", "，结束于 {1}" },
	[M_ABS_FAILED] = {
		" {1} of them failed or were skipped; they are listed under "
		"failures and left out of speedups and charts.",
		"其中 {1} 组失败或被跳过，列在“失败”一节中，不参与加速比和图表。" },
	[M_ABS_STATUS] = {
		"**The run is marked \"{1}\": some measurements may be "
		"missing.**",
		"**本次运行的状态为“{1}”：部分测量可能缺失。**" },
	[M_ABS_NOTE] = { "Note: {1}", "备注：{1}" },
	[M_ABS_LINE] = {
		"- **{1}** at {2}: {3} ({4}) → {5} ({6}): {7} faster{8}.",
		"- **{1}**，{2}：{3}（{4}）→ {5}（{6}）：快了 {7}{8}。" },
	[M_ABS_LINE_PEAK] = {
		"; the fastest rung moves {1} GB/s ({2} % of the theoretical "
		"peak)",
		"；最快的一级达到 {1} GB/s（理论峰值的 {2} %）" },
	[M_ABS_NONE] = {
		"No ladder has two verified rungs, so no speedup can be "
		"reported.",
		"没有任何阶梯包含两个以上通过验证的级，因此无法给出加速比。" },

	[M_ENV_NONE] = { "The environment was not recorded.",
			 "没有记录运行环境。" },
	[M_ENV_ITEM] = { "Item", "项目" },
	[M_ENV_VALUE] = { "Value", "值" },
	[M_ENV_GPU] = { "GPU", "GPU" },
	[M_ENV_CC] = { "Compute capability", "计算能力" },
	[M_ENV_SMS] = { "Multiprocessors (SMs)", "流多处理器（SM）数" },
	[M_ENV_BUS] = { "Memory bus width", "显存位宽" },
	[M_ENV_MEMCLK] = { "Memory clock", "显存时钟" },
	[M_ENV_PEAK] = { "Theoretical peak bandwidth", "理论峰值带宽" },
	[M_ENV_PEAK_HOW] = { "2 × memory clock × bus width / 8",
			     "2 × 显存时钟 × 位宽 / 8" },
	[M_ENV_SMCLK] = { "Maximum SM clock", "SM 最高时钟" },
	[M_ENV_LOCKED_HEAD] = { "SM clocks while measuring",
				"测量时的 SM 时钟" },
	[M_ENV_LOCKED] = { "locked: {1} (--lock-clocks)",
			   "锁定：{1}（--lock-clocks）" },
	[M_ENV_L2] = { "L2 cache", "L2 缓存" },
	[M_ENV_GMEM] = { "Global memory", "全局内存" },
	[M_ENV_UUID] = { "GPU UUID", "GPU UUID" },
	[M_ENV_DRIVER] = { "Driver (CUDA version it supports)",
			   "驱动（支持的 CUDA 版本）" },
	[M_ENV_RUNTIME] = { "CUDA runtime", "CUDA 运行时" },
	[M_ENV_HOST] = { "Host", "主机" },
	[M_ENV_OS] = { "Operating system", "操作系统" },
	[M_ENV_CULAB] = { "culab", "culab" },
	[M_ENV_DEVICES] = { "The rows ran on {1} devices (the table above "
			    "is the first's):",
			    "各行在 {1} 个设备上测量（上表为第一个设备）：" },
	[M_ENV_DEVICE] = { "CUDA device", "CUDA 设备" },
	[M_ENV_ROWS] = { "Rows", "行数" },
	[M_UNKNOWN] = { "unknown", "未知" },

	[M_METH_TIMING] = {
		"Each measurement first runs the variant a few times untimed "
		"(warm-up), then times it repeatedly; the tables give the "
		"median of the timed runs and, in parentheses, its 95 % "
		"confidence interval: two of the timed runs, chosen by the "
		"binomial distribution so that the true median lies between "
		"them with at least 95 % probability, whatever the "
		"distribution of the times (with fewer than 6 runs no such "
		"pair exists, and the interval is the fastest and the slowest "
		"run). The interval is within this run: it says how closely "
		"these timed runs pin down this run's median, not where a "
		"second run of the same file would fall, which can move a "
		"median by more than its interval (measure again and report "
		"with --baseline to see the spread between runs). The "
		"spread is the interquartile range of the timed runs "
		"(the width of their middle half) in percent of the median. "
		"Outliers are timed runs more than 1.5 interquartile ranges "
		"outside the middle half (Tukey's fences); they barely move "
		"the median or the spread, and the appendix counts them.",
		"每组测量先不计时地运行若干次（预热），再重复计时；表中给出各次计时"
		"的中位数，括号内是它的 95 % 置信区间：按二项分布选出的两次计时，"
		"无论计时服从何种分布，真实中位数落在二者之间的概率都至少为 95 %（计时"
		"少于 6 次时不存在这样的一对，区间取最快和最慢的一次）。这一区间只"
		"针对本次运行：它说明这些计时把本次运行的中位数确定到什么程度，而不是"
		"同一文件再运行一次会落在哪里；再运行一次，中位数的变化可能超出这个"
		"区间（再测一次并用 --baseline 生成报告，即可看到两次运行之间的差异）。"
		"离散度是各次"
		"计时的四分位距（中间一半计时的宽度）占中位数的百分比。离群值是落在"
		"中间一半之外超过 1.5 倍四分位距的计时（Tukey 界限）；它们几乎不影响"
		"中位数和离散度，附录中列出了它们的个数。" },
	[M_METH_EXP_HEAD] = { "Experiments as run:", "实际运行的实验：" },
	[M_METH_EXPERIMENT] = { "Experiment", "实验" },
	[M_METH_FAMILY] = { "Family", "类别" },
	[M_METH_WARMUP] = { "Warm-up runs", "预热次数" },
	[M_METH_REPEATS] = { "Timed runs", "计时次数" },
	[M_METH_AUTO] = {
		"auto: until the median is known to ±{1} % (half its 95 % "
		"interval), at most {2} s of timed runs and {3} runs, at "
		"least {4}",
		"自动：直到中位数精确到 ±{1} %（95 % 区间的一半），计时总长最多 "
		"{2} s、最多 {3} 次，至少 {4} 次" },
	[M_METH_L2] = { "L2 flush", "清空 L2" },
	[M_METH_SEED] = { "Seed", "随机种子" },
	[M_METH_COUNTERS] = { "Counters", "计数器" },
	[M_METH_DESC] = { "{1}: {2}", "{1}：{2}" },
	[M_YES] = { "yes", "是" },
	[M_NO] = { "no", "否" },
	[M_NONE] = { "none", "无" },
	[M_METH_REGION_HEAD] = {
		"What one timed run contains, per variant (the timer is "
		"started and stopped around exactly this):",
		"每个变体一次计时所包含的内容（计时器恰好在这段工作前后启动和停止）：" },
	[M_METH_VARIANT] = { "Variant", "变体" },
	[M_METH_TIMER] = { "Timer", "计时器" },
	[M_METH_REGION] = { "Timed region", "计时范围" },
	[M_METH_TIMER_EVENTS] = {
		"cuda-events: CUDA events recorded on the variant's stream "
		"before and after the timed region; the time is the GPU's.",
		"cuda-events：在变体所用的流上、计时范围前后记录 CUDA 事件；"
		"得到的是 GPU 上的时间。" },
	[M_METH_TIMER_HOST] = {
		"host-clock: the host's monotonic clock around the timed "
		"region, for work done (or finished) on the CPU.",
		"host-clock：在计时范围前后读取主机的单调时钟，用于在 CPU 上完成"
		"（或收尾）的工作。" },
	[M_METH_L2_TEXT] = {
		"With L2 flush on, the L2 cache is flushed before every timed "
		"run, so each run reads its input from device memory rather "
		"than from a cache warmed by the previous run.",
		"开启“清空 L2”时，每次计时前都会清空 L2 缓存，因此每次运行都从显存"
		"读取输入，而不是从上一次运行留下的缓存中读取。" },
	[M_METH_CHECK] = {
		"Every measurement's answer is checked against a CPU reference. "
		"Integer sums (accumulated in 64 bits) and transposes must "
		"match exactly. Float and double sums are compared with a "
		"reference computed in higher precision and must lie within "
		"the tolerance shown per row (Verified column: error ≤ "
		"tolerance). A row that fails the check is shown as FAILED "
		"with its message and is left out of speedups and charts.",
		"每组测量的结果都与 CPU 参考结果比对。整数求和（64 位累加）和转置必须"
		"完全一致；float 与 double 的求和与更高精度计算的参考值比较，误差必须"
		"在每行给出的容差之内（“验证”列：误差 ≤ 容差）。未通过检查的行标为"
		"“失败”并附上原因，不参与加速比和图表。" },
	[M_METH_CTR] = {
		"Hardware counters are collected with CUPTI's range profiler "
		"in a phase of their own after timing: profiled launches are "
		"replayed once per pass and are never timed. The glossary "
		"below explains each counter column.",
		"硬件计数器在计时之后的单独阶段用 CUPTI 的 range profiler 采集："
		"被分析的核函数每一遍都会重放，且从不计时。下面的术语表解释了每个"
		"计数器列。" },
	[M_METH_SPEEDUP] = {
		"Step speedup = median time of the previous rung / median time "
		"of this rung; cumulative speedup = median time of the first "
		"rung / median time of this row. Where a rung has several "
		"rows (block sizes), its fastest verified row is the one "
		"compared with. Every speedup comes with a 95 % confidence "
		"interval: a percentile bootstrap of the ratio of the two "
		"medians, {2} resamples of each row's timed runs with a fixed "
		"seed (the method of `culab compare`, so the same results "
		"always give the same interval). A step is called faster or "
		"slower only when its whole interval lies beyond ±{1} %; "
		"inside ±{1} % it is the same speed (≈ in the tables), and an "
		"interval that reaches across ±{1} % cannot tell (?); both are "
		"reported as within noise. So is a step whose change is no "
		"larger than the run-to-run floor of its GPU and kind of row, "
		"whatever its interval says: an interval is of one run, and "
		"reruns of the same code moved rows like it that much (the "
		"floors of `culab compare`; the body's setup names them). "
		"The spread of a row's runs is their "
		"interquartile range (the middle half of the runs) in % of the "
		"median, which one slow run cannot move, unlike the standard "
		"deviation (still in results.json as noise\\_pct).",
		"单步加速比 = 上一级的中位时间 / 本级的中位时间；累计加速比 = 第一级"
		"的中位时间 / 本行的中位时间。某一级有多行（不同线程块大小）时，用"
		"其中最快且通过验证的一行作比较。每个加速比都附有 95 % 置信区间："
		"对两行各自的计时结果做 {2} 次重抽样，以固定种子对两个中位数之比做"
		"百分位 bootstrap（与 `culab compare` 的方法相同，因此同样的结果"
		"总是给出同样的区间）。只有整个区间都落在 ±{1} % 之外，才说这一步"
		"变快或变慢；区间在 ±{1} % 以内则速度相同（表中记为 ≈），区间跨过 "
		"±{1} % 则无法判断（记为 ?）；这两种情况都记为“在噪声范围内”。"
		"变化不超过本 GPU 上同类行运行间下限的一步，无论区间如何，也记为"
		"在噪声范围内：区间只反映一次运行，而同一代码的重复运行就能让同类行"
		"变化这么多（即 `culab compare` 的下限，正文的实验设置给出了它们）。"
		"一行计时结果的离散度用四分位距（中间一半的计时）占中位数的百分比"
		"表示：与标准差不同，一次偏慢的运行不会改变它（标准差仍保存在 "
		"results.json 的 noise\\_pct 中）。" },

	[M_GLOSS_COLS] = { " Columns: ", "对应的列：" },
	[M_GLOSS_COL] = { "**{1}** ({2}): {3}", "**{1}**（{2}）：{3}" },
	[M_GLOSS_COL_NOUNIT] = { "**{1}**: {3}", "**{1}**：{3}" },
	[M_LIST_SEP] = { "; ", "；" },
	[M_GLOSS_RAW] = {
		"a raw CUPTI/Perfworks metric, collected under this name (see "
		"the Nsight Compute metrics reference).",
		"原始的 CUPTI/Perfworks 指标，按此名称采集（参见 Nsight Compute "
		"的指标说明）。" },

	[M_STEP_HEAD] = { "**{1}: {2}** — {3}", "**{1}：{2}** — {3}" },
	[M_STEP_SIGNATURE] = { "Expected counter signature: {1}.",
			       "预期的计数器特征：{1}。" },
	[M_STEP_REGION] = { "Timed region: {1}.", "计时范围：{1}。" },
	[M_STEP_FLAGS] = { "Flags: `{1}`.", "标志：`{1}`。" },
	[M_STEP_UNSAFE] = {
		"Relies on behaviour the hardware does not guarantee; kept to "
		"show why.",
		"依赖硬件并不保证的行为；保留它是为了说明其问题所在。" },
	[M_STEP_SANITIZER] = { "compute-sanitizer was observed to report: {1}.",
			       "compute-sanitizer 曾报告：{1}。" },
	[M_STEP_SEED] = { "From course note {1}.", "出自课程讲义 {1}。" },
	[M_STEP_SOURCE] = { "Source: {1}.", "源代码：{1}。" },
	[M_STEP_UNKNOWN] = {
		"the results do not describe this variant",
		"结果文件中没有这个变体的说明" },

	[M_ROLE_RUNG] = { "rung {1}", "第 {1} 级" },
	[M_ROLE_USER] = { "yours", "你的核函数" },
	[M_ROLE_CEILING] = { "ceiling", "上限" },
	[M_ROLE_COPY] = { "copy", "拷贝" },
	[M_ROLE_BASELINE] = { "baseline", "基线" },
	[M_ROLE_REFERENCE] = { "reference", "参照" },

	[M_LADDER_HEAD] = { "{1} / {2}, {3}", "{1} / {2}，{3}" },
	[M_LADDER_EXP] = { "Experiment {1}.", "实验 {1}。" },
	[M_COL_RUNG] = { "Rung", "级" },
	[M_COL_VARIANT] = { "Variant", "变体" },
	[M_COL_TITLE] = { "What it does", "做法" },
	[M_COL_BLOCK] = { "Block", "线程块" },
	[M_COL_TIME] = { "Time (ms, median and its 95 % interval)",
			 "时间（ms，中位数及其 95 % 区间）" },
	[M_COL_NOISE] = { "Noise %", "噪声 %" },
	[M_COL_GBPS] = { "GB/s", "GB/s" },
	[M_COL_PEAK] = { "% of peak", "占峰值 %" },
	[M_COL_COPY] = { "% of ceiling", "占实测上限 %" },
	[M_COL_STEP] = { "Step speedup", "单步加速比" },
	[M_COL_CUM] = { "Cumulative speedup", "累计加速比" },
	[M_COL_VERIFIED] = { "Verified", "验证" },
	[M_COL_SANITIZER] = { "Sanitizer", "Sanitizer" },
	[M_COL_HARRIS] = { "Harris G80 (2^22 int)", "Harris G80（2^22 个 int）" },
	[M_COL_REGS] = { "Registers/thread", "每线程寄存器" },
	[M_COL_SMEM] = { "Shared mem/block (B)", "每块共享内存（B）" },
	[M_COL_LOCAL] = { "Local mem/thread (B)", "每线程本地内存（B）" },
	[M_COL_OCC] = { "Theoretical occupancy", "理论占用率" },
	[M_CELL_SMEM_DYN] = { "{1} + {2}", "{1} + {2}" },
	[M_CELL_SPILLS] = { "{1} (spills {2})", "{1}（溢出 {2}）" },
	[M_CELL_TIME_CI] = { "{1} ({2}–{3})", "{1}（{2}–{3}）" },
	[M_CELL_OUTLIER] = { "{1} (1 outlier)", "{1}（1 个离群值）" },
	[M_CELL_OUTLIERS] = { "{1} ({2} outliers)", "{1}（{2} 个离群值）" },
	[M_CELL_THROTTLED] = { "{1}, throttled", "{1}，降频" },
	[M_NOTE_THROTTLED] = {
		"{1} was measured while the GPU throttled its clocks ({2}; SM "
		"clock {3}–{4} MHz, up to {5} °C): its time may be slower than "
		"this GPU can do. Measure it again on a cooler GPU, or with "
		"culab run --lock-clocks base.",
		"{1} 测量时 GPU 正在降频（{2}；SM 时钟 {3}–{4} MHz，最高 {5} °C）："
		"它的时间可能比这块 GPU 的实际能力慢。请在 GPU 冷却后重新测量，或使用 "
		"culab run --lock-clocks base。" },
	[M_CELL_OCC] = { "{1} % ({2}, {3} blocks of {4})",
			 "{1} %（{2}，{3} 个 {4} 线程的块）" },
	[M_LIM_NONE] = { "unknown", "未知" },
	[M_LIM_WARPS] = { "warps", "线程束数" },
	[M_LIM_BLOCKS] = { "blocks per SM", "每 SM 的块数" },
	[M_LIM_REGISTERS] = { "registers", "寄存器" },
	[M_LIM_SHARED] = { "shared memory", "共享内存" },
	[M_NOTE_RES] = {
		"Resources are those of the kernel that does the measurement's "
		"main pass, from its compiled code. Shared memory per block is "
		"static + dynamic where a kernel has both; local memory per "
		"thread holds spilled registers and local arrays; theoretical "
		"occupancy is the share of the SM's warps its blocks can keep "
		"resident, with what limits it and how many blocks of how many "
		"threads fit on one SM.",
		"资源指完成该测量主要工作的那个核函数，取自它的编译结果。同时使用"
		"静态和动态共享内存时，每块共享内存写作“静态 + 动态”；每线程本地"
		"内存包括溢出的寄存器和局部数组；理论占用率是它的线程块能在一个 SM "
		"上驻留的线程束数占 SM 最大线程束数的比例，括号中给出限制因素，以及"
		"一个 SM 能容纳几个多少线程的块。" },
	[M_NOTE_RES_UNKNOWN] = { "Resources unknown for {1}: {2}.",
				 "{1} 的资源未知：{2}。" },
	[M_CELL_EXACT] = { "yes (exact)", "通过（精确）" },
	[M_CELL_TOL] = { "yes (error {1} ≤ {2})", "通过（误差 {1} ≤ {2}）" },
	[M_CELL_WRONG] = { "**FAILED** (wrong answer): {1}",
			   "**失败**（结果错误）：{1}" },
	[M_CELL_ERROR] = { "**FAILED** (CUDA error): {1}",
			   "**失败**（CUDA 错误）：{1}" },
	[M_CELL_HUNG] = { "**FAILED** (never finished): {1}",
			  "**失败**（未能结束）：{1}" },
	[M_CELL_SKIPPED] = { "SKIPPED: {1}", "跳过：{1}" },
	[M_CELL_UNVERIFIED] = { "**FAILED**: not verified {1}",
				"**失败**：未验证 {1}" },
	[M_CELL_NOTIME] = { "**FAILED**: no valid time",
			    "**失败**：没有有效的时间" },
	[M_CELL_NOT_RUN] = { "not run", "未运行" },
	[M_CELL_MISSING] = { "missing", "缺失" },
	[M_CELL_NA] = { "n/a", "不适用" },
	[M_NOTE_MISSING] = { "Counters missing for {1}: {2}.",
			     "{1} 的计数器缺失：{2}。" },
	[M_NOTE_NA] = {
		"n/a: the counter does not apply to this kernel (for example "
		"a ratio whose denominator is zero).",
		"不适用：该计数器对这个核函数没有意义（例如分母为零的比值）。" },
	[M_NOTE_FIRST] = {
		"Rung {1} did not verify, so cumulative speedups are over rung "
		"{2}, the first rung that did.",
		"第 {1} 级未通过验证，因此累计加速比以第一个通过验证的第 {2} 级为准。" },

	[M_NOTE_BUDGET] = {
		"{1}: the time budget ran out after {2} timed runs, before the "
		"median was known to ±{3} %; half its 95 % interval is ±{4} %.",
		"{1}：计时 {2} 次后时间预算用完，中位数尚未精确到 ±{3} %；其 95 % "
		"区间的一半为 ±{4} %。" },
	[M_NOTE_MAX] = {
		"{1}: stopped at the most timed runs allowed ({2}), before the "
		"median was known to ±{3} %; half its 95 % interval is ±{4} %.",
		"{1}：已达允许的最多计时次数（{2} 次），中位数尚未精确到 ±{3} %；"
		"其 95 % 区间的一半为 ±{4} %。" },

	[M_CH_HEAD] = { "{1} / {2}", "{1} / {2}" },
	[M_CH_TIME] = {
		"Median time against size for every variant (log-log). A "
		"point's 95 % interval within this run is drawn as an error "
		"bar where it is wider than the point's marker; most are "
		"narrower, and the tables give them all.",
		"各变体的中位时间随规模的变化（双对数坐标）。每个点在本次运行内的 "
		"95 % 区间比标记宽时画成误差线；多数区间比标记还窄，各表格列出全部"
		"区间。" },
	[M_CH_BW] = {
		"Bandwidth against size; the theoretical peak is a solid "
		"line, the family's measured copy ceiling the dashed line "
		"marked \"(ceiling)\". Error bars as in the time chart: "
		"drawn where wider than the marker.",
		"带宽随规模的变化；实线为理论峰值，标有“(ceiling)”的虚线为本族实测"
		"的拷贝上限。误差线同时间图：比标记宽时才画出。" },
	[M_CH_LADDER] = {
		"The ladder at {1}. Left: each rung's median time in ms, on "
		"a linear axis{2}. Right: each step's speedup over "
		"the previous rung, on a linear axis from 0 to 2.5× (a "
		"little more where a label needs the room), blue "
		"where the step is faster, vermillion where it is slower, "
		"grey within noise or unresolved, labelled as in the table. "
		"A bar beyond its axis (a teaching rung, or the step that "
		"undoes it) ends at the edge, marked \">\". Each median's "
		"95 % interval is in the tables (the ± column).",
		"{1} 时的优化阶梯。左：各级的中位时间（ms，线性坐标{2}）。"
		"右：每一步相对上一级的加速比，线性坐标从 0 "
		"到 2.5×（标注需要时略宽），蓝色表示变快，朱红色表示变慢，"
		"灰色表示在噪声以内或"
		"无法判定，标注与表中相同。超出坐标范围的柱子"
		"（教学用的级，或消除它的那一步）画到边缘为止，标上“>”。各中位数的"
		"95 % 区间见表格（± 列）。" },
	[M_CH_LADDER_AGAIN] = {
		"The ladder at {1}, drawn as the first{2}.",
		"{1} 时的优化阶梯，画法同第一张{2}。" },
	[M_CH_COUNTERS] = {
		"Hardware counters per rung at {1}: the counters the rungs' "
		"signatures are stated in, achieved occupancy and DRAM bytes "
		"read and written. A panel "
		"whose values span more than 30× has a logarithmic axis, on "
		"which a zero is not drawn (its label is missing too; the "
		"tables give every value).",
		"{1} 时各级的硬件计数器：各级预期特征所用的计数器，以及实际占用率和 DRAM "
		"读写字节数。"
		"数值跨度超过 30× 的面板使用对数坐标，零值在对数坐标上不画出（也没有"
		"标注；各表格列出全部数值）。" },
	[M_CH_TRANSPOSE] = {
		"Transpose bandwidth per variant at {1}, against the measured "
		"copy ceiling (dashed) and the theoretical peak (solid).",
		"{1} 时各转置变体的带宽，与实测的拷贝上限（虚线）和理论峰值（实线）"
		"对比。" },
	[M_CH_FILES] = { "SVG: {1} · data: {2} · gnuplot script: {3}",
			 "SVG：{1} · 数据：{2} · gnuplot 脚本：{3}" },
	[M_CH_RERUN] = {
		"Each chart's data (.dat) and gnuplot script (.gp) lie beside "
		"it in charts/: edit a script and run `gnuplot NAME.gp` in "
		"that directory to restyle the chart, or `gnuplot all.gp` to "
		"redraw them all.",
		"每张图的数据（.dat）和 gnuplot 脚本（.gp）都放在 charts/ 中：修改"
		"脚本后在该目录运行 `gnuplot NAME.gp` 即可重绘该图，运行 "
		"`gnuplot all.gp` 重绘全部图表。" },
	[M_CH_OFF] = { "Charts were not drawn (charts turned off).",
		       "未绘制图表（已关闭图表）。" },
	[M_CH_FAILED] = {
		"**Charts could not be drawn** (see the error culab printed); "
		"the tables above hold every number.",
		"**图表绘制失败**（见 culab 输出的错误信息）；所有数据都在上面的"
		"表格中。" },
	[M_CH_PENDING] = {
		"**Charts not drawn yet**: gnuplot could not be run when this "
		"report was written. Each chart's data and script are in "
		"charts/: install gnuplot and run `gnuplot all.gp` in that "
		"directory, and the images below appear.",
		"**图表尚未绘制**：生成本报告时无法运行 gnuplot。每张图的数据和"
		"脚本都在 charts/ 中：安装 gnuplot 后在该目录运行 "
		"`gnuplot all.gp`，下面的图片即会出现。" },
	[M_CH_NONE] = { "No verified measurement to draw.",
			"没有可绘制的已验证数据。" },
	/* the ladder's own ceiling in M_CH_LADDER: copy for transpose,
	 * read for reduce */
	[M_CH_LADDER_CEIL] = {
		" (the dashed line marks the time of its ceiling, {1})",
		"；虚线标出本阶梯上限 {1} 的时间" },
	/* the ladder chart's own words (report_charts.c); {2} of the key
	 * is M_ROLE_CEILING, {1} of a user's row M_ROLE_USER */
	[M_CH_AXIS_TIME] = { "median time (ms)", "中位时间（ms）" },
	[M_CH_AXIS_STEP] = { "speedup over previous rung",
			     "相对上一级的加速比" },
	[M_CH_KEY_CEILING] = { "{1} ({2}) {3} ms", "{1}（{2}）{3} ms" },
	[M_CH_ROW_USER] = { "{1}: {2}", "{1}：{2}" },

	[M_F_HEAD] = { "{1} / {2} at {3}", "{1} / {2}，{3}" },
	[M_F_FASTER] = { "{1} faster ({2} → {3} ms)",
			 "快了 {1}（{2} → {3} ms）" },
	[M_F_SLOWER] = {
		"{1} slower ({2} → {3} ms): this step did not help on this GPU",
		"慢了 {1}（{2} → {3} ms）：这一步在这块 GPU 上没有带来提升" },
	[M_F_STEP] = { "- {1} → {2} ({3} → {4}): {5}.",
		       "- {1} → {2}（{3} → {4}）：{5}。" },
	[M_F_BETTER] = { " (better)", "（更好）" },
	[M_F_WORSE] = { " (worse)", "（更差）" },
	[M_F_CHECKS] = { " Checks: {1}.", "检查：{1}。" },
	[M_F_MET] = { "{1} {2} {3}: met ({4})", "{1} {2} {3}：满足（{4}）" },
	[M_F_NOT_MET] = { "{1} {2} {3}: **not met** ({4})",
			  "{1} {2} {3}：**不满足**（{4}）" },
	[M_F_UNCHECKED] = { "{1} {2} {3}: not checked ({4} not collected)",
			    "{1} {2} {3}：无法检查（未采集 {4}）" },
	[M_F_FAILED] = {
		"- {1} ({2}) FAILED: {3}; it is left out of the speedups.",
		"- {1}（{2}）失败：{3}；不参与加速比计算。" },
	[M_F_SKIPPED] = { "- {1} ({2}) was skipped: {3}.",
			  "- {1}（{2}）被跳过：{3}。" },
	[M_F_OVERALL] = {
		"- Overall: {1} ({2}) → {3} ({4}): {5} faster.",
		"- 总体：{1}（{2}）→ {3}（{4}）：快了 {5}。" },
	[M_F_PEAK] = {
		"- The fastest rung moves {1} GB/s, {2} % of the theoretical "
		"peak ({3} GB/s).",
		"- 最快的一级达到 {1} GB/s，为理论峰值（{3} GB/s）的 {2} %。" },
	[M_F_CEILING] = {
		"- It reaches {1} % of the measured ceiling ({2}: {3} "
		"GB/s at the same size).",
		"- 它达到实测上限的 {1} %（{2}：同一规模下 {3} GB/s）。" },
	[M_F_BASELINE] = {
		"- Baseline {1}: {2} ms, {3} GB/s; the fastest rung runs at "
		"{4} % of its speed.",
		"- 基线 {1}：{2} ms，{3} GB/s；最快的一级达到其速度的 {4} %。" },
	[M_F_SMALL] = {
		"- At the smallest size measured ({1}): {2} ({3}) → {4} "
		"({5}): {6} faster.",
		"- 在测量的最小规模（{1}）下：{2}（{3}）→ {4}（{5}）：快了 "
		"{6}。" },
	[M_F_ONE_RUNG] = {
		"- Fewer than two rungs verified here, so there is no step to "
		"compare.",
		"- 这里通过验证的级少于两个，无法比较。" },

	[M_H_INTRO] = {
		"Mark Harris's \"Optimizing Parallel Reduction in CUDA\" "
		"(NVIDIA, 2007) is the classic form of this ladder: seven "
		"kernels summing 2^22 ints on a G80 (GeForce 8800 GTX, 86.4 "
		"GB/s peak). Our rungs are matched to his kernels by technique, "
		"not by number; a kernel with no match uses a technique our "
		"ladder does not have, and a rung with no match one his slides "
		"do not have. Ours: {1}.",
		"Mark Harris 的《Optimizing Parallel Reduction in CUDA》（NVIDIA，"
		"2007）是这一优化阶梯的经典版本：在 G80（GeForce 8800 GTX，峰值 "
		"86.4 GB/s）上对 2^22 个 int 求和的七个核函数。我们的各级按所用的"
		"技术（而不是编号）与他的核函数对应；没有对应的核函数所用的技术不在"
		"我们的阶梯中，没有对应的级所用的技术也不在他的幻灯片中。我们的数据："
		"{1}。" },
	[M_H_KERNEL] = { "G80 kernel", "G80 核函数" },
	[M_H_TECHNIQUE] = { "Technique", "技术" },
	[M_H_MS] = { "G80 ms", "G80 ms" },
	[M_H_GBPS] = { "G80 GB/s", "G80 GB/s" },
	[M_H_PEAK] = { "% of 86.4 GB/s", "占 86.4 GB/s %" },
	[M_H_STEP] = { "G80 step", "G80 单步" },
	[M_H_CUM] = { "G80 cumulative", "G80 累计" },
	[M_H_OURS] = { "Our rung(s)", "我们的级" },
	[M_H_OURS_MS] = { "Ours ms", "我们 ms" },
	[M_H_OURS_GBPS] = { "Ours GB/s", "我们 GB/s" },
	[M_H_OURS_STEP] = { "Ours step", "我们单步" },
	[M_H_AT] = { "reduce / {1} at {2}", "reduce / {1}，{2}" },
	[M_H_SOURCE] = {
		"Source: M. Harris, \"Optimizing Parallel Reduction in CUDA\", "
		"NVIDIA, 2007, "
		"<https://developer.download.nvidia.com/assets/cuda/files/"
		"reduction.pdf>. Times and bandwidths as published; the "
		"speedup columns are computed here from the published times. "
		"Kernel 7 reached 73 GB/s on 32M elements.",
		"来源：M. Harris，“Optimizing Parallel Reduction in CUDA”，NVIDIA，"
		"2007，<https://developer.download.nvidia.com/assets/cuda/files/"
		"reduction.pdf>。时间与带宽为原文数据；加速比各列由原文时间计算。"
		"核函数 7 在 32M 个元素上达到 73 GB/s。" },

	[M_FAIL_LINE] = { "- {1} / {2} / {3} / {4}, {5}: {6}",
			  "- {1} / {2} / {3} / {4}，{5}：{6}" },

	[M_U_INTRO] = {
		"Each of your kernels is placed on the ladder it ran beside "
		"(the same experiment, type and size) and diagnosed from its "
		"counters and resources, judged only against the built-in "
		"rungs measured in the same run. A counter is called like a "
		"rung's when, on a log scale, it lies nearer that rung's value "
		"than the value of the rung without the problem; the two rungs "
		"must differ by at least {1}× for the comparison to count, and "
		"values under a counter's noise floor are read as the floor "
		"(bank conflicts: {2} per shared load, which conflict-free code "
		"can show). Where the rungs a rule needs were not measured, "
		"the diagnosis names them; where the counters do not separate "
		"two explanations, it says so. A kernel that fails is never "
		"placed and shows no speed.",
		"你的每个核函数都与同一实验、同一数据类型、同一规模下的内置各级放在"
		"同一阶梯上比较，并依据它的计数器和资源做出诊断；比较对象只限本次运行"
		"中实测的内置各级。所谓某个计数器“与某一级相当”，是指在对数尺度上它"
		"离该级的值比离没有这个问题的那一级的值更近；只有这两级的值相差至少 "
		"{1} 倍时，这种比较才算数；低于计数器噪声下限的值按下限计（bank 冲突："
		"每条共享内存读指令 {2} 次，无冲突的代码也可能读到这个数）。某条规则"
		"需要的内置级没有测量时，诊断会指出是哪几级；计数器区分不了两种解释"
		"时，诊断也会如实说明。失败的核函数不会被放上阶梯，也不给出速度。" },
	[M_U_HEAD] = { "{1}: {2}", "{1}：{2}" },
	[M_U_STAGE] = { "{1} / {2}, {3}{4} (experiment {5})",
			"{1} / {2}，{3}{4}（实验 {5}）" },
	[M_U_BLOCK] = { ", block {1}", "，线程块 {1}" },
	[M_U_TIME] = { "- Time: {1} ms (median{6}; spread {2} %), {3} GB/s{4}{5}.",
		       "- 时间：{1} ms（中位数{6}；离散度 {2} %），{3} GB/s{4}{5}。" },
	[M_U_CI] = { ", 95 % interval {1}–{2} ms", "，95 % 区间 {1}–{2} ms" },
	[M_U_PEAK] = { ", {1} % of the theoretical peak",
		       "，为理论峰值的 {1} %" },
	[M_U_CEIL] = { ", {1} % of the measured ceiling ({2}: {3} GB/s)",
		       "，为实测上限（{2}：{3} GB/s）的 {1} %" },
	[M_U_BETWEEN] = {
		"- On the ladder: between {1} ({2}, {3} ms), which it beats by "
		"{4}, and {5} ({6}, {7} ms), which is {8} faster.",
		"- 在阶梯上的位置：介于{1}（{2}，{3} ms）和{5}（{6}，{7} ms）之间："
		"比前者快 {4}，后者比它快 {8}。" },
	[M_U_FASTEST] = {
		"- On the ladder: faster than every built-in rung measured here, "
		"by {4} over the fastest, {1} ({2}, {3} ms).",
		"- 在阶梯上的位置：比这里测量的所有内置级都快，比其中最快的{1}"
		"（{2}，{3} ms）快 {4}。" },
	[M_U_SLOWEST] = {
		"- On the ladder: slower than every built-in rung measured here; "
		"the slowest, {1} ({2}, {3} ms), is {4} faster.",
		"- 在阶梯上的位置：比这里测量的所有内置级都慢；其中最慢的{1}"
		"（{2}，{3} ms）也比它快 {4}。" },
	[M_U_NO_RUNGS] = {
		"- On the ladder: no built-in rung verified at this size, so it "
		"cannot be placed.",
		"- 在阶梯上的位置：这一规模下没有通过验证的内置级，无法定位。" },
	[M_U_NOISE] = { " (within noise)", "（在噪声范围内）" },
	[M_U_RUNG] = { "{1} ({2})", "{1}（{2}）" },
	[M_U_NOT_HERE] = { "{1} (not run here)", "{1}（本次未运行）" },
	[M_U_LIST] = { ", ", "、" },
	[M_U_FAILED] = {
		"- {1}. A kernel that fails is not placed on the ladder and "
		"shows no speed.",
		"- {1}。失败的核函数不会被放上阶梯，也不给出速度。" },
	[M_U_NOT_RUN] = { "- {1}. It is not placed on the ladder.",
			  "- {1}。它没有被放上阶梯。" },
	[M_U_DIAG] = {
		"- Diagnosis, from its counters and resources against the "
		"built-in rungs of this run:",
		"- 诊断（依据它的计数器和资源，与本次运行中的内置各级比较）：" },
	[M_U_FIX_AT] = { " Here {1} runs in {2} ms, {3} the speed of yours.",
			 "{1}在这里用时 {2} ms，速度是你的核函数的 {3}。" },
	[M_U_EVIDENCE] = { " Evidence: {1}.", "依据：{1}。" },
	[M_U_EV_NEAR] = { "{1} {2} against {3} for {4} and {5} for {6}",
			  "{1} 为 {2}，而{4}为 {3}，{6}为 {5}" },
	[M_U_EV_FACTOR] = { "{1} {2} against {3} for {4}",
			    "{1} 为 {2}，而{4}为 {3}" },
	[M_U_EV_SLOW] = { "{1} GB/s, {2} % of the {3} GB/s of {4}",
			  "{1} GB/s，为{4}的 {2} %（后者为 {3} GB/s）" },
	[M_U_EV_OCC] = {
		"theoretical occupancy {1} %, limited by {2} ({3} registers per "
		"thread, {4} B of shared memory and {5} threads per block)",
		"理论占用率 {1} %，受{2}限制（每线程 {3} 个寄存器；每块 {4} B "
		"共享内存、{5} 个线程）" },
	[M_U_EV_OCC_REF] = {
		"; {1}: {2} % with {3} registers per thread and {4} B of shared "
		"memory per block",
		"；{1}：{2} %，每线程 {3} 个寄存器，每块 {4} B 共享内存" },
	[M_U_SEVERAL] = {
		"  - Several of these problems show at once, and the numbers "
		"cannot say how much time each one costs: fix them one at a "
		"time, as the ladder does, and measure after each.",
		"  - 上面几个问题同时出现，而这些数字说不出每个问题各占多少时间："
		"像阶梯那样一次只改一处，每改一次都重新测量。" },
	[M_U_CLEAR] = { "  - Not found: {1}.", "  - 没有发现：{1}。" },
	[M_U_NONE] = {
		"  - None of the ladder's known problems shows (checked: {1}).",
		"  - 没有发现阶梯中任何已知的问题（已检查：{1}）。" },
	[M_U_CANT] = {
		"  - Not judged: {1}, as {2} and {3} measured here differ too "
		"little in {4} ({5} against {6}) to tell which of them it is "
		"like.",
		"  - 无法判断{1}：这里测得的{2}与{3}在 {4} 上相差太小（{5} 对 "
		"{6}），分不出它更像哪一个。" },
	[M_U_OWN] = { "  - Not judged: {1}, as its {2} was not collected.",
		      "  - 无法判断{1}：没有采集它的 {2}。" },
	[M_U_OWN_RES] = {
		"  - Not judged: {1}, as its resources were not recorded ({2}).",
		"  - 无法判断{1}：没有记录它的资源（{2}）。" },
	[M_U_NO_COUNTERS] = {
		"  - Its counters were not collected ({1}), so only what needs "
		"no counters is judged.",
		"  - 没有采集它的计数器（{1}），因此只判断不依赖计数器的问题。" },
	[M_U_NEED] = {
		"  - To judge {1}, the diagnosis would need rungs {2} measured "
		"with counters beside it (same experiment, type and size).",
		"  - 要判断{1}，诊断需要在同一实验、同一类型、同一规模下带计数器"
		"测量这些内置级：{2}。" },

	[M_R_COMMAND] = { "The command that produced these results:",
			  "产生这些结果的命令：" },
	[M_R_NO_COMMAND] = { "The command line was not recorded.",
			     "没有记录命令行。" },
	[M_R_VERSION] = { "culab version {1}, commit {2}.",
			  "culab 版本 {1}，提交 {2}。" },
	[M_R_SOURCE] = { "Experiment file {1}, SHA-256 {2}.",
			 "实验文件 {1}，SHA-256 {2}。" },
	[M_R_TIMES] = { "Started {1}, finished {2}.", "开始于 {1}，结束于 {2}。" },
	[M_R_RERUN] = {
		"If the experiment file you have differs from the recorded one, "
		"`sha256sum FILE` shows it: compare with the SHA-256 above. To "
		"rebuild this report from the recorded results without a GPU, "
		"run `culab report results.json -o DIR` (add `--template FILE` "
		"to use an edited template, `--format html` for the web page "
		"alone).",
		"如果你手上的实验文件与记录的不同，`sha256sum FILE` 可以看出来："
		"与上面的 SHA-256 比较即可。要在没有 GPU 的情况下根据记录的结果重新"
		"生成本报告，运行 `culab report results.json -o DIR`（加上 "
		"`--template FILE` 可使用修改过的模板，加上 `--format html` 只生成"
		"网页）。" },

	[M_B_BASE] = { "baseline", "基线" },
	[M_B_NEW] = { "new", "新结果" },
	[M_B_THIS_RUN] = { "this run", "本次运行" },
	[M_B_SIDE] = { "- {1}: {2} ({3}, {4}, {5})",
		       "- {1}：{2}（{3}，{4}，{5}）" },
	[M_B_NOT_RECORDED] = { "not recorded", "未记录" },
	[M_B_CROSS] = {
		"**Cross-GPU: {1} (compute capability {2}) → {3} ({4}). The "
		"verdicts compare GPUs, not code.**",
		"**跨 GPU：{1}（计算能力 {2}）→ {3}（{4}）。结论比较的是 GPU，"
		"而不是代码。**" },
	[M_B_BOARDS] = {
		"Both ran on the same model, {1}, but on two boards (their GPU "
		"UUIDs differ): the verdicts include the difference between "
		"the boards.",
		"两边都运行在 {1} 上，但不是同一块卡（GPU UUID 不同）：结论中包含"
		"两块卡之间的差异。" },
	[M_B_SAME_GPU] = { "Both ran on the same GPU, {1}.",
			   "两边运行在同一块 GPU 上：{1}。" },
	[M_B_NO_GPU] = {
		"The GPU is not recorded on one side: the verdicts may compare "
		"GPUs, not code.",
		"有一边没有记录 GPU：结论比较的可能是 GPU，而不是代码。" },
	[M_B_ENV_HEAD] = { "Environment facts that differ:",
			   "不同的环境信息：" },
	[M_B_ENV_NONE] = { "No recorded environment fact differs.",
			   "记录的环境信息没有差别。" },
	[M_B_F_VERSION] = { "culab version", "culab 版本" },
	[M_B_F_COMMIT] = { "culab commit", "culab 提交" },
	[M_B_F_FILE] = { "Experiment file", "实验文件" },
	[M_B_F_SHA] = { "Experiment file SHA-256", "实验文件 SHA-256" },
	[M_B_METHOD] = {
		"Rows pair when they measured the same experiment, variant, "
		"type, size and block. Each pair is judged by the ratio of the "
		"median times, {1} / {2}, and its 95 % percentile-bootstrap "
		"interval ({3} resamples of each side with a fixed seed, so "
		"the same files always give the same interval): **faster** or "
		"**slower** when the whole interval lies below or above 1 ± "
		"{4} (the threshold) and the change is larger than the pair's "
		"run-to-run floor (below); **same** when the interval lies "
		"within 1 ± {4} or the change within the floor; "
		"unknown when it crosses a boundary (more runs would tell) or "
		"when a side did not run and verify or has fewer than {5} "
		"timed runs. Counter changes are those of at least {6} % that "
		"can mean something, by the rule of the findings.",
		"测量了相同实验、变体、类型、规模和线程块的两行配成一对。每一对按中位"
		"时间之比 {1} / {2} 及其 95 % 百分位 bootstrap 区间判断（每边重抽样 "
		"{3} 次，随机种子固定，因此相同的文件总是得到相同的区间）：整个区间"
		"低于或高于 1 ± {4}（阈值）且变化大于这一对的运行间下限（见下）为"
		"**更快**或**更慢**；区间落在 1 ± {4} 之内或变化不超过下限为"
		"**相同**；区间跨越边界（需要更多次运行才能判断），或有一边没有"
		"运行并通过验证、或计时少于 {5} 次，则为未知。计数器变化只列出至少 "
		"{6} % 且有意义的变化，规则与“发现”一节相同。" },
	[M_B_COUNTS] = {
		"{1} pairs: {2} faster, {3} slower, {4} same, {5} unknown; {6} "
		"rows only on the {7} side, {8} only on the {9} side.",
		"共 {1} 对：{2} 对更快，{3} 对更慢，{4} 对相同，{5} 对未知；"
		"仅在{7}一侧的行 {6} 个，仅在{9}一侧的行 {8} 个。" },
	[M_B_COL_TYPE] = { "Type", "类型" },
	[M_B_COL_SIZE] = { "Size", "规模" },
	[M_B_COL_MS] = { "{1} (ms)", "{1}（ms）" },
	[M_B_COL_RATIO] = { "{1} / {2}", "{1} / {2}" },
	[M_B_COL_CI] = { "95 % interval", "95 % 区间" },
	[M_B_COL_VERDICT] = { "Verdict", "结论" },
	[M_B_COL_CTRS] = { "Counter changes", "计数器变化" },
	[M_B_V_SAME] = { "same", "相同" },
	[M_B_V_FASTER] = { "**faster**", "**更快**" },
	[M_B_V_SLOWER] = { "**slower**", "**更慢**" },
	[M_B_V_UNKNOWN] = { "unknown", "未知" },
	[M_B_WHY_FAILED] = { "{1} row {2}", "{1}的这一行{2}" },
	[M_B_WHY_FEW] = {
		"{1} and {2} timed runs; a verdict needs {3} on each side",
		"计时次数为 {1} 和 {2}；每边至少需要 {3} 次才能下结论" },
	[M_B_WHY_RANKS] = {
		"{1} and {2} timed runs, too few for an interval: every run of "
		"one side beyond every run of the other, their ratios {3} – {4} "
		"(by ranks)",
		"计时次数为 {1} 和 {2}，不足以给出区间：一侧的每次都超出另一侧的"
		"每次，比值在 {3} – {4} 之间（按秩判定）" },
	[M_B_ONLY] = { "Only on the {1} side ({2} rows):",
		       "仅在{1}一侧（{2} 行）：" },
	[M_B_CHART] = {
		"The ratio of every pair with its 95 % interval, on a log axis "
		"from 1 (bars below 1: faster; dashed lines: the threshold, "
		"which the interval must clear; the change must also exceed "
		"the pair's run-to-run floor, in the table above):",
		"每一对的比值及其 95 % 区间，对数坐标，从 1 画起（低于 1 的柱为更快；"
		"虚线为阈值，区间须越过它；变化还须大于这一对的运行间下限，见上表）：" },
	/* r17-zh */
	[M_METH_CHECK_FLOAT] = {
		"The tolerance of a float or double sum follows the order in "
		"which the variant adds, not a fixed multiple of √n. Each "
		"rounded addition is off by at most u (2^-24 for float, 2^-53 "
		"for double) times the partial sum it forms; taking these "
		"errors as independent and zero-mean, the sum's error exceeds "
		"6 · u · √(Σ p²), p running over every partial sum the variant "
		"forms, with probability about 3·10^-8. For a pairwise tree "
		"that is about 8.5 · u · Σ|x|, for one serial loop over n "
		"inputs 3.5 · u · √n · Σ|x|; a kernel whose order is unknown "
		"gets the serial bound. It stays far below what one lost "
		"block adds, except in float at large n with small blocks, "
		"where one block's sum is within the rounding of any correct "
		"order.",
		"float 和 double 求和的容差由变体相加的顺序决定，而不是 √n 的固定"
		"倍数。每做一次舍入的加法，误差至多是所得部分和的 u 倍（float 的 u "
		"为 2^-24，double 为 2^-53）；把这些误差看作相互独立、均值为零，"
		"总误差超过 6 · u · √(Σ p²)（p 取遍变体形成的每个部分和）的概率约为 "
		"3·10^-8。对两两相加的树形归约，这个值约为 8.5 · u · Σ|x|；对 n 个"
		"输入的一个串行循环，约为 3.5 · u · √n · Σ|x|；相加顺序未知的核函数"
		"一律按串行循环计算。这个容差远小于丢失一个线程块所少加的量；只有 "
		"float 在 n 很大、线程块很小时例外：这时一个线程块的和已经落在任何"
		"正确求和顺序的舍入误差之内。" },
	[M_METH_CHECK_OLD] = {
		"These results were recorded by an earlier culab, whose "
		"tolerance, shown in their rows, was 4 · ε · √n · Σ|x| (ε = "
		"2^-24 for float, 2^-53 for double): for most rungs thousands of "
		"times looser at large n, loose enough to pass a sum that lost "
		"a whole block. "
		"culab now derives the tolerance from the order in which each "
		"variant adds: 6 · u · √(Σ p²), p running over the partial sums "
		"it forms and u the unit roundoff, which a correct sum exceeds "
		"with probability about 3·10^-8.",
		"这些结果由较早版本的 culab 记录，各行所列的容差按当时的公式 "
		"4 · ε · √n · Σ|x| 计算（float 的 ε 为 2^-24，double 为 2^-53）："
		"n 较大时对多数级宽松了上千倍，连丢失整个线程块的求和也能通过。现在的 culab "
		"按每个变体相加的顺序推导容差：6 · u · √(Σ p²)，p 取遍它形成的部分"
		"和，u 为单位舍入误差；正确的求和超过它的概率约为 3·10^-8。" },
	[M_WHY_CPU] = { "runs on the CPU", "在 CPU 上运行" },
	[M_WHY_CTR_CPU] = { "not applicable: runs on the CPU",
			    "不适用：在 CPU 上运行" },
	[M_WHY_CTR_NONE] = { "counters were not collected", "没有采集计数器" },
	[M_WHY_COPIES] = { "launched no kernel (its run was copies only)",
			   "没有启动核函数（这次运行只做了拷贝）" },
	[M_WHY_NOT_WATCHED] = { "kernel launches were not watched",
				"没有监视核函数的启动" },
	[M_WHY_OLD] = { "not recorded by this culab version",
			"记录结果的 culab 版本不记录这一项" },
	[M_RUN_COMPLETE] = { "complete", "已完成" },
	[M_RUN_RUNNING] = { "running", "运行中" },
	[M_RUN_INTERRUPTED] = { "interrupted", "被中断" },
	[M_RUN_ABORTED] = { "aborted", "已中止" },
	/* the timed regions culab writes for a user's kernel
	 * (experiment_kernels.c), by how the kernel finishes */
	[M_UREGION_HOST] = {
		"the kernel; the copy of its per-block partial sums to the "
		"host; their sum on the host",
		"核函数本身；把它各线程块的部分和拷贝到主机；在主机上求和" },
	[M_UREGION_RELAUNCH] = {
		"the kernel, relaunched on its partial sums until one value is "
		"left",
		"核函数本身，以及对它的部分和反复再启动，直到只剩一个值" },
	[M_UREGION_ATOMIC] = {
		"zeroing the accumulator (cudaMemsetAsync); the kernel",
		"清零累加器（cudaMemsetAsync）；核函数本身" },
	[M_UREGION_ONE] = { "one launch of the kernel", "核函数的一次启动" },
	[M_METH_WARP] = {
		"A warp is the group of 32 threads that a multiprocessor "
		"issues each instruction for together; a block's threads are "
		"split into warps, and counts such as the warp instructions "
		"are per warp.",
		"先说明一个贯穿全文的术语：线程束（warp）是 SM 一起发射每条指令的 "
		"32 个线程。线程块中的线程按 32 个一组分成若干线程束，"
		"线程束指令数等计数也按线程束计。" },
	/* r17-html */
	[M_R_PASTE] = {
		"To measure again on a machine with a GPU, build culab at "
		"commit {1} (`git checkout {1} && make`) and run, from the "
		"repository:",
		"要在有 GPU 的机器上重新测量：构建提交 {1} 的 culab"
		"（`git checkout {1} && make`），然后在仓库目录中运行：" },
	[M_R_PASTE_NOCOMMIT] = {
		"To measure again on a machine with a GPU, build culab with "
		"`make` and run, from the repository:",
		"要在有 GPU 的机器上重新测量：用 `make` 构建 culab，然后在仓库目录中"
		"运行：" },
	[M_R_ALT] = {
		"Or run again from this results file alone: it holds the "
		"experiment file (checked against its SHA-256) and the sources "
		"of any kernels of your own; culab measures the same variants and compares "
		"the new results with these:",
		"也可以只凭这个结果文件重新运行：它保存了实验文件（会用 SHA-256 "
		"核对）以及你自己写的核函数（如果有）的源码；culab 会测量同样的变体，并把新结果与这里的"
		"结果比较：" },
	[M_R_PROV] = {
		"Provenance: these results were recorded with the command line "
		"{1}{2}.",
		"来源：这些结果是{2}用命令行 {1} 记录的。" },
	[M_R_PROV_HOST] = { " on host {1}", "在主机 {1} 上" },
	[M_R_PROV_NOTE] = { "The run's note: “{1}”.", "这次运行的备注：“{1}”。" },
	/* r17-tables */
	[M_COL_SPREAD] = { "Spread (IQR, % of median)",
			   "离散度（四分位距，占中位数 %）" },
	[M_COL_RUNS] = { "Timed runs", "计时次数" },
	[M_COL_STEP_CI] = { "Step (95 % CI)", "单步（95 % 置信区间）" },
	[M_COL_CUM_CI] = { "Against the first rung (95 % CI)",
			   "相对第一级（95 % 置信区间）" },
	[M_NOTE_VERDICT] = {
		"Within noise: the 95 % interval lies within ±{1} %, or the "
		"change within the run-to-run floor of this GPU, the same "
		"speed; unresolved: the interval reaches across ±{1} %, so "
		"these runs cannot tell whether the step helped. Only the "
		"others are faster or slower beyond doubt, each with its "
		"interval turned the same way.",
		"在噪声以内：95 % 置信区间落在 ±{1} % 以内，或其变化在本 GPU "
		"的运行间下限以内，速度相同；"
		"无法判定：区间跨过了 ±{1} % 的边界，这些测量还不能判断这一步是否"
		"有效。其余各项的快慢是确定的，区间与快慢同向给出。" },
	[M_CTR_HEAD] = { "Counters: {1} / {2}, {3}",
			 "计数器：{1} / {2}，{3}" },
	[M_APX_LADDER] = { "Details: {1} / {2}, {3}", "明细：{1} / {2}，{3}" },
	[M_APX_CTRS] = { "All other counters: {1} / {2}, {3}",
			 "其余计数器：{1} / {2}，{3}" },
	[M_APX_REGIONS] = { "Timed regions", "计时范围" },
	[M_METH_TIMERS] = {
		"Timers (the appendix lists what one timed run of each variant "
		"contains):",
		"计时器（附录列出了每个变体一次计时所包含的内容）：" },
	[M_LADDER_MORE] = {
		"The same tables at the other sizes ({1}) are in the appendix.",
		"其他规模（{1}）的同样表格见附录。" },

	/* r17-findings */
	[M_F_TEACH_SLOWER] = {
		"{1} slower ({2} → {3} ms), as this teaching rung is meant to be",
		"慢了 {1}（{2} → {3} ms），这一级本来就是用来示范错误的" },
	[M_F_TEACH_SAN] = { " compute-sanitizer on this run: {1}.",
			    "本次运行的 compute-sanitizer 结果：{1}。" },
	[M_F_SMS_UNKNOWN] = { "many", "许多" },
	[M_H_OURS_PEAK] = { "Ours % of peak", "我们占峰值 %" },
	[M_H_OURS_CUM] = { "Ours cumulative", "我们累计" },
	[M_H_TOTAL] = {
		"Over the matched kernels ours goes from {1} ({2}) to {3} "
		"({4}): {5} in all, where Harris's kernels {6} → {7} gained "
		"{8}; both cumulative columns start at the first matched "
		"kernel.",
		"在相互对应的核函数范围内，我们从{1}（{2}）到{3}（{4}）共提速 "
		"{5}，而 Harris 的核函数 {6} → {7} 提速 {8}；两列累计加速比都从"
		"第一个对应的核函数算起。" },
	[M_H_WHY] = {
		"The gap is in the starting point: our {1} already moves {2} % "
		"of this GPU's theoretical peak, his kernel {3} moved {4} % of "
		"the G80's. Since the G80, caches (L1 and a large L2) serve the "
		"re-reads a naive tree makes, each SM has far more memory "
		"bandwidth and more warps to hide latency, so the tree's "
		"inefficiencies cost little beside streaming the input; the "
		"steps that still matter change the bytes in flight and the "
		"instructions per element, and our last matched rung reaches "
		"{5} % of the peak.",
		"差距在起点：我们的{1}已达到这块 GPU 理论峰值的 {2} %，而他的核"
		"函数 {3} 只达到 G80 的 {4} %。自 G80 以来，缓存（L1 和很大的 "
		"L2）承担了朴素树形归约的重复读取，每个 SM 的显存带宽和可用来掩盖"
		"延迟的线程束都多得多，因此树形归约的低效与流式读取输入相比代价"
		"很小；仍然有效的优化是改变在途字节数和每个元素的指令数的那些，"
		"我们最后一个对应的级达到峰值的 {5} %。" },
	[M_H_LESSON_SLOWER] = {
		"The course textbook (樊哲勇, CUDA 编程基础与实践, ch. 8) found "
		"its shared-memory kernel with sequential addressing (our {1}, "
		"{2}) gained little over the one in global memory (\"加速效果并"
		"不明显\"); here, for {6}, {1} is {5} slower than {3} ({4}).",
		"课程教材（樊哲勇《CUDA 编程基础与实践》第 8 章）发现，使用顺序寻址"
		"的共享内存核函数（我们的{1}，{2}）比全局内存版本“加速效果并不"
		"明显”；这里对 {6}，{1}比{3}（{4}）慢了 {5}。" },
	[M_C_STEPS] = { "the steps that mattered most on this GPU, each against "
			"the rung before it: {1}. ",
			"在这块 GPU 上最重要的几步（每一步都与上一级比较）：{1}。" },
	[M_C_HEAD] = { "- **{1}**: ", "- **{1}**：" },
	[M_C_STEP] = { "{1} → {2} ({3}), {4} faster (the counters do not "
		       "explain it)",
		       "{1} → {2}（{3}），快了 {4}（计数器解释不了）" },
	[M_C_STEP_CTRS] = { "{1} → {2} ({3}), {4} faster ({5})",
			    "{1} → {2}（{3}），快了 {4}（{5}）" },
	[M_C_GAP] = {
		"The fastest rung, {1} ({2}), reaches {3} % of the measured "
		"ceiling ({4}) and {5} % of the theoretical peak. ",
		"最快的一级{1}（{2}）达到实测上限（{4}）的 {3} %、理论峰值的 "
		"{5} %。" },
	[M_C_GAP_PEAK] = {
		"The fastest rung, {1} ({2}), reaches {3} % of the theoretical "
		"peak (no ceiling was measured). ",
		"最快的一级{1}（{2}）达到理论峰值的 {3} %（没有测量上限）。" },
	[M_C_LEFT] = { "What limits it: {1}.", "限制它的是：{1}。" },
	[M_RB_INTRO] = {
		"For grading: the course's learning objectives, each with the "
		"rows and the counter that show it in this run and a verdict on "
		"that evidence (\"shown\" needs the counter to separate the two "
		"rows beyond its noise and the fix to be faster beyond 2 %; "
		"warp-synchronous safety needs compute-sanitizer's record of "
		"this run). Expected against observed, rung by rung, is in the "
		"details. The ladder follows the course textbook (樊哲勇, CUDA "
		"编程基础与实践, ch. 8) and Harris's slides.",
		"供评分使用：课程的学习目标，每个目标给出本次运行中体现它的"
		"行和计数器，以及依据这些证据的结论（“已体现”要求计数器在两行之间"
		"的差别超出其噪声、且改正后的一级快出 2 % 以上；线程束同步的安全性"
		"要求本次运行有 compute-sanitizer 的记录）。逐级对照预期与实际见"
		"细节页。这一优化阶梯依照课程教材（樊哲勇《CUDA 编程基础与实践》"
		"第 8 章）和 Harris 的讲稿。" },
	[M_RB_COL_HYP] = { "Hypothesis", "假设" },
	[M_RB_COL_OBS] = { "Observed step (95 % CI)", "实测单步（95 % 置信区间）" },
	[M_RB_COL_SPEED] = { "Speed", "速度" },
	[M_RB_COL_SIG] = { "Signature checks", "特征检查" },
	[M_RB_COL_LIMIT] = { "Limiting resource", "受限资源" },
	[M_RB_H_FIRST] = { "starting point", "起点" },
	[M_RB_H_FASTER] = { "faster than {1}", "比{1}快" },
	[M_RB_H_TEACH] = { "shows a mistake (slower than {1}, or unsafe)",
			   "示范错误（比{1}慢，或不安全）" },
	[M_RB_OBS] = { "{1} ({2}–{3})", "{1}（{2}–{3}）" },
	[M_RB_OBS_SLOWER] = { "{1} slower ({2}–{3})", "慢了 {1}（{2}–{3}）" },
	[M_RB_MET] = { "met", "满足" },
	[M_RB_NOT_MET] = { "**not met**", "**不满足**" },
	[M_RB_SAME] = { "not met: within noise (±2 % or its run-to-run floor)",
			"不满足：在噪声以内（±2 % 或运行间下限）" },
	[M_RB_UNKNOWN] = { "undecided (interval across 2 %)",
			   "无法判定（区间跨过 2 %）" },
	[M_RB_SIG_ALL] = { "{1} of {2} met", "{2} 项中满足 {1} 项" },
	[M_RB_SIG_SOME] = { "{1} of {2} met (**not met**: {3})",
			    "{2} 项中满足 {1} 项（**不满足**：{3}）" },
	[M_RB_SIG_NONE] = { "none stated", "未规定" },
	[M_GLOSS_READ] = { " (a change: {1})", "（变化的读法：{1}）" },
	[M_H_LESSON_FASTER] = {
		"The course textbook (樊哲勇, CUDA 编程基础与实践, ch. 8) found "
		"its shared-memory kernel with sequential addressing (our {1}, "
		"{2}) gained little over the one in global memory (\"加速效果并"
		"不明显\"); here, for {6}, {1} is {5} faster than {3} ({4}){7}.",
		"课程教材（樊哲勇《CUDA 编程基础与实践》第 8 章）发现，使用顺序寻址"
		"的共享内存核函数（我们的{1}，{2}）比全局内存版本“加速效果并不"
		"明显”；这里对 {6}，{1}比{3}（{4}）快了 {5}{7}。" },
	/* r24-rules */
	[M_W_PER_ELEM] = { "time per element", "每个元素的时间" },
	[M_W_NEEDED] = { " (needed: {1})", "（所需：{1}）" },
	[M_W_BECAUSE] = { " Why: {1}.", "原因：{1}。" },
	[M_W_UNEXPLAINED] = {
		" The counters do not explain this step ({1} → {2} ms); "
		"checked, and none moved beyond its noise in the step's "
		"direction by enough to account for it: {3}.",
		"计数器解释不了这一步（{1} → {2} ms）；已检查以下各项，没有一项在"
		"这一步的方向上超出其噪声、且变化足以解释这一步：{3}。" },
	[M_W_ALTHOUGH] = { " Against it: {1}.", "反方向的变化：{1}。" },
	[M_W_REFUTED] = { " {1}.", "{1}。" },
	[M_W_NOT_NAMED] = { "not named by these counters",
			    "这些计数器无法指明" },
	[M_W_BRIEF] = { ": {1}", "：{1}" },
	[M_W_NONE_LIMIT] = {
		"not named by these counters: it reaches {1} % of {2}{3}, but "
		"no rule's evidence holds; the counters do not measure stalls, "
		"so they cannot say whether memory latency or instruction issue "
		"holds it back",
		"这些计数器无法指明：它达到{2}的 {1} %{3}，但没有哪条规则的依据"
		"成立；计数器不测量停顿，所以说不出是访存延迟还是指令发射拖住了它" },
	[M_W_NONE_LIMIT_PEAK] = { "the theoretical peak", "理论峰值" },
	[M_W_LIMIT_CEILING] = { "the ceiling", "上限" },
	[M_W_LIMIT_DRAM] = { ", and DRAM moves {1} ({2} the bytes needed)",
			     "，显存搬运 {1}（所需字节数的 {2}）" },
	[M_W_UNEXPLAINED_BARE] = {
		" The counters do not explain this step ({1} → {2} ms): none "
		"of the counters the rules read was collected for it.",
		"计数器解释不了这一步（{1} → {2} ms）：规则所读的计数器都没有采集。" },
	[M_W_NO_CI] = {
		"{1} ({2} → {3} ms), within ±{4} %; too few timed runs for an "
		"interval",
		"{1}（{2} → {3} ms），在 ±{4} % 以内；计时次数太少，给不出区间" },
	[M_W_BELOW] = {
		"{1} ({2} → {3} ms): a change the runs resolve (95 % interval "
		"{4} to {5}) but below the {6} % that counts as one",
		"{1}（{2} → {3} ms）：测量分辨得出这一变化（95 % 区间 {4} 到 "
		"{5}），但低于算作变化的 {6} %" },
	[M_W_NONE] = {
		"no change resolved ({1}, {2} → {3} ms; the 95 % interval {4} "
		"to {5} lies within ±{6} %)",
		"没有分辨出变化（{1}，{2} → {3} ms；95 % 区间 {4} 到 {5} 在 "
		"±{6} % 以内）" },
	[M_W_UNRESOLVED] = {
		"not resolved ({1}, {2} → {3} ms; the 95 % interval {4} to {5} "
		"reaches across ±{6} %)",
		"无法判定（{1}，{2} → {3} ms；95 % 区间 {4} 到 {5} 跨过了 "
		"±{6} %）" },
	[M_W_SPREAD] = {
		"Run to run: measured again, the medians of the {1} GPU rows "
		"both runs share moved by {2} % (median) and at most {3} % "
		"({4}); {5} of them fell outside this run's 95 % interval, "
		"which describes this run only.",
		"两次运行之间：再测一次，两次都有的 {1} 个 GPU 行的中位数变化的"
		"中位数为 {2} %，最大 {3} %（{4}）；其中 {5} 个落在本次运行的 "
		"95 % 区间之外，这一区间只描述本次运行。" },
	[M_W_SPREAD_NONE] = {
		"Run to run: the medians of the {1} GPU rows both runs share "
		"did not move at all, which two runs of a GPU rarely do: is "
		"the baseline a copy of these results?",
		"两次运行之间：两次都有的 {1} 个 GPU 行的中位数完全没有变化，"
		"而在 GPU 上测两次很少如此：基线是否就是本次结果的副本？" },
	[M_W_ABOVE_SPREAD] = {
		"; between two runs of this GPU the medians moved by up to {1} %",
		"；在这块 GPU 上两次运行之间，中位数最多变化了 {1} %" },
	[M_W_ABOVE] = {
		"It moves {1} % more than the ceiling: the ceiling is a kernel "
		"measured like any other (a plain read or copy of the same "
		"bytes), with its own noise, not a bound{2}.",
		"它比上限还多 {1} %：上限本身也是像其他核函数一样测得的（对同样"
		"字节的单纯读取或拷贝），有它自己的噪声，并不是硬性的界限{2}。" },
	[M_W_COL_RULE] = { "Claim", "结论" },
	[M_W_COL_PHYSICS] = { "Physics", "物理依据" },
	[M_W_COL_EVIDENCE] = { "Said only when", "仅在以下情况下才说" },
	[M_W_COL_REFUTED] = { "Refuted by", "被以下情况推翻" },
	[M_W_RULES_INTRO] = {
		"Every \"why\" in this report comes from one of these rules, "
		"and only when its evidence holds in this run's counters, "
		"beyond their measured noise; a step or rung for which none "
		"holds is said to be unexplained, with the numbers checked.",
		"本报告中的每一个“原因”都出自下列规则之一，而且只有当本次运行的"
		"计数器超出其实测噪声、满足该规则的依据时才会说；没有任何规则成立"
		"的一步或一级，报告会说明无法解释，并给出检查过的数字。" },
	[M_F_TEACH_ROLE] = {
		" A teaching rung: on the ladder to show a mistake, not to be "
		"faster (its description in the steps says which).",
		"这是用于示范错误的一级：放在阶梯上是为了说明一个错误，而不是为了"
		"更快（优化步骤一节的说明指出是哪个错误）。" },
	[M_RB_COL_OBJ] = { "Objective", "目标" },
	[M_RB_COL_ROWS] = { "Rows", "对照的行" },
	[M_RB_COL_CTR] = { "Counter", "计数器" },
	[M_RB_COL_TIME] = { "Time (ms)", "时间（ms）" },
	[M_RB_COL_VERDICT] = { "Verdict", "结论" },
	[M_RB_COL_USER] = { "Your kernels showing it",
			    "体现这一点的你的核函数" },
	[M_RB_V_SHOWN] = { "shown", "已体现" },
	[M_RB_V_CTR_ONLY] = {
		"the counter shows it, the time does not ({1})",
		"计数器体现了，时间没有（{1}）" },
	[M_RB_V_NOT_SHOWN] = { "**not shown**", "**未体现**" },
	[M_RB_V_MISSING] = { "not measured here", "本次未测量" },
	[M_RB_V_SAN] = { "shown: compute-sanitizer reported {1}",
			 "已体现：compute-sanitizer 报告 {1}" },
	[M_RB_V_SAN_NONE] = {
		"not checked: no compute-sanitizer record in this run",
		"未检查：本次运行没有 compute-sanitizer 的记录" },
	[M_RB_V_HOST] = {
		"not isolated: every rung that finishes on the device differs "
		"from this one in more than its host step",
		"无法单独分离：每个在设备上完成求和的级与这一级的差别都不只是主机"
		"端求和步骤" },
	[M_RB_V_HOST_USER] = {
		"isolated by your kernel (below): a rung with the same "
		"counters finishes on the device",
		"由你的核函数分离出来（见下）：计数器相同的一级在设备上完成求和" },
	[M_RB_USERS] = { "Your kernels on this ladder:",
			 "你的核函数在这一阶梯上的情况：" },
	[M_RB_SAN_NOT_RUN] = {
		"not checked: unsafe by design, but no compute-sanitizer "
		"record in this run",
		"未检查：按设计不安全，但本次运行没有 compute-sanitizer 的记录" },
	[M_RB_SAN_UNRUN] = {
		"not checked: unsafe by design, and compute-sanitizer could "
		"not check it in this run",
		"未检查：按设计不安全，但本次运行中 compute-sanitizer 未能检查它" },
	[M_RB_V_SAN_RIGHT] = {
		"shown: at {2}, compute-sanitizer reported {1}, on a rung "
		"whose answer was right: a race is a bug whether or not it "
		"changes the sum",
		"已体现：compute-sanitizer 在 {2} 时报告 {1}，而这一级的结果"
		"是正确的：无论是否改变求和结果，竞争都是缺陷" },
	[M_RB_V_SAN_CLEAN] = {
		"**not shown**: at {2}, compute-sanitizer reported {1} in "
		"this run",
		"**未体现**：本次运行中 compute-sanitizer 在 {2} 时报告 {1}" },
	[M_RB_V_SAN_UNRUN] = { "not checked: {1}", "未检查：{1}" },
	[M_RB_RUNGS] = {
		"The hypothesis of a rung is that it is faster than the rung "
		"before it (a teaching rung: that it shows its mistake, an "
		"unsafe one by the sanitizer's record, never by its flag); "
		"\"met\" needs the 95 % interval of the step's ratio of medians "
		"beyond 2 %, as `culab compare` judges. The signature checks "
		"are the registry's, for the types each one states.",
		"每一级的假设是它比前一级更快（用于示范错误的级：它确实表现出那个"
		"错误；不安全的级要以检查工具的记录为证，而不是凭它的标记）；"
		"“满足”要求这一步中位数之比的 95 % 置信区间超出 2 %，与 "
		"`culab compare` 的判断相同。特征检查来自注册表，按每条检查所写明"
		"的数据类型进行。" },
	[M_RB_OBS_X] = { "{1}", "{1}" },
	[M_RB_OBS_SLOWER_X] = { "{1} slower", "慢了 {1}" },
	[M_U_HOST_COST] = {
		"  - The host step costs about {1} ms, {2} % of its time, an "
		"estimate: {3} shows the same {4} and finishes on the device in "
		"{5} ms.",
		"  - 主机端求和步骤大约耗时 {1} ms，占它时间的 {2} %，这是估计值："
		"{3}表现出同样的{4}，而在设备上完成求和，只用 {5} ms。" },
	[M_U_HOST_COST_SHORT] = {
		"; the host step costs about {1} ms, {2} % of its time, an "
		"estimate ({3} shows the same {4} in {5} ms)",
		"；主机端求和步骤大约耗时 {1} ms，占它时间的 {2} %，这是估计值"
		"（{3}表现出同样的{4}，只用 {5} ms）" },
	[M_U_SUM] = {
		"Your kernel {1} at {2}: {3} ms, {4}; its diagnosis finds {5}{6}.",
		"你的核函数 {1}（{2}）：{3} ms，{4}；诊断发现：{5}{6}。" },
	[M_U_SUM_NONE] = {
		"Your kernel {1} at {2}: {3} ms, {4}; its diagnosis finds none "
		"of the ladder's known problems.",
		"你的核函数 {1}（{2}）：{3} ms，{4}；诊断没有发现阶梯中任何已知的"
		"问题。" },
	[M_U_SUM_FAILED] = {
		"Your kernel {1} at {2}: {3}; not placed on the ladder.",
		"你的核函数 {1}（{2}）：{3}；没有放上阶梯。" },
	[M_U_SUM_BETWEEN] = { "between {1} and {2} ({2} is {3} faster)",
			      "介于{1}和{2}之间（{2}快 {3}）" },
	[M_U_SUM_FASTEST] = { "{1} faster than the fastest rung, {2}",
			      "比最快的一级{2}还快 {1}" },
	[M_U_SUM_SLOWEST] = { "slower than every rung ({1} is {2} faster)",
			      "比所有级都慢（{1}快 {2}）" },
	[M_H_AGREE] = { ", as the textbook found", "，与教材的结论一致" },
	[M_H_DISAGREE] = {
		", so on this GPU the textbook's finding does not hold for it",
		"，所以在这块 GPU 上，教材的这一结论对它并不成立" },
};

/* The row of message id: this table's, or from M__BODY on
 * report_msg_body.c's, from M__SAN on report_msg_sanitizer.c's, from
 * M__LINES on report_msg_lines.c's, from M__CLASS on report_msg_class.c's. */
static const char *msg_of(enum lang L, enum msg id)
{
	if (id >= M__CLASS)
		return msgs_class[id - M__CLASS][L];
	if (id >= M__LINES)
		return msgs_lines[id - M__LINES][L];
	if (id >= M__SAN)
		return msgs_sanitizer[id - M__SAN][L];
	return id >= M__BODY ? msgs_body[id - M__BODY][L] : msgs[id][L];
}

const char *say_text(enum lang L, enum msg id)
{
	return msg_of(L, id);
}

void say_args(struct sbuf *b, enum lang L, enum msg id,
	      const char *const *args, size_t n)
{
	sbuf_addargs(b, msg_of(L, id), args, n);
}
