/* test_merge.c - shards' results made one (culab merge): the recorded
 * run of experiments/quick.yaml (tests/fixtures/quick), cut by its own
 * plan's shards as `run --shard I/N` would have written them, merges back
 * into the same rows in the same order and the same report; rows keep
 * their device, and rows of another GPU model get ladders of their own;
 * every refusal is one line (no GPU needed). */
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
#include "results/results.h"
#include "jobs/output.h"
#include "plan/plan.h"
#include "report/report.h"
#include "base/util.h"
#include "report_check.h"

#define FIXTURE "tests/fixtures/quick/results.json"
#define QUICK "experiments/quick.yaml"

static char *tmp;

static int setup(void **state)
{
	(void)state;
	tmp = xstrdup("/tmp/culab-test-merge-XXXXXX");
	assert_non_null(mkdtemp(tmp));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (!getenv("CULAB_TEST_KEEP"))
		remove_tree(tmp);
	else
		fprintf(stderr, "kept %s\n", tmp);
	free(tmp);
	return 0;
}

/* Keeps the rows of r for which keep[k], in order (the others freed). */
static void keep_rows(struct results *r, const bool *keep)
{
	size_t at = 0, n = r->nrows;

	for (size_t k = 0; k < n; k++)
		if (keep[k]) {
			struct result_row t = r->rows[at];

			r->rows[at] = r->rows[k];
			r->rows[k] = t;
			at++;
		}
	while (r->nrows > at)
		results_pop_row(r);
}

/* The fixture as `run --shard i/n` would have written it: the rows of
 * the shard's stages, each with its stage, and the shard recorded. */
static void shard_of_fixture(int i, int n, struct results *r)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .counters = true,
				  .shard = { .index = i, .count = n } };
	struct plan p;
	bool *keep;

	assert_int_equal(results_read(FIXTURE, r), 0);
	assert_int_equal(experiment_load(QUICK, &f), 0);
	plan_build(&f, &o, &p);
	keep = xcalloc(r->nrows, sizeof(*keep));
	for (size_t k = 0; k < r->nrows; k++) {
		struct result_row *w = &r->rows[k];

		for (size_t s = 0; s < p.nstages; s++) {
			const struct plan_stage *st = &p.stages[s];

			if (strcmp(st->e->name, w->experiment) == 0 &&
			    strcmp(dtype_name(st->t), w->dtype) == 0 &&
			    st->sh.n == w->n && st->sh.m == w->m) {
				keep[k] = true;
				w->stage = (long)st->index;
			}
		}
	}
	keep_rows(r, keep);
	r->shard_count = n;
	r->shards = xcalloc(1, sizeof(*r->shards));
	r->shards[r->nshards++] = i;
	free(keep);
	plan_release(&p);
	experiment_file_release(&f);
}

/* Writes shard i/n of the fixture as DIR/NAME/results.json; returns the
 * path (caller frees).  fix (may be NULL) changes it first. */
static char *write_shard(int i, int n, const char *name,
			 void (*fix)(struct results *))
{
	struct results r;
	char *dir = xasprintf("%s/%s", tmp, name);
	char *path = xasprintf("%s/results.json", dir);

	shard_of_fixture(i, n, &r);
	if (fix)
		fix(&r);
	assert_int_equal(output_save(dir, &r), 0);
	results_release(&r);
	free(dir);
	return path;
}

/* merge_files with diagnostics caught: returns its result; *err holds
 * what it printed (caller frees), with the scratch directory as TMP. */
static int merge_caught(char **paths, size_t n, bool partial,
			struct results *out, char **err)
{
	struct merge_options o = { .partial = partial, .command = "culab merge" };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct sbuf s = SBUF_INIT;
	int rc;

	diag_set_stream(fp);
	rc = merge_files(paths, n, &o, out);
	diag_set_stream(NULL);
	fclose(fp);
	for (const char *c = buf; *c;) {
		if (strncmp(c, tmp, strlen(tmp)) == 0) {
			sbuf_add(&s, "TMP");
			c += strlen(tmp);
		} else {
			sbuf_addc(&s, *c++);
		}
	}
	free(buf);
	*err = sbuf_detach(&s);
	return rc;
}

/* ---- good merges ----------------------------------------------------------- */

/* Renders r's report (no charts) into DIR/NAME and returns the English. */
static char *render(const struct results *r, const char *name)
{
	struct report_options ro;
	char *dir = xasprintf("%s/%s", tmp, name), *path, *text, *body;
	char *details;

	report_options_init(&ro);
	ro.charts = false;
	ro.dir = dir;
	ro.template_dir = "templates";
	assert_int_equal(report_render(r, &ro), 0);
	/* both pages: the body and its details */
	path = xasprintf("%s/report.en.md", dir);
	body = slurp(path, NULL);
	assert_non_null(body);
	free(path);
	path = xasprintf("%s/details.en.md", dir);
	details = slurp(path, NULL);
	assert_non_null(details);
	details = with_family_pages(details, dir, "en");
	free(path);
	text = xasprintf("%s\n%s", body, details);
	free(body);
	free(details);
	free(dir);
	return text;
}

/* Three shards merge into the run: the same rows in the same order, the
 * same report; no shard is left to record. */
static void test_three_shards(void **state)
{
	char *paths[3], *err, *a, *b;
	struct results whole, merged;

	(void)state;
	for (int i = 0; i < 3; i++) {
		char name[16];

		snprintf(name, sizeof(name), "s%d", i + 1);
		paths[i] = write_shard(i + 1, 3, name, NULL);
	}
	/* any order of the files: rows come back in plan order */
	{
		char *t = paths[0];

		paths[0] = paths[2];
		paths[2] = t;
	}
	assert_int_equal(merge_caught(paths, 3, false, &merged, &err), 0);
	assert_string_equal(err, "");
	assert_int_equal(results_read(FIXTURE, &whole), 0);
	assert_int_equal(merged.nrows, whole.nrows);
	for (size_t k = 0; k < whole.nrows; k++) {
		const struct result_row *x = &whole.rows[k], *y = &merged.rows[k];

		if (strcmp(x->experiment, y->experiment) ||
		    strcmp(x->variant, y->variant) || strcmp(x->dtype, y->dtype) ||
		    x->n != y->n || x->m != y->m || x->block != y->block ||
		    x->t.median_ms != y->t.median_ms)
			fail_msg("row %zu: %s/%s/%s/%llu, want %s/%s/%s/%llu", k,
				 y->experiment, y->variant, y->dtype,
				 (unsigned long long)y->n, x->experiment,
				 x->variant, x->dtype, (unsigned long long)x->n);
		assert_int_equal(y->device, 0);
	}
	assert_int_equal(merged.shard_count, 0);
	assert_int_equal(merged.ndevices, 1);
	assert_string_equal(merged.status, "complete");
	assert_string_equal(merged.command, "culab merge");
	assert_int_equal(merged.nvariants, whole.nvariants);
	for (size_t k = 0; k < whole.nvariants; k++)
		assert_string_equal(merged.variants[k]->name,
				    whole.variants[k]->name);
	/* the report of the merge is the run's, but for the command */
	free(merged.command);
	merged.command = xstrdup(whole.command);
	a = render(&whole, "r-whole");
	b = render(&merged, "r-merged");
	assert_string_equal(a, b);
	free(a);
	free(b);
	results_release(&whole);
	results_release(&merged);
	for (int i = 0; i < 3; i++)
		free(paths[i]);
	free(err);
}

static void other_gpu(struct results *r)
{
	free(r->env.gpu_name);
	free(r->env.gpu_uuid);
	free(r->env.hostname);
	r->env.gpu_name = xstrdup("NVIDIA A100-SXM4-80GB");
	r->env.gpu_uuid = xstrdup("GPU-test-a100");
	r->env.hostname = xstrdup("node2");
	r->env.peak_gbps = 2039.0;
	r->env.cuda_device = 1;
	for (size_t i = 0; i < r->ndevices; i++)
		environment_release(&r->devices[i]);
	r->ndevices = 0;
	results_add_device(r, &r->env);
}

static void same_model(struct results *r)
{
	free(r->env.gpu_uuid);
	r->env.gpu_uuid = xstrdup("GPU-test-second-h100");
	r->env.cuda_device = 1;
	for (size_t i = 0; i < r->ndevices; i++)
		environment_release(&r->devices[i]);
	r->ndevices = 0;
	results_add_device(r, &r->env);
}

/* Rows of another GPU model keep it, and the report keeps them apart:
 * ladders and charts of their own, named after the GPU. */
static void test_two_models(void **state)
{
	char *paths[2], *err, *text, *csv, *dir;
	struct results merged;
	size_t on[2] = { 0, 0 };

	(void)state;
	paths[0] = write_shard(1, 2, "m1", NULL);
	paths[1] = write_shard(2, 2, "m2", other_gpu);
	assert_int_equal(merge_caught(paths, 2, false, &merged, &err), 0);
	assert_int_equal(merged.ndevices, 2);
	assert_string_equal(merged.devices[0].gpu_name, "NVIDIA H100 80GB HBM3");
	assert_string_equal(merged.devices[1].gpu_name, "NVIDIA A100-SXM4-80GB");
	for (size_t k = 0; k < merged.nrows; k++) {
		assert_true(merged.rows[k].device == 0 || merged.rows[k].device == 1);
		on[merged.rows[k].device]++;
	}
	assert_true(on[0] > 0 && on[1] > 0);
	assert_int_equal(on[0] + on[1], 162);
	/* read back: the devices and each row's stay */
	dir = xasprintf("%s/two", tmp);
	assert_int_equal(output_save(dir, &merged), 0);
	csv = xasprintf("%s/results.csv", dir);
	text = slurp(csv, NULL);
	assert_non_null(strstr(text, ",NVIDIA A100-SXM4-80GB,node2,1,"));
	/* the first part's GPU keeps its CUDA index too (its environment
	 * has none: its device entry has) */
	assert_non_null(strstr(text, ",NVIDIA H100 80GB HBM3,vm,0,"));
	free(text);
	text = render(&merged, "r-two");
	assert_non_null(strstr(text, "The rows ran on 2 devices"));
	assert_non_null(strstr(text, "| 1 | NVIDIA A100-SXM4-80GB | node2 | 1 | 81 | 2039.0 GB/s |"));
	/* every ladder heading names its GPU */
	assert_non_null(strstr(text, " (NVIDIA A100-SXM4-80GB)\n"));
	assert_non_null(strstr(text, " (NVIDIA H100 80GB HBM3)\n"));
	free(text);
	results_release(&merged);
	free(csv);
	free(dir);
	free(paths[0]);
	free(paths[1]);
	free(err);
}

/* A GPU whose CUDA index one source did not know (a part whose worker
 * made no row: its environment has none) takes it from the next that
 * does; a known index stays. */
static void test_device_index_filled(void **state)
{
	struct environment e = {
		.gpu_name = (char *)"NVIDIA H200", .gpu_uuid = (char *)"GPU-x",
		.hostname = (char *)"vm", .cuda_device = -1,
	};
	struct results r;

	(void)state;
	memset(&r, 0, sizeof(r));
	assert_int_equal(results_add_device(&r, &e), 0);
	assert_int_equal(r.devices[0].cuda_device, -1);
	e.cuda_device = 1;
	assert_int_equal(results_add_device(&r, &e), 0);
	assert_int_equal(r.devices[0].cuda_device, 1);
	e.cuda_device = 2;
	assert_int_equal(results_add_device(&r, &e), 0);
	assert_int_equal(r.devices[0].cuda_device, 1);
	assert_int_equal(r.ndevices, 1);
	results_release(&r);
}

/* A worker that made no row (its GPU left for its per-line children at
 * once) gives the merge neither the environment nor a device: the file
 * lists the GPUs its rows ran on, the first its environment. */
static void test_part_without_rows(void **state)
{
	struct results a, b, merged, *in[2] = { &a, &b };

	(void)state;
	assert_int_equal(results_read(FIXTURE, &a), 0);
	assert_int_equal(results_read(FIXTURE, &b), 0);
	same_model(&a);
	while (a.nrows)
		results_pop_row(&a);
	merge_results(in, 2, &merged);
	assert_int_equal(merged.nrows, 162);
	assert_int_equal(merged.ndevices, 1);
	assert_string_equal(merged.env.gpu_uuid, b.env.gpu_uuid);
	assert_int_equal(merged.devices[0].cuda_device, 0);
	for (size_t k = 0; k < merged.nrows; k++)
		assert_int_equal(merged.rows[k].device, 0);
	results_release(&merged);
	results_release(&a);
	results_release(&b);
}

/* A class's launch (run.h, struct class_contract) comes through the
 * merge as the first part recorded it, a copy of its own: the parts and
 * the merged results each free theirs. */
static void test_contract_kept(void **state)
{
	struct results a, b, merged, *in[2] = { &a, &b };
	struct class_contract *c;

	(void)state;
	assert_int_equal(results_read(FIXTURE, &a), 0);
	assert_int_equal(results_read(FIXTURE, &b), 0);
	c = &a.experiments[0].contract;
	c->grid = xstrdup("ceil(n / block)");
	c->block = 256;
	c->at = xcalloc(1, sizeof(*c->at));
	c->at[c->nat++] = (struct class_load){ UINT64_C(1) << 20, 1 };
	merge_results(in, 2, &merged);
	assert_string_equal(merged.experiments[0].contract.grid,
			    "ceil(n / block)");
	assert_ptr_not_equal(merged.experiments[0].contract.grid, c->grid);
	assert_int_equal(merged.experiments[0].contract.block, 256);
	assert_int_equal(merged.experiments[0].contract.nat, 1);
	assert_int_equal(merged.experiments[0].contract.at[0].elements, 1);
	results_release(&a);
	results_release(&b);
	results_release(&merged);
}

/* Two GPUs of one model: one ladder per stage as before; the environment
 * lists both. */
static void test_same_model(void **state)
{
	char *paths[2], *err, *text, *one;
	struct results merged, whole;

	(void)state;
	paths[0] = write_shard(1, 2, "h1", NULL);
	paths[1] = write_shard(2, 2, "h2", same_model);
	assert_int_equal(merge_caught(paths, 2, false, &merged, &err), 0);
	assert_int_equal(merged.ndevices, 2);
	assert_int_equal(merged.devices[0].cuda_device, 0);
	assert_int_equal(merged.devices[1].cuda_device, 1);
	text = render(&merged, "r-same");
	assert_non_null(strstr(text, "The rows ran on 2 devices"));
	assert_null(strstr(text, " (NVIDIA H100 80GB HBM3)\n"));
	assert_int_equal(results_read(FIXTURE, &whole), 0);
	one = render(&whole, "r-one");
	assert_null(strstr(one, "The rows ran on"));
	free(one);
	free(text);
	results_release(&whole);
	results_release(&merged);
	free(paths[0]);
	free(paths[1]);
	free(err);
}

/* --partial merges what is there and records which shards; the status
 * says partial. */
static void test_partial(void **state)
{
	char *paths[2], *err;
	struct results merged;

	(void)state;
	paths[0] = write_shard(1, 4, "p1", NULL);
	paths[1] = write_shard(3, 4, "p3", NULL);
	assert_int_equal(merge_caught(paths, 2, false, &merged, &err), -1);
	assert_string_equal(err, "culab: error: shards 2, 4 of 4 are missing: "
			    "merge them too, or pass --partial to merge what "
			    "is there\n");
	free(err);
	assert_int_equal(merge_caught(paths, 2, true, &merged, &err), 0);
	assert_string_equal(err, "culab: note: merging 2 of 4 shards; missing: "
			    "2, 4 (the results are partial)\n");
	assert_string_equal(merged.status, "partial");
	assert_int_equal(merged.shard_count, 4);
	assert_int_equal(merged.nshards, 2);
	assert_int_equal(merged.shards[0], 1);
	assert_int_equal(merged.shards[1], 3);
	/* the partial merge and the rest make the whole */
	{
		char *dir = xasprintf("%s/p13", tmp), *more[3];
		struct results all;

		assert_int_equal(output_save(dir, &merged), 0);
		more[0] = xasprintf("%s/results.json", dir);
		more[1] = write_shard(4, 4, "p4", NULL);
		more[2] = write_shard(2, 4, "p2", NULL);
		free(err);
		assert_int_equal(merge_caught(more, 3, false, &all, &err), 0);
		assert_int_equal(all.nrows, 162);
		assert_int_equal(all.shard_count, 0);
		assert_string_equal(all.status, "complete");
		results_release(&all);
		for (int i = 0; i < 3; i++)
			free(more[i]);
		free(dir);
	}
	results_release(&merged);
	free(paths[0]);
	free(paths[1]);
	free(err);
}

static void no_status(struct results *r)
{
	free(r->status);
	r->status = NULL;
}

/* A part whose file records no status (fuzz_shards found the merge
 * reading its NULL): merged as a part still running, alone with
 * --partial or with the rest. */
static void test_no_status(void **state)
{
	char *paths[2], *err;
	struct results merged;

	(void)state;
	paths[0] = write_shard(1, 2, "ns1", no_status);
	paths[1] = write_shard(2, 2, "ns2", NULL);
	assert_int_equal(merge_caught(paths, 1, true, &merged, &err), 0);
	assert_non_null(merged.status);
	assert_string_equal(merged.status, "running");
	results_release(&merged);
	free(err);
	assert_int_equal(merge_caught(paths, 2, false, &merged, &err), 0);
	assert_string_equal(merged.status, "running");
	results_release(&merged);
	free(err);
	free(paths[0]);
	free(paths[1]);
}

/* ---- refusals: one line each ---------------------------------------------- */

static void other_file(struct results *r)
{
	free(r->source_sha256);
	r->source_sha256 = xstrdup("0123456789abcdef0123456789abcdef0123456789"
				   "abcdef0123456789abcdef");
	free(r->source_path);
	r->source_path = xstrdup("experiments/other.yaml");
}

static void other_version(struct results *r)
{
	free(r->culab_version);
	r->culab_version = xstrdup("0.0.9");
}

static void unsharded(struct results *r)
{
	r->shard_count = 0;
	r->nshards = 0;
}

static void three_shards(struct results *r)
{
	r->shard_count = 3;
}

static void refused(char **paths, size_t n, const char *want)
{
	struct results out;
	char *err;

	if (merge_caught(paths, n, true, &out, &err) != -1 ||
	    strcmp(err, want) != 0)
		fail_msg("got \"%s\", want \"%s\"", err, want);
	assert_int_equal(out.nrows, 0);
	free(err);
}

static void test_refusals(void **state)
{
	char *a = write_shard(1, 2, "a", NULL);
	char *b = write_shard(2, 2, "b", NULL);
	char *exp = write_shard(2, 2, "exp", other_file);
	char *ver = write_shard(2, 2, "ver", other_version);
	char *whole = write_shard(2, 2, "whole", unsharded);
	char *three = write_shard(2, 2, "three", three_shards);
	char *again = write_shard(1, 2, "again", NULL);
	char *p[3];

	(void)state;
	p[0] = a;
	p[1] = exp;
	refused(p, 2, "TMP/exp/results.json: error: results of another "
		"experiment file (\"experiments/other.yaml\", SHA-256 "
		"0123456789ab) than \"TMP/a/results.json\" (\"experiments/"
		"quick.yaml\", SHA-256 db6be94e645d)\n");
	p[1] = ver;
	refused(p, 2, "TMP/ver/results.json: error: written by culab 0.0.9, "
		"\"TMP/a/results.json\" by culab 0.1.0: merge results of one "
		"culab version\n");
	p[1] = whole;
	refused(p, 2, "TMP/whole/results.json: error: not a shard, but "
		"\"TMP/a/results.json\" is shard 1/2: merge the shards of one "
		"--shard I/N partition\n");
	p[1] = three;
	refused(p, 2, "TMP/three/results.json: error: shard 2/3, but "
		"\"TMP/a/results.json\" is shard 1/2: merge the shards of one "
		"--shard I/N partition\n");
	p[1] = again;
	p[2] = b;
	refused(p, 3, "TMP/again/results.json: error: shard 1/2 is also in "
		"\"TMP/a/results.json\": the same shard twice\n");
	p[1] = a;
	refused(p, 2, "TMP/a/results.json: error: given twice (the same file "
		"as \"TMP/a/results.json\")\n");
	p[1] = (char *)QUICK;
	{
		struct results out;
		char *err;

		assert_int_equal(merge_caught(p, 2, false, &out, &err), -1);
		assert_non_null(strstr(err, "experiments/quick.yaml:"));
		assert_non_null(strstr(err, "error: not a valid results file"));
		{
			size_t lines = 0;

			for (const char *c = err; *c; c++)
				lines += *c == '\n';
			assert_int_equal(lines, 1);
		}
		free(err);
	}
	free(a);
	free(b);
	free(exp);
	free(ver);
	free(whole);
	free(three);
	free(again);
}

/* The same measurement in two parts (results not of one partition: two
 * runs whose --variant lists overlap) is refused. */
static void test_overlap(void **state)
{
	char *a = write_shard(1, 2, "o1", unsharded);
	char *b = write_shard(1, 2, "o2", unsharded);
	char *p[2] = { a, b };
	struct results out;
	char *err;

	(void)state;
	assert_int_equal(merge_caught(p, 2, false, &out, &err), -1);
	assert_string_equal(err, "TMP/o2/results.json: error: measurement "
			    "reduce/reduce_cpu/double/1000 is also in "
			    "\"TMP/o1/results.json\": the same measurement "
			    "twice\n");
	free(err);
	free(a);
	free(b);
}

static void all_but_last(struct results *r)
{
	results_pop_row(r);
}

/* The last row alone, as if it were shard 2's. */
static void last_as_shard_2(struct results *r)
{
	struct result_row last = r->rows[r->nrows - 1];

	memset(&r->rows[r->nrows - 1], 0, sizeof(last));
	while (r->nrows)
		results_pop_row(r);
	results_add_row(r);
	r->rows[0] = last;
	r->shards[0] = 2;
}

/* Shards whose recorded shards contradict their rows: a stage split
 * between two parts (shard 1's rows, one of them in a file that says it
 * is shard 2) is refused, naming the stage and both files. */
static void test_stage_split(void **state)
{
	char *a = write_shard(1, 2, "s1", all_but_last);
	char *b = write_shard(1, 2, "s2", last_as_shard_2);
	char *p[2] = { a, b };
	struct results out;
	char *err;

	(void)state;
	assert_int_equal(merge_caught(p, 2, false, &out, &err), -1);
	assert_non_null(strstr(err, "TMP/s2/results.json: error: stage "));
	assert_non_null(strstr(err, "is in shard 2/2 here and in shard 1/2 of "
			       "\"TMP/s1/results.json\": a shard holds whole "
			       "stages"));
	free(err);
	free(a);
	free(b);
}

/* Disjoint parts that are not shards merge by their rows, with a note. */
static void test_unsharded(void **state)
{
	char *a = write_shard(1, 2, "u1", unsharded);
	char *b = write_shard(2, 2, "u2", unsharded);
	char *p[2] = { a, b };
	struct results out;
	char *err;

	(void)state;
	assert_int_equal(merge_caught(p, 2, false, &out, &err), 0);
	assert_string_equal(err, "culab: note: the results are not shards of "
			    "one plan: merged by their rows; whether they cover "
			    "the plan is not known\n");
	assert_int_equal(out.nrows, 162);
	results_release(&out);
	free(err);
	free(a);
	free(b);
}

/* A file from before devices were recorded (the fixture of 2026-11-22):
 * its one environment is the device of every row. */
static void test_old_file_devices(void **state)
{
	struct results r;

	(void)state;
	assert_int_equal(results_read("tests/fixtures/recorded-2026-11-22/quick/results.json", &r), 0);
	assert_int_equal(r.ndevices, 1);
	assert_string_equal(r.devices[0].gpu_name, r.env.gpu_name);
	assert_int_equal(r.devices[0].cuda_device, -1);
	for (size_t k = 0; k < r.nrows; k++) {
		assert_int_equal(r.rows[k].device, 0);
		assert_int_equal(r.rows[k].stage, -1);
	}
	assert_int_equal(r.shard_count, 0);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_three_shards),
		cmocka_unit_test(test_two_models),
		cmocka_unit_test(test_same_model),
		cmocka_unit_test(test_device_index_filled),
		cmocka_unit_test(test_part_without_rows),
		cmocka_unit_test(test_contract_kept),
		cmocka_unit_test(test_partial),
		cmocka_unit_test(test_no_status),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_overlap),
		cmocka_unit_test(test_stage_split),
		cmocka_unit_test(test_unsharded),
		cmocka_unit_test(test_old_file_devices),
	};

	return cmocka_run_group_tests_name("merge", tests, setup, teardown);
}
