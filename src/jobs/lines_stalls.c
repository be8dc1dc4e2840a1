/* lines_stalls.c - where warps wait, sampled for a run's per-line rows by
 * one child process.  See lines_stalls.h. */
#include "lines_stalls.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/evtrace.h"
#include "base/util.h"
#include "counters/counters.h"
#include "results/results.h"

int lines_stalls_start(const struct lines_options *o, int device,
		       const char *uuid, const char *const *labels,
		       struct result_row **rows, size_t n,
		       struct lines_stalls *s)
{
	size_t len = 0;
	char *list, *at;

	memset(s, 0, sizeof(*s));
	if (!n || !lines_stalls_wanted())
		return -1;
	for (size_t i = 0; i < n; i++)
		len += strlen(labels[i]) + 1;
	if (len > LINES_STALLS_MAX_LABELS)
		return -1;
	if (!(s->dir = lines_child_dir(o->outdir, device, LINES_DIR_STALLS)))
		return -1;
	lines_child_clean(s->dir);
	at = list = xcalloc(len + 1, 1);
	for (size_t i = 0; i < n; i++)
		at += sprintf(at, "%s%s", i ? "," : "", labels[i]);
	s->t0 = monotonic_seconds();
	s->timeout = lines_timeout(o);
	s->pid = lines_child_start(o, device, uuid, list, s->dir, NULL, false,
				   LC_STALLS);
	free(list);
	if (s->pid < 0) {
		s->pid = 0;
		lines_stalls_release(s);
		return -1;
	}
	evtrace("start", s->pid, "stalls");
	s->n = n;
	s->rows = xcalloc(n, sizeof(*s->rows));
	memcpy(s->rows, rows, n * sizeof(*rows));
	s->got = xcalloc(n, sizeof(*s->got));
	return 0;
}

bool lines_stalls_ended(struct lines_stalls *s, pid_t pid, int st)
{
	char *path, *log;
	struct results cr;
	const char *why = NULL;
	size_t got = 0;

	if (!s->pid || pid != s->pid)
		return false;
	s->pid = 0;
	evtrace("ended", pid, "stalls");
	path = xasprintf("%s/results.json", s->dir);
	log = xasprintf("%s/child.log", s->dir);
	if (!s->late && access(path, F_OK) == 0 &&
	    results_read(path, &cr) == 0) {
		for (size_t j = 0; j < cr.nrows; j++) {
			struct source_lines *l = &cr.rows[j].lines;

			for (size_t i = 0; i < s->n; i++) {
				if (!results_row_same(&cr.rows[j], s->rows[i]))
					continue;
				if (l->recorded && !l->status) {
					s->got[i] = *l;
					memset(l, 0, sizeof(*l));
					got++;
				} else if (!why && l->status) {
					why = l->status;
				}
				break;
			}
		}
		if (got < s->n) {
			char *w = why ? xstrdup(why) :
				  lines_child_why(st, s->late, s->timeout, log);

			diag_note("where warps wait was not sampled for %zu of "
				  "%zu measurements: %s", s->n - got, s->n, w);
			free(w);
		}
		results_release(&cr);
	} else {
		char *w = lines_child_why(st, s->late, s->timeout, log);

		diag_note("where warps wait was not sampled: %s", w);
		free(w);
	}
	lines_child_clean(s->dir);
	free(path);
	free(log);
	return true;
}

void lines_stalls_merge(struct lines_stalls *s)
{
	for (size_t i = 0; i < s->n; i++) {
		struct source_lines *l = &s->rows[i]->lines;

		if (!s->got[i].recorded || !l->recorded || l->status)
			continue;
		source_lines_merge(l, &s->got[i]);
		source_lines_release(&s->got[i]);
	}
}

void lines_stalls_watch(const struct lines_options *o,
			struct lines_stalls *s, bool stop)
{
	lines_child_watch(o, s->pid, s->t0, stop, &s->stopped, &s->late);
}

void lines_stalls_release(struct lines_stalls *s)
{
	for (size_t i = 0; s->got && i < s->n; i++)
		source_lines_release(&s->got[i]);
	free(s->got);
	free(s->rows);
	if (s->dir)
		rmdir(s->dir);
	free(s->dir);
	memset(s, 0, sizeof(*s));
}
