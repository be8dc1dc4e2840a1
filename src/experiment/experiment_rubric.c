/* experiment_rubric.c - the "rubric" key of a class (issue 44): how the
 * teacher grades it (base/rubric.h says what each part means).
 *
 *   rubric:
 *     correctness: 40       # points
 *     speed: 40
 *     objectives: 20
 *     scale: continuous     # the default; or bands, geomean
 *     bands: [1.2, 1.5, 2, 3]
 *
 * Points are plain decimal numbers from 0 to RUBRIC_MAX_POINTS; a part
 * left out has none, so the file states every point a student can get,
 * and a rubric that gives none at all is refused.  `bands` goes with
 * `scale: continuous` and `scale: bands` (left out: the default bands),
 * strictly increasing factors above 1; the continuous scale needs two
 * (full points up to the first, none from the last on).  Each mistake
 * is its own error at its value, so the teacher sees them all at once. */
#include "experiment_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* The keys of a rubric, in the order checked. */
enum { RB_CORRECTNESS, RB_SPEED, RB_OBJECTIVES, RB_SCALE, RB_BANDS,
       RB__COUNT };

static const char *const rubric_keys[RB__COUNT] = {
	"correctness", "speed", "objectives", "scale", "bands",
};

/* The scales, by the names files use (rubric_scale_name). */
static const enum rubric_scale scales[] = { RUBRIC_CONTINUOUS, RUBRIC_BANDS,
					    RUBRIC_GEOMEAN };

/* A plain decimal number ("40", "12.5", ".5", "-3") into *v.  Returns 0,
 * or -1 when nd is anything else (quoted, an exponent, inf, nan, a
 * list). */
static int decimal(const struct node *nd, double *v)
{
	const char *p;
	size_t digits = 0;
	char *end;

	if (nd->kind != NODE_SCALAR || !nd->plain || node_is_null(nd))
		return -1;
	p = nd->str + (nd->str[0] == '-');
	for (; isdigit((unsigned char)*p); p++)
		digits++;
	if (*p == '.')
		for (p++; isdigit((unsigned char)*p); p++)
			digits++;
	if (!digits || *p)
		return -1;
	*v = strtod(nd->str, &end);
	return end == p ? 0 : -1;
}

/* The points of part `key` at nd into *out. */
static int get_points(struct loader *ld, const struct node *nd,
		      const char *key, double *out)
{
	double v;

	if (decimal(nd, &v) < 0)
		return expected(ld, nd, "a number of points (40, 12.5)", key);
	if (!(v >= 0 && v <= RUBRIC_MAX_POINTS))
		return lerr(ld, nd, "\"%s\" must be from 0 to %d points, got %s",
			    key, RUBRIC_MAX_POINTS, nd->str);
	*out = v;
	return 0;
}

static int get_scale(struct loader *ld, const struct node *nd,
		     enum rubric_scale *out)
{
	for (size_t i = 0; i < ARRAY_SIZE(scales); i++)
		if (nd->kind == NODE_SCALAR && nd->plain &&
		    !strcmp(nd->str, rubric_scale_name(scales[i]))) {
			*out = scales[i];
			return 0;
		}
	return expected(ld, nd, "\"continuous\" (full points within the "
			"first band of the reference's time, none from the "
			"last on, falling smoothly between), \"bands\" (steps: "
			"fewer points in each next band) or \"geomean\" (the "
			"reference's time over the student's as the fraction "
			"of the points)", "scale");
}

static int get_bands(struct loader *ld, const struct node *nd,
		     struct class_rubric *r)
{
	static const char want[] = "a list of increasing factors above 1 "
				   "([1.2, 1.5, 2, 3])";
	const struct node *const *items;
	size_t n;
	int rc = 0;

	if (nd->kind != NODE_SEQ || !nd->nkids)
		return expected(ld, nd, want, "bands");
	items = list_items(&nd, &n);
	if (n > RUBRIC_MAX_BANDS)
		return lerr(ld, nd, "\"bands\" lists %zu factors, more than %d",
			    n, RUBRIC_MAX_BANDS);
	for (size_t i = 0; i < n; i++) {
		double v;

		if (decimal(items[i], &v) < 0) {
			rc = expected(ld, items[i], "a factor above 1 (1.5: "
				      "within 1.5x the reference's time)",
				      "bands");
			continue;
		}
		if (!(v > 1 && v <= RUBRIC_MAX_FACTOR))
			rc = lerr(ld, items[i], "a band must be a factor above 1 "
				  "and at most %d (1.5: within 1.5x the "
				  "reference's time), got %s",
				  RUBRIC_MAX_FACTOR, items[i]->str);
		else if (i && rc == 0 && !(v > r->bands[i - 1]))
			rc = lerr(ld, items[i], "bands must increase: %s "
				  "follows %s", items[i]->str,
				  items[i - 1]->str);
		r->bands[i] = v;
	}
	r->nbands = n;
	return rc;
}

int parse_rubric(struct loader *ld, struct exp_ctx *x, const struct node *nd)
{
	static const struct keyset ks = { "in rubric", rubric_keys, RB__COUNT };
	const struct node *vals[RB__COUNT], *keys[RB__COUNT];
	struct class_rubric r = rubric_default();
	double *points[3] = { &r.correctness, &r.speed, &r.objectives };
	int rc;

	if (nd->kind != NODE_MAP)
		return expected(ld, nd, "a mapping of points (correctness, "
				"speed, objectives) and the speed's scale",
				"rubric");
	rc = check_keys(ld, nd, &ks, vals, keys);
	for (int k = RB_CORRECTNESS; k <= RB_OBJECTIVES; k++) {
		*points[k] = 0;
		if (vals[k] && get_points(ld, vals[k], rubric_keys[k],
					  points[k]) < 0)
			rc = -1;
	}
	if (vals[RB_SCALE] && get_scale(ld, vals[RB_SCALE], &r.scale) < 0)
		rc = -1;
	if (vals[RB_BANDS] && r.scale == RUBRIC_GEOMEAN)
		rc = lerr(ld, keys[RB_BANDS], "\"bands\" goes with \"scale: "
			  "continuous\" or \"scale: bands\"; with \"scale: "
			  "geomean\" the points follow the time's ratio and "
			  "take no bands");
	else if (vals[RB_BANDS] && get_bands(ld, vals[RB_BANDS], &r) < 0)
		rc = -1;
	else if (vals[RB_BANDS] && r.scale == RUBRIC_CONTINUOUS &&
		 r.nbands < 2)
		rc = lerr(ld, vals[RB_BANDS], "\"scale: continuous\" needs at "
			  "least 2 bands (full points within the first, none "
			  "from the last on), got %zu", r.nbands);
	if (rc == 0 && !r.correctness && !r.speed && !r.objectives)
		return lerr(ld, nd, "the rubric gives no points: correctness, "
			    "speed and objectives are all 0 (a part left out "
			    "has none)");
	if (rc < 0)
		return -1;
	if (r.scale == RUBRIC_GEOMEAN) {
		memset(r.bands, 0, sizeof(r.bands));
		r.nbands = 0;
	}
	r.set = true;
	x->e->rubric = r;
	return 0;
}
