/* args_gen.c - the manual page and the bash and zsh completions, written
 * from the command table.  See args_gen.h.
 *
 * Nothing is written by hand here but the frame: every command, option,
 * metavar, choice and help line comes from the rows, so the man page and
 * the completions say what `--help` says.  The man page is plain man(7)
 * (no groff extensions), so `man -l` renders it on any system. */
#include "args_gen.h"

#include <errno.h>
#include <string.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/util.h"

static int finish(FILE *fp)
{
	if (fflush(fp) != 0 || ferror(fp))
		return diag_error("cannot write: %s", strerror(errno));
	return 0;
}

/* ---- the manual page -------------------------------------------------------- */

/* Text for roff: backslashes and minus signs escaped, and a control
 * character at the start of a line made text.  `nbsp` turns spaces into
 * unbreakable ones (usage words). */
static void roff(FILE *fp, const char *s, size_t len, bool nbsp)
{
	for (size_t i = 0; i < len; i++) {
		if (i == 0 && (s[i] == '.' || s[i] == '\''))
			fputs("\\&", fp);
		if (s[i] == '\\')
			fputs("\\e", fp);
		else if (s[i] == '-')
			fputs("\\-", fp);
		else if (s[i] == ' ' && nbsp)
			fputs("\\ ", fp);
		else
			fputc(s[i], fp);
	}
}

static void roff_line(FILE *fp, const char *s)
{
	roff(fp, s, strlen(s), false);
	fputc('\n', fp);
}

/* Paragraphs of a help text (a blank line between them): filled, or
 * kept as they are where a line is indented (lists, tables). */
static void roff_paragraphs(FILE *fp, const char *text)
{
	const char *p = text;

	while (p && *p) {
		const char *end = strstr(p, "\n\n");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		bool indented = p[0] == ' ' || memmem(p, len, "\n ", 2);

		fputs(indented ? ".PP\n.nf\n" : ".PP\n", fp);
		while (len) {
			const char *nl = memchr(p, '\n', len);
			size_t n = nl ? (size_t)(nl - p) : len;

			roff(fp, p, n, false);
			fputc('\n', fp);
			p += n;
			len -= n;
			if (len) {
				p++;
				len--;
			}
		}
		if (indented)
			fputs(".fi\n", fp);
		p = end ? end + 2 : NULL;
	}
}

static void man_command(FILE *fp, const struct cli_command *c)
{
	const struct cli_option *o;
	char word[128];

	fprintf(fp, ".SS \"culab %s\"\n.PP\n.B culab %s\n", c->name, c->name);
	for (size_t i = 0; cli_usage_word(c, i, word, sizeof(word)); i++) {
		roff(fp, word, strlen(word), true);
		fputc('\n', fp);
	}
	fputs(".PP\n", fp);
	roff_line(fp, c->summary);
	roff_paragraphs(fp, c->about);
	for (size_t i = 0; (o = cli_option_at(c, i)); i++) {
		if (o->flags & CLI_HIDDEN)
			continue;
		fputs(".TP\n", fp);
		if (o->letter)
			fprintf(fp, "\\fB\\-%c\\fR, ", o->letter);
		fputs("\\fB\\-\\-", fp);
		roff(fp, o->name, strlen(o->name), false);
		fputs("\\fR", fp);
		if (o->metavar) {
			fputs(" \\fI", fp);
			roff(fp, o->metavar, strlen(o->metavar), false);
			fputs("\\fR", fp);
		}
		fputc('\n', fp);
		roff_line(fp, cli_option_help(c, o));
	}
	roff_paragraphs(fp, c->notes);
}

int args_gen_man(const struct cli_program *p, FILE *fp)
{
	fprintf(fp, ".\\\" %s.1 - written by `%s help --man` from the command "
		"table\n.\\\" (src/cli/cli_table.c): change the table, not "
		"this file.\n", p->name, p->name);
	fprintf(fp, ".TH %s 1 \"\" \"%s %s\" \"User Commands\"\n.nh\n.ad l\n",
		"CULAB", p->name, p->version);
	fprintf(fp, ".SH NAME\n%s \\- ", p->name);
	roff_line(fp, p->summary);
	fprintf(fp, ".SH SYNOPSIS\n.B %s\n.I command\n[\\fIoptions\\fR] "
		"[\\fIoperands\\fR]\n.br\n.B %s\n\\fB\\-\\-help\\fR | "
		"\\fB\\-\\-version\\fR\n", p->name, p->name);
	fputs(".SH DESCRIPTION\n", fp);
	roff_paragraphs(fp, p->about);
	fputs(".PP\nEvery command takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR (its "
	      "help, as \\fBculab help\\fR \\fIcommand\\fR prints it) and "
	      "\\fB\\-q\\fR, \\fB\\-\\-quiet\\fR; those that print data take "
	      "\\fB\\-\\-json\\fR.  Options may come before or after operands, "
	      "and \\fB\\-\\-\\fR ends them.  An error is one line on standard "
	      "error.\n.SH COMMANDS\n", fp);
	for (size_t i = 0; i < p->ncommands; i++)
		if (!(p->commands[i].flags & CLI_HIDDEN))
			man_command(fp, &p->commands[i]);
	fputs(".SH \"EXIT STATUS\"\n", fp);
#define X(name, num, text) fprintf(fp, ".TP\n.B %d\n", num); roff_line(fp, text);
	CULAB_EXIT_MAP(X)
#undef X
	fprintf(fp, ".SH \"SEE ALSO\"\n\\fBculab help\\fR \\fIcommand\\fR; "
		"README.md and docs/ in culab's source.\n");
	return finish(fp);
}

/* ---- bash ----------------------------------------------------------------------- */

/* The space-separated names of the visible commands. */
static void command_words(const struct cli_program *p, FILE *fp)
{
	bool first = true;

	for (size_t i = 0; i < p->ncommands; i++) {
		if (p->commands[i].flags & CLI_HIDDEN)
			continue;
		fprintf(fp, "%s%s", first ? "" : " ", p->commands[i].name);
		first = false;
	}
}

/* What each shell offers for an argument of a kind; choices and command
 * names are words of the table, written by the functions below. */
static const struct {
	enum cli_arg kind;
	const char *bash;       /* a function of the script, or ":" */
	const char *zsh;        /* an _arguments action */
} actions[] = {
	{ CLI_ARG_NONE, ":", " " },
	{ CLI_ARG_FILE, "_culab_files", "_files" },
	{ CLI_ARG_DIR, "_culab_dirs", "_files -/" },
	{ CLI_ARG_NUMBER, ":", " " },
	{ CLI_ARG_TEXT, ":", " " },
};

static size_t action_of(enum cli_arg k)
{
	for (size_t i = 0; i < ARRAY_SIZE(actions); i++)
		if (actions[i].kind == k)
			return i;
	return 0;
}

/* What bash offers for an argument of kind k (choices: its words). */
static void bash_action(const struct cli_program *p, FILE *fp, enum cli_arg k,
			const char *choices)
{
	if (k == CLI_ARG_CHOICE) {
		fprintf(fp, "_culab_words '%s'", choices);
	} else if (k == CLI_ARG_COMMAND) {
		fputs("_culab_words '", fp);
		command_words(p, fp);
		fputc('\'', fp);
	} else {
		fputs(actions[action_of(k)].bash, fp);
	}
}

static void bash_command(const struct cli_program *p, FILE *fp,
			 const struct cli_command *c)
{
	const struct cli_option *o;
	bool any = false;

	fprintf(fp, "\t%s)\n\t\tcase $prev in\n", c->name);
	/* options with an argument: complete the argument */
	for (size_t i = 0; (o = cli_option_at(c, i)); i++) {
		if ((o->flags & CLI_HIDDEN) || o->arg == CLI_ARG_NONE)
			continue;
		fputs("\t\t", fp);
		if (o->letter)
			fprintf(fp, "-%c|", o->letter);
		fprintf(fp, "--%s) ", o->name);
		bash_action(p, fp, o->arg, o->choices);
		fputs("; return ;;\n", fp);
	}
	fputs("\t\tesac\n\t\tcase $cur in\n\t\t-*) _culab_words '", fp);
	for (size_t i = 0; (o = cli_option_at(c, i)); i++) {
		if (o->flags & CLI_HIDDEN)
			continue;
		if (o->letter)
			fprintf(fp, "%s-%c", any ? " " : "", o->letter);
		fprintf(fp, "%s--%s", any || o->letter ? " " : "", o->name);
		any = true;
	}
	fputs("' ;;\n\t\t*) ", fp);
	bash_action(p, fp, c->max_operands == 0 ? CLI_ARG_NONE : c->operand,
		    c->choices);
	fputs(" ;;\n\t\tesac\n\t\t;;\n", fp);
}

int args_gen_bash(const struct cli_program *p, FILE *fp)
{
	fprintf(fp,
		"# %s(1) completion for bash, written by `%s completion bash` "
		"from its\n# command table (src/cli/cli_table.c): change the "
		"table, not this file.\n\n"
		"_culab_words()\n{\n"
		"\tlocal IFS=$' \\t\\n'\n"
		"\tCOMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))\n}\n\n"
		"_culab_files()\n{\n"
		"\tlocal IFS=$'\\n'\n"
		"\tcompopt -o filenames 2>/dev/null\n"
		"\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n}\n\n"
		"_culab_dirs()\n{\n"
		"\tlocal IFS=$'\\n'\n"
		"\tcompopt -o filenames 2>/dev/null\n"
		"\tCOMPREPLY=($(compgen -d -- \"$cur\"))\n}\n\n"
		"_culab()\n{\n"
		"\tlocal cur prev cmd i\n"
		"\tCOMPREPLY=()\n"
		"\tcur=${COMP_WORDS[COMP_CWORD]}\n"
		"\tprev=${COMP_WORDS[COMP_CWORD-1]}\n"
		"\t# --opt=VALUE: bash splits at the =\n"
		"\tif [[ $cur == = ]]; then\n"
		"\t\tcur=\n"
		"\t\tprev=${COMP_WORDS[COMP_CWORD-1]}\n"
		"\telif [[ $prev == = && $COMP_CWORD -gt 1 ]]; then\n"
		"\t\tprev=${COMP_WORDS[COMP_CWORD-2]}\n"
		"\tfi\n"
		"\tcmd=\n"
		"\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
		"\t\tcase ${COMP_WORDS[i]} in\n"
		"\t\t-*) ;;\n"
		"\t\t*) cmd=${COMP_WORDS[i]}; break ;;\n"
		"\t\tesac\n"
		"\tdone\n"
		"\tcase $cmd in\n"
		"\t'') _culab_words '", p->name, p->name);
	command_words(p, fp);
	fputs(" --help --version' ;;\n", fp);
	for (size_t i = 0; i < p->ncommands; i++)
		if (!(p->commands[i].flags & CLI_HIDDEN))
			bash_command(p, fp, &p->commands[i]);
	fprintf(fp, "\tesac\n}\n\ncomplete -F _culab %s\n", p->name);
	return finish(fp);
}

/* ---- zsh ------------------------------------------------------------------------- */

/* A help line for zsh (clause: only its first clause, to "; " or " ("),
 * with quotes and brackets (and colons) escaped for a single-quoted
 * _arguments or _describe spec. */
static void zsh_text(FILE *fp, const char *s, bool colon, bool clause)
{
	size_t len = strlen(s), cut = len;
	const char *a = strstr(s, "; "), *b = strstr(s, " (");

	if (clause && a && (size_t)(a - s) < cut)
		cut = (size_t)(a - s);
	if (clause && b && (size_t)(b - s) < cut && b != s)
		cut = (size_t)(b - s);
	for (size_t i = 0; i < cut; i++) {
		if (s[i] == '\'')
			fputs("'\\''", fp);
		else if (s[i] == '[' || s[i] == ']' || (colon && s[i] == ':'))
			fprintf(fp, "\\%c", s[i]);
		else
			fputc(s[i], fp);
	}
}

/* ":METAVAR:ACTION" of an argument. */
static void zsh_action(const struct cli_program *p, FILE *fp,
		       const char *metavar, enum cli_arg k, const char *choices)
{
	fputc(':', fp);
	zsh_text(fp, metavar ? metavar : "argument", true, false);
	fputc(':', fp);
	if (k == CLI_ARG_CHOICE) {
		fprintf(fp, "(%s)", choices);
	} else if (k == CLI_ARG_COMMAND) {
		fputc('(', fp);
		command_words(p, fp);
		fputc(')', fp);
	} else {
		fputs(actions[action_of(k)].zsh, fp);
	}
}

static void zsh_command(const struct cli_program *p, FILE *fp,
			const struct cli_command *c)
{
	const struct cli_option *o;

	fprintf(fp, "\t\t%s)\n\t\t\t_arguments -s -S", c->name);
	for (size_t i = 0; (o = cli_option_at(c, i)); i++) {
		bool arg = o->arg != CLI_ARG_NONE;

		if (o->flags & CLI_HIDDEN)
			continue;
		fputs(" \\\n\t\t\t\t", fp);
		if (o->letter)
			fprintf(fp, "'(-%c --%s)'{-%c%s,--%s%s}'[", o->letter,
				o->name, o->letter, arg ? "+" : "", o->name,
				arg ? "=" : "");
		else
			fprintf(fp, "'--%s%s[", o->name, arg ? "=" : "");
		zsh_text(fp, cli_option_help(c, o), false, true);
		fputc(']', fp);
		if (arg)
			zsh_action(p, fp, o->metavar, o->arg, o->choices);
		fputc('\'', fp);
	}
	if (c->max_operands != 0) {
		fprintf(fp, " \\\n\t\t\t\t'%s", c->max_operands == 1 ? "1" : "*");
		zsh_action(p, fp, c->operands, c->operand, c->choices);
		fputc('\'', fp);
	}
	fputs("\n\t\t\t;;\n", fp);
}

int args_gen_zsh(const struct cli_program *p, FILE *fp)
{
	fprintf(fp, "#compdef %s\n# %s(1) completion for zsh, written by `%s "
		"completion zsh` from its\n# command table "
		"(src/cli/cli_table.c): change the table, not this file.\n\n"
		"_culab()\n{\n"
		"\tlocal curcontext=\"$curcontext\" state line\n"
		"\ttypeset -A opt_args\n"
		"\tlocal -a commands\n"
		"\tcommands=(\n", p->name, p->name, p->name);
	for (size_t i = 0; i < p->ncommands; i++) {
		const struct cli_command *c = &p->commands[i];

		if (c->flags & CLI_HIDDEN)
			continue;
		fprintf(fp, "\t\t'%s:", c->name);
		zsh_text(fp, c->summary, true, false);
		fputs("'\n", fp);
	}
	fputs("\t)\n"
	      "\t_arguments -C \\\n"
	      "\t\t'(- 1 *)'{-h,--help}'[show the help]' \\\n"
	      "\t\t'(- 1 *)'{-V,--version}'[show the version]' \\\n"
	      "\t\t'1: :->command' \\\n"
	      "\t\t'*:: :->args' && return\n"
	      "\tcase $state in\n"
	      "\tcommand)\n"
	      "\t\t_describe -t commands 'culab command' commands\n"
	      "\t\t;;\n"
	      "\targs)\n"
	      "\t\tcurcontext=\"${curcontext%:*:*}:culab-$words[1]:\"\n"
	      "\t\tcase $words[1] in\n", fp);
	for (size_t i = 0; i < p->ncommands; i++)
		if (!(p->commands[i].flags & CLI_HIDDEN))
			zsh_command(p, fp, &p->commands[i]);
	fputs("\t\tesac\n\t\t;;\n\tesac\n}\n\n_culab \"$@\"\n", fp);
	return finish(fp);
}
