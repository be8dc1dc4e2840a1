/* counters_session.cpp - hardware counters in-process with CUPTI 13.0: the
 * session.
 *
 * The counters module is three files, the only ones that include CUPTI;
 * counters_int.h is what they share:
 *  - counters_session.cpp (this file), the session: opening it (checks, the
 *    profiler, the host and range-profiler objects, the counter-data
 *    image, the launch callback, the L2 eviction buffer), the callback
 *    itself (kernel names, occupancy, the L2 flush before every kernel),
 *    closing it and the trace printed then;
 *  - counters_profile.cpp, measuring with an open session: replay passes,
 *    decoding and evaluating ranges, batches;
 *  - counters_host.cpp, the offline side: the Profiler Host API without a
 *    GPU (metric validation and pass counts for a chip, config images,
 *    counters_explain).
 * They are C++ because cupti_profiler_host.h is, but they are written like
 * the rest of culab (C structs, xmalloc, goto-free helpers returning -1)
 * and export the C API of counters.h.
 *
 * APIs: the Range Profiler (cupti_range_profiler.h) on the target side and
 * the Profiler Host API (cupti_profiler_host.h) for configuration and
 * evaluation.  Not the deprecated cuptiProfilerBeginSession path, not the
 * event/metric API (unsupported in 13.0).
 *
 * Method, and why (facts from research/cupti.md, measured on an H200, and
 * from tests/gpu/counters_check on an H100; those about measuring -- the
 * first measurement, batches, cost -- are at the top of
 * counters_profile.cpp):
 *  - Auto ranges: every kernel launch between Start and Stop is a range of
 *    its own, so one measurement that makes several launches yields one
 *    value set per launch.  Range names are numbers that keep counting
 *    across sessions, so launches are matched by order, not by name.
 *  - User replay, not kernel replay.  With kernel replay CUPTI 13.0 saves
 *    and restores device memory itself but neither flushes nor invalidates
 *    L2 between passes: the restore leaves dirty lines that are written
 *    back while the next pass runs, and dram__bytes_write.sum came out up
 *    to 7x too high (25 MB for a kernel writing 1 MB).  With user replay
 *    this module drives the passes, and evicts L2 itself: before every
 *    profiled kernel (from the launch callback, which waits for the GPU,
 *    reads a scratch buffer of four times the L2 size and waits again).
 *    The read writes dirty lines back and leaves L2 holding only clean
 *    scratch lines, so every kernel starts cold as under ncu, which
 *    flushes before every kernel.  Once per measurement was not enough: the
 *    second kernel of a two-pass reduction found its partial sums in L2
 *    (256 B read from DRAM where ncu read 4.6 KB; H100).  A read is used,
 *    not a memset, because a memset would leave L2 full of dirty lines
 *    again (tests/gpu/flush_check.cu: every read scan tried evicts a
 *    buffer just written).  The flush is a range of its own, recorded as
 *    such by the callback and dropped in collect() (counters_profile.cpp).
 *    User replay also avoids CUPTI's save/restore of all device memory
 *    (~10 ms per pass with a gigabyte allocated).  Doing the flush in a
 *    second context, to spare its range, was measured slower (context
 *    switches).
 *  - The eviction is the runner's L2 flush (kernels/support.h, a C entry
 *    point, so this host-compiled file can launch it; bulk copies on
 *    sm_90, few instructions to instrument) over a buffer of its own.
 *  - One config image and one counter-data image serve every batch; the
 *    counter-data image is reset with CounterDataImageInitialize.  It
 *    holds 128 ranges at first and grows when a batch makes more
 *    launches (CUPTI 13.0 then returns fewer ranges than launches without
 *    counting the rest as dropped), because resetting costs time in
 *    proportion to its size.
 *  - Kernel names come from a CUPTI callback subscription on the driver's
 *    kernel-launch functions (NVIDIA's callback_profiling sample combines
 *    cuptiSubscribe with the range profiler the same way).  CUPTI allows
 *    one subscriber per process, so the subscription is counters.h's,
 *    shared with the runner's watch of correctness runs: on_launch is
 *    attached to it while the session is open.  Callbacks are enabled
 *    only while a measurement is profiled, so the timing phase does not
 *    pay for them.
 *  - The CUcontext is the runtime's current context, reached through
 *    cudaGetDriverEntryPointByVersion: the binary links no libcuda, so it
 *    starts on machines without a driver.
 *  - CUPTI does not lock clocks in 13.0; the "duration" alias records the
 *    SM clock of every profile instead. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

#include "counters.h"
#include "counters_int.h"
#include "base/refusal.h"
#include "kernels/support.h"
extern "C" {
#include "base/util.h"
}

/* ---- messages -------------------------------------------------------- */

int cuda_fail(char *why, size_t size, const char *what, int err)
{
	why_printf(why, size, "%s failed: %s (%s)", what,
	    cudaGetErrorName((cudaError_t)err), cudaGetErrorString((cudaError_t)err));
	return -1;
}

#define CUDA_CHECK(call, why, size)                                            \
	do {                                                                   \
		cudaError_t e_ = (call);                                       \
		if (e_ != cudaSuccess)                                         \
			return cuda_fail((why), (size), CALL_AT(call), (int)e_); \
	} while (0)

/* ---- the session --------------------------------------------------- */

/* The names of enum open_step (counters_int.h), in its order. */
static const char *const open_step_names[OPEN_STEPS] = {
	"context", "subscribe", "initialize", "availability", "host",
	"metrics", "enable", "data image", "config", "evict buffer"
};

/* The names of enum phase (counters_int.h), in its order. */
static const char *const phase_names[] = {
	"prepare", "evict L2", "start", "launch+sync", "stop", "decode",
	"evaluate", "reset", "callbacks"
};

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Adds the time since *t to *sum and restarts *t: a phase's (lap), or a
 * step of the opening's. */
static void lap_into(double *sum, double *t)
{
	double n = now_seconds();

	*sum += n - *t;
	*t = n;
}

void lap(struct counters *c, enum phase p, double *t)
{
	lap_into(&c->phase[p], t);
}

static struct counters *open_session;

/* ---- driver entry points ------------------------------------------- */

typedef CUresult (*ctx_get_current_fn)(CUcontext *);
typedef CUresult (*ctx_get_device_fn)(CUdevice *);

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

/* ---- launch records -------------------------------------------------- */

void recs_clear(struct counters *c)
{
	size_t i;

	for (i = 0; i < c->nrecs; i++)
		free(c->recs[i].name);
	c->nrecs = 0;
	free(c->pending);
	c->pending = NULL;
}

static void rec_add(struct counters *c, bool flush, char *name, double occ)
{
	if (c->nrecs == c->cap_recs) {
		c->cap_recs = c->cap_recs ? 2 * c->cap_recs : 64;
		c->recs = (struct launch_rec *)xrealloc(c->recs,
				c->cap_recs * sizeof(*c->recs));
	}
	c->recs[c->nrecs].item = c->item;
	c->recs[c->nrecs].flush = flush;
	c->recs[c->nrecs].name = name ? name : xstrdup("");
	c->recs[c->nrecs].occ = occ;
	c->nrecs++;
}

/* Theoretical occupancy of a launch, in % of the SM's resident warps:
 * what the occupancy API allows for its function, block size and dynamic
 * shared memory (registers and static shared memory come with the
 * function).  NAN when the launch parameters are not known. */
static double launch_occupancy(const struct counters *c, CUpti_CallbackId cbid,
			       const void *params)
{
	CUfunction f = NULL;
	unsigned threads = 0;
	size_t smem = 0;
	int blocks = 0;

	if (!c->max_blocks || !c->max_warps ||
	    !launch_watch_params(cbid, params, &f, &threads, &smem))
		return NAN;
	if (!f || !threads ||
	    c->max_blocks(&blocks, f, (int)threads, smem) != CUDA_SUCCESS)
		return NAN;
	return 100.0 * blocks * ((threads + 31) / 32) / c->max_warps;
}

/* The flush before a profiled kernel, from its launch callback: waits
 * for the work before it (the previous kernel has written its lines),
 * flushes on the module's stream and waits for that too, so the kernel
 * starts from a cold L2 whatever stream it goes to and however CUPTI
 * orders a launch made inside a callback.  Returns 0 or a cudaError_t. */
static int flush_before_kernel(struct counters *c)
{
	double t = now_seconds();
	cudaError_t e = cudaDeviceSynchronize();
	int rc;

	if (e != cudaSuccess)
		return (int)e;
	rc = support_l2_flush(c->evict_buf, c->evict_bytes, c->evict_sink,
			      c->stream);
	if (rc)
		return rc;
	c->flushes++;
	rc = (int)cudaStreamSynchronize(c->stream);
	c->flush_seconds[c->pass ? 1 : 0] += now_seconds() - t;
	return rc;
}

/* Launch callback.  On API enter of a measured kernel it first flushes
 * L2 (flush_before_kernel, when evict_each is set), so every profiled
 * kernel starts from an L2 without its inputs and without dirty lines, as
 * under ncu (which flushes before every kernel).  The flush is a launch
 * too and comes back here nested; it is recorded as a flush, and its
 * range is dropped when the batch is collected.  CUDA calls are allowed
 * in callbacks; the flag stops the recursion. */
static void on_launch(void *user, int domain, unsigned cbid, const void *data)
{
	struct counters *c = (struct counters *)user;
	const CUpti_CallbackData *d = (const CUpti_CallbackData *)data;

	/* launch_watch passes on the driver's kernel launches only */
	(void)domain;
	if (!c->in_pass)
		return;
	if (c->trace >= 2)
		fprintf(stderr, "culab: counters: %s cbid %u item %zu%s %s\n",
			d->callbackSite == CUPTI_API_ENTER ? "enter" : "exit ",
			(unsigned)cbid, c->item, c->evicting ? " (flush)" : "",
			d->symbolName ? d->symbolName : "?");
	if (d->callbackSite == CUPTI_API_ENTER) {
		if (c->evicting)
			return;
		if (c->evict_each && !c->evict_err) {
			c->evicting = true;
			c->evict_err = flush_before_kernel(c);
			c->evicting = false;
		}
		free(c->pending);
		c->pending = c->record_names ?
			launch_watch_display_name(d->symbolName) : NULL;
		c->pending_occ = c->record_names ?
			launch_occupancy(c, cbid, d->functionParams) : NAN;
		return;
	}
	/* exit: only a launch that succeeded becomes a range */
	if (d->functionReturnValue &&
	    *(const CUresult *)d->functionReturnValue != CUDA_SUCCESS) {
		if (!c->evicting) {
			free(c->pending);
			c->pending = NULL;
		}
		return;
	}
	if (!c->evicting)
		c->launches++;
	if (!c->record_names)
		return;
	if (c->evicting) {
		rec_add(c, true, NULL, NAN);
		return;
	}
	rec_add(c, false, c->pending, c->pending_occ);
	c->pending = NULL;
}

/* Turns the launch callbacks on or off; on failure names are dropped
 * (the counters do not depend on them).  The subscription is the
 * process's one, shared with the runner's launch watch (counters.h). */
void launch_callbacks(struct counters *c, bool on)
{
	if (!c->subscribed)
		return;
	if (launch_watch_enable(on) != 0 && on) {
		launch_watch_detach();
		c->subscribed = false;
	}
}

/* ---- L2 eviction ----------------------------------------------------- */

#define EVICT_L2_MULTIPLE 4
#define EVICT_DEFAULT_BYTES ((size_t)256 << 20)   /* when L2 size is unknown */

/* The buffer is zeroed so the flush kernel's XOR of it never equals its
 * key: it reads everything and writes nothing. */
static int evict_setup(struct counters *c, char *why, size_t size)
{
	int l2 = 0;

	if (cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, c->device) != cudaSuccess)
		l2 = 0;
	c->evict_bytes = l2 > 0 ? (size_t)EVICT_L2_MULTIPLE * (size_t)l2
				: EVICT_DEFAULT_BYTES;
	c->evict_bytes = (c->evict_bytes + 15) & ~(size_t)15;
	CUDA_CHECK(cudaMalloc(&c->evict_buf, c->evict_bytes), why, size);
	CUDA_CHECK(cudaMemset(c->evict_buf, 0, c->evict_bytes), why, size);
	CUDA_CHECK(cudaMalloc((void **)&c->evict_sink, sizeof(*c->evict_sink)), why, size);
	CUDA_CHECK(cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking), why, size);
	CUDA_CHECK(cudaDeviceSynchronize(), why, size);
	return 0;
}

/* Waits for everything queued (prepare's work), then evicts L2 and waits
 * for that too: the next pass starts from an L2 with no dirty lines. */
int evict_l2(struct counters *c, char *why, size_t size)
{
	CUDA_CHECK(cudaDeviceSynchronize(), why, size);
	CUDA_CHECK((cudaError_t)support_l2_flush(c->evict_buf, c->evict_bytes,
						 c->evict_sink, c->stream),
		   why, size);
	CUDA_CHECK(cudaStreamSynchronize(c->stream), why, size);
	return 0;
}

/* ---- opening ------------------------------------------------------------ */

/* Tools that inject themselves into CUDA applications set these. */
static const char *const injection_env[] = {
	"CUDA_INJECTION64_PATH",
	"NV_NSIGHT_INJECTION_TRANSPORT_TYPE",
};

static int check_no_injection(char *why, size_t size)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(injection_env); i++) {
		const char *v = getenv(injection_env[i]);

		if (v && *v) {
			why_printf(why, size, "a CUDA tool is injected into this process "
			    "(%s=%s: Nsight Compute, Nsight Systems, "
			    "compute-sanitizer, ...); in-process counters would "
			    "conflict with it: run culab with --no-counters under "
			    "such tools", injection_env[i], v);
			return -1;
		}
	}
	return 0;
}

/* Why CUPTI cannot profile this device, from its support query: the
 * conditions a user can change are refusal.c's rows, worded there. */
static int check_device_supported(CUdevice dev, char *why, size_t size)
{
	CUpti_Profiler_DeviceSupported_Params p;
	static const struct {
		size_t offset;
		const char *what;
		enum refusal_id disabled, unsupported;  /* REFUSAL_NONE: what */
	} parts[] = {
		{ offsetof(CUpti_Profiler_DeviceSupported_Params, architecture),
		  "the GPU architecture is not supported (compute capability 7.5 "
		  "or newer is needed)", REFUSAL_NONE, REFUSAL_NONE },
		{ offsetof(CUpti_Profiler_DeviceSupported_Params, sli),
		  "SLI is enabled", REFUSAL_NONE, REFUSAL_NONE },
		{ offsetof(CUpti_Profiler_DeviceSupported_Params, vGpu), NULL,
		  REFUSAL_COUNTERS_VGPU_DISABLED,
		  REFUSAL_COUNTERS_VGPU_UNSUPPORTED },
		{ offsetof(CUpti_Profiler_DeviceSupported_Params, confidentialCompute),
		  "confidential-computing mode is on", REFUSAL_NONE, REFUSAL_NONE },
		{ offsetof(CUpti_Profiler_DeviceSupported_Params, cmp),
		  "CMP (crypto-mining) processors are not supported",
		  REFUSAL_NONE, REFUSAL_NONE },
		{ offsetof(CUpti_Profiler_DeviceSupported_Params, wsl), NULL,
		  REFUSAL_COUNTERS_WSL, REFUSAL_COUNTERS_WSL },
	};
	char list[1024] = "", text[512];
	size_t i, used = 0;

	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_Profiler_DeviceSupported_Params_STRUCT_SIZE;
	p.cuDevice = dev;
	p.api = CUPTI_PROFILER_RANGE_PROFILING;
	CUPTI_CHECK(cuptiProfilerDeviceSupported(&p), why, size);
	if (p.isSupported == CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
		return 0;
	for (i = 0; i < ARRAY_SIZE(parts); i++) {
		CUpti_Profiler_Support_Level level;
		const char *what = parts[i].what;

		memcpy(&level, (const char *)&p + parts[i].offset, sizeof(level));
		if (level == CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
			continue;
		if (!what) {
			counters_refusal_text(level == CUPTI_PROFILER_CONFIGURATION_DISABLED ?
					      parts[i].disabled : parts[i].unsupported,
					      text, sizeof(text));
			what = text;
		}
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 used ? "; " : "", what);
		if (used >= sizeof(list))
			break;
	}
	why_printf(why, size, "CUPTI cannot profile this GPU: %s",
	    *list ? list : "no reason given (MIG instance?)");
	return -1;
}

static int get_counter_availability(struct counters *c, char *why, size_t size)
{
	CUpti_Profiler_GetCounterAvailability_Params p;

	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE;
	p.ctx = c->ctx;
	CUPTI_CHECK(cuptiProfilerGetCounterAvailability(&p), why, size);
	c->avail = (uint8_t *)xcalloc(1, p.counterAvailabilityImageSize);
	p.pCounterAvailabilityImage = c->avail;
	CUPTI_CHECK(cuptiProfilerGetCounterAvailability(&p), why, size);
	return 0;
}

/* Adds all metrics in one call; when that fails, validates each alone
 * for a message that names the culprit (validating first cost ~50 ms per
 * session for the default set). */
static int add_metrics(struct counters *c, char *why, size_t size)
{
	CUptiResult r;
	size_t i;

	r = host_add(c->host, (const char *const *)c->raw, c->nraw);
	if (r != CUPTI_SUCCESS) {
		for (i = 0; i < c->nraw; i++)
			if (counters_metric_valid(c->chip, c->raw[i], why, size) == 0)
				return -1;
		return cupti_fail(why, size, "cuptiProfilerHostConfigAddMetrics", r);
	}
	return host_config(c->host, &c->config, &c->config_size, &c->passes,
			   why, size);
}

/* Configures the range profiler: auto range, user replay (see the top). */
int set_config(struct counters *c, char *why, size_t size)
{
	CUpti_RangeProfiler_SetConfig_Params p;

	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE;
	p.pRangeProfilerObject = c->rp;
	p.configSize = c->config_size;
	p.pConfig = c->config;
	p.counterDataImageSize = c->image_size;
	p.pCounterDataImage = c->image;
	p.range = CUPTI_AutoRange;
	p.replayMode = CUPTI_UserReplay;
	p.maxRangesPerPass = c->capacity;
	p.numNestingLevels = 1;
	p.minNestingLevel = 1;
	p.passIndex = 0;
	p.targetNestingLevel = 1;
	CUPTI_CHECK(cuptiRangeProfilerSetConfig(&p), why, size);
	return 0;
}

int image_reset(struct counters *c, char *why, size_t size)
{
	CUpti_RangeProfiler_CounterDataImage_Initialize_Params p;

	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE;
	p.pRangeProfilerObject = c->rp;
	p.counterDataSize = c->image_size;
	p.pCounterData = c->image;
	CUPTI_CHECK(cuptiRangeProfilerCounterDataImageInitialize(&p), why, size);
	return 0;
}

int profiler_enable(struct counters *c, char *why, size_t size)
{
	CUpti_RangeProfiler_Enable_Params p;

	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE;
	p.ctx = c->ctx;
	CUPTI_CHECK(cuptiRangeProfilerEnable(&p), why, size);
	c->rp = p.pRangeProfilerObject;
	return 0;
}

void profiler_disable(struct counters *c)
{
	CUpti_RangeProfiler_Disable_Params p;

	if (!c->rp)
		return;
	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE;
	p.pRangeProfilerObject = c->rp;
	cuptiRangeProfilerDisable(&p);
	c->rp = NULL;
}

int counter_data_setup(struct counters *c, size_t capacity, char *why,
		       size_t size)
{
	CUpti_RangeProfiler_GetCounterDataSize_Params p;

	free(c->image);
	c->image = NULL;
	c->image_size = 0;
	c->capacity = capacity;
	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE;
	p.pRangeProfilerObject = c->rp;
	p.pMetricNames = (const char **)c->raw;
	p.numMetrics = c->nraw;
	p.maxNumOfRanges = capacity;
	p.maxNumRangeTreeNodes = (uint32_t)capacity;
	CUPTI_CHECK(cuptiRangeProfilerGetCounterDataSize(&p), why, size);
	c->image_size = p.counterDataSize;
	c->image = (uint8_t *)xcalloc(1, c->image_size);
	return image_reset(c, why, size);
}

/* The method line: how the counters were taken.  gave_up says why the
 * module gave up flushing before every kernel, or is NULL. */
void method_text(struct counters *c, const char *gave_up)
{
	uint32_t version = 0;
	char flush[160];

	if (cuptiGetVersion(&version) != CUPTI_SUCCESS)
		version = CUPTI_API_VERSION;
	if (c->evict_each)
		snprintf(flush, sizeof(flush), "before every kernel launch");
	else if (gave_up)
		snprintf(flush, sizeof(flush), "before every measurement (the "
			 "flush before every kernel failed: %s)", gave_up);
	else
		snprintf(flush, sizeof(flush), "before every measurement");
	snprintf(c->method, sizeof(c->method),
		 "CUPTI %u.%u range profiler on %s: auto range (one per kernel "
		 "launch), user replay, %d pass%s, up to %d measurements per "
		 "Start/Stop; inputs restored before every pass and L2 evicted "
		 "%s by reading %zu MiB; clocks not locked%s",
		 version / 10000, version / 100 % 100, c->chip, c->passes,
		 c->passes == 1 ? "" : "es", COUNTERS_BATCH_MAX, flush,
		 c->evict_bytes >> 20,
		 c->subscribed ? "" : "; kernel names unavailable");
}

/* The runtime's CUDA context (cudaFree(0) creates it), reached through
 * the driver's cuCtxGetCurrent, and its device into *dev.  Returns -1,
 * why filled, where there is no usable one. */
static int open_context(struct counters *c, CUdevice *dev, char *why,
			size_t size)
{
	ctx_get_current_fn get_ctx;
	ctx_get_device_fn get_dev;
	CUresult cr;
	cudaError_t e;

	e = cudaGetDevice(&c->device);
	if (e == cudaSuccess)
		e = cudaFree(0);        /* creates the runtime's context */
	if (e != cudaSuccess) {
		why_printf(why, size, "no usable CUDA device: %s (%s)",
			   cudaGetErrorName(e), cudaGetErrorString(e));
		return -1;
	}
	if (driver_function("cuCtxGetCurrent", (void **)&get_ctx, why, size) ||
	    driver_function("cuCtxGetDevice", (void **)&get_dev, why, size))
		return -1;
	cr = get_ctx(&c->ctx);
	if (cr != CUDA_SUCCESS || !c->ctx) {
		why_printf(why, size, "no current CUDA context "
			   "(cuCtxGetCurrent: %d)", (int)cr);
		return -1;
	}
	cr = get_dev(dev);
	if (cr != CUDA_SUCCESS) {
		why_printf(why, size, "cuCtxGetDevice failed (%d)", (int)cr);
		return -1;
	}
	return 0;
}

/* The driver's occupancy calculator and the SM's warp limit, for
 * theoretical occupancy; without them the column reads n/a, which is no
 * failure: why is cleared. */
static void open_occupancy(struct counters *c, char *why, size_t size)
{
	if (driver_function("cuOccupancyMaxActiveBlocksPerMultiprocessor",
			    (void **)&c->max_blocks, why, size) == 0) {
		int threads = 0;

		if (cudaDeviceGetAttribute(&threads,
					   cudaDevAttrMaxThreadsPerMultiProcessor,
					   c->device) == cudaSuccess)
			c->max_warps = threads / 32;
	} else {
		c->max_blocks = NULL;
	}
	if (size)
		why[0] = '\0';
}

/* The profiler initialized, the device's support of it checked
 * (check_device_supported) and its chip's name into c->chip. */
static int open_profiler(struct counters *c, CUdevice dev, char *why,
			 size_t size)
{
	CUpti_Profiler_Initialize_Params init;
	CUpti_Device_GetChipName_Params chip;

	memset(&init, 0, sizeof(init));
	init.structSize = CUpti_Profiler_Initialize_Params_STRUCT_SIZE;
	CUPTI_CHECK(cuptiProfilerInitialize(&init), why, size);
	c->profiler_initialized = true;
	if (check_device_supported(dev, why, size))
		return -1;
	memset(&chip, 0, sizeof(chip));
	chip.structSize = CUpti_Device_GetChipName_Params_STRUCT_SIZE;
	chip.deviceIndex = (size_t)c->device;
	CUPTI_CHECK(cuptiDeviceGetChipName(&chip), why, size);
	snprintf(c->chip, sizeof(c->chip), "%s",
		 chip.pChipName ? chip.pChipName : "?");
	return 0;
}

/* The host object of c's chip (the availability query's time into its
 * open step from *t).
 *
 * The host side takes a chip its CUPTI knew at release by its name
 * alone, as offline; the device's counter availability image ("required
 * for future chip support", CUPTI's documentation) is asked for only
 * when it refuses one.  The query took 0.12 s of a process's opening on
 * an H200, which each of a class's workers pays (a class of 16: 5% of
 * its wall time, reports/bench/h200/class16-ab-9558db4.txt); when two
 * processes open at once it took 0.65 s each, but left out, that 0.6 s
 * goes to the first Start: it is the device's first profiler work
 * (reports/probes/issue27/).  The device passed check_device_supported
 * whole (no vGPU, MIG or confidential computing), where no counter of
 * its chip is withheld. */
static int open_host(struct counters *c, double *t, char *why, size_t size)
{
	if (host_init(c->chip, NULL, &c->host, why, size)) {
		if (get_counter_availability(c, why, size))
			return -1;
		lap_into(&c->open_step[OS_AVAILABILITY], t);
		if (host_init(c->chip, c->avail, &c->host, why, size))
			return -1;
	}
	return 0;
}

/* The range profiler's steps after the host object, each one's time
 * into its open step from *t: the metrics, the profiler enabled, the
 * counter-data image, the config and the L2 eviction buffer. */
static int open_range_profiler(struct counters *c, double *t, char *why,
			       size_t size)
{
	if (add_metrics(c, why, size))
		return -1;
	lap_into(&c->open_step[OS_METRICS], t);
	if (profiler_enable(c, why, size))
		return -1;
	lap_into(&c->open_step[OS_ENABLE], t);
	if (counter_data_setup(c, FIRST_CAPACITY, why, size))
		return -1;
	lap_into(&c->open_step[OS_DATA_IMAGE], t);
	if (set_config(c, why, size))
		return -1;
	lap_into(&c->open_step[OS_CONFIG], t);
	if (evict_setup(c, why, size))
		return -1;
	lap_into(&c->open_step[OS_EVICT], t);
	return 0;
}

/* What an open session keeps beside the profiler: the scratch values,
 * the flush before every kernel (where kernel launches are seen), the
 * trace level of CULAB_COUNTERS_TRACE, the duration's raw metric and
 * the method line. */
static void open_knobs(struct counters *c)
{
	c->scratch = (double *)xcalloc(c->nraw, sizeof(*c->scratch));
	c->evict_each = c->subscribed &&
			!env_flag("CULAB_COUNTERS_FLUSH_PER_PASS");
	/* 0 off, 1 where the time went, 2 also every launch */
	c->trace = (int)env_integer("CULAB_COUNTERS_TRACE", 0, 2, 0, "level");
	c->duration_raw = -1;
	for (size_t i = 0; i < c->nraw; i++)
		if (!strcmp(c->raw[i], "gpu__time_duration.sum"))
			c->duration_raw = (int)i;
	method_text(c, NULL);
}

/* Opens session c step by step, each step's time into c->open_step. */
static int open_steps(struct counters *c, char *why, size_t size)
{
	CUdevice dev;
	CUptiResult r;
	double t = now_seconds();

#ifdef CUPTI_UNUSABLE
	why_printf(why, size, "%s", CUPTI_UNUSABLE);
	return -1;
#endif
	if (check_no_injection(why, size))
		return -1;
	if (open_context(c, &dev, why, size))
		return -1;
	open_occupancy(c, why, size);
	lap_into(&c->open_step[OS_CONTEXT], &t);

	/* The subscription (the process's one, which the runner's launch
	 * watch may hold already) also detects tools attached to the
	 * process. */
	r = (CUptiResult)launch_watch_attach(on_launch, c);
	if (r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED)
		return cupti_fail(why, size, "cuptiSubscribe", r);
	c->subscribed = r == CUPTI_SUCCESS;
	lap_into(&c->open_step[OS_SUBSCRIBE], &t);

	if (open_profiler(c, dev, why, size))
		return -1;
	lap_into(&c->open_step[OS_INITIALIZE], &t);
	if (open_host(c, &t, why, size))
		return -1;
	lap_into(&c->open_step[OS_HOST], &t);
	if (open_range_profiler(c, &t, why, size))
		return -1;
	open_knobs(c);
	return 0;
}

extern "C" int counters_open(const char *const *raw, size_t nraw,
			     struct counters **out, char *why, size_t whysize)
{
	struct counters *c;
	size_t i;
	int rc;

	*out = NULL;
	counters_refused_reset();
	if (open_session) {
		why_printf(why, whysize, "a counter session is already open");
		return -1;
	}
	if (!nraw) {
		why_printf(why, whysize, "no metrics to collect");
		return -1;
	}
	/* a test's machine whose driver keeps the counters for
	 * administrators (the GPU tests run as root); its one value */
	static const char *const refusals[] = { "permission" };

	if (env_choice("CULAB_FAKE_COUNTERS_REFUSAL", refusals, 1))
		return cupti_fail(why, whysize, "cuptiProfilerInitialize "
				  "(CULAB_FAKE_COUNTERS_REFUSAL)",
				  CUPTI_ERROR_INSUFFICIENT_PRIVILEGES);
	c = (struct counters *)xcalloc(1, sizeof(*c));
	c->nraw = nraw;
	c->raw = (char **)xcalloc(nraw, sizeof(*c->raw));
	for (i = 0; i < nraw; i++)
		c->raw[i] = xstrdup(raw[i]);
	open_session = c;
	c->open_seconds = now_seconds();
	rc = open_steps(c, why, whysize);
	c->open_seconds = now_seconds() - c->open_seconds;
	if (rc) {
		counters_close(c);
		return -1;
	}
	*out = c;
	return 0;
}

/* With CULAB_COUNTERS_TRACE set, where the profiling time went. */
static void trace_print(const struct counters *c)
{
	double total = 0;
	size_t i;

	if (!c->trace || !c->measurements)
		return;
	for (i = 0; i < ARRAY_SIZE(phase_names); i++)
		total += c->phase[i];
	fprintf(stderr, "culab: counters: %zu measurements, %zu passes, %.3f s "
		"(%.2f ms per measurement); counter data image %zu KiB, "
		"%zu ranges (grown %zu times)\n",
		c->measurements, c->pass_count, total,
		1e3 * total / (double)c->measurements, c->image_size >> 10,
		c->capacity, c->grown);
	for (i = 0; i < ARRAY_SIZE(phase_names); i++)
		fprintf(stderr, "culab: counters:   %-12s %8.3f s  %7.3f ms/measurement\n",
			phase_names[i], c->phase[i],
			1e3 * c->phase[i] / (double)c->measurements);
	fprintf(stderr, "culab: counters: %zu L2 flushes before kernels\n",
		c->flushes);
	fprintf(stderr, "culab: counters: launch+sync by pass: %.3f s, %.3f s, "
		"%.3f s, later %.3f s\n", c->pass_launch[0], c->pass_launch[1],
		c->pass_launch[2], c->pass_launch[3]);
	fprintf(stderr, "culab: counters: session opened in %.3f s:",
		c->open_seconds);
	for (i = 0; i < OPEN_STEPS; i++)
		fprintf(stderr, "%s %s %.3f", i ? "," : "", open_step_names[i],
			c->open_step[i]);
	fputc('\n', stderr);
	fprintf(stderr, "culab: counters: %zu kernel ranges, their durations "
		"%.3f s; flushes took %.3f s in pass 0, %.3f s later\n",
		c->ranges, c->kernel_seconds, c->flush_seconds[0],
		c->flush_seconds[1]);
	for (i = 0; i < ARRAY_SIZE(c->slow) && c->slow[i].seconds > 0; i++)
		fprintf(stderr, "culab: counters:   slow: %8.3f s  %s\n",
			c->slow[i].seconds, c->slow[i].label);
}

extern "C" void counters_close(struct counters *c)
{
	size_t i;

	if (!c)
		return;
	trace_print(c);
	if (c->subscribed) {
		launch_callbacks(c, false);
		launch_watch_detach();
	}
	profiler_disable(c);
	host_deinit(c->host);
	if (c->profiler_initialized) {
		CUpti_Profiler_DeInitialize_Params p;

		memset(&p, 0, sizeof(p));
		p.structSize = CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE;
		cuptiProfilerDeInitialize(&p);
	}
	if (c->stream)
		cudaStreamDestroy(c->stream);
	cudaFree(c->evict_buf);
	cudaFree(c->evict_sink);
	recs_clear(c);
	free(c->recs);
	for (i = 0; i < c->nraw; i++)
		free(c->raw[i]);
	free(c->raw);
	free(c->scratch);
	free(c->avail);
	free(c->config);
	free(c->image);
	free(c->broken);
	if (open_session == c)
		open_session = NULL;
	free(c);
}

extern "C" int counters_passes(const struct counters *c)
{
	return c ? c->passes : 0;
}

extern "C" const char *counters_chip(const struct counters *c)
{
	return c ? c->chip : "";
}

extern "C" const char *counters_method(const struct counters *c)
{
	return c ? c->method : "";
}
