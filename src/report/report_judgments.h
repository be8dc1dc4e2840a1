/* report_judgments.h - what the report concludes: findings, the rules
 * behind every "why", the user's kernels, a class and its grades, Harris's
 * G80 figures, compute-sanitizer, counters and waits at the line
 * (report_findings.c, report_rules.c, report_user.c, report_class.c,
 * report_history.c, report_sanitizer.c, report_lines.c,
 * report_stalls.c).  One layer of
 * report_int.h, which alone includes it; it builds on the layers before
 * it. */
#ifndef CULAB_REPORT_JUDGMENTS_H
#define CULAB_REPORT_JUDGMENTS_H

/* ---- findings (report_findings.c) ------------------------------------ */

/* Appends, Markdown-escaped, why teaching rung `it` is on the ladder (its
 * variant's `teaching` text in language L, English when it has no
 * Chinese), with "{sms}" replaced by the multiprocessor count of the GPU
 * its row ran on; nothing for any other item. */
void teaching_text(struct sbuf *b, enum lang L, const struct model *m,
		   const struct item *it);

/* ---- the rules behind every "why" (report_rules.c) ------------------- */

/* Whether `it` is a teaching rung (its variant has a `teaching` text): on
 * the ladder to show a mistake, slower or unsafe on purpose. */
bool is_teaching(const struct item *it);

/* What the "why"s of one page have said so far: each rule's general
 * sentence (its physics) is said the first time the rule explains a step,
 * each rung's lesson in full the first time it holds, and a later step
 * of the same rung refers back to it.  Zero it before a page's first
 * step_why(). */
#define WHY_LESSONS 64
struct why_said {
	unsigned long long physics;             /* bit per rule and form */
	unsigned char generic[2][32];           /* a rule's concept, said n
						   times, per direction */
	const struct ladder *lesson[WHY_LESSONS]; /* where it was said first */
	unsigned against;                       /* counters said to go the
						   other way: the phrasing
						   varies with it */
	const struct result_row *waited[8];     /* rows whose PC samples
						   were said (once a page) */
	unsigned long long worded;              /* stall states said in
						   full (a bit per
						   lines_metrics() index) */
};

/* Why step from -> to of ladder l went as it did, concept first: what
 * the step does, in the words of the rung's lesson where its rule holds,
 * else in the words of the first rule of report_rules.c's table whose
 * evidence holds (its counters beyond their noise, in the step's
 * direction, by enough to account for it) and no contradiction refutes;
 * then the one counter that shows it, before and after; a second rule
 * that also holds, unless the cause's mechanism brings it, with whether
 * it alone is as large as the step.  A counter that went the other way
 * is said only when it changed by more than the step and at least as
 * much as the counter that shows the cause, with what to conclude, in a
 * phrasing the page varies.  "The counters do not explain this step"
 * with the numbers checked when no rule holds; for a step within noise,
 * only a counter that changed without effect.  With `said` NULL each
 * sentence is said in full (the details); else as said above.  Starts
 * with a space; Markdown, escaped. */
void step_why(struct sbuf *b, enum lang L, const struct model *m,
	      const struct ladder *l, const struct item *from,
	      const struct item *to, struct why_said *said);

/* The lesson of a step to variant `to` of element type `dtype` shown by
 * rule `rule` (a rule's name), or -1; its words in language L
 * (report_lessons.c).  A lesson whose words follow the element's size
 * has a row per size, so each is a lesson of its own. */
int lesson_of(const char *to, const char *rule, const char *dtype);
const char *lesson_say(int i, enum lang L);

/* The blocks the grid of variant `name` launches whatever the size
 * (reduce_one_block: 1), 0 where it grows with the size
 * (report_lessons.c's table). */
int fixed_grid_blocks(const char *name);
/* The GPU's achieved occupancy of `it` in percent: its achieved occupancy,
 * which counts only the SMs that ran, times the share of the GPU's SMs
 * its grid occupies; *active and *sms are set to those SMs and the GPU's
 * (0 unknown).  Its achieved occupancy where its grid is not fixed, NAN
 * without the counter. */
double gpu_occupancy(const struct model *m, const struct item *it,
		     int *active, int *sms);

/* The first cause step_why() names, briefly: its resource and the
 * counter that shows it, in words ("instructions issued: warp
 * instructions 64.4 M → 35.6 M"), or nothing.  The conclusion's form: the sentence
 * is the body's "why" list's. */
void step_cause(struct sbuf *b, enum lang L, const struct model *m,
		const struct ladder *l, const struct item *from,
		const struct item *to);

/* The resource the first cause step_why() names for step from -> to
 * (a rule's label, "bytes in flight per load"), NULL when none does;
 * *rule set to the rule's name ("bytes-in-flight") or NULL. */
const char *step_cause_label(enum lang L, const struct model *m,
			     const struct ladder *l, const struct item *from,
			     const struct item *to, const char **rule);

/* The one counter that shows why step from -> to went as it did, for a
 * table cell ("bank conflicts per load 4.84 → 0.0297"): that of the
 * first rule step_why() names as a cause; "—" when none does. */
void step_why_counter(struct sbuf *b, enum lang L, const struct model *m,
		      const struct ladder *l, const struct item *from,
		      const struct item *to);

/* The resource that limits rung `it` of ladder l, from the first rule of
 * the table whose evidence holds for it alone: with `full` a sentence
 * with the evidence and what is left (the conclusion), else the
 * resource's name for a table cell ("not named by these counters" when
 * no rule holds). */
void rung_limit(struct sbuf *b, enum lang L, const struct model *m,
		const struct ladder *l, const struct item *it, bool full);

/* How step from -> to changed the time, as prose with three significant
 * digits: "1.40× faster (0.179 → 0.128 ms)", "1.17× slower ...", for a
 * change within the pair's run-to-run floor "+2.8 % ...: within the
 * run-to-run floor of ±2.9 %", for a change the interval resolves below
 * SPEEDUP_SAME_PCT "+1.1 %, below the 2 % that counts as a change", else
 * "no change resolved".  A teaching rung's slowdown is said to be
 * meant. */
void step_change(struct sbuf *b, enum lang L, const struct item *from,
		 const struct item *to);

/* A step's words (item it against it->prev), the one form every place
 * gives it: the body's table, its "why" list and the ladder chart's
 * labels (with `ascii`: English, "x" for "×", the charts' fonts being
 * ASCII): "1.63× faster", "1.17× slower" (never a ratio below 1);
 * within its noise (verdict same) "1.03×, within noise"; an interval
 * across the threshold "1.02× slower, unresolved"; "—" without a step. */
/* The same words for any ratio x of a time before to a time after, with
 * verdict v, and its 95 % interval lo..hi where it is resolved (NAN:
 * none): "1.63× faster (1.62–1.64)", "1.17× slower (1.16–1.18)", the
 * interval turned with the ratio; within noise and unresolved without
 * it, as the body says them.  The details' tables and findings say
 * every step so. */
void ratio_words(struct sbuf *b, enum lang L, double x, double lo,
		 double hi, enum stats_verdict v, bool ascii);
void step_words(struct sbuf *b, enum lang L, const struct item *it,
		bool ascii);

/* Whether step it (against it->prev) follows a rung slower than one
 * before it: a teaching rung, or a rung whose own step lost time beyond
 * the noise and stands below the fastest rung before it (report_change.c):
 * measured against that rung too, it counts among the steps that
 * mattered only by its gain over it. */
bool after_slower(const struct ladder *l, const struct item *it);
/* Whether row r's timed region and its kernel alone, timed in the same
 * runs (`finish: host`, rung 1), are apart beyond both intervals: its
 * host step measured. */
bool host_step_measured(const struct result_row *r);
/* That fastest rung: of l's verified rungs below `it`, not teaching. */
const struct item *best_earlier(const struct ladder *l, const struct item *it);

/* The steps of ladder l that mattered most, the largest first: each
 * rung's step against the rung before it (it->prev, it->step_x, its
 * verdict: the numbers of the table) that is faster beyond its noise;
 * never a teaching rung's step, nor one after a teaching rung that
 * mostly undoes its slowdown: it must also beat the fastest
 * non-teaching rung before it beyond its noise, by a factor r with
 * r * r >= its step (more of the step, in log terms, gained than
 * undone).  Into from[]
 * (it->prev; unless from is NULL), to[] and x[] (the step's speedup;
 * unless x is NULL), at most max.  Returns how many.  The abstract, the
 * body's key lines and the conclusion all read it. */
size_t steps_that_mattered(const struct ladder *l, const struct item **from,
			   const struct item **to, double *x, size_t max);

/* One sentence on how far the medians of the same rows moved between
 * this run and the baseline (m->cmp), when the baseline is a run of the
 * same GPU model; nothing otherwise. */
void run_spread(struct sbuf *b, enum lang L, const struct model *m);

/* Why rung `it` may reach more than 100 % of ladder l's ceiling; nothing
 * when it does not. */
void above_ceiling(struct sbuf *b, enum lang L, const struct model *m,
		   const struct ladder *l, const struct item *it);

/* The rules table: each rule's claim, physics, evidence and what refutes
 * it, for the report's readers (the details).  Placeholder "rules". */
void blk_rules(const struct model *m, enum lang L, struct sbuf *b);

/* For tests: the names of the rules step_why() names as causes of step
 * from -> to, comma-separated ("" none), and the name of the rule that
 * names rung it's limit ("none" when none holds).  Heap strings. */
char *step_rule_names(const struct model *m, const struct ladder *l,
		      const struct item *from, const struct item *to);
char *rung_limit_name(const struct model *m, const struct ladder *l,
		      const struct item *it);

/* ---- the user's kernels (report_user.c) ------------------------------- */

/* One line on the user's kernel `it` of ladder l for the conclusion and
 * the rubric: where it sits between the rungs and the problems its
 * diagnosis found (with the host step's cost: measured where the row
 * holds the kernel alone's time, else estimated where a rung isolates
 * it, and said to be an estimate). */
void user_summary(struct sbuf *b, enum lang L, const struct model *m,
		  const struct ladder *l, const struct item *it);

/* Whether the diagnosis of the user's kernel `it` finds the problem
 * `what` ("bank", "divergence", "coalescing", "host", "occupancy",
 * "inflight"). */
bool user_shows(const struct model *m, const struct ladder *l,
		const struct item *it, const char *what);

/* For the class page: the first problem the diagnosis of `it` finds, in
 * a few words ("shared-memory bank conflicts"), or NULL; where `it` sits
 * between the rungs, in a few words; whether its time is impossible
 * (faster than its bytes at the peak with L2 evicted before every run). */
const char *user_problem(const struct model *m, const struct ladder *l,
			 const struct item *it, enum lang L);
void user_place(struct sbuf *b, enum lang L, const struct ladder *l,
		const struct item *it);
bool user_impossible(const struct model *m, const struct result_row *w);
/* The "Your kernels" section's part of kernel `name`: its heading, its
 * rows in a table, the row in full with its lines (a student's page).
 * A class's submission is not placed on the ladder there (its page
 * places it once, by the time graded: place_graded), its fix rung is
 * compared by the time graded, and its host step is the class's
 * contract: said with its cost, measured where the row holds the kernel
 * alone, never with a fix. */
void user_kernel_section(const struct model *m, const char *name,
			 enum lang L, struct sbuf *b);
/* Kernel `name`'s source as the body shows it (report_code.c), after
 * the section's intro line; nothing without a stored source. */
void user_code_of(const struct model *m, const char *name, enum lang L,
		  struct sbuf *b);

/* ---- a class (report_class.c, report_gradebook.c) ---------------------- */

/* Whether the results hold a class's submissions (variants marked
 * `submission`): the report then writes the class page, gradebook.csv,
 * canvas.csv, gradescope/NAME.json and a page per student.  The class
 * graded (report_grading.h) is what they all read. */
bool model_has_class(const struct model *m);
/* report_class_chart.c: adds to `set` a chart per experiment with a
 * class (each student's bandwidth by the time they are graded by,
 * beside the rungs', at each type and size, or at each type's largest
 * when there are too many) and records their names in m->class_chart[]. */
void class_charts(struct model *m, struct plot_set *set);
/* The chart of experiment e, or NULL; whether it has a panel per type
 * and size (else per type, at its largest size). */
const char *class_chart_of(const struct model *m, const char *e);
bool class_chart_every_size(const struct model *m, const char *e);
/* The class page's blocks: per experiment a summary, what the times
 * are, a table of its students (rank, score with its interval, state,
 * time per type and size, objectives met, what they lost points on and
 * its line), then the chart; how the score is computed. */
void blk_class_table(const struct model *m, enum lang L, struct sbuf *b);
void blk_class_score(const struct model *m, enum lang L, struct sbuf *b);
/* Student `name`'s own page in language L (students/NAME/report.L.md):
 * their grade (score, rank, the rubric's parts, the objectives with
 * their evidence, what they lost points on, where each row sits), their
 * kernel's part of the report, its source, and links to the class page
 * and the report two folders up.  Caller frees. */
/* similar.<lang>.md: the teacher's page of similar submissions, each
 * experiment's flagged students with their matching lines side by side
 * (report_copies.h).  Caller frees. */
char *class_similar_page(const struct model *m, enum lang L);
char *class_student_page(const struct model *m, const char *name,
			 enum lang L);
/* report_gradebook.c, the teacher's files (docs/class.md lists their
 * columns and keys), English, each a heap string the caller frees:
 * gradebook.csv, a line per student and experiment, best score first;
 * canvas.csv, a line per student with a column per experiment, for a
 * Canvas or Moodle gradebook's import; and student `name`'s grade in
 * Gradescope's results.json shape (gradescope/NAME.json; NULL after a
 * diagnostic). */
char *class_gradebook(const struct model *m);
char *class_canvas_csv(const struct model *m);
char *class_gradescope(const struct model *m, const char *name);

/* ---- Harris's G80 reduction (report_history.c) ------------------------ */

/* Harris's kernel (1..7) whose technique our variant `variant` uses, or
 * 0 (a table of report_model.c's: the model tags items with it). */
int harris_kernel_of(const char *variant);

/* Our fastest verified rung of ladder l that matches the first of
 * Harris's kernels that any rung of l matches (kernel 1 when one does),
 * or NULL: where both ladders' cumulative speedups start. */
const struct item *harris_first_match(const struct ladder *l);

/* Appends the published time and bandwidth of Harris's kernel `kernel`
 * ("3: 1.722 ms, 9.741 GB/s"), or "—" when it names none. */
void harris_figures(struct sbuf *b, int kernel);

/* ---- compute-sanitizer at the line (report_sanitizer.c) -------------- */

/* Appends what compute-sanitizer found for failed row `row` (its record,
 * results/sanitizer_record.h) as Markdown list items at `indent`: one for
 * the rerun and, below it, one per finding (the line quoted from v's stored
 * source, through m's index of its lines); nothing when the row has none.
 * `details` adds the command that reruns it by hand. */
void sanitizer_items(struct sbuf *b, enum lang L, const struct model *m,
		     const struct result_row *row, const struct variant *v,
		     const char *indent, bool details);

/* The same in a table cell: each tool's count, and the first finding's
 * line ("memcheck: 969 errors, line 9; racecheck: nothing"). */
void sanitizer_cell(struct sbuf *b, enum lang L, const struct result_row *row);
/* A failed row's problem in a few words from what compute-sanitizer
 * found first at a line ("an out-of-bounds `__shared__` read
 * (compute-sanitizer)"; plain: no Markdown), appended to b; returns that line (its file in
 * *file, the tool's base name), or 0 with nothing appended when it
 * found none. */
int sanitizer_problem(struct sbuf *b, enum lang L, bool plain,
		      const struct result_row *row, const char **file);

/* Ends the line of a failed item of the user-kernel section and appends
 * its sanitizer_items() below it (report_user.c's stages). */
void user_failure_end(struct sbuf *b, enum lang L, const struct model *m,
		      const struct item *it);

/* ---- counters per source line (report_lines.c) ----------------------- */

/* Appends, as Markdown list items at `indent`, the lines of item it's
 * kernels that carry a problem, each quoted with its numbers and what
 * they mean (and the rung that shows the fix, from ladder l); `narrow`
 * (the diagnosis found too few bytes in flight) names its narrow loads
 * too; `div` (it found divergence) the line it comes from.  Nothing
 * when the row has no lines, one item saying why when they were not
 * collected. */
void lines_items(struct sbuf *b, enum lang L, const struct model *m,
		 const struct ladder *l, const struct item *it, bool narrow,
		 bool div, const char *indent);

/* The line of item it's first kernel that carries the most (the first
 * line the body's list names), 0 when it has no lines or none stands
 * out; *file gets its file (the kernel's own, or another).  `narrow`
 * as lines_items() takes it. */
int lines_first(const struct model *m, const struct item *it, bool narrow,
		const char **file);

/* What lines_carrying() looks for: the problems a line carries (the
 * rules at the top of report_lines.c); divergence is divergent branches
 * (but a tree's last passes) or idle threads. */
enum line_problem { LINE_BANK, LINE_UNCOALESCED, LINE_DIVERGENCE };

/* The line of item it's first kernel that carries problem `what` the
 * most, 0 when no line does (or the row has no lines); *file gets its
 * file.  For a class's objectives: the line that is their evidence. */
int lines_carrying(const struct item *it, enum line_problem what,
		   const char **file);
/* Line `line` (of `file`, NULL any) of it's first kernel: its shared
 * wavefronts over a conflict-free access's (the n of the body's n-way
 * bank conflict), NAN when it has none or the row has no lines. */
double lines_bank_ways(const struct item *it, int line, const char *file);

/* The details page's section: every line of the user's kernels, and the
 * key lines of each built-in rung (its float row, else its first), with
 * a column per metric; empty when no row has lines. */
void blk_source_lines(const struct model *m, enum lang L, struct sbuf *b);

/* ---- where warps wait (report_stalls.c) ------------------------------ */

/* Appends, as a Markdown list item at `indent`, the line of kernel lk
 * (of a row's lines src, variant v) with the most PC samples, its share
 * of the kernel's and the state its warps were most often in; nothing
 * without samples or with fewer than 200. */
void lines_stall_item(struct sbuf *b, enum lang L, const struct model *m,
		      const struct variant *v, const struct source_lines *src,
		      const struct line_kernel *lk, const char *indent);

/* The row lines_say_stall() quotes for item it: its variant's row with
 * counters per source line (of its type and size first), NULL without
 * one.  Another type's rung of the same variant may quote the same row. */
const struct result_row *lines_stall_row(const struct model *m,
					 const struct item *it);

/* Where the warps of item it's kernel wait (issue 46): from `row`
 * (lines_stall_row()), the line with the most PC samples of its kernel
 * with the most, its share, and the state its warps were most often in:
 * " Where rung 2's warps wait (PC samples, n = 2^24): line L `code`: P %
 * of the kernel's S PC samples; ...".  *worded (NULL: none) holds the
 * states said in full on this page: a state said before is named by its
 * short name ("`long_scoreboard`, as above"), and one said in full is
 * added.  false, adding nothing, without a row or with fewer than 200
 * samples. */
bool lines_say_stall(struct sbuf *b, enum lang L, const struct model *m,
		     const struct item *it, const struct result_row *row,
		     unsigned long long *worded);

#endif
