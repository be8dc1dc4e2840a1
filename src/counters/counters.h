/* counters/counters.h - what culab learns from CUPTI.
 *
 * Takes kernel launches to watch or to profile, and counter names to
 * check; gives raw and derived counter values, each kernel's resources
 * and occupancy, and the words for what CUPTI refuses.  It stands below
 * every stage that measures (ladder, experiment, plan, run) and every one
 * that reads counters (compare, report).  counters_*.cpp and
 * launch_watch.cpp are the only files that include CUPTI.
 *
 * The one header other folders include.  Its sections: the profiling
 * session, the counter aliases, the chips CUPTI knows, what a kernel
 * takes of a multiprocessor, the launch watch, and counters per source
 * line. */
#ifndef CULAB_COUNTERS_H
#define CULAB_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ==== the profiling session ============================================= */

/* Hardware counters in-process with CUPTI.
 *
 * CUPTI's host header is C++-only, so the room is C++ behind this C API:
 * counters_session.cpp the session, counters_profile.cpp measuring,
 * counters_host.cpp the offline side (counters_explain,
 * counters_metric_valid, counters_count_passes, counters_supported_chips).
 * Collection uses the Range Profiler: every kernel launch of one
 * measurement becomes a range, replayed as many passes as the metrics
 * need.  Profiled launches are never timed: the runner collects counters
 * in a phase of its own, after timing.
 *
 * Method (CUPTI 13.0; see the comments at the top of counters_session.cpp
 * and counters_profile.cpp): auto ranges (one per kernel launch) with user
 * replay, many measurements per Start/Stop (counters_profile_batch).
 * Before every pass the module calls the runner's prepare hook; before
 * every profiled kernel it evicts L2 by reading a scratch buffer four
 * times the L2 size, so every kernel starts from a cold cache as under ncu
 * and DRAM byte counts are not inflated by earlier kernels' dirty lines
 * (kernel replay in CUPTI 13.0 does not flush L2).
 * CULAB_COUNTERS_FLUSH_PER_PASS=1 evicts once per measurement instead
 * (for comparisons).
 *
 * Linking: -lcupti (dynamic; rpath to the toolkit's lib64) and the CUDA
 * runtime (static is fine).  libcuda is not linked: the module reaches the
 * two driver functions it needs through cudaGetDriverEntryPointByVersion.
 * libcupti loads libnvperf_host/target itself.
 *
 * Only one session may be open at a time, and it must be closed before the
 * CUDA context is destroyed (cudaDeviceReset).  Closing and opening again
 * (say, for another metric list) works.  With CULAB_COUNTERS_TRACE=1 in
 * the environment, closing prints to stderr where the profiling time went
 * (start, stop, launches per pass, flushes, ... per measurement); with 2,
 * every launch callback is printed as well. */

struct counters;

/* Raw counter values of one profiled kernel launch. */
struct kernel_counters {
	char *label;            /* NVTX-style label: experiment/variant/dtype/size#k */
	char *kernel;           /* kernel function name, or "" if unknown */
	double theoretical_occupancy_pct; /* occupancy API limit, NAN unknown */
	size_t nvalues;
	char **names;           /* raw metric names */
	double *values;
};

/* Frees what *k owns and zeroes it; accepts NULL. */
void kernel_counters_release(struct kernel_counters *k);

/* The most measurements culab puts in one batch (counters_profile_batch):
 * more than the variants of one ladder, so a stage (one type and size)
 * is one batch, and one Start/Stop per pass serves all of it; the runner
 * keeps each measurement's small buffers alive until then. */
#define COUNTERS_BATCH_MAX 32

/* Opens a profiling session on the current CUDA device (the runner's
 * context: call cudaSetDevice first) for the raw metrics `raw`, in that
 * order.  Returns 0, or -1 with why filled with the reason and how to fix
 * it (no permission, unsupported GPU, another profiler attached, a metric
 * this GPU does not have); the caller then runs without counters. */
int counters_open(const char *const *raw, size_t nraw, struct counters **c,
		  char *why, size_t whysize);

/* Replay passes each measurement needs (cuptiProfilerHostGetNumOfPasses). */
int counters_passes(const struct counters *c);

/* The chip CUPTI reports for the device, e.g. "GH100". */
const char *counters_chip(const struct counters *c);

/* One line for the report's method section: API, range and replay mode,
 * passes, L2 eviction size. */
const char *counters_method(const struct counters *c);

/* Runs launch(ctx) under the profiler and returns the raw values of each
 * kernel launch it made, in submission order, labelled "<label>#<k>" (k
 * from 0), with the kernel's function name (demangled, without parameter
 * list; "" when unknown).  launch is called once per replay pass and must
 * make the same launches every time; prepare(ctx), when not NULL, is
 * called before every call of launch, outside the profiled region (the
 * runner restores overwritten inputs there).  Both return 0 or a
 * cudaError_t.  The module itself makes DRAM counts honest (L2 eviction
 * before every kernel).  A batch of one: counters_profile_batch.
 *
 * Ordering contract: (*k)[i].names[j] is raw[j] of counters_open, and
 * (*k)[i].values[j] its value (NAN if CUPTI could not evaluate it); so with
 * counters_open(plan->raw, ...) the values line up with the plan's raw
 * list.  A launch function that makes no kernel launch gives *nk == 0.
 *
 * Returns 0, or -1 with why filled (the session stays usable for the next
 * measurement when it can; otherwise every later call fails with the first
 * reason).  On success the caller owns *k: kernel_counters_release() each,
 * then free(*k). */
int counters_profile(struct counters *c, const char *label,
		     int (*prepare)(void *ctx), int (*launch)(void *ctx),
		     void *ctx, struct kernel_counters **k, size_t *nk,
		     char *why, size_t whysize);

/* One measurement of a batch: what counters_profile takes, as a row. */
struct counters_item {
	const char *label;
	int (*prepare)(void *ctx);      /* may be NULL */
	int (*launch)(void *ctx);
	void *ctx;
	double ms;                      /* its launch's time when known (the
					   row's median), else 0: the session's
					   warm-up takes the cheapest */
};

/* What one item of a batch gave: its launches (as counters_profile
 * returns them), or error (NULL when collected). */
struct counters_result {
	struct kernel_counters *k;
	size_t nk;
	char *error;
};

/* Profiles n measurements with one Start/Stop per replay pass instead of
 * one per measurement, which is where most of the profiling time goes
 * (CUPTI's Start and Stop cost milliseconds each).  Within a pass the
 * items run in order; an L2 flush runs before every kernel launch (from
 * the launch callback, on the launch's stream) and its range is dropped,
 * so each kernel is measured from a cold L2 as under Nsight Compute.
 *
 * items[0].prepare runs outside the profiled region, the other items'
 * inside it: a prepare hook of a later item must not launch kernels (a
 * copy with cudaMemcpyAsync is fine: copies make no ranges, and the
 * flush before the next kernel writes back the lines a copy dirtied).
 *
 * When the batch as a whole fails, the items are profiled again one by
 * one, so a failing item costs only its own counters: res[i].error says
 * why.  Returns 0 when at least one item was collected, -1 with why filled
 * when none was.  res[0..n) is the caller's: counters_result_release()
 * each. */
int counters_profile_batch(struct counters *c, const struct counters_item *items,
			   size_t n, struct counters_result *res, char *why,
			   size_t whysize);

/* Frees what a counters_result holds; accepts NULL. */
void counters_result_release(struct counters_result *r);

/* Ends the session; accepts NULL. */
void counters_close(struct counters *c);

/* What CUPTI result `code` means and how to fix it, into why:
 * "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES -- run culab as root or ..." (with
 * the driver's RmProfilingAdminOnly where it can be read), or "CUPTI error
 * N" for a code CUPTI does not name.  No GPU needed. */
void counters_explain(int code, char *why, size_t whysize);

/* The condition of the machine (refusal.h's enum refusal_id, as an int)
 * that the last CUPTI error explained stands for: REFUSAL_COUNTERS_PERMISSION
 * after CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, REFUSAL_NONE (-1) after an
 * error of another kind or none.  A failed counters_open says so. */
int counters_refused(void);

/* Whether `metric` is a valid raw metric for `chip` ("GH100"), checked
 * offline with the profiler host API (no GPU or driver needed).  Returns 1
 * valid, 0 invalid (why says why, with a "did you mean" when a metric of
 * that chip is close), -1 when CUPTI's host API is unavailable (why says
 * why). */
int counters_metric_valid(const char *chip, const char *metric, char *why,
			  size_t whysize);

/* The chips CUPTI's host API can evaluate metrics for, offline ("GV100",
 * ..., "GH100", ..., "GB20B" in CUPTI 13.0), in CUPTI's order.  *chips
 * points into CUPTI's own memory, valid for the life of the process.
 * Returns the count, or -1 with why filled when the host API cannot run
 * here (an AddressSanitizer build).  A listed chip may still refuse the
 * range profiler (GV11B does): counters_metric_valid then says so. */
int counters_supported_chips(const char *const **chips, char *why,
			     size_t whysize);

/* The API version of the CUPTI loaded (cuptiGetVersion: 130001 is CUPTI
 * 13.0), or 0 when it cannot be read. */
unsigned counters_cupti_version(void);

/* Replay passes the metrics `raw` need on `chip`, computed offline.
 * Returns the count (>= 1), or -1 with why filled. */
int counters_count_passes(const char *chip, const char *const *raw,
			  size_t nraw, char *why, size_t whysize);

/* ==== the counter aliases =============================================== */

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

/* ==== the chips CUPTI knows ============================================= */

/* GPU chips by the names CUPTI gives them ("GH100", "GA102"),
 * the architecture each one is, and GPUs built on it.
 *
 * CUPTI validates metric names and counts passes per chip, while nvcc and
 * NVRTC compile per architecture (sm_90): this table joins the two, so
 * `culab check --chip GA102` compiles user kernels for sm_86 and `culab
 * check --arch sm_86` (or a GPU of compute capability 8.6) checks counter
 * names for GA102.  Several chips share an architecture; the first row of
 * an architecture stands for it (the unit tests check that all chips of
 * one architecture resolve every counter alias alike).  Plain data, no
 * CUPTI: it works where CUPTI cannot run (AddressSanitizer builds). */

/* The chip counters are checked for when nothing says which (no --chip,
 * no --arch, no GPU): H100 and H200. */
#define CHIP_ASSUMED "GH100"

struct chip_def {
	const char *name;       /* CUPTI's name, e.g. "GA102" */
	const char *arch;       /* "sm_86" */
	const char *gpus;       /* some GPUs built on it, "" when unsure */
};

/* Every chip culab knows, grouped by architecture, oldest first. */
const struct chip_def *chip_all(size_t *count);

/* The row of chip `name` (case-insensitive: "ga102" finds GA102), or
 * NULL. */
const struct chip_def *chip_find(const char *name);

/* The chip that stands for architecture `arch` ("sm_86" -> GA102), or
 * NULL when no chip of that architecture is known (sm_61: CUPTI's range
 * profiler does not serve Pascal). */
const char *chip_for_arch(const char *arch);

/* ==== what a kernel takes of a multiprocessor =========================== */

/* What one kernel takes of a multiprocessor, and the
 * occupancy that allows: registers per thread, static and dynamic shared
 * memory per block, local memory per thread (spills and local arrays),
 * the block size it was launched with, and the theoretical occupancy with
 * the resource that limits it.
 *
 * Every results row carries one (struct result_row's `resources`), for
 * built-in rungs, library baselines and user kernels alike: the runner
 * records the kernels its correctness run launches (the launch watch,
 * below) and describes the first of them, the one that does the
 * measurement's main pass (a multi-pass rung's later launches are smaller
 * grids of the same or a similar kernel).  Host-only rows (the CPU reference) and rows
 * whose launches could not be watched have known = false and say why.
 *
 * resources_limits() is the occupancy calculator: pure arithmetic on the
 * device's limits, so it is unit-tested without a GPU. */

/* What limits the resident blocks per SM (the smallest of the limits). */
enum resource_limiter {
	RL_NONE = 0,         /* unknown */
	RL_WARPS,            /* threads: max warps per SM / warps per block */
	RL_BLOCKS,           /* the SM's cap on resident blocks */
	RL_REGISTERS,        /* registers per SM */
	RL_SHARED,           /* shared memory per SM */
	RL__COUNT
};

struct kernel_resources {
	bool known;             /* false: `why` says why nothing is known */
	char *why;              /* NULL when known, and in a row that never
				   reached its correctness run (skipped) */
	char *kernel;           /* display name of the kernel described */
	int kernels;            /* kernel launches the correctness run made */
	int registers;          /* per thread */
	int static_smem;        /* bytes per block */
	int dynamic_smem;       /* bytes per block, as launched */
	int local_bytes;        /* per thread: spills and local arrays */
	int spill_bytes;        /* spill stores per thread from ptxas, -1 when
				   unknown (known for user kernels only) */
	int block_threads;      /* threads per block, as launched */
	int blocks_per_sm;      /* resident blocks the limits allow */
	double occupancy_pct;   /* theoretical: resident warps / max warps */
	enum resource_limiter limiter;
};

/* The multiprocessor's limits (cudaDeviceProp / driver attributes). */
struct sm_limits {
	int max_threads;        /* per SM */
	int max_blocks;         /* resident blocks per SM */
	int regs;               /* 32-bit registers per SM */
	int regs_per_block;     /* most registers one block may use */
	size_t smem;            /* shared memory per SM (bytes) */
	size_t smem_per_block_optin; /* most one block may use */
	size_t smem_reserved;   /* reserved per block by the system */
	int warp_size;
	int reg_alloc_unit;     /* registers allocated per warp in units of
				   this many (256 on sm_70 and later) */
	int cc_major, cc_minor;
};

/* Fills r's blocks_per_sm, occupancy_pct and limiter from its registers,
 * shared memory and block_threads and the SM's limits.  Returns 0, or -1
 * when the kernel cannot run at all with that block (too many registers
 * or too much shared memory for one block): then blocks_per_sm is 0. */
int resources_limits(struct kernel_resources *r, const struct sm_limits *l);

/* "registers", "shared memory", "warps", "blocks per SM", "?" */
const char *resource_limiter_name(enum resource_limiter l);
/* Returns 0 and sets *l for a name resource_limiter_name gives, or -1. */
int resource_limiter_parse(const char *s, enum resource_limiter *l);

/* Frees what *r owns and zeroes it; accepts NULL. */
void kernel_resources_release(struct kernel_resources *r);

/* Releases *r and makes it unknown for the reason `why` (copied):
 * known = false, spill_bytes = -1. */
void kernel_resources_set_unknown(struct kernel_resources *r, const char *why);

/* Fills *l from the CUDA runtime's attributes of `device`
 * (cudaDeviceGetAttribute; reg_alloc_unit, which no attribute gives, is
 * 256, the unit of every architecture so far).  Returns 0 or the
 * cudaError_t of the first attribute that could not be read.  Needs a
 * GPU; defined in resources_device.c. */
int sm_limits_query(int device, struct sm_limits *l);

/* ==== the launch watch ================================================== */

/* The process's one CUPTI callback subscription, and
 * the kernels one stretch of work launches.
 *
 * CUPTI allows one callback subscriber per process, and culab has two
 * users of its callbacks on the driver's kernel-launch functions
 * (cuLaunchKernel, cuLaunchKernelEx, cuLaunchCooperativeKernel and their
 * _ptsz forms: the runtime's <<<>>> launches, CUB's and culab's own
 * cuLaunchKernel of user kernels all arrive there):
 *  - the watch: the runner records the launches of each measurement's
 *    correctness run (launch_watch_begin, launch_watch_end) and gets the
 *    first of them described as a struct kernel_resources (above):
 *    registers, static and local memory from cuFuncGetAttribute on the
 *    launched function, block size and dynamic shared memory from the
 *    launch's parameters, occupancy from resources_limits() checked
 *    against the driver's cuOccupancyMaxActiveBlocksPerMultiprocessor
 *    (the driver's blocks per SM win where they differ; the limiter stays
 *    the calculator's; CULAB_RUN_TRACE=1 prints each difference);
 *  - one attached handler, the counters module's (counters_session.cpp), which
 *    names profiled kernels and flushes L2 before each
 *    (launch_watch_attach, launch_watch_enable).
 * Each turns the callbacks on only while it needs them, so timed runs pay
 * nothing for them.  The runner never uses both at once (its phases do
 * not mix); if it did, each would see all launches.
 *
 * The subscription is counted: launch_watch_open and launch_watch_attach
 * each hold it, launch_watch_close and launch_watch_detach let go, and
 * the last to let go unsubscribes, so the counters module works the same
 * with the watch open or without it (tests/gpu/counters_check).
 *
 * Not thread-safe: one thread makes the CUDA calls, as in culab.  Close
 * before the CUDA context is destroyed.  The driver is reached through
 * cudaGetDriverEntryPointByVersion: culab links no libcuda. */

/* ---- the watch (runner.c) ---------------------------------------------- */

/* Opens the watch for `device` (the current device, its context made):
 * reads the SMs' limits (sm_limits_query), finds the driver functions and
 * subscribes to CUPTI's callbacks.  Returns 0, or -1 with why filled (when
 * why is not NULL): CUPTI's subscriber is taken (Nsight Compute, Nsight
 * Systems), CUPTI or the driver is missing.  After a failure the watch
 * stays usable: every launch_watch_end gives known = false and that
 * reason, so the run goes on without resources. */
int launch_watch_open(int device, char *why, size_t whysize);

/* Starts recording kernel launches (turns the callbacks on). */
void launch_watch_begin(void);

/* Stops recording and describes the first launch since
 * launch_watch_begin in *out (released first): known, with `kernels` the
 * launches seen; or known = false and why: the watch is not open or
 * could not subscribe, no launch was seen, the launch could not be
 * described.  The caller owns *out (kernel_resources_release). */
void launch_watch_end(struct kernel_resources *out);

/* Closes the watch (callbacks off; unsubscribes unless the counters
 * module is attached); accepts a watch never opened. */
void launch_watch_close(void);

/* ---- the attached handler (counters_session.cpp) ---------------------- */

/* CUPTI's callback with plain types: domain is a CUpti_CallbackDomain,
 * cbid a CUpti_CallbackId, data a const CUpti_CallbackData *.  Called for
 * the driver's kernel-launch functions only, on API enter and exit. */
typedef void (*launch_watch_fn)(void *user, int domain, unsigned cbid,
				const void *data);

/* Attaches fn(user, ...) to the subscription, subscribing first when
 * nothing holds it.  Its callbacks start off (launch_watch_enable).
 * Returns 0, or the CUptiResult of cuptiSubscribe (then nothing is
 * attached; CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: another tool
 * has the process's subscriber), or CUPTI_ERROR_INVALID_OPERATION when a
 * handler is attached already. */
int launch_watch_attach(launch_watch_fn fn, void *user);

/* Turns the attached handler's callbacks on or off.  Returns 0, or -1
 * when CUPTI refused to turn them on (they are then off for it). */
int launch_watch_enable(bool on);

/* Detaches the handler (its callbacks off first); unsubscribes when the
 * watch does not hold the subscription.  Accepts no handler attached. */
void launch_watch_detach(void);

/* ---- shared ---------------------------------------------------------- */

/* A kernel's name for people: "void reduce<float, 256>(float const*,
 * float*, unsigned long)" (from its mangled symbol) -> "reduce<float,
 * 256>"; C names stay as they are; NULL -> "".  Caller frees. */
char *launch_watch_display_name(const char *symbol);

/* ---- loaded modules (counters_lines.cpp) -------------------------------- */

/* Called with the machine code of every module the process loads from
 * now on (CUPTI's CUPTI_CBID_RESOURCE_MODULE_LOADED: culab's own kernels
 * when the runtime loads them, a user kernel's cubin when its launcher
 * loads it), valid during the call only. */
typedef void (*launch_watch_module_fn)(void *user, const void *cubin,
				       size_t size);

/* Hands every module loaded from now on to fn(user, ...), subscribing
 * first when nothing holds the subscription; fn NULL stops it (and
 * unsubscribes when nothing else holds it).  Returns 0, or the
 * CUptiResult of cuptiSubscribe or cuptiEnableCallback. */
int launch_watch_modules(launch_watch_module_fn fn, void *user);

/* ==== counters per source line ========================================= */

/* CUPTI's SASS metrics (cupti_sass_metrics.h) for the kernel a
 * measurement launches, per SASS instruction, summed per source line
 * through the line tables -lineinfo writes into every cubin culab runs
 * (kernels/ and the user's NVRTC kernels): what the report quotes under a
 * kernel's lines.  docs/per-line.md has the facts and the method.
 *
 * CUPTI records one kernel function per process (lazy patching collects
 * a function at its first launch in the enable range, and only the first
 * kernel launched after Enable produced records on an H200), so culab
 * collects the lines of each measurement in a child process of its own
 * (jobs/lines.c starts `culab run --measurement LABEL --lines-child`):
 * lines_open() at the start of the child, before any module is loaded,
 * keeps every cubin; lines_collect() enables the metrics right before the
 * measured launch, so the kernels culab launches itself (the input's
 * fill, the L2 flush) are not the ones recorded.
 *
 * Plain data and its arithmetic are source_lines.c's (unit-tested without a
 * GPU); CUPTI's side is counters_lines.cpp. */

/* Most metrics a line carries, kernel functions one row's lines cover,
 * lines of one function, and line values culab reads from one results
 * file (results.h; 18 per line, a default run writes some 40,000). */
#define LINES_MAX_METRICS 48
#define LINES_MAX_KERNELS 16
#define LINES_MAX_LINES 8192
#define LINES_MAX_FILE_VALUES 1000000

/* One per-line metric: a row of the table (source_lines.c). */
struct line_metric {
	const char *name;       /* culab's alias: "shared_wavefronts" */
	const char *sass;       /* CUPTI's SASS metric */
	/* What the sum over every line of a launch equals: the raw metrics
	 * of the kernel-level counters (counters.h, metrics.c), added;
	 * NULL-terminated; none for a metric without a kernel-level peer. */
	const char *kernel_raw[3];
	/* Both sides count instrumented instructions (smsp__sass_*): the
	 * sum equals exactly.  false: the kernel-level side is a hardware
	 * counter (LINES_HW_TOLERANCE). */
	bool exact;
	/* Only for kernels without such instructions: the kernel-level peer
	 * leaves out atomics and reductions ("global" or "shared"), NULL
	 * when it is complete. */
	const char *unless;
	const char *what_en;
	const char *what_zh;
	/* A stall reason of CUPTI's PC sampling (cupti_pcsampling.h,
	 * "smsp__pcsamp_warps_issue_stalled_long_scoreboard"): the line's
	 * samples of warps in that state, where sass is NULL; NULL for a
	 * SASS metric. */
	const char *pcsamp;
};

/* How far a sum over lines may be from its kernel-level hardware counter
 * (docs/per-line.md): a fraction of the larger. */
#define LINES_HW_TOLERANCE 0.01

/* The table, in the order lines record their values. */
const struct line_metric *lines_metrics(size_t *count);
/* Whether the per-line child samples where warps wait (the table's
 * stall_* rows): CULAB_STALLS=on, until the sampler has run on a GPU
 * (docs/per-line.md). */
bool lines_stalls_wanted(void);
/* The row called `name`, or NULL. */
const struct line_metric *lines_metric_find(const char *name);
/* Prints the table for `culab list lines`: each metric's alias, SASS
 * metric, what it counts (English and Chinese) and what its sum over a
 * launch equals. */
void lines_print(FILE *fp);

/* The counts of one source line of one kernel function. */
struct source_line {
	char *file;             /* as culab names it (lines_file_name); NULL
				   for instructions without line information */
	int line;               /* 1-based; 0 with file NULL */
	int pcs;                /* SASS instructions of the function there */
	double *values;         /* per metric of struct source_lines */
};

/* One kernel launch of a measured run. */
struct line_launch {
	char *kernel;           /* for people, as struct line_kernel's */
	double warps;           /* blocks x warps per block */
};

/* One kernel function the lines cover. */
struct line_kernel {
	char *kernel;           /* for people: "reduce_shuffle<float>" */
	char *symbol;           /* its mangled name, as the cubin has it */
	/* Which launches of the measured run the counts are of: indexes
	 * into the run's kernel launches in submission order (the k of the
	 * kernel-level counters' labels, "#k"), told from the warps that ran
	 * the function's first instruction; none when they could not be
	 * told apart. */
	size_t nlaunches;
	int *launches;
	double warps;           /* the warps that ran its first instruction
				   (inst_executed at its lowest pc), NAN
				   unknown */
	size_t nlines;
	struct source_line *lines;   /* by file, then line; file NULL last */
};

/* A measurement's counters per source line: what a results row holds. */
struct source_lines {
	bool recorded;          /* false: none were asked for */
	char *status;           /* NULL: collected; else why not */
	double seconds;         /* what collecting them took (the child
				   process, start to end), NAN unknown */
	double collect_seconds; /* of it, the SASS metrics themselves: the
				   patching, the instrumented run, the
				   flush and the lines; NAN unknown */
	bool cached;            /* taken from the per-line cache
				   (jobs/lines_cache.h) as an earlier run
				   collected them; seconds: the lookup */
	int launches;           /* kernel launches the measured run made,
				   -1 unknown */
	size_t nlaunched;       /* those launches: launches of them, or
				   none when that is unknown */
	struct line_launch *launched;
	size_t nmetrics;
	char **metrics;         /* aliases, the order of every values[] */
	size_t nkernels;
	struct line_kernel *kernels;
};

/* Frees what *l owns and zeroes it; accepts NULL. */
void source_lines_release(struct source_lines *l);
/* Releases *l and records that lines were asked for and not collected,
 * with a copy of why. */
void source_lines_set_status(struct source_lines *l, const char *why);
/* The index of metric `name` in l->metrics, or -1. */
int source_lines_metric(const struct source_lines *l, const char *name);
/* The sum of metric m over every line of kernel k; NAN for an index out
 * of range. */
double source_lines_sum(const struct source_lines *l, size_t k, size_t m);

/* Adds src's metrics to dst's lines (run --stalls-only's samples to a
 * per-line child's counts): each kernel function of src that dst has
 * (the same symbol), line by line (the same file and line; a line dst
 * lacks is added with zero counts and src's instructions there, as the
 * per-line child adds an instruction only sampled), a metric dst
 * lacks added as a column of zeros first, one it has summed.  Nothing
 * when either has a status or none were recorded.  Returns how many of
 * src's functions were found in dst. */
size_t source_lines_merge(struct source_lines *dst,
			  const struct source_lines *src);

/* A status that starts with this says CUPTI cannot collect lines in this
 * process at all (not this measurement's fault): the parent starts no
 * further children once one says so. */
#define LINES_UNAVAILABLE "counters per source line are unavailable"

/* ---- aggregation (source_lines.c: plain data, no CUPTI) ----------------------- */

/* One SASS instruction as CUPTI recorded it, mapped to its line. */
struct lines_pc {
	const char *symbol;     /* the function's mangled name */
	uint32_t pc;            /* offset in the function */
	const char *file;       /* lines_file_name's, or NULL: no line */
	int line;
	const double *values;   /* per metric of the aggregation */
};

/* One kernel launch of the measured run. */
struct lines_launch_rec {
	const char *symbol;
	uint64_t warps;         /* blocks x warps per block */
};

/* Sums pcs[0..npcs) per kernel function and source line into *out
 * (released first): out->metrics the copies of metrics[0..nmetrics),
 * each function's lines sorted by file and line (instructions without a
 * line last, as file NULL), functions in the order of their first
 * launch, then by name.  Each function's launches are told from the
 * warps that ran its first instruction (metric "inst_executed" at its
 * lowest pc): the first launches of that function, in order, whose warps
 * add up to exactly that; none when no run of them does.  launches may
 * be NULL (nlaunches 0): unknown; else out->launched describes them.
 * out->recorded is set, status NULL. */
void lines_aggregate(const struct lines_pc *pcs, size_t npcs,
		     const char *const *metrics, size_t nmetrics,
		     const struct lines_launch_rec *launches, size_t nlaunches,
		     struct source_lines *out);

/* The name culab gives the file of a line: dir/file as the line table
 * has it, relative to `root` (the directory culab was built in, for
 * kernels/) or to `cwd` (where user kernels were compiled) when it lies
 * below either, else as it is; NULL for no file.  An empty dir, root or
 * cwd is none.  Caller frees. */
char *lines_file_name(const char *dir, const char *file, const char *root,
		      const char *cwd);

/* The directory culab was built in (the Makefile's), "" when unknown. */
const char *lines_build_root(void);

/* ---- collecting (counters_lines.cpp) ----------------------------------- */

/* Starts keeping every module the process loads (launch_watch_modules),
 * for the line tables: call before the CUDA context exists.  Returns 0,
 * or -1 with why filled (CUPTI's subscriber is taken or missing); then
 * lines_collect says why. */
int lines_open(char *why, size_t whysize);

/* Readies the SASS metrics on CUDA device `device`, whose context this
 * makes current if need be: the profiler initialized, the chip's metrics
 * of the table looked up and configured.  Call after lines_open and
 * before the process launches its first kernel (CUPTI's profiler wants a
 * context that ran nothing yet).  Returns 0, or -1 with why filled; then
 * lines_collect says why. */
int lines_prepare(int device, char *why, size_t whysize);

/* Stops keeping modules and frees them, and undoes lines_prepare; accepts
 * lines_open never called. */
void lines_close(void);

/* What lines_collect runs: prepare(ctx) before the metrics are enabled
 * (restoring an input; may be NULL), then launch(ctx), the measured run,
 * which waits for its work.  Each returns 0 or a cudaError_t. */
struct lines_run {
	int (*prepare)(void *ctx);
	int (*launch)(void *ctx);
	void *ctx;
};

/* Where warps wait, sampled before lines_collect, which adds the
 * samples to the lines it collects: with CULAB_STALLS on
 * (lines_stalls_wanted), run->launch sampled with CUPTI's PC sampling,
 * after the correctness run and before the SASS metrics are configured
 * (sampled after them, CUPTI hands over no sample).  The per-line child
 * calls it in its turn of the GPU: while a process samples, another's
 * SASS metrics cannot be configured on the same GPU; a child whose rows
 * the sampling child sampled (run --no-stalls) does not call it, and
 * lines_collect then adds no samples.  Nothing when the sampler cannot
 * (a note on stderr). */
void lines_sample(const struct lines_run *run);

/* Where warps wait alone, for the sampling child (run --stalls-only),
 * any number of times a process: run->launch sampled as lines_sample
 * does, the samples summed per kernel function and source line into
 * *out as the stall_* metrics alone (out->launches -1), the sampler kept
 * on between calls (the first range of a process is most of the cost:
 * about 0.36 s on an H100, the next 0.04-0.05 s) and off at lines_close.
 * Not in a process that configured the SASS metrics.  Returns 0, or -1
 * with why filled and *out's status set. */
int lines_stalls(const struct lines_run *run, struct source_lines *out,
		 char *why, size_t whysize);

/* Collects the lines of one measured run into *out: the metrics
 * lines_prepare configured, enabled with lazy patching right before
 * run->launch, flushed and disabled after it; each instruction mapped to
 * its line in the cubin kept since lines_open, with lines_sample's
 * samples when it ran before.  Once per process (CUPTI
 * records the first kernel only).  Returns 0, or -1 with why filled and
 * *out's status set (starting with LINES_UNAVAILABLE when CUPTI cannot
 * collect in this process at all). */
int lines_collect(const struct lines_run *run, struct source_lines *out,
		  char *why, size_t whysize);

/* Where instruction `pc` of function `symbol` of a cubin comes from
 * (cuptiGetSassToSourceCorrelation, which needs no GPU): *dir and *file
 * as the line table has them (caller frees both), *line from 1.
 * Returns 0, or -1 when the cubin has no line for it. */
int lines_correlate(const void *cubin, size_t size, const char *symbol,
		    uint32_t pc, char **dir, char **file, int *line);

#ifdef __cplusplus
}
#endif

#endif
