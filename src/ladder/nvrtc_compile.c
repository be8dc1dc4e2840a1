/* nvrtc_compile.c - compiling the user's CUDA source in the process.  See
 * nvrtc.h, the contract of the NVRTC room (with nvrtc_log.c and
 * nvrtc_text.c).
 *
 * libnvrtc is opened with dlopen, not linked: it is a 100 MiB library that
 * only user kernels need, and culab must start, check files and run its
 * built-in kernels on machines whose toolkit lacks it (GPU machines often
 * have the driver and nothing else).  Linked, a missing libnvrtc would
 * stop culab before main(); opened here, it costs one clear error when a
 * user kernel is compiled.  Every entry point goes into one table of
 * function pointers, resolved once.
 *
 * NVIDIA's <nvrtc.h> is not included: on culab's include path (-Isrc
 * first) that name is this module's own header.  The few types below are
 * NVRTC's C ABI, stable since CUDA 7: nvrtcResult is an enum and
 * nvrtcProgram an opaque pointer.
 *
 * The log is turned into diagnostics by nvrtc_log.c; the text scanners
 * (options, __global__ names, PTX parameters, ptxas figures) are in
 * nvrtc_text.c. */
#include "nvrtc.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/frame.h"
#include "base/util.h"

/* Where the toolkit culab was built with keeps its libraries (the
 * Makefile passes $(CUDA)/lib64; other builds, e.g. the fuzzers, get the
 * usual place).  A release tree's own copy, lib/ beside bin/, comes
 * first: it is the NVRTC culab was tested with, and a cluster may have no
 * toolkit at all. */
#ifndef CULAB_CUDA_LIB
#define CULAB_CUDA_LIB "/usr/local/cuda/lib64"
#endif

typedef int nvres;                      /* nvrtcResult */
typedef struct _nvrtcProgram *nvprog;   /* nvrtcProgram */

enum {
	NV_SUCCESS = 0,
	NV_ERROR_INVALID_OPTION = 5,
	NV_ERROR_COMPILATION = 6,
};

struct nvrtc_api {
	const char *(*GetErrorString)(nvres);
	nvres (*Version)(int *, int *);
	nvres (*GetNumSupportedArchs)(int *);
	nvres (*GetSupportedArchs)(int *);
	nvres (*CreateProgram)(nvprog *, const char *, const char *, int,
			       const char *const *, const char *const *);
	nvres (*DestroyProgram)(nvprog *);
	nvres (*CompileProgram)(nvprog, int, const char *const *);
	nvres (*GetPTXSize)(nvprog, size_t *);
	nvres (*GetPTX)(nvprog, char *);
	nvres (*GetCUBINSize)(nvprog, size_t *);
	nvres (*GetCUBIN)(nvprog, char *);
	nvres (*GetProgramLogSize)(nvprog, size_t *);
	nvres (*GetProgramLog)(nvprog, char *);
	nvres (*AddNameExpression)(nvprog, const char *);
	nvres (*GetLoweredName)(nvprog, const char *, const char **);
};

#define NVSYM(f) { "nvrtc" #f, offsetof(struct nvrtc_api, f) }
static const struct {
	const char *name;
	size_t off;
} nvrtc_syms[] = {
	NVSYM(GetErrorString), NVSYM(Version), NVSYM(GetNumSupportedArchs),
	NVSYM(GetSupportedArchs), NVSYM(CreateProgram), NVSYM(DestroyProgram),
	NVSYM(CompileProgram), NVSYM(GetPTXSize), NVSYM(GetPTX),
	NVSYM(GetCUBINSize), NVSYM(GetCUBIN), NVSYM(GetProgramLogSize),
	NVSYM(GetProgramLog), NVSYM(AddNameExpression), NVSYM(GetLoweredName),
};

_Static_assert(sizeof(void *) == sizeof(nvres (*)(void)),
	       "dlsym's pointers must fit the table's function pointers");

#define MAX_ARCHS 64

static struct nvrtc_api api;
static pthread_once_t open_once = PTHREAD_ONCE_INIT;
static int open_rc = -1;
static char open_why[640];
static int nv_major, nv_minor;
static int nv_archs[MAX_ARCHS];
static int nv_narchs;

static const char install_hint[] =
	"install the CUDA Toolkit 13's NVRTC (Debian/Ubuntu, NVIDIA's "
	"repository: cuda-nvrtc-13-0) or set LD_LIBRARY_PATH";

/* Copies dlerror()'s text, or "unknown error", into buf. */
static void copy_dlerror(char *buf, size_t size)
{
	const char *e = dlerror();

	snprintf(buf, size, "%s", e ? e : "unknown error");
}

/* ../lib/libnvrtc.so.13 from the executable's directory (the release
 * tarball's layout, docs/release.md, "Without root"), or NULL. */
static char *own_library(void)
{
	char exe[PATH_MAX], *slash;
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (len <= 0)
		return NULL;
	exe[len] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	return xasprintf("%s/../lib/libnvrtc.so.13", exe);
}

/* dlopens the first libnvrtc found: the release tree's, the toolkit's,
 * then the loader's. */
static void *load_library(void)
{
	static const char *const names[] = { "libnvrtc.so.13", "libnvrtc.so" };
	char first[256] = "", *own = own_library(), *path;
	void *h = NULL;
	size_t i;

	if (own && access(own, F_OK) == 0) {
		h = dlopen(own, RTLD_NOW | RTLD_LOCAL);
		if (!h)
			copy_dlerror(first, sizeof(first));
	}
	free(own);
	if (h)
		return h;
	path = xasprintf("%s/libnvrtc.so.13", CULAB_CUDA_LIB);
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	free(path);
	if (h)
		return h;
	if (!*first)   /* the release tree's failure says more */
		copy_dlerror(first, sizeof(first));
	for (i = 0; i < ARRAY_SIZE(names) && !h; i++)
		h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (!h)
		snprintf(open_why, sizeof(open_why),
			 "cannot load libnvrtc.so.13 (%s; not on the loader's "
			 "path either); %s", first, install_hint);
	return h;
}

/* Fills the table from h.  Returns 0, or -1 with open_why set. */
static int resolve_symbols(void *h)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(nvrtc_syms); i++) {
		void *sym = dlsym(h, nvrtc_syms[i].name);

		if (!sym) {
			snprintf(open_why, sizeof(open_why),
				 "libnvrtc lacks %s (too old for culab); %s",
				 nvrtc_syms[i].name, install_hint);
			return -1;
		}
		memcpy((char *)&api + nvrtc_syms[i].off, &sym, sizeof(sym));
	}
	return 0;
}

static void do_open(void)
{
	void *h = load_library();

	if (!h)
		return;
	if (resolve_symbols(h) < 0)
		goto out_close;
	if (api.Version(&nv_major, &nv_minor) != NV_SUCCESS ||
	    api.GetNumSupportedArchs(&nv_narchs) != NV_SUCCESS ||
	    nv_narchs < 0 || nv_narchs > MAX_ARCHS ||
	    api.GetSupportedArchs(nv_archs) != NV_SUCCESS) {
		snprintf(open_why, sizeof(open_why),
			 "libnvrtc does not answer nvrtcVersion or "
			 "nvrtcGetSupportedArchs; %s", install_hint);
		goto out_close;
	}
	open_rc = 0;
	return;

out_close:
	memset(&api, 0, sizeof(api));
	nv_narchs = 0;
	dlclose(h);
}

int nvrtc_open(char *why, size_t whysize)
{
	pthread_once(&open_once, do_open);
	if (open_rc < 0 && why && whysize)
		snprintf(why, whysize, "%s", open_why);
	return open_rc;
}

const char *nvrtc_version_text(char *buf, size_t size)
{
	if (!size)
		return buf;
	buf[0] = '\0';
	if (nvrtc_open(NULL, 0) == 0)
		snprintf(buf, size, "%d.%d", nv_major, nv_minor);
	return buf;
}

const char *nvrtc_archs_text(char *buf, size_t size)
{
	char names[MAX_ARCHS][16];
	const char *ptrs[MAX_ARCHS];
	int i;

	if (!size)
		return buf;
	buf[0] = '\0';
	if (nvrtc_open(NULL, 0) < 0)
		return buf;
	for (i = 0; i < nv_narchs; i++) {
		snprintf(names[i], sizeof(names[i]), "sm_%d", nv_archs[i]);
		ptrs[i] = names[i];
	}
	return join_words(ptrs, (size_t)nv_narchs, buf, size);
}

bool nvrtc_arch_supported(const char *arch)
{
	char *end;
	long n;
	int i;

	if (!arch || strncmp(arch, "sm_", 3) != 0 || arch[3] < '1' ||
	    arch[3] > '9' || nvrtc_open(NULL, 0) < 0)
		return false;
	n = strtol(arch + 3, &end, 10);
	/* "a": the chip's own features (sm_90 on); "f": the family's
	 * (sm_100 on) */
	if ((*end == 'a' && n >= 90) || (*end == 'f' && n >= 100))
		end++;
	if (*end)
		return false;
	for (i = 0; i < nv_narchs; i++)
		if (nv_archs[i] == n)
			return true;
	return false;
}

/* ---- compiling ------------------------------------------------------------ */

/* One NVRTC program and what its compilation said. */
struct program {
	nvprog prog;
	nvres res;
	char *log;
};

static void program_release(struct program *p)
{
	if (p->prog)
		api.DestroyProgram(&p->prog);
	free(p->log);
	memset(p, 0, sizeof(*p));
}

static bool has_std_option(const struct nvrtc_input *in)
{
	size_t i;

	for (i = 0; i < in->noptions; i++)
		if (!strncmp(in->options[i], "-std=", 5) ||
		    !strncmp(in->options[i], "--std=", 6))
			return true;
	return false;
}

/* culab's options, then the caller's.  NVRTC warns about a second -std,
 * so culab's -std=c++17 steps aside when the caller gives one.  The
 * strings at *owned are the caller's to free. */
static const char **build_options(const struct nvrtc_input *in, bool verbose,
				  int *n, char **owned_arch, char **owned_inc)
{
	const char **opts = xcalloc(in->noptions + 6, sizeof(*opts));
	size_t i;
	int k = 0;

	*owned_arch = xasprintf("-arch=%s", in->arch);
	*owned_inc = in->include_dir ? xasprintf("-I%s", in->include_dir) : NULL;
	opts[k++] = *owned_arch;
	opts[k++] = "-lineinfo";
	if (!has_std_option(in))
		opts[k++] = "-std=c++17";
	if (verbose)
		opts[k++] = "-Xptxas=-v";
	if (*owned_inc)
		opts[k++] = *owned_inc;
	for (i = 0; i < in->noptions; i++)
		opts[k++] = in->options[i];
	*n = k;
	return opts;
}

/* Reads the program's log into p->log ("" when there is none). */
static void read_log(struct program *p)
{
	size_t size = 0;

	if (api.GetProgramLogSize(p->prog, &size) != NV_SUCCESS || !size) {
		p->log = xstrdup("");
		return;
	}
	p->log = xmalloc(size + 1);
	if (api.GetProgramLog(p->prog, p->log) != NV_SUCCESS)
		size = 0;
	p->log[size] = '\0';
}

/* Creates and compiles the program (-Xptxas=-v when verbose).  Returns
 * 0 when NVRTC compiled or refused it (p->res says which, p->log why),
 * -1 after a diagnostic when NVRTC failed before that. */
static int run_nvrtc(const struct nvrtc_input *in, bool verbose,
		     struct program *p)
{
	char *arch = NULL, *inc = NULL;
	const char **opts;
	nvres r;
	size_t i;
	int n, rc = -1;

	memset(p, 0, sizeof(*p));
	r = api.CreateProgram(&p->prog, in->text, in->path, 0, NULL, NULL);
	if (r != NV_SUCCESS) {
		p->prog = NULL;
		return diag_error("NVRTC cannot create a program of \"%s\": %s",
				  in->path, api.GetErrorString(r));
	}
	for (i = 0; i < in->nnames; i++) {
		r = api.AddNameExpression(p->prog, in->names[i]);
		if (r != NV_SUCCESS) {
			diag_error_at(in->path, 0, 0, "NVRTC refused name "
				      "expression \"%s\": %s", in->names[i],
				      api.GetErrorString(r));
			goto out;
		}
	}
	opts = build_options(in, verbose, &n, &arch, &inc);
	p->res = api.CompileProgram(p->prog, n, opts);
	free(opts);
	read_log(p);
	rc = 0;
out:
	free(arch);
	free(inc);
	if (rc < 0)
		program_release(p);
	return rc;
}

/* Copies the PTX, the cubin and the lowered names into *out.  Returns 0,
 * or -1 after a diagnostic. */
static int take_output(const struct nvrtc_input *in, struct program *p,
		       struct nvrtc_output *out)
{
	size_t size = 0, i;

	if (api.GetPTXSize(p->prog, &size) != NV_SUCCESS || !size)
		goto out_fail;
	out->ptx = xmalloc(size + 1);
	if (api.GetPTX(p->prog, out->ptx) != NV_SUCCESS)
		goto out_fail;
	out->ptx[size] = '\0';
	out->ptx_len = strlen(out->ptx);
	if (api.GetCUBINSize(p->prog, &out->cubin_len) != NV_SUCCESS ||
	    !out->cubin_len)
		goto out_fail;
	out->cubin = xmalloc(out->cubin_len);
	if (api.GetCUBIN(p->prog, out->cubin) != NV_SUCCESS)
		goto out_fail;
	out->nlowered = in->nnames;
	out->lowered = xcalloc(in->nnames, sizeof(*out->lowered));
	for (i = 0; i < in->nnames; i++) {
		const char *low = NULL;

		if (api.GetLoweredName(p->prog, in->names[i], &low) ==
		    NV_SUCCESS && low)
			out->lowered[i] = xstrdup(low);
	}
	out->log = p->log;
	p->log = NULL;
	return 0;

out_fail:
	nvrtc_output_release(out);
	return diag_error("NVRTC compiled \"%s\" for %s but gave no machine "
			  "code", in->path, in->arch);
}

/* A failed compilation: reports its log.  ptxas's own errors ("uses too
 * much shared data") are missing from the log under -Xptxas=-v, so a
 * failure whose log names no error is compiled again without it, for the
 * reason.  Returns 1. */
static int report_failure(const struct nvrtc_input *in, struct program *p)
{
	struct program quiet;

	if (nvrtc_log_errors(p->log) > 0) {
		nvrtc_report_log(in, p->log);
		return 1;
	}
	if (run_nvrtc(in, false, &quiet) == 0) {
		int n = quiet.res == NV_SUCCESS ? 0 :
			nvrtc_report_log(in, quiet.log);

		program_release(&quiet);
		if (n > 0)
			return 1;
	}
	diag_error_at(in->path, 0, 0, "NVRTC could not compile it for %s and "
		      "said no more than \"%s\"", in->arch,
		      api.GetErrorString(p->res));
	return 1;
}

int nvrtc_compile(const struct nvrtc_input *in, struct nvrtc_output *out)
{
	struct program p;
	char why[sizeof(open_why)];
	int rc;

	memset(out, 0, sizeof(*out));
	if (!in->path || !in->text || !in->arch)
		return diag_error("nvrtc_compile needs a path, a text and an "
				  "architecture");
	if (nvrtc_open(why, sizeof(why)) < 0)
		return diag_error("%s", why);
	if (memchr(in->text, '\0', in->len)) {
		diag_error_at(in->path, 0, 0, "the source contains a NUL byte");
		return 1;
	}
	if (run_nvrtc(in, true, &p) < 0)
		return -1;
	rc = -1;
	if (p.res == NV_SUCCESS) {
		nvrtc_report_log(in, p.log);
		rc = take_output(in, &p, out);
	} else if (p.res == NV_ERROR_COMPILATION ||
		   p.res == NV_ERROR_INVALID_OPTION) {
		rc = report_failure(in, &p);
	} else {
		diag_error("NVRTC failed on \"%s\": %s", in->path,
			   api.GetErrorString(p.res));
	}
	program_release(&p);
	return rc;
}

void nvrtc_output_put(struct sbuf *b, const struct nvrtc_output *o)
{
	frame_put_field(b, o->cubin, o->cubin_len);
	frame_put_field(b, o->ptx, o->ptx_len);
	frame_put_str(b, o->log ? o->log : "");
	frame_put_u64(b, o->nlowered);
	for (size_t i = 0; i < o->nlowered; i++)
		frame_put_str(b, o->lowered[i]);
}

int nvrtc_output_get(struct frame_reader *r, size_t max_names,
		     struct nvrtc_output *out)
{
	const char *f;
	size_t n;
	uint64_t v;

	memset(out, 0, sizeof(*out));
	f = frame_get_field(r, &n);
	if (!f || !n)
		goto out_bad;
	out->cubin = xmalloc(n);
	memcpy(out->cubin, f, n);
	out->cubin_len = n;
	f = frame_get_field(r, &n);
	if (!f || memchr(f, '\0', n))
		goto out_bad;
	out->ptx = xstrndup(f, n);
	out->ptx_len = n;
	out->log = frame_get_str(r);
	v = frame_get_u64(r);
	if (r->bad || !out->log || v > max_names)
		goto out_bad;
	out->nlowered = (size_t)v;
	out->lowered = xcalloc(out->nlowered + 1, sizeof(*out->lowered));
	for (size_t i = 0; i < out->nlowered; i++)
		out->lowered[i] = frame_get_str(r);   /* NULL: none found */
	if (r->bad)
		goto out_bad;
	return 0;

out_bad:
	nvrtc_output_release(out);
	return -1;
}

void nvrtc_output_release(struct nvrtc_output *o)
{
	size_t i;

	if (!o)
		return;
	free(o->cubin);
	free(o->ptx);
	for (i = 0; i < o->nlowered; i++)
		free(o->lowered[i]);
	free(o->lowered);
	free(o->log);
	memset(o, 0, sizeof(*o));
}
