/* counters/occupancy.h - what a kernel takes of a multiprocessor.  Part of
 * counters.h, the header other folders include. */
#ifndef CULAB_COUNTERS_OCCUPANCY_H
#define CULAB_COUNTERS_OCCUPANCY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profiling.h"
#include "aliases.h"
#include "chips.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What one kernel takes of a multiprocessor, and the
 * occupancy that allows: registers per thread, static and dynamic shared
 * memory per block, local memory per thread (spills and local arrays),
 * the block size it was launched with, and the theoretical occupancy with
 * the resource that limits it.
 *
 * Every results row carries one (struct result_row's `resources`), for
 * built-in rungs, library baselines and user kernels alike: the runner
 * records the kernels its correctness run launches (the launch watch,
 * below) and describes the first of them, the one that does the
 * measurement's main pass (a multi-pass rung's later launches are smaller
 * grids of the same or a similar kernel).  Host-only rows (the CPU reference) and rows
 * whose launches could not be watched have known = false and say why.
 *
 * resources_limits() is the occupancy calculator: pure arithmetic on the
 * device's limits, so it is unit-tested without a GPU. */

/* What limits the resident blocks per SM (the smallest of the limits). */
enum resource_limiter {
	RL_NONE = 0,         /* unknown */
	RL_WARPS,            /* threads: max warps per SM / warps per block */
	RL_BLOCKS,           /* the SM's cap on resident blocks */
	RL_REGISTERS,        /* registers per SM */
	RL_SHARED,           /* shared memory per SM */
	RL__COUNT
};

struct kernel_resources {
	bool known;             /* false: `why` says why nothing is known */
	char *why;              /* NULL when known, and in a row that never
				   reached its correctness run (skipped) */
	char *kernel;           /* display name of the kernel described */
	int kernels;            /* kernel launches the correctness run made */
	int registers;          /* per thread */
	int static_smem;        /* bytes per block */
	int dynamic_smem;       /* bytes per block, as launched */
	int local_bytes;        /* per thread: spills and local arrays */
	int spill_bytes;        /* spill stores per thread from ptxas, -1 when
				   unknown (known for user kernels only) */
	int block_threads;      /* threads per block, as launched */
	int blocks_per_sm;      /* resident blocks the limits allow */
	double occupancy_pct;   /* theoretical: resident warps / max warps */
	enum resource_limiter limiter;
};

/* The multiprocessor's limits (cudaDeviceProp / driver attributes). */
struct sm_limits {
	int max_threads;        /* per SM */
	int max_blocks;         /* resident blocks per SM */
	int regs;               /* 32-bit registers per SM */
	int regs_per_block;     /* most registers one block may use */
	size_t smem;            /* shared memory per SM (bytes) */
	size_t smem_per_block_optin; /* most one block may use */
	size_t smem_reserved;   /* reserved per block by the system */
	int warp_size;
	int reg_alloc_unit;     /* registers allocated per warp in units of
				   this many (256 on sm_70 and later) */
	int cc_major, cc_minor;
};

/* Fills r's blocks_per_sm, occupancy_pct and limiter from its registers,
 * shared memory and block_threads and the SM's limits.  Returns 0, or -1
 * when the kernel cannot run at all with that block (too many registers
 * or too much shared memory for one block): then blocks_per_sm is 0. */
int resources_limits(struct kernel_resources *r, const struct sm_limits *l);

/* "registers", "shared memory", "warps", "blocks per SM", "?" */
const char *resource_limiter_name(enum resource_limiter l);
/* Returns 0 and sets *l for a name resource_limiter_name gives, or -1. */
int resource_limiter_parse(const char *s, enum resource_limiter *l);

/* Frees what *r owns and zeroes it; accepts NULL. */
void kernel_resources_release(struct kernel_resources *r);

/* Releases *r and makes it unknown for the reason `why` (copied):
 * known = false, spill_bytes = -1. */
void kernel_resources_set_unknown(struct kernel_resources *r, const char *why);

/* Fills *l from the CUDA runtime's attributes of `device`
 * (cudaDeviceGetAttribute; reg_alloc_unit, which no attribute gives, is
 * 256, the unit of every architecture so far).  Returns 0 or the
 * cudaError_t of the first attribute that could not be read.  Needs a
 * GPU; defined in resources_device.c. */
int sm_limits_query(int device, struct sm_limits *l);

#ifdef __cplusplus
}
#endif

#endif
