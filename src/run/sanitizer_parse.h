/* run/sanitizer_parse.h - what compute-sanitizer said of a kernel rerun
 * under it, read from its text (sanitizer_parse.c) into the record of
 * results/sanitizer_record.h.  Part of run.h. */
#ifndef CULAB_RUN_SANITIZER_PARSE_H
#define CULAB_RUN_SANITIZER_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results/sanitizer_record.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads the text compute-sanitizer printed for one run of tool `tool`
 * ("memcheck", ...): appends its findings to rec (tool set to `tool`),
 * aggregated as results/sanitizer_record.h says, and sets *errors to its summary's count.  Lines
 * that are not compute-sanitizer's ("========= " ones) are the target's
 * and are skipped; records of the CUDA API ("Program hit ...") are the
 * consequence of a kernel's, and are skipped too.  Returns 1 when the
 * text holds the tool's summary line (it ran to the end), else 0.  Pure:
 * no I/O. */
int sanitizer_parse(const char *text, const char *tool,
		    struct sanitizer_record *rec, uint64_t *errors);

#ifdef __cplusplus
}
#endif

#endif
