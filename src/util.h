/* util.h - small helpers every module uses: allocation that cannot fail
 * silently, string building, "did you mean" suggestions and safe file
 * creation. */
#ifndef CULAB_UTIL_H
#define CULAB_UTIL_H

#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Allocation: on failure these print "culab: fatal: out of memory" and
 * abort(), since no caller can recover from it meaningfully. */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);                 /* NULL -> NULL */
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Levenshtein distance between a and b (bytes). */
size_t edit_distance(const char *a, const char *b);

/* The candidate closest to `word` (smallest edit distance, at most
 * max(2, strlen(word) / 3)), or NULL when none is close. */
const char *nearest_word(const char *word, const char *const *cands,
			 size_t ncands);

/* Joins `n` strings with ", " into buf (truncating with "..."). */
const char *join_words(const char *const *words, size_t n, char *buf,
		       size_t size);

/* Creates directory `dir` and its parents (mode 0755).  Returns 0, or -1
 * with errno set. */
int mkdir_p(const char *dir);

/* Writes `len` bytes to `path` atomically: a new temporary file in the
 * same directory (O_EXCL, mode 0644), fsync, rename over `path`.  A
 * planted symlink at `path` is replaced, never followed.  Returns 0, or
 * -1 after a diagnostic naming the path. */
int write_file_atomic(const char *path, const void *data, size_t len);

/* Reads a whole regular file (at most `max` bytes) into a NUL-terminated
 * heap buffer.  Returns 0, or -1 after a diagnostic ("cannot open", "is a
 * directory", "larger than ..."). */
int read_file(const char *path, size_t max, char **text, size_t *len);

/* Current UTC time as ISO 8601 ("2026-11-22T03:21:59Z") into buf[32]. */
const char *iso_time_now(char buf[32]);
/* Seconds on the monotonic clock, for durations. */
double monotonic_seconds(void);

/* Whether s is valid UTF-8. */
bool utf8_valid(const char *s, size_t len);

/* Calls fn(ctx, c) for every c < nchunks, on up to one thread per core
 * (at most 64).  Chunks are taken in any order: fn must write only chunk
 * c's own results, and the caller combines them in chunk order, so the
 * outcome does not depend on the number of cores. */
void util_parallel_for(size_t nchunks, void (*fn)(void *ctx, size_t chunk),
		       void *ctx);

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

/* The slowest steps of something, for trace output: v[0..n) is kept
 * sorted by seconds, slowest first; unused entries have seconds 0. */
struct slowest {
	char label[160];
	double seconds;
};

/* Puts (label, secs) into v[0..n) when it is slower than the last entry. */
void slowest_note(struct slowest *v, size_t n, const char *label, double secs);

#endif
