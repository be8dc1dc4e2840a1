/* counters/sanitizer_api.h - the part of the Compute Sanitizer API that
 * culab's instrumentation uses (instrument.c), declared here because the
 * toolkit on machines without compute-sanitizer lacks its headers
 * (sanitizer.h, sanitizer_callbacks.h, sanitizer_patching.h, in
 * compute-sanitizer/include/), and loaded at run time from
 * libsanitizer-public.so, as NVML is (run/nvml_api.h).  The values and
 * layouts are those of CUDA 13.0's headers; tests/gpu/instrumented.sh
 * compiles tests/gpu/sanitizer_api_check.c against the real headers
 * where compute-sanitizer is installed and checks every one. */
#ifndef CULAB_COUNTERS_SANITIZER_API_H
#define CULAB_COUNTERS_SANITIZER_API_H

#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

/* SanitizerResult: 0 is SANITIZER_SUCCESS */
typedef int san_result;

typedef struct san_subscriber_st *san_subscriber; /* Sanitizer_SubscriberHandle */
typedef struct san_stream_st *san_stream;         /* Sanitizer_StreamHandle */
typedef struct san_launch_st *san_launch;         /* Sanitizer_LaunchHandle */

/* Sanitizer_CallbackDomain and Sanitizer_CallbackId values */
enum {
	SAN_DOMAIN_RESOURCE = 3,        /* SANITIZER_CB_DOMAIN_RESOURCE */
	SAN_DOMAIN_LAUNCH = 5,          /* SANITIZER_CB_DOMAIN_LAUNCH */
	SAN_CBID_MODULE_LOADED = 9,     /* SANITIZER_CBID_RESOURCE_MODULE_LOADED */
	SAN_CBID_LAUNCH_BEGIN = 1,      /* SANITIZER_CBID_LAUNCH_BEGIN */
};

/* Sanitizer_InstructionId values */
enum {
	SAN_INSTRUCTION_GLOBAL_MEMORY_ACCESS = 3,
	SAN_INSTRUCTION_SHARED_MEMORY_ACCESS = 4,
};

/* Sanitizer_ResourceModuleData */
struct san_module_data {
	CUcontext context;
	CUmodule module;
	size_t cubinSize;
	const char *pCubin;
	CUlibrary library;
};

/* Sanitizer_LaunchData, up to the fields culab reads and the rest as
 * the header has them (the driver fills the whole) */
struct san_launch_data {
	CUcontext context;
	CUstream stream;
	san_stream hStream;
	CUmodule module;
	CUfunction function;
	const char *functionName;
	uint32_t gridDim_x, gridDim_y, gridDim_z;
	uint32_t blockDim_x, blockDim_y, blockDim_z;
	uint32_t clusterDim_x, clusterDim_y, clusterDim_z;
	uint64_t gridId;
	san_launch hLaunch;
	CUdevice device;
	CUcontext apiContext;
	CUstream apiStream;
	san_stream hApiStream;
};

/* Sanitizer_CallbackFunc */
typedef void (*san_callback)(void *userdata, int domain, uint32_t cbid,
			     const void *cbdata);

/* The functions culab calls, as libsanitizer-public.so exports them. */
struct san_api {
	san_result (*Subscribe)(san_subscriber *, san_callback, void *);
	san_result (*Unsubscribe)(san_subscriber);
	san_result (*EnableCallback)(uint32_t enable, san_subscriber,
				     int domain, uint32_t cbid);
	san_result (*AddPatches)(const void *image, CUcontext ctx);
	san_result (*PatchInstructions)(int instructionId, CUmodule,
					const char *deviceCallbackName);
	san_result (*PatchModule)(CUmodule);
	san_result (*SetCallbackData)(CUfunction, const void *userdata);
	san_result (*GetResultString)(san_result, const char **);
};

#endif
