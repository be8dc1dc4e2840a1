/* env.h - the machine a run happens on: GPU properties, driver and runtime
 * versions, host.  Stored in every results file so a reader can tell what
 * produced the numbers. */
#ifndef CULAB_ENV_H
#define CULAB_ENV_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"

/* Number of CUDA devices, or -1 with the reason in why (no driver, no
 * device, ...). */
int env_device_count(char *why, size_t whysize);

/* Fills *e for CUDA device `device` and the host.  Returns 0, or -1 with
 * the reason in why.  The strings in *e are owned by it (results_release
 * frees them as part of struct results). */
int env_probe(int device, struct environment *e, char *why, size_t whysize);

/* The "sm_XY" architecture of CUDA device `device` into buf.  Returns
 * 0, or -1 (no GPU, or no such device) leaving buf empty. */
int env_device_arch(int device, char *buf, size_t size);

/* Host name and OS only, for runs with no GPU; never fails. */
void env_probe_host(struct environment *e);

#endif
