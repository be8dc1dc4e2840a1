/* report_class.c - the class page and a page per student (issues 26 and
 * 44): per experiment with a class, a summary (students, failures by
 * kind, median score and spread, the most common problem), what the
 * times are (the kernel's own or the timed region, the class's host
 * step, the rungs' spread), one table row per student (rank, score with
 * its interval, state, the time graded at each type and size,
 * objectives met, what they lost points on and its line) and the chart,
 * which shows where each sits; then how the score is computed.  A
 * student's page opens with their grade, and says where each row sits
 * in words.  A class of 40 fits four A4 pages: a failure's message and
 * the placements in words are on the student's page, not repeated
 * here.  Every number comes from the class graded
 * (report_grading.h); the files the teacher takes away are
 * report_gradebook.c's.  See report_int.h. */
#include "report_copies.h"
#include "report_grading.h"
#include "report_place.h"
#include "report_reference_rule.h"
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "base/stats.h"
#include "base/util.h"

const char *class_chart_of(const struct model *m, const char *e)
{
	for (size_t i = 0; i < m->nclass_charts; i++)
		if (str_eq(m->class_chart_exp[i], e))
			return m->class_chart[i];
	return NULL;
}

/* The student's name, linked to their page (students/NAME/report.L.md)
 * when the name can be a folder's (student_folder_ok: report_render.c
 * writes the page then). */
static const char *student_link(struct pool *p, enum lang L, const char *name)
{
	char *md = md_dup(name), *link, *stem;

	if (!student_folder_ok(name))
		return pool_keep(p, md);
	stem = student_file_stem(name);
	link = xasprintf("[%s](students/%s/report.%s.md)", md, stem,
			 L == ZH ? "zh" : "en");
	free(stem);
	free(md);
	return pool_keep(p, link);
}

/* The student's state in a few words: verified, or the kind of their
 * first failure (its message is on their page: a class of 40 would
 * otherwise fill pages with them). */
static void state(struct sbuf *b, enum lang L, const struct grade_student *s)
{
	const char *word = grade_state_word(s);

	if (s->copy_of) {
		char *who = md_dup(s->copy_of);

		SAY(b, L, M_K_COPY, who);
		free(who);
		sbuf_add(b, say_text(L, M_SEMI_SEP));
	} else if (s->similar_to) {
		char *who = md_dup(s->similar_to), pct[16];

		snprintf(pct, sizeof(pct), "%.0f", s->similarity);
		SAY(b, L, M_G_SIMILAR, who, pct);
		free(who);
		sbuf_add(b, say_text(L, M_SEMI_SEP));
	}
	if (!strcmp(word, "verified"))
		sbuf_add(b, say_text(L, M_K_VERIFIED));
	else if (!strcmp(word, "impossible time"))
		sbuf_add(b, say_text(L, M_K_IMPOSSIBLE));
	else
		SAY(b, L, M_G_FAILED_KIND, grade_kind_text(L, word));
}

/* The summary: students, how many verified everywhere, failures by kind,
 * the median score and its quartiles, the most common problem. */
/* The roster's students who handed nothing in (experiment_class.c
 * read the roster; results.json "missing"), in one sentence. */
static void missing(struct sbuf *b, enum lang L, const struct model *m,
		    const struct grade_class *c)
{
	const struct experiment_meta *x = model_experiment(m->r, c->experiment);
	struct sbuf who = SBUF_INIT;
	char n[24];

	if (!x || !x->nmissing)
		return;
	for (size_t i = 0; i < x->nmissing; i++) {
		const struct class_student *w = &x->missing[i];

		if (who.len)
			sbuf_add(&who, say_text(L, M_COMMA_SEP));
		md_text(&who, w->name && *w->name ? w->name : w->id);
		if (w->name && *w->name && w->id) {
			sbuf_add(&who, " (");
			md_text(&who, w->id);
			sbuf_addc(&who, ')');
		}
	}
	snprintf(n, sizeof(n), "%zu", x->nmissing);
	SAY(b, L, M_G_MISSING, n, sbuf_str(&who));
	sbuf_add(b, "\n\n");
	sbuf_release(&who);
}

static void summary(struct sbuf *b, enum lang L, const struct model *m,
		    const struct grade_class *c)
{
	/* at most one kind and one problem per student */
	size_t cap = c->n ? c->n : 1;
	const char **kinds = xcalloc(cap, sizeof(*kinds));
	const char **problems = xcalloc(cap, sizeof(*problems));
	size_t *nkind = xcalloc(cap, sizeof(*nkind));
	size_t *nprob = xcalloc(cap, sizeof(*nprob));
	size_t nk = 0, np = 0, all = 0, failed = 0, top = 0;
	double *scores = xcalloc(cap, sizeof(*scores));
	struct sample_stats st;
	struct sbuf fails = SBUF_INIT, list = SBUF_INIT, common = SBUF_INIT;
	char n1[24], n2[24], med[32], q1[32], q3[32];

	for (size_t k = 0; k < c->n; k++) {
		const struct grade_student *s = &c->s[k];
		const char *word = grade_state_word(s), *w;
		size_t i;

		scores[k] = s->score;
		if (!strcmp(word, "verified")) {
			all++;
		} else {
			failed++;
			for (i = 0; i < nk && strcmp(kinds[i], word); i++)
				;
			if (i == nk)
				kinds[nk++] = word;
			if (i < nk)
				nkind[i]++;
		}
		w = s->verified ? user_problem(m, s->rows[s->rep].l,
					       s->rows[s->rep].it, L) : NULL;
		if (!w)
			continue;
		for (i = 0; i < np && strcmp(problems[i], w); i++)
			;
		if (i == np)
			problems[np++] = w;
		if (i < np)
			nprob[i]++;
	}
	for (size_t i = 0; i < nk; i++) {
		char cnt[24];

		snprintf(cnt, sizeof(cnt), "%zu", nkind[i]);
		if (list.len)
			sbuf_add(&list, say_text(L, M_SEMI_SEP));
		SAY(&list, L, M_G_K_ITEM, grade_kind_text(L, kinds[i]), cnt);
	}
	snprintf(n1, sizeof(n1), "%zu", failed);
	if (failed)
		SAY(&fails, L, M_G_SUM_FAILED, n1, sbuf_str(&list));
	for (size_t i = 1; i < np; i++)
		if (nprob[i] > nprob[top])
			top = i;
	if (np && nprob[top] > 1) {
		char cnt[24];

		snprintf(cnt, sizeof(cnt), "%zu", nprob[top]);
		SAY(&common, L, M_G_SUM_COMMON, problems[top], cnt);
	} else if (np) {
		struct sbuf each = SBUF_INIT;

		for (size_t i = 0; i < np; i++) {
			if (each.len)
				sbuf_add(&each, say_text(L, M_COMMA_SEP));
			sbuf_add(&each, problems[i]);
		}
		SAY(&common, L, M_G_SUM_ONCE, sbuf_str(&each));
		sbuf_release(&each);
	} else {
		sbuf_add(&common, say_text(L, M_G_SUM_NO_COMMON));
	}
	stats_summarize(scores, c->n, &st);
	snprintf(n1, sizeof(n1), "%zu", c->n);
	snprintf(n2, sizeof(n2), "%zu", all);
	snprintf(med, sizeof(med), "%.1f", st.median);
	snprintf(q1, sizeof(q1), "%.1f", st.q1);
	snprintf(q3, sizeof(q3), "%.1f", st.q3);
	SAY(b, L, c->n == 1 ? M_G_SUMMARY_ONE : M_G_SUMMARY, n1, n2,
	    sbuf_str(&fails), med, q1, q3, sbuf_str(&common));
	sbuf_add(b, "\n\n");
	missing(b, L, m, c);
	sbuf_release(&fails);
	sbuf_release(&list);
	sbuf_release(&common);
	free(scores);
	free(kinds);
	free(problems);
	free(nkind);
	free(nprob);
}

/* "0.013–0.018", or one number when both ends read the same. */
static void range(struct sbuf *b, const char *lo, const char *hi)
{
	sbuf_add(b, lo);
	if (strcmp(lo, hi))
		sbuf_addf(b, "–%s", hi);
}

/* The class's host step at one size, after those before it: "0.013–
 * 0.018 ms at n = 2^20, 53.6–69.8 % of the timed region". */
static void host_at(struct sbuf *b, enum lang L, const struct grade_host *h)
{
	struct sbuf size = SBUF_INIT, ms = SBUF_INIT, pct = SBUF_INIT;
	char *n = size_text(h->l->n, h->l->m, h->l->matrix);

	sbuf_add(&size, n);
	gpu_suffix(&size, h->l->gpu);
	range(&ms, FMT(h->lo_ms, 2), FMT(h->hi_ms, 2));
	range(&pct, PCT(h->lo_pct), PCT(h->hi_pct));
	if (b->len)
		sbuf_add(b, say_text(L, M_LIST_SEP));
	SAY(b, L, M_G_HOST_AT, sbuf_str(&size), sbuf_str(&ms),
	    sbuf_str(&pct));
	sbuf_release(&size);
	sbuf_release(&ms);
	sbuf_release(&pct);
	free(n);
}

/* What the times are, the class's host step and the rungs' spread. */
static void times(struct sbuf *b, enum lang L, const struct grade_class *c)
{
	const char *gap = L == ZH ? "" : " ";   /* between sentences */

	if (c->source == GS_ROUNDS) {
		char n[24] = "?", per[24] = "1";
		struct sbuf timed = SBUF_INIT;

		for (size_t k = 0; k < c->n && n[0] == '?'; k++)
			for (size_t i = 0; i < c->s[k].n; i++)
				if (c->s[k].rows[i].g.nrounds) {
					snprintf(n, sizeof(n), "%zu",
						 c->s[k].rows[i].g.nrounds);
					snprintf(per, sizeof(per), "%d", c->s[k].
						 rows[i].it->row->rounds.per_round);
					break;
				}
		/* each round's timed runs, of which its time is the median */
		if (!strcmp(per, "1"))
			sbuf_add(&timed, say_text(L, M_G_TIMED_ONCE));
		else
			SAY(&timed, L, M_G_TIMED_N, per);
		SAY(b, L, M_G_TIMES_ROUNDS, n, sbuf_str(&timed));
		sbuf_release(&timed);
		if (c->rungs_first_pass) {
			sbuf_add(b, gap);
			sbuf_add(b, say_text(L, M_G_TIMES_FIRST_PASS));
		}
	} else if (c->source == GS_KERNEL) {
		sbuf_add(b, say_text(L, M_G_TIMES_KERNEL));
	} else {
		sbuf_add(b, say_text(L, c->host_in_region ?
				     M_G_TIMES_REGION_HOST : M_G_TIMES_REGION));
	}
	if (c->nhost) {
		struct sbuf at = SBUF_INIT;

		for (size_t k = 0; k < c->nhost; k++)
			host_at(&at, L, &c->host[k]);
		sbuf_add(b, gap);
		SAY(b, L, M_G_HOST, sbuf_str(&at));
		sbuf_release(&at);
	}
	if (isfinite(c->spread)) {
		char n[24];

		snprintf(n, sizeof(n), "%zu", c->spread_rungs);
		sbuf_add(b, gap);
		SAY(b, L, c->spread_rounds ? M_G_SPREAD_ROUNDS :
			  M_G_SPREAD_RUNS, PCT(100 * c->spread), n);
	}
	sbuf_add(b, "\n\n");
}

/* "2 of 3": the objectives met of those that apply; "—" without one. */
static void objectives_cell(struct sbuf *b, enum lang L,
			    const struct grade_student *s)
{
	size_t met = 0, judged = 0;
	char a[24], n[24];

	for (size_t k = 0; k < s->nobj; k++) {
		met += s->obj[k].state == GRADE_MET;
		judged += s->obj[k].state != GRADE_NA;
	}
	if (!judged || !s->verified) {
		sbuf_add(b, "—");
		return;
	}
	snprintf(a, sizeof(a), "%zu", met);
	snprintf(n, sizeof(n), "%zu", judged);
	SAY(b, L, M_G_OBJ_CELL, a, n);
}

#define CLASS_FIXED_COLS 7

static void class_table(const struct model *m, enum lang L,
			const struct grade_class *c, struct sbuf *b)
{
	size_t ncols = CLASS_FIXED_COLS + c->nl;
	const char **cells = xcalloc(ncols, sizeof(*cells));
	bool *right = xcalloc(ncols, sizeof(*right));
	struct pool pool = { .n = 0 };

	cells[0] = say_text(L, M_G_COL_RANK);
	right[0] = true;
	cells[1] = say_text(L, M_K_COL_STUDENT);
	cells[2] = say_text(L, M_G_COL_SCORE);
	right[2] = true;
	cells[3] = say_text(L, M_K_COL_STATE);
	for (size_t i = 0; i < c->nl; i++) {
		const struct ladder *l = c->lads[i];
		char *size = size_text(l->n, l->m, l->matrix);
		struct sbuf h = SBUF_INIT;

		SAY(&h, L, M_K_COL_TIME, pool_md(&pool, l->dtype), size);
		cells[4 + i] = pool_keep(&pool, sbuf_detach(&h));
		right[4 + i] = true;
		free(size);
	}
	cells[4 + c->nl] = say_text(L, M_G_COL_OBJ);
	right[4 + c->nl] = true;
	cells[5 + c->nl] = say_text(L, M_G_COL_LOST);
	cells[6 + c->nl] = say_text(L, M_K_COL_LINE);
	right[6 + c->nl] = true;
	table_row(b, cells, ncols);
	table_rule(b, right, ncols);
	for (size_t k = 0; k < c->n; k++) {
		const struct grade_student *s = &c->s[k];
		struct sbuf x[5] = { SBUF_INIT, SBUF_INIT, SBUF_INIT, SBUF_INIT,
				     SBUF_INIT };
		struct pool rp = { .n = 0 };
		const char *file;
		int line;

		grade_rank_text(&x[0], s);
		cells[0] = sbuf_str(&x[0]);
		cells[1] = student_link(&rp, L, s->name);
		grade_score_text(&x[1], s);
		cells[2] = sbuf_str(&x[1]);
		state(&x[2], L, s);
		cells[3] = sbuf_str(&x[2]);
		for (size_t i = 0; i < c->nl; i++) {
			const struct grade_row *r = grade_row_of(s, c->lads[i]);

			cells[4 + i] = !r ? "" : r->it->ok && isfinite(r->g.ms) ?
				pool_keep(&rp, xstrdup(FMT(r->g.ms, 4))) : "—";
		}
		objectives_cell(&x[3], L, s);
		cells[4 + c->nl] = sbuf_str(&x[3]);
		line = grade_lost(m, c, s, L, false, &x[4], &file);
		cells[5 + c->nl] = x[4].len ? sbuf_str(&x[4]) : "—";
		cells[6 + c->nl] = line > 0 ?
			pool_keep(&rp, xasprintf("%d", line)) : "—";
		table_row(b, cells, ncols);
		for (size_t i = 0; i < ARRAY_SIZE(x); i++)
			sbuf_release(&x[i]);
		pool_release(&rp);
	}
	sbuf_addc(b, '\n');
	free(cells);
	free(right);
	pool_release(&pool);
}

void blk_class_table(const struct model *m, enum lang L, struct sbuf *b)
{
	const char **exps;
	size_t ne = class_experiments(m, &exps);

	for (size_t e = 0; e < ne; e++) {
		struct grade_class c;
		struct pool pool = { .n = 0 };
		const char *chart;

		grade_class_build(m, exps[e], &c);
		sbuf_add(b, "### ");
		SAY(b, L, M_K_HEAD, pool_md(&pool, exps[e]),
		    pool_md(&pool, c.family));
		sbuf_add(b, "\n\n");
		summary(b, L, m, &c);
		times(b, L, &c);
		class_table(m, L, &c, b);
		{
			size_t len = b->len;

			copies_brief(b, L, c.copies, L == ZH ?
				     "similar.zh.md" : "similar.en.md");
			if (b->len > len)
				sbuf_add(b, "\n\n");
		}
		/* the chart last: a class of 40 makes it a page of its own,
		 * which would leave the page above it half empty.  It is
		 * where each student sits among the rungs, at every size;
		 * their pages say it in words */
		chart = class_chart_of(m, exps[e]);
		if (chart && (m->charts == CHARTS_DRAWN ||
			      m->charts == CHARTS_PENDING)) {
			sbuf_add(b, say_text(L, class_chart_every_size(m,
					exps[e]) ? M_G_CHART_EVERY : M_K_CHART));
			sbuf_add(b, "\n\n![");
			md_text(b, exps[e]);
			sbuf_addf(b, "](charts/%s.png)\n\n", chart);
		}
		pool_release(&pool);
		grade_class_release(&c);
	}
	free(exps);
	block_trim(b);
}

/* "a/b" in lowest terms into buf. */
static void fraction(char *buf, size_t size, size_t a, size_t b)
{
	size_t x = a, y = b;

	while (y) {
		size_t t = x % y;

		x = y;
		y = t;
	}
	if (x > 1) {
		a /= x;
		b /= x;
	}
	snprintf(buf, size, "%zu/%zu", a, b);
}

/* The speed scale in words: the continuous scale through its bands, the
 * bands' steps, or the geometric mean's 1 / R. */
static void scale_text(struct sbuf *b, enum lang L,
		       const struct class_rubric *r)
{
	char x[32], share[48];
	size_t n = r->nbands;

	if (r->scale == RUBRIC_GEOMEAN || !n) {
		sbuf_add(b, say_text(L, M_G_GEOMEAN));
		return;
	}
	snprintf(x, sizeof(x), "%g", r->bands[0]);
	SAY(b, L, M_G_BAND_FULL, x);
	if (r->scale == RUBRIC_CONTINUOUS && n >= 2) {
		for (size_t k = 1; k + 1 < n; k++) {
			snprintf(x, sizeof(x), "%g", r->bands[k]);
			fraction(share, sizeof(share), n - 1 - k, n - 1);
			SAY(b, L, M_G_CONT_AT, share, x);
		}
		snprintf(x, sizeof(x), "%g", r->bands[n - 1]);
		SAY(b, L, M_G_CONT_END, x);
		return;
	}
	for (size_t k = 1; k < n; k++) {
		snprintf(x, sizeof(x), "%g", r->bands[k]);
		snprintf(share, sizeof(share), "%zu/%zu", n - k, n);
		SAY(b, L, M_G_BAND, share, x);
	}
	sbuf_add(b, say_text(L, M_G_BANDS_END));
}

/* The rubric's paragraph for class c. */
static void rubric_text(struct sbuf *b, enum lang L, const struct model *m,
			const struct grade_class *c)
{
	const struct class_rubric *r = &c->rubric;
	struct sbuf scale = SBUF_INIT, ref = SBUF_INIT;
	char pc[32], ps[32], po[32];

	scale_text(&scale, L, r);
	sbuf_add(&ref, say_text(L, c->against_class ? M_G_REF_CLASS :
				M_G_REF_RUNG));
	snprintf(pc, sizeof(pc), "%g", r->correctness);
	snprintf(ps, sizeof(ps), "%g", r->speed);
	snprintf(po, sizeof(po), "%g", r->objectives);
	/* a class whose host step is its contract grades the kernel alone,
	 * one launch, against a rung's first pass where the rounds timed
	 * it, else against its whole reduction: a bias, said */
	SAY(b, L, M_G_SCORE, pc, ps, sbuf_str(&scale), po, sbuf_str(&ref),
	    say_text(L, !c->nhost || c->against_class ? M_G_TIME_SAME :
		     c->ref_one_pass ? M_G_TIME_FIRST_PASS : M_G_TIME_BIAS));
	if (!c->against_class) {
		sbuf_add(b, L == ZH ? "" : " ");
		grade_reference_rule(b, L, m, c);
	}
	sbuf_release(&scale);
	sbuf_release(&ref);
}

/* "The objectives of reduce: no bank conflicts, ..." */
static void objectives_list(struct sbuf *b, enum lang L, const char *family)
{
	struct sbuf list = SBUF_INIT;
	char *fam = md_dup(family);

	for (size_t d = 0; d < grade_nobjectives; d++) {
		if (!str_eq(grade_objectives[d].family, family))
			continue;
		if (list.len)
			sbuf_add(&list, say_text(L, M_COMMA_SEP));
		sbuf_add(&list, say_text(L, grade_objectives[d].name));
	}
	if (list.len) {
		SAY(b, L, M_G_OBJ_LIST, fam, sbuf_str(&list));
		sbuf_addc(b, ' ');
	}
	free(fam);
	sbuf_release(&list);
}

static bool rubric_same(const struct class_rubric *a,
			const struct class_rubric *b)
{
	if (a->correctness != b->correctness || a->speed != b->speed ||
	    a->objectives != b->objectives || a->scale != b->scale ||
	    a->nbands != b->nbands)
		return false;
	for (size_t k = 0; k < a->nbands && k < RUBRIC_MAX_BANDS; k++)
		if (a->bands[k] != b->bands[k])
			return false;
	return true;
}

void blk_class_score(const struct model *m, enum lang L, struct sbuf *b)
{
	const char **exps, **fams;
	size_t ne = class_experiments(m, &exps), nf = 0;
	struct sbuf which = SBUF_INIT, objs = SBUF_INIT;
	struct grade_class *c;
	bool differ = false;

	if (!model_has_class(m)) {
		free(exps);
		return;
	}
	fams = xcalloc(ne ? ne : 1, sizeof(*fams));
	c = xcalloc(ne ? ne : 1, sizeof(*c));
	for (size_t e = 0; e < ne; e++) {
		grade_class_build(m, exps[e], &c[e]);
		differ |= !rubric_same(&c[0].rubric, &c[e].rubric);
	}
	/* one paragraph for one rubric, else one per experiment */
	for (size_t e = 0; e < ne && (e == 0 || differ); e++) {
		if (e)
			sbuf_add(b, "\n\n");
		if (differ) {
			md_text(b, exps[e]);
			sbuf_add(b, ": ");
		}
		rubric_text(b, L, m, &c[e]);
	}
	for (size_t e = 0; e < ne; e++) {
		bool seen = false;

		for (size_t k = 0; k < nf && !seen; k++)
			seen = str_eq(fams[k], c[e].family);
		if (!seen) {
			fams[nf++] = c[e].family;
			objectives_list(&objs, L, c[e].family);
		}
		if (c[e].against_class) {
			if (which.len)
				sbuf_add(&which, ", ");
			md_text(&which, exps[e]);
		}
		grade_class_release(&c[e]);
	}
	free(c);
	free(fams);
	free(exps);
	if (objs.len) {
		sbuf_add(b, "\n\n");
		sbuf_add(b, sbuf_str(&objs));
		block_trim(b);
	}
	sbuf_add(b, "\n\n");
	sbuf_add(b, say_text(L, M_G_TIES));
	sbuf_add(b, "\n\n");
	sbuf_add(b, say_text(L, M_G_LOST_RULE));
	if (which.len) {
		sbuf_add(b, "\n\n");
		SAY(b, L, M_K_SCORE_CLASS, sbuf_str(&which));
	}
	sbuf_release(&which);
	sbuf_release(&objs);
}

/* ---- a page per student -------------------------------------------------- */

/* Copies text into b with every link to a page of the report
 * ("](report.", "](details.", "](details-", "](class.", "](charts/")
 * made relative to a student's folder two levels down. */
static void relinked(struct sbuf *b, const char *text)
{
	static const char *const to[] = { "](report.", "](details.",
					   "](details-", "](class.",
					   "](charts/",
					   "](gradebook.csv" };

	for (const char *p = text; *p;) {
		size_t k;

		for (k = 0; k < ARRAY_SIZE(to); k++)
			if (!strncmp(p, to[k], strlen(to[k])))
				break;
		if (k < ARRAY_SIZE(to)) {
			sbuf_add(b, "](../../");
			p += 2;
		} else {
			sbuf_addc(b, *p++);
		}
	}
}

/* The parts of s's score as a table. */
static void parts(struct sbuf *b, enum lang L, const struct grade_class *c,
		  const struct grade_student *s)
{
	static const bool right[4] = { false, true, true, false };
	const char *cells[4] = { say_text(L, M_G_COL_PART),
		say_text(L, M_G_COL_POINTS), say_text(L, M_G_COL_OF),
		say_text(L, M_G_COL_WHY) };
	const struct class_rubric *r = &c->rubric;
	struct sbuf why = SBUF_INIT;
	char a[32], n[32], got[32], of[32];
	size_t met = 0, judged = 0;

	table_row(b, cells, 4);
	table_rule(b, right, 4);
	/* correctness */
	snprintf(a, sizeof(a), "%zu", s->earned);
	snprintf(n, sizeof(n), "%zu", s->n);
	SAY(&why, L, M_G_WHY_CORR, a, n);
	snprintf(got, sizeof(got), "%.1f", s->correctness);
	snprintf(of, sizeof(of), "%g", r->correctness);
	cells[0] = say_text(L, M_G_PART_CORR);
	cells[1] = got;
	cells[2] = of;
	cells[3] = sbuf_str(&why);
	table_row(b, cells, 4);
	/* speed */
	sbuf_reset(&why);
	grade_speed_why(&why, L, r, s);
	snprintf(got, sizeof(got), "%.1f", s->speed);
	snprintf(of, sizeof(of), "%g", r->speed);
	cells[0] = say_text(L, M_G_PART_SPEED);
	cells[3] = sbuf_str(&why);
	table_row(b, cells, 4);
	/* objectives */
	sbuf_reset(&why);
	for (size_t k = 0; k < s->nobj; k++) {
		met += s->obj[k].state == GRADE_MET;
		judged += s->obj[k].state != GRADE_NA;
	}
	snprintf(a, sizeof(a), "%zu", met);
	snprintf(n, sizeof(n), "%zu", judged);
	if (!s->verified)
		sbuf_add(&why, say_text(L, M_G_WHY_OBJ_NO_ROW));
	else if (!judged)
		sbuf_add(&why, say_text(L, M_G_WHY_OBJ_NONE));
	else
		SAY(&why, L, M_G_WHY_OBJ, a, n);
	snprintf(got, sizeof(got), "%.1f", s->objectives);
	snprintf(of, sizeof(of), "%g", r->objectives);
	cells[0] = say_text(L, M_G_PART_OBJ);
	cells[3] = sbuf_str(&why);
	table_row(b, cells, 4);
	sbuf_addc(b, '\n');
	sbuf_release(&why);
}

/* Student s's grade in class c: score and rank, parts, objectives,
 * what they lost points on, where each verified row sits.  Returns how
 * many rows it placed among the rungs (none for a student who failed
 * every row). */
static size_t grade_section(struct sbuf *b, enum lang L,
			    const struct model *m, const struct grade_class *c,
			    const struct grade_student *s)
{
	struct sbuf tied = SBUF_INIT, x = SBUF_INIT;
	struct pool p = { .n = 0 };
	char score[32], of[32], lo[32], hi[32], n[24];
	const char *file;
	size_t others = 0, placed = 0;
	int line;

	/* how many, not who: the page names no other student */
	for (size_t k = 0; k < c->n; k++)
		others += &c->s[k] != s && c->s[k].rank == s->rank;
	snprintf(n, sizeof(n), "%zu", others);
	if (others == 1)
		sbuf_add(&tied, say_text(L, M_G_PAGE_TIED_ONE));
	else if (others)
		SAY(&tied, L, M_G_PAGE_TIED, n);
	snprintf(score, sizeof(score), "%.1f", s->score);
	snprintf(of, sizeof(of), "%g", s->max_score);
	snprintf(lo, sizeof(lo), "%.1f", s->lo);
	snprintf(hi, sizeof(hi), "%.1f", s->hi);
	snprintf(n, sizeof(n), "%zu", c->n);
	grade_rank_text(&x, s);
	if (strcmp(lo, score) || strcmp(hi, score))
		SAY(b, L, M_G_PAGE_SCORE, score, of, lo, hi, sbuf_str(&x), n,
		    pool_md(&p, c->experiment), sbuf_str(&tied));
	else
		SAY(b, L, M_G_PAGE_SCORE_EXACT, score, of, sbuf_str(&x), n,
		    pool_md(&p, c->experiment), sbuf_str(&tied));
	sbuf_add(b, "\n\n");
	parts(b, L, c, s);
	if (s->nobj) {
		const char *cells[2] = { say_text(L, M_G_COL_OBJECTIVE),
					 say_text(L, M_G_COL_VERDICT) };
		static const bool right[2] = { false, false };

		table_row(b, cells, 2);
		table_rule(b, right, 2);
		for (size_t k = 0; k < s->nobj; k++) {
			sbuf_reset(&x);
			grade_objective_words(&x, L, s, k);
			cells[0] = say_text(L, s->obj[k].def->name);
			cells[1] = sbuf_str(&x);
			table_row(b, cells, 2);
		}
		sbuf_addc(b, '\n');
	}
	sbuf_reset(&x);
	line = grade_lost(m, c, s, L, false, &x, &file);
	if (x.len) {
		struct sbuf at = SBUF_INIT;

		if (line > 0) {
			snprintf(n, sizeof(n), "%d", line);
			SAY(&at, L, M_G_EV_LINE, n);
		}
		SAY(b, L, M_G_PAGE_LOST, sbuf_str(&x), sbuf_str(&at));
		sbuf_add(b, "\n\n");
		sbuf_release(&at);
	}
	if (s->copy_of) {
		sbuf_add(b, say_text(L, M_G_PAGE_COPY));
		sbuf_add(b, "\n\n");
	} else if (s->similar_to) {
		char pct[16];

		snprintf(pct, sizeof(pct), "%.0f", s->similarity);
		SAY(b, L, M_G_PAGE_SIMILAR, pct);
		sbuf_add(b, "\n\n");
	}
	for (size_t i = 0; i < s->n; i++) {
		const struct grade_row *r = &s->rows[i];
		struct sbuf ts = SBUF_INIT, at = SBUF_INIT;
		char *size;

		if (!r->it->ok || isnan(r->g.ms))
			continue;
		size = size_text(r->l->n, r->l->m, r->l->matrix);
		SAY(&ts, L, M_UT_TYPE_SIZE, pool_md(&p, r->l->dtype), size);
		/* level with a rung: no rung between two named to explain */
		place_graded(&at, L, r->l, r->it, &r->g);
		SAY(b, L, M_G_PAGE_PLACE, sbuf_str(&ts), sbuf_str(&at));
		sbuf_addc(b, '\n');
		sbuf_release(&ts);
		sbuf_release(&at);
		free(size);
		placed++;
	}
	/* the list's blank line; without a list, the paragraph before
	 * ended with its own */
	if (placed)
		sbuf_addc(b, '\n');
	sbuf_release(&tied);
	sbuf_release(&x);
	pool_release(&p);
	return placed;
}

char *class_student_page(const struct model *m, const char *name,
			 enum lang L)
{
	const struct variant *v = model_variant(m, name);
	const char *title = v ? (L == ZH && v->title_zh ? v->title_zh :
				 v->title) : NULL;
	const char *code = L == ZH ? "zh" : "en";
	const char **exps;
	size_t ne = class_experiments(m, &exps);
	struct sbuf part = SBUF_INIT, b = SBUF_INIT;
	struct pool p = { .n = 0 };
	const char *gpu = m->r->env.gpu_name ? m->r->env.gpu_name : "?";

	SAY(&b, L, M_K_STUDENT_HEAD, pool_md(&p, name),
	    pool_md(&p, title && *title && !str_eq(title, name) ? title :
		    name));
	sbuf_add(&b, "\n\n");
	SAY(&b, L, M_K_STUDENT_LINKS, pool_md(&p, gpu),
	    pool_md(&p, m->r->finished ? m->r->finished : "?"), code);
	sbuf_add(&b, "\n\n");
	bool host = false;

	for (size_t e = 0; e < ne; e++) {
		struct grade_class c;

		grade_class_build(m, exps[e], &c);
		for (size_t k = 0; k < c.n; k++)
			if (str_eq(c.s[k].name, name)) {
				sbuf_add(&part, say_text(L, M_G_PAGE_HEAD));
				sbuf_add(&part, "\n\n");
				/* the paragraph below speaks of the places
				 * above: none without them */
				if (grade_section(&part, L, m, &c, &c.s[k]))
					host |= c.source != GS_REGION &&
						c.nhost;
			}
		grade_class_release(&c);
	}
	free(exps);
	/* below, the report's own section: the timed region, the class's
	 * host step in it, and where that region sits */
	if (host) {
		sbuf_add(&part, say_text(L, M_G_PAGE_REGION));
		sbuf_add(&part, "\n\n");
	}
	relinked(&b, sbuf_str(&part));
	sbuf_reset(&part);
	user_kernel_section(m, name, L, &part);
	/* the section's own heading is the page's title */
	{
		const char *body = sbuf_str(&part);
		const char *nl = strstr(body, "\n\n");

		if (!strncmp(body, "### ", 4) && nl)
			body = nl + 2;
		relinked(&b, body);
	}
	sbuf_reset(&part);
	user_code_of(m, name, L, &part);
	if (part.len) {
		sbuf_add(&b, "\n\n");
		relinked(&b, sbuf_str(&part));
	}
	sbuf_addc(&b, '\n');
	sbuf_release(&part);
	pool_release(&p);
	return sbuf_detach(&b);
}

char *class_similar_page(const struct model *m, enum lang L)
{
	const char **exps;
	size_t ne = class_experiments(m, &exps);
	struct sbuf b = SBUF_INIT;
	struct pool p = { .n = 0 };
	const char *gpu = m->r->env.gpu_name ? m->r->env.gpu_name : "?";

	SAY(&b, L, M_G_SIMILAR_HEAD, pool_md(&p, gpu),
	    pool_md(&p, m->r->finished ? m->r->finished : "?"),
	    L == ZH ? "zh" : "en");
	sbuf_add(&b, "\n\n");
	for (size_t e = 0; e < ne; e++) {
		struct grade_class c;

		grade_class_build(m, exps[e], &c);
		sbuf_add(&b, "## ");
		md_text(&b, exps[e]);
		sbuf_add(&b, "\n\n");
		copies_section(&b, L, c.copies, 3);
		sbuf_add(&b, "\n\n");
		grade_class_release(&c);
	}
	free(exps);
	block_trim(&b);
	sbuf_addc(&b, '\n');
	pool_release(&p);
	return sbuf_detach(&b);
}
