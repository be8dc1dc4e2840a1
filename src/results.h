/* results.h - measured results in memory, and their files.
 *
 * results.c is the only file that includes jansson.  A run produces one
 * struct results; results_write() stores it as results.json (the full
 * record, schema-versioned) and results.csv (one row per measurement),
 * each written to a temporary file and renamed into place, so a crash or
 * signal never leaves a half-written file.  results_read() loads a
 * results.json back (for `culab report`, `--resume` and the tests) and
 * rejects files that are truncated, corrupt or of another schema with a
 * GNU-format error.
 *
 * Ownership: every char * and array in these structs is heap-allocated
 * and owned by the struct; results_release() frees them all. */
#ifndef CULAB_RESULTS_H
#define CULAB_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "counters.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RESULTS_SCHEMA "culab-results"
#define RESULTS_SCHEMA_VERSION 1
/* Largest results.json culab reads. */
#define RESULTS_MAX_FILE_BYTES (512u << 20)

enum row_status {
	ROW_OK,          /* ran and verified */
	ROW_WRONG,       /* ran, answer did not match the reference */
	ROW_ERROR,       /* a CUDA error (launch, allocation, ...) */
	ROW_SKIPPED,     /* not run: too large for memory, unsupported, ... */
	ROW__COUNT
};

/* Statistics of the timed samples, in milliseconds. */
struct timing {
	int warmup;             /* untimed runs before the samples */
	size_t nsamples;
	double *samples_ms;     /* in run order */
	double median_ms, min_ms, max_ms, mean_ms, stdev_ms;
	double noise_pct;       /* relative spread: 100 * stdev / mean */
};

/* One derived counter value (a CSV column), aggregated over the launches
 * of a measurement. */
struct counter_column {
	char *name;             /* e.g. "bank_conflicts_per_shared_ld" */
	double value;           /* NAN when not applicable */
};

struct result_row {
	char *experiment;
	char *family;           /* "reduce" | "transpose" */
	char *variant;
	int step;
	char *dtype;            /* "int" | "float" | "double" */
	uint64_t n, m;          /* reduce: n elements, m = 1; transpose: rows, cols */
	int block;              /* threads per block, 0 when not applicable */
	enum row_status status;
	char *message;          /* why it failed or was skipped; NULL when ok */
	bool verified;
	double error;           /* |result - reference| (0 for exact checks) */
	double tolerance;       /* allowed error (0 for exact checks) */
	char *timed_region;     /* what one timed run contains */
	char *timer;            /* "cuda-events" | "host-clock" */
	struct timing t;
	double bytes;           /* bytes moved by one run (registry) */
	double gbps;            /* bytes / median time */
	double pct_peak;        /* gbps / theoretical peak, in % (0 if unknown) */
	/* counters */
	char *counters_status;  /* NULL: collected; else why not */
	size_t ncolumns;
	struct counter_column *columns;
	size_t nkernels;
	struct kernel_counters *kernels;
	char *sanitizer;        /* compute-sanitizer status, NULL if not run */
};

struct environment {
	char *gpu_name;
	int cc_major, cc_minor;
	int sm_count;
	int mem_bus_width_bits;
	int mem_clock_khz;
	double peak_gbps;       /* 2 * mem clock * bus width / 8 */
	int sm_clock_khz;       /* maximum SM clock */
	size_t l2_bytes;
	size_t global_mem_bytes;
	char *gpu_uuid;
	int driver_version;     /* e.g. 13000 */
	int runtime_version;
	char *hostname;
	char *os;
};

/* An experiment as run, for the report's method section. */
struct experiment_meta {
	char *name;
	char *description;
	char *family;
	int warmup, repeats;
	uint64_t seed;
	bool l2_flush;
	size_t ncounters;
	char **counters;
};

struct results {
	int schema_version;
	char *culab_version;
	char *culab_commit;
	char *command;          /* the command line, shell-quoted */
	char *started;          /* ISO 8601 UTC */
	char *finished;         /* ISO 8601 UTC; NULL while running */
	char *status;           /* "complete" | "running" | "interrupted" | "aborted" */
	char *source_path;      /* experiment file */
	char *source_sha256;
	char *source_text;
	char *note;             /* free text, e.g. "recorded on ... by ..." */
	char *counters_method;  /* how counters were collected (replay, passes),
				   NULL when none were */
	bool has_env;
	struct environment env;
	size_t nexperiments;
	struct experiment_meta *experiments;
	size_t nrows;
	size_t cap_rows;
	struct result_row *rows;
};

/* "ok", "wrong", "error", "skipped". */
const char *row_status_name(enum row_status s);

/* Appends a zeroed row to r and returns it (never NULL; aborts on OOM). */
struct result_row *results_add_row(struct results *r);

/* Frees the last row of r and removes it; no-op when r has none. */
void results_pop_row(struct results *r);

/* Fills t's statistics from t->samples_ms[0..nsamples). */
void timing_compute(struct timing *t);

/* Writes dir/results.json and dir/results.csv atomically (temporary file,
 * fsync, rename).  Creates dir if missing.  Returns 0, or -1 after a
 * diagnostic. */
int results_write(const char *dir, const struct results *r);

/* Loads a results.json.  Returns 0, or -1 after a GNU-format diagnostic
 * (missing, truncated, corrupt, wrong schema).  Caller releases *r. */
int results_read(const char *path, struct results *r);

/* Same, from memory; `path` names the text in messages (tests, fuzzer). */
int results_read_buffer(const char *path, const char *text, size_t len,
			struct results *r);

/* Other JSON documents culab prints (this module is culab's only JSON
 * writer): the variant registry, the counter alias table and the devices.
 * Each returns 0, or -1 after a diagnostic. */
int results_print_kernels_json(FILE *fp);
int results_print_metrics_json(FILE *fp);
int results_print_devices_json(FILE *fp, const struct environment *envs,
			       size_t n);

/* The CSV header line (no newline), for docs and tests. */
const char *results_csv_header(void);

/* Frees everything *r owns and zeroes it; accepts NULL. */
void results_release(struct results *r);

#ifdef __cplusplus
}
#endif

#endif
