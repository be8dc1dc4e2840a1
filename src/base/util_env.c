/* util_env.c - culab's environment variables read as numbers (util.h):
 * one reading and one warning for every knob, so that a bad value is
 * said the same way wherever it is read, and once a process however
 * often it is read (the compile limits are read for every compile, from
 * several threads). */
#include "util.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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

/* Whether the warning of knob `name` is still to be said (then it is
 * counted as said): once a process each. */
static bool first_warning(const char *name)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static const char *said[64];
	static size_t nsaid;
	bool first = true;

	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < nsaid && first; i++)
		first = strcmp(said[i], name) != 0;
	if (first && nsaid < sizeof(said) / sizeof(said[0]))
		said[nsaid++] = name;
	pthread_mutex_unlock(&lock);
	return first;
}

/* $name into *v (lo to hi; whole: a whole number): get()'s answer, after
 * the warning for a bad value, which ends with `instead` ("using 4"). */
static int read_or_warn(const char *name, double lo, double hi, bool whole,
			const char *unit, const char *instead, double *v)
{
	int got = get(name, lo, hi, whole, v);

	if (got < 0 && first_warning(name))
		diag_warning("%s: \"%s\" is not a %snumber of %s (%.10g to "
			     "%.10g); %s", name, diag_esc(getenv(name)),
			     whole ? "whole " : "", unit, lo, hi, instead);
	return got;
}

double env_number(const char *name, double lo, double hi, double dflt,
		  const char *unit)
{
	char instead[48];
	double v = dflt;

	snprintf(instead, sizeof(instead), "using %.10g", dflt);
	if (read_or_warn(name, lo, hi, false, unit, instead, &v) < 1)
		v = dflt;
	return v;
}

long env_integer(const char *name, long lo, long hi, long dflt,
		 const char *unit)
{
	char instead[48];
	double v = (double)dflt;

	snprintf(instead, sizeof(instead), "using %ld", dflt);
	if (read_or_warn(name, (double)lo, (double)hi, true, unit, instead,
			 &v) < 1)
		v = (double)dflt;
	return (long)v;
}

int env_integer_given(const char *name, long lo, long hi, const char *unit,
		      long *v)
{
	double x;
	int got = read_or_warn(name, (double)lo, (double)hi, true, unit,
			       "ignored", &x);

	if (got == 1)
		*v = (long)x;
	return got;
}

const char *env_choice(const char *name, const char *const *choices,
		       size_t n)
{
	const char *env = getenv(name);
	struct sbuf list = SBUF_INIT;

	if (!env || !*env)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(env, choices[i]))
			return choices[i];
	if (first_warning(name)) {
		for (size_t i = 0; i < n; i++)
			sbuf_addf(&list, "%s%s", i ? ", " : "", choices[i]);
		diag_warning("%s: \"%s\" is none of %s; ignored", name,
			     diag_esc(env), sbuf_str(&list));
		sbuf_release(&list);
	}
	return NULL;
}
