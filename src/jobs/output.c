/* output.c - the printers table.  See output.h.
 *
 * Each row names its files and says whether it goes with every save of
 * the results (cheap, needed for --resume and for anything reading a
 * running experiment) or only with a report (charts need gnuplot and
 * take a second). */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
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

/* ---- outputs that would replace inputs ------------------------------------- */

/* What culab writes or removes in an output directory, by what writes
 * it: files by name (fnmatch patterns: the printers' files, every page
 * of a report, a class's files) and its own folders, anything under
 * which it may replace or remove. */
static const struct {
	const char *name;
	bool folder;
	unsigned by;               /* enum output_writes */
} written[] = {
	{ "results.json", false, OUT_RESULTS },
	{ "results.csv", false, OUT_RESULTS },
	{ "report.*.md", false, OUT_REPORT },
	{ "report.*.html", false, OUT_REPORT },
	{ "details*.md", false, OUT_REPORT },
	{ "details*.html", false, OUT_REPORT },
	{ "class.*.md", false, OUT_REPORT },
	{ "class.*.html", false, OUT_REPORT },
	{ "similar.*.md", false, OUT_REPORT },
	{ "similar.*.html", false, OUT_REPORT },
	{ "gradebook.csv", false, OUT_REPORT },
	{ "canvas.csv", false, OUT_REPORT },
	{ "charts", true, OUT_REPORT },
	{ "students", true, OUT_REPORT },
	{ "gradescope", true, OUT_REPORT },
	{ ".workers", true, OUT_RUN },
	{ ".lines", true, OUT_RUN },
	{ "slurm", true, OUT_SLURM },
};

static bool same_dir(const char *path, const struct stat *d)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
	       st.st_dev == d->st_dev && st.st_ino == d->st_ino;
}

/* The row of written[] that name is in directory `in` (path: "" for
 * "/", NULL for "."), when that directory is d and `writes` writes the
 * row; else -1. */
static int written_row(const char *in, const char *name, bool folder,
		       const struct stat *d, unsigned writes)
{
	for (size_t i = 0; i < ARRAY_SIZE(written); i++)
		if ((written[i].by & writes) && written[i].folder == folder &&
		    fnmatch(written[i].name, name, 0) == 0)
			return same_dir(!in ? "." : *in ? in : "/", d) ?
			       (int)i : -1;
	return -1;
}

/* Whether file `path` (as given, or as realpath gives it) lies where
 * writing into d replaces it: its directory is d and its name one of
 * written[] files (copied to name[size]), or one of written[] folders
 * in d holds it.  *row: that row. */
static bool in_outputs(const char *path, const struct stat *d,
		       unsigned writes, int *row, char *name, size_t size)
{
	char *copy = xstrdup(path), *slash = strrchr(copy, '/');
	const char *base = slash ? slash + 1 : copy;

	if (slash)
		*slash = '\0';
	snprintf(name, size, "%s", base);
	*row = *base ? written_row(slash ? copy : NULL, base, false, d,
				   writes) : -1;
	/* each folder above it: the component below an ancestor that is d */
	while (slash && *row < 0) {
		char *comp = strrchr(copy, '/');

		if (comp)
			*comp = '\0';
		*row = written_row(comp ? copy : NULL, comp ? comp + 1 : copy,
				   true, d, writes);
		slash = comp;
	}
	free(copy);
	return *row >= 0;
}

int output_check_inputs(const char *dir, unsigned writes,
			const struct output_input *in, size_t n, char *why,
			size_t whysize)
{
	struct stat d;

	if (stat(dir, &d) < 0 || !S_ISDIR(d.st_mode))
		return 0;
	for (size_t i = 0; i < n; i++) {
		char real[PATH_MAX], name[256];
		int row;

		if (!in[i].path || access(in[i].path, F_OK) < 0)
			continue;
		if (!in_outputs(in[i].path, &d, writes, &row, name,
				sizeof(name)) &&
		    !(realpath(in[i].path, real) &&
		      in_outputs(real, &d, writes, &row, name, sizeof(name))))
			continue;
		snprintf(why, whysize, "the output directory \"%s\" would "
			 "replace %s \"%s\" (culab %s %s%s there); give another "
			 "directory or move the file", dir, in[i].what,
			 in[i].path, written[row].folder ? "keeps its folder" :
			 "writes", written[row].folder ? written[row].name :
			 name, written[row].folder ? "/" : "");
		return -1;
	}
	return 0;
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
