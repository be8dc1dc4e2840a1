/* json_measure.c - the parts of a results.json row that say how it was
 * measured: the statistics of its samples beyond the median (stats.h),
 * why its samples ended (experiment.h).  See json_int.h.
 *
 * Everything here is optional on reading: a file written before a field
 * was recorded still reads, and what the samples can tell (every file
 * keeps every sample) is computed from them, so old files render with
 * intervals too.  Written by the module that owns jansson (json.c is the
 * rest of it). */
#include "json_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/stats.h"
#include "base/util.h"

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

/* A number or null (NAN) under key: a time in ms, a clock in MHz, a
 * temperature or a power, so from 0 to 1e9 (json_read.c checks every
 * number of a file for sense). */
static double opt_num(struct reader *rd, json_t *o, const char *where,
		      const char *key)
{
	return json_num_in(rd, o, where, key, 0, 1e9, "a number (0 .. 1e9)");
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

/* ---- the kernel alone, and its rounds ------------------------------------------ */

static json_t *times(const double *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, jnum(v[i]));
	return a;
}

void json_kernel_put(json_t *o, const struct result_row *w)
{
	const struct timing *k = &w->tk;

	if (k->nsamples)
		json_object_set_new(o, "kernel_timing", json_pack(
			"{s:o, s:o, s:o, s:o}",
			"samples_ms", times(k->samples_ms, k->nsamples),
			"median_ms", jnum(k->median_ms),
			"median_lo_ms", jnum(k->median_lo_ms),
			"median_hi_ms", jnum(k->median_hi_ms)));
	if (w->rounds.n) {
		json_t *r = json_pack("{s:i, s:o}", "per_round",
				      w->rounds.per_round, "round_ms",
				      times(w->rounds.ms, w->rounds.n));

		if (round_of_name(w->rounds.of))
			json_object_set_new(r, "of", json_string(
				round_of_name(w->rounds.of)));
		json_object_set_new(o, "rounds", r);
	}
}

/* The times of array key of o, each a time in ms, at most max of them,
 * into a new array *out (NULL when absent or empty); returns how many. */
static size_t times_get(struct reader *rd, json_t *o, const char *where,
			const char *key, size_t max, double **out)
{
	json_t *a = json_object_get(o, key);
	size_t n;

	*out = NULL;
	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > max) {
		json_bad(rd, where, key, "an array of times in ms");
		return 0;
	}
	n = json_array_size(a);
	rd->samples += n;
	if (!n || rd->samples > RESULTS_MAX_ALL_SAMPLES) {
		if (n)
			json_bad(rd, where, key, "within the file's limit of "
				 "timed samples");
		return 0;
	}
	*out = xcalloc(n, sizeof(double));
	for (size_t i = 0; i < n; i++) {
		json_t *v = json_array_get(a, i);
		double x = json_is_number(v) ? json_number_value(v) : NAN;

		if (!(x >= RESULTS_MIN_MS && x <= RESULTS_MAX_MS)) {
			char f[64];

			snprintf(f, sizeof(f), "%s[%zu]", key, i);
			json_bad_value(rd, where, f, v,
				       "a time in ms (1e-6 .. 1e9)");
			x = 1;
		}
		(*out)[i] = x;
	}
	return n;
}

void json_kernel_get(struct reader *rd, json_t *o, const char *where,
		     struct result_row *w)
{
	json_t *k = json_object_get(o, "kernel_timing");
	json_t *r = json_object_get(o, "rounds"), *of;
	char sub[256];

	if (k && !json_is_object(k)) {
		json_bad(rd, where, "kernel_timing", "an object");
	} else if (k) {
		snprintf(sub, sizeof(sub), "%s.kernel_timing", where);
		w->tk.nsamples = times_get(rd, k, sub, "samples_ms",
					   RESULTS_MAX_SAMPLES,
					   &w->tk.samples_ms);
		w->tk.warmup = w->t.warmup;
		w->tk.stop = w->t.stop;
		if (w->tk.nsamples)
			timing_compute(&w->tk);
	}
	if (r && !json_is_object(r)) {
		json_bad(rd, where, "rounds", "an object");
	} else if (r) {
		json_t *per = json_object_get(r, "per_round");

		snprintf(sub, sizeof(sub), "%s.rounds", where);
		if (!json_is_integer(per) || json_integer_value(per) < 1 ||
		    json_integer_value(per) > REPEATS_MAX)
			json_bad(rd, sub, "per_round", "a count of runs");
		else
			w->rounds.per_round = (int)json_integer_value(per);
		w->rounds.n = times_get(rd, r, sub, "round_ms",
					RESULTS_MAX_SAMPLES, &w->rounds.ms);
		/* absent in files from before: ROUND_UNSTATED */
		w->rounds.of = ROUND_UNSTATED;
		if ((of = json_object_get(r, "of")) != NULL) {
			int i;

			for (i = ROUND_UNSTATED + 1; i < ROUND__OF; i++)
				if (json_is_string(of) &&
				    !strcmp(json_string_value(of),
					    round_of_name((enum round_of)i)))
					break;
			if (i < ROUND__OF)
				w->rounds.of = (enum round_of)i;
			else
				json_bad_value(rd, sub, "of", of, "\"kernel\", "
					       "\"first_pass\" or \"region\"");
		}
	}
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
	if (!json_is_number(x) || !(json_number_value(x) > 0) ||
	    json_number_value(x) > 1e9)
		json_bad(rd, where, "repeats_auto.budget_s", "seconds (0 .. 1e9)");
	else
		a->budget_s = json_number_value(x);
	x = json_object_get(v, "min");
	if (!json_is_integer(x) || json_integer_value(x) < 1 ||
	    json_integer_value(x) > REPEATS_MAX)
		json_bad(rd, where, "repeats_auto.min", "a count of runs");
	else
		a->min = (int)json_integer_value(x);
}

/* ---- clocks and throttling ------------------------------------------------------ */

json_t *json_clocks_put(const struct clock_record *c)
{
	json_t *o, *names;
	size_t n;
	const struct nvml_reason *t = nvml_reasons(&n);

	if (!c->known)
		return json_pack("{s:b, s:o}", "known", 0, "why",
				 c->why ? json_string(c->why) : json_null());
	o = json_pack("{s:b, s:i, s:o, s:o, s:o, s:o, s:o, s:o}", "known", 1,
		      "readings", c->readings,
		      "sm_mhz_min", jnum(c->sm_mhz_min),
		      "sm_mhz_max", jnum(c->sm_mhz_max),
		      "mem_mhz_min", jnum(c->mem_mhz_min),
		      "mem_mhz_max", jnum(c->mem_mhz_max),
		      "temp_c_max", jnum(c->temp_c_max),
		      "power_w_max", jnum(c->power_w_max));
	if (!c->reasons_known) {
		json_object_set_new(o, "reasons", json_null());
		json_object_set_new(o, "throttled", json_null());
		return o;
	}
	/* names for readers, the mask for culab: bits it has no name for
	 * survive the round trip */
	names = json_array();
	for (int b = 0; b < 64; b++) {
		uint64_t bit = (uint64_t)1 << b;
		char hex[24];
		size_t i;

		if (!(c->reasons & bit))
			continue;
		for (i = 0; i < n && t[i].bit != bit; i++)
			;
		snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)bit);
		json_array_append_new(names, json_string(i < n ? t[i].name : hex));
	}
	json_object_set_new(o, "reasons", names);
	json_object_set_new(o, "reasons_mask",
			    json_integer((json_int_t)c->reasons));
	json_object_set_new(o, "throttled", json_boolean(c->throttled));
	return o;
}

/* The reasons of a clocks object: the mask, checked against the names. */
static void read_reasons(struct reader *rd, json_t *o, const char *where,
			 struct clock_record *c)
{
	json_t *names = json_object_get(o, "reasons"), *v, *x;
	uint64_t from_names = 0;
	size_t i;

	if (!names || json_is_null(names))
		return;
	v = json_object_get(o, "reasons_mask");
	if (!json_is_array(names) || !json_is_integer(v)) {
		json_bad(rd, where, "reasons", "a list of names with "
			 "\"reasons_mask\"");
		return;
	}
	json_array_foreach(names, i, x)
		from_names |= json_is_string(x) ?
			nvml_reason_parse(json_string_value(x)) : 0;
	c->reasons_known = true;
	c->reasons = (uint64_t)json_integer_value(v);
	if (from_names != c->reasons)
		json_bad(rd, where, "reasons", "the reasons of "
			 "\"reasons_mask\"");
	x = json_object_get(o, "throttled");
	if (!json_is_boolean(x))
		json_bad(rd, where, "throttled", "true or false");
	else
		c->throttled = json_is_true(x);
}

void json_clocks_get(struct reader *rd, json_t *row, const char *where,
		     struct clock_record *c)
{
	json_t *o = json_object_get(row, "clocks"), *v;
	char cw[64];

	clock_record_set_unknown(c, "not recorded by this culab version");
	if (!o)
		return;
	if (!json_is_object(o) || !json_is_boolean(json_object_get(o, "known"))) {
		json_bad(rd, where, "clocks", "an object with \"known\"");
		return;
	}
	if (!json_is_true(json_object_get(o, "known"))) {
		v = json_object_get(o, "why");
		if (json_is_string(v) &&
		    json_string_length(v) > RESULTS_MAX_TEXT)
			json_bad(rd, where, "clocks.why", "a text (at most "
				 "65536 bytes)");
		clock_record_set_unknown(c, json_is_string(v) ?
					 json_string_value(v) : "unknown");
		return;
	}
	clock_record_start(c);
	snprintf(cw, sizeof(cw), "%s.clocks", where);
	where = cw;
	v = json_object_get(o, "readings");
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > INT32_MAX)
		json_bad(rd, where, "readings", "a count");
	else
		c->readings = (int)json_integer_value(v);
	c->sm_mhz_min = opt_num(rd, o, where, "sm_mhz_min");
	c->sm_mhz_max = opt_num(rd, o, where, "sm_mhz_max");
	c->mem_mhz_min = opt_num(rd, o, where, "mem_mhz_min");
	c->mem_mhz_max = opt_num(rd, o, where, "mem_mhz_max");
	c->temp_c_max = opt_num(rd, o, where, "temp_c_max");
	c->power_w_max = opt_num(rd, o, where, "power_w_max");
	read_reasons(rd, o, where, c);
}
