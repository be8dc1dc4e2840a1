/* support.cu - device helpers for the runner.  See support.h. */
#include "support.h"

/* Each thread reads 16-byte words with a grid-stride loop (plain loads, so
 * the lines are cached normally and displace whatever L2 held).  The XOR
 * of the words is stored only when it equals a run-time key, so the
 * compiler must keep every load; the store is harmless if it happens. */
__global__ void l2_flush_kernel(const uint4 *__restrict__ p, size_t n,
				unsigned key, unsigned *sink)
{
	unsigned acc = 0;

	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		uint4 v = p[i];

		acc ^= v.x ^ v.y ^ v.z ^ v.w;
	}
	if (acc == key)
		*sink = acc;
}

/* The same reads as bulk copies (TMA, sm_90 and newer): one thread per
 * block copies FLUSH_CHUNK bytes at a time into shared memory, which
 * nobody reads, and waits for each on an mbarrier.  The lines pass
 * through L2 like plain loads (tests/gpu/flush_check.cu measured both
 * evicting a buffer just written, 4 KiB to 8 MiB, on an H100), but a
 * 200 MB flush is ~6,000 instructions instead of ~3 million: it matters
 * where CUPTI instruments every instruction of every kernel, in the
 * counters' replay pass. */
#define FLUSH_CHUNK (32u << 10)

__global__ void l2_flush_bulk_kernel(const char *p, size_t bytes)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
	extern __shared__ __align__(128) char chunk[];
	__shared__ __align__(8) unsigned long long bar;
	unsigned b = (unsigned)__cvta_generic_to_shared(&bar);
	unsigned s = (unsigned)__cvta_generic_to_shared(chunk);
	unsigned phase = 0;

	if (threadIdx.x != 0)
		return;
	asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(b) : "memory");
	asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
	for (size_t off = (size_t)blockIdx.x * FLUSH_CHUNK; off < bytes;
	     off += (size_t)gridDim.x * FLUSH_CHUNK) {
		unsigned sz = bytes - off < FLUSH_CHUNK ? (unsigned)(bytes - off)
							: FLUSH_CHUNK;
		unsigned done = 0;

		asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
			     :: "r"(b), "r"(sz) : "memory");
		asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
			     " [%0], [%1], %2, [%3];"
			     :: "r"(s), "l"(p + off), "r"(sz), "r"(b) : "memory");
		while (!done)
			asm volatile("{ .reg .pred q;\n"
				     " mbarrier.try_wait.parity.shared::cta.b64 q, [%1], %2;\n"
				     " selp.u32 %0, 1, 0, q; }"
				     : "=r"(done) : "r"(b), "r"(phase) : "memory");
		phase ^= 1;
	}
#endif
}

/* Whether the bulk kernel was compiled for this GPU: the image the driver
 * picks from the fat binary is empty below sm_90 (a release build's sm_75
 * to sm_89, or an older ARCH); sm_100 and sm_120 have the bulk copies. */
static bool bulk_usable(void)
{
	static int usable = -1;

	if (usable < 0) {
		cudaFuncAttributes a;

		usable = cudaFuncGetAttributes(&a, l2_flush_bulk_kernel) ==
				 cudaSuccess && a.binaryVersion >= 90;
		cudaGetLastError();
	}
	return usable;
}

extern "C" int support_l2_flush(const void *buf, size_t bytes, void *sink,
				cudaStream_t stream)
{
	int dev = 0, sms = 0;

	cudaGetDevice(&dev);
	cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
	if (bulk_usable())
		l2_flush_bulk_kernel<<<sms * 6, 32, FLUSH_CHUNK, stream>>>(
			(const char *)buf, bytes);
	else
		l2_flush_kernel<<<sms * 4, 512, 0, stream>>>(
			(const uint4 *)buf, bytes / sizeof(uint4), 0x9e3779b9u,
			(unsigned *)sink);
	return (int)cudaGetLastError();
}

extern "C" int support_kernel_image(void)
{
	cudaFuncAttributes a;
	cudaError_t err = cudaFuncGetAttributes(&a, l2_flush_kernel);

	cudaGetLastError();
	return (int)err;
}

/* A kernel that traps: the context is lost, as after a real fault. */
__global__ void trap_kernel(void)
{
	__trap();
}

extern "C" int support_trap(cudaStream_t stream)
{
	trap_kernel<<<1, 1, 0, stream>>>();
	return (int)cudaGetLastError();
}
