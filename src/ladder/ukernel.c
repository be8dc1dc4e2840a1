/* ukernel.c - preparing the user's kernels: geometry, compiling the
 * instances a measurement needs, the family's contract.  See ladder.h.
 *
 * Host code only: NVRTC (through nvrtc.h and its cache, kcache.h) needs
 * no GPU, so `culab check` runs all of this on a machine without one.
 * Launching is ukernel_launch.c's. */
#include "ladder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "kcache.h"
#include "kcompile.h"
#include "base/util.h"
#include "ukernel_contract.h"

/* Largest grid the driver accepts in x and in y. */
#define GRID_X_MAX 2147483647ull
#define GRID_Y_MAX 65535ull
/* Dynamic shared memory culab lets an expression ask for; the GPU's own
 * limit is checked at launch. */
#define SHARED_MAX (1ull << 20)
/* Most passes of a relaunched reduction. */

static const char *const finish_names[UK__FINISHES] = {
	"", "host", "relaunch", "atomic", "device"
};

const char *uk_finish_name(enum uk_finish f)
{
	return (unsigned)f < UK__FINISHES ? finish_names[f] : "";
}

int uk_finish_parse(const char *s, enum uk_finish *f)
{
	for (int i = 1; i < UK__FINISHES; i++)
		if (strcmp(s, finish_names[i]) == 0) {
			*f = (enum uk_finish)i;
			return 0;
		}
	return -1;
}

/* ---- geometry --------------------------------------------------------------- */

#define COMMON_VARS (EXPR_VAR_BIT(EV_BLOCK) | EXPR_VAR_BIT(EV_BLOCK_X) | \
		     EXPR_VAR_BIT(EV_BLOCK_Y) | EXPR_VAR_BIT(EV_ELEM) |     \
		     EXPR_VAR_BIT(EV_ACC) | EXPR_VAR_BIT(EV_WARP))

unsigned ukernel_geometry_vars(enum family family)
{
	unsigned v = COMMON_VARS | EXPR_VAR_BIT(EV_SM_COUNT);

	if (family == FAMILY_REDUCE)
		return v | EXPR_VAR_BIT(EV_N);
	return v | EXPR_VAR_BIT(EV_ROWS) | EXPR_VAR_BIT(EV_COLS);
}

unsigned ukernel_define_vars(void)
{
	return COMMON_VARS;
}

static int block_threads(const struct ukernel *k, const struct kernel_args *a,
			 int *bx, int *by)
{
	*bx = k->takes_block && a->block > 0 ? a->block : k->block_x;
	*by = k->takes_block ? 1 : k->block_y;
	return *bx * *by;
}

/* The element size of a pass: a relaunched int reduction reads its
 * partial sums (culab_acc_t) after the first pass. */
static void fill_vars(const struct ukernel *k, const struct kernel_args *a,
		      uint64_t n, bool acc_pass, double vars[EV__COUNT])
{
	enum dtype t = (enum dtype)a->dtype;
	int bx, by;

	memset(vars, 0, EV__COUNT * sizeof(vars[0]));
	vars[EV_BLOCK] = block_threads(k, a, &bx, &by);
	vars[EV_BLOCK_X] = bx;
	vars[EV_BLOCK_Y] = by;
	vars[EV_ACC] = (double)(k->family == FAMILY_REDUCE ?
				dtype_acc_size(t) : dtype_size(t));
	vars[EV_ELEM] = acc_pass ? vars[EV_ACC] : (double)dtype_size(t);
	vars[EV_SM_COUNT] = a->sm_count > 0 ? a->sm_count : ASSUMED_SM_COUNT;
	vars[EV_WARP] = 32;
	vars[EV_N] = (double)n;
	vars[EV_ROWS] = (double)a->n;
	vars[EV_COLS] = (double)a->m;
}

void ukernel_vars(const struct ukernel *k, const struct kernel_args *a,
		  uint64_t n, double vars[EV__COUNT])
{
	fill_vars(k, a, n, false, vars);
}

static int geometry(const struct ukernel *k, const struct kernel_args *a,
		    uint64_t n, bool acc_pass, struct uk_geometry *g, char *why,
		    size_t whysize)
{
	double vars[EV__COUNT];
	uint64_t v;
	int bx, by;

	fill_vars(k, a, n, acc_pass, vars);
	block_threads(k, a, &bx, &by);
	g->block[0] = (unsigned)bx;
	g->block[1] = (unsigned)by;
	if (expr_eval_int(k->grid[0], vars, "grid x", 1, GRID_X_MAX, &v, why,
			  whysize) < 0)
		return -1;
	g->grid[0] = (unsigned)v;
	g->grid[1] = 1;
	if (k->grid[1]) {
		if (expr_eval_int(k->grid[1], vars, "grid y", 1, GRID_Y_MAX, &v,
				  why, whysize) < 0)
			return -1;
		g->grid[1] = (unsigned)v;
	}
	g->shared = 0;
	if (k->shared) {
		if (expr_eval_int(k->shared, vars, "shared", 0, SHARED_MAX, &v,
				  why, whysize) < 0)
			return -1;
		g->shared = (size_t)v;
	}
	return 0;
}


int ukernel_passes(const struct ukernel *k, const struct kernel_args *a,
		   struct uk_pass *p, size_t *np, char *why, size_t whysize)
{
	uint64_t n = k->family == FAMILY_REDUCE ? a->n : a->n * a->m;
	bool relaunch = k->finish == UK_RELAUNCH;
	char sub[192];

	*np = 0;
	for (size_t i = 0; i < UKERNEL_MAX_PASSES; i++) {
		bool acc = i > 0 && a->dtype == DTYPE_INT && !k->same_buffer;

		if (geometry(k, a, n, acc, &p[i].g, sub, sizeof(sub)) < 0) {
			if (i)
				snprintf(why, whysize, "pass %zu over %llu "
					 "partial sums: %s", i + 1,
					 (unsigned long long)n, sub);
			else
				snprintf(why, whysize, "%s", sub);
			return -1;
		}
		p[i].n = n;
		p[i].acc_pass = acc;
		*np = i + 1;
		if (!relaunch || p[i].g.grid[0] == 1)
			return 0;
		if (p[i].g.grid[0] >= n) {
			snprintf(why, whysize, "\"finish: relaunch\" needs fewer "
				 "blocks than elements, but %llu elements get "
				 "%u blocks: the partial sums never shrink to "
				 "one", (unsigned long long)n, p[i].g.grid[0]);
			return -1;
		}
		n = p[i].g.grid[0];
	}
	snprintf(why, whysize, "\"finish: relaunch\" takes more than %d "
		 "passes", UKERNEL_MAX_PASSES);
	return -1;
}

int ukernel_first_loads(const struct ukernel *k, const struct kernel_args *a)
{
	struct uk_geometry g;
	uint64_t threads;
	char why[256];

	if (!k || k->family != FAMILY_REDUCE ||
	    geometry(k, a, a->n, false, &g, why, sizeof(why)) < 0)
		return 0;
	threads = (uint64_t)g.grid[0] * g.grid[1] * g.block[0] * g.block[1];
	if (!threads)
		return 0;
	return (int)((a->n + threads - 1) / threads);
}

/* Device scratch of a run: the partial sums (a relaunch ping-pongs
 * between two buffers; its last pass writes the output). */
size_t ukernel_work(const struct kernel_args *a)
{
	const struct ukernel *k = a->ctx;
	struct uk_pass p[UKERNEL_MAX_PASSES];
	size_t np, acc = dtype_acc_size((enum dtype)a->dtype);
	char why[256];

	if (!k || k->family != FAMILY_REDUCE || k->same_buffer ||
	    ukernel_passes(k, a, p, &np, why, sizeof(why)) < 0)
		return 0;
	if (k->finish == UK_HOST)
		return (size_t)p[0].g.grid[0] * acc;
	if (k->finish != UK_RELAUNCH || np < 2)
		return 0;
	return ((size_t)p[0].g.grid[0] + (np > 2 ? p[1].g.grid[0] : 0)) * acc;
}

/* Pinned host scratch: the partial sums the host adds. */
size_t ukernel_host(const struct kernel_args *a)
{
	const struct ukernel *k = a->ctx;
	struct uk_geometry g;
	char why[256];

	if (!k || k->finish != UK_HOST ||
	    geometry(k, a, a->n, false, &g, why, sizeof(why)) < 0)
		return 0;
	return (size_t)g.grid[0] * dtype_acc_size((enum dtype)a->dtype);
}

/* ---- instances ---------------------------------------------------------------- */

struct uk_inst *ukernel_inst_sized(const struct ukernel *k, enum dtype t,
				   int block, bool acc_pass, uint64_t n)
{
	for (size_t i = 0; i < k->ninst; i++) {
		struct uk_inst *u = &k->inst[i];

		if (u->t == t && u->acc_pass == acc_pass &&
		    (u->block == 0 || u->block == block) &&
		    (!k->sized || !n || u->n == n))
			return u;
	}
	return NULL;
}

struct uk_inst *ukernel_inst(const struct ukernel *k, enum dtype t, int block,
			     bool acc_pass)
{
	return ukernel_inst_sized(k, t, block, acc_pass, 0);
}

/* Whether a -D value depends on the block: then each block size is an
 * instance of its own. */
static bool defines_use_block(const struct ukernel *k)
{
	unsigned b = EXPR_VAR_BIT(EV_BLOCK) | EXPR_VAR_BIT(EV_BLOCK_X) |
		     EXPR_VAR_BIT(EV_BLOCK_Y);

	for (size_t i = 0; i < k->ndefines; i++)
		if (k->defines[i].value && (expr_uses(k->defines[i].value) & b))
			return true;
	return false;
}

/* The options of instance u: culab's types, the -D macros, the user's. */
static char **inst_options(const struct ukernel *k, const struct uk_inst *u,
			   size_t *n, char *why, size_t whysize)
{
	enum dtype t = u->t;
	const char *elem = u->acc_pass ? "long long" : dtype_name(t);
	const char *acc = k->family == FAMILY_REDUCE && t == DTYPE_INT ?
			  "long long" : dtype_name(t);
	struct kernel_args a = { .dtype = (int)t, .block = u->block };
	char **o = xcalloc(5 + k->ndefines + k->noptions, sizeof(char *));
	double vars[EV__COUNT];
	size_t i;

	fill_vars(k, &a, 1, u->acc_pass, vars);
	*n = 0;
	o[(*n)++] = xasprintf("-Dculab_t=%s", elem);
	o[(*n)++] = xasprintf("-Dculab_acc_t=%s", acc);
	o[(*n)++] = xasprintf("-DCULAB_ELEM_SIZE=%d", (int)vars[EV_ELEM]);
	o[(*n)++] = xasprintf("-DCULAB_ACC_SIZE=%d", (int)vars[EV_ACC]);
	if (k->sized)
		o[(*n)++] = xasprintf("-D%s=%llu", UKERNEL_SIZE_MACRO,
				      (unsigned long long)u->n);
	for (i = 0; i < k->ndefines; i++) {
		const struct uk_define *d = &k->defines[i];
		uint64_t v;

		if (!d->value) {
			o[(*n)++] = xasprintf("-D%s", d->name);
			continue;
		}
		if (expr_eval_int(d->value, vars, d->name, 0, INT64_MAX, &v, why,
				  whysize) < 0)
			goto fail;
		o[(*n)++] = xasprintf("-D%s=%llu", d->name, (unsigned long long)v);
	}
	for (i = 0; i < k->noptions; i++)
		o[(*n)++] = xstrdup(k->options[i]);
	return o;
fail:
	for (i = 0; i < *n; i++)
		free(o[i]);
	free(o);
	return NULL;
}

/* Compiles instance u (or takes it from the cache) and checks it.
 * Returns 0; -1 when it does not compile; -2 when it breaks the contract,
 * or its compilation was stopped at a limit, whose one line says all
 * (diagnostics printed). */
static int inst_compile(struct ukernel *k, struct uk_inst *u, const char *arch)
{
	const char *names[1] = { k->function };
	struct nvrtc_input in = {
		.path = k->path, .text = k->text, .len = k->len,
		.include_dir = k->dir, .arch = arch,
		.confined = k->confined,
		.confine = (const char *const *)k->confine,
		.nconfine = k->nconfine,
		.names = names, .nnames = 1,
	};
	char why[256], **opts;
	size_t nopts, i;
	double t0 = monotonic_seconds();
	int rc;

	opts = inst_options(k, u, &nopts, why, sizeof(why));
	if (!opts)
		return diag_error_at(k->yaml_path, k->at.line, k->at.col,
				     "kernel \"%s\": defines: %s", k->label, why);
	in.options = (const char *const *)opts;
	in.noptions = nopts;
	rc = kcache_compile(&in, &u->out, &u->cache_hit);
	u->compile_seconds = monotonic_seconds() - t0;
	for (i = 0; i < nopts; i++)
		free(opts[i]);
	free(opts);
	if (rc == KCOMPILE_STOPPED)
		return -2;
	if (rc != 0)
		return -1;
	if (!u->out.nlowered || !u->out.lowered[0])
		return -1 + diag_error_at(k->yaml_path, k->function_at.line,
				     k->function_at.col, "kernel \"%s\": NVRTC "
				     "found no kernel for \"%s\"", k->label,
				     k->function);
	u->lowered = xstrdup(u->out.lowered[0]);
	if (contract_read(k, u) < 0)
		return -1 + diag_error_at(k->yaml_path, k->function_at.line,
					  k->function_at.col, "kernel \"%s\": "
					  "\"%s\" is not a __global__ function",
					  k->label, k->function);
	u->registers = u->spill_bytes = -1;
	nvrtc_ptxas_info(u->out.log, u->lowered, &u->registers,
			 &u->spill_bytes, &(int){ 0 });
	return contract_check(k, u) < 0 ? -2 : 0;
}

/* ---- preparing -------------------------------------------------------------- */

/* Reports a geometry problem at the expression it comes from. */
static int geometry_error(const struct ukernel *k, const struct ukernel_use *use,
			  const char *why)
{
	struct uk_pos at = k->grid_at[0];
	char block[32] = "";

	if (strstr(why, "shared"))
		at = k->shared_at;
	else if (strstr(why, "grid y"))
		at = k->grid_at[1];
	if (use->block)
		snprintf(block, sizeof(block), ", block %d", use->block);
	return diag_error_at(k->yaml_path, at.line, at.col, "kernel \"%s\" at "
			     "%s (%s%s): %s", k->label, use->size_text,
			     dtype_name(use->t), block, why);
}

/* The instance a pass needs, added to k's list when new: per type, per
 * block when a -D value uses it, per size when N holds it. */
static struct uk_inst *inst_for(struct ukernel *k, enum dtype t, int block,
				const struct uk_pass *pass, bool *is_new)
{
	struct uk_inst *u;
	int key = defines_use_block(k) ? block : 0;
	uint64_t n = k->sized ? pass->n : 0;
	bool acc_pass = pass->acc_pass;

	*is_new = false;
	for (size_t i = 0; i < k->ninst; i++) {
		u = &k->inst[i];
		if (u->t == t && u->block == key && u->acc_pass == acc_pass &&
		    u->n == n)
			return u;
	}
	k->inst = xrealloc(k->inst, (k->ninst + 1) * sizeof(*k->inst));
	u = &k->inst[k->ninst++];
	memset(u, 0, sizeof(*u));
	u->t = t;
	u->block = key;
	u->acc_pass = acc_pass;
	u->n = n;
	*is_new = true;
	return u;
}

/* After a compile error: what culab compiled. */
static void compile_note(const struct ukernel *k, const struct uk_inst *u)
{
	char size[96] = "";
	int line, col;

	if (k->sized)
		snprintf(size, sizeof(size), ", with %s defined as %llu, the "
			 "element count (it takes (in, out))",
			 UKERNEL_SIZE_MACRO, (unsigned long long)u->n);
	diag_note_at(k->path, 0, 0, "while compiling kernel \"%s\" for %s%s%s",
		     k->label, dtype_name(u->t), u->acc_pass ?
		     " (its passes over 64-bit partial sums)" : "", size);
	if (k->sized && nvrtc_find_declaration(k->text, k->len,
					       UKERNEL_SIZE_MACRO, &line,
					       &col) == 0)
		diag_note_at(k->path, line, col, "%s is culab's in this file "
			     "(\"%s\" takes (in, out)): remove this "
			     "declaration, or rename it", UKERNEL_SIZE_MACRO,
			     k->function);
}

int ukernel_compiler_open(const char *what, const char *arch)
{
	char why[512];

	if (nvrtc_open(why, sizeof(why)) < 0)
		return diag_error("cannot compile the kernels of \"%s\": %s",
				  what, why);
	if (!nvrtc_arch_supported(arch))
		return diag_error("NVRTC cannot compile for %s (it supports %s)",
				  arch, nvrtc_archs_text(why, sizeof(why)));
	return 0;
}

int ukernel_prepare(struct ukernel *k, const struct ukernel_use *use,
		    const char *arch, struct ukernel_stats *st)
{
	struct kernel_args a = {
		.dtype = (int)use->t, .n = (size_t)use->n, .m = (size_t)use->m,
		.block = use->block, .sm_count = use->sm_count, .ctx = k,
	};
	struct uk_pass pass[UKERNEL_MAX_PASSES];
	char why[256];
	size_t np;

	if (contract_prepare(k) < 0)
		return -1;
	if (ukernel_passes(k, &a, pass, &np, why, sizeof(why)) < 0)
		return geometry_error(k, use, why);
	for (size_t i = 0; i < np; i++) {
		bool is_new;
		struct uk_inst *u = inst_for(k, use->t, use->block, &pass[i],
					     &is_new);

		if (!is_new) {
			if (contract_check_sizes(k, u, use, pass[i].n) < 0)
				return -1;
			continue;
		}
		switch (inst_compile(k, u, arch)) {
		case 0:
			break;
		case -1:
			compile_note(k, u);
			return -1;
		default:
			return -1;
		}
		if (contract_check_sizes(k, u, use, pass[i].n) < 0)
			return -1;
		st->instances++;
		st->cache_hits += u->cache_hit;
		st->compile_seconds += u->compile_seconds;
		if (getenv("CULAB_UKERNEL_TRACE")) {
			char size[48] = "";

			if (k->sized)
				snprintf(size, sizeof(size), ", %s %llu",
					 UKERNEL_SIZE_MACRO,
					 (unsigned long long)u->n);
			fprintf(stderr, "culab: ukernel: %s %s%s (block %d%s): "
				"%s in %.3f s\n", k->label, dtype_name(u->t),
				u->acc_pass ? " 64-bit pass" : "", u->block, size,
				u->cache_hit ? "from the cache" : "compiled",
				u->compile_seconds);
		}
	}
	return 0;
}

int ukernel_sources_sha256(const struct ukernel *k, char out[65])
{
	const struct nvrtc_input in = {
		.path = k->path, .text = k->text, .len = k->len,
		.include_dir = k->dir, .confined = k->confined,
		.confine = (const char *const *)k->confine,
		.nconfine = k->nconfine,
	};

	return kcache_sources_sha256(&in, out);
}

void ukernel_free(struct ukernel *k)
{
	if (!k)
		return;
	for (size_t i = 0; i < k->ninst; i++) {
		nvrtc_output_release(&k->inst[i].out);
		free(k->inst[i].lowered);
	}
	free(k->inst);
	free(k->decl);
	free(k->label);
	free(k->path);
	free(k->dir);
	for (size_t i = 0; i < k->nconfine; i++)
		free(k->confine[i]);
	free(k->confine);
	free(k->text);
	free(k->function);
	expr_free(k->grid[0]);
	expr_free(k->grid[1]);
	expr_free(k->shared);
	for (size_t i = 0; i < k->ndefines; i++) {
		free(k->defines[i].name);
		expr_free(k->defines[i].value);
	}
	free(k->defines);
	for (size_t i = 0; i < k->noptions; i++)
		free(k->options[i]);
	free(k->options);
	free(k->student_id);
	free(k->student_name);
	free(k->title);
	free(k->title_zh);
	free(k->about);
	free(k->about_zh);
	free(k->timed_region);
	free(k->source_ref);
	free(k->fingerprint);
	free(k);
}
