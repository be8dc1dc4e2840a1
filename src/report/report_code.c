/* report_code.c - the code in the report: each rung's key lines and the
 * source of the user's own kernels, with file and line numbers.  See
 * report_int.h.
 *
 * Both come from the results alone, so a report rendered on another
 * machine shows the code that was measured: a built-in rung's key lines
 * are the region of kernels/ that the build marked (`culab:key NAME` ...
 * `culab:end`, src/ladder/key_lines.awk) and the run copied into the
 * variant's description (code_file, code_line, code_text); a user
 * kernel's source is the file the run compiled (source_file,
 * source_text), of which the report shows the kernel's function.
 * Results written before culab recorded the key lines render without
 * them. */
#include "report_int.h"
#include "report_code.h"
#include "report_html.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "base/textlines.h"
#include "base/util.h"

/* Lines of a user kernel's file the report shows at most. */
#define USER_CODE_MAX_LINES 200

void md_fence(struct sbuf *b, const char *info, const char *text)
{
	size_t run = 0, longest = 0, fence;

	for (const char *p = text; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	fence = longest < 3 ? 3 : longest + 1;
	for (size_t i = 0; i < fence; i++)
		sbuf_addc(b, '`');
	sbuf_add(b, info);
	sbuf_addc(b, '\n');
	sbuf_add(b, text);
	if (b->len && b->buf[b->len - 1] != '\n')
		sbuf_addc(b, '\n');
	for (size_t i = 0; i < fence; i++)
		sbuf_addc(b, '`');
	sbuf_addc(b, '\n');
}

void md_code(struct sbuf *b, const char *s)
{
	if (!s || !*s || strpbrk(s, "`|\n\r") || s[0] == ' ' ||
	    s[strlen(s) - 1] == ' ') {
		md_text(b, s);
		return;
	}
	sbuf_addc(b, '`');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		sbuf_addc(b, *p < 0x20 || *p == 0x7f ? '?' : (char)*p);
	sbuf_addc(b, '`');
}

/* The leading blanks of line [s, e) in columns (tabs to multiples of
 * 8), or -1 for a blank line. */
static int indent_of(const char *s, const char *e)
{
	int col = 0;

	for (; s < e; s++)
		if (*s == '\t')
			col = (col / 8 + 1) * 8;
		else if (*s == ' ')
			col++;
		else
			return col;
	return -1;
}

/* Appends line [s, e) from column `drop` on, tabs expanded to multiples
 * of 8 (a tab's width differs between viewers, and continuation lines
 * are aligned for 8); control characters but tabs become '?'. */
static void expanded(struct sbuf *b, const char *s, const char *e, int drop)
{
	int col = 0;

	for (; s < e; s++) {
		if (*s == '\t') {
			int next = (col / 8 + 1) * 8;

			for (; col < next; col++)
				if (col >= drop)
					sbuf_addc(b, ' ');
			continue;
		}
		if (*s == '\r')
			continue;
		if (col >= drop)
			sbuf_addc(b, (unsigned char)*s < 0x20 || *s == 0x7f ?
				     '?' : *s);
		col++;
	}
}

bool key_marker(const char *s, const char *e)
{
	static const char key[] = "/* culab:key ", end[] = "/* culab:end */";

	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	return ((size_t)(e - s) > strlen(key) && !strncmp(s, key, strlen(key))) ||
	       ((size_t)(e - s) >= strlen(end) && !strncmp(s, end, strlen(end)));
}

/* Whether line [s, e) is a preprocessor directive. */
static bool preprocessor(const char *s, const char *e)
{
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	return s < e && *s == '#';
}

/* Lines first..last (1-based, inclusive) of text, with the file's line
 * numbers before them and their common indentation taken off, appended
 * to body (no fence); with `markers` false, a line that is a key-lines
 * marker is left out (its number with it). */
static void numbered_text(struct sbuf *body, const char *text, int line0,
			  int first, int last, bool markers)
{
	int drop = -1, width;
	char num[24];
	const char *p = text;

	snprintf(num, sizeof(num), "%d", line0 + last - 1);
	width = (int)strlen(num);
	for (int pass = 0; pass < 2; pass++) {
		int line = 1;

		for (p = text; *p && line <= last; line++) {
			const char *e = strchr(p, '\n');

			if (!e)
				e = p + strlen(p);
			if (line >= first && (markers || !key_marker(p, e))) {
				int in = indent_of(p, e);

				/* a preprocessor line (`#pragma unroll`)
				 * starts at column 0 whatever the code's
				 * depth: it does not set the indentation */
				if (pass == 0 && in >= 0 &&
				    !preprocessor(p, e) &&
				    (drop < 0 || in < drop))
					drop = in;
				if (pass == 1) {
					sbuf_addf(body, "%*d  ", width,
						  line0 + line - 1);
					expanded(body, p, e, drop < 0 ? 0 :
						 in >= 0 && in < drop ? in :
						 drop);
					while (body->len &&
					       body->buf[body->len - 1] == ' ')
						body->buf[--body->len] = '\0';
					sbuf_addc(body, '\n');
				}
			}
			p = *e ? e + 1 : e;
		}
	}
}

/* The same as a fenced block. */
static void numbered(struct sbuf *b, const char *text, int line0, int first,
		     int last, bool markers)
{
	struct sbuf body = SBUF_INIT;

	numbered_text(&body, text, line0, first, last, markers);
	md_fence(b, "cuda", sbuf_str(&body));
	sbuf_release(&body);
}

/* How many lines text has (a last line without '\n' counts). */
static int line_count(const char *text)
{
	int n = 0;

	for (const char *p = text; *p; p++)
		n += *p == '\n';
	return n + (*text && text[strlen(text) - 1] != '\n');
}

struct code_span key_span(const struct variant *v)
{
	return (struct code_span){ v->code_file, v->code_line, v->code_text };
}

struct code_span before_span(const struct variant *v)
{
	return (struct code_span){ v->before_file, v->before_line,
				   v->before_text };
}

bool has_key_lines(const struct variant *v)
{
	return v && v->code_text && *v->code_text && v->code_line > 0;
}

bool has_before_lines(const struct variant *v)
{
	return v && v->before_text && *v->before_text && v->before_line > 0;
}

void span_place(struct sbuf *b, struct code_span s)
{
	int last = s.line + line_count(s.text) - 1;

	sbuf_addf(b, "%s:%d", s.file ? s.file : "?", s.line);
	if (last > s.line)
		sbuf_addf(b, "–%d", last);
}

static void key_lines_place(struct sbuf *b, const struct variant *v)
{
	span_place(b, key_span(v));
}

void key_lines_where(struct sbuf *b, const struct variant *v)
{
	struct sbuf where = SBUF_INIT;

	key_lines_place(&where, v);
	md_code(b, sbuf_str(&where));
	sbuf_release(&where);
}

void key_lines(struct sbuf *b, const struct variant *v)
{
	numbered(b, v->code_text, v->code_line, 1, line_count(v->code_text),
		 false);
}

void key_lines_pair(struct sbuf *b, struct code_span a, const char *head_a,
		    struct code_span v, const char *head_b)
{
	struct sbuf body = SBUF_INIT;

	sbuf_addf(&body, "%s %s\n", KEY_PAIR_HEAD, head_a);
	numbered_text(&body, a.text, a.line, 1, line_count(a.text), false);
	sbuf_addf(&body, "%s %s\n", KEY_PAIR_HEAD, head_b);
	numbered_text(&body, v.text, v.line, 1, line_count(v.text), false);
	md_fence(b, KEY_PAIR_INFO, sbuf_str(&body));
	sbuf_release(&body);
}

static char *code_quote_line(const char *p, size_t len, size_t max);

char *code_quote(const char *text, int line0, int line, size_t max)
{
	const char *p = text;

	if (!p || line < line0)
		return NULL;
	for (int i = line0; i < line && p; i++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (!p || !*p)
		return NULL;
	return code_quote_line(p, strcspn(p, "\n"), max);
}

/* code_quote of the line p[0..len) (no newline in it). */
static char *code_quote_line(const char *p, size_t len, size_t max)
{
	const char *e = p + len;
	struct sbuf b = SBUF_INIT;
	bool blank = false;

	for (const char *s = p; s < e; s++) {
		if (s[0] == '/' && s + 1 < e && s[1] == '/' &&
		    !memchr(p, '"', (size_t)(s - p)))
			break;
		if (*s == ' ' || *s == '\t' || *s == '\r') {
			blank = b.len > 0;
			continue;
		}
		if (blank)
			sbuf_addc(&b, ' ');
		blank = false;
		sbuf_addc(&b, *s);
	}
	if (!b.len) {
		sbuf_release(&b);
		return NULL;
	}
	if (b.len > max) {
		size_t cut = max;

		/* not inside a UTF-8 character */
		while (cut && ((unsigned char)b.buf[cut] & 0xc0) == 0x80)
			cut--;
		b.buf[cut] = '\0';
		b.len = cut;
		sbuf_add(&b, "…");
	}
	return sbuf_detach(&b);
}

char *code_quote_source(const struct model *m, const char *text, int line,
			size_t max)
{
	const struct text_lines *x = m ? model_text_lines(m, text) : NULL;
	const char *p;
	size_t len;

	if (!x)
		return code_quote(text, 1, line, max);
	p = text_line(x, text, line, &len);
	return p ? code_quote_line(p, len, max) : NULL;
}

const char *path_base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* ---- the user's kernels ---------------------------------------------- */

/* The function a user kernel's `source` names ("file.cu:name<256>" ->
 * "name"), or "" when it names none; written to buf. */
static const char *function_name(const struct variant *v, char *buf,
				 size_t size)
{
	const char *at = v->source ? strrchr(v->source, ':') : NULL;
	size_t n = 0;

	buf[0] = '\0';
	if (!at)
		return buf;
	for (at++; at[n] && (isalnum((unsigned char)at[n]) || at[n] == '_') &&
		   n + 1 < size; n++)
		buf[n] = at[n];
	buf[n] = '\0';
	return buf;
}

/* Where the line holding byte p of text is: its 1-based number. */
static int line_at(const char *text, const char *p)
{
	int line = 1;

	for (const char *q = text; q < p; q++)
		line += *q == '\n';
	return line;
}

/* The lines of the __global__ function `name` in text: *first and *last
 * (1-based), from its `template` or `__global__` line to the brace that
 * closes its body.  Returns false when it cannot be found. */
static bool function_lines(const char *text, const char *name, int *first,
			   int *last)
{
	size_t n = strlen(name);
	const char *p = text;

	while (n && (p = strstr(p, name)) != NULL) {
		const char *q = p + n, *g, *start;
		int depth = 0;
		bool comment = false, line_comment = false, opened = false;

		if ((p > text && (isalnum((unsigned char)p[-1]) ||
				  p[-1] == '_')) ||
		    isalnum((unsigned char)*q) || *q == '_') {
			p = q;
			continue;
		}
		while (*q == ' ' || *q == '\t' || *q == '\n')
			q++;
		/* a definition: name( ... ) {, with __global__ in the three
		 * lines before or on its own */
		start = p;
		for (int lines = 0; start > text && lines < 4; start--)
			lines += start[-1] == '\n';
		g = strstr(start, "__global__");
		if (*q != '(' || !g || g > p) {
			p += n;
			continue;
		}
		/* back to the line of __global__, or a template line above */
		while (g > text && g[-1] != '\n')
			g--;
		if (g > text) {
			const char *prev = g - 1;

			while (prev > text && prev[-1] != '\n')
				prev--;
			if (!strncmp(prev, "template", 8))
				g = prev;
		}
		*first = line_at(text, g);
		for (; *q; q++) {
			if (line_comment) {
				line_comment = *q != '\n';
			} else if (comment) {
				if (q[0] == '*' && q[1] == '/')
					comment = false, q++;
			} else if (q[0] == '/' && q[1] == '/') {
				line_comment = true;
			} else if (q[0] == '/' && q[1] == '*') {
				comment = true;
				q++;
			} else if (*q == ';' && !opened) {
				break;  /* a declaration, not the definition */
			} else if (*q == '{') {
				depth++;
				opened = true;
			} else if (*q == '}' && opened && --depth == 0) {
				*last = line_at(text, q);
				return true;
			}
		}
		p += n;
	}
	return false;
}

/* Whether a user kernel of the same file and function came before
 * variants[i] (they are shown once). */
static bool user_code_shown(const struct results *r, size_t i)
{
	const struct variant *v = r->variants[i];
	char a[128], b[128];

	for (size_t k = 0; k < i; k++) {
		const struct variant *w = r->variants[k];

		if ((w->flags & VF_USER) && w->source_text &&
		    str_eq(w->source_file, v->source_file) &&
		    str_eq(function_name(w, a, sizeof(a)),
			   function_name(v, b, sizeof(b))))
			return true;
	}
	return false;
}

/* Variant v's function (or whole file, when it cannot be found) with
 * its line numbers, after a line saying which it is. */
static void user_code_one(struct sbuf *b, enum lang L,
			  const struct variant *v)
{
	struct pool p = { .n = 0 };
	struct sbuf name = SBUF_INIT;
	char fn[128], a[16], z[16];
	int first = 1, last = line_count(v->source_text);
	bool whole = !function_lines(v->source_text,
				     function_name(v, fn, sizeof(fn)),
				     &first, &last);

	if (last - first + 1 > USER_CODE_MAX_LINES)
		last = first + USER_CODE_MAX_LINES - 1;
	snprintf(a, sizeof(a), "%d", first);
	snprintf(z, sizeof(z), "%d", last);
	md_code(&name, v->name);
	SAY(b, L, whole ? M_UCODE_FILE : M_UCODE_FN, sbuf_str(&name),
	    pool_md(&p, v->source_file ? v->source_file : v->source), a, z);
	pool_release(&p);
	sbuf_release(&name);
	sbuf_add(b, "\n\n");
	numbered(b, v->source_text, 1, first, last, true);
}

void blk_user_code(const struct model *m, enum lang L, struct sbuf *b)
{
	const struct results *r = m->r;
	bool any = false;

	for (size_t i = 0; i < r->nvariants; i++) {
		const struct variant *v = r->variants[i];

		if (!(v->flags & VF_USER) || v->submission ||
		    !v->source_text || !*v->source_text ||
		    user_code_shown(r, i))
			continue;
		if (!any)
			sbuf_add(b, say_text(L, M_UCODE_INTRO));
		sbuf_add(b, any ? "\n" : "\n\n");
		any = true;
		user_code_one(b, L, v);
	}
	block_trim(b);
}

void user_code_of(const struct model *m, const char *name, enum lang L,
		  struct sbuf *b)
{
	const struct variant *v = model_variant(m, name);

	if (!v || !v->source_text || !*v->source_text)
		return;
	sbuf_add(b, say_text(L, M_UCODE_INTRO));
	sbuf_add(b, "\n\n");
	user_code_one(b, L, v);
}

/* ---- a line of a kernel, quoted where the report names it ------------ */

/* Characters of a line the body quotes at most. */
#define WHERE_QUOTE_MAX 72

/* Whether `file` (as the line tables name it) is v's own: the user's
 * source, or the built-in rung's key-lines file. */
bool code_own_file(const struct variant *v, const char *file)
{
	const char *own = v ? (v->source_text ? v->source_file : v->code_file) :
		NULL;

	if (!own || !file)
		return false;
	return str_eq(own, file) ||
	       (v->source_text && str_eq(path_base(own), path_base(file)));
}

/* Line `line` of `file` quoted, or NULL: from the user's source when it
 * is v's own file, else from the key lines of any built-in variant of
 * the results that hold it, or the lines a variant's step replaced
 * (results keep those of kernels/, not the whole files). */
char *code_quote_at(const struct model *m, const struct variant *v,
		    const char *file, int line, size_t max)
{
	const struct results *r = m->r;

	if (!file)
		return NULL;
	if (v && v->source_text)
		return code_own_file(v, file) ?
		       code_quote_source(m, v->source_text, line, max) : NULL;
	if (v && v->code_text && str_eq(v->code_file, file)) {
		char *q = code_quote(v->code_text, v->code_line, line, max);

		if (q)
			return q;
	}
	for (size_t i = 0; i < r->nvariants; i++) {
		const struct variant *o = r->variants[i];
		char *q;

		if (o->code_text && str_eq(o->code_file, file) &&
		    (q = code_quote(o->code_text, o->code_line, line, max)))
			return q;
		/* the lines a rung's step replaced (culab:key before:) */
		if (o->before_text && str_eq(o->before_file, file) &&
		    (q = code_quote(o->before_text, o->before_line, line,
				    max)))
			return q;
	}
	return NULL;
}

void code_line_where(struct sbuf *b, enum lang L, const struct model *m,
		     const struct variant *v, const struct source_line *sl)
{
	char *q = code_quote_at(m, v, sl->file, sl->line, WHERE_QUOTE_MAX);
	struct sbuf c = SBUF_INIT;
	char num[16];

	if (q) {
		sbuf_addc(&c, ' ');
		md_code(&c, q);
	}
	if (sl->file && code_own_file(v, sl->file)) {
		snprintf(num, sizeof(num), "%d", sl->line);
		SAY(b, L, M_L_AT, num, sbuf_str(&c));
	} else if (sl->file) {
		char *at = xasprintf("%s:%d", sl->file[0] == '/' ?
				     path_base(sl->file) : sl->file, sl->line);

		md_code(b, at);
		sbuf_add(b, sbuf_str(&c));
		free(at);
	} else {
		sbuf_add(b, say_text(L, M_L_NO_LINE));
	}
	free(q);
	sbuf_release(&c);
}
