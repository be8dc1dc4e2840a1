/* devices_int.h - what run --devices' parent keeps (devices.c), shared
 * with its per-line jobs (devices_lines.c).  Not a contract beyond
 * these two files. */
#ifndef CULAB_DEVICES_INT_H
#define CULAB_DEVICES_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "lines.h"
#include "plan/plan.h"
#include "results/results.h"
#include "workers.h"

/* A GPU and the worker on it now. */
struct gpu {
	int device;              /* CUDA index */
	pid_t pid;               /* 0: no worker now */
	struct child *child;     /* its worker's record in the supervisor */
	int rfd, wfd;            /* the parent's ends of its pipes */
	char buf[1024];          /* what it wrote, up to a newline */
	size_t blen;
	char *dir;               /* DIR/.workers/part-N of this worker */
	size_t *handed;          /* items this worker was handed */
	size_t nhanded;
	size_t flight;           /* the one it is making, or SIZE_MAX */
	double flight_t0;
	bool asked;              /* waits for an answer */
	bool told_end;
	bool early;              /* its last worker ended untold (a fault, a
				    hang): the next is started again */
	bool killed;             /* by the stall limit */
	bool dead;               /* no worker can run on it */
	double since;            /* when it last wrote */
	int starts;
	size_t made;             /* measurements made on this GPU */
	size_t lined;            /* ... and rows' counters per source line
				    collected here (said in the summary) */
	/* after its workers, children for counters per source line: one
	 * measuring, the next started ahead (lines.h) */
	struct lines_gpu lines;
	char *uuid;              /* "GPU-...", as its worker said; or NULL */
	bool on_lines;           /* left the measurements for its rows'
				    lines while others measure (lines_due) */
	bool was_on_lines;       /* ... once */
	bool pre_lines;          /* will leave after the measurement it
				    makes, most likely: its children start,
				    held (lines_gpu.held) until it ends */
	size_t mem;              /* its memory in bytes, as its worker said;
				    0: unknown */
};

/* A row whose counters per source line are to be collected.  Its child
 * may run before the row is made or comes back with its worker
 * (devlines_plan): its lines wait in `hold` until the row comes in
 * (devlines_bind). */
struct line_job {
	size_t res, row;         /* kept[res].rows[row], once bound */
	const char *label;
	size_t item;             /* the queue's */
	bool bound;
	bool dropped;            /* its row came in unwanted: no child */
	struct result_row hold;  /* only its lines: the child's, unbound */
};

struct node_run {
	const struct experiment_file *f;
	const struct workers_options *o;
	struct plan plan;
	struct plan_queue q;
	struct plan_costs costs;
	bool costs_loaded;
	bool counters, profile_only;
	char **fail;             /* per item: the reason it fails, unmade */
	double *took;            /* per item: seconds, once made */
	char *root, *resume_dir;
	char **dirs;             /* every worker folder, for the merge */
	size_t ndirs;
	struct gpu *g;
	int ng;
	struct results *kept;    /* what each ended worker wrote */
	size_t nkept;
	struct line_job *line_jobs; /* lines to collect: every marked
				    item's from the start with two GPUs or
				    more (devlines_plan), else as rows come
				    in */
	size_t nline_jobs, lnext;
	bool *has_line_job;      /* per item: it has a line job */
	bool lines_on;
	FILE *trace;             /* $CULAB_DEVICES_TRACE: what ran where */
	int lines_max;           /* GPUs on their lines at once
				    (CULAB_LINES_GPUS); 0: devlines_max's */
	int lines_starting;      /* children starting at once
				    (CULAB_LINES_STARTING); 0:
				    LINES_STARTING */
	bool lines_last;         /* CULAB_LINES_EARLY=0: no GPU leaves the
				    measurements for lines (lines_due) */
	const char *unavailable; /* a child said CUPTI cannot: no more */
	struct lines_options lo;
	int again;               /* workers started after one ended early */
	double stall;
	double ram;              /* the host's memory in bytes; 0: unknown */
	double t0;
	int lines_drawn;
};

/* A GPU's per-line children start held while its worker makes its last
 * measurement only when that takes at most this long: about a child's
 * start when several start at once. */
#define LINES_HOLD_S 3.0
/* Per-line children of the node's starting at once, beyond each GPU's
 * first (devlines_more_ahead): LINES_STARTING on two or three GPUs,
 * LINES_STARTING_4 on four or more (devlines_starting). */
#define LINES_STARTING 3
#define LINES_STARTING_4 6
/* Seconds of lines (as lines_guess reckons them) a GPU on its lines
 * holds beyond its usual ahead while another GPU may still leave for
 * its own: a child's start, about, when three start at once. */
#define LINES_CLAIM_S 3.0

/* ---- devices_lines.c: the queue's items, and the per-line jobs --------- */

const char *devices_item_label(const struct node_run *c, size_t i);
/* Whether item i's measurement is marked for counters per source line. */
bool devices_item_marked(const struct node_run *c, size_t i);
/* Seconds of measurements left, about: what is to do and what the GPUs
 * but `except` (-1: none) are making, corrected by how the estimates
 * have held so far. */
double devices_work_left(const struct node_run *c, double now, int except);
/* Whether worker k, asking for more, leaves the measurements for the
 * lines left to collect while the other GPUs measure; with after > 0,
 * whether it would once the others have measured that many seconds
 * more (the one it is handed: its children then start, held). */
bool devlines_due(const struct node_run *c, int k, double after);
/* GPUs that may be on their lines at once: lines_max, else
 * plan_lines_gpus's (one). */
int devlines_max(const struct node_run *c);
/* Children of the node's that may be starting at once: lines_starting,
 * else LINES_STARTING, or LINES_STARTING_4 on four GPUs or more. */
int devlines_starting(const struct node_run *c);
/* Whether a worker is timing a row on the host clock: no per-line child
 * starts meanwhile. */
bool devlines_host_timed(const struct node_run *c);
/* Whether children may start held behind item i (pre_lines): it takes
 * at most LINES_HOLD_S and is not timed on the host clock. */
bool devlines_may_hold(const struct node_run *c, size_t i);
/* Before the run, with two GPUs or more: a job for every marked
 * measurement to make. */
void devlines_plan(struct node_run *c);
/* Row `row` of an ended worker's results (kept as kept[nkept]), measured
 * on the GPU env (NULL: unknown), is item `item`'s, marked for lines: its
 * job is bound to it (or made), unless the per-line cache holds its
 * lines (lines_cache.h) and its child has not started. */
void devlines_bind(struct node_run *c, size_t item, struct result_row *w,
		   size_t row, const struct environment *env);
/* Starts the longest job left on g: 0, 1 when none is left, -1 after a
 * diagnostic. */
int devlines_start(struct node_run *c, struct gpu *g);
/* Whether g, with nl children, takes another ahead. */
bool devlines_more_ahead(const struct node_run *c, const struct gpu *g, int nl);
/* Once a child said CUPTI cannot collect lines here: every job left
 * says so, unrun. */
void devlines_skip(struct node_run *c);
/* The children whose turn is over: their lines taken into their rows
 * (or held), the next ones on their GPUs told to go on. */
void devlines_said(struct node_run *c);
/* Child lp of GPU `device` ended with wait status st: its lines, or
 * why there are none, into its row (or held). */
void devlines_ended(struct node_run *c, struct lines_proc *lp, int st,
		    int device);
/* A child past its time, or the parent asked to stop: it ends. */
void devlines_watch(struct node_run *c);
/* A warning for the rows whose lines failed, naming the first reason. */
void devlines_warn(const struct node_run *c);

#endif
