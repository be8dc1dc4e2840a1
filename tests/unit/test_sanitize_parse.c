/* test_sanitize_parse.c - a failure explained at the line (issue 25),
 * what needs no rerun:
 *
 * - compute-sanitizer's text read back (run/sanitizer_parse.c): the probe's
 *   recorded output (reports/probes/issue25-h200/sanitizer.txt: an
 *   out-of-bounds shared read, a race, an out-of-bounds global read on an
 *   H200) and records built from the formats its manual shows (synccheck,
 *   misaligned accesses, the older "at 0xPC in FILE:LINE:FUNC");
 * - the tools a kernel's PTX asks for, the tools a record names, the
 *   command to paste, the rows a rerun is for.
 *
 * The reruns themselves are test_sanitize.c's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "jobs/sanitizer_reruns.h"
#include "ladder/ladder.h"
#include "results/results.h"
#include "run/run.h"
#include "report_check.h"

/* ---- the probe's recorded output ------------------------------------------ */

/* Run `k` (from 1) of the probe's file: the text from its k-th
 * "COMPUTE-SANITIZER" line to the next.  Caller frees. */
static char *probe_run(int k)
{
	char *path = xasprintf("%s/reports/probes/issue25-h200/sanitizer.txt",
			       srcdir());
	char *text, *p, *end;
	size_t len;

	assert_int_equal(read_file(path, 1u << 20, &text, &len), 0);
	free(path);
	p = text;
	for (int i = 0; i < k; i++) {
		p = strstr(i ? p + 1 : p, "========= COMPUTE-SANITIZER");
		assert_non_null(p);
	}
	end = strstr(p + 1, "========= COMPUTE-SANITIZER");
	p = end ? xstrndup(p, (size_t)(end - p)) : xstrdup(p);
	free(text);
	return p;
}

static void test_probe_shared(void **state)
{
	struct sanitizer_record rec = { 0 };
	char *text = probe_run(1);
	const struct sanitizer_finding *f;
	uint64_t errors;

	(void)state;
	assert_int_equal(sanitizer_parse(text, "memcheck", &rec, &errors), 1);
	assert_int_equal(errors, 969);
	/* five records printed (--print-limit 5), one line: one finding */
	assert_int_equal(rec.nfindings, 1);
	f = &rec.findings[0];
	EXPECT_STR(f->tool, "memcheck");
	EXPECT_STR(f->kind, "access");
	EXPECT_STR(f->what, "Invalid __shared__ read of size 4 bytes");
	EXPECT_STR(f->space, "shared");
	EXPECT_STR(f->access, "read");
	assert_int_equal(f->size, 4);
	EXPECT_STR(f->problem, "out of bounds");
	EXPECT_STR(f->function, "oob_shared");
	EXPECT_STR(f->file, "student.cu");
	assert_int_equal(f->line, 9);
	EXPECT_STR(f->threads, "8-12");
	EXPECT_STR(f->blocks, "2");
	assert_int_equal(f->count, 5);
	assert_null(f->nearest);
	assert_null(f->other_file);
	sanitizer_record_release(&rec);
	free(text);
}

static void test_probe_race(void **state)
{
	struct sanitizer_record rec = { 0 };
	char *text = probe_run(2);
	const struct sanitizer_finding *f;
	uint64_t errors;

	(void)state;
	assert_int_equal(sanitizer_parse(text, "racecheck", &rec, &errors), 1);
	assert_int_equal(errors, 1);         /* "1 hazard displayed" */
	/* eight PCs of line 22 against line 18: one pair, hazards summed */
	assert_int_equal(rec.nfindings, 1);
	f = &rec.findings[0];
	EXPECT_STR(f->kind, "race");
	EXPECT_STR(f->space, "shared");
	EXPECT_STR(f->problem, "error");
	EXPECT_STR(f->access, "write");
	EXPECT_STR(f->file, "student.cu");
	assert_int_equal(f->line, 18);
	EXPECT_STR(f->other_access, "read");
	EXPECT_STR(f->other_file, "student.cu");
	assert_int_equal(f->other_line, 22);
	EXPECT_STR(f->function, "race");
	assert_int_equal(f->count, 496 + 7 * 512);
	assert_null(f->threads);
	sanitizer_record_release(&rec);
	free(text);
}

static void test_probe_global(void **state)
{
	struct sanitizer_record rec = { 0 };
	char *text = probe_run(3);
	const struct sanitizer_finding *f;
	uint64_t errors;

	(void)state;
	assert_int_equal(sanitizer_parse(text, "memcheck", &rec, &errors), 1);
	assert_int_equal(errors, 281);
	assert_int_equal(rec.nfindings, 1);
	f = &rec.findings[0];
	EXPECT_STR(f->space, "global");
	assert_int_equal(f->line, 30);
	EXPECT_STR(f->threads, "232-236");
	EXPECT_STR(f->blocks, "3");
	EXPECT_STR(f->nearest, "after");
	assert_int_equal(f->alloc_bytes, 4000);
	assert_int_equal(f->nearest_min, 1);
	assert_int_equal(f->nearest_max, 17);
	sanitizer_record_release(&rec);
	free(text);
}

/* Records in the formats of compute-sanitizer's manual (older versions
 * put the function after the line), the target's own lines between
 * them, CRLF line ends. */
static void test_formats(void **state)
{
	static const char text[] =
		"========= COMPUTE-SANITIZER\n"
		"========= Barrier error detected. Divergent thread(s) in warp\n"
		"=========     at 0x110 in divergence.cu:28:threadDivergence(int*)\n"
		"=========     by thread (37,0,0) in block (0,0,0)\n"
		"=========\n"
		"the target's own output\n"
		"========= Barrier error detected. Divergent thread(s) in warp\r\n"
		"=========     at 0x110 in divergence.cu:28:threadDivergence(int*)\r\n"
		"=========     by thread (38,0,0) in block (0,0,0)\r\n"
		"=========\n"
		"========= Invalid __global__ write of size 8 bytes\n"
		"=========     at 0x70 in demo.cu:6:unaligned_kernel()\n"
		"=========     by thread (0,4,0) in block (1,2,0)\n"
		"=========     Address 0x400100001 is misaligned\n"
		"=========\n"
		"========= Invalid __global__ write of size 8 bytes\n"
		"=========     at 0x70 in demo.cu:6:unaligned_kernel()\n"
		"=========     by thread (1,5,0) in block (1,2,0)\n"
		"=========     Address 0x400100009 is misaligned\n"
		"=========\n"
		"========= Program hit cudaErrorLaunchFailure (error 719) due to "
		"\"unspecified launch failure\" on CUDA API call to "
		"cudaDeviceSynchronize.\n"
		"=========     Saved host backtrace up to driver entry point at error\n"
		"=========\n"
		"========= Warning: Race reported between Read access at k+0x10 in k.cu:5\n"
		"=========     and Write access at k+0x20 in k.cu:7 [3 hazards]\n"
		"=========\n"
		"========= Warp Illegal Address\n"
		"=========     at k+0x30 in k.cu:9\n"
		"=========     by thread (0,0,0) in block (7,0,0)\n"
		"=========\n"
		"========= Target application returned an error\n"
		"========= ERROR SUMMARY: 12,345 errors\n"
		"========= ERROR SUMMARY: 12,339 errors were not printed. Use "
		"--print-limit option to adjust the number of printed errors\n";
	struct sanitizer_record rec = { 0 };
	const struct sanitizer_finding *f;
	uint64_t errors;

	(void)state;
	assert_int_equal(sanitizer_parse(text, "memcheck", &rec, &errors), 1);
	assert_int_equal(errors, 12345);
	/* the API error and the application's exit are not a kernel's */
	assert_int_equal(rec.nfindings, 4);
	f = &rec.findings[0];
	EXPECT_STR(f->kind, "barrier");
	EXPECT_STR(f->problem, "divergent thread(s) in warp");
	EXPECT_STR(f->function, "threadDivergence(int*)");
	EXPECT_STR(f->file, "divergence.cu");
	assert_int_equal(f->line, 28);
	EXPECT_STR(f->threads, "37-38");
	EXPECT_STR(f->blocks, "0");
	assert_int_equal(f->count, 2);
	f = &rec.findings[1];
	EXPECT_STR(f->kind, "access");
	EXPECT_STR(f->problem, "misaligned");
	EXPECT_STR(f->access, "write");
	assert_int_equal(f->size, 8);
	EXPECT_STR(f->function, "unaligned_kernel()");
	EXPECT_STR(f->threads, "x 0-1, y 4-5");
	EXPECT_STR(f->blocks, "x 1, y 2");
	f = &rec.findings[2];
	EXPECT_STR(f->kind, "race");
	EXPECT_STR(f->problem, "warning");
	EXPECT_STR(f->access, "read");
	EXPECT_STR(f->other_access, "write");
	assert_int_equal(f->line, 5);
	assert_int_equal(f->other_line, 7);
	assert_int_equal(f->count, 3);
	f = &rec.findings[3];
	EXPECT_STR(f->kind, "other");
	EXPECT_STR(f->what, "Warp Illegal Address");
	assert_int_equal(f->line, 9);
	EXPECT_STR(f->blocks, "7");
	sanitizer_record_release(&rec);
}

/* Many threads: four ranges, then "..."; a text cut off before its
 * summary (a killed rerun) still gives what it printed, and says so. */
static void test_ranges_and_cut(void **state)
{
	struct sbuf b = SBUF_INIT;
	struct sanitizer_record rec = { 0 };
	uint64_t errors = 99;

	(void)state;
	sbuf_add(&b, "========= COMPUTE-SANITIZER\n");
	for (int t = 0; t < 20; t += 2)
		sbuf_addf(&b, "========= Invalid __shared__ write of size 4 "
			  "bytes\n=========     at f+0x10 in a.cu:3\n"
			  "=========     by thread (%d,0,0) in block (%d,0,0)\n"
			  "=========     Access to 0x%x is out of bounds\n"
			  "========= \n", t, t < 10 ? 0 : 1, 0x400 + 4 * t);
	assert_int_equal(sanitizer_parse(sbuf_str(&b), "memcheck", &rec,
					 &errors), 0);
	assert_int_equal(errors, 0);
	assert_int_equal(rec.nfindings, 1);
	EXPECT_STR(rec.findings[0].threads, "0, 2, 4, 6, ...");
	EXPECT_STR(rec.findings[0].blocks, "0-1");
	EXPECT_STR(rec.findings[0].access, "write");
	assert_int_equal(rec.findings[0].count, 10);
	sanitizer_record_release(&rec);
	/* nothing at all: nothing found, no summary */
	assert_int_equal(sanitizer_parse("", "memcheck", &rec, &errors), 0);
	assert_int_equal(rec.nfindings, 0);
	sanitizer_record_release(&rec);
	sbuf_release(&b);
}

/* ---- the tools, the command, the rows -------------------------------------- */

static void test_ptx_tools(void **state)
{
	static const char ptx[] =
		".version 8.8\n.target sm_90\n"
		".shared .align 4 .b8 s[32];\n"
		".visible .entry plain(\n\t.param .u64 a\n)\n{\n"
		"\tld.global.f32 %f1, [%rd1];\n\tret;\n\n}\n"
		".visible .entry both(\n\t.param .u64 a\n)\n{\n"
		"\tst.shared.f32 [%r1], %f1;\n\tbar.sync 0;\n\tret;\n\n}\n"
		".visible .entry warp_only(\n\t.param .u64 a\n)\n{\n"
		"\tbar.warp.sync -1;\n\tret;\n\n}\n"
		".visible .entry calls(\n\t.param .u64 a\n)\n{\n"
		"\tcall.uni helper;\n\tret;\n\n}\n";

	(void)state;
	assert_int_equal(sanitize_tools_for_ptx(ptx, "plain"), 0);
	assert_int_equal(sanitize_tools_for_ptx(ptx, "both"),
			 SANITIZE_SHARED | SANITIZE_BARRIER);
	assert_int_equal(sanitize_tools_for_ptx(ptx, "warp_only"),
			 SANITIZE_BARRIER);
	/* a body that calls, or an entry not found: the whole module */
	assert_int_equal(sanitize_tools_for_ptx(ptx, "calls"),
			 SANITIZE_SHARED | SANITIZE_BARRIER);
	assert_int_equal(sanitize_tools_for_ptx(ptx, "missing"),
			 SANITIZE_SHARED | SANITIZE_BARRIER);
	assert_int_equal(sanitize_tools_for_ptx(NULL, "plain"),
			 SANITIZE_SHARED | SANITIZE_BARRIER);
}

/* The tools an unsafe rung reruns under: those its registry record
 * names with a finding. */
static void test_record_tools(void **state)
{
	const struct variant *v = registry_find("reduce_warp_volatile");
	const char *tools[SANITIZE_MAX_TOOLS];

	(void)state;
	assert_non_null(v);
	assert_true(v->flags & VF_UNSAFE);
	assert_int_equal(sanitize_tools_for_record(v->sanitizer, tools), 1);
	EXPECT_STR(tools[0], "racecheck");
	assert_int_equal(sanitize_tools_for_record("memcheck: 2 errors; "
						   "racecheck: 0 hazards; "
						   "initcheck: 1 error", tools),
			 2);
	EXPECT_STR(tools[0], "memcheck");
	EXPECT_STR(tools[1], "initcheck");
	/* not a tool's count: another word, no count, none at all */
	assert_int_equal(sanitize_tools_for_record("notracecheck: 3 hazards; "
						   "synccheck: some errors",
						   tools), 0);
	assert_int_equal(sanitize_tools_for_record(NULL, tools), 0);
}

static void test_command(void **state)
{
	char *c;

	(void)state;
	c = sanitize_command("memcheck", "my-reduce/reduce_shfl.v2-bug/float/2^20",
			     "experiments/examples/exercise.yaml", 0);
	EXPECT_STR(c, "CULAB_INPUT_GUARD=off compute-sanitizer --tool memcheck culab run "
		   "--measurement 'my-reduce/reduce_shfl.v2-bug/float/2^20' "
		   "--profile-only --no-counters -o /tmp/culab-sanitize "
		   "experiments/examples/exercise.yaml");
	free(c);
	c = sanitize_command("racecheck", "e/k/int/1000", "it's mine.yaml", 2);
	EXPECT_STR(c, "CULAB_INPUT_GUARD=off compute-sanitizer --tool racecheck culab run "
		   "--measurement e/k/int/1000 --profile-only --no-counters "
		   "-o /tmp/culab-sanitize --device 2 'it'\\''s mine.yaml'");
	free(c);
}

static void test_wants(void **state)
{
	struct variant user = { .name = "u", .flags = VF_USER };
	struct variant builtin = { .name = "b", .flags = VF_BLOCK };
	struct result_row w = { .status = ROW_WRONG };

	(void)state;
	assert_true(sanitize_wants(&w, &user));
	assert_false(sanitize_wants(&w, &builtin));
	assert_false(sanitize_wants(&w, NULL));
	w.status = ROW_ERROR;
	w.message = "an illegal memory access was encountered";
	assert_true(sanitize_wants(&w, &user));
	w.message = "wrote past the end of its output (4 bytes): 4 of the "
		    "4096 bytes after it changed, the first at byte 0 after "
		    "the end";
	assert_true(sanitize_wants(&w, &user));
	w.message = "cudaMalloc of 8 bytes: out of memory";
	assert_false(sanitize_wants(&w, &user));
	w.message = "did not finish within 2 s (its time_limit); a running "
		    "kernel cannot be stopped, so the run ends here";
	assert_false(sanitize_wants(&w, &user));
	/* a remembered answer fails at another input only */
	w.status = ROW_WRONG;
	w.message = "with another input after the timed runs: sum is 1, "
		    "expected 2; its answer does not follow its input";
	assert_false(sanitize_wants(&w, &user));
	w.status = ROW_SKIPPED;
	w.message = "too large";
	assert_false(sanitize_wants(&w, &user));
	w.status = ROW_OK;
	w.message = NULL;
	assert_false(sanitize_wants(&w, &user));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probe_shared),
		cmocka_unit_test(test_probe_race),
		cmocka_unit_test(test_probe_global),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_ranges_and_cut),
		cmocka_unit_test(test_ptx_tools),
		cmocka_unit_test(test_command),
		cmocka_unit_test(test_wants),
		cmocka_unit_test(test_record_tools),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
