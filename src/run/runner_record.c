/* runner_record.c - what a run's results say of it besides its rows: the
 * record (version, command, times, the file, the experiments) and the
 * description of every variant it measures (runner_int.h). */
#include "runner_int.h"

#include <stdlib.h>
#include <string.h>

#include "culab_version.h"
#include "base/expr.h"
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

/* The launch experiment e's class gives every student, into *c: its grid
 * expression and block, and at each size the elements one thread loads,
 * from the first submission's kernel (every student has the class's
 * keys); sm_count the GPU's.  Nothing for a class of another family. */
static void class_contract_of(const struct experiment *e, int sm_count,
			      struct class_contract *c)
{
	const struct ukernel *k = NULL;

	for (size_t i = 0; i < e->nvariants && !k; i++)
		if (e->variants[i]->submission && e->variants[i]->ctx)
			k = e->variants[i]->ctx;
	if (!k || k->family != FAMILY_REDUCE || !k->grid[0] || !e->ndtypes)
		return;
	c->grid = xstrdup(expr_text(k->grid[0]));
	c->block = k->takes_block ? (e->nblocks ? e->blocks[0] :
				     k->row ? k->row->block_default : 0) :
		   k->block_x * k->block_y;
	c->at = xcalloc(e->nsizes ? e->nsizes : 1, sizeof(*c->at));
	for (size_t i = 0; i < e->nsizes; i++) {
		struct kernel_args a = { .dtype = e->dtypes[0],
					 .n = e->sizes[i].n, .m = 1,
					 .block = c->block,
					 .sm_count = sm_count, .ctx = k };
		int loads = ukernel_first_loads(k, &a);
		size_t j = c->nat;

		if (loads <= 0)
			continue;
		while (j > 0 && c->at[j - 1].n > a.n) {
			c->at[j] = c->at[j - 1];
			j--;
		}
		c->at[j] = (struct class_load){ a.n, loads };
		c->nat++;
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
	/* after the GPU is known: a grid expression may name sm_count */
	for (size_t i = 0; i < R->f->nexps && i < R->res->nexperiments; i++) {
		struct experiment_meta *m = &R->res->experiments[i];

		class_contract_release(&m->contract);
		if (m->has_class)
			class_contract_of(&R->f->exps[i], R->sm_count,
					  &m->contract);
	}
}
