// make test-gpu (tests/gpu/lines.sh): reductions that are each correct
// and each have one known defect on one line, marked "defect: NAME".
// Their counters per source line must name that line: the line with the
// most of what the defect wastes is the marked one (lines.sh says which
// metric for each).  Launched with 256 threads per block, "finish: host"
// (out[b] is block b's sum), float (the conflicts and sectors below are
// for 4-byte elements).  tests/unit/test_lines.c maps their instructions
// to these lines without a GPU.

// The block's sum of v in thread 0, without a defect of its own: a
// shared-memory tree over whole warps (no conflict, no divergence), then
// shuffles in the first warp.
__device__ culab_acc_t block_sum(culab_acc_t v)
{
    __shared__ culab_acc_t part[256];
    unsigned int tid = threadIdx.x;

    part[tid] = v;
    __syncthreads();
    for (unsigned int s = 128; s >= 32; s >>= 1) {
        if (tid < s)
            part[tid] += part[tid + s];
        __syncthreads();
    }
    v = part[tid % 32];
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

// A 32-way bank conflict: block b loads its 1024 elements into a 32 x 32
// tile row by row (coalesced, conflict-free), then each thread reads 4
// of them down a column: the 32 lanes of a warp read 32 words 32 apart,
// all in one bank.  grid: ceil(n / 1024).
extern "C" __global__ void bank_conflict(const culab_t *in, culab_acc_t *out,
                                         unsigned long long n)
{
    __shared__ culab_acc_t tile[32][32];
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    unsigned long long base = (unsigned long long)blockIdx.x * 1024;
    culab_acc_t v = 0;

    for (unsigned int k = 0; k < 4; k++) {
        unsigned long long i = base + (k * 8 + warp) * 32 + lane;

        tile[k * 8 + warp][lane] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    }
    __syncthreads();
    for (unsigned int k = 0; k < 4; k++)
        v += tile[lane][k * 8 + warp]; // defect: bank
    v = block_sum(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}

// Uncoalesced loads: block b reads its 256 elements as an 8 x 32 tile
// read down its columns, so the 32 lanes of a warp read 32 words 8 apart:
// a sector each, 8 times the sectors of a coalesced read.
// grid: ceil(n / 256).
extern "C" __global__ void uncoalesced(const culab_t *in, culab_acc_t *out,
                                       unsigned long long n)
{
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * 256 + (t % 32) * 8 + t / 32;
    culab_acc_t v = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0; // defect: uncoalesced

    v = block_sum(v);
    if (t == 0)
        out[blockIdx.x] = v;
}

// A divergent loop: only the even lanes take the grid-stride loop (a loop
// cannot be predicated), so the loop's branch splits every warp.  Half a
// grid of even threads covers every element.
// grid: min(ceil(n / 256), 4 * sm_count).
extern "C" __global__ void divergent(const culab_t *in, culab_acc_t *out,
                                     unsigned long long n)
{
    unsigned long long first = ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) / 2;
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x / 2;
    culab_acc_t v = 0;

    for (unsigned long long i = first; threadIdx.x % 2 == 0 && i < n; i += stride) // defect: divergent
        v += in[i];
    v = block_sum(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}

// Predication: the tree of "if (tid % (2*s) == 0)" is compiled to
// predicated adds, not to a branch (docs/per-line.md): the divergence
// shows on the add's line as threads whose predicate is off
// (thread_inst_executed against thread_inst_pred_on).  grid: ceil(n / 256).
extern "C" __global__ void predicated(const culab_t *in, culab_acc_t *out,
                                      unsigned long long n)
{
    __shared__ culab_acc_t part[256];
    unsigned int tid = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * 256 + tid;

    part[tid] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = 1; s < 256; s *= 2) {
        if (tid % (2 * s) == 0)
            part[tid] += part[tid + s]; // defect: predicated
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = part[0];
}

// Local memory: a per-thread array written at indexes known at run time
// only cannot live in registers, so its stores go to local memory.
// grid: ceil(n / 256).
extern "C" __global__ void local_array(const culab_t *in, culab_acc_t *out,
                                       unsigned long long n)
{
    culab_acc_t slot[32];
    unsigned long long i = (unsigned long long)blockIdx.x * 256 + threadIdx.x;
    culab_acc_t x = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0, v = 0;

    for (unsigned int k = 0; k < 32; k++)
        slot[(k + threadIdx.x + (unsigned int)n) % 32] = k == 0 ? x : (culab_acc_t)0; // defect: local
    for (unsigned int k = 0; k < 32; k++)
        v += slot[k];
    v = block_sum(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}
