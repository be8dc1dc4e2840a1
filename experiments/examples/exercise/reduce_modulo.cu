// A first tree reduction, as a student writes it after the lecture on
// shared memory: every block loads its elements into shared memory, adds
// them pairwise in log2(block) steps, and writes its sum to out[block];
// culab adds the per-block sums on the host ("finish: host").
//
// It is correct.  It is also slow, for a reason its counters show: in the
// step that adds neighbours s apart, only the threads whose index is a
// multiple of 2*s work, and they are spread over every warp, so each warp
// keeps issuing instructions for a handful of busy threads (divergence),
// and the modulo is costly too.
//
// culab compiles it once per element type: culab_t is the element
// (int, float or double) and culab_acc_t what sums are kept in
// (long long for int, so integer sums stay exact).

extern "C" __global__ void reduce_modulo(const culab_t *in, culab_acc_t *out,
                                         unsigned long long n)
{
    extern __shared__ culab_acc_t part[];   // blockDim.x sums: "shared: block * acc"
    unsigned int tid = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + tid;

    part[tid] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            part[tid] += part[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = part[0];
}
