/* common.cuh - helpers shared by culab's kernel files (internal to kernels/).
 *
 * Accumulator types, dtype dispatch, error returns, grid limits, warp and
 * block sums, 16-byte vector types and a cache of occupancy queries.  The
 * launchers in reduce.cu, transpose.cu and baselines.cu are the only users;
 * nothing here is part of the C ABI in kernels.h. */
#ifndef CULAB_KERNELS_COMMON_CUH
#define CULAB_KERNELS_COMMON_CUH

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cuda_runtime.h>

#include "base/dtype.h"
#include "kernels.h"

namespace culab {

/* ---- types ---------------------------------------------------------- */

/* The accumulator of a reduction over T: int sums in long long, so they
 * are exact (see reduce.cu); float and double sum in their own type. */
template <class T> struct acc_of { using type = T; };
template <> struct acc_of<int> { using type = long long; };
template <class T> using acc_t = typename acc_of<T>::type;

template <class T> struct type_tag { using type = T; };

/* Calls f(type_tag<T>{}) with T the C++ type of `dtype`; returns what f
 * returns, or cudaErrorInvalidValue for an unknown dtype.  The one place
 * where the ABI's run-time dtype becomes a template argument. */
template <class F> int with_dtype(int dtype, F &&f)
{
	switch (dtype) {
	case DTYPE_INT:
		return f(type_tag<int>{});
	case DTYPE_FLOAT:
		return f(type_tag<float>{});
	case DTYPE_DOUBLE:
		return f(type_tag<double>{});
	default:
		return cudaErrorInvalidValue;
	}
}

/* ---- errors --------------------------------------------------------- */

/* Returns the error of a CUDA call, as the launchers' int, if it failed. */
#define CULAB_TRY(call)                                                      \
	do {                                                                 \
		cudaError_t culab_e_ = (call);                               \
		if (culab_e_ != cudaSuccess)                                 \
			return (int)culab_e_;                                \
	} while (0)

/* After every kernel launch: returns the launch error, if any. */
#define CULAB_LAUNCHED() CULAB_TRY(cudaGetLastError())

/* A launcher whose run ends on the host marks the end of its device work
 * here, after its last kernel and before the copy to the host
 * (kernels.h, struct device_mark). */
inline cudaError_t mark_device_done(const kernel_args *a)
{
	if (!a->device_done)
		return cudaSuccess;
	a->device_done->recorded = 1;
	return cudaEventRecord(a->device_done->event, a->stream);
}

/* A device-finishing reduction marks the end of its first pass here,
 * after the launch(es) of that pass (kernels.h, first_pass). */
inline cudaError_t mark_first_pass(const kernel_args *a)
{
	if (!a->first_pass)
		return cudaSuccess;
	a->first_pass->recorded = 1;
	return cudaEventRecord(a->first_pass->event, a->stream);
}

/* ---- sizes and grids ------------------------------------------------ */

__host__ __device__ inline size_t ceil_div(size_t a, size_t b)
{
	return (a + b - 1) / b;
}

/* Hardware limits of a launch's grid (compute capability 3.0 and later). */
constexpr size_t GRID_X_MAX = 2147483647u;
constexpr size_t GRID_Y_MAX = 65535u;
/* Largest block any launcher accepts. */
constexpr int BLOCK_MAX = 1024;

/* Whether `b` threads per block is allowed by a row's [lo, hi] range and
 * power-of-two rule. */
inline bool block_ok(int b, int lo, int hi, bool pow2)
{
	return b >= lo && b <= hi && (!pow2 || (b & (b - 1)) == 0);
}

/* Launches a one-dimensional grid of `tiles` blocks as chunks of at most
 * GRID_X_MAX blocks: launch(grid, first_tile) enqueues one chunk, whose
 * blocks handle tiles first_tile + blockIdx.x. */
template <class L> int launch_tiles(size_t tiles, L &&launch)
{
	for (size_t first = 0; first < tiles; first += GRID_X_MAX) {
		size_t left = tiles - first;
		unsigned grid = (unsigned)(left < GRID_X_MAX ? left : GRID_X_MAX);

		launch(grid, first);
		CULAB_LAUNCHED();
	}
	return 0;
}

/* Resident blocks of kernel K per multiprocessor at `block` threads and
 * `smem` bytes of dynamic shared memory, asked once per kernel and block
 * size: the answer cannot change while the process runs on one device, and
 * asking inside a timed launcher would put host work into the timing. */
template <auto K> int blocks_per_sm(int block, size_t smem)
{
	static std::atomic<int> cache[BLOCK_MAX + 1];
	int nb = cache[block].load(std::memory_order_relaxed);

	if (nb > 0)
		return nb;
	/* On failure guess 1 and ask again next time; the launch that
	 * follows reports a real problem. */
	if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, K, block,
							  smem) != cudaSuccess ||
	    nb < 1) {
		(void)cudaGetLastError();
		return 1;
	}
	cache[block].store(nb, std::memory_order_relaxed);
	return nb;
}

/* Upper bound of a persistent grid: no SM holds more than 2048 threads or
 * 32 blocks on any current GPU.  Size functions use it, so scratch never
 * depends on a device query; launchers clamp their grid to it. */
inline size_t persistent_grid_max(int block, int sm_count)
{
	int per_sm = block > 0 ? 2048 / block : 1;

	if (per_sm > 32)
		per_sm = 32;
	if (per_sm < 1)
		per_sm = 1;
	return (size_t)(sm_count > 0 ? sm_count : 1) * (size_t)per_sm;
}

/* ---- warp and block sums -------------------------------------------- */

/* Sum of v over the `live` lowest lanes of a warp (all of them in
 * practice; fewer only in the last warp of a block whose size is not a
 * multiple of 32), valid in lane 0.  Every live lane must call it. */
template <class A> __device__ __forceinline__ A warp_sum(A v, unsigned live)
{
	const unsigned lane = threadIdx.x % 32u;

	/* culab:key reduce_shuffle */
	if (live >= 32u) {
#pragma unroll
		for (unsigned off = 16; off > 0; off /= 2)
			v += __shfl_down_sync(0xffffffffu, v, off);
		return v;
	}
	/* culab:end */
	const unsigned mask = (1u << live) - 1u;
#pragma unroll
	for (unsigned off = 16; off > 0; off /= 2) {
		A u = __shfl_down_sync(mask, v, off);

		if (lane + off < live)
			v += u;
	}
	return v;
}

/* Sum of v over the whole block, valid in thread 0, for any block size:
 * shuffles inside each warp, one shared-memory slot per warp, then warp 0
 * adds the slots.  `slots` is __shared__ A[32].  Contains one
 * __syncthreads(); a caller that calls it again must put a barrier between
 * the calls so warp 0's reads of the slots finish first. */
template <class A> __device__ __forceinline__ A block_sum(A v, A *slots)
{
	const unsigned t = threadIdx.x, B = blockDim.x;
	const unsigned warp = t / 32u, lane = t % 32u;
	const unsigned warps = (B + 31u) / 32u;
	const unsigned live = B - warp * 32u;

	v = warp_sum(v, live);
	if (warps == 1)
		return v;
	if (lane == 0)
		slots[warp] = v;
	__syncthreads();
	if (warp == 0) {
		v = lane < warps ? slots[lane] : A(0);
		v = warp_sum(v, 32u);
	}
	return v;
}

/* ---- 16-byte vectors ------------------------------------------------ */

template <class T> struct vec16;
template <> struct vec16<int> { using type = int4; };
template <> struct vec16<float> { using type = float4; };
template <> struct vec16<double> { using type = double2; };
template <class T> using vec16_t = typename vec16<T>::type;

/* Sum of a vector's elements in the accumulator type. */
__device__ __forceinline__ long long vec_sum(int4 v)
{
	return (long long)v.x + (long long)v.y + (long long)v.z +
	       (long long)v.w;
}
__device__ __forceinline__ float vec_sum(float4 v)
{
	return (v.x + v.y) + (v.z + v.w);
}
__device__ __forceinline__ double vec_sum(double2 v)
{
	return v.x + v.y;
}

} /* namespace culab */

#endif
