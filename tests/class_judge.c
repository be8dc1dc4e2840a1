/* class_judge.c - judges a recorded run of a class whose truth is known
 * (issue 44): the truth tests/class/truth.sh wrote beside the class
 * (truth.tsv) against what culab made of it (gradebook.csv from
 * `culab report`, results.json from `culab run`).  No GPU needed.
 *
 *   class_judge [-e EXPERIMENT] [--tie PCT] TRUTH.tsv RUN_DIR
 *
 * The checks, each printed with its evidence; the exit status is 0 when
 * all hold, 1 when one does not, 2 for a file that cannot be read:
 *   identical copies tie: each byte-for-byte copy has its original's rank;
 *   Kendall tau of the ranking against the tiers, and against the
 *     kernels' own times measured alone (CUPTI's duration_us of each
 *     row at the largest size, the geometric mean over a student's
 *     rows), at least 0.9: a pair tied in truth (one tier; times within
 *     --tie PCT, 1 by default) agrees, and so does a pair tied in the
 *     ranking whose score intervals overlap;
 *   disguised copies found: a copy is found when gradebook's similar_to
 *     joins it to its original or to another copy of it, at least 95 %;
 *     and no flag joins two independent solutions;
 *   every verified student has a finite score_lo <= score <= score_hi;
 *   every student ended as its kind intends (table `intents`).
 * The gradebook is read by its header's names (student, state, score,
 * score_lo, score_hi, rank, similar_to, similarity, experiment), so
 * columns may move; a missing one is said, and what needs it fails, or
 * uses what is there (rank from score, copy_of for similar_to).
 *
 * Links jansson statically (the Makefile), as culab does, so that it
 * runs on GPU machines without the library. */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STUDENTS 1024
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct student {
	char *name;
	/* truth.tsv */
	bool in_truth;
	char *kind;             /* verified, wrong, fault, ... */
	int tier;               /* 1 fastest; 0 for none */
	char *copy_of;          /* "" for an original */
	char *disguise;
	/* gradebook.csv */
	bool in_book;
	char *state;
	double score, lo, hi;   /* NAN where the cell is empty */
	double rank;            /* NAN where unknown */
	char *similar_to;       /* "" for none */
	char *similarity;
	/* results.json, the student's rows */
	int rows;
	double time_us;         /* geometric mean of duration_us at n_max */
	int timed;              /* the rows it is over */
	bool said_hang, said_compile;
};

struct judge {
	const char *truth_path, *book_path, *results_path, *experiment;
	double tie;                     /* relative: 0.01 for 1 % */
	struct student s[MAX_STUDENTS];
	size_t n;
	bool have_rank, have_lo, have_hi, have_similar, copy_of_for_similar;
	unsigned long long n_max;       /* the size times come from */
	bool have_results;
	char *own_experiment;           /* the gradebook's, when -e is not given */
};

/* ---- small things -------------------------------------------------------- */

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "class_judge: out of memory\n");
		exit(2);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

static int fail_input(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static int fail_input(const char *fmt, ...)
{
	va_list ap;

	fputs("class_judge: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

/* The whole file, NUL-terminated, or NULL with errno set. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (cap - len < 4096) {
			cap = cap ? 2 * cap : 65536;
			char *nb = realloc(buf, cap + 1);
			if (!nb) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	fclose(f);
	buf[len] = '\0';
	return buf;
}

static struct student *find(struct judge *j, const char *name)
{
	for (size_t i = 0; i < j->n; i++)
		if (strcmp(j->s[i].name, name) == 0)
			return &j->s[i];
	return NULL;
}

static struct student *find_or_add(struct judge *j, const char *name)
{
	struct student *st = find(j, name);

	if (st)
		return st;
	if (j->n == MAX_STUDENTS)
		return NULL;
	st = &j->s[j->n++];
	memset(st, 0, sizeof(*st));
	st->name = xstrdup(name);
	st->kind = xstrdup("");
	st->copy_of = xstrdup("");
	st->disguise = xstrdup("");
	st->state = xstrdup("");
	st->similar_to = xstrdup("");
	st->similarity = xstrdup("");
	st->score = st->lo = st->hi = st->rank = st->time_us = NAN;
	return st;
}

static bool is(const char *a, const char *b) { return strcmp(a, b) == 0; }

static bool verified(const struct student *st)
{
	return st->in_truth && is(st->kind, "verified");
}

/* The student's copy group: its original's name, or its own. */
static const char *root(const struct student *st)
{
	return st->copy_of[0] ? st->copy_of : st->name;
}

/* A number of a cell, NAN when empty or not a number. */
static double number(const char *s)
{
	char *end;
	double v;

	while (*s == ' ')
		s++;
	if (!*s)
		return NAN;
	errno = 0;
	v = strtod(s, &end);
	while (*end == ' ' || *end == '%')
		end++;
	return *end || errno ? NAN : v;
}

/* ---- records: tab- or comma-separated ------------------------------------ */

/* Splits the next record at *p into fields (pointers into the buffer,
 * which it rewrites: quotes undone, ends NUL).  sep ',' reads CSV with
 * quotes (RFC 4180); '\t' plain TSV.  Returns the number of fields, 0 at
 * the end of the buffer. */
static size_t record(char **p, char sep, char **f, size_t maxf)
{
	char *r = *p, *w;
	size_t n = 0;

	if (!*r)
		return 0;
	for (;;) {
		char *start = w = r;
		bool quoted = sep == ',' && *r == '"';

		if (quoted) {
			r++;
			for (;;) {
				if (!*r)
					break;
				if (*r == '"' && r[1] == '"') {
					*w++ = '"';
					r += 2;
				} else if (*r == '"') {
					r++;
					break;
				} else {
					*w++ = *r++;
				}
			}
		}
		while (*r && *r != sep && *r != '\n' && *r != '\r')
			*w++ = *r++;
		char end = *r;
		*w = '\0';
		if (n < maxf)
			f[n++] = start;
		/* *w may be *r: what ended the field is in end */
		if (end == sep) {
			r++;
			continue;
		}
		if (end == '\r' && r[1] == '\n')
			r += 2;
		else if (end)
			r++;
		break;
	}
	*p = r;
	return n;
}

/* The index of name among the header's fields, or -1. */
static int column(char **head, size_t nh, const char *name)
{
	for (size_t i = 0; i < nh; i++)
		if (is(head[i], name))
			return (int)i;
	return -1;
}

static const char *cell(char **f, size_t nf, int c)
{
	return c >= 0 && (size_t)c < nf ? f[c] : "";
}

/* ---- truth.tsv ----------------------------------------------------------- */

static int read_truth(struct judge *j)
{
	char *buf = slurp(j->truth_path), *p, *head[16], *f[16];
	int c_st, c_kind, c_tier, c_copy, c_dis;
	size_t nh, nf, line = 1;

	if (!buf)
		return fail_input("%s: %s", j->truth_path, strerror(errno));
	p = buf;
	nh = record(&p, '\t', head, ARRAY_SIZE(head));
	c_st = column(head, nh, "student");
	c_kind = column(head, nh, "kind");
	c_tier = column(head, nh, "tier");
	c_copy = column(head, nh, "copy_of");
	c_dis = column(head, nh, "disguise");
	if (c_st < 0 || c_kind < 0 || c_tier < 0 || c_copy < 0 || c_dis < 0) {
		free(buf);
		return fail_input("%s:1: the header needs student, kind, tier, "
				  "copy_of and disguise", j->truth_path);
	}
	while ((nf = record(&p, '\t', f, ARRAY_SIZE(f))) > 0) {
		struct student *st;
		const char *tier;

		line++;
		if (nf == 1 && !f[0][0])
			continue;
		st = find_or_add(j, cell(f, nf, c_st));
		if (!st || st->in_truth) {
			free(buf);
			return fail_input("%s:%zu: student \"%s\" %s", j->truth_path,
					  line, cell(f, nf, c_st),
					  st ? "twice" : "past the limit");
		}
		st->in_truth = true;
		free(st->kind);
		st->kind = xstrdup(cell(f, nf, c_kind));
		tier = cell(f, nf, c_tier);
		st->tier = *tier ? atoi(tier) : 0;
		free(st->copy_of);
		st->copy_of = xstrdup(cell(f, nf, c_copy));
		free(st->disguise);
		st->disguise = xstrdup(cell(f, nf, c_dis));
		if (verified(st) && st->tier < 1) {
			free(buf);
			return fail_input("%s:%zu: verified student \"%s\" has no "
					  "tier", j->truth_path, line, st->name);
		}
	}
	free(buf);
	for (size_t i = 0; i < j->n; i++) {
		struct student *o;

		if (!j->s[i].copy_of[0])
			continue;
		o = find(j, j->s[i].copy_of);
		if (!o || !o->in_truth || o->copy_of[0])
			return fail_input("%s: %s is a copy of \"%s\", who is not "
					  "an original of the class", j->truth_path,
					  j->s[i].name, j->s[i].copy_of);
	}
	return 0;
}

/* ---- gradebook.csv ------------------------------------------------------- */

static int read_book(struct judge *j)
{
	char *buf = slurp(j->book_path), *p, *head[64], *f[64];
	int c_st, c_exp, c_state, c_score, c_lo, c_hi, c_rank, c_sim, c_pct,
	    c_copy;
	size_t nh, nf, line = 1;
	char *exp = NULL;
	bool several = false;

	if (!buf)
		return fail_input("%s: %s", j->book_path, strerror(errno));
	p = buf;
	nh = record(&p, ',', head, ARRAY_SIZE(head));
	c_st = column(head, nh, "student");
	c_exp = column(head, nh, "experiment");
	c_state = column(head, nh, "state");
	c_score = column(head, nh, "score");
	c_lo = column(head, nh, "score_lo");
	c_hi = column(head, nh, "score_hi");
	c_rank = column(head, nh, "rank");
	c_sim = column(head, nh, "similar_to");
	c_pct = column(head, nh, "similarity");
	c_copy = column(head, nh, "copy_of");
	if (c_st < 0 || c_state < 0 || c_score < 0) {
		free(buf);
		return fail_input("%s:1: the header needs student, state and "
				  "score (it has %zu columns)", j->book_path, nh);
	}
	j->have_rank = c_rank >= 0;
	j->have_lo = c_lo >= 0;
	j->have_hi = c_hi >= 0;
	j->have_similar = c_sim >= 0 || c_copy >= 0;
	j->copy_of_for_similar = c_sim < 0 && c_copy >= 0;
	if (c_sim < 0)
		c_sim = c_copy;
	printf("gradebook %s: missing columns:", j->book_path);
	{
		static const char *const want[] = {
			"student", "experiment", "state", "score", "score_lo",
			"score_hi", "rank", "similar_to", "similarity",
		};
		int none = 1;

		for (size_t i = 0; i < ARRAY_SIZE(want); i++)
			if (column(head, nh, want[i]) < 0) {
				printf(" %s", want[i]);
				none = 0;
			}
		printf("%s\n", none ? " none" : "");
	}
	if (!j->have_rank)
		printf("  no rank: the rank is taken from the score (equal "
		       "scores share a rank)\n");
	if (!j->have_lo || !j->have_hi)
		printf("  no score_lo or score_hi: no score has an interval (a "
		       "tie in the ranking counts as agreement)\n");
	if (j->copy_of_for_similar)
		printf("  no similar_to: copy_of stands in for it (it names "
		       "only copies whose source is the same)\n");
	else if (!j->have_similar)
		printf("  no similar_to (nor copy_of): no copy can be found\n");

	while ((nf = record(&p, ',', f, ARRAY_SIZE(f))) > 0) {
		struct student *st;
		const char *e = cell(f, nf, c_exp);

		line++;
		if (nf == 1 && !f[0][0])
			continue;
		if (j->experiment && c_exp >= 0 && !is(e, j->experiment))
			continue;
		if (!j->experiment && c_exp >= 0) {
			if (!exp)
				exp = xstrdup(e);
			else if (!is(exp, e)) {
				several = true;
				continue;
			}
		}
		st = find_or_add(j, cell(f, nf, c_st));
		if (!st) {
			free(buf);
			free(exp);
			return fail_input("%s:%zu: more than %d students",
					  j->book_path, line, MAX_STUDENTS);
		}
		if (st->in_book) {
			free(buf);
			free(exp);
			return fail_input("%s:%zu: student \"%s\" twice in one "
					  "experiment", j->book_path, line, st->name);
		}
		st->in_book = true;
		free(st->state);
		st->state = xstrdup(cell(f, nf, c_state));
		st->score = number(cell(f, nf, c_score));
		st->lo = number(cell(f, nf, c_lo));
		st->hi = number(cell(f, nf, c_hi));
		st->rank = number(cell(f, nf, c_rank));
		free(st->similar_to);
		st->similar_to = xstrdup(cell(f, nf, c_sim));
		free(st->similarity);
		st->similarity = xstrdup(cell(f, nf, c_pct));
	}
	free(buf);
	if (several)
		printf("  several experiments: judging \"%s\" (-e picks "
		       "another)\n", exp);
	if (!j->experiment && exp)
		j->experiment = j->own_experiment = exp;
	else
		free(exp);
	if (!j->have_rank) {
		/* rank = 1 + the students of a higher score */
		for (size_t a = 0; a < j->n; a++) {
			int above = 0;

			if (!j->s[a].in_book || isnan(j->s[a].score))
				continue;
			for (size_t b = 0; b < j->n; b++)
				above += j->s[b].in_book &&
					 j->s[b].score > j->s[a].score;
			j->s[a].rank = above + 1;
		}
	}
	return 0;
}

/* ---- results.json -------------------------------------------------------- */

static int read_results(struct judge *j)
{
	json_error_t err;
	json_t *root = json_load_file(j->results_path, 0, &err), *rows, *r;
	size_t i;

	if (!root)
		return fail_input("%s:%d:%d: %s", j->results_path, err.line,
				  err.column, err.text);
	rows = json_object_get(root, "rows");
	if (!json_is_array(rows)) {
		json_decref(root);
		return fail_input("%s: no \"rows\" array", j->results_path);
	}
	/* the largest size a verified student's row has */
	json_array_foreach(rows, i, r) {
		const char *v = json_string_value(json_object_get(r, "variant"));
		const char *e = json_string_value(json_object_get(r, "experiment"));
		struct student *st = v ? find(j, v) : NULL;
		json_int_t n = json_integer_value(json_object_get(r, "n"));

		if (!st || (j->experiment && e && !is(e, j->experiment)))
			continue;
		if (verified(st) && n > 0 && (unsigned long long)n > j->n_max)
			j->n_max = (unsigned long long)n;
	}
	json_array_foreach(rows, i, r) {
		const char *v = json_string_value(json_object_get(r, "variant"));
		const char *e = json_string_value(json_object_get(r, "experiment"));
		const char *status = json_string_value(json_object_get(r, "status"));
		const char *msg = json_string_value(json_object_get(r, "message"));
		struct student *st = v ? find(j, v) : NULL;
		json_t *cols, *d;
		json_int_t n = json_integer_value(json_object_get(r, "n"));

		if (!st || (j->experiment && e && !is(e, j->experiment)))
			continue;
		st->rows++;
		if (msg && strstr(msg, "did not finish"))
			st->said_hang = true;
		if (msg && strstr(msg, "did not compile"))
			st->said_compile = true;
		if (!status || !is(status, "ok") || (unsigned long long)n != j->n_max)
			continue;
		cols = json_object_get(json_object_get(r, "counters"), "columns");
		d = json_object_get(cols, "duration_us");
		if (!json_is_number(d) || json_number_value(d) <= 0)
			continue;
		if (!st->timed)
			st->time_us = 0;
		st->time_us += log(json_number_value(d));
		st->timed++;
	}
	for (i = 0; i < j->n; i++)
		if (j->s[i].timed)
			j->s[i].time_us = exp(j->s[i].time_us / j->s[i].timed);
	json_decref(root);
	j->have_results = true;
	return 0;
}

/* ---- the checks ---------------------------------------------------------- */

/* A student the ranking places: verified in truth and in the run, with
 * a rank. */
static bool ranked(const struct student *st)
{
	return verified(st) && st->in_book && is(st->state, "verified") &&
	       !isnan(st->rank);
}

static bool overlap(const struct student *a, const struct student *b)
{
	if (isnan(a->lo) || isnan(a->hi) || isnan(b->lo) || isnan(b->hi))
		return false;
	return a->lo <= b->hi && b->lo <= a->hi;
}

static void say(const struct student *st)
{
	printf("%s (tier %d, rank %g, score %g [%g, %g]", st->name, st->tier,
	       st->rank, st->score, st->lo, st->hi);
	if (st->timed)
		printf(", %.1f us", st->time_us);
	printf(")");
}

/* Truth's order of a pair: < 0 when a should rank above b (faster),
 * > 0 below, 0 tied. */
typedef int (*truth_cmp)(const struct judge *j, const struct student *a,
			 const struct student *b);

static int by_tier(const struct judge *j, const struct student *a,
		   const struct student *b)
{
	(void)j;
	return (a->tier > b->tier) - (a->tier < b->tier);
}

static int by_time(const struct judge *j, const struct student *a,
		   const struct student *b)
{
	if (fabs(log(a->time_us / b->time_us)) <= log1p(j->tie))
		return 0;
	return a->time_us < b->time_us ? -1 : 1;
}

/* Kendall's tau of the ranking against cmp over the ranked students
 * (those with a time, for by_time), ties as agreement where the issue
 * says; prints the discordant pairs.  Returns tau, NAN without pairs. */
static double kendall(const struct judge *j, truth_cmp cmp, bool timed,
		      size_t *pairs_out, size_t *bad_out)
{
	size_t pairs = 0, bad = 0, shown = 0;

	for (size_t a = 0; a < j->n; a++)
		for (size_t b = a + 1; b < j->n; b++) {
			const struct student *x = &j->s[a], *y = &j->s[b];
			int t, r;
			bool agree;

			if (!ranked(x) || !ranked(y) ||
			    (timed && (!x->timed || !y->timed)))
				continue;
			pairs++;
			t = cmp(j, x, y);
			r = (x->rank > y->rank) - (x->rank < y->rank);
			if (t == 0)
				agree = true;
			else if (r == 0)
				agree = overlap(x, y) ||
					(!j->have_lo || !j->have_hi);
			else
				agree = t == r;
			if (agree)
				continue;
			bad++;
			if (shown++ < 40) {
				const struct student *hi = t < 0 ? x : y,
						     *lo = t < 0 ? y : x;
				printf("    discordant: ");
				say(hi);
				printf(" should rank above ");
				say(lo);
				printf("\n");
			}
		}
	if (shown > 40)
		printf("    ... and %zu more\n", shown - 40);
	*pairs_out = pairs;
	*bad_out = bad;
	return pairs ? (double)(pairs - 2 * bad) / (double)pairs : NAN;
}

static int check_identical(struct judge *j)
{
	size_t n = 0, ok = 0;

	for (size_t i = 0; i < j->n; i++) {
		struct student *c = &j->s[i], *o;
		bool tie;

		if (!c->in_truth || !is(c->disguise, "identical"))
			continue;
		n++;
		o = find(j, c->copy_of);
		tie = ranked(c) && o && ranked(o) && c->rank == o->rank;
		ok += tie;
		printf("    %s %s = %s: rank %g and %g, score %g and %g\n",
		       tie ? "tie " : "NOT ", c->name, o->name, c->rank,
		       o->rank, c->score, o->score);
	}
	printf("  identical copies tie: %zu of %zu\n", ok, n);
	return n > 0 && ok == n ? 0 : 1;
}

static int check_tau(struct judge *j, truth_cmp cmp, bool timed,
		     const char *what)
{
	size_t pairs, bad, left = 0;
	double tau;

	if (timed)
		for (size_t i = 0; i < j->n; i++)
			if (ranked(&j->s[i]) && !j->s[i].timed) {
				printf("    %s: no duration_us at n = %llu: left "
				       "out\n", j->s[i].name, j->n_max);
				left++;
			}
	tau = kendall(j, cmp, timed, &pairs, &bad);
	printf("  Kendall tau against %s: %.3f over %zu pairs, %zu "
	       "discordant (target >= 0.9)\n", what, tau, pairs, bad);
	return !isnan(tau) && tau >= 0.9 && left == 0 ? 0 : 1;
}

static int check_tiers(struct judge *j)
{
	return check_tau(j, by_tier, false, "the tiers");
}

static int check_times(struct judge *j)
{
	char what[160];

	snprintf(what, sizeof(what), "the kernels' own times (duration_us "
		 "at n = %llu, geometric mean of each student's rows; ties "
		 "within %g %%)", j->n_max, 100 * j->tie);
	return check_tau(j, by_time, true, what);
}

/* Is there a flag between c and a member of its group? */
static bool found(struct judge *j, const struct student *c)
{
	for (size_t i = 0; i < j->n; i++) {
		const struct student *x = &j->s[i], *y;

		if (!x->similar_to[0] || !(y = find(j, x->similar_to)))
			continue;
		if (x != c && y != c)
			continue;
		if (x->in_truth && y->in_truth &&
		    is(root(x), root(y)))
			return true;
	}
	return false;
}

static int check_copies(struct judge *j)
{
	size_t n = 0, ok = 0, wrong = 0;

	if (!j->have_similar) {
		printf("  disguised copies found: cannot say (the gradebook "
		       "has no similar_to)\n");
		return 1;
	}
	for (size_t i = 0; i < j->n; i++) {
		const struct student *c = &j->s[i];

		if (!c->in_truth || !c->copy_of[0])
			continue;
		n++;
		if (found(j, c))
			ok++;
		else
			printf("    missed: %s, a copy of %s (%s)\n", c->name,
			       c->copy_of, c->disguise);
	}
	for (size_t i = 0; i < j->n; i++) {
		const struct student *x = &j->s[i], *y;

		if (!x->similar_to[0])
			continue;
		y = find(j, x->similar_to);
		if (y && x->in_truth && y->in_truth &&
		    is(root(x), root(y)))
			continue;
		wrong++;
		printf("    false flag: %s similar to %s (%s%%): %s and %s "
		       "are independent\n", x->name, x->similar_to,
		       x->similarity[0] ? x->similarity : "?",
		       x->in_truth ? root(x) : "(not in truth)",
		       y && y->in_truth ? root(y) : "(not in truth)");
	}
	printf("  disguised copies found: %zu of %zu (%.1f %%, target >= 95 "
	       "%%)\n", ok, n, n ? 100.0 * (double)ok / (double)n : 0.0);
	printf("  flags among independent solutions: %zu (target 0)\n", wrong);
	return n > 0 && (double)ok >= 0.95 * (double)n && wrong == 0 ? 0 : 1;
}

static int check_intervals(struct judge *j)
{
	size_t n = 0, ok = 0;

	for (size_t i = 0; i < j->n; i++) {
		const struct student *st = &j->s[i];
		bool good;

		if (!st->in_book || !is(st->state, "verified"))
			continue;
		n++;
		good = isfinite(st->lo) && isfinite(st->score) &&
		       isfinite(st->hi) && st->lo <= st->score &&
		       st->score <= st->hi;
		ok += good;
		if (!good)
			printf("    %s: score %g, interval [%g, %g]\n", st->name,
			       st->score, st->lo, st->hi);
	}
	printf("  verified students with score_lo <= score <= score_hi: %zu "
	       "of %zu\n", ok, n);
	return n > 0 && ok == n ? 0 : 1;
}

/* What each kind should end as: the gradebook states it may have (| between
 * them; "-" for no line in the gradebook) and what a row must have said. */
static const struct intent {
	const char *kind, *states, *said;
} intents[] = {
	{ "verified", "verified", NULL },
	{ "wrong", "wrong answer", NULL },
	{ "fault", "error", NULL },
	/* "error" in gradebooks written before the state said "never
	 * finished", as the class page does */
	{ "hang", "never finished|error", "hang" },
	{ "remembers", "wrong answer|impossible time", NULL },
	{ "nocompile", "not run|did not compile", NULL },
	{ "nofunction", "-|not run|refused", NULL },
};

static bool state_in(const char *state, const char *list)
{
	size_t n = strlen(state);

	for (const char *p = list; *p;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);

		if (len == n && strncmp(p, state, n) == 0)
			return true;
		p += len + (bar != NULL);
	}
	return false;
}

static int check_intents(struct judge *j)
{
	size_t n = 0, ok = 0;

	for (size_t k = 0; k < ARRAY_SIZE(intents); k++) {
		const struct intent *in = &intents[k];
		size_t kn = 0, kok = 0;

		for (size_t i = 0; i < j->n; i++) {
			const struct student *st = &j->s[i];
			const char *state = st->in_book ? st->state : "-";
			bool good;

			if (!st->in_truth || !is(st->kind, in->kind))
				continue;
			kn++;
			good = state_in(state, in->states);
			if (good && is(in->kind, "fault"))
				good = !st->said_hang;
			if (good && in->said && is(in->said, "hang"))
				good = st->said_hang || !j->have_results;
			if (good && is(in->kind, "nofunction"))
				good = st->rows == 0 || !is(state, "verified");
			kok += good;
			if (!good || !is(in->kind, "verified"))
				printf("    %s %s: %s \"%s\"%s\n", good ? "ok  " :
				       "NOT ", st->name, in->kind,
				       st->in_book ? st->state : "(no line)",
				       st->said_hang ? ", a row did not finish" :
				       st->said_compile ? ", did not compile" : "");
		}
		printf("  %s: %zu of %zu as intended (%s)\n", in->kind, kok, kn,
		       in->states);
		n += kn;
		ok += kok;
	}
	for (size_t i = 0; i < j->n; i++)
		if (j->s[i].in_book && !j->s[i].in_truth)
			printf("    %s: in the gradebook, not in truth\n",
			       j->s[i].name);
	printf("  students as intended: %zu of %zu\n", ok, n);
	return ok == n ? 0 : 1;
}

/* The measured tiers, for the record: no verdict of their own. */
static void show_tiers(struct judge *j)
{
	double prev_max = NAN, prev_geo = NAN;

	printf("the tiers as measured (duration_us at n = %llu):\n", j->n_max);
	for (int t = 1; t <= 64; t++) {
		double lo = INFINITY, hi = 0, lg = 0;
		int k = 0;

		for (size_t i = 0; i < j->n; i++) {
			const struct student *st = &j->s[i];

			if (!verified(st) || st->tier != t || !st->timed)
				continue;
			lo = fmin(lo, st->time_us);
			hi = fmax(hi, st->time_us);
			lg += log(st->time_us);
			k++;
		}
		if (!k)
			continue;
		lg = exp(lg / k);
		printf("  tier %d: %d students, %.1f us (%.1f to %.1f)", t, k,
		       lg, lo, hi);
		if (!isnan(prev_geo))
			printf(", %.2fx the tier above; its fastest %.2fx the "
			       "slowest above", lg / prev_geo, lo / prev_max);
		printf("\n");
		prev_geo = lg;
		prev_max = hi;
	}
}

static int by_rank(const void *pa, const void *pb)
{
	const struct student *a = *(const struct student *const *)pa;
	const struct student *b = *(const struct student *const *)pb;
	double ra = isnan(a->rank) ? 1e300 : a->rank;
	double rb = isnan(b->rank) ? 1e300 : b->rank;

	if (ra != rb)
		return ra < rb ? -1 : 1;
	return strcmp(a->name, b->name);
}

static void show_class(struct judge *j)
{
	const struct student **v = xmalloc(j->n * sizeof(*v));

	for (size_t i = 0; i < j->n; i++)
		v[i] = &j->s[i];
	qsort(v, j->n, sizeof(*v), by_rank);
	printf("the class as ranked:\n");
	printf("  %-5s %-8s %-15s %4s %6s %14s %9s  %-8s %s\n", "rank",
	       "student", "state", "tier", "score", "interval", "time_us",
	       "similar", "truth");
	for (size_t i = 0; i < j->n; i++) {
		const struct student *st = v[i];
		char rk[16] = "-", tier[16] = "", sc[24] = "", iv[48] = "",
		     tm[24] = "-", tr[128];

		if (!isnan(st->rank))
			snprintf(rk, sizeof(rk), "%g", st->rank);
		if (st->tier)
			snprintf(tier, sizeof(tier), "%d", st->tier);
		if (!isnan(st->score))
			snprintf(sc, sizeof(sc), "%.1f", st->score);
		if (!isnan(st->lo) || !isnan(st->hi))
			snprintf(iv, sizeof(iv), "[%.1f, %.1f]", st->lo, st->hi);
		if (st->timed)
			snprintf(tm, sizeof(tm), "%.1f", st->time_us);
		if (st->copy_of[0])
			snprintf(tr, sizeof(tr), "%s, copy of %s (%s)", st->kind,
				 st->copy_of, st->disguise);
		else
			snprintf(tr, sizeof(tr), "%s", st->in_truth ? st->kind :
				 "(not in truth)");
		printf("  %-5s %-8s %-15s %4s %6s %14s %9s  %-8s %s\n", rk,
		       st->name, st->in_book ? st->state : "(no line)", tier,
		       sc, iv, tm, st->similar_to, tr);
	}
	free(v);
}

/* Frees what the judge holds (every student's strings). */
static void judge_release(struct judge *j)
{
	for (size_t i = 0; i < j->n; i++) {
		struct student *st = &j->s[i];

		free(st->name);
		free(st->kind);
		free(st->copy_of);
		free(st->disguise);
		free(st->state);
		free(st->similar_to);
		free(st->similarity);
	}
	free(j->own_experiment);
	j->n = 0;
}

static const struct check {
	const char *title;
	int (*run)(struct judge *j);
} checks[] = {
	{ "identical copies tie", check_identical },
	{ "the ranking against the tiers", check_tiers },
	{ "the ranking against the kernels' own times", check_times },
	{ "disguised copies found, no independent solution flagged",
	  check_copies },
	{ "every verified score has an interval", check_intervals },
	{ "every student ended as intended", check_intents },
};

static int usage(void)
{
	fprintf(stderr, "usage: class_judge [-e EXPERIMENT] [--tie PCT] "
		"TRUTH.tsv RUN_DIR\n"
		"  RUN_DIR holds results.json (culab run) and gradebook.csv "
		"(culab report)\n");
	return 2;
}

int main(int argc, char **argv)
{
	static struct judge j;
	char book[4096], results[4096];
	const char *dir;
	int i = 1, failed = 0;
	size_t k;

	j.tie = 0.01;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (is(argv[i], "-e") && i + 1 < argc) {
			j.experiment = argv[++i];
		} else if (is(argv[i], "--tie") && i + 1 < argc) {
			double t = number(argv[++i]);

			if (isnan(t) || t < 0 || t > 100)
				return usage();
			j.tie = t / 100;
		} else {
			return usage();
		}
	}
	if (argc - i != 2)
		return usage();
	j.truth_path = argv[i];
	dir = argv[i + 1];
	snprintf(book, sizeof(book), "%s/gradebook.csv", dir);
	snprintf(results, sizeof(results), "%s/results.json", dir);
	j.book_path = book;
	j.results_path = results;
	if (read_truth(&j) < 0 || read_book(&j) < 0 || read_results(&j) < 0) {
		judge_release(&j);
		return 2;
	}
	{
		size_t nv = 0, nc = 0, nt = 0;

		for (k = 0; k < j.n; k++) {
			nt += j.s[k].in_truth;
			nv += verified(&j.s[k]);
			nc += j.s[k].in_truth && j.s[k].copy_of[0];
		}
		printf("truth %s: %zu students, %zu verified (%zu of them "
		       "copies), %zu failing; experiment %s\n", j.truth_path, nt,
		       nv, nc, nt - nv, j.experiment ? j.experiment : "(any)");
	}
	for (k = 0; k < ARRAY_SIZE(checks); k++) {
		int bad;

		printf("%zu. %s\n", k + 1, checks[k].title);
		bad = checks[k].run(&j);
		printf("  -> %s\n", bad ? "FAIL" : "ok");
		failed += bad;
	}
	show_tiers(&j);
	show_class(&j);
	printf("class_judge: %zu of %zu checks hold\n",
	       ARRAY_SIZE(checks) - (size_t)failed, ARRAY_SIZE(checks));
	judge_release(&j);
	return failed ? 1 : 0;
}
