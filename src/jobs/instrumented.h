/* jobs/instrumented.h - a run's counters counted by instrumentation,
 * where CUPTI refused the GPU's hardware counters to this user.
 *
 * By default the Linux driver keeps the performance counters for
 * administrators (RmProfilingAdminOnly=1): CUPTI then answers
 * CUPTI_ERROR_INSUFFICIENT_PRIVILEGES and the run records the refusal
 * (results.counters_refusal, "COUNTERS_PERMISSION").  The Compute
 * Sanitizer's patching API needs no such right (counters/instrument.h),
 * but a patched kernel runs 100-350 times slower, and the sanitizer must
 * be in a process before its first CUDA call: so after the run's own
 * measurements one child (culab run --measurement L1,L2,...
 * --instrumented LIB --profile-only) counts every measurement that the
 * refusal left without counters, one after the other, and its counters
 * (the columns instrumentation can give; the rest said missing, with the
 * reason) take the place of the refusal in the run's rows.  results.json's
 * counters_method says how they were taken.
 *
 * Not when compute-sanitizer's library is not found (a note says so),
 * with CULAB_INSTRUMENTED=off, nor for rows that run on the CPU. */
#ifndef CULAB_JOBS_INSTRUMENTED_H
#define CULAB_JOBS_INSTRUMENTED_H

#include "lines_child.h"

/* libsanitizer-public.so's path: $CULAB_SANITIZER_LIB when set, else
 * next to compute-sanitizer (sanitize_find: the tool's own folder, or
 * the toolkit's compute-sanitizer/ beside its bin/).  NULL when none is
 * found or CULAB_SANITIZER_LIB is "off".  Caller frees. */
char *instrumented_library(void);

/* Counts r's rows that the refusal left without counters (the
 * measurements of f's plan, as o->only and o->shard keep it), in one child
 * on o->device, and saves the results into o->outdir.  Returns 0 (also
 * when there was nothing to count, or the child failed: a note says
 * so), or EXIT_INTERRUPTED after a signal. */
int instrumented_run(const struct experiment_file *f,
		     const struct lines_options *o, struct results *r);

#endif
