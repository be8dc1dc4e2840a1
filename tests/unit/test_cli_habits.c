/* test_cli_habits.c - the habits every culab command shares, because they
 * all come from one table (src/cli/cli_table.c, src/cli/args.h):
 *
 *   - every command answers -h/--help, and `culab help CMD` prints
 *     exactly what `culab CMD --help` prints; `culab help --help` works
 *     and `culab help` is `culab --help`;
 *   - every command takes -q/--quiet, and those that print data --json,
 *     whose output is one JSON document (parsed here with jansson);
 *   - no line of help or usage is wider than 80 columns;
 *   - errors are one line: an unknown option, command or choice names
 *     the nearest one, a missing argument says what it needs, a file of
 *     another kind (results.json, a .cu) where an experiment file goes
 *     says what it is; `culab` alone lists the commands;
 *   - --arch takes 86 and sm_86 alike;
 *   - the man page renders with `man -l` without warnings, and the bash
 *     and zsh completions complete commands, options and files.
 *
 * The commands and their options are read from `culab --help` and each
 * `culab CMD --help`, so a command added to the table is checked here
 * without a change to this file.  Runs the binary named by $CULAB
 * (default build/culab) from the repository root; the generated man page
 * and completions are looked for beside it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli_run.h"
#include "tmpdir.h"

#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/exitcode.h"
#include "base/util.h"

#define QUICK_YAML "experiments/quick.yaml"
#define QUICK "tests/fixtures/quick/results.json"
#define H100 "tests/fixtures/recorded-2026-11-22/default-h100/results.json"
#define BENCH_REDUCE \
	"tests/fixtures/recorded-2026-11-22/bench-h100/reduce/results.json"

/* The commands `culab --help` lists, and the directory culab is in. */
static char *commands[32];
static size_t ncommands;
static char build[PATH_MAX];

static void out_free(struct out *o)
{
	free(o->out);
	free(o->err);
}

/* Fails unless o exited `status` with one line on stderr holding every
 * one of the texts (NULL-terminated) and nothing on stdout. */
static void one_line(const char *what, struct out o, int status, ...)
{
	const char *nl = strchr(o.err, '\n');
	va_list ap;

	if (o.status != status || !nl || nl[1] || o.out[0])
		fail_msg("culab %s: exit %d (want %d), want one line on stderr "
			 "and none on stdout; stdout:\n%s\nstderr:\n%s", what,
			 o.status, status, o.out, o.err);
	va_start(ap, status);
	for (const char *t = va_arg(ap, const char *); t;
	     t = va_arg(ap, const char *))
		if (!strstr(o.err, t))
			fail_msg("culab %s: stderr \"%s\" does not hold \"%s\"",
				 what, o.err, t);
	va_end(ap);
	out_free(&o);
}

/* Fails when a line of text is wider than 80 columns (all ASCII). */
static void narrow(const char *what, const char *text)
{
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");

		if (len > 80)
			fail_msg("%s: a line of %zu columns: %.*s", what, len,
				 (int)len, p);
		p += len + (p[len] == '\n');
	}
}

/* The long options `culab CMD --help` lists, with whether each takes an
 * argument: "--output DIR" into names[i] = "output", args[i] = true. */
static size_t help_options(const char *help, char names[][40], bool *args,
			   size_t max)
{
	const char *p = strstr(help, "\noptions:\n");
	size_t n = 0;

	assert_non_null(p);
	for (p += strlen("\noptions:\n"); *p && *p != '\n' && n < max;) {
		const char *dd = NULL, *end = strchr(p, '\n');

		if (!end)
			end = p + strlen(p);
		/* "  -o, --output DIR    ..." or "      --resume   ..." */
		if (p[0] == ' ' && p[1] == ' ' && p[2] != ' ')
			dd = strstr(p, "--");
		else if (strncmp(p, "      --", 8) == 0)
			dd = p + 6;
		if (dd && dd < end) {
			size_t len = strcspn(dd + 2, " \n");

			snprintf(names[n], 40, "%.*s", (int)len, dd + 2);
			/* a metavar follows after one space */
			args[n] = dd[2 + len] == ' ' && dd[3 + len] != ' ';
			n++;
		}
		p = *end ? end + 1 : end;
	}
	return n;
}

static int setup(void **state)
{
	const char *c = getenv("CULAB") ? getenv("CULAB") : "build/culab";
	struct out o = run(ARGS("--help"));
	const char *p = strstr(o.out, "\ncommands:\n");
	char *slash;

	(void)state;
	snprintf(build, sizeof(build), "%s", c);
	slash = strrchr(build, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(build, sizeof(build), ".");
	if (!p)
		return -1;
	for (p += strlen("\ncommands:\n"); *p && *p != '\n';
	     p = strchr(p, '\n') + 1) {
		/* "  run   run an ..."; wrapped summaries are indented more */
		if (p[2] != ' ' && ncommands < ARRAY_SIZE(commands))
			commands[ncommands++] = xstrndup(p + 2,
							 strcspn(p + 2, " "));
		if (!strchr(p, '\n'))
			break;
	}
	out_free(&o);
	return ncommands >= 13 ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	for (size_t i = 0; i < ncommands; i++)
		free(commands[i]);
	return 0;
}

/* ---- help ------------------------------------------------------------------- */

/* -h, --help and `help CMD` print the same, exit 0, nothing on stderr,
 * within 80 columns, with -q and -h listed. */
static void test_help_everywhere(void **state)
{
	struct out top = run(ARGS("--help")), help = run(ARGS("help"));

	(void)state;
	assert_int_equal(top.status, EXIT_OK);
	assert_string_equal(help.out, top.out);
	narrow("culab --help", top.out);
	out_free(&top);
	out_free(&help);
	for (size_t i = 0; i < ncommands; i++) {
		const char *c = commands[i];
		struct out a = run(ARGS(c, "--help")), b = run(ARGS(c, "-h"));
		struct out h = run(ARGS("help", c));
		char what[64];

		snprintf(what, sizeof(what), "culab %s --help", c);
		if (a.status != EXIT_OK || a.err[0])
			fail_msg("%s: exit %d: %s", what, a.status, a.err);
		assert_string_equal(b.out, a.out);
		assert_string_equal(h.out, a.out);
		assert_int_equal(h.status, EXIT_OK);
		narrow(what, a.out);
		if (strncmp(a.out, "usage: culab ", 13) != 0 ||
		    !strstr(a.out, "\n  -q, --quiet ") ||
		    !strstr(a.out, "\n  -h, --help "))
			fail_msg("%s: no usage line, -q or -h:\n%s", what, a.out);
		/* --help wins over what follows it, not over what precedes */
		out_free(&b);
		b = run(ARGS(c, "--help", "--no-such-option"));
		assert_string_equal(b.out, a.out);
		out_free(&a);
		out_free(&b);
		out_free(&h);
	}
	expect(ARGS("help", "--help"), EXIT_OK, "usage: culab help", NULL);
	one_line("help nope", run(ARGS("help", "nope")), EXIT_USAGE,
		 "unknown command \"nope\"", NULL);
}

/* ---- -q and --json ----------------------------------------------------------- */

/* Every command takes -q; what it leaves out. */
static void test_quiet(void **state)
{
	char dir[] = "/tmp/culab-habits-q-XXXXXX";
	char *sub;
	struct out o;

	(void)state;
	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < ncommands; i++) {
		o = run(ARGS(commands[i], "-q", "--help"));
		if (o.status != EXIT_OK)
			fail_msg("culab %s -q --help: exit %d: %s", commands[i],
				 o.status, o.err);
		out_free(&o);
		o = run(ARGS(commands[i], "--quiet", "--help"));
		assert_int_equal(o.status, EXIT_OK);
		out_free(&o);
	}
	expect(ARGS("check", "-q", QUICK_YAML), EXIT_OK, NULL, NULL);
	o = run(ARGS("check", QUICK_YAML, "-q"));
	assert_string_equal(o.out, "");
	out_free(&o);
	o = run(ARGS("plan", "-q", QUICK_YAML));
	assert_int_equal(o.status, EXIT_OK);
	assert_string_equal(o.out, "");
	out_free(&o);
	o = run(ARGS("devices", "-q"));
	assert_string_equal(o.out, "");
	out_free(&o);
	sub = xasprintf("%s/report", dir);
	o = run(ARGS("report", "-q", "--no-charts", "--format", "md", "-o", sub,
		     QUICK));
	assert_int_equal(o.status, EXIT_OK);
	assert_string_equal(o.out, "");
	out_free(&o);
	free(sub);
	sub = xasprintf("%s/slurm", dir);
	o = run(ARGS("slurm", "-q", "--shards", "2", "-o", sub, QUICK_YAML));
	assert_int_equal(o.status, EXIT_OK);
	assert_string_equal(o.out, "");
	out_free(&o);
	free(sub);
	o = run(ARGS("compare", "-q", "--match", "reduce-float=reduce-ladder",
		     H100, BENCH_REDUCE));
	assert_int_equal(o.status, EXIT_OK);
	assert_string_equal(o.out, "");
	out_free(&o);
	o = run(ARGS("compare", "-q", "--fail-on", "changed", "--match",
		     "reduce-float=reduce-ladder", H100, BENCH_REDUCE));
	assert_int_equal(o.status, EXIT_FAILED);
	assert_string_equal(o.out, "");
	out_free(&o);
	/* run and rerun parse -q (they need a GPU past it) */
	one_line("run -q", run(ARGS("run", "-q")), EXIT_USAGE,
		 "run needs exactly one experiment file", NULL);
	one_line("rerun -q", run(ARGS("rerun", "-q")), EXIT_USAGE,
		 "rerun needs exactly one results file", NULL);
	assert_int_equal(remove_tree(dir), 0);
}

/* stdout of args parses as one JSON document; returns it. */
static json_t *json_of(const char *const *args, int status)
{
	struct out o = run(args);
	json_error_t e;
	json_t *j = json_loads(o.out, 0, &e);

	if (o.status != status || !j)
		fail_msg("culab %s ... --json: exit %d (want %d), %s at line %d: "
			 "%.300s\nstderr: %s", args[0], o.status, status,
			 e.text, e.line, o.out, o.err);
	out_free(&o);
	return j;
}

static void test_json(void **state)
{
	struct out o;
	json_t *j;

	(void)state;
	j = json_of(ARGS("list", "--json", "kernels"), EXIT_OK);
	assert_true(json_array_size(j) > 10);
	json_decref(j);
	j = json_of(ARGS("list", "metrics", "--json", "--chip", "GH100"),
		    EXIT_OK);
	assert_true(json_is_array(j));
	json_decref(j);
	j = json_of(ARGS("plan", "--json", QUICK_YAML), EXIT_OK);
	assert_int_equal(json_integer_value(json_object_get(j,
							   "measurements")), 162);
	json_decref(j);
	/* --json is printed under -q too: it is what was asked for */
	j = json_of(ARGS("plan", "-q", "--json", QUICK_YAML), EXIT_OK);
	json_decref(j);
	j = json_of(ARGS("verify", "--json", QUICK), EXIT_OK);
	assert_int_equal(json_integer_value(json_object_get(j, "failed")), 0);
	assert_true(json_array_size(json_object_get(j, "verdicts")) > 0);
	json_decref(j);
	j = json_of(ARGS("compare", "--json", "--match",
			 "reduce-float=reduce-ladder", H100, BENCH_REDUCE),
		    EXIT_OK);
	json_decref(j);
	/* list chips: CUPTI's host API may not run here (ASan) */
	o = run(ARGS("list", "chips", "--json"));
	if (o.status == EXIT_OK) {
		json_error_t e;

		j = json_loads(o.out, 0, &e);
		assert_non_null(j);
		assert_true(json_array_size(json_object_get(j, "chips")) > 10);
		json_decref(j);
	} else {
		assert_int_equal(o.status, EXIT_NO_GPU);
		print_message("list chips --json: no CUPTI host API here: %s",
			      o.err);
	}
	out_free(&o);
	/* devices: a document with no devices when there is no GPU, the
	 * error on stderr and exit 3 */
	o = run(ARGS("devices", "--json"));
	if (o.status == EXIT_NO_GPU) {
		assert_string_equal(o.out, "[]\n");
		assert_non_null(strstr(o.err, "culab: error: no usable GPU"));
		out_free(&o);
	} else {
		out_free(&o);
		j = json_of(ARGS("devices", "--json"), EXIT_OK);
		assert_true(json_array_size(j) > 0);
		json_decref(j);
	}
	/* the commands that print data have --json; the others do not */
	for (size_t i = 0; i < ncommands; i++) {
		const char *c = commands[i];
		bool data = !strcmp(c, "list") || !strcmp(c, "devices") ||
			    !strcmp(c, "plan") || !strcmp(c, "compare") ||
			    !strcmp(c, "verify");

		o = run(ARGS(c, "--help"));
		if (data != (strstr(o.out, "\n      --json ") != NULL))
			fail_msg("culab %s --help: --json %s", c,
				 data ? "missing" : "unexpected");
		out_free(&o);
	}
}

/* ---- errors -------------------------------------------------------------------- */

static void test_errors(void **state)
{
	(void)state;
	one_line("run --outpt", run(ARGS("run", "--outpt", "x")), EXIT_USAGE,
		 "culab: error: unknown option \"--outpt\" for \"run\"; did you "
		 "mean \"--output\"? (culab run --help)\n", NULL);
	one_line("reprot", run(ARGS("reprot")), EXIT_USAGE,
		 "culab: error: unknown command \"reprot\"; did you mean "
		 "\"report\"? (culab --help)\n", NULL);
	one_line("--variant reduce_shufle",
		 run(ARGS("plan", "--variant", "reduce_shufle", QUICK_YAML)),
		 EXIT_USAGE, "unknown variant \"reduce_shufle\"; did you mean "
		 "\"reduce_shuffle\"?", NULL);
	one_line("list kernals", run(ARGS("list", "kernals")), EXIT_USAGE,
		 "did you mean \"kernels\"?", NULL);
	one_line("--lang=fr", run(ARGS("report", "--lang=fr", QUICK)),
		 EXIT_USAGE, "option \"--lang\" takes en, zh or both, not \"fr\"",
		 NULL);
	one_line("--quiet=1", run(ARGS("check", "--quiet=1", QUICK_YAML)),
		 EXIT_USAGE, "option \"--quiet\" takes no value", NULL);
	one_line("-x", run(ARGS("check", "-x", QUICK_YAML)), EXIT_USAGE,
		 "unknown option \"-x\" for \"check\"", NULL);
	/* culab alone lists the commands, as --help does, on stderr */
	expect((const char *const[]){ NULL }, EXIT_USAGE, NULL,
	       "usage: culab <command> [options]");
	expect((const char *const[]){ NULL }, EXIT_USAGE, NULL, "\n  check ");
	one_line("version", run(ARGS("version")), EXIT_USAGE,
		 "unknown command \"version\"; did you mean \"culab "
		 "--version\"?", NULL);
	/* a file of another kind where an experiment file goes */
	one_line("check results.json", run(ARGS("check", QUICK)), EXIT_USAGE,
		 "results.json: error: this is JSON, not an experiment file",
		 "culab report, verify and compare", NULL);
	one_line("check k.cu", run(ARGS("plan",
					"tests/bad/kernels/good.cu")),
		 EXIT_USAGE, "good.cu: error: this is CUDA source, not an "
		 "experiment file", "kernel's source: key", NULL);
	/* a missing argument is called that, never an unknown option */
	one_line("run -o", run(ARGS("run", QUICK_YAML, "-o")), EXIT_USAGE,
		 "culab: error: option \"-o\" needs a directory (culab run "
		 "--help)\n", NULL);
	one_line("run --output", run(ARGS("run", QUICK_YAML, "--output")),
		 EXIT_USAGE, "option \"--output\" needs a directory", NULL);
	one_line("run --lang", run(ARGS("run", QUICK_YAML, "--lang")),
		 EXIT_USAGE, "option \"--lang\" needs en, zh or both", NULL);
	/* options and operands in any order; "--" ends the options */
	expect(ARGS("check", QUICK_YAML, "--quiet"), EXIT_OK, NULL, NULL);
	one_line("check -- -q", run(ARGS("check", "--", "-q")), EXIT_USAGE,
		 "cannot open \"-q\"", NULL);
	{
		/* as recorded: quick.yaml has had 10 repeats since */
		char *quick = cli_recorded_experiment("tests/fixtures/quick/"
						      "results.json");

		expect(ARGS("plan", "--output=tests/fixtures/quick", "--resume",
			    quick), EXIT_OK, "(0 to run, 162 resumed)", NULL);
		cli_recorded_remove(quick);
	}
	/* every command: an unknown option, and every option of its help
	 * that takes an argument given none */
	for (size_t i = 0; i < ncommands; i++) {
		const char *c = commands[i];
		struct out h = run(ARGS(c, "--help"));
		char names[48][40], want[128], hint[64];
		bool args[48];
		size_t n = help_options(h.out, names, args, 48);

		snprintf(want, sizeof(want), "unknown option "
			 "\"--no-such-option\" for \"%s\"", c);
		snprintf(hint, sizeof(hint), "(culab %s --help)\n", c);
		one_line(c, run(ARGS(c, "--no-such-option")), EXIT_USAGE, want,
			 hint, NULL);
		assert_true(n >= 2);
		for (size_t k = 0; k < n; k++) {
			char opt[48], near[48];

			snprintf(opt, sizeof(opt), "--%.39s", names[k]);
			/* one letter short: the nearest option is named */
			snprintf(near, sizeof(near), "--%.*s",
				 (int)strlen(names[k]) - 1, names[k]);
			for (size_t m = 0; m < n; m++)
				if (!strcmp(names[m], near + 2))
					near[0] = '\0';   /* --devices, --device */
			if (near[0])
				one_line(near, run(ARGS(c, near)), EXIT_USAGE,
					 "; did you mean \"--", hint, NULL);
			if (!args[k])
				continue;
			snprintf(want, sizeof(want), "option \"%s\" needs ", opt);
			one_line(opt, run(ARGS(c, opt)), EXIT_USAGE, want, hint,
				 NULL);
		}
		out_free(&h);
	}
}

/* ---- --arch -------------------------------------------------------------------- */

static void test_arch(void **state)
{
	struct out a = run(ARGS("list", "metrics", "--arch", "86"));
	struct out b = run(ARGS("list", "metrics", "--arch", "sm_86"));

	(void)state;
	assert_int_equal(a.status, EXIT_OK);
	assert_string_equal(a.out, b.out);
	assert_string_equal(a.err, b.err);
	out_free(&a);
	out_free(&b);
	expect(ARGS("check", "--arch", "86", "tests/good/class.yaml"), EXIT_OK,
	       "compiled for sm_86", NULL);
	expect(ARGS("check", "--arch", "sm_86", "tests/good/class.yaml"),
	       EXIT_OK, "compiled for sm_86", NULL);
	one_line("--arch 8", run(ARGS("check", "--arch", "8", QUICK_YAML)),
		 EXIT_USAGE, "option \"--arch\" takes an architecture such as "
		 "90 or sm_90, not \"8\"", NULL);
	one_line("--arch sm_x", run(ARGS("list", "metrics", "--arch", "sm_x")),
		 EXIT_USAGE, "not \"sm_x\"", NULL);
}

/* ---- the man page and the completions ---------------------------------------- */

/* Runs a shell command line; its stdout and status.  stderr goes into
 * stdout. */
static char *shell(const char *cmd, int *status)
{
	char *full = xasprintf("%s 2>&1", cmd), *text = NULL;
	FILE *fp = popen(full, "r");
	struct sbuf s = SBUF_INIT;
	char buf[4096];
	size_t n;

	assert_non_null(fp);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sbuf_addn(&s, buf, n);
	*status = pclose(fp);
	*status = WIFEXITED(*status) ? WEXITSTATUS(*status) : -1;
	text = sbuf_detach(&s);
	free(full);
	return text;
}

static bool have(const char *prog)
{
	char *cmd = xasprintf("command -v %s >/dev/null", prog);
	int rc = system(cmd);

	free(cmd);
	return rc == 0;
}

/* The generated file build/NAME is what culab prints now. */
static void generated(const char *name, const char *const *args)
{
	char *path = xasprintf("%s/%s", build, name), *text = cli_slurp(path);
	struct out o = run(args);

	assert_int_equal(o.status, EXIT_OK);
	if (strcmp(text, o.out) != 0)
		fail_msg("%s is not what `culab %s` prints (make rebuilds it)",
			 path, args[0]);
	out_free(&o);
	free(text);
	free(path);
}

static void test_man_page(void **state)
{
	char *cmd, *text;
	int rc;

	(void)state;
	generated("culab.1", ARGS("help", "--man"));
	if (!have("man") || !have("groff")) {
		print_message("man or groff not installed: the man page is not "
			      "rendered (apt-get install man-db groff-base)\n");
		skip();
	}
	/* warnings go to stderr, which shell() keeps */
	cmd = xasprintf("MANWIDTH=80 MAN_KEEP_FORMATTING= man --warnings -l "
			"%s/culab.1 >/dev/null", build);
	text = shell(cmd, &rc);
	if (rc != 0 || text[0])
		fail_msg("%s: exit %d:\n%s", cmd, rc, text);
	free(text);
	free(cmd);
	cmd = xasprintf("MANWIDTH=80 man -l %s/culab.1 | col -b", build);
	text = shell(cmd, &rc);
	assert_int_equal(rc, 0);
	narrow("man -l culab.1", text);
	for (size_t i = 0; i < ncommands; i++) {
		char *head = xasprintf("\n   culab %s\n", commands[i]);

		if (!strstr(text, head))
			fail_msg("man -l culab.1: no section \"culab %s\"",
				 commands[i]);
		free(head);
	}
	assert_non_null(strstr(text, "EXIT STATUS"));
	free(text);
	free(cmd);
}

/* COMPREPLY of bash's completion of `words` (the cursor on the last). */
static char *bash_complete(const char *words)
{
	char *cmd = xasprintf("bash -c 'source %s/completions/culab && "
			      "COMP_WORDS=(%s) && "
			      "COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && { _culab; true; } && "
			      "printf \"%%s\\n\" \"${COMPREPLY[@]}\"'", build,
			      words);
	int rc;
	char *text = shell(cmd, &rc);

	if (rc != 0)
		fail_msg("%s: exit %d: %s", cmd, rc, text);
	free(cmd);
	return text;
}

static void test_bash_completion(void **state)
{
	static const struct {
		const char *words, *want;
	} cases[] = {
		{ "culab re", "report\nrerun\n" },
		{ "culab run --ou", "--output\n" },
		{ "culab help re", "report\nrerun\n" },
		{ "culab list k", "kernels\n" },
		{ "culab run --lang z", "zh\n" },
		{ "culab report --lang = z", "zh\n" },
		{ "culab completion z", "zsh\n" },
		{ "culab check experiments/qu", "experiments/quick.yaml\n" },
		{ "culab run -o tests/fixtures/qu", "tests/fixtures/quick\n" },
		{ "culab devices --j", "--json\n" },
		{ "culab run --pa", "\n" },      /* hidden options are not offered */
	};
	char *cmd, *text;
	int rc;

	(void)state;
	generated("completions/culab", ARGS("completion", "bash"));
	cmd = xasprintf("bash -c 'source %s/completions/culab && complete -p "
			"culab'", build);
	text = shell(cmd, &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(text, "complete -F _culab culab\n");
	free(text);
	free(cmd);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		text = bash_complete(cases[i].words);
		if (strcmp(text, cases[i].want) != 0)
			fail_msg("bash completion of \"%s\": \"%s\", want \"%s\"",
				 cases[i].words, text, cases[i].want);
		free(text);
	}
}

/* zsh: the script parses, and (through zsh/zpty, a terminal of its own)
 * `culab rep<TAB>` and `culab run --ou<TAB>` complete. */
static void test_zsh_completion(void **state)
{
	static const char script[] =
		"zmodload zsh/zpty\n"
		"zpty z zsh -f -i\n"
		"zpty -w z \"PS1='> '; fpath=(%s/completions \\$fpath); "
		"autoload -Uz compinit; compinit -u -D; culab() { :; }\"\n"
		"zpty -w -n z $'culab rep\\t'\n"
		"zpty -r z out '*culab report*' && print ok1\n"
		"zpty -w -n z $'\\x15culab run --ou\\t'\n"
		"zpty -r z out '*culab run --output*' && print ok2\n"
		"zpty -d z\n";
	char *file, *body, *cmd, *text, *cwd, *abs;
	int rc;

	(void)state;
	generated("completions/_culab", ARGS("completion", "zsh"));
	if (!have("zsh")) {
		print_message("zsh not installed: its completion is not run\n");
		skip();                 /* leaves by longjmp: nothing held yet */
	}
	cwd = getcwd(NULL, 0);
	assert_non_null(cwd);
	cmd = xasprintf("zsh -n %s/completions/_culab", build);
	text = shell(cmd, &rc);
	if (rc != 0)
		fail_msg("%s: %s", cmd, text);
	free(text);
	free(cmd);
	file = xstrdup("/tmp/culab-habits-zsh-XXXXXX");
	rc = mkstemp(file);
	assert_true(rc >= 0);
	close(rc);
	abs = build[0] == '/' ? xstrdup(build) : xasprintf("%s/%s", cwd, build);
	body = xasprintf(script, abs);
	assert_int_equal(write_file_atomic(file, body, strlen(body)), 0);
	cmd = xasprintf("timeout 30 zsh -f %s | grep -ac '^ok'", file);
	text = shell(cmd, &rc);
	if (strcmp(text, "2\n") != 0)
		fail_msg("zsh completion through zpty: %s ok lines of 2", text);
	unlink(file);
	free(text);
	free(cmd);
	free(body);
	free(file);
	free(abs);
	free(cwd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_help_everywhere),
		cmocka_unit_test(test_quiet),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_arch),
		cmocka_unit_test(test_man_page),
		cmocka_unit_test(test_bash_completion),
		cmocka_unit_test(test_zsh_completion),
	};

	return cmocka_run_group_tests_name("cli habits", tests, setup,
					   teardown);
}
