/* counters/profiling.h - the profiling session: hardware counters in-
 * process with CUPTI.  Part of counters.h, the header other folders
 * include. */
#ifndef CULAB_COUNTERS_PROFILING_H
#define CULAB_COUNTERS_PROFILING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Hardware counters in-process with CUPTI.
 *
 * CUPTI's host header is C++-only, so the room is C++ behind this C API:
 * counters_session.cpp the session, counters_profile.cpp measuring,
 * counters_host.cpp the offline side (counters_explain,
 * counters_metric_valid, counters_count_passes, counters_supported_chips).
 * Collection uses the Range Profiler: every kernel launch of one
 * measurement becomes a range, replayed as many passes as the metrics
 * need.  Profiled launches are never timed: the runner collects counters
 * in a phase of its own, after timing.
 *
 * Method (CUPTI 13.0; see the comments at the top of counters_session.cpp
 * and counters_profile.cpp): auto ranges (one per kernel launch) with user
 * replay, many measurements per Start/Stop (counters_profile_batch).
 * Before every pass the module calls the runner's prepare hook; before
 * every profiled kernel it evicts L2 by reading a scratch buffer four
 * times the L2 size, so every kernel starts from a cold cache as under ncu
 * and DRAM byte counts are not inflated by earlier kernels' dirty lines
 * (kernel replay in CUPTI 13.0 does not flush L2).
 * CULAB_COUNTERS_FLUSH_PER_PASS=1 evicts once per measurement instead
 * (for comparisons).
 *
 * Linking: -lcupti (dynamic; rpath to the toolkit's lib64) and the CUDA
 * runtime (static is fine).  libcuda is not linked: the module reaches the
 * two driver functions it needs through cudaGetDriverEntryPointByVersion.
 * libcupti loads libnvperf_host/target itself.
 *
 * Only one session may be open at a time, and it must be closed before the
 * CUDA context is destroyed (cudaDeviceReset).  Closing and opening again
 * (say, for another metric list) works.  With CULAB_COUNTERS_TRACE=1 in
 * the environment, closing prints to stderr where the profiling time went
 * (start, stop, launches per pass, flushes, ... per measurement); with 2,
 * every launch callback is printed as well. */

struct counters;

/* Raw counter values of one profiled kernel launch. */
struct kernel_counters {
	char *label;            /* NVTX-style label: experiment/variant/dtype/size#k */
	char *kernel;           /* kernel function name, or "" if unknown */
	double theoretical_occupancy_pct; /* occupancy API limit, NAN unknown */
	size_t nvalues;
	char **names;           /* raw metric names */
	double *values;
};

/* Frees what *k owns and zeroes it; accepts NULL. */
void kernel_counters_release(struct kernel_counters *k);

/* The most measurements culab puts in one batch (counters_profile_batch):
 * more than the variants of one ladder, so a stage (one type and size)
 * is one batch, and one Start/Stop per pass serves all of it; the runner
 * keeps each measurement's small buffers alive until then. */
#define COUNTERS_BATCH_MAX 32

/* Opens a profiling session on the current CUDA device (the runner's
 * context: call cudaSetDevice first) for the raw metrics `raw`, in that
 * order.  Returns 0, or -1 with why filled with the reason and how to fix
 * it (no permission, unsupported GPU, another profiler attached, a metric
 * this GPU does not have); the caller then runs without counters. */
int counters_open(const char *const *raw, size_t nraw, struct counters **c,
		  char *why, size_t whysize);

/* Replay passes each measurement needs (cuptiProfilerHostGetNumOfPasses). */
int counters_passes(const struct counters *c);

/* The chip CUPTI reports for the device, e.g. "GH100". */
const char *counters_chip(const struct counters *c);

/* One line for the report's method section: API, range and replay mode,
 * passes, L2 eviction size. */
const char *counters_method(const struct counters *c);

/* Runs launch(ctx) under the profiler and returns the raw values of each
 * kernel launch it made, in submission order, labelled "<label>#<k>" (k
 * from 0), with the kernel's function name (demangled, without parameter
 * list; "" when unknown).  launch is called once per replay pass and must
 * make the same launches every time; prepare(ctx), when not NULL, is
 * called before every call of launch, outside the profiled region (the
 * runner restores overwritten inputs there).  Both return 0 or a
 * cudaError_t.  The module itself makes DRAM counts honest (L2 eviction
 * before every kernel).  A batch of one: counters_profile_batch.
 *
 * Ordering contract: (*k)[i].names[j] is raw[j] of counters_open, and
 * (*k)[i].values[j] its value (NAN if CUPTI could not evaluate it); so with
 * counters_open(plan->raw, ...) the values line up with the plan's raw
 * list.  A launch function that makes no kernel launch gives *nk == 0.
 *
 * Returns 0, or -1 with why filled (the session stays usable for the next
 * measurement when it can; otherwise every later call fails with the first
 * reason).  On success the caller owns *k: kernel_counters_release() each,
 * then free(*k). */
int counters_profile(struct counters *c, const char *label,
		     int (*prepare)(void *ctx), int (*launch)(void *ctx),
		     void *ctx, struct kernel_counters **k, size_t *nk,
		     char *why, size_t whysize);

/* One measurement of a batch: what counters_profile takes, as a row. */
struct counters_item {
	const char *label;
	int (*prepare)(void *ctx);      /* may be NULL */
	int (*launch)(void *ctx);
	void *ctx;
	double ms;                      /* its launch's time when known (the
					   row's median), else 0: the session's
					   warm-up takes the cheapest */
};

/* What one item of a batch gave: its launches (as counters_profile
 * returns them), or error (NULL when collected). */
struct counters_result {
	struct kernel_counters *k;
	size_t nk;
	char *error;
};

/* Profiles n measurements with one Start/Stop per replay pass instead of
 * one per measurement, which is where most of the profiling time goes
 * (CUPTI's Start and Stop cost milliseconds each).  Within a pass the
 * items run in order; an L2 flush runs before every kernel launch (from
 * the launch callback, on the launch's stream) and its range is dropped,
 * so each kernel is measured from a cold L2 as under Nsight Compute.
 *
 * items[0].prepare runs outside the profiled region, the other items'
 * inside it: a prepare hook of a later item must not launch kernels (a
 * copy with cudaMemcpyAsync is fine: copies make no ranges, and the
 * flush before the next kernel writes back the lines a copy dirtied).
 *
 * When the batch as a whole fails, the items are profiled again one by
 * one, so a failing item costs only its own counters: res[i].error says
 * why.  Returns 0 when at least one item was collected, -1 with why filled
 * when none was.  res[0..n) is the caller's: counters_result_release()
 * each. */
int counters_profile_batch(struct counters *c, const struct counters_item *items,
			   size_t n, struct counters_result *res, char *why,
			   size_t whysize);

/* Frees what a counters_result holds; accepts NULL. */
void counters_result_release(struct counters_result *r);

/* Ends the session; accepts NULL. */
void counters_close(struct counters *c);

/* What CUPTI result `code` means and how to fix it, into why:
 * "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES -- run culab as root or ..." (with
 * the driver's RmProfilingAdminOnly where it can be read), or "CUPTI error
 * N" for a code CUPTI does not name.  No GPU needed. */
void counters_explain(int code, char *why, size_t whysize);

/* The condition of the machine (refusal.h's enum refusal_id, as an int)
 * that the last CUPTI error explained stands for: REFUSAL_COUNTERS_PERMISSION
 * after CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, REFUSAL_NONE (-1) after an
 * error of another kind or none (counters_open starts from none).  A
 * failed counters_open says so. */
int counters_refused(void);

/* Whether `metric` is a valid raw metric for `chip` ("GH100"), checked
 * offline with the profiler host API (no GPU or driver needed).  Returns 1
 * valid, 0 invalid (why says why, with a "did you mean" when a metric of
 * that chip is close), -1 when CUPTI's host API is unavailable (why says
 * why). */
int counters_metric_valid(const char *chip, const char *metric, char *why,
			  size_t whysize);

/* The chips CUPTI's host API can evaluate metrics for, offline ("GV100",
 * ..., "GH100", ..., "GB20B" in CUPTI 13.0), in CUPTI's order.  *chips
 * points into CUPTI's own memory, valid for the life of the process.
 * Returns the count, or -1 with why filled when the host API cannot run
 * here (an AddressSanitizer build).  A listed chip may still refuse the
 * range profiler (GV11B does): counters_metric_valid then says so. */
int counters_supported_chips(const char *const **chips, char *why,
			     size_t whysize);

/* The API version of the CUPTI loaded (cuptiGetVersion: 130001 is CUPTI
 * 13.0), or 0 when it cannot be read. */
unsigned counters_cupti_version(void);

/* Replay passes the metrics `raw` need on `chip`, computed offline.
 * Returns the count (>= 1), or -1 with why filled. */
int counters_count_passes(const char *chip, const char *const *raw,
			  size_t nraw, char *why, size_t whysize);

#ifdef __cplusplus
}
#endif

#endif
