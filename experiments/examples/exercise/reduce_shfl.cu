// Three versions of a faster reduction, in one file: each thread adds two
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
// sum.  The report shows that row as FAILED, with no speed; the tools of
// compute-sanitizer find nothing wrong with its memory: an arithmetic bug.
//
// reduce_shfl_oob is written the way seed 004's last kernel is wrong:
// every warp adds its values with shuffles and lane 0 puts the warp's sum
// in warp_sum[BLOCK / 32], but the half warp that adds those sums loads
// them under a wrong condition (lane > offset, where lane < BLOCK / 32,
// once, before the loop, was meant), again at every step.  Lanes 9 to 15
// read past the end of warp_sum, the 8 sums of a 256-thread block (an
// out-of-bounds __shared__ read: no fault, the bytes lie inside the
// block's shared memory as the GPU allocates it), and lanes 0 and 1,
// which the last step adds, never load anything, so every block writes 0
// whatever those bytes hold.  The row is FAILED, and compute-sanitizer's
// memcheck names the line that reads past the array.

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

template <unsigned BLOCK>
__global__ void reduce_shfl_oob(const culab_t *in, culab_acc_t *out,
                                unsigned long long n)
{
    __shared__ culab_acc_t warp_sum[BLOCK / 32];   // one sum per warp
    unsigned int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    unsigned long long i = (unsigned long long)blockIdx.x * (2 * BLOCK) + tid;
    culab_acc_t v = 0;

    if (i < n)
        v = in[i];
    if (i + BLOCK < n)
        v += in[i + BLOCK];
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if (lane == 0)
        warp_sum[warp] = v;
    __syncthreads();
    if (tid < 16) {                           // 8 warp sums: half a warp
        for (unsigned int offset = 8; offset > 0; offset >>= 1) {
            v = lane > offset ? warp_sum[lane] : 0;   // BUG: lane < BLOCK / 32
            v += __shfl_down_sync(0xffffu, v, offset, 16);
        }
        if (tid == 0)
            out[blockIdx.x] = v;
    }
}
