/* report_grade_time.c - the time a class is graded by.  See
 * report_grade.h. */
#include "report_grade.h"
#include "report_int.h"

#include <math.h>
#include <string.h>

#include "base/stats.h"

bool item_grade_time(const struct item *it, struct grade_time *g)
{
	const struct result_row *w = it->row;
	const struct timing *k = w->tk.nsamples ? &w->tk : &w->t;

	memset(g, 0, sizeof(*g));
	g->ms = g->lo_ms = g->hi_ms = g->host_ms = NAN;
	g->region_ms = w->t.median_ms;
	if (w->tk.nsamples && w->tk.median_ms > 0)
		g->host_ms = w->t.median_ms - w->tk.median_ms;
	if (w->rounds.n && w->rounds.ms) {
		struct sample_stats st;

		stats_summarize(w->rounds.ms, w->rounds.n, &st);
		g->source = GS_ROUNDS;
		g->nrounds = w->rounds.n;
		g->round_ms = w->rounds.ms;
		g->ms = st.median;
		g->lo_ms = st.median_lo;
		g->hi_ms = st.median_hi;
		/* before "of": the kernel alone where the launch gave one */
		g->of = w->rounds.of != ROUND_UNSTATED ? w->rounds.of :
			w->tk.nsamples ? ROUND_KERNEL : ROUND_REGION;
		return g->ms > 0;
	}
	g->source = w->tk.nsamples ? GS_KERNEL : GS_REGION;
	g->of = w->tk.nsamples ? ROUND_KERNEL : ROUND_REGION;
	g->ms = k->median_ms;
	g->lo_ms = k->median_lo_ms;
	g->hi_ms = k->median_hi_ms;
	return g->ms > 0;
}

bool grade_time_one_pass(const struct grade_time *g)
{
	return g->of == ROUND_KERNEL || g->of == ROUND_FIRST_PASS;
}

bool grade_rounds_paired(const struct grade_time *a,
			 const struct grade_time *b)
{
	return a->source == GS_ROUNDS && b->source == GS_ROUNDS &&
	       a->nrounds == b->nrounds && a->nrounds > 0;
}
