/* counters_lines.cpp - counters per source line, CUPTI's side: the SASS
 * metrics of one measured launch, and each instruction mapped to its file
 * and line.  See counters.h; the table, the sums and the launches they
 * are of are source_lines.c's.
 *
 * What it stands on (docs/per-line.md, probed on an H200 with CUPTI 13.0):
 *  - cuptiSassMetricsEnable with lazy patching collects a function at its
 *    first launch in the enable range (cupti_sass_metrics.h), and only the
 *    first kernel launched after Enable produced records; a second range
 *    in the same process recorded nothing.  So a process collects once
 *    (lines_collect refuses a second time), and the metrics are enabled
 *    right before the measured run, after every kernel culab launches of
 *    its own.
 *  - A record is an instruction's function (mangled), its offset and the
 *    CRC of its cubin, with a value per metric and instance (one instance
 *    with GPU granularity; a record may carry some of the metrics only:
 *    values are added into the instruction's slot of their metric).
 *  - cuptiGetSassToSourceCorrelation maps (cubin, function, offset) to a
 *    file and line without a GPU, given the cubin, which only the
 *    module-loaded callback hands over: lines_open keeps every cubin the
 *    process loads from its start (the callback comes through the one
 *    subscription launch_watch.cpp holds).
 *  - The profiler is initialized before the first kernel launch
 *    (lines_prepare), as NVIDIA's samples do; the metrics are configured
 *    there too.
 * The measured run's launches are recorded (function and warps) through
 * the launch watch's attached handler, so that lines_aggregate can tell
 * which launches the counts are of.  culab's per-line child collects no
 * kernel-level counters, so the handler is free there. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cupti_pcsampling.h>
#include <cupti_profiler_target.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>

#include "counters_int.h"

/* Machine code kept at most: culab's own kernels are a few MB. */
#define MAX_CUBIN_BYTES (1024ul << 20)
/* Launches of the measured run recorded at most. */
#define MAX_LAUNCHES 4096

typedef CUresult (*ctx_get_current_fn)(CUcontext *);
typedef CUresult (*ctx_get_device_fn)(CUdevice *);

struct cubin {
	unsigned char *data;
	size_t size;
	bool crc_known;
	uint32_t crc;
};

static struct {
	bool open;                      /* keeping modules */
	char *why;                      /* why lines cannot be collected */
	struct cubin *cubins;
	size_t ncubins, bytes;
	bool dropped;                   /* past MAX_CUBIN_BYTES: the
					   lines of later modules are unknown */
	/* lines_prepare */
	bool prepared, profiler, configured;
	char *chip;                     /* configured at the measured run */
	int device;
	CUcontext ctx;
	size_t nmetrics;
	uint64_t ids[LINES_MAX_METRICS];
	const char *names[LINES_MAX_METRICS];
	bool collected;                 /* once per process */
	/* where warps wait, sampled ahead (lines_sample) or by
	 * lines_collect: stalls[k]'s samples under alias[k] */
	bool sampled;
	struct stall_pc *stalls;
	size_t nstalls, nalias;
	const char *alias[LINES_MAX_METRICS];
	/* the measured run's launches */
	bool recording;
	struct lines_launch_rec *launches;
	size_t nlaunches;
} LN;

/* ---- modules and launches ------------------------------------------------ */

static void on_module(void *user, const void *cubin, size_t size)
{
	struct cubin *c;

	(void)user;
	if (LN.bytes + size > MAX_CUBIN_BYTES) {
		LN.dropped = true;
		return;
	}
	LN.cubins = (struct cubin *)xrealloc(LN.cubins, (LN.ncubins + 1) *
					     sizeof(*LN.cubins));
	c = &LN.cubins[LN.ncubins++];
	c->data = (unsigned char *)xcalloc(1, size);
	memcpy(c->data, cubin, size);
	c->size = size;
	c->crc_known = false;
	LN.bytes += size;
}

static void on_launch(void *user, int domain, unsigned cbid, const void *data)
{
	const CUpti_CallbackData *d = (const CUpti_CallbackData *)data;
	struct lines_launch_rec *r;
	uint64_t blocks = 0;
	unsigned threads = 0;

	(void)user;
	(void)domain;
	if (!LN.recording || !d || d->callbackSite != CUPTI_API_ENTER ||
	    LN.nlaunches >= MAX_LAUNCHES)
		return;
	LN.launches = (struct lines_launch_rec *)xrealloc(LN.launches,
		(LN.nlaunches + 1) * sizeof(*LN.launches));
	r = &LN.launches[LN.nlaunches++];
	r->symbol = xstrdup(d->symbolName ? d->symbolName : "");
	r->warps = launch_watch_grid(cbid, d->functionParams, &blocks, &threads) ?
		   blocks * ((threads + 31) / 32) : 0;
}

static void launches_clear(void)
{
	for (size_t i = 0; i < LN.nlaunches; i++)
		free((char *)LN.launches[i].symbol);
	free(LN.launches);
	LN.launches = NULL;
	LN.nlaunches = 0;
}

extern "C" int lines_open(char *why, size_t whysize)
{
	char reason[1024];
	int r;

	free(LN.why);
	LN.why = NULL;
#ifdef CUPTI_UNUSABLE
	why_printf(reason, sizeof(reason), "%s", CUPTI_UNUSABLE);
	LN.why = xstrdup(reason);
	why_printf(why, whysize, "%s", reason);
	return -1;
#endif
	r = launch_watch_modules(on_module, NULL);
	if (r) {
		cupti_fail(reason, sizeof(reason), "keeping the modules loaded "
			   "(cuptiSubscribe, cuptiEnableCallback)", (CUptiResult)r);
		LN.why = xstrdup(reason);
		why_printf(why, whysize, "%s", reason);
		return -1;
	}
	LN.open = true;
	return 0;
}

extern "C" void lines_close(void)
{
	stalls_end();
	if (LN.configured) {
		CUpti_SassMetricsUnsetConfig_Params u;

		memset(&u, 0, sizeof(u));
		u.structSize = CUpti_SassMetricsUnsetConfig_Params_STRUCT_SIZE;
		u.deviceIndex = (uint32_t)LN.device;
		cuptiSassMetricsUnsetConfig(&u);
	}
	if (LN.profiler) {
		CUpti_Profiler_DeInitialize_Params d;

		memset(&d, 0, sizeof(d));
		d.structSize = CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE;
		cuptiProfilerDeInitialize(&d);
	}
	if (LN.open)
		launch_watch_modules(NULL, NULL);
	for (size_t i = 0; i < LN.ncubins; i++)
		free(LN.cubins[i].data);
	free(LN.cubins);
	launches_clear();
	stalls_free(LN.stalls, LN.nstalls);
	free(LN.why);
	free(LN.chip);
	memset(&LN, 0, sizeof(LN));
}

/* ---- preparing ------------------------------------------------------------- */

static int driver_function(const char *symbol, void **fn, char *why, size_t size)
{
	cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
	cudaError_t e;

	*fn = NULL;
	/* 12000: the ABI these functions have had since CUDA 12.0 */
	e = cudaGetDriverEntryPointByVersion(symbol, fn, 12000, cudaEnableDefault, &q);
	if (e != cudaSuccess)
		return cuda_fail(why, size, "cudaGetDriverEntryPointByVersion", (int)e);
	if (q != cudaDriverEntryPointSuccess || !*fn) {
		why_printf(why, size, "the CUDA driver does not provide %s", symbol);
		return -1;
	}
	return 0;
}

/* The context and the device's support of SASS metrics. */
static int device_steps(int device, CUdevice *dev, char *why, size_t size)
{
	CUpti_Profiler_DeviceSupported_Params p;
	ctx_get_current_fn get_ctx;
	ctx_get_device_fn get_dev;
	cudaError_t e;

	if ((e = cudaSetDevice(device)) != cudaSuccess ||
	    (e = cudaFree(0)) != cudaSuccess)
		return cuda_fail(why, size, "making the device's context", (int)e);
	if (driver_function("cuCtxGetCurrent", (void **)&get_ctx, why, size) ||
	    driver_function("cuCtxGetDevice", (void **)&get_dev, why, size))
		return -1;
	if (get_ctx(&LN.ctx) != CUDA_SUCCESS || !LN.ctx ||
	    get_dev(dev) != CUDA_SUCCESS) {
		why_printf(why, size, "no current CUDA context");
		return -1;
	}
	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_Profiler_DeviceSupported_Params_STRUCT_SIZE;
	p.cuDevice = *dev;
	p.api = CUPTI_PROFILER_SASS_METRICS;
	CUPTI_CHECK(cuptiProfilerDeviceSupported(&p), why, size);
	if (p.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED) {
		why_printf(why, size, "CUPTI cannot collect SASS metrics on this "
			   "device (architecture %d, virtual GPU %d, confidential "
			   "computing %d, WSL %d: 1 is unsupported, 2 disabled)",
			   (int)p.architecture, (int)p.vGpu,
			   (int)p.confidentialCompute, (int)p.wsl);
		return -1;
	}
	return 0;
}

/* The table's metrics this chip has, configured. */
static int config_steps(const char *chip, char *why, size_t size)
{
	CUpti_SassMetrics_Config cfg[LINES_MAX_METRICS];
	CUpti_SassMetricsSetConfig_Params sc;
	const struct line_metric *t;
	size_t n;

	t = lines_metrics(&n);
	LN.nmetrics = 0;
	for (size_t i = 0; i < n && LN.nmetrics < LINES_MAX_METRICS; i++) {
		CUpti_SassMetrics_GetProperties_Params pp;

		if (!t[i].sass)
			continue;       /* PC sampling's: collect_steps */
		memset(&pp, 0, sizeof(pp));
		pp.structSize = CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE;
		pp.pChipName = chip;
		pp.pMetricName = t[i].sass;
		if (cuptiSassMetricsGetProperties(&pp) != CUPTI_SUCCESS)
			continue;       /* not on this chip: left out */
		cfg[LN.nmetrics].metricId = pp.metric.metricId;
		cfg[LN.nmetrics].outputGranularity =
			CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU;
		LN.ids[LN.nmetrics] = pp.metric.metricId;
		LN.names[LN.nmetrics++] = t[i].name;
	}
	if (!LN.nmetrics) {
		why_printf(why, size, "CUPTI knows none of culab's SASS metrics "
			   "for chip %s", chip);
		return -1;
	}
	memset(&sc, 0, sizeof(sc));
	sc.structSize = CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE;
	sc.numOfMetricConfig = LN.nmetrics;
	sc.pConfigs = cfg;
	sc.deviceIndex = (uint32_t)LN.device;
	CUPTI_CHECK(cuptiSassMetricsSetConfig(&sc), why, size);
	LN.configured = true;
	return 0;
}

static int prepare_steps(int device, char *why, size_t size)
{
	CUpti_Profiler_Initialize_Params init;
	CUpti_Device_GetChipName_Params chip;
	CUdevice dev;

	if (!LN.open) {
		why_printf(why, size, "%s", LN.why ? LN.why :
			   "the modules loaded were not kept (lines_open)");
		return -1;
	}
	LN.device = device;
	if (device_steps(device, &dev, why, size))
		return -1;
	memset(&init, 0, sizeof(init));
	init.structSize = CUpti_Profiler_Initialize_Params_STRUCT_SIZE;
	CUPTI_CHECK(cuptiProfilerInitialize(&init), why, size);
	LN.profiler = true;
	memset(&chip, 0, sizeof(chip));
	chip.structSize = CUpti_Device_GetChipName_Params_STRUCT_SIZE;
	chip.deviceIndex = (size_t)device;
	CUPTI_CHECK(cuptiDeviceGetChipName(&chip), why, size);
	LN.chip = xstrdup(chip.pChipName ? chip.pChipName : "?");
	return 0;
}

extern "C" int lines_prepare(int device, char *why, size_t whysize)
{
	char reason[1024];

	if (LN.prepared)
		return 0;
	if (prepare_steps(device, reason, sizeof(reason)) == 0) {
		LN.prepared = true;
		return 0;
	}
	free(LN.why);
	LN.why = xstrdup(reason);
	why_printf(why, whysize, "%s", reason);
	return -1;
}

/* ---- lines ---------------------------------------------------------------- */

extern "C" int lines_correlate(const void *cubin, size_t size,
			       const char *symbol, uint32_t pc, char **dir,
			       char **file, int *line)
{
	CUpti_GetSassToSourceCorrelationParams p;

	*dir = *file = NULL;
	*line = 0;
#ifdef CUPTI_UNUSABLE
	/* works, but keeps a cache LeakSanitizer reports */
	(void)p;
	(void)cubin;
	(void)size;
	(void)symbol;
	(void)pc;
	return -1;
#endif
	memset(&p, 0, sizeof(p));
	p.size = CUpti_GetSassToSourceCorrelationParamsSize;
	p.cubin = cubin;
	p.cubinSize = size;
	p.functionName = symbol;
	p.pcOffset = pc;
	if (!cubin || !size || !symbol ||
	    cuptiGetSassToSourceCorrelation(&p) != CUPTI_SUCCESS)
		return -1;
	/* CUPTI allocates both with malloc: the caller frees them */
	*dir = p.dirName;
	*file = p.fileName;
	*line = (int)p.lineNumber;
	if (!p.fileName || !*p.fileName || !p.lineNumber) {
		free(*dir);
		free(*file);
		*dir = *file = NULL;
		*line = 0;
		return -1;
	}
	return 0;
}

static uint32_t cubin_crc(struct cubin *c)
{
	CUpti_GetCubinCrcParams p;

	if (c->crc_known)
		return c->crc;
	memset(&p, 0, sizeof(p));
	p.size = CUpti_GetCubinCrcParamsSize;
	p.cubin = c->data;
	p.cubinSize = c->size;
	c->crc = cuptiGetCubinCrc(&p) == CUPTI_SUCCESS ? (uint32_t)p.cubinCrc : 0;
	c->crc_known = true;
	return c->crc;
}

/* The line of one instruction: in the cubin of its CRC, else in any
 * cubin that has its function.  *file NULL when none has a line. */
static void where(uint32_t crc, const char *symbol, uint32_t pc, char **file,
		  int *line, const char *cwd)
{
	char *d = NULL, *f = NULL;

	*file = NULL;
	*line = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < LN.ncubins; i++) {
			struct cubin *c = &LN.cubins[i];

			if ((pass == 0) != (cubin_crc(c) == crc))
				continue;
			if (lines_correlate(c->data, c->size, symbol, pc, &d, &f,
					    line) == 0) {
				*file = lines_file_name(d, f, lines_build_root(), cwd);
				free(d);
				free(f);
				return;
			}
		}
}

/* One instruction and its values, as records add up. */
struct pc_acc {
	char *symbol;
	uint32_t pc, crc;
	double values[LINES_MAX_METRICS];
};

/* The records in the order of their instruction: function, cubin, pc. */
static const CUpti_SassMetrics_Data *sort_data;

static int record_order(const void *x, const void *y)
{
	const CUpti_SassMetrics_Data *a = &sort_data[*(const size_t *)x];
	const CUpti_SassMetrics_Data *b = &sort_data[*(const size_t *)y];
	int c = strcmp(a->functionName ? a->functionName : "",
		       b->functionName ? b->functionName : "");

	if (c)
		return c;
	if (a->cubinCrc != b->cubinCrc)
		return a->cubinCrc < b->cubinCrc ? -1 : 1;
	return a->pcOffset < b->pcOffset ? -1 : a->pcOffset > b->pcOffset;
}

/* The instructions of the flushed records, each once: a record may carry
 * some metrics of an instruction, another record the rest. */
static struct pc_acc *instructions(const CUpti_SassMetrics_Data *data,
				   size_t nrec, size_t ninst, size_t *n)
{
	struct pc_acc *acc = (struct pc_acc *)xcalloc(nrec ? nrec : 1,
						     sizeof(*acc));
	size_t *order = (size_t *)xcalloc(nrec ? nrec : 1, sizeof(*order));

	for (size_t i = 0; i < nrec; i++)
		order[i] = i;
	sort_data = data;
	qsort(order, nrec, sizeof(*order), record_order);
	sort_data = NULL;
	*n = 0;
	for (size_t k = 0; k < nrec; k++) {
		const CUpti_SassMetrics_Data *d = &data[order[k]];
		const char *sym = d->functionName ? d->functionName : "";
		struct pc_acc *a = *n ? &acc[*n - 1] : NULL;

		if (!a || a->pc != d->pcOffset || a->crc != d->cubinCrc ||
		    strcmp(a->symbol, sym)) {
			a = &acc[(*n)++];
			a->symbol = xstrdup(sym);
			a->pc = d->pcOffset;
			a->crc = d->cubinCrc;
		}
		for (size_t j = 0; j < ninst && d->pInstanceValues; j++)
			for (size_t m = 0; m < LN.nmetrics; m++)
				if (d->pInstanceValues[j].metricId == LN.ids[m])
					a->values[m] +=
						(double)d->pInstanceValues[j].value;
	}
	free(order);
	return acc;
}

/* Flushes what the measured run recorded: *acc, its instructions. */
static int flush_steps(struct pc_acc **acc_out, size_t *nout, char *why,
		       size_t size)
{
	CUpti_SassMetricsGetDataProperties_Params dp;
	CUpti_SassMetricsFlushData_Params fp;
	CUpti_SassMetrics_Data *data;
	CUpti_SassMetrics_InstanceValue *vals;
	CUptiResult r;

	*acc_out = NULL;
	*nout = 0;
	memset(&dp, 0, sizeof(dp));
	dp.structSize = CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE;
	dp.ctx = LN.ctx;
	CUPTI_CHECK(cuptiSassMetricsGetDataProperties(&dp), why, size);
	if (!dp.numOfPatchedInstructionRecords || !dp.numOfInstances) {
		why_printf(why, size, "CUPTI's SASS metrics recorded no "
			   "instruction of the measured run (%zu kernel "
			   "launch%s)", LN.nlaunches, LN.nlaunches == 1 ? "" :
			   "es");
		return -1;
	}
	data = (CUpti_SassMetrics_Data *)xcalloc(dp.numOfPatchedInstructionRecords,
						 sizeof(*data));
	vals = (CUpti_SassMetrics_InstanceValue *)xcalloc(
		dp.numOfPatchedInstructionRecords * dp.numOfInstances,
		sizeof(*vals));
	for (size_t i = 0; i < dp.numOfPatchedInstructionRecords; i++) {
		data[i].structSize = sizeof(CUpti_SassMetrics_Data);
		data[i].pInstanceValues = &vals[i * dp.numOfInstances];
	}
	memset(&fp, 0, sizeof(fp));
	fp.structSize = CUpti_SassMetricsFlushData_Params_STRUCT_SIZE;
	fp.ctx = LN.ctx;
	fp.numOfPatchedInstructionRecords = dp.numOfPatchedInstructionRecords;
	fp.numOfInstances = dp.numOfInstances;
	fp.pMetricsData = data;
	r = cuptiSassMetricsFlushData(&fp);
	if (r != CUPTI_SUCCESS) {
		free(data);
		free(vals);
		return cupti_fail(why, size, "cuptiSassMetricsFlushData", r);
	}
	*acc_out = instructions(data, dp.numOfPatchedInstructionRecords,
				dp.numOfInstances, nout);
	free(data);
	free(vals);
	return 0;
}

/* The stall samples of stalls_sample added to the instructions of acc
 * (metric index base + k for want[k]); an instruction only sampled is
 * added.  The SASS records and the samples name an instruction by the
 * same function and offset; the cubin's CRC decides between cubins that
 * have the function. */
static void add_stalls(struct pc_acc **acc, size_t *n, size_t base,
		       const struct stall_pc *sp, size_t nsp, size_t nwant)
{
	for (size_t i = 0; i < nsp; i++) {
		struct pc_acc *a = NULL;

		for (size_t k = 0; k < *n; k++) {
			struct pc_acc *c = &(*acc)[k];

			if (c->pc != sp[i].pc || strcmp(c->symbol, sp[i].symbol))
				continue;
			if (!a || c->crc == (uint32_t)sp[i].crc)
				a = c;
		}
		if (!a) {
			*acc = (struct pc_acc *)xrealloc(*acc, (*n + 1) *
							  sizeof(**acc));
			a = &(*acc)[(*n)++];
			memset(a, 0, sizeof(*a));
			a->symbol = xstrdup(sp[i].symbol);
			a->pc = sp[i].pc;
			a->crc = (uint32_t)sp[i].crc;
		}
		for (size_t k = 0; k < nwant && base + k < LINES_MAX_METRICS; k++)
			a->values[base + k] += sp[i].samples[k];
	}
}

/* With CULAB_LINES_PCS=FILE, each instruction's line appended to FILE,
 * "symbol<TAB>pc<TAB>file<TAB>line" (file "-" and line 0 without one):
 * how tests/gpu/stalls_ncu.sh maps Nsight Compute's source page, per
 * SASS offset, to the lines culab counts.  A check's aid, not results. */
static void pcs_dump(const struct lines_pc *pcs, size_t n)
{
	const char *path = getenv("CULAB_LINES_PCS");
	FILE *fp;

	if (!path || !*path || !(fp = fopen(path, "a")))
		return;
	for (size_t i = 0; i < n; i++)
		fprintf(fp, "%s\t%u\t%s\t%d\n", pcs[i].symbol,
			(unsigned)pcs[i].pc, pcs[i].file ? pcs[i].file : "-",
			pcs[i].line);
	fclose(fp);
}

/* The instructions of acc mapped to their lines and summed per line into
 * out, with names[0..nnames) the metrics of their values. */
static void aggregate(struct pc_acc *acc, size_t n, const char *const *names,
		      size_t nnames, struct source_lines *out)
{
	struct lines_pc *pcs;
	char *cwd;

	cwd = getcwd(NULL, 0);
	pcs = (struct lines_pc *)xcalloc(n ? n : 1, sizeof(*pcs));
	for (size_t i = 0; i < n; i++) {
		char *file;

		where(acc[i].crc, acc[i].symbol, acc[i].pc, &file, &pcs[i].line,
		      cwd);
		pcs[i].symbol = acc[i].symbol;
		pcs[i].pc = acc[i].pc;
		pcs[i].file = file;
		pcs[i].values = acc[i].values;
	}
	pcs_dump(pcs, n);
	lines_aggregate(pcs, n, names, nnames, LN.launches, LN.nlaunches, out);
	for (size_t i = 0; i < n; i++)
		free((char *)pcs[i].file);
	free(pcs);
	free(cwd);
}

static void acc_free(struct pc_acc *acc, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(acc[i].symbol);
	free(acc);
}

/* Where warps wait: the run sampled (counters_stalls.cpp) into *sp,
 * want[k]'s samples of an instruction in its samples[k], alias[k] the
 * table's stall_* name of want[k]; returns how many, 0 when none were
 * sampled.  Sampled before the SASS metrics are configured: sampled after
 * them, in the same process, CUPTI handed over no sample at all (an H100,
 * CUDA 13.0: reports/probes/pc-sampling/, "sass-then-sample").  A sampler
 * that cannot (no permission, say) leaves the SASS metrics alone, with a
 * note (the child's log). */
static size_t sample_stalls(const struct lines_run *run, bool keep,
			    struct stall_pc **sp, size_t *nsp, const char **alias)
{
	const struct line_metric *t;
	const char *want[LINES_MAX_METRICS];
	size_t nt, nw = 0;
	char why[512];

	*sp = NULL;
	*nsp = 0;
	if (!lines_stalls_wanted())
		return 0;
	t = lines_metrics(&nt);
	for (size_t i = 0; i < nt && LN.nmetrics + nw < LINES_MAX_METRICS; i++)
		if (t[i].pcsamp) {
			want[nw] = t[i].pcsamp;
			alias[nw++] = t[i].name;
		}
	if (!nw)
		return 0;
	if (stalls_sample(LN.ctx, run, want, nw, keep, sp, nsp, why,
			  sizeof(why))) {
		fprintf(stderr, "culab: note: where warps wait was not "
			"sampled: %s\n", why);
		return 0;
	}
	return nw;
}

extern "C" void lines_sample(const struct lines_run *run)
{
	if (!LN.prepared || LN.sampled || LN.configured || LN.collected)
		return;
	LN.sampled = true;
	LN.nalias = sample_stalls(run, false, &LN.stalls, &LN.nstalls,
				  LN.alias);
}

/* The samples of one run as lines of their own: the stall_* metrics
 * alone, the sampler kept on for the next run of the process. */
static int stalls_steps(const struct lines_run *run, struct source_lines *out,
			char *why, size_t size)
{
	struct stall_pc *sp = NULL;
	struct pc_acc *acc = NULL;
	const char *alias[LINES_MAX_METRICS];
	size_t nsp = 0, n = 0, na;

	if (!lines_stalls_wanted()) {
		why_printf(why, size, "where warps wait is not sampled "
			   "(CULAB_STALLS=off)");
		return -1;
	}
	if (LN.configured || LN.collected) {
		why_printf(why, size, "this process collected SASS metrics: "
			   "CUPTI's PC sampling hands over nothing after them");
		return -1;
	}
	na = sample_stalls(run, true, &sp, &nsp, alias);
	if (!na) {
		why_printf(why, size, "where warps wait could not be sampled "
			   "(the log says why)");
		return -1;
	}
	add_stalls(&acc, &n, 0, sp, nsp, na);
	launches_clear();
	aggregate(acc, n, alias, na, out);
	out->launches = -1;
	stalls_free(sp, nsp);
	acc_free(acc, n);
	return 0;
}

extern "C" int lines_stalls(const struct lines_run *run,
			    struct source_lines *out, char *why,
			    size_t whysize)
{
	char reason[1024];

	if (!LN.prepared) {
		why_printf(reason, sizeof(reason), "%s: %s", LINES_UNAVAILABLE,
			   LN.why ? LN.why : "not set up (lines_prepare)");
	} else if (stalls_steps(run, out, reason, sizeof(reason)) == 0) {
		return 0;
	}
	source_lines_set_status(out, reason);
	why_printf(why, whysize, "%s", reason);
	return -1;
}

/* Configure, enable, the measured run, flush, disable; lines_sample's
 * samples, if it ran, added to the SASS metrics' instructions as the
 * table's stall_* metrics after the SASS ones. */
static int collect_steps(const struct lines_run *run, struct source_lines *out,
			 char *why, size_t size)
{
	CUpti_SassMetricsEnable_Params ep;
	CUpti_SassMetricsDisable_Params dd;
	const char *names[LINES_MAX_METRICS];
	struct pc_acc *acc = NULL;
	CUptiResult r;
	size_t n = 0;
	bool watched;
	int err, rc;

	if (run->prepare && (err = run->prepare(run->ctx)))
		return cuda_fail(why, size, "restoring the input", err);
	/* Configured here, after the process's first kernels, not when the
	 * profiler is initialized: configured right after the context was
	 * made, the SASS metrics recorded nothing, on an H100 with CUDA
	 * 13.0 (reports/probes/issue25-h100/probe3.txt, "early"). */
	if (!LN.configured && config_steps(LN.chip, why, size))
		return -2;
	launches_clear();
	watched = launch_watch_attach(on_launch, NULL) == 0 &&
		  launch_watch_enable(true) == 0;
	LN.recording = watched;
	memset(&ep, 0, sizeof(ep));
	ep.structSize = CUpti_SassMetricsEnable_Params_STRUCT_SIZE;
	ep.ctx = LN.ctx;
	ep.enableLazyPatching = 1;
	r = cuptiSassMetricsEnable(&ep);
	if (r != CUPTI_SUCCESS) {
		LN.recording = false;
		launch_watch_detach();
		cupti_fail(why, size, "cuptiSassMetricsEnable", r);
		return -2;
	}
	LN.collected = true;
	err = run->launch(run->ctx);
	LN.recording = false;
	if (watched)
		launch_watch_detach();
	rc = err ? cuda_fail(why, size, "the measured run", err) :
	     flush_steps(&acc, &n, why, size);
	memset(&dd, 0, sizeof(dd));
	dd.structSize = CUpti_SassMetricsDisable_Params_STRUCT_SIZE;
	dd.ctx = LN.ctx;
	cuptiSassMetricsDisable(&dd);
	if (rc == 0) {
		memcpy(names, LN.names, LN.nmetrics * sizeof(*names));
		if (LN.nalias) {
			add_stalls(&acc, &n, LN.nmetrics, LN.stalls,
				   LN.nstalls, LN.nalias);
			memcpy(names + LN.nmetrics, LN.alias,
			       LN.nalias * sizeof(*names));
		}
		aggregate(acc, n, names, LN.nmetrics + LN.nalias, out);
	}
	stalls_free(LN.stalls, LN.nstalls);
	LN.stalls = NULL;
	LN.nstalls = LN.nalias = 0;
	acc_free(acc, n);
	if (rc == 0 && !watched)
		out->launches = -1;
	return rc;
}

extern "C" int lines_collect(const struct lines_run *run,
			     struct source_lines *out, char *why,
			     size_t whysize)
{
	char reason[1024], text[1100];
	int rc;

	if (!LN.prepared) {
		snprintf(text, sizeof(text), "%s: %s", LINES_UNAVAILABLE,
			 LN.why ? LN.why : "the SASS metrics were not set up "
			 "(lines_prepare)");
		rc = -1;
	} else if (LN.collected) {
		snprintf(text, sizeof(text), "CUPTI's SASS metrics collect one "
			 "kernel per process, and this one collected already");
		rc = -1;
	} else if ((rc = collect_steps(run, out, reason, sizeof(reason))) == -2) {
		snprintf(text, sizeof(text), "%s: %s", LINES_UNAVAILABLE, reason);
	} else if (rc) {
		snprintf(text, sizeof(text), "%s", reason);
	}
	if (rc) {
		source_lines_set_status(out, text);
		why_printf(why, whysize, "%s", text);
		return -1;
	}
	return 0;
}
