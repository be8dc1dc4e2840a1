/* experiment_int.h - what the loader's files share (experiment_*.c), and
 * nothing else includes: the keys of one experiment.
 *
 * experiment_keys.c checks one item of an experiment file's
 * "experiments" list against the experiment key table and fills a
 * struct experiment, with experiment_kernels.c and experiment_repeats.c
 * for the keys that take more than a value; experiment_load.c checks the
 * file around it (top-level keys, "defaults", unique names) and calls it
 * for each item. */
#ifndef CULAB_EXPERIMENT_INT_H
#define CULAB_EXPERIMENT_INT_H

#include "experiment.h"
#include "experiment_yaml.h"

/* Number of experiment keys: the size of the value arrays check_keys()
 * fills for an experiment or for "defaults". */
#define NKEYS 14

/* What one experiment is being built from, while its keys are checked. */
struct exp_ctx {
	struct experiment *e;
	int index;                  /* 1-based, for messages */
	const struct node *map;
	bool family_ok;             /* the family is known */
	bool variants_ok;           /* variants are known and of the family */
	bool block_from_defaults;
	const struct node *variants_node; /* NULL: defaulted to all */
	const struct node **variant_at;   /* per variant: where it is named */
	int label_depth;            /* path components in default kernel
				       labels (experiment_kernels.c) */
	bool variants_none;         /* `variants: none`: the user's kernels
				       alone */
};

/* The names of the experiment keys in the order they are checked, "name"
 * first (static storage). */
const char *const *exp_key_names(void);

/* Checks experiment `index` (1-based) at `map` into *e, with the values
 * of `defaults` (NULL: none) filling keys it omits.  Sets *name_at to its
 * own `name` value.  Charges its rows (its sizes, when it fails) to
 * ld->file_rows.  Returns 0, or -1 after reporting every error; either
 * way *e holds what was built: experiment_release(e). */
int check_experiment(struct loader *ld, const struct node *map, int index,
		     struct experiment *e,
		     const struct node *defaults_vals[NKEYS],
		     const struct node **name_at);

/* The "kernels" key (experiment_kernels.c): the user's own kernels,
 * registered as variants (ladder.h) owned by ld->file, appended to the
 * experiment's variants. */
int parse_kernels(struct loader *ld, struct exp_ctx *x,
		  const struct node *nd);

/* The "repeats" key (experiment_repeats.c): a fixed count, or `auto`
 * with its settings (experiment.h). */
int parse_repeats(struct loader *ld, struct exp_ctx *x,
		  const struct node *nd);

/* Frees the contents of *e and zeroes it. */
void experiment_release(struct experiment *e);

#endif
