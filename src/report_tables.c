/* report_tables.c - the ladder tables: one Markdown table per
 * experiment, family, type and size, with the notes under it.  See
 * report_int.h.
 *
 * The columns are rows of one table (columns[]): heading, alignment and
 * the function that writes the cell, so a column is added in one place.
 * Which columns a ladder shows is decided once, in ladder_columns(), from
 * what its rows have: block sizes, a copy ceiling, kernel resources,
 * counters, a kernel of Harris's.  The user's kernels are rows of their
 * ladder's table like any other, marked "yours" in the rung column; they
 * have no step speedup (they are not rungs), only the cumulative one. */
#include "report_int.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "results.h"
#include "signature.h"
#include "util.h"

struct cell_ctx {
	const struct model *m;
	const struct ladder *l;
	const struct item *it;
	const char *counter;        /* the counter column, for counter cells */
	enum lang L;
	bool *na_seen;              /* set when an n/a cell is written */
};

typedef void (*cell_fn)(const struct cell_ctx *c, struct sbuf *b);

static void cell_rung(const struct cell_ctx *c, struct sbuf *b)
{
	struct pool p = { .n = 0 };

	sbuf_add(b, role_text(&p, c->L, c->it));
	pool_release(&p);
}

static void cell_variant(const struct cell_ctx *c, struct sbuf *b)
{
	md_text(b, c->it->row->variant);
}

static void cell_title(const struct cell_ctx *c, struct sbuf *b)
{
	const char *t = item_title(c->it, c->L);

	if (t)
		md_text(b, t);
	else
		sbuf_add(b, "—");
}

static void cell_block(const struct cell_ctx *c, struct sbuf *b)
{
	if (c->it->row->block > 0)
		sbuf_addf(b, "%d", c->it->row->block);
	else
		sbuf_add(b, "—");
}

/* The median and its interval; "throttled" when NVML saw the GPU lower
 * its clocks during the timed runs (a note under the table says how). */
static void cell_time(const struct cell_ctx *c, struct sbuf *b)
{
	struct sbuf t = SBUF_INIT;

	if (!c->it->ok) {
		sbuf_add(b, "—");
		return;
	}
	time_with_interval(&t, c->L, &c->it->row->t);
	if (c->it->row->clocks.known && c->it->row->clocks.throttled)
		SAY(b, c->L, M_CELL_THROTTLED, sbuf_str(&t));
	else
		sbuf_add(b, sbuf_str(&t));
	sbuf_release(&t);
}

/* The noise, and how many runs were outliers when any was. */
static void cell_noise(const struct cell_ctx *c, struct sbuf *b)
{
	const struct timing *t = &c->it->row->t;
	char n[24];

	snprintf(n, sizeof(n), "%zu", t->outliers);
	if (!c->it->ok)
		sbuf_add(b, "—");
	else if (t->outliers == 1)
		SAY(b, c->L, M_CELL_OUTLIER, PCT(t->noise_pct));
	else if (t->outliers > 1)
		SAY(b, c->L, M_CELL_OUTLIERS, PCT(t->noise_pct), n);
	else
		sbuf_add(b, PCT(t->noise_pct));
}

static void cell_gbps(const struct cell_ctx *c, struct sbuf *b)
{
	const struct result_row *row = c->it->row;

	sbuf_add(b, c->it->ok && row->gbps > 0 ? FMT(row->gbps, 4) : "—");
}

static void cell_peak(const struct cell_ctx *c, struct sbuf *b)
{
	const struct result_row *row = c->it->row;

	if (c->it->ok && row->pct_peak > 0)
		sbuf_addf(b, "%.1f", row->pct_peak);
	else
		sbuf_add(b, "—");
}

static void cell_copy(const struct cell_ctx *c, struct sbuf *b)
{
	const struct item *ceil = c->l->ceiling;

	if (c->it->ok && ceil && ceil->row->gbps > 0 && c->it->row->gbps > 0)
		sbuf_addf(b, "%.1f", 100 * c->it->row->gbps / ceil->row->gbps);
	else
		sbuf_add(b, "—");
}

static void cell_step(const struct cell_ctx *c, struct sbuf *b)
{
	sbuf_add(b, c->it->ok ? TIMES(c->it->step_x) : "—");
}

static void cell_cum(const struct cell_ctx *c, struct sbuf *b)
{
	sbuf_add(b, c->it->ok ? TIMES(c->it->cum_x) : "—");
}

/* The resource cells: what the row's kernel takes of an SM, "—" when
 * that is not known (a note under the table says why). */
static void cell_regs(const struct cell_ctx *c, struct sbuf *b)
{
	const struct kernel_resources *k = &c->it->row->resources;

	if (k->known)
		sbuf_addf(b, "%d", k->registers);
	else
		sbuf_add(b, "—");
}

static void cell_smem(const struct cell_ctx *c, struct sbuf *b)
{
	const struct kernel_resources *k = &c->it->row->resources;
	char st[16], dyn[16];

	if (!k->known) {
		sbuf_add(b, "—");
		return;
	}
	snprintf(st, sizeof(st), "%d", k->static_smem);
	snprintf(dyn, sizeof(dyn), "%d", k->dynamic_smem);
	if (k->dynamic_smem > 0 && k->static_smem > 0)
		SAY(b, c->L, M_CELL_SMEM_DYN, st, dyn);
	else
		sbuf_add(b, k->dynamic_smem > 0 ? dyn : st);
}

static void cell_local(const struct cell_ctx *c, struct sbuf *b)
{
	const struct kernel_resources *k = &c->it->row->resources;
	char local[16], spills[16];

	if (!k->known) {
		sbuf_add(b, "—");
		return;
	}
	snprintf(local, sizeof(local), "%d", k->local_bytes);
	snprintf(spills, sizeof(spills), "%d", k->spill_bytes);
	if (k->spill_bytes > 0)
		SAY(b, c->L, M_CELL_SPILLS, local, spills);
	else
		sbuf_add(b, local);
}

static void cell_occupancy(const struct cell_ctx *c, struct sbuf *b)
{
	const struct kernel_resources *k = &c->it->row->resources;
	char blocks[16], threads[16], pct[FMT_SIZE];

	if (!k->known) {
		sbuf_add(b, "—");
		return;
	}
	snprintf(pct, sizeof(pct), "%.1f", k->occupancy_pct);
	snprintf(blocks, sizeof(blocks), "%d", k->blocks_per_sm);
	snprintf(threads, sizeof(threads), "%d", k->block_threads);
	SAY(b, c->L, M_CELL_OCC, pct, limiter_text(c->L, k->limiter), blocks,
	    threads);
}

static void cell_counter(const struct cell_ctx *c, struct sbuf *b)
{
	const struct result_row *row = c->it->row;
	double v;

	if (!c->it->ok) {
		sbuf_add(b, "—");
		return;
	}
	v = row_column(row, c->counter);
	if (row->counters_status || !row_has_column(row, c->counter)) {
		sbuf_add(b, say_text(c->L, M_CELL_MISSING));
	} else if (!isfinite(v)) {
		sbuf_add(b, say_text(c->L, M_CELL_NA));
		*c->na_seen = true;
	} else {
		sbuf_add(b, CTR(c->counter, v));
	}
}

static void cell_verified(const struct cell_ctx *c, struct sbuf *b)
{
	const struct result_row *row = c->it->row;

	if (!c->it->ok)
		status_text(b, c->L, c->it);
	else if (row->tolerance > 0)
		SAY(b, c->L, M_CELL_TOL, FMT(row->error, 2),
		    FMT(row->tolerance, 2));
	else
		sbuf_add(b, say_text(c->L, M_CELL_EXACT));
}

static void cell_sanitizer(const struct cell_ctx *c, struct sbuf *b)
{
	if (c->it->row->sanitizer)
		md_text(b, c->it->row->sanitizer);
	else
		sbuf_add(b, say_text(c->L, M_CELL_NOT_RUN));
}

static void cell_harris(const struct cell_ctx *c, struct sbuf *b)
{
	harris_figures(b, c->it->harris);
}

enum col {
	COL_RUNG, COL_VARIANT, COL_TITLE, COL_BLOCK, COL_TIME, COL_NOISE,
	COL_GBPS, COL_PEAK, COL_COPY, COL_STEP, COL_CUM, COL_REGS, COL_SMEM,
	COL_LOCAL, COL_OCC, COL_COUNTER,
	COL_VERIFIED, COL_SANITIZER, COL_HARRIS, COL__COUNT
};

static const struct {
	enum msg head;              /* COL_COUNTER: the column's own name */
	bool right;                 /* right-aligned (numbers) */
	cell_fn cell;
} columns[COL__COUNT] = {
	[COL_RUNG] = { M_COL_RUNG, false, cell_rung },
	[COL_VARIANT] = { M_COL_VARIANT, false, cell_variant },
	[COL_TITLE] = { M_COL_TITLE, false, cell_title },
	[COL_BLOCK] = { M_COL_BLOCK, true, cell_block },
	[COL_TIME] = { M_COL_TIME, true, cell_time },
	[COL_NOISE] = { M_COL_NOISE, true, cell_noise },
	[COL_GBPS] = { M_COL_GBPS, true, cell_gbps },
	[COL_PEAK] = { M_COL_PEAK, true, cell_peak },
	[COL_COPY] = { M_COL_COPY, true, cell_copy },
	[COL_STEP] = { M_COL_STEP, true, cell_step },
	[COL_CUM] = { M_COL_CUM, true, cell_cum },
	[COL_REGS] = { M_COL_REGS, true, cell_regs },
	[COL_SMEM] = { M_COL_SMEM, true, cell_smem },
	[COL_LOCAL] = { M_COL_LOCAL, true, cell_local },
	[COL_OCC] = { M_COL_OCC, true, cell_occupancy },
	[COL_COUNTER] = { M__COUNT, true, cell_counter },
	[COL_VERIFIED] = { M_COL_VERIFIED, false, cell_verified },
	[COL_SANITIZER] = { M_COL_SANITIZER, false, cell_sanitizer },
	[COL_HARRIS] = { M_COL_HARRIS, false, cell_harris },
};

struct colspec {
	enum col kind;
	const char *counter;
};

/* The columns of one ladder's table, in order; returns how many. */
static size_t ladder_columns(const struct ladder *l, struct colspec *out)
{
	size_t n = 0;

	for (int k = 0; k < COL__COUNT; k++) {
		if ((k == COL_BLOCK && !l->blocks) ||
		    (k == COL_COPY && !l->ceiling) ||
		    (k == COL_HARRIS && !l->harris) ||
		    (k >= COL_REGS && k <= COL_OCC && !l->resources))
			continue;
		if (k == COL_COUNTER) {
			for (size_t c = 0; c < l->ncols; c++)
				out[n++] = (struct colspec){ COL_COUNTER,
							     l->cols[c] };
			continue;
		}
		out[n++] = (struct colspec){ (enum col)k, NULL };
	}
	return n;
}

/* The experiment `name` of the results, or NULL. */
static const struct experiment_meta *meta_of(const struct results *r,
					     const char *name)
{
	for (size_t i = 0; i < r->nexperiments; i++)
		if (str_eq(r->experiments[i].name, name))
			return &r->experiments[i];
	return NULL;
}

/* v rounded, or "?" when NVML could not tell. */
static void whole(char *buf, size_t size, double v)
{
	if (isfinite(v))
		snprintf(buf, size, "%.0f", v);
	else
		snprintf(buf, size, "?");
}

/* A note for each row measured while throttled: the reasons that count,
 * the SM clock's range and the hottest reading. */
static void notes_throttled(const struct ladder *l, enum lang L,
			    struct sbuf *b)
{
	struct pool p = { .n = 0 };

	for (size_t i = 0; i < l->nitems; i++) {
		const struct clock_record *c = &l->items[i]->row->clocks;
		char why[256], lo[24], hi[24], temp[24];
		size_t n;
		const struct nvml_reason *t = nvml_reasons(&n);
		uint64_t counted = 0;

		if (!l->items[i]->ok || !c->known || !c->throttled)
			continue;
		for (size_t k = 0; k < n; k++)
			counted |= t[k].throttles ? t[k].bit : 0;
		nvml_reason_names(c->reasons & counted, ", ", why, sizeof(why));
		whole(lo, sizeof(lo), c->sm_mhz_min);
		whole(hi, sizeof(hi), c->sm_mhz_max);
		whole(temp, sizeof(temp), c->temp_c_max);
		SAY(b, L, M_NOTE_THROTTLED, pool_md(&p, l->items[i]->row->variant),
		    pool_md(&p, why), lo, hi, temp);
		sbuf_add(b, "\n\n");
		pool_release(&p);
	}
}

/* Notes on the rows of a `repeats: auto` experiment whose samples ended
 * before their median was as precise as asked: by the budget or at the
 * most runs. */
static void notes_repeats(const struct model *m, const struct ladder *l,
			  enum lang L, struct sbuf *b)
{
	const struct experiment_meta *e = meta_of(m->r, l->experiment);
	struct pool p = { .n = 0 };

	if (!e || !e->repeats_auto.on)
		return;
	for (size_t i = 0; i < l->nitems; i++) {
		const struct timing *t = &l->items[i]->row->t;
		char n[24], want[24], got[24];

		if (!l->items[i]->ok ||
		    (t->stop != STOP_BUDGET && t->stop != STOP_MAX))
			continue;
		snprintf(n, sizeof(n), "%zu", t->nsamples);
		snprintf(want, sizeof(want), "%g",
			 100 * e->repeats_auto.precision);
		snprintf(got, sizeof(got), "%.2g", 100 * (t->median_hi_ms -
			 t->median_lo_ms) / 2 / t->median_ms);
		SAY(b, L, t->stop == STOP_BUDGET ? M_NOTE_BUDGET : M_NOTE_MAX,
		    pool_md(&p, l->items[i]->row->variant), n, want, got);
		sbuf_add(b, "\n\n");
		pool_release(&p);
	}
}

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

static void ladder_table(const struct model *m, const struct ladder *l,
			 enum lang L, struct sbuf *b)
{
	struct colspec *cols = xcalloc(COL__COUNT + l->ncols, sizeof(*cols));
	size_t ncols = ladder_columns(l, cols);
	const char **cells = xcalloc(ncols, sizeof(*cells));
	bool *right = xcalloc(ncols, sizeof(*right));
	struct sbuf *text = xcalloc(ncols, sizeof(*text));
	struct pool p = { .n = 0 };
	bool na_seen = false;
	int min_step = INT_MAX;

	sbuf_add(b, "### ");
	ladder_heading(b, L, M_LADDER_HEAD, l);
	sbuf_add(b, "\n\n");
	SAY(b, L, M_LADDER_EXP, pool_md(&p, l->experiment));
	pool_release(&p);
	sbuf_add(b, "\n\n");
	for (size_t k = 0; k < ncols; k++) {
		sbuf_reset(&text[k]);
		if (cols[k].kind == COL_COUNTER)
			md_text(&text[k], cols[k].counter);
		else
			sbuf_add(&text[k], say_text(L, columns[cols[k].kind].head));
		cells[k] = sbuf_str(&text[k]);
		right[k] = columns[cols[k].kind].right;
	}
	table_row(b, cells, ncols);
	table_rule(b, right, ncols);
	for (size_t i = 0; i < l->nitems; i++) {
		struct cell_ctx c = { .m = m, .l = l, .it = l->items[i],
				      .L = L, .na_seen = &na_seen };

		if (l->items[i]->role == ROLE_RUNG &&
		    l->items[i]->row->step < min_step)
			min_step = l->items[i]->row->step;
		for (size_t k = 0; k < ncols; k++) {
			sbuf_reset(&text[k]);
			c.counter = cols[k].counter;
			columns[cols[k].kind].cell(&c, &text[k]);
			cells[k] = sbuf_str(&text[k]);
		}
		table_row(b, cells, ncols);
	}
	sbuf_addc(b, '\n');

	/* notes: counters missing and why, n/a, the first rung */
	for (size_t i = 0; l->ncols && i < l->nitems; i++) {
		const struct result_row *row = l->items[i]->row;

		if (!l->items[i]->ok || !row->counters_status)
			continue;
		SAY(b, L, M_NOTE_MISSING, pool_md(&p, row->variant),
		    pool_md(&p, reason_text(row->counters_status, L)));
		sbuf_add(b, "\n\n");
		pool_release(&p);
	}
	if (l->resources) {
		sbuf_add(b, say_text(L, M_NOTE_RES));
		sbuf_add(b, "\n\n");
	}
	for (size_t i = 0; l->resources && i < l->nitems; i++) {
		const struct result_row *row = l->items[i]->row;

		if (row->resources.known || !row->resources.why)
			continue;
		SAY(b, L, M_NOTE_RES_UNKNOWN, pool_md(&p, row->variant),
		    pool_md(&p, reason_text(row->resources.why, L)));
		sbuf_add(b, "\n\n");
		pool_release(&p);
	}
	if (na_seen) {
		sbuf_add(b, say_text(L, M_NOTE_NA));
		sbuf_add(b, "\n\n");
	}
	notes_repeats(m, l, L, b);
	notes_throttled(l, L, b);
	if (l->first && l->first->row->step > min_step) {
		char a[16], c2[16];

		snprintf(a, sizeof(a), "%d", min_step);
		snprintf(c2, sizeof(c2), "%d", l->first->row->step);
		SAY(b, L, M_NOTE_FIRST, a, c2);
		sbuf_add(b, "\n\n");
	}
	for (size_t k = 0; k < ncols; k++)
		sbuf_release(&text[k]);
	free(text);
	free(right);
	free(cells);
	free(cols);
}

void blk_ladders(const struct model *m, enum lang L, struct sbuf *b)
{
	for (size_t i = 0; i < m->nladders; i++)
		ladder_table(m, &m->ladders[i], L, b);
	block_trim(b);
}
