/* cli.h - what the subcommands written outside main.c share with its
 * command table: usage errors and help from their rows, and the command
 * line for the results' record. */
#ifndef CULAB_CLI_H
#define CULAB_CLI_H

#include <stdio.h>

/* "culab: error: ..." and the usage line of command `cmd`; returns
 * EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The help of command `cmd`. */
void cli_help(const char *cmd, FILE *fp);

/* The command line culab was started with, shell-quoted. */
const char *cli_command_line(void);

/* Subcommands of cmd_cluster.c: merge results, write Slurm jobs. */
int cmd_merge(int argc, char **argv);
int cmd_slurm(int argc, char **argv);

#endif
