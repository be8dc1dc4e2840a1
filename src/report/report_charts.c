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
#include "results/results.h"
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

/* A variant's name without its family's prefix ("interleaved_divergent"
 * for reduce_interleaved_divergent): the chart's title names the family,
 * and the short name fits beside a bar in full. */
static const char *short_name(const struct item *it)
{
	const char *v = S(it->row->variant), *f = S(it->row->family);
	size_t n = strlen(f);

	if (n && strncmp(v, f, n) == 0 && v[n] == '_' && v[n + 1])
		return v + n + 1;
	return v;
}

/* A line's or bar's label: the variant's short name, its block where
 * blocks vary, and "(yours)" for the user's kernels. */
static char *item_label(const struct item *it, bool with_block)
{
	const char *mine = it->role == ROLE_USER ? " (yours)" :
			   it->role == ROLE_CEILING ? " (ceiling)" : "";

	if (with_block && it->row->block > 0)
		return xasprintf("%s (block %d)%s", short_name(it),
				 it->row->block, mine);
	return xasprintf("%s%s", short_name(it), mine);
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
			  short_name(users[i]));
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

/* A rung's row in the ladder chart: "3: interleaved_divergent". */
static char *rung_label(const struct item *it)
{
	return xasprintf("%d: %s", it->row->step, short_name(it));
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
	const char *gpu;            /* the GPU the charts' rows ran on, or
				       NULL when the results do not say */
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

/* A chart's title, which says what it shows without the report around
 * it: "reduce / float, n = 2^28, NVIDIA H100 80GB HBM3: what" (size
 * NULL: none). */
static char *chart_title(const struct chart_ctx *x, const char *size,
			 const char *what)
{
	struct sbuf b = SBUF_INIT;

	sbuf_add(&b, x->title);
	if (size)
		sbuf_addf(&b, ", %s", size);
	if (x->gpu && *x->gpu)
		sbuf_addf(&b, ", %s", x->gpu);
	if (what)
		sbuf_addf(&b, ": %s", what);
	return sbuf_detach(&b);
}

/* Median time against size, one line per variant (log-log), with the
 * 95 % interval of each median. */
static const char *chart_time(const struct chart_ctx *x)
{
	char *name = chart_name(x->g, CH_TIME);
	struct plot_chart *c = plot_chart_add(x->set, name, NULL);
	char *t = chart_title(x, NULL, "median time against size");
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
	char *t = chart_title(x, NULL, "bandwidth against size");
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

/* Speedups a ladder chart's step panel draws to scale: from 0 to this;
 * a larger step (a teaching rung's undoing) reaches the edge, marked,
 * with its value.  Fixed, so that every ladder chart reads the same and
 * a 1.2x step is a sixth of the panel. */
#define LADDER_STEP_MAX 2.5

/* Times more than this far above the next faster one (in a ladder whose
 * fastest two thirds lie below them) are drawn to the edge of the time
 * panel, marked, with their value: rung 2, a teaching rung, takes 160x
 * rung 1's time and would squash every other bar to a sliver. */
#define LADDER_TIME_GAP 8.0

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The end of the ladder chart's time axis: a little beyond the slowest
 * time below a gap of LADDER_TIME_GAP, or NAN (from the data) when there
 * is no such gap. */
static double ladder_time_max(const struct chart_ctx *x)
{
	size_t n = x->nrungs + x->nusers, k;
	double *t = xcalloc(n + 1, sizeof(*t)), end = NAN;

	for (k = 0; k < n; k++)
		t[k] = item_ms(k < x->nrungs ? x->rungs[k] :
			       x->users[k - x->nrungs]);
	qsort(t, n, sizeof(*t), dbl_cmp);
	for (k = 1; k < n; k++)
		if (t[k] > LADDER_TIME_GAP * t[k - 1] && k * 3 >= n * 2) {
			end = t[k - 1] * 1.25;
			break;
		}
	free(t);
	return end;
}

/* The top ladder, the one chart of it a report's body shows, in the
 * words of language L (a chart per language the report is written in,
 * "ladder-FAMILY-TYPE" in English, "ladder-FAMILY-TYPE.zh" in Chinese;
 * rung names are code and stay): each rung's median time (and the
 * user's kernels'), as bars on a linear axis with their values, against
 * the ladder's own ceiling (copy, read); beside it each step's speedup
 * over the previous rung, on a linear axis from 0 to LADDER_STEP_MAX,
 * coloured by what the model found of it (faster, slower, or within
 * noise: its run-to-run floor or an unresolved interval) and labelled
 * with the words the body's table gives it (step_words: "1.17x slower",
 * never "0.86x"; "快 1.63×").  Both panels cut outliers at their edge,
 * marked and labelled. */
static const char *chart_ladder(const struct chart_ctx *x, enum lang L)
{
	static const enum plot_style verdict_style[] = {
		PLOT_SOLID, PLOT_SOLID, PLOT_MUTED,
	};
	/* no key: each bar's label says it ("1.17x slower", "1.00x,
	 * within noise"), and the caption the colours */
	const char *const verdict_title[] = { "", "", "" };
	struct plot_series *time, *step[3];
	char *t = chart_title(x, x->size, NULL);
	char *name = chart_name(x->g, CH_LADDER), *lname;
	struct plot_chart *c;
	struct plot_panel *pt, *ps;
	struct sbuf w = SBUF_INIT;

	lname = L == EN ? xstrdup(name) : xasprintf("%s.zh", name);
	c = plot_chart_add(x->set, lname, t);
	free(lname);
	free(name);
	free(t);
	pt = plot_panel_add(c, PLOT_HBARS, say_text(L, M_CH_AXIS_TIME), NULL,
			    NULL);
	plot_panel_range(pt, 0, ladder_time_max(x));
	time = plot_series_add(pt, NULL, PLOT_SOLID);
	plot_series_labels(time, PLOT_LABELS_VALUE);
	if (x->top->ceiling) {
		char ms[32];

		snprintf(ms, sizeof(ms), "%.3g", item_ms(x->top->ceiling));
		SAY(&w, L, M_CH_KEY_CEILING, short_name(x->top->ceiling),
		    say_text(L, M_ROLE_CEILING), ms);
		plot_panel_hline(pt, sbuf_str(&w), item_ms(x->top->ceiling),
				 PLOT_DASHED);
		sbuf_reset(&w);
	}
	ps = plot_panel_add(c, PLOT_HBARS, say_text(L, M_CH_AXIS_STEP),
			    NULL, NULL);
	plot_panel_bar_base(ps, 1);
	plot_panel_range(ps, 0, LADDER_STEP_MAX);
	for (size_t k = 0; k < ARRAY_SIZE(step); k++) {
		step[k] = plot_series_add(ps, verdict_title[k],
					  verdict_style[k]);
		plot_series_labels(step[k], PLOT_LABELS_TEXT);
	}
	for (size_t i = 0; i < x->nrungs + x->nusers; i++) {
		const struct item *it = i < x->nrungs ? x->rungs[i] :
					x->users[i - x->nrungs];
		size_t verdict = it->step_verdict == SV_FASTER ? 0 :
				 it->step_verdict == SV_SLOWER ? 1 : 2;
		size_t at;

		sbuf_reset(&w);
		if (i < x->nrungs) {
			char *label = rung_label(it);

			sbuf_add(&w, label);
			free(label);
		} else {
			SAY(&w, L, M_CH_ROW_USER, say_text(L, M_ROLE_USER),
			    short_name(it));
		}
		at = plot_panel_category(pt, sbuf_str(&w));
		plot_panel_category(ps, sbuf_str(&w));
		plot_series_point(time, (double)at, item_ms(it));
		/* the user's kernels are not rungs: no step */
		for (size_t k = 0; k < ARRAY_SIZE(step); k++) {
			bool here = i < x->nrungs && k == verdict;

			plot_series_point(step[k], (double)at,
					  here ? it->step_x : NAN);
			/* English in "x" as the charts always had; a
			 * language of its own in its own signs */
			if (here && it->prev) {
				sbuf_reset(&w);
				step_words(&w, L, it, L == EN);
				plot_series_text(step[k], sbuf_str(&w));
			}
		}
	}
	sbuf_release(&w);
	return chart_if_drawable(c);
}

void ladder_ceiling_words(struct sbuf *b, enum lang L, const struct ladder *l)
{
	struct sbuf name = SBUF_INIT;

	if (!l || !l->ceiling)
		return;
	md_text(&name, S(l->ceiling->row->variant));
	SAY(b, L, M_CH_LADDER_CEIL, sbuf_str(&name));
	sbuf_release(&name);
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
	char *what = xasprintf("counters per rung%s", key);
	char *t = chart_title(x, x->size, what);
	char *name = chart_name(x->g, CH_COUNTERS);
	struct plot_chart *c = plot_chart_add(x->set, name, t);
	const char **cols = xcalloc(top->ncols, sizeof(*cols));
	size_t ncols = counter_columns(x, cols);

	free(name);
	free(t);
	free(what);
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

/* The top ladder's bandwidth per verified row, as horizontal bars with
 * their values, against its copy ceiling and the theoretical peak. */
static const char *chart_transpose(const struct chart_ctx *x)
{
	const struct environment *env = peak_env(x);
	const struct ladder *top = x->top;
	char *t = chart_title(x, x->size, "bandwidth per variant");
	char *name = chart_name(x->g, CH_TRANSPOSE);
	struct plot_chart *c = plot_chart_add(x->set, name, NULL);
	struct plot_panel *p;
	struct plot_series *s;

	free(name);
	p = plot_panel_add(c, PLOT_HBARS, t, NULL, "GB/s");
	free(t);
	s = plot_series_add(p, NULL, PLOT_SOLID);
	plot_series_labels(s, PLOT_LABELS_VALUE);
	for (size_t i = 0; i < top->nitems; i++) {
		const struct item *it = top->items[i];
		char *label;
		size_t at;

		if (!it->ok)
			continue;
		label = it->role == ROLE_RUNG && !top->blocks ?
			rung_label(it) : item_label(it, top->blocks);
		at = plot_panel_category(p, label);
		free(label);
		plot_series_point(s, (double)at, it->row->gbps);
	}
	if (top->ceiling) {
		t = xasprintf("ceiling (%s) %.0f GB/s",
			      short_name(top->ceiling),
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

/* The sizes group g measured with a verified row, counted up to 2. */
static size_t group_sizes(const struct group *g)
{
	const struct ladder *one = NULL;

	for (size_t k = 0; k < g->nladders; k++)
		for (size_t i = 0; i < g->ladders[k]->nitems; i++) {
			const struct item *it = g->ladders[k]->items[i];

			if (!it->ok)
				continue;
			if (one && (one->n != g->ladders[k]->n ||
				    one->m != g->ladders[k]->m))
				return 2;
			one = g->ladders[k];
		}
	return one ? 1 : 0;
}

/* Adds group g's charts to `set` and records in names[L] those that
 * will be drawn for language L: time and bandwidth against size where it
 * measured two sizes or more (one size would stack every line's one
 * point at one x: the ladder chart shows that size), and at the top
 * ladder's size the ladder, the counters and (transpose) the bandwidth
 * per variant.  The ladder chart, which the body shows, is drawn in
 * each language of `langs` (1u << L); the others, in the details only,
 * in English for both (their words are mostly code and units). */
static void charts_group(const struct model *m, struct group *g,
			 struct plot_set *set, unsigned langs,
			 const char *(*names)[CH__COUNT])
{
	struct chart_ctx x = { .m = m, .g = g, .set = set, .top = g->top };
	char *title, *size;
	char xlabel[64];

	x.title = title = xasprintf("%s / %s", g->family, g->dtype);
	x.gpu = g->gpu ? g->gpu : peak_env(&x) ? peak_env(&x)->gpu_name : NULL;
	snprintf(xlabel, sizeof(xlabel), "%s",
		 family_is_matrix(g->family) ? "elements (rows x columns)"
					     : "elements (n)");
	x.xlabel = xlabel;
	if (group_sizes(g) >= 2) {
		names[EN][CH_TIME] = chart_time(&x);
		names[EN][CH_BW] = chart_bandwidth(&x);
	}
	if (!x.top)
		goto out;
	x.size = size = size_text_as(x.top->n, x.top->m, x.top->matrix, true);
	x.rungs = xcalloc(x.top->nitems, sizeof(*x.rungs));
	x.nrungs = ladder_rungs(x.top, x.rungs);
	x.users = xcalloc(x.top->nitems, sizeof(*x.users));
	x.nusers = ladder_users(x.top, x.users);
	for (int L = 0; L < NLANG && x.nrungs >= 2; L++)
		if (langs & (1u << L))
			names[L][CH_LADDER] = chart_ladder(&x, (enum lang)L);
	if (x.top->ncols && x.nrungs)
		names[EN][CH_COUNTERS] = chart_counters(&x);
	if (family_transpose_chart(g->family))
		names[EN][CH_TRANSPOSE] = chart_transpose(&x);
	free(size);
out:
	for (int L = 1; L < NLANG; L++)
		for (int k = 0; k < CH__COUNT; k++)
			if (k != CH_LADDER)
				names[L][k] = names[EN][k];
	free(x.rungs);
	free(x.users);
	free(title);
}

struct plot_set *charts_build(struct model *m, unsigned langs)
{
	struct plot_set *set = plot_set_new();

	for (size_t i = 0; i < m->ngroups; i++)
		charts_group(m, &m->groups[i], set, langs,
			     m->groups[i].chart);
	return set;
}
