/* counters_stalls.cpp - where warps wait: CUPTI's PC sampling of the
 * measured run, per SASS instruction the samples by the state of the warp
 * sampled (cupti_pcsampling.h).  See counters_int.h; the per-line child
 * calls it before it configures the SASS metrics (counters_lines.cpp:
 * sampled after them, CUPTI handed over no sample), which add the samples
 * to the instructions' lines as metrics of their own (source_lines.c's stall_*
 * rows).
 *
 * The sampler is enabled on the context, configured (serialized kernels,
 * start/stop ranges, the parsed format, a data buffer of our own), and
 * the measured run launched between Start and Stop until enough samples
 * are in or a time is up; the range's data is then read with GetData
 * until none remains (reports/probes/pc-sampling/).  A function's name in
 * a record may be shared with other records and is CUPTI's to free at
 * the end: it is copied, never freed here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cupti_pcsampling.h>

#include "counters_int.h"

/* Instructions one GetData returns at most. */
#define STALL_PCS 4096
/* Launches of the run sampled, at most, and the seconds they may take;
 * the samples wanted before the launches stop.  At 20 launches, 0.3 s
 * and 20,000 samples the sampler took 0.45-0.75 s of each child of
 * default.yaml (an H100, 2026-12-06: 26 children, 5,800-70,700 samples
 * each), most of the per-line phase; a line's share of the samples, the
 * report's figure, needs a few thousand. */
#define STALL_MAX_LAUNCHES 4
#define STALL_MAX_SECONDS 0.1
#define STALL_ENOUGH 8000

/* The reasons CUPTI names, each with its slot among the wanted ones (-1:
 * not wanted). */
struct reasons {
	size_t n;
	uint32_t *index;
	char **name;
	int *slot;
};

static void reasons_free(struct reasons *r)
{
	for (size_t i = 0; r->name && i < r->n; i++)
		free(r->name[i]);
	free(r->name);
	free(r->index);
	free(r->slot);
	memset(r, 0, sizeof(*r));
}

static int reasons_get(CUcontext ctx, const char *const *want, size_t nwant,
		       struct reasons *r, char *why, size_t size)
{
	CUpti_PCSamplingGetNumStallReasonsParams np;
	CUpti_PCSamplingGetStallReasonsParams sp;

	memset(&np, 0, sizeof(np));
	np.size = CUpti_PCSamplingGetNumStallReasonsParamsSize;
	np.ctx = ctx;
	np.numStallReasons = &r->n;
	CUPTI_CHECK(cuptiPCSamplingGetNumStallReasons(&np), why, size);
	r->index = (uint32_t *)xcalloc(r->n + 1, sizeof(*r->index));
	r->name = (char **)xcalloc(r->n + 1, sizeof(*r->name));
	r->slot = (int *)xcalloc(r->n + 1, sizeof(*r->slot));
	for (size_t i = 0; i < r->n; i++)
		r->name[i] = (char *)xcalloc(CUPTI_STALL_REASON_STRING_SIZE, 1);
	memset(&sp, 0, sizeof(sp));
	sp.size = CUpti_PCSamplingGetStallReasonsParamsSize;
	sp.ctx = ctx;
	sp.numStallReasons = r->n;
	sp.stallReasonIndex = r->index;
	sp.stallReasons = r->name;
	CUPTI_CHECK(cuptiPCSamplingGetStallReasons(&sp), why, size);
	for (size_t i = 0; i < r->n; i++) {
		r->slot[i] = -1;
		for (size_t k = 0; k < nwant; k++)
			if (!strcmp(r->name[i], want[k]))
				r->slot[i] = (int)k;
	}
	return 0;
}

static int slot_of(const struct reasons *r, uint32_t index)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->index[i] == index)
			return r->slot[i];
	return -1;
}

/* A buffer for STALL_PCS instructions of n reasons each. */
static CUpti_PCSamplingData *buffer_new(size_t n)
{
	CUpti_PCSamplingData *d = (CUpti_PCSamplingData *)xcalloc(1, sizeof(*d));

	d->size = sizeof(CUpti_PCSamplingData);
	d->collectNumPcs = STALL_PCS;
	d->pPcData = (CUpti_PCSamplingPCData *)xcalloc(STALL_PCS,
						       sizeof(*d->pPcData));
	for (size_t i = 0; i < STALL_PCS; i++) {
		d->pPcData[i].size = sizeof(CUpti_PCSamplingPCData);
		d->pPcData[i].stallReason = (CUpti_PCSamplingStallReason *)
			xcalloc(n + 1, sizeof(CUpti_PCSamplingStallReason));
	}
	return d;
}

static void buffer_free(CUpti_PCSamplingData *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < STALL_PCS; i++)
		free(d->pPcData[i].stallReason);
	free(d->pPcData);
	free(d);
}

/* The instruction (symbol, crc, pc) of the list, added when new. */
static struct stall_pc *find(struct stall_pc **v, size_t *n, size_t *cap,
			     const char *symbol, uint64_t crc, uint32_t pc)
{
	for (size_t i = *n; i-- > 0;)
		if ((*v)[i].pc == pc && (*v)[i].crc == crc &&
		    !strcmp((*v)[i].symbol, symbol))
			return &(*v)[i];
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		*v = (struct stall_pc *)xrealloc(*v, *cap * sizeof(**v));
	}
	memset(&(*v)[*n], 0, sizeof(**v));
	(*v)[*n].symbol = xstrdup(symbol);
	(*v)[*n].crc = crc;
	(*v)[*n].pc = pc;
	return &(*v)[(*n)++];
}

/* Adds one buffer's instructions into the list; *got counts the samples
 * kept. */
static void take(const CUpti_PCSamplingData *d, const struct reasons *r,
		 struct stall_pc **v, size_t *n, size_t *cap, uint64_t *got)
{
	for (size_t i = 0; i < d->totalNumPcs && i < STALL_PCS; i++) {
		const CUpti_PCSamplingPCData *p = &d->pPcData[i];
		struct stall_pc *s = NULL;

		for (size_t k = 0; k < p->stallReasonCount; k++) {
			int slot = slot_of(r, p->stallReason[k].pcSamplingStallReasonIndex);

			if (slot < 0 || !p->stallReason[k].samples)
				continue;
			if (!s)
				s = find(v, n, cap, p->functionName ?
					 p->functionName : "", p->cubinCrc,
					 (uint32_t)p->pcOffset);
			s->samples[slot] += p->stallReason[k].samples;
			*got += p->stallReason[k].samples;
		}
	}
}

static int configure(CUcontext ctx, CUpti_PCSamplingData *data,
		     char *why, size_t size)
{
	CUpti_PCSamplingConfigurationInfo ci[6];
	CUpti_PCSamplingConfigurationInfoParams cp;

	memset(ci, 0, sizeof(ci));
	ci[0].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
	ci[0].attributeData.samplingPeriodData.samplingPeriod = STALL_PERIOD_LOG2;
	ci[1].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
	ci[1].attributeData.collectionModeData.collectionMode =
		CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED;
	ci[2].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
	ci[2].attributeData.enableStartStopControlData.enableStartStopControl = 1;
	ci[3].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT;
	ci[3].attributeData.outputDataFormatData.outputDataFormat =
		CUPTI_PC_SAMPLING_OUTPUT_DATA_FORMAT_PARSED;
	ci[4].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
	ci[4].attributeData.samplingDataBufferData.samplingDataBuffer = data;
	ci[5].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE;
	ci[5].attributeData.scratchBufferSizeData.scratchBufferSize = (size_t)8 << 20;
	memset(&cp, 0, sizeof(cp));
	cp.size = CUpti_PCSamplingConfigurationInfoParamsSize;
	cp.ctx = ctx;
	cp.numAttributes = 6;
	cp.pPCSamplingConfigurationInfo = ci;
	CUPTI_CHECK(cuptiPCSamplingSetConfigurationAttribute(&cp), why, size);
	return 0;
}

/* Reads what the last range left, until none remains. */
static int drain(CUcontext ctx, CUpti_PCSamplingData *buf,
		 const struct reasons *r, struct stall_pc **v, size_t *n,
		 size_t *cap, uint64_t *got, char *why, size_t size)
{
	for (int i = 0; i < 1000; i++) {
		CUpti_PCSamplingGetDataParams gp;

		memset(&gp, 0, sizeof(gp));
		gp.size = CUpti_PCSamplingGetDataParamsSize;
		gp.ctx = ctx;
		gp.pcSamplingData = buf;
		buf->totalNumPcs = 0;
		buf->remainingNumPcs = 0;
		CUPTI_CHECK(cuptiPCSamplingGetData(&gp), why, size);
		take(buf, r, v, n, cap, got);
		if (!buf->remainingNumPcs)
			return 0;
	}
	return 0;
}

/* The sampler of this process, while one is on: enabled and configured on
 * ctx for want's reasons (a sampler kept between runs: stalls_sample's
 * keep, stalls_end). */
static struct {
	bool on;
	CUcontext ctx;
	size_t nwant;
	struct reasons r;
	CUpti_PCSamplingData *stop_buf, *get_buf;
} S;

/* Disables the sampler; what Disable left in the configured buffer into
 * *v when v is given. */
static void session_off(struct stall_pc **v, size_t *n, uint64_t *got)
{
	CUpti_PCSamplingDisableParams dp;

	if (!S.on)
		return;
	memset(&dp, 0, sizeof(dp));
	dp.size = CUpti_PCSamplingDisableParamsSize;
	dp.ctx = S.ctx;
	cuptiPCSamplingDisable(&dp);
	if (v && S.stop_buf) {
		size_t cap = *n;

		take(S.stop_buf, &S.r, v, n, &cap, got);
	}
	buffer_free(S.stop_buf);
	buffer_free(S.get_buf);
	reasons_free(&S.r);
	memset(&S, 0, sizeof(S));
}

static int session_on(CUcontext ctx, const char *const *want, size_t nwant,
		      char *why, size_t size)
{
	CUpti_PCSamplingEnableParams ep;
	CUptiResult res;

	if (S.on && S.ctx == ctx && S.nwant == nwant)
		return 0;
	session_off(NULL, NULL, NULL);
	memset(&ep, 0, sizeof(ep));
	ep.size = CUpti_PCSamplingEnableParamsSize;
	ep.ctx = ctx;
	if ((res = cuptiPCSamplingEnable(&ep)) != CUPTI_SUCCESS)
		return cupti_fail(why, size, "cuptiPCSamplingEnable", res);
	S.on = true;
	S.ctx = ctx;
	S.nwant = nwant;
	if (reasons_get(ctx, want, nwant, &S.r, why, size))
		goto fail;
	S.stop_buf = buffer_new(S.r.n);
	S.get_buf = buffer_new(S.r.n);
	if (configure(ctx, S.stop_buf, why, size))
		goto fail;
	return 0;
fail:
	session_off(NULL, NULL, NULL);
	return -1;
}

/* The run launched between Start and Stop until enough samples are in or
 * the time is up, each range's data drained. */
static int ranges(const struct lines_run *run, struct stall_pc **v,
		  size_t *n, uint64_t *got, int *launches, char *why,
		  size_t size)
{
	CUpti_PCSamplingStartParams sp;
	CUpti_PCSamplingStopParams st;
	size_t cap = 0;
	double t0 = now_seconds();
	int err;

	for (int k = 0; k < STALL_MAX_LAUNCHES; k++) {
		if (run->prepare && (err = run->prepare(run->ctx)))
			return cuda_fail(why, size, "restoring the input", err);
		memset(&sp, 0, sizeof(sp));
		sp.size = CUpti_PCSamplingStartParamsSize;
		sp.ctx = S.ctx;
		CUPTI_CHECK(cuptiPCSamplingStart(&sp), why, size);
		err = run->launch(run->ctx);
		++*launches;
		memset(&st, 0, sizeof(st));
		st.size = CUpti_PCSamplingStopParamsSize;
		st.ctx = S.ctx;
		CUPTI_CHECK(cuptiPCSamplingStop(&st), why, size);
		if (err)
			return cuda_fail(why, size, "the sampled run", err);
		if (drain(S.ctx, S.get_buf, &S.r, v, n, &cap, got, why, size))
			return -1;
		if (*got >= STALL_ENOUGH || now_seconds() - t0 > STALL_MAX_SECONDS)
			break;
	}
	/* what a Stop left in the configured buffer, if anything: taken
	 * now when the sampler stays on for the next run */
	cap = *n;
	take(S.stop_buf, &S.r, v, n, &cap, got);
	S.stop_buf->totalNumPcs = 0;
	S.stop_buf->remainingNumPcs = 0;
	return 0;
}

extern "C" int stalls_sample(void *cuctx, const struct lines_run *run,
			     const char *const *want, size_t nwant, bool keep,
			     struct stall_pc **out, size_t *nout, char *why,
			     size_t size)
{
	CUcontext ctx = (CUcontext)cuctx;
	uint64_t got = 0;
	double t0 = now_seconds(), t_on;
	int rc, launches = 0;

	*out = NULL;
	*nout = 0;
	if (nwant > LINES_MAX_METRICS) {
		why_printf(why, size, "more stall reasons than a line holds");
		return -1;
	}
	if (session_on(ctx, want, nwant, why, size))
		return -1;
	t_on = now_seconds();
	rc = ranges(run, out, nout, &got, &launches, why, size);
	if (!keep || rc)
		session_off(rc ? NULL : out, nout, &got);
	if (env_flag("CULAB_RUN_TRACE"))
		fprintf(stderr, "culab: run:   stalls       %.3f s  %llu samples "
			"in %d launches (enable %.3f s)\n", now_seconds() - t0,
			(unsigned long long)got, launches, t_on - t0);
	if (rc) {
		stalls_free(*out, *nout);
		*out = NULL;
		*nout = 0;
	}
	return rc;
}

extern "C" void stalls_end(void)
{
	session_off(NULL, NULL, NULL);
}

extern "C" void stalls_free(struct stall_pc *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].symbol);
	free(v);
}
