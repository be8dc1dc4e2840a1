/* runner_lines.c - the runner of culab's per-line child (run
 * --lines-child): the counters per source line of its one measurement.
 * See run.h (run_options.lines) and counters.h.
 *
 * CUPTI's SASS metrics collect one kernel per process and map its
 * instructions to lines through the cubins the process loaded, so the
 * child keeps every module from before its CUDA context exists
 * (runner_lines_open, first thing of the device set-up), readies the
 * metrics before its first kernel launch (runner_lines_prepare), and
 * collects them for the launch of its measurement after the correctness
 * run, which verified the answer and loaded the kernel's module:
 * enabled right before the variant's launch, after the input is restored,
 * so that none of culab's own kernels (the input's copy, the L2 flush) is
 * the one recorded.  The child does not time (--profile-only) and takes
 * no kernel-level counters (--no-counters); the parent has them.
 *
 * The sampling child (run --lines-child --stalls-only) samples where
 * warps wait for every measurement of its list, one after the other in
 * one process, and collects no SASS metrics (jobs/lines_stalls.h). */
#include "runner_int.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/evtrace.h"
#include "base/exitcode.h"

#include "counters/counters.h"

void runner_lines_open(struct run *R)
{
	if (R->o->lines)
		lines_open(NULL, 0);
}

void runner_lines_prepare(struct run *R)
{
	if (R->o->lines)
		lines_prepare(R->o->device, NULL, 0);
}

void runner_lines_close(struct run *R)
{
	if (R->o->lines)
		lines_close();
}

/* Reads one byte of the parent's word on the child's socket; at its
 * end (the parent said end, or is gone) the process ends: no row,
 * nothing to save; the driver ends the context with the process.
 * Returns the seconds it waited. */
static double parent_word(struct run *R, const char *before,
			  const char *after)
{
	char c;
	ssize_t n;
	double t = runner_now();

	evtrace(before, 0, "");
	/* ready: the parent starts the next ones as this one is (a parent
	 * gone meanwhile: nothing to tell, no SIGPIPE) */
	(void)send(R->o->lines_go, "r", 1, MSG_NOSIGNAL);
	do
		n = read(R->o->lines_go, &c, 1);
	while (n < 0 && errno == EINTR);
	evtrace(after, 0, "");
	if (n != 1) {
		fflush(NULL);
		_exit(EXIT_INTERRUPTED);
	}
	return runner_now() - t;
}

void runner_lines_hold(struct run *R)
{
	if (!R->o->lines || !R->o->lines_go || !R->o->lines_held ||
	    R->lines_freed)
		return;
	R->lines_freed = true;
	R->lines_hold_s = parent_word(R, "hold", "freed");
}

void runner_lines_wait(struct run *R)
{
	if (!R->o->lines || !R->o->lines_go || R->lines_waited)
		return;
	runner_lines_hold(R);   /* the words come in this order */
	R->lines_waited = true;
	R->lines_wait_s = parent_word(R, "wait", "go");
}

void runner_lines_done(struct run *R)
{
	if (!R->o->lines || !R->o->lines_go)
		return;
	/* a parent gone meanwhile: nothing to tell (no SIGPIPE) */
	(void)send(R->o->lines_go, "d", 1, MSG_NOSIGNAL);
	evtrace("saved", 0, "");
	close(R->o->lines_go);
}

static int lines_restore(void *ctx)
{
	return runner_restore_input(ctx);
}

static int lines_launch(void *ctx)
{
	return runner_launch_once(ctx);
}

void runner_lines_measure(struct run *R, struct launch_ctx *L,
			  struct result_row *w)
{
	struct lines_run run = { lines_restore, lines_launch, L };
	double t = runner_now();

	if (!R->o->lines)
		return;
	if (L->v->flags & VF_CPU) {
		runner_lines_wait(R);
		source_lines_set_status(&w->lines, "not applicable: runs on "
					"the CPU");
		return;
	}
	/* the sampling child: where warps wait, measurement after
	 * measurement, in one process (its parent's turn of the GPU) */
	if (R->o->stalls_only) {
		lines_stalls(&run, &w->lines, NULL, 0);
		w->lines.collect_seconds = runner_now() - t;
		evtrace("sampled", 0, w->variant ? w->variant : "");
		return;
	}
	runner_lines_wait(R);   /* its turn, when started ahead */
	t = runner_now();
	/* where warps wait, in its turn: while a process samples, another's
	 * SASS metrics cannot be configured on the same GPU (counters.h) */
	if (!R->o->no_stalls) {
		lines_sample(&run);
		evtrace("sampled", 0, "");
	}
	lines_collect(&run, &w->lines, NULL, 0);
	w->lines.collect_seconds = runner_now() - t;
	evtrace("collected", 0, "");
	/* the GPU is free for the next child while this one saves; a failed
	 * collection says nothing before its results (lines.h) */
	if (R->o->lines_go && !w->lines.status)
		(void)send(R->o->lines_go, "c", 1, MSG_NOSIGNAL);
}
