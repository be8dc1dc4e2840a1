/* experiment/experiment.h - experiment files, read strictly.
 *
 * Takes an experiment file; gives a struct experiment_file (experiments,
 * their variants, types, sizes, blocks, counters, repeat rules and the
 * user's kernels), or every mistake as a GNU-format diagnostic at its
 * file:line:col.  The first stage: the plan expands what it gives.
 *
 * The one header other folders include.  Its sections: sizes, repeat
 * rules, and the experiment file. */
#ifndef CULAB_EXPERIMENT_H
#define CULAB_EXPERIMENT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "base/dtype.h"
#include "base/rubric.h"
#include "ladder/ladder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== sizes ============================================================= */

/* Sizes and shapes as experiment files write them: "2^20",
 * "1e6", "4Mi", "1048576", "1024 x 2048", and ranges of sizes.
 *
 * Parsing only: nothing here knows YAML or experiments.  Each function
 * returns 0, or -1 with a reason (no trailing newline or full stop) in
 * `why`, which the caller places after the position it came from.
 * experiment.h describes the notations as users write them. */

/* Largest element count of one buffer culab accepts in a file (2^36). */
#define EXPERIMENT_MAX_ELEMENTS (1ull << 36)

struct shape {
	uint64_t n;   /* reduce: elements; transpose: rows */
	uint64_t m;   /* reduce: 1; transpose: columns */
};

/* log2 of EXPERIMENT_MAX_ELEMENTS, for messages ("more than 2^36
 * elements"). */
unsigned size_max_elements_log2(void);

/* Parses one size ("2^20", "1e6", "4Mi", "1048576") into *n.  Returns 0,
 * or -1 with a reason (no trailing newline) in why.  Zero, negative,
 * fractional, malformed and sizes above EXPERIMENT_MAX_ELEMENTS fail.
 * Surrounding blanks are ignored. */
int size_parse(const char *s, uint64_t *n, char *why, size_t whysize);

/* Parses a shape "ROWS x COLS" (also "ROWSxCOLS", "ROWS*COLS"; each side
 * a size as size_parse() reads it) into *sh.  Returns 0, or -1 with a
 * reason in why, also when ROWS * COLS exceeds EXPERIMENT_MAX_ELEMENTS. */
int shape_parse(const char *s, struct shape *sh, char *why, size_t whysize);

/* Expands a range into sizes, appending to *out (realloc'd) and *count.
 * `times` > 1 for geometric ranges, or `plus` > 0 for arithmetic; the
 * last value is `to` only if the steps land on it; a step past 2^64 ends
 * the range.  Returns 0, or -1 with a reason (appending nothing) when
 * `from` is 0, the range is empty, unbounded, has both or neither step,
 * or would exceed `limit` values. */
int size_range_expand(uint64_t from, uint64_t to, uint64_t times,
		      uint64_t plus, size_t limit, uint64_t **out,
		      size_t *count, char *why, size_t whysize);

/* ==== repeat rules ====================================================== */

/* How many timed runs a measurement takes: a fixed count
 * (`repeats: 30`), or `repeats: auto`, which takes samples until the
 * median is pinned down to a relative precision, a time budget is spent
 * or a largest count is reached, whichever comes first.
 *
 * The model is nvbench's stdrel stopping criterion (a target relative
 * noise, a minimum number of samples and time, a timeout); culab judges
 * the precision of the median, not of the mean: the half width of the
 * median's 95 % distribution-free interval (stats.h, stats_precise) must
 * be at most `precision` times the median.  The budget counts the timed
 * runs only (the sum of the samples), as nvbench's min-time does.
 *
 * Pure: no I/O, no GPU.  The runner asks repeats_done() after every
 * sample; the row records why the samples ended (enum repeat_stop). */

/* The fixed count when an experiment names none. */
#define REPEATS_DEFAULT 30
/* The largest count, fixed or auto. */
#define REPEATS_MAX 100000
/* `repeats: auto` without settings. */
#define REPEATS_AUTO_PRECISION 0.01
#define REPEATS_AUTO_BUDGET_S 2.0
#define REPEATS_AUTO_MIN 10
#define REPEATS_AUTO_MAX 1000
/* The settings' bounds (the loader's messages quote them). */
#define REPEATS_PRECISION_LO 0.0001
#define REPEATS_PRECISION_HI 0.5
#define REPEATS_BUDGET_LO_S 0.001
#define REPEATS_BUDGET_HI_S 3600.0

/* The settings of `repeats: auto`.  The most runs is the experiment's
 * `repeats` count (struct experiment, struct experiment_meta), which is
 * the fixed count when `on` is false. */
struct repeat_auto {
	bool on;                /* `repeats: auto` */
	int min;                /* runs before precision is judged */
	double precision;       /* relative half width of the median's 95 %
				   interval, e.g. 0.01 */
	double budget_s;        /* seconds of timed runs, at most */
};

/* Why a measurement's samples ended. */
enum repeat_stop {
	STOP_UNKNOWN,           /* not recorded (older files), or not timed */
	STOP_COUNT,             /* the fixed count was reached */
	STOP_PRECISE,           /* auto: the median is known to the precision */
	STOP_BUDGET,            /* the time budget was spent (auto, or the
				   CPU reference row's cap) */
	STOP_MAX,               /* auto: the most runs allowed, not precise */
	STOP__COUNT
};

/* `repeats: auto` with the default settings (on); the count that goes
 * with them is REPEATS_AUTO_MAX. */
void repeat_auto_default(struct repeat_auto *a);

/* Whether samples x[0..n) (run order), which took spent_s seconds of
 * timed runs, are enough: `count` of them without auto (a NULL or off),
 * else the auto rule with at most `count`; when they are, *why says why.
 * The precision is judged at every sample up to 128 and then at every
 * 2^k-th sample with 2^k <= n/64, so the cost stays near-linear with
 * REPEATS_MAX samples (the interval needs a sort). */
bool repeats_done(int count, const struct repeat_auto *a, const double *x,
		  size_t n, double spent_s, enum repeat_stop *why);

/* "count", "precise", "budget", "max"; NULL for STOP_UNKNOWN. */
const char *repeats_stop_name(enum repeat_stop s);
/* Sets *s for a name of repeats_stop_name.  Returns 0, or -1. */
int repeats_stop_parse(const char *name, enum repeat_stop *s);

/* How a row's samples ended, in English, e.g. "precise after 37 runs",
 * "budget after 412 runs", "max (1000 runs)", "30 runs"; "" for
 * STOP_UNKNOWN.  Written to buf, returned. */
const char *repeats_stop_text(enum repeat_stop s, size_t nsamples, char *buf,
			      size_t size);

/* The rule in a few words, as culab plan and reports print it:
 * "30", "auto (±1 %, 2 s, 10 to 1000 runs)".  Written to buf, returned. */
const char *repeats_text(int count, const struct repeat_auto *a, char *buf,
			 size_t size);

/* ==== the experiment file =============================================== */

/* Experiment files: strict YAML loading into plain structs.
 *
 * experiment_yaml.c is the only file that includes yaml.h.  Loading is
 * strict: unknown keys, wrong types, unknown kernels, types or counters
 * and bad sizes are errors in GNU format with the 1-based line and column
 * of the offending node; all errors of a file are reported (up to
 * EXPERIMENT_MAX_ERRORS) before loading fails.
 *
 * Schema (docs/experiment-files.md is the user-facing version):
 *
 *   version: 1                      # optional; only 1 exists
 *   output: results/default         # optional; default results/<file stem>
 *   defaults: { <experiment keys> } # optional; fill keys experiments omit
 *   experiments:                    # required, non-empty list
 *     - name: reduce-float          # required; [A-Za-z0-9._-], <= 64, unique
 *       description: text           # optional
 *       family: reduce | transpose  # required
 *       variants: all | [names]     # default all
 *       types: [int, float, double] # or one name; default [float]
 *       sizes: [...]                # required; see below
 *       block: 256 | [128, 256]     # optional; default: each variant's own
 *       warmup: 3                   # 0..1000, default 3
 *       repeats: 30                 # 1..100000, default 30; or auto,
 *                                   # or {auto: true, precision: 1%,
 *                                   # budget: 2s, min: 10, max: 1000}
 *                                   # (experiment_repeats.c; above)
 *       seed: 42                    # 0 .. 2^64-1, default 1
 *       l2_flush: true              # flush L2 before every timed run;
 *                                   # true or false, default true
 *       counters: [aliases or raw metric names]   # default none;
 *                                   # "default" adds metrics_default_set()
 *       lines: shown                # counters per source line at the
 *                                   # largest size: shown (each built-in
 *                                   # rung once, where the report shows
 *                                   # it), all (every GPU measurement
 *                                   # there) or none; default shown
 *
 * Every list key (variants, types, sizes, block, counters) also takes a
 * single item instead of a list.  `defaults` takes every experiment key
 * but `name`; a key an experiment sets replaces the default entirely.
 * Integers and booleans must be plain (unquoted) YAML scalars; YAML tags,
 * merge keys ("<<") and several documents in one file are refused.
 *
 * Sizes: each list item is one of
 *   1048576 | "2^20" | "1e6" | "4Mi"                   one size
 *   "1024 x 2048" (transpose: rows x columns)          one shape
 *   {from: 2^10, to: 2^28, times: 2}                   geometric range
 *   {from: 1000, to: 10000, plus: 1000}                arithmetic range
 * A plain size n for transpose means n x n.  "1e6" takes an integer
 * mantissa and exponent (15e2, not 1.5e3); suffixes are binary only (Ki,
 * Mi, Gi).  One buffer holds at most EXPERIMENT_MAX_ELEMENTS elements
 * (the sizes section above parses these notations).
 * Duplicate sizes, types, variants, blocks and counters are dropped
 * silently (the first is kept).
 *
 * Variants: `all` is every registered variant of the family in table
 * order, and (variant, type) pairs the variant does not support are
 * skipped (the runner checks variant_supports()); a listed variant must
 * support every listed type.  Listed variants are kept in ladder (table)
 * order, whatever order the file lists them in.
 *
 * Blocks apply to variants with VF_BLOCK; each must be 1..1024, at most
 * the variant's block_max, and a power of two >= 32 for VF_POW2 variants.
 * A `block` set in an experiment none of whose variants takes a block is
 * an error; one inherited from `defaults` is ignored there.
 *
 * Rows: an experiment expands to
 *   sum over variants v of types(v) x sizes x (v has VF_BLOCK ? blocks : 1)
 * rows, where types(v) counts the types v supports and blocks is the
 * number of explicit blocks (1 when none).  At most EXPERIMENT_MAX_ROWS per
 * experiment, EXPERIMENT_MAX_FILE_ROWS and EXPERIMENT_MAX_EXPERIMENTS
 * experiments per file.  This rule is experiment_blocks() and
 * experiment_count_rows() below: the loader holds a file to its limits
 * with them, and plan_build() (plan.h) expands by them. */

#define EXPERIMENT_MAX_ERRORS 20
/* Largest number of rows one experiment may expand to. */
#define EXPERIMENT_MAX_ROWS 100000
/* Largest experiment file culab reads, in bytes. */
#define EXPERIMENT_MAX_FILE_BYTES (1u << 20)
/* Longest `output` path a file may give, in bytes (paths built on it
 * stay well within PATH_MAX). */
#define EXPERIMENT_MAX_OUTPUT 1024
/* Most experiments one file may hold. */
#define EXPERIMENT_MAX_EXPERIMENTS 1000
/* Largest number of rows all experiments of a file may expand to. */
#define EXPERIMENT_MAX_FILE_ROWS 1000000
/* Largest number of YAML nodes a document may have once aliases are
 * expanded: refuses alias bombs before they cost time or memory. */
#define EXPERIMENT_MAX_NODES 1000000
/* Deepest nesting of YAML collections accepted (the schema needs 5). */
#define EXPERIMENT_MAX_DEPTH 64
/* Most anchors (&name) one file may define. */
#define EXPERIMENT_MAX_ANCHORS 100
/* Longest experiment name and description, in bytes. */
#define EXPERIMENT_MAX_NAME 64
#define EXPERIMENT_MAX_DESCRIPTION 4096
/* Most distinct counters one experiment may ask for. */
#define EXPERIMENT_MAX_COUNTERS 64

/* A student of a class's roster (the class's `roster:`), as the results
 * keep those without a submission. */
struct class_student {
	char *id;
	char *name;
};

/* A copy of s[0..n) (NULL when n is 0); class_students_free() frees it. */
struct class_student *class_students_copy(const struct class_student *s,
					  size_t n);
/* Frees s[0..n) and s; accepts NULL. */
void class_students_free(struct class_student *s, size_t n);

struct experiment {
	char *name;
	char *description;            /* "" when absent */
	char *description_zh;         /* the same in Chinese; "" when absent */
	enum family family;
	const struct variant **variants; /* in ladder order */
	size_t nvariants;
	bool variants_all;             /* `variants: all` (or omitted): skip
					  pairs !variant_supports(v, type) */
	enum dtype *dtypes;            /* in file order, no duplicates */
	size_t ndtypes;
	struct shape *sizes;           /* in file order, duplicates removed */
	size_t nsizes;
	int *blocks;                   /* explicit block sizes, file order, no
					  duplicates; none = each variant's
					  block_default */
	size_t nblocks;
	int warmup;
	int repeats;                   /* timed runs: the fixed count, or
					  the most `repeats: auto` takes */
	struct repeat_auto repeats_auto; /* `repeats: auto`'s settings (on
					  false for a fixed count) */
	uint64_t seed;
	bool l2_flush;
	enum experiment_lines {
		EXP_LINES_SHOWN = 0,       /* the default */
		EXP_LINES_ALL,
		EXP_LINES_NONE,
	} lines;                       /* `lines:`, for the plan (plan.h) */
	char **counters;               /* aliases or raw names as written,
					  "default" expanded, no duplicates */
	size_t ncounters;
	size_t nrows;                  /* rows it expands to (see "Rows") */
	int line, col;                 /* where the experiment starts (1-based) */
	bool score_class;              /* a class scored against its fastest
					  student ("score: class"), not the
					  fastest rung */
	struct class_rubric rubric;    /* the class's `rubric:` (rubric.h);
					  rubric_default() without one */
	int rounds;                    /* a class: timing rounds of its
					  verified students and rungs in one
					  process (results_model.h, struct
					  round_times);
					  0: none.  CLASS_ROUNDS_DEFAULT */
	bool has_class;                /* the experiment has a `class:` (its
					  rubric and rounds are a class's) */
	bool has_roster;               /* the class has a `roster:` */
	struct class_student *missing; /* the roster's students without a
					  submission, in roster order */
	size_t nmissing;
};

struct ukernel;

struct experiment_file {
	char *path;          /* as given */
	char *text;          /* whole file, NUL-terminated */
	size_t len;
	char sha256[65];     /* hex SHA-256 of the text */
	char *output;        /* output directory (file's `output` or default) */
	struct experiment *exps;
	size_t nexps;
	struct ukernel **kernels;  /* the user's kernels its experiments name
				      (ladder.h), each a registry row */
	size_t nkernels;
	size_t registry_mark;      /* registry rows before its kernels' */
};

/* Reads and validates `path`.  Returns 0 and fills *f, or -1 after
 * reporting every error found through diag (at most
 * EXPERIMENT_MAX_ERRORS, then a note that more were suppressed).  On
 * success the caller owns *f: experiment_file_release(f).  On failure *f
 * holds nothing to release (releasing it is still safe). */
int experiment_load(const char *path, struct experiment_file *f);

/* Same, from memory; `path` is only used in messages.  For tests and the
 * fuzzer. */
int experiment_load_buffer(const char *path, const char *text, size_t len,
			   struct experiment_file *f);

/* Frees the contents of *f; accepts a zeroed or NULL *f. */
void experiment_file_release(struct experiment_file *f);

/* How many block sizes variant v is measured with in e: every block the
 * experiment lists when v takes one, else 1 (its single default). */
size_t experiment_blocks(const struct experiment *e, const struct variant *v);
/* The i-th of them (i < experiment_blocks(e, v)): a listed block, v's
 * block_default, or 0 when v takes no block. */
int experiment_block(const struct experiment *e, const struct variant *v,
		     size_t i);
/* Rows e expands to (see "Rows" above). */
uint64_t experiment_count_rows(const struct experiment *e);

#ifdef __cplusplus
}
#endif

#endif
