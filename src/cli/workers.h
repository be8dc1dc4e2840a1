/* workers.h - `culab run --devices all|LIST`: the stages of a plan spread
 * over a node's GPUs, one worker process per GPU, merged into one
 * results file in which every row names its device.
 *
 * A worker is this culab started again (`culab run --device D --part J/K
 * ...`) on the J-th of K parts of the plan (or of its --shard), cut as
 * shards are (plan.h), into DIR/.workers/part-J; the parent waits for
 * them, forwards SIGINT and SIGTERM to them, and merges what they wrote
 * into DIR (results.h).  Processes, not threads: CUPTI takes one
 * subscriber per process and a kernel that faults takes its process's
 * CUDA context with it, so each GPU's worker has its own of both, and a
 * fault on one GPU ends that worker only. */
#ifndef CULAB_WORKERS_H
#define CULAB_WORKERS_H

#include <stdbool.h>

#include "experiment/experiment.h"
#include "run/run.h"

struct workers_options {
	const char *devices;          /* "all", or CUDA indexes "0,1" */
	const char *file;             /* the experiment file as given */
	const char *variant_list;     /* --variant as given, or NULL */
	const char *outdir;           /* where the merged results go */
	bool resume;                  /* --resume */
	bool no_lines;                /* --no-lines: each worker collects
					 the lines of its own rows (lines.h)
					 unless told not to */
	const struct run_options *run;/* shard, counters, profile_only, note,
					 command, progress */
};

/* Parses a --devices list of `count` devices: "all", or distinct
 * indexes below count, comma-separated.  Returns how many (into *devs,
 * caller frees), or -1 with the reason in why. */
int workers_parse_devices(const char *list, int count, int **devs, char *why,
			  size_t whysize);

/* Runs f on the devices ($CULAB_TEST_DEVICES=N: as if the node had N
 * GPUs, for tests of the parent on machines without), into o->outdir.
 * Returns an exit code as runner_run does (a worker's interruption or
 * failure is the run's); *out holds the merged results (caller
 * releases). */
int workers_run(const struct experiment_file *f,
		const struct workers_options *o, struct results *out);

#endif
