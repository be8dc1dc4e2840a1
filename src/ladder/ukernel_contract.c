/* ukernel_contract.c - the user-kernel contract by type.  See
 * ukernel_contract.h; the shapes are in ladder.h.
 *
 * What a parameter is comes from the best of three sources:
 *  - a C++ kernel's lowered name carries every parameter's type (Itanium
 *    mangling, read back by the C++ runtime's demangler, base/demangle.h):
 *    "_Z6reducePKfPfi" is (const float *, float *, int);
 *  - an extern "C" kernel's name carries nothing, and its PTX only the
 *    width and the kind of each parameter (".f32", ".u32", ".u64": NVRTC
 *    13 writes a pointer as ".u64", like a long long), so culab reads the
 *    declaration in the source for the rest: a '*' makes a pointer, a
 *    "const" before it a const one, "unsigned" an unsigned integer;
 *  - the source's declaration also gives each parameter's name and place,
 *    where a refusal points.
 * A parameter culab cannot place (an extern "C" kernel's 8 bytes whose
 * declaration is a macro's) is not refused: the GPU's check of the
 * answer remains.
 *
 * The shapes of a family are rows of one table: what the kernel takes
 * after its two pointers, and what culab passes in each. */
#include "ukernel_contract.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/demangle.h"
#include "base/diag.h"
#include "base/util.h"

/* ---- the shapes ---------------------------------------------------------- */

static const struct shape {
	enum uk_shape shape;
	enum family family;
	size_t nparams;
	const char *sizes[2];     /* what culab passes after in and out */
} shapes[] = {
	{ UK_REDUCE_N, FAMILY_REDUCE, 3, { "the element count" } },
	{ UK_REDUCE_FIXED, FAMILY_REDUCE, 2, { NULL } },
	{ UK_TRANSPOSE_RC, FAMILY_TRANSPOSE, 4,
	  { "the row count", "the column count" } },
	{ UK_TRANSPOSE_SQUARE, FAMILY_TRANSPOSE, 3,
	  { "the side of the n x n matrix" } },
};

/* What a family's kernels take, for the message that refuses another. */
static const char *family_shapes(enum family f)
{
	return f == FAMILY_REDUCE ?
	       "a reduce kernel takes (in, out, n), or (in, out) with the "
	       "element count in the macro " UKERNEL_SIZE_MACRO :
	       "a transpose kernel takes (in, out, rows, cols), or (in, out, "
	       "n) for an n x n matrix";
}

char *ukernel_function_base(const char *function)
{
	size_t n = strcspn(function, "<( \t");
	char *all = xstrndup(function, n), *colon = strrchr(all, ':');

	if (colon) {
		char *b = xstrdup(colon + 1);

		free(all);
		return b;
	}
	return all;
}

/* ---- types --------------------------------------------------------------- */

/* The fundamental types, as the demangler writes them. */
static const struct builtin {
	const char *name;
	enum uk_pclass cls;
	unsigned size;
	signed char is_signed;
} builtins[] = {
	{ "bool", UKP_OTHER, 1, -1 },
	{ "char", UKP_INTEGER, 1, 1 },
	{ "signed char", UKP_INTEGER, 1, 1 },
	{ "unsigned char", UKP_INTEGER, 1, 0 },
	{ "short", UKP_INTEGER, 2, 1 },
	{ "unsigned short", UKP_INTEGER, 2, 0 },
	{ "int", UKP_INTEGER, 4, 1 },
	{ "unsigned int", UKP_INTEGER, 4, 0 },
	{ "long", UKP_INTEGER, 8, 1 },
	{ "unsigned long", UKP_INTEGER, 8, 0 },
	{ "long long", UKP_INTEGER, 8, 1 },
	{ "unsigned long long", UKP_INTEGER, 8, 0 },
	{ "__int128", UKP_INTEGER, 16, 1 },
	{ "unsigned __int128", UKP_INTEGER, 16, 0 },
	{ "wchar_t", UKP_INTEGER, 4, 1 },
	{ "char16_t", UKP_INTEGER, 2, 0 },
	{ "char32_t", UKP_INTEGER, 4, 0 },
	{ "float", UKP_FLOAT, 4, -1 },
	{ "double", UKP_FLOAT, 8, -1 },
	{ "long double", UKP_FLOAT, 16, -1 },
	{ "__half", UKP_FLOAT, 2, -1 },
	{ "__nv_bfloat16", UKP_FLOAT, 2, -1 },
};

static const struct builtin *builtin_named(const char *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(builtins); i++)
		if (!strcmp(builtins[i].name, s))
			return &builtins[i];
	return NULL;
}

static bool is_qualifier(const char *w, size_t n)
{
	return (n == 5 && !strncmp(w, "const", 5)) ||
	       (n == 8 && !strncmp(w, "volatile", 8)) ||
	       (n == 8 && !strncmp(w, "restrict", 8));
}

/* Whether word w (n bytes) is in s as a whole word. */
static bool has_word(const char *s, size_t len, const char *w)
{
	size_t n = strlen(w);

	for (size_t i = 0; i + n <= len; i++)
		if (!strncmp(s + i, w, n) &&
		    (i == 0 || !(s[i - 1] == '_' || isalnum((unsigned char)s[i - 1]))) &&
		    (i + n == len || !(s[i + n] == '_' ||
				       isalnum((unsigned char)s[i + n]))))
			return true;
	return false;
}

/* Whether an integer type written `t` is signed: 1, 0, or -1 when its
 * words do not say (a typedef of the user's). */
static signed char words_signed(const char *t)
{
	static const char *const unsigned_words[] = {
		"unsigned", "size_t", "uint8_t", "uint16_t", "uint32_t",
		"uint64_t", "uintptr_t", "uint",
	};
	static const char *const signed_words[] = {
		"signed", "int", "long", "short", "char", "int8_t", "int16_t",
		"int32_t", "int64_t", "intptr_t", "ptrdiff_t", "ssize_t",
	};
	size_t n = strlen(t);

	for (size_t i = 0; i < ARRAY_SIZE(unsigned_words); i++)
		if (has_word(t, n, unsigned_words[i]))
			return 0;
	for (size_t i = 0; i < ARRAY_SIZE(signed_words); i++)
		if (has_word(t, n, signed_words[i]))
			return 1;
	return -1;
}

/* The text s[0..n) without blanks at either end. */
static void trim(const char **s, size_t *n)
{
	while (*n && (**s == ' '))
		(*s)++, (*n)--;
	while (*n && (*s)[*n - 1] == ' ')
		(*n)--;
}

/* A pointee the demangler writes "float const" as C writes it, "const
 * float"; one that holds a '*' itself with a space before each '*'. */
static void pointee_text(const char *s, size_t n, struct sbuf *b)
{
	struct sbuf quals = SBUF_INIT, rest = SBUF_INIT;
	size_t i = 0;

	if (memchr(s, '*', n)) {
		for (i = 0; i < n; i++) {
			if (s[i] == '*' && i && s[i - 1] != ' ' && s[i - 1] != '*')
				sbuf_addc(b, ' ');
			sbuf_addc(b, s[i]);
		}
		return;
	}
	while (i < n) {
		size_t w = i, e;

		while (w < n && s[w] == ' ')
			w++;
		for (e = w; e < n && s[e] != ' '; e++)
			;
		if (e > w) {
			struct sbuf *to = is_qualifier(s + w, e - w) ? &quals : &rest;

			if (to->len)
				sbuf_addc(to, ' ');
			sbuf_addn(to, s + w, e - w);
		}
		i = e;
	}
	sbuf_add(b, sbuf_str(&quals));
	if (quals.len && rest.len)
		sbuf_addc(b, ' ');
	sbuf_add(b, sbuf_str(&rest));
	sbuf_release(&quals);
	sbuf_release(&rest);
}

/* One parameter's type as the demangler writes it, s[0..n), into p. */
static void from_demangled(const char *s, size_t n, struct uk_param *p)
{
	const struct builtin *bi;
	struct sbuf b = SBUF_INIT;

	trim(&s, &n);
	p->is_signed = p->to_const = -1;
	if (n && s[n - 1] == '*') {
		const char *pe = s, *star;
		size_t pn = n - 1;

		trim(&pe, &pn);
		p->cls = UKP_POINTER;
		star = pn ? memrchr(pe, '*', pn) : NULL;
		p->to_const = star ? has_word(star, (size_t)(pe + pn - star),
					      "const") :
			      has_word(pe, pn, "const");
		pointee_text(pe, pn, &b);
		sbuf_add(&b, " *");
	} else if (n && s[n - 1] == '&') {
		const char *pe = s;
		size_t pn = n - 1 - (n > 1 && s[n - 2] == '&');

		trim(&pe, &pn);
		p->cls = UKP_OTHER;             /* a reference */
		pointee_text(pe, pn, &b);
		sbuf_add(&b, n > 1 && s[n - 2] == '&' ? " &&" : " &");
	} else {
		sbuf_addn(&b, s, n);
		bi = builtin_named(sbuf_str(&b));
		p->cls = bi ? bi->cls : UKP_OTHER;
		p->is_signed = bi ? bi->is_signed : -1;
	}
	snprintf(p->type, sizeof(p->type), "%s", sbuf_str(&b));
	sbuf_release(&b);
}

/* The parameters of a demangled function, "void f<float>(float const*,
 * int)", into p (at most max).  Returns their number, or -1 when the
 * text does not end in a parameter list. */
static int demangled_params(const char *d, struct uk_param *p, size_t max)
{
	size_t len = strlen(d), open = 0, start, i;
	int depth = 0, n = 0;

	if (!len || d[len - 1] != ')')
		return -1;
	for (i = len; i-- > 0;) {
		if (d[i] == ')')
			depth++;
		else if (d[i] == '(' && --depth == 0) {
			open = i;
			break;
		}
	}
	if (depth != 0)
		return -1;
	if (open + 2 == len)
		return 0;               /* "f()" */
	depth = 0;
	for (i = start = open + 1; i < len; i++) {
		char c = i + 1 < len ? d[i] : ',';    /* the ')' ends the last */

		if (c == '(' || c == '<' || c == '[')
			depth++;
		else if ((c == ')' || c == '>' || c == ']') && depth > 0)
			depth--;
		else if (c == ',' && depth == 0) {
			if ((size_t)n < max)
				from_demangled(d + start, i - start, &p[n]);
			n++;
			start = i + 1;
		}
	}
	return n;
}

/* A parameter from the PTX alone. */
static void from_ptx(const struct nvrtc_ptx_param *x, struct uk_param *p)
{
	memset(p, 0, sizeof(*p));
	p->size = (unsigned)x->size;
	p->is_signed = p->to_const = -1;
	if (x->type == 'a') {
		p->cls = UKP_OTHER;
		snprintf(p->type, sizeof(p->type), "struct of %zu bytes",
			 x->size);
	} else if (x->type == 'f') {
		p->cls = UKP_FLOAT;
		snprintf(p->type, sizeof(p->type), "%s", x->size == 4 ? "float" :
			 x->size == 8 ? "double" : "half");
	} else if (x->ptr) {
		p->cls = UKP_POINTER;
		snprintf(p->type, sizeof(p->type), "pointer");
	} else if (x->size == 8) {
		p->cls = UKP_UNKNOWN;
		snprintf(p->type, sizeof(p->type), "pointer or int64");
	} else {
		p->cls = UKP_INTEGER;
		snprintf(p->type, sizeof(p->type), "int%zu", x->size * 8);
	}
}

/* What an extern "C" kernel's declaration adds to its PTX: pointers
 * and their constness, signedness, the type as written. */
static void from_declaration(const struct nvrtc_decl_param *d,
			     struct uk_param *p)
{
	const struct builtin *bi;
	char bare[96] = "";

	/* the written type without const and volatile, for the table */
	for (const char *w = d->type; *w;) {
		size_t n = strcspn(w, " ");

		if (n && !is_qualifier(w, n))
			snprintf(bare + strlen(bare), sizeof(bare) - strlen(bare),
				 "%s%.*s", *bare ? " " : "", (int)n, w);
		w += n + (w[n] == ' ');
	}
	bi = builtin_named(bare);
	if ((p->cls == UKP_UNKNOWN || p->cls == UKP_POINTER) && d->pointers) {
		p->cls = UKP_POINTER;
		p->to_const = d->pointee_const;
	} else if (p->cls == UKP_UNKNOWN && !d->reference) {
		p->cls = UKP_INTEGER;
	}
	if (p->cls == UKP_INTEGER) {
		p->is_signed = words_signed(d->type);
		if (bi && bi->cls == UKP_OTHER)
			p->cls = UKP_OTHER;     /* bool: a byte, not a count */
	}
	if (*d->type && p->cls != UKP_UNKNOWN)
		snprintf(p->type, sizeof(p->type), "%s", d->type);
}

int contract_prepare(struct ukernel *k)
{
	if (!k->decl_read) {
		char *base = ukernel_function_base(k->function);

		k->decl_read = true;
		k->decl = xcalloc(1, sizeof(*k->decl));
		if (nvrtc_find_global(k->text, k->len, base, k->decl) < 0) {
			free(k->decl);
			k->decl = NULL;
		}
		free(base);
		k->sized = k->family == FAMILY_REDUCE && k->decl &&
			   k->decl->nparams == 2 &&
			   k->decl->params[0].pointers > 0 &&
			   k->decl->params[1].pointers > 0;
	}
	for (size_t i = 0; k->sized && i < k->ndefines; i++)
		if (!strcmp(k->defines[i].name, UKERNEL_SIZE_MACRO))
			return diag_error_at(k->yaml_path, k->defines[i].at.line,
					     k->defines[i].at.col, "kernel \"%s\": "
					     "macro \"%s\" is culab's here: \"%s\" "
					     "takes (in, out), so culab defines %s "
					     "as the element count of each launch",
					     k->label, UKERNEL_SIZE_MACRO,
					     k->function, UKERNEL_SIZE_MACRO);
	return 0;
}

int contract_read(const struct ukernel *k, struct uk_inst *u)
{
	struct nvrtc_ptx_param x[NVRTC_MAX_PARAMS];
	struct uk_param dem[NVRTC_MAX_PARAMS];
	const struct nvrtc_decl *d;
	char *text;
	int n = nvrtc_ptx_params(u->out.ptx, u->lowered, x, NVRTC_MAX_PARAMS);
	size_t i, m;

	if (n < 0)
		return -1;
	u->nparams = (size_t)n;
	m = u->nparams < NVRTC_MAX_PARAMS ? u->nparams : NVRTC_MAX_PARAMS;
	d = k->decl && k->decl->nparams == u->nparams ? k->decl : NULL;
	text = demangle_symbol(u->lowered);
	if (text && demangled_params(text, dem, NVRTC_MAX_PARAMS) != n) {
		free(text);
		text = NULL;
	}
	for (i = 0; i < m; i++) {
		struct uk_param *p = &u->params[i];

		from_ptx(&x[i], p);
		if (text) {
			p->cls = dem[i].cls;
			p->is_signed = dem[i].is_signed;
			p->to_const = dem[i].to_const;
			memcpy(p->type, dem[i].type, sizeof(p->type));
		} else if (d) {
			from_declaration(&d->params[i], p);
		}
		if (d)
			memcpy(p->name, d->params[i].name, sizeof(p->name));
	}
	free(text);
	return 0;
}

/* ---- checking ------------------------------------------------------------ */

/* "a" or "an" before word w. */
static const char *article(const char *w)
{
	return strchr("aeiouAEIOU", *w) && *w ? "an" : "a";
}

/* "(const float *in, float *out, int n)" into b. */
static void signature(const struct uk_inst *u, struct sbuf *b)
{
	sbuf_addc(b, '(');
	for (size_t i = 0; i < u->nparams && i < NVRTC_MAX_PARAMS; i++) {
		const struct uk_param *p = &u->params[i];
		size_t tn = strlen(p->type);

		sbuf_addf(b, "%s%s", i ? ", " : "", p->type);
		if (*p->name)
			sbuf_addf(b, "%s%s", tn && (p->type[tn - 1] == '*' ||
					       p->type[tn - 1] == '&') ? "" : " ",
				  p->name);
	}
	if (u->nparams > NVRTC_MAX_PARAMS)
		sbuf_add(b, ", ...");
	sbuf_addc(b, ')');
}

/* Parameter i in a message: "\"n\"", or "parameter 3" when unnamed. */
static const char *param_ref(const struct uk_inst *u, size_t i, char *buf,
			     size_t size)
{
	if (i < NVRTC_MAX_PARAMS && *u->params[i].name)
		snprintf(buf, size, "\"%s\"", u->params[i].name);
	else
		snprintf(buf, size, "parameter %zu", i + 1);
	return buf;
}

static bool pointer_like(const struct uk_param *p)
{
	return p->cls == UKP_POINTER || p->cls == UKP_UNKNOWN;
}

/* Why parameter p cannot hold a size culab passes (`what`), into b; ""
 * when it can. */
static void size_problem(const struct uk_param *p, const char *ref,
			 const char *what, struct sbuf *b)
{
	static const char ints[] = "an integer (int, unsigned, long long, "
				   "size_t, ...)";

	switch (p->cls) {
	case UKP_FLOAT:
		sbuf_addf(b, "%s is floating-point, where culab passes %s, %s",
			  ref, what, ints);
		break;
	case UKP_POINTER:
		sbuf_addf(b, "%s is a pointer, where culab passes %s by value, "
			  "%s", ref, what, ints);
		break;
	case UKP_OTHER:
		sbuf_addf(b, "%s is %s %s, where culab passes %s, %s", ref,
			  article(p->type), p->type, what, ints);
		break;
	case UKP_INTEGER:
		if (p->size != 1 && p->size != 2 && p->size != 4 && p->size != 8)
			sbuf_addf(b, "%s is %s, %u bytes, where culab passes %s "
				  "in an integer of 1, 2, 4 or 8 bytes", ref,
				  p->type, p->size, what);
		break;
	case UKP_UNKNOWN:
		break;
	}
}

/* The shape u's parameters take, or the first reason they fit none into
 * why (*at: the parameter at fault, or -1). */
static enum uk_shape find_shape(const struct ukernel *k,
				const struct uk_inst *u, struct sbuf *why,
				long *at)
{
	const struct shape *sh = NULL;
	const struct uk_param *p = u->params;
	char ref[80], ref2[80];

	*at = -1;
	for (size_t i = 0; i < ARRAY_SIZE(shapes) && !sh; i++)
		if (shapes[i].family == k->family &&
		    shapes[i].nparams == u->nparams)
			sh = &shapes[i];
	if (sh && sh->shape == UK_REDUCE_FIXED &&
	    !(pointer_like(&p[0]) && pointer_like(&p[1])))
		sh = NULL;
	if (!sh) {
		sbuf_add(why, family_shapes(k->family));
		return UK_SHAPE_UNKNOWN;
	}
	for (size_t i = 0; i < 2; i++)
		if (!pointer_like(&p[i])) {
			*at = (long)i;
			sbuf_addf(why, "%s is %s %s, where culab passes a pointer "
				  "to the %s", param_ref(u, i, ref, sizeof(ref)),
				  article(p[i].type), p[i].type,
				  i ? "output" : "input");
			return UK_SHAPE_UNKNOWN;
		}
	for (size_t i = 2; i < sh->nparams; i++) {
		size_problem(&p[i], param_ref(u, i, ref, sizeof(ref)),
			     sh->sizes[i - 2], why);
		if (why->len) {
			*at = (long)i;
			return UK_SHAPE_UNKNOWN;
		}
	}
	if (p[0].to_const == 0 && p[1].to_const == 1) {
		*at = 1;
		sbuf_addf(why, "%s and %s look swapped: the first pointer is "
			  "not const and the second is, but culab passes the "
			  "input first, then the output",
			  param_ref(u, 0, ref, sizeof(ref)),
			  param_ref(u, 1, ref2, sizeof(ref2)));
		return UK_SHAPE_UNKNOWN;
	}
	if (sh->shape == UK_REDUCE_FIXED && !k->sized) {
		sbuf_addf(why, "a reduce kernel of (in, out) is compiled with "
			  "the element count in the macro %s, but culab cannot "
			  "find its definition in \"%s\" to see that it is one",
			  UKERNEL_SIZE_MACRO, k->path);
		return UK_SHAPE_UNKNOWN;
	}
	return sh->shape;
}

/* The built-in type pointer parameter p points to ("const float *":
 * float), or NULL: not one pointer to a built-in (or not known: a
 * kernel's types from its PTX alone). */
static const struct builtin *pointee(const struct uk_param *p)
{
	char buf[sizeof(p->type)], *s = buf, *star;
	size_t n;

	snprintf(buf, sizeof(buf), "%s", p->type);
	if (p->cls != UKP_POINTER || !(star = strchr(buf, '*')) ||
	    strchr(star + 1, '*'))
		return NULL;
	*star = '\0';
	for (;;) {
		s += strspn(s, " ");
		if (!strncmp(s, "const ", 6) || !strncmp(s, "volatile ", 9))
			s = strchr(s, ' ');
		else
			break;
	}
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		s[--n] = '\0';
	return builtin_named(s);
}

/* What culab passes in a pointer of instance u: its element type
 * (culab_t), or the accumulator (culab_acc_t) for a reduction's output
 * and an int relaunch's passes over the partial sums. */
static const char *passed_type(const struct ukernel *k,
			       const struct uk_inst *u, bool out)
{
	bool acc = u->acc_pass || (out && k->family == FAMILY_REDUCE &&
				    !k->same_buffer);

	if (u->t == DTYPE_INT)
		return acc ? "long long" : "int";
	return u->t == DTYPE_DOUBLE ? "double" : "float";
}

/* Whether u's two pointers point to what culab passes them for u's type
 * (a float * kernel run for int reads ints as floats): the first reason
 * they do not into why (*at: the parameter), else nothing. */
static void pointee_problem(const struct ukernel *k, const struct uk_inst *u,
			    struct sbuf *why, long *at)
{
	char ref[80];

	for (size_t i = 0; i < 2 && i < u->nparams; i++) {
		const struct builtin *got = pointee(&u->params[i]);
		const struct builtin *want = builtin_named(passed_type(k, u, i));

		if (!got || !want || (got->cls == want->cls &&
				      got->size == want->size))
			continue;
		*at = (long)i;
		sbuf_addf(why, "%s points to %s, but for the experiment's type "
			  "%s culab passes %s there: write %s (culab defines "
			  "it as each type in turn), or keep %s out of the "
			  "experiment's types", param_ref(u, i, ref, sizeof(ref)),
			  got->name, dtype_name(u->t), want->name,
			  i && k->family == FAMILY_REDUCE && !k->same_buffer ?
			  "culab_acc_t *" : "culab_t *", dtype_name(u->t));
		return;
	}
}

/* Where "extern ... __shared__" first is in k's source (*line 0: not
 * found by this plain look, which a macro can hide). */
static void extern_shared_at(const struct ukernel *k, int *line, int *col)
{
	const char *s = k->text, *end = k->text + k->len, *bol = s;

	*line = *col = 0;
	for (int ln = 1; s < end; s++) {
		if (*s == '\n') {
			ln++;
			bol = s + 1;
		} else if (!strncmp(s, "__shared__", 10)) {
			const char *e = strstr(bol, "extern");
			const char *c = strstr(bol, "//");

			if (e && e < s && (!c || c > e)) {
				*line = ln;
				*col = (int)(e - bol) + 1;
				return;
			}
		}
	}
}

/* A kernel whose PTX entry uses dynamic shared memory (".extern
 * .shared") without a shared: key is launched with none of it, and one
 * with the key whose module declares none launches bytes it never uses:
 * a warning at the key (or the kernel's entry), once a kernel. */
static void dynamic_shared_said(struct ukernel *k, const struct uk_inst *u)
{
	bool module = false;
	int uses = u->out.ptx && u->lowered ?
		   nvrtc_ptx_extern_shared(u->out.ptx, u->lowered, &module) : -1;
	int line, col;

	if (k->shared_said || uses < 0)
		return;
	k->shared_said = true;
	if (uses && !k->shared) {
		diag_warning_at(k->yaml_path, k->at.line, k->at.col, "kernel "
				"\"%s\" declares extern __shared__ memory but "
				"has no shared: key, so it is launched with 0 "
				"bytes of it: give its size, e.g. shared: "
				"\"block * elem\"", k->label);
		extern_shared_at(k, &line, &col);
		if (line)
			diag_note_at(k->path, line, col, "the extern "
				     "__shared__ array is declared here");
	} else if (!module && k->shared) {
		diag_warning_at(k->yaml_path, k->shared_at.line,
				k->shared_at.col, "kernel \"%s\" has a "
				"shared: key but declares no extern "
				"__shared__ array: the bytes are launched and "
				"never used", k->label);
	}
}

/* A sized kernel whose source defines N again (NVRTC warns of the
 * redefinition; a "#ifndef N" guard makes none) sums a count of its own
 * at every size: refused at that #define.  Returns 0 or -1. */
static int own_size_macro(const struct ukernel *k, const struct uk_inst *u)
{
	int line = 0, col = 0;

	if (!k->sized || !u->out.log ||
	    !strstr(u->out.log, "incompatible redefinition of macro \""
		    UKERNEL_SIZE_MACRO "\""))
		return 0;
	nvrtc_find_define(k->text, k->len, UKERNEL_SIZE_MACRO, &line, &col);
	return diag_error_at(k->path, line, col, "\"%s\" takes (in, out), so "
			     "culab defines %s as the element count of each "
			     "size, but this defines it again, fixing the "
			     "count: remove it, or guard it with #ifndef %s",
			     k->function, UKERNEL_SIZE_MACRO,
			     UKERNEL_SIZE_MACRO);
}

int contract_check(struct ukernel *k, const struct uk_inst *u)
{
	struct sbuf why = SBUF_INIT, sig = SBUF_INIT;
	const struct nvrtc_decl *d = k->decl;
	enum uk_shape shape;
	long at;

	if (own_size_macro(k, u) < 0)
		return -1;
	dynamic_shared_said(k, u);
	shape = find_shape(k, u, &why, &at);
	if (shape != UK_SHAPE_UNKNOWN) {
		k->shape = shape;
		pointee_problem(k, u, &why, &at);
		if (!why.len) {
			sbuf_release(&why);
			return 0;
		}
	}
	signature(u, &sig);
	if (d) {
		bool own = at >= 0 && d->nparams == u->nparams &&
			   at < NVRTC_MAX_PARAMS;
		int line = own ? d->params[at].line : d->line;
		int col = own ? d->params[at].col : d->col;

		diag_error_at(k->path, line, col, "\"%s\" takes %s: %s",
			      k->function, sbuf_str(&sig), sbuf_str(&why));
		diag_note_at(k->yaml_path, k->function_at.line,
			     k->function_at.col, "kernel \"%s\" of the %s "
			     "family is named here", k->label,
			     family_name(k->family));
	} else {
		diag_error_at(k->yaml_path, k->function_at.line,
			      k->function_at.col, "kernel \"%s\": \"%s\" takes "
			      "%s: %s", k->label, k->function, sbuf_str(&sig),
			      sbuf_str(&why));
	}
	sbuf_release(&sig);
	sbuf_release(&why);
	return -1;
}

/* The largest value integer parameter p holds.  Of unknown signedness,
 * the unsigned range: culab refuses only what it knows to be wrong. */
static uint64_t int_max(const struct uk_param *p)
{
	unsigned bits = p->size * 8;

	if (bits >= 64 || bits == 0)
		return p->is_signed == 1 ? (uint64_t)INT64_MAX : UINT64_MAX;
	return p->is_signed == 1 ? (1ull << (bits - 1)) - 1 :
	       (1ull << bits) - 1;
}

/* Whether value v fits parameter i of u; else a diagnostic. */
static int fits(const struct ukernel *k, const struct uk_inst *u,
		const struct ukernel_use *use, size_t i, const char *what,
		uint64_t v)
{
	const struct uk_param *p = &u->params[i];
	int rc;

	if (v <= int_max(p))
		return 0;
	rc = diag_error_at(k->yaml_path, k->function_at.line,
			   k->function_at.col, "kernel \"%s\" at %s (%s): %s, "
			   "%llu, does not fit its parameter %zu, \"%s%s%s\", "
			   "which holds at most %llu", k->label, use->size_text,
			   dtype_name(use->t), what, (unsigned long long)v, i + 1,
			   p->type, *p->name ? " " : "", p->name,
			   (unsigned long long)int_max(p));
	return rc;
}

int contract_check_sizes(const struct ukernel *k, const struct uk_inst *u,
			 const struct ukernel_use *use, uint64_t n)
{
	switch (k->shape) {
	case UK_REDUCE_N:
		return fits(k, u, use, 2, "the element count", n);
	case UK_TRANSPOSE_RC:
		return fits(k, u, use, 2, "the row count", use->n) |
		       fits(k, u, use, 3, "the column count", use->m);
	case UK_TRANSPOSE_SQUARE:
		if (use->n != use->m)
			return diag_error_at(k->yaml_path, k->function_at.line,
					     k->function_at.col, "kernel \"%s\" at "
					     "%s (%s): \"%s\" takes (in, out, n), "
					     "an n x n matrix, and %llu x %llu is "
					     "not square: give this experiment "
					     "square sizes, or the kernel (in, out, "
					     "rows, cols)", k->label,
					     use->size_text, dtype_name(use->t),
					     k->function,
					     (unsigned long long)use->n,
					     (unsigned long long)use->m);
		return fits(k, u, use, 2, "the side", use->n);
	default:
		return 0;
	}
}
