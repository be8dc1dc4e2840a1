/* transpose.cu - the transpose ladder: out (m x n) = transpose of in
 * (n x m), both row-major.
 *
 * Every rung except the last works on 32 x 32 tiles with 32 x 8 threads,
 * each thread handling 4 elements of a column of the tile (rows ty, ty+8,
 * ty+16, ty+24), as in Ruetsch & Micikevicius; the copy ceiling uses the
 * same tiles and threads, so the ladder compares access patterns, not
 * grid shapes.  The last rung uses 64 x 64 tiles and 16-byte accesses.
 *
 * Transposition only moves bits, so kernels are instantiated per element
 * size (4 or 8 bytes), not per type: int and float share one kernel.
 * Tiles are visited by for_each_tile(), which loops when the grid would
 * exceed the hardware's limits (gridDim.y <= 65535), so any shape works;
 * every access is bounds-checked, so shapes need not be multiples of the
 * tile. */
#include "common.cuh"

using namespace culab;

#define TILE 32  /* tile side of rungs 1-8 */
#define ROWS 8   /* threads per tile column: each thread does TILE/ROWS */
#define VTILE 64 /* tile side of the 16-byte rung */
#define VTHREADS 256

/* Calls body(r0, c0) for every tile (first row r0, first column c0) of an
 * n x m matrix of TR x TC tiles that this block owns.  A block owns more
 * than one tile only when the grid had to be capped; with SYNC, blocks
 * that reuse a shared-memory tile put a barrier between tiles. */
template <unsigned TR, unsigned TC, bool SYNC, class F>
__device__ __forceinline__ void for_each_tile(size_t n, size_t m, F &&body)
{
	const size_t tiles_r = ceil_div(n, TR), tiles_c = ceil_div(m, TC);
	bool first = true;

	for (size_t br = blockIdx.y; br < tiles_r; br += gridDim.y)
		for (size_t bc = blockIdx.x; bc < tiles_c; bc += gridDim.x) {
			if (SYNC && !first)
				__syncthreads();
			first = false;
			body(br * TR, bc * TC);
		}
}

/* Grid covering an n x m matrix of side x side tiles, capped at the
 * hardware's limits. */
static dim3 tile_grid(size_t n, size_t m, size_t side)
{
	size_t gx = ceil_div(m, side), gy = ceil_div(n, side);

	return dim3((unsigned)(gx < GRID_X_MAX ? gx : GRID_X_MAX),
		    (unsigned)(gy < GRID_Y_MAX ? gy : GRID_Y_MAX), 1);
}

/* The 4- or 8-byte unsigned type that moves a dtype's bits. */
template <class F> static int with_element(int dtype, F &&f)
{
	return with_dtype(dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using E = std::conditional_t<sizeof(T) == 4, unsigned int,
					     unsigned long long>;
		return f(type_tag<E>{});
	});
}

/* Launches kernel<E> on the 32 x 32 tile grid with 32 x 8 threads. */
#define TILE_LAUNCH(kernel)                                                    \
	with_element(a->dtype, [&](auto tag) -> int {                          \
		using E = typename decltype(tag)::type;                        \
		if (a->n < 1 || a->m < 1)                                      \
			return cudaErrorInvalidValue;                          \
		kernel<E><<<tile_grid(a->n, a->m, TILE), dim3(TILE, ROWS), 0,  \
			    a->stream>>>((const E *)a->in, (E *)a->out, a->n,  \
					 a->m);                                \
		CULAB_LAUNCHED();                                              \
		return 0;                                                      \
	})

/* ===================================================================== */
/* Rungs 1-2: copies with the ladder's access shape                        */
/* ===================================================================== */

/* Rung 1, the ceiling: copies each tile to the same place (out as n x m).
 * Reads and writes are both coalesced; no transpose can move its bytes
 * faster. */
template <class E>
__global__ void transpose_copy_kernel(const E *in, E *out, size_t n, size_t m)
{
	for_each_tile<TILE, TILE, false>(n, m, [&](size_t r0, size_t c0) {
		const size_t c = c0 + threadIdx.x;

#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			const size_t r = r0 + threadIdx.y + k;

			if (r < n && c < m)
				out[r * m + c] = in[r * m + c];
		}
	});
}

/* Rung 2: the same copy through a shared-memory tile, to show what the
 * staging itself costs (a barrier and a shared store and load per
 * element) before the transposes use it. */
template <class E>
__global__ void transpose_copy_shared_kernel(const E *in, E *out, size_t n,
					     size_t m)
{
	__shared__ E tile[TILE][TILE];

	for_each_tile<TILE, TILE, true>(n, m, [&](size_t r0, size_t c0) {
		const unsigned tx = threadIdx.x, ty = threadIdx.y;
		const size_t c = c0 + tx;

#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			const size_t r = r0 + ty + k;

			if (r < n && c < m)
				tile[ty + k][tx] = in[r * m + c];
		}
		__syncthreads();
#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			const size_t r = r0 + ty + k;

			if (r < n && c < m)
				out[r * m + c] = tile[ty + k][tx];
		}
	});
}

/* ===================================================================== */
/* Rungs 3-5: naive transposes                                             */
/* ===================================================================== */

/* Rung 3: thread (tx, ty) reads in[r][c] along a row (coalesced) and
 * writes out[c][r] down a column: the 32 lanes of a warp write 32
 * different rows of out, one sector each. */
template <class E>
__global__ void transpose_naive_kernel(const E *in, E *out, size_t n, size_t m)
{
	for_each_tile<TILE, TILE, false>(n, m, [&](size_t r0, size_t c0) {
		const size_t c = c0 + threadIdx.x;

#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			const size_t r = r0 + threadIdx.y + k;

			if (r < n && c < m)
				out[c * n + r] = in[r * m + c];
		}
	});
}

/* Rung 4: the lanes run along the rows of `in` instead, so writes to out
 * are coalesced and reads go down a column of in: one sector per lane,
 * but read sectors can be reused from L1 by the next warps. */
template <class E>
__global__ void transpose_naive_strided_read_kernel(const E *in, E *out,
						    size_t n, size_t m)
{
	for_each_tile<TILE, TILE, false>(n, m, [&](size_t r0, size_t c0) {
		const size_t r = r0 + threadIdx.x;

#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			const size_t c = c0 + threadIdx.y + k;

			if (r < n && c < m)
				out[c * n + r] = in[r * m + c];
		}
	});
}

/* Rung 5: rung 4 with the strided reads through __ldg(), the read-only
 * data path (ld.global.nc). */
template <class E>
__global__ void transpose_naive_ldg_kernel(const E *in, E *out, size_t n,
					   size_t m)
{
	for_each_tile<TILE, TILE, false>(n, m, [&](size_t r0, size_t c0) {
		const size_t r = r0 + threadIdx.x;

#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			const size_t c = c0 + threadIdx.y + k;

			if (r < n && c < m)
				out[c * n + r] = __ldg(&in[r * m + c]);
		}
	});
}

/* ===================================================================== */
/* Rungs 6-8: shared-memory tiles                                          */
/* ===================================================================== */

/* Where element (row, col) of a 32 x 32 tile lives in shared memory.
 * PITCH is the row length in elements; SWIZZLE stores column col of row
 * row at col ^ row, a permutation of each row. */
template <unsigned PITCH, bool SWIZZLE>
__device__ __forceinline__ unsigned tile_at(unsigned row, unsigned col)
{
	return row * PITCH + (SWIZZLE ? (col ^ row) : col);
}

/* Rungs 6-8: a block reads a 32 x 32 tile with coalesced row reads into
 * shared memory, synchronizes, and writes the transposed tile with
 * coalesced row writes, reading the tile down its columns.  Only the
 * shared-memory layout differs between the rungs:
 *   PITCH 32             column reads: 32 lanes in one bank (32-way)
 *   PITCH 33             each row shifted by one bank: conflict-free
 *   PITCH 32 + swizzle   conflict-free without the extra column */
template <class E, unsigned PITCH, bool SWIZZLE>
__device__ __forceinline__ void transpose_tiled(const E *in, E *out, size_t n,
						size_t m)
{
	__shared__ E tile[TILE * PITCH];

	for_each_tile<TILE, TILE, true>(n, m, [&](size_t r0, size_t c0) {
		const unsigned tx = threadIdx.x, ty = threadIdx.y;

#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			const size_t r = r0 + ty + k, c = c0 + tx;

			if (r < n && c < m)
				tile[tile_at<PITCH, SWIZZLE>(ty + k, tx)] =
					in[r * m + c];
		}
		__syncthreads();
#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			/* out[c][r] for input column c = c0 + ty + k and
			 * input row r = r0 + tx: lanes run along out's row */
			const size_t c = c0 + ty + k, r = r0 + tx;

			if (r < n && c < m)
				out[c * n + r] =
					tile[tile_at<PITCH, SWIZZLE>(tx, ty + k)];
		}
	});
}

template <class E>
__global__ void transpose_tile_kernel(const E *in, E *out, size_t n, size_t m)
{
	transpose_tiled<E, TILE, false>(in, out, n, m);
}

template <class E>
__global__ void transpose_tile_pad_kernel(const E *in, E *out, size_t n,
					  size_t m)
{
	transpose_tiled<E, TILE + 1, false>(in, out, n, m);
}

template <class E>
__global__ void transpose_tile_swizzle_kernel(const E *in, E *out, size_t n,
					      size_t m)
{
	transpose_tiled<E, TILE, true>(in, out, n, m);
}

/* ===================================================================== */
/* Rung 9: 64 x 64 tiles, 16-byte global accesses                          */
/* ===================================================================== */

/* W elements of E in one 16-byte access. */
template <class E> struct alignas(16) vec16e {
	E e[16 / sizeof(E)];
};

/* Rung 9.  256 threads move a 64 x 64 tile; every global access is 16
 * bytes (W = 4 or 2 elements), and every thread has 16 (4-byte E) or 8
 * (8-byte E) elements, i.e. 4 or 8 independent 16-byte loads, in flight.
 *
 * Work is cut into chunks of 4 rows x 8 vectors, one chunk per warp per
 * step: each row of a chunk is one 128-byte segment, so loads and stores
 * are fully coalesced.  The tile is padded to 65 elements per row, and
 * with this chunk shape both shared-memory phases are conflict-free:
 *   store, element j of vector vc of tile row r: bank (r + W*vc + j) mod 32
 *   gather, row W*v + j of tile column c:        bank (W*v + j + c) mod 32
 * (for 8-byte E the same holds per half-warp, in units of bank pairs).
 *
 * Requires n % W == 0, m % W == 0 and 16-byte aligned in and out, so each
 * vector is wholly inside or wholly outside the matrix; the launcher falls
 * back to rung 7 otherwise. */
template <class E>
__global__ void __launch_bounds__(VTHREADS)
transpose_tile_vec_kernel(const E *in, E *out, size_t n, size_t m)
{
	using V = vec16e<E>;
	constexpr unsigned W = 16 / sizeof(E);
	constexpr unsigned P = VTILE + 1;             /* padded pitch */
	constexpr unsigned VPR = VTILE / W;           /* vectors per tile row */
	constexpr unsigned STEPS = VTILE / 4 * (VPR / 8) / (VTHREADS / 32);
	__shared__ E tile[VTILE * P];
	const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	const unsigned lr = lane / 8, lv = lane % 8;

	for_each_tile<VTILE, VTILE, true>(n, m, [&](size_t r0, size_t c0) {
		V x[STEPS];

		/* all loads first, so STEPS of them are in flight */
#pragma unroll
		for (unsigned s = 0; s < STEPS; s++) {
			const unsigned q = s * (VTHREADS / 32) + warp;
			const unsigned r = 4 * (q % 16) + lr;
			const unsigned vc = 8 * (q / 16) + lv;
			const size_t gr = r0 + r, gc = c0 + (size_t)W * vc;

			if (gr < n && gc < m)
				x[s] = *reinterpret_cast<const V *>(in + gr * m + gc);
		}
#pragma unroll
		for (unsigned s = 0; s < STEPS; s++) {
			const unsigned q = s * (VTHREADS / 32) + warp;
			const unsigned r = 4 * (q % 16) + lr;
			const unsigned vc = 8 * (q / 16) + lv;

			if (r0 + r < n && c0 + (size_t)W * vc < m)
#pragma unroll
				for (unsigned j = 0; j < W; j++)
					tile[r * P + W * vc + j] = x[s].e[j];
		}
		__syncthreads();
#pragma unroll
		for (unsigned s = 0; s < STEPS; s++) {
			/* output row c0 + c (tile column c), output columns
			 * r0 + W*v ... + W-1 (tile rows) */
			const unsigned q = s * (VTHREADS / 32) + warp;
			const unsigned c = 4 * (q % 16) + lr;
			const unsigned v = 8 * (q / 16) + lv;
			const size_t gc = c0 + c, gr = r0 + (size_t)W * v;

			if (gc < m && gr < n) {
				V y;

#pragma unroll
				for (unsigned j = 0; j < W; j++)
					y.e[j] = tile[(W * v + j) * P + c];
				*reinterpret_cast<V *>(out + gc * n + gr) = y;
			}
		}
	});
}

/* ===================================================================== */
/* Launchers                                                               */
/* ===================================================================== */

int transpose_copy_launch(const kernel_args *a)
{
	return TILE_LAUNCH(transpose_copy_kernel);
}

int transpose_copy_shared_launch(const kernel_args *a)
{
	return TILE_LAUNCH(transpose_copy_shared_kernel);
}

int transpose_naive_launch(const kernel_args *a)
{
	return TILE_LAUNCH(transpose_naive_kernel);
}

int transpose_naive_strided_read_launch(const kernel_args *a)
{
	return TILE_LAUNCH(transpose_naive_strided_read_kernel);
}

int transpose_naive_ldg_launch(const kernel_args *a)
{
	return TILE_LAUNCH(transpose_naive_ldg_kernel);
}

int transpose_tile_launch(const kernel_args *a)
{
	return TILE_LAUNCH(transpose_tile_kernel);
}

int transpose_tile_pad_launch(const kernel_args *a)
{
	return TILE_LAUNCH(transpose_tile_pad_kernel);
}

int transpose_tile_swizzle_launch(const kernel_args *a)
{
	return TILE_LAUNCH(transpose_tile_swizzle_kernel);
}

/* Rung 9's launcher: a one-row or one-column matrix has the same layout
 * as its transpose, so it is copied (cudaMemcpyAsync); shapes and
 * pointers the 16-byte kernel cannot take go to rung 7. */
int transpose_tile_vec_launch(const kernel_args *a)
{
	return with_element(a->dtype, [&](auto tag) -> int {
		using E = typename decltype(tag)::type;
		constexpr size_t W = 16 / sizeof(E);

		if (a->n < 1 || a->m < 1)
			return cudaErrorInvalidValue;
		if (a->n == 1 || a->m == 1) {
			CULAB_TRY(cudaMemcpyAsync(a->out, a->in,
						  a->n * a->m * sizeof(E),
						  cudaMemcpyDeviceToDevice,
						  a->stream));
			return 0;
		}
		if (a->n % W || a->m % W || (uintptr_t)a->in % 16 ||
		    (uintptr_t)a->out % 16)
			return transpose_tile_pad_launch(a);
		transpose_tile_vec_kernel<E>
			<<<tile_grid(a->n, a->m, VTILE), VTHREADS, 0,
			   a->stream>>>((const E *)a->in, (E *)a->out, a->n, a->m);
		CULAB_LAUNCHED();
		return 0;
	});
}
