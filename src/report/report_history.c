/* report_history.c - Mark Harris's G80 reduction ladder beside ours: his
 * published figures and the historical block.  See report_int.h.
 *
 * The figures are data, kept as published; the rest of the report sees
 * the ladder tables' G80 cell (harris_figures) and the block.  Which of
 * our variants use each of his kernels' techniques is the model's
 * (harris_kernel_of, report_model.c), as is which ladders the section is
 * for (family_harris). */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "base/util.h"

/* Mark Harris, "Optimizing Parallel Reduction in CUDA", NVIDIA, 2007:
 * 2^22 ints on a G80.  Times and bandwidths are the published figures
 * (checked against a stored copy of the table). */
struct harris_kernel {
	const char *technique[NLANG];
	double ms, gbps;
};

static const struct harris_kernel harris[] = {
	{ { "interleaved addressing, divergent branching",
	    "交错寻址，分支发散" }, 8.054, 2.083 },
	{ { "interleaved addressing, bank conflicts",
	    "交错寻址，存在 bank 冲突" }, 3.456, 4.854 },
	{ { "sequential addressing", "顺序寻址" }, 1.722, 9.741 },
	{ { "first add during global load", "加载时先做一次加法" },
	  0.965, 17.377 },
	{ { "unroll the last warp", "展开最后一个线程束" }, 0.536, 31.289 },
	{ { "complete unrolling (block size as a template parameter)",
	    "完全展开（线程块大小作模板参数）" }, 0.381, 43.996 },
	{ { "multiple elements per thread", "每个线程处理多个元素" },
	  0.268, 62.671 },
};

#define HARRIS_PEAK_GBPS 86.4

/* Columns of the table: his kernel, technique, time, bandwidth, % of his
 * peak and cumulative speedup; our rungs, time, % of this GPU's peak and
 * cumulative speedup, both cumulative from the first kernel that has a
 * match of ours.  Our GB/s is in the ladder's table: ten columns fit a
 * page. */
#define HARRIS_COLS 10

void harris_figures(struct sbuf *b, int kernel)
{
	if (kernel < 1 || (size_t)kernel > ARRAY_SIZE(harris)) {
		sbuf_add(b, "—");
		return;
	}
	/* the published figures, with their published precision */
	sbuf_addf(b, "%d: %.3f ms, %.3f GB/s", kernel, harris[kernel - 1].ms,
		  harris[kernel - 1].gbps);
}

/* ---- the historical block --------------------------------------------- */

/* The reduce ladder to compare with Harris: int if measured, at the size
 * nearest 2^22 (his size). */
static const struct ladder *harris_ours(const struct model *m)
{
	const struct ladder *best = NULL;
	double best_d = 0;

	for (size_t i = 0; i < m->nladders; i++) {
		const struct ladder *l = &m->ladders[i];
		double d;

		if (!family_harris(l->family) || !ladder_ok_rungs(l))
			continue;
		d = fabs(log2((double)l->n) - 22) +
		    (str_eq(l->dtype, "int") ? 0 : 1000);
		if (!best || d < best_d) {
			best = l;
			best_d = d;
		}
	}
	return best;
}

/* Our fastest verified item of ladder l that uses Harris's kernel k
 * (1..7), or NULL. */
static const struct item *harris_match(const struct ladder *l, int k)
{
	const struct item *best = NULL;

	for (size_t i = 0; l && i < l->nitems; i++) {
		const struct item *it = l->items[i];

		if (it->harris == k && it->ok && it->role == ROLE_RUNG &&
		    faster(it, best))
			best = it;
	}
	return best;
}

const struct item *harris_first_match(const struct ladder *l)
{
	for (int k = 1; k <= (int)ARRAY_SIZE(harris); k++) {
		const struct item *it = harris_match(l, k);

		if (it)
			return it;
	}
	return NULL;
}

/* His kernel (1-based) that the first of our matches stands for. */
static int harris_first_kernel(const struct ladder *l)
{
	for (int k = 1; k <= (int)ARRAY_SIZE(harris); k++)
		if (harris_match(l, k))
			return k;
	return 0;
}

/* One row of the table: his kernel k (0-based) beside our match, both
 * cumulative from the first kernel that has a match of ours. */
static void harris_row(struct sbuf *b, enum lang L, const struct ladder *ours,
		       size_t k, int first_k, const struct item *first)
{
	const struct harris_kernel *h = &harris[k];
	const struct item *best = harris_match(ours, (int)k + 1);
	struct sbuf rungs = SBUF_INIT;
	struct pool p = { .n = 0 };
	const char *cells[HARRIS_COLS];
	char kk[8], ms[16], gbps[16], peak[16];

	for (size_t i = 0; ours && i < ours->nitems; i++) {
		const struct item *it = ours->items[i];

		if (it->harris != (int)k + 1)
			continue;
		if (rungs.len)
			sbuf_add(&rungs, ", ");
		sbuf_add(&rungs, role_text(&p, L, it));
		sbuf_add(&rungs, ": ");
		md_text(&rungs, it->row->variant);
	}
	snprintf(kk, sizeof(kk), "%zu", k + 1);
	snprintf(ms, sizeof(ms), "%.3f", h->ms);
	snprintf(gbps, sizeof(gbps), "%.3f", h->gbps);
	snprintf(peak, sizeof(peak), "%.1f", 100 * h->gbps / HARRIS_PEAK_GBPS);
	cells[0] = kk;
	cells[1] = h->technique[L];
	cells[2] = ms;
	cells[3] = gbps;
	cells[4] = peak;
	cells[5] = first_k && (int)k + 1 >= first_k ?
		pool_keep(&p, xstrdup(TIMES(harris[first_k - 1].ms / h->ms))) :
		"—";
	cells[6] = rungs.len ? sbuf_str(&rungs) : "—";
	cells[7] = best ? pool_keep(&p, xstrdup(FMT(item_ms(best), 4))) : "—";
	cells[8] = best && best->row->pct_peak > 0 ?
		pool_keep(&p, xstrdup(PCT(best->row->pct_peak))) : "—";
	cells[9] = best && first ?
		pool_keep(&p, xstrdup(TIMES(item_ms(first) / item_ms(best)))) :
		"—";
	table_row(b, cells, HARRIS_COLS);
	sbuf_release(&rungs);
	pool_release(&p);
}

/* Whether rung `it` of ladder l issues about the same warp instructions
 * per element as the same variant in the other types measured at the same
 * size (within a quarter): the same algorithm for every type.  True when
 * no other type was measured or its counters are missing. */
static bool same_work_across_types(const struct model *m,
				   const struct ladder *l, const struct item *it)
{
	double w = it->row->counters_status ? NAN :
		   row_column(it->row, "warp_instructions");

	for (size_t i = 0; isfinite(w) && i < m->nladders; i++) {
		const struct ladder *o = &m->ladders[i];

		if (o == l || o->n != l->n || o->m != l->m ||
		    !str_eq(o->family, l->family) || !str_eq(o->gpu, l->gpu))
			continue;
		for (size_t k = 0; k < o->nitems; k++) {
			const struct item *s = o->items[k];
			double v = s->row->counters_status ? NAN :
				   row_column(s->row, "warp_instructions");

			if (s->ok && str_eq(s->row->variant, it->row->variant) &&
			    isfinite(v) && fabs(v / w - 1) > 0.25)
				return false;
		}
	}
	return true;
}

/* The textbook's shared-memory lesson, about the rung it is about:
 * sequential addressing (Harris's kernel 3, our first match of it)
 * against global memory (our first rung), for this ladder's type, and
 * only where the first rung does the same work in every type measured
 * (else the comparison is of two algorithms, not of two memories). */
static void harris_lesson(struct sbuf *b, enum lang L, const struct model *m,
			  const struct ladder *l)
{
	const struct item *seq = harris_match(l, 3), *g = l->first;
	struct pool p = { .n = 0 };
	double x;

	if (!seq || !g || g == seq || g->harris || g->row->step >= seq->row->step ||
	    !same_work_across_types(m, l, g))
		return;
	x = item_ms(g) / item_ms(seq);
	sbuf_addc(b, ' ');
	SAY(b, L, x < 1 ? M_H_LESSON_SLOWER : M_H_LESSON_FASTER,
	    role_text(&p, L, seq), pool_md(&p, seq->row->variant),
	    role_text(&p, L, g), pool_md(&p, g->row->variant),
	    TIMES(x < 1 ? 1 / x : x), pool_md(&p, l->dtype),
	    say_text(L, x < 1.10 ? M_H_AGREE : M_H_DISAGREE));
	pool_release(&p);
}

/* The totals over the matched kernels, why ours are smaller, and the
 * textbook's lesson of shared memory where the data support it. */
static void harris_totals(struct sbuf *b, enum lang L, const struct model *m,
			  const struct ladder *l)
{
	const struct item *first = harris_first_match(l), *last = NULL;
	int first_k = harris_first_kernel(l), last_k = 0;
	struct pool p = { .n = 0 };

	for (int k = (int)ARRAY_SIZE(harris); k >= 1 && !last; k--)
		if ((last = harris_match(l, k)))
			last_k = k;
	if (!first || !last || last == first)
		return;
	sbuf_add(b, "\n\n");
	SAY(b, L, M_H_TOTAL, role_text(&p, L, first),
	    pool_md(&p, first->row->variant), role_text(&p, L, last),
	    pool_md(&p, last->row->variant),
	    TIMES(item_ms(first) / item_ms(last)),
	    pool_keep(&p, xasprintf("%d", first_k)),
	    pool_keep(&p, xasprintf("%d", last_k)),
	    TIMES(harris[first_k - 1].ms / harris[last_k - 1].ms));
	pool_release(&p);
	if (first->row->pct_peak > 0) {
		sbuf_addc(b, ' ');
		SAY(b, L, M_H_WHY, role_text(&p, L, first),
		    PCT(first->row->pct_peak),
		    pool_keep(&p, xasprintf("%d", first_k)),
		    PCT(100 * harris[first_k - 1].gbps / HARRIS_PEAK_GBPS),
		    PCT(last->row->pct_peak));
		pool_release(&p);
	}
	harris_lesson(b, L, m, l);
}

void blk_historical(const struct model *m, enum lang L, struct sbuf *b)
{
	static const bool right[HARRIS_COLS] = { true, false, true, true,
						 true, true, false, true,
						 true, true };
	const char *head[HARRIS_COLS] = {
		say_text(L, M_H_KERNEL), say_text(L, M_H_TECHNIQUE),
		say_text(L, M_H_MS), say_text(L, M_H_GBPS),
		say_text(L, M_H_PEAK), say_text(L, M_H_CUM),
		say_text(L, M_H_OURS), say_text(L, M_H_OURS_MS),
		say_text(L, M_H_OURS_PEAK),
		say_text(L, M_H_OURS_CUM),
	};
	const struct ladder *ours = harris_ours(m);
	const struct item *first = ours ? harris_first_match(ours) : NULL;
	int first_k = ours ? harris_first_kernel(ours) : 0;
	struct pool p = { .n = 0 };
	struct sbuf at = SBUF_INIT;
	bool reduce = false;

	for (size_t i = 0; i < m->nladders; i++)
		reduce |= family_harris(m->ladders[i].family);
	if (!reduce)
		return;
	if (ours) {
		char *size = size_text(ours->n, ours->m, false);

		SAY(&at, L, M_H_AT, pool_md(&p, ours->dtype), pool_md(&p, size));
		free(size);
		pool_release(&p);
	} else {
		sbuf_add(&at, say_text(L, M_NONE));
	}
	SAY(b, L, M_H_INTRO, sbuf_str(&at));
	sbuf_add(b, "\n\n");
	table_row(b, head, HARRIS_COLS);
	table_rule(b, right, HARRIS_COLS);
	for (size_t k = 0; k < ARRAY_SIZE(harris); k++)
		harris_row(b, L, ours, k, first_k, first);
	sbuf_addc(b, '\n');
	sbuf_add(b, say_text(L, M_H_SOURCE));
	if (ours)
		harris_totals(b, L, m, ours);
	sbuf_release(&at);
}
