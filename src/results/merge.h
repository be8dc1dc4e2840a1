/* merge.h - results of one experiment file measured in parts (shards of
 * its plan, or the workers of `run --devices`) merged into one set of
 * results, as one run would have written it.
 *
 * merge_results() combines parts already known to belong together (the
 * workers of one run); merge_files() reads results files a user names,
 * refuses what cannot be one run's results (another experiment file,
 * another culab version, a file given twice, the same shard or the same
 * measurement twice, files that are not results) with one GNU-style line,
 * and says which shards are missing.  Each row keeps the device it ran
 * on: the merged results' `devices` list every host and GPU of the parts,
 * and the rows index it. */
#ifndef CULAB_MERGE_H
#define CULAB_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "run/results.h"

struct merge_options {
	bool partial;            /* merge what is there when shards are missing */
	const char *command;     /* the command line, for the record */
};

/* Moves the rows of in[0..n) (results of one experiment file) into *out
 * (zeroed here): the record of the first (experiment, environment,
 * source), every row with its device, rows in plan order (by stage, then
 * in their order in the parts), the union of the variants' descriptions
 * in this culab's registry order, the earliest start and latest finish.
 * Status: "complete" when every part is, else the worst of theirs
 * (aborted, interrupted, running, other).  Shards and the command are
 * the caller's to set.  in[] keep their records, not their rows; the
 * caller releases both. */
void merge_results(struct results *const *in, size_t n, struct results *out);

/* The first pair of rows of in[0..n) that are the same measurement
 * (experiment, variant, type, size and block) in two different parts:
 * returns 1 with *a, *b the parts and *ra, *rb the rows, else 0. */
int merge_find_overlap(struct results *const *in, size_t n, size_t *a,
		       size_t *ra, size_t *b, size_t *rb);

/* The label of row w: experiment/variant/type/size[/bBLOCK]. Caller frees. */
char *merge_row_label(const struct result_row *w);

/* Reads paths[0..n), checks them as shards (or disjoint parts) of one
 * run of one experiment file, and merges them into *out with shards
 * recorded: none when all N shards are there (the whole plan), else the
 * ones present, with status "partial".  Returns 0, or -1 after a
 * one-line diagnostic (exit status 2).  Caller releases *out. */
int merge_files(char *const *paths, size_t n, const struct merge_options *o,
		struct results *out);

/* `culab merge --plans`: reads the `culab plan --shard I/N --json`
 * outputs paths[0..n) and checks that they are the N shards of one
 * experiment file's plan, that no stage or measurement is in two of them
 * and that together they hold every stage and measurement.  Prints a
 * summary to stdout.  Returns 0, or -1 after a one-line diagnostic. */
int merge_plans(char *const *paths, size_t n);

#endif
