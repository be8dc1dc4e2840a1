/* chart_check.h - checks of the gnuplot scripts culab writes, shared by
 * test_plot.c and test_report_charts.c: tick labels a person reads,
 * series that differ in colour or marker (also to colour-blind eyes),
 * text that prints at 8 pt or more, and bar labels on their bar's side
 * of its base.  Each returns NULL, or what is
 * wrong in buf.  Static functions in a header, as report_check.h. */
#ifndef CULAB_TEST_CHART_CHECK_H
#define CULAB_TEST_CHART_CHECK_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The width of an A4 page's text in CSS px (210 mm less 2 x 12 mm at
 * 96 px an inch), which a chart is scaled down to when printed. */
#define PRINT_WIDTH_PX 703.0

/* ---- ticks ---------------------------------------------------------- */

/* Whether `label` is a tick label a person reads, for a tick at `at`: a
 * number of at most three significant digits, perhaps with an SI prefix
 * (200M), that says the tick's value. */
static inline bool tick_readable(const char *label, double at)
{
	static const char prefixes[] = "kMGTPE";
	const char *p = label;
	char *end;
	double v, scale = 1;
	int digits = 0, zeros = 0;
	bool lead = true;

	v = strtod(label, &end);
	if (end == label)
		return false;
	if (*end) {
		const char *at_prefix = strchr(prefixes, *end);

		if (!at_prefix || end[1])
			return false;
		scale = pow(1000, (double)(at_prefix - prefixes + 1));
	}
	for (p = label; p < end; p++) {
		if (*p == '-' || *p == '.')
			continue;
		if (*p < '0' || *p > '9')
			return false;           /* 1e-05 */
		if (lead && *p == '0')
			continue;
		lead = false;
		if (*p == '0') {
			zeros++;
		} else {
			digits += zeros + 1;
			zeros = 0;
		}
	}
	if (digits > 3)
		return false;
	return fabs(v * scale - at) <= 1e-9 * fmax(fabs(at), 1e-300);
}

/* Checks the value-axis tick lists of script gp ("set xtics ('0.5' 0.5,
 * ...)"; lists of category labels, "(...) scale 0", are skipped): each
 * label readable, 2 to 12 of them. */
static inline const char *ticks_problem(const char *gp, char *buf, size_t n)
{
	for (const char *p = gp; (p = strstr(p, "tics (")) != NULL; p++) {
		const char *q = p + 6, *eol = strchr(p, '\n');
		char labels[12][64];
		double at[12];
		int count = 0;

		if (!eol)
			break;
		/* 'label' value, ... ) */
		while (q < eol && *q == '\'') {
			const char *e = strchr(q + 1, '\'');
			char *num_end;

			if (!e || e > eol)
				break;
			if (count < 12 && (size_t)(e - q - 1) < sizeof(labels[0])) {
				memcpy(labels[count], q + 1, (size_t)(e - q - 1));
				labels[count][e - q - 1] = '\0';
			} else if (count < 12) {
				labels[count][0] = '\0';
			}
			if (count < 12)
				at[count] = strtod(e + 1, &num_end);
			else
				strtod(e + 1, &num_end);
			count++;
			q = num_end + strspn(num_end, ", ");
		}
		if (*q != ')')
			continue;
		/* category labels */
		{
			const char *scale = strstr(q, "scale 0");

			if (scale && scale < eol)
				continue;
		}
		if (count < 2 || count > 12) {
			snprintf(buf, n, "%d ticks in \"%.*s\"", count,
				 (int)(eol - p), p);
			return buf;
		}
		for (int i = 0; i < count; i++)
			if (!tick_readable(labels[i], at[i])) {
				snprintf(buf, n, "tick '%.60s' at %.10g is not a "
					 "number a person reads", labels[i],
					 at[i]);
				return buf;
			}
	}
	return NULL;
}

/* ---- colours -------------------------------------------------------- */

/* Colour-blindness as Machado, Oliveira and Fernandes (2009) simulate it
 * at full severity, on linear RGB: protanopia, deuteranopia, tritanopia. */
static const double cvd_matrix[3][3][3] = {
	{ { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 },
	  { -0.003882, -0.048116, 1.051998 } },
	{ { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 },
	  { -0.011820, 0.042940, 0.968881 } },
	{ { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 },
	  { 0.004733, 0.691367, 0.303900 } },
};

/* "#rrggbb" as CIELAB (D65), seen with colour vision `cvd` (-1: normal,
 * else an index of cvd_matrix). */
static inline void hex_lab(const char *hex, int cvd, double lab[3])
{
	unsigned r = 0, g = 0, b = 0;
	double c[3], s[3], x, y, z, f[3];

	sscanf(hex, "#%02x%02x%02x", &r, &g, &b);
	c[0] = r / 255.0;
	c[1] = g / 255.0;
	c[2] = b / 255.0;
	for (int i = 0; i < 3; i++)
		c[i] = c[i] <= 0.04045 ? c[i] / 12.92 :
		       pow((c[i] + 0.055) / 1.055, 2.4);
	for (int i = 0; i < 3; i++) {
		s[i] = c[i];
		if (cvd >= 0) {
			s[i] = 0;
			for (int j = 0; j < 3; j++)
				s[i] += cvd_matrix[cvd][i][j] * c[j];
			s[i] = fmin(1, fmax(0, s[i]));
		}
	}
	x = (0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2]) / 0.95047;
	y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
	z = (0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2]) / 1.08883;
	f[0] = x;
	f[1] = y;
	f[2] = z;
	for (int i = 0; i < 3; i++)
		f[i] = f[i] > 0.008856 ? cbrt(f[i]) : 7.787 * f[i] + 16.0 / 116;
	lab[0] = 116 * f[1] - 16;
	lab[1] = 500 * (f[0] - f[1]);
	lab[2] = 200 * (f[1] - f[2]);
}

/* The CIE76 colour difference of two "#rrggbb" colours, the smallest of
 * normal vision and the three colour-blindnesses. */
static inline double color_distance(const char *a, const char *b)
{
	double least = INFINITY;

	for (int cvd = -1; cvd < 3; cvd++) {
		double la[3], lb[3], d = 0;

		hex_lab(a, cvd, la);
		hex_lab(b, cvd, lb);
		for (int i = 0; i < 3; i++)
			d += (la[i] - lb[i]) * (la[i] - lb[i]);
		least = fmin(least, sqrt(d));
	}
	return least;
}

/* The least colour difference (color_distance) two lines of one plot
 * command may have when they share a marker. */
#define SAME_MARKER_MIN_DE 20.0

/* Checks the lines of each plot command of gp ("lc rgb '#rrggbb' pt N"):
 * no two share colour and marker, and two that share a marker differ in
 * colour by SAME_MARKER_MIN_DE to every eye.  *lines counts the lines
 * seen. */
static inline const char *palette_problem(const char *gp, size_t *lines,
					  char *buf, size_t n)
{
	const char *p = gp;

	*lines = 0;
	while ((p = strstr(p, "\tplot ")) != NULL) {
		const char *end;
		char colors[128][8];
		int points[128];
		size_t k = 0;

		/* the command runs while its lines end in a backslash */
		for (end = p; (end = strchr(end, '\n')) != NULL; end++)
			if (end[-1] != '\\')
				break;
		for (const char *q = p; q && (q = strstr(q, "lc rgb '#")) &&
					(!end || q < end); q++) {
			const char *pt = strstr(q, "' pt ");

			if (!pt || pt != q + 15 || k == 128)
				continue;
			memcpy(colors[k], q + 8, 7);
			colors[k][7] = '\0';
			points[k] = atoi(pt + 5);
			for (size_t j = 0; j < k; j++) {
				if (points[j] != points[k])
					continue;
				if (strcmp(colors[j], colors[k]) == 0 ||
				    color_distance(colors[j], colors[k]) <
				    SAME_MARKER_MIN_DE) {
					snprintf(buf, n, "lines %zu and %zu: "
						 "marker %d, colours %s and %s "
						 "(%.1f apart)", j + 1, k + 1,
						 points[k], colors[j], colors[k],
						 color_distance(colors[j],
								colors[k]));
					return buf;
				}
			}
			k++;
		}
		*lines += k;
		if (!end)
			break;
		p = end;
	}
	return NULL;
}

/* ---- bar labels ----------------------------------------------------- */

/* The width in px of a bar label of `text` at 11 px: ASCII 0.56 em a
 * character (DejaVu Sans's digits are 0.64, lower case 0.28 to 0.64,
 * "1.87x faster" 0.50 on average), CJK characters and full-width
 * punctuation (3 bytes from 0xE3 to 0xEF) an em, others 0.6 em. */
static inline double label_text_px(const char *text)
{
	double em = 0;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if ((*p & 0xC0) == 0x80)
			continue;
		em += *p >= 0xE3 && *p <= 0xEF ? 1.0 : *p < 0x80 ? 0.56 : 0.6;
	}
	return em * 11;
}

/* Whether bar label `text` says its step is within noise: it stands
 * right of the base whichever way its bar points. */
static inline bool label_neutral(const char *text)
{
	return strstr(text, "within noise") || strstr(text, "噪声以内");
}

/* The labels of horizontal bar panel number `panel` (from 0) of script
 * gp, as gnuplot drew them into svg (the values from the data file dat,
 * by label): each must lie within the panel, a bar's that grows right of
 * the base (linear axis: L, B, H of the script) right of it, one that
 * grows left left of it, a within-noise one right of it.  NULL, or the
 * first label that does not. */
static inline const char *hbar_labels_problem(const char *gp,
					      const char *dat,
					      const char *svg, int panel,
					      char *buf, size_t n)
{
	const char *at = gp, *p;
	double l, r, lo, hi, base, xb;
	size_t checked = 0;

	for (int i = 0; at && i <= panel; i++)
		if ((at = strstr(at, "set lmargin at screen ")) != NULL &&
		    i < panel)
			at++;
	if (!at || !(p = strstr(at, "set lmargin at screen ")) ||
	    sscanf(p, "set lmargin at screen %lf\n\tset rmargin at screen %lf",
		   &l, &r) != 2 || !(p = strstr(at, "\tL = ")) ||
	    sscanf(p, "\tL = %lf; H = %lf; B = %lf", &lo, &hi, &base) != 3) {
		snprintf(buf, n, "no panel %d in the script", panel);
		return buf;
	}
	l *= PLOT_WIDTH;
	r *= PLOT_WIDTH;
	xb = l + (r - l) * (base - lo) / (hi - lo);
	for (p = svg; (p = strstr(p, "<g transform=\"translate(")) != NULL;
	     p++) {
		const char *t = strstr(p, "<text>"), *end, *q;
		char text[160], want[180];
		double x, y, v, w, x0, x1;
		bool right, mark;

		if (!t || sscanf(p, "<g transform=\"translate(%lf,%lf)", &x,
				 &y) != 2 || !(end = strstr(t, "</text>")) ||
		    end - t - 6 >= (long)sizeof(text))
			continue;
		/* the label without the mark of a bar cut at the edge */
		memcpy(text, t + 6, (size_t)(end - t - 6));
		text[end - t - 6] = '\0';
		mark = false;
		if ((q = strstr(text, " >")) != NULL) {
			*(char *)q = '\0';
			mark = true;
		}
		if (strncmp(text, "< ", 2) == 0) {
			memmove(text, text + 2, strlen(text + 2) + 1);
			mark = true;
		}
		snprintf(want, sizeof(want), " \"%s\" ", text);
		if (x < l - 2 || x > r + 2 || !*text ||
		    !(q = strstr(dat, want)))
			continue;
		/* the value: the second column of the label's line */
		while (q > dat && q[-1] != '\n')
			q--;
		if (sscanf(q, "%*s %lf", &v) != 1)
			continue;
		w = label_text_px(text) + (mark ? 2 * 0.56 * 11 : 0);
		right = strstr(p, "text-anchor=\"end\"") &&
			strstr(p, "text-anchor=\"end\"") < t;
		x0 = right ? x - w : x;
		x1 = right ? x : x + w;
		checked++;
		if (x0 < l - 2 || x1 > r + 2) {
			snprintf(buf, n, "'%s' (%.0f to %.0f px) leaves its panel "
				 "(%.0f to %.0f px)", text, x0, x1, l, r);
			return buf;
		}
		if ((v >= base || label_neutral(text)) && x0 < xb - 2) {
			snprintf(buf, n, "'%s' of %g starts at %.0f px, left of "
				 "the base %g at %.0f px", text, v, x0, base, xb);
			return buf;
		}
		if (v < base && !label_neutral(text) && x1 > xb + 2) {
			snprintf(buf, n, "'%s' of %g ends at %.0f px, right of "
				 "the base %g at %.0f px", text, v, x1, base, xb);
			return buf;
		}
	}
	if (!checked) {
		snprintf(buf, n, "no label of panel %d found", panel);
		return buf;
	}
	return NULL;
}

/* ---- print size ----------------------------------------------------- */

/* The smallest text of script gp in pt when its SVG is printed on A4 (a
 * chart wider than the page's text is scaled down to it): the
 * terminal's font and every "font ',N'" of a label, in px, times
 * 0.75 pt a px.  NAN without an SVG terminal. */
static inline double print_text_pt(const char *gp)
{
	const char *t = strstr(gp, "set terminal svg size ");
	double width, size, scale;
	const char *font;

	if (!t || sscanf(t, "set terminal svg size %lf", &width) != 1)
		return NAN;
	font = strstr(t, "font '");
	if (!font || !(font = strchr(font, ',')))
		return NAN;
	size = atof(font + 1);
	for (const char *p = gp; (p = strstr(p, "font ',")) != NULL; p++)
		size = fmin(size, atof(p + 7));
	scale = width > PRINT_WIDTH_PX ? PRINT_WIDTH_PX / width : 1;
	return size * scale * 0.75;
}

#endif
