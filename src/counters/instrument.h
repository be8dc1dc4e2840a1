/* counters/instrument.h - counters by instrumentation, where CUPTI
 * refuses the GPU's hardware counters.
 *
 * By default the Linux driver keeps the performance counters for
 * administrators (RmProfilingAdminOnly=1): a student on a shared machine
 * gets CUPTI_ERROR_INSUFFICIENT_PRIVILEGES and no counters at all.  The
 * Compute Sanitizer's patching API needs no such right: it patches every
 * kernel of the process with device functions of culab's own
 * (kernels/patches/instrument.cu), which count each global and shared
 * memory access from the lanes' addresses.  What they count is what
 * CUPTI's SASS metrics count for the same instruction (equal at every
 * patched pc: reports/probes/sanitizer-patch/, docs/per-line.md), so
 * the columns culab teaches with that come from those metrics keep their
 * meaning: shared wavefronts per instruction and bank conflicts (the
 * wavefronts beyond the ideal), global load and store efficiency and
 * sectors per request.  Hardware-only counts (DRAM bytes, achieved
 * occupancy, the kernel's duration) and what has no patch point
 * (branches, every instruction: divergence) are missing, with the
 * reason.  A patched kernel runs 100-350 times slower, so culab counts
 * this way in a child process of its own (jobs/instrumented.h), never
 * where it times.
 *
 * libsanitizer-public.so (shipped with compute-sanitizer) is loaded at
 * run time; culab declares the part of its API it uses
 * (sanitizer_api.h).  No GPU is needed to build or to link. */
#ifndef CULAB_COUNTERS_INSTRUMENT_H
#define CULAB_COUNTERS_INSTRUMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "profiling.h"

/* Loads the library at path `lib` and subscribes to module loads and
 * kernel launches: every module loaded from then on is patched.  Call
 * before the process's first CUDA call.  Returns 0, or -1 with why
 * filled (the library missing or too old, the subscription refused). */
int instrument_open(const char *lib, char *why, size_t whysize);

/* The name under which instrumentation counts the raw metric `raw`: raw
 * itself for a SASS metric it counts the same way, a name of its own
 * ("instr__...") for a hardware count it estimates from the addresses
 * (bank conflicts: wavefronts beyond the ideal), NULL when it cannot
 * count it.  For counter_plan_map. */
const char *instrument_raw(const char *raw);

/* How the counters were taken, for results.json's counters_method. */
const char *instrument_method(void);

/* Counts n measurements, one after the other: each item's prepare (not
 * counted), then its launch, every kernel it launches counted into a
 * table of its own; res[i] holds one kernel_counters per kernel function
 * (the raw names instrument_raw gives, its launches added), or error.
 * Returns 0 when at least one was counted, -1 with why filled when none
 * was (instrument_open not called or failed, a module not patched). */
int instrument_profile_batch(const struct counters_item *items, size_t n,
			     struct counters_result *res, char *why,
			     size_t whysize);

/* Unsubscribes and frees the tables; accepts a process that never
 * opened. */
void instrument_close(void);

#endif
