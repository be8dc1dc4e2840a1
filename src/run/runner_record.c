/* runner_record.c - what a run's results say of it besides its rows: the
 * record (version, command, times, the file, the experiments) and the
 * description of every variant it measures (runner_int.h). */
#include "runner_int.h"

#include <stdlib.h>
#include <string.h>

#include "culab_version.h"
#include "base/util.h"
#include "ladder/ladder.h"

void runner_results_init(struct run *R)
{
	const struct experiment_file *f = R->f;
	struct results *r = R->res;
	char now[32];
	size_t i, j;

	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup(CULAB_VERSION);
	r->culab_commit = xstrdup(CULAB_COMMIT);
	r->command = xstrdup(R->o->command ? R->o->command : "");
	r->started = xstrdup(iso_time_now(now));
	r->status = xstrdup("running");
	r->source_path = xstrdup(f->path);
	r->source_sha256 = xstrdup(f->sha256);
	r->source_text = xstrdup(f->text);
	r->note = xstrdup(R->o->note);
	if (R->o->shard.count > 0) {
		r->shard_count = R->o->shard.count;
		r->shards = xcalloc(1, sizeof(*r->shards));
		r->shards[r->nshards++] = R->o->shard.index;
	}
	r->nexperiments = f->nexps;
	r->experiments = xcalloc(f->nexps, sizeof(*r->experiments));
	for (i = 0; i < f->nexps; i++) {
		const struct experiment *e = &f->exps[i];
		struct experiment_meta *m = &r->experiments[i];

		m->name = xstrdup(e->name);
		m->description = xstrdup(e->description);
		m->description_zh = xstrdup(e->description_zh);
		m->family = xstrdup(family_name(e->family));
		m->warmup = e->warmup;
		m->repeats = e->repeats;
		m->repeats_auto = e->repeats_auto;
		m->seed = e->seed;
		m->l2_flush = e->l2_flush;
		m->score_class = e->score_class;
		m->rubric = e->rubric;
		m->rounds = e->rounds;
		m->has_class = e->has_class;
		m->has_roster = e->has_roster;
		m->missing = class_students_copy(e->missing, e->nmissing);
		m->nmissing = e->nmissing;
		m->ncounters = R->o->no_counters ? 0 : e->ncounters;
		m->counters = xcalloc(m->ncounters, sizeof(char *));
		for (j = 0; j < m->ncounters; j++)
			m->counters[j] = xstrdup(e->counters[j]);
	}
}

/* The description of every variant the plan measures, in registry (ladder)
 * order, so a report of these results needs no registry. */
void runner_results_describe(struct run *R)
{
	size_t n;
	const struct variant *all = registry_all(&n);

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < R->plan.nstages; k++) {
			const struct plan_stage *s = &R->plan.stages[k];
			size_t j;

			for (j = 0; j < s->nms && s->ms[j].v != &all[i]; j++)
				;
			if (j < s->nms) {
				results_add_variant(R->res, &all[i]);
				break;
			}
		}
}
