/* report_code.h - the code in the report (report_code.c): fenced and
 * numbered listings, a rung's key lines and the lines its step replaced
 * (ladder.h: code_*, before_*), code spans, a line named where the report
 * names it.  Part of what the files of the report share, included by the
 * files that use it after report_int.h (enum lang). */
#ifndef CULAB_REPORT_CODE_H
#define CULAB_REPORT_CODE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"

struct variant;

/* Appends a fenced code block of text with info string `info` ("sh",
 * "cuda"), fenced so that no backquote run inside text can close it. */
void md_fence(struct sbuf *b, const char *info, const char *text);

/* Lines of a file of kernels/: the file, the 1-based line text starts
 * at, and the text; a variant's key lines (key_span) or the lines its
 * step replaces in the rung before (before_span), ladder.h. */
struct code_span {
	const char *file;
	int line;
	const char *text;
};
struct code_span key_span(const struct variant *v);
struct code_span before_span(const struct variant *v);

/* Whether variant v carries its key lines (ladder.h: code_file,
 * code_line, code_text); false for NULL.  has_before_lines(): whether it
 * carries the lines its step replaces (before_*). */
/* Whether line [s, e) is a marker of key lines (`culab:key ...` or
 * `culab:end`, src/ladder/key_lines.awk): the key lines of a rung hold
 * those of a region nested in them, which a listing leaves out and no
 * comparison of code counts. */
bool key_marker(const char *s, const char *e);
bool has_key_lines(const struct variant *v);
bool has_before_lines(const struct variant *v);
/* Appends where v's key lines are, as a code span:
 * `kernels/reduce.cu:54–60`; span_place() any span's place as plain
 * text. */
void key_lines_where(struct sbuf *b, const struct variant *v);
void span_place(struct sbuf *b, struct code_span s);
/* Appends s as a code span (`s`), for identifiers (variant and counter
 * names, files), which the HTML page never breaks; as md_text() when a
 * span cannot hold it (a backquote, a pipe, a line break). */
void md_code(struct sbuf *b, const char *s);

/* Line `line` of `text`, whose first line is line `line0` of its file:
 * blanks collapsed, a trailing // comment cut, at most `max` bytes (then
 * "…", never inside a UTF-8 character); NULL when text is NULL or holds
 * no such line, or the line is blank.  Caller frees. */
char *code_quote(const char *text, int line0, int line, size_t max);
/* code_quote of line `line` of a user's source `text` (line 1 its first)
 * through m's index of its lines (model_text_lines): a table quotes many
 * lines of one source, which is read once.  m NULL: code_quote. */
struct model;
char *code_quote_source(const struct model *m, const char *text, int line,
			size_t max);

/* Whether `file` (as the line tables name it) is v's own: the user's
 * source, or the built-in rung's key-lines file. */
bool code_own_file(const struct variant *v, const char *file);
/* Line `line` of `file` quoted (code_quote, at most `max` bytes), or NULL:
 * from the user's source when it is v's own file, else from the key
 * lines of any built-in variant of m's results that hold it, or the
 * lines a variant's step replaced (results keep those of kernels/, not
 * the whole files).  Caller frees. */
char *code_quote_at(const struct model *m, const struct variant *v,
		    const char *file, int line, size_t max);
/* Appends "line 32 `code`" (language L) for source line sl of v's own
 * file, "`kernels/common.cuh:48` `code`" for another file, the words for
 * no line without a file: where the report names a line. */
struct source_line;
void code_line_where(struct sbuf *b, enum lang L, const struct model *m,
		     const struct variant *v, const struct source_line *sl);

/* The last component of `path` (all of it without a '/'). */
const char *path_base(const char *path);

/* Appends v's key lines as a fenced block, each line after its number in
 * the file, their common indentation taken off. */
void key_lines(struct sbuf *b, const struct variant *v);

/* Appends the lines before a step (a) and after it (v) as one fenced
 * block whose info string is KEY_PAIR_INFO (report_html.h): each part
 * opens with a line of KEY_PAIR_HEAD and its heading (head_a, head_b:
 * plain text, one line), then its numbered lines as key_lines() writes
 * them.  Read as Markdown it is the two listings one after the other;
 * the HTML page sets them side by side (report_html.c). */
void key_lines_pair(struct sbuf *b, struct code_span a, const char *head_a,
		    struct code_span v, const char *head_b);

#endif
