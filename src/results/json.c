/* json.c - culab's JSON documents: results.json and what `list` and
 * `devices` print with --json.  See results.h.
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
#include "results.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "json_int.h"
#include "counters/counters.h"
#include "plan/plan.h"
#include "ladder/ladder.h"
#include "base/util.h"

/* ---- writing JSON ---------------------------------------------------- */

static json_t *env_to_json(const struct environment *e)
{
	json_t *o = json_pack("{s:o, s:i, s:i, s:i, s:i, s:i, s:o, s:i, s:I, s:I, "
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

	/* unknown (0) is left out: files from before it was kept read the
	 * same way */
	if (o && e->smem_per_sm_bytes)
		json_object_set_new(o, "smem_per_sm_bytes",
				    json_integer((json_int_t)e->smem_per_sm_bytes));
	if (o && e->nvidia_driver)
		json_object_set_new(o, "nvidia_driver", jtext(e->nvidia_driver));
	return o;
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
	/* elements a thread loads in the first pass (a class's reference) */
	json_object_set_new(o, "first_loads", v->first_loads > 0 ?
			    json_integer(v->first_loads) : json_string("any"));
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
	/* its text and headers: what --resume and merge compare */
	if (v->sources_sha256)
		json_object_set_new(o, "sources_sha256",
				    jtext(v->sources_sha256));
	/* a student's kernel of a class, only then */
	if (v->submission)
		json_object_set_new(o, "submission", json_true());
	/* the student it is, when the class's roster or LMS names told */
	if (v->student_id)
		json_object_set_new(o, "student_id", jtext(v->student_id));
	if (v->student_name)
		json_object_set_new(o, "student_name", jtext(v->student_name));
	/* a rung's key lines (ladder.h), only when it has them */
	if (v->code_text) {
		json_object_set_new(o, "code_file", jtext(v->code_file));
		json_object_set_new(o, "code_line", json_integer(v->code_line));
		json_object_set_new(o, "code_text", jtext(v->code_text));
	}
	/* the lines its step replaces (ladder.h), only when marked */
	if (v->before_text) {
		json_object_set_new(o, "before_file", jtext(v->before_file));
		json_object_set_new(o, "before_line",
				    json_integer(v->before_line));
		json_object_set_new(o, "before_text", jtext(v->before_text));
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
	json_kernel_put(o, w);
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
	/* only rows that were rerun under it: other rows stay as they were */
	if (w->sanitize)
		json_object_set_new(o, "sanitize",
				    json_sanitize_put(w->sanitize));
	json_object_set_new(o, "resources", resources_to_json(&w->resources));
	json_object_set_new(o, "clocks", json_clocks_put(&w->clocks));
	if (w->device >= 0)
		json_object_set_new(o, "device", json_integer(w->device));
	if (w->stage >= 0)
		json_object_set_new(o, "stage", json_integer(w->stage));
	/* only where lines were asked for: other rows stay as they were */
	if (w->lines.recorded)
		json_object_set_new(o, "lines", json_lines_put(&w->lines));
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
		/* a class scored against its fastest student, only then */
		if (e->score_class)
			json_object_set_new(x, "class_score", json_string("class"));
		json_class_put(x, e);
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
	if (r->counters_refusal)
		json_object_set_new(o, "counters_refusal",
				    jtext(r->counters_refusal));
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


/* ---- other documents ---------------------------------------------------- */

int json_print_kernels(FILE *fp)
{
	size_t n;
	const struct variant *v = registry_all(&n);
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, variant_to_json(&v[i]));
	return json_print(fp, a);
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
	return json_print(fp, a);
}

int json_print_devices(FILE *fp, const struct environment *envs, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *o = env_to_json(&envs[i]);

		json_object_set_new(o, "index", json_integer((json_int_t)i));
		json_array_append_new(a, o);
	}
	return json_print(fp, a);
}

int json_print_chips(FILE *fp, const struct chip_report *c, size_t n)
{
	unsigned v = counters_cupti_version();
	json_t *chips = json_array(), *doc;
	char version[32];

	for (size_t i = 0; i < n; i++) {
		json_t *al = json_array();

		for (size_t k = 0; k < c[i].naliases; k++)
			json_array_append_new(al, json_pack("{s:s, s:s, s:o}",
				"name", c[i].alias[k],
				"collectable", c[i].cell[k],
				"note", jstr(*c[i].note[k] ? c[i].note[k] : NULL)));
		json_array_append_new(chips, json_pack("{s:s, s:s, s:s, s:o, s:o}",
			"chip", c[i].chip, "arch", c[i].arch, "gpus", c[i].gpus,
			"passes", c[i].passes > 0 ? json_integer(c[i].passes) :
						    json_null(),
			"aliases", al));
	}
	snprintf(version, sizeof(version), "%u.%u", v / 10000, v / 100 % 100);
	doc = json_pack("{s:s, s:i, s:s, s:o}", "cupti_version", version,
			"cupti_api_version", (json_int_t)v, "computed",
			"offline, from CUPTI's metric tables; not measured",
			"chips", chips);
	return json_print(fp, doc);
}
