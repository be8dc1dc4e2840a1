/* class_fixture.h - the recorded runs and helpers shared by the class's
 * tests (test_report_class.c, test_report_student.c,
 * test_report_class_recorded.c, test_report_reference.c): the fixtures' paths, a report rendered
 * without charts, a page of it, the exercise marked as a class, the
 * rubric those tests were written for.  Static functions in a header,
 * as rows_fixture.h, because the Makefile builds each tests/unit/test_*.c
 * on its own.  Include after <cmocka.h>. */
#ifndef CULAB_TEST_CLASS_FIXTURE_H
#define CULAB_TEST_CLASS_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "report/report.h"
#include "report/report_grading.h"
#include "results/results.h"
#include "report_check.h"

#define EXERCISE "tests/fixtures/recorded-2026-11-27/exercise-lines-h100/results.json"
/* recorded before culab kept the kernel alone and the rounds: graded by
 * the timed region (tests/fixtures/recorded-2026-11-27/RECORDED.md) */
#define CLASS "tests/fixtures/recorded-2026-11-27/class-h100/results.json"
/* the example class as recorded with its rounds (its RECORDED.md) */
#define CLASS_ROUNDS "tests/fixtures/recorded-2026-12-06/class-h200/results.json"

static inline void skip_test(void)
{
	skip();
}

/* How often needle occurs in hay. */
static inline size_t count_of(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

/* Renders r without charts into a fresh directory; returns its path
 * (the caller removes and frees it). */
static inline char *render(const struct results *r)
{
	char *dir = scratch_for("class");
	struct report_options o;

	report_test_options(&o, dir);
	o.charts = false;
	assert_int_equal(report_render(r, &o), 0);
	return dir;
}

static inline char *page(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	char *text = slurp(path, NULL);

	free(path);
	return text;
}

static inline void mark_class(struct results *r)
{
	for (size_t i = 0; i < r->nvariants; i++)
		if (r->variants[i]->source_text)
			r->variants[i]->submission = true;
}

/* The rubric these tests were written for: the default's points and
 * bands on the steps of `scale: bands` (the default before the continuous
 * scale), named in memory as a teacher would name it, so that their
 * scores stay round numbers; test_continuous_default grades by the
 * default itself. */
static inline void pin_steps(struct results *r)
{
	for (size_t i = 0; i < r->nexperiments; i++) {
		r->experiments[i].rubric = rubric_default();
		r->experiments[i].rubric.scale = RUBRIC_BANDS;
		r->experiments[i].rubric.set = true;
	}
}

/* Places on the ladder: strings of M_U_SUM_* and M_U_BETWEEN/FASTEST/
 * SLOWEST, wherever a kernel is placed. */
static inline size_t places(const char *md)
{
	return count_of(md, "between rung") + count_of(md, "level with") +
	       count_of(md, "slower than every") +
	       count_of(md, "faster than every") +
	       count_of(md, "faster than the fastest");
}

#endif
