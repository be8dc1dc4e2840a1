/* template.c - the report template language.  See template.h.
 *
 * A template is parsed once into a flat list of nodes (text, value, if,
 * else, end) whose if/else nodes hold the index to jump to, so rendering is
 * one loop without recursion and a template is validated completely - every
 * placeholder name checked against the caller's list - before a report is
 * written.  Text nodes point into the template's own copy of the file. */
#include "template.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"

/* ---- templates -------------------------------------------------------- */

#define MAX_ERRORS 20

enum node_kind { N_TEXT, N_VALUE, N_IF, N_ELSE, N_END };

struct node {
	enum node_kind kind;
	const char *text;     /* N_TEXT */
	size_t len;
	size_t name;          /* N_VALUE, N_IF: index into the caller's names */
	size_t jump;          /* N_IF: its N_ELSE or N_END; N_ELSE: its N_END */
	size_t off;           /* where the tag starts, for diagnostics */
};

struct template {
	char *text;
	size_t len;
	struct node *nodes;
	size_t n, cap;
	bool *used;
	size_t nnames;
};

struct parser {
	const char *path;
	struct template *t;
	const char *const *names;
	size_t nnames;
	unsigned errors;
	size_t *stack;        /* open N_IF nodes */
	size_t depth, stack_cap;
};

static void line_col(const char *text, size_t off, int *line, int *col)
{
	int l = 1, c = 1;

	for (size_t i = 0; i < off; i++) {
		unsigned char ch = (unsigned char)text[i];

		if (ch == '\n') {
			l++;
			c = 1;
		} else if ((ch & 0xC0) != 0x80) {
			c++;   /* count characters, not UTF-8 continuation bytes */
		}
	}
	*line = l;
	*col = c;
}

static void parse_error(struct parser *p, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void parse_error(struct parser *p, size_t off, const char *fmt, ...)
{
	va_list ap;
	int line, col;

	p->errors++;
	if (p->errors > MAX_ERRORS)
		return;
	line_col(p->t->text, off, &line, &col);
	va_start(ap, fmt);
	diag_verror_at(p->path, line, col, fmt, ap);
	va_end(ap);
}

static struct node *node_add(struct template *t, enum node_kind kind,
			     size_t off)
{
	struct node *nd;

	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 32;
		t->nodes = xrealloc(t->nodes, t->cap * sizeof(*t->nodes));
	}
	nd = &t->nodes[t->n++];
	memset(nd, 0, sizeof(*nd));
	nd->kind = kind;
	nd->off = off;
	return nd;
}

static void text_add(struct template *t, const char *s, size_t len)
{
	struct node *nd;

	if (!len)
		return;
	nd = node_add(t, N_TEXT, (size_t)(s - t->text));
	nd->text = s;
	nd->len = len;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Looks `name` (len bytes) up; reports an unknown or malformed name.
 * Returns 0 and sets *index, or -1. */
static int name_lookup(struct parser *p, const char *name, size_t len,
		       size_t off, size_t *index)
{
	char buf[1024], *word;
	const char *near;

	if (!len) {
		parse_error(p, off, "empty tag: expected a placeholder name");
		return -1;
	}
	for (size_t i = 0; i < len; i++) {
		char c = name[i];

		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      c == '_')) {
			parse_error(p, off,
				    "bad placeholder name \"%.*s\": names use "
				    "a-z, 0-9 and _", (int)len, name);
			return -1;
		}
	}
	for (size_t i = 0; i < p->nnames; i++)
		if (strlen(p->names[i]) == len &&
		    memcmp(p->names[i], name, len) == 0) {
			*index = i;
			p->t->used[i] = true;
			return 0;
		}
	word = xstrndup(name, len);
	near = nearest_word(word, p->names, p->nnames);
	if (near)
		parse_error(p, off, "unknown placeholder \"%s\"; did you mean "
			    "\"%s\"?", word, near);
	else
		parse_error(p, off, "unknown placeholder \"%s\" (known: %s)",
			    word, join_words(p->names, p->nnames, buf,
					     sizeof(buf)));
	free(word);
	return -1;
}

static void stack_push(struct parser *p, size_t index)
{
	if (p->depth == p->stack_cap) {
		p->stack_cap = p->stack_cap ? p->stack_cap * 2 : 8;
		p->stack = xrealloc(p->stack, p->stack_cap * sizeof(*p->stack));
	}
	p->stack[p->depth++] = index;
}

/* Handles the tag whose inside is inner[0..len) (blanks trimmed), opened
 * at `off`. */
static void tag_handle(struct parser *p, const char *inner, size_t len,
		       size_t off)
{
	struct template *t = p->t;
	size_t index;

	if (len && inner[0] == '!')
		return;   /* comment */
	if (len >= 3 && memcmp(inner, "#if", 3) == 0 &&
	    (len == 3 || is_blank(inner[3]))) {
		const char *name = inner + 3;
		size_t nlen = len - 3;
		struct node *nd;

		while (nlen && is_blank(*name)) {
			name++;
			nlen--;
		}
		nd = node_add(t, N_IF, off);
		nd->jump = (size_t)-1;
		if (name_lookup(p, name, nlen, off, &index) == 0)
			t->nodes[t->n - 1].name = index;
		stack_push(p, t->n - 1);
		return;
	}
	if (len == 5 && memcmp(inner, "#else", 5) == 0) {
		struct node *open;

		if (!p->depth) {
			parse_error(p, off, "{{#else}} outside {{#if}}");
			return;
		}
		open = &t->nodes[p->stack[p->depth - 1]];
		if (open->jump != (size_t)-1) {
			parse_error(p, off, "second {{#else}} for one {{#if}}");
			return;
		}
		node_add(t, N_ELSE, off);
		t->nodes[p->stack[p->depth - 1]].jump = t->n - 1;
		return;
	}
	if (len == 3 && memcmp(inner, "/if", 3) == 0) {
		size_t open;

		if (!p->depth) {
			parse_error(p, off, "{{/if}} without {{#if}}");
			return;
		}
		open = p->stack[--p->depth];
		node_add(t, N_END, off);
		if (t->nodes[open].jump == (size_t)-1)
			t->nodes[open].jump = t->n - 1;
		else
			t->nodes[t->nodes[open].jump].jump = t->n - 1;
		return;
	}
	if (len && (inner[0] == '#' || inner[0] == '/')) {
		parse_error(p, off, "unknown tag \"{{%.*s}}\" (known: {{#if "
			    "name}}, {{#else}}, {{/if}}, {{! comment}})",
			    (int)len, inner);
		return;
	}
	if (len == 6 && memcmp(inner, "braces", 6) == 0) {
		static const char braces[] = "{{";
		struct node *nd = node_add(t, N_TEXT, off);

		nd->text = braces;
		nd->len = 2;
		return;
	}
	if (name_lookup(p, inner, len, off, &index) == 0)
		node_add(t, N_VALUE, off)->name = index;
}

int template_parse(const char *path, const char *text, size_t len,
		   const char *const *names, size_t nnames, struct template **out)
{
	struct template *t = xcalloc(1, sizeof(*t));
	struct parser p = { .path = path, .t = t, .names = names,
			    .nnames = nnames };
	size_t pos = 0, text_start = 0;

	*out = NULL;
	t->text = xstrndup(text, len);
	t->len = len;
	t->nnames = nnames;
	t->used = xcalloc(nnames ? nnames : 1, sizeof(*t->used));
	text = t->text;
	for (;;) {
		const char *open = memmem(text + pos, len - pos, "{{", 2);
		const char *close, *inner, *end;
		size_t off, line_start, after;
		bool control, standalone;

		if (!open) {
			text_add(t, text + text_start, len - text_start);
			break;
		}
		off = (size_t)(open - text);
		if (len - off >= 5 && memcmp(open + 2, "!--", 3) == 0) {
			/* {{!-- long comment --}}: may contain "}}" */
			close = memmem(open + 5, len - off - 5, "--}}", 4);
			if (close)
				close += 2;
		} else {
			close = memmem(open + 2, len - off - 2, "}}", 2);
		}
		if (!close) {
			parse_error(&p, off, "unterminated tag: \"{{\" without "
				    "\"}}\" (write {{braces}} for a literal "
				    "\"{{\")");
			break;
		}
		inner = open + 2;
		end = close;
		while (inner < end && is_blank(*inner))
			inner++;
		while (end > inner && is_blank(end[-1]))
			end--;
		if (inner < end && *inner == '!')
			end = inner + 1;   /* a comment's text is not a name */

		/* A control tag alone on its line takes the line with it:
		 * the blanks before it and the newline after it. */
		control = inner < end && (*inner == '!' || *inner == '#' ||
					   *inner == '/');
		line_start = off;
		while (line_start > text_start && is_blank(text[line_start - 1]))
			line_start--;
		after = (size_t)(close - text) + 2;
		while (after < len && is_blank(text[after]))
			after++;
		if (after + 1 < len && text[after] == '\r' &&
		    text[after + 1] == '\n')
			after++;
		standalone = control &&
			     (line_start == 0 || text[line_start - 1] == '\n') &&
			     (after >= len || text[after] == '\n');
		text_add(t, text + text_start,
			 (standalone ? line_start : off) - text_start);
		tag_handle(&p, inner, (size_t)(end - inner), off);
		if (standalone)
			text_start = after < len ? after + 1 : len;
		else
			text_start = (size_t)(close - text) + 2;
		pos = text_start;
	}
	while (p.depth)
		parse_error(&p, t->nodes[p.stack[--p.depth]].off,
			    "{{#if}} is not closed by {{/if}}");
	free(p.stack);
	if (p.errors) {
		if (p.errors > MAX_ERRORS)
			diag_note("%u more errors in \"%s\" not shown",
				  p.errors - MAX_ERRORS, path);
		template_free(t);
		return -1;
	}
	*out = t;
	return 0;
}

int template_load(const char *path, const char *const *names, size_t nnames,
		  struct template **t)
{
	char *text;
	size_t len;
	int rc;

	*t = NULL;
	if (read_file(path, TEMPLATE_MAX_BYTES, &text, &len) < 0)
		return -1;
	if (!utf8_valid(text, len)) {
		free(text);
		return diag_error_at(path, 0, 0, "template is not valid UTF-8");
	}
	/* a byte-order mark is no text of the report */
	rc = template_parse(path, text + utf8_bom_len(text, len),
			    len - utf8_bom_len(text, len), names, nnames, t);
	free(text);
	return rc;
}

bool template_uses(const struct template *t, size_t index)
{
	return index < t->nnames && t->used[index];
}

/* Appends s[0..len) unless out would pass TEMPLATE_MAX_OUTPUT bytes
 * from `start`. */
static int add_bounded(struct sbuf *out, size_t start, const char *s,
		       size_t len)
{
	if (out->len - start + len > TEMPLATE_MAX_OUTPUT)
		return -1;
	sbuf_addn(out, s, len);
	return 0;
}

int template_render(const struct template *t, template_value_fn value,
		    void *ctx, struct sbuf *out)
{
	size_t i = 0, start = out->len;

	while (i < t->n) {
		const struct node *nd = &t->nodes[i];
		const char *v;

		switch (nd->kind) {
		case N_TEXT:
			if (add_bounded(out, start, nd->text, nd->len) < 0)
				return -1;
			break;
		case N_VALUE:
			v = value(ctx, nd->name);
			if (v && add_bounded(out, start, v, strlen(v)) < 0)
				return -1;
			break;
		case N_IF:
			v = value(ctx, nd->name);
			if (!v || !*v) {
				i = nd->jump + 1;
				continue;
			}
			break;
		case N_ELSE:   /* reached from the true branch: skip the rest */
			i = nd->jump + 1;
			continue;
		case N_END:
			break;
		}
		i++;
	}
	return 0;
}

void template_free(struct template *t)
{
	if (!t)
		return;
	free(t->text);
	free(t->nodes);
	free(t->used);
	free(t);
}
