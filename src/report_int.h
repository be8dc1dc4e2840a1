/* report_int.h - what the files of the report share, and nothing else
 * includes: the analysis model's types and the helpers each file lends
 * the others.  Sections are named for the file that implements them.
 * report.h is the report's contract with the rest of culab; this header
 * may change with any of these files. */
#ifndef CULAB_REPORT_INT_H
#define CULAB_REPORT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "results.h"
#include "util.h"

struct metric_alias;
struct metric_column_def;
struct plot_set;
struct sig_check;
struct variant;

/* ---- formatting (report_fmt.c) ---------------------------------------- */

/* s, or "" for NULL. */
static inline const char *S(const char *s)
{
	return s ? s : "";
}

/* Appends s (NULL: nothing) Markdown-escaped for inline use (paragraphs,
 * list items, table cells): no line breaks, no table pipes, no HTML, no
 * emphasis, links, code spans, headings or math.  All text that comes
 * from results files goes through here. */
void md_text(struct sbuf *b, const char *s);

/* md_text into a fresh heap string (for message arguments); the caller
 * frees it. */
char *md_dup(const char *s);

/* A small pool of escaped strings that lives as long as one sentence.
 * It starts empty ({ .n = 0 }); pool_release() frees what it holds. */
struct pool {
	char *s[12];
	size_t n;
};

/* s escaped by md_text(), held by the pool until pool_release(); "" when
 * the pool is full. */
const char *pool_md(struct pool *p, const char *s);

/* Heap string s, now held by the pool until pool_release(); when the pool
 * is full s is freed at once and "" returned. */
const char *pool_keep(struct pool *p, char *s);

/* Frees every string the pool holds and empties it. */
void pool_release(struct pool *p);

/* Numbers, written into buf[size]; each returns buf.  "—" for a value
 * that is not finite (fmt_sig, fmt_times).
 * fmt_sig: `sig` significant digits, no exponent between 1e-4 and 1e6;
 * fmt_pct: a percentage, two decimals below 10, else one;
 * fmt_times: a speedup, "4.00×";
 * fmt_bytes: bytes in decimal units, "512 B", "1.50 MB". */
const char *fmt_sig(char *buf, size_t size, double v, int sig);
const char *fmt_pct(char *buf, size_t size, double v);
const char *fmt_times(char *buf, size_t size, double v);
const char *fmt_bytes(char *buf, size_t size, double v);

/* The same into a buffer that lives until the end of the enclosing block,
 * for message arguments and cells. */
#define FMT_SIZE 48
#define FMT(v, sig) fmt_sig((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v), (sig))
#define PCT(v) fmt_pct((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v))
#define TIMES(v) fmt_times((char[FMT_SIZE]){ 0 }, FMT_SIZE, (v))

/* A size as a heap string, which the caller frees: "n = 2^22" for a
 * reduction, "4096 × 4096" for a matrix ("4096 x 4096" with `ascii`, for
 * charts, whose fonts are ASCII).  size_text() is the Markdown one. */
char *size_text_as(uint64_t n, uint64_t m, bool matrix, bool ascii);
char *size_text(uint64_t n, uint64_t m, bool matrix);

/* Appends a Markdown table row of cells[0..n), or the rule under the
 * head row (right[i]: column i is right-aligned). */
void table_row(struct sbuf *b, const char *const *cells, size_t n);
void table_rule(struct sbuf *b, const bool *right, size_t n);

/* Ends a block's last line: blocks carry no trailing newline, so that a
 * template decides the spacing around them.  Drops trailing newlines and
 * spaces. */
void block_trim(struct sbuf *b);

/* ---- the analysis model (report_model.c) ------------------------------ */

/* What a row is in its ladder.  Only rungs have step speedups; the others
 * are shown beside them, with their speed over the first rung. */
enum role {
	ROLE_RUNG,       /* a rung of the optimization ladder */
	ROLE_CEILING,    /* the copy that is the family's bandwidth ceiling */
	ROLE_COPY,       /* another copy (not a transpose): a reference */
	ROLE_BASELINE,   /* library baseline (CUB, Thrust) */
	ROLE_REFERENCE,  /* CPU or step-0 reference */
};

struct item {
	const struct result_row *row;
	const struct variant *v;   /* NULL when the registry does not know it */
	size_t order;              /* registry position, for sorting */
	enum role role;
	bool ok;                   /* ran, verified, has a time */
	double step_x, cum_x;      /* NAN when not applicable */
	const struct item *prev;   /* the row step_x compares with */
	int harris;                /* Harris kernel with this technique, or 0 */
};

struct ladder {
	const char *experiment, *family, *dtype;
	uint64_t n, m;
	struct item **items;
	size_t nitems;
	const char **cols;          /* counter columns present, in order */
	size_t ncols;
	const struct item *first;   /* fastest verified row of the first rung */
	const struct item *best;    /* fastest verified rung */
	const struct item *ceiling; /* fastest verified copy ceiling */
	bool blocks;                /* some row has a block size */
	bool harris;                /* show the G80 column */
	bool matrix;                /* sizes are rows x columns */
};

enum chart { CH_TIME, CH_BW, CH_LADDER, CH_COUNTERS, CH_TRANSPOSE, CH__COUNT };

struct group {                      /* one family/dtype: one set of charts */
	const char *family, *dtype;
	struct ladder **ladders;    /* by size */
	size_t nladders;
	const struct ladder *top;   /* largest size with a verified rung */
	const struct ladder *small; /* smallest size with two verified rungs */
	const char *chart[CH__COUNT]; /* drawn charts' names, or NULL */
};

enum charts_state { CHARTS_OFF, CHARTS_DRAWN, CHARTS_FAILED };

struct model {
	const struct results *r;
	struct item *items;
	size_t nitems;
	struct ladder *ladders;
	size_t nladders;
	struct group *groups;
	size_t ngroups;
	const char **cols;          /* every counter column, for the glossary */
	size_t ncols;
	size_t nfailed, nvariants;
	enum charts_state charts;
	struct plot_set *plots;
	struct sig_check *sigs;     /* registry signatures checked */
	size_t nsigs;
};

/* Whether a and b are the same string; NULL counts as "". */
static inline bool str_eq(const char *a, const char *b)
{
	return strcmp(S(a), S(b)) == 0;
}

/* The median time of an item's row, in ms. */
static inline double item_ms(const struct item *it)
{
	return it->row->t.median_ms;
}

/* Whether item a is faster than b; any item is faster than none (NULL). */
static inline bool faster(const struct item *a, const struct item *b)
{
	return !b || item_ms(a) < item_ms(b);
}

/* Analyses r into *m: items with their variant and role, ladders sorted
 * by family, type and size with their speedups, groups of ladders, and
 * the registry signatures checked.  m points into r, which must outlive
 * it; m->charts and m->plots are left to the caller (CHARTS_OFF, NULL).
 * The caller frees m with model_release(). */
void model_build(const struct results *r, struct model *m);

/* Frees what m holds, m->plots included, and zeroes it. */
void model_release(struct model *m);

/* The variant description called `name` (NULL: none), or NULL when there
 * is none.  Every variant the report looks up comes through here (and its
 * order through model_variant_order, in report_model.c), so that where
 * descriptions come from is decided in one place: today the registry of
 * this culab. */
const struct variant *model_variant(const struct model *m, const char *name);

/* Family-specific tests: the only places where the report names a family
 * or a variant, apart from Harris's reduction (report_history.c).  What
 * they decide is what variant descriptions will have to say.
 * family_is_matrix: `family` is sized rows x columns (a matrix);
 * row_is_matrix: a row's size is rows x columns: its family is, or m > 1;
 * family_transpose_chart: `family` gets the transpose chart
 *   (CH_TRANSPOSE): bandwidth per variant at the largest size, against
 *   the copy ceiling;
 * family_harris: `family`'s ladders are set beside Harris's G80
 *   reduction ladder (the historical block). */
bool family_is_matrix(const char *family);
bool row_is_matrix(const struct result_row *row);
bool family_transpose_chart(const char *family);
bool family_harris(const char *family);

/* qsort order of `const struct item *`: by role, rung, variant order,
 * name and block. */
int item_cmp(const void *a, const void *b);

/* Families in their natural order (enum family), unknown ones after. */
int family_rank(const char *family);

/* Adds `name` (NULL as "") to the set (*names)[0..*n) unless it is there.
 * The strings are borrowed; the caller frees the array *names. */
void names_add(const char ***names, size_t *n, const char *name);

/* Whether a row has counter column `name` (its value, row_column() from
 * signature.h, may still be NAN: not applicable). */
bool row_has_column(const struct result_row *row, const char *name);

/* How many verified rungs ladder l has. */
size_t ladder_ok_rungs(const struct ladder *l);

/* The best verified item of each rung step of a ladder, in order, into
 * out[] (room for l->nitems); returns how many. */
size_t ladder_rungs(const struct ladder *l, const struct item **out);

/* The definition of counter column `name` in metrics.h's alias table, or
 * NULL; sets *alias (unless alias is NULL) to the alias it belongs to. */
const struct metric_column_def *column_def(const char *name,
					   const struct metric_alias **alias);

/* Counter value v of column `name` by its unit into buf[size]: bytes in
 * decimal units, percentages with one decimal, others with three
 * significant digits, "—" when not finite.  Returns buf.  CTR() does it
 * into a buffer that lives until the end of the enclosing block. */
const char *fmt_counter(char *buf, size_t size, const char *name, double v);
#define CTR(name, v) fmt_counter((char[FMT_SIZE]){ 0 }, FMT_SIZE, (name), (v))

/* ---- Harris's G80 reduction ------------------------------------------- */

/* Harris's kernel (1..7) that uses the technique of our variant
 * `variant`, or 0. */
int harris_kernel_of(const char *variant);

#endif
