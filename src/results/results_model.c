/* results_model.c - results in memory: rows, timing statistics, devices and
 * the variants' descriptions.  See results_model.h.
 *
 * What a run gives and compare, the report and the files read: it lives
 * in results/, a stage before run/, so that its readers need nothing of
 * the runner.  Its files (results.json, results.csv, reading them back)
 * are json*.c's and csv.c's. */
#include "results_model.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "base/strmap.h"
#include "plan/plan.h"
#include "base/util.h"

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

const char *round_of_name(enum round_of of)
{
	static const char *const names[ROUND__OF] = {
		[ROUND_KERNEL] = "kernel", [ROUND_FIRST_PASS] = "first_pass",
		[ROUND_REGION] = "region",
	};

	return (unsigned)of < ROUND__OF ? names[of] : NULL;
}

int row_status_parse(const char *s, enum row_status *st)
{
	for (int i = 0; i < ROW__COUNT; i++)
		if (strcmp(s, status_names[i]) == 0) {
			*st = (enum row_status)i;
			return 0;
		}
	return -1;
}

void results_key(struct sbuf *k, const char *experiment, const char *variant,
		 const char *dtype, uint64_t n, uint64_t m, int block)
{
	sbuf_reset(k);
	strmap_key_str(k, experiment);
	strmap_key_str(k, variant);
	strmap_key_str(k, dtype);
	strmap_key_u64(k, n);
	strmap_key_u64(k, m);
	strmap_key_u64(k, (uint64_t)(int64_t)block);
}

void results_row_key(struct sbuf *k, const struct result_row *w)
{
	results_key(k, w->experiment, w->variant, w->dtype, w->n, w->m,
		    w->block);
}

bool results_row_same(const struct result_row *a, const struct result_row *b)
{
	struct sbuf ka = SBUF_INIT, kb = SBUF_INIT;
	bool eq;

	results_row_key(&ka, a);
	results_row_key(&kb, b);
	eq = ka.len == kb.len && !memcmp(ka.buf, kb.buf, ka.len);
	sbuf_release(&ka);
	sbuf_release(&kb);
	return eq;
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
	r->rows[r->nrows].device = -1;
	r->rows[r->nrows].stage = -1;
	r->rows[r->nrows].lines.seconds = NAN;
	r->rows[r->nrows].lines.collect_seconds = NAN;
	r->rows[r->nrows].lines.launches = -1;
	return &r->rows[r->nrows++];
}

void timing_compute(struct timing *t)
{
	size_t n = t->nsamples, i;
	double sum = 0, var = 0;
	struct sample_stats st;

	t->min_ms = t->max_ms = t->mean_ms = NAN;
	t->stdev_ms = t->noise_pct = NAN;
	stats_summarize(t->samples_ms, n, &st);
	t->median_ms = st.median;
	t->median_lo_ms = st.median_lo;
	t->median_hi_ms = st.median_hi;
	t->q1_ms = st.q1;
	t->q3_ms = st.q3;
	t->outliers = st.outliers;
	if (!n)
		return;
	t->min_ms = t->max_ms = t->samples_ms[0];
	for (i = 0; i < n; i++) {
		sum += t->samples_ms[i];
		t->min_ms = fmin(t->min_ms, t->samples_ms[i]);
		t->max_ms = fmax(t->max_ms, t->samples_ms[i]);
	}
	t->mean_ms = sum / (double)n;
	for (i = 0; i < n; i++)
		var += (t->samples_ms[i] - t->mean_ms) *
		       (t->samples_ms[i] - t->mean_ms);
	t->stdev_ms = n > 1 ? sqrt(var / (double)(n - 1)) : 0;
	t->noise_pct = t->mean_ms > 0 ? 100.0 * t->stdev_ms / t->mean_ms : NAN;
}

/* ---- devices ----------------------------------------------------------------- */

void environment_copy(struct environment *dst, const struct environment *src)
{
	*dst = *src;
	dst->gpu_name = xstrdup(src->gpu_name);
	dst->gpu_uuid = xstrdup(src->gpu_uuid);
	dst->hostname = xstrdup(src->hostname);
	dst->os = xstrdup(src->os);
	dst->nvidia_driver = src->nvidia_driver ? xstrdup(src->nvidia_driver) :
			     NULL;
}

void environment_release(struct environment *e)
{
	if (!e)
		return;
	free(e->gpu_name);
	free(e->gpu_uuid);
	free(e->hostname);
	free(e->os);
	free(e->nvidia_driver);
	memset(e, 0, sizeof(*e));
	e->cuda_device = -1;
}

static bool same_str(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

int results_find_device(const struct results *r,
			const struct environment *env)
{
	for (size_t i = 0; i < r->ndevices; i++) {
		const struct environment *d = &r->devices[i];

		/* a GPU is its UUID on its host; without one, its name and
		 * index there */
		if (!same_str(d->hostname, env->hostname))
			continue;
		if (env->gpu_uuid && *env->gpu_uuid ?
		    same_str(d->gpu_uuid, env->gpu_uuid) :
		    same_str(d->gpu_name, env->gpu_name) &&
		    d->cuda_device == env->cuda_device)
			return (int)i;
	}
	return -1;
}

int results_add_device(struct results *r, const struct environment *env)
{
	int k = results_find_device(r, env);

	if (k >= 0) {
		/* one that did not know the GPU's index (a part's environment
		 * read back, whose worker made no row) learns it here */
		if (r->devices[k].cuda_device < 0)
			r->devices[k].cuda_device = env->cuda_device;
		return k;
	}
	r->devices = xrealloc(r->devices, (r->ndevices + 1) *
			      sizeof(*r->devices));
	environment_copy(&r->devices[r->ndevices], env);
	return (int)r->ndevices++;
}

const struct environment *results_row_device(const struct results *r,
					     const struct result_row *w)
{
	if (w->device >= 0 && (size_t)w->device < r->ndevices)
		return &r->devices[w->device];
	return r->has_env ? &r->env : NULL;
}

/* ---- the variants' descriptions ------------------------------------------ */

const struct variant *results_variant(const struct results *r,
				      const char *name)
{
	size_t i = name ? strmap_get(&r->variant_index, name) : STRMAP_NONE;

	return i == STRMAP_NONE ? NULL : r->variants[i];
}

int results_take_variant(struct results *r, struct variant *v)
{
	if (v->name && strmap_put(&r->variant_index, v->name,
				  r->nvariants) != r->nvariants)
		return -1;
	r->variants = xrealloc(r->variants, (r->nvariants + 1) *
			       sizeof(*r->variants));
	r->variants[r->nvariants++] = v;
	return 0;
}

const struct variant *results_add_variant(struct results *r,
					  const struct variant *v)
{
	const struct variant *have = results_variant(r, v->name);
	struct variant *d;

	if (have)
		return have;
	d = variant_dup(v);
	/* a description, not a launcher: nothing of the run it came from */
	d->launch = NULL;
	d->work = NULL;
	d->host = NULL;
	d->ctx = NULL;
	results_take_variant(r, d);
	return d;
}

/* ---- --resume ------------------------------------------------------------------ */

struct plan_done *results_done(const struct results *r)
{
	struct plan_done *d;

	if (!r->nrows)
		return NULL;
	d = xcalloc(r->nrows, sizeof(*d));
	for (size_t i = 0; i < r->nrows; i++) {
		const struct result_row *w = &r->rows[i];

		d[i] = (struct plan_done){
			.experiment = w->experiment, .variant = w->variant,
			.dtype = w->dtype, .n = w->n, .m = w->m,
			.block = w->block, .ok = w->status == ROW_OK, .row = i,
		};
	}
	return d;
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
	free(w->tk.samples_ms);
	free(w->rounds.ms);
	free(w->counters_status);
	for (i = 0; i < w->ncolumns; i++) {
		free(w->columns[i].name);
		free(w->columns[i].missing);
	}
	free(w->columns);
	for (i = 0; i < w->nkernels; i++)
		kernel_counters_release(&w->kernels[i]);
	free(w->kernels);
	free(w->sanitizer);
	sanitizer_record_free(w->sanitize);
	kernel_resources_release(&w->resources);
	clock_record_release(&w->clocks);
	source_lines_release(&w->lines);
}

void results_pop_row(struct results *r)
{
	if (!r || !r->nrows)
		return;
	row_release(&r->rows[--r->nrows]);
	memset(&r->rows[r->nrows], 0, sizeof(r->rows[0]));
}

void results_keep_rows(struct results *r,
		       bool (*keep)(const struct result_row *w, void *ctx),
		       void *ctx)
{
	size_t k = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		if (!keep(&r->rows[i], ctx)) {
			row_release(&r->rows[i]);
			continue;
		}
		if (k != i)
			r->rows[k] = r->rows[i];
		k++;
	}
	if (k < r->nrows)
		memset(&r->rows[k], 0, (r->nrows - k) * sizeof(r->rows[0]));
	r->nrows = k;
}

struct last_ctx {
	const bool *last;
	size_t i;
};

static bool is_last(const struct result_row *w, void *ctx)
{
	struct last_ctx *c = ctx;

	(void)w;
	return c->last[c->i++];
}

void results_keep_last(struct results *r)
{
	struct strmap seen = { 0 };
	struct sbuf k = SBUF_INIT;
	bool *last = xcalloc(r->nrows + 1, sizeof(*last));
	struct last_ctx c = { last, 0 };

	for (size_t i = r->nrows; i-- > 0;) {
		results_row_key(&k, &r->rows[i]);
		last[i] = strmap_putn(&seen, k.buf, k.len, i) == i;
	}
	results_keep_rows(r, is_last, &c);
	free(last);
	sbuf_release(&k);
	strmap_release(&seen);
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
	free(r->counters_refusal);
	free(r->clocks_locked);
	environment_release(&r->env);
	for (i = 0; i < r->ndevices; i++)
		environment_release(&r->devices[i]);
	free(r->devices);
	free(r->shards);
	for (i = 0; i < r->nexperiments; i++) {
		struct experiment_meta *e = &r->experiments[i];

		free(e->name);
		free(e->description);
		free(e->description_zh);
		free(e->family);
		for (j = 0; j < e->ncounters; j++)
			free(e->counters[j]);
		free(e->counters);
		class_students_free(e->missing, e->nmissing);
		class_contract_release(&e->contract);
	}
	free(r->experiments);
	for (i = 0; i < r->nvariants; i++)
		variant_free(r->variants[i]);
	free(r->variants);
	strmap_release(&r->variant_index);
	for (i = 0; i < r->nrows; i++)
		row_release(&r->rows[i]);
	free(r->rows);
	memset(r, 0, sizeof(*r));
}


void class_contract_copy(struct class_contract *dst,
			 const struct class_contract *src)
{
	memset(dst, 0, sizeof(*dst));
	if (!src)
		return;
	dst->grid = src->grid ? xstrdup(src->grid) : NULL;
	dst->block = src->block;
	dst->at = xcalloc(src->nat ? src->nat : 1, sizeof(*dst->at));
	if (src->nat)
		memcpy(dst->at, src->at, src->nat * sizeof(*dst->at));
	dst->nat = src->nat;
}

void class_contract_release(struct class_contract *c)
{
	if (!c)
		return;
	free(c->grid);
	free(c->at);
	memset(c, 0, sizeof(*c));
}
