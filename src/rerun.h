/* rerun.h - what a results file recorded, made runnable again, for
 * `culab rerun`: its experiment file's text and the sources of its user
 * kernels, put into an output directory where a run finds them.
 *
 * DIR/experiment.yaml gets the recorded text, byte for byte (its SHA-256
 * is checked against the record first).  A user kernel is named in that
 * text by a path relative to the experiment file, so its source goes to
 * the same relative path under DIR (DIR/exercise/reduce_modulo.cu for
 * `source: exercise/reduce_modulo.cu`): the record's own copy when the
 * results hold one (culab records each kernel's text and SHA-256), else
 * the file at the recorded path, copied with a warning that its content
 * cannot be checked.  A source the experiment names by an absolute path
 * or with ".." stays where it is and must hold the recorded text.
 * Anything missing is refused in one line that names every source
 * missing.  DIR is then a bundle: `culab run DIR/experiment.yaml` runs it
 * again. */
#ifndef CULAB_RERUN_H
#define CULAB_RERUN_H

#include "results.h"

/* Puts what r (read from `path`) recorded into `dir` as above.  Returns
 * 0 and sets *yaml to the experiment file written (heap; caller frees),
 * or -1 after a diagnostic. */
int rerun_prepare(const struct results *r, const char *path, const char *dir,
		  char **yaml);

/* The variants r's rows name, comma-separated, in row order: a rerun
 * measures exactly those (a run recorded with --variant stays one).
 * Caller frees; "" when r has no rows. */
char *rerun_variants(const struct results *r);

#endif
