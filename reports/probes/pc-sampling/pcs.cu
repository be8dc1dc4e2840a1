/* pcs.cu - CUPTI PC sampling in one process for many kernels: per SASS pc,
 * the samples by stall reason (issue 46, item 4: "where warps wait").  A
 * probe, not part of culab.
 *
 *   pcs list                         the stall reasons this GPU names
 *   pcs plain                        every kernel once, nothing attached
 *                                    (for ncu's source page)
 *   pcs sample PERIOD REPS OUT.tsv TIMES.tsv
 *                                    sampling enabled once; per kernel a
 *                                    start/stop range around REPS launches,
 *                                    its data drained after the stop
 *   pcs sass-then-sample PERIOD REPS OUT.tsv TIMES.tsv
 *                                    the same after CUPTI's SASS metrics
 *                                    collected the first kernel (as in a
 *                                    culab per-line child)
 *
 * Rows of OUT.tsv: kernel <TAB> pc offset <TAB> stall reason <TAB> samples.
 * Rows of TIMES.tsv: kernel <TAB> what <TAB> value.  Log lines (stderr)
 * start with I, W or E.  Exit 0 ok, 1 failed, 2 usage, 3 refused (the
 * CUPTI result is printed: INSUFFICIENT_PRIVILEGES is the admin wall). */
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_pcsampling.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../sanitizer-patch/collect.h"
#include "../sanitizer-patch/kernels.cuh"

#define MAX_PCS 4096

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int refused;

static int ck(CUptiResult r, const char *what)
{
	const char *s = NULL;

	if (r == CUPTI_SUCCESS)
		return 1;
	cuptiGetResultString(r, &s);
	fprintf(stderr, "E %s -> %s (%d)\n", what, s ? s : "?", (int)r);
	if (r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
		refused = 1;
	return 0;
}
#define CK(x) ck((x), #x)

static int cu(cudaError_t e, const char *what)
{
	if (e == cudaSuccess)
		return 1;
	fprintf(stderr, "E %s -> %s\n", what, cudaGetErrorName(e));
	return 0;
}
#define CU(x) cu((x), #x)

static float *d_in, *d_out;

static int setup(void)
{
	float *h = (float *)malloc((size_t)N * sizeof(float));
	int ok;

	if (!h)
		return -1;
	for (int i = 0; i < N; i++)
		h[i] = (float)(i % 7) * 0.25f;
	ok = CU(cudaFree(0)) && CU(cudaMalloc(&d_in, (size_t)N * sizeof(float))) &&
	     CU(cudaMalloc(&d_out, (size_t)GRID * sizeof(float))) &&
	     CU(cudaMemcpy(d_in, h, (size_t)N * sizeof(float), cudaMemcpyHostToDevice));
	free(h);
	return ok ? 0 : -1;
}

static double run(int k, int reps)
{
	double t = now();

	for (int r = 0; r < reps; r++)
		kernels[k].fn<<<GRID, BLOCK>>>(d_in, d_out);
	if (!CU(cudaGetLastError()) || !CU(cudaDeviceSynchronize()))
		return -1;
	return now() - t;
}

/* the stall reasons' names, by index */
static size_t nreasons;
static uint32_t *reason_id;
static char **reason_name;

static int reasons(CUcontext ctx)
{
	CUpti_PCSamplingGetNumStallReasonsParams np = { CUpti_PCSamplingGetNumStallReasonsParamsSize };
	CUpti_PCSamplingGetStallReasonsParams sp = { CUpti_PCSamplingGetStallReasonsParamsSize };

	np.ctx = ctx;
	np.numStallReasons = &nreasons;
	if (!CK(cuptiPCSamplingGetNumStallReasons(&np)))
		return -1;
	reason_id = (uint32_t *)calloc(nreasons, sizeof(*reason_id));
	reason_name = (char **)calloc(nreasons, sizeof(*reason_name));
	for (size_t i = 0; i < nreasons; i++)
		reason_name[i] = (char *)calloc(CUPTI_STALL_REASON_STRING_SIZE, 1);
	sp.ctx = ctx;
	sp.numStallReasons = nreasons;
	sp.stallReasonIndex = reason_id;
	sp.stallReasons = reason_name;
	return CK(cuptiPCSamplingGetStallReasons(&sp)) ? 0 : -1;
}

static const char *reason_of(uint32_t id)
{
	for (size_t i = 0; i < nreasons; i++)
		if (reason_id[i] == id)
			return reason_name[i];
	return "?";
}

static CUpti_PCSamplingData *data_buffer(void)
{
	CUpti_PCSamplingData *d = (CUpti_PCSamplingData *)calloc(1, sizeof(*d));

	d->size = sizeof(CUpti_PCSamplingData);
	d->collectNumPcs = MAX_PCS;
	d->pPcData = (CUpti_PCSamplingPCData *)calloc(MAX_PCS, sizeof(CUpti_PCSamplingPCData));
	for (size_t i = 0; i < MAX_PCS; i++) {
		d->pPcData[i].size = sizeof(CUpti_PCSamplingPCData);
		d->pPcData[i].stallReason = (CUpti_PCSamplingStallReason *)
			calloc(nreasons, sizeof(CUpti_PCSamplingStallReason));
	}
	return d;
}

/* Writes the rows of one buffer; returns the samples written. */
static unsigned long long write_rows(const char *label, CUpti_PCSamplingData *d, FILE *tsv,
				     unsigned long long *other)
{
	unsigned long long n = 0;

	for (size_t i = 0; i < d->totalNumPcs; i++) {
		CUpti_PCSamplingPCData *p = &d->pPcData[i];
		const char *fn = p->functionName ? p->functionName : "?";

		for (size_t r = 0; r < p->stallReasonCount; r++) {
			if (!p->stallReason[r].samples)
				continue;
			fprintf(tsv, "%s\t%llu\t%s\t%u\n", fn, (unsigned long long)p->pcOffset,
				reason_of(p->stallReason[r].pcSamplingStallReasonIndex),
				p->stallReason[r].samples);
			n += p->stallReason[r].samples;
			if (strcmp(fn, label))
				*other += p->stallReason[r].samples;
		}
		/* the name may be shared by every record of the function:
		 * CUPTI says free it after all records are read; a probe
		 * leaves it */
		p->functionName = NULL;
	}
	return n;
}

/* sass: first collect kernel 0 with CUPTI's SASS metrics in this process
 * (configure, enable, one launch, flush, disable, unconfigure), as a
 * culab per-line child does, then sample: can the two share a process? */
static int mode_sample(unsigned period, int reps, FILE *tsv, FILE *times, bool sass)
{
	CUcontext ctx;
	CUpti_PCSamplingEnableParams ep = { CUpti_PCSamplingEnableParamsSize };
	CUpti_PCSamplingDisableParams dp = { CUpti_PCSamplingDisableParamsSize };
	CUpti_PCSamplingConfigurationInfo ci[6];
	CUpti_PCSamplingConfigurationInfoParams cp = { CUpti_PCSamplingConfigurationInfoParamsSize };
	CUpti_PCSamplingData *stop_buf, *get_buf;
	double t0 = now(), t;
	int rc = 1;

	if (setup() || cuCtxGetCurrent(&ctx) != CUDA_SUCCESS)
		return 1;
	/* plain times first, nothing of CUPTI attached */
	for (int k = 0; k < NKERNELS; k++) {
		run(k, 1);
		fprintf(times, "%s\tplain_s\t%.6f\n", kernels[k].name, run(k, reps));
	}
	if (sass) {
		size_t rows = 0;
		FILE *sink = fopen("/dev/null", "w");

		t = now();
		if (cuptipc_begin(stderr) == 0 && run(0, 1) >= 0 &&
		    cuptipc_end(sink, stderr, &rows) == 0)
			fprintf(stderr, "I SASS metrics first: %zu rows of %s in %.4f s\n",
				rows, kernels[0].name, now() - t);
		else
			fprintf(stderr, "E SASS metrics first: failed\n");
		fclose(sink);
	}
	t = now();
	ep.ctx = ctx;
	if (!CK(cuptiPCSamplingEnable(&ep)))
		return refused ? 3 : 1;
	if (reasons(ctx))
		goto out;
	fprintf(stderr, "I %zu stall reasons; enable + names %.4f s\n", nreasons, now() - t);
	stop_buf = data_buffer();
	get_buf = data_buffer();
	memset(ci, 0, sizeof(ci));
	ci[0].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
	ci[0].attributeData.samplingPeriodData.samplingPeriod = period;
	ci[1].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
	ci[1].attributeData.collectionModeData.collectionMode =
		CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED;
	ci[2].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
	ci[2].attributeData.enableStartStopControlData.enableStartStopControl = 1;
	ci[3].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT;
	ci[3].attributeData.outputDataFormatData.outputDataFormat =
		CUPTI_PC_SAMPLING_OUTPUT_DATA_FORMAT_PARSED;
	ci[4].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
	ci[4].attributeData.samplingDataBufferData.samplingDataBuffer = stop_buf;
	ci[5].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE;
	ci[5].attributeData.scratchBufferSizeData.scratchBufferSize = (size_t)8 << 20;
	cp.ctx = ctx;
	cp.numAttributes = 6;
	cp.pPCSamplingConfigurationInfo = ci;
	if (!CK(cuptiPCSamplingSetConfigurationAttribute(&cp))) {
		for (int i = 0; i < 6; i++)
			if (ci[i].attributeStatus != CUPTI_SUCCESS)
				fprintf(stderr, "E attribute %d refused (%d)\n",
					(int)ci[i].attributeType, (int)ci[i].attributeStatus);
		goto out;
	}
	for (int k = 0; k < NKERNELS; k++) {
		CUpti_PCSamplingStartParams sp = { CUpti_PCSamplingStartParamsSize };
		CUpti_PCSamplingStopParams st = { CUpti_PCSamplingStopParamsSize };
		CUpti_PCSamplingGetDataParams gp = { CUpti_PCSamplingGetDataParamsSize };
		unsigned long long samples = 0, other = 0, total = 0, dropped = 0;
		double ts, tr, td;
		int drains = 0;

		sp.ctx = st.ctx = gp.ctx = ctx;
		ts = now();
		if (!CK(cuptiPCSamplingStart(&sp)))
			goto out;
		tr = run(k, reps);
		if (!CK(cuptiPCSamplingStop(&st)))
			goto out;
		td = now();
		/* after a stop, the range's data is read with GetData until none remains */
		for (;;) {
			gp.pcSamplingData = get_buf;
			get_buf->totalNumPcs = 0;
			if (!CK(cuptiPCSamplingGetData(&gp)))
				break;
			drains++;
			samples += write_rows(kernels[k].name, get_buf, tsv, &other);
			total += get_buf->totalSamples;
			dropped += get_buf->droppedSamples;
			if (get_buf->hardwareBufferFull)
				fprintf(stderr, "W %s: hardware buffer full\n", kernels[k].name);
			if (!get_buf->remainingNumPcs)
				break;
		}
		td = now() - td;
		fprintf(times, "%s\tsampled_s\t%.6f\n", kernels[k].name, tr);
		fprintf(times, "%s\trange_s\t%.6f\n", kernels[k].name, now() - ts);
		fprintf(times, "%s\tdrain_s\t%.6f\n", kernels[k].name, td);
		fprintf(times, "%s\tdrains\t%d\n", kernels[k].name, drains);
		fprintf(times, "%s\tsamples_in_rows\t%llu\n", kernels[k].name, samples);
		fprintf(times, "%s\tsamples_of_other_functions\t%llu\n", kernels[k].name, other);
		fprintf(times, "%s\ttotal_samples\t%llu\n", kernels[k].name, total);
		fprintf(times, "%s\tdropped_samples\t%llu\n", kernels[k].name, dropped);
		fprintf(stderr, "I %s: %llu samples in rows (%llu of other functions), "
			"total %llu, dropped %llu, %d drains, %.4f s range\n", kernels[k].name,
			samples, other, total, dropped, drains, now() - ts);
	}
	rc = 0;
out:
	dp.ctx = ctx;
	CK(cuptiPCSamplingDisable(&dp));
	fprintf(times, "-\tprocess_s\t%.4f\n", now() - t0);
	return rc;
}

int main(int argc, char **argv)
{
	FILE *tsv, *times;
	int rc;

	setvbuf(stderr, NULL, _IOLBF, 0);
	if (argc == 2 && !strcmp(argv[1], "plain")) {
		if (setup())
			return 1;
		for (int k = 0; k < NKERNELS; k++)
			if (run(k, 1) < 0)
				return 1;
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "list")) {
		CUcontext ctx;
		CUpti_PCSamplingEnableParams ep = { CUpti_PCSamplingEnableParamsSize };
		CUpti_PCSamplingDisableParams dp = { CUpti_PCSamplingDisableParamsSize };

		if (setup() || cuCtxGetCurrent(&ctx) != CUDA_SUCCESS)
			return 1;
		ep.ctx = dp.ctx = ctx;
		if (!CK(cuptiPCSamplingEnable(&ep)))
			return refused ? 3 : 1;
		if (reasons(ctx))
			return 1;
		for (size_t i = 0; i < nreasons; i++)
			printf("%u\t%s\n", reason_id[i], reason_name[i]);
		CK(cuptiPCSamplingDisable(&dp));
		return 0;
	}
	if (argc != 6 || (strcmp(argv[1], "sample") && strcmp(argv[1], "sass-then-sample"))) {
		fprintf(stderr, "usage: pcs list | pcs plain | pcs {sample|sass-then-sample} "
			"PERIOD REPS OUT.tsv TIMES.tsv\n");
		return 2;
	}
	tsv = fopen(argv[4], "w");
	times = fopen(argv[5], "w");
	if (!tsv || !times) {
		fprintf(stderr, "E cannot write %s or %s\n", argv[4], argv[5]);
		return 1;
	}
	rc = mode_sample((unsigned)atoi(argv[2]), atoi(argv[3]), tsv, times,
			 !strcmp(argv[1], "sass-then-sample"));
	fclose(tsv);
	fclose(times);
	return rc;
}
