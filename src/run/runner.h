/* runner.h - runs the experiments of a file on the GPU: for every
 * measurement of its plan (plan.h) it allocates, fills the input from the
 * seed, runs once and verifies against a CPU reference, times warm-up +
 * repeats with CUDA events, collects counters in a phase of its own, and
 * appends a row to the results, which are rewritten atomically after
 * every row (output_save). */
#ifndef CULAB_RUNNER_H
#define CULAB_RUNNER_H

#include <stdbool.h>

#include "experiment/experiment.h"
#include "nvml.h"
#include "plan/plan.h"
#include "results.h"

struct run_options {
	const char *outdir;      /* NULL: the file's `output` */
	int device;              /* CUDA device index */
	bool no_counters;        /* skip counter collection */
	bool profile_only;       /* one verified launch per measurement, no timing */
	bool resume;             /* keep finished rows of outdir/results.json */
	bool progress;           /* progress line on stderr */
	const struct plan_selection *only_variant; /* NULL, or run only
				    these variants (--variant) */
	struct plan_shard shard; /* --shard I/N; count 0: the whole plan */
	struct plan_shard part;  /* a worker of run --devices: this part of
				    the shard (plan_options.part) */
	const char *resume_dir;  /* --resume reads resume_dir/results.json
				    (NULL: outdir's; run --devices gives its
				    workers what its parts left) */
	const char *command;     /* the command line, for the record */
	const char *note;        /* free text stored in the results, or NULL */
	enum clock_lock lock_clocks; /* --lock-clocks: CLOCK_LOCK_NONE, or
				    what to lock the SM clocks to (nvml.h) */
};

/* Runs every experiment of f.  Returns an exit code from exitcode.h:
 * EXIT_OK, EXIT_FAILED (a row failed, or the CUDA context was lost),
 * EXIT_USAGE (bad options or resume mismatch), EXIT_NO_GPU,
 * EXIT_INTERRUPTED.  On return *out holds the results (caller releases)
 * and *outdir_used the directory written (static storage or f's). */
int runner_run(const struct experiment_file *f, const struct run_options *o,
	       struct results *out, const char **outdir_used);

/* Whether a kernel of this process ran past its time limit and is still
 * running: then no CUDA call may be made again (each would wait for it),
 * and the process must end with _exit() once its files are written, so
 * that no CUDA teardown waits either. */
bool runner_gpu_hung(void);

#endif
