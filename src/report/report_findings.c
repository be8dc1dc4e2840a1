/* report_findings.c - the findings: per family and type, at the largest
 * size, each step's change of time told as the runs resolve it (three
 * significant digits; a resolved change below the practical threshold
 * is "below 2 %", not "no change"), why it went so from the rules table
 * (report_rules.c: a mechanism only where its counters hold beyond their
 * noise, else "the counters do not explain this step" with the numbers)
 * and the checks of the registry's signatures; then the ladder's overall
 * speedup, and how it compares with the theoretical peak, the copy
 * ceiling (a rung above it is said why) and the library baselines.  See
 * report_int.h. */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters/counters.h"
#include "ladder/ladder.h"
#include "results/results.h"
#include "compare/compare.h"
#include "base/util.h"

void teaching_text(struct sbuf *b, enum lang L, const struct model *m,
		   const struct item *it)
{
	const char *t = it->v ? (L == ZH && it->v->teaching_zh &&
				 *it->v->teaching_zh ? it->v->teaching_zh :
				 it->v->teaching) : NULL;
	const struct environment *env = results_row_device(m->r, it->row);
	char sms[16];
	struct sbuf raw = SBUF_INIT;

	if (!t)
		return;
	if (env && env->sm_count > 0)
		snprintf(sms, sizeof(sms), "%d", env->sm_count);
	else
		snprintf(sms, sizeof(sms), "%s", say_text(L, M_F_SMS_UNKNOWN));
	for (const char *p = t; *p; p++) {
		if (!strncmp(p, "{sms}", 5)) {
			sbuf_add(&raw, sms);
			p += 4;
		} else {
			sbuf_addc(&raw, *p);
		}
	}
	md_text(b, sbuf_str(&raw));
	sbuf_release(&raw);
}

/* The registry's machine-checkable signature of `it`, as checked by
 * signature.c, for the types each line states (struct expect's
 * dtypes).  The signature's prose is in the steps section; here only
 * this run's checks. */
static void finding_checks(struct sbuf *b, enum lang L, const struct model *m,
			   const struct item *it)
{
	struct sbuf list = SBUF_INIT;
	struct pool p = { .n = 0 };
	size_t row = (size_t)(it->row - m->r->rows);

	if (!it->v)
		return;
	for (size_t k = 0; k < m->nsigs; k++) {
		const struct sig_check *c = &m->sigs[k];
		char *rhs;

		if (c->row != row)
			continue;
		if (c->x->than)
			rhs = xasprintf("%s × %s = %s", FMT(c->x->value, 3),
					c->x->than, FMT(c->bound, 3));
		else
			rhs = xstrdup(FMT(c->x->value, 3));
		if (list.len)
			sbuf_add(&list, say_text(L, M_LIST_SEP));
		if (c->verdict == SIG_MISSING)
			SAY(&list, L, M_F_UNCHECKED, pool_md(&p, c->x->column),
			    pool_md(&p, c->x->op), pool_md(&p, rhs),
			    pool_md(&p, c->x->column));
		else
			SAY(&list, L, c->verdict == SIG_PASS ? M_F_MET :
				      M_F_NOT_MET, pool_md(&p, c->x->column),
			    pool_md(&p, c->x->op), pool_md(&p, rhs),
			    CTR(c->x->column, c->value));
		free(rhs);
		pool_release(&p);
	}
	if (list.len)
		SAY(b, L, M_F_CHECKS, sbuf_str(&list));
	sbuf_release(&list);
}

/* A teaching rung says that it is one (what it teaches is in its
 * description) unless its slowdown said so already, and what
 * compute-sanitizer said of its row when it ran. */
static void finding_teaching(struct sbuf *b, enum lang L,
			     const struct item *it)
{
	double x, lo, hi;

	if (step_judge(it->prev, it, &x, &lo, &hi) != SV_SLOWER)
		sbuf_add(b, say_text(L, M_F_TEACH_ROLE));
	if (it->row->sanitize) {        /* in the page's language */
		struct sbuf san = SBUF_INIT;

		sanitizer_cell(&san, L, it->row);
		SAY(b, L, M_F_TEACH_SAN, sbuf_str(&san));
		sbuf_release(&san);
	} else if (it->row->sanitizer && *it->row->sanitizer) {
		char *san = md_dup(it->row->sanitizer);

		SAY(b, L, M_F_TEACH_SAN, san);
		free(san);
	}
}

static void finding_step(struct sbuf *b, enum lang L, const struct model *m,
			 const struct ladder *l, const struct item *it)
{
	const struct item *prev = it->prev;
	struct sbuf change = SBUF_INIT;
	struct pool p = { .n = 0 };

	step_change(&change, L, prev, it);
	SAY(b, L, M_F_STEP, role_text(&p, L, prev), role_text(&p, L, it),
	    pool_md(&p, prev->row->variant), pool_md(&p, it->row->variant),
	    sbuf_str(&change));
	if (is_teaching(it))
		finding_teaching(b, L, it);
	step_why(b, L, m, l, prev, it, NULL);
	finding_checks(b, L, m, it);
	sbuf_addc(b, '\n');
	sbuf_release(&change);
	pool_release(&p);
}

static void findings_group(const struct model *m, const struct group *g,
			   enum lang L, struct sbuf *b)
{
	const struct ladder *l = g->top;
	const struct item **rungs;
	size_t nrungs;
	struct pool p = { .n = 0 };
	/* the peak of the GPU the ladder ran on, when models are apart */
	double peak = l && l->gpu && l->env ? l->env->peak_gbps :
		      m->r->has_env ? m->r->env.peak_gbps : 0;

	if (!l)
		return;
	sbuf_add(b, "### ");
	ladder_heading(b, L, M_F_HEAD, l);
	sbuf_add(b, "\n\n");
	rungs = xcalloc(l->nitems, sizeof(*rungs));
	nrungs = ladder_rungs(l, rungs);
	for (size_t i = 0; i < l->nitems; i++) {
		const struct item *it = l->items[i];
		bool best_of_step = false;

		if (it->role != ROLE_RUNG)
			continue;
		if (!it->ok) {
			char *why = md_dup(it->row->message ? it->row->message :
					   row_status_name(it->row->status));

			SAY(b, L, it->row->status == ROW_SKIPPED ? M_F_SKIPPED :
				  M_F_FAILED, role_text(&p, L, it),
			    pool_md(&p, it->row->variant), why);
			sbuf_addc(b, '\n');
			free(why);
			pool_release(&p);
			continue;
		}
		for (size_t k = 0; k < nrungs; k++)
			best_of_step |= rungs[k] == it;
		if (best_of_step && it->prev)
			finding_step(b, L, m, l, it);
	}
	if (nrungs < 2) {
		sbuf_add(b, say_text(L, M_F_ONE_RUNG));
		sbuf_addc(b, '\n');
	}
	if (l->first && l->best && l->best != l->first) {
		SAY(b, L, M_F_OVERALL, role_text(&p, L, l->first),
		    pool_md(&p, l->first->row->variant),
		    role_text(&p, L, l->best),
		    pool_md(&p, l->best->row->variant), TIMES(l->best->cum_x));
		sbuf_addc(b, '\n');
		pool_release(&p);
	}
	if (l->best && l->best->row->pct_peak > 0 && peak > 0) {
		SAY(b, L, M_F_PEAK, FMT(l->best->row->gbps, 4),
		    PCT(l->best->row->pct_peak), FMT(peak, 5));
		sbuf_addc(b, '\n');
	}
	if (l->best && l->ceiling && l->ceiling->row->gbps > 0) {
		SAY(b, L, M_F_CEILING,
		    PCT(100 * l->best->row->gbps / l->ceiling->row->gbps),
		    pool_md(&p, l->ceiling->row->variant),
		    FMT(l->ceiling->row->gbps, 4));
		if (l->best->row->gbps > l->ceiling->row->gbps) {
			if (L == EN)
				sbuf_addc(b, ' ');
			above_ceiling(b, L, m, l, l->best);
		}
		sbuf_addc(b, '\n');
		pool_release(&p);
	}
	for (size_t i = 0; l->best && i < l->nitems; i++) {
		const struct item *it = l->items[i];

		if (it->role != ROLE_BASELINE || !it->ok)
			continue;
		SAY(b, L, M_F_BASELINE, pool_md(&p, it->row->variant),
		    FMT(item_ms(it), 3), FMT(it->row->gbps, 4),
		    PCT(100 * item_ms(it) / item_ms(l->best)));
		sbuf_addc(b, '\n');
		pool_release(&p);
	}
	if (g->small && g->small != l && g->small->best &&
	    g->small->best != g->small->first) {
		char *size = size_text(g->small->n, g->small->m,
				       g->small->matrix);

		SAY(b, L, M_F_SMALL, pool_md(&p, size),
		    role_text(&p, L, g->small->first),
		    pool_md(&p, g->small->first->row->variant),
		    role_text(&p, L, g->small->best),
		    pool_md(&p, g->small->best->row->variant),
		    TIMES(g->small->best->cum_x));
		sbuf_addc(b, '\n');
		free(size);
		pool_release(&p);
	}
	sbuf_addc(b, '\n');
	free(rungs);
}

void blk_findings(const struct model *m, enum lang L, struct sbuf *b)
{
	for (size_t i = 0; i < m->ngroups; i++)
		findings_group(m, &m->groups[i], L, b);
	block_trim(b);
}
