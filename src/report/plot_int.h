/* plot_int.h - what plot.c (charts in memory and their data),
 * plot_script.c (their gnuplot scripts) and plot_draw.c (gnuplot drawing
 * them) share, and nothing else includes. */
#ifndef CULAB_PLOT_INT_H
#define CULAB_PLOT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"
#include "report.h"

/* The longest text put into a chart (titles, by plot_quote); legend
 * entries and bar labels are cut shorter (plot_script.c). */
#define PLOT_MAX_TEXT 120

struct plot_series {
	char *title;
	enum plot_style style;
	enum plot_labels labels;
	size_t n, cap;
	double *x, *y;
	double *lo, *hi;        /* intervals (plot_series_interval), or NULL */
	char **text;            /* labels (plot_series_text), or NULL */
};

/* The column of a series' point labels in its data block (1-based):
 * after x, y and the interval's two when it has one; the label's width
 * in px (plot_label_px) is the column after it. */
static inline int plot_text_column(const struct plot_series *s)
{
	return s->lo ? 5 : 3;
}

struct plot_hline {
	char *title;
	double y;
	enum plot_style style;
};

struct plot_panel {
	enum plot_kind kind;
	char *title, *xlabel, *ylabel;
	int xbase, ybase;
	double bar_base;
	double lo, hi;          /* plot_panel_range, NAN: from the data */
	char **cats;
	size_t ncats;
	struct plot_series **series;
	size_t nseries;
	struct plot_hline *hlines;
	size_t nhlines;
};

struct plot_chart {
	char *name;
	char *title;
	int columns;
	struct plot_panel **panels;
	size_t npanels;
};

struct plot_set {
	struct plot_chart **charts;
	size_t n;
};

/* Whether c is a lower-case letter or a digit: a chart name's '.' stands
 * between two of them ("ladder-reduce-float.zh"), never first, last or
 * beside another '.'. */
static inline bool plot_name_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* Whether (x, y) can be drawn in panel p: finite, positive on a log
 * axis, on a category of a bar panel (plot.c). */
bool plot_point_valid(const struct plot_panel *p, double x, double y);
/* Whether point k of s has an interval that can be drawn with it. */
bool plot_interval_valid(const struct plot_panel *p,
			 const struct plot_series *s, size_t k);
/* Whether s, or p, has a point that can be drawn. */
bool plot_series_drawable(const struct plot_panel *p,
			  const struct plot_series *s);
bool plot_panel_drawable(const struct plot_panel *p);
/* The length in bytes of the UTF-8 character at p: 1 for ASCII, 0 when
 * p starts no well-formed character (or a C1 control, U+0080..U+009F),
 * which a chart's text shows as '?'. */
size_t plot_utf8_len(const unsigned char *p);
/* The width in px of text, as plot_quote_max(text, max) puts it, at
 * PLOT_FONT px, with 5 % to spare for a wider font: ASCII by DejaVu
 * Sans's advances, CJK characters an em, others 0.6 em. */
double plot_text_px(const char *text, size_t max);
/* The width in px of a bar label of `text` (PLOT_FONT_SMALL), with 4 px
 * to spare each side: the data file's column after a label. */
double plot_label_px(const char *text);
/* plot_quote() with a limit of `max` characters. */
void plot_quote_max(struct sbuf *b, const char *text, size_t max);
/* A number of a data block or script: %.10g, "NaN" when not finite. */
void plot_num(struct sbuf *b, double v);

/* Chart c's data file into dat: one block per drawable series of its
 * drawable panels, in order (plot.c). */
void plot_chart_data(const struct plot_chart *c, struct sbuf *dat);

/* Chart c's gnuplot script into gp and its data file into dat
 * (plot_script.c): the script draws c.png and c.svg into outdir (a
 * gnuplot variable, '' when unset) from c.dat. */
void plot_chart_files(const struct plot_chart *c, struct sbuf *gp,
		      struct sbuf *dat);

#endif
