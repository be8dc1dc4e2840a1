/* output.c - the printers table.  See output.h.
 *
 * Each row names its files and says whether it goes with every save of
 * the results (cheap, needed for --resume and for anything reading a
 * running experiment) or only with a report (charts need gnuplot and
 * take a second). */
#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "json.h"
#include "util.h"

/* Writes text (owned; freed here) to dir/name atomically. */
static int write_text(const char *dir, const char *name, char *text)
{
	char *path;
	int rc;

	if (!text)
		return -1;
	path = xasprintf("%s/%s", dir, name);
	rc = write_file_atomic(path, text, strlen(text));
	free(path);
	free(text);
	return rc;
}

static int print_json(const struct results *r, const char *dir,
		      const struct report_options *ro)
{
	(void)ro;
	return write_text(dir, "results.json", json_results_encode(r));
}

static int print_csv(const struct results *r, const char *dir,
		     const struct report_options *ro)
{
	(void)ro;
	return write_text(dir, "results.csv", results_csv_text(r));
}

static int print_markdown(const struct results *r, const char *dir,
			  const struct report_options *ro)
{
	struct report_options o = *ro;

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
	if (mkdir_p(dir) < 0)
		return diag_error("cannot create output directory \"%s\": %s",
				  dir, strerror(errno));
	for (size_t i = 0; i < ARRAY_SIZE(printers); i++)
		if (printers[i].with_save &&
		    printers[i].print(r, dir, NULL) < 0)
			return -1;
	return 0;
}

int output_report(const char *dir, const struct results *r,
		  const struct report_options *ro)
{
	int rc = 0;

	for (size_t i = 0; i < ARRAY_SIZE(printers); i++)
		if (!printers[i].with_save &&
		    printers[i].print(r, dir, ro) < 0)
			rc = -1;
	return rc;
}
