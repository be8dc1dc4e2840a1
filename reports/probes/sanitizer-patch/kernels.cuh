/* kernels.cuh - the probes' kernels: the reduce ladder's lessons, each
 * block reducing 256 of 2^20 floats into out[block]; every kernel must give
 * the same total.  Shared by probe.cu (this folder) and
 * ../pc-sampling/pcs.cu, so that both probes measure the same code. */
#ifndef KERNELS_CUH
#define KERNELS_CUH

#define N (1 << 20)
#define BLOCK 256
#define GRID (N / BLOCK)

/* ---- kernels ------------------------------------------------------------ */

/* Interleaved addressing with `t % (2*s)`: the active threads of a warp
 * thin out inside it, so each step's branch diverges. */
extern "C" __global__ void r_divergent(const float *in, float *out)
{
	__shared__ float s[BLOCK];
	unsigned t = threadIdx.x;

	s[t] = in[blockIdx.x * BLOCK + t];
	__syncthreads();
	for (unsigned d = 1; d < BLOCK; d *= 2) {
		if (t % (2 * d) == 0)
			s[t] += s[t + d];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

/* Strided index: whole warps stay active, but lanes 2*d words apart hit
 * the same banks (an n-way shared-memory conflict). */
extern "C" __global__ void r_bank(const float *in, float *out)
{
	__shared__ float s[BLOCK];
	unsigned t = threadIdx.x;

	s[t] = in[blockIdx.x * BLOCK + t];
	__syncthreads();
	for (unsigned d = 1; d < BLOCK; d *= 2) {
		unsigned i = 2 * d * t;

		if (i < BLOCK)
			s[i] += s[i + d];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

/* Sequential addressing: no conflicts, half the threads idle each step. */
extern "C" __global__ void r_sequential(const float *in, float *out)
{
	__shared__ float s[BLOCK];
	unsigned t = threadIdx.x;

	s[t] = in[blockIdx.x * BLOCK + t];
	__syncthreads();
	for (unsigned d = BLOCK / 2; d > 0; d /= 2) {
		if (t < d)
			s[t] += s[t + d];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

/* Uncoalesced load: element j is read from a transposed position, so the
 * 32 lanes of a warp touch 32 different sectors (same total). */
extern "C" __global__ void r_strided_load(const float *in, float *out)
{
	__shared__ float s[BLOCK];
	unsigned t = threadIdx.x, j = blockIdx.x * BLOCK + t;

	s[t] = in[(j % 32u) * (N / 32u) + j / 32u];
	__syncthreads();
	for (unsigned d = BLOCK / 2; d > 0; d /= 2) {
		if (t < d)
			s[t] += s[t + d];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

/* Warp shuffles: no shared memory until one value per warp. */
extern "C" __global__ void r_shuffle(const float *in, float *out)
{
	__shared__ float w[BLOCK / 32];
	unsigned t = threadIdx.x;
	float v = in[blockIdx.x * BLOCK + t];

	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if ((t & 31u) == 0)
		w[t / 32u] = v;
	__syncthreads();
	if (t < 32) {
		v = t < BLOCK / 32 ? w[t] : 0.0f;
		for (int o = 16; o > 0; o /= 2)
			v += __shfl_down_sync(0xffffffffu, v, o);
		if (t == 0)
			out[blockIdx.x] = v;
	}
}

typedef void (*kernel_fn)(const float *, float *);
static const struct {
	const char *name;
	kernel_fn fn;
	const char *teaches;
} kernels[] = {
	{ "r_divergent", r_divergent, "divergent branch (t % (2*s))" },
	{ "r_bank", r_bank, "shared-memory bank conflicts (strided index)" },
	{ "r_sequential", r_sequential, "sequential addressing (no conflicts)" },
	{ "r_strided_load", r_strided_load, "uncoalesced global load" },
	{ "r_shuffle", r_shuffle, "warp shuffles" },
};
#define NKERNELS (int)(sizeof(kernels) / sizeof(kernels[0]))

#endif
