/* main.c - culab's command line: a table of subcommands.
 *
 * Each subcommand is a row (name, handler, usage, summary, help text), so
 * `culab --help`, `culab help CMD`, `CMD --help` and dispatch read the
 * same rows.  Handlers return an exit code from exitcode.h. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "counters/counters.h"
#include "cli.h"
#include "culab_version.h"
#include "base/diag.h"
#include "run/run.h"
#include "base/exitcode.h"
#include "experiment/experiment.h"
#include "results/results.h"
#include "output.h"
#include "plan/plan.h"
#include "ladder/ladder.h"
#include "report/report.h"
#include "compare/compare.h"
#include "base/util.h"
#include "workers.h"

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;
	const char *summary;
	const char *help;
};


const char *exit_text(int code)
{
#define X(name, num, text) if (code == num) return text;
	CULAB_EXIT_MAP(X)
#undef X
	return "unknown exit code";
}

void print_help(const struct command *c, FILE *fp)
{
	fprintf(fp, "usage: culab %s\n\n%s\n", c->usage, c->help);
}

int usage_error(const struct command *c, const char *fmt, ...)
{
	va_list ap;
	FILE *fp = diag_stream();

	fputs("culab: error: ", fp);
	va_start(ap, fmt);
	vfprintf(fp, fmt, ap);
	va_end(ap);
	fputc('\n', fp);
	if (c)
		fprintf(fp, "usage: culab %s\n", c->usage);
	else
		fputs("usage: culab <command> [options]  (see culab --help)\n", fp);
	return EXIT_USAGE;
}

int cli_need_name(const char *opt, const char *what, const char *value)
{
	if (*value)
		return 0;
	diag_error("%s needs %s name, not \"\"", opt, what);
	return EXIT_USAGE;
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

static char *g_command;

const char *cli_command_line(void)
{
	return g_command;
}

/* Parses a non-negative int option. */
static int parse_int(const struct command *c, const char *opt, const char *s,
		     int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *s == '\0' || *end != '\0' || v < 0 || v > 1 << 20)
		return usage_error(c, "option %s needs a non-negative integer, "
				   "not \"%s\"", opt, s);
	*out = (int)v;
	return 0;
}

/* --variant: parsed once, by the plan module, into *sel. */
static int parse_variant_list(const struct command *c, const char *list,
			      struct plan_selection *sel)
{
	char why[256];

	plan_select_release(sel);
	if (plan_select_parse(list, sel, why, sizeof(why)) < 0)
		return usage_error(c, "%s", why) ? -1 : 0;
	return 0;
}

/* --shard I/N into *sh; -1 after a one-line error. */
static int parse_shard(const char *text, struct plan_shard *sh)
{
	char why[256];

	if (plan_shard_parse(text, sh, why, sizeof(why)) < 0)
		return diag_error("%s", why);
	return 0;
}

/* The last lines of `culab run`: counts, and every failed row. */
void run_summary(const struct results *r, const char *outdir)
{
	size_t ok = 0, bad = 0, skipped = 0, i;

	for (i = 0; i < r->nrows; i++) {
		if (r->rows[i].status == ROW_OK)
			ok++;
		else if (r->rows[i].status == ROW_SKIPPED)
			skipped++;
		else
			bad++;
	}
	diag_printf(stdout, "culab: %zu measurements: %zu verified, %zu failed, "
		    "%zu skipped; results in %s/results.json\n",
		    r->nrows, ok, bad, skipped, outdir);
	for (i = 0; i < r->nrows; i++) {
		const struct result_row *w = &r->rows[i];

		if (w->status == ROW_WRONG || w->status == ROW_ERROR)
			diag_printf(stdout, "culab: FAILED %s/%s/%s/%" PRIu64
				    "x%" PRIu64 ": %s\n", w->experiment,
				    w->variant, w->dtype, w->n, w->m,
				    w->message ? w->message : "");
	}
}

/* ---- culab run ------------------------------------------------------------ */

static int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "device", required_argument, NULL, 'd' },
		{ "no-counters", no_argument, NULL, 'C' },
		{ "profile-only", no_argument, NULL, 'P' },
		{ "resume", no_argument, NULL, 'r' },
		{ "variant", required_argument, NULL, 'v' },
		{ "note", required_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "no-report", no_argument, NULL, 'R' },
		{ "lang", required_argument, NULL, 'L' },
		{ "lock-clocks", required_argument, NULL, 'K' },
		{ "shard", required_argument, NULL, 'S' },
		{ "devices", required_argument, NULL, 'D' },
		/* a worker of --devices: internal */
		{ "part", required_argument, NULL, 'W' },
		{ "resume-dir", required_argument, NULL, 'X' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("run");
	struct workers_options wo = { .devices = NULL };
	static char prog[48];
	bool device_given = false;
	struct report_options ro;
	bool report = true;
	struct run_options o = { .device = 0 };
	struct experiment_file f = { 0 };
	struct results res = { 0 };
	struct plan_selection only = { 0 };
	const char *outdir = NULL, *variant_list = NULL, *resume_dir = NULL;
	struct results prev = { 0 };
	char *made = NULL;
	bool quiet = false, resume = false;
	char arch[16];
	int ch, rc = EXIT_USAGE;

	o.progress = isatty(STDERR_FILENO);
	report_options_init(&ro);
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:d:qh", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			if (cli_need_name("-o/--output", "a directory", optarg))
				goto out;
			outdir = optarg;
			break;
		case 'd':
			if (parse_int(c, "--device", optarg, &o.device))
				goto out;
			device_given = true;
			break;
		case 'S':
			if (parse_shard(optarg, &o.shard) < 0)
				goto out;
			break;
		case 'D': wo.devices = optarg; break;
		case 'W':
			if (parse_shard(optarg, &o.part) < 0)
				goto out;
			break;
		case 'X': resume_dir = optarg; break;
		case 'C': o.no_counters = true; break;
		case 'P': o.profile_only = true; break;
		case 'r': resume = true; break;
		case 'v': variant_list = optarg; break;
		case 'n': o.note = optarg; break;
		case 'q': quiet = true; o.progress = false; break;
		case 'R': report = false; break;
		case 'L':
			if (report_lang_parse(optarg, &ro.langs) < 0) {
				usage_error(c, "unknown language \"%s\" "
					    "(known: en, zh, both)", optarg);
				goto out;
			}
			break;
		case 'K':
			if (clock_lock_parse(optarg, &o.lock_clocks) < 0) {
				usage_error(c, "unknown clock \"%s\" for "
					    "--lock-clocks (known: base, max)",
					    optarg);
				goto out;
			}
			break;
		case 'h': print_help(c, stdout); rc = EXIT_OK; goto out;
		default: usage_error(c, "unknown option"); goto out;
		}
	}
	if (argc - optind != 1) {
		usage_error(c, "run needs exactly one experiment file");
		goto out;
	}
	if (wo.devices && device_given) {
		usage_error(c, "--device and --devices: choose one");
		goto out;
	}
	if (o.part.count > 0) {
		/* a worker says which GPU its lines come from */
		snprintf(prog, sizeof(prog), "culab (GPU %d)", o.device);
		diag_set_program(prog);
	}
	/* raw counter names are checked for the GPU that will collect them */
	if (!wo.devices && env_device_arch(o.device, arch, sizeof(arch)) == 0)
		metrics_set_chip(chip_for_arch(arch));
	if (experiment_load(argv[optind], &f) < 0)
		goto out;
	/* after loading: --variant may name the file's own kernels */
	if (variant_list) {
		if (parse_variant_list(c, variant_list, &only) < 0)
			goto out;
		o.only_variant = &only;
	}
	/* the report's templates and directory are checked before any GPU
	 * work, so that bad ones cost no measurement */
	if (!outdir)
		outdir = f.output;
	made = output_dir_missing(outdir);
	ro.dir = outdir;
	if (report && !o.profile_only && report_prepare(&ro) < 0)
		goto out;
	o.command = g_command;
	if (wo.devices) {
		wo.file = argv[optind];
		wo.variant_list = variant_list;
		wo.outdir = outdir;
		wo.resume = resume;
		wo.run = &o;
		rc = workers_run(&f, &wo, &res);
	} else {
		rc = output_run(&f, &o, outdir, resume ? resume_dir ?
				resume_dir : outdir : NULL, &prev, &res);
	}
	/* A report of whatever was measured, also after a failure or an
	 * interruption; not when nothing ran (no GPU, bad options). */
	if (report && res.nrows && !o.profile_only) {
		if (output_report(outdir, &res, &ro) < 0 && rc == EXIT_OK)
			rc = EXIT_FAILED;
		else if (!quiet)
			printf("culab: report: %s/report.en.md, %s/report.zh.md\n",
			       outdir, outdir);
	}
	if (!quiet && res.nrows)
		run_summary(&res, outdir);
	if (runner_gpu_hung()) {
		/* a kernel still runs: exit without any CUDA teardown, which
		 * would wait for it; the driver ends it with the process */
		fflush(NULL);
		_exit(rc);
	}
out:
	/* a run that wrote nothing leaves no directory it made */
	if (!res.nrows)
		output_dir_unmake(outdir, made);
	free(made);
	results_release(&res);
	results_release(&prev);
	experiment_file_release(&f);
	plan_select_release(&only);
	return rc;
}

/* ---- chips ------------------------------------------------------------------ */

/* What `culab check` and `culab list metrics` evaluate for: the chip that
 * counter names are checked for and the architecture user kernels are
 * compiled for.  Each comes from its option, else from the other option
 * (a chip is of one architecture; an architecture stands for its first
 * chip, counters.h), else from GPU 0, else GH100 and sm_90, assumed. */
struct target {
	const char *chip, *arch;
	const char *arch_note;   /* how arch was chosen, for the ok line */
	const char *assumed;     /* why chip was assumed, NULL when it was not */
	char chipbuf[16], gpu[16], archbuf[64], whybuf[96];
};

/* The chip called `name`, any case, among those CUPTI's host API knows
 * (counters.h's table where the host API cannot run), into buf; NULL after a
 * usage error that lists them. */
static const char *find_chip(const struct command *c, const char *name,
			     char *buf, size_t size)
{
	const char *names[64], *const *cupti, *near;
	char upper[32], list[512], why[256];
	int n = counters_supported_chips(&cupti, why, sizeof(why));
	size_t count = 0, i;

	if (n >= 0) {
		for (i = 0; i < (size_t)n && count < ARRAY_SIZE(names); i++)
			names[count++] = cupti[i];
	} else {
		const struct chip_def *t = chip_all(&count);

		for (i = 0; i < count && i < ARRAY_SIZE(names); i++)
			names[i] = t[i].name;
	}
	for (i = 0; i < count; i++) {
		if (!strcasecmp(names[i], name)) {
			snprintf(buf, size, "%s", names[i]);
			return buf;
		}
	}
	for (i = 0; name[i] && i + 1 < sizeof(upper); i++)
		upper[i] = (char)toupper((unsigned char)name[i]);
	upper[i] = '\0';
	near = nearest_word(upper, names, count);
	join_words(names, count, list, sizeof(list));
	if (near)
		usage_error(c, "unknown chip \"%s\"; did you mean \"%s\"? (known: "
			    "%s)", name, near, list);
	else
		usage_error(c, "unknown chip \"%s\" (known: %s)", name, list);
	return NULL;
}

/* Fills *t from --arch and --chip (either may be NULL).  Returns 0, or
 * EXIT_USAGE after a usage error (an unknown chip). */
static int pick_target(const struct command *c, const char *arch_opt,
		       const char *chip_opt, struct target *t)
{
	const struct chip_def *cd = NULL;
	bool gpu = false;

	memset(t, 0, sizeof(*t));
	t->arch_note = "";
	if (chip_opt) {
		t->chip = find_chip(c, chip_opt, t->chipbuf, sizeof(t->chipbuf));
		if (!t->chip)
			return EXIT_USAGE;
		cd = chip_find(t->chip);
	}
	t->arch = arch_opt;
	if (!t->arch && cd) {
		t->arch = cd->arch;
		snprintf(t->archbuf, sizeof(t->archbuf), " (the architecture of "
			 "%s)", t->chip);
		t->arch_note = t->archbuf;
	}
	if (!t->chip && arch_opt)
		t->chip = chip_for_arch(arch_opt);
	if (!t->arch || !t->chip)
		gpu = env_device_arch(0, t->gpu, sizeof(t->gpu)) == 0;
	if (!t->arch)
		t->arch = gpu ? t->gpu : "sm_90";
	if (!gpu && !arch_opt && !cd)
		t->arch_note = " (no GPU here: assumed; choose with --arch)";
	if (!t->chip && gpu)
		t->chip = chip_for_arch(t->gpu);
	if (!t->chip) {
		if (arch_opt || gpu)
			snprintf(t->whybuf, sizeof(t->whybuf), "no chip of %s "
				 "is known to CUPTI's range profiler",
				 arch_opt ? arch_opt : t->gpu);
		else
			snprintf(t->whybuf, sizeof(t->whybuf), "no GPU here");
		t->assumed = t->whybuf;
		t->chip = CHIP_ASSUMED;
	}
	return 0;
}

/* ---- culab check ------------------------------------------------------------ */

/* Notes, once per distinct list, what `chip` cannot collect of the
 * counters the experiments of f ask for: a run there goes on without
 * them (counter_plan_restrict). */
static void check_counters_on_chip(const char *path,
				   const struct experiment_file *f,
				   const char *chip)
{
	char list[1024], last[1024] = "";

	for (size_t e = 0; e < f->nexps; e++) {
		struct counter_plan cp;

		if (!f->exps[e].ncounters ||
		    counter_plan_build(f->exps[e].counters, f->exps[e].ncounters,
				       &cp) < 0)
			continue;
		if (counter_plan_restrict(&cp, chip, list, sizeof(list)) > 0 &&
		    strcmp(list, last) != 0) {
			diag_note_at(path, 0, 0, "not collectable on %s: %s; a run "
				     "there leaves their columns empty", chip,
				     list);
			snprintf(last, sizeof(last), "%s", list);
		}
		counter_plan_release(&cp);
	}
}

/* Loads one experiment file and compiles its kernels; *counters is set
 * when the file asks for counters.  Returns an exit code. */
static int check_one(const char *path, const struct target *t, bool quiet,
		     bool *counters)
{
	struct plan_options po = { .counters = true };
	struct experiment_file f = { 0 };
	struct ukernel_stats st;
	struct plan p = { 0 };
	size_t rows = 0;
	int rc = EXIT_OK;

	if (experiment_load(path, &f) < 0)
		return EXIT_USAGE;
	for (size_t e = 0; e < f.nexps; e++) {
		rows += f.exps[e].nrows;
		*counters |= f.exps[e].ncounters > 0;
	}
	if (f.nkernels) {
		plan_build(&f, &po, &p);
		if (plan_prepare_kernels(&p, t->arch, &st) < 0)
			rc = EXIT_USAGE;
	}
	if (rc == EXIT_OK && !quiet)
		check_counters_on_chip(path, &f, t->chip);
	if (rc == EXIT_OK && !quiet) {
		diag_printf(stdout, "%s: ok: %zu experiment%s, %zu "
			    "measurement%s, output %s\n", path, f.nexps, f.nexps == 1 ? "" : "s", rows,
		       rows == 1 ? "" : "s", f.output);
		if (f.nkernels)
			printf("%s: %zu kernel%s compiled for %s%s: %zu "
			       "instance%s, %zu from the cache, %.2f s\n", path,
			       st.kernels, st.kernels == 1 ? "" : "s", t->arch,
			       t->arch_note, st.instances,
			       st.instances == 1 ? "" : "s", st.cache_hits,
			       st.compile_seconds);
	}
	plan_release(&p);
	experiment_file_release(&f);
	return rc;
}

static int cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "arch", required_argument, NULL, 'a' },
		{ "chip", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("check");
	const char *arch = NULL, *chip = NULL;
	struct target t;
	bool quiet = false, counters = false;
	int ch, rc = EXIT_OK;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "qh", opts, NULL)) != -1) {
		switch (ch) {
		case 'q': quiet = true; break;
		case 'a':
			if (strncmp(optarg, "sm_", 3) != 0 ||
			    strspn(optarg + 3, "0123456789") != strlen(optarg + 3) ||
			    strlen(optarg) < 5 || strlen(optarg) > 7)
				return usage_error(c, "--arch takes an "
						   "architecture such as "
						   "sm_90, not \"%s\"", optarg);
			arch = optarg;
			break;
		case 'c': chip = optarg; break;
		case 'h': print_help(c, stdout); return EXIT_OK;
		default: return usage_error(c, "unknown option");
		}
	}
	if (optind >= argc)
		return usage_error(c, "check needs at least one experiment file");
	if (pick_target(c, arch, chip, &t))
		return EXIT_USAGE;
	metrics_set_chip(t.chip);
	for (int i = optind; i < argc; i++)
		if (check_one(argv[i], &t, quiet, &counters) != EXIT_OK)
			rc = EXIT_USAGE;
	/* errors name the chip themselves; this is for files that passed */
	if (rc == EXIT_OK && counters && t.assumed && !quiet)
		diag_note("%s: counter names checked for %s; choose another chip "
			  "with --chip", t.assumed, t.chip);
	return rc;
}

/* ---- culab plan ------------------------------------------------------------- */

static int cmd_plan(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "output", required_argument, NULL, 'o' },
		{ "resume", no_argument, NULL, 'r' },
		{ "variant", required_argument, NULL, 'V' },
		{ "no-counters", no_argument, NULL, 'C' },
		{ "profile-only", no_argument, NULL, 'P' },
		{ "sms", required_argument, NULL, 's' },
		{ "shard", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("plan");
	struct plan_options po = { .counters = true, .count_passes = true };
	struct plan_selection only = { 0 };
	struct experiment_file f = { 0 };
	struct results prev = { 0 };
	struct plan_done *done = NULL;
	struct plan p = { 0 };
	const char *outdir = NULL, *variant_list = NULL;
	bool json = false, verbose = false, resume = false;
	int ch, rc = EXIT_USAGE;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "jvo:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'j': json = true; break;
		case 'v': verbose = true; break;
		case 'o':
			if (cli_need_name("-o/--output", "a directory", optarg))
				goto out;
			outdir = optarg;
			break;
		case 'r': resume = true; break;
		case 'V': variant_list = optarg; break;
		case 'C': po.counters = false; break;
		case 'P': po.profile_only = true; break;
		case 's':
			if (parse_int(c, "--sms", optarg, &po.sm_count))
				goto out;
			break;
		case 'S':
			if (parse_shard(optarg, &po.shard) < 0)
				goto out;
			break;
		case 'h': print_help(c, stdout); rc = EXIT_OK; goto out;
		default: usage_error(c, "unknown option"); goto out;
		}
	}
	if (argc - optind != 1) {
		usage_error(c, "plan needs exactly one experiment file");
		goto out;
	}
	if (experiment_load(argv[optind], &f) < 0)
		goto out;
	if (variant_list) {
		if (parse_variant_list(c, variant_list, &only) < 0)
			goto out;
		po.only = &only;
	}
	if (resume) {
		int got = results_read_previous(outdir ? outdir : f.output,
						f.sha256, &prev);

		if (got < 0)
			goto out;
		po.done = done = results_done(&prev);
		po.ndone = prev.nrows;
	}
	plan_build(&f, &po, &p);
	rc = EXIT_OK;
	if (json)
		rc = json_print_plan(stdout, &p) < 0 ? EXIT_FAILED : EXIT_OK;
	else
		plan_print(stdout, &p, verbose);
out:
	plan_release(&p);
	free(done);
	results_release(&prev);
	experiment_file_release(&f);
	plan_select_release(&only);
	return rc;
}

/* ---- culab list --------------------------------------------------------------- */

static void list_kernels_text(void)
{
	size_t n, i;
	const struct variant *v = registry_all(&n);
	char flags[128];
	int fam = -1;

	for (i = 0; i < n; i++) {
		if ((int)v[i].family != fam) {
			fam = (int)v[i].family;
			printf("%s%s ladder:\n", i ? "\n" : "",
			       family_name(v[i].family));
			printf("  %-4s %-30s %-30s %s\n", "step", "variant",
			       "flags", "title");
		}
		variant_flags_text(v[i].flags, flags, sizeof(flags));
		printf("  %-4d %-30s %-30s %s\n", v[i].step, v[i].name,
		       *flags ? flags : "-", v[i].title);
	}
}

/* `culab list metrics`: the aliases, evaluated for a chip. */
static int list_metrics(const struct command *c, const char *chip_opt,
			bool json, bool verbose)
{
	struct target t;

	if (pick_target(c, NULL, chip_opt, &t))
		return EXIT_USAGE;
	if (t.assumed)
		diag_note("%s: counters evaluated for %s; choose another chip "
			  "with --chip", t.assumed, t.chip);
	if (json)
		return json_print_metrics(stdout, t.chip) < 0 ? EXIT_FAILED :
								 EXIT_OK;
	metrics_print(stdout, verbose, t.chip);
	return EXIT_OK;
}

static int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "chip", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("list");
	const char *chip = NULL, *what;
	bool json = false, verbose = false;
	char why[512];
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "jvh", opts, NULL)) != -1) {
		switch (ch) {
		case 'j': json = true; break;
		case 'v': verbose = true; break;
		case 'c': chip = optarg; break;
		case 'h': print_help(c, stdout); return EXIT_OK;
		default: return usage_error(c, "unknown option");
		}
	}
	if (argc - optind != 1)
		return usage_error(c, "list needs one of: kernels, metrics, chips");
	what = argv[optind];
	if (chip && strcmp(what, "metrics") != 0)
		return usage_error(c, "--chip goes with list metrics only");
	if (strcmp(what, "kernels") == 0) {
		if (json)
			return json_print_kernels(stdout) < 0 ?
				EXIT_FAILED : EXIT_OK;
		list_kernels_text();
		return EXIT_OK;
	}
	if (strcmp(what, "metrics") == 0)
		return list_metrics(c, chip, json, verbose);
	if (strcmp(what, "chips") == 0) {
		if (json)
			return usage_error(c, "list chips has no --json");
		if (metrics_print_chips(stdout, why, sizeof(why)) < 0)
			return diag_error("cannot evaluate chips: %s", why),
			       EXIT_NO_GPU;
		return EXIT_OK;
	}
	return usage_error(c, "cannot list \"%s\" (known: kernels, metrics, "
			   "chips)", what);
}

/* ---- culab devices --------------------------------------------------------------- */

/* The memory line of `culab devices`: kind, bus, data rate and peak. */
static void print_device_memory(int i, const struct environment *e)
{
	struct env_memory_facts mf;
	struct env_memory_peak mp;

	env_memory(i, &mf, &mp);
	printf("  memory: %.1f GiB %s, %d-bit bus at %d MHz",
	       (double)e->global_mem_bytes / (1 << 30),
	       env_memory_kind_name(mp.kind), e->mem_bus_width_bits,
	       e->mem_clock_khz / 1000);
	if (mp.gbit_per_pin > 0)
		printf(" (%.2f Gb/s per pin)", mp.gbit_per_pin);
	if (mp.gbps > 0)
		printf(": theoretical peak %.1f GB/s\n", mp.gbps);
	else
		printf(": theoretical peak unknown: %s\n", mp.why_unknown);
}

/* Whether culab can serve device i (made current to ask); with text,
 * says why not, or what it will not measure there. */
static bool device_usable(int i, const struct environment *e, bool text)
{
	char why[1024];
	int ok = env_open_device(i, why, sizeof(why)) < 0 ? -1 :
		 env_check_device(i, e, why, sizeof(why));

	if (text && ok < 0)
		printf("  culab cannot use it: %s\n", why);
	else if (text && ok > 0)
		printf("  note: %s\n", why);
	return ok >= 0;
}

static void print_device(int i, const struct environment *e)
{
	printf("device %d: %s\n", i, e->gpu_name);
	printf("  compute capability %d.%d, %d SMs, SM clock up to %d MHz, "
	       "%zu MiB L2\n", e->cc_major, e->cc_minor, e->sm_count,
	       e->sm_clock_khz / 1000, e->l2_bytes >> 20);
	print_device_memory(i, e);
	printf("  driver %d.%d, runtime %d.%d, %s\n", e->driver_version / 1000,
	       e->driver_version % 1000 / 10, e->runtime_version / 1000,
	       e->runtime_version % 1000 / 10, e->gpu_uuid);
}

static int cmd_devices(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("devices");
	char why[1024];
	bool json = false;
	int ch, n, i, usable = 0, rc = EXIT_OK;
	struct environment *envs;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "jh", opts, NULL)) != -1) {
		switch (ch) {
		case 'j': json = true; break;
		case 'h': print_help(c, stdout); return EXIT_OK;
		default: return usage_error(c, "unknown option");
		}
	}
	if (optind != argc)
		return usage_error(c, "devices takes no arguments");
	n = env_device_count(why, sizeof(why));
	if (n < 0) {
		diag_error("no usable GPU: %s", why);
		return EXIT_NO_GPU;
	}
	envs = xcalloc((size_t)n, sizeof(*envs));
	for (i = 0; i < n; i++) {
		if (env_probe(i, &envs[i], why, sizeof(why)) < 0) {
			diag_error("device %d: %s", i, why);
			rc = EXIT_NO_GPU;
		}
	}
	if (rc == EXIT_OK && json && json_print_devices(stdout, envs, (size_t)n) < 0)
		rc = EXIT_FAILED;
	for (i = 0; rc == EXIT_OK && i < n; i++) {
		if (!json)
			print_device(i, &envs[i]);
		usable += device_usable(i, &envs[i], !json);
	}
	if (rc == EXIT_OK && !usable) {
		diag_error("no usable GPU: culab cannot use any of the %d "
			   "device%s", n, n == 1 ? "" : "s");
		rc = EXIT_NO_GPU;
	}
	for (i = 0; i < n; i++) {
		struct results tmp = { 0 };

		tmp.env = envs[i];
		results_release(&tmp);
	}
	free(envs);
	return rc;
}

/* ---- culab report ------------------------------------------------------------ */

static int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "lang", required_argument, NULL, 'L' },
		{ "template", required_argument, NULL, 't' },
		{ "no-charts", no_argument, NULL, 'C' },
		{ "gnuplot", required_argument, NULL, 'g' },
		{ "format", required_argument, NULL, 'F' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "threshold", required_argument, NULL, 'T' },
		{ "match", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("report");
	struct report_options ro;
	struct results both[2] = { { 0 } }, *base = &both[0], *r = &both[1];
	struct cmp_opts co = { 0 };
	struct compare cmp = { 0 };
	const char *baseline = NULL;
	char *dir = NULL;
	int ch, rc = EXIT_OK;

	report_options_init(&ro);
	ro.dir = NULL;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'o': ro.dir = optarg; break;
		case 'L':
			if (report_lang_parse(optarg, &ro.langs) < 0)
				return usage_error(c, "unknown language \"%s\" "
						   "(known: en, zh, both)", optarg);
			break;
		case 't': ro.template_path = optarg; break;
		case 'C': ro.charts = false; break;
		case 'g': ro.gnuplot = optarg; break;
		case 'F':
			if (report_format_parse(optarg, &ro.formats) < 0)
				return usage_error(c, "unknown format \"%s\" "
						   "(known: md, html, both)",
						   optarg);
			break;
		case 'b': baseline = optarg; break;
		case 'T':
			if (cli_parse_threshold(c, optarg, &co.threshold))
				return EXIT_USAGE;
			break;
		case 'M':
			if (cli_parse_match(c, optarg, &co))
				return EXIT_USAGE;
			break;
		case 'h': print_help(c, stdout); return EXIT_OK;
		default: return usage_error(c, "unknown option");
		}
	}
	if (argc - optind != 1)
		return usage_error(c, "report needs one results file");
	/* an empty name is no name (-o "" read past a 1-byte buffer) */
	if ((ro.dir && cli_need_name("-o/--output", "a directory", ro.dir)) ||
	    (ro.template_path &&
	     cli_need_name("--template", "a file", ro.template_path)) ||
	    (baseline && cli_need_name("--baseline", "a file", baseline)))
		return EXIT_USAGE;
	if ((co.threshold > 0 || co.nmatch) && !baseline)
		return usage_error(c, "--threshold and --match go with "
				   "--baseline");
	if (baseline) {
		rc = cli_baseline(c, baseline, argv[optind], &co, both, &cmp);
		if (rc != EXIT_OK)
			goto out;
		ro.baseline = &cmp;
		ro.baseline_path = baseline;
	} else if (results_read(argv[optind], r) < 0) {
		return EXIT_USAGE;
	}
	if (!ro.dir) {
		/* Beside the results file by default ("/" for /R.json). */
		const char *slash = strrchr(argv[optind], '/');

		dir = !slash ? xstrdup(".") : slash == argv[optind] ?
		      xstrdup("/") : xstrndup(argv[optind],
					      (size_t)(slash - argv[optind]));
		ro.dir = dir;
	}
	/* Bad templates and an output directory that cannot be made (or
	 * holds a planted charts/ link) are bad input, refused before
	 * anything is created or written. */
	if (report_prepare(&ro) < 0 || dir_make_writable(ro.dir) < 0) {
		rc = EXIT_USAGE;
	} else if (output_report(ro.dir, r, &ro) < 0)
		rc = EXIT_FAILED;
	else
		printf("culab: report: %s/report.%s.%s\n", ro.dir,
		       ro.langs == REPORT_ZH ? "zh" :
		       ro.langs == REPORT_EN ? "en" : "{en,zh}",
		       ro.formats == REPORT_MD ? "md" :
		       ro.formats == REPORT_HTML ? "html" : "{md,html}");
out:
	compare_release(&cmp);
	results_release(base);
	results_release(r);
	free(dir);
	return rc;
}

/* ---- culab verify ----------------------------------------------------------- */

static int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("verify");
	struct results r;
	struct sig_check *s = NULL;
	size_t n, i, pass = 0, failed = 0, missing = 0;
	bool quiet = false;
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "qh", opts, NULL)) != -1) {
		switch (ch) {
		case 'q': quiet = true; break;
		case 'h': print_help(c, stdout); return EXIT_OK;
		default: return usage_error(c, "unknown option");
		}
	}
	if (argc - optind != 1)
		return usage_error(c, "verify needs one results file");
	if (results_read(argv[optind], &r) < 0)
		return EXIT_USAGE;
	n = signature_check_all(&r, &s);
	for (i = 0; i < n; i++) {
		const struct result_row *w = &r.rows[s[i].row];

		if (s[i].verdict == SIG_PASS)
			pass++;
		else if (s[i].verdict == SIG_FAIL)
			failed++;
		else
			missing++;
		if (quiet && s[i].verdict == SIG_PASS)
			continue;
		/* names from the file: escaped (diag.h) */
		diag_printf(stdout, "%-7s %s/%s/%s/%" PRIu64 "x%" PRIu64 ": %s "
			    "= %.4g, want %s %.4g", sig_verdict_name(s[i].verdict),
			    w->experiment, w->variant, w->dtype, w->n, w->m,
			    s[i].x->column, s[i].value, s[i].x->op, s[i].bound);
		if (s[i].x->than)
			diag_printf(stdout, " (%g x %s)", s[i].x->value,
				    s[i].x->than);
		putchar('\n');
	}
	printf("culab verify: %zu signature checks: %zu passed, %zu failed, "
	       "%zu without data\n", n, pass, failed, missing);
	free(s);
	results_release(&r);
	if (failed)
		return EXIT_FAILED;
	if (!n || missing == n)
		return diag_error("no counter data to verify: run with counters "
				  "on float data"), EXIT_FAILED;
	return EXIT_OK;
}

/* ---- culab help ------------------------------------------------------------------ */

static int cmd_help(int argc, char **argv);

static const struct command commands[] = {
	{ "run", cmd_run,
	  "run [-o DIR] [--device N | --devices all|LIST] [--shard I/N] "
	  "[--no-counters] [--profile-only] [--resume] [--variant LIST] "
	  "[--note TEXT] [--no-report] [--lang LANG] [--lock-clocks base|max] "
	  "[--quiet] EXPERIMENT.yaml",
	  "run an experiment file on the GPU: verify, time, count",
	  "Runs every (experiment, type, size, variant, block) of the file:\n"
	  "verifies the answer against a CPU reference, times warm-up and\n"
	  "repeats with CUDA events, then collects the requested hardware\n"
	  "counters with CUPTI.  Results go to DIR/results.json and\n"
	  "DIR/results.csv, rewritten after every measurement (with\n"
	  "counters: after each stage's counters are in).\n\n"
	  "  -o, --output DIR   output directory (default: the file's `output`)\n"
	  "  -d, --device N     CUDA device index (default 0)\n"
	  "      --devices all|LIST  spread the stages over these GPUs (all, or\n"
	  "                     indexes: 0,1), one worker process each, and\n"
	  "                     merge their rows into DIR; each row names its GPU\n"
	  "      --shard I/N    only the I-th of N shards of the plan (counted\n"
	  "                     from 1; culab plan --shard shows it); merge the\n"
	  "                     shards' results with culab merge\n"
	  "      --no-counters  do not collect hardware counters\n"
	  "      --profile-only one verified launch per measurement, no timing\n"
	  "      --resume       keep the finished rows of DIR/results.json and\n"
	  "                     run only what is missing\n"
	  "      --variant LIST run only these variants (comma-separated)\n"
	  "      --note TEXT    free text stored in the results\n"
	  "      --no-report    do not render the report at the end\n"
	  "      --lang LANG    report language: en, zh or both (default both)\n"
	  "      --lock-clocks base|max\n"
	  "                     lock the SM clocks (NVML; needs root) to the\n"
	  "                     base (TDP) or the maximum clock while the run\n"
	  "                     lasts; restored at exit, also after a signal\n"
	  "  -q, --quiet        no progress line and no summary\n\n"
	  "environment:\n"
	  "  CULAB_RUN_TRACE=1       print where the run's time went\n"
	  "  CULAB_COUNTERS_TRACE=1  print where the profiling time went\n"
	  "                          (2: also every kernel launch profiled)\n"
	  "  CULAB_COUNTERS_FLUSH_PER_PASS=1  evict L2 once per measurement,\n"
	  "                          not before every kernel (comparisons only)\n"
	  "  CULAB_TEST_NVML=fake    (tests) a stand-in NVML that touches no\n"
	  "                          GPU: fake, fake-throttled,\n"
	  "                          fake-no-permission, absent" },
	{ "check", cmd_check,
	  "check [--quiet] [--arch sm_XY] [--chip NAME] EXPERIMENT.yaml...",
	  "validate experiment files and compile their kernels (no GPU needed)",
	  "Loads each file as `run` would and reports every error in GNU\n"
	  "format (file:line:col: error: ...).  Raw counter names are checked\n"
	  "offline for one chip, with CUPTI's host API.  The user kernels a\n"
	  "file names are compiled with NVRTC (or taken from the cache) for\n"
	  "every type and block the file plans, their signatures checked and\n"
	  "their launch geometry evaluated at every size; compile errors point\n"
	  "into the kernel source.  Exit status 2 when any file is invalid.\n\n"
	  "  -q, --quiet        print errors only\n"
	  "      --arch sm_XY   compile user kernels for this architecture\n"
	  "                     (default: --chip's, else the GPU present, else\n"
	  "                     sm_90)\n"
	  "      --chip NAME    check counter names for this chip, as CUPTI\n"
	  "                     names it (GA102, AD104, GH100, ...; `culab list\n"
	  "                     chips`; default: --arch's, else the GPU\n"
	  "                     present, else GH100, with a note)" },
	{ "plan", cmd_plan,
	  "plan [--json] [--verbose] [-o DIR] [--resume] [--variant LIST] "
	  "[--no-counters] [--profile-only] [--sms N] [--shard I/N] "
	  "EXPERIMENT.yaml",
	  "show what a run of an experiment file would measure (no GPU needed)",
	  "Expands the file as `run` would, without running anything: its\n"
	  "experiments, their stages (one type and size: one input shared by\n"
	  "the stage's measurements), every measurement with its state (to\n"
	  "run, resumed from DIR/results.json, or skipped), the device memory\n"
	  "each stage needs and an estimate of the runs of a variant it will\n"
	  "make (one check, warm-up and repeats, one per counter pass; the\n"
	  "passes are computed offline for the GH100 chip).  The options that\n"
	  "`run` shares mean what they mean there.\n\n"
	  "  --json             machine-readable output\n"
	  "  -v, --verbose      every measurement on a line of its own\n"
	  "  -o, --output DIR   output directory (default: the file's `output`)\n"
	  "      --resume       what `run --resume` would keep from DIR\n"
	  "      --variant LIST only these variants (comma-separated)\n"
	  "      --no-counters  no counter passes\n"
	  "      --profile-only one verified run per measurement, no timing\n"
	  "      --sms N        size grid-sized scratch for N SMs (default 132)\n"
	  "      --shard I/N    only the I-th of N shards (counted from 1): whole\n"
	  "                     stages, balanced by their estimated cost; the\n"
	  "                     same file always gives the same shards" },
	{ "merge", cmd_merge,
	  "merge -o DIR [--partial] [--no-report] [--lang LANG] [--quiet] "
	  "RESULTS.json... | merge --plans PLAN.json...",
	  "merge the results of shards (or of parts run apart) into one",
	  cli_merge_help },
	{ "slurm", cmd_slurm,
	  "slurm --shards N [--partition P] [--account A] [--time T] "
	  "[--gpus-per-task G] [--submit] [-o DIR] [--culab PATH] "
	  "[--no-counters] [--variant LIST] EXPERIMENT.yaml",
	  "write (and submit) Slurm jobs: one task per shard, then a merge",
	  cli_slurm_help },
	{ "list", cmd_list,
	  "list [--json] [--verbose] [--chip NAME] kernels|metrics|chips",
	  "list the kernel variants, counter aliases or chips",
	  "  kernels   every variant of both ladders, in ladder order\n"
	  "  metrics   counter aliases, their columns, whether a chip can\n"
	  "            collect each one, and why not (and with --verbose their\n"
	  "            raw metrics and glossary paragraphs)\n"
	  "  chips     every chip CUPTI's host API knows, and which aliases of\n"
	  "            the default set it can collect (a Markdown table)\n\n"
	  "  --json    machine-readable output (kernels, metrics)\n"
	  "  --chip NAME  the chip `list metrics` evaluates for (default: the\n"
	  "            GPU present, else GH100, with a note)\n"
	  "  -v, --verbose  more detail\n\n"
	  "Chips are evaluated offline, from CUPTI's metric tables; no GPU is\n"
	  "needed." },
	{ "devices", cmd_devices, "devices [--json]",
	  "show the CUDA devices culab can use",
	  "Prints each device's name, compute capability, SM count, memory\n"
	  "(GDDR, HBM or shared), bus and clock, the theoretical peak bandwidth\n"
	  "derived from them, and why culab cannot use a device, if it cannot.\n"
	  "Exit status 3 when there is no usable GPU.\n\n"
	  "  --json    machine-readable output" },
	{ "report", cmd_report,
	  "report [-o DIR] [--lang LANG] [--format FMT] [--template FILE] "
	  "[--no-charts] [--gnuplot PATH] [--baseline OTHER.json [--threshold T] "
	  "[--match BASE=NEW]] RESULTS.json",
	  "render the lab report of a results file (no GPU needed)",
	  "Writes DIR/report.en.md and DIR/report.zh.md (Markdown), the same\n"
	  "as self-contained pages DIR/report.en.html and DIR/report.zh.html\n"
	  "(charts inline; print them to PDF from a browser) and the charts in\n"
	  "DIR/charts/ (PNG and SVG, each with its data and gnuplot script)\n"
	  "from a results.json that `culab run` wrote.\n\n"
	  "  -o, --output DIR   output directory (default: the results file's)\n"
	  "      --lang LANG    en, zh or both (default both)\n"
	  "      --format FMT   md, html or both (default both)\n"
	  "      --template FILE  a template of your own (see README, Templates)\n"
	  "      --no-charts    Markdown only, no gnuplot\n"
	  "      --gnuplot PATH the gnuplot program (default: gnuplot in PATH)\n"
	  "      --baseline OTHER.json  add a before/after section: every row\n"
	  "                     compared with OTHER's as `culab compare` does,\n"
	  "                     and its chart (charts/baseline.*)\n"
	  "      --threshold T, --match BASE=NEW  as for compare" },
	{ "verify", cmd_verify, "verify [--quiet] RESULTS.json",
	  "check measured counters against each variant's signature",
	  "Every variant states the counter signature its technique should\n"
	  "show (e.g. the 32x32 transpose tile: at least 16 bank conflicts per\n"
	  "shared load), and the results record it with the variant.  verify\n"
	  "evaluates those statements on the rows of a results file, for the\n"
	  "types each statement names, and prints one verdict each.\n"
	  "Exit status 1 when any check fails or no counters were recorded.\n\n"
	  "  -q, --quiet        print failures and the summary only" },
	{ "compare", cmd_compare,
	  "compare [--threshold T] [--markdown | --json] [--chart DIR] "
	  "[--gnuplot PATH] [--fail-on slower|faster|changed] "
	  "[--match BASE=NEW] [-o FILE] BASE.json NEW.json [NEW2.json ...]",
	  "compare results files: faster, slower or the same (no GPU needed)",
	  "Pairs the rows of each NEW file with those of BASE that measured\n"
	  "the same experiment, variant (a user kernel by its label), type,\n"
	  "size and block, and judges each pair by the ratio of the median\n"
	  "times NEW / BASE with its 95 % bootstrap interval (2000 resamples,\n"
	  "fixed seed): same when the interval lies within 1 +- T, faster or\n"
	  "slower when it lies wholly beyond, unknown when it crosses a\n"
	  "boundary, when a row failed, or with fewer than 6 timed runs.\n"
	  "Beside each pair: the counters that moved beyond the report's\n"
	  "noise rule.  Above: the environment facts that differ, and\n"
	  "whether the comparison is across GPUs.  Rows of one side only are\n"
	  "listed.  Exit status 1 when --fail-on matches a pair, 2 for bad\n"
	  "input (a file that is not a results file, the same file twice, no\n"
	  "row in common).\n\n"
	  "  --threshold T      relative band of \"same\" (default 0.02)\n"
	  "  --markdown         Markdown (the report's before/after section)\n"
	  "  --json             JSON: every pair and every counter change\n"
	  "  --chart DIR        draw the ratio chart into DIR (compare.png,\n"
	  "                     .svg, .dat, .gp)\n"
	  "  --gnuplot PATH     the gnuplot program (default: gnuplot in PATH)\n"
	  "  --fail-on WHAT     exit 1 when a pair is slower, faster, or\n"
	  "                     changed (either)\n"
	  "  --match BASE=NEW   pair base experiment BASE with new experiment\n"
	  "                     NEW (names differ between experiment files)\n"
	  "  -o, --output FILE  write to FILE instead of standard output" },
	{ "rerun", cmd_rerun,
	  "rerun [-o DIR] [--device N] [--no-counters] [--resume] [--note TEXT] "
	  "[--no-report] [--lang LANG] [--quiet] [--threshold T] "
	  "[--fail-on slower|faster|changed] RESULTS.json",
	  "run again what a results file recorded, and compare",
	  "Writes the experiment file RESULTS.json recorded into DIR at its\n"
	  "recorded path (its SHA-256 checked) and its user kernels' sources\n"
	  "where that file names them under DIR (the recorded copies; results\n"
	  "without copies take the files at their recorded paths, with a\n"
	  "warning), runs it on the GPU measuring the variants the\n"
	  "record holds, with counters when the record has them, then\n"
	  "compares the new results with the recorded ones as `culab compare`\n"
	  "does: which environment facts differ, and each pair's verdict.\n"
	  "The report gets a before/after section.  Exit status as for run\n"
	  "(3 without a GPU), and 1 when --fail-on matches a pair.\n\n"
	  "  -o, --output DIR   output directory (default: rerun/ beside\n"
	  "                     RESULTS.json)\n"
	  "  -d, --device N     CUDA device index (default 0)\n"
	  "      --no-counters  do not collect hardware counters\n"
	  "      --resume       keep the finished rows of DIR/results.json\n"
	  "      --note TEXT    free text stored in the results\n"
	  "      --no-report    do not render the report\n"
	  "      --lang LANG    report language: en, zh or both (default both)\n"
	  "  -q, --quiet        no progress line and no summary\n"
	  "      --threshold T  as for compare (default 0.02)\n"
	  "      --fail-on WHAT as for compare" },
	{ "help", cmd_help, "help [COMMAND]", "show help for a command",
	  "Shows the list of commands, or the help of one." },
};

const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static void print_main_help(FILE *fp)
{
	fprintf(fp, "usage: culab <command> [options]\n"
		    "       culab --version | --help\n\n"
		    "culab runs CUDA optimization ladders (reduction, transpose)\n"
		    "from YAML experiment files, verifies and times every\n"
		    "variant, collects hardware counters and writes results.\n\n"
		    "commands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(fp, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(fp, "\nexit status:\n");
#define X(name, num, text) fprintf(fp, "  %d  %s\n", num, text);
	CULAB_EXIT_MAP(X)
#undef X
	fprintf(fp, "\n`culab COMMAND --help` shows a command's options.\n");
}

static int cmd_help(int argc, char **argv)
{
	const struct command *c;

	if (argc < 2) {
		print_main_help(stdout);
		return EXIT_OK;
	}
	c = find_command(argv[1]);
	if (!c)
		return usage_error(NULL, "unknown command \"%s\"", argv[1]);
	print_help(c, stdout);
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	const struct command *c;
	const char *names[ARRAY_SIZE(commands)], *near;
	int rc;

	if (argc < 2)
		return usage_error(NULL, "no command given");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		print_main_help(stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("culab %s (commit %s)\nGPU code: %s\n", CULAB_VERSION,
		       CULAB_COMMIT, CULAB_GPU_CODE);
		return EXIT_OK;
	}
	c = find_command(argv[1]);
	if (!c) {
		for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
			names[i] = commands[i].name;
		near = nearest_word(argv[1], names, ARRAY_SIZE(commands));
		if (near)
			return usage_error(NULL, "unknown command \"%s\" (did you "
					   "mean \"%s\"?)", argv[1], near);
		return usage_error(NULL, "unknown command \"%s\"", argv[1]);
	}
	g_command = command_line(argc, argv);
	rc = c->fn(argc - 1, argv + 1);
	free(g_command);
	return rc;
}
