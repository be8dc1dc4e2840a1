/* devices_lines.c - run --devices' parent: the counters per source line
 * of the rows its workers make, a child process per marked measurement
 * on a GPU without a worker (lines.h), and the estimates that say when a
 * GPU leaves the measurements for them (devlines_due).  See
 * devices_int.h. */
#include "devices_int.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"
#include "ladder/ladder.h"
#include "lines_cache.h"

/* The plan's stage and measurement of the queue's item i. */
static const struct plan_stage *item_stage(const struct node_run *c, size_t i)
{
	return &c->plan.stages[c->q.it[i].stage];
}

static const struct plan_measurement *item_ms(const struct node_run *c,
					      size_t i)
{
	return &item_stage(c, i)->ms[c->q.it[i].k];
}

const char *devices_item_label(const struct node_run *c, size_t i)
{
	return item_ms(c, i)->label;
}

/* Seconds of measurements left, about: what is to do and what the GPUs
 * but `except` are making, corrected by how the estimates have held so
 * far. */
double devices_work_left(const struct node_run *c, double now, int except)
{
	double est = 0, real = 0, left = 0, ratio = 1;

	for (size_t i = 0; i < c->q.n; i++)
		if (c->q.it[i].state == PLAN_DONE && c->took[i] > 0 &&
		    c->q.it[i].seconds > 0) {
			est += c->q.it[i].seconds;
			real += c->took[i];
		}
	if (est > 0.5)
		ratio = real / est;
	for (size_t i = 0; i < c->q.n; i++)
		if (c->q.it[i].state == PLAN_TODO)
			left += c->q.it[i].seconds * ratio;
	for (int k = 0; k < c->ng; k++) {
		const struct gpu *g = &c->g[k];

		if (k != except && g->flight != SIZE_MAX) {
			double l = c->q.it[g->flight].seconds * ratio -
				   (now - g->flight_t0);

			left += l > 0 ? l : 0;
		}
	}
	return left;
}

bool devices_item_marked(const struct node_run *c, size_t i)
{
	return item_ms(c, i)->lines;
}

static bool item_host_timed(const struct node_run *c, size_t i)
{
	return item_ms(c, i)->v->flags & VF_CPU;
}

/* Whether a worker is timing a row on the host clock (the CPU
 * reference): a per-line child's start (process, CUDA, its host input)
 * is work for the host, and would be timed with the row (it nearly
 * doubled the large CPU row's time). */
bool devlines_host_timed(const struct node_run *c)
{
	for (int k = 0; k < c->ng; k++)
		if (c->g[k].pid > 0 && c->g[k].flight != SIZE_MAX &&
		    item_host_timed(c, c->g[k].flight))
			return true;
	return false;
}

/* Whether children may start held behind item i: a short measurement,
 * not one timed on the host clock (no child starts during those, and a
 * GPU about to leave would keep the others from leaving meanwhile). */
bool devlines_may_hold(const struct node_run *c, size_t i)
{
	return c->q.it[i].seconds <= LINES_HOLD_S && !item_host_timed(c, i);
}

/* What item's lines take, about: from what its measurement took, or,
 * not made yet, from what it is expected to take. */
static double lines_guess(const struct node_run *c, size_t item)
{
	double m = c->took[item] > 0 ? c->took[item] : c->q.it[item].seconds;

	return PLAN_LINES_S(m);
}

/* What g's children ahead (and, with going, the one collecting) hold
 * of the lines to collect, about. */
static double lines_claimed(const struct node_run *c, const struct gpu *g,
			    bool going)
{
	double s = 0;

	for (int p = 0; p < LINES_PROCS; p++)
		if (g->lines.p[p].pid && (g->lines.p[p].state == LP_AHEAD ||
				       (going && g->lines.p[p].state == LP_GOING)))
			s += lines_guess(c, c->line_jobs[g->lines.p[p].job].item);
	return s;
}

/* Whether worker k, asking for more, should leave the measurements to
 * collect lines while the other GPUs measure.  After every measurement,
 * the per-line children's CUDA starts, which the node's driver
 * serialises, would leave the GPUs waiting together at the end
 * (docs/clusters.md, "Every GPU of a node").  The lines to collect
 * are the jobs not yet started (every marked measurement's, planned
 * before the run: devlines_plan; their children run before the rows
 * come back with their workers: devlines_bind), and those its children
 * started ahead hold.  Each GPU once, when the lines, shared by the
 * GPUs gone to them and this one, would take as long as the
 * measurements left on the GPUs that stay: then they end together, and
 * what is left is collected by every GPU at the end as before.  Up to
 * lines_max GPUs at once (CULAB_LINES_GPUS; one by default,
 * plan_lines_gpus), a second only with lines nobody holds yet (at least
 * a second of them). */
bool devlines_due(const struct node_run *c, int k, double after)
{
	const struct gpu *g = &c->g[k];
	double todo = 0, held = 0, left;
	int gone = 0, stay;

	if (!c->lines_on || c->lines_last || c->ng < 2 || g->was_on_lines ||
	    g->on_lines || c->unavailable || !c->q.ntodo || supervise_signals())
		return false;
	/* the GPUs gone before it, and the lines their children hold */
	for (int j = 0; j < c->ng; j++)
		if (j != k && (c->g[j].on_lines || c->g[j].pre_lines)) {
			gone++;
			held += lines_claimed(c, &c->g[j], true);
		}
	stay = c->ng - 1 - gone;
	if (gone >= devlines_max(c) || stay < 1)
		return false;
	for (size_t i = c->lnext; i < c->nline_jobs; i++)
		if (!c->line_jobs[i].dropped)
			todo += lines_guess(c, c->line_jobs[i].item);
	/* and those its children started ahead hold (pre_lines) */
	todo += lines_claimed(c, g, false);
	left = devices_work_left(c, monotonic_seconds(), k) - after * stay;
	return todo >= 1.0 && (todo + held) * stay >= left * (gone + 1);
}

int devlines_max(const struct node_run *c)
{
	return c->lines_max > 0 ? c->lines_max : plan_lines_gpus(c->ng);
}

/* Children of the node's starting at once: more on four GPUs or more,
 * where the node has more starts to overlap; past that each child only
 * starts slower (the settings compared in docs/clusters.md). */
int devlines_starting(const struct node_run *c)
{
	if (c->lines_starting > 0)
		return c->lines_starting;
	return c->ng >= 4 ? LINES_STARTING_4 : LINES_STARTING;
}

/* The row job j's lines go into: its own once bound, else its hold. */
static struct result_row *line_job_row(struct node_run *c, struct line_job *j)
{
	return j->bound ? &c->kept[j->res].rows[j->row] : &j->hold;
}

static void line_job_add(struct node_run *c, size_t item, bool bound,
			 size_t row)
{
	c->line_jobs = xrealloc(c->line_jobs, (c->nline_jobs + 1) *
				sizeof(*c->line_jobs));
	c->line_jobs[c->nline_jobs] = (struct line_job){ .res = c->nkept, .row = row,
				       .label = devices_item_label(c, item),
				       .item = item, .bound = bound };
	c->nline_jobs++;
	c->has_line_job[item] = true;
}

/* The per-line cache's key of item's measurement on the GPU env, or ""
 * (lines_cache.h). */
static void item_key(const struct node_run *c, size_t item,
		     const struct environment *env, char key[65])
{
	if (lines_cache_key(item_stage(c, item), item_ms(c, item), env,
			    c->lo.exe, key) < 0)
		key[0] = '\0';
}

/* Row w (row `row` of the results an ended worker wrote, to be kept as
 * kept[nkept]) of marked item `item` came in: it gets its lines from a
 * child (a job for it if it wants them and has none), or the ones its
 * child collected already; one that does not want them (failed, without
 * counters) drops what was collected for it. */
void devlines_bind(struct node_run *c, size_t item, struct result_row *w,
		   size_t row, const struct environment *env)
{
	struct line_job *j = NULL;
	char key[65] = "";

	for (size_t i = 0; i < c->nline_jobs && c->has_line_job[item]; i++)
		if (c->line_jobs[i].item == item && !c->line_jobs[i].bound &&
		    !c->line_jobs[i].dropped)
			j = &c->line_jobs[i];
	if (lines_wanted(w))
		item_key(c, item, env, key);
	if (!j) {
		/* kept from an earlier run: no child */
		if (!c->has_line_job[item] && lines_wanted(w) &&
		    lines_cache_take(key, w) != 1)
			line_job_add(c, item, true, row);
		return;
	}
	/* not started yet, and kept from an earlier run: no child */
	if (!lines_wanted(w) || ((size_t)(j - c->line_jobs) >= c->lnext &&
				 !j->hold.lines.recorded &&
				 lines_cache_take(key, w) == 1)) {
		source_lines_release(&j->hold.lines);
		j->dropped = true;
		return;
	}
	if (j->hold.lines.recorded) {
		source_lines_release(&w->lines);
		w->lines = j->hold.lines;
		memset(&j->hold.lines, 0, sizeof(j->hold.lines));
		lines_cache_put(key, w);
	}
	j->res = c->nkept;
	j->row = row;
	j->bound = true;
}

/* Before the run: a job for every marked measurement to make, so that a
 * GPU on its lines takes those of measurements still to come or in
 * flight elsewhere (the longest first: the one-block reduction's 3 s
 * collection no longer waits for its 10 s measurement).  A child needs
 * only the seed, not the row; a row that comes back failed drops what
 * was collected for it (devlines_bind). */
void devlines_plan(struct node_run *c)
{
	if (!c->lines_on || c->lines_last || c->ng < 2)
		return;
	for (size_t i = 0; i < c->q.n; i++)
		if (c->q.it[i].state == PLAN_TODO && !c->fail[i] &&
		    !c->has_line_job[i] && devices_item_marked(c, i))
			line_job_add(c, i, false, 0);
}

/* Starts the longest of the jobs left (so that no long one is left to
 * end the run alone on one GPU; the rest are swapped, not lost), to wait
 * for its turn on g.  Returns 0, 1 when none is left to start, or -1
 * after a diagnostic. */
int devlines_start(struct node_run *c, struct gpu *g)
{
	size_t best = SIZE_MAX;

	for (size_t i = c->lnext; i < c->nline_jobs; i++)
		if (!c->line_jobs[i].dropped &&
		    (best == SIZE_MAX || lines_guess(c, c->line_jobs[i].item) >
					 lines_guess(c, c->line_jobs[best].item)))
			best = i;
	if (best == SIZE_MAX) {
		c->lnext = c->nline_jobs;
		return 1;
	}
	if (best != c->lnext) {
		struct line_job t = c->line_jobs[best];

		c->line_jobs[best] = c->line_jobs[c->lnext];
		c->line_jobs[c->lnext] = t;
	}
	g->lines.uuid = g->uuid;
	if (!lines_gpu_start(&c->lo, &g->lines, c->lnext,
			     c->line_jobs[c->lnext].label))
		return -1;
	c->lnext++;
	return 0;
}

/* Device memory a per-line child of job j holds: its input and output,
 * and its CUDA context (about half a GiB with CUPTI's). */
static double lines_bytes(const struct node_run *c, size_t j)
{
	const struct plan_stage *s = item_stage(c, c->line_jobs[j].item);

	return (double)s->in_bytes + (double)s->out_bytes + (512u << 20);
}

/* Host memory the same child holds: its input's host copy, and its
 * process with CUDA's and CUPTI's host side. */
static double lines_host_bytes(const struct node_run *c, size_t j)
{
	const struct plan_stage *s = item_stage(c, c->line_jobs[j].item);

	return (double)s->in_bytes + (256u << 20);
}

/* Whether another GPU may still leave the measurements for its lines:
 * lines_max allows it and one that has not left still measures. */
static bool lines_may_join(const struct node_run *c)
{
	int gone = 0;
	bool measuring = false;

	for (int k = 0; k < c->ng; k++) {
		const struct gpu *g = &c->g[k];

		gone += g->on_lines || g->pre_lines;
		measuring |= g->pid > 0 && !g->told_end && !g->was_on_lines &&
			     !g->pre_lines;
	}
	return measuring && c->q.ntodo && gone < devlines_max(c) &&
	       devlines_max(c) > 1;
}

/* Whether a GPU on its lines (lines_due) takes another child ahead: up
 * to LINES_AHEAD_MAX while they fit in half its memory and, with every
 * GPU's children, in a quarter of the host's (the largest job left
 * counted for the next).  Its children start while the other GPUs
 * measure, so their CUDA starts meet none of theirs; with a few ahead
 * the quick turns (transposes) outrun the children's starts.  But the
 * node's driver starts one CUDA context at a time: started all at once,
 * each child is ready only when the last is, and the other GPUs'
 * workers slow down.  So beyond a
 * GPU's first, at most devlines_starting children of the node's are
 * starting at once (not yet ready), and the others start as they are.
 * While another GPU may still leave for its lines (lines_may_join), a GPU
 * holds at most LINES_CLAIM_S of them, its usual ahead apart: the rest
 * are left for that one. */
bool devlines_more_ahead(const struct node_run *c, const struct gpu *g,
			     int nl)
{
	double held = 0, next = 0, host = 0, next_host = 0;
	int starting = 0;

	for (int d = 0; d < c->ng; d++)
		starting += lines_gpu_starting(&c->g[d].lines);
	if (nl && starting >= devlines_starting(c))
		return false;
	if (nl < 1 + g->lines.ahead)
		return true;
	if (!(g->on_lines || g->pre_lines) || !g->mem || !c->ram ||
	    nl >= 1 + LINES_AHEAD_MAX)
		return false;
	if (lines_may_join(c) && lines_claimed(c, g, true) >= LINES_CLAIM_S)
		return false;
	for (int k = 0; k < LINES_PROCS; k++)
		if (g->lines.p[k].pid && g->lines.p[k].state != LP_DONE)
			held += lines_bytes(c, g->lines.p[k].job);
	for (int d = 0; d < c->ng; d++)
		for (int k = 0; k < LINES_PROCS; k++) {
			const struct lines_proc *p = &c->g[d].lines.p[k];

			if (p->pid && p->state != LP_DONE)
				host += lines_host_bytes(c, p->job);
		}
	for (size_t i = c->lnext; i < c->nline_jobs; i++)
		if (!c->line_jobs[i].dropped) {
			if (lines_bytes(c, i) > next)
				next = lines_bytes(c, i);
			if (lines_host_bytes(c, i) > next_host)
				next_host = lines_host_bytes(c, i);
		}
	return held + next <= 0.5 * (double)g->mem &&
	       host + next_host <= 0.25 * c->ram;
}

/* Rows whose lines are not to be had: once a child said CUPTI cannot
 * collect them here, the rest say so, unrun. */
void devlines_skip(struct node_run *c)
{
	while (c->unavailable && c->lnext < c->nline_jobs) {
		struct line_job *j = &c->line_jobs[c->lnext++];

		if (!j->dropped)
			source_lines_set_status(&line_job_row(c, j)->lines,
						c->unavailable);
	}
}

/* Row w got its lines (or why not) from the child of job j on device. */
static void lines_got(struct node_run *c, struct line_job *j,
		      const struct lines_proc *lp, int device)
{
	struct result_row *w = line_job_row(c, j);

	/* collected for a row that came in: kept for the next run (one
	 * still unbound is kept when its row comes, devlines_bind) */
	if (j->bound) {
		char key[65];

		item_key(c, j->item, results_row_device(&c->kept[j->res], w),
			 key);
		lines_cache_put(key, w);
	}
	for (int k = 0; k < c->ng && !w->lines.status; k++)
		if (c->g[k].device == device)
			c->g[k].lined++;
	if (c->trace)
		fprintf(c->trace, "%d\t%.3f\t%.3f\tlines\t%s\n", device,
			lp->t0 - c->t0, monotonic_seconds() - c->t0, j->label);
	if (w->lines.status && !strncmp(w->lines.status, LINES_UNAVAILABLE,
					strlen(LINES_UNAVAILABLE))) {
		c->unavailable = w->lines.status;
		for (int k = 0; k < c->ng; k++)
			lines_gpu_cancel(&c->g[k].lines);
	}
}

/* The children whose turn is over: their lines taken, the next ones on
 * their GPUs told to go on. */
void devlines_said(struct node_run *c)
{
	for (int k = 0; k < c->ng && !supervise_signals(); k++) {
		struct lines_gpu *g = &c->g[k].lines;
		struct lines_proc *lp = lines_gpu_said(g);
		struct line_job *j;

		if (!lp)
			continue;
		j = &c->line_jobs[lp->job];
		if (lines_gpu_take(lp, line_job_row(c, j)) < 0)
			continue;
		lines_got(c, j, lp, c->g[k].device);
		if (!c->unavailable && !c->g[k].pid)
			lines_gpu_go(g);
	}
}

/* Child lp of GPU `device` ended with wait status st. */
void devlines_ended(struct node_run *c, struct lines_proc *lp, int st,
			int device)
{
	struct line_job *j = &c->line_jobs[lp->job];
	struct result_row *w = line_job_row(c, j);

	if (lines_gpu_ended(&c->lo, lp, st, supervise_signals() ? NULL : w,
			    c->unavailable != NULL, c->unavailable))
		lines_got(c, j, lp, device);
}

/* A child past its time, or the parent asked to stop: it ends. */
void devlines_watch(struct node_run *c)
{
	for (int k = 0; k < c->ng; k++)
		lines_gpu_watch(&c->lo, &c->g[k].lines, supervise_signals() > 0);
}

/* A warning for the rows whose lines failed, naming the first reason. */
void devlines_warn(const struct node_run *c)
{
	const char *first = NULL;
	size_t bad = 0;

	for (size_t i = 0; i < c->lnext; i++) {
		const struct result_row *w;

		if (!c->line_jobs[i].bound)
			continue;       /* its row never came in */
		w = &c->kept[c->line_jobs[i].res].rows[c->line_jobs[i].row];
		if (w->lines.recorded && w->lines.status && !bad++)
			first = w->lines.status;
	}
	if (bad)
		diag_warning("counters per source line not collected for %zu of "
			     "%zu measurement%s: %s", bad, c->lnext,
			     c->lnext == 1 ? "" : "s", first);
}
