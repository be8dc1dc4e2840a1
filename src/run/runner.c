/* runner.c - the measurement loop.  See run.h.
 *
 * The runner follows the plan (plan.h): stage by stage (one experiment,
 * type and size), whose input is generated and whose reference is
 * computed once, then shared by every measurement of the stage, so a
 * ladder's rungs are compared on the same data.  Each measurement has
 * three phases, never mixed:
 *   1. correctness: poison the output, run once, verify;
 *   2. timing (runner_timing.c): warm-up runs, then samples until the
 *      repeat rule says enough (a count, or `repeats: auto`), each one
 *      [restore input] [L2 flush] event start, launch, event stop;
 *      the output of the last sample is verified again;
 *   3. counters: the launch replayed under CUPTI (never timed), with the
 *      rest of its batch (runner_counters.c).
 * The flush kernel keeps the GPU busy while the launch is enqueued, so
 * launch latency stays out of the events, as nvbench's blocking kernel
 * does.  After every row the caller stores the results (run_options.save:
 * culab rewrites its files atomically), so an interrupted or crashed run
 * keeps every finished measurement.  What
 * is the family's (inputs, reference, check, bytes) comes from its row in
 * ladder.h; what is the variant's, from its registry row.
 *
 * CUDA errors: an error reported by a launch that leaves the context
 * usable (bad configuration) fails that row; an error that poisons the
 * context (illegal address, ...) ends the run with everything written. */
#include "runner_int.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <nvtx3/nvToolsExt.h>

#include "kernels/support.h"
#include "culab_version.h"
#include "base/diag.h"
#include "base/evtrace.h"
#include "run.h"
#include "base/exitcode.h"
#include "counters/counters.h"
#include "counters/instrument.h"

#include "ladder/ladder.h"

/* How often a run with a time limit looks whether its launch is done. */
#define POLL_SECONDS 200e-6
/* A kernel of this process never finished (runner_gpu_hung). */
static bool gpu_hung;

bool runner_gpu_hung(void)
{
	return gpu_hung;
}

static const char *const run_phase_names[RP_COUNT] = {
	"device set-up", "stage inputs", "allocations", "correctness",
	"timing", "counters", "saving results"
};

/* R->h_check with room for `bytes`, pinned when possible; NULL when even
 * pageable memory cannot be had. */
static void *check_buffer(struct run *R, size_t bytes)
{
	if (R->h_check && R->h_check_bytes >= bytes)
		return R->h_check;
	if (R->h_check_pinned)
		cudaFreeHost(R->h_check);
	else
		free(R->h_check);
	R->h_check_bytes = 0;
	R->h_check_pinned = cudaMallocHost(&R->h_check, bytes) == cudaSuccess;
	if (!R->h_check_pinned) {
		cudaGetLastError();
		R->h_check = malloc(bytes);
	}
	if (R->h_check)
		R->h_check_bytes = bytes;
	return R->h_check;
}

static void progress(struct run *R, const char *label)
{
	if (!R->o->progress)
		return;
	/* the label names what the experiment file named: escaped */
	fprintf(stderr, "\r\033[K[%zu/%zu] %s", R->done + 1, R->plan.nms,
		diag_esc(label));
	fflush(stderr);
}

/* ---- rows ------------------------------------------------------------------ */

static struct result_row *new_row(struct run *R, const struct plan_stage *s,
				  const struct plan_measurement *ms)
{
	const struct variant *v = ms->v;
	struct result_row *w = results_add_row(R->res);

	w->experiment = xstrdup(s->e->name);
	w->family = xstrdup(family_name(v->family));
	w->variant = xstrdup(v->name);
	w->step = v->step;
	w->dtype = xstrdup(dtype_name(s->t));
	w->n = s->sh.n;
	w->m = s->sh.m;
	w->block = ms->block;
	w->timed_region = xstrdup(v->timed_region);
	w->timer = xstrdup(v->flags & VF_CPU ? "host-clock" : "cuda-events");
	w->bytes = registry_bytes(v, s->t, (size_t)s->sh.n, (size_t)s->sh.m);
	clock_record_set_unknown(&w->clocks, "not timed");
	w->device = R->res->has_env ? results_add_device(R->res, &R->res->env)
				    : -1;
	w->stage = (long)s->index;
	return w;
}

/* Writes the results so far; a failure stops the run. */
static int save_results(struct run *R)
{
	double t = runner_now();
	int rc = R->o->save ? R->o->save(R->res, R->o->save_ctx) : 0;

	runner_lap(R, RP_SAVE, &t);
	if (rc == 0)
		return 0;
	R->fatal = true;
	snprintf(R->fatal_why, sizeof(R->fatal_why),
		 "cannot write results to \"%s\"", R->o->where);
	return -1;
}

/* ---- launching ---------------------------------------------------------------- */

/* The seconds one launch of v may take; 0 for no limit (built-in
 * variants: culab's own kernels end). */
static double time_limit(const struct variant *v)
{
	return (v->flags & VF_USER) && v->ctx ?
	       ((const struct ukernel *)v->ctx)->time_limit : 0;
}

/* runner_launch_once, waiting at most `limit` seconds (0: no limit).
 * Returns 0, a CUDA error, or 1 when the limit passed with the work
 * still running. */
static int launch_within(struct launch_ctx *L, double limit)
{
	double t0;
	cudaError_t e;
	int err;

	if (limit <= 0)
		return runner_launch_once(L);
	/* a launch that waits itself (finish: host) says when the kernel's
	 * limit passed */
	if ((err = L->v->launch(&L->a)))
		return err == (int)cudaErrorLaunchTimeout ? 1 : err;
	t0 = runner_now();
	while ((e = cudaStreamQuery(L->a.stream)) == cudaErrorNotReady) {
		struct timespec ts = { 0, (long)(POLL_SECONDS * 1e9) };

		if (runner_now() - t0 > limit)
			return 1;
		nanosleep(&ts, NULL);
	}
	return (int)e;
}

/* CULAB_TEST_TRAP=VARIANT (GPU tests only): the variant's correctness
 * launch is replaced by a kernel that traps, to check what a run does
 * when a kernel faults and the context is lost.  Returns 0 or the CUDA
 * error. */
static int test_trap(const struct run *R, struct launch_ctx *L)
{
	int err;

	if (!R->trap || strcmp(R->trap, L->v->name) != 0)
		return 0;
	if ((err = support_trap(L->a.stream)))
		return err;
	return (int)cudaStreamSynchronize(L->a.stream);
}

/* ---- one measurement ------------------------------------------------------------ */

/* The buffers one measurement needs beyond its stage. */
struct mbufs {
	void *d_work, *h_host, *h_result;
};

/* Checks memory and allocates what measurement ms needs beyond the stage,
 * and fills L's arguments.  Returns 0, or -1 with the row failed or
 * skipped. */
static int measure_alloc(struct run *R, struct launch_ctx *L,
			 const struct plan_measurement *ms,
			 struct result_row *w, struct mbufs *b)
{
	struct stage_buf *st = L->st;
	const struct variant *v = ms->v;
	size_t need, free_b = 0, total_b = 0;
	int err;

	/* Memory check before any allocation of this variant. */
	need = ms->work_bytes + ((v->flags & VF_IN_PLACE) && !st->d_copy ?
				 st->ps->in_bytes : 0);
	if (!(v->flags & VF_CPU) && need) {
		if ((err = (int)cudaMemGetInfo(&free_b, &total_b))) {
			runner_row_fail(R, w, ROW_ERROR, "cudaMemGetInfo: %s",
				 runner_err_text(err));
			return -1;
		}
		if (need + (64u << 20) > free_b) {
			runner_row_fail(R, w, ROW_SKIPPED,
				 "needs %.2f GiB more device memory, %.2f GiB "
				 "free", (double)need / (1 << 30),
				 (double)free_b / (1 << 30));
			return -1;
		}
	}
	if ((v->flags & VF_IN_PLACE) && !st->d_copy &&
	    ((err = runner_input_alloc(&st->d_copy, st->ps->in_bytes)) ||
	     (err = runner_input_guard(st->d_copy, st->ps->in_bytes,
				       st->ps->t, R->stream)))) {
		runner_input_free(st->d_copy);
		st->d_copy = NULL;
		runner_row_fail(R, w, ROW_ERROR, "cudaMalloc: %s", runner_err_text(err));
		return -1;
	}
	if (ms->work_bytes && (err = (int)cudaMalloc(&b->d_work, ms->work_bytes +
							GUARD_BYTES))) {
		b->d_work = NULL;
		runner_row_fail(R, w, ROW_ERROR, "cudaMalloc of %zu bytes: %s",
			 ms->work_bytes, runner_err_text(err));
		return -1;
	}
	if (ms->host_bytes && (err = (int)cudaMallocHost(&b->h_host, ms->host_bytes))) {
		b->h_host = NULL;
		runner_row_fail(R, w, ROW_ERROR, "cudaMallocHost: %s", runner_err_text(err));
		return -1;
	}
	if ((err = (int)cudaMallocHost(&b->h_result, RESULT_BYTES))) {
		b->h_result = NULL;
		runner_row_fail(R, w, ROW_ERROR, "cudaMallocHost: %s", runner_err_text(err));
		return -1;
	}
	L->a.in = v->flags & VF_CPU ? st->h_in :
		  v->flags & VF_IN_PLACE ? st->d_copy : st->d_in;
	L->a.out = st->d_out;
	L->a.work = b->d_work;
	L->work_bytes = ms->work_bytes;
	L->a.host = b->h_host;
	L->a.result = b->h_result;
	return 0;
}

/* A launch past its time limit: the row fails, and the run ends without
 * waiting for the GPU again (a running kernel cannot be stopped; the
 * process's exit ends it). */
static void launch_hung(struct run *R, struct result_row *w, double limit)
{
	runner_row_fail(R, w, ROW_ERROR, "did not finish within %g s (its "
		 "time_limit); a running kernel cannot be stopped, so its "
		 "process ends here", limit);
	R->fatal = R->hung = gpu_hung = true;
	snprintf(R->fatal_why, sizeof(R->fatal_why), "kernel \"%s\" did not "
		 "finish within %g s", w->variant, limit);
}

/* The run of phase 1 within the variant's time limit, with the kernels it
 * launches watched and the first described in w->resources
 * (counters.h).  Returns as launch_within() does. */
static int watched_launch(struct launch_ctx *L, struct result_row *w,
			  double limit)
{
	int err;

	if (L->v->flags & VF_CPU) {
		kernel_resources_set_unknown(&w->resources, "runs on the CPU");
		return runner_launch_once(L);
	}
	launch_watch_begin();
	err = launch_within(L, limit);
	launch_watch_end(&w->resources);
	if ((L->v->flags & VF_USER) && w->resources.known) {
		/* of a kernel compiled per size, this size's instance */
		const struct uk_inst *u = ukernel_inst_sized(
			L->v->ctx, (enum dtype)L->a.dtype, L->a.block, false,
			(uint64_t)L->a.n);

		w->resources.spill_bytes = u ? u->spill_bytes : -1;
	}
	return err;
}

/* Phase 1: one poisoned, verified run.  Returns 0 when verified. */
static int measure_check(struct run *R, struct launch_ctx *L,
			 struct result_row *w, const char *label, double *t)
{
	double limit = time_limit(L->v);
	int err;

	if ((err = runner_restore_input(L)) || (err = runner_poison_output(L)) ||
	    (err = test_trap(R, L)) || (err = watched_launch(L, w, limit))) {
		if (err == 1)
			launch_hung(R, w, limit);
		else
			runner_row_cuda_error(R, w, err, L->v->name);
		return -1;
	}
	if ((err = runner_check_guards(R, L, w))) {
		if (err < 0)
			runner_row_cuda_error(R, w, -err, L->v->name);
		return -1;
	}
	err = R->o->lines ? 0 : runner_verify(R, L, w);
	if (R->trace)
		slowest_note(R->slow, ARRAY_SIZE(R->slow), label,
			     runner_now() - *t);
	runner_lap(R, RP_CHECK, t);
	if (err < 0) {
		runner_row_cuda_error(R, w, -err, L->v->name);
		return -1;
	}
	return err ? -1 : 0;
}

/* The stage's second input, for check_changed_input: another seed's
 * numbers, the second half zeroed, made once per stage, when the first
 * kernel of the user's needs it.  Returns 0, or -1
 * when host memory is short (the check is then not made). */
static int second_input(struct stage_buf *st)
{
	const struct plan_stage *s = st->ps;
	uint64_t count = s->sh.n * (s->sh.m ? s->sh.m : 1);

	if (st->have2)
		return st->h_in2 ? 0 : -1;
	st->have2 = true;
	st->h_in2 = malloc(s->in_bytes ? s->in_bytes : 1);
	if (!st->h_in2)
		return -1;
	family_fill_input(st->h_in2, st->fam, s->t, s->sh.n, s->sh.m,
			  s->e->seed + 1);
	/* its second half zeroed: two random inputs of one size have sums
	 * within a float tolerance of each other (at 2^24, 8.39e6 and 8.39e6
	 * against a tolerance of 7e3, so a remembered sum passed on an H100);
	 * half of them zeroed moves the sum by about a quarter of n */
	if (count > 1) {
		size_t es = s->in_bytes / count, keep = (size_t)(count / 2) * es;

		memset((char *)st->h_in2 + keep, 0, s->in_bytes - keep);
	}
	if (st->fam->reference)
		st->ref2 = st->fam->reference(st->h_in2, s->t, s->sh.n,
					      s->sh.m);
	return 0;
}

/* After the timed runs of a kernel of the user's: one more run on another
 * input (second_input: never seen before), its answer checked
 * against that input's reference, then the first input put back.  A
 * kernel that remembers its answer across runs, or returns a constant
 * that fits the first input, fails here.  Returns 0, 1 with the row
 * failed, or -1 with the row failed by a CUDA error. */
static int check_changed_input(struct run *R, struct launch_ctx *L,
			       struct result_row *w)
{
	struct stage_buf *st = L->st;
	size_t bytes = st->ps->in_bytes;
	double limit = time_limit(L->v);
	void *in = st->h_in, *ref = st->ref;
	double error = w->error, tolerance = w->tolerance;
	int err;

	if (!(L->v->flags & VF_USER) || (L->v->flags & VF_CPU) ||
	    second_input(st) < 0)
		return 0;
	if ((err = (int)cudaMemcpyAsync(st->d_in, st->h_in2, bytes,
					cudaMemcpyHostToDevice, L->a.stream)) ||
	    (err = (int)cudaStreamSynchronize(L->a.stream)) ||
	    (err = runner_restore_input(L)) || (err = runner_poison_output(L)) ||
	    (err = launch_within(L, limit))) {
		if (err == 1)
			launch_hung(R, w, limit);
		else
			runner_row_cuda_error(R, w, err, L->v->name);
		return -1;
	}
	st->h_in = st->h_in2;
	st->ref = st->ref2;
	err = runner_verify(R, L, w);
	st->h_in = in;
	st->ref = ref;
	if (!err) {             /* the row reports the timed runs' error */
		w->error = error;
		w->tolerance = tolerance;
	}
	if (err > 0) {
		char *m = xasprintf("with another input after the timed runs: "
				    "%s; its answer does not follow its input "
				    "(remembered from an earlier run?)",
				    w->message);

		free(w->message);
		w->message = m;
		return 1;
	}
	if (!err && ((err = (int)cudaMemcpyAsync(st->d_in, st->h_in, bytes,
						  cudaMemcpyHostToDevice,
						  L->a.stream)) ||
		     (err = (int)cudaStreamSynchronize(L->a.stream))))
		err = -err;
	if (err < 0) {
		runner_row_cuda_error(R, w, -err, L->v->name);
		return -1;
	}
	return 0;
}

/* Phase 2: warm-up and samples, then the last output verified again.
 * Returns 0, 1 when a signal cut it short, or -1 with the row failed. */
static int measure_time(struct run *R, struct launch_ctx *L,
			struct result_row *w)
{
	const struct plan_stage *s = L->st->ps;
	int err;

	if (R->o->profile_only) {
		clock_record_set_unknown(&w->clocks, "not timed (--profile-only)");
		timing_compute(&w->t);
		w->gbps = w->pct_peak = NAN;
		return 0;
	}
	if ((err = runner_time_variant(R, L, w))) {
		if (err == (int)cudaErrorLaunchTimeout)
			launch_hung(R, w, time_limit(L->v));
		else
			runner_row_cuda_error(R, w, err, L->v->name);
		return -1;
	}
	if (runner_interrupted())
		return 1;
	err = runner_verify(R, L, w);
	if (err < 0) {
		runner_row_cuda_error(R, w, -err, L->v->name);
		return -1;
	}
	if (err > 0) {
		char *m = xasprintf("after the timed runs: %s", w->message);

		free(w->message);
		w->message = m;
		return -1;
	}
	if (check_changed_input(R, L, w))
		return -1;
	w->gbps = registry_gbps(L->v, s->t, L->a.n, L->a.m, w->t.median_ms);
	w->pct_peak = R->peak_gbps > 0 ? 100.0 * w->gbps / R->peak_gbps : NAN;
	return 0;
}

/* Allocates what one measurement needs beyond the stage, runs the three
 * phases and fills the row.  Returns false when a signal cut the
 * measurement short (the row is then incomplete). */
static bool measure(struct run *R, struct stage_buf *st,
		    const struct plan_measurement *ms, struct result_row *w)
{
	const struct plan_stage *s = st->ps;
	struct launch_ctx L = { .v = ms->v, .st = st };
	struct mbufs b = { NULL, NULL, NULL };
	bool complete = true;
	double t = runner_now();
	const char *why_not;
	int rc;

	L.a.dtype = s->t;
	L.a.n = (size_t)s->sh.n;
	L.a.m = (size_t)s->sh.m;
	L.a.block = ms->block;
	L.a.sm_count = R->sm_count;
	L.a.stream = R->stream;
	L.a.ctx = ms->v->ctx;
	if (R->o->rounds && (!s->e->rounds || (ms->v->flags & VF_CPU))) {
		runner_row_fail(R, w, ROW_SKIPPED, "not timed in rounds (%s)",
			 s->e->rounds ? "it runs on the CPU" :
			 "its experiment has no class with rounds");
		goto out;
	}
	if (measure_alloc(R, &L, ms, w, &b) < 0)
		goto out;
	runner_lap(R, RP_ALLOC, &t);
	if (measure_check(R, &L, w, ms->label, &t) < 0)
		goto out;
	if (R->o->rounds) {     /* timed with the stage's others */
		w->status = ROW_OK;
		runner_rounds_park(R, &L, w, &b.d_work, &b.h_host,
				   &b.h_result);
		goto out;
	}
	rc = measure_time(R, &L, w);
	if (rc > 0)
		complete = false;
	if (rc)
		goto out;
	runner_lap(R, RP_TIMING, &t);

	/* 3. counters: with the stage's batch (runner_counters_flush); a
	 * per-line child's lines (runner_lines.c) */
	w->status = ROW_OK;
	runner_lines_measure(R, &L, w);
	if (runner_counters_on(R) && (why_not = runner_no_counters_why(R, ms->v)))
		w->counters_status = xstrdup(why_not);
	else if (runner_counters_on(R))
		runner_counters_pend(R, &L, (size_t)(w - R->res->rows),
				     ms->label, &b.d_work, &b.h_host,
				     &b.h_result);
out:
	if (!gpu_hung) {        /* the frees would wait for the GPU */
		cudaFree(b.d_work);
		cudaFreeHost(b.h_host);
		cudaFreeHost(b.h_result);
	}
	return complete;
}

/* ---- one stage ------------------------------------------------------------------ */

static void stage_release(struct stage_buf *st)
{
	free(st->h_in);
	free(st->ref);
	free(st->h_in2);
	free(st->ref2);
	if (gpu_hung) {         /* cudaFree would wait for the GPU */
		memset(st, 0, sizeof(*st));
		return;
	}
	runner_input_free(st->d_in);
	runner_input_free(st->d_copy);
	cudaFree(st->d_out);
	memset(st, 0, sizeof(*st));
}

/* Makes the stage's input, reference and device buffers.  The input goes
 * to the device on the run's stream, which is then waited for: a plain
 * cudaMemcpy from pageable memory may return before its DMA is done, and
 * the run's non-blocking stream does not wait for the legacy stream, so
 * an in-place variant's first restore (a device-to-device copy) read a
 * half-written input on an H200 (reduce_global: "sum is 262044, expected
 * 523975", in about half of the bench runs).  Returns 0;
 * -1 when the stage does not fit (its measurements are then skipped in
 * the plan); -2 when the context is lost. */
static int stage_setup(struct run *R, struct plan_stage *s,
		       struct stage_buf *st)
{
	size_t free_b = 0, total_b = 0;
	char why[256];
	double t0 = runner_now();
	int err;

	cudaMemGetInfo(&free_b, &total_b);
	if (s->in_bytes + s->out_bytes + (64u << 20) > free_b)
		goto skip;
	st->h_in = malloc(s->in_bytes ? s->in_bytes : 1);
	if (!st->h_in || !check_buffer(R, st->fam->result_bytes(s->t, s->sh.n,
								 s->sh.m)))
		goto skip;
	family_fill_input(st->h_in, st->fam, s->t, s->sh.n, s->sh.m, s->e->seed);
	/* a per-line child started while its GPU measures: nothing goes to
	 * the GPU before it is free (its wait is not the input's time) */
	t0 -= R->lines_hold_s;
	runner_lines_hold(R);
	t0 += R->lines_hold_s;
	/* a per-line child does not check the answer again: the run's row
	 * did (0.3 s of host time at 2^28, in each of a run's children) */
	if (st->fam->reference && !R->o->lines)
		st->ref = st->fam->reference(st->h_in, s->t, s->sh.n, s->sh.m);
	if ((err = runner_input_alloc(&st->d_in, s->in_bytes)) ||
	    (err = runner_input_guard(st->d_in, s->in_bytes, s->t,
				      R->stream)) ||
	    (err = (int)cudaMalloc(&st->d_out, s->out_bytes + GUARD_BYTES)) ||
	    (err = (int)cudaMemcpyAsync(st->d_in, st->h_in, s->in_bytes,
					cudaMemcpyHostToDevice, R->stream)) ||
	    (err = (int)cudaStreamSynchronize(R->stream))) {
		if (runner_context_lost(R, err, "allocating inputs"))
			return -2;
		goto skip;
	}
	runner_lap(R, RP_STAGE, &t0);
	evtrace("inputs", 0, "");
	return 0;
skip:
	snprintf(why, sizeof(why), "input and output need %.2f GiB of device "
		 "memory (and host copies), %.2f GiB free",
		 (double)(s->in_bytes + s->out_bytes) / (1 << 30),
		 (double)free_b / (1 << 30));
	plan_stage_skip(&R->plan, s, why);
	return -1;
}

/* Moves a finished row of the previous run into the new results; it
 * keeps the device it ran on. */
static void take_prev(struct run *R, const struct plan_stage *s,
		      const struct plan_measurement *ms)
{
	struct result_row *w = &R->o->prev->rows[ms->prev_row];
	const struct environment *d = results_row_device(R->o->prev, w);
	int device = d ? results_add_device(R->res, d) : -1;
	struct result_row *n = results_add_row(R->res);

	*n = *w;
	n->device = device;
	n->stage = (long)s->index;
	memset(w, 0, sizeof(*w));
}

/* One measurement that runs; false when the run must stop.  What it took
 * is kept for the cost cache (plan.h). */
static bool stage_measure(struct run *R, struct stage_buf *st,
			  const struct plan_measurement *ms)
{
	struct result_row *w;
	bool complete;
	double t0 = runner_now();

	progress(R, ms->label);
	w = new_row(R, st->ps, ms);
	nvtxRangePushA(ms->label);
	complete = measure(R, st, ms, w);
	nvtxRangePop();
	if (!complete) {
		/* Cut short by a signal: a partial measurement is no
		 * measurement. */
		results_pop_row(R->res);
		return false;
	}
	R->done++;
	if (w->status == ROW_OK)
		runner_cost_note(R, st->ps, ms, runner_now() - t0);
	if (R->npend == COUNTERS_BATCH_MAX)
		runner_counters_flush(R);
	/* Rows waiting for their counters or their rounds are not saved
	 * yet: a resumed run must not take them as done. */
	return R->npend || R->npark || save_results(R) == 0;
}

/* Leaves the stage a run is on: its counters collected, its buffers
 * freed. */
static void stage_leave(struct run *R, struct stage_buf *st)
{
	bool parked = R->npark > 0;

	if (parked)
		runner_rounds_flush(R);
	if (R->npend && !R->hung) {
		runner_counters_flush(R);
		save_results(R);
	} else if (st->skipped || parked) {
		save_results(R);
	}
	stage_release(st);
}

/* Measurement k of stage s, its stage's buffers in *st (made when the
 * first measurement that runs needs them); fail: NULL, or the reason it
 * fails with, unmade (its worker ended while making it: workers.h).
 * Returns false when the run must stop. */
static bool one_measurement(struct run *R, struct stage_buf *st,
			    struct plan_stage *s, size_t k, const char *fail)
{
	const struct plan_measurement *ms = &s->ms[k];

	if (!fail && R->o->fail_next && !R->fail_next_done &&
	    ms->state == PLAN_RUN)
		fail = R->o->fail_next;
	if (fail) {
		/* its worker was ended while it ran (pieces.h) */
		runner_row_fail(R, new_row(R, s, ms), ROW_ERROR, "%s", fail);
		R->fail_next_done = true;
		R->done++;
		return save_results(R) == 0;
	}
	if (ms->state == PLAN_RUN && !st->ready && !st->skipped) {
		int rc = stage_setup(R, s, st);

		if (rc == -2)
			return false;
		st->ready = rc == 0;
		st->skipped = rc < 0;
	}
	if (ms->state == PLAN_RESUMED) {
		take_prev(R, s, ms);
		R->done++;
	} else if (ms->state == PLAN_SKIPPED) {
		runner_row_fail(R, new_row(R, s, ms), ROW_SKIPPED, "%s", ms->why);
		R->done++;
	} else if (!stage_measure(R, st, ms)) {
		return false;
	}
	return true;
}

/* ---- the run ---------------------------------------------------------------------- */

int run_shown_device(const struct run_options *o)
{
	return o->narrowed ? o->as_device : o->device;
}

/* NVML on the run's GPU, matched by UUID, else by PCI bus id; without
 * it every row says why its clocks are unknown. */
static void open_nvml(struct run *R)
{
	char pci[32], driver[96];

	if (cudaDeviceGetPCIBusId(pci, sizeof(pci), R->o->device) != cudaSuccess)
		pci[0] = '\0';
	if (nvml_open_env(&R->nvml, R->res->env.gpu_uuid, pci) < 0) {
		diag_note("clocks and throttling are not recorded: %s",
			  R->nvml.why);
		return;
	}
	/* the driver's own version, beside the CUDA version it supports */
	if (nvml_driver_version(&R->nvml, driver, sizeof(driver))) {
		free(R->res->env.nvidia_driver);
		R->res->env.nvidia_driver = xstrdup(driver);
	}
}

/* --lock-clocks: locks the SM clocks before anything is measured (the
 * signal handlers are in place, so no signal can leave them locked).
 * Returns 0, or -1 after the one-line refusal. */
static int lock_clocks(struct run *R)
{
	char what[64], why[384];

	if (R->o->lock_clocks == CLOCK_LOCK_NONE)
		return 0;
	if (nvml_lock_clocks(&R->nvml, R->o->lock_clocks,
			     (unsigned)(R->res->env.sm_clock_khz / 1000), what,
			     sizeof(what), why, sizeof(why)) < 0)
		return diag_error("%s", why);
	diag_note("SM clocks locked: %s; culab restores them when it ends",
		  what);
	R->res->clocks_locked = xstrdup(what);
	return 0;
}

/* Gives locked clocks back; a failure fails the run (the GPU is left
 * locked for everyone, and the message says how to undo it). */
static int unlock_clocks(int rc)
{
	char why[384];

	if (nvml_unlock_clocks(why, sizeof(why)) == 0)
		return rc;
	diag_error("%s", why);
	return rc == EXIT_OK ? EXIT_FAILED : rc;
}

static int setup_device(struct run *R, char *why, size_t whysize)
{
	struct environment *env = &R->res->env;
	int err, ok;

	runner_lines_open(R);   /* before the context: every module */
	runner_instrument_open(R);      /* the same */
	if (env_device_count(why, whysize) < 0 ||
	    env_open_device(R->o->device, why, whysize) < 0 ||
	    env_probe(R->o->device, env, why, whysize) < 0)
		return -1;
	env->cuda_device = run_shown_device(R->o); /* a worker: its parent's */
	runner_lines_prepare(R);        /* before the first kernel */
	/* before anything is allocated: a GPU this binary has no code for
	 * is refused in one line; a MIG instance or a vGPU is a note */
	ok = env_check_device(R->o->device, env, why, whysize);
	if (ok < 0)
		return -1;
	if (ok > 0)
		diag_note("%s", why);
	R->res->has_env = true;
	R->sm_count = env->sm_count;
	R->peak_gbps = env->peak_gbps;
	/* Twice the L2, so no line of a measured buffer can survive. */
	R->flush_bytes = (2 * env->l2_bytes + 4095) & ~(size_t)4095;
	if (R->flush_bytes < (8u << 20))
		R->flush_bytes = 8u << 20;
	/* the flushes are the timed runs' (runner_timing.c); a run that does
	 * not time (a per-line child) makes no buffer for them */
	if (R->o->profile_only)
		R->flush_bytes = 0;
	if ((err = (int)cudaStreamCreateWithFlags(&R->stream,
						  cudaStreamNonBlocking)) ||
	    (err = (int)cudaEventCreate(&R->ev_start)) ||
	    (err = (int)cudaEventCreate(&R->ev_stop)) ||
	    (err = (int)cudaEventCreate(&R->ev_mid)) ||
	    (err = (int)cudaEventCreate(&R->ev_first)) ||
	    (R->flush_bytes &&
	     ((err = (int)cudaMalloc(&R->flush_buf, R->flush_bytes)) ||
	      (err = (int)cudaMalloc(&R->flush_sink, 16)) ||
	      (err = (int)cudaMemset(R->flush_buf, 0x3c, R->flush_bytes)))) ||
	    (err = (int)cudaDeviceSynchronize())) {
		snprintf(why, whysize, "cannot set up device %d: %s",
			 run_shown_device(R->o), runner_err_text(err));
		return -1;
	}
	/* Without it every row says why its resources are unknown.  Not
	 * where the Compute Sanitizer patches (CUPTI's callbacks and its
	 * would meet in one process): the parent has the resources. */
	if (!R->o->instrument)
		launch_watch_open(R->o->device, NULL, 0);
	/* a per-line child's row gives its parent lines, not clocks; NVML
	 * would start on every GPU of the node, in each child */
	if (!R->o->lines)
		open_nvml(R);
	return 0;
}

static void teardown_device(struct run *R)
{
	if (R->hung)            /* every call below would wait for the GPU */
		return;
	runner_lines_close(R);
	launch_watch_close();
	instrument_close();
	free(R->instr_why);
	R->instr_why = NULL;
	for (size_t i = 0; i < R->f->nkernels; i++)
		ukernel_unload(R->f->kernels[i]);
	if (R->h_check_pinned)
		cudaFreeHost(R->h_check);
	else
		free(R->h_check);
	cudaFree(R->flush_buf);
	cudaFree(R->flush_sink);
	if (R->ev_start)
		cudaEventDestroy(R->ev_start);
	if (R->ev_stop)
		cudaEventDestroy(R->ev_stop);
	if (R->ev_mid)
		cudaEventDestroy(R->ev_mid);
	if (R->ev_first)
		cudaEventDestroy(R->ev_first);
	if (R->stream)
		cudaStreamDestroy(R->stream);
}

/* Prints the run's phases with CULAB_RUN_TRACE set. */
static void trace_run(const struct run *R, double total)
{
	double sum = 0;

	if (!R->trace)
		return;
	for (size_t i = 0; i < RP_COUNT; i++) {
		fprintf(stderr, "culab: run: %-15s %8.3f s\n",
			run_phase_names[i], R->phase[i]);
		sum += R->phase[i];
	}
	if (R->lines_wait_s > 0)
		fprintf(stderr, "culab: run: %-15s %8.3f s (started ahead, "
			"waiting for its turn)\n", "waited", R->lines_wait_s);
	if (R->lines_hold_s > 0)
		fprintf(stderr, "culab: run: %-15s %8.3f s (started while its "
			"GPU measured, waiting for it)\n", "held",
			R->lines_hold_s);
	fprintf(stderr, "culab: run: %-15s %8.3f s\nculab: run: %-15s %8.3f s\n",
		"other", total - sum - R->lines_wait_s - R->lines_hold_s,
		"total", total);
	for (size_t i = 0; i < ARRAY_SIZE(R->slow) && R->slow[i].seconds > 0; i++)
		fprintf(stderr, "culab: run:   slow check %8.3f s  %s\n",
			R->slow[i].seconds, diag_esc(R->slow[i].label));
}

/* Every measurement of the plan, in its order or as run --devices' parent
 * hands them out (runner_next); counter sessions follow the
 * experiments, and a stage's buffers are kept while the run is on it. */
static void run_plan(struct run *R)
{
	const struct experiment *last = NULL;
	struct plan_stage *cur = NULL;
	struct stage_buf st = { 0 };
	size_t si, k;
	char *fail = NULL;
	double t;

	while (!runner_interrupted() && !R->fatal &&
	       runner_next(R, &si, &k, &fail)) {
		struct plan_stage *s = &R->plan.stages[si];
		bool go_on;

		if (s != cur) {
			stage_leave(R, &st);
			st = (struct stage_buf){ .ps = s,
						 .fam = family_get(s->e->family) };
			cur = s;
		}
		if (s->e != last) {
			t = runner_now();
			runner_counters_begin(R, s->e);
			runner_lap(R, RP_COUNTERS, &t);
			last = s->e;
		}
		go_on = one_measurement(R, &st, s, k, fail);
		free(fail);
		fail = NULL;
		if (!go_on)
			break;
	}
	stage_leave(R, &st);
	t = runner_now();
	if (!R->hung)
		runner_counters_end(R);
	runner_lap(R, RP_COUNTERS, &t);
	runner_costs_save(R);
	if (R->o->progress)
		fputc('\n', stderr);
}

/* What stopped the run, in the words of the person who stopped it:
 * never a bare signal number (a worker of --devices or of a class is
 * asked to stop with SIGUSR1 by its parent, after the parent's own
 * SIGINT or SIGTERM). */
static const char *stopped_by(int sig)
{
	switch (sig) {
	case SIGINT: return "interrupted by SIGINT (^C)";
	case SIGTERM: return "interrupted by SIGTERM";
	case SIGUSR1:
	case SIGUSR2: return "stopped by its parent culab, after a SIGINT or "
			     "SIGTERM there";
	default: return "interrupted by a signal";
	}
}

/* The status line of the results and the exit code of the run. */
static int run_status(struct run *R)
{
	struct results *out = R->res;
	char now[32];
	int rc = EXIT_OK;

	free(out->status);
	if (runner_interrupted()) {
		out->status = xstrdup("interrupted");
		diag_error("%s: %zu of %zu measurements are in \"%s\"; finish "
			   "with --resume", stopped_by(runner_signal()),
			   out->nrows, R->plan.nms, R->o->where);
		rc = EXIT_INTERRUPTED;
	} else if (R->fatal) {
		out->status = xstrdup("aborted");
		diag_error("run aborted, %s: %s; %zu finished measurements are "
			   "in \"%s\"", R->hung ? "a kernel cannot be stopped" :
			   "the CUDA context is unusable", R->fatal_why,
			   out->nrows, R->o->where);
		rc = EXIT_FAILED;
	} else {
		out->status = xstrdup("complete");
		if (R->failed)
			rc = EXIT_FAILED;
	}
	out->finished = xstrdup(iso_time_now(now));
	if (save_results(R) < 0 && rc == EXIT_OK)
		rc = EXIT_FAILED;
	return rc;
}

/* The plan of this run, with what --resume keeps. */
static void build_plan(struct run *R)
{
	struct plan_options po = {
		.only = R->o->only_variant,
		.done = R->prev_done,
		.ndone = R->o->prev ? R->o->prev->nrows : 0,
		.sm_count = R->sm_count,
		.counters = !R->o->no_counters,
		.profile_only = R->o->profile_only,
		.shard = R->o->shard,
		.measurement = R->o->measurement,
	};

	plan_build(R->f, &po, &R->plan);
	runner_results_describe(R);
}

/* Compiles the user's kernels for this GPU (or takes them from the
 * cache) before anything is measured.  Returns 0, or -1 after the
 * diagnostics. */
static int prepare_kernels(struct run *R)
{
	const struct environment *env = &R->res->env;
	struct ukernel_stats st;
	char arch[16];

	if (!R->f->nkernels)
		return 0;
	snprintf(arch, sizeof(arch), "sm_%d%d", env->cc_major, env->cc_minor);
	if (plan_prepare_kernels(&R->plan, arch, &st) < 0)
		return -1;
	diag_note("%zu kernel%s of yours ready for %s: %zu instance%s, %zu "
		  "from the cache, %.2f s", st.kernels, st.kernels == 1 ? "" :
		  "s", arch, st.instances, st.instances == 1 ? "" : "s",
		  st.cache_hits, st.compile_seconds);
	if (st.refused)
		diag_warning("%zu submission%s of the class did not compile: "
			     "their rows are skipped, the others are measured "
			     "(culab check shows each error)", st.refused,
			     st.refused == 1 ? "" : "s");
	return 0;
}

int runner_run(const struct experiment_file *f, const struct run_options *o,
	       struct results *out)
{
	struct run R = { .o = o, .f = f, .res = out };
	struct sigaction old[RUNNER_SIGNALS];
	char why[512];
	int rc;
	double t0, t;

	runner_results_init(&R);
	if (o->prev)
		R.prev_done = results_done(o->prev);
	for (size_t i = 0; o->prev && o->keep_failed && i < o->prev->nrows; i++)
		R.prev_done[i].ok = true;
	R.trace = env_flag("CULAB_RUN_TRACE");
	R.trap = getenv("CULAB_TEST_TRAP");
	t0 = t = runner_now();
	evtrace("run", 0, o->measurement);
	if (R.trace)
		fprintf(stderr, "culab: run: %-15s %8.3f s (the process's start "
			"to its run)\n", "start-up", runner_process_age());
	/* one GPU context at a time: its turn before its context */
	if (o->lines_go && env_exclusive(o->device))
		runner_lines_wait(&R);
	if (setup_device(&R, why, sizeof(why)) < 0) {
		diag_error("no usable GPU: %s", why);
		teardown_device(&R);
		nvml_close(&R.nvml);
		free(R.prev_done);
		return EXIT_NO_GPU;
	}
	build_plan(&R);
	if (prepare_kernels(&R) < 0) {
		teardown_device(&R);
		nvml_close(&R.nvml);
		plan_release(&R.plan);
		free(R.prev_done);
		return EXIT_USAGE;
	}
	runner_lap(&R, RP_DEVICE, &t);
	evtrace("set-up", 0, "");

	runner_signals_catch(old);
	if (lock_clocks(&R) < 0) {
		rc = EXIT_NO_GPU;
	} else {
		run_plan(&R);
		rc = unlock_clocks(run_status(&R));
		runner_lines_done(&R);  /* its results are saved */
	}
	runner_signals_restore(old);

	teardown_device(&R);
	nvml_close(&R.nvml);
	evtrace("torn-down", 0, "");
	trace_run(&R, runner_now() - t0);
	plan_release(&R.plan);
	free(R.prev_done);
	return rc;
}
