/* report/report.h - the lab report.
 *
 * Takes results in memory (and a comparison with a baseline); gives
 * report.en.md and report.zh.md (the body) with their details pages,
 * details.en.md and details.zh.md, the HTML page of each, and the charts
 * that gnuplot draws for them.  The last stage before the command line.
 *
 * The one header other folders include.  Its sections: charts, and the
 * report. */
#ifndef CULAB_REPORT_H
#define CULAB_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "template.h"
#include "results/results.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== charts ============================================================ */

/* Charts drawn with gnuplot.
 *
 * plot_draw.c is the only file that runs gnuplot.  Callers describe charts
 * (panels of lines or bars, with horizontal reference lines) in memory;
 * plot_render() writes, for every chart NAME,
 *
 *   DIR/NAME.dat   its data (numbers only: no text from experiment files)
 *   DIR/NAME.gp    a script that draws NAME.png (pngcairo) and NAME.svg
 *   DIR/all.gp     a driver that `load`s every chart script
 *
 * and runs gnuplot by argument vector (never a shell): one process per
 * core (at most 4), each drawing its share of the charts, so a report of
 * many charts costs a few process starts and its PNGs are drawn in
 * parallel.  A user can edit NAME.gp and rerun `gnuplot NAME.gp` (or
 * `gnuplot all.gp`) in DIR.
 *
 * Text (titles, labels, legends) is put in single-quoted gnuplot strings,
 * where nothing is substituted; quotes and backquotes become a typographic
 * apostrophe (gnuplot's '' escape breaks at a string's start), control
 * characters a space and bytes that are not well-formed UTF-8 '?':
 * gnuplot runs commands from backquotes and system() in command lines.
 * UTF-8 text (a Chinese report's charts) is kept: pngcairo draws CJK
 * characters from a fontconfig fallback of "Sans" (WenQuanYi Micro Hei,
 * which src/deps.sh installs), an SVG from the reader's.  Files are
 * written with
 * write_file_atomic(); gnuplot draws into a private directory and images
 * are renamed into place, so a symlink planted in DIR is replaced, never
 * followed. */

enum plot_kind {
	PLOT_XY,    /* lines with points over numeric x */
	PLOT_BARS,  /* bars over categories; a series is one bar per category */
	/* Horizontal bars, one row per category from the top, labelled in
	 * full on the left.  The series of a panel share each row (give a
	 * row a value in one series only: "faster" and "slower", say), and
	 * the panels of such a chart stand side by side sharing the rows
	 * (the first panel's categories name them): a chart holds no other
	 * kind.  The panel's ylabel names the value axis, drawn below. */
	PLOT_HBARS,
};

enum plot_style {
	PLOT_SOLID,
	PLOT_DASHED,  /* a reference among the lines: a copy, a ceiling */
	PLOT_MUTED,   /* grey: the neutral ones among bars ("no clear change") */
};

struct plot_set;
struct plot_chart;
struct plot_panel;
struct plot_series;

/* Chart width in pixels (PNG and SVG), and the size of its text: an A4
 * page's text is 703 CSS px wide (210 mm less 2 x 12 mm), so a chart
 * this wide is printed at its own size and PLOT_FONT px is 9 pt on
 * paper, the smallest text (PLOT_FONT_SMALL, bar labels) 8.25 pt.  The
 * height follows what a chart holds. */
#define PLOT_WIDTH 700
#define PLOT_FONT 12
#define PLOT_FONT_SMALL 11

struct plot_set *plot_set_new(void);
/* Frees the set and everything added to it; accepts NULL. */
void plot_set_free(struct plot_set *s);

/* Adds a chart.  `name` becomes the file stem after every byte outside
 * [a-z0-9_-] is replaced by '-' (upper case is lowered; a '.' between
 * letters or digits is kept: "ladder-reduce-float.zh") and, if that stem
 * is taken, "-2", "-3"... is appended: read it back with plot_chart_name().
 * Strings are copied.  Never NULL. */
struct plot_chart *plot_chart_add(struct plot_set *s, const char *name,
				  const char *title);
const char *plot_chart_name(const struct plot_chart *c);
/* Panels per row when a chart has several (default: up to 3). */
void plot_chart_columns(struct plot_chart *c, int columns);
/* Most points and series of a chart that is drawn: gnuplot's time grows
 * with them (a default run's largest chart has 384 points and 24
 * series). */
#define PLOT_MAX_POINTS 4000
#define PLOT_MAX_SERIES 128
/* Whether the chart has anything to draw (a panel with a valid point)
 * and is within PLOT_MAX_POINTS and PLOT_MAX_SERIES.  plot_render()
 * skips charts that are not, and the report does not refer to them. */
bool plot_chart_drawable(const struct plot_chart *c);

struct plot_panel *plot_panel_add(struct plot_chart *c, enum plot_kind kind,
				  const char *title, const char *xlabel,
				  const char *ylabel);
/* Logarithmic axes: base 0 = linear (default), else 2 or 10; ybase is
 * the value axis's (of bars too).  An x axis in base 2 is labelled 2^k.
 * Value axes are ticked at numbers a person reads (0.5, 1, 2, 5 or 0.01,
 * 0.1, 1, 10 on a log axis; 0, 500, 1000 or 0, 200M, 400M on a linear
 * one), never at 0.00390625.  Points <= 0 on a log axis are left out. */
void plot_panel_logscale(struct plot_panel *p, int xbase, int ybase);
/* Bars grow from `base` (default 0; 1 suits speedups, so that slowdowns
 * point the other way). */
void plot_panel_bar_base(struct plot_panel *p, double base);
/* Fixes a bar panel's value axis to [lo, hi] (NAN: from the data, the
 * default): a bar beyond it is drawn to the edge and its label, inside
 * the bar, gets a mark (">" beyond hi, "<" below lo), so that one
 * outlier cannot squash the others.  A horizontal bar panel's hi grows
 * where a label needs room on its bar's side (plot_series_labels). */
void plot_panel_range(struct plot_panel *p, double lo, double hi);
/* Value labels, in one style per panel: */
enum plot_labels {
	PLOT_LABELS_NONE,
	PLOT_LABELS_VALUE,   /* 3 significant digits, whole numbers from 1000
				(3052); in a panel whose values reach 10000,
				SI prefixes for all (854k, 43.7M) */
	PLOT_LABELS_TIMES,   /* speedups: 152x, 13.8x, 1.63x, 0.93x, 0.0061x */
	PLOT_LABELS_TEXT,    /* each point's own text (plot_series_text),
				written in the data file's last column, so
				that a chart says what the report's tables
				say ("1.17x slower") */
};

/* Adds a category (bar charts) and returns its index (0, 1, ...). */
size_t plot_panel_category(struct plot_panel *p, const char *label);
/* A reference line at value y (horizontal; vertical in a PLOT_HBARS
 * panel), with a legend entry.  Non-finite or (on a log axis)
 * non-positive values are ignored. */
void plot_panel_hline(struct plot_panel *p, const char *title, double y,
		      enum plot_style style);

struct plot_series *plot_series_add(struct plot_panel *p, const char *title,
				    enum plot_style style);
/* Adds a point.  For bars x is the category index.  Non-finite values are
 * kept as gaps. */
void plot_series_point(struct plot_series *s, double x, double y);
/* The label of the series' last point, for PLOT_LABELS_TEXT (UTF-8: a
 * control character, '"', '\\' and a byte of no well-formed character
 * become '?'; at most PLOT_MAX_LABEL characters).  A point without one
 * has none. */
#define PLOT_MAX_LABEL 32
void plot_series_text(struct plot_series *s, const char *text);
/* Adds a point with an interval [lo, hi] around it, drawn as an error bar
 * (a confidence interval, say).  Non-finite lo or hi: no interval there.
 * The series' data then has two more columns, low and high. */
void plot_series_interval(struct plot_series *s, double x, double y,
			  double lo, double hi);
/* Bar charts: prints each of the series' bars' values at its end (above
 * it, upright when a panel has more labelled bars than fit side by side;
 * beside a horizontal bar, or inside it where there is no room beside,
 * always on the bar's side of its base, a PLOT_MUTED bar's right of the
 * base), and the value range leaves room for them: a horizontal bar
 * panel's range (plot_panel_range's too) grows at its upper end where
 * labels need it (plot_script.c).  A bar chart's key stands
 * outside the plot, so that no bar is drawn under it. */
void plot_series_labels(struct plot_series *s, enum plot_labels labels);

/* plot_render()'s code when gnuplot cannot be started (not installed, not
 * executable): the charts' data and scripts are written, the images are
 * not. */
#define PLOT_NOT_DRAWN (-2)

/* Writes the files of every drawable chart into `dir` (created if
 * missing), runs `gnuplot` (NULL: "gnuplot" from PATH) as above and moves the
 * PNG and SVG images into `dir`.  Returns 0, or -1 after a diagnostic that
 * includes gnuplot's own messages, or PLOT_NOT_DRAWN after a warning that
 * names the charts not drawn and says how to draw them later (`gnuplot
 * all.gp` in dir); their images of an earlier render are removed.  A set
 * with nothing drawable writes nothing and returns 0.  dir/.culab-charts
 * lists the charts written; the files of charts an earlier render listed
 * there and this one does not write are removed (nothing else in dir is
 * touched). */
int plot_render(const struct plot_set *s, const char *dir,
		const char *gnuplot);

/* plot_render() into directory `dir` below `at` (a directory descriptor;
 * `base` names it in diagnostics), made by dir_make(at, base, dir, how)
 * when there is something to draw, and drawn into through its descriptor
 * (gnuplot runs in it).  The report puts charts/ into its output
 * directory with DIR_CONFINED, so a symbolic link planted there is
 * refused (-1 after one line), never followed. */
int plot_render_at(const struct plot_set *s, int at, const char *base,
		   const char *dir, enum dir_walk how, const char *gnuplot);

/* Appends `text` as a single-quoted gnuplot string literal, made safe as
 * described above (at most 120 characters).  Exposed for tests. */
void plot_quote(struct sbuf *b, const char *text);

/* ==== the report ======================================================== */

/* The lab report: Markdown in English and Chinese, plus charts,
 * rendered from a struct results.
 *
 * report_render() analyses the results once (ladders, speedups, counter
 * changes, findings), draws every chart with one gnuplot run (above) and
 * then fills each page's template per language (template.h) with blocks
 * of Markdown generated from the analysis, writing
 *
 *   DIR/report.en.md, DIR/report.zh.md   the body, what a student hands
 *                                         in (always named by language,
 *                                         also when only one is asked for)
 *   DIR/details.en.md, DIR/details.zh.md its details page, which the body
 *                                         links: every size, every counter,
 *                                         the method in depth, ...
 *   DIR/report.*.html, DIR/details.*.html the same as one self-contained
 *                                         page each, charts inline, linked
 *                                         to each other (report_html.h)
 *   DIR/charts/NAME.{png,svg,dat,gp}     and DIR/charts/all.gp
 *
 * Rows that did not run or verify (status != ROW_OK, or not verified) are
 * shown as FAILED or SKIPPED with their message and no speed, and are left
 * out of speedups and charts.  All text that comes from results files is
 * escaped for Markdown here and for gnuplot in plot.c.  Files are written
 * with write_file_atomic().  No GPU is needed. */

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
	/* A template file for the body of the one language rendered (its
	 * text is in one language: report_prepare refuses it with both), or
	 * NULL for the shipped templates/report.<lang>.md.  The details
	 * page always uses details.<lang>.md, looked up as below. */
	const char *template_path;
	/* Where report.<lang>.md and details.<lang>.md are looked up, or
	 * NULL to search: the CULAB_TEMPLATES environment variable, then
	 * templates/ beside the executable's directory (build/culab ->
	 * templates/), then ../share/culab/templates from it (installed
	 * layout). */
	const char *template_dir;
	bool charts;               /* draw charts (needs gnuplot) */
	const char *gnuplot;       /* gnuplot program; NULL: "gnuplot" in PATH */
	/* --baseline: the comparison of the results reported (its `cur`)
	 * with a baseline (its `base`), for the before/after section and its
	 * chart (charts/baseline.*), or NULL: no section, and the report is
	 * byte for byte what it is without the option. */
	const struct compare *baseline;
	const char *baseline_path; /* how the section names the baseline */
	/* Out, or NULL: the pages report_render wrote, REPORT_WROTE bits, so
	 * that the line that names them names only those. */
	unsigned *wrote;
};

/* The pages of a report: page (0 report, 1 details, 2 class), language
 * (0 en, 1 zh) and format (0 md, 1 html), as bits of *wrote; and the
 * page's file name ("details.zh.html"). */
#define REPORT_NPAGES 3
#define REPORT_WROTE(pg, L, f) (1u << ((((pg) * 2) + (L)) * 2 + (f)))
const char *report_page_file(int pg, int L, int f, char *buf, size_t size);

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

/* The FAMILY of each details-FAMILY.<lang>.md report_render() writes
 * for r beside its details page (in the details' languages and
 * formats), in the report's order, as file names spell it: *names (the
 * caller frees each and the array).  Returns how many. */
size_t report_family_pages(const struct results *r, char ***names);

/* Whether the report of `r` has a class page and gradebook.csv: its
 * variants hold a class's submissions (docs/class.md). */
bool report_has_class(const struct results *r);

/* What report_render() would refuse as bad input, checked before a
 * command creates or writes anything: every template o uses is read and
 * parsed (errors at file:line:col), a template of one's own comes with
 * one language (o->template_path with o->langs both is refused), and
 * when o->dir exists already, a charts/ in it must be a real directory,
 * not a symbolic link.  Creates nothing.  Returns 0, or -1 after a diagnostic. */
int report_prepare(const struct report_options *o);

/* The template files a report with options o reads, where they are
 * found (--template's for the body, else each page's in the templates'
 * directories; every page, the class page too, of each language o
 * renders): up to max heap paths into paths[] (the caller frees each).
 * Returns how many.  For the check that the output directory replaces
 * none of them (a report into the templates' own directory). */
size_t report_template_files(const struct report_options *o, char **paths,
			     size_t max);

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

/* What compute-sanitizer found for failed row w
 * (results/sanitizer_record.h's struct sanitizer_record), in English plain
 * text for `culab run`'s list of failures: a sentence per line, each
 * finding's indented by two spaces, every line ending in '\n'; NULL when w
 * has no record.  v is w's variant, whose stored source gives the quoted
 * lines (NULL: none).  Caller frees. */
char *report_sanitizer_text(const struct result_row *w,
			    const struct variant *v);

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

#ifdef __cplusplus
}
#endif

#endif
