// make test-gpu: reductions written as the course writes them (seeds 003
// and 004, issue 25): (in, out, n) with the count in whatever integer the
// lesson used (unsigned int, long long, short), C++ linkage, pointers
// without const.  culab takes each as written and passes the count in
// the parameter's own type; each is right at every size and type
// tests/gpu/ukernels.yaml gives it, and tests/good/course.yaml checks
// them offline.

// culab_acc_t's atomic add: CUDA has none for long long, but two's
// complement lets the unsigned one add signed values exactly.
__device__ void add_atomically(long long *to, long long v)
{
    atomicAdd((unsigned long long *)to, (unsigned long long)v);
}
__device__ void add_atomically(float *to, float v) { atomicAdd(to, v); }
__device__ void add_atomically(double *to, double v) { atomicAdd(to, v); }

// The block's sum of every thread's v: a tree in shared memory
// (blockDim.x a power of two, at most 1024).
__device__ culab_acc_t block_sum(culab_acc_t v)
{
    __shared__ culab_acc_t s[1024];
    const unsigned int tid = threadIdx.x;

    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    return s[0];
}

// (in, out, unsigned int n): two elements added while loading, then the
// tree (seed 003's first step); grid ceil(n / (2 * block)).
__global__ void two_loads(culab_t *in, culab_acc_t *out, unsigned int n)
{
    const unsigned int tid = threadIdx.x;
    const unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;
    culab_acc_t v = 0;

    if (i < n)
        v = in[i];
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    v = block_sum(v);
    if (tid == 0)
        out[blockIdx.x] = v;
}

// (in, out, long long N): a grid-stride sum per thread (seed 004), the
// tree, one atomic add per block (finish: atomic).  Its count is a
// parameter named N: culab defines no macro N for a kernel that takes it.
__global__ void grid_stride(culab_t *gdata, culab_acc_t *out, long long N)
{
    const unsigned int tid = threadIdx.x;
    culab_acc_t v = 0;

    for (long long i = (long long)blockIdx.x * blockDim.x + tid; i < N;
         i += (long long)gridDim.x * blockDim.x)
        v += gdata[i];
    v = block_sum(v);
    if (tid == 0)
        add_atomically(out, v);
}

// (in, out, short n): one block adds a short array (finish: device,
// grid 1); culab refuses sizes past 32767.
__global__ void short_sum(const culab_t *in, culab_acc_t *out, short n)
{
    const unsigned int tid = threadIdx.x;
    culab_acc_t v = 0;

    for (int i = tid; i < n; i += blockDim.x)
        v += in[i];
    v = block_sum(v);
    if (tid == 0)
        out[0] = v;
}
