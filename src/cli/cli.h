/* cli.h - culab's commands: the table (cli_table.c), the handlers of its
 * rows and what some of them share.
 *
 * Takes the command line; gives the pipeline's runs, reports and
 * documents, one command at a time.  The top of src/: nothing includes
 * this folder.
 *
 *   main.c          reads the table, parses (args.h), calls the handler
 *   cli_table.c     the table: every command and option as data
 *   cli_run.c       run, plan
 *   cli_check.c     check, list (and the chip and architecture options)
 *   cli_report.c    report, verify, devices
 *   cli_compare.c   compare, rerun
 *   cli_cluster.c   merge, slurm
 *   cli_help.c      help, completion (the man page and completion
 *                   scripts come from args_gen.h)
 *   cli_shared.c    what several of them share: option values, the
 *                   comparison with a baseline, the run summary
 *   args.c          the parser of the table's options (args_gen.c: the
 *                   man page and completion scripts)
 *
 * The child processes a run starts (workers, per-line children,
 * compute-sanitizer reruns), the Slurm scripts and the output printers
 * are the stage below, jobs/ (jobs/jobs.h).
 *
 * A handler gets its own row and the parsed arguments in a cli_context
 * and returns an exit code of exitcode.h; it never looks up another
 * command nor calls another command's file, so these files call
 * downwards only: main.c -> cli_table.c -> the handlers -> cli_shared.c
 * -> args.c, and jobs/. */
#ifndef CULAB_CLI_H
#define CULAB_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "args.h"
#include "compare/compare.h"
#include "run/run.h"

/* The keys of the table's options: a short option's letter, or one of
 * these.  One key means one thing in every command that has it. */
enum cli_key {
	K_OUTPUT = 'o',
	K_DEVICE = 'd',
	K_VERBOSE = 'v',
	K_DEVICES = 256,
	K_SHARD,
	K_NO_COUNTERS,
	K_PROFILE_ONLY,
	K_RESUME,
	K_VARIANT,
	K_NOTE,
	K_NO_REPORT,
	K_LANG,
	K_LOCK_CLOCKS,
	K_QUEUE,
	K_MEASUREMENT,
	K_NO_LINES,
	K_NO_SANITIZER,
	K_LINES_CHILD,
	K_LINES_GO,
	K_LINES_HELD,
	K_STALLS_ONLY,
	K_NO_STALLS,
	K_INSTRUMENTED,
	K_PIECE,
	K_AS_DEVICE,
	K_ROUNDS,
	K_KEEP_FAILED,
	K_FAIL_NEXT,
	K_RESUME_DIR,
	K_ARCH,
	K_CHIP,
	K_SMS,
	K_MARKDOWN,
	K_PARTIAL,
	K_PLANS,
	K_SHARDS,
	K_PARTITION,
	K_MERGE_PARTITION,
	K_ACCOUNT,
	K_TIME,
	K_GPUS_PER_TASK,
	K_SUBMIT,
	K_CULAB,
	K_TEST_PLANS,
	K_FORMAT,
	K_TEMPLATE,
	K_NO_CHARTS,
	K_GNUPLOT,
	K_BASELINE,
	K_THRESHOLD,
	K_MATCH,
	K_CHART,
	K_FAIL_ON,
	K_FLOOR,
	K_NOISE,
	K_MAN,
};

/* The table (cli_table.c). */
extern const struct cli_program cli_program;

/* ---- the handlers ----------------------------------------------------- */

int cmd_run(struct cli_context *cx);
int cmd_plan(struct cli_context *cx);
int cmd_check(struct cli_context *cx);
int cmd_list(struct cli_context *cx);
int cmd_report(struct cli_context *cx);
int cmd_verify(struct cli_context *cx);
int cmd_devices(struct cli_context *cx);
int cmd_compare(struct cli_context *cx);
int cmd_rerun(struct cli_context *cx);
int cmd_merge(struct cli_context *cx);
int cmd_slurm(struct cli_context *cx);
int cmd_help(struct cli_context *cx);
int cmd_completion(struct cli_context *cx);
int cmd_compile_child(struct cli_context *cx);

/* ---- cli_shared.c: what several commands share ---------------------------- */

struct report_options;
struct results;
/* "culab: report: DIR/{report,details,details-reduce}.{en,zh}.{md,html}":
 * the pages ro rendered into dir from r, as *ro->wrote (which must be
 * set) says, each family's details page with the details page: a page
 * too large for HTML is left out, its Markdown named; with a class a
 * line for gradebook.csv. */
void cli_report_line(const char *dir, const struct report_options *ro,
		     const struct results *r);
struct output_input;
/* Before a command writes `writes` (enum output_writes) into dir: that
 * no input in[0..n), nor a template ro reads (ro NULL: none), is a file
 * writing there would replace (output_check_inputs, jobs/output.h).
 * Returns 0, or EXIT_USAGE after one error line. */
int cli_check_outputs(const struct cli_command *c, const char *dir,
		      const struct report_options *ro, unsigned writes,
		      const struct output_input *in, size_t n);
/* The last lines of a run: counts, and every failed row. */
void run_summary(const struct results *r, const char *outdir);
/* Option v's argument as an integer from 0 to max into *out; returns 0,
 * or EXIT_USAGE after one error line. */
int cli_number(const struct cli_command *c, const struct cli_value *v,
	       int max, int *out);

/* Most --match options. */
#define CLI_MAX_MATCH 64

/* The options compare, rerun and report --baseline share. */
struct cmp_opts {
	double threshold;          /* 0: COMPARE_THRESHOLD */
	unsigned fail_mask;        /* --fail-on (compare_fail_mask) */
	struct compare_match match[CLI_MAX_MATCH];
	size_t nmatch;
	enum compare_floor_mode floor_mode; /* --floor none|F */
	double floor;
	bool floor_given;
};

/* --threshold T (0 < T < 1) into *t; --floor none|F (0 < F < 1) into o;
 * --match BASE=NEW into o (its argument is split in place).  Each
 * returns 0, or EXIT_USAGE after one error line. */
int cli_parse_threshold(const struct cli_command *c, const struct cli_value *v,
			double *t);
int cli_parse_floor(const struct cli_command *c, const struct cli_value *v,
		    struct cmp_opts *o);
/* The comparison options of o. */
struct compare_options cli_compare_options(const struct cmp_opts *o);
int cli_parse_match(const struct cli_command *c, const struct cli_value *v,
		    struct cmp_opts *o);

/* Every --match of o names an experiment of r[0] and of one of r[1..n).
 * Returns 0, or EXIT_USAGE after one error line. */
int cli_check_matches(const struct cli_command *c, const struct cmp_opts *o,
		      const struct results *r, size_t n);

/* report --baseline: reads the baseline and the results file into
 * both[0] and both[1] as compare does (both released on failure) and
 * compares them into *cmp.  Returns 0, or EXIT_USAGE after one error
 * line (the same file twice, no row in common, ...). */
int cli_baseline(const struct cli_command *c, const char *baseline,
		 const char *path, const struct cmp_opts *co,
		 struct results both[2], struct compare *cmp);

#endif
