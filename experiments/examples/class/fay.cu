// fay: reads past the end of her shared array.  Her tree starts at
// s = blockDim.x instead of blockDim.x / 2, so in the first step every
// thread adds part[t + s], beyond the block's elements: the GPU stops the
// kernel, and compute-sanitizer's memcheck names the line (__shared__ read).
extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;

    part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = blockDim.x; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = part[0];
}
