/* counter_plan.c - collection plans: which raw metrics a list of counter
 * names needs, fitted to a chip (counter_plan_restrict) or to what
 * instrumentation counts (counter_plan_map), and the derivation of each
 * row's columns from the raw values of its launches.  The alias table the
 * plans are made of is metrics.c's. */
#include "counters.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"

/* Collected with every plan (see counters.h). */
#define IMPLICIT_ALIAS "duration"
/* The weight of averaged raw metrics; part of the implicit alias. */
#define DURATION_RAW "gpu__time_duration.sum"

/* ---- plans ------------------------------------------------------------- */

/* One requested name: an alias filling its columns, or a raw metric
 * filling one column of its own name. */
struct counter_plan_part {
	const struct metric_alias *alias;    /* NULL for a raw metric */
	size_t raw[METRIC_MAX_RAW];          /* indexes into plan->raw */
	size_t nraw;
	size_t col0, ncols;                  /* the columns it fills */
	char *missing;                       /* not collected: why (nraw 0) */
};

static size_t plan_add_raw(struct counter_plan *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->nraw; i++)
		if (!strcmp(p->raw[i], name))
			return i;
	p->raw = xrealloc(p->raw, (p->nraw + 1) * sizeof(*p->raw));
	p->raw[p->nraw] = xstrdup(name);
	return p->nraw++;
}

static void plan_add_col(struct counter_plan *p, const char *name)
{
	p->cols = xrealloc(p->cols, (p->ncols + 1) * sizeof(*p->cols));
	p->cols[p->ncols++] = xstrdup(name);
}

static bool plan_has_part(const struct counter_plan *p,
			  const struct metric_alias *a, const char *raw)
{
	size_t i;

	for (i = 0; i < p->nparts; i++) {
		const struct counter_plan_part *q = &p->parts[i];

		if (a ? q->alias == a
		      : !q->alias && !strcmp(p->raw[q->raw[0]], raw))
			return true;
	}
	return false;
}

static void plan_add_part(struct counter_plan *p, const struct metric_alias *a,
			  const char *raw)
{
	struct counter_plan_part *q;
	size_t j;

	if (plan_has_part(p, a, raw))
		return;
	p->parts = xrealloc(p->parts, (p->nparts + 1) * sizeof(*p->parts));
	q = &p->parts[p->nparts++];
	memset(q, 0, sizeof(*q));
	q->alias = a;
	q->col0 = p->ncols;
	if (!a) {
		q->raw[q->nraw++] = plan_add_raw(p, raw);
		plan_add_col(p, raw);
		q->ncols = 1;
		return;
	}
	for (j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
		q->raw[q->nraw++] = plan_add_raw(p, a->raw[j]);
	for (j = 0; j < METRIC_MAX_COLS && a->cols[j].name; j++)
		plan_add_col(p, a->cols[j].name);
	q->ncols = j;
}

int counter_plan_build(char *const *names, size_t n, struct counter_plan *p)
{
	size_t i, j, ndef;
	const char *const *def = metrics_default_set(&ndef);

	memset(p, 0, sizeof(*p));
	for (i = 0; i < n; i++) {
		const char *name = names[i];

		if (!strcmp(name, METRICS_DEFAULT_WORD)) {
			for (j = 0; j < ndef; j++)
				plan_add_part(p, metrics_find(def[j]), NULL);
		} else if (metrics_find(name)) {
			plan_add_part(p, metrics_find(name), NULL);
		} else if (metrics_looks_raw(name)) {
			plan_add_part(p, NULL, name);
		} else {
			counter_plan_release(p);
			return diag_error("unknown counter \"%s\" in the "
					  "collection plan", name);
		}
	}
	plan_add_part(p, metrics_find(IMPLICIT_ALIAS), NULL);
	return 0;
}

void counter_plan_release(struct counter_plan *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->nraw; i++)
		free(p->raw[i]);
	for (i = 0; i < p->ncols; i++)
		free(p->cols[i]);
	for (i = 0; i < p->nparts; i++)
		free(p->parts[i].missing);
	free(p->raw);
	free(p->cols);
	free(p->parts);
	memset(p, 0, sizeof(*p));
}

/* What part q collects on chip: names[0..q->nraw) (1), or nothing with
 * the reason (0), or unknown (-1: left as it is). */
static int part_on_chip(const struct counter_plan *p,
			const struct counter_plan_part *q, const char *chip,
			const char **names, char *why, size_t whysize)
{
	struct metric_resolution r;
	size_t j;

	if (!q->alias) {
		names[0] = p->raw[q->raw[0]];
		return counters_metric_valid(chip, names[0], why, whysize);
	}
	if (metrics_resolve(q->alias, chip, &r) != 1) {
		snprintf(why, whysize, "%s", r.summary);
		return r.status;
	}
	for (j = 0; j < q->nraw; j++)
		names[j] = r.collect[j];
	return 1;
}

/* Rebuilds p->raw from what the parts collect now (new_names[i] for part
 * i), in the same order as counter_plan_build makes it. */
static void plan_rebuild_raw(struct counter_plan *p,
			     const char *(*new_names)[METRIC_MAX_RAW])
{
	char **old = p->raw;
	size_t nold = p->nraw, i, j;

	p->raw = NULL;
	p->nraw = 0;
	for (i = 0; i < p->nparts; i++)
		for (j = 0; j < p->parts[i].nraw; j++)
			p->parts[i].raw[j] = plan_add_raw(p, new_names[i][j]);
	for (i = 0; i < nold; i++)
		free(old[i]);
	free(old);
}

int counter_plan_restrict(struct counter_plan *p, const char *chip,
			  char *dropped, size_t dropsize)
{
	const char *(*names)[METRIC_MAX_RAW] = xcalloc(p->nparts ? p->nparts : 1,
							sizeof(*names));
	struct sbuf list = SBUF_INIT;
	bool changed = false;
	char why[512];
	int ndropped = 0;
	size_t i, j;

	for (i = 0; i < p->nparts; i++) {
		struct counter_plan_part *q = &p->parts[i];

		for (j = 0; j < q->nraw; j++)
			names[i][j] = p->raw[q->raw[j]];
		if (q->missing || part_on_chip(p, q, chip, names[i], why,
					       sizeof(why)) != 0) {
			for (j = 0; j < q->nraw; j++)
				changed |= strcmp(names[i][j], p->raw[q->raw[j]]) != 0;
			continue;
		}
		q->missing = xasprintf("not collectable on %s: %s", chip, why);
		q->nraw = 0;
		changed = true;
		sbuf_addf(&list, "%s%s (%s)", ndropped++ ? "; " : "",
			  q->alias ? q->alias->name : p->cols[q->col0], why);
	}
	if (changed)
		plan_rebuild_raw(p, names);
	if (dropped)
		snprintf(dropped, dropsize, "%s", sbuf_str(&list));
	sbuf_release(&list);
	free(names);
	return ndropped;
}

int counter_plan_map(struct counter_plan *p, const char *(*map)(const char *),
		     const char *why)
{
	const char *(*names)[METRIC_MAX_RAW] = xcalloc(p->nparts ? p->nparts : 1,
							sizeof(*names));
	int ndropped = 0;

	for (size_t i = 0; i < p->nparts; i++) {
		struct counter_plan_part *q = &p->parts[i];
		const char *lost = NULL;

		for (size_t j = 0; j < q->nraw; j++) {
			names[i][j] = map(p->raw[q->raw[j]]);
			if (!names[i][j] && !lost)
				lost = p->raw[q->raw[j]];
		}
		if (!lost)
			continue;
		q->missing = xasprintf("%s (not counted: %s)", why, lost);
		q->nraw = 0;
		ndropped++;
	}
	plan_rebuild_raw(p, names);
	free(names);
	return ndropped;
}

const char *counter_plan_missing(const struct counter_plan *p, size_t col)
{
	for (size_t i = 0; i < p->nparts; i++) {
		const struct counter_plan_part *q = &p->parts[i];

		if (col >= q->col0 && col < q->col0 + q->ncols)
			return q->missing;
	}
	return NULL;
}

/* ---- aggregation and derivation ------------------------------------- */

enum aggregation { AGG_SUM, AGG_MAX, AGG_MIN, AGG_WEIGHTED };

/* How the values of one raw metric combine over several launches: from
 * the part after the base name ("sum", "avg.per_second", "pct", ...). */
static enum aggregation raw_aggregation(const char *name)
{
	const char *suffix = strchr(name, '.');

	if (!suffix)
		return AGG_WEIGHTED;
	suffix++;
	if (!strcmp(suffix, "sum") || !strcmp(suffix, "avg"))
		return AGG_SUM;
	if (!strcmp(suffix, "max"))
		return AGG_MAX;
	if (!strcmp(suffix, "min"))
		return AGG_MIN;
	return AGG_WEIGHTED;
}

static double aggregate(enum aggregation how, const double *const *kv,
			size_t nk, size_t i, size_t itime)
{
	double acc = 0.0, wsum = 0.0, plain = 0.0;
	size_t k;

	if (nk == 0)
		return NAN;
	if (nk == 1)
		return kv[0][i];
	for (k = 0; k < nk; k++)
		if (isnan(kv[k][i]))
			return NAN;
	switch (how) {
	case AGG_SUM:
		for (k = 0; k < nk; k++)
			acc += kv[k][i];
		return acc;
	case AGG_MAX:
	case AGG_MIN:
		acc = kv[0][i];
		for (k = 1; k < nk; k++)
			if (how == AGG_MAX ? kv[k][i] > acc : kv[k][i] < acc)
				acc = kv[k][i];
		return acc;
	case AGG_WEIGHTED:
		break;
	}
	for (k = 0; k < nk; k++) {
		double w = itime == (size_t)-1 ? NAN : kv[k][itime];

		if (isnan(w))
			return NAN;
		acc += kv[k][i] * w;
		wsum += w;
		plain += kv[k][i];
	}
	/* all launches took no measurable time: an unweighted mean */
	return wsum > 0.0 ? acc / wsum : plain / (double)nk;
}

void counter_plan_derive(const struct counter_plan *p, const double *const *kvalues,
			 size_t nk, const struct metric_context *ctx, double *cols)
{
	double *agg, in[METRIC_MAX_RAW], out[METRIC_MAX_COLS];
	size_t i, j, itime = (size_t)-1;

	for (i = 0; i < p->nraw; i++)
		if (!strcmp(p->raw[i], DURATION_RAW))
			itime = i;
	agg = xcalloc(p->nraw, sizeof(*agg));
	for (i = 0; i < p->nraw; i++)
		agg[i] = aggregate(raw_aggregation(p->raw[i]), kvalues, nk, i,
				   itime);
	for (i = 0; i < p->nparts; i++) {
		const struct counter_plan_part *q = &p->parts[i];

		if (q->missing) {
			for (j = 0; j < q->ncols; j++)
				cols[q->col0 + j] = NAN;
			continue;
		}
		if (!q->alias) {
			cols[q->col0] = agg[q->raw[0]];
			continue;
		}
		for (j = 0; j < q->nraw; j++)
			in[j] = agg[q->raw[j]];
		for (j = 0; j < q->ncols; j++)
			out[j] = NAN;
		q->alias->derive(in, ctx, out);
		for (j = 0; j < q->ncols; j++)
			cols[q->col0 + j] = out[j];
	}
	free(agg);
}

void counter_plan_derive_kernels(const struct counter_plan *p,
				 const struct kernel_counters *k, size_t nk,
				 const struct metric_context *ctx, double *cols)
{
	double **kv = xcalloc(nk, sizeof(*kv));
	size_t i, j, m;

	for (i = 0; i < nk; i++) {
		kv[i] = xmalloc((p->nraw ? p->nraw : 1) * sizeof(**kv));
		for (j = 0; j < p->nraw; j++) {
			kv[i][j] = NAN;
			for (m = 0; m < k[i].nvalues; m++) {
				if (!strcmp(k[i].names[m], p->raw[j])) {
					kv[i][j] = k[i].values[m];
					break;
				}
			}
		}
	}
	counter_plan_derive(p, (const double *const *)kv, nk, ctx, cols);
	for (i = 0; i < nk; i++)
		free(kv[i]);
	free(kv);
}
