/* base/quote.h - text from files written for another interpreter: a
 * shell word, a C string literal (quote.c).
 *
 * Names, paths and GPU models come from experiment and results files, so
 * wherever culab prints or writes them for a shell or a compiler to
 * read, they are quoted here: one rule per interpreter.  (cli/main.c's
 * record of the command line is for reading, and leaves 2^20 bare.)
 * The others have theirs beside their outputs: CSV cells in
 * results_csv_field (results/csv.c), Markdown and HTML in report/
 * (md_text, and cmark-gfm without raw HTML), gnuplot strings in
 * report/plot.c (plot_quote), the terminal in diag.h (diag_esc). */
#ifndef CULAB_BASE_QUOTE_H
#define CULAB_BASE_QUOTE_H

#ifdef __cplusplus
extern "C" {
#endif

struct sbuf;

/* Appends w to b as one word for sh: as it is when it holds only
 * characters no shell treats specially (letters, digits and _ . / : = ,
 * + - @ %) and is not empty, else single-quoted, each ' written as '\''.
 * Every byte is kept, control characters too (a script must name the
 * exact path); text for a terminal goes through diag_esc() after. */
void quote_shell(struct sbuf *b, const char *w);

/* Appends s to b as a C string literal, quotes included: printable ASCII
 * as it is, except \ " and ? (no trigraph) escaped with a backslash;
 * every other byte (control characters, DEL, UTF-8) as a three-digit
 * octal escape, which no following digit can extend.  The literal holds
 * exactly s's bytes and nothing that drives a terminal. */
void quote_c_string(struct sbuf *b, const char *s);

#ifdef __cplusplus
}
#endif

#endif
