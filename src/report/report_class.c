/* report_class.c - the class page and the gradebook (issue 26): one row
 * per student of a class (the variants marked `submission`), with their
 * state, score, time at each type and size, the rung they sit beside,
 * their main problem and its line.  See report_int.h.
 *
 * The score (class_score, said on the page): 0 unless every row of the
 * student verified and none has an impossible time; else 100 times the
 * geometric mean, over the ladders the student ran in, of the fastest
 * built-in rung's time over the student's, each ratio capped at 1 (as
 * fast as the best rung, or faster, is 100).  With the class's `score:
 * class` the reference is the class's fastest verified student instead
 * (experiment_meta.score_class). */
#include "report_int.h"
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "ladder/source_same.h"
#include "base/util.h"

/* One student of one experiment: their rows, ladder by ladder. */
struct pupil {
	const char *name;
	const char *experiment;
	const struct ladder **l;     /* per row: its ladder */
	const struct item **it;
	size_t n;
	size_t ok;                   /* rows verified with a time */
	bool impossible;
	double score;                /* 0 .. 100 */
	size_t rep;                  /* the row described: the largest
				        verified, else the largest */
	int line;                    /* the line its lines name first there
				        (lines_first), 0 for none */
	const char *file;            /* that line's file */
	const char *copy_of;         /* an earlier student whose source is the
				        same once comments and whitespace are
				        set aside (source_same.h), or NULL */
};

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

bool item_submission(const struct model *m, const struct item *it)
{
	const struct variant *v = it->v ? it->v :
				  model_variant(m, it->row->variant);

	return it->role == ROLE_USER && v && v->submission;
}

/* Whether experiment e's class is scored against its fastest student. */
static bool against_class(const struct model *m, const char *e)
{
	const struct experiment_meta *x = model_experiment(m->r, e);

	return x && x->score_class;
}

/* The time a student's row of ladder l is scored against: the fastest
 * verified built-in rung's, or (score: class) the fastest verified
 * student's without an impossible time; NAN without one. */
static double reference_ms(const struct model *m, const struct ladder *l)
{
	double best = NAN;

	if (!against_class(m, l->experiment))
		return l->best ? item_ms(l->best) : NAN;
	for (size_t j = 0; j < l->nitems; j++) {
		const struct item *it = l->items[j];

		if (item_submission(m, it) && it->ok &&
		    !user_impossible(m, it->row) &&
		    (isnan(best) || item_ms(it) < best))
			best = item_ms(it);
	}
	return best;
}

static double score_of(const struct model *m, struct pupil *p)
{
	double logs = 0;
	size_t k = 0;

	if (p->ok < p->n || p->impossible)
		return 0;
	for (size_t i = 0; i < p->n; i++) {
		double ref = reference_ms(m, p->l[i]), r;

		if (!(ref > 0) || !(item_ms(p->it[i]) > 0))
			continue;
		r = ref / item_ms(p->it[i]);
		logs += log(r < 1 ? r : 1);
		k++;
	}
	return k ? 100 * exp(logs / (double)k) : 0;
}

/* The student's name, linked to their page (students/NAME/report.L.md)
 * when the name can be a folder's (student_folder_ok: report_render.c
 * writes the page then). */
static const char *student_link(struct pool *p, enum lang L, const char *name)
{
	char *md = md_dup(name), *link;

	if (!student_folder_ok(name))
		return pool_keep(p, md);
	link = xasprintf("[%s](students/%s/report.%s.md)", md, name,
			 L == ZH ? "zh" : "en");
	free(md);
	return pool_keep(p, link);
}

/* The function a kernel's `source` names ("file:function"), or "". */
static const char *function_of(const struct model *m, const char *name)
{
	const struct variant *v = model_variant(m, name);
	const char *c = v && v->source ? strrchr(v->source, ':') : NULL;

	return c ? c + 1 : "";
}

/* Marks each student whose recorded source is the same as an earlier
 * student's once comments and whitespace are set aside, for the same
 * function (what culab check and culab run warn of), from the results
 * alone: two kernels of one file are not copies of each other. */
static void copies(const struct model *m, struct pupil *p, size_t n)
{
	char (*fp)[65] = xcalloc(n, sizeof(*fp));

	for (size_t k = 0; k < n; k++) {
		const struct variant *v = model_variant(m, p[k].name);

		if (!v || !v->source_text ||
		    source_fingerprint(v->source_text, strlen(v->source_text),
				       fp[k]) < 0)
			fp[k][0] = '\0';
		for (size_t j = 0; j < k && fp[k][0] && !p[k].copy_of; j++)
			if (!strcmp(fp[j], fp[k]) &&
			    str_eq(function_of(m, p[j].name),
				   function_of(m, p[k].name)))
				p[k].copy_of = p[j].name;
	}
	free(fp);
}

/* The students of experiment `e` (every ladder of it), in the order of
 * their first row; the caller frees each's arrays and the list. */
static size_t pupils_of(const struct model *m, const char *e,
			struct pupil **out)
{
	struct pupil *p = NULL;
	size_t n = 0;

	for (size_t i = 0; i < m->nladders; i++) {
		const struct ladder *l = &m->ladders[i];

		if (!str_eq(l->experiment, e))
			continue;
		for (size_t j = 0; j < l->nitems; j++) {
			const struct item *it = l->items[j];
			size_t k;

			if (!item_submission(m, it))
				continue;
			for (k = 0; k < n && !str_eq(p[k].name, it->row->variant);
			     k++)
				;
			if (k == n) {
				p = xrealloc(p, (n + 1) * sizeof(*p));
				p[n++] = (struct pupil){ .name = it->row->variant,
							 .experiment = e };
			}
			p[k].l = xrealloc(p[k].l, (p[k].n + 1) * sizeof(*p[k].l));
			p[k].it = xrealloc(p[k].it, (p[k].n + 1) *
					   sizeof(*p[k].it));
			p[k].l[p[k].n] = l;
			p[k].it[p[k].n++] = it;
			p[k].ok += it->ok;
			p[k].impossible |= it->ok &&
					   user_impossible(m, it->row);
		}
	}
	copies(m, p, n);
	for (size_t k = 0; k < n; k++) {
		struct pupil *q = &p[k];

		q->score = score_of(m, q);
		for (size_t i = 1; i < q->n; i++) {
			const struct item *a = q->it[i], *b = q->it[q->rep];
			double sa = (double)a->row->n * a->row->m;
			double sb = (double)b->row->n * b->row->m;

			if ((a->ok && !b->ok) || (a->ok == b->ok && sa > sb))
				q->rep = i;
		}
		if (q->it[q->rep]->ok)
			q->line = lines_first(m, q->it[q->rep],
					      user_shows(m, q->l[q->rep],
							 q->it[q->rep],
							 "inflight"),
					      &q->file);
	}
	*out = p;
	return n;
}

static void pupils_free(struct pupil *p, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		free(p[k].l);
		free(p[k].it);
	}
	free(p);
}

static int by_score(const void *a, const void *b)
{
	const struct pupil *x = a, *y = b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return strcmp(x->name, y->name);
}

const char *class_chart_of(const struct model *m, const char *e)
{
	for (size_t i = 0; i < m->nclass_charts; i++)
		if (str_eq(m->class_chart_exp[i], e))
			return m->class_chart[i];
	return NULL;
}

size_t class_experiments(const struct model *m, const char **out,
				size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nladders; i++) {
		const struct ladder *l = &m->ladders[i];
		bool has = false, seen = false;

		for (size_t j = 0; j < l->nitems && !has; j++)
			has = item_submission(m, l->items[j]);
		for (size_t k = 0; k < n && !seen; k++)
			seen = str_eq(out[k], l->experiment);
		if (has && !seen && n < max)
			out[n++] = l->experiment;
	}
	return n;
}

/* The student's state in a few words: verified, or why not. */
static void state(struct sbuf *b, enum lang L, const struct model *m,
		  const struct pupil *p)
{
	(void)m;
	if (p->copy_of) {
		char *who = md_dup(p->copy_of);

		SAY(b, L, M_K_COPY, who);
		free(who);
		sbuf_add(b, "; ");
	}
	if (p->impossible)
		sbuf_add(b, say_text(L, M_K_IMPOSSIBLE));
	else if (p->ok == p->n)
		sbuf_add(b, say_text(L, M_K_VERIFIED));
	else {
		const struct item *bad = NULL;

		for (size_t i = 0; i < p->n && !bad; i++)
			if (!p->it[i]->ok)
				bad = p->it[i];
		status_text(b, L, bad);
	}
}

/* The student's main problem in words, appended to what, and its line
 * (0: none) with its file in *file: when a row failed, what
 * compute-sanitizer found first at a line in a failed row (the file as
 * the student's source names it); else what the diagnosis of the row
 * described finds first, at the line its counters per line name. */
static int pupil_problem(const struct model *m, const struct pupil *p,
			 enum lang L, bool plain, struct sbuf *what,
			 const char **file)
{
	const char *w;

	*file = NULL;
	if (p->ok < p->n) {
		for (size_t i = 0; i < p->n; i++) {
			const struct result_row *row = p->it[i]->row;
			const struct variant *v = model_variant(m, row->variant);
			const char *f = NULL, *src;
			int line;

			if (p->it[i]->ok ||
			    (line = sanitizer_problem(what, L, plain, row, &f)) <= 0)
				continue;
			src = v && v->source_file ? v->source_file : NULL;
			*file = src && f && !strcmp(path_base(src), f) ? src : f;
			return line;
		}
		return 0;
	}
	w = user_problem(m, p->l[p->rep], p->it[p->rep], L);
	if (!w)
		return 0;
	sbuf_add(what, w);
	*file = p->file;
	return p->line;
}

/* The main problem and its line, as table cells. */
static void problem(struct sbuf *b, enum lang L, const struct model *m,
		    const struct pupil *p, struct sbuf *line)
{
	const char *file;
	size_t len = b->len;
	int n = pupil_problem(m, p, L, false, b, &file);

	if (b->len == len)
		sbuf_add(b, "—");
	if (n > 0)
		sbuf_addf(line, "%d", n);
	else
		sbuf_add(line, "—");
}

void blk_class_table(const struct model *m, enum lang L, struct sbuf *b)
{
	const char *exps[64];
	size_t ne = class_experiments(m, exps, ARRAY_SIZE(exps));

	for (size_t e = 0; e < ne; e++) {
		struct pupil *p;
		size_t n = pupils_of(m, exps[e], &p);
		const struct ladder **lads = NULL;
		size_t nl = 0, ncols;
		const char **cells, *chart;
		bool *right;
		struct pool pool = { .n = 0 };

		/* the ladders of the experiment, a time column each */
		for (size_t i = 0; i < m->nladders; i++)
			if (str_eq(m->ladders[i].experiment, exps[e])) {
				lads = xrealloc(lads, (nl + 1) * sizeof(*lads));
				lads[nl++] = &m->ladders[i];
			}
		qsort(p, n, sizeof(*p), by_score);
		sbuf_add(b, "### ");
		SAY(b, L, M_K_HEAD, pool_md(&pool, exps[e]),
		    pool_md(&pool, lads[0]->family));
		sbuf_add(b, "\n\n");
		chart = class_chart_of(m, exps[e]);
		if (chart && (m->charts == CHARTS_DRAWN ||
			      m->charts == CHARTS_PENDING)) {
			sbuf_add(b, say_text(L, M_K_CHART));
			sbuf_add(b, "\n\n![");
			md_text(b, exps[e]);
			sbuf_addf(b, "](charts/%s.png)\n\n", chart);
		}
		ncols = 5 + nl;
		cells = xcalloc(ncols, sizeof(*cells));
		right = xcalloc(ncols, sizeof(*right));
		cells[0] = say_text(L, M_K_COL_STUDENT);
		cells[1] = say_text(L, M_K_COL_STATE);
		cells[2] = say_text(L, M_K_COL_SCORE);
		right[2] = true;
		for (size_t i = 0; i < nl; i++) {
			char *size = size_text(lads[i]->n, lads[i]->m,
					       lads[i]->matrix);
			struct sbuf h = SBUF_INIT;

			SAY(&h, L, M_K_COL_TIME, pool_md(&pool, lads[i]->dtype),
			    size);
			cells[3 + i] = pool_keep(&pool, sbuf_detach(&h));
			right[3 + i] = true;
			free(size);
		}
		cells[3 + nl] = say_text(L, M_K_COL_PROBLEM);
		cells[4 + nl] = say_text(L, M_K_COL_LINE);
		right[4 + nl] = true;
		table_row(b, cells, ncols);
		table_rule(b, right, ncols);
		for (size_t k = 0; k < n; k++) {
			struct sbuf c[3] = { SBUF_INIT, SBUF_INIT, SBUF_INIT };
			struct pool rp = { .n = 0 };

			cells[0] = student_link(&rp, L, p[k].name);
			state(&c[0], L, m, &p[k]);
			cells[1] = sbuf_str(&c[0]);
			cells[2] = pool_keep(&rp, xasprintf("%.1f", p[k].score));
			for (size_t i = 0; i < nl; i++) {
				const struct item *it = NULL;

				for (size_t j = 0; j < p[k].n && !it; j++)
					if (p[k].l[j] == lads[i])
						it = p[k].it[j];
				cells[3 + i] = !it ? "" : it->ok ?
					pool_keep(&rp,
						  xstrdup(FMT(item_ms(it), 4))) :
					"—";
			}
			problem(&c[1], L, m, &p[k], &c[2]);
			cells[3 + nl] = sbuf_str(&c[1]);
			cells[4 + nl] = sbuf_str(&c[2]);
			table_row(b, cells, ncols);
			for (size_t i = 0; i < 3; i++)
				sbuf_release(&c[i]);
			pool_release(&rp);
		}
		sbuf_addc(b, '\n');
		/* where each sits, at the size described */
		for (size_t k = 0; k < n; k++) {
			const struct item *it = p[k].it[p[k].rep];
			const struct ladder *l = p[k].l[p[k].rep];
			char *size = size_text(l->n, l->m, l->matrix);
			struct sbuf at = SBUF_INIT;

			if (!it->ok) {
				free(size);
				continue;
			}
			struct pool rp = { .n = 0 };

			user_place(&at, L, l, it);
			sbuf_add(b, "- ");
			SAY(b, L, M_K_PLACE, pool_md(&rp, p[k].name),
			    pool_md(&rp, l->dtype), size, sbuf_str(&at));
			sbuf_addc(b, '\n');
			sbuf_release(&at);
			pool_release(&rp);
			free(size);
		}
		sbuf_addc(b, '\n');
		free(cells);
		free(right);
		free(lads);
		pool_release(&pool);
		pupils_free(p, n);
	}
	block_trim(b);
}

void blk_class_score(const struct model *m, enum lang L, struct sbuf *b)
{
	const char *exps[64];
	size_t ne = class_experiments(m, exps, ARRAY_SIZE(exps));
	struct sbuf which = SBUF_INIT;

	if (!model_has_class(m))
		return;
	sbuf_add(b, say_text(L, M_K_SCORE));
	for (size_t e = 0; e < ne; e++)
		if (against_class(m, exps[e])) {
			if (which.len)
				sbuf_add(&which, ", ");
			md_text(&which, exps[e]);
		}
	if (which.len) {
		sbuf_add(b, "\n\n");
		SAY(b, L, M_K_SCORE_CLASS, sbuf_str(&which));
	}
	sbuf_release(&which);
}

/* ---- the gradebook ------------------------------------------------------ */

/* The student's state as one word for the gradebook. */
static const char *state_word(const struct pupil *p)
{
	static const char *const by_status[ROW__COUNT] = {
		[ROW_OK] = "unverified", [ROW_WRONG] = "wrong answer",
		[ROW_ERROR] = "error", [ROW_SKIPPED] = "not run",
	};

	if (p->impossible)
		return "impossible time";
	for (size_t i = 0; i < p->n; i++)
		if (!p->it[i]->ok)
			return (unsigned)p->it[i]->row->status < ROW__COUNT ?
			       by_status[p->it[i]->row->status] : "error";
	return "verified";
}

static void csv_field(struct sbuf *b, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		sbuf_add(b, s);
		return;
	}
	sbuf_addc(b, '"');
	for (; *s; s++) {
		if (*s == '"')
			sbuf_addc(b, '"');
		sbuf_addc(b, *s);
	}
	sbuf_addc(b, '"');
}

char *class_gradebook(const struct model *m)
{
	const char *exps[64];
	size_t ne = class_experiments(m, exps, ARRAY_SIZE(exps));
	struct sbuf b = SBUF_INIT;

	sbuf_add(&b, "student,experiment,state,score,rows,verified,"
		 "problem,line,file,copy_of\n");
	for (size_t e = 0; e < ne; e++) {
		struct pupil *p;
		size_t n = pupils_of(m, exps[e], &p);

		qsort(p, n, sizeof(*p), by_score);
		for (size_t k = 0; k < n; k++) {
			struct sbuf what = SBUF_INIT;
			const char *file;
			int line = pupil_problem(m, &p[k], EN, true, &what, &file);

			csv_field(&b, p[k].name);
			sbuf_addc(&b, ',');
			csv_field(&b, exps[e]);
			sbuf_addc(&b, ',');
			csv_field(&b, state_word(&p[k]));
			sbuf_addf(&b, ",%.1f,%zu,%zu,", p[k].score, p[k].n,
				  p[k].ok);
			csv_field(&b, sbuf_str(&what));
			sbuf_addc(&b, ',');
			if (line > 0)
				sbuf_addf(&b, "%d", line);
			sbuf_addc(&b, ',');
			csv_field(&b, line > 0 && file ? file : "");
			sbuf_addc(&b, ',');
			csv_field(&b, p[k].copy_of ? p[k].copy_of : "");
			sbuf_addc(&b, '\n');
			sbuf_release(&what);
		}
		pupils_free(p, n);
	}
	return sbuf_detach(&b);
}

/* ---- a page per student -------------------------------------------------- */

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

/* Copies text into b with every link to a page of the report
 * ("](report.", "](details.", "](class.", "](charts/") made relative to
 * a student's folder two levels down. */
static void relinked(struct sbuf *b, const char *text)
{
	static const char *const to[] = { "](report.", "](details.",
					   "](class.", "](charts/",
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

char *class_student_page(const struct model *m, const char *name,
			 enum lang L)
{
	const struct variant *v = model_variant(m, name);
	const char *title = v ? (L == ZH && v->title_zh ? v->title_zh :
				 v->title) : NULL;
	const char *code = L == ZH ? "zh" : "en";
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
