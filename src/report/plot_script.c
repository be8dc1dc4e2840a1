/* plot_script.c - a chart's gnuplot script.  See report.h; plot.c holds
 * the charts and writes their data, plot_draw.c runs gnuplot,
 * plot_ticks.c numbers the value axes.
 *
 * The script is built to be read on paper: a chart is PLOT_WIDTH px
 * wide, the width of an A4 page's text, so that its text prints at its
 * own size (9 pt, bar labels 8.25 pt); its height follows what it holds
 * (rows of bars, lines of the key).  Value axes are ticked at numbers a
 * person reads (1-2-5 or powers of ten on a log axis: plot_ticks.c), and
 * labelled in one style per panel.  Series take their colours from Okabe
 * and Ito's colour-blind-safe set and their markers from thirteen
 * shapes, so that no two lines of a chart share both (two lines with
 * one marker have neighbouring colours of the set, which differ most).
 * Horizontal bar charts (PLOT_HBARS) are laid out here in pixels: their
 * category labels in a column of their own, never cut, each panel as
 * wide as its widest bar label and a share of the rest, and each bar's
 * label on its own side of the bars' base (hbars_fit). */
#include "plot_int.h"
#include "plot_ticks.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* The longest legend entry and category label put into a chart. */
#define PLOT_MAX_KEY 48
#define PLOT_MAX_TICK 40

/* Okabe & Ito's colour-blind-safe colours (without their yellow, too
 * pale on white), in the order where neighbours differ most: two lines
 * that share a marker have neighbouring colours (series_style), which
 * stay at least 24 CIELAB units apart in normal vision and in simulated
 * protanopia, deuteranopia and tritanopia (tests/unit/chart_check.h). */
static const char *const series_colors[] = {
	"#0072B2", /* blue */
	"#D55E00", /* vermillion */
	"#CC79A7", /* reddish purple */
	"#000000", /* black */
	"#009E73", /* bluish green */
	"#E69F00", /* orange */
	"#56B4E9", /* sky blue */
};

/* gnuplot point types: filled circle, square, triangles, diamond, the
 * same open, then plus, cross and star. */
static const int series_points[] = { 7, 5, 9, 11, 13, 6, 4, 8, 10, 12, 1, 2,
				     3 };

/* Dash types of the lines after each round of colours (solid, dash-dot,
 * dash-dot-dot); PLOT_DASHED lines (copies, ceilings) are dashed. */
static const int series_dashes[] = { 1, 4, 5 };
#define DASHED 2
/* The colour of PLOT_MUTED series. */
#define MUTED "#999999"

/* Colours of reference lines, in order of addition. */
static const char *const hline_colors[] = {
	"#000000", "#555555", "#009E73", "#CC79A7",
};

/* Text sizes in px (report.h): the width of a bar label, and the height
 * of a line. */
#define LABEL_PX (7 * 0.6 * PLOT_FONT_SMALL + 8)
#define LINE_PX 19

/* Horizontal bars: the height of a row, and the share of it a bar
 * takes. */
#define ROW_PX 22
#define BAR_HALF 0.34

/* Bars per panel above which vertical bars' labels stand upright. */
#define LABELS_UPRIGHT 10

/* An interval: a line from low to high with a cap at each end. */
#define INTERVAL_STYLE "with vectors heads size screen 0.006,90 lw 1.5"

static size_t zmax(size_t a, size_t b)
{
	return a > b ? a : b;
}

/* ---- value axes -------------------------------------------------------- */

struct axis {
	double lo, hi;
	int base;               /* 0: linear */
	double t[PLOT_MAX_TICKS];
	size_t n;
};

/* The extent of panel p's values (points, intervals, reference lines
 * and, for bars, their base) into *y0, *y1, and of its x into *x0, *x1;
 * false when it has none. */
static bool panel_extent(const struct plot_panel *p, double *x0, double *x1,
			 double *y0, double *y1)
{
	*x0 = *y0 = INFINITY;
	*x1 = *y1 = -INFINITY;
	for (size_t i = 0; i < p->nseries; i++) {
		const struct plot_series *s = p->series[i];

		for (size_t k = 0; k < s->n; k++) {
			if (!plot_point_valid(p, s->x[k], s->y[k]))
				continue;
			*x0 = fmin(*x0, s->x[k]);
			*x1 = fmax(*x1, s->x[k]);
			*y0 = fmin(*y0, s->y[k]);
			*y1 = fmax(*y1, s->y[k]);
			if (plot_interval_valid(p, s, k)) {
				*y0 = fmin(*y0, s->lo[k]);
				*y1 = fmax(*y1, s->hi[k]);
			}
		}
	}
	for (size_t i = 0; i < p->nhlines; i++) {
		*y0 = fmin(*y0, p->hlines[i].y);
		*y1 = fmax(*y1, p->hlines[i].y);
	}
	if (p->kind != PLOT_XY && (!p->ybase || p->bar_base > 0)) {
		*y0 = fmin(*y0, p->bar_base);
		*y1 = fmax(*y1, p->bar_base);
	}
	/* results.c bounds every value read; this keeps an "inf" out of a
	 * script whatever a caller passes */
	return *x0 <= *x1 && *y0 <= *y1 && fabs(*y0) < 1e300 &&
	       fabs(*y1) < 1e300 && fabs(*x0) < 1e300 && fabs(*x1) < 1e300;
}

/* Panel p's value axis: its range, with `room` (a share of the axis) left
 * beyond the largest bar for labels, and its ticks, about `want`. */
static bool value_axis(const struct plot_panel *p, double room, int want,
		       struct axis *a)
{
	double x0, x1, y0, y1;

	memset(a, 0, sizeof(*a));
	a->base = p->ybase;
	if (!panel_extent(p, &x0, &x1, &y0, &y1))
		return false;
	if (a->base) {
		if (y0 == y1) {
			y0 /= 2;
			y1 *= 2;
		} else if (p->kind == PLOT_XY) {
			y0 /= 1.15;
			y1 *= 1.15;
		} else {
			y0 /= 1.3;
			y1 = exp(log(y0) + (log(y1) - log(y0)) / (1 - room));
		}
	} else if (y0 == y1) {
		double d = y0 == 0 ? 1 : fabs(y0) / 2;

		y1 = y0 + d;
		if (!(p->kind != PLOT_XY && y0 == 0))
			y0 -= d;
	} else if (p->kind == PLOT_XY) {
		double pad = (y1 - y0) * 0.05;

		y0 = y0 >= 0 && y0 < (y1 - y0) ? 0 : y0 - pad;
		y1 += pad;
	} else {
		if (y0 < 0)
			y0 -= (y1 - y0) * room;
		y1 = y0 + (y1 - y0) / (1 - room);
	}
	if (isfinite(p->lo))
		y0 = p->lo;
	if (isfinite(p->hi))
		y1 = p->hi;
	if (!(y0 < y1))
		return false;
	a->lo = y0;
	a->hi = y1;
	a->n = a->base ? plot_log_ticks(y0, y1, a->t) :
			 plot_linear_ticks(y0, y1, want, a->t);
	return true;
}

/* "set xrange [lo:hi]" and the ticks of axis a, for gnuplot's axis
 * `which` ("x" or "y"). */
static void script_axis(struct sbuf *gp, const char *which,
			const struct axis *a)
{
	sbuf_addf(gp, "\tset %srange [", which);
	plot_num(gp, a->lo);
	sbuf_addc(gp, ':');
	plot_num(gp, a->hi);
	sbuf_add(gp, "]\n");
	if (a->base)
		sbuf_addf(gp, "\tset logscale %s %d\n", which, a->base);
	sbuf_addf(gp, "\tset %stics (", which);
	for (size_t i = 0; i < a->n; i++) {
		sbuf_add(gp, i ? ", '" : "'");
		plot_tick_text(gp, a->t[i]);
		sbuf_add(gp, "' ");
		plot_num(gp, a->t[i]);
	}
	sbuf_add(gp, ")\n");
}

/* ---- series ------------------------------------------------------------ */

/* Colour, point and dash type of the k-th series of a panel (counted
 * with those not drawn, so that a series keeps its colour whatever the
 * others hold): the pair (colour, point) differs for every k up to 91. */
static void series_style(size_t k, enum plot_style style,
			 const char **color, int *pt, int *dt)
{
	size_t nc = ARRAY_SIZE(series_colors);

	*color = style == PLOT_MUTED ? MUTED : series_colors[k % nc];
	*pt = series_points[k % ARRAY_SIZE(series_points)];
	*dt = style == PLOT_DASHED ? DASHED :
	      series_dashes[k / nc % ARRAY_SIZE(series_dashes)];
}

/* The label function (defined by script_functions) of a series of
 * numbers. */
static const char *label_fn(const struct plot_panel *p,
			    const struct plot_series *s)
{
	if (s->labels == PLOT_LABELS_TIMES)
		return "fmt_x";
	/* one style per panel: SI prefixes where any value reaches 10^4 */
	for (size_t i = 0; i < p->nseries; i++)
		for (size_t k = 0; k < p->series[i]->n; k++)
			if (plot_point_valid(p, p->series[i]->x[k],
					     p->series[i]->y[k]) &&
			    fabs(p->series[i]->y[k]) >= 1e4)
				return "fmt_si";
	return "fmt_v";
}

/* The gnuplot expression of a bar's label into buf: fn of its value, or
 * its label column for PLOT_LABELS_TEXT. */
static const char *label_text(char *buf, size_t size,
			      const struct plot_panel *p,
			      const struct plot_series *s)
{
	if (s->labels == PLOT_LABELS_TEXT)
		snprintf(buf, size, "stringcolumn(%d)", plot_text_column(s));
	else
		snprintf(buf, size, "%s($2)", label_fn(p, s));
	return buf;
}

/* The functions that print bar labels (enum plot_labels). */
static void script_functions(struct sbuf *gp)
{
	sbuf_add(gp,
		 "# bar labels: speedups (152x, 1.63x, 0.0061x), values "
		 "(2966, 1.60, 0.342) and\n# values with SI prefixes (854k, "
		 "43.7M)\n"
		 "fmt_x(v) = v >= 99.95 ? sprintf('%.0fx', v) : v >= 9.995 ? "
		 "sprintf('%.1fx', v) : v >= 0.0995 ? sprintf('%.2fx', v) : "
		 "sprintf('%.2gx', v)\n"
		 "fmt_v(v) = abs(v) >= 99.95 ? sprintf('%.0f', v) : v == 0 ? "
		 "'0' : sprintf('%#.3g', v)\n"
		 "si_e(v) = int(floor(log10(abs(v) * 1.0005) / 3))\n"
		 "fmt_si(v) = abs(v) < 999.5 ? sprintf('%.3g', v) : "
		 "sprintf('%.3g%s', v / 1000.0**si_e(v), "
		 "word('k M G T P E', si_e(v)))\n");
}

/* Appends panel p's reference lines to a plot command (*first: nothing
 * before them yet); in a horizontal bar panel they stand upright (drawn
 * as arrows by script_hbars_refs, here only their key entries). */
static void script_hlines(struct sbuf *gp, const struct plot_panel *p,
			  bool *first)
{
	for (size_t i = 0; i < p->nhlines; i++) {
		const struct plot_hline *h = &p->hlines[i];

		if (!*first)
			sbuf_add(gp, ", \\\n\t     ");
		*first = false;
		if (p->kind == PLOT_HBARS)
			sbuf_add(gp, "NaN");
		else
			plot_num(gp, h->y);
		sbuf_addf(gp, " with lines lw %s dt %d lc rgb '%s' title ",
			  p->kind == PLOT_HBARS ? "1.5" : "2",
			  h->style == PLOT_DASHED ? DASHED : 1,
			  hline_colors[i % ARRAY_SIZE(hline_colors)]);
		plot_quote_max(gp, h->title, PLOT_MAX_KEY);
	}
}

/* Where a title wider than px breaks into two lines: after the last
 * ", ", ": " or before the last " (" that leaves the first line within
 * px; 0 when it fits, or has no such place. */
static size_t title_break(const char *text, double px)
{
	size_t at = 0, n = strlen(text);
	char *head;

	if (plot_text_px(text, PLOT_MAX_TEXT) <= px)
		return 0;
	head = xstrdup(text);
	for (size_t i = 1; i + 1 < n; i++) {
		bool after = (text[i] == ',' || text[i] == ':') &&
			     text[i + 1] == ' ';
		bool before = text[i] == ' ' && text[i + 1] == '(';
		size_t cut = after ? i + 1 : before ? i : 0;

		if (!cut)
			continue;
		head[cut] = '\0';
		if (plot_text_px(head, PLOT_MAX_TEXT) <= px)
			at = cut;
		head[cut] = text[cut];
	}
	free(head);
	return at;
}

/* A title as a gnuplot string, in two lines ('a'."\n".'b') where it is
 * wider than the chart. */
static void title_quote(struct sbuf *gp, const char *text)
{
	size_t at = title_break(text ? text : "", PLOT_WIDTH - 40);
	char *head;

	if (!at) {
		plot_quote(gp, text);
		return;
	}
	head = xstrndup(text, at);
	plot_quote(gp, head);
	sbuf_add(gp, ".\"\\n\".");
	plot_quote(gp, text + at + strspn(text + at, " "));
	free(head);
}

static void script_setting(struct sbuf *gp, const char *what, const char *text)
{
	sbuf_addf(gp, "\tset %s ", what);
	if (strcmp(what, "title") == 0)
		title_quote(gp, text);
	else
		plot_quote(gp, text);
	sbuf_addc(gp, '\n');
}

/* What every panel sets again, so that the panels of a multiplot do not
 * inherit from each other. */
static void script_reset(struct sbuf *gp, const char *title)
{
	script_setting(gp, "title", title);
	sbuf_add(gp, "\tunset logscale\n\tunset arrow\n\tunset label\n"
		 "\tset autoscale\n\tset xtics autofreq\n\tset ytics autofreq\n"
		 "\tset format x '% h'\n\tset format y '% h'\n"
		 "\tunset grid\n\tset border\n\tset key default\n"
		 "\tset lmargin -1\n\tset rmargin -1\n\tset tmargin -1\n"
		 "\tset bmargin -1\n");
}

/* The key entries of a panel, and the widest one's text in px. */
static size_t key_entries(const struct plot_panel *p, double *widest)
{
	size_t n = 0;

	*widest = 0;
	for (size_t i = 0; i < p->nseries; i++)
		if (plot_series_drawable(p, p->series[i]) &&
		    *p->series[i]->title) {
			n++;
			*widest = fmax(*widest, plot_text_px(p->series[i]->title,
							PLOT_MAX_KEY));
		}
	for (size_t i = 0; i < p->nhlines; i++) {
		n++;
		*widest = fmax(*widest, plot_text_px(p->hlines[i].title,
						PLOT_MAX_KEY));
	}
	return n;
}

/* The columns of a key of entries `widest` px wide in `px`. */
static size_t key_columns(double widest, double px)
{
	double entry = widest + 100;   /* with its sample and a gap */

	return px > entry ? (size_t)(px / entry) : 1;
}

/* ---- lines and vertical bars ------------------------------------------- */

/* Whether a bar panel's value labels stand upright: more labelled bars
 * than fit side by side. */
static bool labels_upright(const struct plot_panel *p)
{
	size_t labelled = 0;

	if (p->kind != PLOT_BARS)
		return false;
	for (size_t i = 0; i < p->nseries; i++)
		if (p->series[i]->labels != PLOT_LABELS_NONE &&
		    plot_series_drawable(p, p->series[i]))
			labelled += p->ncats;
	return labelled > LABELS_UPRIGHT;
}

/* Whether a bar panel's category labels are too long to stand side by
 * side, and are slanted. */
static bool labels_slanted(const struct plot_panel *p, size_t columns)
{
	double px = 0;

	if (p->kind != PLOT_BARS)
		return false;
	for (size_t i = 0; i < p->ncats; i++)
		px += plot_text_px(p->cats[i], PLOT_MAX_TICK) * PLOT_FONT_SMALL /
		      PLOT_FONT + 4;
	/* the plot's width: the chart's share less the axis' labels */
	return px > (double)PLOT_WIDTH / (double)(columns ? columns : 1) - 90;
}

/* "\tset xtics (" or ytics (`which`), with panel p's categories at 0, 1,
 * ...: the names of a bar panel's bars; the caller closes the list. */
static void script_cats(struct sbuf *gp, const char *which,
			const struct plot_panel *p)
{
	sbuf_addf(gp, "\tset %stics (", which);
	for (size_t i = 0; i < p->ncats; i++) {
		if (i)
			sbuf_add(gp, ", ");
		plot_quote_max(gp, p->cats[i], PLOT_MAX_TICK);
		sbuf_addf(gp, " %zu", i);
	}
}

/* The axes of a PLOT_XY or PLOT_BARS panel: its labels, grid and log
 * scales, the value axis (with room above bars for their labels, more
 * for upright ones) and the x range of lines at a single x. */
static void script_panel_axes(struct sbuf *gp, const struct plot_panel *p,
			      bool upright)
{
	struct axis a;
	double x0, x1, y0, y1;

	script_setting(gp, "xlabel", p->xlabel);
	script_setting(gp, "ylabel", p->ylabel);
	sbuf_add(gp, p->kind == PLOT_BARS ? "\tset grid ytics\n" :
		 "\tset grid\n");
	if (p->xbase == 2)
		sbuf_add(gp, "\tset logscale x 2\n\tset format x '2^%L'\n");
	else if (p->xbase)
		sbuf_addf(gp, "\tset logscale x %d\n", p->xbase);
	if (value_axis(p, p->kind == PLOT_BARS ? (upright ? 0.3 : 0.1) : 0,
		       5, &a))
		script_axis(gp, "y", &a);
	if (p->kind == PLOT_XY && panel_extent(p, &x0, &x1, &y0, &y1) &&
	    x0 == x1) {
		/* a single x: gnuplot would warn and guess */
		sbuf_add(gp, "\tset xrange [");
		plot_num(gp, p->xbase ? x0 / 2 : x0 - 1);
		sbuf_addc(gp, ':');
		plot_num(gp, p->xbase ? x0 * 2 : x0 + 1);
		sbuf_add(gp, "]\n");
	}
}

/* A bar panel's categories on x, its fill and its key, for nbar series
 * drawn in a row of `columns` panels: apart from the axes, because a
 * panel of lines has none of them. */
static void script_bars_frame(struct sbuf *gp, const struct plot_panel *p,
			      size_t columns, size_t nbar)
{
	sbuf_addf(gp, "\tset xrange [-0.6:%zu.6]\n",
		  p->ncats ? p->ncats - 1 : 0);
	script_cats(gp, "x", p);
	/* at the size of bar labels, which the categories are */
	sbuf_addf(gp, ") scale 0 font ',%d'", PLOT_FONT_SMALL);
	/* labels too long to stand side by side: slanted, with room on the
	 * left for the first one; panels side by side: the least room
	 * beside each, for the bars */
	if (labels_slanted(p, columns))
		sbuf_add(gp, " rotate by 30 right\n\tset lmargin 16");
	else if (columns > 1)
		sbuf_add(gp, "\n\tset lmargin 9\n\tset rmargin 1");
	sbuf_add(gp, "\n\tset style fill solid 0.9 border -1\n");
	/* one series and no lines: the title says it all; else the key
	 * above the plot, where no bar can be under it */
	sbuf_add(gp, nbar == 1 && !p->nhlines ? "\tset key off\n" :
		 "\tset key outside top center horizontal\n");
}

/* A panel of lines' key: below the plot, in as many columns as its
 * widest entry leaves room for. */
static void script_lines_key(struct sbuf *gp, const struct plot_panel *p)
{
	double widest;

	key_entries(p, &widest);
	sbuf_addf(gp, "\tset key below Left reverse samplen 3 maxcols %zu\n",
		  key_columns(widest, PLOT_WIDTH - 40));
}

/* The plot of series k of a panel of lines, from data block `index`: its
 * line in the series' style (series_style) and, where it has them, its
 * intervals in the same colour. */
static void script_line_series(struct sbuf *gp, const struct plot_chart *c,
			       const struct plot_series *s, size_t k,
			       size_t index)
{
	const char *color;
	int pt, dt;

	series_style(k, s->style, &color, &pt, &dt);
	sbuf_addf(gp, "'%s.dat' index %zu using 1:2 with linespoints lw 1.5 "
		  "lc rgb '%s' pt %d ps 1.1 dt %d title ", c->name, index,
		  color, pt, dt);
	plot_quote_max(gp, s->title, PLOT_MAX_KEY);
	if (s->lo)
		sbuf_addf(gp, ", \\\n\t     '%s.dat' index %zu using "
			  "1:3:(0):($4-$3) %s lc rgb '%s' notitle", c->name,
			  index, INTERVAL_STYLE, color);
}

/* The plot of series k of bar panel p, from data block `index`: its
 * bars, the drawn-th of nbar side by side in each category, their
 * intervals and their value labels (upright: see labels_upright). */
static void script_bar_series(struct sbuf *gp, const struct plot_chart *c,
			      const struct plot_panel *p, size_t k,
			      size_t index, size_t drawn, size_t nbar,
			      bool upright)
{
	const struct plot_series *s = p->series[k];
	double w = 0.8 / (double)nbar;
	double off = ((double)drawn - (double)(nbar - 1) / 2) * w;
	const char *color;
	char fn[40];
	int pt, dt;

	series_style(k, s->style, &color, &pt, &dt);
	label_text(fn, sizeof(fn), p, s);
	sbuf_addf(gp, "'%s.dat' index %zu using ($1%+.4f):2:($1%+.4f):"
		  "($1%+.4f):(%.10g):2 with boxxyerror lc rgb '%s' title ",
		  c->name, index, off, off - w / 2, off + w / 2, p->bar_base,
		  color);
	plot_quote_max(gp, s->title, PLOT_MAX_KEY);
	if (s->lo)
		sbuf_addf(gp, ", \\\n\t     '%s.dat' index %zu using "
			  "($1%+.4f):3:(0):($4-$3) %s lc rgb '#000000' "
			  "notitle", c->name, index, off, INTERVAL_STYLE);
	/* upright labels start at the bar's top, or at its base for a bar
	 * that points down */
	if (s->labels != PLOT_LABELS_NONE && upright)
		sbuf_addf(gp, ", \\\n\t     '%s.dat' index %zu using "
			  "($1%+.4f):($2 < %.10g ? %.10g : $2):(%s) with "
			  "labels rotate by 90 left offset 0,0.3 font ',%d' "
			  "notitle", c->name, index, off, p->bar_base,
			  p->bar_base, fn, PLOT_FONT_SMALL);
	else if (s->labels != PLOT_LABELS_NONE)
		sbuf_addf(gp, ", \\\n\t     '%s.dat' index %zu using "
			  "($1%+.4f):2:(%s) with labels offset 0,0.6 "
			  "font ',%d' notitle", c->name, index, off, fn,
			  PLOT_FONT_SMALL);
}

/* The settings and plot command of a PLOT_XY or PLOT_BARS panel, one of
 * `columns` in a row; its data blocks start at number *next. */
static void script_panel(struct sbuf *gp, const struct plot_chart *c,
			 const struct plot_panel *p, const char *title,
			 size_t columns, size_t *next)
{
	size_t drawn = 0, nbar = 0;
	bool first = true, upright = labels_upright(p);

	script_reset(gp, title);
	script_panel_axes(gp, p, upright);
	for (size_t i = 0; i < p->nseries; i++)
		nbar += plot_series_drawable(p, p->series[i]);
	if (p->kind == PLOT_BARS)
		script_bars_frame(gp, p, columns, nbar);
	else
		script_lines_key(gp, p);
	sbuf_add(gp, "\tplot ");
	/* bars: the lines first, so that bars and their labels stand in
	 * front of them (an SVG's boxed label is drawn twice, blurred) */
	if (p->kind == PLOT_BARS)
		script_hlines(gp, p, &first);
	for (size_t i = 0; i < p->nseries; i++) {
		if (!plot_series_drawable(p, p->series[i]))
			continue;
		if (!first)
			sbuf_add(gp, ", \\\n\t     ");
		first = false;
		if (p->kind == PLOT_XY)
			script_line_series(gp, c, p->series[i], i, (*next)++);
		else
			script_bar_series(gp, c, p, i, (*next)++, drawn,
					  nbar, upright);
		drawn++;
	}
	if (p->kind != PLOT_BARS)
		script_hlines(gp, p, &first);
	sbuf_addc(gp, '\n');
}

/* ---- horizontal bars ---------------------------------------------------- */

/* The pixel layout of a chart of PLOT_HBARS panels side by side. */
struct hlayout {
	int width, height;
	double label_px;        /* the category column */
	double *left, *px;      /* each drawn panel's left edge and width */
	double top_px, bottom_px;
	size_t rows;            /* categories */
	size_t npanels;
};

#define HGAP_PX 18
#define HRIGHT_PX 12

/* The width in px of the " >" that marks a label of a bar cut at the
 * axis's edge. */
static double mark_px(void)
{
	return plot_text_px(" >", 2) * PLOT_FONT_SMALL / PLOT_FONT;
}

/* The width in px of the label of point k of series s: LABEL_PX for
 * numbers, the data file's width of its text for PLOT_LABELS_TEXT. */
static double point_label_px(const struct plot_series *s, size_t k)
{
	if (s->labels != PLOT_LABELS_TEXT)
		return LABEL_PX;
	return s->text && s->text[k] ? plot_label_px(s->text[k]) : 0;
}

/* The width in px of the widest label of panel p (a text's with its
 * mark; LABEL_PX has room for a number's): the room its panel needs
 * beside the bars. */
static double panel_label_px(const struct plot_panel *p)
{
	double w = LABEL_PX;

	for (size_t i = 0; i < p->nseries; i++) {
		const struct plot_series *s = p->series[i];

		for (size_t k = 0; s->labels != PLOT_LABELS_NONE && k < s->n;
		     k++)
			if (plot_point_valid(p, s->x[k], s->y[k]))
				w = fmax(w, point_label_px(s, k) +
					    (s->labels == PLOT_LABELS_TEXT ?
					     mark_px() : 0));
	}
	return w;
}

/* Lays out chart c: the category column as wide as its longest name, and
 * the panels side by side, each as wide as its widest label and an equal
 * share of the rest (the labels of a speedup panel are words, those of
 * a time panel a number).  l->left and l->px: free() them. */
static void hbars_layout(const struct plot_chart *c, bool multi,
			 struct hlayout *l)
{
	const struct plot_panel *first = NULL;
	size_t keys = 0, k = 0;
	double longest = 0, avail, need = 0;
	bool xlabel = false;

	memset(l, 0, sizeof(*l));
	for (size_t i = 0; i < c->npanels; i++)
		if (plot_panel_drawable(c->panels[i])) {
			if (!first)
				first = c->panels[i];
			l->npanels++;
		}
	l->left = xcalloc(l->npanels + 1, sizeof(*l->left));
	l->px = xcalloc(l->npanels + 1, sizeof(*l->px));
	l->rows = first ? first->ncats : 0;
	for (size_t i = 0; first && i < first->ncats; i++)
		longest = fmax(longest, plot_text_px(first->cats[i],
						     PLOT_MAX_TICK));
	l->width = PLOT_WIDTH;
	l->label_px = longest + 14;
	avail = PLOT_WIDTH - l->label_px - HRIGHT_PX -
		HGAP_PX * (double)(l->npanels ? l->npanels - 1 : 0);
	for (size_t i = 0; i < c->npanels; i++)
		if (plot_panel_drawable(c->panels[i])) {
			l->px[k] = panel_label_px(c->panels[i]);
			need += l->px[k++];
		}
	for (k = 0; k < l->npanels; k++) {
		l->px[k] = need < avail ? l->px[k] + (avail - need) /
						     (double)l->npanels :
			   avail / (double)l->npanels;
		l->left[k] = k ? l->left[k - 1] + l->px[k - 1] + HGAP_PX :
			     l->label_px;
	}
	for (size_t i = 0; i < c->npanels; i++) {
		size_t n;
		double len;

		if (!plot_panel_drawable(c->panels[i]))
			continue;
		xlabel |= *c->panels[i]->ylabel != '\0';
		n = key_entries(c->panels[i], &len);
		/* one series and no lines: no key */
		if (n == 1 && !c->panels[i]->nhlines)
			n = 0;
		keys = zmax(keys, n);   /* one entry a line */
	}
	l->top_px = 12 + (multi ? 34 : 0) + 22 +
		    (multi && title_break(c->title, PLOT_WIDTH - 40) ? 16 : 0);
	l->bottom_px = 30 + (xlabel ? 22 : 0) + (double)keys * LINE_PX +
		       (keys ? 10 : 0);
	l->height = (int)(l->top_px + l->bottom_px +
			  (double)l->rows * ROW_PX + 0.5);
}

/* Where a bar's label goes.  A horizontal bar's label stays inside its panel and on its bar's side
 * of the base: beside the bar's end, else inside the bar (white; a bar
 * cut at the edge always so, marked), else, where neither has room, at
 * the panel's edge on that side.  A neutral bar's (PLOT_MUTED: "within
 * noise") label stands right of the base whichever way the bar points,
 * never across the base line.  The axis's upper end is chosen for this
 * (hbars_fit), and the script decides the same by the same rules
 * (script_hbars), so that a user who edits the range gets labels that
 * follow. */

/* Where a label goes. */
enum place { PLACE_BESIDE, PLACE_INSIDE, PLACE_EDGE };

/* The share of axis a that lies left of value v (clipped to it). */
static double axis_frac(const struct axis *a, double v)
{
	v = fmin(fmax(v, a->lo), a->hi);
	if (a->base)
		return (log(v) - log(a->lo)) / (log(a->hi) - log(a->lo));
	return (v - a->lo) / (a->hi - a->lo);
}

/* The base of panel p's bars on axis a (its low end where a log axis
 * cannot hold it). */
static double axis_base(const struct plot_panel *p, const struct axis *a)
{
	return fmin(fmax(a->base && p->bar_base <= 0 ? a->lo : p->bar_base,
			 a->lo), a->hi);
}

/* Where the label (w px wide, the mark m px) of a bar of value v goes in
 * a panel px wide on axis a, its bars from base b. */
static enum place label_place(const struct axis *a, double b, double v,
			      bool muted, double w, double m, double px)
{
	double x = muted && v < b ? b : v;

	w /= px;
	m /= px;
	if (muted || v >= b) {
		if (x <= a->hi && axis_frac(a, x) + w <= 1)
			return PLACE_BESIDE;
		if (axis_frac(a, x) - axis_frac(a, b) >=
		    w + (x > a->hi ? m : 0))
			return PLACE_INSIDE;
		return PLACE_EDGE;
	}
	if (v >= a->lo && axis_frac(a, v) - w >= 0)
		return PLACE_BESIDE;
	if (axis_frac(a, b) - axis_frac(a, v) >= w + (v < a->lo ? m : 0))
		return PLACE_INSIDE;
	return PLACE_EDGE;
}

/* How well panel p's labels sit on axis a, px wide: *edge, those at an
 * edge; *inside, those of bars within the axis that are inside them
 * rather than beside. */
static void labels_judge(const struct plot_panel *p, const struct axis *a,
			 double px, size_t *edge, size_t *inside)
{
	double b = axis_base(p, a);

	*edge = *inside = 0;
	for (size_t i = 0; i < p->nseries; i++) {
		const struct plot_series *s = p->series[i];

		for (size_t k = 0; s->labels != PLOT_LABELS_NONE && k < s->n;
		     k++) {
			double v = s->y[k];
			enum place at;

			if (!plot_point_valid(p, s->x[k], v) ||
			    !(point_label_px(s, k) > 0))
				continue;
			at = label_place(a, b, v, s->style == PLOT_MUTED,
					 point_label_px(s, k), mark_px(), px);
			*edge += at == PLACE_EDGE;
			*inside += at == PLACE_INSIDE && v >= a->lo &&
				   v <= a->hi;
		}
	}
}

/* Moves the upper end of panel p's value axis a (px wide) out, in steps
 * of 1 % of its span up to 4 times it, to the first place where the
 * fewest labels stand at an edge and, in a panel whose bars grow from a
 * base other than 0 (speedups from 1), of those within a quarter more
 * span, the fewest bars within the axis hold theirs inside: there a
 * label that leaves its bar's side of the base is read wrongly, and one
 * beside its bar reads best.  (Bars from 0 keep the room value_axis
 * gave them, labels inside the longest.)  Bars beyond the caller's
 * range still end at the (new) edge, marked.  A wider axis shrinks the
 * other side of the base, so the search stops at the first best, never
 * wider than it needs.  Its ticks: those it had and more of their step
 * (on a log axis, or one of fewer than two, about `want` anew). */
static void hbars_fit(const struct plot_panel *p, double px, int want,
		      struct axis *a)
{
	struct axis t = *a;
	size_t best_edge = SIZE_MAX, best_inside = SIZE_MAX;
	double best = a->hi;

	for (int k = 0; k <= 300; k++) {
		bool beside = p->bar_base != 0 && k <= 25;
		size_t edge, inside;

		t.hi = a->base ? a->lo * pow(a->hi / a->lo, 1 + k / 100.0) :
		       a->lo + (a->hi - a->lo) * (1 + k / 100.0);
		labels_judge(p, &t, px, &edge, &inside);
		if (edge < best_edge ||
		    (edge == best_edge && inside < best_inside && beside)) {
			best_edge = edge;
			best_inside = inside;
			best = t.hi;
		}
		if (!edge && (!inside || !beside))
			break;
	}
	if (best == a->hi)
		return;
	a->hi = plot_clean(best);
	if (a->base || a->n < 2) {
		a->n = a->base ? plot_log_ticks(a->lo, a->hi, a->t) :
				 plot_linear_ticks(a->lo, a->hi, want, a->t);
		return;
	}
	/* the ticks the axis had, and more of the same step: a speedup
	 * axis widened from 2.5 to 2.6 still reads 0, 0.5, 1 ... */
	for (double step = a->t[1] - a->t[0];
	     a->n < PLOT_MAX_TICKS &&
	     a->t[a->n - 1] + step <= a->hi * (1 + 1e-9);
	     a->n++)
		a->t[a->n] = plot_clean(a->t[a->n - 1] + step);
}

/* Tick v's label's left (side -1) or right (1) edge on a panel px wide. */
static double tick_edge(const struct axis *a, double v, double px, int side)
{
	struct sbuf t = SBUF_INIT;
	double w;

	plot_tick_text(&t, v);
	w = plot_text_px(sbuf_str(&t), 16);
	sbuf_release(&t);
	return px * axis_frac(a, v) + side * w / 2;
}

/* Fewer ticks on axis a until their labels stand 4 px apart on a panel
 * px wide ("0 200400600800"): fewer steps on a linear axis, every other
 * tick on a log one; none but on the `last` panel whose label reaches
 * into the next panel's first ("1000" and "0" read "10000"). */
static void ticks_fit(struct axis *a, double px, int want, bool last)
{
	for (size_t k = 1, n; k < a->n && a->n > 2; k++) {
		bool thin = a->base || want <= 2;

		if (tick_edge(a, a->t[k], px, -1) -
		    tick_edge(a, a->t[k - 1], px, 1) >= 4)
			continue;
		if (!thin)
			a->n = plot_linear_ticks(a->lo, a->hi, --want, a->t);
		for (n = 0; thin && n < (a->n + 1) / 2; n++)
			a->t[n] = a->t[2 * n];
		a->n = thin ? n : a->n;
		k = 0;
	}
	while (!last && a->n > 2 &&
	       tick_edge(a, a->t[a->n - 1], px, 1) > px + 2)
		a->n--;
}

/* The gnuplot functions of a panel's label placement, label_place()'s
 * rules: beside(v, w) and inside(v, w) for a bar that grows right from
 * B, lbeside and linside for one that grows left; w is the label's
 * share of the panel. */
static void script_place(struct sbuf *gp, const struct axis *a)
{
	if (a->base)
		sbuf_add(gp, "\tfrac(v) = (log(clip(v)) - log(L)) / "
			 "(log(H) - log(L))\n");
	else
		sbuf_add(gp, "\tfrac(v) = (clip(v) - L) / (H - L)\n");
	sbuf_add(gp, "\tup(v) = v < B ? B : v\n"
		 "\tbeside(v, w) = v <= H && frac(v) + w <= 1\n"
		 "\tinside(v, w) = frac(v) - frac(B) >= w + (v > H ? M : 0)\n"
		 "\tlbeside(v, w) = v >= L && frac(v) - w >= 0\n"
		 "\tlinside(v, w) = frac(B) - frac(v) >= w + (v < L ? M : 0)\n");
}

/* A label plot of a horizontal bar: where `when` holds, the text at x,
 * aligned and coloured as said. */
static void hbar_label(struct sbuf *gp, const char *dat, size_t index,
		       const char *when, const char *x, const char *text,
		       bool right, bool inside)
{
	sbuf_addf(gp, ", \\\n\t     '%s' index %zu using (%s ? %s : NaN):1:"
		  "(%s) with labels %s offset %s,0 font ',%d' tc rgb '%s' "
		  "notitle", dat, index, when, x, text,
		  right ? "right" : "left", right ? "-0.4" : "0.4",
		  PLOT_FONT_SMALL, inside ? "#ffffff" : "#000000");
}

/* The label plots of series s (data block `index`) by script_place()'s
 * functions; fn: the gnuplot expression of a label's text. */
static void hbar_labels(struct sbuf *gp, const char *dat, size_t index,
			const struct plot_series *s, const char *fn)
{
	char text_hi[160], text_lo[160], w[40], when[240];
	/* a neutral bar's label right of the base, whichever way it
	 * points */
	const char *x = s->style == PLOT_MUTED ? "up($2)" : "$2";
	const char *right = s->style == PLOT_MUTED ? "1" : "$2 >= B";

	snprintf(text_hi, sizeof(text_hi), "$2 > H ? %s.' >' : %s", fn, fn);
	snprintf(text_lo, sizeof(text_lo), "$2 < L ? '< '.%s : %s", fn, fn);
	if (s->labels == PLOT_LABELS_TEXT)
		snprintf(w, sizeof(w), "column(%d) / P",
			 plot_text_column(s) + 1);
	else
		snprintf(w, sizeof(w), "W");
	/* bars that grow right: label after the end, inside it, or at the
	 * panel's right edge */
	snprintf(when, sizeof(when), "%s && beside(%s, %s)", right, x, w);
	hbar_label(gp, dat, index, when, x, fn, false, false);
	snprintf(when, sizeof(when), "%s && !beside(%s, %s) && inside(%s, "
		 "%s)", right, x, w, x, w);
	hbar_label(gp, dat, index, when, "clip($2)", text_hi, true, true);
	snprintf(when, sizeof(when), "%s && !beside(%s, %s) && !inside(%s, "
		 "%s)", right, x, w, x, w);
	hbar_label(gp, dat, index, when, "H", text_hi, true, false);
	if (s->style == PLOT_MUTED)
		return;
	/* bars that grow left, the same mirrored */
	snprintf(when, sizeof(when), "$2 < B && lbeside($2, %s)", w);
	hbar_label(gp, dat, index, when, "$2", fn, true, false);
	snprintf(when, sizeof(when), "$2 < B && !lbeside($2, %s) && "
		 "linside($2, %s)", w, w);
	hbar_label(gp, dat, index, when, "clip($2)", text_lo, false, true);
	snprintf(when, sizeof(when), "$2 < B && !lbeside($2, %s) && "
		 "!linside($2, %s)", w, w);
	hbar_label(gp, dat, index, when, "L", text_lo, false, false);
}

/* The frame of the i-th PLOT_HBARS panel of a row laid out as l: its
 * margins at the layout's pixels, and its rows from the top, named on
 * the first panel only. */
static void script_hbars_frame(struct sbuf *gp, const struct plot_panel *p,
			       const struct hlayout *l, size_t i)
{
	double left = l->left[i], px = l->px[i];

	sbuf_addf(gp, "\tset lmargin at screen %.4f\n\tset rmargin at screen "
		  "%.4f\n\tset tmargin at screen %.4f\n\tset bmargin at "
		  "screen %.4f\n", left / l->width, (left + px) / l->width,
		  1 - l->top_px / l->height, l->bottom_px / l->height);
	sbuf_addf(gp, "\tset yrange [%zu.5:-0.5]\n", l->rows ? l->rows - 1 : 0);
	if (i == 0) {
		script_cats(gp, "y", p);
		sbuf_add(gp, ") scale 0\n");
	} else {
		sbuf_add(gp, "\tunset ytics\n");
	}
}

/* The variables script_place()'s functions read: where the bars start
 * and end on axis a and their base, the panel's width px, a number
 * label's share of it and a mark's (" >"); and clip(), to the axis. */
static void script_hbars_vars(struct sbuf *gp, const struct plot_panel *p,
			      const struct axis *a, double px)
{
	sbuf_add(gp, "\tL = ");
	plot_num(gp, a->lo);
	sbuf_add(gp, "; H = ");
	plot_num(gp, a->hi);
	sbuf_add(gp, "; B = ");
	plot_num(gp, axis_base(p, a));
	sbuf_addf(gp, "; P = %.1f; W = %.4f; M = %.4f\n"
		  "\tclip(v) = v > H ? H : v < L ? L : v\n", px, LABEL_PX / px,
		  mark_px() / px);
	script_place(gp, a);
}

/* Panel p's reference lines within axis a, upright: arrows, as a plot
 * cannot draw a line at an x; their key entries are script_hlines'. */
static void script_hbars_refs(struct sbuf *gp, const struct plot_panel *p,
			      const struct axis *a)
{
	for (size_t k = 0; k < p->nhlines; k++) {
		const struct plot_hline *h = &p->hlines[k];

		if (h->y < a->lo || h->y > a->hi)
			continue;
		sbuf_add(gp, "\tset arrow from ");
		plot_num(gp, h->y);
		sbuf_add(gp, ", graph 0 to ");
		plot_num(gp, h->y);
		sbuf_addf(gp, ", graph 1 nohead lw 1.5 dt %d lc rgb '%s' "
			  "back\n", h->style == PLOT_DASHED ? DASHED : 1,
			  hline_colors[k % ARRAY_SIZE(hline_colors)]);
	}
}

/* The plot of series k of PLOT_HBARS panel p, from block `index` of data
 * file dat: its bars from the base B, cut at the axis, their intervals
 * and their labels (hbar_labels). */
static void script_hbar_series(struct sbuf *gp, const char *dat,
			       const struct plot_panel *p, size_t k,
			       size_t index)
{
	const struct plot_series *s = p->series[k];
	const char *color;
	char fn[40];
	int pt, dt;

	series_style(k, s->style, &color, &pt, &dt);
	sbuf_addf(gp, "'%s' index %zu using (B):1:(B):(clip($2)):"
		  "($1-%.2f):($1+%.2f) with boxxyerror lc rgb '%s' "
		  "title ", dat, index, BAR_HALF, BAR_HALF, color);
	plot_quote_max(gp, s->title, PLOT_MAX_KEY);
	if (s->lo)
		sbuf_addf(gp, ", \\\n\t     '%s' index %zu using "
			  "(clip($3)):1:(clip($4)-clip($3)):(0) %s lc "
			  "rgb '#000000' notitle", dat, index,
			  INTERVAL_STYLE);
	if (s->labels == PLOT_LABELS_NONE)
		return;
	label_text(fn, sizeof(fn), p, s);
	hbar_labels(gp, dat, index, s, fn);
}

/* The settings and plot command of the i-th PLOT_HBARS panel of a row
 * laid out as l; its data blocks start at number *next. */
static void script_hbars(struct sbuf *gp, const struct plot_chart *c,
			 const struct plot_panel *p, const char *title,
			 const struct hlayout *l, size_t i, size_t *next)
{
	double left = l->left[i], px = l->px[i];
	double wl = panel_label_px(p) / px;
	char dat[300];
	struct axis a;
	bool first = true;
	double widest;

	snprintf(dat, sizeof(dat), "%s.dat", c->name);
	script_reset(gp, title);
	script_setting(gp, "xlabel", p->ylabel);
	sbuf_add(gp, "\tunset ylabel\n\tset grid xtics\n");
	script_hbars_frame(gp, p, l, i);
	if (!value_axis(p, fmin(0.3, wl * 1.1), 5, &a))
		return;
	hbars_fit(p, px, 5, &a);
	ticks_fit(&a, px, 5, i + 1 == c->npanels);
	script_axis(gp, "x", &a);
	/* the key under the panel's axis, its entries side by side */
	sbuf_addf(gp, "\tset style fill solid 1.0 noborder\n"
		  "\tset key at screen %.4f,%.4f left top vertical Left "
		  "reverse samplen 3 width 1\n",
		  /* the first panel's under the category labels */
		  (i == 0 ? 8 : left) / l->width,
		  (l->bottom_px - 30 - (*p->ylabel ? 22 : 0)) / l->height);
	if (key_entries(p, &widest) == 1 && !p->nhlines)
		sbuf_add(gp, "\tunset key\n");
	script_hbars_vars(gp, p, &a, px);
	script_hbars_refs(gp, p, &a);
	sbuf_add(gp, "\tplot ");
	for (size_t k = 0; k < p->nseries; k++) {
		if (!plot_series_drawable(p, p->series[k]))
			continue;
		if (!first)
			sbuf_add(gp, ", \\\n\t     ");
		first = false;
		script_hbar_series(gp, dat, p, k, (*next)++);
	}
	script_hlines(gp, p, &first);
	sbuf_addc(gp, '\n');
}

/* ---- the chart ---------------------------------------------------------- */

/* The height of a chart of lines or vertical bars in `rows` rows of
 * `columns` panels. */
static int chart_height(const struct plot_chart *c, size_t rows,
			size_t columns)
{
	size_t n, lines = 0;
	double len;

	if (rows > 1) {
		/* slanted category labels take a third of a panel */
		for (size_t i = 0; i < c->npanels; i++)
			if (labels_slanted(c->panels[i], columns))
				return (int)rows * 330 + 30;
		return (int)rows * 225 + 30;
	}
	for (size_t i = 0; i < c->npanels; i++) {
		const struct plot_panel *p = c->panels[i];

		if (p->kind != PLOT_XY || !plot_panel_drawable(p))
			continue;
		n = key_entries(p, &len);
		lines = zmax(lines, (n + key_columns(len, PLOT_WIDTH - 40) - 1) /
				    key_columns(len, PLOT_WIDTH - 40));
	}
	return 380 + (int)lines * LINE_PX;
}

void plot_chart_files(const struct plot_chart *c, struct sbuf *gp,
		      struct sbuf *dat)
{
	size_t npanels = 0, index = 0, columns, rows, k = 0;
	bool hbars = c->npanels && c->panels[0]->kind == PLOT_HBARS;
	struct hlayout l;
	int height;

	for (size_t i = 0; i < c->npanels; i++)
		npanels += plot_panel_drawable(c->panels[i]);
	columns = hbars ? npanels : c->columns ? (size_t)c->columns :
		  npanels < 3 ? npanels : 3;
	rows = (npanels + columns - 1) / columns;
	if (hbars) {
		hbars_layout(c, npanels > 1 && *c->title, &l);
		height = l.height;
	} else {
		height = chart_height(c, rows, columns);
	}
	plot_chart_data(c, dat);

	sbuf_addf(gp, "# %s.gp - drawn by culab.  Edit it and run `gnuplot "
		  "%s.gp` in this directory\n# to redraw %s.png and %s.svg "
		  "from %s.dat.\n", c->name, c->name, c->name, c->name,
		  c->name);
	sbuf_add(gp, "reset\nset encoding utf8\nset datafile missing '?'\n"
		 "if (!exists(\"outdir\")) outdir = ''\n");
	script_functions(gp);
	sbuf_add(gp, "do for [fmt in 'png svg'] {\n\tif (fmt eq 'png') {\n");
	/* cairo's font sizes are points at 96 dpi, SVG's are px: scaled by
	 * 3/4, the PNG's text is as large as the SVG's */
	sbuf_addf(gp, "\t\tset terminal pngcairo size %d,%d noenhanced "
		  "font 'Sans,%d' fontscale 0.75\n\t} else {\n"
		  "\t\tset terminal svg size %d,%d noenhanced "
		  "font 'sans-serif,%d' background '#ffffff'\n\t}\n",
		  PLOT_WIDTH, height, PLOT_FONT, PLOT_WIDTH, height,
		  PLOT_FONT);
	sbuf_addf(gp, "\tset output outdir.'%s.'.fmt\n", c->name);
	if (npanels > 1) {
		if (hbars)
			sbuf_add(gp, "\tset multiplot title ");
		else
			sbuf_addf(gp, "\tset multiplot layout %zu,%zu title ",
				  rows, columns);
		title_quote(gp, c->title);
		sbuf_addc(gp, '\n');
	}
	for (size_t i = 0; i < c->npanels; i++) {
		const struct plot_panel *p = c->panels[i];
		const char *title = npanels > 1 || !*c->title ? p->title :
				    c->title;

		if (!plot_panel_drawable(p))
			continue;
		if (hbars)
			script_hbars(gp, c, p, title, &l, k++, &index);
		else
			script_panel(gp, c, p, title, columns, &index);
	}
	if (npanels > 1)
		sbuf_add(gp, "\tunset multiplot\n");
	sbuf_add(gp, "\tunset output\n}\n");
	if (hbars) {
		free(l.left);
		free(l.px);
	}
}
