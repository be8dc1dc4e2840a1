/* report_tables.c - the ladder tables: what a reader compares in the
 * Results, the counters beside them, and the appendix that holds every
 * other column.  See report_int.h.
 *
 * A table in a report must fit a page, so no table has more than
 * TABLE_MAX_COLS columns:
 *  - the main table of a ladder (main_cols[]): rung, what it does, time
 *    with its 95 % interval, the spread of the runs, GB/s, % of peak and
 *    of the family's measured ceiling, step and cumulative speedup with
 *    their intervals, verification;
 *  - its counters (counter_main[]): one or two columns per counter alias,
 *    those the variants' signatures are stated in first, units in the
 *    header, split into tables of at most TABLE_MAX_COUNTERS columns at
 *    alias boundaries.  The Results show them for each group's largest
 *    size (the one the findings read), the appendix for the others;
 *  - no speedup of the GPU rows over the CPU reference: the GPU times
 *    exclude the host-to-device copy, which culab does not measure and
 *    the results hold no bus facts to estimate, and the CPU medians move
 *    by half between runs (reports/compare/h100-twice); the CPU row's
 *    own time stays in its ladder's table;
 *  - the appendix (blk_appendix): the timed regions, and per ladder the
 *    remaining columns (detail_cols[]: block, runs and outliers,
 *    resources, sanitizer, Harris) and the remaining counter columns.
 *    Everything stays in results.json and results.csv as well.
 * The columns are rows of one table (columns[]): heading, alignment and
 * the function that writes the cell, so a column is added in one place.
 * The user's kernels are rows of their ladder's table like any other,
 * marked "yours" in the rung column; they have no step speedup (they are
 * not rungs), only the cumulative one. */
#include "report_int.h"
#include "report_code.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters/counters.h"
#include "results/results.h"
#include "compare/compare.h"
#include "base/util.h"

/* The most columns of any table, and of counter columns beside the two
 * that name the row: a counter's name is its column's heading, never
 * broken (report_html.c), up to 30 characters, so that three fit an A4
 * page's text beside the rung and the variant. */
#define TABLE_MAX_COLS 10
#define TABLE_MAX_COUNTERS 3

struct cell_ctx {
	const struct model *m;
	const struct ladder *l;
	const struct item *it;
	const char *counter;        /* the counter column, for counter cells */
	enum lang L;
	bool *na_seen;              /* set when an n/a cell is written */
	bool *mark_seen;            /* set when a step within noise or
				       unresolved is written */
};

typedef void (*cell_fn)(const struct cell_ctx *c, struct sbuf *b);

static void cell_rung(const struct cell_ctx *c, struct sbuf *b)
{
	struct pool p = { .n = 0 };

	sbuf_add(b, role_text(&p, c->L, c->it));
	pool_release(&p);
}

/* A variant's name, as code: a name is never broken across lines. */
static void cell_variant(const struct cell_ctx *c, struct sbuf *b)
{
	md_code(b, c->it->row->variant);
}

/* The variant's short title; its name when the results do not describe
 * it. */
static void cell_title(const struct cell_ctx *c, struct sbuf *b)
{
	const char *t = item_title(c->it, c->L);

	md_text(b, t ? t : c->it->row->variant);
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

/* The robust spread of the runs: the interquartile range in % of the
 * median, which one outlier cannot move. */
static void cell_spread(const struct cell_ctx *c, struct sbuf *b)
{
	sbuf_add(b, c->it->ok && isfinite(c->it->iqr_pct) ?
		 PCT(c->it->iqr_pct) : "—");
}

/* How many timed runs, and how many were outliers (Tukey's fences). */
static void cell_runs(const struct cell_ctx *c, struct sbuf *b)
{
	const struct timing *t = &c->it->row->t;
	char n[24], o[24];

	snprintf(n, sizeof(n), "%zu", t->nsamples);
	snprintf(o, sizeof(o), "%zu", t->outliers);
	if (!t->nsamples)
		sbuf_add(b, "—");
	else if (t->outliers == 1)
		SAY(b, c->L, M_CELL_OUTLIER, n);
	else if (t->outliers > 1)
		SAY(b, c->L, M_CELL_OUTLIERS, n, o);
	else
		sbuf_add(b, n);
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

/* The step in the body's words, with its interval where it is resolved
 * ("1.40× faster (1.40–1.41)", "1.05× slower (1.04–1.06)", "1.00×,
 * within noise"): never a ratio below 1 (a note under the table says
 * what within noise and unresolved mean). */
static void cell_step(const struct cell_ctx *c, struct sbuf *b)
{
	const struct item *it = c->it;

	if (!it->ok || !it->prev) {
		sbuf_add(b, "—");
		return;
	}
	ratio_words(b, c->L, it->step_x, it->step_lo, it->step_hi,
		    it->step_verdict, false);
	if (it->step_verdict == SV_SAME || it->step_verdict == SV_UNKNOWN)
		*c->mark_seen = true;
}

/* Against the ladder's first rung, in the same words; the first rung
 * itself "1.00×". */
static void cell_cum(const struct cell_ctx *c, struct sbuf *b)
{
	const struct item *it = c->it;

	if (!it->ok || !isfinite(it->cum_x)) {
		sbuf_add(b, "—");
		return;
	}
	if (it == c->l->first) {
		sbuf_add(b, TIMES(1.0));
		return;
	}
	ratio_words(b, c->L, it->cum_x, it->cum_lo, it->cum_hi,
		    it->cum_verdict, false);
	if (it->cum_verdict == SV_SAME || it->cum_verdict == SV_UNKNOWN)
		*c->mark_seen = true;
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
	if (row->counters_status || !row_has_column(row, c->counter) ||
	    row_column_missing(row, c->counter)) {
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
	if (c->it->row->sanitize)       /* a rerun of a failed kernel */
		sanitizer_cell(b, c->L, c->it->row);
	else if (c->it->row->sanitizer)
		md_text(b, c->it->row->sanitizer);
	else
		sbuf_add(b, say_text(c->L, M_CELL_NOT_RUN));
}

static void cell_harris(const struct cell_ctx *c, struct sbuf *b)
{
	harris_figures(b, c->it->harris);
}

enum col {
	COL_RUNG, COL_VARIANT, COL_TITLE, COL_BLOCK, COL_TIME, COL_SPREAD,
	COL_RUNS, COL_GBPS, COL_PEAK, COL_COPY, COL_STEP, COL_CUM, COL_REGS,
	COL_SMEM, COL_LOCAL, COL_OCC, COL_COUNTER, COL_VERIFIED,
	COL_SANITIZER, COL_HARRIS, COL__COUNT
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
	[COL_SPREAD] = { M_COL_SPREAD, true, cell_spread },
	[COL_RUNS] = { M_COL_RUNS, true, cell_runs },
	[COL_GBPS] = { M_COL_GBPS, true, cell_gbps },
	[COL_PEAK] = { M_COL_PEAK, true, cell_peak },
	[COL_COPY] = { M_COL_COPY, true, cell_copy },
	[COL_STEP] = { M_COL_STEP_CI, true, cell_step },
	[COL_CUM] = { M_COL_CUM_CI, true, cell_cum },
	[COL_REGS] = { M_COL_REGS, true, cell_regs },
	[COL_SMEM] = { M_COL_SMEM, true, cell_smem },
	[COL_LOCAL] = { M_COL_LOCAL, true, cell_local },
	[COL_OCC] = { M_COL_OCC, true, cell_occupancy },
	[COL_COUNTER] = { M__COUNT, true, cell_counter },
	[COL_VERIFIED] = { M_COL_VERIFIED, false, cell_verified },
	[COL_SANITIZER] = { M_COL_SANITIZER, false, cell_sanitizer },
	[COL_HARRIS] = { M_COL_HARRIS, false, cell_harris },
};

/* The columns of the main table and of the appendix's details table, in
 * order; those a ladder has nothing for are left out (column_shown). */
static const enum col main_cols[] = {
	COL_RUNG, COL_TITLE, COL_TIME, COL_SPREAD, COL_GBPS, COL_PEAK,
	COL_COPY, COL_STEP, COL_CUM, COL_VERIFIED,
};
static const enum col detail_cols[] = {
	COL_RUNG, COL_VARIANT, COL_BLOCK, COL_RUNS, COL_REGS, COL_SMEM,
	COL_LOCAL, COL_OCC, COL_SANITIZER, COL_HARRIS,
};

/* The counter columns a reader compares, one or two per alias (a
 * variant's signature column of that alias comes first when it is not
 * one of these); the others go to the appendix. */
static const struct {
	const char *alias;
	const char *cols[2];
} counter_main[] = {
	{ "bank_conflicts", { "bank_conflicts_per_shared_ld",
			      "bank_conflicts_per_shared_st" } },
	{ "gld_efficiency", { "gld_efficiency_pct", "gld_sectors_per_request" } },
	{ "gst_efficiency", { "gst_efficiency_pct", "gst_sectors_per_request" } },
	{ "divergence", { "warp_instructions", "shared_bytes_per_instr" } },
	{ "dram", { "dram_read_bytes", "dram_write_bytes" } },
	{ "occupancy", { "achieved_occupancy_pct", NULL } },
};

struct colspec {
	enum col kind;
	const char *counter;
};

/* Whether some row of ladder l ran under compute-sanitizer: the
 * Sanitizer column is shown only then, not as "not run" on every row. */
static bool ladder_sanitized(const struct ladder *l)
{
	for (size_t i = 0; i < l->nitems; i++)
		if (l->items[i]->row->sanitizer)
			return true;
	return false;
}

static bool column_shown(const struct ladder *l, enum col k)
{
	return !((k == COL_BLOCK && !l->blocks) ||
		 (k == COL_SANITIZER && !ladder_sanitized(l)) ||
		 (k == COL_COPY && !l->ceiling) ||
		 (k == COL_HARRIS && !l->harris) ||
		 (k >= COL_REGS && k <= COL_OCC && !l->resources));
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
	const struct experiment_meta *e = model_experiment(m->r, l->experiment);
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

/* The head of column spec s: its message, or for a counter its name and
 * unit. */
static void column_head(struct sbuf *b, enum lang L, const struct colspec *s)
{
	const struct metric_column_def *d;

	if (s->kind != COL_COUNTER) {
		sbuf_add(b, say_text(L, columns[s->kind].head));
		return;
	}
	md_text(b, s->counter);
	d = column_def(s->counter, NULL);
	if (d && d->unit && *d->unit) {
		sbuf_add(b, " (");
		md_text(b, d->unit);
		sbuf_addc(b, ')');
	}
}

/* Appends one table of ladder l with columns cols[0..ncols) and the rows
 * `keep` accepts (NULL: every row).  *na_seen and *mark_seen are set
 * when a cell wrote n/a or a verdict mark. */
static void table_of(const struct model *m, const struct ladder *l,
		     enum lang L, const struct colspec *cols, size_t ncols,
		     bool (*keep)(const struct item *), bool *na_seen,
		     bool *mark_seen, struct sbuf *b)
{
	const char **cells = xcalloc(ncols, sizeof(*cells));
	bool *right = xcalloc(ncols, sizeof(*right));
	struct sbuf *text = xcalloc(ncols, sizeof(*text));

	for (size_t k = 0; k < ncols; k++) {
		column_head(&text[k], L, &cols[k]);
		cells[k] = sbuf_str(&text[k]);
		right[k] = columns[cols[k].kind].right;
	}
	table_row(b, cells, ncols);
	table_rule(b, right, ncols);
	for (size_t i = 0; i < l->nitems; i++) {
		struct cell_ctx c = { .m = m, .l = l, .it = l->items[i],
				      .L = L, .na_seen = na_seen,
				      .mark_seen = mark_seen };

		if (keep && !keep(l->items[i]))
			continue;
		for (size_t k = 0; k < ncols; k++) {
			sbuf_reset(&text[k]);
			c.counter = cols[k].counter;
			columns[cols[k].kind].cell(&c, &text[k]);
			cells[k] = sbuf_str(&text[k]);
		}
		table_row(b, cells, ncols);
	}
	sbuf_addc(b, '\n');
	for (size_t k = 0; k < ncols; k++)
		sbuf_release(&text[k]);
	free(text);
	free(right);
	free(cells);
}

/* Appends the table of fixed columns list[0..n) that ladder l has. */
static void fixed_table(const struct model *m, const struct ladder *l,
			enum lang L, const enum col *list, size_t n,
			bool *mark_seen, struct sbuf *b)
{
	struct colspec cols[TABLE_MAX_COLS];
	size_t ncols = 0;
	bool na = false;

	for (size_t k = 0; k < n && ncols < TABLE_MAX_COLS; k++)
		if (column_shown(l, list[k]))
			cols[ncols++] = (struct colspec){ list[k], NULL };
	table_of(m, l, L, cols, ncols, NULL, &na, mark_seen, b);
}

/* ---- counters --------------------------------------------------------- */

static bool ladder_has_col(const struct ladder *l, const char *name)
{
	for (size_t i = 0; i < l->ncols; i++)
		if (str_eq(l->cols[i], name))
			return true;
	return false;
}

/* Whether some variant of ladder l states its signature in column
 * `name`. */
static bool signature_col(const struct ladder *l, const char *name)
{
	for (size_t i = 0; i < l->nitems; i++) {
		const struct variant *v = l->items[i]->v;

		for (size_t k = 0; v && k < VARIANT_MAX_EXPECT &&
				   v->expect[k].column; k++)
			if (str_eq(v->expect[k].column, name))
				return true;
	}
	return false;
}

/* Where column `name` stands among alias a's columns. */
static size_t alias_index(const struct metric_alias *a, const char *name)
{
	size_t c = 0;

	while (c < METRIC_MAX_COLS && a->cols[c].name &&
	       !str_eq(a->cols[c].name, name))
		c++;
	return c;
}

/* The counter columns of ladder l that its counter tables show, into
 * out[] (room for 2 * ARRAY_SIZE(counter_main)), in alias order, with
 * the alias index of each into group[]; returns how many. */
static size_t counter_selection(const struct ladder *l, const char **out,
				size_t *group)
{
	size_t n = 0, na;
	const struct metric_alias *a = metrics_aliases(&na);

	for (size_t g = 0; g < ARRAY_SIZE(counter_main); g++) {
		const struct metric_alias *alias = NULL;
		size_t start = n;

		for (size_t i = 0; a && i < na && !alias; i++)
			if (str_eq(a[i].name, counter_main[g].alias))
				alias = &a[i];
		/* the alias's signature columns first */
		for (size_t c = 0; alias && c < METRIC_MAX_COLS &&
				   alias->cols[c].name && n - start < 2; c++)
			if (ladder_has_col(l, alias->cols[c].name) &&
			    signature_col(l, alias->cols[c].name))
				out[n++] = alias->cols[c].name;
		for (size_t c = 0; c < 2 && n - start < 2; c++) {
			const char *name = counter_main[g].cols[c];
			bool dup = false;

			for (size_t k = start; k < n; k++)
				dup |= str_eq(out[k], name);
			if (name && !dup && ladder_has_col(l, name))
				out[n++] = name;
		}
		/* in the alias's own order */
		for (size_t k = start; k < n; k++)
			for (size_t j = k + 1; alias && j < n; j++)
				if (alias_index(alias, out[j]) <
				    alias_index(alias, out[k])) {
					const char *t = out[k];

					out[k] = out[j];
					out[j] = t;
				}
		for (size_t k = start; k < n; k++)
			group[k] = g;
	}
	return n;
}

static bool has_counters(const struct item *it)
{
	return it->ok && !it->row->counters_status && it->row->ncolumns;
}

/* Appends tables of the counter columns names[0..n) of ladder l, at most
 * TABLE_MAX_COUNTERS each, broken where group[] changes (NULL: anywhere),
 * then the notes on rows without counters and on n/a. */
/* One note per reason a shown column was not collected (a counter this
 * GPU or instrumentation cannot give), said once for the whole table. */
static void missing_notes(const struct ladder *l, enum lang L,
			  const char *const *names, size_t n, struct sbuf *b)
{
	const char *said[4];
	size_t nsaid = 0;
	struct pool p = { .n = 0 };

	for (size_t i = 0; i < l->nitems && nsaid < ARRAY_SIZE(said); i++) {
		const struct result_row *row = l->items[i]->row;

		if (!l->items[i]->ok || row->counters_status)
			continue;
		for (size_t k = 0; k < n && nsaid < ARRAY_SIZE(said); k++) {
			const char *why = row_column_missing(row, names[k]);
			size_t j;

			for (j = 0; why && j < nsaid; j++)
				if (!strcmp(said[j], why))
					break;
			if (!why || j < nsaid)
				continue;
			said[nsaid++] = why;
			SAY(b, L, M_NOTE_COL_MISSING,
			    pool_md(&p, reason_text(why, L)));
			sbuf_add(b, "\n\n");
			pool_release(&p);
		}
	}
}

static void counter_tables(const struct model *m, const struct ladder *l,
			   enum lang L, const char *const *names,
			   const size_t *group, size_t n, struct sbuf *b)
{
	struct colspec cols[TABLE_MAX_COLS];
	struct pool p = { .n = 0 };
	bool na = false, mark = false;

	for (size_t at = 0; at < n;) {
		size_t end = at + TABLE_MAX_COUNTERS < n ? at +
			     TABLE_MAX_COUNTERS : n;

		/* end a table where an alias ends, unless the alias alone
		 * is longer than a table */
		if (group && end < n && group[end] == group[end - 1]) {
			size_t e = end;

			while (e > at && group[e - 1] == group[end])
				e--;
			if (e > at)
				end = e;
		}
		cols[0] = (struct colspec){ COL_RUNG, NULL };
		cols[1] = (struct colspec){ COL_VARIANT, NULL };
		for (size_t k = at; k < end; k++)
			cols[2 + k - at] = (struct colspec){ COL_COUNTER,
							     names[k] };
		table_of(m, l, L, cols, 2 + end - at, has_counters, &na, &mark,
			 b);
		at = end;
	}
	for (size_t i = 0; n && i < l->nitems; i++) {
		const struct result_row *row = l->items[i]->row;

		if (!l->items[i]->ok || !row->counters_status)
			continue;
		SAY(b, L, M_NOTE_MISSING, pool_md(&p, row->variant),
		    pool_md(&p, reason_text(row->counters_status, L)));
		sbuf_add(b, "\n\n");
		pool_release(&p);
	}
	missing_notes(l, L, names, n, b);
	if (na) {
		sbuf_add(b, say_text(L, M_NOTE_NA));
		sbuf_add(b, "\n\n");
	}
}

/* The counters a reader compares, for ladder l. */
static void ladder_counters(const struct model *m, const struct ladder *l,
			    enum lang L, struct sbuf *b)
{
	const char *names[2 * ARRAY_SIZE(counter_main)];
	size_t group[2 * ARRAY_SIZE(counter_main)];
	size_t n = counter_selection(l, names, group);

	if (!n)
		return;
	sbuf_add(b, "#### ");
	ladder_heading(b, L, M_CTR_HEAD, l);
	sbuf_add(b, "\n\n");
	counter_tables(m, l, L, names, group, n, b);
}

/* ---- the main table --------------------------------------------------- */

static void ladder_table(const struct model *m, const struct ladder *l,
			 enum lang L, struct sbuf *b)
{
	struct pool p = { .n = 0 };
	bool mark = false;
	int min_step = INT_MAX;

	sbuf_add(b, "### ");
	ladder_heading(b, L, M_LADDER_HEAD, l);
	sbuf_add(b, "\n\n");
	SAY(b, L, M_LADDER_EXP, pool_md(&p, l->experiment));
	pool_release(&p);
	sbuf_add(b, "\n\n");
	fixed_table(m, l, L, main_cols, ARRAY_SIZE(main_cols), &mark, b);
	for (size_t i = 0; i < l->nitems; i++)
		if (l->items[i]->role == ROLE_RUNG &&
		    l->items[i]->row->step < min_step)
			min_step = l->items[i]->row->step;
	if (mark) {
		char t[16];

		snprintf(t, sizeof(t), "%g", SPEEDUP_SAME_PCT);
		SAY(b, L, M_NOTE_VERDICT, t);
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
}

/* The ladder of group g that the Results show in full: the largest size
 * with a verified rung (the one the findings read); NULL when no size
 * has one, and then the Results show every size. */
static const struct ladder *group_shown(const struct group *g)
{
	return g->top;
}

/* Whether the Results show ladder l of group g in full. */
static bool shown_in_results(const struct group *g, const struct ladder *l)
{
	return !group_shown(g) || group_shown(g) == l;
}

void blk_ladders(const struct model *m, enum lang L, struct sbuf *b)
{
	for (size_t i = 0; i < m->ngroups; i++) {
		const struct group *g = &m->groups[i];
		struct sbuf others = SBUF_INIT;
		bool mixed = false;   /* several experiments: say which */

		for (size_t k = 1; k < g->nladders; k++)
			mixed |= !str_eq(g->ladders[k]->experiment,
					 g->ladders[0]->experiment);

		for (size_t k = 0; k < g->nladders; k++) {
			const struct ladder *l = g->ladders[k];
			char *size;

			if (shown_in_results(g, l)) {
				ladder_table(m, l, L, b);
				ladder_counters(m, l, L, b);
				continue;
			}
			size = size_text(l->n, l->m, l->matrix);
			if (others.len)
				sbuf_add(&others, say_text(L, M_LIST_SEP));
			md_text(&others, size);
			if (mixed) {
				sbuf_add(&others, " (");
				md_text(&others, l->experiment);
				sbuf_addc(&others, ')');
			}
			free(size);
		}
		if (others.len) {
			SAY(b, L, M_LADDER_MORE, sbuf_str(&others));
			sbuf_add(b, "\n\n");
		}
		sbuf_release(&others);
	}
	block_trim(b);
}

/* ---- the appendix ----------------------------------------------------- */

/* The group of m that holds ladder l. */
static const struct group *group_of(const struct model *m,
				    const struct ladder *l)
{
	for (size_t i = 0; i < m->ngroups; i++)
		for (size_t k = 0; k < m->groups[i].nladders; k++)
			if (m->groups[i].ladders[k] == l)
				return &m->groups[i];
	return NULL;
}

/* One ladder in the appendix: its tables when the Results do not show
 * them (the main table and its counters; with `full` always), every
 * column they leave out, and the counter columns that no table shows
 * yet. */
static void appendix_ladder(const struct model *m, const struct ladder *l,
			    enum lang L, bool full, struct sbuf *b)
{
	const char *shown[2 * ARRAY_SIZE(counter_main)];
	size_t group[2 * ARRAY_SIZE(counter_main)];
	size_t nshown = counter_selection(l, shown, group), nrest = 0;
	const char **rest = xcalloc(l->ncols + 1, sizeof(*rest));
	const struct group *g = group_of(m, l);
	bool in_results = !full && (!g || shown_in_results(g, l));
	struct pool p = { .n = 0 };
	bool mark = false;

	if (in_results) {
		sbuf_add(b, "### ");
	} else {
		ladder_table(m, l, L, b);
		ladder_counters(m, l, L, b);
		sbuf_add(b, "#### ");
	}
	ladder_heading(b, L, M_APX_LADDER, l);
	sbuf_add(b, "\n\n");
	fixed_table(m, l, L, detail_cols, ARRAY_SIZE(detail_cols), &mark, b);
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
	for (size_t c = 0; c < l->ncols; c++) {
		bool seen = false;

		for (size_t k = 0; k < nshown; k++)
			seen |= str_eq(shown[k], l->cols[c]);
		if (!seen)
			rest[nrest++] = l->cols[c];
	}
	if (nrest) {
		sbuf_add(b, "#### ");
		ladder_heading(b, L, M_APX_CTRS, l);
		sbuf_add(b, "\n\n");
		counter_tables(m, l, L, rest, NULL, nrest, b);
	}
	free(rest);
}

void blk_appendix(const struct model *m, enum lang L, struct sbuf *b)
{
	struct sbuf regions = SBUF_INIT;
	bool events = false, host = false;

	method_regions(m, L, &regions, &events, &host);
	if (regions.len) {
		sbuf_add(b, "### ");
		sbuf_add(b, say_text(L, M_APX_REGIONS));
		sbuf_add(b, "\n\n");
		sbuf_add(b, sbuf_str(&regions));
	}
	sbuf_release(&regions);
	for (size_t i = 0; i < m->nladders; i++)
		appendix_ladder(m, &m->ladders[i], L, false, b);
	block_trim(b);
}

/* The details' results: every ladder at every size, with every column
 * and every counter, family by family, and each family's speedup over
 * the CPU. */
void blk_all_ladders(const struct model *m, enum lang L, struct sbuf *b)
{
	for (size_t i = 0; i < m->ngroups; i++) {
		const struct group *g = &m->groups[i];

		for (size_t k = 0; k < g->nladders; k++)
			appendix_ladder(m, g->ladders[k], L, true, b);
	}
	block_trim(b);
}

/* What one timed run of each variant contains. */
void blk_timed_regions(const struct model *m, enum lang L, struct sbuf *b)
{
	bool events = false, host = false;

	method_regions(m, L, b, &events, &host);
	block_trim(b);
}
