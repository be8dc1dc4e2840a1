/* test_queue.c - the work queue of run --devices and the cost cache
 * (plan_queue.c): every measurement handed out once, the costliest
 * first, a worker kept on its stage, work given back handed out again,
 * the expected wall time on N GPUs, and the costs learned per GPU model
 * surviving a round trip through the cache file (no GPU needed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "cli_run.h"
#include "plan/plan.h"
#include "base/util.h"

static void load_plan(const char *path, struct experiment_file *f,
		      struct plan *p)
{
	struct plan_options po = { .counters = true };

	assert_int_equal(experiment_load(path, f), 0);
	assert_int_equal(plan_build(f, &po, p), 0);
}

/* Costs of every measurement of p: `big` seconds for the one named
 * big_variant at the largest stage, 0.1 s for the others. */
static void fake_costs(const struct plan *p, const char *big_variant,
		       double big, struct plan_costs *c)
{
	memset(c, 0, sizeof(*c));
	c->gpu = xstrdup("Test GPU");
	for (size_t i = 0; i < p->nstages; i++)
		for (size_t k = 0; k < p->stages[i].nms; k++) {
			const struct plan_measurement *ms = &p->stages[i].ms[k];
			char *key = plan_cost_key(&p->stages[i], ms, true, false);

			strmap_put(&c->index, key, c->n);
			c->seconds = xrealloc(c->seconds, (c->n + 1) *
					      sizeof(*c->seconds));
			c->seconds[c->n++] = strcmp(ms->v->name, big_variant) ||
					     i != 4 ? 0.1 : big;
			free(key);
		}
}

/* Two workers drain the queue: each item once, the end said once every
 * item is done, a worker on a stage stays while it has work. */
static void test_each_once(void **state)
{
	struct experiment_file f = { 0 };
	struct plan p;
	struct plan_costs c;
	struct plan_queue q;
	size_t *seen, handed = 0, first;
	int w = 0;

	(void)state;
	load_plan("experiments/default.yaml", &f, &p);
	fake_costs(&p, "reduce_one_block", 10, &c);
	plan_queue_init(&q, &p, &c, true, false, 2);
	assert_int_equal(q.n, p.nms);
	assert_int_equal(q.nlearned, p.nms);
	seen = xcalloc(q.n, sizeof(*seen));
	/* the costliest first: the one-block rung at 2^28 */
	first = plan_queue_next(&q, 0);
	assert_true(first < q.n);
	assert_string_equal(p.stages[q.it[first].stage].ms[q.it[first].k].v->name,
			    "reduce_one_block");
	assert_int_equal(q.it[first].stage, 4);
	seen[first]++;
	handed++;
	/* the other worker goes to another stage: nobody is there */
	for (;;) {
		size_t i = plan_queue_next(&q, 1 - w % 2);

		w++;
		if (i == PLAN_QUEUE_END)
			break;
		if (i == PLAN_QUEUE_WAIT) {
			plan_queue_done(&q, first);
			continue;
		}
		assert_true(i < q.n);
		seen[i]++;
		handed++;
		if (handed == 2)
			assert_int_not_equal(q.it[i].stage, 4);
		if (i != first)
			plan_queue_done(&q, i);
	}
	plan_queue_done(&q, first);
	assert_int_equal(plan_queue_next(&q, 0), PLAN_QUEUE_END);
	assert_int_equal(handed, q.n);
	for (size_t i = 0; i < q.n; i++)
		assert_int_equal(seen[i], 1);
	assert_int_equal(q.ntodo, 0);
	assert_int_equal(q.nout, 0);
	free(seen);
	plan_queue_release(&q);
	plan_costs_release(&c);
	plan_release(&p);
	experiment_file_release(&f);
}

/* A worker that ends: what it was handed comes back and is handed out
 * again, to another worker; while work is out, a worker with nothing to
 * do waits rather than ends. */
static void test_back(void **state)
{
	struct experiment_file f = { 0 };
	struct plan p;
	struct plan_queue q;
	size_t a, b, n = 0;

	(void)state;
	load_plan("tests/gpu/devices-trap.yaml", &f, &p);
	plan_queue_init(&q, &p, NULL, true, false, 2);
	assert_int_equal(q.n, 6);
	a = plan_queue_next(&q, 0);
	b = plan_queue_next(&q, 1);
	assert_true(a < q.n && b < q.n);
	assert_int_not_equal(q.it[a].stage, q.it[b].stage);
	/* worker 0 dies making a */
	plan_queue_leave(&q, 0);
	plan_queue_back(&q, a);
	assert_int_equal(q.it[a].state, PLAN_TODO);
	plan_queue_done(&q, b);
	for (size_t i; (i = plan_queue_next(&q, 1)) < q.n; n++)
		plan_queue_done(&q, i);
	assert_int_equal(q.it[a].state, PLAN_DONE);
	assert_int_equal(n, 5);
	/* the last one out: the other waits, then ends */
	plan_queue_release(&q);
	plan_queue_init(&q, &p, NULL, true, false, 2);
	for (size_t i = 0; i < 5; i++)
		plan_queue_done(&q, plan_queue_next(&q, 0));
	a = plan_queue_next(&q, 0);
	assert_true(a < q.n);
	assert_int_equal(plan_queue_next(&q, 1), PLAN_QUEUE_WAIT);
	plan_queue_done(&q, a);
	assert_int_equal(plan_queue_next(&q, 1), PLAN_QUEUE_END);
	plan_queue_release(&q);
	plan_release(&p);
	experiment_file_release(&f);
}

/* The expected wall time: never below the longest measurement nor the
 * work shared out evenly; with one measurement a third of the plan, two
 * GPUs halve it and four cannot do better than that one. */
static void test_wall(void **state)
{
	struct experiment_file f = { 0 };
	struct plan p;
	struct plan_costs c;
	double total, one, two, four, longest = 10;

	(void)state;
	load_plan("experiments/default.yaml", &f, &p);
	fake_costs(&p, "reduce_one_block", longest, &c);
	total = longest + 0.1 * (double)(p.nms - 1);
	one = plan_queue_wall(&p, &c, true, false, 1, 0);
	two = plan_queue_wall(&p, &c, true, false, 2, 0);
	four = plan_queue_wall(&p, &c, true, false, 4, 0);
	/* one GPU: the work and each stage's input once */
	assert_true(one >= total && one < total + 2);
	assert_true(two >= total / 2 && two < total / 2 + 2);
	assert_true(four >= longest && four < longest + 2);
	assert_true(plan_queue_wall(&p, &c, true, false, 2, 1.5) >= two + 1.5 - 1e-6);
	plan_costs_release(&c);
	plan_release(&p);
	experiment_file_release(&f);
}

/* The cache: what a model learned read back for that model only; the
 * model recorded last when none is named; a bad line skipped; a newer
 * recording of a key wins. */
static void test_cache(void **state)
{
	char dir[] = "/tmp/culab-costs-XXXXXX", *path, *text = NULL;
	char *keys[] = { "e/v/float/1024", "e/w/float/1024" };
	double a[] = { 1.5, 2.5 }, b[] = { 7.0 }, again[] = { 3.0 };
	struct plan_costs c;
	size_t len;
	FILE *fp;

	(void)state;
	assert_non_null(mkdtemp(dir));
	setenv("CULAB_CACHE_DIR", dir, 1);
	plan_costs_load(NULL, &c);
	assert_null(c.gpu);
	assert_int_equal(c.n, 0);
	plan_costs_release(&c);
	plan_costs_record("GPU A", keys, a, 2);
	sleep(1);
	plan_costs_record("GPU B", keys, b, 1);
	plan_costs_load("GPU A", &c);
	assert_string_equal(c.gpu, "GPU A");
	assert_int_equal(c.n, 2);
	assert_true(c.seconds[strmap_get(&c.index, keys[1])] == 2.5);
	plan_costs_release(&c);
	plan_costs_load(NULL, &c);
	assert_string_equal(c.gpu, "GPU B");
	assert_int_equal(c.n, 1);
	assert_true(c.seconds[strmap_get(&c.index, keys[0])] == 7.0);
	plan_costs_release(&c);
	/* a line that is not one, then the key recorded again */
	path = xasprintf("%s/costs.tsv", dir);
	fp = fopen(path, "a");
	assert_non_null(fp);
	fputs("GPU A\tbroken\n\tno gpu\t1\t1\nGPU A\tx\t-1\t5\n", fp);
	fclose(fp);
	plan_costs_record("GPU A", keys, again, 1);
	plan_costs_load("GPU A", &c);
	assert_int_equal(c.n, 2);
	assert_true(c.seconds[strmap_get(&c.index, keys[0])] == 3.0);
	plan_costs_release(&c);
	/* the bad lines were not kept, each key is once */
	assert_int_equal(read_file(path, 1 << 20, &text, &len), 0);
	assert_null(strstr(text, "broken"));
	{
		const char *at = text, *k = "GPU A\te/v/float/1024\t";
		int n = 0;

		while ((at = strstr(at, k))) {
			n++;
			at++;
		}
		assert_int_equal(n, 1);
		assert_non_null(strstr(text, "GPU A\te/v/float/1024\t3.000000\t"));
	}
	free(text);
	/* off: nothing read, nothing written */
	setenv("CULAB_CACHE_DIR", "off", 1);
	plan_costs_record("GPU C", keys, a, 1);
	plan_costs_load("GPU A", &c);
	assert_int_equal(c.n, 0);
	plan_costs_release(&c);
	unsetenv("CULAB_CACHE_DIR");
	unlink(path);
	rmdir(dir);
	free(path);
}

/* With counters per source line: on one GPU the lines after the
 * measurements (a child each: PLAN_LINES_S of what its measurement
 * takes); on several, never below the work and the lines shared out
 * evenly, nor the lines on the GPUs that may collect them at once (one
 * of two, two of four); without lines (or none marked), the
 * measurements' own. */
static void test_wall_lines(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options po = { .counters = true, .lines = true };
	struct plan p;
	struct plan_costs c;
	double l = 0, one, two, four, work;

	(void)state;
	assert_int_equal(experiment_load("experiments/default.yaml", &f), 0);
	assert_int_equal(plan_build(&f, &po, &p), 0);
	assert_true(p.nlines > 0);
	fake_costs(&p, "reduce_one_block", 10, &c);
	for (size_t s = 0; s < p.nstages; s++)
		for (size_t k = 0; k < p.stages[s].nms; k++)
			if (p.stages[s].ms[k].lines)
				l += PLAN_LINES_S(strcmp(p.stages[s].ms[k].v->name,
							 "reduce_one_block") ||
						  s != 4 ? 0.1 : 10);
	work = plan_queue_wall(&p, &c, true, false, 1, 0);
	assert_true(plan_wall(&p, &c, true, false, false, 1, 0) == work);
	one = plan_wall(&p, &c, true, false, true, 1, 0);
	assert_true(fabs(one - (work + l)) < 1e-6);
	two = plan_wall(&p, &c, true, false, true, 2, 0);
	assert_true(two >= (work + l) / 2 - 1e-6 && two >= l - 1e-6);
	assert_true(two < one);
	four = plan_wall(&p, &c, true, false, true, 4, 0);
	assert_true(four >= (work + l) / 4 - 1e-6 && four >= l - 1e-6);
	assert_true(four < two);
	assert_true(plan_wall(&p, &c, true, false, true, 2, 1.5) >=
		    two + 1.5 - 1e-6);
	/* no counters: no lines */
	assert_true(plan_wall(&p, &c, false, false, true, 2, 0) ==
		    plan_queue_wall(&p, &c, false, false, 2, 0));
	assert_int_equal(plan_lines_gpus(1), 1);
	assert_int_equal(plan_lines_gpus(3), 1);
	assert_int_equal(plan_lines_gpus(4), 1);
	assert_int_equal(plan_lines_gpus(8), 1);
	plan_costs_release(&c);
	plan_release(&p);
	experiment_file_release(&f);
}

/* Issue 48, class 2: the GPU model `culab plan` names comes from the
 * cache file, so it is escaped for the terminal like any text from a
 * file (an OSC sequence would retitle the terminal). */
static void test_plan_escapes_model(void **state)
{
	char dir[] = "/tmp/culab-costs-esc-XXXXXX", *path;
	struct experiment_file f = { 0 };
	struct plan p;
	char **keys;
	double *secs;
	size_t n = 0;
	struct out o;

	(void)state;
	assert_non_null(mkdtemp(dir));
	setenv("CULAB_CACHE_DIR", dir, 1);
	load_plan("experiments/quick.yaml", &f, &p);
	keys = xcalloc(p.nms, sizeof(*keys));
	secs = xcalloc(p.nms, sizeof(*secs));
	for (size_t i = 0; i < p.nstages; i++)
		for (size_t k = 0; k < p.stages[i].nms; k++) {
			keys[n] = plan_cost_key(&p.stages[i], &p.stages[i].ms[k],
						true, false);
			secs[n++] = 0.01;
		}
	plan_costs_record("GPU\x1b]0;pwned\x07 \xe2\x80\xae", keys, secs, n);
	o = run(ARGS("plan", "experiments/quick.yaml"));
	assert_int_equal(o.status, 0);
	if (!strstr(o.out, "(learned on GPU\\x1b]0;pwned\\x07 \\u{202e} for "))
		fail_msg("%s:%d: stdout: %s", __FILE__, __LINE__, o.out);
	assert_null(strchr(o.out, '\x1b'));
	free(o.out);
	free(o.err);
	for (size_t i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
	free(secs);
	plan_release(&p);
	experiment_file_release(&f);
	unsetenv("CULAB_CACHE_DIR");
	path = xasprintf("%s/costs.tsv", dir);
	unlink(path);
	rmdir(dir);
	free(path);
}

/* Issue 48, classes 7 and 8: costs.tsv follows the cache's rules.  One
 * that is not a regular file, that others could write, or that is
 * larger than 8 MiB is not used: a note (never an error under exit 0)
 * and the model's estimates; the next run replaces it.  Of a file of
 * more lines than culab keeps, only the newest are read. */
static void test_cache_rules(void **state)
{
	static const struct {
		const char *what;      /* how costs.tsv is made */
		const char *note;
	} bad[] = {
		{ "fifo", "is a FIFO: not used, plans use the model's" },
		{ "dir", "is a directory: not used" },
		{ "others", "is writable by other users: not used" },
		{ "large", "is larger than 8388608 bytes (8388609): not used" },
	};
	char dir[] = "/tmp/culab-costs-rules-XXXXXX", *path, *key;
	char *keys[1] = { NULL };
	double one = 1.0;
	struct plan_costs c;
	struct sbuf text = SBUF_INIT;
	struct capture cap;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(chmod(dir, 0700), 0);
	setenv("CULAB_CACHE_DIR", dir, 1);
	path = xasprintf("%s/costs.tsv", dir);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		struct out o;

		if (!strcmp(bad[i].what, "fifo")) {
			assert_int_equal(mkfifo(path, 0600), 0);
		} else if (!strcmp(bad[i].what, "dir")) {
			assert_int_equal(mkdir(path, 0700), 0);
		} else if (!strcmp(bad[i].what, "others")) {
			assert_int_equal(write_file_atomic(path, "GPU A\tk\t1\t1\n",
							   12), 0);
			assert_int_equal(chmod(path, 0666), 0);
		} else {
			char *big = xmalloc((8u << 20) + 2);

			memset(big, '\n', (8u << 20) + 1);
			big[(8u << 20) + 1] = '\0';
			assert_int_equal(write_file_atomic(path, big,
							   (8u << 20) + 1), 0);
			free(big);
		}
		o = run(ARGS("plan", "experiments/quick.yaml"));
		if (o.status != 0 || !strstr(o.err, bad[i].note) ||
		    strstr(o.err, "error:"))
			fail_msg("%s:%d: costs.tsv %s: exit %d, stderr: %s",
				 __FILE__, __LINE__, bad[i].what, o.status,
				 o.err);
		assert_non_null(strstr(o.out, "(the model's: nothing learned"));
		free(o.out);
		free(o.err);
		/* the next run's record replaces what is not a directory;
		 * a directory costs a warning, never an error */
		keys[0] = "e/v/float/1024";
		capture_start(&cap);
		plan_costs_record("GPU A", keys, &one, 1);
		capture_stop(&cap);
		assert_null(strstr(cap.buf, "error:"));
		if (!strcmp(bad[i].what, "dir")) {
			assert_non_null(strstr(cap.buf, "warning: cannot write the "
					       "cost cache in \""));
			assert_non_null(strstr(cap.buf, "its file is a "
					       "directory"));
			assert_int_equal(rmdir(path), 0);
		} else {
			plan_costs_load("GPU A", &c);
			assert_int_equal(c.n, 1);
			plan_costs_release(&c);
			assert_int_equal(unlink(path), 0);
		}
		capture_free(&cap);
	}
	/* another user's (only root can make one): not used either */
	if (geteuid() == 0) {
		struct out o;

		assert_int_equal(write_file_atomic(path, "GPU A\tk\t1\t1\n",
						   12), 0);
		assert_int_equal(chown(path, 65534, 65534), 0);
		o = run(ARGS("plan", "experiments/quick.yaml"));
		assert_int_equal(o.status, 0);
		assert_non_null(strstr(o.err, "is another user's: not used"));
		free(o.out);
		free(o.err);
		assert_int_equal(unlink(path), 0);
	}
	/* 20001 lines: the oldest is not read */
	for (int k = 0; k <= 20000; k++)
		sbuf_addf(&text, "GPU A\tkey-%d\t1.0\t%d\n", k, k);
	assert_int_equal(write_file_atomic(path, text.buf, text.len), 0);
	plan_costs_load("GPU A", &c);
	assert_int_equal(c.n, 20000);
	assert_true(strmap_get(&c.index, "key-0") == STRMAP_NONE);
	assert_true(strmap_get(&c.index, "key-20000") != STRMAP_NONE);
	plan_costs_release(&c);
	/* and a record keeps 20000 lines: this run's and the newest */
	key = xstrdup("new");
	keys[0] = key;
	plan_costs_record("GPU A", keys, &one, 1);
	plan_costs_load("GPU A", &c);
	assert_int_equal(c.n, 20000);
	assert_true(strmap_get(&c.index, "key-1") == STRMAP_NONE);
	assert_true(strmap_get(&c.index, "new") != STRMAP_NONE);
	plan_costs_release(&c);
	free(key);
	sbuf_release(&text);
	unsetenv("CULAB_CACHE_DIR");
	unlink(path);
	rmdir(dir);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_once),
		cmocka_unit_test(test_back),
		cmocka_unit_test(test_wall),
		cmocka_unit_test(test_wall_lines),
		cmocka_unit_test(test_cache),
		cmocka_unit_test(test_plan_escapes_model),
		cmocka_unit_test(test_cache_rules),
	};

	return cmocka_run_group_tests_name("queue", tests, NULL, NULL);
}
