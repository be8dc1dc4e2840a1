/* test_expr.c - the launch-geometry expressions of user kernels: values,
 * precedence, every parse and evaluation error with its column, the
 * limits, and random text that must never crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/expr.h"
#include "base/util.h"

#define ALL_VARS (EXPR_VAR_BIT(EV__COUNT) - 1)
#define REDUCE_VARS (EXPR_VAR_BIT(EV_N) | EXPR_VAR_BIT(EV_BLOCK) | \
		     EXPR_VAR_BIT(EV_ELEM) | EXPR_VAR_BIT(EV_ACC) | \
		     EXPR_VAR_BIT(EV_SM_COUNT) | EXPR_VAR_BIT(EV_WARP))

/* n = 2^28 floats, 256 threads, an H100's 132 SMs. */
static void reduce_vars(double v[EV__COUNT])
{
	for (int i = 0; i < EV__COUNT; i++)
		v[i] = NAN;
	v[EV_N] = 268435456.0;
	v[EV_BLOCK] = 256;
	v[EV_ELEM] = 4;
	v[EV_ACC] = 4;
	v[EV_SM_COUNT] = 132;
	v[EV_WARP] = 32;
}

static struct expr *parse_ok(const char *text, unsigned allowed)
{
	struct expr *e = NULL;
	char why[256] = "";
	int col = -1;

	if (expr_parse(text, allowed, &e, &col, why, sizeof(why)) != 0)
		fail_msg("\"%s\" did not parse: %d: %s", text, col, why);
	assert_non_null(e);
	assert_int_equal(col, 0);
	assert_string_equal(expr_text(e), text);
	return e;
}

/* The value of text with the reduce variables. */
static double value_of(const char *text)
{
	struct expr *e = parse_ok(text, ALL_VARS);
	double vars[EV__COUNT], v = NAN;
	char why[256] = "";

	reduce_vars(vars);
	if (expr_eval(e, vars, &v, why, sizeof(why)) != 0)
		fail_msg("\"%s\" did not evaluate: %s", text, why);
	expr_free(e);
	return v;
}

#define assert_value(text, want) do { \
	double got_ = value_of(text); \
	if (got_ != (double)(want)) \
		fail_msg("\"%s\" = %.17g, want %.17g", text, got_, \
			 (double)(want)); \
} while (0)

static void test_precedence(void **state)
{
	(void)state;
	assert_value("1 + 2 * 3", 7);
	assert_value("(1 + 2) * 3", 9);
	assert_value("10 - 4 / 2", 8);
	assert_value("2 * 7 % 4", 2);          /* (2*7) % 4 */
	assert_value("7 % 4 * 2", 6);          /* (7%4) * 2 */
	assert_value("1 + 10 % 4", 3);
	assert_value("((((7))))", 7);
	assert_value(" \t1\n+\r\n2 ", 3);
}

static void test_associativity(void **state)
{
	(void)state;
	assert_value("10 - 4 - 3", 3);
	assert_value("64 / 4 / 2", 8);
	assert_value("100 % 7 % 3", 2);
	assert_value("2 - 3 + 4", 3);
	assert_value("12 / 2 * 3", 18);
	assert_value("1 - (2 - 3)", 2);
}

static void test_unary_minus(void **state)
{
	(void)state;
	assert_value("-3 + 5", 2);
	assert_value("- -3", 3);
	assert_value("--1", 1);
	assert_value("-(2 + 3) * 2", -10);
	assert_value("2 * -3", -6);
	assert_value("-2 * -3", 6);
	assert_value("3 - -2", 5);
	assert_value("-7 % 3", -1);            /* the sign follows the left side */
	assert_value("7 % -3", 1);
	assert_value("-0", 0);
}

static void test_numbers(void **state)
{
	(void)state;
	assert_value("0", 0);
	assert_value("00012", 12);
	assert_value("0.5 * 4", 2);
	assert_value("1.25", 1.25);
	assert_value("2.000", 2);
	assert_value("9007199254740992", 9007199254740992.0); /* 2^53 */
	assert_value("0.25 + 1.125", 1.375);
	assert_value("3.0000000000000000000001", 3);
}

static void test_functions(void **state)
{
	(void)state;
	assert_value("ceil(2.1)", 3);
	assert_value("ceil(2)", 2);
	assert_value("ceil(-2.5)", -2);
	assert_value("floor(2.9)", 2);
	assert_value("floor(-2.5)", -3);
	assert_value("min(3, 5)", 3);
	assert_value("max(3, 5)", 5);
	assert_value("min(-1, -2)", -2);
	assert_value("max(min(1, 2), min(3, 4))", 3);
	assert_value("ceil ( 7 / 2 )", 4);
	/* 0.1 * 30 is 3.0000000000000004 in doubles: ceil takes it as 3 */
	assert_value("ceil(0.1 * 30)", 3);
	assert_value("floor(0.7 * 10)", 7);    /* 7.000000000000001 */
}

/* The design's examples with realistic values: n = 2^28 floats, blocks
 * of 256, a 1025 x 2049 transpose with 32 x 8 blocks. */
static void test_launch_examples(void **state)
{
	double vars[EV__COUNT];
	char why[256];
	uint64_t g = 0;
	struct expr *e;

	(void)state;
	reduce_vars(vars);
	assert_value("ceil(n / (2*block))", 524288);
	assert_value("block * elem", 1024);
	assert_value("min(1024, ceil(n/256))", 1024);
	assert_value("min(sm_count * 32, ceil(n / block))", 4224);
	assert_value("block / warp * acc", 32);
	assert_value("ceil((n + 1) / (2*block))", 524289);

	e = parse_ok("ceil(n / (2*block))", REDUCE_VARS);
	assert_int_equal(expr_uses(e), EXPR_VAR_BIT(EV_N) | EXPR_VAR_BIT(EV_BLOCK));
	assert_int_equal(expr_eval_int(e, vars, "grid", 1, 2147483647, &g, why,
				       sizeof(why)), 0);
	assert_int_equal(g, 524288);
	vars[EV_N] = 1000;                     /* a partial block rounds up */
	assert_int_equal(expr_eval_int(e, vars, "grid", 1, 2147483647, &g, why,
				       sizeof(why)), 0);
	assert_int_equal(g, 2);
	expr_free(e);

	for (int i = 0; i < EV__COUNT; i++)
		vars[i] = NAN;
	vars[EV_ROWS] = 1025;
	vars[EV_COLS] = 2049;
	vars[EV_BLOCK_X] = 32;
	vars[EV_BLOCK_Y] = 8;
	vars[EV_BLOCK] = 256;
	e = parse_ok("ceil(cols / block_x)", EXPR_VAR_BIT(EV_ROWS) |
		     EXPR_VAR_BIT(EV_COLS) | EXPR_VAR_BIT(EV_BLOCK_X) |
		     EXPR_VAR_BIT(EV_BLOCK_Y));
	assert_int_equal(expr_eval_int(e, vars, "grid x", 1, 2147483647, &g,
				       why, sizeof(why)), 0);
	assert_int_equal(g, 65);
	expr_free(e);
	e = parse_ok("ceil(rows / block_x)", ALL_VARS);
	assert_int_equal(expr_eval_int(e, vars, "grid y", 1, 65535, &g, why,
				       sizeof(why)), 0);
	assert_int_equal(g, 33);
	expr_free(e);
	e = parse_ok("(block_x + 1) * block_y * elem", ALL_VARS);
	vars[EV_ELEM] = 8;
	assert_int_equal(expr_eval_int(e, vars, "shared", 0, 49152, &g, why,
				       sizeof(why)), 0);
	assert_int_equal(g, 33 * 8 * 8);
	expr_free(e);
}

static void test_names(void **state)
{
	struct expr *e;
	double v = -1;
	char why[64];

	(void)state;
	assert_string_equal(expr_var_name(EV_N), "n");
	assert_string_equal(expr_var_name(EV_BLOCK_X), "block_x");
	assert_string_equal(expr_var_name(EV_SM_COUNT), "sm_count");
	assert_string_equal(expr_var_name(EV_WARP), "warp");
	assert_string_equal(expr_var_name(EV__COUNT), "?");
	assert_string_equal(expr_var_name((enum expr_var)-1), "?");
	for (int i = 0; i < EV__COUNT; i++) {
		e = parse_ok(expr_var_name((enum expr_var)i), ALL_VARS);
		assert_int_equal(expr_uses(e), EXPR_VAR_BIT(i));
		expr_free(e);
	}
	/* no variables: vars may be NULL */
	e = parse_ok("max(2, 3) * 4", 0);
	assert_int_equal(expr_uses(e), 0);
	assert_int_equal(expr_eval(e, NULL, &v, why, sizeof(why)), 0);
	assert_true(v == 12);
	expr_free(e);
	expr_free(NULL);
}

/* ---- parse errors ---------------------------------------------------------- */

static const struct bad {
	const char *text;
	unsigned allowed;
	int col;
	const char *why;
} bad[] = {
	{ "", REDUCE_VARS, 1, "empty expression" },
	{ "  \t ", REDUCE_VARS, 1, "empty expression" },
	{ "n $ 2", REDUCE_VARS, 3, "unexpected character \"$\"" },
	{ "2^20", REDUCE_VARS, 2, "unexpected character \"^\" (there is no "
	  "power operator: write the value, e.g. 1048576 for 2^20)" },
	{ "2**20", REDUCE_VARS, 2, "unexpected \"**\" (there is no power "
	  "operator: write the value, e.g. 1048576 for 2^20)" },
	{ "n \xc3\x97 2", REDUCE_VARS, 3,
	  "unexpected character \"\xc3\x97\" (write * to multiply)" },
	{ "n \xe2\x88\x92 2", REDUCE_VARS, 3,
	  "unexpected character \"\xe2\x88\x92\" (write - to subtract)" },
	{ "n \xc3\xa9", REDUCE_VARS, 3, "unexpected character \"\xc3\xa9\"" },
	{ "n + \x01", REDUCE_VARS, 5, "unexpected byte 0x01" },
	{ "(n \xff)", REDUCE_VARS, 4, "unexpected byte 0xff" },
	{ "\xc3", REDUCE_VARS, 1, "unexpected byte 0xc3" },
	{ "n + #", REDUCE_VARS, 5, "unexpected character \"#\"" },
	{ "blok", REDUCE_VARS, 1, "unknown name \"blok\" (did you mean "
	  "\"block\"?)" },
	{ "2 * N", REDUCE_VARS, 5, "unknown name \"N\" (did you mean \"n\"?)" },
	{ "n * blocks", REDUCE_VARS, 5, "unknown name \"blocks\" (did you mean "
	  "\"block\"?)" },
	{ "threads", REDUCE_VARS, 1, "unknown name \"threads\" (allowed "
	  "variables: n, block, elem, acc, sm_count, warp)" },
	{ "foo", 0, 1, "unknown name \"foo\" (no variables are allowed here)" },
	{ "rows * 2", REDUCE_VARS, 1, "variable \"rows\" is not allowed here "
	  "(allowed: n, block, elem, acc, sm_count, warp)" },
	{ "1 + n", 0, 5, "no variables are allowed here, found \"n\"" },
	{ "cell(n)", REDUCE_VARS, 1, "unknown function \"cell\" (did you mean "
	  "\"ceil\"?)" },
	{ "round(n)", REDUCE_VARS, 1, "unknown function \"round\" (functions: "
	  "ceil, floor, min, max)" },
	{ "2 * block (3)", REDUCE_VARS, 5, "\"block\" is a variable, not a "
	  "function (write block * (...) to multiply)" },
	{ "ceil", REDUCE_VARS, 1, "function \"ceil\" needs its arguments in "
	  "parentheses: ceil(x)" },
	{ "1 + max + 2", REDUCE_VARS, 5, "function \"max\" needs its arguments "
	  "in parentheses: max(a, b)" },
	{ "ceil(n, 2)", REDUCE_VARS, 7, "function \"ceil\" takes 1 argument, "
	  "got 2 (write ceil(x))" },
	{ "min(n)", REDUCE_VARS, 6, "function \"min\" takes 2 arguments, got 1 "
	  "(write min(a, b))" },
	{ "min( )", REDUCE_VARS, 6, "function \"min\" takes 2 arguments, got 0 "
	  "(write min(a, b))" },
	{ "max(1, 2, 3, 4)", REDUCE_VARS, 9, "function \"max\" takes 2 "
	  "arguments, got 4 (write max(a, b))" },
	{ "min(1,)", REDUCE_VARS, 7, "expected a number, a name or \"(\", "
	  "found \")\"" },
	{ "(n + 1", REDUCE_VARS, 1, "unbalanced parentheses: \"(\" is never "
	  "closed" },
	{ "2 * ((n + 1)", REDUCE_VARS, 5, "unbalanced parentheses: \"(\" is "
	  "never closed" },
	{ "ceil(n / 2", REDUCE_VARS, 5, "unbalanced parentheses: \"(\" is "
	  "never closed" },
	{ "n + 1)", REDUCE_VARS, 6, "unbalanced parentheses: \")\" has no "
	  "matching \"(\"" },
	{ ")", REDUCE_VARS, 1, "expected a number, a name or \"(\", found "
	  "\")\"" },
	{ "()", REDUCE_VARS, 2, "expected a number, a name or \"(\", found "
	  "\")\"" },
	{ "n +", REDUCE_VARS, 4, "expected a number, a name or \"(\", found "
	  "the end" },
	{ "n + * 2", REDUCE_VARS, 5, "expected a number, a name or \"(\", "
	  "found \"*\"" },
	{ "+1", REDUCE_VARS, 1, "expected a number, a name or \"(\", found "
	  "\"+\"" },
	{ "n 2", REDUCE_VARS, 3, "expected an operator or the end, found "
	  "\"2\"" },
	{ "n block", REDUCE_VARS, 3, "expected an operator or the end, found "
	  "\"block\"" },
	{ "2 (n)", REDUCE_VARS, 3, "expected an operator or the end, found "
	  "\"(\"" },
	{ "block.x", REDUCE_VARS, 6, "expected an operator or the end, found "
	  "\".x\"" },
	{ "(n 2)", REDUCE_VARS, 4, "expected an operator or \")\", found "
	  "\"2\"" },
	{ "min(n 2)", REDUCE_VARS, 7, "expected an operator, \",\" or \")\", "
	  "found \"2\"" },
	{ "n, 2", REDUCE_VARS, 2, "\",\" outside a function's parentheses" },
	{ "(n, 2)", REDUCE_VARS, 3, "\",\" outside a function's parentheses" },
	{ "1.", REDUCE_VARS, 2, "malformed number \"1.\" (expected digits and "
	  "an optional fraction, as in 256 or 0.5)" },
	{ "1.2.3", REDUCE_VARS, 4, "malformed number \"1.2.3\" (expected "
	  "digits and an optional fraction, as in 256 or 0.5)" },
	{ "12abc", REDUCE_VARS, 3, "malformed number \"12abc\" (expected "
	  "digits and an optional fraction, as in 256 or 0.5)" },
	{ "n / 1e6", REDUCE_VARS, 6, "malformed number \"1e6\" (expected "
	  "digits and an optional fraction, as in 256 or 0.5)" },
	{ "2block", REDUCE_VARS, 2, "malformed number \"2block\" (expected "
	  "digits and an optional fraction, as in 256 or 0.5)" },
	{ ".5", REDUCE_VARS, 1, "malformed number \".5\" (expected digits and "
	  "an optional fraction, as in 256 or 0.5)" },
	{ "n + 1234567890123456789012345", REDUCE_VARS, 5, "number too long "
	  "(more than 24 characters)" },
	{ "9007199254740993", REDUCE_VARS, 1, "number \"9007199254740993\" is "
	  "too large (more than 2^53)" },
	{ "99999999999999999999999", REDUCE_VARS, 1, "number "
	  "\"99999999999999999999999\" is too large (more than 2^53)" },
};

static void test_parse_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		struct expr *e = (struct expr *)&e;   /* must become NULL */
		char why[256] = "";
		int col = -1;

		if (expr_parse(bad[i].text, bad[i].allowed, &e, &col, why,
			       sizeof(why)) != -1)
			fail_msg("\"%s\" parsed", bad[i].text);
		assert_null(e);
		if (col != bad[i].col || strcmp(why, bad[i].why) != 0)
			fail_msg("\"%s\":\n  got  %d: %s\n  want %d: %s",
				 bad[i].text, col, why, bad[i].col, bad[i].why);
	}
}

/* A short buffer cuts the reason; a zero-sized one is left alone; NULL
 * text is an empty expression. */
static void test_parse_error_buffers(void **state)
{
	struct expr *e;
	char why[8] = "xxxxxxx", none[1] = { 'z' };
	int col = 0;

	(void)state;
	assert_int_equal(expr_parse("blok", ALL_VARS, &e, &col, why,
				    sizeof(why)), -1);
	assert_string_equal(why, "unknown");
	assert_int_equal(expr_parse("blok", ALL_VARS, &e, &col, none, 0), -1);
	assert_int_equal(none[0], 'z');
	assert_int_equal(col, 1);
	assert_int_equal(expr_parse(NULL, ALL_VARS, &e, &col, why,
				    sizeof(why)), -1);
	assert_null(e);
}

/* ---- limits ------------------------------------------------------------------ */

static void check_error(const char *text, int want_col, const char *want)
{
	struct expr *e;
	char why[256] = "";
	int col = -1;

	assert_int_equal(expr_parse(text, ALL_VARS, &e, &col, why,
				    sizeof(why)), -1);
	if (col != want_col || strcmp(why, want) != 0)
		fail_msg("got %d: %s\nwant %d: %s", col, why, want_col, want);
}

/* "1+1+...+1" with k ones: 2k - 1 nodes, 2k - 1 characters. */
static void ones(char *buf, int k, const char *prefix)
{
	strcpy(buf, prefix);
	for (int i = 0; i < k; i++)
		strcat(buf, i ? "+1" : "1");
}

static void test_limits(void **state)
{
	char buf[1024];
	struct expr *e;
	double v = 0;
	char why[128];

	(void)state;
	/* text: 256 bytes are fine, one more is refused at column 257 */
	memset(buf, ' ', EXPR_MAX_TEXT - 1);
	strcpy(buf + EXPR_MAX_TEXT - 1, "7");
	e = parse_ok(buf, 0);
	expr_free(e);
	memset(buf, ' ', EXPR_MAX_TEXT);
	strcpy(buf + EXPR_MAX_TEXT, "7");
	check_error(buf, EXPR_MAX_TEXT + 1, "expression longer than 256 "
		    "characters");
	memset(buf, '(', sizeof(buf) - 1);     /* checked before parsing */
	buf[sizeof(buf) - 1] = '\0';
	check_error(buf, EXPR_MAX_TEXT + 1, "expression longer than 256 "
		    "characters");

	/* nodes: "-1+1..." with 64 ones is 128 nodes; 65 ones are 129, and
	 * the last "+" (column 128) is one too many */
	ones(buf, 64, "-");
	e = parse_ok(buf, 0);
	assert_int_equal(expr_eval(e, NULL, &v, why, sizeof(why)), 0);
	assert_true(v == 62);
	expr_free(e);
	ones(buf, 65, "");
	check_error(buf, 128, "expression too complex (more than 128 numbers, "
		    "names and operators)");
	ones(buf, 128, "");                    /* 255 characters */
	check_error(buf, 128, "expression too complex (more than 128 numbers, "
		    "names and operators)");

	/* nesting: 32 levels are fine, the 33rd is refused where it opens */
	for (int k = 0; k < 3; k++) {
		static const char *const open[] = { "(", "-", "ceil(" };
		static const char *const close[] = { ")", "", ")" };
		size_t w = strlen(open[k]);

		for (int depth = EXPR_MAX_DEPTH; depth <= EXPR_MAX_DEPTH + 1;
		     depth++) {
			buf[0] = '\0';
			for (int i = 0; i < depth; i++)
				strcat(buf, open[k]);
			strcat(buf, "1");
			for (int i = 0; i < depth; i++)
				strcat(buf, close[k]);
			if (depth == EXPR_MAX_DEPTH) {
				expr_free(parse_ok(buf, 0));
				continue;
			}
			check_error(buf, (int)(EXPR_MAX_DEPTH * w + w),
				    "nested more than 32 levels deep");
		}
	}
	/* a deep nest that is also unclosed stops at the depth limit */
	memset(buf, '(', 200);
	buf[200] = '\0';
	check_error(buf, 33, "nested more than 32 levels deep");
	/* depth counts open levels, not all of them: 40 groups side by side */
	buf[0] = '\0';
	for (int i = 0; i < 40; i++)
		strcat(buf, i ? "+(1)" : "(1)");
	expr_free(parse_ok(buf, 0));
}

/* ---- evaluation errors ---------------------------------------------------------- */

static void eval_error(const char *text, const double *vars, const char *want)
{
	struct expr *e = parse_ok(text, ALL_VARS);
	double v = 12345;
	char why[256] = "";

	if (expr_eval(e, vars, &v, why, sizeof(why)) != -1)
		fail_msg("\"%s\" evaluated to %g", text, v);
	assert_true(v == 12345);               /* untouched */
	if (strcmp(why, want) != 0)
		fail_msg("\"%s\":\n  got  %s\n  want %s", text, why, want);
	expr_free(e);
}

static void test_eval_errors(void **state)
{
	double vars[EV__COUNT];

	(void)state;
	reduce_vars(vars);
	eval_error("n / (block - 256)", vars, "division by zero (\"block - "
		   "256\" is 0)");
	eval_error("n / 0", vars, "division by zero (\"0\" is 0)");
	eval_error("1 / (0.1 * 3 - 0.3)", vars, "division by zero (\"0.1 * 3 "
		   "- 0.3\" is 0)");             /* 5.6e-17 counts as 0 */
	eval_error("n % (warp - 32)", vars, "remainder by zero (\"warp - 32\" "
		   "is 0)");
	eval_error("n % 2.5", vars, "\"%\" needs whole numbers (\"2.5\" is "
		   "2.5)");
	eval_error("(n / 3) % 2", vars, "\"%\" needs whole numbers (\"n / 3\" "
		   "is 89478485.3)");
	eval_error("ceil(1 / 3 % 2)", vars, "\"%\" needs whole numbers "
		   "(\"1 / 3\" is 0.333333)");
	eval_error("rows * 2", vars, "variable \"rows\" has no value");
	vars[EV_SM_COUNT] = INFINITY;
	eval_error("sm_count", vars, "variable \"sm_count\" has no value");
	eval_error("n", NULL, "variable \"n\" has no value");
	vars[EV_N] = 1e300;
	eval_error("2 + n * n", vars, "\"n * n\" is too large (not a finite "
		   "number)");
	eval_error("-n * n - 1", vars, "\"-n * n\" is too large (not a finite "
		   "number)");
	/* quotients of a % with a whole result are fine */
	reduce_vars(vars);
	assert_value("(n / 4) % 10", 268435456 / 4 % 10);
	assert_value("(0.1 * 30) % 2", 1);
}

static int eval_int(const char *text, double n, uint64_t lo, uint64_t hi,
		    uint64_t *out, char *why, size_t whysize)
{
	struct expr *e = parse_ok(text, ALL_VARS);
	double vars[EV__COUNT];
	int rc;

	reduce_vars(vars);
	vars[EV_N] = n;
	rc = expr_eval_int(e, vars, "grid x", lo, hi, out, why, whysize);
	expr_free(e);
	return rc;
}

#define assert_int_result(text, n, lo, hi, want) do { \
	uint64_t got_ = 0; \
	char why_[256] = ""; \
	if (eval_int(text, n, lo, hi, &got_, why_, sizeof(why_)) != 0) \
		fail_msg("\"%s\": %s", text, why_); \
	assert_int_equal(got_, want); \
} while (0)

#define assert_int_error(text, n, lo, hi, want) do { \
	uint64_t got_ = 77; \
	char why_[256] = ""; \
	assert_int_equal(eval_int(text, n, lo, hi, &got_, why_, \
				  sizeof(why_)), -1); \
	assert_int_equal(got_, 77); \
	assert_string_equal(why_, want); \
} while (0)

static void test_eval_int(void **state)
{
	(void)state;
	assert_int_result("n", 1, 1, 10, 1);
	assert_int_result("n", 10, 1, 10, 10);
	assert_int_result("n * 0.5", 5000, 0, UINT64_MAX, 2500);
	/* rounding inside a large whole result: n / 3 * 3 with n = 3 * 2^28 */
	assert_int_result("n / 3 * 3", 805306368, 1, UINT64_MAX, 805306368);
	assert_int_result("n / 49 * 49", 2401.0 * 1000003, 1, UINT64_MAX,
			  2401 * 1000003ull);
	assert_int_result("0.1 * 30", 0, 0, 3, 3);  /* 3.0000000000000004 */
	assert_int_result("-0", 0, 0, 0, 0);
	assert_int_result("n * 1024", 9007199254740992.0 / 1024, 0, UINT64_MAX,
			  9007199254740992ull);
	assert_int_result("n * n - 2048", 4294967296.0, 0, UINT64_MAX,
			  18446744073709549568ull);   /* 2^64 - 2048 */

	assert_int_error("n / 2", 5, 1, 10, "grid x is 2.5, not a whole number");
	assert_int_error("(n + 1) / 2", 268435456, 1, UINT64_MAX,
			 "grid x is 134217728.5, not a whole number");
	assert_int_error("n / 3", 1, 0, 10, "grid x is 0.333333, not a whole "
			 "number");
	assert_int_error("n / 3 + 5", 0.0000001 * 3, 0, 10, "grid x is "
			 "5.0000001, not a whole number");
	assert_int_error("n - 1", 1, 1, 10, "grid x is 0, must be at least 1");
	assert_int_error("-n", 5, 0, 10, "grid x is -5, must be at least 0");
	assert_int_error("n", 11, 1, 10, "grid x is 11, must be at most 10");
	assert_int_error("n * 2", 2147483648.0, 1, 2147483647, "grid x is "
			 "4294967296, must be at most 2147483647");
	assert_int_error("n * n", 4294967296.0, 0, UINT64_MAX, "grid x is "
			 "1.8446744073709552e+19, must be at most "
			 "18446744073709551615");
	assert_int_error("n / (block - 256)", 1, 1, 10, "grid x: division by "
			 "zero (\"block - 256\" is 0)");
}

static void test_eval_int_what(void **state)
{
	struct expr *e = parse_ok("n / 2", ALL_VARS);
	double vars[EV__COUNT];
	uint64_t out;
	char why[64];

	(void)state;
	reduce_vars(vars);
	vars[EV_N] = 3;
	assert_int_equal(expr_eval_int(e, vars, NULL, 0, 9, &out, why,
				       sizeof(why)), -1);
	assert_string_equal(why, "value is 1.5, not a whole number");
	assert_int_equal(expr_eval_int(e, vars, "shared", 0, 9, &out, why, 0),
			 -1);
	expr_free(e);
}

/* ---- random text ------------------------------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)
{
	uint64_t x = rng_state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

/* Whatever the text, parse and evaluation either succeed or fail with a
 * one-line reason and a column inside the text (or just after it). */
static void check_any(const char *text, size_t len, unsigned allowed)
{
	double vars[EV__COUNT], v;
	struct expr *e = NULL;
	char why[256];
	uint64_t u;
	int col = -1;

	why[0] = '\0';
	if (expr_parse(text, allowed, &e, &col, why, sizeof(why)) != 0) {
		if (e || !why[0] || col < 1 || (size_t)col > len + 1 ||
		    strchr(why, '\n') || why[strlen(why) - 1] == '.')
			fail_msg("bad error for \"%s\": %d: %s", text, col, why);
		return;
	}
	if ((expr_uses(e) & ~allowed) != 0)
		fail_msg("\"%s\" uses variables it may not", text);
	reduce_vars(vars);
	vars[EV_ROWS] = 1025;
	vars[EV_COLS] = 7;
	why[0] = '\0';
	if (expr_eval(e, vars, &v, why, sizeof(why)) == 0) {
		if (!isfinite(v))
			fail_msg("\"%s\" = %g", text, v);
	} else if (!why[0] || strchr(why, '\n')) {
		fail_msg("bad evaluation error for \"%s\": %s", text, why);
	}
	if (expr_eval_int(e, vars, "x", 0, UINT64_MAX, &u, why, sizeof(why)) < 0 &&
	    !why[0])
		fail_msg("no reason for \"%s\"", text);
	expr_free(e);
}

static void test_random_text(void **state)
{
	static const char *const pieces[] = {
		"n", "block", "elem", "rows", "ceil(", "floor(", "min(", "max(",
		"(", ")", ",", "+", "-", "*", "/", "%", " ", "0", "1", "256",
		"0.5", "2.", ".", "blok", "x", "^", "\xc3\x97", "\xff", "\t",
		"9007199254740993", "(((((", ")))))", "-----",
	};
	char buf[EXPR_MAX_TEXT + 64];
	size_t len;

	(void)state;
	for (int iter = 0; iter < 200000; iter++) {
		len = 0;
		if (iter % 2) {
			/* raw bytes, any value but NUL */
			len = rng() % (sizeof(buf) - 1);
			for (size_t i = 0; i < len; i++)
				buf[i] = (char)(1 + rng() % 255);
		} else {
			size_t k = rng() % 40;

			for (size_t i = 0; i < k; i++) {
				const char *p = pieces[rng() % ARRAY_SIZE(pieces)];
				size_t w = strlen(p);

				if (len + w >= sizeof(buf))
					break;
				memcpy(buf + len, p, w);
				len += w;
			}
		}
		buf[len] = '\0';
		check_any(buf, len, (unsigned)(rng() & (EXPR_VAR_BIT(EV__COUNT) - 1)));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_precedence),
		cmocka_unit_test(test_associativity),
		cmocka_unit_test(test_unary_minus),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_functions),
		cmocka_unit_test(test_launch_examples),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_parse_error_buffers),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_eval_errors),
		cmocka_unit_test(test_eval_int),
		cmocka_unit_test(test_eval_int_what),
		cmocka_unit_test(test_random_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
