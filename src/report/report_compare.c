/* report_compare.c - a comparison in Markdown, in English and Chinese:
 * the report's before/after section (`culab report --baseline`) and what
 * `culab compare --markdown` prints.  See report.h and compare.h.
 *
 * One renderer serves both, so that the section and the command say the
 * same things in the same words, the run-to-run floor of each pair
 * beside its interval; its sentences are rows of the message
 * catalogue (M_B_*), and text from the results files is escaped with
 * md_text like everything else the report writes. */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "counters/counters.h"
#include "report.h"
#include "base/util.h"

/* Counter changes shown in a pair's cell. */
#define CHANGES_SHOWN 3

/* How each environment fact is called, from the environment table's
 * words where it has them. */
static const enum msg fact_msgs[CF__COUNT] = {
	[CF_GPU] = M_ENV_GPU, [CF_CC] = M_ENV_CC, [CF_UUID] = M_ENV_UUID,
	[CF_SMS] = M_ENV_SMS, [CF_SM_CLOCK] = M_ENV_SMCLK,
	[CF_MEM_CLOCK] = M_ENV_MEMCLK, [CF_DRIVER] = M_ENV_DRIVER,
	[CF_RUNTIME] = M_ENV_RUNTIME, [CF_CULAB_VERSION] = M_B_F_VERSION,
	[CF_CULAB_COMMIT] = M_B_F_COMMIT, [CF_EXPERIMENT] = M_B_F_FILE,
	[CF_SHA256] = M_B_F_SHA, [CF_HOST] = M_ENV_HOST, [CF_OS] = M_ENV_OS,
};

static const enum msg verdict_msgs[SV__COUNT] = {
	[SV_SAME] = M_B_V_SAME, [SV_FASTER] = M_B_V_FASTER,
	[SV_SLOWER] = M_B_V_SLOWER, [SV_UNKNOWN] = M_B_V_UNKNOWN,
};

/* The words a rendering uses for its two sides. */
struct sides {
	const char *base_name, *cur_name;   /* paths, or "this run" */
	const char *base, *cur;             /* "baseline", "new" */
};

static const char *or_not_recorded(enum lang L, const char *s)
{
	return s && *s ? s : say_text(L, M_B_NOT_RECORDED);
}

static void side_line(struct sbuf *b, enum lang L, const char *label,
		      const char *name, const struct results *r)
{
	struct pool p = { .n = 0 };

	SAY(b, L, M_B_SIDE, label, pool_md(&p, name),
	    pool_md(&p, or_not_recorded(L, r->has_env ? r->env.gpu_name :
					NULL)),
	    pool_md(&p, or_not_recorded(L, r->finished ? r->finished :
					r->started)),
	    pool_md(&p, or_not_recorded(L, r->source_path)));
	sbuf_addc(b, '\n');
	pool_release(&p);
}

/* The GPU sentence: cross-GPU, two boards, the same GPU, or unknown. */
static void gpu_sentence(struct sbuf *b, enum lang L, const struct compare *c)
{
	const struct environment *e = &c->base->env, *f = &c->cur->env;
	struct pool p = { .n = 0 };
	char x[16], y[16];

	snprintf(x, sizeof(x), "%d.%d", e->cc_major, e->cc_minor);
	snprintf(y, sizeof(y), "%d.%d", f->cc_major, f->cc_minor);
	if (!c->base->has_env || !c->cur->has_env)
		sbuf_add(b, say_text(L, M_B_NO_GPU));
	else if (c->cross_gpu)
		SAY(b, L, M_B_CROSS, pool_md(&p, e->gpu_name), x,
		    pool_md(&p, f->gpu_name), y);
	else if (c->other_device)
		SAY(b, L, M_B_BOARDS, pool_md(&p, e->gpu_name));
	else
		SAY(b, L, M_B_SAME_GPU, pool_md(&p, e->gpu_name));
	sbuf_add(b, "\n\n");
	pool_release(&p);
}

static void env_table(struct sbuf *b, enum lang L, const struct compare *c,
		      const struct sides *s)
{
	static const bool right[3] = { false, false, false };
	const char *head[3] = { say_text(L, M_ENV_ITEM), s->base, s->cur };

	if (!c->ndiffs) {
		sbuf_add(b, say_text(L, M_B_ENV_NONE));
		sbuf_add(b, "\n\n");
		return;
	}
	sbuf_add(b, say_text(L, M_B_ENV_HEAD));
	sbuf_add(b, "\n\n");
	table_row(b, head, 3);
	table_rule(b, right, 3);
	for (size_t i = 0; i < c->ndiffs; i++) {
		struct pool p = { .n = 0 };
		const char *cells[3] = {
			say_text(L, fact_msgs[c->diffs[i].fact]),
			pool_md(&p, c->diffs[i].base),
			pool_md(&p, c->diffs[i].cur),
		};

		table_row(b, cells, 3);
		pool_release(&p);
	}
	sbuf_addc(b, '\n');
}

static void method(struct sbuf *b, enum lang L, const struct compare *c,
		   const struct sides *s)
{
	char n[16], t[16], k[16], pct[16];

	snprintf(n, sizeof(n), "%d", STATS_BOOTSTRAP);
	snprintf(t, sizeof(t), "%g", c->threshold);
	snprintf(k, sizeof(k), "%d", COMPARE_MIN_SAMPLES);
	snprintf(pct, sizeof(pct), "%.0f", METRICS_CHANGE_PCT);
	SAY(b, L, M_B_METHOD, s->cur, s->base, n, t, k, pct);
	sbuf_add(b, "\n\n");
}

/* ---- run-to-run floors ---------------------------------------------------- */

static const enum msg kind_msgs[CK__COUNT] = {
	[CK_GPU] = M_BF_K_GPU, [CK_GPU_L2] = M_BF_K_GPU_L2,
	[CK_HOST_STEP] = M_BF_K_HOST,
	[CK_CPU] = M_BF_K_CPU,
};

/* A floor as a percentage, "2.9 %". */
static const char *floor_pct(char *buf, size_t size, double x)
{
	char v[FMT_SIZE];

	snprintf(buf, size, "%s %%", fmt_sig(v, sizeof(v), 100 * x, 2));
	return buf;
}

/* "±0.050 % to ±9.0 % by median time", or "±16 %". */
static void kind_range(struct sbuf *b, enum lang L,
		       const struct compare_kind_floors *s)
{
	char lo[FMT_SIZE], hi[FMT_SIZE];

	floor_pct(lo, sizeof(lo), s->lo);
	floor_pct(hi, sizeof(hi), s->hi);
	if (s->hi > s->lo)
		SAY(b, L, M_BF_RANGE, lo, hi);
	else
		sbuf_addf(b, "±%s", hi);
}

/* The recordings of a kind's entries, by GPU model: "NVIDIA H100 80GB
 * HBM3 (reports/compare/h100-noise, 2026-11-28; reports/compare/
 * h100-twice, 2026-11-27)", listed. */
static void kind_sources(struct sbuf *b, enum lang L,
			 const struct compare_kind_floors *s, bool models_only)
{
	/* a model's recordings come together (compare.h) */
	for (size_t j = 0; j < s->nentries; j++) {
		bool first, last;

		compare_kind_entry_place(s, j, &first, &last);
		if (models_only && !first)
			continue;
		if (j)
			sbuf_add(b, say_text(L, M_SEMI_SEP));
		if (first) {
			md_text(b, s->entries[j]->gpu);
			if (models_only)
				continue;
			sbuf_add(b, L == ZH ? "（" : " (");
		}
		md_text(b, s->entries[j]->source);
		if (last)
			sbuf_add(b, L == ZH ? "）" : ")");
	}
}

/* Where a kind's floors came from: the GPU models and their recordings,
 * or (brief, the body's) the models alone. */
static void kind_from(struct sbuf *b, enum lang L,
		      const struct compare_kind_floors *s, bool brief)
{
	struct sbuf src = SBUF_INIT;
	struct pool p = { .n = 0 };

	kind_sources(&src, L, s, brief);
	if (s->from & (1u << CFF_MEASURED))
		SAY(b, L, M_BF_MEASURED, sbuf_str(&src));
	else if (s->from & (1u << CFF_FALLBACK))
		SAY(b, L, M_BF_FALLBACK, pool_md(&p, s->gpu ? s->gpu :
				say_text(L, M_B_NOT_RECORDED)), sbuf_str(&src));
	else
		sbuf_add(b, say_text(L, M_BF_UNMEASURED));
	pool_release(&p);
	sbuf_release(&src);
}

static void floors(struct sbuf *b, enum lang L, const struct compare *c)
{
	char f[FMT_SIZE];

	if (c->floor_mode == COMPARE_FLOOR_NONE) {
		sbuf_add(b, say_text(L, M_BF_NONE));
		sbuf_add(b, "\n\n");
		return;
	}
	if (c->floor_mode == COMPARE_FLOOR_FIXED) {
		SAY(b, L, M_BF_FIXED, floor_pct(f, sizeof(f), c->floor));
		sbuf_add(b, "\n\n");
		return;
	}
	sbuf_add(b, say_text(L, M_BF_HEAD));
	sbuf_add(b, "\n\n");
	for (int k = 0; k < CK__COUNT; k++) {
		const struct compare_kind_floors *s = &c->kinds[k];
		struct sbuf range = SBUF_INIT, from = SBUF_INIT;
		char n[24];

		if (!s->npairs)
			continue;
		snprintf(n, sizeof(n), "%zu", s->npairs);
		kind_range(&range, L, s);
		kind_from(&from, L, s, false);
		SAY(b, L, M_BF_KIND, say_text(L, kind_msgs[k]), n,
		    sbuf_str(&range), sbuf_str(&from));
		sbuf_addc(b, '\n');
		sbuf_release(&range);
		sbuf_release(&from);
	}
	sbuf_addc(b, '\n');
}

/* Whether kinds s and t got their floors alike as the body says it:
 * from the same places, for the same GPU model, measured on the same
 * models (their recordings are the details'). */
static bool floors_alike(const struct compare_kind_floors *s,
			 const struct compare_kind_floors *t)
{
	return s->from == t->from && str_eq(s->gpu, t->gpu) &&
	       compare_kind_same_models(s, t);
}

void compare_floors_brief(struct sbuf *b, enum lang L, const struct compare *c)
{
	char f[FMT_SIZE];

	if (c->floor_mode == COMPARE_FLOOR_FIXED)
		sbuf_addf(b, "±%s", floor_pct(f, sizeof(f), c->floor));
	else
		kind_floors_text(b, L, c->kinds, true);
}

void kind_floors_text(struct sbuf *b, enum lang L,
		      const struct compare_kind_floors *kinds, bool brief)
{
	const struct compare_kind_floors *first = NULL;
	char lo[FMT_SIZE], hi[FMT_SIZE];
	bool alike = true;

	for (int k = 0; k < CK__COUNT; k++) {
		const struct compare_kind_floors *s = &kinds[k];

		if (!s->npairs || !(s->from & ((1u << CFF_MEASURED) |
					       (1u << CFF_FALLBACK))))
			continue;
		if (!first)
			first = s;
		alike = alike && floors_alike(first, s);
	}
	for (int k = 0; first && k < CK__COUNT; k++) {
		const struct compare_kind_floors *s = &kinds[k];

		if (!s->npairs || !(s->from & ((1u << CFF_MEASURED) |
					       (1u << CFF_FALLBACK))))
			continue;
		if (s != first)
			sbuf_add(b, say_text(L, M_SEMI_SEP));
		sbuf_addf(b, "%s ", say_text(L, kind_msgs[k]));
		floor_pct(lo, sizeof(lo), s->lo);
		floor_pct(hi, sizeof(hi), s->hi);
		if (s->hi > s->lo)
			sbuf_addf(b, "±%s – ±%s", lo, hi);
		else
			sbuf_addf(b, "±%s", hi);
		if (!alike) {
			sbuf_add(b, L == ZH ? "，" : ", ");
			kind_from(b, L, s, brief);
		}
	}
	if (first && alike) {
		sbuf_add(b, L == ZH ? "，" : ", ");
		kind_from(b, L, first, brief);
	}
	if (!first)
		sbuf_add(b, say_text(L, M_BF_UNMEASURED));
}

static void counts(struct sbuf *b, enum lang L, const struct compare *c,
		   const struct sides *s)
{
	char v[6][24];
	size_t nums[6] = { c->npairs, c->counts[SV_FASTER],
			   c->counts[SV_SLOWER], c->counts[SV_SAME],
			   c->counts[SV_UNKNOWN], c->nonly_base };
	char cur[24];

	for (int i = 0; i < 6; i++)
		snprintf(v[i], sizeof(v[i]), "%zu", nums[i]);
	snprintf(cur, sizeof(cur), "%zu", c->nonly_cur);
	SAY(b, L, M_B_COUNTS, v[0], v[1], v[2], v[3], v[4], v[5], s->base,
	    cur, s->cur);
	sbuf_add(b, "\n\n");
}

/* ---- the table ---------------------------------------------------------- */

static void verdict_cell(struct sbuf *b, enum lang L,
			 const struct compare_pair *p, const struct sides *s)
{
	const struct result_row *w = p->why == CW_BASE_FAILED ? p->base :
				     p->cur;
	char x[24], y[24], k[16];

	sbuf_add(b, say_text(L, verdict_msgs[p->verdict]));
	if (p->why == CW_NONE)     /* the interval says why */
		return;
	sbuf_add(b, L == ZH ? "（" : " (");
	if (p->why == CW_BASE_FAILED || p->why == CW_NEW_FAILED) {
		struct sbuf st = SBUF_INIT;

		sbuf_add(&st, w->status == ROW_OK ? "not verified" :
			 row_status_name(w->status));
		if (w->message) {
			sbuf_add(&st, ": ");
			md_text(&st, w->message);
		}
		SAY(b, L, M_B_WHY_FAILED, p->why == CW_BASE_FAILED ? s->base :
		    s->cur, sbuf_str(&st));
		sbuf_release(&st);
	} else if (p->why == CW_RANKS) {
		char lo[24], hi[24];

		snprintf(x, sizeof(x), "%zu", p->nbase);
		snprintf(y, sizeof(y), "%zu", p->ncur);
		snprintf(lo, sizeof(lo), "%s", FMT(p->lo, 4));
		snprintf(hi, sizeof(hi), "%s", FMT(p->hi, 4));
		SAY(b, L, M_B_WHY_RANKS, x, y, lo, hi);
	} else {
		snprintf(x, sizeof(x), "%zu", p->nbase);
		snprintf(y, sizeof(y), "%zu", p->ncur);
		snprintf(k, sizeof(k), "%d", COMPARE_MIN_SAMPLES);
		SAY(b, L, M_B_WHY_FEW, x, y, k);
	}
	sbuf_add(b, L == ZH ? "）" : ")");
}

static void changes_cell(struct sbuf *b, enum lang L,
			 const struct compare_pair *p)
{
	for (size_t k = 0; k < p->nchanges && k < CHANGES_SHOWN; k++) {
		const struct compare_change *ch = &p->changes[k];

		if (k)
			sbuf_add(b, say_text(L, M_LIST_SEP));
		md_text(b, ch->column);
		sbuf_addf(b, " %s → %s", CTR(ch->column, ch->base),
			  CTR(ch->column, ch->cur));
		if (ch->better)
			sbuf_add(b, say_text(L, ch->better > 0 ? M_F_BETTER :
					     M_F_WORSE));
	}
	if (p->nchanges > CHANGES_SHOWN)
		sbuf_addf(b, "%s+%zu", say_text(L, M_LIST_SEP),
			  p->nchanges - CHANGES_SHOWN);
	if (!p->nchanges)
		sbuf_add(b, "—");
}

enum { T_EXP, T_VARIANT, T_TYPE, T_SIZE, T_BLOCK, T_BASE, T_NEW, T_RATIO,
       T_CI, T_FLOOR, T_VERDICT, T_CTRS, NT };

static void pair_row(struct sbuf *b, enum lang L,
		     const struct compare_pair *p, const struct sides *s)
{
	const struct result_row *w = p->base;
	struct sbuf cell[NT];
	const char *cells[NT];
	char *size = size_text_as(w->n, w->m, row_is_matrix(w), false);

	for (int k = 0; k < NT; k++)
		cell[k] = (struct sbuf)SBUF_INIT;
	md_text(&cell[T_EXP], w->experiment);
	if (!str_eq(w->experiment, p->cur->experiment)) {
		/* --match paired experiments of two names */
		sbuf_addc(&cell[T_EXP], '/');
		md_text(&cell[T_EXP], p->cur->experiment);
	}
	md_text(&cell[T_VARIANT], w->variant);
	md_text(&cell[T_TYPE], w->dtype);
	sbuf_add(&cell[T_SIZE], size);
	if (w->block > 0)
		sbuf_addf(&cell[T_BLOCK], "%d", w->block);
	else
		sbuf_add(&cell[T_BLOCK], "—");
	sbuf_add(&cell[T_BASE], FMT(p->base_ms, 4));
	sbuf_add(&cell[T_NEW], FMT(p->cur_ms, 4));
	sbuf_add(&cell[T_RATIO], FMT(p->ratio, 4));
	/* by ranks: no interval (the verdict's reason gives the range) */
	if (isfinite(p->lo) && p->why != CW_RANKS)
		sbuf_addf(&cell[T_CI], "%s – %s", FMT(p->lo, 4),
			  FMT(p->hi, 4));
	else
		sbuf_add(&cell[T_CI], "—");
	if (p->floor.from == CFF_NONE || p->floor.from == CFF_UNMEASURED) {
		sbuf_add(&cell[T_FLOOR], "—");
	} else {
		char f[FMT_SIZE];

		SAY(&cell[T_FLOOR], L, M_BF_CELL,
		    floor_pct(f, sizeof(f), p->floor.floor),
		    say_text(L, kind_msgs[p->kind]));
	}
	verdict_cell(&cell[T_VERDICT], L, p, s);
	changes_cell(&cell[T_CTRS], L, p);
	for (int k = 0; k < NT; k++)
		cells[k] = sbuf_str(&cell[k]);
	table_row(b, cells, NT);
	for (int k = 0; k < NT; k++)
		sbuf_release(&cell[k]);
	free(size);
}

static void pairs_table(struct sbuf *b, enum lang L, const struct compare *c,
			const struct sides *s)
{
	static const bool right[NT] = { [T_BLOCK] = true, [T_BASE] = true,
					[T_NEW] = true, [T_RATIO] = true };
	struct sbuf h[3] = { SBUF_INIT, SBUF_INIT, SBUF_INIT };
	const char *head[NT];

	SAY(&h[0], L, M_B_COL_MS, s->base);
	SAY(&h[1], L, M_B_COL_MS, s->cur);
	SAY(&h[2], L, M_B_COL_RATIO, s->cur, s->base);
	head[T_EXP] = say_text(L, M_METH_EXPERIMENT);
	head[T_VARIANT] = say_text(L, M_COL_VARIANT);
	head[T_TYPE] = say_text(L, M_B_COL_TYPE);
	head[T_SIZE] = say_text(L, M_B_COL_SIZE);
	head[T_BLOCK] = say_text(L, M_COL_BLOCK);
	head[T_BASE] = sbuf_str(&h[0]);
	head[T_NEW] = sbuf_str(&h[1]);
	head[T_RATIO] = sbuf_str(&h[2]);
	head[T_CI] = say_text(L, M_B_COL_CI);
	head[T_FLOOR] = say_text(L, M_BF_COL);
	head[T_VERDICT] = say_text(L, M_B_COL_VERDICT);
	head[T_CTRS] = say_text(L, M_B_COL_CTRS);
	table_row(b, head, NT);
	table_rule(b, right, NT);
	for (size_t i = 0; i < c->npairs; i++)
		pair_row(b, L, &c->pairs[i], s);
	sbuf_addc(b, '\n');
	for (int k = 0; k < 3; k++)
		sbuf_release(&h[k]);
}

/* Whether rows a and b measured one stage (experiment, type, size). */
static bool same_stage(const struct result_row *a, const struct result_row *b)
{
	return str_eq(a->experiment, b->experiment) &&
	       str_eq(a->dtype, b->dtype) && a->n == b->n && a->m == b->m;
}

/* The rows of one side, an item per stage: "- experiment type size:
 * variant, variant/b128". */
static void only_list(struct sbuf *b, enum lang L, const char *side,
		      const struct result_row *const *rows, size_t n)
{
	char count[24];

	if (!n)
		return;
	snprintf(count, sizeof(count), "%zu", n);
	SAY(b, L, M_B_ONLY, side, count);
	sbuf_add(b, "\n");
	for (size_t i = 0; i < n; i++) {
		const struct result_row *w = rows[i];

		if (!i || !same_stage(rows[i - 1], w)) {
			char *size = size_text_as(w->n, w->m, row_is_matrix(w),
						  false);

			sbuf_add(b, i ? "\n- " : "\n- ");
			md_text(b, w->experiment);
			sbuf_addc(b, ' ');
			md_text(b, w->dtype);
			sbuf_addf(b, " %s: ", size);
			free(size);
		} else {
			sbuf_add(b, ", ");
		}
		md_text(b, w->variant);
		if (w->block > 0)
			sbuf_addf(b, "/b%d", w->block);
	}
	sbuf_add(b, "\n\n");
}

/* A link to path.ext: "[name.ext](path.ext)"; a path with characters a
 * link target cannot hold bare (spaces, parentheses) goes in <...>. */
static void link(struct sbuf *b, const char *name, const char *path,
		 const char *ext)
{
	bool bare = strspn(path, "abcdefghijklmnopqrstuvwxyz"
			   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-") ==
		    strlen(path);

	sbuf_addf(b, "[%s.%s](%s", name, ext, bare ? "" : "<");
	for (const char *p = path; !bare && *p; p++)
		if (*p == '<' || *p == '>' || *p == '\n' || *p == '\\')
			sbuf_addf(b, "%%%02X", (unsigned char)*p);
		else
			sbuf_addc(b, *p);
	if (bare)
		sbuf_add(b, path);
	sbuf_addf(b, ".%s%s)", ext, bare ? "" : ">");
}

/* The chart, when drawn: `path` without its extension; its name (the
 * last component) is [a-z0-9_-] (plot.c). */
static void chart(struct sbuf *b, enum lang L, const char *path)
{
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	struct sbuf svg = SBUF_INIT, dat = SBUF_INIT, gp = SBUF_INIT;

	sbuf_add(b, say_text(L, M_B_CHART));
	sbuf_add(b, "\n\n!");
	link(b, name, path, "png");
	sbuf_add(b, "\n\n");
	link(&svg, name, path, "svg");
	link(&dat, name, path, "dat");
	link(&gp, name, path, "gp");
	SAY(b, L, M_CH_FILES, sbuf_str(&svg), sbuf_str(&dat), sbuf_str(&gp));
	sbuf_add(b, "\n\n");
	sbuf_release(&svg);
	sbuf_release(&dat);
	sbuf_release(&gp);
}

static void render(struct sbuf *b, enum lang L, const struct compare *c,
		   const struct sides *s, const char *chart_path)
{
	side_line(b, L, s->base, s->base_name, c->base);
	side_line(b, L, s->cur, s->cur_name, c->cur);
	sbuf_addc(b, '\n');
	gpu_sentence(b, L, c);
	env_table(b, L, c, s);
	method(b, L, c, s);
	floors(b, L, c);
	counts(b, L, c, s);
	pairs_table(b, L, c, s);
	only_list(b, L, s->base, c->only_base, c->nonly_base);
	only_list(b, L, s->cur, c->only_cur, c->nonly_cur);
	if (chart_path)
		chart(b, L, chart_path);
	block_trim(b);
}

char *report_compare_markdown(const struct compare *c, unsigned lang,
			      const char *base, const char *cur,
			      const char *chart_path)
{
	enum lang L = lang == REPORT_ZH ? ZH : EN;
	struct sides s = { base, cur, say_text(L, M_B_BASE),
			   say_text(L, M_B_NEW) };
	struct sbuf b = SBUF_INIT;

	render(&b, L, c, &s, chart_path);
	sbuf_addc(&b, '\n');
	return sbuf_detach(&b);
}

void blk_baseline(const struct model *m, enum lang L, struct sbuf *b)
{
	struct sides s = { m->baseline_path, say_text(L, M_B_THIS_RUN),
			   say_text(L, M_B_BASE), say_text(L, M_B_NEW) };
	char *path;

	if (!m->cmp)
		return;
	path = m->baseline_chart ? xasprintf("charts/%s", m->baseline_chart) :
				   NULL;
	render(b, L, m->cmp, &s, path);
	free(path);
}

/* ---- the chart ------------------------------------------------------------ */

/* Whether another pair of the panel [from, to) has p's variant. */
static bool variant_repeats(const struct compare *c, size_t from, size_t to,
			    const struct compare_pair *p)
{
	for (size_t k = from; k < to; k++)
		if (&c->pairs[k] != p &&
		    !strcmp(c->pairs[k].base->variant ? c->pairs[k].base->variant :
			    "", p->base->variant ? p->base->variant : ""))
			return true;
	return false;
}

/* One panel: the pairs [from, to), all of one stage. */
static void chart_panel(struct plot_chart *ch, const struct compare *c,
			size_t from, size_t to)
{
	const struct result_row *w = c->pairs[from].base;
	char size[64], *title;
	struct plot_panel *p;
	struct plot_series *s;

	title = xasprintf("%s %s %s", w->experiment ? w->experiment : "",
			  w->dtype ? w->dtype : "",
			  compare_size_text(w, size, sizeof(size)));
	p = plot_panel_add(ch, PLOT_BARS, title, NULL, "new / base");
	free(title);
	plot_panel_logscale(p, 0, 2);
	plot_panel_bar_base(p, 1);
	s = plot_series_add(p, "new / base, 95 % interval", PLOT_SOLID);
	for (size_t k = from; k < to; k++) {
		const struct compare_pair *q = &c->pairs[k];
		char *label = q->base->block > 0 &&
			      variant_repeats(c, from, to, q) ?
			      xasprintf("%s/b%d", q->base->variant,
					q->base->block) :
			      xstrdup(q->base->variant ? q->base->variant : "");
		size_t x = plot_panel_category(p, label);

		plot_series_interval(s, (double)x, q->ratio, q->lo, q->hi);
		free(label);
	}
	/* the threshold the interval must clear; each pair's floor, which
	 * its change must exceed too, is in the table beside the chart */
	plot_panel_hline(p, "threshold, slower side", 1 + c->threshold,
			 PLOT_DASHED);
	plot_panel_hline(p, "threshold, faster side", 1 - c->threshold,
			 PLOT_DASHED);
}

const char *report_compare_chart(struct plot_set *s, const struct compare *c,
				 const char *name, const char *title)
{
	struct plot_chart *ch = plot_chart_add(s, name, title);

	/* a panel per row: a stage has a bar per variant, up to 17 */
	plot_chart_columns(ch, 1);

	for (size_t i = 0, from = 0; i <= c->npairs; i++) {
		if (i < c->npairs && compare_same_stage(c->pairs[from].base,
						c->pairs[i].base))
			continue;
		if (i > from)
			chart_panel(ch, c, from, i);
		from = i;
	}
	return plot_chart_drawable(ch) ? plot_chart_name(ch) : NULL;
}
