/* test_util.c - small helpers of util.c not covered elsewhere. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/util.h"

/* slowest_note keeps the n slowest, slowest first, and ignores the rest. */
static void test_slowest(void **state)
{
	struct slowest v[3];
	static const struct {
		const char *label;
		double secs;
	} in[] = {
		{ "b", 2.0 }, { "a", 1.0 }, { "d", 4.0 }, { "tiny", 0.5 },
		{ "c", 3.0 }, { "zero", 0.0 },
	};
	char longer[300];

	(void)state;
	memset(v, 0, sizeof(v));
	for (size_t i = 0; i < ARRAY_SIZE(in); i++)
		slowest_note(v, ARRAY_SIZE(v), in[i].label, in[i].secs);
	assert_string_equal(v[0].label, "d");
	assert_string_equal(v[1].label, "c");
	assert_string_equal(v[2].label, "b");
	assert_true(v[0].seconds == 4.0 && v[2].seconds == 2.0);

	/* a label longer than the entry is cut, not overflowed; NULL is "" */
	memset(longer, 'x', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	slowest_note(v, ARRAY_SIZE(v), longer, 9.0);
	assert_int_equal(strlen(v[0].label), sizeof(v[0].label) - 1);
	assert_string_equal(v[1].label, "d");
	slowest_note(v, ARRAY_SIZE(v), NULL, 10.0);
	assert_string_equal(v[0].label, "");
	slowest_note(v, 0, "none", 99.0);   /* no room: nothing happens */
}

/* env_flag: set, not empty and not "0" is on; anything else off. */
static void test_env_flag(void **state)
{
	(void)state;
	unsetenv("CULAB_TEST_FLAG");
	assert_false(env_flag("CULAB_TEST_FLAG"));
	setenv("CULAB_TEST_FLAG", "", 1);
	assert_false(env_flag("CULAB_TEST_FLAG"));
	setenv("CULAB_TEST_FLAG", "0", 1);
	assert_false(env_flag("CULAB_TEST_FLAG"));
	setenv("CULAB_TEST_FLAG", "1", 1);
	assert_true(env_flag("CULAB_TEST_FLAG"));
	setenv("CULAB_TEST_FLAG", "yes", 1);
	assert_true(env_flag("CULAB_TEST_FLAG"));
	unsetenv("CULAB_TEST_FLAG");
}

/* A child's environment: the names given take the values given, once
 * each, and every other entry is kept. */
static void test_environ_with(void **state)
{
	char **env;
	int a = 0, b = 0, keep = 0;

	(void)state;
	setenv("CULAB_TEST_A", "old", 1);
	setenv("CULAB_TEST_KEEP", "kept", 1);
	env = environ_with_list((const char *const[]){
		"CULAB_TEST_A", "new", "CULAB_TEST_B", "b", NULL });
	for (size_t i = 0; env[i]; i++) {
		a += !strncmp(env[i], "CULAB_TEST_A=", 13);
		b += !strcmp(env[i], "CULAB_TEST_B=b");
		keep += !strcmp(env[i], "CULAB_TEST_KEEP=kept");
		assert_string_not_equal(env[i], "CULAB_TEST_A=old");
	}
	assert_int_equal(a, 1);
	assert_int_equal(b, 1);
	assert_int_equal(keep, 1);
	environ_with_free(env);
	env = environ_with("CULAB_TEST_A", "one");
	assert_string_equal(env[0], "CULAB_TEST_A=one");
	environ_with_free(env);
	unsetenv("CULAB_TEST_A");
	unsetenv("CULAB_TEST_KEEP");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slowest),
		cmocka_unit_test(test_env_flag),
		cmocka_unit_test(test_environ_with),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
