/* kernels.h - the C ABI between culab's host code and its CUDA variants.
 *
 * Every variant of every ladder is reached through one launcher of type
 * kernel_launch_fn, registered as a row of the table in src/registry.c.
 * The runner owns all memory; a launcher only enqueues work on a->stream
 * (and, for variants that finish on the host, copies partial results to
 * a->host, synchronizes a->stream and finishes the sum on the CPU).
 *
 * Conventions
 *  - reduce:    input a->in holds n elements of a->dtype; the sum is an
 *               accumulator of dtype_acc_size() bytes (long long for int).
 *               Device-finishing variants leave it in a->out (device);
 *               VF_HOST_STEP and VF_CPU variants write it to a->result
 *               (host).  A variant that accumulates with atomics must clear
 *               a->out itself, inside the launcher (it is part of the work).
 *  - transpose: a->in is n rows x m columns, row-major; a->out receives the
 *               m x n transpose, row-major.
 *  - a->work (device) and a->host (pinned host) are scratch buffers of the
 *    sizes the variant's size functions asked for; NULL when zero.  Their
 *    contents on entry are undefined: no launcher relies on them.
 *  - a->ctx is the variant's own context (struct variant's ctx: NULL for
 *    the built-in rows; a variant registered at run time, e.g. a kernel
 *    compiled from the user's source, finds its module and geometry
 *    there).  The size functions receive the same struct, with the
 *    buffers still NULL.
 *  - Device buffers come from cudaMalloc (256-byte aligned).  Vectorized
 *    variants still handle a misaligned a->in/a->out (scalar head and
 *    tail, or a scalar fallback); reduce_global needs a->in 8-byte aligned
 *    (it stores long long sums over pairs of ints) and returns
 *    cudaErrorMisalignedAddress otherwise.
 *  - A block outside the row's [block_min, block_max] range, or not a
 *    power of two where the row says VF_POW2, is refused with
 *    cudaErrorInvalidConfiguration before anything is enqueued.
 *  - reduce_single_pass keeps a per-type counter in a __device__ variable
 *    that each launch leaves at zero; two launches of it for the same type
 *    must not run concurrently (culab runs one measurement at a time).
 *  - A launcher returns a cudaError_t as int: 0 on success, else the first
 *    error seen (it checks cudaGetLastError() after every launch).  It never
 *    prints and never exits.
 *  - Launchers must accept every n >= 1 (and m >= 1), every dtype in the
 *    variant's mask, and every block size the registry row allows. */
#ifndef CULAB_KERNELS_H
#define CULAB_KERNELS_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a launcher whose run ends on the host marks the end of its device
 * work: when kernel_args.device_done is set, a VF_HOST_STEP launcher
 * records `event` on its stream after its last kernel, before the copy
 * to the host, and sets `recorded`, so that the runner can time the
 * kernel alone beside the whole region (result_row.tk). */
struct device_mark {
	cudaEvent_t event;
	int recorded;
};

/* A reduction's first pass, the one launch that leaves per-block partial
 * sums (what a class's student kernel with `finish: host` does): when
 * kernel_args.first_pass is set, a device-finishing reduce launcher of
 * kernels/reduce.cu records `event` after its first pass (after its one
 * launch for a single-launch rung) and sets `recorded`, so that a
 * class's rounds can time the rung at the students' contract while the
 * timed region stays its whole reduction.  Launchers that cannot mark
 * it (the library baselines, the read ceiling, user kernels) leave it
 * unrecorded, and their whole region is their time. */

struct kernel_args {
	int dtype;            /* enum dtype (src/dtype.h) */
	size_t n;             /* reduce: elements; transpose: rows of the input */
	size_t m;             /* reduce: 1; transpose: columns of the input */
	int block;            /* threads per block for VF_BLOCK variants, else 0 */
	int sm_count;         /* multiprocessors on the device, for grid sizing */
	void *in;             /* device input (host input for VF_CPU) */
	void *out;            /* reduce: device accumulator; transpose: m x n output */
	void *work;           /* device scratch, or NULL */
	void *host;           /* pinned host scratch, or NULL */
	void *result;         /* reduce, VF_HOST_STEP/VF_CPU: host accumulator */
	cudaStream_t stream;
	const void *ctx;      /* the variant's context, or NULL */
	struct device_mark *device_done; /* NULL, or see struct device_mark */
	struct device_mark *first_pass;  /* NULL, or see above */
};

/* Enqueues one complete run of a variant.  Returns 0 or a cudaError_t. */
typedef int (*kernel_launch_fn)(const struct kernel_args *a);

/* Bytes of scratch a variant needs for the launch `a` describes (dtype,
 * n, m, block, sm_count, ctx; its buffers are not allocated yet). */
typedef size_t (*kernel_size_fn)(const struct kernel_args *a);

/* ---- launchers: one per registered variant, see src/registry.c ---- */

/* kernels/reduce.cu: the reduction ladder, in ladder order */
int reduce_global_launch(const struct kernel_args *a);
int reduce_one_block_launch(const struct kernel_args *a);
int reduce_interleaved_divergent_launch(const struct kernel_args *a);
int reduce_interleaved_strided_launch(const struct kernel_args *a);
int reduce_shared_static_launch(const struct kernel_args *a);
int reduce_shared_dynamic_launch(const struct kernel_args *a);
int reduce_first_add_launch(const struct kernel_args *a);
int reduce_warp_volatile_launch(const struct kernel_args *a);
int reduce_warp_syncwarp_launch(const struct kernel_args *a);
int reduce_unrolled_launch(const struct kernel_args *a);
int reduce_grid_stride_launch(const struct kernel_args *a);
int reduce_shuffle_launch(const struct kernel_args *a);
int reduce_vector_atomic_launch(const struct kernel_args *a);
int reduce_single_pass_launch(const struct kernel_args *a);
/* The family's bandwidth ceiling, not a rung: reads the input once with
 * 16-byte loads and leaves the XOR of its 32-bit words in the low 4 bytes
 * of a->out (cleared first, inside the run). */
int reduce_read_launch(const struct kernel_args *a);

/* Scratch of the reductions (kernel_size_fn).  reduce_global: the
 * per-block partial sums, on the device (work) and pinned on the host
 * (host).  blocks / pairs: partials of multi-pass rungs that reduce
 * `block` / `2 * block` elements per block.  persistent: one partial per
 * block of a grid sized to the GPU (at most 2048 threads and 32 blocks
 * per SM, times sm_count). */
size_t reduce_global_work(const struct kernel_args *a);
size_t reduce_global_host(const struct kernel_args *a);
size_t reduce_blocks_work(const struct kernel_args *a);
size_t reduce_pairs_work(const struct kernel_args *a);
size_t reduce_persistent_work(const struct kernel_args *a);
/* rung 14: one partial per block of a grid of several GPU-wide waves */
size_t reduce_stream_work(const struct kernel_args *a);

/* kernels/baselines.cu: library baselines and the CPU reference row.
 * reduce_cub writes a->out; reduce_thrust returns its sum to the host
 * (thrust::reduce synchronizes) and writes a->result; reduce_cpu reads
 * host memory at a->in and writes a->result. */
int reduce_cub_launch(const struct kernel_args *a);
size_t reduce_cub_work(const struct kernel_args *a);
int reduce_thrust_launch(const struct kernel_args *a);
size_t reduce_thrust_work(const struct kernel_args *a);
int reduce_cpu_launch(const struct kernel_args *a);

/* kernels/transpose.cu: the transpose ladder, in ladder order.  The two
 * copies write out[i][j] = in[i][j] (an n x m copy into the m x n output
 * buffer, same size), not a transpose. */
int transpose_copy_launch(const struct kernel_args *a);
int transpose_copy_shared_launch(const struct kernel_args *a);
int transpose_naive_launch(const struct kernel_args *a);
int transpose_naive_strided_read_launch(const struct kernel_args *a);
int transpose_naive_ldg_launch(const struct kernel_args *a);
int transpose_tile_launch(const struct kernel_args *a);
int transpose_tile_pad_launch(const struct kernel_args *a);
int transpose_tile_swizzle_launch(const struct kernel_args *a);
int transpose_tile_pairs_launch(const struct kernel_args *a);

#ifdef __cplusplus
}
#endif

#endif
