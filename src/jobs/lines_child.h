/* lines_child.h - one process of culab's counters per source line (a
 * per-line child, or the sampling child of lines_stalls.h): its command
 * line, its start, its watch, its end and what it left (lines.h runs
 * them). */
#ifndef CULAB_LINES_CHILD_H
#define CULAB_LINES_CHILD_H

#include <stdbool.h>
#include <sys/types.h>

#include "plan/plan.h"
#include "results/results.h"

/* Seconds one child may take before it is killed: the process, the
 * input, the correctness run and the instrumented launch (its patching
 * is milliseconds: docs/per-line.md), with room for a slow kernel. */
#define LINES_CHILD_TIMEOUT 600.0

/* The CUDA variable that sets a context's hardware queues (its
 * connections): 1 in every per-line child and sampling child, which
 * launch on one stream and start in half the time with one. */
#define LINES_CONNECTIONS_ENV "CUDA_DEVICE_MAX_CONNECTIONS"

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

/* The k of lines_child_dir for the children that are not a GPU's k-th
 * per-line child. */
enum {
	LINES_DIR_STALLS = -1,          /* gpu-D-stalls: its sampling child */
	LINES_DIR_INSTRUMENTED = -2,    /* gpu-D-instrumented: instrumented.h */
};

/* DIR/.lines/gpu-D (k 1: gpu-D-b, a GPU's second child; or as above),
 * made (culab's own: a link planted
 * there is refused): where a child on that device writes.  NULL after a
 * diagnostic. */
char *lines_child_dir(const char *outdir, int device, int k);
enum lines_child_mode {
	LC_COUNT,                /* the SASS metrics, sampled in its turn
				    unless CULAB_STALLS=off */
	LC_COUNT_NO_STALLS,      /* the SASS metrics alone (run --no-stalls):
				    the sampling child sampled */
	LC_STALLS,               /* the sampling child: label a list of
				    labels, separated by commas, each
				    sampled (run --stalls-only) */
};
/* Starts the child for the measurement `label` on `device` into dir
 * (its output to dir/child.log).  With the device's UUID ("GPU-...")
 * the child sees that GPU alone (CUDA_VISIBLE_DEVICES, as its device 0):
 * CUDA then starts on one GPU, not on every GPU of the node, in each of
 * the children that run at once; uuid NULL or
 * another kind of name: `--device device` as given.  With go, the child
 * is started ahead of its turn (run --lines-go): it sets CUDA up, then
 * waits for lines_child_go(go); *go is its socket.  With go and held,
 * a worker still measures on that GPU: the child makes its context and
 * its host input, then waits for a first lines_child_go before anything
 * goes to the GPU (run --lines-held), and for a second before its
 * collection.  Its pid, or -1 after a diagnostic. */
pid_t lines_child_start(const struct lines_options *o, int device,
			const char *uuid, const char *label, const char *dir,
			int *go, bool held, enum lines_child_mode mode);
/* Tells the child waiting on socket go to go on (a child gone meanwhile
 * is told nothing, and no signal comes of it).  Closing go instead tells
 * it to end without measuring. */
void lines_child_go(int go);
/* What a child's end (wait status st; late: killed past `timeout`
 * seconds) means, with the last line of its log; caller frees. */
char *lines_child_why(int st, bool late, double timeout, const char *log);
/* Seconds a child may take: o->timeout, else LINES_CHILD_TIMEOUT. */
double lines_timeout(const struct lines_options *o);
/* Removes what a child leaves in dir (results, log). */
void lines_child_clean(const char *dir);
/* Takes the lines of the child's one row (dir/results.json) into w, or
 * the row's failure as their status.  Returns 0, or -1 when the file
 * holds neither (w untouched). */
int lines_child_take(const char *dir, struct result_row *w);
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
