/* family.h - the problems culab's ladders solve, as rows of one table.
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
#ifndef CULAB_FAMILY_H
#define CULAB_FAMILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/dtype.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif
