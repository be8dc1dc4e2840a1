// gus: his kernel stops with an illegal memory access.  He multiplies
// his index by the block size a second time, after the bounds check, so
// most threads read far beyond the end of the input, where no memory is
// mapped; compute-sanitizer's memcheck names the line (__global__ read).
extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;

    part[t] = i < n ? (culab_acc_t)in[i * blockDim.x] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = part[0];
}
