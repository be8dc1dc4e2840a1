/* registry.h - every kernel variant culab knows, as rows of one table.
 *
 * A variant is one rung of an optimization ladder (or a baseline row
 * beside it).  `culab list`, name lookup in experiment files, the runner,
 * report captions and the README all read the same rows, so adding a
 * variant means adding a launcher in kernels/ and one row in registry.c.
 *
 * Bytes moved are declared here once per variant (bytes()), so GB/s and %
 * of peak are computed in one place: registry_gbps(). */
#ifndef CULAB_REGISTRY_H
#define CULAB_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "dtype.h"
#include "../kernels/kernels.h"

enum family {
	FAMILY_REDUCE,
	FAMILY_TRANSPOSE,
	FAMILY__COUNT
};

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
	const char *name;        /* unique; [a-z0-9_]; used in YAML and CSV */
	enum family family;
	int step;                /* rung, 1-based in ladder order; 0 = reference row */
	const char *title;       /* short English title for tables */
	const char *title_zh;    /* short Chinese title */
	const char *about_en;    /* what the step changes and why it should be faster */
	const char *about_zh;
	const char *seed;        /* course note it comes from ("000".."004"), or NULL */
	const char *signature;   /* prose: the counter signature it should show */
	const char *signature_zh; /* the same in Chinese */
	struct expect expect[VARIANT_MAX_EXPECT]; /* column == NULL ends the list */
	unsigned dtypes;         /* DTYPE_BIT mask of supported types */
	unsigned flags;          /* enum variant_flags */
	int block_default;       /* threads per block when the experiment names none */
	int block_min;           /* smallest block the launcher accepts (0: 1) */
	int block_max;           /* largest block the launcher accepts (0: 1024) */
	const char *timed_region;/* what one timed run contains */
	const char *sanitizer;   /* NULL: compute-sanitizer finds nothing; else
				    what it was observed to report (VF_UNSAFE) */
	/* Bytes the variant must move from and to device memory (each input
	 * read once, each output written once), for GB/s and % of peak. */
	void (*bytes)(enum dtype t, size_t n, size_t m, double *read, double *written);
	kernel_launch_fn launch;
	kernel_size_fn work;     /* device scratch bytes, or NULL for none */
	kernel_size_fn host;     /* pinned host scratch bytes, or NULL for none */
};

/* "reduce", "transpose"; "?" out of range. */
const char *family_name(enum family f);
/* Returns 0 and sets *f, or -1 when `s` names no family. */
int family_parse(const char *s, enum family *f);

/* The table, in ladder order within each family. */
const struct variant *registry_all(size_t *count);
/* The variant called `name`, or NULL. */
const struct variant *registry_find(const char *name);
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

/* Standard byte models, for registry rows. */
void bytes_reduce(enum dtype t, size_t n, size_t m, double *read, double *written);
void bytes_transpose(enum dtype t, size_t n, size_t m, double *read, double *written);

/* Names of the flags set in `flags`, comma-separated, into buf; names
 * that do not fit are left out whole.  Returns buf. */
const char *variant_flags_text(unsigned flags, char *buf, size_t size);

#endif
