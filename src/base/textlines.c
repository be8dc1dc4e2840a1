/* textlines.c - the lines of a text, indexed once.  See textlines.h. */
#include "textlines.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void text_lines_index(struct text_lines *x, const char *text)
{
	size_t cap = 64;

	text = text ? text : "";
	x->len = strlen(text);
	x->n = 0;
	x->start = xmalloc(cap * sizeof(*x->start));
	for (size_t at = 0; at < x->len;) {
		const char *nl = memchr(text + at, '\n', x->len - at);

		if (x->n == cap) {
			cap *= 2;
			x->start = xrealloc(x->start, cap * sizeof(*x->start));
		}
		x->start[x->n++] = at;
		at = nl ? (size_t)(nl - text) + 1 : x->len;
	}
}

void text_lines_release(struct text_lines *x)
{
	free(x->start);
	memset(x, 0, sizeof(*x));
}

const char *text_line(const struct text_lines *x, const char *text, int line,
		      size_t *len)
{
	size_t k, end;

	if (line < 1 || (size_t)line > x->n)
		return NULL;
	k = (size_t)line - 1;
	end = k + 1 < x->n ? x->start[k + 1] - 1 : x->len;
	if (end > x->start[k] && text[end - 1] == '\n')
		end--;
	*len = end - x->start[k];
	return text + x->start[k];
}
