/* experiment.c - strict loading of experiment files.  See experiment.h.
 *
 * The files come from students and strangers, so loading is done in
 * three guarded steps:
 *
 *  1. the raw bytes: size, NUL bytes and UTF-8 are checked before libyaml
 *     sees them, so those errors carry the exact line:col of the bad byte;
 *  2. composition: libyaml's event API feeds a small tree of our own
 *     (struct node).  Composing ourselves, instead of yaml_parser_load(),
 *     bounds what a hostile file can cost: nesting depth and anchors are
 *     capped, an alias shares its target instead of copying it, and the
 *     size the document would have once aliases are expanded is counted
 *     as events arrive, so an alias bomb is refused after a few events
 *     with memory proportional to the file;
 *  3. validation: a walk that follows the schema only (it never descends
 *     into anything the schema does not name), driven by key tables.  It
 *     keeps going after an error so a user sees every mistake at once, up
 *     to EXPERIMENT_MAX_ERRORS.
 *
 * The document has a fixed depth, so the walk in step 3 is bounded by the
 * expanded node count of step 2, and every list it builds is capped
 * (sizes and rows by EXPERIMENT_MAX_ROWS, counters by
 * EXPERIMENT_MAX_COUNTERS), so no file makes loading slow or large.
 *
 * Unknown kernels are reported with a "did you mean" suggestion (or a
 * pointer to `culab list kernels`) rather than the full list: the
 * registry grows, and the message should not grow with it. */
#include "experiment.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "diag.h"
#include "hash.h"
#include "metrics.h"
#include "util.h"

/* ---- the composed document ------------------------------------------- */

enum node_kind { NODE_SCALAR, NODE_SEQ, NODE_MAP };

struct node {
	enum node_kind kind;
	int line, col;           /* 1-based */
	bool plain;              /* scalar written without quotes */
	bool open;               /* collection still being composed */
	char *str;               /* scalar text, NUL-terminated */
	size_t len;              /* its length (it may hold escaped NULs) */
	struct node **kids;      /* sequence items; mapping key, value, ... */
	size_t nkids, cap;
	uint64_t weight;         /* nodes in this subtree, aliases expanded */
};

struct anchor {
	char *name;
	struct node *node;
};

struct recorded_error {
	int line, col;
	char *msg;
};

struct loader {
	const char *path;
	const char *text;
	size_t len;

	/* errors */
	struct recorded_error errs[EXPERIMENT_MAX_ERRORS];
	unsigned nerrs;
	bool stopped;            /* limit reached or fatal: stop checking */

	/* composition */
	struct node **nodes;     /* every node, for freeing */
	size_t nnodes, capnodes;
	struct node *stack[EXPERIMENT_MAX_DEPTH];
	size_t depth;
	struct anchor anchors[EXPERIMENT_MAX_ANCHORS];
	size_t nanchors;
	uint64_t expanded;
	struct node *root;
	unsigned ndocs;

	/* validation */
	const struct node *defaults;
	uint64_t file_rows;
};

/* ---- diagnostics -------------------------------------------------------- */

/* Bytes of the UTF-8 character whose first byte is c (1 for a stray
 * byte, so callers always advance). */
static size_t utf8_width(unsigned char c)
{
	if (c >= 0xf0 && c < 0xf8)
		return 4;
	if (c >= 0xe0 && c < 0xf0)
		return 3;
	if (c >= 0xc0 && c < 0xe0)
		return 2;
	return 1;
}

/* Copies a message into out as one line: control characters that user
 * text brought in are escaped, and a message longer than
 * DIAG_LINE_MAX bytes is cut at a character boundary with "...". */
#define DIAG_LINE_MAX 400

static void one_line(const char *in, char *out, size_t size)
{
	const unsigned char *p = (const unsigned char *)in;
	size_t used = 0, limit = size < DIAG_LINE_MAX ? size : DIAG_LINE_MAX;

	for (; *p; p++) {
		char esc[8];
		size_t w;

		if (*p < 0x20 || *p == 0x7f) {
			if (*p == '\n')
				snprintf(esc, sizeof(esc), "\\n");
			else if (*p == '\t')
				snprintf(esc, sizeof(esc), "\\t");
			else
				snprintf(esc, sizeof(esc), "\\x%02x", *p);
			w = strlen(esc);
		} else {
			w = strnlen((const char *)p, utf8_width(*p));
			memcpy(esc, p, w);
			p += w - 1;
		}
		if (used + w + 4 > limit) {
			memcpy(out + used, "...", 4);
			return;
		}
		memcpy(out + used, esc, w);
		used += w;
	}
	out[used] = '\0';
}

/* Reports one error at line:col (0 for none).  The same message at the
 * same place is reported once, however many aliases or experiments lead
 * to it.  After EXPERIMENT_MAX_ERRORS a note says more were suppressed and
 * checking stops.  Returns -1. */
static int lerr_vat(struct loader *ld, int line, int col, const char *fmt,
		    va_list ap) DIAG_PRINTF(4, 0);

static int lerr_vat(struct loader *ld, int line, int col, const char *fmt,
		    va_list ap)
{
	char raw[1024], msg[1024];

	if (ld->stopped)
		return -1;
	vsnprintf(raw, sizeof(raw), fmt, ap);
	one_line(raw, msg, sizeof(msg));
	for (unsigned i = 0; i < ld->nerrs; i++)
		if (ld->errs[i].line == line && ld->errs[i].col == col &&
		    strcmp(ld->errs[i].msg, msg) == 0)
			return -1;
	if (ld->nerrs == EXPERIMENT_MAX_ERRORS) {
		diag_note_at(ld->path, 0, 0,
			     "more errors were suppressed (showing the first %d)",
			     EXPERIMENT_MAX_ERRORS);
		ld->stopped = true;
		return -1;
	}
	ld->errs[ld->nerrs].line = line;
	ld->errs[ld->nerrs].col = col;
	ld->errs[ld->nerrs].msg = xstrdup(msg);
	ld->nerrs++;
	diag_error_at(ld->path, line, col, "%s", msg);
	return -1;
}

static int lerr_at(struct loader *ld, int line, int col, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

static int lerr_at(struct loader *ld, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lerr_vat(ld, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

#define lerr(ld, nd, ...) lerr_at((ld), (nd)->line, (nd)->col, __VA_ARGS__)

/* Reports an error after which nothing more can be checked. */
static int lfatal(struct loader *ld, int line, int col, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

static int lfatal(struct loader *ld, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lerr_vat(ld, line, col, fmt, ap);
	va_end(ap);
	ld->stopped = true;
	return -1;
}

/* Whether the bytes at p start a line break as YAML 1.1 (and libyaml)
 * counts them: LF, CR, CR LF, NEL, LS, PS.  Returns its length or 0. */
static size_t line_break_at(const unsigned char *p, size_t left)
{
	if (left >= 1 && p[0] == '\n')
		return 1;
	if (left >= 1 && p[0] == '\r')
		return (left >= 2 && p[1] == '\n') ? 2 : 1;
	if (left >= 2 && p[0] == 0xc2 && p[1] == 0x85)
		return 2;
	if (left >= 3 && p[0] == 0xe2 && p[1] == 0x80 &&
	    (p[2] == 0xa8 || p[2] == 0xa9))
		return 3;
	return 0;
}

/* 1-based line and column (counted in characters, as libyaml does) of
 * byte `off` of the text. */
static void text_position(const char *text, size_t len, size_t off,
			  int *line, int *col)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i = 0, br;
	int l = 1, c = 1;

	if (off > len)
		off = len;
	while (i < off) {
		br = line_break_at(p + i, len - i);
		if (br) {
			i += br;
			l++;
			c = 1;
			continue;
		}
		i += utf8_width(p[i]);
		c++;
	}
	*line = l;
	*col = c;
}

/* Byte offset of 0-based line:col (characters), or len past the end. */
static size_t text_offset(const char *text, size_t len, size_t line,
			  size_t col)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i = 0, br;

	while (line && i < len) {
		br = line_break_at(p + i, len - i);
		if (br) {
			i += br;
			line--;
		} else {
			i += utf8_width(p[i]);
		}
	}
	while (col-- && i < len)
		i += utf8_width(p[i]);
	return i < len ? i : len;
}

/* ---- step 1: the raw bytes --------------------------------------------- */

static int check_bytes(struct loader *ld)
{
	const char *nul = memchr(ld->text, '\0', ld->len);
	size_t i = 0;
	int line, col;

	if (nul) {
		text_position(ld->text, ld->len, (size_t)(nul - ld->text),
			      &line, &col);
		return lfatal(ld, line, col,
			      "NUL byte: this is binary data, not a YAML text "
			      "file (or text not saved as UTF-8)");
	}
	if (utf8_valid(ld->text, ld->len))
		return 0;
	/* Find the first character utf8_valid() rejects. */
	while (i < ld->len) {
		size_t w = utf8_width((unsigned char)ld->text[i]);

		if (i + w > ld->len || !utf8_valid(ld->text + i, w))
			break;
		i += w;
	}
	text_position(ld->text, ld->len, i, &line, &col);
	return lfatal(ld, line, col,
		      "invalid UTF-8 (byte 0x%02x); save the file as UTF-8",
		      i < ld->len ? (unsigned char)ld->text[i] : 0);
}

/* ---- step 2: composition ------------------------------------------------ */

static struct node *node_new(struct loader *ld, enum node_kind kind,
			     const yaml_mark_t *mark)
{
	struct node *nd = xcalloc(1, sizeof(*nd));

	nd->kind = kind;
	nd->line = (int)mark->line + 1;
	nd->col = (int)mark->column + 1;
	nd->weight = 1;
	if (ld->nnodes == ld->capnodes) {
		ld->capnodes = ld->capnodes ? 2 * ld->capnodes : 64;
		ld->nodes = xrealloc(ld->nodes,
				     ld->capnodes * sizeof(*ld->nodes));
	}
	ld->nodes[ld->nnodes++] = nd;
	return nd;
}

static void node_free_all(struct loader *ld)
{
	for (size_t i = 0; i < ld->nnodes; i++) {
		free(ld->nodes[i]->str);
		free(ld->nodes[i]->kids);
		free(ld->nodes[i]);
	}
	free(ld->nodes);
	ld->nodes = NULL;
	ld->nnodes = ld->capnodes = 0;
	for (size_t i = 0; i < ld->nanchors; i++)
		free(ld->anchors[i].name);
	ld->nanchors = 0;
}

/* Places `nd` (a new node, or an alias's target) in the open collection
 * on top of the stack, or makes it the root.  Counts the nodes the
 * document would have with aliases expanded. */
static int compose_add(struct loader *ld, struct node *nd, bool alias,
		       const yaml_mark_t *mark, const char *anchor)
{
	uint64_t w = alias ? nd->weight : 1;
	struct node *parent;

	ld->expanded += w;
	if (ld->expanded > EXPERIMENT_MAX_NODES) {
		if (alias)
			return lfatal(ld, (int)mark->line + 1,
				      (int)mark->column + 1,
				      "alias \"*%s\" expands the document to more "
				      "than %d nodes (an alias bomb?)",
				      anchor, EXPERIMENT_MAX_NODES);
		return lfatal(ld, (int)mark->line + 1, (int)mark->column + 1,
			      "the document has more than %d nodes",
			      EXPERIMENT_MAX_NODES);
	}
	if (!ld->depth) {
		ld->root = nd;
		return 0;
	}
	for (size_t i = 0; i < ld->depth; i++)
		ld->stack[i]->weight += w;
	parent = ld->stack[ld->depth - 1];
	if (parent->nkids == parent->cap) {
		parent->cap = parent->cap ? 2 * parent->cap : 8;
		parent->kids = xrealloc(parent->kids,
					parent->cap * sizeof(*parent->kids));
	}
	parent->kids[parent->nkids++] = nd;
	return 0;
}

static int compose_anchor(struct loader *ld, const yaml_char_t *name,
			  struct node *nd, const yaml_mark_t *mark)
{
	if (!name)
		return 0;
	/* YAML lets a later anchor of the same name replace the earlier. */
	for (size_t i = 0; i < ld->nanchors; i++)
		if (strcmp(ld->anchors[i].name, (const char *)name) == 0) {
			ld->anchors[i].node = nd;
			return 0;
		}
	if (ld->nanchors == EXPERIMENT_MAX_ANCHORS)
		return lfatal(ld, (int)mark->line + 1, (int)mark->column + 1,
			      "more than %d anchors in one file",
			      EXPERIMENT_MAX_ANCHORS);
	ld->anchors[ld->nanchors].name = xstrdup((const char *)name);
	ld->anchors[ld->nanchors].node = nd;
	ld->nanchors++;
	return 0;
}

static int compose_tag(struct loader *ld, const yaml_char_t *tag,
		       const yaml_mark_t *mark)
{
	static const char yaml_prefix[] = "tag:yaml.org,2002:";
	const char *t = (const char *)tag;

	if (!tag)
		return 0;
	if (strncmp(t, yaml_prefix, sizeof(yaml_prefix) - 1) == 0)
		return lfatal(ld, (int)mark->line + 1, (int)mark->column + 1,
			      "YAML tags are not supported (\"!!%s\")",
			      t + sizeof(yaml_prefix) - 1);
	return lfatal(ld, (int)mark->line + 1, (int)mark->column + 1,
		      "YAML tags are not supported (\"%s\")", t);
}

static int compose_alias(struct loader *ld, const yaml_event_t *ev)
{
	const char *name = (const char *)ev->data.alias.anchor;
	const yaml_mark_t *mark = &ev->start_mark;

	for (size_t i = 0; i < ld->nanchors; i++) {
		struct node *target = ld->anchors[i].node;

		if (strcmp(ld->anchors[i].name, name) != 0)
			continue;
		if (target->open)
			return lfatal(ld, (int)mark->line + 1,
				      (int)mark->column + 1,
				      "alias \"*%s\" refers to a node that "
				      "contains it", name);
		return compose_add(ld, target, true, mark, name);
	}
	return lfatal(ld, (int)mark->line + 1, (int)mark->column + 1,
		      "undefined alias \"*%s\"", name);
}

static int compose_scalar(struct loader *ld, const yaml_event_t *ev)
{
	struct node *nd;

	if (compose_tag(ld, ev->data.scalar.tag, &ev->start_mark) < 0)
		return -1;
	nd = node_new(ld, NODE_SCALAR, &ev->start_mark);
	nd->str = xstrndup((const char *)ev->data.scalar.value,
			   ev->data.scalar.length);
	nd->len = ev->data.scalar.length;
	nd->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	if (compose_anchor(ld, ev->data.scalar.anchor, nd, &ev->start_mark) < 0)
		return -1;
	return compose_add(ld, nd, false, &ev->start_mark, NULL);
}

static int compose_open(struct loader *ld, const yaml_event_t *ev,
			enum node_kind kind, const yaml_char_t *tag,
			const yaml_char_t *anchor)
{
	struct node *nd;

	if (compose_tag(ld, tag, &ev->start_mark) < 0)
		return -1;
	if (ld->depth == EXPERIMENT_MAX_DEPTH)
		return lfatal(ld, (int)ev->start_mark.line + 1,
			      (int)ev->start_mark.column + 1,
			      "collections nested deeper than %d levels",
			      EXPERIMENT_MAX_DEPTH);
	nd = node_new(ld, kind, &ev->start_mark);
	nd->open = true;
	if (compose_anchor(ld, anchor, nd, &ev->start_mark) < 0 ||
	    compose_add(ld, nd, false, &ev->start_mark, NULL) < 0)
		return -1;
	ld->stack[ld->depth++] = nd;
	return 0;
}

static void compose_close(struct loader *ld)
{
	if (ld->depth)
		ld->stack[--ld->depth]->open = false;
}

/* Reports libyaml's error with its position and problem text. */
static int report_yaml_error(struct loader *ld, const yaml_parser_t *p)
{
	const char *problem = p->problem ? p->problem : "unknown problem";
	int line, col;

	switch (p->error) {
	case YAML_MEMORY_ERROR:
		return lfatal(ld, 0, 0, "out of memory while reading YAML");
	case YAML_READER_ERROR:
		text_position(ld->text, ld->len, p->problem_offset, &line, &col);
		if (p->problem_value != -1)
			return lfatal(ld, line, col, "invalid YAML: %s (U+%04X)",
				      problem, (unsigned)p->problem_value);
		return lfatal(ld, line, col, "invalid YAML: %s", problem);
	default:
		break;
	}
	line = (int)p->problem_mark.line + 1;
	col = (int)p->problem_mark.column + 1;
	{
		size_t off = text_offset(ld->text, ld->len,
					 p->problem_mark.line,
					 p->problem_mark.column);
		const char *hint = "";

		if (off < ld->len && ld->text[off] == '\t' &&
		    !strstr(problem, "tab"))
			hint = "; tabs cannot indent YAML, use spaces";
		if (p->context)
			return lfatal(ld, line, col,
				      "invalid YAML: %s (%s at %d:%d)%s",
				      problem, p->context,
				      (int)p->context_mark.line + 1,
				      (int)p->context_mark.column + 1, hint);
		return lfatal(ld, line, col, "invalid YAML: %s%s", problem,
			      hint);
	}
}

/* Composes the whole stream into ld->root.  Returns 0 or -1. */
static int compose(struct loader *ld)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	int rc = 0;
	bool done = false;

	if (!yaml_parser_initialize(&parser))
		return lfatal(ld, 0, 0, "out of memory while reading YAML");
	yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
	yaml_parser_set_input_string(&parser, (const unsigned char *)ld->text,
				     ld->len);
	while (!done && rc == 0) {
		if (!yaml_parser_parse(&parser, &ev)) {
			rc = report_yaml_error(ld, &parser);
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = true;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++ld->ndocs > 1)
				rc = lfatal(ld, (int)ev.start_mark.line + 1,
					    (int)ev.start_mark.column + 1,
					    "a second YAML document; an "
					    "experiment file holds exactly one");
			break;
		case YAML_ALIAS_EVENT:
			rc = compose_alias(ld, &ev);
			break;
		case YAML_SCALAR_EVENT:
			rc = compose_scalar(ld, &ev);
			break;
		case YAML_SEQUENCE_START_EVENT:
			rc = compose_open(ld, &ev, NODE_SEQ,
					  ev.data.sequence_start.tag,
					  ev.data.sequence_start.anchor);
			break;
		case YAML_MAPPING_START_EVENT:
			rc = compose_open(ld, &ev, NODE_MAP,
					  ev.data.mapping_start.tag,
					  ev.data.mapping_start.anchor);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			compose_close(ld);
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	return rc;
}

/* ---- step 3: validation helpers ------------------------------------------ */

static bool node_is_null(const struct node *nd)
{
	return nd->kind == NODE_SCALAR && nd->plain &&
	       (nd->len == 0 || strcmp(nd->str, "~") == 0 ||
		strcmp(nd->str, "null") == 0 || strcmp(nd->str, "Null") == 0 ||
		strcmp(nd->str, "NULL") == 0);
}

/* What a node is, for "expected X, got Y" messages. */
static const char *node_desc(const struct node *nd, char *buf, size_t size)
{
	if (nd->kind == NODE_SEQ)
		return "a list";
	if (nd->kind == NODE_MAP)
		return "a mapping";
	if (node_is_null(nd))
		return "an empty value";
	if (nd->len > 40) {
		int cut = 37;

		while (cut && ((unsigned char)nd->str[cut] & 0xc0) == 0x80)
			cut--;
		snprintf(buf, size, "%s\"%.*s...\"",
			 nd->plain ? "" : "the quoted string ", cut, nd->str);
	} else
		snprintf(buf, size, "%s\"%s\"",
			 nd->plain ? "" : "the quoted string ", nd->str);
	return buf;
}

static int expected(struct loader *ld, const struct node *nd, const char *what,
		    const char *key)
{
	char buf[96];

	return lerr(ld, nd, "expected %s for \"%s\", got %s", what, key,
		    node_desc(nd, buf, sizeof(buf)));
}

/* A string value: a scalar that is not null and holds no NUL, and is not
 * "" unless `may_be_empty`.  Returns it, or NULL after an error. */
static const char *get_text(struct loader *ld, const struct node *nd,
			    const char *key, bool may_be_empty)
{
	if (nd->kind != NODE_SCALAR || node_is_null(nd)) {
		expected(ld, nd, "a string", key);
		return NULL;
	}
	if (memchr(nd->str, '\0', nd->len)) {
		lerr(ld, nd, "\"%s\" contains a NUL character", key);
		return NULL;
	}
	if (!nd->len && !may_be_empty) {
		lerr(ld, nd, "\"%s\" is an empty string", key);
		return NULL;
	}
	return nd->str;
}

static const char *get_string(struct loader *ld, const struct node *nd,
			      const char *key)
{
	return get_text(ld, nd, key, false);
}

static int out_of_range(struct loader *ld, const struct node *nd,
			const char *key, uint64_t min, uint64_t max)
{
	if (max == UINT64_MAX)
		return lerr(ld, nd, "\"%s\" must be an integer from %llu to "
			    "2^64-1, got %s", key, (unsigned long long)min,
			    nd->str);
	return lerr(ld, nd, "\"%s\" must be an integer from %llu to %llu, "
		    "got %s", key, (unsigned long long)min,
		    (unsigned long long)max, nd->str);
}

/* A plain decimal integer within [min, max]. */
static int get_uint(struct loader *ld, const struct node *nd, const char *key,
		    uint64_t min, uint64_t max, uint64_t *out)
{
	const char *s = nd->str;
	uint64_t v = 0;
	bool neg = false;

	if (nd->kind != NODE_SCALAR || !nd->plain || node_is_null(nd))
		return expected(ld, nd, "an integer", key);
	if (*s == '-') {
		neg = true;
		s++;
	}
	if (!*s)
		return expected(ld, nd, "an integer", key);
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return expected(ld, nd, "an integer", key);
		if (!neg && (__builtin_mul_overflow(v, 10, &v) ||
			     __builtin_add_overflow(v, (uint64_t)(*s - '0'), &v)))
			return out_of_range(ld, nd, key, min, max);
	}
	if (neg && strspn(nd->str + 1, "0") == strlen(nd->str + 1))
		neg = false; /* "-0" */
	if (neg || v < min || v > max)
		return out_of_range(ld, nd, key, min, max);
	*out = v;
	return 0;
}

/* The items of a list key, or the node itself (*ndp, which must outlive
 * the result) when it is a single item. */
static const struct node *const *list_items(const struct node *const *ndp,
					    size_t *n)
{
	if ((*ndp)->kind == NODE_SEQ) {
		*n = (*ndp)->nkids;
		return (const struct node *const *)(*ndp)->kids;
	}
	*n = 1;
	return ndp;
}

/* The value of the first `key` of a mapping, or NULL. */
static const struct node *map_value(const struct node *map, const char *key)
{
	for (size_t i = 0; i + 1 < map->nkids; i += 2)
		if (map->kids[i]->kind == NODE_SCALAR &&
		    strcmp(map->kids[i]->str, key) == 0)
			return map->kids[i + 1];
	return NULL;
}

/* A table of the keys a mapping may hold. */
struct keyset {
	const char *where;          /* "at top level", "in experiment", ... */
	const char *const *names;
	size_t n;
};

/* Checks the keys of mapping `map` against `ks`: each must be a plain
 * string, known and present once.  Records the value of each known key
 * in vals[] and its key in keys[] (NULL when absent).  Returns 0, or -1
 * after reporting each wrong key. */
static int check_keys(struct loader *ld, const struct node *map,
		      const struct keyset *ks, const struct node **vals,
		      const struct node **keys)
{
	char buf[512], desc[96];
	int rc = 0;

	for (size_t k = 0; k < ks->n; k++)
		vals[k] = keys[k] = NULL;
	for (size_t i = 0; i + 1 < map->nkids && !ld->stopped; i += 2) {
		const struct node *key = map->kids[i];
		size_t k;

		if (key->kind != NODE_SCALAR || node_is_null(key)) {
			rc = lerr(ld, key, "a key %s must be a name, not %s",
				  ks->where, node_desc(key, desc, sizeof(desc)));
			continue;
		}
		for (k = 0; k < ks->n; k++)
			if (strcmp(key->str, ks->names[k]) == 0)
				break;
		if (k < ks->n) {
			if (keys[k]) {
				rc = lerr(ld, key, "duplicate key \"%s\" (first "
					  "at line %d)", key->str, keys[k]->line);
				continue;
			}
			keys[k] = key;
			vals[k] = map->kids[i + 1];
			continue;
		}
		rc = -1;
		if (strcmp(key->str, "<<") == 0) {
			lerr(ld, key, "merge keys (\"<<\") are not supported; "
			     "put shared settings in \"defaults\"");
			continue;
		}
		{
			const char *near = nearest_word(key->str, ks->names,
							ks->n);

			if (near)
				lerr(ld, key, "unknown key \"%s\" %s (did you mean "
				     "\"%s\"?)", key->str, ks->where, near);
			else
				lerr(ld, key, "unknown key \"%s\" %s (known: %s)",
				     key->str, ks->where,
				     join_words(ks->names, ks->n, buf,
						sizeof(buf)));
		}
	}
	return rc;
}

/* ---- experiments ------------------------------------------------------------ */

/* What one experiment is being built from, while its keys are checked. */
struct exp_ctx {
	struct experiment *e;
	int index;                  /* 1-based, for messages */
	const struct node *map;
	bool family_ok;             /* the family is known */
	bool variants_ok;           /* variants are known and of the family */
	bool block_from_defaults;
	const struct node *variants_node; /* NULL: defaulted to all */
	const struct node **variant_at;   /* per variant: where it is named */
};

/* Names for messages: the experiment's name, or its position. */
static const char *exp_label(const struct exp_ctx *x, char *buf, size_t size)
{
	if (x->e->name)
		snprintf(buf, size, "experiment \"%s\"", x->e->name);
	else
		snprintf(buf, size, "experiment %d", x->index);
	return buf;
}

static bool name_char_ok(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

static int parse_name(struct loader *ld, struct exp_ctx *x,
		      const struct node *nd)
{
	const char *s = get_string(ld, nd, "name");

	if (!s)
		return -1;
	for (const char *p = s; *p; p++)
		if (!name_char_ok(*p))
			return lerr(ld, nd, "invalid experiment name \"%s\" "
				    "(use letters, digits, \".\", \"_\" and "
				    "\"-\")", s);
	if (strlen(s) > EXPERIMENT_MAX_NAME)
		return lerr(ld, nd, "experiment name \"%.20s...\" is longer "
			    "than %d characters", s, EXPERIMENT_MAX_NAME);
	if (strcmp(s, ".") == 0 || strcmp(s, "..") == 0)
		return lerr(ld, nd, "invalid experiment name \"%s\" (it "
			    "becomes a directory name)", s);
	x->e->name = xstrdup(s);
	return 0;
}

static int parse_description(struct loader *ld, struct exp_ctx *x,
			     const struct node *nd)
{
	const char *s = get_text(ld, nd, "description", true);

	if (!s)
		return -1;
	if (strlen(s) > EXPERIMENT_MAX_DESCRIPTION)
		return lerr(ld, nd, "\"description\" is longer than %d bytes",
			    EXPERIMENT_MAX_DESCRIPTION);
	free(x->e->description);
	x->e->description = xstrdup(s);
	return 0;
}

static int parse_family(struct loader *ld, struct exp_ctx *x,
			const struct node *nd)
{
	const char *s = get_string(ld, nd, "family");
	enum family f;

	if (!s)
		return -1;
	if (family_parse(s, &f) < 0) {
		const char *names[FAMILY__COUNT];
		char buf[128];

		for (int i = 0; i < FAMILY__COUNT; i++)
			names[i] = family_name((enum family)i);
		return lerr(ld, nd, "unknown family \"%s\" (known: %s)", s,
			    join_words(names, FAMILY__COUNT, buf, sizeof(buf)));
	}
	x->e->family = f;
	x->family_ok = true;
	return 0;
}

/* Reports a name that is no variant, with the nearest name of the
 * experiment's family (or of any family) as suggestion. */
static int unknown_variant(struct loader *ld, const struct exp_ctx *x,
			   const struct node *nd)
{
	size_t nall, n = 0;
	const struct variant *all = registry_all(&nall);
	const char **names = xcalloc(nall, sizeof(*names));
	const char *near;

	for (size_t i = 0; i < nall; i++)
		if (all[i].family == x->e->family)
			names[n++] = all[i].name;
	near = nearest_word(nd->str, names, n);
	if (!near) {
		for (size_t i = 0; i < nall; i++)
			names[i] = all[i].name;
		near = nearest_word(nd->str, names, nall);
	}
	if (near)
		lerr(ld, nd, "unknown kernel \"%s\" (did you mean \"%s\"?)",
		     nd->str, near);
	else
		lerr(ld, nd, "unknown kernel \"%s\" (run \"culab list "
		     "kernels\" to see them)", nd->str);
	free(names);
	return -1;
}

static int parse_variants(struct loader *ld, struct exp_ctx *x,
			  const struct node *nd)
{
	size_t nall, nitems;
	const struct variant *all = registry_all(&nall);
	const struct node *const *items;
	const struct node **at;
	char label[96];
	int rc = 0;

	if (nd && nd->kind == NODE_MAP)
		return expected(ld, nd, "\"all\" or a list of kernel names",
				"variants");
	if (!x->family_ok)
		return -1;
	at = xcalloc(nall, sizeof(*at));
	if (nd && nd->kind == NODE_SCALAR && strcmp(nd->str, "all") == 0)
		nd = NULL;
	if (!nd) {
		for (size_t i = 0; i < nall; i++)
			if (all[i].family == x->e->family)
				at[i] = x->variants_node ? x->variants_node :
							   x->map;
		x->e->variants_all = true;
		goto collect;
	}
	items = list_items(&nd, &nitems);
	if (!nitems) {
		free(at);
		return lerr(ld, nd, "\"variants\" is empty (write \"variants: "
			    "all\" or name kernels)");
	}
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		const struct node *it = items[i];
		const struct variant *v;
		const char *s = get_string(ld, it, "variants");

		if (!s) {
			rc = -1;
			continue;
		}
		if (strcmp(s, "all") == 0) {
			rc = lerr(ld, it, "\"all\" cannot be part of a list (write "
				  "\"variants: all\")");
			continue;
		}
		v = registry_find(s);
		if (!v) {
			rc = unknown_variant(ld, x, it);
			continue;
		}
		if (v->family != x->e->family) {
			rc = lerr(ld, it, "kernel \"%s\" belongs to family \"%s\", "
				  "but %s is \"%s\"", s, family_name(v->family),
				  exp_label(x, label, sizeof(label)),
				  family_name(x->e->family));
			continue;
		}
		if (!at[v - all])
			at[v - all] = it;
	}
	if (rc < 0) {
		free(at);
		return -1;
	}
collect:
	x->e->variants = xcalloc(nall, sizeof(*x->e->variants));
	x->variant_at = xcalloc(nall, sizeof(*x->variant_at));
	for (size_t i = 0; i < nall; i++)
		if (at[i]) {
			x->variant_at[x->e->nvariants] = at[i];
			x->e->variants[x->e->nvariants++] = &all[i];
		}
	free(at);
	if (!x->e->nvariants)
		return lerr(ld, x->map, "family \"%s\" has no kernels",
			    family_name(x->e->family));
	x->variants_ok = true;
	return 0;
}

static int parse_types(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd)
{
	const struct node *const *items;
	size_t nitems;
	int rc = 0;

	x->e->dtypes = xcalloc(DTYPE__COUNT, sizeof(*x->e->dtypes));
	if (!nd) {
		x->e->dtypes[x->e->ndtypes++] = DTYPE_FLOAT;
		goto supported;
	}
	if (nd->kind == NODE_MAP)
		return expected(ld, nd, "a type or a list of types", "types");
	items = list_items(&nd, &nitems);
	if (!nitems)
		return lerr(ld, nd, "\"types\" is empty (known: int, float, "
			    "double)");
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		const char *s = get_string(ld, items[i], "types");
		enum dtype t;
		size_t k;

		if (!s) {
			rc = -1;
			continue;
		}
		if (dtype_parse(s, &t) < 0) {
			const char *names[DTYPE__COUNT];
			char buf[64];

			for (int j = 0; j < DTYPE__COUNT; j++)
				names[j] = dtype_name((enum dtype)j);
			rc = lerr(ld, items[i], "unknown type \"%s\" (known: %s)",
				  s, join_words(names, DTYPE__COUNT, buf,
						sizeof(buf)));
			continue;
		}
		for (k = 0; k < x->e->ndtypes; k++)
			if (x->e->dtypes[k] == t)
				break;
		if (k == x->e->ndtypes)
			x->e->dtypes[x->e->ndtypes++] = t;
		else
			continue;
		/* A listed kernel must support every listed type. */
		if (x->variants_ok && !x->e->variants_all)
			for (size_t v = 0; v < x->e->nvariants; v++)
				if (!variant_supports(x->e->variants[v], t))
					rc = lerr(ld, items[i], "kernel \"%s\" does "
						  "not support type \"%s\"",
						  x->e->variants[v]->name, s);
	}
	if (rc < 0)
		return -1;
supported:
	if (!nd && x->variants_ok && !x->e->variants_all)
		for (size_t v = 0; v < x->e->nvariants; v++)
			if (!variant_supports(x->e->variants[v], DTYPE_FLOAT))
				rc = lerr(ld, x->variant_at[v], "kernel \"%s\" does "
					  "not support type \"float\" (the "
					  "default; set \"types\")",
					  x->e->variants[v]->name);
	return rc;
}

/* Appends one shape to the experiment, within the row budget. */
static int add_shape(struct loader *ld, struct exp_ctx *x,
		     const struct node *nd, uint64_t n, uint64_t m,
		     size_t *cap)
{
	if (x->e->nsizes == EXPERIMENT_MAX_ROWS)
		return lerr(ld, nd, "more than %d sizes in one experiment",
			    EXPERIMENT_MAX_ROWS);
	if (x->e->nsizes == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		x->e->sizes = xrealloc(x->e->sizes, *cap * sizeof(*x->e->sizes));
	}
	x->e->sizes[x->e->nsizes].n = n;
	x->e->sizes[x->e->nsizes].m = m;
	x->e->nsizes++;
	return 0;
}

/* One size for the experiment's family: n elements, or an n x n matrix. */
static int add_size(struct loader *ld, struct exp_ctx *x,
		    const struct node *nd, const char *text, uint64_t n,
		    size_t *cap)
{
	if (x->family_ok && x->e->family == FAMILY_TRANSPOSE) {
		uint64_t prod;

		if (__builtin_mul_overflow(n, n, &prod) ||
		    prod > EXPERIMENT_MAX_ELEMENTS)
			return lerr(ld, nd, "size \"%s\" means a %llu x %llu "
				    "matrix for transpose, more than 2^%u "
				    "elements", text, (unsigned long long)n,
				    (unsigned long long)n,
				    size_max_elements_log2());
		return add_shape(ld, x, nd, n, n, cap);
	}
	return add_shape(ld, x, nd, n, 1, cap);
}

/* "1024 x 2048": a digit first and a separator inside. */
static bool looks_like_shape(const char *s)
{
	s += strspn(s, " \t");
	return *s >= '0' && *s <= '9' && strpbrk(s, "xX*") != NULL;
}

static const char *const range_keys[] = { "from", "to", "times", "plus" };

static int parse_range(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd, size_t *cap)
{
	static const struct keyset ks = { "in size range", range_keys,
					   ARRAY_SIZE(range_keys) };
	const struct node *vals[ARRAY_SIZE(range_keys)];
	const struct node *keys[ARRAY_SIZE(range_keys)];
	uint64_t v[ARRAY_SIZE(range_keys)] = { 0 }, *out = NULL;
	size_t count = 0;
	char why[256];
	int rc;

	if (check_keys(ld, nd, &ks, vals, keys) < 0)
		return -1;
	if (!vals[0] || !vals[1])
		return lerr(ld, nd, "a size range needs \"from\" and \"to\"");
	rc = 0;
	for (size_t k = 0; k < ARRAY_SIZE(range_keys); k++) {
		const struct node *it = vals[k];

		if (!it)
			continue;
		if (it->kind != NODE_SCALAR || node_is_null(it)) {
			rc = expected(ld, it, "a size", range_keys[k]);
			continue;
		}
		if (looks_like_shape(it->str)) {
			rc = lerr(ld, it, "a size range takes single sizes, not "
				  "shapes (\"%s\")", it->str);
			continue;
		}
		if (size_parse(it->str, &v[k], why, sizeof(why)) < 0)
			rc = lerr(ld, it, "invalid size \"%s\" for \"%s\": %s",
				  it->str, range_keys[k], why);
	}
	if (rc < 0)
		return -1;
	if (size_range_expand(v[0], v[1], v[2], v[3], EXPERIMENT_MAX_ROWS,
			      &out, &count, why, sizeof(why)) < 0)
		return lerr(ld, nd, "invalid size range: %s", why);
	for (size_t i = 0; i < count && rc == 0; i++) {
		char text[32];

		snprintf(text, sizeof(text), "%llu", (unsigned long long)out[i]);
		rc = add_size(ld, x, nd, text, out[i], cap);
	}
	free(out);
	return rc;
}

static int shape_cmp(const void *a, const void *b)
{
	const struct shape *const *x = a, *const *y = b;

	if ((*x)->n != (*y)->n)
		return (*x)->n < (*y)->n ? -1 : 1;
	if ((*x)->m != (*y)->m)
		return (*x)->m < (*y)->m ? -1 : 1;
	return *x < *y ? -1 : (*x > *y);
}

/* Removes duplicate shapes, keeping the first of each, in O(n log n). */
static void dedupe_shapes(struct shape *s, size_t *n)
{
	struct shape **order;
	bool *drop;
	size_t k = 0;

	if (*n < 2)
		return;
	order = xmalloc(*n * sizeof(*order));
	drop = xcalloc(*n, sizeof(*drop));
	for (size_t i = 0; i < *n; i++)
		order[i] = &s[i];
	qsort(order, *n, sizeof(*order), shape_cmp);
	for (size_t i = 1; i < *n; i++)
		if (order[i]->n == order[i - 1]->n &&
		    order[i]->m == order[i - 1]->m)
			drop[order[i] - s] = true;
	for (size_t i = 0; i < *n; i++)
		if (!drop[i])
			s[k++] = s[i];
	*n = k;
	free(drop);
	free(order);
}

static int parse_sizes(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd)
{
	const struct node *const *items;
	size_t nitems, cap = 0;
	char why[256], label[96];
	int rc = 0;

	items = list_items(&nd, &nitems);
	if (!nitems)
		return lerr(ld, nd, "\"sizes\" is empty");
	/* With no valid family the items are still checked, as for a family
	 * that takes both sizes and shapes; the result is discarded. */
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		const struct node *it = items[i];
		uint64_t n;
		struct shape sh;

		if (it->kind == NODE_MAP) {
			if (parse_range(ld, x, it, &cap) < 0)
				rc = -1;
			if (x->e->nsizes == EXPERIMENT_MAX_ROWS)
				break;
			continue;
		}
		if (it->kind != NODE_SCALAR || node_is_null(it)) {
			rc = expected(ld, it, "a size, a shape or a range",
				      "sizes");
			continue;
		}
		if (looks_like_shape(it->str)) {
			if (x->family_ok && x->e->family != FAMILY_TRANSPOSE) {
				rc = lerr(ld, it, "size \"%s\" is a shape, but %s "
					  "is a %s: give one number", it->str,
					  exp_label(x, label, sizeof(label)),
					  family_name(x->e->family));
				continue;
			}
			if (shape_parse(it->str, &sh, why, sizeof(why)) < 0) {
				rc = lerr(ld, it, "invalid shape \"%s\": %s",
					  it->str, why);
				continue;
			}
			if (add_shape(ld, x, it, sh.n, sh.m, &cap) < 0) {
				rc = -1;
				break;
			}
			continue;
		}
		if (size_parse(it->str, &n, why, sizeof(why)) < 0) {
			rc = lerr(ld, it, "invalid size \"%s\": %s", it->str, why);
			continue;
		}
		if (add_size(ld, x, it, it->str, n, &cap) < 0) {
			rc = -1;
			if (x->e->nsizes == EXPERIMENT_MAX_ROWS)
				break;
		}
	}
	if (rc < 0 || !x->family_ok)
		return -1;
	dedupe_shapes(x->e->sizes, &x->e->nsizes);
	return 0;
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* Whether block b suits every block-taking variant; reports the first
 * that refuses it. */
static int check_block_fits(struct loader *ld, const struct exp_ctx *x,
			    const struct node *at, uint64_t b)
{
	for (size_t v = 0; v < x->e->nvariants; v++) {
		const struct variant *var = x->e->variants[v];
		int max = var->block_max ? var->block_max : 1024;

		if (!(var->flags & VF_BLOCK))
			continue;
		if ((var->flags & VF_POW2) && (!is_pow2(b) || b < 32))
			return lerr(ld, at, "block %llu is not a power of two "
				    ">= 32, which kernel \"%s\" requires",
				    (unsigned long long)b, var->name);
		if (b > (uint64_t)max)
			return lerr(ld, at, "block %llu is above kernel \"%s\"'s "
				    "limit of %d", (unsigned long long)b,
				    var->name, max);
		if (var->block_min && b < (uint64_t)var->block_min)
			return lerr(ld, at, "block %llu is below kernel \"%s\"'s "
				    "minimum of %d", (unsigned long long)b,
				    var->name, var->block_min);
	}
	return 0;
}

static int parse_block(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd)
{
	const struct node *const *items;
	bool seen[1025] = { false };
	size_t nitems, takes = 0;
	char label[96], buf[256];
	const char **names;
	int rc = 0;

	if (nd->kind == NODE_MAP)
		return expected(ld, nd, "an integer or a list of integers",
				"block");
	items = list_items(&nd, &nitems);
	if (!nitems)
		return lerr(ld, nd, "\"block\" is empty (leave it out to use "
			    "each kernel's default)");
	if (x->variants_ok) {
		for (size_t v = 0; v < x->e->nvariants; v++)
			if (x->e->variants[v]->flags & VF_BLOCK)
				takes++;
		if (!takes && x->block_from_defaults)
			return 0; /* a default that does not apply here */
		if (!takes) {
			names = xcalloc(x->e->nvariants, sizeof(*names));
			for (size_t v = 0; v < x->e->nvariants; v++)
				names[v] = x->e->variants[v]->name;
			lerr(ld, nd, "no kernel of %s takes a block size (%s); "
			     "remove \"block\"", exp_label(x, label, sizeof(label)),
			     join_words(names, x->e->nvariants, buf, sizeof(buf)));
			free(names);
			return -1;
		}
	}
	x->e->blocks = xcalloc(nitems < 1024 ? nitems : 1024,
			       sizeof(*x->e->blocks));
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		uint64_t b;

		if (get_uint(ld, items[i], "block", 1, 1024, &b) < 0) {
			rc = -1;
			continue;
		}
		if (seen[b])
			continue;
		seen[b] = true;
		if (x->variants_ok && check_block_fits(ld, x, items[i], b) < 0)
			rc = -1;
		x->e->blocks[x->e->nblocks++] = (int)b;
	}
	return x->variants_ok ? rc : -1;
}

static int parse_warmup(struct loader *ld, struct exp_ctx *x,
			const struct node *nd)
{
	uint64_t v;

	if (get_uint(ld, nd, "warmup", 0, 1000, &v) < 0)
		return -1;
	x->e->warmup = (int)v;
	return 0;
}

static int parse_repeats(struct loader *ld, struct exp_ctx *x,
			 const struct node *nd)
{
	uint64_t v;

	if (get_uint(ld, nd, "repeats", 1, 100000, &v) < 0)
		return -1;
	x->e->repeats = (int)v;
	return 0;
}

static int parse_seed(struct loader *ld, struct exp_ctx *x,
		      const struct node *nd)
{
	return get_uint(ld, nd, "seed", 0, UINT64_MAX, &x->e->seed);
}

static int parse_l2_flush(struct loader *ld, struct exp_ctx *x,
			  const struct node *nd)
{
	if (nd->kind == NODE_SCALAR && nd->plain) {
		if (strcmp(nd->str, "true") == 0) {
			x->e->l2_flush = true;
			return 0;
		}
		if (strcmp(nd->str, "false") == 0) {
			x->e->l2_flush = false;
			return 0;
		}
	}
	return expected(ld, nd, "true or false", "l2_flush");
}

/* Adds a counter name unless present.  Returns -1 past the cap. */
static int add_counter(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd, const char *name, bool check)
{
	char why[256];

	for (size_t k = 0; k < x->e->ncounters; k++)
		if (strcmp(x->e->counters[k], name) == 0)
			return 0;
	if (x->e->ncounters == EXPERIMENT_MAX_COUNTERS)
		return lerr(ld, nd, "more than %d counters in one experiment",
			    EXPERIMENT_MAX_COUNTERS);
	if (check && metrics_check(name, why, sizeof(why)) < 0)
		return lerr(ld, nd, "%s", why);
	x->e->counters[x->e->ncounters++] = xstrdup(name);
	return 0;
}

static int parse_counters(struct loader *ld, struct exp_ctx *x,
			  const struct node *nd)
{
	const struct node *const *items;
	size_t nitems;
	int rc = 0;

	if (nd->kind == NODE_MAP)
		return expected(ld, nd, "a counter or a list of counters",
				"counters");
	items = list_items(&nd, &nitems);
	x->e->counters = xcalloc(EXPERIMENT_MAX_COUNTERS,
				 sizeof(*x->e->counters));
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		const char *s = get_string(ld, items[i], "counters");

		if (!s) {
			rc = -1;
			continue;
		}
		if (strcmp(s, "default") == 0) {
			size_t nd_ = 0;
			const char *const *set = metrics_default_set(&nd_);

			for (size_t k = 0; k < nd_ && rc == 0; k++)
				rc = add_counter(ld, x, items[i], set[k], false);
			continue;
		}
		if (add_counter(ld, x, items[i], s, true) < 0) {
			rc = -1;
			if (x->e->ncounters == EXPERIMENT_MAX_COUNTERS)
				break;
		}
	}
	return rc;
}

/* The experiment keys, in the order they are checked: later keys need
 * what earlier ones established (variants need the family, types and
 * blocks need the variants). */
static const struct exp_key {
	const char *name;
	int (*parse)(struct loader *, struct exp_ctx *, const struct node *);
	bool required;
	bool call_when_absent;      /* parse(NULL) fills the default */
} exp_keys[] = {
	{ "name", parse_name, true, false },
	{ "description", parse_description, false, false },
	{ "family", parse_family, true, false },
	{ "variants", parse_variants, false, true },
	{ "types", parse_types, false, true },
	{ "sizes", parse_sizes, true, false },
	{ "block", parse_block, false, false },
	{ "warmup", parse_warmup, false, false },
	{ "repeats", parse_repeats, false, false },
	{ "seed", parse_seed, false, false },
	{ "l2_flush", parse_l2_flush, false, false },
	{ "counters", parse_counters, false, false },
};

#define NKEYS ARRAY_SIZE(exp_keys)

static const char *const *exp_key_names(void)
{
	static const char *names[NKEYS];

	for (size_t k = 0; k < NKEYS; k++)
		names[k] = exp_keys[k].name;
	return names;
}

static void experiment_release(struct experiment *e)
{
	free(e->name);
	free(e->description);
	free(e->variants);
	free(e->dtypes);
	free(e->sizes);
	free(e->blocks);
	for (size_t k = 0; k < e->ncounters; k++)
		free(e->counters[k]);
	free(e->counters);
	memset(e, 0, sizeof(*e));
}

/* Rows of a checked experiment (see experiment.h, "Rows"). */
static uint64_t experiment_rows(const struct experiment *e)
{
	uint64_t rows = 0;

	for (size_t v = 0; v < e->nvariants; v++) {
		const struct variant *var = e->variants[v];
		uint64_t types = 0, blocks = 1;

		for (size_t t = 0; t < e->ndtypes; t++)
			types += variant_supports(var, e->dtypes[t]);
		if ((var->flags & VF_BLOCK) && e->nblocks)
			blocks = e->nblocks;
		rows += types * e->nsizes * blocks;
	}
	return rows;
}

/* Checks experiment `index` (1-based) at `map` into *e, with the values
 * of `defaults` (NULL: none) filling keys it omits.  Sets *name_at to its
 * own `name` value.  Returns 0, or -1 after reporting every error. */
static int check_experiment(struct loader *ld, const struct node *map,
			    int index, struct experiment *e,
			    const struct node *defaults_vals[NKEYS],
			    const struct node **name_at)
{
	static const struct keyset ks = { "in experiment", NULL, NKEYS };
	struct keyset kset = ks;
	const struct node *vals[NKEYS], *keys[NKEYS];
	struct exp_ctx x = { 0 };
	char label[96];
	int rc = 0;
	uint64_t rows;

	kset.names = exp_key_names();
	memset(e, 0, sizeof(*e));
	e->line = map->line;
	e->col = map->col;
	e->description = xstrdup("");
	e->warmup = 3;
	e->repeats = 30;
	e->seed = 1;
	e->l2_flush = true;
	x.e = e;
	x.index = index;
	x.map = map;
	if (check_keys(ld, map, &kset, vals, keys) < 0)
		rc = -1;
	*name_at = vals[0];
	for (size_t k = 0; k < NKEYS && !ld->stopped; k++) {
		const struct node *nd = vals[k];
		bool from_defaults = false;

		if (!nd && defaults_vals && defaults_vals[k]) {
			nd = defaults_vals[k];
			from_defaults = true;
		}
		if (exp_keys[k].parse == parse_variants)
			x.variants_node = nd;
		if (exp_keys[k].parse == parse_block)
			x.block_from_defaults = from_defaults;
		if (!nd) {
			if (exp_keys[k].required) {
				rc = lerr(ld, map, "%s has no \"%s\" (required)",
					  exp_label(&x, label, sizeof(label)),
					  exp_keys[k].name);
				continue;
			}
			if (!exp_keys[k].call_when_absent)
				continue;
		}
		if (exp_keys[k].parse(ld, &x, nd) < 0)
			rc = -1;
	}
	free(x.variant_at);
	/* A failed experiment still holds its sizes until the load ends:
	 * charge them to the file's budget so that errors repeated through
	 * aliases or defaults (reported once) cannot pile them up. */
	rows = (rc < 0 || ld->stopped) ? e->nsizes : experiment_rows(e);
	ld->file_rows += rows;
	if (ld->file_rows > EXPERIMENT_MAX_FILE_ROWS)
		return lfatal(ld, map->line, map->col, "the experiments of this "
			      "file expand to more than %d rows",
			      EXPERIMENT_MAX_FILE_ROWS);
	if (rc < 0 || ld->stopped)
		return -1;
	if (rows == 0)
		return lerr(ld, map, "no kernel of %s supports the requested "
			    "types", exp_label(&x, label, sizeof(label)));
	if (rows > EXPERIMENT_MAX_ROWS)
		return lerr(ld, map, "%s expands to %llu rows (kernels x types "
			    "x sizes x blocks), more than %d",
			    exp_label(&x, label, sizeof(label)),
			    (unsigned long long)rows, EXPERIMENT_MAX_ROWS);
	e->nrows = (size_t)rows;
	return 0;
}

/* ---- the file --------------------------------------------------------------- */

static const char *const top_keys[] = { "version", "output", "defaults",
					"experiments" };
enum { TOP_VERSION, TOP_OUTPUT, TOP_DEFAULTS, TOP_EXPERIMENTS };

static char *default_output(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;
	size_t len;
	char *stem, *out;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	len = (dot && dot != base) ? (size_t)(dot - base) : strlen(base);
	stem = xstrndup(base, len);
	if (!*stem || strcmp(stem, ".") == 0 || strcmp(stem, "..") == 0) {
		free(stem);
		stem = xstrdup("experiment");
	}
	out = xasprintf("results/%s", stem);
	free(stem);
	return out;
}

static int check_output(struct loader *ld, const struct node *nd,
			struct experiment_file *f)
{
	const char *s = get_string(ld, nd, "output");
	const char *p;

	if (!s)
		return -1;
	for (p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return lerr(ld, nd, "\"output\" contains a control "
				    "character");
	for (p = s; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.')
			return lerr(ld, nd, "\"output\" must not contain \"..\" "
				    "(got \"%s\")", s);
		p += n;
		while (*p == '/')
			p++;
	}
	free(f->output);
	f->output = xstrdup(s);
	return 0;
}

/* A mapping that holds experiment keys but no "experiments" list. */
static bool looks_bare(const struct node *root)
{
	for (size_t i = 0; i + 1 < root->nkids; i += 2) {
		const struct node *key = root->kids[i];

		if (key->kind != NODE_SCALAR)
			continue;
		for (size_t k = 0; k < NKEYS; k++)
			if (strcmp(key->str, exp_keys[k].name) == 0)
				return true;
	}
	return false;
}

static int check_defaults(struct loader *ld, const struct node *nd,
			  const struct node *vals[NKEYS])
{
	struct keyset ks = { "in defaults", NULL, NKEYS };
	const struct node *keys[NKEYS];
	int rc;

	ks.names = exp_key_names();
	if (nd->kind != NODE_MAP) {
		expected(ld, nd, "a mapping of experiment keys", "defaults");
		return -1;
	}
	rc = check_keys(ld, nd, &ks, vals, keys);
	if (keys[0]) {
		rc = lerr(ld, keys[0], "\"name\" cannot be set in defaults (each "
			  "experiment names itself)");
		vals[0] = NULL;
	}
	return rc;
}

static int check_version(struct loader *ld, const struct node *nd)
{
	const char *s = nd->str;

	if (nd->kind != NODE_SCALAR || !nd->plain || node_is_null(nd))
		return expected(ld, nd, "an integer", "version");
	if (strcmp(s, "1") == 0)
		return 0;
	if (*s == '-')
		s++;
	if (*s && strspn(s, "0123456789") == strlen(s))
		return lerr(ld, nd, "unsupported version %s (only version 1 "
			    "exists)", nd->str);
	return expected(ld, nd, "an integer", "version");
}

/* Experiment names seen so far: an open-addressing hash set, so a file
 * with tens of thousands of experiments is still checked in linear
 * time. */
struct name_table {
	struct name_slot {
		const char *name;
		const struct node *at;
	} *slots;
	size_t mask;
};

static void names_init(struct name_table *t, size_t n)
{
	size_t cap = 16;

	while (cap < 2 * n)
		cap *= 2;
	t->slots = xcalloc(cap, sizeof(*t->slots));
	t->mask = cap - 1;
}

/* Adds `name`; returns where it was named first if it was already there. */
static const struct node *names_add(struct name_table *t, const char *name,
				    const struct node *at)
{
	uint64_t h = 1469598103934665603ull;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	for (size_t i = (size_t)h & t->mask;; i = (i + 1) & t->mask) {
		if (!t->slots[i].name) {
			t->slots[i].name = name;
			t->slots[i].at = at;
			return NULL;
		}
		if (strcmp(t->slots[i].name, name) == 0)
			return t->slots[i].at;
	}
}

static int check_root(struct loader *ld, struct experiment_file *f)
{
	static const struct keyset ks = { "at top level", top_keys,
					   ARRAY_SIZE(top_keys) };
	const struct node *vals[ARRAY_SIZE(top_keys)];
	const struct node *keys[ARRAY_SIZE(top_keys)];
	const struct node *dvals[NKEYS], *root = ld->root;
	const struct node *exps;
	struct name_table names;
	bool have_defaults = false;
	char desc[96];
	int rc = 0;

	if (!root) {
		if (ld->len == 0)
			return lfatal(ld, 0, 0, "the file is empty (expected a "
				      "mapping with an \"experiments\" list)");
		return lfatal(ld, 0, 0, "the file holds no YAML document, only "
			      "comments or blank lines (expected a mapping "
			      "with an \"experiments\" list)");
	}
	if (node_is_null(root))
		return lfatal(ld, root->line, root->col, "the document is empty "
			      "(expected a mapping with an \"experiments\" "
			      "list)");
	if (root->kind == NODE_SEQ)
		return lfatal(ld, root->line, root->col, "the document is a "
			      "list, not a mapping (put the experiments under "
			      "\"experiments:\")");
	if (root->kind == NODE_SCALAR)
		return lfatal(ld, root->line, root->col, "the document is %s, "
			      "not a mapping with an \"experiments\" list",
			      node_desc(root, desc, sizeof(desc)));
	if (!map_value(root, "experiments") && looks_bare(root))
		return lfatal(ld, root->line, root->col, "no \"experiments\" "
			      "list: this looks like a single experiment; put it "
			      "under \"experiments:\" as a list item "
			      "(\"- name: ...\")");
	rc = check_keys(ld, root, &ks, vals, keys);
	if (vals[TOP_VERSION] && check_version(ld, vals[TOP_VERSION]) < 0)
		rc = -1;
	if (vals[TOP_OUTPUT] && check_output(ld, vals[TOP_OUTPUT], f) < 0)
		rc = -1;
	if (!f->output)
		f->output = default_output(ld->path);
	if (vals[TOP_DEFAULTS]) {
		if (check_defaults(ld, vals[TOP_DEFAULTS], dvals) < 0)
			rc = -1;
		have_defaults = vals[TOP_DEFAULTS]->kind == NODE_MAP;
	}
	exps = vals[TOP_EXPERIMENTS];
	if (!exps)
		return lerr(ld, root, "missing \"experiments\" (a list of "
			    "experiments)");
	if (exps->kind != NODE_SEQ)
		return expected(ld, exps, "a list of experiments", "experiments");
	if (!exps->nkids)
		return lerr(ld, exps, "\"experiments\" is empty (give at least "
			    "one experiment)");
	if (exps->nkids > EXPERIMENT_MAX_EXPERIMENTS)
		return lfatal(ld, exps->line, exps->col, "more than %d "
			      "experiments in one file (%zu)",
			      EXPERIMENT_MAX_EXPERIMENTS, exps->nkids);
	f->exps = xcalloc(exps->nkids, sizeof(*f->exps));
	names_init(&names, exps->nkids);
	for (size_t i = 0; i < exps->nkids && !ld->stopped; i++) {
		const struct node *it = exps->kids[i], *name_at = NULL, *first;
		struct experiment *e = &f->exps[f->nexps];

		if (it->kind != NODE_MAP) {
			rc = lerr(ld, it, "expected a mapping for experiment %zu, "
				  "got %s", i + 1, node_desc(it, desc,
							     sizeof(desc)));
			continue;
		}
		if (check_experiment(ld, it, (int)i + 1, e,
				     have_defaults ? dvals : NULL, &name_at) < 0)
			rc = -1;
		/* Names must be unique, whatever else is wrong. */
		if (e->name && (first = names_add(&names, e->name, name_at)))
			rc = lerr(ld, name_at, "duplicate experiment name \"%s\" "
				  "(first at line %d)", e->name, first->line);
		/* Kept even when wrong: released with the file on failure. */
		f->nexps++;
	}
	free(names.slots);
	return rc;
}

/* ---- entry points ------------------------------------------------------------ */

void experiment_file_release(struct experiment_file *f)
{
	if (!f)
		return;
	free(f->path);
	free(f->text);
	free(f->output);
	for (size_t i = 0; i < f->nexps; i++)
		experiment_release(&f->exps[i]);
	free(f->exps);
	memset(f, 0, sizeof(*f));
}

/* Loads `text` (ours: taken over) as the file `path`. */
static int load_text(const char *path, char *text, size_t len,
		     struct experiment_file *f)
{
	struct loader ld = { 0 };
	int rc = -1;

	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->text = text;
	f->len = len;
	ld.path = path;
	ld.text = text;
	ld.len = len;
	if (check_bytes(&ld) < 0 || compose(&ld) < 0)
		goto out_release;
	if (check_root(&ld, f) < 0 || ld.nerrs)
		goto out_release;
	if (sha256_hex(text, len, f->sha256) < 0) {
		lfatal(&ld, 0, 0, "cannot compute the SHA-256 of the file");
		goto out_release;
	}
	rc = 0;
	goto out_free_nodes;

out_release:
	experiment_file_release(f);
out_free_nodes:
	node_free_all(&ld);
	for (unsigned i = 0; i < ld.nerrs; i++)
		free(ld.errs[i].msg);
	return rc;
}

int experiment_load_buffer(const char *path, const char *text, size_t len,
			   struct experiment_file *f)
{
	char *copy;

	if (len > EXPERIMENT_MAX_FILE_BYTES) {
		memset(f, 0, sizeof(*f));
		return diag_error_at(path, 0, 0, "the file is larger than %u "
				     "bytes (%zu)", EXPERIMENT_MAX_FILE_BYTES,
				     len);
	}
	copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	return load_text(path, copy, len, f);
}

int experiment_load(const char *path, struct experiment_file *f)
{
	char *text;
	size_t len;

	memset(f, 0, sizeof(*f));
	if (read_file(path, EXPERIMENT_MAX_FILE_BYTES, &text, &len) < 0)
		return -1;
	return load_text(path, text, len, f);
}
