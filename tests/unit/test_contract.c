/* test_contract.c - the user-kernel contract by type (issue 25): a
 * __global__ function's declaration read from its source, lowered names
 * read back as C++, and kernels compiled by the real NVRTC (no GPU
 * needed) whose parameters culab classifies, accepts in each shape of
 * their family, or refuses at their declaration with one line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"
#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/demangle.h"
#include "base/diag.h"
#include "experiment/experiment.h"
#include "ladder/kcompile.h"
#include "ladder/ladder.h"
#include "plan/plan.h"
#include "base/util.h"

/* ---- declarations in the source ------------------------------------------------ */

static const char decl_src[] =
	"// reduce(float *in, float *out, float n) in a comment\n"
	"typedef float real;\n"
	"void __global__ reduce_global(real *d_x, real *d_y)\n"
	"{\n}\n"
	"template <int B>\n"
	"__global__ void __launch_bounds__(256)\n"
	"    tmpl(const float *__restrict__ in, float* out,\n"
	"\t/* the count */ unsigned long long n = 0)\n"
	"{\n}\n"
	"extern \"C\" __global__ void arr(const double in[], int out[4],\n"
	"                                std::size_t, unsigned int)\n"
	"{\n}\n"
	"__global__ void none(void) {}\n"
	"__global__ void empty() {}\n"
	"__global__ void tr(real* d_x, real* d_y, const int N) {}\n"
	"__global__ void both(float *const p, const float *const *q,\n"
	"                     const Vec<float, 4> &v, Vec<int, 2> w) {}\n"
	"__global__ void declared_only(float *in, float *out, int n);\n"
	"__global__ void ov(float *a, float *b, int n) {}\n"
	"__global__ void ov(float *a, int n) {}\n"
	"namespace ns { __global__ void inner(int *p) {} }\n"
	"__global__ void ns::outer(float \xe4\xbd\xa0 *p) {}\n";

static struct nvrtc_decl *find(const char *name)
{
	struct nvrtc_decl *d = xcalloc(1, sizeof(*d));

	if (nvrtc_find_global(decl_src, sizeof(decl_src) - 1, name, d) < 0) {
		free(d);
		return NULL;
	}
	return d;
}

#define assert_param(d, i, ln, cl, ty, nm, ptrs, cst) \
	do { \
		assert_int_equal((d)->params[i].line, ln); \
		assert_int_equal((d)->params[i].col, cl); \
		assert_string_equal((d)->params[i].type, ty); \
		assert_string_equal((d)->params[i].name, nm); \
		assert_int_equal((d)->params[i].pointers, ptrs); \
		assert_int_equal((d)->params[i].pointee_const, cst); \
	} while (0)

/* Each parameter's type, name, place, pointers and constness, as
 * written; comments, templates, specifiers and default arguments
 * skipped. */
static void test_find_global(void **state)
{
	struct nvrtc_decl *d;

	(void)state;
	d = find("reduce_global");
	assert_non_null(d);
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 17);
	assert_int_equal(d->nparams, 2);
	assert_param(d, 0, 3, 31, "real *", "d_x", 1, false);
	assert_param(d, 1, 3, 42, "real *", "d_y", 1, false);
	free(d);

	d = find("tmpl");
	assert_non_null(d);
	assert_int_equal(d->line, 8);
	assert_int_equal(d->col, 5);
	assert_int_equal(d->nparams, 3);
	assert_param(d, 0, 8, 10, "const float *__restrict__", "in", 1, true);
	assert_param(d, 1, 8, 40, "float *", "out", 1, false);
	/* a tab is one column; the comment before it is skipped */
	assert_param(d, 2, 9, 18, "unsigned long long", "n", 0, false);
	free(d);

	d = find("arr");
	assert_non_null(d);
	assert_int_equal(d->nparams, 4);
	assert_param(d, 0, 12, 32, "const double *", "in", 1, true);
	assert_param(d, 1, 12, 51, "int *", "out", 1, false);
	assert_param(d, 2, 13, 33, "std::size_t", "", 0, false);
	assert_param(d, 3, 13, 46, "unsigned int", "", 0, false);
	free(d);

	d = find("none");
	assert_non_null(d);
	assert_int_equal(d->nparams, 0);
	free(d);
	d = find("empty");
	assert_non_null(d);
	assert_int_equal(d->nparams, 0);
	free(d);

	d = find("tr");
	assert_non_null(d);
	assert_param(d, 2, 18, 42, "const int", "N", 0, false);
	free(d);

	d = find("both");
	assert_non_null(d);
	assert_int_equal(d->nparams, 4);
	/* a const pointer to floats, a pointer to const pointers */
	assert_param(d, 0, 19, 22, "float *const", "p", 1, false);
	assert_param(d, 1, 19, 38, "const float *const *", "q", 2, true);
	assert_string_equal(d->params[2].type, "const Vec<float, 4> &");
	assert_string_equal(d->params[2].name, "v");
	assert_true(d->params[2].reference);
	assert_string_equal(d->params[3].type, "Vec<int, 2>");
	assert_string_equal(d->params[3].name, "w");
	assert_false(d->params[3].reference);
	free(d);

	/* qualified, in a namespace, a non-ASCII type name: columns count
	 * characters */
	d = find("inner");
	assert_non_null(d);
	assert_param(d, 0, 24, 38, "int *", "p", 1, false);
	free(d);
	d = find("outer");
	assert_non_null(d);
	assert_param(d, 0, 25, 27, "float \xe4\xbd\xa0 *", "p", 1, false);
	free(d);

	/* a declaration is not a definition; overloads of different
	 * arities cannot be told apart; nothing in comments */
	assert_null(find("declared_only"));
	assert_null(find("ov"));
	assert_null(find("reduce"));
	assert_null(find("missing"));
}

/* A name declared as a variable or a parameter, not where it is used;
 * a macro's #define. */
static void test_find_declaration(void **state)
{
	static const char src[] =
		"#define N 4\n"
		"// const int N = 8;\n"
		"__global__ void f(float *x) { if (threadIdx.x < N) x[0] = N; }\n"
		"__device__ int g() { return N; }\n"
		"__global__ void h(float *x, long long N) {}\n";
	int line = 0, col = 0;

	(void)state;
	assert_int_equal(nvrtc_find_declaration(src, sizeof(src) - 1, "N",
						&line, &col), 0);
	assert_int_equal(line, 5);
	assert_int_equal(col, 39);
	assert_int_equal(nvrtc_find_declaration(src, 100, "N", &line, &col),
			 -1);
	assert_int_equal(nvrtc_find_declaration("const int N = 8;", 16, "N",
						&line, &col), 0);
	assert_int_equal(col, 11);
	/* and where a directive defines it */
	assert_int_equal(nvrtc_find_define(src, sizeof(src) - 1, "N", &line,
					   &col), 0);
	assert_int_equal(line, 1);
	assert_int_equal(col, 9);
	assert_int_equal(nvrtc_find_define("int x;\n  #  define\tN(a) a\n",
					   27, "N", &line, &col), 0);
	assert_int_equal(line, 2);
	assert_int_equal(col, 13);
	assert_int_equal(nvrtc_find_define("#define NN 1\n#undef N\n", 22,
					   "N", &line, &col), -1);
}

/* The C++ runtime's demangler, through base/demangle.h. */
static void test_demangle(void **state)
{
	char *s;

	(void)state;
	s = demangle_symbol("_Z6reducePKfPfi");
	assert_string_equal(s, "reduce(float const*, float*, int)");
	free(s);
	s = demangle_symbol("_Z2t1IfLi256EEvPKT_PS0_x");
	assert_string_equal(s, "void t1<float, 256>(float const*, float*, "
			    "long long)");
	free(s);
	assert_null(demangle_symbol("reduce"));     /* extern "C" */
	assert_null(demangle_symbol("_Zjunk"));
	assert_null(demangle_symbol(NULL));
}

/* ---- kernels compiled by NVRTC ---------------------------------------------------- */

static char dir[] = "/tmp/culab-contract.XXXXXX";

static void write_file(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	free(path);
}

/* Loads `yaml` (as dir/t.yaml) and prepares its kernels for sm_90.
 * Returns plan_prepare_kernels's answer; its diagnostics in *diags
 * (dir replaced by "D"), which the caller frees. */
static int prepare(const char *yaml, struct experiment_file *f,
		   struct ukernel_stats *st, char **diags)
{
	struct plan_options po = { .counters = true };
	char *path = xasprintf("%s/t.yaml", dir);
	struct capture c;
	struct sbuf b = SBUF_INIT;
	struct plan p;
	const char *s;
	int rc;

	assert_int_equal(experiment_load_buffer(path, yaml, strlen(yaml), f),
			 0);
	plan_build(f, &po, &p);
	capture_start(&c);
	rc = plan_prepare_kernels(&p, "sm_90", st);
	s = capture_stop(&c);
	for (const char *at; (at = strstr(s, dir)); s = at + strlen(dir)) {
		sbuf_addn(&b, s, (size_t)(at - s));
		sbuf_add(&b, "D");
	}
	sbuf_add(&b, s);
	*diags = sbuf_detach(&b);
	capture_free(&c);
	plan_release(&p);
	free(path);
	return rc;
}

static struct ukernel *kernel_named(const struct experiment_file *f,
				    const char *label)
{
	for (size_t i = 0; i < f->nkernels; i++)
		if (strcmp(f->kernels[i]->label, label) == 0)
			return f->kernels[i];
	return NULL;
}

#define assert_uk_param(u, i, c, sz, sg, cst, ty, nm) \
	do { \
		const struct uk_param *p_ = &(u)->params[i]; \
		assert_int_equal(p_->cls, c); \
		assert_int_equal(p_->size, sz); \
		assert_int_equal(p_->is_signed, sg); \
		assert_int_equal(p_->to_const, cst); \
		assert_string_equal(p_->type, ty); \
		assert_string_equal(p_->name, nm); \
	} while (0)

static const char counts_src[] =
	"__global__ void k_int(const culab_t *in, culab_acc_t *out, int n) {}\n"
	"__global__ void k_unsigned(culab_t *in, culab_acc_t *out, unsigned n)"
	" {}\n"
	"__global__ void k_ll(culab_t *d_x, culab_acc_t *d_y, long long N) {}\n"
	"__global__ void k_size(const culab_t *in, culab_acc_t *out, size_t n)"
	" {}\n"
	"__global__ void k_short(const culab_t *in, culab_acc_t *out, short n)"
	" {}\n"
	"extern \"C\" __global__ void c_u64(const culab_t *in, culab_acc_t *out,"
	" unsigned long long n) {}\n"
	"extern \"C\" __global__ void c_int(culab_t *in, culab_acc_t *out,"
	" const int n) {}\n"
	"extern \"C\" __global__ void c_uchar(const culab_t *in,"
	" culab_acc_t *out, unsigned char n) {}\n";

/* (in, out, n) with every kind of integer: each parameter's class, size,
 * signedness, constness, type and name, from the lowered name (C++) or
 * the PTX and the declaration (extern "C"). */
static void test_counts(void **state)
{
	static const char yaml[] =
		"experiments:\n"
		"  - name: a\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    types: [float]\n"
		"    sizes: [200]\n"
		"    kernels:\n"
		"      - {source: counts.cu, function: k_int, finish: atomic}\n"
		"      - {source: counts.cu, function: k_unsigned, finish: atomic}\n"
		"      - {source: counts.cu, function: k_ll, finish: atomic}\n"
		"      - {source: counts.cu, function: k_size, finish: atomic}\n"
		"      - {source: counts.cu, function: k_short, finish: atomic}\n"
		"      - {source: counts.cu, function: c_u64, finish: atomic}\n"
		"      - {source: counts.cu, function: c_int, finish: atomic}\n"
		"      - {source: counts.cu, function: c_uchar, finish: atomic}\n";
	struct experiment_file f;
	struct ukernel_stats st;
	const struct uk_inst *u;
	char *diags;

	(void)state;
	write_file("counts.cu", counts_src);
	assert_int_equal(prepare(yaml, &f, &st, &diags), 0);
	assert_string_equal(diags, "");
	assert_int_equal(st.instances, 8);
	for (size_t i = 0; i < f.nkernels; i++) {
		assert_int_equal(f.kernels[i]->shape, UK_REDUCE_N);
		assert_false(f.kernels[i]->sized);
		assert_int_equal(f.kernels[i]->ninst, 1);
		assert_int_equal(f.kernels[i]->inst[0].nparams, 3);
	}
	u = &kernel_named(&f, "counts.k_int")->inst[0];
	assert_uk_param(u, 0, UKP_POINTER, 8, -1, 1, "const float *", "in");
	assert_uk_param(u, 1, UKP_POINTER, 8, -1, 0, "float *", "out");
	assert_uk_param(u, 2, UKP_INTEGER, 4, 1, -1, "int", "n");
	u = &kernel_named(&f, "counts.k_unsigned")->inst[0];
	assert_uk_param(u, 0, UKP_POINTER, 8, -1, 0, "float *", "in");
	assert_uk_param(u, 2, UKP_INTEGER, 4, 0, -1, "unsigned int", "n");
	u = &kernel_named(&f, "counts.k_ll")->inst[0];
	assert_uk_param(u, 0, UKP_POINTER, 8, -1, 0, "float *", "d_x");
	assert_uk_param(u, 2, UKP_INTEGER, 8, 1, -1, "long long", "N");
	u = &kernel_named(&f, "counts.k_size")->inst[0];
	assert_uk_param(u, 2, UKP_INTEGER, 8, 0, -1, "unsigned long", "n");
	u = &kernel_named(&f, "counts.k_short")->inst[0];
	assert_uk_param(u, 2, UKP_INTEGER, 2, 1, -1, "short", "n");
	/* extern "C": the PTX's widths, the declaration's words */
	u = &kernel_named(&f, "counts.c_u64")->inst[0];
	assert_uk_param(u, 0, UKP_POINTER, 8, -1, 1, "const culab_t *", "in");
	assert_uk_param(u, 1, UKP_POINTER, 8, -1, 0, "culab_acc_t *", "out");
	assert_uk_param(u, 2, UKP_INTEGER, 8, 0, -1, "unsigned long long", "n");
	u = &kernel_named(&f, "counts.c_int")->inst[0];
	assert_uk_param(u, 0, UKP_POINTER, 8, -1, 0, "culab_t *", "in");
	assert_uk_param(u, 2, UKP_INTEGER, 4, 1, -1, "const int", "n");
	u = &kernel_named(&f, "counts.c_uchar")->inst[0];
	assert_uk_param(u, 2, UKP_INTEGER, 1, 0, -1, "unsigned char", "n");
	free(diags);
	experiment_file_release(&f);
}

/* (in, out) with N: one instance per size and per pass of a relaunch,
 * each compiled with its own N (a kernel that uses N compiles only so);
 * the instance of each pass found by its size. */
static void test_fixed_size(void **state)
{
	static const char src[] =
		"#ifndef N\n"
		"#define N 7        // culab's N comes first\n"
		"#endif\n"
		"typedef culab_t real;\n"
		"__global__ void fold(real *d_x, real *d_y)\n"
		"{\n"
		"    __shared__ real s[256];\n"
		"    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n"
		"    s[threadIdx.x] = i < N ? d_x[i] : 0;\n"
		"    if (threadIdx.x == 0) d_y[blockIdx.x] = s[0];\n"
		"}\n";
	static const char yaml[] =
		"experiments:\n"
		"  - name: a\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    types: [float, double]\n"
		"    sizes: [1000, 100000]\n"
		"    kernels:\n"
		"      - {source: fixed.cu, function: fold, finish: relaunch}\n"
		"  - name: b\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    types: [float]\n"
		"    sizes: [1000]\n"
		"    kernels:\n"
		"      - {source: fixed.cu, function: fold, finish: host,\n"
		"         label: host}\n";
	struct experiment_file f;
	struct ukernel_stats st;
	struct ukernel *k, *h;
	char *diags;

	(void)state;
	write_file("fixed.cu", src);
	assert_int_equal(prepare(yaml, &f, &st, &diags), 0);
	assert_string_equal(diags, "");
	k = kernel_named(&f, "fixed.fold");
	h = kernel_named(&f, "host");
	assert_true(k->sized && h->sized);
	assert_int_equal(k->shape, UK_REDUCE_FIXED);
	assert_int_equal(h->shape, UK_REDUCE_FIXED);
	/* 1000 -> 4 -> 1 and 100000 -> 391 -> 2 -> 1, per type */
	assert_int_equal(k->ninst, 10);
	assert_int_equal(h->ninst, 1);
	assert_int_equal(st.instances, 11);
	assert_int_equal(ukernel_inst_sized(k, DTYPE_FLOAT, 256, false, 391)->n,
			 391);
	assert_int_equal(ukernel_inst_sized(k, DTYPE_DOUBLE, 256, false, 4)->n,
			 4);
	assert_null(ukernel_inst_sized(k, DTYPE_FLOAT, 256, false, 5));
	/* i < N, compiled as i > N - 1 */
	assert_non_null(strstr(ukernel_inst_sized(k, DTYPE_FLOAT, 256, false,
						  100000)->out.ptx, "99999;"));
	assert_int_equal(ukernel_inst(h, DTYPE_FLOAT, 256, false)->n, 1000);
	assert_int_equal(k->inst[0].nparams, 2);
	assert_string_equal(k->inst[0].params[0].name, "d_x");
	free(diags);
	experiment_file_release(&f);
}

/* Transposes of (in, out, rows, cols) and square (in, out, n). */
static void test_transpose_shapes(void **state)
{
	static const char src[] =
		"__global__ void sq(culab_t *d_x, culab_t *d_y, const int N) {}\n"
		"extern \"C\" __global__ void rc(const culab_t *in, culab_t *out,"
		" unsigned rows, long long cols) {}\n";
	static const char yaml[] =
		"experiments:\n"
		"  - name: a\n"
		"    family: transpose\n"
		"    variants: none\n"
		"    types: [int]\n"
		"    sizes: [64, \"128 x 128\"]\n"
		"    kernels:\n"
		"      - {source: tr.cu, function: sq}\n"
		"      - {source: tr.cu, function: rc}\n";
	struct experiment_file f;
	struct ukernel_stats st;
	const struct uk_inst *u;
	char *diags;

	(void)state;
	write_file("tr.cu", src);
	assert_int_equal(prepare(yaml, &f, &st, &diags), 0);
	assert_string_equal(diags, "");
	assert_int_equal(kernel_named(&f, "tr.sq")->shape, UK_TRANSPOSE_SQUARE);
	assert_int_equal(kernel_named(&f, "tr.rc")->shape, UK_TRANSPOSE_RC);
	u = &kernel_named(&f, "tr.rc")->inst[0];
	assert_uk_param(u, 2, UKP_INTEGER, 4, 0, -1, "unsigned", "rows");
	assert_uk_param(u, 3, UKP_INTEGER, 8, 1, -1, "long long", "cols");
	free(diags);
	experiment_file_release(&f);
}

/* One refusal: `src` as bad.cu, one kernel `fn` of `family` at `size`;
 * the diagnostics must be `want` (dir written "D"). */
static void refused(const char *src, const char *fn, const char *family,
		    const char *size, const char *want)
{
	char *yaml = xasprintf(
		"experiments:\n"
		"  - name: a\n"
		"    family: %s\n"
		"    variants: none\n"
		"    types: [float]\n"
		"    sizes: [%s]\n"
		"    kernels:\n"
		"      - {source: bad.cu, function: %s%s}\n", family, size, fn,
		strcmp(family, "reduce") ? "" : ", finish: atomic");
	struct experiment_file f;
	struct ukernel_stats st;
	char *diags;

	write_file("bad.cu", src);
	assert_int_equal(prepare(yaml, &f, &st, &diags), -1);
	if (strcmp(diags, want) != 0)
		fail_msg("diagnostics differ\n--- want\n%s--- got\n%s", want,
			 diags);
	free(diags);
	free(yaml);
	experiment_file_release(&f);
}

/* What the contract refuses, each at the parameter at fault. */
static void test_refusals(void **state)
{
	(void)state;
	/* in and out swapped, known from an extern "C" declaration */
	refused("extern \"C\" __global__ void f(culab_acc_t *out,\n"
		"    const culab_t *in, int n) {}\n", "f", "reduce", "100",
		"D/bad.cu:2:5: error: \"f\" takes (culab_acc_t *out, const "
		"culab_t *in, int n): \"out\" and \"in\" look swapped: the "
		"first pointer is not const and the second is, but culab "
		"passes the input first, then the output\n"
		"D/t.yaml:8:36: note: kernel \"bad.f\" of the reduce family is "
		"named here\n");
	/* a pointer where a transpose's column count goes, C++ */
	refused("__global__ void f(const culab_t *in, culab_t *out, int rows,"
		" int *cols) {}\n", "f", "transpose", "64",
		"D/bad.cu:1:62: error: \"f\" takes (const float *in, float *out,"
		" int rows, int *cols): \"cols\" is a pointer, where culab "
		"passes the column count by value, an integer (int, unsigned, "
		"long long, size_t, ...)\n"
		"D/t.yaml:8:36: note: kernel \"bad.f\" of the transpose family "
		"is named here\n");
	/* a bool and a reference are no counts */
	refused("__global__ void f(const culab_t *in, culab_acc_t *out, bool n)"
		" {}\n", "f", "reduce", "100",
		"D/bad.cu:1:56: error: \"f\" takes (const float *in, float *out,"
		" bool n): \"n\" is a bool, where culab passes the element "
		"count, an integer (int, unsigned, long long, size_t, ...)\n"
		"D/t.yaml:8:36: note: kernel \"bad.f\" of the reduce family is "
		"named here\n");
	refused("__global__ void f(const culab_t *in, culab_acc_t *out,"
		" const float &n) {}\n", "f", "reduce", "100",
		"D/bad.cu:1:56: error: \"f\" takes (const float *in, float *out,"
		" const float &n): \"n\" is a const float &, where culab passes "
		"the element count, an integer (int, unsigned, long long, "
		"size_t, ...)\n"
		"D/t.yaml:8:36: note: kernel \"bad.f\" of the reduce family is "
		"named here\n");
	/* an unnamed parameter is named by its place */
	refused("extern \"C\" __global__ void f(const culab_t *, culab_acc_t *,"
		" float) {}\n", "f", "reduce", "100",
		"D/bad.cu:1:62: error: \"f\" takes (const culab_t *, culab_acc_t"
		" *, float): parameter 3 is floating-point, where culab passes "
		"the element count, an integer (int, unsigned, long long, "
		"size_t, ...)\n"
		"D/t.yaml:8:36: note: kernel \"bad.f\" of the reduce family is "
		"named here\n");
	/* the count past its type's range */
	refused("__global__ void f(const culab_t *in, culab_acc_t *out,"
		" unsigned char n) {}\n", "f", "reduce", "256",
		"D/t.yaml:8:36: error: kernel \"bad.f\" at 256 (float): the "
		"element count, 256, does not fit its parameter 3, \"unsigned "
		"char n\", which holds at most 255\n");
}

/* Without the declaration (culab cannot find it in the source), the
 * refusal is at the function key of the experiment file, and an extern
 * "C" kernel's 8-byte parameters are a pointer or a 64-bit integer:
 * taken, not refused. */
static void test_without_declaration(void **state)
{
	static const char src[] =
		"extern \"C\" __global__ void f(const culab_t *in, culab_acc_t *out,"
		" long long n) {}\n"
		"extern \"C\" __global__ void g(const culab_t *in, culab_acc_t *out,"
		" float n) {}\n";
	static const char yaml[] =
		"experiments:\n"
		"  - name: a\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    types: [float]\n"
		"    sizes: [100]\n"
		"    kernels:\n"
		"      - {source: nodecl.cu, function: f, finish: atomic}\n"
		"      - {source: nodecl.cu, function: g, finish: atomic}\n";
	struct plan_options po = { .counters = true };
	char *path = xasprintf("%s/t.yaml", dir);
	struct experiment_file f;
	struct ukernel_stats st;
	struct capture c;
	struct plan p;
	const struct uk_inst *u;
	const char *got;
	char *want;

	(void)state;
	write_file("nodecl.cu", src);
	assert_int_equal(experiment_load_buffer(path, yaml, strlen(yaml), &f),
			 0);
	for (size_t i = 0; i < f.nkernels; i++)
		f.kernels[i]->decl_read = true;     /* as if not found */
	plan_build(&f, &po, &p);
	capture_start(&c);
	assert_int_equal(plan_prepare_kernels(&p, "sm_90", &st), -1);
	got = capture_stop(&c);
	want = xasprintf("%s:9:39: error: kernel \"nodecl.g\": \"g\" takes "
			 "(pointer or int64, pointer or int64, float): parameter "
			 "3 is floating-point, where culab passes the element "
			 "count, an integer (int, unsigned, long long, size_t, "
			 "...)\n", path);
	assert_string_equal(got, want);
	u = &kernel_named(&f, "nodecl.f")->inst[0];
	assert_int_equal(kernel_named(&f, "nodecl.f")->shape, UK_REDUCE_N);
	assert_uk_param(u, 0, UKP_UNKNOWN, 8, -1, -1, "pointer or int64", "");
	assert_uk_param(u, 2, UKP_UNKNOWN, 8, -1, -1, "pointer or int64", "");
	free(want);
	capture_free(&c);
	plan_release(&p);
	experiment_file_release(&f);
	free(path);
}

static int setup(void **state)
{
	char why[640];

	(void)state;
	if (nvrtc_open(why, sizeof(why)) < 0) {
		fprintf(stderr, "NVRTC is needed for this test: %s\n", why);
		return -1;
	}
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return remove_tree(dir);
}

int main(int argc, char **argv)
{
	/* the compile child of the kernels compiled here (kcompile.h) */
	int child = kcompile_child_main(argc, argv);

	if (child >= 0)
		return child;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find_global),
		cmocka_unit_test(test_find_declaration),
		cmocka_unit_test(test_demangle),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_fixed_size),
		cmocka_unit_test(test_transpose_shapes),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_without_declaration),
	};

	setenv("CULAB_CACHE_DIR", "off", 1);
	return cmocka_run_group_tests(tests, setup, teardown);
}
