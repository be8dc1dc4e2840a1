/* report_gradebook.c - what the teacher takes away from a class (issue
 * 44, item 5): gradebook.csv (a line per student and experiment, every
 * number of their grade), canvas.csv (a line per student, a column per
 * experiment, for a Canvas or Moodle gradebook's import) and each
 * student's grade in Gradescope's results.json shape.  English, as a
 * spreadsheet's columns are; every number comes from the class graded
 * (report_grading.h), every text cell goes through results_csv_field()'s
 * guard.  docs/class.md lists the columns and keys.  See report_int.h. */
#include "report_grading.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "results/results.h"
#include "base/util.h"

/* The student's id and name in the course's roster (or an LMS export's
 * name: experiment_class.c), NULL when the class had neither. */
static const char *roster_id(const struct variant *v)
{
	return v ? v->student_id : NULL;
}

static const char *roster_name(const struct variant *v)
{
	return v ? v->student_name : NULL;
}

/* Every experiment with a class, graded. */
struct book {
	struct grade_class *c;
	size_t n;
};

static void book_build(const struct model *m, struct book *k)
{
	const char **exps;

	k->n = class_experiments(m, &exps);
	k->c = xcalloc(k->n ? k->n : 1, sizeof(*k->c));
	for (size_t e = 0; e < k->n; e++)
		grade_class_build(m, exps[e], &k->c[e]);
	free(exps);
}

static void book_release(struct book *k)
{
	for (size_t e = 0; e < k->n; e++)
		grade_class_release(&k->c[e]);
	free(k->c);
}

static void csv_text(struct sbuf *b, const char *s)
{
	sbuf_addc(b, ',');
	results_csv_field(b, s ? s : "");
}

/* A number with `decimals` decimals (-1: six significant digits),
 * empty when not finite. */
static void csv_number(struct sbuf *b, int decimals, double v)
{
	sbuf_addc(b, ',');
	if (isfinite(v) && decimals < 0)
		sbuf_addf(b, "%.6g", v);
	else if (isfinite(v))
		sbuf_addf(b, "%.*f", decimals, v);
}

/* "float_2^24", "float_4096x4096": a row's columns' stem. */
static char *row_stem(const struct ladder *l)
{
	uint64_t n = l->n;

	if (l->matrix)
		return xasprintf("%s_%llux%llu", l->dtype,
				 (unsigned long long)l->n,
				 (unsigned long long)l->m);
	if (n && !(n & (n - 1))) {
		int k = 0;

		while (n >>= 1)
			k++;
		return xasprintf("%s_2^%d", l->dtype, k);
	}
	return xasprintf("%s_%llu", l->dtype, (unsigned long long)l->n);
}

/* The gradebook's columns that depend on the classes: the objectives
 * of their families and a stem per type and size, each once. */
struct columns {
	const char *obj[16];
	size_t nobj;
	char **stem;
	size_t nstem;
};

static void columns_of(const struct book *k, struct columns *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t e = 0; e < k->n; e++) {
		const struct grade_class *g = &k->c[e];

		for (size_t d = 0; d < grade_nobjectives; d++) {
			size_t j;

			if (!str_eq(grade_objectives[d].family, g->family))
				continue;
			for (j = 0; j < c->nobj &&
				    strcmp(c->obj[j], grade_objectives[d].column);
			     j++)
				;
			if (j == c->nobj && c->nobj < ARRAY_SIZE(c->obj))
				c->obj[c->nobj++] = grade_objectives[d].column;
		}
		for (size_t i = 0; i < g->nl; i++) {
			char *stem = row_stem(g->lads[i]);
			size_t j;

			for (j = 0; j < c->nstem && strcmp(c->stem[j], stem); j++)
				;
			if (j < c->nstem) {
				free(stem);
				continue;
			}
			c->stem = xrealloc(c->stem, (c->nstem + 1) *
					   sizeof(*c->stem));
			c->stem[c->nstem++] = stem;
		}
	}
}

static void columns_release(struct columns *c)
{
	for (size_t j = 0; j < c->nstem; j++)
		free(c->stem[j]);
	free(c->stem);
}

static void gradebook_line(struct sbuf *b, const struct model *m,
			   const struct grade_class *g,
			   const struct grade_student *s,
			   const struct columns *cols)
{
	static const char *const flag[] = { [GRADE_MET] = "met",
		[GRADE_NOT_MET] = "not met", [GRADE_NA] = "n.a." };
	struct sbuf what = SBUF_INIT;
	const char *file;
	int line;

	results_csv_field(b, s->name);
	csv_text(b, roster_id(s->v));
	csv_text(b, roster_name(s->v));
	csv_text(b, g->experiment);
	csv_text(b, grade_state_word(s));
	sbuf_addf(b, ",%zu,%zu", s->n, s->verified);
	csv_number(b, 1, s->score);
	csv_number(b, 1, s->lo);
	csv_number(b, 1, s->hi);
	sbuf_addf(b, ",%zu,%s", s->rank, s->tied ? "yes" : "no");
	csv_number(b, 2, s->correctness);
	csv_number(b, 2, s->speed);
	csv_number(b, 2, s->objectives);
	for (size_t j = 0; j < cols->nobj; j++) {
		const char *v = "";

		for (size_t k = 0; k < s->nobj; k++)
			if (!strcmp(s->obj[k].def->column, cols->obj[j]))
				v = flag[s->obj[k].state];
		csv_text(b, v);
	}
	for (size_t j = 0; j < cols->nstem; j++) {
		const struct grade_row *r = NULL;

		for (size_t i = 0; i < s->n && !r; i++) {
			char *stem = row_stem(s->rows[i].l);

			if (!strcmp(stem, cols->stem[j]))
				r = &s->rows[i];
			free(stem);
		}
		csv_number(b, -1, r ? r->g.ms : NAN);
		csv_number(b, -1, r ? r->g.lo_ms : NAN);
		csv_number(b, -1, r ? r->g.hi_ms : NAN);
		csv_number(b, 1, r ? r->pct_ceiling : NAN);
	}
	line = grade_lost(m, g, s, EN, true, &what, &file);
	csv_text(b, sbuf_str(&what));
	sbuf_addc(b, ',');
	if (line > 0)
		sbuf_addf(b, "%d", line);
	csv_text(b, line > 0 ? file : NULL);
	csv_text(b, s->copy_of);
	csv_text(b, s->similar_to);
	csv_number(b, 0, s->similarity);
	sbuf_addc(b, '\n');
	sbuf_release(&what);
}

char *class_gradebook(const struct model *m)
{
	struct book k;
	struct columns cols;
	struct sbuf b = SBUF_INIT;

	book_build(m, &k);
	columns_of(&k, &cols);
	sbuf_add(&b, "student,student_id,name,experiment,state,rows,verified,"
		 "score,score_lo,score_hi,rank,tied,correctness,speed,"
		 "objectives");
	for (size_t j = 0; j < cols.nobj; j++)
		csv_text(&b, cols.obj[j]);
	for (size_t j = 0; j < cols.nstem; j++) {
		static const char *const end[] = { "_ms", "_lo", "_hi",
						   "_pct_ceiling" };

		for (size_t e = 0; e < ARRAY_SIZE(end); e++) {
			char *name = xasprintf("%s%s", cols.stem[j], end[e]);

			csv_text(&b, name);
			free(name);
		}
	}
	sbuf_add(&b, ",problem,line,file,copy_of,similar_to,similarity\n");
	for (size_t e = 0; e < k.n; e++)
		for (size_t s = 0; s < k.c[e].n; s++)
			gradebook_line(&b, m, &k.c[e], &k.c[e].s[s], &cols);
	columns_release(&cols);
	book_release(&k);
	return sbuf_detach(&b);
}

char *class_canvas_csv(const struct model *m)
{
	struct book k;
	const char **names;
	size_t n = class_students(m, &names);
	struct sbuf b = SBUF_INIT;

	book_build(m, &k);
	sbuf_add(&b, "Student,ID,SIS User ID,SIS Login ID,Section");
	for (size_t e = 0; e < k.n; e++)
		csv_text(&b, k.c[e].experiment);
	sbuf_addc(&b, '\n');
	for (size_t i = 0; i < n; i++) {
		const struct variant *v = model_variant(m, names[i]);
		const char *who = roster_name(v);

		results_csv_field(&b, who ? who : names[i]);
		csv_text(&b, NULL);                /* Canvas's own ID */
		csv_text(&b, roster_id(v));
		csv_text(&b, NULL);                /* SIS Login ID */
		csv_text(&b, NULL);                /* Section */
		for (size_t e = 0; e < k.n; e++) {
			const struct grade_student *s = NULL;

			for (size_t j = 0; j < k.c[e].n && !s; j++)
				if (str_eq(k.c[e].s[j].name, names[i]))
					s = &k.c[e].s[j];
			csv_number(&b, 2, s ? s->score : NAN);
		}
		sbuf_addc(&b, '\n');
	}
	free(names);
	book_release(&k);
	return sbuf_detach(&b);
}

/* ---- Gradescope ------------------------------------------------------------ */

/* Heap strings that live as long as one document. */
struct texts {
	char **s;
	size_t n;
};

static const char *keep(struct texts *t, char *s)
{
	t->s = xrealloc(t->s, (t->n + 1) * sizeof(*t->s));
	return t->s[t->n++] = s;
}

static void add_test(struct gradescope_test **tests, size_t *n,
		     struct gradescope_test t)
{
	*tests = xrealloc(*tests, (*n + 1) * sizeof(**tests));
	(*tests)[(*n)++] = t;
}

/* "reduce-class: " before a test's name when the student is in more than
 * one experiment with a class. */
static char *test_name(bool prefix, const char *experiment, const char *name)
{
	return prefix ? xasprintf("%s: %s", experiment, name) : xstrdup(name);
}

/* Student s of class g as tests: a row's correctness each, the speed,
 * each objective; and the summary into out. */
static void student_tests(const struct model *m, const struct grade_class *g,
			  const struct grade_student *s, bool prefix,
			  struct gradescope_test **tests, size_t *n,
			  struct texts *t, struct sbuf *out)
{
	const struct class_rubric *r = &g->rubric;
	struct sbuf x = SBUF_INIT, rank = SBUF_INIT;
	char score[32], of[32], lo[32], hi[32], cnt[24];
	const char *file;
	int line;

	snprintf(score, sizeof(score), "%.1f", s->score);
	snprintf(of, sizeof(of), "%g", s->max_score);
	snprintf(lo, sizeof(lo), "%.1f", s->lo);
	snprintf(hi, sizeof(hi), "%.1f", s->hi);
	snprintf(cnt, sizeof(cnt), "%zu", g->n);
	grade_rank_text(&rank, s);
	if (out->len)
		sbuf_add(out, "\n\n");
	if (strcmp(lo, score) || strcmp(hi, score))
		SAY(out, EN, M_G_PAGE_SCORE, score, of, lo, hi,
		    sbuf_str(&rank), cnt, g->experiment, "");
	else
		SAY(out, EN, M_G_PAGE_SCORE_EXACT, score, of, sbuf_str(&rank),
		    cnt, g->experiment, "");
	line = grade_lost(m, g, s, EN, false, &x, &file);
	if (x.len) {
		char at[32] = "";

		if (line > 0)
			snprintf(at, sizeof(at), "; line %d", line);
		sbuf_addc(out, ' ');
		SAY(out, EN, M_G_PAGE_LOST, sbuf_str(&x), at);
	}
	for (size_t i = 0; i < s->n; i++) {
		const struct grade_row *w = &s->rows[i];
		char *size = size_text(w->l->n, w->l->m, w->l->matrix);
		char *name = xasprintf("correctness: %s, %s", w->l->dtype, size);
		struct sbuf o = SBUF_INIT;

		if (w->earned)
			sbuf_add(&o, "verified");
		else if (w->it->ok)
			sbuf_add(&o, say_text(EN, M_K_IMPOSSIBLE));
		else
			status_text(&o, EN, w->it);
		add_test(tests, n, (struct gradescope_test){
			.name = keep(t, test_name(prefix, g->experiment, name)),
			.score = w->earned ? r->correctness / (double)s->n : 0,
			.max_score = r->correctness / (double)s->n,
			.passed = w->earned,
			.output = keep(t, sbuf_detach(&o)) });
		free(name);
		free(size);
	}
	sbuf_reset(&x);
	grade_speed_why(&x, EN, r, s);
	add_test(tests, n, (struct gradescope_test){
		.name = keep(t, test_name(prefix, g->experiment, "speed")),
		.score = s->speed, .max_score = r->speed,
		/* partial credit is a test passed in part: Gradescope shows
		 * a "failed" test in red, which the best student's speed
		 * never is */
		.passed = s->speed > 0,
		.output = keep(t, sbuf_detach(&x)) });
	/* the objectives' points when none applies: one test, so that the
	 * tests add up to the score */
	if (s->verified && s->objectives > 0) {
		double judged = 0;

		for (size_t k = 0; k < s->nobj; k++)
			judged += s->obj[k].max_points;
		if (judged == 0)
			add_test(tests, n, (struct gradescope_test){
				.name = keep(t, test_name(prefix, g->experiment,
							  "objectives")),
				.score = s->objectives, .max_score = s->objectives,
				.passed = true,
				.output = keep(t, xstrdup(say_text(EN,
						M_G_WHY_OBJ_NONE))) });
	}
	for (size_t k = 0; k < s->nobj; k++) {
		const struct grade_objective *o = &s->obj[k];

		sbuf_reset(&x);
		/* a failed kernel's objectives earn nothing, met or not:
		 * the test says so, not "passed" for 0 points */
		if (!s->verified && o->max_points > 0)
			sbuf_add(&x, say_text(EN, M_G_OBJ_UNVERIFIED));
		grade_objective_words(&x, EN, s, k);
		add_test(tests, n, (struct gradescope_test){
			.name = keep(t, test_name(prefix, g->experiment,
					say_text(EN, o->def->name))),
			.score = o->points, .max_score = o->max_points,
			.passed = o->state != GRADE_NOT_MET &&
				  (s->verified || o->max_points == 0),
			.output = keep(t, sbuf_detach(&x)) });
	}
	sbuf_release(&x);
	sbuf_release(&rank);
}

char *class_gradescope(const struct model *m, const char *name)
{
	struct book k;
	struct gradescope_test *tests = NULL;
	struct texts t = { 0 };
	struct sbuf out = SBUF_INIT;
	size_t n = 0, in = 0;
	double score = 0;
	char *text;

	book_build(m, &k);
	for (size_t e = 0; e < k.n; e++)
		for (size_t j = 0; j < k.c[e].n; j++)
			in += str_eq(k.c[e].s[j].name, name);
	for (size_t e = 0; e < k.n; e++)
		for (size_t j = 0; j < k.c[e].n; j++)
			if (str_eq(k.c[e].s[j].name, name)) {
				student_tests(m, &k.c[e], &k.c[e].s[j], in > 1,
					      &tests, &n, &t, &out);
				score += k.c[e].s[j].score;
			}
	text = json_gradescope_encode(&(struct gradescope_result){
		.score = score, .output = out.len ? sbuf_str(&out) : NULL,
		.tests = tests, .ntests = n });
	for (size_t i = 0; i < t.n; i++)
		free(t.s[i]);
	free(t.s);
	free(tests);
	sbuf_release(&out);
	book_release(&k);
	return text;
}
