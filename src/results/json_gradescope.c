/* json_gradescope.c - a student's grade in the shape Gradescope's
 * autograder takes it in (its "Autograder Specifications": the
 * results.json that /autograder/results/ holds after run_autograder),
 * so that a course that grades on Gradescope uploads culab's grade as
 * its own autograder's output.  See results.h.
 *
 * The document holds only keys of that specification: a top-level
 * "score" (which overrides the sum of the tests' scores; culab's equals
 * it) and "output", the formats of the texts ("md": the report's
 * Markdown), and "tests", each with "name", "score", "max_score",
 * "status" ("passed" or "failed", as the caller judged it), "output" and "visibility" ("visible": a
 * teacher who wants otherwise edits it, or sets a top-level
 * visibility).  Scores are rounded to hundredths, so that a document
 * reads 62.5 where the arithmetic left 62.499999999. */
#include "json_int.h"
#include "results.h"

#include <math.h>
#include <stdlib.h>

#include "base/diag.h"
#include "base/util.h"

static json_t *points(double v)
{
	return jnum(round(v * 100) / 100);
}

char *json_gradescope_encode(const struct gradescope_result *g)
{
	json_t *o = json_object(), *tests = json_array();
	char *text;

	json_object_set_new(o, "score", points(g->score));
	if (g->output)
		json_object_set_new(o, "output", jtext(g->output));
	json_object_set_new(o, "output_format", json_string("md"));
	json_object_set_new(o, "test_output_format", json_string("md"));
	for (size_t i = 0; i < g->ntests; i++) {
		const struct gradescope_test *t = &g->tests[i];
		json_t *j = json_object();

		json_object_set_new(j, "name", jtext(t->name));
		json_object_set_new(j, "score", points(t->score));
		json_object_set_new(j, "max_score", points(t->max_score));
		json_object_set_new(j, "status", json_string(t->passed ?
							     "passed" :
							     "failed"));
		if (t->output)
			json_object_set_new(j, "output", jtext(t->output));
		json_object_set_new(j, "visibility", json_string("visible"));
		json_array_append_new(tests, j);
	}
	json_object_set_new(o, "tests", tests);
	text = json_dumps(o, JSON_INDENT(1) | JSON_REAL_PRECISION(10) |
			  JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER);
	json_decref(o);
	if (!text) {
		diag_error("cannot encode a Gradescope result as JSON");
		return NULL;
	}
	/* a file ends with a newline */
	{
		char *line = xasprintf("%s\n", text);

		free(text);
		return line;
	}
}
