/* report_stalls.c - where warps wait (issue 46, item 4), from the PC
 * samples by stall reason (CUPTI's PC sampling) a row's counters per
 * source line carry beside their counts: per kernel the line with the
 * most samples, its share of the kernel's and the state its warps were
 * most often in; under each of the user's kernels, and in a step's "why"
 * whose cause is waiting, once a page.  See report_judgments.h. */
#include "report_int.h"
#include "report_code.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "counters/per_line.h"
#include "base/util.h"

/* The state of a warp a stall_* metric counts, in words: its table text
 * without "PC samples of warps " (en) or "线程束" and "的 PC 采样数"
 * (zh). */
static char *stall_words(enum lang L, const struct line_metric *lm)
{
	static const char en[] = "PC samples of warps ", zh_head[] = "线程束",
			  zh_tail[] = "的 PC 采样数";
	const char *t = L == ZH ? lm->what_zh : lm->what_en;
	size_t len = strlen(t);

	if (L != ZH)
		return xstrdup(!strncmp(t, en, sizeof(en) - 1) ?
			       t + sizeof(en) - 1 : t);
	if (!strncmp(t, zh_head, sizeof(zh_head) - 1)) {
		t += sizeof(zh_head) - 1;
		len -= sizeof(zh_head) - 1;
	}
	if (len >= sizeof(zh_tail) - 1 &&
	    !strcmp(t + len - (sizeof(zh_tail) - 1), zh_tail))
		len -= sizeof(zh_tail) - 1;
	return xstrndup(t, len);
}

/* The fewest PC samples of a kernel whose busiest line is named: a
 * library's second kernel of one block got 2 samples (cub's and thrust's
 * single-tile passes, an H100 at 2^24), whose shares mean nothing. */
#define STALL_MIN_SAMPLES 200

/* The line of kernel k with the most PC samples: *at, the kernel's
 * samples *total, the line's *best, its most common state *why and that
 * state's samples *top.  false when the kernel has fewer than
 * STALL_MIN_SAMPLES. */
struct stall_top {
	const struct source_line *at;
	const struct line_metric *why;
	double total, best, top;
};

static bool stall_top_of(const struct source_lines *src,
			 const struct line_kernel *lk, struct stall_top *st)
{
	const struct line_metric *t;
	size_t nt, ns = 0;
	int col[LINES_MAX_METRICS];
	const struct line_metric *of[LINES_MAX_METRICS];

	memset(st, 0, sizeof(*st));
	/* the row's stall_* columns, once */
	t = lines_metrics(&nt);
	for (size_t j = 0; j < nt && ns < LINES_MAX_METRICS; j++)
		if (t[j].pcsamp &&
		    (col[ns] = source_lines_metric(src, t[j].name)) >= 0)
			of[ns++] = &t[j];
	for (size_t i = 0; ns && i < lk->nlines; i++) {
		const struct source_line *sl = &lk->lines[i];
		double s = 0;

		for (size_t c = 0; c < ns; c++)
			if (isfinite(sl->values[col[c]]))
				s += sl->values[col[c]];
		st->total += s;
		if (sl->file && s > st->best) {
			st->best = s;
			st->at = sl;
		}
	}
	if (!st->at || st->total < STALL_MIN_SAMPLES)
		return false;
	for (size_t c = 0; c < ns; c++)
		if (st->at->values[col[c]] > st->top) {
			st->top = st->at->values[col[c]];
			st->why = of[c];
		}
	return st->why != NULL;
}

/* "line L `code`: P % of the kernel's S PC samples; its warps were most
 * often waiting ...: Q % of the line's samples", the state in full the
 * first time *worded (NULL: always) has it, by its short name after. */
static void stall_say(struct sbuf *b, enum lang L, const struct model *m,
		      const struct variant *v, const struct stall_top *st,
		      unsigned long long *worded)
{
	size_t nt;
	size_t bit = (size_t)(st->why - lines_metrics(&nt));
	unsigned long long mask = bit < 64 ? 1ull << bit : 0;
	bool again = worded && (*worded & mask);
	char *words = again ? xstrdup(st->why->name + strlen("stall_")) :
			      stall_words(L, st->why);

	code_line_where(b, L, m, v, st->at);
	sbuf_add(b, say_text(L, M_L_COLON));
	SAY(b, L, again ? M_L_STALL_AGAIN : M_L_STALL,
	    PCT(100 * st->best / st->total), FMT(st->total, 3), words,
	    PCT(100 * st->top / st->best));
	if (worded)
		*worded |= mask;
	free(words);
}

void lines_stall_item(struct sbuf *b, enum lang L, const struct model *m,
		      const struct variant *v, const struct source_lines *src,
		      const struct line_kernel *lk, const char *indent)
{
	struct stall_top st;

	if (!stall_top_of(src, lk, &st))
		return;
	sbuf_addf(b, "%s- ", indent);
	stall_say(b, L, m, v, &st, NULL);
	sbuf_add(b, say_text(L, M_L_END));
	sbuf_addc(b, '\n');
}

const struct result_row *lines_stall_row(const struct model *m,
					 const struct item *it)
{
	const struct result_row *w = it->row, *best = NULL;

	/* its variant's row with lines: of its type, at its size first */
	for (size_t i = 0; w && i < m->nitems; i++) {
		const struct result_row *x = m->items[i].row;

		if (!x || !str_eq(x->variant, w->variant) ||
		    !x->lines.recorded || x->lines.status ||
		    !x->lines.nkernels)
			continue;
		if (!best || (str_eq(x->dtype, w->dtype) &&
			      (!str_eq(best->dtype, w->dtype) ||
			       (x->n == w->n && x->m == w->m))))
			best = x;
	}
	return best;
}

bool lines_say_stall(struct sbuf *b, enum lang L, const struct model *m,
		     const struct item *it, const struct result_row *best,
		     unsigned long long *worded)
{
	const struct variant *v = it->v ? it->v :
				  model_variant(m, it->row->variant);
	struct stall_top st, top = { 0 };
	struct pool p = { .n = 0 };
	char *size;

	if (!best)
		return false;
	/* its kernel with the most samples */
	for (size_t i = 0; i < best->lines.nkernels; i++)
		if (stall_top_of(&best->lines, &best->lines.kernels[i], &st) &&
		    st.total > top.total)
			top = st;
	if (!top.at)
		return false;
	size = size_text(best->n, best->m, row_is_matrix(best));
	if (it->row && !str_eq(best->dtype, it->row->dtype)) {
		/* another type's row: say whose samples they are */
		char *typed = xasprintf("%s%s%s", best->dtype,
					say_text(L, M_COMMA_SEP), size);

		free(size);
		size = typed;
	}
	SAY(b, L, M_L_STALL_WHY, role_text(&p, L, it), size);
	pool_release(&p);
	free(size);
	stall_say(b, L, m, v, &top, worded);
	sbuf_add(b, say_text(L, M_L_END));
	return true;
}

