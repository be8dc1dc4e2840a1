/* signature.h - does a measured variant show the counter signature its
 * registry row promises?  Evaluates every `expect` line of every variant
 * the results describe (results.h) against the results' rows: `culab
 * verify` prints the verdicts, `make test-gpu` asserts them, the report
 * cites them in its findings.
 *
 * Signatures are stated for float data (a double or a 64-bit int
 * accumulator changes bank and sector arithmetic), so only float rows are
 * checked. */
#ifndef CULAB_SIGNATURE_H
#define CULAB_SIGNATURE_H

#include <stdbool.h>
#include <stddef.h>

#include "ladder/registry.h"
#include "run/results.h"

enum sig_verdict {
	SIG_PASS,
	SIG_FAIL,
	SIG_MISSING,    /* the column or the comparison row is absent */
};

struct sig_check {
	size_t row;               /* index into results->rows */
	const struct variant *v;
	const struct expect *x;
	double value;             /* measured column value */
	double bound;             /* the value it is compared with */
	enum sig_verdict verdict;
};

/* Evaluates all expect lines of all ok float rows of r whose variant r
 * describes.  Returns the number of checks and sets *out (caller frees
 * with free()). */
size_t signature_check_all(const struct results *r, struct sig_check **out);

/* "pass", "FAIL", "missing". */
const char *sig_verdict_name(enum sig_verdict v);

/* The value of counter column `name` in row w, or NAN when absent. */
double row_column(const struct result_row *w, const char *name);

#endif
