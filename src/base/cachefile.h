/* cachefile.h - the entries of culab's on-disk caches: bytes kept under a
 * key, checked when read back.  The kernel cache (ladder/kcache.h) keeps
 * compiled kernels in it, the per-line cache (jobs/lines_cache.h) counters
 * per source line.
 *
 * The caches live in $CULAB_CACHE_DIR, else $XDG_CACHE_HOME/culab, else
 * $HOME/.cache/culab (created 0700); CULAB_CACHE_DIR=off disables them.
 * A kind of entry may keep its entries in a folder of its own there.  An
 * entry is one file, <dir>[/<sub>]/<key>:
 *
 *     magic                 8 bytes: the kind and its format's version
 *     key                   64 hex digits: the entry answers this key only
 *     digest                64 hex digits: SHA-256 of the payload
 *     payload               the kind's bytes
 *
 * Loading checks all of it against the file's size; anything else is a
 * miss (nothing printed), and the next store replaces the entry.
 * Entries are written with write_file_atomic (a temporary file renamed
 * over the entry), so concurrent runs and a crash never leave a torn one.
 * An entry or a folder that another user could write (not owned by this
 * user, or writable by its group or others) is not used: a note, once per
 * kind and process; a cache that cannot be written costs a warning once
 * per kind, never a failed run.  A kind with a bound keeps at most that
 * many entries: storing past it removes the ones least recently used
 * (a hit touches its entry). */
#ifndef CULAB_CACHEFILE_H
#define CULAB_CACHEFILE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

struct cache_kind {
	const char *magic;       /* 8 characters, e.g. "CULABKC1" */
	const char *sub;         /* its folder in the cache directory, or
				    NULL: the directory itself */
	size_t max_entry;        /* bytes an entry may have */
	size_t max_entries;      /* entries kept; 0: no bound */
	const char *what;        /* "kernel cache", for the messages */
	const char *without;     /* what happens without it: "kernels are
				    compiled" */
	const char *again;       /* the same, next time: "kernels will be
				    compiled again" */
	atomic_bool warned;      /* state: the store's warning said */
	atomic_bool distrust_said; /* state: the untrusted note said */
};

/* The cache directory in use, or NULL when disabled or no home exists.
 * Read from the environment at each call; the string stays valid until
 * the calling thread's next call. */
const char *cache_dir(void);

/* Whether key is 64 lowercase hex digits. */
bool cache_key_valid(const char *key);

/* 1 and *payload (malloc'd, NUL after its *len bytes) when k has an
 * entry for key; 0 when not (also for a malformed key, a cache that is
 * off, an entry that is unreadable, truncated, corrupt or not trusted). */
int cache_load(struct cache_kind *k, const char *key, char **payload,
	       size_t *len);

/* Stores payload[0..len) under key.  Returns 0 (also when the cache is
 * off or not trusted), or -1 (a warning was printed, once per kind). */
int cache_store(struct cache_kind *k, const char *key, const void *payload,
		size_t len);

/* ---- a file of the kind's own format ------------------------------------
 *
 * A kind may keep one file `name` of its own format in its folder
 * instead of entries (the cost cache's costs.tsv, plan.h), under the
 * same rules: the cache directory and the folder must be the user's
 * alone, and so must the file; it is opened without following a link or
 * waiting on a FIFO and must be a regular file of at most max_entry
 * bytes.  A file that is there but not one to use costs a note, once per
 * kind and process, and is treated as missing: the next write replaces
 * it. */

/* 1 and *text (malloc'd, NUL after its *len bytes) when the file can be
 * used; 0 when the cache is off, the file is missing, or it is not one
 * to use (the note said why). */
int cache_file_read(struct cache_kind *k, const char *name, char **text,
		    size_t *len);
/* Writes the file whole (write_file_atomic), at most max_entry bytes.
 * Returns 0 (also when the cache is off or not trusted), or -1 (a
 * warning was printed, once per kind). */
int cache_file_write(struct cache_kind *k, const char *name, const void *data,
		     size_t len);

#endif
