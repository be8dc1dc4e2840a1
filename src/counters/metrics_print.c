/* metrics_print.c - the alias table as `culab list metrics` prints it, and
 * the table of chips `culab list chips` prints: where each alias of the
 * default set resolves, evaluated offline with CUPTI's host API (the table
 * and the evaluation are metrics.c's; this file only lays them out). */
#include "counters.h"

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

/* One row of the table; the chip's notes (aliases with the same note
 * named together) are appended to notes. */
static void chip_row(FILE *fp, const char *chip, struct sbuf *notes)
{
	size_t ndef, i, k;
	const char *const *def = metrics_default_set(&ndef);
	const struct chip_def *cd = chip_find(chip);
	struct sbuf *note = xcalloc(ndef, sizeof(*note));
	int passes = chip_passes(chip);

	fprintf(fp, "| %s | %s | %s |", chip, cd ? cd->arch : "?",
		cd ? cd->gpus : "");
	for (i = 0; i < ndef; i++)
		fprintf(fp, " %s |", chip_cell(metrics_find(def[i]), chip,
					       &note[i]));
	if (passes > 0)
		fprintf(fp, " %d |\n", passes);
	else
		fprintf(fp, " - |\n");
	for (i = 0; i < ndef; i++) {
		bool first = true;

		for (k = 0; k < i && note[i].len; k++)
			if (!strcmp(sbuf_str(&note[k]), sbuf_str(&note[i])))
				break;
		if (!note[i].len || k < i)
			continue;
		sbuf_addf(notes, "- %s (", chip);
		for (k = i; k < ndef; k++) {
			if (strcmp(sbuf_str(&note[k]), sbuf_str(&note[i])))
				continue;
			sbuf_addf(notes, "%s%s", first ? "" : ", ", def[k]);
			first = false;
		}
		sbuf_addf(notes, "): %s\n", sbuf_str(&note[i]));
	}
	for (i = 0; i < ndef; i++)
		sbuf_release(&note[i]);
	free(note);
}

int metrics_print_chips(FILE *fp, char *why, size_t whysize)
{
	const char *const *chips;
	int nchips = counters_supported_chips(&chips, why, whysize);
	size_t ndef, i;
	const char *const *def = metrics_default_set(&ndef);
	unsigned v = counters_cupti_version();
	struct sbuf notes = SBUF_INIT;

	if (nchips < 0)
		return -1;
	fprintf(fp, "Where each alias of the default counter set resolves, on "
		"every chip the Profiler Host API of CUPTI %u.%u (API version "
		"%u) knows: computed offline from CUPTI's metric tables, not "
		"measured on hardware.\n\n| chip | arch | GPUs |",
		v / 10000, v / 100 % 100, v);
	for (i = 0; i < ndef; i++)
		fprintf(fp, " %s |", def[i]);
	fprintf(fp, " passes |\n| --- | --- | --- |");
	for (i = 0; i < ndef; i++)
		fprintf(fp, " --- |");
	fprintf(fp, " --- |\n");
	for (i = 0; i < (size_t)nchips; i++)
		chip_row(fp, chips[i], &notes);
	fprintf(fp, "\nyes: collectable; yes\\*: collectable, some raw metrics "
		"under the chip's own names; no: not collectable there, its "
		"columns stay empty; ?: not evaluated.  passes: the replay "
		"passes the default set (what the chip can collect of it) needs "
		"there.\n");
	if (notes.len)
		fprintf(fp, "\n%s", sbuf_str(&notes));
	sbuf_release(&notes);
	return 0;
}
