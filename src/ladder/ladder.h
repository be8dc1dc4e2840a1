/* ladder/ladder.h - the rungs culab can measure.
 *
 * Takes a variant's name, a type and a size; gives the variant's registry
 * row (its launcher in kernels/, bytes moved, counter signature, teaching
 * texts), its family's input, reference and check, and the user's own
 * kernels compiled with NVRTC and registered beside the built-in rungs.
 *
 * The one header other folders include.  Its sections: the families, the
 * registry of variants, and the user's kernels. */
#ifndef CULAB_LADDER_H
#define CULAB_LADDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/dtype.h"
#include "kernels/kernels.h"
#include "base/expr.h"
#include "kcompile.h"
#include "nvrtc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== the families ====================================================== */

/* The problems culab's ladders solve, as rows of one table.
 *
 * A family is the problem every variant of a ladder computes: a reduction,
 * a transpose.  Its row says everything that is the problem's and not one
 * kernel's: how a measurement's input is made from the seed, how the
 * reference answer is computed and an output checked against it, the
 * bytes a run must move, which sizes it takes, which variant flag marks
 * its bandwidth ceiling, and which sections of its own the report adds.
 * The loader, the plan, the runner and the report read these rows instead
 * of testing the family by name, so a third family (a scan, a histogram)
 * is a new row, its functions here and its kernels, not edits across the
 * modules.
 *
 * Host code only: no CUDA.  References and checks run over fixed chunks
 * spread on the cores (util_parallel_for), so their results do not depend
 * on the machine. */

/* The ids are mixed into every input stream (family_fill_input): never
 * renumber them, or recorded inputs change. */
enum family {
	FAMILY_REDUCE = 0,
	FAMILY_TRANSPOSE = 1,
	FAMILY__COUNT
};

/* Sections of the report that only some families have. */
enum family_report {
	/* Harris's published G80 figures beside the rungs (report_history) */
	FR_HISTORICAL = 1u << 0,
	/* a chart of each variant's bandwidth against the ceiling row */
	FR_CEILING_CHART = 1u << 1,
};

/* The outcome of checking one output against the reference. */
struct family_check {
	bool ok;
	double error;            /* |result - reference|, or wrong elements */
	double tolerance;        /* what error may be (0 for exact checks) */
	char message[256];       /* why not ok ("sum is 3, expected 4") */
};

/* What a check needs of the run beyond its input: which variant summed
 * (its order of additions sets the float/double tolerance), with how many
 * threads per block, on how many SMs (0: unknown). */
struct family_run {
	const char *variant;
	int block;
	int sm_count;
};

struct family_def {
	enum family id;
	const char *name;              /* "reduce"; the YAML `family` value */
	/* Sizes may be shapes ("rows x cols"); a plain n then means n x n.
	 * Without, a size is n elements and m is 1. */
	bool shapes;
	/* Inputs: integer element from 64 random bits (float and double
	 * elements are uniform in [0, 1) for every family). */
	int (*int_of)(uint64_t r);
	const char *inputs_about;      /* the input's values, in words */
	/* Bytes of the device output buffer of a stage. */
	size_t (*out_bytes)(enum dtype t, uint64_t n, uint64_t m);
	/* Bytes of the output a check reads (the accumulator of a
	 * reduction, the whole matrix of a transpose). */
	size_t (*result_bytes)(enum dtype t, uint64_t n, uint64_t m);
	/* The reference of an input, or NULL when the check needs only the
	 * input itself; freed with free(). */
	void *(*reference)(const void *in, enum dtype t, uint64_t n, uint64_t m);
	/* Checks `out` (result_bytes on the host) for input `in`.  `copy`:
	 * the variant writes a copy of its input, not the family's answer
	 * (a bandwidth ceiling, VF_CEILING or VF_COPY), and is checked as
	 * one: for a transpose the n x m copy; for a reduction, which reads
	 * only, the XOR of the input's 32-bit words (family_xor32). */
	void (*check)(const void *ref, const void *in, const void *out,
		      enum dtype t, uint64_t n, uint64_t m, bool copy,
		      const struct family_run *run, struct family_check *c);
	/* Bytes one run must move from and to device memory (each input
	 * read once, each output written once), for GB/s and % of peak. */
	void (*bytes)(enum dtype t, size_t n, size_t m, double *read,
		      double *written);
	const char *bytes_about;       /* the same in words, for results */
	/* The built-in variant that measures the family's bandwidth ceiling
	 * (a copy with the ladder's access shape; flagged VF_CEILING), or
	 * NULL when the family has none. */
	const char *ceiling;
	unsigned report;               /* enum family_report bits */
};

/* The row of family `f`; NULL when out of range. */
const struct family_def *family_get(enum family f);
/* The row called `name`, or NULL (results files name families). */
const struct family_def *family_find(const char *name);
/* "reduce", "transpose"; "?" out of range. */
const char *family_name(enum family f);
/* Returns 0 and sets *f, or -1 when `s` names no family. */
int family_parse(const char *s, enum family *f);
/* Every family's name, in table order, for "known: ..." lists. */
const char *const *family_names(size_t *count);

/* Deterministic input of a measurement: element i of the input for
 * (seed, family, dtype, n, m), written to buf (n*m elements of dtype).
 * Integer elements come from the family's int_of; floats and doubles are
 * uniform in [0, 1).  Never all zeros. */
void family_fill_input(void *buf, const struct family_def *fam, enum dtype t,
		       uint64_t n, uint64_t m, uint64_t seed);

/* Bytes one run of family `fam` moves (read + written) for type t and
 * shape n x m. */
double family_bytes(const struct family_def *fam, enum dtype t, size_t n,
		    size_t m);

/* The reference sum of a reduction input: exact for int (*abs_sum 0); for
 * float/double a Neumaier sum in long double, and *abs_sum = sum(|x|) for
 * family_sum_tolerance(). */
void family_reference_sum(const void *buf, enum dtype t, uint64_t n,
			  long double *sum, double *abs_sum);

/* The tolerance of a float/double sum of n inputs >= 0 whose |x| add up to
 * abs_sum, computed by run->variant in its order of additions (NULL run or
 * an unknown variant: a serial loop, which bounds every order):
 *   lambda * u * sqrt(Q) * abs_sum / n,  lambda = 6,
 * u the unit roundoff (2^-24 float, 2^-53 double) and Q the sum of the
 * squared element counts of every partial sum the order forms (n^3/3 for
 * one loop, about 2 n^2 for a pairwise tree).  With rounding errors taken
 * as independent and zero-mean (Higham and Mary's model), the error
 * exceeds it with probability at most 2 exp(-18), about 3e-8; a serial
 * worst case (n u sum|x|) would be useless.  0 for int. */
double family_sum_tolerance(const struct family_run *run, enum dtype t,
			    uint64_t n, double abs_sum);

/* Elements that one block of run->variant adds (its smallest block over
 * the grids the launcher may choose), so a lost block moves the sum by
 * about half that many (inputs uniform in [0, 1)); 0 when the variant has
 * no blocks or its blocks are unknown. */
double family_sum_block_elems(const struct family_run *run, enum dtype t,
			      uint64_t n);

/* The XOR of `words` 32-bit words at buf: what the reduce family's read
 * ceiling (reduce_read) must leave in its output; the order of reading
 * does not change it. */
uint32_t family_xor32(const void *buf, uint64_t words);

/* Checks `out` against the transpose of `in` (rows x cols, row-major,
 * elements of es = 4 or 8 bytes; out is cols x rows), or against a copy
 * of it when `copy`, bit for bit.  Returns the number of wrong elements
 * and sets *first_src to the input index of the first (SIZE_MAX if none). */
size_t family_check_transpose(const void *in, const void *out, size_t rows,
			      size_t cols, size_t es, bool copy,
			      size_t *first_src);

/* ==== the registry of variants ========================================== */

/* Every kernel variant culab knows, as rows of one table.
 *
 * A variant is one rung of an optimization ladder (or a baseline row
 * beside it).  The table holds the built-in rows (variants_*.c, compiled
 * into culab with their launchers in kernels/) followed by the rows
 * registered at run time (registry_add(): a kernel compiled from the
 * user's source, say, whose launcher finds what it needs in the row's
 * ctx).  `culab list`, name lookup in experiment files, the plan and the
 * runner read the same rows.  What a report needs of a variant is copied
 * into the results (variant_dup(), results_model.h), so `culab report` renders
 * any results file without this table.
 *
 * Bytes moved are the family's (the families above), so GB/s and % of
 * peak are computed in one place: registry_gbps(). */

/* Multiprocessors a launcher's geometry assumes where none is known (no
 * GPU: `culab plan`, `culab check`): an H100 SXM's.  Only grid-sized
 * scratch depends on it, by kilobytes. */
#define ASSUMED_SM_COUNT 132

enum variant_flags {
	VF_BLOCK     = 1u << 0, /* takes `block` (threads per block) */
	VF_POW2      = 1u << 1, /* ... which must be a power of two */
	VF_IN_PLACE  = 1u << 2, /* overwrites its input; the runner restores it
				   before every run, outside the timed region,
				   and a counter replay must restore memory */
	VF_HOST_STEP = 1u << 3, /* finishes on the host: the timed region holds
				   the copy of partials and the host work */
	VF_UNSAFE    = 1u << 4, /* relies on behaviour the hardware does not
				   guarantee; kept to teach why (see sanitizer) */
	VF_BASELINE  = 1u << 5, /* library baseline (CUB, Thrust) */
	VF_CPU       = 1u << 6, /* runs on the CPU, timed with the host clock */
	VF_CEILING   = 1u << 7, /* copy with the ladder's access shape: the
				   family's measured bandwidth ceiling */
	VF_COPY      = 1u << 8, /* transpose family: writes a copy of the
				   input (out[i][j] = in[i][j], n x m), not
				   its transpose; verify it as a copy */
	VF_USER      = 1u << 9, /* the user's own kernel, compiled at run
				   time from a source file (below); not a
				   rung: the report places it on the ladder */
};

/* One machine-checkable line of a counter signature: the derived counter
 * column `column` of this variant compared by `op` ("<", "<=", ">", ">=")
 * with `value`, or, when `than` names another variant, with `value` times
 * that variant's column at the same dtype and size.
 *
 * A line holds only where its physics does: for the types in `dtypes`
 * (DTYPE_BIT mask; 0 = every type the variant supports) and for runs whose
 * every side (n, and m for transposes) is at least `min_side` (0 = any
 * size).  expect_applies() decides; a checker skips lines that do not
 * apply. */
struct expect {
	const char *column;
	const char *op;
	double value;
	const char *than;
	unsigned dtypes;
	size_t min_side;
};

#define VARIANT_MAX_EXPECT 4
/* struct variant's first_loads: the launcher sizes the grid itself, so a
 * thread loads as many as the grid leaves it; not stated (older results,
 * read). */
#define VARIANT_LOADS_ANY 0
#define VARIANT_LOADS_UNSTATED (-1)

struct variant {
	const char *name;        /* unique; built-in rows [a-z0-9_], rows added
				    at run time [A-Za-z0-9_.:-]; used in YAML
				    and CSV */
	enum family family;
	int step;                /* rung, 1-based in ladder order; 0 = reference row */
	const char *title;       /* short English title for tables */
	const char *title_zh;    /* short Chinese title */
	const char *about_en;    /* what the step changes and why it should be faster */
	const char *about_zh;
	const char *seed;        /* course note it comes from ("000".."004"), or NULL */
	const char *signature;   /* prose: the counter signature it should show */
	const char *signature_zh; /* the same in Chinese */
	/* A teaching rung, on the ladder to show a mistake and slow on
	 * purpose: what it shows and the fact that proves it, which the
	 * report states instead of "did not help"; "{sms}" stands for the
	 * GPU's multiprocessor count.  NULL for every other rung. */
	const char *teaching;
	const char *teaching_zh;
	struct expect expect[VARIANT_MAX_EXPECT]; /* column == NULL ends the list */
	unsigned dtypes;         /* DTYPE_BIT mask of supported types */
	unsigned flags;          /* enum variant_flags */
	int block_default;       /* threads per block when the experiment names none */
	int block_min;           /* smallest block the launcher accepts (0: 1) */
	int block_max;           /* largest block the launcher accepts (0: 1024) */
	/* How many input elements one thread loads in the first pass, for a
	 * class's reference (a student's launch gives each thread so many:
	 * report_reference.h): 1 for a tree rung that launches a block per
	 * `block` elements, 2 for one that adds two while loading;
	 * VARIANT_LOADS_ANY where the launcher sizes the grid itself
	 * (grid-stride and persistent loops, vector loads, one block) and on
	 * every row that is no built-in reduce rung.  Results read from
	 * files that do not state it hold VARIANT_LOADS_UNSTATED until
	 * results_read takes this binary's value by name. */
	int first_loads;
	const char *timed_region;/* what one timed run contains */
	const char *timed_region_zh; /* the same in Chinese, or NULL */
	const char *sanitizer;   /* NULL: compute-sanitizer finds nothing; else
				    what it was observed to report (VF_UNSAFE) */
	const char *sanitizer_zh; /* the same in Chinese, or NULL */
	const char *source;      /* NULL: built into culab; else where the
				    kernel comes from (file and function) */
	/* A user kernel's source as it was compiled, so that `culab rerun`
	 * compiles the same text: the file as culab opened it, its text and
	 * the text's SHA-256 (hex); all NULL for built-ins and for results
	 * written before culab recorded them. */
	const char *source_file;
	const char *source_text;
	const char *source_sha256;
	/* What its machine code was made from: the SHA-256 of its text and
	 * every local header it reaches (ukernel_sources_sha256), by which
	 * --resume and merge tell rows of other sources; NULL for built-ins
	 * and results written before culab recorded it. */
	const char *sources_sha256;
	bool submission;         /* a student's, from a class (experiment
				    files' `class`); results keep it */
	/* The student a submission is, when the class knows more than a
	 * label: the id from its roster or its LMS export name (`names:
	 * lms`), and the name from the roster, else from the export name;
	 * NULL when not known (a class named as-is without a roster, and
	 * every other row).  Results keep them. */
	const char *student_id;
	const char *student_name;
	/* The rung's key lines: the region of a file of kernels/ between the
	 * comments `culab:key NAME` and `culab:end`, which the build
	 * extracts (src/ladder/key_lines.awk -> culab_code.h) and the
	 * registry gives its built-in row; runs copy them into the results,
	 * so that a report shows them from results.json alone.  The file as
	 * the build named it ("kernels/reduce.cu"), the line the text starts
	 * at (1-based) and the text.  NULL and 0 for rows without a marked
	 * region, user kernels (source_text holds their whole file) and
	 * results written before culab recorded them. */
	const char *code_file;
	int code_line;
	const char *code_text;
	/* The lines this rung's step replaces, in the rung before it: the
	 * region marked `culab:key before:NAME`, as code_* above; NULL and 0
	 * where kernels/ marks none (the rung before's own key lines are
	 * then the code this step changed, or the step has no counterpart)
	 * and in results written before culab recorded them. */
	const char *before_file;
	int before_line;
	const char *before_text;
	kernel_launch_fn launch;
	kernel_size_fn work;     /* device scratch bytes, or NULL for none */
	kernel_size_fn host;     /* pinned host scratch bytes, or NULL for none */
	void *ctx;               /* passed to launch and the size functions
				    as kernel_args.ctx; NULL for built-ins */
};

/* Most rows the table holds, built-in and registered together. */
#define REGISTRY_MAX_VARIANTS 4096

/* The table: the built-in rows in ladder order within each family, then
 * the rows registered at run time in the order they came.  Rows never
 * move: a pointer into the table stays valid until
 * registry_release_added() drops the registered ones. */
const struct variant *registry_all(size_t *count);
/* The variant called `name`, or NULL. */
const struct variant *registry_find(const char *name);
/* The built-in rows alone (variants_*.c), family by family. */
const struct variant *registry_builtin(size_t *count);
/* The ladder's own code as a base for comparing submissions
 * (similar.h): every k-gram of every built-in rung's key lines and of
 * the lines its step replaces, so that two students who each typed a
 * rung of the ladder are not alike by that code.  Never NULL; the
 * caller frees it with similar_doc_free(). */
struct similar_doc *registry_textbook(void);

/* Adds a copy of row `v` to the table: its texts are copied, its
 * functions and ctx are borrowed (ctx must outlive the row).  The name
 * must be new, of [A-Za-z0-9_.:-], at most 128 characters; the family known;
 * the launcher set; some type supported; block bounds within 1..1024.
 * Returns 0, or -1 with the reason in why. */
int registry_add(const struct variant *v, char *why, size_t whysize);
/* Drops every row registered at run time (pointers to them die). */
void registry_release_added(void);
/* The number of rows now, to drop what is registered after it with
 * registry_release_since(): an experiment file drops the rows of its own
 * kernels when it is released (rows added later go too, so release in
 * the reverse order of loading). */
size_t registry_mark(void);
void registry_release_since(size_t mark);

/* A copy of v that owns its texts (functions and ctx are borrowed), or
 * NULL for NULL; variant_free() releases it.  The results keep such
 * copies so a report needs no registry. */
struct variant *variant_dup(const struct variant *v);
/* Frees a copy made by variant_dup(); accepts NULL. */
void variant_free(struct variant *v);
/* Whether variant `v` supports type `t`. */
bool variant_supports(const struct variant *v, enum dtype t);
/* Whether variant `v` accepts `block` threads per block: in
 * [block_min, block_max] and a power of two for VF_POW2.  Always false for
 * a variant without VF_BLOCK (it takes no block). */
bool variant_block_ok(const struct variant *v, int block);
/* Whether expect line `e` of variant `v` holds for a run of type `t` and
 * shape n x m (see struct expect). */
bool expect_applies(const struct variant *v, const struct expect *e,
		    enum dtype t, size_t n, size_t m);
/* Total bytes (read + written) of one run. */
double registry_bytes(const struct variant *v, enum dtype t, size_t n, size_t m);
/* GB/s (1e9 bytes per second) of a run that took `ms` milliseconds; 0 when
 * ms <= 0. */
double registry_gbps(const struct variant *v, enum dtype t, size_t n, size_t m,
		     double ms);

/* Names of the flags set in `flags`, comma-separated, into buf; names
 * that do not fit are left out whole.  Returns buf. */
const char *variant_flags_text(unsigned flags, char *buf, size_t size);
/* Every flag bit with its name ("block", "pow2", "in-place", ...), in bit
 * order; *count is set to their number. */
struct variant_flag_name {
	unsigned bit;
	const char *name;
};
const struct variant_flag_name *variant_flag_names(size_t *count);
/* Returns 0 and sets *bit for the flag called `name`, or -1. */
int variant_flag_parse(const char *name, unsigned *bit);

/* ==== the user's kernels ================================================ */

/* The user's own kernels: CUDA source files named in an
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
 *  2. Preparing (ukernel.c, ukernel_prepare, for every measurement of
 *     the plan: plan_prepare_kernels): every instance a measurement
 *     needs -- one per element type, and per block size when a -D value
 *     depends on it -- is compiled (or taken from the cache, kcache.h),
 *     its parameters checked against the family's contract, and its
 *     launch geometry evaluated.  No GPU is needed: `culab check`
 *     prepares for the GPU present or an assumed architecture; `culab
 *     run` prepares before any GPU work.
 *     Every problem is a GNU-format diagnostic at the user's file:line:col
 *     (in the .cu file for compile errors, in the experiment file for the
 *     rest).
 *  3. Running (ukernel_launch.c): the registry row's launcher loads the
 *     instance's machine code into the current context on first use and
 *     launches it through the driver API, finishing a reduction the way
 *     its `finish` key says.
 *
 * The contract a kernel must meet (docs/your-own-kernels.md is
 * the user-facing version), its shapes (enum uk_shape):
 *   reduce:    __global__ void f(const culab_t *in, culab_acc_t *out, N n)
 *              __global__ void f(culab_t *in, culab_acc_t *out)
 *                          with the element count the macro N: compiled
 *                          once per size (and per pass of a relaunch)
 *   transpose: __global__ void f(const culab_t *in, culab_t *out, R rows,
 *                                C cols)       in: rows x cols, row-major
 *              __global__ void f(const culab_t *in, culab_t *out, N n)
 *                          an n x n matrix: square sizes only
 * where N, R and C are integers of 1, 2, 4 or 8 bytes, signed or not.
 * ukernel_contract.c reads each parameter's type (from the lowered name
 * of a C++ kernel; from the PTX and the source's declaration of an
 * extern "C" one) and refuses, at the declaration in the source, a size
 * that is floating-point, a pointer or a struct, an integer where a
 * pointer goes, and in and out swapped (a const second pointer after a
 * non-const first).  culab defines culab_t (int, float or double),
 * culab_acc_t (long long for int: sums of ints are exact in 64 bits, as
 * in the built-in rungs; else culab_t) and CULAB_ELEM_SIZE with -D for
 * each type it compiles. */

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

/* What a user kernel takes: one shape of its family (see above). */
enum uk_shape {
	UK_SHAPE_UNKNOWN = 0,     /* nothing compiled yet */
	UK_REDUCE_N,              /* (in, out, n) */
	UK_REDUCE_FIXED,          /* (in, out), n the macro N */
	UK_TRANSPOSE_RC,          /* (in, out, rows, cols) */
	UK_TRANSPOSE_SQUARE,      /* (in, out, n): n x n */
	UK__SHAPES
};

/* The macro that holds the element count of a UK_REDUCE_FIXED kernel
 * (the course's kernels call it N). */
#define UKERNEL_SIZE_MACRO "N"

/* What culab knows of one parameter of a compiled kernel. */
enum uk_pclass {
	UKP_UNKNOWN = 0,          /* 8 bytes of an extern "C" kernel whose
				     declaration culab could not read: a
				     pointer or a 64-bit integer */
	UKP_POINTER,
	UKP_INTEGER,
	UKP_FLOAT,                /* float, double, half, ... */
	UKP_OTHER,                /* a struct, a bool, a reference, ... */
};

struct uk_param {
	enum uk_pclass cls;
	unsigned size;            /* bytes, as passed */
	signed char is_signed;    /* integers: 1, 0, or -1 when unknown */
	signed char to_const;     /* pointers: 1 when it points to const, 0
				     when not, -1 when unknown */
	char type[96];            /* C-style: "const float *", "unsigned
				     int"; from the PTX alone "int32",
				     "pointer or int64" */
	char name[64];            /* from the declaration; "" when unknown */
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
	uint64_t n;               /* UK_REDUCE_FIXED: the N it was compiled
				     with; else 0 */
	struct nvrtc_output out;
	char *lowered;            /* the entry's lowered name */
	size_t nparams;
	struct uk_param params[NVRTC_MAX_PARAMS];
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
	char *dir;                /* its directory, for #include "..." (a
				     submission: the class's headers, or
				     NULL) */
	/* A submission's headers are confined (nvrtc.h): to the real
	 * folders confine[0..nconfine), its own and the class's headers */
	bool confined;
	char **confine;
	size_t nconfine;
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
	/* its declaration in the source (ukernel_contract.c): read once,
	   NULL when culab cannot find it */
	bool decl_read;
	struct nvrtc_decl *decl;
	bool sized;               /* reduce (in, out): compiled per size,
				     with N defined */
	enum uk_shape shape;      /* what its first instance takes */
	bool shared_said;         /* its dynamic shared memory looked at
				     (contract_check: once) */
	/* the compiled instances (ukernel_prepare) */
	struct uk_inst *inst;
	size_t ninst;
	const struct variant *row; /* its registry row */
	char *fingerprint;        /* its item, scalar by scalar: the same item
				     in two experiments is one kernel */
	bool submission;          /* a student's, from a `class`: when it
				     does not compile its measurements are
				     skipped, the others go on */
	char *student_id;         /* the student's, for its row (struct
				     variant); NULL when not known */
	char *student_name;
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
	size_t refused;           /* submissions that did not compile */
	double compile_seconds;
};

/* Opens NVRTC and checks that it compiles for `arch` ("sm_90"), before
 * the kernels of `what` (the experiment file) are prepared.  Returns 0,
 * or -1 after a diagnostic. */
int ukernel_compiler_open(const char *what, const char *arch);

/* One measurement of a user kernel: the stage it runs in. */
struct ukernel_use {
	enum dtype t;
	uint64_t n, m;
	int block;
	int sm_count;
	const char *size_text;    /* the size as the plan writes it, for
				     messages */
};

/* Prepares k for one measurement on architecture `arch`: compiles each
 * instance it needs that is not compiled yet (or takes it from the cache,
 * kcache.h), checks its signature against its family's contract and the
 * measurement's launch geometry, counting into *st.  No GPU is needed.
 * Reports every problem through diag, at the user's file:line:col.
 * Returns 0, or -1 when the kernel cannot run so. */
int ukernel_prepare(struct ukernel *k, const struct ukernel_use *use,
		    const char *arch, struct ukernel_stats *st);

/* The instance of k for type t and block (see struct uk_inst), or NULL
 * when none was prepared.  A kernel compiled per size has one per size:
 * this is the first (ukernel_inst_sized chooses). */
struct uk_inst *ukernel_inst(const struct ukernel *k, enum dtype t, int block,
			     bool acc_pass);
/* The same for a pass over n elements: of a kernel compiled per size
 * (UK_REDUCE_FIXED), the instance compiled with N = n. */
struct uk_inst *ukernel_inst_sized(const struct ukernel *k, enum dtype t,
				   int block, bool acc_pass, uint64_t n);

/* What k's machine code is made from, its sources alone: the SHA-256
 * of its text and every local header it reaches (kcache.h,
 * kcache_sources_sha256), into out (64 hex digits and a NUL).  Returns
 * 0, or -1 (out ""). */
int ukernel_sources_sha256(const struct ukernel *k, char out[65]);

/* The plain name of a kernel's function: "reduce<culab_t, 256>" is
 * "reduce", "ns::f" is "f".  The caller frees it. */
char *ukernel_function_base(const char *function);

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

/* How many input elements one thread of reduce kernel k loads in its
 * first launch with arguments a: ceil(a->n / (grid x threads per block)),
 * the class contract's figure (results_model.h, struct class_contract).  0 for
 * another family or a grid expression that fails. */
int ukernel_first_loads(const struct ukernel *k, const struct kernel_args *a);

/* The registry row's functions (kernels.h); a->ctx is the ukernel. */
int ukernel_launch(const struct kernel_args *a);
size_t ukernel_work(const struct kernel_args *a);
size_t ukernel_host(const struct kernel_args *a);

/* Unloads every module of k (at the end of a run, before the context
 * goes); safe when none was loaded. */
void ukernel_unload(struct ukernel *k);

/* Frees k and everything it owns; accepts NULL.  Its modules must have
 * been unloaded (ukernel_unload) while their context lived, and its
 * registry row dropped. */
void ukernel_free(struct ukernel *k);

#ifdef __cplusplus
}
#endif

#endif
