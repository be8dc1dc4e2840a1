/* report_grade.h - the time a class is graded by (issue 44).
 *
 * A student is scored by what they wrote: the kernel's own time, never a
 * host step the class's `finish` puts in every student's timed region.
 * Where it comes from, best first:
 *   GS_ROUNDS  the class's rounds (results_model.h, struct round_times): every
 *              verified student and rung of a stage timed in one process,
 *              interleaved, round after round; per-round medians paired
 *              across rows, so a score can take its interval over rounds;
 *              a rung that finishes on the device is timed there at the
 *              students' contract when they end on the host (its first
 *              pass alone, round_times.of);
 *   GS_KERNEL  the row's own samples of the kernel alone (result_row.tk),
 *              measured in its own process;
 *   GS_REGION  the row's timed region (result_row.t): results recorded
 *              before kernel times were kept, or a region that is device
 *              work only.
 * report_int.h's item_ms() stays the timed region: the body's tables and
 * speedups are about what was timed. */
#ifndef CULAB_REPORT_GRADE_H
#define CULAB_REPORT_GRADE_H

#include <stdbool.h>
#include <stddef.h>

#include "results/results.h"

struct item;

enum grade_source { GS_ROUNDS, GS_KERNEL, GS_REGION };

struct grade_time {
	enum grade_source source;
	double ms;              /* the kernel's median time */
	double lo_ms, hi_ms;    /* its 95 % interval (NAN: too few runs) */
	double region_ms;       /* the timed region's median */
	double host_ms;         /* region_ms - the kernel alone's median, when
				   the region holds a host step; else NAN */
	enum round_of of;       /* what ms is of: ROUND_KERNEL (the kernel
				   alone, GS_KERNEL, or rounds of it, and
				   rounds of results from before "of" whose
				   row kept a kernel alone), ROUND_FIRST_PASS
				   (a rung's first pass, in rounds) or
				   ROUND_REGION; never ROUND_UNSTATED */
	size_t nrounds;         /* GS_ROUNDS: rounds, else 0 */
	const double *round_ms; /* GS_ROUNDS: each round's median (points
				   into the row) */
};

/* The time item it is graded by, into *g.  Returns false (and *g with
 * ms NAN) when the row has no time. */
bool item_grade_time(const struct item *it, struct grade_time *g);

/* Whether g is one launch that leaves per-block partials, or a kernel
 * alone that ends where a host step begins: the contract of a class
 * whose students end on the host (ROUND_KERNEL, ROUND_FIRST_PASS), not
 * a whole timed region. */
bool grade_time_one_pass(const struct grade_time *g);

/* Whether rows a and b were timed in the same rounds, so that round r of
 * one is paired with round r of the other. */
bool grade_rounds_paired(const struct grade_time *a,
			 const struct grade_time *b);

#endif
