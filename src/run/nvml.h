/* run/nvml.h - the GPU's clocks and throttling through NVML (nvml.c), and
 * locked clocks.  Part of run.h, which other folders include. */
#ifndef CULAB_RUN_NVML_H
#define CULAB_RUN_NVML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ==== clocks and throttling (NVML) ====================================== */

/* The clocks, temperature, power and throttle reasons of the GPU
 * a run measures on, read through NVML, and locked SM clocks for `culab
 * run --lock-clocks base|max`.
 *
 * NVML is the driver's library (libnvidia-ml.so.1); nvml.c opens it with
 * dlopen at run time, never links it, and is its only user.  Without it
 * (a machine without the driver, a container that lacks it) nothing
 * fails: every row records that its clocks are unknown and why.  Every
 * entry point goes through one table of function pointers (struct
 * nvml_api), so the tests hand nvml_open() a fake, and CULAB_TEST_NVML
 * gives a whole run a built-in fake (nvml_open_env).
 *
 * What a reading means, the record a row keeps of its readings
 * (struct clock_record) and the table of throttle reasons are data, in
 * results/clock_record.h: the results and the report read them without NVML.
 *
 * Locked clocks are restored on every way out: nvml_unlock_clocks() on
 * the normal path and after a fatal CUDA error, an atexit handler, the
 * runner's second SIGINT/SIGTERM (nvml_fatal_signal) and handlers for
 * SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT installed while locked.
 * Only SIGKILL escapes; nvidia-smi -rgc undoes it. */

/* ---- the library ---------------------------------------------------------- */

#include "results/clock_record.h"
#include "nvml_api.h"

/* NVML open on one device. */
struct nvml {
	const struct nvml_api *api;
	struct nvml_api table;      /* what dlsym found */
	void *lib;                  /* dlopen handle; NULL for a given table */
	nvml_device dev;
	bool open;
	char uuid[96];              /* the device, for messages */
	char why[256];              /* why it is not open */
};

/* Opens NVML (api NULL: libnvidia-ml.so.1 through dlopen; else that
 * table) and finds the device whose UUID is `uuid` ("GPU-..." or
 * "MIG-...", as env.c writes it; a MIG instance is read through its
 * GPU), else the one at PCI bus id `pci`; either may be NULL.  Returns
 * 0, or -1 with n->why saying why not (a run goes on without).
 * nvml_close() releases either way. */
int nvml_open(struct nvml *n, const struct nvml_api *api, const char *uuid,
	      const char *pci);

/* nvml_open() with the real library, or with what CULAB_TEST_NVML names,
 * for tests on a GPU machine (nothing there changes the GPU): "fake"
 * (readings, locks accepted and only printed), "fake-throttled" (also a
 * thermal slowdown), "fake-no-permission" (locks refused as for a user),
 * "absent" (as if the library were missing). */
int nvml_open_env(struct nvml *n, const char *uuid, const char *pci);

/* Restores clocks this process locked through n, shuts NVML down and
 * closes the library.  Accepts a zeroed or NULL n. */
void nvml_close(struct nvml *n);

/* ---- readings ------------------------------------------------------------------ */

/* Reads n's device now.  Never fails; n must be open. */
void nvml_read(const struct nvml *n, struct nvml_reading *r);

/* The driver's own version ("580.159.04", nvmlSystemGetDriverVersion),
 * not the CUDA version it supports (cudaDriverGetVersion's 13000), into
 * buf.  Returns false, with buf "", where NVML cannot tell; n must be
 * open. */
bool nvml_driver_version(const struct nvml *n, char *buf, size_t size);

/* ---- locked clocks ----------------------------------------------------------- */

enum clock_lock { CLOCK_LOCK_NONE, CLOCK_LOCK_BASE, CLOCK_LOCK_MAX };

/* "base" or "max" into *m.  Returns 0, or -1. */
int clock_lock_parse(const char *s, enum clock_lock *m);

/* Locks the SM clock of n's device, as nvbench's --lock-clocks does:
 * base = NVML's TDP clock limit at both ends; max = max_mhz (the CUDA
 * maximum SM clock) at both ends.  Registers the lock for every restore
 * path above.  Returns 0 with what was locked in `what` ("base (the TDP
 * clock)", "max (1980 MHz)"), or -1 with the refusal in why, one line:
 * NVML absent, no permission, not supported, already locked. */
int nvml_lock_clocks(struct nvml *n, enum clock_lock m, unsigned max_mhz,
		     char *what, size_t whatsize, char *why, size_t whysize);

/* Restores locked clocks (nvmlDeviceResetGpuLockedClocks); no-op when
 * none are.  Returns 0, or -1 with why (saying to run nvidia-smi -rgc). */
int nvml_unlock_clocks(char *why, size_t whysize);

/* Restores locked clocks now, once, from anywhere, a signal handler
 * included: one NVML call, no allocation, no stdio; a failure is written
 * to stderr with write(2). */
void nvml_restore_clocks_now(void);

/* For a signal that must end the process: restores locked clocks, then
 * lets `sig` take its default action. */
void nvml_fatal_signal(int sig);

/* Whether this process holds locked clocks. */
bool nvml_clocks_locked(void);


#ifdef __cplusplus
}
#endif

#endif
