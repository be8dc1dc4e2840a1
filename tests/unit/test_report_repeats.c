/* test_report_repeats.c - a body a student hands in says each thing once:
 * no sentence occurs more than twice in the body of a recorded example
 * (reports/examples/h100, h200, exercise, class; English and Chinese).
 * The old body said "below the bandwidth limit, the time follows the
 * instructions issued per element" 22 times, once per "why" bullet.
 *
 * A sentence here is a clause of prose: the text between ". ", "; ", ": "
 * (and "。", "；", "：") and the line's end, of at least five English words
 * or ten Chinese characters (shorter ones are labels: "Why", "Evidence",
 * "Against it").  Headings, table rows, fenced code, images and lines
 * that end in a colon (a list's or a code block's label) are not prose;
 * a link's target is left out, its text kept.
 *
 * A few lines repeated once per ladder section are the body's layout,
 * which issue 45's item 4 folds (int and double into one table, so two
 * full sections); they are listed in `layout` below, each with what
 * removes it, to be dropped from the list as that lands.  Charts off. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "base/util.h"
#include "report_check.h"

static const char *const recorded[] = {
	"reports/examples/h100/results.json",
	"reports/examples/h200/results.json",
	"reports/examples/exercise/results.json",
	"reports/examples/class/results.json",
};

/* The layout's lines, said once per ladder section or per kernel of the
 * user's until item 4's body has two full sections (a prefix of the
 * clause).  Nothing of a "why" or of the objectives is here. */
static const char *const layout[] = {
	/* what limits the fastest rung, per ladder of the conclusion (the
	 * exercise's three ladders: its rule's sentence each time) */
	"only moving fewer bytes could make it faster",
	"只有减少搬运的字节数才能更快",
	"剩下的空间很小",
	"限制它的是",
	/* the user's kernels: a line per kernel and size (item 4 moves
	 * all but one size to the details) */
	"not placed on the ladder",
	"没有放上阶梯",
	"its diagnosis finds",
	"Your kernel ",
	"你的核函数",
	"at the other rows of the table its counters give the same",
	"表中其余各行的计数器给出同样的诊断",
	"失败的核函数不会被放上阶梯",
	"**失败**",
	"分支发散、主机端求和步骤",
	"没有使用向量化读取",
	"共享内存 bank 冲突",
	"在阶梯上的位置",
	"诊断（依据它的计数器和资源",
	"逐行来看",
	"每一行的数据见",
	"给出了解决办法",
};

static bool is_layout(const char *clause)
{
	for (size_t i = 0; i < ARRAY_SIZE(layout); i++)
		if (strstr(clause, layout[i]))
			return true;
	return false;
}

/* Whether clause s (n bytes) is long enough to be a sentence: five
 * English words or ten Chinese characters. */
static bool long_enough(const char *s, size_t n)
{
	size_t words = 0, han = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (((c | 32) >= 'a' && (c | 32) <= 'z') &&
		    (i == 0 || !(((unsigned char)s[i - 1] | 32) >= 'a' &&
				 ((unsigned char)s[i - 1] | 32) <= 'z')))
			words++;
		if (c >= 0xe4 && c <= 0xe9)   /* a CJK ideograph's lead byte */
			han++;
	}
	return words >= 5 || han >= 10;
}

struct clauses {
	char **s;
	size_t n;
};

static void add_clause(struct clauses *c, const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '.' || s[n - 1] == ';' ||
		     s[n - 1] == ':'))
		n--;
	while (n && (*s == ' ' || *s == '-' || *s == '*')) {
		s++;
		n--;
	}
	if (!long_enough(s, n))
		return;
	c->s = xrealloc(c->s, (c->n + 1) * sizeof(*c->s));
	c->s[c->n++] = xasprintf("%.*s", (int)n, s);
}

/* The Chinese stops: 。；： */
static size_t zh_stop(const char *p)
{
	return !strncmp(p, "。", 3) || !strncmp(p, "；", 3) ||
	       !strncmp(p, "：", 3) ? 3 : 0;
}

/* The prose clauses of one line (links' targets left out). */
static void line_clauses(struct clauses *c, const char *line, size_t len)
{
	struct sbuf t = SBUF_INIT;
	const char *s, *p;

	for (size_t i = 0; i < len; i++) {
		if (line[i] == ']' && i + 1 < len && line[i + 1] == '(') {
			const char *e = memchr(line + i, ')', len - i);

			sbuf_addc(&t, ']');
			if (e) {
				i = (size_t)(e - line);
				continue;
			}
		}
		sbuf_addc(&t, line[i]);
	}
	s = p = sbuf_str(&t);
	while (*p) {
		size_t z = zh_stop(p);

		if (z || ((*p == '.' || *p == ';' || *p == ':' || *p == '!' ||
			   *p == '?') && (p[1] == ' ' || !p[1]))) {
			add_clause(c, s, (size_t)(p - s));
			p += z ? z : 1;
			s = p;
			continue;
		}
		p++;
	}
	add_clause(c, s, (size_t)(p - s));
	sbuf_release(&t);
}

/* Every prose clause of body md. */
static void body_clauses(struct clauses *c, char *md)
{
	char *line = md;

	strip_fences(md);
	while (line && *line) {
		char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line), k = len;

		while (k && line[k - 1] == ' ')
			k--;
		if (k && line[0] != '#' && line[0] != '|' &&
		    strncmp(line, "![", 2) && line[k - 1] != ':' &&
		    !(k >= 3 && !strncmp(line + k - 3, "：", 3)))
			line_clauses(c, line, k);
		line = end ? end + 1 : NULL;
	}
}

/* The clauses of md said more than twice, outside the layout's; one
 * line each into out. */
static size_t repeats(char *md, struct sbuf *out)
{
	struct clauses c = { 0 };
	size_t bad = 0;

	body_clauses(&c, md);
	for (size_t i = 0; i < c.n; i++) {
		size_t n = 0, first = i;

		for (size_t k = 0; k < c.n; k++)
			if (!strcmp(c.s[i], c.s[k])) {
				n++;
				if (k < first)
					first = k;
			}
		if (n > 2 && first == i && !is_layout(c.s[i])) {
			sbuf_addf(out, "  %zu×: %s\n", n, c.s[i]);
			bad++;
		}
	}
	for (size_t i = 0; i < c.n; i++)
		free(c.s[i]);
	free(c.s);
	return bad;
}

static char *render_body(const struct results *r, const char *lang)
{
	char dir[] = "/tmp/culab-test-repeats-XXXXXX";
	struct report_options o;
	char *path, *text;

	assert_non_null(mkdtemp(dir));
	report_test_options(&o, dir);
	o.charts = false;
	o.formats = REPORT_MD;
	assert_int_equal(report_render(r, &o), 0);
	path = xasprintf("%s/report.%s.md", dir, lang);
	text = slurp(path, NULL);
	assert_non_null(text);
	free(path);
	remove_tree(dir);
	return text;
}

/* The splitter itself: the old body's 22 repeats are caught, labels and
 * tables are not sentences. */
static void test_splitter(void **state)
{
	char md[] =
		"- **rung 4**, 1.40× faster. Why: warp instructions went from "
		"140 M to 66.8 M: below the bandwidth limit, the time follows "
		"the instructions issued per element.\n"
		"- **rung 7**, 1.72× faster. Why: warp instructions went from "
		"64.4 M to 35.6 M: below the bandwidth limit, the time follows "
		"the instructions issued per element.\n"
		"- **rung 8**, 1.25× faster. Why: warp instructions went from "
		"35.6 M to 20.5 M: below the bandwidth limit, the time follows "
		"the instructions issued per element.\n"
		"| a table row a table row a table row | x |\n"
		"| a table row a table row a table row | x |\n"
		"| a table row a table row a table row | x |\n"
		"The key lines of the steps that mattered:\n"
		"The key lines of the steps that mattered:\n"
		"The key lines of the steps that mattered:\n"
		"```\nthe same line of code in a block\nthe same line of code "
		"in a block\nthe same line of code in a block\n```\n"
		"原因：在带宽限制之下，时间随每个元素发出的指令数而变。原因：在带宽限制之下，"
		"时间随每个元素发出的指令数而变。原因：在带宽限制之下，时间随每个元素发出"
		"的指令数而变。\n";
	struct sbuf out = SBUF_INIT;

	(void)state;
	assert_int_equal(repeats(md, &out), 2);
	assert_non_null(strstr(sbuf_str(&out), "3×: below the bandwidth limit, "
			       "the time follows the instructions issued per "
			       "element"));
	assert_non_null(strstr(sbuf_str(&out), "3×: 在带宽限制之下"));
	sbuf_release(&out);
}

static void test_no_sentence_thrice(void **state)
{
	size_t bad = 0;
	struct sbuf all = SBUF_INIT;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(recorded); i++) {
		struct results r;

		if (!read_recorded(recorded[i], &r))
			continue;
		for (int L = 0; L < NLANG; L++) {
			char *body = render_body(&r, L ? "zh" : "en");
			struct sbuf out = SBUF_INIT;
			size_t n = repeats(body, &out);

			if (n)
				sbuf_addf(&all, "%s, report.%s.md:\n%s",
					  recorded[i], L ? "zh" : "en",
					  sbuf_str(&out));
			bad += n;
			sbuf_release(&out);
			free(body);
		}
		results_release(&r);
	}
	if (bad)
		fail_msg("sentences said more than twice in a body:\n%s",
			 sbuf_str(&all));
	sbuf_release(&all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_splitter),
		cmocka_unit_test(test_no_sentence_thrice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
