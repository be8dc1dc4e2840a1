/* args.c - the command-line grammar's parser, errors and help text.  See
 * args.h.
 *
 * The parser reads a command's rows and nothing else: it never looks a
 * command up by name, so a handler, its table and this file cannot call
 * each other in a loop.  Every message is one line through diag.h (text
 * the user typed is escaped there), ending in where help is. */
#include "args.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/exitcode.h"
#include "base/util.h"

/* The rows every command has (--json only with CLI_JSON), in the order
 * help lists them after the command's own. */
static const struct cli_option common[] = {
	{ CLI_KEY_JSON, "json", 0, CLI_ARG_NONE, NULL, NULL,
	  "machine-readable output: one JSON document on standard output", 0 },
	{ CLI_KEY_QUIET, "quiet", 'q', CLI_ARG_NONE, NULL, NULL,
	  "print errors only", 0 },
	{ CLI_KEY_HELP, "help", 'h', CLI_ARG_NONE, NULL, NULL,
	  "show this help (the same as culab help COMMAND)", 0 },
};

/* What each kind of argument is called in an error. */
static const struct {
	enum cli_arg kind;
	const char *noun;
} nouns[] = {
	{ CLI_ARG_NONE, "no argument" },
	{ CLI_ARG_FILE, "a file" },
	{ CLI_ARG_DIR, "a directory" },
	{ CLI_ARG_NUMBER, "a number" },
	{ CLI_ARG_TEXT, "an argument" },
	{ CLI_ARG_CHOICE, "one of" },
	{ CLI_ARG_COMMAND, "a command" },
};

const char *cli_arg_noun(enum cli_arg k)
{
	for (size_t i = 0; i < ARRAY_SIZE(nouns); i++)
		if (nouns[i].kind == k)
			return nouns[i].noun;
	return "an argument";
}

const struct cli_command *cli_find(const struct cli_program *p,
				   const char *name)
{
	for (size_t i = 0; i < p->ncommands; i++)
		if (strcmp(p->commands[i].name, name) == 0)
			return &p->commands[i];
	return NULL;
}

const struct cli_option *cli_option_at(const struct cli_command *c, size_t i)
{
	size_t own = 0, k;

	while (c->options && c->options[own].name)
		own++;
	if (i < own)
		return &c->options[i];
	i -= own;
	for (k = 0; k < ARRAY_SIZE(common); k++) {
		if (common[k].key == CLI_KEY_JSON && !(c->flags & CLI_JSON))
			continue;
		if (i-- == 0)
			return &common[k];
	}
	return NULL;
}

const char *cli_option_help(const struct cli_command *c,
			    const struct cli_option *o)
{
	if (o->key == CLI_KEY_QUIET && c->quiet_help)
		return c->quiet_help;
	if (o->key == CLI_KEY_JSON && c->json_help)
		return c->json_help;
	return o->help;
}

/* ---- errors --------------------------------------------------------------- */

/* One error line: the message, then where help is. */
static int vusage(const struct cli_command *c, const char *prefix,
		  const char *fmt, va_list ap)
{
	struct sbuf s = SBUF_INIT;

	sbuf_add(&s, prefix);
	sbuf_vaddf(&s, fmt, ap);
	if (c)
		diag_error("%s (culab %s --help)", sbuf_str(&s), c->name);
	else
		diag_error("%s (culab --help)", sbuf_str(&s));
	sbuf_release(&s);
	return EXIT_USAGE;
}

int cli_usage_error(const struct cli_command *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vusage(c, "", fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

int cli_value_error(const struct cli_command *c, const struct cli_value *v,
		    const char *fmt, ...)
{
	char prefix[96];
	va_list ap;

	if (v->letter)
		snprintf(prefix, sizeof(prefix), "option \"-%c\" ", v->opt->letter);
	else
		snprintf(prefix, sizeof(prefix), "option \"--%s\" ", v->opt->name);
	va_start(ap, fmt);
	vusage(c, prefix, fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

/* The nearest of words[0..n) to `word`: the one word it begins, else the
 * one within a few edits (nearest_word) that begins with the same
 * letter (a slip of the first letter is rare; "fr" is no "en"); NULL
 * when none is near. */
static const char *nearest(const char *word, const char *const *words,
			   size_t n)
{
	const char **same = xcalloc(n + 1, sizeof(*same)), *found = NULL;
	size_t len = strlen(word), hits = 0, nsame = 0;

	for (size_t i = 0; len && i < n; i++) {
		if (strncmp(words[i], word, len) == 0) {
			found = words[i];
			hits++;
		}
		if (words[i][0] == word[0])
			same[nsame++] = words[i];
	}
	if (hits != 1)
		found = len ? nearest_word(word, same, nsame) : NULL;
	free(same);
	return found;
}

/* Splits the space-separated words of `list` into w (at most max, each
 * at most 31 characters); returns how many. */
static size_t split_words(const char *list, char w[][32], size_t max)
{
	size_t n = 0;

	while (list && *list && n < max) {
		size_t len = strcspn(list, " ");

		if (len) {
			snprintf(w[n++], sizeof(w[0]), "%.*s", (int)len, list);
		}
		list += len;
		list += strspn(list, " ");
	}
	return n;
}

/* "en, zh or both" into buf. */
static const char *or_list(char w[][32], size_t n, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < size; i++) {
		int k = snprintf(buf + used, size - used, "%s%s",
				 i == 0 ? "" : i + 1 == n ? " or " : ", ", w[i]);

		if (k < 0)
			break;
		used += (size_t)k;
	}
	return buf;
}

/* Whether `value` is a word of `choices`; else the error's tail (what it
 * takes, and the nearest word) into buf. */
static bool check_choice(const char *choices, const char *value, char *buf,
			 size_t size)
{
	char w[16][32], list[256];
	const char *ptrs[16], *near;
	size_t n = split_words(choices, w, ARRAY_SIZE(w));

	for (size_t i = 0; i < n; i++) {
		if (strcmp(w[i], value) == 0)
			return true;
		ptrs[i] = w[i];
	}
	near = *value ? nearest(value, ptrs, n) : NULL;
	if (near)
		snprintf(buf, size, "takes %s, not \"%s\"; did you mean \"%s\"?",
			 or_list(w, n, list, sizeof(list)), value, near);
	else
		snprintf(buf, size, "takes %s, not \"%s\"",
			 or_list(w, n, list, sizeof(list)), value);
	return false;
}

/* Words typed as commands that are options of culab's own. */
static const struct {
	const char *word, *option;
} program_options[] = {
	{ "version", "--version" },
};

int cli_unknown_command(const struct cli_program *p, const char *name)
{
	const char **names;
	const char *near;
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(program_options); i++)
		if (!strcmp(name, program_options[i].word))
			return cli_usage_error(NULL, "unknown command \"%s\"; "
					       "did you mean \"culab %s\"?",
					       name, program_options[i].option);
	names = xcalloc(p->ncommands + 1, sizeof(*names));

	for (size_t i = 0; i < p->ncommands; i++)
		if (!(p->commands[i].flags & CLI_HIDDEN))
			names[n++] = p->commands[i].name;
	near = *name ? nearest(name, names, n) : NULL;
	if (near)
		cli_usage_error(NULL, "unknown command \"%s\"; did you mean "
				"\"%s\"?", name, near);
	else
		cli_usage_error(NULL, "unknown command \"%s\"", name);
	free(names);
	return EXIT_USAGE;
}

/* An unknown long option (name: without "--", up to len bytes). */
static int unknown_long(const struct cli_command *c, const char *name,
			size_t len)
{
	const struct cli_option *o;
	const char *names[64], *near;
	char *word = xstrndup(name, len);
	size_t n = 0;

	for (size_t i = 0; (o = cli_option_at(c, i)) && n < ARRAY_SIZE(names);
	     i++)
		if (!(o->flags & CLI_HIDDEN))
			names[n++] = o->name;
	near = *word ? nearest(word, names, n) : NULL;
	if (near)
		cli_usage_error(c, "unknown option \"--%s\" for \"%s\"; did you "
				"mean \"--%s\"?", word, c->name, near);
	else
		cli_usage_error(c, "unknown option \"--%s\" for \"%s\"", word,
				c->name);
	free(word);
	return EXIT_USAGE;
}

/* ---- parsing -------------------------------------------------------------- */

static const struct cli_option *by_name(const struct cli_command *c,
					const char *name, size_t len)
{
	const struct cli_option *o;

	for (size_t i = 0; (o = cli_option_at(c, i)); i++)
		if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
			return o;
	return NULL;
}

static const struct cli_option *by_letter(const struct cli_command *c,
					  char letter)
{
	const struct cli_option *o;

	for (size_t i = 0; (o = cli_option_at(c, i)); i++)
		if (o->letter && o->letter == letter)
			return o;
	return NULL;
}

/* Records option o with its argument (checked); returns 0 or EXIT_USAGE. */
static int take(const struct cli_command *c, struct cli_args *a,
		const struct cli_option *o, bool letter, char *arg)
{
	struct cli_value v = { o, o->key, arg, letter };
	char why[512];

	if (o->key == CLI_KEY_HELP) {
		a->help = true;
		return 0;
	}
	if (o->key == CLI_KEY_QUIET) {
		a->quiet = true;
		return 0;
	}
	if (o->key == CLI_KEY_JSON) {
		a->json = true;
		return 0;
	}
	if ((o->arg == CLI_ARG_FILE || o->arg == CLI_ARG_DIR) && !*arg)
		return cli_value_error(c, &v, "needs %s name, not \"\"",
				       cli_arg_noun(o->arg));
	if (o->arg == CLI_ARG_CHOICE &&
	    !check_choice(o->choices, arg, why, sizeof(why)))
		return cli_value_error(c, &v, "%s", why);
	a->opts = xrealloc(a->opts, (a->nopts + 1) * sizeof(*a->opts));
	a->opts[a->nopts++] = v;
	return 0;
}

/* The argument of an option that needs one: the rest of the word, or the
 * next word.  NULL after the error. */
static char *argument(const struct cli_command *c, const struct cli_option *o,
		      bool letter, char *rest, int argc, char **argv, int *i)
{
	struct cli_value v = { o, o->key, NULL, letter };

	if (rest)
		return rest;
	if (*i + 1 < argc)
		return argv[++*i];
	if (o->arg == CLI_ARG_CHOICE) {
		char w[16][32], list[256];
		size_t n = split_words(o->choices, w, ARRAY_SIZE(w));

		cli_value_error(c, &v, "needs %s", or_list(w, n, list,
							  sizeof(list)));
	} else if (o->arg == CLI_ARG_NUMBER || o->arg == CLI_ARG_TEXT) {
		cli_value_error(c, &v, "needs %s %s", cli_arg_noun(o->arg),
				o->metavar);
	} else {
		cli_value_error(c, &v, "needs %s", cli_arg_noun(o->arg));
	}
	return NULL;
}

/* One word that begins with "--" (and is not "--"). */
static int long_option(const struct cli_command *c, struct cli_args *a,
		       int argc, char **argv, int *i)
{
	char *name = argv[*i] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct cli_option *o = by_name(c, name, len);
	char *arg = NULL;

	if (!o)
		return unknown_long(c, name, len);
	if (o->arg == CLI_ARG_NONE) {
		if (eq) {
			struct cli_value v = { o, o->key, NULL, false };

			return cli_value_error(c, &v, "takes no value, not \"%s\"",
					       eq + 1);
		}
	} else {
		arg = argument(c, o, false, eq ? eq + 1 : NULL, argc, argv, i);
		if (!arg)
			return EXIT_USAGE;
	}
	return take(c, a, o, false, arg);
}

/* One word that begins with one "-": letters, the last may take an
 * argument ("-qo DIR", "-oDIR"). */
static int short_options(const struct cli_command *c, struct cli_args *a,
			 int argc, char **argv, int *i)
{
	for (char *p = argv[*i] + 1; *p && !a->help; p++) {
		const struct cli_option *o = by_letter(c, *p);
		char *arg = NULL;
		int rc;

		if (!o)
			return cli_usage_error(c, "unknown option \"-%c\" for "
					       "\"%s\"", *p, c->name);
		if (o->arg != CLI_ARG_NONE) {
			arg = argument(c, o, true, p[1] ? p + 1 : NULL, argc,
				       argv, i);
			if (!arg)
				return EXIT_USAGE;
		}
		rc = take(c, a, o, true, arg);
		if (rc || arg)
			return rc;
	}
	return 0;
}

/* The operands' count and, for choices, their words. */
static int check_operands(const struct cli_command *c,
			  const struct cli_args *a)
{
	char why[512];

	if (a->noperands < (size_t)c->min_operands ||
	    (c->max_operands >= 0 && a->noperands > (size_t)c->max_operands))
		return cli_usage_error(c, "%s %s", c->name,
				       c->operands_error ? c->operands_error :
				       "takes no arguments");
	for (size_t i = 0; c->operand == CLI_ARG_CHOICE && i < a->noperands;
	     i++)
		if (!check_choice(c->choices, a->operands[i], why, sizeof(why)))
			return cli_usage_error(c, "%s %s", c->name, why);
	for (size_t i = 0; (c->operand == CLI_ARG_FILE ||
			    c->operand == CLI_ARG_DIR) && i < a->noperands; i++)
		if (!*a->operands[i])
			return cli_usage_error(c, "%s needs %s name, not \"\"",
					       c->name, cli_arg_noun(c->operand));
	return 0;
}

int cli_parse(const struct cli_command *c, int argc, char **argv,
	      struct cli_args *a)
{
	bool dashdash = false;
	int rc = 0;

	memset(a, 0, sizeof(*a));
	a->operands = xcalloc((size_t)(argc > 0 ? argc : 1), sizeof(char *));
	for (int i = 1; i < argc && !rc && !a->help; i++) {
		char *w = argv[i];

		if (!dashdash && strcmp(w, "--") == 0)
			dashdash = true;
		else if (dashdash || w[0] != '-' || w[1] == '\0')
			a->operands[a->noperands++] = w;
		else if (w[1] == '-')
			rc = long_option(c, a, argc, argv, &i);
		else
			rc = short_options(c, a, argc, argv, &i);
	}
	if (rc || a->help)
		return rc;
	return check_operands(c, a);
}

void cli_args_release(struct cli_args *a)
{
	free(a->opts);
	free(a->operands);
	memset(a, 0, sizeof(*a));
}

/* ---- help ------------------------------------------------------------------ */

void cli_wrap(FILE *fp, const char *text, size_t col, size_t indent)
{
	const char *p = text;
	bool first = true;

	while (*p) {
		size_t len = strcspn(p, " \n");

		if (!first && col + 1 + len > CLI_WIDTH && col > indent) {
			fprintf(fp, "\n%*s", (int)indent, "");
			col = indent;
		} else if (!first) {
			fputc(' ', fp);
			col++;
		}
		fwrite(p, 1, len, fp);
		col += len;
		first = false;
		p += len;
		if (*p == '\n') {
			/* a line break of the text's own */
			fprintf(fp, "\n%*s", (int)indent, "");
			col = indent;
			first = true;
			p++;
		}
		p += strspn(p, " ");
	}
	fputc('\n', fp);
}

void cli_option_term(const struct cli_option *o, char *buf, size_t size)
{
	if (o->letter)
		snprintf(buf, size, "-%c, --%s%s%s", o->letter, o->name,
			 o->metavar ? " " : "", o->metavar ? o->metavar : "");
	else
		snprintf(buf, size, "    --%s%s%s", o->name,
			 o->metavar ? " " : "", o->metavar ? o->metavar : "");
}

bool cli_usage_word(const struct cli_command *c, size_t i, char *buf,
		    size_t size)
{
	const struct cli_option *o;

	for (size_t k = 0; (o = cli_option_at(c, k)); k++) {
		if ((o->flags & CLI_HIDDEN) || o->key == CLI_KEY_HELP)
			continue;
		if (i-- > 0)
			continue;
		if (o->letter)
			snprintf(buf, size, "[-%c%s%s]", o->letter,
				 o->metavar ? " " : "",
				 o->metavar ? o->metavar : "");
		else
			snprintf(buf, size, "[--%s%s%s]", o->name,
				 o->metavar ? " " : "",
				 o->metavar ? o->metavar : "");
		return true;
	}
	if (i == 0 && c->operands && *c->operands) {
		snprintf(buf, size, "%s", c->operands);
		return true;
	}
	return false;
}

/* "usage: culab run [-o DIR] ...", wrapped under the first option; no
 * word is broken. */
static void print_usage(const struct cli_command *c, FILE *fp)
{
	size_t col = (size_t)fprintf(fp, "usage: culab %s", c->name);
	size_t indent = col + 1;
	char word[128];

	for (size_t i = 0; cli_usage_word(c, i, word, sizeof(word)); i++) {
		size_t len = strlen(word);

		if (col + 1 + len > CLI_WIDTH && col > indent) {
			fprintf(fp, "\n%*s", (int)indent, "");
			col = indent;
		} else {
			fputc(' ', fp);
			col++;
		}
		fputs(word, fp);
		col += len;
	}
	fputc('\n', fp);
}

/* Writes `text` (lines of its own, a blank line between paragraphs) as
 * it is, with a blank line before it. */
static void print_block(FILE *fp, const char *text)
{
	if (text && *text)
		fprintf(fp, "\n%s\n", text);
}

/* The term and its wrapped help, the help from column 24. */
static void print_term(FILE *fp, const char *term, const char *help)
{
	const size_t col = 24;
	size_t len = strlen(term) + 2;

	fprintf(fp, "  %s", term);
	if (len + 2 > col) {
		fprintf(fp, "\n%*s", (int)col, "");
		len = col;
	} else {
		fprintf(fp, "%*s", (int)(col - len), "");
		len = col;
	}
	cli_wrap(fp, help, len, col);
}

void cli_print_help(const struct cli_command *c, FILE *fp)
{
	const struct cli_option *o;
	char term[96];

	print_usage(c, fp);
	fprintf(fp, "\n%s\n", c->summary);
	print_block(fp, c->about);
	fputs("\noptions:\n", fp);
	for (size_t i = 0; (o = cli_option_at(c, i)); i++) {
		if (o->flags & CLI_HIDDEN)
			continue;
		cli_option_term(o, term, sizeof(term));
		print_term(fp, term, cli_option_help(c, o));
	}
	print_block(fp, c->notes);
}

void cli_print_program_help(const struct cli_program *p, FILE *fp)
{
	size_t width = 0, i;

	for (i = 0; i < p->ncommands; i++)
		if (!(p->commands[i].flags & CLI_HIDDEN) &&
		    strlen(p->commands[i].name) > width)
			width = strlen(p->commands[i].name);
	fprintf(fp, "usage: culab <command> [options]\n"
		    "       culab --version | --help\n\n%s\n\ncommands:\n",
		p->about);
	for (i = 0; i < p->ncommands; i++) {
		const struct cli_command *c = &p->commands[i];

		if (c->flags & CLI_HIDDEN)
			continue;
		fprintf(fp, "  %-*s  ", (int)width, c->name);
		cli_wrap(fp, c->summary, width + 4, width + 4);
	}
	fprintf(fp, "\nexit status:\n");
#define X(name, num, text) fprintf(fp, "  %d  %s\n", num, text);
	CULAB_EXIT_MAP(X)
#undef X
	fprintf(fp, "\n`culab help COMMAND` (or `culab COMMAND --help`) shows a "
		    "command's options;\n`culab help --man` the manual page.\n");
}
