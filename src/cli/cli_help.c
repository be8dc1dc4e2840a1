/* cli_help.c - `culab help`: the table read back to the user.  The
 * handler gets the whole table through its context (cx->prog), so
 * nothing here names another command's file. */
#include <stdio.h>

#include "base/exitcode.h"
#include "cli.h"

int cmd_help(struct cli_context *cx)
{
	const struct cli_command *c;

	if (!cx->args.noperands) {
		cli_print_program_help(cx->prog, stdout);
		return EXIT_OK;
	}
	c = cli_find(cx->prog, cx->args.operands[0]);
	if (!c)
		return cli_unknown_command(cx->prog, cx->args.operands[0]);
	cli_print_help(c, stdout);
	return EXIT_OK;
}
