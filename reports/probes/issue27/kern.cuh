// probe kernels: each has a known defect on a known line
#pragma once
__global__ void k_divergent(const float *in, float *out, int n)
{
	extern __shared__ float s[];
	unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	s[t] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned h = 1; h < blockDim.x; h *= 2) {
		if (t % (2 * h) == 0)                     // LINE_DIVERGE
			s[t] += s[t + h];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__global__ void k_bank(const float *in, float *out, int n)
{
	extern __shared__ float s[];
	unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	s[t] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned h = 1; h < blockDim.x; h *= 2) {
		unsigned k = 2 * h * t;
		if (k < blockDim.x)
			s[k] += s[k + h];                 // LINE_BANK
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__global__ void k_transpose_naive(const float *in, float *out, int n)
{
	unsigned c = blockIdx.x * 32 + threadIdx.x, r = blockIdx.y * 32 + threadIdx.y;
	for (int k = 0; k < 32; k += 8)
		if (r + k < n && c < n)
			out[c * n + r + k] = in[(r + k) * n + c]; // LINE_UNCOALESCED
}

__global__ void k_spill(const float *in, float *out, int n)
{
	float a[64];
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	for (int k = 0; k < 64; k++)
		a[k] = i < n ? in[(i + k) % n] : 0;
	float acc = 0;
	for (int k = 0; k < 64; k++)
		acc += a[(k * 7 + (int)i) & 63];          // LINE_LOCAL
	if (i < n)
		out[i] = acc;
}
