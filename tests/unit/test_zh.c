/* test_zh.c - the Chinese report is Chinese: rendered from real recorded
 * results (the quick fixture and the H100 example), it holds no English
 * prose and one term per concept.
 *
 * What counts as English prose: a run of four or more English words in a
 * row, after taking out what is not prose in any language: code (fenced
 * blocks and `spans`), link targets, HTML, identifiers and units (a token
 * with a digit, '_', '/', '.', '(' or "::" inside), names listed with
 * commas (a comma ends a run: "bank_conflicts, divergence, dram"), titles
 * quoted whole in English (“Optimizing Parallel Reduction in CUDA”), and
 * the texts the results recorded in the user's own words: the run's note,
 * an experiment's description without description_zh (and the clause of
 * it the title shows), a row's failure message, a user kernel's own
 * prose.  Both pages of the report are read: the body and its details.
 *
 * A line in English: besides those runs, no line of either page (no
 * cell of a table row) without a Chinese character or mark may hold a
 * run of three or more English words, after taking out what is not prose
 * as above (code, link targets, HTML, URLs, recorded texts, identifiers,
 * numbers and units, names listed with commas).  "int, float, double" or
 * "n = 2^28" or "NVIDIA H100 80GB HBM3" pass; "Sum of n floats" does
 * not.  The one exception is the body's title, for results recorded
 * before description_zh was kept (see test_no_ascii_prose_lines).
 *
 * The descriptions: results recorded before description_zh was kept are
 * checked twice, as recorded, and with the description_zh of the shipped
 * experiment file they were recorded from (results' source.path): what
 * re-recording them shows.  Every shipped file's experiments have one.
 *
 * Mixed terms: outside code and identifiers the report says 线程束,
 * 扇区, 分块, 线程块, 核函数, 网格 and 基线, never warp, sector, tile, block,
 * kernel, grid or 基准; "线程束（warp）" introduces the word once, before
 * any other 线程束. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_int.h"
#include "base/util.h"

#include "capture.h"
#include "report_check.h"
#include "experiment/experiment.h"
#include "results/results.h"

static const char *const fixtures[] = {
	"tests/fixtures/quick/results.json",         /* tests/golden's */
	"reports/examples/h100/results.json",
	"reports/examples/h200/results.json",
	"reports/examples/exercise/results.json",    /* the user's kernels */
	"reports/examples/class/results.json",       /* a class */
};

/* Gives each experiment of r without a description_zh the one of the
 * same name in the shipped experiment file r was recorded from (its
 * source.path, relative to the source tree), as re-recording r would.
 * Fails the test when that file has an experiment of r without one. */
static void shipped_zh(struct results *r)
{
	struct experiment_file ef;
	char *path;

	struct capture c;       /* the file's warnings (a class's copies) */
	int rc;

	assert_non_null(r->source_path);
	path = xasprintf("%s/%s", srcdir(), r->source_path);
	memset(&ef, 0, sizeof(ef));
	capture_start(&c);
	rc = experiment_load(path, &ef);
	if (rc)
		fputs(capture_stop(&c), stderr);
	else
		capture_stop(&c);
	capture_free(&c);
	assert_int_equal(rc, 0);
	for (size_t i = 0; i < r->nexperiments; i++) {
		struct experiment_meta *m = &r->experiments[i];
		const char *zh = NULL;

		for (size_t k = 0; k < ef.nexps; k++)
			if (!strcmp(ef.exps[k].name, m->name))
				zh = ef.exps[k].description_zh;
		if (!zh || !*zh)
			fprintf(stderr, "%s: experiment %s has no "
				"description_zh\n", r->source_path, m->name);
		assert_true(zh && *zh);
		if (!m->description_zh || !*m->description_zh) {
			free(m->description_zh);
			m->description_zh = xstrdup(zh);
		}
	}
	experiment_file_release(&ef);
	free(path);
}

/* The Chinese report of results r, its body and then its details page,
 * as one text (caller frees). */
static char *render_zh(const struct results *r)
{
	char dir[] = "/tmp/culab-test-zh-XXXXXX";
	struct report_options o;
	char *path, *text, *body, *details;

	assert_non_null(mkdtemp(dir));
	report_test_options(&o, dir);
	o.langs = REPORT_ZH;
	o.charts = false;
	assert_int_equal(report_render(r, &o), 0);
	path = xasprintf("%s/report.zh.md", dir);
	body = slurp(path, NULL);
	assert_non_null(body);
	free(path);
	path = xasprintf("%s/details.zh.md", dir);
	details = slurp(path, NULL);
	assert_non_null(details);
	details = with_family_pages(details, dir, "zh");
	free(path);
	/* a form feed between the pages: test_one_term_per_concept checks
	 * each page on its own */
	text = xasprintf("%s\n\f\n%s", body, details);
	free(body);
	free(details);
	remove_tree(dir);
	return text;
}

/* Blanks s[from, to) with spaces (newlines kept, so line numbers hold). */
static void blank(char *s, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (s[i] != '\n')
			s[i] = ' ';
}

/* Blanks every span that starts with `open` and ends with `close`. */
static void blank_spans(char *s, const char *open, const char *close)
{
	char *p = s, *q;

	while ((p = strstr(p, open)) != NULL) {
		q = strstr(p + strlen(open), close);
		if (!q)
			break;
		blank(s, (size_t)(p - s), (size_t)(q - s) + strlen(close));
		p = q + strlen(close);
	}
}

/* Blanks every occurrence of `text` as Markdown shows it (the report
 * escapes \ ` * _ [ ] | # ~ $ ! { } with a backslash, & < > as entities). */
static void blank_recorded(char *s, const char *text)
{
	struct sbuf md = SBUF_INIT;
	char *p;

	if (!text || !*text)
		return;
	for (const char *c = text; *c; c++) {
		if (strchr("\\`*_[]|#~$!{}", *c))
			sbuf_addc(&md, '\\');
		if (*c == '&')
			sbuf_add(&md, "&amp;");
		else if (*c == '<')
			sbuf_add(&md, "&lt;");
		else if (*c == '>')
			sbuf_add(&md, "&gt;");
		else if (*c == '\n')
			sbuf_addc(&md, ' ');
		else
			sbuf_addc(&md, *c);
	}
	for (p = s; (p = strstr(p, sbuf_str(&md))) != NULL; p += md.len)
		blank(s, (size_t)(p - s), (size_t)(p - s) + md.len);
	sbuf_release(&md);
}

/* Whether [p, p+n) is ASCII only. */
static bool ascii_only(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)p[i] >= 0x80)
			return false;
	return true;
}

/* Blanks quotations in English only: “...”, 《...》, "...". */
static void blank_titles(char *s)
{
	static const char *const pairs[][2] = {
		{ "\xe2\x80\x9c", "\xe2\x80\x9d" },     /* “ ” */
		{ "\xe3\x80\x8a", "\xe3\x80\x8b" },     /* 《 》 */
	};

	for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++) {
		char *p = s, *q;

		while ((p = strstr(p, pairs[k][0])) != NULL) {
			char *in = p + strlen(pairs[k][0]);

			q = strstr(in, pairs[k][1]);
			if (!q)
				break;
			if (ascii_only(in, (size_t)(q - in)) && !memchr(in, '\n', (size_t)(q - in)))
				blank(s, (size_t)(in - s), (size_t)(q - s));
			p = q + strlen(pairs[k][1]);
		}
	}
}

/* The report with everything that is not prose blanked (see the top);
 * with keep_titles, the title's clauses of descriptions without
 * description_zh are kept (the descriptions whole are still blanked). */
static char *prose_of(const char *report, const struct results *r,
		      bool keep_titles)
{
	char *s = xstrdup(report), *p;

	blank_spans(s, "```", "```");
	blank_spans(s, "<!--", "-->");
	blank_spans(s, "`", "`");
	blank_spans(s, "](", ")");
	blank_spans(s, "<http", ">");
	blank_spans(s, "<img", ">");
	blank_recorded(s, r->note);
	for (size_t i = 0; i < r->nexperiments; i++)
		if (!r->experiments[i].description_zh ||
		    !*r->experiments[i].description_zh) {
			const char *d = r->experiments[i].description;
			char *c = d ? title_clause(d) : NULL;

			blank_recorded(s, d);
			/* the title's clause of it, as the title writes it:
			 * after the first, in lower case */
			if (c && *c && !keep_titles) {
				blank_recorded(s, c);
				c[0] = (char)tolower((unsigned char)c[0]);
				blank_recorded(s, c);
				c[0] = (char)toupper((unsigned char)c[0]);
				blank_recorded(s, c);
			}
			free(c);
		}
	for (size_t i = 0; i < r->nrows; i++)
		blank_recorded(s, r->rows[i].message);
	for (size_t i = 0; i < r->nvariants; i++)
		if (r->variants[i]->source) {   /* the user's own words */
			blank_recorded(s, r->variants[i]->about_en);
			blank_recorded(s, r->variants[i]->title);
			blank_recorded(s, r->variants[i]->signature);
		}
	blank_titles(s);
	/* Markdown escapes: "\_" is "_" in the identifier it belongs to */
	for (p = s; (p = strchr(p, '\\')) != NULL; p++)
		if (p[1] && strchr("\\`*_[]|#~$!{}", p[1]))
			memmove(p, p + 1, strlen(p));
	return s;
}

/* A token (between spaces) that is an English word: letters, with at most
 * a trailing punctuation mark, optionally an apostrophe ("block's").
 * *ends_run: a comma, a colon or other mark that ends a sentence part. */
static bool english_word(const char *t, size_t n, bool *ends_run)
{
	size_t letters = 0, i = 0;

	*ends_run = false;
	while (n && strchr(".,;:!?)", t[n - 1])) {
		*ends_run |= t[n - 1] == ',' || t[n - 1] == ';' ||
			     t[n - 1] == ':';
		n--;
	}
	if (n && t[0] == '(')
		t++, n--;
	for (; i < n; i++) {
		if (isalpha((unsigned char)t[i]))
			letters++;
		else if (t[i] != '\'' && t[i] != '-')
			return false;
	}
	return letters > 0 && isalpha((unsigned char)t[0]);
}

/* Prints and counts each run of 4+ English words in s. */
static int english_runs(const char *s, const char *what)
{
	int found = 0, line = 1;
	const char *p = s;

	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		int run = 0;
		const char *run_at = NULL;

		for (size_t i = 0; i < len;) {
			size_t j = i;
			bool ends;

			while (j < len && !isspace((unsigned char)p[j]) &&
			       p[j] != '|' && (unsigned char)p[j] < 0x80)
				j++;
			if (j == i) {   /* a space, a cell border, a CJK byte */
				if (p[i] == '|' || (unsigned char)p[i] >= 0x80)
					run = 0;
				i++;
				continue;
			}
			if (english_word(p + i, j - i, &ends)) {
				if (!run++)
					run_at = p + i;
				if (run == 4) {
					found++;
					fprintf(stderr, "%s:%d: English prose in the "
						"Chinese report: \"%.60s\"\n", what,
						line, run_at);
				}
				if (ends)
					run = 0;
			} else {
				run = 0;
			}
			i = j;
		}
		line++;
		p += len + (eol != NULL);
	}
	return found;
}

/* Whether the UTF-8 character at s is a Chinese character (U+3400 to
 * U+9FFF); a Chinese mark ("；", "（") alone does not make a line
 * Chinese: "Sum of n floats；the same ladder" is English. */
static bool han_at(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;

	if ((p[0] & 0xf0) != 0xe0 || !p[1] || !p[2])
		return false;
	cp = (p[0] & 0x0fu) << 12 | (p[1] & 0x3fu) << 6 | (p[2] & 0x3fu);
	return cp >= 0x3400 && cp <= 0x9fff;
}

/* The longest run of English words in s[0, n) (a comma, a semicolon or a
 * colon ends a run: names listed are not prose). */
static int longest_run(const char *s, size_t n)
{
	int run = 0, most = 0;

	for (size_t i = 0; i < n;) {
		size_t j = i;
		bool ends;

		while (j < n && !isspace((unsigned char)s[j]))
			j++;
		if (j == i) {
			i++;
			continue;
		}
		if (english_word(s + i, j - i, &ends)) {
			if (++run > most)
				most = run;
			if (ends)
				run = 0;
		} else {
			run = 0;
		}
		i = j;
	}
	return most;
}

/* Prints and counts the lines of prose s (a table row: its cells) with
 * no Chinese character in them and a run of three or more English
 * words, but for line `except` (0: none) of each page (the pages split
 * at form feeds). */
static int ascii_lines(const char *s, const char *what, int except)
{
	static const char *const pages[] = { "report.zh.md", "details.zh.md" };
	int found = 0, line = 1, page = 0;

	for (const char *p = s; *p;) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		bool row = len && p[0] == '|';

		if (p[0] == '\f') {
			line = 0;       /* the next line is a page's first */
			page++;
		}
		for (size_t i = 0; i < len;) {
			size_t j = i;
			bool zh = false;

			if (row)        /* a cell: up to the next border */
				while (j < len && p[j] != '|')
					zh |= han_at(p + j++);
			else
				for (; j < len; j++)
					zh |= han_at(p + j);
			if (j > i && !zh && line != except &&
			    longest_run(p + i, j - i) >= 3) {
				found++;
				fprintf(stderr, "%s (%s):%d: a line in English "
					"in the Chinese report: \"%.*s\"\n",
					what, page < 2 ? pages[page] : "?", line,
					(int)(j - i > 80 ? 80 : j - i), p + i);
			}
			i = j + 1;
		}
		line++;
		p += len + (eol != NULL);
	}
	return found;
}

/* A bare English term in s (not part of an identifier or unit). */
static int term_hits(const char *s, const char *term, const char *what)
{
	int found = 0;
	size_t n = strlen(term);

	for (const char *p = s; (p = strstr(p, term)) != NULL; p += n) {
		char before = p > s ? p[-1] : ' ', after = p[n];

		if (isalnum((unsigned char)before) || strchr("_./-", before))
			continue;
		if (after == 's')
			after = p[n + 1];
		if (isalnum((unsigned char)after) || strchr("_(/[-", after) ||
		    (after == '.' && isalnum((unsigned char)p[n + 1])))
			continue;
		found++;
		fprintf(stderr, "%s: \"%s\" where the glossary says otherwise: "
			"\"%.50s\"\n", what, term, p > s + 20 ? p - 20 : s);
	}
	return found;
}

/* Reads fixture f into *r (with the shipped description_zh when
 * shipped) and renders its Chinese pages (caller frees). */
static char *fixture_zh(size_t f, bool shipped, struct results *r)
{
	char *path = xasprintf("%s/%s", srcdir(), fixtures[f]);

	memset(r, 0, sizeof(*r));
	assert_int_equal(results_read(path, r), 0);
	free(path);
	if (shipped)
		shipped_zh(r);
	return render_zh(r);
}

static void test_no_english_prose(void **state)
{
	(void)state;
	for (size_t f = 0; f < sizeof(fixtures) / sizeof(fixtures[0]); f++)
		for (int shipped = 0; shipped < 2; shipped++) {
			struct results r;
			char *zh = fixture_zh(f, shipped, &r);
			char *prose = prose_of(zh, &r, false);

			assert_int_equal(english_runs(prose, fixtures[f]), 0);
			free(prose);
			free(zh);
			results_release(&r);
		}
}

/* No line in English: with the shipped description_zh none at all.  As
 * recorded, results that predate description_zh (all of tests/fixtures
 * and reports/examples today) show their English descriptions: whole in
 * the method's list of experiments (the user's recorded words, blanked
 * as the note is) and as the title, line 1 of each page, which is the
 * one line excepted (the details' title has Chinese before it, "细节页：").
 * Once the examples are re-recorded with description_zh their titles are
 * Chinese and the exception goes unused; the fixture, recorded before,
 * keeps it. */
static void test_no_ascii_prose_lines(void **state)
{
	(void)state;
	for (size_t f = 0; f < sizeof(fixtures) / sizeof(fixtures[0]); f++)
		for (int shipped = 0; shipped < 2; shipped++) {
			struct results r;
			char *zh = fixture_zh(f, shipped, &r);
			char *prose = prose_of(zh, &r, true);
			bool all_zh = true;

			for (size_t i = 0; i < r.nexperiments; i++)
				all_zh &= r.experiments[i].description_zh &&
					  *r.experiments[i].description_zh;
			assert_int_equal(ascii_lines(prose, fixtures[f],
						     all_zh ? 0 : 1), 0);
			/* the exception is used by the title alone, and
			 * not by a title of several experiments: its
			 * families and GPU come first, in Chinese */
			if (!all_zh)
				assert_true(ascii_lines(prose, "expected, "
							"the title", 0) <= 1);
			free(prose);
			free(zh);
			results_release(&r);
		}
}

static void test_one_term_per_concept(void **state)
{
	static const char *const terms[] = {
		"warp", "Warp", "sector", "Sector", "tile", "Tile", "block",
		"Block", "kernel", "Kernel", "grid", "Grid", "基准",
	};
	static const char intro[] = "线程束（warp）";

	(void)state;
	for (size_t f = 0; f < sizeof(fixtures) / sizeof(fixtures[0]); f++) {
		struct results r;
		char *zh, *prose, *at, *first;
		char *path = xasprintf("%s/%s", srcdir(), fixtures[f]);
		int hits = 0;

		memset(&r, 0, sizeof(r));
		assert_int_equal(results_read(path, &r), 0);
		shipped_zh(&r);
		zh = render_zh(&r);
		prose = prose_of(zh, &r, false);
		/* on each page (the body, then its details, split at a form
		 * feed): introduced once, before the word is used alone */
		for (char *page = prose, *end; page; page = end ? end + 1 : NULL) {
			end = strchr(page, '\f');
			if (end)
				*end = '\0';
			at = strstr(page, intro);
			first = strstr(page, "线程束");
			assert_non_null(at);
			assert_ptr_equal(at, first);
			assert_null(strstr(at + 1, intro));
			blank(page, (size_t)(at - page),
			      (size_t)(at - page) + strlen(intro));
			for (size_t t = 0; t < sizeof(terms) / sizeof(terms[0]);
			     t++)
				hits += term_hits(page, terms[t], fixtures[f]);
		}
		assert_int_equal(hits, 0);
		free(prose);
		free(zh);
		results_release(&r);
		free(path);
	}
}

/* description_zh is what the Chinese report shows; without it, the
 * description (results recorded before the key existed still render). */
static void test_description_zh(void **state)
{
	struct results r;
	char *zh, *path = xasprintf("%s/%s", srcdir(), fixtures[0]);
	const char *en;

	(void)state;
	memset(&r, 0, sizeof(r));
	assert_int_equal(results_read(path, &r), 0);
	assert_true(r.nexperiments > 0);
	en = r.experiments[0].description;
	assert_true(en && *en);
	assert_null(r.experiments[0].description_zh);
	zh = render_zh(&r);
	assert_non_null(strstr(zh, en));
	free(zh);
	r.experiments[0].description_zh = xstrdup("归约阶梯的每一级");
	zh = render_zh(&r);
	assert_non_null(strstr(zh, "归约阶梯的每一级"));
	assert_null(strstr(zh, en));
	free(zh);
	/* the title: a Chinese clause keeps its case, up to "："; of
	 * several experiments, after the families and the GPU */
	free(r.experiments[0].description_zh);
	r.experiments[0].description_zh = xstrdup("n 个 float 求和：每一级。");
	zh = render_zh(&r);
	assert_true(!strncmp(zh, "# ", 2));
	assert_true(strstr(zh, "上的归约与转置：n 个 float 求和；") &&
		    strstr(zh, "上的归约与转置：n 个 float 求和；") <
		    strchr(zh, '\n'));
	free(zh);
	results_release(&r);
	free(path);
}

/* A Chinese title clause is measured in columns (a character is two)
 * and cut at its last "，" before 80. */
static void test_title_clause_zh(void **state)
{
	char *c;

	(void)state;
	c = title_clause("归约阶梯的每一级，取一个小规模和一个奇数的中等规模");
	assert_string_equal(c, "归约阶梯的每一级，取一个小规模和一个奇数的中等规模");
	free(c);
	c = title_clause("转置阶梯的每一级，取一个边长不是分块整数倍的非方阵形状，"
			 "再取单独一行，还有一个很长很长很长的尾巴");
	assert_string_equal(c, "转置阶梯的每一级，取一个边长不是分块整数倍的非方阵形状，"
			    "再取单独一行");
	free(c);
	c = title_clause("int 与 double 上的同一阶梯（int 精确）：只取一个规模。");
	assert_string_equal(c, "int 与 double 上的同一阶梯");
	free(c);
}

/* The checks themselves catch what they are for. */
static void test_checks_catch(void **state)
{
	char s1[] = "说明：every pass of the kernel 很快。";
	char s2[] = "`every pass of the kernel` bank_conflicts, gld_efficiency, "
		    "divergence, dram, occupancy（sectors/request）";
	char s3[] = "一个 warp 的 32 个线程读 4 个 sector；reduce_warp_volatile、"
		    "__syncwarp()、transpose_tile、tile.x 不算，tile. 算";

	(void)state;
	assert_int_equal(english_runs(s1, "s1"), 1);
	blank_spans(s2, "`", "`");
	assert_int_equal(english_runs(s2, "s2"), 0);
	assert_int_equal(term_hits(s3, "warp", "s3"), 1);
	assert_int_equal(term_hits(s3, "sector", "s3"), 1);
	assert_int_equal(term_hits(s3, "tile", "s3"), 1);
	/* a line in English; a cell in English; what passes */
	assert_int_equal(ascii_lines("# Sum of n floats\n正文\n", "s4", 0), 1);
	assert_int_equal(ascii_lines("# Sum of n floats\n正文\n", "s4", 1), 0);
	assert_int_equal(ascii_lines("| 项目 | the copy ceiling |\n", "s5", 0), 1);
	assert_int_equal(ascii_lines("x\n\f\n# Sum of n floats\n", "s6", 1),
			 0);
	assert_int_equal(ascii_lines("| GPU | NVIDIA H100 80GB HBM3 |\n"
				     "reduce (int, float, double), n = 2^28\n"
				     "| int | reduce_shared_static | 1.50× |\n"
				     "对 reduce / int 最重要的几步是 the rung\n",
				     "s7", 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checks_catch),
		cmocka_unit_test(test_no_english_prose),
		cmocka_unit_test(test_no_ascii_prose_lines),
		cmocka_unit_test(test_one_term_per_concept),
		cmocka_unit_test(test_description_zh),
		cmocka_unit_test(test_title_clause_zh),
	};

	return cmocka_run_group_tests_name("zh", tests, NULL, NULL);
}
