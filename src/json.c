/* json.c - culab's JSON documents: results.json and what `list` and
 * `devices` print with --json.  See json.h.
 *
 * With json_measure.c (how a row was measured), json_compare.c (the
 * document of `culab compare --json`) and json_plan.c (`culab plan
 * --json`, and reading it back), sharing json_int.h, the only files
 * that include jansson.  results.json is the full record
 * (every sample, every raw counter of every kernel, the environment, the
 * experiment file's text and a description of every variant the rows
 * name) and is what `culab report`, `--resume` and the tests read back.
 * Reading is strict about what a report relies on (types of fields,
 * status and flag names, known families) and reports up to ten problems,
 * GNU-style, before giving up; keys it does not know are ignored, so a
 * field added later does not break older readers. */
#include "json.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "json_int.h"
#include "metrics.h"
#include "plan.h"
#include "registry.h"
#include "util.h"

/* ---- writing JSON ---------------------------------------------------- */

json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

json_t *jstr(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* json_string() refuses invalid UTF-8; text from files was validated on
 * load, but be safe: fall back to an escaped copy rather than dropping. */
json_t *jtext(const char *s)
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

/* An entry of the results' `devices`: the environment and the CUDA
 * device index on its host. */
static json_t *device_to_json(const struct environment *e)
{
	json_t *o = env_to_json(e);

	json_object_set_new(o, "cuda_device", e->cuda_device >= 0 ?
			    json_integer(e->cuda_device) : json_null());
	return o;
}

/* {"index": I, "count": N} for one shard; {"indexes": [...], "count": N}
 * for several merged. */
static json_t *shard_to_json(const struct results *r)
{
	json_t *o = json_object(), *a;

	if (r->nshards == 1) {
		json_object_set_new(o, "index", json_integer(r->shards[0]));
	} else {
		a = json_array();
		for (size_t i = 0; i < r->nshards; i++)
			json_array_append_new(a, json_integer(r->shards[i]));
		json_object_set_new(o, "indexes", a);
	}
	json_object_set_new(o, "count", json_integer(r->shard_count));
	return o;
}

static json_t *strings_to_json(char **v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, jtext(v[i]));
	return a;
}

/* A variant as results.json and `culab list --json kernels` describe it:
 * everything a report needs, no functions. */
static json_t *variant_to_json(const struct variant *v)
{
	const struct family_def *fam = family_get(v->family);
	json_t *exp = json_array(), *types = json_array(),
	       *flags = json_array(), *o;
	size_t k, nf;
	const struct variant_flag_name *fn = variant_flag_names(&nf);

	for (k = 0; k < VARIANT_MAX_EXPECT && v->expect[k].column; k++) {
		const struct expect *x = &v->expect[k];
		json_t *xt = json_null();

		if (x->dtypes) {
			xt = json_array();
			for (size_t t = 0; t < DTYPE__COUNT; t++)
				if (x->dtypes & DTYPE_BIT(t))
					json_array_append_new(xt, json_string(
						dtype_name((enum dtype)t)));
		}
		json_array_append_new(exp, json_pack("{s:s, s:s, s:f, s:o, "
			"s:o, s:I}", "column", x->column, "op", x->op,
			"value", x->value, "than", jstr(x->than), "types", xt,
			"min_side", (json_int_t)x->min_side));
	}
	for (k = 0; k < DTYPE__COUNT; k++)
		if (variant_supports(v, (enum dtype)k))
			json_array_append_new(types,
				json_string(dtype_name((enum dtype)k)));
	for (k = 0; k < nf; k++)
		if (v->flags & fn[k].bit)
			json_array_append_new(flags, json_string(fn[k].name));
	o = json_pack("{s:s, s:s, s:i, s:o, s:o, s:o, s:o, s:o, s:o}",
		      "name", v->name, "family", family_name(v->family),
		      "step", v->step, "title", jtext(v->title),
		      "title_zh", jtext(v->title_zh),
		      "about_en", jtext(v->about_en),
		      "about_zh", jtext(v->about_zh),
		      "seed", jtext(v->seed),
		      "signature", jtext(v->signature));
	json_object_set_new(o, "signature_zh", jtext(v->signature_zh));
	json_object_set_new(o, "teaching", jtext(v->teaching));
	json_object_set_new(o, "teaching_zh", jtext(v->teaching_zh));
	json_object_set_new(o, "expect", exp);
	json_object_set_new(o, "types", types);
	json_object_set_new(o, "flags", flags);
	json_object_set_new(o, "block_default", json_integer(v->block_default));
	json_object_set_new(o, "block_min",
			    json_integer(v->block_min ? v->block_min : 1));
	json_object_set_new(o, "block_max",
			    json_integer(v->block_max ? v->block_max : 1024));
	json_object_set_new(o, "timed_region", jtext(v->timed_region));
	if (v->timed_region_zh)
		json_object_set_new(o, "timed_region_zh",
				    jtext(v->timed_region_zh));
	json_object_set_new(o, "sanitizer", jtext(v->sanitizer));
	if (v->sanitizer_zh)
		json_object_set_new(o, "sanitizer_zh", jtext(v->sanitizer_zh));
	json_object_set_new(o, "bytes_model",
			    jtext(fam ? fam->bytes_about : NULL));
	json_object_set_new(o, "source", jtext(v->source));
	/* a user kernel's source, for `culab rerun`; only when recorded, so
	 * that built-in rows read as they always did */
	if (v->source_text) {
		json_object_set_new(o, "source_file", jtext(v->source_file));
		json_object_set_new(o, "source_text", jtext(v->source_text));
		json_object_set_new(o, "source_sha256",
				    jtext(v->source_sha256));
	}
	return o;
}

/* A row's resources: {"known": false, "why": ...} or everything known. */
static json_t *resources_to_json(const struct kernel_resources *k)
{
	json_t *o;

	if (!k->known)
		return json_pack("{s:b, s:o}", "known", 0, "why", jtext(k->why));
	o = json_pack("{s:b, s:o, s:i, s:i, s:i, s:i, s:i}", "known", 1,
		      "kernel", jtext(k->kernel), "kernels", k->kernels,
		      "registers", k->registers, "static_smem", k->static_smem,
		      "dynamic_smem", k->dynamic_smem,
		      "local_bytes", k->local_bytes);
	json_object_set_new(o, "spill_bytes", k->spill_bytes >= 0 ?
			    json_integer(k->spill_bytes) : json_null());
	json_object_set_new(o, "block_threads", json_integer(k->block_threads));
	json_object_set_new(o, "blocks_per_sm", json_integer(k->blocks_per_sm));
	json_object_set_new(o, "occupancy_pct", jnum(k->occupancy_pct));
	json_object_set_new(o, "limiter",
			    json_string(resource_limiter_name(k->limiter)));
	return o;
}

static json_t *row_to_json(const struct result_row *w)
{
	json_t *samples = json_array(), *cols = json_object(),
	       *kernels = json_array(), *missing = json_object(), *o, *ctr,
	       *timing;
	size_t i, j;

	for (i = 0; i < w->t.nsamples; i++)
		json_array_append_new(samples, jnum(w->t.samples_ms[i]));
	for (i = 0; i < w->ncolumns; i++) {
		json_object_set_new(cols, w->columns[i].name,
				    jnum(w->columns[i].value));
		if (w->columns[i].missing)
			json_object_set_new(missing, w->columns[i].name,
					    jtext(w->columns[i].missing));
	}
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
	timing = json_pack("{s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			   "warmup", w->t.warmup, "samples_ms", samples,
			   "median_ms", jnum(w->t.median_ms),
			   "min_ms", jnum(w->t.min_ms),
			   "max_ms", jnum(w->t.max_ms),
			   "mean_ms", jnum(w->t.mean_ms),
			   "stdev_ms", jnum(w->t.stdev_ms),
			   "noise_pct", jnum(w->t.noise_pct));
	json_timing_put(timing, &w->t);
	json_object_set_new(o, "timing", timing);
	json_object_set_new(o, "bytes", jnum(w->bytes));
	json_object_set_new(o, "gbps", jnum(w->gbps));
	json_object_set_new(o, "pct_peak", jnum(w->pct_peak));
	ctr = json_pack("{s:o, s:o, s:o}", "status", jtext(w->counters_status),
			"columns", cols, "kernels", kernels);
	/* only when this GPU could not collect some: files stay as they were */
	if (json_object_size(missing))
		json_object_set(ctr, "missing", missing);
	json_decref(missing);
	json_object_set_new(o, "counters", ctr);
	json_object_set_new(o, "sanitizer", jtext(w->sanitizer));
	json_object_set_new(o, "resources", resources_to_json(&w->resources));
	json_object_set_new(o, "clocks", json_clocks_put(&w->clocks));
	if (w->device >= 0)
		json_object_set_new(o, "device", json_integer(w->device));
	if (w->stage >= 0)
		json_object_set_new(o, "stage", json_integer(w->stage));
	return o;
}

static json_t *results_to_json(const struct results *r)
{
	json_t *o, *exps = json_array(), *rows = json_array(),
	       *vars = json_array();
	size_t i;

	for (i = 0; i < r->nvariants; i++)
		json_array_append_new(vars, variant_to_json(r->variants[i]));
	for (i = 0; i < r->nexperiments; i++) {
		const struct experiment_meta *e = &r->experiments[i];

		json_t *x = json_pack("{s:o, s:o, s:o, s:i, s:i, s:I, s:b, s:o}",
				      "name", jtext(e->name),
				      "description", jtext(e->description),
				      "family", jtext(e->family),
				      "warmup", e->warmup,
				      "repeats", e->repeats,
				      "seed", (json_int_t)e->seed,
				      "l2_flush", e->l2_flush,
				      "counters", strings_to_json(e->counters,
								  e->ncounters));

		if (e->description_zh && *e->description_zh)
			json_object_set_new(x, "description_zh",
					    jtext(e->description_zh));
		json_object_set_new(x, "repeats_auto",
				    json_repeats_auto_put(&e->repeats_auto));
		json_array_append_new(exps, x);
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
	json_object_set_new(o, "clocks_locked", jtext(r->clocks_locked));
	json_object_set_new(o, "environment",
			    r->has_env ? env_to_json(&r->env) : json_null());
	if (r->ndevices) {
		json_t *devs = json_array();

		for (i = 0; i < r->ndevices; i++)
			json_array_append_new(devs,
					      device_to_json(&r->devices[i]));
		json_object_set_new(o, "devices", devs);
	}
	if (r->shard_count > 0)
		json_object_set_new(o, "shard", shard_to_json(r));
	json_object_set_new(o, "experiments", exps);
	json_object_set_new(o, "variants", vars);
	json_object_set_new(o, "rows", rows);
	return o;
}

char *json_results_encode(const struct results *r)
{
	json_t *j = results_to_json(r);
	char *text = j ? json_dumps(j, JSON_INDENT(1) |
				    JSON_REAL_PRECISION(10) |
				    JSON_ENSURE_ASCII) : NULL;

	json_decref(j);
	if (!text)
		diag_error("cannot encode results as JSON");
	return text;
}


/* ---- reading ------------------------------------------------------------ */

static int bad(struct reader *rd, const char *where, const char *field,
	       const char *want)
{
	if (rd->errors++ < 10)
		diag_error_at(rd->path, 0, 0, "%s: \"%s\" is missing or not %s",
			      where, field, want);
	return -1;
}

int json_bad(struct reader *rd, const char *where, const char *field,
	     const char *want)
{
	return bad(rd, where, field, want);
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
	e->cuda_device = -1;
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

/* An integer from lo to hi, or lo after a diagnostic that says `want`. */
static int get_int_in(struct reader *rd, json_t *o, const char *where,
		      const char *key, long long lo, long long hi,
		      const char *want)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v) || json_integer_value(v) < lo ||
	    json_integer_value(v) > hi) {
		bad(rd, where, key, want);
		return (int)lo;
	}
	return (int)json_integer_value(v);
}

/* A row's resources (resources.h).  Files from before they were
 * recorded have none: unknown, and the row says so. */
static void read_resources(struct reader *rd, json_t *row, size_t idx,
			   struct kernel_resources *k)
{
	json_t *o = json_object_get(row, "resources"), *v;
	char where[48];
	char *lim;

	kernel_resources_set_unknown(k, "not recorded by this culab version");
	if (!o)
		return;
	snprintf(where, sizeof(where), "row %zu resources", idx + 1);
	if (!json_is_object(o)) {
		bad(rd, where, "resources", "an object");
		return;
	}
	kernel_resources_release(k);
	k->spill_bytes = -1;
	k->known = get_bool(rd, o, where, "known");
	if (!k->known) {
		k->why = get_str(rd, o, where, "why", true);
		return;
	}
	k->kernel = get_str(rd, o, where, "kernel", false);
	k->kernels = get_int_in(rd, o, where, "kernels", 1, INT_MAX,
				"a positive integer");
	k->registers = get_int_in(rd, o, where, "registers", 0, 255,
				  "an integer from 0 to 255");
	k->static_smem = get_int_in(rd, o, where, "static_smem", 0, INT_MAX,
				    "a size in bytes");
	k->dynamic_smem = get_int_in(rd, o, where, "dynamic_smem", 0, INT_MAX,
				     "a size in bytes");
	k->local_bytes = get_int_in(rd, o, where, "local_bytes", 0, INT_MAX,
				    "a size in bytes");
	v = json_object_get(o, "spill_bytes");
	if (v && !json_is_null(v))
		k->spill_bytes = get_int_in(rd, o, where, "spill_bytes", 0,
					    INT_MAX, "a size in bytes or null");
	k->block_threads = get_int_in(rd, o, where, "block_threads", 1, INT_MAX,
				      "a positive integer");
	k->blocks_per_sm = get_int_in(rd, o, where, "blocks_per_sm", 0, INT_MAX,
				      "a count of blocks");
	v = json_object_get(o, "occupancy_pct");
	if (!json_is_number(v) || json_number_value(v) < 0 ||
	    json_number_value(v) > 100)
		bad(rd, where, "occupancy_pct", "a percentage from 0 to 100");
	else
		k->occupancy_pct = json_number_value(v);
	lim = get_str(rd, o, where, "limiter", false);
	if (lim && resource_limiter_parse(lim, &k->limiter) < 0)
		bad(rd, where, "limiter", "one of warps, blocks per SM, "
		    "registers, shared memory");
	free(lim);
}

static void read_row(struct reader *rd, json_t *o, size_t idx,
		     struct result_row *w)
{
	char where[48];
	json_t *t, *c, *samples, *cols, *kernels, *missing;
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
	read_resources(rd, o, idx, &w->resources);
	json_clocks_get(rd, o, where, &w->clocks);
	/* absent in files from before rows named their device and stage */
	if (json_object_get(o, "device"))
		w->device = get_int_in(rd, o, where, "device", 0, INT_MAX,
				       "an index into \"devices\"");
	if (json_object_get(o, "stage"))
		w->stage = get_int_in(rd, o, where, "stage", 0, INT_MAX,
				      "a stage index");
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
		json_timing_get(rd, t, where, &w->t);
	}
	c = get_object(rd, o, where, "counters");
	if (!c)
		return;
	w->counters_status = get_str(rd, c, where, "status", true);
	missing = json_object_get(c, "missing");
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
			w->columns[w->ncolumns].missing = xstrdup(
				json_string_value(json_object_get(missing, key)));
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

/* ---- reading the variants' table ------------------------------------------ */

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
			bad(rd, where, key, "a list of int, float and double");
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
	char *op = get_str(rd, o, where, "op", false);
	long long side;
	size_t k;

	x->column = get_str(rd, o, where, "column", false);
	for (k = 0; op && k < ARRAY_SIZE(ops) && strcmp(op, ops[k]); k++)
		;
	if (op && k == ARRAY_SIZE(ops))
		bad(rd, where, "op", "one of <, <=, >, >=");
	x->op = op;
	x->value = get_num(rd, o, where, "value");
	if (!isfinite(x->value))
		bad(rd, where, "value", "a number");
	x->than = get_str(rd, o, where, "than", true);
	if (json_is_array(t))
		x->dtypes = read_types(rd, t, where, "types");
	else if (t && !json_is_null(t))
		bad(rd, where, "types", "a list of types or null");
	side = get_int(rd, o, where, "min_side");
	if (side < 0)
		bad(rd, where, "min_side", "a size");
	x->min_side = side > 0 ? (size_t)side : 0;
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
			bad(rd, where, "flags", "a list of known flags");
		else
			*flags |= bit;
	}
}

/* One description of the `variants` table; the result owns its texts
 * (variant_free). */
static struct variant *read_variant(struct reader *rd, json_t *o,
				    const char *where)
{
	struct variant *v = xcalloc(1, sizeof(*v));
	char *fam = get_str(rd, o, where, "family", false);
	json_t *a;

	v->name = get_str(rd, o, where, "name", false);
	if (fam && family_parse(fam, &v->family) < 0)
		bad(rd, where, "family", "a known family");
	free(fam);
	v->step = (int)get_int(rd, o, where, "step");
	v->title = get_str(rd, o, where, "title", true);
	v->title_zh = get_str(rd, o, where, "title_zh", true);
	v->about_en = get_str(rd, o, where, "about_en", true);
	v->about_zh = get_str(rd, o, where, "about_zh", true);
	v->seed = get_str(rd, o, where, "seed", true);
	v->signature = get_str(rd, o, where, "signature", true);
	v->signature_zh = get_str(rd, o, where, "signature_zh", true);
	v->teaching = get_str(rd, o, where, "teaching", true);
	v->teaching_zh = get_str(rd, o, where, "teaching_zh", true);
	v->timed_region = get_str(rd, o, where, "timed_region", true);
	v->timed_region_zh = get_str(rd, o, where, "timed_region_zh", true);
	v->sanitizer = get_str(rd, o, where, "sanitizer", true);
	v->sanitizer_zh = get_str(rd, o, where, "sanitizer_zh", true);
	v->source = get_str(rd, o, where, "source", true);
	v->source_file = get_str(rd, o, where, "source_file", true);
	v->source_text = get_str(rd, o, where, "source_text", true);
	v->source_sha256 = get_str(rd, o, where, "source_sha256", true);
	v->block_default = (int)get_int(rd, o, where, "block_default");
	v->block_min = (int)get_int(rd, o, where, "block_min");
	v->block_max = (int)get_int(rd, o, where, "block_max");
	if ((a = get_array(rd, o, where, "types")))
		v->dtypes = read_types(rd, a, where, "types");
	if ((a = get_array(rd, o, where, "flags")))
		read_flags(rd, a, where, &v->flags);
	if ((a = get_array(rd, o, where, "expect"))) {
		size_t i;
		json_t *x;

		if (json_array_size(a) > VARIANT_MAX_EXPECT)
			bad(rd, where, "expect", "a list of at most 4 lines");
		json_array_foreach(a, i, x) {
			if (i >= VARIANT_MAX_EXPECT)
				break;
			if (json_is_object(x))
				read_expect_line(rd, x, where, &v->expect[i]);
			else
				bad(rd, where, "expect", "a list of objects");
		}
	}
	return v;
}

static void read_variants(struct reader *rd, json_t *vars, struct results *r)
{
	size_t i;
	json_t *o;

	r->variants_before_teaching = json_array_size(vars) > 0;
	json_array_foreach(vars, i, o) {
		char where[48];
		struct variant *v;

		snprintf(where, sizeof(where), "variant %zu", i + 1);
		if (!json_is_object(o)) {
			bad(rd, where, "variant", "an object");
			continue;
		}
		if (json_object_get(o, "teaching"))
			r->variants_before_teaching = false;
		v = read_variant(rd, o, where);
		if (v->name && results_variant(r, v->name))
			bad(rd, where, "name", "unique in the table");
		r->variants = xrealloc(r->variants, (r->nvariants + 1) *
				       sizeof(*r->variants));
		r->variants[r->nvariants++] = v;
	}
}

/* Parses `text` and checks it is a culab results file of a version this
 * culab reads.  Returns the root object, or NULL after a diagnostic. */
static json_t *decode_root(const char *path, const char *text, size_t len,
			   int *version)
{
	json_error_t err;
	json_t *root, *v;
	const char *schema;

	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	if (!root) {
		diag_error_at(path, err.line > 0 ? err.line : 0,
			      err.line > 0 && err.column > 0 ? err.column : 0,
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
	if (!json_is_array(a)) {
		bad(rd, "results", "devices", "an array");
		return;
	}
	r->devices = xcalloc(json_array_size(a) + 1, sizeof(*r->devices));
	json_array_foreach(a, i, o) {
		struct environment *e = &r->devices[r->ndevices++];

		if (!json_is_object(o)) {
			bad(rd, "devices", "device", "an object");
			e->cuda_device = -1;
			continue;
		}
		read_env(rd, o, e);
		o = json_object_get(o, "cuda_device");
		if (json_is_integer(o) && json_integer_value(o) >= 0 &&
		    json_integer_value(o) <= INT_MAX)
			e->cuda_device = (int)json_integer_value(o);
		else if (o && !json_is_null(o))
			bad(rd, "devices", "cuda_device", "a device index or null");
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
		bad(rd, "results", w, "an object");
		return;
	}
	r->shard_count = get_int_in(rd, o, w, "count", 1, PLAN_MAX_SHARDS,
				    "a number of shards");
	a = json_object_get(o, "indexes");
	if (!a) {
		r->shards = xcalloc(1, sizeof(*r->shards));
		r->shards[r->nshards++] = get_int_in(rd, o, w, "index", 1,
			r->shard_count, "a shard index from 1 to its count");
		return;
	}
	if (!json_is_array(a) || !json_array_size(a)) {
		bad(rd, w, "indexes", "a list of shard indexes");
		return;
	}
	r->shards = xcalloc(json_array_size(a), sizeof(*r->shards));
	json_array_foreach(a, i, v) {
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > r->shard_count ||
		    (i && json_integer_value(v) <= r->shards[i - 1]))
			bad(rd, w, "indexes", "ascending shard indexes from 1 "
			    "to its count");
		else
			r->shards[r->nshards++] = (int)json_integer_value(v);
	}
}

/* The record's own fields: tool, status, times, source, environment. */
static void read_record(struct reader *rd, json_t *root, struct results *r)
{
	json_t *tool, *src, *v;

	tool = get_object(rd, root, "results", "culab");
	if (tool) {
		r->culab_version = get_str(rd, tool, "culab", "version", true);
		r->culab_commit = get_str(rd, tool, "culab", "commit", true);
	}
	r->status = get_str(rd, root, "results", "status", true);
	r->command = get_str(rd, root, "results", "command", true);
	r->started = get_str(rd, root, "results", "started", true);
	r->finished = get_str(rd, root, "results", "finished", true);
	r->note = get_str(rd, root, "results", "note", true);
	r->counters_method = get_str(rd, root, "results", "counters_method", true);
	r->clocks_locked = get_str(rd, root, "results", "clocks_locked", true);
	src = get_object(rd, root, "results", "source");
	if (src) {
		r->source_path = get_str(rd, src, "source", "path", true);
		r->source_sha256 = get_str(rd, src, "source", "sha256", true);
		r->source_text = get_str(rd, src, "source", "text", true);
	}
	v = json_object_get(root, "environment");
	if (json_is_object(v)) {
		r->has_env = true;
		read_env(rd, v, &r->env);
	} else if (v && !json_is_null(v)) {
		bad(rd, "results", "environment", "an object");
	}
	read_devices(rd, root, r);
	read_shard(rd, root, r);
}

static void read_experiments(struct reader *rd, json_t *exps,
			     struct results *r)
{
	r->nexperiments = json_array_size(exps);
	r->experiments = xcalloc(r->nexperiments, sizeof(*r->experiments));
	for (size_t i = 0; i < r->nexperiments; i++) {
		struct experiment_meta *e = &r->experiments[i];
		json_t *o = json_array_get(exps, i), *cs;

		if (!json_is_object(o)) {
			bad(rd, "experiments", "experiment", "an object");
			continue;
		}
		e->name = get_str(rd, o, "experiment", "name", false);
		e->description = get_str(rd, o, "experiment", "description", true);
		e->description_zh = get_str(rd, o, "experiment",
					    "description_zh", true);
		e->family = get_str(rd, o, "experiment", "family", false);
		e->warmup = (int)get_int(rd, o, "experiment", "warmup");
		e->repeats = (int)get_int(rd, o, "experiment", "repeats");
		json_repeats_auto_get(rd, o, "experiment", &e->repeats_auto);
		e->seed = (uint64_t)get_int(rd, o, "experiment", "seed");
		e->l2_flush = get_bool(rd, o, "experiment", "l2_flush");
		cs = get_array(rd, o, "experiment", "counters");
		if (cs)
			e->counters = read_strings(rd, cs, "experiment",
						   &e->ncounters);
	}
}

int json_results_decode(const char *path, const char *text, size_t len,
			struct results *r)
{
	struct reader rd = { path, 0 };
	json_t *root, *exps, *rows, *vars;
	int version = 0;

	memset(r, 0, sizeof(*r));
	root = decode_root(path, text, len, &version);
	if (!root)
		return -1;
	r->schema_version = version;
	read_record(&rd, root, r);
	exps = get_array(&rd, root, "results", "experiments");
	if (exps)
		read_experiments(&rd, exps, r);
	/* Version 1 had no table of variants (results_read adds one). */
	vars = version >= 2 ? get_array(&rd, root, "results", "variants") : NULL;
	if (vars)
		read_variants(&rd, vars, r);
	rows = get_array(&rd, root, "results", "rows");
	if (rows) {
		size_t n = json_array_size(rows);

		for (size_t i = 0; i < n; i++) {
			struct result_row *w = results_add_row(r);

			read_row(&rd, json_array_get(rows, i), i, w);
			if (w->device >= 0 && (size_t)w->device >= r->ndevices)
				bad(&rd, "row", "device", "an index into "
				    "\"devices\"");
		}
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

int json_print_kernels(FILE *fp)
{
	size_t n;
	const struct variant *v = registry_all(&n);
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, variant_to_json(&v[i]));
	return print_json(fp, a);
}

/* Whether `chip` collects alias a, and as what. */
static json_t *alias_on_chip(const struct metric_alias *a, const char *chip)
{
	static const char *const status[] = { "not evaluated", "no", "yes" };
	struct metric_resolution r;
	json_t *raw = json_array();
	size_t k;

	metrics_resolve(a, chip, &r);
	for (k = 0; k < METRIC_MAX_RAW && a->raw[k]; k++)
		json_array_append_new(raw, json_pack("{s:s, s:o, s:o}",
			"name", a->raw[k], "collected_as", jstr(r.collect[k]),
			"why_not", r.why[k][0] ? json_string(r.why[k]) : json_null()));
	return json_pack("{s:s, s:s, s:o, s:o}", "chip", chip,
			 "collectable", status[r.status + 1], "raw", raw,
			 "why_not", r.status == 1 ? json_null() :
			 json_string(r.summary));
}

int json_print_metrics(FILE *fp, const char *chip)
{
	size_t n, i, k;
	const struct metric_alias *m = metrics_aliases(&n);
	json_t *a = json_array();

	for (i = 0; i < n; i++) {
		json_t *raw = json_array(), *cols = json_array(), *o;

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
		o = json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:o}",
			"name", m[i].name, "summary_en", jstr(m[i].summary_en),
			"summary_zh", jstr(m[i].summary_zh),
			"explain_en", jstr(m[i].explain_en),
			"explain_zh", jstr(m[i].explain_zh),
			"raw", raw, "columns", cols);
		if (chip)
			json_object_set_new(o, "on_chip", alias_on_chip(&m[i], chip));
		json_array_append_new(a, o);
	}
	return print_json(fp, a);
}

int json_print_devices(FILE *fp, const struct environment *envs, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *o = env_to_json(&envs[i]);

		json_object_set_new(o, "index", json_integer((json_int_t)i));
		json_array_append_new(a, o);
	}
	return print_json(fp, a);
}
