/* kcache.h - the on-disk cache of compiled user kernels.
 *
 * A rerun does not compile again: kcache_compile() looks a program up by
 * a key, the SHA-256 of everything that decides its machine code -- the
 * source text and the text of every local header it includes (#include
 * "...", resolved in the source's directory, recursively), the options
 * in order, the name expressions, the architecture and NVRTC's version
 * -- and compiles only on a miss, storing the result.
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

/* The cache directory in use, or NULL when disabled or no home exists. */
const char *kcache_dir(void);

/* The key of `in` (64 hex digits and a NUL) into key.  Returns 0, or -1
 * when a local header cannot be read (then the key covers what could). */
int kcache_key(const struct nvrtc_input *in, char key[65]);

/* Compiles `in` or takes it from the cache.  Returns as nvrtc_compile()
 * does; *hit tells whether the cache served it.  A compile error is not
 * cached (the next run reports it again). */
int kcache_compile(const struct nvrtc_input *in, struct nvrtc_output *out,
		   bool *hit);

/* Lower-level: 1 and *out filled when `key` is cached, 0 when not. */
int kcache_load(const char *key, struct nvrtc_output *out);
/* Stores *out under key.  Returns 0, or -1 (a warning was printed once). */
int kcache_store(const char *key, const struct nvrtc_output *out);

#endif
