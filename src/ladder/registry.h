/* registry.h - every kernel variant culab knows, as rows of one table.
 *
 * A variant is one rung of an optimization ladder (or a baseline row
 * beside it).  The table holds the built-in rows (variants.c, compiled
 * into culab with their launchers in kernels/) followed by the rows
 * registered at run time (registry_add(): a kernel compiled from the
 * user's source, say, whose launcher finds what it needs in the row's
 * ctx).  `culab list`, name lookup in experiment files, the plan and the
 * runner read the same rows.  What a report needs of a variant is copied
 * into the results (variant_dup(), results.h), so `culab report` renders
 * any results file without this table.
 *
 * Bytes moved are the family's (family.h), so GB/s and % of peak are
 * computed in one place: registry_gbps(). */
#ifndef CULAB_REGISTRY_H
#define CULAB_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "base/dtype.h"
#include "family.h"
#include "kernels/kernels.h"

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
				   time from a source file (ukernel.h); not a
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
/* The built-in rows alone (variants.c). */
const struct variant *registry_builtin(size_t *count);

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

#endif
