/* plot_int.h - what plot.c (charts in memory, their scripts and data)
 * and plot_draw.c (gnuplot drawing them) share, and nothing else
 * includes. */
#ifndef CULAB_PLOT_INT_H
#define CULAB_PLOT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"
#include "report.h"

struct plot_series {
	char *title;
	enum plot_style style;
	enum plot_labels labels;
	size_t n, cap;
	double *x, *y;
	double *lo, *hi;        /* intervals (plot_series_interval), or NULL */
};

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

/* Chart c's gnuplot script into gp and its data file into dat (plot.c):
 * the script draws c.png and c.svg into outdir (a gnuplot variable, ''
 * when unset) from c.dat. */
void plot_chart_files(const struct plot_chart *c, struct sbuf *gp,
		      struct sbuf *dat);

#endif
