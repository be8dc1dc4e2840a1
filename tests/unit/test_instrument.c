/* test_instrument.c - counters by instrumentation without a GPU: the plan
 * fitted to what the patches count (counter_plan_map with
 * instrument_raw), the columns derived from instrumented values, the
 * refusal that asks for them (counters_refused), and the set-up's
 * failures said in one line.  The counting itself runs on a GPU
 * (tests/gpu/instrumented.sh). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/refusal.h"
#include "base/util.h"
#include "counters/counters.h"
#include "counters/instrument.h"

static size_t col(const struct counter_plan *p, const char *name)
{
	for (size_t i = 0; i < p->ncols; i++)
		if (!strcmp(p->cols[i], name))
			return i;
	print_error("column \"%s\" not in the plan\n", name);
	fail();
	return 0;
}

static bool has_raw(const struct counter_plan *p, const char *name)
{
	for (size_t i = 0; i < p->nraw; i++)
		if (!strcmp(p->raw[i], name))
			return true;
	return false;
}

static void default_plan(struct counter_plan *p)
{
	const char *names[] = { "default" };

	assert_int_equal(counter_plan_build((char *const *)names, 1, p), 0);
}

/* What the patches count keeps its columns (under the SASS metrics'
 * names, bank conflicts under a name of its own); the rest is missing,
 * naming the raw metric it would need. */
static void test_plan_map(void **state)
{
	struct counter_plan p;
	const char *m;
	int dropped;

	(void)state;
	default_plan(&p);
	dropped = counter_plan_map(&p, instrument_raw, "CUPTI refused");
	/* divergence, dram, occupancy, duration */
	assert_int_equal(dropped, 4);
	assert_null(counter_plan_missing(&p, col(&p, "bank_conflicts_per_shared_ld")));
	assert_null(counter_plan_missing(&p, col(&p, "gld_efficiency_pct")));
	assert_null(counter_plan_missing(&p, col(&p, "gst_sectors_per_request")));
	m = counter_plan_missing(&p, col(&p, "dram_read_bytes"));
	assert_non_null(m);
	assert_non_null(strstr(m, "CUPTI refused (not counted: dram__bytes_read.sum)"));
	m = counter_plan_missing(&p, col(&p, "divergent_branches"));
	assert_non_null(m);
	assert_non_null(strstr(m, "not counted: smsp__sass_branch_targets.sum"));
	assert_non_null(counter_plan_missing(&p, col(&p, "achieved_occupancy_pct")));
	assert_non_null(counter_plan_missing(&p, col(&p, "duration_us")));
	/* the hardware's conflict count is not asked for, the estimate is */
	assert_false(has_raw(&p, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"));
	assert_true(has_raw(&p, "instr__data_bank_conflicts_mem_shared_op_ld.sum"));
	assert_true(has_raw(&p, "smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ld.sum"));
	assert_false(has_raw(&p, "dram__bytes_read.sum"));
	/* every raw metric left is one instrumentation gives: a SASS
	 * metric it counts as such, or a name of its own */
	for (size_t i = 0; i < p.nraw; i++)
		if (!instrument_raw(p.raw[i]) && strncmp(p.raw[i], "instr__", 7))
			fail_msg("%s is not counted by instrumentation", p.raw[i]);
	counter_plan_release(&p);
}

static void test_raw_names(void **state)
{
	(void)state;
	assert_string_equal(instrument_raw("smsp__sass_inst_executed_op_shared_ld.sum"),
			    "smsp__sass_inst_executed_op_shared_ld.sum");
	assert_string_equal(instrument_raw("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
			    "instr__data_bank_conflicts_mem_shared_op_st.sum");
	assert_null(instrument_raw("smsp__inst_executed.sum"));
	assert_null(instrument_raw("gpu__time_duration.sum"));
	/* its own names read as raw metric names (results.json's kernels) */
	assert_true(metrics_looks_raw(instrument_raw(
		"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum")));
}

/* The columns from values as the patches give them: a 4-way conflict on
 * every shared load, loads of 4 bytes in 4 sectors per request. */
static void test_derive(void **state)
{
	struct counter_plan p;
	char *names[] = {
		"smsp__sass_inst_executed_op_shared_ld.sum",
		"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
		"instr__data_bank_conflicts_mem_shared_op_ld.sum",
		"smsp__sass_inst_executed_op_global_ld.sum",
		"smsp__sass_data_bytes_mem_global_op_ld.sum",
		"smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ld.sum",
	};
	double values[] = { 100, 400, 300, 10, 1280, 40 };
	struct kernel_counters k = {
		.label = "x#0", .kernel = "k", .theoretical_occupancy_pct = NAN,
		.nvalues = 6, .names = names, .values = values,
	};
	double cols[64];

	(void)state;
	default_plan(&p);
	counter_plan_map(&p, instrument_raw, "refused");
	assert_true(p.ncols <= 64);
	counter_plan_derive_kernels(&p, &k, 1, NULL, cols);
	assert_true(cols[col(&p, "bank_conflicts_shared_ld")] == 300);
	assert_true(cols[col(&p, "bank_conflicts_per_shared_ld")] == 3);
	assert_true(cols[col(&p, "shared_ld_wavefronts_per_instr")] == 4);
	assert_true(cols[col(&p, "gld_efficiency_pct")] == 100);
	assert_true(cols[col(&p, "gld_sectors_per_request")] == 4);
	assert_true(isnan(cols[col(&p, "dram_read_bytes")]));
	assert_true(isnan(cols[col(&p, "warp_instructions")]));
	counter_plan_release(&p);
}

/* CUPTI_ERROR_INSUFFICIENT_PRIVILEGES is the refusal instrumentation
 * answers; another error is not. */
static void test_refused(void **state)
{
	char why[1024];

	(void)state;
	counters_explain(35, why, sizeof(why));
	assert_int_equal(counters_refused(), REFUSAL_COUNTERS_PERMISSION);
	counters_explain(9999, why, sizeof(why));
	assert_int_equal(counters_refused(), REFUSAL_NONE);
}

/* A library that is not there, or counting before the set-up: one line
 * each, nothing else changed. */
static void test_open_fails(void **state)
{
	struct counters_result res[1];
	char why[512];

	(void)state;
	assert_int_equal(instrument_open("/nonexistent/libsanitizer-public.so",
					 why, sizeof(why)), -1);
	assert_non_null(strstr(why, "the Compute Sanitizer's library could not "
			       "be loaded: /nonexistent/libsanitizer-public.so"));
	assert_null(strchr(why, '\n'));
	assert_int_equal(instrument_open(NULL, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "compute-sanitizer not found"));
	/* a library without the API: this process's libc */
	assert_int_equal(instrument_open("libc.so.6", why, sizeof(why)), -1);
	assert_non_null(strstr(why, "has no sanitizerSubscribe"));
	assert_int_equal(instrument_profile_batch(NULL, 0, res, why,
						  sizeof(why)), -1);
	assert_string_equal(why, "instrumentation is not set up");
	instrument_close();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan_map),
		cmocka_unit_test(test_raw_names),
		cmocka_unit_test(test_derive),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_open_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
