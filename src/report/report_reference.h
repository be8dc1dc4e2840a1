/* report_reference.h - a class's speed reference (report_reference.c).
 *
 * A student of a class whose kernel keys fix the launch (`finish: host`,
 * `grid: "ceil(n / block)"`, block 256: one element per thread) can
 * only be as fast as a rung that loads as many elements per thread in
 * its first pass; a rung that adds two while loading (rungs 7-10), or
 * sizes its own grid (grid-stride and persistent loops, 16-byte vectors,
 * one block), does work no submission may do under that launch.  So the
 * reference of a row is the fastest verified built-in rung of its ladder
 * whose first_loads (struct variant) equals the elements per thread the
 * class's launch gives at that size (results.json "contract", struct
 * class_contract); where the results do not record that figure
 * (older runs) or no verified rung loads so many, the fastest verified
 * rung, as before.  CUB, Thrust and the read ceiling are never one: they
 * are libraries and a bound, not rungs.  With `score: class` the
 * reference is the fastest earning student, as before. */
#ifndef CULAB_REPORT_REFERENCE_H
#define CULAB_REPORT_REFERENCE_H

#include <stdbool.h>

#include "report_int.h"
#include "report_grade.h"

/* The elements per thread the class's launch gives at ladder l's size,
 * as its experiment's results recorded them; 0 when they do not. */
int grade_contract_loads(const struct model *m, const struct ladder *l);

/* The reference of ladder l's students (see above): with students, the
 * fastest verified student without an impossible time; else the rung,
 * with *loads the elements per thread it was chosen at (0: the fastest
 * rung).  NULL when none is verified. */
const struct item *grade_reference(const struct model *m,
				   const struct ladder *l, bool students,
				   int *loads);

/* The elements per thread rung `it` loads in its first pass (struct
 * variant's first_loads; VARIANT_LOADS_ANY when unknown). */
int grade_rung_loads(const struct model *m, const struct item *it);

/* "one element", "2 elements", "many elements": loads in words. */
void grade_loads_text(struct sbuf *b, enum lang L, int loads);

/* What separates a student's row of ladder l, graded by ms, from ref, a
 * reference chosen as the fastest rung (ref_loads 0: no launch recorded,
 * or none matched), when the diagnosis names no cause: "1.49× the
 * reference's time: the reference, rung 12, loads many elements per
 * thread ...; the rungs faster than theirs take these steps: ...",
 * appended to b (plain: the rungs' titles without Markdown, for the
 * gradebook); ratio is their R as the page prints it.  Returns
 * false, appending nothing, when ref is a rung chosen at the class's
 * launch (or not a rung) or no rung is faster. */
bool grade_reference_gap(struct sbuf *b, enum lang L, const struct model *m,
			 const struct ladder *l, double ms,
			 const struct item *ref, int ref_loads,
			 const char *ratio, bool plain);

#endif
