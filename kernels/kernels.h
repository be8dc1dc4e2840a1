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
 *    sizes the variant's size functions asked for; NULL when zero.
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
};

/* Enqueues one complete run of a variant.  Returns 0 or a cudaError_t. */
typedef int (*kernel_launch_fn)(const struct kernel_args *a);

/* Bytes of scratch a variant needs for (dtype, n, m, block, sm_count). */
typedef size_t (*kernel_size_fn)(int dtype, size_t n, size_t m, int block,
				 int sm_count);

/* ---- launchers: one per registered variant, see src/registry.c ---- */

/* kernels/reduce.cu */
int reduce_global_launch(const struct kernel_args *a);
size_t reduce_global_work(int dtype, size_t n, size_t m, int block, int sm_count);
size_t reduce_global_host(int dtype, size_t n, size_t m, int block, int sm_count);
int reduce_shared_static_launch(const struct kernel_args *a);
int reduce_shared_dynamic_launch(const struct kernel_args *a);
size_t reduce_blocks_work(int dtype, size_t n, size_t m, int block, int sm_count);

/* kernels/transpose.cu */
int transpose_copy_launch(const struct kernel_args *a);
int transpose_naive_launch(const struct kernel_args *a);

#ifdef __cplusplus
}
#endif

#endif
