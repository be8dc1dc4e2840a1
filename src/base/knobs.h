/* base/knobs.h - numbers and switches from the environment (util_env.c,
 * env_flag in util.c), with one rule for a bad value.  Part of util.h,
 * which every module includes. */
#ifndef CULAB_BASE_KNOBS_H
#define CULAB_BASE_KNOBS_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- numbers from the environment (util_env.c) ---------------------------- */

/* $name as a number from lo to hi into *v: 1; unset or empty: 0;
 * anything else (not a number, out of range): -1, *v untouched. */
int env_number_get(const char *name, double lo, double hi, double *v);
/* $name as a number from lo to hi, else dflt: silently when unset or
 * empty, else after a warning ("NAME: \"TEXT\" is not a number of UNIT
 * (LO to HI); using DFLT"). */
double env_number(const char *name, double lo, double hi, double dflt,
		  const char *unit);
/* env_number for a whole number ("... is not a whole number of ..."). */
long env_integer(const char *name, long lo, long hi, long dflt,
		 const char *unit);

/* Whether environment variable `name` is on: set, not empty, not "0"
 * (CULAB_RUN_TRACE=1 and culab's other switches). */
bool env_flag(const char *name);

#ifdef __cplusplus
}
#endif

#endif
