/* run/run.h - a plan measured on a GPU.
 *
 * Takes an experiment file and the options of a run; plans it (plan.h),
 * then per stage makes the input and the reference, and per measurement
 * checks, times and counts (through counters/); gives a struct results,
 * which the caller stores after every row (run_options.save).  struct
 * results itself is the results/ folder's (results/results_model.h), a
 * stage before this one, so that what reads results (compare, report)
 * needs nothing of the runner.
 *
 * The one header other folders include.  It declares the runner; the
 * rest of the stage has a header per concept, which it includes:
 * nvml.h (clocks and throttling), sanitizer_parse.h (compute-sanitizer's
 * words), env.h (the machine). */
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
#include "results/results.h"
#include "env.h"
#include "nvml.h"
#include "sanitizer_parse.h"

#ifdef __cplusplus
extern "C" {
#endif


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
	const char *instrument;  /* NULL, or the Compute Sanitizer's library
				    (libsanitizer-public.so) to count the
				    measurements' counters by instrumentation
				    instead of CUPTI's hardware counters:
				    culab's own child where those were refused
				    (run --instrumented LIB;
				    jobs/instrumented.h) */
	bool instrumented_after; /* a refusal of the hardware counters is
				    followed by counting by instrumentation
				    (jobs/instrumented.h): the warning says so
				    (a plain run, not a worker) */
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
