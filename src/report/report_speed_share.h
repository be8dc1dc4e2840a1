/* report_speed_share.h - a student's speed share under a class's rubric,
 * and its interval (report_speed_share.c; report_grading.h grades with
 * them). */
#ifndef CULAB_REPORT_SPEED_SHARE_H
#define CULAB_REPORT_SPEED_SHARE_H

#include <stddef.h>

#include "base/rubric.h"
#include "base/stats.h"

/* Resamples and seed of the bootstrap over rounds: the same results
 * always give the same intervals. */
#define GRADE_BOOTSTRAP STATS_BOOTSTRAP
#define GRADE_SEED 0x63756c6162ull      /* "culab" */

/* The share (0..1) of the speed points a student earns at R, their
 * time over the reference's (a geometric mean, >= 1; below 1 counts as
 * 1): RUBRIC_CONTINUOUS gives 1 up to bands[0], 0 from the last band on,
 * (nbands - 1 - k) / (nbands - 1) at bands[k] and linear in log R
 * between; RUBRIC_BANDS gives 1 up to bands[0], (nbands - k) / nbands up
 * to bands[k], 0 beyond the last; RUBRIC_GEOMEAN gives 1 / R.  0 for a
 * NAN R (no reference). */
double rubric_speed_share(const struct class_rubric *r, double R);

/* The 95 % interval [*lo, *hi] of the speed share over rows
 * 0..nrows-1, row i timed in rounds: st[i][r] the student's and rt[i][r]
 * the reference's median of round r of nr[i], paired by r.  Each of
 * GRADE_BOOTSTRAP resamples draws nr[i] rounds of each row with
 * replacement (a xorshift64* seeded with GRADE_SEED), takes the ratio
 * of the two medians over the rounds drawn, and their geometric mean;
 * the interval is the 2.5th and 97.5th percentiles of the shares.
 * Returns 0, or -1 (NAN ends) when a row has no round or a median is
 * not positive. */
int grade_bootstrap(const double *const *st, const double *const *rt,
		    const size_t *nr, size_t nrows,
		    const struct class_rubric *r, double *lo, double *hi);

#endif
