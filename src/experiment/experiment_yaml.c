/* experiment_yaml.c - the YAML document of an experiment file: the first
 * two steps of loading, the loader's diagnostics and the accessors the
 * schema checks read nodes with.  See experiment_yaml.h.
 *
 * The files come from students and strangers, so the text passes two
 * guards before the schema (experiment_load.c) sees it:
 *
 *  1. the raw bytes: NUL bytes and UTF-8 are checked before libyaml sees
 *     them (the size before that, by experiment_load.c), so those errors carry
 *     the exact line:col of the bad byte;
 *  2. composition: libyaml's event API feeds a small tree of our own
 *     (struct node).  Composing ourselves, instead of yaml_parser_load(),
 *     bounds what a hostile file can cost: nesting depth and anchors are
 *     capped, an alias shares its target instead of copying it, and the
 *     size the document would have once aliases are expanded is counted
 *     as events arrive, so an alias bomb is refused after a few events
 *     with memory proportional to the file.
 *
 * This is the only file that includes yaml.h: libyaml's events, marks and
 * errors stop here, and the rest of the loader sees struct node only. */
#include "experiment_yaml.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "base/diag.h"
#include "base/util.h"

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

int lerr_at(struct loader *ld, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lerr_vat(ld, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

int lfatal(struct loader *ld, int line, int col, const char *fmt, ...)
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

int check_bytes(struct loader *ld)
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

void node_free_all(struct loader *ld)
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

int compose(struct loader *ld)
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

bool node_is_null(const struct node *nd)
{
	return nd->kind == NODE_SCALAR && nd->plain &&
	       (nd->len == 0 || strcmp(nd->str, "~") == 0 ||
		strcmp(nd->str, "null") == 0 || strcmp(nd->str, "Null") == 0 ||
		strcmp(nd->str, "NULL") == 0);
}

const char *node_desc(const struct node *nd, char *buf, size_t size)
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

int expected(struct loader *ld, const struct node *nd, const char *what,
	     const char *key)
{
	char buf[96];

	return lerr(ld, nd, "expected %s for \"%s\", got %s", what, key,
		    node_desc(nd, buf, sizeof(buf)));
}

const char *get_text(struct loader *ld, const struct node *nd,
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

const char *get_string(struct loader *ld, const struct node *nd,
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

int get_uint(struct loader *ld, const struct node *nd, const char *key,
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

const struct node *const *list_items(const struct node *const *ndp,
				     size_t *n)
{
	if ((*ndp)->kind == NODE_SEQ) {
		*n = (*ndp)->nkids;
		return (const struct node *const *)(*ndp)->kids;
	}
	*n = 1;
	return ndp;
}

const struct node *map_value(const struct node *map, const char *key)
{
	for (size_t i = 0; i + 1 < map->nkids; i += 2)
		if (map->kids[i]->kind == NODE_SCALAR &&
		    strcmp(map->kids[i]->str, key) == 0)
			return map->kids[i + 1];
	return NULL;
}

int check_keys(struct loader *ld, const struct node *map,
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

