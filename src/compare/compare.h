/* compare/compare.h - results judged.
 *
 * Takes results in memory; gives two runs paired row by row, each pair
 * with a verdict (faster, slower, same, unknown), its counter changes
 * and the environment differences, and each row's counters held against
 * the signature its variant states; and the `--json` documents of both
 * (compare_json.c, the folder's one file that includes jansson, through
 * results/json_emit.h).  Reads no files.
 *
 * The one header other folders include.  Its sections: comparing two
 * runs, signatures, and their JSON documents. */
#ifndef CULAB_COMPARE_H
#define CULAB_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results/results.h"
#include "base/stats.h"
#include "ladder/ladder.h"
#include "floor.h"

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
 * seed COMPARE_SEED), classified by stats_verdict_of() against the
 * threshold; a pair that is faster or slower so is also so only when its
 * change, |ratio - 1| of the medians, is larger than its run-to-run floor
 * (below, "run-to-run floors"), and the same otherwise (reruns of
 * unchanged code moved rows like it as much).  A pair whose rows did not both run and verify, or that has
 * fewer than COMPARE_MIN_SAMPLES timed runs on a side, is "unknown" with
 * the reason; but with few runs, a change so large that every run of one
 * side lies beyond every run of the other by more than the threshold is
 * still called slower or faster, by ranks (COMPARE_RANK_ORDERS), its
 * change beyond the floor too.  Counter changes use counters.h's noise rule, the one the
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

/* Run-to-run floors (floor.h): the kind of a row, the table of floors
 * and the rule that gives a pair its floor. */

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
				       slower only with |ratio - 1| beyond
				       it (and the interval beyond the
				       threshold) */
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
	/* pairs with their medians and kinds only: no interval and no
	 * verdict (every pair unknown), for --noise, which needs the
	 * medians and would otherwise bootstrap every pair of rows */
	bool medians_only;
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
				       recordings that set a floor, those
				       of one model together */
};

/* Adds to s (zeroed before the first) a pair's floor f, of GPU model
 * gpu (whose floor it is; NULL: not recorded): `culab compare`'s
 * summary of its pairs, and the report's of its steps. */
void compare_kind_floors_add(struct compare_kind_floors *s,
			     const struct compare_floor_pick *f,
			     const char *gpu);

/* Where entry j of s stands in its GPU model's run of entries: whether
 * it is the first of its model and whether the last (the printers list
 * a model once, with its recordings). */
void compare_kind_entry_place(const struct compare_kind_floors *s, size_t j,
			      bool *first, bool *last);
/* Whether s and t list the same GPU models, in the same order. */
bool compare_kind_same_models(const struct compare_kind_floors *s,
			      const struct compare_kind_floors *t);

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
 * in `mask`, naming the row, both medians, the ratio, its interval, the
 * threshold and the bound its change lies beyond (the threshold, or the
 * floor and where the floor came from). */
void compare_say_fails(const struct compare *c, unsigned mask,
		       const char *base_path, const char *cur_path);

/* Whether rows a and b measured the same stage: experiment, type, size. */
bool compare_same_stage(const struct result_row *a, const struct result_row *b);

/* ---- measuring floors: culab compare --noise ----------------------------- */

/* Adds the points of comparison c to z (zeroed before the first; floor.h
 * says what a point is). */
void compare_noise_add(struct compare_noise *z, const struct compare *c);

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

/* Does a measured variant show the counter signature its registry row
 * promises?  Evaluates every `expect` line of every variant the results
 * describe (results/results_model.h) against the results' rows: `culab
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

/* ==== JSON documents ==================================================== */

/* `culab compare --json` (compare_json.c): c[0..n), each comparing
 * base_path with cur_paths[i].  Returns 0, or -1 after a diagnostic. */
int json_print_compare(FILE *fp, const struct compare *const *c,
		       const char *base_path, const char *const *cur_paths,
		       size_t n);

/* `culab list floors --json` (compare_json.c): the table of run-to-run
 * floors compare_floor_table() holds.  Returns 0, or -1 after a
 * diagnostic. */
int json_print_floors(FILE *fp);

/* `culab verify --json` (compare_json.c): the counts and every check of
 * s[0..n) on r's rows (signature_check_all). */
int json_print_signatures(FILE *fp, const struct results *r,
			  const struct sig_check *s, size_t n);

#ifdef __cplusplus
}
#endif

#endif
