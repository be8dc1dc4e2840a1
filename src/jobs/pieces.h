/* pieces.h - a class's run: every submission measured in a worker process
 * of its own, so that one student's kernel cannot end another's.
 *
 * When an experiment file holds a `class` (docs/class.md), `culab run`
 * cuts its plan into pieces: the built-in rungs and any kernel not of the
 * class are one piece, each submission is a piece.  Each piece runs as
 * this culab started again (`culab run --piece --variant LIST ...`) into
 * DIR/.workers/piece-K, on the GPU of --device, or handed to the GPUs of
 * --devices as each finishes its last piece.  A worker that ends early
 * (a kernel faulted and took the CUDA context, or ran past its
 * time_limit) leaves its failed row behind; its piece starts again, in a
 * fresh worker, from its next measurement (--resume --keep-failed), until
 * every measurement of the piece has a row.  A worker that saves nothing
 * for CULAB_STALL_SECONDS (600) is killed, and the measurement it was
 * making fails with that reason (--fail-next).  The pieces' rows are then
 * merged into DIR/results.json, as one run would have written them (rows
 * in plan order).  Children write their own output to
 * DIR/.workers/piece-K/worker.log; the parent says one line per piece
 * that needed a fresh worker.  --resume takes what DIR and the pieces'
 * folders hold; a piece with nothing left to run starts no worker. */
#ifndef CULAB_PIECES_H
#define CULAB_PIECES_H

#include <stdbool.h>

#include "experiment/experiment.h"
#include "workers.h"

/* Whether the plan of f (with --variant `only`, NULL for all) measures a
 * class's submission: then `culab run` runs it in pieces. */
bool pieces_wanted(const struct experiment_file *f,
		   const struct plan_selection *only);

/* Runs f in pieces on o->devices (NULL: the GPU of o->run->device) into
 * o->outdir.  Returns an exit code as runner_run does: EXIT_FAILED when a
 * row failed or a piece could not finish; *out holds the merged results
 * (caller releases), also after a failure. */
int pieces_run(const struct experiment_file *f,
	       const struct workers_options *o, struct results *out);

#endif
