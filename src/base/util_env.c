/* util_env.c - culab's environment variables read as numbers (util.h):
 * one reading and one warning for every knob, so that a bad value is
 * said the same way wherever it is read. */
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "diag.h"

static int get(const char *name, double lo, double hi, bool whole, double *v)
{
	const char *env = getenv(name);
	char *end;
	double x;

	if (!env || !*env)
		return 0;
	errno = 0;
	x = strtod(env, &end);
	if (errno || *end || !(x >= lo && x <= hi) || (whole && x != floor(x)))
		return -1;
	*v = x;
	return 1;
}

int env_number_get(const char *name, double lo, double hi, double *v)
{
	return get(name, lo, hi, false, v);
}

static double read_or_warn(const char *name, double lo, double hi,
			   double dflt, const char *unit, bool whole)
{
	double v = dflt;

	if (get(name, lo, hi, whole, &v) < 0)
		diag_warning("%s: \"%s\" is not a %snumber of %s (%.10g to "
			     "%.10g); using %.10g", name, diag_esc(getenv(name)),
			     whole ? "whole " : "", unit, lo, hi, dflt);
	return v;
}

double env_number(const char *name, double lo, double hi, double dflt,
		  const char *unit)
{
	return read_or_warn(name, lo, hi, dflt, unit, false);
}

long env_integer(const char *name, long lo, long hi, long dflt,
		 const char *unit)
{
	return (long)read_or_warn(name, (double)lo, (double)hi, (double)dflt,
				  unit, true);
}
