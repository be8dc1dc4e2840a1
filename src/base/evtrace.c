/* evtrace.c - CULAB_EVENT_TRACE: events of culab's processes on one clock
 * (evtrace.h). */
#include "base/evtrace.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

static int trace_fd = -1;

static void at_exit(void)
{
	evtrace("exit", 0, "");
}

void evtrace_init(void)
{
	if (trace_fd >= 0)
		return;
	/* not a FIFO or a device: every command would wait on it */
	trace_fd = env_trace_open("CULAB_EVENT_TRACE", false);
	if (trace_fd >= 0)
		atexit(at_exit);
}

bool evtrace_on(void)
{
	return trace_fd >= 0;
}

void evtrace(const char *event, pid_t about, const char *label)
{
	char line[512], what[256];
	size_t k = 0;
	int n;

	if (trace_fd < 0)
		return;
	for (const char *c = label ? label : ""; *c && k < sizeof(what) - 1;
	     c++)
		what[k++] = (unsigned char)*c < 0x20 ? '?' : *c;
	what[k] = '\0';
	n = snprintf(line, sizeof(line), "%.6f\t%d\t%d\t%s\t%s\n",
		     monotonic_seconds(), (int)getpid(), (int)about, event,
		     what);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(line)) {
		n = (int)sizeof(line) - 1;
		line[n - 1] = '\n';
	}
	/* one write: O_APPEND keeps the processes' lines whole */
	if (write(trace_fd, line, (size_t)n) < 0)
		return;
}
