/* run/run.h - a plan measured on a GPU.
 *
 * Takes an experiment file and the options of a run; plans it (plan.h),
 * then per stage makes the input and the reference, and per measurement
 * checks, times and counts (through counters/); gives a struct results,
 * which the caller stores after every row (run_options.save).  Everything
 * after it (compare, results files, report) reads struct results.
 *
 * The one header other folders include.  Its sections: NVML's clocks, the
 * results in memory, the machine, and the runner. */
#ifndef CULAB_RUN_H
#define CULAB_RUN_H

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

#ifdef __cplusplus
extern "C" {
#endif

/* ==== clocks and throttling (NVML) ====================================== */

/* The clocks, temperature, power and throttle reasons of the GPU
 * a run measures on, read through NVML, and locked SM clocks for `culab
 * run --lock-clocks base|max`.
 *
 * NVML is the driver's library (libnvidia-ml.so.1); nvml.c opens it with
 * dlopen at run time, never links it, and is its only user.  Without it
 * (a machine without the driver, a container that lacks it) nothing
 * fails: every row records that its clocks are unknown and why.  Every
 * entry point goes through one table of function pointers (struct
 * nvml_api), so the tests hand nvml_open() a fake, and CULAB_TEST_NVML
 * gives a whole run a built-in fake (nvml_open_env).
 *
 * What counts as throttled is a column of the reason table in nvml.c
 * (docs/clocks.md): the power cap, thermal and hardware
 * slowdowns, the power brake and sync boost lower the clocks below what
 * the GPU would run at; an idle GPU and clocks an administrator set do
 * not count (they are recorded).
 *
 * Locked clocks are restored on every way out: nvml_unlock_clocks() on
 * the normal path and after a fatal CUDA error, an atexit handler, the
 * runner's second SIGINT/SIGTERM (nvml_fatal_signal) and handlers for
 * SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT installed while locked.
 * Only SIGKILL escapes; nvidia-smi -rgc undoes it. */

/* ---- the library ---------------------------------------------------------- */

typedef struct nvml_device_st *nvml_device;     /* nvmlDevice_t */

/* NVML's C ABI as culab uses it: every function returns nvmlReturn_t
 * (0: success).  NULL entries are functions this driver lacks. */
struct nvml_api {
	int (*Init)(void);                              /* nvmlInit_v2 */
	int (*Shutdown)(void);
	const char *(*ErrorString)(int);
	int (*DeviceGetHandleByUUID)(const char *, nvml_device *);
	int (*DeviceGetHandleByPciBusId)(const char *, nvml_device *);
	int (*DeviceGetDeviceHandleFromMigDeviceHandle)(nvml_device,
							nvml_device *);
	int (*DeviceGetClockInfo)(nvml_device, int type, unsigned *mhz);
	int (*DeviceGetTemperature)(nvml_device, int sensor, unsigned *c);
	int (*DeviceGetPowerUsage)(nvml_device, unsigned *mw);
	/* nvmlDeviceGetCurrentClocksEventReasons, or on drivers before
	 * R535 nvmlDeviceGetCurrentClocksThrottleReasons: the same bits */
	int (*DeviceGetCurrentClocksEventReasons)(nvml_device,
						  unsigned long long *);
	int (*DeviceSetGpuLockedClocks)(nvml_device, unsigned, unsigned);
	int (*DeviceResetGpuLockedClocks)(nvml_device);
	/* nvmlSystemGetDriverVersion: the driver's own version */
	int (*SystemGetDriverVersion)(char *, unsigned);
};

/* nvmlReturn_t values culab tells apart. */
enum {
	NVML_OK = 0,
	NVML_E_NOT_SUPPORTED = 3,
	NVML_E_NO_PERMISSION = 4,
	NVML_E_NOT_FOUND = 6,
};

/* NVML open on one device. */
struct nvml {
	const struct nvml_api *api;
	struct nvml_api table;      /* what dlsym found */
	void *lib;                  /* dlopen handle; NULL for a given table */
	nvml_device dev;
	bool open;
	char uuid[96];              /* the device, for messages */
	char why[256];              /* why it is not open */
};

/* Opens NVML (api NULL: libnvidia-ml.so.1 through dlopen; else that
 * table) and finds the device whose UUID is `uuid` ("GPU-..." or
 * "MIG-...", as env.c writes it; a MIG instance is read through its
 * GPU), else the one at PCI bus id `pci`; either may be NULL.  Returns
 * 0, or -1 with n->why saying why not (a run goes on without).
 * nvml_close() releases either way. */
int nvml_open(struct nvml *n, const struct nvml_api *api, const char *uuid,
	      const char *pci);

/* nvml_open() with the real library, or with what CULAB_TEST_NVML names,
 * for tests on a GPU machine (nothing there changes the GPU): "fake"
 * (readings, locks accepted and only printed), "fake-throttled" (also a
 * thermal slowdown), "fake-no-permission" (locks refused as for a user),
 * "absent" (as if the library were missing). */
int nvml_open_env(struct nvml *n, const char *uuid, const char *pci);

/* The built-in fake of CULAB_TEST_NVML's modes (nvml_fake.c): a table
 * that reports an H100-like GPU and never touches one; NULL for a mode
 * it does not know. */
const struct nvml_api *nvml_fake(const char *mode);

/* Restores clocks this process locked through n, shuts NVML down and
 * closes the library.  Accepts a zeroed or NULL n. */
void nvml_close(struct nvml *n);

/* ---- readings ------------------------------------------------------------------ */

/* One reading; NAN (or have_reasons false) where NVML cannot tell. */
struct nvml_reading {
	double sm_mhz, mem_mhz;
	double temp_c;
	double power_w;             /* as NVML reports it: on most GPUs an
				       average over about a second */
	uint64_t reasons;           /* throttle reasons (NVML's bits) */
	bool have_reasons;
};

/* Reads n's device now.  Never fails; n must be open. */
void nvml_read(const struct nvml *n, struct nvml_reading *r);

/* The driver's own version ("580.159.04", nvmlSystemGetDriverVersion),
 * not the CUDA version it supports (cudaDriverGetVersion's 13000), into
 * buf.  Returns false, with buf "", where NVML cannot tell; n must be
 * open. */
bool nvml_driver_version(const struct nvml *n, char *buf, size_t size);

/* What a row records of the readings taken around its timed runs. */
struct clock_record {
	bool known;                 /* false: `why` says why not */
	char *why;
	int readings;
	double sm_mhz_min, sm_mhz_max;
	double mem_mhz_min, mem_mhz_max;
	double temp_c_max;
	double power_w_max;
	bool reasons_known;         /* some reading had reasons */
	uint64_t reasons;           /* every reason seen (NVML's bits) */
	bool throttled;             /* a reason that counts was seen */
};

/* Unknown, with a copy of why (any previous contents freed). */
void clock_record_set_unknown(struct clock_record *c, const char *why);
/* Known and empty: readings are added next (previous contents freed). */
void clock_record_start(struct clock_record *c);
/* Adds one reading: min and max, the union of reasons, throttled. */
void clock_record_add(struct clock_record *c, const struct nvml_reading *r);
/* Frees what *c owns and zeroes it; accepts NULL. */
void clock_record_release(struct clock_record *c);

/* ---- throttle reasons (pure) -------------------------------------------- */

struct nvml_reason {
	uint64_t bit;
	const char *name;           /* "sw_power_cap" */
	bool throttles;             /* counts as throttled */
	const char *about;          /* one line, English */
};

/* The reason table, in bit order. */
const struct nvml_reason *nvml_reasons(size_t *n);
/* Whether mask holds a reason that counts as throttled. */
bool nvml_reasons_throttle(uint64_t mask);
/* The names of mask's reasons, in bit order, separated by sep; a bit the
 * table lacks is written "0x200".  "" for none.  Written to buf (cut to
 * size), returned. */
const char *nvml_reason_names(uint64_t mask, const char *sep, char *buf,
			      size_t size);
/* The bit of reason `name` (a table name or "0x..."), or 0. */
uint64_t nvml_reason_parse(const char *name);

/* ---- locked clocks ----------------------------------------------------------- */

enum clock_lock { CLOCK_LOCK_NONE, CLOCK_LOCK_BASE, CLOCK_LOCK_MAX };

/* "base" or "max" into *m.  Returns 0, or -1. */
int clock_lock_parse(const char *s, enum clock_lock *m);

/* Locks the SM clock of n's device, as nvbench's --lock-clocks does:
 * base = NVML's TDP clock limit at both ends; max = max_mhz (the CUDA
 * maximum SM clock) at both ends.  Registers the lock for every restore
 * path above.  Returns 0 with what was locked in `what` ("base (the TDP
 * clock)", "max (1980 MHz)"), or -1 with the refusal in why, one line:
 * NVML absent, no permission, not supported, already locked. */
int nvml_lock_clocks(struct nvml *n, enum clock_lock m, unsigned max_mhz,
		     char *what, size_t whatsize, char *why, size_t whysize);

/* Restores locked clocks (nvmlDeviceResetGpuLockedClocks); no-op when
 * none are.  Returns 0, or -1 with why (saying to run nvidia-smi -rgc). */
int nvml_unlock_clocks(char *why, size_t whysize);

/* Restores locked clocks now, once, from anywhere, a signal handler
 * included: one NVML call, no allocation, no stdio; a failure is written
 * to stderr with write(2). */
void nvml_restore_clocks_now(void);

/* For a signal that must end the process: restores locked clocks, then
 * lets `sig` take its default action. */
void nvml_fatal_signal(int sig);

/* Whether this process holds locked clocks. */
bool nvml_clocks_locked(void);

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

/* ---- compute-sanitizer at the line ------------------------------------ */

/* What compute-sanitizer said when culab reran a failed kernel of the
 * user's alone under it (jobs/sanitizer_reruns.c runs it; run/sanitizer_parse.c reads
 * its text output, a pure function the tests feed recorded output).
 *
 * One finding is every record of one kind at one line of one tool's
 * output, aggregated: the threads and blocks that made them as ranges,
 * and their count.  Texts are the tool's own words where it has them
 * (`what`: "Invalid __shared__ read of size 4 bytes"); the report words
 * them in its languages from the fields. */
struct sanitizer_finding {
	char *tool;             /* "memcheck", "racecheck", "synccheck" */
	char *kind;             /* "access" (an invalid access), "race",
				   "barrier" (synccheck), "other" */
	char *what;             /* the record's first line, as printed */
	char *space;            /* "shared", "global", "local"; or NULL */
	char *access;           /* "read", "write", "atomic"...; or NULL
				   (a race: the first access's) */
	int size;               /* bytes of one access; 0 unknown */
	/* access: "out of bounds" or "misaligned"; race: "error" or
	 * "warning" (racecheck's severity); barrier: what synccheck says
	 * after "Barrier error detected." ("divergent thread(s) in
	 * warp"); else NULL */
	char *problem;
	char *function;         /* as the tool names it; NULL unknown */
	char *file;             /* base name, as the text output has it;
				   NULL without -lineinfo */
	int line;               /* 1-based; 0 unknown */
	/* a race's other access (racecheck: "and Read access at ...") */
	char *other_access;
	char *other_file;
	int other_line;
	/* who: ranges of threadIdx and blockIdx ("8-255", "0-3", or "x 0-31,
	 * y 4-7" when y or z vary); NULL when the records name none (races) */
	char *threads;
	char *blocks;
	uint64_t count;         /* records; a race's hazards */
	/* an access to global memory near an allocation: its size, and how
	 * far from it (bytes after its end, or before its start: `nearest`
	 * "after" or "before"; NULL when the tool said nothing) */
	uint64_t alloc_bytes;
	char *nearest;
	uint64_t nearest_min, nearest_max;
};

/* How one tool's run went. */
enum sanitizer_outcome {
	SAN_CLEAN,              /* it ran the kernel and found nothing */
	SAN_FOUND,              /* it found something (findings, or errors
				   in its summary) */
	SAN_TIMED_OUT,          /* killed at the time limit */
	SAN_FAILED,             /* it could not run the kernel (why) */
	SAN__OUTCOMES
};

struct sanitizer_tool {
	char *tool;
	enum sanitizer_outcome outcome;
	uint64_t errors;        /* its summary's count: ERROR SUMMARY's
				   errors, RACECHECK SUMMARY's hazards */
	int answer;             /* the kernel's answer under the tool: 1
				   wrong again, 0 right, -1 unknown */
	char *why;              /* SAN_TIMED_OUT, SAN_FAILED: why */
	double seconds;         /* wall time of the tool's run */
};

/* The most findings a record keeps (sanitizer_parse stops there; the
 * results reader refuses more). */
#define SANITIZER_MAX_FINDINGS 4096

/* A row's record: the measurement rerun, each tool's run, the findings.
 * state "not installed": no tool ran, and `command` is what would. */
struct sanitizer_record {
	char *state;            /* "ran" | "not installed" */
	char *label;            /* the measurement rerun (plan.h's label) */
	uint64_t n, m;          /* its size */
	char *command;          /* memcheck's command line, to paste */
	size_t ntools;
	struct sanitizer_tool *tools;
	size_t nfindings;
	struct sanitizer_finding *findings;
};

/* "clean", "found", "timed out", "failed". */
const char *sanitizer_outcome_name(enum sanitizer_outcome o);
/* Returns 0 and sets *o for the outcome called `s`, or -1. */
int sanitizer_outcome_parse(const char *s, enum sanitizer_outcome *o);

/* Reads the text compute-sanitizer printed for one run of tool `tool`
 * ("memcheck", ...): appends its findings to rec (tool set to `tool`),
 * aggregated as above, and sets *errors to its summary's count.  Lines
 * that are not compute-sanitizer's ("========= " ones) are the target's
 * and are skipped; records of the CUDA API ("Program hit ...") are the
 * consequence of a kernel's, and are skipped too.  Returns 1 when the
 * text holds the tool's summary line (it ran to the end), else 0.  Pure:
 * no I/O. */
int sanitizer_parse(const char *text, const char *tool,
		    struct sanitizer_record *rec, uint64_t *errors);

/* The findings, tools and texts of *rec freed, and it zeroed; accepts
 * NULL.  sanitizer_record_free() frees rec too. */
void sanitizer_record_release(struct sanitizer_record *rec);
void sanitizer_record_free(struct sanitizer_record *rec);

/* The one-line summary a row keeps in result_row.sanitizer, as the
 * registry records its unsafe rungs' ("memcheck: 969 errors (Invalid
 * __shared__ read of size 4 bytes at s.cu:9); racecheck: 0 hazards";
 * a race: "racecheck: 4080 hazards (a race between a write at s.cu:18
 * and a read at s.cu:22)").  Caller frees. */
char *sanitizer_summary(const struct sanitizer_record *rec);

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
 * empties it (accepts NULL).  run/results.c. */
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

/* ==== the machine ======================================================= */

/* The machine a run happens on: GPU properties, driver and runtime
 * versions, host.  Stored in every results file so a reader can tell what
 * produced the numbers.  Also what culab makes of them: the theoretical
 * peak bandwidth (env_memory_peak, a pure function of what the driver
 * reports) and whether this binary can serve the GPU at all
 * (env_check_device). */

/* What a GPU's memory is, as far as the driver's two numbers tell. */
enum env_memory_kind {
	ENV_MEM_UNKNOWN,        /* no clock or no width reported */
	ENV_MEM_GDDR,           /* a bus of at most 512 bits: GDDR5 to GDDR7 */
	ENV_MEM_HBM,            /* 1024 bits per stack, 3072 and more in all */
	ENV_MEM_SHARED,         /* an integrated GPU: the host's LPDDR */
};

/* What the driver reports about a device's memory. */
struct env_memory_facts {
	int mem_clock_khz;      /* cudaDevAttrMemoryClockRate */
	int bus_width_bits;     /* cudaDevAttrGlobalMemoryBusWidth */
	bool integrated;        /* cudaDevAttrIntegrated */
	bool mig;               /* a MIG instance (refusal_is_mig) */
};

/* What culab makes of them. */
struct env_memory_peak {
	enum env_memory_kind kind;
	double gbit_per_pin;    /* data rate per pin, Gb/s; 0 unknown */
	double gbps;            /* theoretical peak, GB/s; 0 unknown */
	const char *why_unknown;        /* static text when gbps is 0 */
};

/* The theoretical peak bandwidth of a memory the driver describes by f:
 * 2 x clock x width / 8 for GDDR and HBM alike, unknown (0, with the
 * reason) for a GPU that shares the host's memory or is a MIG instance.
 * Pure: no GPU needed.  env.c says why and cites the sources. */
void env_memory_peak(const struct env_memory_facts *f,
		     struct env_memory_peak *out);

/* "GDDR", "HBM", "shared LPDDR" or "unknown". */
const char *env_memory_kind_name(enum env_memory_kind k);

/* Number of CUDA devices, or -1 with the reason and what to do in why (no
 * driver, a driver older than the runtime, WSL 1, ...). */
int env_device_count(char *why, size_t whysize);

/* Makes CUDA device `device` current (cudaSetDevice).  Returns 0, or -1
 * with why saying why it cannot be used and what to do (another process
 * holds it exclusively, ...). */
int env_open_device(int device, char *why, size_t whysize);

/* Whether this binary can serve the current device `device`, probed into
 * *e: 0 yes; 1 yes, but why says what it will not measure there or how
 * far to trust it (a MIG instance, a virtual GPU); -1 no, why says why and
 * what to do (it has no code for the device's architecture, ...). */
int env_check_device(int device, const struct environment *e, char *why,
		     size_t whysize);

/* Fills *e for CUDA device `device` and the host.  Returns 0, or -1 with
 * the reason in why.  The strings in *e are owned by it (results_release
 * frees them as part of struct results). */
int env_probe(int device, struct environment *e, char *why, size_t whysize);

/* The "sm_XY" architecture of CUDA device `device` into buf.  Returns
 * 0, or -1 (no GPU, or no such device) leaving buf empty. */
int env_device_arch(int device, char *buf, size_t size);

/* Whether CUDA device `device` admits one process's context at a time
 * (exclusive-process compute mode); false when unknown.  Makes no
 * context. */
bool env_exclusive(int device);

/* The memory of CUDA device `device` as env_probe sees it: its facts and
 * its peak.  Returns 0, or -1 when the attributes cannot be read. */
int env_memory(int device, struct env_memory_facts *f,
	       struct env_memory_peak *out);

/* Host name and OS only, for runs with no GPU; never fails. */
void env_probe_host(struct environment *e);

/* Gives CUDA device `device` back: its primary context destroyed
 * (cudaDeviceReset), so that another process can have it on a GPU in
 * exclusive-process mode (culab's per-line children).  For a process
 * that makes no CUDA call on it after. */
void env_release_device(int device);

/* ==== the runner ======================================================== */

/* Runs the experiments of a file on the GPU: for every
 * measurement of its plan (plan.h) it allocates, fills the input from the
 * seed, runs once and verifies against a CPU reference, times warm-up +
 * repeats with CUDA events, collects counters in a phase of its own, and
 * appends a row to the results, which the caller stores after every row
 * (run_options.save). */

struct run_options {
	int device;              /* CUDA device index */
	bool narrowed;           /* the process sees that GPU alone (its
				    parent set CUDA_VISIBLE_DEVICES): its
				    rows and messages name it as_device, the
				    parent's index for it (run --as-device;
				    workers.h) */
	int as_device;
	bool no_counters;        /* skip counter collection */
	bool profile_only;       /* one verified launch per measurement, no timing */
	bool progress;           /* progress line on stderr */
	const struct plan_selection *only_variant; /* NULL, or run only
				    these variants (--variant) */
	struct plan_shard shard; /* --shard I/N; count 0: the whole plan */
	const char *measurement; /* NULL, or run only the measurement of
				    this label (plan_options.measurement):
				    culab's own child processes */
	bool lines;              /* collect the counters per source line of
				    that one measurement (counters.h: one
				    kernel per process): culab's per-line
				    child (run --lines-child) */
	bool stalls_only;        /* ... only where warps wait, of every
				    measurement of `measurement` (a list):
				    culab's sampling child (run
				    --stalls-only; jobs/lines_stalls.h) */
	bool no_stalls;          /* ... without sampling where warps wait:
				    the sampling child did (run --no-stalls) */
	int lines_go;            /* 0, or a descriptor (>= 3) the per-line
				    child reads its parent's word on once its
				    CUDA start is behind it, started ahead of
				    its turn (run --lines-go; lines.h) */
	bool lines_held;         /* ... started while a worker still measures
				    on its GPU: it reads a first word ("the
				    GPU is yours") before it touches the GPU
				    beyond its context (run --lines-held) */
	struct results *prev;    /* --resume: the results of the same
				    experiment file so far, or NULL; the run
				    moves the verified rows it keeps out of
				    them (the caller still releases them) */
	bool rounds;             /* a class's rounds worker (run --rounds;
				    pieces.h): each stage's measurements are
				    checked, then timed together in rounds,
				    their experiment's `rounds` (struct
				    round_times); no counters, no lines */
	bool keep_failed;        /* --resume keeps the failed rows of prev
				    too, not only the verified: a worker of a
				    class's run, started again after its
				    kernel faulted (pieces.h) */
	bool queue;              /* a worker of run --devices: the
				    measurements come one at a time from the
				    parent, asked for on queue_fd[1] and
				    read from queue_fd[0] (workers.h) */
	int queue_fd[2];
	const char *fail_next;   /* NULL, or the first measurement this run
				    would make fails with this reason, not
				    run: its worker was ended while making it
				    (pieces.h) */
	/* Stores the results so far (results.json, results.csv), called
	 * after every finished measurement and at the end; returns 0, or -1
	 * after a diagnostic, which ends the run.  NULL: nothing is stored. */
	int (*save)(const struct results *r, void *ctx);
	void *save_ctx;
	const char *where;       /* where save stores them, for messages */
	const char *command;     /* the command line, for the record */
	const char *note;        /* free text stored in the results, or NULL */
	enum clock_lock lock_clocks; /* --lock-clocks: CLOCK_LOCK_NONE, or
				    what to lock the SM clocks to (above) */
};

/* The CUDA index of o's GPU as its user knows it: as_device in a worker
 * that sees its GPU alone (narrowed), else device. */
int run_shown_device(const struct run_options *o);

/* Runs every experiment of f.  Returns an exit code from exitcode.h:
 * EXIT_OK, EXIT_FAILED (a row failed, or the CUDA context was lost),
 * EXIT_NO_GPU, EXIT_INTERRUPTED, or EXIT_USAGE (a kernel of the user's
 * that does not compile for this GPU).  *out holds the results so far
 * (caller releases), also after a failure. */
int runner_run(const struct experiment_file *f, const struct run_options *o,
	       struct results *out);

/* Whether a kernel of this process ran past its time limit and is still
 * running: then no CUDA call may be made again (each would wait for it),
 * and the process must end with _exit() once its files are written, so
 * that no CUDA teardown waits either. */
bool runner_gpu_hung(void);

#ifdef __cplusplus
}
#endif

#endif
