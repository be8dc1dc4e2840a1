/* report_msg_sanitizer.c - the sentences that say what compute-sanitizer
 * found when a failed kernel of the user's was rerun under it
 * (results/sanitizer_record.h's struct sanitizer_record; report_sanitizer.c
 * builds them): the rows from M__SAN on, in English and Chinese, with
 * {1}..{9} for arguments.  See report_msg.c and report_int.h. */
#include "report_int.h"

const char *const msgs_sanitizer[M__LINES - M__SAN][NLANG] = {
#define ROW(id) [(id) - M__SAN]
	/* the rerun: {1} its size, {2} each tool's count */
	ROW(M_S_FOUND) = { "compute-sanitizer, this kernel alone at {1} ({2}):",
			   "compute-sanitizer（在 {1} 单独重跑此核函数；{2}）：" },
	ROW(M_S_TOOL_COUNT) = { "{1}: {2}", "{1}：{2}" },
	ROW(M_S_ERRORS) = { "{1} errors", "{1} 个错误" },
	ROW(M_S_ERROR1) = { "1 error", "1 个错误" },
	ROW(M_S_HAZARDS) = { "{1} hazards", "{1} 处冒险" },
	ROW(M_S_HAZARD1) = { "1 hazard", "1 处冒险" },
	/* racecheck's count: {1} its reports (its summary's "N hazards
	 * displayed"), {2} the hazards they cover (each report's "[N
	 * hazards]", summed: M_S_HAZARDS) */
	ROW(M_S_RACE_REPORTS) = { "{1} race reports covering {2}",
				  "{1} 份竞争报告，共 {2}" },
	ROW(M_S_RACE_REPORT1) = { "1 race report covering {1}",
				  "1 份竞争报告，共 {1}" },
	/* fewer reports kept than it counted (--print-limit): {1} the
	 * reports, {2} those kept, {3} the hazards the kept ones cover */
	ROW(M_S_RACE_KEPT) = { "{1} race reports; the {2} kept cover {3}",
			       "{1} 份竞争报告；保留的 {2} 份共 {3}" },
	ROW(M_S_NOTHING) = { "nothing", "无" },
	/* nothing found: {1} the tools, {2} the size */
	ROW(M_S_CLEAN_WRONG) = {
		"compute-sanitizer ({1}; this kernel alone at {2}, where its "
		"answer was wrong again) found no memory error, shared-memory "
		"race or barrier problem: an arithmetic bug, not a memory one.",
		"compute-sanitizer（{1}；在 {2} 单独重跑此核函数，答案依然错误）"
		"没有发现内存错误、共享内存竞争或屏障问题：这是算术错误，不是"
		"内存错误。" },
	ROW(M_S_CLEAN_RIGHT) = {
		"compute-sanitizer ({1}; this kernel alone at {2}) found no "
		"memory error, shared-memory race or barrier problem, and under "
		"it the answer was right: the failure comes and goes with timing "
		"or with the size, not with an error it can see.",
		"compute-sanitizer（{1}；在 {2} 单独重跑此核函数）没有发现内存"
		"错误、共享内存竞争或屏障问题，而且在它之下答案是对的：这个失败"
		"随时序或规模时有时无，不是它能看到的错误。" },
	ROW(M_S_CLEAN) = {
		"compute-sanitizer ({1}; this kernel alone at {2}) found no "
		"memory error, shared-memory race or barrier problem.",
		"compute-sanitizer（{1}；在 {2} 单独重跑此核函数）没有发现内存"
		"错误、共享内存竞争或屏障问题。" },
	/* {1} the command */
	ROW(M_S_NOT_INSTALLED) = {
		"compute-sanitizer is not installed here; this command reruns "
		"the kernel alone under it and names the line: {1}",
		"这里没有安装 compute-sanitizer；下面的命令会在它之下单独重跑"
		"此核函数并指出出错的行：{1}" },
	/* {1} the tool, {2} seconds, {3} the size */
	ROW(M_S_TIMED_OUT) = {
		"compute-sanitizer's {1} did not finish within {2} s at {3}.",
		"compute-sanitizer 的 {1} 在 {3} 没有在 {2} 秒内完成。" },
	/* {1} the tool, {2} the size, {3} why, as it was said */
	ROW(M_S_FAILED) = {
		"compute-sanitizer's {1} could not rerun this kernel at {2}: {3}",
		"compute-sanitizer 的 {1} 未能在 {2} 重跑此核函数：{3}" },
	ROW(M_S_RERUN) = { "To rerun it by hand: {1}", "手动重跑：{1}" },
	/* where: {1} the line, {2} " `its text`" or ""; {1} a function */
	ROW(M_S_AT_LINE) = { "line {1}{2}", "第 {1} 行{2}" },
	ROW(M_S_AT_FUNC) = { "in {1}", "在 {1} 中" },
	/* who: {1} threads, {2} blocks (ranges) */
	ROW(M_S_BY_TT) = { " by threads {1} of blocks {2}",
			   "线程块 {2} 中的线程 {1} " },
	ROW(M_S_BY_T1) = { " by threads {1} of block {2}",
			   "线程块 {2} 中的线程 {1} " },
	ROW(M_S_BY_1B) = { " by thread {1} of blocks {2}",
			   "线程块 {2} 中的线程 {1} " },
	ROW(M_S_BY_11) = { " by thread {1} of block {2}",
			   "线程块 {2} 中的线程 {1} " },
	ROW(M_S_READ) = { "read", "读" },
	ROW(M_S_WRITE) = { "write", "写" },
	ROW(M_S_ATOMIC) = { "atomic access", "原子访问" },
	/* an invalid access: {1} where, {2} the memory space, {3} read or
	 * write, {4} M_S_BYTES or "", {5} who, {6} M_S_NEAR_* or "", {7} the
	 * count */
	ROW(M_S_OOB) = { "{1}: an out-of-bounds {2} {3}{4}{5}{6} ({7}).",
			 "{1}：{5}越界{3} {2} 内存{4}{6}（{7}）。" },
	/* the class page's main problem of a failed kernel: {1} space, {2}
	 * read or write */
	ROW(M_S_SHORT_OOB) = { "an out-of-bounds {1} {2} (compute-sanitizer)",
			       "越界{2} {1} 内存（compute-sanitizer）" },
	ROW(M_S_SHORT_RACE) = { "a {1} race (compute-sanitizer)",
				"{1} 内存竞争（compute-sanitizer）" },
	ROW(M_S_SHORT_BARRIER) = { "a barrier not every thread reaches "
				   "(compute-sanitizer)",
				   "并非所有线程都会到达的屏障（compute-sanitizer）" },
	ROW(M_S_SHORT_OTHER) = { "{1} (compute-sanitizer)",
				 "{1}（compute-sanitizer）" },
	ROW(M_S_MISALIGNED) = { "{1}: a misaligned {2} {3}{4}{5}{6} ({7}).",
				"{1}：{5}未对齐地{3} {2} 内存{4}{6}（{7}）。" },
	ROW(M_S_NEAR_AFTER) = { ", {1} bytes after the end of a {2}-byte allocation",
				"，位于一块 {2} 字节的分配末尾之后 {1} 字节处" },
	ROW(M_S_NEAR_BEFORE) = {
		", {1} bytes before the start of a {2}-byte allocation",
		"，位于一块 {2} 字节的分配开头之前 {1} 字节处" },
	/* a race: {1} the reading (or first writing) line, {2} the memory
	 * space, {3} the other line, {4} the hazards */
	ROW(M_S_RACE_RAW) = {
		"{1} reads {2} memory that {3} writes, with no barrier between "
		"them ({4}).",
		"{1} 读取的 {2} 内存由{3} 写入，两者之间没有屏障（{4}）。" },
	ROW(M_S_RACE_WAR) = {
		"{1} writes {2} memory that {3} reads, with no barrier between "
		"them ({4}).",
		"{1} 写入的 {2} 内存也被{3} 读取，两者之间没有屏障（{4}）。" },
	ROW(M_S_RACE_WAW) = {
		"{1} and {3} write the same {2} memory with no barrier between "
		"them ({4}).",
		"{1} 和 {3} 写同一块 {2} 内存，两者之间没有屏障（{4}）。" },
	/* a barrier: {1} where, {2} warp or block, {3} who, {4} the count */
	ROW(M_S_BARRIER) = {
		"{1}: a barrier that not every thread of the {2} reaches{3} ({4}).",
		"{1}：{3}到达的屏障并非该{2}的所有线程都会到达（{4}）。" },
	ROW(M_S_WARP) = { "warp", "线程束" },
	ROW(M_S_BLOCK) = { "block", "线程块" },
	/* anything else: {1} where, {2} the tool, {3} its words, {4} who,
	 * {5} the count */
	ROW(M_S_OTHER) = { "{1}: {2} reports “{3}”{4} ({5}).",
			   "{1}：{4}触发了 {2} 的报告“{3}”（{5}）。" },
	ROW(M_S_MORE) = { "{1} more findings are in results.json.",
			  "另有 {1} 项发现，见 results.json。" },
	ROW(M_S_BYTES) = { " of {1} bytes", " {1} 字节" },
	ROW(M_S_SAME_LINE) = { "the same line in other threads",
			       "其他线程中的同一行" },
	ROW(M_S_TOOL_PRINTED) = { "{1}: {2}, the first {3} shown",
				  "{1}：{2}，只显示前 {3} 个" },
	/* a write past the output that culab's guard saw: {1} the tools,
	 * {2} the size */
	ROW(M_S_CLEAN_GUARD) = {
		"compute-sanitizer ({1}; this kernel alone at {2}) found no "
		"memory error: the bytes it writes past its output lie in the "
		"guard culab allocates after it, where memcheck does not look; "
		"culab's check saw them.",
		"compute-sanitizer（{1}；在 {2} 单独重跑此核函数）没有发现内存"
		"错误：它写到输出之后的字节落在 culab 在输出后面额外分配的保护区"
		"内，memcheck 不检查那里；是 culab 的检查发现了它们。" },
	/* a table cell: {1} the tool's count, {2} its first finding's line */
	ROW(M_S_CELL_LINE) = { "{1}, line {2}", "{1}，第 {2} 行" },
	ROW(M_S_CELL_LINES) = { "{1}, lines {2}–{3}", "{1}，第 {2}–{3} 行" },
	ROW(M_S_CELL_NONE) = { "not installed", "未安装" },
	ROW(M_S_CELL_TIMED_OUT) = { "{1}: timed out", "{1}：超时" },
	ROW(M_S_CELL_FAILED) = { "{1}: could not run", "{1}：未能运行" },
#undef ROW
};
