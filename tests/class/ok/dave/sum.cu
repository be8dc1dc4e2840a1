// dave: his kernel is called sum, not reduce: refused before compiling.
extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out,
                               unsigned long long n)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        out[0] = (culab_acc_t)in[0];
}
