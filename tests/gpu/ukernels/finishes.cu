// make test-gpu: user kernels for the finishes and buffer modes the
// examples do not use.  Each is correct at every size and type it is
// given (tests/gpu/ukernels.yaml).

// A block's sum of v, in shared memory (blockDim.x a power of two <= 1024).
__device__ culab_acc_t block_sum(culab_acc_t v)
{
    __shared__ culab_acc_t part[1024];
    unsigned int tid = threadIdx.x;

    part[tid] = v;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            part[tid] += part[tid + s];
        __syncthreads();
    }
    return part[0];
}

__device__ void add_to(long long *out, long long v)
{
    atomicAdd((unsigned long long *)out, (unsigned long long)v);
}
__device__ void add_to(float *out, float v) { atomicAdd(out, v); }
__device__ void add_to(double *out, double v) { atomicAdd(out, v); }

// finish: atomic -- a grid-stride sum per block, added to the zeroed
// accumulator.
extern "C" __global__ void sum_atomic(const culab_t *in, culab_acc_t *out,
                                      unsigned long long n)
{
    culab_acc_t v = 0;

    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
         i < n; i += (unsigned long long)gridDim.x * blockDim.x)
        v += in[i];
    v = block_sum(v);
    if (threadIdx.x == 0)
        add_to(out, v);
}

// finish: device, grid 1 -- one block adds everything.  With
// "output: input" it is given its input as output too and leaves the
// sum in in[0], after every thread has read (race-free in one block).
extern "C" __global__ void sum_one_block(culab_t *in, culab_acc_t *out,
                                         unsigned long long n)
{
    culab_acc_t v = 0;

    for (unsigned long long i = threadIdx.x; i < n; i += blockDim.x)
        v += in[i];
    v = block_sum(v);
    if (threadIdx.x == 0)
        out[0] = v;
}

// finish: host, in_place -- folds each block's segment in place in global
// memory (seed 000's first version), then writes the block's sum.  It
// destroys its input: culab restores it before every run.
extern "C" __global__ void fold_in_place(culab_t *x, culab_acc_t *out, int n)
{
    unsigned int tid = threadIdx.x;
    long long base = (long long)blockIdx.x * blockDim.x;
    long long len = n - base < (long long)blockDim.x ? n - base : blockDim.x;

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s && tid + s < len)
            x[base + tid] += x[base + tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = x[base];
}

// finish: device, but it writes one value per block: out[blockIdx.x].
// With more than one block it writes past the end of culab's output, and
// the guard after the output must catch it.
extern "C" __global__ void writes_past_end(const culab_t *in, culab_acc_t *out,
                                           unsigned long long n)
{
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    culab_acc_t v = block_sum(i < n ? (culab_acc_t)in[i] : (culab_acc_t)0);

    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}
