// make test-gpu: a transpose written as the course writes it (seed 002,
// issue 25): (in, out, const int N), a square N x N matrix, C++ linkage,
// pointers without const, `real` for the element type.  Right at every
// square size and type tests/gpu/ukernels.yaml gives it;
// tests/good/course.yaml checks it offline.

typedef culab_t real;   // the course picks float or double with USE_DP

#define TILE 32

// (in, out, const int N): an N x N matrix through a shared tile padded
// against bank conflicts (seed 002's transpose_shared_bank); block
// [32, 8], each thread moves TILE / 8 elements.
__global__ void tile_square(real *d_x, real *d_y, const int N)
{
    __shared__ real s[TILE][TILE + 1];
    const int bx = blockIdx.x * TILE, by = blockIdx.y * TILE;

    for (int j = threadIdx.y; j < TILE; j += blockDim.y) {
        int r = by + j, c = bx + threadIdx.x;

        if (r < N && c < N)
            s[j][threadIdx.x] = d_x[(long long)r * N + c];
    }
    __syncthreads();
    for (int j = threadIdx.y; j < TILE; j += blockDim.y) {
        int r = bx + j, c = by + threadIdx.x;   // out's row: in's column

        if (r < N && c < N)
            d_y[(long long)r * N + c] = s[threadIdx.x][j];
    }
}
