/* supervise.c - one loop that supervises culab's child processes.  See
 * supervise.h. */
#include "supervise.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/exitcode.h"
#include "base/evtrace.h"
#include "base/util.h"

/* ---- signals ---------------------------------------------------------- */

static volatile sig_atomic_t signals_seen, last_signal;
static int catch_depth;
static struct sigaction caught_old[2];

static void on_signal(int sig)
{
	signals_seen++;
	last_signal = sig;
}

void supervise_catch(void)
{
	struct sigaction sa;

	if (catch_depth++)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	signals_seen = 0;
	last_signal = 0;
	sigaction(SIGINT, &sa, &caught_old[0]);
	sigaction(SIGTERM, &sa, &caught_old[1]);
}

void supervise_release(void)
{
	if (catch_depth <= 0 || --catch_depth)
		return;
	sigaction(SIGINT, &caught_old[0], NULL);
	sigaction(SIGTERM, &caught_old[1], NULL);
}

int supervise_signals(void)
{
	return (int)signals_seen;
}

int supervise_last_signal(void)
{
	return (int)last_signal;
}

int supervise_stop_signal(int k)
{
	/* the first: stop after the current measurement; another: now
	 * (clocks given back), as a second ^C ends a one-GPU run */
	return k ? SIGUSR2 : SIGUSR1;
}

int supervise_status(int wstatus)
{
	if (WIFEXITED(wstatus))
		return WEXITSTATUS(wstatus);
	if (WIFSIGNALED(wstatus))
		return 128 + WTERMSIG(wstatus);
	return 128;
}

const char *supervise_status_text(int rc)
{
#define X(name, num, text) if (rc == num) return text;
	CULAB_EXIT_MAP(X)
#undef X
	return rc > 128 ? "killed by a signal" :
	       "an exit status culab does not use";
}

char *supervise_log_tail(const char *log)
{
	char *text = NULL, *out, why[8];
	size_t len = 0, end, start;

	if (read_file_why(log, "log", 1u << 20, &text, &len, why,
			  sizeof(why)) < 0)
		return xstrdup("");
	end = len;
	while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' '))
		end--;
	start = end;
	while (start > 0 && text[start - 1] != '\n')
		start--;
	out = xstrndup(text + start, end - start);
	free(text);
	return out;
}

/* ---- starting --------------------------------------------------------- */

pid_t supervise_spawn(const struct spawn_options *o)
{
	const char *file = o->file ? o->file : "/proc/self/exe";
	pid_t parent = getpid(), pid;
	int fd = -1;

	if (o->log) {
		fd = open(o->log, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC |
			  (o->log_append ? O_APPEND : O_TRUNC), 0644);
		if (fd < 0)
			return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		/* its own group: ^C reaches the parent alone, which tells
		 * it; the whole group is killed at a deadline */
		setpgid(0, 0);
		prctl(PR_SET_PDEATHSIG, o->death_signal ? o->death_signal :
			      SIGKILL);
		if (getppid() != parent)
			_exit(EXIT_INTERRUPTED);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		if (o->stdin_null) {
			int null = open("/dev/null", O_RDONLY);

			if (null >= 0)
				dup2(null, STDIN_FILENO);
		}
		if (fd >= 0) {
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		/* the pipes to its parent outlive the exec */
		for (int i = 0; i < 2; i++)
			if (o->keep[i] > 0)
				fcntl(o->keep[i], F_SETFD, 0);
		execve(file, o->argv, o->env ? o->env : environ);
		fprintf(stderr, "culab: error: cannot start %s: %s\n",
			o->what ? o->what : file, strerror(errno));
		_exit(o->exec_failed ? o->exec_failed : EXIT_FAILED);
	}
	if (fd >= 0)
		close(fd);
	if (pid > 0)            /* either side may get there first */
		setpgid(pid, pid);
	return pid;
}

/* ---- a short program's output ---------------------------------------- */

int supervise_capture(const struct capture_options *o, struct sbuf *out,
		      int *status, bool *late)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int pipefd[2], st = 0, err;
	double start = monotonic_seconds();
	pid_t pid;

	*late = false;
	*status = -1;
	if (pipe2(pipefd, O_CLOEXEC) < 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	if (o->stderr_too)
		posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
	if (o->dirfd >= 0)
		posix_spawn_file_actions_addfchdir_np(&fa, o->dirfd);
	posix_spawnattr_init(&at);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&at, 0);
	err = posix_spawnp(&pid, o->file, &fa, &at, o->argv, environ);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	if (err) {
		close(pipefd[0]);
		errno = err;
		return -1;
	}
	for (;;) {
		struct pollfd pfd = { .fd = pipefd[0], .events = POLLIN };
		double left = o->deadline > 0 ?
			      o->deadline - (monotonic_seconds() - start) : -1;
		char buf[4096];
		ssize_t got;
		int ready;

		if (o->deadline > 0 && left <= 0) {
			kill(-pid, SIGKILL);
			*late = true;
			break;
		}
		ready = poll(&pfd, 1, left < 0 ? -1 : (int)(left * 1e3) + 1);
		if (ready <= 0)
			continue;   /* EINTR, or the deadline: looked at above */
		got = read(pipefd[0], buf, sizeof(buf));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;      /* the end of its output */
		if (!o->max || out->len < o->max)
			sbuf_addn(out, buf, (size_t)got);
	}
	close(pipefd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	*status = supervise_status(st);
	return 0;
}

/* ---- the loop --------------------------------------------------------- */

struct supervisor {
	struct child **c;       /* the live children */
	size_t n, cap;
	int told;               /* signals passed on so far */
};

struct child *supervise_add(struct supervisor *sv, pid_t pid, void *owner,
			    enum child_on_stop on_stop, double deadline,
			    double stall)
{
	struct child *c = xcalloc(1, sizeof(*c));

	c->pid = pid;
	c->state = CHILD_RUNNING;
	c->why = CHILD_SELF;
	c->on_stop = on_stop;
	c->started = c->moved = monotonic_seconds();
	c->deadline = deadline;
	c->stall = stall;
	c->owner = owner;
	if (sv->n == sv->cap) {
		sv->cap = sv->cap ? 2 * sv->cap : 8;
		sv->c = xrealloc(sv->c, sv->cap * sizeof(*sv->c));
	}
	sv->c[sv->n++] = c;
	/* a signal that came before it started: it is told too */
	for (int k = 0; k < sv->told; k++) {
		if (on_stop == SUPERVISE_STOP_FORWARD)
			kill(pid, supervise_stop_signal(k));
		else if (on_stop == SUPERVISE_STOP_KILL && !k)
			supervise_kill(c, CHILD_STOPPED);
	}
	return c;
}

void supervise_moved(struct child *c)
{
	c->moved = monotonic_seconds();
}

size_t supervise_live(const struct supervisor *sv)
{
	return sv->n;
}

struct child *supervise_find(struct supervisor *sv, pid_t pid)
{
	for (size_t i = 0; i < sv->n; i++)
		if (sv->c[i]->pid == pid)
			return sv->c[i];
	return NULL;
}

void supervise_kill(struct child *c, enum child_why why)
{
	if (c->state != CHILD_RUNNING)
		return;
	if (kill(-c->pid, SIGKILL) < 0)
		kill(c->pid, SIGKILL);
	c->state = CHILD_KILLED;
	c->why = why;
}

/* The signals that came since last looked, passed on as each child's
 * policy asked. */
static void tell(struct supervisor *sv)
{
	for (; sv->told < supervise_signals(); sv->told++)
		for (size_t i = 0; i < sv->n; i++) {
			struct child *c = sv->c[i];

			if (c->on_stop == SUPERVISE_STOP_FORWARD &&
			    c->state == CHILD_RUNNING)
				kill(c->pid, supervise_stop_signal(sv->told));
			else if (c->on_stop == SUPERVISE_STOP_KILL)
				supervise_kill(c, CHILD_STOPPED);
		}
}

/* Kills the children past their deadline or their stall time. */
static void watch(struct supervisor *sv)
{
	double now = monotonic_seconds();

	for (size_t i = 0; i < sv->n; i++) {
		struct child *c = sv->c[i];

		if (c->state != CHILD_RUNNING)
			continue;
		if (c->deadline > 0 && now - c->started > c->deadline)
			supervise_kill(c, CHILD_DEADLINE);
		else if (c->stall > 0 && now - c->moved > c->stall)
			supervise_kill(c, CHILD_STALLED);
	}
}

/* Reaps every child that has ended, each told to its policy.  A child
 * seen ending has its group killed before it is reaped, while the
 * group's id is still its own: what it started and left behind goes
 * with it.  Returns how many ended. */
static int reap(struct supervisor *sv, const struct supervise_policy *p)
{
	int ended = 0;

	for (size_t i = 0; i < sv->n;) {
		struct child *c = sv->c[i];
		siginfo_t info;
		int st = 0, r;

		memset(&info, 0, sizeof(info));
		r = waitid(P_PID, (id_t)c->pid, &info,
			   WEXITED | WNOHANG | WNOWAIT);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0 && info.si_pid != c->pid) {  /* still running */
			i++;
			continue;
		}
		kill(-c->pid, SIGKILL);
		if (r == 0)
			while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR)
				;
		/* not ours to wait for (reaped elsewhere): its end is
		 * unknown, said as a kill */
		if (r != 0)
			st = SIGKILL;   /* as waitpid says a kill */
		c->wstatus = st;
		c->status = supervise_status(st);
		c->state = CHILD_ENDED;
		evtrace("ended", c->pid, "");
		sv->c[i] = sv->c[--sv->n];
		p->ended(p->ctx, sv, c);
		free(c);
		ended++;
	}
	return ended;
}

/* Waits for the policy's descriptors, or sleeps a tick. */
static void wait_turn(struct supervisor *sv, const struct supervise_policy *p,
		      struct pollfd *pf, int max)
{
	double tick = p->tick > 0 ? p->tick : 0.05;
	int np = p->fds ? p->fds(p->ctx, pf, max) : 0;

	if (np > 0) {
		if (poll(pf, (nfds_t)np, (int)(tick * 1000)) > 0 && p->heard)
			p->heard(p->ctx, sv, pf, np);
	} else {
		struct timespec ts = { (time_t)tick,
				       (long)((tick - (time_t)tick) * 1e9) };

		nanosleep(&ts, NULL);
	}
}

/* supervise_wait's policy: its children registered on the first turn. */
struct waiting {
	struct child_end *ends;
	size_t n;
	double deadline;
};

static int wait_fill(void *ctx, struct supervisor *sv)
{
	struct waiting *w = ctx;

	for (size_t i = 0; i < w->n; i++)
		if (w->ends[i].pid > 0)
			supervise_add(sv, w->ends[i].pid, &w->ends[i],
				      SUPERVISE_STOP_KILL, w->deadline, 0);
	return -1;              /* they are all there */
}

static void wait_ended(void *ctx, struct supervisor *sv, struct child *c)
{
	struct child_end *e = c->owner;

	(void)ctx;
	(void)sv;
	e->why = c->why;
	e->status = c->status;
	e->wstatus = c->wstatus;
	e->ended = monotonic_seconds();
}

int supervise_wait(struct child_end *ends, size_t n, double deadline)
{
	struct waiting w = { ends, n, deadline };
	struct supervise_policy p = {
		.ctx = &w, .fill = wait_fill, .ended = wait_ended,
		.tick = 0.02,
	};

	for (size_t i = 0; i < n; i++)
		ends[i].why = CHILD_SELF;
	return supervise_run(&p);
}

int supervise_run(const struct supervise_policy *p)
{
	struct supervisor sv = { .c = NULL };
	struct pollfd pf[SUPERVISE_MAX_FDS];
	bool filling = p->fill != NULL, first = true;

	supervise_catch();
	for (;;) {
		bool busy;
		size_t before;
		int ended;

		tell(&sv);
		/* what the children said before their ends are seen */
		busy = p->turn && p->turn(p->ctx, &sv);
		ended = reap(&sv, p);
		busy |= ended > 0;
		watch(&sv);
		/* ends first: a slot they freed is filled at once */
		before = sv.n;
		if (filling && (first || !supervise_signals()))
			filling = p->fill(p->ctx, &sv) >= 0;
		first = false;
		busy |= sv.n != before;
		/* the last ends get a turn of their own (what they left is
		 * taken and saved there) before the loop ends */
		if (!sv.n && !ended)
			break;
		if (!busy)
			wait_turn(&sv, p, pf, SUPERVISE_MAX_FDS);
	}
	free(sv.c);
	supervise_release();
	return supervise_signals();
}
