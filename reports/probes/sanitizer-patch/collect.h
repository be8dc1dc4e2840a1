/* collect.h - the probe's two collectors, each in a file of its own so that
 * each outside library is included in one place: cupti_pc.cpp (CUPTI's
 * SASS metrics) and sanitizer_pc.cpp (the Compute Sanitizer patching API).
 * Both write the same rows: kernel <TAB> pc offset <TAB> metric <TAB> value.
 * Functions return 0, or -1 after printing why to the log. */
#ifndef COLLECT_H
#define COLLECT_H

#include <stdint.h>
#include <stdio.h>

struct pct_table;

/* ---- CUPTI (cupti_pc.cpp) --------------------------------------------- */

/* Profiler initialized, metrics configured and enabled for the current
 * context.  Call after every launch of the process's own: CUPTI 13.0
 * collects only the first kernel launched after the configuration
 * (../../../../shared/research/cupti-sass-multi.md). */
int cuptipc_begin(FILE *log);
/* Flushes, writes the rows of every function recorded, disables and
 * unconfigures.  *rows: rows written. */
int cuptipc_end(FILE *tsv, FILE *log, size_t *rows);

/* ---- Compute Sanitizer (sanitizer_pc.cpp) ------------------------------ */

/* Subscribes; every module loaded from now on gets the patches of
 * patch_file (patches.cu).  Call before the first CUDA call. */
int sanpc_open(const char *patch_file, FILE *log);
/* The device table that the next launches count into (NULL: none). */
void sanpc_target(struct pct_table *dev_table);
/* Function start and size of a launched kernel, as the patching API says
 * (sanitizerGetFunctionPcAndSize at its launch); -1 if never launched. */
int sanpc_function(const char *name, uint64_t *pc, uint64_t *size);
/* Removes (on = 0) or puts back (on = 1) the patches of every module seen. */
int sanpc_patch(int on, FILE *log);
/* Seconds spent patching in the module-loaded callbacks, modules patched,
 * launches seen, sanitizer errors. */
void sanpc_stats(double *patch_s, int *modules, int *launches, int *errors);
void sanpc_close(void);

#endif
