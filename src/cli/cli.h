/* cli.h - what main.c, the command table, lends the files that implement
 * some of its subcommands (cli_compare.c: compare and rerun;
 * cli_cluster.c: merge and slurm), and their handlers.  Handlers return
 * an exit code from exitcode.h. */
#ifndef CULAB_CLI_H
#define CULAB_CLI_H

#include <stdio.h>

#include "compare/compare.h"
#include "run/run.h"

struct command;

/* The row of subcommand `name`, or NULL. */
const struct command *find_command(const char *name);
/* "culab: error: ..." and the command's usage line (c NULL: the general
 * one); returns EXIT_USAGE. */
int usage_error(const struct command *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* An option that names a file or a directory must name one: returns 0,
 * or EXIT_USAGE after one line ("-o/--output needs a directory name, not
 * \"\"") when `value` is empty.  what: "a file", "a directory". */
int cli_need_name(const char *opt, const char *what, const char *value);
/* The command's usage and help text. */
void print_help(const struct command *c, FILE *fp);
/* This process's command line, shell-quoted, for the results' record. */
const char *cli_command_line(void);
/* The last lines of a run: counts, and every failed row. */
void run_summary(const struct results *r, const char *outdir);

/* ---- cli_compare.c ------------------------------------------------ */

/* Most --match options. */
#define CLI_MAX_MATCH 64

/* The options compare, rerun and report --baseline share. */
struct cmp_opts {
	double threshold;          /* 0: COMPARE_THRESHOLD */
	unsigned fail_mask;        /* --fail-on (compare_fail_mask) */
	struct compare_match match[CLI_MAX_MATCH];
	size_t nmatch;
};

/* --threshold T (0 < T < 1) into *t; --match BASE=NEW into o (s is
 * split in place).  Each returns 0, or EXIT_USAGE after a usage error. */
int cli_parse_threshold(const struct command *c, const char *s, double *t);
int cli_parse_match(const struct command *c, char *s, struct cmp_opts *o);
/* Every --match of o names an experiment of r[0] and of one of r[1..n).
 * Returns 0, or EXIT_USAGE after a usage error. */
int cli_check_matches(const struct command *c, const struct cmp_opts *o,
		      const struct results *r, size_t n);

/* report --baseline: reads the baseline and the results file into
 * both[0] and both[1] as compare does (both released on failure) and
 * compares them into *cmp.  Returns 0, or EXIT_USAGE after one error
 * line (the same file twice, no row in common, ...). */
int cli_baseline(const struct command *c, const char *baseline,
		 const char *path, const struct cmp_opts *co,
		 struct results both[2], struct compare *cmp);

int cmd_compare(int argc, char **argv);
int cmd_rerun(int argc, char **argv);

/* ---- cli_cluster.c ------------------------------------------------ */

int cmd_merge(int argc, char **argv);
int cmd_slurm(int argc, char **argv);
/* Their help texts, for the command table. */
extern const char cli_merge_help[];
extern const char cli_slurm_help[];

#endif
