/* report_reference_rule.c - the class page's sentence that names a
 * class's speed reference and why (report_reference_rule.h): the rung
 * at the class's launch, or the fastest rung and why not, and that CUB
 * and Thrust are libraries.  Apart from report_reference.c, which
 * report_grading.c calls, because this reads the graded class. */
#include "report_reference_rule.h"
#include "report_reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Appends "rung 5" for the reference of c's scored rows, or each
 * distinct one "rung 5, rung 6, by type and size". */
static void references(struct sbuf *out, enum lang L,
		       const struct grade_class *c)
{
	const struct item **seen = NULL;
	struct pool p = { .n = 0 };
	struct sbuf list = SBUF_INIT, *b = &list;
	size_t n = 0;

	for (size_t k = 0; k < c->n; k++)
		for (size_t i = 0; i < c->s[k].n; i++) {
			const struct item *ref = c->s[k].rows[i].ref;
			bool dup = false;
			size_t j;

			if (isnan(c->s[k].rows[i].ratio) || !ref)
				continue;
			for (j = 0; j < n && !dup; j++)
				dup = seen[j]->row->step == ref->row->step;
			if (dup)
				continue;
			seen = xrealloc(seen, (n + 1) * sizeof(*seen));
			/* in ladder order */
			for (j = n++; j > 0 && seen[j - 1]->row->step >
						     ref->row->step; j--)
				seen[j] = seen[j - 1];
			seen[j] = ref;
		}
	for (size_t j = 0; j < n; j++) {
		if (j)
			sbuf_add(b, say_text(L, M_COMMA_SEP));
		sbuf_add(b, role_text(&p, L, seen[j]));
		pool_release(&p);
	}
	if (n > 1)
		SAY(out, L, M_G_REF_EACH, sbuf_str(&list));
	else
		sbuf_add(out, sbuf_str(&list));
	sbuf_release(&list);
	pool_release(&p);
	free(seen);
}

/* The highest step faster_others() names (the ladder has 16). */
#define MAX_STEP 64

/* The steps of c's verified rungs that load other than `loads` and are
 * faster than a reference somewhere: "rungs 7 to 14" when every rung
 * between the first and the last of them is one, else each; "" when
 * none. */
static void faster_others(struct sbuf *b, enum lang L, const struct model *m,
			  const struct grade_class *c, int loads)
{
	bool is[MAX_STEP + 1] = { false }, rung[MAX_STEP + 1] = { false };
	int lo = 0, hi = 0, count = 0;
	bool run = true;
	char a[16], z[16];

	for (size_t k = 0; k < c->n; k++)
		for (size_t i = 0; i < c->s[k].n; i++) {
			const struct grade_row *r = &c->s[k].rows[i];

			for (size_t j = 0; r->ref && !isnan(r->ratio) &&
			     j < r->l->nitems; j++) {
				const struct item *it = r->l->items[j];
				struct grade_time g;
				int st = it->row->step;

				if (it->role != ROLE_RUNG || st < 1 ||
				    st > MAX_STEP)
					continue;
				rung[st] = true;
				if (it->ok && grade_rung_loads(m, it) != loads &&
				    item_grade_time(it, &g) && g.ms < r->rg.ms)
					is[st] = true;
			}
		}
	for (int st = 1; st <= MAX_STEP; st++)
		if (is[st]) {
			lo = lo ? lo : st;
			hi = st;
			count++;
		}
	if (!count)
		return;
	for (int st = lo; st <= hi; st++)
		run = run && (is[st] || !rung[st]);
	snprintf(a, sizeof(a), "%d", lo);
	snprintf(z, sizeof(z), "%d", hi);
	if (count == 1) {
		SAY(b, L, M_ROLE_RUNG, a);
	} else if (run) {
		SAY(b, L, M_G_RUNGS_TO, a, z);
	} else {
		struct sbuf list = SBUF_INIT;

		for (int st = lo; st <= hi; st++) {
			if (!is[st])
				continue;
			if (list.len)
				sbuf_add(&list, say_text(L, M_COMMA_SEP));
			sbuf_addf(&list, "%d", st);
		}
		SAY(b, L, M_G_RUNGS, sbuf_str(&list));
		sbuf_release(&list);
	}
}

void grade_reference_rule(struct sbuf *b, enum lang L, const struct model *m,
			  const struct grade_class *c)
{
	struct sbuf rungs = SBUF_INIT, per = SBUF_INIT, others = SBUF_INIT;
	struct sbuf clause = SBUF_INIT;
	const struct experiment_meta *x = model_experiment(m->r, c->experiment);

	if (c->against_class)
		return;
	references(&rungs, L, c);
	if (!rungs.len)
		sbuf_add(&rungs, say_text(L, M_G_REF_NONE));
	if (c->ref_loads > 0 && x && x->contract.grid) {
		char block[16];

		snprintf(block, sizeof(block), "%d", x->contract.block);
		grade_loads_text(&per, L, c->ref_loads);
		faster_others(&others, L, m, c, c->ref_loads);
		if (others.len)
			SAY(&clause, L, c->ref_loads == 1 ? M_G_REF_MORE :
			    M_G_REF_OTHER, sbuf_str(&others));
		SAY(b, L, M_G_REF_LAUNCH, sbuf_str(&per), x->contract.grid,
		    block, sbuf_str(&rungs), sbuf_str(&clause));
	} else {
		SAY(b, L, M_G_REF_FASTEST, sbuf_str(&rungs),
		    say_text(L, x && x->contract.grid ? M_G_REF_WHY_NONE :
			     M_G_REF_WHY_UNRECORDED));
	}
	sbuf_release(&rungs);
	sbuf_release(&per);
	sbuf_release(&others);
	sbuf_release(&clause);
}

