// Reductions of (in, out), the element count in the macro N that culab
// defines.

// Right, but its experiment defines N as well.
__global__ void sum_fixed(const culab_t *in, culab_acc_t *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < N)
        atomicAdd(out, (culab_acc_t)in[i]);
}
