/* lines_cache.h - counters per source line kept across runs: a rerun of
 * the same file, or a class whose students share the rungs, collects
 * nothing twice.
 *
 * An entry holds one measurement's lines (results.json's "lines" object)
 * under the SHA-256 of everything that decides them: the machine code
 * (for a built-in rung, the culab program that holds it; for a kernel of
 * the user's, the cubins it was compiled to, which cover its source, its
 * headers and its options), the variant, the element type, the shape,
 * the block, the seed and the family (the input is made from them), the
 * GPU (its name, compute capability and SM count: the grid is sized by
 * them) and the driver, the table of per-line metrics and whether
 * where warps wait is sampled (CULAB_STALLS).  The
 * experiment's name and the file's other text do not count: the same
 * rung in another file is the same kernel on the same input.
 *
 * Entries are base/cachefile.h's, in the cache directory's lines/ folder,
 * checked as kernels are (owner, mode, digest) and bounded: at most
 * LINES_CACHE_MAX, the least recently used removed.  A row served from
 * the cache says so (lines.cached, docs/results.md).  CULAB_CACHE_DIR=off
 * turns it off with the kernel cache; CULAB_LINES_CACHE=off alone. */
#ifndef CULAB_LINES_CACHE_H
#define CULAB_LINES_CACHE_H

#include <stdbool.h>

#include "plan/plan.h"
#include "results/results.h"

#define LINES_CACHE_MAX 4096

/* The key of measurement ms of stage s on the GPU env into key (64 hex
 * digits and a NUL), the program being exe (NULL: /proc/self/exe).
 * Returns 0, or -1 when it has none: the cache is off, a kernel of the
 * user's that this process holds no machine code of, a program that
 * cannot be read. */
int lines_cache_key(const struct plan_stage *s,
		    const struct plan_measurement *ms,
		    const struct environment *env, const char *exe,
		    char key[65]);

/* Row w's lines from the cache: 1 (w->lines replaced, cached set), or 0
 * (none kept under key; w untouched). */
int lines_cache_take(const char *key, struct result_row *w);

/* Keeps w's lines under key when they were collected (recorded, no
 * status, not themselves from the cache). */
void lines_cache_put(const char *key, const struct result_row *w);

#endif
