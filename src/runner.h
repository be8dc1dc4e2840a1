/* runner.h - runs the experiments of a file on the GPU: for every
 * (experiment, type, size, variant, block) it allocates, fills the input
 * from the seed, runs once and verifies against a CPU reference, times
 * warm-up + repeats with CUDA events, collects counters in a phase of its
 * own, and appends a row to the results, which are rewritten atomically
 * after every row. */
#ifndef CULAB_RUNNER_H
#define CULAB_RUNNER_H

#include <stdbool.h>

#include "experiment.h"
#include "results.h"

struct run_options {
	const char *outdir;      /* NULL: the file's `output` */
	int device;              /* CUDA device index */
	bool no_counters;        /* skip counter collection */
	bool profile_only;       /* one verified launch per measurement, no timing */
	bool resume;             /* keep finished rows of outdir/results.json */
	bool progress;           /* progress line on stderr */
	const char *only_variant;/* NULL, or run only these variants (a
				    comma-separated list of names) */
	const char *command;     /* the command line, for the record */
	const char *note;        /* free text stored in the results, or NULL */
};

/* Runs every experiment of f.  Returns an exit code from exitcode.h:
 * EXIT_OK, EXIT_FAILED (a row failed, or the CUDA context was lost),
 * EXIT_USAGE (bad options or resume mismatch), EXIT_NO_GPU,
 * EXIT_INTERRUPTED.  On return *out holds the results (caller releases)
 * and *outdir_used the directory written (static storage or f's). */
int runner_run(const struct experiment_file *f, const struct run_options *o,
	       struct results *out, const char **outdir_used);

/* Deterministic input of a measurement: element i of the input for
 * (seed, family, dtype, n, m), written to buf (n*m elements of dtype).
 * Reductions get ints in [-1000, 1000] and floats in [0, 1); transposes
 * get ints in [0, 2^30) and floats in [0, 1).  Never all zeros. */
void runner_fill_input(void *buf, enum family fam, enum dtype t, uint64_t n,
		       uint64_t m, uint64_t seed);

/* The reference sum of a reduction input and its tolerance: exact for int
 * (tolerance 0); for float/double a Neumaier sum in long double, and the
 * tolerance 2 * eps * sqrt(n) * sum(|x|), eps being the machine epsilon
 * of T (2^-23 float, 2^-52 double): a bound on round-off that grows like a
 * random walk, tight enough to catch a lost block. */
void runner_reference_sum(const void *buf, enum dtype t, uint64_t n,
			  long double *sum, double *tolerance);

/* Checks `out` against the transpose of `in` (rows x cols, row-major,
 * elements of es = 4 or 8 bytes; out is cols x rows), or against a copy
 * of it when `copy`, bit for bit.  Returns the number of wrong elements
 * and sets *first_src to the input index of the first (SIZE_MAX if none). */
size_t runner_check_transpose(const void *in, const void *out, size_t rows,
			      size_t cols, size_t es, bool copy,
			      size_t *first_src);

#endif
