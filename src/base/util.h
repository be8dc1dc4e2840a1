/* util.h - small helpers every module uses: allocation that cannot fail
 * silently, string building, "did you mean" suggestions, numbers from
 * the environment (util_env.c) and safe file creation (util_file.c). */
#ifndef CULAB_UTIL_H
#define CULAB_UTIL_H

#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>

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
 * environ_with_free() frees the array and the one entry it added. */
char **environ_with(const char *name, const char *value);
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

/* ---- numbers from the environment (util_env.c) ---------------------------- */

/* $name as a number from lo to hi into *v: 1; unset or empty: 0;
 * anything else (not a number, out of range): -1, *v untouched. */
int env_number_get(const char *name, double lo, double hi, double *v);
/* $name as a number from lo to hi, else dflt: silently when unset or
 * empty, else after a warning ("NAME: \"TEXT\" is not a number of UNIT
 * (LO to HI); using DFLT"). */
double env_number(const char *name, double lo, double hi, double dflt,
		  const char *unit);
/* env_number for a whole number ("... is not a whole number of ..."). */
long env_integer(const char *name, long lo, long hi, long dflt,
		 const char *unit);

/* ---- files (util_file.c) ----------------------------------------------
 * Every file culab reads and every directory it writes into goes through
 * these, so the rules of docs/bad-input.md hold in one place. */

/* Reads the regular file `path` whole (at most `max` bytes) into a
 * NUL-terminated heap buffer (caller frees *text).  Anything else is
 * refused before it is read, and before it can block: the path is looked
 * at with stat() first, then opened with O_NONBLOCK | O_NOCTTY and
 * checked again with fstat(); only then is O_NONBLOCK cleared and the
 * file read.  Returns 0, or -1 after a one-line diagnostic ("cannot
 * open \"f\": ...", "\"f\" is a FIFO, not a regular file", "\"f\" is
 * larger than N bytes (M)"). */
int read_file(const char *path, size_t max, char **text, size_t *len);

/* read_file() that prints nothing: the reason goes into why[whysize],
 * naming the file `what "path"` ("kernel source \"k.cu\" is a FIFO, not
 * a regular file"; what NULL: as read_file says it), for callers that
 * put it at a position of their own. */
int read_file_why(const char *path, const char *what, size_t max, char **text,
		  size_t *len, char *why, size_t whysize);

/* read_file() of `name` in directory dirfd (`dir` in diagnostics); a
 * symbolic link at name is refused, not followed.  Returns 0, 1 when
 * there is no such file (nothing printed), or -1 after a diagnostic. */
int read_file_at(int dirfd, const char *dir, const char *name, size_t max,
		 char **text, size_t *len);

/* Writes `len` bytes to `name` (one component) in directory dirfd
 * (`dir` in diagnostics) atomically: a new temporary file beside it
 * (O_EXCL, O_NOFOLLOW, mode 0644), fsync, renameat() over `name`.  A
 * planted symlink at `name` is replaced, never followed, and the file
 * lands in the directory dirfd holds, whatever its path leads to by then.
 * Returns 0, or -1 after a diagnostic naming dir/name. */
int write_file_at(int dirfd, const char *dir, const char *name,
		  const void *data, size_t len);

/* write_file_at() into the directory part of `path`, opened as the path
 * says (links in it followed: the path is the caller's). */
int write_file_atomic(const char *path, const void *data, size_t len);

/* How dir_make() walks a path. */
enum dir_walk {
	/* The person's own path (-o DIR, or a default beside their file):
	 * absolute or relative, symbolic links in it followed. */
	DIR_FOLLOW,
	/* A directory culab makes inside an output directory (charts/,
	 * slurm/, a rerun's tree): relative, without "..", and no component
	 * may be a symbolic link. */
	DIR_CONFINED,
};

/* The one function that makes output directories: opens directory
 * `path` relative to `at` (a directory descriptor, or AT_FDCWD), making
 * it and its missing parents (mode 0755) one component at a time with
 * mkdirat() and openat(O_DIRECTORY), with O_NOFOLLOW under DIR_CONFINED.
 * `base` names `at` in diagnostics (NULL: the working directory).
 * Returns the directory's descriptor (close-on-exec; the caller closes
 * it), or -1 after a one-line diagnostic: an empty path, a file where a
 * directory is expected, and under DIR_CONFINED a symbolic link ("\"D/
 * charts\" is a symbolic link, not a directory: ..."), an absolute path
 * or "..". */
int dir_make(int at, const char *base, const char *path, enum dir_walk how);

/* Makes directory dir (a person's own path, or one an experiment file
 * gave and the loader confined: links in it are followed, as DIR_FOLLOW)
 * and checks that culab can write into it.  Returns 0, or -1 after a
 * one-line diagnostic: bad input, refused before anything is written. */
int dir_make_writable(const char *dir);

/* dir_make(AT_FDCWD, NULL, dir, DIR_FOLLOW) without a diagnostic, the
 * descriptor closed: returns 0, or -1 with errno set (for directories
 * that are not output: the kernel cache, the tests' own). */
int mkdir_p(const char *dir);

/* Makes a fresh directory (mode 0700) in dirfd, named prefix and a unique
 * suffix, into name[size].  Returns 0, or -1 with errno set. */
int dir_make_temp(int dirfd, const char *prefix, char *name, size_t size);

/* Current UTC time as ISO 8601 ("2026-11-22T03:21:59Z") into buf[32]. */
const char *iso_time_now(char buf[32]);
/* Seconds on the monotonic clock, for durations. */
double monotonic_seconds(void);
/* Whether environment variable `name` is on: set, not empty, not "0"
 * (CULAB_RUN_TRACE=1 and culab's other switches). */
bool env_flag(const char *name);

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

#ifdef __cplusplus
}
#endif

#endif
