/* report_grading.c - a class graded (issue 44): the model of each student
 * that the class page, the student pages and the teacher's files read:
 * their rows with the time each is graded by (item_grade_time), the
 * rubric's three parts, the score with its 95 % interval, the rank with
 * ties, the objectives with their evidence and what they lost points on.
 * See report_grading.h, whose comment states the rules; docs/class.md
 * states them for the teacher.
 *
 * Built so that every number on the page and in the files comes from one
 * grade_class, computed once per experiment: the pure parts (the speed
 * share, the bootstrap over rounds, the spread, the ties) take arrays,
 * so tests reach them without results; grade_class_build() feeds them
 * from the model.  Thresholds are the diagnosis's own: an objective is
 * "not met" exactly when the rule of report_user_rules.c that names the
 * problem shows (SEPARATE, CONFLICT_FLOOR and the rules' factors), and
 * its line is the one report_lines.c's rules pick. */
#include "report_grading.h"
#include "report_reference.h"
#include "report_copies.h"
#include "report_user_rules.h"
#include "report_code.h"
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "ladder/ladder.h"
#include "base/stats.h"
#include "base/util.h"

/* ---- the class's basics ------------------------------------------------ */

bool report_has_class(const struct results *r)
{
	for (size_t i = 0; i < r->nvariants; i++)
		if (r->variants[i]->submission)
			return true;
	return false;
}

bool model_has_class(const struct model *m)
{
	return report_has_class(m->r);
}

bool student_folder_ok(const char *name)
{
	if (!*name || !strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	for (const char *c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '_' || *c == '.' ||
		      *c == '-' || *c == ':'))
			return false;
	return true;
}

char *student_file_stem(const char *name)
{
	size_t n = strlen(name);
	char sha[65];

	if (n <= STUDENT_STEM_MAX)
		return xstrdup(name);
	if (sha256_hex(name, n, sha) < 0)
		memset(sha, '0', sizeof(sha) - 1);
	return xasprintf("%.*s~%.16s", STUDENT_STEM_MAX - 17, name, sha);
}

size_t class_experiments(const struct model *m, const char ***exps)
{
	const char **out = xcalloc(m->nladders ? m->nladders : 1,
				   sizeof(*out));
	size_t n = 0;

	for (size_t i = 0; i < m->nladders; i++) {
		const struct ladder *l = &m->ladders[i];
		bool has = false, seen = false;

		for (size_t j = 0; j < l->nitems && !has; j++)
			has = item_submission(m, l->items[j]);
		for (size_t k = 0; k < n && !seen; k++)
			seen = str_eq(out[k], l->experiment);
		if (has && !seen)
			out[n++] = l->experiment;
	}
	*exps = out;
	return n;
}

size_t class_students(const struct model *m, const char ***out)
{
	const char **names = NULL;
	size_t n = 0;

	for (size_t i = 0; i < m->r->nvariants; i++) {
		const struct variant *v = m->r->variants[i];
		bool rows = false;

		for (size_t k = 0; k < m->nitems && !rows; k++)
			rows = str_eq(m->items[k].row->variant, v->name);
		if (!v->submission || !rows)
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = v->name;
	}
	*out = names;
	return n;
}

/* ---- the pure parts ------------------------------------------------------ */

/* R as a speedup, with two more decimals where its three digits read as
 * a band's edge it is not on ("1.5004×", not "1.50×" for a student just
 * past the 1.5 band): on the steps of `scale: bands` the number a student
 * reads must say which side of the cut they are.  The continuous scale
 * has no cut: three digits.  Returns buf. */
static const char *ratio_at_cut(char *buf, size_t size,
				const struct class_rubric *r, double R)
{
	fmt_times(buf, size, R);
	for (size_t k = 0; r && r->scale == RUBRIC_BANDS && k < r->nbands; k++)
		if (R != r->bands[k] && !strcmp(buf, TIMES(r->bands[k])))
			return fmt_ratio(buf, size, R, 2, "×");
	return buf;
}

void grade_speed_why(struct sbuf *b, enum lang L, const struct class_rubric *r,
		     const struct grade_student *s)
{
	if (isnan(s->R))
		sbuf_add(b, say_text(L, M_G_WHY_SPEED_NONE));
	else
		SAY(b, L, M_G_WHY_SPEED,
		    ratio_at_cut((char[FMT_SIZE]){ 0 }, FMT_SIZE, r, s->R),
		    PCT(100 * rubric_speed_share(r, s->R)));
}

struct class_rubric grade_rubric_of(const struct experiment_meta *x)
{
	/* a class that named no rubric is graded by this culab's default,
	 * whatever default its results recorded when they ran */
	if (!x || !x->rubric.set)
		return rubric_default();
	return x->rubric;
}

double grade_spread(const double *x, size_t n)
{
	struct sample_stats st;

	if (n < 2)
		return NAN;
	stats_summarize(x, n, &st);
	return st.median > 0 ? (st.q3 - st.q1) / (2 * st.median) : NAN;
}

void grade_ties(const double *lo, const double *hi, const long *same,
		size_t n, size_t *rank, bool *tied)
{
	size_t *gid = xcalloc(n ? n : 1, sizeof(*gid));
	size_t lead = 0;

	for (size_t k = 0; k < n; k++) {
		if (k && !(lo[k] <= hi[lead] && hi[k] >= lo[lead]))
			lead = k;
		gid[k] = lead;   /* a group is named by its first member */
	}
	/* the same source twice: one group from the first's to the last's */
	for (size_t k = 0; k < n; k++) {
		size_t j, a, b;

		if (same[k] < 0 || (size_t)same[k] >= n)
			continue;
		j = (size_t)same[k];
		a = gid[j] < gid[k] ? gid[j] : gid[k];
		b = gid[j] < gid[k] ? gid[k] : gid[j];
		for (size_t i = 0; i < n; i++)
			if (gid[i] >= a && gid[i] <= b)
				gid[i] = a;
	}
	for (size_t k = 0; k < n; k++) {
		rank[k] = gid[k] + 1;
		tied[k] = (k > 0 && gid[k - 1] == gid[k]) ||
			  (k + 1 < n && gid[k + 1] == gid[k]);
	}
	free(gid);
}

/* ---- the objectives ------------------------------------------------------ */

const struct grade_objective_def grade_objectives[] = {
	{ "reduce", "bank", "no_bank_conflicts", M_G_OBJ_BANK, LINE_BANK },
	{ "reduce", "coalescing", "loads_coalesced", M_G_OBJ_LOADS,
	  LINE_UNCOALESCED },
	{ "reduce", "divergence", "no_divergence", M_G_OBJ_DIV,
	  LINE_DIVERGENCE },
	{ "reduce", NULL, "no_sanitizer_finding", M_G_OBJ_SAN, -1 },
	{ "transpose", "coalescing", "stores_coalesced", M_G_OBJ_STORES,
	  LINE_UNCOALESCED },
	{ "transpose", "bank", "no_bank_conflicts", M_G_OBJ_BANK, LINE_BANK },
	{ "transpose", NULL, "no_sanitizer_finding", M_G_OBJ_SAN, -1 },
};
const size_t grade_nobjectives = ARRAY_SIZE(grade_objectives);

/* Whether compute-sanitizer found something at any row of s (*row: the
 * first such row), or, failing that, reran one and found nothing. */
static enum grade_why sanitizer_verdict(const struct grade_student *s,
					const struct result_row **row)
{
	const struct result_row *clean = NULL;

	*row = NULL;
	for (size_t i = 0; i < s->n; i++) {
		const struct sanitizer_record *rec = s->rows[i].it->row->sanitize;
		bool found = false, ran = false;

		if (!rec || !rec->state || strcmp(rec->state, "ran"))
			continue;
		for (size_t t = 0; t < rec->ntools; t++) {
			found |= rec->tools[t].outcome == SAN_FOUND;
			ran |= rec->tools[t].outcome == SAN_CLEAN ||
			       rec->tools[t].outcome == SAN_FOUND;
		}
		if (found) {
			*row = s->rows[i].it->row;
			return GW_SAN_FOUND;
		}
		if (ran && !clean)
			clean = s->rows[i].it->row;
	}
	*row = clean;
	return clean ? GW_SAN_CLEAN : GW_SAN_NONE;
}

/* Why compute-sanitizer reran none of s's rows, from the message of the
 * first failed row: the failures culab does not rerun (jobs/sanitizer_reruns.c's
 * sanitize_wants: a kernel left running, an answer wrong only with
 * another input) each by its words; else no row failed, or some did and
 * these results keep no rerun of them. */
static enum msg sanitizer_none_why(const struct grade_student *s)
{
	static const struct {
		const char *prefix;
		enum msg why;
	} not_rerun[] = {
		{ "did not finish within", M_G_EV_SAN_HUNG },
		{ "with another input", M_G_EV_SAN_INPUT },
	};

	for (size_t i = 0; i < s->n; i++) {
		const struct result_row *w = s->rows[i].it->row;

		if (s->rows[i].it->ok)
			continue;
		for (size_t k = 0; k < ARRAY_SIZE(not_rerun); k++)
			if (w->message && !strncmp(w->message,
						   not_rerun[k].prefix,
						   strlen(not_rerun[k].prefix)))
				return not_rerun[k].why;
		return M_G_EV_SAN_NOT_RERUN;
	}
	return M_G_EV_SAN_NONE;
}

/* Objective d judged for student s on the row described. */
static void objective_judge(const struct model *m,
			    const struct grade_student *s,
			    const struct grade_objective_def *d,
			    struct grade_objective *o)
{
	const struct grade_row *r = &s->rows[s->rep];
	const struct rule *rule;
	struct rule_evidence ev;
	int shows;

	memset(o, 0, sizeof(*o));
	o->def = d;
	o->u = o->p = o->g = NAN;
	o->state = GRADE_NA;
	if (!d->key) {
		o->why = sanitizer_verdict(s, &o->san);
		o->state = o->why == GW_SAN_FOUND ? GRADE_NOT_MET :
			   o->why == GW_SAN_CLEAN ? GRADE_MET : GRADE_NA;
		return;
	}
	if (!s->verified) {
		o->why = GW_NO_ROW;
		return;
	}
	rule = user_rule_find(d->family, d->key);
	shows = rule ? user_rule_judged(m, r->l, r->it, rule, &ev) : -1;
	if (rule) {
		o->u = ev.u;
		o->p = ev.p;
		o->g = ev.g;
		o->pi = ev.pi;
		o->gi = ev.gi;
	}
	if (shows == 0 && !isfinite(ev.u) && ev.gi) {
		o->why = GW_NO_USE;     /* the counter does not apply to it */
		return;
	}
	if (shows < 0) {
		o->why = GW_UNJUDGED;
		return;
	}
	o->why = GW_COUNTER;
	o->state = shows ? GRADE_NOT_MET : GRADE_MET;
	/* the line: the diagnosis's own when this is the first problem it
	 * names (what the student lost points on), else the line that
	 * carries this problem the most */
	if (shows && s->line > 0 &&
	    str_eq(user_problem(m, r->l, r->it, EN), rule->what[EN])) {
		o->line = s->line;
		o->file = s->file;
	} else if (shows && d->lines >= 0) {
		o->line = lines_carrying(r->it, (enum line_problem)d->lines,
					 &o->file);
	}
}

/* The objectives part: objectives x met / (met + not met), all of it
 * when none applies, none without a verified row; each objective's
 * points and the most it could earn. */
static void objectives_points(struct grade_student *s, double points)
{
	size_t met = 0, judged = 0;

	for (size_t k = 0; k < s->nobj; k++) {
		met += s->obj[k].state == GRADE_MET;
		judged += s->obj[k].state != GRADE_NA;
	}
	for (size_t k = 0; k < s->nobj; k++) {
		struct grade_objective *o = &s->obj[k];

		o->max_points = o->state == GRADE_NA ? 0 :
				points / (double)judged;
		o->points = s->verified && o->state == GRADE_MET ?
			    o->max_points : 0;
	}
	s->objectives = !s->verified ? 0 :
			judged ? points * (double)met / (double)judged : points;
}

/* ---- one class ------------------------------------------------------------ */

/* The function a kernel's `source` names ("file:function"), or "". */
static const char *function_of(const struct variant *v)
{
	const char *c = v && v->source ? strrchr(v->source, ':') : NULL;

	return c ? c + 1 : "";
}

/* Compares every student's recorded source with every earlier one of
 * another file (report_copies.h; two kernels of one file are not copies
 * of each other): a student flagged there names the most similar earlier
 * student in similar_to, with the similarity in percent; one whose
 * source is the same once comments and whitespace are set aside, for
 * the same function (what culab check and culab run warn of), is also
 * that student's copy_of, at 100. */
static void copies(struct grade_class *c)
{
	struct grade_student *s = c->s;
	size_t n = c->n;

	c->copy_names = xcalloc(n ? n : 1, sizeof(*c->copy_names));
	c->copy_texts = xcalloc(n ? n : 1, sizeof(*c->copy_texts));
	for (size_t k = 0; k < n; k++) {
		const struct variant *v = s[k].v;

		c->copy_names[k] = s[k].name;
		c->copy_texts[k] = v ? v->source_text : NULL;
		/* another kernel of an earlier student's file is no copy */
		for (size_t j = 0; j < k && c->copy_texts[k]; j++)
			if (s[j].v && v->source_file &&
			    str_eq(s[j].v->source_file, v->source_file))
				c->copy_texts[k] = NULL;
	}
	c->copies = copies_find(c->copy_names, c->copy_texts, n, NULL);
	for (size_t k = 0; k < n; k++) {
		size_t of;
		double score;
		bool same;

		s[k].similarity = NAN;
		if (!copies_flagged(c->copies, k, &same) ||
		    !copies_nearest(c->copies, k, &of, &score))
			continue;
		/* the same source once comments and whitespace are set
		 * aside, and the same function: a copy, always tied */
		if (same && str_eq(function_of(s[of].v), function_of(s[k].v)))
			s[k].copy_of = s[of].name;
		s[k].similar_to = s[of].name;
		s[k].similarity = same ? 100 : 100 * score;
	}
}

/* The row of a student's to describe: the largest verified, else the
 * largest. */
static size_t described(const struct grade_student *s)
{
	size_t rep = 0;

	for (size_t i = 1; i < s->n; i++) {
		const struct item *a = s->rows[i].it, *b = s->rows[rep].it;
		double sa = (double)a->row->n * a->row->m;
		double sb = (double)b->row->n * b->row->m;

		if ((a->ok && !b->ok) || (a->ok == b->ok && sa > sb))
			rep = i;
	}
	return rep;
}

static void row_grade(const struct model *m, const struct grade_class *c,
		      struct grade_row *r)
{
	const struct item *ceil = r->l->ceiling;
	struct grade_time cg;

	r->earned = r->it->ok && !user_impossible(m, r->it->row);
	if (!r->it->ok || !item_grade_time(r->it, &r->g)) {
		memset(&r->g, 0, sizeof(r->g));
		r->g.ms = r->g.lo_ms = r->g.hi_ms = NAN;
		r->g.host_ms = r->g.region_ms = NAN;
	}
	r->ratio = r->pct_ceiling = NAN;
	r->ref = grade_reference(m, r->l, c->against_class, &r->ref_loads);
	if (r->ref)
		item_grade_time(r->ref, &r->rg);
	if (r->earned && r->ref && r->g.ms > 0 && r->rg.ms > 0)
		r->ratio = fmax(1, r->g.ms / r->rg.ms);
	if (r->it->ok && ceil && item_grade_time(ceil, &cg) && r->g.ms > 0)
		r->pct_ceiling = 100 * cg.ms / r->g.ms;
}

/* The speed share's interval of s without paired rounds: each row's
 * ratio at the ends of both medians' intervals (its point where an
 * interval is missing). */
static void share_from_intervals(const struct grade_student *s,
				 const struct class_rubric *rb)
{
	struct grade_student *w = (struct grade_student *)s;
	double best = 0, worst = 0;
	size_t k = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct grade_row *r = &s->rows[i];
		double a, b;

		if (isnan(r->ratio))
			continue;
		a = r->g.lo_ms / r->rg.hi_ms;
		b = r->g.hi_ms / r->rg.lo_ms;
		best += log(isfinite(a) && a > 0 ? fmax(1, a) : r->ratio);
		worst += log(isfinite(b) && b > 0 ? fmax(1, b) : r->ratio);
		k++;
	}
	w->share_hi = rubric_speed_share(rb, k ? exp(best / (double)k) : NAN);
	w->share_lo = rubric_speed_share(rb, k ? exp(worst / (double)k) : NAN);
}

/* The speed share's interval of s from its rounds, when every scored row
 * is paired with its reference's; returns whether it was. */
static bool share_from_rounds(struct grade_student *s,
			      const struct class_rubric *rb)
{
	const double **st = xcalloc(s->n, sizeof(*st));
	const double **rt = xcalloc(s->n, sizeof(*rt));
	size_t *nr = xcalloc(s->n, sizeof(*nr)), k = 0;
	bool paired = true;

	for (size_t i = 0; i < s->n && paired; i++) {
		const struct grade_row *r = &s->rows[i];

		if (isnan(r->ratio))
			continue;
		paired = grade_rounds_paired(&r->g, &r->rg);
		st[k] = r->g.round_ms;
		rt[k] = r->rg.round_ms;
		nr[k++] = r->g.nrounds;
	}
	paired = paired && k &&
		 grade_bootstrap(st, rt, nr, k, rb, &s->share_lo,
				 &s->share_hi) == 0;
	free(st);
	free(rt);
	free(nr);
	return paired;
}

static void student_grade(const struct model *m, struct grade_class *c,
			  struct grade_student *s)
{
	const struct class_rubric *rb = &c->rubric;
	double logs = 0, share;
	size_t k = 0;

	for (size_t i = 0; i < s->n; i++) {
		struct grade_row *r = &s->rows[i];

		row_grade(m, c, r);
		s->earned += r->earned;
		s->verified += r->it->ok;
		s->impossible |= r->it->ok && !r->earned;
		if (!isnan(r->ratio)) {
			logs += log(r->ratio);
			k++;
		}
	}
	s->rep = described(s);
	if (s->rows[s->rep].it->ok)
		s->line = lines_first(m, s->rows[s->rep].it,
				      user_shows(m, s->rows[s->rep].l,
						 s->rows[s->rep].it,
						 "inflight"),
				      &s->file);
	s->R = k ? exp(logs / (double)k) : NAN;
	share = rubric_speed_share(rb, s->R);
	s->correctness = s->n ? rb->correctness * (double)s->earned /
				(double)s->n : 0;
	s->speed = rb->speed * share;
	s->share_lo = s->share_hi = share;
	s->paired = k && share_from_rounds(s, rb);
	if (k && !s->paired)
		share_from_intervals(s, rb);
	if (k && isfinite(c->spread)) {
		s->share_lo = fmin(s->share_lo,
				   rubric_speed_share(rb, s->R * (1 + c->spread)));
		s->share_hi = fmax(s->share_hi,
				   rubric_speed_share(rb, s->R / (1 + c->spread)));
	}
	/* the ends hold the point, whatever the resamples said */
	s->share_lo = fmin(s->share_lo, share);
	s->share_hi = fmax(s->share_hi, share);
	for (size_t d = 0; d < grade_nobjectives && s->nobj < GRADE_MAX_OBJECTIVES;
	     d++)
		if (str_eq(grade_objectives[d].family, c->family))
			objective_judge(m, s, &grade_objectives[d],
					&s->obj[s->nobj++]);
	objectives_points(s, rb->objectives);
	s->max_score = rb->correctness + rb->speed + rb->objectives;
	s->score = s->correctness + s->speed + s->objectives;
	s->lo = s->correctness + s->objectives + rb->speed * s->share_lo;
	s->hi = s->correctness + s->objectives + rb->speed * s->share_hi;
}

/* The rungs' relative spread: over their per-round medians when they
 * were timed in rounds, else over the samples of their runs. */
static void class_spread(const struct model *m, struct grade_class *c)
{
	double *x = NULL;
	size_t n = 0, rounds = 0;

	(void)m;
	for (size_t i = 0; i < c->nl; i++)
		for (size_t j = 0; j < c->lads[i]->nitems; j++) {
			const struct item *it = c->lads[i]->items[j];
			const struct timing *t;
			struct grade_time g;
			double v;

			if (it->role != ROLE_RUNG || !it->ok ||
			    !item_grade_time(it, &g))
				continue;
			t = g.source == GS_KERNEL ? &it->row->tk : &it->row->t;
			v = g.source == GS_ROUNDS ?
			    grade_spread(g.round_ms, g.nrounds) :
			    grade_spread(t->samples_ms, t->nsamples);
			if (isnan(v))
				continue;
			rounds += g.source == GS_ROUNDS;
			x = xrealloc(x, (n + 1) * sizeof(*x));
			x[n++] = v;
		}
	c->spread = n ? stats_median(x, n) : NAN;
	c->spread_rounds = n && rounds == n;
	c->spread_rungs = n;
	free(x);
}

/* Whether the references were timed at the students' contract: every
 * scored row's (none scored: not), and whether any rung's rounds are of
 * its first pass. */
static void class_contract(struct grade_class *c)
{
	size_t scored = 0, one = 0;
	int loads = -1;

	for (size_t k = 0; k < c->n; k++)
		for (size_t i = 0; i < c->s[k].n; i++) {
			const struct grade_row *r = &c->s[k].rows[i];

			if (isnan(r->ratio))
				continue;
			scored++;
			one += grade_time_one_pass(&r->rg);
			loads = loads < 0 || loads == r->ref_loads ?
				r->ref_loads : 0;
		}
	c->ref_one_pass = scored && one == scored;
	c->ref_loads = loads > 0 ? loads : 0;
	for (size_t i = 0; i < c->nl; i++)
		for (size_t j = 0; j < c->lads[i]->nitems; j++) {
			const struct item *it = c->lads[i]->items[j];
			struct grade_time g;

			if (it->role == ROLE_RUNG && it->ok &&
			    item_grade_time(it, &g) && g.source == GS_ROUNDS &&
			    g.of == ROUND_FIRST_PASS)
				c->rungs_first_pass = true;
		}
}

/* Whether ladders a and b are of one size (and GPU). */
static bool same_size(const struct ladder *a, const struct ladder *b)
{
	return a->n == b->n && a->m == b->m && a->matrix == b->matrix &&
	       str_eq(a->gpu, b->gpu);
}

static int by_size(const void *a, const void *b)
{
	const struct grade_host *x = a, *y = b;
	double sx = (double)x->l->n * x->l->m, sy = (double)y->l->n * y->l->m;

	if (sx != sy)
		return sx < sy ? -1 : 1;
	return strcmp(x->l->gpu ? x->l->gpu : "", y->l->gpu ? y->l->gpu : "");
}

/* The class's host step at each size: the range over the earned rows
 * of that size that have one. */
static void class_host(struct grade_class *c)
{
	for (size_t k = 0; k < c->n; k++)
		for (size_t i = 0; i < c->s[k].n; i++) {
			const struct grade_row *r = &c->s[k].rows[i];
			struct grade_host *h = NULL;
			double ms = r->g.host_ms, pct;

			if (!r->earned || !isfinite(ms) ||
			    !(r->g.region_ms > 0))
				continue;
			pct = 100 * ms / r->g.region_ms;
			for (size_t j = 0; j < c->nhost && !h; j++)
				if (same_size(c->host[j].l, r->l))
					h = &c->host[j];
			if (!h) {
				c->host = xrealloc(c->host, (c->nhost + 1) *
						   sizeof(*c->host));
				h = &c->host[c->nhost++];
				*h = (struct grade_host){ .l = r->l,
					.lo_ms = ms, .hi_ms = ms,
					.lo_pct = pct, .hi_pct = pct };
			}
			h->lo_ms = fmin(h->lo_ms, ms);
			h->hi_ms = fmax(h->hi_ms, ms);
			h->lo_pct = fmin(h->lo_pct, pct);
			h->hi_pct = fmax(h->hi_pct, pct);
			h->rows++;
		}
	if (c->nhost > 1)
		qsort(c->host, c->nhost, sizeof(*c->host), by_size);
}

static int by_score(const void *a, const void *b)
{
	const struct grade_student *x = a, *y = b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The name a student is listed by within a tie: their original's when
 * they repeat an earlier student (the copy detector's copy_of, else its
 * flag), so that a copy comes right after the one it copies. */
static const char *tie_key(const struct grade_student *s)
{
	return s->copy_of ? s->copy_of : s->similar_to ? s->similar_to :
							 s->name;
}

/* Rank first; within a tie, by name, the original before its copy
 * (whose own score may read a hair above the original's, inside both
 * intervals). */
static int by_rank(const void *a, const void *b)
{
	const struct grade_student *x = a, *y = b;
	bool cx = tie_key(x) != x->name, cy = tie_key(y) != y->name;
	int d;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if ((d = strcmp(tie_key(x), tie_key(y))) != 0)
		return d;
	if (cx != cy)
		return cx ? 1 : -1;
	return strcmp(x->name, y->name);
}

static void class_rank(struct grade_class *c)
{
	size_t n = c->n ? c->n : 1;
	double *lo = xcalloc(n, sizeof(*lo)), *hi = xcalloc(n, sizeof(*hi));
	long *same = xcalloc(n, sizeof(*same));
	size_t *rank = xcalloc(n, sizeof(*rank));
	bool *tied = xcalloc(n, sizeof(*tied));

	qsort(c->s, c->n, sizeof(*c->s), by_score);
	for (size_t k = 0; k < c->n; k++) {
		lo[k] = c->s[k].lo;
		hi[k] = c->s[k].hi;
		same[k] = -1;
		for (size_t j = 0; j < c->n && c->s[k].copy_of; j++)
			if (str_eq(c->s[j].name, c->s[k].copy_of))
				same[k] = (long)j;
	}
	grade_ties(lo, hi, same, c->n, rank, tied);
	for (size_t k = 0; k < c->n; k++) {
		c->s[k].rank = rank[k];
		c->s[k].tied = tied[k];
	}
	/* a tie's scores are no order: by name, a copy after its original */
	qsort(c->s, c->n, sizeof(*c->s), by_rank);
	free(lo);
	free(hi);
	free(same);
	free(rank);
	free(tied);
}

/* The students of c's experiment (every ladder of it), in the order of
 * their first row, with their rows. */
static void class_students_of(const struct model *m, struct grade_class *c)
{
	for (size_t i = 0; i < c->nl; i++) {
		const struct ladder *l = c->lads[i];

		for (size_t j = 0; j < l->nitems; j++) {
			const struct item *it = l->items[j];
			struct grade_student *s;
			size_t k;

			if (!item_submission(m, it))
				continue;
			for (k = 0; k < c->n &&
				    !str_eq(c->s[k].name, it->row->variant); k++)
				;
			if (k == c->n) {
				c->s = xrealloc(c->s, (c->n + 1) * sizeof(*c->s));
				memset(&c->s[c->n], 0, sizeof(*c->s));
				c->s[c->n].name = it->row->variant;
				c->s[c->n].experiment = c->experiment;
				c->s[c->n].v = it->v ? it->v :
					model_variant(m, it->row->variant);
				c->n++;
			}
			s = &c->s[k];
			s->rows = xrealloc(s->rows, (s->n + 1) * sizeof(*s->rows));
			memset(&s->rows[s->n], 0, sizeof(*s->rows));
			s->rows[s->n].l = l;
			s->rows[s->n++].it = it;
		}
	}
}

void grade_class_build(const struct model *m, const char *e,
		       struct grade_class *c)
{
	const struct experiment_meta *x = model_experiment(m->r, e);
	bool region = false, kernel = false;

	memset(c, 0, sizeof(*c));
	c->experiment = e;
	c->rubric = grade_rubric_of(x);
	c->against_class = x && x->score_class;
	for (size_t i = 0; i < m->nladders; i++)
		if (str_eq(m->ladders[i].experiment, e)) {
			c->lads = xrealloc(c->lads, (c->nl + 1) * sizeof(*c->lads));
			c->lads[c->nl++] = &m->ladders[i];
			c->family = m->ladders[i].family;
		}
	class_students_of(m, c);
	copies(c);
	class_spread(m, c);
	for (size_t k = 0; k < c->n; k++) {
		student_grade(m, c, &c->s[k]);
		for (size_t i = 0; i < c->s[k].n; i++) {
			const struct grade_row *r = &c->s[k].rows[i];

			if (!r->it->ok)
				continue;
			region |= r->g.source == GS_REGION;
			kernel |= r->g.source == GS_KERNEL;
			c->host_in_region |= r->g.source == GS_REGION &&
				c->s[k].v && (c->s[k].v->flags & VF_HOST_STEP);
		}
	}
	c->source = region ? GS_REGION : kernel ? GS_KERNEL : GS_ROUNDS;
	class_contract(c);
	class_host(c);
	class_rank(c);
}

void grade_class_release(struct grade_class *c)
{
	if (!c)
		return;
	for (size_t k = 0; k < c->n; k++)
		free(c->s[k].rows);
	free(c->s);
	free(c->lads);
	free(c->host);
	copies_free(c->copies);
	free(c->copy_names);
	free(c->copy_texts);
	memset(c, 0, sizeof(*c));
}

const struct grade_row *grade_row_of(const struct grade_student *s,
				     const struct ladder *l)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->rows[i].l == l)
			return &s->rows[i];
	return NULL;
}

/* ---- words ------------------------------------------------------------------ */

int grade_lost(const struct model *m, const struct grade_class *c,
	       const struct grade_student *s, enum lang L, bool plain,
	       struct sbuf *b, const char **file)
{
	const struct grade_row *rep = &s->rows[s->rep];
	const char *w;
	double share = rubric_speed_share(&c->rubric, s->R);

	*file = NULL;
	for (size_t i = 0; i < s->n; i++) {
		const struct result_row *row = s->rows[i].it->row;
		const char *f = NULL, *src;
		int line;

		if (s->rows[i].it->ok ||
		    (line = sanitizer_problem(b, L, plain, row, &f)) <= 0)
			continue;
		src = s->v && s->v->source_file ? s->v->source_file : NULL;
		*file = src && f && !strcmp(path_base(src), f) ? src : f;
		return line;
	}
	/* a failed row compute-sanitizer found nothing in: its kind, where */
	for (size_t i = 0; i < s->n; i++) {
		const struct grade_row *r = &s->rows[i];
		struct grade_student one = { .rows = (struct grade_row *)r,
					     .n = 1 };
		struct pool p = { .n = 0 };
		char *size;

		if (r->it->ok)
			continue;
		size = size_text(r->l->n, r->l->m, r->l->matrix);
		SAY(b, L, M_G_LOST_FAILED,
		    grade_kind_text(L, grade_state_word(&one)),
		    pool_md(&p, r->l->dtype), size);
		pool_release(&p);
		free(size);
		return 0;
	}
	w = user_problem(m, rep->l, rep->it, L);
	if (w) {
		sbuf_add(b, w);
		*file = s->file;
		return s->line;
	}
	if (isnan(s->R))
		sbuf_add(b, say_text(L, M_G_NO_REF));
	else if (share >= 1 && s->R <= 1)
		sbuf_add(b, say_text(L, M_G_AS_FAST));
	else if (share >= 1)
		SAY(b, L, M_G_WITHIN, PCT(100 * (s->R - 1)));
	else {
		const char *R = ratio_at_cut((char[FMT_SIZE]){ 0 }, FMT_SIZE,
					     &c->rubric, s->R);

		/* against the fastest rung, what separates them from it */
		if (c->host_in_region ||
		    !grade_reference_gap(b, L, m, rep->l, rep->g.ms, rep->ref,
					 rep->ref_loads, R, plain))
			SAY(b, L, c->host_in_region ? M_G_NO_CAUSE_HOST :
			    M_G_NO_CAUSE, R);
	}
	return 0;
}

/* After the bank objective's line: what its counter counts beside the
 * line's n-way conflict the student's page quotes, whose unit differs
 * (conflicts per load instruction over the kernel, against the line's
 * wavefronts over a conflict-free access's). */
static void bank_units(struct sbuf *b, enum lang L,
		       const struct grade_student *s,
		       const struct grade_objective *o)
{
	double ways = o->def->lines == LINE_BANK ?
		      lines_bank_ways(s->rows[s->rep].it, o->line, o->file) :
		      NAN;
	char n[FMT_SIZE];

	if (!(ways >= 2))
		return;
	if (fabs(ways - round(ways)) <= 0.05 * ways)
		snprintf(n, sizeof(n), "%.0f", round(ways));
	else
		fmt_sig(n, sizeof(n), ways, 3);
	SAY(b, L, M_G_EV_BANK_UNIT, n);
}

void grade_objective_words(struct sbuf *b, enum lang L,
			   const struct grade_student *s, size_t k)
{
	static const enum msg state[] = { [GRADE_MET] = M_G_MET,
		[GRADE_NOT_MET] = M_G_NOT_MET, [GRADE_NA] = M_G_NA };
	const struct grade_objective *o = &s->obj[k];
	struct sbuf ev = SBUF_INIT;
	struct pool p = { .n = 0 };

	switch (o->why) {
	case GW_COUNTER:
	case GW_NO_USE: {
		const struct rule *rule = user_rule_find(o->def->family,
							 o->def->key);
		const char *name = rule ? rule->test[0].column : NULL;

		if (o->why == GW_NO_USE) {
			SAY(&ev, L, M_G_EV_NO_USE, pool_md(&p, name));
		} else if (o->pi) {
			SAY(&ev, L, M_U_EV_NEAR, pool_md(&p, name),
			    CTR(name, o->u), CTR(name, o->p),
			    role_text(&p, L, o->pi), CTR(name, o->g),
			    role_text(&p, L, o->gi));
		} else if (o->gi) {
			SAY(&ev, L, M_U_EV_FACTOR, pool_md(&p, name),
			    CTR(name, o->u), CTR(name, o->g),
			    role_text(&p, L, o->gi));
		}
		if (o->line > 0) {
			char n[16];

			snprintf(n, sizeof(n), "%d", o->line);
			SAY(&ev, L, M_G_EV_LINE, n);
			bank_units(&ev, L, s, o);
		}
		break;
	}
	case GW_NO_ROW:
		sbuf_add(&ev, say_text(L, M_G_EV_NO_ROW));
		break;
	case GW_UNJUDGED:
		sbuf_add(&ev, say_text(L, M_G_EV_UNJUDGED));
		break;
	case GW_SAN_FOUND: {
		const char *f;
		int line = sanitizer_problem(&ev, L, false, o->san, &f);

		if (line > 0) {
			char n[16];

			snprintf(n, sizeof(n), "%d", line);
			SAY(&ev, L, M_G_EV_LINE, n);
		}
		break;
	}
	case GW_SAN_CLEAN:
		sbuf_add(&ev, say_text(L, M_G_EV_SAN_CLEAN));
		break;
	case GW_SAN_NONE:
		sbuf_add(&ev, say_text(L, sanitizer_none_why(s)));
		break;
	}
	SAY(b, L, M_G_VERDICT, say_text(L, state[o->state]), sbuf_str(&ev));
	sbuf_release(&ev);
	pool_release(&p);
}

/* Whether row w failed at its time limit (an error of the run's, not
 * CUDA's). */
static bool hung(const struct result_row *w)
{
	return w->status == ROW_ERROR && w->message &&
	       !strncmp(w->message, "did not finish within", 21);
}

const char *grade_state_word(const struct grade_student *s)
{
	static const char *const by_status[ROW__COUNT] = {
		[ROW_OK] = "unverified", [ROW_WRONG] = "wrong answer",
		[ROW_ERROR] = "error", [ROW_SKIPPED] = "not run",
	};

	for (size_t i = 0; i < s->n; i++) {
		const struct result_row *w = s->rows[i].it->row;

		if (s->rows[i].it->ok)
			continue;
		if (hung(w))
			return "never finished";
		return (unsigned)w->status < ROW__COUNT ? by_status[w->status] :
		       "error";
	}
	return s->impossible ? "impossible time" : "verified";
}

const char *grade_kind_text(enum lang L, const char *word)
{
	static const struct {
		const char *word;
		enum msg id;
	} kinds[] = {
		{ "wrong answer", M_G_K_WRONG }, { "error", M_G_K_ERROR },
		{ "never finished", M_G_K_HUNG },
		{ "not run", M_G_K_SKIPPED },
		{ "impossible time", M_G_K_IMPOSSIBLE },
		{ "unverified", M_G_K_UNVERIFIED },
	};

	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++)
		if (!strcmp(kinds[k].word, word))
			return say_text(L, kinds[k].id);
	return word;
}

void grade_score_text(struct sbuf *b, const struct grade_student *s)
{
	char v[32], lo[32], hi[32];

	snprintf(v, sizeof(v), "%.1f", s->score);
	snprintf(lo, sizeof(lo), "%.1f", s->lo);
	snprintf(hi, sizeof(hi), "%.1f", s->hi);
	if (!strcmp(lo, hi))
		sbuf_add(b, v);
	else
		sbuf_addf(b, "%s (%s–%s)", v, lo, hi);
}

void grade_rank_text(struct sbuf *b, const struct grade_student *s)
{
	sbuf_addf(b, "%zu%s", s->rank, s->tied ? "=" : "");
}
