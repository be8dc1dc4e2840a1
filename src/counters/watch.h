/* counters/watch.h - the launch watch.  Part of counters.h, the header
 * other folders include. */
#ifndef CULAB_COUNTERS_WATCH_H
#define CULAB_COUNTERS_WATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profiling.h"
#include "aliases.h"
#include "chips.h"
#include "occupancy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The process's one CUPTI callback subscription, and
 * the kernels one stretch of work launches.
 *
 * CUPTI allows one callback subscriber per process, and culab has two
 * users of its callbacks on the driver's kernel-launch functions
 * (cuLaunchKernel, cuLaunchKernelEx, cuLaunchCooperativeKernel and their
 * _ptsz forms: the runtime's <<<>>> launches, CUB's and culab's own
 * cuLaunchKernel of user kernels all arrive there):
 *  - the watch: the runner records the launches of each measurement's
 *    correctness run (launch_watch_begin, launch_watch_end) and gets the
 *    first of them described as a struct kernel_resources (above):
 *    registers, static and local memory from cuFuncGetAttribute on the
 *    launched function, block size and dynamic shared memory from the
 *    launch's parameters, occupancy from resources_limits() checked
 *    against the driver's cuOccupancyMaxActiveBlocksPerMultiprocessor
 *    (the driver's blocks per SM win where they differ; the limiter stays
 *    the calculator's; CULAB_RUN_TRACE=1 prints each difference);
 *  - one attached handler, the counters module's (counters_session.cpp), which
 *    names profiled kernels and flushes L2 before each
 *    (launch_watch_attach, launch_watch_enable).
 * Each turns the callbacks on only while it needs them, so timed runs pay
 * nothing for them.  The runner never uses both at once (its phases do
 * not mix); if it did, each would see all launches.
 *
 * The subscription is counted: launch_watch_open and launch_watch_attach
 * each hold it, launch_watch_close and launch_watch_detach let go, and
 * the last to let go unsubscribes, so the counters module works the same
 * with the watch open or without it (tests/gpu/counters_check).
 *
 * Not thread-safe: one thread makes the CUDA calls, as in culab.  Close
 * before the CUDA context is destroyed.  The driver is reached through
 * cudaGetDriverEntryPointByVersion: culab links no libcuda. */

/* ---- the watch (runner.c) ---------------------------------------------- */

/* Opens the watch for `device` (the current device, its context made):
 * reads the SMs' limits (sm_limits_query), finds the driver functions and
 * subscribes to CUPTI's callbacks.  Returns 0, or -1 with why filled (when
 * why is not NULL): CUPTI's subscriber is taken (Nsight Compute, Nsight
 * Systems), CUPTI or the driver is missing.  After a failure the watch
 * stays usable: every launch_watch_end gives known = false and that
 * reason, so the run goes on without resources. */
int launch_watch_open(int device, char *why, size_t whysize);

/* Starts recording kernel launches (turns the callbacks on). */
void launch_watch_begin(void);

/* Stops recording and describes the first launch since
 * launch_watch_begin in *out (released first): known, with `kernels` the
 * launches seen; or known = false and why: the watch is not open or
 * could not subscribe, no launch was seen, the launch could not be
 * described.  The caller owns *out (kernel_resources_release). */
void launch_watch_end(struct kernel_resources *out);

/* Closes the watch (callbacks off; unsubscribes unless the counters
 * module is attached); accepts a watch never opened. */
void launch_watch_close(void);

/* ---- the attached handler (counters_session.cpp) ---------------------- */

/* CUPTI's callback with plain types: domain is a CUpti_CallbackDomain,
 * cbid a CUpti_CallbackId, data a const CUpti_CallbackData *.  Called for
 * the driver's kernel-launch functions only, on API enter and exit. */
typedef void (*launch_watch_fn)(void *user, int domain, unsigned cbid,
				const void *data);

/* Attaches fn(user, ...) to the subscription, subscribing first when
 * nothing holds it.  Its callbacks start off (launch_watch_enable).
 * Returns 0, or the CUptiResult of cuptiSubscribe (then nothing is
 * attached; CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: another tool
 * has the process's subscriber), or CUPTI_ERROR_INVALID_OPERATION when a
 * handler is attached already. */
int launch_watch_attach(launch_watch_fn fn, void *user);

/* Turns the attached handler's callbacks on or off.  Returns 0, or -1
 * when CUPTI refused to turn them on (they are then off for it). */
int launch_watch_enable(bool on);

/* Detaches the handler (its callbacks off first); unsubscribes when the
 * watch does not hold the subscription.  Accepts no handler attached. */
void launch_watch_detach(void);

/* ---- shared ---------------------------------------------------------- */

/* A kernel's name for people: "void reduce<float, 256>(float const*,
 * float*, unsigned long)" (from its mangled symbol) -> "reduce<float,
 * 256>"; C names stay as they are; NULL -> "".  Caller frees. */
char *launch_watch_display_name(const char *symbol);

/* ---- loaded modules (counters_lines.cpp) -------------------------------- */

/* Called with the machine code of every module the process loads from
 * now on (CUPTI's CUPTI_CBID_RESOURCE_MODULE_LOADED: culab's own kernels
 * when the runtime loads them, a user kernel's cubin when its launcher
 * loads it), valid during the call only. */
typedef void (*launch_watch_module_fn)(void *user, const void *cubin,
				       size_t size);

/* Hands every module loaded from now on to fn(user, ...), subscribing
 * first when nothing holds the subscription; fn NULL stops it (and
 * unsubscribes when nothing else holds it).  Returns 0, or the
 * CUptiResult of cuptiSubscribe or cuptiEnableCallback. */
int launch_watch_modules(launch_watch_module_fn fn, void *user);

#ifdef __cplusplus
}
#endif

#endif
