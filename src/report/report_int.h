/* report_int.h - what the files of the report (report_render.c and report_*.c,
 * listed in report_render.c) share, and nothing else includes: the analysis
 * model's types, the message keys and the helpers each file lends the
 * others.  Sections are named for the file that implements them.
 * report.h is the report's contract with the rest of culab; this header
 * may change with any of these files. */
#ifndef CULAB_REPORT_INT_H
#define CULAB_REPORT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "compare/floor.h"
#include "run/run.h"
#include "base/stats.h"
#include "base/util.h"

struct metric_alias;
struct metric_column_def;
struct plot_set;
struct compare;
struct sig_check;
struct variant;

/* ---- formatting (report_fmt.c) ---------------------------------------- */

/* s, or "" for NULL. */
static inline const char *S(const char *s)
{
	return s ? s : "";
}

/* Appends s (NULL: nothing) Markdown-escaped for inline use (paragraphs,
 * list items, table cells): no line breaks, no table pipes, no HTML, no
 * emphasis, links, code spans, headings or math.  For text that comes
 * from results files. */
void md_text(struct sbuf *b, const char *s);

/* md_text into a fresh heap string (for message arguments); the caller
 * frees it. */
char *md_dup(const char *s);

/* A small pool of escaped strings that lives as long as one sentence.
 * It starts empty ({ .n = 0 }); pool_release() frees what it holds. */
struct pool {
	char *s[12];
	size_t n;
};

/* s escaped by md_text(), held by the pool until pool_release(); "" when
 * the pool is full. */
const char *pool_md(struct pool *p, const char *s);

/* Heap string s, now held by the pool until pool_release(); when the pool
 * is full s is freed at once and "" returned. */
const char *pool_keep(struct pool *p, char *s);

/* Frees every string the pool holds and empties it. */
void pool_release(struct pool *p);

/* Numbers, written into buf[size]; each returns buf.  "—" for a value
 * that is not finite (fmt_sig, fmt_times).
 * fmt_sig: `sig` significant digits in plain notation, thousands
 *   separated by commas from 10,000 up ("12,345", "0.1095"); from 1e6
 *   an SI prefix ("39.4 M", "1.20 G"); below 1e-6 an exponent;
 * fmt_pct: a percentage, two decimals below 10, else one;
 * fmt_times: a speedup with three significant digits and never fewer
 *   than two decimals below 10, "4.00×", "13.8×", "138×", "1,234×",
 *   "0.956×", "0.00393×" (never "0.00×": a slowdown keeps its digits);
 * fmt_bytes: bytes in decimal units, "512 B", "1.50 MB". */
const char *fmt_sig(char *buf, size_t size, double v, int sig);
const char *fmt_pct(char *buf, size_t size, double v);
const char *fmt_times(char *buf, size_t size, double v);
const char *fmt_bytes(char *buf, size_t size, double v);
/* A ratio as fmt_times() writes it, with `extra` more decimals and
 * `suffix` after it ("" for the ends of an interval). */
const char *fmt_ratio(char *buf, size_t size, double v, int extra,
		      const char *suffix);

/* Two ratios x and y as fmt_times() writes them, into xb and yb (each
 * FMT_SIZE), with one more decimal where that tells them apart ("1.035×"
 * beside "1.045×", not two "1.04×"); two that agree to four digits are
 * written alike, as the same to a reader ("1.28×" and "1.28×"). */
void fmt_times_apart(char *xb, char *yb, double x, double y);
/* Whether factor f covers a step of factor x: at least x, or the same
 * to the three digits a reader sees (f = 1.2848 for x = 1.2846), so
 * that "as large as the step" and "1.28× for a 1.28× step" agree. */
static inline bool factor_covers(double f, double x)
{
	return f >= x * (1 - 0.005);
}

/* The same into a buffer that lives until the end of the enclosing block,
 * for message arguments and cells. */
#define FMT_SIZE 48
#define FMT(v, sig) fmt_sig((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v), (sig))
#define PCT(v) fmt_pct((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v))
#define TIMES(v) fmt_times((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v))

/* A size as a heap string, which the caller frees: "n = 2^22" for a
 * reduction, "4096 × 4096" for a matrix ("4096 x 4096" with `ascii`, for
 * charts, whose fonts are ASCII).  size_text() is the Markdown one. */
char *size_text_as(uint64_t n, uint64_t m, bool matrix, bool ascii);
char *size_text(uint64_t n, uint64_t m, bool matrix);

/* Appends a Markdown table row of cells[0..n), or the rule under the
 * head row (right[i]: column i is right-aligned). */
void table_row(struct sbuf *b, const char *const *cells, size_t n);
void table_rule(struct sbuf *b, const bool *right, size_t n);

/* Ends a block's last line: blocks carry no trailing newline, so that a
 * template decides the spacing around them.  Drops trailing newlines and
 * spaces. */
void block_trim(struct sbuf *b);

/* ---- the message catalogue (report_msg.c) ----------------------------- */

enum lang { EN, ZH, NLANG };

/* The message keys, enum msg: report_msgid.h. */
#include "report_msgid.h"

/* The rows of the body and the details page (report_msg_body.c), from
 * M__BODY on: report_msg.c's table would pass the 1,200 lines a file
 * may have. */
extern const char *const msgs_body[M__SAN - M__BODY][NLANG];
/* The rows of compute-sanitizer's findings (report_msg_sanitizer.c),
 * from M__SAN on. */
extern const char *const msgs_sanitizer[M__LINES - M__SAN][NLANG];
/* The rows of the counters per source line (report_msg_lines.c), from
 * M__LINES on. */
extern const char *const msgs_lines[M__CLASS - M__LINES][NLANG];
/* The rows of a class graded (report_msg_class.c), from M__CLASS on. */
extern const char *const msgs_class[M__COUNT - M__CLASS][NLANG];

/* Message id in language L, as it stands (for those without arguments). */
const char *say_text(enum lang L, enum msg id);

/* Appends message id in language L with {1}..{9} replaced by
 * args[0..n) (sbuf_addargs() in util.h). */
void say_args(struct sbuf *b, enum lang L, enum msg id,
	      const char *const *args, size_t n);

/* say_args() with its arguments listed: SAY(b, L, M_TITLE, title). */
#define SAY(b, L, id, ...)                                                     \
	say_args((b), (L), (id), (const char *const[]){ __VA_ARGS__ },         \
		 sizeof((const char *const[]){ __VA_ARGS__ }) /                \
			 sizeof(const char *))

/* ---- a comparison (report_compare.c) -------------------------------------- */

struct compare;
/* The floors of c's pairs in a few words for the body: "GPU ±0.050 % to
 * ±9.0 % by median time, measured on NVIDIA H100 80GB HBM3 (...); ...". */
void compare_floors_brief(struct sbuf *b, enum lang L, const struct compare *c);
/* The same of the floors summed up per kind in kinds[CK__COUNT]
 * (compare_kind_floors_add), the table's: with `brief` the GPU models
 * they were measured on, else also their recordings ("measured on NVIDIA
 * H100 80GB HBM3 (reports/compare/h100-noise, 2026-11-28; ...)"); a
 * model without a floor of its own says it took the fallback. */
struct compare_kind_floors;
void kind_floors_text(struct sbuf *b, enum lang L,
		      const struct compare_kind_floors *kinds, bool brief);

/* ---- the analysis model (report_model.c) ------------------------------ */

/* What a row is in its ladder.  Only rungs have step speedups; the others
 * are shown beside them, with their speed over the first rung. */
enum role {
	ROLE_RUNG,       /* a rung of the optimization ladder */
	ROLE_USER,       /* the user's own kernel (VF_USER): placed on the
			    ladder beside the rungs, never one of them */
	ROLE_CEILING,    /* the copy that is the family's bandwidth ceiling */
	ROLE_COPY,       /* another copy (not a transpose): a reference */
	ROLE_BASELINE,   /* library baseline (CUB, Thrust) */
	ROLE_REFERENCE,  /* CPU or step-0 reference */
};

/* How speedups are judged (report_model.c, ratio_judge): the 95 %
 * interval of a ratio of medians is a percentile bootstrap of
 * REPORT_BOOTSTRAP resamples of each row's timed runs (stats_ratio_ci,
 * the method of `culab compare`, seeded with COMPARE_SEED so a report
 * repeats exactly).  A quarter of compare's STATS_BOOTSTRAP resamples:
 * the ~320 intervals of the default experiment then cost 0.09 s of CPU
 * instead of 0.36 s, and on its recorded H100 results their ends lie on
 * average 3.5 % of the interval's width from those of 20,000 resamples
 * (2,000: 1.8 %).  Its verdict is
 * stats_verdict_of() against SPEEDUP_SAME_PCT: "same" when the whole
 * interval lies within +-2 %, "faster"/"slower" when it lies beyond,
 * "unknown" when it crosses the boundary.  Rows with fewer than
 * COMPARE_MIN_SAMPLES runs have no interval; their verdict then comes
 * from the ratio of medians alone against the same threshold.
 *
 * An interval is of this one run, and a second run of the same code
 * moves a median by more than it says.  So, as `culab compare` judges a
 * pair (compare.h), a change is faster or slower only when it also lies
 * beyond the run-to-run floor of its pair of rows (floor.h: the floor
 * table of their GPU model, at the noisier of their kinds and the
 * shorter of their medians; compare_floor_pair): a change, |time ratio
 * - 1|, no larger than the floor is "same", whatever its interval says
 * (step_floor_of). */
#define REPORT_BOOTSTRAP 500
#define SPEEDUP_SAME_PCT 2.0

struct item {
	const struct result_row *row;
	const struct variant *v;   /* NULL when the registry does not know it */
	size_t order;              /* registry position, for sorting */
	enum role role;
	bool ok;                   /* ran, verified, has a time */
	double step_x, cum_x;      /* NAN when not applicable */
	/* 95 % intervals of step_x and cum_x (NAN when the rows have too
	 * few runs; always lo <= x <= hi otherwise) and what they say of
	 * this row's time against prev's and the first rung's:
	 * SV_FASTER is a real speedup, SV_SAME a change within
	 * SPEEDUP_SAME_PCT, SV_UNKNOWN an interval across that boundary
	 * (also the verdict of a row that has no speedup) */
	double step_lo, step_hi, cum_lo, cum_hi;
	enum stats_verdict step_verdict, cum_verdict;
	double cpu_x;              /* speedup over the ladder's CPU reference
				      (ladder.cpu); NAN without one */
	/* robust spread of the timed runs: 100 * IQR / median, from the
	 * samples (stats_summarize); NAN without samples */
	double iqr_pct;
	const struct item *prev;   /* the row step_x compares with */
	int harris;                /* Harris kernel with this technique, or 0 */
	/* i45: what the row's timed region holds (compare_row_kind), the
	 * GPU model it ran on (NULL: not recorded), and the run-to-run
	 * floor of its step (against prev; floor 0, CFF_NONE without) */
	enum compare_kind kind;
	const char *gpu;
	struct compare_floor_pick step_floor;
};

/* The speedup of `it` over `base` (base's time / it's) as *x, its 95 %
 * interval [*lo, *hi] (NAN without enough runs; else lo <= x <= hi) and
 * the verdict on it's time against base's, as the model judges steps
 * (report_model.c; `base == it` gives 1, [1, 1], SV_SAME): beyond
 * SPEEDUP_SAME_PCT by its interval and beyond the pair's run-to-run
 * floor (step_floor_of) by its change, else "same" or "unknown". */
enum stats_verdict ratio_judge(const struct item *base, const struct item *it,
			       double *x, double *lo, double *hi);

/* The run-to-run floor of the pair base, it (compare_floor_pair: the
 * table compiled into culab, the noisier kind, the shorter median, the
 * larger of the two GPU models' floors); floor 0 and CFF_NONE when
 * either has no median. */
void step_floor_of(const struct item *base, const struct item *it,
		   struct compare_floor_pick *out);

/* The bound a step of item it (against it->prev) must pass, in per cent:
 * the larger of SPEEDUP_SAME_PCT and its run-to-run floor. */
static inline double step_bound_pct(const struct item *it)
{
	double f = 100 * it->step_floor.floor;

	return f > SPEEDUP_SAME_PCT ? f : SPEEDUP_SAME_PCT;
}

/* ratio_judge(from, to, ...), taken from `to`'s step when `from` is its
 * previous rung (the model judged that pair already). */
static inline enum stats_verdict step_judge(const struct item *from,
					    const struct item *to, double *x,
					    double *lo, double *hi)
{
	if (to->prev != from)
		return ratio_judge(from, to, x, lo, hi);
	*x = to->step_x;
	*lo = to->step_lo;
	*hi = to->step_hi;
	return to->step_verdict;
}

/* Whether a step (this item against it->prev) is within noise: its
 * verdict (ratio_judge) is neither faster nor slower: its change lies
 * within its run-to-run floor, or its interval does not put it beyond
 * SPEEDUP_SAME_PCT.  Such a step gets no "why" anywhere.  False for an
 * item without a step. */
static inline bool step_within_noise(const struct item *it)
{
	return it->prev && (it->step_verdict == SV_SAME ||
			    it->step_verdict == SV_UNKNOWN);
}

struct ladder {
	const char *experiment, *family, *dtype;
	uint64_t n, m;
	/* With rows of several GPU models, the model its rows ran on (a
	 * ladder and a group never mix models); else NULL.  env: that
	 * GPU's (or the results') environment, for its peak. */
	const char *gpu;
	const struct environment *env;
	struct item **items;
	size_t nitems;
	const char **cols;          /* counter columns present, in order */
	size_t ncols;
	const struct item *first;   /* fastest verified row of the first rung */
	const struct item *best;    /* fastest verified rung */
	const struct item *ceiling; /* fastest verified copy ceiling */
	const struct item *cpu;     /* fastest verified CPU reference */
	bool blocks;                /* some row has a block size */
	bool resources;             /* some row's resources are known */
	bool harris;                /* show the G80 column */
	bool matrix;                /* sizes are rows x columns */
};

enum chart { CH_TIME, CH_BW, CH_LADDER, CH_COUNTERS, CH_TRANSPOSE, CH__COUNT };

struct group {                      /* one family/dtype: one set of charts */
	const char *family, *dtype;
	const char *gpu;                /* as its ladders' */
	const struct environment *env;
	struct ladder **ladders;    /* by size */
	size_t nladders;
	const struct ladder *top;   /* largest size with a verified rung */
	const struct ladder *small; /* smallest size with two verified rungs */
	/* drawn charts' names in each language's pages, or NULL: the
	 * ladder's in that language's words, the others English */
	const char *chart[NLANG][CH__COUNT];
};

/* CHARTS_PENDING: gnuplot could not be started; the charts' data and
 * scripts are written and `gnuplot all.gp` draws them later. */
enum charts_state { CHARTS_OFF, CHARTS_DRAWN, CHARTS_PENDING, CHARTS_FAILED };

struct model {
	const struct results *r;
	bool by_gpu;                /* rows come from several GPU models */
	struct item *items;
	size_t nitems;
	struct ladder *ladders;
	size_t nladders;
	struct group *groups;
	size_t ngroups;
	const char **cols;          /* every counter column, for the glossary */
	size_t ncols;
	size_t nfailed;
	size_t nvariants;           /* variants that run on the GPU */
	const char **cpu_variants;  /* those that run on the CPU (reduce_cpu,
				       a host loop): named apart */
	size_t ncpu_variants;
	size_t nuser;               /* rows of the user's kernels */
	enum charts_state charts;
	struct plot_set *plots;
	struct sig_check *sigs;     /* registry signatures checked */
	size_t nsigs;
	/* --baseline (report_compare.c): the comparison of a baseline with
	 * these results, how to name the baseline, and its chart's name
	 * (NULL: not drawn); all NULL without the option */
	const struct compare *cmp;
	const char *baseline_path;
	const char *baseline_chart;
	/* the class's spread (report_class.c): a chart per experiment with
	 * a class, by experiment name; names are m->plots' */
	const char *class_chart[16], *class_chart_exp[16];
	size_t nclass_charts;
};

/* " (GPU)" after a group's or ladder's family and type when the report
 * keeps GPU models apart (gpu not NULL); nothing otherwise. */
void gpu_suffix(struct sbuf *b, const char *gpu);

/* Whether a and b are the same string; NULL counts as "". */
static inline bool str_eq(const char *a, const char *b)
{
	return strcmp(S(a), S(b)) == 0;
}

/* "0.1095 (0.1092–0.1099)": the median time of a timed row and the 95 %
 * interval of the median, when it has one (report_words.c). */
void time_with_interval(struct sbuf *b, enum lang L, const struct timing *t);
/* Whether t has an interval of its median to show (report_fmt.c). */
bool has_interval(const struct timing *t);
/* "1.40× (1.38–1.42)": speedup x with its 95 % interval [lo, hi] when
 * both ends are finite and not both x, x alone otherwise; "—" when x is
 * not finite.  A narrow interval gets up to three more decimals, enough
 * to tell its ends apart: "1.010× (1.005–1.014)" (report_words.c). */
void times_with_interval(struct sbuf *b, enum lang L, double x, double lo,
			 double hi);

/* The median time of an item's row, in ms. */
static inline double item_ms(const struct item *it)
{
	return it->row->t.median_ms;
}

/* Whether item a is faster than b; any item is faster than none (NULL). */
static inline bool faster(const struct item *a, const struct item *b)
{
	return !b || item_ms(a) < item_ms(b);
}

/* Analyses r into *m: items with their variant and role, ladders sorted
 * by family, type and size with their speedups, groups of ladders, and
 * the registry signatures checked.  m points into r, which must outlive
 * it; m->charts and m->plots are left to the caller (CHARTS_OFF, NULL).
 * The caller frees m with model_release(). */
void model_build(const struct results *r, struct model *m);

/* Frees what m holds, m->plots included, and zeroes it. */
void model_release(struct model *m);

/* The description the results hold of variant `name` (NULL: none), or
 * NULL when they hold none.  Every variant the report looks up comes
 * through here (and its order through model_variant_order, in
 * report_model.c): the report never consults the registry, so it renders
 * rows of variants this culab has never heard of. */
const struct variant *model_variant(const struct model *m, const char *name);
/* The experiment `name` of the results, or NULL. */
const struct experiment_meta *model_experiment(const struct results *r,
					       const char *name);

/* Family-specific tests, from the family's row (ladder.h); false for a
 * family this culab does not know.
 * family_is_matrix: `family` is sized rows x columns (a matrix);
 * row_is_matrix: a row's size is rows x columns: its family is, or m > 1;
 * family_transpose_chart: `family` gets the ceiling chart (CH_TRANSPOSE,
 *   FR_CEILING_CHART): bandwidth per variant at the largest size, against
 *   the copy ceiling;
 * family_harris: `family`'s ladders are set beside Harris's G80
 *   reduction ladder (the historical block, FR_HISTORICAL). */
bool family_is_matrix(const char *family);
bool row_is_matrix(const struct result_row *row);
bool family_transpose_chart(const char *family);
bool family_harris(const char *family);

/* qsort order of `const struct item *`: by role, rung, variant order,
 * name and block. */
int item_cmp(const void *a, const void *b);

/* Families in their natural order (enum family), unknown ones after. */
int family_rank(const char *family);

/* Adds `name` (NULL as "") to the set (*names)[0..*n) unless it is there.
 * The strings are borrowed; the caller frees the array *names. */
void names_add(const char ***names, size_t *n, const char *name);

/* Whether a row has counter column `name` (its value, row_column() from
 * compare.h, may still be NAN: not applicable). */
bool row_has_column(const struct result_row *row, const char *name);
/* Why column `name` of row was not collected (its counter_column.missing:
 * a counter this GPU, or instrumentation, cannot give), or NULL. */
const char *row_column_missing(const struct result_row *row, const char *name);

/* Whether counter column `col` moved from a (row ra) to b (row rb)
 * beyond its measured noise (counters.h), a byte count judged against
 * all the bytes either row moved to and from device memory: that total
 * is counter_change_scale's (0 for other columns: judged against
 * themselves). */
bool counter_moved(const char *col, double a, double b,
		   const struct result_row *ra, const struct result_row *rb);
double counter_change_scale(const char *col, const struct result_row *ra,
			    const struct result_row *rb);

/* Whether item it is a student's: a user kernel marked submission (a
 * class's).  The body leaves students to the class page and their own
 * pages; the class's files grade them (report_grading.h). */
bool item_submission(const struct model *m, const struct item *it);

/* How many verified rungs ladder l has. */
size_t ladder_ok_rungs(const struct ladder *l);

/* The best verified item of each rung step of a ladder, in order, into
 * out[] (room for l->nitems); returns how many. */
size_t ladder_rungs(const struct ladder *l, const struct item **out);

/* The definition of counter column `name` in counters.h's alias table, or
 * NULL; sets *alias (unless alias is NULL) to the alias it belongs to. */
const struct metric_column_def *column_def(const char *name,
					   const struct metric_alias **alias);

/* Counter value v of column `name` by its unit into buf[size]: bytes in
 * decimal units, percentages with one decimal, others with three
 * significant digits, "—" when not finite.  Returns buf.  CTR() does it
 * into a buffer that lives until the end of the enclosing block. */
const char *fmt_counter(char *buf, size_t size, const char *name, double v);
#define CTR(name, v) fmt_counter((char[FMT_SIZE]){ 0 }, FMT_SIZE, (name), (v))

/* ---- an item's words (report_words.c) ----------------------------------- */

/* An item's words in language L, from the catalogue and its variant:
 * role_text: its role ("rung 3", "ceiling", ...), held by pool p;
 * item_title: its variant's short title, or NULL when the variant is
 *   unknown;
 * signature_text: variant v's signature prose (English when it has no
 *   Chinese text; Chinese as region_text below finds it);
 * status_text: appends why the item has no speed: "**FAILED** (wrong
 *   answer): ..." etc.;
 * limiter_text: what limits a kernel's occupancy ("registers"). */
const char *role_text(struct pool *p, enum lang L, const struct item *it);
const char *item_title(const struct item *it, enum lang L);
/* Counter column `col` in plain words, for sentences ("load efficiency"
 * for gld_efficiency_pct; the DRAM traffic for "dram_read_bytes +
 * dram_write_bytes"), Markdown-safe; a column without plain words is
 * given escaped as it is, held by pool p.  Tables keep the column
 * names. */
const char *ctr_plain(struct pool *p, enum lang L, const char *col);
const char *signature_text(const struct variant *v, enum lang L);
void status_text(struct sbuf *b, enum lang L, const struct item *it);
const char *limiter_text(enum lang L, enum resource_limiter lim);

/* Texts the results recorded in English for variant v, in language L:
 * region_text the timed region `en` (a row's or v's own), sanitizer_text
 * what compute-sanitizer reported.  Chinese comes from v's Chinese field
 * when it goes with this English; for results recorded before those
 * fields existed, from the built-in row of the same name when its English
 * is the same text (the one place the report reads the registry, and only
 * for words); else the English.  v may be NULL. */
const char *region_text(const struct variant *v, const char *en, enum lang L);
const char *sanitizer_text(const struct variant *v, enum lang L);
/* What variant v's step changes and why (about_en / about_zh), the same
 * way; NULL for a NULL v. */
const char *about_text(const struct variant *v, enum lang L);
/* A reason culab records in English (counters or resources not measured:
 * "runs on the CPU", ...) in language L: the catalogue's Chinese for the
 * reasons culab writes, else the text as recorded. */
const char *reason_text(const char *en, enum lang L);
/* The run's status ("complete", "interrupted", ...) in language L; an
 * unknown status as recorded. */
const char *run_status_text(const char *status, enum lang L);
/* Appends message id (a heading: M_LADDER_HEAD, M_F_HEAD) with ladder l's
 * family, type and size as its arguments. */
void ladder_heading(struct sbuf *b, enum lang L, enum msg id,
		    const struct ladder *l);

/* The table of what one timed run contains, per variant, timer and
 * region (the appendix shows it); sets *events and *host when a row uses
 * that timer.  Appends nothing when b is NULL, only sets the flags. */
void method_regions(const struct model *m, enum lang L, struct sbuf *b,
		    bool *events, bool *host);

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
static inline bool is_teaching(const struct item *it)
{
	return it && it->v && it->v->teaching;
}

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
	const struct item *waited[8];           /* rungs whose PC samples
						   were said (once a page) */
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
 * run.h) as Markdown list items at `indent`: one for the rerun and, below
 * it, one per finding (the line quoted from v's stored source); nothing
 * when the row has none.  `details` adds the command that reruns it by
 * hand. */
void sanitizer_items(struct sbuf *b, enum lang L,
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
void user_failure_end(struct sbuf *b, enum lang L, const struct item *it);

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

/* Where the warps of item it's kernel wait (issue 46): from its
 * variant's row with counters per source line and PC samples (of its
 * type and size first), the line with the most samples of its kernel
 * with the most, its share, and the state its warps were most often in:
 * " Where rung 2's warps wait (PC samples, n = 2^24): line L `code`: P %
 * of the kernel's S PC samples; ...".  false, adding nothing, without such a row or with
 * fewer than 200 samples. */
bool lines_say_stall(struct sbuf *b, enum lang L, const struct model *m,
		     const struct item *it);

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

#endif
