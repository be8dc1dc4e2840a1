/* run/env.h - the machine a run happens on, and what culab makes of it
 * (env.c).  Part of run.h. */
#ifndef CULAB_RUN_ENV_H
#define CULAB_RUN_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results/results.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== the machine ======================================================= */

/* The machine a run happens on: GPU properties, driver and runtime
 * versions, host.  Stored in every results file so a reader can tell what
 * produced the numbers.  Also what culab makes of them: the theoretical
 * peak bandwidth (env_memory_peak, a pure function of what the driver
 * reports) and whether this binary can serve the GPU at all
 * (env_check_device). */

/* What a GPU's memory is, as far as the driver's two numbers tell. */
enum env_memory_kind {
	ENV_MEM_UNKNOWN,        /* no clock or no width reported */
	ENV_MEM_GDDR,           /* a bus of at most 512 bits: GDDR5 to GDDR7 */
	ENV_MEM_HBM,            /* 1024 bits per stack, 3072 and more in all */
	ENV_MEM_SHARED,         /* an integrated GPU: the host's LPDDR */
};

/* What the driver reports about a device's memory. */
struct env_memory_facts {
	int mem_clock_khz;      /* cudaDevAttrMemoryClockRate */
	int bus_width_bits;     /* cudaDevAttrGlobalMemoryBusWidth */
	bool integrated;        /* cudaDevAttrIntegrated */
	bool mig;               /* a MIG instance (refusal_is_mig) */
};

/* What culab makes of them. */
struct env_memory_peak {
	enum env_memory_kind kind;
	double gbit_per_pin;    /* data rate per pin, Gb/s; 0 unknown */
	double gbps;            /* theoretical peak, GB/s; 0 unknown */
	const char *why_unknown;        /* static text when gbps is 0 */
};

/* The theoretical peak bandwidth of a memory the driver describes by f:
 * 2 x clock x width / 8 for GDDR and HBM alike, unknown (0, with the
 * reason) for a GPU that shares the host's memory or is a MIG instance.
 * Pure: no GPU needed.  env.c says why and cites the sources. */
void env_memory_peak(const struct env_memory_facts *f,
		     struct env_memory_peak *out);

/* "GDDR", "HBM", "shared LPDDR" or "unknown". */
const char *env_memory_kind_name(enum env_memory_kind k);

/* Number of CUDA devices, or -1 with the reason and what to do in why (no
 * driver, a driver older than the runtime, WSL 1, ...). */
int env_device_count(char *why, size_t whysize);

/* Makes CUDA device `device` current (cudaSetDevice).  Returns 0, or -1
 * with why saying why it cannot be used and what to do (another process
 * holds it exclusively, ...). */
int env_open_device(int device, char *why, size_t whysize);

/* Whether this binary can serve the current device `device`, probed into
 * *e: 0 yes; 1 yes, but why says what it will not measure there or how
 * far to trust it (a MIG instance, a virtual GPU); -1 no, why says why and
 * what to do (it has no code for the device's architecture, ...). */
int env_check_device(int device, const struct environment *e, char *why,
		     size_t whysize);

/* Fills *e for CUDA device `device` and the host.  Returns 0, or -1 with
 * the reason in why.  The strings in *e are owned by it (results_release
 * frees them as part of struct results). */
int env_probe(int device, struct environment *e, char *why, size_t whysize);

/* The "sm_XY" architecture of CUDA device `device` into buf.  Returns
 * 0, or -1 (no GPU, or no such device) leaving buf empty. */
int env_device_arch(int device, char *buf, size_t size);

/* Whether CUDA device `device` admits one process's context at a time
 * (exclusive-process compute mode); false when unknown.  Makes no
 * context. */
bool env_exclusive(int device);

/* The memory of CUDA device `device` as env_probe sees it: its facts and
 * its peak.  Returns 0, or -1 when the attributes cannot be read. */
int env_memory(int device, struct env_memory_facts *f,
	       struct env_memory_peak *out);

/* Host name and OS only, for runs with no GPU; never fails. */
void env_probe_host(struct environment *e);

/* Gives CUDA device `device` back: its primary context destroyed
 * (cudaDeviceReset), so that another process can have it on a GPU in
 * exclusive-process mode (culab's per-line children).  For a process
 * that makes no CUDA call on it after. */
void env_release_device(int device);


#ifdef __cplusplus
}
#endif

#endif
