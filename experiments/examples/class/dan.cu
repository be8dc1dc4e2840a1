// dan: correct, but divergent.  Interleaved addressing chosen with
// tid % (2*s): the working threads are spread over every warp, so each
// warp runs the branch with most of its threads idle, and % is slow.
extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    unsigned int tid = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + tid;

    part[tid] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            part[tid] += part[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = part[0];
}
