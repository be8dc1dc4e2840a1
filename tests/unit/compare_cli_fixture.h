/* compare_cli_fixture.h - culab run as a user meets it, for the tests of
 * `culab compare`, `culab report --baseline` (test_compare_cli.c) and
 * `culab rerun` (test_rerun_cli.c): the binary named by $CULAB (default
 * build/culab) run in a directory, its exit status and output checked, a
 * refusal's one line (scratch folders: report_check.h).  Static
 * functions in a header, as rows_fixture.h, because the Makefile builds
 * each tests/unit/test_*.c on its own.  Include after <cmocka.h> and
 * cli_run.h. */
#ifndef CULAB_TEST_COMPARE_CLI_FIXTURE_H
#define CULAB_TEST_COMPARE_CLI_FIXTURE_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exitcode.h"
#include "base/util.h"
#include "report_check.h"

static char culab[PATH_MAX];

/* Runs culab with args (NULL-terminated), in directory cwd (NULL: here). */
static inline struct out run_in(const char *cwd, const char *const *args)
{
	return cli_run_in(culab, cwd, args);
}

static inline void out_free(struct out *o)
{
	free(o->out);
	free(o->err);
}

/* Checks exit status and that stdout / stderr hold the given texts. */
static inline void expect_in(const char *cwd, const char *const *args,
			     int status, const char *in_out,
			     const char *in_err)
{
	struct out o = run_in(cwd, args);

	if (o.status != status || (in_out && !strstr(o.out, in_out)) ||
	    (in_err && !strstr(o.err, in_err)))
		fail_msg("culab %s %s ...: exit %d (want %d)\nstdout: %.2000s\n"
			 "stderr: %s\nwanted stdout to hold \"%s\" and stderr "
			 "\"%s\"", args[0], args[1] ? args[1] : "", o.status,
			 status, o.out, o.err, in_out ? in_out : "",
			 in_err ? in_err : "");
	out_free(&o);
}

#define expect(args, status, in_out, in_err) \
	expect_in(NULL, (args), (status), (in_out), (in_err))

/* A refusal: exit 2 and exactly one line on stderr holding `want`. */
static inline void refused(const char *const *args, const char *want)
{
	struct out o = run_in(NULL, args);
	const char *nl = strchr(o.err, '\n');

	if (o.status != EXIT_USAGE || !strstr(o.err, want) ||
	    !nl || (nl[1] && strncmp(nl + 1, "usage: ", 7) != 0))
		fail_msg("culab %s %s: exit %d (want 2), stderr:\n%s\nwanted one "
			 "line holding \"%s\"", args[0],
			 args[1] ? args[1] : "", o.status, o.err, want);
	assert_string_equal(o.out, "");
	out_free(&o);
}

/* The text of dir/name, or NULL. */
static inline char *slurp_at(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name), *text = slurp(path, NULL);

	free(path);
	return text;
}

/* Finds the culab to run: $CULAB, else build/culab (as a full path, as
 * the tests change directory). */
static inline int setup(void **state)
{
	const char *c = getenv("CULAB") ? getenv("CULAB") : "build/culab";

	(void)state;
	if (!realpath(c, culab))
		snprintf(culab, sizeof(culab), "%s", c);
	return 0;
}

#endif
