/* compare/compare.h - results judged.
 *
 * Takes results in memory; gives two runs paired row by row, each pair
 * with a verdict (faster, slower, same, unknown), its counter changes
 * and the environment differences, and each row's counters held against
 * the signature its variant states.  No I/O.
 *
 * The one header other folders include.  Its sections: comparing two
 * runs, and signatures. */
#ifndef CULAB_COMPARE_H
#define CULAB_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "run/run.h"
#include "base/stats.h"
#include "ladder/ladder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== comparing two runs ================================================ */

/* Two results files side by side: rows paired by what they
 * measured, each pair's time ratio with a bootstrap interval and a
 * verdict, the counters that moved, and the environment facts that
 * differ.  `culab compare`, `culab rerun` and `culab report --baseline`
 * read the same struct compare.
 *
 * Pairing: a row of the base and a row of the new file pair when they
 * agree on experiment, variant (a user kernel by its label), type, size
 * (n, m) and block.  compare_options.match renames experiments of the
 * base for pairing, so two files whose experiments measure the same thing
 * under other names (experiments/default.yaml's reduce-float and
 * experiments/bench/reduce.yaml's reduce-ladder) can be compared.  A key
 * that occurs twice on one side pairs in file order; what is left over is
 * listed as present on one side only.
 *
 * Statistics (stats.h): the ratio of the medians new / base with its 95 %
 * percentile-bootstrap interval (STATS_BOOTSTRAP resamples, the fixed
 * seed COMPARE_SEED), classified by stats_verdict_of() against the pair's
 * bound: the larger of the threshold and the pair's run-to-run floor
 * (below, "run-to-run floors").  A pair whose rows did not both run and verify, or that has
 * fewer than COMPARE_MIN_SAMPLES timed runs on a side, is "unknown" with
 * the reason; but with few runs, a change so large that every run of one
 * side lies beyond every run of the other by more than the threshold is
 * still called slower or faster, by ranks (COMPARE_RANK_ORDERS).  Counter changes use counters.h's noise rule, the one the
 * report's findings use.
 *
 * Everything here is pure: no I/O (results_read_distinct(), results/,
 * reads the files to compare).  The printers are compare_print.c's (the
 * terminal's text), report/report_compare.c's (Markdown in English and
 * Chinese, and the ratio chart) and results/json_compare.c's (--json). */

/* The default threshold: a ratio interval inside 1 +- 2 % is "same".
 * docs/statistics-and-compare.md says why 2 %. */
#define COMPARE_THRESHOLD 0.02
/* Fewer timed runs than this on a side give no verdict: below 6 samples
 * the 95 % interval of a median is the whole sample range (stats.h), and
 * a bootstrap would claim more than the samples hold. */
#define COMPARE_MIN_SAMPLES 6
/* With fewer runs, by ranks: at least COMPARE_RANK_MIN on each side, and
 * enough ways to order the two sides' runs that a complete separation by
 * chance, either way, is at most 2 in COMPARE_RANK_ORDERS (5 %): 4 and 4
 * runs (70 orders), 3 and 5 (56), 5 and 5 (252); not 3 and 4 (35). */
#define COMPARE_RANK_MIN 3
#define COMPARE_RANK_ORDERS 40
/* The bootstrap's seed: the same files always give the same intervals. */
#define COMPARE_SEED UINT64_C(0x5eed0c0ffee5eed5)

/* ---- run-to-run floors ----------------------------------------------------
 *
 * Two runs of unchanged code a minute apart differ by more than the
 * intervals of either run say: clocks, where the buffers landed and the
 * host move from run to run, not from timed run to timed run.  In the
 * recorded H100 pair reports/compare/h100-twice, GPU rows of 10 us moved
 * by up to 9 %, host steps by up to 12 %, the CPU reference by 16 %,
 * with intervals of a few per cent.  So a pair is faster or slower only
 * when its whole interval lies beyond its floor too: the largest change
 * that same-code reruns showed for rows like it.
 *
 * Rows are alike by GPU model, by kind (enum compare_kind: what the
 * timed region holds besides the GPU's work) and by median time (fixed
 * costs of microseconds weigh most in a short row).  The table
 * (compare_floor_table(), floor.c) holds entries of the largest
 * |new / base - 1| measured in a band of median times [lo_ms, hi_ms),
 * the bands being powers of two of microseconds, each entry citing its
 * recording.  The floor of a row of kind k whose median lasts t ms, on
 * GPU model g: the largest floor among g's entries of kind k whose band
 * reaches above t (t's own band and the longer ones: a longer row is
 * taken to be no noisier than a shorter one); when t lies beyond every
 * band, the longest band's (CFF_MEASURED).  A model without entries of
 * kind k takes the largest floor that rule gives on any model that has
 * some (CFF_FALLBACK); a kind no model has gets none (CFF_UNMEASURED).
 * The table keeps only the bands whose floor exceeds that of every
 * longer band (compare_noise_bands' `sets`): the others change no floor.
 *
 * A pair's time is the shorter of its two medians, its kind the noisier
 * of its two rows' kinds, and its floor the larger of the floors of the
 * two sides' GPU models.  compare_options.floor_mode turns the table off
 * (--floor none) or sets one floor for every row (--floor F). */

/* What a row's timed region holds besides the GPU's own work, in order
 * of the noise the host adds: a pair takes the larger of its rows'. */
enum compare_kind {
	CK_GPU,         /* launches and device memory operations alone */
	CK_HOST_STEP,   /* also a copy to the host, a stream synchronization
			   and host work (VF_HOST_STEP: reduce_global's host
			   loop, thrust::reduce's result copied back, a user
			   kernel with finish: host) */
	CK_CPU,         /* the CPU reference, on the host clock (VF_CPU) */
	CK__COUNT
};

/* "gpu", "host step", "cpu". */
const char *compare_kind_name(enum compare_kind k);
/* The kind of row w of results r: from the variant's description in r
 * (its flags), else the built-in row of that name, else by its timer
 * ("host-clock": CK_CPU; else CK_GPU). */
enum compare_kind compare_row_kind(const struct results *r,
				   const struct result_row *w);

/* One entry of the table: on GPU model `gpu`, rows of `kind` whose
 * median lay in [lo_ms, hi_ms) moved by up to `floor` (a relative
 * change: 0.03 is 3 %) between same-code runs, over `pairs` pairs. */
struct compare_floor {
	const char *gpu;            /* as results record it (gpu_name) */
	enum compare_kind kind;
	double lo_ms, hi_ms;
	double floor;
	unsigned pairs;
	const char *source;         /* the recording: its folder under
				       reports/ and its date */
};

/* The table compiled into culab, *n its entries. */
const struct compare_floor *compare_floor_table(size_t *n);

/* The band of median times a time of ms falls in: [*lo, *hi) ms, powers
 * of two of microseconds ([0, 0.001) below 1 us). */
void compare_floor_band(double ms, double *lo, double *hi);

enum compare_floor_mode {
	COMPARE_FLOOR_TABLE,        /* the table's (the default) */
	COMPARE_FLOOR_NONE,         /* --floor none: the threshold alone */
	COMPARE_FLOOR_FIXED,        /* --floor F: F for every row */
};

/* Where a pair's floor came from. */
enum compare_floor_from {
	CFF_NONE,                   /* no floor: --floor none, or a side
				       without a median */
	CFF_MEASURED,               /* the table, on this GPU model */
	CFF_FALLBACK,               /* not measured on this model: the
				       largest measured on another */
	CFF_UNMEASURED,             /* the kind measured on no model */
	CFF_FIXED,                  /* --floor F */
	CFF__COUNT
};

/* "none", "measured", "fallback", "unmeasured", "fixed". */
const char *compare_floor_from_name(enum compare_floor_from f);

struct compare_floor_pick {
	double floor;               /* 0 when none */
	enum compare_floor_from from;
	const struct compare_floor *entry; /* the entry that set it, or NULL */
};

/* The floor of a row of kind k whose median lasts ms on GPU model gpu
 * (NULL: not recorded, which takes the fallback), by the rule above,
 * from the entries t[0..n). */
void compare_floor_lookup(const struct compare_floor *t, size_t n,
			  const char *gpu, enum compare_kind k, double ms,
			  struct compare_floor_pick *out);

/* A fact of the environment that two results files may disagree on. */
enum compare_fact {
	CF_GPU, CF_CC, CF_UUID, CF_SMS, CF_SM_CLOCK, CF_MEM_CLOCK,
	CF_DRIVER, CF_RUNTIME, CF_CULAB_VERSION, CF_CULAB_COMMIT,
	CF_EXPERIMENT, CF_SHA256, CF_HOST, CF_OS,
	CF__COUNT
};

struct compare_fact_diff {
	enum compare_fact fact;
	char *base, *cur;           /* the values as text; "not recorded" */
};

/* Why a pair has no verdict from its interval. */
enum compare_why {
	CW_NONE,                    /* it has one (maybe "unknown": the
				       interval straddles a boundary) */
	CW_BASE_FAILED,             /* the base row did not run or verify */
	CW_NEW_FAILED,              /* the new row did not */
	CW_FEW_SAMPLES,             /* < COMPARE_MIN_SAMPLES timed runs */
	CW_RANKS,                   /* so, but slower or faster by ranks:
				       lo, hi the range of the runs' ratios */
	CW__COUNT
};

/* A counter column that moved beyond the noise rule. */
struct compare_change {
	const char *column;         /* borrowed from the new row */
	double base, cur;
	double pct;                 /* metrics_change_pct(base, cur) */
	int better;                 /* +1 better, -1 worse, 0 neither */
};

struct compare_pair {
	const struct result_row *base, *cur;
	size_t nbase, ncur;         /* timed runs */
	double base_ms, cur_ms;     /* medians; NAN when a row has none */
	double ratio, lo, hi;       /* cur / base and its interval; NAN when
				       why != CW_NONE */
	enum compare_kind kind;
	struct compare_floor_pick floor;
	const char *floor_gpu;      /* the GPU model whose floor it is, as
				       the results name it (borrowed), or
				       NULL */
	double bound;               /* max(threshold, floor): faster or
				       slower beyond 1 -+ bound */
	enum stats_verdict verdict;
	enum compare_why why;
	struct compare_change *changes; /* largest first */
	size_t nchanges;
};

/* Rows of base experiment `base` pair with rows of new experiment `cur`. */
struct compare_match {
	const char *base, *cur;
};

struct compare_options {
	double threshold;           /* <= 0: COMPARE_THRESHOLD */
	const struct compare_match *match;
	size_t nmatch;
	enum compare_floor_mode floor_mode;
	double floor;               /* COMPARE_FLOOR_FIXED's */
	/* the table of floors; NULL: compare_floor_table()'s */
	const struct compare_floor *floors;
	size_t nfloors;
};

/* The most distinct recordings a kind's summary names. */
#define COMPARE_FLOOR_SOURCES 4

/* The floors the pairs of one kind got, for a comparison's header. */
struct compare_kind_floors {
	size_t npairs;              /* pairs of this kind with both medians */
	double lo, hi;              /* the smallest and largest floor */
	unsigned from;              /* (1u << enum compare_floor_from) of
				       each pair */
	const char *gpu;            /* the GPU model of its first pair
				       (borrowed; NULL: not recorded) */
	const struct compare_floor *entries[COMPARE_FLOOR_SOURCES];
	size_t nentries;            /* entries of distinct models and
				       recordings that set a floor */
};

struct compare {
	const struct results *base, *cur;  /* borrowed; must outlive it */
	double threshold;
	enum compare_floor_mode floor_mode;
	double floor;               /* COMPARE_FLOOR_FIXED's */
	struct compare_kind_floors kinds[CK__COUNT];
	bool cross_gpu;             /* GPU name or compute capability differ */
	bool other_device;          /* the same model, another GPU (UUID) */
	struct compare_fact_diff *diffs;
	size_t ndiffs;
	struct compare_pair *pairs; /* in the base's row order */
	size_t npairs;
	const struct result_row **only_base, **only_cur; /* in file order */
	size_t nonly_base, nonly_cur;
	size_t counts[SV__COUNT];   /* pairs per verdict */
};

/* Compares cur with base into *c (zeroed first).  Never fails; a
 * comparison without pairs has npairs 0 (compare_check_pairs refuses
 * it).  The caller releases *c with compare_release(). */
void compare_build(const struct results *base, const struct results *cur,
		   const struct compare_options *o, struct compare *c);
void compare_release(struct compare *c);

/* The fact's name in English ("GPU", "driver (CUDA version)"). */
const char *compare_fact_name(enum compare_fact f);
/* The reason's name for --json: "", "base_failed", "new_failed",
 * "few_samples", "ranks". */
const char *compare_why_name(enum compare_why w);

/* A verdict set, for --fail-on: "slower", "faster", "changed" (either).
 * Returns the mask of (1u << verdict) or 0 for an unknown name. */
unsigned compare_fail_mask(const char *name);
/* Whether some pair's verdict is in `mask`. */
bool compare_fails(const struct compare *c, unsigned mask);

/* Checks that c has a pair; else one error line that names both files'
 * experiments and the --match option.  Returns 0 or -1. */
int compare_check_pairs(const struct compare *c, const char *base_path,
			const char *cur_path);

/* A row's size as text: "2^20" for powers of two from 1024, "1000",
 * "1025x2049" for a matrix (m > 1 or a matrix family).  Into buf. */
const char *compare_size_text(const struct result_row *w, char *buf,
			      size_t size);

/* ---- compare_print.c ------------------------------------------------- */

/* The terminal table of c: what was compared, the environment facts that
 * differ (cross-GPU said plainly), the method, the counts, one line per
 * pair with its counter changes under it, and the rows of one side only.
 * Text from the files is printed with control characters replaced. */
void compare_print_text(FILE *fp, const struct compare *c,
			const char *base_path, const char *cur_path);

/* For --fail-on: an error line on stderr for each pair whose verdict is
 * in `mask`, naming the row, both medians, the ratio, its interval and
 * the bound it lies beyond (the threshold, or the floor and where the
 * floor came from). */
void compare_say_fails(const struct compare *c, unsigned mask,
		       const char *base_path, const char *cur_path);

/* Whether rows a and b measured the same stage: experiment, type, size. */
bool compare_same_stage(const struct result_row *a, const struct result_row *b);

/* ---- measuring floors: culab compare --noise (floor.c) ------------------ */

/* Each pair of a comparison of two same-code runs whose medians both
 * exist gives a point of its kind: the shorter median and
 * |new / base - 1|.  Gathered over every comparison added, the points
 * of a kind fall into the bands of compare_floor_band(), each with its
 * largest change: the table's entries. */
struct compare_noise_point {
	double ms;                  /* the shorter median */
	double change;              /* |new / base - 1| of the medians */
	const struct result_row *row; /* the base's row (borrowed: its
				       results must outlive the points) */
	size_t compare;             /* which comparison, in the order added */
};

struct compare_noise {
	struct compare_noise_point *points[CK__COUNT];
	size_t npoints[CK__COUNT];
	size_t ncompares;
};

/* Adds the points of comparison c to z (zeroed before the first). */
void compare_noise_add(struct compare_noise *z, const struct compare *c);
void compare_noise_release(struct compare_noise *z);

/* The q-quantile (0..1, type 7) of kind k's changes; q = 1 the largest;
 * NAN without points. */
double compare_noise_quantile(const struct compare_noise *z,
			      enum compare_kind k, double q);

struct compare_noise_band {
	double lo_ms, hi_ms;
	size_t npoints;
	double max;                 /* the largest change in it */
	const struct compare_noise_point *at; /* the point of it */
	double floor;               /* the rule's floor for it: the
				       largest max of it and every longer
				       band */
	bool sets;                  /* max above every longer band's: an
				       entry of the table */
};

/* The bands of kind k that hold points, shortest first, into *out
 * (caller frees; NULL when none).  Returns how many. */
size_t compare_noise_bands(const struct compare_noise *z, enum compare_kind k,
			   struct compare_noise_band **out);

/* x rounded up to 4 significant digits: a table entry's floor is never
 * below what was measured. */
double compare_floor_round_up(double x);

/* `culab list floors`: the table of compare_floor_table(), as text or
 * a Markdown table, and the fallback for other models
 * (compare_print.c). */
void compare_print_floors(FILE *fp, bool markdown);

/* The noise of z on `gpu` as text for people and the table's entries to
 * copy into floor.c: per kind the pairs, the largest change and its 95 %
 * quantile, the bands, and the files it came from (compare_print.c). */
void compare_print_noise(FILE *fp, const struct compare_noise *z,
			 const char *gpu, const struct results *r,
			 const char *const *paths, size_t n);

/* ==== signatures ======================================================== */

/* Does a measured variant show the counter signature its
 * registry row promises?  Evaluates every `expect` line of every variant
 * the results describe (run.h) against the results' rows: `culab
 * verify` prints the verdicts, `make test-gpu` asserts them, the report
 * cites them in its findings.
 *
 * A line holds for the types its `dtypes` mask names (every type the
 * variant supports when 0: expect_applies()); a double or a 64-bit int
 * accumulator changes bank and sector arithmetic, so lines whose physics
 * is a float's say so. */

enum sig_verdict {
	SIG_PASS,
	SIG_FAIL,
	SIG_MISSING,    /* the column or the comparison row is absent */
};

struct sig_check {
	size_t row;               /* index into results->rows */
	const struct variant *v;
	const struct expect *x;
	double value;             /* measured column value */
	double bound;             /* the value it is compared with */
	enum sig_verdict verdict;
};

/* Evaluates all expect lines of all ok rows of r whose variant r
 * describes.  Returns the number of checks and sets *out (caller frees
 * with free()). */
size_t signature_check_all(const struct results *r, struct sig_check **out);

/* "pass", "FAIL", "missing". */
const char *sig_verdict_name(enum sig_verdict v);

/* The value of counter column `name` in row w, or NAN when absent. */
double row_column(const struct result_row *w, const char *name);

#ifdef __cplusplus
}
#endif

#endif
