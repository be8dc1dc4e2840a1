/* counters/per_line.h - counters per source line.  Part of counters.h, the
 * header other folders include. */
#ifndef CULAB_COUNTERS_PER_LINE_H
#define CULAB_COUNTERS_PER_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profiling.h"
#include "aliases.h"
#include "chips.h"
#include "occupancy.h"
#include "watch.h"

#ifdef __cplusplus
extern "C" {
#endif

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
/* Whether where warps wait is sampled with the lines (the table's
 * stall_* rows): unless CULAB_STALLS=off (docs/per-line.md); a value
 * other than on and off is warned of once and ignored. */
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
 * samples to the lines it collects: unless CULAB_STALLS=off
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
