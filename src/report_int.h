/* report_int.h - what the files of the report share, and nothing else
 * includes: the analysis model's types and the helpers each file lends
 * the others.  Sections are named for the file that implements them.
 * report.h is the report's contract with the rest of culab; this header
 * may change with any of these files. */
#ifndef CULAB_REPORT_INT_H
#define CULAB_REPORT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* ---- formatting (report_fmt.c) ---------------------------------------- */

/* s, or "" for NULL. */
static inline const char *S(const char *s)
{
	return s ? s : "";
}

/* Appends s (NULL: nothing) Markdown-escaped for inline use (paragraphs,
 * list items, table cells): no line breaks, no table pipes, no HTML, no
 * emphasis, links, code spans, headings or math.  All text that comes
 * from results files goes through here. */
void md_text(struct sbuf *b, const char *s);

/* md_text into a fresh heap string (for message arguments); the caller
 * frees it. */
char *md_dup(const char *s);

/* A small pool of escaped strings that lives as long as one sentence.
 * It starts empty ({ .n = 0 }); pool_release() frees what it holds. */
struct pool {
	char *s[12];
	size_t n;
};

/* s escaped by md_text(), held by the pool until pool_release(); "" when
 * the pool is full. */
const char *pool_md(struct pool *p, const char *s);

/* Heap string s, now held by the pool until pool_release(); when the pool
 * is full s is freed at once and "" returned. */
const char *pool_keep(struct pool *p, char *s);

/* Frees every string the pool holds and empties it. */
void pool_release(struct pool *p);

/* Numbers, written into buf[size]; each returns buf.  "—" for a value
 * that is not finite (fmt_sig, fmt_times).
 * fmt_sig: `sig` significant digits, no exponent between 1e-4 and 1e6;
 * fmt_pct: a percentage, two decimals below 10, else one;
 * fmt_times: a speedup, "4.00×";
 * fmt_bytes: bytes in decimal units, "512 B", "1.50 MB". */
const char *fmt_sig(char *buf, size_t size, double v, int sig);
const char *fmt_pct(char *buf, size_t size, double v);
const char *fmt_times(char *buf, size_t size, double v);
const char *fmt_bytes(char *buf, size_t size, double v);

/* The same into a buffer that lives until the end of the enclosing block,
 * for message arguments and cells. */
#define FMT_SIZE 48
#define FMT(v, sig) fmt_sig((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v), (sig))
#define PCT(v) fmt_pct((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v))
#define TIMES(v) fmt_times((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v))

/* A size as a heap string, which the caller frees: "n = 2^22" for a
 * reduction, "4096 × 4096" for a matrix ("4096 x 4096" with `ascii`, for
 * charts, whose fonts are ASCII).  size_text() is the Markdown one. */
char *size_text_as(uint64_t n, uint64_t m, bool matrix, bool ascii);
char *size_text(uint64_t n, uint64_t m, bool matrix);

/* Appends a Markdown table row of cells[0..n), or the rule under the
 * head row (right[i]: column i is right-aligned). */
void table_row(struct sbuf *b, const char *const *cells, size_t n);
void table_rule(struct sbuf *b, const bool *right, size_t n);

/* Ends a block's last line: blocks carry no trailing newline, so that a
 * template decides the spacing around them.  Drops trailing newlines and
 * spaces. */
void block_trim(struct sbuf *b);

#endif
