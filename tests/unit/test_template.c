/* test_template.c - the report template language and the string buffer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report/template.h"

static const char *const names[] = { "title", "body", "empty", "environment" };

static const char *values[] = { "T", "B\nB2", "", "ENV" };

static const char *lookup(void *ctx, size_t index)
{
	(void)ctx;
	return index < 4 ? values[index] : NULL;
}

/* Renders `text`; returns a heap string, or NULL when parsing failed. */
static char *render(const char *text)
{
	struct template *t;
	struct sbuf out = SBUF_INIT;

	if (template_parse("t.md", text, strlen(text), names, 4, &t) < 0)
		return NULL;
	assert_int_equal(template_render(t, lookup, NULL, &out), 0);
	template_free(t);
	return sbuf_detach(&out);
}

/* Parses `text`, which must fail; returns the diagnostics printed. */
static char *errors_of(const char *text)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct template *t = NULL;
	int rc;

	diag_set_stream(fp);
	rc = template_parse("t.md", text, strlen(text), names, 4, &t);
	diag_set_stream(NULL);
	fclose(fp);
	assert_int_equal(rc, -1);
	assert_null(t);
	return buf;
}

static void test_values(void **state)
{
	char *s = render("# {{title}}\n\n{{ body }} and {{empty}}.\n");

	(void)state;
	assert_non_null(s);
	assert_string_equal(s, "# T\n\nB\nB2 and .\n");
	free(s);
}

static void test_if_else_and_standalone_lines(void **state)
{
	char *s = render("a\n{{#if title}}\nyes {{title}}\n{{#else}}\nno\n"
			 "{{/if}}\n  {{#if empty}}\nhidden\n{{#else}}\n"
			 "shown\n  {{/if}}  \nz {{#if empty}}x{{/if}}z\n");

	(void)state;
	assert_non_null(s);
	/* control tags alone on a line take the line with them; inline
	 * ones leave the text around them */
	assert_string_equal(s, "a\nyes T\nshown\nz z\n");
	free(s);
}

static void test_nested_if(void **state)
{
	char *s = render("{{#if title}}[{{#if empty}}E{{#else}}N{{/if}}]"
			 "{{/if}}{{#if empty}}({{#if title}}X{{/if}}){{/if}}");

	(void)state;
	assert_non_null(s);
	assert_string_equal(s, "[N]");
	free(s);
}

static void test_comments_and_braces(void **state)
{
	char *s = render("{{!-- lists {{title}} and {{nosuch}} --}}\n"
			 "x{{! short }}y {{braces}}z}}\n");

	(void)state;
	assert_non_null(s);
	assert_string_equal(s, "xy {{z}}\n");
	free(s);
}

static void test_crlf_standalone(void **state)
{
	char *s = render("a\r\n{{#if title}}\r\nb\r\n{{/if}}\r\nc\r\n");

	(void)state;
	assert_non_null(s);
	assert_string_equal(s, "a\r\nb\r\nc\r\n");
	free(s);
}

static void test_unknown_name_suggests(void **state)
{
	char *e = errors_of("line one\n  {{enviroment}}\n");

	(void)state;
	assert_non_null(strstr(e, "t.md:2:3: error: unknown placeholder "
				  "\"enviroment\"; did you mean "
				  "\"environment\"?"));
	free(e);
}

static void test_unknown_name_lists_known(void **state)
{
	char *e = errors_of("{{zzzzzzzzzz}}");

	(void)state;
	assert_non_null(strstr(e, "t.md:1:1: error: unknown placeholder "
				  "\"zzzzzzzzzz\" (known: title, body, empty, "
				  "environment)"));
	free(e);
}

static void test_columns_count_characters(void **state)
{
	/* three CJK characters before the tag: column 4, not 10 */
	char *e = errors_of("标题：{{nope_nope_nope}}");

	(void)state;
	assert_non_null(strstr(e, "t.md:1:4: error: unknown placeholder"));
	free(e);
}

static void test_structure_errors(void **state)
{
	struct {
		const char *text, *want;
	} cases[] = {
		{ "a {{title", "t.md:1:3: error: unterminated tag" },
		{ "{{#if title}}x", "t.md:1:1: error: {{#if}} is not closed" },
		{ "x\n{{/if}}", "t.md:2:1: error: {{/if}} without {{#if}}" },
		{ "{{#else}}", "t.md:1:1: error: {{#else}} outside {{#if}}" },
		{ "{{#if body}}{{#else}}{{#else}}{{/if}}",
		  "t.md:1:22: error: second {{#else}}" },
		{ "{{#each body}}", "t.md:1:1: error: unknown tag" },
		{ "{{Title}}", "t.md:1:1: error: bad placeholder name \"Title\"" },
		{ "{{}}", "t.md:1:1: error: empty tag" },
		{ "{{#if}}{{/if}}", "t.md:1:1: error: empty tag" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *e = errors_of(cases[i].text);

		if (!strstr(e, cases[i].want))
			fail_msg("%s:%d: for \"%s\" expected \"%s\", got \"%s\"",
				 __FILE__, __LINE__, cases[i].text,
				 cases[i].want, e);
		free(e);
	}
}

static void test_every_error_reported(void **state)
{
	char *e = errors_of("{{nope1_x}} {{nope2_x}}\n{{/if}}");
	int count = 0;

	(void)state;
	for (char *p = e; (p = strstr(p, "error:")) != NULL; p++)
		count++;
	assert_int_equal(count, 3);
	free(e);
}

static void test_uses(void **state)
{
	struct template *t;
	const char *text = "{{title}} {{#if empty}}{{/if}}";

	(void)state;
	assert_int_equal(template_parse("t.md", text, strlen(text), names, 4,
					&t), 0);
	assert_true(template_uses(t, 0));
	assert_false(template_uses(t, 1));
	assert_true(template_uses(t, 2));
	assert_false(template_uses(t, 3));
	assert_false(template_uses(t, 99));
	template_free(t);
}

static void test_sbuf_args_reorder(void **state)
{
	struct sbuf b = SBUF_INIT;
	const char *args[] = { "A", "B" };
	char *s;

	(void)state;
	sbuf_addargs(&b, "{2} then {1}, {3} missing, {x} and { kept", args, 2);
	assert_string_equal(sbuf_str(&b), "B then A,  missing, {x} and { kept");
	sbuf_reset(&b);
	assert_string_equal(sbuf_str(&b), "");
	sbuf_addf(&b, "%d-%s", 42, "z");
	s = sbuf_detach(&b);
	assert_string_equal(s, "42-z");
	assert_string_equal(sbuf_str(&b), "");
	free(s);
	sbuf_release(&b);
}

static void test_sbuf_grows(void **state)
{
	struct sbuf b = SBUF_INIT;

	(void)state;
	for (int i = 0; i < 10000; i++)
		sbuf_addc(&b, (char)('a' + i % 26));
	assert_int_equal(b.len, 10000);
	assert_int_equal(strlen(sbuf_str(&b)), 10000);
	assert_int_equal(sbuf_str(&b)[9999], 'a' + 9999 % 26);
	sbuf_release(&b);
	sbuf_release(NULL);
}

/* A template that repeats a large value is refused at
 * TEMPLATE_MAX_OUTPUT bytes instead of growing without bound; what came
 * before the value that would pass it stays. */
static const char *big_value(void *ctx, size_t index)
{
	return index == 1 ? ctx : "";
}

static void test_render_bounded(void **state)
{
	size_t n = TEMPLATE_MAX_OUTPUT / 3 + 1;
	char *big = malloc(n + 1);
	const char *text = "{{title}}{{body}}{{body}}{{body}}{{body}}";
	struct template *t;
	struct sbuf out = SBUF_INIT;

	(void)state;
	memset(big, 'x', n);
	big[n] = '\0';
	assert_int_equal(template_parse("t.md", text, strlen(text), names, 4,
					&t), 0);
	assert_int_equal(template_render(t, big_value, big, &out), -1);
	assert_int_equal(out.len, 2 * n);
	assert_true(out.len <= TEMPLATE_MAX_OUTPUT);
	sbuf_release(&out);
	template_free(t);
	free(big);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_if_else_and_standalone_lines),
		cmocka_unit_test(test_nested_if),
		cmocka_unit_test(test_comments_and_braces),
		cmocka_unit_test(test_crlf_standalone),
		cmocka_unit_test(test_unknown_name_suggests),
		cmocka_unit_test(test_unknown_name_lists_known),
		cmocka_unit_test(test_columns_count_characters),
		cmocka_unit_test(test_structure_errors),
		cmocka_unit_test(test_every_error_reported),
		cmocka_unit_test(test_uses),
		cmocka_unit_test(test_sbuf_args_reorder),
		cmocka_unit_test(test_sbuf_grows),
		cmocka_unit_test(test_render_bounded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
