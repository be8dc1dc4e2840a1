/* test_strmap.c - the hash of names (strmap.h): values kept, first value
 * wins, composite keys do not collide, growth keeps every key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "base/strmap.h"
#include "base/util.h"

static void test_put_get(void **state)
{
	struct strmap m = STRMAP_INIT;

	(void)state;
	assert_true(strmap_get(&m, "a") == STRMAP_NONE);
	assert_int_equal(strmap_put(&m, "a", 0), 0);
	assert_int_equal(strmap_put(&m, "b", 1), 1);
	/* a key held already keeps its first value */
	assert_int_equal(strmap_put(&m, "a", 7), 0);
	assert_int_equal(strmap_get(&m, "a"), 0);
	assert_int_equal(strmap_get(&m, "b"), 1);
	assert_true(strmap_get(&m, "c") == STRMAP_NONE);
	/* NULL is "" */
	assert_int_equal(strmap_put(&m, NULL, 2), 2);
	assert_int_equal(strmap_get(&m, ""), 2);
	assert_int_equal(m.n, 3);
	strmap_release(&m);
	assert_int_equal(m.n, 0);
	assert_true(strmap_get(&m, "a") == STRMAP_NONE);
	strmap_release(NULL);
}

/* Many keys: the table grows and finds every one. */
static void test_grow(void **state)
{
	struct strmap m = STRMAP_INIT;
	char key[32];

	(void)state;
	for (size_t i = 0; i < 20000; i++) {
		snprintf(key, sizeof(key), "column_%zu", i);
		assert_int_equal(strmap_put(&m, key, i), i);
	}
	assert_int_equal(m.n, 20000);
	assert_true(2 * m.n <= m.cap);
	for (size_t i = 0; i < 20000; i++) {
		snprintf(key, sizeof(key), "column_%zu", i);
		assert_int_equal(strmap_get(&m, key), i);
	}
	assert_true(strmap_get(&m, "column_20000") == STRMAP_NONE);
	strmap_release(&m);
}

/* Fields of a composite key are NUL-terminated: ("ab", "c") and
 * ("a", "bc") are two keys, and a number is not a string of its digits
 * followed by more. */
static void test_composite(void **state)
{
	struct strmap m = STRMAP_INIT;
	struct sbuf k = SBUF_INIT;

	(void)state;
	strmap_key_str(&k, "ab");
	strmap_key_str(&k, "c");
	assert_int_equal(strmap_putn(&m, k.buf, k.len, 1), 1);
	sbuf_reset(&k);
	strmap_key_str(&k, "a");
	strmap_key_str(&k, "bc");
	assert_true(strmap_getn(&m, k.buf, k.len) == STRMAP_NONE);
	assert_int_equal(strmap_putn(&m, k.buf, k.len, 2), 2);
	sbuf_reset(&k);
	strmap_key_u64(&k, 12);
	strmap_key_u64(&k, 3);
	assert_int_equal(strmap_putn(&m, k.buf, k.len, 3), 3);
	sbuf_reset(&k);
	strmap_key_u64(&k, 1);
	strmap_key_u64(&k, 23);
	assert_true(strmap_getn(&m, k.buf, k.len) == STRMAP_NONE);
	sbuf_reset(&k);
	strmap_key_str(&k, NULL);
	assert_true(strmap_getn(&m, k.buf, k.len) == STRMAP_NONE);
	assert_int_equal(m.n, 3);
	sbuf_release(&k);
	strmap_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_get),
		cmocka_unit_test(test_grow),
		cmocka_unit_test(test_composite),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
