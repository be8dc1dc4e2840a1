/* test_supervise.c - the one loop over culab's child processes
 * (base/supervise.h), driven with shell children, no GPU: an exit
 * status and a fault folded into one number; a hang killed at its
 * deadline; a silent child killed at its stall time and a child that
 * keeps moving left alone; the parent's SIGINT forwarded as SIGUSR1
 * then SIGUSR2, or a child's group killed, as its policy asked; slots
 * refilled as children end, never more than asked at once; what a child
 * left behind in its group killed with it; its log written, an exec
 * that fails said. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/exitcode.h"
#include "base/util.h"
#include "base/supervise.h"

#define MAXC 8

/* A queue of shell scripts run `slots` at a time. */
struct fake {
	const char *const *script;   /* NULL-terminated */
	size_t next, nended;
	int slots, most;
	enum child_on_stop on_stop;
	double deadline, stall;
	int status[MAXC];
	enum child_why why[MAXC];
	double seconds[MAXC];
	const char *grow;            /* a file whose growth is moving */
	off_t grown;
	int raise_after;             /* raise SIGINT after this many turns */
	struct child *live[MAXC];    /* the children running, by script */
	int turns;
};

static pid_t start_sh(const char *script, const char *log)
{
	char *argv[] = { "sh", "-c", (char *)script, NULL };
	struct spawn_options so = { .file = "/bin/sh", .argv = argv,
				    .log = log, .stdin_null = true };

	return supervise_spawn(&so);
}

static int fake_fill(void *ctx, struct supervisor *sv)
{
	struct fake *f = ctx;

	while (f->script[f->next] &&
	       supervise_live(sv) < (size_t)f->slots) {
		size_t k = f->next++;
		pid_t pid = start_sh(f->script[k], NULL);

		if (pid < 0)
			return -1;
		f->live[k] = supervise_add(sv, pid, (void *)(uintptr_t)k,
					   f->on_stop, f->deadline, f->stall);
		if ((int)supervise_live(sv) > f->most)
			f->most = (int)supervise_live(sv);
	}
	return 0;
}

static void fake_ended(void *ctx, struct supervisor *sv, struct child *c)
{
	struct fake *f = ctx;
	size_t k = (uintptr_t)c->owner;

	(void)sv;
	assert_int_equal(c->state, CHILD_ENDED);
	f->status[k] = c->status;
	f->why[k] = c->why;
	f->seconds[k] = monotonic_seconds() - c->started;
	f->live[k] = NULL;
	f->nended++;
}

static bool fake_turn(void *ctx, struct supervisor *sv)
{
	struct fake *f = ctx;

	(void)sv;
	if (f->raise_after && ++f->turns == f->raise_after)
		raise(SIGINT);
	return false;
}

/* The file grew: its child moved. */
static bool grow_turn(void *ctx, struct supervisor *sv)
{
	struct fake *f = ctx;
	struct stat st;

	(void)sv;
	if (stat(f->grow, &st) == 0 && st.st_size > f->grown) {
		f->grown = st.st_size;
		for (size_t k = 0; k < MAXC; k++)
			if (f->live[k])
				supervise_moved(f->live[k]);
	}
	return false;
}

static int run_fake(struct fake *f, bool (*turn)(void *, struct supervisor *))
{
	struct supervise_policy p = {
		.ctx = f, .fill = fake_fill, .ended = fake_ended,
		.turn = turn ? turn : fake_turn, .tick = 0.01,
	};

	return supervise_run(&p);
}

static void test_status(void **state)
{
	static const char *const s[] = {
		"exit 3", "kill -SEGV $$", "exit 0", NULL,
	};
	struct fake f = { .script = s, .slots = 3 };

	(void)state;
	assert_int_equal(run_fake(&f, NULL), 0);
	assert_int_equal(f.nended, 3);
	assert_int_equal(f.status[0], 3);
	assert_int_equal(f.status[1], 128 + SIGSEGV);
	assert_int_equal(f.status[2], 0);
	for (int k = 0; k < 3; k++)
		assert_int_equal(f.why[k], CHILD_SELF);
	assert_string_equal(supervise_status_text(EXIT_FAILED),
			    "a run, a verification or a required check failed");
	assert_string_equal(supervise_status_text(137), "killed by a signal");
}

static void test_deadline(void **state)
{
	static const char *const s[] = { "sleep 30", "exit 0", NULL };
	struct fake f = { .script = s, .slots = 2, .deadline = 0.3 };
	double t0 = monotonic_seconds();

	(void)state;
	run_fake(&f, NULL);
	assert_int_equal(f.why[0], CHILD_DEADLINE);
	assert_int_equal(f.status[0], 128 + SIGKILL);
	assert_true(f.seconds[0] >= 0.3 && f.seconds[0] < 5);
	assert_int_equal(f.why[1], CHILD_SELF);
	assert_true(monotonic_seconds() - t0 < 5);
}

static void test_stall(void **state)
{
	static const char *const silent[] = { "sleep 30", NULL };
	struct fake f = { .script = silent, .slots = 1, .stall = 0.3 };
	char path[] = "/tmp/culab-test-supervise.XXXXXX";
	char *script;
	int fd = mkstemp(path);

	(void)state;
	run_fake(&f, NULL);
	assert_int_equal(f.why[0], CHILD_STALLED);
	assert_true(f.seconds[0] < 5);
	/* a child that writes a line every 0.1 s for 0.8 s, its stall time
	 * 0.3 s: moving, it is left to end by itself */
	assert_true(fd >= 0);
	close(fd);
	script = xasprintf("for i in 1 2 3 4 5 6 7 8; do echo $i >> %s; "
			   "sleep 0.1; done; exit 5", path);
	{
		const char *const moving[] = { script, NULL };
		struct fake g = { .script = moving, .slots = 1, .stall = 0.3,
				  .grow = path };

		run_fake(&g, grow_turn);
		assert_int_equal(g.why[0], CHILD_SELF);
		assert_int_equal(g.status[0], 5);
		assert_true(g.seconds[0] >= 0.7);
	}
	free(script);
	unlink(path);
}

static void test_signal(void **state)
{
	/* a culab worker: SIGUSR1 finishes and exits 4; a second signal,
	 * SIGUSR2, the default (a kill) */
	static const char *const s[] = {
		"trap 'exit 4' USR1; i=0; while [ $i -lt 300 ]; do "
		"sleep 0.01; i=$((i+1)); done; exit 0",
		NULL,
	};
	struct fake f = { .script = s, .slots = 1, .raise_after = 5,
			  .on_stop = SUPERVISE_STOP_FORWARD };
	struct fake k = { .script = s, .slots = 1, .raise_after = 5,
			  .on_stop = SUPERVISE_STOP_KILL };

	struct sigaction ign = { .sa_handler = SIG_IGN }, old, now;

	(void)state;
	/* SIGINT ignored here, as a shell leaves it in a command run in the
	 * background (`make test &`): ignored again after the run */
	sigemptyset(&ign.sa_mask);
	assert_int_equal(sigaction(SIGINT, &ign, &old), 0);
	assert_int_equal(run_fake(&f, NULL), 1);
	assert_int_equal(supervise_signals(), 1);
	assert_int_equal(supervise_last_signal(), SIGINT);
	assert_int_equal(f.status[0], 4);
	assert_int_equal(f.why[0], CHILD_SELF);
	assert_int_equal(run_fake(&k, NULL), 1);
	assert_int_equal(k.why[0], CHILD_STOPPED);
	assert_int_equal(k.status[0], 128 + SIGKILL);
	/* the old action is back: SIGINT ignored here is ignored again */
	assert_int_equal(sigaction(SIGINT, &old, &now), 0);
	assert_true(now.sa_handler == SIG_IGN);
}

/* Children started before the loop, a signal before its first turn:
 * they are still registered, and killed as their policy asked. */
struct early {
	pid_t pid;
	int status;
	enum child_why why;
};

static int early_fill(void *ctx, struct supervisor *sv)
{
	struct early *e = ctx;

	supervise_add(sv, e->pid, e, SUPERVISE_STOP_KILL, 0, 0);
	return -1;
}

static void early_ended(void *ctx, struct supervisor *sv, struct child *c)
{
	struct early *e = ctx;

	(void)sv;
	e->status = c->status;
	e->why = c->why;
}

static void test_signal_first(void **state)
{
	struct early e = { 0 };
	struct supervise_policy p = { .ctx = &e, .fill = early_fill,
				      .ended = early_ended, .tick = 0.01 };
	double t0 = monotonic_seconds();

	(void)state;
	supervise_catch();
	e.pid = start_sh("sleep 30", NULL);
	assert_true(e.pid > 0);
	raise(SIGINT);
	assert_int_equal(supervise_run(&p), 1);
	supervise_release();
	assert_int_equal(e.why, CHILD_STOPPED);
	assert_int_equal(e.status, 128 + SIGKILL);
	assert_true(monotonic_seconds() - t0 < 5);
}

/* The policy's turn comes after the last child's end: what an end left
 * to do (lines_run merges and saves there) is done before the loop
 * returns. */
struct last {
	pid_t pid;
	bool ended, turned_after;
};

static int last_fill(void *ctx, struct supervisor *sv)
{
	struct last *l = ctx;

	if (!l->pid) {
		l->pid = start_sh("exit 0", NULL);
		supervise_add(sv, l->pid, l, SUPERVISE_STOP_KILL, 0, 0);
	}
	return 0;
}

static void last_ended(void *ctx, struct supervisor *sv, struct child *c)
{
	(void)sv;
	(void)c;
	((struct last *)ctx)->ended = true;
}

static bool last_turn(void *ctx, struct supervisor *sv)
{
	struct last *l = ctx;

	(void)sv;
	if (l->ended)
		l->turned_after = true;
	return false;
}

static void test_turn_after_end(void **state)
{
	struct last l = { 0 };
	struct supervise_policy p = { .ctx = &l, .fill = last_fill,
				      .ended = last_ended, .turn = last_turn,
				      .tick = 0.01 };

	(void)state;
	assert_int_equal(supervise_run(&p), 0);
	assert_true(l.ended);
	assert_true(l.turned_after);
}

static void test_slots(void **state)
{
	static const char *const s[] = {
		"sleep 0.05", "exit 1", "sleep 0.1", "exit 2", "sleep 0.02",
		NULL,
	};
	struct fake f = { .script = s, .slots = 2 };

	(void)state;
	assert_int_equal(run_fake(&f, NULL), 0);
	assert_int_equal(f.nended, 5);
	assert_int_equal(f.most, 2);
	assert_int_equal(f.status[1], 1);
	assert_int_equal(f.status[3], 2);
}

/* Whether pid runs (a zombie does not). */
static bool alive(pid_t pid)
{
	char *path = xasprintf("/proc/%ld/stat", (long)pid), *text = NULL;
	size_t len = 0;
	bool live = false;

	if (read_file(path, 4096, &text, &len) == 0) {
		const char *p = strrchr(text, ')');

		live = p && p[1] == ' ' && p[2] != 'Z' && p[2] != 'X';
	}
	free(text);
	free(path);
	return live;
}

static void test_group(void **state)
{
	char path[] = "/tmp/culab-test-supervise.XXXXXX";
	int fd = mkstemp(path);
	char *script, buf[32] = { 0 };
	FILE *in;
	long gpid = 0;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	/* it leaves a grandchild behind in its group and ends */
	script = xasprintf("sleep 30 & echo $! > %s; exit 0", path);
	{
		const char *const s[] = { script, NULL };
		struct fake f = { .script = s, .slots = 1 };

		run_fake(&f, NULL);
		assert_int_equal(f.status[0], 0);
	}
	in = fopen(path, "r");
	assert_non_null(in);
	assert_non_null(fgets(buf, sizeof(buf), in));
	fclose(in);
	gpid = strtol(buf, NULL, 10);
	assert_true(gpid > 0);
	assert_true(alive(getpid()));
	/* killed with the group: gone, or a zombie where nothing reaps
	 * what was reparented (a container's init) */
	for (int i = 0; i < 100 && alive((pid_t)gpid); i++)
		usleep(10000);
	assert_false(alive((pid_t)gpid));
	free(script);
	unlink(path);
}

static void test_spawn(void **state)
{
	char path[] = "/tmp/culab-test-supervise.XXXXXX";
	int fd = mkstemp(path);
	char *argv[] = { "culab-no-such-program", NULL }, *text = NULL;
	struct spawn_options so = { .file = "/nonexistent/culab",
				    .argv = argv, .what = "the test" };
	size_t len = 0;
	pid_t pid;
	int st;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	so.log = path;
	pid = supervise_spawn(&so);
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_int_equal(supervise_status(st), EXIT_FAILED);
	assert_int_equal(read_file(path, 4096, &text, &len), 0);
	assert_non_null(strstr(text, "culab: error: cannot start the test: "));
	free(text);
	/* a log that cannot be opened: no child */
	so.log = "/nonexistent/dir/log";
	errno = 0;
	assert_int_equal(supervise_spawn(&so), -1);
	assert_int_equal(errno, ENOENT);
	unlink(path);
}

/* A short program run for its output: what it prints (stderr too when
 * asked), in the directory given, its exit status; a program that
 * outlives its deadline is killed with what it started; one that does not
 * exist says so in errno. */
static void test_capture(void **state)
{
	char *sh_out[] = { "sh", "-c", "pwd; echo err >&2; exit 3", NULL };
	char *sh_late[] = { "sh", "-c", "sleep 30 & echo started; wait", NULL };
	char *none[] = { "culab-no-such-program", NULL };
	struct capture_options o = { .file = "sh", .argv = sh_out,
				     .dirfd = open("/", O_RDONLY | O_DIRECTORY),
				     .stderr_too = true };
	struct sbuf out = SBUF_INIT;
	double t0;
	int st;
	bool late;

	(void)state;
	assert_true(o.dirfd >= 0);
	assert_int_equal(supervise_capture(&o, &out, &st, &late), 0);
	assert_string_equal(sbuf_str(&out), "/\nerr\n");
	assert_int_equal(st, 3);
	assert_false(late);
	close(o.dirfd);
	sbuf_reset(&out);

	o.dirfd = -1;
	o.stderr_too = false;
	o.argv = sh_late;
	o.deadline = 0.5;
	t0 = monotonic_seconds();
	assert_int_equal(supervise_capture(&o, &out, &st, &late), 0);
	/* the group killed: the sleep held the pipe open, and it ended */
	assert_true(monotonic_seconds() - t0 < 10);
	assert_true(late);
	assert_int_equal(st, 128 + SIGKILL);
	assert_string_equal(sbuf_str(&out), "started\n");

	o.file = none[0];
	o.argv = none;
	assert_int_equal(supervise_capture(&o, &out, &st, &late), -1);
	assert_int_equal(errno, ENOENT);
	sbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status),
		cmocka_unit_test(test_deadline),
		cmocka_unit_test(test_stall),
		cmocka_unit_test(test_signal),
		cmocka_unit_test(test_signal_first),
		cmocka_unit_test(test_turn_after_end),
		cmocka_unit_test(test_slots),
		cmocka_unit_test(test_group),
		cmocka_unit_test(test_spawn),
		cmocka_unit_test(test_capture),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
