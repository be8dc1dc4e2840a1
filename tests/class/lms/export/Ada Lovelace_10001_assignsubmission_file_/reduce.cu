// A fixture of tests/class/lms.yaml (a Moodle export's folder), from
// experiments/examples/class/ada.cu.
// ada: the fast one.  Sequential addressing in shared memory down to one
// warp, then the last warp adds with __shfl_down_sync, no shared memory and
// no barrier.  Correct for any n: threads past the end load zero.
extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;

    part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t < 32) {
        culab_acc_t v = part[t] + part[t + 32];
        for (int d = 16; d > 0; d >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, d);
        if (t == 0)
            out[blockIdx.x] = v;
    }
}
