// Reduce kernels that break the contract by type; each compiles.

// The size is a float: a C++ kernel, its types in its mangled name.
__global__ void size_float(const culab_t *in, culab_acc_t *out, float n)
{
    if (threadIdx.x < n)
        out[0] = in[0];
}

// The same with double, extern "C": the PTX says ".f64".
extern "C" __global__ void size_double(const culab_t *in, culab_acc_t *out,
                                       double n)
{
    if (threadIdx.x < n)
        out[0] = in[0];
}

// A pointer where the size goes: the PTX has only ".u64", the
// declaration has the '*'.
extern "C" __global__ void size_pointer(const culab_t *in, culab_acc_t *out,
                                        unsigned *n)
{
    if (threadIdx.x < *n)
        out[0] = in[0];
}

// An integer where the input pointer goes.
__global__ void int_input(int in, culab_acc_t *out, int n)
{
    if (threadIdx.x < n)
        out[0] = in;
}

// out before in: the const pointer comes second.
__global__ void swapped(culab_acc_t *out, const culab_t *in, int n)
{
    if (threadIdx.x < n)
        out[0] = in[0];
}

// A struct where the size goes.
extern "C" __global__ void size_struct(const culab_t *in, culab_acc_t *out,
                                       double3 n)
{
    out[0] = in[0] + (culab_acc_t)n.x;
}

// Folds in place and takes its size: one pointer, not (in, out, n).
void __global__ fold(culab_t *x, int N)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;

    for (int offset = N / 2; offset > 0; offset /= 2)
        if (i < offset)
            x[i] += x[i + offset];
}
