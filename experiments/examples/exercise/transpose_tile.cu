// A tiled transpose: a block of 32 x 8 threads copies a 32 x 32 tile of
// the input into shared memory with coalesced reads (each thread four
// rows), then writes the tile's transpose with coalesced writes.
//
// Correct, but the tile is declared [TILE][TILE]: when a warp reads a
// column of it to write the transpose, all 32 reads fall in the same
// shared-memory bank and are served one after another (a 32-way bank
// conflict).  The report's counters should show it, and the ladder's
// padded tile ([TILE][TILE + 1]) shows the fix.
//
// in is rows x cols, row-major; out receives cols x rows.

#define TILE 32
#define ROWS_PER_PASS 8

extern "C" __global__ void transpose_tile(const culab_t *in, culab_t *out,
                                          int rows, int cols)
{
    __shared__ culab_t tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;      // input column
    int y = blockIdx.y * TILE + threadIdx.y;      // input row

    for (int j = 0; j < TILE; j += ROWS_PER_PASS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(long long)(y + j) * cols + x];
    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;          // output column = input row
    y = blockIdx.x * TILE + threadIdx.y;          // output row = input column
    for (int j = 0; j < TILE; j += ROWS_PER_PASS)
        if (x < rows && y + j < cols)
            out[(long long)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
