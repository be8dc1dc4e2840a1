/* kcache.h - the on-disk cache of compiled user kernels.
 *
 * A rerun does not compile again: kcache_compile() looks a program up by
 * a key, the SHA-256 of everything that decides its machine code and its
 * log -- NVRTC's version, the architecture, the options in order, the
 * name expressions, the program's name (with the working directory when
 * it is relative: -lineinfo records the absolute path), the include
 * directory, the source text and the text of every local header it
 * reaches, found as NVRTC finds them (#include "..." beside the including
 * file -- for the source, in the directory of in->path -- then in the
 * include directory; #include <...> in the include directory;
 * recursively) -- and compiles only on a miss, storing the result.
 *
 * The cache lives in $CULAB_CACHE_DIR, else $XDG_CACHE_HOME/culab, else
 * $HOME/.cache/culab (created 0700); one entry per key, written
 * atomically (write_file_atomic), so concurrent runs and a crash never
 * leave a torn entry.  An unreadable, truncated or corrupt entry is a
 * miss and is replaced; a cache that cannot be written costs a warning
 * once, never a failed run.  CULAB_CACHE_DIR=off disables it. */
#ifndef CULAB_KCACHE_H
#define CULAB_KCACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "nvrtc.h"

/* The cache directory in use, or NULL when disabled or no home exists.
 * Read from the environment at each call; the string stays valid until
 * the calling thread's next call. */
const char *kcache_dir(void);

/* The key of `in` (64 hex digits and a NUL) into key.  Needs NVRTC open
 * for its version (without it the version is "").  Returns 0, or -1 when
 * a quoted header is not found (then the key covers what could, the
 * header as missing), when a header is refused (not a regular file, past
 * its size, NUL bytes; or a computed #include: an error at the #include,
 * key "") or the digest failed (key ""). */
int kcache_key(const struct nvrtc_input *in, char key[65]);

/* The identity of what the machine code of `in` is made from, its
 * sources alone: the SHA-256 (64 hex digits and a NUL, into out) of its
 * text and of the text of every local header it reaches, walked as the
 * key walks them, confined as in->confined says (a header missing or
 * refused counts as such, and the walk stops there), without the
 * compiler's version, options, names or the program's name.  Results
 * keep it per kernel (`sources_sha256`), so that --resume and merge tell
 * rows measured from other sources.  Prints nothing.  Returns 0, or -1
 * when the digest failed (out ""). */
int kcache_sources_sha256(const struct nvrtc_input *in, char out[65]);

/* Compiles `in` or takes it from the cache.  Returns as nvrtc_compile()
 * does (1 too, without compiling, when a header is refused as above,
 * with the cache off as on), or KCOMPILE_STOPPED when the compilation
 * was stopped at a limit (kcompile.h: one error at in->path); *hit tells
 * whether the cache served it.  A hit reports the warnings of the cached
 * log again (nvrtc_report_log), as a compilation would.  A compilation
 * runs in a child process within its limits (kcompile_run), with the
 * cache off too.  Only a compilation that succeeded is cached: a compile
 * error or a stopped compilation is met again by the next run.  With
 * NVRTC missing it is nvrtc_compile(), which says so. */
int kcache_compile(const struct nvrtc_input *in, struct nvrtc_output *out,
		   bool *hit);

/* Lower-level: 1 and *out filled when `key` is cached, 0 when not (also
 * for a malformed key, a cache that is off and an entry that is
 * unreadable, truncated or corrupt; nothing is printed). */
int kcache_load(const char *key, struct nvrtc_output *out);
/* Stores *out under key.  Returns 0 (also when the cache is off), or -1
 * (a warning was printed, once per process). */
int kcache_store(const char *key, const struct nvrtc_output *out);

#endif
