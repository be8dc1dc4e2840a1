/* ivy -- block reduction.
 * Tree in shared memory, then a warp of shuffles at the end.
 * Out-of-range threads contribute 0. */
extern "C" __global__ void reduce(const culab_t *in,
        culab_acc_t *out, unsigned long long n)
{
	extern __shared__ culab_acc_t part[];

	unsigned int t = threadIdx.x;   /* my thread */
	unsigned long long i =
		(unsigned long long)blockIdx.x * blockDim.x + t;   /* my element */

	/* load */
	part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
	__syncthreads();

	/* halve the active threads each step */
	for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1)
	{
		if (t < s) part[t] += part[t + s];
		__syncthreads();
	}

	/* one warp left: shuffle */
	if (t < 32)
	{
		culab_acc_t v = part[t] + part[t + 32];
		for (int d = 16; d > 0; d >>= 1) v += __shfl_down_sync(0xffffffffu, v, d);
		if (t == 0) out[blockIdx.x] = v;
	}
}
