/* test_report_files.c - what the report writes and what it refuses: valid
 * charts in both languages, hostile text kept as text, no gnuplot or a
 * failing one, symlinks never followed, a template of one's own and the
 * shipped ones, the options, empty results.  The results are
 * synthetic_results()' (report_synth.h): test data shaped like a run, NOT
 * measurements.  The report's content is test_report.c's.
 *
 * Environment: CULAB_SRCDIR (default ".") is the source tree;
 * CULAB_TEST_KEEP=1 keeps the rendered reports and prints where. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "base/diag.h"
#include "jobs/output.h"
#include "ladder/ladder.h"
#include "report/report.h"
#include "report/template.h"
#include "base/util.h"
#include "report_check.h"
#include "results/results.h"
#include "report_synth.h"

/* File `name` of directory dir, read whole (the caller frees). */
static char *slurp_in(const char *dir, const char *name)
{
	char *path = path_of(dir, name), *text = slurp(path, NULL);

	assert_non_null(text);
	free(path);
	return text;
}

/* The Chinese pages' own ladder chart (the others are the English ones):
 * in Chinese words, linked from the Chinese report only. */
#define ZH_LADDER "ladder-reduce-int.zh"

static void test_charts_valid(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *charts, *en, *zh, *gp;
	size_t n = sizeof(charts_expected) / sizeof(charts_expected[0]);

	(void)state;
	synthetic_results(&r);
	report_test_options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	charts = path_of(dir, "charts");
	en = read_report(dir, "en");
	zh = read_report(dir, "zh");
	for (size_t i = 0; i <= n; i++) {
		static const char *const exts[] = { "png", "svg", "dat", "gp" };
		const char *chart = i < n ? charts_expected[i] : ZH_LADDER;

		for (size_t e = 0; e < 4; e++) {
			char name[128], *path, link[160];
			const char *why = NULL;
			struct stat st;

			snprintf(name, sizeof(name), "%s.%s", chart, exts[e]);
			path = path_of(charts, name);
			if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
			    !st.st_size)
				why = "missing or empty";
			else if ((st.st_mode & 0777) != 0644)
				why = "mode is not 0644";
			else if (e == 0)
				why = png_problem(path);
			else if (e == 1)
				why = svg_problem(path);
			if (why)
				fail_msg("%s:%d: %s: %s", __FILE__, __LINE__,
					 path, why);
			snprintf(link, sizeof(link), "(charts/%s)", name);
			if (i < n)
				EXPECT_IN(en, link);
			else
				EXPECT_NOT_IN(en, link);
			if (strncmp(chart, "ladder-", 7) == 0 && i < n)
				EXPECT_NOT_IN(zh, link);
			else
				EXPECT_IN(zh, link);
			free(path);
		}
	}
	/* the Chinese chart's words are the report's Chinese words */
	gp = slurp_in(charts, ZH_LADDER ".gp");
	EXPECT_IN(gp, "set title '中位时间（ms）'");
	EXPECT_IN(gp, "set title '相对上一级的加速比'");
	EXPECT_NOT_IN(gp, "speedup over");
	EXPECT_NOT_IN(gp, "(ceiling)");
	free(gp);
	gp = slurp_in(charts, ZH_LADDER ".dat");
	EXPECT_IN(gp, "\"快 ");
	EXPECT_NOT_IN(gp, "faster");
	free(gp);
	/* nothing else is drawn: the transpose ladder has one rung */
	{
		DIR *d = opendir(charts);
		struct dirent *e;
		size_t pngs = 0;

		while ((e = readdir(d)) != NULL)
			pngs += strstr(e->d_name, ".png") != NULL;
		closedir(d);
		assert_int_equal(pngs, n + 1);
	}
	assert_int_equal(gnuplot_in(charts, "all.gp"), 0);
	free(en);
	free(zh);
	free(charts);
	results_release(&r);
	scratch_done(dir);
}

static void test_hostile_text(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *diags, *en, *zh;
	char prefix[64], evil[1024];
	struct result_row *row;

	(void)state;
	snprintf(prefix, sizeof(prefix), "culab-pwned-%d-", (int)getpid());
	snprintf(evil, sizeof(evil),
		 "x`touch /tmp/%s1`|y\n# heading $(touch /tmp/%s2) "
		 "system(\"touch /tmp/%s3\") ' . system('touch /tmp/%s4') . ' "
		 "<script>alert(1)</script> [link](javascript:x) *em* $x^2$ "
		 "| a | b |\r\n```",
		 prefix, prefix, prefix, prefix);
	synthetic_results(&r);
	free(r.experiments[0].name);
	r.experiments[0].name = xstrdup(evil);
	free(r.experiments[0].description);
	r.experiments[0].description = xstrdup(evil);
	free(r.note);
	r.note = xstrdup(evil);
	free(r.command);
	r.command = xstrdup(evil);
	free(r.env.gpu_name);
	r.env.gpu_name = xstrdup(evil);
	for (size_t i = 0; i < r.nrows; i++) {
		free(r.rows[i].experiment);
		r.rows[i].experiment = xstrdup(evil);
	}
	/* a variant, family and type nobody knows, with hostile names */
	{
		static const struct spec s = {
			"e", "fam`touch x`|ily", "v", "dt|pe\n#", 1, 0,
			1024, 1, 0.5, 1.0, ROW_OK, NULL };

		for (int k = 0; k < 3; k++) {
			row = add_row(&r, &s);
			free(row->variant);
			row->variant = xasprintf("%s%d", evil, k);
			row->step = k + 1;
			row->t.median_ms = 0.5 / (k + 1);
			set_counters(row, k, 1e6);
			free(row->columns[0].name);
			row->columns[0].name = xstrdup(evil);
		}
		row = add_row(&r, &s);
		row->status = ROW_WRONG;
		row->verified = false;
		free(row->message);
		row->message = xstrdup(evil);
	}
	report_test_options(&o, dir);
	assert_int_equal(render(&r, &o, &diags), 0);   /* gnuplot exited 0 */
	assert_string_equal(diags, "");
	free(diags);
	assert_false(tmp_has_prefix(prefix));
	en = read_report(dir, "en");
	zh = read_report(dir, "zh");
	expect_tables(en, 6);
	expect_tables(zh, 6);
	/* a recorded command that is not `culab run`: the command to paste
	 * comes from the experiment file's path, the recorded one is
	 * provenance, escaped like any text */
	EXPECT_IN(en, "```sh\nculab run experiments/synthetic.yaml\n```");
	/* HTML and Markdown only inside the fenced command, where they are
	 * shown as text */
	strip_fences(en);
	strip_fences(zh);
	EXPECT_NOT_IN(en, "<script");
	EXPECT_NOT_IN(en, "\n# heading");
	EXPECT_NOT_IN(en, "[link](");
	for (const char *q = en; (q = strstr(q, "`touch")) != NULL; q++)
		if (q == en || q[-1] != '\\')
			fail_msg("%s:%d: unescaped backquote at \"%.40s\"",
				 __FILE__, __LINE__, q);
	EXPECT_NOT_IN(zh, "<script");
	EXPECT_IN(en, "&lt;script&gt;");
	free(en);
	free(zh);
	/* the HTML pages: nothing of it as markup */
	{
		char *path = path_of(dir, "report.en.html");

		en = slurp(path, NULL);
		free(path);
		assert_non_null(en);
		EXPECT_NOT_IN(en, "<script");
		EXPECT_NOT_IN(en, "href=\"javascript");
		EXPECT_IN(en, "&lt;script&gt;");
		free(en);
	}

	results_release(&r);
	scratch_done(dir);
}

/* Without gnuplot a report is no failure: the Markdown, every chart's
 * data and script and all.gp are written, a warning names the charts not
 * drawn and says how to draw them, and images of an earlier render go. */
static void test_no_gnuplot(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *charts = path_of(dir, "charts");
	char *stale = path_of(charts, "time-reduce-int.png");
	char *all = path_of(charts, "all.gp");
	char *gp = path_of(charts, "time-reduce-int.gp");
	char *diags, *en;
	FILE *fp;

	(void)state;
	assert_int_equal(mkdir(charts, 0755), 0);
	fp = fopen(stale, "w");
	assert_non_null(fp);
	fputs("an image of another run", fp);
	fclose(fp);
	synthetic_results(&r);
	report_test_options(&o, dir);
	o.gnuplot = "/nonexistent/gnuplot-for-culab-tests";
	assert_int_equal(render(&r, &o, &diags), 0);
	EXPECT_IN(diags, "culab: warning: cannot run "
		  "\"/nonexistent/gnuplot-for-culab-tests\" (No such file or "
		  "directory): ");
	EXPECT_IN(diags, " charts not drawn (");
	EXPECT_IN(diags, "time-reduce-int, ");
	EXPECT_IN(diags, "); their data and scripts are in \"");
	EXPECT_IN(diags, "/charts\": install gnuplot and run `gnuplot all.gp` "
		  "there to draw them\n");
	/* one line, that warning, and nothing else */
	assert_ptr_equal(strchr(diags, '\n'), diags + strlen(diags) - 1);
	free(diags);
	assert_int_equal(access(all, R_OK), 0);
	assert_int_equal(access(gp, R_OK), 0);
	assert_int_equal(access(stale, F_OK), -1);
	en = read_report(dir, "en");   /* the Markdown is written */
	EXPECT_IN(en, "**Charts not drawn yet**: gnuplot could not be run");
	EXPECT_IN(en, "run `gnuplot all.gp` in that directory");
	EXPECT_IN(en, "](charts/time-reduce-int.png)");
	free(en);
	en = read_report(dir, "zh");
	EXPECT_IN(en, "**图表尚未绘制**");
	free(en);

	o.charts = false;
	o.langs = REPORT_ZH;
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "zh");
	EXPECT_IN(en, "未绘制图表（已关闭图表）。");
	free(en);
	results_release(&r);
	free(charts);
	free(stale);
	free(all);
	free(gp);
	scratch_done(dir);
}

/* A gnuplot that starts and fails is a failure: the Markdown is still
 * written and says so. */
static void test_gnuplot_fails(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *diags, *en;

	(void)state;
	synthetic_results(&r);
	report_test_options(&o, dir);
	o.gnuplot = "false";
	assert_int_equal(render(&r, &o, &diags), -1);
	EXPECT_IN(diags, "culab: error: gnuplot failed (exit status 1)");
	free(diags);
	en = read_report(dir, "en");
	EXPECT_IN(en, "**Charts could not be drawn**");
	EXPECT_NOT_IN(en, "](charts/");
	free(en);
	results_release(&r);
	scratch_done(dir);
}

static void test_symlinks_not_followed(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *victim = path_of(dir, "victim");
	char *md = path_of(dir, "report.en.md"), *charts = path_of(dir, "charts");
	char *png = path_of(charts, "time-reduce-int.png"), *text;
	FILE *fp = fopen(victim, "w");

	(void)state;
	fputs("keep me", fp);
	fclose(fp);
	assert_int_equal(mkdir(charts, 0755), 0);
	assert_int_equal(symlink(victim, md), 0);
	assert_int_equal(symlink(victim, png), 0);
	synthetic_results(&r);
	report_test_options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	text = slurp(victim, NULL);
	assert_string_equal(text, "keep me");
	free(text);
	free(read_report(dir, "en"));   /* asserts a regular 0644 file */
	assert_null(png_problem(png));
	results_release(&r);
	free(victim);
	free(md);
	free(png);
	free(charts);
	scratch_done(dir);
}

static void test_template_override(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *tmpl = path_of(dir, "mine.md"), *diags, *text;
	FILE *fp = fopen(tmpl, "w");

	(void)state;
	fputs("{{! only the table and the GPU }}\nGPU: {{gpu}}\n\n{{ladders}}\n"
	      "{{#if failures}}\nsome failed\n{{/if}}\n", fp);
	fclose(fp);
	synthetic_results(&r);
	report_test_options(&o, dir);
	o.template_path = tmpl;
	o.langs = REPORT_ZH;
	o.charts = false;
	assert_int_equal(render(&r, &o, NULL), 0);
	text = read_page(dir, "report", "zh");
	{
		static const char want[] = "GPU: Synthetic GPU (test data, not "
					   "a measurement)\n\n### reduce / "
					   "int，n = 2^26\n";

		assert_memory_equal(text, want, sizeof(want) - 1);
	}
	EXPECT_IN(text, "| 级 | 做法 |");
	EXPECT_IN(text, "\nsome failed\n");
	EXPECT_NOT_IN(text, "\n## ");
	free(text);

	/* a broken template: an error naming the place, nothing written */
	{
		char *zh = path_of(dir, "report.zh.md");

		assert_int_equal(unlink(zh), 0);
		free(zh);
	}
	fp = fopen(tmpl, "w");
	fputs("# {{title}}\n\n{{enviroment}}\n", fp);
	fclose(fp);
	assert_int_equal(render(&r, &o, &diags), -1);
	EXPECT_IN(diags, "mine.md:3:1: error: unknown placeholder "
			 "\"enviroment\"; did you mean \"environment\"?");
	free(diags);
	{
		char *zh = path_of(dir, "report.zh.md");

		assert_false(file_exists(zh));
		free(zh);
	}
	results_release(&r);
	free(tmpl);
	scratch_done(dir);
}

/* Every placeholder is documented in the header comment of one of a
 * language's two templates (the body, report.<lang>.md, and its details
 * page, details.<lang>.md) and used by one of them, but for those kept
 * for templates written before the details page. */
static void test_shipped_templates(void **state)
{
	static const char *const older[] = { "ladders", "appendix" };
	static const char *const stems[] = { "report", "details", "class",
					     "family" };
	enum { NP = ARRAY_SIZE(stems) };
	size_t n;
	const struct report_placeholder *ph = report_placeholders(&n);
	const char **names = xcalloc(n, sizeof(*names));

	(void)state;
	for (size_t i = 0; i < n; i++)
		names[i] = ph[i].name;
	for (int l = 0; l < 2; l++) {
		char *path[NP], *text[NP];
		struct template *t[NP];

		for (int pg = 0; pg < NP; pg++) {
			path[pg] = xasprintf("%s/templates/%s.%s.md", srcdir(),
					     stems[pg], l ? "zh" : "en");
			text[pg] = slurp(path[pg], NULL);
			assert_non_null(text[pg]);
			assert_int_equal(template_load(path[pg], names, n,
						       &t[pg]), 0);
		}
		/* each placeholder is used, and documented, by a page */
		for (size_t i = 0; i < n; i++) {
			char doc[64];
			bool kept = false, used = false, told = false;

			for (size_t k = 0; k < ARRAY_SIZE(older); k++)
				kept |= strcmp(names[i], older[k]) == 0;
			snprintf(doc, sizeof(doc), "  {{%s}} ", names[i]);
			for (int pg = 0; pg < NP; pg++) {
				used |= template_uses(t[pg], i);
				told |= strstr(text[pg], doc) != NULL;
			}
			if (!kept && !used)
				fail_msg("%s:%d: no page's template (%s, ...) "
					 "uses {{%s}}", __FILE__, __LINE__,
					 path[0], names[i]);
			if (!told)
				fail_msg("%s:%d: no page's template (%s, ...) "
					 "documents {{%s}}", __FILE__, __LINE__,
					 path[0], names[i]);
		}
		for (int pg = 0; pg < NP; pg++) {
			template_free(t[pg]);
			free(text[pg]);
			free(path[pg]);
		}
	}
	free(names);
}

static void test_options(void **state)
{
	struct report_options o;
	unsigned langs = 0;
	struct results r;
	char *diags, *dir, *templates;

	(void)state;
	report_options_init(&o);
	assert_string_equal(o.dir, ".");
	assert_int_equal(o.langs, REPORT_EN | REPORT_ZH);
	assert_true(o.charts);
	assert_int_equal(report_lang_parse("en", &langs), 0);
	assert_int_equal(langs, REPORT_EN);
	assert_int_equal(report_lang_parse("zh", &langs), 0);
	assert_int_equal(langs, REPORT_ZH);
	assert_int_equal(report_lang_parse("both", &langs), 0);
	assert_int_equal(langs, REPORT_EN | REPORT_ZH);
	assert_int_equal(report_lang_parse("fr", &langs), -1);
	assert_int_equal(report_lang_parse(NULL, &langs), -1);

	/* templates: the directory given, then $CULAB_TEMPLATES */
	memset(&r, 0, sizeof(r));
	dir = scratch_for("report");
	o.dir = dir;
	o.charts = false;
	o.template_dir = "/nonexistent-culab-templates";
	templates = xasprintf("%s/templates", srcdir());
	setenv("CULAB_TEMPLATES", templates, 1);
	assert_int_equal(render(&r, &o, NULL), 0);
	unsetenv("CULAB_TEMPLATES");
	free(templates);
	/* a template file that is not there */
	o.template_path = "/nonexistent-culab-templates/mine.md";
	assert_int_equal(render(&r, &o, &diags), -1);
	EXPECT_IN(diags, "error: cannot open "
			 "\"/nonexistent-culab-templates/mine.md\"");
	free(diags);
	/* an unknown language bit */
	o.template_path = NULL;
	o.langs = 4;
	assert_int_equal(render(&r, &o, &diags), -1);
	EXPECT_IN(diags, "error: unknown report language");
	free(diags);
	scratch_done(dir);
}

static void test_empty_results(void **state)
{
	struct results r;
	struct report_options o;
	char *dir = scratch_for("report"), *en;

	(void)state;
	memset(&r, 0, sizeof(r));
	report_test_options(&o, dir);
	assert_int_equal(render(&r, &o, NULL), 0);
	en = read_report(dir, "en");
	EXPECT_IN(en, "The environment was not recorded.");
	EXPECT_IN(en, "No ladder has two verified rungs");
	/* no family, so no family's page with its charts */
	EXPECT_IN(en, "The command line was not recorded.");
	EXPECT_NOT_IN(en, "## Failures");
	EXPECT_NOT_IN(en, "## Historical");
	free(en);
	scratch_done(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_charts_valid),
		cmocka_unit_test(test_hostile_text),
		cmocka_unit_test(test_no_gnuplot),
		cmocka_unit_test(test_gnuplot_fails),
		cmocka_unit_test(test_symlinks_not_followed),
		cmocka_unit_test(test_template_override),
		cmocka_unit_test(test_shipped_templates),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_empty_results),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
