/* flush_check.cu - which L2 flush makes a kernel read its input from DRAM
 * again?  An experiment, kept because its answer decides how
 * src/counters_session.cpp evicts L2 between profiled kernels.
 *
 * Nsight Compute flushes L2 before every kernel with a driver mechanism a
 * CUDA program cannot call.  culab reads a scratch buffer instead
 * (support_l2_flush).  When the second kernel of a reduction was seen to
 * find its partial sums in L2, the question was whether a read scan can
 * evict lines a kernel has just written at all.  This program writes a
 * buffer (kernel `writer`), runs one flush strategy, then reads the
 * buffer back (kernel `reader`), for several strategies and sizes; on
 * the H100 every one evicted the buffer (reports/bench/h100/
 * flush_check.txt), so the fault was elsewhere.  Run it under
 *
 *   ncu --cache-control none --clock-control none -k regex:reader \
 *       --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum \
 *       --csv --log-file F build/flush_check
 *
 * and the reader's dram__bytes_read.sum says how much of the buffer the
 * flush evicted (all of it: the buffer's size).  `flush_check --time`
 * prints what each strategy costs (CUDA events, no profiler).
 *
 * Build here: make build/flush_check. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck.h"
#include "kernels/support.h"

__global__ void writer(float *p, size_t n)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		p[i] = (float)(i & 1023);
}

__global__ void reader(const float *p, size_t n, float *out)
{
	float s = 0;

	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		s += p[i];
	if (s == -1.0f)
		*out = s;
}

/* plain read scan (the current flush) */
__global__ void scan_ld(const uint4 *p, size_t n, unsigned *sink)
{
	unsigned acc = 0;

	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		uint4 v = p[i];

		acc ^= v.x ^ v.y ^ v.z ^ v.w;
	}
	if (acc == 0x9e3779b9u)
		*sink = acc;
}

/* each line read twice at L2 (the second read hits) */
__global__ void scan_twice(const uint4 *p, size_t n, unsigned *sink)
{
	unsigned acc = 0;

	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		unsigned a, b, c, d;

		asm volatile("ld.global.cg.v4.u32 {%0,%1,%2,%3}, [%4];"
			     : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p + i));
		acc ^= a ^ b ^ c ^ d;
		asm volatile("ld.global.cg.v4.u32 {%0,%1,%2,%3}, [%4];"
			     : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p + i));
		acc ^= a ^ b ^ c ^ d;
	}
	if (acc == 0x9e3779b9u)
		*sink = acc;
}

/* read with an L2 evict_last policy */
__global__ void scan_last(const uint4 *p, size_t n, unsigned *sink)
{
	unsigned acc = 0;
	unsigned long long pol;

	asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		unsigned a, b, c, d;

		asm volatile("ld.global.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], %5;"
			     : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
			     : "l"(p + i), "l"(pol));
		acc ^= a ^ b ^ c ^ d;
	}
	if (acc == 0x9e3779b9u)
		*sink = acc;
}

/* read and write back the same value: scratch lines become dirty too */
__global__ void scan_rmw(uint4 *p, size_t n)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		unsigned a, b, c, d;

		asm volatile("ld.global.cg.v4.u32 {%0,%1,%2,%3}, [%4];"
			     : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p + i));
		asm volatile("st.global.cg.v4.u32 [%0], {%1,%2,%3,%4};"
			     :: "l"(p + i), "r"(a), "r"(b), "r"(c), "r"(d) : "memory");
	}
}

enum { S_NONE, S_LD, S_LD16, S_TWICE, S_LAST, S_RMW_LD, S_MEMSET_LD, S_CULAB,
       S_PERSIST, S__COUNT };
static const char *const sname[] = {
	"none", "read 4xL2", "read 16xL2", "read 4xL2 twice (.cg)",
	"read 4xL2 evict_last", "rmw 4xL2 + read 4xL2", "memset 4xL2 + read 4xL2",
	"support_l2_flush 4xL2", "persisting-L2 limit toggle",
};

static char *scratch, *scratch2;
static unsigned *sink;
static size_t l2;
static int sms;

static void flush(int s, cudaStream_t st)
{
	size_t n4 = 4 * l2 / 16;

	switch (s) {
	case S_NONE:
		break;
	case S_LD:
		scan_ld<<<sms * 4, 512, 0, st>>>((const uint4 *)scratch, n4, sink);
		break;
	case S_LD16:
		for (int k = 0; k < 4; k++)
			scan_ld<<<sms * 4, 512, 0, st>>>((const uint4 *)scratch, n4, sink);
		break;
	case S_TWICE:
		scan_twice<<<sms * 4, 512, 0, st>>>((const uint4 *)scratch, n4, sink);
		break;
	case S_LAST:
		scan_last<<<sms * 4, 512, 0, st>>>((const uint4 *)scratch, n4, sink);
		break;
	case S_RMW_LD:
		scan_rmw<<<sms * 4, 512, 0, st>>>((uint4 *)scratch2, n4);
		scan_ld<<<sms * 4, 512, 0, st>>>((const uint4 *)scratch, n4, sink);
		break;
	case S_MEMSET_LD:
		CK(cudaMemsetAsync(scratch2, 0, 4 * l2, st));
		scan_ld<<<sms * 4, 512, 0, st>>>((const uint4 *)scratch, n4, sink);
		break;
	case S_CULAB:   /* what culab runs: bulk copies (TMA) on sm_90 */
		CK((cudaError_t)support_l2_flush(scratch, 4 * l2, sink, st));
		break;
	case S_PERSIST: {
		cudaDeviceProp p;

		CK(cudaGetDeviceProperties(&p, 0));
		CK(cudaStreamSynchronize(st));
		CK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize,
				      p.persistingL2CacheMaxSize));
		CK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0));
		CK(cudaCtxResetPersistingL2Cache());
		break;
	}
	}
	CK(cudaGetLastError());
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 4u << 10, 512u << 10, 8u << 20 };
	bool timing = argc > 1 && !strcmp(argv[1], "--time");
	float *buf, *out;
	cudaStream_t st;
	int v = 0;

	CK(cudaDeviceGetAttribute(&v, cudaDevAttrL2CacheSize, 0));
	l2 = (size_t)v;
	CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	CK(cudaMalloc(&scratch, 16 * l2));
	CK(cudaMalloc(&scratch2, 4 * l2));
	CK(cudaMemset(scratch, 0, 16 * l2));
	CK(cudaMemset(scratch2, 0, 4 * l2));
	CK(cudaMalloc((void **)&sink, 4));
	CK(cudaMalloc((void **)&buf, 8u << 20));
	CK(cudaMalloc((void **)&out, 4));
	CK(cudaStreamCreate(&st));
	CK(cudaDeviceSynchronize());

	if (timing) {
		cudaEvent_t a, b;

		CK(cudaEventCreate(&a));
		CK(cudaEventCreate(&b));
		for (int s = 1; s < S__COUNT; s++) {
			float ms = 0, best = 1e9f;

			for (int r = 0; r < 5; r++) {
				CK(cudaEventRecord(a, st));
				flush(s, st);
				CK(cudaEventRecord(b, st));
				CK(cudaEventSynchronize(b));
				CK(cudaEventElapsedTime(&ms, a, b));
				if (ms < best)
					best = ms;
			}
			printf("time\t%s\t%.3f ms\n", sname[s], best);
		}
		return 0;
	}
	/* The order of the reader launches, for pairing with ncu's IDs. */
	for (int s = 0; s < S__COUNT; s++)
		for (size_t z = 0; z < sizeof(sizes) / sizeof(*sizes); z++)
			for (int r = 0; r < 3; r++) {
				size_t n = sizes[z] / sizeof(float);

				writer<<<sms * 4, 256, 0, st>>>(buf, n);
				flush(s, st);
				reader<<<sms * 4, 256, 0, st>>>(buf, n, out);
				CK(cudaStreamSynchronize(st));
				printf("launch\t%s\t%zu\t%d\n", sname[s], sizes[z], r);
			}
	return 0;
}
