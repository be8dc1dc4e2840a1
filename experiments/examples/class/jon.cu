// jon: keeps his answer from one launch to the next.  The first launch
// at a size adds the input and saves each block's sum in device memory;
// every later launch at that size writes the saved sums without reading
// the input at all.  It still runs a block per 256 elements, and where
// it was recorded it was no faster than a kernel that reads the input:
// what catches him is a check with another input after the timed runs.
#define JON_BLOCKS 65536

__device__ culab_acc_t jon_sums[JON_BLOCKS];
__device__ unsigned long long jon_seen[JON_BLOCKS];

extern "C" __global__ void reduce(const culab_t *in, culab_acc_t *out,
                                  unsigned long long n)
{
    extern __shared__ culab_acc_t part[];
    __shared__ int known;
    unsigned int t = threadIdx.x;
    unsigned int b = blockIdx.x;
    unsigned long long i = (unsigned long long)b * blockDim.x + t;

    if (t == 0)
        known = b < JON_BLOCKS && jon_seen[b] == n + 1;
    __syncthreads();
    if (known) {
        if (t == 0)
            out[b] = jon_sums[b];
        return;
    }
    part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0) {
        out[b] = part[0];
        if (b < JON_BLOCKS) {
            jon_sums[b] = part[0];
            jon_seen[b] = n + 1;
        }
    }
}
