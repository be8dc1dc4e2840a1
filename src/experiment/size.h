/* size.h - sizes and shapes as experiment files write them: "2^20",
 * "1e6", "4Mi", "1048576", "1024 x 2048", and ranges of sizes.
 *
 * Parsing only: nothing here knows YAML or experiments.  Each function
 * returns 0, or -1 with a reason (no trailing newline or full stop) in
 * `why`, which the caller places after the position it came from.
 * experiment.h describes the notations as users write them. */
#ifndef CULAB_SIZE_H
#define CULAB_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* Largest element count of one buffer culab accepts in a file (2^36). */
#define EXPERIMENT_MAX_ELEMENTS (1ull << 36)

struct shape {
	uint64_t n;   /* reduce: elements; transpose: rows */
	uint64_t m;   /* reduce: 1; transpose: columns */
};

/* log2 of EXPERIMENT_MAX_ELEMENTS, for messages ("more than 2^36
 * elements"). */
unsigned size_max_elements_log2(void);

/* Parses one size ("2^20", "1e6", "4Mi", "1048576") into *n.  Returns 0,
 * or -1 with a reason (no trailing newline) in why.  Zero, negative,
 * fractional, malformed and sizes above EXPERIMENT_MAX_ELEMENTS fail.
 * Surrounding blanks are ignored. */
int size_parse(const char *s, uint64_t *n, char *why, size_t whysize);

/* Parses a shape "ROWS x COLS" (also "ROWSxCOLS", "ROWS*COLS"; each side
 * a size as size_parse() reads it) into *sh.  Returns 0, or -1 with a
 * reason in why, also when ROWS * COLS exceeds EXPERIMENT_MAX_ELEMENTS. */
int shape_parse(const char *s, struct shape *sh, char *why, size_t whysize);

/* Expands a range into sizes, appending to *out (realloc'd) and *count.
 * `times` > 1 for geometric ranges, or `plus` > 0 for arithmetic; the
 * last value is `to` only if the steps land on it; a step past 2^64 ends
 * the range.  Returns 0, or -1 with a reason (appending nothing) when
 * `from` is 0, the range is empty, unbounded, has both or neither step,
 * or would exceed `limit` values. */
int size_range_expand(uint64_t from, uint64_t to, uint64_t times,
		      uint64_t plus, size_t limit, uint64_t **out,
		      size_t *count, char *why, size_t whysize);

#endif
