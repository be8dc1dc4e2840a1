/* test_nvrtc.c - the NVRTC module: the text scanners on text, NVRTC's log
 * turned into diagnostics (recorded logs of NVRTC 13.0), and a few real
 * compilations through NVRTC (no GPU needed; make test's dependency check
 * makes sure libnvrtc is there): a good kernel, a compile error at its
 * file:line:col, name expressions that name nothing, and a ptxas error
 * that NVRTC hides under -Xptxas=-v. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "ladder/nvrtc.h"
#include "base/util.h"

/* ---- checking diagnostics ---------------------------------------------- */

#define assert_text(got, want) assert_text_at(got, want, __FILE__, __LINE__)

static void assert_text_at(const char *got, const char *want,
			   const char *file, int line)
{
	if (strcmp(got, want) != 0)
		fail_msg("%s:%d: diagnostics differ\n--- want\n%s--- got\n%s",
			 file, line, want, got);
}

static struct nvrtc_input input(const char *path, const char *text)
{
	struct nvrtc_input in = {
		.path = path, .text = text, .len = strlen(text),
		.arch = "sm_90",
	};

	return in;
}

/* Reports `log` of a program `path`/`text` with names; returns the text. */
static char *report(const char *path, const char *text, const char *log,
		    const char *const *names, size_t nnames, int *errors)
{
	struct nvrtc_input in = input(path, text);
	struct capture c;

	in.names = names;
	in.nnames = nnames;
	capture_start(&c);
	*errors = nvrtc_report_log(&in, log);
	capture_stop(&c);
	return c.buf;
}

static void require_nvrtc(void)
{
	char why[640];

	if (nvrtc_open(why, sizeof(why)) < 0)
		fail_msg("NVRTC is needed for this test: %s", why);
}

/* ---- options ------------------------------------------------------------------ */

static void test_options_allowed(void **state)
{
	static const char *const ok[] = {
		"-use_fast_math", "--use_fast_math", "-ftz=true",
		"--ftz=false", "-prec-div=false", "-prec-sqrt=true",
		"-fmad=false", "-maxrregcount=32", "--maxrregcount=255",
		"-std=c++17", "--std=c++20", "-extra-device-vectorization",
		"--extra-device-vectorization", "-default-device",
		"--device-as-default-execution-space", "-restrict",
		"--restrict",
	};
	char why[256];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(ok); i++) {
		strcpy(why, "untouched");
		if (!nvrtc_option_allowed(ok[i], why, sizeof(why)))
			fail_msg("\"%s\" refused: %s", ok[i], why);
		assert_string_equal(why, "");
	}
	assert_true(nvrtc_option_allowed("-use_fast_math", NULL, 0));
}

static void test_options_refused(void **state)
{
	static const struct {
		const char *opt, *why;
	} bad[] = {
		{ "-DBLOCK=256", "option \"-DBLOCK=256\" is not allowed: macros "
		  "come from the kernel's defines: key" },
		{ "--define-macro=X", "option \"--define-macro=X\" is not "
		  "allowed: macros come from the kernel's defines: key" },
		{ "-I/usr/include", "option \"-I/usr/include\" is not allowed: "
		  "#include \"...\" is searched in the source's own directory; "
		  "put headers beside it" },
		{ "-arch=sm_80", "option \"-arch=sm_80\" is not allowed: culab "
		  "compiles for the GPU in use" },
		{ "--gpu-architecture=sm_80", "option \"--gpu-architecture="
		  "sm_80\" is not allowed: culab compiles for the GPU in use" },
		{ "-include=x.h", "option \"-include=x.h\" is not allowed: "
		  "#include the header in the source instead" },
		{ "-G", "option \"-G\" is not allowed: device debug code would "
		  "distort the timings" },
		{ "-lineinfo", "option \"-lineinfo\" is not allowed: culab "
		  "always passes it" },
		{ "-Xptxas=-O0", "option \"-Xptxas=-O0\" is not allowed: culab "
		  "passes ptxas -v itself; -maxrregcount=N limits registers" },
		{ "-use-fast-math", "option \"-use-fast-math\" is not allowed "
		  "(did you mean \"-use_fast_math\"?)" },
		{ "-maxregcount=32", "option \"-maxregcount=32\" is not allowed "
		  "(did you mean \"-maxrregcount=\"?)" },
		{ "-use_fast_math=1", "option \"-use_fast_math=1\" is not "
		  "allowed (did you mean \"-use_fast_math\"?)" },
		{ "-ftz=maybe", "option \"-ftz=maybe\" takes true or false" },
		{ "-ftz", "option \"-ftz\" takes true or false" },
		{ "-maxrregcount=0", "option \"-maxrregcount=0\" takes a "
		  "register count from 1 to 255" },
		{ "-maxrregcount=256", "option \"-maxrregcount=256\" takes a "
		  "register count from 1 to 255" },
		{ "-maxrregcount=12x", "option \"-maxrregcount=12x\" takes a "
		  "register count from 1 to 255" },
		{ "-std=c++14", "option \"-std=c++14\" takes c++17 or c++20" },
		{ "fast", "\"fast\" is not an option (options start with -)" },
		{ "-", "\"-\" is not an option (options start with -)" },
	};
	char why[256];
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		if (nvrtc_option_allowed(bad[i].opt, why, sizeof(why)))
			fail_msg("\"%s\" allowed", bad[i].opt);
		assert_string_equal(why, bad[i].why);
	}
	/* no near name: the list */
	assert_false(nvrtc_option_allowed("--relocatable-device-code=true",
					  why, sizeof(why)));
	assert_non_null(strstr(why, "(allowed, after - or --: use_fast_math, "
			       "ftz=, prec-div="));
	assert_false(nvrtc_option_allowed("-G", why, 8));  /* truncated */
	assert_int_equal(strlen(why), 7);
}

/* ---- __global__ functions ------------------------------------------------ */

static const char globals_src[] =
	"// __global__ void in_comment(int *p) {}\n"
	"/* __global__ void in_block(int *p) {} */\n"
	"#define KERNEL __global__ void in_macro(int *p) { }\n"
	"#define LONG_MACRO(x) \\\n"
	"\t__global__ void in_macro2(int *p) { }\n"
	"const char *s = \"__global__ void in_string(int *p) {}\";\n"
	"const char *r = R\"x(__global__ void in_raw() {} )\" )x\";\n"
	"const char q = '\"'; int big = 1'000'000;\n"
	"// a comment that goes on \\\n"
	"__global__ void continued_comment(int *p) {}\n"
	"template <typename T, int B = 256>\n"
	"__global__ void red(const T *in, T *out, unsigned long long n)\n"
	"{ if (n > (B >> 1)) out[0] = in[0]; }\n"
	"extern \"C\" __global__ void plain(const float *in, float *out)\n"
	"{ }\n"
	"__global__ void __launch_bounds__(256) lb(int *p) { }\n"
	"static __global__ void __launch_bounds__(256, 2)\n"
	"lb2(int *p) { }\n"
	"__global__ void declared(int *p);\n"
	"namespace ns { __global__ void inner(int *p) { } }\n"
	"__global__ void ns::outer(int *p) { }\n"
	"template <> __global__ void red<float, 128>(const float *in,\n"
	"\tfloat *out, unsigned long long n) { }\n"
	"__global__ void declared(int *p) { p[0] = '}'; }\n"
	"__global__ __attribute__((noinline)) void attr(int *p) { }\n"
	"__global__ void cut_short(int *p";

static void test_list_globals(void **state)
{
	static const char *const want[] = {
		"red", "plain", "lb", "lb2", "inner", "ns::outer", "declared",
		"attr",
	};
	char *names[16];
	size_t n, i;

	(void)state;
	n = nvrtc_list_globals(globals_src, strlen(globals_src), names, 16);
	for (i = 0; i < n; i++)
		if (i >= ARRAY_SIZE(want) || strcmp(names[i], want[i]) != 0)
			fail_msg("global %zu: got \"%s\", want \"%s\"", i,
				 names[i], i < ARRAY_SIZE(want) ? want[i] : "");
	assert_int_equal(n, ARRAY_SIZE(want));
	for (i = 0; i < n; i++)
		free(names[i]);

	/* at most max; the length is respected (no NUL needed) */
	n = nvrtc_list_globals(globals_src, strlen(globals_src), names, 2);
	assert_int_equal(n, 2);
	assert_string_equal(names[1], "plain");
	free(names[0]);
	free(names[1]);
	n = nvrtc_list_globals("__global__ void a(int *p) {}", 22, names, 4);
	assert_int_equal(n, 0);
	assert_int_equal(nvrtc_list_globals("", 0, names, 4), 0);
	assert_int_equal(nvrtc_list_globals("__global__", 10, names, 4), 0);

	/* which of them are templates (issue 48: a class's "reduce<T>"
	 * must name one a submission defines) */
	assert_true(nvrtc_global_template(globals_src, strlen(globals_src),
					  "red"));
	assert_false(nvrtc_global_template(globals_src, strlen(globals_src),
					   "plain"));
	assert_false(nvrtc_global_template(globals_src, strlen(globals_src),
					   "lb"));
	assert_false(nvrtc_global_template(globals_src, strlen(globals_src),
					   "missing"));
	{
		const char *after = "template <int N> struct S {};\n"
				    "__global__ void k(int *p) { }";

		assert_false(nvrtc_global_template(after, strlen(after), "k"));
	}
}

/* ---- PTX ------------------------------------------------------------------------ */

static const char ptx_text[] =
	".version 9.0\n.target sm_90\n.address_size 64\n\n"
	"\t// .globl\tplain\n"
	".visible .entry plainer(\n\t.param .u32 plainer_param_0\n)\n{\n}\n"
	".visible .entry plain(\n"
	"\t.param .u64 plain_param_0,\n"
	"\t.param .u64 plain_param_1,\n"
	"\t.param .u32 plain_param_2\n"
	")\n{\n\tret;\n}\n"
	".visible .entry _Z8bystruct1Sdc(\n"
	"\t.param .align 4 .b8 _Z8bystruct1Sdc_param_0[20],\n"
	"\t.param .f64 _Z8bystruct1Sdc_param_1,\n"
	"\t.param .u8 _Z8bystruct1Sdc_param_2\n"
	")\n{\n}\n"
	".visible .entry _Z2kvv()\n{\n}\n"
	".weak .entry _Z1hP6__half(\n"
	"\t.param .u64 .ptr .global .align 2 _Z1hP6__half_param_0,\n"
	"\t.param .f16x2 _Z1hP6__half_param_1,\n"
	"\t.param .bf16 _Z1hP6__half_param_2\n"
	")\n{\n}\n"
	".visible .entry broken(\n\t.param .u64 broken_param_0,\n";

static void test_ptx_params(void **state)
{
	struct nvrtc_ptx_param p[8];

	(void)state;
	assert_int_equal(nvrtc_ptx_params(ptx_text, "plain", p, 8), 3);
	assert_int_equal(p[0].size, 8);
	assert_int_equal(p[0].type, 'u');
	assert_false(p[0].ptr);
	assert_int_equal(p[1].size, 8);
	assert_int_equal(p[2].size, 4);
	assert_int_equal(p[2].type, 'u');
	assert_int_equal(nvrtc_ptx_params(ptx_text, "plainer", p, 8), 1);
	assert_int_equal(p[0].size, 4);
	assert_int_equal(nvrtc_ptx_params(ptx_text, "_Z8bystruct1Sdc", p,
					  8), 3);
	assert_int_equal(p[0].size, 20);
	assert_int_equal(p[0].type, 'a');      /* a struct by value */
	assert_int_equal(p[1].size, 8);
	assert_int_equal(p[1].type, 'f');
	assert_int_equal(p[2].size, 1);
	assert_int_equal(p[2].type, 'u');
	assert_int_equal(nvrtc_ptx_params(ptx_text, "_Z2kvv", p, 8), 0);
	assert_int_equal(nvrtc_ptx_params(ptx_text, "_Z1hP6__half", p, 8),
			 3);
	assert_int_equal(p[0].size, 8);
	assert_true(p[0].ptr);                 /* ".ptr" said so */
	assert_int_equal(p[0].type, 'u');
	assert_int_equal(p[1].size, 4);
	assert_int_equal(p[1].type, 'f');
	assert_int_equal(p[2].size, 2);
	assert_int_equal(p[2].type, 'f');      /* bf16 */
	/* counted past max, written up to it */
	p[1].size = 99;
	assert_int_equal(nvrtc_ptx_params(ptx_text, "plain", p, 1), 3);
	assert_int_equal(p[0].size, 8);
	assert_int_equal(p[1].size, 99);
	assert_int_equal(nvrtc_ptx_params(ptx_text, "plai", p, 8), -1);
	assert_int_equal(nvrtc_ptx_params(ptx_text, "missing", p, 8), -1);
	assert_int_equal(nvrtc_ptx_params(ptx_text, "broken", p, 8), -1);
	assert_int_equal(nvrtc_ptx_params(ptx_text, "", p, 8), -1);
	assert_int_equal(nvrtc_ptx_params(NULL, "plain", p, 8), -1);
}

/* Recorded from NVRTC 13.0: k1 and k2 call a __noinline__ function g,
 * whose properties follow theirs. */
static const char ptxas_log[] =
	"ptxas warning : For profile sm_90 adjusting per thread register "
	"count of 16 to lower bound of 24\n"
	"ptxas info    : 0 bytes gmem\n"
	"ptxas info    : Compiling entry function '_Z2k2Pfi' for 'sm_90'\n"
	"ptxas info    : Function properties for _Z2k2Pfi\n"
	"ptxas         .     520 bytes stack frame, 640 bytes spill stores, "
	"700 bytes spill loads\n"
	"ptxas info    : Used 24 registers, used 0 barriers, 520 bytes "
	"cumulative stack size\n"
	"ptxas info    : Compile time = 5.499 ms\n"
	"ptxas info    : Function properties for _Z1gPfi\n"
	"ptxas         .     128 bytes stack frame, 4 bytes spill stores, "
	"4 bytes spill loads\n"
	"ptxas info    : Compiling entry function '_Z2k1Pfi' for 'sm_90'\n"
	"ptxas info    : Function properties for _Z2k1Pfi\n"
	"ptxas         .     0 bytes stack frame, 0 bytes spill stores, "
	"0 bytes spill loads\n"
	"ptxas info    : Used 40 registers, used 1 barriers, 400 bytes smem\n"
	"ptxas info    : Compile time = 4.764 ms\n"
	"ptxas info    : Function properties for _Z1gPfi\n"
	"ptxas         .     128 bytes stack frame, 4 bytes spill stores, "
	"4 bytes spill loads\n";

static void test_ptxas_info(void **state)
{
	int regs = -7, spill = -7, stack = -7;

	(void)state;
	assert_int_equal(nvrtc_ptxas_info(ptxas_log, "_Z2k2Pfi", &regs, &spill,
					  &stack), 0);
	assert_int_equal(regs, 24);
	assert_int_equal(spill, 640);
	assert_int_equal(stack, 520);
	assert_int_equal(nvrtc_ptxas_info(ptxas_log, "_Z2k1Pfi", &regs, &spill,
					  &stack), 0);
	assert_int_equal(regs, 40);
	assert_int_equal(spill, 0);
	assert_int_equal(stack, 0);
	/* a device function is no entry; a prefix is no name */
	regs = spill = stack = -7;
	assert_int_equal(nvrtc_ptxas_info(ptxas_log, "_Z1gPfi", &regs, &spill,
					  &stack), -1);
	assert_int_equal(nvrtc_ptxas_info(ptxas_log, "_Z2k1", &regs, &spill,
					  &stack), -1);
	assert_int_equal(nvrtc_ptxas_info("", "_Z2k1Pfi", &regs, &spill,
					  &stack), -1);
	assert_int_equal(regs, -7);
	assert_int_equal(spill, -7);
	assert_int_equal(stack, -7);
}

/* ---- the log as diagnostics ------------------------------------------------ */

static const char err_src[] =
	"#include \"h.cuh\"\n"
	"template <typename T>\n"
	"__global__ void red(const T *in, T *out, unsigned long long n)\n"
	"{\n"
	"\tint unused_var = 3;\n"
	"\tout[0] = in[0].field;\n"
	"}\n"
	"__device__ void f(int a);\n"
	"__global__ void k(int *p)\n"
	"{\n"
	"\t/* \xc3\xa9 \xc3\xbc */ f(1.5, 2);\n"
	"\t\tp[0] = \t \tnothere;\n"
	"}\n";

/* NVRTC 13.0's log of err_src as stu/e.cu, with -Iinc. */
static const char err_log[] =
	"inc/h.cuh(2): error: identifier \"undefined_h\" is undefined\n"
	"  __device__ int hfun(int x) { return x + undefined_h; }\n"
	"                                          ^\n"
	"\n"
	"stu/e.cu(11): error: no instance of overloaded function \"f\" "
	"matches the argument list\n"
	"            argument types are: (double, int)\n"
	"  \t/* \xc3\xa9 \xc3\xbc */ f(1.5, 2);\n"
	"  \t            ^\n"
	"stu/e.cu(8): note #3322-D: number of parameters of function "
	"\"f(int)\" does not match the call\n"
	"  __device__ void f(int a);\n"
	"                  ^\n"
	"\n"
	"stu/e.cu(12): error: identifier \"nothere\" is undefined\n"
	"  \t\tp[0] = \t \tnothere;\n"
	"  \t\t       \t \t^\n"
	"\n"
	"stu/e.cu(5): warning #177-D: variable \"unused_var\" was declared "
	"but never referenced\n"
	"  \tint unused_var = 3;\n"
	"  \t    ^\n"
	"\n"
	"Remark: The warnings can be suppressed with \"-diag-suppress "
	"<warning-number>\"\n"
	"\n"
	"stu/e.cu(6): error: expression must have class type but it has "
	"type \"const float\"\n"
	"  \tout[0] = in[0].field;\n"
	"  \t         ^\n"
	"          detected during instantiation of \"void red(const T *, T *, "
	"unsigned long long) [with T=float]\" \n"
	"\n"
	"4 errors detected in the compilation of \"stu/e.cu\".\n";

static void test_log_columns(void **state)
{
	int errors;
	char *out;

	(void)state;
	out = report("stu/e.cu", err_src, err_log, NULL, 0, &errors);
	assert_text(out,
		"inc/h.cuh:2:41: error: identifier \"undefined_h\" is undefined\n"
		"stu/e.cu:11:12: error: no instance of overloaded function \"f\" "
		"matches the argument list; argument types are: (double, int)\n"
		"stu/e.cu:8:17: note: number of parameters of function \"f(int)\" "
		"does not match the call\n"
		"stu/e.cu:12:13: error: identifier \"nothere\" is undefined\n"
		"stu/e.cu:5:6: warning: variable \"unused_var\" was declared but "
		"never referenced [#177-D]\n"
		"stu/e.cu:6:11: error: expression must have class type but it "
		"has type \"const float\"\n"
		"stu/e.cu:6: note: detected during instantiation of \"void "
		"red(const T *, T *, unsigned long long) [with T=float]\"\n");
	assert_int_equal(errors, 4);
	assert_int_equal(nvrtc_log_errors(err_log), 4);
	free(out);
}

/* The echo does not match the source (a different text was compiled):
 * the column is read off the echo. */
static void test_log_echo_fallback(void **state)
{
	static const char log[] =
		"a (1).cu(2): error: oops\n"
		"  xx\tyy\n"
		"    \t^\n"
		"a (1).cu(9): error: past the end\n"
		"  zz\n"
		"    ^\n"
		"a (1).cu(1): error: caret before the echo's text\n"
		"  q\n"
		" ^\n";
	int errors;
	char *out;

	(void)state;
	out = report("a (1).cu", "line one\nline two\n", log, NULL, 0, &errors);
	assert_text(out,
		"a (1).cu:2:4: error: oops\n"
		"a (1).cu:9:3: error: past the end\n"
		"a (1).cu:1: error: caret before the echo's text\n");
	assert_int_equal(errors, 3);
	free(out);
}

/* Recorded: name expressions that name nothing, a template with the
 * wrong arguments, a function that is not __global__, one that does not
 * parse, and a note about one. */
static const char names_log[] =
	"__nv_name_map(3): error: identifier \"nosuch\" is undefined\n"
	"  #pragma nv_mangled_name nosuch\n"
	"                          ^\n"
	"\n"
	"__nv_name_map(3): error: Error in parsing name expression for "
	"lowered name lookup. Input name expression was: \" nosuch\"\n"
	"  #pragma nv_mangled_name nosuch\n"
	"                          ^\n"
	"\n"
	"__nv_name_map(6): error: cannot determine which instance of "
	"function template \"red\" is intended\n"
	"  #pragma nv_mangled_name red<int,int>\n"
	"                          ^\n"
	"\n"
	"__nv_name_map(2): error: Name expression cannot form address of a "
	"non-__global__ function. Input name expression was: \" dfun\"\n"
	"  #pragma nv_mangled_name dfun\n"
	"                          ^\n"
	"\n"
	"__nv_name_map(2): error: Error in parsing name expression for "
	"lowered name lookup. Input name expression was: \" k2 <\"\n"
	"  #pragma nv_mangled_name k2<\n"
	"                          ^\n"
	"__nv_name_map(4): note #2689-D: the value of variable \"var\" "
	"cannot be used as a constant\n"
	"  #pragma nv_mangled_name var\n"
	"                          ^\n"
	"__nv_name_map(7): error: something without an echo\n"
	"\n"
	"4 errors detected in the compilation of \"my.cu\".\n";

static void test_log_name_expressions(void **state)
{
	static const char *const names[] = {
		"red< int, int >", "nosuch", "dfun", "k2<",
	};
	int errors;
	char *out;

	(void)state;
	out = report("my.cu", "template <class T> __global__ void red(T *p) {}\n"
		     "__global__ void plain(int *p) {}\n", names_log, names,
		     ARRAY_SIZE(names), &errors);
	assert_text(out,
		"my.cu: error: name expression \"nosuch\": identifier \"nosuch\" "
		"is undefined (__global__ functions in it: red, plain)\n"
		"my.cu: error: name expression \"red< int, int >\": cannot "
		"determine which instance of function template \"red\" is "
		"intended (__global__ functions in it: red, plain)\n"
		"my.cu: error: name expression \"dfun\": Name expression cannot "
		"form address of a non-__global__ function (__global__ "
		"functions in it: red, plain)\n"
		"my.cu: error: name expression \"k2<\" is not valid\n"
		"my.cu: note: name expression \"var\": the value of variable "
		"\"var\" cannot be used as a constant\n"
		"my.cu: error: in a name expression: something without an "
		"echo\n");
	assert_int_equal(errors, 5);
	free(out);

	out = report("none.cu", "__device__ int f(int x) { return x; }\n",
		     names_log, NULL, 0, &errors);
	assert_non_null(strstr(out, "\"nosuch\" is undefined (it defines no "
			       "__global__ function)\n"));
	free(out);
}

/* The tools' own lines, summaries, and the user's control characters. */
static void test_log_tools_and_cleaning(void **state)
{
	static const char log[] =
		"nvrtc: error: unrecognized option -bogus found\n"
		"nvrtc: warning: \"--std (-std)=c++17\" followed by \"--std "
		"(-std)=c++20\"\n"
		"Command-line error: invalid or no value specified with "
		"--nv_arch flag\n"
		"ptxas info    : 0 bytes gmem\n"
		"ptxas error   : Entry function '_Z3bigPf' uses too much shared "
		"data (0x61a80 bytes, 0xc000 max)\n"
		"ptxas warning : Registers are spilled\n"
		"x.cu(1): error: identifier \"a\x1b[31mb\x7f\" is undefined\r\n"
		"  int c = a\x1b[31mb\x7f;\r\n"
		"          ^\r\n"
		"1 catastrophic error detected in this compilation.\n"
		"Compilation terminated.\n"
		"something NVRTC never printed\n";
	int errors;
	char *out;

	(void)state;
	out = report("x.cu", "int c = a\x1b[31mb\x7f;\r\n", log, NULL, 0,
		     &errors);
	assert_text(out,
		"x.cu: error: unrecognized option -bogus found\n"
		"x.cu: warning: \"--std (-std)=c++17\" followed by \"--std "
		"(-std)=c++20\"\n"
		"x.cu: error: invalid or no value specified with --nv_arch flag\n"
		"x.cu: error: ptxas: Entry function '_Z3bigPf' uses too much "
		"shared data (0x61a80 bytes, 0xc000 max)\n"
		"x.cu: warning: ptxas: Registers are spilled\n"
		"x.cu:1:9: error: identifier \"a?[31mb?\" is undefined\n");
	assert_int_equal(errors, 4);
	assert_int_equal(nvrtc_log_errors(log), 4);
	assert_int_equal(nvrtc_log_errors(""), 0);
	assert_int_equal(nvrtc_log_errors(ptxas_log), 0);
	free(out);
}

/* ---- real compilations ----------------------------------------------------- */

static const char good_src[] =
	"template <typename T>\n"
	"__global__ void red(const T *in, T *out, unsigned long long n)\n"
	"{\n"
	"\tif (threadIdx.x == 0)\n"
	"\t\tout[0] = in[0] + (T)n;\n"
	"}\n"
	"extern \"C\" __global__ void plain(const float *in, float *out, "
	"unsigned n)\n"
	"{\n"
	"\tout[0] = in[0] * n;\n"
	"}\n";

static void test_nvrtc_facts(void **state)
{
	char buf[512];

	(void)state;
	require_nvrtc();
	nvrtc_version_text(buf, sizeof(buf));
	assert_true(buf[0] >= '1' && buf[0] <= '9' && strchr(buf, '.'));
	nvrtc_archs_text(buf, sizeof(buf));
	assert_non_null(strstr(buf, "sm_90, "));
	assert_true(nvrtc_arch_supported("sm_90"));
	assert_true(nvrtc_arch_supported("sm_90a"));
	assert_true(nvrtc_arch_supported("sm_100f"));
	assert_false(nvrtc_arch_supported("sm_89a"));
	assert_false(nvrtc_arch_supported("sm_90f"));
	assert_false(nvrtc_arch_supported("sm_91"));
	assert_false(nvrtc_arch_supported("sm_"));
	assert_false(nvrtc_arch_supported("sm_090"));
	assert_false(nvrtc_arch_supported("compute_90"));
	assert_false(nvrtc_arch_supported(NULL));
	assert_int_equal(nvrtc_open(NULL, 0), 0);
}

static void test_compile_good(void **state)
{
	static const char *const opts[] = { "-Dculab_t=float", "-std=c++20" };
	static const char *const names[] = { "red<culab_t>", "plain" };
	struct nvrtc_input in = input("student/good.cu", good_src);
	struct nvrtc_output out;
	struct capture c;
	struct nvrtc_ptx_param p[4];
	int regs = -1, spill = -1, stack = -1, rc;

	(void)state;
	require_nvrtc();
	in.options = opts;
	in.noptions = ARRAY_SIZE(opts);
	in.names = names;
	in.nnames = ARRAY_SIZE(names);
	capture_start(&c);
	rc = nvrtc_compile(&in, &out);
	/* -std=c++20 replaced culab's -std=c++17: no warning about two */
	assert_text(capture_stop(&c), "");
	capture_free(&c);
	assert_int_equal(rc, 0);
	assert_true(out.cubin_len > 4);
	assert_memory_equal(out.cubin, "\x7f" "ELF", 4);
	assert_int_equal(out.ptx_len, strlen(out.ptx));
	assert_non_null(strstr(out.ptx, ".target sm_90"));
	assert_int_equal(out.nlowered, 2);
	assert_string_equal(out.lowered[0], "_Z3redIfEvPKT_PS0_y");
	assert_string_equal(out.lowered[1], "plain");
	assert_int_equal(nvrtc_ptx_params(out.ptx, out.lowered[0], p, 4), 3);
	assert_int_equal(p[0].size, 8);
	assert_int_equal(p[1].size, 8);
	assert_int_equal(p[2].size, 8);
	assert_int_equal(nvrtc_ptx_params(out.ptx, "plain", p, 4), 3);
	assert_int_equal(p[2].size, 4);
	assert_non_null(out.log);
	assert_int_equal(nvrtc_ptxas_info(out.log, "plain", &regs, &spill,
					  &stack), 0);
	assert_true(regs > 0 && regs <= 255);
	assert_int_equal(spill, 0);
	nvrtc_output_release(&out);
	assert_null(out.cubin);
	nvrtc_output_release(&out);
	nvrtc_output_release(NULL);
}

static void test_compile_error(void **state)
{
	static const char src[] =
		"/* student kernel */\n"
		"__global__ void k(const float *in, float *out)\n"
		"{\n"
		"\tout[0] = in[0] + undefined_x;\n"
		"\tint unused = 1;\n"
		"}\n";
	struct nvrtc_input in = input("student/my.cu", src);
	struct nvrtc_output out;
	struct capture c;
	int rc;

	(void)state;
	require_nvrtc();
	capture_start(&c);
	rc = nvrtc_compile(&in, &out);
	assert_text(capture_stop(&c),
		"student/my.cu:4:19: error: identifier \"undefined_x\" is "
		"undefined\n"
		"student/my.cu:5:6: warning: variable \"unused\" was declared "
		"but never referenced [#177-D]\n");
	capture_free(&c);
	assert_int_equal(rc, 1);
	assert_null(out.cubin);
	assert_null(out.log);
}

/* A template instance and a missing function by name expression. */
static void test_compile_name_expressions(void **state)
{
	static const char *const names[] = {
		"red<float>", "nosuch", "red<int, int>", "plain",
	};
	struct nvrtc_input in = input("student/good.cu", good_src);
	struct nvrtc_output out;
	struct capture c;
	int rc;

	(void)state;
	require_nvrtc();
	in.names = names;
	in.nnames = ARRAY_SIZE(names);
	capture_start(&c);
	rc = nvrtc_compile(&in, &out);
	assert_text(capture_stop(&c),
		"student/good.cu: error: name expression \"nosuch\": "
		"identifier \"nosuch\" is undefined (__global__ functions in "
		"it: red, plain)\n"
		"student/good.cu: error: name expression \"red<int, int>\": "
		"cannot determine which instance of function template \"red\" "
		"is intended (__global__ functions in it: red, plain)\n");
	capture_free(&c);
	assert_int_equal(rc, 1);
}

/* NVRTC 13.0 leaves ptxas's error out of a -Xptxas=-v log: the reason
 * comes from a second compilation without it.  And an option NVRTC
 * refuses is the user's error too (1). */
static void test_compile_ptxas_error(void **state)
{
	static const char src[] =
		"__global__ void big(float *p)\n"
		"{\n"
		"\t__shared__ float s[100000];\n"
		"\ts[threadIdx.x] = p[0];\n"
		"\t__syncthreads();\n"
		"\tp[1] = s[threadIdx.x + 1];\n"
		"}\n";
	static const char *const opts[] = { "-ftz=maybe" };
	struct nvrtc_input in = input("big.cu", src);
	struct nvrtc_output out;
	struct capture c;
	int rc;

	(void)state;
	require_nvrtc();
	capture_start(&c);
	rc = nvrtc_compile(&in, &out);
	assert_text(capture_stop(&c),
		"big.cu: error: ptxas: Entry function '_Z3bigPf' uses too much "
		"shared data (0x61a80 bytes, 0xc000 max)\n");
	capture_free(&c);
	assert_int_equal(rc, 1);

	in.options = opts;
	in.noptions = 1;
	capture_start(&c);
	rc = nvrtc_compile(&in, &out);
	assert_text(capture_stop(&c),
		"big.cu: error: --ftz (-ftz) expects true or false\n");
	capture_free(&c);
	assert_int_equal(rc, 1);

	/* a NUL in the source is refused before NVRTC sees it */
	in.noptions = 0;
	in.text = "__global__ void k() {}\0 more";
	in.len = 28;
	capture_start(&c);
	rc = nvrtc_compile(&in, &out);
	assert_text(capture_stop(&c),
		"big.cu: error: the source contains a NUL byte\n");
	capture_free(&c);
	assert_int_equal(rc, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_options_allowed),
		cmocka_unit_test(test_options_refused),
		cmocka_unit_test(test_list_globals),
		cmocka_unit_test(test_ptx_params),
		cmocka_unit_test(test_ptxas_info),
		cmocka_unit_test(test_log_columns),
		cmocka_unit_test(test_log_echo_fallback),
		cmocka_unit_test(test_log_name_expressions),
		cmocka_unit_test(test_log_tools_and_cleaning),
		cmocka_unit_test(test_nvrtc_facts),
		cmocka_unit_test(test_compile_good),
		cmocka_unit_test(test_compile_error),
		cmocka_unit_test(test_compile_name_expressions),
		cmocka_unit_test(test_compile_ptxas_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
