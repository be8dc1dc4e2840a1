/* report_model.c - the report's analysis: result rows become items,
 * items ladders and ladders groups.  See report_int.h.
 *
 * The model is built once per report and every block, chart and finding
 * reads it, so roles, speedups with their intervals and verdicts, the
 * spread of each row's runs, the first and best rung of a ladder, its copy
 * ceiling and its CPU reference are computed in one place.  Variants are described by
 * the results themselves (results_model.h: every run records what a report
 * needs of each variant it measured), never by the registry, so any
 * results file renders, also one whose variants this binary has never
 * heard of; what differs between families comes from their rows in the
 * family table (ladder.h).  model_variant() and the family tests below
 * are the only places the report asks either. */
#include "report_int.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strmap.h"
#include "base/textlines.h"
#include "compare/compare.h"
#include "counters/counters.h"
#include "report.h"
#include "ladder/ladder.h"
#include "results/results.h"
#include "base/util.h"

/* ---- variant descriptions --------------------------------------------- */

const struct variant *model_variant(const struct model *m, const char *name)
{
	return name ? results_variant(m->r, name) : NULL;
}

/* ---- sources' lines ---------------------------------------------------------- */

struct text_memo {
	struct strmap by_text;     /* the text's address -> index into x */
	struct text_lines *x;
	size_t n;
};

const struct text_lines *model_text_lines(const struct model *m,
					  const char *text)
{
	struct text_memo *t = m->texts;
	size_t i;

	if (!t || !text)
		return NULL;
	i = strmap_putn(&t->by_text, (const char *)&text, sizeof(text), t->n);
	if (i == t->n) {
		t->x = xrealloc(t->x, (t->n + 1) * sizeof(*t->x));
		text_lines_index(&t->x[t->n++], text);
	}
	return &t->x[i];
}

static void text_memo_free(struct text_memo *t)
{
	for (size_t i = 0; t && i < t->n; i++)
		text_lines_release(&t->x[i]);
	if (t) {
		strmap_release(&t->by_text);
		free(t->x);
	}
	free(t);
}

/* Where variant v (from model_variant) stands in the ladder order (the
 * order of the results' descriptions), for sorting; SIZE_MAX for NULL,
 * after every described variant. */
static size_t model_variant_order(const struct model *m,
				  const struct variant *v)
{
	for (size_t i = 0; v && i < m->r->nvariants; i++)
		if (m->r->variants[i] == v)
			return i;
	return SIZE_MAX;
}

/* ---- family-specific tests -------------------------------------------- */

/* What the report does differently per family, from the family's row
 * (ladder.h); a family this binary does not know (results of a newer
 * culab) has none of these sections. */

static unsigned family_report(const char *family)
{
	const struct family_def *f = family_find(family);

	return f ? f->report : 0;
}

bool family_is_matrix(const char *family)
{
	const struct family_def *f = family_find(family);

	return f && f->shapes;
}

bool row_is_matrix(const struct result_row *row)
{
	return family_is_matrix(row->family) || row->m > 1;
}

bool family_transpose_chart(const char *family)
{
	return (family_report(family) & FR_CEILING_CHART) != 0;
}

bool family_harris(const char *family)
{
	return (family_report(family) & FR_HISTORICAL) != 0;
}

/* ---- Harris's kernels ---------------------------------------------------- */

/* Our variants that use the technique of one of Harris's kernels (1..7).
 * Matched by what the kernel does, not by its number in either ladder. */
static const struct {
	const char *variant;
	int kernel;
} harris_map[] = {
	{ "reduce_interleaved_divergent", 1 }, /* tid % (2s) == 0 branch */
	{ "reduce_interleaved_strided", 2 },   /* index 2*s*tid: conflicts */
	{ "reduce_shared_static", 3 },   /* sequential addressing in shared */
	{ "reduce_shared_dynamic", 3 },  /* the same, dynamic shared memory */
	{ "reduce_first_add", 4 },       /* first add during the global load */
	{ "reduce_warp_volatile", 5 },   /* last warp unrolled, as he did */
	{ "reduce_warp_syncwarp", 5 },   /* the same made safe: __syncwarp() */
	{ "reduce_unrolled", 6 },        /* block size a template parameter */
	{ "reduce_grid_stride", 7 },     /* many elements per thread */
};

int harris_kernel_of(const char *variant)
{
	for (size_t i = 0; i < ARRAY_SIZE(harris_map); i++)
		if (strcmp(harris_map[i].variant, variant) == 0)
			return harris_map[i].kernel;
	return 0;
}

/* Whether an undescribed variant is its family's copy ceiling (the
 * family's row names it). */
static bool unknown_is_ceiling(const struct result_row *row)
{
	const struct family_def *f = family_find(row->family);

	return f && f->ceiling && str_eq(row->variant, f->ceiling);
}

/* ---- items, ladders and groups ---------------------------------------- */

static void item_init(const struct model *m, struct item *it,
		      const struct result_row *row)
{
	const struct variant *v = model_variant(m, row->variant);
	unsigned flags = v ? v->flags : 0;

	it->row = row;
	it->v = v;
	it->order = model_variant_order(m, v);
	it->ok = row->status == ROW_OK && row->verified &&
		 isfinite(row->t.median_ms) && row->t.median_ms > 0;
	it->step_x = it->cum_x = it->cpu_x = NAN;
	it->step_lo = it->step_hi = it->cum_lo = it->cum_hi = NAN;
	it->step_verdict = it->cum_verdict = SV_UNKNOWN;
	it->iqr_pct = NAN;
	it->kind = compare_row_kind(m->r, row);
	if (m->r->has_env) {
		const struct environment *e = results_row_device(m->r, row);

		it->gpu = e && e->gpu_name && *e->gpu_name ? e->gpu_name :
			  NULL;
	}
	it->step_floor.from = CFF_NONE;
	if (row->t.nsamples && row->t.samples_ms) {
		struct sample_stats st;

		stats_summarize(row->t.samples_ms, row->t.nsamples, &st);
		if (st.median > 0)
			it->iqr_pct = 100 * (st.q3 - st.q1) / st.median;
	}
	if (flags & VF_USER)
		it->role = ROLE_USER;
	else if ((flags & VF_CEILING) || (!v && unknown_is_ceiling(row)))
		it->role = ROLE_CEILING;
	else if (flags & VF_COPY)
		it->role = ROLE_COPY;
	else if (flags & VF_BASELINE)
		it->role = ROLE_BASELINE;
	else if ((flags & VF_CPU) || row->step <= 0)
		it->role = ROLE_REFERENCE;
	else
		it->role = ROLE_RUNG;
	it->harris = harris_kernel_of(S(row->variant));
}

int item_cmp(const void *a, const void *b)
{
	const struct item *x = *(const struct item *const *)a;
	const struct item *y = *(const struct item *const *)b;
	int c;

	if (x->role != y->role)
		return x->role < y->role ? -1 : 1;
	if (x->row->step != y->row->step)
		return x->row->step < y->row->step ? -1 : 1;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	c = strcmp(S(x->row->variant), S(y->row->variant));
	if (c)
		return c;
	if (x->row->block != y->row->block)
		return x->row->block < y->row->block ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Families and types in their natural order, unknown ones after. */
int family_rank(const char *s)
{
	enum family f;

	return family_parse(S(s), &f) == 0 ? (int)f : FAMILY__COUNT;
}

static int dtype_rank(const char *s)
{
	enum dtype t;

	return dtype_parse(S(s), &t) == 0 ? (int)t : DTYPE__COUNT;
}

/* The results ladders are sorted for: their GPU models' order. */
static const struct results *sort_r;

/* Where GPU model `gpu` first appears in the results' devices. */
static size_t gpu_rank(const char *gpu)
{
	for (size_t i = 0; gpu && sort_r && i < sort_r->ndevices; i++)
		if (str_eq(sort_r->devices[i].gpu_name, gpu))
			return i;
	return SIZE_MAX;
}

static int ladder_cmp(const void *a, const void *b)
{
	const struct ladder *x = a, *y = b;
	double sx = (double)x->n * (double)x->m, sy = (double)y->n * (double)y->m;
	int c;

	if (family_rank(x->family) != family_rank(y->family))
		return family_rank(x->family) - family_rank(y->family);
	if ((c = strcmp(S(x->family), S(y->family))) != 0)
		return c;
	if (dtype_rank(x->dtype) != dtype_rank(y->dtype))
		return dtype_rank(x->dtype) - dtype_rank(y->dtype);
	if ((c = strcmp(S(x->dtype), S(y->dtype))) != 0)
		return c;
	if (gpu_rank(x->gpu) != gpu_rank(y->gpu))
		return gpu_rank(x->gpu) < gpu_rank(y->gpu) ? -1 : 1;
	if ((c = strcmp(S(x->gpu), S(y->gpu))) != 0)
		return c;
	if (sx != sy)
		return sx < sy ? -1 : 1;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return strcmp(S(x->experiment), S(y->experiment));
}

bool row_has_column(const struct result_row *row, const char *name)
{
	for (size_t i = 0; i < row->ncolumns; i++)
		if (str_eq(row->columns[i].name, name))
			return true;
	return false;
}

const char *row_column_missing(const struct result_row *row, const char *name)
{
	for (size_t i = 0; i < row->ncolumns; i++)
		if (str_eq(row->columns[i].name, name))
			return row->columns[i].missing;
	return NULL;
}

void names_add(const char ***names, size_t *n, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (str_eq((*names)[i], name))
			return;
	*names = xrealloc(*names, (*n + 1) * sizeof(**names));
	(*names)[(*n)++] = S(name);
}

/* Whether an item is a CPU reference: a reference row whose variant runs
 * on the CPU, or one timed with the host clock when the results do not
 * describe its variant. */
static bool item_is_cpu(const struct item *it)
{
	if (it->role != ROLE_REFERENCE)
		return false;
	return it->v ? (it->v->flags & VF_CPU) != 0 :
		       str_eq(it->row->timer, "host-clock");
}

void step_floor_of(const struct item *base, const struct item *it,
		   struct compare_floor_pick *out)
{
	size_t n;
	const struct compare_floor *t = compare_floor_table(&n);
	double a = item_ms(base), b = item_ms(it);

	memset(out, 0, sizeof(*out));
	out->from = CFF_NONE;
	if (!(a > 0) || !(b > 0))
		return;
	compare_floor_pair(t, n, base->gpu, it->gpu,
			   base->kind > it->kind ? base->kind : it->kind,
			   fmin(a, b), out);
}

/* The interval is widened to hold *x where the bootstrap's percentiles,
 * which are of resampled medians, fall just beside it, so that
 * lo <= x <= hi always holds.  A verdict beyond the threshold whose
 * change lies within the pair's floor is "same", as compare.c's
 * pair_judge has it. */
enum stats_verdict ratio_judge(const struct item *base, const struct item *it,
			       double *x, double *lo, double *hi)
{
	const struct timing *a = &it->row->t, *b = &base->row->t;
	double r, rlo, rhi, t = SPEEDUP_SAME_PCT / 100;
	enum stats_verdict v;
	struct compare_floor_pick f;

	*x = item_ms(base) / item_ms(it);
	*lo = *hi = NAN;
	if (base == it) {
		*lo = *hi = *x;
		return SV_SAME;
	}
	if (a->samples_ms && b->samples_ms &&
	    a->nsamples >= COMPARE_MIN_SAMPLES &&
	    b->nsamples >= COMPARE_MIN_SAMPLES &&
	    stats_ratio_ci(a->samples_ms, a->nsamples, b->samples_ms,
			   b->nsamples, STATS_CONFIDENCE, REPORT_BOOTSTRAP,
			   COMPARE_SEED, &r, &rlo, &rhi) == 0) {
		*lo = fmin(rlo, *x);
		*hi = fmax(rhi, *x);
		/* the verdict is on time (it / base): the speedup inverted */
		v = stats_verdict_of(1 / *hi, 1 / *lo, t);
	} else {
		v = stats_verdict_of(1 / *x, 1 / *x, t);
	}
	step_floor_of(base, it, &f);
	if (v != SV_SAME && f.floor > 0 && fabs(1 / *x - 1) <= f.floor)
		v = SV_SAME;
	return v;
}

static void ladder_analyse(struct ladder *l)
{
	const struct item *first = NULL;

	qsort(l->items, l->nitems, sizeof(*l->items), item_cmp);
	for (size_t i = 0; i < l->nitems; i++) {
		struct item *it = l->items[i];

		for (size_t c = 0; c < it->row->ncolumns; c++)
			names_add(&l->cols, &l->ncols,
				  it->row->columns[c].name);
		if (it->row->block > 0)
			l->blocks = true;
		if (it->row->resources.known)
			l->resources = true;
		if (it->harris)
			l->harris = true;
		if (!it->ok)
			continue;
		if (it->role == ROLE_CEILING && faster(it, l->ceiling))
			l->ceiling = it;
		if (item_is_cpu(it) && faster(it, l->cpu))
			l->cpu = it;
		if (it->role != ROLE_RUNG)
			continue;
		if (!first || it->row->step < first->row->step ||
		    (it->row->step == first->row->step && faster(it, first)))
			first = it;
		if (faster(it, l->best))
			l->best = it;
	}
	l->first = first;
	for (size_t i = 0; i < l->nitems; i++) {
		struct item *it = l->items[i];
		const struct item *prev = NULL;

		if (it->ok && l->cpu)
			it->cpu_x = item_ms(l->cpu) / item_ms(it);
		if (!it->ok || !first)
			continue;
		it->cum_verdict = ratio_judge(first, it, &it->cum_x,
					      &it->cum_lo, &it->cum_hi);
		if (it->role != ROLE_RUNG)
			continue;
		for (size_t j = 0; j < l->nitems; j++) {
			const struct item *p = l->items[j];

			if (p->role != ROLE_RUNG || !p->ok ||
			    p->row->step >= it->row->step)
				continue;
			if (!prev || p->row->step > prev->row->step ||
			    (p->row->step == prev->row->step && faster(p, prev)))
				prev = p;
		}
		if (prev) {
			it->prev = prev;
			step_floor_of(prev, it, &it->step_floor);
			it->step_verdict = ratio_judge(prev, it, &it->step_x,
						       &it->step_lo,
						       &it->step_hi);
		}
	}
}

size_t ladder_ok_rungs(const struct ladder *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->nitems; i++)
		n += l->items[i]->ok && l->items[i]->role == ROLE_RUNG;
	return n;
}

bool item_submission(const struct model *m, const struct item *it)
{
	const struct variant *v = it->v ? it->v :
				  model_variant(m, it->row->variant);

	return it->role == ROLE_USER && v && v->submission;
}

size_t ladder_rungs(const struct ladder *l, const struct item **out)
{
	size_t n = 0;

	for (size_t i = 0; i < l->nitems; i++) {
		const struct item *it = l->items[i];

		if (it->role != ROLE_RUNG || !it->ok)
			continue;
		if (n && out[n - 1]->row->step == it->row->step) {
			if (faster(it, out[n - 1]))
				out[n - 1] = it;
			continue;
		}
		out[n++] = it;
	}
	return n;
}

void model_release(struct model *m)
{
	for (size_t i = 0; i < m->nladders; i++) {
		free(m->ladders[i].items);
		free(m->ladders[i].cols);
	}
	for (size_t i = 0; i < m->ngroups; i++)
		free(m->groups[i].ladders);
	free(m->items);
	free(m->ladders);
	free(m->groups);
	free(m->cols);
	free(m->cpu_variants);
	free(m->sigs);
	free(m->class_chart);
	free(m->class_chart_exp);
	plot_set_free(m->plots);
	text_memo_free(m->texts);
	memset(m, 0, sizeof(*m));
}

void gpu_suffix(struct sbuf *b, const char *gpu)
{
	if (!gpu)
		return;
	sbuf_add(b, " (");
	md_text(b, gpu);
	sbuf_add(b, ")");
}

/* Whether the rows ran on more than one GPU model: the report then keeps
 * each model's rows in ladders and groups of their own. */
static bool several_models(const struct results *r)
{
	const char *first = NULL;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct environment *e = results_row_device(r, &r->rows[i]);

		if (!e)
			continue;
		if (!first)
			first = S(e->gpu_name);
		else if (!str_eq(first, e->gpu_name))
			return true;
	}
	return false;
}

/* The ladder of m that `row` belongs to, or NULL. */
static struct ladder *ladder_of(struct model *m, const struct result_row *row,
				const char *gpu)
{
	for (size_t k = 0; k < m->nladders; k++) {
		struct ladder *c = &m->ladders[k];

		if (str_eq(c->experiment, row->experiment) &&
		    str_eq(c->family, row->family) &&
		    str_eq(c->dtype, row->dtype) && c->n == row->n &&
		    c->m == row->m && (!m->by_gpu || str_eq(c->gpu, gpu)))
			return c;
	}
	return NULL;
}

void model_build(const struct results *r, struct model *m)
{
	const char **variants = NULL;

	memset(m, 0, sizeof(*m));
	m->r = r;
	m->texts = xcalloc(1, sizeof(*m->texts));
	m->by_gpu = several_models(r);
	m->nitems = r->nrows;
	m->items = xcalloc(r->nrows ? r->nrows : 1, sizeof(*m->items));
	for (size_t i = 0; i < r->nrows; i++) {
		const struct result_row *row = &r->rows[i];
		const struct environment *env = results_row_device(r, row);
		const char *gpu = m->by_gpu && env ? S(env->gpu_name) : NULL;
		struct item *it = &m->items[i];
		struct ladder *l;

		item_init(m, it, row);
		m->nfailed += !it->ok;
		m->nuser += it->role == ROLE_USER;
		/* a CPU reference is no kernel: counted apart */
		if (item_is_cpu(it))
			names_add(&m->cpu_variants, &m->ncpu_variants,
				  row->variant);
		else
			names_add(&variants, &m->nvariants, row->variant);
		for (size_t c = 0; c < row->ncolumns; c++)
			names_add(&m->cols, &m->ncols, row->columns[c].name);
		l = ladder_of(m, row, gpu);
		if (!l) {
			m->ladders = xrealloc(m->ladders, (m->nladders + 1) *
					      sizeof(*m->ladders));
			l = &m->ladders[m->nladders++];
			memset(l, 0, sizeof(*l));
			l->experiment = S(row->experiment);
			l->family = S(row->family);
			l->dtype = S(row->dtype);
			l->n = row->n;
			l->m = row->m;
			l->matrix = row_is_matrix(row);
			l->gpu = gpu;
			l->env = env;
		}
		/* item pointers stay valid: m->items is never reallocated */
		l->items = xrealloc(l->items, (l->nitems + 1) * sizeof(*l->items));
		l->items[l->nitems++] = it;
	}
	free(variants);
	m->nsigs = signature_check_all(r, &m->sigs);
	sort_r = r;
	if (m->nladders)
		qsort(m->ladders, m->nladders, sizeof(*m->ladders), ladder_cmp);
	sort_r = NULL;
	for (size_t k = 0; k < m->nladders; k++) {
		struct ladder *l = &m->ladders[k];
		struct group *g = m->ngroups ? &m->groups[m->ngroups - 1] : NULL;

		ladder_analyse(l);
		/* ladders are sorted by family and type: groups are runs */
		if (!g || !str_eq(g->family, l->family) ||
		    !str_eq(g->dtype, l->dtype) || !str_eq(g->gpu, l->gpu)) {
			m->groups = xrealloc(m->groups, (m->ngroups + 1) *
					     sizeof(*m->groups));
			g = &m->groups[m->ngroups++];
			memset(g, 0, sizeof(*g));
			g->family = l->family;
			g->dtype = l->dtype;
			g->gpu = l->gpu;
			g->env = l->env;
		}
		g->ladders = xrealloc(g->ladders, (g->nladders + 1) *
				      sizeof(*g->ladders));
		g->ladders[g->nladders++] = l;
		if (ladder_ok_rungs(l) &&
		    (!g->top || ladder_ok_rungs(l) >= ladder_ok_rungs(g->top)))
			g->top = l;   /* sizes ascend: the last is the largest */
		if (ladder_ok_rungs(l) >= 2 && !g->small)
			g->small = l;
	}
}

/* ---- counter changes ------------------------------------------------------- */

/* The bytes a row moved to and from device memory, NAN unknown. */
static double row_traffic(const struct result_row *w)
{
	return row_column(w, "dram_read_bytes") +
	       row_column(w, "dram_write_bytes");
}

/* What a change of column `col` between rows ra and rb is measured
 * against: a byte count against all the bytes either kernel moved,
 * anything else against itself (0). */
double counter_change_scale(const char *col, const struct result_row *ra,
			    const struct result_row *rb)
{
	const struct metric_column_def *d = column_def(col, NULL);
	double t;

	if (!d || !d->unit || strcmp(d->unit, "B") != 0)
		return 0;
	t = fmax(row_traffic(ra), row_traffic(rb));
	return isfinite(t) ? t : 0;
}

bool counter_moved(const char *col, double a, double b,
		   const struct result_row *ra, const struct result_row *rb)
{
	return metrics_change_beyond_noise_of(col, a, b,
					      counter_change_scale(col, ra, rb));
}

/* ---- metric metadata -------------------------------------------------- */

const struct metric_column_def *column_def(const char *name,
					   const struct metric_alias **alias)
{
	size_t n;
	const struct metric_alias *a = metrics_aliases(&n);

	for (size_t i = 0; a && i < n; i++)
		for (size_t c = 0; c < METRIC_MAX_COLS && a[i].cols[c].name;
		     c++)
			if (str_eq(a[i].cols[c].name, name)) {
				if (alias)
					*alias = &a[i];
				return &a[i].cols[c];
			}
	return NULL;
}

const char *fmt_counter(char *buf, size_t size, const char *name, double v)
{
	const struct metric_column_def *d = column_def(name, NULL);
	const char *unit = d ? S(d->unit) : "";

	if (!isfinite(v))
		snprintf(buf, size, "—");
	else if (strcmp(unit, "B") == 0)
		fmt_bytes(buf, size, v);
	else if (strcmp(unit, "%") == 0)
		snprintf(buf, size, "%.1f %%", v);
	else
		fmt_sig(buf, size, v, 3);
	return buf;
}

const struct experiment_meta *model_experiment(const struct results *r,
					       const char *name)
{
	for (size_t i = 0; i < r->nexperiments; i++)
		if (str_eq(r->experiments[i].name, name))
			return &r->experiments[i];
	return NULL;
}

/* ---- an item's time and its step (report_int.h) ------------------ */

double step_bound_pct(const struct item *it)
{
	double f = 100 * it->step_floor.floor;

	return f > SPEEDUP_SAME_PCT ? f : SPEEDUP_SAME_PCT;
}

enum stats_verdict step_judge(const struct item *from,
			      const struct item *to, double *x, double *lo,
			      double *hi)
{
	if (to->prev != from)
		return ratio_judge(from, to, x, lo, hi);
	*x = to->step_x;
	*lo = to->step_lo;
	*hi = to->step_hi;
	return to->step_verdict;
}

bool step_within_noise(const struct item *it)
{
	return it->prev && (it->step_verdict == SV_SAME ||
			    it->step_verdict == SV_UNKNOWN);
}

double item_ms(const struct item *it)
{
	return it->row->t.median_ms;
}

bool faster(const struct item *a, const struct item *b)
{
	return !b || item_ms(a) < item_ms(b);
}
