/* report_html.h - the report as one self-contained HTML page.
 *
 * report_html.c is the only file that includes cmark-gfm: the Markdown
 * the report writes is turned into HTML by that CommonMark library (with
 * GitHub's table extension), never by a converter of our own, so the
 * HTML says exactly what the Markdown says.  cmark-gfm is linked
 * statically (Makefile), like libyaml and jansson, so that culab and its
 * release tarball run where the library is not installed.
 *
 * Raw HTML in the Markdown is never passed through: cmark-gfm's safe mode
 * (no CMARK_OPT_UNSAFE) replaces it with a comment and drops links and
 * images to javascript:, vbscript:, file: and non-image data: URLs, so a
 * crafted results file cannot put script into the page.  The only markup
 * that does not come from cmark-gfm is ours: the page's head and
 * stylesheet, an anchor before each heading (GitHub's slugs, so a table of
 * contents' links work) and the charts, whose SVG is read from the files
 * gnuplot drew and put inline in place of their Markdown image. */
#ifndef CULAB_REPORT_HTML_H
#define CULAB_REPORT_HTML_H

/* The largest Markdown report given an HTML page: cmark-gfm's tree of a
 * report takes about 45 times its text, and a report of the default
 * experiment is about 230 kB; past this (a results file near the limits
 * of results_model.h) only the Markdown is written, so that rendering stays
 * within issue 18's 256 MB. */
#define REPORT_HTML_MAX_MD (2u << 20)

/* The HTML document of Markdown `md` (NUL-terminated UTF-8) in language
 * `lang` ("en", "zh": the page's lang attribute).  The title is the text
 * of the first level-1 heading.  An image whose URL is
 * "charts/NAME.png" (NAME of [a-z0-9_-]) is replaced by the SVG in
 * DIR/charts/NAME.svg, where DIR is `dir`, when that file is readable and
 * holds an <svg> element and nothing scriptable; otherwise the image stays
 * an <img> of its PNG.  Returns a heap string the caller frees, or NULL
 * after a diagnostic when cmark-gfm fails (out of memory). */
char *report_html(const char *md, const char *lang, const char *dir);

/* A fenced code block whose info string is KEY_PAIR_INFO holds two
 * listings, before and after a step, each opening with a line that
 * starts with KEY_PAIR_HEAD and a space, then its heading: the page sets
 * them side by side, each under its heading (the Markdown reads them one
 * after the other).  Any other block with that info string stays a code
 * block. */
#define KEY_PAIR_INFO "cuda before-after"
#define KEY_PAIR_HEAD "//"

/* Appends GitHub's anchor of a heading whose text is `text` (lower
 * case, spaces as hyphens, punctuation dropped), as the HTML page gives
 * its headings, so that a link into a page can be written before it is
 * rendered. */
struct sbuf;
void report_slug(const char *text, struct sbuf *b);

/* The HTML file name of a report's Markdown file name: "report.en.md" ->
 * "report.en.html" (".html" appended when it does not end in ".md").
 * Caller frees. */
char *report_html_name(const char *md_path);

#endif
