/* compare/floor.h - run-to-run floors: what a row's timed region holds
 * (its kind), the table of floors measured from same-code reruns, the
 * rule that gives a row its floor, and the measurement that fills the
 * table.  Pure: no I/O.
 *
 * compare.h includes it: other folders include compare.h.  It knows
 * nothing of a comparison (struct compare), so that compare.c can call
 * it without a loop. */
#ifndef CULAB_COMPARE_FLOOR_H
#define CULAB_COMPARE_FLOOR_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct results;
struct result_row;

/* ---- run-to-run floors ----------------------------------------------------
 *
 * Two runs of unchanged code a minute apart differ by more than the
 * intervals of either run say: clocks, where the buffers landed and the
 * host move from run to run, not from timed run to timed run.  In the
 * recorded H100 pair reports/compare/h100-twice, GPU rows of 10 us moved
 * by up to 9 %, host steps by up to 12 %, the CPU reference by 16 %,
 * with intervals of a few per cent.  So a pair is faster or slower only
 * when, beyond its interval, its change is also larger than its floor:
 * the largest change that same-code reruns showed for rows like it (a
 * change, the medians' ratio less one, held against the largest such
 * change of reruns: like against like).
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
	CK_GPU,         /* launches and device memory operations alone, on
			   more bytes than the GPU's L2 holds */
	CK_GPU_L2,      /* the same on bytes the L2 would hold: rows of
			   microseconds, whose fixed costs move most (in
			   the recorded reruns up to 9 %, against 3 % for
			   GPU rows of the same times on more bytes) */
	CK_HOST_STEP,   /* also a copy to the host, a stream synchronization
			   and host work (VF_HOST_STEP: reduce_global's host
			   loop, thrust::reduce's result copied back, a user
			   kernel with finish: host) */
	CK_CPU,         /* the CPU reference, on the host clock (VF_CPU) */
	CK__COUNT
};

/* "gpu", "gpu in L2", "host step", "cpu". */
const char *compare_kind_name(enum compare_kind k);
/* The kind of row w of results r: from the variant's description in r
 * (its flags), else the built-in row of that name, else by its timer
 * ("host-clock": CK_CPU; else a GPU's); a GPU row whose bytes the L2 of
 * its GPU (as r records it) would hold is CK_GPU_L2. */
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

/* The floor of a pair of rows, by the rule above: of kind k (the noisier
 * of its two rows' kinds) whose shorter median lasts ms, the one row on
 * GPU model ga, the other on gb (either NULL: not recorded): the larger
 * of the floors of the two models, of two alike a measured one.  Returns
 * the model whose floor it is (ga or gb).  `culab compare` judges its
 * pairs by it, and the report the steps of a ladder. */
const char *compare_floor_pair(const struct compare_floor *t, size_t n,
			       const char *ga, const char *gb,
			       enum compare_kind k, double ms,
			       struct compare_floor_pick *out);

/* ---- measuring floors (culab compare --noise) ---------------------------- */

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

/* compare.h's compare_noise_add() adds a comparison's points. */
void compare_noise_release(struct compare_noise *z);

/* Which files of n the measurement compares: every file against every
 * later one while there are at most COMPARE_NOISE_ALL files (66
 * comparisons; tests/noise_judge.sh gives 10 files of a recording),
 * else each file against the next (n - 1): the points of every pair of
 * many files grow with the square of the files.  Comparison idx (from
 * 0) compares files *a and *b (a < b); false past the last. */
#define COMPARE_NOISE_ALL 12
bool compare_noise_files(size_t idx, size_t n, size_t *a, size_t *b);
/* How many comparisons of n files (compare_noise_files). */
size_t compare_noise_count(size_t n);

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

#ifdef __cplusplus
}
#endif

#endif
