/* results/results_model.h - measured results in memory: struct results,
 * its rows, its devices and variants (results_model.c).  Part of
 * results.h. */
#ifndef CULAB_RESULTS_MODEL_H
#define CULAB_RESULTS_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "counters/counters.h"
#include "ladder/ladder.h"
#include "experiment/experiment.h"
#include "base/rubric.h"
#include "base/strmap.h"
#include "plan/plan.h"
#include "clock_record.h"
#include "sanitizer_record.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== results in memory ================================================= */

/* Measured results in memory.
 *
 * A run produces one struct results.  The results/ folder stores it
 * (results.json: the full record, schema-versioned; results.csv: one row
 * per measurement) and reads it back (results_read: for `culab report`,
 * `--resume` and the tests), and the report renders it.
 *
 * Self-contained: besides its rows, a results set holds a description of
 * every variant its rows name (`variants`: ladder step, titles and
 * paragraphs in both languages, signature, flags, timed region, source),
 * copied from the registry when the run made it, so a report renders
 * rows of variants the reading binary has never heard of.
 *
 * Ownership: every char * and array in these structs is heap-allocated
 * and owned by the struct; results_release() frees them all. */

#define RESULTS_SCHEMA "culab-results"
/* Version 2 added the `variants` table.  Version 1 files (no table; every
 * variant then was built in) are read and given the table from this
 * binary's built-in rows (results_read). */
#define RESULTS_SCHEMA_VERSION 2
#define RESULTS_SCHEMA_OLDEST 1
/* What culab reads of a results file (results_read, `culab report`,
 * `verify`, `compare`, `merge`, `rerun`, `--resume`): a file beyond any
 * of these is refused with one line, so that no file costs more than
 * 5 s or 256 MB (tests/bench_hostile.sh shows the largest file these
 * allow; docs/bad-input.md).  Each is far above
 * what runs write: a run of experiments/default.yaml writes 1.1 MB, 162
 * rows of 20 samples, 24 counter columns and about 100 raw counter
 * values each.  A plan of more rows (the loader allows
 * EXPERIMENT_MAX_ROWS) runs and reports, but its results.json is then
 * refused when read back: split it into shards (`culab plan --shard`).
 *
 * The file, and the memory its parsed JSON may take (jansson's tree is
 * 5 to 12 times the text, depending on its shape; counted with malloc's
 * overhead): */
#define RESULTS_MAX_FILE_BYTES (8u << 20)
#define RESULTS_MAX_JSON_HEAP (96u << 20)
/* Rows, the variants' descriptions, experiments and devices. */
#define RESULTS_MAX_ROWS 4000
#define RESULTS_MAX_VARIANTS 512
#define RESULTS_MAX_EXPERIMENTS 1000    /* EXPERIMENT_MAX_EXPERIMENTS */
#define RESULTS_MAX_DEVICES 256
/* Timed samples of one row (REPEATS_MAX: what a run takes) and of the
 * whole file (every pair of rows `culab compare` makes is bootstrapped
 * STATS_BOOTSTRAP times, which costs time in proportion to the samples:
 * about 4 s of CPU for two files of 40000; a default run has 3226). */
#define RESULTS_MAX_SAMPLES 100000
#define RESULTS_MAX_ALL_SAMPLES 40000
/* Counter columns of one row (a run makes at most 88: 24 of the aliases
 * and EXPERIMENT_MAX_COUNTERS raw metrics) and distinct column names of
 * the file (results.csv has one column each); kernels of one row (a
 * batch's launches: MAX_RANGES of counters_int.h) and raw values of one
 * kernel; counter values, columns and raw values together, of the file. */
#define RESULTS_MAX_COLUMNS 128
#define RESULTS_MAX_FILE_COLUMNS 256
#define RESULTS_MAX_KERNELS 1024
#define RESULTS_MAX_KERNEL_VALUES 256
#define RESULTS_MAX_COUNTER_VALUES 250000
/* Bytes of one string: a name (experiment, variant, GPU, counter,
 * label), any other text (descriptions, messages, the command line), and
 * a source text (the experiment file's, a user kernel's: the loader
 * reads at most EXPERIMENT_MAX_FILE_BYTES). */
#define RESULTS_MAX_NAME 1024
#define RESULTS_MAX_TEXT 65536
#define RESULTS_MAX_SOURCE (1u << 20)
/* A rung's key lines (struct variant's code_text: a few lines of
 * the kernels, the longest today 30 lines), and the line they start at. */
#define RESULTS_MAX_CODE 16384
#define RESULTS_MAX_CODE_LINE 10000000
/* Numbers: a time in ms, bytes moved, a measured GB/s and a percentage
 * of the peak (non-negative and at most these), the theoretical peak
 * in GB/s (0: unknown, else from RESULTS_MIN_PEAK_GBPS up to below
 * RESULTS_MAX_PEAK_GBPS). */
#define RESULTS_MIN_MS 1e-6            /* a time: at least 1 ns */
#define RESULTS_MAX_MS 1e9
#define RESULTS_MAX_BYTES 1e18
#define RESULTS_MAX_GBPS 1e12
#define RESULTS_MAX_PCT 1e12
#define RESULTS_MIN_PEAK_GBPS 1e-3
#define RESULTS_MAX_PEAK_GBPS 1e6
/* A counter's value (raw or derived), and an expect line's bound: finite
 * and at most this in size. */
#define RESULTS_MAX_COUNTER 1e30

enum row_status {
	ROW_OK,          /* ran and verified */
	ROW_WRONG,       /* ran, answer did not match the reference */
	ROW_ERROR,       /* a CUDA error (launch, allocation, ...) */
	ROW_SKIPPED,     /* not run: too large for memory, unsupported, ... */
	ROW__COUNT
};

/* Statistics of the timed samples, in milliseconds.  The interval,
 * quartiles and outliers are stats.h's (stats_summarize). */
struct timing {
	int warmup;             /* untimed runs before the samples */
	size_t nsamples;
	double *samples_ms;     /* in run order */
	double median_ms, min_ms, max_ms, mean_ms, stdev_ms;
	double noise_pct;       /* relative spread: 100 * stdev / mean */
	double median_lo_ms, median_hi_ms; /* 95 % interval of the median */
	double q1_ms, q3_ms;    /* quartiles (type 7) */
	size_t outliers;        /* samples outside Tukey's fences */
	enum repeat_stop stop;  /* why the samples ended */
};

/* What the medians of a row's rounds are of (results.json's "of"). */
enum round_of {
	ROUND_UNSTATED = 0, /* results from before "of": the kernel alone
			       where the launch gave it (rung 1, a student
			       with `finish: host`), else the timed region */
	ROUND_KERNEL,       /* the kernel alone: the device part of a launch
			       that ends on the host (result_row.tk's time) */
	ROUND_FIRST_PASS,   /* a built-in reduction's first pass alone, one
			       launch leaving per-block partials (kernels.h,
			       first_pass), where the class's students end
			       on the host: the students' contract */
	ROUND_REGION,       /* the whole timed region */
	ROUND__OF
};

/* A measurement timed in rounds beside the others of its stage (a
 * class's rounds worker, run_options.rounds): round r timed every
 * measurement of the stage once, in an order rotated by r, so clock and
 * thermal drift reach every kernel alike.  Each round keeps the median
 * of its samples of what `of` says: the kernel alone, a rung's first
 * pass alone, or the region (result_row.t stays the whole region).  Rows
 * of one rounds run have the same count, and round r of one row is
 * paired with round r of another. */
struct round_times {
	size_t n;               /* rounds; 0: not timed in rounds */
	double *ms;             /* per round, the median of its samples */
	int per_round;          /* timed samples in each round */
	enum round_of of;       /* what each median is of */
};

/* The name results.json gives what rounds are of: "kernel",
 * "first_pass", "region"; NULL for ROUND_UNSTATED. */
const char *round_of_name(enum round_of of);

/* One derived counter value (a CSV column), aggregated over the launches
 * of a measurement. */
struct counter_column {
	char *name;             /* e.g. "bank_conflicts_per_shared_ld" */
	double value;           /* NAN when not applicable or missing */
	char *missing;          /* why the GPU could not collect it ("not
				   collectable on GA10B: ..."), else NULL */
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
	/* the kernel alone, when the timed region also holds a host step
	 * (`finish: host`, reduce_global): the samples of the device part,
	 * from an event the launcher records before copying to the host;
	 * nsamples 0 when the region is device work only (t is then the
	 * kernel's time) */
	struct timing tk;
	struct round_times rounds;
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
	/* what compute-sanitizer found when culab reran this failed row's
	 * kernel alone (above); NULL when it did not */
	struct sanitizer_record *sanitize;
	/* the first kernel of the correctness run: registers, shared
	 * memory, occupancy; known = false with the reason otherwise */
	struct kernel_resources resources;
	/* the GPU's clocks, temperature, power and throttle reasons read
	 * through NVML around the timed runs (above); known = false with
	 * the reason otherwise */
	struct clock_record clocks;
	int device;             /* where it ran: index into results.devices,
				   -1 unknown */
	long stage;             /* its stage's place in the whole plan
				   (plan_stage.index), -1 unknown */
	/* counters per source line (counters.h), for the measurements the
	 * plan marks (plan_measurement.lines): collected by a child process
	 * of their own (jobs/lines.c); recorded false when none were asked
	 * for */
	struct source_lines lines;
};

struct environment {
	char *gpu_name;
	int cc_major, cc_minor;
	int sm_count;
	int mem_bus_width_bits;
	int mem_clock_khz;
	double peak_gbps;       /* 2 * mem clock * bus width / 8; 0 unknown
				 * (integrated GPU, MIG: env_memory_peak) */
	int sm_clock_khz;       /* maximum SM clock */
	size_t l2_bytes;
	/* shared memory one SM holds for its blocks
	 * (cudaDeviceProp.sharedMemPerMultiprocessor); 0 unknown (files
	 * from before it was kept) */
	size_t smem_per_sm_bytes;
	size_t global_mem_bytes;
	char *gpu_uuid;
	int driver_version;     /* the CUDA version the driver supports
				   (cudaDriverGetVersion), e.g. 13000 */
	/* the driver's own version, "580.159.04" (NVML); NULL unknown:
	 * no NVML, or files from before it was kept */
	char *nvidia_driver;
	int runtime_version;
	char *hostname;
	char *os;
	int cuda_device;        /* the CUDA device index on its host, -1
				   unknown (files from before it was kept) */
};

/* An experiment as run, for the report's method section. */
/* The launch a class's kernel keys give every student (results.json
 * "contract", with its experiment): its grid expression and block as
 * written, and at each size how many input elements one thread loads,
 * ceil(n / (grid(n) x block)), as the run evaluated them (sm_count: the GPU's).
 * The report's reference for the class is the fastest rung that loads as
 * many in its first pass (struct variant's first_loads).  Empty (grid
 * NULL, nat 0) for a class of another family and results from before. */
struct class_load {
	uint64_t n;
	int elements;
};

struct class_contract {
	char *grid;
	int block;
	struct class_load *at;  /* smallest size first */
	size_t nat;
};

/* Copies src into *dst (which owns its copies); frees what c owns and
 * empties it (accepts NULL).  results_model.c. */
void class_contract_copy(struct class_contract *dst,
			 const struct class_contract *src);
void class_contract_release(struct class_contract *c);

struct experiment_meta {
	char *name;
	char *description;
	char *description_zh;   /* NULL or "" when the file had none */
	char *family;
	int warmup, repeats;    /* repeats: the fixed count, or auto's most */
	struct repeat_auto repeats_auto; /* `repeats: auto`, or on false */
	uint64_t seed;
	bool l2_flush;
	bool score_class;       /* a class scored against its fastest student
				   (results.json "class_score": "class") */
	struct class_rubric rubric; /* a class's rubric (results.json
				   "rubric"), rubric_default() without one */
	int rounds;             /* a class's timing rounds, 0: none */
	bool has_class;         /* the experiment has a class (results.json:
				   its entry has "rubric" and "rounds") */
	bool has_roster;        /* the class has a roster (results.json:
				   "missing", maybe empty) */
	struct class_student *missing; /* the roster's students without a
				   submission (results.json "missing") */
	size_t nmissing;
	struct class_contract contract; /* a reduce class's launch, as run */
	size_t ncounters;
	char **counters;
};

struct results {
	int schema_version;
	/* The variants table was written before descriptions had teaching
	 * texts (no description has the key): its built-in rows are
	 * described by this binary's (results_read). */
	bool variants_before_teaching;
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
	char *counters_refusal; /* why CUPTI refused the hardware counters, as
				   refusal.h names the condition
				   ("COUNTERS_PERMISSION"); NULL: not refused */
	char *clocks_locked;    /* `--lock-clocks`: what the SM clocks were
				   locked to ("max (1980 MHz)"); NULL: not
				   locked (or not recorded) */
	bool has_env;
	struct environment env; /* the first device, as files always had it */
	/* Every device the rows ran on (rows index it), one per host and
	 * GPU; a file from before it was kept reads as its `env`. */
	size_t ndevices;
	struct environment *devices;
	/* The part of the plan these rows are: shard_count 0 for the whole
	 * plan, else the shards (1-based, ascending) merged into them. */
	int shard_count;
	size_t nshards;
	int *shards;
	size_t nexperiments;
	struct experiment_meta *experiments;
	/* What a report needs of each variant the rows name, in ladder order:
	 * copies owned by the results (variant_dup; no functions, no ctx
	 * when read from a file). */
	size_t nvariants;
	struct variant **variants;
	struct strmap variant_index;    /* their names: index into variants */
	size_t nrows;
	size_t cap_rows;
	struct result_row *rows;
};

/* "ok", "wrong", "error", "skipped". */
const char *row_status_name(enum row_status s);
/* Returns 0 and sets *st for the status called `s`, or -1. */
int row_status_parse(const char *s, enum row_status *st);

/* Appends a zeroed row to r and returns it (never NULL; aborts on OOM). */
struct result_row *results_add_row(struct results *r);

/* What a row measured, as a strmap key into k (reset first): experiment,
 * variant, type, shape and block, each measurement's own; NULL names
 * as "".  results_row_key is the same of row w. */
struct sbuf;
void results_key(struct sbuf *k, const char *experiment, const char *variant,
		 const char *dtype, uint64_t n, uint64_t m, int block);
void results_row_key(struct sbuf *k, const struct result_row *w);
/* Whether rows a and b are of one measurement (their keys equal). */
bool results_row_same(const struct result_row *a, const struct result_row *b);

/* Frees the last row of r and removes it; no-op when r has none. */
void results_pop_row(struct results *r);

/* The index of the device of r that is `env`'s host and GPU (same
 * host name and UUID; without a UUID, the same name and CUDA index), or
 * -1 when r has none. */
int results_find_device(const struct results *r,
			const struct environment *env);
/* The same, after adding a copy of env when r has none (an entry whose
 * CUDA index is unknown takes env's).  Returns the index. */
int results_add_device(struct results *r, const struct environment *env);

/* The device row w ran on: r's device, else r->env when the file names
 * none, else NULL. */
const struct environment *results_row_device(const struct results *r,
					     const struct result_row *w);

/* Deep copy of src into *dst; environment_release(dst) frees it. */
void environment_copy(struct environment *dst, const struct environment *src);
void environment_release(struct environment *e);

/* Fills t's statistics from t->samples_ms[0..nsamples) (all but
 * warmup and stop). */
void timing_compute(struct timing *t);

/* The description of variant `name` the results hold, or NULL. */
const struct variant *results_variant(const struct results *r,
				      const char *name);
/* Adds a copy of v's description (variant_dup) unless r holds one of that
 * name already.  Returns the description r holds. */
const struct variant *results_add_variant(struct results *r,
					  const struct variant *v);
/* Adds description v itself, which r then owns, unless r holds one of
 * that name already.  Returns 0, or -1 when it holds one (v is not
 * taken).  A description without a name is taken and never found. */
int results_take_variant(struct results *r, struct variant *v);

struct plan_done;
/* r's rows as the measurements --resume may keep (plan.h): one per row,
 * in row order, `row` its index; the strings are r's.  Returns a new
 * array of r->nrows (caller frees; NULL when r has no rows). */
struct plan_done *results_done(const struct results *r);

/* Keeps the rows of r for which keep(row, ctx) is true, in their order,
 * and frees the others. */
void results_keep_rows(struct results *r,
		       bool (*keep)(const struct result_row *w, void *ctx),
		       void *ctx);
/* Keeps the last row of each measurement of r (results_row_key), in
 * their order: what --resume gathers from DIR/results.json and the
 * workers' files, which may both hold a row. */
void results_keep_last(struct results *r);

/* Frees everything *r owns and zeroes it; accepts NULL. */
void results_release(struct results *r);


#ifdef __cplusplus
}
#endif

#endif
