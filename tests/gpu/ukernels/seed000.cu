// make test-gpu: seed 000's first reduction, pasted unedited from the
// course's notes (../shared/seeds/000): each block folds its blockDim.x
// elements in place in global memory, the host adds the blocks' sums.
// It assumes n is a multiple of the block: at n = 1,000,000 with 128
// threads the last block reads 64 elements past the input's end, which
// culab's guard around the input makes NaN (tests/gpu/input-guard.yaml).

void __global__ reduce_global(double *d_x, double *d_y)
{
    const int tid = threadIdx.x;
    double *x = d_x + blockDim.x * blockIdx.x;

    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1)
    {
        if (tid < offset)
        {
            x[tid] += x[tid + offset];
        }
        __syncthreads();
    }

    if (tid == 0)
    {
        d_y[blockIdx.x] = x[0];
    }
}
