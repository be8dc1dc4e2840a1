// Alice's submission: one atomic per block.
#include "../atomic.cuh"
extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out,
                               unsigned long long n)
{
    __shared__ culab_acc_t part[256];
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;

    part[threadIdx.x] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        culab_atomic_add(out, part[0]);
}
