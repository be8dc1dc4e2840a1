/* counters_host.cpp - the offline side of the counters module: CUPTI's
 * Profiler Host API, which needs no GPU and no driver.
 *
 * Given a chip name ("GH100") it answers what a GPU would: whether a raw
 * metric exists there (with a "did you mean" when not), how many replay
 * passes a metric set needs, and the config image for that set; and it
 * says what a CUPTI result code means and how to fix it
 * (counters_explain), and which chips it knows (counters_supported_chips).
 * culab check and list (through metrics.c) and the unit tests
 * (tests/unit/test_metrics.c, test_chips.c) use it without a GPU; the session
 * (counters_session.cpp) makes its host object with the same helpers, and
 * counters_profile.cpp evaluates its ranges with that object.  Everything
 * here that is chip-specific takes the chip by name, so it works for any
 * chip CUPTI's host library knows, not only the one installed.
 *
 * Shared with the other counters*.cpp files through counters_int.h: the
 * message helpers (say, cupti_fail) and the host object helpers
 * (host_*). */
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cupti.h>
#include <cupti_profiler_host.h>

#include "counters_int.h"
#include "base/refusal.h"
extern "C" {
#include "base/util.h"
}

/* ---- messages -------------------------------------------------------- */

void why_printf(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (!why || !size)
		return;
	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
}

/* What a CUPTI error means for a culab user and how to fix it: the
 * conditions a user's machine can be in (permission, a virtual GPU, MIG,
 * WSL) are rows of refusal.c's table, worded there with the host's facts;
 * the rest are worded here. */
static const struct {
	CUptiResult code;
	const char *fix;
	enum refusal_id refusal;        /* REFUSAL_NONE: fix says it */
} cupti_fixes[] = {
	{ CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, NULL,
	  REFUSAL_COUNTERS_PERMISSION },
	{ CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES, NULL,
	  REFUSAL_COUNTERS_VGPU_DISABLED },
	{ CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED, NULL,
	  REFUSAL_COUNTERS_VGPU_UNSUPPORTED },
	{ CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED, NULL, REFUSAL_COUNTERS_MIG },
	{ CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED, NULL, REFUSAL_COUNTERS_WSL },
	{ CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED,
	  "another CUPTI client already profiles this process (Nsight Compute, "
	  "Nsight Systems, compute-sanitizer, cuda-gdb): run culab with "
	  "--no-counters under such tools", REFUSAL_NONE },
	{ CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED,
	  "the deprecated profiling API (cuptiProfilerBeginSession) is already in "
	  "use in this process; the two profiler APIs cannot be mixed",
	  REFUSAL_NONE },
	{ CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED,
	  "the GPU runs in confidential-computing mode, which disables counters",
	  REFUSAL_NONE },
	{ CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED,
	  "NVIDIA CMP (crypto-mining) processors do not support profiling",
	  REFUSAL_NONE },
	{ CUPTI_ERROR_SLI_DEVICE_NOT_SUPPORTED,
	  "profiling is not supported in SLI configurations", REFUSAL_NONE },
	{ CUPTI_ERROR_NOT_SUPPORTED,
	  "this GPU or driver does not support the CUPTI range profiler "
	  "(compute capability 7.5 or newer is needed)", REFUSAL_NONE },
	{ CUPTI_ERROR_HARDWARE_BUSY,
	  "the GPU's performance monitors are in use, probably by another "
	  "profiler on this GPU; try again when it has finished", REFUSAL_NONE },
	{ CUPTI_ERROR_NOT_COMPATIBLE,
	  "libcupti does not match the installed driver; use the CUPTI of the "
	  "CUDA toolkit the driver supports", REFUSAL_NONE },
	{ CUPTI_ERROR_NOT_INITIALIZED,
	  "CUPTI could not initialize: is the NVIDIA driver loaded and new "
	  "enough for this CUPTI (CUDA 13.0 needs R580)?", REFUSAL_NONE },
};

/* Refusal row id's text with this host's facts (WSL, the driver's
 * RmProfilingAdminOnly). */
void counters_refusal_text(int id, char *why, size_t size)
{
	struct refusal_facts f;
	struct refusal_host h;

	refusal_facts_init(&f);
	refusal_read_host(&h, &f);
	refusal_explain((enum refusal_id)id, &f, why, size);
	refusal_host_release(&h);
}

static const char *cupti_name(CUptiResult r)
{
	const char *s = NULL;

	if (cuptiGetResultString(r, &s) != CUPTI_SUCCESS || !s ||
	    !strcmp(s, "<unknown>"))
		return NULL;
	return s;
}

/* The refusal the last explained code stands for (counters_refused). */
static enum refusal_id last_refusal = REFUSAL_NONE;

extern "C" int counters_refused(void)
{
	return (int)last_refusal;
}

void counters_refused_reset(void)
{
	last_refusal = REFUSAL_NONE;
}

extern "C" void counters_explain(int code, char *why, size_t size)
{
	CUptiResult r = (CUptiResult)code;
	const char *name = cupti_name(r), *fix = NULL;
	char num[32], text[1024] = "";
	size_t i;

	last_refusal = REFUSAL_NONE;
	for (i = 0; i < ARRAY_SIZE(cupti_fixes); i++) {
		if (cupti_fixes[i].code != r)
			continue;
		fix = cupti_fixes[i].fix;
		last_refusal = cupti_fixes[i].refusal;
		if (cupti_fixes[i].refusal != REFUSAL_NONE) {
			counters_refusal_text(cupti_fixes[i].refusal, text,
					      sizeof(text));
			fix = text;
		}
	}
	snprintf(num, sizeof(num), "CUPTI error %d", code);
	why_printf(why, size, "%s%s%s", name ? name : num, fix ? " -- " : "",
	    fix ? fix : "");
}

/* "<what> failed: CUPTI_ERROR_X -- how to fix it". */
int cupti_fail(char *why, size_t size, const char *what, CUptiResult r)
{
	char text[1024];

	counters_explain((int)r, text, sizeof(text));
	why_printf(why, size, "%s failed: %s", what, text);
	return -1;
}

/* ---- host side --------------------------------------------------------- */

static CUptiResult host_try_init(const char *chip, const uint8_t *avail,
				 CUpti_Profiler_Host_Object **host)
{
	CUpti_Profiler_Host_Initialize_Params p;
	CUptiResult r;

	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE;
	p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
	p.pChipName = chip;
	p.pCounterAvailabilityImage = avail;
	r = cuptiProfilerHostInitialize(&p);
	*host = r == CUPTI_SUCCESS ? p.pHostObject : NULL;
	return r;
}

int host_init(const char *chip, const uint8_t *avail,
	      CUpti_Profiler_Host_Object **host, char *why, size_t size)
{
	CUPTI_CHECK(host_try_init(chip, avail, host), why, size);
	return 0;
}

void host_deinit(CUpti_Profiler_Host_Object *host)
{
	CUpti_Profiler_Host_Deinitialize_Params p;

	if (!host)
		return;
	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE;
	p.pHostObject = host;
	cuptiProfilerHostDeinitialize(&p);
}

/* Adds metrics to host's configuration.  Every call makes a pass group of
 * its own: adding 23 metrics one by one gave 23 passes where one call gave
 * 2, so add a whole set in one call (add_metrics in counters_session.cpp
 * validates the names one by one only when that call fails). */
CUptiResult host_add(CUpti_Profiler_Host_Object *host,
		     const char *const *names, size_t n)
{
	CUpti_Profiler_Host_ConfigAddMetrics_Params p;

	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE;
	p.pHostObject = host;
	p.ppMetricNames = (const char **)names;
	p.numMetrics = n;
	return cuptiProfilerHostConfigAddMetrics(&p);
}

/* The config image of what was added to host (caller frees *image), and
 * the passes it needs. */
int host_config(CUpti_Profiler_Host_Object *host, uint8_t **image,
		size_t *image_size, int *passes, char *why, size_t size)
{
	CUpti_Profiler_Host_GetConfigImageSize_Params s;
	CUpti_Profiler_Host_GetConfigImage_Params g;
	CUpti_Profiler_Host_GetNumOfPasses_Params n;

	*image = NULL;
	memset(&s, 0, sizeof(s));
	s.structSize = CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE;
	s.pHostObject = host;
	CUPTI_CHECK(cuptiProfilerHostGetConfigImageSize(&s), why, size);
	*image_size = s.configImageSize;
	*image = (uint8_t *)xcalloc(1, s.configImageSize);
	memset(&g, 0, sizeof(g));
	g.structSize = CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE;
	g.pHostObject = host;
	g.configImageSize = *image_size;
	g.pConfigImage = *image;
	CUPTI_CHECK(cuptiProfilerHostGetConfigImage(&g), why, size);
	memset(&n, 0, sizeof(n));
	n.structSize = CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE;
	n.configImageSize = *image_size;
	n.pConfigImage = *image;
	CUPTI_CHECK(cuptiProfilerHostGetNumOfPasses(&n), why, size);
	*passes = (int)n.numOfPasses;
	return 0;
}

/* ---- offline validation ------------------------------------------- */

/* A host object for the last chip asked about, kept for the process,
 * only for read-only questions (metric lists, properties), or why the
 * host API refused that chip.  Adding a bad metric to a host
 * object leaves it unusable (every later add fails with
 * CUPTI_ERROR_UNKNOWN), so validation adds to a fresh object each time;
 * creating one costs ~0.2 ms after the first. */
static struct {
	char chip[64];
	char refused[512];              /* when host is NULL */
	CUpti_Profiler_Host_Object *host;
	const char **bases;             /* base metric names, all types */
	size_t nbases;
} catalog;

static int catalog_open(const char *chip, char *why, size_t size)
{
	static const CUpti_MetricType types[] = {
		CUPTI_METRIC_TYPE_COUNTER, CUPTI_METRIC_TYPE_RATIO,
		CUPTI_METRIC_TYPE_THROUGHPUT,
	};
	char text[512];
	CUptiResult r;
	size_t i, j;

	if (!strcmp(catalog.chip, chip)) {
		if (catalog.host)
			return 0;
		why_printf(why, size, "%s", catalog.refused);
		return -1;
	}
	host_deinit(catalog.host);
	free(catalog.bases);
	memset(&catalog, 0, sizeof(catalog));
	snprintf(catalog.chip, sizeof(catalog.chip), "%s", chip);
	r = host_try_init(chip, NULL, &catalog.host);
	if (r != CUPTI_SUCCESS) {
		/* in words, for tables of chips: no source position; kept,
		 * since asking again costs as much */
		counters_explain((int)r, text, sizeof(text));
		why_printf(catalog.refused, sizeof(catalog.refused), "CUPTI's host API "
		    "does not serve chip \"%s\": %s", chip, text);
		why_printf(why, size, "%s", catalog.refused);
		return -1;
	}
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		CUpti_Profiler_Host_GetBaseMetrics_Params p;

		memset(&p, 0, sizeof(p));
		p.structSize = CUpti_Profiler_Host_GetBaseMetrics_Params_STRUCT_SIZE;
		p.pHostObject = catalog.host;
		p.metricType = types[i];
		if (cuptiProfilerHostGetBaseMetrics(&p) != CUPTI_SUCCESS)
			continue;
		catalog.bases = (const char **)xrealloc(catalog.bases,
			(catalog.nbases + p.numMetrics + 1) * sizeof(*catalog.bases));
		for (j = 0; j < p.numMetrics; j++)
			catalog.bases[catalog.nbases++] = p.ppMetricNames[j];
	}
	return 0;
}

static bool catalog_has_base(const char *base)
{
	size_t i;

	for (i = 0; i < catalog.nbases; i++)
		if (!strcmp(catalog.bases[i], base))
			return true;
	return false;
}

/* Explains why `metric` (rejected by the host API) is invalid on chip. */
static void explain_invalid(const char *chip, const char *metric, char *why,
			    size_t size)
{
	const char *dot = strchr(metric, '.'), *suffix = dot ? dot : "";
	char *base = xstrndup(metric, dot ? (size_t)(dot - metric) : strlen(metric));
	CUpti_Profiler_Host_GetMetricProperties_Params prop;
	CUpti_Profiler_Host_GetSubMetrics_Params sub;
	const char *near, *pick = NULL;
	char list[200];
	size_t i;

	if (!catalog_has_base(base)) {
		near = nearest_word(base, catalog.bases, catalog.nbases);
		if (near)
			why_printf(why, size, "unknown metric \"%s\" for %s; did you mean "
			    "\"%s%s\"?", metric, chip, near, suffix);
		else
			why_printf(why, size, "unknown metric \"%s\" for %s", metric, chip);
		goto out;
	}
	memset(&prop, 0, sizeof(prop));
	prop.structSize = CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE;
	prop.pHostObject = catalog.host;
	prop.pMetricName = base;
	memset(&sub, 0, sizeof(sub));
	sub.structSize = CUpti_Profiler_Host_GetSubMetrics_Params_STRUCT_SIZE;
	sub.pHostObject = catalog.host;
	sub.pMetricName = base;
	if (cuptiProfilerHostGetMetricProperties(&prop) != CUPTI_SUCCESS ||
	    (sub.metricType = prop.metricType,
	     cuptiProfilerHostGetSubMetrics(&sub) != CUPTI_SUCCESS) ||
	    !sub.numOfSubmetrics) {
		why_printf(why, size, "metric \"%s\" is not collectable on %s", metric, chip);
		goto out;
	}
	join_words(sub.ppSubMetrics, sub.numOfSubmetrics < 6 ? sub.numOfSubmetrics : 6,
		   list, sizeof(list));
	for (i = 0; *suffix && i < sub.numOfSubmetrics; i++) {
		if (!strcmp(sub.ppSubMetrics[i], suffix)) {
			why_printf(why, size, "metric \"%s\" cannot be collected on %s "
			    "with the range profiler", metric, chip);
			goto out;
		}
	}
	if (*suffix) {
		pick = nearest_word(suffix, sub.ppSubMetrics, sub.numOfSubmetrics);
		if (pick)
			why_printf(why, size, "metric \"%s\": \"%s\" has no submetric "
			    "\"%s\" on %s; did you mean \"%s%s\"? (valid: %s, ...)",
			    metric, base, suffix, chip, base, pick, list);
		else
			why_printf(why, size, "metric \"%s\": \"%s\" has no submetric "
			    "\"%s\" on %s (valid: %s, ...)", metric, base, suffix,
			    chip, list);
		goto out;
	}
	for (i = 0; i < sub.numOfSubmetrics; i++)
		if (!strcmp(sub.ppSubMetrics[i], ".sum"))
			pick = ".sum";
	if (!pick)
		pick = sub.ppSubMetrics[0];
	why_printf(why, size, "metric \"%s\" needs a rollup or submetric, e.g. \"%s%s\" "
	    "(valid: %s, ...)", metric, base, pick, list);
out:
	free(base);
}

extern "C" int counters_metric_valid(const char *chip, const char *metric,
				     char *why, size_t whysize)
{
	CUpti_Profiler_Host_Object *host = NULL;
	CUptiResult r;

	why_printf(why, whysize, "%s", "");
#ifdef CUPTI_UNUSABLE
	(void)chip;
	(void)metric;
	why_printf(why, whysize, "%s", CUPTI_UNUSABLE);
	return -1;
#endif
	if (catalog_open(chip, why, whysize))
		return -1;
	if (host_init(chip, NULL, &host, why, whysize))
		return -1;
	r = host_add(host, &metric, 1);
	host_deinit(host);
	if (r == CUPTI_SUCCESS)
		return 1;
	explain_invalid(chip, metric, why, whysize);
	return 0;
}

/* Passes already counted in this process, by chip and metric list: a
 * run's plan asks once per experiment, and the experiments of a file
 * mostly share one set (default.yaml's three). */
#define PASSES_MEMO 8
static struct {
	char *key;
	int passes;
} passes_memo[PASSES_MEMO];
static pthread_mutex_t passes_lock = PTHREAD_MUTEX_INITIALIZER;

static char *passes_key(const char *chip, const char *const *raw, size_t nraw)
{
	size_t len = strlen(chip) + 2, i;
	char *key, *p;

	for (i = 0; i < nraw; i++)
		len += strlen(raw[i]) + 1;
	key = p = (char *)xmalloc(len);
	p += sprintf(p, "%s\n", chip);
	for (i = 0; i < nraw; i++)
		p += sprintf(p, "%s\n", raw[i]);
	return key;
}

static int passes_recall(const char *key)
{
	int passes = -1;

	pthread_mutex_lock(&passes_lock);
	for (size_t i = 0; i < PASSES_MEMO && passes_memo[i].key; i++)
		if (!strcmp(passes_memo[i].key, key)) {
			passes = passes_memo[i].passes;
			break;
		}
	pthread_mutex_unlock(&passes_lock);
	return passes;
}

/* Keeps key (taken) with its passes; the oldest goes when full. */
static void passes_keep(char *key, int passes)
{
	pthread_mutex_lock(&passes_lock);
	free(passes_memo[PASSES_MEMO - 1].key);
	memmove(&passes_memo[1], &passes_memo[0],
		(PASSES_MEMO - 1) * sizeof(passes_memo[0]));
	passes_memo[0].key = key;
	passes_memo[0].passes = passes;
	pthread_mutex_unlock(&passes_lock);
}

/* The whole set is configured at once (one host object, about 5 ms);
 * each metric is checked alone (a host object each) only when the set
 * is refused, to say which.  A plan of default.yaml made 3 x 17 of them
 * before: 0.3 s of every culab process that plans with counters, the
 * run --devices parent's among them, before its workers start. */
extern "C" int counters_count_passes(const char *chip, const char *const *raw,
				     size_t nraw, char *why, size_t whysize)
{
	CUpti_Profiler_Host_Object *host = NULL;
	uint8_t *image = NULL;
	size_t image_size = 0, i;
	int passes = -1;
	char *key;
	CUptiResult r;

	if (!nraw) {
		why_printf(why, whysize, "no metrics");
		return -1;
	}
#ifdef CUPTI_UNUSABLE
	why_printf(why, whysize, "%s", CUPTI_UNUSABLE);
	return -1;
#endif
	key = passes_key(chip, raw, nraw);
	if ((passes = passes_recall(key)) >= 0) {
		free(key);
		return passes;
	}
	if (host_init(chip, NULL, &host, why, whysize)) {
		free(key);
		return -1;
	}
	r = host_add(host, raw, nraw);
	if (r != CUPTI_SUCCESS) {
		host_deinit(host);
		free(key);
		for (i = 0; i < nraw; i++)
			if (counters_metric_valid(chip, raw[i], why, whysize) != 1)
				return -1;
		cupti_fail(why, whysize, "cuptiProfilerHostConfigAddMetrics", r);
		return -1;
	}
	if (host_config(host, &image, &image_size, &passes, why, whysize))
		passes = -1;
	free(image);
	host_deinit(host);
	if (passes >= 0)
		passes_keep(key, passes);
	else
		free(key);
	return passes;
}

extern "C" int counters_supported_chips(const char *const **chips, char *why,
					size_t whysize)
{
	CUpti_Profiler_Host_GetSupportedChips_Params p;

	*chips = NULL;
#ifdef CUPTI_UNUSABLE
	why_printf(why, whysize, "%s", CUPTI_UNUSABLE);
	return -1;
#endif
	memset(&p, 0, sizeof(p));
	p.structSize = CUpti_Profiler_Host_GetSupportedChips_Params_STRUCT_SIZE;
	CUPTI_CHECK(cuptiProfilerHostGetSupportedChips(&p), why, whysize);
	*chips = p.ppChipNames;
	return (int)p.numChips;
}

extern "C" unsigned counters_cupti_version(void)
{
	uint32_t version = 0;

	return cuptiGetVersion(&version) == CUPTI_SUCCESS ? version : 0;
}
