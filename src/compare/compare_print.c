/* compare_print.c - a comparison on the terminal.  See compare.h.
 *
 * The table is built as cells first and printed with each column as wide
 * as its widest cell, so that it reads at any length of names.  Text from
 * results files (experiment and variant names, paths, messages) may hold
 * anything: control characters are printed as '?', so that a file cannot
 * move the cursor or change the colours of the terminal that shows it. */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/quote.h"
#include "counters/counters.h"
#include "base/util.h"

/* Counter changes shown under a pair (--json gives them all). */
#define CHANGES_SHOWN 3

/* s escaped for the terminal (diag.h), into a fresh string. */
static char *clean(const char *s)
{
	struct sbuf b = SBUF_INIT;

	s = s ? s : "";
	diag_escape(&b, s, strlen(s));
	return sbuf_detach(&b);
}

/* Display width of UTF-8 text: its characters (the names are ASCII; a
 * Chinese title would be off by a few columns, never garbled). */
static size_t width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		w += ((unsigned char)*s & 0xC0) != 0x80;
	return w;
}

/* A counter's value by its unit: bytes in decimal units, percentages with
 * one decimal, the rest with three significant digits. */
static const char *value_text(const char *col, double v, char *buf,
			      size_t size)
{
	static const char *const units[] = { "B", "kB", "MB", "GB", "TB" };
	const struct metric_column_def *d = metrics_find_column(col, NULL);
	const char *unit = d && d->unit ? d->unit : "";
	size_t u = 0;

	if (!isfinite(v)) {
		snprintf(buf, size, "-");
	} else if (!strcmp(unit, "B")) {
		while (fabs(v) >= 1000 && u + 1 < ARRAY_SIZE(units)) {
			v /= 1000;
			u++;
		}
		snprintf(buf, size, u ? "%.3g %s" : "%.0f %s", v, units[u]);
	} else if (!strcmp(unit, "%")) {
		snprintf(buf, size, "%.1f %%", v);
	} else {
		snprintf(buf, size, "%.3g", v);
	}
	return buf;
}

/* "name a -> b (better)", CHANGES_SHOWN of them, "; "-separated. */
static void changes_text(struct sbuf *b, const struct compare_pair *p)
{
	for (size_t k = 0; k < p->nchanges && k < CHANGES_SHOWN; k++) {
		const struct compare_change *ch = &p->changes[k];
		char x[32], y[32], *col = clean(ch->column);

		sbuf_addf(b, "%s%s %s -> %s%s", k ? "; " : "", col,
			  value_text(ch->column, ch->base, x, sizeof(x)),
			  value_text(ch->column, ch->cur, y, sizeof(y)),
			  ch->better > 0 ? " (better)" :
			  ch->better < 0 ? " (worse)" : "");
		free(col);
	}
	if (p->nchanges > CHANGES_SHOWN)
		sbuf_addf(b, "; %zu more", p->nchanges - CHANGES_SHOWN);
}

/* Why a pair has no verdict from its interval. */
static void why_text(struct sbuf *b, const struct compare *c,
		     const struct compare_pair *p)
{
	const struct result_row *w = p->why == CW_BASE_FAILED ? p->base :
				     p->cur;
	char *msg;

	switch (p->why) {
	case CW_BASE_FAILED:
	case CW_NEW_FAILED:
		msg = clean(w->message);
		sbuf_addf(b, "%s row %s%s%s", p->why == CW_BASE_FAILED ?
			  "base" : "new", w->status == ROW_OK ?
			  (w->t.nsamples ? "not verified" : "not timed") :
			  row_status_name(w->status), *msg ? ": " : "", msg);
		free(msg);
		break;
	case CW_FEW_SAMPLES:
		sbuf_addf(b, "%zu and %zu timed runs: a verdict needs %d on "
			  "each side", p->nbase, p->ncur, COMPARE_MIN_SAMPLES);
		break;
	case CW_RANKS:
		sbuf_addf(b, "%zu and %zu timed runs, too few for an interval: "
			  "every new run is %s than every base run, their "
			  "ratios %.4g to %.4g, beyond 1 +- %.3g (by ranks)",
			  p->nbase, p->ncur,
			  p->verdict == SV_SLOWER ? "slower" : "faster", p->lo,
			  p->hi, c->threshold);
		break;
	default:
		/* the interval says it: "unknown" is explained once, in the
		 * method line */
		break;
	}
}

/* ---- the header ------------------------------------------------------ */

static void print_side(FILE *fp, const char *label, const char *path,
		       const struct results *r)
{
	char *p = clean(path), *gpu = clean(r->has_env ? r->env.gpu_name :
					   "GPU not recorded");
	char *when = clean(r->finished ? r->finished : r->started);
	char *exp = clean(r->source_path);

	fprintf(fp, "%s %s (%s, %s, %s)\n", label, p, gpu, *when ? when :
		"date not recorded", *exp ? exp : "experiment not recorded");
	free(p);
	free(gpu);
	free(when);
	free(exp);
}

/* "NVIDIA H100 80GB HBM3 (reports/compare/h100-noise, 2026-11-28;
 * reports/compare/h100-twice, 2026-11-27)": each GPU model of the kind's
 * entries (listed together, compare.h) with its recordings. */
static void floor_sources(struct sbuf *b, const struct compare_kind_floors *s)
{
	for (size_t j = 0; j < s->nentries; j++) {
		bool first, last;
		char *g = clean(s->entries[j]->gpu);
		char *src = clean(s->entries[j]->source);

		compare_kind_entry_place(s, j, &first, &last);
		if (!first)
			sbuf_addf(b, "; %s", src);
		else
			sbuf_addf(b, "%s%s (%s", j ? "; " : "", g, src);
		if (last)
			sbuf_addc(b, ')');
		free(g);
		free(src);
	}
}

/* What a kind's floors are and where they came from, in a few words. */
static void kind_floor_text(struct sbuf *b, const struct compare *c,
			     enum compare_kind k)
{
	const struct compare_kind_floors *s = &c->kinds[k];
	char *g = clean(s->gpu ? s->gpu : "an unrecorded GPU");

	if (s->hi > s->lo)
		sbuf_addf(b, "%.3g to %.3g by median time", s->lo, s->hi);
	else
		sbuf_addf(b, "%.3g", s->hi);
	if (s->from & (1u << CFF_MEASURED)) {
		sbuf_add(b, ", measured on ");
		floor_sources(b, s);
	} else if (s->from & (1u << CFF_FALLBACK)) {
		sbuf_addf(b, ", not measured on %s: the widest measured on "
			  "another GPU, ", g);
		floor_sources(b, s);
	}
	if (s->from & (1u << CFF_UNMEASURED))
		sbuf_add(b, (s->from & ((1u << CFF_MEASURED) |
					(1u << CFF_FALLBACK))) ?
			 "; none for some rows (not measured on any GPU)" :
			 " (no floor: not measured on any GPU)");
	free(g);
}

/* The floors line, and a line per kind of the pairs. */
static void print_floors(FILE *fp, const struct compare *c)
{
	if (c->floor_mode == COMPARE_FLOOR_NONE) {
		fprintf(fp, "floors: none (--floor none): B is the threshold\n");
		return;
	}
	if (c->floor_mode == COMPARE_FLOOR_FIXED) {
		fprintf(fp, "floors: %g for every row (--floor)\n", c->floor);
		return;
	}
	fprintf(fp, "floors: the largest change between two runs of unchanged "
		"code, by GPU model, kind of row and median time "
		"(docs/statistics-and-compare.md):\n");
	for (int k = 0; k < CK__COUNT; k++) {
		struct sbuf b = SBUF_INIT;

		if (!c->kinds[k].npairs)
			continue;
		kind_floor_text(&b, c, (enum compare_kind)k);
		fprintf(fp, "  %-10s %5zu pair%s: %s\n",
			compare_kind_name((enum compare_kind)k),
			c->kinds[k].npairs, c->kinds[k].npairs == 1 ? "" : "s",
			sbuf_str(&b));
		sbuf_release(&b);
	}
}

static void print_header(FILE *fp, const struct compare *c,
			 const char *base_path, const char *cur_path)
{
	const struct environment *e = &c->base->env, *f = &c->cur->env;
	char *g = clean(e->gpu_name), *h = clean(f->gpu_name);

	print_side(fp, "base:", base_path, c->base);
	print_side(fp, "new: ", cur_path, c->cur);
	if (!c->base->has_env || !c->cur->has_env)
		fprintf(fp, "GPU: not recorded on a side: the verdicts may "
			"compare GPUs, not code\n");
	else if (c->cross_gpu)
		fprintf(fp, "cross-GPU: %s (%d.%d) -> %s (%d.%d): verdicts "
			"compare GPUs, not code\n", g, e->cc_major, e->cc_minor,
			h, f->cc_major, f->cc_minor);
	else if (c->other_device)
		fprintf(fp, "GPU: two boards of one model, %s: verdicts "
			"include the difference between the boards\n", g);
	else
		fprintf(fp, "GPU: the same, %s\n", g);
	free(g);
	free(h);
	if (!c->ndiffs)
		fprintf(fp, "environment: no recorded fact differs\n");
	else
		fprintf(fp, "environment differences (base -> new):\n");
	for (size_t i = 0; i < c->ndiffs; i++) {
		char *a = clean(c->diffs[i].base), *b = clean(c->diffs[i].cur);

		fprintf(fp, "  %-20s %s -> %s\n",
			compare_fact_name(c->diffs[i].fact), a, b);
		free(a);
		free(b);
	}
	fprintf(fp, "method: ratio of median times new / base with its 95 %% "
		"bootstrap interval (%d resamples, fixed seed); faster or "
		"slower: the interval wholly outside 1 +- %g (the threshold) "
		"and the change larger than the pair's run-to-run floor; same: "
		"the interval inside, or the change within the floor; unknown: "
		"across a boundary\n", STATS_BOOTSTRAP, c->threshold);
	print_floors(fp, c);
	fprintf(fp, "pairs: %zu: %zu faster, %zu slower, %zu same, %zu "
		"unknown; %zu rows only in base, %zu only in new\n", c->npairs,
		c->counts[SV_FASTER], c->counts[SV_SLOWER], c->counts[SV_SAME],
		c->counts[SV_UNKNOWN], c->nonly_base, c->nonly_cur);
}

/* ---- the table ---------------------------------------------------------- */

enum col { C_EXP, C_VARIANT, C_TYPE, C_SIZE, C_BLOCK, C_BASE, C_NEW,
	   C_RATIO, C_CI, C_KIND, C_FLOOR, C_VERDICT, NCOLS };

static const char *const col_head[NCOLS] = {
	"experiment", "variant", "type", "size", "block", "base ms",
	"new ms", "new/base", "95 % interval", "kind", "floor", "verdict",
};

/* A pair's experiment: its name, or "base-name/new-name" when --match
 * paired experiments of two names. */
static char *experiment_cell(const struct compare_pair *p)
{
	const char *a = p->base->experiment ? p->base->experiment : "";
	const char *b = p->cur->experiment ? p->cur->experiment : "";
	char *both = strcmp(a, b) ? xasprintf("%s/%s", a, b) : xstrdup(a);
	char *c = clean(both);

	free(both);
	return c;
}

/* One pair's cells, heap strings. */
static void pair_cells(const struct compare_pair *p, char *cell[NCOLS])
{
	const struct result_row *w = p->base;
	char buf[64];

	cell[C_EXP] = experiment_cell(p);
	cell[C_VARIANT] = clean(w->variant);
	cell[C_TYPE] = clean(w->dtype);
	cell[C_SIZE] = xstrdup(compare_size_text(w, buf, sizeof(buf)));
	cell[C_BLOCK] = w->block > 0 ? xasprintf("%d", w->block) :
				       xstrdup("-");
	cell[C_BASE] = isfinite(p->base_ms) ? xasprintf("%.4g", p->base_ms) :
					      xstrdup("-");
	cell[C_NEW] = isfinite(p->cur_ms) ? xasprintf("%.4g", p->cur_ms) :
					    xstrdup("-");
	cell[C_RATIO] = isfinite(p->ratio) ? xasprintf("%.4g", p->ratio) :
					     xstrdup("-");
	/* by ranks: no interval, the range of the runs' ratios (below) */
	cell[C_CI] = isfinite(p->lo) && p->why != CW_RANKS ?
		     xasprintf("[%.4g, %.4g]", p->lo, p->hi) : xstrdup("-");
	cell[C_KIND] = xstrdup(compare_kind_name(p->kind));
	cell[C_FLOOR] = p->floor.from == CFF_NONE ||
			p->floor.from == CFF_UNMEASURED ? xstrdup("-") :
			xasprintf("%.3g", p->floor.floor);
	cell[C_VERDICT] = xstrdup(stats_verdict_name(p->verdict));
}

static void print_cells(FILE *fp, const char *const *cell,
			const size_t *wid)
{
	for (int k = 0; k < NCOLS; k++) {
		bool last = k == NCOLS - 1;
		/* numbers right-aligned, words left */
		bool right = (k >= C_BLOCK && k <= C_RATIO) || k == C_FLOOR;
		size_t pad = wid[k] - width(cell[k]);

		if (right)
			fprintf(fp, "%*s", (int)pad, "");
		fputs(cell[k], fp);
		if (!last)
			fprintf(fp, "%*s", (int)(right ? 2 : pad + 2), "");
	}
	fputc('\n', fp);
}

static void print_table(FILE *fp, const struct compare *c)
{
	char *(*cells)[NCOLS] = xcalloc(c->npairs ? c->npairs : 1,
					sizeof(*cells));
	size_t wid[NCOLS];

	for (int k = 0; k < NCOLS; k++)
		wid[k] = width(col_head[k]);
	for (size_t i = 0; i < c->npairs; i++) {
		pair_cells(&c->pairs[i], cells[i]);
		for (int k = 0; k < NCOLS; k++)
			if (width(cells[i][k]) > wid[k])
				wid[k] = width(cells[i][k]);
	}
	fputc('\n', fp);
	print_cells(fp, col_head, wid);
	for (size_t i = 0; i < c->npairs; i++) {
		const struct compare_pair *p = &c->pairs[i];
		struct sbuf b = SBUF_INIT;

		print_cells(fp, (const char *const *)cells[i], wid);
		why_text(&b, c, p);
		if (b.len)
			fprintf(fp, "    why: %s\n", sbuf_str(&b));
		sbuf_reset(&b);
		changes_text(&b, p);
		if (b.len)
			fprintf(fp, "    counters: %s\n", sbuf_str(&b));
		sbuf_release(&b);
		for (int k = 0; k < NCOLS; k++)
			free(cells[i][k]);
	}
	free(cells);
}

/* The rows of one side, a line per stage (rows of a stage are adjacent
 * in a results file): "experiment type size: variant, variant/b128". */
static void print_only(FILE *fp, const char *side,
		       const struct result_row *const *rows, size_t n)
{
	if (!n)
		return;
	fprintf(fp, "\nonly in %s (%zu row%s):\n", side, n, n == 1 ? "" : "s");
	for (size_t i = 0; i < n; i++) {
		const struct result_row *w = rows[i];
		char *v = clean(w->variant), size[64];

		if (!i || !compare_same_stage(rows[i - 1], w)) {
			char *e = clean(w->experiment), *t = clean(w->dtype);

			fprintf(fp, "%s  %s %s %s: ", i ? "\n" : "", e, t,
				compare_size_text(w, size, sizeof(size)));
			free(e);
			free(t);
		} else {
			fputs(", ", fp);
		}
		fputs(v, fp);
		if (w->block > 0)
			fprintf(fp, "/b%d", w->block);
		free(v);
	}
	fputc('\n', fp);
}

void compare_print_text(FILE *fp, const struct compare *c,
			const char *base_path, const char *cur_path)
{
	print_header(fp, c, base_path, cur_path);
	print_table(fp, c);
	print_only(fp, "base", c->only_base, c->nonly_base);
	print_only(fp, "new", c->only_cur, c->nonly_cur);
}

/* Why the pair's bound is what it is: "the threshold", or its floor and
 * where the floor came from. */
static void bound_text(struct sbuf *b, const struct compare *c,
		       const struct compare_pair *p)
{
	const struct compare_floor *e = p->floor.entry;
	char *g, *eg, *src;

	if (!(p->floor.floor > c->threshold)) {
		sbuf_add(b, "the threshold");
		return;
	}
	if (p->floor.from == CFF_FIXED || !e) {
		sbuf_add(b, "the floor of --floor");
		return;
	}
	g = clean(p->floor_gpu ? p->floor_gpu : "an unrecorded GPU");
	eg = clean(e->gpu);
	src = clean(e->source);
	sbuf_addf(b, "the run-to-run floor of %s rows (measured at %g to %g "
		  "ms) on %s", compare_kind_name(p->kind), e->lo_ms, e->hi_ms,
		  eg);
	if (p->floor.from == CFF_FALLBACK)
		sbuf_addf(b, " (not measured on %s)", g);
	sbuf_addf(b, ", %s", src);
	free(g);
	free(eg);
	free(src);
}

void compare_say_fails(const struct compare *c, unsigned mask,
		       const char *base_path, const char *cur_path)
{
	char *bp = clean(base_path), *cp = clean(cur_path);

	for (size_t i = 0; i < c->npairs; i++) {
		const struct compare_pair *p = &c->pairs[i];
		const struct result_row *w = p->cur;
		char *e, *v, *t, size[64], block[32] = "";
		struct sbuf why = SBUF_INIT;

		if (!(mask & (1u << p->verdict)))
			continue;
		bound_text(&why, c, p);
		e = clean(w->experiment);
		v = clean(w->variant);
		t = clean(w->dtype);
		if (w->block > 0)
			snprintf(block, sizeof(block), "/b%d", w->block);
		diag_error("%s: %s/%s/%s/%s%s is %s than in %s: median %.4g ms "
			   "against %.4g ms, ratio %.3f (%s %.3f to %.3f, beyond "
			   "1 +- %.3g; the change beyond %.3g: %s)", cp, e, v, t,
			   compare_size_text(w, size, sizeof(size)), block,
			   stats_verdict_name(p->verdict), bp, p->cur_ms,
			   p->base_ms, p->ratio, p->why == CW_RANKS ?
			   "too few runs for an interval; every run's ratio" :
			   "95 % interval", p->lo, p->hi, c->threshold,
			   p->bound, sbuf_str(&why));
		sbuf_release(&why);
		free(e);
		free(v);
		free(t);
	}
	free(bp);
	free(cp);
}

/* ---- culab list floors --------------------------------------------------- */

/* A band of median times as people read it: "8 to 16 us", "1.024 to
 * 2.048 ms". */
static void band_words(char *buf, size_t size, double lo_ms, double hi_ms)
{
	if (hi_ms <= 1)
		snprintf(buf, size, "%g to %g us", lo_ms * 1000, hi_ms * 1000);
	else
		snprintf(buf, size, "%g to %g ms", lo_ms, hi_ms);
}

void compare_print_floors(FILE *fp, bool markdown)
{
	size_t n;
	const struct compare_floor *t = compare_floor_table(&n);
	static const char fallback[] =
		"not measured: the widest that the rule gives on any model "
		"measured, said as a fallback";

	if (markdown)
		fprintf(fp, "| GPU | kind | median time | floor | pairs | "
			"recording |\n| --- | --- | --- | ---: | ---: | --- |\n");
	else
		fprintf(fp, "%-22s %-10s %-22s %9s %6s  %s\n", "GPU", "kind",
			"median time", "floor", "pairs", "recording");
	for (size_t i = 0; i < n; i++) {
		char band[64];
		bool same = i && !strcmp(t[i].gpu, t[i - 1].gpu);

		band_words(band, sizeof(band), t[i].lo_ms, t[i].hi_ms);
		if (markdown)
			fprintf(fp, "| %s | %s | %s | %.4g %% | %u | %s |\n",
				same ? "" : t[i].gpu, compare_kind_name(t[i].kind),
				band, 100 * t[i].floor, t[i].pairs,
				same && !strcmp(t[i].source, t[i - 1].source) ?
				"" : t[i].source);
		else
			fprintf(fp, "%-22s %-10s %-22s %9.4g %6u  %s\n",
				t[i].gpu, compare_kind_name(t[i].kind), band,
				t[i].floor, t[i].pairs, t[i].source);
	}
	if (markdown)
		fprintf(fp, "| any other GPU | | | %s | | |\n", fallback);
	else
		fprintf(fp, "any other GPU: %s\n", fallback);
}

/* ---- culab compare --noise ------------------------------------------------ */

_Static_assert(COMPARE_NOISE_ALL == 12, "compare_print_noise says 12 files");

/* The kinds as floor.c's table names them. */
static const char *const kind_ident[CK__COUNT] = {
	[CK_GPU] = "CK_GPU", [CK_GPU_L2] = "CK_GPU_L2",
	[CK_HOST_STEP] = "CK_HOST_STEP",
	[CK_CPU] = "CK_CPU",
};

/* "reduce-float/reduce_grid_stride float 2^20/b256 (0.00942 ms, files 1
 * and 2)" */
static void point_text(struct sbuf *b, const struct compare_noise_point *pt,
		       size_t nfiles)
{
	const struct result_row *w = pt->row;
	char *e = clean(w->experiment), *v = clean(w->variant);
	char *t = clean(w->dtype), size[64];
	size_t x, y;

	if (!compare_noise_files(pt->compare, nfiles, &x, &y))
		x = y = 0;
	sbuf_addf(b, "%s/%s %s %s", e, v, t,
		  compare_size_text(w, size, sizeof(size)));
	if (w->block > 0)
		sbuf_addf(b, "/b%d", w->block);
	sbuf_addf(b, " (%.3g ms, files %zu and %zu)", pt->ms, x + 1, y + 1);
	free(e);
	free(v);
	free(t);
}

/* A band's bounds in microseconds: "8 to 16 us". */
static void band_text(char *buf, size_t size, double lo_ms, double hi_ms)
{
	snprintf(buf, size, "%.0f to %.0f us", lo_ms * 1000, hi_ms * 1000);
}

/* The files compared, one line each; returns the earliest date they
 * record ("YYYY-MM-DD", caller frees), or NULL. */
static char *noise_files(FILE *fp, const struct results *r,
			 const char *const *paths, size_t n)
{
	char *date = NULL;

	for (size_t i = 0; i < n; i++) {
		char *p = clean(paths[i]), *when = clean(r[i].started);
		char *commit = clean(r[i].culab_commit);
		char *exp = clean(r[i].source_path);

		fprintf(fp, "  %zu. %s (%s, culab %s, %s)\n", i + 1, p,
			*when ? when : "date not recorded",
			*commit ? commit : "commit not recorded",
			*exp ? exp : "experiment not recorded");
		/* the earliest date, for the table's entries */
		if (*when && (!date || strcmp(r[i].started, date) < 0)) {
			free(date);
			date = xstrndup(r[i].started, 10);
		}
		free(p);
		free(when);
		free(commit);
		free(exp);
	}
	return date;
}

void compare_print_noise(FILE *fp, const struct compare_noise *z,
			 const char *gpu, const struct results *r,
			 const char *const *paths, size_t n)
{
	char *g = clean(gpu), *date, *source;
	struct sbuf entries = SBUF_INIT, eg = SBUF_INIT;

	fprintf(fp, "run-to-run noise on %s: %zu files, %zu comparison%s "
		"(each file against %s)\n", g, n, z->ncompares,
		z->ncompares == 1 ? "" : "s", n > COMPARE_NOISE_ALL ?
		"the next: every pair only up to 12 files" :
		"every later one");
	date = noise_files(fp, r, paths, n);
	fprintf(fp, "change: |new / base - 1| of the medians of a pair whose "
		"rows both ran and verified; time: the shorter median\n\n");
	fprintf(fp, "%-10s %6s %8s %9s  %s\n", "kind", "pairs", "largest",
		"95 % q.", "largest at");
	for (int k = 0; k < CK__COUNT; k++) {
		struct compare_noise_band *bands;
		size_t nb = compare_noise_bands(z, (enum compare_kind)k, &bands);
		const struct compare_noise_point *top = NULL;
		struct sbuf at = SBUF_INIT;

		for (size_t j = 0; j < nb; j++)
			if (!top || bands[j].max > top->change)
				top = bands[j].at;
		if (top)
			point_text(&at, top, n);
		fprintf(fp, "%-10s %6zu %8.4g %9.4g  %s\n",
			compare_kind_name((enum compare_kind)k), z->npoints[k],
			compare_noise_quantile(z, (enum compare_kind)k, 1),
			compare_noise_quantile(z, (enum compare_kind)k, 0.95),
			top ? sbuf_str(&at) : "-");
		sbuf_release(&at);
		free(bands);
	}
	for (int k = 0; k < CK__COUNT; k++) {
		struct compare_noise_band *bands;
		size_t nb = compare_noise_bands(z, (enum compare_kind)k, &bands);

		if (!nb)
			continue;
		fprintf(fp, "\n%s, by median time (* sets a floor: the table "
			"keeps it; floor: the largest of this band and every "
			"longer one):\n", compare_kind_name((enum compare_kind)k));
		fprintf(fp, "  %-20s %6s %9s %9s  %s\n", "median time", "pairs",
			"largest", "floor", "largest at");
		for (size_t j = 0; j < nb; j++) {
			struct sbuf at = SBUF_INIT;
			char band[48];

			band_text(band, sizeof(band), bands[j].lo_ms,
				  bands[j].hi_ms);
			point_text(&at, bands[j].at, n);
			fprintf(fp, "%c %-20s %6zu %9.4g %9.4g  %s\n",
				bands[j].sets ? '*' : ' ', band,
				bands[j].npoints, bands[j].max, bands[j].floor,
				sbuf_str(&at));
			sbuf_release(&at);
			if (bands[j].sets) {
				/* C source: the model a C string literal */
				sbuf_add(&entries, "\t{ ");
				quote_c_string(&entries, gpu);
				sbuf_addf(&entries, ", %s, %g, %g, %.4g, %zu, "
					  "SOURCE },\n", kind_ident[k],
					  bands[j].lo_ms, bands[j].hi_ms,
					  compare_floor_round_up(bands[j].max),
					  bands[j].npoints);
			}
		}
		free(bands);
	}
	source = xasprintf("reports/compare/NAME, %s", date ? date :
			   "YYYY-MM-DD");
	quote_c_string(&eg, source);
	fprintf(fp, "\ntable entries for src/compare/floor.c (floors rounded "
		"up to 4 digits; SOURCE: the recording's folder under "
		"reports/ and its date, e.g. %s):\n%s", sbuf_str(&eg),
		entries.len ? sbuf_str(&entries) :
		"\t(none: no pair of rows both ran)\n");
	free(source);
	sbuf_release(&eg);
	sbuf_release(&entries);
	free(date);
	free(g);
}
