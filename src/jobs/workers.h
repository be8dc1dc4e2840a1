/* workers.h - what the worker processes of run --devices (devices.h)
 * and of a class's run (pieces.h) share: the device list, the signals
 * forwarded, a worker's command line and start, its folders, --resume.
 *
 * A worker is this culab started again (`culab run --device D ...`) into
 * DIR/.workers/NAME; the parent forwards SIGINT and SIGTERM to it and
 * merges what it wrote into DIR (results.h).  Processes, not threads:
 * CUPTI takes one subscriber per process and a kernel that faults takes
 * its process's CUDA context with it, so each worker has its own of
 * both, and a fault ends that worker only. */
#ifndef CULAB_WORKERS_H
#define CULAB_WORKERS_H

#include <stdbool.h>
#include <signal.h>
#include <sys/types.h>

#include "experiment/experiment.h"
#include "run/run.h"
#include "base/supervise.h"

/* A worker that saves nothing for this many seconds while making a
 * measurement is killed, and the measurement fails, unless
 * $CULAB_STALL_SECONDS says otherwise (1 to 86400). */
#define WORKERS_STALL_SECONDS 600.0
double workers_stall_limit(void);

struct workers_options {
	const char *devices;          /* "all", or CUDA indexes "0,1" */
	const char *file;             /* the experiment file as given */
	const char *variant_list;     /* --variant as given, or NULL */
	const char *outdir;           /* where the merged results go */
	bool resume;                  /* --resume */
	bool quiet;                   /* -q: no notes, only errors */
	bool no_lines;                /* --no-lines: each worker collects
					 the lines of its own rows (lines.h)
					 unless told not to */
	bool no_sanitizer;            /* --no-sanitizer: nor reruns its
					 failed kernels under it */
	const struct run_options *run;/* shard, counters, profile_only, note,
					 command, progress */
};

/* Parses a --devices list of `count` devices: "all", or distinct
 * indexes below count, comma-separated.  Returns how many (into *devs,
 * caller frees), or -1 with the reason in why. */
/* Checks a --devices list's form before any device is looked at: "all",
 * or distinct decimal indexes, comma-separated.  Returns 0, or -1 with
 * the reason in why (a usage error, whatever the machine). */
int workers_check_devices(const char *list, char *why, size_t whysize);
int workers_parse_devices(const char *list, int count, int **devs, char *why,
			  size_t whysize);

/* ---- what the workers of --devices and of a class's run share ------ */

/* The CUDA indexes a --devices list names, into *devs (caller frees), on
 * this node ($CULAB_TEST_DEVICES=N: as if it had N GPUs).  Returns how
 * many, or -EXIT_NO_GPU / -EXIT_USAGE after a diagnostic. */
int workers_devices(const char *list, int **devs);

/* A worker's command line, built up by workers_arg (strings copied),
 * and the CUDA_VISIBLE_DEVICES it is started with (NULL: the parent's). */
struct workers_argv {
	char *v[48];
	int n;
	char *visible;
};
void workers_arg(struct workers_argv *a, const char *s);
void workers_argv_release(struct workers_argv *a);
/* What CUDA_VISIBLE_DEVICES shows this process's CUDA device D alone
 * as device 0: D, or the D-th entry of this process's own list; NULL
 * when it cannot be said (a list without a D-th entry), when
 * $CULAB_NARROW=0 (workers see every GPU, as before; for measurements)
 * or under $CULAB_TEST_DEVICES.  Caller frees.  A CUDA start takes
 * about five times longer with four GPUs visible than with one, and the
 * node's driver makes one at a time. */
char *workers_visible(int device);
/* "culab run --quiet --no-report --device D -o DIR", the worker seeing
 * its GPU alone (workers_visible) where it can: "--device 0 --as-device
 * D" then, a->visible set. */
void workers_argv_start(int device, const char *dir, struct workers_argv *a);
/* Then --shard, --resume --resume-dir RESUME_DIR (when not NULL), the
 * run's own options (--lock-clocks, --no-counters, --no-lines,
 * --no-sanitizer, --profile-only, --variant, --note) and the experiment
 * file. */
void workers_argv_finish(const struct workers_options *o,
			 const char *resume_dir, struct workers_argv *a);

/* Starts a worker (supervise_spawn): /proc/self/exe with a's arguments
 * and environment (a->visible), its output appended to the file `log`
 * when not NULL, keep[0] and keep[1] (when keep is not NULL; opened
 * close-on-exec) left open in it: its pipes to the parent.  It gets
 * SIGUSR1 when the parent dies.  Returns its pid, or -1 with errno
 * set. */
pid_t workers_spawn(const struct workers_argv *a, const char *log,
		    const int keep[2]);

/* The last line of DIR/worker.log, "" when none (caller frees): a
 * worker's own words on why it ended. */
char *workers_log_tail(const char *dir);
/* Prints the phases a worker's log (DIR/worker.log) holds, its "culab:
 * run: " and "culab: counters: " lines (CULAB_RUN_TRACE,
 * CULAB_COUNTERS_TRACE), as "culab (GPU D): run: ..." on stderr. */
void workers_log_trace(const char *dir, int device);

/* Makes DIR, DIR/.workers and, when name is not NULL, DIR/.workers/NAME:
 * culab's own folders, where a symbolic link planted is refused.
 * Returns 0, or -1 after a diagnostic. */
int workers_make_dir(const char *outdir, const char *name);

/* Removes the worker folders under ROOT (DIR/.workers) whose names start
 * with prefix ("part-", "piece-"; NULL: every one, and resume/), with
 * the files culab writes there; never follows a link. */
void workers_remove(const char *root, const char *prefix);
/* Removes the worker folder root/name (its files, then the folder),
 * one that --resume never reads (a class's timing rounds: pieces.c). */
void workers_remove_one(const char *root, const char *name);

/* Writes what DIR/results.json and every worker folder under ROOT hold
 * of f's measurements into ROOT/resume/results.json, for the workers'
 * --resume.  Returns 1 when there is something, 0 when not, -1 after a
 * diagnostic (DIR holds another experiment file's results). */
int workers_prepare_resume(const struct experiment_file *f,
			   const char *outdir, const char *root);

#endif
