/* test_memo.c - answers kept by the bytes they came from (base/memo.h):
 * found by the whole key, not by where it lies; the oldest replaced
 * first; a key past the bound never kept. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "base/memo.h"

static void test_memo(void **state)
{
	struct memo m = MEMO_INIT(2, 16);
	char k1[] = "abc", k2[] = "abd", k3[] = "xyz", k1b[] = "abc";
	char big[17] = { 0 };
	double v = 1.5, got = 0;

	(void)state;
	assert_false(memo_get(&m, k1, 3, &got, sizeof(got)));
	memo_put(&m, k1, 3, &v, sizeof(v));
	/* the same bytes elsewhere find it; a key one byte off does not */
	assert_true(memo_get(&m, k1b, 3, &got, sizeof(got)));
	assert_true(got == 1.5);
	assert_false(memo_get(&m, k2, 3, &got, sizeof(got)));
	assert_false(memo_get(&m, k1, 2, &got, sizeof(got)));
	/* two entries: a third replaces the oldest */
	v = 2.5;
	memo_put(&m, k2, 3, &v, sizeof(v));
	v = 3.5;
	memo_put(&m, k3, 3, &v, sizeof(v));
	assert_false(memo_get(&m, k1, 3, &got, sizeof(got)));
	assert_true(memo_get(&m, k2, 3, &got, sizeof(got)) && got == 2.5);
	assert_true(memo_get(&m, k3, 3, &got, sizeof(got)) && got == 3.5);
	/* a key past the bound, or an answer past MEMO_VALUE: not kept */
	memo_put(&m, big, sizeof(big), &v, sizeof(v));
	assert_false(memo_get(&m, big, sizeof(big), &got, sizeof(got)));
	{
		char wide[MEMO_VALUE + 1] = { 0 };

		memo_put(&m, k1, 3, wide, sizeof(wide));
		assert_false(memo_get(&m, k1, 3, &got, sizeof(got)));
	}
	memo_release(&m);
	assert_false(memo_get(&m, k2, 3, &got, sizeof(got)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
