/* variants_transpose.c - the built-in rungs of the transpose ladder, with
 * the copies that are its bandwidth ceiling, in ladder order.  See
 * variants.h; the rules of variants_reduce.c hold here too. */
#include "variants.h"

/* What one timed run contains. */
#define REGION_TRANSPOSE "one kernel launch"
#define REGION_TRANSPOSE_PAIRS \
	"one kernel launch (a device-to-device cudaMemcpyAsync when the " \
	"matrix has one row or one column)"


/* The same in Chinese. */
#define REGION_TRANSPOSE_ZH "一次核函数启动"
#define REGION_TRANSPOSE_PAIRS_ZH \
	"一次核函数启动（矩阵只有一行或一列时，改为一次设备到设备的 " \
	"cudaMemcpyAsync）"


/* Type masks and sizes for expect lines. */
#define WORDS (DTYPE_BIT(DTYPE_INT) | DTYPE_BIT(DTYPE_FLOAT)) /* 4-byte */
#define FLOATS DTYPE_BIT(DTYPE_FLOAT)
#define DOUBLES DTYPE_BIT(DTYPE_DOUBLE)
#define WIDE 64                   /* transposes: full 32 x 32 tiles dominate */
#define LARGE_SIDE 4096           /* transposes: far larger than L2 */

/* Common expect lines. */
#define X_ROW_LOADS                                                            \
	{ .column = "gld_sectors_per_request", .op = "<=", .value = 5,         \
	  .dtypes = WORDS }
#define X_ROW_STORES                                                           \
	{ .column = "gst_sectors_per_request", .op = "<=", .value = 5,         \
	  .dtypes = WORDS }
/* The same for 8-byte doubles: a warp's row of 32 doubles is 256 bytes,
 * 8 sectors (9 with a misaligned edge); recorded 7.8-8.6 on H100 quick
 * runs (1025 x 2049 and 1 x 1000). */
#define X_ROW_LOADS_DOUBLE                                                     \
	{ .column = "gld_sectors_per_request", .op = "<=", .value = 9,         \
	  .dtypes = DOUBLES }
#define X_ROW_STORES_DOUBLE                                                    \
	{ .column = "gst_sectors_per_request", .op = "<=", .value = 9,         \
	  .dtypes = DOUBLES }
const struct variant variants_transpose[] = {
	{
		.name = "transpose_copy",
		.family = FAMILY_TRANSPOSE,
		.step = 1,
		.title = "copy with the transpose's access shape (ceiling)",
		.title_zh = "与转置相同访问形状的拷贝（上限）",
		.about_en =
			"Not a transpose: the same 32 x 32 tiles and 32 x 8 "
			"threads as the tiled transposes (each thread handles 4 "
			"elements), but each element is copied to the same "
			"position, with coalesced reads and writes.  It moves "
			"exactly the bytes a transpose must move, so its bandwidth "
			"is the ceiling the ladder aims at.",
		.about_zh =
			"这不是转置：与分块转置使用同样的 32 x 32 分块和 32 x 8 线程"
			"（每个线程处理 4 个元素），但每个元素被拷贝到相同的位置，读写都"
			"是合并访问。它搬运的字节数与转置完全相同，因此其带宽就是整个阶梯"
			"追求的上限。",
		.signature = "coalesced loads and stores: at most 5 sectors per "
			     "request for 4-byte types (4 when rows are aligned)",
		.signature_zh = "读写都合并：4 字节类型每个请求最多 5 个扇区（"
				"行对齐时为 4）",
		.expect = {
			X_ROW_LOADS,
			X_ROW_STORES,
			{ .column = "gld_sectors_per_request", .op = "<=",
			  .value = 9, .dtypes = DOUBLES },
			{ .column = "gst_sectors_per_request", .op = "<=",
			  .value = 9, .dtypes = DOUBLES },
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_CEILING | VF_COPY,
		.timed_region = REGION_TRANSPOSE,
		.timed_region_zh = REGION_TRANSPOSE_ZH,
		.launch = transpose_copy_launch,
	},
	{
		.name = "transpose_copy_shared",
		.family = FAMILY_TRANSPOSE,
		.step = 2,
		.title = "copy through a shared-memory tile",
		.title_zh = "经由共享内存分块的拷贝",
		.about_en =
			"The same copy, staged through a 32 x 32 shared-memory "
			"tile with a barrier in between, as the tiled transposes "
			"will do.  Rows go in and come out along rows, so there are "
			"no bank conflicts; the difference from the plain copy is "
			"the cost of staging itself.",
		.about_zh =
			"同样的拷贝，但像分块转置那样经由 32 x 32 的共享内存分块中转，"
			"中间有一次同步。按行写入、按行读出，因此没有 bank 冲突；与直接"
			"拷贝的差别就是中转本身的开销。",
		.signature = "coalesced global accesses; conflict-free shared "
			     "stores and loads",
		.signature_zh = "全局内存访问合并；共享内存读写无 bank 冲突",
		.expect = {
			X_ROW_LOADS,
			X_ROW_STORES,
			{ .column = "bank_conflicts_per_shared_ld", .op = "<=",
			  .value = 0.5, .min_side = WIDE },
			{ .column = "bank_conflicts_per_shared_st", .op = "<=",
			  .value = 0.5, .min_side = WIDE },
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_COPY,
		.timed_region = REGION_TRANSPOSE,
		.timed_region_zh = REGION_TRANSPOSE_ZH,
		.launch = transpose_copy_shared_launch,
	},
	{
		.name = "transpose_naive",
		.family = FAMILY_TRANSPOSE,
		.step = 3,
		.title = "naive: coalesced reads, strided writes",
		.title_zh = "朴素转置：合并读取，跨步写入",
		.about_en =
			"Each thread reads A[i][j] and writes B[j][i].  Reads along "
			"a row are coalesced, but a warp's writes land in 32 "
			"different rows of the output: every 4-byte store costs a "
			"whole 32-byte sector.  Seed 002 writes this kernel for "
			"square matrices only; here any n x m works.",
		.about_zh =
			"每个线程读取 A[i][j] 并写入 B[j][i]。按行读取是合并的，"
			"但一个线程束的写入落在输出的 32 个不同行上：每次 4 字节的写入"
			"都要占用整个 32 字节的扇区。种子 002 的这个核函数只适用于方阵；"
			"这里任意 n x m 都可以。",
		.seed = "002",
		.signature = "stores: 32 sectors per request, 12.5% store "
			     "efficiency for 4-byte types; loads coalesced",
		.signature_zh = "写：每个请求 32 个扇区，4 字节类型的"
				"写效率为 12.5%；读合并",
		.expect = {
			{ .column = "gst_sectors_per_request", .op = ">=",
			  .value = 16, .min_side = WIDE },
			{ .column = "gst_efficiency_pct", .op = "<=",
			  .value = 15, .dtypes = WORDS, .min_side = WIDE },
			X_ROW_LOADS,
			X_ROW_LOADS_DOUBLE,
		},
		.dtypes = DTYPE_ALL,
		.timed_region = REGION_TRANSPOSE,
		.timed_region_zh = REGION_TRANSPOSE_ZH,
		.launch = transpose_naive_launch,
	},
	{
		.name = "transpose_naive_strided_read",
		.family = FAMILY_TRANSPOSE,
		.step = 4,
		.title = "naive: strided reads, coalesced writes",
		.title_zh = "朴素转置：跨步读取，合并写入",
		.about_en =
			"The lanes of a warp now run along the output's rows, so "
			"writes are coalesced and reads go down a column of the "
			"input: 32 sectors per load request.  It is usually faster "
			"than the previous rung, because a read sector fetched for "
			"one warp is often still in L1 when the next warps need "
			"the neighbouring columns, while a partially written sector "
			"must be merged in L2.",
		.about_zh =
			"现在线程束的各线程沿输出的行排列，写入是合并的，读取则沿输入"
			"的列进行：每次读取请求涉及 32 个扇区。它通常比上一级快，因为"
			"为一个线程束读入的扇区常常还留在 L1 中，正好供后续线程束读取"
			"相邻的列；而只写了一部分的扇区必须在 L2 中合并。",
		.seed = "002",
		.signature = "loads: 32 sectors per request, 12.5% load "
			     "efficiency for 4-byte types; stores coalesced",
		.signature_zh = "读：每个请求 32 个扇区，4 字节类型的"
				"读效率为 12.5%；写合并",
		.expect = {
			{ .column = "gld_sectors_per_request", .op = ">=",
			  .value = 16, .min_side = WIDE },
			{ .column = "gld_efficiency_pct", .op = "<=",
			  .value = 15, .dtypes = WORDS, .min_side = WIDE },
			X_ROW_STORES,
			/* partial-sector writes no longer cost extra DRAM traffic */
			{ .column = "dram_read_bytes", .op = "<", .value = 0.95,
			  .than = "transpose_naive", .min_side = LARGE_SIDE },
		},
		.dtypes = DTYPE_ALL,
		.timed_region = REGION_TRANSPOSE,
		.timed_region_zh = REGION_TRANSPOSE_ZH,
		.launch = transpose_naive_strided_read_launch,
	},
	{
		.name = "transpose_naive_ldg",
		.family = FAMILY_TRANSPOSE,
		.step = 5,
		.title = "strided reads through __ldg()",
		.title_zh = "通过 __ldg() 跨步读取",
		.about_en =
			"The previous kernel with its reads through __ldg(), the "
			"read-only data path (ld.global.nc), as seed 002 suggests.  "
			"On Kepler this was the way to cache global reads; since "
			"Pascal ordinary loads are cached in L1 too, and the "
			"compiler may choose the read-only path by itself when it "
			"can prove the data is not written, so expect a small "
			"difference, or none.",
		.about_zh =
			"与上一级相同，只是读取改用 __ldg()，即只读数据通路"
			"（ld.global.nc），这是种子 002 的建议。在 Kepler 上这是缓存"
			"全局读取的方法；从 Pascal 起普通读取也会缓存在 L1 中，而且编译器"
			"在能证明数据不被写入时可能自行选用只读通路，所以差别很小，甚至"
			"没有差别。",
		.seed = "002",
		.signature = "the same sector counts as the strided-read kernel",
		.signature_zh = "扇区数与跨步读版本相同",
		.expect = {
			{ .column = "gld_sectors_per_request", .op = ">=",
			  .value = 16, .min_side = WIDE },
			X_ROW_STORES,
			X_ROW_STORES_DOUBLE,
		},
		.dtypes = DTYPE_ALL,
		.timed_region = REGION_TRANSPOSE,
		.timed_region_zh = REGION_TRANSPOSE_ZH,
		.launch = transpose_naive_ldg_launch,
	},
	{
		.name = "transpose_tile",
		.family = FAMILY_TRANSPOSE,
		.step = 6,
		.title = "shared-memory tile 32 x 32 (bank conflicts)",
		.title_zh = "32 x 32 共享内存分块（bank 冲突）",
		.about_en =
			"A block reads a 32 x 32 tile with coalesced row reads "
			"into shared memory, synchronizes, and writes the "
			"transposed tile with coalesced row writes, reading the "
			"tile down a column.  Both global directions are now "
			"coalesced, but a column of a 32-wide float array lies in "
			"a single bank: the 32 lanes' reads are served one after "
			"another (a 32-way conflict).  For 8-byte types each "
			"half-warp of 16 lanes hits one pair of banks.",
		.about_zh =
			"一个线程块按行合并读取 32 x 32 的分块到共享内存，同步之后，"
			"沿列读取分块，并按行合并写出转置后的分块。全局内存的读写现在都"
			"是合并的，但宽度为 32 的 float 数组的一列全部位于同一个 bank："
			"32 个线程的读取只能依次完成（32 路冲突）。对于 8 字节的类型，"
			"每半个线程束的 16 个线程落在同一对 bank 上。",
		.seed = "002",
		.signature = "about 31 bank conflicts per shared load instruction "
			     "(30 for 8-byte types); coalesced global accesses",
		.signature_zh = "每条共享内存读指令约 31 次 bank 冲突（8 字"
				"节类型为 30 次）；全局内存访问合并",
		.teaching = "both global directions are coalesced now, but the "
			    "tile is read down a column, and a column of a 32-wide "
			    "float tile lies in one bank: a 32-way conflict, "
			    "which bank_conflicts_per_shared_ld (about 31) and "
			    "shared_ld_wavefronts_per_instr (32) prove.  It is on "
			    "the ladder to show the cost of the conflict; the "
			    "next rung pads the tile and removes it",
		.teaching_zh = "现在全局内存的读写两个方向都是合并访问，但分块是按列"
			       "读取的，而 32 列宽的 float 分块的一列全部落在同一个 "
			       "bank 中：这是 32 路 bank 冲突，"
			       "bank_conflicts_per_shared_ld（约 31）和 "
			       "shared_ld_wavefronts_per_instr（32）就是证据。这一级"
			       "放在阶梯上是为了展示冲突的代价；下一级填充分块，消除"
			       "冲突",
		.expect = {
			{ .column = "bank_conflicts_per_shared_ld", .op = ">=",
			  .value = 16, .min_side = WIDE },
			X_ROW_LOADS,
			X_ROW_STORES,
			X_ROW_LOADS_DOUBLE,
		},
		.dtypes = DTYPE_ALL,
		.timed_region = REGION_TRANSPOSE,
		.timed_region_zh = REGION_TRANSPOSE_ZH,
		.launch = transpose_tile_launch,
	},
	{
		.name = "transpose_tile_pad",
		.family = FAMILY_TRANSPOSE,
		.step = 7,
		.title = "padded tile 32 x 33",
		.title_zh = "填充分块 32 x 33",
		.about_en =
			"One unused column makes each row of the tile 33 elements "
			"long, so element (r, c) is in bank (r + c) mod 32: the 32 "
			"elements of a column are in 32 different banks and a "
			"column read takes one pass.  For 8-byte types the padding "
			"shifts each row by one bank pair, which is again "
			"conflict-free per half-warp.  The cost is 32 unused "
			"elements of shared memory per tile.",
		.about_zh =
			"多加一列不用的元素，使分块的每行长为 33 个元素，元素 (r, c) "
			"位于第 (r + c) mod 32 个 bank：一列的 32 个元素分布在 32 个"
			"不同的 bank 上，读取一列只需一次。对 8 字节的类型，填充使每行"
			"错开一对 bank，对每半个线程束来说同样没有冲突。代价是每个分块"
			"浪费 32 个元素的共享内存。",
		.seed = "002",
		.signature = "almost no bank conflicts (the hardware counter is "
			     "not exactly zero even for conflict-free code)",
		.signature_zh = "几乎没有 bank 冲突（即使代码无冲突，硬件计数器"
				"也不完全为零）",
		.expect = {
			{ .column = "bank_conflicts_per_shared_ld", .op = "<=",
			  .value = 0.1, .dtypes = FLOATS, .min_side = WIDE },
			{ .column = "bank_conflicts_per_shared_ld", .op = "<",
			  .value = 0.05, .than = "transpose_tile",
			  .min_side = WIDE },
			X_ROW_LOADS,
			X_ROW_STORES,
		},
		.dtypes = DTYPE_ALL,
		.timed_region = REGION_TRANSPOSE,
		.timed_region_zh = REGION_TRANSPOSE_ZH,
		.launch = transpose_tile_pad_launch,
	},
	{
		.name = "transpose_tile_swizzle",
		.family = FAMILY_TRANSPOSE,
		.step = 8,
		.title = "swizzled tile (XOR)",
		.title_zh = "异或交错（swizzle）分块",
		.about_en =
			"Instead of padding, element (r, c) is stored at column "
			"c XOR r of row r.  Each row is only permuted, so row "
			"accesses stay conflict-free, and the elements of a column "
			"land in 32 different banks, with no unused memory.  This "
			"is the layout trick libraries such as CUTLASS use when "
			"padding would break alignment; it costs one XOR per "
			"access.",
		.about_zh =
			"不再填充，而是把元素 (r, c) 存放在第 r 行的第 c XOR r 列。"
			"每一行只是被重新排列，按行访问仍然没有冲突，而一列的元素落在 "
			"32 个不同的 bank 上，也没有浪费内存。CUTLASS 等库在填充会破坏"
			"对齐时使用这种布局技巧；代价是每次访问多一次异或运算。",
		.signature = "almost no bank conflicts, like the padded tile",
		.signature_zh = "几乎没有 bank 冲突，与填充版分块相同",
		.expect = {
			{ .column = "bank_conflicts_per_shared_ld", .op = "<=",
			  .value = 0.5, .min_side = WIDE },
			{ .column = "bank_conflicts_per_shared_ld", .op = "<",
			  .value = 0.05, .than = "transpose_tile",
			  .min_side = WIDE },
			X_ROW_LOADS,
			X_ROW_STORES,
		},
		.dtypes = DTYPE_ALL,
		.timed_region = REGION_TRANSPOSE,
		.timed_region_zh = REGION_TRANSPOSE_ZH,
		.launch = transpose_tile_swizzle_launch,
	},
	{
		.name = "transpose_tile_pairs",
		.family = FAMILY_TRANSPOSE,
		.step = 9,
		.title = "2 x 2 blocks: two elements per access",
		.title_zh = "2 x 2 小块：每次访问两个元素",
		.about_en =
			"The fastest version.  The matrix is read as 2 x 2 "
			"blocks: each thread loads a pair of elements from two "
			"adjacent rows, swaps their halves in registers into the "
			"two rows of the transposed block, and stages them through "
			"two padded tiles, so every global and shared-memory "
			"access carries two elements (8 bytes for int and float, "
			"16 for double) and each thread has 8 loads in flight.  "
			"Measured on an H100, the padded tile reaches 97% of the "
			"copy for double but 93% for float, and even a plain copy "
			"through shared memory reaches only 92% for float: moving "
			"4-byte elements through shared memory one at a time is "
			"what costs, so pairs make float move like double.  Tried "
			"and slower on the same GPU: 64 x 64 tiles of 16-byte "
			"vectors (even software-pipelined), warp-private tiles, "
			"and 4 x 4 blocks transposed in registers.  Odd sides fall "
			"back to the padded tile; a one-row or one-column matrix is "
			"its own transpose in memory and is simply copied.",
		.about_zh =
			"最快的版本。把矩阵看成 2 x 2 的小块：每个线程从相邻两行各读取"
			"一对元素，在寄存器中交换它们的一半，得到转置后小块的两行，再"
			"经由两个填充过的共享内存分块中转，因此每次全局内存和共享内存"
			"访问都携带两个元素（int 和 float 为 8 字节，double 为 16 字节），"
			"每个线程有 8 次读取同时在途。在 H100 上实测，填充分块对 double "
			"能达到拷贝带宽的 97%，对 float 只有 93%，而经由共享内存的普通"
			"拷贝对 float 也只有 92%：真正的代价是逐个搬运 4 字节元素经过"
			"共享内存，所以成对搬运让 float 像 double 一样快。在同一 GPU 上"
			"试过但更慢的做法：16 字节向量的 64 x 64 分块（即使做了软件流水）、"
			"每个线程束私有的分块、以及在寄存器中转置 4 x 4 小块。边长为奇数"
			"时退回到填充分块；只有一行或一列的矩阵在内存中与其转置相同，"
			"直接拷贝即可。",
		.signature = "8 sectors per global request for 4-byte types (256 "
			     "bytes per warp access; 16 for double) and almost no "
			     "bank conflicts (measured on an H100 at 8192 x 8192: "
			     "0.07 per shared load for float, 0.46 for double's "
			     "16-byte loads, against 31 and 30 for the 32 x 32 "
			     "tile)",
		.signature_zh = "4 字节类型每个全局内存请求 8 个扇区（"
				"每次线程束访问 256 字节；double 为"
				" 16 个），几乎没有 bank 冲突（H100 上实测，"
				"8192 x 8192：float 每条共"
				"享内存读 0.07 次，double 的 16 字节"
				"读为 0.46 次，而 32 x 32 分块分"
				"别为 31 和 30 次）",
		.expect = {
			{ .column = "bank_conflicts_per_shared_ld", .op = "<=",
			  .value = 0.5, .dtypes = WORDS, .min_side = WIDE },
			{ .column = "bank_conflicts_per_shared_ld", .op = "<",
			  .value = 0.05, .than = "transpose_tile",
			  .min_side = WIDE },
			{ .column = "gld_sectors_per_request", .op = "<=",
			  .value = 9, .dtypes = WORDS },
			{ .column = "gst_sectors_per_request", .op = "<=",
			  .value = 9, .dtypes = WORDS },
		},
		.dtypes = DTYPE_ALL,
		.timed_region = REGION_TRANSPOSE_PAIRS,
		.timed_region_zh = REGION_TRANSPOSE_PAIRS_ZH,
		.launch = transpose_tile_pairs_launch,
	},};

const size_t variants_transpose_count = sizeof(variants_transpose) /
					 sizeof(variants_transpose[0]);
