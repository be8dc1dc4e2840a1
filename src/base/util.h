/* util.h - small helpers every module uses: allocation that cannot fail
 * silently, "did you mean" suggestions, time, UTF-8 and a parallel for;
 * and, one header each, the string buffer (strbuf.h), numbers and
 * switches from the environment (knobs.h) and safe files and directories
 * (files.h). */
#ifndef CULAB_UTIL_H
#define CULAB_UTIL_H

#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>

#include "strbuf.h"
#include "knobs.h"
#include "files.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Allocation: on failure these print "culab: fatal: out of memory" and
 * abort(), since no caller can recover from it meaningfully. */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);                 /* NULL -> NULL */
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* This process's environment with NAME=value in place of any NAME it
 * has, for a child's execve: made before fork, so that the child of a
 * process with threads calls nothing but what is async-signal-safe.
 * environ_with_list takes several: name, value, name, value, ..., NULL.
 * Only environ_with_free() frees what they return, and the entries
 * they added. */
char **environ_with(const char *name, const char *value);
char **environ_with_list(const char *const *pairs);
void environ_with_free(char **env);

/* Levenshtein distance between a and b (bytes). */
size_t edit_distance(const char *a, const char *b);

/* The candidate closest to `word` (smallest edit distance, at most
 * max(2, strlen(word) / 3)), or NULL when none is close. */
const char *nearest_word(const char *word, const char *const *cands,
			 size_t ncands);

/* Joins `n` strings with ", " into buf (truncating with "..."). */
const char *join_words(const char *const *words, size_t n, char *buf,
		       size_t size);

/* Current UTC time as ISO 8601 ("2026-11-22T03:21:59Z") into buf[32]. */
const char *iso_time_now(char buf[32]);
/* Seconds on the monotonic clock, for durations. */
double monotonic_seconds(void);
/* Whether s is valid UTF-8. */
bool utf8_valid(const char *s, size_t len);
/* Characters (UTF-8 sequences) in s[0..n): a column's width in
 * diagnostics, where a tab counts as one. */
size_t utf8_chars(const char *s, size_t n);
/* 3 when text starts with a UTF-8 byte-order mark (which editors on
 * Windows write), else 0: readers of experiment files, templates and
 * results files start after it, so that columns in diagnostics count from
 * the first character. */
size_t utf8_bom_len(const char *text, size_t len);

/* Calls fn(ctx, c) for every c < nchunks, on up to one thread per core
 * (at most 64).  Chunks are taken in any order: fn must write only chunk
 * c's own results, and the caller combines them in chunk order, so the
 * outcome does not depend on the number of cores. */
void util_parallel_for(size_t nchunks, void (*fn)(void *ctx, size_t chunk),
		       void *ctx);

/* The slowest steps of something, for trace output: v[0..n) is kept
 * sorted by seconds, slowest first; unused entries have seconds 0. */
struct slowest {
	char label[160];
	double seconds;
};

/* Puts (label, secs) into v[0..n) when it is slower than the last entry. */
void slowest_note(struct slowest *v, size_t n, const char *label, double secs);

#ifdef __cplusplus
}
#endif

#endif
