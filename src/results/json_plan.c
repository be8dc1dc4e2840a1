/* json_plan.c - `culab plan --json`, and reading it back for `culab merge
 * --plans`.  See results.h.
 *
 * One of the JSON room's files (json_int.h).  A shard's plan
 * names its stages by their place in the whole plan and counts what the
 * whole plan holds, so the plans of all shards, read back, tell whether
 * they cover it exactly once. */
#include "results.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "json_int.h"
#include "plan/plan.h"
#include "base/util.h"

/* ---- writing ----------------------------------------------------------- */

static json_t *measurement_to_json(const struct plan_measurement *ms)
{
	json_t *o = json_pack("{s:o, s:o, s:i, s:s, s:o}",
			      "label", jtext(ms->label),
			      "variant", jtext(ms->v->name),
			      "block", ms->block,
			      "state", plan_state_name(ms->state),
			      "reason", jtext(ms->why));

	json_object_set_new(o, "work_bytes", json_integer((json_int_t)ms->work_bytes));
	json_object_set_new(o, "host_bytes", json_integer((json_int_t)ms->host_bytes));
	json_object_set_new(o, "runs", json_integer((json_int_t)ms->runs));
	json_object_set_new(o, "lines", json_boolean(ms->lines));
	return o;
}

static json_t *stage_to_json(const struct plan_stage *s)
{
	json_t *ms = json_array(), *o;

	for (size_t k = 0; k < s->nms; k++)
		json_array_append_new(ms, measurement_to_json(&s->ms[k]));
	o = json_pack("{s:s, s:I, s:I, s:s}", "dtype", dtype_name(s->t),
		      "n", (json_int_t)s->sh.n, "m", (json_int_t)s->sh.m,
		      "size", s->size_text);
	json_object_set_new(o, "index", json_integer((json_int_t)s->index));
	json_object_set_new(o, "cost_us", json_integer((json_int_t)s->cost));
	json_object_set_new(o, "in_bytes", json_integer((json_int_t)s->in_bytes));
	json_object_set_new(o, "out_bytes", json_integer((json_int_t)s->out_bytes));
	json_object_set_new(o, "copy_bytes", json_integer((json_int_t)s->copy_bytes));
	json_object_set_new(o, "scratch_bytes",
			    json_integer((json_int_t)s->scratch_bytes));
	json_object_set_new(o, "device_bytes",
			    json_integer((json_int_t)s->device_bytes));
	json_object_set_new(o, "counter_passes", s->passes >= 0 ?
			    json_integer(s->passes) : json_null());
	json_object_set_new(o, "runs", json_integer((json_int_t)s->runs));
	json_object_set_new(o, "measurements", ms);
	return o;
}

static json_t *counts_to_json(const size_t n[PLAN__STATES])
{
	json_t *o = json_object();

	for (int k = 0; k < PLAN__STATES; k++)
		json_object_set_new(o, plan_state_name((enum plan_state)k),
				    json_integer((json_int_t)n[k]));
	return o;
}

int json_print_plan(FILE *fp, const struct plan *p)
{
	const struct experiment_file *f = p->f;
	json_t *exps = json_array(), *o, *stages = NULL;
	const struct experiment *last = NULL;

	for (size_t i = 0; i < p->nstages; i++) {
		const struct plan_stage *s = &p->stages[i];

		if (s->e != last) {
			json_t *x;

			last = s->e;
			stages = json_array();
			x = json_pack("{s:o, s:s, s:i, s:i, s:o}",
				      "name", jtext(s->e->name),
				      "family", family_name(s->e->family),
				      "warmup", s->e->warmup,
				      "repeats", s->e->repeats, "stages", stages);
			json_object_set_new(x, "repeats_auto",
				json_repeats_auto_put(&s->e->repeats_auto));
			json_array_append_new(exps, x);
		}
		json_array_append_new(stages, stage_to_json(s));
	}
	o = json_pack("{s:o, s:s, s:o, s:i, s:I}", "file", jtext(f->path),
		      "sha256", f->sha256, "output", jtext(p->outdir),
		      "sm_count", p->sm_count,
		      "measurements", (json_int_t)p->nms);
	json_object_set_new(o, "states", counts_to_json(p->nstate));
	json_object_set_new(o, "left_out", json_integer((json_int_t)p->left_out));
	json_object_set_new(o, "runs", json_integer((json_int_t)p->runs));
	json_object_set_new(o, "runs_at_most", json_boolean(p->runs_at_most));
	json_object_set_new(o, "peak_device_bytes",
			    json_integer((json_int_t)p->peak_device_bytes));
	json_object_set_new(o, "shard", p->shard.count > 0 ?
			    json_pack("{s:i, s:i}", "index", p->shard.index,
				      "count", p->shard.count) : json_null());
	json_object_set_new(o, "all_stages",
			    json_integer((json_int_t)p->all_stages));
	json_object_set_new(o, "all_measurements", json_integer((json_int_t)
			    (p->nms + p->left_out + p->shard_left_out)));
	json_object_set_new(o, "cost_us", json_integer((json_int_t)p->cost));
	json_object_set_new(o, "all_cost_us",
			    json_integer((json_int_t)p->all_cost));
	json_object_set_new(o, "experiments", exps);
	return json_print(fp, o);
}

/* ---- reading back ---------------------------------------------------------- */

void plan_doc_release(struct plan_doc *d)
{
	if (!d)
		return;
	free(d->file);
	free(d->sha256);
	free(d->stages);
	for (size_t i = 0; i < d->nlabels; i++)
		free(d->labels[i]);
	free(d->labels);
	memset(d, 0, sizeof(*d));
}

/* A non-negative integer member, or -1. */
static long long count_of(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_integer(v) && json_integer_value(v) >= 0 ?
	       (long long)json_integer_value(v) : -1;
}

static void add_label(struct plan_doc *d, const char *label)
{
	d->labels = xrealloc(d->labels, (d->nlabels + 1) * sizeof(*d->labels));
	d->labels[d->nlabels++] = xstrdup(label);
}

/* The stages of one experiment of the document.  Returns 0 or -1. */
static int read_stages(json_t *stages, struct plan_doc *d)
{
	size_t i, k;
	json_t *s, *m;

	json_array_foreach(stages, i, s) {
		json_t *ms = json_object_get(s, "measurements");
		long long idx = count_of(s, "index");

		if (idx < 0 || (size_t)idx >= d->all_stages || !json_is_array(ms))
			return -1;
		d->stages = xrealloc(d->stages, (d->nstages + 1) *
				     sizeof(*d->stages));
		d->stages[d->nstages++] = (size_t)idx;
		json_array_foreach(ms, k, m) {
			json_t *l = json_object_get(m, "label");

			if (!json_is_string(l))
				return -1;
			add_label(d, json_string_value(l));
		}
	}
	return 0;
}

static int read_doc(json_t *root, struct plan_doc *d, char *why,
		    size_t whysize)
{
	json_t *sh = json_object_get(root, "shard"), *exps, *e;
	long long all = count_of(root, "all_stages"),
		  allm = count_of(root, "all_measurements"),
		  left = count_of(root, "left_out");
	size_t i;

	if (!json_is_string(json_object_get(root, "sha256")) || all < 0 ||
	    allm < 0 || left < 0)
		return -1;
	/* the counts a file can have, so that nothing sized by them is
	 * beyond what a plan is, nor a sum of them overflows */
	if (all > EXPERIMENT_MAX_FILE_ROWS || allm > EXPERIMENT_MAX_FILE_ROWS ||
	    left > allm || all > allm) {
		snprintf(why, whysize, "all_stages %lld, all_measurements %lld "
			 "and left_out %lld are not a plan's (at most %d "
			 "measurements, stages and left out no more than "
			 "them)", all, allm, left, EXPERIMENT_MAX_FILE_ROWS);
		return -1;
	}
	d->sha256 = xstrdup(json_string_value(json_object_get(root, "sha256")));
	if (json_is_string(json_object_get(root, "file")))
		d->file = xstrdup(json_string_value(json_object_get(root, "file")));
	d->all_stages = (size_t)all;
	d->all_measurements = (size_t)allm;
	d->left_out = (size_t)left;
	if (json_is_object(sh)) {
		long long idx = count_of(sh, "index"), n = count_of(sh, "count");

		if (n < 1 || n > PLAN_MAX_SHARDS || idx < 1 || idx > n)
			return -1;
		d->shard_index = (int)idx;
		d->shard_count = (int)n;
	} else if (sh && !json_is_null(sh)) {
		return -1;
	}
	exps = json_object_get(root, "experiments");
	if (!json_is_array(exps))
		return -1;
	json_array_foreach(exps, i, e)
		if (!json_is_array(json_object_get(e, "stages")) ||
		    read_stages(json_object_get(e, "stages"), d) < 0)
			return -1;
	if (d->nstages > d->all_stages || d->nlabels > d->all_measurements) {
		snprintf(why, whysize, "%zu stages and %zu measurements listed, "
			 "more than the plan's %zu and %zu", d->nstages,
			 d->nlabels, d->all_stages, d->all_measurements);
		return -1;
	}
	return 0;
}

int json_plan_read(const char *path, struct plan_doc *d)
{
	char why[256] = "";
	json_error_t err;
	json_t *root;
	char *text;
	size_t len;
	int rc = 0;

	memset(d, 0, sizeof(*d));
	if (read_file(path, RESULTS_MAX_FILE_BYTES, &text, &len) < 0)
		return -1;
	root = json_loadb(text + utf8_bom_len(text, len),
			  len - utf8_bom_len(text, len), JSON_REJECT_DUPLICATES,
			  &err);
	free(text);
	if (!root)
		return diag_error_at(path, err.line > 0 ? err.line : 0,
				     err.line > 0 && err.column > 0 ?
				     err.column : 0, "not a plan (culab plan "
				     "--json): %s", err.text);
	if (!json_is_object(root) || read_doc(root, d, why, sizeof(why)) < 0) {
		rc = diag_error_at(path, 0, 0, "not a plan written by culab "
				   "plan --shard I/N --json%s%s", *why ? ": " : "",
				   why);
		plan_doc_release(d);
	}
	json_decref(root);
	return rc;
}
