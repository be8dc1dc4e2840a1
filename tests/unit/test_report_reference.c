/* test_report_reference.c - a class's speed reference (issue 44,
 * report_reference.h): the fastest rung a student can match under the
 * class's launch, from the example class as recorded with its rounds
 * (tests/fixtures/recorded-2026-12-06/class-h200), whose file predates
 * the launch's record.  In memory only, never written to reports/: the
 * class's launch is added as a run now records it (`ceil(n / block)`
 * blocks of 256, one element per thread at every size), and each
 * expected reference is computed from the rows, by the time each is
 * graded by: the fastest verified rung that loads one element per
 * thread (rungs 3 to 6) where the launch is known, the fastest rung
 * (rung 12, which sizes its grid; without it, a rung of two per thread)
 * where it is not, with what separates a student from it in their "lost
 * points on". */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "report/report.h"
#include "report/report_int.h"
#include "results/results.h"
#include "base/util.h"
#include "ladder/ladder.h"
#include "report/report_grading.h"
#include "report/report_reference.h"
#include "report/report_reference_rule.h"
#include "class_fixture.h"

/* The class's launch as a run records it: one element per thread at
 * every size its rows have. */
static void add_launch(struct results *r)
{
	struct class_contract *c = &r->experiments[0].contract;

	/* the file predates "rubric", which marks a class's entry */
	r->experiments[0].has_class = true;
	assert_null(c->grid);
	c->grid = xstrdup("ceil(n / block)");
	c->block = 256;
	c->at = xcalloc(r->nrows + 1, sizeof(*c->at));
	for (size_t i = 0; i < r->nrows; i++) {
		bool seen = false;

		for (size_t k = 0; k < c->nat && !seen; k++)
			seen = c->at[k].n == r->rows[i].n;
		if (!seen)
			c->at[c->nat++] = (struct class_load){ r->rows[i].n, 1 };
	}
}

/* Rung `name`'s rows as not run, in memory: the example's fastest rung
 * everywhere is rung 12, which sizes its grid; without it the fastest is
 * a rung of two elements per thread (rung 7 or 9), the case the class's
 * launch of one element per thread must not be graded against. */
static void drop_rung(struct results *r, const char *name)
{
	size_t dropped = 0;

	for (size_t i = 0; i < r->nrows; i++)
		if (str_eq(r->rows[i].variant, name)) {
			r->rows[i].status = ROW_SKIPPED;
			dropped++;
		}
	assert_true(dropped > 0);
}

/* The fastest verified rung of l by the time it is graded by, of those
 * that load `loads` elements per thread (0: any rung). */
static const struct item *fastest_rung(const struct ladder *l, int loads)
{
	const struct item *best = NULL;
	double best_ms = NAN;

	for (size_t j = 0; j < l->nitems; j++) {
		const struct item *it = l->items[j];
		struct grade_time g;

		if (it->role != ROLE_RUNG || !it->ok || !it->v ||
		    (loads && it->v->first_loads != loads) ||
		    !item_grade_time(it, &g))
			continue;
		if (!best || g.ms < best_ms) {
			best = it;
			best_ms = g.ms;
		}
	}
	return best;
}

/* The file predates first_loads: the built-in rungs take this binary's
 * counts by name. */
static void test_loads_read(void **state)
{
	static const struct {
		const char *name;
		int loads;
	} want[] = {
		{ "reduce_interleaved_divergent", 1 },
		{ "reduce_shared_static", 1 }, { "reduce_shared_dynamic", 1 },
		{ "reduce_first_add", 2 }, { "reduce_warp_syncwarp", 2 },
		{ "reduce_shuffle", VARIANT_LOADS_ANY },
		{ "reduce_cub", VARIANT_LOADS_ANY }, { "ada", VARIANT_LOADS_ANY },
	};
	struct results r;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	for (size_t k = 0; k < ARRAY_SIZE(want); k++) {
		const struct variant *v = results_variant(&r, want[k].name);

		assert_non_null(v);
		if (v->first_loads != want[k].loads)
			fail_msg("%s: first_loads %d, want %d", want[k].name,
				 v->first_loads, want[k].loads);
	}
	assert_int_equal(r.experiments[0].contract.nat, 0);
	results_release(&r);
}

/* With the launch: every scored row's reference is the fastest rung of
 * one element per thread, where the fastest rung of all loads more; R
 * can only fall; the class page names it and why. */
static void test_reference_at_launch(void **state)
{
	struct results r, old;
	struct model m, mo;
	struct grade_class c, co;
	size_t scored = 0, moved = 0, two = 0, better = 0;
	int step = -1;
	bool one_step = true;
	char *dir, *en, *zh, want[160];

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r) || !read_recorded(CLASS_ROUNDS, &old))
		skip_test();
	drop_rung(&r, "reduce_shuffle");
	drop_rung(&old, "reduce_shuffle");
	add_launch(&r);
	model_build(&r, &m);
	model_build(&old, &mo);
	grade_class_build(&m, r.experiments[0].name, &c);
	grade_class_build(&mo, old.experiments[0].name, &co);
	assert_int_equal(c.n, co.n);
	for (size_t k = 0; k < c.n; k++) {
		const struct grade_student *s = &c.s[k], *so = NULL;

		for (size_t j = 0; j < co.n && !so; j++)
			if (str_eq(co.s[j].name, s->name))
				so = &co.s[j];
		assert_non_null(so);
		for (size_t i = 0; i < s->n; i++) {
			const struct grade_row *row = &s->rows[i];
			const struct item *one = fastest_rung(row->l, 1);
			const struct item *any = fastest_rung(row->l, 0);

			if (isnan(row->ratio))
				continue;
			scored++;
			assert_non_null(one);
			assert_ptr_equal(row->ref, one);
			assert_int_equal(row->ref_loads, 1);
			assert_int_equal(row->ref->v->first_loads, 1);
			/* without the launch: the fastest rung, as before */
			assert_string_equal(so->rows[i].ref->row->variant,
					    any->row->variant);
			assert_int_equal(so->rows[i].ref_loads, 0);
			moved += one != any;
			two += any->v->first_loads == 2;
			if (step < 0)
				step = one->row->step;
			one_step = one_step && step == one->row->step;
		}
		if (!isnan(s->R)) {
			assert_true(s->R <= so->R);
			better += s->R < so->R;
		}
	}
	assert_true(scored > 0);
	assert_int_equal(moved, scored);  /* the fastest rung loads more */
	assert_int_equal(two, scored);    /* and loads two */
	assert_true(better > 0);
	assert_int_equal(c.ref_loads, 1);
	assert_int_equal(co.ref_loads, 0);
	dir = render(&r);
	en = page(dir, "class.en.md");
	zh = page(dir, "class.zh.md");
	assert_non_null(en);
	assert_non_null(zh);
	EXPECT_IN(en, "The reference is the fastest built-in rung a kernel "
		  "can match under this class's launch, one element per thread "
		  "(`ceil(n / block)` blocks of 256): rung");
	if (one_step) {
		snprintf(want, sizeof(want), "blocks of 256): rung %d;", step);
		EXPECT_IN(en, want);
	}
	EXPECT_IN(en, "load two or more elements per thread, and CUB and "
		  "Thrust are libraries: neither is the reference.");
	EXPECT_IN(en, "their time over the reference's at that type and size");
	EXPECT_NOT_IN(en, "the fastest built-in rung's at that type");
	EXPECT_IN(zh, "参照是在本班级的启动方式下核函数能够达到的最快内置级，"
		  "即每个线程一个元素（`ceil(n / block)` 个线程块，每块 256 个"
		  "线程）");
	EXPECT_IN(zh, "而 CUB 与 Thrust 是库：都不是参照。");
	free(en);
	free(zh);
	remove_tree(dir);
	free(dir);
	grade_class_release(&c);
	grade_class_release(&co);
	model_release(&m);
	model_release(&mo);
	results_release(&r);
	results_release(&old);
}

/* Without the launch (the file as recorded): the fastest rung, said to
 * be so and why; a student the diagnosis finds nothing in is told what
 * separates them from it, the steps of the rungs faster than their
 * largest row, and never "the diagnosis names no cause". */
static void test_gap_without_launch(void **state)
{
	struct results r;
	struct model m;
	struct grade_class c;
	size_t gaps = 0;
	char *dir, *en;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	model_build(&r, &m);
	grade_class_build(&m, r.experiments[0].name, &c);
	for (size_t k = 0; k < c.n; k++) {
		const struct grade_student *s = &c.s[k];
		const struct grade_row *rep = &s->rows[s->rep];
		struct sbuf b = SBUF_INIT;
		const char *file;
		char want[64];

		grade_lost(&m, &c, s, EN, true, &b, &file);
		EXPECT_NOT_IN(sbuf_str(&b), "the diagnosis names no cause");
		EXPECT_NOT_IN(sbuf_str(&b), ", ,");    /* no name left empty */
		EXPECT_NOT_IN(sbuf_str(&b), "\\_");   /* plain: the gradebook's */
		if (strstr(sbuf_str(&b), "the reference's time")) {
			snprintf(want, sizeof(want), "the reference, rung %d, "
				 "loads ", rep->ref->row->step);
			EXPECT_IN(sbuf_str(&b), want);
			EXPECT_IN(sbuf_str(&b), "in its first pass; the rungs "
				  "faster than theirs there take these steps: "
				  "rung ");
			/* each rung named is faster than their row */
			for (size_t j = 0; j < rep->l->nitems; j++) {
				const struct item *it = rep->l->items[j];
				struct grade_time g;

				if (it->role != ROLE_RUNG || !it->ok ||
				    !item_grade_time(it, &g))
					continue;
				snprintf(want, sizeof(want), "rung %d, ",
					 it->row->step);
				/* beyond the 2 % a placement calls level */
				if (g.ms * 1.02 < rep->g.ms)
					EXPECT_IN(sbuf_str(&b), want);
				else
					EXPECT_NOT_IN(sbuf_str(&b), want);
			}
			gaps++;
		}
		sbuf_release(&b);
	}
	assert_true(gaps > 0);
	dir = render(&r);
	en = page(dir, "class.en.md");
	assert_non_null(en);
	EXPECT_IN(en, "The reference is the fastest verified built-in rung, "
		  "rung");
	EXPECT_IN(en, "these results were recorded before culab kept with "
		  "them how many elements the class's launch gives a thread");
	EXPECT_IN(en, "CUB and Thrust are libraries, not rungs: neither is "
		  "the reference.");
	free(en);
	remove_tree(dir);
	free(dir);
	grade_class_release(&c);
	model_release(&m);
	results_release(&r);
}

/* The launch survives results.json: written with the experiment,
 * read back the same. */
static void test_launch_kept(void **state)
{
	struct results r, back;
	char *text;

	(void)state;
	if (!read_recorded(CLASS_ROUNDS, &r))
		skip_test();
	add_launch(&r);
	text = json_results_encode(&r);
	assert_non_null(text);
	memset(&back, 0, sizeof(back));
	assert_int_equal(results_read_buffer("mem", text, strlen(text),
					     &back), 0);
	assert_string_equal(back.experiments[0].contract.grid,
			    "ceil(n / block)");
	assert_int_equal(back.experiments[0].contract.block, 256);
	assert_int_equal(back.experiments[0].contract.nat,
			 r.experiments[0].contract.nat);
	for (size_t k = 0; k < back.experiments[0].contract.nat; k++) {
		assert_int_equal(back.experiments[0].contract.at[k].n,
				 r.experiments[0].contract.at[k].n);
		assert_int_equal(back.experiments[0].contract.at[k].elements, 1);
	}
	assert_int_equal(results_variant(&back, "reduce_first_add")->first_loads,
			 2);
	free(text);
	results_release(&back);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loads_read),
		cmocka_unit_test(test_reference_at_launch),
		cmocka_unit_test(test_gap_without_launch),
		cmocka_unit_test(test_launch_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
