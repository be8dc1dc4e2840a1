// carol: does not compile (a misspelt barrier), so her rows are skipped
// and the rest of the class is measured.
extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;

    part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreds();
    if (t == 0)
        out[blockIdx.x] = part[0];
}
