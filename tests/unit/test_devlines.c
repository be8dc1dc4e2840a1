/* test_devlines.c - run --devices' parent and its per-line jobs
 * (devices_lines.c), without a GPU or a child process: when a GPU leaves
 * the measurements for the lines to collect, what a row that comes back
 * does with the lines its child collected already, how many
 * children a GPU on its lines keeps ahead within its memory, the jobs
 * planned before the run, when a GPU's children start while it makes
 * its last measurement, and how those wait for the GPU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/util.h"
#include "jobs/devices_int.h"
#include "jobs/lines_cache.h"
#include "results/results.h"
#include "ladder/ladder.h"

#include "tmpdir.h"

struct fixture {
	struct experiment_file f;
	struct node_run c;
};

/* default.yaml planned as run --devices plans it (counters and lines on)
 * for two GPUs, nothing made yet. */
static int setup(void **state)
{
	struct fixture *x = xcalloc(1, sizeof(*x));
	struct plan_options po = { .counters = true, .lines = true };

	/* no per-line cache but test_bind_cached's own */
	setenv("CULAB_CACHE_DIR", "off", 1);
	assert_int_equal(experiment_load("experiments/default.yaml", &x->f), 0);
	assert_int_equal(plan_build(&x->f, &po, &x->c.plan), 0);
	assert_true(x->c.plan.nlines > 0);
	plan_queue_init(&x->c.q, &x->c.plan, NULL, true, false, 2);
	x->c.ng = 2;
	x->c.g = xcalloc(2, sizeof(*x->c.g));
	for (int k = 0; k < 2; k++) {
		x->c.g[k].device = k;
		x->c.g[k].flight = SIZE_MAX;
		lines_gpu_init(&x->c.g[k].lines, k, NULL);
	}
	x->c.lines_on = true;
	x->c.took = xcalloc(x->c.q.n + 1, sizeof(*x->c.took));
	x->c.fail = xcalloc(x->c.q.n + 1, sizeof(*x->c.fail));
	x->c.has_line_job = xcalloc(x->c.q.n + 1, sizeof(*x->c.has_line_job));
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *x = *state;

	for (size_t i = 0; i < x->c.nline_jobs; i++)
		source_lines_release(&x->c.line_jobs[i].hold.lines);
	free(x->c.line_jobs);
	free(x->c.has_line_job);
	free(x->c.took);
	free(x->c.fail);
	free(x->c.g);
	plan_queue_release(&x->c.q);
	plan_release(&x->c.plan);
	experiment_file_release(&x->f);
	free(x);
	return 0;
}

/* Every marked measurement made, each having taken `took` seconds; the
 * others still to do, each estimated at `left` seconds. */
static size_t make_marked(struct node_run *c, double took, double left)
{
	size_t n = 0;

	for (size_t i = 0; i < c->q.n; i++)
		if (devices_item_marked(c, i)) {
			c->q.it[i].state = PLAN_DONE;
			c->q.it[i].seconds = took;
			c->took[i] = took;
			n++;
		} else {
			c->q.it[i].seconds = left;
		}
	return n;
}

/* A GPU leaves for the lines only when there are some and they would
 * take as long as the measurements left on the other GPU; one GPU at a
 * time, each once, and never with one GPU or with the lines last. */
static void test_due(void **state)
{
	struct fixture *x = *state;
	struct node_run *c = &x->c;

	assert_false(devlines_due(c, 0, 0));            /* no job planned */
	devlines_plan(c);
	assert_int_equal(c->nline_jobs, c->plan.nlines);
	assert_int_equal(make_marked(c, 1.0, 10.0), c->plan.nlines);
	assert_false(devlines_due(c, 0, 0));      /* hours of measuring left */
	make_marked(c, 1.0, 1e-3);
	assert_true(devlines_due(c, 0, 0));
	c->ng = 1;
	assert_false(devlines_due(c, 0, 0));
	c->ng = 2;
	c->lines_last = true;
	assert_false(devlines_due(c, 0, 0));
	c->lines_last = false;
	c->g[1].on_lines = true;
	assert_false(devlines_due(c, 0, 0));
	c->g[1].on_lines = false;
	c->g[0].was_on_lines = true;
	assert_false(devlines_due(c, 0, 0));
	assert_true(devlines_due(c, 1, 0));
	/* a measurement in flight on the other GPU counts as work left */
	for (size_t i = 0; i < c->q.n; i++)
		if (!devices_item_marked(c, i)) {
			c->q.it[i].state = PLAN_OUT;
			c->q.it[i].seconds = 1e6;
			c->g[0].flight = i;
			c->g[0].flight_t0 = monotonic_seconds();
			break;
		}
	assert_true(c->g[0].flight < c->q.n);
	assert_false(devlines_due(c, 1, 0));
}

static struct result_row wanted_row(void)
{
	struct result_row w;

	memset(&w, 0, sizeof(w));
	w.status = ROW_OK;
	w.nkernels = 1;
	return w;
}

/* Planned jobs are once each; a row that comes back takes the lines its
 * child collected already, or gets a job when it had none (one not
 * planned: made before the run); one that failed drops its job and what
 * it held. */
static void test_bind(void **state)
{
	struct fixture *x = *state;
	struct node_run *c = &x->c;
	size_t first = SIZE_MAX, second = SIZE_MAX, third = SIZE_MAX, nlj;
	struct result_row ok = wanted_row(), bad = wanted_row(),
			  late = wanted_row(), again = wanted_row();

	for (size_t i = 0; i < c->q.n; i++)
		if (devices_item_marked(c, i)) {
			if (first == SIZE_MAX)
				first = i;
			else if (second == SIZE_MAX)
				second = i;
			else if (third == SIZE_MAX)
				third = i;
		}
	assert_true(third < c->q.n);
	c->q.it[third].state = PLAN_DONE;       /* resumed: made before */
	devlines_plan(c);
	assert_int_equal(c->nline_jobs, c->plan.nlines - 1);
	devlines_plan(c);                               /* once each */
	assert_int_equal(c->nline_jobs, c->plan.nlines - 1);
	assert_false(c->has_line_job[third]);
	assert_false(c->line_jobs[0].bound);
	assert_int_equal(c->line_jobs[1].item, second);
	assert_int_equal(c->line_jobs[0].item, first);
	assert_string_equal(c->line_jobs[0].label, devices_item_label(c, first));

	/* its child's lines came before the row */
	c->line_jobs[0].hold.lines.recorded = true;
	c->line_jobs[0].hold.lines.seconds = 1.5;
	c->nkept = 3;
	devlines_bind(c, first, &ok, 7, NULL);
	assert_true(c->line_jobs[0].bound);
	assert_int_equal(c->line_jobs[0].res, 3);
	assert_int_equal(c->line_jobs[0].row, 7);
	assert_true(ok.lines.recorded);
	assert_true(ok.lines.seconds == 1.5);
	assert_false(c->line_jobs[0].hold.lines.recorded);
	/* the same row again (a worker's results read twice): no new job */
	devlines_bind(c, first, &again, 8, NULL);
	assert_int_equal(c->nline_jobs, c->plan.nlines - 1);
	assert_false(again.lines.recorded);

	/* a row that failed: its job is dropped, and what it held */
	c->line_jobs[1].hold.lines.recorded = true;
	bad.status = ROW_ERROR;
	devlines_bind(c, second, &bad, 0, NULL);
	assert_true(c->line_jobs[1].dropped);
	assert_false(c->line_jobs[1].bound);
	assert_false(c->line_jobs[1].hold.lines.recorded);
	assert_false(bad.lines.recorded);

	/* a row made after the GPU left, with no job yet: one, bound */
	nlj = c->nline_jobs;
	devlines_bind(c, third, &late, 2, NULL);
	assert_int_equal(c->nline_jobs, nlj + 1);
	assert_true(c->line_jobs[nlj].bound);
	assert_int_equal(c->line_jobs[nlj].row, 2);
	assert_true(c->has_line_job[third]);
	/* no lines wanted (already recorded): nothing more */
	late.lines.recorded = true;
	devlines_bind(c, third, &late, 2, NULL);
	assert_int_equal(c->nline_jobs, nlj + 1);
}

/* Issue 46, item 3: a row whose lines an earlier run kept in the per-line
 * cache takes them when it comes back, and its job, not started, gets no
 * child; a job whose child collected before its row came keeps what it
 * collected for the next run. */
static void test_bind_cached(void **state)
{
	static const char kept[] =
		"{\"lines\": {\"status\": null, \"seconds\": 1.0, "
		"\"collect_seconds\": 0.5, \"launches\": 1, \"launched\": "
		"[{\"kernel\": \"k\", \"warps\": 8}], \"metrics\": "
		"[\"inst_executed\"], \"kernels\": [{\"kernel\": \"k\", "
		"\"symbol\": \"_Z1kv\", \"launches\": [0], \"warps\": 8, "
		"\"lines\": [{\"file\": \"a.cu\", \"line\": 3, \"pcs\": 2, "
		"\"values\": [16]}]}]}}";
	struct fixture *x = *state;
	struct node_run *c = &x->c;
	struct environment env = { .gpu_name = (char *)"Test GPU",
				   .cc_major = 9, .sm_count = 132 };
	char dir[] = "/tmp/culab-test-devlines-XXXXXX", key[65];
	struct result_row src = wanted_row(), row = wanted_row(),
			  second = wanted_row(), later = wanted_row();
	size_t first = SIZE_MAX, next = SIZE_MAX;

	assert_non_null(mkdtemp(dir));
	setenv("CULAB_CACHE_DIR", dir, 1);
	for (size_t i = 0; i < c->q.n; i++)
		if (devices_item_marked(c, i)) {
			if (first == SIZE_MAX)
				first = i;
			else if (next == SIZE_MAX)
				next = i;
		}
	assert_true(next < c->q.n);
	devlines_plan(c);
	assert_false(c->line_jobs[0].bound);
	assert_int_equal(c->line_jobs[0].item, first);
	/* the earlier run's lines of the first */
	assert_int_equal(json_lines_decode("kept", kept, strlen(kept),
					   &src.lines), 0);
	assert_int_equal(lines_cache_key(&c->plan.stages[c->q.it[first].stage],
					 &c->plan.stages[c->q.it[first].stage].ms[c->q.it[first].k],
					 &env, NULL, key), 0);
	lines_cache_put(key, &src);
	c->nkept = 1;
	devlines_bind(c, first, &row, 4, &env);
	assert_true(row.lines.cached);
	assert_int_equal(row.lines.nkernels, 1);
	assert_true(c->line_jobs[0].dropped);
	/* on another GPU (another key): a job as before */
	env.sm_count = 78;
	c->line_jobs[1].hold.lines = src.lines;        /* collected before its row */
	memset(&src.lines, 0, sizeof(src.lines));
	assert_int_equal(c->line_jobs[1].item, next);
	devlines_bind(c, next, &second, 5, &env);
	assert_true(c->line_jobs[1].bound);
	assert_false(second.lines.cached);
	assert_int_equal(second.lines.nkernels, 1);
	/* ... and kept: the next run's row of it takes them */
	assert_int_equal(lines_cache_key(&c->plan.stages[c->q.it[next].stage],
					 &c->plan.stages[c->q.it[next].stage].ms[c->q.it[next].k],
					 &env, NULL, key), 0);
	assert_int_equal(lines_cache_take(key, &later), 1);
	assert_true(later.lines.cached);
	source_lines_release(&row.lines);
	source_lines_release(&second.lines);
	source_lines_release(&later.lines);
	setenv("CULAB_CACHE_DIR", "off", 1);
	assert_int_equal(remove_tree(dir), 0);
}

/* A GPU keeps its usual children ahead; on its lines, up to
 * LINES_AHEAD_MAX while their inputs and contexts fit in half its
 * memory, and every GPU's children's host copies and processes in a
 * quarter of the host's; either memory unknown, only the usual. */
static void test_more_ahead(void **state)
{
	struct fixture *x = *state;
	struct node_run *c = &x->c;
	struct gpu *g = &c->g[0];
	int base = 1 + g->lines.ahead;

	devlines_plan(c);
	make_marked(c, 1.0, 1.0);
	assert_true(c->nline_jobs >= (size_t)LINES_AHEAD_MAX + 1);
	for (int nl = 0; nl < base; nl++)
		assert_true(devlines_more_ahead(c, g, nl));
	assert_false(devlines_more_ahead(c, g, base));  /* not on its lines */
	g->on_lines = true;
	assert_false(devlines_more_ahead(c, g, base));  /* memory unknown */
	g->mem = (size_t)80 << 30;
	assert_false(devlines_more_ahead(c, g, base));  /* host's unknown */
	c->ram = 256.0 * (1 << 30);
	assert_true(devlines_more_ahead(c, g, base));
	assert_false(devlines_more_ahead(c, g, 1 + LINES_AHEAD_MAX));
	/* a small GPU: half of 2 GiB holds one child of the biggest job (a
	 * 4096 x 4096 float transpose at the lines size: 64 MiB of input,
	 * as much output and half a GiB of context), not two */
	g->mem = (size_t)2 << 30;
	c->lnext = 1;
	g->lines.p[0].pid = 1;                     /* only counted, never signalled */
	g->lines.p[0].state = LP_AHEAD;
	g->lines.p[0].job = 0;
	for (size_t i = 1; i < c->nline_jobs; i++)     /* the biggest job left */
		if (c->plan.stages[c->q.it[c->line_jobs[i].item].stage].in_bytes >
		    c->plan.stages[c->q.it[c->line_jobs[0].item].stage].in_bytes) {
			struct line_job t = c->line_jobs[0];

			c->line_jobs[0] = c->line_jobs[i];
			c->line_jobs[i] = t;
		}
	assert_true(c->plan.stages[c->q.it[c->line_jobs[0].item].stage].in_bytes >=
		    (size_t)64 << 20);
	assert_false(devlines_more_ahead(c, g, base));
	g->lines.p[0].pid = 0;
	assert_true(devlines_more_ahead(c, g, base));
	/* a host of 2 GiB: a quarter holds one such child's 64 MiB host
	 * copy and its process (256 MiB), with another GPU's child, not
	 * two */
	g->mem = (size_t)80 << 30;
	c->ram = 2.0 * (1 << 30);
	assert_true(devlines_more_ahead(c, g, base));
	c->g[1].lines.p[0].pid = 1;                /* only counted */
	c->g[1].lines.p[0].state = LP_AHEAD;
	c->g[1].lines.p[0].job = 0;
	assert_false(devlines_more_ahead(c, g, base));
	c->g[1].lines.p[0].pid = 0;

	/* at most LINES_STARTING of the node's children starting at once,
	 * beyond a GPU's first; a ready one no longer counts */
	c->ram = 256.0 * (1 << 30);
	for (int k = 0; k < LINES_STARTING; k++) {
		struct lines_proc *p = &c->g[k % 2].lines.p[k / 2];

		p->pid = 1;                     /* only counted */
		p->state = LP_AHEAD;
		p->job = 0;
	}
	assert_false(devlines_more_ahead(c, g, 1));
	assert_true(devlines_more_ahead(c, g, 0));
	c->g[0].lines.p[0].ready = true;
	assert_true(devlines_more_ahead(c, g, 1));
	for (int k = 0; k < LINES_STARTING; k++)
		c->g[k % 2].lines.p[k / 2] = (struct lines_proc){ .sock = -1 };
	/* six on four GPUs or more; CULAB_LINES_STARTING's number above
	 * all */
	assert_int_equal(devlines_starting(c), LINES_STARTING);
	c->ng = 4;
	assert_int_equal(devlines_starting(c), LINES_STARTING_4);
	c->lines_starting = 2;
	assert_int_equal(devlines_starting(c), 2);
	c->ng = 2;
	assert_int_equal(devlines_starting(c), 2);
	c->lines_starting = 0;
}

/* With two GPUs or more, every marked measurement to make has a job
 * before the run (none made yet, none bound), once each; with one GPU or
 * the lines last, none: they come with their rows. */
static void test_plan(void **state)
{
	struct fixture *x = *state;
	struct node_run *c = &x->c;
	size_t failing = SIZE_MAX;

	c->ng = 1;
	devlines_plan(c);
	assert_int_equal(c->nline_jobs, 0);
	c->ng = 2;
	c->lines_last = true;
	devlines_plan(c);
	assert_int_equal(c->nline_jobs, 0);
	c->lines_last = false;
	for (size_t i = 0; i < c->q.n && failing == SIZE_MAX; i++)
		if (devices_item_marked(c, i))
			failing = i;
	c->fail[failing] = (char *)"its worker ended";   /* never freed */
	devlines_plan(c);
	assert_int_equal(c->nline_jobs, c->plan.nlines - 1);
	for (size_t j = 0; j < c->nline_jobs; j++) {
		assert_false(c->line_jobs[j].bound);
		assert_true(c->line_jobs[j].item != failing);
		assert_true(devices_item_marked(c, c->line_jobs[j].item));
		assert_true(c->has_line_job[c->line_jobs[j].item]);
	}
	assert_false(c->has_line_job[failing]);
	devlines_plan(c);                               /* once each */
	assert_int_equal(c->nline_jobs, c->plan.nlines - 1);
	c->fail[failing] = NULL;
}

/* With the jobs planned: a GPU leaves once the lines to collect would
 * take as long as the others' measurements left; after > 0 says whether
 * it would once the others have measured that much more (its children
 * then start, held); another GPU about to leave keeps it; children it
 * started ahead count as lines to collect. */
static void test_due_ahead(void **state)
{
	struct fixture *x = *state;
	struct node_run *c = &x->c;
	struct gpu *g = &c->g[0];
	double left;

	for (size_t i = 0; i < c->q.n; i++)
		c->q.it[i].seconds = 1.0;
	devlines_plan(c);
	assert_true(c->nline_jobs > 0);
	/* 162 seconds of measuring left against 26 lines */
	left = devices_work_left(c, monotonic_seconds(), 0);
	assert_true(left > 100);
	assert_false(devlines_due(c, 0, 0));
	assert_false(devlines_due(c, 0, 1.0));
	assert_true(devlines_due(c, 0, left));
	c->g[1].pre_lines = true;
	assert_false(devlines_due(c, 0, left));
	assert_true(devlines_due(c, 1, left));          /* not by itself */
	c->g[1].pre_lines = false;
	/* every job started: the ones ahead on g still count */
	c->lnext = c->nline_jobs;
	assert_false(devlines_due(c, 0, left));
	for (int p = 0; p < 3; p++) {
		g->lines.p[p].pid = 1;             /* only counted, never signalled */
		g->lines.p[p].state = LP_AHEAD;
		g->lines.p[p].job = (size_t)p;
	}
	assert_true(devlines_due(c, 0, left));
	assert_false(devlines_due(c, 1, left));
	for (int p = 0; p < 3; p++)
		g->lines.p[p].pid = 0;
}

/* No child starts while a worker times a row on the host clock (the CPU
 * reference): only then, and only while that worker lives; children
 * start held behind a short row on the GPU only. */
static void test_host_timed(void **state)
{
	struct fixture *x = *state;
	struct node_run *c = &x->c;
	size_t cpu = SIZE_MAX, gpu = SIZE_MAX;

	for (size_t i = 0; i < c->q.n; i++) {
		unsigned fl = c->plan.stages[c->q.it[i].stage]
				      .ms[c->q.it[i].k].v->flags;

		if ((fl & VF_CPU) && cpu == SIZE_MAX)
			cpu = i;
		else if (!(fl & VF_CPU) && gpu == SIZE_MAX)
			gpu = i;
	}
	assert_true(cpu < c->q.n && gpu < c->q.n);
	assert_false(devlines_host_timed(c));
	c->g[1].pid = 1;                        /* only read, never signalled */
	c->g[1].flight = gpu;
	assert_false(devlines_host_timed(c));
	c->g[1].flight = cpu;
	assert_true(devlines_host_timed(c));
	c->g[1].pid = 0;                        /* its worker gone */
	assert_false(devlines_host_timed(c));
	c->g[1].flight = SIZE_MAX;

	/* children held behind a short GPU row only */
	c->q.it[gpu].seconds = c->q.it[cpu].seconds = LINES_HOLD_S;
	assert_true(devlines_may_hold(c, gpu));
	assert_false(devlines_may_hold(c, cpu));
	c->q.it[gpu].seconds = LINES_HOLD_S + 0.5;
	assert_false(devlines_may_hold(c, gpu));
}

/* Children started while the GPU's worker measures wait for it: no turn
 * while held; they are heard until they say they are ready; freed, each
 * held one gets its first word, then the first its turn (its second). */
static void test_held(void **state)
{
	struct lines_gpu lg;
	int sv[2][2];
	char b[4];

	(void)state;
	lines_gpu_init(&lg, 0, NULL);
	lg.held = true;
	for (int k = 0; k < 2; k++) {
		assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM |
					    SOCK_NONBLOCK, 0, sv[k]), 0);
		lg.p[k].pid = 1;                /* only counted, never signalled */
		lg.p[k].state = LP_AHEAD;
		lg.p[k].job = (size_t)k;
		lg.p[k].sock = sv[k][0];
		lg.p[k].held = true;
	}
	assert_null(lines_gpu_go(&lg));
	for (int k = 0; k < 2; k++)
		assert_int_equal(read(sv[k][1], b, sizeof(b)), -1);
	/* both starting, heard until ready; one says so at its hold */
	{
		struct pollfd pf[LINES_PROCS];

		assert_int_equal(lines_gpu_starting(&lg), 2);
		assert_int_equal(lines_gpu_fds(&lg, pf), 2);
		assert_int_equal(write(sv[1][1], "r", 1), 1);
		assert_null(lines_gpu_said(&lg));
		assert_true(lg.p[1].ready);
		assert_false(lg.p[0].ready);
		assert_int_equal(lines_gpu_starting(&lg), 1);
		assert_int_equal(lines_gpu_fds(&lg, pf), 1);
		assert_int_equal(pf[0].fd, sv[0][0]);
	}
	lines_gpu_free(&lg);
	assert_false(lg.held);
	for (int k = 0; k < 2; k++) {
		assert_false(lg.p[k].held);
		assert_int_equal(read(sv[k][1], b, sizeof(b)), 1);
	}
	assert_ptr_equal(lines_gpu_go(&lg), &lg.p[0]);
	assert_int_equal(read(sv[0][1], b, sizeof(b)), 1);
	assert_int_equal(read(sv[1][1], b, sizeof(b)), -1);
	lines_gpu_free(&lg);                    /* again: nothing more */
	assert_int_equal(read(sv[1][1], b, sizeof(b)), -1);
	for (int k = 0; k < 2; k++) {
		close(sv[k][0]);
		close(sv[k][1]);
	}
}

/* The fixture's node grown to n GPUs, none with a worker. */
static void gpus(struct node_run *c, int n)
{
	c->g = xrealloc(c->g, (size_t)n * sizeof(*c->g));
	for (int k = c->ng; k < n; k++) {
		memset(&c->g[k], 0, sizeof(c->g[k]));
		c->g[k].device = k;
		c->g[k].flight = SIZE_MAX;
		lines_gpu_init(&c->g[k].lines, k, NULL);
	}
	c->ng = n;
}

/* With CULAB_LINES_GPUS=2 on four GPUs, a second GPU leaves for the
 * lines while one is on them, once the lines left, shared by the two,
 * would take as long as the measurements left on the two that stay;
 * never past lines_max (one by default), nor for lines the first one's
 * children hold already. */
static void test_due_second(void **state)
{
	struct fixture *x = *state;
	struct node_run *c = &x->c;
	size_t n;
	double todo, now = monotonic_seconds();

	devlines_plan(c);
	gpus(c, 4);
	/* one by default (plan_lines_gpus) */
	assert_int_equal(devlines_max(c), 1);
	c->lines_max = 2;
	assert_int_equal(devlines_max(c), 2);
	/* 26 lines of 0.65 s each (16.9 s) */
	n = make_marked(c, 1.0, 0.1);
	todo = (double)n * (PLAN_LINES_S(1.0));
	c->g[0].on_lines = c->g[0].was_on_lines = true;
	/* 136 measurements left of 0.1 s: 13.6 s for two GPUs, 6.8 s each,
	 * against 8.5 s each of lines for two */
	assert_true(todo > devices_work_left(c, now, 1));
	assert_true(devlines_due(c, 1, 0));
	c->lines_max = 0;
	assert_false(devlines_due(c, 1, 0));
	c->lines_max = 2;
	/* 0.2 s each: 13.6 s for each of the two that stay */
	make_marked(c, 1.0, 0.2);
	assert_true(todo < devices_work_left(c, now, 1));
	assert_false(devlines_due(c, 1, 0));
	make_marked(c, 1.0, 0.1);
	/* at most lines_max at once */
	c->lines_max = 1;
	assert_false(devlines_due(c, 1, 0));
	c->lines_max = 2;
	c->g[2].pre_lines = true;
	assert_false(devlines_due(c, 1, 0));
	c->g[2].pre_lines = false;
	c->lines_max = 0;
	gpus(c, 3);
	assert_int_equal(devlines_max(c), 1);
	assert_false(devlines_due(c, 1, 0));
	gpus(c, 4);
	c->lines_max = 2;
	/* every job started, held by the first one's children: nothing for
	 * a second */
	c->lnext = c->nline_jobs;
	for (int p = 0; p < 3; p++) {
		c->g[0].lines.p[p].pid = 1;        /* only counted, never signalled */
		c->g[0].lines.p[p].state = p ? LP_AHEAD : LP_GOING;
		c->g[0].lines.p[p].job = (size_t)p;
	}
	assert_false(devlines_due(c, 1, 0));
	/* the first one's held lines count with those nobody holds */
	c->lnext = c->nline_jobs - 2;
	make_marked(c, 1.0, 3.2 / (double)(c->q.n - n));
	assert_true(devlines_due(c, 1, 0));
	make_marked(c, 1.0, 3.4 / (double)(c->q.n - n));
	assert_false(devlines_due(c, 1, 0));
	for (int p = 0; p < 3; p++)
		c->g[0].lines.p[p].pid = 0;
	c->g[0].on_lines = false;
	/* two GPUs: never two on their lines */
	gpus(c, 2);
	c->g[0].on_lines = true;
	c->lines_max = 2;
	assert_false(devlines_due(c, 1, 0));
	c->lines_max = 0;
}

/* While another GPU may still leave for its lines (CULAB_LINES_GPUS=2),
 * one on its lines holds no more than LINES_CLAIM_S of them beyond its
 * usual ahead; with none that may (lines_max 1, the default, or every
 * other GPU gone or told to end), as many as fit. */
static void test_claim(void **state)
{
	struct fixture *x = *state;
	struct node_run *c = &x->c;
	struct gpu *g = &c->g[0];
	int base = 1 + g->lines.ahead, held = 0;
	double claim = 0;

	devlines_plan(c);
	make_marked(c, 1.0, 1.0);
	gpus(c, 4);
	g = &c->g[0];                           /* moved by gpus */
	g->on_lines = g->was_on_lines = true;
	g->mem = (size_t)80 << 30;
	c->ram = 256.0 * (1 << 30);
	for (int k = 1; k < 4; k++)
		c->g[k].pid = 1;                /* measuring; only read */
	c->lines_max = 2;
	/* children held up to LINES_CLAIM_S */
	while (claim < LINES_CLAIM_S) {
		g->lines.p[held].pid = 1;          /* only counted */
		g->lines.p[held].state = LP_AHEAD;
		g->lines.p[held].ready = true;
		g->lines.p[held].job = (size_t)held;
		claim += PLAN_LINES_S(1.0);
		held++;
		c->lnext = (size_t)held;
	}
	assert_true(held > base);
	assert_false(devlines_more_ahead(c, g, held));
	c->lines_max = 0;
	assert_true(devlines_more_ahead(c, g, held));
	c->lines_max = 2;
	/* the others all gone or ending: none may leave */
	for (int k = 1; k < 4; k++)
		c->g[k].told_end = true;
	assert_true(devlines_more_ahead(c, g, held));
	c->g[1].told_end = false;
	assert_false(devlines_more_ahead(c, g, held));
	c->g[1].was_on_lines = true;
	assert_true(devlines_more_ahead(c, g, held));
	c->g[1].was_on_lines = false;
	/* a second on its lines already: the most there may be */
	c->g[2].on_lines = true;
	assert_true(devlines_more_ahead(c, g, held));
	c->g[2].on_lines = false;
	for (int p = 0; p < held; p++)
		g->lines.p[p] = (struct lines_proc){ .sock = -1 };
	for (int k = 1; k < 4; k++)
		c->g[k].pid = 0;
	c->lines_max = 0;
	gpus(c, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_due, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bind, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bind_cached, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_more_ahead, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_plan, setup, teardown),
		cmocka_unit_test_setup_teardown(test_due_ahead, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_host_timed, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_due_second, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_claim, setup, teardown),
		cmocka_unit_test(test_held),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
