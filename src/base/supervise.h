/* base/supervise.h - one loop that supervises culab's child processes.
 *
 * culab starts children for five things: a worker per GPU (devices.h),
 * a worker per student of a class (pieces.h), a child per kernel whose
 * counters per source line are collected (lines.h), a child counting by
 * instrumentation (instrumented.h) and compute-sanitizer reruns
 * (sanitizer_reruns.h), all in jobs/.  Each is a policy of this loop (git's
 * run_processes_parallel, libuv's one uv_spawn): the policy starts
 * children and says what their ends mean; the loop does what is the same
 * for all of them:
 *
 *   - SIGINT and SIGTERM are counted while it runs, not acted on, and
 *     each child is told as its policy asked: forwarded as SIGUSR1 then
 *     SIGUSR2 (supervise_stop_signal) (finish the current measurement, then stop now: culab's
 *     own workers), its process group killed, or left to the policy;
 *   - a child past its deadline, or one whose policy has not said it
 *     moved for its stall time, is killed with its whole process group;
 *   - every child is reaped, and its status folded into one number
 *     (supervise_status) before its policy hears of its end.
 *
 * A child's life is one enum.  Children are spawned in a process group
 * of their own (^C reaches the parent alone) and die with the parent
 * (supervise_spawn), so that killing a child's group takes what it
 * started.
 * Short programs run for their output (gnuplot drawing charts, sbatch)
 * go through supervise_capture: the same process groups and statuses,
 * without the loop.
 * tests/unit/test_supervise.c drives the loop with shell children that
 * fault, hang, stall, ignore or obey a signal and end early, without a
 * GPU. */
#ifndef CULAB_SUPERVISE_H
#define CULAB_SUPERVISE_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

enum child_state {
	CHILD_RUNNING,  /* started, not yet seen ending */
	CHILD_KILLED,   /* killed by the loop (why: child.why), not yet
			   reaped */
	CHILD_ENDED,    /* reaped: status holds how it ended */
};

/* Why the loop ended a child; CHILD_SELF: it ended by itself. */
enum child_why {
	CHILD_SELF,
	CHILD_DEADLINE, /* ran past its deadline */
	CHILD_STALLED,  /* did not move for its stall time */
	CHILD_STOPPED,  /* killed on the parent's SIGINT or SIGTERM
			   (SUPERVISE_STOP_KILL) */
};

/* What a child is told when the parent gets SIGINT or SIGTERM. */
enum child_on_stop {
	SUPERVISE_STOP_FORWARD, /* the k-th signal as
				   supervise_stop_signal(k) */
	SUPERVISE_STOP_KILL,    /* its process group killed */
	SUPERVISE_STOP_POLICY,  /* nothing: the policy looks at
				   supervise_signals() itself */
};

struct child {
	pid_t pid;
	enum child_state state;
	enum child_why why;
	enum child_on_stop on_stop;
	int status;             /* once ended: supervise_status() */
	int wstatus;            /* and as waitpid gave it */
	double started;         /* monotonic seconds */
	double moved;           /* last supervise_moved(), or started */
	double deadline;        /* seconds from started; 0: none */
	double stall;           /* seconds without supervise_moved(); 0:
				   not watched */
	void *owner;            /* the policy's own record of it */
};

struct supervisor;
struct sbuf;

/* The most descriptors a policy's fds callback gives. */
#define SUPERVISE_MAX_FDS 256

/* How a child is started (supervise_spawn). */
struct spawn_options {
	const char *file;       /* the program; NULL: /proc/self/exe */
	char *const *argv;
	char **env;             /* NULL: this process's environ */
	const char *log;        /* its stdout and stderr (not followed if a
				   link); NULL: this process's */
	bool log_append;        /* appended to, not truncated */
	bool stdin_null;        /* its stdin from /dev/null */
	int keep[2];            /* descriptors (> 0) left open across the
				   exec: its pipes to the parent */
	int death_signal;       /* what it gets when the parent dies;
				   0: SIGKILL */
	const char *what;       /* its name in "cannot start WHAT" */
	int exec_failed;        /* its exit status when the exec fails;
				   0: EXIT_FAILED */
};

/* Starts a child: fork, its own process group, death_signal when the
 * parent dies (and none at all if the parent died before), SIGINT and
 * SIGTERM at their defaults, then exec.  Returns its pid, or -1 with
 * errno set (the log could not be opened, or fork failed). */
pid_t supervise_spawn(const struct spawn_options *o);

/* A short program run to its end for what it prints (supervise_capture):
 * gnuplot drawing a report's charts, sbatch submitting a job. */
struct capture_options {
	const char *file;       /* the program: found in PATH without a '/' */
	char *const *argv;
	int dirfd;              /* the directory it starts in; -1: this
				   process's */
	bool stderr_too;        /* its stderr into the text, else this
				   process's */
	double deadline;        /* seconds, then its group is killed; 0: none */
	size_t max;             /* bytes of its output kept; 0: all */
};

/* Runs o->file to its end, its stdin /dev/null, in a process group of its
 * own (killed whole at the deadline), and adds what it prints to *out.
 * Not the loop: no signal is caught or told (^C ends the caller, whose
 * child ends soon after, with no output to write to), and several
 * threads may each run one (report/plot_draw.c: gnuplots side by side).
 * Returns 0 with *status as supervise_status gives it and *late when the
 * deadline killed it, or -1 with errno set when it could not start
 * (ENOENT: no such program). */
int supervise_capture(const struct capture_options *o, struct sbuf *out,
		      int *status, bool *late);

/* What a policy gives the loop.  Every callback but ended may be NULL. */
struct supervise_policy {
	void *ctx;
	/* Starts what can start now (supervise_add for each child).
	 * Returns 0, or -1 to start nothing more.  Called on the loop's
	 * first turn even after a signal (children the policy started
	 * before the loop are registered then: a policy that starts new
	 * ones looks at supervise_signals() itself), then until a signal
	 * comes.  The loop ends when no child is live after it. */
	int (*fill)(void *ctx, struct supervisor *sv);
	/* A child has ended (c->state CHILD_ENDED; c->status, c->why).  The
	 * loop forgets c after this returns. */
	void (*ended)(void *ctx, struct supervisor *sv, struct child *c);
	/* The descriptors the loop waits on (at most max, into pf), and
	 * what came on them (pf as filled, revents set).  Without them the
	 * loop sleeps its tick. */
	int (*fds)(void *ctx, struct pollfd *pf, int max);
	void (*heard)(void *ctx, struct supervisor *sv,
		      const struct pollfd *pf, int n);
	/* Once a turn, before the ends are looked for (what a child said
	 * is heard before its end): what the policy does between looks
	 * (pipes answered, files looked at, progress drawn).  Returns true
	 * when something changed (the loop then looks again at once).  A
	 * turn: signals told, turn, ends (ended), deadlines and stalls,
	 * fill, then a wait when nothing changed.  The turn after the last
	 * end comes too: the loop ends after a turn in which nothing was
	 * live and nothing ended. */
	bool (*turn)(void *ctx, struct supervisor *sv);
	/* Seconds between looks when nothing happened (default 0.05). */
	double tick;
};

/* Registers a child spawned by the policy (in a process group of its
 * own); its deadline, stall and on_stop as given.  Returns its record,
 * which stays valid until its ended callback returns. */
struct child *supervise_add(struct supervisor *sv, pid_t pid, void *owner,
			    enum child_on_stop on_stop, double deadline,
			    double stall);
/* The child moved: its stall time counts from now. */
void supervise_moved(struct child *c);
/* The live children the loop holds (running or killed, not reaped). */
size_t supervise_live(const struct supervisor *sv);
/* The child with this pid, or NULL. */
struct child *supervise_find(struct supervisor *sv, pid_t pid);
/* Kills c's process group (and c) now; it ends as why. */
void supervise_kill(struct child *c, enum child_why why);

/* Runs the loop until no child is live and fill starts none (or said
 * -1).  SIGINT and SIGTERM are caught meanwhile (their old actions
 * restored at the end).  Returns how many of them came. */
int supervise_run(const struct supervise_policy *p);

/* How a child that supervise_wait watched ended. */
struct child_end {
	pid_t pid;              /* the child, spawned by the caller; <= 0:
				   none (skipped) */
	enum child_why why;     /* CHILD_SELF, CHILD_DEADLINE or
				   CHILD_STOPPED */
	int status, wstatus;    /* as struct child has them */
	double ended;           /* monotonic seconds when its end was seen */
};

/* The loop's plainest policy: waits for the n children ends[i].pid the
 * caller spawned (supervise_spawn), each killed with its group past
 * `deadline` seconds from this call (0: none), or at the parent's SIGINT
 * or SIGTERM; fills in how each ended.  Returns how many of those
 * signals came (supervise_run). */
int supervise_wait(struct child_end *ends, size_t n, double deadline);

/* SIGINT and SIGTERM counted from here to the matching
 * supervise_release (calls nest: the outermost pair counts); the loop
 * catches them itself, a caller that wants them counted beyond the
 * loop (a run's merge, its exit status) around it. */
void supervise_catch(void);
void supervise_release(void);
/* How many SIGINT and SIGTERM came since the outermost supervise_catch
 * (kept after its release, until the next), and the last of them. */
int supervise_signals(void);
int supervise_last_signal(void);
/* What a culab child is sent for the parent's k-th (from 0) signal:
 * SIGUSR1, stop after the current measurement, then SIGUSR2, stop
 * now. */
int supervise_stop_signal(int k);
/* A status of waitpid as one number: the exit code, or 128 + the
 * signal that killed it (as a shell says it). */
int supervise_status(int wstatus);
/* What such a status means: exitcode.h's text, "killed by a signal"
 * above 128. */
const char *supervise_status_text(int rc);
/* The last line of the file log that says something (trailing blanks
 * dropped), "" when none or unreadable (caller frees): a child's own
 * words on why it ended. */
char *supervise_log_tail(const char *log);

#endif
