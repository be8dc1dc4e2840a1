/* runner_int.h - what the runner's files share: runner.c (stages and
 * correctness), runner_timing.c (the samples), runner_counters.c (the
 * counter phase) and runner_launch.c (what they all build on).  Not for
 * other modules. */
#ifndef CULAB_RUNNER_INT_H
#define CULAB_RUNNER_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <signal.h>
#include <stdio.h>

#include <cuda_runtime_api.h>

#include "counters/counters.h"
#include "run.h"
#include "plan/plan.h"
#include "base/util.h"

/* The buffers of one stage (plan_stage): its input on the host and the
 * device, its reference and its output. */
struct stage_buf {
	const struct plan_stage *ps;
	const struct family_def *fam;
	void *h_in;              /* host input */
	void *d_in;              /* device input, never written by variants */
	void *d_copy;            /* device copy for in-place variants (lazy) */
	void *d_out;
	void *ref;               /* the family's reference, or NULL */
	void *h_in2, *ref2;      /* a second input (the seed + 1) and its
				    reference, made when a kernel of the
				    user's first needs them (runner.c's
				    check_changed_input) */
	bool have2;
	bool ready;              /* made (runner.c's stage_setup) */
	bool skipped;            /* did not fit: its measurements skipped */
};

/* Poisoned bytes after the output and after the scratch, and around the
 * input: a kernel that writes past the end of either, or reads past
 * either end of its input, is caught by the correctness run
 * (runner_guard.c). */
#define GUARD_BYTES 4096
/* Bytes of the host accumulator a->result (room for any type's). */
#define RESULT_BYTES 16

/* Everything a launch needs, shared by the timing loop and the counter
 * replay's callbacks. */
struct launch_ctx {
	const struct variant *v;
	struct kernel_args a;
	struct stage_buf *st;
	const char *nvtx;        /* set: the counter replay names its launches */
	size_t work_bytes;       /* a.work's size, before its guard bytes */
};

/* A measurement whose counters wait for the next batch (counters.h): its
 * row, by index (rows move as the table grows), and the buffers its
 * launches use, kept until the batch is profiled. */
struct pending {
	struct launch_ctx L;
	size_t row;
	const char *label;       /* the plan's */
	void *d_work, *h_host, *h_result;
};

/* A measurement checked and waiting for its stage's rounds
 * (run_options.rounds, runner_timing.c): its row by index and the
 * buffers its launches use, freed when the rounds are done. */
struct parked {
	struct launch_ctx L;
	size_t row;
	void *d_work, *h_host, *h_result;
	bool out;                /* failed in a round: not timed again */
};

/* With CULAB_RUN_TRACE set, where a run's time went (printed at its end). */
enum run_phase {
	RP_DEVICE, RP_STAGE, RP_ALLOC, RP_CHECK, RP_TIMING, RP_COUNTERS,
	RP_SAVE, RP_COUNT
};

struct run {
	const struct run_options *o;
	const struct experiment_file *f;
	struct plan plan;
	struct results *res;
	struct plan_done *prev_done; /* --resume: o->prev's rows, for the plan */
	cudaStream_t stream;
	cudaEvent_t ev_start, ev_stop;
	cudaEvent_t ev_mid;      /* the end of a host-step launch's device
				    work (kernels.h, struct device_mark) */
	cudaEvent_t ev_first;    /* the end of a reduction's first pass
				    (kernels.h, first_pass) */
	void *flush_buf;
	size_t flush_bytes;
	void *flush_sink;
	int sm_count;
	double peak_gbps;
	size_t done;             /* measurements finished, for the progress line */
	bool failed;             /* a row failed */
	bool fatal;              /* the CUDA context is lost */
	bool hung;               /* ... because a kernel never finished: no
				    CUDA call may wait for the GPU again */
	char fatal_why[256];
	bool fail_next_done;     /* o->fail_next has failed its row */
	/* the counter phase (runner_counters.c) */
	struct counters *ctr;
	struct counter_plan cplan;
	bool have_cplan;
	bool instr;              /* counting by instrumentation
				    (run_options.instrument), set up */
	char *instr_why;         /* why it could not be set up, or NULL */
	char *ctr_status;        /* why counters are unavailable, or NULL */
	char *ctr_dropped;       /* what this GPU cannot collect of the
				    counters asked for, and why, or NULL */
	struct pending pend[COUNTERS_BATCH_MAX];
	size_t npend;
	/* the stage's measurements waiting for its rounds */
	struct parked *park;
	size_t npark;
	/* where an output comes back to be checked: kept for the run and
	 * grown when needed: pinning memory is slow */
	void *h_check;
	size_t h_check_bytes;
	bool h_check_pinned;
	struct nvml nvml;        /* clocks and throttling; not open: every
				    row says nvml.why */
	bool trace;              /* CULAB_RUN_TRACE */
	bool lines_waited;       /* a per-line child had its turn */
	bool lines_freed;        /* ... and its GPU (runner_lines_hold) */
	double lines_hold_s;     /* ... after this long a wait */
	double lines_wait_s;     /* ... after this long a wait */
	const char *trap;        /* CULAB_TEST_TRAP, or NULL */
	double phase[RP_COUNT];  /* seconds per phase, with trace */
	struct slowest slow[8];  /* the slowest correctness checks */
	/* runner_queue.c: the next measurement, and what each took */
	size_t next_stage, next_k;
	FILE *queue_in, *queue_out;
	char **cost_keys;
	double *cost_seconds;
	size_t ncosts;
};

/* ---- runner_rows.c: a row's check and its failures ---- */

/* CUDA's text for error e. */
const char *runner_err_text(int e);
/* After a failed CUDA call: whether the context is lost (then R->fatal
 * with the reason, `what` naming the call). */
bool runner_context_lost(struct run *R, int err, const char *what);
/* Fails row w with status s and the formatted message (a wrong answer
 * or an error also marks the run failed). */
void runner_row_fail(struct run *R, struct result_row *w, enum row_status s,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A CUDA error in a measurement: fails the row, and ends the run if the
 * error poisoned the context. */
void runner_row_cuda_error(struct run *R, struct result_row *w, int err,
			   const char *what);
/* Checks the output of L's last run with the family's check.  Returns 0
 * (verified), 1 (wrong, row failed) or a negative CUDA error. */
int runner_verify(struct run *R, struct launch_ctx *L, struct result_row *w);

/* ---- runner_guard.c: the correctness run's guards ---- */

/* Whether the input has its guards: unless CULAB_INPUT_GUARD=off, which
 * culab's compute-sanitizer reruns set (there the tool is the guard, and
 * bytes of culab's inside the allocation would hide a read past the end
 * from it). */
bool runner_input_guard_on(void);
/* Device memory for an input of `bytes` with GUARD_BYTES before and after
 * it; *p is the input's first byte (NULL on failure).  Returns a CUDA
 * error or 0.  runner_input_free frees it (NULL: nothing). */
int runner_input_alloc(void **p, size_t bytes);
void runner_input_free(void *p);
/* Writes the guards around input p of `bytes` bytes of type t (values
 * that make any sum or transpose that takes one in wrong: NaN for
 * floating point, large odd ints), on `stream`, and waits for them. */
int runner_input_guard(void *p, size_t bytes, enum dtype t,
		       cudaStream_t stream);
/* Before L's correctness run: the output, the bytes after it and after
 * the scratch poisoned, an in-place copy's guards written again.
 * Returns a CUDA error or 0. */
int runner_poison_output(struct launch_ctx *L);
/* After it: whether the run wrote past the output or the scratch, or
 * around its in-place input.  Returns 0, 1 with the row failed, or a
 * negative CUDA error. */
int runner_check_guards(struct run *R, struct launch_ctx *L,
			struct result_row *w);

/* ---- runner_launch.c: what every phase shares ---- */

/* Whether SIGINT or SIGTERM (or run --devices' SIGUSR1) asked the run to
 * stop, and which signal did (0: none). */
bool runner_interrupted(void);
int runner_signal(void);
/* Catches SIGINT, SIGTERM, SIGUSR1 and SIGUSR2 for the run (the first
 * asks it to stop after the current measurement; a second SIGINT or
 * SIGTERM, or SIGUSR2, ends the process with the clocks given back),
 * keeping the old actions in old[]; restore puts them back. */
#define RUNNER_SIGNALS 4
void runner_signals_catch(struct sigaction old[RUNNER_SIGNALS]);
void runner_signals_restore(const struct sigaction old[RUNNER_SIGNALS]);

/* Phase 2 of a measurement (runner_timing.c): warm-up runs, then timed
 * samples until its experiment's repeat rule is met, into w->t with the
 * statistics and why the samples ended.  Returns 0 (also when a signal
 * cut it short: runner_interrupted()) or a CUDA error. */
int runner_time_variant(struct run *R, struct launch_ctx *L,
			struct result_row *w);

/* With run_options.rounds: keeps measurement L (checked, its row w)
 * for its stage's rounds, taking over its buffers (*d_work, *h_host,
 * *h_result are set to NULL). */
void runner_rounds_park(struct run *R, const struct launch_ctx *L,
			struct result_row *w, void **d_work, void **h_host,
			void **h_result);
/* Times the parked measurements of the stage in rounds
 * (results/results_model.h, struct round_times): in round r each once, in
 * an order rotated by r, a warm-up run and then its samples; the last
 * round's output verified again.  Fills their rows and frees their
 * buffers. */
void runner_rounds_flush(struct run *R);


/* Monotonic seconds. */
double runner_now(void);
/* Seconds since this process started (/proc/self/stat), -1 unknown:
 * CULAB_RUN_TRACE's start-up line. */
double runner_process_age(void);
/* Adds the time since *t to phase p and sets *t to now. */
void runner_lap(struct run *R, enum run_phase p, double *t);

/* Opens the counter session experiment e asks for, or keeps the open one
 * when it collects the same raw metrics; records why there are none. */
void runner_counters_begin(struct run *R, const struct experiment *e);
/* Closes the session (results keep the method it ended with). */
void runner_counters_end(struct run *R);
/* With run_options.instrument: sets counting by instrumentation up
 * (counters/instrument.h), before the process's first CUDA call; a
 * failure is each row's counters_status. */
void runner_instrument_open(struct run *R);
/* Why variant v gets no counters in this run, or NULL when it does. */
const char *runner_no_counters_why(const struct run *R, const struct variant *v);
/* Whether the run collects counters for the current experiment. */
bool runner_counters_on(const struct run *R);
/* Queues the measurement of row `row` for the next batch; the batch takes
 * over the buffers (*d_work, *h_host, *h_result are set to NULL). */
void runner_counters_pend(struct run *R, const struct launch_ctx *L,
			  size_t row, const char *label, void **d_work,
			  void **h_host, void **h_result);
/* Profiles the queued measurements as one batch and fills their rows. */
void runner_counters_flush(struct run *R);

/* ---- runner_lines.c: culab's per-line child (run_options.lines) ---- */

/* Keeps the modules the process loads (before the context exists), and
 * readies the SASS metrics (before the first kernel launch); each says
 * nothing on failure: the measurement's lines then say why.  Close at
 * the end.  All three do nothing unless R->o->lines. */
void runner_lines_open(struct run *R);
void runner_lines_prepare(struct run *R);
void runner_lines_close(struct run *R);
/* A child started ahead of its turn (run_options.lines_go) says "r"
 * (ready), then waits, once, for the parent's word: right before its collection, everything else of
 * its measurement made (its CUDA start, input, correctness run); on a
 * GPU in exclusive-process mode before its context (the child measuring
 * holds the GPU).  When the parent says end (or is gone), the process
 * ends there, exit EXIT_INTERRUPTED, nothing saved. */
void runner_lines_wait(struct run *R);
/* A child started while a worker still measures on its GPU
 * (run_options.lines_held) waits, once, for the parent's first word
 * before its input goes to the GPU: its process, CUDA context, plan and
 * host input are made meanwhile, nothing runs on the GPU (the worker's
 * timings stay its own).  End of file: it ends as runner_lines_wait. */
void runner_lines_hold(struct run *R);
/* Tells that parent the results are saved: its turn is over (the
 * process's teardown is not the GPU's business). */
void runner_lines_done(struct run *R);
/* Collects the lines of L's launch into w->lines (a CPU row says it has
 * none).  Call after the correctness run. */
void runner_lines_measure(struct run *R, struct launch_ctx *L,
			  struct result_row *w);

/* ---- runner_record.c: the results' record of the run ---- */

/* The record: version, command, start, the file, its experiments. */
void runner_results_init(struct run *R);
/* The description of every variant the plan measures, in registry
 * order. */
void runner_results_describe(struct run *R);

/* ---- runner_queue.c: which measurement next, and what it cost ---- */

/* The next measurement: the plan's order, or, for a worker of run
 * --devices (run_options.queue), the one its parent hands out; *fail is
 * NULL or the reason it fails with unmade (caller frees).  Returns false
 * when there is none left (or the parent is gone). */
bool runner_next(struct run *R, size_t *stage, size_t *k, char **fail);
/* Keeps what measurement ms of stage s took, for the cost cache. */
void runner_cost_note(struct run *R, const struct plan_stage *s,
		      const struct plan_measurement *ms, double seconds);
/* Adds seconds to what the measurement labelled `label` took (its share
 * of a counter batch), when it was kept. */
void runner_cost_add(struct run *R, const char *label, double seconds);
/* Writes them to the cache (plan.h), under this GPU's model, and closes
 * the parent's pipes. */
void runner_costs_save(struct run *R);

/* Runs the variant once on a->stream and waits for it.  Returns 0 or a
 * CUDA error. */
int runner_launch_once(struct launch_ctx *L);
/* Restores an in-place variant's input on its stream (no-op otherwise).
 * Returns 0 or a CUDA error. */
int runner_restore_input(struct launch_ctx *L);

#endif
