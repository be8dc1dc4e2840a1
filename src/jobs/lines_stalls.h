/* lines_stalls.h - where warps wait, for every per-line row of a run,
 * sampled by one child process (run --lines-child --stalls-only).
 *
 * CUPTI's PC sampling pays most of its cost at a process's first sampled
 * range (ten times a later range's), and while a process samples,
 * another's SASS metrics cannot be configured on the same GPU
 * (CUPTI_ERROR_INVALID_PARAMETER; both measured in docs/per-line.md).  So on one GPU lines_run
 * starts one sampling child for all its rows before the per-line
 * children's turns: it samples each measurement in turn, in one process,
 * while the per-line children start ahead (their CUDA start, input and
 * correctness run), which then collect their SASS metrics without
 * sampling (run --no-stalls); each row's samples are added to its counts
 * (source_lines_merge) as they come.  A sampling child that fails leaves
 * the counts without samples, with a note; it never stops the counts. */
#ifndef CULAB_LINES_STALLS_H
#define CULAB_LINES_STALLS_H

#include <stdbool.h>
#include <sys/types.h>

#include "lines_child.h"

/* The most bytes of labels one sampling child is given (one argument:
 * Linux takes 128 KiB); a run with more samples in its per-line
 * children instead. */
#define LINES_STALLS_MAX_LABELS 100000

struct lines_stalls {
	pid_t pid;               /* 0: none running */
	double t0, timeout;
	bool stopped, late;
	char *dir;               /* DIR/.lines/gpu-D-stalls */
	size_t n;                /* rows it samples */
	struct result_row **rows;
	struct source_lines *got; /* each row's samples once it ended, until
				     they are added to the row's counts */
};

/* Starts the sampling child for rows[i], measurement labels[i], on
 * `device` (uuid as lines_child_start's).  Returns 0 (s->pid running),
 * or -1 when none was started (nothing to sample, CULAB_STALLS=off, too
 * many labels, or a diagnostic): then the per-line children sample. */
int lines_stalls_start(const struct lines_options *o, int device,
		       const char *uuid, const char *const *labels,
		       struct result_row **rows, size_t n,
		       struct lines_stalls *s);
/* Whether pid is s's child; then it ended with wait status st: its
 * samples are read, per row (a failure noted once on stderr). */
bool lines_stalls_ended(struct lines_stalls *s, pid_t pid, int st);
/* Adds the samples to each row whose counts came since (once a row:
 * they are released then). */
void lines_stalls_merge(struct lines_stalls *s);
/* lines_child_watch for the child (stop: the parent got a signal). */
void lines_stalls_watch(const struct lines_options *o,
			struct lines_stalls *s, bool stop);
/* Frees what s holds; its folder removed. */
void lines_stalls_release(struct lines_stalls *s);

#endif
