/* args_gen.h - what is generated from the command table (args.h) besides
 * help: the manual page and the shell completions.  `culab help --man`
 * and `culab completion bash|zsh` print them; the Makefile writes them
 * into build/ (culab.1, completions/culab, completions/_culab) and
 * `make install` installs them.  Hidden rows are left out of all three.
 * Each returns 0, or -1 after a diagnostic when fp cannot be written. */
#ifndef CULAB_CLI_ARGS_GEN_H
#define CULAB_CLI_ARGS_GEN_H

#include <stdio.h>

#include "args.h"

/* culab.1 in roff (man(7) macros): NAME, SYNOPSIS, DESCRIPTION, one
 * subsection a command (usage, help text, options), EXIT STATUS. */
int args_gen_man(const struct cli_program *p, FILE *fp);

/* A bash completion script: `complete -F _culab culab`.  Completes
 * commands, each command's options, the words of choice options and
 * operands, command names for `culab help`, files and directories where
 * an option or operand names one. */
int args_gen_bash(const struct cli_program *p, FILE *fp);

/* The same for zsh (#compdef culab, with _arguments). */
int args_gen_zsh(const struct cli_program *p, FILE *fp);

#endif
