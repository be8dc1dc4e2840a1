/* counters_profile.cpp - measuring with an open counters session: the
 * replay passes, decoding and evaluating the ranges, batches.
 *
 * counters_session.cpp opens the session (the profiler, the host and
 * range-profiler objects, the counter-data image, the launch callback,
 * the L2 eviction buffer); this file drives it.  A batch runs between one
 * Start/Stop per replay pass: the items' prepare hooks and launches, the
 * callback recording which item each launch belongs to and which are L2
 * flushes.  Then the ranges are decoded, put in launch order, evaluated
 * with the session's host object and handed to their items, the flushes'
 * ranges dropped.  After a failure the profiler is rearmed and the batch
 * measured again item by item.  Exports counters_profile,
 * counters_profile_batch and the release functions of counters.h.
 *
 * Method, and why (continued from the top of counters_session.cpp, from the same
 * measurements):
 *  - The first profiled measurement of a process showed ~25 MB of DRAM
 *    writes that no later one did; the session's first measurement is
 *    therefore taken twice and the first result dropped.
 *  - Batches: cuptiRangeProfilerStart and Stop cost milliseconds each (a
 *    batch's first Start 25-50 ms on the H100), so counters_profile_batch
 *    runs many measurements between one Start/Stop per pass.  Ranges are
 *    matched to items and flushes through the callback's launch record.
 *  - Cost, default set (2 passes), default.yaml on the H100: 149
 *    measurements (301 kernels, 12 batches) profiled in 6.4-6.7 s: Start
 *    and Stop ~15 ms each per pass, launches 1.3 s in the hardware pass
 *    and 4.3 s in the instrumented (SASS) pass.  The hardware pass is the
 *    kernels' own 0.6 s plus ~1.1 ms per range, the flushes' ranges
 *    included (0.36 s for 301 flushes).  The instrumented pass is almost
 *    all instrumented execution: the one-block reduction of 2^28 floats
 *    alone takes 1.77 s there (0.40 s in the hardware pass), the other
 *    2^28 reductions ~0.18 s each; its ranges cost ~0.15 ms.  The
 *    instrumentation's cost adds up metric by metric (one-block reduction
 *    of 2^26 floats, 0.10 s uninstrumented: +0.16 s for global bytes,
 *    +0.09 s for global sectors, +0.02 s for global instructions, +0.09 s
 *    for the branch metrics).  Leaving the flushes out of the
 *    instrumented pass (which counts instructions, not cache misses)
 *    saved nothing and shifted the ranges: CUPTI joins the passes' ranges
 *    by position.  ncu took ~140 ms per launch for the same metrics.
 *    CULAB_COUNTERS_TRACE=1 prints this breakdown when a session closes
 *    (with the slowest measurements per pass); =2 also prints every
 *    launch callback. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>
#include <cupti.h>
#include <cupti_profiler_host.h>
#include <cupti_range_profiler.h>

#include "counters.h"
#include "counters_int.h"
#include "kernels/support.h"
extern "C" {
#include "base/util.h"
}

#define WARM_BYTES ((size_t)1 << 20)

/* ---- profiling ------------------------------------------------------- */

/* After a failure in the middle of the passes the profiler's pass state
 * is unknown: disable and configure it afresh.  If even that fails, the
 * session is marked broken with the reason. */
static int rearm(struct counters *c, size_t capacity)
{
	char why[512];

	profiler_disable(c);
	if (profiler_enable(c, why, sizeof(why)) ||
	    counter_data_setup(c, capacity, why, sizeof(why)) ||
	    set_config(c, why, sizeof(why))) {
		free(c->broken);
		c->broken = xasprintf("the profiler could not be reset after a "
				      "failed measurement: %s", why);
		return -1;
	}
	return 0;
}

/* Stops a pass that failed half way; the caller rearms the profiler. */
static void stop_quietly(struct counters *c)
{
	CUpti_RangeProfiler_Stop_Params stop;

	c->in_pass = false;
	c->evicting = false;
	memset(&stop, 0, sizeof(stop));
	stop.structSize = CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE;
	stop.pRangeProfilerObject = c->rp;
	cuptiRangeProfilerStop(&stop);
}

/* Runs one item of a pass: its prepare hook, the L2 eviction when the
 * callback does not evict before every kernel, its launches.  The first
 * item's prepare (and that eviction) run before Start, outside the
 * profiled region; the others' inside (their flush is a range, dropped
 * later). */
static int run_item(struct counters *c, const struct counters_item *it,
		    bool first, double *t, char *why, size_t size)
{
	int rc;
	cudaError_t sync;
	double secs;

	if (!first) {
		if (it->prepare && (rc = it->prepare(it->ctx)) != 0)
			return cuda_fail(why, size, "preparing a replay pass", rc);
		lap(c, PH_PREPARE, t);
		if (!c->evict_each) {
			c->evicting = true;
			rc = evict_l2(c, why, size);
			c->evicting = false;
			if (rc)
				return -1;
		}
		lap(c, PH_EVICT, t);
	}
	rc = it->launch(it->ctx);
	sync = cudaDeviceSynchronize();
	secs = now_seconds() - *t;
	c->pass_launch[c->pass < 3 ? c->pass : 3] += secs;
	if (c->trace) {
		char label[160];

		snprintf(label, sizeof(label), "pass %zu  %s", c->pass,
			 it->label ? it->label : "");
		slowest_note(c->slow, ARRAY_SIZE(c->slow), label, secs);
	}
	lap(c, PH_LAUNCH, t);
	if (rc)
		return cuda_fail(why, size, "the profiled launch", rc);
	if (sync != cudaSuccess)
		return cuda_fail(why, size, "the profiled launch", (int)sync);
	if (c->evict_err) {
		/* From now on flush before every measurement only. */
		c->evict_each = false;
		method_text(c, cudaGetErrorName((cudaError_t)c->evict_err));
		return cuda_fail(why, size, "the L2 flush before a profiled kernel",
				 c->evict_err);
	}
	return 0;
}

/* One Start/Stop per replay pass around all n items. */
static int run_passes(struct counters *c, const struct counters_item *items,
		      size_t n, char *why, size_t size)
{
	CUpti_RangeProfiler_Start_Params start;
	CUpti_RangeProfiler_Stop_Params stop;
	size_t pass, i, first = 0;
	int prc;
	CUptiResult r;

	/* CUPTI asks for exactly c->passes Start/Stop pairs; one spare lets a
	 * miscount surface as an error instead of a loop. */
	for (pass = 0; pass <= (size_t)c->passes; pass++) {
		double t = now_seconds();

		c->pass_count++;
		c->pass = pass;
		if (items[0].prepare && (prc = items[0].prepare(items[0].ctx)) != 0)
			return cuda_fail(why, size, "preparing a replay pass", prc);
		lap(c, PH_PREPARE, &t);
		/* (with evict_each the callback flushes before the first kernel) */
		if (!c->evict_each && evict_l2(c, why, size))
			return -1;
		lap(c, PH_EVICT, &t);
		c->launches = 0;
		c->evict_err = 0;
		c->record_names = pass == 0;
		if (pass == 0)
			recs_clear(c);
		memset(&start, 0, sizeof(start));
		start.structSize = CUpti_RangeProfiler_Start_Params_STRUCT_SIZE;
		start.pRangeProfilerObject = c->rp;
		r = cuptiRangeProfilerStart(&start);
		if (r != CUPTI_SUCCESS)
			return cupti_fail(why, size, "cuptiRangeProfilerStart", r);
		lap(c, PH_START, &t);
		c->in_pass = true;
		for (i = 0; i < n; i++) {
			c->item = i;
			if (run_item(c, &items[i], i == 0, &t, why, size)) {
				stop_quietly(c);
				return -1;
			}
			/* More launches than the image holds: stop here rather
			 * than finish a batch whose ranges will be cut off (the
			 * caller grows the image and measures again). */
			if (c->nrecs > c->capacity && c->capacity < MAX_RANGES) {
				stop_quietly(c);
				return 1;
			}
		}
		c->in_pass = false;
		memset(&stop, 0, sizeof(stop));
		stop.structSize = CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE;
		stop.pRangeProfilerObject = c->rp;
		CUPTI_CHECK(cuptiRangeProfilerStop(&stop), why, size);
		lap(c, PH_STOP, &t);
		if (pass == 0) {
			first = c->launches;
		} else if (c->launches != first) {
			why_printf(why, size, "replay pass %zu made %zu kernel launches, "
			    "the first pass made %zu: a measurement must make the "
			    "same launches every time", pass + 1, c->launches, first);
			return -1;
		}
		if (stop.isAllPassSubmitted)
			return 0;
	}
	why_printf(why, size, "CUPTI asked for more than the %d replay passes it "
	    "announced", c->passes);
	return -1;
}

struct range_order {
	size_t index;                   /* in the counter-data image */
	unsigned long long number;      /* auto-range name */
};

static int by_number(const void *a, const void *b)
{
	const struct range_order *x = (const struct range_order *)a;
	const struct range_order *y = (const struct range_order *)b;

	if (x->number != y->number)
		return x->number < y->number ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Auto ranges are named by execution order ("7", "8", ...; the numbers keep
 * counting across measurements): sort by that number, and keep the
 * image's order if a name is not a number. */
static void order_ranges(struct counters *c, struct range_order *o, size_t n)
{
	bool numeric = true;
	size_t i;

	for (i = 0; i < n; i++) {
		CUpti_RangeProfiler_CounterData_GetRangeInfo_Params p;
		char *end = NULL;

		o[i].index = i;
		o[i].number = i;
		if (!numeric)
			continue;
		memset(&p, 0, sizeof(p));
		p.structSize = CUpti_RangeProfiler_CounterData_GetRangeInfo_Params_STRUCT_SIZE;
		p.pCounterDataImage = c->image;
		p.counterDataImageSize = c->image_size;
		p.rangeIndex = i;
		p.rangeDelimiter = "/";
		if (cuptiRangeProfilerCounterDataGetRangeInfo(&p) != CUPTI_SUCCESS ||
		    !p.rangeName || !*p.rangeName) {
			numeric = false;
			continue;
		}
		o[i].number = strtoull(p.rangeName, &end, 10);
		if (*end)
			numeric = false;
	}
	if (!numeric) {
		for (i = 0; i < n; i++)
			o[i].number = i;
		return;
	}
	qsort(o, n, sizeof(*o), by_number);
}

/* When a range cannot be evaluated as a whole, evaluates its metrics one
 * by one; those CUPTI cannot evaluate become NAN.  Returns how many
 * succeeded. */
static size_t evaluate_each(struct counters *c,
			    CUpti_Profiler_Host_EvaluateToGpuValues_Params *all)
{
	CUpti_Profiler_Host_EvaluateToGpuValues_Params one = *all;
	size_t j, ok = 0;

	for (j = 0; j < c->nraw; j++) {
		one.ppMetricNames = (const char **)&c->raw[j];
		one.numMetrics = 1;
		one.pMetricValues = &c->scratch[j];
		if (cuptiProfilerHostEvaluateToGpuValues(&one) == CUPTI_SUCCESS)
			ok++;
		else
			c->scratch[j] = NAN;
	}
	return ok;
}

/* Adds one launch's values to item i's list. */
static void item_push(struct counters_result *res, const char *label,
		      const struct counters *c, const struct launch_rec *rec)
{
	struct kernel_counters *k;
	size_t j;

	res->k = (struct kernel_counters *)xrealloc(res->k,
			(res->nk + 1) * sizeof(*res->k));
	k = &res->k[res->nk];
	memset(k, 0, sizeof(*k));
	k->label = xasprintf("%s#%zu", label ? label : "", res->nk);
	k->kernel = xstrdup(rec ? rec->name : "");
	k->theoretical_occupancy_pct = rec ? rec->occ : NAN;
	k->nvalues = c->nraw;
	k->names = (char **)xcalloc(c->nraw, sizeof(*k->names));
	k->values = (double *)xcalloc(c->nraw, sizeof(*k->values));
	for (j = 0; j < c->nraw; j++) {
		k->names[j] = xstrdup(c->raw[j]);
		k->values[j] = c->scratch[j];
	}
	res->nk++;
}

static void results_clear(struct counters_result *res, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < res[i].nk; j++)
			kernel_counters_release(&res[i].k[j]);
		free(res[i].k);
		free(res[i].error);
		memset(&res[i], 0, sizeof(res[i]));
	}
}

/* Decodes the pass data and hands each range to its item, in launch
 * order.  Returns 0, 1 when ranges were dropped (the image is too small),
 * -1 on failure. */
static int collect(struct counters *c, const struct counters_item *items,
		   size_t n, struct counters_result *res, char *why, size_t size)
{
	CUpti_RangeProfiler_DecodeData_Params dec;
	CUpti_RangeProfiler_GetCounterDataInfo_Params info;
	struct range_order *order;
	size_t nr, i;
	bool mapped;
	double t = now_seconds();

	memset(&dec, 0, sizeof(dec));
	dec.structSize = CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE;
	dec.pRangeProfilerObject = c->rp;
	CUPTI_CHECK(cuptiRangeProfilerDecodeData(&dec), why, size);
	if (dec.numOfRangeDropped) {
		why_printf(why, size, "%zu kernel launches were not profiled: one "
		    "batch may make at most %d, L2 flushes included",
		    dec.numOfRangeDropped, MAX_RANGES);
		return 1;
	}
	memset(&info, 0, sizeof(info));
	info.structSize = CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE;
	info.pCounterDataImage = c->image;
	info.counterDataImageSize = c->image_size;
	CUPTI_CHECK(cuptiRangeProfilerGetCounterDataInfo(&info), why, size);
	nr = info.numTotalRanges;
	lap(c, PH_DECODE, &t);
	if (!nr)
		return 0;
	/* Fewer ranges than launches with room to grow: the image was full
	 * (CUPTI 13.0 stops at maxRangesPerPass without counting the rest as
	 * dropped), so grow it and measure again. */
	if (c->nrecs > nr && c->capacity < MAX_RANGES)
		return 1;
	/* Ranges map to launches one to one.  Without the callback's record
	 * (no subscription) only a single item can be collected, and all its
	 * ranges are its own; with a record that does not match, the flush
	 * launched from the callback is suspect: give it up for the flush
	 * before every measurement, and let the caller measure again. */
	mapped = c->nrecs == nr;
	if (!mapped && (n > 1 || c->nrecs)) {
		why_printf(why, size, "CUPTI returned %zu ranges for %zu recorded kernel "
		    "launches", nr, c->nrecs);
		if (c->evict_each) {
			c->evict_each = false;
			method_text(c, "the ranges did not match the launches");
		}
		return -1;
	}
	order = (struct range_order *)xcalloc(nr, sizeof(*order));
	order_ranges(c, order, nr);
	for (i = 0; i < nr; i++) {
		const struct launch_rec *rec = mapped ? &c->recs[i] : NULL;
		CUpti_Profiler_Host_EvaluateToGpuValues_Params ev;
		CUptiResult r;

		if (rec && rec->flush)
			continue;
		memset(&ev, 0, sizeof(ev));
		ev.structSize = CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE;
		ev.pHostObject = c->host;
		ev.pCounterDataImage = c->image;
		ev.counterDataImageSize = c->image_size;
		ev.rangeIndex = order[i].index;
		ev.ppMetricNames = (const char **)c->raw;
		ev.numMetrics = c->nraw;
		ev.pMetricValues = c->scratch;
		r = cuptiProfilerHostEvaluateToGpuValues(&ev);
		if (r != CUPTI_SUCCESS && evaluate_each(c, &ev) == 0) {
			free(order);
			results_clear(res, n);
			return cupti_fail(why, size,
					  "cuptiProfilerHostEvaluateToGpuValues", r);
		}
		item_push(&res[rec ? rec->item : 0], items[rec ? rec->item : 0].label,
			  c, rec);
		c->ranges++;
		if (c->duration_raw >= 0 && c->scratch[c->duration_raw] > 0)
			c->kernel_seconds += c->scratch[c->duration_raw] * 1e-9;
	}
	free(order);
	lap(c, PH_EVALUATE, &t);
	return 0;
}

static size_t grown_capacity(const struct counters *c)
{
	return c->capacity * 2 < MAX_RANGES ? c->capacity * 2 : MAX_RANGES;
}

/* Profiles the n items with one Start/Stop per pass.  Returns 0 (res
 * filled), 1 when the counter-data image is too small for the batch, -1
 * on failure (why filled; the profiler is rearmed when possible). */
static int profile_batch(struct counters *c, const struct counters_item *items,
			 size_t n, struct counters_result *res, char *why,
			 size_t whysize)
{
	char reset_why[512];
	double t;
	int rc;

	if (c->broken) {
		why_printf(why, whysize, "%s", c->broken);
		return -1;
	}
	t = now_seconds();
	launch_callbacks(c, true);
	lap(c, PH_CALLBACKS, &t);
	rc = run_passes(c, items, n, why, whysize);
	t = now_seconds();
	launch_callbacks(c, false);
	lap(c, PH_CALLBACKS, &t);
	if (rc == 0)
		rc = collect(c, items, n, res, why, whysize);
	if (rc) {
		size_t cap = rc == 1 ? grown_capacity(c) : c->capacity;
		bool grows = cap > c->capacity;

		results_clear(res, n);
		/* the pass state is unknown (or the image too small): rearm */
		if (rearm(c, cap))
			return -1;
		c->grown += rc == 1 && grows;
		return rc == 1 && grows ? 1 : -1;
	}
	t = now_seconds();
	c->measurements += n;
	if (image_reset(c, reset_why, sizeof(reset_why))) {
		free(c->broken);
		c->broken = xasprintf("resetting the counter data failed: %s",
				      reset_why);
	}
	lap(c, PH_RESET, &t);
	return 0;
}

/* Profiles items[0..n) as one batch, growing the counter-data image when
 * the launches do not fit. */
static int profile_fit(struct counters *c, const struct counters_item *items,
		       size_t n, struct counters_result *res, char *why,
		       size_t whysize)
{
	int rc;

	do
		rc = profile_batch(c, items, n, res, why, whysize);
	while (rc == 1);
	return rc;
}

/* The warm-up's own kernel: the L2 flush kernel over the first MiB of
 * the eviction buffer (zeroed: it reads and writes nothing else). */
static int warm_launch(void *ctx)
{
	struct counters *c = (struct counters *)ctx;

	return support_l2_flush(c->evict_buf, WARM_BYTES, c->evict_sink,
				c->stream);
}

/* The first profiled measurement of a process showed ~25 MB of DRAM
 * writes that no later one did (H100, a kernel writing 256 KB; ncu saw
 * 2.5 MB): CUPTI's first-use work lands in it.  So the session profiles
 * a kernel of its own once, a range like any other, and drops it.  It
 * profiled the first measurement of the first batch: in a worker of run
 * --devices, which takes the longest first, the one-block reduction of
 * 2^28 floats, whose warm-up cost 2.1 s of the 17.3 s its worker measured
 * (two H200s, reports/bench/h200x2/).  Without the eviction buffer, the
 * cheapest item that leaves its input as it was (no prepare hook: a
 * later item reads the same input), else the first. */
static int warm_up(struct counters *c, const struct counters_item *items,
		   size_t n, char *why, size_t whysize)
{
	struct counters_item own = { "culab warm-up", NULL, warm_launch, c,
				     0 };
	const struct counters_item *item = &items[0];
	struct counters_result r;
	int rc;

	if (c->warmed)
		return 0;
	if (c->evict_buf && c->evict_bytes >= WARM_BYTES)
		item = &own;
	else
		for (size_t i = 0; i < n; i++)
			if (!items[i].prepare && items[i].ms > 0 &&
			    (item->prepare || !(item->ms > 0) ||
			     items[i].ms < item->ms))
				item = &items[i];
	memset(&r, 0, sizeof(r));
	rc = profile_fit(c, item, 1, &r, why, whysize);
	c->warmed = rc == 0 && r.nk > 0;  /* no kernels warm nothing */
	results_clear(&r, 1);
	return rc;
}

extern "C" int counters_profile_batch(struct counters *c,
				      const struct counters_item *items,
				      size_t n, struct counters_result *res,
				      char *why, size_t whysize)
{
	size_t i;
	int failed = 0;

	memset(res, 0, n * sizeof(*res));
	if (!n)
		return 0;
	if (warm_up(c, items, n, why, whysize) && c->broken)
		return -1;
	/* A batch needs the callback's record to tell its items apart; a
	 * failed batch is measured again item by item, so that one bad item
	 * costs only its own counters. */
	if (n > 1 && c->subscribed &&
	    profile_fit(c, items, n, res, why, whysize) == 0)
		return 0;
	if (c->broken) {
		why_printf(why, whysize, "%s", c->broken);
		return -1;
	}
	for (i = 0; i < n; i++) {
		char one[512];

		if (profile_fit(c, &items[i], 1, &res[i], one, sizeof(one))) {
			res[i].error = xstrdup(one);
			failed++;
		}
	}
	if (failed == (int)n) {
		why_printf(why, whysize, "%s", res[0].error);
		results_clear(res, n);
		return -1;
	}
	return 0;
}

extern "C" void counters_result_release(struct counters_result *r)
{
	if (r)
		results_clear(r, 1);
}

extern "C" int counters_profile(struct counters *c, const char *label,
				int (*prepare)(void *ctx), int (*launch)(void *ctx),
				void *ctx, struct kernel_counters **k, size_t *nk,
				char *why, size_t whysize)
{
	struct counters_item item = { label, prepare, launch, ctx, 0 };
	struct counters_result r;

	*k = NULL;
	*nk = 0;
	if (counters_profile_batch(c, &item, 1, &r, why, whysize))
		return -1;
	*k = r.k;
	*nk = r.nk;
	return 0;
}

extern "C" void kernel_counters_release(struct kernel_counters *k)
{
	if (!k)
		return;
	for (size_t i = 0; i < k->nvalues; i++)
		free(k->names[i]);
	free(k->names);
	free(k->values);
	free(k->label);
	free(k->kernel);
	memset(k, 0, sizeof(*k));
}
