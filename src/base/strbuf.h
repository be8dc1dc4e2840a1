/* base/strbuf.h - a growable string (util.c).  Part of util.h, which every module includes. */
#ifndef CULAB_BASE_STRBUF_H
#define CULAB_BASE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- string buffer ---------------------------------------------------- */

/* A NUL-terminated, growable byte string.  Zero-initialise it (or use
 * SBUF_INIT); sbuf_release() frees it.  Allocation failure aborts (see
 * xmalloc in util.h). */
struct sbuf {
	char *buf;
	size_t len, cap;
};

#define SBUF_INIT { NULL, 0, 0 }

void sbuf_addn(struct sbuf *b, const char *s, size_t n);
void sbuf_add(struct sbuf *b, const char *s);        /* NULL adds nothing */
void sbuf_addc(struct sbuf *b, char c);
void sbuf_addf(struct sbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sbuf_vaddf(struct sbuf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Appends `fmt` with "{1}".."{9}" replaced by args[0..8] (NULL and
 * missing arguments add nothing).  Other braces are copied as they are.
 * Message catalogues use this instead of printf formats so that a
 * translation can put the arguments in its own order. */
void sbuf_addargs(struct sbuf *b, const char *fmt, const char *const *args,
		  size_t nargs);
/* The text so far; "" (never NULL) when nothing was added. */
const char *sbuf_str(const struct sbuf *b);
/* Empties the buffer, keeping its memory. */
void sbuf_reset(struct sbuf *b);
/* Returns the heap string (caller frees) and leaves the buffer empty. */
char *sbuf_detach(struct sbuf *b);
void sbuf_release(struct sbuf *b);

#ifdef __cplusplus
}
#endif

#endif
