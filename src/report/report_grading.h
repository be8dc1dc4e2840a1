/* report_grading.h - a class graded (issue 44, report_grading.c):
 *
 * The model of a class that the class page, its student pages and the
 * teacher's files (report_class.c, report_gradebook.c) all read, so that
 * a score, a rank and a reason are computed once.  docs/class.md ("How
 * the score is computed") is the user's version of these rules.
 *
 * A student is scored by the class's rubric (base/rubric.h; results
 * without one get rubric_default()):
 *   correctness  correctness / rows for each row that verified without
 *                an impossible time (it "earns" its share);
 *   speed        speed x share(R), R the geometric mean over the earned
 *                rows of max(1, t / t_ref), both times item_grade_time's:
 *                t_ref is the fastest verified rung's that loads as
 *                many elements per thread as the class's launch, else
 *                the fastest rung's (report_reference.h), or, `score:
 *                class`, the fastest earning student's, at that type and
 *                size; share() is rubric_speed_share();
 *   objectives   for the family's objectives (grade_objectives[]), each
 *                met, not met or not applicable, judged on the row
 *                described (the largest verified): objectives x met /
 *                (met + not met), all of them when none applies, none
 *                without a verified row.
 * Its 95 % interval comes from the speed part alone: with rounds paired
 * at every earned row, a bootstrap over rounds (grade_bootstrap); else
 * the ends of both medians' intervals; then widened to at least the
 * rungs' spread (grade_spread) on R.  Ranks: grade_ties().
 *
 * Times come from report_grade.h's item_grade_time() alone, for students
 * and rungs alike. */
#ifndef CULAB_REPORT_GRADING_H
#define CULAB_REPORT_GRADING_H

#include <stdbool.h>
#include <stddef.h>

#include "report_int.h"
#include "report_grade.h"
#include "base/rubric.h"
#include "report_speed_share.h"

#define GRADE_MAX_OBJECTIVES 4

struct grade_student;
/* Why student s has their speed points, in language L, appended to b:
 * their R and the share of the points it earns, or that they have no
 * verified row to time. */
void grade_speed_why(struct sbuf *b, enum lang L, const struct class_rubric *r,
		     const struct grade_student *s);

/* The rubric of experiment x: its own, or rubric_default() when the
 * class named none (given false, and results written before rubrics),
 * whatever default the results recorded. */
struct class_rubric grade_rubric_of(const struct experiment_meta *x);

/* The relative spread of times x[0..n): half their interquartile range
 * over their median (type 7 quartiles, stats_summarize); NAN for n < 2
 * or a median that is not positive. */
double grade_spread(const double *x, size_t n);

/* Ranks n students already sorted best score first, each with the 95 %
 * interval [lo[k], hi[k]] of their score and same[k] the index (in that
 * order) of a student whose source is the same once comments and
 * whitespace are set aside, or -1.  Walking down the list, a student
 * joins the current tie group when their interval overlaps that of the
 * group's first student (ends included); otherwise they start a group.
 * Then two students of the same source are tied always: their groups
 * and every group between them become one.  rank[k] is 1 + the number of
 * students before k's group ("1, 2, 2, 4"); tied[k] whether k's group
 * has another student. */
void grade_ties(const double *lo, const double *hi, const long *same,
		size_t n, size_t *rank, bool *tied);

/* Whether a student met one objective. */
enum grade_state { GRADE_MET, GRADE_NOT_MET, GRADE_NA };

/* Why an objective came out as it did, for its evidence. */
enum grade_why {
	GW_COUNTER,     /* the diagnosis judged it from the counter */
	GW_NO_ROW,      /* no verified row to judge */
	GW_NO_USE,      /* the kernel does not do what the counter reads */
	GW_UNJUDGED,    /* the diagnosis could not judge it */
	GW_SAN_FOUND,   /* compute-sanitizer found something */
	GW_SAN_CLEAN,   /* it reran a failed row and found nothing */
	GW_SAN_NONE,    /* no row was rerun under it */
};

/* One objective of a family: a row of grade_objectives[]. */
struct grade_objective_def {
	const char *family;
	const char *key;        /* the diagnosis's rule (report_user_rules.c)
				   whose showing fails it; NULL: compute-
				   sanitizer's findings */
	const char *column;     /* its gradebook column */
	enum msg name;          /* its words */
	int lines;              /* enum line_problem of its line, -1 none */
};

extern const struct grade_objective_def grade_objectives[];
extern const size_t grade_nobjectives;

struct grade_objective {
	const struct grade_objective_def *def;
	enum grade_state state;
	enum grade_why why;
	double u, p, g;         /* the counter: the student's, the problem
				   and the good rung's (NAN unread) */
	const struct item *pi, *gi;
	const struct result_row *san;  /* GW_SAN_*: the row rerun */
	int line;               /* not met: the line that carries it, 0 */
	const char *file;
	double points, max_points;
};

/* One row of a student. */
struct grade_row {
	const struct ladder *l;
	const struct item *it;
	bool earned;            /* verified, without an impossible time */
	struct grade_time g;    /* its time (ms NAN when it failed) */
	const struct item *ref; /* what it is scored against, or NULL
				   (report_reference.h) */
	int ref_loads;          /* ref a rung chosen at the class's launch,
				   this many elements per thread; 0: the
				   fastest rung (or a student) */
	struct grade_time rg;   /* ref's time */
	double ratio;           /* max(1, g.ms / rg.ms); NAN unscored */
	double pct_ceiling;     /* 100 x the ceiling's time over its own;
				   NAN without a ceiling or a time */
};

struct grade_student {
	const char *name, *experiment;
	const struct variant *v;
	struct grade_row *rows;
	size_t n;
	size_t earned, verified;
	bool impossible;        /* a verified row's time is impossible */
	size_t rep;             /* the row described: the largest verified,
				   else the largest */
	int line;               /* the diagnosis's first line there, 0 */
	const char *file;
	double R;               /* geometric mean of the ratios, NAN */
	double share_lo, share_hi; /* the speed share's interval */
	bool paired;            /* the interval from rounds */
	double correctness, speed, objectives; /* points */
	double max_score;       /* the rubric's three parts */
	double score, lo, hi;
	struct grade_objective obj[GRADE_MAX_OBJECTIVES];
	size_t nobj;
	const char *copy_of;    /* an earlier student of the same source
				   (source_same.h), or NULL */
	const char *similar_to; /* the most similar student, or NULL */
	double similarity;      /* percent (100: copy_of), NAN */
	size_t rank;
	bool tied;
};

struct copies;

/* The class's host step at one size (every type of it together), from
 * the earned rows of that size that have one (struct grade_time's
 * host_ms: the timed region less the kernel alone in the same runs).
 * Its time grows with the size (a partial sum per block to copy and
 * add), so a class of several sizes is never given one number for it. */
struct grade_host {
	const struct ladder *l; /* a ladder of that size: its n, m, matrix
				   and GPU */
	double lo_ms, hi_ms;    /* the least and the most of those rows */
	double lo_pct, hi_pct;  /* the same as a share of each row's timed
				   region, in % */
	size_t rows;
};

struct grade_class {
	const char *experiment, *family;
	struct class_rubric rubric;
	bool against_class;     /* score: class */
	enum grade_source source; /* the least exact source of a graded
				   row: GS_REGION before GS_KERNEL before
				   GS_ROUNDS */
	bool host_in_region;    /* GS_REGION, and a student's variant
				   finishes on the host (finish: host) */
	bool ref_one_pass;      /* every scored row's reference was timed
				   at the students' contract: one launch
				   that leaves per-block sums
				   (grade_time_one_pass), not a rung's
				   whole reduction */
	int ref_loads;          /* every scored row's reference was chosen
				   at the class's launch, this many elements
				   per thread (report_reference.h); 0 when
				   one was the fastest rung, or none scored */
	bool rungs_first_pass;  /* a rung's rounds are of its first pass
				   alone (ROUND_FIRST_PASS) */
	struct grade_host *host; /* the class's host step at each size,
				   smallest first; none without one */
	size_t nhost;
	double spread;          /* the rungs' relative spread, NAN */
	bool spread_rounds;     /* over rounds, else within their runs */
	size_t spread_rungs;    /* rows it is the median of */
	const struct ladder **lads; /* the experiment's ladders */
	size_t nl;
	struct grade_student *s; /* best score first, ranked */
	size_t n;
	/* the students' sources compared (report_copies.h), in the order
	 * of their first row: names and texts it borrows */
	struct copies *copies;
	const char **copy_names, **copy_texts;
};

/* Grades experiment e's class into *c (its students as the results
 * hold them; none for an experiment without a class).  c points into
 * m; the caller frees it with grade_class_release(). */
void grade_class_build(const struct model *m, const char *e,
		       struct grade_class *c);
void grade_class_release(struct grade_class *c);

/* The student's row of ladder l, or NULL. */
const struct grade_row *grade_row_of(const struct grade_student *s,
				     const struct ladder *l);

/* What student s lost points on, in a few words appended to b (plain:
 * no Markdown), and its line (0: none) with its file in *file: for a
 * student whose rows failed, what compute-sanitizer found first at a
 * line; else the kind of their first failed row and where ("wrong
 * answer at float, n = 2^20"); else the first problem the diagnosis of
 * the row described finds; else how far from the reference they are ("within 4.2 % of
 * the reference: nothing to find", or "1.45x the reference's time: the
 * diagnosis names no cause"). */
int grade_lost(const struct model *m, const struct grade_class *c,
	       const struct grade_student *s, enum lang L, bool plain,
	       struct sbuf *b, const char **file);

/* Objective k's verdict ("met", ...) and its evidence in a few words,
 * Markdown. */
void grade_objective_words(struct sbuf *b, enum lang L,
			   const struct grade_student *s, size_t k);

/* The student's state as one word (English), from their first failed
 * row: wrong answer, error, never finished (a row that ran past its time
 * limit, apart from CUDA's errors), not run; else impossible time, or
 * verified.  The same word on the class page, the student's page,
 * gradebook.csv's `state` (which scripts read: a class's judge,
 * tests/class_judge.c) and Gradescope's tests. */
const char *grade_state_word(const struct grade_student *s);

/* A state word of grade_state_word()'s in language L ("答案错误"). */
const char *grade_kind_text(enum lang L, const char *word);

/* A student's score as the page prints it: "62.5 (60.1–64.0)", or
 * "62.5" when the interval's ends read the same. */
void grade_score_text(struct sbuf *b, const struct grade_student *s);

/* "3" or "3=" (tied). */
void grade_rank_text(struct sbuf *b, const struct grade_student *s);

/* ---- the class's basics, which the page and the charts share ---------- */

/* The experiments that have students, in results order, every one of
 * them, into a heap array the caller frees (not the names); returns how
 * many. */
size_t class_experiments(const struct model *m, const char ***exps);
/* Whether a student's name can be the folder of their page
 * (students/NAME/) and of their files: a label (letters, digits, "_",
 * ".", "-", ":"), not "." or "..".  A results file written by hand may
 * hold others: they get no page, no link and no file. */
bool student_folder_ok(const char *name);
/* The longest student's name kept whole in a file's name. */
#define STUDENT_STEM_MAX 200
/* The stem of a student's folder and files (students/STEM/,
 * gradescope/STEM.json) of a name student_folder_ok takes: the name
 * itself, or when it is longer than STUDENT_STEM_MAX bytes (a file name
 * holds at most NAME_MAX, 255), its first bytes, "~" and 16 hex digits
 * of its SHA-256, STUDENT_STEM_MAX in all: the same name gives the same
 * stem, and no name is one ("~" is in none).  Caller frees. */
char *student_file_stem(const char *name);
/* The students' names (the submission variants), in results order,
 * into a heap array the caller frees (not the names); returns how many. */
size_t class_students(const struct model *m, const char ***out);

#endif
