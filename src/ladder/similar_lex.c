/* similar_lex.c - the tokens of a CUDA C/C++ source, for telling copies
 * apart (similar.h): what a copier can change without changing the
 * program is normalized away here, token by token.
 *
 * The student's own identifiers are one class ("I"), so renaming does
 * not matter; C and C++ keywords, CUDA's qualifiers, builtins and
 * intrinsics (anything spelled with a leading "__", reserved to the
 * implementation), the atomics, well-known types and math functions and
 * culab's own names (culab_t, culab_acc_t) keep their spelling, since
 * they are what a program is made of.  A math function is one only
 * where it is called (a variable may be called max), and CUDA's "half"
 * type is not in the list (a common name for half a block).  A number
 * is its value: 32, 32u and 0x20 are one token, 2.0f and 2.0 another.
 * Numbers are kept rather than made one class because a short kernel's
 * constants carry its algorithm (the tree stopping at 32 for a warp, 16
 * for its first shuffle, 0xffffffff for its mask), and renaming never
 * changes them.
 * String and character literals are one token each, as they stand.
 * Comments go; so do preprocessor lines (an #include, a #pragma unroll
 * are not what a copier's kernel is made of), but for a #define's body,
 * which is code (a name a macro defines is an identifier where it is
 * used); and the lines between "#if 0" and its #else or #endif go too
 * (dead code). */
#include "similar_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct word {
	const char *s;
	unsigned flags;
};

/* The words that keep their spelling, with what they do to the order
 * of statements (similar_canon.c).  Names that begin with "__" are
 * words too (word_flags()); those listed here are the ones with flags. */
static const struct word words[] = {
	/* types and qualifiers: may start a declaration */
	{ "auto", WF_TYPE }, { "bool", WF_TYPE }, { "char", WF_TYPE },
	{ "class", WF_TYPE }, { "const", WF_TYPE }, { "constexpr", WF_TYPE },
	{ "culab_acc_t", WF_TYPE }, { "culab_t", WF_TYPE },
	{ "dim3", WF_TYPE }, { "double", WF_TYPE }, { "double2", WF_TYPE },
	{ "double4", WF_TYPE }, { "enum", WF_TYPE }, { "extern", WF_TYPE },
	{ "float", WF_TYPE }, { "float2", WF_TYPE }, { "float4", WF_TYPE },
	{ "inline", WF_TYPE }, { "int", WF_TYPE },
	{ "int2", WF_TYPE }, { "int4", WF_TYPE }, { "int8_t", WF_TYPE },
	{ "int16_t", WF_TYPE }, { "int32_t", WF_TYPE }, { "int64_t", WF_TYPE },
	{ "long", WF_TYPE }, { "long2", WF_TYPE }, { "longlong2", WF_TYPE },
	{ "ptrdiff_t", WF_TYPE }, { "register", WF_TYPE },
	{ "short", WF_TYPE }, { "signed", WF_TYPE }, { "size_t", WF_TYPE },
	{ "static", WF_TYPE }, { "struct", WF_TYPE }, { "typename", WF_TYPE },
	{ "uint2", WF_TYPE }, { "uint4", WF_TYPE }, { "uint8_t", WF_TYPE },
	{ "uint16_t", WF_TYPE }, { "uint32_t", WF_TYPE },
	{ "uint64_t", WF_TYPE }, { "uintptr_t", WF_TYPE },
	{ "union", WF_TYPE }, { "unsigned", WF_TYPE }, { "void", WF_TYPE },
	{ "volatile", WF_TYPE },
	{ "__constant__", WF_TYPE }, { "__device__", WF_TYPE },
	{ "__forceinline__", WF_TYPE }, { "__half", WF_TYPE },
	{ "__half2", WF_TYPE }, { "__managed__", WF_TYPE },
	{ "__nv_bfloat16", WF_TYPE }, { "__restrict__", WF_TYPE },
	{ "__shared__", WF_TYPE },
	/* what orders the statements around it */
	{ "asm", WF_SYNC }, { "assert", WF_SYNC }, { "break", WF_SYNC },
	{ "case", WF_SYNC }, { "continue", WF_SYNC }, { "default", WF_SYNC },
	{ "goto", WF_SYNC }, { "printf", WF_SYNC }, { "return", WF_SYNC },
	{ "throw", WF_SYNC },
	/* plain words */
	{ "blockDim", 0 }, { "blockIdx", 0 }, { "const_cast", 0 },
	{ "decltype", 0 }, { "delete", 0 }, { "do", 0 },
	{ "dynamic_cast", 0 }, { "else", 0 }, { "false", 0 }, { "for", 0 },
	{ "gridDim", 0 }, { "if", 0 }, { "namespace", 0 }, { "new", 0 },
	{ "nullptr", 0 }, { "operator", 0 }, { "reinterpret_cast", 0 },
	{ "sizeof", 0 }, { "static_cast", 0 }, { "std", 0 },
	{ "switch", 0 }, { "template", 0 }, { "this", 0 },
	{ "threadIdx", 0 }, { "true", 0 }, { "typedef", 0 },
	{ "using", 0 }, { "warpSize", 0 }, { "while", 0 },
	/* functions of their arguments alone */
	{ "abs", WF_PURE }, { "ceil", WF_PURE }, { "ceilf", WF_PURE },
	{ "cos", WF_PURE }, { "cosf", WF_PURE }, { "exp", WF_PURE },
	{ "expf", WF_PURE }, { "fabs", WF_PURE }, { "fabsf", WF_PURE },
	{ "floor", WF_PURE }, { "floorf", WF_PURE }, { "fma", WF_PURE },
	{ "fmaf", WF_PURE }, { "fmax", WF_PURE }, { "fmaxf", WF_PURE },
	{ "fmin", WF_PURE }, { "fminf", WF_PURE }, { "log", WF_PURE },
	{ "logf", WF_PURE }, { "max", WF_PURE }, { "min", WF_PURE },
	{ "pow", WF_PURE }, { "powf", WF_PURE }, { "rsqrtf", WF_PURE },
	{ "sin", WF_PURE }, { "sinf", WF_PURE }, { "sqrt", WF_PURE },
	{ "sqrtf", WF_PURE }, { "__clz", WF_PURE }, { "__ffs", WF_PURE },
	{ "__ldg", WF_PURE }, { "__popc", WF_PURE },
	{ "__launch_bounds__", 0 }, { "__global__", 0 }, { "__host__", 0 },
	{ "__noinline__", 0 },
};

/* Prefixes of CUDA's names that order what is around them: barriers,
 * warp collectives, fences, atomics. */
static const char *const sync_prefixes[] = {
	"__syncthreads", "__syncwarp", "__threadfence", "__shfl", "__ballot",
	"__any", "__all", "__activemask", "__reduce_", "__match", "__trap",
	"atomic",
};

static bool starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && !memcmp(s, p, k);
}

/* Whether s[0..n) keeps its spelling, and its flags in *flags. */
static bool word_of(const char *s, size_t n, unsigned *flags)
{
	*flags = 0;
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (words[i].s[0] == s[0] && strlen(words[i].s) == n &&
		    !memcmp(words[i].s, s, n)) {
			*flags = words[i].flags;
			return true;
		}
	for (size_t i = 0; i < ARRAY_SIZE(sync_prefixes); i++)
		if (starts(s, n, sync_prefixes[i])) {
			*flags = WF_SYNC;
			return true;
		}
	/* reserved to the implementation, and culab's own */
	return starts(s, n, "__") || starts(s, n, "culab_");
}

uint64_t similar_hash_mix(uint64_t h, uint64_t v)
{
	/* splitmix64's finalizer over h combined with v */
	uint64_t z = h * 0x9e3779b97f4a7c15ULL + v + 0x632be59bd9b4e019ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t similar_hash_bytes(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return similar_hash_mix(h, n);
}

static bool is_ident(int c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c >= 0x80 || (!first && c >= '0' && c <= '9');
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* Number s[0..n) written by its value into out[size]: an integer in
 * decimal ("32" for 32u and 0x20), a floating one as the shortest %g
 * that reads back the same, with a '.' ("2." for 2.0f and 2.0). */
static void number_text(const char *s, size_t n, char *out, size_t size)
{
	char buf[64];
	size_t m = 0;
	bool hex = n > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	bool bin = n > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B');
	bool flt = false;
	double v;

	if (n >= sizeof(buf)) {
		snprintf(out, size, "%.*s", (int)n, s);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\'')          /* a digit separator */
			continue;
		if (c == '.' || (hex && (c == 'p' || c == 'P')) ||
		    (!hex && !bin && (c == 'e' || c == 'E')))
			flt = true;
		buf[m++] = c;
	}
	buf[m] = '\0';
	/* the suffix: u, l, f in any case and order (f is a hex digit) */
	while (m > 1 && strchr("uUlLfF", buf[m - 1]) &&
	       !(hex && !flt && strchr("fF", buf[m - 1]))) {
		if (buf[m - 1] == 'f' || buf[m - 1] == 'F')
			flt = true;
		buf[--m] = '\0';
	}
	if (!flt) {
		snprintf(out, size, "%llu",
			 bin ? strtoull(buf + 2, NULL, 2) : strtoull(buf, NULL, 0));
		return;
	}
	v = strtod(buf, NULL);
	snprintf(out, size, "%g", v);
	if (strtod(out, NULL) != v)
		snprintf(out, size, "%.17g", v);
	if (!strpbrk(out, ".eEna"))
		strncat(out, ".", size - strlen(out) - 1);
}

size_t similar_token_text(const struct tok *t, char *out, size_t size)
{
	if (t->kind == TK_ID)
		snprintf(out, size, "I");
	else if (t->kind == TK_NUM)
		number_text(t->s, t->n, out, size);
	else
		snprintf(out, size, "%.*s", (int)t->n, t->s);
	return strlen(out);
}

/* Multi-character punctuators, longest first. */
static const char *const puncts[] = {
	">>=", "<<=", "...", "->*",
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", "##",
};

/* The lexer's state: where it is, and the line. */
struct lexer {
	const char *s;
	size_t len, i;
	int line;
	bool bol;               /* only blanks since the line began */
	struct tok *t;
	size_t n, cap;
};

/* Skips a comment at i, counting its lines; whether there was one. */
static bool skip_comment(struct lexer *x)
{
	const char *s = x->s;

	if (x->i + 1 >= x->len || s[x->i] != '/')
		return false;
	if (s[x->i + 1] == '/') {
		while (x->i < x->len && s[x->i] != '\n')
			x->i++;
		return true;
	}
	if (s[x->i + 1] != '*')
		return false;
	for (x->i += 2; x->i < x->len; x->i++) {
		if (s[x->i] == '*' && x->i + 1 < x->len && s[x->i + 1] == '/') {
			x->i += 2;
			return true;
		}
		if (s[x->i] == '\n')
			x->line++;
	}
	return true;
}

enum directive { DIR_OTHER, DIR_IF0, DIR_DEFINE };

/* Reads the preprocessor line at i (its '#'), continuations and
 * comments included, to its newline (not consumed); its directive's
 * name in *name.  With `body`, a #define is read only to the end of the
 * macro's name and parameters, and DIR_DEFINE returned: its body is
 * code, and tokens like any (a kernel put in a macro is still seen). */
static enum directive directive(struct lexer *x, const char **name,
				size_t *nlen, bool body)
{
	const char *s = x->s;
	size_t start, end, arg = 0;
	bool if0;

	x->i++;                                 /* the '#' */
	while (x->i < x->len && (s[x->i] == ' ' || s[x->i] == '\t'))
		x->i++;
	start = x->i;
	while (x->i < x->len && is_ident((unsigned char)s[x->i], false))
		x->i++;
	*name = s + start;
	*nlen = x->i - start;
	if (body && *nlen == 6 && !memcmp(*name, "define", 6)) {
		while (x->i < x->len && (s[x->i] == ' ' || s[x->i] == '\t'))
			x->i++;
		while (x->i < x->len && is_ident((unsigned char)s[x->i], false))
			x->i++;
		if (x->i < x->len && s[x->i] == '(')
			while (x->i < x->len && s[x->i] != ')' && s[x->i] != '\n')
				x->i++;
		if (x->i < x->len && s[x->i] == ')')
			x->i++;
		return DIR_DEFINE;
	}
	if0 = *nlen == 2 && !memcmp(*name, "if", 2);
	while (x->i < x->len && s[x->i] != '\n') {
		if (skip_comment(x))
			continue;
		if (s[x->i] == '\\' && x->i + 1 < x->len && s[x->i + 1] == '\n') {
			x->i += 2;
			x->line++;
			continue;
		}
		if (s[x->i] != ' ' && s[x->i] != '\t' && s[x->i] != '\r') {
			end = x->i;
			if (arg == 0 && s[x->i] == '0' &&
			    (end + 1 >= x->len ||
			     !is_ident((unsigned char)s[end + 1], false)))
				arg = 1;
			else
				arg = 2;
		}
		x->i++;
	}
	return if0 && arg == 1 ? DIR_IF0 : DIR_OTHER;
}

/* Skips the lines of an "#if 0" block, from after its directive to its
 * #else, #elif or #endif (consumed), or to the end of the text. */
static void skip_if0(struct lexer *x)
{
	int depth = 0;
	bool bol = false;

	while (x->i < x->len) {
		char c = x->s[x->i];

		if (c == '\n') {
			x->line++;
			x->i++;
			bol = true;
			continue;
		}
		if (bol && c == '#') {
			const char *name;
			size_t n;

			directive(x, &name, &n, false);
			if ((n == 2 && !memcmp(name, "if", 2)) ||
			    (n == 5 && !memcmp(name, "ifdef", 5)) ||
			    (n == 6 && !memcmp(name, "ifndef", 6)))
				depth++;
			else if (n == 5 && !memcmp(name, "endif", 5) &&
				 depth-- == 0)
				return;
			else if (depth == 0 &&
				 ((n == 4 && !memcmp(name, "else", 4)) ||
				  (n == 4 && !memcmp(name, "elif", 4))))
				return;
			continue;
		}
		if (c != ' ' && c != '\t' && c != '\r')
			bol = false;
		x->i++;
	}
}

static void push(struct lexer *x, size_t start, enum tok_kind kind,
		 unsigned flags, uint64_t h)
{
	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 256;
		x->t = xrealloc(x->t, x->cap * sizeof(*x->t));
	}
	x->t[x->n++] = (struct tok){ .s = x->s + start, .n = x->i - start,
				     .line = x->line, .kind = kind,
				     .flags = flags, .h = h };
}

/* Whether the token before the one being read is "." or "->". */
static bool after_member(const struct lexer *x)
{
	return x->n && (tok_is(&x->t[x->n - 1], ".") ||
			tok_is(&x->t[x->n - 1], "->"));
}

static void identifier(struct lexer *x)
{
	size_t start = x->i;
	const char *s = x->s + start;
	unsigned flags;
	size_t n;

	while (x->i < x->len && is_ident((unsigned char)x->s[x->i], false))
		x->i++;
	n = x->i - start;
	/* threadIdx.x: a vector's component is CUDA's, not a name */
	if ((word_of(s, n, &flags)) ||
	    (n == 1 && strchr("xyzw", s[0]) && after_member(x)))
		push(x, start, TK_WORD, flags, similar_hash_bytes(s, n));
	else
		push(x, start, TK_ID, 0, similar_hash_bytes("I", 1));
}

static void literal(struct lexer *x)
{
	size_t start = x->i;
	char q = x->s[x->i++];

	while (x->i < x->len && x->s[x->i] != q && x->s[x->i] != '\n') {
		if (x->s[x->i] == '\\' && x->i + 1 < x->len &&
		    x->s[x->i + 1] != '\n')
			x->i++;
		x->i++;
	}
	if (x->i < x->len && x->s[x->i] == q)
		x->i++;
	push(x, start, TK_STR, 0,
	     similar_hash_bytes(x->s + start, x->i - start));
}

static void number(struct lexer *x)
{
	size_t start = x->i;
	char v[80];

	while (x->i < x->len) {
		char c = x->s[x->i];

		if ((c == '+' || c == '-') && strchr("eEpP", x->s[x->i - 1]) &&
		    !(x->s[start] == '0' && x->i - start > 1 &&
		      strchr("xX", x->s[start + 1]) && strchr("eE", x->s[x->i - 1])))
			x->i++;
		else if (is_ident((unsigned char)c, false) || c == '.' ||
			 (c == '\'' && x->i + 1 < x->len &&
			  is_ident((unsigned char)x->s[x->i + 1], false)))
			x->i++;
		else
			break;
	}
	number_text(x->s + start, x->i - start, v, sizeof(v));
	push(x, start, TK_NUM, 0, similar_hash_bytes(v, strlen(v)));
}

static void punct(struct lexer *x)
{
	size_t start = x->i, n = 1;

	for (size_t k = 0; k < ARRAY_SIZE(puncts) &&
			   strchr("<>.-+&|=!*/%^:#", x->s[x->i]); k++) {
		size_t m = strlen(puncts[k]);

		if (x->i + m <= x->len && !memcmp(x->s + x->i, puncts[k], m)) {
			n = m;
			break;
		}
	}
	x->i += n;
	push(x, start, TK_PUNCT, 0, similar_hash_bytes(x->s + start, n));
}

static void as_name(struct tok *t)
{
	t->kind = TK_ID;
	t->flags = 0;
	t->h = similar_hash_bytes("I", 1);
}

/* min, max, log...: the builtin where it is called, else a name of the
 * student's (a variable called max); and everywhere the student's when
 * the source defines a function of that name ("float max(float a, ..."
 * and its calls). */
static void own_functions(struct tok *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		bool call = i + 1 < n && tok_is(&t[i + 1], "(");

		if (t[i].kind != TK_WORD || !(t[i].flags & WF_PURE))
			continue;
		if (!call) {
			as_name(&t[i]);
		} else if (i > 0 && (t[i - 1].kind == TK_ID ||
				     (t[i - 1].flags & WF_TYPE) ||
				     tok_is(&t[i - 1], "*") ||
				     tok_is(&t[i - 1], "&"))) {
			for (size_t j = 0; j < n; j++)
				if (t[j].kind == TK_WORD &&
				    tok_same_name(&t[j], &t[i]))
					as_name(&t[j]);
		}
	}
}

size_t similar_lex(const char *text, size_t len, size_t max, struct tok **out)
{
	struct lexer x = { .s = text, .len = text ? len : 0, .line = 1,
			   .bol = true };

	while (x.i < x.len && x.n < max) {
		unsigned char c = (unsigned char)x.s[x.i];

		if (c == '\n') {
			x.line++;
			x.i++;
			x.bol = true;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
			   c == '\v') {
			x.i++;
		} else if (c == '\\' && x.i + 1 < x.len &&
			   x.s[x.i + 1] == '\n') {
			x.i++;                  /* a continuation */
		} else if (skip_comment(&x)) {
			continue;
		} else if (c == '#' && x.bol) {
			const char *name;
			size_t n;

			if (directive(&x, &name, &n, true) == DIR_IF0)
				skip_if0(&x);
		} else {
			x.bol = false;
			if (is_ident(c, true))
				identifier(&x);
			else if (is_digit(c) || (c == '.' && x.i + 1 < x.len &&
						 is_digit((unsigned char)x.s[x.i + 1])))
				number(&x);
			else if (c == '"' || c == '\'')
				literal(&x);
			else
				punct(&x);
		}
	}
	own_functions(x.t, x.n);
	*out = x.t;
	return x.n;
}
