/* test_resources.c - the occupancy calculator (resources_limits), the
 * limiter names, and the lifecycle of struct kernel_resources.
 *
 * The expected values were worked out by hand from the published limits
 * (CUDA C++ Programming Guide, "Technical Specifications per Compute
 * Capability", and the device attributes an H100, A100, T4 and Jetson
 * TX2 report);
 * each case says its arithmetic.  They were then cross-checked against
 * the CUDA Occupancy Calculator's own code: test_against_cuda_occupancy
 * runs cudaOccMaxActiveBlocksPerMultiprocessor from the toolkit's
 * cuda_occupancy.h (the logic behind the calculator spreadsheet and
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor's documentation; it is a
 * header of plain C) over a sweep of block sizes, registers and shared
 * memory on the four devices, and requires the same blocks per SM and a
 * limiter among the factors it names.  The hand-worked cases below all
 * fall inside that sweep's agreement. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cuda_occupancy.h>

#include "counters/counters.h"
#include "base/util.h"

/* H100 SXM (sm_90): 2048 threads, 32 blocks, 64 Ki registers per SM and
 * per block, 228 KiB of shared memory per SM, 227 KiB per block opted
 * in, 1 KiB reserved per block. */
static const struct sm_limits h100 = {
	.max_threads = 2048, .max_blocks = 32, .regs = 65536,
	.regs_per_block = 65536, .smem = 233472, .smem_per_block_optin = 232448,
	.smem_reserved = 1024, .warp_size = 32, .reg_alloc_unit = 256,
	.cc_major = 9, .cc_minor = 0,
};

/* A100 (sm_80): as the H100 but 164 KiB per SM, 163 KiB per block. */
static const struct sm_limits a100 = {
	.max_threads = 2048, .max_blocks = 32, .regs = 65536,
	.regs_per_block = 65536, .smem = 167936, .smem_per_block_optin = 166912,
	.smem_reserved = 1024, .warp_size = 32, .reg_alloc_unit = 256,
	.cc_major = 8, .cc_minor = 0,
};

/* T4 (sm_75): 1024 threads and 16 blocks per SM, 64 KiB of shared
 * memory, none reserved, 256-byte shared memory granularity. */
static const struct sm_limits t4 = {
	.max_threads = 1024, .max_blocks = 16, .regs = 65536,
	.regs_per_block = 65536, .smem = 65536, .smem_per_block_optin = 65536,
	.smem_reserved = 0, .warp_size = 32, .reg_alloc_unit = 256,
	.cc_major = 7, .cc_minor = 5,
};

/* Jetson TX2 (sm_62): a block may have only half the SM's registers. */
static const struct sm_limits tx2 = {
	.max_threads = 2048, .max_blocks = 32, .regs = 65536,
	.regs_per_block = 32768, .smem = 65536, .smem_per_block_optin = 49152,
	.smem_reserved = 0, .warp_size = 32, .reg_alloc_unit = 256,
	.cc_major = 6, .cc_minor = 2,
};

struct want {
	int rc, blocks;
	double pct;
	enum resource_limiter limiter;
};

static void check_at(const char *file, int line, const struct sm_limits *l,
		     int threads, int regs, int static_smem, int dyn_smem,
		     struct want w)
{
	struct kernel_resources r = {
		.known = true, .registers = regs, .static_smem = static_smem,
		.dynamic_smem = dyn_smem, .block_threads = threads,
	};
	int rc = resources_limits(&r, l);

	if (rc != w.rc || r.blocks_per_sm != w.blocks ||
	    fabs(r.occupancy_pct - w.pct) > 1e-9 || r.limiter != w.limiter)
		fail_msg("%s:%d: sm_%d%d, %d threads x %d registers, %d + %d B "
			 "shared: got rc %d, %d blocks, %.4f %%, %s; want rc %d, "
			 "%d blocks, %.4f %%, %s", file, line, l->cc_major,
			 l->cc_minor, threads, regs, static_smem, dyn_smem, rc,
			 r.blocks_per_sm, r.occupancy_pct,
			 resource_limiter_name(r.limiter), w.rc, w.blocks, w.pct,
			 resource_limiter_name(w.limiter));
}

#define CHECK(l, threads, regs, st, dyn, rc, blocks, pct, lim) \
	check_at(__FILE__, __LINE__, l, threads, regs, st, dyn, \
		 (struct want){ rc, blocks, pct, lim })

static void test_h100(void **state)
{
	(void)state;
	/* 8 warps per block; 64 / 8 = 8 blocks by warps.  Registers: 32 x 32
	 * = 1024 per warp, 16384 per sub-partition / 1024 = 16 warps, x 4 =
	 * 64 warps = 8 blocks too: a tie, named for the warps. */
	CHECK(&h100, 256, 32, 0, 0, 0, 8, 100, RL_WARPS);
	/* 2048 per warp: 8 warps per sub-partition, 32 per SM, 4 blocks. */
	CHECK(&h100, 256, 64, 0, 0, 0, 4, 50, RL_REGISTERS);
	/* 32 warps per block: 2 blocks by warps and by registers. */
	CHECK(&h100, 1024, 32, 0, 0, 0, 2, 100, RL_WARPS);
	/* 48 KiB + 1 KiB reserved = 50176 B; 233472 / 50176 = 4.65: 4
	 * blocks of 4 warps, 16 of 64 warps. */
	CHECK(&h100, 128, 32, 48 << 10, 0, 0, 4, 25, RL_SHARED);
	/* 128 x 32 = 4096 per warp x 32 warps = 131072 > 65536 per block. */
	CHECK(&h100, 1024, 128, 0, 0, -1, 0, 0, RL_REGISTERS);
	/* 255 x 32 = 8160, rounded up to 8192 per warp; 8 warps = 65536
	 * fits one block exactly; 16384 / 8192 = 2 warps per sub-partition,
	 * 8 per SM: one block, 8 of 64 warps. */
	CHECK(&h100, 256, 255, 0, 0, 0, 1, 12.5, RL_REGISTERS);
	/* The allocation unit: 33 x 32 = 1056 rounds up to 1280 per warp,
	 * 16384 / 1280 = 12 warps per sub-partition, 48 per SM, 6 blocks of
	 * 8 warps (1056 unrounded would give 15 per sub-partition, 7). */
	CHECK(&h100, 256, 33, 0, 0, 0, 6, 75, RL_REGISTERS);
	/* Sub-partitions: 40 x 32 = 1280 per warp, 12 warps in each of 4
	 * sub-partitions = 48 warps = 24 blocks of 2 (65536 / 1280 = 51
	 * warps SM-wide would give 25). */
	CHECK(&h100, 64, 40, 0, 0, 0, 24, 75, RL_REGISTERS);
	/* Granularity and reservation: 6401 + 1024 = 7425 B, rounded up to
	 * 128: 7552; 233472 / 7552 = 30.9: 30 blocks of 2 warps (7425
	 * unrounded gives 31; without the reservation 6528 B gives 35, and
	 * the cap of 32 would bind). */
	CHECK(&h100, 64, 32, 0, 6401, 0, 30, 93.75, RL_SHARED);
	/* The opt-in limit exactly: 232448 + 1024 = 233472 B, one block. */
	CHECK(&h100, 128, 32, 0, 232448, 0, 1, 6.25, RL_SHARED);
	/* One byte more than one block may have. */
	CHECK(&h100, 128, 32, 1, 232448, -1, 0, 0, RL_SHARED);
	/* 1 warp per block: 64 by warps, 32 by the SM's cap: 50 %. */
	CHECK(&h100, 32, 16, 0, 0, 0, 32, 50, RL_BLOCKS);
	/* A partial warp takes a whole warp's slot and registers: 33
	 * threads = 2 warps, 32 blocks by warps and by the cap. */
	CHECK(&h100, 33, 32, 0, 0, 0, 32, 100, RL_WARPS);
	/* No registers at all (an empty kernel) limits nothing. */
	CHECK(&h100, 512, 0, 0, 0, 0, 4, 100, RL_WARPS);
}

static void test_other_chips(void **state)
{
	(void)state;
	/* A100: 49 KiB per block into 164 KiB: 167936 / 50176 = 3.3. */
	CHECK(&a100, 128, 32, 48 << 10, 0, 0, 3, 18.75, RL_SHARED);
	CHECK(&a100, 256, 64, 0, 0, 0, 4, 50, RL_REGISTERS);
	/* T4: 32 warps per SM: 4 blocks of 8 by warps; registers allow 8. */
	CHECK(&t4, 256, 32, 0, 0, 0, 4, 100, RL_WARPS);
	/* T4 allocates shared memory in 256 B: 4865 -> 5120, 65536 / 5120
	 * = 12.8: 12 blocks of 2 warps (128 B units would give 13). */
	CHECK(&t4, 64, 32, 0, 4865, 0, 12, 75, RL_SHARED);
	/* 2 warps per block: 16 by warps, 16 by the cap: a tie, warps. */
	CHECK(&t4, 64, 16, 0, 0, 0, 16, 100, RL_WARPS);
	CHECK(&t4, 32, 16, 0, 0, 0, 16, 50, RL_BLOCKS);
	/* TX2, the hardware's check: 160 x 32 = 5120 per warp; 5 warps
	 * take 25600 of the block's 32768, but the check rounds them up to
	 * 8 (a multiple of the 4 sub-partitions): 40960, too many.  (The SM
	 * would hold 2 such blocks: 3 warps in each sub-partition.) */
	CHECK(&tx2, 160, 160, 0, 0, -1, 0, 0, RL_REGISTERS);
	CHECK(&tx2, 128, 160, 0, 0, 0, 3, 18.75, RL_REGISTERS);
}

/* A block larger than the SM's threads, or nonsense, fails. */
static void test_cannot_run(void **state)
{
	struct sm_limits none;

	(void)state;
	CHECK(&t4, 2048, 16, 0, 0, -1, 0, 0, RL_WARPS);
	CHECK(&h100, 0, 32, 0, 0, -1, 0, 0, RL_NONE);
	CHECK(&h100, 128, -1, 0, 0, -1, 0, 0, RL_NONE);
	CHECK(&h100, 128, 32, -4, 0, -1, 0, 0, RL_NONE);
	CHECK(&h100, 128, 256, 0, 0, -1, 0, 0, RL_REGISTERS);
	memset(&none, 0, sizeof(none));
	CHECK(&none, 128, 32, 0, 0, -1, 0, 0, RL_NONE);
}

/* ---- the CUDA Occupancy Calculator's code as the reference ------------- */

static void occ_props(const struct sm_limits *l, cudaOccDeviceProp *p)
{
	memset(p, 0, sizeof(*p));
	p->computeMajor = l->cc_major;
	p->computeMinor = l->cc_minor;
	p->maxThreadsPerBlock = 1024;
	p->maxThreadsPerMultiprocessor = l->max_threads;
	p->regsPerBlock = l->regs_per_block;
	p->regsPerMultiprocessor = l->regs;
	p->warpSize = l->warp_size;
	p->sharedMemPerBlock = 48 << 10;
	p->sharedMemPerMultiprocessor = l->smem;
	p->numSms = 1;
	p->sharedMemPerBlockOptin = l->smem_per_block_optin;
	p->reservedSharedMemPerBlock = l->smem_reserved;
}

/* The calculator's blocks per SM and limiting factors for one launch of
 * a kernel that opted in to the most dynamic shared memory it can have
 * (what a launch above 48 KiB requires). */
static int occ_blocks(const struct sm_limits *l, int threads, int regs,
		      int st, int dyn, unsigned *factors)
{
	cudaOccDeviceProp p;
	cudaOccFuncAttributes a;
	cudaOccDeviceState s;
	cudaOccResult r;

	occ_props(l, &p);
	memset(&a, 0, sizeof(a));
	a.maxThreadsPerBlock = 1024;
	a.numRegs = regs;
	a.sharedSizeBytes = (size_t)st;
	a.partitionedGCConfig = PARTITIONED_GC_OFF;
	a.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
	a.maxDynamicSharedSizeBytes = (size_t)st < l->smem_per_block_optin ?
		l->smem_per_block_optin - (size_t)st : 0;
	memset(&s, 0, sizeof(s));
	s.cacheConfig = CACHE_PREFER_NONE;
	s.carveoutConfig = SHAREDMEM_CARVEOUT_DEFAULT;
	memset(&r, 0, sizeof(r));
	assert_int_equal(cudaOccMaxActiveBlocksPerMultiprocessor(&r, &p, &a, &s,
								 threads,
								 (size_t)dyn),
			 CUDA_OCC_SUCCESS);
	*factors = r.limitingFactors;
	return r.activeBlocksPerMultiprocessor;
}

static unsigned occ_factor(enum resource_limiter l)
{
	switch (l) {
	case RL_WARPS: return OCC_LIMIT_WARPS;
	case RL_BLOCKS: return OCC_LIMIT_BLOCKS;
	case RL_REGISTERS: return OCC_LIMIT_REGISTERS;
	case RL_SHARED: return OCC_LIMIT_SHARED_MEMORY;
	default: return 0;
	}
}

static void test_against_cuda_occupancy(void **state)
{
	static const struct sm_limits *const chips[] = { &h100, &a100, &t4,
							   &tx2 };
	static const int threads[] = { 1, 32, 33, 64, 96, 128, 160, 192, 256,
				       288, 384, 512, 640, 768, 1000, 1024 };
	static const int regs[] = { 0, 8, 16, 24, 32, 33, 40, 48, 56, 64, 72,
				    80, 96, 128, 168, 200, 255 };
	static const int smem[][2] = {
		{ 0, 0 }, { 1, 0 }, { 0, 100 }, { 4096, 0 }, { 0, 4865 },
		{ 0, 6401 }, { 12 << 10, 4 << 10 }, { 48 << 10, 0 },
		{ 0, 100000 }, { 0, 160 << 10 }, { 0, 232448 },
	};
	size_t c, i, j, k, n = 0;

	(void)state;
	for (c = 0; c < ARRAY_SIZE(chips); c++)
	for (i = 0; i < ARRAY_SIZE(threads); i++)
	for (j = 0; j < ARRAY_SIZE(regs); j++)
	for (k = 0; k < ARRAY_SIZE(smem); k++) {
		const struct sm_limits *l = chips[c];
		struct kernel_resources r = {
			.registers = regs[j], .static_smem = smem[k][0],
			.dynamic_smem = smem[k][1], .block_threads = threads[i],
		};
		unsigned factors;
		int want, rc;

		if (threads[i] > l->max_threads)
			continue;
		want = occ_blocks(l, threads[i], regs[j], smem[k][0],
				  smem[k][1], &factors);
		rc = resources_limits(&r, l);
		n++;
		if (r.blocks_per_sm != want || rc != (want ? 0 : -1) ||
		    (want && !(factors & occ_factor(r.limiter))))
			fail_msg("%s:%d: sm_%d%d, %d threads x %d registers, "
				 "%d + %d B shared: %d blocks (%s), rc %d; "
				 "cuda_occupancy.h: %d blocks, factors 0x%x",
				 __FILE__, __LINE__, l->cc_major, l->cc_minor,
				 threads[i], regs[j], smem[k][0], smem[k][1],
				 r.blocks_per_sm,
				 resource_limiter_name(r.limiter), rc, want,
				 factors);
	}
	assert_true(n > 2000);
}

/* ---- names and lifecycle --------------------------------------------------- */

static void test_limiter_names(void **state)
{
	enum resource_limiter l;

	(void)state;
	for (int i = 0; i < RL__COUNT; i++) {
		const char *name = resource_limiter_name((enum resource_limiter)i);

		assert_int_equal(resource_limiter_parse(name, &l), 0);
		assert_int_equal(l, i);
	}
	assert_string_equal(resource_limiter_name(RL_REGISTERS), "registers");
	assert_string_equal(resource_limiter_name(RL_SHARED), "shared memory");
	assert_string_equal(resource_limiter_name(RL_WARPS), "warps");
	assert_string_equal(resource_limiter_name(RL_BLOCKS), "blocks per SM");
	assert_string_equal(resource_limiter_name(RL__COUNT), "?");
	assert_int_equal(resource_limiter_parse("Registers", &l), -1);
	assert_int_equal(resource_limiter_parse("", &l), -1);
}

static void test_lifecycle(void **state)
{
	struct kernel_resources r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.known = true;
	r.kernel = xstrdup("reduce<float, 256>");
	r.registers = 30;
	kernel_resources_set_unknown(&r, "runs on the CPU");
	assert_false(r.known);
	assert_null(r.kernel);
	assert_string_equal(r.why, "runs on the CPU");
	assert_int_equal(r.registers, 0);
	assert_int_equal(r.spill_bytes, -1);
	kernel_resources_release(&r);
	assert_null(r.why);
	kernel_resources_release(&r);
	kernel_resources_release(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_h100),
		cmocka_unit_test(test_other_chips),
		cmocka_unit_test(test_cannot_run),
		cmocka_unit_test(test_against_cuda_occupancy),
		cmocka_unit_test(test_limiter_names),
		cmocka_unit_test(test_lifecycle),
	};

	return cmocka_run_group_tests_name("resources", tests, NULL, NULL);
}
