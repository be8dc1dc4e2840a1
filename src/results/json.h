/* json.h - every JSON document culab reads or writes.
 *
 * json.c is, with json_compare.c, the only file that includes jansson:
 * results.json (encoded and decoded here; results.c reads the file and
 * upgrades old versions, output.c writes it) and the documents of `culab
 * list --json`, `culab devices --json`, `culab plan --json` and (in
 * json_compare.c) `culab compare --json`.  Non-finite numbers (NAN: "not
 * applicable" or "missing") are JSON null. */
#ifndef CULAB_JSON_H
#define CULAB_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "run/results.h"

struct plan;

/* results.json's text (schema RESULTS_SCHEMA_VERSION), or NULL after a
 * diagnostic.  Caller frees. */
char *json_results_encode(const struct results *r);

/* Decodes a results.json of any version from RESULTS_SCHEMA_OLDEST to
 * RESULTS_SCHEMA_VERSION into *r, as it is (r->schema_version says which;
 * results_read_buffer() upgrades).  Returns 0, or -1 after GNU-format
 * diagnostics naming `path` (at most 10, then a count); *r is then empty.
 * Caller releases *r. */
int json_results_decode(const char *path, const char *text, size_t len,
			struct results *r);

/* Loads a results.json (json_read.c decodes it; files.c) and brings an older schema
 * version up to this one: a version 1 file gets its `variants` table from
 * the built-in rows of this binary, which hold every variant a version 1
 * file can name.  Returns 0, or -1 after a GNU-format diagnostic
 * (missing, truncated, corrupt, wrong schema).  Caller releases *r. */
int results_read(const char *path, struct results *r);

/* Same, from memory; `path` names the text in messages (tests, fuzzer). */
int results_read_buffer(const char *path, const char *text, size_t len,
			struct results *r);

/* results.csv: the header line, then one line per row with one column
 * per counter column any row has.  Caller frees. */
char *results_csv_text(const struct results *r);

/* The CSV header line (no newline), for docs and tests. */
const char *results_csv_header(void);

/* What --resume keeps: dir/results.json, which must come from the
 * experiment file of this SHA-256 (hex).  Returns 1 with *prev filled
 * (caller releases), 0 when there is nothing to resume (a note says so),
 * -1 after a diagnostic (unreadable, or another file's). */
int results_read_previous(const char *dir, const char *sha256,
			  struct results *prev);

/* `culab list --json kernels`: every row of the registry, as results.json
 * describes variants.  Returns 0, or -1 after a diagnostic. */
int json_print_kernels(FILE *fp);
/* `culab list --json metrics`: the counter alias table; with chip (not
 * NULL), each alias says whether that chip collects it ("on_chip":
 * status, what each raw metric is collected as, and why not). */
int json_print_metrics(FILE *fp, const char *chip);
/* `culab devices --json`: the devices' properties. */
int json_print_devices(FILE *fp, const struct environment *envs, size_t n);
/* `culab plan --json`: the plan (plan.h), with its shard (json_plan.c). */
int json_print_plan(FILE *fp, const struct plan *p);

struct compare;
/* `culab compare --json` (json_compare.c): c[0..n), each comparing
 * base_path with cur_paths[i].  Returns 0, or -1 after a diagnostic. */
int json_print_compare(FILE *fp, const struct compare *const *c,
		       const char *base_path, const char *const *cur_paths,
		       size_t n);

/* What a `culab plan --shard I/N --json` document says of its shard,
 * read back for `culab merge --plans`. */
struct plan_doc {
	char *file;              /* the experiment file as the plan named it */
	char *sha256;            /* of its text */
	int shard_index, shard_count;   /* 0 and 0: not a shard */
	size_t all_stages;       /* stages of the whole plan */
	size_t all_measurements; /* measurements of the whole plan */
	size_t left_out;         /* what --variant left out of its stages */
	size_t *stages;          /* its stages' places in the whole plan */
	size_t nstages;
	char **labels;           /* its measurements */
	size_t nlabels;
};

/* Reads a plan document.  Returns 0, or -1 after one GNU-style line
 * (unreadable, not JSON, not a plan).  plan_doc_release(d) frees it. */
int json_plan_read(const char *path, struct plan_doc *d);
void plan_doc_release(struct plan_doc *d);

#endif
