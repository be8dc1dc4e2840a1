/* report_html.c - the report as one self-contained HTML page.  See
 * report_html.h.
 *
 * The Markdown is parsed by cmark-gfm with its table extension; before it
 * is rendered the tree is walked once to put an anchor before each
 * heading and the SVG of each chart in place of its image.  Both are
 * custom nodes, whose text cmark-gfm writes as it stands: the parser never
 * makes such nodes from Markdown, so they hold only what this file wrote.
 * Everything else goes through cmark-gfm's safe renderer; links to the
 * report's other page (report.<lang>.md, details.<lang>.md) are set to
 * its HTML page.  The stylesheet never breaks a number or a name in a
 * table (cells break at spaces; wide tables scroll on screen) and has
 * print rules, so a browser's "print to PDF" gives a document. */
#include "report_html.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/util.h"

/* The largest chart SVG put inline (gnuplot's are 20-200 kB). */
#define SVG_MAX (4u << 20)

/* Numbers and names never break (issue 24): a cell breaks where a line
 * may break in text, at spaces and after dashes, never inside a word or
 * a number (no overflow-wrap:anywhere, which broke "664.5" into "664" and
 * ".5"), and a code span in a table (a variant's name, a counter's) and
 * a row's first cell (its label: "rung 11") not at all; a table wider
 * than the page scrolls on screen.  In print, where
 * nothing scrolls, tables are laid out as tables in 8 pt type (no
 * smaller: issue 45), a row's first cell and a line of source wrap at
 * their spaces, and the report's tables are shaped to fit an A4 page's
 * text (tests/html.sh measures every cell in both). */
static const char stylesheet[] =
	":root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--head:#f6f8fa}\n"
	"body{font-family:-apple-system,'Segoe UI','Noto Sans','Noto Sans CJK "
	"SC','Source Han Sans SC','PingFang SC','Microsoft YaHei','WenQuanYi "
	"Micro Hei',Helvetica,"
	"Arial,sans-serif;color:var(--fg);max-width:60rem;margin:2rem auto;"
	"padding:0 1rem;line-height:1.5;font-size:15px}\n"
	"h1,h2,h3{line-height:1.25;margin:1.5em 0 .6em}\n"
	"h1{font-size:1.8em;border-bottom:1px solid var(--line);"
	"padding-bottom:.3em}\n"
	"h2{font-size:1.4em;border-bottom:1px solid var(--line);"
	"padding-bottom:.2em}\n"
	"h3{font-size:1.15em}\n"
	"a{color:#0969da}\n"
	"code,pre{font-family:ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,"
	"monospace;font-size:.88em}\n"
	"code{background:var(--head);padding:.1em .3em;border-radius:4px;"
	"overflow-wrap:break-word}\n"
	"pre{background:var(--head);padding:.8em;border-radius:6px;"
	"white-space:pre;overflow-x:auto;line-height:1.35}\n"
	"pre code{background:none;padding:0;font-size:1em}\n"
	"table{border-collapse:collapse;margin:.8em 0;font-size:.8em;"
	"display:block;max-width:100%;overflow-x:auto}\n"
	"th,td{border:1px solid var(--line);padding:.25em .45em;"
	"vertical-align:top;overflow-wrap:normal;word-break:normal}\n"
	"td code,th code{white-space:nowrap;padding:0 .15em}\n"
	"td:first-child{white-space:nowrap}\n"
	"th{background:var(--head);font-weight:600}\n"
	"tr:nth-child(2n) td{background:#fbfcfd}\n"
	"svg,img{max-width:100%;height:auto}\n"
	".chart{display:block;margin:.5em 0}\n"
	/* a step's key lines before and after it, side by side */
	".pair{display:grid;grid-template-columns:1fr 1fr;gap:.6em;"
	"margin:.5em 0}\n"
	".pair>div{min-width:0}\n"
	".pair pre{white-space:pre-wrap;margin:0;font-size:.8em}\n"
	/* a wrapped line goes on under its text: the number and two spaces
	 * hang (KEY_PAIR lines are "NNN  code") */
	".pair .ln{display:block;padding-left:6ch;text-indent:-6ch}\n"
	/* the lines a step changed, on either side */
	".pair .chg{background:#fff1b8;-webkit-print-color-adjust:exact;"
	"print-color-adjust:exact}\n"
	".pair-head{margin:0 0 .2em;font-size:.85em;color:var(--muted)}\n"
	"blockquote{margin:0;padding:0 1em;color:var(--muted);"
	"border-left:.25em solid var(--line)}\n"
	"@media print{\n"
	"@page{size:A4;margin:12mm 11mm}\n"
	"body{max-width:none;margin:0;padding:0;font-size:9pt;line-height:1.4}\n"
	"p,ul,ol{margin:.5em 0}\n"
	"table{font-size:8pt;line-height:1.2;display:table;overflow:visible}\n"
	"th,td{padding:1px 2px}\n"
	/* a first cell wraps at its spaces, as text: its rung label is
	 * glued ("rung 11"), and an objective's name is prose */
	"td:first-child{white-space:normal}\n"
	/* and a line of source in a cell at its spaces (a name has none:
	 * it stays whole) */
	"td code,th code{white-space:normal;overflow-wrap:normal}\n"
	"pre{white-space:pre-wrap;overflow:visible;font-size:7.5pt;"
	"padding:.4em .6em}\n"
	"a{color:inherit;text-decoration:none}\n"
	"h1,h2,h3{break-after:avoid;margin:1em 0 .4em}\n"
	"tr,.chart,pre,.pair{break-inside:avoid}\n"
	/* a chart keeps its caption and its links (one figure), and a tall
	 * one (a class of 40's) is scaled to a page */
	".figure{break-inside:avoid}\n"
	/* a step's listings, before and after: small and close, one
	 * column each side of the page */
	".pair{gap:.4em;margin:.3em 0}\n"
	".pair pre{font-size:6.5pt;line-height:1.2;padding:.3em .4em}\n"
	".pair-head{font-size:7pt}\n"
	"p:has(+ p > .chart){break-after:avoid}\n"
	/* a step's paragraph stays with its listings, an intro with its
	 * table */
	"p:has(+ .pair),p:has(+ pre),p:has(+ table){break-after:avoid}\n"
	/* a lead-in and the paragraph it introduces: one block, which
	 * stays with that paragraph's listings */
	".keep{break-inside:avoid}\n"
	".keep:has(+ .pair),.keep:has(+ pre){break-after:avoid}\n"
	".chart svg{max-height:245mm;width:auto}\n"
	"}\n";

static bool name_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* Whether name[i] (of n) may be in a chart's name: plot.c's names are
 * [a-z0-9_-], and a '.' between letters or digits ("ladder-x.zh"). */
static bool name_char(const char *name, size_t i, size_t n)
{
	return name_alnum(name[i]) || name[i] == '_' || name[i] == '-' ||
	       (name[i] == '.' && i && i + 1 < n && name_alnum(name[i - 1]) &&
		name_alnum(name[i + 1]));
}

/* NAME of a URL "charts/NAME.png", copied into name[size]; false for any
 * other URL. */
static bool chart_url(const char *url, char *name, size_t size)
{
	static const char pre[] = "charts/", ext[] = ".png";
	size_t n;

	if (!url || strncmp(url, pre, sizeof(pre) - 1) != 0)
		return false;
	url += sizeof(pre) - 1;
	n = strlen(url);
	if (n <= sizeof(ext) - 1 || n - (sizeof(ext) - 1) >= size ||
	    strcmp(url + n - (sizeof(ext) - 1), ext) != 0)
		return false;
	n -= sizeof(ext) - 1;
	for (size_t i = 0; i < n; i++)
		if (!name_char(url, i, n))
			return false;
	memcpy(name, url, n);
	name[n] = '\0';
	return true;
}

/* Whether an SVG file's text holds anything a browser would run. */
static bool scriptable(const char *s)
{
	static const char *const bad[] = {
		"<script", "javascript:", "<foreignobject", " on", "\ton",
		"\non", "<iframe", "<embed", "<object",
	};
	struct sbuf low = SBUF_INIT;
	bool found = false;

	for (const char *p = s; *p; p++)
		sbuf_addc(&low, *p >= 'A' && *p <= 'Z' ?
				       (char)(*p - 'A' + 'a') : *p);
	for (size_t i = 0; i < ARRAY_SIZE(bad) && !found; i++) {
		const char *at = sbuf_str(&low);

		/* " on" only as an attribute: on...= */
		while ((at = strstr(at, bad[i])) != NULL) {
			const char *q = at + strlen(bad[i]);

			if (bad[i][0] != ' ' && bad[i][0] != '\t' &&
			    bad[i][0] != '\n') {
				found = true;
				break;
			}
			while (*q >= 'a' && *q <= 'z')
				q++;
			if (*q == '=') {
				found = true;
				break;
			}
			at = q;
		}
	}
	sbuf_release(&low);
	return found;
}

/* The inline markup of chart NAME: its SVG from dir/charts/NAME.svg,
 * without the XML prolog, in a span that names it for screen readers; or
 * NULL when there is no such file or it is not plain SVG. */
static char *chart_inline(const char *dir, const char *name, const char *alt)
{
	char *path = xasprintf("%s/charts/%s.svg", dir, name);
	char *text = NULL, *out = NULL;
	const char *svg;
	size_t len = 0;
	struct sbuf b = SBUF_INIT;

	if (access(path, R_OK) != 0 || read_file(path, SVG_MAX, &text, &len) < 0)
		goto out;
	svg = strstr(text, "<svg");
	if (!svg || strlen(text) != len || scriptable(svg))
		goto out;
	sbuf_add(&b, "<span class=\"chart\" role=\"img\" aria-label=\"");
	for (const char *p = alt ? alt : ""; *p; p++)
		switch (*p) {
		case '"': sbuf_add(&b, "&quot;"); break;
		case '&': sbuf_add(&b, "&amp;"); break;
		case '<': sbuf_add(&b, "&lt;"); break;
		case '>': sbuf_add(&b, "&gt;"); break;
		default: sbuf_addc(&b, *p);
		}
	sbuf_add(&b, "\">");
	sbuf_add(&b, svg);
	while (b.len && (b.buf[b.len - 1] == '\n' || b.buf[b.len - 1] == ' '))
		b.buf[--b.len] = '\0';
	sbuf_add(&b, "</span>");
	out = sbuf_detach(&b);
out:
	free(text);
	free(path);
	return out;
}

/* The plain text of node n's inline children, appended to b. */
static void node_text(cmark_node *n, struct sbuf *b)
{
	for (cmark_node *c = cmark_node_first_child(n); c;
	     c = cmark_node_next(c)) {
		cmark_node_type t = cmark_node_get_type(c);

		if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE)
			sbuf_add(b, cmark_node_get_literal(c));
		else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK)
			sbuf_addc(b, ' ');
		else
			node_text(c, b);
	}
}

/* Characters outside ASCII that GitHub's anchors drop (its rule keeps
 * letters, marks, digits, '_', '-' and spaces): the symbols and the
 * punctuation, Chinese included, that the report's headings use. */
static const char *const slug_dropped[] = {
	"\u00d7", "\u00b7", "\u2013", "\u2014", "\u2192", "\u2018",
	"\u2019", "\u201c", "\u201d", "\u2026", "\u00b0", "\u00b5",
	"\u3001", "\u3002", "\uff0c", "\uff08", "\uff09", "\uff1a",
	"\uff1b", "\uff01", "\uff1f", "\u300a", "\u300b",
};

/* GitHub's anchor of a heading: lower case, spaces to '-', ASCII
 * punctuation other than '-' and '_' and the characters of slug_dropped
 * removed, other characters kept. */
void report_slug(const char *text, struct sbuf *b)
{
	for (const unsigned char *p = (const unsigned char *)text; *p;) {
		unsigned char c = *p;
		size_t k;

		if (c >= 0x80) {
			for (k = 0; k < ARRAY_SIZE(slug_dropped); k++) {
				size_t n = strlen(slug_dropped[k]);

				if (strncmp((const char *)p, slug_dropped[k],
					    n) == 0) {
					p += n;
					break;
				}
			}
			if (k < ARRAY_SIZE(slug_dropped))
				continue;
			sbuf_addc(b, (char)c);
		} else if (c >= 'A' && c <= 'Z') {
			sbuf_addc(b, (char)(c - 'A' + 'a'));
		} else if (c == ' ') {
			sbuf_addc(b, '-');
		} else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
			   c == '-' || c == '_') {
			sbuf_addc(b, (char)c);
		}
		p++;
	}
}

/* Appends text escaped for an HTML attribute or text. */
static void html_escape(struct sbuf *b, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '"': sbuf_add(b, "&quot;"); break;
		case '&': sbuf_add(b, "&amp;"); break;
		case '<': sbuf_add(b, "&lt;"); break;
		case '>': sbuf_add(b, "&gt;"); break;
		default: sbuf_addc(b, *s);
		}
}

struct walk {
	const char *dir;
	char *title;            /* the first level-1 heading's text */
	char **slugs;           /* anchors given so far, for "-1", "-2" */
	size_t nslugs;
};

static bool slug_taken(const struct walk *w, const char *id)
{
	for (size_t i = 0; i < w->nslugs; i++)
		if (strcmp(w->slugs[i], id) == 0)
			return true;
	return false;
}

/* Puts <a id="SLUG"></a> before heading h, unique as GitHub makes it. */
static void heading_anchor(struct walk *w, cmark_node *h)
{
	struct sbuf text = SBUF_INIT, id = SBUF_INIT, html = SBUF_INIT;
	cmark_node *a;

	node_text(h, &text);
	if (!w->title && cmark_node_get_heading_level(h) == 1)
		w->title = xstrdup(sbuf_str(&text));
	report_slug(sbuf_str(&text), &id);
	if (slug_taken(w, sbuf_str(&id))) {
		/* GitHub: the second "x" is "x-1", the third "x-2" */
		char *base = sbuf_detach(&id);

		for (size_t k = 1; k == 1 || slug_taken(w, sbuf_str(&id)); k++) {
			sbuf_reset(&id);
			sbuf_addf(&id, "%s-%zu", base, k);
		}
		free(base);
	}
	w->slugs = xrealloc(w->slugs, (w->nslugs + 1) * sizeof(*w->slugs));
	w->slugs[w->nslugs++] = xstrdup(sbuf_str(&id));
	sbuf_add(&html, "<a id=\"");
	html_escape(&html, sbuf_str(&id));
	sbuf_add(&html, "\"></a>");
	a = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
	cmark_node_set_on_enter(a, sbuf_str(&html));
	cmark_node_insert_before(h, a);
	sbuf_release(&text);
	sbuf_release(&id);
	sbuf_release(&html);
}

/* Replaces chart image img by its inline SVG, where it can be read.
 * Returns the paragraph the chart is alone in, or NULL. */
static cmark_node *chart_image(struct walk *w, cmark_node *img)
{
	struct sbuf alt = SBUF_INIT;
	char name[128];
	char *svg;
	cmark_node *c, *para;

	if (!chart_url(cmark_node_get_url(img), name, sizeof(name)))
		return NULL;
	node_text(img, &alt);
	svg = chart_inline(w->dir, name, sbuf_str(&alt));
	sbuf_release(&alt);
	if (!svg)
		return NULL;
	c = cmark_node_new(CMARK_NODE_CUSTOM_INLINE);
	cmark_node_set_on_enter(c, svg);
	free(svg);
	cmark_node_replace(img, c);
	cmark_node_free(img);
	para = cmark_node_parent(c);
	if (para && cmark_node_get_type(para) == CMARK_NODE_PARAGRAPH &&
	    cmark_node_first_child(para) == c && cmark_node_last_child(para) == c)
		return para;
	return NULL;
}

/* The report's pages link each other by their Markdown files
 * ("details.en.md#method", "../../class.en.md", a student's
 * "students/alice/report.en.md", the teacher's "similar.en.md"); the
 * HTML page links the HTML page written beside it
 * ("details.en.html#method").  Only relative links whose last component
 * is a page of the report are changed. */
static void page_link(cmark_node *link)
{
	static const char *const pages[] = { "report.", "details.", "class.",
					     "similar." };
	const char *url = cmark_node_get_url(link);
	const char *base, *md;

	if (!url || strstr(url, "://") || url[0] == '/')
		return;
	base = strrchr(url, '/');
	base = base ? base + 1 : url;
	/* a family's details page, "details-reduce.en.md" */
	if (strncmp(base, "details-", 8) == 0) {
		const char *dot = strchr(base, '.');

		if (dot && (strncmp(dot, ".en.md", 6) == 0 ||
			    strncmp(dot, ".zh.md", 6) == 0) &&
		    (!dot[6] || dot[6] == '#')) {
			char *to = xasprintf("%.*s.html%s",
					     (int)(dot + 3 - url), url, dot + 6);

			cmark_node_set_url(link, to);
			free(to);
		}
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(pages); i++) {
		size_t n = strlen(pages[i]);
		char *to;

		if (strncmp(base, pages[i], n) != 0 ||
		    (strncmp(base + n, "en.md", 5) &&
		     strncmp(base + n, "zh.md", 5)))
			continue;
		md = base + n + 2;
		if (md[3] && md[3] != '#')
			continue;
		to = xasprintf("%.*s.html%s", (int)(md - url), url, md + 3);
		cmark_node_set_url(link, to);
		free(to);
		return;
	}
}

/* A listing's lines: its heading (the first line, after KEY_PAIR_HEAD
 * and a space) and its code lines, each a heap string. */
struct listing {
	char *head;
	char **line;
	size_t n;
};

static void listing_of(struct listing *l, const char *s, const char *e)
{
	const char *nl = memchr(s, '\n', (size_t)(e - s));
	const char *head = s + strlen(KEY_PAIR_HEAD) + 1;

	memset(l, 0, sizeof(*l));
	if (!nl)
		nl = e;
	l->head = xstrndup(head, (size_t)(nl - head));
	for (const char *p = nl < e ? nl + 1 : e; p < e;) {
		const char *end = memchr(p, '\n', (size_t)(e - p));

		if (!end)
			end = e;
		l->line = xrealloc(l->line, (l->n + 1) * sizeof(*l->line));
		l->line[l->n++] = xstrndup(p, (size_t)(end - p));
		p = end + 1;
	}
}

static void listing_free(struct listing *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->line[i]);
	free(l->line);
	free(l->head);
}

/* A code line without its line number and its indentation: what two
 * listings share when the same statement stands in both. */
static const char *line_code(const char *s)
{
	s += strspn(s, " ");
	s += strspn(s, "0123456789");
	return s + strspn(s, " \t");
}

/* Marks in ca[] and cb[] the lines of a and b outside their longest
 * common subsequence of code lines: what the step changed.  Listings
 * past PAIR_DIFF_MAX lines are left unmarked. */
#define PAIR_DIFF_MAX 400
static void listings_diff(const struct listing *a, const struct listing *b,
			  bool *ca, bool *cb)
{
	size_t na = a->n, nb = b->n, *t;

	if (na > PAIR_DIFF_MAX || nb > PAIR_DIFF_MAX)
		return;
	t = xcalloc((na + 1) * (nb + 1), sizeof(*t));
#define T(i, j) t[(i) * (nb + 1) + (j)]
	for (size_t i = na; i-- > 0;)
		for (size_t j = nb; j-- > 0;)
			T(i, j) = !strcmp(line_code(a->line[i]),
					  line_code(b->line[j])) ?
				  T(i + 1, j + 1) + 1 :
				  T(i + 1, j) > T(i, j + 1) ? T(i + 1, j) :
				  T(i, j + 1);
	for (size_t i = 0; i < na; i++)
		ca[i] = true;
	for (size_t j = 0; j < nb; j++)
		cb[j] = true;
	for (size_t i = 0, j = 0; i < na && j < nb;) {
		if (!strcmp(line_code(a->line[i]), line_code(b->line[j]))) {
			ca[i++] = false;
			cb[j++] = false;
		} else if (T(i + 1, j) >= T(i, j + 1)) {
			i++;
		} else {
			j++;
		}
	}
	/* a blank line or a lone brace is no change to point at */
	for (size_t i = 0; i < na; i++)
		if (strspn(line_code(a->line[i]), "{} ") ==
		    strlen(line_code(a->line[i])))
			ca[i] = false;
	for (size_t j = 0; j < nb; j++)
		if (strspn(line_code(b->line[j]), "{} ") ==
		    strlen(line_code(b->line[j])))
			cb[j] = false;
#undef T
	free(t);
}

/* One listing as a column: its heading, then a line each, so that a line
 * too long for its column wraps under its own text, not back at the
 * line numbers; the lines the step changed marked "chg". */
static void pair_column(struct sbuf *b, const struct listing *l,
			const bool *chg)
{
	sbuf_add(b, "<div><p class=\"pair-head\">");
	html_escape(b, l->head);
	sbuf_add(b, "</p><pre><code class=\"language-cuda\">");
	for (size_t i = 0; i < l->n; i++) {
		sbuf_add(b, chg[i] ? "<span class=\"ln chg\">" :
			 "<span class=\"ln\">");
		html_escape(b, l->line[i]);
		sbuf_add(b, "</span>");
	}
	sbuf_add(b, "</code></pre></div>");
}

/* Sets the two listings of a KEY_PAIR_INFO block side by side, the
 * lines that differ between them marked; leaves any other block, and
 * one without exactly two parts, as it is. */
static void pair_block(cmark_node *n)
{
	const char *info = cmark_node_get_fence_info(n);
	const char *text = cmark_node_get_literal(n);
	size_t hl = strlen(KEY_PAIR_HEAD);
	const char *second = NULL;
	struct sbuf html = SBUF_INIT;
	struct listing a, b;
	bool *ca, *cb;
	cmark_node *c;

	if (!info || strcmp(info, KEY_PAIR_INFO) || !text ||
	    strncmp(text, KEY_PAIR_HEAD " ", hl + 1))
		return;
	for (const char *p = strchr(text, '\n'); p; p = strchr(p + 1, '\n'))
		if (!strncmp(p + 1, KEY_PAIR_HEAD " ", hl + 1)) {
			if (second)
				return;
			second = p + 1;
		}
	if (!second)
		return;
	listing_of(&a, text, second - 1);
	listing_of(&b, second, text + strlen(text));
	ca = xcalloc(a.n + 1, sizeof(*ca));
	cb = xcalloc(b.n + 1, sizeof(*cb));
	listings_diff(&a, &b, ca, cb);
	sbuf_add(&html, "<div class=\"pair\">");
	pair_column(&html, &a, ca);
	pair_column(&html, &b, cb);
	sbuf_add(&html, "</div>\n");
	c = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
	cmark_node_set_on_enter(c, sbuf_str(&html));
	cmark_node_replace(n, c);
	cmark_node_free(n);
	sbuf_release(&html);
	listing_free(&a);
	listing_free(&b);
	free(ca);
	free(cb);
}

/* ---- numbers keep their units ------------------------------------------
 *
 * A number and its unit, and both sides of an arrow or a sign between
 * numbers, are one unit on paper: "946 M", "100.0 %", "0.0382 → 0.0269",
 * "8192 × 8192", "n = 2^28", "17.1–76.2 %" and a rung's label, "rung 11",
 * "第 11 级", never wrap apart (the objective tables broke "946 / M" and
 * took three lines for "0.0382 → 0.0269").  The Markdown
 * keeps its plain spaces (it reads the same, and tests find its text);
 * the page's text nodes get U+00A0 NO-BREAK SPACE in their place (and a
 * U+2060 WORD JOINER after a range's dash).  Code is not text: its spans
 * are left as they are. */

/* Units the report writes after a number, longest first. */
static const char *const units[] = {
	"GB/s", "TB/s", "MB/s", "MiB", "GiB", "KiB", "MHz", "GHz", "kB", "MB",
	"GB", "TB", "ms", "\u00b5s", "us", "ns", "%", "k", "M", "G", "T", "B",
	"s",
};
/* Signs whose two sides are numbers. */
static const char *const signs[] = { "\u2192", "\u00d7", "=", "\u2248" };

static bool ascii_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Whether the token t[0, n) is a unit: one of units, then nothing or a
 * mark that is not part of a word (")", ",", "、"). */
static bool unit_token(const char *t, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(units); i++) {
		size_t k = strlen(units[i]);

		if (k <= n && !strncmp(t, units[i], k) &&
		    (k == n || !ascii_alnum(t[k])))
			return true;
	}
	return false;
}

static bool sign_token(const char *t, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(signs); i++)
		if (strlen(signs[i]) == n && !strncmp(t, signs[i], n))
			return true;
	return false;
}

/* Whether the token t[0, n) names a rung before its number: "rung 11",
 * "第 11 级" (a Chinese run before it included: "最快的是第"). */
static bool label_token(const char *t, size_t n)
{
	static const char *const labels[] = { "rung", "Rung", "(rung" };
	static const char di[] = "第";

	for (size_t i = 0; i < ARRAY_SIZE(labels); i++)
		if (strlen(labels[i]) == n && !strncmp(t, labels[i], n))
			return true;
	return n >= strlen(di) && !strncmp(t + n - strlen(di), di, strlen(di));
}

/* Whether the token t[0, n) starts a number: "946", "-1.5", "(0.52". */
static bool number_start(const char *t, size_t n)
{
	size_t i = 0;

	while (i < n && (t[i] == '(' || t[i] == '-' || t[i] == '+'))
		i++;
	return i < n && t[i] >= '0' && t[i] <= '9';
}

/* Whether the space between tokens a[0, na) and b[0, nb) must not break;
 * `glued`: the space before a did not. */
static bool glue_space(const char *a, size_t na, const char *b, size_t nb,
		       bool glued)
{
	bool a_num = na && a[na - 1] >= '0' && a[na - 1] <= '9';

	if (!na || !nb)
		return false;
	/* "rung 11", "第 11 级": a row's label */
	if (label_token(a, na) && number_start(b, nb))
		return true;
	if (a_num && !strncmp(b, "级", strlen("级")))
		return true;
	/* "946 M", "12.5 %" */
	if (a_num && unit_token(b, nb))
		return true;
	/* "0.0382 →", "946 M →", "1025 ×", "n =" */
	if (sign_token(b, nb) && (a_num || (glued && unit_token(a, na)) ||
				  (na == 1 && ascii_alnum(*a))))
		return true;
	/* "→ 0.0269", "× 2049", "= 2^28" */
	return sign_token(a, na) && number_start(b, nb);
}

/* Text s with a no-break space for each space that must not break (see
 * above), and a word joiner after the dash of a range of numbers
 * ("17.1–76.2 %", where a browser may break after the dash); NULL when
 * there is none. */
static char *glue_units(const char *s)
{
	static const char dash[] = "\u2013";
	struct sbuf b = SBUF_INIT;
	const char *prev = s;           /* the token before the space */
	bool glued = false, any = false; /* the last space was glued */

	for (const char *p = s; *p; p++) {
		const char *next;

		if (!strncmp(p, dash, strlen(dash)) && p > s &&
		    p[-1] >= '0' && p[-1] <= '9' &&
		    p[strlen(dash)] >= '0' && p[strlen(dash)] <= '9') {
			sbuf_add(&b, dash);
			sbuf_add(&b, "\u2060");
			p += strlen(dash) - 1;
			any = true;
			continue;
		}
		if (*p != ' ') {
			sbuf_addc(&b, *p);
			continue;
		}
		next = p + 1;
		glued = glue_space(prev, (size_t)(p - prev), next,
				   strcspn(next, " "), glued);
		if (glued) {
			sbuf_add(&b, "\u00a0");
			any = true;
		} else {
			sbuf_addc(&b, ' ');
		}
		prev = next;
	}
	if (!any) {
		sbuf_release(&b);
		return NULL;
	}
	return sbuf_detach(&b);
}

static void glue_text(cmark_node *text)
{
	char *s = glue_units(cmark_node_get_literal(text));

	if (s)
		cmark_node_set_literal(text, s);
	free(s);
}

/* ---- a chart keeps its caption ---------------------------------------------
 *
 * The report writes a chart's caption as the paragraph before it and its
 * files' links ("SVG: ... · data: ...") as the paragraph after.  The page
 * puts the three in one <div class="figure">, which print keeps on one
 * page (break-inside:avoid; a rule between siblings, break-after:avoid,
 * is ignored by some browsers' print and left captions on the page
 * before). */

/* Whether paragraph p holds links to charts/ and nothing else but text. */
static bool chart_links(cmark_node *p)
{
	int links = 0;

	if (!p || cmark_node_get_type(p) != CMARK_NODE_PARAGRAPH)
		return false;
	for (cmark_node *c = cmark_node_first_child(p); c;
	     c = cmark_node_next(c)) {
		cmark_node_type t = cmark_node_get_type(c);
		const char *url = t == CMARK_NODE_LINK ? cmark_node_get_url(c) :
						       NULL;

		if (t == CMARK_NODE_LINK && url && !strncmp(url, "charts/", 7))
			links++;
		else if (t != CMARK_NODE_TEXT && t != CMARK_NODE_SOFTBREAK)
			return false;
	}
	return links > 0;
}

/* Puts chart paragraph p (its only child a chart), the paragraph before
 * it (its caption) and the one after it when that holds the chart's
 * links, in one figure. */
static void chart_figure(cmark_node *p)
{
	cmark_node *before = cmark_node_previous(p), *after = cmark_node_next(p);
	cmark_node *fig;

	if (!p || cmark_node_get_type(p) != CMARK_NODE_PARAGRAPH)
		return;
	if (before && cmark_node_get_type(before) != CMARK_NODE_PARAGRAPH)
		before = NULL;
	if (!chart_links(after))
		after = NULL;
	fig = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
	cmark_node_set_on_enter(fig, "<div class=\"figure\">");
	cmark_node_set_on_exit(fig, "</div>");
	cmark_node_insert_before(before ? before : p, fig);
	if (before)
		cmark_node_append_child(fig, before);
	cmark_node_append_child(fig, p);
	if (after)
		cmark_node_append_child(fig, after);
}

/* ---- a lead-in keeps what it introduces -------------------------------------
 *
 * A paragraph of text alone that ends in a colon ("Why each step went as
 * it did:") introduces the paragraph after it.  The page puts the two in
 * one <div class="keep">, which print keeps on one page, as it does a
 * figure (break-after:avoid between siblings is not kept by every
 * browser's print), so no page ends with the lead-in alone. */

/* Whether p is a top-level paragraph of text that ends in a colon. */
static bool lead_in(cmark_node *p)
{
	cmark_node *last = cmark_node_last_child(p);
	const char *t;
	size_t n;

	if (cmark_node_get_type(p) != CMARK_NODE_PARAGRAPH ||
	    cmark_node_get_type(cmark_node_parent(p)) != CMARK_NODE_DOCUMENT ||
	    !last || cmark_node_get_type(last) != CMARK_NODE_TEXT)
		return false;
	for (cmark_node *c = cmark_node_first_child(p); c;
	     c = cmark_node_next(c))
		if (cmark_node_get_type(c) != CMARK_NODE_TEXT &&
		    cmark_node_get_type(c) != CMARK_NODE_SOFTBREAK)
			return false;
	t = cmark_node_get_literal(last);
	n = t ? strlen(t) : 0;
	return (n >= 1 && t[n - 1] == ':') ||
	       (n >= strlen("\uff1a") &&
		!strcmp(t + n - strlen("\uff1a"), "\uff1a"));
}

/* Lead-in p and the paragraph after it in one <div class="keep">. */
static void keep_with_next(cmark_node *p)
{
	cmark_node *next = cmark_node_next(p), *keep;

	/* a caption ending in a colon is a figure's already */
	if (!next || cmark_node_get_type(next) != CMARK_NODE_PARAGRAPH ||
	    cmark_node_get_type(cmark_node_parent(p)) != CMARK_NODE_DOCUMENT)
		return;
	keep = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
	cmark_node_set_on_enter(keep, "<div class=\"keep\">");
	cmark_node_set_on_exit(keep, "</div>");
	cmark_node_insert_before(p, keep);
	cmark_node_append_child(keep, p);
	cmark_node_append_child(keep, next);
}

static void walk(struct walk *w, cmark_node *root)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_node **headings = NULL, **images = NULL, **texts = NULL,
		   **pairs = NULL, **leads = NULL;
	size_t nh = 0, ni = 0, nt = 0, np = 0, nl = 0;
	cmark_event_type ev;

	/* collected first: the tree must not change under the iterator */
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);

		if (ev != CMARK_EVENT_ENTER)
			continue;
		if (cmark_node_get_type(n) == CMARK_NODE_TEXT) {
			texts = xrealloc(texts, (nt + 1) * sizeof(*texts));
			texts[nt++] = n;
		} else if (cmark_node_get_type(n) == CMARK_NODE_HEADING) {
			headings = xrealloc(headings, (nh + 1) * sizeof(*headings));
			headings[nh++] = n;
		} else if (cmark_node_get_type(n) == CMARK_NODE_IMAGE) {
			images = xrealloc(images, (ni + 1) * sizeof(*images));
			images[ni++] = n;
		} else if (cmark_node_get_type(n) == CMARK_NODE_LINK) {
			page_link(n);
		} else if (cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK) {
			pairs = xrealloc(pairs, (np + 1) * sizeof(*pairs));
			pairs[np++] = n;
		} else if (lead_in(n)) {
			leads = xrealloc(leads, (nl + 1) * sizeof(*leads));
			leads[nl++] = n;
		}
	}
	cmark_iter_free(it);
	/* the anchors from the plain text; the texts glued before the
	 * charts replace their images (and free the images' texts) */
	for (size_t i = 0; i < nh; i++)
		heading_anchor(w, headings[i]);
	for (size_t i = 0; i < nt; i++)
		glue_text(texts[i]);
	for (size_t i = 0; i < ni; i++) {
		cmark_node *para = chart_image(w, images[i]);

		if (para)
			chart_figure(para);
	}
	for (size_t i = 0; i < np; i++)
		pair_block(pairs[i]);
	/* after the figures: a lead-in before a chart's caption is not
	 * kept with it (the figure is no paragraph) */
	for (size_t i = 0; i < nl; i++)
		keep_with_next(leads[i]);
	free(leads);
	free(headings);
	free(images);
	free(texts);
	free(pairs);
}

char *report_html(const char *md, const char *lang, const char *dir)
{
	/* no CMARK_OPT_UNSAFE: raw HTML and dangerous URLs are dropped */
	const int opts = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8;
	cmark_syntax_extension *table;
	cmark_parser *parser;
	cmark_node *doc = NULL;
	struct walk w = { .dir = dir && *dir ? dir : "." };
	struct sbuf page = SBUF_INIT;
	char *body = NULL, *out = NULL;

	cmark_gfm_core_extensions_ensure_registered();
	parser = cmark_parser_new(opts);
	table = cmark_find_syntax_extension("table");
	if (!parser || !table || !cmark_parser_attach_syntax_extension(parser,
								      table)) {
		diag_error("cannot start cmark-gfm with its table extension");
		goto out;
	}
	cmark_parser_feed(parser, md ? md : "", md ? strlen(md) : 0);
	doc = cmark_parser_finish(parser);
	if (!doc) {
		diag_error("cmark-gfm could not parse the report");
		goto out;
	}
	/* a text cmark-gfm split at a mark it escapes ("\\_") in one piece,
	 * so that numbers and units are seen whole */
	cmark_consolidate_text_nodes(doc);
	walk(&w, doc);
	body = cmark_render_html(doc, opts, cmark_parser_get_syntax_extensions(
						    parser));
	if (!body) {
		diag_error("cmark-gfm could not render the report as HTML");
		goto out;
	}
	sbuf_add(&page, "<!DOCTYPE html>\n<html lang=\"");
	html_escape(&page, lang ? lang : "en");
	sbuf_add(&page, "\">\n<head>\n<meta charset=\"utf-8\">\n"
		 "<meta name=\"viewport\" content=\"width=device-width, "
		 "initial-scale=1\">\n"
		 "<meta name=\"generator\" content=\"culab\">\n<title>");
	html_escape(&page, w.title ? w.title : "culab report");
	sbuf_add(&page, "</title>\n<style>\n");
	sbuf_add(&page, stylesheet);
	sbuf_add(&page, "</style>\n</head>\n<body>\n<main>\n");
	sbuf_add(&page, body);
	sbuf_add(&page, "</main>\n</body>\n</html>\n");
	out = sbuf_detach(&page);
out:
	free(body);
	if (doc)
		cmark_node_free(doc);
	if (parser)
		cmark_parser_free(parser);
	for (size_t i = 0; i < w.nslugs; i++)
		free(w.slugs[i]);
	free(w.slugs);
	free(w.title);
	sbuf_release(&page);
	return out;
}

char *report_html_name(const char *md_path)
{
	size_t n = strlen(md_path);

	if (n >= 3 && strcmp(md_path + n - 3, ".md") == 0)
		return xasprintf("%.*s.html", (int)(n - 3), md_path);
	return xasprintf("%s.html", md_path);
}
