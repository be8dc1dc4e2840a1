// Dynamic shared memory without the shared: key (issue 48): a block sum
// in an extern __shared__ array.
__global__ void dynamic_sum(const culab_t *in, culab_acc_t *out, int n)
{
    extern __shared__ culab_acc_t s[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        culab_acc_t v = 0;
        for (int k = 0; k < blockDim.x; k++)
            v += s[k];
        atomicAdd(out, v);
    }
}
