/* counters/counters.h - what culab learns from CUPTI.
 *
 * Takes kernel launches to watch or to profile, and counter names to
 * check; gives raw and derived counter values, each kernel's resources
 * and occupancy, and the words for what CUPTI refuses.  It stands below
 * every stage that measures (ladder, experiment, plan, run) and every one
 * that reads counters (compare, report).  counters_*.cpp and
 * launch_watch.cpp are the only files that include CUPTI.
 *
 * The one header other folders include (and instrument.h, the runner's
 * counting by instrumentation where CUPTI is refused).  Its parts, one
 * header each: the profiling session (profiling.h), the counter aliases
 * and plans (aliases.h), the chips CUPTI knows (chips.h), what a kernel
 * takes of a multiprocessor (occupancy.h), the launch watch (watch.h),
 * and counters per source line (per_line.h). */
#ifndef CULAB_COUNTERS_H
#define CULAB_COUNTERS_H

#include "profiling.h"
#include "aliases.h"
#include "chips.h"
#include "occupancy.h"
#include "watch.h"
#include "per_line.h"

#endif
