/* cli_shared.c - what several commands share: option values (a number,
 * --threshold, --match), the comparison with a baseline that `report
 * --baseline` and `compare` make, and the lines a run ends with (`run`,
 * `rerun`).  See cli.h.  Below every command file, so that none of them
 * calls another. */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "compare/compare.h"
#include "jobs/jobs.h"
#include "report/report.h"
#include "results/results.h"

/* ---- option values ---------------------------------------------------------- */

int cli_number(const struct cli_command *c, const struct cli_value *v,
	       int max, int *out)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v->arg, &end, 10);
	if (errno || *v->arg == '\0' || *end != '\0' || n < 0 || n > max)
		return cli_value_error(c, v, "takes a non-negative integer "
				       "(at most %d), not \"%s\"", max, v->arg);
	*out = (int)n;
	return 0;
}

/* --threshold: a relative difference, 0 < T < 1. */
int cli_parse_threshold(const struct cli_command *c, const struct cli_value *v,
			double *t)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(v->arg, &end);
	if (errno || end == v->arg || *end || !(x > 0 && x < 1))
		return cli_value_error(c, v, "takes a relative difference "
				       "between 0 and 1 (0.02 is 2 %%), not "
				       "\"%s\"", v->arg);
	*t = x;
	return 0;
}

/* --floor none|F. */
int cli_parse_floor(const struct cli_command *c, const struct cli_value *v,
		    struct cmp_opts *o)
{
	char *end;
	double x;

	o->floor_given = true;
	if (!strcmp(v->arg, "none")) {
		o->floor_mode = COMPARE_FLOOR_NONE;
		return 0;
	}
	errno = 0;
	x = strtod(v->arg, &end);
	if (errno || end == v->arg || *end || !(x > 0 && x < 1))
		return cli_value_error(c, v, "takes none or a relative change "
				       "between 0 and 1 (0.03 is 3 %%), not "
				       "\"%s\"", v->arg);
	o->floor_mode = COMPARE_FLOOR_FIXED;
	o->floor = x;
	return 0;
}

struct compare_options cli_compare_options(const struct cmp_opts *o)
{
	return (struct compare_options){
		.threshold = o->threshold, .match = o->match,
		.nmatch = o->nmatch, .floor_mode = o->floor_mode,
		.floor = o->floor,
	};
}

/* --match BASE=NEW. */
int cli_parse_match(const struct cli_command *c, const struct cli_value *v,
		    struct cmp_opts *o)
{
	char *s = v->arg, *eq = strchr(s, '=');

	if (!eq || eq == s || !eq[1])
		return cli_value_error(c, v, "takes BASE=NEW (two experiment "
				       "names), not \"%s\"", s);
	if (o->nmatch == CLI_MAX_MATCH)
		return cli_usage_error(c, "at most %d --match options",
				       CLI_MAX_MATCH);
	*eq = '\0';
	o->match[o->nmatch].base = s;
	o->match[o->nmatch++].cur = eq + 1;
	return 0;
}

/* Whether results r have a row of experiment `name`. */
static bool has_experiment(const struct results *r, const char *name)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].experiment && !strcmp(r->rows[i].experiment, name))
			return true;
	return false;
}

int cli_check_matches(const struct cli_command *c, const struct cmp_opts *o,
		      const struct results *r, size_t n)
{
	for (size_t i = 0; i < o->nmatch; i++) {
		bool cur = false;

		for (size_t k = 1; k < n; k++)
			cur |= has_experiment(&r[k], o->match[i].cur);
		if (!has_experiment(&r[0], o->match[i].base))
			return cli_usage_error(c, "--match: the base has no "
					   "experiment \"%s\"", o->match[i].base);
		if (!cur)
			return cli_usage_error(c, "--match: no new file has an "
					   "experiment \"%s\"", o->match[i].cur);
	}
	return 0;
}

/* ---- a baseline ------------------------------------------------------------ */

int cli_baseline(const struct cli_command *c, const char *baseline,
		 const char *path, const struct cmp_opts *co,
		 struct results both[2], struct compare *cmp)
{
	const char *paths[2] = { baseline, path };
	struct compare_options o = cli_compare_options(co);
	int rc;

	memset(cmp, 0, sizeof(*cmp));
	if (results_read_distinct(paths, 2, both) < 0)
		return EXIT_USAGE;
	rc = cli_check_matches(c, co, both, 2);
	if (rc == EXIT_OK) {
		compare_build(&both[0], &both[1], &o, cmp);
		if (compare_check_pairs(cmp, baseline, path))
			rc = EXIT_USAGE;
	}
	return rc;
}

/* ---- the report's line ------------------------------------------------------ */

enum { WROTE_NONE, WROTE_PRODUCT, WROTE_LIST };

/* The pages of format f that wrote holds, as "DIR/{report,details,
 * details-reduce}.en.md" when they are every page of the languages they
 * have (WROTE_PRODUCT), else one by one (WROTE_LIST); appended to b
 * after sep.  The family pages fam[0..nfam) go with the details page.
 * WROTE_NONE: none. */
static int wrote_format(struct sbuf *b, const char *dir, unsigned wrote,
			 int f, const char *sep, char *const *fam, size_t nfam)
{
	static const char *const stems[REPORT_NPAGES] = { "report", "details",
							  "class" };
	unsigned pages = 0, lg = 0, n = 0;
	bool product = true;
	char file[32];

	for (int pg = 0; pg < REPORT_NPAGES; pg++)
		for (int L = 0; L < 2; L++)
			if (wrote & REPORT_WROTE(pg, L, f)) {
				pages |= 1u << pg;
				lg |= 1u << L;
				n++;
			}
	if (!n)
		return WROTE_NONE;
	sbuf_add(b, sep);
	for (int pg = 0; pg < REPORT_NPAGES; pg++)
		for (int L = 0; L < 2; L++)
			if ((pages >> pg & 1) && (lg >> L & 1) &&
			    !(wrote & REPORT_WROTE(pg, L, f)))
				product = false;
	if (!product) {
		bool first = true;

		for (int pg = 0; pg < REPORT_NPAGES; pg++)
			for (int L = 0; L < 2; L++) {
				if (!(wrote & REPORT_WROTE(pg, L, f)))
					continue;
				sbuf_addf(b, "%s%s/%s", first ? "" : ", ",
					  dir, report_page_file(pg, L, f,
					  file, sizeof(file)));
				first = false;
				for (size_t k = 0; pg == 1 && k < nfam; k++)
					sbuf_addf(b, ", %s/details-%s%s", dir,
						  diag_esc(fam[k]),
						  strchr(file, '.'));
			}
		return WROTE_LIST;
	}
	sbuf_addf(b, "%s/", dir);
	if ((pages & (pages - 1)) || ((pages & 2) && nfam)) {
		bool first = true;

		sbuf_addc(b, '{');
		for (int pg = 0; pg < REPORT_NPAGES; pg++) {
			if (!(pages >> pg & 1))
				continue;
			sbuf_addf(b, "%s%s", first ? "" : ",", stems[pg]);
			first = false;
			for (size_t k = 0; pg == 1 && k < nfam; k++)
				sbuf_addf(b, ",details-%s", diag_esc(fam[k]));
		}
		sbuf_addc(b, '}');
	} else {
		for (int pg = 0; pg < REPORT_NPAGES; pg++)
			if (pages >> pg & 1)
				sbuf_add(b, stems[pg]);
	}
	sbuf_add(b, lg == 3 ? ".{en,zh}" : lg == 1 ? ".en" : ".zh");
	sbuf_add(b, f ? ".html" : ".md");
	return WROTE_PRODUCT;
}

/* ---- outputs against inputs ---------------------------------------------- */

/* Templates a report reads at most: each page of each language. */
#define MAX_TEMPLATES 16

int cli_check_outputs(const struct cli_command *c, const char *dir,
		      const struct report_options *ro, unsigned writes,
		      const struct output_input *in, size_t n)
{
	struct output_input *all = xcalloc(n + MAX_TEMPLATES, sizeof(*all));
	char *tmpl[MAX_TEMPLATES], why[1024];
	size_t nt = ro ? report_template_files(ro, tmpl, MAX_TEMPLATES) : 0;
	int rc = 0;

	if (n)
		memcpy(all, in, n * sizeof(*in));
	for (size_t i = 0; i < nt; i++)
		all[n + i] = (struct output_input){ "the template", tmpl[i] };
	if (output_check_inputs(dir, writes, all, n + nt, why,
				sizeof(why)) < 0)
		rc = cli_usage_error(c, "%s", why);
	for (size_t i = 0; i < nt; i++)
		free(tmpl[i]);
	free(all);
	return rc;
}

/* The pages (page and language) of format f in wrote, a bit each. */
static unsigned pages_in(unsigned wrote, int f)
{
	unsigned set = 0;

	for (int pg = 0; pg < REPORT_NPAGES; pg++)
		for (int L = 0; L < 2; L++)
			if (wrote & REPORT_WROTE(pg, L, f))
				set |= 1u << (pg * 2 + L);
	return set;
}

void cli_report_line(const char *dir, const struct report_options *ro,
		     const struct results *r)
{
	struct sbuf b = SBUF_INIT;
	char *de = xstrdup(diag_esc(dir));
	unsigned w = *ro->wrote;
	bool same = pages_in(w, 0) && pages_in(w, 0) == pages_in(w, 1);
	char **fam = NULL;
	size_t nfam = report_family_pages(r, &fam);
	int md = wrote_format(&b, de, w, 0, "", fam, nfam);

	if (same && md == WROTE_PRODUCT) {
		/* the same pages in both formats: one name, .{md,html} */
		b.len -= strlen(".md");
		b.buf[b.len] = '\0';
		sbuf_add(&b, ".{md,html}");
	} else {
		wrote_format(&b, de, w, 1, md ? ", " : "", fam, nfam);
	}
	for (size_t k = 0; k < nfam; k++)
		free(fam[k]);
	free(fam);
	printf("culab: report: %s\n", b.len ? sbuf_str(&b) : "no page written");
	if (report_has_class(r) && ro->formats != REPORT_HTML)
		printf("culab: class: %s/gradebook.csv, %s/canvas.csv, a "
		       "Gradescope results.json per student in %s/gradescope/, "
		       "a page per student in %s/students/, similar "
		       "submissions in %s/similar.{en,zh}.md\n", de, de, de, de,
		       de);
	sbuf_release(&b);
	free(de);
}

/* ---- the end of a run ----------------------------------------------------- */

/* Under a failed row, what compute-sanitizer found when it reran it
 * (sanitizer_reruns.h), a line each. */
static void run_summary_sanitizer(const struct results *r,
				  const struct result_row *w)
{
	char *text = report_sanitizer_text(w, results_variant(r, w->variant));

	for (char *line = text, *eol; line && *line; line = eol + 1) {
		eol = strchr(line, '\n');
		if (!eol)
			break;
		*eol = '\0';
		diag_printf(stdout, "culab:   %s\n", line);
	}
	free(text);
}

void run_summary(const struct results *r, const char *outdir)
{
	size_t ok = 0, bad = 0, skipped = 0, i;

	for (i = 0; i < r->nrows; i++) {
		if (r->rows[i].status == ROW_OK)
			ok++;
		else if (r->rows[i].status == ROW_SKIPPED)
			skipped++;
		else
			bad++;
	}
	diag_printf(stdout, "culab: %zu measurements: %zu verified, %zu failed, "
		    "%zu skipped; results in %s/results.json\n",
		    r->nrows, ok, bad, skipped, outdir);
	for (i = 0; i < r->nrows; i++) {
		const struct result_row *w = &r->rows[i];

		if (w->status == ROW_WRONG || w->status == ROW_ERROR) {
			diag_printf(stdout, "culab: FAILED %s/%s/%s/%" PRIu64
				    "x%" PRIu64 ": %s\n", w->experiment,
				    w->variant, w->dtype, w->n, w->m,
				    w->message ? w->message : "");
			run_summary_sanitizer(r, w);
		}
	}
}
