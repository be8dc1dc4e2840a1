/* kernels/patches/instrument.cu - the device functions the Compute
 * Sanitizer patches into every kernel whose counters culab takes by
 * instrumentation (src/counters/instrument.c): where CUPTI refuses the
 * hardware counters, each global and shared memory access counts, per
 * SASS pc, what CUPTI's SASS metrics count for the same instruction.
 *
 * Built apart from the other kernels, with `nvcc --fatbin
 * --compile-as-tools-patch` (Makefile), and embedded in culab.  A patch
 * runs in every thread of a warp whose predicate is on; the warp's lowest
 * active lane adds the warp's counts once.  Models, checked equal to
 * CUPTI's counts at every patched pc of five kernels on an H100
 * (reports/probes/sanitizer-patch/, docs/per-line.md):
 *  - global sectors: the distinct 32-byte sectors of the active lanes'
 *    addresses;
 *  - shared wavefronts: the access cut into units of max(size, 4) bytes;
 *    units in one group of banks (128 / unit groups) that differ take a
 *    pass each, equal units are one broadcast: the passes are the largest
 *    count of distinct units in one group; ideal: ceil(lanes x size /
 *    128).
 * The patches' signatures are the Compute Sanitizer's callback types
 * (sanitizer_patching.h: SanitizerCallbackMemoryAccess), declared here as
 * culab declares the rest of that API (src/counters/sanitizer_api.h);
 * tests/gpu/instrumented.sh checks both against the real headers
 * where compute-sanitizer is installed. */
#include <stdint.h>

#include "src/counters/instrument_table.h"

#ifdef CULAB_REAL_SANITIZER_HEADERS
/* the check (tests/gpu/instrumented.sh): the real types, and the
 * signatures compared with them at the end */
#include <sanitizer_patching.h>
#else
/* sanitizer_patching.h's SanitizerPatchResult and memory-access flags */
typedef enum {
	SANITIZER_PATCH_SUCCESS = 0,
	SANITIZER_PATCH_ERROR = 1,
	SANITIZER_PATCH_FORCE_INT = 0x7fffffff
} SanitizerPatchResult;
#endif

enum {
	IT_FLAG_READ = 0x1,             /* SANITIZER_MEMORY_DEVICE_FLAG_READ */
	IT_FLAG_WRITE = 0x2,            /* ..._WRITE */
};

static __device__ __forceinline__ unsigned lane_id(void)
{
	unsigned l;

	asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));
	return l;
}

/* The slot of pc, claimed on first use; NULL when the table is full. */
static __device__ struct it_slot *slot_of(struct it_table *t, uint64_t pc)
{
	unsigned long long key = (unsigned long long)pc + 1ull;
	unsigned i = (unsigned)(pc >> 4) & (IT_SLOTS - 1u);

#pragma unroll 1
	for (unsigned n = 0; n < IT_SLOTS; n++, i = (i + 1u) & (IT_SLOTS - 1u)) {
		unsigned long long k = atomicCAS(&t->slot[i].key, 0ull, key);

		if (k == 0ull || k == key)
			return &t->slot[i];
	}
	atomicAdd(&t->overflow, 1u);
	return NULL;
}

static __device__ unsigned rw_bits(uint32_t flags)
{
	return (flags & IT_FLAG_READ ? IT_READ : 0u) |
	       (flags & IT_FLAG_WRITE ? IT_WRITE : 0u);
}

/* One warp-level execution of a memory instruction: called by the
 * leader lane only. */
static __device__ struct it_slot *count(struct it_table *t, uint64_t pc,
					unsigned mask, uint32_t size,
					unsigned kind)
{
	struct it_slot *s = slot_of(t, pc);

	if (!s)
		return NULL;
	atomicAdd(&s->requests, 1ull);
	atomicAdd(&s->bytes, (unsigned long long)__popc(mask) * size);
	atomicOr(&s->kind, kind);
	return s;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
culab_it_global(void *userdata, uint64_t pc, void *ptr, uint32_t size,
		uint32_t flags, const void *newValue)
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
	struct it_slot *s = count((struct it_table *)userdata, pc, mask, size,
				  IT_GLOBAL | rw_bits(flags));
	if (s)
		atomicAdd(&s->sectors, (unsigned long long)__popc(firsts));
	return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
culab_it_shared(void *userdata, uint64_t pc, void *ptr, uint32_t size,
		uint32_t flags, const void *newValue)
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

	/* the largest count, by votes: redux is refused in a tools patch */
	for (unsigned b = 32; b; b >>= 1)
		if (__any_sync(mask, mine >= passes + b))
			passes += b;

	if (lane != (unsigned)(__ffs(mask) - 1))
		return SANITIZER_PATCH_SUCCESS;
	struct it_slot *s = count((struct it_table *)userdata, pc, mask, size,
				  IT_SHARED | rw_bits(flags));
	if (s) {
		unsigned long long bytes = (unsigned long long)__popc(mask) * size;
		unsigned long long ideal = (bytes + 127ull) / 128ull;

		atomicAdd(&s->wavefronts, (unsigned long long)(passes ? passes : 1u));
		atomicAdd(&s->wavefronts_ideal, ideal ? ideal : 1ull);
	}
	return SANITIZER_PATCH_SUCCESS;
}

#ifdef CULAB_REAL_SANITIZER_HEADERS
template <typename A, typename B> struct it_same { static const bool value = false; };
template <typename A> struct it_same<A, A> { static const bool value = true; };
static_assert(it_same<decltype(&culab_it_global), SanitizerCallbackMemoryAccess>::value,
	      "culab_it_global is not a SanitizerCallbackMemoryAccess");
static_assert(it_same<decltype(&culab_it_shared), SanitizerCallbackMemoryAccess>::value,
	      "culab_it_shared is not a SanitizerCallbackMemoryAccess");
static_assert(IT_FLAG_READ == SANITIZER_MEMORY_DEVICE_FLAG_READ &&
	      IT_FLAG_WRITE == SANITIZER_MEMORY_DEVICE_FLAG_WRITE,
	      "the memory-access flags differ");
#endif
