/* rerun.h - what a results file recorded, made runnable again, for
 * `culab rerun`: its experiment file's text and the sources of its user
 * kernels, put into an output directory where a run finds them.
 *
 * The experiment file goes to DIR at its recorded path (DIR/experiments/
 * quick.yaml for experiments/quick.yaml; an absolute path or leading ".."
 * dropped), byte for byte, its SHA-256 checked against the record first.
 * A user kernel is named in that text by a path relative to the
 * experiment file, so its source goes to where that name leads from
 * there (DIR/experiments/examples/exercise/reduce_modulo.cu for
 * `source: exercise/reduce_modulo.cu`; a name with ".." climbs the
 * directories of the recorded layout, as it did in the recorded run): the
 * record's own copy when the results hold one (culab records each
 * kernel's text and SHA-256), else the file at the recorded path, copied
 * with a warning that its content cannot be checked.  A source named by
 * an absolute path stays where it is and must hold the recorded text; one
 * that would lie above DIR is refused.  Anything missing is refused in
 * one line that names every source missing.  DIR is then a bundle:
 * `culab run DIR/<recorded path>` runs it again. */
#ifndef CULAB_RERUN_H
#define CULAB_RERUN_H

#include "run/results.h"

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
