/* test_plan.c - the plan: one expansion of an experiment file in the
 * runner's order, with --variant and --resume applied, states, memory and
 * run estimates (no GPU needed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "ladder/kcompile.h"
#include "ladder/ladder.h"
#include "base/util.h"

static void load(const char *text, struct experiment_file *f)
{
	assert_int_equal(experiment_load_buffer("t.yaml", text, strlen(text), f),
			 0);
}

static const char reduce_text[] =
	"experiments:\n"
	"  - name: r\n"
	"    family: reduce\n"
	"    variants: [reduce_shuffle, reduce_global, reduce_cpu]\n"
	"    types: [int, float]\n"
	"    sizes: [1000, 2^20]\n"
	"    block: [128, 256]\n"
	"    warmup: 2\n"
	"    repeats: 7\n"
	"  - name: t\n"
	"    family: transpose\n"
	"    variants: [transpose_naive]\n"
	"    sizes: [\"1025 x 2049\"]\n";

/* Ladder order within a stage, stages by type then size, one measurement
 * per (variant, block), and as many as experiment_count_rows says. */
static void test_order_and_labels(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { 0 };
	struct plan p;
	const struct plan_stage *s;

	(void)state;
	load(reduce_text, &f);
	assert_int_equal(plan_build(&f, &o, &p), 0);
	assert_int_equal(p.nstages, 5);
	assert_int_equal(p.nms, experiment_count_rows(&f.exps[0]) +
			 experiment_count_rows(&f.exps[1]));
	assert_int_equal(p.nms, 4 * 5 + 1);
	assert_int_equal(p.nstate[PLAN_RUN], p.nms);
	s = &p.stages[0];
	assert_int_equal(s->t, DTYPE_INT);
	assert_int_equal(s->sh.n, 1000);
	assert_string_equal(s->size_text, "1000");
	assert_int_equal(s->nms, 5);
	assert_string_equal(s->ms[0].label, "r/reduce_global/int/1000/b128");
	assert_string_equal(s->ms[1].label, "r/reduce_global/int/1000/b256");
	assert_string_equal(s->ms[2].label, "r/reduce_shuffle/int/1000/b128");
	assert_string_equal(s->ms[3].label, "r/reduce_shuffle/int/1000/b256");
	/* the CPU row takes no block and comes last */
	assert_string_equal(s->ms[4].label, "r/reduce_cpu/int/1000");
	assert_int_equal(s->ms[4].block, 0);
	assert_int_equal(p.stages[1].sh.n, 1u << 20);
	assert_int_equal(p.stages[2].t, DTYPE_FLOAT);
	s = &p.stages[4];
	assert_string_equal(s->size_text, "1025x2049");
	assert_string_equal(s->ms[0].label, "t/transpose_naive/float/1025x2049");
	assert_int_equal(s->in_bytes, 1025 * 2049 * 4);
	assert_int_equal(s->out_bytes, s->in_bytes);
	plan_release(&p);
	experiment_file_release(&f);
}

/* Memory: the input, the output, a copy for the in-place rung, scratch;
 * runs: the check, warm-up and repeats, and counter passes. */
static void test_memory_and_runs(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .sm_count = 100 };
	struct plan p;
	const struct plan_stage *s;
	size_t scratch = 0;

	(void)state;
	load(reduce_text, &f);
	plan_build(&f, &o, &p);
	s = &p.stages[1];       /* int, 2^20 */
	assert_int_equal(p.sm_count, 100);
	assert_int_equal(s->in_bytes, 4u << 20);
	assert_int_equal(s->out_bytes, 16);
	assert_int_equal(s->copy_bytes, s->in_bytes); /* reduce_global */
	for (size_t k = 0; k < s->nms; k++)
		if (s->ms[k].work_bytes > scratch)
			scratch = s->ms[k].work_bytes;
	assert_true(scratch > 0);
	assert_int_equal(s->scratch_bytes, scratch);   /* no counters: the largest */
	assert_int_equal(s->device_bytes, s->in_bytes + s->out_bytes +
			 s->copy_bytes + s->scratch_bytes);
	assert_int_equal(s->passes, 0);
	assert_int_equal(s->ms[0].runs, 1 + 2 + 7);
	assert_int_equal(s->runs, 5 * 10);
	assert_true(p.peak_device_bytes >= s->device_bytes);
	plan_release(&p);

	o.profile_only = true;
	plan_build(&f, &o, &p);
	assert_int_equal(p.stages[0].ms[0].runs, 1);
	assert_int_equal(p.runs, p.nms);
	plan_release(&p);
	experiment_file_release(&f);
}

/* A plan that only names measurements (run --devices' parent) asks no
 * variant for its scratch, and names the same measurements, in the same
 * order and states, with the same runs. */
static void test_no_device(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .sm_count = 100 };
	struct plan a, b;
	size_t scratch = 0;

	(void)state;
	load(reduce_text, &f);
	plan_build(&f, &o, &a);
	o.no_device = true;
	plan_build(&f, &o, &b);
	assert_int_equal(a.nstages, b.nstages);
	assert_int_equal(a.nms, b.nms);
	for (size_t i = 0; i < a.nstages; i++) {
		assert_int_equal(a.stages[i].nms, b.stages[i].nms);
		for (size_t k = 0; k < a.stages[i].nms; k++) {
			const struct plan_measurement *x = &a.stages[i].ms[k],
						      *y = &b.stages[i].ms[k];

			assert_string_equal(x->label, y->label);
			assert_int_equal(x->state, y->state);
			assert_int_equal(x->runs, y->runs);
			assert_int_equal(x->lines, y->lines);
			assert_int_equal(y->work_bytes, 0);
			scratch += x->work_bytes;
		}
	}
	assert_true(scratch > 0);       /* the full plan asked */
	plan_release(&a);
	plan_release(&b);
	experiment_file_release(&f);
}

/* Counter passes add runs for GPU rows, not for the CPU row; scratch of
 * a batch adds up. */
static void test_counter_passes(void **state)
{
	static const char text[] =
		"experiments:\n"
		"  - name: r\n"
		"    family: reduce\n"
		"    variants: [reduce_global, reduce_shuffle, reduce_cpu]\n"
		"    sizes: 2^20\n"
		"    counters: default\n";
	struct experiment_file f = { 0 };
	struct plan_options o = { .counters = true, .count_passes = false };
	struct plan p;
	const struct plan_stage *s;

	(void)state;
	load(text, &f);
	plan_build(&f, &o, &p);
	s = &p.stages[0];
	assert_int_equal(s->passes, -1);  /* not computed: unknown */
	assert_int_equal(s->ms[0].runs, 1 + 3 + 30);
	assert_int_equal(s->scratch_bytes, s->ms[0].work_bytes +
			 s->ms[1].work_bytes + s->ms[2].work_bytes);
	plan_release(&p);

	o.count_passes = true;
	plan_build(&f, &o, &p);
	s = &p.stages[0];
	if (s->passes > 0) {    /* CUPTI's host API is there */
		assert_int_equal(s->ms[0].runs, 1 + 3 + 30 + (uint64_t)s->passes);
		assert_int_equal(s->ms[2].runs, 1 + 3 + 30);   /* the CPU */
	}
	plan_release(&p);

	o.counters = false;
	plan_build(&f, &o, &p);
	assert_int_equal(p.stages[0].passes, 0);
	plan_release(&p);
	experiment_file_release(&f);
}

static void test_select(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_selection sel;
	struct plan_options o = { 0 };
	struct plan p;
	char why[128];

	(void)state;
	load(reduce_text, &f);
	assert_int_equal(plan_select_parse("reduce_cpu,transpose_naive", &sel,
					   why, sizeof(why)), 0);
	assert_int_equal(sel.n, 2);
	o.only = &sel;
	plan_build(&f, &o, &p);
	assert_int_equal(p.nms, 4 + 1);
	assert_int_equal(p.left_out, 16);
	assert_int_equal(p.stages[0].nms, 1);
	assert_string_equal(p.stages[0].ms[0].v->name, "reduce_cpu");
	plan_release(&p);
	plan_select_release(&sel);

	assert_int_equal(plan_select_parse("reduce_cpu,reduce9", &sel, why,
					   sizeof(why)), -1);
	assert_string_equal(why, "unknown variant \"reduce9\" (see culab list "
			    "kernels)");
	assert_null(sel.names);
	assert_int_equal(plan_select_parse("", &sel, why, sizeof(why)), -1);
	assert_string_equal(why, "--variant needs a name");
	experiment_file_release(&f);
}

/* --measurement LABEL (culab's own children): that measurement alone,
 * by its label; one that is not in the file leaves an empty plan. */
static void test_measurement(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .measurement = "r/reduce_global/float/1048576/b256" };
	struct plan p;

	(void)state;
	load(reduce_text, &f);
	plan_build(&f, &o, &p);
	assert_int_equal(p.nms, 1);
	assert_int_equal(p.left_out, 4 * 5 + 1 - 1);
	/* the stage of its type and size; the others are empty, and the
	 * runner sets up no input for them */
	assert_int_equal(p.stages[3].nms, 1);
	assert_string_equal(p.stages[3].ms[0].label, o.measurement);
	assert_int_equal(p.stages[3].ms[0].block, 256);
	plan_release(&p);
	o.measurement = "t/transpose_naive/float/1025x2049";
	plan_build(&f, &o, &p);
	assert_int_equal(p.nms, 1);
	plan_release(&p);
	o.measurement = "r/reduce_global/float/1048576"; /* no block */
	plan_build(&f, &o, &p);
	assert_int_equal(p.nms, 0);
	plan_release(&p);
	experiment_file_release(&f);
}

/* --resume keeps verified measurements, each once; failed and skipped
 * ones are measured again; those of other experiments are ignored.
 * prev_row is the caller's `row` of the one taken. */
static void test_resume(void **state)
{
	static const struct plan_done done[] = {
		{ "r", "reduce_shuffle", "int", 1000, 1, 256, true, 10 },
		{ "r", "reduce_global", "int", 1000, 1, 128, false, 11 },
		{ "r", "reduce_cpu", "int", 1000, 1, 0, false, 12 },
		{ "r", "reduce_cpu", "float", 1000, 1, 0, true, 13 },
		{ "r", "reduce_cpu", "float", 1000, 1, 0, true, 14 },
		{ "other", "reduce_cpu", "int", 1000, 1, 0, true, 15 },
		{ "r", "reduce_shuffle", "int", 1000, 1, 512, true, 16 },
	};
	struct experiment_file f = { 0 };
	struct plan_options o = { .done = done, .ndone = ARRAY_SIZE(done) };
	struct plan p;
	const struct plan_stage *s;

	(void)state;
	load(reduce_text, &f);
	plan_build(&f, &o, &p);
	s = &p.stages[0];
	assert_int_equal(s->ms[0].state, PLAN_RUN);          /* was wrong */
	assert_int_equal(s->ms[3].state, PLAN_RESUMED);
	assert_int_equal(s->ms[3].prev_row, 10);
	assert_int_equal(s->ms[3].runs, 0);
	assert_int_equal(s->ms[4].state, PLAN_RUN);          /* was skipped */
	assert_int_equal(p.stages[2].ms[4].state, PLAN_RESUMED);
	assert_int_equal(p.stages[2].ms[4].prev_row, 13);    /* the first */
	assert_int_equal(p.nstate[PLAN_RESUMED], 2);
	assert_int_equal(p.nstate[PLAN_RUN], p.nms - 2);
	plan_release(&p);
	experiment_file_release(&f);
}

static void test_stage_skip(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { 0 };
	struct plan p;
	struct plan_stage *s;

	(void)state;
	load(reduce_text, &f);
	plan_build(&f, &o, &p);
	s = &p.stages[1];
	plan_stage_skip(&p, s, "too large");
	assert_int_equal(s->nstate[PLAN_SKIPPED], 5);
	assert_int_equal(s->nstate[PLAN_RUN], 0);
	assert_int_equal(p.nstate[PLAN_SKIPPED], 5);
	assert_int_equal(p.nstate[PLAN_RUN], p.nms - 5);
	assert_string_equal(s->ms[2].why, "too large");
	assert_string_equal(plan_state_name(s->ms[2].state), "skipped");
	/* a second call changes nothing: nothing is left to run */
	plan_stage_skip(&p, s, "again");
	assert_int_equal(p.nstate[PLAN_SKIPPED], 5);
	assert_string_equal(s->ms[2].why, "too large");
	plan_release(&p);
	plan_release(&p);       /* released twice: harmless */
	experiment_file_release(&f);
}

/* The printed plan names the file, the stages and what is not run. */
static void test_print(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { 0 };
	struct plan p;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	(void)state;
	load(reduce_text, &f);
	plan_build(&f, &o, &p);
	plan_stage_skip(&p, &p.stages[4], "too large");
	plan_print(fp, &p, false);
	fclose(fp);
	assert_non_null(strstr(buf, "t.yaml: 2 experiments, 5 stages, 21 "
				    "measurements (20 to run, 1 skipped)"));
	assert_non_null(strstr(buf, "experiment r (reduce): warm-up 2, "
				    "repeats 7, no counters"));
	assert_non_null(strstr(buf, "  int 1000: 5 measurements (5 to run), "
				    "50 runs"));
	assert_non_null(strstr(buf, "skipped  t/transpose_naive/float/1025x2049"));
	assert_non_null(strstr(buf, "(too large)"));
	/* without --verbose, measurements that simply run are not listed */
	assert_null(strstr(buf, "r/reduce_cpu/int/1000 "));
	free(buf);
	plan_release(&p);
	experiment_file_release(&f);
}

/* A class (tests/class/class.yaml, issue 26): dave is refused at load
 * (no `reduce`), carol's submission does not compile, so her measurement
 * is skipped with the reason and the others still run. */
static void test_class_submission_skipped(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .counters = true };
	struct ukernel_stats st;
	struct plan p;
	size_t carol = 0, others = 0;

	(void)state;
	setenv("CULAB_CACHE_DIR", "off", 1);
	assert_int_equal(experiment_load("tests/class/class.yaml", &f), 0);
	assert_int_equal(f.nkernels, 3);
	plan_build(&f, &o, &p);
	assert_int_equal(plan_prepare_kernels(&p, "sm_90", &st), 0);
	assert_int_equal(st.refused, 1);
	for (size_t i = 0; i < p.nstages; i++)
		for (size_t k = 0; k < p.stages[i].nms; k++) {
			const struct plan_measurement *ms = &p.stages[i].ms[k];

			if (!strcmp(ms->v->name, "carol")) {
				carol++;
				assert_int_equal(ms->state, PLAN_SKIPPED);
				assert_string_equal(ms->why, "did not compile "
						    "(culab check shows the "
						    "error at its line)");
			} else {
				others++;
				assert_int_equal(ms->state, PLAN_RUN);
			}
		}
	assert_int_equal(carol, 1);
	assert_int_equal(others, 4);    /* two rungs, alice, bob */
	assert_int_equal(p.nstate[PLAN_SKIPPED], 1);
	plan_release(&p);
	experiment_file_release(&f);
}

/* Counters per source line: each built-in rung once in the file, where
 * the details page shows it (its first float stage, else its first
 * stage; the largest size, the first block); with --measurement, that
 * measurement. */
static const char lines_text[] =
	"defaults:\n"
	"  counters: [default]\n"
	"experiments:\n"
	"  - name: i\n"
	"    family: reduce\n"
	"    variants: [reduce_shuffle, reduce_global, reduce_cpu]\n"
	"    types: [int]\n"
	"    sizes: [2^20]\n"
	"  - name: f\n"
	"    family: reduce\n"
	"    variants: [reduce_shuffle, reduce_global, reduce_cpu]\n"
	"    types: [double, float]\n"
	"    sizes: [2^20, 1000]\n"
	"    block: [128, 256]\n";

static size_t marks(const struct plan *p, const char *want_exp,
		    enum dtype want_t)
{
	size_t n = 0;

	for (size_t i = 0; i < p->nstages; i++) {
		const struct plan_stage *s = &p->stages[i];

		for (size_t k = 0; k < s->nms; k++) {
			const struct plan_measurement *ms = &s->ms[k];
			bool want = !strcmp(s->e->name, want_exp) &&
				    s->t == want_t && s->sh.n == 1u << 20 &&
				    !(ms->v->flags & VF_CPU) &&
				    (!s->e->nblocks || ms->block == 128 ||
				     !(ms->v->flags & VF_BLOCK));

			if (ms->lines != want)
				fail_msg("%s marked %d", ms->label, ms->lines);
			n += ms->lines;
		}
	}
	assert_int_equal(n, p->nlines);
	return n;
}

static void test_lines_once(void **state)
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .counters = true, .lines = true };
	struct plan p;
	char *text;

	(void)state;
	load(lines_text, &f);
	plan_build(&f, &o, &p);
	assert_int_equal(marks(&p, "f", DTYPE_FLOAT), 2);
	plan_release(&p);
	/* every shard marks what the whole file marks */
	for (int sh = 1; sh <= 3; sh++) {
		size_t n = 0;

		o.shard = (struct plan_shard){ sh, 3 };
		plan_build(&f, &o, &p);
		for (size_t i = 0; i < p.nstages; i++)
			for (size_t k = 0; k < p.stages[i].nms; k++)
				n += p.stages[i].ms[k].lines &&
				     p.stages[i].t == DTYPE_FLOAT;
		assert_int_equal(n, p.nlines);
		plan_release(&p);
	}
	o.shard = (struct plan_shard){ 0, 0 };
	/* one measurement asked for gets its lines wherever it is */
	o.measurement = "i/reduce_shuffle/int/1048576";
	plan_build(&f, &o, &p);
	assert_int_equal(p.nms, 1);
	assert_int_equal(p.nlines, 1);
	plan_release(&p);
	o.measurement = NULL;
	experiment_file_release(&f);
	/* without a float stage: the first stage that runs the rung */
	text = xstrdup(lines_text);
	memcpy(strstr(text, "[double, float]"), "[double, int]  ", 15);
	load(text, &f);
	plan_build(&f, &o, &p);
	assert_int_equal(marks(&p, "i", DTYPE_INT), 2);
	plan_release(&p);
	experiment_file_release(&f);
	free(text);
	/* lines: all marks every GPU row at the largest size (both blocks,
	 * both types); none marks nothing, and is no rung's pick */
	text = xasprintf("%s    lines: all\n", lines_text);
	load(text, &f);
	plan_build(&f, &o, &p);
	assert_int_equal(p.nlines, 2 + 2 * 2 * 2);
	plan_release(&p);
	experiment_file_release(&f);
	free(text);
	/* the lines size: the largest of at most 2^24 elements, else the
	 * smallest */
	text = xstrdup(lines_text);
	memcpy(strstr(text, "[2^20, 1000]"), "[2^28, 2^20]", 12);
	load(text, &f);
	plan_build(&f, &o, &p);
	assert_int_equal(marks(&p, "f", DTYPE_FLOAT), 2);
	plan_release(&p);
	experiment_file_release(&f);
	free(text);
	text = xstrdup(lines_text);
	memcpy(strstr(text, "[2^20]\n  - name: f"), "[2^26]", 6);
	memcpy(strstr(text, "[2^20, 1000]"), "[2^28, 2^26]", 12);
	memcpy(strstr(text, "[double, float]"), "[double, int]  ", 15);
	load(text, &f);
	plan_build(&f, &o, &p);
	for (size_t i = 0; i < p.nstages; i++)
		for (size_t k = 0; k < p.stages[i].nms; k++)
			if (p.stages[i].ms[k].lines)
				assert_int_equal(p.stages[i].sh.n, 1u << 26);
	assert_int_equal(p.nlines, 2);
	plan_release(&p);
	experiment_file_release(&f);
	free(text);
	text = xasprintf("%s    lines: none\n", lines_text);
	load(text, &f);
	plan_build(&f, &o, &p);
	assert_int_equal(marks(&p, "i", DTYPE_INT), 2);
	plan_release(&p);
	experiment_file_release(&f);
	free(text);
}

int main(int argc, char **argv)
{
	/* the compile child of the kernels compiled here (kcompile.h) */
	int child = kcompile_child_main(argc, argv);

	if (child >= 0)
		return child;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_labels),
		cmocka_unit_test(test_memory_and_runs),
		cmocka_unit_test(test_no_device),
		cmocka_unit_test(test_counter_passes),
		cmocka_unit_test(test_select),
		cmocka_unit_test(test_measurement),
		cmocka_unit_test(test_resume),
		cmocka_unit_test(test_stage_skip),
		cmocka_unit_test(test_class_submission_skipped),
		cmocka_unit_test(test_lines_once),
		cmocka_unit_test(test_print),
	};

	return cmocka_run_group_tests_name("plan", tests, NULL, NULL);
}
