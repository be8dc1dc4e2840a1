/* report_words.c - the words the report uses for an item (its role,
 * title, timed region, status, ...) and for a cell built from message
 * rows (a time or a speedup with its interval), in either language.  See
 * report_int.h.
 *
 * They come from the message table (report_msg.c) and the text helpers
 * (report_fmt.c), so both stay free of each other. */
#include "report_int.h"
#include "report_rowmsg.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "results/results.h"
#include "base/util.h"

/* ---- cells ------------------------------------------------------------------ */

/* The interval's ends get as many more decimals (up to 3) as it takes to
 * tell them apart, and the speedup the same, so that a narrow interval
 * does not read "1.01 (1.01–1.01)". */
void times_with_interval(struct sbuf *b, enum lang L, double x, double lo,
			 double hi)
{
	char v[FMT_SIZE], l[FMT_SIZE], h[FMT_SIZE];
	int extra = 0;

	if (!isfinite(x) || !isfinite(lo) || !isfinite(hi) ||
	    (lo == x && hi == x)) {
		sbuf_add(b, fmt_times(v, sizeof(v), x));
		return;
	}
	for (;;) {
		fmt_ratio(l, sizeof(l), lo, extra, "");
		fmt_ratio(h, sizeof(h), hi, extra, "");
		if (strcmp(l, h) != 0 || extra == 3)
			break;
		extra++;
	}
	SAY(b, L, M_CELL_TIME_CI, fmt_ratio(v, sizeof(v), x, extra, "×"), l,
	    h);
}

void time_with_interval(struct sbuf *b, enum lang L, const struct timing *t)
{
	if (has_interval(t))
		SAY(b, L, M_CELL_TIME_CI, FMT(t->median_ms, 4),
		    FMT(t->median_lo_ms, 4), FMT(t->median_hi_ms, 4));
	else
		sbuf_add(b, FMT(t->median_ms, 4));
}

/* ---- an item's words -------------------------------------------------- */

const char *role_text(struct pool *p, enum lang L, const struct item *it)
{
	static const enum msg role_msgs[] = {
		[ROLE_RUNG] = M_ROLE_RUNG, [ROLE_USER] = M_ROLE_USER,
		[ROLE_CEILING] = M_ROLE_CEILING,
		[ROLE_COPY] = M_ROLE_COPY, [ROLE_BASELINE] = M_ROLE_BASELINE,
		[ROLE_REFERENCE] = M_ROLE_REFERENCE,
	};
	struct sbuf b = SBUF_INIT;
	char step[16];

	snprintf(step, sizeof(step), "%d", it->row->step);
	SAY(&b, L, role_msgs[it->role], step);
	return pool_keep(p, sbuf_detach(&b));
}

const char *limiter_text(enum lang L, enum resource_limiter lim)
{
	static const enum msg by_limiter[RL__COUNT] = {
		[RL_NONE] = M_LIM_NONE, [RL_WARPS] = M_LIM_WARPS,
		[RL_BLOCKS] = M_LIM_BLOCKS, [RL_REGISTERS] = M_LIM_REGISTERS,
		[RL_SHARED] = M_LIM_SHARED,
	};

	return say_text(L, (unsigned)lim < RL__COUNT ? by_limiter[lim] :
			M_LIM_NONE);
}

/* A variant's text in Chinese: the built-in row's Chinese when the row
 * of that name says the same in English (results recorded before the
 * Chinese was written or revised get today's words), else the Chinese the
 * results hold, else the English.  en and zh are offsets of a pair of
 * fields of struct variant. */
#define VFIELD(v, off) (*(const char *const *)((const char *)(v) + (off)))

static const char *variant_zh(const struct variant *v, const char *en,
			      size_t en_off, size_t zh_off)
{
	const struct variant *b;

	if (!v || !en)
		return en;
	b = v->source ? NULL : registry_find(v->name);
	if (b && VFIELD(b, zh_off) && str_eq(VFIELD(b, en_off), en))
		return VFIELD(b, zh_off);
	if (VFIELD(v, zh_off) && *VFIELD(v, zh_off) &&
	    str_eq(VFIELD(v, en_off), en))
		return VFIELD(v, zh_off);
	return en;
}

#define VARIANT_ZH(v, en, field)                                               \
	variant_zh((v), (en), offsetof(struct variant, field),                  \
		   offsetof(struct variant, field##_zh))

const char *item_title(const struct item *it, enum lang L)
{
	if (!it->v)
		return NULL;
	return L == ZH ? VARIANT_ZH(it->v, it->v->title, title) : it->v->title;
}

/* Counter columns in plain words (ctr_plain). */
static const struct {
	const char *col;
	enum msg words;
} ctr_words[] = {
	{ "warp_instructions", M_CTR_WARP_INSTR },
	{ "bank_conflicts_per_shared_ld", M_CTR_BANK },
	{ "gld_efficiency_pct", M_CTR_GLD_EFF },
	{ "gst_efficiency_pct", M_CTR_GST_EFF },
	{ "gld_sectors_per_request", M_CTR_GLD_SECTORS },
	{ "gst_sectors_per_request", M_CTR_GST_SECTORS },
	{ "achieved_occupancy_pct", M_CTR_ACHIEVED },
	{ "theoretical_occupancy_pct", M_CTR_THEORETICAL },
	{ "shared_bytes_per_instr", M_CTR_SHARED_BYTES },
	{ "dram_read_bytes + dram_write_bytes", M_CTR_DRAM },
	{ "dram_read_bytes", M_CTR_DRAM_READ },
	{ "dram_write_bytes", M_CTR_DRAM_WRITE },
	{ "branch_efficiency_pct", M_CTR_BRANCH },
};

const char *ctr_plain(struct pool *p, enum lang L, const char *col)
{
	for (size_t i = 0; i < ARRAY_SIZE(ctr_words); i++)
		if (str_eq(ctr_words[i].col, col))
			return say_text(L, ctr_words[i].words);
	return pool_md(p, col);
}

const char *signature_text(const struct variant *v, enum lang L)
{
	return L == ZH ? VARIANT_ZH(v, v->signature, signature) : v->signature;
}

const char *region_text(const struct variant *v, const char *en, enum lang L)
{
	static const enum msg user[] = {
		M_UREGION_HOST, M_UREGION_RELAUNCH, M_UREGION_ATOMIC,
		M_UREGION_ONE,
	};
	const char *zh;

	if (L != ZH)
		return en;
	zh = VARIANT_ZH(v, en, timed_region);
	for (size_t i = 0; zh == en && en && i < sizeof(user) / sizeof(user[0]);
	     i++)
		if (str_eq(say_text(EN, user[i]), en))
			return say_text(ZH, user[i]);
	return zh;
}

const char *sanitizer_text(const struct variant *v, enum lang L)
{
	if (!v)
		return NULL;
	return L == ZH ? VARIANT_ZH(v, v->sanitizer, sanitizer) : v->sanitizer;
}

const char *about_text(const struct variant *v, enum lang L)
{
	if (!v)
		return NULL;
	return L == ZH ? variant_zh(v, v->about_en,
				    offsetof(struct variant, about_en),
				    offsetof(struct variant, about_zh)) :
			 v->about_en;
}

const char *reason_text(const char *en, enum lang L)
{
	static const struct {
		const char *en;
		enum msg zh;
	} reasons[] = {
		{ "runs on the CPU", M_WHY_CPU },
		{ "not applicable: runs on the CPU", M_WHY_CTR_CPU },
		{ "counters were not collected", M_WHY_CTR_NONE },
		{ "launched no kernel (its run was copies only)", M_WHY_COPIES },
		{ "kernel launches were not watched", M_WHY_NOT_WATCHED },
		{ "not recorded by this culab version", M_WHY_OLD },
	};

	for (size_t i = 0; L == ZH && en && i < sizeof(reasons) / sizeof(reasons[0]);
	     i++)
		if (str_eq(reasons[i].en, en))
			return say_text(L, reasons[i].zh);
	return en;
}

const char *run_status_text(const char *status, enum lang L)
{
	static const struct {
		const char *name;
		enum msg text;
	} words[] = {
		{ "complete", M_RUN_COMPLETE }, { "running", M_RUN_RUNNING },
		{ "interrupted", M_RUN_INTERRUPTED }, { "aborted", M_RUN_ABORTED },
	};

	for (size_t i = 0; status && i < sizeof(words) / sizeof(words[0]); i++)
		if (str_eq(words[i].name, status))
			return say_text(L, words[i].text);
	return status;
}

void status_text(struct sbuf *b, enum lang L, const struct item *it)
{
	static const enum msg by_status[ROW__COUNT] = {
		[ROW_OK] = M_CELL_UNVERIFIED, [ROW_WRONG] = M_CELL_WRONG,
		[ROW_ERROR] = M_CELL_ERROR, [ROW_SKIPPED] = M_CELL_SKIPPED,
	
};
	const struct result_row *row = it->row;
	struct sbuf text = SBUF_INIT;
	char *msg;

	row_message_text(&text, L, row->message);
	msg = row->message ? md_dup(sbuf_str(&text)) : NULL;
	sbuf_release(&text);

	if (row->status == ROW_OK && row->verified)
		SAY(b, L, M_CELL_NOTIME, NULL);
	else if (row->status == ROW_ERROR && row->message &&
		 strncmp(row->message, "did not finish within", 21) == 0)
		SAY(b, L, M_CELL_HUNG, msg);    /* a time limit, not CUDA's */
	else if ((unsigned)row->status < ROW__COUNT)
		SAY(b, L, by_status[row->status], msg);
	else
		SAY(b, L, M_CELL_ERROR, msg);
	free(msg);
}

/* ---- a ladder's words ------------------------------------------------------ */

void ladder_heading(struct sbuf *b, enum lang L, enum msg id,
		    const struct ladder *l)
{
	struct pool p = { .n = 0 };
	char *size = size_text(l->n, l->m, l->matrix);

	SAY(b, L, id, pool_md(&p, l->family), pool_md(&p, l->dtype),
	    pool_md(&p, size));
	gpu_suffix(b, l->gpu);
	free(size);
	pool_release(&p);
}

/* ---- the timed regions ----------------------------------------------------- */

/* What one timed run contains, once per variant/timer/region (the
 * appendix shows the table; report_int.h). */
void method_regions(const struct model *m, enum lang L, struct sbuf *b,
		    bool *events, bool *host)
{
	static const bool right[3] = { false, false, false };
	const char *head[3] = { say_text(L, M_METH_VARIANT),
				say_text(L, M_METH_TIMER),
				say_text(L, M_METH_REGION) };
	struct pool p = { .n = 0 };
	bool started = false;

	for (size_t i = 0; i < m->nitems; i++) {
		const struct result_row *row = m->items[i].row;
		const char *cells[3];
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++) {
			const struct result_row *o = m->items[j].row;

			seen = str_eq(o->variant, row->variant) &&
			       str_eq(o->timer, row->timer) &&
			       str_eq(o->timed_region, row->timed_region);
		}
		if (seen)
			continue;
		*events |= str_eq(row->timer, "cuda-events");
		*host |= str_eq(row->timer, "host-clock");
		if (!b)
			continue;
		if (!started) {
			sbuf_add(b, say_text(L, M_METH_REGION_HEAD));
			sbuf_add(b, "\n\n");
			table_row(b, head, 3);
			table_rule(b, right, 3);
			started = true;
		}
		cells[0] = pool_md(&p, row->variant);
		cells[1] = row->timer ? pool_md(&p, row->timer) : "—";
		cells[2] = row->timed_region ?
			pool_md(&p, region_text(m->items[i].v,
						row->timed_region, L)) : "—";
		table_row(b, cells, 3);
		pool_release(&p);
	}
	if (started)
		sbuf_addc(b, '\n');
}

/* ---- the pages ------------------------------------------------------------- */

const char *details_file(enum lang L)
{
	return L == ZH ? "details.zh.md" : "details.en.md";
}

void family_file(struct sbuf *b, enum lang L, const char *family)
{
	size_t at = b->len;

	sbuf_add(b, "details-");
	for (const char *p = S(family); *p; p++)
		sbuf_addc(b, (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
			  *p == '_' ? *p : *p >= 'A' && *p <= 'Z' ?
			  (char)(*p - 'A' + 'a') : '-');
	if (b->len == at + strlen("details-"))
		sbuf_add(b, "family");
	sbuf_add(b, L == ZH ? ".zh.md" : ".en.md");
}
