// a student's kernels with defects on known lines (probe for issue 25)
extern "C" __global__ void oob_shared(const float *in, float *out, long long n)
{
	__shared__ float s[8];
	unsigned t = threadIdx.x;
	if (t < 8)
		s[t] = in[t];
	__syncthreads();
	float v = s[t];            // line 9: reads past s[8] for t >= 8
	if (blockIdx.x * blockDim.x + t < n)
		out[blockIdx.x * blockDim.x + t] = v;
}

extern "C" __global__ void race(const float *in, float *out, long long n)
{
	__shared__ float s[256];
	unsigned t = threadIdx.x;
	s[t] = in[blockIdx.x * blockDim.x + t];
	if (t == 0) {
		float a = 0;
		for (int k = 0; k < 256; k++)
			a += s[k];         // line 22: no __syncthreads() before
		out[blockIdx.x] = a;
	}
}

extern "C" __global__ void oob_global(const float *in, float *out, long long n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = in[i] * 2;        // line 30: no bound check
}
