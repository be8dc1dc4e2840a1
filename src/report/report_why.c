/* report_why.c - the RULES seam: which steps of a ladder mattered and
 * why a step went as it did, with the one counter that shows it.  See
 * report_int.h ("why a step went as it did").
 *
 * Everything the body says of a step's cause goes through the two
 * functions here: the abstract, each ladder's counter column and "why"
 * list, and which rungs' key lines the body shows (report_body.c).  They
 * are a placeholder until the rules table of issue 24 (claims checked
 * against their counters before they are said, report_conclusion.c)
 * answers the same two questions behind the same declarations; replacing
 * this file changes nothing else.  Until then they say no more than the
 * registry's own texts and the counters do. */
#include "report_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "ladder/ladder.h"
#include "base/util.h"

/* Whether rung `it` is on the ladder to show a mistake (its variant's
 * teaching text) or is unsafe: never a step that mattered, nor the best
 * earlier rung a later one is measured against. */
static bool shows_mistake(const struct item *it)
{
	return it->v && (it->v->teaching || (it->v->flags & VF_UNSAFE));
}

size_t steps_that_mattered(const struct ladder *l, const struct item **out,
			   double *xs, size_t max)
{
	const struct item **rungs = xcalloc(l->nitems + 1, sizeof(*rungs));
	const struct item **keys = xcalloc(l->nitems + 1, sizeof(*keys));
	double *x = xcalloc(l->nitems + 1, sizeof(*x));
	size_t n = ladder_rungs(l, rungs), k = 0;

	/* each step against the fastest earlier rung that is not a mistake,
	 * so a rung after a regression is not credited with undoing it */
	for (size_t i = 1; i < n; i++) {
		const struct item *best = NULL;

		for (size_t j = 0; j < i; j++)
			if (!shows_mistake(rungs[j]) && faster(rungs[j], best))
				best = rungs[j];
		if (!best || shows_mistake(rungs[i]) ||
		    rungs[i]->step_verdict != SV_FASTER ||
		    item_ms(best) / item_ms(rungs[i]) <=
		    1 + SPEEDUP_SAME_PCT / 100)
			continue;
		x[k] = item_ms(best) / item_ms(rungs[i]);
		keys[k++] = rungs[i];
	}
	/* the largest first (few: a selection sort) */
	for (size_t i = 0; i < k && i < max; i++) {
		size_t top = i;

		for (size_t j = i + 1; j < k; j++)
			if (x[j] > x[top])
				top = j;
		out[i] = keys[top];
		if (xs)
			xs[i] = x[top];
		keys[top] = keys[i];
		x[top] = x[i];
	}
	free(x);
	free(keys);
	free(rungs);
	return k < max ? k : max;
}

/* The counter of `it`'s step that moved most beyond its noise, on a log
 * scale: one its variant's signature names when any of those moved,
 * else any column of the ladder.  False when none moved. */
static bool step_counter(const struct ladder *l, const struct item *it,
			 struct step_evidence *ev)
{
	const struct result_row *a = it->prev ? it->prev->row : NULL;
	double most = 0;

	ev->col = NULL;
	for (int pass = 0; a && pass < 2 && !ev->col; pass++)
		for (size_t c = 0; c < l->ncols; c++) {
			const char *col = l->cols[c];
			double x = row_column(a, col), y = row_column(it->row, col);
			bool named = false;

			for (size_t k = 0; it->v && k < VARIANT_MAX_EXPECT &&
					   it->v->expect[k].column; k++)
				named |= str_eq(it->v->expect[k].column, col);
			/* a kernel's duration and the throughput it implies
			 * are what is explained, not why */
			if (!strncmp(col, "duration", 8) || strstr(col, "gbps") ||
			    strstr(col, "pct_peak"))
				continue;
			if ((pass == 0 && !named) || !(x > 0) || !(y > 0) ||
			    !counter_moved(col, x, y, a, it->row) ||
			    fabs(log(y / x)) <= most)
				continue;
			most = fabs(log(y / x));
			*ev = (struct step_evidence){ col, x, y };
		}
	return ev->col != NULL;
}

/* The first sentence of s (". " or "。"), as a heap string. */
static char *first_sentence(const char *s)
{
	const char *end = NULL;

	for (const char *p = s; *p && !end; p++)
		if (*p == '.' && (p[1] == ' ' || !p[1]))
			end = p + 1;
		else if (!strncmp(p, "。", strlen("。")))
			end = p + strlen("。");
	return end ? xasprintf("%.*s", (int)(end - s), s) : xstrdup(s);
}

void step_why(struct sbuf *b, enum lang L, const struct model *m,
	      const struct ladder *l, const struct item *it, bool brief,
	      struct step_evidence *ev)
{
	struct step_evidence none = { NULL, NAN, NAN };
	bool seen;

	if (!ev)
		ev = &none;
	seen = step_counter(l, it, ev);
	if (brief) {
		struct sbuf col = SBUF_INIT;

		md_code(&col, ev->col);
		if (seen)
			SAY(b, L, M_BWHY_CTR, sbuf_str(&col),
			    CTR(ev->col, ev->before), CTR(ev->col, ev->after));
		sbuf_release(&col);
		return;
	}
	if (it->v && it->v->teaching) {
		size_t at = b->len;

		teaching_text(b, L, m, it);
		block_trim(b);
		if (b->len > at && !strchr(".。", b->buf[b->len - 1]) &&
		    strncmp(b->buf + b->len - strlen("。"), "。",
			    strlen("。")))
			sbuf_add(b, L == ZH ? "。" : ".");
		return;
	}
	if (about_text(it->v, L) && *about_text(it->v, L)) {
		char *one = first_sentence(about_text(it->v, L));

		md_text(b, one);
		free(one);
	}
	if (!seen) {
		sbuf_add(b, b->len ? " " : "");
		sbuf_add(b, say_text(L, M_BWHY_NONE));
	}
}
