/* test_kcompile.c - compiling in a child process within limits (issue
 * 30, class 1).
 *
 * 1. The child says what the process says: a good source with warnings,
 *    a compile error, errors in name expressions, ptxas's own error (the
 *    second compilation without -Xptxas=-v), an option NVRTC refuses and
 *    a NUL byte give the same answer, the same diagnostics and the same
 *    bytes through kcompile_run() as through nvrtc_compile() (this
 *    program is its own compile child).
 * 2. The limits come from the environment, a bad value warned about once.
 * 3. The bombs of tests/bombs/, through the built culab ($CULAB, default
 *    build/culab) as a user runs it, with lowered limits so the suite
 *    stays fast (tests/bench_bombs.sh measures the defaults): a
 *    preprocessor expansion bomb and a #pragma unroll bomb stopped at 2 s,
 *    an initializer bomb at 128 MiB; each exits 2 with one line at the
 *    kernel's file, within 5 s and 256 MiB, caches nothing and removes
 *    nothing that was there.
 * Run from the repository root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"
#include "cli_run.h"
#include "tmpdir.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "ladder/kcache.h"
#include "ladder/kcompile.h"
#include "ladder/nvrtc.h"

#define LIMIT_S 5.0
#define MAX_RSS_KB (256L << 10)

static char tmp[64];
static char culab[PATH_MAX];

static void require_nvrtc(void)
{
	char why[640];

	if (nvrtc_open(why, sizeof(why)) < 0)
		fail_msg("NVRTC is needed for this test: %s", why);
}

static int setup(void **state)
{
	const char *c = getenv("CULAB") ? getenv("CULAB") : "build/culab";

	(void)state;
	if (!realpath(c, culab))
		return -1;
#if defined(__SANITIZE_ADDRESS__)
	/* the bombs' memory is NVRTC's, which frees and allocates fast:
	 * ASan's quarantine of freed memory (256 MB by default, resident)
	 * would pass the limits before the bomb does (tests/run.sh holds it
	 * to 64 MB for the same reason) */
	{
		const char *asan = getenv("ASAN_OPTIONS");
		char *opts = xasprintf("%s%squarantine_size_mb=16",
				       asan ? asan : "", asan && *asan ? ":" : "");

		setenv("ASAN_OPTIONS", opts, 1);
		free(opts);
	}
#endif
	snprintf(tmp, sizeof(tmp), "/tmp/culab-kcompile.XXXXXX");
	return mkdtemp(tmp) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return remove_tree(tmp);
}

/* ---- the child says what the process says ------------------------------------ */

static const char good_src[] =
	"template <typename T>\n"
	"__global__ void red(const T *in, T *out, unsigned long long n)\n"
	"{\n"
	"\tint unused = 1;\n"
	"\tif (threadIdx.x == 0)\n"
	"\t\tout[0] = in[0] + (T)n;\n"
	"}\n"
	"extern \"C\" __global__ void plain(const float *in, float *out, "
	"unsigned n)\n"
	"{\n"
	"\tout[0] = in[0] * n;\n"
	"}\n";

static const char error_src[] =
	"__global__ void k(const float *in, float *out)\n"
	"{\n"
	"\tout[0] = in[0] + undefined_x;\n"
	"\tint unused = 1;\n"
	"}\n";

static const char ptxas_src[] =
	"__global__ void big(float *p)\n"
	"{\n"
	"\t__shared__ float s[100000];\n"
	"\ts[threadIdx.x] = p[0];\n"
	"\t__syncthreads();\n"
	"\tp[1] = s[threadIdx.x + 1];\n"
	"}\n";

struct same_case {
	const char *what, *path, *text;
	size_t len;                     /* 0: strlen(text) */
	const char *options[2];
	const char *names[4];
	int rc;                         /* what both must return */
};

static const struct same_case same_cases[] = {
	{ "a good source with a warning", "student/good.cu", good_src, 0,
	  { "-Dculab_t=float", "-std=c++20" }, { "red<float>", "plain" }, 0 },
	{ "a compile error", "student/my.cu", error_src, 0, { NULL },
	  { "k" }, 1 },
	{ "name expressions that name nothing", "student/good.cu", good_src,
	  0, { NULL }, { "nosuch", "red<int, int>", "plain" }, 1 },
	{ "ptxas's own error", "big.cu", ptxas_src, 0, { NULL }, { NULL }, 1 },
	{ "an option NVRTC refuses", "big.cu", ptxas_src, 0,
	  { "-ftz=maybe" }, { NULL }, 1 },
	{ "a NUL byte", "nul.cu", "__global__ void k() {}\0 more", 28,
	  { NULL }, { NULL }, 1 },
};

static size_t count(const char *const *v, size_t max)
{
	size_t n = 0;

	while (n < max && v[n])
		n++;
	return n;
}

/* A log without ptxas's "Compile time = 1.024 ms" lines, which differ
 * from one compilation to the next. */
static char *timeless(const char *log)
{
	struct sbuf b = SBUF_INIT;

	while (*log) {
		const char *nl = strchr(log, '\n');
		size_t n = nl ? (size_t)(nl - log) + 1 : strlen(log);

		if (strncmp(log, "ptxas info    : Compile time", 28))
			sbuf_addn(&b, log, n);
		log += n;
	}
	return sbuf_detach(&b);
}

static void assert_same_output(const char *what, const struct nvrtc_output *a,
			       const struct nvrtc_output *b)
{
	char *la = timeless(a->log), *lb = timeless(b->log);

	if (a->cubin_len != b->cubin_len ||
	    memcmp(a->cubin, b->cubin, a->cubin_len))
		fail_msg("%s: the child's cubin (%zu bytes) is not the "
			 "process's (%zu bytes)", what, b->cubin_len,
			 a->cubin_len);
	assert_int_equal(a->ptx_len, b->ptx_len);
	assert_string_equal(a->ptx, b->ptx);
	assert_string_equal(la, lb);
	assert_non_null(strstr(la, "ptxas info    : Used "));
	free(la);
	free(lb);
	assert_int_equal(a->nlowered, b->nlowered);
	for (size_t i = 0; i < a->nlowered; i++) {
		if (!a->lowered[i] || !b->lowered[i])
			assert_ptr_equal(a->lowered[i], b->lowered[i]);
		else
			assert_string_equal(a->lowered[i], b->lowered[i]);
	}
}

static void test_same_as_in_process(void **state)
{
	(void)state;
	require_nvrtc();
	unsetenv("CULAB_COMPILE_SECONDS");
	unsetenv("CULAB_COMPILE_MEMORY");
	for (size_t i = 0; i < ARRAY_SIZE(same_cases); i++) {
		const struct same_case *k = &same_cases[i];
		struct nvrtc_input in = {
			.path = k->path, .text = k->text,
			.len = k->len ? k->len : strlen(k->text),
			.arch = "sm_90", .options = k->options,
			.noptions = count(k->options, 2), .names = k->names,
			.nnames = count(k->names, 4),
		};
		struct nvrtc_output here, there;
		struct capture c;
		unsigned errors_here, errors_there;
		char *said_here;
		int rc_here, rc_there;

		capture_start(&c);
		diag_reset_count();
		rc_here = nvrtc_compile(&in, &here);
		errors_here = diag_error_count();
		said_here = xstrdup(capture_stop(&c));
		capture_free(&c);

		capture_start(&c);
		diag_reset_count();
		rc_there = kcompile_run(&in, &there);
		errors_there = diag_error_count();
		capture_stop(&c);
		if (rc_here != k->rc || rc_there != k->rc)
			fail_msg("%s: in the process %d, in the child %d, want "
				 "%d\nthe child said:\n%s", k->what, rc_here,
				 rc_there, k->rc, c.buf);
		if (strcmp(said_here, c.buf))
			fail_msg("%s: the process said\n%s\nthe child\n%s",
				 k->what, said_here, c.buf);
		assert_int_equal(errors_here, errors_there);
		if (k->rc == 0) {
			assert_true(*said_here != '\0');   /* the warning */
			assert_same_output(k->what, &here, &there);
		} else {
			assert_null(there.cubin);
		}
		capture_free(&c);
		free(said_here);
		nvrtc_output_release(&here);
		nvrtc_output_release(&there);
	}
}

/* ---- the limits ----------------------------------------------------------------- */

static void test_limits_from_environment(void **state)
{
	struct kcompile_limits l;
	struct capture c;
	double mib = KCOMPILE_MIB;
	char *want;

	(void)state;
#if defined(__SANITIZE_ADDRESS__)
	mib *= 4;
#endif
	unsetenv("CULAB_COMPILE_SECONDS");
	unsetenv("CULAB_COMPILE_MEMORY");
	kcompile_limits(&l);
	assert_true(l.seconds == KCOMPILE_SECONDS);
	assert_int_equal(l.mib, (unsigned long)mib);

	setenv("CULAB_COMPILE_SECONDS", "2.5", 1);
	setenv("CULAB_COMPILE_MEMORY", "512", 1);
	kcompile_limits(&l);
	assert_true(l.seconds == 2.5);
	assert_int_equal(l.mib, 512);

	/* not a number of seconds: a warning, once, and the default */
	setenv("CULAB_COMPILE_SECONDS", "5s", 1);
	setenv("CULAB_COMPILE_MEMORY", "0", 1);
	capture_start(&c);
	kcompile_limits(&l);
	kcompile_limits(&l);
	want = xasprintf("culab: warning: CULAB_COMPILE_SECONDS: \"5s\" is "
			 "not a number of seconds (0.1 to 86400); using 4\n"
			 "culab: warning: CULAB_COMPILE_MEMORY: \"0\" is "
			 "not a number of MiB (16 to 1048576); using %.0f\n",
			 mib);
	assert_string_equal(capture_stop(&c), want);
	capture_free(&c);
	free(want);
	assert_true(l.seconds == KCOMPILE_SECONDS);
	assert_int_equal(l.mib, (unsigned long)mib);
	unsetenv("CULAB_COMPILE_SECONDS");
	unsetenv("CULAB_COMPILE_MEMORY");
}

/* ---- the bombs, through culab ------------------------------------------------------ */

/* The names in directory `dir` (one string, sorted, each with its size),
 * to see that nothing there changed. */
static char *listing(const char *dir)
{
	struct dirent **names;
	struct sbuf b = SBUF_INIT;
	int n = scandir(dir, &names, NULL, alphasort);

	for (int i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]->d_name);
		struct stat st;

		if (names[i]->d_name[0] != '.' && stat(p, &st) == 0)
			sbuf_addf(&b, "%s %lld\n", names[i]->d_name,
				  (long long)st.st_size);
		free(p);
		free(names[i]);
	}
	free(names);
	return sbuf_detach(&b);
}

/* culab check of tests/bombs/NAME.yaml with these limits: exit 2 and
 * exactly `line` on stderr, within LIMIT_S and MAX_RSS_KB; the cache
 * (holding an entry of a kernel that compiled, and a file of the
 * user's) as it was. */
static void bomb(const char *name, const char *seconds, const char *mib,
		 const char *line)
{
	char *yaml = xasprintf("tests/bombs/%s.yaml", name);
	char *cache = xasprintf("%s/cache", tmp), *before, *after;
	double took = 0;
	struct out o;

	setenv("CULAB_CACHE_DIR", cache, 1);
	/* a kernel that compiles, so the cache holds an entry */
	o = cli_run_limited(culab, NULL, ARGS("check", "-q", "--arch",
					      "sm_90", "tests/good/class.yaml"),
			    0, NULL);
	assert_int_equal(o.status, EXIT_OK);
	free(o.out);
	free(o.err);
	{
		char *mine = xasprintf("%s/mine.txt", cache);
		FILE *fp = fopen(mine, "w");

		assert_non_null(fp);
		fputs("the user's\n", fp);
		fclose(fp);
		free(mine);
	}
	before = listing(cache);
	assert_non_null(strstr(before, "mine.txt"));

	setenv("CULAB_COMPILE_SECONDS", seconds, 1);
	setenv("CULAB_COMPILE_MEMORY", mib, 1);
	o = cli_run_limited(culab, NULL, ARGS("check", "--arch", "sm_90",
					      yaml), LIMIT_S + 5, &took);
	unsetenv("CULAB_COMPILE_SECONDS");
	unsetenv("CULAB_COMPILE_MEMORY");
	if (o.status != EXIT_USAGE || strcmp(o.err, line))
		fail_msg("culab check %s: exit %d (want 2), %.2f s\nstderr:\n%s"
			 "want:\n%s", yaml, o.status, took, o.err, line);
	if (took > LIMIT_S)
		fail_msg("culab check %s: took %.2f s, want at most %.0f s",
			 yaml, took, LIMIT_S);
	if (o.maxrss_kb > MAX_RSS_KB)
		fail_msg("culab check %s: used %ld KiB, want at most %ld", yaml,
			 o.maxrss_kb, MAX_RSS_KB);
	after = listing(cache);
	if (strcmp(before, after))
		fail_msg("culab check %s changed the cache:\nbefore:\n%safter:\n"
			 "%s", yaml, before, after);
	free(before);
	free(after);
	free(o.out);
	free(o.err);
	free(cache);
	free(yaml);
}

static void test_expansion_bomb(void **state)
{
	(void)state;
	bomb("expand", "2", "240", "tests/bombs/expand.cu: error: compiling "
	     "stopped: it ran past the 2 s limit (set CULAB_COMPILE_SECONDS "
	     "to allow more)\n");
}

static void test_unroll_bomb(void **state)
{
	(void)state;
	bomb("unroll", "2", "240", "tests/bombs/unroll.cu: error: compiling "
	     "stopped: it ran past the 2 s limit (set CULAB_COMPILE_SECONDS "
	     "to allow more)\n");
}

static void test_memory_bomb(void **state)
{
	(void)state;
	bomb("initializer", "30", "128", "tests/bombs/initializer.cu: error: "
	     "compiling stopped: it used more than 128 MiB of memory (set "
	     "CULAB_COMPILE_MEMORY to allow more)\n");
}

/* The child's command is culab's own: not in its help. */
static void test_command_hidden(void **state)
{
	struct out o = cli_run_in(culab, NULL, ARGS("--help"));
	char *cmd;
	int st;

	(void)state;
	assert_int_equal(o.status, EXIT_OK);
	assert_null(strstr(o.out, KCOMPILE_COMMAND));
	free(o.out);
	free(o.err);
	/* run by hand, it reads no request and says so */
	cmd = xasprintf("'%s' %s </dev/null 2>%s/hand.err", culab,
			KCOMPILE_COMMAND, tmp);
	st = system(cmd);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), EXIT_USAGE);
	free(cmd);
	cmd = xasprintf("%s/hand.err", tmp);
	o.err = cli_slurp(cmd);
	assert_string_equal(o.err, "culab: error: " KCOMPILE_COMMAND ": the "
			    "request on standard input does not read (culab "
			    "runs this command itself)\n");
	free(o.err);
	free(cmd);
}

int main(int argc, char **argv)
{
	/* this program is the compile child of its own kernels */
	int child = kcompile_child_main(argc, argv);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_in_process),
		cmocka_unit_test(test_limits_from_environment),
		cmocka_unit_test(test_expansion_bomb),
		cmocka_unit_test(test_unroll_bomb),
		cmocka_unit_test(test_memory_bomb),
		cmocka_unit_test(test_command_hidden),
	};

	if (child >= 0)
		return child;
	return cmocka_run_group_tests(tests, setup, teardown);
}
