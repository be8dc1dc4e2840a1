// Two versions of a faster reduction, in one file: each thread adds two
// elements while loading (half the blocks), the block folds its sums in
// shared memory with sequential addressing down to one warp, and that
// warp finishes with shuffles.  The block size is a template parameter,
// so the experiment file names the instance it wants:
// "reduce_shfl<256>".  culab relaunches the kernel on the per-block sums
// until one value is left ("finish: relaunch").
//
// reduce_shfl_early has a bug that verification catches: its last warp
// stops one shuffle step early (offset > 1 instead of offset > 0), so
// lane 1's partial sum is never added and every block loses part of its
// sum.  The report shows that row as FAILED, with no speed.

template <unsigned BLOCK>
__device__ culab_acc_t block_to_warp(const culab_t *in, unsigned long long n)
{
    __shared__ culab_acc_t part[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * (2 * BLOCK) + tid;
    culab_acc_t v = 0;

    if (i < n)
        v = in[i];
    if (i + BLOCK < n)
        v += in[i + BLOCK];
    part[tid] = v;
    __syncthreads();
    for (unsigned int s = BLOCK / 2; s >= 32; s >>= 1) {
        if (tid < s)
            part[tid] += part[tid + s];
        __syncthreads();
    }
    return tid < 32 ? part[tid] : (culab_acc_t)0;
}

template <unsigned BLOCK>
__global__ void reduce_shfl(const culab_t *in, culab_acc_t *out,
                            unsigned long long n)
{
    culab_acc_t v = block_to_warp<BLOCK>(in, n);

    if (threadIdx.x < 32) {
        for (int offset = 16; offset > 0; offset >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, offset);
        if (threadIdx.x == 0)
            out[blockIdx.x] = v;
    }
}

template <unsigned BLOCK>
__global__ void reduce_shfl_early(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    culab_acc_t v = block_to_warp<BLOCK>(in, n);

    if (threadIdx.x < 32) {
        for (int offset = 16; offset > 1; offset >>= 1)   // BUG: > 0
            v += __shfl_down_sync(0xffffffffu, v, offset);
        if (threadIdx.x == 0)
            out[blockIdx.x] = v;
    }
}
