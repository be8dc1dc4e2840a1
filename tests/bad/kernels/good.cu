// A correct kernel, for the files whose mistakes are in the experiment.
extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out,
                               unsigned long long n)
{
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x +
                           threadIdx.x;

    if (i < n)
        atomicAdd(out, (culab_acc_t)in[i]);
}

template <int B>
__global__ void sum_t(const culab_t *in, culab_acc_t *out, int n)
{
    if (threadIdx.x + blockIdx.x * B < n)
        atomicAdd(out, (culab_acc_t)in[threadIdx.x + blockIdx.x * B]);
}

extern "C" __global__ void flip(const culab_t *in, culab_t *out, int rows,
                                int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;

    if (r < rows && c < cols)
        out[(long long)c * rows + r] = in[(long long)r * cols + c];
}
