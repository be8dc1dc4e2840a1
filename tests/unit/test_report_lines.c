/* test_report_lines.c - counters per source line in the report (issue 25,
 * item 2): under each user kernel the few lines that carry its problem,
 * quoted with their numbers and what they mean; in the details every line
 * of the user's kernels and each rung's lines with a column per metric;
 * and each user kernel's rows in one table with one diagnosis in full.
 * Read from the exercise as recorded on an H100 (with lines) and from its
 * earlier recording (without), and from those rows changed in memory to
 * try the thresholds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <jansson.h>
#include <math.h>
#include <time.h>

#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "base/hash.h"
#include "base/util.h"
#include "report_check.h"

#define EXERCISE "tests/fixtures/recorded-2026-11-27/exercise-lines-h100/results.json"
#define EARLIER "tests/fixtures/recorded-2026-11-27/exercise-h100/results.json"
#define STALLS "tests/fixtures/recorded-2026-12-06/default-stalls-h100/results.json"
/* the exercise recorded with where warps wait sampled (2026-12-07) */
#define EXERCISE_STALLS "reports/examples/exercise/results.json"

static void skip_test(void)
{
	skip();
}

/* Renders r without charts; *body and *details get report.<lang>.md and
 * details.<lang>.md (the caller frees both). */
static void render(const struct results *r, const char *lang, char **body,
		   char **details)
{
	char dir[] = "/tmp/culab-test-lines-XXXXXX";
	struct report_options o;
	char *path;

	assert_non_null(mkdtemp(dir));
	report_test_options(&o, dir);
	o.charts = false;
	assert_int_equal(report_render(r, &o), 0);
	path = xasprintf("%s/report.%s.md", dir, lang);
	*body = slurp(path, NULL);
	free(path);
	path = xasprintf("%s/details.%s.md", dir, lang);
	*details = slurp(path, NULL);
	free(path);
	assert_non_null(*body);
	assert_non_null(*details);
	*details = with_family_pages(*details, dir, lang);
	remove_tree(dir);
}

/* The text from `from` to the next `to` (or the end), as a heap string. */
static char *between(const char *md, const char *from, const char *to)
{
	const char *s = strstr(md, from), *e;

	if (!s)
		fail_msg("%s:%d: no \"%s\"", __FILE__, __LINE__, from);
	e = strstr(s + strlen(from), to);
	return e ? xasprintf("%.*s", (int)(e - s), s) : xstrdup(s);
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

static struct result_row *row_of(struct results *r, const char *variant,
				 const char *dtype, uint64_t n)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (str_eq(r->rows[i].variant, variant) &&
		    str_eq(r->rows[i].dtype, dtype) && r->rows[i].n == n)
			return &r->rows[i];
	fail_msg("no row %s/%s/%llu", variant, dtype, (unsigned long long)n);
	return NULL;
}

/* The values of line `line` of row w's first kernel. */
static double *line_values(struct result_row *w, int line)
{
	struct line_kernel *k = &w->lines.kernels[0];

	for (size_t i = 0; i < k->nlines; i++)
		if (k->lines[i].line == line)
			return k->lines[i].values;
	fail_msg("no line %d", line);
	return NULL;
}

/* Under each user kernel, the lines that carry its problem: the tile's
 * column read as a 32-way conflict with the padded rung as the fix, the
 * shuffle reduction's one-element loads with the vector rung, the
 * modulo tree's modulo test as the line that issues the most. */
static void test_lines_under_kernels(void **state)
{
	struct results r;
	char *body, *details, *u, *k;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	render(&r, "en", &body, &details);
	u = between(body, "## Your kernels", "\n## ");
	k = between(u, "### my\\_tile", "\n### ");
	EXPECT_IN(k, "- Line by line (CUPTI's SASS counters");
	EXPECT_IN(k, "(details-transpose.en.md#counters-per-source-line)");
	EXPECT_IN(k, "  - line 32 `out[(long long)(y + j) * rows + x] = "
		  "tile[threadIdx.x][threadIdx.y + j];`: ");
	EXPECT_IN(k, ": a 32-way bank conflict; rung 7 "
		  "(transpose\\_tile\\_pad) shows the fix.");
	free(k);
	k = between(u, "### reduce\\_shfl.v2:", "\n### ");
	EXPECT_IN(k, "  - line 23 `v = in[i];`: ");
	EXPECT_IN(k, "global load instructions of 4 sectors each (4 bytes a "
		  "thread): 16-byte loads would move the same bytes in 4× "
		  "fewer instructions; rung 13 (reduce\\_vector\\_atomic) "
		  "shows the fix.");
	free(k);
	k = between(u, "### reduce\\_modulo", "\n### ");
	EXPECT_IN(k, "  - line 27 `if (tid % (2 * s) == 0)`: the most warp "
		  "instructions of any line");
	EXPECT_IN(k, "  - line 28 `part[tid] += part[tid + s];`: each of its ");
	EXPECT_IN(k, "did the work of 4.0 of 32 threads");
	free(k);
	/* a failed kernel has no lines: no line list */
	k = between(u, "### reduce\\_shfl.v2-bug", "\n### ");
	EXPECT_NOT_IN(k, "Line by line");
	free(k);
	free(u);
	free(body);
	free(details);
	render(&r, "zh", &body, &details);
	EXPECT_IN(body, "- 逐行来看（CUPTI 的 SASS 计数器");
	EXPECT_IN(body, "：32 路 bank 冲突；第 7 级（transpose\\_tile\\_pad）"
		  "给出了解决办法。");
	EXPECT_IN(details, "## 逐行计数器");
	free(body);
	free(details);
	results_release(&r);
}

/* The details: every line of a user kernel's file from its first line
 * with counts to its last, and each rung once, with its lines. */
static void test_details_tables(void **state)
{
	struct results r;
	char *body, *details, *d, *k;
	char want[64];

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	render(&r, "en", &body, &details);
	EXPECT_IN(details, "· [Counters per source line](#counters-per-source-line)");
	/* my_tile is a transpose: on that family's page */
	d = between(strstr(details, "# Details: transpose") ?
		    strstr(details, "# Details: transpose") : details,
		    "## Counters per source line", "\n## ");
	EXPECT_IN(d, "| line | code | warp instr. | threads on (of 32) | "
		  "global sectors (× ideal) | shared wavefronts (× ideal) | "
		  "local instr. | divergent branches |");
	k = between(d, "#### my\\_tile: float, 4096 × 4096", "\n#### ");
	for (int line = 16; line <= 33; line++) {
		snprintf(want, sizeof(want), "\n| %d | ", line);
		EXPECT_IN(k, want);
	}
	/* cut to fit the page, whole in the body's list */
	EXPECT_IN(k, "| 32 | `out[(long long)(y + j) * rows + x] = "
		  "tile[threadIdx.x][t…` | ");
	EXPECT_IN(k, " | 16.8 M (32.0×) |");
	free(k);
	/* each rung once, the float row */
	assert_int_equal(count(d, "#### transpose\\_naive: "), 1);
	{
		/* the reduce rungs on that family's page */
		char *rd = between(details, "# Details: reduce",
				   "\n# Details: ");
		char *rl = between(rd, "## Counters per source line",
				   "\n## ");

		assert_int_equal(count(rl, "#### reduce\\_interleaved\\_"
				       "strided: "), 1);
		EXPECT_IN(rl, "#### reduce\\_interleaved\\_strided: float, "
			  "n = 2^24");
		free(rl);
		free(rd);
	}
	k = between(d, "#### transpose\\_naive: ", "\n#### ");
	EXPECT_IN(k, "global-memory sectors where a coalesced access touches");
	EXPECT_IN(k, ": 8× the traffic, uncoalesced; rung 6 "
		  "(transpose\\_tile) shows the fix.");
	EXPECT_IN(k, "(8.00×)");
	free(k);
	free(d);
	free(body);
	free(details);
	results_release(&r);
}

/* Results without lines (recorded before them): no line list, no
 * section, no link to it. */
static void test_without_lines(void **state)
{
	struct results r;
	char *body, *details;

	(void)state;
	if (!read_recorded(EARLIER, &r))
		skip_test();
	render(&r, "en", &body, &details);
	EXPECT_NOT_IN(body, "Line by line");
	EXPECT_NOT_IN(details, "Counters per source line");
	free(body);
	free(details);
	results_release(&r);
}

/* The thresholds, tried on the tile's own row: a line under 2× the ideal
 * wavefronts is no conflict; lines not collected say why; a row whose
 * lines were not asked for says nothing. */
static void test_thresholds(void **state)
{
	struct results r;
	struct result_row *w;
	double *x;
	int swf, ideal;
	char *body, *details, *k;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	w = row_of(&r, "my_tile", "float", 4096);
	swf = source_lines_metric(&w->lines, "shared_wavefronts");
	ideal = source_lines_metric(&w->lines, "shared_wavefronts_ideal");
	assert_true(swf >= 0 && ideal >= 0);
	x = line_values(w, 32);
	x[swf] = 1.9 * x[ideal];
	render(&r, "en", &body, &details);
	k = between(body, "### my\\_tile", "\n## ");
	EXPECT_NOT_IN(k, "bank conflict;");
	EXPECT_IN(k, "- Line by line");
	free(k);
	free(body);
	free(details);
	x[swf] = 2.5 * x[ideal];
	render(&r, "en", &body, &details);
	EXPECT_IN(body, ": bank conflicts, 2.5 passes per access on average;");
	free(body);
	free(details);

	source_lines_set_status(&w->lines, "CUPTI's SASS metrics recorded "
				"nothing");
	render(&r, "en", &body, &details);
	EXPECT_IN(body, "- Counters per source line: not collected (CUPTI's "
		  "SASS metrics recorded nothing).");
	free(body);
	free(details);
	source_lines_release(&w->lines);
	render(&r, "en", &body, &details);
	k = between(body, "### my\\_tile", "\n## ");
	EXPECT_NOT_IN(k, "Line by line");
	EXPECT_NOT_IN(k, "Counters per source line");
	free(k);
	free(body);
	free(details);
	results_release(&r);
}

/* One diagnosis per kernel: its rows in a table, the row with lines in
 * full, the others only where their diagnosis differs. */
static void test_one_table_per_kernel(void **state)
{
	struct results r;
	char *body, *details, *k;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	render(&r, "en", &body, &details);
	k = between(body, "### reduce\\_modulo", "\n### ");
	EXPECT_IN(k, "| type and size | time (ms) | GB/s | of the ceiling | "
		  "on the ladder |");
	EXPECT_IN(k, "| int, n = 2^20 | ");
	EXPECT_IN(k, "| float, n = 2^24 | ");
	EXPECT_IN(k, "Below, int, n = 2^24 in full; at the other rows of the "
		  "table its counters give the same diagnosis.");
	assert_int_equal(count(k, "\n#### "), 1);
	EXPECT_IN(k, "#### reduce / int, n = 2^24, block 256");
	free(k);
	k = between(body, "### reduce\\_shfl.v2-bug", "\n### ");
	EXPECT_IN(k, "It failed at every row; below, the failure at int, n = "
		  "2^24.");
	EXPECT_IN(k, "| — | — | — | **FAILED** (wrong answer)");
	assert_int_equal(count(k, "\n#### "), 1);
	free(k);
	free(body);
	free(details);
	results_release(&r);
}

/* Issue 26's integrity check: a time faster than the kernel's bytes at
 * the GPU's theoretical peak, with L2 evicted before every run, is
 * flagged; without the flush it is not (the input may sit in L2). */
static void test_impossible_time(void **state)
{
	struct results r;
	struct result_row *w;
	char *body, *details, *k;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	w = row_of(&r, "reduce_shfl.v2", "float", UINT64_C(1) << 24);
	w->gbps = 4000;
	w->pct_peak = 119.3;
	render(&r, "en", &body, &details);
	k = between(body, "### reduce\\_shfl.v2:", "\n### ");
	EXPECT_IN(k, "- **Impossible time**: 4000 GB/s is 119.3 % of this GPU's "
		  "theoretical peak, with L2 evicted before every run");
	EXPECT_IN(k, "| float, n = 2^24 | 0.03840 | 4000 | ");
	/* then its place: between two rungs, or level with one */
	EXPECT_IN(k, " | **impossible time** (faster than the peak); ");
	free(k);
	free(body);
	free(details);
	for (size_t i = 0; i < r.nexperiments; i++)
		r.experiments[i].l2_flush = false;
	render(&r, "en", &body, &details);
	EXPECT_NOT_IN(body, "mpossible time");
	free(body);
	free(details);
	results_release(&r);
}

/* Where warps wait (issue 46, item 4): with PC samples in a row's lines
 * (the stall_* metrics, added here in memory to the recorded tile
 * kernel's lines), its line list names the line with the most samples,
 * its share of the kernel's and the state its warps were most often in,
 * in both languages; without samples, nothing is said. */
static void test_stalls(void **state)
{
	struct results r;
	struct result_row *w;
	struct source_lines *l;
	char *body, *details, *k;
	size_t nm;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	render(&r, "en", &body, &details);
	EXPECT_NOT_IN(body, "PC samples");
	EXPECT_NOT_IN(body, "warps wait (PC samples");
	free(body);
	free(details);
	w = row_of(&r, "my_tile", "float", 4096);
	l = &w->lines;
	nm = l->nmetrics;
	l->metrics = xrealloc(l->metrics, (nm + 3) * sizeof(*l->metrics));
	l->metrics[nm] = xstrdup("stall_barrier");
	l->metrics[nm + 1] = xstrdup("stall_long_scoreboard");
	l->metrics[nm + 2] = NULL;
	l->nmetrics = nm + 2;
	for (size_t i = 0; i < l->nkernels; i++)
		for (size_t j = 0; j < l->kernels[i].nlines; j++) {
			struct source_line *sl = &l->kernels[i].lines[j];

			sl->values = xrealloc(sl->values, (nm + 2) *
					      sizeof(*sl->values));
			/* line 32 (the transposed store): 600 samples, 450 at
			 * the barrier; every other line 100 on memory */
			sl->values[nm] = sl->line == 32 ? 450 : 0;
			sl->values[nm + 1] = sl->line == 32 ? 150 : 100;
		}
	render(&r, "en", &body, &details);
	k = between(body, "### my\\_tile", "\n### ");
	EXPECT_IN(k, "  - line 32 `out[(long long)(y + j) * rows + x] = "
		  "tile[threadIdx.x][threadIdx.y + j];`: ");
	EXPECT_IN(k, ": 37.5 % of the kernel's 1600 PC samples; its warps "
		  "were most often waiting at a barrier (__syncthreads) for "
		  "the block's other warps: 75.0 % of the line's samples.");
	free(k);
	free(body);
	free(details);
	render(&r, "zh", &body, &details);
	EXPECT_IN(body, "这一行的线程束最常处于的状态是在屏障（__syncthreads）处"
		  "等待同一块的其他线程束：占这一行采样的 75.0 %");
	free(body);
	free(details);
	results_release(&r);
}

/* Where warps wait, from a real run (default.yaml on an H100, sampled per
 * line): the busiest line of the one-block reduction waits on memory,
 * the tree of reduce_global at its barrier; a library's one-block pass
 * of 2 samples says nothing. */
static void test_stalls_recorded(void **state)
{
	struct results r;
	char *body, *details;

	(void)state;
	if (!read_recorded(STALLS, &r))
		skip_test();
	render(&r, "en", &body, &details);
	EXPECT_IN(details, "- line 303 `v += A(in[i]);`: 95.3 % of the kernel's "
		  "47,785 PC samples; its warps were most often waiting on "
		  "global or local memory (a long scoreboard dependency): "
		  "97.6 % of the line's samples.");
	EXPECT_IN(details, "- line 227 `for (unsigned h = B / 2; h > 0; h /= 2) "
		  "{`: 48.7 % of the kernel's 23,499 PC samples; its warps "
		  "were most often waiting at a barrier (__syncthreads) for "
		  "the block's other warps: 79.8 % of the line's samples.");
	EXPECT_NOT_IN(details, "2.00 PC samples");
	/* the body: a step whose cause is warps waiting on memory says
	 * where the slower rung's warps wait, once a page */
	EXPECT_IN(body, " Where rung 2's warps wait (PC samples, n = 2^24): "
		  "line 303 `v += A(in[i]);`: 95.3 % of the kernel's 47,785 "
		  "PC samples;");
	assert_int_equal(count(body, "Where rung 2's warps wait"), 1);
	EXPECT_IN(body, " Where rung 12's warps wait (PC samples, n = 2^24): ");
	/* lines at 2^24 while the body's tables go to 2^28 */
	EXPECT_IN(details, "Lines are counted at an experiment's largest size");
	free(body);
	free(details);
	results_release(&r);
}

/* Where warps wait, once a page in full: the exercise collects lines for
 * float alone, so int's rung 2 quotes float's samples and says whose
 * they are, and float's rung 2 (the same row) says nothing more; a
 * state said in full before is named by its short name after (its
 * words were said six times in one body). */
static void test_stalls_once(void **state)
{
	struct results r;
	char *body, *details;
	const char *full = "waiting on global or local memory (a long "
			   "scoreboard dependency)";

	(void)state;
	if (!read_recorded(EXERCISE_STALLS, &r))
		skip_test();
	render(&r, "en", &body, &details);
	EXPECT_IN(body, " Where rung 2's warps wait (PC samples, float, "
		  "n = 2^24): line 303 `v += A(in[i]);`: ");
	assert_int_equal(count(body, "Where rung 2's warps wait"), 1);
	EXPECT_IN(body, " Where rung 12's warps wait (PC samples, float, "
		  "n = 2^24): ");
	EXPECT_IN(body, "% of the line's samples are `long_scoreboard`, "
		  "as above.");
	/* once in the steps' "why"s, once under the user's kernels */
	assert_int_equal(count(body, full), 2);
	free(body);
	free(details);
	render(&r, "zh", &body, &details);
	EXPECT_IN(body, "（PC 采样，float、n = 2^24）");
	EXPECT_IN(body, "同样是 `long_scoreboard`（见上文）");
	assert_int_equal(count(body, "等待全局或本地内存（长记分板依赖）"), 2);
	free(body);
	free(details);
	results_release(&r);
}

/* Lines taken from the per-line cache (issue 46, item 3) are said to be,
 * once, in the details' introduction; none cached, nothing said. */
static void test_cached(void **state)
{
	struct results r;
	char *body, *details;
	size_t lined = 0;
	char want[160];

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	render(&r, "en", &body, &details);
	EXPECT_NOT_IN(details, "per-line cache");
	free(body);
	free(details);
	row_of(&r, "my_tile", "float", 4096)->lines.cached = true;
	render(&r, "en", &body, &details);
	/* of the tables its section shows: one heading each */
	{
		const char *at = strstr(details, "come from the per-line cache");
		char *sec;

		assert_non_null(at);
		while (at > details && strncmp(at, "## Counters per source "
					      "line", 26))
			at--;
		sec = between(at, "## Counters per source line", "\n## ");
		lined = count(sec, "\n#### ");
		free(sec);
	}
	assert_true(lined > 1);
	snprintf(want, sizeof(want), "The lines of 1 of these %zu measurements "
		 "come from the per-line cache", lined);
	EXPECT_IN(details, want);
	assert_int_equal(count(details, "per-line cache"), 1);
	free(body);
	free(details);
	render(&r, "zh", &body, &details);
	EXPECT_IN(details, "个的逐行计数来自逐行缓存");
	free(body);
	free(details);
	results_release(&r);
}

/* Lines at a smaller size than a row of the same rung measured (the lines
 * size, plan.h): said once, in the section's introduction, en and zh. */
static void test_smaller(void **state)
{
	struct results r;
	char *body, *details;

	(void)state;
	if (!read_recorded(EXERCISE, &r))
		skip_test();
	render(&r, "en", &body, &details);
	EXPECT_NOT_IN(details, "largest size of at most 2^24");
	free(body);
	free(details);
	/* its 2^20 row as if it had been measured at 2^28 */
	row_of(&r, "reduce_global", "float", 1u << 20)->n = 1u << 28;
	render(&r, "en", &body, &details);
	EXPECT_IN(details, "Lines are counted at an experiment's largest size "
		  "of at most 2^24 elements");
	assert_int_equal(count(details, "largest size of at most 2^24"), 1);
	free(body);
	free(details);
	render(&r, "zh", &body, &details);
	EXPECT_IN(details, "逐行计数在实验中不超过 2^24 个元素的最大规模上采集");
	free(body);
	free(details);
	results_release(&r);
}

/* The exercise with every user source grown to 1 MiB by `pad` blank
 * comment lines in front (its lines' numbers moved by as many, the
 * SHA-256 made again) and each user row with lines `copies` times more
 * at other sizes: as large as a results file may be.  Test data built
 * from a real file, not a measurement. */
static char *grown_exercise(int pad, int copies)
{
	json_t *doc = json_load_file(EXERCISE, 0, NULL), *v, *rows, *w;
	json_t *users = json_object();
	struct sbuf text = SBUF_INIT;
	size_t i, n;
	char *out;

	assert_non_null(doc);
	for (i = 0; i < (size_t)pad; i++)
		sbuf_add(&text, "//\n");
	json_array_foreach(json_object_get(doc, "variants"), i, v) {
		const char *src = json_string_value(json_object_get(v,
							"source_text"));
		char *grown, sha[65];

		if (!src)
			continue;
		json_object_set(users, json_string_value(json_object_get(v,
						"name")), json_true());
		grown = xasprintf("%s%s", sbuf_str(&text), src);
		assert_int_equal(sha256_hex(grown, strlen(grown), sha), 0);
		json_object_set_new(v, "source_text", json_string(grown));
		json_object_set_new(v, "source_sha256", json_string(sha));
		free(grown);
	}
	rows = json_object_get(doc, "rows");
	n = json_array_size(rows);
	for (i = 0; i < n; i++) {
		json_t *ks, *k, *l;
		size_t a, b;

		w = json_array_get(rows, i);
		ks = json_object_get(json_object_get(w, "lines"), "kernels");
		if (!ks || !json_object_get(users, json_string_value(
				json_object_get(w, "variant"))))
			continue;
		json_array_foreach(ks, a, k) {
			json_array_foreach(json_object_get(k, "lines"), b, l) {
				const char *f = json_string_value(
					json_object_get(l, "file"));

				if (f && strstr(f, "experiments/examples/"))
					json_object_set_new(l, "line",
						json_integer(pad +
						json_integer_value(
						json_object_get(l, "line"))));
			}
		}
		for (int c = 1; c <= copies; c++) {
			json_t *d = json_deep_copy(w);

			json_object_set_new(d, "n", json_integer(
				json_integer_value(json_object_get(w, "n")) +
				7 * c));
			json_array_append_new(rows, d);
		}
	}
	out = json_dumps(doc, JSON_COMPACT);
	json_decref(users);
	json_decref(doc);
	sbuf_release(&text);
	return out;
}

static double seconds_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* Issue 48, class 7: the details' table of a user kernel's lines quotes
 * each line of its source; found from the start of the source for each
 * line, a 1 MiB source of short lines in a file as large as may be read
 * (50 copies of the user rows) took 20 s.  The source's lines are
 * indexed once: with 30 copies, within the 5 s every accepted file is
 * held to (16.2 s before), each table quoting the right lines; under
 * AddressSanitizer, several times slower at everything, within 20 s. */
static void test_large_source(void **state)
{
	enum { PAD = 340000, COPIES = 30 };
	double limit = 5.0;
	char *json = grown_exercise(PAD, COPIES), *body, *details;
	struct results r;
	double t0, took;
	char want[128];

	(void)state;
#if defined(__SANITIZE_ADDRESS__)
	limit *= 4;
#endif
	if (results_read_buffer("grown.json", json, strlen(json), &r) < 0)
		fail_msg("the grown exercise was not read (%zu bytes)",
			 strlen(json));
	t0 = seconds_now();
	render(&r, "en", &body, &details);
	took = seconds_now() - t0;
	if (took > limit)
		fail_msg("%s:%d: the report took %.1f s (at most %.0f s)",
			 __FILE__, __LINE__, took, limit);
	/* the tile's conflicted read, quoted at its moved line */
	snprintf(want, sizeof(want), "\n| %d | `out[(long long)(y + j) * "
		 "rows + x] = tile[threadIdx.x][t…` | ", PAD + 32);
	EXPECT_IN(details, want);
	EXPECT_IN(details, "| 340016 | `extern \"C\" __global__ void "
		  "transpose_tile(const culab_t …` |");
	free(body);
	free(details);
	results_release(&r);
	free(json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines_under_kernels),
		cmocka_unit_test(test_details_tables),
		cmocka_unit_test(test_without_lines),
		cmocka_unit_test(test_thresholds),
		cmocka_unit_test(test_one_table_per_kernel),
		cmocka_unit_test(test_impossible_time),
		cmocka_unit_test(test_stalls),
		cmocka_unit_test(test_stalls_recorded),
		cmocka_unit_test(test_stalls_once),
		cmocka_unit_test(test_cached),
		cmocka_unit_test(test_smaller),
		cmocka_unit_test(test_large_source),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
