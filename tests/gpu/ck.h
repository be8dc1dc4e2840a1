/* ck.h - CK(call): the GPU test programs' check of a CUDA runtime call.
 * On failure it prints file:line, the call and CUDA's message, and exits
 * with CK_EXIT_STATUS (define it before including; default 1). */
#ifndef CULAB_TESTS_GPU_CK_H
#define CULAB_TESTS_GPU_CK_H

#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime.h>

#ifndef CK_EXIT_STATUS
#define CK_EXIT_STATUS 1
#endif

#define CK(call)                                                               \
	do {                                                                   \
		cudaError_t e_ = (call);                                       \
		if (e_ != cudaSuccess) {                                       \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, \
				#call, cudaGetErrorString(e_));                \
			exit(CK_EXIT_STATUS);                                  \
		}                                                              \
	} while (0)

#endif
