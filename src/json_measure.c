/* json_measure.c - the parts of a results.json row that say how it was
 * measured: the statistics of its samples beyond the median (stats.h),
 * why its samples ended (repeats.h).  See json_int.h.
 *
 * Everything here is optional on reading: a file written before a field
 * was recorded still reads, and what the samples can tell (every file
 * keeps every sample) is computed from them, so old files render with
 * intervals too.  Written by the module that owns jansson (json.c is the
 * rest of it). */
#include "json_int.h"

#include <math.h>
#include <stdio.h>

#include "stats.h"

static json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* ---- the statistics of the samples ---------------------------------------- */

void json_timing_put(json_t *timing, const struct timing *t)
{
	const char *stop = repeats_stop_name(t->stop);

	json_object_set_new(timing, "median_lo_ms", jnum(t->median_lo_ms));
	json_object_set_new(timing, "median_hi_ms", jnum(t->median_hi_ms));
	json_object_set_new(timing, "q1_ms", jnum(t->q1_ms));
	json_object_set_new(timing, "q3_ms", jnum(t->q3_ms));
	json_object_set_new(timing, "outliers",
			    json_integer((json_int_t)t->outliers));
	json_object_set_new(timing, "stop",
			    stop ? json_string(stop) : json_null());
}

/* A number or null (NAN) under key. */
static double opt_num(struct reader *rd, json_t *o, const char *where,
		      const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!v || json_is_null(v))
		return NAN;
	if (!json_is_number(v)) {
		json_bad(rd, where, key, "a number");
		return NAN;
	}
	return json_number_value(v);
}

void json_timing_get(struct reader *rd, json_t *timing, const char *where,
		     struct timing *t)
{
	json_t *v = json_object_get(timing, "stop");
	struct sample_stats st;

	t->stop = STOP_UNKNOWN;
	if (json_is_string(v)) {
		if (repeats_stop_parse(json_string_value(v), &t->stop) < 0)
			json_bad(rd, where, "stop",
				 "count, precise, budget, max or null");
	} else if (v && !json_is_null(v)) {
		json_bad(rd, where, "stop", "count, precise, budget, max or null");
	}
	if (!json_object_get(timing, "median_lo_ms")) {
		/* recorded before culab kept them: the samples tell */
		stats_summarize(t->samples_ms, t->nsamples, &st);
		t->median_lo_ms = st.median_lo;
		t->median_hi_ms = st.median_hi;
		t->q1_ms = st.q1;
		t->q3_ms = st.q3;
		t->outliers = st.outliers;
		return;
	}
	t->median_lo_ms = opt_num(rd, timing, where, "median_lo_ms");
	t->median_hi_ms = opt_num(rd, timing, where, "median_hi_ms");
	t->q1_ms = opt_num(rd, timing, where, "q1_ms");
	t->q3_ms = opt_num(rd, timing, where, "q3_ms");
	v = json_object_get(timing, "outliers");
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    (size_t)json_integer_value(v) > t->nsamples)
		json_bad(rd, where, "outliers", "a count of samples");
	else
		t->outliers = (size_t)json_integer_value(v);
}

/* ---- repeats: auto ---------------------------------------------------------------- */

json_t *json_repeats_auto_put(const struct repeat_auto *a)
{
	if (!a->on)
		return json_null();
	return json_pack("{s:f, s:f, s:i}", "precision", a->precision,
			 "budget_s", a->budget_s, "min", a->min);
}

void json_repeats_auto_get(struct reader *rd, json_t *o, const char *where,
			   struct repeat_auto *a)
{
	json_t *v = json_object_get(o, "repeats_auto"), *x;

	a->on = false;
	if (!v || json_is_null(v))
		return;
	if (!json_is_object(v)) {
		json_bad(rd, where, "repeats_auto", "an object or null");
		return;
	}
	repeat_auto_default(a);
	x = json_object_get(v, "precision");
	if (!json_is_number(x) || json_number_value(x) <= 0 ||
	    json_number_value(x) >= 1)
		json_bad(rd, where, "repeats_auto.precision", "a fraction");
	else
		a->precision = json_number_value(x);
	x = json_object_get(v, "budget_s");
	if (!json_is_number(x) || !(json_number_value(x) > 0))
		json_bad(rd, where, "repeats_auto.budget_s", "seconds");
	else
		a->budget_s = json_number_value(x);
	x = json_object_get(v, "min");
	if (!json_is_integer(x) || json_integer_value(x) < 1 ||
	    json_integer_value(x) > REPEATS_MAX)
		json_bad(rd, where, "repeats_auto.min", "a count of runs");
	else
		a->min = (int)json_integer_value(x);
}
