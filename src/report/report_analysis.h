/* report_analysis.h - the analysis model: items, ladders and their
 * speedups, comparisons, and the words for an item (report_model.c,
 * report_compare.c, report_words.c).  One layer of report_int.h, which
 * alone includes it; it builds on the layers before it. */
#ifndef CULAB_REPORT_ANALYSIS_H
#define CULAB_REPORT_ANALYSIS_H

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
double step_bound_pct(const struct item *it);

/* ratio_judge(from, to, ...), taken from `to`'s step when `from` is its
 * previous rung (the model judged that pair already). */
enum stats_verdict step_judge(const struct item *from,
			      const struct item *to, double *x, double *lo,
			      double *hi);

/* Whether a step (this item against it->prev) is within noise: its
 * verdict (ratio_judge) is neither faster nor slower: its change lies
 * within its run-to-run floor, or its interval does not put it beyond
 * SPEEDUP_SAME_PCT.  Such a step gets no "why" anywhere.  False for an
 * item without a step. */
bool step_within_noise(const struct item *it);

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
	const char **class_chart, **class_chart_exp;
	size_t nclass_charts;
	/* the sources whose lines the report quotes, each indexed once
	 * (model_text_lines) */
	struct text_memo *texts;
};

/* " (GPU)" after a group's or ladder's family and type when the report
 * keeps GPU models apart (gpu not NULL); nothing otherwise. */
void gpu_suffix(struct sbuf *b, const char *gpu);

/* Whether a and b are the same string; NULL counts as "". */
bool str_eq(const char *a, const char *b);

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
double item_ms(const struct item *it);

/* Whether item a is faster than b; any item is faster than none (NULL). */
bool faster(const struct item *a, const struct item *b);

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
/* The index of text's lines (base/textlines.h), made the first time the
 * text is asked for and kept with m (text must live as long as m: a
 * source of m's results); NULL for a model model_build did not make. */
struct text_lines;
const struct text_lines *model_text_lines(const struct model *m,
					  const char *text);
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

#endif
