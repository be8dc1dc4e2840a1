/* experiment.h - experiment files: strict YAML loading into plain structs.
 *
 * experiment_yaml.c is the only file that includes yaml.h.  Loading is
 * strict: unknown keys, wrong types, unknown kernels, types or counters
 * and bad sizes are errors in GNU format with the 1-based line and column
 * of the offending node; all errors of a file are reported (up to
 * EXPERIMENT_MAX_ERRORS) before loading fails.
 *
 * Schema (README "Experiment files" is the user-facing version):
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
 *                                   # (experiment_repeats.c, repeats.h)
 *       seed: 42                    # 0 .. 2^64-1, default 1
 *       l2_flush: true              # flush L2 before every timed run;
 *                                   # true or false, default true
 *       counters: [aliases or raw metric names]   # default none;
 *                                   # "default" adds metrics_default_set()
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
 * (size.h parses these notations).
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
#ifndef CULAB_EXPERIMENT_H
#define CULAB_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/dtype.h"
#include "ladder/registry.h"
#include "repeats.h"
#include "size.h"

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
	char **counters;               /* aliases or raw names as written,
					  "default" expanded, no duplicates */
	size_t ncounters;
	size_t nrows;                  /* rows it expands to (see "Rows") */
	int line, col;                 /* where the experiment starts (1-based) */
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
				      (ukernel.h), each a registry row */
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

#endif
