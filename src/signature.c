/* signature.c - variants' signatures checked against measured counters.
 * See signature.h.  The signatures are the ones the results record for
 * their variants, so a results file is checked without the registry. */
#include "signature.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

const char *sig_verdict_name(enum sig_verdict v)
{
	switch (v) {
	case SIG_PASS: return "pass";
	case SIG_FAIL: return "FAIL";
	default: return "missing";
	}
}

double row_column(const struct result_row *w, const char *name)
{
	for (size_t i = 0; i < w->ncolumns; i++)
		if (strcmp(w->columns[i].name, name) == 0)
			return w->columns[i].value;
	return NAN;
}

/* The ok row of variant `name` measured like w (same experiment, type,
 * shape; same block when it has one). */
static const struct result_row *sibling(const struct results *r,
					const struct result_row *w,
					const char *name)
{
	const struct result_row *any = NULL;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct result_row *s = &r->rows[i];

		if (s->status != ROW_OK || !s->variant || !s->experiment ||
		    !s->dtype || strcmp(s->variant, name) ||
		    strcmp(s->experiment, w->experiment) ||
		    strcmp(s->dtype, w->dtype) || s->n != w->n || s->m != w->m)
			continue;
		if (s->block == w->block)
			return s;
		if (!any)
			any = s;
	}
	return any;
}

static bool compare(double a, const char *op, double b)
{
	if (!strcmp(op, "<"))
		return a < b;
	if (!strcmp(op, "<="))
		return a <= b;
	if (!strcmp(op, ">"))
		return a > b;
	if (!strcmp(op, ">="))
		return a >= b;
	return false;
}

size_t signature_check_all(const struct results *r, struct sig_check **out)
{
	struct sig_check *c = NULL;
	size_t n = 0, cap = 0, i, k;

	for (i = 0; i < r->nrows; i++) {
		const struct result_row *w = &r->rows[i];
		const struct variant *v = results_variant(r, w->variant);

		if (!v || w->status != ROW_OK || !w->dtype || !w->experiment ||
		    strcmp(w->dtype, "float"))
			continue;
		for (k = 0; k < VARIANT_MAX_EXPECT && v->expect[k].column; k++) {
			const struct expect *x = &v->expect[k];
			enum dtype t;
			struct sig_check *s;

			if (dtype_parse(w->dtype, &t) < 0 ||
			    !expect_applies(v, x, t, (size_t)w->n, (size_t)w->m))
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 32;
				c = xrealloc(c, cap * sizeof(*c));
			}
			s = &c[n++];
			s->row = i;
			s->v = v;
			s->x = x;
			s->value = row_column(w, x->column);
			s->bound = x->value;
			if (x->than) {
				const struct result_row *o = sibling(r, w, x->than);

				s->bound = o ? x->value * row_column(o, x->column) :
					       NAN;
			}
			if (isnan(s->value) || isnan(s->bound))
				s->verdict = SIG_MISSING;
			else
				s->verdict = compare(s->value, x->op, s->bound) ?
					SIG_PASS : SIG_FAIL;
		}
	}
	*out = c;
	return n;
}
