/* registry.c - the variant table.  See registry.h.
 *
 * Each row is one rung of a ladder.  Rows of a family appear in ladder
 * order; `step` numbers rungs from 1 and reference rows (the CPU) use 0.
 * The prose lives here, next to the launcher it describes, so the report
 * and `culab list` can never describe a kernel that does not exist. */
#include "registry.h"

#include <stdio.h>
#include <string.h>

static const char *const family_names[FAMILY__COUNT] = {
	[FAMILY_REDUCE] = "reduce",
	[FAMILY_TRANSPOSE] = "transpose",
};

const char *family_name(enum family f)
{
	return (unsigned)f < FAMILY__COUNT ? family_names[f] : "?";
}

int family_parse(const char *s, enum family *f)
{
	for (int i = 0; i < FAMILY__COUNT; i++)
		if (strcmp(s, family_names[i]) == 0) {
			*f = (enum family)i;
			return 0;
		}
	return -1;
}

void bytes_reduce(enum dtype t, size_t n, size_t m, double *read,
		  double *written)
{
	(void)m;
	*read = (double)n * (double)dtype_size(t);
	*written = (double)dtype_acc_size(t);
}

void bytes_transpose(enum dtype t, size_t n, size_t m, double *read,
		     double *written)
{
	*read = (double)n * (double)m * (double)dtype_size(t);
	*written = *read;
}

#define REDUCE_REGION_DEVICE \
	"all kernel launches; the sum is left in device memory"
#define REDUCE_REGION_HOST \
	"kernel launches, copy of the per-block partial sums to pinned host " \
	"memory, and the host loop that adds them"
#define TRANSPOSE_REGION "one kernel launch"

static const struct variant variants[] = {
	/* ---- reduction ladder ---- */
	{
		.name = "reduce_global",
		.family = FAMILY_REDUCE,
		.step = 1,
		.title = "global memory only, host finishes",
		.title_zh = "仅用全局内存，主机完成求和",
		.about_en =
			"Each block folds its slice of the array in half, again "
			"and again, in global memory, with __syncthreads() between "
			"folds; the per-block sums are copied back and added on the "
			"host.  Every fold reads and writes DRAM (through L2), the "
			"input is destroyed, and half the threads fall idle after "
			"each step.  It is the baseline every later rung improves on.",
		.about_zh =
			"每个线程块在全局内存中把自己负责的数据反复对折相加，"
			"每次对折之间用 __syncthreads() 同步；各块的部分和拷回主机，"
			"由 CPU 完成最后的求和。每一次对折都要读写显存（经过 L2），"
			"输入数组被改写，而且每一步之后都有一半线程空闲。"
			"这是后续各级优化的起点。",
		.seed = "000",
		.signature = "no shared-memory traffic; global loads and stores "
			     "on every fold",
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2 | VF_IN_PLACE | VF_HOST_STEP,
		.block_default = 256,
		.timed_region = REDUCE_REGION_HOST,
		.bytes = bytes_reduce,
		.launch = reduce_global_launch,
		.work = NULL,
		.host = reduce_global_host,
	},
	{
		.name = "reduce_shared_static",
		.family = FAMILY_REDUCE,
		.step = 2,
		.title = "static shared memory, sequential addressing",
		.title_zh = "静态共享内存，顺序寻址",
		.about_en =
			"Each block copies its slice into a statically sized "
			"__shared__ array once and folds it there with sequential "
			"addressing (thread t adds element t + s), so the folds hit "
			"on-chip memory instead of DRAM and consecutive threads "
			"touch consecutive banks.  A second launch reduces the "
			"per-block sums on the device.",
		.about_zh =
			"每个线程块先把数据一次性拷入静态大小的 __shared__ 数组，"
			"再在共享内存中按顺序寻址对折（线程 t 加上元素 t + s），"
			"对折发生在片上存储而不是显存，相邻线程访问相邻的 bank。"
			"第二次核函数启动在设备上归约各块的部分和。",
		.seed = "000",
		.signature = "shared loads without bank conflicts",
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.block_default = 256,
		.timed_region = REDUCE_REGION_DEVICE,
		.bytes = bytes_reduce,
		.launch = reduce_shared_static_launch,
		.work = reduce_blocks_work,
	},
	{
		.name = "reduce_shared_dynamic",
		.family = FAMILY_REDUCE,
		.step = 3,
		.title = "dynamic shared memory",
		.title_zh = "动态共享内存",
		.about_en =
			"The same algorithm with an extern __shared__ array whose "
			"size is the third launch parameter, so one kernel serves "
			"every block size.  It should run at the same speed as the "
			"static version: the lesson is flexibility, not speed.",
		.about_zh =
			"算法相同，但共享数组用 extern __shared__ 声明，大小由核函数"
			"启动的第三个参数给出，同一个核函数可用于任意线程块大小。"
			"速度应与静态版本相同：这一步讲的是灵活性，而不是速度。",
		.seed = "002",
		.signature = "same counters as static shared memory",
		.dtypes = DTYPE_ALL,
		.flags = VF_BLOCK | VF_POW2,
		.block_default = 256,
		.timed_region = REDUCE_REGION_DEVICE,
		.bytes = bytes_reduce,
		.launch = reduce_shared_dynamic_launch,
		.work = reduce_blocks_work,
	},
	/* ---- transpose ladder ---- */
	{
		.name = "transpose_copy",
		.family = FAMILY_TRANSPOSE,
		.step = 1,
		.title = "copy with the transpose's access shape (ceiling)",
		.title_zh = "与转置相同访问形状的拷贝（上限）",
		.about_en =
			"Not a transpose: each thread copies the element it would "
			"transpose to the same position, with coalesced reads and "
			"writes.  It moves exactly the bytes a transpose must move, "
			"so its bandwidth is the ceiling the ladder aims at.",
		.about_zh =
			"这不是转置：每个线程把它要转置的元素原位拷贝，读写都合并访问。"
			"它搬运的字节数与转置完全相同，因此其带宽就是整个阶梯追求的上限。",
		.signature = "coalesced loads and stores: 4 sectors per request",
		.dtypes = DTYPE_ALL,
		.flags = VF_CEILING,
		.timed_region = TRANSPOSE_REGION,
		.bytes = bytes_transpose,
		.launch = transpose_copy_launch,
	},
	{
		.name = "transpose_naive",
		.family = FAMILY_TRANSPOSE,
		.step = 2,
		.title = "naive: coalesced reads, strided writes",
		.title_zh = "朴素转置：合并读取，跨步写入",
		.about_en =
			"Each thread reads A[i][j] and writes B[j][i].  Reads along "
			"a row are coalesced, but a warp's writes land in 32 "
			"different rows: every 4-byte store costs a whole 32-byte "
			"sector.",
		.about_zh =
			"每个线程读取 A[i][j] 并写入 B[j][i]。按行读取是合并的，"
			"但一个 warp 的写入落在 32 个不同的行上：每次 4 字节的写入"
			"都要占用整个 32 字节的扇区。",
		.seed = "002",
		.signature = "stores: 32 sectors per request, 12.5% store efficiency",
		.dtypes = DTYPE_ALL,
		.timed_region = TRANSPOSE_REGION,
		.bytes = bytes_transpose,
		.launch = transpose_naive_launch,
	},
};

const struct variant *registry_all(size_t *count)
{
	*count = sizeof(variants) / sizeof(variants[0]);
	return variants;
}

const struct variant *registry_find(const char *name)
{
	for (size_t i = 0; i < sizeof(variants) / sizeof(variants[0]); i++)
		if (strcmp(variants[i].name, name) == 0)
			return &variants[i];
	return NULL;
}

bool variant_supports(const struct variant *v, enum dtype t)
{
	return (unsigned)t < DTYPE__COUNT && (v->dtypes & DTYPE_BIT(t));
}

double registry_bytes(const struct variant *v, enum dtype t, size_t n, size_t m)
{
	double r = 0, w = 0;

	if (v->bytes)
		v->bytes(t, n, m, &r, &w);
	return r + w;
}

double registry_gbps(const struct variant *v, enum dtype t, size_t n, size_t m,
		     double ms)
{
	if (ms <= 0)
		return 0;
	return registry_bytes(v, t, n, m) / (ms * 1e-3) / 1e9;
}

const char *variant_flags_text(unsigned flags, char *buf, size_t size)
{
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = {
		{ VF_BLOCK, "block" },       { VF_POW2, "pow2" },
		{ VF_IN_PLACE, "in-place" }, { VF_HOST_STEP, "host-step" },
		{ VF_UNSAFE, "unsafe" },     { VF_BASELINE, "baseline" },
		{ VF_CPU, "cpu" },           { VF_CEILING, "ceiling" },
		{ VF_COPY, "copy" },
	};
	size_t used = 0;

	if (!size)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int w;

		if (!(flags & names[i].bit))
			continue;
		w = snprintf(buf + used, size - used, "%s%s", used ? "," : "",
			     names[i].name);
		if (w < 0 || (size_t)w >= size - used)
			break;
		used += (size_t)w;
	}
	return buf;
}
