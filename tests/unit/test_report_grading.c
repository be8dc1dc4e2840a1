/* test_report_grading.c - the pure parts of a class's grade (issue 44,
 * report_grading.h): the speed share on the continuous scale (the
 * default: no step at a band's edge), in bands and as a geometric mean, the
 * rubric a class without one gets, the bootstrap over rounds (the same
 * interval every time, and the bands the resampled ratios fall in), the
 * rungs' spread, and the tie rule with copies always tied.  Inputs are
 * arrays written here to reach each edge; no measurement is made up:
 * the rendered class is test_report_class.c's, test_report_student.c's
 * and test_report_class_recorded.c's, from recorded runs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/report_grading.h"
#include "base/rubric.h"

#define EXPECT_NEAR(got, want)                                                 \
	do {                                                                   \
		double g_ = (got), w_ = (want);                                \
		if (!(fabs(g_ - w_) <= 1e-12 * fmax(1, fabs(w_))))             \
			fail_msg("%s:%d: %s is %.17g, want %.17g", __FILE__,   \
				 __LINE__, #got, g_, w_);                      \
	} while (0)

/* The default rubric with the steps of `scale: bands`. */
static struct class_rubric steps(void)
{
	struct class_rubric r = rubric_default();

	r.scale = RUBRIC_BANDS;
	return r;
}

/* The default: 40/40/20 on the continuous scale through 1.2, 1.5, 2 and
 * 3: all the points up to 1.2, 2/3 at 1.5, 1/3 at 2, none from 3 on,
 * linear in log R between. */
static void test_continuous(void **state)
{
	struct class_rubric r = rubric_default();

	(void)state;
	assert_true(r.correctness == 40 && r.speed == 40 && r.objectives == 20);
	assert_int_equal(r.scale, RUBRIC_CONTINUOUS);
	assert_int_equal(r.nbands, 4);
	EXPECT_NEAR(rubric_speed_share(&r, 0.8), 1);
	EXPECT_NEAR(rubric_speed_share(&r, 1.2), 1);
	EXPECT_NEAR(rubric_speed_share(&r, 1.5), 2.0 / 3);
	EXPECT_NEAR(rubric_speed_share(&r, 2), 1.0 / 3);
	EXPECT_NEAR(rubric_speed_share(&r, 3), 0);
	EXPECT_NEAR(rubric_speed_share(&r, 7), 0);
	EXPECT_NEAR(rubric_speed_share(&r, NAN), 0);
	/* halfway in log R between 1.5 and 2: halfway between the shares */
	EXPECT_NEAR(rubric_speed_share(&r, sqrt(1.5 * 2)), 0.5);
	EXPECT_NEAR(rubric_speed_share(&r, sqrt(1.2 * 1.5)), 5.0 / 6);
	/* no step at any edge: R just either side of a band (kim's 1.5025
	 * against the cut 1.5, inside a rung spread of 0.5 %) earns nearly
	 * the same points (under one of 40: the steepest part, 1.2 to 1.5,
	 * gives 40 / 3 points over a factor 1.25), where the steps differ
	 * by ten */
	for (size_t k = 0; k < r.nbands; k++) {
		double below = r.bands[k] / 1.005, above = r.bands[k] * 1.005;
		double pb = r.speed * rubric_speed_share(&r, below);
		double pa = r.speed * rubric_speed_share(&r, above);
		struct class_rubric s = steps();

		if (!(pb >= pa && pb - pa < 1))
			fail_msg("%s:%d: band %g: %.4f points at R = %.4f, "
				 "%.4f at %.4f", __FILE__, __LINE__,
				 r.bands[k], pb, below, pa, above);
		if (k + 1 < r.nbands)
			assert_true(r.speed * (rubric_speed_share(&s, below) -
					       rubric_speed_share(&s, above)) >=
				    10 - 1e-9);
	}
	/* never more points for a slower kernel */
	for (double R = 1, last = 1; R < 4; R *= 1.01) {
		double v = rubric_speed_share(&r, R);

		assert_true(v <= last + 1e-15);
		last = v;
	}
	/* two bands: a straight line in log R from all to none */
	r.nbands = 2;
	r.bands[0] = 1.1;
	r.bands[1] = 2;
	EXPECT_NEAR(rubric_speed_share(&r, sqrt(2.2)), 0.5);
	EXPECT_NEAR(rubric_speed_share(&r, 2), 0);
}

static void test_bands(void **state)
{
	struct class_rubric r = steps();

	(void)state;
	EXPECT_NEAR(rubric_speed_share(&r, 0.8), 1);    /* faster: as 1 */
	EXPECT_NEAR(rubric_speed_share(&r, 1), 1);
	EXPECT_NEAR(rubric_speed_share(&r, 1.2), 1);    /* ends included */
	EXPECT_NEAR(rubric_speed_share(&r, 1.2001), 0.75);
	EXPECT_NEAR(rubric_speed_share(&r, 1.5), 0.75);
	EXPECT_NEAR(rubric_speed_share(&r, 1.51), 0.5);
	EXPECT_NEAR(rubric_speed_share(&r, 2), 0.5);
	EXPECT_NEAR(rubric_speed_share(&r, 2.97), 0.25);
	EXPECT_NEAR(rubric_speed_share(&r, 3), 0.25);
	EXPECT_NEAR(rubric_speed_share(&r, 3.01), 0);
	EXPECT_NEAR(rubric_speed_share(&r, NAN), 0);    /* no reference */
}

/* A student's R reads on the side of a band's edge it is on: 1.5004
 * earns the points of "up to 2", so it does not print as "1.50×". */
static void test_speed_at_a_cut(void **state)
{
	struct class_rubric r = steps();
	struct grade_student s;
	struct sbuf b = SBUF_INIT;

	(void)state;
	memset(&s, 0, sizeof(s));
	s.R = 1.5004;
	grade_speed_why(&b, EN, &r, &s);
	assert_non_null(strstr(sbuf_str(&b), "1.5004×"));
	assert_non_null(strstr(sbuf_str(&b), "50.0 %"));
	sbuf_reset(&b);
	s.R = 1.5;                      /* on the edge: its band's */
	grade_speed_why(&b, EN, &r, &s);
	assert_non_null(strstr(sbuf_str(&b), "1.50×"));
	assert_non_null(strstr(sbuf_str(&b), "75.0 %"));
	sbuf_reset(&b);
	s.R = 1.7;                      /* no edge near: three digits */
	grade_speed_why(&b, EN, &r, &s);
	assert_non_null(strstr(sbuf_str(&b), "1.70×"));
	sbuf_reset(&b);
	/* the continuous scale has no cut to be on either side of */
	r = rubric_default();
	s.R = 1.5004;
	grade_speed_why(&b, EN, &r, &s);
	assert_non_null(strstr(sbuf_str(&b), "1.50×"));
	assert_non_null(strstr(sbuf_str(&b), "66.6 %"));
	sbuf_release(&b);
}

static void test_geomean(void **state)
{
	struct class_rubric r = rubric_default();

	(void)state;
	r.scale = RUBRIC_GEOMEAN;
	EXPECT_NEAR(rubric_speed_share(&r, 0.5), 1);
	EXPECT_NEAR(rubric_speed_share(&r, 1), 1);
	EXPECT_NEAR(rubric_speed_share(&r, 2), 0.5);
	EXPECT_NEAR(rubric_speed_share(&r, 3.2), 0.3125);
}

/* Results from before rubrics hold a zeroed one: the default applies. */
static void test_rubric_of(void **state)
{
	struct experiment_meta x;
	struct class_rubric r;

	(void)state;
	memset(&x, 0, sizeof(x));
	r = grade_rubric_of(&x);
	assert_true(r.correctness == 40 && r.speed == 40 &&
		    r.objectives == 20 && r.nbands == 4);
	r = grade_rubric_of(NULL);
	assert_true(r.speed == 40);
	/* a class that named none is graded by today's default, whatever
	 * default its results recorded (the steps, before the continuous
	 * scale) */
	x.rubric = (struct class_rubric){ .set = false, .correctness = 40,
					  .speed = 40, .objectives = 20,
					  .scale = RUBRIC_BANDS,
					  .bands = { 1.2, 1.5, 2, 3 },
					  .nbands = 4 };
	r = grade_rubric_of(&x);
	assert_int_equal(r.scale, RUBRIC_CONTINUOUS);
	x.rubric = (struct class_rubric){ .set = true, .correctness = 50,
					  .speed = 50, .objectives = 0,
					  .scale = RUBRIC_GEOMEAN };
	r = grade_rubric_of(&x);
	assert_true(r.correctness == 50 && r.objectives == 0 &&
		    r.scale == RUBRIC_GEOMEAN);
}

/* A student whose rounds take 1.4 or 1.6 times the reference's, in
 * turn: every resample's ratio of medians lies in [1.4, 1.6], so the
 * shares are those of the bands 1.5 (3/4) and 2 (1/2); the same arrays
 * give the same interval twice. */
static void test_bootstrap(void **state)
{
	const struct class_rubric r = steps();
	double ref[10], st[10], flat[10], lo, hi, lo2, hi2;
	const double *s[2] = { st, flat }, *rt[2] = { ref, ref };
	size_t nr[2] = { 10, 10 };

	(void)state;
	for (int i = 0; i < 10; i++) {
		ref[i] = 0.05;
		st[i] = 0.05 * (i % 2 ? 1.6 : 1.4);
		flat[i] = 0.05 * 1.45;
	}
	assert_int_equal(grade_bootstrap(s, rt, nr, 1, &r, &lo, &hi), 0);
	EXPECT_NEAR(lo, 0.5);
	EXPECT_NEAR(hi, 0.75);
	assert_int_equal(grade_bootstrap(s, rt, nr, 1, &r, &lo2, &hi2), 0);
	EXPECT_NEAR(lo2, lo);
	EXPECT_NEAR(hi2, hi);
	/* 1.45 at every round: one band, no width */
	assert_int_equal(grade_bootstrap(s + 1, rt, nr, 1, &r, &lo, &hi), 0);
	EXPECT_NEAR(lo, 0.75);
	EXPECT_NEAR(hi, 0.75);
	/* two rows: the geometric mean of sqrt(1.45 x [1.4, 1.6]) lies in
	 * [1.425, 1.524]: bands 1.5 and 2 again */
	assert_int_equal(grade_bootstrap(s, rt, nr, 2, &r, &lo, &hi), 0);
	EXPECT_NEAR(lo, 0.5);
	EXPECT_NEAR(hi, 0.75);
	/* a row without rounds, or a time that is not positive */
	nr[0] = 0;
	assert_int_equal(grade_bootstrap(s, rt, nr, 1, &r, &lo, &hi), -1);
	assert_true(isnan(lo) && isnan(hi));
	nr[0] = 10;
	ref[3] = 0;
	ref[4] = 0;
	ref[5] = 0;
	ref[6] = 0;
	ref[7] = 0;
	ref[8] = 0;
	assert_int_equal(grade_bootstrap(s, rt, nr, 1, &r, &lo, &hi), -1);
}

static void test_spread(void **state)
{
	const double x[] = { 5, 1, 4, 2, 3 };   /* q1 2, median 3, q3 4 */
	const double one[] = { 1 };

	(void)state;
	EXPECT_NEAR(grade_spread(x, 5), 1.0 / 3);
	assert_true(isnan(grade_spread(one, 1)));
}

/* Ranks of n students sorted best first, checked against want[] ("1=",
 * "3"). */
static void expect_ranks(int line, const double *lo, const double *hi,
			 const long *same, size_t n, const char *const *want)
{
	size_t rank[8];
	bool tied[8];

	grade_ties(lo, hi, same, n, rank, tied);
	for (size_t k = 0; k < n; k++) {
		char got[16];

		snprintf(got, sizeof(got), "%zu%s", rank[k], tied[k] ? "=" : "");
		if (strcmp(got, want[k]))
			fail_msg("%s:%d: student %zu ranks %s, want %s",
				 __FILE__, line, k, got, want[k]);
	}
}

static void test_ties(void **state)
{
	const long none[5] = { -1, -1, -1, -1, -1 };

	(void)state;
	/* overlapping pairs tie; ranks skip past a tie ("1, 1, 3") */
	{
		const double lo[] = { 70, 65, 50, 49, 10 };
		const double hi[] = { 80, 75, 60, 55, 20 };
		const char *const want[] = { "1=", "1=", "3=", "3=", "5" };

		expect_ranks(__LINE__, lo, hi, none, 5, want);
	}
	/* the group's first student decides: no chain through the second */
	{
		const double lo[] = { 70, 60, 55 };
		const double hi[] = { 80, 71, 65 };
		const char *const want[] = { "1=", "1=", "3" };

		expect_ranks(__LINE__, lo, hi, none, 3, want);
	}
	/* equal scores without an interval tie; ends count as overlap */
	{
		const double lo[] = { 60, 53.3, 53.3, 0 };
		const double hi[] = { 70, 53.3, 53.3, 0 };
		const char *const want[] = { "1", "2=", "2=", "4" };

		expect_ranks(__LINE__, lo, hi, none, 4, want);
	}
	/* the same source twice is tied, with everyone between them */
	{
		const double lo[] = { 80, 70, 60, 40 };
		const double hi[] = { 82, 72, 62, 42 };
		const long same[] = { -1, -1, 0, -1 };
		const char *const want[] = { "1=", "1=", "1=", "4" };

		expect_ranks(__LINE__, lo, hi, same, 4, want);
	}
	/* ... whichever of the two scored better, and joined to a tie */
	{
		const double lo[] = { 90, 79, 70, 50 };
		const double hi[] = { 95, 91, 72, 52 };
		const long same[] = { -1, 3, -1, -1 };
		const char *const want[] = { "1=", "1=", "1=", "1=" };

		expect_ranks(__LINE__, lo, hi, same, 4, want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_continuous),
		cmocka_unit_test(test_bands),
		cmocka_unit_test(test_speed_at_a_cut),
		cmocka_unit_test(test_geomean),
		cmocka_unit_test(test_rubric_of),
		cmocka_unit_test(test_bootstrap),
		cmocka_unit_test(test_spread),
		cmocka_unit_test(test_ties),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
