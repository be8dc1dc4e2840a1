// make test-gpu: kernels with a defect at a known line.  Each fails its
// row, culab reruns it under compute-sanitizer, and the record must name
// the line given here (tests/gpu/sanitize_lines.sh checks these numbers).
// Both assume blocks of 256 threads.

// A missing __syncthreads(): thread 0 adds the block's 256 elements as
// soon as it has written its own, while warps 1-7 spin for a million
// cycles before they write theirs: line 30 reads what line 27 writes,
// with no barrier between (racecheck's race), and the sum misses what
// they had not written yet.  The wait makes the race lose every time, as
// it would now and then without it.
extern "C" __global__ void missing_sync(const culab_t *in, culab_acc_t *out,
                                        unsigned long long n)
{
    __shared__ culab_acc_t s[256];
    unsigned t = threadIdx.x;
    unsigned long long i = blockIdx.x * 256ull + t;
    culab_acc_t v = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    culab_acc_t a = 0;

    if (t >= 32) {
        long long start = clock64();

        while (clock64() - start < 1000000)
            ;
    }
    s[t] = v;
    if (t == 0) {                           // BUG: no __syncthreads() first
        for (int k = 0; k < 256; k++)
            a += s[k];
        out[blockIdx.x] = a;
    }
}

// An out-of-bounds __shared__ read: each thread takes its right
// neighbour's element, so thread 255 reads s[256], one past the end of s
// (line 48: memcheck's invalid __shared__ read), and element 0 of every
// block is never added: the sum is wrong, or the read faults.
extern "C" __global__ void oob_shared(const culab_t *in, culab_acc_t *out,
                                      unsigned long long n)
{
    __shared__ culab_acc_t s[256];
    unsigned t = threadIdx.x;
    unsigned long long i = blockIdx.x * 256ull + t;

    s[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;
    __syncthreads();
    culab_acc_t v = s[t + 1];               // BUG: s[256] for t = 255
    __syncthreads();
    s[t] = v;
    __syncthreads();
    for (unsigned h = 128; h > 0; h >>= 1) {
        if (t < h)
            s[t] += s[t + h];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
