/* runner_timing.c - phase 2 of a measurement: warm-up, then timed samples
 * until the experiment's repeat rule is met (experiment.h: a fixed count, or
 * `repeats: auto`, judged after every sample).  See runner_int.h.
 *
 * One sample is [restore the input, for variants that overwrite it]
 * [flush L2] event start, the launch, event stop, measured by the events.
 * The flush kernel keeps the GPU busy while the launch is enqueued, so
 * launch latency stays out of the events, as nvbench's blocking kernel
 * does.  The CPU reference row is timed with the host clock and gets at
 * most CPU_TIME_BUDGET_S of samples, judged from its first warm-up run.
 *
 * NVML is read during the first timed sample, then at most every
 * PROBE_INTERVAL_S, each time while the sample's launch is in flight
 * (between enqueueing it and waiting for it: the host waits anyway, the
 * events do not see it, and the GPU is busy, so the reasons are those of
 * the work), and once after the last sample; the row keeps the range of
 * the clocks and every throttle reason seen (run.h). */
#include "runner_int.h"

#include <stdio.h>
#include <stdlib.h>

#include "kernels/support.h"
#include "base/util.h"

/* Upper bound on host time spent timing the CPU reference row. */
#define CPU_TIME_BUDGET_S 2.0
/* Least time between two NVML readings of one measurement. */
#define PROBE_INTERVAL_S 0.05

/* The NVML readings of one measurement. */
struct probe {
	const struct nvml *nvml;        /* NULL: no readings */
	struct clock_record *rec;
	double last;                    /* when the last was taken; < 0: none */
};

static void probe_now(struct probe *p)
{
	struct nvml_reading r;

	nvml_read(p->nvml, &r);
	clock_record_add(p->rec, &r);
	p->last = runner_now();
}

static bool probe_due(const struct probe *p)
{
	return p && p->nvml &&
	       (p->last < 0 || runner_now() - p->last >= PROBE_INTERVAL_S);
}

/* One timed sample in milliseconds into *ms, reading NVML while it runs
 * when p says it is time.  Returns 0 or a CUDA error. */
static int sample(struct run *R, struct launch_ctx *L, bool flush, double *ms,
		  struct probe *p)
{
	float f = 0;
	int err;

	if (L->v->flags & VF_CPU) {
		double t0 = runner_now();

		err = L->v->launch(&L->a);
		*ms = (runner_now() - t0) * 1e3;
		return err;
	}
	if ((err = runner_restore_input(L)))
		return err;
	if (flush && (err = support_l2_flush(R->flush_buf, R->flush_bytes,
					     R->flush_sink, L->a.stream)))
		return err;
	if ((err = (int)cudaEventRecord(R->ev_start, L->a.stream)))
		return err;
	if ((err = L->v->launch(&L->a)))
		return err;
	if ((err = (int)cudaEventRecord(R->ev_stop, L->a.stream)))
		return err;
	if (probe_due(p))
		probe_now(p);
	if ((err = (int)cudaEventSynchronize(R->ev_stop)))
		return err;
	if ((err = (int)cudaEventElapsedTime(&f, R->ev_start, R->ev_stop)))
		return err;
	*ms = f;
	return 0;
}

/* Warm-up runs.  For the CPU row, lowers *most so that its samples stay
 * within CPU_TIME_BUDGET_S, judged by the first run; *capped says so. */
static int warm_up(struct run *R, struct launch_ctx *L, int *most,
		   bool *capped)
{
	const struct experiment *e = L->st->ps->e;
	double ms;
	int err;

	*capped = false;
	for (int i = 0; i < e->warmup && !runner_interrupted(); i++) {
		if ((err = sample(R, L, e->l2_flush, &ms, NULL)))
			return err;
		if ((L->v->flags & VF_CPU) && i == 0 && ms > 0) {
			double cap = CPU_TIME_BUDGET_S * 1e3 / ms;

			if (cap < 1)
				cap = 1;
			if (cap < *most) {
				*most = (int)cap;
				*capped = true;
			}
		}
	}
	return 0;
}

int runner_time_variant(struct run *R, struct launch_ctx *L,
			struct result_row *w)
{
	const struct experiment *e = L->st->ps->e;
	struct timing *t = &w->t;
	int most = e->repeats, err;
	enum repeat_stop stop = STOP_UNKNOWN;
	struct probe pr = { NULL, &w->clocks, -1 };
	double spent = 0;
	bool capped;

	if (L->v->flags & VF_CPU) {
		clock_record_set_unknown(&w->clocks, "runs on the CPU");
	} else if (!R->nvml.open) {
		clock_record_set_unknown(&w->clocks, R->nvml.why);
	} else {
		clock_record_start(&w->clocks);
		pr.nvml = &R->nvml;
	}
	t->warmup = e->warmup;
	if ((err = warm_up(R, L, &most, &capped)))
		return err;
	t->samples_ms = xcalloc((size_t)most, sizeof(double));
	while (!runner_interrupted() &&
	       !repeats_done(most, &e->repeats_auto, t->samples_ms,
			     t->nsamples, spent, &stop)) {
		if ((err = sample(R, L, e->l2_flush,
				  &t->samples_ms[t->nsamples], &pr)))
			return err;
		spent += 1e-3 * t->samples_ms[t->nsamples++];
	}
	if (pr.nvml && t->nsamples)
		probe_now(&pr);                 /* after the last */
	if (runner_interrupted())
		stop = STOP_UNKNOWN;
	if (capped && (stop == STOP_COUNT || stop == STOP_MAX)) {
		stop = STOP_BUDGET;
		free(w->message);
		w->message = xasprintf("%zu of %s%d timed runs (CPU time "
				       "budget %.0f s)", t->nsamples,
				       e->repeats_auto.on ? "at most " : "",
				       e->repeats, CPU_TIME_BUDGET_S);
	}
	t->stop = stop;
	timing_compute(t);
	return 0;
}
