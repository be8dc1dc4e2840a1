/* instrumented.c - a run's counters counted by instrumentation in one
 * child, where CUPTI refused the hardware counters.  See instrumented.h. */
#include "instrumented.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/refusal.h"
#include "base/util.h"
#include "results/results.h"
#include "lines.h"
#include "output.h"
#include "sanitizer_reruns.h"
#include "base/supervise.h"

/* The most bytes of labels the child is given (one argument). */
#define MAX_LABELS 100000

#define LIB "libsanitizer-public.so"

static char *readable(char *path)
{
	if (path && access(path, R_OK) == 0)
		return path;
	free(path);
	return NULL;
}

char *instrumented_library(void)
{
	const char *env = getenv("CULAB_SANITIZER_LIB");
	char *tool, real[PATH_MAX], *dir, *lib = NULL;
	bool off;

	if (env && *env)
		return strcmp(env, "off") ? readable(xstrdup(env)) : NULL;
	if (!(tool = sanitize_find(&off)))
		return off ? NULL :
		       readable(xstrdup("/usr/local/cuda/compute-sanitizer/" LIB));
	/* bin/compute-sanitizer is a link or a script beside the toolkit's
	 * compute-sanitizer/ folder, which holds the library */
	if (realpath(tool, real)) {
		dir = dirname(real);
		lib = readable(xasprintf("%s/%s", dir, LIB));
		if (!lib)
			lib = readable(xasprintf("%s/../compute-sanitizer/%s",
						 dir, LIB));
	}
	free(tool);
	return lib;
}

/* Whether row w is one the refusal left without counters: verified on
 * the GPU, and none yet. */
static bool wanted(const struct result_row *w)
{
	return w && w->status == ROW_OK && w->counters_status &&
	       !w->ncolumns && strncmp(w->counters_status, "not applicable",
				       14) != 0;
}

/* The measurements of plan p whose rows of r want counters: their labels
 * as one list, their rows into *rows (*n of them).  NULL when none or
 * too many. */
static char *wanted_of(const struct plan *p, struct results *r,
		       struct result_row ***rows, size_t *n)
{
	struct sbuf list = SBUF_INIT;

	*n = 0;
	*rows = xcalloc(r->nrows ? r->nrows : 1, sizeof(**rows));
	for (size_t i = 0; i < p->nstages; i++)
		for (size_t k = 0; k < p->stages[i].nms; k++) {
			const struct plan_stage *s = &p->stages[i];
			struct result_row *w = lines_row_of(r, s, &s->ms[k]);

			if (!wanted(w) || *n == r->nrows)
				continue;
			sbuf_addf(&list, "%s%s", *n ? "," : "",
				  s->ms[k].label);
			(*rows)[(*n)++] = w;
		}
	if (!*n || list.len > MAX_LABELS) {
		sbuf_release(&list);
		return NULL;
	}
	return sbuf_detach(&list);
}

/* The child's counters into rows[0..n) they belong to.  Returns how many
 * rows took them. */
static size_t take(struct results *r, struct result_row **rows, size_t n,
		   struct results *cr)
{
	size_t got = 0;

	for (size_t j = 0; j < cr->nrows; j++) {
		struct result_row *c = &cr->rows[j];

		for (size_t i = 0; i < n; i++) {
			struct result_row *w = rows[i];

			if (!wanted(w) || !results_row_same(c, w))
				continue;
			if (!c->counters_status && c->ncolumns) {
				free(w->counters_status);
				w->counters_status = NULL;
				w->ncolumns = c->ncolumns;
				w->columns = c->columns;
				w->nkernels = c->nkernels;
				w->kernels = c->kernels;
				c->ncolumns = c->nkernels = 0;
				c->columns = NULL;
				c->kernels = NULL;
				got++;
			}
			break;
		}
	}
	if (got && cr->counters_method) {
		free(r->counters_method);
		r->counters_method = xstrdup(cr->counters_method);
	}
	return got;
}

/* Runs the child on the rows of `list`; its results into *cr.  Returns 0,
 * -1 when it failed (said), or EXIT_INTERRUPTED. */
static int run_child(const struct lines_options *o, const char *lib,
		     const char *list, const char *dir, struct results *cr)
{
	char dev[16], *log = xasprintf("%s/child.log", dir),
	     *path = xasprintf("%s/results.json", dir);
	char *argv[] = {
		"culab", "run", "--quiet", "--no-report", "--profile-only",
		"--instrumented", (char *)lib, "--device", dev,
		"--measurement", (char *)list, "-o", (char *)dir,
		(char *)o->file, NULL
	};
	struct spawn_options so = {
		.file = o->exe, .argv = argv, .log = log, .stdin_null = true,
		.what = "culab",
	};
	struct child_end end = { .pid = 0 };
	int rc = -1;

	snprintf(dev, sizeof(dev), "%d", o->device);
	if ((end.pid = supervise_spawn(&so)) < 0) {
		diag_error("cannot start a process to count the counters by "
			   "instrumentation: %s", strerror(errno));
	} else if (supervise_wait(&end, 1, lines_timeout(o)) > 0) {
		rc = EXIT_INTERRUPTED;
	} else if (access(path, F_OK) == 0 && results_read(path, cr) == 0) {
		rc = 0;
	} else {
		char *why = lines_child_why(end.wstatus,
					    end.why == CHILD_DEADLINE,
					    lines_timeout(o), log);

		diag_note("the counters were not counted by instrumentation "
			  "either: %s", why);
		free(why);
	}
	free(log);
	free(path);
	return rc;
}

int instrumented_run(const struct experiment_file *f,
		     const struct lines_options *o, struct results *r)
{
	const char *off = getenv("CULAB_INSTRUMENTED");
	struct plan_options po = { .only = o->only, .counters = true,
				   .shard = o->shard };
	char *lib = NULL, *list = NULL, *dir = NULL;
	struct result_row **rows = NULL;
	struct results cr;
	size_t n = 0, got;
	struct plan p;
	int rc = 0;

	if (!r->counters_refusal || strcmp(r->counters_refusal,
	    refusal_name(REFUSAL_COUNTERS_PERMISSION)) ||
	    (off && !strcmp(off, "off")))
		return 0;
	plan_build(f, &po, &p);
	if (!(list = wanted_of(&p, r, &rows, &n)))
		goto out;
	if (!(lib = instrumented_library())) {
		diag_note("the hardware counters were refused, and the Compute "
			  "Sanitizer's library (%s, with compute-sanitizer) "
			  "that would count them by instrumentation was not "
			  "found: set CULAB_SANITIZER_LIB to its path", LIB);
		goto out;
	}
	if (!(dir = lines_child_dir(o->outdir, o->device,
				    LINES_DIR_INSTRUMENTED)))
		goto out;
	lines_child_clean(dir);
	if (o->progress)
		fprintf(stderr, "culab: counting the counters of %zu "
			"measurements by instrumentation (the hardware counters "
			"were refused)\n", n);
	memset(&cr, 0, sizeof(cr));
	rc = run_child(o, lib, list, dir, &cr);
	if (rc == 0) {
		got = take(r, rows, n, &cr);
		results_release(&cr);
		diag_note("counted by instrumentation (the hardware counters "
			  "were refused): the counters of %zu of %zu "
			  "measurements; DRAM bytes, occupancy, divergence and "
			  "the kernel's duration need the hardware counters",
			  got, n);
		if (got && output_save(o->outdir, r) < 0)
			rc = EXIT_FAILED;
	}
	rc = rc == EXIT_INTERRUPTED || rc == EXIT_FAILED ? rc : EXIT_OK;
	lines_child_clean(dir);
	rmdir(dir);
out:
	plan_release(&p);
	free(rows);
	free(dir);
	free(list);
	free(lib);
	return rc;
}
