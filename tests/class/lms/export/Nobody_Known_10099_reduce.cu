// A fixture of tests/class/lms.yaml (a student the roster does not list), from
// experiments/examples/class/kim.cu.
// kim: a plain, correct tree with sequential addressing: half the
// threads add each step until one value is left.  No bank conflicts and
// no divergence inside a warp until the last steps; a barrier every step.
extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t sum[];
    unsigned int tid = threadIdx.x;
    unsigned long long idx = (unsigned long long)blockIdx.x * blockDim.x + tid;

    sum[tid] = idx < n ? (culab_acc_t)in[idx] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride)
            sum[tid] += sum[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sum[0];
}
