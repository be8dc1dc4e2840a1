/* test_sources_identity.c - what was measured is more than the
 * experiment file (issue 48, class 4): its kernels' sources and a class's
 * submissions are part of it.  --resume measures again the rows of a
 * kernel whose source or header changed (results keep sources_sha256,
 * the text and its headers), and keeps the others; a file from before
 * sources_sha256 is judged by its text.  merge refuses parts whose
 * kernel or student was measured from other sources, and calls a merge
 * complete only when the union holds every measurement the parts plan:
 * the recorded example class cut into shards, one of them without a
 * student or a rung at a size.  No GPU needed. */
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
#include "experiment/experiment.h"
#include "jobs/output.h"
#include "plan/plan.h"
#include "results/results.h"
#include "run/run.h"
#include "base/util.h"
#include "report_check.h"
#include "rows_fixture.h"

#define CLASS_RESULTS "reports/examples/class/results.json"
#define CLASS_YAML "experiments/examples/class.yaml"

static char *tmp;

static int setup(void **state)
{
	(void)state;
	tmp = xstrdup("/tmp/culab-test-identity-XXXXXX");
	assert_non_null(mkdtemp(tmp));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	remove_tree(tmp);
	free(tmp);
	return 0;
}

/* Writes text to tmp/name. */
static void put(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", tmp, name);

	assert_int_equal(write_file_atomic(path, text, strlen(text)), 0);
	free(path);
}

/* What fn printed through diag, with tmp as TMP. */
struct caught {
	char *buf;
	size_t len;
	FILE *fp;
};

static void catch_start(struct caught *c)
{
	c->buf = NULL;
	c->len = 0;
	c->fp = open_memstream(&c->buf, &c->len);
	diag_set_stream(c->fp);
}

static char *catch_stop(struct caught *c)
{
	struct sbuf s = SBUF_INIT;

	diag_set_stream(NULL);
	fclose(c->fp);
	for (const char *p = c->buf; *p;) {
		if (!strncmp(p, tmp, strlen(tmp))) {
			sbuf_add(&s, "TMP");
			p += strlen(tmp);
		} else {
			sbuf_addc(&s, *p++);
		}
	}
	free(c->buf);
	return sbuf_detach(&s);
}

/* ---- --resume ------------------------------------------------------------ */

static const char kernel_yaml[] =
	"experiments:\n"
	"  - name: e\n"
	"    family: reduce\n"
	"    variants: none\n"
	"    types: [float]\n"
	"    sizes: [1000]\n"
	"    kernels:\n"
	"      - source: k.cu\n"
	"        function: reduce\n"
	"        label: mine\n"
	"        finish: host\n"
	"        shared: \"block * acc\"\n"
	"      - source: other.cu\n"
	"        function: reduce\n"
	"        label: other\n"
	"        finish: host\n"
	"        shared: \"block * acc\"\n";

static const char kernel_src[] =
	"extern \"C\" __global__ void reduce(const culab_t *in, culab_acc_t "
	"*out,\n    unsigned long long n)\n{\n"
	"    extern __shared__ culab_acc_t part[];\n"
	"    unsigned int t = threadIdx.x;\n"
	"    unsigned long long i = (unsigned long long)blockIdx.x * "
	"blockDim.x + t;\n"
	"    part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;\n"
	"    __syncthreads();\n"
	"    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {\n"
	"        if (t < s)\n            part[t] += part[t + s];\n"
	"        __syncthreads();\n    }\n"
	"    if (t == 0)\n        out[blockIdx.x] = part[0];\n}\n";

/* Loads tmp/k.yaml into *f and saves, into tmp/out, results of it with
 * a row of "mine" and of "other" (fix, may be NULL, changes them first).
 * Returns the output folder (caller frees). */
static char *saved_run(struct experiment_file *f, void (*fix)(struct results *))
{
	char *yaml = xasprintf("%s/k.yaml", tmp), *dir = xasprintf("%s/out", tmp);
	struct results r;

	assert_int_equal(experiment_load(yaml, f), 0);
	results_start(&r);
	free(r.source_sha256);
	r.source_sha256 = xstrdup(f->sha256);
	row_add(&r, "mine", 1000);
	row_add(&r, "other", 1000);
	if (fix)
		fix(&r);
	assert_int_equal(output_save(dir, &r), 0);
	results_release(&r);
	free(yaml);
	return dir;
}

/* Reads tmp/k.yaml again (the registry's kernels as they are now) and
 * what --resume keeps of dir; returns the rows kept and the notes. */
static size_t resumed(const char *dir, char **said)
{
	char *yaml = xasprintf("%s/k.yaml", tmp);
	struct experiment_file f = { 0 };
	struct results prev;
	struct caught c;
	size_t n;

	assert_int_equal(experiment_load(yaml, &f), 0);
	catch_start(&c);
	assert_int_equal(results_read_previous(dir, f.sha256, &prev), 1);
	*said = catch_stop(&c);
	n = prev.nrows;
	for (size_t i = 0; i < prev.nrows; i++)
		assert_string_equal(prev.rows[i].variant, n == 1 ? "other" :
				    prev.rows[i].variant);
	/* rows dropped: the description kept is of the sources as they
	 * are now */
	if (n == 1)
		assert_string_equal(results_variant(&prev, "mine")->
				    sources_sha256,
				    registry_find("mine")->sources_sha256);
	results_release(&prev);
	experiment_file_release(&f);
	free(yaml);
	return n;
}

static void start_kernels(void)
{
	put("k.yaml", kernel_yaml);
	put("k.cuh", "#define K 1\n");
	{
		char *path = xasprintf("%s/k.cu", tmp);
		char *text = xasprintf("#include \"k.cuh\"\n%s", kernel_src);

		assert_int_equal(write_file_atomic(path, text, strlen(text)), 0);
		free(text);
		free(path);
	}
	put("other.cu", kernel_src);
}

/* A header changed, the experiment file not: that kernel's rows are
 * measured again, with a note that says why; the other kernel's kept. */
static void test_resume_header(void **state)
{
	struct experiment_file f = { 0 };
	char *dir, *said;

	(void)state;
	start_kernels();
	dir = saved_run(&f, NULL);
	assert_non_null(registry_find("mine")->sources_sha256);
	experiment_file_release(&f);
	assert_int_equal(resumed(dir, &said), 2);
	assert_string_equal(said, "");
	free(said);

	put("k.cuh", "#define K 2\n");
	assert_int_equal(resumed(dir, &said), 1);
	EXPECT_IN(said, "culab: note: kernel \"mine\": its source changed "
		  "since \"TMP/out/results.json\" was measured (SHA-256 ");
	EXPECT_IN(said, "now): its 1 row is measured again\n");
	assert_null(strstr(said, "\"other\""));
	free(said);
	free(dir);
}

static void before_sources(struct results *r)
{
	for (size_t i = 0; i < r->nvariants; i++) {
		free((char *)r->variants[i]->sources_sha256);
		r->variants[i]->sources_sha256 = NULL;
	}
}

/* A file from before sources_sha256 is judged by its text: a changed
 * header goes unseen (as before), a changed source does not. */
static void test_resume_older_file(void **state)
{
	struct experiment_file f = { 0 };
	char *dir, *said;

	(void)state;
	start_kernels();
	dir = saved_run(&f, before_sources);
	experiment_file_release(&f);
	put("k.cuh", "#define K 3\n");
	assert_int_equal(resumed(dir, &said), 2);
	free(said);
	{
		char *path = xasprintf("%s/k.cu", tmp);
		char *text = xasprintf("#include \"k.cuh\"\n// edited\n%s",
				       kernel_src);

		assert_int_equal(write_file_atomic(path, text, strlen(text)), 0);
		free(text);
		free(path);
	}
	assert_int_equal(resumed(dir, &said), 1);
	EXPECT_IN(said, "kernel \"mine\": its source changed");
	free(said);
	free(dir);
}

/* ---- merge: the recorded example class in shards -------------------------- */

static bool *keep_of;

static bool kept(const struct result_row *w, void *ctx)
{
	size_t *i = ctx;

	(void)w;
	return keep_of[(*i)++];
}

/* The recorded class as `run --shard i/n` would have written it; fix
 * (may be NULL) changes it.  Returns its results.json (caller frees). */
static char *class_shard(int i, int n, const char *name,
			 void (*fix)(struct results *))
{
	struct experiment_file f = { 0 };
	struct plan_options o = { .counters = true,
				  .shard = { .index = i, .count = n } };
	char *dir = xasprintf("%s/%s", tmp, name);
	char *path = xasprintf("%s/results.json", dir);
	struct results r;
	struct plan p;
	size_t at = 0;

	struct caught c;

	assert_int_equal(results_read(CLASS_RESULTS, &r), 0);
	catch_start(&c);        /* ivy's copy, flagged at each load */
	assert_int_equal(experiment_load(CLASS_YAML, &f), 0);
	free(catch_stop(&c));
	plan_build(&f, &o, &p);
	keep_of = xcalloc(r.nrows, sizeof(*keep_of));
	for (size_t k = 0; k < r.nrows; k++)
		for (size_t s = 0; s < p.nstages; s++) {
			const struct plan_stage *st = &p.stages[s];
			struct result_row *w = &r.rows[k];

			if (!strcmp(dtype_name(st->t), w->dtype) &&
			    st->sh.n == w->n) {
				keep_of[k] = true;
				w->stage = (long)st->index;
			}
		}
	results_keep_rows(&r, kept, &at);
	free(keep_of);
	r.shard_count = n;
	r.shards = xcalloc(1, sizeof(*r.shards));
	r.shards[r.nshards++] = i;
	if (fix)
		fix(&r);
	assert_int_equal(output_save(dir, &r), 0);
	results_release(&r);
	plan_release(&p);
	experiment_file_release(&f);
	free(dir);
	return path;
}

static int merged(char **paths, bool partial, struct results *out,
		  char **said)
{
	struct merge_options o = { .partial = partial, .command = "culab merge" };
	struct caught c;
	int rc;

	catch_start(&c);
	rc = merge_files(paths, 2, &o, out);
	*said = catch_stop(&c);
	return rc;
}

static bool not_cleo(const struct result_row *w, void *ctx)
{
	(void)ctx;
	return strcmp(w->variant, "cleo") != 0;
}

/* cleo's submission could not be read where this shard ran */
static void without_cleo(struct results *r)
{
	results_keep_rows(r, not_cleo, NULL);
}

static bool not_read_big(const struct result_row *w, void *ctx)
{
	(void)ctx;
	return strcmp(w->variant, "reduce_read") != 0 || w->n != 16777216;
}

static void without_read_at_big(struct results *r)
{
	results_keep_rows(r, not_read_big, NULL);
}

static void ada_edited(struct results *r)
{
	struct variant *v = (struct variant *)results_variant(r, "ada");

	free((char *)v->source_sha256);
	v->source_sha256 = xstrdup("00112233445566778899aabbccddeeff"
				   "00112233445566778899aabbccddeeff");
}

static void sources_a(struct results *r)
{
	struct variant *v = (struct variant *)results_variant(r, "ben");

	v->sources_sha256 = xstrdup("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
				    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
}

static void sources_b(struct results *r)
{
	struct variant *v = (struct variant *)results_variant(r, "ben");

	v->sources_sha256 = xstrdup("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
				    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
}

/* The two halves make the whole: complete, nothing said. */
static void test_merge_class_whole(void **state)
{
	char *p[2], *said;
	struct results out;

	(void)state;
	p[0] = class_shard(1, 2, "w1", NULL);
	p[1] = class_shard(2, 2, "w2", NULL);
	assert_int_equal(merged(p, false, &out, &said), 0);
	assert_string_equal(said, "");
	assert_int_equal(out.nrows, 80);
	assert_string_equal(out.status, "complete");
	results_release(&out);
	free(said);
	free(p[0]);
	free(p[1]);
}

/* A shard without a student, its run complete: not a complete merge.
 * Refused without --partial, naming the measurements; partial with it. */
static void test_merge_class_student_missing(void **state)
{
	char *p[2], *said;
	struct results out;

	(void)state;
	p[0] = class_shard(1, 2, "m1", NULL);
	p[1] = class_shard(2, 2, "m2", without_cleo);
	assert_int_equal(merged(p, false, &out, &said), -1);
	EXPECT_IN(said, "culab: error: 2 measurements of the plan are in no "
		  "part, though every part's run is complete: "
		  "reduce-class/cleo/");
	EXPECT_IN(said, "merge the parts that hold them too, or pass "
		  "--partial");
	assert_null(strchr(strchr(said, '\n') + 1, '\n'));
	free(said);
	assert_int_equal(merged(p, true, &out, &said), 0);
	EXPECT_IN(said, "culab: note: merging without 2 measurements of the "
		  "plan that no part holds: reduce-class/cleo/");
	assert_string_equal(out.status, "partial");
	assert_int_equal(out.nrows, 78);
	results_release(&out);
	free(said);
	free(p[1]);
	/* a rung left out at one size is missing alike */
	p[1] = class_shard(2, 2, "m3", without_read_at_big);
	assert_int_equal(merged(p, false, &out, &said), -1);
	EXPECT_IN(said, "1 measurement of the plan is in no part");
	EXPECT_IN(said, "reduce-class/reduce_read/");
	EXPECT_IN(said, "/16777216");
	free(said);
	free(p[0]);
	free(p[1]);
}

/* A student's submission measured from another text in each shard, or
 * a kernel from other headers: refused, naming the shard and who. */
static void test_merge_class_sources_differ(void **state)
{
	char *p[2], *said;
	struct results out;

	(void)state;
	p[0] = class_shard(1, 2, "d1", NULL);
	p[1] = class_shard(2, 2, "d2", ada_edited);
	assert_int_equal(merged(p, false, &out, &said), -1);
	EXPECT_IN(said, "TMP/d2/results.json: error: student \"ada\" was "
		  "measured from another submission than in "
		  "\"TMP/d1/results.json\" (SHA-256 001122334455 here, ");
	EXPECT_IN(said, " there): merge parts measured from the same "
		  "sources\n");
	free(said);
	free(p[0]);
	free(p[1]);
	/* the texts alike, the headers not: sources_sha256 tells */
	p[0] = class_shard(1, 2, "h1", sources_a);
	p[1] = class_shard(2, 2, "h2", sources_b);
	assert_int_equal(merged(p, false, &out, &said), -1);
	EXPECT_IN(said, "student \"ben\" was measured from another submission "
		  "than in \"TMP/h1/results.json\" (SHA-256 bbbbbbbbbbbb here, "
		  "aaaaaaaaaaaa there)");
	free(said);
	free(p[1]);
	/* one side without it (an older culab's): judged by the text */
	p[1] = class_shard(2, 2, "h3", NULL);
	assert_int_equal(merged(p, false, &out, &said), 0);
	results_release(&out);
	free(said);
	free(p[0]);
	free(p[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resume_header),
		cmocka_unit_test(test_resume_older_file),
		cmocka_unit_test(test_merge_class_whole),
		cmocka_unit_test(test_merge_class_student_missing),
		cmocka_unit_test(test_merge_class_sources_differ),
	};

	return cmocka_run_group_tests_name("sources identity", tests, setup,
					   teardown);
}
