/* sanitizer_pc.cpp - the Compute Sanitizer patching API in the measuring
 * process: every module loaded gets patches.cu's functions at its global,
 * shared and local accesses, shuffles, barriers, syncwarps and block
 * entries; every launch is pointed at the device table the probe chose
 * (sanpc_target), and its function's start pc is kept so that the
 * patches' pcs can be turned into offsets as CUPTI gives them.
 *
 * The order is the one NVIDIA's samples use (compute-sanitizer-samples,
 * MemoryTracker): subscribe, patches on MODULE_LOADED, user data on
 * LAUNCH_BEGIN.  Linked against libsanitizer-public.so (compute-sanitizer's
 * directory), the process needs no compute-sanitizer launcher and no
 * profiling permission; that is what run.sh checks as another user. */
#include <sanitizer.h>

#include <string.h>
#include <time.h>

#include "collect.h"

#define MAX_MODULES 32
#define MAX_FUNCTIONS 64

/* what is patched: instrumentation point, patch function, a name to log */
static const struct {
	Sanitizer_InstructionId id;
	const char *patch, *what;
} points[] = {
	{ SANITIZER_INSTRUCTION_GLOBAL_MEMORY_ACCESS, "pct_global", "global" },
	{ SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS, "pct_shared", "shared" },
	{ SANITIZER_INSTRUCTION_LOCAL_MEMORY_ACCESS, "pct_local", "local" },
	{ SANITIZER_INSTRUCTION_SHFL, "pct_shfl", "shfl" },
	{ SANITIZER_INSTRUCTION_BARRIER, "pct_barrier", "barrier" },
	{ SANITIZER_INSTRUCTION_SYNCWARP, "pct_syncwarp", "syncwarp" },
	{ SANITIZER_INSTRUCTION_BLOCK_ENTER, "pct_block_enter", "block_enter" },
};

static struct {
	Sanitizer_SubscriberHandle sub;
	bool subscribed, in_callback;
	const char *patch_file;
	FILE *log;
	CUmodule modules[MAX_MODULES];
	int nmodules;
	struct {
		char name[128];
		uint64_t pc, size;
	} fn[MAX_FUNCTIONS];
	int nfn;
	struct pct_table *target;
	double patch_s;
	int launches, errors;
} S;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int san_ok(SanitizerResult r, const char *what)
{
	const char *s = NULL;

	if (r == SANITIZER_SUCCESS)
		return 1;
	sanitizerGetResultString(r, &s);
	S.errors++;
	if (S.errors <= 20)
		fprintf(S.log, "E %s -> %s (%d)\n", what, s ? s : "?", (int)r);
	return 0;
}
#define SK(x) san_ok((x), #x)

static void on_module_loaded(const Sanitizer_ResourceModuleData *md)
{
	double t = now();
	int ok = 1;

	if (!SK(sanitizerAddPatchesFromFile(S.patch_file, md->context))) {
		fprintf(S.log, "E patches %s not loaded: is it built for this GPU?\n",
			S.patch_file);
		return;
	}
	for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); i++)
		if (!SK(sanitizerPatchInstructions(points[i].id, md->module, points[i].patch))) {
			fprintf(S.log, "W %s accesses not patched\n", points[i].what);
			ok = 0;
		}
	if (!SK(sanitizerPatchModule(md->module)))
		ok = 0;
	if (S.nmodules < MAX_MODULES)
		S.modules[S.nmodules++] = md->module;
	S.patch_s += now() - t;
	fprintf(S.log, "I module %d loaded (cubin %zu bytes): patched%s in %.4f s\n",
		S.nmodules, (size_t)md->cubinSize, ok ? "" : " PARTLY", now() - t);
}

static void on_launch_begin(const Sanitizer_LaunchData *ld)
{
	S.launches++;
	SK(sanitizerSetCallbackData(ld->function, S.target));
	if (!ld->functionName)
		return;
	for (int i = 0; i < S.nfn; i++)
		if (!strcmp(S.fn[i].name, ld->functionName))
			return;
	if (S.nfn == MAX_FUNCTIONS)
		return;
	uint64_t pc = 0, size = 0;

	if (SK(sanitizerGetFunctionPcAndSize(ld->module, ld->functionName, &pc, &size))) {
		snprintf(S.fn[S.nfn].name, sizeof(S.fn[S.nfn].name), "%s", ld->functionName);
		S.fn[S.nfn].pc = pc;
		S.fn[S.nfn].size = size;
		S.nfn++;
		fprintf(S.log, "I function %s at pc 0x%llx, %llu bytes\n", ld->functionName,
			(unsigned long long)pc, (unsigned long long)size);
	}
}

static void SANITIZERAPI on_callback(void *userdata, Sanitizer_CallbackDomain domain,
				     Sanitizer_CallbackId cbid, const void *cbdata)
{
	(void)userdata;
	if (S.in_callback)      /* the patches' own module, if it reports */
		return;
	S.in_callback = true;
	if (domain == SANITIZER_CB_DOMAIN_RESOURCE &&
	    cbid == SANITIZER_CBID_RESOURCE_MODULE_LOADED)
		on_module_loaded((const Sanitizer_ResourceModuleData *)cbdata);
	else if (domain == SANITIZER_CB_DOMAIN_LAUNCH && cbid == SANITIZER_CBID_LAUNCH_BEGIN)
		on_launch_begin((const Sanitizer_LaunchData *)cbdata);
	S.in_callback = false;
}

int sanpc_open(const char *patch_file, FILE *log)
{
	S.patch_file = patch_file;
	S.log = log;
	if (!SK(sanitizerSubscribe(&S.sub, on_callback, NULL)))
		return -1;
	S.subscribed = true;
	if (!SK(sanitizerEnableDomain(1, S.sub, SANITIZER_CB_DOMAIN_RESOURCE)) ||
	    !SK(sanitizerEnableDomain(1, S.sub, SANITIZER_CB_DOMAIN_LAUNCH)))
		return -1;
	return 0;
}

void sanpc_target(struct pct_table *dev_table)
{
	S.target = dev_table;
}

int sanpc_function(const char *name, uint64_t *pc, uint64_t *size)
{
	for (int i = 0; i < S.nfn; i++)
		if (!strcmp(S.fn[i].name, name)) {
			*pc = S.fn[i].pc;
			*size = S.fn[i].size;
			return 0;
		}
	return -1;
}

int sanpc_patch(int on, FILE *log)
{
	int rc = 0;

	S.log = log;
	for (int i = 0; i < S.nmodules; i++) {
		if (on) {
			for (size_t p = 0; p < sizeof(points) / sizeof(points[0]); p++)
				SK(sanitizerPatchInstructions(points[p].id, S.modules[i],
							      points[p].patch));
			if (!SK(sanitizerPatchModule(S.modules[i])))
				rc = -1;
		} else if (!SK(sanitizerUnpatchModule(S.modules[i]))) {
			rc = -1;
		}
	}
	return rc;
}

void sanpc_stats(double *patch_s, int *modules, int *launches, int *errors)
{
	*patch_s = S.patch_s;
	*modules = S.nmodules;
	*launches = S.launches;
	*errors = S.errors;
}

void sanpc_close(void)
{
	if (S.subscribed)
		SK(sanitizerUnsubscribe(S.sub));
	S.subscribed = false;
}
