/* experiment_yaml.h - the YAML document of an experiment file, private to
 * the loader (experiment*.c); users of the loader include experiment.h.
 *
 * experiment_yaml.c turns the text of a file into a tree of struct node
 * (steps 1 and 2 of loading; see experiment_load.c), reports errors with the
 * node's file:line:col through struct loader, and gives the schema
 * checks typed access to the nodes.  It is the only file that includes
 * yaml.h, and nothing here exposes a libyaml type. */
#ifndef CULAB_EXPERIMENT_YAML_H
#define CULAB_EXPERIMENT_YAML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "experiment.h"

/* ---- the composed document ------------------------------------------- */

enum node_kind { NODE_SCALAR, NODE_SEQ, NODE_MAP };

struct node {
	enum node_kind kind;
	int line, col;           /* 1-based */
	bool plain;              /* scalar written without quotes */
	bool open;               /* collection still being composed */
	char *str;               /* scalar text, NUL-terminated */
	size_t len;              /* its length (it may hold escaped NULs) */
	struct node **kids;      /* sequence items; mapping key, value, ... */
	size_t nkids, cap;
	uint64_t weight;         /* nodes in this subtree, aliases expanded */
};

struct anchor {
	char *name;
	struct node *node;
};

struct recorded_error {
	int line, col;
	char *msg;
};

/* One load: the text, the errors reported so far, the composed tree and
 * what the validation carries from one experiment to the next.  Zero it,
 * then set path, text and len. */
struct loader {
	const char *path;
	const char *text;
	size_t len;

	/* errors */
	struct recorded_error errs[EXPERIMENT_MAX_ERRORS];
	unsigned nerrs;
	bool stopped;            /* limit reached or fatal: stop checking */

	/* composition */
	struct node **nodes;     /* every node, for freeing */
	size_t nnodes, capnodes;
	struct node *stack[EXPERIMENT_MAX_DEPTH];
	size_t depth;
	struct anchor anchors[EXPERIMENT_MAX_ANCHORS];
	size_t nanchors;
	uint64_t expanded;
	struct node *root;
	unsigned ndocs;

	/* validation */
	struct experiment_file *file; /* what is being loaded */
	const struct node *defaults;
	uint64_t file_rows;
};

/* ---- diagnostics -------------------------------------------------------- */

/* Reports one error at line:col (1-based; 0 for none) as
 * "path:line:col: error: ..." on one line.  The same message at the same
 * place is reported once, however many aliases or experiments lead to
 * it.  After EXPERIMENT_MAX_ERRORS a note says more were suppressed and
 * checking stops (ld->stopped).  Returns -1.  The messages are kept in
 * ld->errs; the caller frees them. */
int lerr_at(struct loader *ld, int line, int col, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

/* lerr_at() at the position of node nd. */
#define lerr(ld, nd, ...) lerr_at((ld), (nd)->line, (nd)->col, __VA_ARGS__)

/* Reports an error after which nothing more can be checked (sets
 * ld->stopped).  Returns -1. */
int lfatal(struct loader *ld, int line, int col, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

/* ---- steps 1 and 2: the raw bytes and composition -------------------- */

/* Step 1: refuses NUL bytes and invalid UTF-8 in ld->text, at the line
 * and column of the first bad byte.  Returns 0, or -1 after a fatal
 * error. */
int check_bytes(struct loader *ld);

/* Step 2: composes the whole stream into ld->root (NULL when the file
 * holds no document), within EXPERIMENT_MAX_NODES, EXPERIMENT_MAX_DEPTH
 * and EXPERIMENT_MAX_ANCHORS; refuses tags and a second document.
 * Returns 0, or -1 after a fatal error.  The nodes belong to ld:
 * node_free_all(ld). */
int compose(struct loader *ld);

/* Frees every node and anchor name of ld (not its recorded errors). */
void node_free_all(struct loader *ld);

/* ---- step 3: validation helpers ------------------------------------------ */

/* Whether nd is a plain null: empty, "~", "null", "Null" or "NULL". */
bool node_is_null(const struct node *nd);

/* What a node is, for "expected X, got Y" messages: "a list", "a
 * mapping", "an empty value" or the scalar quoted (cut after 37 bytes).
 * Written to buf when it needs to be; returns the text. */
const char *node_desc(const struct node *nd, char *buf, size_t size);

/* Reports "expected <what> for "<key>", got <node_desc>".  Returns -1. */
int expected(struct loader *ld, const struct node *nd, const char *what,
	     const char *key);

/* A string value: a scalar that is not null and holds no NUL, and is not
 * "" unless `may_be_empty`.  Returns it (owned by the node), or NULL
 * after an error. */
const char *get_text(struct loader *ld, const struct node *nd,
		     const char *key, bool may_be_empty);

/* get_text() of a string that must not be empty. */
const char *get_string(struct loader *ld, const struct node *nd,
		       const char *key);

/* A plain decimal integer within [min, max] into *out.  Returns 0, or -1
 * after an error. */
int get_uint(struct loader *ld, const struct node *nd, const char *key,
	     uint64_t min, uint64_t max, uint64_t *out);

/* The items of a list key, or the node itself (*ndp, which must outlive
 * the result) when it is a single item. */
const struct node *const *list_items(const struct node *const *ndp,
				     size_t *n);

/* The value of the first `key` of a mapping, or NULL. */
const struct node *map_value(const struct node *map, const char *key);

/* A table of the keys a mapping may hold. */
struct keyset {
	const char *where;          /* "at top level", "in experiment", ... */
	const char *const *names;
	size_t n;
};

/* Checks the keys of mapping `map` against `ks`: each must be a plain
 * string, known and present once.  Records the value of each known key
 * in vals[] and its key in keys[] (NULL when absent).  Returns 0, or -1
 * after reporting each wrong key. */
int check_keys(struct loader *ld, const struct node *map,
	       const struct keyset *ks, const struct node **vals,
	       const struct node **keys);

#endif
