/* support.h - device helpers the runner uses around measurements (not
 * variants): the L2 flush before a cold timed run. */
#ifndef CULAB_SUPPORT_H
#define CULAB_SUPPORT_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads `bytes` of `buf` (a multiple of 16, >= 2x the L2 size) on
 * `stream` so that no line of a measured buffer stays in L2, written
 * lines included (they are written back).  Reading, not writing, leaves
 * only clean lines behind, so the measured kernel pays no write-back for
 * the flush.  On sm_90 and newer the reads are bulk copies (TMA) into
 * shared memory: few instructions, which keeps the flush cheap when CUPTI
 * instruments kernels.  `sink` is one device word the plain-load kernel
 * writes only in a case that never happens, to keep its loads alive.
 * Returns 0 or a cudaError_t. */
int support_l2_flush(const void *buf, size_t bytes, void *sink,
		     cudaStream_t stream);

/* Whether this binary holds code the current device can run, asked of
 * one of its kernels without launching it (cudaFuncGetAttributes): 0, or
 * the cudaError_t: cudaErrorNoKernelImageForDevice when neither its
 * machine code nor its PTX fits the device, cudaErrorUnsupportedPtxVersion
 * when the PTX is newer than the driver's compiler.  Every kernel in
 * kernels/ is built for the same architectures, so one answers for all. */
int support_kernel_image(void);

/* Launches a kernel that executes a trap instruction on `stream`: the
 * CUDA context becomes unusable (cudaErrorLaunchFailure).  For the GPU
 * tests of what culab does when a kernel faults (CULAB_TEST_TRAP). */
int support_trap(cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
