/* plot.c - charts built in memory, and each turned into a gnuplot script
 * and its data file.  See report.h; plot_draw.c draws them.
 *
 * Charts are held in memory until plot_render(), so that every chart of
 * a report is checked (a chart with nothing to draw is left out) and
 * drawn at once.  Text from results files reaches a script only quoted
 * (plot_quote) and cut to lengths that keep the plot on its canvas. */
#include "plot_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"

/* The longest text put into a chart: titles, legend entries, bar labels.
 * Longer legends squeeze the plot out of the canvas. */
#define PLOT_MAX_TEXT 120
#define PLOT_MAX_KEY 48
#define PLOT_MAX_TICK 28

/* gnuplot expressions that print a bar's value, per enum plot_labels:
 * enough digits to tell near values apart (3052 and 3152, not "3.0k" for
 * both): whole numbers from 1000 to a million, SI prefixes above. */
static const char *const label_formats[] = {
	[PLOT_LABELS_NONE] = "''",
	[PLOT_LABELS_VALUE] = ("abs($2) >= 1e6 ? sprintf('%.3g%s', $2 / "
			       "1000.0**floor(log10(abs($2)) / 3), "
			       "word('k M G T P E', "
			       "int(floor(log10(abs($2)) / 3)))) : "
			       "abs($2) >= 1000 ? sprintf('%.0f', $2) : "
			       "sprintf('%.3g', $2)"),
	[PLOT_LABELS_TIMES] = "sprintf('%.3gx', $2)",
};

/* Series colours: 20 that stay apart on screen and paper (Kelly's
 * colours of maximum contrast, without white and black), so a chart of
 * 17 variants does not reuse one; point and dash types vary as well. */
static const char *const series_colors[] = {
	"#1f77b4", "#e6550d", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
	"#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#f3c300", "#875692",
	"#a1caf1", "#be0032", "#c2b280", "#008856", "#f99379", "#0067a5",
	"#604e97", "#654522",
};

/* Bars per panel above which the value labels stand upright, so that
 * neighbours cannot print over each other. */
#define LABELS_UPRIGHT 10

/* An interval: a vertical line from low to high with a cap at each end
 * (gnuplot's yerrorbars would also mark the point itself). */
#define INTERVAL_STYLE "with vectors heads size screen 0.006,90 lw 1.5"

/* Colours of reference lines, in order of addition. */
static const char *const hline_colors[] = {
	"#000000", "#555555", "#2ca02c", "#9467bd",
};

/* ---- building --------------------------------------------------------- */

/* Grows *arr (of element size `size`) by one and returns the new slot. */
static void *push(void *arr_ptr, size_t *n, size_t size)
{
	void **arr = arr_ptr;
	char *p;

	*arr = xrealloc(*arr, (*n + 1) * size);
	p = (char *)*arr + *n * size;
	memset(p, 0, size);
	(*n)++;
	return p;
}

struct plot_set *plot_set_new(void)
{
	return xcalloc(1, sizeof(struct plot_set));
}

static void panel_free(struct plot_panel *p)
{
	for (size_t i = 0; i < p->nseries; i++) {
		free(p->series[i]->title);
		free(p->series[i]->x);
		free(p->series[i]->y);
		free(p->series[i]->lo);
		free(p->series[i]->hi);
		free(p->series[i]);
	}
	for (size_t i = 0; i < p->ncats; i++)
		free(p->cats[i]);
	for (size_t i = 0; i < p->nhlines; i++)
		free(p->hlines[i].title);
	free(p->series);
	free(p->cats);
	free(p->hlines);
	free(p->title);
	free(p->xlabel);
	free(p->ylabel);
	free(p);
}

void plot_set_free(struct plot_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		struct plot_chart *c = s->charts[i];

		for (size_t j = 0; j < c->npanels; j++)
			panel_free(c->panels[j]);
		free(c->panels);
		free(c->name);
		free(c->title);
		free(c);
	}
	free(s->charts);
	free(s);
}

static bool name_taken(const struct plot_set *s, const char *name)
{
	if (strcmp(name, "all") == 0)   /* all.gp is the driver */
		return true;
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->charts[i]->name, name) == 0)
			return true;
	return false;
}

struct plot_chart *plot_chart_add(struct plot_set *s, const char *name,
				  const char *title)
{
	struct plot_chart *c = xcalloc(1, sizeof(*c));
	struct sbuf stem = SBUF_INIT;
	char *unique;

	for (const char *p = name ? name : ""; *p && stem.len < 80; p++) {
		char ch = *p;

		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
		      ch == '_' || ch == '-'))
			ch = '-';
		sbuf_addc(&stem, ch);
	}
	if (!stem.len)
		sbuf_add(&stem, "chart");
	unique = xstrdup(sbuf_str(&stem));
	for (int k = 2; name_taken(s, unique); k++) {
		free(unique);
		unique = xasprintf("%s-%d", sbuf_str(&stem), k);
	}
	sbuf_release(&stem);
	c->name = unique;
	c->title = xstrdup(title ? title : "");
	*(struct plot_chart **)push(&s->charts, &s->n, sizeof(c)) = c;
	return c;
}

const char *plot_chart_name(const struct plot_chart *c)
{
	return c->name;
}

void plot_chart_columns(struct plot_chart *c, int columns)
{
	c->columns = columns > 0 ? columns : 0;
}

struct plot_panel *plot_panel_add(struct plot_chart *c, enum plot_kind kind,
				  const char *title, const char *xlabel,
				  const char *ylabel)
{
	struct plot_panel *p = xcalloc(1, sizeof(*p));

	p->kind = kind;
	p->title = xstrdup(title ? title : "");
	p->xlabel = xstrdup(xlabel ? xlabel : "");
	p->ylabel = xstrdup(ylabel ? ylabel : "");
	*(struct plot_panel **)push(&c->panels, &c->npanels, sizeof(p)) = p;
	return p;
}

void plot_panel_logscale(struct plot_panel *p, int xbase, int ybase)
{
	p->xbase = xbase > 1 ? xbase : 0;
	p->ybase = ybase > 1 ? ybase : 0;
}

void plot_panel_bar_base(struct plot_panel *p, double base)
{
	p->bar_base = base;
}


size_t plot_panel_category(struct plot_panel *p, const char *label)
{
	*(char **)push(&p->cats, &p->ncats, sizeof(char *)) =
		xstrdup(label ? label : "");
	return p->ncats - 1;
}

void plot_panel_hline(struct plot_panel *p, const char *title, double y,
		      enum plot_style style)
{
	struct plot_hline *h;

	if (!isfinite(y) || (p->ybase && y <= 0))
		return;
	h = push(&p->hlines, &p->nhlines, sizeof(*h));
	h->title = xstrdup(title ? title : "");
	h->y = y;
	h->style = style;
}

struct plot_series *plot_series_add(struct plot_panel *p, const char *title,
				    enum plot_style style)
{
	struct plot_series *s = xcalloc(1, sizeof(*s));

	s->title = xstrdup(title ? title : "");
	s->style = style;
	*(struct plot_series **)push(&p->series, &p->nseries, sizeof(s)) = s;
	return s;
}

void plot_series_labels(struct plot_series *s, enum plot_labels labels)
{
	s->labels = labels;
}

void plot_series_point(struct plot_series *s, double x, double y)
{
	plot_series_interval(s, x, y, NAN, NAN);
}

void plot_series_interval(struct plot_series *s, double x, double y,
			  double lo, double hi)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->x = xrealloc(s->x, s->cap * sizeof(*s->x));
		s->y = xrealloc(s->y, s->cap * sizeof(*s->y));
		if (s->lo) {
			s->lo = xrealloc(s->lo, s->cap * sizeof(*s->lo));
			s->hi = xrealloc(s->hi, s->cap * sizeof(*s->hi));
		}
	}
	if (!s->lo && (isfinite(lo) || isfinite(hi))) {
		s->lo = xmalloc(s->cap * sizeof(*s->lo));
		s->hi = xmalloc(s->cap * sizeof(*s->hi));
		for (size_t k = 0; k < s->n; k++)
			s->lo[k] = s->hi[k] = NAN;
	}
	s->x[s->n] = x;
	s->y[s->n] = y;
	if (s->lo) {
		s->lo[s->n] = lo;
		s->hi[s->n] = hi;
	}
	s->n++;
}

/* ---- validity --------------------------------------------------------- */

static bool point_valid(const struct plot_panel *p, double x, double y)
{
	if (!isfinite(x) || !isfinite(y))
		return false;
	if (p->kind == PLOT_XY && p->xbase && x <= 0)
		return false;
	if (p->ybase && y <= 0)
		return false;
	if (p->kind == PLOT_BARS && (x < 0 || x >= (double)p->ncats))
		return false;
	return true;
}

/* Whether point k of s has an interval that can be drawn with it. */
static bool interval_valid(const struct plot_panel *p,
			   const struct plot_series *s, size_t k)
{
	return s->lo && point_valid(p, s->x[k], s->y[k]) &&
	       point_valid(p, s->x[k], s->lo[k]) &&
	       point_valid(p, s->x[k], s->hi[k]) && s->lo[k] <= s->hi[k];
}

static bool series_drawable(const struct plot_panel *p,
			    const struct plot_series *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (point_valid(p, s->x[i], s->y[i]))
			return true;
	return false;
}

static bool panel_drawable(const struct plot_panel *p)
{
	for (size_t i = 0; i < p->nseries; i++)
		if (series_drawable(p, p->series[i]))
			return true;
	return false;
}

/* The points and series a chart would draw. */
static void chart_size(const struct plot_chart *c, size_t *points,
		       size_t *series)
{
	*points = *series = 0;
	for (size_t i = 0; i < c->npanels; i++) {
		*series += c->panels[i]->nseries;
		for (size_t k = 0; k < c->panels[i]->nseries; k++)
			*points += c->panels[i]->series[k]->n;
	}
}

bool plot_chart_drawable(const struct plot_chart *c)
{
	size_t points, series;

	/* gnuplot's time grows with what it draws: a chart past the limits
	 * (only a crafted or huge results file makes one) is not drawn, and
	 * the report's tables still show every row */
	chart_size(c, &points, &series);
	if (points > PLOT_MAX_POINTS || series > PLOT_MAX_SERIES)
		return false;
	for (size_t i = 0; i < c->npanels; i++)
		if (panel_drawable(c->panels[i]))
			return true;
	return false;
}

/* ---- script and data -------------------------------------------------- */

/* plot_quote() with a limit of `max` characters. */
static void quote_max(struct sbuf *b, const char *text, size_t max)
{
	size_t chars = 0;

	sbuf_addc(b, '\'');
	for (const unsigned char *p = (const unsigned char *)(text ? text : "");
	     *p; p++) {
		unsigned char c = *p;

		if ((c & 0xC0) == 0x80)
			continue;       /* rest of a non-ASCII character */
		if (chars++ == max) {
			sbuf_add(b, "...");
			break;
		}
		if (c == '\'' || c == '`')
			/* gnuplot's '' escape fails at a string's start and
			 * when repeated: use a typographic apostrophe */
			sbuf_add(b, "\u2019");
		else if (c < 0x20 || c == 0x7f)
			sbuf_addc(b, ' ');
		else if (c >= 0x80)
			sbuf_addc(b, '?');   /* no CJK glyphs in chart fonts */
		else
			sbuf_addc(b, (char)c);
	}
	sbuf_addc(b, '\'');
}

void plot_quote(struct sbuf *b, const char *text)
{
	quote_max(b, text, PLOT_MAX_TEXT);
}

/* A number of a data block; gnuplot reads NaN as a missing point, and a
 * value that is not finite is never written as "inf". */
static void num(struct sbuf *b, double v)
{
	if (isfinite(v))
		sbuf_addf(b, "%.10g", v);
	else
		sbuf_add(b, "NaN");
}

/* Writes the data block(s) of one panel to dat and returns the index of
 * its first block; *next is the next free index. */
static void data_panel(struct sbuf *dat, const struct plot_panel *p,
		       size_t *next)
{
	for (size_t i = 0; i < p->nseries; i++) {
		const struct plot_series *s = p->series[i];

		if (!series_drawable(p, s))
			continue;
		sbuf_addf(dat, "# index %zu: x y%s\n", (*next)++,
			  s->lo ? " low high" : "");
		for (size_t k = 0; k < s->n; k++) {
			if (!isfinite(s->x[k]))
				continue;
			num(dat, s->x[k]);
			sbuf_addc(dat, ' ');
			if (point_valid(p, s->x[k], s->y[k]))
				num(dat, s->y[k]);
			else
				sbuf_addc(dat, '?');
			if (s->lo && interval_valid(p, s, k)) {
				sbuf_addc(dat, ' ');
				num(dat, s->lo[k]);
				sbuf_addc(dat, ' ');
				num(dat, s->hi[k]);
			} else if (s->lo) {
				sbuf_add(dat, " ? ?");
			}
			sbuf_addc(dat, '\n');
		}
		sbuf_add(dat, "\n\n");
	}
}

static void script_setting(struct sbuf *gp, const char *what, const char *text)
{
	sbuf_addf(gp, "\tset %s ", what);
	plot_quote(gp, text);
	sbuf_addc(gp, '\n');
}

/* Whether a bar panel's value labels stand upright: more labelled bars
 * than fit side by side. */
static bool labels_upright(const struct plot_panel *p)
{
	size_t labelled = 0;

	if (p->kind != PLOT_BARS)
		return false;
	for (size_t i = 0; i < p->nseries; i++)
		if (p->series[i]->labels != PLOT_LABELS_NONE &&
		    series_drawable(p, p->series[i]))
			labelled += p->ncats;
	return labelled > LABELS_UPRIGHT;
}

/* Sets axis ranges gnuplot cannot find itself: a single x or y value (it
 * would warn and guess), and room above bars for their value labels. */
static void panel_ranges(struct sbuf *gp, const struct plot_panel *p)
{
	double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;

	for (size_t i = 0; i < p->nseries; i++) {
		const struct plot_series *s = p->series[i];

		for (size_t k = 0; k < s->n; k++) {
			if (!point_valid(p, s->x[k], s->y[k]))
				continue;
			x0 = fmin(x0, s->x[k]);
			x1 = fmax(x1, s->x[k]);
			y0 = fmin(y0, s->y[k]);
			y1 = fmax(y1, s->y[k]);
			if (interval_valid(p, s, k)) {
				y0 = fmin(y0, s->lo[k]);
				y1 = fmax(y1, s->hi[k]);
			}
		}
	}
	for (size_t i = 0; i < p->nhlines; i++) {
		y0 = fmin(y0, p->hlines[i].y);
		y1 = fmax(y1, p->hlines[i].y);
	}
	if (p->kind == PLOT_BARS && (!p->ybase || p->bar_base > 0)) {
		y0 = fmin(y0, p->bar_base);
		y1 = fmax(y1, p->bar_base);
	}
	if (!(x0 <= x1 && y0 <= y1))
		return;
	/* results.c bounds every value read; this keeps an "inf" out of a
	 * script whatever a caller passes: gnuplot then picks the range */
	if (!(fabs(x0) < 1e300 && fabs(x1) < 1e300 && fabs(y0) < 1e300 &&
	      fabs(y1) < 1e300))
		return;
	if (p->kind == PLOT_XY && x0 == x1) {
		if (p->xbase)
			sbuf_addf(gp, "\tset xrange [%.10g:%.10g]\n", x0 / 2,
				  x0 * 2);
		else
			sbuf_addf(gp, "\tset xrange [%.10g:%.10g]\n", x0 - 1,
				  x0 + 1);
	}
	if (p->ybase) {
		if (y0 == y1)
			sbuf_addf(gp, "\tset yrange [%.10g:%.10g]\n", y0 / 2,
				  y0 * 2);
		else if (p->kind == PLOT_BARS)
			/* room above the tallest bar for its label, in the
			 * decades the axis spans */
			sbuf_addf(gp, "\tset yrange [%.10g:%.10g]\n",
				  y0 / 1.6, y1 * fmax(1.6, pow(y1 / y0,
					labels_upright(p) ? 0.3 : 0.12)));
	} else if (y0 == y1) {
		double d = y0 == 0 ? 1 : fabs(y0) / 2;

		sbuf_addf(gp, "\tset yrange [%.10g:%.10g]\n",
			  p->kind == PLOT_BARS && y0 == 0 ? 0 : y0 - d, y0 + d);
	} else if (p->kind == PLOT_BARS) {
		double pad = (y1 - y0) * (labels_upright(p) ? 0.3 : 0.12);

		sbuf_addf(gp, "\tset yrange [%.10g:%.10g]\n",
			  y0 < 0 ? y0 - pad : y0, y1 + pad);
	}
}

/* Appends panel p's reference lines to a plot command (*first: nothing
 * before them yet). */
static void script_hlines(struct sbuf *gp, const struct plot_panel *p,
			  bool *first)
{
	for (size_t i = 0; i < p->nhlines; i++) {
		const struct plot_hline *h = &p->hlines[i];

		if (!*first)
			sbuf_add(gp, ", \\\n\t     ");
		*first = false;
		num(gp, h->y);
		sbuf_addf(gp, " with lines lw 2 dt %d lc rgb '%s' title ",
			  h->style == PLOT_DASHED ? 2 : 1,
			  hline_colors[i % ARRAY_SIZE(hline_colors)]);
		quote_max(gp, h->title, PLOT_MAX_KEY);
	}
}

/* Emits the settings and the plot command of one panel; its data blocks
 * start at index *next. */
static void script_panel(struct sbuf *gp, const struct plot_chart *c,
			 const struct plot_panel *p, const char *title,
			 size_t *next)
{
	size_t drawn = 0, nbar = 0;
	bool first = true, upright = labels_upright(p);

	/* Every setting a panel uses is set again for each panel, so the
	 * panels of a multiplot do not inherit from each other. */
	script_setting(gp, "title", title);
	script_setting(gp, "xlabel", p->xlabel);
	script_setting(gp, "ylabel", p->ylabel);
	sbuf_add(gp, "\tunset logscale\n\tset autoscale\n"
		 "\tset format x '% h'\n\tset format y '% h'\n"
		 "\tset grid\n");
	if (p->xbase == 2)
		sbuf_add(gp, "\tset logscale x 2\n\tset format x '2^%L'\n");
	else if (p->xbase)
		sbuf_addf(gp, "\tset logscale x %d\n", p->xbase);
	if (p->ybase == 10)
		sbuf_add(gp, "\tset logscale y 10\n\tset format y '10^%L'\n");
	else if (p->ybase)
		sbuf_addf(gp, "\tset logscale y %d\n", p->ybase);
	panel_ranges(gp, p);
	for (size_t i = 0; i < p->nseries; i++)
		nbar += series_drawable(p, p->series[i]);
	if (p->kind == PLOT_BARS) {
		size_t label_chars = 0;

		for (size_t i = 0; i < p->ncats; i++)
			label_chars += strlen(p->cats[i]) + 2;
		sbuf_addf(gp, "\tset xrange [-0.6:%zu.6]\n",
			  p->ncats ? p->ncats - 1 : 0);
		sbuf_add(gp, "\tset xtics (");
		for (size_t i = 0; i < p->ncats; i++) {
			if (i)
				sbuf_add(gp, ", ");
			quote_max(gp, p->cats[i], PLOT_MAX_TICK);
			sbuf_addf(gp, " %zu", i);
		}
		sbuf_add(gp, ")");
		/* labels too long to stand side by side: slanted, with room
		 * on the left for the first one */
		if (label_chars > 64)
			sbuf_add(gp, " rotate by 30 right\n\tset lmargin 18");
		else
			sbuf_add(gp, "\n\tset lmargin -1");
		sbuf_add(gp, "\n\tset style fill solid 0.85 border -1\n"
			 "\tset style textbox opaque noborder margins 1,1\n");
		/* one series and no lines: the title says it all */
		/* the key above the plot, where no bar can be under it */
		sbuf_add(gp, nbar == 1 && !p->nhlines ? "\tset key off\n" :
			 "\tset key outside top center horizontal\n");
	} else {
		sbuf_add(gp, "\tset xtics autofreq\n\tset lmargin -1\n"
			 "\tset key below\n");
	}
	sbuf_add(gp, "\tplot ");
	/* bars: the lines first, so that bars and their labels (on an
	 * opaque box) stand in front of them */
	if (p->kind == PLOT_BARS)
		script_hlines(gp, p, &first);
	for (size_t i = 0; i < p->nseries; i++) {
		const struct plot_series *s = p->series[i];
		const char *color = series_colors[drawn %
						  ARRAY_SIZE(series_colors)];
		size_t index;

		if (!series_drawable(p, s))
			continue;
		index = (*next)++;
		if (!first)
			sbuf_add(gp, ", \\\n\t     ");
		first = false;
		if (p->kind == PLOT_XY) {
			sbuf_addf(gp, "'%s.dat' index %zu using 1:2 with "
				  "linespoints lw 1.5 lc rgb '%s' pt %zu dt %d "
				  "title ", c->name, index, color,
				  drawn % 13 + 1,
				  s->style == PLOT_DASHED ? 2 :
				  drawn >= ARRAY_SIZE(series_colors) ? 4 : 1);
			quote_max(gp, s->title, PLOT_MAX_KEY);
			if (s->lo)
				sbuf_addf(gp, ", \\\n\t     '%s.dat' index %zu "
					  "using 1:3:(0):($4-$3) %s lc rgb '%s' "
					  "notitle", c->name, index,
					  INTERVAL_STYLE, color);
		} else {
			double w = 0.8 / (double)nbar;
			double off = ((double)drawn - (double)(nbar - 1) / 2) * w;

			sbuf_addf(gp, "'%s.dat' index %zu using ($1%+.4f):2:"
				  "($1%+.4f):($1%+.4f):(%.10g):2 with "
				  "boxxyerror lc rgb '%s' title ", c->name,
				  index, off, off - w / 2, off + w / 2,
				  p->bar_base, color);
			quote_max(gp, s->title, PLOT_MAX_KEY);
			if (s->lo)
				sbuf_addf(gp, ", \\\n\t     '%s.dat' index %zu "
					  "using ($1%+.4f):3:(0):($4-$3) %s "
					  "lc rgb '#000000' notitle", c->name,
					  index, off, INTERVAL_STYLE);
			/* upright labels start at the bar's top, or at
			 * its base for a bar that points down */
			if (s->labels != PLOT_LABELS_NONE && upright)
				sbuf_addf(gp, ", \\\n\t     '%s.dat' index %zu "
					  "using ($1%+.4f):($2 < %.10g ? %.10g : "
					  "$2):(%s) with labels rotate by 90 "
					  "left offset 0,0.3 font ',8' boxed notitle",
					  c->name, index, off, p->bar_base,
					  p->bar_base, label_formats[s->labels]);
			else if (s->labels != PLOT_LABELS_NONE)
				sbuf_addf(gp, ", \\\n\t     '%s.dat' index %zu "
					  "using ($1%+.4f):2:(%s) with labels "
					  "offset 0,0.6 font ',8' boxed notitle",
					  c->name, index, off,
					  label_formats[s->labels]);
		}
		drawn++;
	}
	if (p->kind != PLOT_BARS)
		script_hlines(gp, p, &first);
	sbuf_addc(gp, '\n');
}

/* Builds NAME.gp and NAME.dat of a drawable chart. */
void plot_chart_files(const struct plot_chart *c, struct sbuf *gp,
		      struct sbuf *dat)
{
	size_t npanels = 0, index = 0, columns, rows;
	int height;

	for (size_t i = 0; i < c->npanels; i++)
		npanels += panel_drawable(c->panels[i]);
	columns = c->columns ? (size_t)c->columns : npanels < 3 ? npanels : 3;
	rows = (npanels + columns - 1) / columns;
	height = rows > 1 ? (int)rows * 330 : PLOT_HEIGHT;

	sbuf_add(dat, "# Data of ");
	sbuf_add(dat, c->name);
	sbuf_add(dat, ".gp: one block per series (gnuplot `index`), "
		 "'?' marks a missing value.\n");
	for (size_t i = 0; i < c->npanels; i++)
		if (panel_drawable(c->panels[i]))
			data_panel(dat, c->panels[i], &index);

	sbuf_addf(gp, "# %s.gp - drawn by culab.  Edit it and run `gnuplot "
		  "%s.gp` in this directory\n# to redraw %s.png and %s.svg "
		  "from %s.dat.\n", c->name, c->name, c->name, c->name,
		  c->name);
	sbuf_add(gp, "reset\nset encoding utf8\nset datafile missing '?'\n"
		 "if (!exists(\"outdir\")) outdir = ''\n"
		 "do for [fmt in 'png svg'] {\n"
		 "\tif (fmt eq 'png') {\n");
	sbuf_addf(gp, "\t\tset terminal pngcairo size %d,%d noenhanced "
		  "font 'Sans,10'\n\t} else {\n"
		  "\t\tset terminal svg size %d,%d noenhanced font 'Sans,10' "
		  "background '#ffffff'\n\t}\n", PLOT_WIDTH, height,
		  PLOT_WIDTH, height);
	sbuf_addf(gp, "\tset output outdir.'%s.'.fmt\n", c->name);
	if (npanels > 1) {
		sbuf_addf(gp, "\tset multiplot layout %zu,%zu title ", rows,
			  columns);
		plot_quote(gp, c->title);
		sbuf_addc(gp, '\n');
	}
	index = 0;
	for (size_t i = 0; i < c->npanels; i++) {
		const struct plot_panel *p = c->panels[i];

		if (panel_drawable(p))
			script_panel(gp, c, p, npanels > 1 || !*c->title ?
				     p->title : c->title, &index);
	}
	if (npanels > 1)
		sbuf_add(gp, "\tunset multiplot\n");
	sbuf_add(gp, "\tunset output\n}\n");
}
