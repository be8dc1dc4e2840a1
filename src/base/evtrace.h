/* evtrace.h - where a run's wall time goes, across processes: with
 * CULAB_EVENT_TRACE=FILE set, each of culab's processes (a run --devices
 * parent, its workers, the per-line children) appends one line per event
 * to FILE:
 *
 *     SECONDS <tab> PID <tab> ABOUT <tab> EVENT <tab> LABEL
 *
 * SECONDS on the node's monotonic clock (the same in every process),
 * PID the writer, ABOUT the process the event is about (a parent's
 * "start" of a child names the child; 0 for the writer itself), LABEL a
 * measurement's label or "" (control characters as '?').  Each line is
 * one write() to a file opened O_APPEND, so the processes' lines do not
 * mix.  tests/gpu/scale.sh sets it and tests/gpu/evtrace.awk reads it
 * (issue 27's per-line phase).  Unset, an event costs a branch. */
#ifndef CULAB_EVTRACE_H
#define CULAB_EVTRACE_H

#include <stdbool.h>
#include <sys/types.h>

/* Opens FILE when the variable is set; the event "exit" is written at
 * exit, after every later atexit handler (CUDA's teardown among them):
 * called first thing in main. */
void evtrace_init(void);
bool evtrace_on(void);
void evtrace(const char *event, pid_t about, const char *label);

#endif
