/* test_class_outputs.c - a class's outputs complete and never stale
 * (issue 48, class 6), from the recorded example class
 * (reports/examples/class/results.json) changed as JSON before it is
 * read: the class page and the gradebook hold every one of 66
 * experiments with a class (they stopped at 64); a student's name too
 * long for a file gets a page and a Gradescope file under a shortened,
 * hashed stem and every later student still gets theirs; a render into
 * a folder an earlier render wrote removes the pages and files of
 * students no longer in the results, and the gradebook of results that
 * are no class, keeping the user's own files and never following a
 * link.  No GPU needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/report.h"
#include "report/report_int.h"
#include "report/report_grading.h"
#include "results/results.h"
#include "run/run.h"
#include "base/util.h"
#include "report_check.h"

#define CLASS "reports/examples/class/results.json"

static char *tmp;

static int setup(void **state)
{
	(void)state;
	tmp = xstrdup("/tmp/culab-test-outputs-XXXXXX");
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

static char *at(const char *rel)
{
	return xasprintf("%s/%s", tmp, rel);
}

static bool exists(const char *rel)
{
	char *p = at(rel);
	struct stat st;
	bool is = lstat(p, &st) == 0;

	free(p);
	return is;
}

#define EXPECT_FILE(rel, want)                                                 \
	do {                                                                   \
		if (exists(rel) != (want))                                     \
			fail_msg("%s:%d: %s %s", __FILE__, __LINE__, (rel),    \
				 (want) ? "is missing" : "is still there");    \
	} while (0)

static void put(const char *rel, const char *text)
{
	char *p = at(rel);

	assert_int_equal(write_file_atomic(p, text, strlen(text)), 0);
	free(p);
}

/* The recorded class as JSON (the caller decrefs). */
static json_t *class_json(void)
{
	char path[4096];
	json_error_t e;
	json_t *j;

	snprintf(path, sizeof(path), "%s/%s", srcdir(), CLASS);
	j = json_load_file(path, 0, &e);
	if (!j)
		fail_msg("%s: %s", path, e.text);
	return j;
}

/* Renders JSON j (saved as tmp/NAME.json, read back as any results
 * file) without charts into tmp/dir.  Returns report_render's result. */
static int render_json(json_t *j, const char *name, const char *dir)
{
	char *file = xasprintf("%s/%s.json", tmp, name), *out = at(dir);
	struct report_options o;
	struct results r;
	int rc;

	assert_int_equal(json_dump_file(j, file, 0), 0);
	assert_int_equal(results_read(file, &r), 0);
	report_options_init(&o);
	o.dir = out;
	o.template_dir = "templates";
	o.charts = false;
	rc = report_render(&r, &o);
	results_release(&r);
	free(out);
	free(file);
	return rc;
}

static int render_file(const char *path, const char *dir)
{
	struct report_options o;
	struct results r;
	char *out = at(dir);
	int rc;

	assert_int_equal(results_read(path, &r), 0);
	report_options_init(&o);
	o.dir = out;
	o.template_dir = "templates";
	o.charts = false;
	rc = report_render(&r, &o);
	results_release(&r);
	free(out);
	return rc;
}

static char *text_of(const char *rel)
{
	char *p = at(rel), *t = slurp(p, NULL);

	if (!t)
		fail_msg("%s cannot be read", p);
	free(p);
	return t;
}

/* Renames variant `from` (its description and rows) to `to` in j. */
static void rename_variant(json_t *j, const char *from, const char *to)
{
	size_t i;
	json_t *v;

	json_array_foreach(json_object_get(j, "variants"), i, v)
		if (!strcmp(json_string_value(json_object_get(v, "name")), from))
			json_object_set_new(v, "name", json_string(to));
	json_array_foreach(json_object_get(j, "rows"), i, v)
		if (!strcmp(json_string_value(json_object_get(v, "variant")),
			    from))
			json_object_set_new(v, "variant", json_string(to));
}

/* Drops variant `name`'s description and rows from j. */
static void drop_variant(json_t *j, const char *name)
{
	const char *keys[] = { "variants", "rows" };

	for (size_t k = 0; k < 2; k++) {
		json_t *a = json_object_get(j, keys[k]);

		for (size_t i = json_array_size(a); i-- > 0;) {
			json_t *v = json_array_get(a, i);
			const char *n = json_string_value(json_object_get(
				v, k ? "variant" : "name"));

			if (n && !strcmp(n, name))
				json_array_remove(a, i);
		}
	}
}

/* ---- every experiment ---------------------------------------------------- */

#define NEXP 66

/* The class's experiment 66 times over (its float 2^20 rows each time,
 * two students): the class page and the gradebook name the last one
 * too. */
static void test_every_experiment(void **state)
{
	json_t *j = class_json(), *rows = json_object_get(j, "rows");
	json_t *exps = json_object_get(j, "experiments");
	json_t *e0 = json_deep_copy(json_array_get(exps, 0));
	json_t *keep = json_array();
	char *page, *book;
	size_t i, lines = 0;
	json_t *w;

	(void)state;
	/* ada and ben alone: 66 experiments of 11 students take seconds */
	for (const char *const *d = (const char *const[]){ "cleo", "dan",
	     "eli", "fay", "gus", "hal", "ivy", "jon", "kim", NULL }; *d; d++)
		drop_variant(j, *d);
	json_array_foreach(rows, i, w)
		if (!strcmp(json_string_value(json_object_get(w, "dtype")),
			    "float") &&
		    json_integer_value(json_object_get(w, "n")) == 1048576)
			json_array_append(keep, w);
	json_array_clear(rows);
	json_array_clear(exps);
	for (int k = 1; k <= NEXP; k++) {
		char name[32];
		json_t *e = json_deep_copy(e0);

		snprintf(name, sizeof(name), "class-%02d", k);
		json_object_set_new(e, "name", json_string(name));
		json_array_append_new(exps, e);
		json_array_foreach(keep, i, w) {
			json_t *c = json_deep_copy(w);

			json_t *t = json_object_get(json_object_get(c, "timing"),
						    "samples_ms");

			json_object_set_new(c, "experiment", json_string(name));
			json_object_set_new(c, "stage", json_integer(k - 1));
			/* within the 40000 samples a file may hold */
			while (json_array_size(t) > 10)
				json_array_remove(t, json_array_size(t) - 1);
			json_array_append_new(rows, c);
		}
	}
	assert_int_equal(render_json(j, "many", "many"), 0);
	page = text_of("many/class.en.md");
	EXPECT_IN(page, "class-01");
	EXPECT_IN(page, "class-65");
	EXPECT_IN(page, "class-66");
	book = text_of("many/gradebook.csv");
	for (const char *c = book; *c; c++)
		lines += *c == '\n';
	/* a header and a line per student and experiment */
	assert_int_equal(lines, 1 + 2 * NEXP);
	EXPECT_IN(book, ",class-66,");
	free(book);
	free(page);
	json_decref(keep);
	json_decref(e0);
	json_decref(j);
}

/* ---- a name too long for a file ------------------------------------------ */

/* ada's name made 300 bytes long: her page and file go under a stem of
 * 200 bytes with a hash; ben to kim, after her, still get theirs, and
 * the class page links her page by its stem. */
static void test_long_name(void **state)
{
	json_t *j = class_json();
	char name[301], *stem, *rel, *page;

	(void)state;
	memset(name, 'a', 300);
	name[300] = '\0';
	rename_variant(j, "ada", name);
	assert_int_equal(render_json(j, "long", "long"), 0);
	stem = student_file_stem(name);
	assert_int_equal(strlen(stem), STUDENT_STEM_MAX);
	assert_int_equal(stem[STUDENT_STEM_MAX - 17], '~');
	assert_int_equal(strspn(stem + STUDENT_STEM_MAX - 16,
				"0123456789abcdef"), 16);
	/* the same name, the same stem; a short name is its own */
	{
		char *again = student_file_stem(name), *ben =
			student_file_stem("ben");

		assert_string_equal(again, stem);
		assert_string_equal(ben, "ben");
		free(again);
		free(ben);
	}
	rel = xasprintf("long/students/%s/report.en.md", stem);
	EXPECT_FILE(rel, true);
	free(rel);
	rel = xasprintf("long/gradescope/%s.json", stem);
	EXPECT_FILE(rel, true);
	free(rel);
	EXPECT_FILE("long/students/kim/report.en.md", true);
	EXPECT_FILE("long/students/kim/report.zh.html", true);
	EXPECT_FILE("long/gradescope/kim.json", true);
	page = text_of("long/class.en.md");
	rel = xasprintf("](students/%s/report.en.md)", stem);
	EXPECT_IN(page, rel);
	free(rel);
	free(page);
	free(stem);
	json_decref(j);
}

/* ---- a render over an earlier one ------------------------------------------ */

/* kim leaves the results: her pages and Gradescope file go, her folder
 * stays while it holds a file of the user's; then results that are no
 * class: the gradebook, canvas.csv, the similar pages and every
 * student's file go, the user's files stay, and nothing is removed
 * through a link planted for a folder of culab's. */
static void test_rerender(void **state)
{
	json_t *j = class_json();
	char *outside, *link;

	(void)state;
	assert_int_equal(render_json(j, "all", "re"), 0);
	EXPECT_FILE("re/students/kim/report.en.md", true);
	EXPECT_FILE("re/gradescope/kim.json", true);
	put("re/students/kim/notes.txt", "the user's\n");
	put("re/gradescope/README.txt", "the user's\n");
	put("re/notes.csv", "the user's\n");

	drop_variant(j, "kim");
	assert_int_equal(render_json(j, "nokim", "re"), 0);
	EXPECT_FILE("re/students/kim/report.en.md", false);
	EXPECT_FILE("re/students/kim/report.en.html", false);
	EXPECT_FILE("re/students/kim/report.zh.md", false);
	EXPECT_FILE("re/students/kim/report.zh.html", false);
	EXPECT_FILE("re/students/kim/notes.txt", true);
	EXPECT_FILE("re/gradescope/kim.json", false);
	EXPECT_FILE("re/students/jon/report.en.md", true);
	EXPECT_FILE("re/gradescope/jon.json", true);
	{
		char *book = text_of("re/gradebook.csv");

		assert_null(strstr(book, "\nkim,"));
		free(book);
	}

	/* a student's folder of culab's made a link out: not followed */
	outside = at("outside");
	assert_int_equal(mkdir(outside, 0755), 0);
	put("outside/report.en.md", "not culab's\n");
	link = at("re/students/gone");
	assert_int_equal(symlink(outside, link), 0);

	assert_int_equal(render_file("tests/fixtures/quick/results.json", "re"),
			 0);
	EXPECT_FILE("re/gradebook.csv", false);
	EXPECT_FILE("re/canvas.csv", false);
	EXPECT_FILE("re/similar.en.md", false);
	EXPECT_FILE("re/similar.zh.html", false);
	EXPECT_FILE("re/class.en.md", false);
	EXPECT_FILE("re/gradescope/ada.json", false);
	EXPECT_FILE("re/students/ada", false);
	EXPECT_FILE("re/students/jon/report.zh.md", false);
	EXPECT_FILE("re/gradescope/README.txt", true);
	EXPECT_FILE("re/students/kim/notes.txt", true);
	EXPECT_FILE("re/notes.csv", true);
	EXPECT_FILE("outside/report.en.md", true);
	EXPECT_FILE("re/report.en.md", true);
	free(link);
	free(outside);
	json_decref(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_experiment),
		cmocka_unit_test(test_long_name),
		cmocka_unit_test(test_rerender),
	};

	return cmocka_run_group_tests_name("class outputs", tests, setup,
					   teardown);
}
