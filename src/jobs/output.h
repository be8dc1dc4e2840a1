/* output.h - what culab writes into an output directory, as a table of
 * printers.
 *
 * A printer renders a results set in one format into the output
 * directory: results.json (json.c), results.csv (results.c), the
 * Markdown reports with their charts (report_render.c).  The runner saves the
 * results after every finished measurement with output_save() (the
 * printers marked `with_save`), `culab run` and `culab report` render
 * the rest with output_report(), and `culab help` lists the table; a new
 * format is a new row. */
#ifndef CULAB_OUTPUT_H
#define CULAB_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "experiment/experiment.h"
#include "report/report.h"
#include "run/run.h"

struct printer {
	const char *name;          /* "json", "csv", "markdown" */
	const char *files;         /* what it writes, relative to the directory */
	bool with_save;            /* rewritten with every save of the results */
	/* Writes r into dir (which exists; dirfd: its descriptor, or -1
	 * where a printer opens dir itself, as the report does); ro: the
	 * report's options (the save printers ignore it).  Files are written
	 * whole to a temporary file and renamed into place relative to the
	 * directory's descriptor (write_file_at).  Returns 0, or -1 after a
	 * diagnostic. */
	int (*print)(const struct results *r, int dirfd, const char *dir,
		     const struct report_options *ro);
};

/* The printers, in the order they run. */
const struct printer *output_printers(size_t *count);


/* The outermost directory of path dir that does not exist yet (dir
 * itself, or a parent that making dir would create), or NULL when dir
 * exists.  Caller frees. */
char *output_dir_missing(const char *dir);
/* Removes dir and its parents up to top (output_dir_missing's answer
 * before dir was made) as long as they are empty: a command that wrote
 * nothing leaves no directory it made.  top NULL: nothing is removed. */
void output_dir_unmake(const char *dir, const char *top);

/* Creates dir if missing and runs every `with_save` printer (results.json,
 * results.csv), so readers never see half a file, even when culab is
 * killed mid-write.  Returns 0, or -1 after a diagnostic. */
int output_save(const char *dir, const struct results *r);

/* Runs every other printer (the Markdown reports and their charts) with
 * options ro, into dir (ro->dir is ignored).  Returns 0, or -1 after a
 * diagnostic (see report_render: the Markdown may still be written). */
int output_report(const char *dir, const struct results *r,
		  const struct report_options *ro);

/* `culab run` (and rerun) on one GPU into dir: makes dir, keeps what
 * resume_dir (NULL: no --resume) holds of the same experiment file
 * (read into *prev, which the caller releases), and saves after every
 * measurement.  Returns runner_run's exit code, or EXIT_USAGE before
 * anything ran (dir cannot be made, resume_dir holds another file's
 * results); *res holds the results (caller releases). */
int output_run(const struct experiment_file *f, struct run_options *o,
	       const char *dir, const char *resume_dir, struct results *prev,
	       struct results *res);

#endif
