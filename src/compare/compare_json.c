/* compare_json.c - the documents of `culab compare --json`, `culab list
 * floors --json` and `culab verify --json`.  See compare.h.
 *
 * One object per comparison of the base with a new file: the environment
 * facts that differ, the counts, every pair (medians, sample counts, the
 * ratio with its interval, the verdict and why, every counter change, not
 * only those the table shows, its kind, run-to-run floor and bound) and
 * the rows of one side only.  The method (confidence, resamples, seed,
 * threshold, minimum samples, floors) is stated once at the top, so that
 * a reader can redo every number. */
#include "compare.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "base/util.h"
#include "results/json_emit.h"

/* The key of a row: what pairs it. */
static json_t *key_json(const struct result_row *w)
{
	json_t *o = json_object();

	json_object_set_new(o, "experiment", jtext(w->experiment));
	json_object_set_new(o, "variant", jtext(w->variant));
	json_object_set_new(o, "dtype", jtext(w->dtype));
	json_object_set_new(o, "n", json_integer((json_int_t)w->n));
	json_object_set_new(o, "m", json_integer((json_int_t)w->m));
	json_object_set_new(o, "block", json_integer(w->block));
	return o;
}

/* One side of a pair: its median, samples, status and message. */
static json_t *side_json(const struct result_row *w, double ms, size_t n)
{
	json_t *o = json_object();

	json_object_set_new(o, "median_ms", jnum(ms));
	json_object_set_new(o, "samples", json_integer((json_int_t)n));
	json_object_set_new(o, "status", json_string(row_status_name(w->status)));
	json_object_set_new(o, "verified", json_boolean(w->verified));
	json_object_set_new(o, "message", jtext(w->message));
	return o;
}

static json_t *changes_json(const struct compare_pair *p)
{
	json_t *a = json_array();

	for (size_t k = 0; k < p->nchanges; k++) {
		const struct compare_change *ch = &p->changes[k];
		json_t *o = json_object();

		json_object_set_new(o, "column", jtext(ch->column));
		json_object_set_new(o, "base", jnum(ch->base));
		json_object_set_new(o, "new", jnum(ch->cur));
		json_object_set_new(o, "change_pct", jnum(ch->pct));
		json_object_set_new(o, "better", ch->better > 0 ? json_true() :
				    ch->better < 0 ? json_false() : json_null());
		json_array_append_new(a, o);
	}
	return a;
}

/* A table entry: the GPU model, the band of median times and where it
 * was measured. */
static json_t *entry_json(const struct compare_floor *e)
{
	if (!e)
		return json_null();
	return json_pack("{s:o, s:s, s:o, s:o, s:o, s:i, s:o}",
			 "gpu", jtext(e->gpu),
			 "kind", compare_kind_name(e->kind),
			 "band_lo_ms", jnum(e->lo_ms), "band_hi_ms", jnum(e->hi_ms),
			 "floor", jnum(e->floor), "pairs", (json_int_t)e->pairs,
			 "source", jtext(e->source));
}

/* A pair's floor: its value, where it came from and the entry that set
 * it (null for --floor F and none). */
static json_t *floor_json(const struct compare_pair *p)
{
	return json_pack("{s:o, s:s, s:o, s:o}",
			 "value", p->floor.from == CFF_NONE ||
				  p->floor.from == CFF_UNMEASURED ? json_null() :
			 jnum(p->floor.floor),
			 "from", compare_floor_from_name(p->floor.from),
			 "gpu", jtext(p->floor_gpu),
			 "entry", entry_json(p->floor.entry));
}

/* Each kind's pairs and floors: how many, the smallest and largest floor,
 * where they came from and the recordings. */
static json_t *kinds_json(const struct compare *c)
{
	json_t *o = json_object();

	for (int k = 0; k < CK__COUNT; k++) {
		const struct compare_kind_floors *s = &c->kinds[k];
		json_t *from, *src;

		if (!s->npairs)
			continue;
		from = json_array();
		src = json_array();
		for (int f = 0; f < CFF__COUNT; f++)
			if (s->from & (1u << f))
				json_array_append_new(from, json_string(
					compare_floor_from_name(
						(enum compare_floor_from)f)));
		for (size_t j = 0; j < s->nentries; j++)
			json_array_append_new(src, json_pack("{s:o, s:o}",
				"gpu", jtext(s->entries[j]->gpu),
				"source", jtext(s->entries[j]->source)));
		json_object_set_new(o, compare_kind_name((enum compare_kind)k),
				    json_pack("{s:i, s:o, s:o, s:o, s:o}",
					      "pairs", (json_int_t)s->npairs,
					      "floor_min", jnum(s->lo),
					      "floor_max", jnum(s->hi),
					      "from", from, "recordings", src));
	}
	return o;
}

static json_t *pair_json(const struct compare_pair *p)
{
	json_t *o = key_json(p->base);

	json_object_set_new(o, "base", side_json(p->base, p->base_ms,
						 p->nbase));
	json_object_set_new(o, "new", side_json(p->cur, p->cur_ms, p->ncur));
	json_object_set_new(o, "ratio", jnum(p->ratio));
	json_object_set_new(o, "ci_low", jnum(p->lo));
	json_object_set_new(o, "ci_high", jnum(p->hi));
	json_object_set_new(o, "kind", json_string(compare_kind_name(p->kind)));
	json_object_set_new(o, "floor", floor_json(p));
	json_object_set_new(o, "bound", jnum(p->bound));
	json_object_set_new(o, "verdict",
			    json_string(stats_verdict_name(p->verdict)));
	json_object_set_new(o, "why", p->why == CW_NONE ? json_null() :
			    json_string(compare_why_name(p->why)));
	json_object_set_new(o, "counter_changes", changes_json(p));
	return o;
}

static json_t *rows_json(const struct result_row *const *rows, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *o = key_json(rows[i]);

		json_object_set_new(o, "status",
				    json_string(row_status_name(rows[i]->status)));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *comparison_json(const struct compare *c, const char *base,
			       const char *cur)
{
	json_t *o = json_object(), *env = json_array(), *pairs = json_array(),
	       *counts = json_object();

	json_object_set_new(o, "base", jtext(base));
	json_object_set_new(o, "new", jtext(cur));
	json_object_set_new(o, "cross_gpu", json_boolean(c->cross_gpu));
	json_object_set_new(o, "other_device", json_boolean(c->other_device));
	for (size_t i = 0; i < c->ndiffs; i++)
		json_array_append_new(env, json_pack("{s:s, s:o, s:o}", "fact",
			compare_fact_name(c->diffs[i].fact),
			"base", jtext(c->diffs[i].base),
			"new", jtext(c->diffs[i].cur)));
	json_object_set_new(o, "environment_differences", env);
	for (int v = 0; v < SV__COUNT; v++)
		json_object_set_new(counts, stats_verdict_name((enum stats_verdict)v),
				    json_integer((json_int_t)c->counts[v]));
	json_object_set_new(o, "counts", counts);
	json_object_set_new(o, "floors", kinds_json(c));
	for (size_t i = 0; i < c->npairs; i++)
		json_array_append_new(pairs, pair_json(&c->pairs[i]));
	json_object_set_new(o, "pairs", pairs);
	json_object_set_new(o, "only_base", rows_json(c->only_base,
						      c->nonly_base));
	json_object_set_new(o, "only_new", rows_json(c->only_cur, c->nonly_cur));
	return o;
}

int json_print_compare(FILE *fp, const struct compare *const *c,
		       const char *base_path, const char *const *cur_paths,
		       size_t n)
{
	json_t *doc = json_object(), *method = json_object(),
	       *list = json_array();

	json_object_set_new(doc, "schema", json_string("culab-compare"));
	/* 2: verdicts against the larger of the threshold and a run-to-run
	 * floor; pairs have kind, floor and bound */
	json_object_set_new(doc, "schema_version", json_integer(2));
	json_object_set_new(method, "statistic",
			    json_string("ratio of medians, new / base"));
	json_object_set_new(method, "interval",
			    json_string("percentile bootstrap, both samples "
					"resampled independently"));
	json_object_set_new(method, "confidence", json_real(STATS_CONFIDENCE));
	json_object_set_new(method, "resamples", json_integer(STATS_BOOTSTRAP));
	{
		char seed[24];

		snprintf(seed, sizeof(seed), "0x%016" PRIx64, COMPARE_SEED);
		json_object_set_new(method, "seed", json_string(seed));
	}
	json_object_set_new(method, "threshold",
			    json_real(n ? c[0]->threshold : COMPARE_THRESHOLD));
	json_object_set_new(method, "min_samples",
			    json_integer(COMPARE_MIN_SAMPLES));
	{
		enum compare_floor_mode m = n ? c[0]->floor_mode :
					    COMPARE_FLOOR_TABLE;

		json_object_set_new(method, "floors", json_string(
			m == COMPARE_FLOOR_NONE ? "none" :
			m == COMPARE_FLOOR_FIXED ? "fixed" : "table"));
		json_object_set_new(method, "floor", m == COMPARE_FLOOR_FIXED ?
				    jnum(c[0]->floor) : json_null());
		json_object_set_new(method, "bound",
				    json_string("the larger of the threshold and "
						"the pair's floor: faster or "
						"slower when the whole interval "
						"lies beyond 1 -+ threshold and "
						"|ratio - 1| exceeds bound"));
	}
	json_object_set_new(doc, "method", method);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(list, comparison_json(c[i], base_path,
							    cur_paths[i]));
	json_object_set_new(doc, "comparisons", list);
	return json_print(fp, doc);
}

int json_print_floors(FILE *fp)
{
	size_t n;
	const struct compare_floor *t = compare_floor_table(&n);
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, entry_json(&t[i]));
	return json_print(fp, json_pack("{s:s, s:o}", "rule",
		"a row's floor: the largest of its GPU model's entries of its "
		"kind whose band reaches above its median time; a model without "
		"entries of the kind: the largest that gives on any model",
		"floors", a));
}

int json_print_signatures(FILE *fp, const struct results *r,
			  const struct sig_check *s, size_t n)
{
	json_t *checks = json_array();
	size_t count[3] = { 0, 0, 0 };

	for (size_t i = 0; i < n; i++) {
		const struct result_row *w = &r->rows[s[i].row];
		json_t *o = key_json(w);

		count[s[i].verdict <= SIG_MISSING ? s[i].verdict : SIG_MISSING]++;
		json_object_set_new(o, "verdict",
				    json_string(s[i].verdict == SIG_PASS ? "pass" :
						s[i].verdict == SIG_FAIL ? "fail" :
						"missing"));
		json_object_set_new(o, "column", jtext(s[i].x->column));
		json_object_set_new(o, "value", jnum(s[i].value));
		json_object_set_new(o, "op", jtext(s[i].x->op));
		json_object_set_new(o, "bound", jnum(s[i].bound));
		if (s[i].x->than) {
			json_object_set_new(o, "factor", jnum(s[i].x->value));
			json_object_set_new(o, "than", jtext(s[i].x->than));
		}
		json_array_append_new(checks, o);
	}
	return json_print(fp, json_pack("{s:i, s:i, s:i, s:i, s:o}",
		"checks", (json_int_t)n, "passed", (json_int_t)count[SIG_PASS],
		"failed", (json_int_t)count[SIG_FAIL],
		"without_data", (json_int_t)count[SIG_MISSING], "verdicts", checks));
}
