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

/* An input of a command that writes into an output directory: what it
 * is, for the message ("the template"), and its path as given. */
struct output_input {
	const char *what;
	const char *path;          /* NULL: none (skipped) */
};

/* What a command writes into an output directory. */
enum output_writes {
	OUT_RESULTS = 1 << 0,      /* results.json, results.csv */
	OUT_REPORT = 1 << 1,       /* the report's pages, charts/, a class's
				      files */
	OUT_RUN = 1 << 2,          /* a run's own folders: .workers/, .lines/ */
	OUT_SLURM = 1 << 3,        /* slurm/ */
};

/* Whether writing `writes` (enum output_writes) into output directory
 * dir would replace or remove one of the inputs in[0..n) (a shard's
 * results, the results file, the template, the baseline, the experiment
 * file), checked before anything is written: an input is hit when its
 * directory is dir (the same directory by st_dev and st_ino, however
 * either is spelled; the input as given and with its links followed)
 * and its name is one culab writes or removes there (results.json, a
 * report's page, gradebook.csv, ...: output.c's table), or when it lies
 * under a folder culab keeps in dir (charts/, .workers/, ...).  A dir
 * that does not exist yet holds no input.  Returns 0, or -1 with one
 * line in why ("the output directory \"D\" would replace the template
 * \"D/report.en.md\" (culab writes report.en.md there); give another
 * directory or move the file"). */
int output_check_inputs(const char *dir, unsigned writes,
			const struct output_input *in, size_t n, char *why,
			size_t whysize);

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
