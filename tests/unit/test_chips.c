/* test_chips.c - counters on every chip CUPTI's host API knows, offline:
 * the chip table (counters.h) against CUPTI's list, where each alias of the
 * default set resolves on each chip, and plans fitted to a chip
 * (counter_plan_restrict): what a chip cannot collect becomes an empty
 * column with its reason, never a failed plan.  No GPU needed; the
 * recorded table of every chip is reports/chips/aliases.md (tests/run.sh
 * checks it against this CUPTI). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <cmocka.h>

#include "counters/counters.h"
#include "base/util.h"

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

/* CUPTI's chips, or a skip with the reason when its host API cannot run
 * here (AddressSanitizer builds: counters_int.h). */
static size_t cupti_chips(const char *const **chips)
{
	char why[512];
	int n = counters_supported_chips(chips, why, sizeof(why));

	if (n < 0) {
		print_message("CUPTI host API unavailable, skipped: %s\n", why);
		skip();
	}
	return (size_t)n;
}

/* ---- the chip table -------------------------------------------------- */

/* Every architecture stands for a chip of its own; names are found in any
 * case.  Plain data: runs where CUPTI cannot. */
static void test_table(void **state)
{
	size_t n, i;
	const struct chip_def *t = chip_all(&n);

	(void)state;
	assert_true(n >= 20);
	for (i = 0; i < n; i++) {
		const struct chip_def *cd = chip_find(chip_for_arch(t[i].arch));

		assert_non_null(cd);
		assert_string_equal(cd->arch, t[i].arch);
		assert_true(!strncmp(t[i].arch, "sm_", 3));
		assert_ptr_equal(chip_find(t[i].name), &t[i]);
	}
	assert_string_equal(chip_find("ga102")->name, "GA102");
	assert_string_equal(chip_for_arch("sm_90"), "GH100");
	assert_string_equal(chip_for_arch("sm_86"), "GA102");
	assert_string_equal(chip_for_arch("sm_120"), "GB202");
	assert_null(chip_for_arch("sm_61"));
	assert_null(chip_find("GX999"));
	assert_non_null(chip_find(CHIP_ASSUMED));
	assert_string_equal(chip_find(CHIP_ASSUMED)->name, METRICS_CHIP);
}

/* counters.h knows every chip this CUPTI lists, so each has an architecture;
 * a new CUPTI with a new chip fails here until the table has it. */
static void test_table_covers_cupti(void **state)
{
	const char *const *chips;
	size_t n = cupti_chips(&chips), i;

	(void)state;
	print_message("CUPTI %u lists %zu chips\n", counters_cupti_version(), n);
	assert_true(n >= 20);
	for (i = 0; i < n; i++) {
		if (!chip_find(chips[i]))
			print_error("chip %s: not in src/chip.c\n", chips[i]);
		assert_non_null(chip_find(chips[i]));
	}
}

/* ---- the default set on every chip ------------------------------------- */

/* Checks what metrics_resolve said of alias a on chip. */
static void check_resolution(const struct metric_alias *a, const char *chip,
			     const struct metric_resolution *r)
{
	size_t j;

	if (r->status != 1) {
		assert_true(r->summary[0] != '\0');
		assert_contains(r->summary, chip);
	}
	for (j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++) {
		if (r->status == -1)
			continue;
		if (r->collect[j]) {
			assert_true(r->why[j][0] == '\0');
		} else {
			/* the reason names the metric and the chip */
			assert_contains(r->why[j], a->raw[j]);
			assert_contains(r->why[j], chip);
		}
	}
	if (r->status == 1)
		for (j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
			assert_non_null(r->collect[j]);
}

/* Whether two chips resolve alias a alike: same status, same names. */
static bool same_resolution(const struct metric_alias *a,
			    const struct metric_resolution *x,
			    const struct metric_resolution *y)
{
	if (x->status != y->status)
		return false;
	for (size_t j = 0; j < METRIC_MAX_RAW && a->raw[j]; j++)
		if ((x->collect[j] == NULL) != (y->collect[j] == NULL) ||
		    (x->collect[j] && strcmp(x->collect[j], y->collect[j])))
			return false;
	return true;
}

/* The chips where culab's default set must resolve whole, under its own
 * names: the GPUs the project measures on and one of each generation a
 * course is likely to have. */
static const char *const full_chips[] = {
	"GH100", "GA100", "TU102", "TU104", "GA102", "AD102", "AD104", "GB100",
};

static bool is_full_chip(const char *chip)
{
	for (size_t i = 0; i < ARRAY_SIZE(full_chips); i++)
		if (!strcmp(full_chips[i], chip))
			return true;
	return false;
}

/* Evaluates the default set for every chip, prints where an alias does
 * not resolve, and checks the rules above; res[c][i] is chip c, alias i. */
static void test_default_set_every_chip(void **state)
{
	const char *const *chips;
	size_t n = cupti_chips(&chips), ndef, c, i, d;
	const char *const *def = metrics_default_set(&ndef);
	struct metric_resolution(*res)[16] = xcalloc(n, sizeof(*res));
	size_t served = 0;

	(void)state;
	assert_true(ndef <= 16);
	/* a table for the reader (run.sh shows it on failure, or with V=1):
	 * a refusal here is CUPTI's answer for that chip, not a failure */
	print_message("where the default set does not resolve (a record, not "
		      "an error: the asserts below check the chips that must):\n");
	for (c = 0; c < n; c++) {
		for (i = 0; i < ndef; i++) {
			const struct metric_alias *a = metrics_find(def[i]);

			metrics_resolve(a, chips[c], &res[c][i]);
			check_resolution(a, chips[c], &res[c][i]);
			if (res[c][i].status != 1)
				print_message("%-6s %-15s %s\n", chips[c], def[i],
					      res[c][i].summary);
			if (is_full_chip(chips[c])) {
				assert_int_equal(res[c][i].status, 1);
				for (d = 0; d < METRIC_MAX_RAW && a->raw[d]; d++)
					assert_string_equal(res[c][i].collect[d],
							    a->raw[d]);
			}
		}
		/* a chip the host API serves collects at least the time */
		if (res[c][0].status == -1)
			continue;
		served++;
		for (i = 0; i < ndef; i++)
			if (!strcmp(def[i], "duration") || !strcmp(def[i], "occupancy"))
				assert_int_equal(res[c][i].status, 1);
	}
	assert_true(served + 2 >= n);
	/* chips of one architecture resolve alike, so the chip that stands
	 * for an architecture (chip_for_arch) is as good as the GPU's own */
	for (c = 0; c < n; c++) {
		const struct chip_def *cd = chip_find(chips[c]);
		const char *rep;

		assert_non_null(cd);
		rep = chip_for_arch(cd->arch);

		for (d = 0; d < n && strcmp(chips[d], rep); d++)
			;
		assert_true(d < n);
		for (i = 0; i < ndef; i++)
			if (!same_resolution(metrics_find(def[i]), &res[c][i],
					     &res[d][i])) {
				print_error("%s and %s resolve %s differently\n",
					    chips[c], rep, def[i]);
				fail();
			}
	}
	free(res);
}

/* The default set stays at two replay passes wherever it can be
 * collected (what metrics.c's choice of raw metrics is for). */
static void test_default_passes_every_chip(void **state)
{
	char *def[] = { (char *)METRICS_DEFAULT_WORD }, why[512];
	const char *const *chips;
	size_t n = cupti_chips(&chips), c;

	(void)state;
	for (c = 0; c < n; c++) {
		struct counter_plan p;
		int passes;

		assert_int_equal(counter_plan_build(def, 1, &p), 0);
		counter_plan_restrict(&p, chips[c], NULL, 0);
		passes = counters_count_passes(chips[c], (const char *const *)p.raw,
					       p.nraw, why, sizeof(why));
		if (passes < 0)
			print_message("%s: passes not computed: %s\n", chips[c], why);
		else
			assert_in_range(passes, 1, 2);
		if (is_full_chip(chips[c]))
			assert_int_equal(passes, 2);
		counter_plan_release(&p);
	}
}

/* ---- plans fitted to a chip --------------------------------------------- */

static size_t col_index(const struct counter_plan *p, const char *name)
{
	for (size_t i = 0; i < p->ncols; i++)
		if (!strcmp(p->cols[i], name))
			return i;
	print_error("column \"%s\" not in the plan\n", name);
	fail();
	return 0;
}

static ssize_t raw_index(const struct counter_plan *p, const char *name)
{
	for (size_t i = 0; i < p->nraw; i++)
		if (!strcmp(p->raw[i], name))
			return (ssize_t)i;
	return -1;
}

/* On GH100 the plan is left exactly as built. */
static void test_restrict_gh100_unchanged(void **state)
{
	char *def[] = { (char *)METRICS_DEFAULT_WORD }, dropped[512];
	const char *const *chips;
	struct counter_plan a, b;

	(void)state;
	cupti_chips(&chips);
	assert_int_equal(counter_plan_build(def, 1, &a), 0);
	assert_int_equal(counter_plan_build(def, 1, &b), 0);
	assert_int_equal(counter_plan_restrict(&b, "GH100", dropped,
					       sizeof(dropped)), 0);
	assert_string_equal(dropped, "");
	assert_int_equal(a.nraw, b.nraw);
	for (size_t i = 0; i < a.nraw; i++)
		assert_string_equal(a.raw[i], b.raw[i]);
	assert_int_equal(a.ncols, b.ncols);
	for (size_t i = 0; i < b.ncols; i++)
		assert_null(counter_plan_missing(&b, i));
	counter_plan_release(&a);
	counter_plan_release(&b);
}

/* GA10B (Jetson Orin) has no DRAM counters: dram's columns stay in the
 * plan, empty, with the reason; the other aliases are derived as ever. */
static void test_restrict_drops_alias(void **state)
{
	char *def[] = { (char *)METRICS_DEFAULT_WORD }, dropped[512];
	const char *const *chips;
	struct counter_plan p;
	double *v, cols[64];
	size_t i, before;

	(void)state;
	cupti_chips(&chips);
	assert_int_equal(counter_plan_build(def, 1, &p), 0);
	before = p.nraw;
	assert_int_equal(counter_plan_restrict(&p, "GA10B", dropped,
					       sizeof(dropped)), 1);
	assert_contains(dropped, "dram (unknown metric \"dram__bytes_read.sum\" "
			"for GA10B)");
	assert_int_equal(p.nraw, before - 2);
	assert_true(raw_index(&p, "dram__bytes_read.sum") < 0);
	assert_true(raw_index(&p, "gpu__time_duration.sum") >= 0);
	assert_contains(counter_plan_missing(&p, col_index(&p, "dram_gbps")),
			"not collectable on GA10B: unknown metric");
	assert_null(counter_plan_missing(&p, col_index(&p, "duration_us")));
	v = xmalloc(p.nraw * sizeof(*v));
	for (i = 0; i < p.nraw; i++)
		v[i] = 1000.0;
	assert_true(p.ncols <= ARRAY_SIZE(cols));
	counter_plan_derive(&p, (const double *const *)&v, 1, NULL, cols);
	assert_true(isnan(cols[col_index(&p, "dram_read_bytes")]));
	assert_true(isnan(cols[col_index(&p, "dram_pct_peak")]));
	assert_true(cols[col_index(&p, "duration_us")] == 1.0);
	assert_true(cols[col_index(&p, "achieved_occupancy_pct")] == 1000.0);
	free(v);
	counter_plan_release(&p);
}

/* GB202 (RTX 5090) names DRAM bytes by operation: dram collects those,
 * and its columns come out of them. */
static void test_restrict_renames(void **state)
{
	const char *names[] = { "dram" };
	const char *const *chips;
	struct counter_plan p;
	double *v, cols[16];
	ssize_t rd, wr, t;

	(void)state;
	cupti_chips(&chips);
	assert_int_equal(counter_plan_build((char *const *)names, 1, &p), 0);
	assert_int_equal(counter_plan_restrict(&p, "GB202", NULL, 0), 0);
	assert_true(raw_index(&p, "dram__bytes_read.sum") < 0);
	rd = raw_index(&p, "dram__bytes_op_read.sum");
	wr = raw_index(&p, "dram__bytes_op_write.sum");
	t = raw_index(&p, "gpu__time_duration.sum");
	assert_true(rd >= 0 && wr >= 0 && t >= 0);
	v = xcalloc(p.nraw, sizeof(*v));
	v[rd] = 3e6;
	v[wr] = 1e6;
	v[t] = 1e3;         /* ns: 4 MB in 1 us = 4000 GB/s */
	counter_plan_derive(&p, (const double *const *)&v, 1, NULL, cols);
	assert_true(cols[col_index(&p, "dram_read_bytes")] == 3e6);
	assert_true(cols[col_index(&p, "dram_write_bytes")] == 1e6);
	assert_true(cols[col_index(&p, "dram_gbps")] == 4000.0);
	assert_null(counter_plan_missing(&p, col_index(&p, "dram_gbps")));
	free(v);
	counter_plan_release(&p);
}

/* A raw name the chip lacks is left out too, with CUPTI's "did you mean";
 * the rest of the plan stands. */
static void test_restrict_raw_name(void **state)
{
	const char *names[] = { "dram__bytes_read.sum", "bank_conflicts" };
	const char *const *chips;
	struct counter_plan p;
	char dropped[512];

	(void)state;
	cupti_chips(&chips);
	assert_int_equal(counter_plan_build((char *const *)names, 2, &p), 0);
	assert_int_equal(counter_plan_restrict(&p, "GB202", dropped,
					       sizeof(dropped)), 1);
	assert_contains(dropped, "dram__bytes_read.sum (unknown metric");
	assert_contains(counter_plan_missing(&p, col_index(&p,
			"dram__bytes_read.sum")), "did you mean "
			"\"dram__bytes_op_read.sum\"");
	assert_null(counter_plan_missing(&p, col_index(&p,
			"bank_conflicts_shared_ld")));
	assert_true(raw_index(&p, "dram__bytes_read.sum") < 0);
	/* restricting again changes nothing */
	assert_int_equal(counter_plan_restrict(&p, "GB202", NULL, 0), 0);
	counter_plan_release(&p);
}

/* A chip the host API refuses leaves the plan alone: opening counters on
 * such a GPU says why itself. */
static void test_restrict_unknown_chip(void **state)
{
	char *def[] = { (char *)METRICS_DEFAULT_WORD };
	const char *const *chips;
	struct counter_plan p;
	struct metric_resolution r;
	size_t before;

	(void)state;
	cupti_chips(&chips);
	assert_int_equal(counter_plan_build(def, 1, &p), 0);
	before = p.nraw;
	assert_int_equal(counter_plan_restrict(&p, "GX999", NULL, 0), 0);
	assert_int_equal(p.nraw, before);
	assert_int_equal(metrics_resolve(metrics_find("dram"), "GX999", &r), -1);
	assert_contains(r.summary, "GX999");
	counter_plan_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_table_covers_cupti),
		cmocka_unit_test(test_default_set_every_chip),
		cmocka_unit_test(test_default_passes_every_chip),
		cmocka_unit_test(test_restrict_gh100_unchanged),
		cmocka_unit_test(test_restrict_drops_alias),
		cmocka_unit_test(test_restrict_renames),
		cmocka_unit_test(test_restrict_raw_name),
		cmocka_unit_test(test_restrict_unknown_chip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
