/* report.h - the lab report: Markdown in English and Chinese, plus charts,
 * rendered from a struct results.
 *
 * report_render() analyses the results once (ladders, speedups, counter
 * changes, findings), draws every chart with one gnuplot run (plot.h) and
 * then fills each language's template (template.h) with blocks of
 * Markdown generated from the analysis, writing
 *
 *   DIR/report.en.md, DIR/report.zh.md   (always named by language, also
 *                                         when only one is asked for)
 *   DIR/report.en.html, DIR/report.zh.html  the same as one self-contained
 *                                         page each, charts inline
 *                                         (report_html.h)
 *   DIR/charts/NAME.{png,svg,dat,gp}     and DIR/charts/all.gp
 *
 * Rows that did not run or verify (status != ROW_OK, or not verified) are
 * shown as FAILED or SKIPPED with their message and no speed, and are left
 * out of speedups and charts.  All text that comes from results files is
 * escaped for Markdown here and for gnuplot in plot.c.  Files are written
 * with write_file_atomic().  No GPU is needed. */
#ifndef CULAB_REPORT_H
#define CULAB_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "run/results.h"

enum report_lang {
	REPORT_EN = 1u << 0,
	REPORT_ZH = 1u << 1,
};

#define REPORT_LANGS_ALL (REPORT_EN | REPORT_ZH)

/* What is written per language: the Markdown, the HTML page, or both. */
enum report_format {
	REPORT_MD = 1u << 0,
	REPORT_HTML = 1u << 1,
};

#define REPORT_FORMATS_ALL (REPORT_MD | REPORT_HTML)

struct compare;

struct report_options {
	const char *dir;           /* output directory; created if missing */
	unsigned langs;            /* REPORT_EN | REPORT_ZH; 0 means both */
	unsigned formats;          /* REPORT_MD | REPORT_HTML; 0 means both */
	/* A template file used for every language rendered (the language
	 * only changes the generated blocks), or NULL for the shipped
	 * templates/report.<lang>.md. */
	const char *template_path;
	/* Where report.<lang>.md are looked up, or NULL to search: the
	 * CULAB_TEMPLATES environment variable, then templates/ beside the
	 * executable's directory (build/culab -> templates/), then
	 * ../share/culab/templates from it (installed layout). */
	const char *template_dir;
	bool charts;               /* draw charts (needs gnuplot) */
	const char *gnuplot;       /* gnuplot program; NULL: "gnuplot" in PATH */
	/* --baseline: the comparison of the results reported (its `cur`)
	 * with a baseline (its `base`), for the before/after section and its
	 * chart (charts/baseline.*), or NULL: no section, and the report is
	 * byte for byte what it is without the option. */
	const struct compare *baseline;
	const char *baseline_path; /* how the section names the baseline */
};

/* Defaults: dir ".", both languages, Markdown and HTML, shipped
 * templates, charts on, no baseline. */
void report_options_init(struct report_options *o);

/* Parses "en", "zh" or "both" into REPORT_* bits.  Returns 0, or -1 when
 * `s` names none of them. */
int report_lang_parse(const char *s, unsigned *langs);

/* Parses "md", "html" or "both" into REPORT_* format bits.  Returns 0, or
 * -1 when `s` names none of them. */
int report_format_parse(const char *s, unsigned *formats);

/* Writes the report of `r` as described above.  Templates are all read
 * and checked before anything is written.  Returns 0, or -1 after a
 * diagnostic; when only the charts fail (a gnuplot error) the Markdown is
 * still written, says so, and -1 is returned.  A gnuplot that cannot be
 * started (not installed) is no failure: the charts' data and scripts are
 * written, a warning names the charts not drawn, the Markdown says how to
 * draw them (`gnuplot all.gp` in charts/) and 0 is returned. */
int report_render(const struct results *r, const struct report_options *o);

/* What report_render() would refuse as bad input, checked before a
 * command creates or writes anything: every template o uses is read and
 * parsed (errors at file:line:col), and when o->dir exists already, a
 * charts/ in it must be a real directory, not a symbolic link.  Creates
 * nothing.  Returns 0, or -1 after a diagnostic. */
int report_prepare(const struct report_options *o);

/* The Markdown of comparison c (compare.h) in language `lang` (REPORT_EN
 * or REPORT_ZH): what was compared (cross-GPU said plainly), the
 * environment facts that differ, the method, the counts, a table of the
 * pairs with their counter changes, and the rows of one side only -- the
 * report's before/after section, which `culab compare --markdown` prints
 * in English.  base and cur name the two sides (paths, or "this run");
 * chart, when not NULL, is the path of the ratio chart without its
 * extension (PNG shown, SVG, data and script linked).  Caller frees. */
char *report_compare_markdown(const struct compare *c, unsigned lang,
			      const char *base, const char *cur,
			      const char *chart);

struct report_block;           /* private to the report's own files */

/* One placeholder a template may use. */
struct report_placeholder {
	const char *name;
	const char *about;         /* one line, English, for docs and --help */
	const struct report_block *block; /* how the report builds it */
};

/* The placeholders, in the order the shipped templates use them. */
const struct report_placeholder *report_placeholders(size_t *count);

struct compare;
struct plot_set;
/* Adds the chart of c's ratios with their intervals to set s, called
 * `name`: one panel per experiment, type and size, a bar per pair on a
 * log axis from 1, the threshold's band as lines (report_compare.c, also
 * `culab compare --chart`).  Returns the chart's file stem
 * (plot_chart_name), or NULL when it has nothing to draw. */
const char *report_compare_chart(struct plot_set *s, const struct compare *c,
				 const char *name, const char *title);

#endif
