/* counters/aliases.h - the counter aliases, the noise rule and collection
 * plans.  Part of counters.h, the header other folders include. */
#ifndef CULAB_COUNTERS_ALIASES_H
#define CULAB_COUNTERS_ALIASES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profiling.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counter aliases: friendly names -> raw Perfworks metrics ->
 * derived values (CSV columns), with units, direction and glossary text.
 *
 * One table (metrics.c) serves `culab list metrics`, validation in
 * `culab check`, the runner's collection plan, CSV column names and the
 * report's glossary.  Raw Perfworks metric names are accepted as well; they
 * become a column of their own named after the metric.
 *
 * Every plan also collects the "duration" alias (gpu__time_duration.sum and
 * the SM clock): they share a pass with the other hardware counters, so
 * they cost nothing, and a profile without its clock cannot be compared
 * with another one (CUPTI 13.0 does not lock clocks). */

#define METRIC_MAX_RAW 12
#define METRIC_MAX_COLS 6

/* The chip that names are validated against offline when nothing says
 * which (H100/H200; counters.h's CHIP_ASSUMED). */
#define METRICS_CHIP "GH100"

/* The word that stands for metrics_default_set() in a counter list. */
#define METRICS_DEFAULT_WORD "default"

/* Values the derivations may need besides raw counters. */
struct metric_context {
	double peak_gbps;            /* theoretical DRAM bandwidth, 0 unknown */
	double theoretical_occupancy_pct; /* occupancy API, NAN unknown */
};

/* How a change of a column is read (the report's findings). */
enum metric_reading {
	READ_DIRECTION, /* `better` says which way is an improvement */
	READ_WITH,      /* read with column `with` (an efficiency): at the
			   same efficiency a change means wider or narrower
			   accesses, not waste; otherwise `with`'s change
			   says better or worse */
	READ_NEUTRAL,   /* no direction out of context: named with its
			   meaning, never called better or worse */
	READ_TIME,      /* restates the kernel's time (duration,
			   throughput): never named as a cause */
	READ_NEVER,     /* grows with n or drifts between profiles (raw
			   event counts, the clock): never named */
};

struct metric_column_def {
	const char *name;            /* CSV column, e.g. "bank_conflicts_per_shared_ld" */
	const char *unit;            /* "conflicts/instr", "%", "B", "GB/s", ... */
	int better;                  /* -1 lower is better, +1 higher, 0 neither */
	const char *what_en;         /* one line */
	const char *what_zh;
	enum metric_reading reading;
	const char *with;            /* READ_WITH: the column read with it */
	/* The column's measured run-to-run noise: a change no larger than
	 * noise_pct percent (of the larger value) or than noise_abs (in the
	 * column's unit) is noise.  Measured on two runs of the default
	 * experiment a minute apart on one H100 (reports/compare/h100-twice,
	 * 155 rows); the instrumented (SASS) columns did not move at all,
	 * DRAM bytes by at most 0.8 MB, bank conflicts per instruction by at
	 * most 0.02, achieved occupancy by 1.6 points, throughput and
	 * duration by 5.6 %.  DRAM writes also get 5 % for the write-back
	 * uncertainty of outputs larger than L2 (../shared/research/cupti.md
	 * 5.3). */
	double noise_pct, noise_abs;
	const char *reading_en;      /* how a change is read, one line */
	const char *reading_zh;
};

struct metric_alias {
	const char *name;            /* "bank_conflicts" */
	const char *summary_en;      /* one line for `culab list metrics` */
	const char *summary_zh;
	const char *explain_en;      /* glossary paragraph for students */
	const char *explain_zh;
	const char *raw[METRIC_MAX_RAW];           /* NULL-terminated */
	struct metric_column_def cols[METRIC_MAX_COLS]; /* name NULL ends */
	/* Computes cols from raw[] values (same order; NAN when missing).
	 * The values are already aggregated over the kernel launches of one
	 * measurement (see counter_plan_derive). */
	void (*derive)(const double *raw, const struct metric_context *ctx,
		       double *cols);
};

/* The alias table. */
const struct metric_alias *metrics_aliases(size_t *count);
/* The alias called `name`, or NULL. */
const struct metric_alias *metrics_find(const char *name);
/* Whether s reads as a Perfworks raw metric name,
 * "unit__counter.rollup[.submetric...]" (not whether a chip has it). */
bool metrics_looks_raw(const char *s);
/* The definition of derived column `col` (e.g. "dram_gbps"), or NULL; sets
 * *alias (when not NULL) to the alias that owns it. */
const struct metric_column_def *metrics_find_column(const char *col,
						    const struct metric_alias **alias);
/* The counters used when an experiment asks for `counters: default`
 * (alias names). */
const char *const *metrics_default_set(size_t *count);

/* ---- counter changes: the noise rule -------------------------------- *
 * Shared by the report's findings and `culab compare`, so that both name
 * the same changes. */

/* A change smaller than this, in percent of the larger of the two
 * values, is noise: it is not named. */
#define METRICS_CHANGE_PCT 10.0

/* Whether a change of column `col` from a to b can mean anything at all.
 * Not for raw event counts (conflicts, branches): they grow with n, and
 * their per-instruction columns or branch efficiency say the same thing
 * at any size; not for the SM clock, which drifts between profiles; and
 * not for bank conflicts per instruction below 0.1 on both sides, the
 * hardware counter's floor (it reads 1-4 % of the wavefronts even for
 * conflict-free code, so 0.005 -> 0.045 is a tenfold change of nothing).
 * A column the alias table does not define (a raw metric) always can. */
bool metrics_change_meaningful(const char *col, double a, double b);

/* The size of a change from a to b: 100 |b - a| / max(|a|, |b|), in
 * percent (0..100); NAN when either is not finite or both are 0. */
double metrics_change_pct(double a, double b);

/* Whether the change of column `col` from a to b is beyond noise:
 * meaningful and at least METRICS_CHANGE_PCT. */
bool metrics_change_notable(const char *col, double a, double b);

/* Whether the change of column `col` from a to b is larger than the
 * column's measured noise (noise_pct and noise_abs, both exceeded) and
 * can be named at all (not READ_NEVER, metrics_change_meaningful).  A
 * column the table does not define needs METRICS_CHANGE_PCT. */
bool metrics_change_beyond_noise(const char *col, double a, double b);

/* The same with the relative noise taken of `scale` instead of the larger
 * value when scale is larger: a byte count is judged against all the
 * bytes the kernel moved (2 MB fewer writes beside 1 GB of reads is
 * noise however large a share of the writes it is). */
bool metrics_change_beyond_noise_of(const char *col, double a, double b,
				    double scale);

/* The chip metrics_check() validates raw metric names for: METRICS_CHIP
 * until metrics_set_chip() names another (culab check --chip, or the GPU
 * culab runs on).  The string is copied. */
void metrics_set_chip(const char *chip);
const char *metrics_chip(void);

/* Whether `name` is "default", an alias, or a raw metric valid for
 * metrics_chip() (checked offline with CUPTI's host API; no GPU needed).
 * Aliases always pass: one that a chip cannot collect is left out when
 * counters are collected there (counter_plan_restrict).
 * Returns 0, or -1 with a reason (and a "did you mean" where one is close)
 * in why.  On success why is "" or holds a note worth printing as a
 * warning: when CUPTI's host API itself cannot run here, a raw name that
 * looks like a Perfworks metric (unit__counter.rollup...) is accepted
 * unchecked, and the note says so; the GPU run validates it again. */
int metrics_check(const char *name, char *why, size_t whysize);

/* How one alias resolves on one chip, offline (metrics_resolve). */
struct metric_resolution {
	/* 1: collectable; 0: not on this chip; -1: not evaluated (CUPTI's
	 * host API cannot run here, or refuses the chip) */
	int status;
	/* What is collected for the alias's raw[i] on the chip: raw[i]
	 * itself, or the chip's own name for the same counter
	 * (dram__bytes_op_read.sum on GB20x); NULL where it is not. */
	const char *collect[METRIC_MAX_RAW];
	/* Why raw[i] is not collectable there; "" where it is. */
	char why[METRIC_MAX_RAW][256];
	/* status != 1: the first reason, naming its raw metric. */
	char summary[320];
};

/* Evaluates alias a on chip (a CUPTI chip name, "GA102") with the host
 * API: every raw metric, and for one the chip lacks, the chip's own name
 * for it where culab knows one.  Returns r->status.  No GPU needed. */
int metrics_resolve(const struct metric_alias *a, const char *chip,
		    struct metric_resolution *r);

/* Prints the alias table for `culab list metrics`: one block per alias
 * with its summary (English and Chinese), its columns and whether `chip`
 * can collect it (with each raw metric it cannot, and why); verbose adds
 * the raw metrics and the glossary paragraphs.  chip NULL leaves the
 * chip lines out. */
void metrics_print(FILE *fp, bool verbose, const char *chip);

/* What `culab list chips` says of one chip CUPTI's host API knows:
 * whether each alias of the default set resolves there, and the replay
 * passes the set needs.  Computed offline. */
struct chip_report {
	const char *chip;          /* CUPTI's name, "GA102" */
	const char *arch;          /* "sm_86", "?" for a chip chip.c lacks */
	const char *gpus;          /* boards built on it, "" when unknown */
	int passes;                /* -1: not computed */
	size_t naliases;
	const char *const *alias;  /* metrics_default_set() */
	const char **cell;         /* per alias: "yes", "yes*", "no", "?" */
	char **note;               /* per alias: why not, or the chip's own
				      names it is collected under; "" */
};

/* Evaluates every chip CUPTI's host API knows into *out (free with
 * metrics_chips_free).  Returns how many, or -1 with why filled when the
 * host API cannot run here. */
int metrics_chips(struct chip_report **out, char *why, size_t whysize);
void metrics_chips_free(struct chip_report *c, size_t n);

/* Prints c[0..n) for `culab list chips`: a line per chip in words with
 * the notes under them, or (markdown) the Markdown table of
 * reports/chips/aliases.md with its notes. */
void metrics_print_chips(FILE *fp, const struct chip_report *c, size_t n,
			 bool markdown);

/* A collection plan for a list of requested names (aliases and raw). */
struct counter_plan_part;
struct counter_plan {
	size_t nraw;
	char **raw;                  /* unique raw metrics to collect; pass
					(const char *const *)raw to counters_open */
	size_t ncols;
	char **cols;                 /* derived column names, in request order
					(the implicit duration columns last) */
	/* private: how to compute each column */
	size_t nparts;
	struct counter_plan_part *parts;
};

/* Builds the plan: "default" expands to metrics_default_set(), repeated
 * names are collected once, raw metrics shared by aliases are collected
 * once, and the duration alias is always added.  Names must have passed
 * metrics_check().  Returns 0 or -1 after a diagnostic.  The caller
 * releases *p with counter_plan_release(). */
int counter_plan_build(char *const *names, size_t n, struct counter_plan *p);
void counter_plan_release(struct counter_plan *p);

/* Fits plan p to `chip` (metrics_resolve, offline): an alias the chip
 * cannot collect, or a raw metric it lacks, is no longer collected, and
 * its columns stay in the plan to be derived as NAN, with the reason
 * that counter_plan_missing() gives; an alias the chip names differently
 * collects the chip's names.  Where the host API cannot evaluate the
 * chip, the plan is left as it is (opening counters on the GPU checks it).
 * A plan that fits needs no change: on GH100 the default set is left
 * exactly as built.  Returns the number of requested names left out and
 * lists them in dropped (when not NULL): "dram (unknown metric ...); ...". */
int counter_plan_restrict(struct counter_plan *p, const char *chip,
			  char *dropped, size_t dropsize);

/* Fits plan p to a collector other than CUPTI's range profiler (a process
 * whose hardware counters were refused: instrument.h): map(raw) is the
 * name under which that collector counts raw (raw itself, or a name of
 * its own for the same quantity), NULL when it cannot count it.  A part
 * with a raw metric it cannot count is no longer collected: its columns
 * are derived as NAN, and counter_plan_missing() says "WHY (not counted:
 * RAW)".  Returns the number of requested names left out. */
int counter_plan_map(struct counter_plan *p, const char *(*map)(const char *),
		     const char *why);

/* Why column `col` of p is not collected ("not collectable on GA10B:
 * ..."), or NULL when it is. */
const char *counter_plan_missing(const struct counter_plan *p, size_t col);

/* Aggregates per-kernel raw values (kvalues[k][i] for raw[i], k < nk) into
 * one measurement and derives plan->ncols columns into cols.
 *
 * Aggregation over the launches of one measurement, per raw metric, by its
 * name: plain counters (".sum", ".avg" with no further part) add up, and so
 * do durations; ".max"/".min" take the maximum/minimum over launches;
 * everything else (ratios ".pct"/".ratio", rates ".per_second",
 * "pct_of_peak...", "per_cycle...", ".max_rate", peaks) is averaged weighted
 * by each launch's gpu__time_duration.sum.  A value that is NAN in any
 * launch makes the aggregate NAN.  Derived ratios are then computed from
 * the aggregated numerators and denominators, so they are the ratios of
 * totals, not averages of per-launch ratios.  nk == 0 gives NAN columns. */
void counter_plan_derive(const struct counter_plan *p, const double *const *kvalues,
			 size_t nk, const struct metric_context *ctx, double *cols);

/* The same, from what counters_profile() returned: values are matched to
 * plan->raw by name (a name missing from a launch counts as NAN). */
void counter_plan_derive_kernels(const struct counter_plan *p,
				 const struct kernel_counters *k, size_t nk,
				 const struct metric_context *ctx, double *cols);

#ifdef __cplusplus
}
#endif

#endif
