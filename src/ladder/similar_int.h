/* similar_int.h - what the files of the similarity module share
 * (similar_lex.c, similar_canon.c, similar.c) and nothing else includes:
 * the token, the tokenizer and the canonical order.  similar.h is the
 * module's contract with the rest of culab. */
#ifndef CULAB_SIMILAR_INT_H
#define CULAB_SIMILAR_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum tok_kind {
	TK_ID,          /* the student's own identifier: one class, "I" */
	TK_WORD,        /* a keyword, a CUDA builtin or a known type */
	TK_NUM,         /* a number, by its value */
	TK_STR,         /* a string or character literal, as it stands */
	TK_PUNCT,       /* an operator or punctuator */
};

/* Flags of a TK_WORD (similar_lex.c's table). */
enum {
	WF_TYPE = 1,    /* may start a declaration: int, const, __shared__ */
	WF_SYNC = 2,    /* orders what is around it: a barrier, a collective,
			   an atomic, a jump, a memory fence */
	WF_PURE = 4,    /* a function of its arguments alone: min, sqrtf */
};

struct tok {
	const char *s;          /* the text, in the source */
	size_t n;
	int line;               /* 1-based */
	enum tok_kind kind;
	unsigned flags;         /* WF_* of a TK_WORD */
	uint64_t h;             /* hash of the normalized token: what the
				   fingerprints are made of */
};

/* The tokens of text[0..len), the first `max` of them (similar.h:
 * SIMILAR_MAX_TOKENS): comments dropped; preprocessor lines dropped but
 * a #define's body, and the lines an "#if 0" block holds dropped too;
 * string and character literals one token each.  *out is a heap array
 * the caller frees (NULL when there are none); returns the count. */
size_t similar_lex(const char *text, size_t len, size_t max, struct tok **out);


/* Token t as it is fingerprinted, into out[size]: "I" for the
 * student's identifiers, a number by its value ("32", "2."), any other
 * as it stands (cut at size - 1 bytes).  Returns its length. */
size_t similar_token_text(const struct tok *t, char *out, size_t size);

/* Whether token t is punctuator p (a NUL-terminated string). */
static inline bool tok_is(const struct tok *t, const char *p)
{
	size_t i = 0;

	if (t->kind != TK_PUNCT && t->kind != TK_WORD)
		return false;
	for (; i < t->n && p[i]; i++)
		if (t->s[i] != p[i])
			return false;
	return i == t->n && !p[i];
}

/* Whether tokens a and b are the same identifier (same text). */
static inline bool tok_same_name(const struct tok *a, const struct tok *b)
{
	size_t i = 0;

	if (a->n != b->n)
		return false;
	for (; i < a->n; i++)
		if (a->s[i] != b->s[i])
			return false;
	return true;
}

/* The canonical order of t[0..n) (similar_canon.c): the indices of the
 * tokens that stay, in the order they are fingerprinted.  Dead code is
 * left out (a declaration or assignment whose variable is never read, an
 * "if (0)" block, a function or global no live code names), braces are
 * left out, and the statements of each block, and the file's top-level
 * items, are put in one order whatever order they were written in,
 * as far as what they read and write allows.  *out is a heap array the
 * caller frees; returns the count. */
size_t similar_canon(const struct tok *t, size_t n, size_t **out);

struct similar_doc;
/* similar_doc_new() with k-grams of k tokens and a window of w (for
 * calibrating SIMILAR_K and SIMILAR_W). */
struct similar_doc *similar_doc_make(const char *text, size_t len,
				     const struct similar_doc *base,
				     size_t k, size_t w);

/* A 64-bit hash of bytes s[0..n) (FNV-1a, then mixed). */
uint64_t similar_hash_bytes(const char *s, size_t n);
/* A mix of h and v, order-dependent. */
uint64_t similar_hash_mix(uint64_t h, uint64_t v);

#endif
