/* expr.h - small arithmetic expressions from experiment files: launch
 * geometry (grid sizes, dynamic shared memory) and the values of -D
 * macros of user kernels, e.g. "ceil(n / (2*block))".
 *
 * Safe by construction: a hand-written recursive-descent parser over a
 * fixed grammar, evaluated by walking the tree; nothing is executed, no
 * shell, no name outside the variable table below.  Bounded: at most
 * EXPR_MAX_TEXT bytes, EXPR_MAX_NODES nodes and EXPR_MAX_DEPTH nesting.
 *
 * Grammar (blanks, tabs and newlines between tokens are free):
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/' | '%') unary)*
 *   unary   := '-' unary | primary
 *   primary := NUMBER | VARIABLE | FUNC '(' expr [',' expr] ')' | '(' expr ')'
 *   NUMBER  := digits ['.' digits]          (no exponent, no sign; at most
 *                                            24 characters, at most 2^53)
 *   FUNC    := ceil | floor (one argument) | min | max (two)
 * '/' is real division ("ceil(n / 256)" rounds up); '%' is the remainder
 * of integers (both sides must be whole numbers at evaluation; the sign
 * follows the left side, as in C).
 * Values are doubles; every value culab feeds in is an integer below
 * 2^53, so sums, products and quotients are exact where they are whole.
 * Where rounding may have crept in (0.1 * 30), a value within
 * max(1e-9, 1e-12 * |v|) of a whole number counts as that number: for
 * ceil, floor, '%', a divisor of 0 and expr_eval_int. */
#ifndef CULAB_EXPR_H
#define CULAB_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EXPR_MAX_TEXT 256
#define EXPR_MAX_NODES 128
#define EXPR_MAX_DEPTH 32

/* The variables an expression may name; each use site allows a subset. */
enum expr_var {
	EV_N,          /* reduce: elements */
	EV_ROWS,       /* transpose: rows of the input */
	EV_COLS,       /* transpose: columns of the input */
	EV_BLOCK,      /* threads per block (block_x * block_y) */
	EV_BLOCK_X,
	EV_BLOCK_Y,
	EV_ELEM,       /* bytes of one element (culab_t) */
	EV_ACC,        /* bytes of the accumulator (culab_acc_t) */
	EV_SM_COUNT,   /* multiprocessors of the GPU */
	EV_WARP,       /* 32 */
	EV__COUNT
};
#define EXPR_VAR_BIT(v) (1u << (v))

struct expr;

/* The name of variable v ("n", "block_x", ...); "?" out of range. */
const char *expr_var_name(enum expr_var v);

/* Parses `text` (NUL-terminated).  Variables outside the `allowed` mask
 * (EXPR_VAR_BIT bits) are errors that list the allowed ones.  Returns 0
 * and sets *out (free with expr_free) and *col = 0, or -1 with *out =
 * NULL, a one-line reason in why (no trailing full stop) and *col set to
 * the 1-based column of the offending character in text (a byte count,
 * which is also the character count: the first byte outside ASCII is
 * itself an error). */
int expr_parse(const char *text, unsigned allowed, struct expr **out,
	       int *col, char *why, size_t whysize);

/* The variables e uses (EXPR_VAR_BIT mask). */
unsigned expr_uses(const struct expr *e);

/* Evaluates e with vars[EV_...] (only those e uses are read; vars may be
 * NULL when e uses none).  A variable that is NaN or infinite has no
 * value: a caller can pass NAN for one it does not know (sm_count
 * without a GPU) and get an error only where it is used.  Returns 0 and
 * sets *value, or -1 with the reason in why (a variable without a value,
 * division or remainder by zero, '%' of a fraction, a result that is not
 * finite); the reason quotes the part of the text that failed:
 * division by zero ("block - 256" is 0). */
int expr_eval(const struct expr *e, const double vars[EV__COUNT],
	      double *value, char *why, size_t whysize);

/* expr_eval, then requires a whole number (see above) in [lo, hi].
 * Returns 0 and sets *out, or -1 with the reason ("grid x is 0, must be
 * at least 1", "grid x is 2.5, not a whole number", "grid x: division
 * by zero (...)"); `what` names the value in the reason (NULL:
 * "value"). */
int expr_eval_int(const struct expr *e, const double vars[EV__COUNT],
		  const char *what, uint64_t lo, uint64_t hi, uint64_t *out,
		  char *why, size_t whysize);

/* The text e was parsed from. */
const char *expr_text(const struct expr *e);

/* Frees e; accepts NULL. */
void expr_free(struct expr *e);

#endif
