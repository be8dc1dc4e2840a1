/* report_int.h - what the files of the report (report_render.c and report_*.c,
 * listed in report_render.c) share, and nothing else includes: the analysis
 * model's types, the message keys and the helpers each file lends the
 * others.  In four layers, one header each, every layer built on the ones
 * before it: the words (report_text.h), the analysis model
 * (report_analysis.h), the judgments drawn from it (report_judgments.h)
 * and the pages (report_pages.h).  Within a layer, sections are named
 * for the file that implements them.
 * report.h is the report's contract with the rest of culab; this header
 * may change with any of these files. */
#ifndef CULAB_REPORT_INT_H
#define CULAB_REPORT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "compare/floor.h"
#include "results/results.h"
#include "base/stats.h"
#include "base/util.h"

struct metric_alias;
struct metric_column_def;
struct plot_set;
struct compare;
struct sig_check;
struct variant;

/* The layers, each on the ones before it (docs/source-layout.md). */
#include "report_text.h"
#include "report_analysis.h"
#include "report_judgments.h"
#include "report_pages.h"

#endif
