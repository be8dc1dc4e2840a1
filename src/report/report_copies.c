/* report_copies.c - similar submissions on the class page (issue 44).
 * See report_copies.h.
 *
 * Each student is compared with every earlier one (similar.h) on what
 * they wrote beyond the textbook: the ladder's rungs' own code, the
 * starter code and what most of the class shares are left out of both
 * (similar_class_base, the same as culab check).  The best match is
 * kept: the gradebook's column, and the page's pair when it is flagged
 * (similar_flagged_pair) or the same source once comments and
 * whitespace are set aside (source_same.h, the wording culab check
 * uses).  The best match with nothing left out but the starter code is
 * kept too, so that the page can say which students were alike in the
 * textbook alone, without listing them.  The page shows a flagged pair's matching regions
 * (similar_spans) side by side, a row per line: GFM has no multi-line
 * cells, so a line is a code span after its number, with its pipes
 * escaped and a backquote fence longer than any run inside it.  The
 * section's sentences are a small table of their own, in both
 * languages, so that this file leaves the report's catalogue alone. */
#include "report_copies.h"

#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "ladder/similar.h"
#include "ladder/source_same.h"
#include "base/textlines.h"
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
	size_t *shared;         /* fingerprints shared with *of */
	bool *same;             /* the same source as *of's */
	size_t *raw_of;         /* the nearest with only the starter left out */
	double *raw_score;
};

enum copies_msg {
	C_HEAD, C_INTRO, C_BASE, C_PAIR, C_SAME, C_NONE, C_MORE, C_BRIEF,
	C_BRIEF_PAIR, C_BRIEF_SAME, C_TEXTBOOK, C_TEXTBOOK_PAIR, C__COUNT
};

static const char *const says[C__COUNT][NLANG] = {
	[C_HEAD] = { "Similar submissions", "相似的提交" },
	/* {1} the threshold */
	[C_INTRO] = {
		"Each student's source is compared with every earlier "
		"student's once names, layout, the order of independent "
		"statements and dead code are set aside (fingerprints winnowed "
		"as MOSS takes them, `src/ladder/similar.h`), on what they "
		"wrote beyond the textbook: the code of the ladder's rungs and "
		"code that more than half of the class shares are left out of "
		"both.  The share of the remaining fingerprints two sources "
		"have in common is their similarity, and a student {1} or more "
		"similar to an earlier one, sharing {2} or more fingerprints "
		"with it, is listed here beside the most similar, with the "
		"matching lines side by side.  A listing is for the teacher to "
		"read: it changes no score.",
		"每个学生的源代码都与前面每个学生的比较，比较时忽略命名、排版、"
		"独立语句的顺序和死代码（按 MOSS 的方法取筛选后的指纹，"
		"`src/ladder/similar.h`），只比较教科书以外自己写的部分：阶梯各级"
		"的代码和班上超过一半的学生共有的代码从两边都去掉。剩下的指纹中"
		"两份源代码共有的比例即相似度；与前面某个学生的相似度达到 {1} "
		"或以上、且共有至少 {2} 个指纹的学生列在这里，与最相似的那位并列，"
		"并排给出相互匹配的行。列出仅供教师阅读：不改变任何得分。" },
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
		"student in what they wrote beyond the textbook, once names, "
		"layout, the order of independent statements and dead code are "
		"set aside): {2}.  Their matching lines side "
		"by side are on [a page for the teacher]({4}); a listing changes "
		"no score.",
		"**相似的提交**（{1} 份；忽略命名、排版、独立语句的顺序和死代码后，"
		"在教科书以外自己写的部分上与前面某个学生的相似度达到 {3} 或以上）：{2}。相互匹配的行并排列在"
		"[供教师阅读的页面]({4})上；列出不改变任何得分。" },
	/* {1} the later student, {2} the earlier, {3} the similarity */
	[C_BRIEF_PAIR] = { "{1} like {2} ({3})", "{1} 与 {2}（{3}）" },
	[C_BRIEF_SAME] = { "{1} the same as {2}", "{1} 与 {2} 相同" },
	/* {1} the list of pairs (C_TEXTBOOK_PAIR) */
	[C_TEXTBOOK] = {
		"Alike only in the textbook's code, so not listed: {1}.  "
		"What they share is the ladder's or most of the class's, "
		"which is no sign that one copied the other.",
		"仅在教科书的代码上相似，因此不列出：{1}。它们共有的是阶梯"
		"或班上多数人共有的代码，不能说明谁抄了谁。" },
	/* {1} the later student, {2} the earlier, {3} the similarity with
	 * nothing set aside but the starter code */
	[C_TEXTBOOK_PAIR] = {
		"**{1}** and **{2}** ({3} before it is set aside)",
		"**{1}** 与 **{2}**（去掉之前相似度 {3}）" },
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
	struct similar_doc *bd = base ? similar_base_new(base, strlen(base))
				      : NULL;
	struct similar_doc *tb = registry_textbook(), *known, *cb;
	const struct similar_doc *two[] = { tb, bd };
	char (*fp)[65] = xcalloc(n ? n : 1, sizeof(*fp));
	size_t *len = xcalloc(n ? n : 1, sizeof(*len));
	struct similar_doc **raw = xcalloc(n ? n : 1, sizeof(*raw));

	c->n = n;
	c->names = names;
	c->texts = texts;
	c->based = base != NULL;
	c->doc = xcalloc(n ? n : 1, sizeof(*c->doc));
	c->of = xcalloc(n ? n : 1, sizeof(*c->of));
	c->score = xcalloc(n ? n : 1, sizeof(*c->score));
	c->shared = xcalloc(n ? n : 1, sizeof(*c->shared));
	c->same = xcalloc(n ? n : 1, sizeof(*c->same));
	c->raw_of = xcalloc(n ? n : 1, sizeof(*c->raw_of));
	c->raw_score = xcalloc(n ? n : 1, sizeof(*c->raw_score));
	for (size_t i = 0; i < n; i++)
		len[i] = texts[i] ? strlen(texts[i]) : 0;
	known = similar_common(two, 2, 1, NULL);
	cb = similar_class_base(texts, len, n, known);
	for (size_t i = 0; i < n; i++) {
		const char *t = texts[i];

		c->doc[i] = t ? similar_doc_new(t, len[i], cb) : NULL;
		raw[i] = t ? similar_doc_new(t, len[i], bd) : NULL;
		if (!t || source_fingerprint(t, len[i], fp[i]) < 0)
			fp[i][0] = '\0';
		c->of[i] = c->raw_of[i] = n;
		for (size_t j = 0; j < i; j++) {
			double r = similar_score(raw[i], raw[j]);

			if (r > c->raw_score[i]) {
				c->raw_of[i] = j;
				c->raw_score[i] = r;
			}
		}
		for (size_t j = 0; j < i && !c->same[i]; j++) {
			double s = similar_score(c->doc[i], c->doc[j]);

			if (fp[i][0] && !strcmp(fp[i], fp[j])) {
				c->same[i] = true;
				c->of[i] = j;
				c->score[i] = s;
				c->shared[i] = similar_shared(c->doc[i],
							      c->doc[j]);
			} else if (s > c->score[i]) {
				c->of[i] = j;
				c->score[i] = s;
				c->shared[i] = similar_shared(c->doc[i],
							      c->doc[j]);
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		similar_doc_free(raw[i]);
	free(raw);
	free(len);
	similar_doc_free(cb);
	similar_doc_free(known);
	similar_doc_free(tb);
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
	free(c->shared);
	free(c->same);
	free(c->raw_of);
	free(c->raw_score);
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
	       (s || similar_flagged_pair(c->score[i], c->shared[i]));
}

size_t copies_count(const struct copies *c)
{
	size_t k = 0;

	for (size_t i = 0; c && i < c->n; i++)
		k += copies_flagged(c, i, NULL);
	return k;
}

/* ---- the page ----------------------------------------------------------------- */

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

/* Appends the cell of line `line` of text (x: its lines, indexed once
 * for the pair's table): its number and its code; nothing for line 0 or
 * past the end of the text. */
static void line_cell(struct sbuf *b, const char *text,
		      const struct text_lines *x, int line)
{
	const char *s;
	size_t n;

	if (line < 1 || !(s = text_line(x, text, line, &n)))
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
	struct text_lines xj, xi;

	if (!nl)
		return;
	text_lines_index(&xj, c->texts[j]);
	text_lines_index(&xi, c->texts[i]);
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
		line_cell(b, c->texts[j], &xj,
			  r && l[r].a == l[r - 1].a ? 0 : l[r].a);
		sbuf_add(b, " | ");
		line_cell(b, c->texts[i], &xi,
			  r && l[r].b == l[r - 1].b ? 0 : l[r].b);
		sbuf_add(b, " |\n");
	}
	text_lines_release(&xj);
	text_lines_release(&xi);
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

/* Appends, after the section's pairs, the pairs that were alike before
 * the textbook's code was left out and are not flagged after, each once
 * beside its nearest earlier student then; nothing when there are
 * none. */
static void textbook_pairs(struct sbuf *b, enum lang L,
			   const struct copies *c)
{
	struct sbuf list = SBUF_INIT;
	size_t shown = 0;

	for (size_t i = 0; i < c->n; i++) {
		struct pool p = { .n = 0 };
		char pct[FMT_SIZE + 4];

		if (copies_flagged(c, i, NULL) || c->raw_of[i] >= c->n ||
		    !similar_flagged(c->raw_score[i]))
			continue;
		snprintf(pct, sizeof(pct), "%s %%",
			 PCT(100 * c->raw_score[i]));
		if (shown++)
			sbuf_add(&list, L == ZH ? "；" : "; ");
		say(&list, L, C_TEXTBOOK_PAIR, (const char *const[]){
			pool_md(&p, c->names[i]),
			pool_md(&p, c->names[c->raw_of[i]]), pct }, 3);
		pool_release(&p);
	}
	if (shown) {
		sbuf_addc(b, '\n');
		say(b, L, C_TEXTBOOK, (const char *const[]){ sbuf_str(&list) },
		    1);
		sbuf_addc(b, '\n');
	}
	sbuf_release(&list);
}

void copies_section(struct sbuf *b, enum lang L, const struct copies *c,
		    int level)
{
	char threshold[32], min[24];
	size_t shown = 0;

	if (!c || c->n < 2)
		return;
	snprintf(threshold, sizeof(threshold), "%g %%",
		 100 * SIMILAR_THRESHOLD);
	for (int k = 0; k < level; k++)
		sbuf_addc(b, '#');
	sbuf_addf(b, " %s\n\n", says[C_HEAD][L]);
	snprintf(min, sizeof(min), "%d", SIMILAR_MIN_SHARED);
	say(b, L, C_INTRO, (const char *const[]){ threshold, min }, 2);
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
	textbook_pairs(b, L, c);
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
