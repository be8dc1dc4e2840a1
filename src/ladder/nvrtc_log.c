/* nvrtc_log.c - NVRTC's log as GNU diagnostics.  See nvrtc.h.
 *
 * NVRTC (its front end is EDG's) writes one block per message:
 *
 *     student/my.cu(4): error: identifier "undefined_x" is undefined
 *       out[0] = in[0] + undefined_x;
 *                        ^
 *
 * -- a header "file(line): kind[ #code]: message", maybe continuation
 * lines ("argument types are: ..."), the source line echoed with two
 * spaces before it and a caret line that copies the echo's tabs, then
 * maybe context ("detected during instantiation of ...").  The column is
 * the caret's offset into the source line, which is found by locating the
 * real source line at the end of the echo (the indent is not taken on
 * trust), counted in characters (UTF-8), a tab counting one, as culab's
 * other columns are.
 *
 * Name expressions are compiled by NVRTC as "#pragma nv_mangled_name
 * EXPR" lines of a file of its own, "__nv_name_map", whose line numbers
 * say nothing to the user: those messages are reported at the source
 * with the expression named (and the __global__ functions the source
 * defines listed), once per expression.
 *
 * The log is the user's file content (the echo, identifiers in messages),
 * so control characters are replaced before anything is printed: one
 * message stays one line.  Summary lines ("2 errors detected ...",
 * "Remark: ...") are dropped; ptxas's and NVRTC's own lines ("ptxas
 * error   : ...", "nvrtc: error: ...") become messages at the source
 * without a line. */
#include "nvrtc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"

#define NAME_MAP_FILE "__nv_name_map"
#define NAME_MAP_PRAGMA "#pragma nv_mangled_name"
#define MAX_GLOBALS 16

enum kind { K_ERROR, K_WARNING, K_NOTE };

struct line {
	const char *s;
	size_t n;
};

/* A parsed "file(line): kind[ #code]: message" header. */
struct header {
	struct line file, code, msg;
	int line;
	enum kind kind;
};

/* The state of one log's reporting. */
struct logscan {
	const struct nvrtc_input *in;   /* NULL: count only */
	bool emit;
	int errors;
	bool *named;                    /* per name expression: reported */
	char **extra;                   /* other expressions already reported */
	size_t nextra;
};

static const struct {
	const char *word;
	enum kind kind;
} kinds[] = {
	{ "error", K_ERROR },
	{ "catastrophic error", K_ERROR },
	{ "fatal error", K_ERROR },
	{ "warning", K_WARNING },
	{ "note", K_NOTE },
	{ "remark", K_NOTE },
};

/* ---- small text helpers ------------------------------------------------- */

static bool starts(const struct line *l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l->n >= n && !memcmp(l->s, prefix, n);
}

static struct line trim(struct line l)
{
	while (l.n && (*l.s == ' ' || *l.s == '\t')) {
		l.s++;
		l.n--;
	}
	while (l.n && (l.s[l.n - 1] == ' ' || l.s[l.n - 1] == '\t' ||
		       l.s[l.n - 1] == '\r'))
		l.n--;
	return l;
}

/* Appends l with control characters replaced: the text comes from the
 * user's file and must not break the one-line format. */
static void add_clean(struct sbuf *b, struct line l)
{
	size_t i;

	for (i = 0; i < l.n; i++) {
		unsigned char c = (unsigned char)l.s[i];

		sbuf_addc(b, c == '\t' ? ' ' : (c < 0x20 || c == 0x7f) ? '?' :
			  (char)c);
	}
}

static char *clean_dup(struct line l)
{
	struct sbuf b = SBUF_INIT;

	add_clean(&b, l);
	return sbuf_detach(&b);
}

/* ---- recognising lines ------------------------------------------------- */

/* Parses l as a message header.  The file name may hold parentheses, so
 * each "(digits): kind" in the line is tried from the left. */
static bool parse_header(const struct line *l, struct header *h)
{
	const char *s = l->s, *end = l->s + l->n, *p;
	size_t k;

	for (p = s + 1; p < end; p++) {
		const char *q = p + 1, *w;
		long line = 0;

		if (*p != '(' || q >= end || *q < '0' || *q > '9')
			continue;
		while (q < end && *q >= '0' && *q <= '9' && line < 100000000)
			line = line * 10 + (*q++ - '0');
		if (end - q < 3 || memcmp(q, "): ", 3) != 0)
			continue;
		w = q + 3;
		for (k = 0; k < ARRAY_SIZE(kinds); k++) {
			size_t wn = strlen(kinds[k].word);
			const char *c;

			if ((size_t)(end - w) < wn || memcmp(w, kinds[k].word, wn))
				continue;
			c = w + wn;
			h->code.s = c;
			if (c + 1 < end && c[0] == ' ' && c[1] == '#') {
				h->code.s = c + 1;
				while (c < end && *c != ':')
					c++;
			}
			h->code.n = (size_t)(c - h->code.s);
			if (end - c < 2 || c[0] != ':' || c[1] != ' ')
				continue;
			h->file.s = s;
			h->file.n = (size_t)(p - s);
			h->line = (int)line;
			h->kind = kinds[k].kind;
			h->msg.s = c + 2;
			h->msg.n = (size_t)(end - c - 2);
			return true;
		}
	}
	return false;
}

/* Whether l is a caret line: blanks and one '^'. */
static bool is_caret(const struct line *l)
{
	size_t i, carets = 0;

	for (i = 0; i < l->n; i++) {
		if (l->s[i] == '^')
			carets++;
		else if (l->s[i] != ' ' && l->s[i] != '\t' && l->s[i] != '\r')
			return false;
	}
	return carets == 1;
}

/* The summary lines NVRTC closes a log with. */
static bool is_trailer(const struct line *l)
{
	static const char *const tails[] = {
		" detected in the compilation of ",
		" detected in this compilation",
	};
	size_t i;

	if (starts(l, "Compilation terminated") || starts(l, "Remark: "))
		return true;
	for (i = 0; i < ARRAY_SIZE(tails); i++) {
		size_t n = strlen(tails[i]);

		if (l->n > n && l->s[0] >= '0' && l->s[0] <= '9' &&
		    memmem(l->s, l->n, tails[i], n))
			return true;
	}
	return false;
}

/* Lines of the compiler's tools, "ptxas error   : msg", "nvrtc: error:
 * msg", "Command-line error: msg": sets *kind and *msg, returns the tool
 * (NULL: not such a line, or one to skip such as "ptxas info"). */
static const char *parse_tool(const struct line *l, enum kind *kind,
			      struct line *msg)
{
	static const struct {
		const char *prefix, *tool;
		enum kind kind;
	} tools[] = {
		{ "ptxas error", "ptxas", K_ERROR },
		{ "ptxas fatal", "ptxas", K_ERROR },
		{ "ptxas warning", "ptxas", K_WARNING },
		{ "nvrtc: error", "nvrtc", K_ERROR },
		{ "nvrtc: warning", "nvrtc", K_WARNING },
		{ "Command-line error", "nvrtc", K_ERROR },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tools); i++) {
		const char *colon;

		if (!starts(l, tools[i].prefix))
			continue;
		colon = memchr(l->s, ':', l->n);
		if (tools[i].prefix[5] == ':')  /* "nvrtc: error: " */
			colon = memchr(colon + 1, ':', l->n - (size_t)(colon + 1 - l->s));
		if (!colon)
			return NULL;
		msg->s = colon + 1;
		msg->n = l->n - (size_t)(msg->s - l->s);
		*msg = trim(*msg);
		*kind = tools[i].kind;
		return tools[i].tool;
	}
	return NULL;
}

/* ---- columns --------------------------------------------------------------- */

/* Line `no` (1-based) of the text, or false. */
static bool source_line(const char *text, size_t len, int no, struct line *l)
{
	const char *p = text, *end = text + len, *nl;

	if (no < 1)
		return false;
	while (--no > 0) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return false;
		p = nl + 1;
	}
	nl = memchr(p, '\n', (size_t)(end - p));
	l->s = p;
	l->n = nl ? (size_t)(nl - p) : (size_t)(end - p);
	return true;
}

static struct line rtrim(struct line l)
{
	while (l.n && (l.s[l.n - 1] == ' ' || l.s[l.n - 1] == '\t' ||
		       l.s[l.n - 1] == '\r'))
		l.n--;
	return l;
}

/* The 1-based column the caret points at under the echo, counted in src
 * (the real source line, or NULL); 0 when unknown.  The echo is the
 * source line after an indent (two spaces in NVRTC 13.0): the indent is
 * what is left when the source line is found at the echo's end.  When it
 * is not found there, the column is read off the echo. */
static int caret_column(const struct line *echo, const struct line *caret,
			const struct line *src)
{
	struct line e = rtrim(*echo), s, t;
	size_t at = (size_t)((const char *)memchr(caret->s, '^', caret->n) -
			     caret->s);
	size_t ind = 2, b;

	t = src ? rtrim(*src) : e;
	if (src && t.n && t.n <= e.n && !memcmp(e.s + e.n - t.n, t.s, t.n)) {
		ind = e.n - t.n;
		s = *src;
	} else {
		if (e.n < ind || memcmp(e.s, "  ", 2) != 0)
			return 0;
		s.s = e.s + ind;
		s.n = e.n - ind;
	}
	if (at < ind)
		return 0;
	b = at - ind;
	if (b > s.n)
		b = s.n;
	return (int)utf8_chars(s.s, b) + 1;
}

/* ---- emitting ------------------------------------------------------------- */

static void emit(struct logscan *ls, enum kind kind, const char *path,
		 int line, int col, const char *msg)
{
	if (kind == K_ERROR)
		ls->errors++;
	if (!ls->emit)
		return;
	if (kind == K_ERROR)
		diag_error_at(path, line, col, "%s", msg);
	else if (kind == K_WARNING)
		diag_warning_at(path, line, col, "%s", msg);
	else
		diag_note_at(path, line, col, "%s", msg);
}

/* " (the __global__ functions it defines: a, b)" for name expressions. */
static void add_globals_hint(struct sbuf *b, const struct nvrtc_input *in)
{
	char *names[MAX_GLOBALS];
	size_t n = nvrtc_list_globals(in->text, in->len, names, MAX_GLOBALS);
	size_t i;

	if (!n) {
		sbuf_add(b, " (it defines no __global__ function)");
		return;
	}
	sbuf_add(b, " (__global__ functions in it: ");
	for (i = 0; i < n; i++) {
		sbuf_addf(b, "%s%s", i ? ", " : "", names[i]);
		free(names[i]);
	}
	sbuf_add(b, ")");
}

static bool same_expression(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '\t')
			a++;
		while (*b == ' ' || *b == '\t')
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

/* Whether the expression had an error already; marks it when `mark`.
 * *spelling: the caller's own spelling of it (NULL when it is not among
 * in->names). */
static bool expression_seen(struct logscan *ls, const char *expr,
			    bool mark, const char **spelling)
{
	size_t i;

	*spelling = NULL;
	for (i = 0; i < ls->in->nnames; i++)
		if (same_expression(ls->in->names[i], expr)) {
			bool seen = ls->named[i];

			ls->named[i] |= mark;
			*spelling = ls->in->names[i];
			return seen;
		}
	for (i = 0; i < ls->nextra; i++)
		if (!strcmp(ls->extra[i], expr))
			return true;
	if (!mark)
		return false;
	ls->extra = xrealloc(ls->extra, (ls->nextra + 1) * sizeof(*ls->extra));
	ls->extra[ls->nextra++] = xstrdup(expr);
	return false;
}

/* A message about a name expression (echo: its pragma line, or NULL
 * when there is none). */
static void report_name_expr(struct logscan *ls, const struct header *h,
			     const struct line *echo, const struct line *msg)
{
	static const char parse_fail[] =
		"Error in parsing name expression for lowered name lookup";
	static const char input_was[] = ". Input name expression was:";
	struct line e = echo ? trim(*echo) : h->file, m = *msg;
	struct sbuf b = SBUF_INIT;
	const char *cut, *spelling;
	char *expr;
	bool seen;

	if (!echo || !starts(&e, NAME_MAP_PRAGMA)) {
		sbuf_add(&b, "in a name expression: ");
		add_clean(&b, trim(m));
		emit(ls, h->kind, ls->in->path, 0, 0, sbuf_str(&b));
		sbuf_release(&b);
		return;
	}
	e.s += strlen(NAME_MAP_PRAGMA);
	e.n -= strlen(NAME_MAP_PRAGMA);
	expr = clean_dup(trim(e));
	seen = expression_seen(ls, expr, h->kind == K_ERROR, &spelling);
	if (spelling) {
		free(expr);
		expr = clean_dup((struct line){ spelling, strlen(spelling) });
	}
	if (h->kind == K_NOTE) {
		sbuf_addf(&b, "name expression \"%s\": ", expr);
		add_clean(&b, m);
		emit(ls, K_NOTE, ls->in->path, 0, 0, sbuf_str(&b));
		goto out;
	}
	if (starts(&m, parse_fail)) {
		/* NVRTC's second word on an expression it already explained */
		sbuf_addf(&b, "name expression \"%s\" is not valid", expr);
		if (!seen)
			emit(ls, h->kind, ls->in->path, 0, 0, sbuf_str(&b));
		goto out;
	}
	cut = memmem(m.s, m.n, input_was, strlen(input_was));
	if (cut)
		m.n = (size_t)(cut - m.s);
	sbuf_addf(&b, "name expression \"%s\": ", expr);
	add_clean(&b, m);
	if (!seen && h->kind == K_ERROR)
		add_globals_hint(&b, ls->in);
	emit(ls, h->kind, ls->in->path, 0, 0, sbuf_str(&b));
out:
	sbuf_release(&b);
	free(expr);
}

/* The message of a header block: the header's text, its continuation
 * lines after "; ", and a warning's number ("[#177-D]") at the end. */
static char *block_message(const struct header *h, const struct line *cont,
			   size_t ncont)
{
	struct sbuf b = SBUF_INIT;
	size_t i;

	add_clean(&b, trim(h->msg));
	for (i = 0; i < ncont; i++) {
		struct line t = trim(cont[i]);

		if (!t.n)
			continue;
		sbuf_add(&b, "; ");
		add_clean(&b, t);
	}
	if (h->code.n && h->kind == K_WARNING) {
		sbuf_add(&b, " [");
		add_clean(&b, h->code);
		sbuf_add(&b, "]");
	}
	return sbuf_detach(&b);
}

/* A message in a file: the user's source (columns against its text) or
 * a header it includes (columns off the echo). */
static void report_at_file(struct logscan *ls, const struct header *h,
			   const struct line *echo, const struct line *caret,
			   const char *msg)
{
	const struct nvrtc_input *in = ls->in;
	char *path = clean_dup(h->file);
	struct line src;
	int col = 0;

	if (echo && caret) {
		bool own = h->file.n == strlen(in->path) &&
			   !memcmp(h->file.s, in->path, h->file.n);

		if (own && source_line(in->text, in->len, h->line, &src))
			col = caret_column(echo, caret, &src);
		else
			col = caret_column(echo, caret, NULL);
	}
	emit(ls, h->kind, path, h->line, col, msg);
	free(path);
}

static bool is_block_end(const struct line *l)
{
	struct header h;
	struct line msg;
	enum kind k;

	return !l->n || is_trailer(l) || parse_header(l, &h) ||
	       parse_tool(l, &k, &msg);
}

static bool is_name_map(const struct header *h, const struct line *echo)
{
	struct line e;

	if (h->file.n == strlen(NAME_MAP_FILE) &&
	    !memcmp(h->file.s, NAME_MAP_FILE, h->file.n))
		return true;
	if (!echo)
		return false;
	e = trim(*echo);
	return starts(&e, NAME_MAP_PRAGMA);
}

/* The context after a caret ("detected during instantiation of ...", on
 * one or more lines) as one note at the message's line. */
static void report_context(struct logscan *ls, const struct header *h,
			   const struct line *lines, size_t n)
{
	struct header note = { .file = h->file, .line = h->line,
			       .kind = K_NOTE, .msg = lines[0] };
	char *msg = block_message(&note, lines + 1, n - 1);

	report_at_file(ls, &note, NULL, NULL, msg);
	free(msg);
}

/* Reports the block whose header is lines[i]; returns the index of the
 * first line after it. */
static size_t report_block(struct logscan *ls, const struct line *lines,
			   size_t n, size_t i, const struct header *h)
{
	size_t end = i + 1, caret = 0, j;
	const struct line *echo = NULL;
	char *msg;

	while (end < n && !is_block_end(&lines[end]))
		end++;
	if (!ls->emit) {
		emit(ls, h->kind, NULL, 0, 0, "");
		return end;
	}
	for (j = i + 2; j < end && !caret; j++)
		if (is_caret(&lines[j]))
			caret = j;
	if (caret)
		echo = &lines[caret - 1];
	if (is_name_map(h, echo)) {
		report_name_expr(ls, h, echo, &h->msg);
		return end;
	}
	msg = block_message(h, &lines[i + 1], (caret ? caret - 1 : end) - i - 1);
	report_at_file(ls, h, echo, caret ? &lines[caret] : NULL, msg);
	free(msg);
	if (caret && caret + 1 < end)
		report_context(ls, h, &lines[caret + 1], end - caret - 1);
	return end;
}

static struct line *split_lines(const char *log, size_t *n)
{
	size_t cap = 16, k = 0;
	struct line *v = xmalloc(cap * sizeof(*v));
	const char *p = log;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (k == cap) {
			cap *= 2;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[k].s = p;
		v[k++].n = len;
		p += len + (nl != NULL);
	}
	*n = k;
	return v;
}

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

/* Walks the log; emits through diag when ls->emit.  Returns the number of
 * errors. */
static int scan_log(struct logscan *ls, const char *log)
{
	size_t n, i = 0;
	struct line *lines = split_lines(log ? log : "", &n);

	while (i < n) {
		struct header h;
		struct line msg;
		enum kind kind;
		const char *tool;

		if (parse_header(&lines[i], &h)) {
			i = report_block(ls, lines, n, i, &h);
			continue;
		}
		tool = parse_tool(&lines[i], &kind, &msg);
		if (tool && ls->emit) {
			struct sbuf b = SBUF_INIT;

			if (strcmp(tool, "nvrtc") != 0)
				sbuf_addf(&b, "%s: ", tool);
			add_clean(&b, msg);
			emit(ls, kind, ls->in->path, 0, 0, sbuf_str(&b));
			sbuf_release(&b);
		} else if (tool) {
			emit(ls, kind, NULL, 0, 0, "");
		}
		i++;
	}
	free(lines);
	return ls->errors;
}

int nvrtc_report_log(const struct nvrtc_input *in, const char *log)
{
	struct logscan ls = { .in = in, .emit = true };
	size_t i;
	int n;

	ls.named = xcalloc(in->nnames, sizeof(*ls.named));
	pthread_mutex_lock(&report_lock);
	n = scan_log(&ls, log);
	pthread_mutex_unlock(&report_lock);
	free(ls.named);
	for (i = 0; i < ls.nextra; i++)
		free(ls.extra[i]);
	free(ls.extra);
	return n;
}

int nvrtc_log_errors(const char *log)
{
	struct logscan ls = { .emit = false };

	return scan_log(&ls, log);
}
