/* cli_run.h - running the built culab as a user would, for the command-
 * line tests (test_cli.c, test_cli_cluster.c, test_compare_cli.c,
 * test_rerun_cli.c and others): its exit status and what it printed.  Static functions in a header, because
 * the Makefile builds each tests/unit/test_*.c on its own; include it
 * after <cmocka.h>. */
#ifndef CULAB_TEST_CLI_RUN_H
#define CULAB_TEST_CLI_RUN_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "base/util.h"

extern char **environ;

struct out {
	int status;
	char *out, *err;
	long maxrss_kb;   /* peak resident memory (cli_run_limited only) */
};

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static inline char *cli_slurp(const char *path)
{
	char *text = NULL;
	size_t len;

	if (read_file(path, 64u << 20, &text, &len) < 0)
		return xstrdup("");
	return text;
}

/* Seconds on the monotonic clock. */
static inline double cli_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Waits for pid; after `limit` seconds (0: none) kills it (its status is
 * then 128 + SIGKILL).  Returns the wait status; *took: seconds waited;
 * *ru: the child's resource use. */
static inline int cli_wait(pid_t pid, double limit, double *took,
			   struct rusage *ru)
{
	double start = cli_now();
	int st = 0;

	memset(ru, 0, sizeof(*ru));
	for (;;) {
		pid_t got = wait4(pid, &st, limit > 0 ? WNOHANG : 0, ru);

		if (got == pid || (got < 0 && errno != EINTR))
			break;
		if (got == 0 && cli_now() - start > limit) {
			kill(pid, SIGKILL);
			wait4(pid, &st, 0, ru);
			break;
		}
		if (got == 0)
			usleep(2000);
	}
	if (took)
		*took = cli_now() - start;
	return st;
}

/* Runs `culab` (a path) with args (NULL-terminated, without the program
 * name) in directory cwd (NULL: here), killed after `limit` seconds (0:
 * no limit); *took (may be NULL): how long it ran; the result's
 * maxrss_kb: its peak memory. */
static inline struct out cli_run_limited(const char *culab, const char *cwd,
					 const char *const *args, double limit,
					 double *took)
{
	char outp[] = "/tmp/culab-cli-out-XXXXXX";
	char errp[] = "/tmp/culab-cli-err-XXXXXX";
	int fo = mkstemp(outp), fe = mkstemp(errp), st = 0;
	posix_spawn_file_actions_t fa;
	const char *argv[40];
	struct rusage ru;
	struct out o;
	pid_t pid;
	size_t n = 1;

	argv[0] = culab;
	for (; args[n - 1] && n < 39; n++)
		argv[n] = args[n - 1];
	argv[n] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fo, 1);
	posix_spawn_file_actions_adddup2(&fa, fe, 2);
	if (cwd)
		posix_spawn_file_actions_addchdir_np(&fa, cwd);
	assert_int_equal(posix_spawn(&pid, culab, &fa, NULL, (char **)argv,
				     environ), 0);
	st = cli_wait(pid, limit, took, &ru);
	posix_spawn_file_actions_destroy(&fa);
	close(fo);
	close(fe);
	o.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	o.maxrss_kb = ru.ru_maxrss;
	o.out = cli_slurp(outp);
	o.err = cli_slurp(errp);
	unlink(outp);
	unlink(errp);
	return o;
}

static inline struct out cli_run_in(const char *culab, const char *cwd,
				    const char *const *args)
{
	return cli_run_limited(culab, cwd, args, 0, NULL);
}

/* $CULAB (default build/culab), here. */
static inline struct out run(const char *const *args)
{
	const char *culab = getenv("CULAB") ? getenv("CULAB") : "build/culab";

	return cli_run_in(culab, NULL, args);
}

/* Checks the exit status and that stdout / stderr hold the given texts
 * (NULL: anything). */
static inline void expect(const char *const *args, int status,
			  const char *in_out, const char *in_err)
{
	struct out o = run(args);

	if (o.status != status || (in_out && !strstr(o.out, in_out)) ||
	    (in_err && !strstr(o.err, in_err)))
		fail_msg("culab %s ...: exit %d (want %d)\nstdout: %s\nstderr: %s"
			 "\nwanted stdout to hold \"%s\" and stderr \"%s\"",
			 args[0] ? args[0] : "", o.status, status, o.out, o.err,
			 in_out ? in_out : "", in_err ? in_err : "");
	free(o.out);
	free(o.err);
}

/* The experiment text that results file `path` recorded, written to a
 * fresh file /tmp/culab-recorded-XXXXXX/NAME (NAME: the last part of
 * the recorded path); returns that path (heap; cli_recorded_remove()
 * removes it).  For the recorded runs of an experiment file that
 * changed since (tests/fixtures/quick: quick.yaml then had 5 repeats):
 * --resume against them needs the text as it was recorded. */
static inline char *cli_recorded_experiment(const char *path)
{
	json_t *doc = json_load_file(path, 0, NULL);
	json_t *src = json_object_get(doc, "source");
	const char *text = json_string_value(json_object_get(src, "text"));
	const char *name = json_string_value(json_object_get(src, "path"));
	char dir[] = "/tmp/culab-recorded-XXXXXX", *file;

	if (!text || !name || !mkdtemp(dir))
		fail_msg("%s: no recorded experiment text", path);
	name = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	file = xasprintf("%s/%s", dir, name);
	if (write_file_atomic(file, text, strlen(text)) < 0)
		fail_msg("cannot write %s", file);
	json_decref(doc);
	return file;
}

static inline void cli_recorded_remove(char *file)
{
	char *slash = strrchr(file, '/');

	unlink(file);
	*slash = '\0';
	rmdir(file);
	free(file);
}

#endif
