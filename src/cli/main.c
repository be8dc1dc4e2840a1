/* main.c - culab's entry: finds the command in the table (cli_table.c),
 * parses its arguments by its rows (args.h) and calls its handler.
 *
 * Nothing else happens here: options, help and errors are the table's
 * and the grammar's, and each command lives in a cli_*.c file of its own
 * (cli.h), so this file calls down and nothing calls back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "base/diag.h"
#include "base/evtrace.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "cli.h"
#include "culab_version.h"

const char *exit_text(int code)
{
#define X(name, num, text) if (code == num) return text;
	CULAB_EXIT_MAP(X)
#undef X
	return "unknown exit code";
}

/* Joins argv into one shell-quoted line, for the results' record. */
static char *command_line(int argc, char **argv)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789-_./=:,+@%^";
	struct sbuf s = SBUF_INIT;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (i)
			sbuf_addc(&s, ' ');
		if (*a && strspn(a, plain) == strlen(a)) {
			sbuf_add(&s, a);
			continue;
		}
		sbuf_addc(&s, '\'');
		for (; *a; a++) {
			if (*a == '\'')
				sbuf_add(&s, "'\\''");
			else
				sbuf_addc(&s, *a);
		}
		sbuf_addc(&s, '\'');
	}
	return sbuf_detach(&s);
}

int main(int argc, char **argv)
{
	struct cli_context cx = { .prog = &cli_program };
	char *line = NULL;
	int rc;

	evtrace_init();
	evtrace("main", 0, argc > 1 ? argv[1] : "");
	if (argc < 2) {         /* what there is to do, as --help says */
		cli_print_program_help(&cli_program, stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		cli_print_program_help(&cli_program, stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("culab %s (commit %s)\nGPU code: %s\n", CULAB_VERSION,
		       CULAB_COMMIT, CULAB_GPU_CODE);
		return EXIT_OK;
	}
	if (argv[1][0] == '-' && argv[1][1])
		return cli_usage_error(NULL, "unknown option \"%s\"; culab takes "
				       "--help and --version before a command",
				       argv[1]);
	cx.cmd = cli_find(&cli_program, argv[1]);
	if (!cx.cmd)
		return cli_unknown_command(&cli_program, argv[1]);
	rc = cli_parse(cx.cmd, argc - 1, argv + 1, &cx.args);
	if (rc == EXIT_OK && cx.args.help) {
		cli_print_help(cx.cmd, stdout);
	} else if (rc == EXIT_OK) {
		cx.command_line = line = command_line(argc, argv);
		rc = cx.cmd->run(&cx);
	}
	cli_args_release(&cx.args);
	free(line);
	return rc;
}
