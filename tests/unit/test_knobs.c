/* test_knobs.c - what culab reads from its environment (issue 48): the
 * one reader of the knobs that are numbers and of the test knobs
 * (base/knobs.h), and the trace files the environment names, which must
 * be regular files (base/files.h: env_trace_open). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/util.h"

/* Issue 48, class 8: every knob that is a number goes through one
 * reader: a bad value is said once a process, however often the knob is
 * read, and never used; a knob without a default is then ignored; a
 * test knob of a few values takes those only. */
static void test_knobs(void **state)
{
	static const char *const refusals[] = { "permission" };
	char *out = NULL;
	size_t outlen;
	FILE *mem;
	long v = 7;

	(void)state;
	mem = open_memstream(&out, &outlen);
	diag_set_stream(mem);
	unsetenv("CULAB_TEST_KNOB");
	assert_int_equal(env_integer_given("CULAB_TEST_KNOB", 1, 16, "GPUs",
					   &v), 0);
	setenv("CULAB_TEST_KNOB", "4", 1);
	assert_int_equal(env_integer_given("CULAB_TEST_KNOB", 1, 16, "GPUs",
					   &v), 1);
	assert_int_equal(v, 4);
	setenv("CULAB_TEST_KNOB", "-3", 1);
	assert_int_equal(env_integer_given("CULAB_TEST_KNOB", 1, 16, "GPUs",
					   &v), -1);
	assert_int_equal(v, 4);
	assert_int_equal(env_integer("CULAB_TEST_KNOB", 1, 16, 2, "GPUs"), 2);
	setenv("CULAB_TEST_KNOB", "1e9", 1);
	assert_int_equal(env_integer("CULAB_TEST_KNOB", 1, 16, 2, "GPUs"), 2);
	setenv("CULAB_TEST_KNOB2", "x", 1);
	assert_true(env_number("CULAB_TEST_KNOB2", 0.5, 9, 1.5, "s") == 1.5);
	assert_true(env_number("CULAB_TEST_KNOB2", 0.5, 9, 1.5, "s") == 1.5);
	assert_null(env_choice("CULAB_TEST_KNOB3", refusals, 1));
	setenv("CULAB_TEST_KNOB3", "permission", 1);
	assert_string_equal(env_choice("CULAB_TEST_KNOB3", refusals, 1),
			    "permission");
	setenv("CULAB_TEST_KNOB3", "perm\x1b", 1);
	assert_null(env_choice("CULAB_TEST_KNOB3", refusals, 1));
	assert_null(env_choice("CULAB_TEST_KNOB3", refusals, 1));
	diag_set_stream(NULL);
	fclose(mem);
	assert_string_equal(out,
		"culab: warning: CULAB_TEST_KNOB: \"-3\" is not a whole number "
		"of GPUs (1 to 16); ignored\n"
		"culab: warning: CULAB_TEST_KNOB2: \"x\" is not a number of s "
		"(0.5 to 9); using 1.5\n"
		"culab: warning: CULAB_TEST_KNOB3: \"perm\\x1b\" is none of "
		"permission; ignored\n");
	free(out);
	unsetenv("CULAB_TEST_KNOB");
	unsetenv("CULAB_TEST_KNOB2");
	unsetenv("CULAB_TEST_KNOB3");
}

/* Issue 48, class 7: a trace file an environment variable names must be
 * a regular file; a FIFO (no reader: open() would wait forever), a
 * device or a directory is refused at once with one warning, and the
 * command goes on without the trace. */
static void test_env_trace_open(void **state)
{
	char dir[] = "/tmp/culab-trace-XXXXXX", *fifo, *file, *text = NULL;
	char *out = NULL;
	size_t len, outlen;
	FILE *mem;
	int fd;

	(void)state;
	assert_non_null(mkdtemp(dir));
	fifo = xasprintf("%s/fifo", dir);
	file = xasprintf("%s/trace.txt", dir);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	mem = open_memstream(&out, &outlen);
	diag_set_stream(mem);
	unsetenv("CULAB_TEST_TRACE");
	assert_int_equal(env_trace_open("CULAB_TEST_TRACE", false), -1);
	setenv("CULAB_TEST_TRACE", "", 1);
	assert_int_equal(env_trace_open("CULAB_TEST_TRACE", false), -1);
	fflush(mem);
	assert_int_equal(outlen, 0);        /* unset or empty: nothing said */
	setenv("CULAB_TEST_TRACE", fifo, 1);
	assert_int_equal(env_trace_open("CULAB_TEST_TRACE", false), -1);
	setenv("CULAB_TEST_TRACE", "/dev/null", 1);
	assert_int_equal(env_trace_open("CULAB_TEST_TRACE", true), -1);
	setenv("CULAB_TEST_TRACE", dir, 1);
	assert_int_equal(env_trace_open("CULAB_TEST_TRACE", false), -1);
	diag_set_stream(NULL);
	fclose(mem);
	{
		char *want = xasprintf("culab: warning: CULAB_TEST_TRACE: \"%s\" "
				       "is a FIFO, not a regular file: no trace "
				       "written\n", fifo);

		assert_non_null(strstr(out, want));
		free(want);
	}
	assert_non_null(strstr(out, "\"/dev/null\" is a character device, "
			       "not a regular file"));
	assert_non_null(strstr(out, "is a directory, not a regular file"));
	free(out);
	/* a regular file: made, appended to, or emptied first */
	setenv("CULAB_TEST_TRACE", file, 1);
	fd = env_trace_open("CULAB_TEST_TRACE", false);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "a\n", 2), 2);
	close(fd);
	fd = env_trace_open("CULAB_TEST_TRACE", false);
	assert_int_equal(write(fd, "b\n", 2), 2);
	close(fd);
	assert_int_equal(read_file(file, 64, &text, &len), 0);
	assert_string_equal(text, "a\nb\n");
	free(text);
	fd = env_trace_open("CULAB_TEST_TRACE", true);
	assert_int_equal(write(fd, "c\n", 2), 2);
	close(fd);
	assert_int_equal(read_file(file, 64, &text, &len), 0);
	assert_string_equal(text, "c\n");
	free(text);
	unsetenv("CULAB_TEST_TRACE");
	unlink(fifo);
	unlink(file);
	rmdir(dir);
	free(fifo);
	free(file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_knobs),
		cmocka_unit_test(test_env_trace_open),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
