/* compare.c - pairing, verdicts, counter changes and environment facts of
 * two results files.  See compare.h.
 *
 * Pairing sorts the row indices of both sides by their key and walks the
 * two lists together, so a million rows cost n log n, not n^2; pairs are
 * then put back in the base's row order, so a comparison reads in ladder
 * order like the report.  Each pair's bound is the larger of the
 * threshold and its run-to-run floor (floor.c).  The environment facts are a table: a name and
 * how to write the fact of one results file as text; two files differ in
 * a fact when the texts differ. */
#include "compare.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "ladder/ladder.h"
#include "base/hash.h"
#include "counters/counters.h"
#include "base/util.h"

/* ---- environment facts ---------------------------------------------------- */

typedef void (*fact_fn)(const struct results *r, char *buf, size_t size);

#define NOT_RECORDED "not recorded"

static void put_str(char *buf, size_t size, const char *s)
{
	snprintf(buf, size, "%s", s && *s ? s : NOT_RECORDED);
}

static void put_env_str(const struct results *r, const char *s, char *buf,
			size_t size)
{
	put_str(buf, size, r->has_env ? s : NULL);
}

static void put_int(const struct results *r, int v, const char *unit,
		    char *buf, size_t size)
{
	if (r->has_env && v > 0)
		snprintf(buf, size, "%d%s", v, unit);
	else
		put_str(buf, size, NULL);
}

/* CUDA versions as the driver reports them: 13000 is "13.0". */
static void put_cuda(const struct results *r, int v, char *buf, size_t size)
{
	if (r->has_env && v > 0)
		snprintf(buf, size, "%d.%d", v / 1000, v % 1000 / 10);
	else
		put_str(buf, size, NULL);
}

static void f_gpu(const struct results *r, char *b, size_t n)
{
	put_env_str(r, r->env.gpu_name, b, n);
}

static void f_cc(const struct results *r, char *b, size_t n)
{
	if (r->has_env && r->env.cc_major > 0)
		snprintf(b, n, "%d.%d", r->env.cc_major, r->env.cc_minor);
	else
		put_str(b, n, NULL);
}

static void f_uuid(const struct results *r, char *b, size_t n)
{
	put_env_str(r, r->env.gpu_uuid, b, n);
}

static void f_sms(const struct results *r, char *b, size_t n)
{
	put_int(r, r->env.sm_count, "", b, n);
}

static void f_sm_clock(const struct results *r, char *b, size_t n)
{
	put_int(r, r->env.sm_clock_khz / 1000, " MHz", b, n);
}

static void f_mem_clock(const struct results *r, char *b, size_t n)
{
	put_int(r, r->env.mem_clock_khz / 1000, " MHz", b, n);
}

static void f_driver(const struct results *r, char *b, size_t n)
{
	put_cuda(r, r->env.driver_version, b, n);
}

static void f_runtime(const struct results *r, char *b, size_t n)
{
	put_cuda(r, r->env.runtime_version, b, n);
}

static void f_version(const struct results *r, char *b, size_t n)
{
	put_str(b, n, r->culab_version);
}

static void f_commit(const struct results *r, char *b, size_t n)
{
	put_str(b, n, r->culab_commit);
}

static void f_experiment(const struct results *r, char *b, size_t n)
{
	put_str(b, n, r->source_path);
}

static void f_sha(const struct results *r, char *b, size_t n)
{
	put_str(b, n, r->source_sha256);
}

static void f_host(const struct results *r, char *b, size_t n)
{
	put_env_str(r, r->env.hostname, b, n);
}

static void f_os(const struct results *r, char *b, size_t n)
{
	put_env_str(r, r->env.os, b, n);
}

static const struct {
	const char *name;
	fact_fn fn;
} facts[CF__COUNT] = {
	[CF_GPU] = { "GPU", f_gpu },
	[CF_CC] = { "compute capability", f_cc },
	[CF_UUID] = { "GPU UUID", f_uuid },
	[CF_SMS] = { "SMs", f_sms },
	[CF_SM_CLOCK] = { "maximum SM clock", f_sm_clock },
	[CF_MEM_CLOCK] = { "memory clock", f_mem_clock },
	[CF_DRIVER] = { "driver (CUDA version)", f_driver },
	[CF_RUNTIME] = { "CUDA runtime", f_runtime },
	[CF_CULAB_VERSION] = { "culab version", f_version },
	[CF_CULAB_COMMIT] = { "culab commit", f_commit },
	[CF_EXPERIMENT] = { "experiment file", f_experiment },
	[CF_SHA256] = { "experiment SHA-256", f_sha },
	[CF_HOST] = { "host", f_host },
	[CF_OS] = { "operating system", f_os },
};

const char *compare_fact_name(enum compare_fact f)
{
	return (unsigned)f < CF__COUNT ? facts[f].name : "?";
}

const char *compare_why_name(enum compare_why w)
{
	static const char *const names[CW__COUNT] = {
		"", "base_failed", "new_failed", "few_samples", "ranks",
	};

	return (unsigned)w < CW__COUNT ? names[w] : "?";
}

static void compare_facts(struct compare *c)
{
	char a[512], b[512];

	for (int f = 0; f < CF__COUNT; f++) {
		struct compare_fact_diff *d;

		facts[f].fn(c->base, a, sizeof(a));
		facts[f].fn(c->cur, b, sizeof(b));
		if (!strcmp(a, b))
			continue;
		c->diffs = xrealloc(c->diffs, (c->ndiffs + 1) *
				    sizeof(*c->diffs));
		d = &c->diffs[c->ndiffs++];
		d->fact = (enum compare_fact)f;
		d->base = xstrdup(a);
		d->cur = xstrdup(b);
	}
	if (c->base->has_env && c->cur->has_env) {
		const struct environment *x = &c->base->env, *y = &c->cur->env;

		c->cross_gpu = strcmp(x->gpu_name ? x->gpu_name : "",
				      y->gpu_name ? y->gpu_name : "") != 0 ||
			       x->cc_major != y->cc_major ||
			       x->cc_minor != y->cc_minor;
		c->other_device = !c->cross_gpu &&
				  strcmp(x->gpu_uuid ? x->gpu_uuid : "",
					 y->gpu_uuid ? y->gpu_uuid : "") != 0;
	}
}

/* ---- pairing ------------------------------------------------------------ */

struct keyed {
	const struct result_row *row;
	const char *experiment;     /* the name it pairs under */
	size_t index;               /* its row number */
};

static int strcmp0(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

/* Whether two texts, either maybe NULL, are the same (NULL only as NULL). */
static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static int key_cmp(const struct keyed *x, const struct keyed *y)
{
	const struct result_row *a = x->row, *b = y->row;
	int d;

	if ((d = strcmp0(x->experiment, y->experiment)) ||
	    (d = strcmp0(a->variant, b->variant)) ||
	    (d = strcmp0(a->dtype, b->dtype)))
		return d;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	if (a->m != b->m)
		return a->m < b->m ? -1 : 1;
	return (a->block > b->block) - (a->block < b->block);
}

static int keyed_cmp(const void *p, const void *q)
{
	const struct keyed *x = p, *y = q;
	int d = key_cmp(x, y);

	if (d)
		return d;
	return (x->index > y->index) - (x->index < y->index);
}

/* The name base experiment `name` pairs under. */
static const char *matched(const struct compare_options *o, const char *name)
{
	for (size_t i = 0; o && i < o->nmatch; i++)
		if (!strcmp0(o->match[i].base, name))
			return o->match[i].cur;
	return name;
}

static struct keyed *keyed_rows(const struct results *r,
				const struct compare_options *o)
{
	struct keyed *k = xcalloc(r->nrows ? r->nrows : 1, sizeof(*k));

	for (size_t i = 0; i < r->nrows; i++) {
		k[i].row = &r->rows[i];
		k[i].experiment = o ? matched(o, r->rows[i].experiment) :
				      r->rows[i].experiment;
		k[i].index = i;
	}
	qsort(k, r->nrows, sizeof(*k), keyed_cmp);
	return k;
}

static int pair_cmp(const void *p, const void *q)
{
	const struct compare_pair *x = p, *y = q;

	return (x->base > y->base) - (x->base < y->base);
}

static int row_ptr_cmp(const void *p, const void *q)
{
	const struct result_row *const *x = p, *const *y = q;

	return (*x > *y) - (*x < *y);
}

static void push_row(const struct result_row ***list, size_t *n,
		     const struct result_row *w)
{
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = w;
}

static void pair_rows(struct compare *c, const struct compare_options *o)
{
	struct keyed *a = keyed_rows(c->base, o), *b = keyed_rows(c->cur, NULL);
	size_t i = 0, j = 0, na = c->base->nrows, nb = c->cur->nrows;

	c->pairs = xcalloc(na < nb ? (na ? na : 1) : (nb ? nb : 1),
			   sizeof(*c->pairs));
	while (i < na || j < nb) {
		int d = i == na ? 1 : j == nb ? -1 : key_cmp(&a[i], &b[j]);

		if (d < 0) {
			push_row(&c->only_base, &c->nonly_base, a[i++].row);
		} else if (d > 0) {
			push_row(&c->only_cur, &c->nonly_cur, b[j++].row);
		} else {
			c->pairs[c->npairs].base = a[i++].row;
			c->pairs[c->npairs++].cur = b[j++].row;
		}
	}
	qsort(c->pairs, c->npairs, sizeof(*c->pairs), pair_cmp);
	if (c->nonly_base)
		qsort(c->only_base, c->nonly_base, sizeof(*c->only_base),
		      row_ptr_cmp);
	if (c->nonly_cur)
		qsort(c->only_cur, c->nonly_cur, sizeof(*c->only_cur),
		      row_ptr_cmp);
	free(a);
	free(b);
}

/* ---- one pair ------------------------------------------------------------ */

static bool row_timed(const struct result_row *w)
{
	return w->status == ROW_OK && w->verified && w->t.nsamples > 0;
}

static int change_cmp(const void *p, const void *q)
{
	const struct compare_change *x = p, *y = q;

	if (x->pct != y->pct)
		return x->pct > y->pct ? -1 : 1;
	return strcmp(x->column, y->column);
}

static double column_of(const struct result_row *w, const char *name)
{
	for (size_t k = 0; k < w->ncolumns; k++)
		if (!strcmp0(w->columns[k].name, name))
			return w->columns[k].value;
	return NAN;
}

/* How a change x -> y of column d between rows a and b reads: +1 better,
 * -1 worse, 0 neither.  A column read with an efficiency (sectors per
 * request) is better or worse only as its efficiency moved: at the same
 * efficiency more sectors are wider accesses, not waste. */
static int change_reading(const struct metric_column_def *d,
			  const struct result_row *a,
			  const struct result_row *b, double x, double y)
{
	if (!d)
		return 0;
	if (d->reading == READ_WITH && d->with) {
		const struct metric_column_def *w =
			metrics_find_column(d->with, NULL);
		double wx = column_of(a, d->with), wy = column_of(b, d->with);

		if (!w || !w->better ||
		    !metrics_change_beyond_noise(d->with, wx, wy))
			return 0;
		return (w->better < 0) == (wy < wx) ? 1 : -1;
	}
	if (d->reading != READ_DIRECTION || !d->better)
		return 0;
	return (d->better < 0) == (y < x) ? 1 : -1;
}

/* The counter columns both rows hold that moved beyond their measured
 * noise, read as counters.h's table says. */
static void pair_changes(struct compare_pair *p)
{
	const struct result_row *a = p->base, *b = p->cur;

	if (a->counters_status || b->counters_status)
		return;
	for (size_t k = 0; k < b->ncolumns; k++) {
		const char *col = b->columns[k].name;
		double x = column_of(a, col), y = b->columns[k].value;
		const struct metric_column_def *d;
		struct compare_change *ch;

		if (!col || !metrics_change_notable(col, x, y) ||
		    !metrics_change_beyond_noise(col, x, y))
			continue;
		d = metrics_find_column(col, NULL);
		/* the time restated (duration, throughput) or a raw count
		 * is no finding (counters.h, enum metric_reading) */
		if (d && (d->reading == READ_TIME || d->reading == READ_NEVER))
			continue;
		p->changes = xrealloc(p->changes, (p->nchanges + 1) *
				      sizeof(*p->changes));
		ch = &p->changes[p->nchanges++];
		ch->column = col;
		ch->base = x;
		ch->cur = y;
		ch->pct = metrics_change_pct(x, y);
		ch->better = change_reading(d, a, b, x, y);
	}
	if (p->nchanges > 1)
		qsort(p->changes, p->nchanges, sizeof(*p->changes), change_cmp);
}

/* Whether n + k choose k (the orders of n runs and k runs) reaches
 * COMPARE_RANK_ORDERS. */
static bool enough_orders(size_t n, size_t k)
{
	double c = 1;

	for (size_t i = 1; i <= k && c < COMPARE_RANK_ORDERS; i++)
		c = c * (double)(n + i) / (double)i;
	return c >= COMPARE_RANK_ORDERS;
}

/* Too few runs for an interval: slower or faster when every run of one
 * side lies beyond every run of the other by more than the threshold
 * (the runs' ratios range over [lo, hi], wholly beyond 1 +- bound)
 * and so complete a separation is unlikely by chance. */
static void rank_judge(struct compare_pair *p, double bound)
{
	const struct timing *a = &p->base->t, *b = &p->cur->t;
	double amin = a->samples_ms[0], amax = amin;
	double bmin = b->samples_ms[0], bmax = bmin;
	enum stats_verdict v;

	if (p->nbase < COMPARE_RANK_MIN || p->ncur < COMPARE_RANK_MIN ||
	    !enough_orders(p->nbase, p->ncur))
		return;
	for (size_t i = 1; i < p->nbase; i++) {
		amin = fmin(amin, a->samples_ms[i]);
		amax = fmax(amax, a->samples_ms[i]);
	}
	for (size_t i = 1; i < p->ncur; i++) {
		bmin = fmin(bmin, b->samples_ms[i]);
		bmax = fmax(bmax, b->samples_ms[i]);
	}
	if (!(amin > 0))
		return;
	v = stats_verdict_of(bmin / amax, bmax / amin, bound);
	if (v != SV_SLOWER && v != SV_FASTER)
		return;
	p->verdict = v;
	p->why = CW_RANKS;
	p->ratio = p->cur_ms / p->base_ms;
	p->lo = bmin / amax;
	p->hi = bmax / amin;
}

/* The GPU model row w of r ran on, or NULL when not recorded. */
static const char *row_gpu(const struct results *r, const struct result_row *w)
{
	const struct environment *e = r->has_env ? results_row_device(r, w) :
				      NULL;

	return e && e->gpu_name && *e->gpu_name ? e->gpu_name : NULL;
}

/* The pair's kind, floor and bound (floor.h). */
static void pair_floor(const struct compare *c, struct compare_pair *p,
		       const struct compare_options *o)
{
	const struct compare_floor *t = o ? o->floors : NULL;
	size_t nt = o ? o->nfloors : 0;
	const char *ga = row_gpu(c->base, p->base), *gb = row_gpu(c->cur, p->cur);
	enum compare_kind ka = compare_row_kind(c->base, p->base);
	enum compare_kind kb = compare_row_kind(c->cur, p->cur);

	p->kind = ka > kb ? ka : kb;
	memset(&p->floor, 0, sizeof(p->floor));
	p->floor.from = CFF_NONE;
	p->floor_gpu = NULL;
	if (!t)
		t = compare_floor_table(&nt);
	if (c->floor_mode == COMPARE_FLOOR_FIXED) {
		p->floor.floor = c->floor;
		p->floor.from = CFF_FIXED;
	} else if (c->floor_mode == COMPARE_FLOOR_TABLE && p->nbase &&
		   p->ncur) {
		p->floor_gpu = compare_floor_pair(t, nt, ga, gb, p->kind,
						  fmin(p->base_ms, p->cur_ms),
						  &p->floor);
	}
	p->bound = fmax(c->threshold, p->floor.floor);
}

/* Whether the pair's change, |new / base - 1| of the medians, is no
 * larger than its run-to-run floor: reruns of unchanged code moved rows
 * like it as much. */
static bool within_floor(const struct compare_pair *p)
{
	return p->floor.floor > 0 &&
	       fabs(p->cur_ms / p->base_ms - 1) <= p->floor.floor;
}

static void pair_judge(const struct compare *c, struct compare_pair *p,
		       const struct compare_options *o)
{
	const struct result_row *a = p->base, *b = p->cur;

	p->nbase = row_timed(a) ? a->t.nsamples : 0;
	p->ncur = row_timed(b) ? b->t.nsamples : 0;
	p->base_ms = p->nbase ? a->t.median_ms : NAN;
	p->cur_ms = p->ncur ? b->t.median_ms : NAN;
	p->ratio = p->lo = p->hi = NAN;
	p->verdict = SV_UNKNOWN;
	pair_floor(c, p, o);
	if (!row_timed(a))
		p->why = CW_BASE_FAILED;
	else if (!row_timed(b))
		p->why = CW_NEW_FAILED;
	else if (o && o->medians_only)
		;   /* the medians alone: no interval asked for */
	else if (p->nbase < COMPARE_MIN_SAMPLES || p->ncur < COMPARE_MIN_SAMPLES) {
		p->why = CW_FEW_SAMPLES;
		rank_judge(p, c->threshold);
		/* a change no larger than reruns make is no verdict here */
		if (p->why == CW_RANKS && within_floor(p)) {
			p->verdict = SV_UNKNOWN;
			p->why = CW_FEW_SAMPLES;
			p->ratio = p->lo = p->hi = NAN;
		}
	}
	else if (stats_ratio_ci(a->t.samples_ms, p->nbase, b->t.samples_ms,
				p->ncur, STATS_CONFIDENCE, STATS_BOOTSTRAP,
				COMPARE_SEED, &p->ratio, &p->lo, &p->hi) == 0) {
		p->verdict = stats_verdict_of(p->lo, p->hi, c->threshold);
		/* beyond the threshold by its interval, and beyond what
		 * reruns of unchanged code moved by its change; else the
		 * same as far as reruns can tell */
		if (p->verdict != SV_SAME && within_floor(p))
			p->verdict = SV_SAME;
	}
	pair_changes(p);
}

/* Adds pair p's floor to its kind's summary. */
static void kind_add(struct compare_kind_floors *s, const struct compare_pair *p)
{
	if (p->nbase && p->ncur)
		compare_kind_floors_add(s, &p->floor, p->floor_gpu);
}

void compare_kind_floors_add(struct compare_kind_floors *s,
			     const struct compare_floor_pick *f,
			     const char *gpu)
{
	const struct compare_floor *e = f->entry;
	size_t j;

	if (!s->npairs++) {
		s->lo = s->hi = f->floor;
		s->gpu = gpu;
	}
	s->lo = fmin(s->lo, f->floor);
	s->hi = fmax(s->hi, f->floor);
	s->from |= 1u << f->from;
	if (!e)
		return;
	for (j = 0; j < s->nentries; j++)
		if (same_text(s->entries[j]->gpu, e->gpu) &&
		    same_text(s->entries[j]->source, e->source))
			return;
	if (s->nentries == COMPARE_FLOOR_SOURCES)
		return;
	/* after the last of its GPU model, so that a model's recordings
	 * are listed together */
	for (j = s->nentries; j > 0 && !same_text(s->entries[j - 1]->gpu,
						   e->gpu); j--)
		;
	if (j == 0)
		j = s->nentries;
	memmove(&s->entries[j + 1], &s->entries[j],
		(s->nentries - j) * sizeof(s->entries[0]));
	s->entries[j] = e;
	s->nentries++;
}

void compare_kind_entry_place(const struct compare_kind_floors *s, size_t j,
			      bool *first, bool *last)
{
	*first = !j || !same_text(s->entries[j - 1]->gpu, s->entries[j]->gpu);
	*last = j + 1 == s->nentries ||
		!same_text(s->entries[j + 1]->gpu, s->entries[j]->gpu);
}

bool compare_kind_same_models(const struct compare_kind_floors *s,
			      const struct compare_kind_floors *t)
{
	size_t i = 0, j = 0;

	/* the first entry of each model, in turn */
	for (;;) {
		bool first, last;

		while (i < s->nentries &&
		       (compare_kind_entry_place(s, i, &first, &last), !first))
			i++;
		while (j < t->nentries &&
		       (compare_kind_entry_place(t, j, &first, &last), !first))
			j++;
		if (i == s->nentries || j == t->nentries)
			return i == s->nentries && j == t->nentries;
		if (!same_text(s->entries[i]->gpu, t->entries[j]->gpu))
			return false;
		i++;
		j++;
	}
}

/* ---- the comparison --------------------------------------------------------- */

void compare_build(const struct results *base, const struct results *cur,
		   const struct compare_options *o, struct compare *c)
{
	memset(c, 0, sizeof(*c));
	c->base = base;
	c->cur = cur;
	c->threshold = o && o->threshold > 0 ? o->threshold : COMPARE_THRESHOLD;
	c->floor_mode = o ? o->floor_mode : COMPARE_FLOOR_TABLE;
	c->floor = c->floor_mode == COMPARE_FLOOR_FIXED ? o->floor : 0;
	compare_facts(c);
	pair_rows(c, o);
	for (size_t i = 0; i < c->npairs; i++) {
		pair_judge(c, &c->pairs[i], o);
		kind_add(&c->kinds[c->pairs[i].kind], &c->pairs[i]);
		c->counts[c->pairs[i].verdict]++;
	}
}

/* The points of floor.h's noise: a pair of two medians each. */
void compare_noise_add(struct compare_noise *z, const struct compare *c)
{
	for (size_t i = 0; i < c->npairs; i++) {
		const struct compare_pair *p = &c->pairs[i];
		struct compare_noise_point *pt;
		enum compare_kind k = p->kind;

		if (!(p->base_ms > 0) || !(p->cur_ms > 0) ||
		    !isfinite(p->base_ms) || !isfinite(p->cur_ms))
			continue;
		z->points[k] = xrealloc(z->points[k], (z->npoints[k] + 1) *
					sizeof(*z->points[k]));
		pt = &z->points[k][z->npoints[k]++];
		pt->ms = fmin(p->base_ms, p->cur_ms);
		pt->change = fabs(p->cur_ms / p->base_ms - 1);
		pt->row = p->base;
		pt->compare = z->ncompares;
	}
	z->ncompares++;
}

void compare_release(struct compare *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->ndiffs; i++) {
		free(c->diffs[i].base);
		free(c->diffs[i].cur);
	}
	free(c->diffs);
	for (size_t i = 0; i < c->npairs; i++)
		free(c->pairs[i].changes);
	free(c->pairs);
	free(c->only_base);
	free(c->only_cur);
	memset(c, 0, sizeof(*c));
}

static const struct {
	const char *name;
	unsigned mask;
} fail_sets[] = {
	{ "slower", 1u << SV_SLOWER },
	{ "faster", 1u << SV_FASTER },
	{ "changed", (1u << SV_SLOWER) | (1u << SV_FASTER) },
};

unsigned compare_fail_mask(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(fail_sets); i++)
		if (!strcmp0(name, fail_sets[i].name))
			return fail_sets[i].mask;
	return 0;
}

bool compare_fails(const struct compare *c, unsigned mask)
{
	for (int v = 0; v < SV__COUNT; v++)
		if ((mask & (1u << v)) && c->counts[v])
			return true;
	return false;
}

const char *compare_size_text(const struct result_row *w, char *buf,
			      size_t size)
{
	const struct family_def *f = family_find(w->family);
	bool matrix = w->m > 1 || (f && f->shapes);
	uint64_t n = w->n;

	if (matrix)
		snprintf(buf, size, "%" PRIu64 "x%" PRIu64, w->n, w->m);
	else if (n >= 1024 && !(n & (n - 1)))
		snprintf(buf, size, "2^%d", __builtin_ctzll(n));
	else
		snprintf(buf, size, "%" PRIu64, n);
	return buf;
}

/* The experiment names of r, comma-separated, into buf. */
static const char *experiment_names(const struct results *r, char *buf,
				    size_t size)
{
	const char **names = xcalloc(r->nrows + 1, sizeof(*names));
	size_t n = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		size_t k;

		for (k = 0; k < n && strcmp0(names[k], r->rows[i].experiment);
		     k++)
			;
		if (k == n)
			names[n++] = r->rows[i].experiment ?
				     r->rows[i].experiment : "";
	}
	join_words(names, n, buf, size);
	free(names);
	return n ? buf : "none";
}

int compare_check_pairs(const struct compare *c, const char *base_path,
			const char *cur_path)
{
	char a[256], b[256];

	if (c->npairs)
		return 0;
	return diag_error("\"%s\" and \"%s\" have no row in common: rows pair "
			  "by experiment, variant, type, size and block "
			  "(experiments of the base: %s; of the new file: %s; "
			  "pair experiments of other names with --match "
			  "BASE=NEW)", base_path, cur_path,
			  experiment_names(c->base, a, sizeof(a)),
			  experiment_names(c->cur, b, sizeof(b)));
}

/* Whether rows a and b measured the same stage: experiment, type, size. */
bool compare_same_stage(const struct result_row *a, const struct result_row *b)
{
	return a && b && !strcmp(a->experiment ? a->experiment : "",
				 b->experiment ? b->experiment : "") &&
	       !strcmp(a->dtype ? a->dtype : "", b->dtype ? b->dtype : "") &&
	       a->n == b->n && a->m == b->m;
}

