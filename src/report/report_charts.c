/* report_charts.c - the report's charts: for each family/dtype group,
 * time and bandwidth against size and, at its largest size with a
 * verified rung, the speedups, the counters and (transpose) the
 * bandwidth per variant.  See report_int.h.
 *
 * The user's kernels are drawn beside the rungs and labelled "yours":
 * lines of their own in the time and bandwidth charts, and categories
 * after the rungs in the bar charts (over the first rung only, as they
 * are not rungs).
 *
 * The charts are only described here, as report.h's sets, panels and
 * series; plot.c writes their data and scripts and draws them all with
 * one gnuplot run.  The names of those that will be drawn are recorded in
 * the model, so that the charts block links exactly those. */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters/counters.h"
#include "report.h"
#include "ladder/ladder.h"
#include "run/run.h"
#include "compare/compare.h"
#include "base/strmap.h"
#include "base/util.h"

static const char *chart_kind_names[CH__COUNT] = {
	[CH_TIME] = "time", [CH_BW] = "bandwidth", [CH_LADDER] = "ladder",
	[CH_COUNTERS] = "counters", [CH_TRANSPOSE] = "transpose",
};

static char *chart_name(const struct group *g, enum chart k)
{
	if (g->gpu)     /* plot.c makes it a file name */
		return xasprintf("%s-%s-%s-%s", chart_kind_names[k], g->family,
				 g->dtype, g->gpu);
	return xasprintf("%s-%s-%s", chart_kind_names[k], g->family, g->dtype);
}


/* A line's or bar's label: the variant, its block where blocks vary, and
 * "(yours)" for the user's kernels. */
static char *item_label(const struct item *it, bool with_block)
{
	const char *mine = it->role == ROLE_USER ? " (yours)" :
			   it->role == ROLE_CEILING ? " (ceiling)" : "";

	if (with_block && it->row->block > 0)
		return xasprintf("%s (block %d)%s", S(it->row->variant),
				 it->row->block, mine);
	return xasprintf("%s%s", S(it->row->variant), mine);
}

/* The fastest verified row of each of the user's kernels in ladder l, in
 * the ladder's order, into out[] (room for l->nitems); returns how many.
 * They are drawn after the rungs in the bar charts, as categories of
 * their own. */
static size_t ladder_users(const struct ladder *l, const struct item **out)
{
	size_t n = 0;

	for (size_t i = 0; i < l->nitems; i++) {
		const struct item *it = l->items[i];
		size_t k;

		if (it->role != ROLE_USER || !it->ok)
			continue;
		for (k = 0; k < n; k++)
			if (str_eq(out[k]->row->variant, it->row->variant))
				break;
		if (k == n)
			out[n++] = it;
		else if (faster(it, out[k]))
			out[k] = it;
	}
	return n;
}

/* The bar charts' category of the user's kernel i: "Y1", "Y2", ... (a
 * label long enough to name it crowds the panels; users_key() names them
 * in the title). */
static char *user_label(size_t i)
{
	return xasprintf("Y%zu", i + 1);
}

/* " (yours: Y1 = alice.v1, Y2 = ...)" for a bar chart's title, or "". */
static char *users_key(const struct item *const *users, size_t n)
{
	struct sbuf b = SBUF_INIT;

	for (size_t i = 0; i < n; i++)
		sbuf_addf(&b, "%sY%zu = %s", i ? ", " : " (yours: ", i + 1,
			  S(users[i]->row->variant));
	if (n)
		sbuf_addc(&b, ')');
	return n ? sbuf_detach(&b) : xstrdup("");
}

struct point {
	double x, y, lo, hi;   /* lo, hi: the 95 % interval of y, or NAN */
};

static int point_cmp(const void *a, const void *b)
{
	const struct point *p = a, *q = b;

	return p->x < q->x ? -1 : p->x > q->x;
}

/* The 95 % interval of an item's median time, or of its bandwidth (the
 * bytes over the interval's ends), into *lo and *hi; NAN when the row has
 * none. */
static void point_interval(const struct item *it, bool bandwidth, double *lo,
			   double *hi)
{
	const struct timing *t = &it->row->t;

	*lo = *hi = NAN;
	if (!has_interval(t))
		return;
	if (!bandwidth) {
		*lo = t->median_lo_ms;
		*hi = t->median_hi_ms;
	} else if (t->median_lo_ms > 0 && t->median_hi_ms > 0 &&
		   t->median_ms > 0) {
		*lo = it->row->gbps * t->median_ms / t->median_hi_ms;
		*hi = it->row->gbps * t->median_ms / t->median_lo_ms;
	}
}

/* One line of chart_lines(). */
struct line {
	char *label;
	enum plot_style style;
	struct point *pts;
	size_t npts;
};

/* For each verified item of a group in order, whether its variant has
 * rows of more than one block size in the group (then its lines are
 * labelled with the block size); one pass, variants found by hash. */
static bool *group_blocks_vary(const struct group *g)
{
	struct strmap vmap = STRMAP_INIT;
	size_t nitems = 0, n = 0, nvar = 0;
	int *seen = NULL;
	bool *vary = NULL, *out;
	size_t *var_of;

	for (size_t k = 0; k < g->nladders; k++)
		nitems += g->ladders[k]->nitems;
	var_of = xcalloc(nitems + 1, sizeof(*var_of));
	for (size_t k = 0; k < g->nladders; k++)
		for (size_t i = 0; i < g->ladders[k]->nitems; i++) {
			const struct item *it = g->ladders[k]->items[i];
			size_t v;

			if (!it->ok)
				continue;
			v = strmap_put(&vmap, it->row->variant, nvar);
			if (v == nvar) {
				seen = xrealloc(seen, (nvar + 1) * sizeof(*seen));
				vary = xrealloc(vary, (nvar + 1) * sizeof(*vary));
				seen[nvar] = 0;
				vary[nvar++] = false;
			}
			if (seen[v] && it->row->block != seen[v])
				vary[v] = true;
			seen[v] = it->row->block;
			var_of[n++] = v;
		}
	out = xcalloc(n + 1, sizeof(*out));
	for (size_t i = 0; i < n; i++)
		out[i] = vary[var_of[i]];
	strmap_release(&vmap);
	free(seen);
	free(vary);
	free(var_of);
	return out;
}

/* One line per variant (and block, where it varies) of a group: time or
 * bandwidth against elements, each point with the 95 % interval of its
 * median as an error bar.  Variants, labels and sizes are found by
 * hash, so this is linear in the group's items (quadratic lookups made a
 * crafted results file cost minutes). */
static void chart_lines(const struct group *g, struct plot_panel *p,
			bool bandwidth)
{
	struct strmap lmap = STRMAP_INIT, xmap = STRMAP_INIT;
	struct sbuf key = SBUF_INIT;
	bool *vary = group_blocks_vary(g);
	struct line *lines = NULL;
	size_t nlines = 0, n = 0;

	for (size_t k = 0; k < g->nladders; k++)
		for (size_t i = 0; i < g->ladders[k]->nitems; i++) {
			const struct item *it = g->ladders[k]->items[i];
			struct line *l;
			char *label;
			double x, y, lo, hi;
			uint64_t xbits;
			size_t j, q;

			if (!it->ok)
				continue;
			label = item_label(it, vary[n++]);
			j = strmap_put(&lmap, label, nlines);
			if (j == nlines) {
				lines = xrealloc(lines, (nlines + 1) *
						 sizeof(*lines));
				lines[nlines++] = (struct line){ label,
					PLOT_SOLID, NULL, 0 };
			} else {
				free(label);
			}
			l = &lines[j];
			if (it->role == ROLE_CEILING || it->role == ROLE_COPY)
				l->style = PLOT_DASHED;   /* copies */
			x = (double)it->row->n * (double)it->row->m;
			y = bandwidth ? it->row->gbps : item_ms(it);
			point_interval(it, bandwidth, &lo, &hi);
			/* one point per size: the best of the experiments
			 * that measured it */
			memcpy(&xbits, &x, sizeof(xbits));
			sbuf_reset(&key);
			strmap_key_u64(&key, j);
			strmap_key_u64(&key, xbits);
			q = strmap_putn(&xmap, key.buf, key.len, l->npts);
			if (q != l->npts) {
				if (bandwidth ? y > l->pts[q].y :
						y < l->pts[q].y)
					l->pts[q] = (struct point){ x, y, lo,
								    hi };
				continue;
			}
			l->pts = xrealloc(l->pts, (l->npts + 1) * sizeof(*l->pts));
			l->pts[l->npts++] = (struct point){ x, y, lo, hi };
		}
	for (size_t j = 0; j < nlines; j++) {
		struct plot_series *s;

		if (lines[j].npts)
			qsort(lines[j].pts, lines[j].npts, sizeof(struct point),
			      point_cmp);
		s = plot_series_add(p, lines[j].label, lines[j].style);
		for (size_t q = 0; q < lines[j].npts; q++)
			plot_series_interval(s, lines[j].pts[q].x,
					     lines[j].pts[q].y,
					     lines[j].pts[q].lo,
					     lines[j].pts[q].hi);
		free(lines[j].pts);
		free(lines[j].label);
	}
	free(lines);
	free(vary);
	sbuf_release(&key);
	strmap_release(&lmap);
	strmap_release(&xmap);
}

static char *rung_label(const struct item *it)
{
	return xasprintf("%d: %s", it->row->step, S(it->row->variant));
}

/* The chart's file name when it has something to draw, else NULL (such a
 * chart is not drawn and not linked). */
static const char *chart_if_drawable(const struct plot_chart *c)
{
	return plot_chart_drawable(c) ? plot_chart_name(c) : NULL;
}

/* What the charts of one group share. */
struct chart_ctx {
	const struct model *m;
	const struct group *g;
	struct plot_set *set;
	const char *title;          /* "family / dtype" */
	const char *xlabel;         /* the size axis of the line charts */
	const struct ladder *top;   /* the group's top ladder, or NULL */
	const char *size;           /* its size, for the bar charts' titles */
	const struct item **rungs;  /* its best verified row of each rung */
	size_t nrungs;
	const struct item **users;  /* its user kernels' best verified rows */
	size_t nusers;
};

/* The environment whose peak a group's charts draw: its GPU's when the
 * report keeps models apart, else the results'. */
static const struct environment *peak_env(const struct chart_ctx *x)
{
	if (x->g->gpu && x->g->env)
		return x->g->env;
	return x->m->r->has_env ? &x->m->r->env : NULL;
}

/* Median time against size, one line per variant (log-log), with the
 * 95 % interval of each median. */
static const char *chart_time(const struct chart_ctx *x)
{
	char *name = chart_name(x->g, CH_TIME);
	struct plot_chart *c = plot_chart_add(x->set, name, NULL);
	char *t = xasprintf("%s: median time vs size", x->title);
	struct plot_panel *p;

	free(name);
	p = plot_panel_add(c, PLOT_XY, t, x->xlabel, "time (ms)");
	free(t);
	plot_panel_logscale(p, 2, 10);
	chart_lines(x->g, p, false);
	return chart_if_drawable(c);
}

/* Bandwidth against size, with the theoretical peak as a line.  The
 * group's copy ceiling is one of its lines (dashed, "copy ceiling"): a
 * group without one gets none, rather than another family's copy, whose
 * access shape is not this family's. */
static const char *chart_bandwidth(const struct chart_ctx *x)
{
	const struct environment *env = peak_env(x);
	char *name = chart_name(x->g, CH_BW);
	struct plot_chart *c = plot_chart_add(x->set, name, NULL);
	char *t = xasprintf("%s: bandwidth vs size", x->title);
	struct plot_panel *p;

	free(name);
	p = plot_panel_add(c, PLOT_XY, t, x->xlabel, "GB/s");
	free(t);
	plot_panel_logscale(p, 2, 0);
	chart_lines(x->g, p, true);
	if (env && env->peak_gbps > 0) {
		t = xasprintf("theoretical peak %.0f GB/s", env->peak_gbps);
		plot_panel_hline(p, t, env->peak_gbps, PLOT_SOLID);
		free(t);
	}
	return chart_if_drawable(c);
}

/* The top ladder's speedup per rung: over the previous rung and over the
 * first, as bars from 1x. */
static const char *chart_ladder(const struct chart_ctx *x)
{
	struct plot_series *step, *cum;
	char *key = users_key((const struct item *const *)x->users, x->nusers);
	char *t = xasprintf("%s, %s: speedup per rung%s", x->title, x->size,
			    key);
	char *name = chart_name(x->g, CH_LADDER);
	struct plot_chart *c = plot_chart_add(x->set, name, NULL);
	struct plot_panel *p;

	free(name);
	p = plot_panel_add(c, PLOT_BARS, t, "rung", "speedup (x, log scale)");
	free(t);
	free(key);
	plot_panel_logscale(p, 0, 2);
	plot_panel_bar_base(p, 1);
	step = plot_series_add(p, "over the previous rung", PLOT_SOLID);
	cum = plot_series_add(p, "over the first rung", PLOT_SOLID);
	/* values on both bars (upright where many: report.h) */
	plot_series_labels(step, PLOT_LABELS_TIMES);
	plot_series_labels(cum, PLOT_LABELS_TIMES);
	for (size_t i = 0; i < x->nrungs; i++) {
		char *label = rung_label(x->rungs[i]);
		size_t at = plot_panel_category(p, label);

		free(label);
		plot_series_point(step, (double)at, x->rungs[i]->step_x);
		plot_series_point(cum, (double)at, x->rungs[i]->cum_x);
	}
	/* the user's kernels: not rungs, so over the first rung only */
	for (size_t i = 0; i < x->nusers; i++) {
		char *label = user_label(i);
		size_t at = plot_panel_category(p, label);

		free(label);
		plot_series_point(step, (double)at, NAN);
		plot_series_point(cum, (double)at, x->users[i]->cum_x);
	}
	return chart_if_drawable(c);
}

/* Counters drawn beside the signatures' own: what tells a one-block rung
 * (one SM busy) from the others, and the DRAM traffic a memory-bound
 * step must cut. */
static const char *const counters_always[] = {
	"achieved_occupancy_pct", "dram_read_bytes", "dram_write_bytes",
};

/* The most counter panels in one chart. */
#define COUNTER_PANELS 8

/* Whether column col is named by the signature of one of the chart's
 * rungs. */
static bool in_signatures(const struct chart_ctx *x, const char *col)
{
	for (size_t i = 0; i < x->nrungs; i++) {
		const struct variant *v = x->rungs[i]->v;

		for (size_t k = 0; v && k < VARIANT_MAX_EXPECT &&
				   v->expect[k].column; k++)
			if (str_eq(v->expect[k].column, col))
				return true;
	}
	return false;
}

/* The counter columns the chart draws, into cols[] (room for top->ncols,
 * COUNTER_PANELS at most): those the rungs' signatures are stated in,
 * then counters_always; the ladder's first columns when no signature
 * names any of them. */
static size_t counter_columns(const struct chart_ctx *x, const char **cols)
{
	const struct ladder *top = x->top;
	size_t n = 0;

	for (size_t k = 0; k < top->ncols && n < COUNTER_PANELS; k++)
		if (in_signatures(x, top->cols[k]))
			cols[n++] = top->cols[k];
	for (size_t a = 0; a < ARRAY_SIZE(counters_always); a++)
		for (size_t k = 0; k < top->ncols && n < COUNTER_PANELS; k++)
			if (str_eq(top->cols[k], counters_always[a]) &&
			    !in_signatures(x, top->cols[k]))
				cols[n++] = top->cols[k];
	if (n <= ARRAY_SIZE(counters_always))
		for (size_t k = 0; k < top->ncols && n < 6; k++) {
			bool have = false;

			for (size_t j = 0; j < n && !have; j++)
				have = str_eq(cols[j], top->cols[k]);
			if (!have)
				cols[n++] = top->cols[k];
		}
	return n;
}

/* Whether the values of column col over the chart's rows span more than
 * a factor of 30 (one outlier would flatten the others on a linear
 * axis): then the panel's y axis is logarithmic. */
static bool counter_wide(const struct chart_ctx *x, const char *col)
{
	double lo = INFINITY, hi = 0;

	for (size_t i = 0; i < x->nrungs + x->nusers; i++) {
		const struct item *it = i < x->nrungs ? x->rungs[i] :
					x->users[i - x->nrungs];
		double v = row_column(it->row, col);

		if (isfinite(v) && v > 0) {
			lo = fmin(lo, v);
			hi = fmax(hi, v);
		}
	}
	return hi > 0 && hi / lo > 30;
}

/* The top ladder's counters per rung: one panel per counter its rungs'
 * signatures are stated in (and counters_always), two panels a row, each value
 * printed on its bar; a panel whose values span more than 30x is drawn
 * on a log axis (zeros are then left out, as the axis says). */
static const char *chart_counters(const struct chart_ctx *x)
{
	const struct ladder *top = x->top;
	char *key = users_key((const struct item *const *)x->users, x->nusers);
	char *t = xasprintf("%s, %s: the signatures' counters per rung%s",
			    x->title, x->size, key);
	char *name = chart_name(x->g, CH_COUNTERS);
	struct plot_chart *c = plot_chart_add(x->set, name, t);
	const char **cols = xcalloc(top->ncols, sizeof(*cols));
	size_t ncols = counter_columns(x, cols);

	free(name);
	free(t);
	free(key);
	plot_chart_columns(c, ncols > 1 ? 2 : 1);
	for (size_t k = 0; k < ncols; k++) {
		const char *col = cols[k];
		const struct metric_column_def *d = column_def(col, NULL);
		bool wide = counter_wide(x, col);
		const char *unit = d && d->unit && *d->unit ? d->unit : "value";
		char *ylabel = wide ? xasprintf("%s (log; 0 not drawn)", unit) :
				      xstrdup(unit);
		struct plot_panel *p;
		struct plot_series *s;

		p = plot_panel_add(c, PLOT_BARS, col, "rung", ylabel);
		free(ylabel);
		if (wide)
			plot_panel_logscale(p, 0, 10);
		s = plot_series_add(p, col, PLOT_SOLID);
		plot_series_labels(s, PLOT_LABELS_VALUE);
		for (size_t i = 0; i < x->nrungs; i++) {
			char *label = xasprintf("%d", x->rungs[i]->row->step);
			size_t at = plot_panel_category(p, label);

			free(label);
			plot_series_point(s, (double)at,
					  row_column(x->rungs[i]->row, col));
		}
		for (size_t i = 0; i < x->nusers; i++) {
			char *label = user_label(i);
			size_t at = plot_panel_category(p, label);

			free(label);
			plot_series_point(s, (double)at,
					  row_column(x->users[i]->row, col));
		}
	}
	free(cols);
	return chart_if_drawable(c);
}

/* The top ladder's bandwidth per verified row, against its copy ceiling
 * and the theoretical peak. */
static const char *chart_transpose(const struct chart_ctx *x)
{
	const struct environment *env = peak_env(x);
	const struct ladder *top = x->top;
	char *t = xasprintf("%s, %s: bandwidth per variant", x->title, x->size);
	char *name = chart_name(x->g, CH_TRANSPOSE);
	struct plot_chart *c = plot_chart_add(x->set, name, NULL);
	struct plot_panel *p;
	struct plot_series *s;

	free(name);
	p = plot_panel_add(c, PLOT_BARS, t, NULL, "GB/s");
	free(t);
	s = plot_series_add(p, "GB/s", PLOT_SOLID);
	plot_series_labels(s, PLOT_LABELS_VALUE);
	for (size_t i = 0; i < top->nitems; i++) {
		const struct item *it = top->items[i];
		char *label;
		size_t at;

		if (!it->ok)
			continue;
		label = item_label(it, top->blocks);
		at = plot_panel_category(p, label);
		free(label);
		plot_series_point(s, (double)at, it->row->gbps);
	}
	if (top->ceiling) {
		t = xasprintf("ceiling (%s) %.0f GB/s",
			      S(top->ceiling->row->variant),
			      top->ceiling->row->gbps);
		plot_panel_hline(p, t, top->ceiling->row->gbps, PLOT_DASHED);
		free(t);
	}
	if (env && env->peak_gbps > 0) {
		t = xasprintf("theoretical peak %.0f GB/s", env->peak_gbps);
		plot_panel_hline(p, t, env->peak_gbps, PLOT_SOLID);
		free(t);
	}
	return chart_if_drawable(c);
}

/* Adds group g's charts to `set` and records in names[] those that will
 * be drawn: time and bandwidth against size, and at the top ladder's
 * size the speedups, the counters and (transpose) the bandwidth per
 * variant. */
static void charts_group(const struct model *m, struct group *g,
			 struct plot_set *set, const char **names)
{
	struct chart_ctx x = { .m = m, .g = g, .set = set, .top = g->top };
	char *title, *size;
	char xlabel[64];

	x.title = title = g->gpu ? xasprintf("%s / %s (%s)", g->family,
					     g->dtype, g->gpu) :
				   xasprintf("%s / %s", g->family, g->dtype);
	snprintf(xlabel, sizeof(xlabel), "%s",
		 family_is_matrix(g->family) ? "elements (rows x columns)"
					     : "elements (n)");
	x.xlabel = xlabel;
	names[CH_TIME] = chart_time(&x);
	names[CH_BW] = chart_bandwidth(&x);
	if (!x.top)
		goto out;
	x.size = size = size_text_as(x.top->n, x.top->m, x.top->matrix, true);
	x.rungs = xcalloc(x.top->nitems, sizeof(*x.rungs));
	x.nrungs = ladder_rungs(x.top, x.rungs);
	x.users = xcalloc(x.top->nitems, sizeof(*x.users));
	x.nusers = ladder_users(x.top, x.users);
	if (x.nrungs >= 2)
		names[CH_LADDER] = chart_ladder(&x);
	if (x.top->ncols && x.nrungs)
		names[CH_COUNTERS] = chart_counters(&x);
	if (family_transpose_chart(g->family))
		names[CH_TRANSPOSE] = chart_transpose(&x);
	free(size);
out:
	free(x.rungs);
	free(x.users);
	free(title);
}

struct plot_set *charts_build(struct model *m)
{
	struct plot_set *set = plot_set_new();

	for (size_t i = 0; i < m->ngroups; i++)
		charts_group(m, &m->groups[i], set, m->groups[i].chart);
	return set;
}
