/* diag.c - GNU-format diagnostics.  See diag.h.
 *
 * One stream, one counter, printf-checked entry points.  Nothing here
 * exits: callers decide what an error means for the run. */
#include "diag.h"

static FILE *diag_fp;
static const char *diag_prog = "culab";
static unsigned diag_errors;

void diag_set_stream(FILE *fp) { diag_fp = fp; }
FILE *diag_stream(void) { return diag_fp ? diag_fp : stderr; }
void diag_set_program(const char *name) { diag_prog = name ? name : "culab"; }
unsigned diag_error_count(void) { return diag_errors; }
void diag_reset_count(void) { diag_errors = 0; }

static void vemit(const char *path, int line, int col, const char *kind,
		  const char *fmt, va_list ap)
{
	FILE *fp = diag_stream();

	if (path && line > 0 && col > 0)
		fprintf(fp, "%s:%d:%d: %s: ", path, line, col, kind);
	else if (path && line > 0)
		fprintf(fp, "%s:%d: %s: ", path, line, kind);
	else if (path)
		fprintf(fp, "%s: %s: ", path, kind);
	else
		fprintf(fp, "%s: %s: ", diag_prog, kind);
	vfprintf(fp, fmt, ap);
	fputc('\n', fp);
	fflush(fp);
}

int diag_verror_at(const char *path, int line, int col, const char *fmt,
		   va_list ap)
{
	diag_errors++;
	vemit(path, line, col, "error", fmt, ap);
	return -1;
}

int diag_error_at(const char *path, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror_at(path, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

void diag_warning_at(const char *path, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(path, line, col, "warning", fmt, ap);
	va_end(ap);
}

void diag_note_at(const char *path, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(path, line, col, "note", fmt, ap);
	va_end(ap);
}

int diag_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror_at(NULL, 0, 0, fmt, ap);
	va_end(ap);
	return -1;
}

void diag_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(NULL, 0, 0, "warning", fmt, ap);
	va_end(ap);
}

void diag_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(NULL, 0, 0, "note", fmt, ap);
	va_end(ap);
}
