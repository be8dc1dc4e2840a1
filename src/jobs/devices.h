/* devices.h - `culab run --devices all|LIST`: a plan's measurements
 * shared out over a node's GPUs as they are done, merged into one
 * results file in which every row names its device.
 *
 * A worker per GPU (`culab run --device D --queue R,W ...`, this culab
 * started again, into DIR/.workers/part-N) builds the plan as the parent
 * does and asks the parent for its next measurement each time it is
 * ready (runner_queue.c's protocol); the parent answers from its queue
 * (plan.h's plan_queue: the costliest first, a worker kept on the stage
 * whose input it has made), so a GPU is never idle while work is left
 * and no cut made before the run decides the wall time.  Estimates come
 * from the cost cache, learned by earlier runs on the same GPU model, or
 * from the model.
 *
 * Processes, not threads: CUPTI takes one subscriber per process and a
 * kernel that faults takes its process's CUDA context with it.  A worker
 * that ends before its work is done (a fault, a kernel past its
 * time_limit, a crash) ends only the measurement it was making: that one
 * fails with its reason (its own row, or the parent's words when it left
 * none), what it had made stays, and a fresh worker takes that GPU's
 * place; the measurements it had been handed without a row go back to
 * the queue.  A worker that saves nothing for CULAB_STALL_SECONDS is
 * killed and its measurement fails.  SIGINT and SIGTERM are forwarded
 * (workers.h); --resume takes every row the run's files hold.
 *
 * The merged rows are in plan order, as one GPU writes them: the same
 * rows, apart from where and how fast they ran. */
#ifndef CULAB_DEVICES_H
#define CULAB_DEVICES_H

#include "experiment/experiment.h"
#include "results/results.h"
#include "workers.h"

/* Runs f on o->devices ($CULAB_TEST_DEVICES=N: as if the node had N
 * GPUs, for tests of the parent on machines without), into o->outdir.
 * Returns an exit code as runner_run does; *out holds the merged results
 * (caller releases). */
int devices_run(const struct experiment_file *f,
		const struct workers_options *o, struct results *out);

#endif
