/* transpose.cu - the transpose ladder: out (m x n) = transpose of in
 * (n x m), both row-major.
 *
 * Every rung works on 32 x 32 tiles with 32 x 8 threads, each thread
 * handling 4 elements of a column of the tile (rows ty, ty+8, ty+16,
 * ty+24), as in Ruetsch & Micikevicius; the copy ceiling uses the same
 * tiles and threads, so the ladder compares access patterns, not grid
 * shapes.  The last rung keeps that shape but counts in 2 x 2 blocks of
 * elements (so its tiles are 64 x 64 elements).
 *
 * Transposition only moves bits, so kernels are instantiated per element
 * size (4 or 8 bytes), not per type: int and float share one kernel.
 * Tiles are visited by for_each_tile(), which loops when the grid would
 * exceed the hardware's limits (gridDim.y <= 65535), so any shape works;
 * every access is bounds-checked, so shapes need not be multiples of the
 * tile. */
#include "common.cuh"

using namespace culab;

#define TILE 32 /* tile side (rung 9: in 2 x 2 blocks) */
#define ROWS 8  /* threads per tile column: each thread does TILE/ROWS */

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

/* Moves the TILE/ROWS elements of thread (tx, ty) in a tile: element k
 * is read from in[src(k)] and written to out[dst(k)] when ok(k).  All
 * reads are issued before the first write, so the rungs without shared
 * memory keep TILE/ROWS loads in flight as the tiled rungs do (otherwise
 * the compiler must assume in and out may overlap and wait for each load
 * before the next store) and differ from them only in where they read and
 * write. */
template <class E, class Ok, class Src, class Dst>
__device__ __forceinline__ void move_column(const E *in, E *out, Ok ok,
					    Src src, Dst dst)
{
	E v[TILE / ROWS];

#pragma unroll
	for (unsigned k = 0; k < TILE / ROWS; k++)
		if (ok(k))
			v[k] = in[src(k)];
#pragma unroll
	for (unsigned k = 0; k < TILE / ROWS; k++)
		if (ok(k))
			out[dst(k)] = v[k];
}

/* Rung 1, the ceiling: copies each tile to the same place (out as n x m).
 * Reads and writes are both coalesced; no transpose can move its bytes
 * faster. */
template <class E>
__global__ void transpose_copy_kernel(const E *in, E *out, size_t n, size_t m)
{
	for_each_tile<TILE, TILE, false>(n, m, [&](size_t r0, size_t c0) {
		/* culab:key transpose_copy */
		const size_t c = c0 + threadIdx.x;
		const size_t r = r0 + threadIdx.y;

		move_column(
			in, out,
			[&](unsigned k) { return r + ROWS * k < n && c < m; },
			[&](unsigned k) { return (r + ROWS * k) * m + c; },
			[&](unsigned k) { return (r + ROWS * k) * m + c; });
		/* culab:end */
	});
}

/* Rung 2: the same copy through a shared-memory tile, to show what the
 * staging itself costs (a barrier and a shared store and load per
 * element) before the transposes use it. */
template <class E>
__global__ void transpose_copy_shared_kernel(const E *in, E *out, size_t n,
					     size_t m)
{
	/* culab:key transpose_copy_shared */
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
		/* culab:end */
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
		/* culab:key transpose_naive before:transpose_naive_strided_read */
		const size_t c = c0 + threadIdx.x;
		const size_t r = r0 + threadIdx.y;

		move_column(
			in, out,
			[&](unsigned k) { return r + ROWS * k < n && c < m; },
			[&](unsigned k) { return (r + ROWS * k) * m + c; },
			[&](unsigned k) { return c * n + r + ROWS * k; });
		/* culab:end */
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
		/* culab:key transpose_naive_strided_read before:transpose_naive_ldg */
		const size_t r = r0 + threadIdx.x;
		const size_t c = c0 + threadIdx.y;

		move_column(
			in, out,
			[&](unsigned k) { return r < n && c + ROWS * k < m; },
			[&](unsigned k) { return r * m + c + ROWS * k; },
			[&](unsigned k) { return (c + ROWS * k) * n + r; });
		/* culab:end */
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
		const size_t c = c0 + threadIdx.y;
		/* culab:key transpose_naive_ldg before:transpose_tile */
		E v[TILE / ROWS];

#pragma unroll
		for (unsigned k = 0; k < TILE / ROWS; k++)
			if (r < n && c + ROWS * k < m)
				v[k] = __ldg(&in[r * m + c + ROWS * k]);
#pragma unroll
		for (unsigned k = 0; k < TILE / ROWS; k++)
			if (r < n && c + ROWS * k < m)
				out[(c + ROWS * k) * n + r] = v[k];
		/* culab:end */
	});
}

/* ===================================================================== */
/* Rungs 6-8: shared-memory tiles                                          */
/* ===================================================================== */

/* Where element (row, col) of a 32 x 32 tile lives in shared memory
 * (defined beside rung 8, which changes it). */
template <unsigned PITCH, bool SWIZZLE>
__device__ __forceinline__ unsigned tile_at(unsigned row, unsigned col);

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
	/* culab:key transpose_tile */
	__shared__ E tile[TILE * PITCH];

	for_each_tile<TILE, TILE, true>(n, m, [&](size_t r0, size_t c0) {
		const unsigned tx = threadIdx.x, ty = threadIdx.y;

		/* culab:key before:transpose_tile_pairs */
#pragma unroll
		for (unsigned k = 0; k < TILE; k += ROWS) {
			const size_t r = r0 + ty + k, c = c0 + tx;

			if (r < n && c < m)
				tile[tile_at<PITCH, SWIZZLE>(ty + k, tx)] =
					in[r * m + c];
		}
		/* culab:end */
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
	/* culab:end */
}

/* culab:key before:transpose_tile_pad */
template <class E>
__global__ void transpose_tile_kernel(const E *in, E *out, size_t n, size_t m)
{
	transpose_tiled<E, TILE, false>(in, out, n, m);
}
/* culab:end */

/* culab:key transpose_tile_pad before:transpose_tile_swizzle */
template <class E>
__global__ void transpose_tile_pad_kernel(const E *in, E *out, size_t n,
					  size_t m)
{
	transpose_tiled<E, TILE + 1, false>(in, out, n, m);
}
/* culab:end */

/* Rung 8: no padding; the tile's index is swizzled instead.  PITCH is
 * the row length in elements; SWIZZLE stores column col of row row at
 * col ^ row, a permutation of each row, so a column's 32 elements are in
 * 32 different banks without the extra column. */
/* culab:key transpose_tile_swizzle */
template <unsigned PITCH, bool SWIZZLE>
__device__ __forceinline__ unsigned tile_at(unsigned row, unsigned col)
{
	return row * PITCH + (SWIZZLE ? (col ^ row) : col);
}

template <class E>
__global__ void transpose_tile_swizzle_kernel(const E *in, E *out, size_t n,
					      size_t m)
{
	transpose_tiled<E, TILE, true>(in, out, n, m);
}
/* culab:end */

/* ===================================================================== */
/* Rung 9: 2 x 2 blocks, pairs of elements per access                     */
/* ===================================================================== */

/* Two adjacent elements of a row, moved as one 8- or 16-byte access. */
template <class E> struct alignas(2 * sizeof(E)) elem_pair {
	E a, b;
};

/* Rung 9.  The matrix is read as 2 x 2 blocks: each thread loads a pair
 * from two adjacent rows (x[R][C..C+1] and x[R+1][C..C+1]), swaps their
 * halves in registers into the two pairs of the transposed block, and
 * stores those into two padded shared-memory tiles; after the barrier it
 * writes them to two adjacent rows of the output.  A block moves a
 * 64 x 64 tile with the shape and shared-memory pattern of rung 7, but
 * every global and shared access carries two elements: 8 bytes for int
 * and float, 16 for double.  Each thread keeps 8 loads (64 or 128 bytes)
 * in flight.
 *
 * Why pairs: on an H100, rung 7 reaches 97% of the copy's bandwidth for
 * double but 93% for float, and a plain copy staged through shared memory
 * reaches only 92% for float: moving 4-byte elements through shared memory
 * one by one costs bandwidth, whatever the layout.  Pairs make float
 * move like double (97%).  Wider blocks tried on the same GPU did worse:
 * 64 x 64 tiles of 16-byte vectors with scalar shared-memory traffic
 * (90-92%, even software-pipelined), warp-private tiles (92%), and 4 x 4
 * blocks transposed in registers without shared memory (at most 83%:
 * 64-byte write segments).
 *
 * Shared memory: pairs are 8 (16) bytes, processed per half-warp
 * (quarter-warp); a row of the tile holds 33 pairs, so the column read of
 * the write phase hits pair slot (tx * 33 + c), and 33 = 1 mod 16 (mod 8)
 * spreads a half-warp's (quarter-warp's) lanes over distinct banks.
 *
 * Requires even n and m and in, out aligned to a pair, so no pair
 * straddles the edge; the launcher falls back to rung 7 otherwise. */
template <class E>
__global__ void __launch_bounds__(TILE * ROWS)
transpose_tile_pairs_kernel(const E *in, E *out, size_t n, size_t m)
{
	using PR = elem_pair<E>;
	constexpr unsigned P = TILE + 1;
	__shared__ PR top[TILE * P], bottom[TILE * P];

	for_each_tile<2 * TILE, 2 * TILE, true>(n, m, [&](size_t r0, size_t c0) {
		const unsigned tx = threadIdx.x, ty = threadIdx.y;
		const size_t c = c0 + 2 * tx; /* input column of my pairs */
		/* culab:key transpose_tile_pairs */
		PR x0[TILE / ROWS], x1[TILE / ROWS];

#pragma unroll
		for (unsigned k = 0; k < TILE / ROWS; k++) {
			const size_t r = r0 + 2 * (ty + ROWS * k);

			if (r < n && c < m) {
				x0[k] = *reinterpret_cast<const PR *>(in + r * m + c);
				x1[k] = *reinterpret_cast<const PR *>(in + (r + 1) * m + c);
			}
		}
#pragma unroll
		for (unsigned k = 0; k < TILE / ROWS; k++) {
			const unsigned b = (ty + ROWS * k) * P + tx;

			if (r0 + 2 * (ty + ROWS * k) < n && c < m) {
				top[b] = PR{ x0[k].a, x1[k].a };    /* out row c */
				bottom[b] = PR{ x0[k].b, x1[k].b }; /* out row c+1 */
			}
		}
		/* culab:end */
		__syncthreads();
#pragma unroll
		for (unsigned k = 0; k < TILE / ROWS; k++) {
			/* output rows oc, oc + 1 (input columns), output
			 * columns orow, orow + 1 (input rows) */
			const size_t oc = c0 + 2 * (ty + ROWS * k), orow = r0 + 2 * tx;
			const unsigned b = tx * P + ty + ROWS * k;

			if (oc < m && orow < n) {
				*reinterpret_cast<PR *>(out + oc * n + orow) = top[b];
				*reinterpret_cast<PR *>(out + (oc + 1) * n + orow) =
					bottom[b];
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
 * as its transpose, so it is copied (cudaMemcpyAsync); odd sides and
 * pointers not aligned to a pair go to rung 7. */
int transpose_tile_pairs_launch(const kernel_args *a)
{
	return with_element(a->dtype, [&](auto tag) -> int {
		using E = typename decltype(tag)::type;

		if (a->n < 1 || a->m < 1)
			return cudaErrorInvalidValue;
		if (a->n == 1 || a->m == 1) {
			CULAB_TRY(cudaMemcpyAsync(a->out, a->in,
						  a->n * a->m * sizeof(E),
						  cudaMemcpyDeviceToDevice,
						  a->stream));
			return 0;
		}
		if (a->n % 2 || a->m % 2 || (uintptr_t)a->in % (2 * sizeof(E)) ||
		    (uintptr_t)a->out % (2 * sizeof(E)))
			return transpose_tile_pad_launch(a);
		transpose_tile_pairs_kernel<E>
			<<<tile_grid(a->n, a->m, 2 * TILE), dim3(TILE, ROWS), 0,
			   a->stream>>>((const E *)a->in, (E *)a->out, a->n, a->m);
		CULAB_LAUNCHED();
		return 0;
	});
}
