/* report_lines.c - counters per source line in the report (issue 25): the
 * few lines of a kernel that carry its problem, quoted with their numbers
 * and what they mean, under each of the user's kernels; and in the
 * details page every line of the user's kernels and the key lines of
 * each built-in rung with a column per metric.  See report_int.h.
 *
 * What a line is said to carry, from its SASS counters alone (the
 * metrics of counters.h's line table, one launch of the measured run):
 *   bank conflicts   shared wavefronts at least LINE_RATIO × the ideal
 *                    (a conflict-free access takes the ideal), and at
 *                    least LINE_SHARE of the kernel's excess wavefronts;
 *   uncoalesced      global sectors at least LINE_RATIO × the ideal, and
 *                    at least LINE_SHARE of the kernel's excess sectors;
 *   local memory     any local-memory instruction (spills, local arrays);
 *   divergence       divergent branches, at least LINE_SHARE of the
 *                    kernel's, when they are at least DIV_MIN of its
 *                    warp instructions;
 *   idle threads     at most IDLE_LANES of a warp instruction's 32 threads
 *                    with their predicate on, on a line that issues at
 *                    least IDLE_SHARE of the kernel's warp instructions;
 *   narrow loads     when the kernel's diagnosis found too few bytes in
 *                    flight: a loading line of at least NARROW_SHARE of
 *                    its global loads with NARROW_SECTORS sectors or
 *                    fewer per load instruction (8 bytes a thread);
 *   the hot line     the line that issues the most warp instructions,
 *                    when that is at least HOT_SHARE of them (a fact, not
 *                    a problem).
 * Only those three have a fix the ladder shows (the rule of the same
 * problem, report_user_rules.c): idle threads show on the sequential
 * rungs too (a tree's last steps), so no rung is named as their fix;
 * instead the rung that fixes divergence is named as showing the same
 * at its own add line, when it does (struct fixref).  Where the
 * diagnosis finds divergence, the line whose warp instructions exceed
 * that rung's busiest line the most is said to be where it is (a `%`
 * test that every thread runs, not the add it guards). */
#include "report_user_rules.h"
#include "report_code.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "counters/counters.h"
#include "base/util.h"

#define LINE_RATIO 2.0
#define LINE_SHARE 0.10
#define DIV_MIN 0.001
#define IDLE_LANES 8.0
#define IDLE_SHARE 0.05
#define HOT_SHARE 0.25
#define NARROW_SECTORS 8.5
#define NARROW_SHARE 0.25
/* Lines the body quotes at most per kernel function. */
#define LINES_SHOWN 4
/* Lines of a user kernel's file the details table shows at most. */
#define TABLE_MAX_LINES 200
/* Characters of a line the details table quotes at most (the table fits
 * an A4 page: tests/html.sh). */
#define TABLE_QUOTE 56

/* ---- one kernel function's lines, as numbers ------------------------- */

enum { X_INST, X_PRED, X_GSEC, X_GIDEAL, X_SWF, X_SIDEAL, X_LLD, X_LST,
       X_LSEC, X_DIV, X_GLD, X_GST, X_UNIF, X__N };

static const char *const x_metric[X__N] = {
	[X_INST] = "inst_executed", [X_PRED] = "thread_inst_pred_on",
	[X_GSEC] = "global_sectors", [X_GIDEAL] = "global_sectors_ideal",
	[X_SWF] = "shared_wavefronts", [X_SIDEAL] = "shared_wavefronts_ideal",
	[X_LLD] = "local_ld", [X_LST] = "local_st",
	[X_LSEC] = "local_sectors", [X_DIV] = "branch_divergent",
	[X_GLD] = "global_ld", [X_GST] = "global_st",
	[X_UNIF] = "branch_uniform",
};

struct lv {
	const struct source_line *sl;
	double x[X__N];              /* 0 where the metric is missing */
};

struct kv {
	const struct source_lines *src;
	const struct line_kernel *k;
	size_t n;
	struct lv *v;
	double sum[X__N];
};

static void kv_of(const struct source_lines *l, size_t k, struct kv *out)
{
	int at[X__N];

	memset(out, 0, sizeof(*out));
	out->src = l;
	out->k = &l->kernels[k];
	out->n = out->k->nlines;
	out->v = xcalloc(out->n ? out->n : 1, sizeof(*out->v));
	for (size_t m = 0; m < X__N; m++)
		at[m] = source_lines_metric(l, x_metric[m]);
	for (size_t i = 0; i < out->n; i++) {
		struct lv *v = &out->v[i];

		v->sl = &out->k->lines[i];
		for (size_t m = 0; m < X__N; m++) {
			double x = at[m] >= 0 ? v->sl->values[at[m]] : 0;

			v->x[m] = isfinite(x) ? x : 0;
			out->sum[m] += v->x[m];
		}
	}
}

static double ratio(double a, double ideal)
{
	return ideal > 0 ? a / ideal : NAN;
}

/* ---- what a line carries ------------------------------------------------ */

enum lf { LF_BANK, LF_UNCOAL, LF_NARROW, LF_LOCAL, LF_DIV, LF_IDLE, LF_HOT,
	  LF__N };

/* Sectors per global load instruction of a line that loads and does not
 * store, else NAN. */
static double per_load(const struct lv *v)
{
	return v->x[X_GLD] > 0 && v->x[X_GST] == 0 ?
	       v->x[X_GSEC] / v->x[X_GLD] : NAN;
}

/* The problems line v carries (a bit per enum lf); `narrow`: the
 * kernel's diagnosis found loads too narrow to keep enough bytes in
 * flight, so its narrow loads are named. */
static unsigned carries(const struct kv *k, const struct lv *v,
			const struct lv *hot, bool narrow)
{
	double sx = k->sum[X_SWF] - k->sum[X_SIDEAL];
	double gx = k->sum[X_GSEC] - k->sum[X_GIDEAL];
	unsigned f = 0;

	if (ratio(v->x[X_SWF], v->x[X_SIDEAL]) >= LINE_RATIO && sx > 0 &&
	    v->x[X_SWF] - v->x[X_SIDEAL] >= LINE_SHARE * sx)
		f |= 1u << LF_BANK;
	if (ratio(v->x[X_GSEC], v->x[X_GIDEAL]) >= LINE_RATIO && gx > 0 &&
	    v->x[X_GSEC] - v->x[X_GIDEAL] >= LINE_SHARE * gx)
		f |= 1u << LF_UNCOAL;
	if (narrow && per_load(v) <= NARROW_SECTORS &&
	    v->x[X_GLD] >= NARROW_SHARE * k->sum[X_GLD])
		f |= 1u << LF_NARROW;
	if (v->x[X_LLD] + v->x[X_LST] > 0)
		f |= 1u << LF_LOCAL;
	if (v->x[X_DIV] > 0 && k->sum[X_DIV] >= DIV_MIN * k->sum[X_INST] &&
	    v->x[X_DIV] >= LINE_SHARE * k->sum[X_DIV])
		f |= 1u << LF_DIV;
	if (v->x[X_INST] > 0 && v->x[X_INST] >= IDLE_SHARE * k->sum[X_INST] &&
	    v->x[X_PRED] / v->x[X_INST] <= IDLE_LANES)
		f |= 1u << LF_IDLE;
	if (v == hot)
		f |= 1u << LF_HOT;
	return f;
}

/* The line that issues the most warp instructions, when that is at least
 * HOT_SHARE of the kernel's; else NULL. */
static const struct lv *hot_line(const struct kv *k)
{
	const struct lv *hot = NULL;

	for (size_t i = 0; i < k->n; i++)
		if (k->v[i].sl->file &&
		    (!hot || k->v[i].x[X_INST] > hot->x[X_INST]))
			hot = &k->v[i];
	return hot && k->sum[X_INST] > 0 &&
	       hot->x[X_INST] >= HOT_SHARE * k->sum[X_INST] ? hot : NULL;
}

/* How much of the kernel's problem line v holds, to rank the lines: its
 * share of the excess wavefronts and sectors, of the divergent branches
 * and of the warp instructions (idle or hot). */
static double weight(const struct kv *k, const struct lv *v, unsigned f)
{
	double w = 0;

	if (f & (1u << LF_BANK))
		w += 4 + (v->x[X_SWF] - v->x[X_SIDEAL]) /
			 (k->sum[X_SWF] - k->sum[X_SIDEAL]);
	if (f & (1u << LF_UNCOAL))
		w += 4 + (v->x[X_GSEC] - v->x[X_GIDEAL]) /
			 (k->sum[X_GSEC] - k->sum[X_GIDEAL]);
	if (f & (1u << LF_NARROW))
		w += 3 + v->x[X_GLD] / k->sum[X_GLD];
	if (f & (1u << LF_LOCAL))
		w += 3;
	if (f & (1u << LF_DIV))
		w += 2 + v->x[X_DIV] / k->sum[X_DIV];
	if (f & ((1u << LF_IDLE) | (1u << LF_HOT)))
		w += v->x[X_INST] / k->sum[X_INST];
	return w;
}

/* ---- words ------------------------------------------------------------- */

/* x as a whole number when it is within 5 % of one ("32"), else with
 * three significant digits ("1.68"). */
static const char *near_int(char *buf, size_t size, double x)
{
	if (isfinite(x) && x >= 1 && fabs(x - round(x)) <= 0.05 * x)
		snprintf(buf, size, "%.0f", round(x));
	else
		fmt_sig(buf, size, x, 3);
	return buf;
}
#define NEAR(x) near_int((char[FMT_SIZE]){ 0 }, FMT_SIZE, (x))

/* "rung 7 (transpose\_tile\_pad)" for built-in variant `name`, from its
 * row in ladder l when it ran there, else from its step. */
static void rung_name(struct sbuf *b, enum lang L, const struct model *m,
		      const struct ladder *l, const char *name)
{
	const struct variant *v = model_variant(m, name);
	struct pool p = { .n = 0 };

	for (size_t i = 0; l && i < l->nitems; i++)
		if (l->items[i]->role == ROLE_RUNG &&
		    str_eq(l->items[i]->row->variant, name)) {
			SAY(b, L, M_U_RUNG, role_text(&p, L, l->items[i]),
			    pool_md(&p, name));
			pool_release(&p);
			return;
		}
	if (v && v->step > 0) {
		char step[16];
		struct sbuf r = SBUF_INIT;

		snprintf(step, sizeof(step), "%d", v->step);
		SAY(&r, L, M_ROLE_RUNG, step);
		SAY(b, L, M_U_RUNG, sbuf_str(&r), pool_md(&p, name));
		sbuf_release(&r);
	} else {
		md_text(b, name);
	}
	pool_release(&p);
}

/* The fix a rung of the ladder shows for problem `key` of `family`:
 * "; rung 7 (transpose\_tile\_pad) shows the fix", or nothing when the
 * fix is the kernel itself or no rule has one. */
static void fix(struct sbuf *b, enum lang L, const struct model *m,
		const struct ladder *l, const struct result_row *w,
		const char *key)
{
	const struct rule *r = user_rule_find(l ? l->family : NULL, key);
	struct sbuf n = SBUF_INIT;

	if (!r || !r->fix || str_eq(r->fix, w->variant))
		return;
	rung_name(&n, L, m, l, r->fix);
	SAY(b, L, M_L_FIX, sbuf_str(&n));
	sbuf_release(&n);
}

/* The rung whose fix the ladder shows for divergence in ladder l's
 * family (the rule's fix, report_user_rules.c), not the kernel itself:
 * the first kernel's lines of its row of the row's size that has lines,
 * of the row's type when there is one (a run records a rung's lines at
 * one type), to hold a user's lines against; none for a NULL l (a
 * rung's own lines).  Its busiest line (the most warp instructions) and its
 * idle one (the busiest of those IDLE_LANES or fewer threads do the work
 * of an instruction on: a tree's add, whose last steps leave fewer than
 * 32 threads working). */
struct fixref {
	struct kv k;
	const struct variant *v;
	const struct lv *busiest, *idle;
};

static void fixref_of(const struct model *m, const struct ladder *l,
		      const struct result_row *w, struct fixref *fr)
{
	const struct rule *r = user_rule_find(l ? l->family : NULL,
					      "divergence");
	const struct item *best = NULL;

	memset(fr, 0, sizeof(*fr));
	if (!l)
		return;
	/* its row of this size with lines, of this type when it has one
	 * (a class records the rungs' lines at one type alone) */
	for (size_t i = 0; r && r->fix && !str_eq(r->fix, w->variant) &&
	     i < m->nitems; i++) {
		const struct item *it = &m->items[i];
		const struct result_row *rw = it->row;

		if (it->role != ROLE_RUNG || !str_eq(rw->variant, r->fix) ||
		    rw->n != w->n || rw->m != w->m || !rw->lines.recorded ||
		    rw->lines.status || !rw->lines.nkernels)
			continue;
		if (!best || str_eq(rw->dtype, w->dtype))
			best = it;
	}
	if (best) {
		fr->v = best->v ? best->v : model_variant(m, best->row->variant);
		kv_of(&best->row->lines, 0, &fr->k);
	}
	for (size_t i = 0; fr->v && i < fr->k.n; i++) {
		const struct lv *v = &fr->k.v[i];

		if (!v->sl->file || !(v->x[X_INST] > 0))
			continue;
		if (!fr->busiest || v->x[X_INST] > fr->busiest->x[X_INST])
			fr->busiest = v;
		if (v->x[X_INST] >= IDLE_SHARE * fr->k.sum[X_INST] &&
		    v->x[X_PRED] / v->x[X_INST] <= IDLE_LANES &&
		    (!fr->idle || v->x[X_INST] > fr->idle->x[X_INST]))
			fr->idle = v;
	}
}

static void fixref_release(struct fixref *fr)
{
	free(fr->k.v);
}

/* Whether line v's divergent branches split at most one warp of each
 * block at each pass: no more of them than its branches over the warps
 * of a block.  A tree whose working threads are contiguous (thread t
 * works while t < s) has exactly those, in the passes where fewer than
 * 32 threads are left working: ben's line 15 and rung 1's key line both
 * record 327,680 of 4.19 M branches at 8 warps a block (float and int,
 * n = 2^24, the example runs), the rungs after it none where the
 * compiler predicated their `if`.  Working threads scattered over every
 * warp (rung 3's t % 2s) would split every warp of a block instead. */
static bool tail_divergence(const struct result_row *w, const struct lv *v)
{
	double branches = v->x[X_DIV] + v->x[X_UNIF];

	return w->block >= 64 && v->x[X_UNIF] > 0 &&
	       v->x[X_DIV] <= branches / (w->block / 32);
}

/* After a line on which `lanes` of 32 threads do the work of a warp
 * instruction: that the rung fixing divergence shows as many at its
 * idle line (within a quarter), a tree's last steps, which it has too;
 * nothing when it shows no such line. */
static void idle_tree(struct sbuf *b, enum lang L, const struct model *m,
		      const struct ladder *l, const struct fixref *fr,
		      double lanes)
{
	struct sbuf at = SBUF_INIT, n = SBUF_INIT;
	double r;

	if (!fr->idle)
		return;
	r = fr->idle->x[X_PRED] / fr->idle->x[X_INST];
	if (fabs(r - lanes) > 0.25 * lanes)
		return;
	code_line_where(&at, L, m, NULL, fr->idle->sl);
	rung_name(&n, L, m, l, fr->v->name);
	SAY(b, L, M_L_IDLE_TREE, sbuf_str(&n), sbuf_str(&at), FMT(r, 2));
	sbuf_release(&at);
	sbuf_release(&n);
}

/* The problems of line v, joined: "32.0 shared-memory wavefronts ..." */
static void what(struct sbuf *b, enum lang L, const struct model *m,
		 const struct ladder *l, const struct result_row *w,
		 const struct kv *k, const struct lv *v, unsigned f,
		 const struct fixref *fr, const struct lv *div_line)
{
	bool first = true;

	for (int i = 0; i < LF__N; i++) {
		double r;

		if (!(f & (1u << i)))
			continue;
		if (!first)
			sbuf_add(b, say_text(L, M_L_AND));
		first = false;
		switch (i) {
		case LF_BANK:
			r = ratio(v->x[X_SWF], v->x[X_SIDEAL]);
			if (fabs(r - round(r)) <= 0.05 * r)
				SAY(b, L, M_L_BANK, FMT(v->x[X_SWF], 3),
				    FMT(v->x[X_SIDEAL], 3), NEAR(r));
			else
				SAY(b, L, M_L_BANK_AVG, FMT(v->x[X_SWF], 3),
				    FMT(v->x[X_SIDEAL], 3), FMT(r, 2));
			fix(b, L, m, l, w, "bank");
			break;
		case LF_UNCOAL:
			SAY(b, L, M_L_UNCOAL, FMT(v->x[X_GSEC], 3),
			    FMT(v->x[X_GIDEAL], 3),
			    NEAR(ratio(v->x[X_GSEC], v->x[X_GIDEAL])));
			fix(b, L, m, l, w, "coalescing");
			break;
		case LF_NARROW:
			r = per_load(v);
			SAY(b, L, M_L_NARROW, FMT(v->x[X_GLD], 3), NEAR(r),
			    NEAR(r), NEAR(16 / r));
			fix(b, L, m, l, w, "inflight");
			break;
		case LF_LOCAL:
			SAY(b, L, M_L_LOCAL, FMT(v->x[X_LLD] + v->x[X_LST], 3),
			    FMT(v->x[X_LSEC], 3));
			break;
		case LF_DIV:
			if (tail_divergence(w, v)) {
				char warps[16];

				snprintf(warps, sizeof(warps), "%d",
					 w->block / 32);
				SAY(b, L, M_L_DIV_TAIL, FMT(v->x[X_DIV], 3),
				    FMT(v->x[X_DIV] + v->x[X_UNIF], 3), warps);
			} else
				SAY(b, L, M_L_DIV, FMT(v->x[X_DIV], 3));
			break;
		case LF_IDLE:
			r = v->x[X_PRED] / v->x[X_INST];
			SAY(b, L, M_L_IDLE, FMT(v->x[X_INST], 3), FMT(r, 2));
			idle_tree(b, L, m, l, fr, r);
			break;
		case LF_HOT:
			SAY(b, L, M_L_HOT,
			    PCT(100 * v->x[X_INST] / k->sum[X_INST]),
			    FMT(v->x[X_INST], 3), FMT(k->sum[X_INST], 3));
			break;
		}
	}
	if (v == div_line && fr->busiest) {
		struct sbuf at = SBUF_INIT, n = SBUF_INIT;

		if (!first)
			sbuf_add(b, say_text(L, M_L_AND));
		code_line_where(&at, L, m, NULL, fr->busiest->sl);
		rung_name(&n, L, m, l, fr->v->name);
		SAY(b, L, M_L_DIV_HERE,
		    FMT(v->x[X_INST] - fr->busiest->x[X_INST], 3), sbuf_str(&n),
		    sbuf_str(&at), FMT(fr->busiest->x[X_INST], 3));
		sbuf_release(&at);
		sbuf_release(&n);
	}
}

struct pick {
	const struct lv *v;
	unsigned f;
	double w;
};

static int by_weight(const void *a, const void *b)
{
	const struct pick *x = a, *y = b;

	if (x->w != y->w)
		return x->w > y->w ? -1 : 1;
	return x->v->sl->line - y->v->sl->line;
}

/* The lines of kernel k that carry something, heaviest first, at most
 * max of them into out; returns how many. */
static size_t picks(const struct kv *k, bool narrow, struct pick *out,
		    size_t max)
{
	const struct lv *hot = hot_line(k);
	size_t n = 0;
	struct pick *all = xcalloc(k->n ? k->n : 1, sizeof(*all));

	for (size_t i = 0; i < k->n; i++) {
		unsigned f = carries(k, &k->v[i], hot, narrow);

		if (f)
			all[n++] = (struct pick){ &k->v[i], f,
						  weight(k, &k->v[i], f) };
	}
	qsort(all, n, sizeof(*all), by_weight);
	if (n > max)
		n = max;
	memcpy(out, all, n * sizeof(*out));
	free(all);
	return n;
}

/* One kernel function's lines as list items at `indent`. */
static void kernel_items(struct sbuf *b, enum lang L, const struct model *m,
			 const struct ladder *l, const struct result_row *w,
			 const struct variant *v, const struct kv *k,
			 bool narrow, bool div, bool named, const char *indent)
{
	struct pick p[LINES_SHOWN + 1];
	size_t n = picks(k, narrow, p, LINES_SHOWN);
	struct pool pool = { .n = 0 };
	const struct lv *div_line = NULL;
	struct fixref fr;
	bool listed = false;

	/* where divergence is found: the line whose warp instructions
	 * exceed the busiest line of the rung that fixes it the most; a
	 * user's kernel alone is held against that rung */
	fixref_of(m, v && v->source_text ? l : NULL, w, &fr);
	for (size_t i = 0; div && fr.busiest && i < k->n; i++)
		if (k->v[i].sl->file &&
		    k->v[i].x[X_INST] > fr.busiest->x[X_INST] &&
		    (!div_line || k->v[i].x[X_INST] > div_line->x[X_INST]))
			div_line = &k->v[i];
	for (size_t i = 0; div_line && i < n; i++)
		listed |= p[i].v == div_line;
	if (div_line && !listed)
		p[n++] = (struct pick){ div_line, 0, 0 };

	if (!n) {
		sbuf_addf(b, "%s- ", indent);
		if (named)
			SAY(b, L, M_L_KERNEL, pool_md(&pool, k->k->kernel));
		sbuf_add(b, say_text(L, M_L_NONE));
		sbuf_addc(b, '\n');
	}
	for (size_t i = 0; i < n; i++) {
		sbuf_addf(b, "%s- ", indent);
		if (named)
			SAY(b, L, M_L_KERNEL, pool_md(&pool, k->k->kernel));
		code_line_where(b, L, m, v, p[i].v->sl);
		sbuf_add(b, say_text(L, M_L_COLON));
		what(b, L, m, l, w, k, p[i].v, p[i].f, &fr, div_line);
		sbuf_add(b, say_text(L, M_L_END));
		sbuf_addc(b, '\n');
	}
	lines_stall_item(b, L, m, v, k->src, k->k, indent);
	fixref_release(&fr);
	pool_release(&pool);
}

void lines_items(struct sbuf *b, enum lang L, const struct model *m,
		 const struct ladder *l, const struct item *it, bool narrow,
		 bool div, const char *indent)
{
	const struct result_row *w = it->row;
	const struct source_lines *sl = &w->lines;
	const struct variant *v = it->v ? it->v : model_variant(m, w->variant);
	struct sbuf in = SBUF_INIT, page = SBUF_INIT;

	if (!sl->recorded || (!sl->status && !sl->nkernels))
		return;
	if (sl->status) {
		struct pool p = { .n = 0 };

		sbuf_addf(b, "%s- ", indent);
		SAY(b, L, M_L_NOT, pool_md(&p, sl->status));
		sbuf_addc(b, '\n');
		pool_release(&p);
		return;
	}
	sbuf_addf(b, "%s- ", indent);
	family_file(&page, L, w->family);
	SAY(b, L, M_L_WHERE, sbuf_str(&page));
	sbuf_release(&page);
	sbuf_addc(b, '\n');
	sbuf_addf(&in, "%s  ", indent);
	for (size_t k = 0; k < sl->nkernels; k++) {
		struct kv kv;

		kv_of(sl, k, &kv);
		kernel_items(b, L, m, l, w, v, &kv, narrow, div,
			     sl->nkernels > 1, sbuf_str(&in));
		free(kv.v);
	}
	sbuf_release(&in);
}

int lines_first(const struct model *m, const struct item *it, bool narrow,
		const char **file)
{
	const struct source_lines *sl = &it->row->lines;
	struct pick p[1];
	struct kv kv;
	int line = 0;

	(void)m;
	*file = NULL;
	if (!sl->recorded || sl->status || !sl->nkernels)
		return 0;
	kv_of(sl, 0, &kv);
	if (picks(&kv, narrow, p, 1) == 1 && p[0].v->sl->file) {
		line = p[0].v->sl->line;
		*file = p[0].v->sl->file;
	}
	free(kv.v);
	return line;
}

int lines_carrying(const struct item *it, enum line_problem what,
		   const char **file)
{
	static const unsigned mask[] = {
		[LINE_BANK] = 1u << LF_BANK,
		[LINE_UNCOALESCED] = 1u << LF_UNCOAL,
		[LINE_DIVERGENCE] = (1u << LF_DIV) | (1u << LF_IDLE),
	};
	const struct source_lines *sl = &it->row->lines;
	const struct lv *best = NULL;
	double most = 0;
	struct kv kv;
	int line = 0;

	*file = NULL;
	if (!sl->recorded || sl->status || !sl->nkernels ||
	    (unsigned)what >= sizeof(mask) / sizeof(mask[0]))
		return 0;
	kv_of(sl, 0, &kv);
	for (size_t i = 0; i < kv.n; i++) {
		unsigned f = carries(&kv, &kv.v[i], NULL, false) & mask[what];
		double w;

		/* a tree's last passes are not the divergence it looks for */
		if (tail_divergence(it->row, &kv.v[i]))
			f &= ~(1u << LF_DIV);
		w = f ? weight(&kv, &kv.v[i], f) : 0;

		if (f && kv.v[i].sl->file && w > most) {
			most = w;
			best = &kv.v[i];
		}
	}
	if (best) {
		line = best->sl->line;
		*file = best->sl->file;
	}
	free(kv.v);
	return line;
}

double lines_bank_ways(const struct item *it, int line, const char *file)
{
	const struct source_lines *sl = &it->row->lines;
	double ways = NAN;
	struct kv kv;

	if (!sl->recorded || sl->status || !sl->nkernels || line <= 0)
		return NAN;
	kv_of(sl, 0, &kv);
	for (size_t i = 0; i < kv.n; i++)
		if (kv.v[i].sl->line == line &&
		    (!file || str_eq(kv.v[i].sl->file, file)))
			ways = ratio(kv.v[i].x[X_SWF], kv.v[i].x[X_SIDEAL]);
	free(kv.v);
	return ways;
}

/* ---- the details page: every line, a column per metric --------------- */

static void cell_count(struct sbuf *c, double x)
{
	if (x > 0)
		sbuf_add(c, FMT(x, 3));
}

static void cell_ratio(struct sbuf *c, double x, double ideal)
{
	if (x <= 0)
		return;
	sbuf_add(c, FMT(x, 3));
	if (ideal > 0)
		sbuf_addf(c, " (%s×)", FMT(x / ideal, 3));
}

enum { C_LINE, C_CODE, C_INST, C_THREADS, C_GLOBAL, C_SHARED, C_LOCAL,
       C_DIV, C__N };

static void table_head(struct sbuf *b, enum lang L)
{
	static const enum msg head[C__N] = {
		M_L_COL_LINE, M_L_COL_CODE, M_L_COL_INST, M_L_COL_THREADS,
		M_L_COL_GLOBAL, M_L_COL_SHARED, M_L_COL_LOCAL, M_L_COL_DIV,
	};
	const char *cells[C__N];
	bool right[C__N] = { true, false, true, true, true, true, true, true };

	for (size_t i = 0; i < C__N; i++)
		cells[i] = say_text(L, head[i]);
	table_row(b, cells, C__N);
	table_rule(b, right, C__N);
}

/* One table row: `label` and `code` in the first two cells, v's numbers
 * (NULL: empty) in the others. */
static void table_line(struct sbuf *b, const char *label, const char *code,
		       const double *x)
{
	struct sbuf c[C__N];
	const char *cells[C__N];

	for (size_t i = 0; i < C__N; i++)
		c[i] = (struct sbuf)SBUF_INIT;
	sbuf_add(&c[C_LINE], label);
	if (code && *code)
		md_code(&c[C_CODE], code);
	if (x && x[X_INST] > 0) {
		cell_count(&c[C_INST], x[X_INST]);
		sbuf_add(&c[C_THREADS], FMT(x[X_PRED] / x[X_INST], 3));
		cell_ratio(&c[C_GLOBAL], x[X_GSEC], x[X_GIDEAL]);
		cell_ratio(&c[C_SHARED], x[X_SWF], x[X_SIDEAL]);
		cell_count(&c[C_LOCAL], x[X_LLD] + x[X_LST]);
		cell_count(&c[C_DIV], x[X_DIV]);
	}
	for (size_t i = 0; i < C__N; i++)
		cells[i] = sbuf_str(&c[i]);
	table_row(b, cells, C__N);
	for (size_t i = 0; i < C__N; i++)
		sbuf_release(&c[i]);
}

/* Kernel k's table for a user kernel: the lines of its file from the
 * first that has counts to the last, each with its text, then one row
 * for the lines elsewhere. */
static void user_table(struct sbuf *b, enum lang L, const struct model *m,
		       const struct variant *v, const struct kv *k)
{
	int first = 0, last = 0;
	double rest[X__N] = { 0 };
	const double *byline[TABLE_MAX_LINES] = { NULL };
	size_t nrest = 0;
	char num[24];

	for (size_t i = 0; i < k->n; i++) {
		const struct source_line *sl = k->v[i].sl;

		if (code_own_file(v, sl->file)) {
			if (!first || sl->line < first)
				first = sl->line;
			if (sl->line > last)
				last = sl->line;
		}
	}
	if (first && last - first >= TABLE_MAX_LINES)
		last = first + TABLE_MAX_LINES - 1;
	/* each shown line's numbers, found in one pass over k */
	for (size_t i = 0; i < k->n; i++) {
		const struct source_line *sl = k->v[i].sl;

		if (first && sl->line >= first && sl->line <= last &&
		    !byline[sl->line - first] && code_own_file(v, sl->file))
			byline[sl->line - first] = k->v[i].x;
	}
	table_head(b, L);
	for (int line = first; first && line <= last; line++) {
		char *q = code_quote_at(m, v, v->source_file, line, TABLE_QUOTE);

		snprintf(num, sizeof(num), "%d", line);
		table_line(b, num, q, byline[line - first]);
		free(q);
	}
	for (size_t i = 0; i < k->n; i++) {
		const struct lv *x = &k->v[i];

		if (first && code_own_file(v, x->sl->file) && x->sl->line <= last)
			continue;
		nrest++;
		for (size_t j = 0; j < X__N; j++)
			rest[j] += x->x[j];
	}
	if (nrest) {
		struct sbuf label = SBUF_INIT;

		snprintf(num, sizeof(num), "%zu", nrest);
		SAY(&label, L, nrest == 1 ? M_L_ELSEWHERE1 : M_L_ELSEWHERE, num);
		table_line(b, sbuf_str(&label), NULL, rest);
		sbuf_release(&label);
	}
	sbuf_addc(b, '\n');
}

/* Kernel k's table for a built-in rung: every line that has counts, in
 * the rung's own file by number, in another as file:line, quoted where
 * the results hold the line. */
static void rung_table(struct sbuf *b, enum lang L, const struct model *m,
		       const struct variant *v, const struct kv *k)
{
	table_head(b, L);
	for (size_t i = 0; i < k->n; i++) {
		const struct source_line *sl = k->v[i].sl;
		char *q = code_quote_at(m, v, sl->file, sl->line, TABLE_QUOTE);
		char *label;

		if (!sl->file)
			label = xstrdup(say_text(L, M_L_NO_LINE));
		else if (code_own_file(v, sl->file))
			label = xasprintf("%d", sl->line);
		else
			label = xasprintf("%s:%d", path_base(sl->file),
					  sl->line);
		table_line(b, label, q, k->v[i].x);
		free(label);
		free(q);
	}
	sbuf_addc(b, '\n');
}

/* A row's lines in the details: its heading, what the lines carry and a
 * table per kernel function. */
static void row_lines(struct sbuf *b, enum lang L, const struct model *m,
		      const struct ladder *l, const struct item *it,
		      const char *head)
{
	const struct result_row *w = it->row;
	const struct variant *v = it->v ? it->v : model_variant(m, w->variant);
	char *size = size_text(w->n, w->m, l && l->matrix);
	struct pool p = { .n = 0 };

	sbuf_add(b, head);
	SAY(b, L, M_L_DHEAD, pool_md(&p, w->variant), pool_md(&p, w->dtype),
	    pool_md(&p, size));
	gpu_suffix(b, l ? l->gpu : NULL);
	sbuf_add(b, "\n\n");
	for (size_t k = 0; k < w->lines.nkernels; k++) {
		struct kv kv;

		kv_of(&w->lines, k, &kv);
		if (w->lines.nkernels > 1) {
			SAY(b, L, M_L_DKERNEL, pool_md(&p, kv.k->kernel));
			sbuf_add(b, "\n\n");
		}
		kernel_items(b, L, m, l, w, v, &kv, false, false, false, "");
		sbuf_addc(b, '\n');
		if (v && v->source_text)
			user_table(b, L, m, v, &kv);
		else
			rung_table(b, L, m, v, &kv);
		free(kv.v);
	}
	free(size);
	pool_release(&p);
}

static bool has_lines(const struct item *it)
{
	return it->row->lines.recorded && !it->row->lines.status &&
	       it->row->lines.nkernels > 0;
}

/* The ladder of item it, or NULL. */
static const struct ladder *ladder_of(const struct model *m,
				      const struct item *it)
{
	for (size_t i = 0; i < m->nladders; i++)
		for (size_t j = 0; j < m->ladders[i].nitems; j++)
			if (m->ladders[i].items[j] == it)
				return &m->ladders[i];
	return NULL;
}

/* Whether row w's size is below the largest its experiment measured the
 * same variant at: its lines were collected at the lines size
 * (PLAN_LINES_MAX_ELEMENTS), not at the size the body shows. */
static bool below_largest(const struct model *m, const struct result_row *w)
{
	double el = (double)w->n * (double)w->m;

	for (size_t i = 0; i < m->nitems; i++) {
		const struct result_row *x = m->items[i].row;

		if (x && str_eq(x->experiment, w->experiment) &&
		    str_eq(x->variant, w->variant) &&
		    (double)x->n * (double)x->m > el)
			return true;
	}
	return false;
}

/* Whether a built-in row of the same variant and family with lines came
 * before item i in the model (each rung is shown once: its first type
 * with lines, float first). */
static bool rung_shown(const struct model *m, size_t i, bool float_pass)
{
	const struct result_row *w = m->items[i].row;

	for (size_t k = 0; k < m->nitems; k++) {
		const struct item *o = &m->items[k];

		if (k == i || !has_lines(o) || !str_eq(o->row->variant, w->variant))
			continue;
		if (float_pass ? k < i && str_eq(o->row->dtype, "float") :
		    str_eq(o->row->dtype, "float") || k < i)
			return true;
	}
	return false;
}

void blk_source_lines(const struct model *m, enum lang L, struct sbuf *b)
{
	bool user = false, rungs = false;
	size_t lined = 0, cached = 0, smaller = 0;

	for (size_t i = 0; i < m->nitems; i++) {
		const struct item *it = &m->items[i];

		if (!has_lines(it))
			continue;
		if (it->role == ROLE_USER)
			user = true;
		else if (it->v && it->v->code_text)
			rungs = true;
		/* the ones these pages show, as below */
		if (it->role == ROLE_USER ||
		    (it->v && it->v->code_text &&
		     !rung_shown(m, i, str_eq(it->row->dtype, "float")))) {
			lined++;
			cached += it->row->lines.cached;
			smaller += below_largest(m, it->row);
		}
	}
	if (!user && !rungs)
		return;
	sbuf_add(b, say_text(L, M_L_DINTRO));
	/* where they come from: an earlier run of the same code (the
	 * per-line cache) is said */
	if (cached) {
		char nc[24], nl[24];

		snprintf(nc, sizeof(nc), "%zu", cached);
		snprintf(nl, sizeof(nl), "%zu", lined);
		sbuf_addc(b, ' ');
		SAY(b, L, M_L_CACHED, nc, nl);
	}
	/* at a smaller size than the body's (plan.h,
	 * PLAN_LINES_MAX_ELEMENTS) */
	if (smaller) {
		sbuf_addc(b, ' ');
		sbuf_add(b, say_text(L, M_L_SMALLER));
	}
	sbuf_add(b, "\n\n");
	if (user) {
		sbuf_add(b, "### ");
		sbuf_add(b, say_text(L, M_L_DUSER));
		sbuf_add(b, "\n\n");
		for (size_t i = 0; i < m->nitems; i++)
			if (m->items[i].role == ROLE_USER &&
			    has_lines(&m->items[i]))
				row_lines(b, L, m, ladder_of(m, &m->items[i]),
					  &m->items[i], "#### ");
	}
	if (rungs) {
		sbuf_add(b, "### ");
		sbuf_add(b, say_text(L, M_L_DRUNGS));
		sbuf_add(b, "\n\n");
		for (size_t i = 0; i < m->nitems; i++) {
			const struct item *it = &m->items[i];
			bool fl = str_eq(it->row->dtype, "float");

			if (it->role == ROLE_USER || !has_lines(it) ||
			    !it->v || !it->v->code_text ||
			    rung_shown(m, i, fl))
				continue;
			row_lines(b, L, m, ladder_of(m, it), it, "#### ");
		}
	}
	block_trim(b);
}
