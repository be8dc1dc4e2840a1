/* test_sanitize.c - a failure explained at the line (issue 25), the
 * reruns; compute-sanitizer's text read back, the tools a kernel's PTX
 * asks for and the rows a rerun is for are test_sanitize_parse.c's:
 *
 * - the reruns (jobs/sanitizer_reruns.c) with tests/fake-compute-sanitizer
 *   standing in for the tool, which prints the probe's output and never
 *   runs what it is given (no GPU, no child culab): each failed row's
 *   record, one rerun per kernel at its smallest failing size, the tools
 *   its PTX needs, results.json written and read back with the record,
 *   the report's sentences in both languages and `culab run`'s failure
 *   lines; a clean rerun of a wrong answer (an arithmetic bug); no
 *   compute-sanitizer (the command instead); a rerun past its time limit;
 * - the unsafe rungs that verified (sanitize_unsafe): the tools their
 *   registry record names, one rerun per run at the smallest verified
 *   size of the flagship example (reports/examples/h100), the safe rungs
 *   and the other types without a record, the rubric's verdicts; off,
 *   --no-sanitizer and no compute-sanitizer rerun nothing.
 *
 * The kernels rerun are the probe's own (student.cu) and the exercise's
 * buggy shuffle reduction, compiled with NVRTC for sm_90 (no GPU). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/util.h"
#include "jobs/sanitizer_reruns.h"
#include "experiment/experiment.h"
#include "ladder/kcompile.h"
#include "ladder/ladder.h"
#include "plan/plan.h"
#include "report/report.h"
#include "results/results.h"
#include "run/run.h"
#include "report_check.h"

static void expect_in(const char *text, const char *needle, int line)
{
	if (!text || !strstr(text, needle)) {
		fprintf(stderr, "%s\n", text ? text : "(nothing)");
		fail_msg("%s:%d: expected \"%s\" in the text above", __FILE__,
			 line, needle);
	}
}

static void expect_not_in(const char *text, const char *needle, int line)
{
	if (text && strstr(text, needle)) {
		fprintf(stderr, "%s\n", text);
		fail_msg("%s:%d: did not expect \"%s\" in the text above",
			 __FILE__, line, needle);
	}
}

/* ---- the reruns, with the fake tool ------------------------------------------- */

/* The probe's experiment (reports/probes/issue25-h200/probe.yaml) at
 * SIZES, its kernels after. */
#define PROBE_YAML(SIZES) \
	"version: 1\n" \
	"experiments:\n" \
	"  - name: probe\n" \
	"    family: reduce\n" \
	"    variants: none\n" \
	"    types: [float]\n" \
	"    sizes: " SIZES "\n" \
	"    kernels:\n"

/* The probe's kernels, as an experiment file in the probe's directory
 * (its sources resolve there), and the exercise's buggy one. */
static const char probe_yaml[] =
	PROBE_YAML("[1000, 4096]")
	"      - source: student.cu\n"
	"        function: oob_shared\n"
	"        finish: host\n"
	"      - source: student.cu\n"
	"        function: race\n"
	"        finish: host\n"
	"      - source: student.cu\n"
	"        function: oob_global\n"
	"        finish: host\n";

static const char exercise_yaml[] =
	"version: 1\n"
	"experiments:\n"
	"  - name: my-reduce\n"
	"    family: reduce\n"
	"    variants: none\n"
	"    types: [float]\n"
	"    sizes: [\"2^20\", \"2^24\"]\n"
	"    kernels:\n"
	"      - source: exercise/reduce_shfl.cu\n"
	"        function: \"reduce_shfl_early<256>\"\n"
	"        label: reduce_shfl.v2-bug\n"
	"        title: my shuffle reduction, last warp stops early\n"
	"        finish: relaunch\n"
	"        block: 256\n"
	"        grid: \"ceil(n / (2 * block))\"\n";

struct fixture {
	struct experiment_file f;
	struct results r;
	char *dir;                 /* scratch: the fake's log, the report */
	char *yaml;                /* the experiment file's path */
};

/* Loads `text` as `rel` (relative to the source tree), compiles its
 * kernels for sm_90 and starts results as a run of it would have them. */
static void fixture_load(struct fixture *x, const char *rel, const char *text)
{
	struct plan_options po = { .profile_only = true };
	struct ukernel_stats st;
	struct plan p;
	struct results *r = &x->r;

	x->dir = xstrdup("/tmp/culab-test-sanitize-XXXXXX");
	assert_non_null(mkdtemp(x->dir));
	x->yaml = xasprintf("%s/%s", srcdir(), rel);
	assert_int_equal(experiment_load_buffer(x->yaml, text, strlen(text),
						&x->f), 0);
	plan_build(&x->f, &po, &p);
	assert_int_equal(plan_prepare_kernels(&p, "sm_90", &st), 0);
	plan_release(&p);
	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup("0.1.0");
	r->culab_commit = xstrdup("test");
	r->command = xstrdup("culab run x.yaml");
	r->started = xstrdup("2026-11-27T00:00:00Z");
	r->finished = xstrdup("2026-11-27T00:01:00Z");
	r->status = xstrdup("complete");
	r->source_path = xstrdup(rel);
	r->source_sha256 = xstrdup(x->f.sha256);
	r->source_text = xstrdup(text);
	r->note = xstrdup("synthetic test data, not a measurement");
	r->has_env = true;
	r->env.gpu_name = xstrdup("Test GPU (synthetic, not a measurement)");
	r->env.cc_major = 9;
	r->env.sm_count = 132;
	r->env.peak_gbps = 3352.3;
	r->nexperiments = 1;
	r->experiments = xcalloc(1, sizeof(*r->experiments));
	r->experiments[0].name = xstrdup(x->f.exps[0].name);
	r->experiments[0].family = xstrdup("reduce");
	r->experiments[0].repeats = 1;
	for (size_t i = 0; i < x->f.nkernels; i++)
		results_add_variant(r, x->f.kernels[i]->row);
}

static struct result_row *fixture_row(struct fixture *x, const char *variant,
				      uint64_t n, enum row_status st,
				      const char *message)
{
	struct result_row *w = results_add_row(&x->r);

	w->experiment = xstrdup(x->f.exps[0].name);
	w->family = xstrdup("reduce");
	w->variant = xstrdup(variant);
	w->dtype = xstrdup("float");
	w->n = n;
	w->m = 1;
	w->block = 256;
	w->status = st;
	w->message = xstrdup(message);
	w->timer = xstrdup("cuda-events");
	w->gbps = w->pct_peak = NAN;
	w->device = -1;
	w->stage = -1;
	timing_compute(&w->t);
	kernel_resources_set_unknown(&w->resources, "synthetic");
	clock_record_set_unknown(&w->clocks, "synthetic");
	return w;
}

static void fixture_release(struct fixture *x)
{
	results_release(&x->r);
	experiment_file_release(&x->f);
	if (getenv("CULAB_TEST_KEEP"))
		fprintf(stderr, "kept %s\n", x->dir);
	else
		remove_tree(x->dir);
	free(x->dir);
	free(x->yaml);
}

/* The fake tool, its log in x->dir, exiting with `exit_status`. */
static void use_fake(struct fixture *x, const char *exit_status)
{
	char *fake = xasprintf("%s/tests/fake-compute-sanitizer", srcdir());
	char *log = xasprintf("%s/calls.log", x->dir);

	setenv("CULAB_SANITIZER", fake, 1);
	setenv("FAKE_SANITIZER_LOG", log, 1);
	setenv("FAKE_SANITIZER_EXIT", exit_status, 1);
	unsetenv("FAKE_SANITIZER_SLEEP");
	unsetenv("FAKE_SANITIZER_SAY");
	unsetenv("FAKE_SANITIZER_CLEAN");
	unsetenv("CULAB_SANITIZER_TIMEOUT");
	free(fake);
	free(log);
}

static char *fake_calls(const struct fixture *x)
{
	char *log = xasprintf("%s/calls.log", x->dir), *text = NULL;
	size_t len;

	if (read_file(log, 1u << 20, &text, &len) < 0)
		text = xstrdup("");
	free(log);
	return text;
}

static size_t count_of(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

static int sanitize(struct fixture *x)
{
	struct sanitize_options o = {
		.file = "probe.yaml", .device = 0, .culab = "/bin/false",
		.quiet = true,
	};

	return sanitize_failed(&x->f, &x->r, &o);
}

/* The report of x's results, page `page` ("report", "details") in
 * language `lang`.  Caller frees. */
static char *report_page(struct fixture *x, const char *page,
			 const char *lang)
{
	struct report_options o;
	char *dir = xasprintf("%s/report", x->dir), *path, *text = NULL;
	size_t len;

	report_test_options(&o, dir);
	o.charts = false;
	o.formats = REPORT_MD;
	assert_int_equal(report_render(&x->r, &o), 0);
	path = xasprintf("%s/%s.%s.md", dir, page, lang);
	assert_int_equal(read_file(path, 8u << 20, &text, &len), 0);
	if (!strcmp(page, "details"))
		text = with_family_pages(text, dir, lang);
	free(path);
	free(dir);
	return text;
}

/* The probe's three kernels fail at both sizes: one rerun each, at
 * 1000; each kernel's tools as its PTX asks; the findings at their lines
 * in every row of the kernel; results.json keeps them; the report and
 * the failure lines say them at the line. */
static void test_rerun_probe(void **state)
{
	struct fixture x;
	struct results back;
	char *calls, *json, *text, *page;
	const struct sanitizer_record *rec;

	(void)state;
	fixture_load(&x, "reports/probes/issue25-h200/probe.yaml", probe_yaml);
	use_fake(&x, "1");
	fixture_row(&x, "student.oob_shared", 4096, ROW_ERROR,
		    "unspecified launch failure");
	fixture_row(&x, "student.oob_shared", 1000, ROW_WRONG,
		    "sum is 1, expected 2");
	fixture_row(&x, "student.race", 1000, ROW_WRONG, "sum is 3, expected 4");
	fixture_row(&x, "student.race", 4096, ROW_OK, NULL)->verified = true;
	fixture_row(&x, "student.oob_global", 1000, ROW_ERROR,
		    "an illegal memory access was encountered");
	assert_int_equal(sanitize(&x), 4);

	/* one rerun per kernel and tool, at the smallest failing size;
	 * racecheck where the PTX has shared memory, synccheck where it
	 * has a barrier */
	calls = fake_calls(&x);
	assert_int_equal(count_of(calls, "\n"), 6);
	/* the culab under the tool would rerun nothing itself */
	assert_int_equal(count_of(calls, "CULAB_SANITIZER=off --tool "), 6);
	expect_in(calls, "--tool memcheck --print-limit 1000 --show-backtrace "
		  "no /bin/false run --measurement "
		  "probe/student.oob_shared/float/1000 --profile-only "
		  "--no-counters --no-report -q -o ", __LINE__);
	expect_in(calls, "--tool racecheck --print-limit 1000 "
		  "--show-backtrace no /bin/false run --measurement "
		  "probe/student.oob_shared/float/1000", __LINE__);
	expect_in(calls, "--tool synccheck --print-limit 1000 "
		  "--show-backtrace no /bin/false run --measurement "
		  "probe/student.oob_shared/float/1000", __LINE__);
	expect_in(calls, "--tool racecheck --print-limit 1000 "
		  "--show-backtrace no /bin/false run --measurement "
		  "probe/student.race/float/1000", __LINE__);
	expect_not_in(calls, "--tool synccheck --print-limit 1000 "
		      "--show-backtrace no /bin/false run --measurement "
		      "probe/student.race", __LINE__);
	expect_not_in(calls, "racecheck --print-limit 1000 "
		      "--show-backtrace no /bin/false run --measurement "
		      "probe/student.oob_global", __LINE__);
	expect_in(calls, "--device 0 probe.yaml\n", __LINE__);
	free(calls);

	/* the record: both rows of oob_shared share the rerun at 1000 */
	rec = x.r.rows[0].sanitize;
	assert_non_null(rec);
	EXPECT_STR(rec->state, "ran");
	EXPECT_STR(rec->label, "probe/student.oob_shared/float/1000");
	assert_int_equal(rec->n, 1000);
	assert_int_equal(rec->ntools, 3);
	assert_int_equal(rec->tools[0].outcome, SAN_FOUND);
	assert_int_equal(rec->tools[0].errors, 969);
	assert_int_equal(rec->tools[0].answer, 1);
	assert_int_equal(rec->tools[1].outcome, SAN_CLEAN);
	assert_int_equal(rec->tools[2].outcome, SAN_CLEAN);
	assert_int_equal(rec->nfindings, 1);
	assert_int_equal(rec->findings[0].line, 9);
	assert_non_null(x.r.rows[1].sanitize);
	EXPECT_STR(x.r.rows[1].sanitize->label, rec->label);
	EXPECT_STR(x.r.rows[0].sanitizer,
		   "memcheck: 969 errors (Invalid __shared__ read of size 4 "
		   "bytes at student.cu:9); racecheck: 0 hazards; synccheck: "
		   "0 errors");
	assert_int_equal(x.r.rows[2].sanitize->nfindings, 1);
	assert_int_equal(x.r.rows[2].sanitize->findings[0].other_line, 22);
	assert_null(x.r.rows[3].sanitize);      /* verified: nothing to do */
	assert_int_equal(x.r.rows[4].sanitize->findings[0].line, 30);

	/* results.json keeps the records, field by field */
	json = json_results_encode(&x.r);
	assert_non_null(json);
	assert_int_equal(json_results_decode("t.json", json, strlen(json),
					     &back), 0);
	assert_int_equal(back.nrows, x.r.nrows);
	for (size_t i = 0; i < back.nrows; i++) {
		const struct sanitizer_record *a = x.r.rows[i].sanitize,
					      *b = back.rows[i].sanitize;

		if (!a) {
			assert_null(b);
			continue;
		}
		assert_non_null(b);
		EXPECT_STR(b->label, a->label);
		assert_int_equal(b->ntools, a->ntools);
		assert_int_equal(b->nfindings, a->nfindings);
		for (size_t k = 0; k < a->ntools; k++) {
			assert_int_equal(b->tools[k].outcome, a->tools[k].outcome);
			assert_int_equal(b->tools[k].errors, a->tools[k].errors);
			assert_int_equal(b->tools[k].answer, a->tools[k].answer);
		}
		for (size_t k = 0; k < a->nfindings; k++) {
			const struct sanitizer_finding *fa = &a->findings[k],
						       *fb = &b->findings[k];

			EXPECT_STR(fb->kind, fa->kind);
			EXPECT_STR(fb->what, fa->what);
			EXPECT_STR(fb->file, fa->file);
			assert_int_equal(fb->line, fa->line);
			EXPECT_STR(fb->other_access, fa->other_access);
			assert_int_equal(fb->other_line, fa->other_line);
			EXPECT_STR(fb->threads, fa->threads);
			EXPECT_STR(fb->blocks, fa->blocks);
			assert_int_equal(fb->count, fa->count);
			EXPECT_STR(fb->nearest, fa->nearest);
			assert_int_equal(fb->alloc_bytes, fa->alloc_bytes);
		}
	}
	/* the whole file: written again, the same text */
	{
		char *again = json_results_encode(&back);

		EXPECT_STR(again, json);
		free(again);
	}
	results_release(&back);
	free(json);

	/* culab run's failure lines */
	text = report_sanitizer_text(&x.r.rows[0],
				     results_variant(&x.r, "student.oob_shared"));
	EXPECT_STR(text,
		   "compute-sanitizer, this kernel alone at n = 1000 (memcheck: "
		   "969 errors, the first 5 shown; racecheck: nothing; "
		   "synccheck: nothing):\n"
		   "  line 9 `float v = s[t];`: an out-of-bounds `__shared__` "
		   "read of 4 bytes by threads 8–12 of block 2 (5 errors).\n");
	free(text);
	text = report_sanitizer_text(&x.r.rows[2],
				     results_variant(&x.r, "student.race"));
	expect_in(text, "line 22 `a += s[k];` reads `__shared__` memory that "
		  "line 18 `s[t] = in[blockIdx.x * blockDim.x + t];` writes, "
		  "with no barrier between them (4080 hazards).", __LINE__);
	free(text);
	text = report_sanitizer_text(&x.r.rows[4],
				     results_variant(&x.r, "student.oob_global"));
	expect_in(text, "line 30 `out[i] = in[i] * 2;`: an out-of-bounds "
		  "`__global__` read of 4 bytes by threads 232–236 of block 3, "
		  "1–17 bytes after the end of a 4000-byte allocation (5 "
		  "errors).", __LINE__);
	free(text);
	assert_null(report_sanitizer_text(&x.r.rows[3], NULL));

	/* the report: the body's section on the user's kernels, the
	 * details' failures with the command, in both languages */
	page = report_page(&x, "details", "en");
	expect_in(page, "line 9 `float v = s[t];`: an out-of-bounds "
		  "`__shared__` read of 4 bytes by threads 8–12 of block 2 (5 "
		  "errors).", __LINE__);
	/* the details' tables: each tool's count, the first line */
	expect_in(page, "| memcheck: 969 errors, line 9; racecheck: nothing; "
		  "synccheck: nothing |", __LINE__);
	expect_in(page, "To rerun it by hand: `CULAB_INPUT_GUARD=off "
		  "compute-sanitizer --tool "
		  "memcheck culab run --measurement "
		  "probe/student.oob_shared/float/1000 --profile-only "
		  "--no-counters -o /tmp/culab-sanitize probe.yaml`", __LINE__);
	free(page);
	page = report_page(&x, "details", "zh");
	expect_in(page, "第 9 行 `float v = s[t];`：线程块 2 中的线程 8–12 越界读 "
		  "`__shared__` 内存 4 字节（5 个错误）。", __LINE__);
	expect_in(page, "第 22 行 `a += s[k];` 读取的 `__shared__` 内存由第 18 行",
		  __LINE__);
	expect_in(page, "| memcheck：969 个错误，第 9 行；racecheck：无；"
		  "synccheck：无 |", __LINE__);
	free(page);
	fixture_release(&x);
}

/* The exercise's buggy shuffle reduction: a wrong sum at both sizes,
 * every tool clean and the answer wrong again at 2^20: an arithmetic
 * bug, not a memory one, in the body's section and the failure lines. */
static void test_rerun_clean(void **state)
{
	struct fixture x;
	char *calls, *text, *page;
	const struct sanitizer_record *rec;

	(void)state;
	fixture_load(&x, "experiments/examples/sanitize.yaml", exercise_yaml);
	use_fake(&x, "1");
	fixture_row(&x, "reduce_shfl.v2-bug", 1u << 24, ROW_WRONG,
		    "sum is 1048391.5, expected 8387126.1828539935");
	fixture_row(&x, "reduce_shfl.v2-bug", 1u << 20, ROW_WRONG,
		    "sum is 65353.0078125, expected 523975.34945754912");
	assert_int_equal(sanitize(&x), 2);
	calls = fake_calls(&x);
	/* its PTX has shared memory and barriers: all three tools */
	assert_int_equal(count_of(calls, "\n"), 3);
	assert_int_equal(count_of(calls, "--measurement "
				  "my-reduce/reduce_shfl.v2-bug/float/1048576 "),
			 3);
	free(calls);
	rec = x.r.rows[0].sanitize;
	EXPECT_STR(rec->label, "my-reduce/reduce_shfl.v2-bug/float/1048576");
	assert_int_equal(rec->nfindings, 0);
	for (size_t i = 0; i < rec->ntools; i++)
		assert_int_equal(rec->tools[i].outcome, SAN_CLEAN);
	text = report_sanitizer_text(&x.r.rows[0],
				     results_variant(&x.r, "reduce_shfl.v2-bug"));
	EXPECT_STR(text, "compute-sanitizer (memcheck, racecheck, synccheck; "
		   "this kernel alone at n = 2^20, where its answer was wrong "
		   "again) found no memory error, shared-memory race or barrier "
		   "problem: an arithmetic bug, not a memory one.\n");
	free(text);
	page = report_page(&x, "details", "en");
	expect_in(page, "an arithmetic bug, not a memory one.", __LINE__);
	free(page);
	page = report_page(&x, "report", "zh");
	expect_in(page, "这是算术错误，不是内存错误。", __LINE__);
	free(page);

	/* under the tool the answer came out right: not an arithmetic bug */
	for (size_t i = 0; i < x.r.nrows; i++) {
		sanitizer_record_free(x.r.rows[i].sanitize);
		x.r.rows[i].sanitize = NULL;
	}
	use_fake(&x, "0");
	assert_int_equal(sanitize(&x), 2);
	text = report_sanitizer_text(&x.r.rows[1],
				     results_variant(&x.r, "reduce_shfl.v2-bug"));
	expect_in(text, "and under it the answer was right", __LINE__);
	expect_not_in(text, "arithmetic", __LINE__);
	free(text);

	/* a write past the output, which culab's guard saw and memcheck
	 * cannot (the guard is culab's own allocation) */
	x.r.rows[1].status = ROW_ERROR;
	free(x.r.rows[1].message);
	x.r.rows[1].message = xstrdup("wrote past the end of its output (16 "
				      "bytes): 4 of the 4096 bytes after it "
				      "changed, the first at byte 0 after the "
				      "end");
	text = report_sanitizer_text(&x.r.rows[1], NULL);
	expect_in(text, "lie in the guard culab allocates after it, where "
		  "memcheck does not look; culab's check saw them.", __LINE__);
	free(text);
	fixture_release(&x);
}

/* A class's worker started again after a fault keeps the failed rows
 * and their records: a later row of the same kernel takes the record it
 * has, and the kernel is not rerun. */
static void test_record_kept(void **state)
{
	struct fixture x;
	char *calls;
	size_t before;

	(void)state;
	fixture_load(&x, "reports/probes/issue25-h200/probe.yaml", probe_yaml);
	use_fake(&x, "1");
	fixture_row(&x, "student.oob_global", 1000, ROW_ERROR,
		    "an illegal memory access was encountered");
	assert_int_equal(sanitize(&x), 1);
	calls = fake_calls(&x);
	before = count_of(calls, "\n");
	free(calls);
	assert_true(before >= 1);
	fixture_row(&x, "student.oob_global", 4096, ROW_ERROR,
		    "an illegal memory access was encountered");
	assert_int_equal(sanitize(&x), 1);
	calls = fake_calls(&x);
	assert_int_equal(count_of(calls, "\n"), before);
	free(calls);
	assert_non_null(x.r.rows[1].sanitize);
	EXPECT_STR(x.r.rows[1].sanitize->label,
		   x.r.rows[0].sanitize->label);
	fixture_release(&x);
}

/* No compute-sanitizer: each failed kernel's record holds the command
 * that would run it, and says so; "off": no record at all. */
static void test_not_installed(void **state)
{
	struct fixture x;
	char *text;

	(void)state;
	fixture_load(&x, "experiments/examples/sanitize.yaml", exercise_yaml);
	fixture_row(&x, "reduce_shfl.v2-bug", 1u << 20, ROW_WRONG, "sum is 0");
	setenv("CULAB_SANITIZER", "off", 1);
	assert_int_equal(sanitize(&x), 0);
	assert_null(x.r.rows[0].sanitize);
	setenv("CULAB_SANITIZER", "/nonexistent/compute-sanitizer", 1);
	assert_int_equal(sanitize(&x), 1);
	EXPECT_STR(x.r.rows[0].sanitize->state, "not installed");
	assert_int_equal(x.r.rows[0].sanitize->ntools, 0);
	text = report_sanitizer_text(&x.r.rows[0], NULL);
	EXPECT_STR(text, "compute-sanitizer is not installed here; this "
		   "command reruns the kernel alone under it and names the "
		   "line: `CULAB_INPUT_GUARD=off compute-sanitizer --tool "
		   "memcheck culab run "
		   "--measurement my-reduce/reduce_shfl.v2-bug/float/1048576 "
		   "--profile-only --no-counters -o /tmp/culab-sanitize "
		   "probe.yaml`\n");
	free(text);
	EXPECT_STR(x.r.rows[0].sanitizer, "compute-sanitizer not installed");
	fixture_release(&x);
}

/* A rerun that hangs is killed at its time limit, and one that cannot
 * run says why; the rows are there either way. */
static void test_rerun_fails(void **state)
{
	struct fixture x;
	const struct sanitizer_record *rec;
	double t0;
	char *text;

	(void)state;
	fixture_load(&x, "reports/probes/issue25-h200/probe.yaml", probe_yaml);
	fixture_row(&x, "student.oob_global", 1000, ROW_WRONG, "sum is 0");
	use_fake(&x, "1");
	setenv("FAKE_SANITIZER_SLEEP", "30", 1);
	setenv("CULAB_SANITIZER_TIMEOUT", "0.5", 1);
	t0 = monotonic_seconds();
	assert_int_equal(sanitize(&x), 1);
	assert_true(monotonic_seconds() - t0 < 10);
	rec = x.r.rows[0].sanitize;
	assert_int_equal(rec->ntools, 1);
	assert_int_equal(rec->tools[0].outcome, SAN_TIMED_OUT);
	EXPECT_STR(rec->tools[0].why, "did not finish within 0.5 s");
	text = report_sanitizer_text(&x.r.rows[0], NULL);
	expect_in(text, "compute-sanitizer's memcheck did not finish within",
		  __LINE__);
	expect_not_in(text, "found no", __LINE__);
	free(text);

	sanitizer_record_free(x.r.rows[0].sanitize);
	x.r.rows[0].sanitize = NULL;
	use_fake(&x, "3");
	setenv("FAKE_SANITIZER_SAY", "culab: error: no usable GPU: none", 1);
	assert_int_equal(sanitize(&x), 1);
	rec = x.r.rows[0].sanitize;
	/* oob_global's run: the probe's findings, though culab failed */
	assert_int_equal(rec->tools[0].outcome, SAN_FOUND);
	sanitizer_record_free(x.r.rows[0].sanitize);
	x.r.rows[0].sanitize = NULL;
	free(x.r.rows[0].variant);
	x.r.rows[0].variant = xstrdup("student.race");
	assert_int_equal(sanitize(&x), 1);
	rec = x.r.rows[0].sanitize;
	assert_int_equal(rec->tools[0].outcome, SAN_FAILED);
	EXPECT_STR(rec->tools[0].why, "culab: error: no usable GPU: none");
	text = report_sanitizer_text(&x.r.rows[0], NULL);
	expect_in(text, "compute-sanitizer's memcheck could not rerun this "
		  "kernel at n = 1000: culab: error: no usable GPU: none\n",
		  __LINE__);
	free(text);
	fixture_release(&x);
}

/* A ^C while a tool runs stops the reruns at once: the tool killed
 * with its group, its record "stopped by a signal", the next failed
 * kernel not rerun, the signal said. */
static void test_rerun_stopped(void **state)
{
	struct fixture x;
	const struct sanitizer_record *rec;
	double t0;
	int rc;

	(void)state;
	fixture_load(&x, "reports/probes/issue25-h200/probe.yaml", probe_yaml);
	fixture_row(&x, "student.oob_global", 1000, ROW_WRONG, "sum is 0");
	fixture_row(&x, "student.race", 1000, ROW_WRONG, "sum is 0");
	use_fake(&x, "1");
	setenv("FAKE_SANITIZER_INT", "1", 1);
	setenv("FAKE_SANITIZER_SLEEP", "30", 1);
	t0 = monotonic_seconds();
	rc = sanitize(&x);
	unsetenv("FAKE_SANITIZER_INT");
	unsetenv("FAKE_SANITIZER_SLEEP");
	assert_int_equal(rc, -1);
	assert_true(monotonic_seconds() - t0 < 10);
	rec = x.r.rows[0].sanitize;
	assert_non_null(rec);
	assert_int_equal(rec->ntools, 1);
	assert_int_equal(rec->tools[0].outcome, SAN_FAILED);
	EXPECT_STR(rec->tools[0].why, "stopped by a signal");
	assert_null(x.r.rows[1].sanitize);
	fixture_release(&x);
}

/* The order the fake's tools started and ended in (FAKE_SANITIZER_ORDER),
 * as "s" and "e" per line: "ssee" when two ran at once. */
static char *order_of(const char *path)
{
	char *text = NULL, *out;
	size_t len, k = 0;

	assert_int_equal(read_file(path, 1u << 16, &text, &len), 0);
	out = xcalloc(len + 1, 1);
	for (char *p = text; *p; p = strchr(p, '\n') + 1) {
		out[k++] = *p;
		if (!strchr(p, '\n'))
			break;
	}
	free(text);
	unlink(path);
	return out;
}

/* A kernel's tools run at once, each its own process, their records in
 * the tools' order; a stage too large for three copies runs them one
 * after the other. */
static void test_tools_together(void **state)
{
	static const char big_yaml[] =
		PROBE_YAML("[1000, 2^28]")
		"      - source: student.cu\n"
		"        function: oob_shared\n"
		"        finish: host\n";
	struct fixture x;
	const struct sanitizer_record *rec;
	char *order, *path;

	(void)state;
	fixture_load(&x, "reports/probes/issue25-h200/probe.yaml", probe_yaml);
	fixture_row(&x, "student.oob_shared", 1000, ROW_WRONG,
		    "sum is 1, expected 2");
	use_fake(&x, "1");
	path = xasprintf("%s/order.log", x.dir);
	setenv("FAKE_SANITIZER_ORDER", path, 1);
	setenv("FAKE_SANITIZER_SLEEP", "0.3", 1);
	assert_int_equal(sanitize(&x), 1);
	rec = x.r.rows[0].sanitize;
	assert_int_equal(rec->ntools, 3);
	EXPECT_STR(rec->tools[0].tool, "memcheck");
	EXPECT_STR(rec->tools[1].tool, "racecheck");
	EXPECT_STR(rec->tools[2].tool, "synccheck");
	assert_int_equal(rec->tools[0].outcome, SAN_FOUND);
	assert_int_equal(rec->tools[0].errors, 969);
	assert_int_equal(rec->tools[1].outcome, SAN_CLEAN);
	order = order_of(path);
	EXPECT_STR(order, "sssee" "e");
	free(order);
	/* each tool's seconds are its own, not until the one before it was
	 * reaped */
	sanitizer_record_free(x.r.rows[0].sanitize);
	x.r.rows[0].sanitize = NULL;
	unsetenv("FAKE_SANITIZER_SLEEP");
	setenv("FAKE_SANITIZER_SLEEP_memcheck", "1.5", 1);
	assert_int_equal(sanitize(&x), 1);
	unsetenv("FAKE_SANITIZER_SLEEP_memcheck");
	rec = x.r.rows[0].sanitize;
	assert_true(rec->tools[0].seconds >= 1.5);
	assert_true(rec->tools[1].seconds < 1.2);
	assert_true(rec->tools[2].seconds < 1.2);
	unlink(path);
	fixture_release(&x);

	fixture_load(&x, "reports/probes/issue25-h200/probe.yaml", big_yaml);
	fixture_row(&x, "student.oob_shared", 268435456, ROW_WRONG,
		    "sum is 1, expected 2");
	use_fake(&x, "1");
	free(path);
	path = xasprintf("%s/order.log", x.dir);
	setenv("FAKE_SANITIZER_ORDER", path, 1);
	assert_int_equal(sanitize(&x), 1);
	assert_int_equal(x.r.rows[0].sanitize->ntools, 3);
	order = order_of(path);
	EXPECT_STR(order, "sesese");
	free(order);
	unsetenv("FAKE_SANITIZER_ORDER");
	fixture_release(&x);
	free(path);
}

/* make test-gpu's defects (tests/gpu/defects.yaml): the tools their PTX
 * asks for, as tests/gpu/sanitize_lines.sh expects them: the missing
 * barrier has shared memory and no barrier (memcheck, racecheck), the
 * out-of-bounds read both (all three). */
static void test_defects_tools(void **state)
{
	struct fixture x;
	char *path = xasprintf("%s/tests/gpu/defects.yaml", srcdir()), *text,
	     *calls;
	size_t len;

	(void)state;
	assert_int_equal(read_file(path, 1u << 20, &text, &len), 0);
	fixture_load(&x, "tests/gpu/defects.yaml", text);
	use_fake(&x, "1");
	fixture_row(&x, "missing_sync", 1000, ROW_WRONG, "sum is 0");
	fixture_row(&x, "oob_shared", 1000, ROW_ERROR,
		    "an illegal memory access was encountered");
	assert_int_equal(sanitize(&x), 2);
	calls = fake_calls(&x);
	assert_int_equal(count_of(calls, "defects/missing_sync/float/1000 "), 2);
	assert_int_equal(count_of(calls, "--tool racecheck --print-limit 1000 "
				  "--show-backtrace no /bin/false run "
				  "--measurement defects/missing_sync/"), 1);
	assert_int_equal(count_of(calls, "defects/oob_shared/float/1000 "), 3);
	free(calls);
	/* compiled with -lineinfo (nvrtc_compile.c), so the tool can name
	 * the line: the PTX says where each instruction comes from */
	for (size_t i = 0; i < x.f.nkernels; i++) {
		const struct uk_inst *u = ukernel_inst(x.f.kernels[i],
						       DTYPE_FLOAT, 256, false);

		assert_non_null(u);
		assert_non_null(strstr(u->out.ptx, ".loc"));
		assert_non_null(strstr(u->out.ptx, "defects.cu"));
	}
	free(text);
	free(path);
	fixture_release(&x);
}

/* ---- the unsafe rungs ------------------------------------------------------------ */

#define H100_EXAMPLE "reports/examples/h100/results.json"
#define VOLATILE "reduce_warp_volatile"

/* The flagship example as recorded (experiments/default.yaml on an H100,
 * no compute-sanitizer record in it) into x; false when it is not in this
 * tree. */
static bool fixture_example(struct fixture *x)
{
	memset(x, 0, sizeof(*x));
	x->dir = xstrdup("/tmp/culab-test-sanitize-XXXXXX");
	assert_non_null(mkdtemp(x->dir));
	x->yaml = xasprintf("%s/experiments/default.yaml", srcdir());
	assert_int_equal(experiment_load(x->yaml, &x->f), 0);
	if (!read_recorded(H100_EXAMPLE, &x->r))
		return false;
	/* the run as it stood before its reruns: a recording made since
	 * culab reruns the unsafe rung carries their records */
	for (size_t i = 0; i < x->r.nrows; i++) {
		struct result_row *w = &x->r.rows[i];

		sanitizer_record_free(w->sanitize);
		w->sanitize = NULL;
		free(w->sanitizer);
		w->sanitizer = NULL;
	}
	return true;
}

static int sanitize_unsafe_of(struct fixture *x, bool off)
{
	struct sanitize_options o = {
		.file = "experiments/default.yaml", .device = 0,
		.culab = "/bin/false", .quiet = true, .off = off,
	};

	return sanitize_unsafe(&x->f, &x->r, &o);
}

/* The rubric's cell of the warp-synchronous objective in the body, and
 * rung 8's row of the details' reduce / `type` ladder.  Caller frees. */
static char *objective_row(struct fixture *x, const char *lang)
{
	char *page = report_page(x, "report", lang);
	char *row = table_line_with(page, lang[0] == 'z' ?
				    "| 线程束同步的安全性 |" :
				    "| Warp-synchronous safety |");

	assert_non_null(row);
	free(page);
	return row;
}

static char *rung8_row(struct fixture *x, const char *type)
{
	char *page = report_page(x, "details", "en"), *head, *row;
	const char *from, *p;

	head = xasprintf("### reduce / %s", type);
	from = strstr(page, "## Expected against observed, rung by rung");
	assert_non_null(from);
	p = strstr(from, head);
	assert_non_null(p);
	row = table_line_with(p, "| rung 8 | reduce\\_warp\\_volatile |");
	assert_non_null(row);
	free(head);
	free(page);
	return row;
}

/* The example's unsafe rung verified at every size: rerun once, at its
 * smallest verified size (float, 2^20), under racecheck alone (its
 * registry record's tool), the record in its float rows only; the safe
 * rungs get none; the body's objective and rung 8 read it, with the
 * lesson that the sum was right.  A second pass reruns nothing. */
static void test_rerun_unsafe(void **state)
{
	struct fixture x;
	char *calls, *row;
	size_t records = 0, floats = 0;

	(void)state;
	if (!fixture_example(&x)) {
		fixture_release(&x);
		skip();
	}
	use_fake(&x, "0");
	for (size_t i = 0; i < x.r.nrows; i++) {
		const struct result_row *w = &x.r.rows[i];

		assert_null(w->sanitize);
		floats += !strcmp(w->variant, VOLATILE) &&
			  !strcmp(w->dtype, "float") && w->status == ROW_OK;
	}
	assert_int_equal(floats, 5);         /* 2^20 to 2^28 */
	assert_int_equal(sanitize_unsafe_of(&x, false), (int)floats);
	calls = fake_calls(&x);
	assert_int_equal(count_of(calls, "\n"), 1);
	expect_in(calls, "CULAB_SANITIZER=off --tool racecheck --print-limit "
		  "1000 --show-backtrace no /bin/false run --measurement "
		  "reduce-float/reduce_warp_volatile/float/1048576 "
		  "--profile-only --no-counters --no-report -q -o ", __LINE__);
	expect_in(calls, "--device 0 experiments/default.yaml\n", __LINE__);
	free(calls);
	for (size_t i = 0; i < x.r.nrows; i++) {
		const struct result_row *w = &x.r.rows[i];
		const struct sanitizer_record *rec = w->sanitize;

		if (strcmp(w->variant, VOLATILE) || strcmp(w->dtype, "float")) {
			/* safe rungs, and the other types' rows */
			if (rec)
				fail_msg("%s:%d: %s/%s/%" PRIu64 " has a record",
					 __FILE__, __LINE__, w->variant,
					 w->dtype, w->n);
			continue;
		}
		records++;
		assert_non_null(rec);
		EXPECT_STR(rec->state, "ran");
		EXPECT_STR(rec->label,
			   "reduce-float/reduce_warp_volatile/float/1048576");
		assert_int_equal(rec->n, 1048576);
		assert_int_equal(rec->ntools, 1);
		EXPECT_STR(rec->tools[0].tool, "racecheck");
		assert_int_equal(rec->tools[0].outcome, SAN_FOUND);
		assert_int_equal(rec->tools[0].answer, 0);
		EXPECT_STR(rec->command, "CULAB_INPUT_GUARD=off "
			   "compute-sanitizer --tool racecheck "
			   "culab run --measurement reduce-float/"
			   "reduce_warp_volatile/float/1048576 --profile-only "
			   "--no-counters -o /tmp/culab-sanitize "
			   "experiments/default.yaml");
		/* the fake's race is the probe's (tests/fake-compute-sanitizer) */
		EXPECT_STR(w->sanitizer, "racecheck: 1 hazard (a race "
			   "between a write at student.cu:18 and a read at "
			   "student.cu:22)");
	}
	assert_int_equal(records, floats);

	row = objective_row(&x, "en");
	/* the record as the ladder table's cell says it, in the page's
	 * language: each tool's count and the first finding's line;
	 * racecheck's summary counts reports ("1 hazard displayed"), each
	 * of many hazards */
	expect_in(row, "| shown: at n = 2^20, compute-sanitizer reported "
		  "racecheck: 1 race report covering 4080 hazards, line 18, "
		  "on a rung whose answer "
		  "was right: a race is a bug whether or not it changes the "
		  "sum |", __LINE__);
	free(row);
	row = objective_row(&x, "zh");
	expect_in(row, "已体现：compute-sanitizer 在 n = 2^20 时报告 racecheck",
		  __LINE__);
	expect_in(row, "racecheck：1 份竞争报告，共 4080 处冒险，第 18 行",
		  __LINE__);
	expect_in(row, "而这一级的结果是正确的", __LINE__);
	free(row);
	row = rung8_row(&x, "float");
	expect_in(row, "| met |", __LINE__);
	free(row);
	/* rerun at float only: the other types' ladders say so */
	row = rung8_row(&x, "int");
	expect_in(row, "| not checked: unsafe by design, but no "
		  "compute-sanitizer record in this run |", __LINE__);
	free(row);

	/* the run resumed: the rung has its record, nothing reruns */
	assert_int_equal(sanitize_unsafe_of(&x, false), 0);
	calls = fake_calls(&x);
	assert_int_equal(count_of(calls, "\n"), 1);
	free(calls);

	/* a rerun whose racecheck found nothing: not shown, not met */
	for (size_t i = 0; i < x.r.nrows; i++) {
		struct result_row *w = &x.r.rows[i];

		sanitizer_record_free(w->sanitize);
		w->sanitize = NULL;
		free(w->sanitizer);
		w->sanitizer = NULL;
	}
	setenv("FAKE_SANITIZER_CLEAN", "1", 1);
	assert_int_equal(sanitize_unsafe_of(&x, false), (int)floats);
	unsetenv("FAKE_SANITIZER_CLEAN");
	row = objective_row(&x, "en");
	expect_in(row, "| **not shown**: at n = 2^20, compute-sanitizer "
		  "reported racecheck: 0 hazards in this run |", __LINE__);
	free(row);
	row = rung8_row(&x, "float");
	expect_in(row, "| **not met** |", __LINE__);
	free(row);
	fixture_release(&x);
}

/* CULAB_SANITIZER=off, run --no-sanitizer and no compute-sanitizer
 * installed: nothing reruns, no row gets a record, and the report still
 * says "not checked"; a rerun that cannot run: the report says that it
 * could not check. */
static void test_unsafe_off(void **state)
{
	struct fixture x;
	char *calls, *row;

	(void)state;
	if (!fixture_example(&x)) {
		fixture_release(&x);
		skip();
	}
	use_fake(&x, "0");
	assert_int_equal(sanitize_unsafe_of(&x, true), 0);
	setenv("CULAB_SANITIZER", "off", 1);
	assert_int_equal(sanitize_unsafe_of(&x, false), 0);
	calls = xasprintf("%s/calls.log", x.dir);
	assert_int_equal(access(calls, F_OK), -1);     /* never called */
	free(calls);
	for (size_t i = 0; i < x.r.nrows; i++)
		assert_null(x.r.rows[i].sanitize);
	row = objective_row(&x, "en");
	expect_in(row, "| not checked: no compute-sanitizer record in this "
		  "run |", __LINE__);
	free(row);
	row = rung8_row(&x, "float");
	expect_in(row, "| not checked: unsafe by design, but no "
		  "compute-sanitizer record in this run |", __LINE__);
	free(row);

	setenv("CULAB_SANITIZER", "/nonexistent/compute-sanitizer", 1);
	assert_int_equal(sanitize_unsafe_of(&x, false), 0);
	for (size_t i = 0; i < x.r.nrows; i++)
		assert_null(x.r.rows[i].sanitize);

	/* a summary, but culab under it could not run the rung */
	use_fake(&x, "3");
	setenv("FAKE_SANITIZER_CLEAN", "1", 1);
	setenv("FAKE_SANITIZER_SAY", "culab: error: no usable GPU: none", 1);
	assert_int_equal(sanitize_unsafe_of(&x, false), 5);
	row = objective_row(&x, "en");
	expect_in(row, "| not checked: racecheck: failed (culab: error: no "
		  "usable GPU: none) |", __LINE__);
	free(row);
	row = rung8_row(&x, "float");
	expect_in(row, "| not checked: unsafe by design, and "
		  "compute-sanitizer could not check it in this run |",
		  __LINE__);
	free(row);
	fixture_release(&x);
}

int main(int argc, char **argv)
{
	/* the compile child of the kernels compiled here (kcompile.h) */
	int child = kcompile_child_main(argc, argv);

	if (child >= 0)
		return child;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rerun_probe),
		cmocka_unit_test(test_rerun_clean),
		cmocka_unit_test(test_record_kept),
		cmocka_unit_test(test_not_installed),
		cmocka_unit_test(test_rerun_fails),
		cmocka_unit_test(test_rerun_stopped),
		cmocka_unit_test(test_tools_together),
		cmocka_unit_test(test_defects_tools),
		cmocka_unit_test(test_rerun_unsafe),
		cmocka_unit_test(test_unsafe_off),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
