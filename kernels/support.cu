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

extern "C" int support_l2_flush(const void *buf, size_t bytes, void *sink,
				cudaStream_t stream)
{
	int dev = 0, sms = 0;

	cudaGetDevice(&dev);
	cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
	l2_flush_kernel<<<sms * 4, 512, 0, stream>>>(
		(const uint4 *)buf, bytes / sizeof(uint4), 0x9e3779b9u,
		(unsigned *)sink);
	return (int)cudaGetLastError();
}
