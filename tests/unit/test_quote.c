/* test_quote.c - text from files written for another interpreter
 * (base/quote.h, issue 48 class 2): every word quote_shell writes is
 * read back by a real sh as exactly the bytes it was given, and every C
 * string literal quote_c_string writes decodes to its bytes and holds
 * nothing that drives a terminal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/quote.h"
#include "base/util.h"

/* Words a file could hold: shell syntax of every kind, quotes, control
 * characters, UTF-8 and the empty word. */
static const char *const hostile[] = {
	"plain/path-1.yaml", "", "a b", "$(touch /tmp/pwned)", "`id`",
	"x;rm -rf ~", "it's", "'", "''", "\"$HOME\"", "a\\b", "*", "?",
	"~root", "a\nb", "\x1b[31mred", "tab\there", "-rf", "a|b&c>d<e",
	"!event", "{a,b}", "# not a comment", "naïve 名前", "%s%n", "\r",
};

/* What sh reads back from word: `printf %s WORD` run by sh -c. */
static char *through_sh(const char *word)
{
	struct sbuf cmd = SBUF_INIT, out = SBUF_INIT;
	int fd[2], st;
	char buf[256];
	ssize_t n;
	pid_t pid;

	sbuf_add(&cmd, "printf %s ");
	quote_shell(&cmd, word);
	assert_int_equal(pipe(fd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		execl("/bin/sh", "sh", "-c", sbuf_str(&cmd), (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	while ((n = read(fd[0], buf, sizeof(buf))) > 0)
		sbuf_addn(&out, buf, (size_t)n);
	close(fd[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		fail_msg("%s:%d: sh -c '%s' failed", __FILE__, __LINE__,
			 sbuf_str(&cmd));
	sbuf_release(&cmd);
	return sbuf_detach(&out);
}

static void test_shell_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(hostile); i++) {
		char *got = through_sh(hostile[i]);

		if (strcmp(got, hostile[i]) != 0)
			fail_msg("%s:%d: word %zu came back as \"%s\"", __FILE__,
				 __LINE__, i, got);
		free(got);
	}
}

/* Plain words stay as they are; others are one single-quoted word. */
static void test_shell_forms(void **state)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "experiments/default.yaml", "experiments/default.yaml" },
		{ "--variant=a,b", "--variant=a,b" },
		{ "", "''" },
		{ "a b", "'a b'" },
		{ "it's", "'it'\\''s'" },
		{ "$(id)", "'$(id)'" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct sbuf b = SBUF_INIT;

		quote_shell(&b, cases[i].in);
		assert_string_equal(sbuf_str(&b), cases[i].want);
		sbuf_release(&b);
	}
}

/* The bytes a C string literal stands for: the escapes quote_c_string
 * writes (\\ \" \? and three octal digits), nothing else. */
static char *c_decode(const char *lit)
{
	struct sbuf b = SBUF_INIT;
	const char *p = lit;

	assert_true(*p++ == '"');
	while (*p && *p != '"') {
		if (*p != '\\') {
			sbuf_addc(&b, *p++);
			continue;
		}
		p++;
		if (*p >= '0' && *p <= '7') {
			assert_true(p[1] >= '0' && p[1] <= '7' && p[2] >= '0' &&
				    p[2] <= '7');
			sbuf_addc(&b, (char)((p[0] - '0') * 64 + (p[1] - '0') * 8 +
					     (p[2] - '0')));
			p += 3;
		} else {
			assert_non_null(strchr("\\\"?", *p));
			sbuf_addc(&b, *p++);
		}
	}
	assert_true(*p == '"' && p[1] == '\0');
	return sbuf_detach(&b);
}

static void test_c_string(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(hostile); i++) {
		struct sbuf b = SBUF_INIT;
		char *back;

		quote_c_string(&b, hostile[i]);
		/* printable ASCII only: no control character, no UTF-8 */
		for (const unsigned char *p = (const unsigned char *)sbuf_str(&b);
		     *p; p++)
			if (*p < 0x20 || *p >= 0x7f)
				fail_msg("%s:%d: byte 0x%02x in %s", __FILE__,
					 __LINE__, *p, sbuf_str(&b));
		back = c_decode(sbuf_str(&b));
		assert_string_equal(back, hostile[i]);
		free(back);
		sbuf_release(&b);
	}
	{
		struct sbuf b = SBUF_INIT;

		/* a GPU model as NVML names it; a quote, a backslash, a
		 * trigraph and an octal escape a digit follows */
		quote_c_string(&b, "NVIDIA H100 80GB HBM3");
		assert_string_equal(sbuf_str(&b), "\"NVIDIA H100 80GB HBM3\"");
		sbuf_reset(&b);
		quote_c_string(&b, "a\"b\\c?\?=\n7");
		assert_string_equal(sbuf_str(&b), "\"a\\\"b\\\\c\\?\\?=\\0127\"");
		sbuf_release(&b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shell_round_trip),
		cmocka_unit_test(test_shell_forms),
		cmocka_unit_test(test_c_string),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
