/* report_msg_class.c - the sentences of a class graded (issue 44): the
 * class page's summary, times, table and rules, and a student's grade on
 * their page (report_class.c, report_grading.c build them): the rows from
 * M__CLASS on, in English and Chinese, with {1}..{9} for arguments.
 * See report_msg.c and report_int.h. */
#include "report_int.h"

const char *const msgs_class[M__COUNT - M__CLASS][NLANG] = {
#define ROW(id) [(id) - M__CLASS]
	/* the class table */
	ROW(M_G_COL_RANK) = { "rank", "名次" },
	ROW(M_G_COL_SCORE) = { "score (95 % interval)", "得分（95 % 区间）" },
	ROW(M_G_COL_OBJ) = { "objectives met", "达成的目标" },
	ROW(M_G_COL_LOST) = { "lost points on", "失分之处" },
	/* {1} met, {2} judged */
	ROW(M_G_OBJ_CELL) = { "{1} of {2}", "{2} 项中 {1} 项" },
	/* what a student lost points on, when the diagnosis names nothing:
	 * {1} how far from the reference, in % */
	ROW(M_G_WITHIN) = {
		"within {1} % of the reference: nothing to find",
		"与参照相差不到 {1} %：没有可指出的问题" },
	ROW(M_G_AS_FAST) = {
		"as fast as the reference or faster: nothing to find",
		"与参照一样快或更快：没有可指出的问题" },
	/* {1} their time over the reference's ("1.45×") */
	ROW(M_G_NO_CAUSE) = {
		"{1} the reference's time: the diagnosis names no cause",
		"用时为参照的 {1}：诊断没有指出原因" },
	ROW(M_G_NO_CAUSE_HOST) = {
		"{1} the reference's time, host step included: no cause in the "
		"kernel",
		"用时为参照的 {1}（含主机端步骤）：核函数中没有找到原因" },
	ROW(M_G_NO_REF) = {
		"no reference verified at their sizes: speed not scored",
		"在其规模上没有通过验证的参照：未评速度分" },
	/* what the times are: {1} rounds, {2} M_G_TIMED_ONCE or _N */
	ROW(M_G_TIMES_ROUNDS) = {
		"Times are the kernel's own: the median of {1} rounds, in each of "
		"which every verified student and rung of a type and size was "
		"{2}, in one process, in an order that rotates from round "
		"to round, so that clock and thermal drift reach everyone alike.",
		"时间是核函数本身的时间：{1} 轮的中位数；每一轮中，同一类型与规模"
		"下每个已验证的学生和每一级都在同一个进程里各{2}，顺序逐轮"
		"轮换，时钟与温度的漂移对每个人都一样。" },
	/* after M_G_TIMES_ROUNDS, when a rung's rounds are of its first
	 * pass (results_model.h, ROUND_FIRST_PASS) */
	ROW(M_G_TIMES_FIRST_PASS) = {
		"A rung that finishes on the GPU is timed there by its first "
		"pass alone, one launch as a student's kernel is (all of a rung "
		"of one launch); the report's tables keep its whole reduction.",
		"在 GPU 上完成归约的级在这里按其第一遍本身计时，与学生的核函数一样"
		"是一次启动（只有一次启动的级即其全部）；报告的各表仍给出它的整个"
		"归约。" },
	ROW(M_G_TIMES_KERNEL) = {
		"Times are the kernel's own, timed alone in each student's "
		"process.",
		"时间是核函数本身的时间，在每个学生各自的进程中单独计时。" },
	ROW(M_G_TIMES_REGION) = {
		"Times are the timed region (these results kept no time of the "
		"kernel alone).",
		"时间是计时区间的时间（这些结果没有保存核函数单独的时间）。" },
	ROW(M_G_TIMES_REGION_HOST) = {
		"Times are the timed region: these results kept no time of the "
		"kernel alone, so with the class's `finish: host` each holds the "
		"host step, the same code for everyone, besides the student's "
		"kernel; differences between students are diluted by it and "
		"carry its noise.",
		"时间是计时区间的时间：这些结果没有保存核函数单独的时间，因此在"
		"班级规定的 `finish: host` 下，每个时间除了学生的核函数之外还包括"
		"主机端求和步骤（每个人的代码都一样）；学生之间的差别会被它冲淡，"
		"并带上它的噪声。" },
	/* {1} the host step at each size (M_G_HOST_AT, "; " between) */
	ROW(M_G_HOST) = {
		"The class's host step, the same code for everyone and not in "
		"the score (a row's timed region less its kernel alone in the "
		"same runs), by size: {1}.",
		"班级的主机端步骤（每个人的代码都一样，不计入得分；即一行的计时"
		"区间减去同样这些运行中核函数本身的时间），按规模：{1}。" },
	/* {1} the spread in %, {2} rungs */
	ROW(M_G_SPREAD_ROUNDS) = {
		"The rungs' run-to-run spread: ±{1} % (half the interquartile "
		"range of a rung's per-round medians over their median, the "
		"median over {2} rungs); every score's interval is at least that "
		"wide.",
		"各级在轮与轮之间的离散：±{1} %（一级各轮中位数的四分位距的一半除"
		"以其中位数，取 {2} 个级的中位数）；每个得分的区间至少有这么宽。" },
	ROW(M_G_SPREAD_RUNS) = {
		"The rungs' spread within their runs: ±{1} % (half the "
		"interquartile range of a rung's timed runs over their median, "
		"the median over {2} rungs); every score's interval is at least "
		"that wide.  These results have no rounds: each student was "
		"timed in a process of their own, one after another, so the "
		"spread between processes is not measured here, and an interval "
		"may be narrower than the differences a second run would show.",
		"各级在一次运行内的离散：±{1} %（一级各次计时的四分位距的一半除以"
		"其中位数，取 {2} 个级的中位数）；每个得分的区间至少有这么宽。这些"
		"结果没有分轮计时：每个学生在各自的进程中先后计时，进程之间的离散"
		"在这里没有测量，区间可能比再运行一次所见的差别更窄。" },
	/* the summary: {1} students, {2} verified at every row, {3} the
	 * failures (M_G_SUM_FAILED or ""), {4} the median score, {5} {6}
	 * its quartiles, {7} the most common problem */
	ROW(M_G_SUMMARY) = {
		"{1} students, {2} verified at every row{3}.  Median score {4} "
		"(interquartile range {5}–{6}).  {7}",
		"共 {1} 名学生，{2} 名在每一行都通过验证{3}。得分中位数 {4}（四分"
		"位距 {5}–{6}）。{7}" },
	/* the same for a class of one: {1}..{7} as M_G_SUMMARY's */
	ROW(M_G_SUMMARY_ONE) = {
		"{1} student, {2} verified at every row{3}.  Score {4}.  {7}",
		"共 {1} 名学生，{2} 名在每一行都通过验证{3}。得分 {4}。{7}" },
	/* {1} students, {2} the kinds */
	ROW(M_G_SUM_FAILED) = { "; {1} failed a row ({2})",
				"；{1} 名有失败的行（{2}）" },
	/* {1} the problem, {2} students */
	ROW(M_G_SUM_COMMON) = {
		"The most common problem: {1} ({2} of them).",
		"最常见的问题：{1}（{2} 名学生）。" },
	/* {1} the problems, each found in one student */
	ROW(M_G_SUM_ONCE) = {
		"The problems the diagnosis names, each in one student: {1}.",
		"诊断指出的问题（各见于一名学生）：{1}。" },
	ROW(M_G_SUM_NO_COMMON) = {
		"The diagnosis names a problem for none of them.",
		"诊断没有为任何学生指出问题。" },
	ROW(M_G_K_WRONG) = { "wrong answer", "答案错误" },
	ROW(M_G_K_ERROR) = { "error", "出错" },
	ROW(M_G_K_SKIPPED) = { "not run", "未运行" },
	ROW(M_G_K_IMPOSSIBLE) = { "impossible time", "不可能的时间" },
	ROW(M_G_K_UNVERIFIED) = { "unverified", "未验证" },
	ROW(M_G_K_HUNG) = { "never finished", "未能结束" },
	/* what a student lost points on, a failed row without a
	 * compute-sanitizer finding: {1} its kind, {2} type, {3} size */
	ROW(M_G_LOST_FAILED) = { "{1} at {2}, {3}", "{2}，{3}：{1}" },
	/* the class table's state of a student who failed: {1} the kind */
	ROW(M_G_FAILED_KIND) = { "**FAILED** ({1})", "**失败**（{1}）" },
	/* {1} the kind, {2} how many */
	ROW(M_G_K_ITEM) = { "{1}: {2}", "{1} {2} 名" },
	/* the objectives */
	ROW(M_G_OBJ_BANK) = { "no bank conflicts", "无 bank 冲突" },
	ROW(M_G_OBJ_LOADS) = { "loads coalesced", "全局读合并" },
	ROW(M_G_OBJ_STORES) = { "stores coalesced", "全局写合并" },
	ROW(M_G_OBJ_DIV) = { "no divergence at the key line",
			     "关键行无分支发散" },
	ROW(M_G_OBJ_SAN) = { "no compute-sanitizer finding",
			     "compute-sanitizer 无发现" },
	ROW(M_G_MET) = { "met", "达成" },
	ROW(M_G_NOT_MET) = { "not met", "未达成" },
	ROW(M_G_NA) = { "not applicable", "不适用" },
	/* {1} the verdict, {2} its evidence */
	ROW(M_G_VERDICT) = { "{1}: {2}", "{1}：{2}" },
	/* {1} the line */
	ROW(M_G_EV_LINE) = { "; line {1}", "；第 {1} 行" },
	ROW(M_G_EV_NO_ROW) = { "no verified row to judge it on",
			       "没有通过验证的行可供判断" },
	/* {1} the counter */
	ROW(M_G_EV_NO_USE) = {
		"{1} does not apply: the kernel makes no such access",
		"{1} 不适用：这个核函数没有这类访问" },
	ROW(M_G_EV_UNJUDGED) = {
		"the diagnosis could not judge it at this row (their page's "
		"diagnosis says why)",
		"诊断无法在这一行上判断它（其页面上的诊断说明了原因）" },
	ROW(M_G_EV_SAN_CLEAN) = {
		"compute-sanitizer reran a failed row and found nothing",
		"compute-sanitizer 重跑了失败的行，没有发现问题" },
	ROW(M_G_EV_SAN_NONE) = {
		"compute-sanitizer reruns failed rows only, and none failed",
		"compute-sanitizer 只重跑失败的行，而没有行失败" },
	/* how the score is computed: {1} correctness points, {2} speed
	 * points, {3} the speed scale, {4} objectives points, {5} the
	 * reference */
	ROW(M_G_SCORE) = {
		"A student's score is the sum of three parts.  **Correctness**, "
		"{1} points, shared equally over their rows: a row earns its "
		"share when it verified without an impossible time (faster than "
		"its bytes at the GPU's theoretical peak with L2 evicted before "
		"every run), so one failed size leaves the others' points.  "
		"**Speed**, {2} points, on the rows that earned theirs: at each, "
		"their time over {5}'s at that type and size {6}, at least 1, "
		"and R the geometric mean of those; {3}.  "
		"**Objectives**, {4} points, shared equally over the objectives "
		"of their family that apply to their kernel, each judged on "
		"their largest verified row by the diagnosis's own rules, with "
		"its evidence on their page: a student without a verified row "
		"earns none of them, one to whom none applies all of them.",
		"学生的得分是三部分之和。**正确性**，{1} 分，平均分给其各行：一行"
		"通过验证且时间并非不可能（在每次运行前清空 L2 的情况下，快于按 "
		"GPU 理论峰值搬运其字节所需的时间），就得到它那一份，因此一个规模"
		"失败不影响其他规模的分数。**速度**，{2} 分，只看得到正确性分数的"
		"行：每一行上其时间与同类型同规模下{5}的时间之比{6}，"
		"至少为 1，R 为这些比值的几何平均；{3}。**目标**，{4} 分，平均分给"
		"其所属族中适用于其核函数的各项目标，每一项都在其最大规模的已验证"
		"行上按诊断本身的规则判断，依据列在其页面上：没有已验证行的学生不"
		"得这部分分数，没有任何目标适用的学生得全部分数。" },
	/* M_G_SCORE's {6}: what the two times hold */
	ROW(M_G_TIME_SAME) = { "(both the same kind of time)",
			       "（两者是同一种时间）" },
	ROW(M_G_TIME_BIAS) = {
		"(theirs the kernel alone, one launch whose per-block sums the "
		"host step adds; the reference's its whole reduction on the GPU, "
		"every launch: a bias in the students' favour, largest at the "
		"smallest size, where a launch weighs most)",
		"（学生的是核函数本身，即一次启动，其每块的部分和由主机端步骤相加；"
		"参考的是它在 GPU 上的整个归约，包括每一次启动：这一偏差对学生有利，"
		"在最小的规模上最大，因为那里一次启动的分量最重）" },
	ROW(M_G_TIME_FIRST_PASS) = {
		"(theirs the kernel alone, one launch whose per-block sums the "
		"host step adds; the reference's its first pass alone, one launch "
		"as theirs, all of a rung of one launch: not its every pass, "
		"which would favour the students)",
		"（学生的是核函数本身，即一次启动，其每块的部分和由主机端步骤相加；"
		"参考的是它的第一遍本身，与学生一样是一次启动，只有一次启动的级即"
		"其全部：而不是它的每一遍，那样会偏向学生）" },
	/* {1} bands[0] */
	ROW(M_G_BAND_FULL) = { "all the speed points for R up to {1}",
			       "R 不超过 {1} 得全部速度分" },
	/* {1} the share ("3/4"), {2} bands[k] */
	ROW(M_G_BAND) = { ", {1} of them up to {2}", "，不超过 {2} 得其 {1}" },
	ROW(M_G_BANDS_END) = { ", none beyond", "，超过则不得分" },
	ROW(M_G_GEOMEAN) = { "the speed points times 1 / R",
			     "速度分乘以 1 / R" },
	/* the continuous scale, after M_G_BAND_FULL: {1} the share
	 * ("2/3"), {2} bands[k] */
	ROW(M_G_CONT_AT) = { ", {1} of them at {2}", "，R 为 {2} 时得其 {1}" },
	/* {1} the last band */
	ROW(M_G_CONT_END) = {
		", none from {1} on, and between two of these in proportion "
		"to log R, so that no step lies inside the run-to-run noise",
		"，从 {1} 起不得分，其间按 log R 成比例变化，因此运行间的波动"
		"中没有台阶" },
	ROW(M_G_TIES) = {
		"Every score has a 95 % interval, from its speed part alone: "
		"with rounds, a bootstrap over the rounds (2,000 resamples with "
		"a fixed seed, so the same results give the same interval), each "
		"resample taking the ratio of the student's and the reference's "
		"medians over the same rounds; without rounds, the ends of the "
		"95 % intervals of both medians.  Each is then widened to at "
		"least the rungs' spread above, applied to R.  Students are "
		"ranked by score; going down the list, a student is tied with "
		"the first student of the current group when their intervals "
		"overlap, and otherwise starts the next group; two students "
		"whose sources are the same once comments and whitespace are "
		"set aside are always tied, with everyone ranked between them.  "
		"A tie is written \"3=\".",
		"每个得分都有 95 % 区间，只来自速度部分：分轮计时时，对各轮做 "
		"bootstrap（2,000 次重抽样，种子固定，同样的结果总给出同样的区间），"
		"每次重抽样取学生与参照在同样几轮上的中位数之比；没有分轮时，取两个"
		"中位数各自 95 % 区间的端点。然后把区间至少放宽到上面所说各级的离散"
		"（作用在 R 上）。学生按得分排名：从上往下，若一个学生的区间与当前"
		"一组第一名的区间重叠，就与其并列，否则开始下一组；去掉注释和空白后"
		"源代码相同的两个学生总是并列，排在他们之间的所有学生也一起并列。"
		"并列写作“3=”。" },
	ROW(M_G_LOST_RULE) = {
		"What a student lost points on: what compute-sanitizer found "
		"first at a line when culab reran a failed row under it; else "
		"the kind of their first failed row and where; else the first "
		"problem the diagnosis of their largest verified row "
		"finds, at the line its counters per source line name (the "
		"class's own `finish` is not counted: it is the teacher's "
		"contract); else how close to the reference they came.  "
		"gradebook.csv, canvas.csv and gradescope/NAME.json hold the "
		"same numbers (docs/class.md lists their columns and keys).",
		"学生的失分之处：culab 在 compute-sanitizer 下重跑失败的行时第一个"
		"指出行号的发现；否则是其第一个失败行的失败类型与位置；否则是对其"
		"最大规模已验证行的诊断所找到的第一个问题，行号是逐行计数器指出的"
		"那一行（班级规定的 `finish` 不算："
		"那是教师的约定）；否则是其与参照的差距。gradebook.csv、canvas.csv "
		"和 gradescope/NAME.json 中的数字与此相同（各列与各键见 "
		"docs/class.md）。" },
	/* {1} the family, {2} its objectives */
	ROW(M_G_OBJ_LIST) = { "The objectives of {1}: {2}.",
			      "{1} 的目标：{2}。" },
	/* a student's page */
	ROW(M_G_PAGE_HEAD) = { "## Grade", "## 成绩" },
	/* {1} score, {2} out of, {3} {4} its interval, {5} rank, {6}
	 * students, {7} the experiment, {8} M_G_PAGE_TIED or "" */
	ROW(M_G_PAGE_SCORE) = {
		"Score **{1}** of {2} (95 % interval {3}–{4}); rank {5} of {6} "
		"in {7}{8}.",
		"得分 **{1}**（满分 {2}，95 % 区间 {3}–{4}）；在 {7} 的 {6} 名学生中"
		"排第 {5}{8}。" },
	/* the same when the interval's ends read as the score: {1} score,
	 * {2} out of, {3} rank, {4} students, {5} the experiment, {6}
	 * M_G_PAGE_TIED or "" */
	ROW(M_G_PAGE_SCORE_EXACT) = {
		"Score **{1}** of {2}; rank {3} of {4} in {5}{6}.",
		"得分 **{1}**（满分 {2}）；在 {5} 的 {4} 名学生中排第 {3}{6}。" },
	/* {1} how many others: a student's page names no other student, so
	 * that the teacher can hand it out */
	ROW(M_G_PAGE_TIED) = { ", tied with {1} others",
			       "，与另外 {1} 名学生并列" },
	ROW(M_G_PAGE_TIED_ONE) = { ", tied with 1 other",
				   "，与另外 1 名学生并列" },
	/* {1} what, {2} "; line N" or "" */
	ROW(M_G_PAGE_LOST) = { "Lost points on: {1}{2}.", "失分之处：{1}{2}。" },
	ROW(M_G_COL_PART) = { "part", "部分" },
	ROW(M_G_COL_POINTS) = { "points", "得分" },
	ROW(M_G_COL_OF) = { "of", "满分" },
	ROW(M_G_COL_WHY) = { "why", "原因" },
	/* the reference, for M_G_SCORE's {5} */
	ROW(M_G_REF_RUNG) = { "the reference", "参照" },
	ROW(M_G_REF_CLASS) = { "the class's fastest verified student",
			       "全班最快的已验证学生" },
	ROW(M_G_PART_CORR) = { "correctness", "正确性" },
	ROW(M_G_PART_SPEED) = { "speed", "速度" },
	ROW(M_G_PART_OBJ) = { "objectives", "目标" },
	/* {1} rows earned, {2} rows */
	ROW(M_G_WHY_CORR) = { "{1} of {2} rows verified",
			      "{2} 行中 {1} 行通过验证" },
	/* {1} R, {2} the share in % */
	ROW(M_G_WHY_SPEED) = {
		"R = {1} (their time over the reference's, geometric mean over "
		"the verified rows): {2} % of the points",
		"R = {1}（其时间与参照时间之比，在已验证各行上的几何平均）：得 "
		"{2} % 的分数" },
	ROW(M_G_WHY_SPEED_NONE) = { "no verified row with a reference",
				    "没有带参照的已验证行" },
	/* {1} met, {2} judged */
	ROW(M_G_WHY_OBJ) = { "{1} of {2} met", "{2} 项中达成 {1} 项" },
	ROW(M_G_WHY_OBJ_NONE) = { "none applies", "没有适用的目标" },
	/* an objective's export for a student whose kernel failed a row:
	 * its verdict follows */
	ROW(M_G_OBJ_UNVERIFIED) = {
		"0 points: objectives earn points only for a kernel that "
		"verified at every row; the verdict was: ",
		"0 分：只有在每一行都通过验证的核函数，目标才计分；判定为：" },
	ROW(M_G_WHY_OBJ_NO_ROW) = { "no verified row",
				    "没有通过验证的行" },
	ROW(M_G_COL_OBJECTIVE) = { "objective", "目标" },
	ROW(M_G_COL_VERDICT) = { "verdict and evidence", "结论与依据" },
	/* {1} type and size, {2} where */
	ROW(M_G_PAGE_PLACE) = { "- {1}: {2}.", "- {1}：{2}。" },
	/* after a place "between rung A and rung B": a rung of the ladder
	 * between them that is not named, {1} it, {2} the ratio, {3} the
	 * rung it measured faster (or slower) than */
	ROW(M_G_SKIP_FASTER) = {
		"; {1}, left out, measured {2} faster than {3} here",
		"；{1}未列出：在此处测得比{3}还快 {2}" },
	ROW(M_G_SKIP_SLOWER) = {
		"; {1}, left out, measured {2} slower than {3} here",
		"；{1}未列出：在此处测得比{3}还慢 {2}" },
	/* the same within noise: {1} the rung left out, {2} the rung named,
	 * {3} the bound (SPEEDUP_SAME_PCT) */
	/* a row within noise of one rung or more ({1}: "rung 4", "rung 5
	 * and rung 6"): the body's bound of a step, no order between them */
	ROW(M_G_LEVEL) = { "level with {1} (within noise)",
			   "与{1}持平（在噪声范围内）" },
	ROW(M_G_AND) = { " and ", "和" },
	ROW(M_G_COMMA) = { ", ", "、" },
	ROW(M_G_SKIP_SAME) = {
		"; {1}, left out, took the time of {2} here, within {3}: noise",
		"；{1}未列出：在此处与{2}用时相同，相差不到 {3}，属于噪声" },
	/* a copy on the student's page, which names no other student */
	ROW(M_G_PAGE_COPY) = {
		"Their source is flagged as the same as another submission's "
		"once comments and whitespace are set aside; your teacher has "
		"the details.  The two are tied whatever the times; a flag "
		"changes no score.",
		"去掉注释和空白后，其源代码被标记为与另一份提交相同；详情由教师"
		"掌握。无论时间如何，两份提交并列；标记不改变得分。" },
	/* a near copy in the class table: {1} the earlier student, {2} the
	 * similarity in % */
	ROW(M_G_SIMILAR) = { "**{2} % similar to {1}'s**",
			     "**与 {1} 的相似度 {2}%**" },
	/* a near copy on the student's page, which names no other student:
	 * {1} the similarity in % */
	ROW(M_G_PAGE_SIMILAR) = {
		"Their source is flagged as similar to another submission's "
		"({1} % in what they wrote beyond the textbook, once names, "
		"layout, the order of independent statements and dead code are "
		"set aside); your teacher has the details.  A flag changes no "
		"score.",
		"其源代码被标记为与另一份提交相似（去掉名称、排版、无关语句的顺序"
		"和死代码后，教科书以外自己写的部分相似度为 {1}%）；详情由教师掌握。"
		"标记不改变得分。" },
	/* the roster's students without a submission: {1} how many, {2}
	 * who (name (id), ...) */
	ROW(M_G_MISSING) = {
		"**Handed nothing in** ({1} on the roster): {2}.",
		"**未提交**（名单上 {1} 人）：{2}。" },
	/* a student's page, before the report's own section of their
	 * kernel */
	ROW(M_G_PAGE_REGION) = {
		"The grade and the places above are by the kernel's own time, "
		"the time the score uses; they are this page's only places on "
		"the ladder.  Below, the times of the table and of the row in "
		"full (with their GB/s and shares of the ceiling) are the whole "
		"timed region, the class's host step included: not graded, and "
		"not placed among the rungs.",
		"上面的成绩和位置按核函数本身的时间计算，也就是得分所用的时间；"
		"本页只在这里给出在阶梯上的位置。下面表格和完整一行中的时间（以及"
		"相应的 GB/s 和占上限的比例）是整个计时区间的时间，包含班级的主机端"
		"步骤：不计入评分，也不拿来与各级比较位置。" },
	/* similar.L.md's title and links: {1} the GPU, {2} when, {3} the
	 * language code */
	ROW(M_G_SIMILAR_HEAD) = {
		"# Similar submissions\n\nFor the teacher: the students' "
		"sources that are alike, with their matching lines side by side "
		"(a page to keep from the students, since it shows one student's "
		"code beside another's).  {1} · {2} · [the class page](class.{3}.md)",
		"# 相似的提交\n\n供教师阅读：相似的学生源代码及并排的相互匹配的行"
		"（此页给出一个学生的代码与另一个学生的代码并列，不宜发给学生）。"
		"{1} · {2} · [全班页面](class.{3}.md)" },
	/* the body's "Your kernels" for a class: {1} students, {2} the
	 * language code */
	ROW(M_G_BODY_CLASS) = {
		"This run holds a class of {1} students: they are graded on "
		"[the class page](class.{2}.md), and each student's kernel, "
		"with its diagnosis, lines and source, is on a page of their "
		"own (students/NAME/report.{2}.md), rather than here.",
		"这次运行包含一个班级的 {1} 名学生：他们的成绩在[全班页面]"
		"(class.{2}.md)上，每个学生的核函数及其诊断、逐行数据和源代码在"
		"各自的页面上（students/NAME/report.{2}.md），不在这里重复。" },
	ROW(M_G_CHART_EVERY) = {
		"The class against the ladder at each type and size: each "
		"student's bandwidth, by the time they are graded by, beside "
		"the built-in rungs' (longer is faster); a student whose row "
		"did not verify has no bar.",
		"各类型与规模下全班与阶梯的对比：每个学生按其评分所用时间计算的"
		"带宽与内置各级并列（越长越快）；结果未通过验证的学生没有条形。" },
	/* {1} the size, {2} ms (a range), {3} % of the timed region */
	ROW(M_G_HOST_AT) = {
		"{2} ms at {1}, {3} % of the timed region",
		"{1} 时为 {2} ms，占计时区间的 {3} %" },
	/* a student's page: the host step of the class's `finish: host`,
	 * as a list item of the diagnosis, then M_G_HOST_HERE(_EST) */
	ROW(M_G_HOST_CONTRACT) = {
		"  - **Host step**: the class's `finish: host` has the host add "
		"the per-block partial sums; it is the teacher's contract, the "
		"same code for everyone, not yours to change and not graded.",
		"  - **主机端求和步骤**：班级规定的 `finish: host` 让主机把各块的"
		"部分和相加；这是教师定下的约定，每个人的代码都一样，不由你修改，"
		"也不计入评分。" },
	/* {1} ms, {2} % of the timed region, {3} the timed region (ms),
	 * {4} the kernel alone (ms) */
	ROW(M_G_HOST_HERE) = {
		" Here it took {1} ms, {2} % of the timed region ({3} ms), "
		"measured: the kernel alone took {4} ms in the same runs.",
		"在这里它耗时 {1} ms，占计时区间（{3} ms）的 {2} %，这是实测值："
		"在同样这些运行中，核函数本身用了 {4} ms。" },
	/* {1} ms, {2} %, {3} the rung, {4} its problems, {5} its ms */
	ROW(M_G_HOST_HERE_EST) = {
		" Here it costs about {1} ms, {2} % of the timed region, an "
		"estimate (these results kept no time of the kernel alone): {3} "
		"shows the same {4} and finishes on the device in {5} ms.",
		"在这里它大约耗时 {1} ms，占计时区间的 {2} %，这是估计值（这些"
		"结果没有保存核函数单独的时间）：{3}表现出同样的{4}，而在设备上"
		"完成求和，只用 {5} ms。" },
	/* the fix rung beside a student's kernel, by the time graded: {1}
	 * the rung, {2} its ms, {3} its speed over the student's */
	ROW(M_G_FIX_AT) = {
		" Here {1} runs in {2} ms, {3} the speed of yours, by the time "
		"graded.",
		"{1}在这里用时 {2} ms，按评分所用的时间计算，速度是你的核函数的 "
		"{3}。" },
	/* the no-sanitizer-finding objective of a student whose failed
	 * rows compute-sanitizer did not rerun, and why (jobs/sanitizer_reruns.c's
	 * sanitize_wants) */
	ROW(M_G_EV_SAN_HUNG) = {
		"the kernel never finished, so compute-sanitizer "
		"did not rerun it",
		"核函数没有结束，因此 compute-sanitizer 没有重跑它" },
	ROW(M_G_EV_SAN_INPUT) = {
		"its answer was wrong only with another input "
		"after the timed runs, which a rerun at one input does not "
		"show, so compute-sanitizer did not rerun it",
		"它的答案只在计时运行之后换用另一组输入时才出错，用一组"
		"输入重跑看不出来，因此 compute-sanitizer 没有重跑它" },
	ROW(M_G_EV_SAN_NOT_RERUN) = {
		"these results keep no compute-sanitizer rerun of "
		"its failed rows",
		"这些结果中没有 compute-sanitizer 重跑其失败行的记录" },
	/* after the bank objective's line: the units of its counter and of
	 * the line's n-way conflict ({1} the line's n) */
	ROW(M_G_EV_BANK_UNIT) = {
		" (the counter: conflicts per shared load instruction over the "
		"whole kernel, loads only; the line's {1}-way: its wavefronts, "
		"loads and stores, over those of a conflict-free access)",
		"（该计数器：整个核函数中每条共享内存读指令的冲突数，只计读取；"
		"该行的 {1} 路：该行读写的 wavefront 数与无冲突访问所需之比）" },
	/* the class page's reference (report_reference.c), after M_G_SCORE:
	 * {1} elements per thread (M_G_LOADS_*), {2} the class's grid
	 * expression, {3} its block, {4} the reference rungs ("rung 5"),
	 * {5} M_G_REF_MORE or M_G_REF_OTHER, or "" */
	ROW(M_G_REF_LAUNCH) = {
		"The reference is the fastest built-in rung a kernel can match "
		"under this class's launch, {1} per thread (`{2}` blocks of "
		"{3}): {4}{5}, and CUB and Thrust are libraries: neither is the "
		"reference.",
		"参照是在本班级的启动方式下核函数能够达到的最快内置级，即每个线程"
		"{1}（`{2}` 个线程块，每块 {3} 个线程）：{4}{5}，而 CUB 与 Thrust "
		"是库：都不是参照。" },
	/* {1} the rungs faster than the reference that load otherwise */
	ROW(M_G_REF_MORE) = { "; {1} load two or more elements per thread",
			      "；{1}每个线程加载两个或更多元素" },
	ROW(M_G_REF_OTHER) = {
		"; {1} load another number of elements per thread",
		"；{1}每个线程加载的元素个数与此不同" },
	/* {1} the reference rungs, {2} M_G_REF_WHY_* */
	ROW(M_G_REF_FASTEST) = {
		"The reference is the fastest verified built-in rung, {1} "
		"({2}); CUB and Thrust are libraries, not rungs: neither is the "
		"reference.",
		"参照是最快的已验证内置级，即{1}（{2}）；CUB 与 Thrust 是库而不是"
		"级：都不是参照。" },
	ROW(M_G_REF_WHY_NONE) = {
		"no verified rung loads as many elements per thread as the "
		"class's launch gives at every size",
		"没有哪个已验证的级在每个规模上每个线程都加载与班级的启动方式"
		"同样多的元素" },
	ROW(M_G_REF_WHY_UNRECORDED) = {
		"these results were recorded before culab kept with them how "
		"many elements the class's launch gives a thread, so it may "
		"load more per thread than a student's kernel can",
		"这些结果是在 culab 开始随结果保存班级启动方式给每个线程多少个"
		"元素之前记录的，因此它每个线程加载的元素可能多于学生的核函数所"
		"能加载的" },
	ROW(M_G_REF_NONE) = { "none verified", "没有通过验证的级" },
	/* {1} the first, {2} the last step; {1} steps, comma-separated */
	ROW(M_G_RUNGS_TO) = { "rungs {1} to {2}", "第 {1} 至 {2} 级" },
	ROW(M_G_RUNGS) = { "rungs {1}", "第 {1} 级" },
	/* elements a thread loads in a first pass; {1} how many */
	ROW(M_G_LOADS_ONE) = { "one element", "一个元素" },
	ROW(M_G_LOADS_N) = { "{1} elements", " {1} 个元素" },
	/* after the reference rungs when they differ: {1} the rungs */
	ROW(M_G_REF_EACH) = { "{1}, by type and size", "{1}（依类型与规模而定）" },
	ROW(M_G_LOADS_ANY) = { "many elements", "多个元素" },
	/* what a student lost points on against a fastest-rung reference,
	 * with no cause diagnosed: {1} their R ("1.49×"), {2} the
	 * reference ("rung 12"), {3} its loads (M_G_LOADS_*), {4} the
	 * steps of the rungs faster than them beyond 2 % (M_G_GAP_STEP,
	 * "; "), {5} the row ("float, n = 2^24": the reference may differ
	 * by type and size) */
	ROW(M_G_GAP) = {
		"{1} the reference's time: at {5} the reference, {2}, loads {3} "
		"in its first pass; the rungs faster than theirs there take "
		"these steps: {4}",
		"用时为参照的 {1}：在 {5} 时参照（{2}）在第一遍中{3}；在那里比其"
		"更快的各级所做的是：{4}" },
	/* M_G_GAP's {3}: {1} M_G_LOADS_ONE or _N; the same for a launcher
	 * that sizes its grid */
	ROW(M_G_GAP_LOADS) = { "{1} per thread", "每个线程加载{1}" },
	ROW(M_G_GAP_LOADS_ANY) = {
		"many elements per thread (its launcher sizes the grid, so a "
		"thread loads as many as the grid leaves it)",
		"每个线程加载多个元素（其启动代码自行确定网格大小，每个线程加载"
		"网格分给它的全部元素）" },
	/* {1} the rung, {2} its title, {3} its loads */
	ROW(M_G_GAP_STEP) = { "{1}, {2} ({3} per thread)",
			      "{1}，{2}（每个线程{3}）" },
	/* M_G_TIMES_ROUNDS's {2}: each round's timed runs */
	ROW(M_G_TIMED_ONCE) = { "timed once", "计时一次" },
	ROW(M_G_TIMED_N) = {
		"run once to warm up and then timed {1} times (the round's "
		"time is their median)",
		"先预热运行一次，再计时 {1} 次（本轮的时间取其中位数）" },
#undef ROW
};
