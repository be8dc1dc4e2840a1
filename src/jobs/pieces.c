/* pieces.c - a class's run, a worker process per submission.  See
 * pieces.h.
 *
 * The parent makes no CUDA call: it cuts the plan, starts workers (the
 * spawning, the folders and --resume are workers.c's, shared with
 * --devices), watches their files for progress, starts a piece again
 * when its worker ended before its last measurement, and merges. */
#include "pieces.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/evtrace.h"
#include "base/exitcode.h"
#include "base/strmap.h"
#include "base/util.h"
#include "output.h"
#include "plan/plan.h"
#include "results/results.h"

struct piece {
	char *name;              /* the student, or "the rungs" */
	char *variants;          /* its --variant list */
	char *dir;               /* DIR/.workers/piece-K */
	size_t planned;          /* its measurements */
	size_t rows;             /* rows its folder held when a worker ended */
	int starts;
	bool done;               /* every measurement has a row */
	bool resumed;            /* nothing to run: its rows are --resume's */
	bool failed;             /* given up: rows are missing */
	bool keep_failed;        /* the next start keeps the failed rows */
	char *fail_next;         /* the next start fails its first
				    measurement with this, or NULL */
	bool rounds;             /* the timing rounds (run --rounds): not
				    started again when its worker ends early */
};

struct slot {
	int device;
	pid_t pid;               /* 0: free */
	struct child *child;     /* its record in the supervisor */
	size_t piece;
	time_t mtime;            /* its files' newest, last looked at */
	bool killed;             /* by the stall limit */
};

static bool told_no_gpu;         /* one "no usable GPU" line per run */

/* ---- the pieces ----------------------------------------------------------- */

static bool is_submission(const struct variant *v)
{
	return v && v->submission;
}

bool pieces_wanted(const struct experiment_file *f,
		   const struct plan_selection *only)
{
	struct plan_options po = { .only = only, .no_device = true };
	struct plan p;
	bool any = false;

	plan_build(f, &po, &p);
	for (size_t i = 0; i < p.nstages && !any; i++)
		for (size_t k = 0; k < p.stages[i].nms && !any; k++)
			any = is_submission(p.stages[i].ms[k].v);
	plan_release(&p);
	return any;
}

/* Whether the comma-separated list holds name. */
static bool in_list(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *s = list; s && *s;
	     s += strcspn(s, ",") + (s[strcspn(s, ",")] == ','))
		if (strcspn(s, ",") == len && strncmp(s, name, len) == 0)
			return true;
	return false;
}

/* Appends name to the comma-separated list *list unless it is there. */
static void list_add(char **list, const char *name)
{
	char *m;

	if (in_list(*list, name))
		return;
	m = *list ? xasprintf("%s,%s", *list, name) : xstrdup(name);
	free(*list);
	*list = m;
}

/* The pieces of the plan, in plan order: the rungs first (when the plan
 * has any), then each submission.  Returns how many. */
static size_t make_pieces(const struct experiment_file *f,
			  const struct workers_options *o, struct piece **out)
{
	struct plan_options po = { .only = o->run->only_variant,
				   .shard = o->run->shard, .no_device = true };
	struct piece *pc = xcalloc(1, sizeof(*pc));
	size_t n = 1;
	struct plan p;

	pc[0].name = xstrdup("the rungs");
	plan_build(f, &po, &p);
	for (size_t i = 0; i < p.nstages; i++)
		for (size_t k = 0; k < p.stages[i].nms; k++) {
			const struct variant *v = p.stages[i].ms[k].v;
			size_t j = 0;

			if (is_submission(v))
				for (j = 1; j < n; j++)
					if (strcmp(pc[j].name, v->name) == 0)
						break;
			if (j == n) {
				pc = xrealloc(pc, (n + 1) * sizeof(*pc));
				memset(&pc[n], 0, sizeof(*pc));
				pc[n++].name = xstrdup(v->name);
			}
			list_add(&pc[j].variants, v->name);
			pc[j].planned++;
		}
	plan_release(&p);
	if (!pc[0].planned) {          /* a class alone, without rungs */
		free(pc[0].name);
		memmove(pc, pc + 1, --n * sizeof(*pc));
	}
	for (size_t i = 0; i < n; i++)
		pc[i].dir = xasprintf("%s/.workers/piece-%zu", o->outdir, i + 1);
	*out = pc;
	return n;
}

static void pieces_free(struct piece *pc, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(pc[i].name);
		free(pc[i].variants);
		free(pc[i].dir);
		free(pc[i].fail_next);
	}
	free(pc);
}

/* With --resume: the pieces whose every measurement is already in prev
 * start no worker (their rows are prev's). */
static void mark_resumed(const struct experiment_file *f,
			 const struct workers_options *o,
			 const struct results *prev, struct piece *pc, size_t n)
{
	struct plan_done *done = results_done(prev);

	for (size_t i = 0; i < n; i++) {
		struct plan_selection sel = { 0 };
		struct plan_options po = { .only = &sel, .done = done,
					   .ndone = prev->nrows,
					   .shard = o->run->shard,
					   .no_device = true };
		char why[256];
		struct plan p;

		if (plan_select_parse(pc[i].variants, &sel, why, sizeof(why)) < 0)
			continue;
		plan_build(f, &po, &p);
		pc[i].resumed = pc[i].done = p.nstate[PLAN_RUN] == 0;
		plan_release(&p);
		plan_select_release(&sel);
	}
	free(done);
}

/* ---- the workers ------------------------------------------------------------ */

static int piece_start(const struct workers_options *o, struct piece *pc,
		       size_t k, struct slot *s, const char *resume_dir)
{
	struct workers_argv a = { .n = 0 };
	char *log;
	const char *from = pc[k].starts ? pc[k].dir : resume_dir;

	if (workers_make_dir(o->outdir, strrchr(pc[k].dir, '/') + 1) < 0)
		return -1;
	workers_argv_start(s->device, pc[k].dir, &a);
	workers_arg(&a, "--piece");
	if (pc[k].rounds)
		workers_arg(&a, "--rounds");
	if (pc[k].keep_failed)
		workers_arg(&a, "--keep-failed");
	if (pc[k].fail_next) {
		workers_arg(&a, "--fail-next");
		workers_arg(&a, pc[k].fail_next);
	}
	workers_arg(&a, "--variant");
	workers_arg(&a, pc[k].variants);
	workers_argv_finish(o, from, &a);
	log = xasprintf("%s/worker.log", pc[k].dir);
	s->pid = workers_spawn(&a, log, NULL);
	free(log);
	workers_argv_release(&a);
	if (s->pid < 0) {
		s->pid = 0;
		return diag_error("cannot start a worker for %s: %s",
				  diag_esc(pc[k].name), strerror(errno));
	}
	if (evtrace_on()) {
		char *what = xasprintf("gpu %d %s", s->device, pc[k].name);

		evtrace("start", s->pid, what);
		free(what);
	}
	s->piece = k;
	s->mtime = 0;
	s->killed = false;
	pc[k].starts++;
	free(pc[k].fail_next);
	pc[k].fail_next = NULL;
	return 0;
}

/* Whether the worker's files changed since last looked at. */
static bool moved(const struct piece *p, struct slot *s)
{
	static const char *const files[] = { "results.json", "worker.log" };
	time_t newest = 0;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *path = xasprintf("%s/%s", p->dir, files[i]);
		struct stat st;

		if (stat(path, &st) == 0 && st.st_mtime > newest)
			newest = st.st_mtime;
		free(path);
	}
	if (newest == s->mtime)
		return false;
	s->mtime = newest;
	return true;
}

/* The last row of r that failed, or NULL. */
static const struct result_row *last_failure(const struct results *r)
{
	for (size_t i = r->nrows; i-- > 0;)
		if (r->rows[i].status == ROW_ERROR ||
		    r->rows[i].status == ROW_WRONG)
			return &r->rows[i];
	return NULL;
}

/* A worker has ended with exit status rc: what becomes of its piece.
 * Returns EXIT_NO_GPU when no worker can run here, else 0. */
static int piece_ended(struct piece *pc, const struct slot *s, int rc,
		       double limit, bool quiet)
{
	struct piece *p = &pc[s->piece];
	char *path = xasprintf("%s/results.json", p->dir);
	struct results r = { 0 };
	size_t before = p->rows;
	const struct result_row *w;
	int ret = 0;

	p->rows = access(path, F_OK) == 0 && results_read(path, &r) == 0 ?
		  r.nrows : 0;
	free(path);
	if (p->rows >= p->planned) {
		p->done = true;
	} else if (supervise_signals() || rc == EXIT_INTERRUPTED) {
		/* stays to do: --resume finishes it */
	} else if (p->rounds) {
		/* a kernel that verified alone failed beside the others:
		 * each student keeps the times of their own process */
		if (!quiet)
			diag_note("the timing rounds ended early (%s, %zu of "
				  "%zu measurements); scores use the times of "
				  "each student's own process",
				  supervise_status_text(rc), p->rows, p->planned);
		p->failed = true;
	} else if (rc == EXIT_NO_GPU || rc == EXIT_USAGE) {
		char *t = workers_log_tail(p->dir);

		/* the worker's own line says why (no GPU, a kernel that does
		 * not compile for it) */
		if (rc == EXIT_NO_GPU && told_no_gpu)
			;
		else if (strncmp(t, "culab", 5) == 0)
			fprintf(stderr, "%s\n", diag_esc(t));
		else
			diag_error("%s: the worker ended (%s)", diag_esc(p->name),
				   supervise_status_text(rc));
		free(t);
		p->failed = true;
		ret = rc == EXIT_NO_GPU ? EXIT_NO_GPU : 0;
		told_no_gpu = told_no_gpu || rc == EXIT_NO_GPU;
	} else if ((size_t)p->starts > p->planned + 1) {
		diag_error("%s: started %d times without finishing; its last %zu "
			   "measurements have no row", diag_esc(p->name),
			   p->starts, p->planned - p->rows);
		p->failed = true;
	} else {
		/* started again, fresh, after the row that ended it */
		p->keep_failed = true;
		if (s->killed)
			p->fail_next = xasprintf("did not finish within %g s "
						 "(nothing saved that long); its "
						 "worker was ended", limit);
		else if (p->rows <= before)
			p->fail_next = xasprintf("its worker ended (%s) while "
						 "measuring it",
						 supervise_status_text(rc));
		w = last_failure(&r);
		if (!quiet && w && !p->fail_next) {
			char *label = merge_row_label(w);

			diag_note("%s: %s; its next measurements go on in a "
				  "fresh process", diag_esc(label),
				  diag_esc(w->message ? w->message : "failed"));
			free(label);
		} else if (!quiet) {
			diag_note("%s: %s; its next measurements go on in a "
				  "fresh process", diag_esc(p->name),
				  p->fail_next);
		}
	}
	results_release(&r);
	return ret;
}

/* ---- the queue ------------------------------------------------------------------- */

static void show(const struct piece *pc, size_t n, const struct slot *sl,
		 int ns)
{
	size_t done = 0;

	for (size_t i = 0; i < n; i++)
		done += pc[i].done;
	fprintf(stderr, "\r\033[K%zu/%zu pieces", done, n);
	for (int i = 0; i < ns; i++)
		if (sl[i].pid > 0)
			fprintf(stderr, "; GPU %d: %s", sl[i].device,
				diag_esc(pc[sl[i].piece].name));
	fflush(stderr);
}

/* The next piece to start: one to start again first, then the next new
 * one.  Returns n when none. */
static size_t next_piece(const struct piece *pc, size_t n, const bool *busy)
{
	for (size_t i = 0; i < n; i++)
		if (!busy[i] && !pc[i].done && !pc[i].failed && pc[i].starts)
			return i;
	for (size_t i = 0; i < n; i++)
		if (!busy[i] && !pc[i].done && !pc[i].failed)
			return i;
	return n;
}

/* The queue as a policy of the supervisor (supervise.h). */
struct queue {
	const struct workers_options *o;
	struct piece *pc;
	size_t n;
	struct slot *sl;
	int ns;
	const char *resume_dir;
	bool *busy;              /* a piece has a worker */
	bool quiet, stop;
	double limit, shown;
	int ret;
};

/* A worker on each slot without one, the next piece each. */
static int queue_fill(void *ctx, struct supervisor *sv)
{
	struct queue *q = ctx;

	for (int i = 0; i < q->ns && !q->stop && !supervise_signals(); i++) {
		size_t k;

		if (q->sl[i].pid || (k = next_piece(q->pc, q->n, q->busy)) ==
		    q->n)
			continue;
		if (piece_start(q->o, q->pc, k, &q->sl[i], q->resume_dir) < 0) {
			q->pc[k].failed = true;
			continue;
		}
		q->busy[k] = true;
		q->sl[i].child = supervise_add(sv, q->sl[i].pid, &q->sl[i],
					       SUPERVISE_STOP_FORWARD, 0,
					       q->limit);
	}
	return q->stop ? -1 : 0;
}

static void queue_ended(void *ctx, struct supervisor *sv, struct child *c)
{
	struct queue *q = ctx;
	struct slot *s = c->owner;

	(void)sv;
	if (!q->quiet)
		fputs("\r\033[K", stderr);
	s->pid = 0;
	s->child = NULL;
	s->killed = c->why == CHILD_STALLED;
	q->busy[s->piece] = false;
	if (piece_ended(q->pc, s, c->status, q->limit, q->o->quiet) ==
	    EXIT_NO_GPU) {
		q->ret = EXIT_NO_GPU;
		q->stop = true;
	}
}

/* A worker whose files changed has moved; the queue shown each second. */
static bool queue_turn(void *ctx, struct supervisor *sv)
{
	struct queue *q = ctx;
	double now = monotonic_seconds();

	(void)sv;
	for (int i = 0; i < q->ns; i++)
		if (q->sl[i].child && moved(&q->pc[q->sl[i].piece], &q->sl[i]))
			supervise_moved(q->sl[i].child);
	if (!q->quiet && now - q->shown >= 1) {
		show(q->pc, q->n, q->sl, q->ns);
		q->shown = now;
	}
	return false;
}

/* Runs the pieces on the slots until each is done or given up, or a
 * signal came.  Returns EXIT_NO_GPU when workers cannot run here, else
 * 0. */
static int run_queue(const struct workers_options *o, struct piece *pc,
		     size_t n, struct slot *sl, int ns, const char *resume_dir)
{
	struct queue q = {
		.o = o, .pc = pc, .n = n, .sl = sl, .ns = ns,
		.resume_dir = resume_dir, .busy = xcalloc(n, sizeof(bool)),
		.quiet = !o->run->progress, .limit = workers_stall_limit(),
	};
	struct supervise_policy p = {
		.ctx = &q, .fill = queue_fill, .ended = queue_ended,
		.turn = queue_turn, .tick = 0.05,
	};

	supervise_run(&p);
	if (!q.quiet)
		fputs("\r\033[K", stderr);
	free(q.busy);
	return q.ret;
}

/* ---- merging -------------------------------------------------------------------- */

/* What merge_pieces keeps of --resume's rows: those of the pieces that
 * did not run, each measurement once (the resume file merges DIR's
 * results with the pieces' own files, which an interruption leaves
 * behind, so a row may be there twice). */
struct keep_ctx {
	const struct piece *pc;
	size_t n;
	size_t count;
	struct strmap seen;
};


static bool of_resumed(const struct result_row *w, void *ctx)
{
	struct keep_ctx *k = ctx;
	char *label;
	bool added;

	for (size_t i = 0; i < k->n; i++) {
		if (!k->pc[i].resumed || !in_list(k->pc[i].variants, w->variant))
			continue;
		label = merge_row_label(w);
		k->count++;
		added = strmap_put(&k->seen, label, k->count) == k->count;
		free(label);
		return added;
	}
	return false;
}

/* Merges the pieces' files (and --resume's rows of the pieces that did
 * not run) into *out.  Returns how many files are in, or -1 after a
 * diagnostic. */
static int merge_pieces(const struct workers_options *o, struct piece *pc,
			size_t n, struct results *prev, struct results *out)
{
	struct results *r = xcalloc(n + 1, sizeof(*r));
	struct results **in = xcalloc(n + 1, sizeof(*in));
	size_t got = 0, a, ra, b, rb;
	struct keep_ctx keep = { .pc = pc, .n = n, .seen = STRMAP_INIT };
	int rc;

	for (size_t i = 0; i < n; i++) {
		char *p = xasprintf("%s/results.json", pc[i].dir);

		if (!pc[i].resumed && access(p, F_OK) == 0 &&
		    results_read(p, &r[got]) == 0) {
			in[got] = &r[got];
			got++;
		}
		free(p);
	}
	if (prev && prev->nrows) {
		results_keep_rows(prev, of_resumed, &keep);
		strmap_release(&keep.seen);
		if (prev->nrows)
			in[got++] = prev;
	}
	memset(out, 0, sizeof(*out));
	rc = (int)got;
	if (got && merge_find_overlap(in, got, &a, &ra, &b, &rb)) {
		char *label = merge_row_label(&in[b]->rows[rb]);

		rc = diag_error("two pieces measured %s: not merged", label);
		free(label);
	} else if (got) {
		merge_results(in, got, out);
		out->command = xstrdup(o->run->command ? o->run->command : "");
	}
	for (size_t i = 0; i < got; i++)
		if (in[i] != prev)
			results_release(in[i]);
	free(r);
	free(in);
	return rc;
}

/* ---- the timing rounds ----------------------------------------------------------- */

/* Once every piece is measured, the rungs and each student none of whose
 * rows failed with an error (a fault or a hang would end the process) are
 * timed again in one worker, together, in the class's rounds (run --rounds;
 * results_model.h, struct round_times): clock and thermal drift and the
 * process a kernel ran in then reach every student and rung alike.  Each
 * row of the class's results gets its rounds; nothing else of the worker's
 * rows is kept. */

static bool rounds_wanted(const struct experiment_file *f)
{
	for (size_t i = 0; i < f->nexps; i++)
		if (f->exps[i].rounds > 0)
			return true;
	return false;
}

/* The variants the rounds time, comma-separated, and how many
 * measurements of r they made; NULL when there are not two pieces to
 * time side by side. */
static char *rounds_variants(const struct piece *pc, size_t n,
			     const struct results *r, size_t *planned)
{
	char *list = NULL;
	size_t pieces = 0;

	*planned = 0;
	for (size_t i = 0; i < n; i++) {
		size_t rows = 0;
		bool bad = false;

		for (size_t k = 0; k < r->nrows; k++) {
			if (!in_list(pc[i].variants, r->rows[k].variant))
				continue;
			rows++;
			bad = bad || r->rows[k].status == ROW_ERROR;
		}
		if (bad || !rows)
			continue;
		for (const char *v = pc[i].variants; *v;) {
			size_t len = strcspn(v, ",");
			char *name = xstrndup(v, len);

			list_add(&list, name);
			free(name);
			v += len + (v[len] == ',');
		}
		*planned += rows;
		pieces++;
	}
	if (pieces < 2) {
		free(list);
		return NULL;
	}
	return list;
}

/* Moves the rounds of the worker's rows onto the class's rows of the
 * same measurement.  Returns how many rows got them. */
static size_t rounds_take(struct results *from, struct results *out)
{
	struct strmap at = STRMAP_INIT;
	struct sbuf key = SBUF_INIT;
	size_t got = 0;

	for (size_t i = 0; i < out->nrows; i++) {
		results_row_key(&key, &out->rows[i]);
		strmap_putn(&at, key.buf, key.len, i);
	}
	for (size_t i = 0; i < from->nrows; i++) {
		struct result_row *w = &from->rows[i];
		size_t k;

		if (w->status != ROW_OK || w->rounds.n < 2)
			continue;
		results_row_key(&key, w);
		k = strmap_getn(&at, key.buf, key.len);
		if (k == STRMAP_NONE || out->rows[k].status != ROW_OK)
			continue;
		free(out->rows[k].rounds.ms);
		out->rows[k].rounds = w->rounds;
		memset(&w->rounds, 0, sizeof(w->rounds));
		got++;
	}
	sbuf_release(&key);
	strmap_release(&at);
	return got;
}

/* Runs the timing rounds into out's rows (above).  Returns the
 * queue's status (EXIT_NO_GPU when no worker can run). */
static int rounds_run(const struct workers_options *o, const struct piece *pc,
		      size_t n, struct slot *sl, struct results *out)
{
	struct piece r = { .rounds = true };
	struct results got = { 0 };
	double t0 = monotonic_seconds();
	char *path;
	size_t took = 0;
	int rc;

	r.variants = rounds_variants(pc, n, out, &r.planned);
	if (!r.variants)
		return 0;
	r.name = xstrdup("the timing rounds");
	r.dir = xasprintf("%s/.workers/rounds", o->outdir);
	rc = run_queue(o, &r, 1, sl, 1, NULL);
	path = xasprintf("%s/results.json", r.dir);
	if (!supervise_signals() && access(path, F_OK) == 0 &&
	    results_read(path, &got) == 0)
		took = rounds_take(&got, out);
	if (!o->quiet && took)
		diag_note("timing rounds: %zu measurements timed together in "
			  "one process, in %.1f s", took,
			  monotonic_seconds() - t0);
	results_release(&got);
	free(path);
	free(r.name);
	free(r.variants);
	free(r.dir);
	return rc;
}

/* ---- the run ------------------------------------------------------------------------ */

/* The slots: one per GPU of --devices, else --device's. */
static int make_slots(const struct workers_options *o, struct slot **sl)
{
	int *devs = NULL, k;

	if (!o->devices) {
		*sl = xcalloc(1, sizeof(**sl));
		(*sl)[0].device = o->run->device;
		return 1;
	}
	if ((k = workers_devices(o->devices, &devs)) < 0)
		return k;
	*sl = xcalloc((size_t)k, sizeof(**sl));
	for (int i = 0; i < k; i++)
		(*sl)[i].device = devs[i];
	free(devs);
	return k;
}

/* The exit status: interrupted, then no GPU, then failed. */
static int final_rc(const struct piece *pc, size_t n, const struct results *r,
		    int queue_rc)
{
	if (supervise_signals())
		return EXIT_INTERRUPTED;
	for (size_t i = 0; i < n; i++)
		if (!pc[i].done && !pc[i].failed)
			return queue_rc == EXIT_NO_GPU ? EXIT_NO_GPU :
			       EXIT_INTERRUPTED;
	if (queue_rc)
		return queue_rc;
	for (size_t i = 0; i < n; i++)
		if (pc[i].failed)
			return EXIT_FAILED;
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].status == ROW_ERROR ||
		    r->rows[i].status == ROW_WRONG)
			return EXIT_FAILED;
	return EXIT_OK;
}

/* Whether every piece is done or given up. */
static bool all_ended(const struct piece *pc, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!pc[i].done && !pc[i].failed)
			return false;
	return true;
}

/* The run's last words: how to finish it, or what it took. */
static void say_end(const struct workers_options *o, const struct piece *pc,
		    size_t n, int ns, int rc, size_t rows, double seconds)
{
	size_t again = 0;

	for (size_t i = 0; i < n; i++)
		again += pc[i].starts > 1;
	if (rc == EXIT_INTERRUPTED)
		diag_error("interrupted: %zu measurements are in \"%s\"; "
			   "finish with culab run --resume", rows, o->outdir);
	else if (!o->quiet && (rc == EXIT_OK || rc == EXIT_FAILED))
		diag_note("%zu piece%s in %.1f s on %d GPU%s; %zu started again "
			  "in a fresh process after a fault or a hang", n,
			  n == 1 ? "" : "s", seconds, ns, ns == 1 ? "" : "s",
			  again);
}

int pieces_run(const struct experiment_file *f,
	       const struct workers_options *o, struct results *out)
{
	char *root = xasprintf("%s/.workers", o->outdir), *resume_dir = NULL;
	struct results prev = { 0 };
	struct piece *pc = NULL;
	struct slot *sl = NULL;
	size_t n = 0;
	int ns, rc, qrc, got;
	double t0 = monotonic_seconds();

	memset(out, 0, sizeof(*out));
	told_no_gpu = false;
	ns = make_slots(o, &sl);
	if (ns < 0) {
		rc = -ns;
		goto out;
	}
	rc = EXIT_USAGE;
	if (workers_make_dir(o->outdir, NULL) < 0)
		goto out;
	n = make_pieces(f, o, &pc);
	if (o->resume) {
		got = workers_prepare_resume(f, o->outdir, root);
		if (got < 0)
			goto out;
		if (got) {
			char *p = xasprintf("%s/resume/results.json", root);

			resume_dir = xasprintf("%s/resume", root);
			if (results_read(p, &prev) == 0)
				mark_resumed(f, o, &prev, pc, n);
			free(p);
		}
	}
	workers_remove(root, "piece-");
	workers_remove_one(root, "rounds");
	if (o->run->progress) {
		size_t students = n - (n && strcmp(pc[0].name, "the rungs") == 0);

		fprintf(stderr, "culab: %zu submission%s%s, a worker process "
			"each, on %d GPU%s\n", students,
			students == 1 ? "" : "s", students < n ?
			" and the rungs" : "", ns, ns == 1 ? "" : "s");
	}
	supervise_catch();
	qrc = run_queue(o, pc, n, sl, ns, resume_dir);
	supervise_release();
	got = merge_pieces(o, pc, n, &prev, out);
	if (got < 0) {
		rc = EXIT_FAILED;
		goto out;
	}
	if (got > 0 && !qrc && !supervise_signals() && rounds_wanted(f)) {
		supervise_catch();
		qrc = rounds_run(o, pc, n, sl, out);
		supervise_release();
	}
	rc = final_rc(pc, n, out, qrc);
	/* the status is the class's, not its workers': a worker whose last
	 * measurement faulted said "aborted", yet every measurement has its
	 * row when each piece is done */
	if (got > 0 && rc != EXIT_INTERRUPTED) {
		bool all = true;

		for (size_t i = 0; i < n; i++)
			all = all && pc[i].done;
		free(out->status);
		out->status = xstrdup(all ? "complete" : "aborted");
	}
	if (got > 0 && output_save(o->outdir, out) < 0) {
		rc = EXIT_FAILED;
		goto out;
	}
	say_end(o, pc, n, ns, rc, out->nrows, monotonic_seconds() - t0);
	/* DIR/results.json holds every piece's rows (or none ran): the
	 * folders can go */
	if (rc != EXIT_INTERRUPTED && (got == 0 || all_ended(pc, n))) {
		workers_remove(root, NULL);
		workers_remove_one(root, "rounds");
		rmdir(root);
	}
out:
	results_release(&prev);
	pieces_free(pc, n);
	free(sl);
	free(root);
	free(resume_dir);
	return rc;
}
