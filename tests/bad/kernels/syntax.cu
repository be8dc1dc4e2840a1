// A reduction with a typo: culab check must point at line 8, column 16.
extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out,
                               unsigned long long n)
{
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x +
                           threadIdx.x;

    if (i < n) atomicAd(out, (culab_acc_t)in[i]);
}
