/* json_int.h - what the files of the JSON room share, and nothing else
 * includes: json_value.c (values written and read with their checks),
 * json.c (results.json and the --json documents of list and devices),
 * json_read.c (reading results.json back), json_measure.c (the parts of
 * a row that say how it was measured), json_sanitize.c (a row's
 * compute-sanitizer record), json_lines.c (a row's counters per source
 * line), json_class.c (a class's rubric, rounds and missing students with
 * its experiment), json_plan.c (the plan's document, written and read
 * back) and json_gradescope.c (a student's grade as Gradescope takes it
 * in).  Includes jansson, so it is for those files only (the module that
 * owns jansson); everyone else includes results.h, and the documents
 * written outside the room (compare's) the values of json_emit.h. */
#ifndef CULAB_JSON_INT_H
#define CULAB_JSON_INT_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "results.h"
#include "json_emit.h"
#include "base/diag.h"
#include "base/strmap.h"

/* ---- json_value.c (its writing half: json_emit.h) ---- */

/* One results file being read (json_read.c): its name for messages, the
 * problems found so far (the first ten are shown), and what the file
 * holds so far of what results_model.h bounds for the whole file. */
struct reader {
	const char *path;
	int errors;
	size_t samples;         /* timed samples */
	size_t values;          /* raw counter values */
	size_t line_values;     /* values of counters per source line */
	struct strmap columns;  /* distinct counter column names */
	bool stop;              /* past a limit of the file: read no further */
};

/* The problems of a file shown, at most; then a count (json_read.c). */
#define JSON_MAX_SHOWN 10

/* Reports "where.field: WHAT" as a GNU-format error on rd's file, `where`
 * and `field` being the JSON path of the field ("rows[3]", "timing.stop";
 * "where[i]" when field starts with '['); past JSON_MAX_SHOWN it only
 * counts. */
void json_report(struct reader *rd, const char *where, const char *field,
		 const char *fmt, ...) DIAG_PRINTF(4, 5);
/* Reports "where.field: missing or not WANT", `where` and `field` being
 * the JSON path of the field ("rows[3]", "timing.stop").  Returns -1. */
int json_bad(struct reader *rd, const char *where, const char *field,
	     const char *want);
/* Reports "where.field: VALUE is not WANT" with v as the file has it.
 * Returns -1. */
int json_bad_value(struct reader *rd, const char *where, const char *field,
		   json_t *v, const char *want);
/* The number under key of o from lo to hi; NAN when absent or null
 * (nullable), or after reporting json_bad_value(.., want). */
double json_num_get(struct reader *rd, json_t *o, const char *where,
		    const char *key, double lo, double hi, bool nullable,
		    const char *want);
/* json_num_get, nullable. */
double json_num_in(struct reader *rd, json_t *o, const char *where,
		   const char *key, double lo, double hi, const char *want);
/* The array under key of o, of at most max elements; NULL after a
 * diagnostic ("missing or not an array", or how many is too many). */
json_t *json_array_of(struct reader *rd, json_t *o, const char *where,
		      const char *key, size_t max);
/* buf = the JSON path of element i of array key of where ("rows[3]",
 * "rows[3].lines[7]"), cut when it does not fit: only messages show it. */
void json_path_at(char *buf, size_t size, const char *where, const char *key,
		  size_t i);

/* ---- json_measure.c ---- */

/* The statistics of t that stats.h computes (interval, quartiles,
 * outliers) and why its samples ended, added to the row's "timing". */
void json_timing_put(json_t *timing, const struct timing *t);
/* Reads them back from "timing"; a file without them (written before
 * they were recorded) gets them computed from its samples, which every
 * file keeps.  t->samples_ms must be read already. */
void json_timing_get(struct reader *rd, json_t *timing, const char *where,
		     struct timing *t);

/* The row's kernel alone (result_row.tk) and its rounds (struct
 * round_times), set on row object o only when the row has them:
 * "kernel_timing": {"samples_ms": [...], "median_ms", "median_lo_ms",
 * "median_hi_ms"} and "rounds": {"per_round": k, "round_ms": [...],
 * "of": "kernel" | "first_pass" | "region"} ("of" unless ROUND_UNSTATED). */
void json_kernel_put(json_t *o, const struct result_row *w);
/* Reads them back (absent: none; the kernel's statistics are computed
 * from its samples; rounds without "of": ROUND_UNSTATED); rd's sample
 * count includes theirs. */
void json_kernel_get(struct reader *rd, json_t *o, const char *where,
		     struct result_row *w);

/* `repeats: auto`'s settings as an object, or null when a is off. */
json_t *json_repeats_auto_put(const struct repeat_auto *a);
/* Reads "repeats_auto" of experiment object o (absent or null: off). */
void json_repeats_auto_get(struct reader *rd, json_t *o, const char *where,
			   struct repeat_auto *a);

/* A row's clocks: {"known": false, "why": ...} or the readings. */
json_t *json_clocks_put(const struct clock_record *c);
/* Reads the row's "clocks"; a file from before they were recorded has
 * none: unknown, and the row says so. */
void json_clocks_get(struct reader *rd, json_t *row, const char *where,
		     struct clock_record *c);

/* ---- json_class.c ---- */

/* Adds a class's rubric, rounds and (with a roster) the students without
 * a submission to experiment object x; nothing when e has no class. */
void json_class_put(json_t *x, const struct experiment_meta *e);
/* Reads them back from experiment object o into e: an entry without
 * "rubric" has no class, rubric_default() and rounds 0; without
 * "missing", no roster. */
void json_class_get(struct reader *rd, json_t *o, const char *where,
		    struct experiment_meta *e);

/* ---- json_sanitize.c ---- */

/* A row's "sanitize": compute-sanitizer's record of its rerun
 * (sanitizer_record.h). */
json_t *json_sanitize_put(const struct sanitizer_record *rec);
/* Reads the row's "sanitize" into *out (NULL when absent or null: files
 * from before it was recorded, and rows without one). */
void json_sanitize_get(struct reader *rd, json_t *row, const char *where,
		       struct sanitizer_record **out);

/* ---- json_lines.c ---- */

struct source_lines;
/* A row's counters per source line as an object (counters.h; write it
 * only when l->recorded). */
json_t *json_lines_put(const struct source_lines *l);
/* Reads the row's "lines" into *l (released first); a row without one
 * (lines not asked for, or a file from before they were recorded) reads
 * as not recorded.  rw is the row's JSON path. */
void json_lines_get(struct reader *rd, json_t *row, const char *rw,
		    struct source_lines *l);

#endif
