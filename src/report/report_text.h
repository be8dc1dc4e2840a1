/* report_text.h - the words every layer writes with: formatting numbers
 * and Markdown, and the message catalogue (report_fmt.c, report_msg*.c).
 * One layer of report_int.h, which alone includes it; it builds on the
 * layers before it. */
#ifndef CULAB_REPORT_TEXT_H
#define CULAB_REPORT_TEXT_H

/* ---- formatting (report_fmt.c) ---------------------------------------- */

/* s, or "" for NULL. */
const char *S(const char *s);

/* Appends s (NULL: nothing) Markdown-escaped for inline use (paragraphs,
 * list items, table cells): no line breaks, no table pipes, no HTML, no
 * emphasis, links, code spans, headings or math.  For text that comes
 * from results files. */
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
 * fmt_sig: `sig` significant digits in plain notation, thousands
 *   separated by commas from 10,000 up ("12,345", "0.1095"); from 1e6
 *   an SI prefix ("39.4 M", "1.20 G"); below 1e-6 an exponent;
 * fmt_pct: a percentage, two decimals below 10, else one;
 * fmt_times: a speedup with three significant digits and never fewer
 *   than two decimals below 10, "4.00×", "13.8×", "138×", "1,234×",
 *   "0.956×", "0.00393×" (never "0.00×": a slowdown keeps its digits);
 * fmt_bytes: bytes in decimal units, "512 B", "1.50 MB". */
const char *fmt_sig(char *buf, size_t size, double v, int sig);
const char *fmt_pct(char *buf, size_t size, double v);
const char *fmt_times(char *buf, size_t size, double v);
const char *fmt_bytes(char *buf, size_t size, double v);
/* A ratio as fmt_times() writes it, with `extra` more decimals and
 * `suffix` after it ("" for the ends of an interval). */
const char *fmt_ratio(char *buf, size_t size, double v, int extra,
		      const char *suffix);

/* Two ratios x and y as fmt_times() writes them, into xb and yb (each
 * FMT_SIZE), with one more decimal where that tells them apart ("1.035×"
 * beside "1.045×", not two "1.04×"); two that agree to four digits are
 * written alike, as the same to a reader ("1.28×" and "1.28×"). */
void fmt_times_apart(char *xb, char *yb, double x, double y);
/* Whether factor f covers a step of factor x: at least x, or the same
 * to the three digits a reader sees (f = 1.2848 for x = 1.2846), so
 * that "as large as the step" and "1.28× for a 1.28× step" agree. */
bool factor_covers(double f, double x);

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

/* ---- the message catalogue (report_msg.c) ----------------------------- */

enum lang { EN, ZH, NLANG };

/* The message keys, enum msg: report_msgid.h. */
#include "report_msgid.h"

/* The rows of the body and the details page (report_msg_body.c), from
 * M__BODY on: report_msg.c's table would pass the 1,200 lines a file
 * may have. */
extern const char *const msgs_body[M__SAN - M__BODY][NLANG];
/* The rows of compute-sanitizer's findings (report_msg_sanitizer.c),
 * from M__SAN on. */
extern const char *const msgs_sanitizer[M__LINES - M__SAN][NLANG];
/* The rows of the counters per source line (report_msg_lines.c), from
 * M__LINES on. */
extern const char *const msgs_lines[M__CLASS - M__LINES][NLANG];
/* The rows of a class graded (report_msg_class.c), from M__CLASS on. */
extern const char *const msgs_class[M__COUNT - M__CLASS][NLANG];

/* Message id in language L, as it stands (for those without arguments). */
const char *say_text(enum lang L, enum msg id);

/* Appends message id in language L with {1}..{9} replaced by
 * args[0..n) (sbuf_addargs() in util.h). */
void say_args(struct sbuf *b, enum lang L, enum msg id,
	      const char *const *args, size_t n);

/* say_args() with its arguments listed: SAY(b, L, M_TITLE, title). */
#define SAY(b, L, id, ...)                                                     \
	say_args((b), (L), (id), (const char *const[]){ __VA_ARGS__ },         \
		 sizeof((const char *const[]){ __VA_ARGS__ }) /                \
			 sizeof(const char *))

#endif
