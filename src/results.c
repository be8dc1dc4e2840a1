/* results.c - results.json and results.csv: culab's JSON and CSV I/O.
 *
 * This is the only file that includes jansson.  JSON is the full record
 * (every sample, every raw counter of every kernel, the environment and
 * the experiment file's text) and is what `culab report`, `--resume` and
 * the tests read back; CSV is the flat table for spreadsheets.  Both are
 * written whole to a temporary file and renamed into place, so readers
 * never see half a file, even when culab is killed mid-write.
 *
 * Non-finite numbers (NAN: "not applicable" or "missing") are stored as
 * JSON null and as empty CSV cells. */
#include "results.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "diag.h"
#include "metrics.h"
#include "registry.h"
#include "util.h"

static const char *const status_names[ROW__COUNT] = {
	[ROW_OK] = "ok",
	[ROW_WRONG] = "wrong",
	[ROW_ERROR] = "error",
	[ROW_SKIPPED] = "skipped",
};

const char *row_status_name(enum row_status s)
{
	return (unsigned)s < ROW__COUNT ? status_names[s] : "?";
}

static int row_status_parse(const char *s, enum row_status *st)
{
	for (int i = 0; i < ROW__COUNT; i++)
		if (strcmp(s, status_names[i]) == 0) {
			*st = (enum row_status)i;
			return 0;
		}
	return -1;
}

struct result_row *results_add_row(struct results *r)
{
	if (r->nrows == r->cap_rows) {
		r->cap_rows = r->cap_rows ? 2 * r->cap_rows : 64;
		r->rows = xrealloc(r->rows, r->cap_rows * sizeof(*r->rows));
	}
	memset(&r->rows[r->nrows], 0, sizeof(r->rows[0]));
	r->rows[r->nrows].error = NAN;
	r->rows[r->nrows].tolerance = NAN;
	return &r->rows[r->nrows++];
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void timing_compute(struct timing *t)
{
	size_t n = t->nsamples, i;
	double *s, sum = 0, var = 0;

	t->median_ms = t->min_ms = t->max_ms = t->mean_ms = NAN;
	t->stdev_ms = t->noise_pct = NAN;
	if (!n)
		return;
	s = xmalloc(n * sizeof(*s));
	memcpy(s, t->samples_ms, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	t->min_ms = s[0];
	t->max_ms = s[n - 1];
	t->median_ms = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
	for (i = 0; i < n; i++)
		sum += s[i];
	t->mean_ms = sum / (double)n;
	for (i = 0; i < n; i++)
		var += (s[i] - t->mean_ms) * (s[i] - t->mean_ms);
	t->stdev_ms = n > 1 ? sqrt(var / (double)(n - 1)) : 0;
	t->noise_pct = t->mean_ms > 0 ? 100.0 * t->stdev_ms / t->mean_ms : NAN;
	free(s);
}

/* ---- writing JSON ---------------------------------------------------- */

static json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *jstr(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* json_string() refuses invalid UTF-8; text from files was validated on
 * load, but be safe: fall back to an escaped copy rather than dropping. */
static json_t *jtext(const char *s)
{
	json_t *j;

	if (!s)
		return json_null();
	j = json_string(s);
	if (!j) {
		size_t n = strlen(s), i;
		char *c = xmalloc(n + 1);

		for (i = 0; i < n; i++)
			c[i] = (unsigned char)s[i] < 0x80 ? s[i] : '?';
		c[n] = '\0';
		j = json_string(c);
		free(c);
	}
	return j;
}

static json_t *env_to_json(const struct environment *e)
{
	return json_pack("{s:o, s:i, s:i, s:i, s:i, s:i, s:o, s:i, s:I, s:I, "
			 "s:o, s:i, s:i, s:o, s:o}",
			 "gpu_name", jtext(e->gpu_name),
			 "cc_major", e->cc_major, "cc_minor", e->cc_minor,
			 "sm_count", e->sm_count,
			 "mem_bus_width_bits", e->mem_bus_width_bits,
			 "mem_clock_khz", e->mem_clock_khz,
			 "peak_gbps", jnum(e->peak_gbps),
			 "sm_clock_khz", e->sm_clock_khz,
			 "l2_bytes", (json_int_t)e->l2_bytes,
			 "global_mem_bytes", (json_int_t)e->global_mem_bytes,
			 "gpu_uuid", jtext(e->gpu_uuid),
			 "driver_version", e->driver_version,
			 "runtime_version", e->runtime_version,
			 "hostname", jtext(e->hostname), "os", jtext(e->os));
}

static json_t *strings_to_json(char **v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, jtext(v[i]));
	return a;
}

static json_t *row_to_json(const struct result_row *w)
{
	json_t *samples = json_array(), *cols = json_object(),
	       *kernels = json_array(), *o;
	size_t i, j;

	for (i = 0; i < w->t.nsamples; i++)
		json_array_append_new(samples, jnum(w->t.samples_ms[i]));
	for (i = 0; i < w->ncolumns; i++)
		json_object_set_new(cols, w->columns[i].name,
				    jnum(w->columns[i].value));
	for (i = 0; i < w->nkernels; i++) {
		const struct kernel_counters *k = &w->kernels[i];
		json_t *names = json_array(), *vals = json_array();

		for (j = 0; j < k->nvalues; j++) {
			json_array_append_new(names, jtext(k->names[j]));
			json_array_append_new(vals, jnum(k->values[j]));
		}
		json_array_append_new(kernels,
			json_pack("{s:o, s:o, s:o, s:o, s:o}", "label",
				  jtext(k->label), "kernel", jtext(k->kernel),
				  "theoretical_occupancy_pct",
				  jnum(k->theoretical_occupancy_pct),
				  "names", names, "values", vals));
	}
	o = json_pack("{s:o, s:o, s:o, s:i, s:o, s:I, s:I, s:i, s:s, s:o, "
		      "s:b, s:o, s:o, s:o, s:o}",
		      "experiment", jtext(w->experiment),
		      "family", jtext(w->family),
		      "variant", jtext(w->variant), "step", w->step,
		      "dtype", jtext(w->dtype), "n", (json_int_t)w->n,
		      "m", (json_int_t)w->m, "block", w->block,
		      "status", row_status_name(w->status),
		      "message", jtext(w->message), "verified", w->verified,
		      "error", jnum(w->error), "tolerance", jnum(w->tolerance),
		      "timed_region", jtext(w->timed_region),
		      "timer", jtext(w->timer));
	json_object_set_new(o, "timing",
		json_pack("{s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			  "warmup", w->t.warmup, "samples_ms", samples,
			  "median_ms", jnum(w->t.median_ms),
			  "min_ms", jnum(w->t.min_ms),
			  "max_ms", jnum(w->t.max_ms),
			  "mean_ms", jnum(w->t.mean_ms),
			  "stdev_ms", jnum(w->t.stdev_ms),
			  "noise_pct", jnum(w->t.noise_pct)));
	json_object_set_new(o, "bytes", jnum(w->bytes));
	json_object_set_new(o, "gbps", jnum(w->gbps));
	json_object_set_new(o, "pct_peak", jnum(w->pct_peak));
	json_object_set_new(o, "counters",
		json_pack("{s:o, s:o, s:o}", "status", jtext(w->counters_status),
			  "columns", cols, "kernels", kernels));
	json_object_set_new(o, "sanitizer", jtext(w->sanitizer));
	return o;
}

static json_t *results_to_json(const struct results *r)
{
	json_t *o, *exps = json_array(), *rows = json_array();
	size_t i;

	for (i = 0; i < r->nexperiments; i++) {
		const struct experiment_meta *e = &r->experiments[i];

		json_array_append_new(exps,
			json_pack("{s:o, s:o, s:o, s:i, s:i, s:I, s:b, s:o}",
				  "name", jtext(e->name),
				  "description", jtext(e->description),
				  "family", jtext(e->family),
				  "warmup", e->warmup, "repeats", e->repeats,
				  "seed", (json_int_t)e->seed,
				  "l2_flush", e->l2_flush,
				  "counters", strings_to_json(e->counters,
							      e->ncounters)));
	}
	for (i = 0; i < r->nrows; i++)
		json_array_append_new(rows, row_to_json(&r->rows[i]));
	o = json_pack("{s:s, s:i, s:{s:o, s:o}, s:o, s:o, s:o, s:o, s:o, "
		      "s:{s:o, s:o, s:o}}",
		      "schema", RESULTS_SCHEMA,
		      "schema_version", RESULTS_SCHEMA_VERSION,
		      "culab", "version", jtext(r->culab_version),
		      "commit", jtext(r->culab_commit),
		      "status", jtext(r->status),
		      "command", jtext(r->command),
		      "started", jtext(r->started),
		      "finished", jtext(r->finished),
		      "note", jtext(r->note),
		      "source", "path", jtext(r->source_path),
		      "sha256", jtext(r->source_sha256),
		      "text", jtext(r->source_text));
	json_object_set_new(o, "counters_method", jtext(r->counters_method));
	json_object_set_new(o, "environment",
			    r->has_env ? env_to_json(&r->env) : json_null());
	json_object_set_new(o, "experiments", exps);
	json_object_set_new(o, "rows", rows);
	return o;
}

/* ---- writing CSV ------------------------------------------------------ */

static const char csv_header[] =
	"experiment,family,variant,step,dtype,n,m,block,status,verified,"
	"median_ms,min_ms,max_ms,mean_ms,stdev_ms,noise_pct,samples,bytes,"
	"gbps,pct_peak,error,tolerance,timer,counters_status,message";

const char *results_csv_header(void) { return csv_header; }

/* RFC 4180: quote a field holding a comma, quote or line break.  A field
 * starting with = + - @ is prefixed with ' so spreadsheets do not run it
 * as a formula (text from experiment files is untrusted). */
static void csv_str(struct sbuf *b, const char *s)
{
	if (!s)
		return;
	if (*s == '=' || *s == '+' || *s == '-' || *s == '@') {
		sbuf_add(b, "\"'");
	} else if (strpbrk(s, ",\"\r\n")) {
		sbuf_addc(b, '"');
	} else {
		sbuf_add(b, s);
		return;
	}
	for (; *s; s++)
		sbuf_addn(b, *s == '"' ? "\"\"" : s, *s == '"' ? 2 : 1);
	sbuf_addc(b, '"');
}

static void csv_num(struct sbuf *b, double v)
{
	if (isfinite(v))
		sbuf_addf(b, "%.9g", v);
}

/* Column names of all rows' counters, in first-seen order. */
static size_t counter_columns(const struct results *r, const char ***out)
{
	const char **names = NULL;
	size_t n = 0, i, j, k;

	for (i = 0; i < r->nrows; i++)
		for (j = 0; j < r->rows[i].ncolumns; j++) {
			const char *c = r->rows[i].columns[j].name;

			for (k = 0; k < n && strcmp(names[k], c); k++)
				;
			if (k == n) {
				names = xrealloc(names, (n + 1) * sizeof(*names));
				names[n++] = c;
			}
		}
	*out = names;
	return n;
}

static char *results_to_csv(const struct results *r)
{
	struct sbuf b = SBUF_INIT;
	const char **cols;
	size_t ncols = counter_columns(r, &cols), i, j, k;

	sbuf_add(&b, csv_header);
	for (j = 0; j < ncols; j++) {
		sbuf_add(&b, ",");
		csv_str(&b, cols[j]);
	}
	sbuf_add(&b, "\n");
	for (i = 0; i < r->nrows; i++) {
		const struct result_row *w = &r->rows[i];
		bool timed = w->status == ROW_OK;

		csv_str(&b, w->experiment);
		sbuf_add(&b, ",");
		csv_str(&b, w->family);
		sbuf_add(&b, ",");
		csv_str(&b, w->variant);
		sbuf_addf(&b, ",%d,", w->step);
		csv_str(&b, w->dtype);
		sbuf_addf(&b, ",%" PRIu64 ",%" PRIu64 ",%d,%s,%s,", w->n, w->m,
			  w->block, row_status_name(w->status),
			  w->verified ? "true" : "false");
		/* A failed row never shows a speed. */
		csv_num(&b, timed ? w->t.median_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.min_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.max_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.mean_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.stdev_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.noise_pct : NAN);
		sbuf_addf(&b, ",%zu,", w->t.nsamples);
		csv_num(&b, w->bytes);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->gbps : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->pct_peak : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, w->error);
		sbuf_add(&b, ",");
		csv_num(&b, w->tolerance);
		sbuf_add(&b, ",");
		csv_str(&b, w->timer);
		sbuf_add(&b, ",");
		csv_str(&b, w->counters_status);
		sbuf_add(&b, ",");
		csv_str(&b, w->message);
		for (j = 0; j < ncols; j++) {
			sbuf_add(&b, ",");
			for (k = 0; k < w->ncolumns; k++)
				if (strcmp(w->columns[k].name, cols[j]) == 0) {
					csv_num(&b, w->columns[k].value);
					break;
				}
		}
		sbuf_add(&b, "\n");
	}
	free(cols);
	return sbuf_detach(&b);
}

int results_write(const char *dir, const struct results *r)
{
	json_t *j = NULL;
	char *json = NULL, *csv = NULL, *path = NULL;
	int rc = -1;

	if (mkdir_p(dir) < 0)
		return diag_error("cannot create output directory \"%s\": %s",
				  dir, strerror(errno));
	j = results_to_json(r);
	if (!j) {
		diag_error("cannot encode results as JSON");
		goto out;
	}
	json = json_dumps(j, JSON_INDENT(1) | JSON_REAL_PRECISION(10) |
				     JSON_ENSURE_ASCII);
	if (!json) {
		diag_error("cannot encode results as JSON");
		goto out;
	}
	path = xasprintf("%s/results.json", dir);
	if (write_file_atomic(path, json, strlen(json)) < 0)
		goto out;
	free(path);
	csv = results_to_csv(r);
	path = xasprintf("%s/results.csv", dir);
	if (write_file_atomic(path, csv, strlen(csv)) < 0)
		goto out;
	rc = 0;
out:
	free(path);
	free(csv);
	free(json);
	json_decref(j);
	return rc;
}

/* ---- reading ------------------------------------------------------------ */

struct reader {
	const char *path;
	int errors;
};

static int bad(struct reader *rd, const char *where, const char *field,
	       const char *want)
{
	if (rd->errors++ < 10)
		diag_error_at(rd->path, 0, 0, "%s: \"%s\" is missing or not %s",
			      where, field, want);
	return -1;
}

static char *get_str(struct reader *rd, json_t *o, const char *where,
		     const char *key, bool nullable)
{
	json_t *v = json_object_get(o, key);

	if (nullable && (!v || json_is_null(v)))
		return NULL;
	if (!json_is_string(v)) {
		bad(rd, where, key, "a string");
		return NULL;
	}
	return xstrdup(json_string_value(v));
}

static double get_num(struct reader *rd, json_t *o, const char *where,
		      const char *key)
{
	json_t *v = json_object_get(o, key);

	if (v && json_is_null(v))
		return NAN;
	if (!json_is_number(v)) {
		bad(rd, where, key, "a number");
		return NAN;
	}
	return json_number_value(v);
}

static long long get_int(struct reader *rd, json_t *o, const char *where,
			 const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v)) {
		bad(rd, where, key, "an integer");
		return 0;
	}
	return json_integer_value(v);
}

static bool get_bool(struct reader *rd, json_t *o, const char *where,
		     const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_boolean(v)) {
		bad(rd, where, key, "true or false");
		return false;
	}
	return json_is_true(v);
}

static json_t *get_array(struct reader *rd, json_t *o, const char *where,
			 const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_array(v)) {
		bad(rd, where, key, "an array");
		return NULL;
	}
	return v;
}

static json_t *get_object(struct reader *rd, json_t *o, const char *where,
			  const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_object(v)) {
		bad(rd, where, key, "an object");
		return NULL;
	}
	return v;
}

static void read_env(struct reader *rd, json_t *o, struct environment *e)
{
	const char *w = "environment";

	e->gpu_name = get_str(rd, o, w, "gpu_name", true);
	e->cc_major = (int)get_int(rd, o, w, "cc_major");
	e->cc_minor = (int)get_int(rd, o, w, "cc_minor");
	e->sm_count = (int)get_int(rd, o, w, "sm_count");
	e->mem_bus_width_bits = (int)get_int(rd, o, w, "mem_bus_width_bits");
	e->mem_clock_khz = (int)get_int(rd, o, w, "mem_clock_khz");
	e->peak_gbps = get_num(rd, o, w, "peak_gbps");
	e->sm_clock_khz = (int)get_int(rd, o, w, "sm_clock_khz");
	e->l2_bytes = (size_t)get_int(rd, o, w, "l2_bytes");
	e->global_mem_bytes = (size_t)get_int(rd, o, w, "global_mem_bytes");
	e->gpu_uuid = get_str(rd, o, w, "gpu_uuid", true);
	e->driver_version = (int)get_int(rd, o, w, "driver_version");
	e->runtime_version = (int)get_int(rd, o, w, "runtime_version");
	e->hostname = get_str(rd, o, w, "hostname", true);
	e->os = get_str(rd, o, w, "os", true);
}

static char **read_strings(struct reader *rd, json_t *a, const char *where,
			   size_t *n)
{
	char **v;
	size_t i;

	*n = json_array_size(a);
	v = xcalloc(*n, sizeof(*v));
	for (i = 0; i < *n; i++) {
		json_t *s = json_array_get(a, i);

		if (!json_is_string(s)) {
			bad(rd, where, "counters", "a list of strings");
			v[i] = xstrdup("");
		} else {
			v[i] = xstrdup(json_string_value(s));
		}
	}
	return v;
}

static void read_kernel(struct reader *rd, json_t *o, const char *where,
			struct kernel_counters *k)
{
	json_t *names, *vals;
	size_t i;

	k->label = get_str(rd, o, where, "label", false);
	k->kernel = get_str(rd, o, where, "kernel", true);
	/* Absent in files from before it was recorded. */
	k->theoretical_occupancy_pct = json_object_get(o, "theoretical_occupancy_pct") ?
		get_num(rd, o, where, "theoretical_occupancy_pct") : NAN;
	names = get_array(rd, o, where, "names");
	vals = get_array(rd, o, where, "values");
	if (!names || !vals)
		return;
	if (json_array_size(names) != json_array_size(vals)) {
		bad(rd, where, "values", "as long as \"names\"");
		return;
	}
	k->nvalues = json_array_size(names);
	k->names = xcalloc(k->nvalues, sizeof(*k->names));
	k->values = xcalloc(k->nvalues, sizeof(*k->values));
	for (i = 0; i < k->nvalues; i++) {
		json_t *s = json_array_get(names, i), *v = json_array_get(vals, i);

		k->names[i] = xstrdup(json_is_string(s) ? json_string_value(s) : "");
		k->values[i] = json_is_number(v) ? json_number_value(v) : NAN;
		if (!json_is_string(s) || !(json_is_number(v) || json_is_null(v)))
			bad(rd, where, "names/values", "strings/numbers");
	}
}

static void read_row(struct reader *rd, json_t *o, size_t idx,
		     struct result_row *w)
{
	char where[48];
	json_t *t, *c, *samples, *cols, *kernels;
	char *status;
	size_t i;

	snprintf(where, sizeof(where), "row %zu", idx + 1);
	if (!json_is_object(o)) {
		bad(rd, where, "row", "an object");
		return;
	}
	w->experiment = get_str(rd, o, where, "experiment", false);
	w->family = get_str(rd, o, where, "family", false);
	w->variant = get_str(rd, o, where, "variant", false);
	w->step = (int)get_int(rd, o, where, "step");
	w->dtype = get_str(rd, o, where, "dtype", false);
	w->n = (uint64_t)get_int(rd, o, where, "n");
	w->m = (uint64_t)get_int(rd, o, where, "m");
	w->block = (int)get_int(rd, o, where, "block");
	status = get_str(rd, o, where, "status", false);
	if (status && row_status_parse(status, &w->status) < 0)
		bad(rd, where, "status", "ok, wrong, error or skipped");
	free(status);
	w->message = get_str(rd, o, where, "message", true);
	w->verified = get_bool(rd, o, where, "verified");
	w->error = get_num(rd, o, where, "error");
	w->tolerance = get_num(rd, o, where, "tolerance");
	w->timed_region = get_str(rd, o, where, "timed_region", true);
	w->timer = get_str(rd, o, where, "timer", true);
	w->bytes = get_num(rd, o, where, "bytes");
	w->gbps = get_num(rd, o, where, "gbps");
	w->pct_peak = get_num(rd, o, where, "pct_peak");
	w->sanitizer = get_str(rd, o, where, "sanitizer", true);
	t = get_object(rd, o, where, "timing");
	if (t) {
		w->t.warmup = (int)get_int(rd, t, where, "warmup");
		samples = get_array(rd, t, where, "samples_ms");
		if (samples) {
			w->t.nsamples = json_array_size(samples);
			w->t.samples_ms = xcalloc(w->t.nsamples, sizeof(double));
			for (i = 0; i < w->t.nsamples; i++) {
				json_t *v = json_array_get(samples, i);

				if (!json_is_number(v))
					bad(rd, where, "samples_ms", "a list of numbers");
				w->t.samples_ms[i] = json_is_number(v) ?
					json_number_value(v) : NAN;
			}
		}
		w->t.median_ms = get_num(rd, t, where, "median_ms");
		w->t.min_ms = get_num(rd, t, where, "min_ms");
		w->t.max_ms = get_num(rd, t, where, "max_ms");
		w->t.mean_ms = get_num(rd, t, where, "mean_ms");
		w->t.stdev_ms = get_num(rd, t, where, "stdev_ms");
		w->t.noise_pct = get_num(rd, t, where, "noise_pct");
	}
	c = get_object(rd, o, where, "counters");
	if (!c)
		return;
	w->counters_status = get_str(rd, c, where, "status", true);
	cols = get_object(rd, c, where, "columns");
	if (cols) {
		const char *key;
		json_t *v;

		w->columns = xcalloc(json_object_size(cols) + 1,
				     sizeof(*w->columns));
		json_object_foreach(cols, key, v) {
			if (!json_is_number(v) && !json_is_null(v))
				bad(rd, where, key, "a number");
			w->columns[w->ncolumns].name = xstrdup(key);
			w->columns[w->ncolumns].value =
				json_is_number(v) ? json_number_value(v) : NAN;
			w->ncolumns++;
		}
	}
	kernels = get_array(rd, c, where, "kernels");
	if (kernels) {
		w->nkernels = json_array_size(kernels);
		w->kernels = xcalloc(w->nkernels, sizeof(*w->kernels));
		for (i = 0; i < w->nkernels; i++) {
			json_t *k = json_array_get(kernels, i);

			if (!json_is_object(k)) {
				bad(rd, where, "kernels", "a list of objects");
				continue;
			}
			read_kernel(rd, k, where, &w->kernels[i]);
		}
	}
}

int results_read(const char *path, struct results *r)
{
	char *text;
	size_t len;
	int rc;

	memset(r, 0, sizeof(*r));
	if (read_file(path, RESULTS_MAX_FILE_BYTES, &text, &len) < 0)
		return -1;
	rc = results_read_buffer(path, text, len, r);
	free(text);
	return rc;
}

int results_read_buffer(const char *path, const char *text, size_t len,
			struct results *r)
{
	struct reader rd = { path, 0 };
	json_error_t err;
	json_t *root, *v, *src, *exps, *rows, *tool;
	const char *schema;
	size_t i;

	memset(r, 0, sizeof(*r));
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	if (!root)
		return diag_error_at(path, err.line > 0 ? err.line : 0,
				     err.line > 0 && err.column > 0 ? err.column : 0,
				     "not a valid results file: %s", err.text);
	if (!json_is_object(root)) {
		json_decref(root);
		return diag_error_at(path, 0, 0,
				     "not a culab results file (not a JSON object)");
	}
	v = json_object_get(root, "schema");
	schema = json_is_string(v) ? json_string_value(v) : NULL;
	if (!schema || strcmp(schema, RESULTS_SCHEMA) != 0) {
		json_decref(root);
		return diag_error_at(path, 0, 0,
				     "not a culab results file (\"schema\" is not \"%s\")",
				     RESULTS_SCHEMA);
	}
	v = json_object_get(root, "schema_version");
	if (!json_is_integer(v)) {
		json_decref(root);
		return diag_error_at(path, 0, 0, "\"schema_version\" is missing");
	}
	r->schema_version = (int)json_integer_value(v);
	if (r->schema_version != RESULTS_SCHEMA_VERSION) {
		json_decref(root);
		return diag_error_at(path, 0, 0,
				     "results schema version %d is not supported "
				     "(this culab reads version %d)",
				     r->schema_version, RESULTS_SCHEMA_VERSION);
	}
	tool = get_object(&rd, root, "results", "culab");
	if (tool) {
		r->culab_version = get_str(&rd, tool, "culab", "version", true);
		r->culab_commit = get_str(&rd, tool, "culab", "commit", true);
	}
	r->status = get_str(&rd, root, "results", "status", true);
	r->command = get_str(&rd, root, "results", "command", true);
	r->started = get_str(&rd, root, "results", "started", true);
	r->finished = get_str(&rd, root, "results", "finished", true);
	r->note = get_str(&rd, root, "results", "note", true);
	r->counters_method = get_str(&rd, root, "results", "counters_method", true);
	src = get_object(&rd, root, "results", "source");
	if (src) {
		r->source_path = get_str(&rd, src, "source", "path", true);
		r->source_sha256 = get_str(&rd, src, "source", "sha256", true);
		r->source_text = get_str(&rd, src, "source", "text", true);
	}
	v = json_object_get(root, "environment");
	if (json_is_object(v)) {
		r->has_env = true;
		read_env(&rd, v, &r->env);
	} else if (v && !json_is_null(v)) {
		bad(&rd, "results", "environment", "an object");
	}
	exps = get_array(&rd, root, "results", "experiments");
	if (exps) {
		r->nexperiments = json_array_size(exps);
		r->experiments = xcalloc(r->nexperiments, sizeof(*r->experiments));
		for (i = 0; i < r->nexperiments; i++) {
			struct experiment_meta *e = &r->experiments[i];
			json_t *o = json_array_get(exps, i), *cs;

			if (!json_is_object(o)) {
				bad(&rd, "experiments", "experiment", "an object");
				continue;
			}
			e->name = get_str(&rd, o, "experiment", "name", false);
			e->description = get_str(&rd, o, "experiment", "description", true);
			e->family = get_str(&rd, o, "experiment", "family", false);
			e->warmup = (int)get_int(&rd, o, "experiment", "warmup");
			e->repeats = (int)get_int(&rd, o, "experiment", "repeats");
			e->seed = (uint64_t)get_int(&rd, o, "experiment", "seed");
			e->l2_flush = get_bool(&rd, o, "experiment", "l2_flush");
			cs = get_array(&rd, o, "experiment", "counters");
			if (cs)
				e->counters = read_strings(&rd, cs, "experiment",
							   &e->ncounters);
		}
	}
	rows = get_array(&rd, root, "results", "rows");
	if (rows) {
		size_t n = json_array_size(rows);

		for (i = 0; i < n; i++)
			read_row(&rd, json_array_get(rows, i), i,
				 results_add_row(r));
	}
	json_decref(root);
	if (rd.errors) {
		if (rd.errors > 10)
			diag_note_at(path, 0, 0, "%d more errors not shown",
				     rd.errors - 10);
		results_release(r);
		return -1;
	}
	return 0;
}

/* ---- other documents ---------------------------------------------------- */

static int print_json(FILE *fp, json_t *j)
{
	int rc = 0;

	if (!j || json_dumpf(j, fp, JSON_INDENT(2) | JSON_ENSURE_ASCII) < 0)
		rc = diag_error("cannot write JSON");
	else
		fputc('\n', fp);
	json_decref(j);
	return rc;
}

int results_print_kernels_json(FILE *fp)
{
	static const unsigned flag_bits[] = {
		VF_BLOCK, VF_POW2, VF_IN_PLACE, VF_HOST_STEP, VF_UNSAFE,
		VF_BASELINE, VF_CPU, VF_CEILING, VF_COPY,
	};
	size_t n, i, k;
	const struct variant *v = registry_all(&n);
	json_t *a = json_array();

	for (i = 0; i < n; i++) {
		json_t *exp = json_array(), *types = json_array(),
		       *flags = json_array(), *o;
		char name[32];

		for (k = 0; k < VARIANT_MAX_EXPECT && v[i].expect[k].column; k++)
			json_array_append_new(exp, json_pack("{s:s, s:s, s:f, s:o}",
				"column", v[i].expect[k].column,
				"op", v[i].expect[k].op,
				"value", v[i].expect[k].value,
				"than", jstr(v[i].expect[k].than)));
		for (k = 0; k < DTYPE__COUNT; k++)
			if (variant_supports(&v[i], (enum dtype)k))
				json_array_append_new(types,
					json_string(dtype_name((enum dtype)k)));
		for (k = 0; k < ARRAY_SIZE(flag_bits); k++)
			if (v[i].flags & flag_bits[k])
				json_array_append_new(flags, json_string(
					variant_flags_text(flag_bits[k], name,
							   sizeof(name))));
		o = json_pack("{s:s, s:s, s:i, s:o, s:o, s:o, s:o, s:o, s:o}",
			      "name", v[i].name,
			      "family", family_name(v[i].family),
			      "step", v[i].step, "title", jstr(v[i].title),
			      "title_zh", jstr(v[i].title_zh),
			      "about_en", jstr(v[i].about_en),
			      "about_zh", jstr(v[i].about_zh),
			      "seed", jstr(v[i].seed),
			      "signature", jstr(v[i].signature));
		json_object_set_new(o, "signature_zh", jstr(v[i].signature_zh));
		json_object_set_new(o, "expect", exp);
		json_object_set_new(o, "types", types);
		json_object_set_new(o, "flags", flags);
		json_object_set_new(o, "block_default",
				    json_integer(v[i].block_default));
		json_object_set_new(o, "block_min",
				    json_integer(v[i].block_min ? v[i].block_min : 1));
		json_object_set_new(o, "block_max",
				    json_integer(v[i].block_max ? v[i].block_max : 1024));
		json_object_set_new(o, "timed_region", jstr(v[i].timed_region));
		json_object_set_new(o, "sanitizer", jstr(v[i].sanitizer));
		json_array_append_new(a, o);
	}
	return print_json(fp, a);
}

int results_print_metrics_json(FILE *fp)
{
	size_t n, i, k;
	const struct metric_alias *m = metrics_aliases(&n);
	json_t *a = json_array();

	for (i = 0; i < n; i++) {
		json_t *raw = json_array(), *cols = json_array();

		for (k = 0; k < METRIC_MAX_RAW && m[i].raw[k]; k++)
			json_array_append_new(raw, json_string(m[i].raw[k]));
		for (k = 0; k < METRIC_MAX_COLS && m[i].cols[k].name; k++)
			json_array_append_new(cols, json_pack(
				"{s:s, s:o, s:i, s:o, s:o}",
				"name", m[i].cols[k].name,
				"unit", jstr(m[i].cols[k].unit),
				"better", m[i].cols[k].better,
				"what_en", jstr(m[i].cols[k].what_en),
				"what_zh", jstr(m[i].cols[k].what_zh)));
		json_array_append_new(a, json_pack(
			"{s:s, s:o, s:o, s:o, s:o, s:o, s:o}",
			"name", m[i].name, "summary_en", jstr(m[i].summary_en),
			"summary_zh", jstr(m[i].summary_zh),
			"explain_en", jstr(m[i].explain_en),
			"explain_zh", jstr(m[i].explain_zh),
			"raw", raw, "columns", cols));
	}
	return print_json(fp, a);
}

int results_print_devices_json(FILE *fp, const struct environment *envs,
			       size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *o = env_to_json(&envs[i]);

		json_object_set_new(o, "index", json_integer((json_int_t)i));
		json_array_append_new(a, o);
	}
	return print_json(fp, a);
}

/* ---- release -------------------------------------------------------------- */

static void row_release(struct result_row *w)
{
	size_t i;

	free(w->experiment);
	free(w->family);
	free(w->variant);
	free(w->dtype);
	free(w->message);
	free(w->timed_region);
	free(w->timer);
	free(w->t.samples_ms);
	free(w->counters_status);
	for (i = 0; i < w->ncolumns; i++)
		free(w->columns[i].name);
	free(w->columns);
	for (i = 0; i < w->nkernels; i++)
		kernel_counters_release(&w->kernels[i]);
	free(w->kernels);
	free(w->sanitizer);
}

void results_pop_row(struct results *r)
{
	if (!r || !r->nrows)
		return;
	row_release(&r->rows[--r->nrows]);
	memset(&r->rows[r->nrows], 0, sizeof(r->rows[0]));
}

void results_release(struct results *r)
{
	size_t i, j;

	if (!r)
		return;
	free(r->culab_version);
	free(r->culab_commit);
	free(r->command);
	free(r->started);
	free(r->finished);
	free(r->status);
	free(r->source_path);
	free(r->source_sha256);
	free(r->source_text);
	free(r->note);
	free(r->counters_method);
	free(r->env.gpu_name);
	free(r->env.gpu_uuid);
	free(r->env.hostname);
	free(r->env.os);
	for (i = 0; i < r->nexperiments; i++) {
		struct experiment_meta *e = &r->experiments[i];

		free(e->name);
		free(e->description);
		free(e->family);
		for (j = 0; j < e->ncounters; j++)
			free(e->counters[j]);
		free(e->counters);
	}
	free(r->experiments);
	for (i = 0; i < r->nrows; i++)
		row_release(&r->rows[i]);
	free(r->rows);
	memset(r, 0, sizeof(*r));
}
