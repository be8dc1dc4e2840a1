// make test-gpu: reductions written as the course writes them (seeds 000
// and 002, issue 25): (in, out) with the element count N fixed at compile
// time -- culab defines N, one compilation per size -- C++ linkage,
// pointers without const, the course's `real` for the element type.
// culab takes each as written; each is right at every size and type
// tests/gpu/ukernels.yaml gives it, and tests/good/course.yaml checks
// them offline.  Every kernel of a file is compiled with N defined, so a
// kernel that takes its count (and may call it N) lives in another file
// (course.cu).

typedef culab_t real;   // the course picks float or double with USE_DP

// Threads per block of the kernel with a static shared array.
#define BLOCK 256

// (in, out), N fixed: each block folds its own part of d_x in global
// memory, halving the live part each step, and thread 0 writes the
// block's sum to d_y (finish: host, in_place: it destroys its input).
// The last block may hold fewer than blockDim.x elements.
__global__ void fold_fixed(real *d_x, real *d_y)
{
    const int tid = threadIdx.x;
    const long long base = (long long)blockDim.x * blockIdx.x;
    const long long live = N - base < blockDim.x ? N - base : blockDim.x;
    real *x = d_x + base;

    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1) {
        if (tid < offset && tid + offset < live)
            x[tid] += x[tid + offset];
        __syncthreads();
    }
    if (tid == 0)
        d_y[blockIdx.x] = x[0];
}

// (in, out), N fixed: a tree in a static shared array of BLOCK elements
// (so it runs with BLOCK threads), zeros past the end.  As "finish:
// relaunch" each pass over the partial sums is compiled with its own N.
__global__ void shared_fixed(real *d_x, real *d_y)
{
    __shared__ real s_y[BLOCK];
    const int tid = threadIdx.x;
    const long long i = (long long)blockIdx.x * blockDim.x + tid;

    s_y[tid] = i < N ? d_x[i] : (real)0;
    __syncthreads();
    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1) {
        if (tid < offset)
            s_y[tid] += s_y[tid + offset];
        __syncthreads();
    }
    if (tid == 0)
        d_y[blockIdx.x] = s_y[0];
}
