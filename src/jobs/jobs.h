/* jobs/jobs.h - culab's child processes: what a run starts beside
 * itself, and the files it writes.
 *
 * Takes a plan, results and the options of a run; gives the results of
 * the children merged into the run's (each child is this culab started
 * again, or compute-sanitizer).  Below cli/, which alone includes this
 * header; each kind of child is a policy of one supervision loop:
 *
 *   base/supervise.c   the loop: spawn, signals told, deadlines and
 *                      stalls, reaping, one exit status (supervise.h;
 *                      below every stage: report/ draws with it)
 *   devices.c          run --devices: a worker per GPU, fed from a queue
 *                      (devices_lines.c: their per-line children)
 *   pieces.c           a class: a worker per student's submission
 *   lines.c            counters per source line: a child per kernel
 *                      (lines_child.c), where warps wait (lines_stalls.c),
 *                      the per-line cache (lines_cache.c)
 *   instrumented.c     counters by instrumentation where the hardware
 *                      counters were refused: one child
 *   sanitizer_reruns.c a failed kernel rerun under compute-sanitizer
 *   workers.c          what the workers of devices.c and pieces.c share
 *   slurm.c            the sbatch scripts of culab slurm
 *   output.c           what culab writes into an output directory */
#ifndef CULAB_JOBS_H
#define CULAB_JOBS_H

#include "devices.h"
#include "instrumented.h"
#include "lines.h"
#include "output.h"
#include "pieces.h"
#include "sanitizer_reruns.h"
#include "slurm.h"
#include "base/supervise.h"
#include "workers.h"

#endif
