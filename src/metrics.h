/* metrics.h - counter aliases: friendly names -> raw Perfworks metrics ->
 * derived values (CSV columns), with units, direction and glossary text.
 *
 * One table (metrics.c) serves `culab list metrics`, validation in
 * `culab check`, the runner's collection plan, CSV column names and the
 * report's glossary.  Raw Perfworks metric names are accepted as well; they
 * become a column of their own named after the metric. */
#ifndef CULAB_METRICS_H
#define CULAB_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define METRIC_MAX_RAW 12
#define METRIC_MAX_COLS 6

/* Values the derivations may need besides raw counters. */
struct metric_context {
	double peak_gbps;            /* theoretical DRAM bandwidth, 0 unknown */
	double theoretical_occupancy_pct; /* occupancy API, NAN unknown */
};

struct metric_column_def {
	const char *name;            /* CSV column, e.g. "bank_conflicts_per_shared_ld" */
	const char *unit;            /* "conflicts/instr", "%", "B", "GB/s", ... */
	int better;                  /* -1 lower is better, +1 higher, 0 neither */
	const char *what_en;         /* one line */
	const char *what_zh;
};

struct metric_alias {
	const char *name;            /* "bank_conflicts" */
	const char *summary_en;      /* one line for `culab list metrics` */
	const char *summary_zh;
	const char *explain_en;      /* glossary paragraph for students */
	const char *explain_zh;
	const char *raw[METRIC_MAX_RAW];           /* NULL-terminated */
	struct metric_column_def cols[METRIC_MAX_COLS]; /* name NULL ends */
	/* Computes cols from raw[] values (same order; NAN when missing). */
	void (*derive)(const double *raw, const struct metric_context *ctx,
		       double *cols);
};

/* The alias table. */
const struct metric_alias *metrics_aliases(size_t *count);
/* The alias called `name`, or NULL. */
const struct metric_alias *metrics_find(const char *name);
/* The counters used when an experiment asks for `counters: default`. */
const char *const *metrics_default_set(size_t *count);

/* Prints the alias table for `culab list metrics` (text). */
void metrics_print(FILE *fp);

/* Whether `name` is an alias or a raw metric valid for the target chip
 * (checked offline with CUPTI's host API; no GPU needed).  Returns 0, or
 * -1 with a reason (and a "did you mean" where one is close) in why. */
int metrics_check(const char *name, char *why, size_t whysize);

/* A collection plan for a list of requested names (aliases and raw). */
struct counter_plan {
	size_t nraw;
	char **raw;                  /* unique raw metrics to collect */
	size_t ncols;
	char **cols;                 /* derived column names, in request order */
	/* private: how to compute each column */
	size_t nparts;
	struct counter_plan_part *parts;
};

/* Builds the plan.  Names must have passed metrics_check().  Returns 0 or
 * -1 after a diagnostic. */
int counter_plan_build(char *const *names, size_t n, struct counter_plan *p);
void counter_plan_release(struct counter_plan *p);

/* Aggregates per-kernel raw values (kvalues[k][i] for raw[i], k < nk) into
 * one measurement and derives plan->ncols columns into cols. */
void counter_plan_derive(const struct counter_plan *p, const double *const *kvalues,
			 size_t nk, const struct metric_context *ctx, double *cols);

#endif
