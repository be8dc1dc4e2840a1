/* variants_reduce.c - the built-in rungs of the reduction ladder, with
 * the library baselines, the read ceiling and the CPU reference beside
 * them, in ladder order.  See variants.h.
 *
 * Rows appear in ladder order; `step` numbers rungs from 1 and the
 * reference row (the CPU) uses 0 and comes last.  The prose lives here,
 * next to the launcher it describes, so the report and `culab list` can
 * never describe a kernel that does not exist.
 *
 * Expect lines are written for the physics that is certain: thresholds
 * leave room for the hardware counters' noise (the bank-conflict counter
 * reads up to 0.2 conflicts per load instruction for conflict-free
 * layouts; ../shared/research/cupti.md 3.1 and ncu on an H100), and lines
 * that hold only for some element sizes or for large sizes say so with
 * `dtypes` and `min_side`. */
#include "variants.h"

/* What one timed run contains, per kind of launcher. */
#define REGION_HOST_STEP \
	"one kernel launch, the copy of the per-block partial sums to " \
	"pinned host memory, the stream synchronization and the host loop " \
	"that adds them"
#define REGION_ONE_BLOCK \
	"one kernel launch of a single block; the sum is left in device memory"
#define REGION_PASSES \
	"every pass: a first launch reduces each block's tile of the input " \
	"to a partial sum in scratch memory, and further launches of the " \
	"same kernel reduce the partials until one value is left in device " \
	"memory"
#define REGION_TWO_PASSES \
	"two kernel launches: a grid sized to the GPU writes one partial sum " \
	"per block to scratch memory, then one block adds them; the sum is " \
	"left in device memory"
#define REGION_ATOMIC \
	"a cudaMemsetAsync that clears the accumulator and one kernel launch " \
	"whose blocks add into it atomically"
#define REGION_SINGLE \
	"one kernel launch; its last block adds the per-block sums and " \
	"writes the result to device memory"
#define REGION_CUB \
	"cub::DeviceReduce::Sum and the kernels it launches; its temporary " \
	"storage was allocated before timing"
#define REGION_THRUST \
	"thrust::reduce: the kernels it launches, the copy of its result to " \
	"the host and the stream synchronization it performs; its temporary " \
	"storage comes from scratch allocated before timing"
#define REGION_CPU "the single-threaded host loop, timed with the host clock"

/* The same in Chinese. */
#define REGION_HOST_STEP_ZH \
	"一次核函数启动、把各线程块的部分和拷贝到锁页主机内存、流同步，" \
	"以及主机上把这些部分和相加的循环"
#define REGION_ONE_BLOCK_ZH \
	"只有一个线程块的一次核函数启动；结果留在显存中"
#define REGION_PASSES_ZH \
	"所有各趟归约：第一次启动把每个线程块负责的那一分块输入归约为一个" \
	"部分和，写入临时显存；之后同一个核函数再启动若干次，归约这些部分" \
	"和，直到显存中只剩一个值"
#define REGION_TWO_PASSES_ZH \
	"两次核函数启动：按 GPU 规模确定大小的网格把每个线程块的部分和写入" \
	"临时显存，再由一个线程块把它们相加；结果留在显存中"
#define REGION_ATOMIC_ZH \
	"一次清零累加器的 cudaMemsetAsync，以及一次核函数启动，其中各线程块" \
	"用原子加法把自己的和累加到累加器上"
#define REGION_SINGLE_ZH \
	"一次核函数启动；最后完成的线程块把各线程块的和相加，并把结果写入" \
	"显存"
#define REGION_CUB_ZH \
	"cub::DeviceReduce::Sum 及其启动的核函数；它所需的临时存储在计时前" \
	"已经分配好"
#define REGION_THRUST_ZH \
	"thrust::reduce：它启动的核函数、把结果拷回主机以及它自己做的流同步；" \
	"它所需的临时存储取自计时前分配好的临时显存"
#define REGION_CPU_ZH "单线程的主机循环，用主机时钟计时"

/* Type masks and sizes for expect lines. */
#define FLOATS DTYPE_BIT(DTYPE_FLOAT)
/* Types whose shared-memory partial sums are 8 bytes wide. */
#define WIDE_SUMS (DTYPE_BIT(DTYPE_INT) | DTYPE_BIT(DTYPE_DOUBLE))
#define LARGE_N ((size_t)1 << 20) /* reductions: many blocks, edges negligible */
#define HUGE_N ((size_t)1 << 26)  /* reductions: far larger than L2 */

/* Common expect lines. */
#define X_SEQ_NO_CONFLICTS                                                     \
	{ .column = "bank_conflicts_per_shared_ld", .op = "<=", .value = 0.1,  \
	  .dtypes = FLOATS, .min_side = LARGE_N }
/* Sequential addressing of 8-byte slots (double, and the long long
 * sums of int) is conflict-free too: a warp's 32 slots fill two
 * wavefronts of 32 banks.  The counter reads up to 0.10 there (H100 and
 * H200, int and double, 2^20 to 2^24), so the line leaves it 3x. */
#define X_SEQ_NO_CONFLICTS_WIDE                                                \
	{ .column = "bank_conflicts_per_shared_ld", .op = "<=", .value = 0.3,  \
	  .dtypes = WIDE_SUMS, .min_side = LARGE_N }
#define X_COALESCED_LOADS                                                      \
	{ .column = "gld_efficiency_pct", .op = ">=", .value = 95,             \
	  .min_side = LARGE_N }
#define X_VECTOR_LOADS                                                         \
	{ .column = "gld_sectors_per_request", .op = ">=", .value = 15,        \
	  .min_side = LARGE_N }

const struct variant variants_reduce[] = {
	/* ---- reduction ladder ------------------------------------------- */
	{
		.name = "reduce_global",
		.family = FAMILY_REDUCE,
		.step = 1,
		.title = "global memory only, host finishes",
		.title_zh = "仅用全局内存，主机完成求和",
		.about_en =
			"Each block folds its tile of the array in half, again "
			"and again, in global memory, with __syncthreads() between "
			"folds; the per-block sums are copied back and added on the "
			"host.  Every fold reads and writes device memory (through "
			"L2), the input is destroyed, half the threads fall idle "
			"after each step, and the host step adds a copy and a "
			"synchronization.  It is the baseline every later rung "
			"improves on.  The seeds assume n is a multiple of the "
			"block; here elements past the end of a short last tile "
			"count as zero.  Every type folds one element per thread "
			"(an int tile's sum fits in 32 bits; only the tile sums "
			"are 64-bit).  The host adds the per-block sums one after "
			"another in the element type: for float at n = 2^28 that "
			"is 2^20 additions in single precision, so this rung's "
			"rounding error is far larger than the tree rungs', though "
			"within the bound its order of additions allows.",
		.about_zh =
			"每个线程块在全局内存中把自己负责的分块反复对折相加，"
			"每次对折之间用 __syncthreads() 同步；各块的部分和拷回主机，"
			"由 CPU 完成最后的求和。每一次对折都要读写显存（经过 L2），"
			"输入数组被改写，每一步之后都有一半线程空闲，主机步骤还增加了"
			"一次拷贝和一次同步。这是后续各级优化的起点。种子代码假设 n "
			"是线程块大小的整数倍；这里最后一个不满的分块中越界的元素按 0 "
			"计算。每种类型都是每个线程折叠一个元素（int 分块的和在 32 位"
			"以内，只有各块的部分和是 64 位）。主机按元素类型把各块的部分和"
			"逐个相加：对 float 且 n = 2^28，这是 2^20 次单精度加法，所以这"
			"一级的舍入误差远大于树形归约各级，但仍在其加法顺序所允许的界内。",
		.seed = "000",
		.signature = "no shared-memory traffic; every fold loads and stores "
			     "global memory, so DRAM writes are a large fraction of "
			     "the input once it is much larger than L2",
		.signature_zh = "不使用共享内存；每一轮折叠都读写全局内存，因此当输入"
				"远大于 L2 时，DRAM 写入量占输入的很大一部分",
		.expect = {
			{ .column = "dram_write_bytes", .op = ">", .value = 2,
			  .than = "reduce_shared_static", .min_side = HUGE_N },
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2 | VF_IN_PLACE | VF_HOST_STEP,
		.first_loads = 1,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_HOST_STEP,
		.timed_region_zh = REGION_HOST_STEP_ZH,
		.launch = reduce_global_launch,
		.work = reduce_global_work,
		.host = reduce_global_host,
	},
	{
		.name = "reduce_one_block",
		.family = FAMILY_REDUCE,
		.step = 2,
		.title = "one block, thread 0 adds the partial sums",
		.title_zh = "单个线程块，由 0 号线程累加部分和",
		.about_en =
			"A single block: each thread adds every blockDim.x-th "
			"element in a register and stores its partial sum in shared "
			"memory; after a barrier, thread 0 adds the partials one by "
			"one.  Only one multiprocessor works, so it is far slower "
			"than the global-memory rung; it shows why the work must "
			"be spread over many blocks.  Seed 001 leaves out the "
			"__syncthreads() between the partial sums and thread 0's "
			"loop, a race that can read partials not yet written; its "
			"second program fills the array with rand() * 100, which "
			"overflows int.  Here the barrier is in place and int "
			"sums are kept in long long.",
		.about_zh =
			"只用一个线程块：每个线程在寄存器中累加每隔 blockDim.x 个"
			"元素，把部分和存入共享内存；同步之后由 0 号线程逐个累加这些"
			"部分和。只有一个 SM 在工作，因此比仅用全局内存的版本慢得多；"
			"它说明了为什么必须把工作分给许多线程块。种子 001 在部分和与 "
			"0 号线程的循环之间漏掉了 __syncthreads()，这是一个数据竞争，"
			"可能读到尚未写入的部分和；它的第二个程序用 rand() * 100 "
			"填充数组，会使 int 溢出。这里补上了同步，int 的和用 long long "
			"保存。",
		.seed = "001",
		.signature = "one block on one SM: the duration, not a counter, "
			     "shows the cost",
		.signature_zh = "只有一个线程块跑在一个 SM 上：代价体现在"
				"时长上，而不是某个计数器",
		.teaching = "one block runs on one of this GPU's {sms} "
			    "multiprocessors while the others idle, so only "
			    "that block's threads have loads in flight: each "
			    "waits a memory round trip per element, and by "
			    "Little's law so few bytes in flight make a tiny "
			    "bandwidth.  Latency, not the bytes, sets its time: "
			    "measured in int and double it takes the same time "
			    "per element though a double is twice the bytes.  "
			    "It is on the ladder to show why the work must be "
			    "spread over many blocks, not to be faster",
		.teaching_zh = "只有一个线程块，只在本 GPU 的 {sms} 个 SM 中的一个上"
			       "运行，其余 SM 全部空闲，因此只有这个线程块的线程有"
			       "在途的读取：每个线程每个元素都要等一次访存往返；按"
			       "利特尔定律，在途字节这么少，带宽就极低。决定时间的是"
			       "延迟而不是字节数：用 int 和 double 测量时，每个元素的"
			       "时间相同，尽管 double 的字节数是两倍。这一级放在阶梯上"
			       "是为了说明为什么要把工作分给许多线程块，而不是为了更快",
		.expect = {
			/* one block holds at most 32 of an SM's 64 warps */
			{ .column = "achieved_occupancy_pct", .op = "<=",
			  .value = 50 },
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK,
		.first_loads = VARIANT_LOADS_ANY,
		.block_default = 256,
		.block_min = 1,
		.timed_region = REGION_ONE_BLOCK,
		.timed_region_zh = REGION_ONE_BLOCK_ZH,
		.launch = reduce_one_block_launch,
	},
	{
		.name = "reduce_interleaved_divergent",
		.family = FAMILY_REDUCE,
		.step = 3,
		.title = "shared memory, interleaved addressing, divergent branch",
		.title_zh = "共享内存，交错寻址，分支发散",
		.about_en =
			"Each block loads its tile into shared memory once and "
			"builds a tree there: at stride h, threads whose index is "
			"a multiple of 2h add the element h places away.  Shared "
			"memory replaces the global-memory folds of rung 1, but "
			"the working threads are scattered: every warp keeps a few "
			"active lanes in every step, and the % operation is slow.  "
			"nvcc may turn the branch into predicated instructions, so "
			"the cost shows up as few active threads per shared-memory "
			"access rather than as divergent branches.  Further launches "
			"reduce the per-block sums on the device.",
		.about_zh =
			"每个线程块把自己的分块一次性读入共享内存，并在其中做树形"
			"归约：步长为 h 时，索引是 2h 倍数的线程把相距 h 的元素加到自己"
			"的位置上。共享内存取代了第 1 级在全局内存中的对折，但工作的"
			"线程分散各处：每一步里每个线程束都只有少数几个线程在工作，而且"
			"取余运算很慢。nvcc 可能把分支变成谓词化指令，所以代价表现为每"
			"次共享内存访问的活跃线程很少，而不是分支发散。后续的核函数启动在设备上"
			"归约各块的部分和。",
		.seed = "003",
		.signature = "few working threads per shared-memory access: "
			     "less than half the bytes per shared load or "
			     "store of sequential addressing (the check below "
			     "gives this run's values; as recorded on an H100 "
			     "with 2^24 floats and 256 threads: 27.3 B against "
			     "90.8 B, about 7 of 32 threads).  nvcc predicates "
			     "the branch, so branch efficiency stays at 100%, "
			     "and every warp issues every step: more than 1.5x "
			     "the warp instructions of sequential addressing.  "
			     "Averaged over all instructions the predicated-on "
			     "threads do not show it, because the % arithmetic "
			     "runs on all 32 lanes",
		.signature_zh = "每次共享内存访问只有很少的线程在工作：每条共享内存"
				"读写指令搬运的字节数不到顺序寻址的一半（本次运行的"
				"数值见下面的检查；H100 上的记录，2^24 个 float、"
				"256 线程：27.3 B 对 90.8 B，约为 32 个线程中的 "
				"7 个）。nvcc 把这个分支变成谓词执行，所以分支效率"
				"保持 100%；每个线程束都执行每一步：线程束指令数超过"
				"顺序寻址的 1.5 倍。按所有指令平均的谓词为真线程数"
				"看不出来，因为 % 运算在全部 32 个 lane 上执行",
		.expect = {
			{ .column = "shared_bytes_per_instr", .op = "<",
			  .value = 0.5, .than = "reduce_shared_static" },
			{ .column = "warp_instructions", .op = ">", .value = 1.5,
			  .than = "reduce_shared_static", .min_side = LARGE_N },
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.first_loads = 1,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_PASSES,
		.timed_region_zh = REGION_PASSES_ZH,
		.launch = reduce_interleaved_divergent_launch,
		.work = reduce_blocks_work,
	},
	{
		.name = "reduce_interleaved_strided",
		.family = FAMILY_REDUCE,
		.step = 4,
		.title = "interleaved addressing, strided index (bank conflicts)",
		.title_zh = "交错寻址，跨步索引（bank 冲突）",
		.about_en =
			"Thread t now works on element k = 2*h*t, so the working "
			"threads are contiguous and whole warps retire together: "
			"no divergence, no %.  But a warp's 32 accesses are 2h "
			"elements apart, so several of them land in the same "
			"shared-memory bank and are served one after another: "
			"2-way bank conflicts in the first step, 4-way in the "
			"second, and so on.",
		.about_zh =
			"线程 t 改为处理第 k = 2*h*t 个元素，工作的线程是连续的，整个"
			"线程束一起退出：没有分支发散，也没有取余。但一个线程束的 32 "
			"次访问彼此相隔 2h 个元素，其中若干次落在同一个共享内存 bank "
			"上，只能依次完成：第一步是 2 路 bank 冲突，第二步是 4 路，"
			"依此类推。",
		.seed = "003",
		.signature = "shared loads with many more bank conflicts per "
			     "instruction than sequential addressing",
		.signature_zh = "共享内存读的每条指令 bank 冲突远多于顺序寻址",
		.expect = {
			{ .column = "bank_conflicts_per_shared_ld", .op = ">",
			  .value = 4, .than = "reduce_shared_static",
			  .min_side = LARGE_N },
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.first_loads = 1,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_PASSES,
		.timed_region_zh = REGION_PASSES_ZH,
		.launch = reduce_interleaved_strided_launch,
		.work = reduce_blocks_work,
	},
	{
		.name = "reduce_shared_static",
		.family = FAMILY_REDUCE,
		.step = 5,
		.title = "sequential addressing, static shared memory",
		.title_zh = "顺序寻址，静态共享内存",
		.about_en =
			"Thread t adds element t + h, for h = blockDim.x/2, /4, "
			"... 1: the working threads are contiguous and a warp's "
			"accesses are consecutive, so there is neither divergence "
			"nor a bank conflict.  The __shared__ array has a size "
			"fixed at compile time, which must cover the largest block "
			"the launcher accepts (1024).  Seed 000's reduce_shared "
			"uses a size N it never defines; here the bounds come from "
			"the launch.",
		.about_zh =
			"线程 t 把第 t + h 个元素加到自己的位置上，h 依次为 "
			"blockDim.x/2、/4……1：工作的线程是连续的，一个线程束的访问"
			"地址也是连续的，因此既没有分支发散，也没有 bank 冲突。"
			"__shared__ 数组的大小在编译时固定，必须覆盖启动函数接受的最大"
			"线程块（1024）。种子 000 的 reduce_shared 使用了一个从未定义"
			"的 N；这里的边界来自核函数的启动参数。",
		.seed = "000",
		.signature = "conflict-free shared loads, coalesced global loads",
		.signature_zh = "共享内存读无 bank 冲突，全局内存读合并",
		.expect = {
			X_SEQ_NO_CONFLICTS,
			X_SEQ_NO_CONFLICTS_WIDE,
			X_COALESCED_LOADS,
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.first_loads = 1,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_PASSES,
		.timed_region_zh = REGION_PASSES_ZH,
		.launch = reduce_shared_static_launch,
		.work = reduce_blocks_work,
	},
	{
		.name = "reduce_shared_dynamic",
		.family = FAMILY_REDUCE,
		.step = 6,
		.title = "sequential addressing, dynamic shared memory",
		.title_zh = "顺序寻址，动态共享内存",
		.about_en =
			"The same algorithm with an extern __shared__ array whose "
			"size is the third launch parameter, so one kernel serves "
			"every block size and uses no more shared memory than the "
			"block needs.  It should run at the same speed as the "
			"static version: the lesson is flexibility, not speed.",
		.about_zh =
			"算法相同，但共享数组用 extern __shared__ 声明，大小由核函数"
			"启动的第三个参数给出，同一个核函数可用于任意线程块大小，也不会"
			"占用多于所需的共享内存。速度应与静态版本相同：这一步讲的是"
			"灵活性，而不是速度。",
		.seed = "002",
		.signature = "the same counters as static shared memory",
		.signature_zh = "计数器与静态共享内存版本相同",
		.expect = {
			X_SEQ_NO_CONFLICTS,
			X_SEQ_NO_CONFLICTS_WIDE,
			X_COALESCED_LOADS,
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.first_loads = 1,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_PASSES,
		.timed_region_zh = REGION_PASSES_ZH,
		.launch = reduce_shared_dynamic_launch,
		.work = reduce_blocks_work,
	},
	{
		.name = "reduce_first_add",
		.family = FAMILY_REDUCE,
		.step = 7,
		.title = "first add during the global load",
		.title_zh = "读取全局内存时先做一次加法",
		.about_en =
			"Half of the threads of the previous rung idle from the "
			"first step of the tree.  Here each thread loads two "
			"elements, blockDim.x apart, and adds them before storing "
			"to shared memory, so a block covers twice the data and "
			"half as many blocks (and tree steps per element) are "
			"needed for the same input.",
		.about_zh =
			"上一级中一半的线程从树形归约的第一步起就空闲。这里每个线程"
			"读取相距 blockDim.x 的两个元素，先相加再存入共享内存，因此"
			"一个线程块处理两倍的数据，同样的输入只需要一半的线程块（每个"
			"元素分摊的树形归约步骤也减半）。",
		.seed = "003",
		.signature = "like sequential addressing, with half the blocks",
		.signature_zh = "与顺序寻址相同，但线程块数减半",
		.expect = {
			X_SEQ_NO_CONFLICTS,
			X_SEQ_NO_CONFLICTS_WIDE,
			X_COALESCED_LOADS,
			/* the same bytes read: the gain is in the tree */
			{ .column = "dram_read_bytes", .op = "<=", .value = 1.02,
			  .than = "reduce_shared_static", .min_side = LARGE_N },
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.first_loads = 2,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_PASSES,
		.timed_region_zh = REGION_PASSES_ZH,
		.launch = reduce_first_add_launch,
		.work = reduce_pairs_work,
	},
	{
		.name = "reduce_warp_volatile",
		.family = FAMILY_REDUCE,
		.step = 8,
		.title = "last warp unrolled with volatile (unsafe since Volta)",
		.title_zh = "用 volatile 展开最后一个线程束（Volta 起不安全）",
		.about_en =
			"Once 64 partial sums are left, only the first warp works, "
			"and the seed's version finishes it without barriers: six "
			"unrolled steps through a volatile pointer, trusting the 32 "
			"lanes to run in lockstep.  That saves five __syncthreads() "
			"and loop overhead.  Since Volta, lanes of a warp are "
			"scheduled independently, and volatile only keeps values "
			"out of registers; nothing makes a lane wait for the lane "
			"whose slot it reads, so the sum may be wrong.  Kept to "
			"teach the defect of seed 003; the next rung is the correct "
			"version.",
		.about_zh =
			"剩下 64 个部分和时只有第一个线程束在工作，种子代码不再同步："
			"通过 volatile 指针展开 6 步，依赖 32 个线程步调一致。这样省去"
			"了 5 次 __syncthreads() 和循环开销。从 Volta 架构开始，线程束"
			"内的线程被独立调度，volatile 只保证数值不被缓存在寄存器中；"
			"没有任何机制让一个线程等待它所读取位置的写入者，结果可能出错。"
			"保留这一级是为了讲解种子 003 的缺陷；下一级是正确的写法。",
		.seed = "003",
		.signature = "like first add; compute-sanitizer racecheck can "
			     "report the unsynchronized warp steps",
		.signature_zh = "与首次相加版本相同；compute-sanitizer racecheck 可"
				"能报告未同步的线程束内步骤",
		.expect = {
			X_SEQ_NO_CONFLICTS,
			X_SEQ_NO_CONFLICTS_WIDE,
			X_COALESCED_LOADS,
		},
		.teaching = "the last warp's steps run without __syncwarp(), "
			    "relying on lanes moving in lockstep, which no GPU "
			    "since Volta guarantees: a lane may read a slot "
			    "before its neighbour has written it.  Its speed is "
			    "not the lesson: compute-sanitizer's racecheck "
			    "reports the hazards (the step's description "
			    "records what it found), and the next rung is the "
			    "correct version",
		.teaching_zh = "最后一个线程束的各步之间没有 __syncwarp()，依赖各 lane "
			       "步调一致，而 Volta 以后的 GPU 都不保证这一点：一个 "
			       "lane 可能在邻居写入之前就读取了那个位置。这一级要讲的"
			       "不是速度：compute-sanitizer racecheck 会报告这些竞争"
			       "（这一级的说明记录了它的结果），下一级是正确的写法",
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2 | VF_UNSAFE,
		.first_loads = 2,
		.block_default = 256,
		.block_min = 64,
		.timed_region = REGION_PASSES,
		.timed_region_zh = REGION_PASSES_ZH,
		/* Observed, not expected: make test-gpu asserts these counts. */
		.sanitizer = "racecheck: 30 hazards (0 errors, 30 warnings) "
			     "between the unsynchronized warp steps, at n = 4097 "
			     "for int, float and double; memcheck: 0 errors; "
			     "synccheck: 0 errors; initcheck: 0 errors (recorded "
			     "on an H100, sm_90, CUDA 13.0, driver 580, 2026-11-22)",
		.sanitizer_zh = "racecheck：未同步的线程束内各步之间有 30 处冒险"
				"（0 个错误、30 个警告），n = 4097 时 int、float "
				"和 double 都是如此；memcheck、synccheck、initcheck："
				"均为 0 个错误（H100 上的记录，sm_90，CUDA 13.0，驱动 580，"
				"2026-11-22）",
		.launch = reduce_warp_volatile_launch,
		.work = reduce_pairs_work,
	},
	{
		.name = "reduce_warp_syncwarp",
		.family = FAMILY_REDUCE,
		.step = 9,
		.title = "last warp unrolled with __syncwarp()",
		.title_zh = "用 __syncwarp() 展开最后一个线程束",
		.about_en =
			"The same unrolled last warp, made correct: each step "
			"reads the neighbour's slot into a register, waits at "
			"__syncwarp(), writes its own slot and waits again, so no "
			"lane reads a slot another lane is writing.  __syncwarp() "
			"synchronizes only the 32 lanes of one warp and costs far "
			"less than a block-wide barrier, so it keeps nearly all of "
			"the unrolling's gain.",
		.about_zh =
			"同样展开最后一个线程束，但写法正确：每一步先把相邻位置的值读入"
			"寄存器，在 __syncwarp() 处等待，再写自己的位置并再次等待，"
			"因此没有线程会读到别的线程正在写的位置。__syncwarp() 只同步"
			"一个线程束的 32 个线程，开销远小于整个线程块的同步，几乎保留了"
			"展开带来的全部收益。",
		.seed = "003",
		.signature = "like first add, with fewer block-wide barriers; "
			     "racecheck-clean",
		.signature_zh = "与首次相加版本相同，但线程块级屏障更少；racecheck 无"
				"报告",
		.expect = {
			X_SEQ_NO_CONFLICTS,
			X_SEQ_NO_CONFLICTS_WIDE,
			X_COALESCED_LOADS,
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.first_loads = 2,
		.block_default = 256,
		.block_min = 64,
		.timed_region = REGION_PASSES,
		.timed_region_zh = REGION_PASSES_ZH,
		.launch = reduce_warp_syncwarp_launch,
		.work = reduce_pairs_work,
	},
	{
		.name = "reduce_unrolled",
		.family = FAMILY_REDUCE,
		.step = 10,
		.title = "complete unroll, block size as a template parameter",
		.title_zh = "完全展开，线程块大小作为模板参数",
		.about_en =
			"With the block size a template parameter, every step of "
			"the tree is known at compile time: the loop, its counter "
			"and the comparisons with blockDim.x disappear, and each "
			"thread keeps its running sum in a register instead of "
			"reloading it from shared memory.  The launcher picks one "
			"of five instantiations (64 to 1024 threads) from a table.",
		.about_zh =
			"把线程块大小作为模板参数后，树形归约的每一步在编译时都已确定："
			"循环、循环变量以及与 blockDim.x 的比较都消失了，每个线程把"
			"累加值保存在寄存器中，而不是反复从共享内存读取。启动函数从一张"
			"表中选择 5 个实例化版本之一（64 到 1024 个线程）。",
		.signature = "fewer instructions per element than the previous "
			     "rungs; the same memory counters",
		.signature_zh = "每个元素的指令数少于前面各级；内存计数器相同",
		.expect = {
			X_SEQ_NO_CONFLICTS,
			X_SEQ_NO_CONFLICTS_WIDE,
			X_COALESCED_LOADS,
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.first_loads = 2,
		.block_default = 256,
		.block_min = 64,
		.timed_region = REGION_PASSES,
		.timed_region_zh = REGION_PASSES_ZH,
		.launch = reduce_unrolled_launch,
		.work = reduce_pairs_work,
	},
	{
		.name = "reduce_grid_stride",
		.family = FAMILY_REDUCE,
		.step = 11,
		.title = "many elements per thread (grid-stride loop)",
		.title_zh = "每个线程处理多个元素（网格跨步循环）",
		.about_en =
			"The grid is sized to the GPU (multiprocessors times the "
			"blocks that fit on each, from the occupancy API), not to "
			"n, and each thread adds elements i, i + grid size, ... in "
			"a register before the unrolled tree runs once.  Most of "
			"the time is now spent streaming the input, the tree's cost "
			"is paid once per thread instead of once per two elements, "
			"and a second one-block launch adds the thousand or so "
			"block sums (Brent's theorem: fewer threads, each doing "
			"more).",
		.about_zh =
			"网格大小按 GPU 而不是按 n 确定（SM 数乘以每个 SM 可容纳的线程"
			"块数，由占用率 API 给出），每个线程先在寄存器中累加第 i、"
			"i + 网格大小……个元素，然后只做一次展开的树形归约。现在大部分"
			"时间都在顺序读取输入，树形归约的开销由每两个元素一次变成每个线程"
			"一次，第二次单线程块的启动把一千个左右的块和加起来（Brent 定理：更少"
			"的线程，每个做更多的工作）。",
		.seed = "004",
		.signature = "coalesced loads; shared-memory traffic per element "
			     "nearly vanishes",
		.signature_zh = "全局内存读合并；每个元素的共享内存流量几乎消失",
		.expect = {
			X_SEQ_NO_CONFLICTS,
			X_SEQ_NO_CONFLICTS_WIDE,
			X_COALESCED_LOADS,
			/* the tree runs once per thread, not per two elements */
			{ .column = "warp_instructions", .op = "<", .value = 0.5,
			  .than = "reduce_unrolled", .min_side = HUGE_N },
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.first_loads = VARIANT_LOADS_ANY,
		.block_default = 256,
		.block_min = 64,
		.timed_region = REGION_TWO_PASSES,
		.timed_region_zh = REGION_TWO_PASSES_ZH,
		.launch = reduce_grid_stride_launch,
		.work = reduce_persistent_work,
	},
	{
		.name = "reduce_shuffle",
		.family = FAMILY_REDUCE,
		.step = 12,
		.title = "warp shuffle inside warps, shared memory across warps",
		.title_zh = "线程束内用 shuffle，线程束间用共享内存",
		.about_en =
			"After the grid-stride loop, each warp adds its 32 values "
			"with __shfl_down_sync(), register to register, in five "
			"steps with no shared memory and no barrier; lane 0 of each "
			"warp puts its sum in shared memory, and after one barrier "
			"the first warp adds those with shuffles too.  Any block "
			"size works, not only powers of two.  Seed 004 strides its "
			"loop by BLOCK_SIZE * blockDim.x instead of the grid's "
			"size and loads the per-warp sums under a wrong condition "
			"(tid > offset); here the stride is gridDim.x * blockDim.x "
			"and lanes past the number of warps contribute zero.",
		.about_zh =
			"网格跨步循环之后，每个线程束用 __shfl_down_sync() 在寄存器"
			"之间分 5 步把 32 个值相加，不用共享内存，也不用同步；每个线程束"
			"的 0 号线程把结果放入共享内存，一次同步之后，第一个线程束同样用 "
			"shuffle 把它们相加。线程块大小可以是任意值，不必是 2 的幂。"
			"种子 004 的循环以 BLOCK_SIZE * blockDim.x 而不是整个网格的"
			"大小为步长，并且在错误的条件（tid > offset）下读取各线程束的和；"
			"这里步长是 gridDim.x * blockDim.x，超出线程束数的线程贡献 0。",
		.seed = "004",
		.signature = "almost no shared-memory traffic; coalesced loads",
		.signature_zh = "几乎没有共享内存流量；全局内存读合并",
		.expect = {
			X_COALESCED_LOADS,
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK,
		.first_loads = VARIANT_LOADS_ANY,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_TWO_PASSES,
		.timed_region_zh = REGION_TWO_PASSES_ZH,
		.launch = reduce_shuffle_launch,
		.work = reduce_persistent_work,
	},
	{
		.name = "reduce_vector_atomic",
		.family = FAMILY_REDUCE,
		.step = 13,
		.title = "16-byte loads, one atomic per block",
		.title_zh = "16 字节向量读取，每块一次原子加",
		.about_en =
			"Each thread reads 16 bytes per load (int4, float4, "
			"double2) instead of 4 or 8, so a quarter or half as many "
			"load instructions carry the same bytes; a misaligned "
			"start or a ragged end is added element by element.  "
			"Instead of a second pass, each block adds its sum to the "
			"result with one atomicAdd, so the launcher must clear the "
			"result first (a cudaMemsetAsync).  Float atomics add in "
			"whatever order blocks finish, so the last bits of a float "
			"sum may change from run to run.",
		.about_zh =
			"每个线程每次读取 16 字节（int4、float4、double2），而不是 4 "
			"或 8 字节，搬运同样字节数所需的读取指令减少到四分之一或一半；"
			"未对齐的开头和不足一个向量的结尾逐个元素相加。不再需要第二遍"
			"归约，每个线程块用一次 atomicAdd 把自己的和加到结果上，因此启动"
			"函数必须先清零结果（cudaMemsetAsync）。浮点原子加法的顺序取决于"
			"线程块完成的先后，所以 float 结果的最后几位可能每次运行都不同。",
		.signature = "16 sectors per global load request (512 bytes per "
			     "warp), still 100% load efficiency",
		.signature_zh = "每个全局内存读请求 16 个扇区（每个线程束 512 字"
				"节），读效率仍为 100%",
		.expect = {
			X_VECTOR_LOADS,
			X_COALESCED_LOADS,
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK,
		.first_loads = VARIANT_LOADS_ANY,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_ATOMIC,
		.timed_region_zh = REGION_ATOMIC_ZH,
		.launch = reduce_vector_atomic_launch,
	},
	{
		.name = "reduce_single_pass",
		.family = FAMILY_REDUCE,
		.step = 14,
		.title = "one launch: unrolled 16-byte loads, last block finishes",
		.title_zh = "单次启动：展开的 16 字节读取，最后一个块完成求和",
		.about_en =
			"Two changes.  Each thread issues four independent 16-byte "
			"loads before it adds any of them, so enough bytes are in "
			"flight to cover DRAM latency.  And the whole reduction is "
			"one launch with no memset: each block stores its sum, "
			"then counts itself done with an atomic that has release "
			"and acquire semantics; the block that counts last reads "
			"every block's sum, adds them in a fixed order (so float "
			"results repeat exactly), writes the result and resets the "
			"counter for the next launch.  With one launch instead of "
			"two or three, small inputs pay one launch latency, and "
			"large ones stream at close to the memory bandwidth.",
		.about_zh =
			"这一级有两处改动。每个线程先发出 4 次互不依赖的 16 字节读取，"
			"再把它们相加，使在途的字节数足以掩盖显存延迟。整个归约只有一次"
			"核函数启动，也不需要 memset：每个线程块写下自己的和，再用一个"
			"带有 release/acquire 语义的原子操作登记完成；最后登记的线程块"
			"读取所有线程块的和，按固定顺序相加（因此 float 结果每次完全"
			"相同），写出结果并把计数器清零，供下一次启动使用。一次启动代替"
			"两三次，小规模输入只付出一次启动延迟，大规模输入则以接近显存带宽"
			"的速度读取。",
		.signature = "16 sectors per load request, 100% load efficiency, "
			     "DRAM reads close to the input size",
		.signature_zh = "每个读请求 16 个扇区，读效率 100%，"
				"DRAM 读取量接近输入大小",
		.expect = {
			X_VECTOR_LOADS,
			X_COALESCED_LOADS,
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK,
		.first_loads = VARIANT_LOADS_ANY,
		.block_default = 256,
		.block_min = 32,
		.timed_region = REGION_SINGLE,
		.timed_region_zh = REGION_SINGLE_ZH,
		.launch = reduce_single_pass_launch,
		.work = reduce_stream_work,
	},
	{
		.name = "reduce_cub",
		.family = FAMILY_REDUCE,
		.step = 15,
		.title = "CUB DeviceReduce::Sum (baseline)",
		.title_zh = "CUB DeviceReduce::Sum（基线）",
		.about_en =
			"The library call a CUDA programmer would use: "
			"cub::DeviceReduce::Sum, tuned by NVIDIA for each "
			"architecture (vectorized loads, many items per thread, "
			"a two-kernel reduction).  Its temporary storage is "
			"allocated once, outside the timed region.  The ladder's "
			"last rung should match or beat it.",
		.about_zh =
			"CUDA 程序员实际会调用的库函数：cub::DeviceReduce::Sum，由 "
			"NVIDIA 针对各个架构调优（向量化读取、每个线程处理多个元素、"
			"两个核函数完成归约）。它的临时存储只在计时区域之外分配一次。"
			"阶梯的最后一级应当达到或超过它。",
		.signature = "near the memory bandwidth at large n",
		.signature_zh = "在 n 很大时接近显存带宽",
		.dtypes = DTYPE_ALL,
		.flags = VF_BASELINE,
		.timed_region = REGION_CUB,
		.timed_region_zh = REGION_CUB_ZH,
		.launch = reduce_cub_launch,
		.work = reduce_cub_work,
	},
	{
		.name = "reduce_thrust",
		.family = FAMILY_REDUCE,
		.step = 16,
		.title = "thrust::reduce (baseline)",
		.title_zh = "thrust::reduce（基线）",
		.about_en =
			"The one-line version of seed 003: thrust::reduce with "
			"plus<>, which runs CUB's reduction underneath, then copies "
			"the result to the host and synchronizes, so its time "
			"includes a device-to-host copy that CUB's does not.  Its "
			"temporary storage is served from culab's scratch memory "
			"instead of a cudaMalloc per call.",
		.about_zh =
			"种子 003 中的一行写法：thrust::reduce 加 plus<>，底层调用 "
			"CUB 的归约，然后把结果拷回主机并同步，因此它的时间比 CUB 多了"
			"一次设备到主机的拷贝。它的临时存储由 culab 预先分配的暂存内存"
			"提供，而不是每次调用都 cudaMalloc。",
		.seed = "003",
		.signature = "like CUB, plus a small copy and a synchronization",
		.signature_zh = "与 CUB 相同，另加一次小拷贝和一次同步",
		.dtypes = DTYPE_ALL,
		.flags = VF_BASELINE | VF_HOST_STEP,
		.timed_region = REGION_THRUST,
		.timed_region_zh = REGION_THRUST_ZH,
		.launch = reduce_thrust_launch,
		.work = reduce_thrust_work,
	},
	{
		.name = "reduce_read",
		.family = FAMILY_REDUCE,
		.step = 0,
		.title = "read the input once (ceiling)",
		.title_zh = "把输入读一遍（上限）",
		.about_en =
			"Not a reduction: it reads the same bytes as the rungs, "
			"with 16-byte loads, eight in flight per thread, over "
			"sixteen GPU-wide waves of blocks, and folds the 32-bit "
			"words with "
			"XOR, which costs almost nothing and needs no tree.  Its "
			"bandwidth is what this GPU can actually read at this "
			"size (the theoretical peak is not reachable), the "
			"ceiling the reduction ladder aims at.  It is checked too: "
			"the XOR it leaves must be the host's, so it cannot skip "
			"a byte.",
		.about_zh =
			"这不是归约：它读取与各级相同的字节，使用 16 字节的读取，每个线"
			"程同时有 8 次读取在途，网格为覆盖整个 GPU 十六轮的线程块，并用异或把 32 位字"
			"合并起来——几乎没有开销，也不需要归约树。它的带宽就是这块 GPU "
			"在该规模下实际能达到的读取带宽（理论峰值达不到），也就是归约阶"
			"梯追求的上限。它的结果同样会被检查：留下的异或值必须与主机算出"
			"的一致，因此它不能跳过任何一个字节。",
		.signature = "16 sectors per global load request (512 bytes per "
			     "warp instruction)",
		.signature_zh = "每个全局内存读请求 16 个扇区（每个线程束 512 字"
				"节）",
		.expect = {
			X_VECTOR_LOADS,
			X_COALESCED_LOADS,
		},
		.dtypes = DTYPE_ALL,
		.flags = VF_CEILING,
		.timed_region = "clearing the output (cudaMemsetAsync); one "
				"kernel launch",
		.timed_region_zh = "清零输出（cudaMemsetAsync）；一次核函数启动",
		.launch = reduce_read_launch,
	},
	{
		.name = "reduce_cpu",
		.family = FAMILY_REDUCE,
		.step = 0,
		.title = "single-threaded CPU loop (reference)",
		.title_zh = "单线程 CPU 循环（参考）",
		.about_en =
			"One CPU thread adds the elements in index order, reading "
			"host memory: the reference the seeds' timing tables "
			"compare against.  int accumulates in 64 bits and float in "
			"double: a float accumulator stops growing at 2^24 = "
			"16777216, because once the sum is that large every input "
			"below 1 rounds away (as recorded on an H100, a float "
			"accumulator returned exactly 16777216 for 2^26 inputs).  "
			"Its time includes no transfer to the GPU, which is the "
			"honest comparison only when the data already lives on the "
			"host.",
		.about_zh =
			"一个 CPU 线程按下标顺序相加各元素，读取的是主机内存：这是种子中"
			"计时表格所对比的参考。int 用 64 位累加，float 用 double 累加："
			"float 累加器在 2^24 = 16777216 处就不再增长，因为和达到这个量级"
			"后，每个小于 1 的输入都会被舍入掉（第一次在 H100 上实测时，float "
			"累加器对 2^26 个输入恰好返回 16777216）。它的时间不包括向 GPU 的"
			"数据传输，只有当数据本来就在主机上时，这种比较才是公平的。",
		.seed = "003",
		.signature = "no GPU counters",
		.signature_zh = "没有 GPU 计数器",
		.dtypes = DTYPE_ALL,
		.flags = VF_CPU,
		.timed_region = REGION_CPU,
		.timed_region_zh = REGION_CPU_ZH,
		.launch = reduce_cpu_launch,
	},
	/* ---- transpose ladder ------------------------------------------- */};

const size_t variants_reduce_count = sizeof(variants_reduce) /
				      sizeof(variants_reduce[0]);
