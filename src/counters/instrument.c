/* instrument.c - counters by instrumentation: the Compute Sanitizer's
 * patching API in the measuring process.  See instrument.h.
 *
 * The order is the one NVIDIA's samples use (compute-sanitizer-samples,
 * MemoryTracker): subscribe before the first CUDA call; on each module
 * loaded, add culab's patches and patch the module's global and shared
 * memory accesses; at each launch, point the kernel at the table it
 * counts into (sanitizerSetCallbackData: NULL outside a counted launch,
 * and the patches then return at once). */
#include "instrument.h"
#include "watch.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "instrument_table.h"
#include "sanitizer_api.h"

#include "base/util.h"

/* kernels/patches/instrument.cu as a fatbin (Makefile: nvcc --fatbin
 * --compile-as-tools-patch, then bin2c) */
#include "instrument_patches.h"

/* The most kernel functions one measurement launches (reduce_cub: 2). */
#define MAX_FUNCTIONS 8

/* The patches, by instrumentation point. */
static const struct {
	int id;
	const char *patch;
} points[] = {
	{ SAN_INSTRUCTION_GLOBAL_MEMORY_ACCESS, "culab_it_global" },
	{ SAN_INSTRUCTION_SHARED_MEMORY_ACCESS, "culab_it_shared" },
};

/* The raw metrics counted, and under which name (NULL: the same). */
static const struct {
	const char *raw, *as;
} counted[] = {
	{ "smsp__sass_inst_executed_op_shared_ld.sum", NULL },
	{ "smsp__sass_inst_executed_op_shared_st.sum", NULL },
	{ "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", NULL },
	{ "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum", NULL },
	{ "smsp__sass_data_bytes_mem_shared_op_ld.sum", NULL },
	{ "smsp__sass_data_bytes_mem_shared_op_st.sum", NULL },
	{ "smsp__sass_inst_executed_op_global_ld.sum", NULL },
	{ "smsp__sass_inst_executed_op_global_st.sum", NULL },
	{ "smsp__sass_data_bytes_mem_global_op_ld.sum", NULL },
	{ "smsp__sass_data_bytes_mem_global_op_st.sum", NULL },
	{ "smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ld.sum", NULL },
	{ "smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_st.sum", NULL },
	/* the hardware's extra wavefronts, as the addresses need them */
	{ "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
	  "instr__data_bank_conflicts_mem_shared_op_ld.sum" },
	{ "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
	  "instr__data_bank_conflicts_mem_shared_op_st.sum" },
};

/* One value of a kernel's, from its table: the order of counted[]. */
enum {
	V_SH_LD, V_SH_ST, V_WAVE_LD, V_WAVE_ST, V_SHB_LD, V_SHB_ST,
	V_GL_LD, V_GL_ST, V_GLB_LD, V_GLB_ST, V_SEC_LD, V_SEC_ST,
	V_CONF_LD, V_CONF_ST, V_COUNT
};

_Static_assert(sizeof(counted) / sizeof(counted[0]) == V_COUNT,
	       "one value per counted raw metric");

static struct {
	void *lib;
	struct san_api api;
	san_subscriber sub;
	bool subscribed, counting, in_callback;
	void *image;                    /* the patches, 8-byte aligned */
	char why[512];                  /* the first failure in a callback */
	/* the measurement being counted: its kernel functions, each with a
	 * table of the pool */
	struct {
		CUfunction f;
		char *name;
	} fn[MAX_FUNCTIONS];
	size_t nfn;
	bool too_many;
	struct it_table *pool[MAX_FUNCTIONS];
} I;

const char *instrument_raw(const char *raw)
{
	for (size_t i = 0; i < ARRAY_SIZE(counted); i++)
		if (!strcmp(counted[i].raw, raw))
			return counted[i].as ? counted[i].as : counted[i].raw;
	return NULL;
}

const char *instrument_method(void)
{
	return "instrumented: each global and shared memory access counted "
	       "by culab's patches through the Compute Sanitizer patching "
	       "API (no hardware counters)";
}

/* The first failure, in the library's words. */
static void fail(san_result r, const char *what)
{
	const char *s = NULL;

	if (I.why[0])
		return;
	if (I.api.GetResultString)
		I.api.GetResultString(r, &s);
	snprintf(I.why, sizeof(I.why), "%s failed: %s (%d)", what,
		 s ? s : "unknown error", r);
}

static void on_module_loaded(const struct san_module_data *md)
{
	san_result r;

	if ((r = I.api.AddPatches(I.image, md->context))) {
		fail(r, "sanitizerAddPatches (culab's patches for this GPU)");
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(points); i++)
		if ((r = I.api.PatchInstructions(points[i].id, md->module,
						 points[i].patch))) {
			fail(r, "sanitizerPatchInstructions");
			return;
		}
	if ((r = I.api.PatchModule(md->module)))
		fail(r, "sanitizerPatchModule");
}

/* The table of function f in the measurement counted, or NULL. */
static struct it_table *table_of(CUfunction f, const char *name)
{
	size_t i;

	for (i = 0; i < I.nfn; i++)
		if (I.fn[i].f == f)
			return I.pool[i];
	if (I.nfn == MAX_FUNCTIONS) {
		I.too_many = true;
		return NULL;
	}
	I.fn[I.nfn].f = f;
	I.fn[I.nfn].name = launch_watch_display_name(name);
	return I.pool[I.nfn++];
}

static void on_launch_begin(const struct san_launch_data *ld)
{
	struct it_table *t = I.counting ?
			     table_of(ld->function, ld->functionName) : NULL;
	san_result r = I.api.SetCallbackData(ld->function, t);

	if (r)
		fail(r, "sanitizerSetCallbackData");
}

static void on_callback(void *userdata, int domain, uint32_t cbid,
			const void *cbdata)
{
	(void)userdata;
	if (I.in_callback)      /* the patches' own module, if it says so */
		return;
	I.in_callback = true;
	if (domain == SAN_DOMAIN_RESOURCE && cbid == SAN_CBID_MODULE_LOADED)
		on_module_loaded(cbdata);
	else if (domain == SAN_DOMAIN_LAUNCH && cbid == SAN_CBID_LAUNCH_BEGIN)
		on_launch_begin(cbdata);
	I.in_callback = false;
}

/* Resolves the functions of the library at path lib into I.api. */
static int load(const char *lib, char *why, size_t whysize)
{
	static const struct {
		size_t off;
		const char *name;
	} syms[] = {
#define SYM(f) { offsetof(struct san_api, f), "sanitizer" #f }
		SYM(Subscribe), SYM(Unsubscribe), SYM(EnableCallback),
		SYM(AddPatches), SYM(PatchInstructions), SYM(PatchModule),
		SYM(SetCallbackData), SYM(GetResultString),
#undef SYM
	};

	if (!lib || !(I.lib = dlopen(lib, RTLD_NOW | RTLD_LOCAL))) {
		const char *e = lib ? dlerror() : NULL;

		snprintf(why, whysize, "the Compute Sanitizer's library could "
			 "not be loaded: %s", e ? e : "compute-sanitizer not "
			 "found");
		return -1;
	}
	for (size_t i = 0; i < ARRAY_SIZE(syms); i++) {
		void *f = dlsym(I.lib, syms[i].name);

		if (!f) {
			snprintf(why, whysize, "%s has no %s (a Compute "
				 "Sanitizer older than CUDA 11.3?)", lib,
				 syms[i].name);
			dlclose(I.lib);
			I.lib = NULL;
			return -1;
		}
		memcpy((char *)&I.api + syms[i].off, &f, sizeof(f));
	}
	return 0;
}

int instrument_open(const char *lib, char *why, size_t whysize)
{
	san_result r;

	if (load(lib, why, whysize) < 0)
		goto fail;
	/* a module image is read 8 bytes at a time: malloc's alignment */
	I.image = xmalloc(sizeof(culab_instrument_patches));
	memcpy(I.image, culab_instrument_patches,
	       sizeof(culab_instrument_patches));
	if ((r = I.api.Subscribe(&I.sub, on_callback, NULL))) {
		fail(r, "sanitizerSubscribe");
		goto said;
	}
	I.subscribed = true;
	if ((r = I.api.EnableCallback(1, I.sub, SAN_DOMAIN_RESOURCE,
				      SAN_CBID_MODULE_LOADED)) ||
	    (r = I.api.EnableCallback(1, I.sub, SAN_DOMAIN_LAUNCH,
				      SAN_CBID_LAUNCH_BEGIN))) {
		fail(r, "sanitizerEnableCallback");
		goto said;
	}
	return 0;
said:
	snprintf(why, whysize, "%s", I.why);
fail:
	instrument_close();
	return -1;
}

/* Adds table t's counts into v (the order of counted[]). */
static void table_sum(const struct it_table *t, double *v)
{
	for (size_t i = 0; i < IT_SLOTS; i++) {
		const struct it_slot *s = &t->slot[i];
		bool rd = s->kind & IT_READ, wr = s->kind & IT_WRITE;
		int ld = rd && !wr, st = wr && !rd;   /* atomics: neither */

		if (!s->key || (!ld && !st))
			continue;
		if (s->kind & IT_SHARED) {
			v[ld ? V_SH_LD : V_SH_ST] += (double)s->requests;
			v[ld ? V_WAVE_LD : V_WAVE_ST] += (double)s->wavefronts;
			v[ld ? V_SHB_LD : V_SHB_ST] += (double)s->bytes;
			v[ld ? V_CONF_LD : V_CONF_ST] +=
				(double)(s->wavefronts - s->wavefronts_ideal);
		} else if (s->kind & IT_GLOBAL) {
			v[ld ? V_GL_LD : V_GL_ST] += (double)s->requests;
			v[ld ? V_GLB_LD : V_GLB_ST] += (double)s->bytes;
			v[ld ? V_SEC_LD : V_SEC_ST] += (double)s->sectors;
		}
	}
}

/* The kernel_counters of the measurement just counted, into r. */
static int read_tables(const char *label, struct counters_result *r,
		       char *why, size_t whysize)
{
	struct it_table *h = xmalloc(sizeof(*h));
	int err = 0;

	r->k = xcalloc(I.nfn ? I.nfn : 1, sizeof(*r->k));
	for (size_t i = 0; i < I.nfn && !err; i++) {
		struct kernel_counters *k = &r->k[r->nk++];

		k->label = xstrdup(label);
		k->kernel = xstrdup(I.fn[i].name);
		k->theoretical_occupancy_pct = NAN;
		k->nvalues = V_COUNT;
		k->names = xcalloc(V_COUNT, sizeof(*k->names));
		k->values = xcalloc(V_COUNT, sizeof(*k->values));
		for (size_t j = 0; j < V_COUNT; j++)
			k->names[j] = xstrdup(instrument_raw(counted[j].raw));
		if ((err = (int)cudaMemcpy(h, I.pool[i], sizeof(*h),
					   cudaMemcpyDeviceToHost)))
			break;
		if (h->overflow) {
			snprintf(why, whysize, "kernel %s has more than %u "
				 "memory instructions: not all were counted",
				 I.fn[i].name, IT_SLOTS);
			err = -1;
			break;
		}
		table_sum(h, k->values);
	}
	if (err > 0)
		snprintf(why, whysize, "reading the counts: %s",
			 cudaGetErrorString((cudaError_t)err));
	free(h);
	return err ? -1 : 0;
}

/* Counts item it into r.  Returns 0, or -1 with r->error. */
static int count_one(const struct counters_item *it,
		     struct counters_result *r)
{
	char why[512] = "";
	int err = 0;

	memset(r, 0, sizeof(*r));
	if (it->prepare && it->prepare(it->ctx)) {
		r->error = xstrdup("its input could not be restored");
		return -1;
	}
	/* the tables the last measurement used, zeroed before the launch
	 * starts: the runner launches on a stream of its own, which does not
	 * wait for the default one */
	for (size_t i = 0; i < I.nfn && !err; i++)
		err = (int)cudaMemset(I.pool[i], 0, sizeof(struct it_table));
	if (!err)
		err = (int)cudaDeviceSynchronize();
	for (size_t i = 0; i < I.nfn; i++)
		free(I.fn[i].name);
	I.nfn = 0;
	I.too_many = false;
	I.counting = true;
	if (!err && !(err = it->launch(it->ctx)))
		err = (int)cudaDeviceSynchronize();
	I.counting = false;
	if (err)
		snprintf(why, sizeof(why), "its counted launch failed: %s",
			 cudaGetErrorString((cudaError_t)err));
	else if (I.why[0])
		snprintf(why, sizeof(why), "%s", I.why);
	else if (I.too_many)
		snprintf(why, sizeof(why), "it launches more than %d kernel "
			 "functions", MAX_FUNCTIONS);
	/* no launch at all (a transpose of one row by tile pairs) is no
	 * kernel, as CUPTI has none: its columns do not apply */
	if (!why[0] && read_tables(it->label, r, why, sizeof(why)) == 0)
		return 0;
	counters_result_release(r);
	r->error = xasprintf("not counted by instrumentation: %s", why);
	return -1;
}

int instrument_profile_batch(const struct counters_item *items, size_t n,
			     struct counters_result *res, char *why,
			     size_t whysize)
{
	int counted_any = 0, err = 0;

	if (!I.subscribed) {
		snprintf(why, whysize, "instrumentation is not set up");
		return -1;
	}
	/* zeroed once here, then after each use (count_one) */
	for (size_t i = 0; i < MAX_FUNCTIONS && !err; i++)
		if (!I.pool[i] &&
		    !(err = (int)cudaMalloc((void **)&I.pool[i],
					    sizeof(struct it_table))))
			err = (int)cudaMemset(I.pool[i], 0,
					      sizeof(struct it_table));
	if (err) {
		snprintf(why, whysize, "no device memory for the counts: %s",
			 cudaGetErrorString((cudaError_t)err));
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		counted_any |= count_one(&items[i], &res[i]) == 0;
	if (!counted_any)
		snprintf(why, whysize, "%s", n && res[0].error ? res[0].error :
			 "nothing to count");
	return counted_any ? 0 : -1;
}

void instrument_close(void)
{
	for (size_t i = 0; i < MAX_FUNCTIONS; i++)
		if (I.pool[i])
			cudaFree(I.pool[i]);
	for (size_t i = 0; i < I.nfn; i++)
		free(I.fn[i].name);
	if (I.subscribed)
		I.api.Unsubscribe(I.sub);
	/* the library stays loaded: the driver may call into it until the
	 * process ends */
	free(I.image);
	memset(&I, 0, sizeof(I));
}
