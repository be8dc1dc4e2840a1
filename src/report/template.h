/* template.h - the report's small template language, and the growable
 * string buffer report_render.c and plot.c build their text with.
 *
 * A template is Markdown (or any text) with tags in double braces:
 *
 *   {{name}}                 the value of placeholder `name` (may be empty)
 *   {{#if name}} A {{#else}} B {{/if}}
 *                            A when `name` is non-empty, else B; nests;
 *                            {{#else}} is optional
 *   {{! any text }}          a comment, dropped (may span lines)
 *   {{!-- any text --}}      a comment that may itself contain "}}"
 *   {{braces}}               a literal "{{"
 *
 * Names are [a-z0-9_]; spaces inside the braces are allowed.  A line that
 * holds nothing but an {{#if}}, {{#else}}, {{/if}} or comment tag (and
 * blanks) disappears with its newline, so section tags can sit on lines of
 * their own.  The caller says which placeholder names exist; any other
 * name is an error with the 1-based line and column and a "did you mean".
 * Reordering or omitting placeholders is how a template reorders or
 * omits report sections. */
#ifndef CULAB_TEMPLATE_H
#define CULAB_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"

/* ---- templates -------------------------------------------------------- */

struct template;

/* Largest template file read, in bytes. */
#define TEMPLATE_MAX_BYTES (1u << 20)

/* Parses `text` (len bytes).  `names[0..nnames)` are the placeholders the
 * caller can fill.  `path` is used only in diagnostics.  Returns 0 and sets
 * *t (caller frees with template_free), or -1 after reporting every error
 * (at most 20) in GNU format "path:line:col: error: ...". */
int template_parse(const char *path, const char *text, size_t len,
		   const char *const *names, size_t nnames, struct template **t);

/* Reads the file `path` and parses it as template_parse() does. */
int template_load(const char *path, const char *const *names, size_t nnames,
		  struct template **t);

/* Whether the template refers to names[index] anywhere (in a value or a
 * condition), so callers can skip building blocks nobody shows. */
bool template_uses(const struct template *t, size_t index);

/* Returns the value of names[index]; NULL counts as empty. */
typedef const char *(*template_value_fn)(void *ctx, size_t index);

/* Most bytes a rendered template may have: a template that repeats a
 * large placeholder many times is refused rather than written out. */
#define TEMPLATE_MAX_OUTPUT (64u << 20)

/* Appends the rendered template to out.  Returns 0, or -1 (out then
 * holds what came before) when the rendering would pass
 * TEMPLATE_MAX_OUTPUT bytes. */
int template_render(const struct template *t, template_value_fn value,
		    void *ctx, struct sbuf *out);

void template_free(struct template *t);

#endif
