/* sanitizer_reruns.c - failed kernels of the user's rerun under compute-sanitizer.
 * See sanitizer_reruns.h.
 *
 * Why a child per tool and kernel: compute-sanitizer runs a whole
 * process under one tool, and a kernel that faults takes its process's
 * CUDA context with it.  Why after the run: the reruns are slow (a
 * second or more per tool, racecheck using about 1 GB of host memory,
 * docs/per-line.md) and must not sit between timed measurements; the
 * parent has saved every row before the first child starts, so a child
 * that hangs, crashes or is killed costs its record, never a row.
 *
 * Which size: the smallest at which that kernel (the same experiment,
 * type and block) failed in this run.  A size where it failed reproduces
 * the failure, so a clean rerun says something (an arithmetic bug, not a
 * memory one); a size where it passed would say nothing, however small.
 * It is the failing row's own size when only that row failed, and
 * usually the experiment's smallest, since a bug seldom shows at large
 * sizes only.  The rows of the kernel at other sizes share its record.
 *
 * The unsafe rungs (VF_UNSAFE: built-in rungs kept to show a defect that
 * need not change the answer) are rerun when they verified: a right sum
 * proves nothing about a race, and the report's warp-synchronous
 * objective is shown only by a record of the run.  One rerun per rung in
 * the whole run, at its smallest verified size, under the tools its
 * registry record names with a finding (racecheck for the volatile warp),
 * so that it costs one small process: the lesson is the same at every
 * size and type. */
#include "sanitizer_reruns.h"
#include "base/supervise.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/quote.h"
#include "base/evtrace.h"
#include "base/util.h"
#include "ladder/ladder.h"
#include "plan/plan.h"
#include "results/results.h"
#include "run/run.h"

/* The most of a tool's output that is read: --print-limit keeps it far
 * below (a record is about 300 bytes). */
#define SANITIZE_MAX_LOG (8u << 20)
/* The largest stage (device memory, plan.h) whose tools run at once. */
#define SANITIZE_TOGETHER_BYTES ((size_t)512 << 20)

/* ---- finding compute-sanitizer ------------------------------------------------ */

static bool executable(const char *path)
{
	struct stat st;

	return path && *path && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

char *sanitize_find(bool *off)
{
	const char *env = getenv("CULAB_SANITIZER"), *path = getenv("PATH");
	static const char fallback[] = "/usr/local/cuda/bin/compute-sanitizer";

	*off = false;
	if (env && *env) {
		if (strcmp(env, "off") == 0) {
			*off = true;
			return NULL;
		}
		return executable(env) ? xstrdup(env) : NULL;
	}
	while (path && *path) {
		size_t n = strcspn(path, ":");
		char *p = xasprintf("%.*s/compute-sanitizer", (int)(n ? n : 1),
				    n ? path : ".");

		if (executable(p))
			return p;
		free(p);
		path += n + (path[n] == ':');
	}
	return executable(fallback) ? xstrdup(fallback) : NULL;
}

/* ---- what the kernel needs ------------------------------------------------------- */

static bool holds(const char *s, size_t n, const char *const *words)
{
	for (; *words; words++)
		if (memmem(s, n, *words, strlen(*words)))
			return true;
	return false;
}

unsigned sanitize_tools_for_ptx(const char *ptx, const char *entry)
{
	static const char *const shared[] = { ".shared", NULL };
	static const char *const barrier[] = {
		"bar.sync", "bar.red", "bar.arrive", "barrier.", "bar.warp.sync",
		NULL,
	};
	const char *body = NULL, *p;
	size_t n = 0;
	unsigned need = 0;

	if (!ptx)
		return SANITIZE_SHARED | SANITIZE_BARRIER;
	for (p = strstr(ptx, ".entry "); p && entry && !body;
	     p = strstr(p + 1, ".entry ")) {
		const char *name = p + strlen(".entry ");
		size_t len = strlen(entry);

		if (strncmp(name, entry, len) == 0 &&
		    (name[len] == '(' || name[len] == ' ' ||
		     name[len] == '\n' || name[len] == '\t'))
			body = name + len;
	}
	if (body) {
		const char *end = strstr(body, "\n}");

		n = end ? (size_t)(end - body) : strlen(body);
		/* a function it calls may hold what the body lacks */
		if (memmem(body, n, "call", 4))
			body = NULL;
	}
	if (!body) {
		body = ptx;
		n = strlen(ptx);
	}
	if (holds(body, n, shared))
		need |= SANITIZE_SHARED;
	if (holds(body, n, barrier))
		need |= SANITIZE_BARRIER;
	return need;
}

size_t sanitize_tools_for_record(const char *record, const char **tools)
{
	static const char *const known[] = {
		"memcheck", "racecheck", "synccheck", "initcheck",
	};
	size_t n = 0;

	for (size_t i = 0; record && i < ARRAY_SIZE(known); i++) {
		size_t len = strlen(known[i]);

		for (const char *p = strstr(record, known[i]); p;
		     p = strstr(p + 1, known[i])) {
			unsigned long long count;
			char *end;

			if ((p > record && (isalnum((unsigned char)p[-1]) ||
					    p[-1] == '_')) ||
			    strncmp(p + len, ": ", 2) != 0 ||
			    !isdigit((unsigned char)p[len + 2]))
				continue;
			count = strtoull(p + len + 2, &end, 10);
			if (count > 0 && (strncmp(end, " error", 6) == 0 ||
					  strncmp(end, " hazard", 7) == 0) &&
			    n < SANITIZE_MAX_TOOLS)
				tools[n++] = known[i];
			break;
		}
	}
	return n;
}

/* ---- the command ------------------------------------------------------------------ */

char *sanitize_command(const char *tool, const char *label, const char *file,
		       int device)
{
	struct sbuf b = SBUF_INIT;

	/* as the rerun ran: without culab's guard around the input, which
	 * would hide a read past its end from the tool (runner_int.h) */
	sbuf_add(&b, "CULAB_INPUT_GUARD=off compute-sanitizer --tool ");
	quote_shell(&b, tool);
	sbuf_add(&b, " culab run --measurement ");
	quote_shell(&b, label);
	sbuf_add(&b, " --profile-only --no-counters -o /tmp/culab-sanitize");
	if (device)
		sbuf_addf(&b, " --device %d", device);
	sbuf_addc(&b, ' ');
	quote_shell(&b, file);
	return sbuf_detach(&b);
}

/* ---- which rows ---------------------------------------------------------------------- */

bool sanitize_wants(const struct result_row *w, const struct variant *v)
{
	/* failures that are not the kernel's doing, or that leave it running */
	static const char *const not_kernel[] = {
		"cudaMalloc", "cudaMemGetInfo", "did not finish within",
		/* a remembered answer: no rerun at one input shows it */
		"with another input",
	};

	if (!v || !(v->flags & VF_USER))
		return false;
	if (w->status != ROW_WRONG && w->status != ROW_ERROR)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(not_kernel); i++)
		if (w->message && strncmp(w->message, not_kernel[i],
					  strlen(not_kernel[i])) == 0)
			return false;
	return true;
}

bool sanitize_wants_unsafe(const struct result_row *w,
			   const struct variant *v)
{
	return v && (v->flags & VF_UNSAFE) && !(v->flags & VF_USER) &&
	       w->status == ROW_OK;
}

static bool same_kernel(const struct result_row *a, const struct result_row *b)
{
	return strcmp(a->experiment, b->experiment) == 0 &&
	       strcmp(a->variant, b->variant) == 0 &&
	       strcmp(a->dtype, b->dtype) == 0 && a->block == b->block;
}

/* The measurement of p that made row w, or NULL; *stage its stage. */
static const struct plan_measurement *measurement_of(const struct plan *p,
						     const struct result_row *w,
						     const struct plan_stage **stage)
{
	for (size_t i = 0; i < p->nstages; i++) {
		const struct plan_stage *s = &p->stages[i];

		if (strcmp(s->e->name, w->experiment) != 0 ||
		    strcmp(dtype_name(s->t), w->dtype) != 0 ||
		    s->sh.n != w->n || s->sh.m != w->m)
			continue;
		for (size_t k = 0; k < s->nms; k++)
			if (strcmp(s->ms[k].v->name, w->variant) == 0 &&
			    s->ms[k].block == w->block) {
				*stage = s;
				return &s->ms[k];
			}
	}
	return NULL;
}

/* The tools for measurement ms: memcheck, and what its PTX needs. */
static size_t tools_for(const struct experiment_file *f,
			const struct plan_stage *s,
			const struct plan_measurement *ms,
			const char *tools[SANITIZE_MAX_TOOLS])
{
	const char *ptx = NULL, *entry = NULL;
	size_t n = 0;
	unsigned need;

	for (size_t i = 0; i < f->nkernels && !ptx; i++) {
		const struct ukernel *k = f->kernels[i];
		const struct uk_inst *u;

		if (strcmp(k->label, ms->v->name) != 0)
			continue;
		u = ukernel_inst(k, s->t, ms->block, false);
		if (u) {
			ptx = u->out.ptx;
			entry = u->lowered;
		}
	}
	need = sanitize_tools_for_ptx(ptx, entry);
	tools[n++] = "memcheck";
	if (need & SANITIZE_SHARED)
		tools[n++] = "racecheck";
	if (need & SANITIZE_BARRIER)
		tools[n++] = "synccheck";
	return n;
}

/* ---- one child ------------------------------------------------------------------------ */

/* The first `max` bytes of file `path` (NUL-terminated), or NULL. */
static char *read_head(const char *path, size_t max)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	char *text;
	size_t len = 0;

	if (fd < 0)
		return NULL;
	text = xmalloc(max + 1);
	while (len < max) {
		ssize_t got = read(fd, text + len, max - len);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	close(fd);
	text[len] = '\0';
	return text;
}

/* The last line of text that says something, without the tool's prefix:
 * why a child that printed no summary ended (culab's own error line, or
 * compute-sanitizer's).  Caller frees; NULL when there is none. */
static char *last_words(const char *text)
{
	const char *best = NULL, *p = text;
	size_t best_len = 0;

	while (p && *p) {
		const char *eol = strchr(p, '\n'), *s = p;
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (strncmp(s, "=========", 9) == 0) {
			s += 9;
			len -= 9;
		}
		while (len && (*s == ' ' || *s == '\t')) {
			s++;
			len--;
		}
		while (len && (s[len - 1] == ' ' || s[len - 1] == '\r'))
			len--;
		if (len) {
			best = s;
			best_len = len;
		}
		p = eol ? eol + 1 : NULL;
	}
	if (!best)
		return NULL;
	return xstrndup(best, best_len > 300 ? 300 : best_len);
}

/* Removes what a child left in dir (its output directory: files only)
 * and dir. */
static void remove_dir(const char *dir)
{
	static const char *const files[] = { "results.json", "results.csv" };
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd >= 0) {
		for (size_t i = 0; i < ARRAY_SIZE(files); i++)
			unlinkat(fd, files[i], 0);
		close(fd);
	}
	rmdir(dir);
}

/* How the child's measurement ended, from the results.json it wrote:
 * 1 failed again, 0 verified, -1 unknown (none written); -2 skipped,
 * with the row's reason in why. */
static int child_answer(const char *outdir, char **why)
{
	char *path = xasprintf("%s/results.json", outdir);
	struct results r;
	int answer = -1;

	if (access(path, R_OK) == 0 && results_read(path, &r) == 0) {
		if (r.nrows == 1 && r.rows[0].status == ROW_SKIPPED) {
			answer = -2;
			*why = xstrdup(r.rows[0].message);
		} else if (r.nrows == 1) {
			answer = r.rows[0].status == ROW_OK ? 0 : 1;
		}
		results_release(&r);
	}
	free(path);
	return answer;
}

struct rerun_setup {
	const char *sanitizer, *culab, *tool, *label, *tmp;
	const struct sanitize_options *o;
	int device, shown_device;  /* the GPU the measurement reruns on */
	double timeout;
};

/* Starts the tool on the measurement with its output in `log`.  Returns
 * the child's pid, or -1 after a diagnostic. */
static pid_t child_start(const struct rerun_setup *c, const char *log,
			 const char *outdir)
{
	char device[16], limit[16];
	const char *argv[] = {
		c->sanitizer, "--tool", c->tool, "--print-limit", limit,
		"--show-backtrace", "no", c->culab, "run", "--measurement",
		c->label, "--profile-only", "--no-counters", "--no-report", "-q",
		"-o", outdir, "--device", device, c->o->file, NULL,
	};
	struct spawn_options so = {
		.file = c->sanitizer, .argv = (char *const *)argv, .log = log,
		.stdin_null = true, .what = "compute-sanitizer",
		.exec_failed = 127, .keep = { -1, -1 },
	};
	pid_t pid;

	snprintf(device, sizeof(device), "%d", c->device);
	snprintf(limit, sizeof(limit), "%d", SANITIZE_PRINT_LIMIT);
	/* no reruns of its own; the tool guards the input (runner_int.h) */
	so.env = environ_with_list((const char *const[]){
		"CULAB_SANITIZER", "off", "CULAB_INPUT_GUARD", "off", NULL });
	/* its own group, killed whole at the limit; it dies with us */
	pid = supervise_spawn(&so);
	environ_with_free(so.env);
	if (pid < 0)
		return diag_error("cannot start compute-sanitizer (its log "
				  "\"%s\"): %s", log, strerror(errno));
	return pid;
}

/* One tool's run on the measurement, from its start to its record. */
struct tool_run {
	const char *tool;
	char *log, *outdir;
	pid_t pid;              /* -1: it could not be started */
	double t0, seconds;
	int how;                /* tools_wait: 0 ended (status its status),
				   1 killed at the limit, 2 stopped by a
				   signal */
	int status;
};

/* The n tools started (one, or all at once), each until it has ended,
 * run past c->timeout seconds (killed, its whole group) or a signal came
 * (killed too: supervise_wait), timed to when it was seen ending. */
static void tools_wait(const struct rerun_setup *c, struct tool_run *tr,
		       size_t n)
{
	struct child_end *ends = xcalloc(n ? n : 1, sizeof(*ends));

	for (size_t i = 0; i < n; i++)
		ends[i].pid = tr[i].pid;
	supervise_wait(ends, n, c->timeout);
	for (size_t i = 0; i < n; i++) {
		tr[i].how = 0;
		if (tr[i].pid <= 0)
			continue;
		tr[i].how = ends[i].why == CHILD_DEADLINE ? 1 :
			    ends[i].why == CHILD_STOPPED ? 2 : 0;
		tr[i].status = ends[i].wstatus;
		tr[i].seconds = ends[i].ended - tr[i].t0;
	}
	free(ends);
}

/* Starts tool on the measurement c->label. */
static void tool_begin(const struct rerun_setup *c, const char *tool,
		       struct tool_run *tr)
{
	struct rerun_setup one = *c;

	one.tool = tool;
	tr->tool = tool;
	tr->status = 0;
	tr->log = xasprintf("%s/%s.log", c->tmp, tool);
	tr->outdir = xasprintf("%s/%s", c->tmp, tool);
	tr->t0 = monotonic_seconds();
	tr->pid = child_start(&one, tr->log, tr->outdir);
	if (tr->pid > 0)
		evtrace("start", tr->pid, tool);
}

/* The record of a tool tools_wait waited for: its entry in rec->tools,
 * its findings in rec->findings.  Returns false when a signal stopped
 * it. */
static bool tool_end(const struct rerun_setup *c, struct tool_run *tr,
		     struct sanitizer_record *rec)
{
	struct sanitizer_tool *t;
	size_t before = rec->nfindings;
	char *text = NULL, *why = NULL;
	int st = 0, how = 0, answer = -1, seen = 0;

	rec->tools = xrealloc(rec->tools, (rec->ntools + 1) * sizeof(*rec->tools));
	t = &rec->tools[rec->ntools++];
	memset(t, 0, sizeof(*t));
	t->tool = xstrdup(tr->tool);
	t->answer = -1;
	t->outcome = SAN_FAILED;
	if (tr->pid < 0) {
		t->why = xstrdup("compute-sanitizer could not be started");
		goto out;
	}
	how = tr->how;
	st = tr->status;
	t->seconds = tr->seconds;
	text = read_head(tr->log, SANITIZE_MAX_LOG);
	seen = sanitizer_parse(text, tr->tool, rec, &t->errors);
	answer = child_answer(tr->outdir, &why);
	if (how == 2) {
		t->why = xstrdup("stopped by a signal");
	} else if (how == 1) {
		t->outcome = SAN_TIMED_OUT;
		t->why = xasprintf("did not finish within %g s", c->timeout);
	} else if (rec->nfindings > before ||
		   (seen && t->errors > 0 && WIFEXITED(st))) {
		t->outcome = SAN_FOUND;
	} else if (WIFSIGNALED(st)) {
		t->why = xasprintf("killed by signal %d (%s)", WTERMSIG(st),
				   strsignal(WTERMSIG(st)));
	} else if (answer == -2) {
		t->why = why;
		why = NULL;
	} else if (seen && (WEXITSTATUS(st) == 0 || WEXITSTATUS(st) == 1)) {
		t->outcome = SAN_CLEAN;
	} else {
		char *last = last_words(text);

		t->why = last ? last : xasprintf("it ended with exit status %d "
						 "and no summary",
						 WEXITSTATUS(st));
	}
	if (t->outcome == SAN_CLEAN || t->outcome == SAN_FOUND)
		t->answer = answer >= 0 ? answer :
			    WIFEXITED(st) ? WEXITSTATUS(st) == 1 : -1;
out:
	unlink(tr->log);
	remove_dir(tr->outdir);
	free(why);
	free(text);
	free(tr->log);
	free(tr->outdir);
	return how != 2;
}

/* Whether the n tools of a measurement of stage s run at once: each is a
 * process of its own with its own copy of the stage (together they take
 * about as long as the longest, memcheck, alone), so only
 * where the GPU admits several processes and three copies of a stage of
 * at most SANITIZE_TOGETHER_BYTES fit easily. */
static bool together(const struct rerun_setup *c, const struct plan_stage *s,
		     size_t n)
{
	return n > 1 && s->device_bytes <= SANITIZE_TOGETHER_BYTES &&
	       !env_exclusive(c->device);
}

/* The record of measurement ms under the n tools: not installed, or
 * each tool's run.  unsafe: a verified unsafe rung, else a failed kernel
 * (the note says which).  *stopped is set when a signal stopped it. */
static struct sanitizer_record *rerun(const struct plan_stage *s,
				      const struct plan_measurement *ms,
				      struct rerun_setup *c, const char **tools,
				      size_t n, bool unsafe, bool *stopped)
{
	struct sanitizer_record *rec = xcalloc(1, sizeof(*rec));
	struct tool_run tr[SANITIZE_MAX_TOOLS];

	rec->label = xstrdup(ms->label);
	rec->n = s->sh.n;
	rec->m = s->sh.m;
	rec->command = sanitize_command(tools[0], ms->label, c->o->file,
					c->shown_device);
	if (!c->sanitizer) {
		rec->state = xstrdup("not installed");
		return rec;
	}
	rec->state = xstrdup("ran");
	if (!c->o->quiet) {
		struct sbuf list = SBUF_INIT;

		for (size_t i = 0; i < n; i++)
			sbuf_addf(&list, "%s%s", i ? ", " : "", tools[i]);
		if (unsafe)
			diag_note("%s verified, but it is unsafe by design: "
				  "rerunning it alone under compute-sanitizer "
				  "(%s, which its registry record says finds "
				  "the hazard)", diag_esc(ms->label),
				  sbuf_str(&list));
		else
			diag_note("%s failed: rerunning it alone under "
				  "compute-sanitizer (%s)", diag_esc(ms->label),
				  sbuf_str(&list));
		sbuf_release(&list);
	}
	c->label = ms->label;
	if (together(c, s, n)) {
		/* all at once; their records in the tools' order */
		for (size_t i = 0; i < n; i++)
			tool_begin(c, tools[i], &tr[i]);
		tools_wait(c, tr, n);
		for (size_t i = 0; i < n; i++)
			if (!tool_end(c, &tr[i], rec))
				*stopped = true;
		return rec;
	}
	for (size_t i = 0; i < n && !*stopped; i++) {
		tool_begin(c, tools[i], &tr[0]);
		tools_wait(c, tr, 1);
		*stopped = !tool_end(c, &tr[0], rec);
	}
	return rec;
}

/* ---- every failed row ------------------------------------------------------------------- */

/* A deep copy of rec. */
static struct sanitizer_record *record_dup(const struct sanitizer_record *rec)
{
	struct sanitizer_record *d = xcalloc(1, sizeof(*d));

	d->state = xstrdup(rec->state);
	d->label = xstrdup(rec->label);
	d->n = rec->n;
	d->m = rec->m;
	d->command = xstrdup(rec->command);
	d->ntools = rec->ntools;
	d->tools = xcalloc(rec->ntools + 1, sizeof(*d->tools));
	for (size_t i = 0; i < rec->ntools; i++) {
		d->tools[i] = rec->tools[i];
		d->tools[i].tool = xstrdup(rec->tools[i].tool);
		d->tools[i].why = xstrdup(rec->tools[i].why);
	}
	d->nfindings = rec->nfindings;
	d->findings = xcalloc(rec->nfindings + 1, sizeof(*d->findings));
	for (size_t i = 0; i < rec->nfindings; i++) {
		const struct sanitizer_finding *s = &rec->findings[i];
		struct sanitizer_finding *t = &d->findings[i];

		*t = *s;
		t->tool = xstrdup(s->tool);
		t->kind = xstrdup(s->kind);
		t->what = xstrdup(s->what);
		t->space = xstrdup(s->space);
		t->access = xstrdup(s->access);
		t->problem = xstrdup(s->problem);
		t->function = xstrdup(s->function);
		t->file = xstrdup(s->file);
		t->other_access = xstrdup(s->other_access);
		t->other_file = xstrdup(s->other_file);
		t->threads = xstrdup(s->threads);
		t->blocks = xstrdup(s->blocks);
		t->nearest = xstrdup(s->nearest);
	}
	return d;
}

/* $CULAB_SANITIZER_TIMEOUT, or the default. */
static double time_limit(void)
{
	return env_number("CULAB_SANITIZER_TIMEOUT", 0.001, 86400,
			  SANITIZE_TIMEOUT, "seconds");
}

/* Whether row w is one that this pass reruns: a verified unsafe rung,
 * else a failure of the user's. */
static bool pass_wants(const struct results *r, const struct result_row *w,
		       bool unsafe)
{
	const struct variant *v = results_variant(r, w->variant);

	return unsafe ? sanitize_wants_unsafe(w, v) : sanitize_wants(w, v);
}

/* Whether rows a and b share one rerun: a failed kernel's rows (the same
 * experiment, variant, type and block), an unsafe rung's rows of the
 * whole run. */
static bool same_group(const struct result_row *a, const struct result_row *b,
		       bool unsafe)
{
	return unsafe ? strcmp(a->variant, b->variant) == 0 : same_kernel(a, b);
}

/* The tools for unsafe rung `name`: those its registry record names with
 * a finding, else (a record that names none) every tool a kernel of
 * unknown PTX gets. */
static size_t unsafe_tools(const struct results *r, const char *name,
			   const char *tools[SANITIZE_MAX_TOOLS])
{
	const struct variant *v = registry_find(name);
	size_t n;

	if (!v)
		v = results_variant(r, name);
	n = sanitize_tools_for_record(v ? v->sanitizer : NULL, tools);
	if (n)
		return n;
	tools[n++] = "memcheck";
	tools[n++] = "racecheck";
	tools[n++] = "synccheck";
	return n;
}

/* Sets c's device for a rerun of row w: the run's own, or, in the parent
 * of workers (o->rows_device), the CUDA device its row names. */
static void device_of(struct rerun_setup *c, const struct results *r,
		      const struct result_row *w)
{
	const struct sanitize_options *o = c->o;

	c->device = o->device;
	c->shown_device = o->shown_device;
	if (o->rows_device && w->device >= 0 &&
	    (size_t)w->device < r->ndevices &&
	    r->devices[w->device].cuda_device >= 0)
		c->device = c->shown_device = r->devices[w->device].cuda_device;
}

/* The rows that share row i's rerun, marked done: the smallest of them,
 * which is rerun, or a row of theirs that has its record already (*have
 * set: a class's worker, started again after a fault, keeps the rows
 * and records of the one before; a resumed run, an unsafe rung's):
 * nothing is rerun then, and that row's kernel takes its record. */
static const struct result_row *group_target(const struct results *r,
					     size_t i, bool *done,
					     bool unsafe,
					     const struct sanitizer_record **have)
{
	const struct result_row *w = &r->rows[i], *target;
	size_t k = i;

	for (size_t j = i; j < r->nrows; j++) {
		const struct result_row *x = &r->rows[j];

		if (done[j] || x->sanitize || !same_group(w, x, unsafe) ||
		    !pass_wants(r, x, unsafe))
			continue;
		done[j] = true;
		if ((double)x->n * (double)x->m <
		    (double)r->rows[k].n * (double)r->rows[k].m)
			k = j;
	}
	target = &r->rows[k];
	*have = NULL;
	for (size_t j = 0; j < r->nrows && !*have; j++)
		if (r->rows[j].sanitize && same_group(w, &r->rows[j], unsafe)) {
			*have = r->rows[j].sanitize;
			target = &r->rows[j];
		}
	return target;
}

/* Gives rec to the rows of target's kernel (experiment, variant, type
 * and block) from row i on that group_target marked.  Returns how
 * many. */
static int give_record(struct results *r, size_t i, const bool *done,
		       const struct result_row *target,
		       const struct sanitizer_record *rec)
{
	int given = 0;

	for (size_t j = i; j < r->nrows; j++) {
		struct result_row *x = &r->rows[j];

		if (!done[j] || x->sanitize || !same_kernel(target, x))
			continue;
		x->sanitize = record_dup(rec);
		free(x->sanitizer);
		x->sanitizer = sanitizer_summary(rec);
		given++;
	}
	return given;
}

/* The reruns of sanitize_failed() (unsafe false) or sanitize_unsafe(). */
static int reruns(const struct experiment_file *f, struct results *r,
		  const struct sanitize_options *o, bool unsafe)
{
	struct plan_options po = { .profile_only = true };
	struct rerun_setup c = { .o = o };
	char exe[PATH_MAX], *tmp = NULL;
	struct plan p;
	bool off, stopped = false, *done;
	int given = 0;
	ssize_t len;

	if (o->off)
		return 0;
	c.sanitizer = sanitize_find(&off);
	/* an unsafe rung is rerun where the tool is: a record that it is
	 * not installed would say nothing of the rung */
	if (off || (unsafe && !c.sanitizer)) {
		free((char *)c.sanitizer);
		return 0;
	}
	c.timeout = time_limit();
	done = xcalloc(r->nrows + 1, sizeof(*done));
	plan_build(f, &po, &p);
	/* the culab to rerun is this one: /proc/self/exe would name the
	 * tool once it runs */
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[len > 0 ? len : 0] = '\0';
	c.culab = o->culab ? o->culab : exe;
	/* the first SIGINT or SIGTERM stops the reruns (the tools running
	 * are killed), what they found so far kept */
	supervise_catch();
	for (size_t i = 0; i < r->nrows && !stopped; i++) {
		struct result_row *w = &r->rows[i];
		const struct result_row *target;
		const struct plan_measurement *ms;
		const struct plan_stage *s = NULL;
		const struct sanitizer_record *have = NULL;
		struct sanitizer_record *rec;
		const char *tools[SANITIZE_MAX_TOOLS];
		size_t ntools;

		if (done[i] || w->sanitize || !pass_wants(r, w, unsafe))
			continue;
		target = group_target(r, i, done, unsafe, &have);
		if (have) {
			rec = record_dup(have);
			goto give;
		}
		ms = measurement_of(&p, target, &s);
		if (!ms)
			continue;
		if (c.sanitizer && !tmp) {
			const char *dir = getenv("TMPDIR");

			tmp = xasprintf("%s/culab-sanitize.XXXXXX",
					dir && *dir ? dir : "/tmp");
			if (!mkdtemp(tmp)) {
				diag_warning("cannot make a directory for "
					     "compute-sanitizer's reruns (%s): "
					     "%s", tmp, strerror(errno));
				break;
			}
		}
		c.tmp = tmp;
		device_of(&c, r, target);
		ntools = unsafe ? unsafe_tools(r, target->variant, tools) :
				  tools_for(f, s, ms, tools);
		rec = rerun(s, ms, &c, tools, ntools, unsafe, &stopped);
give:
		given += give_record(r, i, done, target, rec);
		sanitizer_record_free(rec);
		if (o->save && o->save(r, o->save_ctx) < 0)
			break;
	}
	supervise_release();
	if (stopped)
		diag_note("compute-sanitizer's reruns stopped by %s; what they "
			  "found so far is kept",
			  supervise_last_signal() == SIGINT ? "SIGINT (^C)" :
			  supervise_last_signal() == SIGTERM ? "SIGTERM" :
			  "a signal");
	if (tmp)
		rmdir(tmp);
	plan_release(&p);
	free(done);
	free(tmp);
	free((char *)c.sanitizer);
	return stopped ? -1 : given;
}

int sanitize_failed(const struct experiment_file *f, struct results *r,
		    const struct sanitize_options *o)
{
	return reruns(f, r, o, false);
}

int sanitize_unsafe(const struct experiment_file *f, struct results *r,
		    const struct sanitize_options *o)
{
	return reruns(f, r, o, true);
}
