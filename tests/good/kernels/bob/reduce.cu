// Bob's submission: the same function name, in a file of the same name.
#include "helpers.cuh"
#include "../atomic.cuh"

extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < n)
        culab_atomic_add(out, load_one(in, i));
}
