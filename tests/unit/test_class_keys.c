/* test_class_keys.c - a class's own keys (issue 44): `rounds`, `rubric`,
 * `roster` and `names` as the loader takes them (the values set, each
 * student's label, id and name, the warning lines for a roster's
 * student without a submission and a submission the roster does not
 * list), and the same kept in results.json and read back.  Mistakes are
 * golden files: tests/bad/class_*.yaml and tests/bad-results/bad-class.json.
 * Run from the repository root (tests/class/ holds the fixtures). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "experiment/experiment.h"
#include "ladder/ladder.h"
#include "results/results.h"
#include "base/util.h"

static char tmpdir[] = "/tmp/culab-test-class-XXXXXX";

/* Loads path (text: from memory as path; NULL: the file); asserts
 * success and returns the diagnostics (free()). */
static char *load(const char *path, const char *text,
		  struct experiment_file *f)
{
	struct capture c;
	int rc;

	capture_start(&c);
	rc = text ? experiment_load_buffer(path, text, strlen(text), f) :
		    experiment_load(path, f);
	capture_stop(&c);
	if (rc != 0)
		fail_msg("%s did not load:\n%s", path, c.buf);
	return c.buf;
}

/* The variant of e labelled `label`, asserted there. */
static const struct variant *student(const struct experiment *e,
				     const char *label)
{
	for (size_t i = 0; i < e->nvariants; i++)
		if (!strcmp(e->variants[i]->name, label))
			return e->variants[i];
	fail_msg("no variant \"%s\" in experiment %s", label, e->name);
	return NULL;
}

static void student_is(const struct experiment *e, const char *label,
		       const char *id, const char *name)
{
	const struct variant *v = student(e, label);

	assert_true(v->submission);
	if (id)
		assert_string_equal(v->student_id, id);
	else
		assert_null(v->student_id);
	if (name)
		assert_string_equal(v->student_name, name);
	else
		assert_null(v->student_name);
}

/* The rubrics a and b are the same, field by field. */
static void rubric_is(const struct class_rubric *a,
		      const struct class_rubric *b)
{
	assert_int_equal(a->set, b->set);
	assert_float_equal(a->correctness, b->correctness, 0);
	assert_float_equal(a->speed, b->speed, 0);
	assert_float_equal(a->objectives, b->objectives, 0);
	assert_int_equal(a->scale, b->scale);
	assert_int_equal(a->nbands, b->nbands);
	for (size_t i = 0; i < a->nbands; i++)
		assert_float_equal(a->bands[i], b->bands[i], 0);
}

static void same_text(const char *got, const char *want)
{
	if (strcmp(got, want))
		fail_msg("--- want\n%s--- got\n%s", want, got);
}

/* ---- the loader --------------------------------------------------------- */

/* tests/class/lms.yaml: an LMS export with a roster. */
static void test_lms_with_roster(void **state)
{
	struct experiment_file f;
	const struct experiment *e;
	char *out;

	(void)state;
	out = load("tests/class/lms.yaml", NULL, &f);
	same_text(out,
		  "tests/class/lms.yaml:14:15: warning: submission tests/class/"
		  "lms/export/Nobody_Known_10099_reduce.cu: the student "
		  "\"10099\" (Nobody Known) is not in the roster tests/class/"
		  "lms/roster.csv; measured, flagged for the teacher\n"
		  "tests/class/lms.yaml:14:15: warning: roster student \"10004\" "
		  "(Émilie du Châtelet, tests/class/lms/roster.csv:5) has no "
		  "submission\n");
	free(out);
	assert_int_equal(f.nexps, 1);
	e = &f.exps[0];
	/* the rung and four students, labelled by their ids */
	assert_int_equal(e->nvariants, 5);
	assert_string_equal(e->variants[0]->name, "reduce_shared_static");
	assert_null(e->variants[0]->student_id);
	student_is(e, "10001", "10001", "Lovelace, Ada");  /* Moodle folder */
	student_is(e, "10002", "10002", "Grace Hopper");   /* Canvas, late */
	student_is(e, "10003", "10003", "Alan Turing");    /* Last_First_ID */
	student_is(e, "10099", "10099", "Nobody Known");   /* not listed */
	assert_string_equal(student(e, "10001")->source_file,
			    "tests/class/lms/export/Ada Lovelace_10001_"
			    "assignsubmission_file_/reduce.cu");
	assert_true(e->has_class);
	assert_true(e->has_roster);
	assert_int_equal(e->nmissing, 1);
	assert_string_equal(e->missing[0].id, "10004");
	assert_string_equal(e->missing[0].name, "Émilie du Châtelet");
	/* rounds: 5; rubric: {correctness: 50, speed: 50, scale: geomean} */
	assert_int_equal(e->rounds, 5);
	assert_true(e->rubric.set);
	assert_float_equal(e->rubric.correctness, 50, 0);
	assert_float_equal(e->rubric.speed, 50, 0);
	assert_float_equal(e->rubric.objectives, 0, 0);
	assert_int_equal(e->rubric.scale, RUBRIC_GEOMEAN);
	assert_int_equal(e->rubric.nbands, 0);
	experiment_file_release(&f);
}

/* The same export without a roster: the names its files give, no
 * warning, nothing missing; the default rubric and rounds. */
static void test_lms_alone(void **state)
{
	static const char text[] =
		"experiments:\n"
		"  - name: c\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    types: [float]\n"
		"    sizes: [1000]\n"
		"    class:\n"
		"      submissions: lms/export/*\n"
		"      names: lms\n"
		"      function: reduce\n"
		"      finish: host\n"
		"      shared: \"block * acc\"\n";
	struct experiment_file f;
	const struct experiment *e;
	struct class_rubric d = rubric_default();
	char *out;

	(void)state;
	out = load("tests/class/alone.yaml", text, &f);
	same_text(out, "");
	free(out);
	e = &f.exps[0];
	assert_int_equal(e->nvariants, 4);
	student_is(e, "10001", "10001", "Ada Lovelace");
	student_is(e, "10002", "10002", "hoppergrace");
	student_is(e, "10003", "10003", "Turing Alan");
	student_is(e, "10099", "10099", "Nobody Known");
	assert_true(e->has_class);
	assert_false(e->has_roster);
	assert_int_equal(e->nmissing, 0);
	assert_null(e->missing);
	assert_int_equal(e->rounds, CLASS_ROUNDS_DEFAULT);
	assert_false(e->rubric.set);
	rubric_is(&e->rubric, &d);
	experiment_file_release(&f);
}

/* As-is names with a roster: the roster's names; dave, refused (no
 * `reduce`), handed something in and is not missing; carol is not on
 * the roster; zed handed nothing in.  And rounds 0, a rubric of bands
 * on the default scale (continuous). */
static void test_as_is_with_roster(void **state)
{
	static const char csv[] = "ID,Name\nalice,Alice A.\n"
				  "bob,\"Bob, B.\"\nzed,Zed Z.\ndave,Dave D.\n";
	char ok[PATH_MAX], *yaml, *roster, *text, *out, *want;
	struct experiment_file f;
	const struct experiment *e;

	(void)state;
	assert_non_null(realpath("tests/class/ok", ok));
	yaml = xasprintf("%s/c.yaml", tmpdir);
	roster = xasprintf("%s/roster.csv", tmpdir);
	assert_int_equal(write_file_atomic(roster, csv, strlen(csv)), 0);
	text = xasprintf("experiments:\n"
			 "  - name: c\n"
			 "    family: reduce\n"
			 "    variants: none\n"
			 "    types: [float]\n"
			 "    sizes: [1000]\n"
			 "    class:\n"
			 "      submissions: %s/*\n"
			 "      roster: roster.csv\n"
			 "      function: reduce\n"
			 "      finish: host\n"
			 "      shared: \"block * acc\"\n"
			 "      rounds: 0\n"
			 "      rubric:\n"
			 "        correctness: 12.5\n"
			 "        speed: 40\n"
			 "        bands: [1.1, 2]\n", ok);
	out = load(yaml, text, &f);
	want = xasprintf("%s:9:15: warning: submission %s/carol: the student "
			 "\"carol\" is not in the roster %s/roster.csv; "
			 "measured, flagged for the teacher\n"
			 "%s:8:7: warning: submission %s/dave: defines no "
			 "__global__ function \"reduce\" (it defines: sum)\n"
			 "%s:9:15: warning: roster student \"zed\" (Zed Z., "
			 "%s/roster.csv:4) has no submission\n",
			 yaml, ok, tmpdir, yaml, ok, yaml, tmpdir);
	same_text(out, want);
	e = &f.exps[0];
	assert_int_equal(e->nvariants, 3);
	student_is(e, "alice", "alice", "Alice A.");
	student_is(e, "bob", "bob", "Bob, B.");
	student_is(e, "carol", NULL, NULL);
	assert_int_equal(e->nmissing, 1);
	assert_string_equal(e->missing[0].id, "zed");
	assert_string_equal(e->missing[0].name, "Zed Z.");
	assert_int_equal(e->rounds, 0);
	assert_true(e->rubric.set);
	assert_float_equal(e->rubric.correctness, 12.5, 0);
	assert_float_equal(e->rubric.speed, 40, 0);
	assert_float_equal(e->rubric.objectives, 0, 0);
	assert_int_equal(e->rubric.scale, RUBRIC_CONTINUOUS);
	assert_int_equal(e->rubric.nbands, 2);
	assert_float_equal(e->rubric.bands[0], 1.1, 0);
	assert_float_equal(e->rubric.bands[1], 2, 0);
	experiment_file_release(&f);
	unlink(roster);
	free(out);
	free(want);
	free(text);
	free(roster);
	free(yaml);
}

/* Export names that would drive a terminal or reorder a page are
 * refused, each with one line that shows them escaped; the others are
 * taken. */
static void test_lms_hostile(void **state)
{
	static const char *const files[] = {
		"\x1b[31mEvil_10007_reduce.cu",
		"Eve\xe2\x80\xaeX_10009_reduce.cu",
		"Ok_10008_reduce.cu",
	};
	static const char text[] =
		"experiments:\n"
		"  - name: c\n"
		"    family: reduce\n"
		"    variants: none\n"
		"    types: [float]\n"
		"    sizes: [1000]\n"
		"    class:\n"
		"      submissions: class/*\n"
		"      names: lms\n"
		"      function: reduce\n"
		"      finish: host\n"
		"      shared: \"block * acc\"\n";
	char *src = NULL, *dir, *yaml, *out;
	size_t len;
	struct experiment_file f;

	(void)state;
	assert_int_equal(read_file("tests/class/ok/alice.cu", 1 << 20, &src,
				   &len), 0);
	dir = xasprintf("%s/class", tmpdir);
	assert_int_equal(mkdir_p(dir), 0);
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char *p = xasprintf("%s/%s", dir, files[i]);

		assert_int_equal(write_file_atomic(p, src, len), 0);
		free(p);
	}
	yaml = xasprintf("%s/c.yaml", tmpdir);
	out = load(yaml, text, &f);
	assert_null(strchr(out, '\x1b'));
	assert_null(strstr(out, "\xe2\x80\xae"));
	assert_non_null(strstr(out, "/class/\\x1b[31mEvil_10007_reduce.cu: "
			       "the student's name \"\\x1b[31mEvil\" in its "
			       "export name holds a control character"));
	assert_non_null(strstr(out, "/class/Eve\\u{202e}X_10009_reduce.cu: "
			       "the student's name \"Eve\\u{202e}X\" in its "
			       "export name holds a Unicode direction "
			       "override"));
	assert_int_equal(f.exps[0].nvariants, 1);
	student_is(&f.exps[0], "10008", "10008", "Ok");
	experiment_file_release(&f);
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char *p = xasprintf("%s/%s", dir, files[i]);

		unlink(p);
		free(p);
	}
	rmdir(dir);
	free(out);
	free(yaml);
	free(dir);
	free(src);
}

/* tests/class/class.yaml, as-is without a roster: students as before,
 * no id or name; and an experiment without a class has the default
 * rubric and no rounds. */
static void test_as_is(void **state)
{
	struct experiment_file f;
	const struct experiment *e;
	struct class_rubric d = rubric_default();
	char *out;

	(void)state;
	out = load("tests/class/class.yaml", NULL, &f);
	free(out);
	e = &f.exps[0];
	student_is(e, "alice", NULL, NULL);
	student_is(e, "bob", NULL, NULL);
	assert_true(e->has_class);
	assert_false(e->has_roster);
	assert_int_equal(e->rounds, CLASS_ROUNDS_DEFAULT);
	experiment_file_release(&f);

	out = load("x.yaml", "experiments:\n  - name: a\n    family: reduce\n"
		   "    sizes: [1000]\n", &f);
	same_text(out, "");
	free(out);
	e = &f.exps[0];
	assert_false(e->has_class);
	assert_int_equal(e->rounds, 0);
	rubric_is(&e->rubric, &d);
	experiment_file_release(&f);
}

/* The class's launch as a run records it (run.h, struct class_contract;
 * ukernel_first_loads): the example class's `ceil(n / block)` blocks of
 * 256 give a thread one element at every size; half the blocks, two; a
 * block per multiprocessor, as many as n leaves each thread. */
static void test_class_launch(void **state)
{
	static const struct {
		const char *grid;
		int per_thread;         /* 0: ceil(n / (sm_count x 256)) */
	} launches[] = {
		{ "ceil(n / block)", 1 }, { "ceil(n / (2 * block))", 2 },
		{ "sm_count", 0 },
	};
	const char *path = "experiments/examples/class.yaml";
	char *text = NULL, *out;
	size_t len;

	(void)state;
	assert_int_equal(read_file(path, 1 << 20, &text, &len), 0);
	for (size_t g = 0; g < sizeof(launches) / sizeof(launches[0]); g++) {
		struct experiment_file f;
		const struct experiment *e;
		const struct ukernel *k = NULL;
		char *at = strstr(text, "grid: \"ceil(n / block)\"");
		char *yaml;

		assert_non_null(at);
		char *sub = strstr(text, "submissions: class/*");
		char *file = xasprintf("%s/class.yaml", tmpdir);
		char dir[PATH_MAX];
		FILE *fp;

		/* the submissions where they are, the file in tmpdir */
		assert_non_null(sub);
		assert_true(sub < at);
		assert_non_null(realpath("experiments/examples/class", dir));
		yaml = xasprintf("%.*ssubmissions: \"%s/*\"%.*sgrid: \"%s\"%s",
				 (int)(sub - text), text, dir,
				 (int)(at - sub - strlen("submissions: class/*")),
				 sub + strlen("submissions: class/*"),
				 launches[g].grid,
				 at + strlen("grid: \"ceil(n / block)\""));
		/* no GPU: counter names need a chip (culab check picks one) */
		for (char *c = strstr(yaml, "counters: [default]"); c; c = NULL)
			memset(c, ' ', strlen("counters: [default]"));
		fp = fopen(file, "w");
		assert_non_null(fp);
		fputs(yaml, fp);
		fclose(fp);
		out = load(file, NULL, &f);
		free(out);
		unlink(file);
		free(file);
		e = &f.exps[0];
		for (size_t i = 0; i < e->nvariants && !k; i++)
			if (e->variants[i]->submission)
				k = e->variants[i]->ctx;
		assert_non_null(k);
		for (size_t i = 0; i < e->nsizes; i++) {
			struct kernel_args a = { .dtype = DTYPE_FLOAT,
						 .n = e->sizes[i].n, .m = 1,
						 .block = 256, .sm_count = 132,
						 .ctx = k };
			int want = launches[g].per_thread ? launches[g].per_thread :
				   (int)((a.n + 132 * 256 - 1) / (132 * 256));

			assert_int_equal(ukernel_first_loads(k, &a), want);
		}
		experiment_file_release(&f);
		free(yaml);
	}
	free(text);
}

/* ---- results.json -------------------------------------------------------- */

/* text without blanks, in strings too: a document's shape whatever its
 * indentation (free()). */
static char *squeeze(const char *text)
{
	char *s = xstrdup(text), *o = s;

	for (const char *p = text; *p; p++)
		if (*p != ' ' && *p != '\n')
			*o++ = *p;
	*o = '\0';
	return s;
}

/* The recorded fixture, given what a run of a class would record. */
static void make_class(struct results *r)
{
	struct class_student who[] = {
		{ "10004", "Émilie du Châtelet" }, { "zed", "Zed \"Z\"" },
	};
	struct experiment_meta *m;
	struct variant *v;

	assert_int_equal(results_read("tests/fixtures/quick/results.json", r),
			 0);
	m = &r->experiments[0];
	m->has_class = true;
	m->has_roster = true;
	m->rubric = (struct class_rubric){ .set = true, .correctness = 12.5,
					   .speed = 40, .objectives = 0,
					   .scale = RUBRIC_BANDS,
					   .bands = { 1.1, 2 }, .nbands = 2 };
	m->rounds = 7;
	m->missing = class_students_copy(who, 2);
	m->nmissing = 2;
	m = &r->experiments[1];
	m->has_class = true;
	m->rubric = rubric_default();
	m->rubric.scale = RUBRIC_GEOMEAN;
	m->rubric.nbands = 0;
	m->rounds = 0;
	v = r->variants[0];
	v->student_id = xstrdup("10001");
	v->student_name = xstrdup("Lovelace, Ada");
}

static void test_json_round_trip(void **state)
{
	struct class_rubric d = rubric_default();
	struct results a, b, *in[1], c;
	char *text, *flat;

	(void)state;
	/* a file from before: no class, the default rubric, no rounds */
	assert_int_equal(results_read("tests/fixtures/quick/results.json", &a),
			 0);
	for (size_t i = 0; i < a.nexperiments; i++) {
		assert_false(a.experiments[i].has_class);
		assert_false(a.experiments[i].has_roster);
		assert_int_equal(a.experiments[i].rounds, 0);
		rubric_is(&a.experiments[i].rubric, &d);
	}
	assert_null(a.variants[0]->student_id);
	results_release(&a);

	make_class(&a);
	text = json_results_encode(&a);
	assert_non_null(text);
	/* as the file says it: whole points as integers, bands only with
	 * bands, "missing" only with a roster */
	flat = squeeze(text);
	assert_non_null(strstr(flat, "\"rubric\":{\"given\":true,"
				     "\"correctness\":12.5,\"speed\":40,"
				     "\"objectives\":0,\"scale\":\"bands\","
				     "\"bands\":[1.1,2]},\"rounds\":7,"
				     "\"missing\":[{\"id\":\"10004\",\"name\":"
				     "\"\\u00C9milieduCh\\u00E2telet\"},"
				     "{\"id\":\"zed\",\"name\":\"Zed\\\"Z\\\"\"}]},"
				     "{\"name\":\"transpose\""));
	assert_non_null(strstr(flat, "\"rubric\":{\"given\":false,"
				     "\"correctness\":40,\"speed\":40,"
				     "\"objectives\":20,\"scale\":\"geomean\"},"
				     "\"rounds\":0}]"));
	assert_non_null(strstr(flat, "\"student_id\":\"10001\","
				     "\"student_name\":\"Lovelace,Ada\""));
	free(flat);
	assert_int_equal(json_results_decode("r.json", text, strlen(text), &b),
			 0);
	assert_true(b.experiments[0].has_class);
	assert_true(b.experiments[0].has_roster);
	rubric_is(&b.experiments[0].rubric, &a.experiments[0].rubric);
	assert_int_equal(b.experiments[0].rounds, 7);
	assert_int_equal(b.experiments[0].nmissing, 2);
	assert_string_equal(b.experiments[0].missing[0].id, "10004");
	assert_string_equal(b.experiments[0].missing[0].name,
			    "Émilie du Châtelet");
	assert_string_equal(b.experiments[0].missing[1].id, "zed");
	assert_string_equal(b.experiments[0].missing[1].name, "Zed \"Z\"");
	assert_true(b.experiments[1].has_class);
	assert_false(b.experiments[1].has_roster);
	assert_int_equal(b.experiments[1].nmissing, 0);
	assert_false(b.experiments[1].rubric.set);
	assert_int_equal(b.experiments[1].rubric.scale, RUBRIC_GEOMEAN);
	assert_int_equal(b.experiments[1].rubric.nbands, 0);
	assert_float_equal(b.experiments[1].rubric.speed, 40, 0);
	assert_int_equal(b.experiments[1].rounds, 0);
	assert_string_equal(b.variants[0]->student_id, "10001");
	assert_string_equal(b.variants[0]->student_name, "Lovelace, Ada");
	assert_null(b.variants[1]->student_id);
	assert_null(b.variants[1]->student_name);

	/* a merge keeps them (the experiments are the first part's) */
	in[0] = &b;
	merge_results(in, 1, &c);
	assert_int_equal(c.experiments[0].rounds, 7);
	assert_true(c.experiments[0].has_roster);
	assert_int_equal(c.experiments[0].nmissing, 2);
	assert_string_equal(c.experiments[0].missing[1].name, "Zed \"Z\"");
	assert_ptr_not_equal(c.experiments[0].missing,
			     b.experiments[0].missing);
	assert_float_equal(c.experiments[0].rubric.bands[0], 1.1, 0);
	assert_string_equal(c.variants[0]->student_name, "Lovelace, Ada");
	results_release(&c);
	results_release(&b);
	free(text);

	/* the continuous scale keeps its bands, by its name */
	a.experiments[0].rubric.scale = RUBRIC_CONTINUOUS;
	text = json_results_encode(&a);
	assert_non_null(text);
	flat = squeeze(text);
	assert_non_null(strstr(flat, "\"scale\":\"continuous\","
				     "\"bands\":[1.1,2]}"));
	free(flat);
	assert_int_equal(json_results_decode("r.json", text, strlen(text), &b),
			 0);
	rubric_is(&b.experiments[0].rubric, &a.experiments[0].rubric);
	results_release(&a);
	results_release(&b);
	free(text);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return rmdir(tmpdir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lms_with_roster),
		cmocka_unit_test(test_lms_alone),
		cmocka_unit_test(test_as_is_with_roster),
		cmocka_unit_test(test_lms_hostile),
		cmocka_unit_test(test_as_is),
		cmocka_unit_test(test_class_launch),
		cmocka_unit_test(test_json_round_trip),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
