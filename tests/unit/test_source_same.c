/* test_source_same.c - copies told apart by their text without comments
 * and whitespace (src/ladder/source_same.c, issue 26). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "ladder/source_same.h"

static int same(const char *a, const char *b)
{
	char x[65], y[65];

	assert_int_equal(source_fingerprint(a, strlen(a), x), 0);
	assert_int_equal(source_fingerprint(b, strlen(b), y), 0);
	return strcmp(x, y) == 0;
}

/* Re-indented, re-spaced and re-commented copies are the same. */
static void test_copies(void **state)
{
	(void)state;
	assert_true(same("int f(int a) { return a + 1; }\n",
			 "// mine, honestly\nint f(int a)\n{\n\treturn a+1; /* one */\n}\n"));
	assert_true(same("a = b; /* unterminated", "a=b;"));
	assert_true(same("x = 1; // to the end", "x=1;"));
}

/* What a literal holds, and renamed identifiers, tell sources apart. */
static void test_different(void **state)
{
	(void)state;
	assert_false(same("s = \"a b\";", "s = \"ab\";"));
	assert_false(same("c = ' ';", "c = '';"));
	assert_false(same("s = \"// not a comment\";", "s = \"\";"));
	assert_false(same("s = \"/* no */\"; x;", "s = \"\"; x;"));
	assert_false(same("s = \"q\\\"  \"; y;", "s = \"q\\\"\"; y;"));
	assert_false(same("int f(int a) { return a + 1; }",
			  "int g(int a) { return a + 1; }"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_copies),
		cmocka_unit_test(test_different),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
