/* runner.h - runs the experiments of a file on the GPU: for every
 * measurement of its plan (plan.h) it allocates, fills the input from the
 * seed, runs once and verifies against a CPU reference, times warm-up +
 * repeats with CUDA events, collects counters in a phase of its own, and
 * appends a row to the results, which the caller stores after every row
 * (run_options.save). */
#ifndef CULAB_RUNNER_H
#define CULAB_RUNNER_H

#include <stdbool.h>

#include "experiment/experiment.h"
#include "nvml.h"
#include "plan/plan.h"
#include "results.h"

struct run_options {
	int device;              /* CUDA device index */
	bool no_counters;        /* skip counter collection */
	bool profile_only;       /* one verified launch per measurement, no timing */
	bool progress;           /* progress line on stderr */
	const struct plan_selection *only_variant; /* NULL, or run only
				    these variants (--variant) */
	struct plan_shard shard; /* --shard I/N; count 0: the whole plan */
	struct plan_shard part;  /* a worker of run --devices: this part of
				    the shard (plan_options.part) */
	struct results *prev;    /* --resume: the results of the same
				    experiment file so far, or NULL; the run
				    moves the verified rows it keeps out of
				    them (the caller still releases them) */
	/* Stores the results so far (results.json, results.csv), called
	 * after every finished measurement and at the end; returns 0, or -1
	 * after a diagnostic, which ends the run.  NULL: nothing is stored. */
	int (*save)(const struct results *r, void *ctx);
	void *save_ctx;
	const char *where;       /* where save stores them, for messages */
	const char *command;     /* the command line, for the record */
	const char *note;        /* free text stored in the results, or NULL */
	enum clock_lock lock_clocks; /* --lock-clocks: CLOCK_LOCK_NONE, or
				    what to lock the SM clocks to (nvml.h) */
};

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

#endif
