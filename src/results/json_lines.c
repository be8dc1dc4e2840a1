/* json_lines.c - a row's counters per source line in results.json: written
 * and read back with every field checked.  See json_int.h; the struct is
 * counters.h's (struct source_lines) and docs/results.md describes the
 * object.
 *
 * The object is present only in rows whose lines were asked for, so files
 * without it (every file before issue 25, and runs with --no-lines) read
 * as before: nothing recorded.  It took no new schema version: an older
 * culab ignores the key, this one does without it. */
#include "json_int.h"
#include "results.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "counters/counters.h"

/* Room for a JSON path: "rows[3999].lines.kernels[15].lines[8191]". */
#define PATHLEN 128

/* ---- writing ------------------------------------------------------------ */

/* A count as an integer (they are whole numbers below 2^53), else as a
 * number, null when not finite. */
static json_t *jcount(double v)
{
	if (isfinite(v) && v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t)v);
	return jnum(v);
}

static json_t *line_put(const struct source_line *l, size_t nmetrics)
{
	json_t *vals = json_array();

	for (size_t m = 0; m < nmetrics; m++)
		json_array_append_new(vals, jcount(l->values[m]));
	return json_pack("{s:o, s:i, s:i, s:o}", "file", jtext(l->file),
			 "line", l->line, "pcs", l->pcs, "values", vals);
}

static json_t *kernel_put(const struct line_kernel *k, size_t nmetrics)
{
	json_t *launches = json_array(), *lines = json_array();

	for (size_t i = 0; i < k->nlaunches; i++)
		json_array_append_new(launches, json_integer(k->launches[i]));
	for (size_t i = 0; i < k->nlines; i++)
		json_array_append_new(lines, line_put(&k->lines[i], nmetrics));
	return json_pack("{s:o, s:o, s:o, s:o, s:o}", "kernel", jtext(k->kernel),
			 "symbol", jtext(k->symbol), "launches", launches,
			 "warps", jcount(k->warps), "lines", lines);
}

json_t *json_lines_put(const struct source_lines *l)
{
	json_t *metrics = json_array(), *kernels = json_array(),
	       *launched = json_array();

	for (size_t i = 0; i < l->nmetrics; i++)
		json_array_append_new(metrics, jtext(l->metrics[i]));
	for (size_t i = 0; i < l->nkernels; i++)
		json_array_append_new(kernels, kernel_put(&l->kernels[i],
							  l->nmetrics));
	for (size_t i = 0; i < l->nlaunched; i++)
		json_array_append_new(launched, json_pack("{s:o, s:o}", "kernel",
			jtext(l->launched[i].kernel), "warps",
			jcount(l->launched[i].warps)));
	json_t *o = json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "status",
			      jtext(l->status), "seconds", jnum(l->seconds),
			      "collect_seconds", jnum(l->collect_seconds),
			      "launches", l->launches >= 0 ?
			      json_integer(l->launches) : json_null(),
			      "launched", launched, "metrics", metrics,
			      "kernels", kernels);

	/* only where it is so: files of runs without the cache unchanged */
	if (o && l->cached)
		json_object_set_new(o, "cached", json_true());
	return o;
}

/* ---- reading ------------------------------------------------------------ */

/* A string of at most max bytes without NUL, copied; NULL for null when
 * nullable, or after a diagnostic. */
static char *str_get(struct reader *rd, json_t *v, const char *where,
		     const char *key, bool nullable, size_t max)
{
	if (nullable && (!v || json_is_null(v)))
		return NULL;
	if (!json_is_string(v) || json_string_length(v) > max ||
	    strlen(json_string_value(v)) != json_string_length(v)) {
		json_bad_value(rd, where, key, v, nullable ?
			       "a string or null" : "a string");
		return NULL;
	}
	return xstrdup(json_string_value(v));
}

/* An integer from lo to hi, or lo after a diagnostic. */
static long long int_get(struct reader *rd, json_t *v, const char *where,
			 const char *key, long long lo, long long hi,
			 const char *want)
{
	if (!json_is_integer(v) || json_integer_value(v) < lo ||
	    json_integer_value(v) > hi) {
		json_bad_value(rd, where, key, v, want);
		return lo;
	}
	return json_integer_value(v);
}

static void line_get(struct reader *rd, json_t *o, const char *where,
		     size_t nmetrics, struct source_line *l)
{
	json_t *vals;

	l->values = xcalloc(nmetrics ? nmetrics : 1, sizeof(*l->values));
	if (!json_is_object(o)) {
		json_bad(rd, where, "", "an object");
		return;
	}
	l->file = str_get(rd, json_object_get(o, "file"), where, "file", true,
			  RESULTS_MAX_NAME);
	if (l->file)
		l->line = (int)int_get(rd, json_object_get(o, "line"), where,
				       "line", 1, RESULTS_MAX_CODE_LINE,
				       "a line number (1 .. 10000000)");
	else
		l->line = (int)int_get(rd, json_object_get(o, "line"), where,
				       "line", 0, 0, "0 (the instructions "
				       "without a line, file null)");
	l->pcs = (int)int_get(rd, json_object_get(o, "pcs"), where, "pcs", 1,
			      1 << 24, "a count of instructions (1 .. 2^24)");
	vals = json_array_of(rd, o, where, "values", LINES_MAX_METRICS);
	if (!vals)
		return;
	if (json_array_size(vals) != nmetrics) {
		json_bad(rd, where, "values", "one value per metric of "
			 "\"metrics\"");
		return;
	}
	rd->line_values += nmetrics;
	for (size_t m = 0; m < nmetrics; m++) {
		json_t *v = json_array_get(vals, m);
		double x = json_is_number(v) ? json_number_value(v) : NAN;
		char w[32];

		if (!(x >= 0 && x <= RESULTS_MAX_COUNTER)) {
			snprintf(w, sizeof(w), "values[%zu]", m);
			json_bad_value(rd, where, w, v, "a count (0 .. 1e30)");
			x = 0;
		}
		l->values[m] = x;
	}
}

static void kernel_get(struct reader *rd, json_t *o, const char *where,
		       const struct source_lines *sl, struct line_kernel *k)
{
	json_t *launches, *lines;
	long long last = -1;

	if (!json_is_object(o)) {
		json_bad(rd, where, "", "an object");
		return;
	}
	k->kernel = str_get(rd, json_object_get(o, "kernel"), where, "kernel",
			    false, RESULTS_MAX_NAME);
	k->symbol = str_get(rd, json_object_get(o, "symbol"), where, "symbol",
			    false, RESULTS_MAX_NAME);
	k->warps = json_num_in(rd, o, where, "warps", 0, RESULTS_MAX_COUNTER,
			       "a count of warps or null");
	launches = json_array_of(rd, o, where, "launches", RESULTS_MAX_KERNELS);
	if (launches) {
		long long hi = sl->launches > 0 ? sl->launches - 1 :
			       RESULTS_MAX_KERNELS - 1;

		k->launches = xcalloc(json_array_size(launches) + 1,
				      sizeof(*k->launches));
		for (size_t i = 0; i < json_array_size(launches); i++) {
			char w[32];
			long long x;

			snprintf(w, sizeof(w), "launches[%zu]", i);
			x = int_get(rd, json_array_get(launches, i), where, w,
				    last + 1, hi, "a launch of the run, after "
				    "the one before");
			k->launches[k->nlaunches++] = (int)x;
			last = x;
		}
	}
	lines = json_array_of(rd, o, where, "lines", LINES_MAX_LINES);
	if (!lines)
		return;
	k->lines = xcalloc(json_array_size(lines) + 1, sizeof(*k->lines));
	for (size_t i = 0; i < json_array_size(lines) && !rd->stop; i++) {
		char w[PATHLEN];

		json_path_at(w, sizeof(w), where, "lines", i);
		line_get(rd, json_array_get(lines, i), w, sl->nmetrics,
			 &k->lines[k->nlines++]);
		if (rd->line_values > LINES_MAX_FILE_VALUES) {
			json_report(rd, "", "rows", "%zu line values are more "
				    "than culab reads (at most %d)",
				    rd->line_values, LINES_MAX_FILE_VALUES);
			rd->stop = true;
		}
	}
}

/* The run's launches: as many as "launches" says, each a kernel and its
 * warps. */
static void launched_get(struct reader *rd, json_t *a, const char *where,
			 struct source_lines *l)
{
	if (!json_is_array(a) || json_array_size(a) != (size_t)l->launches) {
		json_bad(rd, where, "launched", "an array of \"launches\" "
			 "launches");
		return;
	}
	l->launched = xcalloc((size_t)l->launches + 1, sizeof(*l->launched));
	l->nlaunched = (size_t)l->launches;
	for (size_t i = 0; i < l->nlaunched; i++) {
		json_t *o = json_array_get(a, i);
		char w[PATHLEN];

		json_path_at(w, sizeof(w), where, "launched", i);
		l->launched[i].warps = NAN;
		if (!json_is_object(o)) {
			json_bad(rd, w, "", "an object");
			continue;
		}
		l->launched[i].kernel = str_get(rd, json_object_get(o, "kernel"),
						w, "kernel", false,
						RESULTS_MAX_NAME);
		l->launched[i].warps = json_num_in(rd, o, w, "warps", 0,
						   RESULTS_MAX_COUNTER,
						   "a count of warps or null");
	}
}

void json_lines_get(struct reader *rd, json_t *row, const char *rw,
		    struct source_lines *l)
{
	json_t *o = json_object_get(row, "lines"), *metrics, *kernels, *v,
	       *launched;
	char where[PATHLEN];

	source_lines_release(l);
	if (!o)
		return;
	if (snprintf(where, sizeof(where), "%s.lines", rw) >= (int)sizeof(where))
		where[sizeof(where) - 1] = '\0';
	if (!json_is_object(o)) {
		json_bad(rd, rw, "lines", "an object");
		return;
	}
	l->recorded = true;
	l->status = str_get(rd, json_object_get(o, "status"), where, "status",
			    true, RESULTS_MAX_TEXT);
	l->seconds = json_num_in(rd, o, where, "seconds", 0, RESULTS_MAX_MS,
				 "a time in seconds (0 .. 1e9) or null");
	l->collect_seconds = json_num_in(rd, o, where, "collect_seconds", 0,
					 RESULTS_MAX_MS, "a time in seconds "
					 "(0 .. 1e9) or null");
	v = json_object_get(o, "cached");
	if (v && !json_is_boolean(v))
		json_bad(rd, where, "cached", "true or false");
	l->cached = json_is_true(v);
	v = json_object_get(o, "launches");
	if (v && !json_is_null(v))
		l->launches = (int)int_get(rd, v, where, "launches", 0,
					   RESULTS_MAX_KERNELS,
					   "a count of launches or null");
	launched = json_object_get(o, "launched");
	if (launched && l->launches >= 0)
		launched_get(rd, launched, where, l);
	metrics = json_array_of(rd, o, where, "metrics", LINES_MAX_METRICS);
	kernels = json_array_of(rd, o, where, "kernels", LINES_MAX_KERNELS);
	if (!metrics || !kernels)
		return;
	l->metrics = xcalloc(json_array_size(metrics) + 1, sizeof(*l->metrics));
	for (size_t i = 0; i < json_array_size(metrics); i++) {
		char w[32];
		char *name;

		snprintf(w, sizeof(w), "metrics[%zu]", i);
		name = str_get(rd, json_array_get(metrics, i), where, w, false,
			       RESULTS_MAX_NAME);
		l->metrics[l->nmetrics++] = name ? name : xstrdup("");
	}
	l->kernels = xcalloc(json_array_size(kernels) + 1, sizeof(*l->kernels));
	for (size_t i = 0; i < json_array_size(kernels) && !rd->stop; i++) {
		char w[PATHLEN];

		json_path_at(w, sizeof(w), where, "kernels", i);
		kernel_get(rd, json_array_get(kernels, i), w, l,
			   &l->kernels[l->nkernels++]);
	}
}


/* ---- one row's lines alone (the per-line cache) ----------------------------- */

char *json_lines_encode(const struct source_lines *l)
{
	json_t *j = json_pack("{s:o}", "lines", json_lines_put(l));
	char *text = j ? json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(10) |
				    JSON_ENSURE_ASCII) : NULL;

	json_decref(j);
	return text;
}

int json_lines_decode(const char *path, const char *text, size_t len,
		      struct source_lines *l)
{
	struct reader rd = { .path = path };
	json_error_t err;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	int rc = -1;

	source_lines_release(l);
	if (root && json_is_object(json_object_get(root, "lines"))) {
		json_lines_get(&rd, root, "", l);
		rc = rd.errors || !l->recorded ? -1 : 0;
		if (rc)
			source_lines_release(l);
	}
	strmap_release(&rd.columns);
	json_decref(root);
	return rc;
}

/* ---- the table ------------------------------------------------------------ */

int json_print_lines_table(FILE *fp)
{
	size_t n;
	const struct line_metric *t = lines_metrics(&n);
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *raw = json_array();

		for (size_t k = 0; k < ARRAY_SIZE(t[i].kernel_raw) &&
		     t[i].kernel_raw[k]; k++)
			json_array_append_new(raw, json_string(t[i].kernel_raw[k]));
		json_array_append_new(a, json_pack(
			"{s:s, s:o, s:o, s:o, s:b, s:o, s:o, s:o}",
			"name", t[i].name, "sass", jstr(t[i].sass),
			"pc_sampling", jstr(t[i].pcsamp),
			"kernel_raw", raw, "exact", t[i].exact,
			"unless", jstr(t[i].unless),
			"what_en", jstr(t[i].what_en),
			"what_zh", jstr(t[i].what_zh)));
	}
	return json_print(fp, a);
}
