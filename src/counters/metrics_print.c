/* metrics_print.c - the alias table as `culab list metrics` prints it, the
 * table of chips `culab list chips` prints: where each alias of the
 * default set resolves, evaluated offline with CUPTI's host API (the table
 * and the evaluation are metrics.c's; this file only lays them out), and
 * the per-line metrics `culab list lines` prints (source_lines.c's table). */
#include "counters.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static const char *better_text(int better)
{
	return better < 0 ? "lower is better" : better > 0 ? "higher is better" : "";
}

/* Columns a UTF-8 lead byte occupies on a terminal: CJK (3-byte
 * sequences) is double-width; continuation bytes take none. */
static int lead_width(unsigned char c)
{
	if ((c & 0xC0) == 0x80)
		return 0;
	return (c & 0xF0) == 0xE0 ? 2 : 1;
}

/* Prints text indented by `indent`, wrapped at spaces before column 78; a
 * run without spaces longer than the line is printed whole. */
static void print_wrapped(FILE *fp, int indent, const char *text)
{
	const int width = 78;
	const char *p = text;

	while (*p) {
		const char *end = p, *brk = NULL;
		int col = indent;

		while (*end && col < width) {
			if (*end == ' ')
				brk = end;
			col += lead_width((unsigned char)*end);
			end++;
		}
		if (!*end || *end == ' ') {
			brk = end;
		} else if (!brk) {
			while (*end && *end != ' ')
				end++;
			brk = end;
		}
		fprintf(fp, "%*s%.*s\n", indent, "", (int)(brk - p), p);
		p = *brk ? brk + 1 : brk;
	}
}

/* Whether alias a collects, on the chip r describes, some raw metric under
 * another name than its own. */
static bool renamed(const struct metric_alias *a,
		    const struct metric_resolution *r)
{
	for (size_t j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
		if (r->collect[j] && strcmp(r->collect[j], a->raw[j]))
			return true;
	return false;
}

/* The lines of one alias that say whether chip collects it. */
static void print_on_chip(FILE *fp, const struct metric_alias *a,
			  const char *chip)
{
	struct metric_resolution r;
	size_t j;

	switch (metrics_resolve(a, chip, &r)) {
	case 1:
		fprintf(fp, "  collectable on %s%s\n", chip,
			renamed(a, &r) ? ", under the chip's own names:" : "");
		for (j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
			if (strcmp(r.collect[j], a->raw[j]))
				fprintf(fp, "    %s -> %s\n", a->raw[j], r.collect[j]);
		break;
	case 0:
		fprintf(fp, "  not collectable on %s (its columns stay empty):\n",
			chip);
		for (j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
			if (r.why[j][0])
				fprintf(fp, "    %s: %s\n", a->raw[j], r.why[j]);
		break;
	default:
		fprintf(fp, "  not evaluated for %s: %s\n", chip, r.summary);
		break;
	}
}

void metrics_print(FILE *fp, bool verbose, const char *chip)
{
	size_t n, ndef, i, j;
	const struct metric_alias *aliases = metrics_aliases(&n);
	const char *const *def = metrics_default_set(&ndef);

	fprintf(fp, "Counter aliases (use in an experiment's `counters:` list; "
		"\"%s\" is the set:", METRICS_DEFAULT_WORD);
	for (i = 0; i < ndef; i++)
		fprintf(fp, " %s", def[i]);
	fprintf(fp, ").\nRaw Perfworks metrics (e.g. dram__bytes_read.sum) are "
		"accepted too and become a column of the same name.\n");
	if (chip)
		fprintf(fp, "Evaluated for chip %s, offline, with CUPTI's host "
			"API.\n", chip);
	for (i = 0; i < n; i++) {
		const struct metric_alias *a = &aliases[i];

		fprintf(fp, "\n%s\n", a->name);
		print_wrapped(fp, 4, a->summary_en);
		print_wrapped(fp, 4, a->summary_zh);
		for (j = 0; j < METRIC_MAX_COLS && a->cols[j].name; j++) {
			const struct metric_column_def *c = &a->cols[j];

			fprintf(fp, "  %-31s %-17s %s\n", c->name, c->unit,
				better_text(c->better));
			if (verbose) {
				print_wrapped(fp, 6, c->what_en);
				print_wrapped(fp, 6, c->what_zh);
			}
		}
		if (chip)
			print_on_chip(fp, a, chip);
		if (!verbose)
			continue;
		fprintf(fp, "  raw metrics:\n");
		for (j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
			fprintf(fp, "    %s\n", a->raw[j]);
		fputc('\n', fp);
		print_wrapped(fp, 2, a->explain_en);
		fputc('\n', fp);
		print_wrapped(fp, 2, a->explain_zh);
	}
}

/* ---- the table of chips ------------------------------------------------ */

/* Appends to note what keeps alias a from chip, or the chip's own names
 * it is collected under; returns the table cell. */
static const char *chip_cell(const struct metric_alias *a, const char *chip,
			     struct sbuf *note)
{
	struct metric_resolution r;
	size_t j;

	sbuf_reset(note);
	switch (metrics_resolve(a, chip, &r)) {
	case 1:
		if (!renamed(a, &r))
			return "yes";
		for (j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
			if (strcmp(r.collect[j], a->raw[j]))
				sbuf_addf(note, "%s%s collected as %s",
					  note->len ? "; " : "", a->raw[j],
					  r.collect[j]);
		return "yes*";
	case 0:
		for (j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
			if (r.why[j][0])
				sbuf_addf(note, "%s%s", note->len ? "; " : "",
					  r.why[j]);
		return "no";
	default:
		sbuf_add(note, r.summary);
		return "?";
	}
}

/* Replay passes the default set needs on chip, as far as the chip can
 * collect it; -1 when that cannot be computed. */
static int chip_passes(const char *chip)
{
	char *def[] = { (char *)METRICS_DEFAULT_WORD };
	struct counter_plan p;
	char why[512];
	int passes = -1;

	if (counter_plan_build(def, 1, &p) < 0)
		return -1;
	counter_plan_restrict(&p, chip, NULL, 0);
	if (p.nraw)
		passes = counters_count_passes(chip, (const char *const *)p.raw,
					       p.nraw, why, sizeof(why));
	counter_plan_release(&p);
	return passes;
}

int metrics_chips(struct chip_report **out, char *why, size_t whysize)
{
	const char *const *chips;
	int nchips = counters_supported_chips(&chips, why, whysize);
	size_t ndef, i, k;
	const char *const *def = metrics_default_set(&ndef);
	struct chip_report *c;

	*out = NULL;
	if (nchips < 0)
		return -1;
	c = xcalloc((size_t)nchips + 1, sizeof(*c));
	for (i = 0; i < (size_t)nchips; i++) {
		const struct chip_def *cd = chip_find(chips[i]);
		struct sbuf note = SBUF_INIT;

		c[i].chip = chips[i];
		c[i].arch = cd ? cd->arch : "?";
		c[i].gpus = cd ? cd->gpus : "";
		c[i].passes = chip_passes(chips[i]);
		c[i].naliases = ndef;
		c[i].alias = def;
		c[i].cell = xcalloc(ndef, sizeof(*c[i].cell));
		c[i].note = xcalloc(ndef, sizeof(*c[i].note));
		for (k = 0; k < ndef; k++) {
			c[i].cell[k] = chip_cell(metrics_find(def[k]), chips[i],
						 &note);
			c[i].note[k] = xstrdup(sbuf_str(&note));
		}
		sbuf_release(&note);
	}
	*out = c;
	return nchips;
}

void metrics_chips_free(struct chip_report *c, size_t n)
{
	for (size_t i = 0; c && i < n; i++) {
		for (size_t k = 0; k < c[i].naliases; k++)
			free(c[i].note[k]);
		free(c[i].note);
		free(c[i].cell);
	}
	free(c);
}

/* The chip's notes, aliases with the same note named together:
 * "GA10B (dram): why" lines, each after `bullet`. */
static void print_chip_notes(FILE *fp, const struct chip_report *c,
			     const char *bullet)
{
	for (size_t i = 0; i < c->naliases; i++) {
		bool first = true;
		size_t k;

		for (k = 0; k < i && c->note[i][0]; k++)
			if (!strcmp(c->note[k], c->note[i]))
				break;
		if (!c->note[i][0] || k < i)
			continue;
		fprintf(fp, "%s%s (", bullet, c->chip);
		for (k = i; k < c->naliases; k++) {
			if (strcmp(c->note[k], c->note[i]))
				continue;
			fprintf(fp, "%s%s", first ? "" : ", ", c->alias[k]);
			first = false;
		}
		fprintf(fp, "): %s\n", c->note[i]);
	}
}

/* The Markdown table of reports/chips/aliases.md. */
static void print_chips_markdown(FILE *fp, const struct chip_report *c,
				 size_t n)
{
	unsigned v = counters_cupti_version();
	size_t i, k, nal = n ? c[0].naliases : 0;
	bool notes = false;

	fprintf(fp, "Where each alias of the default counter set resolves, on "
		"every chip the Profiler Host API of CUPTI %u.%u (API version "
		"%u) knows: computed offline from CUPTI's metric tables, not "
		"measured on hardware.\n\n| chip | arch | GPUs |",
		v / 10000, v / 100 % 100, v);
	for (k = 0; k < nal; k++)
		fprintf(fp, " %s |", c[0].alias[k]);
	fprintf(fp, " passes |\n| --- | --- | --- |");
	for (k = 0; k < nal; k++)
		fprintf(fp, " --- |");
	fprintf(fp, " --- |\n");
	for (i = 0; i < n; i++) {
		fprintf(fp, "| %s | %s | %s |", c[i].chip, c[i].arch, c[i].gpus);
		for (k = 0; k < c[i].naliases; k++)
			fprintf(fp, " %s |", c[i].cell[k]);
		if (c[i].passes > 0)
			fprintf(fp, " %d |\n", c[i].passes);
		else
			fprintf(fp, " - |\n");
	}
	fprintf(fp, "\nyes: collectable; yes\\*: collectable, some raw metrics "
		"under the chip's own names; no: not collectable there, its "
		"columns stay empty; ?: not evaluated.  passes: the replay "
		"passes the default set (what the chip can collect of it) needs "
		"there.\n");
	for (i = 0; i < n; i++)
		for (k = 0; k < c[i].naliases; k++)
			notes |= c[i].note[k][0] != '\0';
	if (notes)
		fputc('\n', fp);
	for (i = 0; i < n; i++)
		print_chip_notes(fp, &c[i], "- ");
}

/* The aliases of chip c whose cell is `cell`, comma-separated, into b. */
static void aliases_with(const struct chip_report *c, const char *cell,
			 struct sbuf *b)
{
	sbuf_reset(b);
	for (size_t k = 0; k < c->naliases; k++)
		if (!strcmp(c->cell[k], cell))
			sbuf_addf(b, "%s%s", b->len ? ", " : "", c->alias[k]);
}

/* One line a chip, for a terminal: what it collects in words. */
static void print_chips_text(FILE *fp, const struct chip_report *c, size_t n)
{
	unsigned v = counters_cupti_version();
	struct sbuf no = SBUF_INIT, renamed = SBUF_INIT, unknown = SBUF_INIT;
	struct sbuf what = SBUF_INIT;
	size_t i, k, nal = n ? c[0].naliases : 0;

	sbuf_add(&what, "The default counter set (");
	for (k = 0; k < nal; k++)
		sbuf_addf(&what, "%s%s", k ? ", " : "", c[0].alias[k]);
	sbuf_addf(&what, ") on every chip the host API of CUPTI %u.%u (API "
		  "version %u) knows: computed offline from its metric tables, "
		  "not measured.  passes: the replay passes the set needs.",
		  v / 10000, v / 100 % 100, v);
	print_wrapped(fp, 0, sbuf_str(&what));
	fputc('\n', fp);
	fprintf(fp, "%-6s %-7s %-6s %-28s %s\n", "chip", "arch", "passes",
		"collects", "GPUs");
	for (i = 0; i < n; i++) {
		char passes[16];

		aliases_with(&c[i], "no", &no);
		aliases_with(&c[i], "yes*", &renamed);
		aliases_with(&c[i], "?", &unknown);
		sbuf_reset(&what);
		for (k = 0; k < c[i].naliases &&
		     !strcmp(c[i].cell[k], "?"); k++)
			;
		if (unknown.len == 0 && no.len == 0)
			sbuf_add(&what, "all");
		else if (k == c[i].naliases)
			sbuf_add(&what, "not evaluated");
		else
			sbuf_addf(&what, "all but %s%s%s", sbuf_str(&no),
				  no.len && unknown.len ? ", " : "",
				  sbuf_str(&unknown));
		if (renamed.len)
			sbuf_addf(&what, " (%s renamed)", sbuf_str(&renamed));
		if (c[i].passes > 0)
			snprintf(passes, sizeof(passes), "%d", c[i].passes);
		else
			snprintf(passes, sizeof(passes), "-");
		fprintf(fp, "%-6s %-7s %-6s %-28s %s\n", c[i].chip, c[i].arch,
			passes, sbuf_str(&what), *c[i].gpus ? c[i].gpus : "-");
	}
	for (i = 0; i < n; i++)
		for (k = 0; k < c[i].naliases; k++)
			if (c[i].note[k][0])
				goto notes;
	goto out;
notes:
	fputc('\n', fp);
	for (i = 0; i < n; i++)
		print_chip_notes(fp, &c[i], "");
out:
	sbuf_release(&no);
	sbuf_release(&renamed);
	sbuf_release(&unknown);
	sbuf_release(&what);
}

void metrics_print_chips(FILE *fp, const struct chip_report *c, size_t n,
			 bool markdown)
{
	if (markdown)
		print_chips_markdown(fp, c, n);
	else
		print_chips_text(fp, c, n);
}

/* ---- counters per source line ----------------------------------------- */

void lines_print(FILE *fp)
{
	size_t n;
	const struct line_metric *t = lines_metrics(&n);

	fprintf(fp, "Counters per source line (results.json rows[].lines; "
		"docs/per-line.md):\nCUPTI's SASS metrics of one launch and the PC "
		"samples of the run (stall_*: where warps wait; "
		"CULAB_STALLS=off leaves them out), per "
		"instruction, added up per source line.\n");
	for (size_t i = 0; i < n; i++) {
		const struct line_metric *m = &t[i];
		struct sbuf b = SBUF_INIT;

		fprintf(fp, "\n%-24s %s\n", m->name, m->sass ? m->sass :
			m->pcsamp);
		print_wrapped(fp, 4, m->what_en);
		print_wrapped(fp, 4, m->what_zh);
		if (!m->kernel_raw[0])
			continue;
		sbuf_add(&b, "over a launch's lines:");
		for (size_t k = 0; k < ARRAY_SIZE(m->kernel_raw) &&
		     m->kernel_raw[k]; k++)
			sbuf_addf(&b, "%s%s", k ? " + " : " ", m->kernel_raw[k]);
		if (m->exact && m->unless)
			sbuf_addf(&b, ", exactly (in kernels without %s atomics "
				  "or reductions)", m->unless);
		else if (m->exact)
			sbuf_add(&b, ", exactly");
		else
			sbuf_addf(&b, " (a hardware counter: within %.0f %%)",
				  100 * LINES_HW_TOLERANCE);
		print_wrapped(fp, 4, sbuf_str(&b));
		sbuf_release(&b);
	}
}
