/* counters.h - hardware counters in-process with CUPTI.
 *
 * counters.cpp is the only file that includes CUPTI (its host header is
 * C++-only, so it is a C++ unit behind this C API).  Collection uses the
 * Range Profiler: every kernel launch of one measurement becomes a range,
 * replayed as many passes as the metrics need.  Profiled launches are
 * never timed: the runner collects counters in a phase of its own, after
 * timing. */
#ifndef CULAB_COUNTERS_H
#define CULAB_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"

#ifdef __cplusplus
extern "C" {
#endif

struct counters;

/* Opens a profiling session on the current CUDA device for the raw
 * metrics `raw`.  Returns 0, or -1 with why filled with the reason and how
 * to fix it (no permission, unsupported GPU, another profiler attached). */
int counters_open(const char *const *raw, size_t nraw, struct counters **c,
		  char *why, size_t whysize);

/* Replay passes each measurement needs. */
int counters_passes(const struct counters *c);

/* Runs launch(ctx) under the profiler and returns the raw values of each
 * kernel launch it made, in order, labelled "<label>#<k>" (k from 0).
 * launch may be called several times, once per replay pass; prepare(ctx),
 * when not NULL, is called before every call of launch, outside the
 * profiled region (the runner restores overwritten inputs there).  The
 * module itself makes DRAM counts honest between passes (L2 flush) and
 * records the SM clock.  Returns 0, or -1 with why filled; on success the
 * caller owns *k: kernel_counters_release() each, then free(*k). */
int counters_profile(struct counters *c, const char *label,
		     int (*prepare)(void *ctx), int (*launch)(void *ctx),
		     void *ctx, struct kernel_counters **k, size_t *nk,
		     char *why, size_t whysize);

/* Ends the session; accepts NULL. */
void counters_close(struct counters *c);

/* Whether `metric` is a valid raw metric for `chip` ("GH100"), checked
 * offline with the profiler host API.  Returns 1 valid, 0 invalid, -1 when
 * CUPTI's host API is unavailable (why says why). */
int counters_metric_valid(const char *chip, const char *metric, char *why,
			  size_t whysize);

#ifdef __cplusplus
}
#endif

#endif
