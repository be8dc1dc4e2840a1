/* test_report_pages.c - what report_render says it wrote is what it wrote
 * (issue 30, class 6):
 *  - a page too large for HTML: no .html (an earlier one removed), its
 *    Markdown written even when only HTML was asked for, and *wrote (the
 *    line `culab run`/`report` prints) names the Markdown, not the page;
 *  - a page of an earlier render that this one does not write (the other
 *    format of a page rendered now, the class page of results that are
 *    no class) is removed; a directory of that name is left alone.
 *
 * Environment: CULAB_SRCDIR (default ".") is the source tree. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "report/report.h"
#include "results/results.h"

#include "tmpdir.h"

static char tmpdir[] = "/tmp/culab-pages-XXXXXX";

static const char *srcdir(void)
{
	const char *s = getenv("CULAB_SRCDIR");

	return s && *s ? s : ".";
}

static bool exists(const char *dir, const char *file)
{
	char *p = xasprintf("%s/%s", dir, file);
	bool yes = access(p, F_OK) == 0;

	free(p);
	return yes;
}

static void put(const char *dir, const char *file, const char *text)
{
	char *p = xasprintf("%s/%s", dir, file);

	assert_int_equal(write_file_atomic(p, text, strlen(text)), 0);
	free(p);
}

/* A body template whose page is past the HTML limit: the results'
 * tables, over and over. */
static char *big_template(void)
{
	char *path = xasprintf("%s/big.en.md", tmpdir);
	struct sbuf b = SBUF_INIT;

	sbuf_add(&b, "# big\n\n");
	for (int i = 0; i < 20; i++)
		sbuf_add(&b, "{{all_ladders}}\n\n");
	assert_int_equal(write_file_atomic(path, b.buf, b.len), 0);
	sbuf_release(&b);
	return path;
}

static void render(const struct results *r, const char *dir,
		   const char *template, unsigned formats, unsigned *wrote)
{
	struct report_options o;
	char *tdir = xasprintf("%s/templates", srcdir());

	report_options_init(&o);
	o.template_dir = tdir;
	o.dir = dir;
	o.charts = false;
	o.langs = REPORT_EN;
	o.formats = formats;
	o.template_path = template;
	o.wrote = wrote;
	*wrote = 0;
	assert_int_equal(report_prepare(&o), 0);
	assert_int_equal(report_render(r, &o), 0);
	free(tdir);
}

static void test_too_large(void **state)
{
	char *fixture = xasprintf("%s/tests/fixtures/quick/results.json",
				  srcdir());
	char *dir = xasprintf("%s/big", tmpdir);
	char *tmpl = big_template();
	struct results r;
	unsigned wrote;

	(void)state;
	assert_int_equal(results_read(fixture, &r), 0);
	mkdir(dir, 0755);
	/* an earlier run's page, now too large */
	put(dir, "report.en.html", "<p>an earlier run</p>\n");
	render(&r, dir, tmpl, REPORT_MD | REPORT_HTML, &wrote);
	assert_false(exists(dir, "report.en.html"));
	assert_true(exists(dir, "report.en.md"));
	assert_true(exists(dir, "details.en.html"));
	assert_int_equal(wrote, REPORT_WROTE(0, 0, 0) | REPORT_WROTE(1, 0, 0) |
			 REPORT_WROTE(1, 0, 1));
	/* only HTML asked for: the Markdown the note names is written */
	{
		char *p = xasprintf("%s/report.en.md", dir);

		unlink(p);
		free(p);
	}
	render(&r, dir, tmpl, REPORT_HTML, &wrote);
	assert_true(exists(dir, "report.en.md"));
	assert_false(exists(dir, "report.en.html"));
	assert_int_equal(wrote, REPORT_WROTE(0, 0, 0) | REPORT_WROTE(1, 0, 1));
	/* and the details' Markdown of the first render, not written now
	 * beside the page that is, is gone */
	assert_false(exists(dir, "details.en.md"));
	results_release(&r);
	free(fixture);
	free(dir);
	free(tmpl);
}

static void test_stale(void **state)
{
	char *fixture = xasprintf("%s/tests/fixtures/quick/results.json",
				  srcdir());
	char *dir = xasprintf("%s/stale", tmpdir);
	struct results r;
	unsigned wrote;

	(void)state;
	assert_int_equal(results_read(fixture, &r), 0);
	mkdir(dir, 0755);
	put(dir, "report.en.html", "<p>an earlier run</p>\n");
	put(dir, "class.en.md", "an earlier class\n");
	put(dir, "report.zh.html", "<p>another language</p>\n");
	{
		char *d = xasprintf("%s/details.en.html", dir);

		mkdir(d, 0755);
		free(d);
	}
	render(&r, dir, NULL, REPORT_MD, &wrote);
	assert_int_equal(wrote, REPORT_WROTE(0, 0, 0) | REPORT_WROTE(1, 0, 0));
	assert_true(exists(dir, "report.en.md"));
	/* the other format of a page written now, a class page: gone */
	assert_false(exists(dir, "report.en.html"));
	assert_false(exists(dir, "class.en.md"));
	/* a language not rendered now, and what is no page, stay */
	assert_true(exists(dir, "report.zh.html"));
	assert_true(exists(dir, "details.en.html"));
	results_release(&r);
	free(fixture);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_stale),
	};
	int rc;

	if (!mkdtemp(tmpdir))
		return 1;
	rc = cmocka_run_group_tests_name("report pages", tests, NULL, NULL);
	if (remove_tree(tmpdir) != 0)
		rc = 1;
	return rc;
}
