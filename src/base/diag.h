/* diag.h - GNU-format diagnostics: "file:line:col: error: message".
 *
 * All user-facing errors and warnings go through this module so their
 * format is uniform.  Lines and columns are 1-based (libyaml marks count
 * from 0: add 1 before calling).  Messages carry no trailing newline or
 * full stop; subjects are quoted and alternatives listed.  Error
 * functions return -1 so callers can write `return diag_error(...)`. */
#ifndef CULAB_DIAG_H
#define CULAB_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define DIAG_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* Where diagnostics go (default stderr).  Tests point it at a memstream.
 * Passing NULL restores stderr. */
void diag_set_stream(FILE *fp);
FILE *diag_stream(void);

/* The program name used when there is no file position ("culab"). */
void diag_set_program(const char *name);

/* Number of errors reported since the last diag_reset_count(). */
unsigned diag_error_count(void);
void diag_reset_count(void);

/* "culab: error: ..." ; returns -1. */
int diag_error(const char *fmt, ...) DIAG_PRINTF(1, 2);
/* "culab: warning: ..." */
void diag_warning(const char *fmt, ...) DIAG_PRINTF(1, 2);
/* "culab: note: ..." */
void diag_note(const char *fmt, ...) DIAG_PRINTF(1, 2);

/* "path:line:col: error: ..." ; line/col 0 are left out; returns -1. */
int diag_error_at(const char *path, int line, int col, const char *fmt, ...)
	DIAG_PRINTF(4, 5);
void diag_warning_at(const char *path, int line, int col, const char *fmt, ...)
	DIAG_PRINTF(4, 5);
void diag_note_at(const char *path, int line, int col, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

/* Writes diagnostics another culab process printed through these
 * functions (the compile child's, kcompile.h) to the stream as if they
 * were printed here, and counts `errors` errors.  Each line is escaped
 * again (which leaves escaped text as it is) and ends with a newline, so
 * the text cannot forge more than it says. */
void diag_relay(const char *text, size_t len, unsigned errors);

/* va_list forms, for modules that wrap these. */
int diag_verror_at(const char *path, int line, int col, const char *fmt,
		   va_list ap) DIAG_PRINTF(4, 0);

/* ---- terminal text ---------------------------------------------------------
 *
 * Text that came from a file (a name, a message, a path) may hold bytes
 * that drive a terminal or forge a line: ESC sequences, CR, LF.  Every
 * line culab prints with such text goes through one escape: C0 controls
 * and DEL become \n, \r, \t or \xNN; C1 controls (U+0080 .. U+009F) and
 * bytes that are not UTF-8 become \xNN, byte by byte; the Unicode
 * direction overrides and isolates (U+202A .. U+202E, U+2066 .. U+2069)
 * become \u{NNNN}.  Other text, UTF-8 included, is copied.  Diagnostics
 * are escaped whole (their messages never mean a control character
 * themselves); other printing calls diag_esc() on each piece of
 * file-derived text. */

/* Appends s[0..len) to b, escaped. */
struct sbuf;
void diag_escape(struct sbuf *b, const char *s, size_t len);
/* s (NULL as "(null)") escaped, in one of eight buffers of this thread
 * that the eighth call after reuses: for printf arguments,
 * printf("%s: %s\n", diag_esc(a), diag_esc(b)). */
const char *diag_esc(const char *s);
/* printf to fp, with the formatted text escaped except for a final
 * newline: for lines whose arguments come from files. */
int diag_printf(FILE *fp, const char *fmt, ...) DIAG_PRINTF(2, 3);

#endif
