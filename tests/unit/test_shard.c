/* test_shard.c - a plan cut into shards (--shard I/N): every stage in
 * exactly one shard, every
 * measurement once, balanced within the bounds plan_partition states,
 * the same cut whatever the options and on every call, and --shard's
 * refusals (no GPU needed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "base/util.h"

static void load_file(const char *path, struct experiment_file *f)
{
	assert_int_equal(experiment_load(path, f), 0);
}

/* ---- --shard I/N ------------------------------------------------------ */

static void test_parse(void **state)
{
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "0/4", "--shard 0/4: shards count from 1 (1/4 to 4/4)" },
		{ "5/4", "--shard 5/4: there is no shard 5 of 4 (1/4 to 4/4)" },
		{ "1/0", "--shard 1/0: the number of shards must be 1 to 10000" },
		{ "1/10001", "--shard 1/10001: the number of shards must be 1 to "
			     "10000" },
		{ "1", "--shard takes I/N, the I-th of N shards counted from 1 "
		       "(e.g. 1/4), not \"1\"" },
		{ "-1/4", "--shard takes I/N, the I-th of N shards counted from 1 "
			  "(e.g. 1/4), not \"-1/4\"" },
		{ "1/4x", "--shard takes I/N, the I-th of N shards counted from 1 "
			  "(e.g. 1/4), not \"1/4x\"" },
		{ " 1/4", "--shard takes I/N, the I-th of N shards counted from 1 "
			  "(e.g. 1/4), not \" 1/4\"" },
		{ "", "--shard takes I/N, the I-th of N shards counted from 1 "
		      "(e.g. 1/4), not \"\"" },
	};
	struct plan_shard sh;
	char why[256];

	(void)state;
	assert_int_equal(plan_shard_parse("3/4", &sh, why, sizeof(why)), 0);
	assert_int_equal(sh.index, 3);
	assert_int_equal(sh.count, 4);
	assert_int_equal(plan_shard_parse("1/1", &sh, why, sizeof(why)), 0);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		why[0] = '\0';
		if (plan_shard_parse(bad[i].text, &sh, why, sizeof(why)) != -1 ||
		    strcmp(why, bad[i].why) != 0)
			fail_msg("--shard \"%s\": got \"%s\", want \"%s\"",
				 bad[i].text, why, bad[i].why);
	}
}

/* ---- the partition ---------------------------------------------------- */

/* Largest load of a partition, and the total. */
static uint64_t max_load(const uint64_t *cost, size_t n, int count,
			 const int *owner, uint64_t *total)
{
	uint64_t *load = xcalloc((size_t)count, sizeof(*load)), mx = 0;

	*total = 0;
	for (size_t k = 0; k < n; k++) {
		assert_true(owner[k] >= 0 && owner[k] < count);
		load[owner[k]] += cost[k];
		*total += cost[k];
	}
	for (int j = 0; j < count; j++)
		if (load[j] > mx)
			mx = load[j];
	free(load);
	return mx;
}

/* The best possible largest load, by trying every assignment (small n). */
static uint64_t best_max_load(const uint64_t *cost, size_t n, int count)
{
	int owner[12] = { 0 };
	uint64_t best = UINT64_MAX, total;

	for (;;) {
		uint64_t mx = max_load(cost, n, count, owner, &total);
		size_t k = 0;

		if (mx < best)
			best = mx;
		while (k < n && ++owner[k] == count)
			owner[k++] = 0;
		if (k == n)
			return best;
	}
}

/* Ties: equal costs go round the shards in plan order. */
static void test_partition_ties(void **state)
{
	const uint64_t cost[] = { 5, 5, 5, 5, 5 };
	int owner[5];

	(void)state;
	plan_partition(cost, 5, 2, owner);
	assert_int_equal(owner[0], 0);
	assert_int_equal(owner[1], 1);
	assert_int_equal(owner[2], 0);
	assert_int_equal(owner[3], 1);
	assert_int_equal(owner[4], 0);
	/* the largest first, to the emptiest shard */
	{
		const uint64_t c2[] = { 1, 9, 4, 4 };
		int o2[4];

		plan_partition(c2, 4, 2, o2);
		assert_int_equal(o2[1], 0);     /* 9 */
		assert_int_equal(o2[2], 1);     /* 4 */
		assert_int_equal(o2[3], 1);     /* 4: 8 < 9 */
		assert_int_equal(o2[0], 1);     /* 1: 8 < 9 */
	}
}

/* Balance: for pseudo-random costs, the largest load is within the list
 * scheduling bound (mean + largest stage) and, where the best partition
 * can be found by trying all, within 4/3 of it (Graham's LPT bound). */
static void test_partition_balance(void **state)
{
	uint64_t seed = 12345, cost[64], total;
	int owner[64];

	(void)state;
	for (int trial = 0; trial < 300; trial++) {
		size_t n = 1 + (size_t)(trial % 10);
		int count = 2 + trial % 4;
		uint64_t biggest = 0, mx, best;

		if (trial >= 200)
			n = 11 + (size_t)(trial % 53);
		for (size_t k = 0; k < n; k++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			cost[k] = 1 + (seed >> 33) % (trial % 3 ? 1000 : 1000000);
			if (cost[k] > biggest)
				biggest = cost[k];
		}
		plan_partition(cost, n, count, owner);
		mx = max_load(cost, n, count, owner, &total);
		if (mx > total / (uint64_t)count + biggest)
			fail_msg("trial %d: largest load %llu > mean %llu + largest "
				 "stage %llu", trial, (unsigned long long)mx,
				 (unsigned long long)(total / (uint64_t)count),
				 (unsigned long long)biggest);
		if (n > 10 || (count > 3 && n > 8))
			continue;
		best = best_max_load(cost, n, count);
		if (3 * mx > 4 * best)
			fail_msg("trial %d: largest load %llu > 4/3 of the best %llu",
				 trial, (unsigned long long)mx,
				 (unsigned long long)best);
	}
}

/* ---- shards of real plans ------------------------------------------------- */

/* Builds shard i/n of f with options o (o.shard set here). */
static void build_shard(const struct experiment_file *f,
			struct plan_options o, int i, int n, struct plan *p)
{
	o.shard.index = i;
	o.shard.count = n;
	assert_int_equal(plan_build(f, &o, p), 0);
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every shard of f for 1..8 shards: the stages' union is the plan, no
 * stage twice, every measurement once, counts add up. */
static void check_cover(const char *path)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .counters = true };
	struct plan whole;

	load_file(path, &f);
	plan_build(&f, &o, &whole);
	for (int n = 1; n <= 8; n++) {
		int *seen = xcalloc(whole.nstages, sizeof(*seen));
		char **labels = xcalloc(whole.nms, sizeof(*labels));
		size_t nl = 0;
		uint64_t cost = 0;

		for (int i = 1; i <= n; i++) {
			struct plan p;

			build_shard(&f, o, i, n, &p);
			assert_int_equal(p.all_stages, whole.nstages);
			assert_int_equal(p.nms + p.shard_left_out, whole.nms);
			assert_int_equal(p.all_cost, whole.all_cost);
			cost += p.cost;
			for (size_t k = 0; k < p.nstages; k++) {
				const struct plan_stage *s = &p.stages[k];

				assert_true(s->index < whole.nstages);
				if (seen[s->index]++)
					fail_msg("%s: stage %zu in two of %d shards",
						 path, s->index, n);
				/* the stage is the whole plan's, unchanged */
				assert_int_equal(s->nms, whole.stages[s->index].nms);
				assert_int_equal(s->cost, whole.stages[s->index].cost);
				for (size_t j = 0; j < s->nms; j++)
					labels[nl++] = xstrdup(s->ms[j].label);
			}
			plan_release(&p);
		}
		for (size_t k = 0; k < whole.nstages; k++)
			if (seen[k] != 1)
				fail_msg("%s: stage %zu in %d of %d shards", path, k,
					 seen[k], n);
		assert_int_equal(nl, whole.nms);
		assert_int_equal(cost, whole.all_cost);
		qsort(labels, nl, sizeof(*labels), str_cmp);
		for (size_t k = 1; k < nl; k++)
			if (strcmp(labels[k - 1], labels[k]) == 0)
				fail_msg("%s: %s twice", path, labels[k]);
		for (size_t k = 0; k < nl; k++)
			free(labels[k]);
		free(labels);
		free(seen);
	}
	plan_release(&whole);
	experiment_file_release(&f);
}

static void test_cover(void **state)
{
	(void)state;
	check_cover("experiments/default.yaml");
	check_cover("experiments/quick.yaml");
	check_cover("tests/good/full.yaml");
}

/* Which shard of n each stage of f is in, with options o. */
static int *owners(const struct experiment_file *f, struct plan_options o,
		   int n)
{
	int *own = NULL;
	size_t all = 0;

	for (int i = 1; i <= n; i++) {
		struct plan p;

		build_shard(f, o, i, n, &p);
		if (!own) {
			all = p.all_stages;
			own = xcalloc(all, sizeof(*own));
		}
		for (size_t k = 0; k < p.nstages; k++)
			own[p.stages[k].index] = i;
		plan_release(&p);
	}
	return own;
}

/* The same file gives the same shards: again, from another load, and
 * whatever --variant, --no-counters, --profile-only, the SM count or
 * counting passes offline say. */
static void test_stable(void **state)
{
	struct experiment_file f = { 0 }, g = { 0 };
	struct plan_selection sel;
	struct plan_options o = { .counters = true }, v;
	char why[128];
	int *a, *b;
	size_t n;

	(void)state;
	load_file("experiments/default.yaml", &f);
	load_file("experiments/default.yaml", &g);
	{
		struct plan p;

		plan_build(&f, &o, &p);
		n = p.nstages;
		plan_release(&p);
	}
	a = owners(&f, o, 3);
	b = owners(&g, o, 3);
	assert_memory_equal(a, b, n * sizeof(*a));
	free(b);
	assert_int_equal(plan_select_parse("reduce_cpu", &sel, why, sizeof(why)), 0);
	v = o;
	v.only = &sel;
	v.counters = false;
	v.profile_only = true;
	v.sm_count = 16;
	v.count_passes = true;
	b = owners(&f, v, 3);
	assert_memory_equal(a, b, n * sizeof(*a));
	free(b);
	free(a);
	plan_select_release(&sel);
	experiment_file_release(&f);
	experiment_file_release(&g);
}

/* The default experiment's two shards are within the bound of their
 * estimates, and its largest stage (2^28 floats) is one shard's. */
static void test_default_balance(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .counters = true };
	uint64_t *cost, total = 0, biggest = 0;
	size_t n;

	(void)state;
	load_file("experiments/default.yaml", &f);
	n = plan_costs(&f, &cost);
	assert_int_equal(n, 11);
	for (size_t k = 0; k < n; k++) {
		total += cost[k];
		if (cost[k] > biggest)
			biggest = cost[k];
	}
	for (int i = 1; i <= 2; i++) {
		struct plan p;

		build_shard(&f, o, i, 2, &p);
		assert_true(p.cost <= total / 2 + biggest);
		plan_release(&p);
	}
	free(cost);
	experiment_file_release(&f);
}

/* The cost model: more bytes cost more; counters and the CPU row add;
 * the CPU row is held to the runner's time budget. */
static void test_cost_model(void **state)
{
	static const char text[] =
		"experiments:\n"
		"  - name: a\n"
		"    family: reduce\n"
		"    variants: [reduce_shuffle]\n"
		"    sizes: [2^20, 2^24]\n"
		"  - name: b\n"
		"    family: reduce\n"
		"    variants: [reduce_shuffle]\n"
		"    sizes: [2^20]\n"
		"    counters: default\n"
		"  - name: c\n"
		"    family: reduce\n"
		"    variants: [reduce_cpu]\n"
		"    sizes: [2^20, 2^30]\n"
		"    repeats: 1000\n";
	struct experiment_file f = { 0 };
	uint64_t *cost;

	(void)state;
	assert_int_equal(experiment_load_buffer("t.yaml", text, strlen(text),
						&f), 0);
	assert_int_equal(plan_costs(&f, &cost), 5);
	assert_true(cost[1] > cost[0]);         /* 16 times the bytes */
	assert_true(cost[2] > cost[0]);         /* counter passes */
	assert_true(cost[3] > cost[0]);         /* one CPU thread */
	/* 2^30 floats, 1000 repeats on one thread: the input made (4 GiB
	 * at 3 GB/s, 1.4 s), a check (1 s) and the 2 s budget, not 1000
	 * runs of 4 GiB */
	assert_true(cost[4] > 4000000);
	assert_true(cost[4] < 5000000);
	assert_int_equal(cost[0], plan_stage_cost(&f.exps[0], DTYPE_FLOAT,
						  f.exps[0].sizes[0]));
	free(cost);
	experiment_file_release(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_partition_ties),
		cmocka_unit_test(test_partition_balance),
		cmocka_unit_test(test_cover),
		cmocka_unit_test(test_stable),
		cmocka_unit_test(test_default_balance),
		cmocka_unit_test(test_cost_model),
	};

	return cmocka_run_group_tests_name("shard", tests, NULL, NULL);
}
