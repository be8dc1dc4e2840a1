/* lines.c - counters per source line: a child process per measurement.
 * See lines.h.
 *
 * Runs after the run's own measurements and counters, so a child never
 * competes with them for the GPU, and one child measuring on a GPU at a
 * time (others starting ahead or saving): each is a whole `culab run` of
 * one measurement (its input made from the seed again, the answer
 * verified again), which CUPTI's one kernel per process leaves no way
 * around; where warps wait is sampled by one child before them
 * (lines_stalls.h).  One child's start, watch and end are
 * lines_child.c's; the folder DIR/.lines is removed at the end. */
#include "lines.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/evtrace.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "counters/counters.h"
#include "lines_cache.h"
#include "lines_stalls.h"
#include "base/supervise.h"
#include "output.h"
#include "results/results.h"

struct result_row *lines_row_of(struct results *r, const struct plan_stage *s,
				const struct plan_measurement *ms)
{
	for (size_t i = 0; i < r->nrows; i++) {
		struct result_row *w = &r->rows[i];

		if (w->n == s->sh.n && w->m == s->sh.m && w->block == ms->block &&
		    w->experiment && !strcmp(w->experiment, s->e->name) &&
		    w->variant && !strcmp(w->variant, ms->v->name) &&
		    w->dtype && !strcmp(w->dtype, dtype_name(s->t)))
			return w;
	}
	return NULL;
}

/* Whether row w wants its lines: verified, with kernel-level counters to
 * check them against, and none yet (a resumed row keeps its own). */
bool lines_wanted(const struct result_row *w)
{
	return w && w->status == ROW_OK && !w->counters_status &&
	       w->nkernels > 0 && !w->lines.recorded;
}


/* ---- a GPU's children ---------------------------------------------------- */

void lines_gpu_init(struct lines_gpu *g, int device, const char *uuid)
{
	long v;

	memset(g, 0, sizeof(*g));
	g->device = device;
	g->uuid = uuid;
	g->ahead = LINES_AHEAD;
	if (env_integer_given("CULAB_LINES_AHEAD", 1, LINES_AHEAD_MAX,
			      "children", &v) == 1) {
		g->ahead = (int)v;
		g->ahead_set = true;
	}
	for (int k = 0; k < LINES_PROCS; k++)
		g->p[k].sock = -1;
}

/* Its children in state st or st_also (-1: no second state). */
static int count(const struct lines_gpu *g, int st, int st_also)
{
	int n = 0;

	for (int k = 0; k < LINES_PROCS; k++)
		n += g->p[k].pid > 0 && ((int)g->p[k].state == st ||
					 (int)g->p[k].state == st_also);
	return n;
}

int lines_gpu_jobs(const struct lines_gpu *g)
{
	return count(g, LP_AHEAD, LP_GOING) + count(g, LP_SAVING, -1);
}

int lines_gpu_live(const struct lines_gpu *g)
{
	return lines_gpu_jobs(g) + count(g, LP_DONE, -1);
}

bool lines_gpu_room(const struct lines_gpu *g)
{
	return lines_gpu_live(g) < LINES_PROCS;
}

struct lines_proc *lines_gpu_start(const struct lines_options *o,
				   struct lines_gpu *g, size_t job,
				   const char *label)
{
	struct lines_proc *p = NULL;
	int k;

	for (k = 0; k < LINES_PROCS && !p; k++)
		if (!g->p[k].pid)
			p = &g->p[k];
	if (!p) {
		diag_error("a GPU has %d per-line children already",
			   LINES_PROCS);
		return NULL;
	}
	if (!p->dir && !(p->dir = lines_child_dir(o->outdir, g->device,
						  (int)(p - g->p))))
		return NULL;
	lines_child_clean(p->dir);
	p->t0 = monotonic_seconds();
	p->stopped = p->late = p->ready = false;
	p->state = LP_AHEAD;
	p->job = job;
	p->held = g->held;
	p->pid = lines_child_start(o, g->device, g->uuid, label, p->dir,
				   &p->sock, p->held, g->no_stalls ?
				   LC_COUNT_NO_STALLS : LC_COUNT);
	if (p->pid < 0) {
		p->pid = 0;
		return NULL;
	}
	if (evtrace_on()) {
		char *what = xasprintf("gpu %d %s", g->device, label);

		evtrace("start", p->pid, what);
		free(what);
	}
	return p;
}

struct lines_proc *lines_gpu_go(struct lines_gpu *g)
{
	struct lines_proc *first = NULL;

	if (g->held || count(g, LP_GOING, -1))
		return NULL;
	/* the one started first: they were started in the order given */
	for (int k = 0; k < LINES_PROCS; k++) {
		struct lines_proc *p = &g->p[k];

		if (p->pid && p->state == LP_AHEAD && p->sock >= 0 &&
		    (!first || p->job < first->job))
			first = p;
	}
	if (first) {
		first->state = LP_GOING;
		first->t0 = monotonic_seconds();
		lines_child_go(first->sock);
		evtrace("go", first->pid, "");
	}
	return first;
}

void lines_gpu_free(struct lines_gpu *g)
{
	g->held = false;
	for (int k = 0; k < LINES_PROCS; k++)
		if (g->p[k].pid && g->p[k].held) {
			g->p[k].held = false;
			lines_child_go(g->p[k].sock);
			evtrace("free", g->p[k].pid, "");
		}
}

void lines_gpu_cancel(struct lines_gpu *g)
{
	for (int k = 0; k < LINES_PROCS; k++)
		if (g->p[k].pid && g->p[k].state == LP_AHEAD &&
		    g->p[k].sock >= 0) {
			close(g->p[k].sock);  /* end of file: it ends */
			g->p[k].sock = -1;
		}
}

struct lines_proc *lines_gpu_said(struct lines_gpu *g)
{
	for (int k = 0; k < LINES_PROCS; k++) {
		struct lines_proc *p = &g->p[k];
		char c[2];
		ssize_t n;

		if (!p->pid || p->sock < 0 ||
		    (p->state == LP_AHEAD && p->ready) || p->state == LP_DONE)
			continue;
		n = recv(p->sock, c, sizeof(c), MSG_DONTWAIT);
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK ||
			      errno == EINTR))
			continue;
		for (ssize_t i = 0; i < n; i++)
			if (c[i] == 'r') {
				p->ready = true;
			} else if (c[i] == 'c' && p->state == LP_GOING) {
				p->state = LP_SAVING;   /* the GPU is free */
				evtrace("said-c", p->pid, "");
			} else if (c[i] == 'd') {
				close(p->sock);
				p->sock = -1;
				evtrace("said", p->pid, "");
				return p;
			}
		if (n <= 0) {           /* its end: the supervisor sees it */
			close(p->sock);
			p->sock = -1;
		}
	}
	return NULL;
}

int lines_gpu_take(struct lines_proc *p, struct result_row *w)
{
	if (lines_child_take(p->dir, w) < 0)
		return -1;      /* its end says why */
	w->lines.seconds = monotonic_seconds() - p->t0;
	lines_child_clean(p->dir);
	p->state = LP_DONE;
	return 0;
}

const struct lines_proc *lines_gpu_going(const struct lines_gpu *g)
{
	const struct lines_proc *saving = NULL;

	for (int k = 0; k < LINES_PROCS; k++)
		if (g->p[k].pid && g->p[k].state == LP_GOING)
			return &g->p[k];
		else if (g->p[k].pid && g->p[k].state == LP_SAVING)
			saving = &g->p[k];
	return saving;
}

struct lines_proc *lines_gpu_proc(struct lines_gpu *g, pid_t pid)
{
	for (int k = 0; k < LINES_PROCS; k++)
		if (g->p[k].pid && g->p[k].pid == pid)
			return &g->p[k];
	return NULL;
}

bool lines_gpu_ended(const struct lines_options *o, struct lines_proc *p,
		     int st, struct result_row *w, bool no_turns,
		     const char *unavailable)
{
	enum lines_state was = p->state;

	evtrace("ended", p->pid, "");
	p->pid = 0;
	if (p->sock >= 0)
		close(p->sock);
	p->sock = -1;
	if (was == LP_DONE)
		return false;           /* taken at its word */
	/* interrupted, or ended before its turn when none comes: no lines,
	 * nor a failure of its own */
	if (!w || (was == LP_AHEAD && no_turns)) {
		lines_child_clean(p->dir);
		if (w && unavailable)
			source_lines_set_status(&w->lines, unavailable);
		return false;
	}
	lines_child_done(o, p->dir, st, p->late, p->t0, w);
	return true;
}

void lines_gpu_watch(const struct lines_options *o, struct lines_gpu *g,
		     bool stop)
{
	for (int k = 0; k < LINES_PROCS; k++) {
		struct lines_proc *p = &g->p[k];

		/* one waiting for its turn has no time limit yet; one done
		 * only ends its process */
		if (p->state == LP_GOING || p->state == LP_SAVING ||
		    (stop && p->state == LP_AHEAD))
			lines_child_watch(o, p->pid, p->t0, stop, &p->stopped,
					  &p->late);
	}
}

int lines_gpu_starting(const struct lines_gpu *g)
{
	int n = 0;

	/* one told to go on before it was ready is still starting */
	for (int k = 0; k < LINES_PROCS; k++)
		n += g->p[k].pid && !g->p[k].ready &&
		     (g->p[k].state == LP_AHEAD || g->p[k].state == LP_GOING);
	return n;
}

int lines_gpu_fds(const struct lines_gpu *g, struct pollfd *pf)
{
	int n = 0;

	for (int k = 0; k < LINES_PROCS; k++)
		if (g->p[k].pid && (g->p[k].state == LP_GOING ||
				    g->p[k].state == LP_SAVING ||
				    (g->p[k].state == LP_AHEAD &&
				     !g->p[k].ready)) &&
		    g->p[k].sock >= 0) {
			pf[n].fd = g->p[k].sock;
			pf[n].events = POLLIN;
			pf[n++].revents = 0;
		}
	return n;
}

void lines_gpu_release(struct lines_gpu *g)
{
	for (int k = 0; k < LINES_PROCS; k++) {
		if (g->p[k].sock >= 0)
			close(g->p[k].sock);
		g->p[k].sock = -1;
		if (g->p[k].dir)
			rmdir(g->p[k].dir);
		free(g->p[k].dir);
		g->p[k].dir = NULL;
	}
}

/* ---- the run -------------------------------------------------------------- */

static void progress(const struct lines_options *o, size_t k, size_t n,
		     const char *label)
{
	if (!o->progress)
		return;
	fprintf(stderr, "\r\033[K[lines %zu/%zu] %s", k, n, diag_esc(label));
	fflush(stderr);
}

/* The marked measurements whose rows want lines, in plan order, with
 * their keys in the per-line cache ("" for none). */
struct job {
	const char *label;
	struct result_row *w;
	const struct plan_stage *s;
	char key[65];
};

/* The jobs of p's marked measurements; those the per-line cache holds
 * take their lines from it instead (*cached counts them). */
static size_t jobs_of(const struct plan *p, const struct lines_options *o,
		      struct results *r, struct job **out, size_t *cached)
{
	size_t n = 0;

	*cached = 0;
	*out = xcalloc(p->nlines ? p->nlines : 1, sizeof(**out));
	for (size_t i = 0; i < p->nstages; i++)
		for (size_t k = 0; k < p->stages[i].nms; k++) {
			const struct plan_stage *s = &p->stages[i];
			struct job *j = &(*out)[n];
			struct result_row *w;

			if (!s->ms[k].lines || n == p->nlines)
				continue;
			w = lines_row_of(r, s, &s->ms[k]);
			if (!lines_wanted(w))
				continue;
			*j = (struct job){ s->ms[k].label, w, s, "" };
			if (lines_cache_key(s, &s->ms[k],
					    results_row_device(r, w), o->exe,
					    j->key) == 0 &&
			    lines_cache_take(j->key, w) == 1) {
				(*cached)++;
				continue;
			}
			n++;
		}
	return n;
}

/* Row w's reason when it says CUPTI cannot collect lines here, else
 * NULL. */
static const char *said_unavailable(const struct result_row *w)
{
	const char *why = w->lines.status;

	return why && !strncmp(why, LINES_UNAVAILABLE,
			       strlen(LINES_UNAVAILABLE)) ? why : NULL;
}

/* A warning for the rows whose lines failed, naming the first reason. */
static void warn_failed(const struct job *jobs, size_t n)
{
	const char *first = NULL;
	size_t bad = 0;

	for (size_t i = 0; i < n; i++)
		if (jobs[i].w->lines.recorded && jobs[i].w->lines.status) {
			if (!bad++)
				first = jobs[i].w->lines.status;
		}
	if (bad)
		diag_warning("counters per source line not collected for %zu of "
			     "%zu measurement%s: %s", bad, n, n == 1 ? "" : "s",
			     first);
}

/* Where warps wait for jobs[0..n), sampled by one child before the
 * per-line children's turns on GPU g, whose children then sample none
 * and may be more ahead meanwhile (lines_stalls.h). */
static void sampling_start(const struct lines_options *o, struct lines_gpu *g,
			   const struct job *jobs, size_t n,
			   struct lines_stalls *ss)
{
	const char **labels = xcalloc(n ? n : 1, sizeof(*labels));
	struct result_row **rows = xcalloc(n ? n : 1, sizeof(*rows));

	for (size_t i = 0; i < n; i++) {
		labels[i] = jobs[i].label;
		rows[i] = jobs[i].w;
	}
	if (lines_stalls_start(o, g->device, g->uuid, labels, rows, n,
			       ss) == 0) {
		g->no_stalls = true;
		if (!g->ahead_set && g->ahead < LINES_AHEAD_SAMPLING)
			g->ahead = LINES_AHEAD_SAMPLING;
	}
	free(labels);
	free(rows);
}

/* The run as a policy of the supervisor (supervise.h): a child
 * measuring per GPU, each marked row's in plan order, the next ones made
 * ready ahead; the sampling child, when there is one, first. */
struct lines_queue {
	const struct lines_options *o;
	struct results *r;
	struct lines_gpu *sl;
	int ns;
	struct job *jobs;
	size_t n, k;             /* jobs, the next to start */
	struct lines_stalls ss;
	int starting;            /* a GPU's children starting at once, its
				    first apart */
	bool sampler_added;
	bool changed;            /* a row got its lines or its reason */
	bool stop;               /* a child that cannot start, files that
				    cannot be saved */
	const char *unavailable; /* a child said CUPTI cannot here */
};

/* Device memory a per-line child of job j holds: its input and output,
 * and its CUDA context (about half a GiB with CUPTI's), as
 * devices_lines.c counts it. */
static double job_bytes(const struct job *j)
{
	return (double)j->s->in_bytes + (double)j->s->out_bytes +
	       (double)(512u << 20);
}

/* Whether GPU g may hold more children ahead than its usual: while the
 * sampler samples none takes a turn, so the children started meanwhile
 * wait, up to LINES_AHEAD_MAX while they and the next fit in half the
 * GPU's memory. */
static bool sampling_room(const struct lines_queue *x,
			  const struct lines_gpu *g)
{
	double held = 0, mem = (double)x->r->env.global_mem_bytes;

	if (!x->ss.pid || !mem || lines_gpu_jobs(g) >= 1 + LINES_AHEAD_MAX)
		return false;
	for (int k = 0; k < LINES_PROCS; k++)
		if (g->p[k].pid && g->p[k].state != LP_DONE)
			held += job_bytes(&x->jobs[g->p[k].job]);
	return held + job_bytes(&x->jobs[x->k]) <= 0.5 * mem;
}

/* Whether GPU g takes the next child at pass `pass` (its pass-th job):
 * its first; then, while enough are left for every GPU, up to 1 + ahead
 * jobs (more while the sampler samples: sampling_room), with
 * at most x->starting of them starting at once.  The driver makes one
 * CUDA context at a time: children started together are each ready
 * only when the last is, and the GPU waits for the first meanwhile,
 * while started a few at a time each is ready as soon as it can be
 * (docs/per-line.md, "Where warps wait"). */
static bool takes_next(const struct lines_queue *x, const struct lines_gpu *g,
		       int pass)
{
	if (lines_gpu_jobs(g) >= pass || !lines_gpu_room(g))
		return false;
	if (pass == 1)
		return true;
	if (x->n - x->k < (size_t)x->ns ||
	    lines_gpu_starting(g) >= x->starting)
		return false;
	return pass <= 1 + g->ahead || sampling_room(x, g);
}

static int run_fill(void *ctx, struct supervisor *sv)
{
	struct lines_queue *x = ctx;
	int ns = x->ns;

	if (x->ss.pid && !x->sampler_added) {
		supervise_add(sv, x->ss.pid, &x->ss, SUPERVISE_STOP_POLICY, 0,
			      0);
		x->sampler_added = true;
	}
	/* a child on each GPU without one, then the ones ahead on each
	 * while enough are left for all (the last few wait for the first
	 * GPU free, not on a GPU of their own) */
	for (int pass = 1; pass <= 1 + LINES_AHEAD_MAX; pass++)
		for (int i = 0; i < ns && x->k < x->n && !x->stop &&
		     !x->unavailable && !supervise_signals(); i++) {
			struct lines_gpu *g = &x->sl[i];
			struct lines_proc *lp;

			if (!takes_next(x, g, pass))
				continue;
			lp = lines_gpu_start(x->o, g, x->k,
					     x->jobs[x->k].label);
			if (!lp) {
				x->stop = true;
				break;
			}
			/* its time limit runs from its turn: lines_gpu_watch */
			supervise_add(sv, lp->pid, lp, SUPERVISE_STOP_POLICY,
				      0, 0);
			x->k++;
		}
	return x->stop || x->unavailable ? -1 : 0;
}

static void run_ended(void *ctx, struct supervisor *sv, struct child *c)
{
	struct lines_queue *x = ctx;

	(void)sv;
	if (c->owner == &x->ss) {
		x->changed |= lines_stalls_ended(&x->ss, c->pid, c->wstatus);
		return;
	}
	for (int i = 0; i < x->ns; i++) {
		struct lines_proc *lp = lines_gpu_proc(&x->sl[i], c->pid);

		if (!lp)
			continue;
		x->changed |= lines_gpu_ended(x->o, lp, c->wstatus,
			supervise_signals() ? NULL : x->jobs[lp->job].w,
			x->stop || x->unavailable, x->unavailable);
		/* a child that said CUPTI cannot and ended before its word
		 * was read: known before the loop fills its place */
		if (!x->unavailable)
			x->unavailable = said_unavailable(x->jobs[lp->job].w);
	}
}

static bool run_turn(void *ctx, struct supervisor *sv)
{
	struct lines_queue *x = ctx;
	bool stopping = supervise_signals() > 0, changed;

	(void)sv;
	/* a turn over: the next goes on before anything is saved */
	for (int i = 0; i < x->ns && !stopping; i++) {
		struct lines_proc *lp = lines_gpu_said(&x->sl[i]);

		if (!lp || lines_gpu_take(lp, x->jobs[lp->job].w) < 0)
			continue;
		x->changed = true;
		if (!x->unavailable)
			x->unavailable = said_unavailable(x->jobs[lp->job].w);
		if (!x->unavailable)
			lines_gpu_go(&x->sl[i]);
	}
	changed = x->changed;
	x->changed = false;
	/* each row's samples to its counts, before it is saved; a child
	 * that ended (run_ended) may have said CUPTI cannot */
	if (changed)
		lines_stalls_merge(&x->ss);
	for (size_t j = 0; changed && j < x->n && !x->unavailable; j++)
		x->unavailable = said_unavailable(x->jobs[j].w);
	/* once a child said CUPTI cannot, the rest say so unrun */
	while (x->unavailable && x->k < x->n && !stopping)
		source_lines_set_status(&x->jobs[x->k++].w->lines,
					x->unavailable);
	/* the GPU's turn to the first ahead, once the sampler is done */
	for (int i = 0; i < x->ns && !stopping && !x->unavailable &&
	     !x->ss.pid; i++) {
		struct lines_proc *lp = lines_gpu_go(&x->sl[i]);

		if (lp)
			progress(x->o, lp->job + 1, x->n, x->jobs[lp->job].label);
	}
	if (changed && !stopping && output_save(x->o->outdir, x->r) < 0)
		x->stop = true;
	/* no more turns: the children waiting for theirs end */
	if (x->stop || x->unavailable)
		for (int i = 0; i < x->ns; i++)
			lines_gpu_cancel(&x->sl[i]);
	/* each child's time limit from its turn; on a signal, each told */
	if (!changed) {
		for (int i = 0; i < x->ns; i++)
			lines_gpu_watch(x->o, &x->sl[i], stopping);
		lines_stalls_watch(x->o, &x->ss, stopping);
	}
	return changed;
}

int lines_run(const struct experiment_file *f, const struct lines_options *o,
	      struct results *r)
{
	struct plan_options po = { .only = o->only, .counters = true,
				   .shard = o->shard,
				   .lines = true };
	struct lines_queue x = { .o = o, .r = r };
	struct supervise_policy pol = {
		.ctx = &x, .fill = run_fill, .ended = run_ended,
		.turn = run_turn, .tick = 0.005,
	};
	int rc = EXIT_OK;
	size_t cached;
	struct plan p;

	x.ns = o->ndevices > 0 ? o->ndevices : 1;
	x.sl = xcalloc((size_t)x.ns, sizeof(*x.sl));
	plan_build(f, &po, &p);
	for (int i = 0; i < x.ns; i++)
		lines_gpu_init(&x.sl[i], o->ndevices > 0 ? o->devices[i] :
			       o->device, o->ndevices > 0 ? NULL :
			       r->env.gpu_uuid);
	x.starting = (int)env_integer("CULAB_LINES_STARTING", 1,
				      LINES_AHEAD_MAX, LINES_STARTING_ONE,
				      "children");
	x.n = jobs_of(&p, o, r, &x.jobs, &cached);
	if (cached && output_save(o->outdir, r) < 0)
		x.stop = true;
	if (!x.n || x.stop)
		goto out;
	supervise_catch();
	if (x.ns == 1)
		sampling_start(o, &x.sl[0], x.jobs, x.n, &x.ss);
	supervise_run(&pol);
	if (o->progress)
		fputs("\r\033[K", stderr);
	supervise_release();
	if (supervise_signals()) {
		size_t got = 0;

		for (size_t i = 0; i < x.n; i++)
			got += x.jobs[i].w->lines.recorded;
		diag_error("interrupted: counters per source line of %zu of %zu "
			   "measurements are in \"%s\"; finish with --resume",
			   got, x.n, o->outdir);
		rc = EXIT_INTERRUPTED;
	} else {
		warn_failed(x.jobs, x.n);
	}
	for (size_t i = 0; i < x.n; i++)
		lines_cache_put(x.jobs[i].key, x.jobs[i].w);
out:
	lines_stalls_release(&x.ss);
	for (int i = 0; i < x.ns; i++)
		lines_gpu_release(&x.sl[i]);
	if (x.n) {
		char *base = xasprintf("%s/.lines", o->outdir);

		rmdir(base);
		free(base);
	}
	free(x.sl);
	free(x.jobs);
	plan_release(&p);
	return rc;
}
