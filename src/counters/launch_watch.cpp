/* launch_watch.cpp - the process's one CUPTI callback subscription, and
 * the kernels a correctness run launches.  See counters.h.
 *
 * One of the rooms that include CUPTI, with counters*.cpp: it holds the
 * subscription both use, because CUPTI allows one subscriber per process
 * (cuptiSubscribe fails with CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
 * for a second).  The callback function is dispatch(): it hands every
 * kernel launch to the watch while the runner watches, and to the
 * attached handler (the counters session) while that has its callbacks
 * on.  The callbacks are on in CUPTI while either wants them.
 *
 * The watch describes the first launch it sees on API enter: the function
 * and launch parameters are in the callback's parameter struct, and the
 * driver's attribute and occupancy functions may be called from a
 * callback (counters_session.cpp does the same).  A launch that then fails is
 * still described: a block that asks for more registers or shared memory
 * than an SM has is exactly what the resources should show.  C++ only
 * because the demangler is (abi::__cxa_demangle), written like the rest
 * of culab. */
#include <cxxabi.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>

#include "counters_int.h"
extern "C" {
#include "base/util.h"
}

typedef CUresult (*func_get_attribute_fn)(int *, CUfunction_attribute,
					  CUfunction);
typedef CUresult (*max_blocks_fn)(int *, CUfunction, int, size_t);
typedef CUresult (*kernel_get_function_fn)(CUfunction *, CUkernel);

static struct {
	/* the subscription */
	bool subscribed;
	CUpti_SubscriberHandle sub;
	bool enabled;                   /* the launch callbacks are on */
	/* the attached handler */
	launch_watch_fn client;
	void *client_user;
	bool client_on;
	/* the module hook: every module loaded (holds the subscription) */
	launch_watch_module_fn module_fn;
	void *module_user;
	/* the watch */
	bool open;                      /* holds the subscription */
	char *why;                      /* set: why nothing can be described */
	struct sm_limits limits;
	func_get_attribute_fn get_attribute;
	max_blocks_fn max_blocks;
	kernel_get_function_fn kernel_get_function;     /* may be NULL */
	bool trace;                     /* CULAB_RUN_TRACE */
	bool watching;
	int launches;
	struct kernel_resources first;  /* the first launch, described */
	char *first_why;                /* or why it could not be */
} W;

static const CUpti_CallbackId launch_cbids[] = {
	CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
};

static bool is_launch_cbid(CUpti_CallbackId cbid)
{
	for (size_t i = 0; i < ARRAY_SIZE(launch_cbids); i++)
		if (launch_cbids[i] == cbid)
			return true;
	return false;
}

/* ---- kernel names ---------------------------------------------------- */

extern "C" char *launch_watch_display_name(const char *symbol)
{
	int status = -1;
	char *dem, *out;
	const char *s;
	size_t len, i;
	int depth = 0;

	if (!symbol)
		return xstrdup("");
	dem = abi::__cxa_demangle(symbol, NULL, NULL, &status);
	s = status == 0 && dem ? dem : symbol;
	len = strlen(s);
	if (len && s[len - 1] == ')') {
		for (i = len; i-- > 0;) {
			if (s[i] == ')')
				depth++;
			else if (s[i] == '(' && --depth == 0) {
				len = i;
				break;
			}
		}
	}
	if (len > 5 && !strncmp(s, "void ", 5)) {
		s += 5;
		len -= 5;
	}
	out = xstrndup(s, len);
	free(dem);
	return out;
}

/* ---- describing a launch --------------------------------------------- */

bool launch_watch_params(unsigned cbid, const void *params, CUfunction *f,
			 unsigned *threads, size_t *smem)
{
	if (!params)
		return false;
	switch (cbid) {
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz: {
		/* the four parameter structs share this layout */
		const cuLaunchKernel_params *p = (const cuLaunchKernel_params *)params;

		*f = p->f;
		*threads = p->blockDimX * p->blockDimY * p->blockDimZ;
		*smem = p->sharedMemBytes;
		return *f != NULL;
	}
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
		const cuLaunchKernelEx_params *p = (const cuLaunchKernelEx_params *)params;

		if (!p->config)
			return false;
		*f = p->f;
		*threads = p->config->blockDimX * p->config->blockDimY *
			   p->config->blockDimZ;
		*smem = p->config->sharedMemBytes;
		return *f != NULL;
	}
	default:
		return false;
	}
}

bool launch_watch_grid(unsigned cbid, const void *params, uint64_t *blocks,
		       unsigned *threads)
{
	if (!params)
		return false;
	switch (cbid) {
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz: {
		const cuLaunchKernel_params *p = (const cuLaunchKernel_params *)params;

		*blocks = (uint64_t)p->gridDimX * p->gridDimY * p->gridDimZ;
		*threads = p->blockDimX * p->blockDimY * p->blockDimZ;
		return true;
	}
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
		const cuLaunchKernelEx_params *p = (const cuLaunchKernelEx_params *)params;

		if (!p->config)
			return false;
		*blocks = (uint64_t)p->config->gridDimX * p->config->gridDimY *
			  p->config->gridDimZ;
		*threads = p->config->blockDimX * p->config->blockDimY *
			   p->config->blockDimZ;
		return true;
	}
	default:
		return false;
	}
}

/* Registers, static shared and local memory of f into k; a reason or
 * NULL.  cuLaunchKernel takes a library kernel (CUkernel) for its
 * function too; where cuFuncGetAttribute refuses the handle, it is asked
 * about the kernel's function in the current context. */
static char *function_attributes(CUfunction f, struct kernel_resources *k)
{
	static const struct {
		CUfunction_attribute a;
		const char *name;
		size_t offset;
	} attrs[] = {
		{ CU_FUNC_ATTRIBUTE_NUM_REGS, "NUM_REGS",
		  offsetof(struct kernel_resources, registers) },
		{ CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, "SHARED_SIZE_BYTES",
		  offsetof(struct kernel_resources, static_smem) },
		{ CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, "LOCAL_SIZE_BYTES",
		  offsetof(struct kernel_resources, local_bytes) },
	};

	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++) {
		int v = 0;
		CUresult r = W.get_attribute(&v, attrs[i].a, f);
		CUfunction g = NULL;

		if (r != CUDA_SUCCESS && W.kernel_get_function &&
		    W.kernel_get_function(&g, (CUkernel)f) == CUDA_SUCCESS && g)
			r = W.get_attribute(&v, attrs[i].a, g);
		if (r != CUDA_SUCCESS)
			return xasprintf("cuFuncGetAttribute(CU_FUNC_ATTRIBUTE_%s) "
					 "failed (CUresult %d)", attrs[i].name,
					 (int)r);
		memcpy((char *)k + attrs[i].offset, &v, sizeof(v));
	}
	return NULL;
}

/* Blocks per SM as the driver counts them, where they differ from the
 * calculator's (carveout preferences, barriers, architectures newer than
 * the calculator): the driver launches the blocks. */
static void driver_blocks(CUfunction f, struct kernel_resources *k)
{
	int blocks = 0, warps, max_warps;

	if (W.max_blocks(&blocks, f, k->block_threads,
			 (size_t)k->dynamic_smem) != CUDA_SUCCESS ||
	    blocks == k->blocks_per_sm)
		return;
	if (W.trace)
		fprintf(stderr, "culab: launch watch: %s: %d blocks per SM by "
			"culab's calculator, %d by the driver (its number "
			"kept, limiter %s)\n", k->kernel, k->blocks_per_sm,
			blocks, resource_limiter_name(k->limiter));
	warps = (k->block_threads + W.limits.warp_size - 1) / W.limits.warp_size;
	max_warps = W.limits.max_threads / W.limits.warp_size;
	k->blocks_per_sm = blocks;
	k->occupancy_pct = max_warps ? 100.0 * blocks * warps / max_warps : 0;
}

/* The first launch of a watched stretch, into W.first or W.first_why. */
static void describe(CUpti_CallbackId cbid, const CUpti_CallbackData *d)
{
	struct kernel_resources *k = &W.first;
	CUfunction f = NULL;
	unsigned threads = 0;
	size_t smem = 0;

	if (!launch_watch_params(cbid, d->functionParams, &f, &threads, &smem)) {
		W.first_why = xstrdup("the first kernel launch's parameters "
				      "could not be read");
		return;
	}
	/* (such a launch fails; the row says why) */
	if (threads == 0 || threads > INT_MAX || smem > INT_MAX) {
		W.first_why = xasprintf("the first kernel launch asked for %u "
					"threads and %zu bytes of shared memory "
					"per block", threads, smem);
		return;
	}
	kernel_resources_release(k);
	k->kernel = launch_watch_display_name(d->symbolName);
	if ((W.first_why = function_attributes(f, k)))
		return;
	k->known = true;
	k->dynamic_smem = (int)smem;
	k->block_threads = (int)threads;
	k->spill_bytes = -1;
	resources_limits(k, &W.limits);
	driver_blocks(f, k);
}

/* ---- the subscription --------------------------------------------------- */

static void CUPTIAPI dispatch(void *user, CUpti_CallbackDomain domain,
			      CUpti_CallbackId cbid, const void *data)
{
	const CUpti_CallbackData *d = (const CUpti_CallbackData *)data;

	(void)user;
	if (domain == CUPTI_CB_DOMAIN_RESOURCE &&
	    cbid == CUPTI_CBID_RESOURCE_MODULE_LOADED && W.module_fn && data) {
		const CUpti_ResourceData *rd = (const CUpti_ResourceData *)data;
		const CUpti_ModuleResourceData *md =
			(const CUpti_ModuleResourceData *)rd->resourceDescriptor;

		if (md && md->pCubin && md->cubinSize)
			W.module_fn(W.module_user, md->pCubin, md->cubinSize);
		return;
	}
	if (domain != CUPTI_CB_DOMAIN_DRIVER_API || !is_launch_cbid(cbid))
		return;
	if (W.watching && d->callbackSite == CUPTI_API_ENTER &&
	    W.launches++ == 0)
		describe(cbid, d);
	if (W.client && W.client_on)
		W.client(W.client_user, (int)domain, (unsigned)cbid, data);
}

/* Turns the launch callbacks on while the watch or the handler wants
 * them, off otherwise.  Returns 0, or -1 when they could not be turned on
 * (they are then off). */
static int apply(void)
{
	bool want = W.subscribed && (W.watching || W.client_on);
	size_t i;

	if (want == W.enabled)
		return 0;
	for (i = 0; i < ARRAY_SIZE(launch_cbids); i++)
		if (cuptiEnableCallback(want ? 1 : 0, W.sub,
					CUPTI_CB_DOMAIN_DRIVER_API,
					launch_cbids[i]) != CUPTI_SUCCESS && want)
			break;
	if (i == ARRAY_SIZE(launch_cbids)) {
		W.enabled = want;
		return 0;
	}
	while (i-- > 0)
		cuptiEnableCallback(0, W.sub, CUPTI_CB_DOMAIN_DRIVER_API,
				    launch_cbids[i]);
	W.enabled = false;
	return -1;
}

static CUptiResult subscribe(void)
{
	CUptiResult r;

	if (W.subscribed)
		return CUPTI_SUCCESS;
	r = cuptiSubscribe(&W.sub, dispatch, NULL);
	W.subscribed = r == CUPTI_SUCCESS;
	W.enabled = false;
	return r;
}

/* Unsubscribes when neither the watch, a handler nor the module hook
 * holds it. */
static void unsubscribe_unused(void)
{
	if (!W.subscribed || W.open || W.client || W.module_fn)
		return;
	W.watching = W.client_on = false;
	apply();
	cuptiUnsubscribe(W.sub);
	W.subscribed = false;
}

extern "C" int launch_watch_attach(launch_watch_fn fn, void *user)
{
	CUptiResult r;

	if (W.client)
		return (int)CUPTI_ERROR_INVALID_OPERATION;
	r = subscribe();
	if (r != CUPTI_SUCCESS)
		return (int)r;
	W.client = fn;
	W.client_user = user;
	W.client_on = false;
	return 0;
}

extern "C" int launch_watch_enable(bool on)
{
	int rc;

	if (!W.client)
		return on ? -1 : 0;
	W.client_on = on;
	rc = apply();
	if (rc)
		W.client_on = false;
	return rc;
}

extern "C" void launch_watch_detach(void)
{
	if (!W.client)
		return;
	W.client_on = false;
	apply();
	W.client = NULL;
	W.client_user = NULL;
	unsubscribe_unused();
}

extern "C" int launch_watch_modules(launch_watch_module_fn fn, void *user)
{
	CUptiResult r;

	if (!fn) {
		if (W.module_fn && W.subscribed)
			cuptiEnableCallback(0, W.sub, CUPTI_CB_DOMAIN_RESOURCE,
					    CUPTI_CBID_RESOURCE_MODULE_LOADED);
		W.module_fn = NULL;
		W.module_user = NULL;
		unsubscribe_unused();
		return 0;
	}
	r = subscribe();
	if (r != CUPTI_SUCCESS)
		return (int)r;
	W.module_fn = fn;
	W.module_user = user;
	r = cuptiEnableCallback(1, W.sub, CUPTI_CB_DOMAIN_RESOURCE,
				CUPTI_CBID_RESOURCE_MODULE_LOADED);
	if (r != CUPTI_SUCCESS) {
		W.module_fn = NULL;
		W.module_user = NULL;
		unsubscribe_unused();
	}
	return (int)r;
}

/* ---- the watch ---------------------------------------------------------- */

static int driver_function(const char *symbol, void **fn, char *why,
			   size_t size)
{
	cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
	cudaError_t e;

	*fn = NULL;
	/* 12000: the ABI these functions have had since CUDA 12.0 */
	e = cudaGetDriverEntryPointByVersion(symbol, fn, 12000, cudaEnableDefault, &q);
	if (e == cudaSuccess && q == cudaDriverEntryPointSuccess && *fn)
		return 0;
	snprintf(why, size, "the CUDA driver does not provide %s (%s)", symbol,
		 e != cudaSuccess ? cudaGetErrorName(e) : "symbol not found");
	return -1;
}

/* What a failed cuptiSubscribe means here. */
static void subscribe_failed(CUptiResult r, char *why, size_t size)
{
	const char *name = NULL;

	if (cuptiGetResultString(r, &name) != CUPTI_SUCCESS || !name)
		name = "unknown CUPTI error";
	if (r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED)
		snprintf(why, size, "another CUDA tool holds CUPTI's callbacks "
			 "(Nsight Compute, Nsight Systems, compute-sanitizer, "
			 "...), so culab "
			 "cannot watch its kernel launches (%s)", name);
	else
		snprintf(why, size, "CUPTI's callbacks are not available, so "
			 "culab cannot watch its kernel launches (%s)", name);
}

static int open_steps(int device, char *why, size_t size)
{
	cudaError_t e;
	CUptiResult r;

	if ((e = (cudaError_t)sm_limits_query(device, &W.limits)) != cudaSuccess) {
		snprintf(why, size, "cannot read the limits of device %d: %s",
			 device, cudaGetErrorName(e));
		return -1;
	}
	if (driver_function("cuFuncGetAttribute", (void **)&W.get_attribute,
			    why, size) ||
	    driver_function("cuOccupancyMaxActiveBlocksPerMultiprocessor",
			    (void **)&W.max_blocks, why, size))
		return -1;
	if (driver_function("cuKernelGetFunction",
			    (void **)&W.kernel_get_function, why, size))
		W.kernel_get_function = NULL;
	r = subscribe();
	if (r != CUPTI_SUCCESS) {
		subscribe_failed(r, why, size);
		return -1;
	}
	return 0;
}

extern "C" int launch_watch_open(int device, char *why, size_t whysize)
{
	char reason[512];

	if (W.open)
		return 0;
	free(W.why);
	W.why = NULL;
	W.trace = env_flag("CULAB_RUN_TRACE");
	if (open_steps(device, reason, sizeof(reason)) == 0) {
		W.open = true;
		return 0;
	}
	W.why = xstrdup(reason);
	if (why && whysize)
		snprintf(why, whysize, "%s", reason);
	return -1;
}

extern "C" void launch_watch_begin(void)
{
	kernel_resources_release(&W.first);
	free(W.first_why);
	W.first_why = NULL;
	W.launches = 0;
	if (!W.open)
		return;
	W.watching = true;
	if (apply()) {
		W.watching = false;
		W.first_why = xstrdup("CUPTI refused to turn on the kernel "
				      "launch callbacks");
	}
}

extern "C" void launch_watch_end(struct kernel_resources *out)
{
	W.watching = false;
	apply();
	kernel_resources_release(out);
	if (!W.open)
		kernel_resources_set_unknown(out, W.why ? W.why :
					     "kernel launches were not watched");
	else if (W.first_why)
		kernel_resources_set_unknown(out, W.first_why);
	else if (!W.launches)
		kernel_resources_set_unknown(out, "launched no kernel (its "
					     "run was copies only)");
	else {
		*out = W.first;
		out->kernels = W.launches;
		memset(&W.first, 0, sizeof(W.first));
	}
	kernel_resources_release(&W.first);
	free(W.first_why);
	W.first_why = NULL;
	W.launches = 0;
}

extern "C" void launch_watch_close(void)
{
	W.watching = false;
	kernel_resources_release(&W.first);
	free(W.first_why);
	W.first_why = NULL;
	free(W.why);
	W.why = NULL;
	W.open = false;
	unsubscribe_unused();
}
