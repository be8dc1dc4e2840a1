/* signature.c - variants' signatures checked against measured counters.
 * See compare.h.  The signatures are the ones the results record for
 * their variants, so a results file is checked without the registry. */
#include "compare.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/strmap.h"
#include "base/util.h"

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

/* The ok rows by what they measured, so that finding a row's sibling is
 * a hash lookup, not a pass over the rows (quadratic in a crafted file):
 * `same` keys variant, experiment, type, shape and block; `any` the same
 * without the block.  Values: the first such row. */
struct row_index {
	struct strmap same, any;
	struct sbuf key;
};

static void row_key(struct sbuf *k, const char *variant,
		    const struct result_row *w, bool block)
{
	sbuf_reset(k);
	strmap_key_str(k, variant);
	strmap_key_str(k, w->experiment);
	strmap_key_str(k, w->dtype);
	strmap_key_u64(k, w->n);
	strmap_key_u64(k, w->m);
	if (block)
		strmap_key_u64(k, (uint64_t)(int64_t)w->block);
}

static void index_rows(const struct results *r, struct row_index *ix)
{
	for (size_t i = 0; i < r->nrows; i++) {
		const struct result_row *s = &r->rows[i];

		if (s->status != ROW_OK || !s->variant || !s->experiment ||
		    !s->dtype)
			continue;
		row_key(&ix->key, s->variant, s, true);
		strmap_putn(&ix->same, ix->key.buf, ix->key.len, i);
		row_key(&ix->key, s->variant, s, false);
		strmap_putn(&ix->any, ix->key.buf, ix->key.len, i);
	}
}

/* The ok row of variant `name` measured like w (same experiment, type,
 * shape; same block when it has one). */
static const struct result_row *sibling(const struct results *r,
					struct row_index *ix,
					const struct result_row *w,
					const char *name)
{
	size_t i;

	row_key(&ix->key, name, w, true);
	i = strmap_getn(&ix->same, ix->key.buf, ix->key.len);
	if (i == STRMAP_NONE) {
		row_key(&ix->key, name, w, false);
		i = strmap_getn(&ix->any, ix->key.buf, ix->key.len);
	}
	return i == STRMAP_NONE ? NULL : &r->rows[i];
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
	struct row_index ix = { STRMAP_INIT, STRMAP_INIT, SBUF_INIT };
	size_t n = 0, cap = 0, i, k;

	index_rows(r, &ix);
	for (i = 0; i < r->nrows; i++) {
		const struct result_row *w = &r->rows[i];
		const struct variant *v = results_variant(r, w->variant);

		if (!v || w->status != ROW_OK || !w->dtype || !w->experiment)
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
				const struct result_row *o = sibling(r, &ix, w,
								    x->than);

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
	strmap_release(&ix.same);
	strmap_release(&ix.any);
	sbuf_release(&ix.key);
	*out = c;
	return n;
}
