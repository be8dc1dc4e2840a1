/* cli_help.c - `culab help` and `culab completion`: the table read back to
 * the user, as help text, the manual page or a completion script.  The
 * handlers get the whole table through their context (cx->prog), so
 * nothing here names another command's file. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "args_gen.h"
#include "base/exitcode.h"
#include "cli.h"

int cmd_help(struct cli_context *cx)
{
	const struct cli_command *c;
	bool man = false;

	for (size_t i = 0; i < cx->args.nopts; i++)
		man |= cx->args.opts[i].key == K_MAN;
	if (man && cx->args.noperands)
		return cli_usage_error(cx->cmd, "--man prints the whole manual; "
				       "it takes no command");
	if (man)
		return args_gen_man(cx->prog, stdout) < 0 ? EXIT_FAILED : EXIT_OK;
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

int cmd_completion(struct cli_context *cx)
{
	const char *shell = cx->args.operands[0];
	int rc = strcmp(shell, "zsh") == 0 ? args_gen_zsh(cx->prog, stdout) :
		 args_gen_bash(cx->prog, stdout);

	return rc < 0 ? EXIT_FAILED : EXIT_OK;
}
