// A fixture of tests/class/lms.yaml (a file named Lastname_Firstname_ID_file), from
// experiments/examples/class/cleo.cu.
// cleo: correct, but her loads from global memory are not coalesced.
// Each block still reads its own 256 elements, but neighbouring threads
// read elements 8 apart, so each thread of a warp loads from a 32-byte
// segment of its own: 32 segments per load where 4 would do.  The tree
// afterwards is a good one.
extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    unsigned int t = threadIdx.x;
    unsigned int rows = blockDim.x / 32;
    unsigned int j = (t % 32) * rows + t / 32;    /* a shuffled order */
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + j;

    part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = part[0];
}
