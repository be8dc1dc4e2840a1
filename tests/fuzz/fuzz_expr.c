/* fuzz_expr.c - libFuzzer target for the launch-geometry expressions.
 *
 * Expressions come from experiment files: any byte string must either
 * parse or be refused with a one-line reason and a column inside the
 * text, and a parsed expression must evaluate or be refused, without a
 * crash, a leak or undefined behaviour.  Odd-sized inputs may use every
 * variable, even-sized ones only those of a reduction, so both the
 * allowed and the refused paths are reached.  Seed corpus:
 * tests/fuzz/expr-seeds. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const double vars[EV__COUNT] = {
		[EV_N] = 268435456, [EV_ROWS] = 1025, [EV_COLS] = 2049,
		[EV_BLOCK] = 256, [EV_BLOCK_X] = 32, [EV_BLOCK_Y] = 8,
		[EV_ELEM] = 4, [EV_ACC] = 8, [EV_SM_COUNT] = 132, [EV_WARP] = 32,
	};
	unsigned allowed = EXPR_VAR_BIT(EV__COUNT) - 1;
	char text[EXPR_MAX_TEXT + 2], why[256];
	struct expr *e = NULL;
	size_t len = size < sizeof(text) - 1 ? size : sizeof(text) - 1;
	uint64_t u;
	double v;
	int col = -1;

	if (size % 2 == 0)
		allowed = EXPR_VAR_BIT(EV_N) | EXPR_VAR_BIT(EV_BLOCK) |
			  EXPR_VAR_BIT(EV_ELEM) | EXPR_VAR_BIT(EV_ACC);
	memcpy(text, data, len);
	text[len] = '\0';
	len = strlen(text);
	why[0] = '\0';
	if (expr_parse(text, allowed, &e, &col, why, sizeof(why)) < 0) {
		if (e || !why[0] || col < 1 || (size_t)col > len + 1 ||
		    strchr(why, '\n'))
			__builtin_trap();
		return 0;
	}
	if (!e || col != 0 || strcmp(expr_text(e), text) != 0 ||
	    (expr_uses(e) & ~allowed))
		__builtin_trap();
	why[0] = '\0';
	if (expr_eval(e, vars, &v, why, sizeof(why)) < 0 && !why[0])
		__builtin_trap();
	why[0] = '\0';
	if (expr_eval_int(e, vars, "x", 1, 1u << 31, &u, why, sizeof(why)) < 0 &&
	    !why[0])
		__builtin_trap();
	expr_free(e);
	return 0;
}
