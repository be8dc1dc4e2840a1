/* base/knobs.h - numbers and switches from the environment (util_env.c,
 * env_flag in util.c), with one rule for a bad value: every CULAB_*
 * knob that is a number is read through these (a bad value is warned
 * of once a process, and never used), and so are the test knobs that
 * are numbers (CULAB_TEST_DEVICES, bounded like any other).  Part of
 * util.h, which every module includes. */
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
 * empty, else after a warning, once a process per knob ("NAME: \"TEXT\"
 * is not a number of UNIT (LO to HI); using DFLT"). */
double env_number(const char *name, double lo, double hi, double dflt,
		  const char *unit);
/* env_number for a whole number ("... is not a whole number of ..."). */
long env_integer(const char *name, long lo, long hi, long dflt,
		 const char *unit);
/* env_integer for a knob without a default (set, it replaces what culab
 * would find): 1 and *v when $name is a whole number from lo to hi; 0
 * when unset or empty; -1 after the warning ("...; ignored"), *v
 * untouched. */
int env_integer_given(const char *name, long lo, long hi, const char *unit,
		      long *v);

/* The entry of choices[0..n) that $name equals, that very pointer (a
 * caller may compare it with choices[i]: CULAB_STALLS, a test knob's
 * CULAB_FAKE_COUNTERS_REFUSAL=permission); NULL when unset or empty, and
 * NULL after a warning, once a process, when it is anything else
 * ("NAME: \"TEXT\" is none of permission; ignored"). */
const char *env_choice(const char *name, const char *const *choices,
		       size_t n);

/* Whether environment variable `name` is on: set, not empty, not "0"
 * (CULAB_RUN_TRACE=1 and culab's other switches). */
bool env_flag(const char *name);

#ifdef __cplusplus
}
#endif

#endif
