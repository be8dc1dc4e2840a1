/* test_diag.c - diagnostics and the one escape for terminal text: no
 * byte a file holds can end a line or reach the terminal as a control. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/diag.h"
#include "base/util.h"

static void expect(const char *in, size_t len, const char *want)
{
	struct sbuf b = SBUF_INIT;

	diag_escape(&b, in, len);
	if (strcmp(sbuf_str(&b), want) != 0)
		fail_msg("%s:%d: escaped \"%s\", want \"%s\"", __FILE__,
			 __LINE__, sbuf_str(&b), want);
	sbuf_release(&b);
}

#define EXPECT(in, want) expect(in, sizeof(in) - 1, want)

static void test_escape(void **state)
{
	(void)state;
	EXPECT("plain text / 1.5 GB/s", "plain text / 1.5 GB/s");
	EXPECT("a\nb\rc\td", "a\\nb\\rc\\td");
	EXPECT("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m");
	EXPECT("bell\x07 del\x7f nul\0x", "bell\\x07 del\\x7f nul\\x00x");
	/* UTF-8 text is kept */
	EXPECT("线程束 warp é", "线程束 warp é");
	/* C1 controls, as UTF-8 (U+009B CSI) and as bare bytes */
	EXPECT("a\xc2\x9b" "2Jb", "a\\xc2\\x9b2Jb");
	EXPECT("a\x9b" "2J", "a\\x9b2J");
	/* bytes that are not UTF-8: overlong, cut, stray continuation */
	EXPECT("\xc0\xaf", "\\xc0\\xaf");
	EXPECT("x\xe7\xba", "x\\xe7\\xba");
	EXPECT("\x80", "\\x80");
	/* direction overrides (Trojan Source) */
	EXPECT("ab\xe2\x80\xae" "cd", "ab\\u{202e}cd");
	/* backslashes are kept: text, not an escape */
	EXPECT("a\\nb", "a\\nb");
}

static void test_esc_slots(void **state)
{
	const char *a, *b;

	(void)state;
	a = diag_esc("one\n");
	b = diag_esc("two\x1b");
	assert_string_equal(a, "one\\n");
	assert_string_equal(b, "two\\x1b");
	assert_string_equal(diag_esc(NULL), "(null)");
}

/* A diagnostic naming a file's text is one line whatever the text holds. */
static void test_diag_one_line(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	(void)state;
	diag_set_stream(fp);
	diag_error_at("r\n.json", 0, 0, "rows[0].variant: \"%s\" is unknown",
		      "x\nr.json: note: forged\x1b[2J");
	diag_printf(fp, "verify %s\n", "a\rb");
	diag_set_stream(NULL);
	fclose(fp);
	assert_string_equal(buf, "r\\n.json: error: rows[0].variant: "
			    "\"x\\nr.json: note: forged\\x1b[2J\" is unknown\n"
			    "verify a\\rb\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_esc_slots),
		cmocka_unit_test(test_diag_one_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
