/* report_place.h - where a user kernel sits among the verified rungs of
 * its ladder, and by which time (report_place.c). */
#ifndef CULAB_REPORT_PLACE_H
#define CULAB_REPORT_PLACE_H

#include <stdbool.h>

#include "report_int.h"
#include "report_grade.h"

/* Whether user kernel `it` is placed by its kernel's own time: its timed
 * region holds a host step and the row kept the kernel alone's time in
 * the same runs (result_row.tk).  Then it, and every rung beside it, is
 * placed by the time a class grades (report_grade.h, item_grade_time:
 * the kernel alone where the row kept it), since rungs that finish on
 * the device differ from it in more than its kernel; else by the timed
 * region (item_ms), as before. */
bool place_by_kernel(const struct item *it);

/* The time `it` is placed by, in ms, when user kernel `user` is placed:
 * the kernel's own where place_by_kernel(user), else the timed region. */
double place_ms(const struct item *user, const struct item *it);

/* The body's line for `it`: "- On the ladder: between rung 3 (...),
 * which it beats by 1.04×, and rung 4 (...), which is 1.08× faster.",
 * with " (within noise)" where the ratio's 95 % interval does not put it
 * beyond the noise; a line of its own. */
void place_line(const struct ladder *l, const struct item *it, enum lang L,
		struct sbuf *b);

/* The same in a few words: "between rung 2 and rung 3 (rung 3 is 1.32×
 * faster)", for tables and the summary; "level with rung 3 (within
 * noise)" where the verdict on its neighbour finds them the same. */
void place_words(const struct ladder *l, const struct item *it, enum lang L,
		 struct sbuf *b);

/* Whether user kernel `it`, timed as g, is no different from rung
 * `rung`, timed as rg (both item_grade_time()'s): their ratio lies
 * within SPEEDUP_SAME_PCT, the body's bound of a step, or within the
 * pair's run-to-run floor (step_floor_of's table, compare_floor_pair)
 * when that is larger and the two were not timed in the same rounds
 * (a floor is of runs in processes apart).  A page then says "level
 * with rung 4 (within noise)", never which of the two is ahead. */
bool place_level(const struct item *it, const struct grade_time *g,
		 const struct item *rung, const struct grade_time *rg);

/* Where a class's row `it` of ladder l, graded by time gt, sits between
 * the verified rungs by the times they are graded by: "between rung 3
 * and rung 4 (rung 4 is 1.01x faster)", or, within noise of one or more
 * (place_level), "level with rung 4 (within noise)", "level with rung 5
 * and rung 6 (within noise)"; after "between", why a rung numbered
 * between the two is not named ("; rung 5, left out, took the time of
 * rung 6 here, within 2 %: noise").  Returns true for "level with". */
bool place_graded(struct sbuf *b, enum lang L, const struct ladder *l,
		  const struct item *it, const struct grade_time *gt);

/* Said once before the body's place_line() where place_by_kernel(it):
 * the time it is placed by, and its host step apart; a line of its own.
 * Nothing otherwise. */
void place_kernel_note(const struct item *it, enum lang L, struct sbuf *b);

#endif
