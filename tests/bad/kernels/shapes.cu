// Kernels whose shape or sizes do not fit what culab passes.

// A transpose whose row count is a float.
__global__ void flip_float_rows(const culab_t *in, culab_t *out, float rows,
                                int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;

    if (r < rows && c < cols)
        out[c * (int)rows + r] = in[r * cols + c];
}

// A transpose of one size, square: measured at a size that is not.
__global__ void flip_square(const culab_t *in, culab_t *out, const int N)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;

    if (r < N && c < N)
        out[c * N + r] = in[r * N + c];
}

// Five parameters: no transpose takes them.
extern "C" __global__ void flip_strided(const culab_t *in, culab_t *out,
                                        int rows, int cols, int stride)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;

    if (r < rows && c < cols)
        out[c * rows + r] = in[r * stride + c];
}

// A reduction whose count is a short: sizes past 32767 do not fit.
__global__ void sum_short(const culab_t *in, culab_acc_t *out, short n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < n)
        atomicAdd(out, (culab_acc_t)in[i]);
}
