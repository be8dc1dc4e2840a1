/* runner_queue.c - which measurement a run makes next, and what each one
 * took (runner_int.h).
 *
 * A run takes its plan's measurements in order.  A worker of run
 * --devices takes them from its parent instead (workers.h says why):
 * it first says "hello UUID MODEL" (its GPU, "-" when unknown) and
 * "memory BYTES" (the GPU's), then writes "next" on its pipe and reads
 * one line back,
 *     run STAGE K          measurement K of stage STAGE of the plan
 *     fail STAGE K WHY     that one fails with WHY, unmade (the worker
 *                          before it ended while making it)
 *     end                  nothing left
 * The parent builds the same plan from the same file and options, so
 * the numbers name the same measurement on both sides. */
#include "runner_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"

/* What the parent answered, into *stage, *k, *fail.  Returns false at
 * "end", at the end of the pipe (the parent is gone) and on a signal. */
static bool ask_parent(struct run *R, size_t *stage, size_t *k, char **fail)
{
	char line[1024];
	const char *name, *uuid;
	unsigned long s, m;
	int used = 0;

	if (!R->queue_in) {
		R->queue_in = fdopen(R->o->queue_fd[0], "r");
		R->queue_out = fdopen(R->o->queue_fd[1], "w");
		if (!R->queue_in || !R->queue_out)
			return false;
		/* the GPU (its per-line children see it alone) and its
		 * model (the costs its parent learned on it) */
		uuid = R->res->env.gpu_uuid && *R->res->env.gpu_uuid ?
		       R->res->env.gpu_uuid : "-";
		name = R->res->env.gpu_name ? R->res->env.gpu_name : "?";
		fprintf(R->queue_out, "hello %.*s %.*s\n",
			(int)strcspn(uuid, " \n"), uuid,
			(int)strcspn(name, "\n"), name);
		/* its memory: how many per-line children it holds at once */
		fprintf(R->queue_out, "memory %zu\n",
			R->res->env.global_mem_bytes);
	}
	if (fputs("next\n", R->queue_out) == EOF || fflush(R->queue_out))
		return false;
	if (!fgets(line, sizeof(line), R->queue_in))
		return false;
	line[strcspn(line, "\n")] = '\0';
	if (sscanf(line, "run %lu %lu%n", &s, &m, &used) == 2 && !line[used]) {
		*fail = NULL;
	} else if (sscanf(line, "fail %lu %lu %n", &s, &m, &used) == 2 &&
		   used > 0 && line[used]) {
		*fail = xstrdup(line + used);
	} else {
		if (strcmp(line, "end") != 0)
			diag_error("the parent culab said \"%s\"", diag_esc(line));
		return false;
	}
	if (s >= R->plan.nstages || m >= R->plan.stages[s].nms) {
		diag_error("the parent culab handed out measurement %lu of stage "
			   "%lu, which this plan does not have", m, s);
		free(*fail);
		*fail = NULL;
		return false;
	}
	*stage = s;
	*k = m;
	return true;
}

bool runner_next(struct run *R, size_t *stage, size_t *k, char **fail)
{
	*fail = NULL;
	if (R->o->queue)
		return ask_parent(R, stage, k, fail);
	while (R->next_stage < R->plan.nstages &&
	       R->next_k >= R->plan.stages[R->next_stage].nms) {
		R->next_stage++;
		R->next_k = 0;
	}
	if (R->next_stage >= R->plan.nstages)
		return false;
	*stage = R->next_stage;
	*k = R->next_k++;
	return true;
}

void runner_cost_note(struct run *R, const struct plan_stage *s,
		      const struct plan_measurement *ms, double seconds)
{
	/* culab's own children measure one thing their own way */
	if (R->o->measurement)
		return;
	R->cost_keys = xrealloc(R->cost_keys, (R->ncosts + 1) *
				sizeof(*R->cost_keys));
	R->cost_seconds = xrealloc(R->cost_seconds, (R->ncosts + 1) *
				   sizeof(*R->cost_seconds));
	R->cost_keys[R->ncosts] = plan_cost_key(s, ms, !R->o->no_counters,
						R->o->profile_only);
	R->cost_seconds[R->ncosts++] = seconds;
}

void runner_cost_add(struct run *R, const char *label, double seconds)
{
	size_t len = strlen(label);

	/* the newest first: a batch is of the measurements just made */
	for (size_t i = R->ncosts; i-- > 0;)
		if (!strncmp(R->cost_keys[i], label, len) &&
		    R->cost_keys[i][len] == '|') {
			R->cost_seconds[i] += seconds;
			return;
		}
}

void runner_costs_save(struct run *R)
{
	if (R->ncosts && R->res->env.gpu_name)
		plan_costs_record(R->res->env.gpu_name, R->cost_keys,
				  R->cost_seconds, R->ncosts);
	for (size_t i = 0; i < R->ncosts; i++)
		free(R->cost_keys[i]);
	free(R->cost_keys);
	free(R->cost_seconds);
	R->cost_keys = NULL;
	R->cost_seconds = NULL;
	R->ncosts = 0;
	if (R->queue_in)
		fclose(R->queue_in);
	if (R->queue_out)
		fclose(R->queue_out);
	R->queue_in = R->queue_out = NULL;
}
