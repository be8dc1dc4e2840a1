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

/* va_list forms, for modules that wrap these. */
int diag_verror_at(const char *path, int line, int col, const char *fmt,
		   va_list ap) DIAG_PRINTF(4, 0);

#endif
