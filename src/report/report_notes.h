/* report_notes.h - sentences beside the body's tables, each nothing
 * where the data gives it no ground (report_notes.c).  For the body's
 * results (report_results.c) and the tests. */
#ifndef CULAB_REPORT_NOTES_H
#define CULAB_REPORT_NOTES_H

#include "report_int.h"

/* ladder_copies_note: a paragraph (and its blank line) under ladder l's
 *   table, where its rungs begin after rung 1 and every rung number
 *   before the first is a copy (a ceiling or another copy of the data):
 *   "The rungs begin at rung 3: rungs 1 and 2 (transpose_copy,
 *   transpose_copy_shared) only copy the data, ...".
 * types_accumulator_note: a sentence (after a space in English) that
 *   ends the intro of the table of what the element type changes, for
 *   ladders lads[0..n) of one size: a type summed in words wider than
 *   its elements, as its rows' bytes beyond their input say (an int
 *   reduction writes an 8-byte sum), so that its shared-memory traffic
 *   is that of the type as wide as its sum. */
void ladder_copies_note(struct sbuf *b, enum lang L, const struct ladder *l);
void types_accumulator_note(struct sbuf *b, enum lang L,
			    const struct ladder *const *lads, size_t n);

#endif
