/* lines_fixture.h - a row's lines made by hand, and the comparison of
 * two rows' lines, for the tests of counters per source line
 * (test_lines.c, test_lines_children.c).  Static functions in a header,
 * as rows_fixture.h, because the Makefile builds each tests/unit/test_*.c
 * on its own.  Include after <cmocka.h>. */
#ifndef CULAB_TEST_LINES_FIXTURE_H
#define CULAB_TEST_LINES_FIXTURE_H

#include <math.h>

#include "base/util.h"
#include "counters/per_line.h"
#include "results/results.h"

/* Lines of one kernel, _Z1Av, launched once with 100 warps: two
 * metrics, inst_executed and global_sectors, over lines 10 and 12 of
 * kernels/k.cu and an instruction of no line. */
static inline void some_lines(struct source_lines *l)
{
	static const char *const two[] = { "inst_executed",
					   "global_sectors" };
	static const double a0[] = { 100, 0 }, a1[] = { 200, 400 },
			    a2[] = { 100, 8 };
	const struct lines_pc pcs[] = {
		{ "_Z1Av", 0x00, "kernels/k.cu", 10, a0 },
		{ "_Z1Av", 0x10, "kernels/k.cu", 12, a1 },
		{ "_Z1Av", 0x20, NULL, 0, a2 },
	};
	const struct lines_launch_rec launches[] = { { "_Z1Av", 100 } };

	lines_aggregate(pcs, ARRAY_SIZE(pcs), two, 2, launches, 1, l);
	l->seconds = 0.75;
	l->collect_seconds = 0.125;
}

/* a and b are the same lines: results.json's reals to 10 digits. */
static inline void assert_lines_equal(const struct source_lines *a,
				      const struct source_lines *b)
{
	assert_int_equal(a->recorded, b->recorded);
	if (a->status || b->status)
		assert_string_equal(a->status, b->status);
	/* results.json keeps 10 digits of a real */
	assert_true(fabs(a->seconds - b->seconds) <= 1e-9 * fabs(a->seconds) ||
		    (isnan(a->seconds) && isnan(b->seconds)));
	assert_true(fabs(a->collect_seconds - b->collect_seconds) <=
		    1e-9 * fabs(a->collect_seconds) ||
		    (isnan(a->collect_seconds) && isnan(b->collect_seconds)));
	assert_int_equal(a->launches, b->launches);
	assert_int_equal(a->nlaunched, b->nlaunched);
	for (size_t i = 0; i < a->nlaunched; i++) {
		assert_string_equal(a->launched[i].kernel, b->launched[i].kernel);
		assert_true(a->launched[i].warps == b->launched[i].warps);
	}
	assert_int_equal(a->nmetrics, b->nmetrics);
	for (size_t i = 0; i < a->nmetrics; i++)
		assert_string_equal(a->metrics[i], b->metrics[i]);
	assert_int_equal(a->nkernels, b->nkernels);
	for (size_t k = 0; k < a->nkernels; k++) {
		const struct line_kernel *x = &a->kernels[k], *y = &b->kernels[k];

		assert_string_equal(x->kernel, y->kernel);
		assert_string_equal(x->symbol, y->symbol);
		assert_int_equal(x->nlaunches, y->nlaunches);
		assert_true(x->warps == y->warps ||
			    (isnan(x->warps) && isnan(y->warps)));
		for (size_t i = 0; i < x->nlaunches; i++)
			assert_int_equal(x->launches[i], y->launches[i]);
		assert_int_equal(x->nlines, y->nlines);
		for (size_t i = 0; i < x->nlines; i++) {
			assert_true(!x->lines[i].file == !y->lines[i].file);
			if (x->lines[i].file)
				assert_string_equal(x->lines[i].file,
						    y->lines[i].file);
			assert_int_equal(x->lines[i].line, y->lines[i].line);
			assert_int_equal(x->lines[i].pcs, y->lines[i].pcs);
			for (size_t m = 0; m < a->nmetrics; m++)
				assert_true(x->lines[i].values[m] ==
					    y->lines[i].values[m]);
		}
	}
}

#endif
