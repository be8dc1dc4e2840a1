/* test_metrics.c - the counter alias table, name validation (offline, with
 * CUPTI's host API for GH100: no GPU needed), collection plans and the
 * derivation of columns from hand-made raw values. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "counters/counters.h"
#include "base/diag.h"
#include "base/util.h"

/* Doubles equal to 1e-12 relative, or both NAN; prints both sides. */
#define assert_near(actual, expected) \
	check_near((actual), (expected), #actual, __FILE__, __LINE__)

static void check_near(double a, double e, const char *what, const char *file,
		       int line)
{
	if (isnan(e) ? isnan(a) : fabs(a - e) <= 1e-12 * fmax(1.0, fabs(e)))
		return;
	print_error("%s:%d: %s = %.17g, expected %.17g\n", file, line, what, a, e);
	_fail(file, line);
}

#define assert_contains(haystack, needle) \
	check_contains((haystack), (needle), __FILE__, __LINE__)

static void check_contains(const char *s, const char *needle, const char *file,
			   int line)
{
	if (s && strstr(s, needle))
		return;
	print_error("%s:%d: \"%s\" does not contain \"%s\"\n", file, line,
		    s ? s : "(null)", needle);
	_fail(file, line);
}

/* Skips a test when CUPTI's host API cannot run on this machine. */
static void need_host_api(void)
{
	char why[512];

	if (counters_metric_valid(METRICS_CHIP, "gpu__time_duration.sum", why,
				  sizeof(why)) < 0) {
		print_message("CUPTI host API unavailable: %s\n", why);
		skip();
	}
}

/* Index of column `name` in the plan, or fails. */
static size_t col_index(const struct counter_plan *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->ncols; i++)
		if (!strcmp(p->cols[i], name))
			return i;
	print_error("column \"%s\" not in the plan\n", name);
	fail();
	return 0;
}

static size_t raw_index(const struct counter_plan *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->nraw; i++)
		if (!strcmp(p->raw[i], name))
			return i;
	print_error("raw metric \"%s\" not in the plan\n", name);
	fail();
	return 0;
}

static int build(struct counter_plan *p, const char *const *names, size_t n)
{
	return counter_plan_build((char *const *)names, n, p);
}

/* A per-kernel value vector for plan p with every raw value NAN. */
static double *kernel_values(const struct counter_plan *p)
{
	double *v = xmalloc(p->nraw * sizeof(*v));
	size_t i;

	for (i = 0; i < p->nraw; i++)
		v[i] = NAN;
	return v;
}

static void set_raw(const struct counter_plan *p, double *v, const char *name,
		    double value)
{
	v[raw_index(p, name)] = value;
}

/* ---- the table ---------------------------------------------------------- */

static void test_alias_lookup(void **state)
{
	const struct metric_alias *a, *owner;
	const struct metric_column_def *col;

	(void)state;
	a = metrics_find("bank_conflicts");
	assert_non_null(a);
	assert_string_equal(a->cols[0].name, "bank_conflicts_shared_ld");
	assert_string_equal(a->cols[1].name, "bank_conflicts_shared_st");
	assert_string_equal(a->cols[2].name, "bank_conflicts_per_shared_ld");
	assert_string_equal(a->cols[3].name, "bank_conflicts_per_shared_st");
	assert_non_null(metrics_find("gld_efficiency"));
	assert_non_null(metrics_find("gst_efficiency"));
	assert_non_null(metrics_find("divergence"));
	assert_non_null(metrics_find("dram"));
	assert_non_null(metrics_find("occupancy"));
	assert_non_null(metrics_find("duration"));
	assert_null(metrics_find("bank_conflict"));
	assert_null(metrics_find(NULL));

	col = metrics_find_column("dram_gbps", &owner);
	assert_non_null(col);
	assert_string_equal(owner->name, "dram");
	assert_string_equal(col->unit, "GB/s");
	assert_int_equal(col->better, 1);
	col = metrics_find_column("branch_efficiency_pct", &owner);
	assert_non_null(col);
	assert_string_equal(owner->name, "divergence");
	assert_null(metrics_find_column("no_such_column", &owner));
	assert_null(owner);
}

/* The column names other modules rely on exist; every name is unique;
 * every alias is documented in both languages. */
static void test_table_consistent(void **state)
{
	static const char *const fixed[] = {
		"bank_conflicts_shared_ld", "bank_conflicts_shared_st",
		"bank_conflicts_per_shared_ld", "bank_conflicts_per_shared_st",
		"shared_ld_wavefronts_per_instr", "gld_efficiency_pct",
		"gld_sectors_per_request", "gst_efficiency_pct",
		"gst_sectors_per_request", "branch_efficiency_pct",
		"warp_active_threads", "warp_active_threads_pred_on",
		"warp_instructions", "shared_bytes_per_instr", "dram_read_bytes",
		"dram_write_bytes", "dram_gbps",
		"dram_pct_peak", "achieved_occupancy_pct",
		"theoretical_occupancy_pct", "duration_us", "sm_clock_mhz",
	};
	const struct metric_alias *t, *u;
	size_t n, i, j, k, m, ndef;
	const char *const *def;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(fixed); i++)
		assert_non_null(metrics_find_column(fixed[i], NULL));
	t = metrics_aliases(&n);
	for (i = 0; i < n; i++) {
		assert_true(strlen(t[i].summary_en) > 20);
		assert_true(strlen(t[i].summary_zh) > 20);
		assert_true(strlen(t[i].explain_en) > 200);
		assert_true(strlen(t[i].explain_zh) > 200);
		assert_non_null(t[i].raw[0]);
		assert_non_null(t[i].cols[0].name);
		assert_non_null(t[i].derive);
		for (j = 0; j < METRIC_MAX_COLS && t[i].cols[j].name; j++) {
			assert_non_null(t[i].cols[j].unit);
			assert_true(strlen(t[i].cols[j].what_en) > 10);
			assert_true(strlen(t[i].cols[j].what_zh) > 10);
			/* unique across the whole table */
			for (k = 0; k < n; k++) {
				u = &t[k];
				for (m = 0; m < METRIC_MAX_COLS && u->cols[m].name; m++)
					if (k != i || m != j)
						assert_string_not_equal(
							u->cols[m].name,
							t[i].cols[j].name);
			}
		}
	}
	def = metrics_default_set(&ndef);
	assert_int_equal(ndef, 7);
	for (i = 0; i < ndef; i++)
		assert_non_null(metrics_find(def[i]));
}

/* ---- validation (offline CUPTI host API for GH100) ---------------------- */

static void test_check_aliases(void **state)
{
	char why[1024];
	size_t n, i;
	const struct metric_alias *t = metrics_aliases(&n);

	(void)state;
	for (i = 0; i < n; i++) {
		assert_int_equal(metrics_check(t[i].name, why, sizeof(why)), 0);
		assert_string_equal(why, "");
	}
	assert_int_equal(metrics_check("default", why, sizeof(why)), 0);
	assert_int_equal(metrics_check("", why, sizeof(why)), -1);
	assert_contains(why, "empty");
}

static void test_check_unknown_alias(void **state)
{
	char why[1024];

	(void)state;
	assert_int_equal(metrics_check("bank_conflict", why, sizeof(why)), -1);
	assert_contains(why, "unknown counter \"bank_conflict\"");
	assert_contains(why, "did you mean \"bank_conflicts\"?");
	assert_contains(why, "known: bank_conflicts, gld_efficiency");

	assert_int_equal(metrics_check("dram_gbps", why, sizeof(why)), -1);
	assert_contains(why, "is a column of counter alias \"dram\"");

	assert_int_equal(metrics_check("flops", why, sizeof(why)), -1);
	assert_contains(why, "unknown counter \"flops\" (known:");
}

static void test_check_raw(void **state)
{
	char why[1024];

	(void)state;
	need_host_api();
	assert_int_equal(metrics_check("dram__bytes_read.sum", why, sizeof(why)), 0);
	assert_string_equal(why, "");
	assert_int_equal(metrics_check("dram__throughput.avg.pct_of_peak_sustained_elapsed",
				       why, sizeof(why)), 0);
	assert_int_equal(metrics_check("smsp__sass_average_branch_targets_threads_uniform.pct",
				       why, sizeof(why)), 0);

	assert_int_equal(metrics_check("l1tex__bogus.sum", why, sizeof(why)), -1);
	assert_contains(why, "unknown metric \"l1tex__bogus.sum\" for GH100");

	assert_int_equal(metrics_check("dram__bytes_raed.sum", why, sizeof(why)), -1);
	assert_contains(why, "did you mean \"dram__bytes_read.sum\"?");

	assert_int_equal(metrics_check("dram__bytes_read", why, sizeof(why)), -1);
	assert_contains(why, "needs a rollup");
	assert_contains(why, "\"dram__bytes_read.sum\"");

	assert_int_equal(metrics_check("dram__bytes_read.summ", why, sizeof(why)), -1);
	assert_contains(why, "has no submetric \".summ\"");
	assert_contains(why, "did you mean \"dram__bytes_read.sum\"?");

	/* not CUPTI metrics although ncu shows them (research/cupti.md 3) */
	assert_int_equal(metrics_check("launch__grid_size.sum", why, sizeof(why)), -1);
}

static void test_metric_valid_direct(void **state)
{
	char why[1024];
	size_t n, i, j;
	const struct metric_alias *t = metrics_aliases(&n);

	(void)state;
	need_host_api();
	assert_int_equal(counters_metric_valid("GH100", "gpu__time_duration.sum",
					       why, sizeof(why)), 1);
	assert_int_equal(counters_metric_valid("GH100", "l1tex__bogus.sum",
					       why, sizeof(why)), 0);
	/* every raw metric any alias uses is valid on the target chip */
	for (i = 0; i < n; i++) {
		for (j = 0; j < METRIC_MAX_RAW && t[i].raw[j]; j++) {
			int v = counters_metric_valid("GH100", t[i].raw[j], why,
						      sizeof(why));

			if (v != 1)
				print_error("%s: %s\n", t[i].raw[j], why);
			assert_int_equal(v, 1);
		}
	}
	/* a chip CUPTI does not know cannot validate anything */
	assert_int_equal(counters_metric_valid("GX999", "gpu__time_duration.sum",
					       why, sizeof(why)), -1);
	assert_true(why[0] != '\0');
}

/* The default set's pass count, offline: the cost of every measurement. */
static void test_default_passes(void **state)
{
	const char *names[] = { "default" };
	struct counter_plan p;
	char why[1024];
	int passes;

	(void)state;
	need_host_api();
	assert_int_equal(build(&p, names, 1), 0);
	passes = counters_count_passes("GH100", (const char *const *)p.raw,
				       p.nraw, why, sizeof(why));
	if (passes < 0)
		print_error("%s\n", why);
	print_message("default counter set: %zu raw metrics, %zu columns, "
		      "%d replay passes on GH100\n", p.nraw, p.ncols, passes);
	assert_in_range(passes, 1, 2);
	counter_plan_release(&p);

	{
		const char *bad[] = { "dram__bytes_read.sum", "l1tex__bogus.sum" };

		assert_int_equal(counters_count_passes("GH100", bad, 2, why,
						       sizeof(why)), -1);
		assert_contains(why, "l1tex__bogus.sum");
	}
}

/* ---- plans ---------------------------------------------------------------- */

static void test_plan_dedupe(void **state)
{
	const char *names[] = { "dram", "duration", "dram",
				"gpu__time_duration.sum", "occupancy" };
	struct counter_plan p;
	size_t i, j, count;

	(void)state;
	assert_int_equal(build(&p, names, ARRAY_SIZE(names)), 0);
	/* dram: read, write, time; duration: time (shared), clock;
	 * the raw column: time again; occupancy: warps active */
	assert_int_equal(p.nraw, 5);
	for (i = 0; i < p.nraw; i++)
		for (j = i + 1; j < p.nraw; j++)
			assert_string_not_equal(p.raw[i], p.raw[j]);
	assert_int_equal(p.ncols, 4 + 2 + 1 + 2);
	assert_string_equal(p.cols[0], "dram_read_bytes");
	assert_string_equal(p.cols[3], "dram_pct_peak");
	assert_string_equal(p.cols[4], "duration_us");
	assert_string_equal(p.cols[5], "sm_clock_mhz");
	assert_string_equal(p.cols[6], "gpu__time_duration.sum");
	assert_string_equal(p.cols[7], "achieved_occupancy_pct");
	assert_string_equal(p.cols[8], "theoretical_occupancy_pct");
	counter_plan_release(&p);
	assert_int_equal(p.nraw, 0);
	counter_plan_release(NULL);

	/* "default" expands; the duration alias is part of it once */
	{
		const char *def[] = { "default", "dram" };

		assert_int_equal(build(&p, def, 2), 0);
		assert_int_equal(p.ncols, 6 + 2 + 2 + 6 + 4 + 2 + 2);
		/* divergence shares its two shared-instruction counts with
		 * bank_conflicts, dram and duration gpu__time_duration */
		assert_int_equal(p.nraw, 6 + 3 + 3 + 10 + 3 + 1 + 2 - 2 - 1);
		count = 0;
		for (i = 0; i < p.ncols; i++)
			count += !strcmp(p.cols[i], "duration_us");
		assert_int_equal(count, 1);
		counter_plan_release(&p);
	}
	/* the duration alias is added when not asked for, last */
	{
		const char *one[] = { "bank_conflicts" };

		assert_int_equal(build(&p, one, 1), 0);
		assert_int_equal(p.ncols, 8);
		assert_string_equal(p.cols[6], "duration_us");
		assert_string_equal(p.cols[7], "sm_clock_mhz");
		counter_plan_release(&p);
	}
}

static void test_plan_rejects_unknown(void **state)
{
	const char *names[] = { "dram", "nonsense" };
	struct counter_plan p;
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);

	(void)state;
	diag_set_stream(fp);
	assert_int_equal(build(&p, names, 2), -1);
	diag_set_stream(NULL);
	fclose(fp);
	assert_contains(text, "unknown counter \"nonsense\"");
	assert_int_equal(p.nraw, 0);
	assert_null(p.raw);
	free(text);
}

/* ---- derivations -------------------------------------------------------- */

static void test_derive_bank_conflicts(void **state)
{
	const char *names[] = { "bank_conflicts" };
	struct counter_plan p;
	double *v, cols[16];
	const double *kv[1];

	(void)state;
	assert_int_equal(build(&p, names, 1), 0);
	v = kernel_values(&p);
	set_raw(&p, v, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 300);
	set_raw(&p, v, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", 0);
	set_raw(&p, v, "smsp__sass_inst_executed_op_shared_ld.sum", 100);
	set_raw(&p, v, "smsp__sass_inst_executed_op_shared_st.sum", 50);
	set_raw(&p, v, "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", 400);
	set_raw(&p, v, "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum", 50);
	set_raw(&p, v, "gpu__time_duration.sum", 2500);
	set_raw(&p, v, "sm__cycles_elapsed.avg.per_second", 1.98e9);
	kv[0] = v;
	counter_plan_derive(&p, kv, 1, NULL, cols);
	assert_near(cols[col_index(&p, "bank_conflicts_shared_ld")], 300);
	assert_near(cols[col_index(&p, "bank_conflicts_shared_st")], 0);
	assert_near(cols[col_index(&p, "bank_conflicts_per_shared_ld")], 3.0);
	assert_near(cols[col_index(&p, "bank_conflicts_per_shared_st")], 0.0);
	assert_near(cols[col_index(&p, "shared_ld_wavefronts_per_instr")], 4.0);
	assert_near(cols[col_index(&p, "shared_st_wavefronts_per_instr")], 1.0);
	assert_near(cols[col_index(&p, "duration_us")], 2.5);
	assert_near(cols[col_index(&p, "sm_clock_mhz")], 1980.0);

	/* no shared stores at all: per-instruction values are N/A, not 0 */
	set_raw(&p, v, "smsp__sass_inst_executed_op_shared_st.sum", 0);
	set_raw(&p, v, "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum", 0);
	counter_plan_derive(&p, kv, 1, NULL, cols);
	assert_near(cols[col_index(&p, "bank_conflicts_per_shared_st")], NAN);
	assert_near(cols[col_index(&p, "shared_st_wavefronts_per_instr")], NAN);
	assert_near(cols[col_index(&p, "bank_conflicts_shared_st")], 0);
	free(v);
	counter_plan_release(&p);
}

static void test_derive_coalescing(void **state)
{
	const char *names[] = { "gld_efficiency", "gst_efficiency" };
	struct counter_plan p;
	double *v, cols[16];
	const double *kv[1];

	(void)state;
	assert_int_equal(build(&p, names, 2), 0);
	v = kernel_values(&p);
	/* loads: 32 warps x 32 threads x 4 B, coalesced: 4 sectors each */
	set_raw(&p, v, "smsp__sass_data_bytes_mem_global_op_ld.sum", 4096);
	set_raw(&p, v, "smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ld.sum", 128);
	set_raw(&p, v, "smsp__sass_inst_executed_op_global_ld.sum", 32);
	/* stores: the same bytes scattered, one sector per thread */
	set_raw(&p, v, "smsp__sass_data_bytes_mem_global_op_st.sum", 4096);
	set_raw(&p, v, "smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_st.sum", 1024);
	set_raw(&p, v, "smsp__sass_inst_executed_op_global_st.sum", 32);
	kv[0] = v;
	counter_plan_derive(&p, kv, 1, NULL, cols);
	assert_near(cols[col_index(&p, "gld_efficiency_pct")], 100.0);
	assert_near(cols[col_index(&p, "gld_sectors_per_request")], 4.0);
	assert_near(cols[col_index(&p, "gst_efficiency_pct")], 12.5);
	assert_near(cols[col_index(&p, "gst_sectors_per_request")], 32.0);
	/* duration was not measured here: NAN, not 0 */
	assert_near(cols[col_index(&p, "duration_us")], NAN);
	free(v);
	counter_plan_release(&p);
}

/* CUPTI errors come with their name and the fix; the permission error's
 * fix is the one README gives. */
static void test_explain_errors(void **state)
{
	char why[1024];

	(void)state;
	counters_explain(35, why, sizeof(why));   /* INSUFFICIENT_PRIVILEGES */
	assert_non_null(strstr(why, "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES -- "));
	assert_non_null(strstr(why, "as root or with CAP_SYS_ADMIN"));
	assert_non_null(strstr(why, "NVreg_RestrictProfilingToAdminUsers=0"));
	assert_non_null(strstr(why, "grep RmProfilingAdminOnly"));
	counters_explain(9999, why, sizeof(why));
	assert_string_equal(why, "CUPTI error 9999");
	/* a short buffer is cut, not overrun */
	counters_explain(35, why, 16);
	assert_int_equal(strlen(why), 15);
}

static void test_derive_divergence(void **state)
{
	const char *names[] = { "divergence" };
	struct counter_plan p;
	double *v, cols[16];
	const double *kv[1];

	(void)state;
	assert_int_equal(build(&p, names, 1), 0);
	v = kernel_values(&p);
	set_raw(&p, v, "smsp__sass_branch_targets.sum", 0);
	set_raw(&p, v, "smsp__sass_branch_targets_threads_uniform.sum", 0);
	set_raw(&p, v, "smsp__sass_branch_targets_threads_divergent.sum", 0);
	set_raw(&p, v, "smsp__thread_inst_executed.sum", 3200);
	set_raw(&p, v, "smsp__inst_executed.sum", 100);
	set_raw(&p, v, "smsp__thread_inst_executed_pred_on.sum", 1600);
	kv[0] = v;
	counter_plan_derive(&p, kv, 1, NULL, cols);
	/* a kernel without branches: N/A, not 0 % as CUPTI's .pct says */
	assert_near(cols[col_index(&p, "branch_efficiency_pct")], NAN);
	assert_near(cols[col_index(&p, "divergent_branches")], 0);
	assert_near(cols[col_index(&p, "warp_active_threads")], 32.0);
	assert_near(cols[col_index(&p, "warp_active_threads_pred_on")], 16.0);
	assert_near(cols[col_index(&p, "warp_instructions")], 100);
	/* no shared-memory access (0 / 0): N/A */
	set_raw(&p, v, "smsp__sass_data_bytes_mem_shared_op_ld.sum", 0);
	set_raw(&p, v, "smsp__sass_data_bytes_mem_shared_op_st.sum", 0);
	set_raw(&p, v, "smsp__sass_inst_executed_op_shared_ld.sum", 0);
	set_raw(&p, v, "smsp__sass_inst_executed_op_shared_st.sum", 0);
	counter_plan_derive(&p, kv, 1, NULL, cols);
	assert_near(cols[col_index(&p, "shared_bytes_per_instr")], NAN);
	/* 10 loads by 8 threads and 6 stores by 32 threads, 4 bytes each */
	set_raw(&p, v, "smsp__sass_data_bytes_mem_shared_op_ld.sum", 10 * 8 * 4);
	set_raw(&p, v, "smsp__sass_data_bytes_mem_shared_op_st.sum", 6 * 32 * 4);
	set_raw(&p, v, "smsp__sass_inst_executed_op_shared_ld.sum", 10);
	set_raw(&p, v, "smsp__sass_inst_executed_op_shared_st.sum", 6);
	counter_plan_derive(&p, kv, 1, NULL, cols);
	assert_near(cols[col_index(&p, "shared_bytes_per_instr")],
		    (320.0 + 768.0) / 16.0);

	set_raw(&p, v, "smsp__sass_branch_targets.sum", 200);
	set_raw(&p, v, "smsp__sass_branch_targets_threads_uniform.sum", 150);
	set_raw(&p, v, "smsp__sass_branch_targets_threads_divergent.sum", 25);
	counter_plan_derive(&p, kv, 1, NULL, cols);
	assert_near(cols[col_index(&p, "branch_efficiency_pct")], 75.0);
	assert_near(cols[col_index(&p, "divergent_branches")], 25);
	free(v);
	counter_plan_release(&p);
}

static void test_derive_dram_occupancy(void **state)
{
	const char *names[] = { "dram", "occupancy" };
	struct metric_context ctx = { .peak_gbps = 3000.0,
				      .theoretical_occupancy_pct = 100.0 };
	struct counter_plan p;
	double *v, cols[16];
	const double *kv[1];

	(void)state;
	assert_int_equal(build(&p, names, 2), 0);
	v = kernel_values(&p);
	set_raw(&p, v, "dram__bytes_read.sum", 1e9);
	set_raw(&p, v, "dram__bytes_write.sum", 5e8);
	set_raw(&p, v, "gpu__time_duration.sum", 1e6);   /* 1 ms */
	set_raw(&p, v, "sm__warps_active.avg.pct_of_peak_sustained_active", 80.0);
	kv[0] = v;
	counter_plan_derive(&p, kv, 1, &ctx, cols);
	assert_near(cols[col_index(&p, "dram_read_bytes")], 1e9);
	assert_near(cols[col_index(&p, "dram_write_bytes")], 5e8);
	assert_near(cols[col_index(&p, "dram_gbps")], 1500.0);
	assert_near(cols[col_index(&p, "dram_pct_peak")], 50.0);
	assert_near(cols[col_index(&p, "achieved_occupancy_pct")], 80.0);
	assert_near(cols[col_index(&p, "theoretical_occupancy_pct")], 100.0);
	assert_near(cols[col_index(&p, "duration_us")], 1000.0);

	/* unknown peak and occupancy limit */
	ctx.peak_gbps = 0;
	ctx.theoretical_occupancy_pct = NAN;
	counter_plan_derive(&p, kv, 1, &ctx, cols);
	assert_near(cols[col_index(&p, "dram_gbps")], 1500.0);
	assert_near(cols[col_index(&p, "dram_pct_peak")], NAN);
	assert_near(cols[col_index(&p, "theoretical_occupancy_pct")], NAN);
	counter_plan_derive(&p, kv, 1, NULL, cols);
	assert_near(cols[col_index(&p, "dram_pct_peak")], NAN);
	free(v);
	counter_plan_release(&p);
}

/* Two launches in one measurement: counts and durations add, derived
 * ratios are ratios of the sums, averages are weighted by duration. */
static void test_derive_aggregation(void **state)
{
	const char *names[] = { "bank_conflicts", "occupancy", "dram",
				"lts__t_sectors.max",
				"dram__bytes_read.sum.per_second" };
	struct counter_plan p;
	double *a, *b, cols[32];
	const double *kv[2];

	(void)state;
	assert_int_equal(build(&p, names, ARRAY_SIZE(names)), 0);
	a = kernel_values(&p);
	b = kernel_values(&p);
	set_raw(&p, a, "gpu__time_duration.sum", 1000);
	set_raw(&p, b, "gpu__time_duration.sum", 3000);
	set_raw(&p, a, "sm__cycles_elapsed.avg.per_second", 2.0e9);
	set_raw(&p, b, "sm__cycles_elapsed.avg.per_second", 1.5e9);
	set_raw(&p, a, "sm__warps_active.avg.pct_of_peak_sustained_active", 90);
	set_raw(&p, b, "sm__warps_active.avg.pct_of_peak_sustained_active", 50);
	set_raw(&p, a, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 10);
	set_raw(&p, b, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 90);
	set_raw(&p, a, "smsp__sass_inst_executed_op_shared_ld.sum", 10);
	set_raw(&p, b, "smsp__sass_inst_executed_op_shared_ld.sum", 30);
	set_raw(&p, a, "dram__bytes_read.sum", 4e6);
	set_raw(&p, b, "dram__bytes_read.sum", 8e6);
	set_raw(&p, a, "dram__bytes_write.sum", 0);
	set_raw(&p, b, "dram__bytes_write.sum", 0);
	set_raw(&p, a, "lts__t_sectors.max", 7);
	set_raw(&p, b, "lts__t_sectors.max", 5);
	set_raw(&p, a, "dram__bytes_read.sum.per_second", 4e12);
	set_raw(&p, b, "dram__bytes_read.sum.per_second", 8e12 / 3);
	kv[0] = a;
	kv[1] = b;
	counter_plan_derive(&p, kv, 2, NULL, cols);
	/* 100 conflicts / 40 instructions, not the mean of 1 and 3 */
	assert_near(cols[col_index(&p, "bank_conflicts_shared_ld")], 100);
	assert_near(cols[col_index(&p, "bank_conflicts_per_shared_ld")], 2.5);
	/* (90 * 1000 + 50 * 3000) / 4000 */
	assert_near(cols[col_index(&p, "achieved_occupancy_pct")], 60.0);
	assert_near(cols[col_index(&p, "duration_us")], 4.0);
	/* (2e9 * 1000 + 1.5e9 * 3000) / 4000 Hz */
	assert_near(cols[col_index(&p, "sm_clock_mhz")], 1625.0);
	/* 12e6 B / 4000 ns */
	assert_near(cols[col_index(&p, "dram_gbps")], 3000.0);
	assert_near(cols[col_index(&p, "lts__t_sectors.max")], 7);
	/* a rate weighted by time is total bytes / total time */
	assert_near(cols[col_index(&p, "dram__bytes_read.sum.per_second")], 3e12);
	/* shared stores were not measured in either launch */
	assert_near(cols[col_index(&p, "bank_conflicts_per_shared_st")], NAN);

	/* a value missing in one launch makes the aggregate unknown */
	set_raw(&p, b, "dram__bytes_read.sum", NAN);
	counter_plan_derive(&p, kv, 2, NULL, cols);
	assert_near(cols[col_index(&p, "dram_read_bytes")], NAN);
	assert_near(cols[col_index(&p, "dram_gbps")], NAN);
	assert_near(cols[col_index(&p, "achieved_occupancy_pct")], 60.0);

	/* no launches at all */
	counter_plan_derive(&p, kv, 0, NULL, cols);
	assert_near(cols[col_index(&p, "duration_us")], NAN);
	assert_near(cols[col_index(&p, "bank_conflicts_shared_ld")], NAN);
	free(a);
	free(b);
	counter_plan_release(&p);
}

/* From kernel_counters as counters_profile returns them, matched by name
 * whatever their order. */
static void test_derive_kernels(void **state)
{
	const char *names[] = { "dram" };
	char *kn[] = { "sm__cycles_elapsed.avg.per_second", "dram__bytes_write.sum",
		       "gpu__time_duration.sum", "dram__bytes_read.sum" };
	double k0v[] = { 1.8e9, 1e6, 2000, 3e6 };
	double k1v[] = { 1.8e9, 1e6, 2000, 1e6 };
	struct kernel_counters k[2] = {
		{ .label = "x#0", .kernel = "copy", .nvalues = 4, .names = kn,
		  .values = k0v },
		/* lacks dram__bytes_read */
		{ .label = "x#1", .kernel = "copy", .nvalues = 3, .names = kn,
		  .values = k1v },
	};
	struct counter_plan p;
	double cols[16];

	(void)state;
	assert_int_equal(build(&p, names, 1), 0);
	counter_plan_derive_kernels(&p, k, 1, NULL, cols);
	assert_near(cols[col_index(&p, "dram_read_bytes")], 3e6);
	assert_near(cols[col_index(&p, "dram_write_bytes")], 1e6);
	assert_near(cols[col_index(&p, "dram_gbps")], 2000.0);
	assert_near(cols[col_index(&p, "sm_clock_mhz")], 1800.0);
	counter_plan_derive_kernels(&p, k, 2, NULL, cols);
	assert_near(cols[col_index(&p, "dram_read_bytes")], NAN);
	assert_near(cols[col_index(&p, "dram_write_bytes")], 2e6);
	assert_near(cols[col_index(&p, "duration_us")], 4.0);
	counter_plan_release(&p);
}

/* ---- listing -------------------------------------------------------------- */

static void test_print(void **state)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	fp = open_memstream(&text, &len);
	metrics_print(fp, false, NULL);
	fclose(fp);
	assert_contains(text, "\nbank_conflicts\n");
	assert_contains(text, "bank_conflicts_per_shared_ld");
	assert_contains(text, "conflicts/instr");
	assert_contains(text, "共享内存");
	assert_contains(text, "\"default\" is the set: bank_conflicts gld_efficiency");
	assert_true(strstr(text, "smsp__sass_inst_executed_op_shared_ld.sum") == NULL);
	free(text);

	text = NULL;
	fp = open_memstream(&text, &len);
	metrics_print(fp, true, NULL);
	fclose(fp);
	assert_contains(text, "raw metrics:\n    l1tex__data_bank_conflicts");
	assert_contains(text, "Shared memory is divided into 32 banks");
	assert_contains(text, "共享内存分为 32 个 bank");
	free(text);
}

/* The noise rule the findings and `culab compare` share. */
static void test_change_rule(void **state)
{
	(void)state;
	/* size of a change: of the larger value, 0..100 */
	assert_float_equal(metrics_change_pct(10, 5), 50, 1e-12);
	assert_float_equal(metrics_change_pct(5, 10), 50, 1e-12);
	assert_float_equal(metrics_change_pct(-4, 4), 200, 1e-12);
	assert_true(isnan(metrics_change_pct(0, 0)));
	assert_true(isnan(metrics_change_pct(NAN, 1)));
	/* 10 % is the line: 9.9 % is noise, 10 % is not */
	assert_false(metrics_change_notable("dram_read_bytes", 1000, 901));
	assert_true(metrics_change_notable("dram_read_bytes", 1000, 900));
	/* raw event counts and the SM clock mean nothing on their own */
	assert_false(metrics_change_notable("bank_conflicts_shared_ld", 0, 1e6));
	assert_false(metrics_change_notable("divergent_branches", 10, 1e4));
	assert_false(metrics_change_notable("sm_clock_mhz", 1400, 1980));
	/* conflicts per instruction under the counter's floor on both sides */
	assert_false(metrics_change_notable("bank_conflicts_per_shared_ld",
					    0.005, 0.045));
	assert_true(metrics_change_notable("bank_conflicts_per_shared_ld",
					   0.005, 30));
	/* a raw metric (no definition) is judged by size alone */
	assert_true(metrics_change_notable("sm__cycles_elapsed.avg", 1, 2));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alias_lookup),
		cmocka_unit_test(test_table_consistent),
		cmocka_unit_test(test_check_aliases),
		cmocka_unit_test(test_check_unknown_alias),
		cmocka_unit_test(test_check_raw),
		cmocka_unit_test(test_metric_valid_direct),
		cmocka_unit_test(test_default_passes),
		cmocka_unit_test(test_explain_errors),
		cmocka_unit_test(test_plan_dedupe),
		cmocka_unit_test(test_plan_rejects_unknown),
		cmocka_unit_test(test_derive_bank_conflicts),
		cmocka_unit_test(test_derive_coalescing),
		cmocka_unit_test(test_derive_divergence),
		cmocka_unit_test(test_derive_dram_occupancy),
		cmocka_unit_test(test_derive_aggregation),
		cmocka_unit_test(test_derive_kernels),
		cmocka_unit_test(test_print),
		cmocka_unit_test(test_change_rule),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
