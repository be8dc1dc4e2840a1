// A fixture of tests/class/lms.yaml (a Canvas export's late file), from
// experiments/examples/class/ben.cu.
// ben: correct, but slowed by shared-memory bank conflicts.  Interleaved
// addressing with a strided index: at step s thread t works on element
// 2*s*t, so the threads of a warp hit the same few banks.
extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    unsigned int tid = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + tid;

    part[tid] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        int index = 2 * s * tid;
        if (index < blockDim.x)
            part[index] += part[index + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = part[0];
}
