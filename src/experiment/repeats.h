/* repeats.h - how many timed runs a measurement takes: a fixed count
 * (`repeats: 30`), or `repeats: auto`, which takes samples until the
 * median is pinned down to a relative precision, a time budget is spent
 * or a largest count is reached, whichever comes first.
 *
 * The model is nvbench's stdrel stopping criterion (a target relative
 * noise, a minimum number of samples and time, a timeout); culab judges
 * the precision of the median, not of the mean: the half width of the
 * median's 95 % distribution-free interval (stats.h, stats_precise) must
 * be at most `precision` times the median.  The budget counts the timed
 * runs only (the sum of the samples), as nvbench's min-time does.
 *
 * Pure: no I/O, no GPU.  The runner asks repeats_done() after every
 * sample; the row records why the samples ended (enum repeat_stop). */
#ifndef CULAB_REPEATS_H
#define CULAB_REPEATS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The fixed count when an experiment names none. */
#define REPEATS_DEFAULT 30
/* The largest count, fixed or auto. */
#define REPEATS_MAX 100000
/* `repeats: auto` without settings. */
#define REPEATS_AUTO_PRECISION 0.01
#define REPEATS_AUTO_BUDGET_S 2.0
#define REPEATS_AUTO_MIN 10
#define REPEATS_AUTO_MAX 1000
/* The settings' bounds (the loader's messages quote them). */
#define REPEATS_PRECISION_LO 0.0001
#define REPEATS_PRECISION_HI 0.5
#define REPEATS_BUDGET_LO_S 0.001
#define REPEATS_BUDGET_HI_S 3600.0

/* The settings of `repeats: auto`.  The most runs is the experiment's
 * `repeats` count (struct experiment, struct experiment_meta), which is
 * the fixed count when `on` is false. */
struct repeat_auto {
	bool on;                /* `repeats: auto` */
	int min;                /* runs before precision is judged */
	double precision;       /* relative half width of the median's 95 %
				   interval, e.g. 0.01 */
	double budget_s;        /* seconds of timed runs, at most */
};

/* Why a measurement's samples ended. */
enum repeat_stop {
	STOP_UNKNOWN,           /* not recorded (older files), or not timed */
	STOP_COUNT,             /* the fixed count was reached */
	STOP_PRECISE,           /* auto: the median is known to the precision */
	STOP_BUDGET,            /* the time budget was spent (auto, or the
				   CPU reference row's cap) */
	STOP_MAX,               /* auto: the most runs allowed, not precise */
	STOP__COUNT
};

/* `repeats: auto` with the default settings (on); the count that goes
 * with them is REPEATS_AUTO_MAX. */
void repeat_auto_default(struct repeat_auto *a);

/* Whether samples x[0..n) (run order), which took spent_s seconds of
 * timed runs, are enough: `count` of them without auto (a NULL or off),
 * else the auto rule with at most `count`; when they are, *why says why.
 * The precision is judged at every sample up to 128 and then at every
 * 2^k-th sample with 2^k <= n/64, so the cost stays near-linear with
 * REPEATS_MAX samples (the interval needs a sort). */
bool repeats_done(int count, const struct repeat_auto *a, const double *x,
		  size_t n, double spent_s, enum repeat_stop *why);

/* "count", "precise", "budget", "max"; NULL for STOP_UNKNOWN. */
const char *repeats_stop_name(enum repeat_stop s);
/* Sets *s for a name of repeats_stop_name.  Returns 0, or -1. */
int repeats_stop_parse(const char *name, enum repeat_stop *s);

/* How a row's samples ended, in English, e.g. "precise after 37 runs",
 * "budget after 412 runs", "max (1000 runs)", "30 runs"; "" for
 * STOP_UNKNOWN.  Written to buf, returned. */
const char *repeats_stop_text(enum repeat_stop s, size_t nsamples, char *buf,
			      size_t size);

/* The rule in a few words, as culab plan and reports print it:
 * "30", "auto (±1 %, 2 s, 10 to 1000 runs)".  Written to buf, returned. */
const char *repeats_text(int count, const struct repeat_auto *a, char *buf,
			 size_t size);

#ifdef __cplusplus
}
#endif

#endif
