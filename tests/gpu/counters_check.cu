/* counters_check.cu - checks the counters module on a GPU without the
 * runner: it profiles kernels whose counter signatures are known (the
 * reduction and transpose rungs of research/cupti.md 3.1, an in-place
 * kernel, a 1 MiB writer, a divergent kernel, a measurement of three
 * launches and one with none) the way the runner does, checks the
 * signatures, and measures what profiling costs.
 *
 *   counters_check [--tsv FILE] [--repeat N] [--quick]
 *   counters_check --cost [SETS] [--repeat N]   (what profiling costs per
 *                                                measurement for counter
 *                                                sets "a,b;c;..."; default
 *                                                "duration;dram,occupancy;
 *                                                gld_efficiency;default")
 *   counters_check --no-counters [--repeat N]   (the same launches, once
 *                                                each: for ncu)
 *
 * --ballast GIB allocates (and touches) GIB more device memory that no
 * kernel uses, as culab's large inputs would: ncu's kernel replay saves
 * and restores device memory, so its cost grows with it.
 *
 * --tsv writes "label<TAB>kernel<TAB>metric<TAB>value" lines for
 * tests/gpu/ncu_compare.py.  Exit status 0 when every check passed.
 *
 * Build it here with `make counters-check` (build/counters_check, linked
 * like culab) and carry it to the GPU machine. */
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "counters/counters.h"
#include "run/run.h"
extern "C" {
#include "base/util.h"
}

#include "ck.h"

/* ---- kernels: each teaches one counter signature --------------------- */

/* 0: interleaved, t % (2s) == 0 (divergent in the source, predicated by
 * nvcc -O3); 1: interleaved with k = 2*s*t (bank conflicts); 2: sequential
 * addressing (neither). */
template <int MODE>
__global__ void reduce_k(const float *in, float *out, size_t n)
{
	__shared__ float s[256];
	unsigned t = threadIdx.x;
	size_t i = (size_t)blockIdx.x * blockDim.x + t;

	s[t] = i < n ? in[i] : 0.0f;
	__syncthreads();
	if (MODE == 0) {
		for (unsigned st = 1; st < blockDim.x; st *= 2) {
			if (t % (2 * st) == 0)
				s[t] += s[t + st];
			__syncthreads();
		}
	} else if (MODE == 1) {
		for (unsigned st = 1; st < blockDim.x; st *= 2) {
			unsigned k = 2 * st * t;

			if (k < blockDim.x)
				s[k] += s[k + st];
			__syncthreads();
		}
	} else {
		for (unsigned st = blockDim.x / 2; st > 0; st >>= 1) {
			if (t < st)
				s[t] += s[t + st];
			__syncthreads();
		}
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

/* Coalesced reads, writes 32 rows apart: 32 sectors per store. */
__global__ void tr_naive(const float *in, float *out, int rows, int cols)
{
	int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;

	for (int j = 0; j < 32; j += 8)
		if (x < cols && y + j < rows)
			out[(size_t)x * rows + y + j] = in[(size_t)(y + j) * cols + x];
}

/* Through a shared tile: coalesced both ways; PAD 0 reads tile columns
 * with a 32-way bank conflict, PAD 1 removes it. */
template <int PAD>
__global__ void tr_tile(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[32][32 + PAD];
	int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;

	for (int j = 0; j < 32; j += 8)
		if (x < cols && y + j < rows)
			tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];
	__syncthreads();
	x = blockIdx.y * 32 + threadIdx.x;
	y = blockIdx.x * 32 + threadIdx.y;
	for (int j = 0; j < 32; j += 8)
		if (x < rows && y + j < cols)
			out[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void inc(float *z, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		z[i] += 1.0f;
}

__global__ void fill(float *out, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = (float)i;
}

/* Odd and even lanes run loops of different lengths: real divergence. */
__global__ void branchy(const float *in, float *out, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	float v;

	if (i >= n)
		return;
	v = in[i];
	if (threadIdx.x & 1) {
		for (int k = 0; k < (int)(v * 0.0f) + 64; k++)
			v = v * 1.0001f + 0.5f;
	} else {
		for (int k = 0; k < (int)(v * 0.0f) + 16; k++)
			v = v * 0.9999f - 0.25f;
	}
	out[i] = v;
}

/* ---- measurements ------------------------------------------------------ */

#define RN (1u << 24)            /* reduction elements: 64 MiB of floats */
#define TN 4096                  /* transpose: 4096 x 4096 floats */
#define WN (1u << 18)            /* 1 MiB written */

struct bufs {
	float *in, *out, *part, *part2, *z, *z0;
};

struct meas {
	const char *label;
	int (*launch)(void *);
	int (*prepare)(void *);
	const void *kernel;             /* first kernel, for occupancy */
	int block;
};

static struct bufs B;

static int l_red_div(void *p) { (void)p; reduce_k<0><<<RN / 256, 256>>>(B.in, B.part, RN); return (int)cudaGetLastError(); }
static int l_red_bank(void *p) { (void)p; reduce_k<1><<<RN / 256, 256>>>(B.in, B.part, RN); return (int)cudaGetLastError(); }
static int l_red_seq(void *p) { (void)p; reduce_k<2><<<RN / 256, 256>>>(B.in, B.part, RN); return (int)cudaGetLastError(); }
static int l_red_3(void *p)
{
	(void)p;
	reduce_k<2><<<RN / 256, 256>>>(B.in, B.part, RN);
	reduce_k<2><<<RN / 65536, 256>>>(B.part, B.part2, RN / 256);
	reduce_k<2><<<1, 256>>>(B.part2, B.part, RN / 65536);
	return (int)cudaGetLastError();
}
static int l_tr_naive(void *p) { (void)p; tr_naive<<<dim3(TN / 32, TN / 32), dim3(32, 8)>>>(B.in, B.out, TN, TN); return (int)cudaGetLastError(); }
static int l_tr_tile32(void *p) { (void)p; tr_tile<0><<<dim3(TN / 32, TN / 32), dim3(32, 8)>>>(B.in, B.out, TN, TN); return (int)cudaGetLastError(); }
static int l_tr_tile33(void *p) { (void)p; tr_tile<1><<<dim3(TN / 32, TN / 32), dim3(32, 8)>>>(B.in, B.out, TN, TN); return (int)cudaGetLastError(); }
static int l_inc(void *p) { (void)p; inc<<<RN / 256, 256>>>(B.z, RN); return (int)cudaGetLastError(); }
static int p_inc(void *p) { (void)p; return (int)cudaMemcpyAsync(B.z, B.z0, RN * sizeof(float), cudaMemcpyDeviceToDevice, 0); }
static int l_fill(void *p) { (void)p; fill<<<WN / 256, 256>>>(B.out, WN); return (int)cudaGetLastError(); }
static int l_branchy(void *p) { (void)p; branchy<<<RN / 256, 256>>>(B.in, B.out, RN); return (int)cudaGetLastError(); }
static int l_none(void *p) { (void)p; return 0; }

static const struct meas M[] = {
	{ "check/red_div/float/16777216", l_red_div, NULL, (const void *)reduce_k<0>, 256 },
	{ "check/red_bank/float/16777216", l_red_bank, NULL, (const void *)reduce_k<1>, 256 },
	{ "check/red_seq/float/16777216", l_red_seq, NULL, (const void *)reduce_k<2>, 256 },
	{ "check/red_3/float/16777216", l_red_3, NULL, (const void *)reduce_k<2>, 256 },
	{ "check/tr_naive/float/4096x4096", l_tr_naive, NULL, (const void *)tr_naive, 256 },
	{ "check/tr_tile32/float/4096x4096", l_tr_tile32, NULL, (const void *)tr_tile<0>, 256 },
	{ "check/tr_tile33/float/4096x4096", l_tr_tile33, NULL, (const void *)tr_tile<1>, 256 },
	{ "check/inc/float/16777216", l_inc, p_inc, (const void *)inc, 256 },
	{ "check/fill/float/262144", l_fill, NULL, (const void *)fill, 256 },
	{ "check/branchy/float/16777216", l_branchy, NULL, (const void *)branchy, 256 },
	{ "check/none/float/1", l_none, NULL, NULL, 0 },
};
#define NM (sizeof(M) / sizeof(M[0]))

/* ---- results and checks ------------------------------------------------ */

struct outcome {
	size_t nk;
	struct kernel_counters *k;
	double *cols;
};

static int failures;

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double col(const struct counter_plan *p, const struct outcome *o,
		  const char *name)
{
	for (size_t i = 0; i < p->ncols; i++)
		if (!strcmp(p->cols[i], name))
			return o->cols[i];
	fprintf(stderr, "no column %s\n", name);
	exit(1);
}

static void expect(bool ok, const char *what, double value)
{
	printf("  %-4s %-62s (%.4g)\n", ok ? "ok" : "FAIL", what, value);
	if (!ok)
		failures++;
}

static int find(const char *name)
{
	for (size_t i = 0; i < NM; i++)
		if (strstr(M[i].label, name))
			return (int)i;
	return -1;
}

/* The theoretical peak as culab's reports compute it (env.c), so the
 * plausibility checks below hold on GDDR and HBM GPUs alike; 0 unknown. */
static double peak_gbps(void)
{
	struct env_memory_facts f;
	struct env_memory_peak p;

	env_memory(0, &f, &p);
	return p.gbps;
}

/* The GPU's highest SM clock in MHz. */
static double max_sm_mhz(void)
{
	int khz = 0;

	cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0);
	return khz / 1e3;
}

static void check_signatures(const struct counter_plan *p, const struct outcome *o)
{
#define C(meas, column) col(p, &o[find(meas)], column)
	printf("signature checks:\n");
	expect(C("red_bank", "bank_conflicts_per_shared_ld") > 0.2,
	       "red_bank: conflicts per LDS > 0.2", C("red_bank", "bank_conflicts_per_shared_ld"));
	expect(C("red_seq", "bank_conflicts_per_shared_ld") < 0.05,
	       "red_seq: conflicts per LDS < 0.05", C("red_seq", "bank_conflicts_per_shared_ld"));
	expect(C("red_bank", "shared_ld_wavefronts_per_instr") > 1.5,
	       "red_bank: wavefronts per LDS > 1.5", C("red_bank", "shared_ld_wavefronts_per_instr"));
	expect(fabs(C("red_seq", "shared_ld_wavefronts_per_instr") - 1.0) < 0.05,
	       "red_seq: wavefronts per LDS = 1", C("red_seq", "shared_ld_wavefronts_per_instr"));
	expect(C("tr_tile32", "bank_conflicts_per_shared_ld") > 25,
	       "tr_tile32: conflicts per LDS > 25 (32-way)", C("tr_tile32", "bank_conflicts_per_shared_ld"));
	expect(fabs(C("tr_tile32", "shared_ld_wavefronts_per_instr") - 32) < 0.5,
	       "tr_tile32: wavefronts per LDS = 32", C("tr_tile32", "shared_ld_wavefronts_per_instr"));
	expect(C("tr_tile33", "bank_conflicts_per_shared_ld") < 1,
	       "tr_tile33: conflicts per LDS < 1", C("tr_tile33", "bank_conflicts_per_shared_ld"));
	expect(fabs(C("tr_tile33", "shared_ld_wavefronts_per_instr") - 1) < 0.05,
	       "tr_tile33: wavefronts per LDS = 1", C("tr_tile33", "shared_ld_wavefronts_per_instr"));
	expect(fabs(C("tr_naive", "gst_efficiency_pct") - 12.5) < 0.5,
	       "tr_naive: store efficiency 12.5 %", C("tr_naive", "gst_efficiency_pct"));
	expect(fabs(C("tr_naive", "gst_sectors_per_request") - 32) < 0.5,
	       "tr_naive: 32 sectors per store", C("tr_naive", "gst_sectors_per_request"));
	expect(fabs(C("tr_naive", "gld_efficiency_pct") - 100) < 0.5,
	       "tr_naive: load efficiency 100 %", C("tr_naive", "gld_efficiency_pct"));
	expect(fabs(C("tr_tile33", "gst_sectors_per_request") - 4) < 0.05,
	       "tr_tile33: 4 sectors per store", C("tr_tile33", "gst_sectors_per_request"));
	expect(fabs(C("red_seq", "gld_sectors_per_request") - 4) < 0.05,
	       "red_seq: 4 sectors per load", C("red_seq", "gld_sectors_per_request"));
	expect(C("branchy", "divergent_branches") > 0,
	       "branchy: divergent branches > 0", C("branchy", "divergent_branches"));
	expect(C("branchy", "branch_efficiency_pct") < 100,
	       "branchy: branch efficiency < 100 %", C("branchy", "branch_efficiency_pct"));
	expect(C("red_div", "warp_active_threads_pred_on") < C("red_div", "warp_active_threads"),
	       "red_div: predicated-on threads < active threads", C("red_div", "warp_active_threads_pred_on"));
	expect(fabs(C("red_seq", "dram_read_bytes") / (RN * 4.0) - 1) < 0.05,
	       "red_seq: DRAM read = 64 MiB within 5 %", C("red_seq", "dram_read_bytes"));
	expect(fabs(C("tr_tile33", "dram_read_bytes") / (TN * TN * 4.0) - 1) < 0.05,
	       "tr_tile33: DRAM read = 64 MiB within 5 %", C("tr_tile33", "dram_read_bytes"));
	expect(C("tr_tile33", "dram_write_bytes") < TN * TN * 4.0 * 1.1,
	       "tr_tile33: DRAM write <= 64 MiB + 10 %", C("tr_tile33", "dram_write_bytes"));
	expect(C("fill", "dram_write_bytes") < 4.0 * WN * 4,
	       "fill: DRAM write of 1 MiB not inflated (< 4 MiB)", C("fill", "dram_write_bytes"));
	expect(C("inc", "dram_write_bytes") < RN * 4.0 * 1.1,
	       "inc (in place): DRAM write <= 64 MiB + 10 %", C("inc", "dram_write_bytes"));
	expect(C("red_seq", "achieved_occupancy_pct") > 10 &&
	       C("red_seq", "achieved_occupancy_pct") <= 100,
	       "red_seq: achieved occupancy in (10, 100] %", C("red_seq", "achieved_occupancy_pct"));
	/* limits from this GPU, not from one model's numbers */
	expect(C("red_seq", "sm_clock_mhz") > 0.25 * max_sm_mhz() &&
	       C("red_seq", "sm_clock_mhz") < 1.05 * max_sm_mhz(),
	       "red_seq: SM clock within 25-105 % of the GPU's maximum",
	       C("red_seq", "sm_clock_mhz"));
	expect(C("red_seq", "duration_us") > 10,
	       "red_seq: duration > 10 us", C("red_seq", "duration_us"));
	expect(C("red_seq", "dram_pct_peak") > 1 && C("red_seq", "dram_pct_peak") < 100 &&
	       fabs(C("red_seq", "dram_pct_peak") -
		    100 * C("red_seq", "dram_gbps") / peak_gbps()) < 0.5,
	       "red_seq: DRAM % of peak in (1, 100) and = DRAM GB/s / this GPU's peak",
	       C("red_seq", "dram_pct_peak"));
#undef C
	{
		const struct outcome *o3 = &o[find("red_3")];
		bool names = o3->nk == 3;

		for (size_t i = 0; names && i < o3->nk; i++)
			names = !strcmp(o3->k[i].kernel, "reduce_k<2>");
		expect(o3->nk == 3, "red_3: three kernels profiled", (double)o3->nk);
		expect(names, "red_3: kernel names are \"reduce_k<2>\"", 0);
		expect(o3->nk == 3 && !strcmp(o3->k[2].label, "check/red_3/float/16777216#2"),
		       "red_3: labels end in #0..#2", 0);
		expect(o[find("none")].nk == 0, "none: no kernel, no values", 0);
	}
}

/* Our ratios against CUPTI's own ratio metrics for the same launches. */
static void check_ratios(const struct counter_plan *p, const struct outcome *o)
{
	printf("derived ratios vs CUPTI's ratio metrics:\n");
	for (size_t m = 0; m < NM; m++) {
		if (o[m].nk != 1)
			continue;
		double be = col(p, &o[m], "branch_efficiency_pct");
		double cbe = col(p, &o[m], "smsp__sass_average_branch_targets_threads_uniform.pct");
		double ge = col(p, &o[m], "gld_efficiency_pct");
		double cge = col(p, &o[m], "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct");
		double wt = col(p, &o[m], "warp_active_threads");
		double cwt = col(p, &o[m], "smsp__average_thread_inst_executed_per_inst_executed.ratio");
		bool ok = (isnan(be) ? cbe == 0 : fabs(be - cbe) < 0.01 * fmax(1, cbe)) &&
			  (isnan(ge) || fabs(ge - cge) < 0.01 * fmax(1, cge)) &&
			  fabs(wt - cwt) < 0.01 * fmax(1, cwt);

		printf("  %-4s %-34s branch %.3f/%.3f gld %.3f/%.3f thr %.3f/%.3f\n",
		       ok ? "ok" : "FAIL", M[m].label, be, cbe, ge, cge, wt, cwt);
		if (!ok)
			failures++;
	}
}

static void print_table(const struct counter_plan *p, const struct outcome *o)
{
	for (size_t m = 0; m < NM; m++) {
		printf("%s: %zu kernel(s)", M[m].label, o[m].nk);
		for (size_t i = 0; i < o[m].nk; i++)
			printf("%s %s", i ? "," : "", o[m].k[i].kernel);
		printf("\n");
		for (size_t c = 0; c < p->ncols; c++)
			printf("    %-40s %.6g\n", p->cols[c], o[m].cols[c]);
	}
}

static void write_tsv(const char *path, const struct outcome *o, int repeat)
{
	FILE *fp = fopen(path, "w");

	if (!fp) {
		perror(path);
		exit(1);
	}
	for (int r = 0; r < repeat; r++)
		for (size_t m = 0; m < NM; m++)
			for (size_t i = 0; i < o[r * NM + m].nk; i++) {
				const struct kernel_counters *k = &o[r * NM + m].k[i];

				for (size_t j = 0; j < k->nvalues; j++)
					fprintf(fp, "%s\t%s\t%s\t%.17g\n", k->label,
						k->kernel, k->names[j], k->values[j]);
			}
	fclose(fp);
}

/* Profiles every measurement `repeat` times under plan p. */
static int profile_all(const struct counter_plan *p, int repeat, struct outcome *o,
		       double *elapsed, int *passes)
{
	struct counters *c = NULL;
	char why[2048];
	double t0, t1;
	int smwarps = 0;

	cudaDeviceGetAttribute(&smwarps, cudaDevAttrMaxThreadsPerMultiProcessor, 0);
	smwarps /= 32;
	t0 = seconds();
	if (counters_open((const char *const *)p->raw, p->nraw, &c, why, sizeof(why))) {
		printf("counters_open failed: %s\n", why);
		return -1;
	}
	t1 = seconds();
	*passes = counters_passes(c);
	printf("%s\nopen took %.3f s\n", counters_method(c), t1 - t0);
	t0 = seconds();
	for (int r = 0; r < repeat; r++) {
		for (size_t m = 0; m < NM; m++) {
			struct outcome *x = &o[r * NM + m];
			struct metric_context ctx = { peak_gbps(), NAN };
			int blocks = 0;

			if (M[m].kernel &&
			    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, M[m].kernel,
									  M[m].block, 0) == cudaSuccess)
				ctx.theoretical_occupancy_pct =
					100.0 * blocks * (M[m].block / 32) / smwarps;
			if (counters_profile(c, M[m].label, M[m].prepare, M[m].launch, NULL,
					     &x->k, &x->nk, why, sizeof(why))) {
				printf("counters_profile %s failed: %s\n", M[m].label, why);
				failures++;
				x->nk = 0;
			}
			x->cols = (double *)xcalloc(p->ncols, sizeof(double));
			counter_plan_derive_kernels(p, x->k, x->nk, &ctx, x->cols);
		}
	}
	*elapsed = seconds() - t0;
	counters_close(c);
	return 0;
}

static void release(struct outcome *o, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < o[i].nk; j++)
			kernel_counters_release(&o[i].k[j]);
		free(o[i].k);
		free(o[i].cols);
	}
}

int main(int argc, char **argv)
{
	const char *tsv = NULL, *sets = "duration;dram,occupancy;gld_efficiency;default";
	bool no_counters = false, quick = false, cost = false;
	double ballast = 0;
	int repeat = 1;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--no-counters"))
			no_counters = true;
		else if (!strcmp(argv[i], "--quick"))
			quick = true;
		else if (!strcmp(argv[i], "--cost")) {
			cost = true;
			if (i + 1 < argc && argv[i + 1][0] != '-')
				sets = argv[++i];
		}
		else if (!strcmp(argv[i], "--tsv") && i + 1 < argc)
			tsv = argv[++i];
		else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
			repeat = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--ballast") && i + 1 < argc)
			ballast = strtod(argv[++i], NULL);
		else {
			fprintf(stderr, "usage: %s [--no-counters] [--quick] [--cost [SETS]] "
				"[--tsv FILE] [--repeat N] [--ballast GIB]\n", argv[0]);
			return 2;
		}
	}
	if (repeat < 1)
		repeat = 1;
	CK(cudaSetDevice(0));
	if (ballast > 0) {
		size_t bytes = (size_t)(ballast * 1073741824.0);
		void *b;

		CK(cudaMalloc(&b, bytes));
		CK(cudaMemset(b, 1, bytes));
	}
	CK(cudaMalloc(&B.in, RN * sizeof(float)));
	CK(cudaMalloc(&B.out, RN * sizeof(float)));
	CK(cudaMalloc(&B.part, RN / 256 * sizeof(float)));
	CK(cudaMalloc(&B.part2, RN / 256 * sizeof(float)));
	CK(cudaMalloc(&B.z, RN * sizeof(float)));
	CK(cudaMalloc(&B.z0, RN * sizeof(float)));
	{
		float *h = (float *)xmalloc(RN * sizeof(float));

		for (size_t i = 0; i < RN; i++)
			h[i] = (float)(i % 1000) * 0.5f;
		CK(cudaMemcpy(B.in, h, RN * sizeof(float), cudaMemcpyHostToDevice));
		CK(cudaMemcpy(B.z0, h, RN * sizeof(float), cudaMemcpyHostToDevice));
		CK(cudaMemcpy(B.z, h, RN * sizeof(float), cudaMemcpyHostToDevice));
		free(h);
	}

	if (no_counters) {
		double t0 = seconds();

		for (int r = 0; r < repeat; r++)
			for (size_t m = 0; m < NM; m++) {
				if (M[m].prepare)
					CK((cudaError_t)M[m].prepare(NULL));
				CK((cudaError_t)M[m].launch(NULL));
				CK(cudaDeviceSynchronize());
			}
		printf("ran %zu measurements without counters in %.3f s\n",
		       NM * repeat, seconds() - t0);
		return 0;
	}

	if (cost) {
		char *list = xstrdup(sets), *save = NULL;

		for (char *set = strtok_r(list, ";", &save); set;
		     set = strtok_r(NULL, ";", &save)) {
			char *names[32], *copy = xstrdup(set), *s2 = NULL;
			size_t n = 0;
			struct counter_plan p;
			struct outcome *o = (struct outcome *)xcalloc(NM * repeat, sizeof(*o));
			double elapsed;
			int passes = 0;

			for (char *w = strtok_r(copy, ",", &s2); w && n < 32;
			     w = strtok_r(NULL, ",", &s2))
				names[n++] = w;
			if (counter_plan_build(names, n, &p) ||
			    profile_all(&p, repeat, o, &elapsed, &passes))
				return 1;
			printf("cost of {%s}: %d passes, %zu measurements in %.3f s, "
			       "%.2f ms each\n", set, passes, NM * repeat, elapsed,
			       1e3 * elapsed / (NM * repeat));
			release(o, NM * repeat);
			free(o);
			free(copy);
			counter_plan_release(&p);
		}
		free(list);
		return failures ? 1 : 0;
	}

	{
		const char *names[] = { "default" };
		struct counter_plan p;
		struct outcome *o = (struct outcome *)xcalloc(NM * repeat, sizeof(*o));
		double elapsed;
		int passes = 0;

		if (counter_plan_build((char *const *)names, 1, &p))
			return 1;
		if (profile_all(&p, repeat, o, &elapsed, &passes))
			return 1;
		print_table(&p, o);
		check_signatures(&p, o);
		{
			/* in place: after all passes the data must be input + 1 */
			float *h = (float *)xmalloc(RN * sizeof(float));
			bool ok = true;

			CK(cudaMemcpy(h, B.z, RN * sizeof(float), cudaMemcpyDeviceToHost));
			for (size_t i = 0; i < RN && ok; i++)
				ok = h[i] == (float)(i % 1000) * 0.5f + 1.0f;
			expect(ok, "inc: in-place result correct after replay", 0);
			free(h);
		}
		printf("cost: %zu measurements profiled in %.3f s (%.1f ms each), "
		       "%d passes\n", NM * repeat, elapsed, 1e3 * elapsed / (NM * repeat),
		       passes);
		if (tsv)
			write_tsv(tsv, o, repeat);
		release(o, NM * repeat);
		free(o);
		counter_plan_release(&p);
	}

	if (!quick) {
		/* second session in the same process: reopen works, and our
		 * derivations agree with CUPTI's ratio metrics */
		const char *names[] = { "default",
			"smsp__sass_average_branch_targets_threads_uniform.pct",
			"smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct",
			"smsp__average_thread_inst_executed_per_inst_executed.ratio" };
		struct counter_plan p;
		struct outcome *o = (struct outcome *)xcalloc(NM, sizeof(*o));
		double elapsed;
		int passes = 0;

		if (counter_plan_build((char *const *)names, 4, &p))
			return 1;
		if (profile_all(&p, 1, o, &elapsed, &passes))
			return 1;
		check_ratios(&p, o);
		release(o, NM);
		free(o);
		counter_plan_release(&p);
	}
	if (!quick) {
		/* a metric this GPU does not have: the session is refused and
		 * the message names it (the module adds the whole list first
		 * and validates name by name only when that fails) */
		const char *bad[] = { "dram__bytes_read.sum", "l1tex__bogus.sum" };
		struct counters *c = NULL;
		char why[512] = "";
		int rc = counters_open(bad, 2, &c, why, sizeof(why));

		expect(rc < 0 && strstr(why, "unknown metric \"l1tex__bogus.sum\""),
		       "open with an unknown metric refused, naming it", rc);
		if (rc < 0 || failures)
			printf("  (%s)\n", why);
		counters_close(c);
	}
	printf("%s\n", failures ? "FAILED" : "all checks passed");
	return failures ? 1 : 0;
}
