/* rubric.h - how a class is graded (issue 44): the teacher's rubric, as
 * the class block of an experiment file states it (`rubric:`), kept in
 * results.json with its experiment, and applied by the report.
 *
 * A student's score is the sum of three parts, each out of its points:
 *   correctness  shared equally over the student's rows: a row earns its
 *                share when it verified (no impossible time);
 *   speed        from the student's kernel time against the reference
 *                (the fastest built-in rung a kernel can match under
 *                the class's launch, report/report_reference.h, or with
 *                `score: class` the class's fastest student), on the
 *                verified rows: the ratio r >= 1 of their time over
 *                the reference's,
 *                geometric mean over those rows; `continuous` (the
 *                default) gives full points up to bands[0], none from
 *                the last band on, and between bands[k-1] and bands[k]
 *                a share linear in log r, (nbands - 1 - k) / (nbands - 1)
 *                of them at bands[k], so that no run-to-run noise at a
 *                band's edge moves a score by a step; `bands` gives
 *                full points within bands[0], then (nbands - k) / nbands
 *                of them within bands[k], none beyond the last (steps);
 *                `geomean` gives 1 / r of them;
 *   objectives   shared equally over the objectives that apply to the
 *                student's kernel (counters at the line, compute-
 *                sanitizer): met or not, with its evidence.
 * The points are the teacher's (they need not add up to 100). */
#ifndef CULAB_RUBRIC_H
#define CULAB_RUBRIC_H

#include <stdbool.h>
#include <stddef.h>

#define RUBRIC_MAX_BANDS 8
/* The most points a part may have, and the largest factor a band may be
 * (experiment files and results files alike). */
#define RUBRIC_MAX_POINTS 1000000
#define RUBRIC_MAX_FACTOR 1000

enum rubric_scale { RUBRIC_BANDS, RUBRIC_GEOMEAN, RUBRIC_CONTINUOUS,
		    RUBRIC__SCALES };

struct class_rubric {
	bool set;                       /* the class named a rubric */
	double correctness, speed, objectives; /* points of each part */
	enum rubric_scale scale;
	double bands[RUBRIC_MAX_BANDS]; /* increasing factors, each > 1 */
	size_t nbands;
};

/* The rubric a class gets when its block names none: 40 points for
 * correctness, 40 for speed on the continuous scale through bands 1.2,
 * 1.5, 2 and 3 (all of them up to 1.2, 2/3 at 1.5, 1/3 at 2, none from
 * 3 on), 20 for the objectives. */
static inline struct class_rubric rubric_default(void)
{
	struct class_rubric r = { .set = false, .correctness = 40,
				  .speed = 40, .objectives = 20,
				  .scale = RUBRIC_CONTINUOUS,
				  .bands = { 1.2, 1.5, 2, 3 }, .nbands = 4 };

	return r;
}

/* The scale's name as files write it: "bands", "geomean" or
 * "continuous". */
static inline const char *rubric_scale_name(enum rubric_scale s)
{
	static const char *const names[RUBRIC__SCALES] = {
		[RUBRIC_BANDS] = "bands", [RUBRIC_GEOMEAN] = "geomean",
		[RUBRIC_CONTINUOUS] = "continuous",
	};

	return (unsigned)s < RUBRIC__SCALES ? names[s] : "bands";
}

/* Whether scale s reads the rubric's bands. */
static inline bool rubric_scale_banded(enum rubric_scale s)
{
	return s == RUBRIC_BANDS || s == RUBRIC_CONTINUOUS;
}

/* Rounds a class's rounds worker times by default (experiment.rounds). */
#define CLASS_ROUNDS_DEFAULT 10
/* The most rounds a class may ask for (`rounds:`). */
#define CLASS_ROUNDS_MAX 100

#endif
