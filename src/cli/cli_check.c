/* cli_check.c - `culab check` and `culab list`: what can be known without
 * a GPU.  Both evaluate for a target, a chip (counter names) and an
 * architecture (user kernels), chosen by --chip and --arch or from the
 * GPU present.  Their rows, options and help are cli_table.c's. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "cli.h"
#include "counters/counters.h"
#include "experiment/experiment.h"
#include "ladder/ladder.h"
#include "plan/plan.h"
#include "results/results.h"

/* ---- the target ------------------------------------------------------------ */

/* What `culab check` and `culab list metrics` evaluate for: the chip that
 * counter names are checked for and the architecture user kernels are
 * compiled for.  Each comes from its option, else from the other option
 * (a chip is of one architecture; an architecture stands for its first
 * chip, counters.h), else from GPU 0, else GH100 and sm_90, assumed. */
struct target {
	const char *chip, *arch;
	const char *arch_note;   /* how arch was chosen, for the ok line */
	const char *assumed;     /* why chip was assumed, NULL when it was not */
	char chipbuf[16], gpu[16], archbuf[64], whybuf[96], archopt[16];
};

/* --arch: "86" or "sm_86" (as make ARCHS= and nvcc take them) into buf
 * as "sm_86". */
static int parse_arch(const struct cli_command *c, const struct cli_value *v,
		      char *buf, size_t size)
{
	const char *digits = strncmp(v->arg, "sm_", 3) == 0 ? v->arg + 3 :
			     v->arg;
	size_t n = strlen(digits);

	if (n < 2 || n > 4 || strspn(digits, "0123456789") != n)
		return cli_value_error(c, v, "takes an architecture such as 90 "
				       "or sm_90, not \"%s\"", v->arg);
	snprintf(buf, size, "sm_%s", digits);
	return 0;
}

/* The chip called `name`, any case, among those CUPTI's host API knows
 * (counters.h's table where the host API cannot run), into buf; NULL
 * after a usage error that lists them. */
static const char *find_chip(const struct cli_command *c, const char *name,
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
		cli_usage_error(c, "unknown chip \"%s\"; did you mean \"%s\"? "
				"(known: %s)", name, near, list);
	else
		cli_usage_error(c, "unknown chip \"%s\" (known: %s)", name, list);
	return NULL;
}

/* Fills *t from --arch and --chip (either may be NULL).  Returns 0, or
 * EXIT_USAGE after a usage error (an unknown chip). */
static int pick_target(const struct cli_command *c, const char *arch_opt,
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

/* --arch and --chip of cx into *t. */
static int target_options(struct cli_context *cx, struct target *t)
{
	const char *arch = NULL, *chip = NULL;
	char archbuf[16];

	for (size_t i = 0; i < cx->args.nopts; i++) {
		const struct cli_value *v = &cx->args.opts[i];

		if (v->key == K_ARCH) {
			if (parse_arch(cx->cmd, v, archbuf, sizeof(archbuf)))
				return EXIT_USAGE;
			arch = archbuf;
		} else if (v->key == K_CHIP) {
			chip = v->arg;
		}
	}
	if (pick_target(cx->cmd, arch, chip, t))
		return EXIT_USAGE;
	if (t->arch == archbuf) {
		/* outlives this frame */
		snprintf(t->archopt, sizeof(t->archopt), "%s", archbuf);
		t->arch = t->archopt;
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
	struct ukernel_stats st = { 0 };
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
		else if (st.refused)
			rc = EXIT_FAILED;
	}
	if (rc != EXIT_USAGE && !quiet)
		check_counters_on_chip(path, &f, t->chip);
	if (rc != EXIT_USAGE && !quiet) {
		diag_printf(stdout, "%s: ok: %zu experiment%s, %zu "
			    "measurement%s, output %s\n", path, f.nexps,
			    f.nexps == 1 ? "" : "s", rows, rows == 1 ? "" : "s",
			    f.output);
		if (f.nkernels)
			diag_printf(stdout, "%s: %zu kernel%s compiled for "
				    "%s%s: %zu instance%s, %zu from the cache, "
				    "%.2f s\n", path, st.kernels,
				    st.kernels == 1 ? "" : "s", t->arch,
				    t->arch_note, st.instances,
				    st.instances == 1 ? "" : "s",
				    st.cache_hits, st.compile_seconds);
		if (st.refused)
			diag_printf(stdout, "%s: %zu submission%s did not "
				    "compile (each error is above); a run "
				    "measures the others\n", path, st.refused,
				    st.refused == 1 ? "" : "s");
	}
	plan_release(&p);
	experiment_file_release(&f);
	return rc;
}

int cmd_check(struct cli_context *cx)
{
	bool quiet = cx->args.quiet, counters = false;
	struct target t;
	int rc = EXIT_OK;

	if (target_options(cx, &t))
		return EXIT_USAGE;
	metrics_set_chip(t.chip);
	for (size_t i = 0; i < cx->args.noperands; i++) {
		int one = check_one(cx->args.operands[i], &t, quiet, &counters);

		/* a class whose submissions did not all compile is a valid
		 * file: 1; any invalid file makes it 2 */
		if (one == EXIT_USAGE || (one != EXIT_OK && rc == EXIT_OK))
			rc = one;
	}
	/* errors name the chip themselves; this is for files that passed */
	if (rc == EXIT_OK && counters && t.assumed && !quiet)
		diag_note("%s: counter names checked for %s; choose another chip "
			  "with --chip", t.assumed, t.chip);
	return rc;
}

/* ---- culab list --------------------------------------------------------------- */

static int list_kernels(bool json)
{
	size_t n, i;
	const struct variant *v = registry_all(&n);
	char flags[128];
	int fam = -1;

	if (json)
		return json_print_kernels(stdout) < 0 ? EXIT_FAILED : EXIT_OK;
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
	return EXIT_OK;
}

/* `culab list metrics`: the aliases, evaluated for a chip. */
static int list_metrics(struct cli_context *cx, bool verbose)
{
	struct target t;

	if (target_options(cx, &t))
		return EXIT_USAGE;
	if (t.assumed && !cx->args.quiet)
		diag_note("%s: counters evaluated for %s; choose another chip "
			  "with --chip", t.assumed, t.chip);
	if (cx->args.json)
		return json_print_metrics(stdout, t.chip) < 0 ? EXIT_FAILED :
								 EXIT_OK;
	metrics_print(stdout, verbose, t.chip);
	return EXIT_OK;
}

/* `culab list chips`: plain text, --markdown or --json. */
static int list_chips(bool json, bool markdown)
{
	struct chip_report *c = NULL;
	char why[512];
	int n = metrics_chips(&c, why, sizeof(why)), rc = EXIT_OK;

	if (n < 0)
		return diag_error("cannot evaluate chips: %s", why), EXIT_NO_GPU;
	if (json)
		rc = json_print_chips(stdout, c, (size_t)n) < 0 ? EXIT_FAILED :
								   EXIT_OK;
	else
		metrics_print_chips(stdout, c, (size_t)n, markdown);
	metrics_chips_free(c, (size_t)n);
	return rc;
}

int cmd_list(struct cli_context *cx)
{
	const struct cli_command *c = cx->cmd;
	const char *what = cx->args.operands[0];
	bool verbose = false, markdown = false, target = false;

	for (size_t i = 0; i < cx->args.nopts; i++) {
		switch (cx->args.opts[i].key) {
		case K_VERBOSE: verbose = true; break;
		case K_MARKDOWN: markdown = true; break;
		case K_CHIP:
		case K_ARCH: target = true; break;
		}
	}
	if (target && strcmp(what, "metrics") != 0)
		return cli_usage_error(c, "--chip and --arch go with list "
				       "metrics only");
	if (markdown && strcmp(what, "chips") != 0 &&
	    strcmp(what, "floors") != 0)
		return cli_usage_error(c, "--markdown goes with list chips and "
				       "list floors only");
	if (markdown && cx->args.json)
		return cli_usage_error(c, "--markdown and --json exclude each "
				       "other");
	if (strcmp(what, "kernels") == 0)
		return list_kernels(cx->args.json);
	if (strcmp(what, "metrics") == 0)
		return list_metrics(cx, verbose);
	if (strcmp(what, "floors") == 0) {
		if (cx->args.json)
			return json_print_floors(stdout) < 0 ? EXIT_FAILED :
							       EXIT_OK;
		compare_print_floors(stdout, markdown);
		return EXIT_OK;
	}
	if (strcmp(what, "lines") == 0) {
		if (cx->args.json)
			return json_print_lines_table(stdout) < 0 ? EXIT_FAILED :
								     EXIT_OK;
		lines_print(stdout);
		return EXIT_OK;
	}
	return list_chips(cx->args.json, markdown);
}

/* The compile child (ladder/kcompile.h), which culab starts itself. */
int cmd_compile_child(struct cli_context *cx)
{
	(void)cx;
	return kcompile_serve();
}
