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

/* A fresh scratch directory for one test. */
static char *scratch(void)
{
	char *dir = strdup("/tmp/culab-test-plot-XXXXXX");

	assert_non_null(mkdtemp(dir));
	return dir;
}

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
	quoted("中文", "'?\?'");
	quoted("é!", "'?!'");
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
	char *dir = scratch(), *charts = path_of(dir, "charts");
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
	scratch_remove(dir);
	free(dir);
}

/* Intervals: two more data columns, '?' where a point has none, and a
 * capped bar drawn over each bar and line; the range covers them. */
static void test_intervals(void **state)
{
	char *dir = scratch();
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
	/* the bar panel's range reaches the top of the interval */
	assert_non_null(strstr(gp, "set yrange [0.5625:5.6]"));
	free(dat);
	free(gp);
	plot_set_free(s);
	scratch_remove(dir);
	free(dir);
}

/* A second render into the same directory removes the files of the
 * charts it no longer draws, and only those: a report never sits beside
 * charts of another run, and files culab did not write stay. */
static void test_render_prunes_stale(void **state)
{
	static const char *const exts[] = { "dat", "gp", "png", "svg" };
	char *dir = scratch(), *charts = path_of(dir, "charts");
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
	scratch_remove(dir);
	free(dir);
}

static void test_render_empty_set(void **state)
{
	char *dir = scratch(), *charts = path_of(dir, "charts");
	struct plot_set *s = plot_set_new();

	(void)state;
	assert_int_equal(plot_render(s, charts, "/nonexistent/gnuplot"), 0);
	assert_false(file_exists(charts));
	plot_set_free(s);
	free(charts);
	scratch_remove(dir);
	free(dir);
}

static void test_hostile_text(void **state)
{
	char *dir = scratch();
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
	scratch_remove(dir);
	free(dir);
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
	char *dir = scratch(), *buf, *want;
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
	scratch_remove(dir);
	free(dir);
}

static void test_gnuplot_failure_reported(void **state)
{
	/* "false" runs and exits 1: the error names the exit status */
	char *dir = scratch(), *buf;
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
	scratch_remove(dir);
	free(dir);
}

static void test_planted_symlinks_replaced(void **state)
{
	char *dir = scratch(), *victim = path_of(dir, "victim");
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
	scratch_remove(dir);
	free(dir);
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
