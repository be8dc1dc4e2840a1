/* plan/plan.h - what a run will measure, expanded once.
 *
 * Takes a loaded experiment file (and, for --resume, the measurements a
 * previous run made; for --shard, which part); gives a struct plan: its
 * stages and measurements in the order the runner takes them, with what
 * each needs of the device and how many runs it will make.  The one
 * header other folders include.
 *
 * plan_build() expands a loaded experiment file, in ladder order, into
 * stages and measurements.  A stage is one experiment, type and size: the
 * measurements that share one input, its reference and its device
 * buffers.  A measurement is one variant (and block size) of a stage, with
 * its state: to run, taken from previous results (--resume), or skipped
 * with the reason.  The --variant selection and --resume are applied here
 * and only here: the loader's row limits (experiment_count_rows), the
 * runner, its progress line and `culab plan` all read the plan, so no
 * other code expands the cross product variant x type x size x block.
 *
 * The order is the runner's: experiments in file order, then types, then
 * sizes (each a stage), then variants in ladder order, then blocks.
 *
 * A plan can be cut into shards (--shard I/N): whole stages, so a stage's
 * input and reference are made once, balanced by an estimate of each
 * stage's cost that depends on the file alone (plan_stage_cost), so the
 * same file gives the same shards on every machine.  A shard's plan holds
 * its own stages only; what the others measure is counted in
 * shard_left_out, as --variant's choice is in left_out. */
#ifndef CULAB_PLAN_H
#define CULAB_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/strmap.h"
#include "experiment/experiment.h"

/* Scratch sizes of a plan made without a GPU assume this many SMs
 * (ladder.h). */
#define PLAN_ASSUMED_SMS ASSUMED_SM_COUNT

/* A shard of a plan (--shard I/N): I counts from 1, as Slurm's array
 * tasks and people do.  count 0: the whole plan. */
struct plan_shard {
	int index;
	int count;
};

/* Most shards a plan may be cut into. */
#define PLAN_MAX_SHARDS 10000

/* The most elements of the size at which an experiment's measurements
 * get counters per source line (plan_options.lines).  The instrumented
 * run is slow (the SASS metrics patch every instruction; reduce_one_block
 * at 2^28 took 3.1 s of a 14 s per-line phase on an H100), and a line's
 * share of the work does not grow with n once every SM is busy
 * (docs/per-line.md, "At which size", for the measured comparison). */
#define PLAN_LINES_MAX_ELEMENTS ((uint64_t)1 << 24)

enum plan_state {
	PLAN_RUN,         /* to be measured */
	PLAN_RESUMED,     /* an ok row of the previous results is kept */
	PLAN_SKIPPED,     /* not run; `why` says why */
	PLAN__STATES
};

struct plan_measurement {
	const struct variant *v;
	int block;               /* threads per block; 0: the variant takes none */
	char *label;             /* experiment/variant/type/size[/bBLOCK]: the
				    NVTX range, the progress line, counters */
	enum plan_state state;
	size_t prev_row;         /* PLAN_RESUMED: the `row` of the done
				    measurement it takes (plan_options.done) */
	char *why;               /* PLAN_SKIPPED: the reason, else NULL */
	size_t work_bytes;       /* device scratch its launcher asks for */
	size_t host_bytes;       /* pinned host scratch */
	uint64_t runs;           /* estimated complete runs of the variant:
				    the check, warm-up, repeats and one per
				    counter pass (0 unless PLAN_RUN) */
	bool lines;              /* its counters per source line are
				    collected (plan_options.lines) */
};

struct plan_stage {
	const struct experiment *e;
	size_t experiment;       /* index of e in the file */
	size_t index;            /* its place in the whole plan (every shard's
				    stages), from 0: the same in every shard */
	uint64_t cost;           /* plan_stage_cost: what sharding balances */
	enum dtype t;
	struct shape sh;
	char size_text[48];      /* "1048576", or "4096x4096" for shapes */
	size_t in_bytes;         /* the input (and its host copy) */
	size_t out_bytes;        /* the output buffer */
	size_t copy_bytes;       /* working copy of the input for in-place
				    variants, 0 when none runs */
	size_t scratch_bytes;    /* scratch alive at once: with counters the
				    sum over the stage (a batch keeps it until
				    its counters are in), else the largest */
	size_t device_bytes;     /* all of the above: what the stage needs on
				    the device besides culab's L2 flush
				    buffers */
	int passes;              /* counter replay passes per measurement;
				    0 without counters, -1 when unknown */
	uint64_t runs;           /* sum of its measurements' runs */
	struct plan_measurement *ms;
	size_t nms;
	size_t nstate[PLAN__STATES];
};

/* A measurement a previous run made (--resume): its key, whether it
 * ended verified, and where the caller keeps it. */
struct plan_done {
	const char *experiment, *variant, *dtype;
	uint64_t n, m;
	int block;
	bool ok;                 /* only verified ones are kept */
	size_t row;              /* the caller's: becomes prev_row */
};

/* The variants --variant names, parsed once. */
struct plan_selection {
	char **names;
	size_t n;
};

struct plan_options {
	const struct plan_selection *only;  /* --variant, or NULL for all */
	const struct plan_done *done; /* --resume: measurements already made */
	size_t ndone;
	int sm_count;                 /* for scratch sizes; 0: PLAN_ASSUMED_SMS */
	bool counters;                /* counters are collected (no --no-counters) */
	bool profile_only;            /* one verified run, no timing */
	bool count_passes;            /* compute counter passes offline
					 (CUPTI's host API), for estimates */
	struct plan_shard shard;      /* --shard I/N; count 0: every stage */
	const char *outdir;           /* where the run would write (-o); NULL:
					 the file's `output` */
	const char *measurement;      /* only the measurement of this label
					 (experiment/variant/type/size
					 [/bBLOCK]), or of these labels,
					 separated by commas: culab's own
					 child processes; NULL: all */
	/* Counters per source line, when counters are collected
	 * (`counters` and an experiment that asks for some): at an
	 * experiment's lines size (the largest of at most
	 * PLAN_LINES_MAX_ELEMENTS elements, the first on a tie; else its
	 * smallest), each built-in GPU rung is marked
	 * once in the file, where the report's details page shows it: its
	 * first float stage, else its first stage, its first block; a user's
	 * kernel at every type and block.  With `measurement`, that one.
	 * The same marks in every shard. */
	bool lines;
	/* The plan only names measurements (the parents of run --devices
	 * and of a class, whose workers plan again on their GPUs; a child's
	 * check of its --measurement): no variant is asked for its scratch
	 * memory, work_bytes stay 0.  CUB's and Thrust's answers come from
	 * the GPU: asking starts CUDA and makes a context on the current
	 * device, which a parent would hold for its whole run. */
	bool no_device;
};

struct plan {
	const struct experiment_file *f;
	const char *outdir;           /* where the run would write: o->outdir,
					 else the file's `output` */
	struct plan_stage *stages;
	size_t nstages;
	size_t nms;                   /* measurements in all stages */
	size_t nlines;                /* of them marked lines */
	size_t nstate[PLAN__STATES];
	size_t left_out;              /* rows --variant left out */
	struct plan_shard shard;      /* which shard this is (count 0: all) */
	size_t all_stages;            /* stages of the whole plan */
	size_t shard_left_out;        /* measurements of other shards' stages */
	uint64_t cost, all_cost;      /* estimated cost of these stages and of
					 the whole plan (plan_stage_cost) */
	uint64_t runs;
	bool runs_at_most;            /* some experiment has `repeats: auto`,
					 counted at its most runs: runs is
					 then an upper bound */
	int sm_count;                 /* what scratch sizes assume */
	size_t peak_device_bytes;     /* the largest stage's device_bytes */
};

/* Parses a comma-separated --variant list: every name must be registered
 * and the list not empty.  Returns 0, or -1 with the reason in why; the
 * caller releases *sel with plan_select_release(). */
int plan_select_parse(const char *list, struct plan_selection *sel, char *why,
		      size_t whysize);
void plan_select_release(struct plan_selection *sel);

/* Expands f into *p.  With o->done, a measurement of which a verified one
 * was done (same experiment, variant, type, shape and block) is
 * PLAN_RESUMED, each done one taken at most once; failed and skipped ones
 * are measured again.  Every
 * other measurement is PLAN_RUN: what is skipped is decided when it is
 * known (plan_stage_skip).  Returns 0; the caller releases *p with
 * plan_release().  f must outlive *p. */
int plan_build(const struct experiment_file *f, const struct plan_options *o,
	       struct plan *p);

/* Parses --shard's "I/N" into *sh: 1 <= I <= N <= PLAN_MAX_SHARDS.
 * Returns 0, or -1 with the reason in why (a 0-based "0/N" is refused
 * with a line that says shards count from 1). */
int plan_shard_parse(const char *text, struct plan_shard *sh, char *why,
		     size_t whysize);

/* The estimated cost of stage (e, t, sh) in microseconds on a reference
 * GPU (plan_build.c says how and why), from the experiment file alone: not
 * from --variant, --resume, --no-counters, the GPU or the CUPTI present,
 * so that every machine cuts a file into the same shards. */
uint64_t plan_stage_cost(const struct experiment *e, enum dtype t,
			 struct shape sh);

/* Its parts: one measurement of variant v (one block size), and the
 * stage's set-up on the host (input and reference), in the same
 * microseconds. */
uint64_t plan_measurement_cost(const struct experiment *e,
			       const struct variant *v, enum dtype t,
			       struct shape sh);
uint64_t plan_setup_cost(enum dtype t, struct shape sh);

/* The costs of every stage of f's whole plan, in plan order, into *cost
 * (caller frees).  Returns the number of stages. */
size_t plan_costs(const struct experiment_file *f, uint64_t **cost);

/* Cuts n stages of these costs into `count` shards: owner[k] is the
 * shard (0-based) of stage k.  Longest processing time first: stages by
 * cost, the larger first (ties: the earlier stage first), each to the
 * least loaded shard (ties: the lowest).  Deterministic; no shard's load
 * exceeds the mean load plus the largest stage's cost, nor 4/3 of the
 * best possible largest load. */
void plan_partition(const uint64_t *cost, size_t n, int count, int *owner);

/* Which stages of f's whole plan shard `shard` holds (count 0: all):
 * keep[k] for stage k, into a new array of plan_costs' length (caller
 * frees).  Returns that length. */
size_t plan_shard_stages(const struct experiment_file *f,
			 struct plan_shard shard, bool **keep);

/* How many stages of f's whole plan shard `shard` holds (count 0: all
 * of them). */
size_t plan_count_stages(const struct experiment_file *f,
			 struct plan_shard shard);

struct ukernel_stats;
/* Prepares the user's kernels of p's file for architecture `arch`
 * ("sm_90"): compiles what every measurement p runs of them needs
 * (ukernel_prepare), with no GPU; `culab check` does this for the GPU
 * present or an assumed architecture, `culab run` before any GPU work.
 * Returns 0, or -1 when any kernel cannot run (diagnostics printed).  A
 * class's submission (ukernel.submission) that does not compile fails
 * only itself: its measurements are skipped with the reason and counted
 * in st->refused, and the others go on. */
int plan_prepare_kernels(struct plan *p, const char *arch,
			 struct ukernel_stats *st);

/* Marks every PLAN_RUN measurement of stage s skipped, with `why` (the
 * runner does, when the stage does not fit in the device memory free at
 * run time), and updates the counts. */
void plan_stage_skip(struct plan *p, struct plan_stage *s, const char *why);

/* "run", "resumed", "skipped". */
const char *plan_state_name(enum plan_state s);

/* Prints the plan for `culab plan`: a summary, then each stage with its
 * memory and runs, and its measurements that are resumed or skipped
 * (verbose: every measurement). */
void plan_print(FILE *fp, const struct plan *p, bool verbose);

/* ==== learned costs and the work queue (plan_queue.c) ==================
 *
 * What a measurement took is remembered per GPU model in the cache
 * (kcache_dir()/costs.tsv: GPU model, key, seconds, when), written by
 * every run at its end, under the cache's rules (base/cachefile.h: the
 * user's alone, a regular file, at most 8 MiB and its newest 20000
 * lines read; else a note, once, and the model's estimates); a later
 * plan takes its estimates from there and
 * from the model above (microseconds on a reference GPU) for what was
 * never measured on that model.  The key is the measurement's label with
 * what changes its cost besides its shape: warm-up, repeats, counters.
 *
 * run --devices hands the measurements out one at a time (plan_queue):
 * a worker asking for work gets the costliest left of the stage it is on
 * (its input and reference are made), else the costliest of the stage
 * with the most work left for it: a stage nobody is on counted whole, one
 * others are on at the share the worker would take, less making its
 * input again; else (no such share is worth it) it waits: work may come
 * back from a worker that fails. */

struct plan_costs {
	char *gpu;               /* the GPU model, or NULL: nothing learned */
	struct strmap index;     /* key -> place in seconds[] */
	double *seconds;
	size_t n;
};

/* The cache key of measurement ms of stage s (caller frees). */
char *plan_cost_key(const struct plan_stage *s,
		    const struct plan_measurement *ms, bool counters,
		    bool profile_only);

/* Loads what the cache holds of GPU model gpu (NULL: the model recorded
 * last) into *c; an empty *c when none (no cache, or nothing of it).
 * Never fails; the caller releases *c. */
void plan_costs_load(const char *gpu, struct plan_costs *c);
void plan_costs_release(struct plan_costs *c);

/* Records that measurements keys[i] took seconds[i] on GPU model gpu:
 * the cache file rewritten atomically (the newest 20000 entries kept,
 * within 8 MiB).  Nothing when the cache is off; a cache that cannot be
 * written costs a warning, once. */
void plan_costs_record(const char *gpu, char *const *keys,
		       const double *seconds, size_t n);

/* The estimated seconds of measurement ms of stage s: learned when c
 * has it (*learned set), else the model's; 0 for one not to run. */
double plan_seconds(const struct plan_stage *s,
		    const struct plan_measurement *ms,
		    const struct plan_costs *c, bool counters,
		    bool profile_only, bool *learned);

enum plan_item_state { PLAN_TODO, PLAN_OUT, PLAN_DONE };

struct plan_item {
	size_t stage, k;         /* p->stages[stage].ms[k] */
	double seconds;          /* estimated */
	bool learned;            /* ... from the cache */
	enum plan_item_state state;
	int worker;              /* PLAN_OUT: whose */
};

struct plan_queue {
	struct plan_item *it;    /* in plan order */
	size_t n;
	size_t nstages;
	double *left;            /* per stage: seconds of its PLAN_TODO items */
	size_t *todo;            /* ... and how many */
	double *setup;           /* per stage: seconds to make its input */
	bool *needs_setup;       /* per stage: has measurements to run */
	int *users;              /* per stage: workers on it */
	size_t *cur;             /* per worker: its stage, or SIZE_MAX */
	size_t ntodo, nout, nlearned;
};

#define PLAN_QUEUE_END SIZE_MAX          /* no work will come */
#define PLAN_QUEUE_WAIT (SIZE_MAX - 1)   /* none now; ask again */

/* A queue of every measurement of p for nworkers workers, estimated with
 * c (NULL: the model alone). */
void plan_queue_init(struct plan_queue *q, const struct plan *p,
		     const struct plan_costs *c, bool counters,
		     bool profile_only, int nworkers);
void plan_queue_release(struct plan_queue *q);
/* The item worker w is to make next, handed out to it (PLAN_OUT), or
 * PLAN_QUEUE_WAIT, or PLAN_QUEUE_END when nothing is left to do or out. */
size_t plan_queue_next(struct plan_queue *q, int w);
/* Item i is made (its row is in) / comes back to be handed out again. */
void plan_queue_done(struct plan_queue *q, size_t i);
void plan_queue_back(struct plan_queue *q, size_t i);
/* Worker w is gone: it is on no stage (its items out stay out until the
 * caller says done or back). */
void plan_queue_leave(struct plan_queue *q, int w);

/* Seconds a worker takes to start (the process, its CUDA context and
 * CUPTI's), before its first measurement. */
#define PLAN_WORKER_START_S 1.0

/* The expected wall time of q's work on `gpus` workers, each starting
 * after `start` seconds: the queue's own choices played out on the
 * estimates, a stage's set-up paid by each worker that joins it. */
double plan_queue_wall(const struct plan *p, const struct plan_costs *c,
		       bool counters, bool profile_only, int gpus,
		       double start);

/* What the counters per source line of a marked measurement take of a
 * GPU, about (docs/per-line.md): a child process each, whose turns came
 * every 0.58 s on one H100 (26 children, default.yaml), most of it
 * waiting for the next child's CUDA start, and whose instrumented launch
 * grows with the measurement (3.1 s for the one-block reduction of 2^28
 * floats, whose measurement took 11-12 s;
 * reports/bench/h100x2/scale-0e6f94a.txt). */
#define PLAN_LINES_CHILD_S 0.45
#define PLAN_LINES_PER_MEASURED_S 0.2
#define PLAN_LINES_S(measured) \
	(PLAN_LINES_CHILD_S + PLAN_LINES_PER_MEASURED_S * (measured))

/* GPUs of `gpus` that run --devices lets collect lines at once while the
 * others measure: one.  Two of four were slower on four H200s (default
 * 2.57-2.60x against 2.63-2.85x, the sweep 2.76-2.83x against
 * 2.81-3.07x, reports/bench/h200x4/scale-25aa7bc.txt): the lines are
 * bound by how fast the node starts per-line children, not by GPUs to
 * collect them on, and a second takes a GPU from the measurements.
 * CULAB_LINES_GPUS=N sets it for a run, to measure. */
int plan_lines_gpus(int gpus);

/* The expected wall time of the measurements of p and, with lines, of
 * the counters per source line of the marked ones, on `gpus` workers
 * each starting after `start` seconds: plan_queue_wall's, then on one
 * GPU the lines after it, on several at least the work shared out
 * evenly and the lines shared by plan_lines_gpus GPUs. */
double plan_wall(const struct plan *p, const struct plan_costs *c,
		 bool counters, bool profile_only, bool lines, int gpus,
		 double start);

/* Frees what *p owns; accepts a zeroed *p. */
void plan_release(struct plan *p);

#endif
