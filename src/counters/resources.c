/* resources.c - what one kernel takes of a multiprocessor, and the
 * occupancy that allows.  See counters.h.
 *
 * resources_limits() is the arithmetic of NVIDIA's CUDA Occupancy
 * Calculator as the toolkit publishes it in cuda_occupancy.h
 * (cudaOccMaxActiveBlocksPerMultiprocessor, CUDA 13.0), for the default
 * cache configuration and no partitioned global caching:
 *  - warps: max warps per SM / warps per block (a partial warp counts
 *    whole);
 *  - blocks: the SM's cap on resident blocks;
 *  - registers: registers per thread x warp size, rounded up to the
 *    allocation unit (256 on every architecture the header knows), is
 *    what one warp takes; they are allocated in each of the SM's four
 *    sub-partitions (two on GP100), so the resident warps are
 *    sub-partitions x floor(registers per sub-partition / per warp).  A
 *    block whose warps, rounded up to a multiple of the sub-partitions
 *    (the hardware's check) or not (the software's), need more than the
 *    per-block register limit cannot launch at all;
 *  - shared memory: static + dynamic + the system's reservation per block
 *    (1 KiB on sm_80 and later), rounded up to the allocation granularity
 *    (cudaOccSMemAllocationGranularity: 256 bytes up to sm_7x, 128 bytes
 *    from sm_80), out of the SM's shared memory; a block needing more
 *    than the opt-in per-block limit plus the reservation cannot launch
 *    (a block above the default 48 KiB was launched, so it had opted in).
 * What the calculator leaves out: carveout preferences (the SM's full
 * shared memory is assumed, as with no preference), barriers per block
 * (sm_90) and virtual resources (sm_100).  The launch watch prefers the
 * driver's cuOccupancyMaxActiveBlocksPerMultiprocessor where the two
 * disagree.
 *
 * When several limits allow the same number of blocks, the first of
 * warps, blocks, registers, shared memory is named: a kernel at 100 %
 * is limited by nothing but its warps. */
#include "counters.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* The most registers one thread can have (CUDA C++ Programming Guide,
 * technical specifications, every compute capability since 3.5). */
#define MAX_REGS_PER_THREAD 255
/* cudaOccRegAllocationGranularity: every architecture so far. */
#define DEFAULT_REG_ALLOC_UNIT 256

static const char *const limiter_names[RL__COUNT] = {
	[RL_NONE] = "?",
	[RL_WARPS] = "warps",
	[RL_BLOCKS] = "blocks per SM",
	[RL_REGISTERS] = "registers",
	[RL_SHARED] = "shared memory",
};

const char *resource_limiter_name(enum resource_limiter l)
{
	return (unsigned)l < RL__COUNT ? limiter_names[l] : "?";
}

int resource_limiter_parse(const char *s, enum resource_limiter *l)
{
	for (int i = 0; i < RL__COUNT; i++)
		if (strcmp(s, limiter_names[i]) == 0) {
			*l = (enum resource_limiter)i;
			return 0;
		}
	return -1;
}

void kernel_resources_release(struct kernel_resources *r)
{
	if (!r)
		return;
	free(r->why);
	free(r->kernel);
	memset(r, 0, sizeof(*r));
}

void kernel_resources_set_unknown(struct kernel_resources *r, const char *why)
{
	kernel_resources_release(r);
	r->why = xstrdup(why);
	r->spill_bytes = -1;
}

static int round_up(int x, int unit)
{
	return (x + unit - 1) / unit * unit;
}

/* Register sub-partitions of an SM (cudaOccSubPartitionsPerMultiprocessor). */
static int sub_partitions(const struct sm_limits *l)
{
	return l->cc_major == 6 && l->cc_minor == 0 ? 2 : 4;
}

/* Shared memory allocation granularity (cudaOccSMemAllocationGranularity). */
static size_t smem_granularity(const struct sm_limits *l)
{
	return l->cc_major >= 8 ? 128 : 256;
}

/* Resident blocks the registers allow; 0 when one block cannot launch. */
static int regs_limit(const struct kernel_resources *r,
		      const struct sm_limits *l, int warps)
{
	int unit = l->reg_alloc_unit > 0 ? l->reg_alloc_unit : DEFAULT_REG_ALLOC_UNIT;
	int parts = sub_partitions(l);
	long long per_warp, hw, sw;

	if (r->registers > MAX_REGS_PER_THREAD)
		return 0;
	per_warp = round_up(r->registers * l->warp_size, unit);
	sw = per_warp * warps;
	hw = per_warp * round_up(warps, parts);
	if (sw > l->regs_per_block || hw > l->regs_per_block)
		return 0;
	if (per_warp == 0)
		return INT_MAX;
	return (int)(l->regs / parts / per_warp * parts / warps);
}

/* Resident blocks the shared memory allows; 0 when one block cannot
 * launch. */
static int smem_limit(const struct kernel_resources *r,
		      const struct sm_limits *l)
{
	size_t unit = smem_granularity(l);
	size_t need = (size_t)r->static_smem + (size_t)r->dynamic_smem +
		      l->smem_reserved;

	need = (need + unit - 1) / unit * unit;
	/* (the calculator adds the reservation to the limit from sm_80,
	 * where the driver first reports one) */
	if (need > l->smem_per_block_optin +
		   (l->cc_major >= 8 ? l->smem_reserved : 0))
		return 0;
	if (need == 0)
		return INT_MAX;
	return l->smem / need > INT_MAX ? INT_MAX : (int)(l->smem / need);
}

static bool limits_valid(const struct kernel_resources *r,
			 const struct sm_limits *l)
{
	return r->block_threads > 0 && r->registers >= 0 &&
	       r->static_smem >= 0 && r->dynamic_smem >= 0 &&
	       l->warp_size > 0 && l->max_threads >= l->warp_size &&
	       l->max_blocks > 0 && l->regs > 0 && l->regs_per_block > 0 &&
	       l->smem > 0 && r->registers <= INT_MAX / l->warp_size;
}

int resources_limits(struct kernel_resources *r, const struct sm_limits *l)
{
	int warps, max_warps, lim[RL__COUNT], best = RL_NONE, i;

	r->blocks_per_sm = 0;
	r->occupancy_pct = 0;
	r->limiter = RL_NONE;
	if (!limits_valid(r, l))
		return -1;
	warps = (r->block_threads + l->warp_size - 1) / l->warp_size;
	max_warps = l->max_threads / l->warp_size;
	lim[RL_NONE] = INT_MAX;
	lim[RL_WARPS] = max_warps / warps;
	lim[RL_BLOCKS] = l->max_blocks;
	lim[RL_REGISTERS] = regs_limit(r, l, warps);
	lim[RL_SHARED] = smem_limit(r, l);
	for (i = RL_WARPS; i < RL__COUNT; i++)
		if (lim[i] < lim[best])
			best = i;
	r->limiter = (enum resource_limiter)best;
	r->blocks_per_sm = lim[best];
	if (!r->blocks_per_sm)
		return -1;
	r->occupancy_pct = 100.0 * r->blocks_per_sm * warps / max_warps;
	return 0;
}
