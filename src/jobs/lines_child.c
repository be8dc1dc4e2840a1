/* lines_child.c - one process of culab's counters per source line: its
 * command line, its start, its end and what it left.  See lines_child.h.
 *
 * Children are started as every child of culab is (supervise_spawn):
 * fork and exec of /proc/self/exe in a process group of their own (a terminal's ^C
 * reaches the parent alone, which then ends the child and stops: what is
 * left is --resume's), dead with their parent (PR_SET_PDEATHSIG), killed
 * past their time limit.  A child's output goes to DIR/child.log, and its
 * last line into the row's lines.status when it fails. */
#include "lines_child.h"
#include "base/supervise.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "counters/counters.h"
#include "results/results.h"

struct argv_buf {
	char *v[24];
	int n;
};

static void arg(struct argv_buf *a, const char *s)
{
	if (a->n < (int)ARRAY_SIZE(a->v) - 1)
		a->v[a->n++] = xstrdup(s);
	a->v[a->n] = NULL;
}

static void child_argv(const struct lines_options *o, int device,
		       const char *label, const char *dir, int go, bool held,
		       enum lines_child_mode mode, struct argv_buf *a)
{
	char dev[32], gofd[32];

	snprintf(dev, sizeof(dev), "%d", device);
	arg(a, "culab");
	arg(a, "run");
	arg(a, "--quiet");
	arg(a, "--no-report");
	arg(a, "--no-counters");
	arg(a, "--profile-only");
	arg(a, "--lines-child");
	if (mode == LC_STALLS)
		arg(a, "--stalls-only");
	else if (mode == LC_COUNT_NO_STALLS)
		arg(a, "--no-stalls");
	if (go >= 0) {
		snprintf(gofd, sizeof(gofd), "%d", go);
		arg(a, "--lines-go");
		arg(a, gofd);
		if (held)
			arg(a, "--lines-held");
	}
	arg(a, "--device");
	arg(a, dev);
	arg(a, "--measurement");
	arg(a, label);
	arg(a, "-o");
	arg(a, dir);
	arg(a, o->file);
}

/* Starts the child for `label` with its output into `log`.  Returns its
 * pid, or -1 after a diagnostic. */
pid_t lines_child_start(const struct lines_options *o, int device,
			const char *uuid, const char *label, const char *dir,
			int *go, bool held, enum lines_child_mode mode)
{
	char *log = xasprintf("%s/child.log", dir);
	struct argv_buf a = { .n = 0 };
	const char *exe = o->exe ? o->exe : "/proc/self/exe";
	pid_t pid;
	bool narrow = uuid && !strncmp(uuid, "GPU-", 4) &&
		      strlen(uuid) < 64;
	int sv[2] = { -1, -1 };
	char **envp;

	/* a socket, not a pipe: the word to a child that died meanwhile
	 * fails, with no SIGPIPE (MSG_NOSIGNAL) */
	if (go && socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		diag_error("cannot start a process for counters per source "
			   "line: %s", strerror(errno));
		free(log);
		return -1;
	}
	{
		/* one hardware queue: the child launches on one stream, and
		 * the driver, which makes one context at a time, makes its
		 * context in about half the time with one (docs/per-line.md);
		 * a value the user set is kept */
		const char *conn = getenv(LINES_CONNECTIONS_ENV);
		const char *const pairs[] = {
			LINES_CONNECTIONS_ENV, conn ? conn : "1",
			narrow ? "CUDA_VISIBLE_DEVICES" : NULL, uuid, NULL,
		};

		envp = environ_with_list(pairs);
	}
	child_argv(o, narrow ? 0 : device, label, dir, sv[1], held && go,
		   mode, &a);
	{
		struct spawn_options so = {
			.file = exe, .argv = a.v, .env = envp, .log = log,
			.keep = { sv[1], -1 }, .what = exe,
		};

		pid = supervise_spawn(&so);
	}
	if (pid < 0)
		diag_error("cannot start a process for counters per source "
			   "line: %s", strerror(errno));
	for (int i = 0; i < a.n; i++)
		free(a.v[i]);
	environ_with_free(envp);
	free(log);
	if (sv[1] >= 0)
		close(sv[1]);
	if (go) {
		*go = sv[0];
		if (pid < 0) {
			close(sv[0]);
			*go = -1;
		}
	}
	return pid;
}

void lines_child_go(int go)
{
	/* a child gone meanwhile: the supervisor sees its end */
	if (go >= 0)
		(void)send(go, "g", 1, MSG_NOSIGNAL);
}

char *lines_child_why(int st, bool late, double timeout, const char *log)
{
	char *line = supervise_log_tail(log), *why;

	if (late)
		why = xasprintf("the per-line run did not end within %.0f s and "
				"was killed", timeout);
	else if (WIFSIGNALED(st))
		why = xasprintf("the per-line run was ended by signal %d (%s)"
				"%s%s", WTERMSIG(st), strsignal(WTERMSIG(st)),
				*line ? ": " : "", line);
	else
		why = xasprintf("the per-line run ended with exit status %d (%s)"
				"%s%s", WEXITSTATUS(st),
				supervise_status_text(WEXITSTATUS(st)), *line ? ": " : "",
				line);
	free(line);
	return why;
}

/* What a child leaves in dir, removed before the next one starts (and
 * before the first: a parent killed earlier may have left some). */
void lines_child_clean(const char *dir)
{
	static const char *const files[] = { "results.json", "results.csv",
					     "child.log" };

	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char *p = xasprintf("%s/%s", dir, files[i]);

		unlink(p);
		free(p);
	}
}

/* Takes the lines of the child's one row (DIR/results.json) into w.
 * Returns 0, or -1 when the file holds none (w untouched). */
int lines_child_take(const char *dir, struct result_row *w)
{
	char *path = xasprintf("%s/results.json", dir);
	struct results cr;
	int rc = -1;

	if (access(path, F_OK) == 0 && results_read(path, &cr) == 0) {
		if (cr.nrows == 1 && cr.rows[0].lines.recorded) {
			struct result_row *c = &cr.rows[0];

			source_lines_release(&w->lines);
			w->lines = c->lines;
			memset(&c->lines, 0, sizeof(c->lines));
			rc = 0;
		} else if (cr.nrows == 1 && cr.rows[0].status != ROW_OK) {
			char *why = xasprintf("the per-line run of this "
					      "measurement failed: %s",
					      cr.rows[0].message ?
					      cr.rows[0].message : "no reason");

			source_lines_set_status(&w->lines, why);
			free(why);
			rc = 0;
		}
		results_release(&cr);
	}
	free(path);
	return rc;
}

/* Seconds a child may take. */
double lines_timeout(const struct lines_options *o)
{
	return o->timeout > 0 ? o->timeout : LINES_CHILD_TIMEOUT;
}

void lines_child_done(const struct lines_options *o, const char *dir,
		      int st, bool late, double t0, struct result_row *w)
{
	char *log = xasprintf("%s/child.log", dir);

	if (lines_child_take(dir, w) < 0 || late) {
		char *why = lines_child_why(st, late, lines_timeout(o), log);

		source_lines_set_status(&w->lines, why);
		free(why);
	}
	w->lines.seconds = monotonic_seconds() - t0;
	lines_child_clean(dir);
	free(log);
}

void lines_child_watch(const struct lines_options *o, pid_t pid, double t0,
		       bool stop, bool *stopped, bool *late)
{
	if (!pid || *stopped || !(stop || monotonic_seconds() - t0 >
				  lines_timeout(o)))
		return;
	/* SIGUSR2: the runner's "stop now"; SIGKILL past the time limit,
	 * when it may be stuck in the GPU; its group, or the child itself
	 * before it made one */
	*late = !stop;
	if (kill(-pid, *late ? SIGKILL : SIGUSR2) < 0)
		kill(pid, *late ? SIGKILL : SIGUSR2);
	*stopped = true;
}


/* DIR/.lines and DIR/.lines/gpu-D (k 1: gpu-D-b, ...), culab's own: a link
 * planted there is refused.  Returns the latter's path, or NULL after a
 * diagnostic. */
char *lines_child_dir(const char *outdir, int device, int k)
{
	int top = dir_make(AT_FDCWD, NULL, outdir, DIR_FOLLOW), fd = -1, sub = -1;
	char *base = xasprintf("%s/.lines", outdir), name[32];

	if (k == LINES_DIR_INSTRUMENTED)
		snprintf(name, sizeof(name), "gpu-%d-instrumented", device);
	else if (k == LINES_DIR_STALLS)
		snprintf(name, sizeof(name), "gpu-%d-stalls", device);
	else if (k)
		snprintf(name, sizeof(name), "gpu-%d-%c", device, 'a' + k);
	else
		snprintf(name, sizeof(name), "gpu-%d", device);
	if (top >= 0) {
		fd = dir_make(top, outdir, ".lines", DIR_CONFINED);
		close(top);
	}
	if (fd >= 0) {
		sub = dir_make(fd, base, name, DIR_CONFINED);
		close(fd);
	}
	if (sub < 0) {
		free(base);
		return NULL;
	}
	close(sub);
	free(base);
	return xasprintf("%s/.lines/%s", outdir, name);
}
