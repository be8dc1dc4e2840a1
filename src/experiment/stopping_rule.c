/* stopping_rule.c - the stopping rule of the timed runs.  See experiment.h. */
#include "experiment.h"

#include <stdio.h>
#include <string.h>

#include "base/stats.h"

void repeat_auto_default(struct repeat_auto *a)
{
	a->on = true;
	a->min = REPEATS_AUTO_MIN;
	a->precision = REPEATS_AUTO_PRECISION;
	a->budget_s = REPEATS_AUTO_BUDGET_S;
}

/* Whether the interval is worth computing at n samples: every sample up
 * to 128, then every step-th, step the largest power of two <= n/64. */
static bool judge_now(size_t n)
{
	size_t step = 1;

	if (n <= 128)
		return true;
	while (step * 2 <= n / 64)
		step *= 2;
	return n % step == 0;
}

bool repeats_done(int count, const struct repeat_auto *a, const double *x,
		  size_t n, double spent_s, enum repeat_stop *why)
{
	bool forced, precise;

	if (!a || !a->on) {
		*why = STOP_COUNT;
		return n >= (size_t)count;
	}
	forced = n >= (size_t)count || (n > 0 && spent_s >= a->budget_s);
	/* judged on schedule, and always once when the samples must end */
	precise = n >= (size_t)a->min && (forced || judge_now(n)) &&
		  stats_precise(x, n, a->precision);
	if (precise)
		*why = STOP_PRECISE;
	else if (n >= (size_t)count)
		*why = STOP_MAX;
	else
		*why = STOP_BUDGET;
	return precise || forced;
}

static const char *const stop_names[STOP__COUNT] = {
	[STOP_UNKNOWN] = NULL,
	[STOP_COUNT] = "count",
	[STOP_PRECISE] = "precise",
	[STOP_BUDGET] = "budget",
	[STOP_MAX] = "max",
};

const char *repeats_stop_name(enum repeat_stop s)
{
	return (unsigned)s < STOP__COUNT ? stop_names[s] : NULL;
}

int repeats_stop_parse(const char *name, enum repeat_stop *s)
{
	for (int i = 1; i < STOP__COUNT; i++)
		if (strcmp(name, stop_names[i]) == 0) {
			*s = (enum repeat_stop)i;
			return 0;
		}
	return -1;
}

const char *repeats_stop_text(enum repeat_stop s, size_t nsamples, char *buf,
			      size_t size)
{
	const char *name = repeats_stop_name(s);

	if (!name)
		snprintf(buf, size, "%s", "");
	else if (s == STOP_COUNT)
		snprintf(buf, size, "%zu run%s", nsamples,
			 nsamples == 1 ? "" : "s");
	else
		snprintf(buf, size, "%s after %zu run%s", name, nsamples,
			 nsamples == 1 ? "" : "s");
	return buf;
}

const char *repeats_text(int count, const struct repeat_auto *a, char *buf,
			 size_t size)
{
	if (!a || !a->on)
		snprintf(buf, size, "%d", count);
	else
		snprintf(buf, size, "auto (±%g %%, %g s, %d to %d runs)",
			 100 * a->precision, a->budget_s, a->min, count);
	return buf;
}
