/* report_conclusion.c - what a course report concludes: per family and
 * type, at the largest size, the steps that mattered most on this GPU
 * and why, the gap to the measured ceiling, what limits the fastest
 * rung, and where the user's own kernels sit; then how far the medians
 * moved between two runs when a second run was given.  See report_int.h.
 *
 * A step is a rung against the rung before it, with the number, the
 * verdict (its interval and its run-to-run floor, as `culab compare`
 * judges) and the cause the body's table gives it; the steps that
 * mattered are steps_that_mattered()'s (report_change.c: never a
 * teaching rung's, nor one that only undoes a teaching rung's
 * slowdown).  Every "why" and every limit is a rule of report_rules.c's
 * table, the same the findings, the rubric and the ladder table read. */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "base/util.h"

/* Steps the conclusion names per family and type, at most. */
#define STEPS_NAMED 3

/* The user's kernels of group g as sub-items, each at the largest size
 * it ran at (the conclusion's size where it ran there). */
static void conclusion_users(const struct model *m, const struct group *g,
			     enum lang L, struct sbuf *b)
{
	const char **names = NULL;
	size_t n = 0;

	for (size_t k = 0; m->nuser && k < g->nladders; k++)
		for (size_t i = 0; i < g->ladders[k]->nitems; i++)
			if (g->ladders[k]->items[i]->role == ROLE_USER &&
			    !item_submission(m, g->ladders[k]->items[i]))
				names_add(&names, &n,
					  g->ladders[k]->items[i]->row->variant);
	for (size_t u = 0; u < n; u++) {
		const struct ladder *at = NULL;
		const struct item *it = NULL;

		/* ladders ascend by size: the last that has it */
		for (size_t k = 0; k < g->nladders; k++)
			for (size_t i = 0; i < g->ladders[k]->nitems; i++) {
				const struct item *x = g->ladders[k]->items[i];

				if (x->role == ROLE_USER &&
				    str_eq(x->row->variant, names[u])) {
					at = g->ladders[k];
					it = x;
				}
			}
		if (!it)
			continue;
		sbuf_add(b, "\n  - ");
		user_summary(b, L, m, at, it);
	}
	free(names);
}

static void conclusion_group(const struct model *m, const struct group *g,
			     enum lang L, struct sbuf *b, int nth)
{
	const struct ladder *l = g->top;
	const struct item *from[STEPS_NAMED], *to[STEPS_NAMED];
	double x[STEPS_NAMED];
	size_t nsteps;
	struct sbuf list = SBUF_INIT, head = SBUF_INIT, lim = SBUF_INIT;
	struct pool p = { .n = 0 };

	if (!l || ladder_ok_rungs(l) < 2 || !l->best)
		return;
	nsteps = steps_that_mattered(l, from, to, x, STEPS_NAMED);
	for (size_t k = 0; k < nsteps; k++) {
		struct sbuf why = SBUF_INIT;

		step_cause(&why, L, m, l, from[k], to[k]);
		if (list.len)
			sbuf_add(&list, say_text(L, M_LIST_SEP));
		SAY(&list, L, why.len ? M_C_STEP_CTRS : M_C_STEP,
		    role_text(&p, L, from[k]), role_text(&p, L, to[k]),
		    pool_md(&p, to[k]->row->variant), TIMES(x[k]),
		    sbuf_str(&why));
		sbuf_release(&why);
		pool_release(&p);
	}
	ladder_heading(&head, L, M_F_HEAD, l);
	SAY(b, L, M_C_HEAD, sbuf_str(&head));
	/* the lead in full once; a later ladder's says it shorter */
	if (list.len)
		SAY(b, L, nth ? M_C_STEPS_AGAIN : M_C_STEPS, sbuf_str(&list));
	if (l->ceiling && l->ceiling->row->gbps > 0)
		SAY(b, L, M_C_GAP, role_text(&p, L, l->best),
		    pool_md(&p, l->best->row->variant),
		    PCT(100 * l->best->row->gbps / l->ceiling->row->gbps),
		    pool_md(&p, l->ceiling->row->variant),
		    PCT(l->best->row->pct_peak));
	else if (l->best->row->pct_peak > 0)
		SAY(b, L, M_C_GAP_PEAK, role_text(&p, L, l->best),
		    pool_md(&p, l->best->row->variant),
		    PCT(l->best->row->pct_peak));
	pool_release(&p);
	above_ceiling(b, L, m, l, l->best);
	if (L == EN && l->best->row->gbps > 0 && l->ceiling &&
	    l->best->row->gbps > l->ceiling->row->gbps)
		sbuf_addc(b, ' ');
	rung_limit(&lim, L, m, l, l->best, true);
	SAY(b, L, M_C_LEFT, sbuf_str(&lim));
	conclusion_users(m, g, L, b);
	sbuf_addc(b, '\n');
	sbuf_release(&list);
	sbuf_release(&head);
	sbuf_release(&lim);
}

void blk_conclusion(const struct model *m, enum lang L, struct sbuf *b)
{
	struct sbuf spread = SBUF_INIT;

	/* the groups the body shows in full: the others are the table of
	 * what the element type changes */
	for (size_t i = 0, nth = 0; i < m->ngroups; i++)
		if (group_in_body(m, &m->groups[i]))
			conclusion_group(m, &m->groups[i], L, b, (int)nth++);
	run_spread(&spread, L, m);
	if (spread.len && b->len) {
		sbuf_addc(b, '\n');
		sbuf_add(b, sbuf_str(&spread));
	}
	sbuf_release(&spread);
	block_trim(b);
}
