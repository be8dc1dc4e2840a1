/* test_ukernel.c - the user's kernels without a GPU: loading (labels,
 * registry rows, one kernel for an item named twice), preparing
 * (instances, the cache), geometry and scratch sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "experiment/experiment.h"
#include "base/hash.h"
#include "plan/plan.h"
#include "ladder/kcompile.h"
#include "ladder/ladder.h"
#include "base/util.h"

#include "tmpdir.h"

static struct ukernel *kernel_named(const struct experiment_file *f,
				    const char *label)
{
	for (size_t i = 0; i < f->nkernels; i++)
		if (strcmp(f->kernels[i]->label, label) == 0)
			return f->kernels[i];
	return NULL;
}

/* A class's two files of one name get labels with their directories; the
 * rows are VF_USER rows of the registry until the file is released. */
static void test_class_labels(void **state)
{
	struct experiment_file f;
	size_t n0, n1;
	struct ukernel *a, *b;
	const struct variant *row;

	(void)state;
	registry_all(&n0);
	assert_int_equal(experiment_load("tests/good/class.yaml", &f), 0);
	assert_int_equal(f.nkernels, 2);
	a = kernel_named(&f, "alice.reduce.sum");
	b = kernel_named(&f, "bob.reduce.sum");
	assert_non_null(a);
	assert_non_null(b);
	row = registry_find("bob.reduce.sum");
	assert_ptr_equal(row, b->row);
	assert_ptr_equal(row->ctx, b);
	assert_true(row->flags & VF_USER);
	assert_true(row->flags & VF_BLOCK);
	assert_false(row->flags & (VF_HOST_STEP | VF_IN_PLACE));
	assert_int_equal(row->block_default, 128);
	assert_string_equal(row->source, "tests/good/kernels/bob/reduce.cu:sum");
	/* and the source it compiles, which the results keep for a rerun */
	{
		char *text = NULL, sha[65];
		size_t len = 0;

		assert_int_equal(read_file("tests/good/kernels/bob/reduce.cu",
					   1 << 20, &text, &len), 0);
		assert_int_equal(sha256_hex(text, len, sha), 0);
		assert_string_equal(row->source_file,
				    "tests/good/kernels/bob/reduce.cu");
		assert_string_equal(row->source_text, text);
		assert_string_equal(row->source_sha256, sha);
		free(text);
	}
	assert_int_equal(row->step, 0);
	/* the item named again by the second experiment is the same row */
	assert_int_equal(f.exps[1].nvariants, 1);
	assert_ptr_equal(f.exps[1].variants[0], row);
	/* built-in rungs first, then the user's, in the order listed */
	assert_int_equal(f.exps[0].nvariants, 4);
	assert_string_equal(f.exps[0].variants[2]->name, "alice.reduce.sum");
	assert_string_equal(f.exps[0].variants[3]->name, "bob.reduce.sum");
	registry_all(&n1);
	assert_int_equal(n1, n0 + 2);
	experiment_file_release(&f);
	registry_all(&n1);
	assert_int_equal(n1, n0);
	assert_null(registry_find("bob.reduce.sum"));
}

/* `variants: all` never takes the user's rows of another experiment. */
static void test_all_is_builtin(void **state)
{
	static const char text[] =
		"experiments:\n"
		"  - name: a\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    sizes: [100]\n"
		"    kernels:\n"
		"      - {source: kernels/alice/reduce.cu, function: sum, finish: atomic}\n"
		"  - name: b\n"
		"    family: reduce\n"
		"    sizes: [100]\n";
	struct experiment_file f;
	size_t nb;

	(void)state;
	registry_builtin(&nb);
	assert_int_equal(experiment_load_buffer("tests/good/mem.yaml", text,
						sizeof(text) - 1, &f), 0);
	assert_int_equal(f.exps[0].nvariants, 1);
	for (size_t i = 0; i < f.exps[1].nvariants; i++)
		assert_false(f.exps[1].variants[i]->flags & VF_USER);
	assert_string_equal(f.exps[0].variants[0]->name, "reduce.sum");
	experiment_file_release(&f);
}

/* Preparing compiles one instance per type, and per block where a -D
 * value uses it; a second preparation comes from the cache. */
static void test_prepare_and_cache(void **state)
{
	char dir[] = "/tmp/culab-ukernel.XXXXXX";
	struct plan_options po = { .counters = true };
	struct experiment_file f;
	struct ukernel_stats st;
	struct plan p;

	(void)state;
	assert_non_null(mkdtemp(dir));
	setenv("CULAB_CACHE_DIR", dir, 1);
	for (int pass = 0; pass < 2; pass++) {
		assert_int_equal(experiment_load("tests/good/class.yaml", &f), 0);
		plan_build(&f, &po, &p);
		assert_int_equal(plan_prepare_kernels(&p, "sm_90", &st), 0);
		assert_int_equal(st.kernels, 2);
		assert_int_equal(st.instances, 8);
		assert_int_equal(st.cache_hits, pass ? 8 : 0);
		/* bob's -D value uses the block: one instance per block */
		assert_non_null(ukernel_inst(kernel_named(&f, "bob.reduce.sum"),
					     DTYPE_FLOAT, 64, false));
		assert_null(ukernel_inst(kernel_named(&f, "bob.reduce.sum"),
					 DTYPE_FLOAT, 512, false));
		assert_non_null(ukernel_inst(kernel_named(&f, "alice.reduce.sum"),
					     DTYPE_INT, 999, false));
		plan_release(&p);
		experiment_file_release(&f);
	}
	setenv("CULAB_CACHE_DIR", "off", 1);
	assert_int_equal(remove_tree(dir), 0);
}

/* Relaunch passes shrink to one block; scratch is the two partial
 * buffers; host finishes need pinned room for the partial sums. */
static void test_passes_and_scratch(void **state)
{
	static const char text[] =
		"experiments:\n"
		"  - name: a\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    types: [int, float]\n"
		"    sizes: [100000000]\n"
		"    kernels:\n"
		"      - {source: kernels/alice/reduce.cu, function: sum, label: r,\n"
		"         finish: relaunch, grid: \"ceil(n / (2 * block))\"}\n"
		"      - {source: kernels/alice/reduce.cu, function: sum, label: h,\n"
		"         finish: host, block: 128}\n";
	struct experiment_file f;
	struct uk_pass p[UKERNEL_MAX_PASSES];
	struct kernel_args a = { .dtype = DTYPE_INT, .n = 100000000, .m = 1,
				 .block = 256, .sm_count = 132 };
	char why[256];
	size_t np;

	(void)state;
	assert_int_equal(experiment_load_buffer("tests/good/mem.yaml", text,
						sizeof(text) - 1, &f), 0);
	a.ctx = kernel_named(&f, "r");
	assert_int_equal(ukernel_passes(a.ctx, &a, p, &np, why, sizeof(why)), 0);
	assert_int_equal(np, 3);
	assert_int_equal(p[0].g.grid[0], 195313);
	assert_int_equal(p[1].n, 195313);
	assert_int_equal(p[1].g.grid[0], 382);
	assert_int_equal(p[2].g.grid[0], 1);
	assert_false(p[0].acc_pass);
	assert_true(p[1].acc_pass && p[2].acc_pass);     /* int: 64-bit sums */
	assert_int_equal(ukernel_work(&a), (195313 + 382) * 8);
	assert_int_equal(ukernel_host(&a), 0);
	a.dtype = DTYPE_FLOAT;
	assert_int_equal(ukernel_passes(a.ctx, &a, p, &np, why, sizeof(why)), 0);
	assert_false(p[1].acc_pass);
	assert_int_equal(ukernel_work(&a), (195313 + 382) * 4);
	a.n = 512;      /* one pass: straight into the output */
	assert_int_equal(ukernel_passes(a.ctx, &a, p, &np, why, sizeof(why)), 0);
	assert_int_equal(np, 1);
	assert_int_equal(ukernel_work(&a), 0);
	a.ctx = kernel_named(&f, "h");
	a.n = 100000000;
	a.block = 128;
	assert_int_equal(ukernel_host(&a), 781250 * 4);
	assert_int_equal(ukernel_work(&a), 781250 * 4);
	assert_true(((const struct ukernel *)a.ctx)->row->flags & VF_HOST_STEP);
	experiment_file_release(&f);
}

int main(int argc, char **argv)
{
	/* the compile child of the kernels compiled here (kcompile.h) */
	int child = kcompile_child_main(argc, argv);

	if (child >= 0)
		return child;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_class_labels),
		cmocka_unit_test(test_all_is_builtin),
		cmocka_unit_test(test_prepare_and_cache),
		cmocka_unit_test(test_passes_and_scratch),
	};

	setenv("CULAB_CACHE_DIR", "off", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
