/* A #pragma unroll bomb (issue 30, class 1): a million copies of the
 * loop body, fully unrolled in a nest of two loops, for ptxas to
 * allocate registers across.  In the process NVRTC took 16 s and 354
 * MiB on it (2 cores); culab stops the compilation at its time limit. */
extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out,
			       unsigned long long n)
{
	culab_acc_t s = 0;

#pragma unroll
	for (int j = 0; j < 1000; j++)
#pragma unroll
		for (int i = 0; i < 1000; i++)
			s += in[i * j] * in[i + threadIdx.x + j];
	atomicAdd(out, s);
}
