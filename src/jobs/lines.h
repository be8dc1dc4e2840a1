/* lines.h - `culab run`'s counters per source line: a child process per
 * measurement the plan marks (plan_measurement.lines), whose lines are
 * attached to the run's row.
 *
 * CUPTI's SASS metrics record one kernel per process (counters.h), so
 * after a run has measured and saved its rows, each marked measurement
 * that ended verified with its kernel-level counters is run again by
 * `culab run --measurement LABEL --lines-child [--lines-go FD]
 * --profile-only --no-counters --no-report -q -o DIR/.lines/gpu-D FILE`
 * on the same device, one measuring after the other, the next started
 * ahead (run --devices: on each GPU without a worker, devices_lines.c); the
 * child's row brings the lines back
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
#include "results/results.h"
#include "lines_child.h"

/* Collects the lines of every marked measurement of f's plan whose row of
 * r ended ok with counters and has none yet, into that row (its
 * lines.status says why not where a child failed; once a child says
 * CUPTI cannot collect lines here, the rest say so without a child).
 * Saves r into o->outdir after each child.  Returns EXIT_OK, or
 * EXIT_INTERRUPTED when a signal stopped it (the rows done keep their
 * lines, the rest have none, for --resume). */
int lines_run(const struct experiment_file *f, const struct lines_options *o,
	      struct results *r);

/* ---- for run --devices' parent (devices.c) ---- */

/* Whether row w wants its lines: verified, with kernel-level counters to
 * check them against, and none yet. */
bool lines_wanted(const struct result_row *w);
/* The row of r that measurement ms of stage s made, or NULL (also for
 * instrumented.c). */
struct result_row *lines_row_of(struct results *r, const struct plan_stage *s,
				const struct plan_measurement *ms);
/* ---- a GPU's children: one measuring, the next ready ---- */

/* A child's CUDA start (several times longer when several start at
 * once: the driver serialises them), its input and its correctness
 * run need no turn of the GPU's, and neither do its saving and its
 * teardown: the next child is started ahead (run --lines-go), makes all
 * that and waits, on its socket, for its turn ("g"), which is only its
 * collection.  It says "c" once it has collected (then the next goes
 * on) and "d" once its results are saved (then they are taken); a child
 * whose collection failed says only "d", so that a CUPTI that cannot
 * collect here is known before another child's turn.  So a GPU has one
 * child measuring (LP_GOING), at most LINES_AHEAD ahead (LP_AHEAD), and
 * ones saving (LP_SAVING) and ending (LP_DONE), each in a folder of its
 * own.  Two ahead: a child takes far longer to be ready than most
 * turns last; with one ahead every second turn waited for its child,
 * and four were no faster, each child slower to start
 * (docs/clusters.md, "Every GPU of a node"). */
#define LINES_AHEAD 2
/* CULAB_LINES_AHEAD=N (1..LINES_AHEAD_MAX) sets it for a run, to measure
 * another number (tests/gpu/scale.sh); not a user's knob.  A --devices
 * GPU that left the measurements for its lines keeps up to
 * LINES_AHEAD_MAX ahead within its memory and the host's
 * (devlines_more_ahead). */
#define LINES_AHEAD_MAX 24
/* Ahead while a sampling child samples on the GPU (lines_stalls.h): the
 * ones ahead make their start meanwhile, which bounds the per-line
 * phase otherwise (docs/per-line.md, "Where warps wait"). */
#define LINES_AHEAD_SAMPLING 6
/* A run's children on one GPU starting at once (not yet ready), its
 * first apart: the driver makes one CUDA context at a time, so more
 * only delay the first of them; while the sampler samples more are
 * started ahead, within half the GPU's memory (lines.c, takes_next).
 * CULAB_LINES_STARTING=N sets it for a run (a measurement knob, as for
 * run --devices' node). */
#define LINES_STARTING_ONE 2
#define LINES_PROCS (LINES_AHEAD_MAX + 2)

enum lines_state {
	LP_AHEAD,                /* started, waiting for its turn */
	LP_GOING,                /* told to go on: its time limit runs */
	LP_SAVING,               /* said it has collected: the GPU is free */
	LP_DONE,                 /* said its results are saved: taken */
};

struct lines_proc {
	pid_t pid;               /* 0: none */
	int sock;                /* its socket, until its word or its end */
	enum lines_state state;
	size_t job;              /* the caller's */
	double t0;               /* started; told to go on */
	bool stopped, late;
	bool held;               /* started held, not yet freed */
	bool ready;              /* said "r": its start is behind it */
	char *dir;               /* DIR/.lines/gpu-D, gpu-D-b, gpu-D-c, ... */
};

struct lines_gpu {
	int device;
	const char *uuid;        /* as lines_child_start's; NULL: none */
	int ahead;               /* children ahead at most: LINES_AHEAD */
	bool ahead_set;          /* ... as CULAB_LINES_AHEAD set it */
	bool held;               /* a worker still measures on it: children
				    started now wait for lines_gpu_free */
	bool no_stalls;          /* its children do not sample where warps
				    wait: a sampling child did
				    (lines_stalls.h) */
	struct lines_proc p[LINES_PROCS];
};

struct pollfd;

void lines_gpu_init(struct lines_gpu *g, int device, const char *uuid);
/* Its children with a job to do (ahead, measuring or saving), and those
 * and the ones ending. */
int lines_gpu_jobs(const struct lines_gpu *g);
int lines_gpu_live(const struct lines_gpu *g);
/* Whether it has a free place for another child (the callers keep its
 * jobs to 1 + ahead; the ones ending take none of those). */
bool lines_gpu_room(const struct lines_gpu *g);
/* Starts a child for `label` (the caller's job number `job`: the lower
 * goes first) ahead of its turn.  Returns it, or NULL after a
 * diagnostic. */
struct lines_proc *lines_gpu_start(const struct lines_options *o,
				   struct lines_gpu *g, size_t job,
				   const char *label);
/* When none measures and g is not held, tells the first one ahead to go
 * on; returns it, or NULL. */
struct lines_proc *lines_gpu_go(struct lines_gpu *g);
/* The worker on it has stopped measuring: the children started held
 * may use the GPU (their first word), and the next ones are not held. */
void lines_gpu_free(struct lines_gpu *g);
/* Tells the ones ahead to end without their turn. */
void lines_gpu_cancel(struct lines_gpu *g);
/* Hears what the children said: one ahead that is ready ("r", at its
 * hold or its wait), one that has collected frees the GPU for
 * lines_gpu_go; returns the first that said its results are saved (then
 * lines_gpu_take), or NULL; never waits. */
struct lines_proc *lines_gpu_said(struct lines_gpu *g);
/* Takes the lines of child p into w: 0 (its turn over, w->lines.seconds
 * from its turn), or -1 when its results hold none (its end says why). */
int lines_gpu_take(struct lines_proc *p, struct result_row *w);
/* The child measuring, else one saving, or NULL. */
const struct lines_proc *lines_gpu_going(const struct lines_gpu *g);
/* The child of pid, or NULL. */
struct lines_proc *lines_gpu_proc(struct lines_gpu *g, pid_t pid);
/* Child p, of row w, ended with wait status st.  One already taken is
 * only forgotten; without w (the run was interrupted), or one that ended
 * before its turn when no turn comes (no_turns), leaves no lines and no
 * failure, but for unavailable (non-NULL: CUPTI cannot here, said as
 * the row's reason); else its lines or why not into w
 * (lines_child_done).  Returns whether w got them. */
bool lines_gpu_ended(const struct lines_options *o, struct lines_proc *p,
		     int st, struct result_row *w, bool no_turns,
		     const char *unavailable);
/* lines_child_watch for each child measuring or saving, and, with stop,
 * for the ones ahead too. */
void lines_gpu_watch(const struct lines_options *o, struct lines_gpu *g,
		     bool stop);
/* Its children that have not said they are ready (ahead, or told to go
 * on before it): still starting (process, CUDA, input). */
int lines_gpu_starting(const struct lines_gpu *g);
/* The sockets of the children measuring or saving, and of those still
 * starting, for poll (at most LINES_PROCS into pf); their number. */
int lines_gpu_fds(const struct lines_gpu *g, struct pollfd *pf);
/* Closes what is left and removes its folders (empty by then). */
void lines_gpu_release(struct lines_gpu *g);

#endif
