/* expr.c - the small arithmetic expressions of experiment files.  See
 * expr.h.
 *
 * A recursive-descent parser writes the tree into an array in postfix
 * order: a node's operands always come before it and the root is the
 * last node, so evaluation is one loop over the array, with no
 * recursion.  The parser recurses once per nesting level (parentheses,
 * calls, unary minus), which EXPR_MAX_DEPTH bounds, and the text is at
 * most EXPR_MAX_TEXT bytes, so no input can run the stack out or take
 * long.  Each node keeps the span of text it came from, so an evaluation
 * error can quote the part that failed: division by zero ("block - 256"
 * is 0).  Numbers are read by hand, not by strtod, so a locale cannot
 * change what "0.5" means. */
#include "expr.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Longest number token, and the largest integer part (2^53: above it a
 * double no longer holds every integer). */
#define EXPR_MAX_NUMBER 24
#define EXPR_MAX_INT (1ull << 53)

enum op {
	OP_NUM, OP_VAR, OP_NEG, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
	OP_CEIL, OP_FLOOR, OP_MIN, OP_MAX,
};

struct node {
	unsigned char op;          /* enum op */
	unsigned char var;         /* OP_VAR: enum expr_var */
	short a, b;                /* operands (node indices), -1 unused */
	unsigned short start, end; /* the text it came from: [start, end) */
	double num;                /* OP_NUM */
};

struct expr {
	char *text;
	unsigned uses;
	int n;
	struct node node[];
};

static const char *const var_names[EV__COUNT] = {
	[EV_N] = "n",
	[EV_ROWS] = "rows",
	[EV_COLS] = "cols",
	[EV_BLOCK] = "block",
	[EV_BLOCK_X] = "block_x",
	[EV_BLOCK_Y] = "block_y",
	[EV_ELEM] = "elem",
	[EV_ACC] = "acc",
	[EV_SM_COUNT] = "sm_count",
	[EV_WARP] = "warp",
};

static const struct func {
	const char *name;
	int nargs;
	enum op op;
	const char *usage;
} funcs[] = {
	{ "ceil", 1, OP_CEIL, "ceil(x)" },
	{ "floor", 1, OP_FLOOR, "floor(x)" },
	{ "min", 2, OP_MIN, "min(a, b)" },
	{ "max", 2, OP_MAX, "max(a, b)" },
};

static const char pow_hint[] =
	"there is no power operator: write the value, e.g. 1048576 for 2^20";

/* Characters people type for operators the grammar lacks or spells
 * otherwise, and what to write instead. */
static const struct {
	const char *text;
	const char *hint;
} char_hints[] = {
	{ "^", pow_hint },
	{ "\xc3\x97", "write * to multiply" },        /* U+00D7 multiplication sign */
	{ "\xc2\xb7", "write * to multiply" },        /* U+00B7 middle dot */
	{ "\xc3\xb7", "write / to divide" },          /* U+00F7 division sign */
	{ "\xe2\x88\x92", "write - to subtract" },    /* U+2212 minus sign */
};

const char *expr_var_name(enum expr_var v)
{
	return (unsigned)v < EV__COUNT ? var_names[v] : "?";
}

/* ---- numbers ------------------------------------------------------------ */

/* Whether v is within max(1e-9, 1e-12 |v|) of a whole number, which goes
 * to *r.  The relative part covers the rounding of a division inside a
 * large result (n / 3 * 3); it stays far below any real fraction of the
 * values culab passes (at most 2^36). */
static bool near_whole(double v, double *r)
{
	double tol = fabs(v) * 1e-12;

	*r = round(v);
	if (*r == 0)
		*r = 0; /* no "-0" */
	return fabs(v - *r) <= (tol > 1e-9 ? tol : 1e-9);
}

/* v for a message: whole numbers in full, others with as many digits as
 * it takes to show that they are not whole. */
static const char *fmt_num(double v, char buf[48])
{
	double r;

	if (near_whole(v, &r) && fabs(r) < 1e17) {
		snprintf(buf, 48, "%.0f", r);
		return buf;
	}
	for (int p = 6; p <= 17; p++) {
		snprintf(buf, 48, "%.*g", p, v);
		if (strchr(buf, '.') && !strchr(buf, 'e'))
			break;
	}
	return buf;
}

/* ---- parser --------------------------------------------------------------- */

struct parser {
	const char *text;
	size_t pos;        /* next byte */
	unsigned allowed;  /* EXPR_VAR_BIT mask */
	unsigned uses;
	int depth;
	int n;
	struct node node[EXPR_MAX_NODES];
	int col;
	char *why;
	size_t whysize;
};

/* What a group being closed is: the whole text, "( )" or a call. */
enum group { G_TOP, G_PAREN, G_CALL };

static int parse_expr(struct parser *ps);

static int perr(struct parser *ps, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Records an error at byte `at` of the text; returns -1. */
static int perr(struct parser *ps, size_t at, const char *fmt, ...)
{
	va_list ap;

	ps->col = (int)at + 1;
	if (ps->whysize) {
		va_start(ap, fmt);
		vsnprintf(ps->why, ps->whysize, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       is_digit(c);
}

/* Characters of the grammar; anything else is an unexpected character. */
static bool is_token_char(char c)
{
	return c && (is_name_char(c) || strchr("+-*/%(),.", c));
}

/* Skips blanks; returns the next byte ('\0' at the end). */
static char peek(struct parser *ps)
{
	while (ps->text[ps->pos] && strchr(" \t\r\n", ps->text[ps->pos]))
		ps->pos++;
	return ps->text[ps->pos];
}

/* The UTF-8 sequence starting at s: its length, 0 when not valid. */
static size_t utf8_len(const char *s)
{
	unsigned char c = (unsigned char)*s;
	size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;

	if (!n || strnlen(s, n) < n || !utf8_valid(s, n))
		return 0;
	return n;
}

/* What is at byte `at`, for "found ..." in a message: "the end", a word
 * or a number whole, one character, or a byte that is no character. */
static const char *describe(const struct parser *ps, size_t at, char *buf,
			    size_t size)
{
	const char *s = ps->text + at;
	size_t n = 0;

	if (!*s)
		return "the end";
	while (is_name_char(s[n]) || s[n] == '.')
		n++;
	if (!n && (unsigned char)*s > 0x20 && (unsigned char)*s < 0x7f)
		n = 1;
	if (!n)
		n = utf8_len(s);
	if (!n)
		snprintf(buf, size, "byte 0x%02x", (unsigned char)*s);
	else if (n > 32)
		snprintf(buf, size, "\"%.32s...\"", s);
	else
		snprintf(buf, size, "\"%.*s\"", (int)n, s);
	return buf;
}

/* A character outside the grammar at byte `at`, with a hint for the
 * ones people mean as operators. */
static int unexpected(struct parser *ps, size_t at)
{
	char buf[48];
	const char *s = ps->text + at;
	const char *what = describe(ps, at, buf, sizeof(buf));

	for (size_t i = 0; i < ARRAY_SIZE(char_hints); i++) {
		size_t len = strlen(char_hints[i].text);

		if (strncmp(s, char_hints[i].text, len) == 0)
			return perr(ps, at, "unexpected character %s (%s)", what,
				    char_hints[i].hint);
	}
	if (what[0] != '"')
		return perr(ps, at, "unexpected %s", what); /* "byte 0x01" */
	return perr(ps, at, "unexpected character %s", what);
}

/* Appends a node made at byte `at`; returns its index, or -1 when the
 * expression has too many. */
static int add_node(struct parser *ps, enum op op, int a, int b,
		    size_t start, size_t end, size_t at)
{
	struct node *nd;

	if (ps->n >= EXPR_MAX_NODES)
		return perr(ps, at, "expression too complex (more than %d "
			    "numbers, names and operators)", EXPR_MAX_NODES);
	nd = &ps->node[ps->n];
	memset(nd, 0, sizeof(*nd));
	nd->op = (unsigned char)op;
	nd->a = (short)a;
	nd->b = (short)b;
	nd->start = (unsigned short)start;
	nd->end = (unsigned short)end;
	return ps->n++;
}

/* One more nesting level, opened at byte `at`. */
static int enter(struct parser *ps, size_t at)
{
	if (++ps->depth > EXPR_MAX_DEPTH)
		return perr(ps, at, "nested more than %d levels deep",
			    EXPR_MAX_DEPTH);
	return 0;
}

/* The byte after a complete operand is none that group g accepts
 * (`lparen`: where its "(" is). */
static int bad_follow(struct parser *ps, enum group g, size_t lparen)
{
	static const char *const expect[] = {
		[G_TOP] = "an operator or the end",
		[G_PAREN] = "an operator or \")\"",
		[G_CALL] = "an operator, \",\" or \")\"",
	};
	size_t at = ps->pos;
	char c = ps->text[at], what[48];

	if (!c)
		return perr(ps, lparen, "unbalanced parentheses: \"(\" is never "
			    "closed");
	if (c == ')')
		return perr(ps, at, "unbalanced parentheses: \")\" has no "
			    "matching \"(\"");
	if (c == ',')
		return perr(ps, at, "\",\" outside a function's parentheses");
	if (!is_token_char(c))
		return unexpected(ps, at);
	return perr(ps, at, "expected %s, found %s", expect[g],
		    describe(ps, at, what, sizeof(what)));
}

/* A number: digits with an optional fraction, at most EXPR_MAX_NUMBER
 * characters and an integer part of at most 2^53. */
static int parse_number(struct parser *ps)
{
	size_t at = ps->pos, len = 0, i = 0, j;
	const char *s = ps->text + at;
	uint64_t ip = 0;
	double frac = 0, scale = 1;
	int k;

	while (is_name_char(s[len]) || s[len] == '.')
		len++;
	if (len > EXPR_MAX_NUMBER)
		return perr(ps, at, "number too long (more than %d characters)",
			    EXPR_MAX_NUMBER);
	for (; is_digit(s[i]); i++)
		if (__builtin_mul_overflow(ip, 10, &ip) ||
		    __builtin_add_overflow(ip, (uint64_t)(s[i] - '0'), &ip))
			ip = UINT64_MAX;
	j = i;
	if (i > 0 && s[i] == '.') {
		for (j = i + 1; is_digit(s[j]); j++) {
			frac = frac * 10 + (s[j] - '0');
			scale *= 10;
		}
		if (j == i + 1)
			j = i; /* "1." : the point is what is wrong */
	}
	if (i == 0 || j != len)
		return perr(ps, at + j, "malformed number \"%.*s\" (expected "
			    "digits and an optional fraction, as in 256 or 0.5)",
			    (int)len, s);
	if (ip > EXPR_MAX_INT)
		return perr(ps, at, "number \"%.*s\" is too large (more than "
			    "2^53)", (int)len, s);
	ps->pos += len;
	k = add_node(ps, OP_NUM, -1, -1, at, at + len, at);
	if (k >= 0)
		ps->node[k].num = (double)ip + frac / scale;
	return k;
}

/* The allowed variables, for messages. */
static const char *allowed_list(const struct parser *ps, char *buf,
				size_t size)
{
	const char *names[EV__COUNT];
	size_t n = 0;

	for (int v = 0; v < EV__COUNT; v++)
		if (ps->allowed & EXPR_VAR_BIT(v))
			names[n++] = var_names[v];
	return join_words(names, n, buf, size);
}

static int find_var(const char *name)
{
	for (int v = 0; v < EV__COUNT; v++)
		if (strcmp(name, var_names[v]) == 0)
			return v;
	return -1;
}

static const struct func *find_func(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(funcs); i++)
		if (strcmp(name, funcs[i].name) == 0)
			return &funcs[i];
	return NULL;
}

/* A name followed by "(" that is no function. */
static int unknown_function(struct parser *ps, size_t at, const char *name)
{
	const char *names[ARRAY_SIZE(funcs)], *near;
	char buf[64];

	if (find_var(name) >= 0)
		return perr(ps, at, "\"%s\" is a variable, not a function "
			    "(write %s * (...) to multiply)", name, name);
	for (size_t i = 0; i < ARRAY_SIZE(funcs); i++)
		names[i] = funcs[i].name;
	near = nearest_word(name, names, ARRAY_SIZE(names));
	if (near)
		return perr(ps, at, "unknown function \"%s\" (did you mean "
			    "\"%s\"?)", name, near);
	return perr(ps, at, "unknown function \"%s\" (functions: %s)", name,
		    join_words(names, ARRAY_SIZE(names), buf, sizeof(buf)));
}

/* A name that is no variable, or one this use does not allow. */
static int bad_variable(struct parser *ps, size_t at, const char *name)
{
	const char *names[EV__COUNT], *near;
	char buf[128];
	size_t n = 0;

	for (int v = 0; v < EV__COUNT; v++)
		if (ps->allowed & EXPR_VAR_BIT(v))
			names[n++] = var_names[v];
	if (find_var(name) >= 0) {
		if (!n)
			return perr(ps, at, "no variables are allowed here, "
				    "found \"%s\"", name);
		return perr(ps, at, "variable \"%s\" is not allowed here "
			    "(allowed: %s)", name,
			    allowed_list(ps, buf, sizeof(buf)));
	}
	near = nearest_word(name, names, n);
	if (near)
		return perr(ps, at, "unknown name \"%s\" (did you mean "
			    "\"%s\"?)", name, near);
	if (!n)
		return perr(ps, at, "unknown name \"%s\" (no variables are "
			    "allowed here)", name);
	return perr(ps, at, "unknown name \"%s\" (allowed variables: %s)",
		    name, allowed_list(ps, buf, sizeof(buf)));
}

/* The arguments of function f, whose name is at byte `at` and whose
 * "(" is next. */
static int parse_call(struct parser *ps, const struct func *f, size_t at)
{
	size_t lparen = ps->pos, extra = 0;
	int arg[2] = { -1, -1 }, nargs = 0, a;
	char c;

	if (enter(ps, lparen) < 0)
		return -1;
	ps->pos++;
	if (peek(ps) != ')') {
		for (;;) {
			a = parse_expr(ps);
			if (a < 0)
				return -1;
			if (nargs < 2)
				arg[nargs] = a;
			nargs++;
			c = peek(ps);
			if (c == ')')
				break;
			if (c != ',')
				return bad_follow(ps, G_CALL, lparen);
			if (nargs == f->nargs)
				extra = ps->pos;
			ps->pos++;
		}
	}
	if (nargs != f->nargs)
		return perr(ps, nargs < f->nargs ? ps->pos : extra,
			    "function \"%s\" takes %d argument%s, got %d "
			    "(write %s)", f->name, f->nargs,
			    f->nargs == 1 ? "" : "s", nargs, f->usage);
	ps->depth--;
	ps->pos++;
	return add_node(ps, f->op, arg[0], arg[1], at, ps->pos, at);
}

/* A variable or a function call. */
static int parse_name(struct parser *ps)
{
	size_t at = ps->pos, len = 0;
	const char *s = ps->text + at;
	char name[EXPR_MAX_TEXT + 1];
	const struct func *f;
	int v, k;

	while (is_name_char(s[len]))
		len++;
	memcpy(name, s, len);
	name[len] = '\0';
	ps->pos += len;
	f = find_func(name);
	if (peek(ps) == '(')
		return f ? parse_call(ps, f, at) : unknown_function(ps, at, name);
	if (f)
		return perr(ps, at, "function \"%s\" needs its arguments in "
			    "parentheses: %s", name, f->usage);
	v = find_var(name);
	if (v < 0 || !(ps->allowed & EXPR_VAR_BIT(v)))
		return bad_variable(ps, at, name);
	ps->uses |= EXPR_VAR_BIT(v);
	k = add_node(ps, OP_VAR, -1, -1, at, at + len, at);
	if (k >= 0)
		ps->node[k].var = (unsigned char)v;
	return k;
}

/* primary := NUMBER | VARIABLE | FUNC '(' args ')' | '(' expr ')' */
static int parse_primary(struct parser *ps)
{
	char c = peek(ps), what[48];
	size_t at = ps->pos;
	int k;

	if (is_digit(c) || (c == '.' && is_digit(ps->text[at + 1])))
		return parse_number(ps);
	if (is_name_char(c))
		return parse_name(ps);
	if (c == '(') {
		if (enter(ps, at) < 0)
			return -1;
		ps->pos++;
		k = parse_expr(ps);
		if (k < 0)
			return -1;
		if (peek(ps) != ')')
			return bad_follow(ps, G_PAREN, at);
		ps->pos++;
		ps->depth--;
		return k;
	}
	if (c && !is_token_char(c))
		return unexpected(ps, at);
	return perr(ps, at, "expected a number, a name or \"(\", found %s",
		    describe(ps, at, what, sizeof(what)));
}

/* unary := '-' unary | primary */
static int parse_unary(struct parser *ps)
{
	size_t at;
	int a;

	if (peek(ps) != '-')
		return parse_primary(ps);
	at = ps->pos++;
	if (enter(ps, at) < 0)
		return -1;
	a = parse_unary(ps);
	if (a < 0)
		return -1;
	ps->depth--;
	return add_node(ps, OP_NEG, a, -1, at, ps->node[a].end, at);
}

/* term := unary (('*' | '/' | '%') unary)* */
static int parse_term(struct parser *ps)
{
	int a = parse_unary(ps), b;
	size_t at;
	char c;

	while (a >= 0 && ((c = peek(ps)) == '*' || c == '/' || c == '%')) {
		at = ps->pos++;
		if (c == '*' && ps->text[ps->pos] == '*')
			return perr(ps, at, "unexpected \"**\" (%s)", pow_hint);
		b = parse_unary(ps);
		if (b < 0)
			return -1;
		a = add_node(ps, c == '*' ? OP_MUL : c == '/' ? OP_DIV : OP_MOD,
			     a, b, ps->node[a].start, ps->node[b].end, at);
	}
	return a;
}

/* expr := term (('+' | '-') term)* */
static int parse_expr(struct parser *ps)
{
	int a = parse_term(ps), b;
	size_t at;
	char c;

	while (a >= 0 && ((c = peek(ps)) == '+' || c == '-')) {
		at = ps->pos++;
		b = parse_term(ps);
		if (b < 0)
			return -1;
		a = add_node(ps, c == '+' ? OP_ADD : OP_SUB, a, b,
			     ps->node[a].start, ps->node[b].end, at);
	}
	return a;
}

/* The whole text: one expression and nothing after it. */
static int parse_all(struct parser *ps)
{
	if (strnlen(ps->text, EXPR_MAX_TEXT + 1) > EXPR_MAX_TEXT)
		return perr(ps, EXPR_MAX_TEXT, "expression longer than %d "
			    "characters", EXPR_MAX_TEXT);
	if (!peek(ps))
		return perr(ps, 0, "empty expression");
	if (parse_expr(ps) < 0)
		return -1;
	if (peek(ps))
		return bad_follow(ps, G_TOP, 0);
	return 0;
}

int expr_parse(const char *text, unsigned allowed, struct expr **out,
	       int *col, char *why, size_t whysize)
{
	struct parser ps;
	struct expr *e;

	*out = NULL;
	memset(&ps, 0, sizeof(ps));
	ps.text = text ? text : "";
	ps.allowed = allowed & (EXPR_VAR_BIT(EV__COUNT) - 1);
	ps.why = why;
	ps.whysize = whysize;
	if (parse_all(&ps) < 0) {
		*col = ps.col;
		return -1;
	}
	e = xmalloc(sizeof(*e) + (size_t)ps.n * sizeof(e->node[0]));
	e->text = xstrdup(text);
	e->uses = ps.uses;
	e->n = ps.n;
	memcpy(e->node, ps.node, (size_t)ps.n * sizeof(e->node[0]));
	*col = 0;
	*out = e;
	return 0;
}

/* ---- evaluation -------------------------------------------------------------- */

static int eerr(char *why, size_t whysize, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int eerr(char *why, size_t whysize, const char *fmt, ...)
{
	va_list ap;

	if (whysize) {
		va_start(ap, fmt);
		vsnprintf(why, whysize, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* The text of node k, for "%.*s". */
#define SPAN(e, k) (int)((e)->node[k].end - (e)->node[k].start), \
	(e)->text + (e)->node[k].start

/* a % b of node nd: both must be whole, b not 0; the sign follows a, as
 * in C. */
static int eval_mod(const struct expr *e, const struct node *nd, double a,
		    double b, double *r, char *why, size_t whysize)
{
	double ra, rb;
	char num[48];

	if (!near_whole(a, &ra))
		return eerr(why, whysize, "\"%%\" needs whole numbers (\"%.*s\" "
			    "is %s)", SPAN(e, nd->a), fmt_num(a, num));
	if (!near_whole(b, &rb))
		return eerr(why, whysize, "\"%%\" needs whole numbers (\"%.*s\" "
			    "is %s)", SPAN(e, nd->b), fmt_num(b, num));
	if (rb == 0)
		return eerr(why, whysize, "remainder by zero (\"%.*s\" is 0)",
			    SPAN(e, nd->b));
	*r = fmod(ra, rb);
	return 0;
}

/* Node nd of e, whose operands' values are a and b. */
static int eval_node(const struct expr *e, const struct node *nd,
		     const double *vars, double a, double b, double *r,
		     char *why, size_t whysize)
{
	double w;

	switch ((enum op)nd->op) {
	case OP_NUM: *r = nd->num; break;
	case OP_VAR:
		if (!vars || !isfinite(vars[nd->var]))
			return eerr(why, whysize, "variable \"%s\" has no value",
				    var_names[nd->var]);
		*r = vars[nd->var];
		break;
	case OP_NEG: *r = -a; break;
	case OP_ADD: *r = a + b; break;
	case OP_SUB: *r = a - b; break;
	case OP_MUL: *r = a * b; break;
	case OP_DIV:
		if (near_whole(b, &w) && w == 0)
			return eerr(why, whysize, "division by zero (\"%.*s\" "
				    "is 0)", SPAN(e, nd->b));
		*r = a / b;
		break;
	case OP_MOD: return eval_mod(e, nd, a, b, r, why, whysize);
	case OP_CEIL: *r = near_whole(a, &w) ? w : ceil(a); break;
	case OP_FLOOR: *r = near_whole(a, &w) ? w : floor(a); break;
	case OP_MIN: *r = a < b ? a : b; break;
	case OP_MAX: *r = a > b ? a : b; break;
	}
	return 0;
}

int expr_eval(const struct expr *e, const double vars[EV__COUNT],
	      double *value, char *why, size_t whysize)
{
	double v[EXPR_MAX_NODES], a, b;

	for (int i = 0; i < e->n; i++) {
		const struct node *nd = &e->node[i];

		a = nd->a >= 0 ? v[nd->a] : 0;
		b = nd->b >= 0 ? v[nd->b] : 0;
		if (eval_node(e, nd, vars, a, b, &v[i], why, whysize) < 0)
			return -1;
		if (!isfinite(v[i]))
			return eerr(why, whysize, "\"%.*s\" is too large (not "
				    "a finite number)", SPAN(e, i));
	}
	*value = v[e->n - 1];
	return 0;
}

int expr_eval_int(const struct expr *e, const double vars[EV__COUNT],
		  const char *what, uint64_t lo, uint64_t hi, uint64_t *out,
		  char *why, size_t whysize)
{
	char reason[EXPR_MAX_TEXT + 128], num[48];
	double v, r;

	if (!what)
		what = "value";
	if (expr_eval(e, vars, &v, reason, sizeof(reason)) < 0)
		return eerr(why, whysize, "%s: %s", what, reason);
	if (!near_whole(v, &r))
		return eerr(why, whysize, "%s is %s, not a whole number", what,
			    fmt_num(v, num));
	if (r < 0 || (r < 0x1p64 && (uint64_t)r < lo))
		return eerr(why, whysize, "%s is %s, must be at least %" PRIu64,
			    what, fmt_num(r, num), lo);
	if (r >= 0x1p64 || (uint64_t)r > hi)
		return eerr(why, whysize, "%s is %s, must be at most %" PRIu64,
			    what, fmt_num(r, num), hi);
	*out = (uint64_t)r;
	return 0;
}

unsigned expr_uses(const struct expr *e)
{
	return e->uses;
}

const char *expr_text(const struct expr *e)
{
	return e->text;
}

void expr_free(struct expr *e)
{
	if (!e)
		return;
	free(e->text);
	free(e);
}
