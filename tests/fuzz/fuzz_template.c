/* fuzz_template.c - libFuzzer target for the report template engine.
 *
 * Templates come from --template and are mailed around like experiment
 * files: any byte string must either parse or be refused with
 * diagnostics of one line each (file:line:col), and a parsed template
 * must render without a crash, a leak or undefined behaviour, and within
 * TEMPLATE_MAX_OUTPUT bytes.  The placeholders are a few names whose
 * values are empty, short or large (64 KiB), so that repeating a large
 * one reaches the output limit.  The first byte picks which values are
 * empty, so both branches of every {{#if}} are taken.  Seed corpus:
 * templates/ and tests/fuzz/template-seeds. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report/template.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const names[] = {
	"title", "summary", "ladder", "empty", "big", "x_1", "charts",
};
#define NNAMES (sizeof(names) / sizeof(names[0]))

static char *big;
static unsigned mask;

static const char *value(void *ctx, size_t index)
{
	(void)ctx;
	if (index >= NNAMES)
		__builtin_trap();
	if (mask & (1u << index))
		return index % 2 ? "" : NULL;
	switch (index) {
	case 0: return "A \x1b[31mtitle\x1b[0m";
	case 3: return "";
	case 4: return big;
	default: return "some text\n{{title}}\n";
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct template *t = NULL;
	struct sbuf out = SBUF_INIT;
	char *text;
	size_t i;

	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
		big = malloc(65537);
		memset(big, 'x', 65536);
		big[65536] = '\0';
	}
	if (size > TEMPLATE_MAX_BYTES)
		return 0;
	mask = size ? data[0] : 0;
	text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	if (template_parse("fuzz.md", text, size, names, NNAMES, &t) < 0) {
		if (t)
			__builtin_trap();
		free(text);
		return 0;
	}
	if (!t)
		__builtin_trap();
	for (i = 0; i < NNAMES; i++)
		(void)template_uses(t, i);
	if (template_render(t, value, NULL, &out) == 0 &&
	    out.len > TEMPLATE_MAX_OUTPUT)
		__builtin_trap();
	if (out.len > TEMPLATE_MAX_OUTPUT)
		__builtin_trap();
	sbuf_release(&out);
	template_free(t);
	free(text);
	return 0;
}
