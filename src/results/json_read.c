/* json_read.c - reading a results.json back: one pass that decodes the
 * file and checks every field it keeps.  See results.h (json_results_decode).
 *
 * Results files are mailed between students and teams, so the reader
 * treats them as the experiment loader treats experiment files: each
 * field is checked for its type and for sense (a size is 1 .. 2^40, a
 * time is above 0 and at most RESULTS_MAX_MS, a percentage of a peak is
 * finite, ...) as it is read, so no value a report or a gnuplot script
 * could not show (a negative size, an infinite speed) gets past it, and
 * the counts of rows, columns, samples and the lengths of strings are
 * held to the limits of results_model.h, so that what a file costs to read and
 * report on stays bounded.  A problem is reported as the JSON path of the
 * field: "R.json: error: rows[3].n: -1 is not a size (1 .. 2^40)"
 * (indexes from 0, as jq counts); the first ten are shown.  A file past
 * one of the limits of the whole file is refused on the first line that
 * says so, without reading further.  Keys the reader does not know are
 * ignored, so a field added later does not break older readers. */
#include "results.h"

#include <inttypes.h>
#include <limits.h>
#include <malloc.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "json_int.h"
#include "counters/counters.h"
#include "plan/plan.h"
#include "ladder/ladder.h"
#include "base/util.h"

/* Room for a JSON path: "rows[19999].counters.kernels[1023].values[255]". */
#define PATHLEN 128

/* The most a size (n, m, a side) may be: 2^40 elements. */
#define MAX_SIZE (1ll << 40)
#define MAX_SIZE_TEXT "2^40"

/* ---- reporting ------------------------------------------------------------ */

/* A limit of the whole file passed: say so once and read no further. */
static int over(struct reader *rd, const char *field, size_t have,
		size_t limit, const char *what)
{
	if (!rd->stop)
		json_report(rd, "", field, "%zu %s are more than culab reads "
		       "(at most %zu)", have, what, limit);
	rd->stop = true;
	return -1;
}

/* ---- fields --------------------------------------------------------------- */

/* A string of at most max bytes, or NULL (nullable and absent or null, or
 * after a diagnostic). */
static char *get_str(struct reader *rd, json_t *o, const char *where,
		     const char *key, bool nullable, size_t max)
{
	json_t *v = json_object_get(o, key);

	if (nullable && (!v || json_is_null(v)))
		return NULL;
	if (!json_is_string(v)) {
		json_bad_value(rd, where, key, v, nullable ? "a string or null" :
			       "a string");
		return NULL;
	}
	if (json_string_length(v) > max) {
		json_report(rd, where, key, "a string of %zu bytes is longer than "
		       "culab reads (at most %zu)", json_string_length(v), max);
		return NULL;
	}
	if (strlen(json_string_value(v)) != json_string_length(v)) {
		json_report(rd, where, key, "a string with a NUL character");
		return NULL;
	}
	return xstrdup(json_string_value(v));
}

#define get_name(rd, o, w, k, nullable) \
	get_str(rd, o, w, k, nullable, RESULTS_MAX_NAME)

/* A SHA-256 in hex (64 digits 0-9, a-f), or NULL when absent or null. */
static char *get_sha256(struct reader *rd, json_t *o, const char *where,
			const char *key)
{
	json_t *v = json_object_get(o, key);
	const char *s = json_string_value(v);

	if (!v || json_is_null(v))
		return NULL;
	if (!s || json_string_length(v) != 64 ||
	    strspn(s, "0123456789abcdef") != 64) {
		json_bad_value(rd, where, key, v, "a SHA-256 (64 hex digits) "
			       "or null");
		return NULL;
	}
	return xstrdup(s);
}
#define get_text(rd, o, w, k) get_str(rd, o, w, k, true, RESULTS_MAX_TEXT)

/* An integer from lo to hi, or lo after a diagnostic that says `want`. */
static long long get_int_in(struct reader *rd, json_t *o, const char *where,
			    const char *key, long long lo, long long hi,
			    const char *want)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v)) {
		json_bad_value(rd, where, key, v, "an integer");
		return lo;
	}
	if (json_integer_value(v) < lo || json_integer_value(v) > hi) {
		json_bad_value(rd, where, key, v, want);
		return lo;
	}
	return json_integer_value(v);
}

static bool get_bool(struct reader *rd, json_t *o, const char *where,
		     const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_boolean(v)) {
		json_bad(rd, where, key, "true or false");
		return false;
	}
	return json_is_true(v);
}

static json_t *get_object(struct reader *rd, json_t *o, const char *where,
			  const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_object(v)) {
		json_bad(rd, where, key, "an object");
		return NULL;
	}
	return v;
}

/* The JSON path of object `key` of `where`. */
static void path_in(char *buf, size_t size, const char *where,
		    const char *key)
{
	if (snprintf(buf, size, "%s%s%s", where, where[0] ? "." : "",
		     key) >= (int)size)
		buf[size - 1] = '\0';
}

/* ---- the environment -------------------------------------------------------- */

static void read_env(struct reader *rd, json_t *o, const char *w,
		     struct environment *e)
{
	e->gpu_name = get_name(rd, o, w, "gpu_name", true);
	e->cc_major = (int)get_int_in(rd, o, w, "cc_major", 0, 99,
				      "a compute capability (0 .. 99)");
	e->cc_minor = (int)get_int_in(rd, o, w, "cc_minor", 0, 99,
				      "a compute capability (0 .. 99)");
	e->sm_count = (int)get_int_in(rd, o, w, "sm_count", 0, 100000,
				      "a count of SMs (0 .. 100000)");
	e->mem_bus_width_bits = (int)get_int_in(rd, o, w, "mem_bus_width_bits",
		0, 1 << 20, "a width in bits (0 .. 2^20)");
	e->mem_clock_khz = (int)get_int_in(rd, o, w, "mem_clock_khz", 0,
		100000000, "a clock in kHz (0 .. 1e8)");
	e->peak_gbps = json_num_get(rd, o, w, "peak_gbps", 0, RESULTS_MAX_PEAK_GBPS,
				  true, "a peak in GB/s (0: unknown, or "
				  "0.001 .. 1e6)");
	if (e->peak_gbps > 0 && e->peak_gbps < RESULTS_MIN_PEAK_GBPS) {
		json_bad_value(rd, w, "peak_gbps", json_object_get(o, "peak_gbps"),
			       "a peak in GB/s (0: unknown, or 0.001 .. 1e6)");
		e->peak_gbps = NAN;
	}
	e->sm_clock_khz = (int)get_int_in(rd, o, w, "sm_clock_khz", 0, 100000000,
					  "a clock in kHz (0 .. 1e8)");
	e->l2_bytes = (size_t)get_int_in(rd, o, w, "l2_bytes", 0, 1ll << 40,
					 "a size in bytes (0 .. 2^40)");
	e->global_mem_bytes = (size_t)get_int_in(rd, o, w, "global_mem_bytes",
		0, 1ll << 50, "a size in bytes (0 .. 2^50)");
	/* optional: files from before it was kept have none (0: unknown) */
	if (json_object_get(o, "smem_per_sm_bytes"))
		e->smem_per_sm_bytes = (size_t)get_int_in(rd, o, w,
			"smem_per_sm_bytes", 0, 1ll << 40,
			"a size in bytes (0 .. 2^40)");
	e->gpu_uuid = get_name(rd, o, w, "gpu_uuid", true);
	e->driver_version = (int)get_int_in(rd, o, w, "driver_version", 0,
					    INT_MAX, "a version number");
	e->runtime_version = (int)get_int_in(rd, o, w, "runtime_version", 0,
					     INT_MAX, "a version number");
	/* optional: files from before it was kept have none (NULL) */
	if (json_object_get(o, "nvidia_driver"))
		e->nvidia_driver = get_name(rd, o, w, "nvidia_driver", true);
	e->hostname = get_name(rd, o, w, "hostname", true);
	e->os = get_name(rd, o, w, "os", true);
	e->cuda_device = -1;
}

/* ---- rows ------------------------------------------------------------------- */

static char **read_strings(struct reader *rd, json_t *a, const char *where,
			   const char *key, size_t *n)
{
	char **v;
	size_t i;

	*n = json_array_size(a);
	v = xcalloc(*n, sizeof(*v));
	for (i = 0; i < *n; i++) {
		json_t *s = json_array_get(a, i);
		char w[PATHLEN];

		json_path_at(w, sizeof(w), "", key, i);
		if (!json_is_string(s) || json_string_length(s) > RESULTS_MAX_NAME)
			json_report(rd, where, w, "not a name (a string of at most "
			       "%d bytes)", RESULTS_MAX_NAME);
		v[i] = xstrdup(json_is_string(s) ? json_string_value(s) : "");
	}
	return v;
}

/* A counter's value: finite, at most RESULTS_MAX_COUNTER in size. */
static bool counter_value_ok(json_t *v)
{
	return json_is_number(v) && isfinite(json_number_value(v)) &&
	       fabs(json_number_value(v)) <= RESULTS_MAX_COUNTER;
}

static void read_kernel(struct reader *rd, json_t *o, const char *where,
			struct kernel_counters *k)
{
	json_t *names, *vals;
	size_t i;

	k->label = get_name(rd, o, where, "label", false);
	k->kernel = get_name(rd, o, where, "kernel", true);
	/* Absent in files from before it was recorded. */
	k->theoretical_occupancy_pct = json_num_get(rd, o, where,
		"theoretical_occupancy_pct", 0, 100, true,
		"a percentage (0 .. 100)");
	names = json_array_of(rd, o, where, "names", RESULTS_MAX_KERNEL_VALUES);
	vals = json_array_of(rd, o, where, "values", RESULTS_MAX_KERNEL_VALUES);
	if (!names || !vals)
		return;
	if (json_array_size(names) != json_array_size(vals)) {
		json_bad(rd, where, "values", "as long as \"names\"");
		return;
	}
	rd->values += json_array_size(vals);
	if (rd->values > RESULTS_MAX_COUNTER_VALUES) {
		over(rd, "rows", rd->values, RESULTS_MAX_COUNTER_VALUES,
		     "counter values");
		return;
	}
	k->nvalues = json_array_size(names);
	k->names = xcalloc(k->nvalues, sizeof(*k->names));
	k->values = xcalloc(k->nvalues, sizeof(*k->values));
	for (i = 0; i < k->nvalues; i++) {
		json_t *s = json_array_get(names, i), *v = json_array_get(vals, i);
		char w[PATHLEN];

		k->names[i] = xstrdup(json_is_string(s) ? json_string_value(s) : "");
		k->values[i] = counter_value_ok(v) ? json_number_value(v) : NAN;
		if (!json_is_string(s) || json_string_length(s) > RESULTS_MAX_NAME) {
			json_path_at(w, sizeof(w), "", "names", i);
			json_report(rd, where, w, "not a name (a string of at most "
			       "%d bytes)", RESULTS_MAX_NAME);
		} else if (!counter_value_ok(v) && !json_is_null(v)) {
			json_path_at(w, sizeof(w), "", "values", i);
			json_bad_value(rd, where, w, v, "a counter value "
				       "(finite, at most 1e30 in size, or null)");
		}
	}
}

/* A row's resources (counters.h).  Files from before they were
 * recorded have none: unknown, and the row says so. */
static void read_resources(struct reader *rd, json_t *row, const char *rw,
			   struct kernel_resources *k)
{
	json_t *o = json_object_get(row, "resources"), *v;
	char where[PATHLEN];
	char *lim;

	kernel_resources_set_unknown(k, "not recorded by this culab version");
	if (!o)
		return;
	path_in(where, sizeof(where), rw, "resources");
	if (!json_is_object(o)) {
		json_bad(rd, rw, "resources", "an object");
		return;
	}
	kernel_resources_release(k);
	k->spill_bytes = -1;
	k->known = get_bool(rd, o, where, "known");
	if (!k->known) {
		k->why = get_text(rd, o, where, "why");
		return;
	}
	k->kernel = get_name(rd, o, where, "kernel", false);
	k->kernels = (int)get_int_in(rd, o, where, "kernels", 1, INT_MAX,
				     "a positive integer");
	k->registers = (int)get_int_in(rd, o, where, "registers", 0, 255,
				       "an integer from 0 to 255");
	k->static_smem = (int)get_int_in(rd, o, where, "static_smem", 0,
					 INT_MAX, "a size in bytes");
	k->dynamic_smem = (int)get_int_in(rd, o, where, "dynamic_smem", 0,
					  INT_MAX, "a size in bytes");
	k->local_bytes = (int)get_int_in(rd, o, where, "local_bytes", 0,
					 INT_MAX, "a size in bytes");
	v = json_object_get(o, "spill_bytes");
	if (v && !json_is_null(v))
		k->spill_bytes = (int)get_int_in(rd, o, where, "spill_bytes", 0,
			INT_MAX, "a size in bytes or null");
	k->block_threads = (int)get_int_in(rd, o, where, "block_threads", 1,
					   1024, "a block size (1 .. 1024)");
	k->blocks_per_sm = (int)get_int_in(rd, o, where, "blocks_per_sm", 0,
					   INT_MAX, "a count of blocks");
	k->occupancy_pct = json_num_get(rd, o, where, "occupancy_pct", 0, 100,
				      false, "a percentage (0 .. 100)");
	if (isnan(k->occupancy_pct))
		k->occupancy_pct = 0;
	lim = get_name(rd, o, where, "limiter", false);
	if (lim && resource_limiter_parse(lim, &k->limiter) < 0)
		json_bad_value(rd, where, "limiter", json_object_get(o, "limiter"),
			       "one of warps, blocks per SM, registers, "
			       "shared memory");
	free(lim);
}

#define TIME_WANT "a time in ms (1e-6 .. 1e9)"
#define SUMMARY_WANT "a time in ms (0 .. 1e9)"

static void read_timing(struct reader *rd, json_t *t, const char *where,
			bool ran, struct timing *tm)
{
	json_t *samples;

	tm->warmup = (int)get_int_in(rd, t, where, "warmup", 0, REPEATS_MAX,
				     "a count of runs (0 .. 100000)");
	samples = json_array_of(rd, t, where, "samples_ms", RESULTS_MAX_SAMPLES);
	if (samples) {
		rd->samples += json_array_size(samples);
		if (rd->samples > RESULTS_MAX_ALL_SAMPLES) {
			over(rd, "rows", rd->samples, RESULTS_MAX_ALL_SAMPLES,
			     "timed samples");
			return;
		}
		tm->nsamples = json_array_size(samples);
		tm->samples_ms = xcalloc(tm->nsamples, sizeof(double));
		for (size_t i = 0; i < tm->nsamples; i++) {
			json_t *v = json_array_get(samples, i);
			double x = json_is_number(v) ? json_number_value(v) : NAN;
			char w[PATHLEN];

			if (!(x >= RESULTS_MIN_MS && x <= RESULTS_MAX_MS)) {
				json_path_at(w, sizeof(w), "", "samples_ms", i);
				json_bad_value(rd, where, w, v, TIME_WANT);
				x = 1;
			}
			tm->samples_ms[i] = x;
		}
	}
	/* A row that did not run keeps zeros (and no samples). */
	tm->median_ms = json_num_get(rd, t, where, "median_ms", 0,
				   RESULTS_MAX_MS, true, SUMMARY_WANT);
	tm->min_ms = json_num_get(rd, t, where, "min_ms", 0, RESULTS_MAX_MS,
				true, SUMMARY_WANT);
	tm->max_ms = json_num_get(rd, t, where, "max_ms", 0, RESULTS_MAX_MS,
				true, SUMMARY_WANT);
	tm->mean_ms = json_num_get(rd, t, where, "mean_ms", 0, RESULTS_MAX_MS,
				 true, SUMMARY_WANT);
	if (ran && tm->nsamples && !(tm->median_ms >= RESULTS_MIN_MS))
		json_bad_value(rd, where, "median_ms",
			       json_object_get(t, "median_ms"),
			       "the median of a row that ran (" TIME_WANT ")");
	tm->stdev_ms = json_num_get(rd, t, where, "stdev_ms", 0, RESULTS_MAX_MS,
				  true, "a time in ms (0 .. 1e9)");
	tm->noise_pct = json_num_get(rd, t, where, "noise_pct", 0, RESULTS_MAX_PCT,
				   true, "a percentage (0 .. 1e12)");
	json_timing_get(rd, t, where, tm);
}

/* The counter columns of a row; their names go into the file's set of
 * distinct names, which is bounded too (results.csv has a column each). */
static void read_columns(struct reader *rd, json_t *cols, json_t *missing,
			 const char *where, struct result_row *w)
{
	const char *key;
	json_t *v;

	if (json_object_size(cols) > RESULTS_MAX_COLUMNS) {
		json_report(rd, where, "columns", "%zu counter columns are more than "
		       "culab reads in a row (at most %d)",
		       json_object_size(cols), RESULTS_MAX_COLUMNS);
		return;
	}
	w->columns = xcalloc(json_object_size(cols) + 1, sizeof(*w->columns));
	json_object_foreach(cols, key, v) {
		json_t *why = json_object_get(missing, key);
		char cw[PATHLEN];

		snprintf(cw, sizeof(cw), "columns[\"%.32s%s\"]", key,
			 strlen(key) > 32 ? "..." : "");
		if (strlen(key) > RESULTS_MAX_NAME) {
			json_report(rd, where, cw, "a name longer than culab reads "
			       "(at most %d bytes)", RESULTS_MAX_NAME);
			continue;
		}
		strmap_put(&rd->columns, key, rd->columns.n);
		if (rd->columns.n > RESULTS_MAX_FILE_COLUMNS) {
			over(rd, "rows", rd->columns.n, RESULTS_MAX_FILE_COLUMNS,
			     "distinct counter columns");
			return;
		}
		if (!counter_value_ok(v) && !json_is_null(v))
			json_bad_value(rd, where, cw, v, "a counter value "
				       "(finite, at most 1e30 in size, or null)");
		if (why && (!json_is_string(why) ||
			    json_string_length(why) > RESULTS_MAX_TEXT))
			json_bad(rd, where, "missing", "an object of strings");
		w->columns[w->ncolumns].name = xstrdup(key);
		w->columns[w->ncolumns].value =
			counter_value_ok(v) ? json_number_value(v) : NAN;
		w->columns[w->ncolumns].missing = json_is_string(why) ?
			xstrdup(json_string_value(why)) : NULL;
		w->ncolumns++;
	}
}

static void read_counters(struct reader *rd, json_t *c, const char *where,
			  struct result_row *w)
{
	json_t *cols, *kernels, *missing;

	w->counters_status = get_text(rd, c, where, "status");
	missing = json_object_get(c, "missing");
	if (missing && !json_is_object(missing) && !json_is_null(missing))
		json_bad(rd, where, "missing", "an object or null");
	cols = get_object(rd, c, where, "columns");
	if (cols)
		read_columns(rd, cols, missing, where, w);
	kernels = json_array_of(rd, c, where, "kernels", RESULTS_MAX_KERNELS);
	if (!kernels)
		return;
	w->nkernels = json_array_size(kernels);
	w->kernels = xcalloc(w->nkernels, sizeof(*w->kernels));
	for (size_t i = 0; i < w->nkernels && !rd->stop; i++) {
		json_t *k = json_array_get(kernels, i);
		char kw[PATHLEN];

		json_path_at(kw, sizeof(kw), where, "kernels", i);
		if (!json_is_object(k)) {
			json_bad(rd, kw, "", "an object");
			continue;
		}
		read_kernel(rd, k, kw, &w->kernels[i]);
	}
}

#define SIZE_WANT "a size (1 .. " MAX_SIZE_TEXT ")"

static void read_row(struct reader *rd, json_t *o, size_t idx,
		     struct result_row *w)
{
	char where[PATHLEN], sub[PATHLEN];
	json_t *t, *c;
	char *status;

	json_path_at(where, sizeof(where), "", "rows", idx);
	if (!json_is_object(o)) {
		json_bad(rd, where, "", "an object");
		return;
	}
	w->experiment = get_name(rd, o, where, "experiment", false);
	w->family = get_name(rd, o, where, "family", false);
	w->variant = get_name(rd, o, where, "variant", false);
	w->step = (int)get_int_in(rd, o, where, "step", 0, REGISTRY_MAX_VARIANTS,
				  "a step of the ladder (0 .. 4096)");
	w->dtype = get_name(rd, o, where, "dtype", false);
	w->n = (uint64_t)get_int_in(rd, o, where, "n", 1, MAX_SIZE, SIZE_WANT);
	w->m = (uint64_t)get_int_in(rd, o, where, "m", 1, MAX_SIZE, SIZE_WANT);
	w->block = (int)get_int_in(rd, o, where, "block", 0, 1024,
				   "a block size (0: none, or 1 .. 1024)");
	status = get_name(rd, o, where, "status", false);
	if (status && row_status_parse(status, &w->status) < 0)
		json_bad_value(rd, where, "status", json_object_get(o, "status"),
			       "ok, wrong, error or skipped");
	free(status);
	w->message = get_text(rd, o, where, "message");
	w->verified = get_bool(rd, o, where, "verified");
	w->error = json_num_get(rd, o, where, "error", 0, HUGE_VAL, true,
			      "a finite error of at least 0");
	w->tolerance = json_num_get(rd, o, where, "tolerance", 0, HUGE_VAL, true,
				  "a finite tolerance of at least 0");
	w->timed_region = get_text(rd, o, where, "timed_region");
	w->timer = get_name(rd, o, where, "timer", true);
	w->bytes = json_num_get(rd, o, where, "bytes", 0, RESULTS_MAX_BYTES, true,
			      "a count of bytes (0 .. 1e18)");
	w->gbps = json_num_get(rd, o, where, "gbps", 0, RESULTS_MAX_GBPS, true,
			     "a speed in GB/s (0 .. 1e12)");
	w->pct_peak = json_num_get(rd, o, where, "pct_peak", 0, RESULTS_MAX_PCT,
				 true, "a percentage (0 .. 1e12)");
	w->sanitizer = get_text(rd, o, where, "sanitizer");
	json_sanitize_get(rd, o, where, &w->sanitize);
	read_resources(rd, o, where, &w->resources);
	json_clocks_get(rd, o, where, &w->clocks);
	/* absent in files from before rows named their device and stage */
	if (json_object_get(o, "device"))
		w->device = (int)get_int_in(rd, o, where, "device", 0,
			RESULTS_MAX_DEVICES - 1, "an index into \"devices\"");
	if (json_object_get(o, "stage"))
		w->stage = (int)get_int_in(rd, o, where, "stage", 0, INT_MAX,
					   "a stage index");
	t = get_object(rd, o, where, "timing");
	if (t) {
		path_in(sub, sizeof(sub), where, "timing");
		read_timing(rd, t, sub, w->status == ROW_OK, &w->t);
	}
	if (!rd->stop)
		json_kernel_get(rd, o, where, w);
	c = get_object(rd, o, where, "counters");
	if (c && !rd->stop) {
		path_in(sub, sizeof(sub), where, "counters");
		read_counters(rd, c, sub, w);
	}
	if (!rd->stop)
		json_lines_get(rd, o, where, &w->lines);
}

/* ---- the variants' table ---------------------------------------------------- */

/* The types an array names, as a DTYPE_BIT mask. */
static unsigned read_types(struct reader *rd, json_t *a, const char *where,
			   const char *key)
{
	unsigned mask = 0;
	size_t i;
	json_t *t;

	json_array_foreach(a, i, t) {
		enum dtype d;

		if (!json_is_string(t) || dtype_parse(json_string_value(t), &d) < 0)
			json_bad(rd, where, key, "a list of int, float and double");
		else
			mask |= DTYPE_BIT(d);
	}
	return mask;
}

static void read_expect_line(struct reader *rd, json_t *o, const char *where,
			     struct expect *x)
{
	static const char *const ops[] = { "<", "<=", ">", ">=" };
	json_t *t = json_object_get(o, "types");
	char *op = get_name(rd, o, where, "op", false);
	size_t k;

	x->column = get_name(rd, o, where, "column", false);
	for (k = 0; op && k < ARRAY_SIZE(ops) && strcmp(op, ops[k]); k++)
		;
	if (op && k == ARRAY_SIZE(ops))
		json_bad_value(rd, where, "op", json_object_get(o, "op"),
			       "one of <, <=, >, >=");
	x->op = op;
	x->value = json_num_get(rd, o, where, "value", -RESULTS_MAX_COUNTER,
			      RESULTS_MAX_COUNTER, false,
			      "a number (at most 1e30 in size)");
	x->than = get_name(rd, o, where, "than", true);
	if (json_is_array(t))
		x->dtypes = read_types(rd, t, where, "types");
	else if (t && !json_is_null(t))
		json_bad(rd, where, "types", "a list of types or null");
	x->min_side = (size_t)get_int_in(rd, o, where, "min_side", 0, MAX_SIZE,
					 "a size (0 .. " MAX_SIZE_TEXT ")");
}

static void read_flags(struct reader *rd, json_t *a, const char *where,
		       unsigned *flags)
{
	size_t i;
	json_t *f;

	json_array_foreach(a, i, f) {
		unsigned bit;

		if (!json_is_string(f) ||
		    variant_flag_parse(json_string_value(f), &bit) < 0)
			json_bad(rd, where, "flags", "a list of known flags");
		else
			*flags |= bit;
	}
}

#define BLOCK_WANT "a block size (0: none, or 1 .. 1024)"

/* "first_loads": a count of 1 .. 1024, or "any"; absent (older files):
 * VARIANT_LOADS_UNSTATED, which results_read settles. */
static int read_loads(struct reader *rd, json_t *o, const char *where)
{
	json_t *x = json_object_get(o, "first_loads");

	if (!x)
		return VARIANT_LOADS_UNSTATED;
	if (json_is_string(x) && !strcmp(json_string_value(x), "any"))
		return VARIANT_LOADS_ANY;
	if (json_is_integer(x) && json_integer_value(x) >= 1 &&
	    json_integer_value(x) <= 1024)
		return (int)json_integer_value(x);
	json_bad_value(rd, where, "first_loads", x,
		       "a count of elements (1 .. 1024) or \"any\"");
	return VARIANT_LOADS_ANY;
}

/* One description of the `variants` table; the result owns its texts
 * (variant_free). */
static struct variant *read_variant(struct reader *rd, json_t *o,
				    const char *where)
{
	struct variant *v = xcalloc(1, sizeof(*v));
	char *fam = get_name(rd, o, where, "family", false);
	json_t *a;

	v->name = get_name(rd, o, where, "name", false);
	if (fam && family_parse(fam, &v->family) < 0)
		json_bad_value(rd, where, "family",
			       json_object_get(o, "family"), "a known family");
	free(fam);
	v->step = (int)get_int_in(rd, o, where, "step", 0, REGISTRY_MAX_VARIANTS,
				  "a step of the ladder (0 .. 4096)");
	v->title = get_text(rd, o, where, "title");
	v->title_zh = get_text(rd, o, where, "title_zh");
	v->about_en = get_text(rd, o, where, "about_en");
	v->about_zh = get_text(rd, o, where, "about_zh");
	v->seed = get_text(rd, o, where, "seed");
	v->signature = get_text(rd, o, where, "signature");
	v->signature_zh = get_text(rd, o, where, "signature_zh");
	v->teaching = get_text(rd, o, where, "teaching");
	v->teaching_zh = get_text(rd, o, where, "teaching_zh");
	v->timed_region = get_text(rd, o, where, "timed_region");
	v->timed_region_zh = get_text(rd, o, where, "timed_region_zh");
	v->sanitizer = get_text(rd, o, where, "sanitizer");
	v->sanitizer_zh = get_text(rd, o, where, "sanitizer_zh");
	v->source = get_text(rd, o, where, "source");
	v->source_file = get_text(rd, o, where, "source_file");
	v->source_text = get_str(rd, o, where, "source_text", true,
				 RESULTS_MAX_SOURCE);
	v->source_sha256 = get_name(rd, o, where, "source_sha256", true);
	/* what its code was made from: absent from older files */
	v->sources_sha256 = get_sha256(rd, o, where, "sources_sha256");
	/* a class's submission: absent otherwise, and from older files */
	v->submission = json_object_get(o, "submission") &&
			get_bool(rd, o, where, "submission");
	/* the student it is: absent when not known, and from older files */
	v->student_id = get_name(rd, o, where, "student_id", true);
	v->student_name = get_name(rd, o, where, "student_name", true);
	/* a rung's key lines: absent from files written before culab
	 * recorded them, which render without */
	v->code_text = get_str(rd, o, where, "code_text", true,
			       RESULTS_MAX_CODE);
	if (v->code_text) {
		v->code_file = get_name(rd, o, where, "code_file", false);
		v->code_line = (int)get_int_in(rd, o, where, "code_line", 1,
					       RESULTS_MAX_CODE_LINE,
					       "a line number (1 .. 1e7)");
	}
	/* the lines a rung's step replaces: absent where none is marked,
	 * and from files written before culab recorded them */
	v->before_text = get_str(rd, o, where, "before_text", true,
				 RESULTS_MAX_CODE);
	if (v->before_text) {
		v->before_file = get_name(rd, o, where, "before_file", false);
		v->before_line = (int)get_int_in(rd, o, where, "before_line", 1,
						 RESULTS_MAX_CODE_LINE,
						 "a line number (1 .. 1e7)");
	}
	v->block_default = (int)get_int_in(rd, o, where, "block_default", 0,
					   1024, BLOCK_WANT);
	v->block_min = (int)get_int_in(rd, o, where, "block_min", 0, 1024,
				       BLOCK_WANT);
	v->block_max = (int)get_int_in(rd, o, where, "block_max", 0, 1024,
				       BLOCK_WANT);
	v->first_loads = read_loads(rd, o, where);
	if ((a = json_array_of(rd, o, where, "types", 16)))
		v->dtypes = read_types(rd, a, where, "types");
	if ((a = json_array_of(rd, o, where, "flags", 64)))
		read_flags(rd, a, where, &v->flags);
	if ((a = json_array_of(rd, o, where, "expect", VARIANT_MAX_EXPECT))) {
		size_t i;
		json_t *x;

		json_array_foreach(a, i, x) {
			char xw[PATHLEN];

			json_path_at(xw, sizeof(xw), where, "expect", i);
			if (json_is_object(x))
				read_expect_line(rd, x, xw, &v->expect[i]);
			else
				json_bad(rd, xw, "", "an object");
		}
	}
	return v;
}

static void read_variants(struct reader *rd, json_t *vars, struct results *r)
{
	size_t i;
	json_t *o;

	/* files from before the registry's teaching texts: the report takes
	 * this culab's texts for built-in variants (results.c) */
	r->variants_before_teaching = json_array_size(vars) > 0;
	json_array_foreach(vars, i, o) {
		char where[PATHLEN];
		struct variant *v;

		json_path_at(where, sizeof(where), "", "variants", i);
		if (!json_is_object(o)) {
			json_bad(rd, where, "", "an object");
			continue;
		}
		if (json_object_get(o, "teaching"))
			r->variants_before_teaching = false;
		v = read_variant(rd, o, where);
		if (results_take_variant(r, v) < 0) {
			json_bad_value(rd, where, "name",
				       json_object_get(o, "name"),
				       "unique in the table");
			variant_free(v);
		}
	}
}

/* ---- the record ------------------------------------------------------------- */

/* jansson's memory while a file is decoded, bounded by
 * RESULTS_MAX_JSON_HEAP: an 8 MB file of small numbers is a tree many
 * times its size.  The allocator is jansson's for the whole process and
 * counts blocks by malloc_usable_size(), so that memory jansson hands out
 * (json_dumps' text, which callers free()) and memory it frees stay
 * plain malloc's; it refuses only while `heap_limit` is set. */
static _Atomic size_t heap_used;
static _Atomic size_t heap_limit;
static _Atomic bool heap_refused;

/* What malloc spends on a block beyond its usable size (chunk header),
 * counted so that the limit is on memory, not on bytes asked for. */
#define HEAP_OVERHEAD 16

static void *heap_malloc(size_t size)
{
	size_t lim = atomic_load(&heap_limit);
	void *p;

	if (lim && atomic_load(&heap_used) + size + HEAP_OVERHEAD > lim) {
		atomic_store(&heap_refused, true);
		return NULL;
	}
	p = malloc(size);
	if (p)
		atomic_fetch_add(&heap_used, malloc_usable_size(p) +
				 HEAP_OVERHEAD);
	return p;
}

static void heap_free(void *p)
{
	size_t n, cur;

	if (!p)
		return;
	n = malloc_usable_size(p) + HEAP_OVERHEAD;
	cur = atomic_load(&heap_used);
	while (!atomic_compare_exchange_weak(&heap_used, &cur,
					     cur > n ? cur - n : 0))
		;
	free(p);
}

static void heap_install(void)
{
	static atomic_flag done = ATOMIC_FLAG_INIT;

	if (!atomic_flag_test_and_set(&done))
		json_set_alloc_funcs(heap_malloc, heap_free);
}

/* Parses `text` and checks it is a culab results file of a version this
 * culab reads.  Returns the root object, or NULL after a diagnostic. */
static json_t *decode_root(const char *path, const char *text, size_t len,
			   int *version)
{
	json_error_t err;
	json_t *root, *v;
	const char *schema;

	if (len > RESULTS_MAX_FILE_BYTES) {
		diag_error_at(path, 0, 0, "a results file of %zu bytes is larger "
			      "than culab reads (at most %u)", len,
			      RESULTS_MAX_FILE_BYTES);
		return NULL;
	}
	heap_install();
	atomic_store(&heap_refused, false);
	atomic_store(&heap_limit, atomic_load(&heap_used) +
		     RESULTS_MAX_JSON_HEAP);
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	atomic_store(&heap_limit, 0);
	if (!root) {
		if (atomic_load(&heap_refused))
			diag_error_at(path, 0, 0, "a results file that takes more "
				      "than %u MB to hold is more than culab "
				      "reads", RESULTS_MAX_JSON_HEAP >> 20);
		else
			diag_error_at(path, err.line > 0 ? err.line : 0,
				      err.line > 0 && err.column > 0 ?
				      err.column : 0,
				      "not a valid results file: %s", err.text);
		return NULL;
	}
	if (!json_is_object(root)) {
		diag_error_at(path, 0, 0,
			      "not a culab results file (not a JSON object)");
		goto fail;
	}
	v = json_object_get(root, "schema");
	schema = json_is_string(v) ? json_string_value(v) : NULL;
	if (!schema || strcmp(schema, RESULTS_SCHEMA) != 0) {
		diag_error_at(path, 0, 0,
			      "not a culab results file (\"schema\" is not \"%s\")",
			      RESULTS_SCHEMA);
		goto fail;
	}
	v = json_object_get(root, "schema_version");
	if (!json_is_integer(v)) {
		diag_error_at(path, 0, 0, "\"schema_version\" is missing");
		goto fail;
	}
	if (json_integer_value(v) < RESULTS_SCHEMA_OLDEST ||
	    json_integer_value(v) > RESULTS_SCHEMA_VERSION) {
		diag_error_at(path, 0, 0,
			      "results schema version %lld is not supported "
			      "(this culab reads versions %d to %d)",
			      (long long)json_integer_value(v),
			      RESULTS_SCHEMA_OLDEST, RESULTS_SCHEMA_VERSION);
		goto fail;
	}
	*version = (int)json_integer_value(v);
	return root;
fail:
	json_decref(root);
	return NULL;
}

/* `devices`, when the file has them (results.c gives older files theirs). */
static void read_devices(struct reader *rd, json_t *root, struct results *r)
{
	json_t *a = json_object_get(root, "devices"), *o;
	size_t i;

	if (!a)
		return;
	a = json_array_of(rd, root, "", "devices", RESULTS_MAX_DEVICES);
	if (!a)
		return;
	r->devices = xcalloc(json_array_size(a) + 1, sizeof(*r->devices));
	json_array_foreach(a, i, o) {
		struct environment *e = &r->devices[r->ndevices++];
		char where[PATHLEN];

		json_path_at(where, sizeof(where), "", "devices", i);
		if (!json_is_object(o)) {
			json_bad(rd, where, "", "an object");
			e->cuda_device = -1;
			continue;
		}
		read_env(rd, o, where, e);
		if (json_object_get(o, "cuda_device") &&
		    !json_is_null(json_object_get(o, "cuda_device")))
			e->cuda_device = (int)get_int_in(rd, o, where,
				"cuda_device", 0, INT_MAX,
				"a device index or null");
	}
}

/* `shard`: which shards of how many the rows are; absent for the whole
 * plan. */
static void read_shard(struct reader *rd, json_t *root, struct results *r)
{
	json_t *o = json_object_get(root, "shard"), *a, *v;
	const char *w = "shard";
	size_t i;

	if (!o || json_is_null(o))
		return;
	if (!json_is_object(o)) {
		json_bad(rd, "", w, "an object");
		return;
	}
	r->shard_count = (int)get_int_in(rd, o, w, "count", 1, PLAN_MAX_SHARDS,
					 "a number of shards (1 .. 10000)");
	a = json_object_get(o, "indexes");
	if (!a) {
		r->shards = xcalloc(1, sizeof(*r->shards));
		r->shards[r->nshards++] = (int)get_int_in(rd, o, w, "index", 1,
			r->shard_count, "a shard index from 1 to its count");
		return;
	}
	if (!json_is_array(a) || !json_array_size(a) ||
	    json_array_size(a) > PLAN_MAX_SHARDS) {
		json_bad(rd, w, "indexes", "a list of shard indexes");
		return;
	}
	r->shards = xcalloc(json_array_size(a), sizeof(*r->shards));
	json_array_foreach(a, i, v) {
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > r->shard_count ||
		    (i && json_integer_value(v) <= r->shards[i - 1]))
			json_bad(rd, w, "indexes", "ascending shard indexes from 1 "
			    "to its count");
		else
			r->shards[r->nshards++] = (int)json_integer_value(v);
	}
}

/* The record's own fields: tool, status, times, source, environment. */
static void read_record(struct reader *rd, json_t *root, struct results *r)
{
	json_t *tool, *src, *v;

	tool = get_object(rd, root, "", "culab");
	if (tool) {
		r->culab_version = get_name(rd, tool, "culab", "version", true);
		r->culab_commit = get_name(rd, tool, "culab", "commit", true);
	}
	r->status = get_text(rd, root, "", "status");
	r->command = get_text(rd, root, "", "command");
	r->started = get_name(rd, root, "", "started", true);
	r->finished = get_name(rd, root, "", "finished", true);
	r->note = get_text(rd, root, "", "note");
	r->counters_method = get_text(rd, root, "", "counters_method");
	r->counters_refusal = get_name(rd, root, "", "counters_refusal", true);
	r->clocks_locked = get_text(rd, root, "", "clocks_locked");
	src = get_object(rd, root, "", "source");
	if (src) {
		r->source_path = get_text(rd, src, "source", "path");
		r->source_sha256 = get_name(rd, src, "source", "sha256", true);
		r->source_text = get_str(rd, src, "source", "text", true,
					 RESULTS_MAX_SOURCE);
	}
	v = json_object_get(root, "environment");
	if (json_is_object(v)) {
		r->has_env = true;
		read_env(rd, v, "environment", &r->env);
	} else if (v && !json_is_null(v)) {
		json_bad(rd, "", "environment", "an object");
	}
	read_devices(rd, root, r);
	/* "environment" has no CUDA index: its device's entry has (a merge
	 * that takes a part's environment first would otherwise list that
	 * GPU's index as unknown) */
	if (r->has_env) {
		int k = results_find_device(r, &r->env);

		if (k >= 0)
			r->env.cuda_device = r->devices[k].cuda_device;
	}
	read_shard(rd, root, r);
}

/* The index of the first row of rows read so far that measured what w
 * did, recording w's as row i when it is the first. */
static size_t seen_row(struct strmap *keys, const struct result_row *w,
		       size_t i)
{
	struct sbuf k = SBUF_INIT;
	size_t first;

	results_row_key(&k, w);
	first = strmap_putn(keys, k.buf ? k.buf : "", k.len, i);
	sbuf_release(&k);
	return first;
}

static void read_experiments(struct reader *rd, json_t *exps,
			     struct results *r)
{
	r->nexperiments = json_array_size(exps);
	r->experiments = xcalloc(r->nexperiments, sizeof(*r->experiments));
	for (size_t i = 0; i < r->nexperiments; i++) {
		struct experiment_meta *e = &r->experiments[i];
		json_t *o = json_array_get(exps, i), *cs;
		char w[PATHLEN];

		json_path_at(w, sizeof(w), "", "experiments", i);
		if (!json_is_object(o)) {
			json_bad(rd, w, "", "an object");
			continue;
		}
		e->name = get_name(rd, o, w, "name", false);
		e->description = get_text(rd, o, w, "description");
		e->description_zh = get_text(rd, o, w, "description_zh");
		e->family = get_name(rd, o, w, "family", false);
		e->warmup = (int)get_int_in(rd, o, w, "warmup", 0, REPEATS_MAX,
					    "a count of runs (0 .. 100000)");
		e->repeats = (int)get_int_in(rd, o, w, "repeats", 0, REPEATS_MAX,
					     "a count of runs (0 .. 100000)");
		json_repeats_auto_get(rd, o, w, &e->repeats_auto);
		e->seed = (uint64_t)get_int_in(rd, o, w, "seed", LLONG_MIN,
					       LLONG_MAX, "a seed");
		e->l2_flush = get_bool(rd, o, w, "l2_flush");
		if (json_object_get(o, "class_score")) {
			json_t *v = json_object_get(o, "class_score");

			if (!json_is_string(v) ||
			    (strcmp(json_string_value(v), "class") &&
			     strcmp(json_string_value(v), "rung")))
				json_bad(rd, w, "class_score",
					 "\"rung\" or \"class\"");
			else
				e->score_class = !strcmp(json_string_value(v),
							 "class");
		}
		json_class_get(rd, o, w, e);
		cs = json_array_of(rd, o, w, "counters", RESULTS_MAX_COLUMNS);
		if (cs)
			e->counters = read_strings(rd, cs, w, "counters",
						   &e->ncounters);
	}
}

int json_results_decode(const char *path, const char *text, size_t len,
			struct results *r)
{
	struct reader rd = { .path = path };
	struct strmap keys = STRMAP_INIT;
	json_t *root, *exps, *rows, *vars;
	int version = 0;

	memset(r, 0, sizeof(*r));
	root = decode_root(path, text, len, &version);
	if (!root)
		return -1;
	r->schema_version = version;
	read_record(&rd, root, r);
	exps = json_array_of(&rd, root, "", "experiments", RESULTS_MAX_EXPERIMENTS);
	if (exps)
		read_experiments(&rd, exps, r);
	/* Version 1 had no table of variants (results_read adds one). */
	vars = version >= 2 ? json_array_of(&rd, root, "", "variants",
					RESULTS_MAX_VARIANTS) : NULL;
	if (vars)
		read_variants(&rd, vars, r);
	rows = json_object_get(root, "rows");
	if (json_is_array(rows) && json_array_size(rows) > RESULTS_MAX_ROWS)
		over(&rd, "rows", json_array_size(rows), RESULTS_MAX_ROWS,
		     "rows");
	else
		rows = json_array_of(&rd, root, "", "rows", RESULTS_MAX_ROWS);
	for (size_t i = 0; rows && !rd.stop && i < json_array_size(rows); i++) {
		struct result_row *w = results_add_row(r);
		size_t first;

		read_row(&rd, json_array_get(rows, i), i, w);
		/* each measurement once: compare pairs rows by it, merge and
		 * --resume keep one row of it */
		first = seen_row(&keys, w, i);
		if (first != i) {
			char where[PATHLEN];

			json_path_at(where, sizeof(where), "", "rows", i);
			json_report(&rd, where, "", "the measurement of rows[%zu] "
				    "again (experiment, variant, type, size and "
				    "block): a results file holds each once",
				    first);
		}
		if (w->device >= 0 && (size_t)w->device >= r->ndevices &&
		    json_object_get(json_array_get(rows, i), "device")) {
			char where[PATHLEN];

			json_path_at(where, sizeof(where), "", "rows", i);
			json_bad_value(&rd, where, "device",
				       json_object_get(json_array_get(rows, i),
						       "device"),
				       "an index into \"devices\"");
		}
	}
	json_decref(root);
	strmap_release(&rd.columns);
	strmap_release(&keys);
	if (rd.errors) {
		if (rd.errors > JSON_MAX_SHOWN)
			diag_note_at(path, 0, 0, "%d more errors not shown",
				     rd.errors - JSON_MAX_SHOWN);
		results_release(r);
		return -1;
	}
	return 0;
}
