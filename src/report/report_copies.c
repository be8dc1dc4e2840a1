/* report_copies.c - similar submissions on the class page (issue 44).
 * See report_copies.h.
 *
 * Each student is compared with every earlier one (similar.h), and the
 * best match is kept: the gradebook's column, and the page's pair when
 * it is SIMILAR_THRESHOLD or more similar or the same source once
 * comments and whitespace are set aside (source_same.h, the wording
 * culab check uses).  The page shows a flagged pair's matching regions
 * (similar_spans) side by side, a row per line: GFM has no multi-line
 * cells, so a line is a code span after its number, with its pipes
 * escaped and a backquote fence longer than any run inside it.  The
 * section's sentences are a small table of their own, in both
 * languages, so that this file leaves the report's catalogue alone. */
#include "report_copies.h"

#include <stdlib.h>
#include <string.h>

#include "ladder/similar.h"
#include "ladder/source_same.h"
#include "base/util.h"

/* Rows of the side-by-side table a pair shows at most. */
#define PAIR_ROWS_MAX 80
/* Bytes of a line a cell shows at most (then "…"). */
/* The longest code span of a cell (code_cell). */
#define SPAN_BYTES 36
#define CELL_BYTES_MAX 120

struct copies {
	size_t n;
	const char *const *names;
	const char *const *texts;
	bool based;             /* a base was left out */
	struct similar_doc **doc;
	size_t *of;             /* the nearest earlier student, or n */
	double *score;
	bool *same;             /* the same source as *of's */
};

enum copies_msg {
	C_HEAD, C_INTRO, C_BASE, C_PAIR, C_SAME, C_NONE, C_MORE, C_BRIEF,
	C_BRIEF_PAIR, C_BRIEF_SAME, C__COUNT
};

static const char *const says[C__COUNT][NLANG] = {
	[C_HEAD] = { "Similar submissions", "相似的提交" },
	/* {1} the threshold */
	[C_INTRO] = {
		"Each student's source is compared with every earlier "
		"student's once names, layout, the order of independent "
		"statements and dead code are set aside (fingerprints winnowed "
		"as MOSS takes them, `src/ladder/similar.h`): the share of "
		"fingerprints two sources have in common is their similarity, "
		"and a student {1} or more similar to an earlier one is listed "
		"here beside the most similar, with the matching lines side by "
		"side.  A listing is for the teacher to read: it changes no "
		"score, and two students who each typed the same textbook "
		"kernel can be listed too.",
		"每个学生的源代码都与前面每个学生的比较，比较时忽略命名、排版、"
		"独立语句的顺序和死代码（按 MOSS 的方法取筛选后的指纹，"
		"`src/ladder/similar.h`）：两份源代码共有的指纹所占的比例即相似度；"
		"与前面某个学生的相似度达到 {1} 或以上的学生列在这里，与最相似的"
		"那位并列，并排给出相互匹配的行。列出仅供教师阅读：不改变任何"
		"得分；各自写出同一个教科书核函数的两个学生也可能被列出。" },
	[C_BASE] = { "The starter code every student was given is left out.",
		     "所有学生拿到的起始代码不计在内。" },
	/* {1} the later student, {2} the earlier, {3} the similarity */
	[C_PAIR] = { "**{1}** and **{2}**: {3} similar.",
		     "**{1}** 与 **{2}**：相似度 {3}。" },
	[C_SAME] = { "**{1}** and **{2}**: the same source once comments and "
		     "whitespace are set aside ({3} similar).",
		     "**{1}** 与 **{2}**：去掉注释和空白后源代码相同（相似度 "
		     "{3}）。" },
	/* {1} the threshold */
	[C_NONE] = { "No student is {1} or more similar to an earlier one.",
		     "没有哪个学生与前面的学生相似度达到 {1} 或以上。" },
	/* {1} how many */
	[C_MORE] = { "… {1} more rows", "……另有 {1} 行" },
	/* the class page's line: {1} how many are listed, {2} the list,
	 * {3} the threshold, {4} the page's link */
	[C_BRIEF] = {
		"**Similar submissions** ({1}, {3} or more similar to an earlier "
		"student once names, layout, the order of independent statements "
		"and dead code are set aside): {2}.  Their matching lines side "
		"by side are on [a page for the teacher]({4}); a listing changes "
		"no score.",
		"**相似的提交**（{1} 份；忽略命名、排版、独立语句的顺序和死代码后，"
		"与前面某个学生的相似度达到 {3} 或以上）：{2}。相互匹配的行并排列在"
		"[供教师阅读的页面]({4})上；列出不改变任何得分。" },
	/* {1} the later student, {2} the earlier, {3} the similarity */
	[C_BRIEF_PAIR] = { "{1} like {2} ({3})", "{1} 与 {2}（{3}）" },
	[C_BRIEF_SAME] = { "{1} the same as {2}", "{1} 与 {2} 相同" },
};

static void say(struct sbuf *b, enum lang L, enum copies_msg m,
		const char *const *args, size_t n)
{
	sbuf_addargs(b, says[m][L], args, n);
}

/* ---- the comparison -------------------------------------------------------- */

struct copies *copies_find(const char *const *names, const char *const *texts,
			   size_t n, const char *base)
{
	struct copies *c = xcalloc(1, sizeof(*c));
	struct similar_doc *bd = base ? similar_doc_new(base, strlen(base),
							 NULL) : NULL;
	char (*fp)[65] = xcalloc(n ? n : 1, sizeof(*fp));

	c->n = n;
	c->names = names;
	c->texts = texts;
	c->based = base != NULL;
	c->doc = xcalloc(n ? n : 1, sizeof(*c->doc));
	c->of = xcalloc(n ? n : 1, sizeof(*c->of));
	c->score = xcalloc(n ? n : 1, sizeof(*c->score));
	c->same = xcalloc(n ? n : 1, sizeof(*c->same));
	for (size_t i = 0; i < n; i++) {
		const char *t = texts[i];

		c->doc[i] = t ? similar_doc_new(t, strlen(t), bd) : NULL;
		if (!t || source_fingerprint(t, strlen(t), fp[i]) < 0)
			fp[i][0] = '\0';
		c->of[i] = n;
		for (size_t j = 0; j < i && !c->same[i]; j++) {
			double s = similar_score(c->doc[i], c->doc[j]);

			if (fp[i][0] && !strcmp(fp[i], fp[j])) {
				c->same[i] = true;
				c->of[i] = j;
				c->score[i] = s;
			} else if (s > c->score[i]) {
				c->of[i] = j;
				c->score[i] = s;
			}
		}
	}
	similar_doc_free(bd);
	free(fp);
	return c;
}

void copies_free(struct copies *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		similar_doc_free(c->doc[i]);
	free(c->doc);
	free(c->of);
	free(c->score);
	free(c->same);
	free(c);
}

bool copies_nearest(const struct copies *c, size_t i, size_t *of,
		    double *score)
{
	if (!c || i >= c->n || c->of[i] >= c->n) {
		*of = i;
		*score = 0;
		return false;
	}
	*of = c->of[i];
	*score = c->score[i];
	return true;
}

bool copies_flagged(const struct copies *c, size_t i, bool *same)
{
	bool s = c && i < c->n && c->of[i] < c->n && c->same[i];

	if (same)
		*same = s;
	return c && i < c->n && c->of[i] < c->n &&
	       (s || similar_flagged(c->score[i]));
}

size_t copies_count(const struct copies *c)
{
	size_t k = 0;

	for (size_t i = 0; c && i < c->n; i++)
		k += copies_flagged(c, i, NULL);
	return k;
}

/* ---- the page ----------------------------------------------------------------- */

/* Line `line` (1-based) of text: its start, and its length in *len;
 * NULL past the end. */
static const char *line_of(const char *text, int line, size_t *len)
{
	const char *p = text;

	for (int k = 1; k < line && p; k++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p || (!*p && line > 1))
		return NULL;
	*len = strcspn(p, "\n");
	return p;
}

/* Appends s[0..n) as one code span, fenced by more backquotes than any
 * run inside. */
static void span(struct sbuf *b, const char *s, size_t n)
{
	size_t run = 0, longest = 0, fence;
	bool pad = s[0] == '`' || s[n - 1] == '`';

	for (size_t i = 0; i < n; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	fence = longest + 1;
	for (size_t i = 0; i < fence; i++)
		sbuf_addc(b, '`');
	/* a span that starts or ends with a backquote needs a blank, which
	 * the span then drops */
	if (pad)
		sbuf_addc(b, ' ');
	sbuf_addn(b, s, n);
	if (pad)
		sbuf_addc(b, ' ');
	for (size_t i = 0; i < fence; i++)
		sbuf_addc(b, '`');
}

/* Appends line s[0..n) as a table cell's code: blanks at either end
 * dropped, tabs as blanks, control characters as '?', at most
 * CELL_BYTES_MAX bytes (then "…", never inside a UTF-8 character), '|'
 * escaped; in spans of at most SPAN_BYTES cut at blanks, since a code
 * span in a table never breaks (report_html.c): two lines side by side
 * then wrap within the page instead of widening the table past it. */
static void code_cell(struct sbuf *b, const char *s, size_t n)
{
	struct sbuf t = SBUF_INIT;
	bool cut = false;
	size_t at = 0;

	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	if (n > CELL_BYTES_MAX) {
		cut = true;
		n = CELL_BYTES_MAX;
		while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '|')
			sbuf_add(&t, "\\|");
		else if (c == '\t')
			sbuf_addc(&t, ' ');
		else
			sbuf_addc(&t, c < 0x20 || c == 0x7f ? '?' : (char)c);
	}
	if (cut)
		sbuf_add(&t, "…");
	while (at < t.len) {
		size_t end = at, next;

		while (t.buf[at] == ' ')
			at++;
		if (at == t.len)
			break;
		/* words up to SPAN_BYTES, at least one */
		for (end = at; end < t.len;) {
			next = end + 1 + strcspn(t.buf + end + 1, " ");
			if (end > at && next - at > SPAN_BYTES)
				break;
			end = next;
		}
		if (at)
			sbuf_addc(b, ' ');
		span(b, t.buf + at, end - at);
		at = end;
	}
	sbuf_release(&t);
}

/* Appends the cell of line `line` of text: its number and its code;
 * nothing for line 0 or past the end of the text. */
static void line_cell(struct sbuf *b, const char *text, int line)
{
	const char *s;
	size_t n;

	if (line < 1 || !(s = line_of(text, line, &n)))
		return;
	sbuf_addf(b, "%d ", line);
	code_cell(b, s, n);
}

/* The matching lines of the pair earlier `j`, later `i`, side by side,
 * a row per pair of lines (similar_lines), earlier on the left; a line
 * that pairs with several of the other side's is shown once, beside the
 * first. */
static void pair_table(struct sbuf *b, enum lang L, const struct copies *c,
		       size_t j, size_t i)
{
	struct similar_line *l = NULL;
	size_t nl = similar_lines(c->doc[j], c->doc[i], &l);
	struct pool p = { .n = 0 };

	if (!nl)
		return;
	sbuf_addf(b, "\n| %s | %s |\n| --- | --- |\n",
		  pool_md(&p, c->names[j]), pool_md(&p, c->names[i]));
	for (size_t r = 0; r < nl; r++) {
		if (r == PAIR_ROWS_MAX) {
			char more[24];

			snprintf(more, sizeof(more), "%zu", nl - r);
			sbuf_add(b, "| ");
			say(b, L, C_MORE, (const char *const[]){ more }, 1);
			sbuf_add(b, " | |\n");
			break;
		}
		sbuf_add(b, "| ");
		line_cell(b, c->texts[j], r && l[r].a == l[r - 1].a ? 0 : l[r].a);
		sbuf_add(b, " | ");
		line_cell(b, c->texts[i], r && l[r].b == l[r - 1].b ? 0 : l[r].b);
		sbuf_add(b, " |\n");
	}
	pool_release(&p);
	free(l);
}

/* Whether student i is flagged; with its similarity as "85.7 %" in
 * pct[size] and whether it is the same source in *same. */
static bool flagged_pct(const struct copies *c, size_t i, char *pct,
			size_t size, bool *same)
{
	if (!copies_flagged(c, i, same))
		return false;
	snprintf(pct, size, "%s %%", PCT(100 * c->score[i]));
	return true;
}

void copies_section(struct sbuf *b, enum lang L, const struct copies *c,
		    int level)
{
	char threshold[32];
	size_t shown = 0;

	if (!c || c->n < 2)
		return;
	snprintf(threshold, sizeof(threshold), "%g %%",
		 100 * SIMILAR_THRESHOLD);
	for (int k = 0; k < level; k++)
		sbuf_addc(b, '#');
	sbuf_addf(b, " %s\n\n", says[C_HEAD][L]);
	say(b, L, C_INTRO, (const char *const[]){ threshold }, 1);
	if (c->based) {
		sbuf_addc(b, ' ');
		say(b, L, C_BASE, NULL, 0);
	}
	sbuf_addc(b, '\n');
	for (size_t i = 0; i < c->n; i++) {
		struct pool p = { .n = 0 };
		char pct[FMT_SIZE + 4];
		bool same;

		if (!flagged_pct(c, i, pct, sizeof(pct), &same))
			continue;
		sbuf_addc(b, '\n');
		say(b, L, same ? C_SAME : C_PAIR, (const char *const[]){
			pool_md(&p, c->names[i]),
			pool_md(&p, c->names[c->of[i]]), pct }, 3);
		sbuf_addc(b, '\n');
		pair_table(b, L, c, c->of[i], i);
		pool_release(&p);
		shown++;
	}
	if (!shown) {
		sbuf_addc(b, '\n');
		say(b, L, C_NONE, (const char *const[]){ threshold }, 1);
		sbuf_addc(b, '\n');
	}
	block_trim(b);
}

void copies_brief(struct sbuf *b, enum lang L, const struct copies *c,
		  const char *link)
{
	struct sbuf list = SBUF_INIT;
	char threshold[32], count[24];
	size_t shown = 0;

	if (!c || !copies_count(c))
		return;
	snprintf(threshold, sizeof(threshold), "%g %%",
		 100 * SIMILAR_THRESHOLD);
	for (size_t i = 0; i < c->n; i++) {
		struct pool p = { .n = 0 };
		char pct[FMT_SIZE + 4];
		bool same;

		if (!flagged_pct(c, i, pct, sizeof(pct), &same))
			continue;
		if (shown++)
			sbuf_add(&list, L == ZH ? "；" : "; ");
		say(&list, L, same ? C_BRIEF_SAME : C_BRIEF_PAIR,
		    (const char *const[]){ pool_md(&p, c->names[i]),
					   pool_md(&p, c->names[c->of[i]]),
					   pct }, 3);
		pool_release(&p);
	}
	snprintf(count, sizeof(count), "%zu", shown);
	say(b, L, C_BRIEF, (const char *const[]){ count, sbuf_str(&list),
						  threshold, link }, 4);
	sbuf_release(&list);
}
