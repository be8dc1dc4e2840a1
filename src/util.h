/* util.h - small helpers every module uses: allocation that cannot fail
 * silently, string building, "did you mean" suggestions and safe file
 * creation. */
#ifndef CULAB_UTIL_H
#define CULAB_UTIL_H

#include <stdbool.h>
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

/* Whether s is valid UTF-8. */
bool utf8_valid(const char *s, size_t len);

#endif
