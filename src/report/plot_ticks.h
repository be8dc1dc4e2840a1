/* plot_ticks.h - the ticks of a chart's value axes and their labels
 * (plot_ticks.c; plot_script.c ticks its axes with them, and nothing
 * else includes it). */
#ifndef CULAB_PLOT_TICKS_H
#define CULAB_PLOT_TICKS_H

#include <stddef.h>

#include "base/util.h"

/* The most ticks on a value axis: t[] of the functions below holds as
 * many. */
#define PLOT_MAX_TICKS 12

/* v rounded to 12 significant digits: 2 * 10^-1 is 0.2, not
 * 0.20000000000000001. */
double plot_clean(double v);
/* A tick's label: "0", "0.25", "2500", "200M", "1.2G". */
void plot_tick_text(struct sbuf *b, double v);
/* Ticks of a linear axis [lo, hi], about `want` of them, into t[];
 * returns their number. */
size_t plot_linear_ticks(double lo, double hi, int want, double *t);
/* Ticks of a log axis [lo, hi] into t[]: 1, 2 and 5 times the powers of
 * ten it spans, or every k-th power of ten on a wide axis, or linear
 * steps on a narrow one (0.9, 1, 1.1); returns their number. */
size_t plot_log_ticks(double lo, double hi, double *t);

#endif
