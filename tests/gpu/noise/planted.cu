// planted.cu - a memory-bound reduction with a slowdown planted in it,
// for measuring what `culab compare` finds (issue 28): planted-0.yaml,
// planted-3.yaml and planted-10.yaml compile this one kernel with
// EXTRA_PERMILLE 0, 30 and 100 under one label, so that their rows pair;
// tests/gpu/noise.sh runs each twice and tests/noise_judge.sh compares
// them.
//
// The mechanism, and why its slowdown is predictable.  planted_sum reads
// the n elements once, grid-stride with four loads in flight per thread
// (enough to keep an H100's memory busy: its time is its bytes over the
// bandwidth), and then reads the first EXTRA_PERMILLE / 1000 of them a
// second time.  The second read costs what reading that many more bytes
// costs, so the time grows by that fraction: about 3 % and 10 %.  A
// little less in fact, because the launch and the accumulator's memset
// (a few microseconds, together with the per-block sums and atomics) do
// not grow: at 2^24 floats (about 25 us on an H100) 3 % more bytes are
// about 2.6 % more time; from 2^26 up the fixed costs fade.
//
// Why the first elements: L2 is flushed before every timed run, and the
// first pass streams the input through L2 in order, so by its end the
// first elements are the ones longest evicted once the input is larger
// than L2 (50 MB on an H100: 2^24 floats are 64 MB), and the second read
// goes to DRAM as the first did.  Below that (2^20, 2^22) the second read
// partly hits L2 and the planted slowdown is smaller: it is meant for
// 2^24 and up.
//
// The second read must not change the sum, and the compiler must not drop
// it: its sum is added only when it is not equal to itself, a test true
// only for NaN, never for culab's finite inputs, and which no compiler may
// decide without reading every element (without -use_fast_math, a float
// x != x is not folded).  For an integer it would be folded to false and
// the loads dropped: the kernel is for float and double.

#ifndef EXTRA_PERMILLE
#define EXTRA_PERMILLE 0
#endif

// The sum of in[from .. to) that this thread's grid-stride share holds,
// four loads in flight.
__device__ culab_acc_t span_sum(const culab_t *in, unsigned long long from,
                                unsigned long long to)
{
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    unsigned long long i = from + (unsigned long long)blockIdx.x * blockDim.x +
                           threadIdx.x;
    culab_acc_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;

    for (; i + 3 * stride < to; i += 4 * stride) {
        a0 += in[i];
        a1 += in[i + stride];
        a2 += in[i + 2 * stride];
        a3 += in[i + 3 * stride];
    }
    for (; i < to; i += stride)
        a0 += in[i];
    return (a0 + a1) + (a2 + a3);
}

// The block's sum, in thread 0 (blockDim.x a multiple of 32).
__device__ culab_acc_t block_sum(culab_acc_t v)
{
    __shared__ culab_acc_t warp_sums[32];
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;

    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? warp_sums[lane] : 0;
        for (int o = 16; o > 0; o /= 2)
            v += __shfl_down_sync(0xffffffffu, v, o);
    }
    return v;
}

// finish: atomic -- each block adds its sum to the accumulator culab
// zeroes.
extern "C" __global__ void planted_sum(const culab_t *in, culab_acc_t *out,
                                       unsigned long long n)
{
    culab_acc_t v = span_sum(in, 0, n);
    culab_acc_t extra = span_sum(in, 0, n * EXTRA_PERMILLE / 1000);

    if (extra != extra)
        v += extra;
    v = block_sum(v);
    if (threadIdx.x == 0)
        atomicAdd(out, v);
}
