/* sanitizer_reruns.h - a failed kernel of the user's explained at its
 * line: after `culab run` has measured everything, each user kernel
 * whose answer was wrong, that faulted or that wrote past its output is
 * run again, alone and at a small size, under compute-sanitizer in a
 * child process (memcheck; racecheck when its PTX uses shared memory,
 * synccheck when it has barriers), and what the tool says is kept in the
 * row (results/sanitizer_record.h's struct sanitizer_record): the
 * file:line, the threads, the count; or that it found nothing; or, where
 * compute-sanitizer is not installed, the one command that would run it.
 *
 * The child is this culab (`run --measurement LABEL --profile-only
 * --no-counters --no-report -q`) under the tool, in a process group of
 * its own, killed whole at a time limit; its output goes to a file that
 * run/sanitizer_parse.c reads.  A kernel's tools run at once, a child each,
 * unless the GPU admits one process at a time or the stage needs more
 * than 512 MiB; their records keep the tools' order.  Nothing it does can change the parent's rows
 * but their record, and the parent has saved them before the first child
 * starts.
 *
 * The same machinery reruns the built-in rungs that are unsafe by design
 * (VF_UNSAFE) when they verified: once per rung in the run, at its
 * smallest verified size, under the tools its registry record names with
 * a finding (sanitize_unsafe), so that the report shows the hazard from a
 * record of this run rather than from the flag. */
#ifndef CULAB_SANITIZER_RERUNS_H
#define CULAB_SANITIZER_RERUNS_H

#include <stdbool.h>

#include "experiment/experiment.h"
#include "results/results.h"

/* Seconds one tool's run may take, unless $CULAB_SANITIZER_TIMEOUT says
 * otherwise; the records compute-sanitizer prints per run (its summary
 * counts them all). */
#define SANITIZE_TIMEOUT 120.0
#define SANITIZE_PRINT_LIMIT 1000
/* The most tools one rerun runs: memcheck, racecheck, synccheck,
 * initcheck. */
#define SANITIZE_MAX_TOOLS 4

/* What sanitize_tools_for_ptx() finds a kernel needs, besides memcheck. */
enum {
	SANITIZE_SHARED = 1u << 0,    /* uses shared memory: racecheck */
	SANITIZE_BARRIER = 1u << 1,   /* has barriers: synccheck */
};

struct sanitize_options {
	const char *file;          /* the experiment file, as culab run got it */
	int device;                /* the CUDA device the run used */
	int shown_device;          /* the same as its user numbers it (a
				      worker that sees its GPU alone: run
				      --as-device), in the record's command */
	bool rows_device;          /* a parent of workers (--devices, a
				      class): each rerun on the CUDA device
				      its row names, where known */
	bool off;                  /* run --no-sanitizer: nothing reruns */
	const char *culab;         /* the culab the tool runs; NULL:
				      /proc/self/exe */
	bool quiet;                /* no note per rerun */
	/* Called after every kernel's reruns with the rows so far (NULL:
	 * nothing saved); returns 0, or -1 which ends the reruns. */
	int (*save)(const struct results *r, void *ctx);
	void *save_ctx;
};

/* compute-sanitizer's path: $CULAB_SANITIZER when set (a path, or
 * "off": reruns are not wanted, *off set), else `compute-sanitizer` from
 * PATH, else /usr/local/cuda/bin/compute-sanitizer.  NULL when none is
 * executable.  Caller frees. */
char *sanitize_find(bool *off);

/* SANITIZE_SHARED and SANITIZE_BARRIER as the PTX of kernel `entry`
 * (its lowered name) shows them: its body's shared-memory instructions
 * and barriers (bar.sync, bar.red, bar.arrive, barrier.*, bar.warp.sync),
 * or the whole module's when the body calls functions or `entry` is not
 * found.  ptx NULL: both (unknown, so every tool runs).  Pure. */
unsigned sanitize_tools_for_ptx(const char *ptx, const char *entry);

/* The tools a registry record of what compute-sanitizer reported
 * (struct variant's `sanitizer`: "racecheck: 30 hazards (...); memcheck:
 * 0 errors; ...") names with a count above 0, into tools (at most
 * SANITIZE_MAX_TOOLS, in the order memcheck, racecheck, synccheck,
 * initcheck).  Returns how many; 0 for NULL.  Pure. */
size_t sanitize_tools_for_record(const char *record, const char **tools);

/* The command a user would run for `tool` on measurement `label` of
 * `file` on device `device`, shell-quoted, with culab as "culab".
 * Caller frees. */
char *sanitize_command(const char *tool, const char *label, const char *file,
		       int device);

/* Whether row w is a failure compute-sanitizer may explain: a user
 * kernel's (v's flags VF_USER) wrong answer, or its CUDA error other
 * than an allocation's or a time limit's. */
bool sanitize_wants(const struct result_row *w, const struct variant *v);

/* Whether row w is an unsafe rung's that verified: a built-in variant v
 * flagged VF_UNSAFE, whose right answer says nothing of its hazard. */
bool sanitize_wants_unsafe(const struct result_row *w,
			   const struct variant *v);

/* Gives every row of r that sanitize_wants() a record (rows that have
 * one keep it): rows of one kernel (experiment, variant, type and block)
 * share one rerun, at the smallest size at which it failed in r, so that
 * the rerun reproduces the failure and a clean one means something.
 * f is the experiment file r ran (its plan names the measurement; its
 * kernels' PTX chooses the tools).  Nothing runs when
 * $CULAB_SANITIZER is "off" or o->off.  Returns the rows given a
 * record, or -1 when a signal stopped it (the rows keep what was
 * found). */
int sanitize_failed(const struct experiment_file *f, struct results *r,
		    const struct sanitize_options *o);

/* Gives the rows of r that sanitize_wants_unsafe() a record: each such
 * rung once in r, at its smallest verified size (the first such row on
 * a tie), alone under the tools sanitize_tools_for_record() finds in its
 * registry record; the record goes to that row's kernel (experiment,
 * type and block) at every size, and its other rows keep none.  A rung
 * with a record in r already (a resumed run) is not rerun.  A one-line
 * note says what reruns (o->quiet: none).  Nothing runs, and no row
 * gets a record, when compute-sanitizer is not found, $CULAB_SANITIZER
 * is "off" or o->off.  Returns the rows given a record, or -1 when a
 * signal stopped it. */
int sanitize_unsafe(const struct experiment_file *f, struct results *r,
		    const struct sanitize_options *o);

#endif
