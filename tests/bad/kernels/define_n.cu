// A reduction of (in, out) whose source fixes its count with a macro of
// its own, unguarded: it would sum 2^24 elements at every size.
#define N (1 << 24)

__global__ void sum_define_n(const culab_t *in, culab_acc_t *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < N)
        atomicAdd(out, (culab_acc_t)in[i]);
}
