/* reduce.cu - the reduction ladder: sum n elements to one scalar.
 *
 * Each rung is a kernel (or a few) plus a launcher with the C ABI of
 * kernels.h; src/registry.c holds one row per launcher with the prose.  A
 * rung changes one thing relative to the one before, so the ladder's
 * timings and counters show what each change buys.
 *
 * Conventions shared by every rung:
 *  - Element type T is int, float or double; the accumulator A = acc_t<T>
 *    is long long for int, so integer sums are exact: every partial sum of
 *    n ints fits in 64 bits while n <= 2^32 (|sum| <= 2^32 * 2^31 = 2^63),
 *    and beyond that the sum is exact modulo 2^64, the same for every
 *    variant because integer addition is associative.
 *  - Indices that can reach n are size_t: n may exceed 2^31.
 *  - Grids wider than the hardware allows are launched in chunks
 *    (launch_tiles), so no n is too large.
 *  - Multi-pass rungs reduce the per-block partial sums with further
 *    launches of the same kernel until one value remains in a->out; the
 *    partials ping-pong between two regions of a->work. */
#include <cstring>

#include <cuda/atomic>

#include "common.cuh"

using namespace culab;

/* Largest block of the statically sized shared array (rung 5). */
#define STATIC_SMEM_BLOCK 1024

/* ===================================================================== */
/* Shared pieces                                                          */
/* ===================================================================== */

/* Dynamic shared memory as an array of A.  One extern declaration of
 * bytes serves every instantiation (extern arrays of different element
 * types in templates would clash). */
template <class A> __device__ __forceinline__ A *dynamic_smem()
{
	extern __shared__ __align__(16) unsigned char culab_smem[];
	return reinterpret_cast<A *>(culab_smem);
}

/* Element i of the input as an accumulator, or 0 past the end. */
template <class A, class In>
__device__ __forceinline__ A load_or_zero(const In *in, size_t i, size_t n)
{
	return i < n ? A(in[i]) : A(0);
}

/* The first add during the load (rungs 7-10): block `tile` covers 2B
 * elements, and thread t returns elements t and t + B of it added. */
/* culab:key reduce_first_add */
template <class A, class In>
__device__ __forceinline__ A load_pair_sum(const In *in, size_t n, size_t tile)
{
	const size_t B = blockDim.x, i = tile * 2 * B + threadIdx.x;

	return load_or_zero<A>(in, i, n) + load_or_zero<A>(in, i + B, n);
}
/* culab:end */

/* Sequential addressing: thread t adds s[t + h] for h = B/2, B/4, ... 1.
 * The active threads are contiguous, so whole warps retire together and
 * a warp's 32 accesses hit 32 different banks.  Leaves the sum in s[0]. */
/* culab:key reduce_shared_static before:reduce_warp_volatile */
template <class A> __device__ __forceinline__ void fold_sequential(A *s)
{
	const unsigned t = threadIdx.x;

	for (unsigned h = blockDim.x / 2; h > 0; h /= 2) {
		if (t < h)
			s[t] += s[t + h];
		__syncthreads();
	}
}
/* culab:end */

/* The last warp of a tree whose first 64 partials are in s[0..63]
 * (B >= 64), with a __syncwarp() between every read and every write so
 * no lane reads a slot another lane is changing.  `v` is s[t]; the sum
 * is returned in lane 0. */
/* culab:key reduce_warp_syncwarp */
template <class A> __device__ __forceinline__ A last_warp_synced(A *s, A v)
{
	const unsigned t = threadIdx.x;

	v += s[t + 32];
#pragma unroll
	for (unsigned h = 16; h > 0; h /= 2) {
		__syncwarp();
		s[t] = v;
		__syncwarp();
		v += s[t + h];
	}
	return v;
}
/* culab:end */

/* Completely unrolled tree for a block of B threads (a power of two, at
 * least 64): every test on B is resolved at compile time, so no loop
 * counter, no comparison with a run-time size and no barrier for the
 * last warp remain.  v is this thread's partial, already stored in s[t]
 * (and the block synchronized); the sum is returned in thread 0. */
template <unsigned B, class A>
__device__ __forceinline__ A tree_unrolled(A *s, A v)
{
	static_assert(B >= 64 && B <= 1024 && (B & (B - 1)) == 0,
		      "block must be a power of two in [64, 1024]");
	const unsigned t = threadIdx.x;

	/* culab:key reduce_unrolled before:reduce_shuffle */
	if constexpr (B >= 1024) {
		if (t < 512)
			s[t] = v = v + s[t + 512];
		__syncthreads();
	}
	if constexpr (B >= 512) {
		if (t < 256)
			s[t] = v = v + s[t + 256];
		__syncthreads();
	}
	if constexpr (B >= 256) {
		if (t < 128)
			s[t] = v = v + s[t + 128];
		__syncthreads();
	}
	if constexpr (B >= 128) {
		if (t < 64)
			s[t] = v = v + s[t + 64];
		__syncthreads();
	}
	if (t < 32)
		v = last_warp_synced(s, v);
	/* culab:end */
	return v;
}

/* Adds two accumulators on the host; long long adds wrap (as unsigned)
 * instead of overflowing, matching the device. */
template <class A> static A host_add(A x, A y)
{
	if constexpr (std::is_integral<A>::value)
		return (A)((unsigned long long)x + (unsigned long long)y);
	else
		return x + y;
}

/* Runs a multi-pass reduction.  pass(in, count, dst, parts) enqueues one
 * pass that reduces `count` values at `in` (T the first time, A after)
 * to `parts` = ceil(count / per_block) values at dst.  The last pass
 * writes a->out; the others write a->work, alternating between a region
 * of p1 and one of p2 values (p1, p2: the first two passes' outputs), so
 * reduce_passes_work() below is exact.  The first pass's end is marked
 * (mark_first_pass): the per-block partials a class's student leaves. */
template <class T, class Pass>
static int reduce_passes(const kernel_args *a, size_t per_block, Pass &&pass)
{
	using A = acc_t<T>;
	size_t count = a->n;
	size_t parts = ceil_div(count, per_block);
	A *region[2] = { (A *)a->work, nullptr };
	A *dst = parts == 1 ? (A *)a->out : region[0];
	int err;

	if (parts > 1)
		region[1] = region[0] + parts;
	err = pass((const T *)a->in, count, dst, parts);
	if (!err)
		err = (int)mark_first_pass(a);
	for (int k = 1; !err && parts > 1; k++) {
		const A *src = dst;

		count = parts;
		parts = ceil_div(count, per_block);
		dst = parts == 1 ? (A *)a->out : region[k & 1];
		err = pass(src, count, dst, parts);
	}
	return err;
}

/* Scratch of reduce_passes(): the first two passes' partials. */
static size_t reduce_passes_work(int dtype, size_t n, size_t per_block)
{
	size_t p1, p2;

	if (per_block < 2)
		return 0;
	p1 = ceil_div(n, per_block);
	if (p1 <= 1)
		return 0;
	p2 = ceil_div(p1, per_block);
	return (p1 + (p2 > 1 ? p2 : 0)) * dtype_acc_size((enum dtype)dtype);
}

/* Checks a launch's block against a row's rule; 0 or an error. */
static int check_block(const kernel_args *a, int lo, bool pow2)
{
	if (!block_ok(a->block, lo, BLOCK_MAX, pow2) || a->n < 1)
		return cudaErrorInvalidConfiguration;
	return 0;
}

/* ===================================================================== */
/* Rung 1: global memory only, host finishes                              */
/* ===================================================================== */

/* Each block folds its tile of x in place in global memory: the upper
 * half of the live range is added onto the lower half, then again, with a
 * barrier between folds; thread 0 writes the tile's sum to partial[].
 * Elements past the end of a short last tile count as zero, so any n
 * works.  Every type folds its own elements, one per thread, as the seed
 * does: an int tile's sum stays far inside 32 bits (at most 1024 inputs
 * of magnitude at most 1000, family.c's reduce_int_of), and only the
 * tile's sum widens to the long long the host adds. */
template <class T>
__global__ void __launch_bounds__(1024)
reduce_global_kernel(T *x, size_t n, size_t tile0, acc_t<T> *partial)
{
	const unsigned t = threadIdx.x, B = blockDim.x;
	const size_t tile = tile0 + blockIdx.x;
	const size_t first = tile * B;
	const size_t live = n - first < B ? n - first : B;
	/* culab:key reduce_global before:reduce_one_block */
	T *s = x + first;

	for (unsigned h = B / 2; h > 0; h /= 2) {
		if (t < h && t + h < live)
			s[t] += s[t + h];
		__syncthreads();
	}
	if (t == 0)
		partial[tile] = acc_t<T>(s[0]);
	/* culab:end */
}

/* Tiles (blocks) of rung 1 for n elements at `block` threads. */
static size_t reduce_global_tiles(size_t n, int block)
{
	return block > 0 ? ceil_div(n, (size_t)block) : 0;
}

size_t reduce_global_work(const kernel_args *a)
{
	return reduce_global_tiles(a->n, a->block) *
	       dtype_acc_size((enum dtype)a->dtype);
}

size_t reduce_global_host(const kernel_args *a)
{
	return reduce_global_work(a);
}

int reduce_global_launch(const kernel_args *a)
{
	int err = check_block(a, 32, true);

	if (err)
		return err;
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;
		const size_t tiles = reduce_global_tiles(a->n, a->block);
		A *partial = (A *)a->work, *host = (A *)a->host, sum = 0;
		int e = launch_tiles(tiles, [&](unsigned g, size_t t0) {
			reduce_global_kernel<T><<<g, a->block, 0, a->stream>>>(
				(T *)a->in, a->n, t0, partial);
		});

		if (e)
			return e;
		CULAB_TRY(mark_device_done(a));
		CULAB_TRY(cudaMemcpyAsync(host, partial, tiles * sizeof(A),
					  cudaMemcpyDeviceToHost, a->stream));
		CULAB_TRY(cudaStreamSynchronize(a->stream));
		for (size_t i = 0; i < tiles; i++)
			sum = host_add(sum, host[i]);
		memcpy(a->result, &sum, sizeof sum);
		return 0;
	});
}

/* ===================================================================== */
/* Rung 2: one block, thread 0 adds the partial sums                      */
/* ===================================================================== */

/* One block: thread t adds elements t, t + B, t + 2B, ... in a register,
 * stores its partial in shared memory, and after the barrier thread 0
 * adds the B partials one by one.  Only one SM works and the final sum is
 * serial: the slow start of the ladder.  (Seed 001 leaves the barrier
 * out, so thread 0 races the others.) */
template <class T>
__global__ void __launch_bounds__(1024)
reduce_one_block_kernel(const T *in, size_t n, acc_t<T> *out)
{
	using A = acc_t<T>;
	A *part = dynamic_smem<A>();
	const unsigned t = threadIdx.x, B = blockDim.x;
	A v = 0;

	/* culab:key reduce_one_block before:reduce_interleaved_divergent */
	for (size_t i = t; i < n; i += B)
		v += A(in[i]);
	part[t] = v;
	__syncthreads();
	if (t == 0) {
		A sum = 0;

		for (unsigned j = 0; j < B; j++)
			sum += part[j];
		*out = sum;
	}
	/* culab:end */
}

int reduce_one_block_launch(const kernel_args *a)
{
	int err = check_block(a, 1, false);

	if (err)
		return err;
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;

		reduce_one_block_kernel<T><<<1, a->block, a->block * sizeof(A),
					     a->stream>>>((const T *)a->in,
							  a->n, (A *)a->out);
		CULAB_LAUNCHED();
		CULAB_TRY(mark_first_pass(a));  /* its one launch */
		return 0;
	});
}

/* ===================================================================== */
/* Rungs 3-7: one tile per block in shared memory, multi-pass             */
/* ===================================================================== */

/* Runs a tree kernel of signature k(in, count, dst, tile0) as a
 * multi-pass reduction with `per_block` elements per block and `smem`
 * bytes of dynamic shared memory.  Kernel is a template template so the
 * first pass reads T and later passes read A. */
#define TREE_PASSES(kernel, per_block, smem)                                   \
	with_dtype(a->dtype, [&](auto tag) -> int {                            \
		using T = typename decltype(tag)::type;                        \
		using A = acc_t<T>;                                            \
		return reduce_passes<T>(a, (per_block), [&](const auto *in,    \
							    size_t count,      \
							    A *dst,            \
							    size_t parts) {    \
			using In = std::remove_cv_t<                           \
				std::remove_pointer_t<decltype(in)>>;          \
			return launch_tiles(parts, [&](unsigned g, size_t t0) {\
				kernel<In, A><<<g, a->block, (smem),           \
						a->stream>>>(in, count, dst,   \
							     t0);              \
			});                                                    \
		});                                                            \
	})

/* Rung 3: interleaved addressing, divergent branch.  In step h only the
 * threads whose index is a multiple of 2h work, so every warp keeps a few
 * active lanes in every step, and `%` is a slow operation. */
template <class In, class A>
__global__ void __launch_bounds__(1024)
reduce_interleaved_divergent_kernel(const In *in, size_t n, A *out,
				    size_t tile0)
{
	A *s = dynamic_smem<A>();
	const unsigned t = threadIdx.x, B = blockDim.x;
	const size_t tile = tile0 + blockIdx.x;

	/* culab:key reduce_interleaved_divergent before:reduce_interleaved_strided */
	s[t] = load_or_zero<A>(in, tile * B + t, n);
	__syncthreads();
	for (unsigned h = 1; h < B; h *= 2) {
		if (t % (2 * h) == 0)
			s[t] += s[t + h];
		__syncthreads();
	}
	if (t == 0)
		out[tile] = s[0];
	/* culab:end */
}

/* Rung 4: interleaved addressing, strided index.  Thread t works on slot
 * 2ht, so the active threads are contiguous (no divergence), but a warp's
 * slots are 2h apart: 2h-way bank conflicts. */
template <class In, class A>
__global__ void __launch_bounds__(1024)
reduce_interleaved_strided_kernel(const In *in, size_t n, A *out,
				  size_t tile0)
{
	A *s = dynamic_smem<A>();
	const unsigned t = threadIdx.x, B = blockDim.x;
	const size_t tile = tile0 + blockIdx.x;

	/* culab:key reduce_interleaved_strided */
	s[t] = load_or_zero<A>(in, tile * B + t, n);
	__syncthreads();
	/* culab:key before:reduce_shared_static */
	for (unsigned h = 1; h < B; h *= 2) {
		const unsigned k = 2 * h * t;

		if (k < B)
			s[k] += s[k + h];
		__syncthreads();
	}
	/* culab:end */
	if (t == 0)
		out[tile] = s[0];
	/* culab:end */
}

/* Rung 5: sequential addressing in a statically sized __shared__ array,
 * which must be sized for the largest block the launcher accepts. */
/* culab:key before:reduce_shared_dynamic */
template <class In, class A>
__global__ void __launch_bounds__(1024)
reduce_shared_static_kernel(const In *in, size_t n, A *out, size_t tile0)
{
	__shared__ A s[STATIC_SMEM_BLOCK];
	const unsigned t = threadIdx.x;
	const size_t tile = tile0 + blockIdx.x;

	s[t] = load_or_zero<A>(in, tile * blockDim.x + t, n);
	__syncthreads();
	fold_sequential(s);
	if (t == 0)
		out[tile] = s[0];
}
/* culab:end */

/* Rung 6: the same with dynamic shared memory sized by the launch. */
/* culab:key reduce_shared_dynamic */
template <class In, class A>
__global__ void __launch_bounds__(1024)
reduce_shared_dynamic_kernel(const In *in, size_t n, A *out, size_t tile0)
{
	A *s = dynamic_smem<A>();
	const unsigned t = threadIdx.x;
	const size_t tile = tile0 + blockIdx.x;

	/* culab:key before:reduce_first_add */
	s[t] = load_or_zero<A>(in, tile * blockDim.x + t, n);
	/* culab:end */
	__syncthreads();
	fold_sequential(s);
	if (t == 0)
		out[tile] = s[0];
}
/* culab:end */

/* Rung 7: first add during the global load.  A block covers 2B elements
 * and each thread adds two of them before the tree, so half the blocks
 * do the same work and no thread idles in the first step. */
template <class In, class A>
__global__ void __launch_bounds__(1024)
reduce_first_add_kernel(const In *in, size_t n, A *out, size_t tile0)
{
	A *s = dynamic_smem<A>();
	const unsigned t = threadIdx.x;
	const size_t tile = tile0 + blockIdx.x;

	s[t] = load_pair_sum<A>(in, n, tile);
	__syncthreads();
	fold_sequential(s);
	if (t == 0)
		out[tile] = s[0];
}

int reduce_interleaved_divergent_launch(const kernel_args *a)
{
	int err = check_block(a, 32, true);

	return err ? err :
		     TREE_PASSES(reduce_interleaved_divergent_kernel,
				 (size_t)a->block, a->block * sizeof(A));
}

int reduce_interleaved_strided_launch(const kernel_args *a)
{
	int err = check_block(a, 32, true);

	return err ? err :
		     TREE_PASSES(reduce_interleaved_strided_kernel,
				 (size_t)a->block, a->block * sizeof(A));
}

int reduce_shared_static_launch(const kernel_args *a)
{
	int err = check_block(a, 32, true);

	return err ? err :
		     TREE_PASSES(reduce_shared_static_kernel, (size_t)a->block,
				 0);
}

int reduce_shared_dynamic_launch(const kernel_args *a)
{
	int err = check_block(a, 32, true);

	return err ? err :
		     TREE_PASSES(reduce_shared_dynamic_kernel,
				 (size_t)a->block, a->block * sizeof(A));
}

int reduce_first_add_launch(const kernel_args *a)
{
	int err = check_block(a, 32, true);

	return err ? err :
		     TREE_PASSES(reduce_first_add_kernel, 2 * (size_t)a->block,
				 a->block * sizeof(A));
}

size_t reduce_blocks_work(const kernel_args *a)
{
	return reduce_passes_work(a->dtype, a->n, (size_t)a->block);
}

size_t reduce_pairs_work(const kernel_args *a)
{
	return reduce_passes_work(a->dtype, a->n, 2 * (size_t)a->block);
}

/* ===================================================================== */
/* Rungs 8-10: unrolling the last warp, then the whole tree               */
/* ===================================================================== */

/* Rung 8 (unsafe, kept to teach): once 64 partials are left, the first
 * warp finishes without barriers, through a volatile pointer, assuming
 * its 32 lanes run in lockstep.  Since Volta, lanes of a warp may be
 * scheduled independently, so a lane can read s[t + h] before the lane
 * that owns it has written it: nothing guarantees the result. */
template <class In, class A>
__global__ void __launch_bounds__(1024)
reduce_warp_volatile_kernel(const In *in, size_t n, A *out, size_t tile0)
{
	A *s = dynamic_smem<A>();
	const unsigned t = threadIdx.x, B = blockDim.x;
	const size_t tile = tile0 + blockIdx.x;

	s[t] = load_pair_sum<A>(in, n, tile);
	__syncthreads();
	/* culab:key reduce_warp_volatile */
	for (unsigned h = B / 2; h > 32; h /= 2) {
		if (t < h)
			s[t] += s[t + h];
		__syncthreads();
	}
	/* culab:key before:reduce_warp_syncwarp */
	if (t < 32) {
		volatile A *w = s;

		w[t] += w[t + 32];
		w[t] += w[t + 16];
		w[t] += w[t + 8];
		w[t] += w[t + 4];
		w[t] += w[t + 2];
		w[t] += w[t + 1];
	}
	/* culab:end */
	/* culab:end */
	if (t == 0)
		out[tile] = s[0];
}

/* Rung 9: the same unrolled last warp made correct: each step reads into
 * a register, __syncwarp(), writes, __syncwarp(), so reads and writes of
 * different lanes never overlap. */
template <class In, class A>
__global__ void __launch_bounds__(1024)
reduce_warp_syncwarp_kernel(const In *in, size_t n, A *out, size_t tile0)
{
	A *s = dynamic_smem<A>();
	const unsigned t = threadIdx.x, B = blockDim.x;
	const size_t tile = tile0 + blockIdx.x;
	A v = load_pair_sum<A>(in, n, tile);

	s[t] = v;
	__syncthreads();
	/* culab:key before:reduce_unrolled */
	for (unsigned h = B / 2; h > 32; h /= 2) {
		if (t < h)
			s[t] = v = v + s[t + h];
		__syncthreads();
	}
	if (t < 32)
		v = last_warp_synced(s, v);
	/* culab:end */
	if (t == 0)
		out[tile] = v;
}

int reduce_warp_volatile_launch(const kernel_args *a)
{
	int err = check_block(a, 64, true);

	return err ? err :
		     TREE_PASSES(reduce_warp_volatile_kernel,
				 2 * (size_t)a->block, a->block * sizeof(A));
}

int reduce_warp_syncwarp_launch(const kernel_args *a)
{
	int err = check_block(a, 64, true);

	return err ? err :
		     TREE_PASSES(reduce_warp_syncwarp_kernel,
				 2 * (size_t)a->block, a->block * sizeof(A));
}

/* Rung 10: the block size is a template parameter, so the whole tree is
 * unrolled at compile time (tree_unrolled). */
template <unsigned B, class In, class A>
__global__ void __launch_bounds__(B)
reduce_unrolled_kernel(const In *in, size_t n, A *out, size_t tile0)
{
	__shared__ A s[B];
	const unsigned t = threadIdx.x;
	/* culab:key before:reduce_grid_stride */
	const size_t tile = tile0 + blockIdx.x;
	A v = load_pair_sum<A>(in, n, tile);
	/* culab:end */

	s[t] = v;
	__syncthreads();
	v = tree_unrolled<B>(s, v);
	if (t == 0)
		out[tile] = v;
}

/* One instantiation per block size, chosen from a table at run time. */
template <class In, class A>
using tile_kernel = void (*)(const In *, size_t, A *, size_t);

template <class In, class A> static tile_kernel<In, A> unrolled_for(int block)
{
	static const struct {
		int block;
		tile_kernel<In, A> kernel;
	} rows[] = {
		{ 64, reduce_unrolled_kernel<64, In, A> },
		{ 128, reduce_unrolled_kernel<128, In, A> },
		{ 256, reduce_unrolled_kernel<256, In, A> },
		{ 512, reduce_unrolled_kernel<512, In, A> },
		{ 1024, reduce_unrolled_kernel<1024, In, A> },
	};

	for (const auto &r : rows)
		if (r.block == block)
			return r.kernel;
	return nullptr;
}

int reduce_unrolled_launch(const kernel_args *a)
{
	int err = check_block(a, 64, true);

	if (err)
		return err;
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;

		return reduce_passes<T>(a, 2 * (size_t)a->block, [&](const auto *in,
								     size_t count,
								     A *dst,
								     size_t parts) {
			using In = std::remove_cv_t<std::remove_pointer_t<decltype(in)>>;
			tile_kernel<In, A> k = unrolled_for<In, A>(a->block);

			return launch_tiles(parts, [&](unsigned g, size_t t0) {
				k<<<g, a->block, 0, a->stream>>>(in, count, dst, t0);
			});
		});
	});
}

/* ===================================================================== */
/* Rungs 11-12: a persistent grid, many elements per thread, two passes   */
/* ===================================================================== */

/* Grid of a persistent kernel: as many blocks as fit on the GPU at once
 * (occupancy API), fewer when n needs fewer, at least one. */
static unsigned persistent_grid(int nb_per_sm, const kernel_args *a,
				size_t elems_per_block)
{
	size_t g = (size_t)nb_per_sm * (size_t)(a->sm_count > 0 ? a->sm_count : 1);
	size_t need = ceil_div(a->n, elems_per_block);
	size_t cap = persistent_grid_max(a->block, a->sm_count);

	if (g > need)
		g = need;
	if (g > cap)
		g = cap;
	return (unsigned)(g ? g : 1);
}

size_t reduce_persistent_work(const kernel_args *a)
{
	return persistent_grid_max(a->block, a->sm_count) *
	       dtype_acc_size((enum dtype)a->dtype);
}

/* Grid of the streaming kernels (rungs 13-14 and the read ceiling): about
 * STREAM_ITERS loop iterations per thread, but at least one GPU-wide wave
 * of blocks and at most STREAM_WAVES.  On an H200 at 2^30 floats one
 * resident wave looping for a millisecond read 1.5 % slower than CUB
 * DeviceReduce, sixteen waves of short loops 0.8 % faster (the same loop
 * as a user kernel, 512 threads: 0.9413 ms, 0.9195, CUB 0.9273); at
 * 2^24 sixteen waves were 5 % slower than one (thousands of blocks'
 * atomics on one address, or partial sums, for a few microseconds of
 * reading), hence the iterations target. */
#define STREAM_WAVES 16
#define STREAM_ITERS 16

static unsigned stream_grid(int nb_per_sm, const kernel_args *a,
			    size_t elems_per_block)
{
	size_t sms = (size_t)(a->sm_count > 0 ? a->sm_count : 1);
	size_t wave = (size_t)nb_per_sm * sms;
	size_t need = ceil_div(a->n, elems_per_block);
	size_t cap = persistent_grid_max(a->block, a->sm_count) * STREAM_WAVES;
	size_t g = need / STREAM_ITERS;

	if (g < wave)
		g = wave;
	if (g > wave * STREAM_WAVES)
		g = wave * STREAM_WAVES;
	if (g > need)
		g = need;
	if (g > cap)
		g = cap;
	return (unsigned)(g ? g : 1);
}

size_t reduce_stream_work(const kernel_args *a)
{
	return persistent_grid_max(a->block, a->sm_count) * STREAM_WAVES *
	       dtype_acc_size((enum dtype)a->dtype);
}

/* Rung 11: a grid-stride loop (Brent's theorem: many elements per thread,
 * added in a register) in front of the unrolled tree.  The grid is sized
 * to the GPU, not to n, so a second one-block launch adds the per-block
 * sums. */
template <unsigned B, class In, class A>
__global__ void __launch_bounds__(B)
reduce_grid_stride_kernel(const In *in, size_t n, A *out)
{
	__shared__ A s[B];
	const unsigned t = threadIdx.x;
	/* culab:key reduce_grid_stride */
	const size_t stride = (size_t)gridDim.x * B;
	A v = 0;

	for (size_t i = blockIdx.x * (size_t)B + t; i < n; i += stride)
		v += A(in[i]);
	/* culab:end */
	s[t] = v;
	__syncthreads();
	v = tree_unrolled<B>(s, v);
	if (t == 0)
		out[blockIdx.x] = v;
}

/* Rung 12: warp shuffles instead of shared memory inside each warp;
 * shared memory only carries one value per warp (block_sum).  No
 * power-of-two rule: block_sum handles any block size. */
template <class In, class A>
__global__ void __launch_bounds__(1024)
reduce_shuffle_kernel(const In *in, size_t n, A *out)
{
	__shared__ A slots[32];
	/* culab:key before:reduce_vector_atomic */
	const size_t stride = (size_t)gridDim.x * blockDim.x;
	A v = 0;

	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += stride)
		v += A(in[i]);
	/* culab:end */
	v = block_sum(v, slots);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

template <class In, class A>
using grid_kernel = void (*)(const In *, size_t, A *);

/* Two passes of a persistent kernel: the grid's partials to a->work, then
 * one block reduces them to a->out.  k1 and nb (resident blocks per SM)
 * belong to the first pass, whose end is marked (mark_first_pass). */
template <class T>
static int reduce_two_passes(const kernel_args *a,
			     grid_kernel<T, acc_t<T>> k1,
			     grid_kernel<acc_t<T>, acc_t<T>> k2, int nb)
{
	using A = acc_t<T>;
	const unsigned g = persistent_grid(nb, a, (size_t)a->block);
	A *partial = g > 1 ? (A *)a->work : (A *)a->out;

	k1<<<g, a->block, 0, a->stream>>>((const T *)a->in, a->n, partial);
	CULAB_LAUNCHED();
	CULAB_TRY(mark_first_pass(a));
	if (g > 1) {
		k2<<<1, a->block, 0, a->stream>>>(partial, g, (A *)a->out);
		CULAB_LAUNCHED();
	}
	return 0;
}

template <class In, class A>
static grid_kernel<In, A> grid_stride_for(int block, int *nb)
{
	static const struct {
		int block;
		grid_kernel<In, A> kernel;
		int (*occupancy)(int, size_t);
	} rows[] = {
		{ 64, reduce_grid_stride_kernel<64, In, A>,
		  blocks_per_sm<reduce_grid_stride_kernel<64, In, A>> },
		{ 128, reduce_grid_stride_kernel<128, In, A>,
		  blocks_per_sm<reduce_grid_stride_kernel<128, In, A>> },
		{ 256, reduce_grid_stride_kernel<256, In, A>,
		  blocks_per_sm<reduce_grid_stride_kernel<256, In, A>> },
		{ 512, reduce_grid_stride_kernel<512, In, A>,
		  blocks_per_sm<reduce_grid_stride_kernel<512, In, A>> },
		{ 1024, reduce_grid_stride_kernel<1024, In, A>,
		  blocks_per_sm<reduce_grid_stride_kernel<1024, In, A>> },
	};

	for (const auto &r : rows)
		if (r.block == block) {
			if (nb)
				*nb = r.occupancy(block, 0);
			return r.kernel;
		}
	return nullptr;
}

int reduce_grid_stride_launch(const kernel_args *a)
{
	int err = check_block(a, 64, true);

	if (err)
		return err;
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;
		int nb = 1;
		grid_kernel<T, A> k1 = grid_stride_for<T, A>(a->block, &nb);

		return reduce_two_passes<T>(a, k1,
					    grid_stride_for<A, A>(a->block, nullptr),
					    nb);
	});
}

int reduce_shuffle_launch(const kernel_args *a)
{
	int err = check_block(a, 32, false);

	if (err)
		return err;
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;

		return reduce_two_passes<T>(
			a, reduce_shuffle_kernel<T, A>, reduce_shuffle_kernel<A, A>,
			blocks_per_sm<reduce_shuffle_kernel<T, A>>(a->block, 0));
	});
}

/* ===================================================================== */
/* Rungs 13-14: 16-byte loads, then one launch                            */
/* ===================================================================== */

/* One thread's share of the input: 16-byte vector loads in a grid-stride
 * loop, U independent loads in flight per iteration (issued before any is
 * added), added in a register.  Elements before the first 16-byte
 * boundary (the "head", for a misaligned pointer) and after the last whole
 * vector (the "tail") are added one by one by the first threads. */
template <class T, int U>
__device__ __forceinline__ acc_t<T> thread_sum_vectors(const T *in, size_t n)
{
	using A = acc_t<T>;
	using V = vec16_t<T>;
	constexpr size_t W = 16 / sizeof(T);
	const size_t B = blockDim.x;
	const size_t gtid = blockIdx.x * B + threadIdx.x;
	const uintptr_t mis = reinterpret_cast<uintptr_t>(in) & 15u;
	size_t head = mis ? (16u - mis) / sizeof(T) : 0;

	if (head > n)
		head = n;
	const V *v = reinterpret_cast<const V *>(in + head);
	const size_t nv = (n - head) / W;
	const size_t tail = head + nv * W;
	const size_t stride = (size_t)gridDim.x * B * U;
	size_t i = blockIdx.x * B * U + threadIdx.x;
	A acc = 0;

	/* culab:key reduce_vector_atomic */
	for (; i + (U - 1) * B < nv; i += stride) {
		V x[U];

#pragma unroll
		for (int k = 0; k < U; k++)
			x[k] = __ldg(v + i + k * B);
#pragma unroll
		for (int k = 0; k < U; k++)
			acc += vec_sum(x[k]);
	}
	/* culab:end */
#pragma unroll
	for (int k = 0; k < U; k++)
		if (i + k * B < nv)
			acc += vec_sum(__ldg(v + i + k * B));
	if (gtid < head)
		acc += A(in[gtid]);
	if (gtid < n - tail)
		acc += A(in[tail + gtid]);
	return acc;
}

/* Adds v to *out atomically (long long through its unsigned twin: the
 * bits of a two's-complement sum are the same). */
__device__ __forceinline__ void atomic_add_acc(long long *out, long long v)
{
	atomicAdd(reinterpret_cast<unsigned long long *>(out),
		  (unsigned long long)v);
}
__device__ __forceinline__ void atomic_add_acc(float *out, float v)
{
	atomicAdd(out, v);
}
__device__ __forceinline__ void atomic_add_acc(double *out, double v)
{
	atomicAdd(out, v);
}

/* Rung 13: 16-byte loads, shuffles, and one atomicAdd per block into
 * a->out (which the launcher clears first): no second pass. */
template <class T>
__global__ void __launch_bounds__(1024)
reduce_vector_atomic_kernel(const T *in, size_t n, acc_t<T> *out)
{
	using A = acc_t<T>;
	__shared__ A slots[32];
	A v = thread_sum_vectors<T, 1>(in, n);

	v = block_sum(v, slots);
	/* culab:key before:reduce_single_pass */
	if (threadIdx.x == 0)
		atomic_add_acc(out, v);
	/* culab:end */
}

int reduce_vector_atomic_launch(const kernel_args *a)
{
	int err = check_block(a, 32, false);

	if (err)
		return err;
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;
		const int nb = blocks_per_sm<reduce_vector_atomic_kernel<T>>(a->block, 0);
		const unsigned g = stream_grid(nb, a, (size_t)a->block * (16 / sizeof(T)));

		CULAB_TRY(cudaMemsetAsync(a->out, 0, sizeof(A), a->stream));
		reduce_vector_atomic_kernel<T><<<g, a->block, 0, a->stream>>>(
			(const T *)a->in, a->n, (A *)a->out);
		CULAB_LAUNCHED();
		CULAB_TRY(mark_first_pass(a));  /* its one launch */
		return 0;
	});
}

/* Vectors in flight per thread in rung 14. */
#define SINGLE_PASS_UNROLL 4

/* Blocks that have finished in the current launch of rung 14, one counter
 * per element type.  Zero when the module loads; the last block of every
 * launch sets it back to zero, so no launch needs a memset.  (Two
 * launches of the same type must therefore not run concurrently.) */
__device__ unsigned int single_pass_done[DTYPE__COUNT];

template <class T> struct dtype_of;
template <> struct dtype_of<int> { static constexpr int value = DTYPE_INT; };
template <> struct dtype_of<float> { static constexpr int value = DTYPE_FLOAT; };
template <> struct dtype_of<double> { static constexpr int value = DTYPE_DOUBLE; };

/* Rung 14: one launch.  Each block writes its sum to partial[blockIdx.x]
 * and counts itself done with a device-scope acq_rel atomic (release:
 * the partial is visible before the count; acquire: the block that sees
 * the count reach gridDim.x sees every partial).  That last block adds
 * the partials in index order (so float results repeat exactly from run
 * to run), writes *out and resets the counter. */
template <class T>
__global__ void __launch_bounds__(1024)
reduce_single_pass_kernel(const T *in, size_t n, acc_t<T> *partial,
			  acc_t<T> *out)
{
	using A = acc_t<T>;
	__shared__ A slots[32];
	__shared__ bool last;
	const unsigned t = threadIdx.x;
	cuda::atomic_ref<unsigned int, cuda::thread_scope_device> done(
		single_pass_done[dtype_of<T>::value]);
	A v = thread_sum_vectors<T, SINGLE_PASS_UNROLL>(in, n);

	v = block_sum(v, slots);
	/* culab:key reduce_single_pass */
	if (t == 0) {
		partial[blockIdx.x] = v;
		last = done.fetch_add(1u, cuda::std::memory_order_acq_rel) ==
		       gridDim.x - 1;
	}
	__syncthreads();
	if (!last)
		return;
	v = 0;
	for (unsigned j = t; j < gridDim.x; j += blockDim.x)
		v += __ldcg(partial + j);
	v = block_sum(v, slots);
	if (t == 0) {
		*out = v;
		done.store(0u, cuda::std::memory_order_relaxed);
	}
	/* culab:end */
}

int reduce_single_pass_launch(const kernel_args *a)
{
	int err = check_block(a, 32, false);

	if (err)
		return err;
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;
		const int nb = blocks_per_sm<reduce_single_pass_kernel<T>>(a->block, 0);
		const size_t per_block = (size_t)a->block * SINGLE_PASS_UNROLL *
					 (16 / sizeof(T));
		const unsigned g = stream_grid(nb, a, per_block);

		reduce_single_pass_kernel<T><<<g, a->block, 0, a->stream>>>(
			(const T *)a->in, a->n, (A *)a->work, (A *)a->out);
		CULAB_LAUNCHED();
		CULAB_TRY(mark_first_pass(a));  /* its one launch */
		return 0;
	});
}

/* ===================================================================== */
/* The family's ceiling: read the input once, as fast as the GPU can      */
/* ===================================================================== */

/* Threads per block and 16-byte loads in flight per thread of the read
 * ceiling. */
#define READ_BLOCK 512
#define READ_UNROLL 8

/* Reads the input as 32-bit words with 16-byte loads, READ_UNROLL in
 * flight per thread, and folds them with XOR: no arithmetic a rung must
 * do, no dependence on the element type, and a result the host can check
 * (XOR does not care about order), so a run that skipped any byte fails.
 * One atomicXor per block into *out, which the launcher clears (one per
 * warp cost 5 us at 2^22 floats on an H100: thousands of atomics on one
 * address are served one after another). */
__global__ void __launch_bounds__(READ_BLOCK)
reduce_read_kernel(const unsigned *in, size_t words, unsigned *out)
{
	const size_t gtid = (size_t)blockIdx.x * READ_BLOCK + threadIdx.x;
	const size_t threads = (size_t)gridDim.x * READ_BLOCK;
	unsigned acc = 0;
	size_t head = 0, i;

	/* a misaligned start is read word by word up to 16 bytes */
	while (head < words && ((uintptr_t)(in + head) & 15u))
		head++;
	if (gtid < head)
		acc ^= in[gtid];
	{
		const uint4 *v = reinterpret_cast<const uint4 *>(in + head);
		const size_t nv = (words - head) / 4;

		/* culab:key reduce_read */
		for (i = (size_t)blockIdx.x * READ_BLOCK * READ_UNROLL + threadIdx.x;
		     i + (READ_UNROLL - 1) * READ_BLOCK < nv;
		     i += threads * READ_UNROLL) {
			uint4 x[READ_UNROLL];

#pragma unroll
			for (int k = 0; k < READ_UNROLL; k++)
				x[k] = __ldg(v + i + k * READ_BLOCK);
#pragma unroll
			for (int k = 0; k < READ_UNROLL; k++)
				acc ^= x[k].x ^ x[k].y ^ x[k].z ^ x[k].w;
		}
		/* culab:end */
		for (int k = 0; k < READ_UNROLL; k++)
			if (i + k * READ_BLOCK < nv) {
				uint4 x = __ldg(v + i + k * READ_BLOCK);

				acc ^= x.x ^ x.y ^ x.z ^ x.w;
			}
		/* the last words that make no whole vector */
		if (gtid < (words - head) % 4)
			acc ^= in[head + nv * 4 + gtid];
	}
	for (int o = 16; o > 0; o >>= 1)
		acc ^= __shfl_xor_sync(0xffffffffu, acc, o);
	{
		__shared__ unsigned warps[READ_BLOCK / 32];

		if (threadIdx.x % 32u == 0)
			warps[threadIdx.x / 32u] = acc;
		__syncthreads();
		if (threadIdx.x < 32) {
			acc = threadIdx.x < READ_BLOCK / 32 ? warps[threadIdx.x] : 0u;
			for (int o = 16; o > 0; o >>= 1)
				acc ^= __shfl_xor_sync(0xffffffffu, acc, o);
			if (threadIdx.x == 0 && acc)
				atomicXor(out, acc);
		}
	}
}

int reduce_read_launch(const kernel_args *a)
{
	const size_t words = a->n * dtype_size((enum dtype)a->dtype) / 4;
	const int nb = blocks_per_sm<reduce_read_kernel>(READ_BLOCK, 0);
	const size_t wave = (size_t)nb * (size_t)(a->sm_count > 0 ? a->sm_count : 1);
	const size_t need = ceil_div(words, (size_t)READ_BLOCK * READ_UNROLL * 4);
	size_t g = need / STREAM_ITERS;

	if (g < wave)
		g = wave;
	if (g > wave * STREAM_WAVES)
		g = wave * STREAM_WAVES;
	if (g > need)
		g = need;
	CULAB_TRY(cudaMemsetAsync(a->out, 0, dtype_acc_size((enum dtype)a->dtype),
				  a->stream));
	reduce_read_kernel<<<(unsigned)(g ? g : 1), READ_BLOCK, 0, a->stream>>>(
		(const unsigned *)a->in, words, (unsigned *)a->out);
	CULAB_LAUNCHED();
	return 0;
}
