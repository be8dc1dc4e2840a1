/* counters/chips.h - the chips CUPTI knows.  Part of counters.h, the
 * header other folders include. */
#ifndef CULAB_COUNTERS_CHIPS_H
#define CULAB_COUNTERS_CHIPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profiling.h"
#include "aliases.h"

#ifdef __cplusplus
extern "C" {
#endif

/* GPU chips by the names CUPTI gives them ("GH100", "GA102"),
 * the architecture each one is, and GPUs built on it.
 *
 * CUPTI validates metric names and counts passes per chip, while nvcc and
 * NVRTC compile per architecture (sm_90): this table joins the two, so
 * `culab check --chip GA102` compiles user kernels for sm_86 and `culab
 * check --arch sm_86` (or a GPU of compute capability 8.6) checks counter
 * names for GA102.  Several chips share an architecture; the first row of
 * an architecture stands for it (the unit tests check that all chips of
 * one architecture resolve every counter alias alike).  Plain data, no
 * CUPTI: it works where CUPTI cannot run (AddressSanitizer builds). */

/* The chip counters are checked for when nothing says which (no --chip,
 * no --arch, no GPU): H100 and H200. */
#define CHIP_ASSUMED "GH100"

struct chip_def {
	const char *name;       /* CUPTI's name, e.g. "GA102" */
	const char *arch;       /* "sm_86" */
	const char *gpus;       /* some GPUs built on it, "" when unsure */
};

/* Every chip culab knows, grouped by architecture, oldest first. */
const struct chip_def *chip_all(size_t *count);

/* The row of chip `name` (case-insensitive: "ga102" finds GA102), or
 * NULL. */
const struct chip_def *chip_find(const char *name);

/* The chip that stands for architecture `arch` ("sm_86" -> GA102), or
 * NULL when no chip of that architecture is known (sm_61: CUPTI's range
 * profiler does not serve Pascal). */
const char *chip_for_arch(const char *arch);

#ifdef __cplusplus
}
#endif

#endif
