/* plot.c - charts built in memory, and each one's data file.  See
 * report.h; plot_script.c writes their scripts, plot_draw.c draws them.
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
		for (size_t k = 0; p->series[i]->text && k < p->series[i]->n;
		     k++)
			free(p->series[i]->text[k]);
		free(p->series[i]->text);
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
		char ch = *p, next = p[1];

		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		if (next >= 'A' && next <= 'Z')
			next = (char)(next - 'A' + 'a');
		/* a '.' between letters or digits: "ladder-x.zh" */
		if (ch == '.' && stem.len && stem.len < 79 &&
		    plot_name_alnum(stem.buf[stem.len - 1]) &&
		    plot_name_alnum(next))
			;
		else if (!(plot_name_alnum(ch) || ch == '_' || ch == '-'))
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
	p->lo = p->hi = NAN;
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

void plot_panel_range(struct plot_panel *p, double lo, double hi)
{
	p->lo = isfinite(lo) && (!p->ybase || lo > 0) ? lo : NAN;
	p->hi = isfinite(hi) && (!p->ybase || hi > 0) ? hi : NAN;
	if (isfinite(p->lo) && isfinite(p->hi) && p->lo >= p->hi)
		p->lo = p->hi = NAN;
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
		if (s->text)
			s->text = xrealloc(s->text, s->cap * sizeof(*s->text));
	}
	if (s->text)
		s->text[s->n] = NULL;
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

void plot_series_text(struct plot_series *s, const char *text)
{
	struct sbuf t = SBUF_INIT;
	size_t n = 0;

	if (!s->n || !text)
		return;
	if (!s->text)
		s->text = xcalloc(s->cap, sizeof(*s->text));
	for (const unsigned char *p = (const unsigned char *)text;
	     *p && n < PLOT_MAX_LABEL; n++) {
		size_t len = plot_utf8_len(p);

		if (len > 1)
			sbuf_addn(&t, (const char *)p, len);
		else
			sbuf_addc(&t, len == 0 || *p < ' ' || *p == 0x7f ||
				  *p == '"' || *p == '\\' ? '?' : (char)*p);
		p += len ? len : 1;
		while (!len && (*p & 0xC0) == 0x80)
			p++;    /* the rest of a broken character */
	}
	free(s->text[s->n - 1]);
	s->text[s->n - 1] = sbuf_detach(&t);
}

/* ---- validity --------------------------------------------------------- */

bool plot_point_valid(const struct plot_panel *p, double x, double y)
{
	if (!isfinite(x) || !isfinite(y))
		return false;
	if (p->kind == PLOT_XY && p->xbase && x <= 0)
		return false;
	if (p->ybase && y <= 0)
		return false;
	if (p->kind != PLOT_XY && (x < 0 || x >= (double)p->ncats))
		return false;
	return true;
}

bool plot_interval_valid(const struct plot_panel *p,
			 const struct plot_series *s, size_t k)
{
	return s->lo && plot_point_valid(p, s->x[k], s->y[k]) &&
	       plot_point_valid(p, s->x[k], s->lo[k]) &&
	       plot_point_valid(p, s->x[k], s->hi[k]) && s->lo[k] <= s->hi[k];
}

bool plot_series_drawable(const struct plot_panel *p,
			  const struct plot_series *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (plot_point_valid(p, s->x[i], s->y[i]))
			return true;
	return false;
}

bool plot_panel_drawable(const struct plot_panel *p)
{
	for (size_t i = 0; i < p->nseries; i++)
		if (plot_series_drawable(p, p->series[i]))
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
	/* horizontal bars share their rows with the chart's other panels */
	for (size_t i = 1; i < c->npanels; i++)
		if ((c->panels[i]->kind == PLOT_HBARS) !=
		    (c->panels[0]->kind == PLOT_HBARS))
			return false;
	for (size_t i = 0; i < c->npanels; i++)
		if (plot_panel_drawable(c->panels[i]))
			return true;
	return false;
}

/* ---- text and data ---------------------------------------------------- */

/* plot_utf8_len(), and the character's code point into *cp. */
static size_t utf8_char(const unsigned char *p, unsigned *cp_out)
{
	size_t len;
	unsigned cp;

	*cp_out = *p;
	if (*p < 0x80)
		return 1;
	if (*p >= 0xC2 && *p <= 0xDF) {
		len = 2;
		cp = *p & 0x1F;
	} else if (*p >= 0xE0 && *p <= 0xEF) {
		len = 3;
		cp = *p & 0x0F;
	} else if (*p >= 0xF0 && *p <= 0xF4) {
		len = 4;
		cp = *p & 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3F);
	}
	/* overlong forms, surrogates, beyond U+10FFFF, C1 controls */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF || cp < 0xA0)
		return 0;
	*cp_out = cp;
	return len;
}

size_t plot_utf8_len(const unsigned char *p)
{
	unsigned cp;

	return utf8_char(p, &cp);
}

/* The advance widths of ASCII ' ' to '~' in DejaVu Sans (what "Sans"
 * is on most systems), in hundredths of an em: plot_text_px() measures
 * labels by them. */
static const unsigned char char_width[95] = {
	32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64,
	64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 53, 100, 68,
	69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79, 60, 79, 69,
	63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55,
	63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39,
	63, 59, 82, 59, 59, 52, 64, 34, 64, 84,
};

/* Whether code point cp is drawn a full em wide: CJK ideographs, kana,
 * hangul and their punctuation ("，" too), in the fallback font
 * (WenQuanYi Micro Hei, say) that draws them. */
static bool wide_char(unsigned cp)
{
	return (cp >= 0x1100 && cp <= 0x115F) ||
	       (cp >= 0x2E80 && cp <= 0xA4CF) ||
	       (cp >= 0xAC00 && cp <= 0xD7A3) ||
	       (cp >= 0xF900 && cp <= 0xFAFF) ||
	       (cp >= 0xFE30 && cp <= 0xFE4F) ||
	       (cp >= 0xFF00 && cp <= 0xFF60) ||
	       (cp >= 0xFFE0 && cp <= 0xFFE6) ||
	       (cp >= 0x20000 && cp <= 0x3FFFD);
}

double plot_text_px(const char *text, size_t max)
{
	double em = 0;
	size_t n = 0;

	for (const unsigned char *p = (const unsigned char *)(text ? text : "");
	     *p && n < max; n++) {
		unsigned cp;
		size_t len = utf8_char(p, &cp);

		em += len == 1 && *p >= ' ' && *p <= '~' ?
		      char_width[*p - ' '] : wide_char(cp) ? 100 : 60;
		p += len ? len : 1;
		while (!len && (*p & 0xC0) == 0x80)
			p++;
	}
	return em / 100 * PLOT_FONT * 1.05;
}

double plot_label_px(const char *text)
{
	return plot_text_px(text, PLOT_MAX_LABEL) * PLOT_FONT_SMALL /
	       PLOT_FONT + 8;
}

void plot_quote_max(struct sbuf *b, const char *text, size_t max)
{
	size_t chars = 0;

	sbuf_addc(b, '\'');
	for (const unsigned char *p = (const unsigned char *)(text ? text : "");
	     *p;) {
		unsigned char c = *p;
		size_t len = plot_utf8_len(p);

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
		else if (len > 1)
			sbuf_addn(b, (const char *)p, len);
		else if (len == 0)
			sbuf_addc(b, '?');   /* not UTF-8 */
		else
			sbuf_addc(b, (char)c);
		p += len ? len : 1;
		while (!len && (*p & 0xC0) == 0x80)
			p++;
	}
	sbuf_addc(b, '\'');
}

void plot_quote(struct sbuf *b, const char *text)
{
	plot_quote_max(b, text, PLOT_MAX_TEXT);
}

/* gnuplot reads NaN as a missing point, and a value that is not finite
 * is never written as "inf". */
void plot_num(struct sbuf *b, double v)
{
	if (isfinite(v))
		sbuf_addf(b, "%.10g", v);
	else
		sbuf_add(b, "NaN");
}

/* Writes the data blocks of one panel to dat, the first numbered *next;
 * *next is then the next free number. */
static void data_panel(struct sbuf *dat, const struct plot_panel *p,
		       size_t *next)
{
	for (size_t i = 0; i < p->nseries; i++) {
		const struct plot_series *s = p->series[i];

		if (!plot_series_drawable(p, s))
			continue;
		sbuf_addf(dat, "# index %zu: x y%s%s\n", (*next)++,
			  s->lo ? " low high" : "",
			  s->text ? " label label_px" : "");
		for (size_t k = 0; k < s->n; k++) {
			if (!isfinite(s->x[k]))
				continue;
			plot_num(dat, s->x[k]);
			sbuf_addc(dat, ' ');
			if (plot_point_valid(p, s->x[k], s->y[k]))
				plot_num(dat, s->y[k]);
			else
				sbuf_addc(dat, '?');
			if (s->lo && plot_interval_valid(p, s, k)) {
				sbuf_addc(dat, ' ');
				plot_num(dat, s->lo[k]);
				sbuf_addc(dat, ' ');
				plot_num(dat, s->hi[k]);
			} else if (s->lo) {
				sbuf_add(dat, " ? ?");
			}
			/* quoted: gnuplot reads it as one column; then
			 * its width, by which the script places it */
			if (s->text)
				sbuf_addf(dat, " \"%s\" %.1f",
					  s->text[k] ? s->text[k] : "",
					  s->text[k] ? plot_label_px(s->text[k]) :
						       0.0);
			sbuf_addc(dat, '\n');
		}
		sbuf_add(dat, "\n\n");
	}
}


void plot_chart_data(const struct plot_chart *c, struct sbuf *dat)
{
	size_t index = 0;

	sbuf_add(dat, "# Data of ");
	sbuf_add(dat, c->name);
	sbuf_add(dat, ".gp: one block per series (gnuplot `index`), "
		 "'?' marks a missing value.\n");
	for (size_t i = 0; i < c->npanels; i++)
		if (plot_panel_drawable(c->panels[i]))
			data_panel(dat, c->panels[i], &index);
}
