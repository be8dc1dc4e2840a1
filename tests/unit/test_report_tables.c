/* test_report_tables.c - what makes the report's tables readable and its
 * speedups trustworthy:
 *  - no Markdown table of a rendered report has more than
 *    REPORT_MAX_COLS columns, in either language, for the recorded
 *    fixture and the recorded H100 and H200 examples (real GPU runs),
 *    and the links of their contents lines name headings (GitHub's
 *    anchors);
 *  - every step and cumulative speedup of those runs has a 95 % interval
 *    with lo <= value <= hi (where both rows have enough runs: the
 *    fixture's 5 have none), its verdict agrees with the interval, the
 *    intervals repeat exactly (fixed seed), and the tables show them;
 *  - numbers are written for reading: thousands separators, SI prefixes,
 *    speedups with three significant digits and never "0.00×";
 *  - every message of the catalogue has both languages.
 *
 * Environment: CULAB_SRCDIR (default ".") is the source tree, for
 * templates/, tests/ and reports/; CULAB_TEST_KEEP=1 keeps the rendered
 * reports and prints where. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <math.h>

#include "compare/compare.h"
#include "base/diag.h"
#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "base/util.h"
#include "report_check.h"

/* The widest table a report may hold: wider ones scroll sideways on
 * GitHub and do not fit a printed page. */
#define REPORT_MAX_COLS 10

/* Recorded results (real GPU runs), relative to the source tree. */
static const char *const recorded[] = {
	"tests/fixtures/quick/results.json",
	"reports/examples/h100/results.json",
	"reports/examples/h200/results.json",
};

/* Fails, naming the report and its line, when a table row of md has more
 * than REPORT_MAX_COLS cells; returns how many table rows it read. */
static int check_widths(char *md, const char *what)
{
	int line = 0, rows = 0;
	char *p = md;

	strip_fences(md);
	while (*p) {
		char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		line++;
		if (len && *p == '|') {
			int cells = table_cells(p, len);

			rows++;
			if (cells > REPORT_MAX_COLS)
				fail_msg("%s:%d: %s line %d: a table of %d "
					 "columns (at most %d): %.80s", __FILE__,
					 __LINE__, what, line, cells,
					 REPORT_MAX_COLS, p);
		}
		p += len + (end != NULL);
	}
	return rows;
}

/* The anchor GitHub gives heading text h: lower case, punctuation
 * dropped (ASCII, and the CJK marks the reports use), spaces as hyphens;
 * into a heap string. */
static char *github_anchor(const char *h, size_t len)
{
	static const char *const cjk_punct[] = { "：", "（", "）", "，", "、",
						 "。", "·", "×" };
	struct sbuf b = SBUF_INIT;

	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)h[i];
		bool dropped = false;

		if (c >= 0x80) {
			for (size_t k = 0; k < ARRAY_SIZE(cjk_punct); k++) {
				size_t n = strlen(cjk_punct[k]);

				if (i + n <= len &&
				    memcmp(h + i, cjk_punct[k], n) == 0) {
					i += n;
					dropped = true;
					break;
				}
			}
			if (!dropped)
				sbuf_addc(&b, h[i++]);
			continue;
		}
		if (c == ' ')
			sbuf_addc(&b, '-');
		else if (isalnum(c) || c == '-' || c == '_')
			sbuf_addc(&b, (char)tolower(c));
		i++;
	}
	return sbuf_detach(&b);
}

/* Fails when a link to "#anchor" in md names no heading of md, or md
 * has fewer than at_least such links. */
static void check_links(const char *md, const char *what, size_t at_least)
{
	const char **anchors = NULL;
	size_t n = 0, links = 0;

	for (const char *p = md; *p;) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (*p == '#') {
			size_t hashes = strspn(p, "#");

			anchors = xrealloc(anchors, (n + 1) * sizeof(*anchors));
			anchors[n++] = github_anchor(p + hashes + 1,
						     len - hashes - 1);
		}
		p += len + (end != NULL);
	}
	for (const char *p = md; (p = strstr(p, "](#")) != NULL;) {
		const char *start = p + 3, *close = strchr(start, ')');
		bool found = false;

		assert_non_null(close);
		for (size_t i = 0; i < n && !found; i++)
			found = strlen(anchors[i]) == (size_t)(close - start) &&
				memcmp(anchors[i], start, (size_t)(close - start))
				== 0;
		if (!found)
			fail_msg("%s:%d: %s: the link to #%.*s names no heading",
				 __FILE__, __LINE__, what,
				 (int)(close - start), start);
		links++;
		p = close;
	}
	/* the contents line: at least the sections every report has */
	if (links < at_least)
		fail_msg("%s:%d: %s: %zu links to its headings, expected at "
			 "least %zu", __FILE__, __LINE__, what, links,
			 at_least);
	for (size_t i = 0; i < n; i++)
		free((char *)anchors[i]);
	free(anchors);
}

/* Reports rendered from recorded runs: no table wider than
 * REPORT_MAX_COLS, and the contents line's links name headings. */
static void test_recorded_reports(void **state)
{
	(void)state;
	for (size_t f = 0; f < ARRAY_SIZE(recorded); f++) {
		struct results r;
		struct report_options o;
		char *dir;

		if (!read_recorded(recorded[f], &r))
			continue;
		dir = scratch_for("tables");
		report_test_options(&o, dir);
		o.charts = false;
		assert_int_equal(report_render(&r, &o), 0);
		for (int l = 0; l < 4; l++) {
			const char *page = l / 2 ? "details" : "report";
			char *path = xasprintf("%s/%s.%s.md", dir, page,
					       l % 2 ? "zh" : "en");
			char *what = xasprintf("%s (%s)", recorded[f], path);
			char *md = slurp(path, NULL);

			if (md && l / 2)
				md = with_family_pages(md, dir,
						       l % 2 ? "zh" : "en");

			assert_non_null(md);
			/* the body: abstract, setup, results, reproduction
			 * at least; the details: their eight sections */
			check_links(md, what, l / 2 ? 8 : 4);
			/* a report of a whole run has many table rows */
			assert_true(check_widths(md, what) > (l / 2 ? 50 : 10));
			free(md);
			free(what);
			free(path);
		}
		results_release(&r);
		scratch_done(dir);
	}
}

/* With enough runs on both sides (those of `it` and of `base`): lo <= x
 * <= hi, and the verdict is the interval's (faster only when the whole
 * interval lies above the threshold); with fewer, no interval and the
 * verdict of the ratio alone; either way, faster or slower only when the
 * change also lies beyond the pair's run-to-run floor (issue 45). */
static void check_interval(const char *what, const struct item *it,
			   const struct item *base, double x, double lo,
			   double hi, enum stats_verdict v)
{
	double t = SPEEDUP_SAME_PCT / 100;
	struct compare_floor_pick f;
	bool beyond;

	step_floor_of(base, it, &f);
	beyond = !(f.floor > 0 && fabs(1 / x - 1) <= f.floor);

	if (it != base && (it->row->t.nsamples < COMPARE_MIN_SAMPLES ||
			   base->row->t.nsamples < COMPARE_MIN_SAMPLES)) {
		assert_true(isnan(lo) && isnan(hi));
		lo = hi = x;
	}
	if (!(isfinite(lo) && isfinite(hi) && lo <= x && x <= hi))
		fail_msg("%s:%d: %s of %s (%s, n = %llu): %g not in [%g, %g]",
			 __FILE__, __LINE__, what, S(it->row->variant),
			 S(it->row->dtype), (unsigned long long)it->row->n, x,
			 lo, hi);
	if ((v == SV_FASTER) != (1 / lo < 1 - t && beyond) ||
	    (v == SV_SLOWER) != (1 / hi > 1 + t && beyond))
		fail_msg("%s:%d: %s of %s: verdict %s for [%g, %g]", __FILE__,
			 __LINE__, what, S(it->row->variant),
			 stats_verdict_name(v), lo, hi);
}

/* The first rung of the ladder that holds `it`. */
static const struct item *first_of(const struct model *m,
				   const struct item *it)
{
	for (size_t k = 0; k < m->nladders; k++)
		for (size_t i = 0; i < m->ladders[k].nitems; i++)
			if (m->ladders[k].items[i] == it)
				return m->ladders[k].first;
	return NULL;
}

static void test_intervals(void **state)
{
	(void)state;
	for (size_t f = 0; f < ARRAY_SIZE(recorded); f++) {
		struct results r;
		struct model m, again;
		size_t steps = 0, cums = 0;

		if (!read_recorded(recorded[f], &r))
			continue;
		model_build(&r, &m);
		model_build(&r, &again);
		for (size_t i = 0; i < m.nitems; i++) {
			const struct item *it = &m.items[i];
			const struct item *twin = &again.items[i];

			if (!it->ok)
				continue;
			if (it->prev) {
				check_interval("step speedup", it, it->prev,
					       it->step_x, it->step_lo,
					       it->step_hi, it->step_verdict);
				steps++;
			}
			if (isfinite(it->cum_x)) {
				check_interval("cumulative speedup", it,
					       first_of(&m, it), it->cum_x,
					       it->cum_lo, it->cum_hi,
					       it->cum_verdict);
				cums++;
			}
			/* the bootstrap is seeded: the same file, the same
			 * intervals */
			assert_true(it->step_lo == twin->step_lo ||
				    (isnan(it->step_lo) && isnan(twin->step_lo)));
			assert_true(it->cum_hi == twin->cum_hi ||
				    (isnan(it->cum_hi) && isnan(twin->cum_hi)));
		}
		/* every rung after the first has a step, every row a total */
		assert_true(steps > 10);
		assert_true(cums > steps);
		model_release(&again);
		model_release(&m);
		results_release(&r);
	}
}

/* The tables show the intervals: a step cell of the H100 example. */
static void test_intervals_shown(void **state)
{
	struct results r;
	struct model m;
	struct sbuf b = SBUF_INIT;
	const char *line;

	(void)state;
	if (!read_recorded("reports/examples/h100/results.json", &r))
		skip();
	model_build(&r, &m);
	blk_ladders(&m, EN, &b);
	/* rung 7 of reduce/int at 2^24 sits 1.7x above rung 6: its step
	 * cell is the speedup in words, then its interval in parentheses */
	line = strstr(sbuf_str(&b), "| rung 7 | first add during the global "
		      "load |");
	assert_non_null(line);
	{
		char *end = strchr(line, '\n'), *row;

		assert_non_null(end);
		row = xstrndup(line, (size_t)(end - line));
		if (!strstr(row, "× faster (") || !strstr(row, "–"))
			fail_msg("%s:%d: no speedup interval in \"%s\"",
				 __FILE__, __LINE__, row);
		free(row);
	}
	sbuf_release(&b);
	model_release(&m);
	results_release(&r);
}

static void expect_fmt(const char *got, const char *want, int line)
{
	if (strcmp(got, want) != 0)
		fail_msg("%s:%d: got \"%s\", want \"%s\"", __FILE__, line, got,
			 want);
}

#define EXPECT_FMT(got, want) expect_fmt((got), (want), __LINE__)

static void test_numbers(void **state)
{
	struct sbuf b = SBUF_INIT;

	(void)state;
	/* plain up to 9999, separated from 10,000, SI from a million */
	EXPECT_FMT(FMT(2510.4, 4), "2510");
	EXPECT_FMT(FMT(0.1095, 4), "0.1095");
	EXPECT_FMT(FMT(12345.6, 4), "12,346");
	EXPECT_FMT(FMT(163840, 3), "163,840");
	EXPECT_FMT(FMT(-54117, 3), "-54,117");
	EXPECT_FMT(FMT(3.94e7, 3), "39.4 M");
	EXPECT_FMT(FMT(1.2e9, 3), "1.20 G");
	EXPECT_FMT(FMT(999999.6, 3), "1.00 M");
	EXPECT_FMT(FMT(6.1e-5, 3), "0.0000610");
	EXPECT_FMT(FMT(2.5e-8, 2), "2.5e-08");
	EXPECT_FMT(FMT(0, 3), "0");
	EXPECT_FMT(FMT(NAN, 3), "—");

	/* speedups: three significant digits, at least two decimals */
	EXPECT_FMT(TIMES(4), "4.00×");
	EXPECT_FMT(TIMES(1.0 / 255), "0.00392×");
	EXPECT_FMT(TIMES(0.956), "0.956×");
	EXPECT_FMT(TIMES(0.9996), "1.00×");
	EXPECT_FMT(TIMES(13.84), "13.8×");
	EXPECT_FMT(TIMES(138.33), "138×");
	EXPECT_FMT(TIMES(12345.6), "12,346×");
	EXPECT_FMT(TIMES(INFINITY), "—");
	/* never "0.00×", and within half a percent of the value */
	for (double v = 1e-6; v < 1e6; v *= 1.37) {
		const char *s = TIMES(v);
		char digits[FMT_SIZE];
		size_t n = 0;

		if (strncmp(s, "0.00×", strlen("0.00×")) == 0 ||
		    strncmp(s, "0×", strlen("0×")) == 0)
			fail_msg("%s:%d: %g written \"%s\"", __FILE__,
				 __LINE__, v, s);
		for (const char *p = s; *p && n + 1 < sizeof(digits); p++)
			if (*p != ',')
				digits[n++] = *p;
		digits[n] = '\0';
		if (fabs(strtod(digits, NULL) - v) > 0.005 * v)
			fail_msg("%s:%d: %g written \"%s\"", __FILE__,
				 __LINE__, v, s);
	}

	/* a speedup with its interval, and without one */
	times_with_interval(&b, EN, 1.4, 1.38, 1.42);
	EXPECT_FMT(sbuf_str(&b), "1.40× (1.38–1.42)");
	sbuf_reset(&b);
	times_with_interval(&b, ZH, 1.0 / 255, 0.00391, 0.00394);
	EXPECT_FMT(sbuf_str(&b), "0.00392×（0.00391–0.00394）");
	sbuf_reset(&b);
	times_with_interval(&b, EN, 2, NAN, NAN);
	EXPECT_FMT(sbuf_str(&b), "2.00×");
	sbuf_reset(&b);
	/* a narrow interval keeps its ends apart; an exact one is not shown */
	times_with_interval(&b, EN, 1.0098, 1.0051, 1.0139);
	EXPECT_FMT(sbuf_str(&b), "1.010× (1.005–1.014)");
	sbuf_reset(&b);
	times_with_interval(&b, EN, 1, 1, 1);
	EXPECT_FMT(sbuf_str(&b), "1.00×");
	sbuf_release(&b);
}

/* Every message of the catalogue has both languages (a row lost in an
 * edit would print nothing, or crash a SAY). */
static void test_catalogue_complete(void **state)
{
	(void)state;
	for (int id = 0; id < M__COUNT; id++)
		for (int L = 0; L < NLANG; L++)
			if (!say_text((enum lang)L, (enum msg)id))
				fail_msg("%s:%d: message %d has no text in "
					 "language %d", __FILE__, __LINE__, id,
					 L);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_catalogue_complete),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_intervals),
		cmocka_unit_test(test_intervals_shown),
		cmocka_unit_test(test_recorded_reports),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
