/* similar_canon.c - one order for a source's tokens, whatever order its
 * author wrote them in, and without its dead code (similar_int.h).
 *
 * A copier who reorders independent statements breaks every k-gram that
 * spans a moved boundary, and one who adds dead code grows one side of
 * the comparison; in a 25-line kernel a few of either would hide a copy
 * from fingerprints alone.  So the tokens are first read as statements
 * (a light parse: blocks, if/for/while/do/switch, statements to their
 * ';', top-level items, function bodies), and then:
 *
 *  - dead code goes: an "if (0)"/"if (false)" (its else stays), a
 *    "while (0)"; a local variable never read, with the declaration and
 *    the assignments that only write it (repeated, so a variable read
 *    only by dead ones goes too), unless they call something (an
 *    element written through a local pointer is memory's, and stays; one
 *    of a local array goes); a __device__ function or a global
 *    variable that no live code names (a kernel always lives, and so
 *    does a function whose qualifiers a macro hides);
 *  - each block's statements are written out in a canonical order: of
 *    the statements whose conflicting predecessors are all out, the one
 *    whose normalized tokens hash lowest goes first.  Two statements
 *    conflict when one writes a name the other reads or writes, or
 *    either holds a barrier, a collective, an atomic, a jump or a call
 *    (WF_SYNC, or a call of the student's own function), so statements
 *    that could be swapped without changing the program come out in one
 *    order (the lexicographic normal form of a trace);
 *  - top-level items come out in the order of their hashes (a helper
 *    written before or after the kernel is the same program);
 *  - braces go, so "if (c) x;" and "if (c) { x; }" are one.
 *
 * The parse is deliberately lax: anything it does not understand is a
 * statement to its ';', and garbage costs only precision.  Nesting past
 * DEPTH_MAX is read flat, so no input can exhaust the stack. */
#include "similar_int.h"

#include <stdlib.h>
#include <string.h>

#include "base/strmap.h"
#include "base/util.h"

/* Nesting the parse follows; deeper blocks are read as one statement.
 * A kernel nests five or six deep; each level costs a copy of what it
 * holds: a source of SIMILAR_MAX_TOKENS nested throughout took 30 ms
 * at 200 levels, 12 ms at 64. */
#define DEPTH_MAX 64
/* Statements of one block put in canonical order at most (the choice
 * is cubic in them); a longer block keeps its written order. */
#define ORDER_MAX 128
/* Rounds of removing variables that only dead code reads. */
#define DCE_ROUNDS 16

#define NONE ((size_t)-1)

enum skind { S_SIMPLE, S_BLOCK, S_IF, S_LOOP, S_DO, S_FUNC, S_LIST };

/* A statement or a top-level item: tokens [first, end), of which
 * [first, head_end) and [tail, end) are its own and the rest its kids'
 * (an if's "else" at sep). */
struct stmt {
	enum skind kind;
	size_t first, end, head_end, tail, sep;
	struct stmt *kid;
	size_t nkid, cap;
	bool dead;              /* left out */
	bool else_only;         /* an "if (0)" with an else: only that */
};

struct canon {
	const struct tok *t;
	size_t n;
	size_t *close;          /* per opening bracket: its closing one, or n */
	size_t *name;           /* per token: an identifier's name id, or NONE */
	size_t nnames;
	bool *gone;             /* per token: in dead code */
	int depth;
};

/* ---- the parse ------------------------------------------------------------- */

/* +1 for an opening bracket of any kind, -1 for a closing one, else 0. */
static int bracket(const struct tok *t)
{
	if (t->kind != TK_PUNCT || t->n != 1)
		return 0;
	switch (t->s[0]) {
	case '(': case '[': case '{':
		return 1;
	case ')': case ']': case '}':
		return -1;
	}
	return 0;
}

/* Each opening bracket's closing one, of any kind (a stray closing
 * bracket closes what is open): c->close, so that finding one is a
 * look-up, never a scan (a scan per identifier is quadratic in
 * a[a[a[...]]]). */
static void pair_brackets(struct canon *c)
{
	size_t *open = xcalloc(c->n ? c->n : 1, sizeof(*open)), depth = 0;

	c->close = xcalloc(c->n ? c->n : 1, sizeof(*c->close));
	for (size_t i = 0; i < c->n; i++) {
		int b = bracket(&c->t[i]);

		c->close[i] = c->n;
		if (b > 0)
			open[depth++] = i;
		else if (b < 0 && depth)
			c->close[open[--depth]] = i;
	}
	free(open);
}

/* The index of the bracket that closes the one at p, or lim. */
static size_t match(const struct canon *c, size_t p, size_t lim)
{
	return c->close[p] < lim ? c->close[p] : lim;
}

/* Past the bracketed group at p (which opens), or lim. */
static size_t past(const struct canon *c, size_t p, size_t lim)
{
	size_t q = match(c, p, lim);

	return q < lim ? q + 1 : lim;
}

static void add_kid(struct stmt *s, const struct stmt *k)
{
	if (s->nkid == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 4;
		s->kid = xrealloc(s->kid, s->cap * sizeof(*s->kid));
	}
	s->kid[s->nkid++] = *k;
}

static void stmt_release(struct stmt *s)
{
	for (size_t i = 0; i < s->nkid; i++)
		stmt_release(&s->kid[i]);
	free(s->kid);
}

/* Past a statement that ends at its ';' at depth 0, or before a closing
 * bracket it did not open (one closing bracket alone is a statement). */
static size_t simple_end(const struct canon *c, size_t p, size_t lim)
{
	size_t q = p;

	while (q < lim) {
		int b = bracket(&c->t[q]);

		if (b > 0) {
			q = past(c, q, lim);
			continue;
		}
		if (b < 0)
			return q == p ? q + 1 : q;
		if (tok_is(&c->t[q], ";"))
			return q + 1;
		q++;
	}
	return lim;
}

static size_t parse_stmt(struct canon *c, size_t p, size_t lim,
			 struct stmt *s);
static size_t parse_item(struct canon *c, size_t p, size_t lim,
			 struct stmt *s);

/* The statements (or, at the top, items) of [p, lim) as s's kids. */
static void parse_list(struct canon *c, size_t p, size_t lim, struct stmt *s,
		       bool top)
{
	c->depth++;
	while (p < lim) {
		struct stmt k;

		p = top ? parse_item(c, p, lim, &k) : parse_stmt(c, p, lim, &k);
		add_kid(s, &k);
	}
	c->depth--;
}

/* Parses the statement at p into *s; returns the index past it. */
static size_t parse_stmt(struct canon *c, size_t p, size_t lim,
			 struct stmt *s)
{
	const struct tok *t = &c->t[p];
	struct stmt k;
	size_t q;

	*s = (struct stmt){ .kind = S_SIMPLE, .first = p, .sep = NONE };
	if (c->depth > DEPTH_MAX) {
		/* flat: a statement to its ';' */
	} else if (tok_is(t, "{")) {
		q = match(c, p, lim);
		s->kind = S_BLOCK;
		s->head_end = p + 1;
		s->tail = q;
		s->end = q < lim ? q + 1 : lim;
		parse_list(c, p + 1, q, s, false);
		return s->end;
	} else if (tok_is(t, "if") || tok_is(t, "for") || tok_is(t, "while") ||
		   tok_is(t, "switch")) {
		s->kind = tok_is(t, "if") ? S_IF : S_LOOP;
		q = p + 1;
		if (q < lim && tok_is(&c->t[q], "("))
			q = past(c, q, lim);
		s->head_end = q;
		c->depth++;
		if (q < lim) {
			q = parse_stmt(c, q, lim, &k);
			add_kid(s, &k);
		}
		if (s->kind == S_IF && q < lim && tok_is(&c->t[q], "else")) {
			s->sep = q++;
			if (q < lim) {
				q = parse_stmt(c, q, lim, &k);
				add_kid(s, &k);
			}
		}
		c->depth--;
		s->tail = s->end = q;
		return q;
	} else if (tok_is(t, "do") && p + 1 < lim) {
		s->kind = S_DO;
		s->head_end = p + 1;
		c->depth++;
		q = parse_stmt(c, p + 1, lim, &k);
		add_kid(s, &k);
		c->depth--;
		s->tail = q;
		s->end = q < lim ? simple_end(c, q, lim) : lim;
		return s->end;
	}
	s->end = s->head_end = s->tail = simple_end(c, p, lim);
	s->dead = tok_is(t, ";");               /* an empty statement */
	return s->end;
}

/* Parses the top-level item at p into *s: a linkage block or namespace
 * (its items as kids), a function (its body as the kid), or anything to
 * its ';'.  Returns the index past it. */
static size_t parse_item(struct canon *c, size_t p, size_t lim,
			 struct stmt *s)
{
	const struct tok *t = c->t;
	size_t q, open = NONE;

	*s = (struct stmt){ .kind = S_SIMPLE, .first = p, .sep = NONE };
	if (c->depth <= DEPTH_MAX) {
		if (tok_is(&t[p], "extern") && p + 2 < lim &&
		    t[p + 1].kind == TK_STR && tok_is(&t[p + 2], "{"))
			open = p + 2;
		if (tok_is(&t[p], "namespace")) {
			q = p + 1;
			if (q < lim && t[q].kind == TK_ID)
				q++;
			if (q < lim && tok_is(&t[q], "{"))
				open = q;
		}
	}
	if (open != NONE) {
		q = match(c, open, lim);
		s->kind = S_LIST;
		s->head_end = open + 1;
		s->tail = q;
		s->end = q < lim ? q + 1 : lim;
		parse_list(c, open + 1, q, s, true);
		return s->end;
	}
	for (q = p; q < lim;) {
		int b = bracket(&t[q]);

		if (tok_is(&t[q], ";")) {
			q++;
			break;
		}
		if (tok_is(&t[q], "{") && q > p && c->depth <= DEPTH_MAX &&
		    (tok_is(&t[q - 1], ")") ||
		     (t[q - 1].kind == TK_WORD && q - 1 > p &&
		      tok_is(&t[q - 2], ")")))) {
			struct stmt body;

			s->kind = S_FUNC;
			s->head_end = q;
			c->depth++;
			s->end = s->tail = parse_stmt(c, q, lim, &body);
			c->depth--;
			add_kid(s, &body);
			return s->end;
		}
		if (b > 0) {
			q = past(c, q, lim);
		} else if (b < 0) {
			q += q == p;    /* a stray closing bracket alone */
			break;
		} else {
			q++;
		}
	}
	s->end = s->head_end = s->tail = q;
	s->dead = tok_is(&t[p], ";") || (q == p + 1 && bracket(&t[p]) < 0);
	return q;
}

/* ---- what a statement reads and writes ----------------------------------- */

static bool is_assign(const struct tok *t)
{
	static const char *const ops[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=",
		">>=", "++", "--",
	};

	if (t->kind != TK_PUNCT)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (tok_is(t, ops[i]))
			return true;
	return false;
}

/* Whether identifier i (in [.., lim)) is written: x = ..., x[..] += ...,
 * x.f = ..., ++x, x--. */
static bool written(const struct canon *c, size_t i, size_t lim)
{
	const struct tok *t = c->t;
	size_t j = i + 1;

	if (i > 0 && (tok_is(&t[i - 1], "++") || tok_is(&t[i - 1], "--")))
		return true;
	while (j < lim) {
		if (tok_is(&t[j], "["))
			j = past(c, j, lim);
		else if ((tok_is(&t[j], ".") || tok_is(&t[j], "->")) &&
			 j + 1 < lim)
			j += 2;
		else
			break;
	}
	return j < lim && is_assign(&t[j]);
}

/* Whether the simple statement [a, b) declares variables. */
static bool is_decl(const struct canon *c, size_t a, size_t b)
{
	const struct tok *t = c->t;

	if (a >= b)
		return false;
	if (t[a].kind == TK_WORD)
		return (t[a].flags & WF_TYPE) != 0;
	if (t[a].kind != TK_ID || a + 2 >= b)
		return false;
	if (t[a + 1].kind == TK_ID)
		return true;
	return (tok_is(&t[a + 1], "*") || tok_is(&t[a + 1], "&")) &&
	       t[a + 2].kind == TK_ID && a + 3 < b &&
	       (tok_is(&t[a + 3], "=") || tok_is(&t[a + 3], ";") ||
		tok_is(&t[a + 3], ",") || tok_is(&t[a + 3], "["));
}

/* The names declaration [a, b) declares (the last identifier of each
 * declarator before its initializer), as token indices into out[0..max);
 * returns how many (up to max). */
static size_t decl_names(const struct canon *c, size_t a, size_t b,
			 size_t *out, size_t max)
{
	size_t n = 0, last = NONE;
	bool init = false;

	for (size_t i = a; i < b; i++) {
		const struct tok *t = &c->t[i];

		if (bracket(t) > 0) {
			i = match(c, i, b);
			continue;
		}
		if (tok_is(t, ",") || tok_is(t, ";") || (!init && tok_is(t, "="))) {
			if (last != NONE && n < max)
				out[n++] = last;
			last = NONE;
			init = tok_is(t, "=");
			if (tok_is(t, ";"))
				return n;
			continue;
		}
		if (!init && t->kind == TK_ID)
			last = i;
	}
	if (last != NONE && n < max)
		out[n++] = last;
	return n;
}

/* Whether [a, b) holds a barrier, a collective, an atomic, a jump or a
 * call of a function that is not a builtin's. */
static bool has_sync(const struct canon *c, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++) {
		const struct tok *t = &c->t[i];

		if ((t->kind == TK_WORD && (t->flags & WF_SYNC)) ||
		    (t->kind == TK_ID && i + 1 < b && tok_is(&t[1], "(")))
			return true;
	}
	return false;
}

/* The names a statement reads (all it names) and writes, and whether it
 * orders what is around it.  A statement of more than EFF_NAMES_MAX
 * names is taken to order everything (no kernel's statement has so
 * many; comparing them would be quadratic). */
#define EFF_NAMES_MAX 64

struct eff {
	size_t r[EFF_NAMES_MAX], w[EFF_NAMES_MAX];
	size_t nr, nw;
	bool sync;
};

static void eff_add(struct eff *e, bool write, size_t x)
{
	size_t *v = write ? e->w : e->r, *n = write ? &e->nw : &e->nr;

	for (size_t i = 0; i < *n; i++)
		if (v[i] == x)
			return;
	if (*n == EFF_NAMES_MAX)
		e->sync = true;
	else
		v[(*n)++] = x;
}

static void eff_range(const struct canon *c, size_t a, size_t b,
		      struct eff *e)
{
	/* once it orders everything, what else it names does not matter */
	if (e->sync || has_sync(c, a, b)) {
		e->sync = true;
		return;
	}
	for (size_t i = a; i < b && !e->sync; i++) {
		if (c->name[i] == NONE)
			continue;
		eff_add(e, false, c->name[i]);
		if (written(c, i, b))
			eff_add(e, true, c->name[i]);
	}
}

static void effects(const struct canon *c, const struct stmt *s,
		    struct eff *e)
{
	if (s->dead || e->sync)
		return;
	if (s->else_only) {
		effects(c, &s->kid[1], e);
		return;
	}
	if (s->kind == S_SIMPLE) {
		size_t d[16], nd;

		eff_range(c, s->first, s->end, e);
		if (is_decl(c, s->first, s->end)) {
			nd = decl_names(c, s->first, s->end, d, ARRAY_SIZE(d));
			for (size_t i = 0; i < nd; i++)
				eff_add(e, true, c->name[d[i]]);
		}
		return;
	}
	eff_range(c, s->first, s->head_end, e);
	for (size_t i = 0; i < s->nkid; i++)
		effects(c, &s->kid[i], e);
	eff_range(c, s->tail, s->end, e);
}

static bool meets(const size_t *a, size_t na, const size_t *b, size_t nb)
{
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			if (a[i] == b[j])
				return true;
	return false;
}

/* Whether statements with effects x and y must keep their order. */
static bool conflict(const struct eff *x, const struct eff *y)
{
	return x->sync || y->sync || meets(x->w, x->nw, y->r, y->nr) ||
	       meets(y->w, y->nw, x->r, x->nr);
}

/* ---- dead code ------------------------------------------------------------- */

static void kill(struct canon *c, struct stmt *s)
{
	s->dead = true;
	for (size_t i = s->first; i < s->end; i++)
		c->gone[i] = true;
}

/* Whether the head of s is "if (0)", "if (false)" (or while). */
static bool false_head(const struct canon *c, const struct stmt *s)
{
	const struct tok *t = &c->t[s->first];

	return s->head_end == s->first + 4 && tok_is(&t[1], "(") &&
	       tok_is(&t[3], ")") &&
	       ((t[2].kind == TK_NUM && t[2].n == 1 && t[2].s[0] == '0') ||
		tok_is(&t[2], "false"));
}

/* Removes "if (0)" and "while (0)" everywhere under s. */
static void dead_branches(struct canon *c, struct stmt *s)
{
	if (s->dead)
		return;
	if (s->kind == S_IF && false_head(c, s)) {
		if (s->nkid < 2) {
			kill(c, s);
			return;
		}
		s->else_only = true;
		for (size_t i = s->first; i < s->kid[1].first; i++)
			c->gone[i] = true;
		s->kid[0].dead = true;
	} else if (s->kind == S_LOOP && tok_is(&c->t[s->first], "while") &&
		   false_head(c, s)) {
		kill(c, s);
		return;
	}
	for (size_t i = 0; i < s->nkid; i++)
		dead_branches(c, &s->kid[i]);
}

/* A statement that only writes one variable: its name id, else NONE.
 * *indexed: it writes an element of it (x[i] = ...), which is dead only
 * when x is a local array, not memory a local pointer points to. */
static size_t only_writes(const struct canon *c, const struct stmt *s,
			  bool *indexed)
{
	const struct tok *t = c->t;
	size_t a = s->first, b = s->end, d[2], target = NONE, w = 0;

	*indexed = false;
	if (s->kind != S_SIMPLE || s->dead || has_sync(c, a, b))
		return NONE;
	if (is_decl(c, a, b))
		return decl_names(c, a, b, d, 2) == 1 ? c->name[d[0]] : NONE;
	if (t[a].kind == TK_ID && a + 1 < b &&
	    (is_assign(&t[a + 1]) || tok_is(&t[a + 1], "[")) &&
	    written(c, a, b)) {
		target = c->name[a];
		*indexed = tok_is(&t[a + 1], "[");
	} else if (a + 2 < b && (tok_is(&t[a], "++") || tok_is(&t[a], "--")) &&
		   t[a + 1].kind == TK_ID && tok_is(&t[a + 2], ";")) {
		target = c->name[a + 1];
	}
	for (size_t i = a; i < b && target != NONE; i++)
		if (c->name[i] != NONE && written(c, i, b) && ++w > 1)
			return NONE;
	return target;
}

/* Gathers the simple statements under s into *v (live ones). */
static void simples(struct stmt *s, struct stmt ***v, size_t *n, size_t *cap)
{
	if (s->dead)
		return;
	if (s->kind == S_SIMPLE) {
		if (*n == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*v = xrealloc(*v, *cap * sizeof(**v));
		}
		(*v)[(*n)++] = s;
		return;
	}
	for (size_t i = s->else_only; i < s->nkid; i++)
		simples(&s->kid[i], v, n, cap);
}

/* Removes, in function body `body`, the variables never read: their
 * declarations and the statements that only write them. */
static void dead_variables(struct canon *c, struct stmt *body)
{
	struct stmt **v = NULL;
	size_t n = 0, cap = 0;
	size_t *total = xcalloc(c->nnames + 1, sizeof(*total));
	size_t *own = xcalloc(c->nnames + 1, sizeof(*own));
	size_t *target;
	bool *indexed;
	/* per name: 1 declared here, 2 declared here as an array */
	unsigned char *local = xcalloc(c->nnames + 1, sizeof(*local));

	simples(body, &v, &n, &cap);
	target = xcalloc(n ? n : 1, sizeof(*target));
	indexed = xcalloc(n ? n : 1, sizeof(*indexed));
	for (size_t i = 0; i < n; i++) {
		size_t d[16], nd;

		target[i] = only_writes(c, v[i], &indexed[i]);
		if (!is_decl(c, v[i]->first, v[i]->end))
			continue;
		nd = decl_names(c, v[i]->first, v[i]->end, d, ARRAY_SIZE(d));
		for (size_t k = 0; k < nd; k++)
			local[c->name[d[k]]] = d[k] + 1 < v[i]->end &&
					       tok_is(&c->t[d[k] + 1], "[") ?
					       2 : 1;
	}
	for (size_t i = 0; i < n; i++)
		if (target[i] != NONE && (!local[target[i]] ||
					  (indexed[i] && local[target[i]] != 2)))
			target[i] = NONE;       /* it stays, whatever else */
	for (int round = 0; round < DCE_ROUNDS; round++) {
		bool changed = false;

		memset(total, 0, (c->nnames + 1) * sizeof(*total));
		memset(own, 0, (c->nnames + 1) * sizeof(*own));
		for (size_t i = body->first; i < body->end; i++)
			if (!c->gone[i] && c->name[i] != NONE)
				total[c->name[i]]++;
		for (size_t i = 0; i < n; i++) {
			if (v[i]->dead || target[i] == NONE)
				continue;
			for (size_t j = v[i]->first; j < v[i]->end; j++)
				own[target[i]] += c->name[j] == target[i];
		}
		for (size_t i = 0; i < n; i++) {
			size_t x = target[i];

			if (v[i]->dead || x == NONE || total[x] != own[x])
				continue;
			kill(c, v[i]);
			changed = true;
		}
		if (!changed)
			break;
	}
	free(local);
	free(indexed);
	free(target);
	free(own);
	free(total);
	free(v);
}

/* The name a function item defines (the identifier before its
 * parameters), as a token index, or NONE. */
static size_t function_name(const struct canon *c, const struct stmt *s)
{
	for (size_t i = s->first + 1; i < s->head_end; i++) {
		if (bracket(&c->t[i]) <= 0)
			continue;
		if (tok_is(&c->t[i], "(") && c->t[i - 1].kind == TK_ID)
			return i - 1;
		i = match(c, i, s->head_end);
	}
	return NONE;
}

/* Gathers the top-level items under list s (linkage blocks opened). */
static void items(struct stmt *s, struct stmt ***v, size_t *n, size_t *cap)
{
	for (size_t i = 0; i < s->nkid; i++) {
		struct stmt *k = &s->kid[i];

		if (k->kind == S_LIST) {
			items(k, v, n, cap);
			continue;
		}
		if (*n == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*v = xrealloc(*v, *cap * sizeof(**v));
		}
		(*v)[(*n)++] = k;
	}
}

/* The dead code of the file under `root`: branches, variables, then the
 * functions and globals no live code names. */
static void dead_code(struct canon *c, struct stmt *root)
{
	struct stmt **v = NULL;
	size_t n = 0, cap = 0;
	size_t *total = xcalloc(c->nnames + 1, sizeof(*total));

	dead_branches(c, root);
	items(root, &v, &n, &cap);
	for (size_t i = 0; i < n; i++)
		if (v[i]->kind == S_FUNC && v[i]->nkid && !v[i]->dead)
			dead_variables(c, &v[i]->kid[0]);
	for (int round = 0; round < DCE_ROUNDS; round++) {
		bool changed = false;

		memset(total, 0, (c->nnames + 1) * sizeof(*total));
		for (size_t i = 0; i < c->n; i++)
			if (!c->gone[i] && c->name[i] != NONE)
				total[c->name[i]]++;
		for (size_t i = 0; i < n; i++) {
			struct stmt *s = v[i];
			size_t d[16], nd = 0;
			bool used = false;

			if (s->dead)
				continue;
			if (s->kind == S_FUNC) {
				/* a __device__ function; a kernel, or one
				 * whose qualifiers a macro hides, lives */
				bool device = false, global = false;

				for (size_t j = s->first; j < s->head_end; j++) {
					device |= tok_is(&c->t[j], "__device__");
					global |= tok_is(&c->t[j], "__global__");
				}
				d[0] = function_name(c, s);
				nd = device && !global && d[0] != NONE;
			} else if (s->kind == S_SIMPLE &&
				   is_decl(c, s->first, s->end)) {
				nd = decl_names(c, s->first, s->end, d,
						ARRAY_SIZE(d));
			}
			for (size_t k = 0; k < nd && !used; k++) {
				size_t x = c->name[d[k]], mine = 0;

				for (size_t j = s->first; j < s->end; j++)
					mine += c->name[j] == x && !c->gone[j];
				used = total[x] > mine;
			}
			if (nd && !used) {
				kill(c, s);
				changed = true;
			}
		}
		if (!changed)
			break;
	}
	free(total);
	free(v);
}

/* ---- the canonical order --------------------------------------------------- */

struct idxv {
	size_t *v;
	size_t n, cap;
};

static void idx_push(struct idxv *x, size_t i)
{
	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 64;
		x->v = xrealloc(x->v, x->cap * sizeof(*x->v));
	}
	x->v[x->n++] = i;
}

static void emit_range(const struct canon *c, size_t a, size_t b,
		       struct idxv *out)
{
	for (size_t i = a; i < b; i++)
		if (!c->gone[i] && !tok_is(&c->t[i], "{") &&
		    !tok_is(&c->t[i], "}"))
			idx_push(out, i);
}

static void emit(const struct canon *c, const struct stmt *s,
		 struct idxv *out);

struct keyed {
	struct idxv v;
	uint64_t key;
	size_t at;
};

static int by_key(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

/* s's kids in canonical order: all free (top level) or as far as their
 * conflicts allow (a block of at most ORDER_MAX statements). */
static void emit_kids(const struct canon *c, const struct stmt *s,
		      struct idxv *out)
{
	bool free_order = s->kind == S_LIST;
	bool ordered = !free_order && s->nkid <= ORDER_MAX;
	struct keyed *k = xcalloc(s->nkid ? s->nkid : 1, sizeof(*k));
	struct eff *e = ordered ? xcalloc(s->nkid ? s->nkid : 1, sizeof(*e)) :
			NULL;
	bool *done, *dep = NULL;
	size_t m = 0;

	for (size_t i = 0; i < s->nkid; i++) {
		if (s->kid[i].dead)
			continue;
		k[m].at = i;
		emit(c, &s->kid[i], &k[m].v);
		k[m].key = 0x5eed;
		for (size_t j = 0; j < k[m].v.n; j++)
			k[m].key = similar_hash_mix(k[m].key,
						    c->t[k[m].v.v[j]].h);
		if (ordered)
			effects(c, &s->kid[i], &e[m]);
		m++;
	}
	done = xcalloc(m ? m : 1, sizeof(*done));
	if (free_order)
		qsort(k, m, sizeof(*k), by_key);
	if (ordered) {
		/* dep[j * m + i]: j must stay after i */
		dep = xcalloc(m ? m * m : 1, sizeof(*dep));
		for (size_t j = 0; j < m; j++)
			for (size_t i = 0; i < j; i++)
				dep[j * m + i] = conflict(&e[i], &e[j]);
	}
	for (size_t r = 0; r < m; r++) {
		size_t best = r;

		if (ordered) {
			best = NONE;
			for (size_t j = 0; j < m; j++) {
				bool ready = !done[j];

				for (size_t i = 0; i < j && ready; i++)
					ready = done[i] || !dep[j * m + i];
				if (ready && (best == NONE ||
					      k[j].key < k[best].key))
					best = j;
			}
		}
		done[best] = true;
		for (size_t j = 0; j < k[best].v.n; j++)
			idx_push(out, k[best].v.v[j]);
	}
	for (size_t i = 0; i < m; i++)
		free(k[i].v.v);
	free(dep);
	free(done);
	free(e);
	free(k);
}

static void emit(const struct canon *c, const struct stmt *s,
		 struct idxv *out)
{
	if (s->dead)
		return;
	if (s->else_only) {
		emit(c, &s->kid[1], out);
		return;
	}
	emit_range(c, s->first, s->head_end, out);
	if (s->kind == S_BLOCK || s->kind == S_LIST) {
		emit_kids(c, s, out);
	} else {
		for (size_t i = 0; i < s->nkid; i++) {
			if (i == 1 && s->sep != NONE)
				emit_range(c, s->sep, s->sep + 1, out);
			emit(c, &s->kid[i], out);
		}
	}
	emit_range(c, s->tail, s->end, out);
}

size_t similar_canon(const struct tok *t, size_t n, size_t **out)
{
	struct canon c = { .t = t, .n = n };
	struct stmt root = { .kind = S_LIST, .sep = NONE };
	struct strmap names = STRMAP_INIT;
	struct idxv v = { 0 };

	c.name = xcalloc(n ? n : 1, sizeof(*c.name));
	c.gone = xcalloc(n ? n : 1, sizeof(*c.gone));
	pair_brackets(&c);
	for (size_t i = 0; i < n; i++)
		c.name[i] = t[i].kind != TK_ID ? NONE :
			    strmap_putn(&names, t[i].s, t[i].n, names.n);
	c.nnames = names.n;
	root.end = root.tail = n;
	parse_list(&c, 0, n, &root, true);
	dead_code(&c, &root);
	emit(&c, &root, &v);
	stmt_release(&root);
	strmap_release(&names);
	free(c.close);
	free(c.gone);
	free(c.name);
	*out = v.v;
	return v.n;
}
