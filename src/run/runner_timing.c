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
 * the clocks and every throttle reason seen (results/clock_record.h). */
#include "runner_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
 * when p says it is time.  With kms, a launch that ends on the host
 * (VF_HOST_STEP) also gives the time of its device work alone there
 * (kernels.h, struct device_mark); *kms is NAN when it gave none.  With
 * fms, a reduction that finishes on the device also gives the time of
 * its first pass alone there (kernels.h, first_pass); NAN when its
 * launcher marks none.  Returns 0 or a CUDA error. */
static int sample(struct run *R, struct launch_ctx *L, bool flush, double *ms,
		  double *kms, double *fms, struct probe *p)
{
	struct device_mark mark = { R->ev_mid, 0 };
	struct device_mark first = { R->ev_first, 0 };
	float f = 0;
	int err;

	if (kms)
		*kms = NAN;
	if (fms)
		*fms = NAN;
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
	if (kms && (L->v->flags & VF_HOST_STEP))
		L->a.device_done = &mark;
	if (fms && !(L->v->flags & VF_HOST_STEP))
		L->a.first_pass = &first;
	err = L->v->launch(&L->a);
	L->a.device_done = NULL;
	L->a.first_pass = NULL;
	if (err)
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
	if (mark.recorded) {
		if ((err = (int)cudaEventElapsedTime(&f, R->ev_start,
						     R->ev_mid)))
			return err;
		*kms = f;
	}
	if (first.recorded) {
		if ((err = (int)cudaEventElapsedTime(&f, R->ev_start,
						     R->ev_first)))
			return err;
		*fms = f;
	}
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
		if ((err = sample(R, L, e->l2_flush, &ms, NULL, NULL, NULL)))
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

/* The kernel alone's samples, when every timed run gave one (a launcher
 * that marks the end of its device work); else none. */
static void kernel_alone(struct result_row *w)
{
	if (w->tk.nsamples && w->tk.nsamples == w->t.nsamples) {
		w->tk.warmup = w->t.warmup;
		w->tk.stop = w->t.stop;
		timing_compute(&w->tk);
		return;
	}
	free(w->tk.samples_ms);
	memset(&w->tk, 0, sizeof(w->tk));
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
	if (L->v->flags & VF_HOST_STEP)
		w->tk.samples_ms = xcalloc((size_t)most, sizeof(double));
	while (!runner_interrupted() &&
	       !repeats_done(most, &e->repeats_auto, t->samples_ms,
			     t->nsamples, spent, &stop)) {
		double kms;

		if ((err = sample(R, L, e->l2_flush,
				  &t->samples_ms[t->nsamples], &kms, NULL, &pr)))
			return err;
		if (w->tk.samples_ms && !isnan(kms))
			w->tk.samples_ms[w->tk.nsamples++] = kms;
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
	kernel_alone(w);
	return 0;
}

/* ---- rounds ------------------------------------------------------------------ */

void runner_rounds_park(struct run *R, const struct launch_ctx *L,
			struct result_row *w, void **d_work, void **h_host,
			void **h_result)
{
	struct parked *p;

	R->park = xrealloc(R->park, (R->npark + 1) * sizeof(*R->park));
	p = &R->park[R->npark++];
	memset(p, 0, sizeof(*p));
	p->L = *L;
	p->row = (size_t)(w - R->res->rows);
	p->d_work = *d_work;
	p->h_host = *h_host;
	p->h_result = *h_result;
	*d_work = *h_host = *h_result = NULL;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of v[0..n), n >= 1; v is sorted in place. */
static double median_sorted(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), by_value);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* What a round's median of parked measurement p is of, before it ran:
 * the kernel alone for a launch that ends on the host; the first pass
 * alone for a built-in reduction that finishes on the device, in a
 * stage whose students' kernels end on the host (first_pass: theirs is
 * one launch that leaves per-block partials, and so is the rung's first
 * pass); else the timed region. */
static enum round_of round_wants(const struct parked *p, bool first_pass)
{
	const struct variant *v = p->L.v;

	if (v->flags & VF_HOST_STEP)
		return ROUND_KERNEL;
	if (first_pass && !v->submission && !(v->flags & VF_CPU))
		return ROUND_FIRST_PASS;
	return ROUND_REGION;
}

/* Round r's turn of parked measurement p: a warm-up run, then `per`
 * samples into its row, and the round's median of what `want` says
 * (round_wants), of the region where the launch gave no mark of it; the
 * row's rounds.of says which.  The timed region's samples (w->t) stay
 * the whole launch.  Returns 0 or a CUDA error. */
static int round_turn(struct run *R, struct parked *p, int per,
		      enum round_of want, struct probe *pr)
{
	struct result_row *w = &R->res->rows[p->row];
	const struct experiment *e = p->L.st->ps->e;
	double ms, kms, fms, got[64];
	size_t k = 0, marked = 0;
	int err;

	if ((err = sample(R, &p->L, e->l2_flush, &ms, NULL, NULL, NULL)))
		return err;
	for (int i = 0; i < per && !runner_interrupted(); i++) {
		double x;

		if ((err = sample(R, &p->L, e->l2_flush, &ms, &kms,
				  want == ROUND_FIRST_PASS ? &fms : NULL, pr)))
			return err;
		w->t.samples_ms[w->t.nsamples++] = ms;
		if (w->tk.samples_ms && !isnan(kms))
			w->tk.samples_ms[w->tk.nsamples++] = kms;
		x = want == ROUND_FIRST_PASS ? fms : kms;
		marked += !isnan(x);
		if (k < ARRAY_SIZE(got))
			got[k++] = isnan(x) ? ms : x;
	}
	if (!k)
		return 0;
	w->rounds.ms[w->rounds.n++] = median_sorted(got, k);
	/* every sample marked, or the round is of the region: a launcher
	 * marks every launch or none */
	w->rounds.of = marked == k ? want : ROUND_REGION;
	return 0;
}

void runner_rounds_flush(struct run *R)
{
	const struct experiment *e;
	int rounds, per;
	size_t np = R->npark;
	bool host_step = false;

	if (!np)
		return;
	e = R->park[0].L.st->ps->e;
	rounds = e->rounds > 0 ? e->rounds : CLASS_ROUNDS_DEFAULT;
	per = (e->repeats + rounds - 1) / rounds;
	per = per < 1 ? 1 : per > 64 ? 64 : per;
	/* the students' contract: a kernel that ends on the host */
	for (size_t i = 0; i < np; i++)
		host_step |= R->park[i].L.v->submission &&
			     (R->park[i].L.v->flags & VF_HOST_STEP);
	for (size_t i = 0; i < np; i++) {
		struct result_row *w = &R->res->rows[R->park[i].row];
		size_t most = (size_t)rounds * (size_t)per;

		w->t.warmup = 1;
		w->t.samples_ms = xcalloc(most, sizeof(double));
		if (R->park[i].L.v->flags & VF_HOST_STEP)
			w->tk.samples_ms = xcalloc(most, sizeof(double));
		w->rounds.ms = xcalloc((size_t)rounds, sizeof(double));
		w->rounds.per_round = per;
		if (R->nvml.open)
			clock_record_start(&w->clocks);
		else
			clock_record_set_unknown(&w->clocks, R->nvml.why);
	}
	for (int r = 0; r < rounds && !runner_interrupted() && !R->fatal; r++)
		for (size_t j = 0; j < np && !R->fatal; j++) {
			/* rotated by r, every other round backwards: each
			 * measurement is first, last and beside each other
			 * as often */
			size_t i = r % 2 ? (np - 1 - j + (size_t)r) % np :
				   (j + (size_t)r) % np;
			struct parked *p = &R->park[i];
			struct result_row *w = &R->res->rows[p->row];
			struct probe pr = { R->nvml.open ? &R->nvml : NULL,
					    &w->clocks, -1 };
			int err;

			if (p->out || runner_interrupted())
				continue;
			err = round_turn(R, p, per,
					 round_wants(p, host_step), &pr);
			if (!err && r == rounds - 1 &&
			    (err = runner_verify(R, &p->L, w)) > 0) {
				char *m = xasprintf("after the timing rounds: %s",
						    w->message);

				free(w->message);
				w->message = m;
				p->out = true;
				continue;
			}
			if (err) {
				runner_row_cuda_error(R, w, err < 0 ? -err : err,
						      p->L.v->name);
				p->out = true;
			}
		}
	for (size_t i = 0; i < np; i++) {
		struct parked *p = &R->park[i];
		struct result_row *w = &R->res->rows[p->row];
		const struct plan_stage *s = p->L.st->ps;

		if (w->clocks.known && w->t.nsamples && !R->hung)
			probe_now(&(struct probe){ &R->nvml, &w->clocks, -1 });
		w->t.stop = runner_interrupted() ? STOP_UNKNOWN : STOP_COUNT;
		timing_compute(&w->t);
		kernel_alone(w);
		if (w->status == ROW_OK && !w->t.nsamples) {
			w->status = ROW_SKIPPED;
			w->verified = false;
			free(w->message);
			w->message = xstrdup("not timed: the timing rounds were "
					     "interrupted");
		}
		w->gbps = registry_gbps(p->L.v, s->t, p->L.a.n, p->L.a.m,
					w->t.median_ms);
		w->pct_peak = R->peak_gbps > 0 ? 100.0 * w->gbps / R->peak_gbps :
			      NAN;
		if (!R->hung) {
			cudaFree(p->d_work);
			cudaFreeHost(p->h_host);
			cudaFreeHost(p->h_result);
		}
	}
	free(R->park);
	R->park = NULL;
	R->npark = 0;
}
