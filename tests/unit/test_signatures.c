/* test_signatures.c - the registry's counter signatures (struct expect
 * lines, src/ladder/variants_*.c) hold on every recorded int and double
 * row they apply to.
 *
 * `culab verify` and the report check the lines a results file recorded
 * with its variants, so a line added to the registry applies only to new
 * runs; `make test-gpu` asserts the new lines on the GPU later.  This test
 * applies today's registry lines to the rows recorded on an H100 and an
 * H200 (reports/examples/{h100,h200}, the quick fixture and the exercise,
 * as they stand), so a line whose physics does not hold for 4-byte int or
 * 8-byte double fails here first.  It also checks that every type is
 * checked at all: signatures are no longer stated for float only. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "compare/compare.h"
#include "ladder/ladder.h"
#include "results/results.h"
#include "base/dtype.h"
#include "base/util.h"
#include "report_check.h"

static const char *const recorded[] = {
	"reports/examples/h100/results.json",
	"reports/examples/h200/results.json",
	"tests/fixtures/quick/results.json",
	"reports/examples/exercise/results.json",
};

/* The ok row of variant `name` measured like w (experiment, type, size). */
static const struct result_row *sibling(const struct results *r,
					const struct result_row *w,
					const char *name)
{
	for (size_t i = 0; i < r->nrows; i++) {
		const struct result_row *s = &r->rows[i];

		if (s->status == ROW_OK && !strcmp(s->variant, name) &&
		    !strcmp(s->experiment, w->experiment) &&
		    !strcmp(s->dtype, w->dtype) && s->n == w->n && s->m == w->m)
			return s;
	}
	return NULL;
}

static bool holds(double a, const char *op, double b)
{
	if (!strcmp(op, "<"))
		return a < b;
	if (!strcmp(op, "<="))
		return a <= b;
	if (!strcmp(op, ">"))
		return a > b;
	if (!strcmp(op, ">="))
		return a >= b;
	fail_msg("%s:%d: unknown op %s", __FILE__, __LINE__, op);
	return false;
}

/* Applies every registry line to every ok int and double row of one
 * recorded file; counts the checks per type in checked[]. */
static void check_file(const char *rel, size_t checked[DTYPE__COUNT])
{
	struct results r;

	if (!read_recorded(rel, &r))
		return;
	for (size_t i = 0; i < r.nrows; i++) {
		const struct result_row *w = &r.rows[i];
		const struct variant *v = registry_find(w->variant);
		enum dtype t;

		if (!v || w->status != ROW_OK || w->counters_status ||
		    dtype_parse(w->dtype, &t) < 0 || t == DTYPE_FLOAT)
			continue;
		for (size_t k = 0; k < VARIANT_MAX_EXPECT && v->expect[k].column;
		     k++) {
			const struct expect *x = &v->expect[k];
			double val = row_column(w, x->column), bound = x->value;

			if (!expect_applies(v, x, t, (size_t)w->n, (size_t)w->m))
				continue;
			if (x->than) {
				const struct result_row *o = sibling(&r, w, x->than);

				bound = o ? x->value * row_column(o, x->column) : NAN;
			}
			if (isnan(val) || isnan(bound))
				continue;       /* not collected: verify says so */
			checked[t]++;
			if (!holds(val, x->op, bound))
				fail_msg("%s:%d: %s: %s %s n=%llu m=%llu: %s = %g, "
					 "want %s %g%s%s", __FILE__, __LINE__, rel,
					 w->variant, w->dtype,
					 (unsigned long long)w->n,
					 (unsigned long long)w->m, x->column, val,
					 x->op, bound, x->than ? " x " : "",
					 x->than ? x->than : "");
		}
	}
	results_release(&r);
}

static void test_registry_lines_hold(void **state)
{
	size_t checked[DTYPE__COUNT] = { 0 };

	(void)state;
	for (size_t f = 0; f < sizeof(recorded) / sizeof(recorded[0]); f++)
		check_file(recorded[f], checked);
	/* both types are checked, with the lines this issue added among
	 * them (the recorded H100 and H200 ladders alone give dozens) */
	if (checked[DTYPE_INT] < 40 || checked[DTYPE_DOUBLE] < 40)
		fail_msg("%s:%d: too few checks: int %zu, double %zu", __FILE__,
			 __LINE__, checked[DTYPE_INT], checked[DTYPE_DOUBLE]);
}

/* The lines that state int and double physics exist: conflict-free
 * sequential addressing of 8-byte partial sums, and rows of 8-byte
 * doubles in the transposes. */
static void test_wide_lines_exist(void **state)
{
	static const struct {
		const char *variant, *column;
		enum dtype t;
	} want[] = {
		{ "reduce_shared_static", "bank_conflicts_per_shared_ld", DTYPE_INT },
		{ "reduce_shared_static", "bank_conflicts_per_shared_ld", DTYPE_DOUBLE },
		{ "reduce_grid_stride", "bank_conflicts_per_shared_ld", DTYPE_DOUBLE },
		{ "transpose_naive", "gld_sectors_per_request", DTYPE_DOUBLE },
		{ "transpose_naive_ldg", "gst_sectors_per_request", DTYPE_DOUBLE },
		{ "transpose_tile", "gld_sectors_per_request", DTYPE_DOUBLE },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct variant *v = registry_find(want[i].variant);
		bool found = false;

		assert_non_null(v);
		for (size_t k = 0; k < VARIANT_MAX_EXPECT && v->expect[k].column; k++)
			found |= !strcmp(v->expect[k].column, want[i].column) &&
				 v->expect[k].dtypes & DTYPE_BIT(want[i].t);
		if (!found)
			fail_msg("%s:%d: no %s line of %s for %s", __FILE__,
				 __LINE__, want[i].column, want[i].variant,
				 dtype_name(want[i].t));
	}
}

/* signature_check_all checks every type a recorded line applies to, not
 * float alone: the recorded H100 int rows have checks. */
static void test_all_types_checked(void **state)
{
	struct results r;
	struct sig_check *c;
	size_t n, per[DTYPE__COUNT] = { 0 };

	(void)state;
	if (!read_recorded(recorded[0], &r))
		skip();
	n = signature_check_all(&r, &c);
	for (size_t i = 0; i < n; i++) {
		enum dtype t;

		if (dtype_parse(r.rows[c[i].row].dtype, &t) == 0)
			per[t]++;
		assert_int_not_equal(c[i].verdict, SIG_FAIL);
	}
	assert_true(per[DTYPE_INT] > 0);
	assert_true(per[DTYPE_DOUBLE] > 0);
	free(c);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry_lines_hold),
		cmocka_unit_test(test_wide_lines_exist),
		cmocka_unit_test(test_all_types_checked),
	};

	return cmocka_run_group_tests_name("signatures", tests, NULL, NULL);
}
