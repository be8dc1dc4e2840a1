/* plot_ticks.c - the numbers of a chart's value axes: ticks where a
 * person reads them (1, 2 and 5 times powers of ten; every k-th power of
 * ten on a wide log axis) and their labels.  See plot_ticks.h;
 * plot_script.c, which places the axes, ticks them here.  Plain
 * arithmetic, with nothing of a chart in it. */
#include "plot_ticks.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double plot_clean(double v)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%.12g", v);
	v = strtod(buf, NULL);
	return v == 0 ? 0 : v;     /* not -0 */
}

void plot_tick_text(struct sbuf *b, double v)
{
	double a = fabs(v);

	if (a < 1e-300) {
		sbuf_addc(b, '0');
	} else if (a >= 1e4) {
		int e = (int)floor(log10(a * (1 + 1e-9)) / 3);

		if (e > 6)
			e = 6;
		sbuf_addf(b, "%.3g%c", v / pow(1000, e), "kMGTPE"[e - 1]);
	} else {
		sbuf_addf(b, "%.4g", v);
	}
}

/* A step of 1, 2, 2.5 or 5 times a power of ten, about span / want. */
static double nice_step(double span, int want)
{
	double raw = span / want, mag = pow(10, floor(log10(raw))),
	       f = raw / mag;

	return plot_clean((f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 :
		      f <= 5 ? 5 : 10) * mag);
}

size_t plot_linear_ticks(double lo, double hi, int want, double *t)
{
	double step = nice_step(hi - lo, want);
	size_t n = 0;

	for (double k = ceil(lo / step - 1e-9);
	     k * step <= hi + step * 1e-9 && n < PLOT_MAX_TICKS; k++)
		t[n++] = plot_clean(k * step);
	return n;
}

size_t plot_log_ticks(double lo, double hi, double *t)
{
	static const double mant[] = { 1, 2, 5 };
	int d0 = (int)floor(log10(lo)), d1 = (int)ceil(log10(hi)), every;
	size_t n = 0;

	if (hi / lo < 4)
		return plot_linear_ticks(lo, hi, 4, t);
	if (hi / lo <= 60) {
		for (int d = d0; d <= d1; d++)
			for (size_t m = 0; m < ARRAY_SIZE(mant); m++) {
				double v = plot_clean(mant[m] * pow(10, d));

				if (v >= lo * (1 - 1e-9) &&
				    v <= hi * (1 + 1e-9) && n < PLOT_MAX_TICKS)
					t[n++] = v;
			}
		return n;
	}
	every = (d1 - d0 + 6) / 7;
	for (int d = d0; d <= d1; d++) {
		double v = plot_clean(pow(10, d));

		if (d % every == 0 && v >= lo * (1 - 1e-9) &&
		    v <= hi * (1 + 1e-9) && n < PLOT_MAX_TICKS)
			t[n++] = v;
	}
	return n;
}
