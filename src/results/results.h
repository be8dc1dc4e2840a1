/* results/results.h - culab's results, in memory and in files.
 *
 * Holds the results model: struct results, its rows, devices and
 * variants (results_model.h), with what a row records of its clocks
 * (clock_record.h) and of compute-sanitizer (sanitizer_record.h), which
 * the runner fills and compare and the report read.  Takes results (and
 * plans) in memory; gives results.json, results.csv and the JSON
 * documents of list, devices and plan, and reads results files back with
 * every field checked; merges results measured in parts and puts a
 * results file's experiment back for a rerun.  json*.c are the only files
 * of the folder that include jansson.
 *
 * The one header other folders include.  Its sections: the model (in
 * results_model.h), JSON and CSV, merging, and rerunning. */
#ifndef CULAB_RESULTS_H
#define CULAB_RESULTS_H

#include <stddef.h>
#include <stdio.h>
#include <stdbool.h>

#include "results_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== JSON and CSV ====================================================== */

/* Every JSON document culab reads or writes but compare's, and
 * results.csv.
 *
 * json*.c are the only files of the folder that include jansson:
 * results.json (json.c encodes it, json_read.c decodes it, files.c reads
 * the file and brings older versions up to this one; jobs/output.c
 * decides when it is written), and the documents of `culab list --json`,
 * `culab devices --json` and `culab plan --json` (json_plan.c).  The
 * documents of `culab compare --json`, `list floors --json` and `verify
 * --json` are compare's (compare/compare_json.c), written with the values
 * of json_emit.h.  Non-finite numbers (NAN: "not applicable" or
 * "missing") are JSON null, and empty cells in results.csv (csv.c). */

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

/* A row's counters per source line alone, as a JSON text
 * ({"lines": {...}}, the row's object of docs/results.md): what the
 * per-line cache keeps.  NULL when it cannot be encoded. */
char *json_lines_encode(const struct source_lines *l);
/* Reads such a text into *l (released first).  Returns 0, or -1 (then
 * *l is empty) for a text that is not one, with the problems said as
 * at `path`. */
int json_lines_decode(const char *path, const char *text, size_t len,
		      struct source_lines *l);

/* results.csv: the header line, then one line per row with one column
 * per counter column any row has.  Caller frees. */
char *results_csv_text(const struct results *r);

/* The CSV header line (no newline), for docs and tests. */
const char *results_csv_header(void);

/* One student's grade in the shape of Gradescope's autograder
 * results.json ("Autograder Specifications": a top-level score and
 * output, and tests, each with a name, score, max_score, status, output
 * and visibility); json_gradescope.c says which keys it writes.  Texts
 * are Markdown. */
struct gradescope_test {
	const char *name;
	double score, max_score;
	bool passed;                    /* "status": "passed" or "failed";
					   a test with points is passed,
					   whatever its share of them */
	const char *output;             /* NULL: none */
};

struct gradescope_result {
	double score;                   /* the sum of the tests' scores */
	const char *output;             /* NULL: none */
	const struct gradescope_test *tests;
	size_t ntests;
};

/* The document's text, indented, ASCII, ending with a newline; NULL
 * after a diagnostic.  Caller frees. */
char *json_gradescope_encode(const struct gradescope_result *g);

/* Appends s (NULL: nothing) to b as one CSV field: quoted, its quotes
 * doubled, when it holds a comma, a quote or a line break (RFC 4180);
 * and, since text from experiment files and results is untrusted, a
 * field that starts with =, +, -, @, a tab or a carriage return gets a
 * ' in front, so that a spreadsheet takes it as text, never as a
 * formula (OWASP's advice on CSV injection).  Every CSV file culab
 * writes (results.csv, a class's gradebook.csv and canvas.csv) writes
 * its text through it. */
void results_csv_field(struct sbuf *b, const char *s);

/* For `culab compare`: reads the results files paths[0..n) into r[0..n) (results_read's
 * checks: schema, version, truncation) and refuses the same file given
 * twice, by path or by content (SHA-256).  Returns 0, or -1 after one
 * GNU-format error line; r[] is then released. */
int results_read_distinct(const char *const *paths, size_t n,
			  struct results *r);

/* What --resume keeps: dir/results.json, which must come from the
 * experiment file of this SHA-256 (hex), less the rows of kernels whose
 * sources changed since (results_forget_changed).  Returns 1 with *prev
 * filled (caller releases), 0 when there is nothing to resume (a note
 * says so), -1 after a diagnostic (unreadable, or another file's). */
int results_read_previous(const char *dir, const char *sha256,
			  struct results *prev);
/* The experiment file's hash does not cover its kernels' sources: drops
 * the rows of r (results read back from `path`) of every kernel whose
 * recorded sources (sources_sha256, else source_sha256) differ from
 * those of the registry's kernel of its name, this file's, with a note
 * each, and gives its description the registry's sources, so that
 * --resume measures them again.  Returns how many rows it dropped. */
size_t results_forget_changed(struct results *r, const char *path);

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
struct chip_report;
/* `culab list chips --json`: the CUPTI version and one object a chip,
 * each alias of the default set with its verdict and note (counters.h,
 * metrics_chips). */
int json_print_chips(FILE *fp, const struct chip_report *c, size_t n);

/* `culab list lines --json`: the per-line metrics (counters.h's table),
 * each with its SASS metric, the kernel-level raw metrics its sum over a
 * launch equals, whether exactly, and its descriptions.  Returns 0, or -1
 * after a diagnostic. */
int json_print_lines_table(FILE *fp);

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

/* ==== results measured in parts, merged ================================= */

/* Results of one experiment file measured in parts (shards of
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

/* ==== a results file run again ========================================== */

/* What a results file recorded, made runnable again, for
 * `culab rerun`: its experiment file's text and the sources of its user
 * kernels, put into an output directory where a run finds them.
 *
 * The experiment file goes to DIR at its recorded path (DIR/experiments/
 * quick.yaml for experiments/quick.yaml; an absolute path or leading ".."
 * dropped), byte for byte, its SHA-256 checked against the record first.
 * A user kernel is named in that text by a path relative to the
 * experiment file, so its source goes to where that name leads from
 * there (DIR/experiments/examples/exercise/reduce_modulo.cu for
 * `source: exercise/reduce_modulo.cu`; a name with ".." climbs the
 * directories of the recorded layout, as it did in the recorded run): the
 * record's own copy when the results hold one (culab records each
 * kernel's text and SHA-256), else the file at the recorded path, copied
 * with a warning that its content cannot be checked.  A source named by
 * an absolute path stays where it is and must hold the recorded text; one
 * that would lie above DIR is refused.  Anything missing is refused in
 * one line that names every source missing.  DIR is then a bundle:
 * `culab run DIR/<recorded path>` runs it again. */

/* Puts what r (read from `path`) recorded into `dir` as above.  Returns
 * 0 and sets *yaml to the experiment file written (heap; caller frees),
 * or -1 after a diagnostic. */
int rerun_prepare(const struct results *r, const char *path, const char *dir,
		  char **yaml);

/* The variants r's rows name, comma-separated, in row order: a rerun
 * measures exactly those (a run recorded with --variant stays one).
 * Caller frees; "" when r has no rows. */
char *rerun_variants(const struct results *r);

#ifdef __cplusplus
}
#endif

#endif
