/* report_class_chart.c - the class's spread against the ladder: for each
 * experiment with a class, one chart of horizontal bars, a row per
 * built-in rung and per student, sorted by bandwidth at the first type's
 * largest size, a panel per type beside it (up to three).  Students are
 * one colour, rungs another, so that a glance shows who sits between
 * which rungs; a student whose row did not verify keeps a row, marked
 * failed, with no bar.  See report_int.h. */
#include "report_grading.h"
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define CLASS_CHART_PANELS 3

/* One row of the chart: a rung or a student, and its value per panel. */
struct crow {
	const char *name;
	bool student;
	bool ok;                         /* verified in the first panel */
	double gbps[CLASS_CHART_PANELS];
};

/* The ladders of experiment e drawn: per type, the largest size. */
static size_t chart_ladders(const struct model *m, const char *e,
			    const struct ladder **out)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nladders; i++) {
		const struct ladder *l = &m->ladders[i];
		size_t k;

		if (!str_eq(l->experiment, e))
			continue;
		for (k = 0; k < n && !str_eq(out[k]->dtype, l->dtype); k++)
			;
		if (k < n) {
			if ((double)l->n * l->m > (double)out[k]->n * out[k]->m)
				out[k] = l;
		} else if (n < CLASS_CHART_PANELS) {
			out[n++] = l;
		}
	}
	return n;
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

/* Fastest first; failed students last, by name. */
static int by_speed(const void *a, const void *b)
{
	const struct crow *x = a, *y = b;
	bool fx = isfinite(x->gbps[0]), fy = isfinite(y->gbps[0]);

	if (fx != fy)
		return fx ? -1 : 1;
	if (fx && x->gbps[0] != y->gbps[0])
		return x->gbps[0] > y->gbps[0] ? -1 : 1;
	return strcmp(x->name, y->name);
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
	size_t nl = chart_ladders(m, e, lads), nr = 0;
	struct crow *rows = NULL;
	struct plot_chart *c;
	char *name;

	for (size_t p = 0; p < nl; p++)
		for (size_t j = 0; j < lads[p]->nitems; j++) {
			const struct item *it = lads[p]->items[j];
			bool student = item_submission(m, it);
			struct crow *r;

			if (!student && it->role != ROLE_RUNG)
				continue;
			r = crow_of(&rows, &nr, it->row->variant, student);
			if (p == 0)
				r->ok = r->ok || it->ok;
			if (it->ok && !(r->gbps[p] >= it->row->gbps))
				r->gbps[p] = it->row->gbps;
		}
	if (!nr || m->nclass_charts >= ARRAY_SIZE(m->class_chart)) {
		free(rows);
		return;
	}
	qsort(rows, nr, sizeof(*rows), by_speed);
	name = xasprintf("class-%s", e);
	c = plot_chart_add(set, name, NULL);
	free(name);
	for (size_t p = 0; p < nl; p++) {
		char *size = size_text_as(lads[p]->n, lads[p]->m,
					  lads[p]->matrix, true);
		char *title = xasprintf("%s / %s, %s", lads[p]->family,
					lads[p]->dtype, size);
		struct plot_panel *pn = plot_panel_add(c, PLOT_HBARS, title,
						       NULL, "GB/s");
		struct plot_series *ss = plot_series_add(pn, "students",
							 PLOT_SOLID);
		struct plot_series *sr = plot_series_add(pn, "built-in rungs",
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
		m->class_chart[m->nclass_charts] = plot_chart_name(c);
		m->class_chart_exp[m->nclass_charts++] = e;
	}
	free(rows);
}

void class_charts(struct model *m, struct plot_set *set)
{
	const char *exps[16];
	size_t n = class_experiments(m, exps, ARRAY_SIZE(exps));

	for (size_t i = 0; i < n; i++)
		chart_experiment(m, set, exps[i]);
}
