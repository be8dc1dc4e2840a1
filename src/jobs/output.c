/* output.c - the printers table.  See output.h.
 *
 * Each row names its files and says whether it goes with every save of
 * the results (cheap, needed for --resume and for anything reading a
 * running experiment) or only with a report (charts need gnuplot and
 * take a second). */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "results/results.h"
#include "base/util.h"

/* Writes text (owned; freed here) to `name` in directory dirfd (dir)
 * atomically. */
static int write_text(int dirfd, const char *dir, const char *name,
		      char *text)
{
	int rc;

	if (!text)
		return -1;
	rc = write_file_at(dirfd, dir, name, text, strlen(text));
	free(text);
	return rc;
}

static int print_json(const struct results *r, int dirfd, const char *dir,
		      const struct report_options *ro)
{
	(void)ro;
	return write_text(dirfd, dir, "results.json", json_results_encode(r));
}

static int print_csv(const struct results *r, int dirfd, const char *dir,
		     const struct report_options *ro)
{
	(void)ro;
	return write_text(dirfd, dir, "results.csv", results_csv_text(r));
}

static int print_markdown(const struct results *r, int dirfd, const char *dir,
			  const struct report_options *ro)
{
	struct report_options o = *ro;

	(void)dirfd;   /* report_render opens dir and its charts/ itself */
	o.dir = dir;
	return report_render(r, &o);
}

static const struct printer printers[] = {
	{ "json", "results.json", true, print_json },
	{ "csv", "results.csv", true, print_csv },
	{ "markdown", "report.en.md, report.zh.md, charts/", false,
	  print_markdown },
};

const struct printer *output_printers(size_t *count)
{
	*count = ARRAY_SIZE(printers);
	return printers;
}

int output_save(const char *dir, const struct results *r)
{
	int fd = dir_make(AT_FDCWD, NULL, dir, DIR_FOLLOW), rc = 0;

	if (fd < 0)
		return -1;
	for (size_t i = 0; i < ARRAY_SIZE(printers) && rc == 0; i++)
		if (printers[i].with_save &&
		    printers[i].print(r, fd, dir, NULL) < 0)
			rc = -1;
	close(fd);
	return rc;
}

int output_report(const char *dir, const struct results *r,
		  const struct report_options *ro)
{
	int rc = 0;

	for (size_t i = 0; i < ARRAY_SIZE(printers); i++)
		if (!printers[i].with_save &&
		    printers[i].print(r, -1, dir, ro) < 0)
			rc = -1;
	return rc;
}

char *output_dir_missing(const char *dir)
{
	char *top = NULL, *p = xstrdup(dir);
	struct stat st;

	for (;;) {
		char *slash;

		/* trailing slashes name the same directory */
		while (strlen(p) > 1 && p[strlen(p) - 1] == '/')
			p[strlen(p) - 1] = '\0';
		if (!*p || stat(p, &st) == 0)
			break;
		free(top);
		top = xstrdup(p);
		slash = strrchr(p, '/');
		if (!slash)
			break;
		*slash = '\0';
	}
	free(p);
	return top;
}

void output_dir_unmake(const char *dir, const char *top)
{
	char *p = xstrdup(dir);

	if (!top)
		goto out;
	for (;;) {
		char *slash;

		while (strlen(p) > 1 && p[strlen(p) - 1] == '/')
			p[strlen(p) - 1] = '\0';
		if (rmdir(p) < 0 || strcmp(p, top) == 0)
			break;
		slash = strrchr(p, '/');
		if (!slash)
			break;
		*slash = '\0';
	}
out:
	free(p);
}

/* output_save as the runner stores its results: into the directory ctx. */
static int save_to_dir(const struct results *r, void *ctx)
{
	return output_save(ctx, r);
}

int output_run(const struct experiment_file *f, struct run_options *o,
	       const char *dir, const char *resume_dir, struct results *prev,
	       struct results *res)
{
	memset(res, 0, sizeof(*res));
	if (dir_make_writable(dir) < 0)
		return EXIT_USAGE;
	if (resume_dir) {
		int got = results_read_previous(resume_dir, f->sha256, prev);

		if (got < 0)
			return EXIT_USAGE;
		if (got > 0)
			o->prev = prev;
	}
	o->save = save_to_dir;
	o->save_ctx = (void *)dir;
	o->where = dir;
	return runner_run(f, o, res);
}
