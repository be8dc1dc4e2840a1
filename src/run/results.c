/* results.c - results in memory: rows, timing statistics, the variants'
 * descriptions, reading a results file back (with the upgrade of older
 * schema versions) and the CSV table.  See results.h.
 *
 * The JSON encoding is json.c's (the only user of jansson); what culab
 * writes and when is output.c's.  CSV is the flat table for spreadsheets;
 * non-finite numbers (NAN: "not applicable" or "missing") are empty CSV
 * cells, as they are JSON null. */
#include "results.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/json.h"
#include "base/stats.h"
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

int row_status_parse(const char *s, enum row_status *st)
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
	r->rows[r->nrows].device = -1;
	r->rows[r->nrows].stage = -1;
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
}

void environment_release(struct environment *e)
{
	if (!e)
		return;
	free(e->gpu_name);
	free(e->gpu_uuid);
	free(e->hostname);
	free(e->os);
	memset(e, 0, sizeof(*e));
	e->cuda_device = -1;
}

static bool same_str(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

int results_add_device(struct results *r, const struct environment *env)
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

/* ---- reading ------------------------------------------------------------------ */

/* Version 1 had no `variants` table: every variant it could name was
 * built into culab, and the built-in rows of this binary describe them
 * (their texts are what the reports of version 1 files always showed).
 * Rows of a name this binary does not build in stay without one. */
static void upgrade_v1(struct results *r)
{
	size_t n;
	const struct variant *b = registry_builtin(&n);

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < r->nrows; k++)
			if (r->rows[k].variant &&
			    strcmp(r->rows[k].variant, b[i].name) == 0) {
				results_add_variant(r, &b[i]);
				break;
			}
	r->schema_version = RESULTS_SCHEMA_VERSION;
}

/* Descriptions written before the teaching texts stated one H100 run's
 * numbers as if they held on every GPU and had no teaching texts: a
 * variant of a built-in name that the file describes as built in (no
 * source, not the user's) is described by this binary's row instead, as
 * version 1's are.  Rows of other variants keep the file's description.
 * Not a new schema version: an older culab reads the newer files
 * correctly (it ignores the teaching texts). */
static void upgrade_texts(struct results *r)
{
	size_t nb;
	const struct variant *all = registry_builtin(&nb);

	for (size_t i = 0; i < r->nvariants; i++) {
		struct variant *v = r->variants[i];
		const struct variant *b = NULL;

		for (size_t k = 0; v->name && k < nb && !b; k++)
			if (strcmp(all[k].name, v->name) == 0)
				b = &all[k];
		if (!b || v->source || (v->flags & VF_USER))
			continue;
		r->variants[i] = variant_dup(b);
		r->variants[i]->launch = NULL;
		r->variants[i]->work = NULL;
		r->variants[i]->host = NULL;
		r->variants[i]->ctx = NULL;
		variant_free(v);
	}
	r->variants_before_teaching = false;
}

/* A file from before rows named their device: every row ran on the
 * file's one environment. */
static void upgrade_devices(struct results *r)
{
	if (r->ndevices || !r->has_env)
		return;
	results_add_device(r, &r->env);
	for (size_t k = 0; k < r->nrows; k++)
		if (r->rows[k].device < 0)
			r->rows[k].device = 0;
}

int results_read_buffer(const char *path, const char *text, size_t len,
			struct results *r)
{
	/* a byte-order mark is skipped, so that columns count from the '{' */
	size_t bom = utf8_bom_len(text, len);

	if (json_results_decode(path, text + bom, len - bom, r) < 0)
		return -1;
	if (r->schema_version == 1)
		upgrade_v1(r);
	else if (r->variants_before_teaching)
		upgrade_texts(r);
	upgrade_devices(r);
	return 0;
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

/* ---- writing CSV ------------------------------------------------------ */

static const char csv_header[] =
	"experiment,family,variant,step,dtype,n,m,block,status,verified,"
	"median_ms,min_ms,max_ms,mean_ms,stdev_ms,noise_pct,samples,"
	"median_lo_ms,median_hi_ms,q1_ms,q3_ms,outliers,stop,bytes,"
	"gbps,pct_peak,error,tolerance,timer,counters_status,message,"
	"res_registers,res_static_smem,res_dynamic_smem,res_local_bytes,"
	"res_spill_bytes,res_block_threads,res_occupancy_pct,res_limiter,"
	"clk_sm_mhz_min,clk_sm_mhz_max,clk_mem_mhz_min,clk_mem_mhz_max,"
	"clk_temp_c_max,clk_power_w_max,clk_reasons,clk_throttled,clk_status,"
	"gpu,host,device";

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

/* The median's interval, the quartiles, the outliers (empty for a
 * failed row, which shows no time) and why the samples ended; each
 * followed by a comma. */
static void csv_timing(struct sbuf *b, const struct timing *t, bool timed)
{
	const char *stop = repeats_stop_name(t->stop);

	csv_num(b, timed ? t->median_lo_ms : NAN);
	sbuf_add(b, ",");
	csv_num(b, timed ? t->median_hi_ms : NAN);
	sbuf_add(b, ",");
	csv_num(b, timed ? t->q1_ms : NAN);
	sbuf_add(b, ",");
	csv_num(b, timed ? t->q3_ms : NAN);
	sbuf_add(b, ",");
	if (timed)
		sbuf_addf(b, "%zu", t->outliers);
	sbuf_addf(b, ",%s,", stop ? stop : "");
}

/* The res_* columns: empty when the resources are not known. */
static void csv_resources(struct sbuf *b, const struct kernel_resources *k)
{
	if (!k->known) {
		sbuf_add(b, ",,,,,,,,");
		return;
	}
	sbuf_addf(b, ",%d,%d,%d,%d,", k->registers, k->static_smem,
		  k->dynamic_smem, k->local_bytes);
	if (k->spill_bytes >= 0)
		sbuf_addf(b, "%d", k->spill_bytes);
	sbuf_addf(b, ",%d,", k->block_threads);
	csv_num(b, k->occupancy_pct);
	sbuf_add(b, ",");
	csv_str(b, resource_limiter_name(k->limiter));
}

/* The clk_* columns: NVML's readings over the timed runs; when they are
 * not known, empty cells and the reason in clk_status. */
static void csv_clocks(struct sbuf *b, const struct clock_record *c)
{
	char names[256];

	if (!c->known) {
		sbuf_add(b, ",,,,,,,,,");
		csv_str(b, c->why);
		return;
	}
	sbuf_add(b, ",");
	csv_num(b, c->sm_mhz_min);
	sbuf_add(b, ",");
	csv_num(b, c->sm_mhz_max);
	sbuf_add(b, ",");
	csv_num(b, c->mem_mhz_min);
	sbuf_add(b, ",");
	csv_num(b, c->mem_mhz_max);
	sbuf_add(b, ",");
	csv_num(b, c->temp_c_max);
	sbuf_add(b, ",");
	csv_num(b, c->power_w_max);
	sbuf_add(b, ",");
	if (c->reasons_known)
		csv_str(b, nvml_reason_names(c->reasons, " ", names,
					     sizeof(names)));
	sbuf_addf(b, ",%s,", !c->reasons_known ? "" :
		  c->throttled ? "true" : "false");
}

/* gpu, host, device: where the row ran (empty when unknown). */
static void csv_device(struct sbuf *b, const struct environment *e)
{
	sbuf_add(b, ",");
	if (!e) {
		sbuf_add(b, ",,");
		return;
	}
	csv_str(b, e->gpu_name);
	sbuf_add(b, ",");
	csv_str(b, e->hostname);
	sbuf_add(b, ",");
	if (e->cuda_device >= 0)
		sbuf_addf(b, "%d", e->cuda_device);
}

/* Column names of all rows' counters, in first-seen order (a hash of the
 * names seen: linear in the columns of the file). */
static size_t counter_columns(const struct results *r, const char ***out)
{
	struct strmap seen = STRMAP_INIT;
	const char **names = NULL;
	size_t n = 0, i, j;

	for (i = 0; i < r->nrows; i++)
		for (j = 0; j < r->rows[i].ncolumns; j++) {
			const char *c = r->rows[i].columns[j].name;

			if (strmap_put(&seen, c, n) == n) {
				names = xrealloc(names, (n + 1) * sizeof(*names));
				names[n++] = c;
			}
		}
	strmap_release(&seen);
	*out = names;
	return n;
}

char *results_csv_text(const struct results *r)
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
		csv_timing(&b, &w->t, timed);
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
		csv_resources(&b, &w->resources);
		csv_clocks(&b, &w->clocks);
		csv_device(&b, results_row_device(r, w));
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
	for (i = 0; i < w->ncolumns; i++) {
		free(w->columns[i].name);
		free(w->columns[i].missing);
	}
	free(w->columns);
	for (i = 0; i < w->nkernels; i++)
		kernel_counters_release(&w->kernels[i]);
	free(w->kernels);
	free(w->sanitizer);
	kernel_resources_release(&w->resources);
	clock_record_release(&w->clocks);
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

