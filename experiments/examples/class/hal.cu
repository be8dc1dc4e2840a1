// hal: his kernel never finishes.  Block 0 waits for a flag that the
// last block should raise, but the test is blockIdx.x == gridDim.x, which
// no block passes, so block 0 waits for ever and the run's time limit
// stops it.
__device__ volatile int hal_done;

extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;

    part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = part[0];
        if (blockIdx.x == gridDim.x)
            hal_done = 1;
        if (blockIdx.x == 0)
            while (hal_done == 0)
                ;
    }
}
