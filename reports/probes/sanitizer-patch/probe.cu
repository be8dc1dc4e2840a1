/* probe.cu - can the Compute Sanitizer patching API count, per SASS pc and
 * for many kernels in one process, what CUPTI's SASS metrics count for one
 * kernel per process?  (issue 46, item 1: the probe.)  Not part of culab.
 *
 *   probe list                          the kernels, one a line
 *   probe sanitizer PATCHES OUT.tsv TIMES.tsv
 *                                       one process: every kernel patched
 *                                       and counted once, then timed
 *                                       patched and unpatched
 *   probe cupti KERNEL OUT.tsv TIMES.tsv
 *                                       one kernel: timed plain, then
 *                                       collected with CUPTI's SASS metrics
 *
 * Rows of OUT.tsv: kernel <TAB> pc offset <TAB> metric <TAB> value.
 * Rows of TIMES.tsv: mode <TAB> kernel <TAB> what <TAB> value.
 * The log (stderr) has I/W/E lines; exit 0 ok, 1 failed, 2 usage, 3 the
 * collector was refused or is not built in.
 *
 * The kernels are the reduce ladder's lessons, each block reducing 256 of
 * 2^20 floats into out[block]; every kernel must give the same total. */
#include <cuda.h>
#include <cuda_runtime.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collect.h"
#include "pctable.h"

#include "kernels.cuh"

/* ---- helpers ------------------------------------------------------------ */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cuda_ok(cudaError_t e, const char *what, const char *file, int line)
{
	if (e == cudaSuccess)
		return 1;
	fprintf(stderr, "E %s:%d: %s -> %s\n", file, line, what, cudaGetErrorName(e));
	return 0;
}
#define CU(x) cuda_ok((x), #x, __FILE__, __LINE__)

static int find_kernel(const char *name)
{
	for (int k = 0; k < NKERNELS; k++)
		if (!strcmp(kernels[k].name, name))
			return k;
	return -1;
}

static float *d_in, *d_out;

static int buffers(void)
{
	float *h = (float *)malloc((size_t)N * sizeof(float));
	int ok;

	if (!h)
		return -1;
	for (int i = 0; i < N; i++)
		h[i] = (float)(i % 7) * 0.25f;          /* exact in float sums */
	ok = CU(cudaMalloc(&d_in, (size_t)N * sizeof(float))) &&
	     CU(cudaMalloc(&d_out, (size_t)GRID * sizeof(float))) &&
	     CU(cudaMemcpy(d_in, h, (size_t)N * sizeof(float), cudaMemcpyHostToDevice));
	free(h);
	return ok ? 0 : -1;
}

static int launch(int k)
{
	kernels[k].fn<<<GRID, BLOCK>>>(d_in, d_out);
	return CU(cudaGetLastError()) ? 0 : -1;
}

/* The block partials added on the host: every kernel must give the same. */
static double total(void)
{
	static float h[GRID];
	double s = 0;

	if (!CU(cudaMemcpy(h, d_out, sizeof(h), cudaMemcpyDeviceToHost)))
		return -1;
	for (int i = 0; i < GRID; i++)
		s += h[i];
	return s;
}

/* Mean milliseconds of reps launches, after one untimed launch. */
static double time_ms(int k, int reps)
{
	cudaEvent_t a, b;
	float ms = -1;

	if (launch(k) || !CU(cudaDeviceSynchronize()))
		return -1;
	if (!CU(cudaEventCreate(&a)) || !CU(cudaEventCreate(&b)))
		return -1;
	CU(cudaEventRecord(a));
	for (int r = 0; r < reps; r++)
		launch(k);
	CU(cudaEventRecord(b));
	CU(cudaEventSynchronize(b));
	CU(cudaEventElapsedTime(&ms, a, b));
	cudaEventDestroy(a);
	cudaEventDestroy(b);
	return ms / reps;
}

/* ---- mode sanitizer ------------------------------------------------------ */

#ifdef HAVE_SANITIZER
static const char *kind_name(unsigned kind)
{
	if (kind & PCT_GLOBAL)
		return kind & PCT_WRITE ? (kind & PCT_READ ? "global_atom" : "global_st") : "global_ld";
	if (kind & PCT_SHARED)
		return kind & PCT_WRITE ? (kind & PCT_READ ? "shared_atom" : "shared_st") : "shared_ld";
	if (kind & PCT_LOCAL)
		return kind & PCT_WRITE ? "local_st" : "local_ld";
	if (kind & PCT_SHFL)
		return "shfl";
	if (kind & PCT_BARRIER)
		return "barrier";
	if (kind & PCT_SYNCWARP)
		return "syncwarp";
	return "other";
}

/* Writes one launch's table as rows; pcs turned into offsets from the
 * function's start (or kept, if they already are offsets: logged). */
static int write_table(const char *kernel, const struct pct_table *t, FILE *tsv)
{
	uint64_t base = 0, size = 0;
	int rows = 0, outside = 0, as_offset = 0;

	if (sanpc_function(kernel, &base, &size))
		fprintf(stderr, "W %s: no function pc from the patching API; pcs kept raw\n",
			kernel);
	for (unsigned i = 0; i < PCT_SLOTS; i++) {
		const struct pct_slot *s = &t->slot[i];
		uint64_t pc, off;

		if (!s->key)
			continue;
		pc = s->key - 1;
		if (size && pc >= base && pc < base + size) {
			off = pc - base;
		} else if (size && pc < size) {
			off = pc;
			as_offset++;
		} else {
			off = pc;
			outside++;
		}
		const struct {
			const char *metric;
			unsigned long long v;
			bool want;
		} cols[] = {
			{ "warp_inst", s->warp_inst, true },
			{ "threads", s->threads, true },
			{ "global_sectors", s->sectors, (s->kind & PCT_GLOBAL) != 0 },
			{ "global_sectors_ideal", s->sectors_ideal, (s->kind & PCT_GLOBAL) != 0 },
			{ "shared_wavefronts", s->wavefronts, (s->kind & PCT_SHARED) != 0 },
			{ "shared_wavefronts_ideal", s->wavefronts_ideal, (s->kind & PCT_SHARED) != 0 },
			{ "bytes", s->bytes, (s->kind & (PCT_GLOBAL | PCT_SHARED)) != 0 },
			{ "size_max", s->size_max, (s->kind & (PCT_GLOBAL | PCT_SHARED | PCT_LOCAL)) != 0 },
		};
		for (size_t c = 0; c < sizeof(cols) / sizeof(cols[0]); c++)
			if (cols[c].want)
				fprintf(tsv, "%s\t%llu\t%s\t%llu\n", kernel, (unsigned long long)off,
					cols[c].metric, cols[c].v);
		/* the request count under the name of its kind */
		fprintf(tsv, "%s\t%llu\t%s_requests\t%llu\n", kernel, (unsigned long long)off,
			kind_name(s->kind), s->warp_inst);
		rows++;
	}
	fprintf(stderr, "I %s: %d pcs patched and executed, warps entered %llu "
		"(warps launched %d, blocks %d), overflow %u%s%s\n", kernel, rows,
		t->warps_entered, GRID * BLOCK / 32, GRID, t->overflow,
		as_offset ? ", pcs given as offsets" : "",
		outside ? ", SOME PCS OUTSIDE THE FUNCTION" : "");
	return rows;
}

static int mode_sanitizer(const char *patches, FILE *tsv, FILE *times)
{
	struct pct_table *d_tab = NULL, *d_scratch = NULL, *h_tab = NULL;
	double tm = now(), t, patch_s;
	int rc = 1, modules, launches, errors, nrows = 0, counted = 0;

	if (sanpc_open(patches, stderr))
		return 3;
	t = now();
	if (!CU(cudaFree(0)) || buffers())
		goto out;
	fprintf(times, "sanitizer\t-\tcontext_s\t%.4f\n", now() - t);
	h_tab = (struct pct_table *)malloc(sizeof(*h_tab));
	if (!h_tab || !CU(cudaMalloc(&d_tab, sizeof(*d_tab))) ||
	    !CU(cudaMalloc(&d_scratch, sizeof(*d_scratch))))
		goto out;
	/* 1. each kernel's first launch counted into a table of its own */
	for (int k = 0; k < NKERNELS; k++) {
		double tk;

		if (!CU(cudaMemset(d_tab, 0, sizeof(*d_tab))) || !CU(cudaDeviceSynchronize()))
			goto out;
		sanpc_target(d_tab);
		tk = now();
		if (launch(k) || !CU(cudaDeviceSynchronize()))
			goto out;
		tk = now() - tk;
		sanpc_target(d_scratch);
		if (!CU(cudaMemcpy(h_tab, d_tab, sizeof(*h_tab), cudaMemcpyDeviceToHost)))
			goto out;
		int r = write_table(kernels[k].name, h_tab, tsv);

		nrows += r;
		counted += r > 0;
		fprintf(times, "sanitizer\t%s\tfirst_launch_s\t%.6f\n", kernels[k].name, tk);
		fprintf(times, "sanitizer\t%s\ttotal\t%.1f\n", kernels[k].name, total());
	}
	/* 2. patched, then unpatched, mean of 20 launches (scratch table) */
	for (int k = 0; k < NKERNELS; k++)
		fprintf(times, "sanitizer\t%s\tpatched_ms\t%.5f\n", kernels[k].name,
			time_ms(k, 20));
	t = now();
	if (sanpc_patch(0, stderr) == 0) {
		fprintf(times, "sanitizer\t-\tunpatch_s\t%.4f\n", now() - t);
		for (int k = 0; k < NKERNELS; k++)
			fprintf(times, "sanitizer\t%s\tunpatched_ms\t%.5f\n", kernels[k].name,
				time_ms(k, 20));
		t = now();
		if (sanpc_patch(1, stderr) == 0)
			fprintf(times, "sanitizer\t-\trepatch_s\t%.4f\n", now() - t);
	} else {
		fprintf(stderr, "W unpatching failed: no unpatched times in this process\n");
	}
	sanpc_stats(&patch_s, &modules, &launches, &errors);
	fprintf(times, "sanitizer\t-\tpatch_callbacks_s\t%.4f\n", patch_s);
	fprintf(times, "sanitizer\t-\tmodules\t%d\n", modules);
	fprintf(times, "sanitizer\t-\tlaunches_seen\t%d\n", launches);
	fprintf(times, "sanitizer\t-\tsanitizer_errors\t%d\n", errors);
	fprintf(times, "sanitizer\t-\tkernels_counted\t%d of %d\n", counted, NKERNELS);
	rc = nrows > 0 ? 0 : 1;
	if (!nrows)
		fprintf(stderr, "E no patched pc recorded for any kernel\n");
out:
	sanpc_target(NULL);
	cudaFree(d_tab);
	cudaFree(d_scratch);
	free(h_tab);
	fprintf(times, "sanitizer\t-\tmain_s\t%.4f\n", now() - tm);
	sanpc_close();
	return rc;
}
#else
static int mode_sanitizer(const char *patches, FILE *tsv, FILE *times)
{
	(void)patches;
	(void)tsv;
	(void)times;
	fprintf(stderr, "E built without the sanitizer headers (HAVE_SANITIZER unset)\n");
	return 3;
}
#endif

/* ---- mode cupti ----------------------------------------------------------- */

static int mode_cupti(int k, FILE *tsv, FILE *times)
{
	double tm = now(), t;
	size_t rows = 0;
	int rc;

	t = now();
	if (!CU(cudaFree(0)) || buffers())
		return 1;
	fprintf(times, "cupti\t%s\tcontext_s\t%.4f\n", kernels[k].name, now() - t);
	/* the process's own launches, all before the configuration */
	fprintf(times, "cupti\t%s\tplain_ms\t%.5f\n", kernels[k].name, time_ms(k, 20));
	t = now();
	if (cuptipc_begin(stderr)) {
		cuptipc_end(tsv, stderr, &rows);
		return 3;
	}
	if (launch(k) || !CU(cudaDeviceSynchronize()))
		rc = 1;
	else
		rc = 0;
	fprintf(times, "cupti\t%s\tcollected_launch_s\t%.6f\n", kernels[k].name, now() - t);
	if (cuptipc_end(tsv, stderr, &rows))
		rc = 1;
	fprintf(times, "cupti\t%s\ttotal\t%.1f\n", kernels[k].name, total());
	fprintf(times, "cupti\t%s\trows\t%zu\n", kernels[k].name, rows);
	fprintf(times, "cupti\t%s\tmain_s\t%.4f\n", kernels[k].name, now() - tm);
	if (!rows) {
		fprintf(stderr, "E CUPTI recorded nothing for %s\n", kernels[k].name);
		rc = 1;
	}
	return rc;
}

/* ---- main ----------------------------------------------------------------- */

static FILE *open_or_die(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(stderr, "E cannot write %s\n", path);
		exit(1);
	}
	return f;
}

int main(int argc, char **argv)
{
	FILE *tsv, *times;
	int rc, k;

	setvbuf(stderr, NULL, _IOLBF, 0);
	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (k = 0; k < NKERNELS; k++)
			printf("%s\t%s\n", kernels[k].name, kernels[k].teaches);
		return 0;
	}
	if (argc != 5 || (strcmp(argv[1], "sanitizer") && strcmp(argv[1], "cupti"))) {
		fprintf(stderr, "usage: probe list | probe sanitizer PATCHES OUT.tsv TIMES.tsv"
			" | probe cupti KERNEL OUT.tsv TIMES.tsv\n");
		return 2;
	}
	if (!strcmp(argv[1], "cupti") && (k = find_kernel(argv[2])) < 0) {
		fprintf(stderr, "E unknown kernel \"%s\" (probe list names them)\n", argv[2]);
		return 2;
	}
	tsv = open_or_die(argv[3]);
	times = open_or_die(argv[4]);
	if (!strcmp(argv[1], "sanitizer"))
		rc = mode_sanitizer(argv[2], tsv, times);
	else
		rc = mode_cupti(find_kernel(argv[2]), tsv, times);
	fclose(tsv);
	fclose(times);
	return rc;
}
