/* merge.c - results measured in parts made one.  See results.h.
 *
 * A part never splits a stage (shards are whole stages), so merging is
 * moving rows: each keeps its device (remapped into the merged devices
 * list) and its stage index, by which the merged rows are put back in
 * plan order, the order one run would have written them in.  Whether the
 * parts are the whole plan is told by their shards (I of N, recorded by
 * `run --shard`); parts without shards (runs with --variant, say) are
 * merged when no measurement is in two of them, and then nothing says
 * whether the plan is covered. */
#include "results.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "base/strmap.h"
#include "ladder/ladder.h"
#include "base/util.h"

/* ---- moving rows ------------------------------------------------------ */

/* A row of a part, to be sorted into plan order. */
struct ref {
	size_t part, row;
	long stage;
};

static int ref_order(const void *a, const void *b)
{
	const struct ref *x = a, *y = b;
	long sx = x->stage >= 0 ? x->stage : LONG_MAX;
	long sy = y->stage >= 0 ? y->stage : LONG_MAX;

	if (sx != sy)
		return sx < sy ? -1 : 1;
	if (x->part != y->part)
		return x->part < y->part ? -1 : 1;
	return (x->row > y->row) - (x->row < y->row);
}

/* A variant description of a part, to be put in registry order. */
struct vref {
	const struct variant *v;
	size_t place, seen;
};

static int vref_order(const void *a, const void *b)
{
	const struct vref *x = a, *y = b;

	if (x->place != y->place)
		return x->place < y->place ? -1 : 1;
	return (x->seen > y->seen) - (x->seen < y->seen);
}

/* The union of the parts' variant descriptions: those this culab has
 * registered in registry (ladder) order, as a run lists them, then the
 * others in the order first seen. */
static void merge_variants(struct results *const *in, size_t n,
			   struct results *out)
{
	size_t nall, total = 0, k = 0;
	const struct variant *all = registry_all(&nall);
	struct vref *v;

	for (size_t p = 0; p < n; p++)
		total += in[p]->nvariants;
	v = xcalloc(total ? total : 1, sizeof(*v));
	for (size_t p = 0; p < n; p++)
		for (size_t i = 0; i < in[p]->nvariants; i++, k++) {
			const struct variant *d = in[p]->variants[i];

			v[k] = (struct vref){ d, SIZE_MAX, k };
			for (size_t j = 0; d->name && j < nall; j++)
				if (strcmp(all[j].name, d->name) == 0) {
					v[k].place = j;
					break;
				}
		}
	qsort(v, total, sizeof(*v), vref_order);
	for (k = 0; k < total; k++)
		results_add_variant(out, v[k].v);
	free(v);
}

static int status_rank(const char *s)
{
	static const char *const order[] = { "complete", "partial", "running",
					     "interrupted", "aborted" };

	for (size_t i = 0; s && i < ARRAY_SIZE(order); i++)
		if (strcmp(s, order[i]) == 0)
			return (int)i;
	return 2;           /* unknown: as running, neither done nor failed */
}

/* The record of the merged results: the first part's, with the earliest
 * start, the latest finish and the worst status, and the environment of
 * the first part that ran rows. */
static void merge_record(struct results *const *in, size_t n,
			 struct results *out)
{
	const struct results *f = in[0];
	const char *started = NULL, *finished = NULL, *status = "complete";

	out->schema_version = RESULTS_SCHEMA_VERSION;
	out->culab_version = xstrdup(f->culab_version);
	out->culab_commit = xstrdup(f->culab_commit);
	out->source_path = xstrdup(f->source_path);
	out->source_sha256 = xstrdup(f->source_sha256);
	out->source_text = xstrdup(f->source_text);
	out->note = xstrdup(f->note);
	for (size_t p = 0; p < n; p++) {
		const struct results *r = in[p];

		if (r->started && (!started || strcmp(r->started, started) < 0))
			started = r->started;
		if (r->finished &&
		    (!finished || strcmp(r->finished, finished) > 0))
			finished = r->finished;
		/* a part without a status is as one still running */
		if (status_rank(r->status) > status_rank(status))
			status = r->status ? r->status : "running";
		if (!out->counters_method && r->counters_method)
			out->counters_method = xstrdup(r->counters_method);
		if (!out->counters_refusal && r->counters_refusal)
			out->counters_refusal = xstrdup(r->counters_refusal);
		if (!out->clocks_locked && r->clocks_locked)
			out->clocks_locked = xstrdup(r->clocks_locked);
	}
	/* the environment (the first of `devices`): the first part's that
	 * ran rows, else the first part's; a worker that made none (its GPU
	 * left for its per-line children, or its one measurement came back
	 * to the queue) ran nothing the file lists */
	for (int rows = 1; rows >= 0 && !out->has_env; rows--)
		for (size_t p = 0; p < n && !out->has_env; p++)
			if (in[p]->has_env && (in[p]->nrows > 0 || !rows)) {
				environment_copy(&out->env, &in[p]->env);
				out->has_env = true;
			}
	out->started = xstrdup(started);
	out->finished = xstrdup(finished);
	out->status = xstrdup(status);
	out->nexperiments = f->nexperiments;
	out->experiments = xcalloc(f->nexperiments ? f->nexperiments : 1,
				   sizeof(*out->experiments));
	for (size_t i = 0; i < f->nexperiments; i++) {
		const struct experiment_meta *e = &f->experiments[i];
		struct experiment_meta *m = &out->experiments[i];

		*m = *e;
		m->name = xstrdup(e->name);
		m->description = xstrdup(e->description);
		m->description_zh = xstrdup(e->description_zh);
		m->family = xstrdup(e->family);
		m->counters = xcalloc(e->ncounters ? e->ncounters : 1,
				      sizeof(char *));
		for (size_t j = 0; j < e->ncounters; j++)
			m->counters[j] = xstrdup(e->counters[j]);
		/* the rubric and rounds are values, copied with *m = *e */
		m->missing = class_students_copy(e->missing, e->nmissing);
		class_contract_copy(&m->contract, &e->contract);
	}
}

void merge_results(struct results *const *in, size_t n, struct results *out)
{
	struct ref *refs;
	size_t nrefs = 0, total = 0;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	merge_record(in, n, out);
	merge_variants(in, n, out);
	if (out->has_env)
		results_add_device(out, &out->env);
	for (size_t p = 0; p < n; p++)
		total += in[p]->nrows;
	refs = xcalloc(total ? total : 1, sizeof(*refs));
	for (size_t p = 0; p < n; p++)
		for (size_t k = 0; k < in[p]->nrows; k++)
			refs[nrefs++] = (struct ref){ p, k,
						      in[p]->rows[k].stage };
	qsort(refs, nrefs, sizeof(*refs), ref_order);
	for (size_t i = 0; i < nrefs; i++) {
		struct results *r = in[refs[i].part];
		struct result_row *w = &r->rows[refs[i].row];
		const struct environment *d = results_row_device(r, w);
		int device = d ? results_add_device(out, d) : -1;
		struct result_row *to = results_add_row(out);

		*to = *w;
		to->device = device;
		memset(w, 0, sizeof(*w));
	}
	/* the rows moved: the parts keep none */
	for (size_t p = 0; p < n; p++)
		in[p]->nrows = 0;
	free(refs);
}

/* ---- overlaps ------------------------------------------------------------ */

char *merge_row_label(const struct result_row *w)
{
	struct sbuf b = SBUF_INIT;

	sbuf_addf(&b, "%s/%s/%s/%llu", w->experiment ? w->experiment : "?",
		  w->variant ? w->variant : "?", w->dtype ? w->dtype : "?",
		  (unsigned long long)w->n);
	if (w->m > 1)
		sbuf_addf(&b, "x%llu", (unsigned long long)w->m);
	if (w->block > 0)
		sbuf_addf(&b, "/b%d", w->block);
	return sbuf_detach(&b);
}

static struct results *const *sort_in;
static bool sort_stage;         /* compare stages, not measurements */

/* Rows by stage (experiment, type, size), then, unless sort_stage, by
 * variant and block: a measurement. */
static int key_cmp(const struct result_row *a, const struct result_row *b)
{
	int c;

	if ((c = strcmp(a->experiment ? a->experiment : "",
			b->experiment ? b->experiment : "")) ||
	    (c = strcmp(a->dtype ? a->dtype : "", b->dtype ? b->dtype : "")))
		return c;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	if (a->m != b->m)
		return a->m < b->m ? -1 : 1;
	if (sort_stage)
		return 0;
	if ((c = strcmp(a->variant ? a->variant : "",
			b->variant ? b->variant : "")))
		return c;
	return (a->block > b->block) - (a->block < b->block);
}

static int by_key(const void *a, const void *b)
{
	const struct ref *x = a, *y = b;
	int c = key_cmp(&sort_in[x->part]->rows[x->row],
			&sort_in[y->part]->rows[y->row]);

	if (c)
		return c;
	return ref_order(a, b);
}

/* Two rows of different parts with the same key (key_cmp, sort_stage
 * as set): the first such pair.  Returns 1, or 0 when none. */
static int find_pair(struct results *const *in, size_t n, size_t *a,
		     size_t *ra, size_t *b, size_t *rb)
{
	struct ref *refs;
	size_t nrefs = 0, total = 0;
	int found = 0;

	for (size_t p = 0; p < n; p++)
		total += in[p]->nrows;
	refs = xcalloc(total ? total : 1, sizeof(*refs));
	for (size_t p = 0; p < n; p++)
		for (size_t k = 0; k < in[p]->nrows; k++)
			refs[nrefs++] = (struct ref){ p, k, 0 };
	sort_in = in;
	qsort(refs, nrefs, sizeof(*refs), by_key);
	for (size_t i = 1; i < nrefs && !found; i++) {
		const struct ref *x = &refs[i - 1], *y = &refs[i];

		if (x->part != y->part &&
		    key_cmp(&in[x->part]->rows[x->row],
			    &in[y->part]->rows[y->row]) == 0) {
			*a = x->part;
			*ra = x->row;
			*b = y->part;
			*rb = y->row;
			found = 1;
		}
	}
	sort_in = NULL;
	free(refs);
	return found;
}

int merge_find_overlap(struct results *const *in, size_t n, size_t *a,
		       size_t *ra, size_t *b, size_t *rb)
{
	sort_stage = false;
	return find_pair(in, n, a, ra, b, rb);
}

/* ---- what the parts measured, against what they planned ------------------ */

/* The identity of what description v was measured from, against u's: by
 * the sources' digest where both record it, else the text's.  Returns
 * true when they differ, with the two digests in *a, *b. */
static bool sources_differ(const struct variant *v, const struct variant *u,
			   const char **a, const char **b)
{
	if (v->sources_sha256 && u->sources_sha256) {
		*a = v->sources_sha256;
		*b = u->sources_sha256;
	} else if (v->source_sha256 && u->source_sha256) {
		*a = v->source_sha256;
		*b = u->source_sha256;
	} else {
		return false;
	}
	return strcmp(*a, *b) != 0;
}

/* A kernel measured from other sources in two parts (the experiment
 * file's hash does not cover its kernels' files, nor a class's
 * submissions): -1 after the line. */
static int check_sources(char *const *paths, struct results *const *in,
			 size_t n)
{
	for (size_t i = 1; i < n; i++)
		for (size_t k = 0; k < in[i]->nvariants; k++) {
			const struct variant *v = in[i]->variants[k];

			for (size_t j = 0; v->name && j < i; j++) {
				const struct variant *u =
					results_variant(in[j], v->name);
				const char *a, *b;

				if (!u || !sources_differ(v, u, &a, &b))
					continue;
				return diag_error_at(paths[i], 0, 0, "%s \"%s\" "
						     "was measured from another "
						     "%s than in \"%s\" (SHA-256 "
						     "%.12s here, %.12s there): "
						     "merge parts measured from "
						     "the same sources",
						     v->submission ? "student" :
						     "kernel", diag_esc(v->name),
						     v->submission ? "submission" :
						     "source", paths[j], a, b);
			}
		}
	return 0;
}

/* The rows of every part, by what a plan of them holds: each stage
 * (experiment, type, size) with a row; each series (experiment, variant,
 * type, block), which a plan measures at every size of its experiment
 * and type; and each student of a class, whom a plan measures at every
 * stage a student is measured at. */
struct cover {
	struct strmap stage_ix, group_ix, series_ix, cell, student_ix, sdtype;
	struct cstage {
		const struct result_row *w;
		size_t group;
		bool student;           /* a student has a row here */
	} *st;
	struct cgroup {                 /* (experiment, type) */
		const struct result_row *w;
		size_t *stages, nstages, nstudent;
	} *g;
	struct cseries {
		const struct result_row *w;
		size_t group, sizes;    /* the sizes it has a row at */
	} *s;
	const struct result_row **stu;  /* a row of each (experiment, student) */
	size_t nst, ng, ns, nstu, ncell;
	struct sbuf k;
};

static size_t cover_key(struct cover *c, const struct result_row *w,
			int fields)
{
	sbuf_reset(&c->k);
	strmap_key_str(&c->k, w->experiment);
	if (fields & 1)
		strmap_key_str(&c->k, w->variant);
	if (fields & 2)
		strmap_key_str(&c->k, w->dtype);
	if (fields & 4)
		strmap_key_u64(&c->k, (uint64_t)w->block);
	if (fields & 8) {
		strmap_key_u64(&c->k, w->n);
		strmap_key_u64(&c->k, w->m);
	}
	return c->k.len;
}

#define COVER_STAGE 10          /* experiment, type, size */
#define COVER_GROUP 2           /* experiment, type */
#define COVER_SERIES 7          /* experiment, variant, type, block */
#define COVER_CELL 15           /* all of them */

static size_t cover_put(struct cover *c, struct strmap *m,
			const struct result_row *w, int fields, size_t next)
{
	size_t len = cover_key(c, w, fields);

	return strmap_putn(m, c->k.buf, len, next);
}

static bool cover_has(struct cover *c, const struct strmap *m,
		      const struct result_row *w, int fields)
{
	size_t len = cover_key(c, w, fields);

	return strmap_getn(m, c->k.buf, len) != STRMAP_NONE;
}

static bool row_student(struct results *const *in, size_t n,
			const struct result_row *w)
{
	for (size_t p = 0; p < n; p++) {
		const struct variant *v = results_variant(in[p], w->variant);

		if (v && v->submission)
			return true;
	}
	return false;
}

static void cover_row(struct cover *c, const struct result_row *w,
		      bool student)
{
	size_t g = cover_put(c, &c->group_ix, w, COVER_GROUP, c->ng);
	size_t st, s;

	if (g == c->ng) {
		c->g = xrealloc(c->g, (c->ng + 1) * sizeof(*c->g));
		c->g[c->ng++] = (struct cgroup){ w, NULL, 0, 0 };
	}
	st = cover_put(c, &c->stage_ix, w, COVER_STAGE, c->nst);
	if (st == c->nst) {
		struct cgroup *gr = &c->g[g];

		c->st = xrealloc(c->st, (c->nst + 1) * sizeof(*c->st));
		c->st[c->nst++] = (struct cstage){ w, g, false };
		gr->stages = xrealloc(gr->stages, (gr->nstages + 1) *
				      sizeof(*gr->stages));
		gr->stages[gr->nstages++] = st;
	}
	if (student && !c->st[st].student) {
		c->st[st].student = true;
		c->g[g].nstudent++;
	}
	s = cover_put(c, &c->series_ix, w, COVER_SERIES, c->ns);
	if (s == c->ns) {
		c->s = xrealloc(c->s, (c->ns + 1) * sizeof(*c->s));
		c->s[c->ns++] = (struct cseries){ w, g, 0 };
	}
	if (cover_put(c, &c->cell, w, COVER_CELL, c->ncell) == c->ncell) {
		c->ncell++;
		c->s[s].sizes++;
	}
	if (student) {
		if (cover_put(c, &c->student_ix, w, 1, c->nstu) == c->nstu) {
			c->stu = xrealloc(c->stu, (c->nstu + 1) *
					  sizeof(*c->stu));
			c->stu[c->nstu++] = w;
		}
		cover_put(c, &c->sdtype, w, 3, 0);
	}
}

/* Adds the measurement of variant/block `like` at stage `at` to the list
 * of missing ones (the first 20 by name, then "..."). */
static void cover_missing(struct sbuf *list, size_t *shown,
			  const struct result_row *like,
			  const struct result_row *at, int block)
{
	struct result_row r = *at;
	char *label;

	if ((*shown)++ >= 20) {
		if (*shown == 21)
			sbuf_add(list, ", ...");
		return;
	}
	r.variant = like->variant;
	r.block = block;
	label = merge_row_label(&r);
	sbuf_addf(list, "%s%s", list->len ? ", " : "", diag_esc(label));
	free(label);
}

/* The measurements a plan of the parts' rows holds that no part has
 * (struct cover): their number, and the first 20 named in *list.  A
 * student a node refused (a submission it could not read) is absent
 * from that shard's rows while its run is complete. */
static size_t merge_missing(struct results *const *in, size_t n,
			    struct sbuf *list)
{
	struct cover c;
	size_t missing = 0, shown = 0;

	memset(&c, 0, sizeof(c));
	c.k = (struct sbuf)SBUF_INIT;
	for (size_t p = 0; p < n; p++)
		for (size_t i = 0; i < in[p]->nrows; i++)
			cover_row(&c, &in[p]->rows[i],
				  row_student(in, n, &in[p]->rows[i]));
	/* a series at every size of its experiment and type */
	for (size_t s = 0; s < c.ns; s++) {
		const struct cgroup *g = &c.g[c.s[s].group];

		if (c.s[s].sizes == g->nstages)
			continue;
		missing += g->nstages - c.s[s].sizes;
		for (size_t i = 0; i < g->nstages && shown < 21; i++) {
			struct result_row r = *c.st[g->stages[i]].w;

			r.variant = c.s[s].w->variant;
			r.block = c.s[s].w->block;
			if (!cover_has(&c, &c.cell, &r, COVER_CELL))
				cover_missing(list, &shown, c.s[s].w, &r,
					      r.block);
		}
	}
	/* a student at every stage a student is measured at, of a type
	 * they have no row of (the series above count the others) */
	for (size_t u = 0; u < c.nstu; u++)
		for (size_t gi = 0; gi < c.ng; gi++) {
			const struct cgroup *g = &c.g[gi];
			struct result_row r = *g->w;

			if (!g->nstudent || strcmp(g->w->experiment ?
			    g->w->experiment : "", c.stu[u]->experiment ?
			    c.stu[u]->experiment : ""))
				continue;
			r.variant = c.stu[u]->variant;
			if (cover_has(&c, &c.sdtype, &r, 3))
				continue;
			missing += g->nstudent;
			for (size_t i = 0; i < g->nstages && shown < 21; i++)
				if (c.st[g->stages[i]].student)
					cover_missing(list, &shown, c.stu[u],
						      c.st[g->stages[i]].w, 0);
		}
	for (size_t gi = 0; gi < c.ng; gi++)
		free(c.g[gi].stages);
	free(c.g);
	free(c.st);
	free(c.s);
	free(c.stu);
	strmap_release(&c.stage_ix);
	strmap_release(&c.group_ix);
	strmap_release(&c.series_ix);
	strmap_release(&c.cell);
	strmap_release(&c.student_ix);
	strmap_release(&c.sdtype);
	sbuf_release(&c.k);
	return missing;
}

/* ---- merging files ---------------------------------------------------------- */

/* Whether any two paths name the same file; the first such pair in *a, *b. */
static bool same_file_twice(char *const *paths, size_t n, size_t *a, size_t *b)
{
	struct stat *st = xcalloc(n, sizeof(*st));
	bool *ok = xcalloc(n, sizeof(*ok));
	bool found = false;

	for (size_t i = 0; i < n; i++)
		ok[i] = stat(paths[i], &st[i]) == 0;
	for (size_t j = 1; j < n && !found; j++)
		for (size_t i = 0; i < j && !found; i++)
			if (ok[i] && ok[j] && st[i].st_dev == st[j].st_dev &&
			    st[i].st_ino == st[j].st_ino) {
				*a = i;
				*b = j;
				found = true;
			}
	free(st);
	free(ok);
	return found;
}

/* A shard as "I/N", or "not a shard", for messages. */
static const char *shard_text(const struct results *r, char *buf, size_t size)
{
	if (r->shard_count <= 0)
		return "not a shard";
	if (r->nshards == 1)
		snprintf(buf, size, "shard %d/%d", r->shards[0], r->shard_count);
	else
		snprintf(buf, size, "%zu shards of %d", r->nshards,
			 r->shard_count);
	return buf;
}

/* One part against the first: same experiment file, same culab, shards
 * of the same partition or none.  Returns 0 or -1 after the line. */
static int check_like_first(char *const *paths, struct results *const *in,
			    size_t i)
{
	const struct results *f = in[0], *r = in[i];
	char a[48], b[48];

	if (!r->source_sha256 || !f->source_sha256 ||
	    strcmp(r->source_sha256, f->source_sha256) != 0)
		return diag_error_at(paths[i], 0, 0, "results of another "
				     "experiment file (\"%s\", SHA-256 %.12s) "
				     "than \"%s\" (\"%s\", SHA-256 %.12s)",
				     r->source_path ? r->source_path : "?",
				     r->source_sha256 ? r->source_sha256 : "none",
				     paths[0], f->source_path ? f->source_path : "?",
				     f->source_sha256 ? f->source_sha256 : "none");
	if (!r->culab_version || !f->culab_version ||
	    strcmp(r->culab_version, f->culab_version) != 0)
		return diag_error_at(paths[i], 0, 0, "written by culab %s, \"%s\" "
				     "by culab %s: merge results of one culab "
				     "version", r->culab_version ?
				     r->culab_version : "(unknown)", paths[0],
				     f->culab_version ? f->culab_version :
				     "(unknown)");
	if ((r->shard_count > 0) != (f->shard_count > 0) ||
	    r->shard_count != f->shard_count)
		return diag_error_at(paths[i], 0, 0, "%s, but \"%s\" is %s: merge "
				     "the shards of one --shard I/N partition",
				     shard_text(r, a, sizeof(a)), paths[0],
				     shard_text(f, b, sizeof(b)));
	return 0;
}

/* The same shard in two parts: -1 after the line. */
static int check_shards_once(char *const *paths, struct results *const *in,
			     size_t n, int count, size_t **owner)
{
	*owner = xcalloc((size_t)count + 1, sizeof(**owner));
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < in[i]->nshards; k++) {
			int s = in[i]->shards[k];

			if ((*owner)[s])
				return diag_error_at(paths[i], 0, 0, "shard %d/%d "
						     "is also in \"%s\": the "
						     "same shard twice", s,
						     count, paths[(*owner)[s] - 1]);
			(*owner)[s] = i + 1;
		}
	return 0;
}

/* Missing shards: -1 after the line unless partial (then a note). */
static int check_missing(const size_t *owner, int count, bool partial,
			 struct results *out)
{
	struct sbuf list = SBUF_INIT;
	int missing = 0, shown = 0;

	for (int s = 1; s <= count; s++) {
		if (owner[s])
			continue;
		if (shown++ < 20)
			sbuf_addf(&list, "%s%d", missing ? ", " : "", s);
		else if (shown == 21)
			sbuf_add(&list, ", ...");
		missing++;
	}
	out->shard_count = missing ? count : 0;
	if (missing) {
		for (int s = 1; s <= count; s++)
			if (owner[s]) {
				out->shards = xrealloc(out->shards,
						       (out->nshards + 1) *
						       sizeof(*out->shards));
				out->shards[out->nshards++] = s;
			}
	}
	if (missing && !partial) {
		diag_error("shard%s %s of %d %s missing: merge %s too, or pass "
			   "--partial to merge what is there", missing == 1 ?
			   "" : "s", sbuf_str(&list), count, missing == 1 ?
			   "is" : "are", missing == 1 ? "it" : "them");
		sbuf_release(&list);
		return -1;
	}
	if (missing)
		diag_note("merging %d of %d shards; missing: %s (the results "
			  "are partial)", count - missing, count,
			  sbuf_str(&list));
	sbuf_release(&list);
	return 0;
}

static int check_overlap(char *const *paths, struct results *const *in,
			 size_t n)
{
	size_t a, ra, b, rb;
	char *label;
	int rc;

	if (!merge_find_overlap(in, n, &a, &ra, &b, &rb))
		return 0;
	label = merge_row_label(&in[b]->rows[rb]);
	rc = diag_error_at(paths[b], 0, 0, "measurement %s is also in \"%s\": "
			   "the same measurement twice", label, paths[a]);
	free(label);
	return rc;
}

/* Shards are whole stages: a stage with rows in two shards' parts means
 * their recorded shards contradict their rows.  -1 after the line. */
static int check_stages_whole(char *const *paths, struct results *const *in,
			      size_t n)
{
	size_t a, ra, b, rb;
	char sa[32], sb[32], size[48];
	const struct result_row *w;
	int rc;

	sort_stage = true;
	rc = find_pair(in, n, &a, &ra, &b, &rb);
	sort_stage = false;
	if (!rc)
		return 0;
	w = &in[b]->rows[rb];
	if (w->m > 1)
		snprintf(size, sizeof(size), "%llux%llu",
			 (unsigned long long)w->n, (unsigned long long)w->m);
	else
		snprintf(size, sizeof(size), "%llu", (unsigned long long)w->n);
	return diag_error_at(paths[b], 0, 0, "stage %s/%s/%s is in %s here and "
			     "in %s of \"%s\": a shard holds whole stages, so "
			     "these files' shards contradict their rows",
			     w->experiment ? w->experiment : "",
			     w->dtype ? w->dtype : "", size,
			     shard_text(in[b], sb, sizeof(sb)),
			     shard_text(in[a], sa, sizeof(sa)), paths[a]);
}

/* The checks of merge_files, all inputs read.  -1 after the line. */
static int merge_checks(char *const *paths, struct results *const *in,
			size_t n, const struct merge_options *o,
			struct results *out)
{
	size_t *owner = NULL;
	int rc = 0;

	for (size_t i = 1; i < n && rc == 0; i++)
		rc = check_like_first(paths, in, i);
	if (rc == 0)
		rc = check_sources(paths, in, n);
	if (rc == 0 && in[0]->shard_count > 0)
		rc = check_shards_once(paths, in, n, in[0]->shard_count, &owner);
	if (rc == 0)
		rc = check_overlap(paths, in, n);
	if (rc == 0 && in[0]->shard_count > 0)
		rc = check_stages_whole(paths, in, n);
	if (rc == 0 && in[0]->shard_count > 0)
		rc = check_missing(owner, in[0]->shard_count, o->partial, out);
	else if (rc == 0 && n > 1)
		diag_note("the results are not shards of one plan: merged by "
			  "their rows; whether they cover the plan is not known");
	for (size_t i = 0; rc == 0 && i < n; i++)
		if (in[i]->status && strcmp(in[i]->status, "complete") != 0)
			diag_note_at(paths[i], 0, 0, "its run is marked \"%s\": "
				     "some of its measurements may be missing "
				     "(finish it with culab run --resume)",
				     in[i]->status);
	free(owner);
	return rc;
}

int merge_files(char *const *paths, size_t n, const struct merge_options *o,
		struct results *out)
{
	struct results *r = xcalloc(n ? n : 1, sizeof(*r));
	struct results **in = xcalloc(n ? n : 1, sizeof(*in));
	struct results shards = { 0 };
	struct sbuf lacks = SBUF_INIT;
	size_t a, b, got = 0, missing;
	bool complete = true;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (same_file_twice(paths, n, &a, &b)) {
		diag_error_at(paths[b], 0, 0, "given twice (the same file as "
			      "\"%s\")", paths[a]);
		goto out;
	}
	for (; got < n; got++) {
		in[got] = &r[got];
		if (results_read(paths[got], &r[got]) < 0)
			goto out;
	}
	if (merge_checks(paths, in, n, o, &shards) < 0)
		goto out;
	/* "complete" says the union holds every measurement the parts
	 * plan, not only that each part finished its own */
	for (size_t i = 0; i < n; i++)
		complete &= in[i]->status && !strcmp(in[i]->status, "complete");
	missing = merge_missing(in, n, &lacks);
	if (missing && complete && in[0]->shard_count > 0 && !o->partial) {
		diag_error("%zu measurement%s of the plan %s in no part, though "
			   "every part's run is complete: %s (a shard that "
			   "measured other submissions or kernels?); merge "
			   "the parts that hold them too, or pass --partial "
			   "to merge what is there", missing, missing == 1 ?
			   "" : "s", missing == 1 ? "is" : "are",
			   sbuf_str(&lacks));
		goto out;
	}
	if (missing)
		diag_note("merging without %zu measurement%s of the plan that "
			  "no part holds: %s (the results are partial)",
			  missing, missing == 1 ? "" : "s", sbuf_str(&lacks));
	/* a merge of some shards is "partial" for the shards it lacks,
	 * which this merge accounts for */
	for (size_t i = 0; i < n; i++)
		if (in[i]->shard_count > 0 && in[i]->status &&
		    strcmp(in[i]->status, "partial") == 0) {
			free(in[i]->status);
			in[i]->status = xstrdup("complete");
		}
	merge_results(in, n, out);
	out->command = xstrdup(o->command ? o->command : "");
	out->shard_count = shards.shard_count;
	out->nshards = shards.nshards;
	out->shards = shards.shards;
	shards.shards = NULL;
	if ((out->shard_count > 0 || missing) &&
	    strcmp(out->status, "complete") == 0) {
		free(out->status);
		out->status = xstrdup("partial");
	}
	rc = 0;
out:
	for (size_t i = 0; i < got && i < n; i++)
		results_release(&r[i]);
	free(shards.shards);
	sbuf_release(&lacks);
	free(r);
	free(in);
	return rc;
}

/* ---- plans ------------------------------------------------------------------ */

static int str_cmp(const void *a, const void *b)
{
	return strcmp(**(char *const *const *)a, **(char *const *const *)b);
}

/* One shard's plan against the first.  -1 after the line. */
static int plan_like_first(char *const *paths, const struct plan_doc *d,
			   size_t i)
{
	const struct plan_doc *f = &d[0], *p = &d[i];

	if (!p->shard_count)
		return diag_error_at(paths[i], 0, 0, "not a shard's plan: write "
				     "it with culab plan --shard I/N --json");
	if (strcmp(p->sha256, f->sha256) != 0)
		return diag_error_at(paths[i], 0, 0, "the plan of another "
				     "experiment file (SHA-256 %.12s) than \"%s\" "
				     "(SHA-256 %.12s)", p->sha256, paths[0],
				     f->sha256);
	if (p->shard_count != f->shard_count ||
	    p->all_stages != f->all_stages ||
	    p->all_measurements != f->all_measurements)
		return diag_error_at(paths[i], 0, 0, "shard %d/%d of a plan of "
				     "%zu stages, but \"%s\" is shard %d/%d of "
				     "%zu: plans of one --shard I/N partition",
				     p->shard_index, p->shard_count,
				     p->all_stages, paths[0], f->shard_index,
				     f->shard_count, f->all_stages);
	return 0;
}

/* Every shard once, every stage once.  -1 after the line. */
static int plans_cover(char *const *paths, const struct plan_doc *d, size_t n)
{
	size_t *shard = xcalloc((size_t)d[0].shard_count + 1, sizeof(*shard));
	size_t *stage = xcalloc(d[0].all_stages + 1, sizeof(*stage));
	int rc = 0;

	for (size_t i = 0; i < n && !rc; i++) {
		size_t *at = &shard[d[i].shard_index];

		if (*at)
			rc = diag_error_at(paths[i], 0, 0, "shard %d/%d is also in "
					   "\"%s\": the same shard twice",
					   d[i].shard_index, d[i].shard_count,
					   paths[*at - 1]);
		*at = i + 1;
		for (size_t k = 0; k < d[i].nstages && !rc; k++) {
			at = &stage[d[i].stages[k]];
			if (*at)
				rc = diag_error_at(paths[i], 0, 0, "stage %zu is "
						   "also in \"%s\": shards "
						   "overlap", d[i].stages[k],
						   paths[*at - 1]);
			*at = i + 1;
		}
	}
	for (int s = 1; s <= d[0].shard_count && !rc; s++)
		if (!shard[s])
			rc = diag_error("shard %d/%d is missing", s,
					d[0].shard_count);
	for (size_t k = 0; k < d[0].all_stages && !rc; k++)
		if (!stage[k])
			rc = diag_error("stage %zu of %zu is in no shard", k,
					d[0].all_stages);
	free(shard);
	free(stage);
	return rc;
}

/* No measurement twice, and all of them.  -1 after the line. */
static int plans_measurements(const struct plan_doc *d, size_t n)
{
	char ***all;
	size_t total = 0, k = 0, left = 0;
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		total += d[i].nlabels;
		left += d[i].left_out;
	}
	all = xcalloc(total ? total : 1, sizeof(*all));
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < d[i].nlabels; j++)
			all[k++] = &d[i].labels[j];
	qsort(all, total, sizeof(*all), str_cmp);
	for (k = 1; k < total && !rc; k++)
		if (strcmp(*all[k - 1], *all[k]) == 0)
			rc = diag_error("measurement %s is in two shards",
					*all[k]);
	if (!rc && total + left != d[0].all_measurements)
		rc = diag_error("the shards hold %zu measurements (and --variant "
				"left out %zu), the plan %zu", total, left,
				d[0].all_measurements);
	free(all);
	return rc;
}

int merge_plans(char *const *paths, size_t n)
{
	struct plan_doc *d = xcalloc(n ? n : 1, sizeof(*d));
	size_t a, b, got = 0, ms = 0;
	int rc = -1;

	if (same_file_twice(paths, n, &a, &b)) {
		diag_error_at(paths[b], 0, 0, "given twice (the same file as "
			      "\"%s\")", paths[a]);
		goto out;
	}
	for (; got < n; got++)
		if (json_plan_read(paths[got], &d[got]) < 0 ||
		    plan_like_first(paths, d, got) < 0)
			goto out;
	if (plans_cover(paths, d, n) < 0 || plans_measurements(d, n) < 0)
		goto out;
	for (size_t i = 0; i < n; i++)
		ms += d[i].nlabels;
	printf("culab merge: the %zu shard plans of \"%s\" cover its %zu "
	       "stages and %zu measurements once each\n", n,
	       diag_esc(d[0].file ? d[0].file : "?"), d[0].all_stages, ms);
	rc = 0;
out:
	for (size_t i = 0; i <= got && i < n; i++)
		plan_doc_release(&d[i]);
	free(d);
	return rc;
}
