/* report_class_chart.c - the class's spread against the ladder: for each
 * experiment with a class, one chart of horizontal bars, a row per
 * built-in rung and per student, a panel per type and size side by side
 * (small multiples, up to CLASS_CHART_PANELS; a class measured at more
 * gets a panel per type at its largest size, up to three), sorted by
 * bandwidth at the first type's largest size.  A bar is the bandwidth of
 * the time the row is graded by (item_grade_time: the kernel's own where
 * the results keep it), so that the chart and the score agree.  Students
 * are one colour, rungs another, so that a glance shows who sits between
 * which rungs; a student whose row did not verify keeps a row, marked
 * failed, with no bar.  See report_int.h. */
#include "report_grading.h"
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Panels of one class chart at most: four side by side still give each
 * panel ~145 px of the A4 width's 700 beside the names. */
#define CLASS_CHART_PANELS 4
/* Panels of the fallback, a type at its largest size each. */
#define CLASS_CHART_TYPES 3

/* One row of the chart: a rung or a student, and its value per panel. */
struct crow {
	const char *name;
	bool student;
	bool ok;                         /* verified in the sorting panel */
	double gbps[CLASS_CHART_PANELS];
};

/* Whether ladder a comes before b: by type as the model orders them,
 * then by size. */
static bool before(const struct ladder *a, const struct ladder *b)
{
	if (!str_eq(a->dtype, b->dtype))
		return false;
	return (double)a->n * a->m < (double)b->n * b->m;
}

/* The ladders of experiment e drawn, into out[], and the panel the rows
 * are sorted by (*key: the first type's largest size): every type and
 * size when they fit CLASS_CHART_PANELS, else per type the largest. */
static size_t chart_ladders(const struct model *m, const char *e,
			    const struct ladder **out, size_t *key)
{
	const struct ladder **all = xcalloc(m->nladders ? m->nladders : 1,
					    sizeof(*all));
	size_t n = 0, na = 0;

	for (size_t i = 0; i < m->nladders; i++)
		if (str_eq(m->ladders[i].experiment, e))
			all[na++] = &m->ladders[i];
	if (na <= CLASS_CHART_PANELS) {
		/* by type in the model's order, sizes ascending */
		for (size_t i = 0; i < na; i++) {
			size_t at = n;

			for (size_t k = 0; k < n; k++)
				if (before(all[i], out[k])) {
					at = k;
					break;
				}
			memmove(&out[at + 1], &out[at],
				(n - at) * sizeof(*out));
			out[at] = all[i];
			n++;
		}
	} else {
		for (size_t i = 0; i < na; i++) {
			const struct ladder *l = all[i];
			size_t k;

			for (k = 0; k < n && !str_eq(out[k]->dtype, l->dtype); k++)
				;
			if (k < n) {
				if ((double)l->n * l->m >
				    (double)out[k]->n * out[k]->m)
					out[k] = l;
			} else if (n < CLASS_CHART_TYPES) {
				out[n++] = l;
			}
		}
	}
	*key = 0;
	for (size_t k = 1; k < n; k++)
		if (str_eq(out[k]->dtype, out[0]->dtype))
			*key = k;
	free(all);
	return n;
}

bool class_chart_every_size(const struct model *m, const char *e)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nladders; i++)
		n += str_eq(m->ladders[i].experiment, e);
	return n <= CLASS_CHART_PANELS;
}

/* The row named `name` of rows[0..*n), added when missing. */
static struct crow *crow_of(struct crow **rows, size_t *n, const char *name,
			    bool student)
{
	for (size_t i = 0; i < *n; i++)
		if (str_eq((*rows)[i].name, name) &&
		    (*rows)[i].student == student)
			return &(*rows)[i];
	*rows = xrealloc(*rows, (*n + 1) * sizeof(**rows));
	(*rows)[*n] = (struct crow){ .name = name, .student = student };
	for (int k = 0; k < CLASS_CHART_PANELS; k++)
		(*rows)[*n].gbps[k] = NAN;
	return &(*rows)[(*n)++];
}

/* The panel rows are sorted by (qsort has no context). */
static size_t sort_key;

/* Fastest first; failed students last, by name. */
static int by_speed(const void *a, const void *b)
{
	const struct crow *x = a, *y = b;
	double gx = x->gbps[sort_key], gy = y->gbps[sort_key];
	bool fx = isfinite(gx), fy = isfinite(gy);

	if (fx != fy)
		return fx ? -1 : 1;
	if (fx && gx != gy)
		return gx > gy ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The bandwidth of the time item it is graded by, GB/s; NAN without. */
static double graded_gbps(const struct item *it)
{
	struct grade_time g;

	if (!it->ok || !item_grade_time(it, &g))
		return NAN;
	return it->row->bytes > 0 ? it->row->bytes / g.ms / 1e6 :
	       it->row->gbps > 0 ? it->row->gbps : NAN;
}

/* "rung: NAME" without the family's prefix, or the student's name. */
static char *row_label(const char *fam, const struct crow *r)
{
	size_t n = strlen(fam);

	if (!r->student)
		return xasprintf("rung: %s", strncmp(r->name, fam, n) == 0 &&
				 r->name[n] == '_' ? r->name + n + 1 : r->name);
	return r->ok ? xstrdup(r->name) : xasprintf("%s (failed)", r->name);
}

static void chart_experiment(struct model *m, struct plot_set *set,
			     const char *e)
{
	const struct ladder *lads[CLASS_CHART_PANELS];
	size_t key, nl = chart_ladders(m, e, lads, &key), nr = 0;
	struct crow *rows = NULL;
	struct plot_chart *c;
	char *name;

	for (size_t p = 0; p < nl; p++)
		for (size_t j = 0; j < lads[p]->nitems; j++) {
			const struct item *it = lads[p]->items[j];
			bool student = item_submission(m, it);
			struct crow *r;
			double v;

			if (!student && it->role != ROLE_RUNG)
				continue;
			r = crow_of(&rows, &nr, it->row->variant, student);
			if (p == key)
				r->ok = r->ok || it->ok;
			v = graded_gbps(it);
			if (isfinite(v) && !(r->gbps[p] >= v))
				r->gbps[p] = v;
		}
	if (!nr) {
		free(rows);
		return;
	}
	sort_key = key;
	qsort(rows, nr, sizeof(*rows), by_speed);
	name = xasprintf("class-%s", e);
	c = plot_chart_add(set, name, NULL);
	free(name);
	for (size_t p = 0; p < nl; p++) {
		char *size = size_text_as(lads[p]->n, lads[p]->m,
					  lads[p]->matrix, true);
		char *title = nl > CLASS_CHART_TYPES ?
			      xasprintf("%s, %s", lads[p]->dtype, size) :
			      xasprintf("%s / %s, %s", lads[p]->family,
					lads[p]->dtype, size);
		struct plot_panel *pn = plot_panel_add(c, PLOT_HBARS, title,
						       NULL, "GB/s");
		/* the key once, under the first panel */
		struct plot_series *ss = plot_series_add(pn, p ? "" :
							 "students", PLOT_SOLID);
		struct plot_series *sr = plot_series_add(pn, p ? "" :
							 "built-in rungs",
							 PLOT_SOLID);

		free(title);
		free(size);
		plot_series_labels(ss, PLOT_LABELS_VALUE);
		plot_series_labels(sr, PLOT_LABELS_VALUE);
		for (size_t i = 0; i < nr; i++) {
			char *label = row_label(lads[0]->family, &rows[i]);
			size_t at = plot_panel_category(pn, label);

			free(label);
			if (isfinite(rows[i].gbps[p]))
				plot_series_point(rows[i].student ? ss : sr,
						  (double)at, rows[i].gbps[p]);
		}
	}
	if (plot_chart_drawable(c)) {
		size_t k = m->nclass_charts++;

		m->class_chart = xrealloc(m->class_chart, m->nclass_charts *
					  sizeof(*m->class_chart));
		m->class_chart_exp = xrealloc(m->class_chart_exp,
					      m->nclass_charts *
					      sizeof(*m->class_chart_exp));
		m->class_chart[k] = plot_chart_name(c);
		m->class_chart_exp[k] = e;
	}
	free(rows);
}

void class_charts(struct model *m, struct plot_set *set)
{
	const char **exps;
	size_t n = class_experiments(m, &exps);

	for (size_t i = 0; i < n; i++)
		chart_experiment(m, set, exps[i]);
	free(exps);
}
