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
#define NKEYS 16

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

/* The "class" key (experiment_class.c): one kernel per student's
 * submission, from a glob, with the keys of a kernel; a submission that
 * cannot be taken is refused with one warning line, and the others go
 * on. */
int parse_class(struct loader *ld, struct exp_ctx *x, const struct node *nd);

/* The "rubric" key of a class (experiment_rubric.c): sets x->e->rubric
 * (base/rubric.h), marked set.  Returns 0, or -1 after reporting each
 * mistake. */
int parse_rubric(struct loader *ld, struct exp_ctx *x, const struct node *nd);

/* A source named in experiment file `yaml_path` as culab opens it:
 * relative to the file's directory unless absolute.  Caller frees. */
char *source_path(const char *yaml_path, const char *src);

/* Whether c may be in a kernel's label: letters, digits, "_", ".", ":"
 * and "-". */
bool label_char_ok(char c);

/* The keys of a class into out[0..max): "submissions", then those of a
 * kernel item but "source" and "label", then the class's own ("score",
 * "rounds", "rubric", "roster", "names", "headers").  Returns how many. */
size_t class_key_names(const char **out, size_t max);

/* One student's submission as the class found it (experiment_class.c). */
struct submission {
	const char *path;          /* its .cu file, as culab opens it */
	char *text;                /* its text, which the kernel takes (or
				      frees when it returns NULL) */
	size_t len;
	const char *name;          /* the student's label */
	const char *student_id;    /* each NULL when not known */
	const char *student_name;
	const char *headers;       /* the class's headers folder, as culab
				      opens it; NULL: none */
	/* the real folders its headers may lie in (its own, when it is a
	 * folder, and the class's headers); none: no local header */
	const char *const *confine;
	size_t nconfine;
};

/* The kernel of one student's submission s, with the keys of class
 * mapping `cls` but "source" and "label"; its #include are confined to
 * s->confine and its include directory is s->headers.  Returns it
 * registered, or NULL: with why set, the submission is refused (its
 * function is missing, its name is taken); with why empty, the class's
 * keys have errors, reported. */
struct ukernel *kernel_of_submission(struct loader *ld, struct exp_ctx *x,
				     const struct node *cls,
				     const struct submission *s,
				     char *why, size_t whysize);

/* Adds kernel k to the file's kernels (once) and to the experiment's
 * variants, checking the experiment's types against it (errors at
 * item).  Returns 0 or -1. */
int kernel_adopt(struct loader *ld, struct exp_ctx *x, struct ukernel *k,
		 const struct node *item);

/* The "repeats" key (experiment_repeats.c): a fixed count, or `auto`
 * with its settings (experiment.h). */
int parse_repeats(struct loader *ld, struct exp_ctx *x,
		  const struct node *nd);

/* Frees the contents of *e and zeroes it. */
void experiment_release(struct experiment *e);

#endif
