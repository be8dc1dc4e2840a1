/* runner_counters.c - the runner's counter phase: one CUPTI session per
 * list of metrics, measurements profiled in batches after they are timed,
 * and their raw values derived into each row's counter columns.
 *
 * A measurement is queued when its timing is done and profiled with the
 * rest of its batch (at most COUNTERS_BATCH_MAX, usually one stage): one
 * Start/Stop per replay pass for all of them instead of one per
 * measurement, which roughly halves the cost of the counter phase.  The
 * runner saves no row of a batch before its counters are in, so a resumed
 * run never takes a row without them.  See runner.c for the other phases. */
#include "runner_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nvtx3/nvToolsExt.h>

#include "counters/counters.h"
#include "counters/instrument.h"

#include "base/diag.h"
#include "base/refusal.h"

static bool same_raw(const struct counter_plan *a, const struct counter_plan *b)
{
	if (a->nraw != b->nraw)
		return false;
	for (size_t i = 0; i < a->nraw; i++)
		if (strcmp(a->raw[i], b->raw[i]) != 0)
			return false;
	return true;
}

bool runner_counters_on(const struct run *R)
{
	return R->have_cplan;
}

/* The chip the counters of this GPU are evaluated for (counters.h: its
 * architecture's), or NULL. */
static const char *gpu_chip(const struct run *R)
{
	char arch[16];

	if (!R->res->has_env)
		return NULL;
	snprintf(arch, sizeof(arch), "sm_%d%d", R->res->env.cc_major,
		 R->res->env.cc_minor);
	return chip_for_arch(arch);
}

/* Builds the plan for e's counters and fits it to this GPU: what the GPU
 * cannot collect stays out of it, its columns empty with the reason
 * (counter_plan_restrict), noted in *dropped.  Returns 0 or -1. */
static int plan_counters(const struct run *R, const struct experiment *e,
			 struct counter_plan *cp, char **dropped)
{
	const char *chip = gpu_chip(R);
	char list[1024];

	*dropped = NULL;
	if (counter_plan_build(e->counters, e->ncounters, cp) < 0)
		return -1;
	if (chip && counter_plan_restrict(cp, chip, list, sizeof(list)) > 0)
		*dropped = xasprintf("not collectable on %s: %s", chip, list);
	return 0;
}

/* The results' method line: the session's (or instrumentation's), and
 * what it left out. */
static void set_method(struct run *R)
{
	const char *m = R->instr ? instrument_method() : counters_method(R->ctr);

	free(R->res->counters_method);
	R->res->counters_method = R->ctr_dropped ?
		xasprintf("%s; %s", m, R->ctr_dropped) : xstrdup(m);
}

void runner_instrument_open(struct run *R)
{
	char why[512];

	if (!R->o->instrument)
		return;
	if (instrument_open(R->o->instrument, why, sizeof(why)) < 0)
		R->instr_why = xasprintf("not counted by instrumentation: %s",
					 why);
	else
		R->instr = true;
}

/* Counting by instrumentation instead of a CUPTI session: the plan
 * fitted to what it counts (instrument.h), the rest said missing. */
static void instrument_begin(struct run *R)
{
	if (!R->instr) {
		R->ctr_status = xstrdup(R->instr_why ? R->instr_why :
					"instrumentation is not set up");
		return;
	}
	counter_plan_map(&R->cplan, instrument_raw, "they need the GPU's "
			 "hardware counters, which CUPTI refused here; "
			 "instrumentation counts memory accesses only");
	set_method(R);
}

/* Opens the counter session for an experiment's counters, or records why
 * there are none.  A session whose raw metrics are the ones this
 * experiment needs stays open: opening costs ~0.5 s (CUPTI's set-up and
 * a warm-up measurement), once per run for the usual file whose
 * experiments share one counter list. */
void runner_counters_begin(struct run *R, const struct experiment *e)
{
	struct counter_plan cp;
	char why[1024], *dropped = NULL;

	if (R->o->no_counters || !e->ncounters) {
		runner_counters_end(R);
		return;
	}
	memset(&cp, 0, sizeof(cp));
	if (plan_counters(R, e, &cp, &dropped) < 0) {
		runner_counters_end(R);
		R->ctr_status = xstrdup("the counter list could not be planned");
		R->have_cplan = true;
		return;
	}
	if ((R->ctr || R->instr) && R->have_cplan && same_raw(&R->cplan, &cp)) {
		counter_plan_release(&R->cplan);
		R->cplan = cp;
		free(dropped);
		return;
	}
	runner_counters_end(R);
	R->cplan = cp;
	R->have_cplan = true;
	R->ctr_dropped = dropped;
	if (R->o->progress && dropped)
		fputc('\n', stderr);
	if (dropped)
		diag_warning("%s; their columns stay empty", dropped);
	if (!R->cplan.nraw) {           /* this GPU collects none of them */
		R->ctr_status = xstrdup(dropped);
		return;
	}
	if (R->o->instrument) {
		instrument_begin(R);
		return;
	}
	if (counters_open((const char *const *)R->cplan.raw, R->cplan.nraw,
			  &R->ctr, why, sizeof(why)) < 0) {
		bool refused = counters_refused() ==
			       REFUSAL_COUNTERS_PERMISSION;

		R->ctr = NULL;
		R->ctr_status = xstrdup(why);
		/* a parent may count them by instrumentation instead
		 * (jobs/instrumented.h); the refusal is said once a run */
		if (refused && R->res->counters_refusal)
			return;
		if (refused)
			R->res->counters_refusal = xstrdup(refusal_name(
				REFUSAL_COUNTERS_PERMISSION));
		if (R->o->progress && !dropped)
			fputc('\n', stderr);
		if (refused && R->o->instrumented_after)
			diag_warning("hardware counters refused: %s; after the "
				     "run, what instrumentation can count is "
				     "counted instead", why);
		else
			diag_warning("hardware counters unavailable, timing "
				     "only: %s", why);
		return;
	}
	if (!R->res->counters_method)
		set_method(R);
}

void runner_counters_end(struct run *R)
{
	/* The method may have changed during the run (counters.h: a flush
	 * the module gave up); the results say how it ended. */
	if (R->ctr && R->res->counters_method &&
	    strncmp(R->res->counters_method, counters_method(R->ctr),
		    strlen(counters_method(R->ctr))) != 0)
		set_method(R);
	counters_close(R->ctr);
	R->ctr = NULL;
	if (R->have_cplan)
		counter_plan_release(&R->cplan);
	R->have_cplan = false;
	free(R->ctr_status);
	R->ctr_status = NULL;
	free(R->ctr_dropped);
	R->ctr_dropped = NULL;
}

const char *runner_no_counters_why(const struct run *R, const struct variant *v)
{
	/* first: a CPU row has none whatever the GPU allows */
	if (v->flags & VF_CPU)
		return "not applicable: runs on the CPU";
	if (R->ctr_status || (!R->ctr && !R->instr))
		return R->ctr_status ? R->ctr_status : "counters were not collected";
	return NULL;
}

void runner_counters_pend(struct run *R, const struct launch_ctx *L,
			  size_t row, const char *label, void **d_work,
			  void **h_host, void **h_result)
{
	struct pending *p = &R->pend[R->npend++];

	p->L = *L;
	p->row = row;
	p->label = label;
	p->L.nvtx = label;
	p->d_work = *d_work;
	p->h_host = *h_host;
	p->h_result = *h_result;
	*d_work = *h_host = *h_result = NULL;      /* the batch's now */
}

/* Counter replay callbacks. */
static int ctr_prepare(void *p)
{
	return runner_restore_input(p);
}

static int ctr_launch(void *p)
{
	struct launch_ctx *L = p;
	int err;

	if (L->nvtx)
		nvtxRangePushA(L->nvtx);
	err = runner_launch_once(L);
	if (L->nvtx)
		nvtxRangePop();
	return err;
}

/* Theoretical occupancy of a measurement: each launch's weighted by its
 * duration, as achieved occupancy is aggregated; NAN when unknown. */
static double theoretical_occupancy(const struct kernel_counters *k, size_t nk)
{
	double sum = 0, weight = 0;

	for (size_t i = 0; i < nk; i++) {
		double d = NAN;

		for (size_t j = 0; j < k[i].nvalues; j++)
			if (!strcmp(k[i].names[j], "gpu__time_duration.sum"))
				d = k[i].values[j];
		if (isnan(k[i].theoretical_occupancy_pct) || !(d > 0))
			return NAN;
		sum += d * k[i].theoretical_occupancy_pct;
		weight += d;
	}
	return weight > 0 ? sum / weight : NAN;
}

/* Derives the row's columns from its launches' raw values; the row takes
 * k over. */
static void fill_counters(struct run *R, struct result_row *w,
			  struct kernel_counters *k, size_t nk)
{
	struct metric_context mctx = { R->peak_gbps, NAN };
	double *cols;
	size_t j;

	mctx.theoretical_occupancy_pct = theoretical_occupancy(k, nk);
	cols = xcalloc(R->cplan.ncols ? R->cplan.ncols : 1, sizeof(*cols));
	counter_plan_derive_kernels(&R->cplan, k, nk, &mctx, cols);
	w->ncolumns = R->cplan.ncols;
	w->columns = xcalloc(w->ncolumns ? w->ncolumns : 1,
			     sizeof(*w->columns));
	for (j = 0; j < R->cplan.ncols; j++) {
		w->columns[j].name = xstrdup(R->cplan.cols[j]);
		w->columns[j].value = cols[j];
		w->columns[j].missing = xstrdup(counter_plan_missing(&R->cplan, j));
	}
	w->kernels = k;
	w->nkernels = nk;
	free(cols);
}

static void pending_release(struct pending *p)
{
	cudaFree(p->d_work);
	cudaFreeHost(p->h_host);
	cudaFreeHost(p->h_result);
	memset(p, 0, sizeof(*p));
}

void runner_counters_flush(struct run *R)
{
	struct counters_item items[COUNTERS_BATCH_MAX];
	struct counters_result res[COUNTERS_BATCH_MAX];
	size_t i, n = R->npend;
	char why[512];
	int rc = -1;
	double t = runner_now();

	if (!n)
		return;
	for (i = 0; i < n; i++) {
		items[i].label = R->pend[i].label;
		/* in-place variants get their input back before every pass */
		items[i].prepare = R->pend[i].L.v->flags & VF_IN_PLACE ?
				   ctr_prepare : NULL;
		items[i].launch = ctr_launch;
		items[i].ctx = &R->pend[i].L;
		items[i].ms = R->res->rows[R->pend[i].row].t.median_ms;
	}
	if (R->fatal)
		snprintf(why, sizeof(why), "counters not collected: %s",
			 R->fatal_why);
	else if (R->instr)
		rc = instrument_profile_batch(items, n, res, why, sizeof(why));
	else
		rc = counters_profile_batch(R->ctr, items, n, res, why,
					    sizeof(why));
	for (i = 0; i < n; i++) {
		struct result_row *w = &R->res->rows[R->pend[i].row];

		if (rc < 0) {
			w->counters_status = xstrdup(why);
		} else if (res[i].error) {
			w->counters_status = xstrdup(res[i].error);
		} else {
			fill_counters(R, w, res[i].k, res[i].nk);
			res[i].k = NULL;
			res[i].nk = 0;
		}
		if (rc == 0)
			counters_result_release(&res[i]);
	}
	/* the batch's time is its measurements', for the cost cache */
	for (i = 0; i < n; i++)
		runner_cost_add(R, R->pend[i].label,
				(runner_now() - t) / (double)n);
	for (i = 0; i < n; i++)
		pending_release(&R->pend[i]);
	R->npend = 0;
	runner_lap(R, RP_COUNTERS, &t);
}
