/* test_report_html.c - the HTML page of a report (report_html.h): the
 * Markdown through cmark-gfm with tables, the page's head, charts put
 * inline from their SVG, heading anchors, and nothing a results file
 * could smuggle in: raw HTML, script URLs, a chart SVG with script. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "report_check.h"
#include "report/report_html.h"
#include "base/util.h"

#define HAS(page, s)                                                           \
	do {                                                                   \
		if (!strstr((page), (s)))                                      \
			fail_msg("%s:%d: the page lacks \"%s\":\n%s",           \
				 __FILE__, __LINE__, (s), (page));             \
	} while (0)
#define LACKS(page, s)                                                         \
	do {                                                                   \
		if (strstr((page), (s)))                                       \
			fail_msg("%s:%d: the page holds \"%s\":\n%s",           \
				 __FILE__, __LINE__, (s), (page));             \
	} while (0)

static char *scratch(void)
{
	char *dir = strdup("/tmp/culab-test-html-XXXXXX");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void put(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);

	assert_int_equal(write_file_atomic(path, text, strlen(text)), 0);
	free(path);
}

static void test_page_and_tables(void **state)
{
	const char *md = "# culab lab report: reduce\n\nSome *text*.\n\n"
			 "| Rung | Time (ms) |\n|---:|---:|\n| 1 | 0.11 |\n\n"
			 "## Environment\n\n## Environment\n\n"
			 "### transpose / float, 1024 × 1024\n\n"
			 "### 归约（reduce）：第 3 级 — `x`\n";
	char *page;

	(void)state;
	page = report_html(md, "zh", ".");
	assert_non_null(page);
	HAS(page, "<!DOCTYPE html>\n<html lang=\"zh\">");
	HAS(page, "<meta charset=\"utf-8\">");
	HAS(page, "<title>culab lab report: reduce</title>");
	HAS(page, "@media print");
	HAS(page, "<table>");
	HAS(page, "<th align=\"right\">Time (ms)</th>");
	HAS(page, "<td align=\"right\">0.11</td>");
	HAS(page, "<em>text</em>");
	/* GitHub's anchors, the second of a name numbered */
	HAS(page, "<a id=\"culab-lab-report-reduce\"></a>");
	HAS(page, "<a id=\"environment\"></a>");
	HAS(page, "<a id=\"environment-1\"></a>");
	HAS(page, "<a id=\"transpose--float-1024--1024\"></a>");
	HAS(page, "<a id=\"归约reduce第-3-级--x\"></a>");
	HAS(page, "</main>\n</body>\n</html>\n");
	free(page);
}

static void test_no_raw_html(void **state)
{
	/* what a crafted results file might get past the Markdown escaping */
	const char *md = "# <script>alert(1)</script>\n\n"
			 "<script>alert(2)</script>\n\n"
			 "<img src=x onerror=alert(3)>\n\n"
			 "text <b onclick=alert(4)>bold</b>\n\n"
			 "[link](javascript:alert(5)) "
			 "![img](javascript:alert(6)) "
			 "[data](data:text/html;base64,PHNjcmlwdD4=)\n\n"
			 "| a |\n|---|\n| <iframe src=x></iframe> |\n";
	char *page;

	(void)state;
	page = report_html(md, "en", ".");
	assert_non_null(page);
	LACKS(page, "<script");
	LACKS(page, "onerror");
	LACKS(page, "onclick");
	LACKS(page, "<iframe");
	LACKS(page, "javascript:");
	LACKS(page, "data:text/html");
	HAS(page, "raw HTML omitted");
	HAS(page, "<title>alert(1)</title>");
	free(page);
}

static const char svg[] =
	"<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
	"<svg width=\"960\" height=\"540\" viewBox=\"0 0 960 540\" "
	"xmlns=\"http://www.w3.org/2000/svg\">\n<title>Gnuplot</title>\n"
	"<rect x=\"0\" y=\"0\" width=\"960\" height=\"540\"/>\n</svg>\n\n";

static void test_charts_inline(void **state)
{
	char *dir = scratch(), *charts = xasprintf("%s/charts", dir);
	const char *md = "![time, \"reduce\" & float](charts/time-reduce.png)\n\n"
			 "![bad](charts/bad.png)\n\n"
			 "![missing](charts/missing.png)\n\n"
			 "![elsewhere](other/time-reduce.png)\n\n"
			 "![climb](charts/../time-reduce.png)\n";
	char *page;

	(void)state;
	assert_int_equal(mkdir(charts, 0755), 0);
	put(charts, "time-reduce.svg", svg);
	put(charts, "bad.svg", "<svg onload=\"alert(1)\"></svg>");
	page = report_html(md, "en", dir);
	assert_non_null(page);
	/* the SVG inline, without its XML prolog, named for screen readers */
	HAS(page, "<span class=\"chart\" role=\"img\" aria-label=\"time, "
		  "&quot;reduce&quot; &amp; float\"><svg width=\"960\"");
	HAS(page, "</svg></span>");
	LACKS(page, "<?xml");
	/* scriptable, missing, or not a chart: the image stays */
	LACKS(page, "onload");
	HAS(page, "<img src=\"charts/bad.png\" alt=\"bad\"");
	HAS(page, "<img src=\"charts/missing.png\"");
	HAS(page, "<img src=\"other/time-reduce.png\"");
	HAS(page, "<img src=\"charts/../time-reduce.png\"");
	free(page);
	scratch_remove(dir);
	free(charts);
	free(dir);
}

static void test_html_name(void **state)
{
	char *a = report_html_name("out/report.en.md");
	char *b = report_html_name("report");

	(void)state;
	assert_string_equal(a, "out/report.en.html");
	assert_string_equal(b, "report.html");
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_page_and_tables),
		cmocka_unit_test(test_no_raw_html),
		cmocka_unit_test(test_charts_inline),
		cmocka_unit_test(test_html_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
