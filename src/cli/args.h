/* args.h - culab's command-line grammar: one table of commands, each with
 * its options as data, and everything made from it.
 *
 * A command is a row (name, handler, summary, operands, help text,
 * options); an option is a row (key, long name, short letter, what its
 * argument is, one line of help, flags).  The parser, `--help`, the usage
 * lines, "did you mean", the man page and the shell completions all read
 * the same rows (args.c, args_gen.c), so none can drift from another, and
 * every command keeps the same habits:
 *
 *   - every command answers -h/--help and -q/--quiet, and --json when its
 *     row says it prints data (CLI_JSON): the parser adds those rows;
 *   - options may come before, between or after operands; "--" ends
 *     them; a long option takes its argument as "--output DIR" or
 *     "--output=DIR", a short one as "-o DIR" or "-oDIR"; flags cluster
 *     ("-qv"); long names are never abbreviated;
 *   - an error is one line on stderr that ends in where help is, and
 *     names the nearest option, command or choice:
 *       culab: error: unknown option "--outpt" for "run"; did you mean
 *       "--output"? (culab run --help)
 *   - help text is wrapped at 80 columns.
 *
 * Nothing here knows culab's own commands: the table is cli_table.c's,
 * and handlers receive their row, so no command file looks another up. */
#ifndef CULAB_CLI_ARGS_H
#define CULAB_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/diag.h"

/* Columns of every line of help, usage and the main help. */
#define CLI_WIDTH 80

/* What an option's argument or a command's operand is: the noun of a
 * missing-argument error, what the parser checks and what completion
 * offers. */
enum cli_arg {
	CLI_ARG_NONE,     /* a flag: no argument */
	CLI_ARG_FILE,     /* a file name, never empty (completion: files) */
	CLI_ARG_DIR,      /* a directory name, never empty (directories) */
	CLI_ARG_NUMBER,   /* a number, checked by the handler */
	CLI_ARG_TEXT,     /* anything, checked by the handler */
	CLI_ARG_CHOICE,   /* one word of the row's choices, checked here */
	CLI_ARG_COMMAND,  /* the name of a command (`culab help`) */
};

enum cli_flags {
	/* option or command: parsed, but in no help, usage, man page or
	 * completion (run's --part, which workers pass) */
	CLI_HIDDEN = 1 << 0,
	/* command: prints data, so it has --json */
	CLI_JSON = 1 << 1,
};

/* The keys of the rows the parser adds; handlers never see them (they
 * read cli_args.help, quiet, json).  Handlers' own keys are positive. */
enum { CLI_KEY_HELP = -1, CLI_KEY_QUIET = -2, CLI_KEY_JSON = -3 };

struct cli_option {
	int key;              /* handed to the handler: a letter or its enum */
	const char *name;     /* the long name without "--"; NULL ends a list */
	char letter;          /* the short form, or 0 */
	enum cli_arg arg;     /* CLI_ARG_NONE: a flag */
	const char *metavar;  /* the argument in usage and help: "DIR" */
	const char *choices;  /* CLI_ARG_CHOICE: the words, "en zh both" */
	const char *help;     /* one line; wrapped where it is printed */
	unsigned flags;       /* CLI_HIDDEN */
};

struct cli_context;

struct cli_command {
	const char *name;
	/* Runs the command (cx->args parsed and checked); returns an exit
	 * code of exitcode.h. */
	int (*run)(struct cli_context *cx);
	const char *summary;     /* one line, for `culab --help` */
	const char *operands;    /* their words in usage: "EXPERIMENT.yaml..." */
	enum cli_arg operand;    /* what they are, for completion and checks */
	const char *choices;     /* CLI_ARG_CHOICE: "kernels metrics chips" */
	int min_operands;
	int max_operands;        /* -1: no limit */
	/* the error when their count is wrong, after the command's name:
	 * "needs exactly one experiment file" */
	const char *operands_error;
	const char *about;       /* what it does: paragraphs, lines <= 80 */
	const struct cli_option *options;  /* ends with a row of name NULL */
	const char *quiet_help;  /* -q's line (NULL: "print errors only") */
	const char *json_help;   /* --json's line (NULL: a plain one) */
	const char *notes;       /* after the options (environment, ...) */
	unsigned flags;          /* CLI_JSON, CLI_HIDDEN */
};

/* The whole command line: what `culab --help` and the man page say
 * around the commands. */
struct cli_program {
	const char *name;                    /* "culab" */
	const char *version;                 /* "0.1.0" */
	const char *summary;                 /* the man page's NAME line */
	const char *about;                   /* the paragraph of --help */
	const struct cli_command *commands;
	size_t ncommands;
};

/* One option as given, in command-line order. */
struct cli_value {
	const struct cli_option *opt;
	int key;                 /* opt->key */
	char *arg;               /* its argument (in argv), NULL for a flag */
	bool letter;             /* typed as "-o", not "--output" */
};

struct cli_args {
	bool help, quiet, json;  /* -h, -q, --json */
	struct cli_value *opts;  /* every other option, in order */
	size_t nopts;
	char **operands;         /* argv's strings, NULL-terminated */
	size_t noperands;
};

/* What a handler gets. */
struct cli_context {
	const struct cli_program *prog;   /* the table: help, completion */
	const struct cli_command *cmd;    /* the handler's own row */
	struct cli_args args;
	const char *command_line;         /* argv shell-quoted, for results */
};

/* The row of command `name` (hidden ones too), or NULL. */
const struct cli_command *cli_find(const struct cli_program *p,
				   const char *name);

/* The i-th option of c: its own rows, then --json (CLI_JSON), -q and
 * -h; NULL past the last.  Hidden rows included. */
const struct cli_option *cli_option_at(const struct cli_command *c,
				       size_t i);
/* The help line of option o of c (-q's and --json's may be the
 * command's own). */
const char *cli_option_help(const struct cli_command *c,
			    const struct cli_option *o);
/* "a directory", "a file", ...: what an argument of kind k is. */
const char *cli_arg_noun(enum cli_arg k);

/* Parses argv[1..argc) (argv[0] is the command's name) by c's rows into
 * *a: options, and operands checked for their count and choices.  With
 * -h/--help, parsing stops there and a->help is set.  Returns 0, or
 * EXIT_USAGE after one error line.  Release *a with cli_args_release in
 * both cases. */
int cli_parse(const struct cli_command *c, int argc, char **argv,
	      struct cli_args *a);
void cli_args_release(struct cli_args *a);

/* "culab: error: MESSAGE (culab CMD --help)" on one line (c NULL: "culab
 * --help"); returns EXIT_USAGE. */
int cli_usage_error(const struct cli_command *c, const char *fmt, ...)
	DIAG_PRINTF(2, 3);
/* The same of option v: "option "--device" MESSAGE (culab run --help)". */
int cli_value_error(const struct cli_command *c, const struct cli_value *v,
		    const char *fmt, ...) DIAG_PRINTF(3, 4);
/* An unknown command, with the nearest one; returns EXIT_USAGE. */
int cli_unknown_command(const struct cli_program *p, const char *name);

/* The usage lines, the about text, the options and the notes of c:
 * `culab help CMD` and `culab CMD --help`. */
void cli_print_help(const struct cli_command *c, FILE *fp);
/* `culab --help`: usage, the program's paragraph, the commands, the exit
 * codes. */
void cli_print_program_help(const struct cli_program *p, FILE *fp);

/* Writes text to fp from column col, words wrapped at CLI_WIDTH with
 * continuation lines indented by `indent`; ends the line. */
void cli_wrap(FILE *fp, const char *text, size_t col, size_t indent);
/* The usage term of option o: "-o, --output DIR", "    --resume". */
void cli_option_term(const struct cli_option *o, char *buf, size_t size);
/* The i-th word of c's usage line into buf: "[-o DIR]", "[--resume]", then
 * the operands; false past the last.  Hidden options and -h are left
 * out. */
bool cli_usage_word(const struct cli_command *c, size_t i, char *buf,
		    size_t size);

#endif
