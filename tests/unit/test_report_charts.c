/* test_report_charts.c - the report's charts as a reader sees them:
 *  - no chart against size for a family and type measured at one size
 *    (its points would stack at one x; the ladder chart shows that size);
 *  - the ladder chart, the one of a ladder a report's body shows: its
 *    stable name, a title that names family, type, size and GPU, linear
 *    axes on which a 1.2x step is a bar of its own, every rung's label in
 *    full, the teaching rung cut at the edge instead of squashing the
 *    rest;
 *  - every chart of the recorded H100 example and of the quick fixture
 *    (read as they stand; the properties hold whatever a re-recording
 *    measures): ticks a person reads, lines apart in colour or marker to
 *    every eye, text of 8 pt or more when the page is printed on A4, no
 *    chart against size of one size.
 *
 * The synthetic rows are test data built in memory, shaped like a run but
 * NOT measurements; their GPU name says so.
 *
 * Environment: CULAB_SRCDIR (default "."), CULAB_TEST_KEEP=1 keeps the
 * rendered reports and prints where. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "base/diag.h"
#include "ladder/ladder.h"
#include "report/report.h"
#include "report/plot_int.h"
#include "results/results.h"
#include "base/util.h"
#include "report_check.h"
#include "chart_check.h"

#define GPU "Synthetic GPU (test data)"

/* ---- synthetic results (test data, not measurements) ------------------ */

static void results_init(struct results *r)
{
	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup("0.1.0");
	r->command = xstrdup("culab run experiments/synthetic-charts.yaml");
	r->status = xstrdup("complete");
	r->note = xstrdup("synthetic test data built by test_report_charts.c, "
			  "not a measurement");
	r->has_env = true;
	r->env.gpu_name = xstrdup(GPU);
	r->env.cc_major = 9;
	r->env.sm_count = 132;
	r->env.peak_gbps = 3352.32;
}

/* A verified row of registry variant `name`, type dtype, size n, median
 * ms from 20 samples 0.1 % apart (enough for the model's verdicts). */
static void add(struct results *r, const char *name, const char *dtype,
		uint64_t n, double ms)
{
	const struct variant *v = registry_find(name);
	struct result_row *row;
	enum dtype t = DTYPE_FLOAT;

	assert_non_null(v);
	dtype_parse(dtype, &t);
	results_add_variant(r, v);
	row = results_add_row(r);
	row->experiment = xstrdup("charts");
	row->family = xstrdup(family_name(v->family));
	row->variant = xstrdup(v->name);
	row->step = v->step;
	row->dtype = xstrdup(dtype);
	row->n = n;
	row->m = 1;
	row->block = v->flags & VF_BLOCK ? 256 : 0;
	row->status = ROW_OK;
	row->verified = true;
	row->timed_region = xstrdup(v->timed_region);
	row->timer = xstrdup("cuda-events");
	row->t.warmup = 3;
	row->t.nsamples = 20;
	row->t.samples_ms = xcalloc(20, sizeof(double));
	for (int k = 0; k < 20; k++)
		row->t.samples_ms[k] = ms * (1 + 0.001 * (k - 10) / 10);
	row->t.median_ms = row->t.mean_ms = ms;
	row->t.min_ms = ms * 0.999;
	row->t.max_ms = ms * 1.001;
	row->t.noise_pct = 0.05;
	row->bytes = registry_bytes(v, t, n, 1);
	row->gbps = row->bytes / (ms * 1e-3) / 1e9;
	row->pct_peak = 100 * row->gbps / r->env.peak_gbps;
	row->counters_status = xstrdup("counters not requested");
}

/* The reduce ladder's first rungs, their times at 2^24 (ms): rung 2 a
 * teaching rung 160x slower than rung 1, the step to rung 8 1.2x. */
static const struct {
	const char *variant;
	double ms;
} ladder[] = {
	{ "reduce_global", 1.0 },
	{ "reduce_one_block", 160.0 },
	{ "reduce_interleaved_divergent", 1.8 },
	{ "reduce_interleaved_strided", 1.2 },
	{ "reduce_shared_static", 1.0 },
	{ "reduce_shared_dynamic", 1.0 },
	{ "reduce_first_add", 0.55 },
	{ "reduce_warp_volatile", 0.55 / 1.2 },
	{ "reduce_read", 0.40 },
};

/* reduce/float at 2^20 and 2^24, reduce/int at 2^24 only. */
static void two_groups(struct results *r)
{
	results_init(r);
	for (size_t i = 0; i < ARRAY_SIZE(ladder); i++) {
		add(r, ladder[i].variant, "float", 1u << 24, ladder[i].ms);
		add(r, ladder[i].variant, "float", 1u << 20,
		    ladder[i].ms / 12);
		add(r, ladder[i].variant, "int", 1u << 24, ladder[i].ms);
	}
}

/* Renders r with charts into a fresh directory, returned. */
static char *render(const struct results *r)
{
	struct report_options o;
	char *dir = scratch_for("report-charts");

	report_test_options(&o, dir);
	assert_int_equal(report_render(r, &o), 0);
	return dir;
}

static char *chart_file(const char *dir, const char *name, const char *ext)
{
	char *path = xasprintf("%s/charts/%s.%s", dir, name, ext);
	char *text = slurp(path, NULL);

	free(path);
	return text;
}

/* ---- tests ------------------------------------------------------------ */

/* A family and type measured at one size get no chart against size (18
 * markers stacked at one x, as reduce/int had); one of two sizes does. */
static void test_one_size_no_size_chart(void **state)
{
	static const char *const kinds[] = { "time", "bandwidth" };
	struct results r;
	char *dir, *en, *text;

	(void)state;
	two_groups(&r);
	dir = render(&r);
	{
		/* the body shows the ladder chart, the details every chart */
		char *path = xasprintf("%s/report.en.md", dir);
		char *body = slurp(path, NULL), *details;

		assert_non_null(body);
		free(path);
		path = xasprintf("%s/details.en.md", dir);
		details = slurp(path, NULL);
		assert_non_null(details);
		details = with_family_pages(details, dir, "en");
		free(path);
		en = xasprintf("%s\n%s", body, details);
		free(body);
		free(details);
	}
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
		char name[64];

		snprintf(name, sizeof(name), "%s-reduce-int", kinds[k]);
		text = chart_file(dir, name, "gp");
		if (text)
			fail_msg("%s:%d: %s drawn for one size", __FILE__,
				 __LINE__, name);
		assert_null(strstr(en, name));
		snprintf(name, sizeof(name), "%s-reduce-float", kinds[k]);
		text = chart_file(dir, name, "gp");
		assert_non_null(text);
		assert_non_null(strstr(en, name));
		free(text);
	}
	/* the one size is the ladder chart's */
	text = chart_file(dir, "ladder-reduce-int", "gp");
	assert_non_null(text);
	free(text);
	free(en);
	scratch_done(dir);
	results_release(&r);
}

/* The value of "set xrange [lo:hi]" after `from` in gp. */
static void xrange_after(const char *gp, const char *from, double *lo,
			 double *hi)
{
	const char *p = strstr(gp, from);

	assert_non_null(p);
	p = strstr(p, "set xrange [");
	assert_non_null(p);
	assert_int_equal(sscanf(p, "set xrange [%lf:%lf]", lo, hi), 2);
}

/* The width in px of the panel whose title is `title` in gp. */
static double panel_px(const char *gp, const char *title)
{
	const char *p = strstr(gp, title);
	double l, r;

	assert_non_null(p);
	p = strstr(p, "set lmargin at screen ");
	assert_non_null(p);
	assert_int_equal(sscanf(p, "set lmargin at screen %lf\n\tset rmargin "
				"at screen %lf", &l, &r), 2);
	return (r - l) * PLOT_WIDTH;
}

/* The ladder chart: named ladder-FAMILY-TYPE, titled with family, type,
 * size and GPU; time and step speedup on linear axes; the step axis
 * gives a 1.2x step a bar of 10 px or more; every rung named in full,
 * top to bottom; rung 2 (160x rung 1) cut at the edge of the time axis,
 * which spans the others. */
static void test_ladder_chart(void **state)
{
	struct results r;
	char *dir, *gp, buf[256];
	double lo, hi, px;

	(void)state;
	two_groups(&r);
	dir = render(&r);
	gp = chart_file(dir, "ladder-reduce-float", "gp");
	assert_non_null(gp);
	assert_non_null(strstr(gp, "set multiplot title 'reduce / float, n = "
				   "2^24, " GPU "'"));
	assert_null(strstr(gp, "\tset logscale"));
	assert_null(strstr(gp, "..."));
	for (size_t i = 0; i + 1 < ARRAY_SIZE(ladder); i++) {
		char want[80];

		snprintf(want, sizeof(want), "'%zu: %s' %zu", i + 1,
			 ladder[i].variant + strlen("reduce_"), i);
		if (!strstr(gp, want))
			fail_msg("%s:%d: no row %s", __FILE__, __LINE__, want);
	}
	/* rows from the top: rung 1 first */
	assert_non_null(strstr(gp, "set yrange [7.5:-0.5]"));
	/* time: from 0, rung 2 beyond the end, every other rung within */
	xrange_after(gp, "set title 'median time (ms)'", &lo, &hi);
	assert_true(lo == 0);
	assert_true(hi < 160 && hi >= 1.8);
	assert_non_null(strstr(gp, "$2 > H ? fmt_v($2).' >'"));
	/* the copy ceiling's time, upright */
	assert_non_null(strstr(gp, "set arrow from 0.4, graph 0"));
	/* speedups from 0 to 2.5x: 1.2x is a bar of its own */
	xrange_after(gp, "set title 'speedup over previous rung'", &lo, &hi);
	/* (widened a little where a label needs room beside its bar) */
	assert_true(lo == 0 && hi >= 2.5 && hi <= 2.5 * 1.25);
	px = panel_px(gp, "set title 'speedup over previous rung'") / (hi - lo);
	if (0.2 * px < 10)
		fail_msg("%s:%d: a 1.2x step is %.1f px", __FILE__, __LINE__,
			 0.2 * px);
	if (ticks_problem(gp, buf, sizeof(buf)))
		fail_msg("%s:%d: %s", __FILE__, __LINE__, buf);
	assert_true(print_text_pt(gp) >= 8);
	/* faster, slower and within-noise steps apart: blue, vermillion,
	 * grey; no key, each bar labelled with the table's words, read
	 * from the data file (issue 45: "1.17x slower", never "0.86x") */
	assert_non_null(strstr(gp, "lc rgb '#0072B2' title ''"));
	assert_non_null(strstr(gp, "lc rgb '#D55E00' title ''"));
	assert_non_null(strstr(gp, "lc rgb '#999999' title ''"));
	assert_non_null(strstr(gp, "$2 > H ? stringcolumn(3).' >'"));
	assert_null(strstr(gp, "fmt_x($2)"));
	free(gp);
	/* the Chinese pages' twin: the same rows and bars in the report's
	 * Chinese words (rung names are code and stay) */
	gp = chart_file(dir, "ladder-reduce-float.zh", "gp");
	assert_non_null(gp);
	assert_non_null(strstr(gp, "set title '相对上一级的加速比'"));
	assert_non_null(strstr(gp, "set yrange [7.5:-0.5]"));
	assert_non_null(strstr(gp, "'1: global' 0"));
	free(gp);
	gp = chart_file(dir, "ladder-reduce-float.zh", "dat");
	assert_non_null(gp);
	assert_non_null(strstr(gp, "\"快 "));
	assert_null(strstr(gp, "faster"));
	free(gp);
	scratch_done(dir);
	results_release(&r);
}

/* The labels of ladder chart `file` (its script gp) in directory charts:
 * each step's inside the speedup panel and on its bar's side of 1. */
static void ladder_labels_check(const char *rel, const char *charts,
				const char *file, const char *gp)
{
	size_t len = strlen(file) - 3;
	char *dat = xasprintf("%s/%.*s.dat", charts, (int)len, file);
	char *svg = xasprintf("%s/%.*s.svg", charts, (int)len, file);
	char *dtext = slurp(dat, NULL), *stext = slurp(svg, NULL), buf[256];

	assert_non_null(dtext);
	assert_non_null(stext);
	if (hbar_labels_problem(gp, dtext, stext, 1, buf, sizeof(buf)))
		fail_msg("%s:%d: %s: %s: %s", __FILE__, __LINE__, rel, file,
			 buf);
	free(dtext);
	free(stext);
	free(dat);
	free(svg);
}

/* Every chart of the report of results file `rel`: readable ticks, lines
 * apart, text 8 pt or more on A4, no "..." cutting a label; the ladder
 * charts on linear axes, their steps' labels on their bars' side of 1;
 * a chart against size only where its family and type measured two
 * sizes or more. */
static void check_recorded(const char *rel)
{
	struct results r;
	char *dir, *charts, buf[256];
	DIR *d;
	struct dirent *e;
	size_t ngp = 0;

	if (!read_recorded(rel, &r))
		skip();
	dir = render(&r);
	charts = xasprintf("%s/charts", dir);
	d = opendir(charts);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name), lines;
		char *path, *gp;
		double pt;

		if (len < 4 || strcmp(e->d_name + len - 3, ".gp") != 0 ||
		    strcmp(e->d_name, "all.gp") == 0)
			continue;
		ngp++;
		path = xasprintf("%s/%s", charts, e->d_name);
		gp = slurp(path, NULL);
		assert_non_null(gp);
		if (ticks_problem(gp, buf, sizeof(buf)) ||
		    palette_problem(gp, &lines, buf, sizeof(buf)))
			fail_msg("%s:%d: %s: %s: %s", __FILE__, __LINE__, rel,
				 e->d_name, buf);
		pt = print_text_pt(gp);
		if (!(pt >= 8))
			fail_msg("%s:%d: %s: %s: text %.1f pt on A4", __FILE__,
				 __LINE__, rel, e->d_name, pt);
		if (strstr(gp, "..."))
			fail_msg("%s:%d: %s: %s: a label is cut", __FILE__,
				 __LINE__, rel, e->d_name);
		if (strncmp(e->d_name, "ladder-", 7) == 0 &&
		    strstr(gp, "\tset logscale"))
			fail_msg("%s:%d: %s: %s: a log axis", __FILE__,
				 __LINE__, rel, e->d_name);
		/* the steps' labels inside their panel, on their side of 1 */
		if (strncmp(e->d_name, "ladder-", 7) == 0)
			ladder_labels_check(rel, charts, e->d_name, gp);
		free(gp);
		free(path);
	}
	closedir(d);
	assert_true(ngp > 0);
	/* charts against size: where two sizes were measured, only there */
	for (size_t i = 0; i < r.nrows; i++) {
		const struct result_row *a = &r.rows[i];
		bool two = false;
		char *name, *gp;

		if (a->status != ROW_OK || !a->verified || !a->family ||
		    !a->dtype)
			continue;
		for (size_t j = 0; j < r.nrows && !two; j++) {
			const struct result_row *b = &r.rows[j];

			two = b->status == ROW_OK && b->verified && b->family &&
			      b->dtype && strcmp(a->family, b->family) == 0 &&
			      strcmp(a->dtype, b->dtype) == 0 &&
			      (a->n != b->n || a->m != b->m);
		}
		name = xasprintf("time-%s-%s", a->family, a->dtype);
		gp = chart_file(dir, name, "gp");
		if (two != (gp != NULL))
			fail_msg("%s:%d: %s: %s %s", __FILE__, __LINE__, rel,
				 name, two ? "missing for two sizes" :
				 "drawn for one size");
		free(gp);
		free(name);
	}
	free(charts);
	scratch_done(dir);
	results_release(&r);
}

static void test_recorded_h100(void **state)
{
	(void)state;
	check_recorded("reports/examples/h100/results.json");
}

static void test_recorded_quick(void **state)
{
	(void)state;
	check_recorded("tests/fixtures/quick/results.json");
}

/* Every bar panel of chart script gp has at least two ticks on its value
 * axis, their labels apart: each centred on its tick, two neighbours at
 * least half of their widths and 4 px apart (plot_text_px) across the
 * panel's px ("P = ").  Returns the panels checked. */
static size_t ticks_apart(const char *gp)
{
	size_t panels = 0;

	for (const char *at = strstr(gp, "\tset xrange ["); at;
	     at = strstr(at + 1, "\tset xrange [")) {
		double lo, hi, px, prev_at = 0, prev_w = 0;
		const char *t = strstr(at, "\tset xtics ("), *pp = strstr(at,
									 " P = ");
		size_t n = 0;

		assert_non_null(t);
		assert_non_null(pp);
		assert_int_equal(sscanf(at, "\tset xrange [%lf:%lf]", &lo, &hi),
				 2);
		px = atof(pp + 5);
		for (t += strlen("\tset xtics ("); *t == '\''; n++) {
			const char *end = strchr(t + 1, '\'');
			char *label = xstrndup(t + 1, (size_t)(end - t - 1));
			double v = strtod(end + 1, (char **)&t);
			double x = px * (v - lo) / (hi - lo);
			double w = plot_text_px(label, 16);

			if (n && x - prev_at < (w + prev_w) / 2 + 4)
				fail_msg("%s:%d: tick labels run together on a "
					 "panel of %.0f px: \"%s\" at %.1f px, "
					 "%.1f px after the one before",
					 __FILE__, __LINE__, px, label, x,
					 x - prev_at);
			free(label);
			prev_at = x;
			prev_w = w;
			t += strspn(t, ", ");
		}
		if (n < 2)
			fail_msg("%s:%d: %zu ticks on a panel", __FILE__,
				 __LINE__, n);
		panels++;
	}
	return panels;
}

/* The example class: every chart readable, and the class's chart a
 * panel per type and size (small multiples), one key under the first,
 * bars of the time each row is graded by. */
static void test_recorded_class(void **state)
{
	struct results r;
	char *dir, *gp;
	const char *at;

	(void)state;
	check_recorded("reports/examples/class/results.json");
	if (!read_recorded("reports/examples/class/results.json", &r))
		skip();
	dir = render(&r);
	gp = chart_file(dir, "class-reduce-class", "gp");
	assert_non_null(gp);
	at = strstr(gp, "set title 'int, n = 2^20'");
	assert_non_null(at);
	at = strstr(at, "set title 'int, n = 2^24'");
	assert_non_null(at);
	at = strstr(at, "set title 'float, n = 2^20'");
	assert_non_null(at);
	assert_non_null(strstr(at, "set title 'float, n = 2^24'"));
	/* the key once: each series titled in the first panel only */
	at = strstr(gp, "title 'students'");
	assert_non_null(at);
	assert_null(strstr(at + 1, "title 'students'"));
	/* the narrow panels' tick labels stand apart ("0 200400600800"
	 * ran together at 2^20) */
	assert_int_equal(ticks_apart(gp), 4);
	free(gp);
	scratch_done(dir);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_size_no_size_chart),
		cmocka_unit_test(test_ladder_chart),
		cmocka_unit_test(test_recorded_h100),
		cmocka_unit_test(test_recorded_quick),
		cmocka_unit_test(test_recorded_class),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
