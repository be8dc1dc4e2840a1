/* nvrtc_text.c - reading what NVRTC takes and gives as text: the user's
 * options, the __global__ functions of a source, an entry's parameters
 * in PTX and ptxas's figures in the log.  See nvrtc.h.
 *
 * Pure string functions, no NVRTC: `culab check` uses them on machines
 * without it, and the tests feed them text directly.  Each reads only
 * within the length it is given or up to the NUL, and answers "not
 * found" rather than guessing when the text is not as expected. */
#include "nvrtc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* ---- options ------------------------------------------------------------ */

enum optval { V_NONE, V_BOOL, V_REGS, V_STD };

/* Options users may give, without their leading dash(es); NVRTC takes
 * both "-x" and "--x". */
static const struct {
	const char *name;
	enum optval value;
} allowed_opts[] = {
	{ "use_fast_math", V_NONE },
	{ "ftz=", V_BOOL },
	{ "prec-div=", V_BOOL },
	{ "prec-sqrt=", V_BOOL },
	{ "fmad=", V_BOOL },
	{ "maxrregcount=", V_REGS },
	{ "std=", V_STD },
	{ "extra-device-vectorization", V_NONE },
	{ "default-device", V_NONE },
	{ "device-as-default-execution-space", V_NONE },
	{ "restrict", V_NONE },
};

/* Options refused with a reason of their own: by prefix when `prefix`,
 * else the name alone or followed by '='. */
static const struct {
	const char *name;
	bool prefix;
	const char *why;
} refused_opts[] = {
	{ "D", true, "macros come from the kernel's defines: key" },
	{ "define-macro", false, "macros come from the kernel's defines: key" },
	{ "U", true, "macros come from the kernel's defines: key" },
	{ "undefine-macro", false, "macros come from the kernel's defines: key" },
	{ "I", true, "#include \"...\" is searched in the source's own "
	  "directory; put headers beside it" },
	{ "include-path", false, "#include \"...\" is searched in the source's "
	  "own directory; put headers beside it" },
	{ "arch", false, "culab compiles for the GPU in use" },
	{ "gpu-architecture", false, "culab compiles for the GPU in use" },
	{ "gencode", false, "culab compiles for the GPU in use" },
	{ "include", false, "#include the header in the source instead" },
	{ "pre-include", false, "#include the header in the source instead" },
	{ "G", false, "device debug code would distort the timings" },
	{ "device-debug", false, "device debug code would distort the timings" },
	{ "lineinfo", false, "culab always passes it" },
	{ "generate-line-info", false, "culab always passes it" },
	{ "Xptxas", true, "culab passes ptxas -v itself; -maxrregcount=N "
	  "limits registers" },
	{ "ptxas-options", false, "culab passes ptxas -v itself; "
	  "-maxrregcount=N limits registers" },
};

static bool value_ok(enum optval v, const char *s)
{
	char *end;
	long n;

	switch (v) {
	case V_NONE:
		return !*s;
	case V_BOOL:
		return !strcmp(s, "true") || !strcmp(s, "false");
	case V_REGS:
		if (*s < '1' || *s > '9')
			return false;
		n = strtol(s, &end, 10);
		return !*end && n <= 255;
	case V_STD:
		return !strcmp(s, "c++17") || !strcmp(s, "c++20");
	}
	return false;
}

static const char *value_words(enum optval v)
{
	switch (v) {
	case V_BOOL:
		return "true or false";
	case V_REGS:
		return "a register count from 1 to 255";
	case V_STD:
		return "c++17 or c++20";
	default:
		return "no value";
	}
}

/* "-ftz=true" against allowed_opts; -1 when no row's name matches. */
static int find_allowed(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(allowed_opts); i++) {
		const char *a = allowed_opts[i].name;
		size_t n = strlen(a);

		if (a[n - 1] == '=' ? !strncmp(name, a, n) : !strcmp(name, a))
			return (int)i;
		if (a[n - 1] == '=' && !strncmp(name, a, n - 1) && !name[n - 1])
			return (int)i;  /* "-ftz" without a value */
	}
	return -1;
}

/* Not on either list: suggests the nearest allowed name, compared
 * without values ("-maxregcount=32" -> "-maxrregcount="). */
static void unknown_option(const char *opt, const char *name, char *why,
			   size_t whysize)
{
	char bare[ARRAY_SIZE(allowed_opts)][48], word[48], list[512];
	const char *cands[ARRAY_SIZE(allowed_opts)], *near;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(allowed_opts); i++) {
		snprintf(bare[i], sizeof(bare[i]), "%.*s",
			 (int)strcspn(allowed_opts[i].name, "="),
			 allowed_opts[i].name);
		cands[i] = bare[i];
	}
	snprintf(word, sizeof(word), "%.*s", (int)strcspn(name, "="), name);
	near = nearest_word(word, cands, ARRAY_SIZE(cands));
	if (near) {
		i = (size_t)(near - bare[0]) / sizeof(bare[0]);
		snprintf(why, whysize, "option \"%s\" is not allowed (did you "
			 "mean \"-%s\"?)", opt, allowed_opts[i].name);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(allowed_opts); i++)
		cands[i] = allowed_opts[i].name;
	join_words(cands, ARRAY_SIZE(cands), list, sizeof(list));
	snprintf(why, whysize, "option \"%s\" is not allowed (allowed, after "
		 "- or --: %s)", opt, list);
}

bool nvrtc_option_allowed(const char *opt, char *why, size_t whysize)
{
	const char *name = opt;
	char none[1];
	size_t i;
	int k;

	if (!why || !whysize) {
		why = none;
		whysize = sizeof(none);
	}
	why[0] = '\0';
	if (!opt || opt[0] != '-' || !opt[1]) {
		snprintf(why, whysize, "\"%s\" is not an option (options start "
			 "with -)", opt ? opt : "");
		return false;
	}
	name += opt[1] == '-' ? 2 : 1;
	for (i = 0; i < ARRAY_SIZE(refused_opts); i++) {
		size_t n = strlen(refused_opts[i].name);

		if (strncmp(name, refused_opts[i].name, n) != 0)
			continue;
		if (refused_opts[i].prefix || !name[n] || name[n] == '=') {
			snprintf(why, whysize, "option \"%s\" is not allowed: %s",
				 opt, refused_opts[i].why);
			return false;
		}
	}
	k = find_allowed(name);
	if (k < 0) {
		unknown_option(opt, name, why, whysize);
		return false;
	}
	if (!value_ok(allowed_opts[k].value,
		      name + strcspn(name, "=") + (strchr(name, '=') != NULL))) {
		snprintf(why, whysize, "option \"%s\" takes %s", opt,
			 value_words(allowed_opts[k].value));
		return false;
	}
	return true;
}

/* ---- __global__ functions -------------------------------------------------- */

/* A small C++ lexer: enough to skip comments, literals (raw strings too)
 * and preprocessor lines, and to hand out identifiers and punctuation. */

enum tok_kind { T_IDENT, T_PUNCT, T_LITERAL };

struct tok {
	enum tok_kind kind;
	const char *s;
	size_t n;
};

struct lexer {
	const char *p, *end;
	bool bol;       /* only blanks since the line began: '#' is a directive */
};

#define MAX_DECL_TOKENS 256

static bool ident_start(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (unsigned char)c >= 0x80;
}

static bool ident_char(char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

static bool tok_is(const struct tok *t, const char *s)
{
	return t->n == strlen(s) && !memcmp(t->s, s, t->n);
}

static bool at(const struct lexer *lx, size_t off, char c)
{
	return (size_t)(lx->end - lx->p) > off && lx->p[off] == c;
}

/* Skips a quoted literal whose opening quote is at lx->p. */
static void skip_quoted(struct lexer *lx)
{
	char q = *lx->p++;

	while (lx->p < lx->end && *lx->p != q && *lx->p != '\n') {
		if (*lx->p == '\\' && lx->p + 1 < lx->end)
			lx->p++;
		lx->p++;
	}
	if (lx->p < lx->end && *lx->p == q)
		lx->p++;
}

/* Skips R"delim( ... )delim" whose quote is at lx->p. */
static void skip_raw_string(struct lexer *lx)
{
	const char *d = ++lx->p, *p;
	size_t dn;

	while (lx->p < lx->end && *lx->p != '(' && lx->p - d < 16)
		lx->p++;
	if (lx->p >= lx->end || *lx->p != '(')
		return;  /* not a raw string after all: carry on after R" */
	dn = (size_t)(lx->p - d);
	for (p = lx->p + 1; p < lx->end; p++)
		if (*p == ')' && (size_t)(lx->end - p) >= dn + 2 &&
		    !memcmp(p + 1, d, dn) && p[1 + dn] == '"') {
			lx->p = p + dn + 2;
			return;
		}
	lx->p = lx->end;
}

static void skip_block_comment(struct lexer *lx)
{
	const char *e;

	lx->p += 2;
	e = memmem(lx->p, (size_t)(lx->end - lx->p), "*/", 2);
	lx->p = e ? e + 2 : lx->end;
}

/* Skips to the end of the line (line splices continue it); quoted text
 * and block comments are skipped whole. */
static void skip_line(struct lexer *lx, bool directive)
{
	while (lx->p < lx->end && *lx->p != '\n') {
		if (*lx->p == '\\' && at(lx, 1, '\n'))
			lx->p += 2;
		else if (directive && (*lx->p == '"' || *lx->p == '\''))
			skip_quoted(lx);
		else if (directive && *lx->p == '/' && at(lx, 1, '*'))
			skip_block_comment(lx);
		else
			lx->p++;
	}
}

/* Skips blanks, comments and directives. */
static void skip_space(struct lexer *lx)
{
	while (lx->p < lx->end) {
		char c = *lx->p;

		if (c == '\n') {
			lx->bol = true;
			lx->p++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
			   c == '\v') {
			lx->p++;
		} else if (c == '\\' && at(lx, 1, '\n')) {
			lx->p += 2;
		} else if (c == '/' && at(lx, 1, '/')) {
			skip_line(lx, false);
		} else if (c == '/' && at(lx, 1, '*')) {
			skip_block_comment(lx);
		} else if (c == '#' && lx->bol) {
			skip_line(lx, true);
		} else {
			return;
		}
	}
}

/* A pp-number: digits, letters, '.', exponent signs, digit separators. */
static void skip_number(struct lexer *lx)
{
	while (lx->p < lx->end) {
		char c = *lx->p;

		if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') &&
		    (at(lx, 1, '+') || at(lx, 1, '-')))
			lx->p += 2;
		else if (c == '\'' && lx->p + 1 < lx->end && ident_char(lx->p[1]))
			lx->p += 2;
		else if (ident_char(c) || c == '.')
			lx->p++;
		else
			return;
	}
}

/* The next token into *t; false at the end of the text. */
static bool next_token(struct lexer *lx, struct tok *t)
{
	skip_space(lx);
	if (lx->p >= lx->end)
		return false;
	lx->bol = false;
	t->s = lx->p;
	if (ident_start(*lx->p)) {
		while (lx->p < lx->end && ident_char(*lx->p))
			lx->p++;
		t->n = (size_t)(lx->p - t->s);
		t->kind = T_IDENT;
		if (lx->p < lx->end && *lx->p == '"' &&
		    (tok_is(t, "R") || tok_is(t, "u8R") || tok_is(t, "uR") ||
		     tok_is(t, "UR") || tok_is(t, "LR"))) {
			skip_raw_string(lx);
		} else if (lx->p < lx->end && (*lx->p == '"' || *lx->p == '\'') &&
			   (tok_is(t, "u8") || tok_is(t, "u") || tok_is(t, "U") ||
			    tok_is(t, "L"))) {
			skip_quoted(lx);
		} else {
			return true;
		}
	} else if (*lx->p == '"' || *lx->p == '\'') {
		skip_quoted(lx);
	} else if ((*lx->p >= '0' && *lx->p <= '9') ||
		   (*lx->p == '.' && lx->p + 1 < lx->end && lx->p[1] >= '0' &&
		    lx->p[1] <= '9')) {
		skip_number(lx);
	} else {
		lx->p += (*lx->p == ':' && at(lx, 1, ':')) ? 2 : 1;
		t->n = (size_t)(lx->p - t->s);
		t->kind = T_PUNCT;
		return true;
	}
	t->n = (size_t)(lx->p - t->s);
	t->kind = T_LITERAL;
	return true;
}

/* Having read `open`, skips to its matching `close`; false at the end. */
static bool skip_balanced(struct lexer *lx, const char *open,
			  const char *close)
{
	struct tok t;
	int depth = 1;

	while (next_token(lx, &t)) {
		if (t.kind != T_PUNCT)
			continue;
		if (tok_is(&t, open))
			depth++;
		else if (tok_is(&t, close) && --depth == 0)
			return true;
	}
	return false;
}

/* Specifiers that take parentheses before a function's name. */
static bool is_specifier(const struct tok *t)
{
	static const char *const words[] = {
		"__launch_bounds__", "__cluster_dims__", "__maxnreg__",
		"__attribute__", "__declspec", "__align__", "alignas",
		"decltype",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (tok_is(t, words[i]))
			return true;
	return false;
}

/* The index of the function name among v[0..k) when a '(' follows
 * them: the identifier before it, or before a template argument list
 * ("f<float>(" in a specialisation); -1 when there is none. */
static long name_index(const struct tok *v, size_t k)
{
	long i = (long)k - 1;
	int depth = 0;

	if (i >= 0 && v[i].kind == T_PUNCT && tok_is(&v[i], ">")) {
		for (; i >= 0; i--) {
			if (tok_is(&v[i], ">"))
				depth++;
			else if (tok_is(&v[i], "<") && --depth == 0)
				break;
		}
		i--;
	}
	return i >= 0 && v[i].kind == T_IDENT ? i : -1;
}

/* After a parameter list: whether a body follows (a definition). */
static bool body_follows(struct lexer *lx)
{
	struct tok t;

	while (next_token(lx, &t)) {
		if (t.kind != T_PUNCT)
			continue;
		if (tok_is(&t, "{"))
			return true;
		if (tok_is(&t, ";") || tok_is(&t, "=") || tok_is(&t, "}") ||
		    (tok_is(&t, "(") && !skip_balanced(lx, "(", ")")))
			return false;
	}
	return false;
}

/* ---- a definition's parameters --------------------------------------------- */

/* Most tokens of one parameter culab reads ("const float *__restrict__
 * in" is five). */
#define MAX_PARAM_TOKENS 32

/* A place in a text, moved forward as a scan goes, so that the lines
 * before it are counted once. */
struct where {
	const char *text, *at, *bol;
	int line;
};

#define WHERE_INIT(t) { (t), (t), (t), 1 }

/* 1-based line and column of p in w's text (columns count characters). */
static void text_position(struct where *w, const char *p, int *line,
			  int *col)
{
	if (p < w->at) {
		w->at = w->bol = w->text;
		w->line = 1;
	}
	for (; w->at < p; w->at++)
		if (*w->at == '\n') {
			w->line++;
			w->bol = w->at + 1;
		}
	*line = w->line;
	*col = (int)utf8_chars(w->bol, (size_t)(p - w->bol)) + 1;
}

/* Words that make up a type, never a parameter's name. */
static bool type_word(const struct tok *t)
{
	static const char *const words[] = {
		"const", "volatile", "signed", "unsigned", "char", "short",
		"int", "long", "float", "double", "bool", "void", "restrict",
		"__restrict__", "__restrict", "__grid_constant__",
	};

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (tok_is(t, words[i]))
			return true;
	return false;
}

/* Appends token t to a C-style type text: a space between words, before
 * a '*' or '&' that follows a word or a '>', and after a ','. */
static void type_add(struct sbuf *b, const struct tok *prev,
		     const struct tok *t)
{
	bool word = t->kind != T_PUNCT, prev_word = prev &&
		    prev->kind != T_PUNCT;

	if (prev && ((prev_word && word) ||
		     ((prev_word || tok_is(prev, ">")) &&
		      (tok_is(t, "*") || tok_is(t, "&"))) ||
		     tok_is(prev, ",") || ((tok_is(prev, "*") ||
					    tok_is(prev, "&")) && word &&
					   !type_word(t))))
		sbuf_addc(b, ' ');
	sbuf_addn(b, t->s, t->n);
}

/* Whether v[i] opens or closes a bracket: +1, -1 or 0. */
static int bracket(const struct tok *t)
{
	if (t->kind != T_PUNCT)
		return 0;
	if (tok_is(t, "(") || tok_is(t, "[") || tok_is(t, "<") ||
	    tok_is(t, "{"))
		return 1;
	if (tok_is(t, ")") || tok_is(t, "]") || tok_is(t, ">") ||
	    tok_is(t, "}"))
		return -1;
	return 0;
}

/* The index of the name among a parameter's tokens v[0..end): its last
 * token at the top level before any '[', when that is a word that is no
 * type's and comes after a type ("const int N", "real *d_x", "Vec<float>
 * v"); -1 when it has none ("unsigned int", "size_t", "std::size_t",
 * "const real *", "const real"). */
static long param_name(const struct tok *v, size_t end)
{
	long last = -1;
	bool typed = false;
	int depth = 0;

	for (size_t i = 0; i < end; i++) {
		if (!depth && tok_is(&v[i], "["))
			break;
		if (!depth)
			last = (long)i;
		depth += bracket(&v[i]);
		if (depth < 0)
			depth = 0;
	}
	if (last <= 0 || v[last].kind != T_IDENT || type_word(&v[last]))
		return -1;
	if (v[last - 1].kind == T_PUNCT && !tok_is(&v[last - 1], "*") &&
	    !tok_is(&v[last - 1], "&") && !tok_is(&v[last - 1], ">"))
		return -1;
	/* a type before it: a word other than const and volatile */
	for (long i = 0; i < last; i++)
		if ((v[i].kind == T_IDENT && !tok_is(&v[i], "const") &&
		     !tok_is(&v[i], "volatile")) || tok_is(&v[i], ">"))
			typed = true;
	return typed ? last : -1;
}

/* One parameter from its tokens v[0..k), into d. */
static void add_param(struct nvrtc_decl *d, struct where *w,
		      const struct tok *v, size_t k)
{
	struct nvrtc_decl_param *p;
	struct sbuf type = SBUF_INIT;
	const struct tok *prev = NULL;
	long name, last_star = -1;
	size_t i, end;
	int depth = 0;

	if (d->nparams++ >= NVRTC_MAX_PARAMS)
		return;
	p = &d->params[d->nparams - 1];
	memset(p, 0, sizeof(*p));
	text_position(w, v[0].s, &p->line, &p->col);
	/* the top level's '*' and '&', up to a default argument */
	for (end = 0; end < k; end++) {
		if (!depth && tok_is(&v[end], "="))
			break;
		if (!depth && tok_is(&v[end], "*")) {
			p->pointers++;
			last_star = (long)end;
		} else if (!depth && tok_is(&v[end], "&")) {
			p->reference = true;
		}
		depth += bracket(&v[end]);
		if (depth < 0)
			depth = 0;
	}
	name = param_name(v, end);
	if (name >= 0) {
		snprintf(p->name, sizeof(p->name), "%.*s", (int)v[name].n,
			 v[name].s);
		if ((size_t)name + 1 < end && tok_is(&v[name + 1], "[")) {
			p->pointers++;          /* float in[]: a pointer */
			last_star = name;
		}
	}
	/* what the last '*' points to: the words since the '*' before it */
	for (long j = last_star - 1; j >= 0 && !tok_is(&v[j], "*"); j--)
		if (tok_is(&v[j], "const"))
			p->pointee_const = true;
	for (i = 0; i < end; i++) {
		if ((long)i == name)
			continue;
		if (name >= 0 && (long)i > name && tok_is(&v[i], "["))
			break;
		type_add(&type, prev, &v[i]);
		prev = &v[i];
	}
	if (name >= 0 && last_star == name)
		sbuf_add(&type, " *");
	snprintf(p->type, sizeof(p->type), "%s", sbuf_str(&type));
	sbuf_release(&type);
}

/* Reads a parameter list after its '(' to the matching ')', into d
 * (when not NULL; w places it).  False at the end of the text. */
static bool read_params(struct lexer *lx, struct where *w,
			struct nvrtc_decl *d)
{
	struct tok v[MAX_PARAM_TOKENS], t;
	size_t k = 0;
	int depth = 0;

	if (!d)
		return skip_balanced(lx, "(", ")");
	d->nparams = 0;
	while (next_token(lx, &t)) {
		if (!depth && t.kind == T_PUNCT &&
		    (tok_is(&t, ",") || tok_is(&t, ")"))) {
			/* "()" and "(void)" take nothing */
			if (k && !(k == 1 && tok_is(&v[0], "void") &&
				   tok_is(&t, ")") && !d->nparams))
				add_param(d, w, v, k);
			k = 0;
			if (tok_is(&t, ")"))
				return true;
			continue;
		}
		depth += bracket(&t);
		if (depth < 0)
			depth = 0;
		if (k < MAX_PARAM_TOKENS)
			v[k++] = t;
	}
	return false;
}

/* Reads the declaration after a __global__ token; the name of the
 * function it defines (malloc'd, "ns::f" when qualified), or NULL.  With
 * d, also where its name is and its parameters (w places them). */
static char *global_name(struct lexer *lx, struct where *w,
			 struct nvrtc_decl *d)
{
	struct tok v[MAX_DECL_TOKENS], t;
	struct sbuf name = SBUF_INIT;
	size_t k = 0;
	long i, j;

	while (next_token(lx, &t) && k < MAX_DECL_TOKENS) {
		if (t.kind == T_PUNCT && (tok_is(&t, ";") || tok_is(&t, "{") ||
					  tok_is(&t, "}")))
			return NULL;
		if (t.kind != T_PUNCT || !tok_is(&t, "(")) {
			v[k++] = t;
			continue;
		}
		i = name_index(v, k);
		if (i < 0)
			return NULL;
		if (is_specifier(&v[i])) {
			if (!skip_balanced(lx, "(", ")"))
				return NULL;
			continue;
		}
		if (d)
			text_position(w, v[i].s, &d->line, &d->col);
		for (j = i; j >= 2 && tok_is(&v[j - 1], "::") &&
		     v[j - 2].kind == T_IDENT; j -= 2)
			;
		for (; j <= i; j++)
			sbuf_addn(&name, v[j].s, v[j].n);
		if (read_params(lx, w, d) && body_follows(lx))
			return sbuf_detach(&name);
		sbuf_release(&name);
		return NULL;
	}
	return NULL;
}

size_t nvrtc_list_globals(const char *text, size_t len, char **names,
			  size_t max)
{
	struct lexer lx = { text, text + len, true };
	struct tok t;
	size_t n = 0, i;

	while (n < max && next_token(&lx, &t)) {
		char *name;

		if (t.kind != T_IDENT || !tok_is(&t, "__global__"))
			continue;
		name = global_name(&lx, NULL, NULL);
		for (i = 0; name && i < n; i++)
			if (!strcmp(names[i], name)) {
				free(name);
				name = NULL;
			}
		if (name)
			names[n++] = name;
	}
	return n;
}

bool nvrtc_global_template(const char *text, size_t len, const char *name)
{
	struct lexer lx = { text, text + len, true };
	bool templ = false;
	struct tok t;

	while (next_token(&lx, &t)) {
		char *got;
		bool is;

		if (t.kind == T_IDENT && tok_is(&t, "template")) {
			templ = true;
			continue;
		}
		if (t.kind == T_PUNCT && (tok_is(&t, ";") || tok_is(&t, "}")))
			templ = false;
		if (t.kind != T_IDENT || !tok_is(&t, "__global__"))
			continue;
		got = global_name(&lx, NULL, NULL);
		is = got && !strcmp(got, name) && templ;
		free(got);
		if (is)
			return true;
		templ = false;
	}
	return false;
}

/* Whether definition name `got` ("f", "ns::f") is function `want`. */
static bool names_function(const char *got, const char *want)
{
	size_t g = strlen(got), w = strlen(want);

	return !strcmp(got, want) || (g > w + 2 && !strcmp(got + g - w, want) &&
				      !strncmp(got + g - w - 2, "::", 2));
}

int nvrtc_find_global(const char *text, size_t len, const char *name,
		      struct nvrtc_decl *d)
{
	struct lexer lx = { text, text + len, true };
	struct where w = WHERE_INIT(text);
	struct nvrtc_decl *cur = xcalloc(1, sizeof(*cur));
	bool found = false, clash = false;
	struct tok t;

	while (!clash && next_token(&lx, &t)) {
		char *got;

		if (t.kind != T_IDENT || !tok_is(&t, "__global__"))
			continue;
		got = global_name(&lx, &w, cur);
		if (got && names_function(got, name)) {
			if (!found)
				*d = *cur;
			else if (cur->nparams != d->nparams)
				clash = true;
			found = true;
		}
		free(got);
	}
	free(cur);
	return found && !clash ? 0 : -1;
}

/* Words a name may follow in an expression or statement, where it is not
 * being declared ("return N;"). */
static bool statement_word(const struct tok *t)
{
	static const char *const words[] = {
		"return", "case", "sizeof", "alignof", "else", "do", "goto",
		"throw", "new", "delete", "co_return", "co_yield", "typeid",
		"decltype",
	};

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (tok_is(t, words[i]))
			return true;
	return false;
}

int nvrtc_find_declaration(const char *text, size_t len, const char *name,
			   int *line, int *col)
{
	struct lexer lx = { text, text + len, true };
	struct where w = WHERE_INIT(text);
	struct tok prev = { T_PUNCT, "", 0 }, t, next;

	while (next_token(&lx, &t)) {
		struct lexer ahead = lx;

		if (t.kind == T_IDENT && tok_is(&t, name) &&
		    prev.kind == T_IDENT && !statement_word(&prev) &&
		    next_token(&ahead, &next) && next.kind == T_PUNCT &&
		    next.n == 1 && strchr("=,);[{", *next.s)) {
			text_position(&w, t.s, line, col);
			return 0;
		}
		prev = t;
	}
	return -1;
}

int nvrtc_find_define(const char *text, size_t len, const char *name,
		      int *line, int *col)
{
	const char *p = text, *end = text + len;
	struct where w = WHERE_INIT(text);
	size_t n = strlen(name);

	for (; p < end; p++) {
		const char *q = p;

		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q < end && *q == '#') {
			for (q++; q < end && (*q == ' ' || *q == '\t'); q++)
				;
			if ((size_t)(end - q) > 6 && !strncmp(q, "define", 6) &&
			    (q[6] == ' ' || q[6] == '\t')) {
				for (q += 6; q < end && (*q == ' ' || *q == '\t');
				     q++)
					;
				if ((size_t)(end - q) >= n && !strncmp(q, name, n) &&
				    (q + n == end || !ident_char(q[n]))) {
					text_position(&w, q, line, col);
					return 0;
				}
			}
		}
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			break;
	}
	return -1;
}

/* ---- PTX entries ------------------------------------------------------------ */

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* The parameter list of ".entry <name>(" in the PTX, just after its
 * '(', or NULL. */
static const char *find_entry(const char *ptx, const char *name)
{
	size_t n = strlen(name);
	const char *p = ptx;

	while ((p = strstr(p, ".entry")) != NULL) {
		const char *q = p + 6;

		p = q;
		if (*q != ' ' && *q != '\t')
			continue;
		q = skip_ws(q);
		if (strncmp(q, name, n) != 0)
			continue;
		q = skip_ws(q + n);
		if (*q == '(')
			return q + 1;
	}
	return NULL;
}

int nvrtc_ptx_extern_shared(const char *ptx, const char *lowered,
			    bool *module)
{
	const char *body = find_entry(ptx, lowered), *end, *d = ptx;

	*module = false;
	if (!body)
		return -1;
	end = strstr(body, "\n}");
	if (!end)
		end = body + strlen(body);
	/* ".extern .shared .align 16 .b8 s[];": each name, in the body as
	 * a word of its own */
	while ((d = strstr(d, ".extern .shared")) != NULL) {
		const char *name = strchr(d, '['), *w, *q;
		size_t n;

		*module = true;
		d += 15;
		if (!name)
			break;
		for (w = name; w > d && w[-1] != ' ' && w[-1] != '\t'; w--)
			;
		n = (size_t)(name - w);
		for (q = body; n && q + n <= end; q++) {
			char before = q[-1], after = q[n];

			if (!strncmp(q, w, n) && !isalnum((unsigned char)before) &&
			    before != '_' && before != '$' &&
			    !isalnum((unsigned char)after) && after != '_' &&
			    after != '$')
				return 1;
		}
	}
	return 0;
}

/* Bytes of a PTX type word ("u64", "f16x2", "b8"); 0 when not a type. */
static size_t type_bytes(const char *w, size_t n)
{
	size_t i = 0, bits = 0, times = 1;

	if (n >= 2 && w[0] == 'b' && w[1] == 'f')
		i = 2;
	else if (n >= 1 && strchr("bsuf", w[0]))
		i = 1;
	else
		return 0;
	if (i >= n || w[i] < '0' || w[i] > '9')
		return 0;
	for (; i < n && w[i] >= '0' && w[i] <= '9' && bits < 4096; i++)
		bits = bits * 10 + (size_t)(w[i] - '0');
	if (i < n && w[i] == 'x') {
		for (times = 0, i++; i < n && w[i] >= '0' && w[i] <= '9' &&
		     times < 64; i++)
			times = times * 10 + (size_t)(w[i] - '0');
	}
	return i == n && bits % 8 == 0 ? bits / 8 * times : 0;
}

/* One ".param ..." up to its ',' or ')': fills *pp and returns the
 * position after the separator, or NULL when it is not understood. */
static const char *read_param(const char *p, struct nvrtc_ptx_param *pp,
			      bool *last)
{
	size_t elem = 0, count = 1;
	char type = 0;
	bool ptr = false, array = false;

	p = skip_ws(p);
	if (strncmp(p, ".param", 6) != 0)
		return NULL;
	p += 6;
	for (;;) {
		const char *w;

		p = skip_ws(p);
		if (*p == ',' || *p == ')') {
			*last = *p == ')';
			pp->size = elem * count;
			pp->type = array ? 'a' : type;
			pp->ptr = ptr;
			return elem ? p + 1 : NULL;
		}
		if (!*p)
			return NULL;
		w = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n' &&
		       *p != '\r' && *p != ',' && *p != ')' && *p != '[')
			p++;
		if (*w == '.' && !elem) {
			elem = type_bytes(w + 1, (size_t)(p - w - 1));
			type = w[1] == 'b' && w[2] == 'f' ? 'f' : w[1];
		} else if (p - w == 4 && !strncmp(w, ".ptr", 4)) {
			ptr = true;
		}
		if (*p == '[') {
			char *end;

			count = strtoul(p + 1, &end, 10);
			if (*end != ']')
				return NULL;
			p = end + 1;
			array = true;
		}
	}
}

int nvrtc_ptx_params(const char *ptx, const char *lowered,
		     struct nvrtc_ptx_param *params, size_t max)
{
	const char *p;
	bool last = false;
	int n = 0;

	if (!ptx || !lowered || !*lowered)
		return -1;
	p = find_entry(ptx, lowered);
	if (!p)
		return -1;
	if (*skip_ws(p) == ')')
		return 0;
	while (!last) {
		struct nvrtc_ptx_param pp;

		p = read_param(p, &pp, &last);
		if (!p)
			return -1;
		if ((size_t)n < max)
			params[n] = pp;
		n++;
	}
	return n;
}

/* ---- ptxas -v -------------------------------------------------------------- */

/* The line after the one at p (or the end). */
static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl ? nl + 1 : p + strlen(p);
}

/* Whether the line at p starts with prefix followed by name and then
 * one of the characters in `after` (or the line's end). */
static bool line_names(const char *p, const char *prefix, const char *name,
		       const char *after)
{
	size_t pn = strlen(prefix), nn = strlen(name);

	if (strncmp(p, prefix, pn) != 0 || strncmp(p + pn, name, nn) != 0)
		return false;
	p += pn + nn;
	return !*p || *p == '\n' || *p == '\r' || strchr(after, *p);
}

/* The number before `what` on the line at p ("640 bytes spill stores"),
 * or -1. */
static int number_before(const char *p, const char *what)
{
	const char *e = next_line(p), *s = strstr(p, what);

	if (!s || s >= e)
		return -1;
	while (s > p && s[-1] == ' ')
		s--;
	if (s == p || s[-1] < '0' || s[-1] > '9')
		return -1;
	while (s > p && s[-1] >= '0' && s[-1] <= '9')
		s--;
	return atoi(s);
}

int nvrtc_ptxas_info(const char *log, const char *lowered, int *registers,
		     int *spill_stores, int *stack_bytes)
{
	const char *p, *start = NULL;
	int regs = -1, spill = -1, stack = -1;

	if (!log || !lowered || !*lowered)
		return -1;
	/* The entry's block: from "Compiling entry function 'X'" to the
	 * next such line; its "Used N registers" is the entry's own
	 * (device functions' blocks have none). */
	for (p = log; *p; p = next_line(p))
		if (line_names(p, "ptxas info    : Compiling entry function '",
			       lowered, "'")) {
			start = next_line(p);
			break;
		}
	if (!start)
		return -1;
	for (p = start; *p; p = next_line(p)) {
		if (!strncmp(p, "ptxas info    : Compiling entry function ", 41))
			break;
		if (line_names(p, "ptxas info    : Function properties for ",
			       lowered, "")) {
			stack = number_before(next_line(p), " bytes stack frame");
			spill = number_before(next_line(p), " bytes spill stores");
		}
		else if (!strncmp(p, "ptxas info    : Used ", 21) && regs < 0)
			regs = atoi(p + 21);
	}
	if (regs < 0 || spill < 0 || stack < 0)
		return -1;
	*registers = regs;
	*spill_stores = spill;
	*stack_bytes = stack;
	return 0;
}
