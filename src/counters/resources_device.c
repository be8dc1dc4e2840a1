/* resources_device.c - the multiprocessor limits of a device, from the
 * CUDA runtime.  See counters.h (sm_limits_query).
 *
 * Kept apart from resources.c so that the occupancy calculator stays
 * arithmetic without CUDA; this file is its one contact with a GPU. */
#include "counters.h"

#include <string.h>

#include <cuda_runtime_api.h>

#include "base/util.h"

int sm_limits_query(int device, struct sm_limits *l)
{
	static const enum cudaDeviceAttr attrs[] = {
		cudaDevAttrMaxThreadsPerMultiProcessor,
		cudaDevAttrMaxBlocksPerMultiprocessor,
		cudaDevAttrMaxRegistersPerMultiprocessor,
		cudaDevAttrMaxRegistersPerBlock,
		cudaDevAttrMaxSharedMemoryPerMultiprocessor,
		cudaDevAttrMaxSharedMemoryPerBlockOptin,
		cudaDevAttrReservedSharedMemoryPerBlock,
		cudaDevAttrWarpSize,
		cudaDevAttrComputeCapabilityMajor,
		cudaDevAttrComputeCapabilityMinor,
	};
	int v[ARRAY_SIZE(attrs)];
	cudaError_t e;

	memset(l, 0, sizeof(*l));
	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++)
		if ((e = cudaDeviceGetAttribute(&v[i], attrs[i], device)) != cudaSuccess)
			return (int)e;
	l->max_threads = v[0];
	l->max_blocks = v[1];
	l->regs = v[2];
	l->regs_per_block = v[3];
	l->smem = (size_t)v[4];
	l->smem_per_block_optin = (size_t)v[5];
	l->smem_reserved = (size_t)v[6];
	l->warp_size = v[7];
	l->cc_major = v[8];
	l->cc_minor = v[9];
	l->reg_alloc_unit = 256;
	return 0;
}
