/* results/sanitizer_record.h - what compute-sanitizer said of a kernel rerun
 * under it, as a row records it: findings, each tool's run, and the
 * record's one-line summary (sanitizer_record.c).  Data only: the text
 * is read by run/sanitizer_parse.h. */
#ifndef CULAB_RESULTS_SANITIZER_RECORD_H
#define CULAB_RESULTS_SANITIZER_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What compute-sanitizer said when culab reran a failed kernel of the
 * user's alone under it (jobs/sanitizer_reruns.c runs it; run/sanitizer_parse.c reads
 * its text output, a pure function the tests feed recorded output).
 *
 * One finding is every record of one kind at one line of one tool's
 * output, aggregated: the threads and blocks that made them as ranges,
 * and their count.  Texts are the tool's own words where it has them
 * (`what`: "Invalid __shared__ read of size 4 bytes"); the report words
 * them in its languages from the fields. */
struct sanitizer_finding {
	char *tool;             /* "memcheck", "racecheck", "synccheck" */
	char *kind;             /* "access" (an invalid access), "race",
				   "barrier" (synccheck), "other" */
	char *what;             /* the record's first line, as printed */
	char *space;            /* "shared", "global", "local"; or NULL */
	char *access;           /* "read", "write", "atomic"...; or NULL
				   (a race: the first access's) */
	int size;               /* bytes of one access; 0 unknown */
	/* access: "out of bounds" or "misaligned"; race: "error" or
	 * "warning" (racecheck's severity); barrier: what synccheck says
	 * after "Barrier error detected." ("divergent thread(s) in
	 * warp"); else NULL */
	char *problem;
	char *function;         /* as the tool names it; NULL unknown */
	char *file;             /* base name, as the text output has it;
				   NULL without -lineinfo */
	int line;               /* 1-based; 0 unknown */
	/* a race's other access (racecheck: "and Read access at ...") */
	char *other_access;
	char *other_file;
	int other_line;
	/* who: ranges of threadIdx and blockIdx ("8-255", "0-3", or "x 0-31,
	 * y 4-7" when y or z vary); NULL when the records name none (races) */
	char *threads;
	char *blocks;
	uint64_t count;         /* records; a race's hazards */
	/* an access to global memory near an allocation: its size, and how
	 * far from it (bytes after its end, or before its start: `nearest`
	 * "after" or "before"; NULL when the tool said nothing) */
	uint64_t alloc_bytes;
	char *nearest;
	uint64_t nearest_min, nearest_max;
};

/* How one tool's run went. */
enum sanitizer_outcome {
	SAN_CLEAN,              /* it ran the kernel and found nothing */
	SAN_FOUND,              /* it found something (findings, or errors
				   in its summary) */
	SAN_TIMED_OUT,          /* killed at the time limit */
	SAN_FAILED,             /* it could not run the kernel (why) */
	SAN__OUTCOMES
};

struct sanitizer_tool {
	char *tool;
	enum sanitizer_outcome outcome;
	uint64_t errors;        /* its summary's count: ERROR SUMMARY's
				   errors, RACECHECK SUMMARY's hazards */
	int answer;             /* the kernel's answer under the tool: 1
				   wrong again, 0 right, -1 unknown */
	char *why;              /* SAN_TIMED_OUT, SAN_FAILED: why */
	double seconds;         /* wall time of the tool's run */
};

/* The most findings a record keeps (sanitizer_parse stops there; the
 * results reader refuses more). */
#define SANITIZER_MAX_FINDINGS 4096

/* A row's record: the measurement rerun, each tool's run, the findings.
 * state "not installed": no tool ran, and `command` is what would. */
struct sanitizer_record {
	char *state;            /* "ran" | "not installed" */
	char *label;            /* the measurement rerun (plan.h's label) */
	uint64_t n, m;          /* its size */
	char *command;          /* memcheck's command line, to paste */
	size_t ntools;
	struct sanitizer_tool *tools;
	size_t nfindings;
	struct sanitizer_finding *findings;
};

/* "clean", "found", "timed out", "failed". */
const char *sanitizer_outcome_name(enum sanitizer_outcome o);
/* Returns 0 and sets *o for the outcome called `s`, or -1. */
int sanitizer_outcome_parse(const char *s, enum sanitizer_outcome *o);

/* The texts of *f freed, and it zeroed. */
void sanitizer_finding_release(struct sanitizer_finding *f);

/* The findings, tools and texts of *rec freed, and it zeroed; accepts
 * NULL.  sanitizer_record_free() frees rec too. */
void sanitizer_record_release(struct sanitizer_record *rec);
void sanitizer_record_free(struct sanitizer_record *rec);

/* The one-line summary a row keeps in result_row.sanitizer, as the
 * registry records its unsafe rungs' ("memcheck: 969 errors (Invalid
 * __shared__ read of size 4 bytes at s.cu:9); racecheck: 0 hazards";
 * a race: "racecheck: 4080 hazards (a race between a write at s.cu:18
 * and a read at s.cu:22)").  Caller frees. */
char *sanitizer_summary(const struct sanitizer_record *rec);

#ifdef __cplusplus
}
#endif

#endif
