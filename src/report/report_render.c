/* report_render.c - the lab report: its placeholders, template lookup and
 * report_render().  See report.h.
 *
 * A report is two pages per language: the body (report.<lang>.md), what
 * a student hands in -- title, abstract, setup, one table, chart and
 * "why" per ladder with the key lines of the steps that mattered, the
 * user's kernels with their source, conclusion, rubric, reproduction --
 * and its details page (details.<lang>.md), everything else: every size,
 * every counter, the method in depth and the glossary, each rung's
 * description and key lines, the findings, Harris's comparison, before
 * and after in full, the failures, the timed regions, the provenance.
 * Each page is a template of its own (templates/report.<lang>.md,
 * details.<lang>.md); both draw on one set of placeholders.
 *
 * The work is split in three passes so that nothing is computed twice:
 *  1. analysis (model_build): result rows become items with their registry
 *     row and role (ladder rung, the user's kernel, copy ceiling, library
 *     baseline, reference);
 *     items are grouped into ladders (one table: experiment, family, dtype,
 *     size) and ladders into family/dtype groups (one set of charts);
 *     speedups are computed once, against the fastest verified row of the
 *     previous rung and of the first rung, with their 95 % bootstrap
 *     intervals and a faster/same/slower verdict (report_int.h);
 *  2. charts (charts_build + plot_render): all charts of the report, drawn
 *     by one gnuplot process;
 *  3. text: for each page and language, the blocks its template uses are
 *     generated from the model and the template is filled.
 *
 * The report is kept in rooms, one concern each, that share the private
 * header report_int.h:
 *   report_render.c     the placeholders, one row each (name,
 *                       description, builder), template lookup and
 *                       rendering of both pages;
 *   report_model.c      pass 1, the metric-column metadata and how a
 *                       counter change reads; the only variant lookups
 *                       (model_variant) and the only family-specific
 *                       tests;
 *   report_charts.c     pass 2: the charts of each group (drawn by
 *                       plot.c and plot_draw.c);
 *   report_msg.c        the message catalogue: every sentence the report
 *                       writes, in English and Chinese, with {1}..{9} for
 *                       arguments so that a translation may reorder them;
 *   report_msg_body.c   the catalogue's rows of the body and the details
 *                       page (from M__BODY on);
 *   report_fmt.c        Markdown escaping, the string pool, numbers, sizes
 *                       and tables;
 *   report_words.c      the words for an item and a ladder, cells with
 *                       intervals, the table of timed regions;
 *   report_body.c       the body's blocks: title, abstract, setup, each
 *                       ladder's table, chart, "why" and key lines,
 *                       before and after in a few lines;
 *   report_code.c       the code: each rung's key lines and the user's
 *                       kernels' source, with file and line numbers;
 *   report_blocks.c     the other blocks: scalars, environment, method,
 *                       glossary, steps, charts, failures, reproduction
 *                       and provenance;
 *   report_tables.c     the ladder tables and their cells, every ladder
 *                       at every size;
 *   report_rules.c      the rules behind every "why" (one table: claim,
 *                       physics, evidence, contradictions): a step's
 *                       why, a rung's limit, how a step's change is
 *                       told, the run-to-run spread;
 *   report_lessons.c    what each built-in rung's step teaches, said
 *                       first in its "why", and the grids fixed
 *                       whatever the size;
 *   report_findings.c   the findings;
 *   report_conclusion.c the conclusion: the steps that mattered (each
 *                       against the rung before it), the gap to the
 *                       ceiling, what limits the fastest rung, the
 *                       user's kernels;
 *   report_rubric.c     the rubric: learning objectives with the rows
 *                       and counters that show them, expected against
 *                       observed rung by rung;
 *   report_user.c       the user's own kernels (VF_USER): each placed on
 *                       its ladder and diagnosed from its counters by a
 *                       table of rules;
 *   report_grading.c    a class graded (report_grading.h): each student's
 *                       rows by the time they are graded by, the
 *                       rubric's parts, the score with its interval,
 *                       ranks and ties, the objectives with evidence;
 *   report_class.c      the class page and a page per student, from it;
 *   report_gradebook.c  the teacher's files: gradebook.csv, canvas.csv,
 *                       gradescope/NAME.json;
 *   report_class_files.c a class's files written (student pages, the
 *                       teacher's files, the similar page) and an
 *                       earlier render's of them removed;
 *   report_page_files.c a page's HTML written, an earlier page removed;
 *   report_history.c    Harris's G80 reduction beside ours;
 *   report_html.c       the Markdown as one self-contained HTML page
 *                       (cmark-gfm; report_html.h), links between the
 *                       pages set to their HTML;
 *   report_compare.c    before and after (--baseline): a comparison
 *                       (compare.h) in Markdown, also what `culab compare
 *                       --markdown` prints, and its ratio chart. */
#include "report.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>
#include <unistd.h>

#include "compare/compare.h"
#include "base/diag.h"
#include "report_html.h"
#include "report_int.h"
#include "report_grading.h"
#include "template.h"
#include "base/util.h"

static const char *const lang_codes[NLANG] = { "en", "zh" };

/* How a placeholder's block is built (report.h declares the struct, so
 * that a placeholder's row holds its builder too). */
struct report_block {
	block_fn build;
};

#define BLOCK(fn) (&(const struct report_block){ (fn) })

/* The placeholders a template may use, in the order the shipped templates
 * use them: name, description (report.h) and builder. */
static const struct report_placeholder placeholders[] = {
	{ "title", "report title: what the experiments' descriptions say "
	  "they measure (else the families)", BLOCK(blk_title) },
	{ "abstract", "at most six sentences: what was measured where, the "
	  "steps that mattered most and the counter that shows each, how "
	  "close the fastest rungs come to the hardware, your kernels",
	  BLOCK(blk_abstract) },
	{ "gpu", "GPU name", BLOCK(blk_gpu) },
	{ "date", "when the run finished (ISO 8601 UTC)", BLOCK(blk_date) },
	{ "culab_version", "culab version that measured", BLOCK(blk_version) },
	{ "culab_commit", "culab commit that measured", BLOCK(blk_commit) },
	{ "source_path", "experiment file", BLOCK(blk_source) },
	{ "source_sha256", "SHA-256 of the experiment file",
	  BLOCK(blk_sha256) },
	{ "status", "run status (complete, interrupted, ...)",
	  BLOCK(blk_status) },
	{ "family", "the families of the page (one on a family's details "
	  "page)", BLOCK(blk_family) },
	{ "family_pages", "a link per family to its details page "
	  "(details-FAMILY.<lang>.md), with its types",
	  BLOCK(blk_family_pages) },
	{ "setup", "a short table (GPU, SMs, L2, shared memory per SM, peak "
	  "bandwidth, the clocks seen while timing, driver and runtime, "
	  "culab) and the method in a paragraph", BLOCK(blk_setup) },
	{ "results", "per family and type at its largest size: one table "
	  "(rung, what changed, time, GB/s, % of the ceiling, the step, the "
	  "counter that shows it), the ladder chart, why each step went as "
	  "it did, the key lines of the steps that mattered",
	  BLOCK(blk_results) },
	{ "environment", "table: GPU, compute capability, SMs, memory, peak "
	  "bandwidth, clocks seen, L2, shared memory per SM, driver, "
	  "runtime, host, culab", BLOCK(blk_environment) },
	{ "method", "warm-up and repeats, timers and timed regions, noise, L2 "
	  "flush, correctness checks, speedup definitions",
	  BLOCK(blk_method) },
	{ "glossary", "counter glossary for the columns present (empty "
	  "without counters)", BLOCK(blk_glossary) },
	{ "rules", "the rules behind every \"why\": each claim, its physics, "
	  "when it is said and what refutes it", BLOCK(blk_rules) },
	{ "steps", "what each variant changes and why, its expected counter "
	  "signature, its key lines (file and line)", BLOCK(blk_steps) },
	{ "all_ladders", "every ladder at every size: the table of what a "
	  "reader compares (time with its interval, spread, GB/s, % of peak "
	  "and ceiling, speedups with their intervals, verification), its "
	  "counters, its other columns", BLOCK(blk_all_ladders) },
	{ "ladders", "per family and type, its largest size: the table of "
	  "all_ladders and its counters", BLOCK(blk_ladders) },
	{ "charts", "the charts with captions and links to their SVG, data "
	  "and gnuplot script", BLOCK(blk_charts) },
	{ "findings", "per family and type: each step's speedup tied to its "
	  "counter changes and checks", BLOCK(blk_findings) },
	{ "conclusion", "per family and type: the steps that mattered most "
	  "(each against the rung before it) and why, the gap to the "
	  "ceiling, what limits the fastest rung, the user's kernels; the "
	  "run-to-run spread (with --baseline)", BLOCK(blk_conclusion) },
	{ "rubric", "per family and type: the learning objectives with the "
	  "rows and counters that show them, the user's kernels",
	  BLOCK(blk_rubric) },
	{ "rubric_rungs", "per family and type, rung by rung: the hypothesis "
	  "(faster, or a teaching rung's mistake) against the observed step "
	  "with its interval, the signature checks met, the limiting "
	  "resource", BLOCK(blk_rubric_rungs) },
	{ "user_kernels", "your kernels: each placed on its ladder, with a "
	  "diagnosis from its counters against the built-in rungs (empty "
	  "without user kernels)", BLOCK(blk_user_kernels) },
	{ "user_code", "your kernels' source as compiled, with line numbers "
	  "(empty without user kernels)", BLOCK(blk_user_code) },
	{ "source_lines", "counters per source line: every line of your "
	  "kernels and each built-in rung's key lines, a column per metric "
	  "(empty when the run collected none)", BLOCK(blk_source_lines) },
	{ "class_table", "a class's students, per experiment: a summary, "
	  "what the times are, rank and score with its interval, state, "
	  "time per type and size, objectives met, what they lost points "
	  "on and its line, the class's chart (empty without a class)",
	  BLOCK(blk_class_table) },
	{ "class_score", "how a student's score is computed: the rubric, the "
	  "objectives, intervals and ties (empty without a class)",
	  BLOCK(blk_class_score) },
	{ "baseline_summary", "before and after (--baseline) in a few lines: "
	  "the counts of faster, slower and same rows, a cross-GPU warning "
	  "(empty without --baseline)", BLOCK(blk_baseline_summary) },
	{ "baseline", "before and after (--baseline): each row compared with "
	  "the baseline's, ratio, interval and verdict, the environment facts "
	  "that differ, the ratio chart (empty without --baseline)",
	  BLOCK(blk_baseline) },
	{ "historical", "Harris's G80 reduction figures beside ours (empty "
	  "without a reduce ladder)", BLOCK(blk_historical) },
	{ "failures", "rows that failed or were skipped (empty when none)",
	  BLOCK(blk_failures) },
	{ "reproduction", "the commands to measure again (culab run, culab "
	  "rerun) and the version that measured", BLOCK(blk_reproduction) },
	{ "provenance", "versions, times, the experiment file and its "
	  "SHA-256, the recorded command line without that machine's paths, "
	  "the host and the run's note", BLOCK(blk_provenance) },
	{ "timed_regions", "what one timed run of each variant contains",
	  BLOCK(blk_timed_regions) },
	{ "appendix", "what one timed run contains per variant; per ladder "
	  "the columns the ladders block leaves out (block, runs and "
	  "outliers, resources, sanitizer where it ran, Harris), its "
	  "counters and every other counter column", BLOCK(blk_appendix) },
};

#define NPLACEHOLDERS ARRAY_SIZE(placeholders)

const struct report_placeholder *report_placeholders(size_t *count)
{
	*count = NPLACEHOLDERS;
	return placeholders;
}

void report_options_init(struct report_options *o)
{
	memset(o, 0, sizeof(*o));
	o->dir = ".";
	o->langs = REPORT_LANGS_ALL;
	o->formats = REPORT_FORMATS_ALL;
	o->charts = true;
}

int report_lang_parse(const char *s, unsigned *langs)
{
	static const struct {
		const char *name;
		unsigned langs;
	} names[] = {
		{ "en", REPORT_EN }, { "zh", REPORT_ZH },
		{ "both", REPORT_LANGS_ALL },
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strcmp(S(s), names[i].name) == 0) {
			*langs = names[i].langs;
			return 0;
		}
	return -1;
}

int report_format_parse(const char *s, unsigned *formats)
{
	static const struct {
		const char *name;
		unsigned formats;
	} names[] = {
		{ "md", REPORT_MD }, { "html", REPORT_HTML },
		{ "both", REPORT_FORMATS_ALL },
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strcmp(S(s), names[i].name) == 0) {
			*formats = names[i].formats;
			return 0;
		}
	return -1;
}

static bool readable(const char *path)
{
	return access(path, R_OK) == 0;
}

/* The two pages of a report: the body a student hands in, and the
 * details it links to.  Each is a template of its own per language
 * (templates/<stem>.<lang>.md). */
enum page { PAGE_BODY, PAGE_DETAILS, PAGE_CLASS, PAGE_FAMILY, NPAGES };

/* PAGE_FAMILY's template (family.<lang>.md) is rendered once per family,
 * into details-FAMILY.<lang>.md (family_file). */
static const char *const page_stems[NPAGES] = { "report", "details",
						"class", "family" };


/* Finds <stem>.<lang>.md of page p (the body: --template's file when
 * given); returns a heap path or NULL after a diagnostic that names
 * every place looked in. */
static char *template_find(const struct report_options *o, enum page pg,
			   enum lang L, bool quiet)
{
	char *tried[4] = { NULL };
	size_t n = 0;
	char *found = NULL;
	const char *env = getenv("CULAB_TEMPLATES");
	const char *stem = page_stems[pg];
	char exe[PATH_MAX];
	ssize_t len;

	if (o->template_path && pg == PAGE_BODY)
		return xstrdup(o->template_path);
	if (o->template_dir)
		tried[n++] = xasprintf("%s/%s.%s.md", o->template_dir, stem,
				       lang_codes[L]);
	if (env && *env)
		tried[n++] = xasprintf("%s/%s.%s.md", env, stem,
				       lang_codes[L]);
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0) {
		char *slash;

		exe[len] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		tried[n++] = xasprintf("%s/../templates/%s.%s.md", exe, stem,
				       lang_codes[L]);
		tried[n++] = xasprintf("%s/../share/culab/templates/"
				       "%s.%s.md", exe, stem, lang_codes[L]);
	}
	for (size_t i = 0; i < n && !found; i++)
		if (readable(tried[i]))
			found = xstrdup(tried[i]);
	if (!found && !quiet) {
		struct sbuf list = SBUF_INIT;

		for (size_t i = 0; i < n; i++) {
			sbuf_add(&list, i ? ", " : "");
			sbuf_add(&list, tried[i]);
		}
		diag_error("cannot find the %s report template %s.%s.md "
			   "(looked in: %s); set CULAB_TEMPLATES to the "
			   "templates directory or pass --template FILE",
			   lang_codes[L], stem, lang_codes[L],
			   sbuf_str(&list));
		sbuf_release(&list);
	}
	for (size_t i = 0; i < n; i++)
		free(tried[i]);
	return found;
}

struct fill {
	const struct model *m;
	enum lang L;
	char *values[NPLACEHOLDERS];
};

static const char *fill_value(void *ctx, size_t index)
{
	struct fill *f = ctx;

	return index < NPLACEHOLDERS ? f->values[index] : NULL;
}

/* Renders one language's report into out.  Returns 0, or -1 when it
 * would pass TEMPLATE_MAX_OUTPUT bytes. */
static int report_text(const struct model *m, const struct template *t,
		       enum lang L, struct sbuf *out)
{
	struct fill f = { .m = m, .L = L };
	int rc;

	for (size_t i = 0; i < NPLACEHOLDERS; i++) {
		struct sbuf b = SBUF_INIT;

		if (!template_uses(t, i))
			continue;
		placeholders[i].block->build(m, L, &b);
		f.values[i] = sbuf_detach(&b);
	}
	rc = template_render(t, fill_value, &f, out);
	for (size_t i = 0; i < NPLACEHOLDERS; i++)
		free(f.values[i]);
	return rc;
}

const char *report_page_file(int pg, int L, int f, char *buf, size_t size)
{
	snprintf(buf, size, "%s.%s.%s", page_stems[pg], lang_codes[L],
		 f ? "html" : "md");
	return buf;
}

/* Reads and checks both pages' templates of every language o renders
 * into tmpl[page][lang].  Returns 0, or -1 after a diagnostic (tmpl
 * then holds what was read, for the caller to free). */
static int templates_load(const struct report_options *o, bool class_page,
			  struct template *tmpl[NPAGES][NLANG])
{
	unsigned langs = o->langs ? o->langs : REPORT_LANGS_ALL;
	unsigned formats = o->formats ? o->formats : REPORT_FORMATS_ALL;
	const char *names[NPLACEHOLDERS];

	if (langs & ~(unsigned)REPORT_LANGS_ALL)
		return diag_error("unknown report language (known: en, zh, "
				  "both)");
	if (formats & ~(unsigned)REPORT_FORMATS_ALL)
		return diag_error("unknown report format (known: md, html, "
				  "both)");
	for (size_t i = 0; i < NPLACEHOLDERS; i++)
		names[i] = placeholders[i].name;
	for (int pg = 0; pg < NPAGES; pg++)
		for (int L = 0; L < NLANG; L++) {
			char *path;
			int bad;

			if (!(langs & (1u << L)) ||
			    (pg == PAGE_CLASS && !class_page))
				continue;
			path = template_find(o, (enum page)pg, (enum lang)L,
					     false);
			if (!path)
				return -1;
			bad = template_load(path, names, NPLACEHOLDERS,
					    &tmpl[pg][L]);
			free(path);
			if (bad)
				return -1;
		}
	return 0;
}

static void templates_free(struct template *tmpl[NPAGES][NLANG])
{
	for (int pg = 0; pg < NPAGES; pg++)
		for (int L = 0; L < NLANG; L++)
			template_free(tmpl[pg][L]);
}

/* With charts: an existing charts/ in the directory dirfd (dir) must be
 * a real directory (dir_make refuses a symbolic link).  Returns 0, or -1
 * after a diagnostic. */
static int charts_dir_check(const struct report_options *o, int dirfd)
{
	struct stat st;
	int fd;

	if (!o->charts ||
	    fstatat(dirfd, "charts", &st, AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	fd = dir_make(dirfd, o->dir, "charts", DIR_CONFINED);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

int report_prepare(const struct report_options *o)
{
	struct template *tmpl[NPAGES][NLANG] = { { NULL } };
	int rc = templates_load(o, false, tmpl), fd;

	templates_free(tmpl);
	if (rc < 0)
		return -1;
	/* a template's own text is in one language: the other report would
	 * come out in it */
	if (o->template_path && (o->langs == 0 ||
				 o->langs == (REPORT_EN | REPORT_ZH)))
		return diag_error("--template \"%s\" is the body of one "
				  "language's report; add --lang en or --lang "
				  "zh (the other language's report uses its "
				  "own template)", o->template_path);
	if (!o->dir || !*o->dir)
		return diag_error("no output directory for the report");
	fd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return 0;   /* made later; nothing planted in it yet */
	rc = charts_dir_check(o, fd);
	close(fd);
	return rc;
}

size_t report_template_files(const struct report_options *o, char **paths,
			     size_t max)
{
	unsigned langs = o->langs ? o->langs : REPORT_LANGS_ALL;
	size_t n = 0;

	for (int pg = 0; pg < NPAGES; pg++)
		for (int L = 0; L < NLANG && n < max; L++) {
			char *path;

			if (!(langs & (1u << L)))
				continue;
			path = template_find(o, (enum page)pg, (enum lang)L,
					     true);
			if (path)
				paths[n++] = path;
		}
	return n;
}

/* Draws the charts into o->dir/charts (dirfd: o->dir) and says in m how
 * that went.  Returns whether the charts failed. */
static bool report_charts(struct model *m, const struct report_options *o,
			  int dirfd)
{
	int drawn;

	m->plots = charts_build(m, o->langs ? o->langs : REPORT_LANGS_ALL);
	class_charts(m, m->plots);
	if (m->cmp)
		m->baseline_chart = report_compare_chart(m->plots, m->cmp,
							 "baseline",
							 "This run against "
							 "the baseline");
	drawn = plot_render_at(m->plots, dirfd, o->dir, "charts",
			       DIR_CONFINED, o->gnuplot);

	/* no gnuplot is no failure: the charts can be drawn later */
	m->charts = drawn == 0 ? CHARTS_DRAWN :
		    drawn == PLOT_NOT_DRAWN ? CHARTS_PENDING : CHARTS_FAILED;
	if (m->charts == CHARTS_FAILED)
		m->baseline_chart = NULL;
	return m->charts == CHARTS_FAILED;
}

size_t report_family_pages(const struct results *r, char ***names)
{
	struct model m;
	const char **fam = NULL;
	size_t n = 0;

	model_build(r, &m);
	for (size_t i = 0; i < m.ngroups; i++)
		names_add(&fam, &n, m.groups[i].family);
	*names = xcalloc(n + 1, sizeof(**names));
	for (size_t i = 0; i < n; i++) {
		struct sbuf f = SBUF_INIT;
		size_t pre = strlen("details-"), suf = strlen(".en.md");

		family_file(&f, EN, fam[i]);
		(*names)[i] = xstrndup(sbuf_str(&f) + pre, f.len - pre - suf);
		sbuf_release(&f);
	}
	free(fam);
	model_release(&m);
	return n;
}

/* r with only the rows of family `family`, into *fr: a shallow copy
 * whose rows array alone is its own (rows copied by value); the caller
 * frees fr->rows and nothing else. */
static void results_of_family(const struct results *r, const char *family,
			      struct results *fr)
{
	*fr = *r;
	fr->rows = xcalloc(r->nrows + 1, sizeof(*fr->rows));
	fr->nrows = 0;
	fr->cap_rows = r->nrows + 1;
	for (size_t i = 0; i < r->nrows; i++)
		if (str_eq(r->rows[i].family, family))
			fr->rows[fr->nrows++] = r->rows[i];
}

/* Whether `file` is a family page of a language rendered now
 * ("details-X.en.md", "details-X.zh.html"). */
static bool family_page_name(const char *file, struct template *const *langs)
{
	static const char *const ends[] = { ".md", ".html" };

	if (strncmp(file, "details-", 8) != 0)
		return false;
	for (int L = 0; L < NLANG; L++)
		for (size_t f = 0; f < ARRAY_SIZE(ends); f++) {
			char end[16];
			size_t n = strlen(file);

			snprintf(end, sizeof(end), ".%s%s", lang_codes[L],
				 ends[f]);
			if (langs[L] && n > strlen(end) + 8 &&
			    strcmp(file + n - strlen(end), end) == 0)
				return true;
		}
	return false;
}

/* The names of the pages families_write() wrote, which its sweep of an
 * earlier render's family pages keeps. */
struct written {
	char **names;
	size_t n;
};

/* Adds a copy of `name` to w. */
static void written_add(struct written *w, const char *name)
{
	w->names = xrealloc(w->names, (w->n + 1) * sizeof(*w->names));
	w->names[w->n++] = xstrdup(name);
}

/* Frees w's names. */
static void written_release(struct written *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->names[i]);
	free(w->names);
}

/* The charts of the whole report's model m given to the groups of a
 * family's model fm, by family, type and GPU: a family page shows the
 * charts drawn for the whole report, by the same names. */
static void family_charts(struct model *fm, const struct model *m)
{
	for (size_t i = 0; i < fm->ngroups; i++)
		for (size_t j = 0; j < m->ngroups; j++)
			if (str_eq(fm->groups[i].family, m->groups[j].family) &&
			    str_eq(fm->groups[i].dtype, m->groups[j].dtype) &&
			    str_eq(fm->groups[i].gpu, m->groups[j].gpu))
				memcpy(fm->groups[i].chart, m->groups[j].chart,
				       sizeof(fm->groups[i].chart));
}

/* Family `family`'s details page in language L, rendered from template
 * t with the family's model fm into text (a buffer the pages share):
 * the HTML page with REPORT_HTML, the Markdown with REPORT_MD or where
 * the HTML was not written; each name written is added to w.  Returns
 * nonzero after a diagnostic. */
static int family_page_write(const struct model *fm,
			     const struct template *t, enum lang L,
			     const char *family,
			     const struct report_options *o, int fd,
			     unsigned formats, struct sbuf *text,
			     struct written *w)
{
	struct sbuf md = SBUF_INIT;
	char *html;
	int got, bad = 0;

	family_file(&md, L, family);
	html = report_html_name(sbuf_str(&md));
	sbuf_reset(text);
	if (report_text(fm, t, L, text) < 0) {
		bad = diag_error("the %s details of %s would be larger than "
				 "%u MB", lang_codes[L], diag_esc(family),
				 TEMPLATE_MAX_OUTPUT >> 20);
	}
	got = bad ? -1 : formats & REPORT_HTML ?
	      page_html_write(fd, o->dir, html, sbuf_str(text), lang_codes[L],
			 sbuf_str(&md)) : 1;
	if (got == 0)
		written_add(w, html);
	if (got >= 0 && ((formats & REPORT_MD) || got == 1)) {
		if (write_file_at(fd, o->dir, sbuf_str(&md), sbuf_str(text),
				  text->len))
			got = -1;
		written_add(w, sbuf_str(&md));
	}
	bad |= got < 0;
	free(html);
	sbuf_release(&md);
	return bad;
}

/* Family `family`'s details pages, one per language with a template in
 * langs, rendered with a model of the family's rows of r that shows the
 * charts of m; each name written is added to w.  Returns nonzero after
 * a diagnostic, at the first page that failed. */
static int family_write(const struct results *r, const struct model *m,
			const char *family, struct template *const *langs,
			const struct report_options *o, int fd,
			unsigned formats, struct sbuf *text,
			struct written *w)
{
	struct results fr;
	struct model fm;
	int bad = 0;

	results_of_family(r, family, &fr);
	model_build(&fr, &fm);
	fm.charts = m->charts;
	family_charts(&fm, m);
	for (int L = 0; L < NLANG && !bad; L++) {
		if (!langs[L])
			continue;
		bad = family_page_write(&fm, langs[L], (enum lang)L, family,
					o, fd, formats, text, w);
	}
	model_release(&fm);
	free(fr.rows);
	return bad;
}

/* Removes the family pages of an earlier render, of a language rendered
 * now (langs), that this one did not write (w).  Returns 0, or -1 after
 * a diagnostic; 0 too where the folder cannot be read. */
static int families_sweep(int fd, const struct report_options *o,
			  struct template *const *langs,
			  const struct written *w)
{
	int dfd = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
	struct dirent *e;
	int rc = 0;

	if (!d) {
		if (dfd >= 0)
			close(dfd);
		return 0;
	}
	while ((e = readdir(d))) {
		bool now = false;

		for (size_t i = 0; i < w->n; i++)
			now |= strcmp(w->names[i], e->d_name) == 0;
		if (!now && family_page_name(e->d_name, langs) &&
		    page_remove_stale(fd, o->dir, e->d_name) < 0) {
			rc = -1;
			break;
		}
	}
	closedir(d);
	return rc;
}

/* details-FAMILY.<lang>.{md,html}: a details page per family of m, the
 * family template rendered with a model of that family's rows (the
 * charts drawn for the whole report, by the same names); then the
 * family pages of an earlier render that this one did not write are
 * removed.  Returns 0, or -1 after a diagnostic. */
static int families_write(const struct results *r, const struct model *m,
			  struct template *tmpl[NPAGES][NLANG],
			  const struct report_options *o, int fd,
			  unsigned formats)
{
	const char **fam = NULL;
	struct written w = { NULL, 0 };
	size_t n = 0;
	struct sbuf text = SBUF_INIT;
	int rc = -1;

	for (size_t i = 0; i < m->ngroups; i++)
		names_add(&fam, &n, m->groups[i].family);
	for (size_t f = 0; f < n; f++)
		if (family_write(r, m, fam[f], tmpl[PAGE_FAMILY], o, fd,
				 formats, &text, &w))
			goto out;
	rc = families_sweep(fd, o, tmpl[PAGE_BODY], &w);
out:
	written_release(&w);
	free(fam);
	sbuf_release(&text);
	return rc;
}

/* The languages rendered now (REPORT_EN | REPORT_ZH): those whose
 * body template was read. */
static unsigned langs_now(struct template *const tmpl[NPAGES][NLANG])
{
	unsigned langs = 0;

	for (int L = 0; L < NLANG; L++)
		if (tmpl[PAGE_BODY][L])
			langs |= 1u << L;
	return langs;
}

int report_render(const struct results *r, const struct report_options *o)
{
	unsigned formats = o->formats ? o->formats : REPORT_FORMATS_ALL;
	struct template *tmpl[NPAGES][NLANG] = { { NULL } };
	struct model m;
	struct sbuf text = SBUF_INIT;
	int rc = -1, fd = -1;
	bool charts_failed = false;
	unsigned wrote = 0;
	char stale[32];

	memset(&m, 0, sizeof(m));
	if (!o->dir || !*o->dir)
		return diag_error("no output directory for the report");
	/* every template is read and checked, and the directories opened,
	 * before anything is written */
	if (templates_load(o, report_has_class(r), tmpl) < 0)
		goto out;
	fd = dir_make(AT_FDCWD, NULL, o->dir, DIR_FOLLOW);
	if (fd < 0 || charts_dir_check(o, fd) < 0)
		goto out;

	model_build(r, &m);
	m.charts = CHARTS_OFF;
	m.cmp = o->baseline;
	m.baseline_path = o->baseline_path;
	if (o->charts)
		charts_failed = report_charts(&m, o, fd);

	for (int pg = 0; pg < NPAGES; pg++)
		for (int L = 0; L < NLANG; L++) {
			char file[32], md[32];
			int got;

			if (!tmpl[pg][L] || pg == PAGE_FAMILY)
				continue;
			sbuf_reset(&text);
			if (report_text(&m, tmpl[pg][L], (enum lang)L,
					&text) < 0) {
				diag_error("the %s %s would be larger than "
					   "%u MB: a template may not repeat "
					   "large sections that often",
					   lang_codes[L], page_stems[pg],
					   TEMPLATE_MAX_OUTPUT >> 20);
				goto out;
			}
			report_page_file(pg, L, 0, md, sizeof(md));
			report_page_file(pg, L, 1, file, sizeof(file));
			/* the page too large for HTML: its Markdown, asked
			 * for or not, so that what the note names exists */
			got = formats & REPORT_HTML ?
			      page_html_write(fd, o->dir, file, sbuf_str(&text),
					 lang_codes[L], md) : 1;
			if (got < 0)
				goto out;
			if (got == 0)
				wrote |= REPORT_WROTE(pg, L, 1);
			if ((formats & REPORT_MD) || got == 1) {
				if (write_file_at(fd, o->dir, md,
						  sbuf_str(&text), text.len))
					goto out;
				wrote |= REPORT_WROTE(pg, L, 0);
			}
		}
	/* a page of an earlier render beside these, of a language
	 * rendered now: its other format, or the class page of a class
	 * that these results are not */
	for (int pg = 0; pg < NPAGES; pg++)
		for (int L = 0; L < NLANG; L++)
			for (int f = 0; f < 2; f++) {
				bool lang_now = tmpl[PAGE_BODY][L] != NULL;

				if (!lang_now || (wrote & REPORT_WROTE(pg, L, f)))
					continue;
				if ((pg != PAGE_CLASS && !tmpl[pg][L]) ||
				    pg == PAGE_FAMILY)
					continue;
				report_page_file(pg, L, f, stale, sizeof(stale));
				if (page_remove_stale(fd, o->dir, stale) < 0)
					goto out;
			}
	if (families_write(r, &m, tmpl, o, fd, formats) < 0)
		goto out;
	/* a class's own files, and what an earlier render wrote of them
	 * that this one does not (with or without a class now) removed */
	if (class_files_render(&m, o, fd, formats, langs_now(tmpl)) < 0)
		goto out;
	rc = charts_failed ? -1 : 0;
out:
	if (o->wrote)
		*o->wrote = wrote;
	if (fd >= 0)
		close(fd);
	templates_free(tmpl);
	sbuf_release(&text);
	model_release(&m);
	return rc;
}
