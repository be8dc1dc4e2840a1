/* test_plot.c - charts through gnuplot: quoting, file names, rendering,
 * hostile text, a missing gnuplot and planted symlinks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "base/diag.h"
#include "report/report.h"
#include "report_check.h"
#include "chart_check.h"

static char *path_of(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

static void quoted(const char *in, const char *want)
{
	struct sbuf b = SBUF_INIT;

	plot_quote(&b, in);
	if (strcmp(sbuf_str(&b), want) != 0)
		fail_msg("%s:%d: plot_quote(\"%s\") = %s, expected %s", __FILE__,
			 __LINE__, in, sbuf_str(&b), want);
	sbuf_release(&b);
}

static void test_quote(void **state)
{
	char longer[300];

	(void)state;
	quoted("plain", "'plain'");
	quoted("it's", "'it\u2019s'");
	quoted("a`touch /tmp/x`b", "'a\u2019touch /tmp/x\u2019b'");
	quoted("'''x", "'\u2019\u2019\u2019x'");
	quoted("line\nbreak\ttab\r", "'line break tab '");
	quoted("system(\"ls\") $(id) @macro \\", "'system(\"ls\") $(id) @macro \\'");
	/* UTF-8 as it is (a Chinese report's charts), a byte of none '?' */
	quoted("中文", "'中文'");
	quoted("é!", "'é!'");
	quoted("快 1.63×", "'快 1.63×'");
	quoted("a\xff\xfe!", "'a?\?!'");
	quoted("\xe4\xb8!", "'?!'");
	quoted("\xc0\xafx", "'?x'");
	quoted("\xed\xa0\x80x", "'?x'");
	quoted(NULL, "''");
	memset(longer, 'x', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	{
		struct sbuf b = SBUF_INIT;

		plot_quote(&b, longer);
		/* 120 characters, "...", two quotes */
		assert_int_equal(b.len, 120 + 3 + 2);
		sbuf_release(&b);
	}
}

static void test_names(void **state)
{
	struct plot_set *s = plot_set_new();

	(void)state;
	assert_string_equal(plot_chart_name(plot_chart_add(s, "Time-Reduce", NULL)),
			    "time-reduce");
	assert_string_equal(plot_chart_name(plot_chart_add(s, "time-reduce", NULL)),
			    "time-reduce-2");
	assert_string_equal(plot_chart_name(plot_chart_add(s, "../../etc/x y", NULL)),
			    "------etc-x-y");
	assert_string_equal(plot_chart_name(plot_chart_add(s, "all", NULL)),
			    "all-2");
	assert_string_equal(plot_chart_name(plot_chart_add(s, "", NULL)), "chart");
	assert_string_equal(plot_chart_name(plot_chart_add(s, "a`b'c", NULL)),
			    "a-b-c");
	/* a '.' between letters or digits only: never "..", first or last */
	assert_string_equal(plot_chart_name(plot_chart_add(s, "Ladder-x.zh",
							   NULL)),
			    "ladder-x.zh");
	assert_string_equal(plot_chart_name(plot_chart_add(s, ".a..b.-c.",
							   NULL)),
			    "-a--b--c-");
	plot_set_free(s);
	plot_set_free(NULL);
}

/* A set with a log-log line chart, a bar chart and a two-panel chart, and
 * one chart with nothing valid to draw. */
static struct plot_set *sample_set(const char *title)
{
	struct plot_set *s = plot_set_new();
	struct plot_chart *c;
	struct plot_panel *p;
	struct plot_series *a, *b;

	c = plot_chart_add(s, "lines", title);
	p = plot_panel_add(c, PLOT_XY, title, "n", "ms");
	plot_panel_logscale(p, 2, 10);
	a = plot_series_add(p, title, PLOT_SOLID);
	b = plot_series_add(p, "second", PLOT_DASHED);
	for (int k = 10; k <= 20; k += 2) {
		plot_series_point(a, ldexp(1, k), ldexp(1, k) * 1e-6);
		plot_series_point(b, ldexp(1, k), ldexp(1, k) * 2e-6);
	}
	plot_series_point(a, 0, 1);          /* not on a log axis: left out */
	plot_panel_hline(p, "peak", 0.5, PLOT_SOLID);

	c = plot_chart_add(s, "bars", title);
	p = plot_panel_add(c, PLOT_BARS, title, NULL, "x");
	plot_panel_logscale(p, 0, 2);
	plot_panel_bar_base(p, 1);
	a = plot_series_add(p, "step", PLOT_SOLID);
	b = plot_series_add(p, "cumulative", PLOT_SOLID);
	plot_series_labels(a, PLOT_LABELS_TIMES);
	plot_series_labels(b, PLOT_LABELS_VALUE);
	for (int i = 0; i < 6; i++) {
		size_t x = plot_panel_category(p, title);

		plot_series_point(a, (double)x, i == 2 ? NAN : 0.5 + i);
		plot_series_point(b, (double)x, 1.0 + 2 * i);
	}

	c = plot_chart_add(s, "panels", title);
	for (int k = 0; k < 2; k++) {
		p = plot_panel_add(c, PLOT_BARS, title, NULL, "u");
		a = plot_series_add(p, "v", PLOT_SOLID);
		plot_series_point(a, (double)plot_panel_category(p, "r1"), 3);
		plot_series_point(a, (double)plot_panel_category(p, "r2"), 0);
	}
	/* a panel with nothing valid is skipped, not drawn empty */
	p = plot_panel_add(c, PLOT_BARS, "empty", NULL, "u");
	a = plot_series_add(p, "v", PLOT_SOLID);
	plot_series_point(a, (double)plot_panel_category(p, "r1"), NAN);

	c = plot_chart_add(s, "nothing", title);
	p = plot_panel_add(c, PLOT_XY, "x", "n", "ms");
	plot_panel_logscale(p, 2, 10);
	a = plot_series_add(p, "all invalid", PLOT_SOLID);
	plot_series_point(a, -1, 5);
	plot_series_point(a, 4, NAN);
	return s;
}

static void expect_chart(const char *dir, const char *name)
{
	static const char *const exts[] = { "png", "svg", "dat", "gp" };

	for (size_t e = 0; e < 4; e++) {
		char file[256], *path;
		const char *why = NULL;
		struct stat st;

		snprintf(file, sizeof(file), "%s.%s", name, exts[e]);
		path = path_of(dir, file);
		if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) || !st.st_size)
			why = "missing, not a regular file, or empty";
		else if ((st.st_mode & 0777) != 0644)
			why = "mode is not 0644";
		else if (e == 0)
			why = png_problem(path);
		else if (e == 1)
			why = svg_problem(path);
		if (why)
			fail_msg("%s:%d: %s: %s", __FILE__, __LINE__, path, why);
		free(path);
	}
}

static void test_render(void **state)
{
	char *dir = scratch_for("plot"), *charts = path_of(dir, "charts");
	struct plot_set *s = sample_set("a title");
	char *nothing = path_of(charts, "nothing.gp"), *all, *text;

	(void)state;
	{
		struct plot_set *empty = plot_set_new();

		assert_false(plot_chart_drawable(plot_chart_add(empty, "x",
								NULL)));
		plot_set_free(empty);
	}
	assert_int_equal(plot_render(s, charts, NULL), 0);
	expect_chart(charts, "lines");
	expect_chart(charts, "bars");
	expect_chart(charts, "panels");
	assert_false(file_exists(nothing));
	all = path_of(charts, "all.gp");
	text = slurp(all, NULL);
	assert_non_null(text);
	assert_non_null(strstr(text, "load 'lines.gp'\nload 'bars.gp'\n"
				     "load 'panels.gp'\n"));
	assert_null(strstr(text, "nothing"));
	free(text);
	/* the data file holds numbers only, and '?' for the missing bar */
	{
		char *dat = path_of(charts, "bars.dat");

		text = slurp(dat, NULL);
		assert_null(strstr(text, "a title"));
		assert_non_null(strstr(text, "2 ?\n"));
		free(text);
		free(dat);
	}
	/* the private drawing directory is gone */
	{
		DIR *d = opendir(charts);
		struct dirent *e;

		while ((e = readdir(d)) != NULL)
			assert_true(strncmp(e->d_name, ".render-", 8) != 0);
		closedir(d);
	}
	/* a user can redraw a chart from its own script */
	{
		char *png = path_of(charts, "lines.png");

		unlink(png);
		assert_int_equal(gnuplot_in(charts, "lines.gp"), 0);
		assert_null(png_problem(png));
		free(png);
	}
	plot_set_free(s);
	free(all);
	free(nothing);
	free(charts);
	scratch_done(dir);
}

/* Intervals: two more data columns, '?' where a point has none, and a
 * capped bar drawn over each bar and line; the range covers them. */
static void test_intervals(void **state)
{
	char *dir = scratch_for("plot");
	struct plot_set *s = plot_set_new();
	struct plot_chart *c = plot_chart_add(s, "ci", "intervals");
	struct plot_panel *p = plot_panel_add(c, PLOT_BARS, "b", NULL, "r");
	struct plot_panel *q = plot_panel_add(c, PLOT_XY, "l", "n", "ms");
	struct plot_series *a = plot_series_add(p, "ratio", PLOT_SOLID);
	struct plot_series *b = plot_series_add(q, "ms", PLOT_SOLID);
	char *dat, *gp, *path;

	(void)state;
	plot_panel_logscale(p, 0, 2);
	plot_panel_bar_base(p, 1);
	plot_series_point(a, (double)plot_panel_category(p, "x"), 0.9);
	plot_series_interval(a, (double)plot_panel_category(p, "y"), 1.5, 1.2,
			     3.5);
	plot_series_interval(a, (double)plot_panel_category(p, "z"), 1.1, NAN,
			     NAN);
	plot_series_interval(b, 1, 2, 1.5, 2.5);
	plot_series_interval(b, 2, 3, 3.5, 2.5);     /* lo > hi: none */
	assert_int_equal(plot_render(s, dir, NULL), 0);
	expect_chart(dir, "ci");
	path = path_of(dir, "ci.dat");
	dat = slurp(path, NULL);
	free(path);
	assert_non_null(strstr(dat, "# index 0: x y low high\n0 0.9 ? ?\n"
				    "1 1.5 1.2 3.5\n2 1.1 ? ?\n"));
	assert_non_null(strstr(dat, "1 2 1.5 2.5\n2 3 ? ?\n"));
	path = path_of(dir, "ci.gp");
	gp = slurp(path, NULL);
	free(path);
	assert_non_null(strstr(gp, "using ($1+0.0000):3:(0):($4-$3) with "
				   "vectors heads"));
	assert_non_null(strstr(gp, "using 1:3:(0):($4-$3) with vectors"));
	/* the bar panel's range reaches both ends of every interval */
	{
		double lo, hi;
		const char *y = strstr(gp, "set yrange [");

		assert_non_null(y);
		assert_int_equal(sscanf(y, "set yrange [%lf:%lf]", &lo, &hi), 2);
		assert_true(lo <= 0.9 && hi >= 3.5);
	}
	free(dat);
	free(gp);
	plot_set_free(s);
	scratch_done(dir);
}

/* A second render into the same directory removes the files of the
 * charts it no longer draws, and only those: a report never sits beside
 * charts of another run, and files culab did not write stay. */
static void test_render_prunes_stale(void **state)
{
	static const char *const exts[] = { "dat", "gp", "png", "svg" };
	char *dir = scratch_for("plot"), *charts = path_of(dir, "charts");
	struct plot_set *s = sample_set("first");
	struct plot_set *t = plot_set_new();
	struct plot_panel *p;
	struct plot_series *a;
	char *mine;
	FILE *fp;

	(void)state;
	assert_int_equal(plot_render(s, charts, NULL), 0);
	expect_chart(charts, "bars");
	mine = path_of(charts, "notes.txt");
	fp = fopen(mine, "w");
	assert_non_null(fp);
	fputs("mine\n", fp);
	fclose(fp);
	/* the second run draws "lines" only */
	p = plot_panel_add(plot_chart_add(t, "lines", "second"), PLOT_XY,
			   "second", "n", "ms");
	a = plot_series_add(p, "s", PLOT_SOLID);
	plot_series_point(a, 1, 1);
	plot_series_point(a, 2, 3);
	assert_int_equal(plot_render(t, charts, NULL), 0);
	expect_chart(charts, "lines");
	for (size_t e = 0; e < 4; e++) {
		char file[64], *path;

		snprintf(file, sizeof(file), "bars.%s", exts[e]);
		path = path_of(charts, file);
		assert_false(file_exists(path));
		free(path);
		snprintf(file, sizeof(file), "panels.%s", exts[e]);
		path = path_of(charts, file);
		assert_false(file_exists(path));
		free(path);
	}
	assert_true(file_exists(mine));
	/* a run that draws nothing leaves no chart of ours behind */
	{
		struct plot_set *empty = plot_set_new();
		char *lines = path_of(charts, "lines.png");
		char *all = path_of(charts, "all.gp");

		assert_int_equal(plot_render(empty, charts, NULL), 0);
		assert_false(file_exists(lines));
		assert_false(file_exists(all));
		assert_true(file_exists(mine));
		plot_set_free(empty);
		free(lines);
		free(all);
	}
	plot_set_free(s);
	plot_set_free(t);
	free(mine);
	free(charts);
	scratch_done(dir);
}

static void test_render_empty_set(void **state)
{
	char *dir = scratch_for("plot"), *charts = path_of(dir, "charts");
	struct plot_set *s = plot_set_new();

	(void)state;
	assert_int_equal(plot_render(s, charts, "/nonexistent/gnuplot"), 0);
	assert_false(file_exists(charts));
	plot_set_free(s);
	free(charts);
	scratch_done(dir);
}

static void test_hostile_text(void **state)
{
	char *dir = scratch_for("plot");
	char prefix[64], title[512];
	struct plot_set *s;

	(void)state;
	snprintf(prefix, sizeof(prefix), "culab-pwned-%d-", (int)getpid());
	snprintf(title, sizeof(title),
		 "`touch /tmp/%sa` ' . system('touch /tmp/%sb') . ' "
		 "$(touch /tmp/%sc) \" system(\"touch /tmp/%sd\") \"\n"
		 "set output '/tmp/%se'",
		 prefix, prefix, prefix, prefix, prefix);
	s = sample_set(title);
	assert_int_equal(plot_render(s, dir, NULL), 0);
	assert_false(tmp_has_prefix(prefix));
	expect_chart(dir, "lines");
	expect_chart(dir, "bars");
	plot_set_free(s);
	scratch_done(dir);
}

/* plot_render() with its diagnostics captured into *text (caller frees). */
static int render_captured(const struct plot_set *s, const char *dir,
			   const char *gnuplot, char **text)
{
	size_t len = 0;
	FILE *fp;
	int rc;

	*text = NULL;
	fp = open_memstream(text, &len);
	assert_non_null(fp);
	diag_set_stream(fp);
	rc = plot_render(s, dir, gnuplot);
	diag_set_stream(NULL);
	fclose(fp);
	return rc;
}

/* Without gnuplot the charts' data and scripts are still written, and the
 * warning names every chart not drawn and how to draw them later. */
static void test_missing_gnuplot(void **state)
{
	char *dir = scratch_for("plot"), *buf, *want;
	struct plot_set *s = sample_set("t");
	static const char *const files[] = { "all.gp", "lines.gp", "lines.dat",
					     "bars.gp", "panels.dat",
					     ".culab-charts" };
	int rc;

	(void)state;
	rc = render_captured(s, dir, "/nonexistent/gnuplot-for-culab-tests", &buf);
	assert_int_equal(rc, PLOT_NOT_DRAWN);
	want = xasprintf("culab: warning: cannot run "
			 "\"/nonexistent/gnuplot-for-culab-tests\" (No such "
			 "file or directory): 3 charts not drawn (lines, bars, "
			 "panels); their data and scripts are in \"%s\": "
			 "install gnuplot and run `gnuplot all.gp` there to "
			 "draw them\n", dir);
	assert_string_equal(buf, want);
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char *path = path_of(dir, files[i]);

		if (!file_exists(path))
			fail_msg("%s:%d: %s was not written", __FILE__,
				 __LINE__, path);
		free(path);
	}
	plot_set_free(s);
	free(want);
	free(buf);
	scratch_done(dir);
}

static void test_gnuplot_failure_reported(void **state)
{
	/* "false" runs and exits 1: the error names the exit status */
	char *dir = scratch_for("plot"), *buf;
	struct plot_set *s = sample_set("t");
	int rc;

	(void)state;
	rc = render_captured(s, dir, "false", &buf);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(buf, "error: gnuplot failed (exit status 1)"));
	{
		char *png = path_of(dir, "lines.png");

		assert_false(file_exists(png));   /* nothing moved into place */
		free(png);
	}
	plot_set_free(s);
	free(buf);
	scratch_done(dir);
}

static void test_planted_symlinks_replaced(void **state)
{
	char *dir = scratch_for("plot"), *victim = path_of(dir, "victim");
	char *png = path_of(dir, "lines.png"), *gp = path_of(dir, "lines.gp");
	struct plot_set *s = sample_set("t");
	FILE *fp = fopen(victim, "w");
	struct stat st;
	char *text;

	(void)state;
	fputs("keep me", fp);
	fclose(fp);
	assert_int_equal(symlink(victim, png), 0);
	assert_int_equal(symlink(victim, gp), 0);
	assert_int_equal(plot_render(s, dir, NULL), 0);
	text = slurp(victim, NULL);
	assert_string_equal(text, "keep me");
	free(text);
	assert_int_equal(lstat(png, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(lstat(gp, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_null(png_problem(png));
	plot_set_free(s);
	free(victim);
	free(png);
	free(gp);
	scratch_done(dir);
}

/* Renders set s into dir and returns chart `name`'s script (caller
 * frees). */
static char *render_script(struct plot_set *s, const char *dir,
			   const char *name)
{
	char *file = xasprintf("%s/%s.gp", dir, name), *text;

	assert_int_equal(plot_render(s, dir, NULL), 0);
	text = slurp(file, NULL);
	assert_non_null(text);
	free(file);
	return text;
}

#define NO_PROBLEM(what) do { \
		const char *why_ = (what); \
		if (why_) \
			fail_msg("%s:%d: %s", __FILE__, __LINE__, why_); \
	} while (0)

/* Value axes are ticked at numbers a person reads, on log axes of
 * speedups (0.004x to 150x: never 0.00390625), times (0.007 to 400 ms),
 * narrow ratios (0.97 to 1.04), and on linear axes of bytes and GB/s. */
static void test_ticks_readable(void **state)
{
	static const struct {
		enum plot_kind kind;
		int ybase;
		double base, v[4];
	} panels[] = {
		{ PLOT_BARS, 2, 1, { 0.00612844252, 151.69, 1.63, 0.98 } },
		{ PLOT_XY, 10, 0, { 0.0069, 0.35, 2.42, 395.08 } },
		{ PLOT_BARS, 2, 1, { 0.97, 1.011, 1.04, 1.0 } },
		{ PLOT_BARS, 0, 0, { 1.07e9, 1.08e9, 5.2e8, 0 } },
		{ PLOT_XY, 0, 0, { 2.7, 664.5, 3141.4, 3055 } },
		{ PLOT_HBARS, 0, 1, { 0.0061, 152, 1.3, 0.98 } },
		{ PLOT_HBARS, 10, 0, { 0.0267, 24.8, 0.101, 0.0412 } },
	};
	char *dir = scratch_for("plot"), buf[256];

	(void)state;
	assert_true(tick_readable("0.25", 0.25));
	assert_true(tick_readable("200M", 2e8));
	assert_true(tick_readable("1.5G", 1.5e9));
	assert_true(tick_readable("2500", 2500));
	assert_true(tick_readable("0.0001", 1e-4));
	assert_false(tick_readable("0.00390625", 0.00390625));
	assert_false(tick_readable("0.015625", 0.015625));
	assert_false(tick_readable("1e-05", 1e-5));
	assert_false(tick_readable("3", 4));
	for (size_t i = 0; i < ARRAY_SIZE(panels); i++) {
		struct plot_set *s = plot_set_new();
		struct plot_chart *c = plot_chart_add(s, "t", "ticks");
		struct plot_panel *p = plot_panel_add(c, panels[i].kind, "p",
						      "x", "y");
		struct plot_series *a = plot_series_add(p, "a", PLOT_SOLID);
		char *gp;

		plot_panel_logscale(p, panels[i].kind == PLOT_XY ? 2 : 0,
				    panels[i].ybase);
		plot_panel_bar_base(p, panels[i].base);
		for (int k = 0; k < 4; k++) {
			double x = panels[i].kind == PLOT_XY ? ldexp(1, 20 + k) :
				   (double)plot_panel_category(p, "r");

			plot_series_point(a, x, panels[i].v[k]);
		}
		gp = render_script(s, dir, "t");
		if (ticks_problem(gp, buf, sizeof(buf)))
			fail_msg("%s:%d: panel %zu: %s", __FILE__, __LINE__, i,
				 buf);
		assert_non_null(strstr(gp, "tics ('"));
		assert_null(strstr(gp, "0.00390625"));
		assert_null(strstr(gp, "0.015625"));
		free(gp);
		plot_set_free(s);
	}
	scratch_done(dir);
}

/* Twenty lines (a ladder's variants): no two share colour and marker,
 * and those that share a marker differ in colour to every eye; the
 * series' colours are Okabe and Ito's. */
static void test_palette(void **state)
{
	char *dir = scratch_for("plot"), buf[256], *gp;
	struct plot_set *s = plot_set_new();
	struct plot_panel *p = plot_panel_add(plot_chart_add(s, "many", "t"),
					      PLOT_XY, "t", "n", "ms");
	size_t lines;

	(void)state;
	plot_panel_logscale(p, 2, 10);
	for (int i = 0; i < 20; i++) {
		char name[32];
		struct plot_series *a;

		snprintf(name, sizeof(name), "variant_%d", i);
		a = plot_series_add(p, name, i == 16 ? PLOT_DASHED :
						       PLOT_SOLID);
		plot_series_point(a, 1024, 1 + i);
		plot_series_point(a, 4096, 2 + i);
	}
	gp = render_script(s, dir, "many");
	NO_PROBLEM(palette_problem(gp, &lines, buf, sizeof(buf)));
	assert_int_equal(lines, 20);
	/* reduce_interleaved_divergent and reduce_cub once shared marker 3
	 * in #2ca02c and #008856: that pair would fail */
	assert_true(color_distance("#2ca02c", "#008856") < SAME_MARKER_MIN_DE);
	assert_non_null(strstr(gp, "lc rgb '#0072B2' pt 7"));
	assert_non_null(strstr(gp, "lc rgb '#D55E00' pt 5"));
	free(gp);
	plot_set_free(s);
	scratch_done(dir);
}

/* Horizontal bars: every category label in full in a column wide enough
 * for it, rows from the top, an axis fixed by plot_panel_range with the
 * bars beyond it drawn to its edge and marked; text 8 pt or more when
 * printed on A4. */
static void test_hbars(void **state)
{
	static const char *const names[] = {
		"1: global", "2: one_block", "3: interleaved_divergent",
		"4: a_rather_long_name_of_a_variant_x",
	};
	static const double ms[] = { 2.42, 395.08, 2.60, 1.60 };
	static const double step[] = { NAN, 0.0061, 152, 1.63 };
	char *dir = scratch_for("plot"), *gp, *png;
	struct plot_set *s = plot_set_new();
	struct plot_chart *c = plot_chart_add(s, "ladder", "reduce / float");
	struct plot_panel *t = plot_panel_add(c, PLOT_HBARS, "time", NULL, NULL);
	struct plot_panel *q = plot_panel_add(c, PLOT_HBARS, "step", NULL, "x");
	struct plot_series *a = plot_series_add(t, NULL, PLOT_SOLID);
	struct plot_series *b = plot_series_add(q, "faster", PLOT_SOLID);
	double lm, label_px;

	(void)state;
	plot_panel_range(t, 0, 3.25);
	plot_panel_bar_base(q, 1);
	plot_panel_range(q, 0, 2.5);
	plot_series_labels(a, PLOT_LABELS_VALUE);
	plot_series_labels(b, PLOT_LABELS_TIMES);
	plot_panel_hline(t, "ceiling", 0.35, PLOT_DASHED);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		plot_series_point(a, (double)plot_panel_category(t, names[i]),
				  ms[i]);
		plot_series_point(b, (double)plot_panel_category(q, names[i]),
				  step[i]);
	}
	assert_true(plot_chart_drawable(c));
	gp = render_script(s, dir, "ladder");
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char want[80];

		snprintf(want, sizeof(want), "'%s' %zu", names[i], i);
		assert_non_null(strstr(gp, want));
	}
	assert_null(strstr(gp, "..."));
	/* the label column holds the longest label at 0.55 em a character */
	assert_int_equal(sscanf(strstr(gp, "set lmargin at screen"),
				"set lmargin at screen %lf", &lm), 1);
	label_px = 0.55 * PLOT_FONT * (double)strlen(names[3]);
	assert_true(lm * PLOT_WIDTH >= label_px);
	assert_non_null(strstr(gp, "set yrange [3.5:-0.5]"));
	assert_non_null(strstr(gp, "set xrange [0:3.25]"));
	assert_non_null(strstr(gp, "set xrange [0:2.5]"));
	assert_null(strstr(gp, "logscale x"));
	/* bars beyond the axis end at its edge, marked */
	assert_non_null(strstr(gp, "clip(v) = v > H ? H : v < L ? L : v"));
	assert_non_null(strstr(gp, "fmt_x($2).' >'"));
	/* the ceiling stands upright across the rows */
	assert_non_null(strstr(gp, "set arrow from 0.35, graph 0 to 0.35, "
				   "graph 1"));
	assert_true(print_text_pt(gp) >= 8);
	png = path_of(dir, "ladder.png");
	assert_null(png_problem(png));
	free(png);
	free(gp);
	/* horizontal bars do not mix with other panels in one chart */
	plot_panel_add(c, PLOT_BARS, "other", NULL, NULL);
	assert_false(plot_chart_drawable(c));
	plot_set_free(s);
	scratch_done(dir);
}

/* Speedup bars from a base of 1: every label within its panel and on
 * its bar's side of the base (a within-noise one right of it, whichever
 * way its bar points), beside the bar's end where it fits, inside a bar
 * cut at the edge; also for labels longer than today's words and in
 * Chinese. */
static void test_hbars_labels_placed(void **state)
{
	static const struct {
		double x;
		const char *label;
		enum plot_style style;
	} steps[] = {
		{ 0.0061, "163x slower", PLOT_SOLID },
		{ 154, "154x faster", PLOT_SOLID },
		{ 1.63, "1.63x faster", PLOT_SOLID },
		{ 1.28, "1.28x faster", PLOT_SOLID },
		{ 1.0002, "1.00x, within noise", PLOT_MUTED },
		{ 1.87, "1.87x faster", PLOT_SOLID },
		{ 1.02, "1.02x faster, unresolved", PLOT_MUTED },
		{ 0.998, "1.00x slower, within noise", PLOT_MUTED },
		{ 0.889, "1.12x slower", PLOT_SOLID },
		{ 2.45, "2.45x faster", PLOT_SOLID },
		{ 0.98, "1.02× slower, within noise", PLOT_MUTED },
		{ 1.35, "快 1.35×", PLOT_SOLID },
		{ 1.01, "1.01×，在噪声以内", PLOT_MUTED },
	};
	char *dir = scratch_for("plot"), *gp, *dat, *svg, *path, buf[256];
	struct plot_set *s = plot_set_new();
	struct plot_chart *c = plot_chart_add(s, "steps", "reduce / float");
	struct plot_panel *t = plot_panel_add(c, PLOT_HBARS, "time", NULL, NULL);
	struct plot_panel *q = plot_panel_add(c, PLOT_HBARS, "step", NULL, NULL);
	struct plot_series *a = plot_series_add(t, NULL, PLOT_SOLID);
	struct plot_series *b[ARRAY_SIZE(steps)];

	(void)state;
	plot_panel_range(t, 0, 3);
	plot_panel_bar_base(q, 1);
	plot_panel_range(q, 0, 2.5);
	plot_series_labels(a, PLOT_LABELS_VALUE);
	for (size_t i = 0; i < ARRAY_SIZE(steps); i++) {
		char name[40];

		snprintf(name, sizeof(name), "%zu: rung", i + 1);
		plot_series_point(a, (double)plot_panel_category(t, name),
				  1.0 + (double)i / 10);
		b[i] = plot_series_add(q, "", steps[i].style);
		plot_series_labels(b[i], PLOT_LABELS_TEXT);
		for (size_t k = 0; k < ARRAY_SIZE(steps); k++) {
			plot_series_point(b[i], (double)k,
					  k == i ? steps[i].x : NAN);
			if (k == i)
				plot_series_text(b[i], steps[i].label);
		}
		plot_panel_category(q, name);
	}
	gp = render_script(s, dir, "steps");
	path = path_of(dir, "steps.dat");
	dat = slurp(path, NULL);
	free(path);
	path = path_of(dir, "steps.svg");
	svg = slurp(path, NULL);
	free(path);
	assert_non_null(dat);
	assert_non_null(svg);
	/* every label drawn, the Chinese ones as they are */
	for (size_t i = 0; i < ARRAY_SIZE(steps); i++)
		if (!strstr(svg, steps[i].label))
			fail_msg("%s:%d: no label '%s' in the SVG", __FILE__,
				 __LINE__, steps[i].label);
	if (hbar_labels_problem(gp, dat, svg, 1, buf, sizeof(buf)))
		fail_msg("%s:%d: %s", __FILE__, __LINE__, buf);
	/* the outlier cut at the edge, marked, its label inside (gnuplot
	 * writes '>' as it is) */
	assert_non_null(strstr(svg, "<text>154x faster ></text>"));
	free(gp);
	free(dat);
	free(svg);
	plot_set_free(s);
	scratch_done(dir);
}

/* One label style per panel: SI prefixes for every bar where one value
 * reaches 10^4 (854k beside 43.7M, not 854016), plain numbers where
 * none does (2966). */
static void test_label_style(void **state)
{
	static const double big[] = { 854016, 43.7e6, 36352 };
	static const double small[] = { 2966, 477, 0.5 };
	char *dir = scratch_for("plot"), *gp;
	struct plot_set *s = plot_set_new();
	struct plot_chart *c = plot_chart_add(s, "labels", "t");
	struct plot_panel *p = plot_panel_add(c, PLOT_BARS, "big", NULL, NULL);
	struct plot_panel *q = plot_panel_add(c, PLOT_BARS, "small", NULL, NULL);
	struct plot_series *a = plot_series_add(p, "a", PLOT_SOLID);
	struct plot_series *b = plot_series_add(q, "b", PLOT_SOLID);
	const char *second;

	(void)state;
	plot_series_labels(a, PLOT_LABELS_VALUE);
	plot_series_labels(b, PLOT_LABELS_VALUE);
	for (size_t i = 0; i < 3; i++) {
		plot_series_point(a, (double)plot_panel_category(p, "r"), big[i]);
		plot_series_point(b, (double)plot_panel_category(q, "r"), small[i]);
	}
	gp = render_script(s, dir, "labels");
	second = strstr(gp, "set title 'small'");
	assert_non_null(second);
	assert_non_null(strstr(gp, "(fmt_si($2))"));
	assert_true(strstr(gp, "(fmt_si($2))") < second);
	assert_non_null(strstr(second, "(fmt_v($2))"));
	assert_null(strstr(second, "fmt_si($2)"));
	free(gp);
	plot_set_free(s);
	scratch_done(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quote),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_intervals),
		cmocka_unit_test(test_render_prunes_stale),
		cmocka_unit_test(test_render_empty_set),
		cmocka_unit_test(test_hostile_text),
		cmocka_unit_test(test_missing_gnuplot),
		cmocka_unit_test(test_gnuplot_failure_reported),
		cmocka_unit_test(test_planted_symlinks_replaced),
		cmocka_unit_test(test_ticks_readable),
		cmocka_unit_test(test_palette),
		cmocka_unit_test(test_hbars),
		cmocka_unit_test(test_label_style),
		cmocka_unit_test(test_hbars_labels_placed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
