/* report_pages.h - the pages: charts and the blocks that write the body
 * and the details (report_charts.c, report_blocks.c, report_body.c and the
 * other block files).  One layer of report_int.h, which alone includes it;
 * it builds on the layers before it. */
#ifndef CULAB_REPORT_PAGES_H
#define CULAB_REPORT_PAGES_H

/* ---- charts (report_charts.c) ----------------------------------------- */

/* Builds every chart of m and records, per group, the names of those that
 * will be drawn (group.chart[L][]), the ladder's in each language of
 * `langs` (REPORT_EN | REPORT_ZH: the pages written).  Returns the set
 * for plot_render(); the caller frees it with plot_set_free(), or hands
 * it to m->plots, which model_release() frees. */
struct plot_set *charts_build(struct model *m, unsigned langs);

/* Appends M_CH_LADDER's words for ladder l's own ceiling, by its name
 * (" (the dashed line marks the time of its ceiling, reduce\_read)": the
 * ladder chart draws it), Markdown; nothing when l has none. */
void ladder_ceiling_words(struct sbuf *b, enum lang L,
			  const struct ladder *l);

/* ---- shared by the blocks (report_blocks.c, report_body.c) ----------- */

/* The details page's Markdown file in language L ("details.en.md"), for
 * links from the body (the HTML page links to details.<lang>.html:
 * report_html.c); report_words.c. */
const char *details_file(enum lang L);
/* Appends the Markdown file of family `family`'s details page in
 * language L ("details-reduce.en.md"): every size, the charts, the
 * findings, the counters per line and the rubric rung by rung of that
 * family.  Letters, digits and '_' of the name are kept (lower case),
 * anything else becomes '-' (report_words.c). */
void family_file(struct sbuf *b, enum lang L, const char *family);

/* Appends chart `name` of group g: its caption, the image and, with
 * `files`, the links to its SVG, data and script. */
void chart_md(struct sbuf *b, enum lang L, const struct group *g,
	      const char *name, const char *caption, bool files);

/* Appends the SM and memory clocks NVML read around the timed runs of
 * every row: steady (one value each) or their ranges, and the rows
 * throttled; "not recorded" when no row has a reading. */
void clocks_summary(const struct model *m, enum lang L, struct sbuf *b);

/* Appends "13.0 / 13.0", the CUDA versions of e's driver and runtime;
 * nothing when either is unknown. */
/* "13.0 / 13.0", the CUDA version the driver supports and the runtime's,
 * with the driver's own version before them where the results have it
 * ("580.159.04 (CUDA 13.0) / 13.0"); nothing when either is unknown. */
void cuda_versions(struct sbuf *b, enum lang L, const struct environment *e);

/* ---- the blocks ------------------------------------------------------- */

/* A placeholder's builder: appends the block for model m in language L to
 * b (report_render.c's placeholders[] says what each one holds). */
typedef void (*block_fn)(const struct model *m, enum lang L, struct sbuf *b);

/* report_body.c: the body */
/* The title's part of an experiment's description: up to its first ':',
 * ';' or end of sentence (or their Chinese marks), parentheses dropped,
 * cut at its last comma before 80 columns when wider (a CJK character
 * is two).  A heap string ("" for none); blk_title
 * joins those of every experiment. */
char *title_clause(const char *desc);
void blk_title(const struct model *m, enum lang L, struct sbuf *b);
void blk_abstract(const struct model *m, enum lang L, struct sbuf *b);
void blk_setup(const struct model *m, enum lang L, struct sbuf *b);
void blk_results(const struct model *m, enum lang L, struct sbuf *b);
/* Whether the body shows group g's ladder in full (report_results.c):
 * false for a type shown only in the table of what the element type
 * changes, beside its family's lead type.  The conclusion and the
 * objectives speak for the groups the body shows. */
bool group_in_body(const struct model *m, const struct group *g);
/* The lead group of g's family on g's GPU, the one the body shows in
 * full and the abstract speaks for: measured at the largest size (with
 * two verified rungs there), on a tie the one with the most sizes, then
 * the first; NULL when none has two verified rungs. */
const struct group *family_lead(const struct model *m,
				const struct group *g);
/* The details' pages per family (report_results.c): blk_family the
 * families of m's groups (one, on a family's page), blk_family_pages a
 * list item per family linking its page (family_file) with its types. */
void blk_family(const struct model *m, enum lang L, struct sbuf *b);
void blk_family_pages(const struct model *m, enum lang L, struct sbuf *b);
void blk_baseline_summary(const struct model *m, enum lang L,
			  struct sbuf *b);

/* report_code.c */
void blk_user_code(const struct model *m, enum lang L, struct sbuf *b);

/* report_blocks.c */
void blk_gpu(const struct model *m, enum lang L, struct sbuf *b);
void blk_date(const struct model *m, enum lang L, struct sbuf *b);
void blk_version(const struct model *m, enum lang L, struct sbuf *b);
void blk_commit(const struct model *m, enum lang L, struct sbuf *b);
/* A recorded commit in words, escaped: "3e09791d2c98", or where the
 * culab that recorded was built with uncommitted changes (the Makefile
 * marks it "-dirty", which is no git ref) "3e09791d2c98 with
 * uncommitted changes"; "unknown" for NULL or "". */
void commit_words(struct sbuf *b, enum lang L, const char *commit);
/* Whether commit carries the Makefile's "-dirty" mark. */
bool commit_dirty(const char *commit);
void blk_source(const struct model *m, enum lang L, struct sbuf *b);
void blk_sha256(const struct model *m, enum lang L, struct sbuf *b);
void blk_status(const struct model *m, enum lang L, struct sbuf *b);
void blk_environment(const struct model *m, enum lang L, struct sbuf *b);
void blk_method(const struct model *m, enum lang L, struct sbuf *b);
void blk_glossary(const struct model *m, enum lang L, struct sbuf *b);
void blk_steps(const struct model *m, enum lang L, struct sbuf *b);
void blk_charts(const struct model *m, enum lang L, struct sbuf *b);
void blk_failures(const struct model *m, enum lang L, struct sbuf *b);
void blk_reproduction(const struct model *m, enum lang L, struct sbuf *b);
void blk_provenance(const struct model *m, enum lang L, struct sbuf *b);

/* report_compare.c */
void blk_baseline(const struct model *m, enum lang L, struct sbuf *b);

/* report_tables.c, report_findings.c, report_history.c, report_user.c */
void blk_ladders(const struct model *m, enum lang L, struct sbuf *b);
void blk_appendix(const struct model *m, enum lang L, struct sbuf *b);
void blk_all_ladders(const struct model *m, enum lang L, struct sbuf *b);
void blk_timed_regions(const struct model *m, enum lang L, struct sbuf *b);
void blk_findings(const struct model *m, enum lang L, struct sbuf *b);
void blk_historical(const struct model *m, enum lang L, struct sbuf *b);

/* report_conclusion.c */
void blk_conclusion(const struct model *m, enum lang L, struct sbuf *b);
void blk_rubric(const struct model *m, enum lang L, struct sbuf *b);
void blk_rubric_rungs(const struct model *m, enum lang L, struct sbuf *b);
void blk_user_kernels(const struct model *m, enum lang L, struct sbuf *b);

/* ---- a page's files (report_page_files.c) ----------------------------- */

/* Removes `file` of directory dirfd when it is a file or a link, never
 * followed (a page of an earlier render that this one did not write:
 * left, it would stand beside pages it does not match); anything else,
 * or nothing, is left.  Returns 0, or -1 after a diagnostic. */
int page_remove_stale(int dirfd, const char *dir, const char *file);

/* Writes the HTML page of Markdown md as `file` in the directory dirfd
 * (dir, for diagnostics and the charts it inlines).  Returns 0 written,
 * 1 not written (too large for a page: a note says so, an earlier page
 * of that name is removed, and the caller writes the Markdown, named by
 * md_file, if it does not anyway), -1 after a diagnostic. */
int page_html_write(int dirfd, const char *dir, const char *file,
		    const char *md, const char *lang, const char *md_file);

/* ---- a class's files (report_class_files.c) ---------------------------- */

struct report_options;
/* With a class in m: its student pages, the teacher's files (with
 * REPORT_MD in formats) and the page of similar submissions, into the
 * output folder fd (o->dir), each student's written whatever became of
 * another's; then, unless something failed, the files of these kinds an
 * earlier render wrote there that this one did not are removed (also
 * without a class: a gradebook beside results that are no class), pages
 * of the languages rendered now (langs_now, REPORT_EN | REPORT_ZH) or of
 * a student no longer given one.  Returns 0, or -1 after a diagnostic. */
int class_files_render(const struct model *m, const struct report_options *o,
		       int fd, unsigned formats, unsigned langs_now);

#endif
