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

/* How many times needle occurs in s. */
static int count_of(const char *s, const char *needle)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

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
	char *dir = scratch_for("html"), *charts = xasprintf("%s/charts", dir);
	const char *md = "![time, \"reduce\" & float](charts/time-reduce.png)\n\n"
			 "![bad](charts/bad.png)\n\n"
			 "![missing](charts/missing.png)\n\n"
			 "![elsewhere](other/time-reduce.png)\n\n"
			 "![climb](charts/../time-reduce.png)\n\n"
			 "![zh](charts/ladder-x.zh.png)\n\n"
			 "![dots](charts/ladder-x..zh.png)\n";
	char *page;

	(void)state;
	assert_int_equal(mkdir(charts, 0755), 0);
	put(charts, "time-reduce.svg", svg);
	put(charts, "bad.svg", "<svg onload=\"alert(1)\"></svg>");
	put(charts, "ladder-x.zh.svg", svg);
	put(charts, "ladder-x..zh.svg", svg);
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
	/* a language's own chart ("NAME.zh", a '.' between letters) too,
	 * never a name with ".." */
	HAS(page, "aria-label=\"zh\"><svg");
	HAS(page, "<img src=\"charts/ladder-x..zh.png\"");
	free(page);
	free(charts);
	scratch_done(dir);
}

/* A number keeps its unit, and both sides of an arrow or a sign between
 * numbers stay together (U+00A0 NO-BREAK SPACE); words, names and code
 * keep their plain spaces. */
static void test_units_glued(void **state)
{
	const char *md = "| Counter | Time (ms) |\n|---|---|\n"
			 "| warp\\_instructions 2.16 G → 946 M | "
			 "0.0382 → 0.0269 |\n\n"
			 "From 12.5 % to 88.6 % at n = 2^28 and 8192 × 8192, "
			 "bank\\_conflicts 4.83 → 0.0299 (1.67 → 6.36 wavefronts "
			 "per load), 1.48 ns, 3352.3 GB/s; rung 5 sequential, "
			 "5 streams, 3 sm; `a 1 M → 2`; rung 11 (rung 3), "
			 "17.1–76.2 %, a–b\n\n最快的是第 13 级，第 2 级\n";
	char *page;

	(void)state;
	page = report_html(md, "en", ".");
	assert_non_null(page);
	HAS(page, "warp_instructions 2.16\u00a0G\u00a0\u2192\u00a0946\u00a0M");
	HAS(page, "<td>0.0382\u00a0\u2192\u00a00.0269</td>");
	HAS(page, "From 12.5\u00a0% to 88.6\u00a0% at n\u00a0=\u00a02^28 and "
		  "8192\u00a0\u00d7\u00a08192,");
	/* across cmark-gfm's pieces of a text (an escaped '_') */
	HAS(page, "bank_conflicts 4.83\u00a0\u2192\u00a00.0299 "
		  "(1.67\u00a0\u2192\u00a06.36 wavefronts per load)");
	HAS(page, "1.48\u00a0ns, 3352.3\u00a0GB/s; rung\u00a05 sequential, "
		  "5 streams, 3 sm;");
	HAS(page, "<code>a 1 M → 2</code>");
	HAS(page, "rung\u00a011 (rung\u00a03), 17.1\u2013\u206076.2\u00a0%, a\u2013b");
	HAS(page, "最快的是第\u00a013\u00a0级，第\u00a02\u00a0级");
	free(page);
}

/* A step's key lines before and after it: two columns under their
 * headings, a line each, the lines that differ marked and those both
 * share (by their code, whatever their numbers) not; a block of another
 * shape stays a code block. */
static void test_pair(void **state)
{
	const char *md = "```" KEY_PAIR_INFO "\n"
			 KEY_PAIR_HEAD " rung 4 · a · k.cu:10–12\n"
			 "10  for (h = 1; h < B; h *= 2) {\n"
			 "11          if (t % (2 * h) == 0)\n"
			 "12  }\n"
			 KEY_PAIR_HEAD " rung 5 · b · k.cu:20–22\n"
			 "20  for (h = 1; h < B; h *= 2) {\n"
			 "21          if (2 * h * t < B)\n"
			 "22  }\n```\n\n"
			 "```" KEY_PAIR_INFO "\n" KEY_PAIR_HEAD " one part\n"
			 "1  x\n```\n";
	char *page;

	(void)state;
	page = report_html(md, "en", ".");
	assert_non_null(page);
	HAS(page, "<div class=\"pair\"><div><p class=\"pair-head\">rung 4 "
		  "· a · k.cu:10–12</p>");
	HAS(page, "<span class=\"ln\">10  for (h = 1; h &lt; B; h *= 2) "
		  "{</span>");
	HAS(page, "<span class=\"ln chg\">11          if (t % (2 * h) == "
		  "0)</span>");
	HAS(page, "<span class=\"ln chg\">21          if (2 * h * t &lt; "
		  "B)</span>");
	HAS(page, "<span class=\"ln\">22  }</span>");
	/* one part only: a code block as written */
	HAS(page, "<pre><code class=\"language-cuda\">");
	assert_int_equal(count_of(page, "class=\"pair\""), 1);
	free(page);
}

/* The print rules: table text at least 8 pt; a chart kept with its
 * caption and links (one figure that does not break). */
static void test_print_rules(void **state)
{
	char *page = report_html("x\n", "en", "."), *print, *t;

	(void)state;
	assert_non_null(page);
	print = strstr(page, "@media print{");
	assert_non_null(print);
	t = strstr(print, "table{font-size:");
	assert_non_null(t);
	assert_true(strtod(t + strlen("table{font-size:"), NULL) >= 8);
	assert_int_equal(strncmp(t + strlen("table{font-size:") +
				 strspn(t + strlen("table{font-size:"),
					"0123456789."), "pt", 2), 0);
	HAS(print, ".figure{break-inside:avoid}");
	free(page);
}

static void test_chart_figure(void **state)
{
	char *dir = scratch_for("html"), *charts = xasprintf("%s/charts", dir);
	const char *md = "Before.\n\n"
			 "The ladder at n = 2^28, drawn as the first.\n\n"
			 "![ladder](charts/ladder.png)\n\n"
			 "SVG: [ladder.svg](charts/ladder.svg) · data: "
			 "[ladder.dat](charts/ladder.dat)\n\n"
			 "After.\n\n"
			 "## Alone\n\n![ladder](charts/ladder.png)\n\n"
			 "Text ![ladder](charts/ladder.png) inside.\n";
	char *page;
	const char *fig;

	(void)state;
	assert_int_equal(mkdir(charts, 0755), 0);
	put(charts, "ladder.svg", svg);
	page = report_html(md, "en", dir);
	assert_non_null(page);
	HAS(page, "<p>Before.</p>\n<div class=\"figure\">\n"
		  "<p>The ladder at n\u00a0=\u00a02^28, drawn as the first.</p>\n"
		  "<p><span class=\"chart\"");
	fig = strstr(page, "</svg></span></p>\n<p>SVG: <a href=\"charts/"
			   "ladder.svg\">ladder.svg</a> · data: <a href=\""
			   "charts/ladder.dat\">ladder.dat</a></p>\n</div>\n"
			   "<p>After.</p>");
	if (!fig)
		fail_msg("no figure of caption, chart and links:\n%s", page);
	/* a chart after a heading: a figure of its own; a chart in a
	 * sentence: none */
	HAS(page, "</h2>\n<div class=\"figure\">\n<p><span class=\"chart\"");
	HAS(page, "<p>Text <span class=\"chart\"");
	free(page);
	free(charts);
	scratch_done(dir);
}

/* Old: "Why each step went as it did:" ended a printed page alone.  New:
 * a paragraph of text that ends in a colon and the paragraph it
 * introduces are one block that print does not split; a paragraph with
 * a link or emphasis, or one before a listing, is not wrapped. */
static void test_lead_in_kept(void **state)
{
	const char *md = "Why each step went as it did:\n\n"
			 "**rung 2** (one block), 163× slower.\n\n"
			 "每一步为何如此：\n\n第 2 级。\n\n"
			 "The key lines of [rung 3](x.md):\n\n"
			 "```cuda\nx\n```\n\n"
			 "Ends without one.\n\nNext.\n";
	char *page = report_html(md, "en", "."), *print;

	(void)state;
	assert_non_null(page);
	HAS(page, "<div class=\"keep\">\n<p>Why each step went as it did:</p>\n"
		  "<p><strong>rung\u00a02</strong>");
	HAS(page, "<div class=\"keep\">\n<p>每一步为何如此：</p>\n<p>第");
	assert_int_equal(count_of(page, "<div class=\"keep\">"), 2);
	print = strstr(page, "@media print{");
	assert_non_null(print);
	HAS(print, ".keep{break-inside:avoid}");
	free(page);
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
		cmocka_unit_test(test_units_glued),
		cmocka_unit_test(test_print_rules),
		cmocka_unit_test(test_chart_figure),
		cmocka_unit_test(test_pair),
		cmocka_unit_test(test_lead_in_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
