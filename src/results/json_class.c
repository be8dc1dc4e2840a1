/* json_class.c - what results.json keeps of a class with its experiment
 * (issue 44): the rubric it is graded by, its timing rounds, and the
 * students of its roster without a submission.  See json_int.h.
 *
 *   "rubric": {"given": true, "correctness": 40, "speed": 40,
 *              "objectives": 20, "scale": "continuous",
 *              "bands": [1.2, 1.5, 2, 3]},
 *   "rounds": 10,
 *   "missing": [{"id": "10004", "name": "Emilie du Chatelet"}],
 *   "contract": {"grid": "ceil(n / block)", "block": 256,
 *                "first_loads": [{"n": 1048576, "elements": 1}]}
 *
 * Written only for an experiment with a class ("missing" only when the
 * class has a roster, "contract" only for a reduce class's run from
 * when culab recorded it), so every other entry reads as it always did.  On
 * reading, an entry without "rubric" (every file from before, and every
 * experiment without a class) gets rubric_default() and rounds 0; the
 * values are held to what an experiment file may say (base/rubric.h),
 * so a report never grades by a rubric culab would not have taken.
 * Whole points are written as integers ("40", not "40.0"). */
#include "json_int.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "experiment/roster.h"

/* Room for a JSON path: "experiments[999].missing[9999]". */
#define PATHLEN 128

/* ---- writing ------------------------------------------------------------ */

/* v as an integer when it is whole, else as a real. */
static json_t *points(double v)
{
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t)v);
	return jnum(v);
}

void json_class_put(json_t *x, const struct experiment_meta *e)
{
	const struct class_rubric *r = &e->rubric;
	json_t *o, *a;

	if (!e->has_class)
		return;
	o = json_pack("{s:b}", "given", r->set);
	json_object_set_new(o, "correctness", points(r->correctness));
	json_object_set_new(o, "speed", points(r->speed));
	json_object_set_new(o, "objectives", points(r->objectives));
	json_object_set_new(o, "scale", json_string(rubric_scale_name(r->scale)));
	if (rubric_scale_banded(r->scale)) {
		a = json_array();
		for (size_t i = 0; i < r->nbands; i++)
			json_array_append_new(a, points(r->bands[i]));
		json_object_set_new(o, "bands", a);
	}
	json_object_set_new(x, "rubric", o);
	json_object_set_new(x, "rounds", json_integer(e->rounds));
	if (e->contract.grid) {
		a = json_array();
		for (size_t i = 0; i < e->contract.nat; i++)
			json_array_append_new(a, json_pack("{s:I, s:i}",
				"n", (json_int_t)e->contract.at[i].n,
				"elements", e->contract.at[i].elements));
		json_object_set_new(x, "contract", json_pack("{s:s, s:i, s:o}",
				    "grid", e->contract.grid,
				    "block", e->contract.block,
				    "first_loads", a));
	}
	if (!e->has_roster)
		return;
	a = json_array();
	for (size_t i = 0; i < e->nmissing; i++)
		json_array_append_new(a, json_pack("{s:o, s:o}",
				"id", jtext(e->missing[i].id),
				"name", jtext(e->missing[i].name)));
	json_object_set_new(x, "missing", a);
}

/* ---- reading ------------------------------------------------------------ */

/* Points of part `key` of rubric object o (0 .. RUBRIC_MAX_POINTS). */
static double get_points(struct reader *rd, json_t *o, const char *where,
			 const char *key)
{
	double v = json_num_get(rd, o, where, key, 0, RUBRIC_MAX_POINTS, false,
				"a number of points (0 .. 1000000)");

	return isnan(v) ? 0 : v;
}

static void get_bands(struct reader *rd, json_t *a, const char *where,
		      struct class_rubric *r)
{
	size_t i;
	json_t *b;

	if (!json_is_array(a) || !json_array_size(a) ||
	    json_array_size(a) > RUBRIC_MAX_BANDS) {
		json_bad(rd, where, "bands", "a list of 1 to 8 increasing "
			 "factors above 1");
		return;
	}
	r->nbands = 0;
	json_array_foreach(a, i, b) {
		char w[PATHLEN];
		double v = json_is_number(b) ? json_number_value(b) : NAN;

		json_path_at(w, sizeof(w), where, "bands", i);
		if (!(v > 1 && v <= RUBRIC_MAX_FACTOR) ||
		    (i && !(v > r->bands[i - 1]))) {
			json_bad_value(rd, w, "", b, i ? "a factor above the "
				       "band before (and at most 1000)" :
				       "a factor above 1 (and at most 1000)");
			return;
		}
		r->bands[r->nbands++] = v;
	}
}

static void get_rubric(struct reader *rd, json_t *o, const char *where,
		       struct class_rubric *r)
{
	json_t *v;
	char w[PATHLEN];

	if (snprintf(w, sizeof(w), "%s.rubric", where) >= (int)sizeof(w))
		w[sizeof(w) - 1] = '\0';
	if (!json_is_object(json_object_get(o, "rubric"))) {
		json_bad(rd, where, "rubric", "an object");
		return;
	}
	o = json_object_get(o, "rubric");
	v = json_object_get(o, "given");
	if (!json_is_boolean(v))
		json_bad(rd, w, "given", "true or false");
	r->set = json_is_true(v);
	r->correctness = get_points(rd, o, w, "correctness");
	r->speed = get_points(rd, o, w, "speed");
	r->objectives = get_points(rd, o, w, "objectives");
	if (!r->correctness && !r->speed && !r->objectives)
		json_report(rd, w, "", "no points: correctness, speed and "
			    "objectives are all 0");
	v = json_object_get(o, "scale");
	for (r->scale = 0; r->scale < RUBRIC__SCALES; r->scale++)
		if (json_is_string(v) && !strcmp(json_string_value(v),
						 rubric_scale_name(r->scale)))
			break;
	if (r->scale == RUBRIC__SCALES) {
		r->scale = RUBRIC_BANDS;
		json_bad_value(rd, w, "scale", v, "\"continuous\", \"bands\" "
			       "or \"geomean\"");
	} else if (rubric_scale_banded(r->scale)) {
		get_bands(rd, json_object_get(o, "bands"), w, r);
		if (r->scale == RUBRIC_CONTINUOUS && r->nbands == 1)
			json_report(rd, w, "bands", "fewer than 2 bands with "
				    "\"scale\": \"continuous\", which needs "
				    "two");
	} else {
		memset(r->bands, 0, sizeof(r->bands));
		r->nbands = 0;
		if (json_object_get(o, "bands"))
			json_report(rd, w, "bands", "bands with \"scale\": "
				    "\"geomean\", which takes none");
	}
}

static void get_missing(struct reader *rd, json_t *a, const char *where,
			struct experiment_meta *e)
{
	size_t i;
	json_t *m;

	if (!json_is_array(a) || json_array_size(a) > ROSTER_MAX_STUDENTS) {
		json_bad(rd, where, "missing", "an array of at most 10000 "
			 "students");
		return;
	}
	e->missing = xcalloc(json_array_size(a) ? json_array_size(a) : 1,
			     sizeof(*e->missing));
	json_array_foreach(a, i, m) {
		char w[PATHLEN];
		json_t *id = json_object_get(m, "id"), *name;

		name = json_object_get(m, "name");
		json_path_at(w, sizeof(w), where, "missing", i);
		if (!json_is_string(id) || !json_string_length(id) ||
		    json_string_length(id) > ROSTER_MAX_ID ||
		    strlen(json_string_value(id)) != json_string_length(id)) {
			json_bad_value(rd, w, "id", id, "a student's id (1 .. "
				       "64 bytes)");
			continue;
		}
		if (!json_is_string(name) || !json_string_length(name) ||
		    json_string_length(name) > ROSTER_MAX_NAME ||
		    strlen(json_string_value(name)) != json_string_length(name)) {
			json_bad_value(rd, w, "name", name, "a student's name "
				       "(1 .. 256 bytes)");
			continue;
		}
		e->missing[e->nmissing++] = (struct class_student){
			xstrdup(json_string_value(id)),
			xstrdup(json_string_value(name)) };
	}
}

/* The class's launch ("contract"): its grid expression, block and the
 * elements a thread loads at each size, held to the bounds a run writes. */
static void get_contract(struct reader *rd, json_t *o, const char *where,
			 struct class_contract *c)
{
	json_t *g = json_object_get(o, "grid"), *b = json_object_get(o, "block");
	json_t *a = json_object_get(o, "first_loads"), *x;
	char w[PATHLEN];
	size_t i;

	if (snprintf(w, sizeof(w), "%s.contract", where) >= (int)sizeof(w))
		w[sizeof(w) - 1] = '\0';
	if (!json_is_string(g) || !json_string_length(g) ||
	    json_string_length(g) > 256) {
		json_bad_value(rd, w, "grid", g, "an expression (1 .. 256 "
			       "bytes)");
		return;
	}
	if (!json_is_integer(b) || json_integer_value(b) < 1 ||
	    json_integer_value(b) > 1024) {
		json_bad_value(rd, w, "block", b, "a block size (1 .. 1024)");
		return;
	}
	if (!json_is_array(a) || json_array_size(a) > 4096) {
		json_bad(rd, w, "first_loads", "an array of at most 4096 sizes");
		return;
	}
	c->grid = xstrdup(json_string_value(g));
	c->block = (int)json_integer_value(b);
	c->at = xcalloc(json_array_size(a) ? json_array_size(a) : 1,
			sizeof(*c->at));
	json_array_foreach(a, i, x) {
		char xw[PATHLEN];
		json_t *n = json_object_get(x, "n"), *k;

		k = json_object_get(x, "elements");
		json_path_at(xw, sizeof(xw), w, "first_loads", i);
		if (!json_is_integer(n) || json_integer_value(n) < 1) {
			json_bad_value(rd, xw, "n", n, "a size (1 or more)");
			continue;
		}
		if (!json_is_integer(k) || json_integer_value(k) < 1 ||
		    json_integer_value(k) > INT32_MAX) {
			json_bad_value(rd, xw, "elements", k, "a count of "
				       "elements (1 or more)");
			continue;
		}
		c->at[c->nat++] = (struct class_load){
			(uint64_t)json_integer_value(n),
			(int)json_integer_value(k) };
	}
}

void json_class_get(struct reader *rd, json_t *o, const char *where,
		    struct experiment_meta *e)
{
	json_t *v;

	e->rubric = rubric_default();
	e->rounds = 0;
	e->has_class = json_object_get(o, "rubric") != NULL;
	if (e->has_class)
		get_rubric(rd, o, where, &e->rubric);
	if ((v = json_object_get(o, "rounds")) != NULL) {
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) > CLASS_ROUNDS_MAX)
			json_bad_value(rd, where, "rounds", v, "a count of "
				       "rounds (0 .. 100)");
		else
			e->rounds = (int)json_integer_value(v);
	}
	if (json_object_get(o, "contract"))
		get_contract(rd, json_object_get(o, "contract"), where,
			     &e->contract);
	e->has_roster = json_object_get(o, "missing") != NULL;
	if (e->has_roster)
		get_missing(rd, json_object_get(o, "missing"), where, e);
}
