/* ukernel.h - the user's own kernels: CUDA source files named in an
 * experiment file, compiled in the process with NVRTC and run as rows of
 * the registry beside the built-in rungs.
 *
 * Life of a user kernel:
 *  1. Loading (experiment_kernels.c): an item of an experiment's
 *     `kernels` list becomes a struct ukernel -- its source read and its
 *     __global__ function found in it, its geometry expressions parsed --
 *     and a registry row (VF_USER, step 0, source "path:function") whose
 *     ctx is the ukernel.  The same kernel named by several experiments of
 *     a file is one row.  experiment_file_release() drops them.
 *  2. Preparing (ukernel.c, ukernel_prepare): every instance the plan
 *     needs -- one per element type, and per block size when a -D value
 *     depends on it -- is compiled (or taken from the cache, kcache.h),
 *     its parameters checked against the family's contract, and the
 *     launch geometry evaluated for every measurement of the plan.  No
 *     GPU is needed: `culab check` prepares for the GPU present or an
 *     assumed architecture; `culab run` prepares before any GPU work.
 *     Every problem is a GNU-format diagnostic at the user's file:line:col
 *     (in the .cu file for compile errors, in the experiment file for the
 *     rest).
 *  3. Running (ukernel_launch.c): the registry row's launcher loads the
 *     instance's machine code into the current context on first use and
 *     launches it through the driver API, finishing a reduction the way
 *     its `finish` key says.
 *
 * The contract a kernel must meet (README "Measure your own kernel" is
 * the user-facing version):
 *   reduce:    __global__ void f(const culab_t *in, culab_acc_t *out, N n)
 *   transpose: __global__ void f(const culab_t *in, culab_t *out, R rows,
 *                                C cols)       in: rows x cols, row-major
 * where N, R and C are 4- or 8-byte integers.  culab defines culab_t
 * (int, float or double), culab_acc_t (long long for int: sums of ints
 * are exact in 64 bits, as in the built-in rungs; else culab_t) and
 * CULAB_ELEM_SIZE with -D for each type it compiles. */
#ifndef CULAB_UKERNEL_H
#define CULAB_UKERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/dtype.h"
#include "base/expr.h"
#include "family.h"
#include "nvrtc.h"
#include "kernels/kernels.h"

struct experiment_file;
struct plan;

/* Largest kernel source culab reads, in bytes. */
#define UKERNEL_MAX_SOURCE (1u << 20)
/* Most user kernels one experiment file may name. */
#define UKERNEL_MAX_KERNELS 256
/* Default and largest time one launch may take, in seconds. */
#define UKERNEL_TIME_LIMIT_DEFAULT 10.0
#define UKERNEL_TIME_LIMIT_MAX 600.0
/* Most -D macros and options per kernel. */
#define UKERNEL_MAX_DEFINES 32
#define UKERNEL_MAX_OPTIONS 16

/* How a reduction kernel's per-block results become the sum. */
enum uk_finish {
	UK_FINISH_NONE = 0,  /* transpose: nothing to finish */
	UK_HOST,             /* out = partials; the host adds them (timed) */
	UK_RELAUNCH,         /* out = partials; relaunched until one is left */
	UK_ATOMIC,           /* out = one accumulator culab zeroes (timed) */
	UK_DEVICE,           /* one launch leaves the sum in out[0] */
	UK__FINISHES
};

/* A place in the experiment file, for diagnostics. */
struct uk_pos {
	int line, col;
};

struct uk_define {
	char *name;
	struct expr *value;       /* NULL: -DNAME (the value `true`) */
	struct uk_pos at;
};

/* One compiled instance: a type, and a block size when a -D value
 * depends on it (else block 0). */
struct uk_inst {
	enum dtype t;
	int block;
	bool acc_pass;            /* reduce relaunch of ints: compiled with
				     culab_t = culab_acc_t, for the passes
				     over the partial sums */
	struct nvrtc_output out;
	char *lowered;            /* the entry's lowered name */
	size_t nparams;
	size_t psize[NVRTC_MAX_PARAMS];
	int registers, spill_bytes; /* ptxas's, -1 when unknown */
	bool cache_hit;
	double compile_seconds;
	void *module;             /* CUmodule, loaded on first launch */
	void *function;           /* CUfunction */
};

struct ukernel {
	char *label;              /* the registry name */
	char *path;               /* the source, as culab opens it (relative
				     to the working directory) */
	char *dir;                /* its directory, for #include "..." */
	char *text;               /* the source */
	size_t len;
	char *function;           /* __global__ name or name expression */
	enum family family;
	enum uk_finish finish;
	bool same_buffer;         /* output: input -- out is the input buffer */
	bool in_place;            /* writes into its input (or same_buffer) */
	int block_x, block_y;     /* threads per block (reduce: block_y 1) */
	bool takes_block;         /* reduce: the experiment's `block` applies */
	struct expr *grid[2];     /* reduce: [0] only */
	struct expr *shared;      /* dynamic shared memory bytes, or NULL */
	struct uk_define *defines;
	size_t ndefines;
	char **options;
	size_t noptions;
	unsigned dtypes;          /* DTYPE_BIT mask it may be compiled for */
	double time_limit;        /* seconds per launch */
	char *title, *title_zh, *about, *about_zh;
	char *timed_region;
	char *source_ref;         /* "path:function", the row's `source` */
	/* where its keys are, for diagnostics in the experiment file */
	const char *yaml_path;
	struct uk_pos at, function_at, grid_at[2], shared_at, block_at;
	/* the compiled instances (ukernel_prepare) */
	struct uk_inst *inst;
	size_t ninst;
	const struct variant *row; /* its registry row */
	char *fingerprint;        /* its item, scalar by scalar: the same item
				     in two experiments is one kernel */
};

/* "host", "relaunch", "atomic", "device" ("" for UK_FINISH_NONE). */
const char *uk_finish_name(enum uk_finish f);
/* Returns 0 and sets *f for a name uk_finish_name gives (not ""), or -1. */
int uk_finish_parse(const char *s, enum uk_finish *f);

/* The variables geometry expressions may use for a kernel of `family`
 * (EXPR_VAR_BIT mask), and those -D values may use. */
unsigned ukernel_geometry_vars(enum family family);
unsigned ukernel_define_vars(void);

/* The expression variables for one launch of k with arguments a (n, m,
 * block, dtype, sm_count).  `n` is the element count of this pass. */
void ukernel_vars(const struct ukernel *k, const struct kernel_args *a,
		  uint64_t n, double vars[EV__COUNT]);

/* Where the preparation stands, for `culab check` and the run's notes. */
struct ukernel_stats {
	size_t kernels, instances, cache_hits;
	double compile_seconds;
};

/* Prepares every user kernel of f for architecture `arch` ("sm_90"):
 * compiles each instance the experiments need (or takes it from the
 * cache), checks its signature against its family's contract and the
 * geometry of every measurement `p` plans.  Reports every problem
 * through diag.  Returns 0, or -1 when any kernel cannot run. */
int ukernel_prepare(const struct experiment_file *f, const struct plan *p,
		    const char *arch, struct ukernel_stats *st);

/* The instance of k for type t and block (see struct uk_inst), or NULL
 * when none was prepared. */
struct uk_inst *ukernel_inst(const struct ukernel *k, enum dtype t, int block,
			     bool acc_pass);

/* Launch geometry of one pass: grid, block and dynamic shared memory. */
struct uk_geometry {
	unsigned grid[2], block[2];
	size_t shared;
};

/* One launch of a run: over n elements (reduce: the input, then the
 * partial sums of the pass before; transpose: rows x cols). */
struct uk_pass {
	uint64_t n;
	bool acc_pass;            /* reads culab_acc_t partial sums */
	struct uk_geometry g;
};

/* Most launches one run of a user kernel makes. */
#define UKERNEL_MAX_PASSES 64

/* The launches of one run of k with arguments a: one, or for "finish:
 * relaunch" one per pass until a pass has one block.  Returns 0 with
 * p[0..*np) filled (p has room for UKERNEL_MAX_PASSES), or -1 with the
 * reason in why (a geometry expression that fails or leaves its range,
 * partial sums that do not shrink). */
int ukernel_passes(const struct ukernel *k, const struct kernel_args *a,
		   struct uk_pass *p, size_t *np, char *why, size_t whysize);

/* The registry row's functions (kernels.h); a->ctx is the ukernel. */
int ukernel_launch(const struct kernel_args *a);
size_t ukernel_work(const struct kernel_args *a);
size_t ukernel_host(const struct kernel_args *a);

/* Unloads every module of k (at the end of a run, before the context
 * goes); safe when none was loaded. */
void ukernel_unload(struct ukernel *k);

/* Frees k and everything it owns (unloading modules first); accepts
 * NULL.  The registry row must have been dropped already. */
void ukernel_free(struct ukernel *k);

#endif
