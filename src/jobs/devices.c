/* devices.c - run --devices: a worker per GPU, fed a measurement at a
 * time.  See devices.h.
 *
 * The parent makes no measurement: it builds the plan, keeps the queue
 * (plan.h), answers the workers on their pipes, watches them end, starts
 * a fresh one where a worker ended early, draws a line per GPU, and
 * merges what they wrote. */
#include "devices.h"
#include "devices_int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/strmap.h"
#include "base/util.h"
#include "ladder/ladder.h"
#include "lines.h"
#include "output.h"
#include "plan/plan.h"
#include "run/run.h"

/* ---- items and rows ----------------------------------------------------- */

static void item_key(const struct node_run *c, size_t i, struct sbuf *k)
{
	const struct plan_stage *s = &c->plan.stages[c->q.it[i].stage];
	const struct plan_measurement *ms = &s->ms[c->q.it[i].k];

	results_key(k, s->e->name, ms->v->name, dtype_name(s->t), s->sh.n,
		    s->sh.m, ms->block);
}

/* Every item's key -> its index. */
static void key_map(const struct node_run *c, struct strmap *m)
{
	struct sbuf k = SBUF_INIT;

	for (size_t i = 0; i < c->q.n; i++) {
		item_key(c, i, &k);
		strmap_putn(m, k.buf ? k.buf : "", k.len, i);
	}
	sbuf_release(&k);
}

/* The item of row w (SIZE_MAX: none). */
static size_t row_item(const struct strmap *m, const struct result_row *w)
{
	struct sbuf k = SBUF_INIT;
	size_t i;

	results_row_key(&k, w);
	i = strmap_getn(m, k.buf ? k.buf : "", k.len);
	sbuf_release(&k);
	return i;
}

/* ---- a worker ------------------------------------------------------------ */

static int gpu_start(struct node_run *c, struct gpu *g)
{
	struct workers_argv a = { .n = 0 };
	struct workers_options wo;
	int to[2] = { -1, -1 }, from[2] = { -1, -1 }, keep[2];
	char name[32], buf[32], *log;
	int rc = -1;

	snprintf(name, sizeof(name), "part-%zu", c->ndirs + 1);
	if (workers_make_dir(c->o->outdir, name) < 0)
		return -1;
	if (pipe2(to, O_CLOEXEC) < 0 || pipe2(from, O_CLOEXEC) < 0) {
		diag_error("cannot start a worker for GPU %d: %s", g->device,
			   strerror(errno));
		goto out;
	}
	g->dir = xasprintf("%s/%s", c->root, name);
	c->dirs = xrealloc(c->dirs, (c->ndirs + 1) * sizeof(*c->dirs));
	c->dirs[c->ndirs++] = xstrdup(g->dir);
	workers_argv_start(g->device, g->dir, &a);
	snprintf(buf, sizeof(buf), "%d,%d", to[0], from[1]);
	workers_arg(&a, "--queue");
	workers_arg(&a, buf);
	/* the lines come after, a child on every GPU at once (lines_run) */
	wo = *c->o;
	wo.no_lines = true;
	workers_argv_finish(&wo, c->resume_dir, &a);
	keep[0] = to[0];
	keep[1] = from[1];
	log = xasprintf("%s/worker.log", g->dir);
	g->pid = workers_spawn(&a, log, keep);
	free(log);
	workers_argv_release(&a);
	if (g->pid < 0) {
		g->pid = 0;
		diag_error("cannot start a worker for GPU %d: %s", g->device,
			   strerror(errno));
		goto out;
	}
	if (c->trace)
		fprintf(c->trace, "%d\t%.3f\t\tworker\t%s\n", g->device,
			monotonic_seconds() - c->t0, g->dir);
	g->rfd = from[0];
	g->wfd = to[1];
	from[0] = to[1] = -1;
	g->blen = 0;
	g->flight = SIZE_MAX;
	g->asked = g->told_end = g->killed = false;
	g->since = monotonic_seconds();
	g->nhanded = 0;
	/* not one back from its lines: that one was told to end */
	c->again += g->starts > 0 && g->early;
	g->starts++;
	rc = 0;
out:
	for (int i = 0; i < 2; i++) {
		if (to[i] >= 0)
			close(to[i]);
		if (from[i] >= 0)
			close(from[i]);
	}
	return rc;
}

static void say(struct gpu *g, const char *line)
{
	size_t len = strlen(line);

	/* a worker gone: the supervisor sees its end */
	if (g->wfd >= 0 && write(g->wfd, line, len) != (ssize_t)len) {
		close(g->wfd);
		g->wfd = -1;
	}
}

/* Tells worker g to end: it measures no more, so the per-line children
 * started while it measured (pre_lines, held) may use the GPU. */
static void tell_end(struct gpu *g)
{
	g->asked = false;
	say(g, "end\n");
	g->told_end = true;
	g->pre_lines = false;
	lines_gpu_free(&g->lines);
}

static void trace_event(const struct node_run *c, const struct gpu *g,
			const char *what)
{
	if (c->trace)
		fprintf(c->trace, "%d\t%.3f\t\t%s\t\n", g->device,
			monotonic_seconds() - c->t0, what);
}

/* Answers a worker that asked, when there is an answer. */
static void answer(struct node_run *c, int k)
{
	struct gpu *g = &c->g[k];
	size_t i;
	char *line;

	if (!g->asked)
		return;
	if (devlines_due(c, k, 0)) {
		g->on_lines = g->was_on_lines = true;
		trace_event(c, g, "to-lines");
		tell_end(g);
		return;
	}
	i = supervise_signals() ? PLAN_QUEUE_END : plan_queue_next(&c->q, k);
	/* nothing to hand out now: its GPU takes lines instead (work that
	 * comes back from a worker that fails goes to a fresh one) */
	if (i == PLAN_QUEUE_WAIT && !c->q.ntodo && c->lines_on)
		i = PLAN_QUEUE_END;
	if (i == PLAN_QUEUE_WAIT)
		return;
	if (i == PLAN_QUEUE_END) {
		tell_end(g);
		return;
	}
	g->asked = false;
	/* it leaves for its lines after this one, most likely: their
	 * children start now, held before they touch the GPU; not behind
	 * a long one, which would hold them idle and keep the other GPUs
	 * from leaving (docs/clusters.md, "Every GPU of a node") */
	if (!g->pre_lines && devlines_may_hold(c, i) &&
	    devlines_due(c, k, c->q.it[i].seconds)) {
		g->pre_lines = true;
		trace_event(c, g, "pre-lines");
	}
	if (c->fail[i])
		line = xasprintf("fail %zu %zu %s\n", c->q.it[i].stage,
				 c->q.it[i].k, c->fail[i]);
	else
		line = xasprintf("run %zu %zu\n", c->q.it[i].stage,
				 c->q.it[i].k);
	say(g, line);
	free(line);
	g->handed = xrealloc(g->handed, (g->nhanded + 1) * sizeof(*g->handed));
	g->handed[g->nhanded++] = i;
	g->flight = i;
	g->flight_t0 = monotonic_seconds();
}

/* A line from worker k. */
static void heard(struct node_run *c, int k, const char *line)
{
	struct gpu *g = &c->g[k];

	g->since = monotonic_seconds();
	if (strncmp(line, "hello ", 6) == 0) {
		const char *model = line + 6 + strcspn(line + 6, " ");

		/* "hello UUID MODEL": the GPU, for its per-line children */
		free(g->uuid);
		g->uuid = xstrndup(line + 6, (size_t)(model - line - 6));
		model += *model == ' ';
		/* the costs learned on this GPU's model, before anything is
		 * handed out */
		if (!c->costs_loaded && c->q.nout == 0 &&
		    c->q.ntodo == c->q.n) {
			plan_costs_load(model, &c->costs);
			plan_queue_release(&c->q);
			plan_queue_init(&c->q, &c->plan, &c->costs, c->counters,
					c->profile_only, c->ng);
		}
		c->costs_loaded = true;
		return;
	}
	if (strncmp(line, "memory ", 7) == 0) {
		g->mem = strtoull(line + 7, NULL, 10);
		return;
	}
	if (strcmp(line, "next") != 0)
		return;
	if (g->flight != SIZE_MAX) {
		c->took[g->flight] = g->since - g->flight_t0;
		if (c->trace)
			fprintf(c->trace, "%d\t%.3f\t%.3f\tmeasure\t%s\n",
				g->device, g->flight_t0 - c->t0, g->since - c->t0,
				devices_item_label(c, g->flight));
		plan_queue_done(&c->q, g->flight);
		g->made++;
		g->flight = SIZE_MAX;
	}
	g->asked = true;
}

/* Reads what worker k wrote and acts on each whole line.  Returns the
 * bytes read: 0 at the end of the pipe (then closed), -1 on EINTR. */
static ssize_t hear(struct node_run *c, int k)
{
	struct gpu *g = &c->g[k];
	ssize_t n;

	n = read(g->rfd, g->buf + g->blen, sizeof(g->buf) - 1 - g->blen);
	if (n <= 0) {
		if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
			close(g->rfd);
			g->rfd = -1;
		}
		return n < 0 ? -1 : 0;
	}
	g->blen += (size_t)n;
	g->buf[g->blen] = '\0';
	for (char *nl; (nl = strchr(g->buf, '\n'));) {
		*nl = '\0';
		heard(c, k, g->buf);
		g->blen -= (size_t)(nl + 1 - g->buf);
		memmove(g->buf, nl + 1, g->blen + 1);
	}
	if (g->blen == sizeof(g->buf) - 1)   /* no line that long is ours */
		g->blen = 0;
	return n;
}

/* Worker k ended with status rc: what it made stays made; what it was
 * handed without a row goes back, the one it was making with the reason
 * it fails when the worker left it none. */
static void ended(struct node_run *c, int k, int rc, const struct strmap *keys)
{
	struct gpu *g = &c->g[k];
	char *path = xasprintf("%s/results.json", g->dir);
	bool *have = xcalloc(c->q.n + 1, sizeof(*have));
	const struct result_row *failed = NULL;
	bool early = !g->told_end && !supervise_signals();
	struct results r = { 0 };
	bool read = access(path, F_OK) == 0 && results_read(path, &r) == 0;

	g->early = early;
	/* its phases (CULAB_RUN_TRACE), from its log, which goes */
	if (env_flag("CULAB_RUN_TRACE"))
		workers_log_trace(g->dir, g->device);
	if (read)
		for (size_t i = 0; i < r.nrows; i++) {
			size_t it = row_item(keys, &r.rows[i]);

			if (it == STRMAP_NONE)
				continue;
			have[it] = true;
			if (it == g->flight)
				failed = &r.rows[i];
			/* its lines, on the next GPU free (or those its
			 * child collected already) */
			if (c->lines_on && devices_item_marked(c, it))
				devlines_bind(c, it, &r.rows[i], i,
					      results_row_device(&r, &r.rows[i]));
		}
	free(path);
	for (size_t h = 0; h < g->nhanded; h++) {
		size_t i = g->handed[h];

		if (have[i]) {
			if (c->q.it[i].state == PLAN_OUT) {
				plan_queue_done(&c->q, i);
				g->made++;
			}
			free(c->fail[i]);
			c->fail[i] = NULL;
			continue;
		}
		if (i == g->flight && early && !c->fail[i])
			c->fail[i] = g->killed ?
				xasprintf("did not finish within %g s (nothing "
					  "came back that long); its worker was "
					  "ended", c->stall) :
				xasprintf("its worker ended (%s) while making it",
					  supervise_status_text(rc));
		plan_queue_back(&c->q, i);
	}
	plan_queue_leave(&c->q, k);
	if (rc == EXIT_NO_GPU || rc == EXIT_USAGE) {
		char *t = workers_log_tail(g->dir);

		g->dead = true;
		if (strncmp(t, "culab", 5) == 0)
			fprintf(stderr, "%s\n", diag_esc(t));
		else
			diag_error("GPU %d: its worker ended (%s)", g->device,
				   supervise_status_text(rc));
		free(t);
	} else if (early && !c->o->quiet) {
		const char *what = failed && failed->message ? failed->message :
				   g->flight != SIZE_MAX && c->fail[g->flight] ?
				   c->fail[g->flight] : supervise_status_text(rc);

		if (c->lines_drawn)
			fputs("\r\033[K", stderr);
		diag_note("GPU %d: %s: %s; its other work goes on in a fresh "
			  "worker", g->device, g->flight != SIZE_MAX ?
			  devices_item_label(c, g->flight) : "its worker ended",
			  diag_esc(what));
	}
	if (early && (size_t)g->starts > c->q.n + 1) {
		diag_error("GPU %d: %d workers started without finishing; it "
			   "gets no more", g->device, g->starts);
		g->dead = true;
	}
	g->pid = 0;
	g->flight = SIZE_MAX;
	g->asked = false;
	/* children started while it measured may use the GPU now */
	g->pre_lines = false;
	lines_gpu_free(&g->lines);
	if (g->rfd >= 0)
		close(g->rfd);
	if (g->wfd >= 0)
		close(g->wfd);
	g->rfd = g->wfd = -1;
	free(g->dir);
	g->dir = NULL;
	/* kept for the merge (the rows' lines are filled in meanwhile) */
	if (read) {
		c->kept = xrealloc(c->kept, (c->nkept + 1) * sizeof(*c->kept));
		c->kept[c->nkept++] = r;
	}
	free(have);
}

/* ---- the progress lines --------------------------------------------------- */

/* Seconds left, about: what is to do and what is being made, shared by
 * the GPUs that work. */
static double eta(const struct node_run *c, double now)
{
	int live = 0;

	for (int k = 0; k < c->ng; k++)
		live += !c->g[k].dead;
	return live ? devices_work_left(c, now, -1) / live : 0;
}

static void draw(struct node_run *c)
{
	double now = monotonic_seconds(), e = eta(c, now);
	size_t made = 0;

	for (int k = 0; k < c->ng; k++)
		made += c->g[k].made;
	if (c->lines_drawn)
		fprintf(stderr, "\033[%dA", c->lines_drawn);
	fprintf(stderr, "\r\033[K%zu of %zu measurements made, %.0f s, about "
		"%.0f s left\n", made, c->q.n, now - c->t0, e);
	for (int k = 0; k < c->ng; k++) {
		const struct gpu *g = &c->g[k];
		const struct lines_proc *lp;

		fprintf(stderr, "\r\033[K  GPU %d: %zu made", g->device, g->made);
		if (g->dead)
			fputs(", no worker", stderr);
		else if (g->flight != SIZE_MAX)
			fprintf(stderr, ", %s (%.0f s)",
				diag_esc(devices_item_label(c, g->flight)),
				now - g->flight_t0);
		else if ((lp = lines_gpu_going(&g->lines)))
			fprintf(stderr, ", counters per source line of %s (%.0f s)",
				diag_esc(c->line_jobs[lp->job].label), now - lp->t0);
		else if (!g->pid)
			fputs(", done", stderr);
		fputc('\n', stderr);
	}
	c->lines_drawn = c->ng + 1;
	fflush(stderr);
}

static void undraw(struct node_run *c)
{
	if (!c->lines_drawn)
		return;
	fprintf(stderr, "\033[%dA", c->lines_drawn);
	for (int i = 0; i < c->lines_drawn; i++)
		fputs("\r\033[K\n", stderr);
	fprintf(stderr, "\033[%dA", c->lines_drawn);
	c->lines_drawn = 0;
	fflush(stderr);
}

/* ---- the loop ---------------------------------------------------------------- */

static bool more_work(const struct node_run *c)
{
	return c->q.ntodo > 0 && !supervise_signals();
}

/* The loop as a policy of the supervisor (supervise.h): a worker per
 * GPU, answered on its pipes, then each GPU's per-line children. */
struct loop {
	struct node_run *c;
	struct strmap keys;
	bool progress;
	double shown;
};

/* Registers every child started on a GPU that the supervisor does not
 * hold yet (the per-line children devlines_start starts). */
static void add_children(struct node_run *c, struct supervisor *sv)
{
	for (int k = 0; k < c->ng; k++) {
		struct gpu *g = &c->g[k];

		if (g->pid > 0 && !g->child)
			g->child = supervise_add(sv, g->pid, g,
						 SUPERVISE_STOP_FORWARD, 0,
						 c->stall);
		for (int j = 0; j < LINES_PROCS; j++) {
			struct lines_proc *lp = &g->lines.p[j];

			/* its time limit from its turn, a signal told by
			 * devlines_watch */
			if (lp->pid > 0 && !supervise_find(sv, lp->pid))
				supervise_add(sv, lp->pid, lp,
					      SUPERVISE_STOP_POLICY, 0, 0);
		}
	}
}

/* GPU g's next: a worker, or its lines (one measuring, the next started
 * ahead while enough are left for every GPU, once no work is left for
 * workers, or while the others measure, lines_due), from when its
 * worker is told to end (its teardown is long enough to start them
 * in), or held while it makes its last measurement (pre_lines). */
static void gpu_fill(struct node_run *c, struct gpu *g)
{
	int nl = lines_gpu_jobs(&g->lines), alive = lines_gpu_live(&g->lines), rc;

	/* one gone to its lines measures again once they are all started
	 * and done */
	if (g->on_lines && !g->pid && (c->lnext >= c->nline_jobs || c->unavailable ||
				       supervise_signals()) && !alive)
		g->on_lines = false;
	if (!g->pid && !alive && !g->dead && more_work(c) && !g->on_lines) {
		if (gpu_start(c, g) < 0)
			g->dead = true;
		return;
	}
	if ((g->pid && !g->told_end && !g->pre_lines) || g->dead)
		return;
	{
		bool leaving = g->on_lines || g->pre_lines;

		if (g->pid && !g->told_end)
			g->lines.held = true;
		while (devlines_more_ahead(c, g, nl) &&
		       lines_gpu_room(&g->lines) &&
		       (!more_work(c) || leaving) &&
		       c->lnext < c->nline_jobs && !c->unavailable &&
		       !supervise_signals() && !devlines_host_timed(c) &&
		       (!nl || leaving || c->nline_jobs - c->lnext >= (size_t)c->ng)) {
			if ((rc = devlines_start(c, g)) < 0)
				g->dead = true;
			if (rc)
				break;
			nl++;
		}
		/* a turn once its worker is gone: a worker's teardown and a
		 * collection at once slow each other threefold */
		if (!g->pid)
			lines_gpu_go(&g->lines);
	}
}

static int loop_fill(void *ctx, struct supervisor *sv)
{
	struct loop *l = ctx;
	struct node_run *c = l->c;

	devlines_skip(c);
	for (int k = 0; k < c->ng; k++)
		gpu_fill(c, &c->g[k]);
	add_children(c, sv);
	return 0;
}

/* The workers' pipes, and the per-line children's sockets (a child's
 * word ends its turn; an end without one is seen as its end). */
static int loop_fds(void *ctx, struct pollfd *pf, int max)
{
	struct node_run *c = ((struct loop *)ctx)->c;
	int np = 0;

	for (int k = 0; k < c->ng && np < max; k++)
		if (c->g[k].rfd >= 0) {
			pf[np].fd = c->g[k].rfd;
			pf[np].events = POLLIN;
			pf[np++].revents = 0;
		}
	for (int k = 0; k < c->ng && np + LINES_PROCS <= max; k++)
		np += lines_gpu_fds(&c->g[k].lines, pf + np);
	return np;
}

static void loop_heard(void *ctx, struct supervisor *sv,
		       const struct pollfd *pf, int n)
{
	struct node_run *c = ((struct loop *)ctx)->c;

	(void)sv;
	for (int p = 0; p < n; p++)
		for (int k = 0; k < c->ng; k++)
			if (c->g[k].rfd == pf[p].fd &&
			    (pf[p].revents & (POLLIN | POLLHUP)))
				hear(c, k);
}

static bool loop_turn(void *ctx, struct supervisor *sv)
{
	struct loop *l = ctx;
	struct node_run *c = l->c;

	devlines_said(c);
	for (int k = 0; k < c->ng; k++)
		answer(c, k);
	devlines_watch(c);
	/* a worker idle between measurements does not stall */
	for (int k = 0; k < c->ng; k++)
		if (c->g[k].child && (c->g[k].flight == SIZE_MAX ||
				      c->g[k].since > c->g[k].child->moved))
			supervise_moved(c->g[k].child);
	if (l->progress && monotonic_seconds() - l->shown >= 0.5) {
		draw(c);
		l->shown = monotonic_seconds();
	}
	(void)sv;
	return false;
}

static void loop_ended(void *ctx, struct supervisor *sv, struct child *ch)
{
	struct loop *l = ctx;
	struct node_run *c = l->c;

	(void)sv;
	for (int k = 0; k < c->ng; k++) {
		struct gpu *g = &c->g[k];
		struct lines_proc *lp = lines_gpu_proc(&g->lines, ch->pid);

		if (lp)
			devlines_ended(c, lp, ch->wstatus, g->device);
		if (ch->owner != g)
			continue;
		/* what it still had to say, never waiting (a child of its
		 * own may hold the pipe) */
		if (g->rfd >= 0)
			fcntl(g->rfd, F_SETFL, O_NONBLOCK);
		while (g->rfd >= 0 && hear(c, k) > 0)
			;
		g->child = NULL;
		g->killed = ch->why == CHILD_STALLED;
		ended(c, k, ch->status, &l->keys);
	}
}

static void run_loop(struct node_run *c)
{
	struct loop l = { .c = c, .keys = STRMAP_INIT,
			  .progress = c->o->run->progress };
	struct supervise_policy p = {
		.ctx = &l, .fill = loop_fill, .ended = loop_ended,
		.fds = loop_fds, .heard = loop_heard, .turn = loop_turn,
		.tick = 0.1,
	};

	key_map(c, &l.keys);
	supervise_run(&p);
	if (l.progress)
		undraw(c);
	strmap_release(&l.keys);
}

/* ---- merging --------------------------------------------------------------- */

struct placed {
	size_t item;
	size_t row;
};

static int by_item(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;

	if (x->item != y->item)
		return x->item < y->item ? -1 : 1;
	return (x->row > y->row) - (x->row < y->row);
}

/* Puts the merged rows in plan order, as one GPU writes them. */
static void plan_order(const struct node_run *c, struct results *r)
{
	struct strmap keys = STRMAP_INIT;
	struct placed *p = xcalloc(r->nrows + 1, sizeof(*p));
	struct result_row *rows = xcalloc(r->nrows + 1, sizeof(*rows));

	key_map(c, &keys);
	for (size_t i = 0; i < r->nrows; i++) {
		p[i].item = row_item(&keys, &r->rows[i]);
		p[i].row = i;
	}
	qsort(p, r->nrows, sizeof(*p), by_item);
	for (size_t i = 0; i < r->nrows; i++)
		rows[i] = r->rows[p[i].row];
	memcpy(r->rows, rows, r->nrows * sizeof(*rows));
	strmap_release(&keys);
	free(rows);
	free(p);
}

/* Merges what every worker wrote (kept as each ended) into *out.
 * Returns how many workers' results are in, or -1 after a diagnostic. */
static int merge_all(struct node_run *c, struct results *out)
{
	struct results **in = xcalloc(c->nkept + 1, sizeof(*in));
	size_t a, ra, b, rb;
	int rc = (int)c->nkept;

	for (size_t i = 0; i < c->nkept; i++)
		in[i] = &c->kept[i];
	memset(out, 0, sizeof(*out));
	if (c->nkept && merge_find_overlap(in, c->nkept, &a, &ra, &b, &rb)) {
		char *label = merge_row_label(&in[b]->rows[rb]);

		rc = diag_error("two workers measured %s: not merged", label);
		free(label);
	} else if (c->nkept) {
		merge_results(in, c->nkept, out);
		plan_order(c, out);
		free(out->command);
		out->command = xstrdup(c->o->run->command ?
				       c->o->run->command : "");
		if (c->o->run->shard.count > 0) {
			free(out->shards);
			out->nshards = 0;
			out->shard_count = c->o->run->shard.count;
			out->shards = xcalloc(1, sizeof(*out->shards));
			out->shards[out->nshards++] = c->o->run->shard.index;
		}
	}
	free(in);
	return rc;
}

/* ---- the run ------------------------------------------------------------------ */

static int final_rc(const struct node_run *c, const struct results *r)
{
	bool no_gpu = true;

	if (supervise_signals())
		return EXIT_INTERRUPTED;
	for (int k = 0; k < c->ng; k++)
		no_gpu = no_gpu && c->g[k].dead && c->g[k].made == 0;
	if (c->q.ntodo || c->q.nout)
		return no_gpu && !r->nrows ? EXIT_NO_GPU : EXIT_FAILED;
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].status == ROW_ERROR ||
		    r->rows[i].status == ROW_WRONG)
			return EXIT_FAILED;
	return EXIT_OK;
}

static void summary(const struct node_run *c, int rc)
{
	size_t made = 0;

	if (c->o->quiet || rc == EXIT_NO_GPU || rc == EXIT_USAGE)
		return;
	for (int k = 0; k < c->ng; k++)
		made += c->g[k].made;
	fprintf(stderr, "culab: note: %zu of %zu measurements in %.1f s on %d "
		"GPUs (", made, c->q.n, monotonic_seconds() - c->t0, c->ng);
	/* a GPU that collected counters per source line says so: "GPU 0:
	 * 0" alone read as a GPU left idle */
	for (int k = 0; k < c->ng; k++) {
		fprintf(stderr, "%sGPU %d: %zu", k ? ", " : "", c->g[k].device,
			c->g[k].made);
		if (c->g[k].lined)
			fprintf(stderr, " and the counters per source line of "
				"%zu row%s", c->g[k].lined,
				c->g[k].lined == 1 ? "" : "s");
	}
	fprintf(stderr, "); estimates ");
	if (c->q.nlearned)
		fprintf(stderr, "learned on %s for %zu, the model's for the "
			"rest", diag_esc(c->costs.gpu), c->q.nlearned);
	else
		fprintf(stderr, "the model's (nothing learned on this GPU yet)");
	if (c->again)
		fprintf(stderr, "; %d worker%s started again after one ended "
			"early", c->again, c->again == 1 ? "" : "s");
	fputs("\n", stderr);
}

/* The plan the workers build: the same file, --variant, --shard and
 * --resume. */
static void build(struct node_run *c, const struct results *prev)
{
	struct plan_done *done = prev ? results_done(prev) : NULL;
	struct plan_options po = { .only = c->o->run->only_variant,
				   .done = done,
				   .ndone = prev ? prev->nrows : 0,
				   .counters = c->counters,
				   .profile_only = c->profile_only,
				   .shard = c->o->run->shard,
				   .lines = c->lines_on,
				   .no_device = true };

	plan_build(c->f, &po, &c->plan);
	free(done);
}

/* The run's knobs, from the options and the environment. */
static void node_run_init(struct node_run *c)
{
	const struct workers_options *o = c->o;

	c->t0 = monotonic_seconds();
	c->counters = !o->run->no_counters;
	c->profile_only = o->run->profile_only;
	c->stall = workers_stall_limit();
	if (sysconf(_SC_PHYS_PAGES) > 0 && sysconf(_SC_PAGESIZE) > 0)
		c->ram = (double)sysconf(_SC_PHYS_PAGES) *
			 (double)sysconf(_SC_PAGESIZE);
	/* CULAB_LINES_EARLY=0: every GPU's lines after the measurements, as
	 * before lines_due, to measure what it gains (tests/gpu/scale.sh);
	 * not a user's knob */
	c->lines_last = getenv("CULAB_LINES_EARLY") &&
			!strcmp(getenv("CULAB_LINES_EARLY"), "0");
	/* counters per source line as a one-GPU run collects them, each
	 * on the next GPU free once its row is in */
	c->lines_on = !o->no_lines && c->counters && !c->profile_only;
	c->lo = (struct lines_options){ .file = o->file, .outdir = o->outdir,
					.only = o->run->only_variant,
					.shard = o->run->shard };
	c->root = xasprintf("%s/.workers", o->outdir);
}

/* The plan, its queue and the GPUs' records, once the GPUs (devs, c->ng)
 * and what --resume keeps (prev, or NULL) are known. */
static void node_run_plan(struct node_run *c, const int *devs,
		      const struct results *prev)
{
	build(c, prev);
	if (c->ng > 1 && (size_t)c->ng > c->plan.nms) {
		diag_note("%zu measurement%s to make: %zu of the %d GPUs are used",
			  c->plan.nms, c->plan.nms == 1 ? "" : "s",
			  c->plan.nms, c->ng);
		c->ng = c->plan.nms ? (int)c->plan.nms : 1;
	}
	/* measurement knobs, not a user's, the defaults for these GPUs in
	 * their place: CULAB_LINES_GPUS=N, at most N GPUs on their lines at
	 * once (devlines_max); CULAB_LINES_STARTING=N, the node's children
	 * starting at once (devlines_starting) (tests/gpu/scale.sh VARIANTS
	 * compares them) */
	c->lines_max = (int)env_integer("CULAB_LINES_GPUS", 1, 1024,
					devlines_max(c), "GPUs");
	c->lines_starting = (int)env_integer("CULAB_LINES_STARTING", 1,
					     LINES_PROCS,
					     devlines_starting(c),
					     "children");
	plan_queue_init(&c->q, &c->plan, NULL, c->counters, c->profile_only,
			c->ng);
	c->fail = xcalloc(c->q.n + 1, sizeof(*c->fail));
	c->took = xcalloc(c->q.n + 1, sizeof(*c->took));
	c->has_line_job = xcalloc(c->q.n + 1, sizeof(*c->has_line_job));
	devlines_plan(c);
	c->g = xcalloc((size_t)c->ng, sizeof(*c->g));
	for (int k = 0; k < c->ng; k++) {
		c->g[k].device = devs[k];
		lines_gpu_init(&c->g[k].lines, devs[k], NULL);
		c->g[k].rfd = c->g[k].wfd = -1;
		c->g[k].flight = SIZE_MAX;
	}
}

/* After the loop: the workers' files merged into *out and saved, the
 * summary said.  Returns the run's exit code. */
static int node_run_finish(struct node_run *c, struct results *out)
{
	const struct workers_options *o = c->o;
	int got = merge_all(c, out), rc;

	if (got < 0)
		return EXIT_FAILED;
	rc = final_rc(c, out);
	if (got > 0) {
		free(out->status);
		out->status = xstrdup(rc == EXIT_INTERRUPTED ? "interrupted" :
				      c->q.ntodo || c->q.nout ? "aborted" :
				      "complete");
		if (output_save(o->outdir, out) < 0)
			return EXIT_FAILED;
	}
	summary(c, rc);
	if (rc == EXIT_INTERRUPTED)
		diag_error("interrupted: %zu measurements are in \"%s\"; finish "
			   "with culab run --resume --devices %s", out->nrows,
			   o->outdir, o->devices);
	/* DIR/results.json holds every worker's rows: their folders go;
	 * when none wrote any (no GPU), the gathered resume/ stays */
	workers_remove(c->root, got > 0 ? NULL : "part-");
	rmdir(c->root);
	return rc;
}

static void node_run_release(struct node_run *c)
{
	for (int k = 0; c->g && k < c->ng; k++) {
		free(c->g[k].dir);
		free(c->g[k].handed);
		lines_gpu_release(&c->g[k].lines);
		free(c->g[k].uuid);
	}
	if (c->nline_jobs) {
		char *d = xasprintf("%s/.lines", c->o->outdir);

		rmdir(d);
		free(d);
	}
	for (size_t i = 0; i < c->nkept; i++)
		results_release(&c->kept[i]);
	free(c->kept);
	for (size_t i = 0; i < c->nline_jobs; i++)
		source_lines_release(&c->line_jobs[i].hold.lines);
	free(c->line_jobs);
	free(c->has_line_job);
	for (size_t i = 0; c->fail && i < c->q.n; i++)
		free(c->fail[i]);
	for (size_t i = 0; i < c->ndirs; i++)
		free(c->dirs[i]);
	free(c->dirs);
	free(c->fail);
	free(c->took);
	free(c->g);
	plan_queue_release(&c->q);
	plan_costs_release(&c->costs);
	plan_release(&c->plan);
	free(c->root);
	free(c->resume_dir);
}

int devices_run(const struct experiment_file *f,
		const struct workers_options *o, struct results *out)
{
	struct node_run c = { .f = f, .o = o };
	struct results prev = { 0 };
	int *devs = NULL, rc, got, fd;

	memset(out, 0, sizeof(*out));
	node_run_init(&c);
	c.ng = workers_devices(o->devices, &devs);
	if (c.ng < 0) {
		rc = -c.ng;
		c.ng = 0;
		goto out;
	}
	rc = EXIT_USAGE;
	if (workers_make_dir(o->outdir, NULL) < 0)
		goto out;
	if (o->resume) {
		got = workers_prepare_resume(f, o->outdir, c.root);
		if (got < 0)
			goto out;
		if (got) {
			char *p = xasprintf("%s/resume/results.json", c.root);

			c.resume_dir = xasprintf("%s/resume", c.root);
			if (results_read(p, &prev) < 0)
				memset(&prev, 0, sizeof(prev));
			free(p);
		}
	}
	workers_remove(c.root, "part-");
	node_run_plan(&c, devs, c.resume_dir ? &prev : NULL);
	if (o->run->progress)
		fprintf(stderr, "culab: %zu measurements on %d GPU%s, handed out "
			"as each GPU frees\n", c.q.n, c.ng, c.ng == 1 ? "" : "s");
	if ((fd = env_trace_open("CULAB_DEVICES_TRACE", true)) >= 0 &&
	    !(c.trace = fdopen(fd, "w")))
		close(fd);
	supervise_catch();
	run_loop(&c);
	supervise_release();
	if (c.trace)
		fclose(c.trace);
	if (!supervise_signals())
		devlines_warn(&c);
	rc = node_run_finish(&c, out);
out:
	node_run_release(&c);
	results_release(&prev);
	free(devs);
	return rc;
}
