/* base/textlines.h - where each line of a text starts, found once
 * (textlines.c): a table of a source's lines quotes hundreds of them,
 * and finding each from the start is quadratic in a large source. */
#ifndef CULAB_BASE_TEXTLINES_H
#define CULAB_BASE_TEXTLINES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct text_lines {
	size_t n;                /* lines; a last line without '\n' counts */
	size_t *start;           /* line k (1-based) starts at start[k - 1] */
	size_t len;              /* the text's length */
};

/* Indexes text (NULL as ""): one pass.  text_lines_release() frees it. */
void text_lines_index(struct text_lines *x, const char *text);
void text_lines_release(struct text_lines *x);

/* Line `line` (1-based) of text, which x indexes: its start, its length
 * without the newline in *len; NULL past the last line. */
const char *text_line(const struct text_lines *x, const char *text, int line,
		      size_t *len);

#ifdef __cplusplus
}
#endif

#endif
