/* report_reference.c - a class's speed reference: the fastest built-in
 * rung a student's kernel can match under the class's launch, and the
 * words that name it on the class page and on a student's.  See
 * report_reference.h, whose comment states the rule; docs/class.md
 * ("How the score is computed") states it for the teacher.
 *
 * Apart from report_grading.c, which it serves (and which it must not
 * include: report_reference_rule.c, the page's sentence, reads the
 * graded class), because the rule reads the class's launch (results.json
 * "contract") and each rung's first-pass load, which the rest of the
 * grading never needs. */
#include "report_reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "base/util.h"

int grade_contract_loads(const struct model *m, const struct ladder *l)
{
	const struct experiment_meta *x = model_experiment(m->r, l->experiment);

	for (size_t i = 0; x && !l->matrix && i < x->contract.nat; i++)
		if (x->contract.at[i].n == l->n)
			return x->contract.at[i].elements;
	return 0;
}

int grade_rung_loads(const struct model *m, const struct item *it)
{
	const struct variant *v = it->v ? it->v :
				  model_variant(m, it->row->variant);

	return v ? v->first_loads : VARIANT_LOADS_ANY;
}

/* The fastest row by grade time among ladder l's verified rungs that
 * load `loads` elements per thread (0: any rung), or, with students, its
 * earning students; NULL without one. */
static const struct item *fastest(const struct model *m,
				  const struct ladder *l, bool students,
				  int loads)
{
	const struct item *best = NULL;
	double best_ms = NAN;

	for (size_t j = 0; j < l->nitems; j++) {
		const struct item *it = l->items[j];
		struct grade_time g;

		if (!it->ok || (students ? !item_submission(m, it) ||
				user_impossible(m, it->row) :
				it->role != ROLE_RUNG ||
				(loads && grade_rung_loads(m, it) != loads)))
			continue;
		if (item_grade_time(it, &g) && (!best || g.ms < best_ms)) {
			best = it;
			best_ms = g.ms;
		}
	}
	return best;
}

const struct item *grade_reference(const struct model *m,
				   const struct ladder *l, bool students,
				   int *loads)
{
	const struct item *ref = NULL;
	int k = students ? 0 : grade_contract_loads(m, l);

	if (k > 0)
		ref = fastest(m, l, false, k);
	*loads = ref ? k : 0;
	return ref ? ref : fastest(m, l, students, 0);
}

void grade_loads_text(struct sbuf *b, enum lang L, int loads)
{
	char n[16];

	if (loads == 1) {
		sbuf_add(b, say_text(L, M_G_LOADS_ONE));
		return;
	}
	if (loads <= 0) {
		sbuf_add(b, say_text(L, M_G_LOADS_ANY));
		return;
	}
	snprintf(n, sizeof(n), "%d", loads);
	SAY(b, L, M_G_LOADS_N, n);
}

bool grade_reference_gap(struct sbuf *b, enum lang L, const struct model *m,
			 const struct ladder *l, double ms,
			 const struct item *ref, int ref_loads,
			 const char *ratio, bool plain)
{
	const struct item **rungs;
	struct sbuf steps = SBUF_INIT, per = SBUF_INIT;
	struct pool p = { .n = 0 };
	size_t n;
	bool said;

	if (!ref || ref->role != ROLE_RUNG || ref_loads > 0 || !(ms > 0))
		return false;
	rungs = xcalloc(l->nitems + 1, sizeof(*rungs));
	n = ladder_rungs(l, rungs);
	for (size_t i = 0; i < n; i++) {
		struct grade_time g;
		struct sbuf one = SBUF_INIT;
		const char *title = item_title(rungs[i], L);

		/* faster beyond the 2 % a placement calls level */
		if (!rungs[i]->ok || !item_grade_time(rungs[i], &g) ||
		    !(g.ms * 1.02 < ms))
			continue;
		grade_loads_text(&one, L, grade_rung_loads(m, rungs[i]));
		if (steps.len)
			sbuf_add(&steps, say_text(L, M_LIST_SEP));
		SAY(&steps, L, M_G_GAP_STEP, role_text(&p, L, rungs[i]),
		    !title ? "" : plain ? title : pool_md(&p, title),
		    sbuf_str(&one));
		sbuf_release(&one);
		pool_release(&p);       /* a pool holds a few strings */
	}
	said = steps.len > 0;
	if (said) {
		struct sbuf one = SBUF_INIT;
		int k = grade_rung_loads(m, ref);

		grade_loads_text(&one, L, k);
		if (k > 0)
			SAY(&per, L, M_G_GAP_LOADS, sbuf_str(&one));
		else
			sbuf_add(&per, say_text(L, M_G_GAP_LOADS_ANY));
		sbuf_release(&one);
		char *size = size_text(l->n, l->m, l->matrix);
		char *where = xasprintf("%s, %s", l->dtype, size);

		SAY(b, L, M_G_GAP, ratio, role_text(&p, L, ref),
		    sbuf_str(&per), sbuf_str(&steps),
		    plain ? where : pool_md(&p, where));
		free(where);
		free(size);
	}
	sbuf_release(&steps);
	sbuf_release(&per);
	pool_release(&p);
	free(rungs);
	return said;
}
