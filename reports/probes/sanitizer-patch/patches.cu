/* patches.cu - the device functions the Compute Sanitizer patches into
 * every kernel of the probe (sanitizer_pc.cpp names them): each counts,
 * per SASS pc, what CUPTI's SASS metrics count for the same instruction.
 *
 * Built with `nvcc --fatbin --compile-as-tools-patch` against the sanitizer
 * headers (run.sh).  A patch runs in every active thread of the warp that
 * executes the instruction; the warp's lowest active lane adds the warp's
 * counts once, so that a slot holds warp-level executions as
 * smsp__sass_inst_executed does and active lanes as the thread metrics do.
 *
 * Models (to be checked against CUPTI by compare.py, not assumed):
 *  - global sectors: distinct 32-byte sectors of the active lanes'
 *    addresses (an access of at most 16 aligned bytes touches one);
 *    ideal: ceil(active lanes x size / 32);
 *  - shared wavefronts: the access is cut into units of max(size, 4)
 *    bytes; units that fall in the same group of banks (128 / unit groups)
 *    and differ take a pass each, equal units are one broadcast; the
 *    passes are the largest count of distinct units in one group;
 *    ideal: ceil(active lanes x size / 128). */
#include <sanitizer_patching.h>

#include "pctable.h"

static __device__ __forceinline__ unsigned lane_id(void)
{
	unsigned l;

	asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));
	return l;
}

/* The slot of pc, claimed on first use; NULL when the table is full. */
static __device__ struct pct_slot *slot_of(struct pct_table *t, uint64_t pc)
{
	unsigned long long key = (unsigned long long)pc + 1ull;
	unsigned i = (unsigned)(pc >> 4) & (PCT_SLOTS - 1u);

#pragma unroll 1
	for (unsigned n = 0; n < PCT_SLOTS; n++, i = (i + 1u) & (PCT_SLOTS - 1u)) {
		unsigned long long k = atomicCAS(&t->slot[i].key, 0ull, key);

		if (k == 0ull || k == key)
			return &t->slot[i];
	}
	atomicAdd(&t->overflow, 1u);
	return NULL;
}

/* Adds one warp-level execution; called by the leader lane only. */
static __device__ struct pct_slot *count(struct pct_table *t, uint64_t pc,
					 unsigned mask, unsigned kind)
{
	struct pct_slot *s = slot_of(t, pc);

	if (!s)
		return NULL;
	atomicAdd(&s->warp_inst, 1ull);
	atomicAdd(&s->threads, (unsigned long long)__popc(mask));
	atomicOr(&s->kind, kind);
	return s;
}

static __device__ unsigned rw_bits(uint32_t flags)
{
	unsigned k = 0;

	if (flags & SANITIZER_MEMORY_DEVICE_FLAG_READ)
		k |= PCT_READ;
	if (flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE)
		k |= PCT_WRITE;
	return k;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
pct_global(void *userdata, uint64_t pc, void *ptr, uint32_t size, uint32_t flags,
	   const void *newValue)
{
	(void)newValue;
	if (!userdata)
		return SANITIZER_PATCH_SUCCESS;
	unsigned mask = __activemask(), lane = lane_id();
	unsigned long long sector = (unsigned long long)(uintptr_t)ptr >> 5;
	unsigned same = __match_any_sync(mask, sector);
	unsigned firsts = __ballot_sync(mask, (unsigned)(__ffs(same) - 1) == lane);

	if (lane != (unsigned)(__ffs(mask) - 1))
		return SANITIZER_PATCH_SUCCESS;
	struct pct_slot *s = count((struct pct_table *)userdata, pc, mask,
				   PCT_GLOBAL | rw_bits(flags));
	if (s) {
		unsigned long long bytes = (unsigned long long)__popc(mask) * size;

		atomicAdd(&s->sectors, (unsigned long long)__popc(firsts));
		atomicAdd(&s->sectors_ideal, (bytes + 31ull) / 32ull);
		atomicAdd(&s->bytes, bytes);
		atomicMax(&s->size_max, size);
	}
	return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
pct_shared(void *userdata, uint64_t pc, void *ptr, uint32_t size, uint32_t flags,
	   const void *newValue)
{
	(void)newValue;
	if (!userdata)
		return SANITIZER_PATCH_SUCCESS;
	unsigned mask = __activemask(), lane = lane_id();
	unsigned unit = size < 4u ? 4u : size;
	unsigned u = (unsigned)(uintptr_t)ptr / unit;   /* offset in the window */
	unsigned group = u % (128u / unit);
	unsigned same = __match_any_sync(mask, u);
	bool first = (unsigned)(__ffs(same) - 1) == lane;
	/* lanes that repeat a unit get a key of their own, outside 0..31 */
	unsigned peers = __match_any_sync(mask, first ? group : 0x10000u + lane);
	unsigned mine = first ? (unsigned)__popc(peers) : 0u, passes = 0;

	/* the largest count by votes: redux is refused in a tools patch */
	for (unsigned b = 32; b; b >>= 1)
		if (__any_sync(mask, mine >= passes + b))
			passes += b;

	if (lane != (unsigned)(__ffs(mask) - 1))
		return SANITIZER_PATCH_SUCCESS;
	struct pct_slot *s = count((struct pct_table *)userdata, pc, mask,
				   PCT_SHARED | rw_bits(flags));
	if (s) {
		unsigned long long bytes = (unsigned long long)__popc(mask) * size;
		unsigned long long ideal = (bytes + 127ull) / 128ull;

		atomicAdd(&s->wavefronts, (unsigned long long)(passes ? passes : 1u));
		atomicAdd(&s->wavefronts_ideal, ideal ? ideal : 1ull);
		atomicAdd(&s->bytes, bytes);
		atomicMax(&s->size_max, size);
	}
	return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
pct_local(void *userdata, uint64_t pc, void *ptr, uint32_t size, uint32_t flags,
	  const void *newValue)
{
	(void)ptr;
	(void)newValue;
	if (!userdata)
		return SANITIZER_PATCH_SUCCESS;
	unsigned mask = __activemask();

	if (lane_id() == (unsigned)(__ffs(mask) - 1)) {
		struct pct_slot *s = count((struct pct_table *)userdata, pc, mask,
					   PCT_LOCAL | rw_bits(flags));
		if (s)
			atomicMax(&s->size_max, size);
	}
	return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
pct_shfl(void *userdata, uint64_t pc)
{
	if (!userdata)
		return SANITIZER_PATCH_SUCCESS;
	unsigned mask = __activemask();

	if (lane_id() == (unsigned)(__ffs(mask) - 1))
		count((struct pct_table *)userdata, pc, mask, PCT_SHFL);
	return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
pct_barrier(void *userdata, uint64_t pc, uint32_t barIndex, uint32_t threadCount,
	    uint32_t flags)
{
	(void)barIndex;
	(void)threadCount;
	(void)flags;
	if (!userdata)
		return SANITIZER_PATCH_SUCCESS;
	unsigned mask = __activemask();

	if (lane_id() == (unsigned)(__ffs(mask) - 1))
		count((struct pct_table *)userdata, pc, mask, PCT_BARRIER);
	return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
pct_syncwarp(void *userdata, uint64_t pc, uint32_t warpMask)
{
	(void)warpMask;
	if (!userdata)
		return SANITIZER_PATCH_SUCCESS;
	unsigned mask = __activemask();

	if (lane_id() == (unsigned)(__ffs(mask) - 1))
		count((struct pct_table *)userdata, pc, mask, PCT_SYNCWARP);
	return SANITIZER_PATCH_SUCCESS;
}

/* Counts the warps (or blocks, if the patch runs once per block: the log
 * prints both expectations) that entered the kernel. */
extern "C" __device__ __noinline__ SanitizerPatchResult
pct_block_enter(void *userdata, uint64_t pc)
{
	(void)pc;
	if (!userdata)
		return SANITIZER_PATCH_SUCCESS;
	unsigned mask = __activemask();

	if (lane_id() == (unsigned)(__ffs(mask) - 1))
		atomicAdd(&((struct pct_table *)userdata)->warps_entered, 1ull);
	return SANITIZER_PATCH_SUCCESS;
}

/* Each patch against the callback type the real header declares for its
 * instrumentation point: a wrong signature fails here, not on the GPU.
 * run.sh retries with -DPCT_NO_SIGNATURE_CHECK and says so. */
#ifndef PCT_NO_SIGNATURE_CHECK
template <typename A, typename B> struct pct_same { static const bool value = false; };
template <typename A> struct pct_same<A, A> { static const bool value = true; };
static_assert(pct_same<decltype(&pct_global), SanitizerCallbackMemoryAccess>::value,
	      "pct_global does not match SanitizerCallbackMemoryAccess");
static_assert(pct_same<decltype(&pct_shared), SanitizerCallbackMemoryAccess>::value,
	      "pct_shared does not match SanitizerCallbackMemoryAccess");
static_assert(pct_same<decltype(&pct_local), SanitizerCallbackMemoryAccess>::value,
	      "pct_local does not match SanitizerCallbackMemoryAccess");
static_assert(pct_same<decltype(&pct_shfl), SanitizerCallbackShfl>::value,
	      "pct_shfl does not match SanitizerCallbackShfl");
static_assert(pct_same<decltype(&pct_barrier), SanitizerCallbackBarrier>::value,
	      "pct_barrier does not match SanitizerCallbackBarrier");
static_assert(pct_same<decltype(&pct_syncwarp), SanitizerCallbackSyncwarp>::value,
	      "pct_syncwarp does not match SanitizerCallbackSyncwarp");
static_assert(pct_same<decltype(&pct_block_enter), SanitizerCallbackBlockEnter>::value,
	      "pct_block_enter does not match SanitizerCallbackBlockEnter");
#endif
