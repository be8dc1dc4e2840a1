/* lines.h - `culab run`'s counters per source line: a child process per
 * measurement the plan marks (plan_measurement.lines), whose lines are
 * attached to the run's row.
 *
 * CUPTI's SASS metrics record one kernel per process (counters.h), so
 * after a run has measured and saved its rows, each marked measurement
 * that ended verified with its kernel-level counters is run again by
 * `culab run --measurement LABEL --lines-child --profile-only
 * --no-counters --no-report -q -o DIR/.lines/gpu-D FILE` on the same
 * device, one after the other (run --devices: one on each GPU at once,
 * after its workers); the child's row brings the lines back
 * (results.json), and the run's files are saved after each.  Processes
 * are started as run --devices starts its workers (workers.c): fork and
 * exec of /proc/self/exe, a process group of their own, SIGINT and
 * SIGTERM forwarded, a child that outlives its time limit killed. */
#ifndef CULAB_LINES_H
#define CULAB_LINES_H

#include <stdbool.h>
#include <sys/types.h>

#include "experiment/experiment.h"
#include "plan/plan.h"
#include "run/run.h"

/* Seconds one child may take before it is killed: the process, the
 * input, the correctness run and the instrumented launch (12.5 ms of
 * patching for a 4 Mi-element reduction on an H200, docs/per-line.md). */
#define LINES_CHILD_TIMEOUT 600.0

struct lines_options {
	const char *file;              /* the experiment file, as given */
	const char *outdir;            /* the run's directory: the results
					  are saved there after each child,
					  the children write DIR/.lines */
	int device;                    /* CUDA device index */
	const int *devices;            /* or these, a child on each at once
					  (run --devices); ndevices 0: device */
	int ndevices;
	const struct plan_selection *only; /* the run's --variant, or NULL */
	struct plan_shard shard;       /* the run's --shard */
	bool progress;                 /* a progress line on stderr */
	const char *exe;               /* the program to start; NULL:
					  /proc/self/exe (tests: a stand-in) */
	double timeout;                /* seconds per child; 0: the default */
};

/* Collects the lines of every marked measurement of f's plan whose row of
 * r ended ok with counters and has none yet, into that row (its
 * lines.status says why not where a child failed; once a child says
 * CUPTI cannot collect lines here, the rest say so without a child).
 * Saves r into o->outdir after each child.  Returns EXIT_OK, or
 * EXIT_INTERRUPTED when a signal stopped it (the rows done keep their
 * lines, the rest have none, for --resume). */
int lines_run(const struct experiment_file *f, const struct lines_options *o,
	      struct results *r);

/* ---- one child at a time, for run --devices' parent (devices.c) ---- */

/* Whether row w wants its lines: verified, with kernel-level counters to
 * check them against, and none yet. */
bool lines_wanted(const struct result_row *w);
/* DIR/.lines/gpu-D, made (culab's own: a link planted there is refused):
 * where a child on that device writes.  NULL after a diagnostic. */
char *lines_child_dir(const char *outdir, int device);
/* Starts the child for the measurement `label` on `device` into dir
 * (its output to dir/child.log).  With the device's UUID ("GPU-...")
 * the child sees that GPU alone (CUDA_VISIBLE_DEVICES, as its device 0):
 * CUDA then starts on one GPU, not on every GPU of the node, in each of
 * the children that run at once (reports/bench/h100x4/lines-start.txt);
 * uuid NULL or another kind of name: `--device device` as given.  Its
 * pid, or -1 after a diagnostic. */
pid_t lines_child_start(const struct lines_options *o, int device,
			const char *uuid, const char *label, const char *dir);
/* The child that started at t0 ended with wait status st (late: killed
 * past its time): its lines into w, or why there are none; dir emptied. */
void lines_child_done(const struct lines_options *o, const char *dir,
		      int st, bool late, double t0, struct result_row *w);
/* The child pid (0: none) that started at t0: asked to stop now when
 * `stop` (the parent got a signal), killed past its time limit (*late
 * set); once (*stopped). */
void lines_child_watch(const struct lines_options *o, pid_t pid, double t0,
		       bool stop, bool *stopped, bool *late);

#endif
