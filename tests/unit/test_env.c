/* test_env.c - the theoretical peak bandwidth (env_memory_peak) against
 * the peaks NVIDIA publishes, for GPUs of five generations and every kind
 * of memory, fed the clock and bus width each GPU really reports.
 *
 * Every row names where its reported values come from: the "Memory Clock
 * rate" and "Memory Bus Width" lines of CUDA's deviceQuery sample (which
 * prints cudaDevAttrMemoryClockRate and cudaDevAttrGlobalMemoryBusWidth),
 * or nvbench's device summary (the same two attributes).  The published
 * peak is NVIDIA's datasheet or product page for the board. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "run/run.h"
#include "base/util.h"

static const struct gpu {
	const char *name;
	const char *cc;
	const char *memory;
	int clock_mhz;          /* as reported */
	int bus_bits;           /* as reported */
	double published_gbps;
	const char *source;     /* of the reported values */
} gpus[] = {
	{ "Tesla T4", "7.5", "GDDR6", 5001, 256, 320,
	  "deviceQuery, chiemon.github.io/2024/12/25/%E6%98%BE%E5%8D%A1%E4%BF%A1%E6%81%AF.html" },
	{ "NVIDIA GeForce RTX 3090", "8.6", "GDDR6X", 9751, 384, 936,
	  "deviceQuery, github.com/thamada/nvidia-smi gls/RTX3090_deviceQuery.py" },
	{ "NVIDIA A40", "8.6", "GDDR6", 7251, 384, 696,
	  "deviceQuery, github.com/thamada/nvidia-smi gls/A40x10_deviceQuery.py" },
	{ "NVIDIA A100-SXM4-40GB", "8.0", "HBM2", 1215, 5120, 1555,
	  "nvidia-smi's memory clock (what the attribute reports: 9751 MHz for "
	  "an RTX 3090 in both), forums.developer.nvidia.com/t/198730; the "
	  "5120-bit bus of every A100" },
	{ "NVIDIA A100-SXM4-80GB", "8.0", "HBM2e", 1593, 5120, 2039,
	  "deviceQuery, github.com/thamada/nvidia-smi gls/A100SXMx4_deviceQuery.py" },
	{ "NVIDIA GeForce RTX 4060 Ti", "8.9", "GDDR6", 9001, 128, 288,
	  "deviceQuery, github.com/thamada/nvidia-smi gls/RTX4060Ti_deviceQuery.py" },
	{ "NVIDIA L4", "8.9", "GDDR6", 6251, 192, 300,
	  "deviceQuery, github.com/thamada/nvidia-smi gls/L4_deviceQuery.py" },
	{ "NVIDIA L40S", "8.9", "GDDR6", 9001, 384, 864,
	  "deviceQuery, github.com/thamada/nvidia-smi gls/L40S_deviceQuery.py" },
	{ "NVIDIA RTX 6000 Ada Generation", "8.9", "GDDR6", 10001, 384, 960,
	  "deviceQuery, github.com/thamada/nvidia-smi "
	  "gls/RTX6000Ada_x8_deviceQuery.py" },
	{ "NVIDIA GeForce RTX 4090", "8.9", "GDDR6X", 10501, 384, 1008,
	  "deviceQuery, github.com/thamada/nvidia-smi gls/RTX4090_deviceQuery.py; "
	  "nvbench, github.com/NVIDIA/nvbench/pull/207" },
	{ "NVIDIA H100 80GB HBM3", "9.0", "HBM3", 2619, 5120, 3352,
	  "deviceQuery, github.com/thamada/nvidia-smi gls/H100SXMx8_deviceQuery.py; "
	  "culab's own run, reports/examples/h100/results.json" },
	{ "NVIDIA GeForce RTX 5090", "12.0", "GDDR7", 14001, 512, 1792,
	  "deviceQuery, github.com/aikitoria/open-gpu-kernel-modules/issues/1" },
};

/* Every GPU: within 2 % of its published peak (all are within 0.05 %),
 * and its memory's kind follows from its width. */
static void test_published_peaks(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(gpus); i++) {
		const struct gpu *g = &gpus[i];
		struct env_memory_facts f = {
			.mem_clock_khz = g->clock_mhz * 1000,
			.bus_width_bits = g->bus_bits,
		};
		struct env_memory_peak p;
		double off;
		bool hbm = !strncmp(g->memory, "HBM", 3);

		env_memory_peak(&f, &p);
		off = (p.gbps - g->published_gbps) / g->published_gbps;
		printf("%s:%d: %-32s cc %-4s %-6s %6d MHz %5d bits: %7.1f GB/s, "
		       "published %5.0f (%+.2f %%)\n", __FILE__, __LINE__, g->name,
		       g->cc, g->memory, g->clock_mhz, g->bus_bits, p.gbps,
		       g->published_gbps, 100 * off);
		if (fabs(off) > 0.02)
			fail_msg("%s: %.1f GB/s, published %.0f (%s)", g->name,
				 p.gbps, g->published_gbps, g->source);
		assert_int_equal(p.kind, hbm ? ENV_MEM_HBM : ENV_MEM_GDDR);
		assert_string_equal(env_memory_kind_name(p.kind),
				    hbm ? "HBM" : "GDDR");
		assert_null(p.why_unknown);
		/* the per-pin rate is twice the reported clock: 19.5 Gb/s
		 * for the RTX 3090's 9751 MHz */
		assert_true(fabs(p.gbit_per_pin - 2e-3 * g->clock_mhz) < 1e-9);
	}
}

/* Integrated GPUs share the host's LPDDR and report its current clock:
 * a Jetson Nano 13 MHz on a 64-bit bus (published 25.6 GB/s), a Jetson
 * TX2 1600 MHz on 128 bits (59.7 GB/s; 2 x 1600 x 16 would say 51.2).
 * deviceQuery outputs: github.com/NTNU-HPC-Lab/LS-CAT
 * data/kernels/6430/0/cuda_hello.cu (Nano) and
 * github.com/kozyilmaz/nvidia-jetson-rt docs/README.05.results.md (TX2).
 * No peak follows from them: unknown, with the reason. */
static void test_integrated_unknown(void **state)
{
	static const struct env_memory_facts jetsons[] = {
		{ .mem_clock_khz = 13000, .bus_width_bits = 64,
		  .integrated = true },
		{ .mem_clock_khz = 1600000, .bus_width_bits = 128,
		  .integrated = true },
	};
	struct env_memory_peak p;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(jetsons); i++) {
		env_memory_peak(&jetsons[i], &p);
		assert_int_equal(p.kind, ENV_MEM_SHARED);
		assert_true(p.gbps == 0);
		assert_non_null(p.why_unknown);
		assert_non_null(strstr(p.why_unknown, "shares the host's memory"));
	}
	assert_string_equal(env_memory_kind_name(ENV_MEM_SHARED), "shared LPDDR");
}

/* A MIG instance has a share of the memory bandwidth the two numbers do
 * not tell: its kind and per-pin rate are known, its peak is not.  A
 * driver that reports nothing gives nothing. */
static void test_mig_and_missing(void **state)
{
	struct env_memory_facts f = { .mem_clock_khz = 1215000,
				      .bus_width_bits = 5120, .mig = true };
	struct env_memory_peak p;

	(void)state;
	env_memory_peak(&f, &p);
	assert_int_equal(p.kind, ENV_MEM_HBM);
	assert_true(fabs(p.gbit_per_pin - 2.43) < 1e-9);
	assert_true(p.gbps == 0);
	assert_non_null(strstr(p.why_unknown, "MIG"));

	memset(&f, 0, sizeof(f));
	f.bus_width_bits = 384;
	env_memory_peak(&f, &p);
	assert_int_equal(p.kind, ENV_MEM_UNKNOWN);
	assert_true(p.gbps == 0 && p.gbit_per_pin == 0);
	assert_non_null(p.why_unknown);
	assert_string_equal(env_memory_kind_name(ENV_MEM_UNKNOWN), "unknown");
	assert_string_equal(env_memory_kind_name((enum env_memory_kind)99),
			    "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_published_peaks),
		cmocka_unit_test(test_integrated_unknown),
		cmocka_unit_test(test_mig_and_missing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
