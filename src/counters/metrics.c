/* metrics.c - the counter alias table, name validation (the collection
 * plans made of it and their derivations: counter_plan.c).
 *
 * Each alias names the raw metrics it needs and a derive() that turns their
 * values into columns.  Aliases ask for plain ".sum" counters and compute
 * ratios here, because CUPTI's own ratio metrics cost extra passes and
 * cannot be aggregated over several launches.  The choice of raw metrics
 * keeps the default set at two replay passes on GH100 (checked offline by
 * tests/unit/test_metrics.c): one hardware-counter pass, and one pass in
 * which CUPTI instruments the kernel's SASS ("smsp__sass_*" metrics; all of
 * them share that pass).  The L1TEX sector, request and wavefront hardware
 * counters would each need a pass of their own, so coalescing and shared
 * wavefronts come from their SASS equivalents, which CUPTI computes from
 * every instruction's addresses.  (Names and pass counts: research/cupti.md
 * section 2.4 and 3.)
 *
 * Other chips: the names are evaluated offline for any chip CUPTI's host
 * API knows (metrics_resolve).  Where a chip names a counter differently
 * (DRAM bytes on GB20x) the alias collects the chip's name; where it has
 * no such counter at all (DRAM on the integrated GA10B, GB10B, GB20B), the
 * alias is left out of the plan and its columns say why
 * (counter_plan_restrict), so the run goes on without it.  The listings
 * are metrics_print.c's. */
#include "counters.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"

/* ---- derivations ---------------------------------------------------- */

/* num / den, or NAN when either is unknown or den is 0 (not applicable). */
static double ratio(double num, double den)
{
	if (isnan(num) || isnan(den) || den == 0.0)
		return NAN;
	return num / den;
}

enum {
	BK_CONF_LD, BK_CONF_ST, BK_INST_LD, BK_INST_ST, BK_WAVE_LD, BK_WAVE_ST
};

static void derive_bank_conflicts(const double *r, const struct metric_context *ctx,
				  double *c)
{
	(void)ctx;
	c[0] = r[BK_CONF_LD];
	c[1] = r[BK_CONF_ST];
	c[2] = ratio(r[BK_CONF_LD], r[BK_INST_LD]);
	c[3] = ratio(r[BK_CONF_ST], r[BK_INST_ST]);
	c[4] = ratio(r[BK_WAVE_LD], r[BK_INST_LD]);
	c[5] = ratio(r[BK_WAVE_ST], r[BK_INST_ST]);
}

enum { GM_BYTES, GM_SECTORS, GM_REQUESTS };

/* Efficiency: bytes the threads asked for / bytes moved in 32 B sectors. */
static void derive_global(const double *r, const struct metric_context *ctx,
			  double *c)
{
	(void)ctx;
	c[0] = 100.0 * ratio(r[GM_BYTES], 32.0 * r[GM_SECTORS]);
	c[1] = ratio(r[GM_SECTORS], r[GM_REQUESTS]);
}

enum {
	DV_TARGETS, DV_UNIFORM, DV_DIVERGENT, DV_THREAD_INST, DV_INST,
	DV_THREAD_INST_PRED, DV_SH_BYTES_LD, DV_SH_BYTES_ST, DV_SH_INST_LD,
	DV_SH_INST_ST
};

static void derive_divergence(const double *r, const struct metric_context *ctx,
			      double *c)
{
	(void)ctx;
	/* No branch at all (0/0): not applicable, not 0 % or 100 %. */
	c[0] = 100.0 * ratio(r[DV_UNIFORM], r[DV_TARGETS]);
	c[1] = r[DV_DIVERGENT];
	c[2] = ratio(r[DV_THREAD_INST], r[DV_INST]);
	c[3] = ratio(r[DV_THREAD_INST_PRED], r[DV_INST]);
	c[4] = r[DV_INST];
	/* No shared-memory access at all: not applicable. */
	c[5] = ratio(r[DV_SH_BYTES_LD] + r[DV_SH_BYTES_ST],
		     r[DV_SH_INST_LD] + r[DV_SH_INST_ST]);
}

enum { DR_READ, DR_WRITE, DR_TIME };

static void derive_dram(const double *r, const struct metric_context *ctx,
			double *c)
{
	/* bytes / ns = GB/s (1e9 bytes per second) */
	double gbps = ratio(r[DR_READ] + r[DR_WRITE], r[DR_TIME]);

	c[0] = r[DR_READ];
	c[1] = r[DR_WRITE];
	c[2] = gbps;
	c[3] = ctx && ctx->peak_gbps > 0 ? 100.0 * gbps / ctx->peak_gbps : NAN;
}

static void derive_occupancy(const double *r, const struct metric_context *ctx,
			     double *c)
{
	c[0] = r[0];
	c[1] = ctx ? ctx->theoretical_occupancy_pct : NAN;
}

enum { DU_TIME, DU_CLOCK };

static void derive_duration(const double *r, const struct metric_context *ctx,
			    double *c)
{
	(void)ctx;
	c[0] = r[DU_TIME] / 1e3;   /* ns -> us */
	c[1] = r[DU_CLOCK] / 1e6;  /* Hz -> MHz */
}

/* ---- the table -------------------------------------------------------- */

static const struct metric_alias aliases[] = {
{
	.name = "bank_conflicts",
	.summary_en = "shared-memory bank conflicts: extra wavefronts a shared "
		"load/store needs because threads of a warp hit the same bank",
	.summary_zh = "共享内存 bank 冲突：同一线程束的线程访问同一 bank 的不同"
		"地址，使一次共享内存读写被拆成多个 wavefront",
	.explain_en =
		"Shared memory is divided into 32 banks, each 4 bytes wide. A "
		"warp's shared load or store is served in one wavefront when its "
		"32 threads touch 32 different banks (or the same word). When "
		"several threads hit different addresses in the same bank, the "
		"hardware splits the access: an n-way conflict costs n wavefronts "
		"instead of one. bank_conflicts_shared_ld/st are the hardware's "
		"counts of those extra wavefronts. They are not zero even for "
		"conflict-free code (measured on H200: a few percent of the "
		"wavefronts), so judge by bank_conflicts_per_shared_ld/st, the "
		"conflicts per shared warp instruction: close to 0 is "
		"conflict-free, 31 is a 32-way conflict (reading a column of a "
		"float tile[32][32]). shared_ld/st_wavefronts_per_instr comes from "
		"CUPTI's instrumented (SASS) pass, which computes from each "
		"instruction's actual addresses how many wavefronts it needs: 1 is "
		"ideal for 4-byte accesses (2 for 8-byte, 4 for 16-byte), 32 means "
		"fully serialized. Padding the tile to [32][33], or addressing "
		"shared memory sequentially, removes the conflicts.",
	.explain_zh =
		"共享内存分为 32 个 bank，每个 bank 宽 4 字节。当一个线程束的 32 "
		"个线程访问 32 个不同的 bank（或同一个字）时，一次共享内存读写只需"
		"一个 wavefront。若多个线程访问同一 bank 的不同地址，硬件会把这次"
		"访问拆开：n 路冲突需要 n 个 wavefront 而不是一个。"
		"bank_conflicts_shared_ld/st 是硬件计数器统计的这些额外 wavefront "
		"的数量。即使没有冲突的代码它也不为零（在 H200 上实测约为 wavefront "
		"数的百分之几），因此请看 bank_conflicts_per_shared_ld/st，即每条"
		"共享内存线程束指令的冲突数：接近 0 表示无冲突，31 表示 32 路冲突"
		"（按列读取 32 × 32 的 float 分块）。shared_ld/st_wavefronts_per_instr "
		"来自 CUPTI 的插桩（SASS）pass，它根据每条指令的实际地址计算所需的 "
		"wavefront 数：4 字节访问的理想值是 1（8 字节为 2，16 字节为 4），"
		"32 表示完全串行。把分块填充为 [32][33]，或让线程顺序访问共享内存，"
		"即可消除冲突。",
	.raw = {
		"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
		"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
		"smsp__sass_inst_executed_op_shared_ld.sum",
		"smsp__sass_inst_executed_op_shared_st.sum",
		"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
		"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
	},
	.cols = {
		{ "bank_conflicts_shared_ld", "conflicts", -1,
		  "shared-load bank conflicts (hardware count)",
		  "共享内存读的 bank 冲突次数（硬件计数）",
		  READ_NEVER, NULL, 40, 0,
		  "a raw count that grows with n: read the per-instruction "
		  "column",
		  "随 n 增长的原始计数：请看每条指令的冲突数" },
		{ "bank_conflicts_shared_st", "conflicts", -1,
		  "shared-store bank conflicts (hardware count)",
		  "共享内存写的 bank 冲突次数（硬件计数）",
		  READ_NEVER, NULL, 40, 0,
		  "a raw count that grows with n: read the per-instruction "
		  "column",
		  "随 n 增长的原始计数：请看每条指令的冲突数" },
		{ "bank_conflicts_per_shared_ld", "conflicts/instr", -1,
		  "bank conflicts per shared-load warp instruction (0 = none, 31 = 32-way)",
		  "每条共享内存读线程束指令的 bank 冲突数（0 无冲突，31 为 32 路冲突）",
		  READ_DIRECTION, NULL, 40, 0.1,
		  "extra passes per shared load; below 0.1 the layout is "
		  "conflict-free and a change is the counter's own noise",
		  "每条共享内存读多出的访问轮次；低于 0.1 即无冲突，此时的变"
		  "化只是计数器本身的噪声" },
		{ "bank_conflicts_per_shared_st", "conflicts/instr", -1,
		  "bank conflicts per shared-store warp instruction (0 = none, 31 = 32-way)",
		  "每条共享内存写线程束指令的 bank 冲突数（0 无冲突，31 为 32 路冲突）",
		  READ_DIRECTION, NULL, 40, 0.1,
		  "extra passes per shared store; below 0.1 the layout is "
		  "conflict-free and a change is the counter's own noise",
		  "每条共享内存写多出的访问轮次；低于 0.1 即无冲突，此时的变"
		  "化只是计数器本身的噪声" },
		{ "shared_ld_wavefronts_per_instr", "wavefronts/instr", -1,
		  "shared-load wavefronts per instruction, from the addresses (4-byte ideal: 1)",
		  "按地址计算的每条共享内存读指令的 wavefront 数（4 字节理想值为 1）",
		  READ_DIRECTION, NULL, 1, 0.05,
		  "passes per shared load: 1 is ideal for 4-byte words, 2 "
		  "for 8-byte, 4 for 16-byte, so compare at the same access "
		  "width",
		  "每条共享内存读的访问轮次：4 字节理想为 1，8 字节为 2，16 "
		  "字节为 4，应在相同访问宽度下比较" },
		{ "shared_st_wavefronts_per_instr", "wavefronts/instr", -1,
		  "shared-store wavefronts per instruction, from the addresses (4-byte ideal: 1)",
		  "按地址计算的每条共享内存写指令的 wavefront 数（4 字节理想值为 1）",
		  READ_DIRECTION, NULL, 1, 0.05,
		  "passes per shared store: 1 is ideal for 4-byte words, 2 "
		  "for 8-byte, 4 for 16-byte, so compare at the same access "
		  "width",
		  "每条共享内存写的访问轮次：4 字节理想为 1，8 字节为 2，16 "
		  "字节为 4，应在相同访问宽度下比较" },
	},
	.derive = derive_bank_conflicts,
},
{
	.name = "gld_efficiency",
	.summary_en = "global load coalescing: bytes the threads asked for / "
		"bytes moved in 32-byte sectors, and sectors per load instruction",
	.summary_zh = "全局内存读合并：线程请求的字节数 / 以 32 字节扇区"
		"搬运的字节数，以及每条 load 指令的扇区数",
	.explain_en =
		"Global memory moves between L2/DRAM and the SMs in 32-byte "
		"sectors. When the 32 threads of a warp load 32 consecutive 4-byte "
		"words, the load needs 4 sectors (128 bytes) and every byte moved "
		"is used: gld_efficiency_pct = 100 and gld_sectors_per_request = 4. "
		"When the addresses are scattered (strided or column-wise access), "
		"each thread may need a sector of its own: 32 sectors per request "
		"and 12.5 % efficiency for 4-byte words, i.e. eight times the "
		"traffic for the same data. Both values come from CUPTI's "
		"instrumented (SASS) pass, which sees every load instruction's "
		"addresses; a request is one warp-level load instruction. 8-byte "
		"(double) loads need 8 sectors per request at best, so compare "
		"sectors per request between variants of the same type.",
	.explain_zh =
		"全局内存在 L2/DRAM 与 SM 之间以 32 字节的扇区为单位传输。一个"
		"线程束的 32 个线程读取 32 个连续的 4 字节字时，只需 4 个扇区"
		"（128 字节），搬运的每个字节都被用到：gld_efficiency_pct = 100，"
		"gld_sectors_per_request = 4。如果地址分散（跨步或按列访问），每个"
		"线程可能各需一个扇区：每次请求 32 个扇区，4 字节字的效率为 "
		"12.5%，即同样的数据要多搬 8 倍。两个值都来自 CUPTI 的插桩（SASS）"
		"pass，它能看到每条 load 指令的地址；一次请求就是一条线程束级 load "
		"指令。8 字节（double）load 的最佳值是每次请求 8 个扇区，因此请在"
		"同一数据类型的变体之间比较。",
	.raw = {
		"smsp__sass_data_bytes_mem_global_op_ld.sum",
		"smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ld.sum",
		"smsp__sass_inst_executed_op_global_ld.sum",
	},
	.cols = {
		{ "gld_efficiency_pct", "%", +1,
		  "global load efficiency: requested bytes / bytes in sectors moved",
		  "全局读效率：请求的字节数 / 搬运的扇区字节数",
		  READ_DIRECTION, NULL, 1, 0.5,
		  "share of the loaded sector bytes the threads asked for: "
		  "below 100 % bytes are moved for nothing",
		  "线程真正请求的字节占所读扇区字节的比例：低于 100 % 说明有"
		  "字节白白搬运" },
		{ "gld_sectors_per_request", "sectors/request", -1,
		  "32-byte sectors per global load instruction (4 ideal for 4 B words)",
		  "每条全局 load 指令的 32 字节扇区数（4 字节字理想值为 4）",
		  READ_WITH, "gld_efficiency_pct", 1, 0.05,
		  "sectors one warp load touches, read with load efficiency: "
		  "at the same efficiency more sectors means wider loads "
		  "(16-byte vectors: 16 at 100 %), not waste",
		  "一条线程束读指令涉及的扇区数，要结合读效率看：效率不变时扇"
		  "区数增加说明每次读得更宽（16 字节向量读在 100 % 效率下为 1"
		  "6），并不是浪费" },
	},
	.derive = derive_global,
},
{
	.name = "gst_efficiency",
	.summary_en = "global store coalescing: bytes the threads wrote / bytes "
		"moved in 32-byte sectors, and sectors per store instruction",
	.summary_zh = "全局内存写合并：线程写入的字节数 / 以 32 字节扇区"
		"搬运的字节数，以及每条 store 指令的扇区数",
	.explain_en =
		"The store side of gld_efficiency. A warp that writes 32 "
		"consecutive 4-byte words touches 4 sectors (gst_efficiency_pct = "
		"100, gst_sectors_per_request = 4); a warp whose threads write one "
		"word each into 32 different rows, as the naive transpose does, "
		"touches 32 sectors (12.5 %, 32 sectors per request). Transposing "
		"through a shared-memory tile makes both the loads and the stores "
		"coalesced. Values come from CUPTI's instrumented (SASS) pass.",
	.explain_zh =
		"gld_efficiency 的写版本。一个线程束写 32 个连续的 4 字节字时涉及 4 "
		"个扇区（gst_efficiency_pct = 100，gst_sectors_per_request = 4）；"
		"若每个线程各写不同行中的一个字（朴素转置就是这样），则涉及 32 个"
		"扇区（12.5%，每次请求 32 个扇区）。借助共享内存分块进行转置，"
		"可以使读和写都合并。数值来自 CUPTI 的插桩（SASS）pass。",
	.raw = {
		"smsp__sass_data_bytes_mem_global_op_st.sum",
		"smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_st.sum",
		"smsp__sass_inst_executed_op_global_st.sum",
	},
	.cols = {
		{ "gst_efficiency_pct", "%", +1,
		  "global store efficiency: written bytes / bytes in sectors moved",
		  "全局写效率：写入的字节数 / 搬运的扇区字节数",
		  READ_DIRECTION, NULL, 1, 0.5,
		  "share of the stored sector bytes the threads wrote: below "
		  "100 % sectors are written partly",
		  "线程写入的字节占所写扇区字节的比例：低于 100 % 说明扇区只"
		  "被写了一部分" },
		{ "gst_sectors_per_request", "sectors/request", -1,
		  "32-byte sectors per global store instruction (4 ideal for 4 B words)",
		  "每条全局 store 指令的 32 字节扇区数（4 字节字理想值为 4）",
		  READ_WITH, "gst_efficiency_pct", 1, 0.05,
		  "sectors one warp store touches, read with store "
		  "efficiency: at the same efficiency more sectors means "
		  "wider stores, not waste",
		  "一条线程束写指令涉及的扇区数，要结合写效率看：效率不变时扇"
		  "区数增加说明每次写得更宽，并不是浪费" },
	},
	.derive = derive_global,
},
{
	.name = "divergence",
	.summary_en = "branch divergence, active threads per warp instruction "
		"(with and without predication) and the bytes each shared-memory "
		"access moves for them",
	.summary_zh = "分支发散、每条线程束指令的活跃线程数（含/不含谓词执行），"
		"以及每次共享内存访问为这些线程搬运的字节数",
	.explain_en =
		"A warp executes one instruction for its 32 threads at a time. At "
		"a branch where the threads disagree (if (tid % 2 == 0) ...), the "
		"warp runs both paths one after the other with part of its threads "
		"switched off. branch_efficiency_pct is the share of branch "
		"executions in which all active threads went the same way (100 = "
		"no divergence); it is N/A when the kernel has no branch at all. "
		"divergent_branches counts the divergent executions. The compiler "
		"often turns a short if into predication: every thread executes "
		"both sides and a per-thread predicate decides which results "
		"count, so no branch diverges and branch efficiency stays at 100 % "
		"although threads idle. warp_active_threads (average active "
		"threads per executed warp instruction, 32 at best) and "
		"warp_active_threads_pred_on (counting only threads whose "
		"predicate was true) reveal that case: the predicated-on value "
		"drops below 32 while the branch metrics look perfect. They are "
		"averages over every instruction, and instructions all threads "
		"execute (index arithmetic, loop control) raise them: "
		"warp_instructions, the warp instructions executed, shows the "
		"other half of the cost, since a warp that keeps a few working "
		"threads still issues every instruction. "
		"shared_bytes_per_instr looks only at the instructions that do a "
		"reduction tree's work, the shared-memory loads and stores: the "
		"bytes one of them moved on average, for the threads whose "
		"predicate was true (from CUPTI's instrumented pass). With 4-byte "
		"elements 128 means all 32 threads took part and 4 means one; "
		"compare variants of the same element type. A tree whose working "
		"threads are scattered over every warp reads far fewer bytes per "
		"access than one whose working threads are contiguous.",
	.explain_zh =
		"一个线程束一次为它的 32 个线程执行同一条指令。在线程意见不一的分支"
		"处（if (tid % 2 == 0) ...），线程束会依次执行两条路径，每次关闭一部"
		"分线程。branch_efficiency_pct 是所有活跃线程走向同一方向的分支执行"
		"所占的比例（100 表示没有发散）；核函数中完全没有分支时为 N/A。"
		"divergent_branches 统计发散的分支执行次数。编译器常把短小的 if 改写"
		"为谓词执行：每个线程都执行两侧代码，由每个线程的谓词决定哪些结果有效，"
		"于是没有分支发散，分支效率保持 100%，但线程实际上在空转。"
		"warp_active_threads（每条已执行线程束指令的平均活跃线程数，最多 32）"
		"和 warp_active_threads_pred_on（只计谓词为真的线程）可以揭示这种情况："
		"分支指标看似完美，而谓词为真的线程数低于 32。这两个值是对所有指令的平均，"
		"所有线程都执行的指令（下标计算、循环控制）会把它们抬高；"
		"warp_instructions（执行的线程束指令数）给出代价的另一半："
		"只剩少数线程在工作的线程束仍要发出每一条指令。"
		"shared_bytes_per_instr 只看完成归约树实际工作的指令，即共享内存的读"
		"和写：平均每条这样的指令为谓词为真的线程搬运了多少字节（来自 CUPTI "
		"的插桩 pass）。对 4 字节元素，128 表示 32 个线程都参与，4 表示只有"
		"一个；请在同一元素类型的变体之间比较。工作线程分散在每个线程束中的"
		"归约树，每次访问读写的字节数远少于工作线程连续的归约树。",
	.raw = {
		"smsp__sass_branch_targets.sum",
		"smsp__sass_branch_targets_threads_uniform.sum",
		"smsp__sass_branch_targets_threads_divergent.sum",
		"smsp__thread_inst_executed.sum",
		"smsp__inst_executed.sum",
		"smsp__thread_inst_executed_pred_on.sum",
		"smsp__sass_data_bytes_mem_shared_op_ld.sum",
		"smsp__sass_data_bytes_mem_shared_op_st.sum",
		"smsp__sass_inst_executed_op_shared_ld.sum",
		"smsp__sass_inst_executed_op_shared_st.sum",
	},
	.cols = {
		{ "branch_efficiency_pct", "%", +1,
		  "branch executions where all active threads agreed (N/A without branches)",
		  "所有活跃线程方向一致的分支执行所占比例（无分支时为 N/A）",
		  READ_DIRECTION, NULL, 1, 0.5,
		  "branches where a warp's threads agreed; 100 % can hide "
		  "predicated idle lanes",
		  "线程束内线程走向一致的分支所占比例；100 % 也可能掩盖了谓词"
		  "化后空闲的 lane" },
		{ "divergent_branches", "branches", -1,
		  "branch executions whose active threads took different targets",
		  "活跃线程走向不同目标的分支执行次数",
		  READ_NEVER, NULL, 1, 0,
		  "a raw count that grows with n: read branch efficiency",
		  "随 n 增长的原始计数：请看分支效率" },
		{ "warp_active_threads", "threads/instr", +1,
		  "average active threads per executed warp instruction (32 at best)",
		  "每条已执行线程束指令的平均活跃线程数（最多 32）",
		  READ_DIRECTION, NULL, 1, 0.3,
		  "lanes working per executed instruction, 32 at best",
		  "每条执行的指令中工作的 lane 数，最多 32" },
		{ "warp_active_threads_pred_on", "threads/instr", +1,
		  "the same, counting only threads whose predicate was true",
		  "同上，只计谓词为真的线程",
		  READ_DIRECTION, NULL, 1, 0.3,
		  "lanes whose predicate was true per instruction, 32 at best",
		  "每条指令中谓词为真的 lane 数，最多 32" },
		{ "warp_instructions", "instr", -1,
		  "warp instructions executed",
		  "执行的线程束指令数",
		  READ_DIRECTION, NULL, 1, 0,
		  "instructions issued for the same work: fewer leave the "
		  "schedulers free",
		  "完成同样工作所发射的指令数：越少，调度器越空闲" },
		{ "shared_bytes_per_instr", "B/instr", +1,
		  "bytes per shared-memory load or store for the predicated-on threads (4-byte elements: 128 = 32 threads)",
		  "每条共享内存读写指令为谓词为真的线程搬运的字节数（4 字节元素：128 = 32 个线程）",
		  READ_NEUTRAL, NULL, 1, 0.5,
		  "bytes per shared access for the working lanes: within a "
		  "shared-memory tree more means more lanes at work; a step "
		  "that moves the tree out of shared memory (warp shuffles) "
		  "leaves a few narrow accesses, and fewer bytes is then its "
		  "point",
		  "工作 lane 每次共享内存访问的字节数：在共享内存中做树形归约"
		  "时越多说明工作的 lane 越多；把归约移出共享内存的一步（线程"
		  "束洗牌）只留下少量窄访问，这时字节数减少正是它的目的" },
	},
	.derive = derive_divergence,
},
{
	.name = "dram",
	.summary_en = "device-memory (HBM) traffic: bytes read and written, "
		"and the bandwidth reached",
	.summary_zh = "显存（HBM）流量：读写的字节数与达到的带宽",
	.explain_en =
		"dram_read_bytes and dram_write_bytes count the bytes that really "
		"moved between the L2 cache and device memory during the kernel. "
		"Compare them with what the algorithm must move (each input read "
		"once, each output written once): more means data was fetched "
		"twice, less means it was still in L2. dram_gbps is their sum "
		"divided by the kernel's duration, and dram_pct_peak compares it "
		"with the GPU's theoretical bandwidth; memory-bound kernels such as "
		"reduction and transpose should approach the copy kernel's value. "
		"culab evicts L2 before every profiled kernel, as ncu flushes its "
		"caches, so each kernel starts cold, the second kernel of a "
		"two-pass reduction included. Writes are less certain than "
		"reads: lines still dirty in L2 when the kernel ends are written "
		"back later, so for outputs much larger than L2, dram_write_bytes "
		"can be off by up to the L2 size (the Environment section gives it).",
	.explain_zh =
		"dram_read_bytes 与 dram_write_bytes 统计核函数运行期间在 L2 缓存与"
		"显存之间实际传输的字节数。请与算法必须搬运的量（每个输入读一次、每个"
		"输出写一次）比较：更多说明数据被读取了两次，更少说明数据仍在 L2 中。"
		"dram_gbps 是两者之和除以核函数时长，dram_pct_peak 是它占 GPU 理论"
		"带宽的百分比；归约和转置这类访存受限的核函数应接近拷贝核函数的"
		"数值。culab 在每个被分析的核函数之前都会把 L2 中的数据挤出（如同 ncu"
		"清空缓存），因此每个核函数（包括两趟归约的第二个核函数）都从冷缓存"
		"开始。写入比读取更不确定：核函数"
		"结束时仍留在 L2 中的脏数据稍后才写回，因此当输出远大于 L2 时，"
		"dram_write_bytes 的误差可达一个 L2 的大小（见“环境”一节）。",
	.raw = {
		"dram__bytes_read.sum",
		"dram__bytes_write.sum",
		"gpu__time_duration.sum",
	},
	.cols = {
		{ "dram_read_bytes", "B", -1,
		  "bytes read from device memory",
		  "从显存读取的字节数",
		  READ_DIRECTION, NULL, 2, 1e+06,
		  "bytes read from device memory, against what the algorithm "
		  "must read (the input once)",
		  "从显存读取的字节数，应与算法必须读取的量（输入读一次）比较" },
		{ "dram_write_bytes", "B", -1,
		  "bytes written to device memory",
		  "写入显存的字节数",
		  READ_DIRECTION, NULL, 5, 1e+06,
		  "bytes written to device memory; uncertain by up to the L2 "
		  "size for large outputs, so small changes are noise",
		  "写入显存的字节数；输出很大时误差可达一个 L2 的大小，小的变"
		  "化只是噪声" },
		{ "dram_gbps", "GB/s", +1,
		  "device-memory throughput: (read + written bytes) / duration",
		  "显存吞吐量：（读 + 写字节数）/ 时长",
		  READ_TIME, NULL, 6, 0,
		  "throughput restates the kernel's time; it is the effect, "
		  "not a cause",
		  "吞吐量只是时间的另一种说法；它是结果，不是原因" },
		{ "dram_pct_peak", "%", +1,
		  "device-memory throughput as a percentage of the theoretical peak",
		  "显存吞吐量占理论峰值的百分比",
		  READ_TIME, NULL, 6, 0,
		  "throughput restates the kernel's time; it is the effect, "
		  "not a cause",
		  "吞吐量只是时间的另一种说法；它是结果，不是原因" },
	},
	.derive = derive_dram,
},
{
	.name = "occupancy",
	.summary_en = "achieved and theoretical occupancy: resident warps as a "
		"percentage of what an SM can hold",
	.summary_zh = "实际与理论占用率：驻留线程束数占 SM 容量的百分比",
	.explain_en =
		"Occupancy is the number of warps resident on an SM as a "
		"percentage of the most it can hold (64 warps at compute capability 9.0). "
		"theoretical_occupancy_pct is the limit set by the block size and "
		"the kernel's registers and shared memory "
		"(cudaOccupancyMaxActiveBlocksPerMultiprocessor); "
		"achieved_occupancy_pct is the average measured while the SMs were "
		"active. It is lower when the grid is too small to fill the GPU or "
		"blocks finish unevenly, leaving SMs partly idle. More resident "
		"warps help hide memory latency, but beyond a point higher "
		"occupancy does not make a kernel faster.",
	.explain_zh =
		"占用率是一个 SM 上驻留的线程束数占其最大容量（计算能力 9.0 上为 64 个"
		"线程束）的百分比。theoretical_occupancy_pct 是由线程块大小以及核函数"
		"使用的寄存器和共享内存决定的上限（cudaOccupancyMaxActiveBlocksPerMultiprocessor）；"
		"achieved_occupancy_pct 是 SM 活跃期间实测的平均值。当网格太小不足"
		"以填满 GPU，或各线程块结束时间不齐而使 SM 部分空闲时，它会偏低。更多"
		"的驻留线程束有助于隐藏访存延迟，但超过一定程度后，更高的占用率并不会"
		"让核函数更快。",
	.raw = {
		"sm__warps_active.avg.pct_of_peak_sustained_active",
	},
	.cols = {
		{ "achieved_occupancy_pct", "%", +1,
		  "average resident warps per active cycle / maximum warps per SM",
		  "每个活跃周期的平均驻留线程束数 / 每个 SM 的最大线程束数",
		  READ_DIRECTION, NULL, 4, 2,
		  "warps resident per active SM cycle; more hides memory "
		  "latency up to a point",
		  "每个活跃 SM 周期驻留的线程束比例；在一定范围内越高越能掩盖"
		  "访存延迟" },
		{ "theoretical_occupancy_pct", "%", +1,
		  "occupancy allowed by block size, registers and shared memory",
		  "由线程块大小、寄存器与共享内存决定的理论占用率",
		  READ_DIRECTION, NULL, 1, 0.5,
		  "the occupancy the block size, registers and shared memory "
		  "allow",
		  "线程块大小、寄存器和共享内存所允许的占用率" },
	},
	.derive = derive_occupancy,
},
{
	.name = "duration",
	.summary_en = "GPU time of the profiled launches and the SM clock they "
		"ran at (always collected)",
	.summary_zh = "被分析的核函数的 GPU 时间及其运行时的 SM 时钟（总是采集）",
	.explain_en =
		"duration_us is the GPU time of the profiled launches "
		"(gpu__time_duration, added over the kernels of one measurement), "
		"measured in the profiler's own pass with L2 evicted before each "
		"kernel; it is "
		"usually a few microseconds shorter than the CUDA-event times of "
		"the timing phase, which include launch gaps. sm_clock_mhz is the "
		"SM clock during that pass. CUPTI 13.0 does not lock clocks, so a "
		"hot or power-limited GPU runs slower, and ncu, which locks to the "
		"base clock by default, reports longer times for compute-bound "
		"kernels: compare durations only at similar clocks.",
	.explain_zh =
		"duration_us 是被分析核函数的 GPU 时间（gpu__time_duration，对一次"
		"测量中的各个核函数求和），在分析器自己的 pass 中、每个核函数之前先挤出 L2 后测得；"
		"它通常比计时阶段用 CUDA event 测得的时间短几微秒，因为后者包含启动"
		"间隙。sm_clock_mhz 是该 pass 期间的 SM 时钟。CUPTI 13.0 不锁定时钟，"
		"因此过热或受功耗限制的 GPU 会变慢；而 ncu 默认锁定在基础频率，对计算"
		"受限的核函数会报告更长的时间：只在时钟相近时比较时长。",
	.raw = {
		"gpu__time_duration.sum",
		"sm__cycles_elapsed.avg.per_second",
	},
	.cols = {
		{ "duration_us", "us", -1,
		  "GPU time of the profiled kernel launches",
		  "被分析核函数的 GPU 时间",
		  READ_TIME, NULL, 6, 0,
		  "the profiled time restates the timing; it is the effect, "
		  "not a cause",
		  "剖析时测得的时长只是计时结果的重复；它是结果，不是原因" },
		{ "sm_clock_mhz", "MHz", 0,
		  "SM clock while the kernels ran (not locked by CUPTI)",
		  "核函数运行期间的 SM 时钟（CUPTI 不锁定时钟）",
		  READ_NEVER, NULL, 1, 0,
		  "the clock drifts between profiles; compare times only at "
		  "similar clocks",
		  "时钟在各次剖析之间会漂移；只在时钟相近时比较时间" },
	},
	.derive = derive_duration,
},
};

static const char *const default_set[] = {
	"bank_conflicts", "gld_efficiency", "gst_efficiency", "divergence",
	"dram", "occupancy", "duration",
};

const struct metric_alias *metrics_aliases(size_t *count)
{
	if (count)
		*count = ARRAY_SIZE(aliases);
	return aliases;
}

const struct metric_alias *metrics_find(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(aliases); i++)
		if (!strcmp(aliases[i].name, name))
			return &aliases[i];
	return NULL;
}

const struct metric_column_def *metrics_find_column(const char *col,
						    const struct metric_alias **alias)
{
	size_t i, j;

	if (alias)
		*alias = NULL;
	if (!col)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(aliases); i++) {
		for (j = 0; j < METRIC_MAX_COLS && aliases[i].cols[j].name; j++) {
			if (strcmp(aliases[i].cols[j].name, col))
				continue;
			if (alias)
				*alias = &aliases[i];
			return &aliases[i].cols[j];
		}
	}
	return NULL;
}

const char *const *metrics_default_set(size_t *count)
{
	if (count)
		*count = ARRAY_SIZE(default_set);
	return default_set;
}

/* ---- counter changes ------------------------------------------------- */

/* bank conflicts per shared instruction under which code counts as
 * conflict-free (the padded-tile signature's bound) */
#define CONFLICTS_PER_INSTR_FLOOR 0.1

bool metrics_change_meaningful(const char *col, double a, double b)
{
	const struct metric_column_def *d = metrics_find_column(col, NULL);

	if (!d || !d->unit)
		return true;
	if (!strcmp(d->unit, "conflicts") || !strcmp(d->unit, "branches") ||
	    !strcmp(d->unit, "MHz"))
		return false;
	if (!strcmp(d->unit, "conflicts/instr") &&
	    fmax(fabs(a), fabs(b)) < CONFLICTS_PER_INSTR_FLOOR)
		return false;
	return true;
}

double metrics_change_pct(double a, double b)
{
	double big = fmax(fabs(a), fabs(b));

	if (!isfinite(a) || !isfinite(b) || big == 0)
		return NAN;
	return 100 * fabs(b - a) / big;
}

bool metrics_change_notable(const char *col, double a, double b)
{
	double pct = metrics_change_pct(a, b);

	return isfinite(pct) && pct >= METRICS_CHANGE_PCT &&
	       metrics_change_meaningful(col, a, b);
}

bool metrics_change_beyond_noise(const char *col, double a, double b)
{
	return metrics_change_beyond_noise_of(col, a, b, 0);
}

bool metrics_change_beyond_noise_of(const char *col, double a, double b,
				    double scale)
{
	const struct metric_column_def *d = metrics_find_column(col, NULL);
	double pct = metrics_change_pct(a, b);

	if (!isfinite(pct) || !metrics_change_meaningful(col, a, b))
		return false;
	if (isfinite(scale) && scale > fmax(fabs(a), fabs(b)))
		pct = 100 * fabs(b - a) / scale;
	if (!d)
		return pct >= METRICS_CHANGE_PCT;
	return d->reading != READ_NEVER && pct > d->noise_pct &&
	       fabs(b - a) > d->noise_abs;
}

/* ---- validation ------------------------------------------------------ */

static char validation_chip[32] = METRICS_CHIP;

void metrics_set_chip(const char *chip)
{
	snprintf(validation_chip, sizeof(validation_chip), "%s",
		 chip && *chip ? chip : METRICS_CHIP);
}

const char *metrics_chip(void)
{
	return validation_chip;
}

/* Perfworks names read "unit__counter.rollup[.submetric...]": lowercase
 * letters, digits and '_', a "__" after the unit, and at least one '.'. */
bool metrics_looks_raw(const char *s)
{
	const char *dunder = strstr(s, "__"), *dot = strchr(s, '.'), *p;

	if (!dunder || dunder == s || !dot || dot < dunder + 3)
		return false;
	for (p = s; *p; p++) {
		bool ok = (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
			  *p == '_' || *p == '.';

		if (!ok || (*p == '.' && (p[1] == '.' || p[1] == '\0')))
			return false;
	}
	return true;
}

int metrics_check(const char *name, char *why, size_t whysize)
{
	const char *cands[ARRAY_SIZE(aliases) + 1], *near;
	const struct metric_alias *owner;
	char buf[1024], list[512];
	size_t i;
	int valid;

	if (whysize)
		why[0] = '\0';
	if (!name || !*name) {
		snprintf(why, whysize, "empty counter name");
		return -1;
	}
	if (!strcmp(name, METRICS_DEFAULT_WORD) || metrics_find(name))
		return 0;
	if (strstr(name, "__")) {
		valid = counters_metric_valid(validation_chip, name, buf,
					      sizeof(buf));
		if (valid == 1)
			return 0;
		if (valid == 0) {
			snprintf(why, whysize, "%s", buf);
			return -1;
		}
		if (!metrics_looks_raw(name)) {
			snprintf(why, whysize,
				 "\"%s\" is not a Perfworks metric name "
				 "(unit__counter.rollup, e.g. dram__bytes_read.sum)",
				 name);
			return -1;
		}
		snprintf(why, whysize,
			 "raw metric \"%s\" not validated here (%s); it is "
			 "checked when counters are opened on the GPU", name, buf);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(aliases); i++)
		cands[i] = aliases[i].name;
	cands[i] = METRICS_DEFAULT_WORD;
	join_words(cands, ARRAY_SIZE(aliases) + 1, list, sizeof(list));
	if (metrics_find_column(name, &owner)) {
		snprintf(why, whysize,
			 "\"%s\" is a column of counter alias \"%s\"; ask for "
			 "\"%s\" (known: %s)", name, owner->name, owner->name, list);
		return -1;
	}
	near = nearest_word(name, cands, ARRAY_SIZE(aliases) + 1);
	if (near)
		snprintf(why, whysize,
			 "unknown counter \"%s\"; did you mean \"%s\"? (known: %s, "
			 "or a raw metric such as dram__bytes_read.sum)",
			 name, near, list);
	else
		snprintf(why, whysize,
			 "unknown counter \"%s\" (known: %s, or a raw metric such "
			 "as dram__bytes_read.sum)", name, list);
	return -1;
}

/* ---- chips ------------------------------------------------------------ */

/* Raw metrics that some chips name differently: where the first is not a
 * metric of the chip, the second is collected in its place.  CUPTI 13.0
 * describes both alike ("# of bytes read from DRAM"); GB20x (GDDR7) names
 * DRAM traffic by operation. */
static const struct {
	const char *raw, *alt;
} raw_alternatives[] = {
	{ "dram__bytes_read.sum", "dram__bytes_op_read.sum" },
	{ "dram__bytes_write.sum", "dram__bytes_op_write.sum" },
};

static const char *raw_alternative(const char *raw)
{
	for (size_t i = 0; i < ARRAY_SIZE(raw_alternatives); i++)
		if (!strcmp(raw_alternatives[i].raw, raw))
			return raw_alternatives[i].alt;
	return NULL;
}

/* What chip collects for raw: raw (1), its alternative (1, *collect set),
 * nothing (0, why filled) or unknown (-1, why filled). */
static int resolve_raw(const char *chip, const char *raw, const char **collect,
		       char *why, size_t whysize)
{
	const char *alt = raw_alternative(raw);
	char ignored[256];
	int v;

	*collect = NULL;
	v = counters_metric_valid(chip, raw, why, whysize);
	if (v == 1)
		*collect = raw;
	else if (v == 0 && alt &&
		 counters_metric_valid(chip, alt, ignored, sizeof(ignored)) == 1)
		*collect = alt;
	if (*collect && whysize)
		why[0] = '\0';
	return *collect ? 1 : v;
}

int metrics_resolve(const struct metric_alias *a, const char *chip,
		    struct metric_resolution *r)
{
	memset(r, 0, sizeof(*r));
	r->status = 1;
	for (size_t j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++) {
		int v = resolve_raw(chip, a->raw[j], &r->collect[j], r->why[j],
				    sizeof(r->why[j]));

		if (v == 1 || r->status == -1 || (v == 0 && r->status == 0))
			continue;
		r->status = v;
		/* the reason names the metric already, or says why
		 * nothing could be checked */
		snprintf(r->summary, sizeof(r->summary), "%s", r->why[j]);
	}
	return r->status;
}
