/* test_launch_watch.c - what of the launch watch runs without a GPU:
 * kernel display names, and a watch that could not open (or has no
 * launches to see) giving unknown resources with the reason.  Watching
 * real launches is the GPU suite's (tests/gpu/run.sh: resources recorded
 * for every row). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "counters/counters.h"
#include "base/util.h"

static void expect_name(const char *symbol, const char *want)
{
	char *got = launch_watch_display_name(symbol);

	if (strcmp(got, want) != 0)
		fail_msg("%s:%d: \"%s\" -> \"%s\", want \"%s\"", __FILE__,
			 __LINE__, symbol ? symbol : "(null)", got, want);
	free(got);
}

static void test_display_name(void **state)
{
	(void)state;
	/* void reduce<float, 256>(float const*, float*, unsigned long) */
	expect_name("_Z6reduceIfLi256EEvPKT_PS0_m", "reduce<float, 256>");
	/* void transpose_tiled(float const*, float*, int, int) */
	expect_name("_Z15transpose_tiledPKfPfii", "transpose_tiled");
	/* an extern "C" kernel, and what does not demangle, stay as they are */
	expect_name("reduce_v1", "reduce_v1");
	expect_name("_Znot a symbol", "_Znot a symbol");
	expect_name("", "");
	expect_name(NULL, "");
}

/* Before it is opened the watch describes nothing, and says so. */
static void test_not_open(void **state)
{
	struct kernel_resources r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.kernel = xstrdup("left over");
	launch_watch_begin();
	launch_watch_end(&r);
	assert_false(r.known);
	assert_null(r.kernel);
	assert_string_equal(r.why, "kernel launches were not watched");
	kernel_resources_release(&r);
	launch_watch_close();
	launch_watch_close();
}

/* Without a GPU opening fails with a reason, and every row gets it; with
 * one (make test on the GPU machine) nothing was launched. */
static void test_open(void **state)
{
	struct kernel_resources r;
	char why[512] = "";
	int rc;

	(void)state;
	memset(&r, 0, sizeof(r));
	rc = launch_watch_open(0, why, sizeof(why));
	launch_watch_begin();
	launch_watch_end(&r);
	assert_false(r.known);
	if (rc) {
		assert_true(why[0] != '\0');
		assert_string_equal(r.why, why);
	} else {
		assert_non_null(strstr(r.why, "no kernel launch was seen"));
	}
	kernel_resources_release(&r);
	launch_watch_close();
	launch_watch_end(&r);
	assert_string_equal(r.why, "kernel launches were not watched");
	kernel_resources_release(&r);
	/* a handler's calls do nothing harmful when none is attached */
	assert_int_equal(launch_watch_enable(false), 0);
	assert_int_equal(launch_watch_enable(true), -1);
	launch_watch_detach();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_display_name),
		cmocka_unit_test(test_not_open),
		cmocka_unit_test(test_open),
	};

	return cmocka_run_group_tests_name("launch_watch", tests, NULL, NULL);
}
