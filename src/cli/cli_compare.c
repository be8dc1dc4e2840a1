/* cli_compare.c - `culab compare` and `culab rerun`: the glue between
 * reading, comparing (compare.h), printing and running, and the
 * comparison `culab report --baseline` adds.  Their rows, options and
 * help are cli_table.c's. */
#include "cli.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "counters/counters.h"
#include "compare/compare.h"
#include "base/diag.h"
#include "run/run.h"
#include "base/exitcode.h"
#include "experiment/experiment.h"
#include "results/results.h"
#include "jobs/jobs.h"
#include "plan/plan.h"
#include "report/report.h"
#include "base/util.h"

/* ---- culab compare ------------------------------------------------------ */

enum format { FMT_TEXT, FMT_MARKDOWN, FMT_JSON };

/* Writes the comparisons c[0..n) in format f to fp. */
static int compare_write(FILE *fp, enum format f, struct compare *const *c,
			 const char *const *paths, size_t n,
			 const char *const *charts)
{
	for (size_t i = 0; f != FMT_JSON && i < n; i++) {
		if (i)
			fputc('\n', fp);
		if (f == FMT_TEXT) {
			compare_print_text(fp, c[i], paths[0], paths[i + 1]);
		} else {
			char *md = report_compare_markdown(c[i], REPORT_EN,
							   paths[0],
							   paths[i + 1],
							   charts[i]);

			fputs(n > 1 ? "## " : "# ", fp);
			fprintf(fp, "culab compare\n\n%s", md);
			free(md);
		}
	}
	if (f == FMT_JSON)
		return json_print_compare(fp, (const struct compare *const *)c,
					  paths[0], paths + 1, n);
	return 0;
}

/* Draws the ratio chart of each comparison into dir: "compare", or
 * "compare-2"... with several new files.  charts[i] gets "dir/NAME". */
static int compare_charts(struct compare *const *c, size_t n, const char *dir,
			  const char *gnuplot, char **charts)
{
	struct plot_set *s = plot_set_new();
	int rc;

	for (size_t i = 0; i < n; i++) {
		const char *name = report_compare_chart(s, c[i], "compare",
							"new / base time");

		charts[i] = name ? xasprintf("%s/%s", dir, name) : NULL;
	}
	rc = plot_render(s, dir, gnuplot);
	plot_set_free(s);
	return rc;
}

/* Text into -o FILE (atomically) or stdout. */
static int put_output(const char *file, const char *text, size_t len)
{
	if (file)
		return write_file_atomic(file, text, len);
	if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0)
		return diag_error("cannot write the output: %s", strerror(errno));
	return 0;
}

/* -o FILE before anything is read or written: a path that exists must
 * be a regular file (a FIFO or a device would be replaced by one), and
 * not one of the files compared (its data would be lost).  Returns 0,
 * or an exit code after the one-line error. */
static int check_out_file(const struct cli_command *c, const char *out,
			  const char *const *in, size_t n)
{
	struct stat so, si;

	if (!out || stat(out, &so) != 0)
		return 0;
	if (!S_ISREG(so.st_mode))
		return cli_usage_error(c, "-o %s: not a regular file (%s); give "
				       "a file's path", diag_esc(out),
				       S_ISDIR(so.st_mode) ? "a directory" :
				       S_ISFIFO(so.st_mode) ? "a FIFO" :
				       "a device or socket");
	for (size_t i = 0; i < n; i++)
		if (stat(in[i], &si) == 0 && si.st_dev == so.st_dev &&
		    si.st_ino == so.st_ino)
			return cli_usage_error(c, "-o %s would write over %s, "
					       "which this call compares; give "
					       "another file", diag_esc(out),
					       diag_esc(in[i]));
	return 0;
}

struct compare_args {
	struct cmp_opts o;
	enum format format;
	const char *chart_dir, *gnuplot, *out;
	bool noise;
};

static int compare_args_parse(struct cli_context *cx, struct compare_args *a)
{
	const struct cli_command *c = cx->cmd;

	a->format = cx->args.json ? FMT_JSON : FMT_TEXT;
	for (size_t i = 0; i < cx->args.nopts; i++) {
		const struct cli_value *v = &cx->args.opts[i];

		switch (v->key) {
		case K_THRESHOLD:
			if (cli_parse_threshold(c, v, &a->o.threshold))
				return EXIT_USAGE;
			break;
		case K_MARKDOWN:
			if (cx->args.json)
				return cli_usage_error(c, "--markdown and --json "
						       "exclude each other");
			a->format = FMT_MARKDOWN;
			break;
		case K_CHART: a->chart_dir = v->arg; break;
		case K_GNUPLOT: a->gnuplot = v->arg; break;
		case K_FAIL_ON: a->o.fail_mask = compare_fail_mask(v->arg); break;
		case K_MATCH:
			if (cli_parse_match(c, v, &a->o))
				return EXIT_USAGE;
			break;
		case K_FLOOR:
			if (cli_parse_floor(c, v, &a->o))
				return EXIT_USAGE;
			break;
		case K_NOISE: a->noise = true; break;
		case K_OUTPUT: a->out = v->arg; break;
		}
	}
	if (a->noise && (a->format != FMT_TEXT || a->chart_dir ||
			 a->o.fail_mask || a->o.threshold > 0 ||
			 a->o.floor_given))
		return cli_usage_error(c, "--noise measures floors and prints "
				       "them as text: it takes none of --json, "
				       "--markdown, --chart, --fail-on, "
				       "--threshold, --floor");
	return 0;
}

/* ---- culab compare --noise ------------------------------------------------ */

/* The GPU model of results r, or NULL when not recorded. */
static const char *gpu_of(const struct results *r)
{
	return r->has_env && r->env.gpu_name && *r->env.gpu_name ?
	       r->env.gpu_name : NULL;
}

/* The files compared as compare_noise_files() says (every file against
 * every later one, or with many files each against the next), without
 * floors, into the noise of their pairs (--match renaming the earlier
 * file's experiments);
 * printed into fp.  The files must record one GPU model: floors are
 * measured per model.  Returns 0 or an exit code after one error line. */
static int noise_of(FILE *fp, const struct cmp_opts *o,
		    const struct results *r, const char *const *paths,
		    size_t n)
{
	struct compare_options co = cli_compare_options(o);
	struct compare_noise z;
	const char *gpu = gpu_of(&r[0]);

	memset(&z, 0, sizeof(z));
	co.floor_mode = COMPARE_FLOOR_NONE;
	co.medians_only = true;
	for (size_t i = 0; i < n; i++) {
		if (!gpu_of(&r[i])) {
			diag_error("%s: the GPU is not recorded: floors are "
				   "measured per GPU model", paths[i]);
			return EXIT_USAGE;
		}
		if (strcmp(gpu_of(&r[i]), gpu)) {
			diag_error("%s ran on %s, %s on %s: floors are measured "
				   "per GPU model; give the files of one",
				   paths[i], gpu_of(&r[i]), paths[0], gpu);
			return EXIT_USAGE;
		}
	}
	for (size_t k = 0, i, j; compare_noise_files(k, n, &i, &j); k++) {
		struct compare c;

		compare_build(&r[i], &r[j], &co, &c);
		compare_noise_add(&z, &c);
		compare_release(&c);
	}
	compare_print_noise(fp, &z, gpu, r, paths, n);
	compare_noise_release(&z);
	return 0;
}

int cmd_compare(struct cli_context *cx)
{
	const struct cli_command *c = cx->cmd;
	struct compare_args a = { .format = FMT_TEXT };
	struct compare_options co = { 0 };
	struct results *r = NULL;
	struct compare **cmp = NULL;
	char **charts = NULL;
	const char *const *paths;
	size_t n = 0, ncmp = 0;
	char *text = NULL;
	size_t len = 0;
	FILE *mem = NULL;
	int rc = compare_args_parse(cx, &a);
	bool fails = false;

	if (rc)
		return rc;
	rc = EXIT_USAGE;
	paths = (const char *const *)cx->args.operands;
	n = cx->args.noperands;
	if ((rc = check_out_file(c, a.out, paths, n)))
		return rc;
	rc = EXIT_USAGE;
	r = xcalloc(n, sizeof(*r));
	if (results_read_distinct(paths, n, r) < 0 ||
	    cli_check_matches(c, &a.o, r, n))
		goto out;
	if (a.noise) {
		mem = open_memstream(&text, &len);
		if (!mem || (rc = noise_of(mem, &a.o, r, paths, n)) != 0)
			goto out;
		rc = EXIT_FAILED;
		if (fclose(mem) != 0) {
			mem = NULL;
			goto out;
		}
		mem = NULL;
		if ((a.out || !cx->args.quiet) &&
		    put_output(a.out, text, len) < 0)
			goto out;
		rc = EXIT_OK;
		goto out;
	}
	co = cli_compare_options(&a.o);
	cmp = xcalloc(n - 1, sizeof(*cmp));
	charts = xcalloc(n - 1, sizeof(*charts));
	for (ncmp = 0; ncmp < n - 1; ncmp++) {
		cmp[ncmp] = xcalloc(1, sizeof(**cmp));
		compare_build(&r[0], &r[ncmp + 1], &co, cmp[ncmp]);
		if (compare_check_pairs(cmp[ncmp], paths[0], paths[ncmp + 1])) {
			ncmp++;
			goto out;
		}
		if (compare_fails(cmp[ncmp], a.o.fail_mask)) {
			compare_say_fails(cmp[ncmp], a.o.fail_mask, paths[0],
					  paths[ncmp + 1]);
			fails = true;
		}
	}
	rc = EXIT_FAILED;
	if (a.chart_dir && compare_charts(cmp, ncmp, a.chart_dir, a.gnuplot,
					  charts) < 0)
		goto out;
	mem = open_memstream(&text, &len);
	if (!mem)
		goto out;
	if (compare_write(mem, a.format, cmp, paths, ncmp,
			  (const char *const *)charts) < 0 || fclose(mem) != 0) {
		mem = NULL;
		goto out;
	}
	mem = NULL;
	/* -q: nothing on standard output, the exit status says */
	if ((a.out || !cx->args.quiet || a.format == FMT_JSON) &&
	    put_output(a.out, text, len) < 0)
		goto out;
	rc = fails ? EXIT_FAILED : EXIT_OK;
out:
	if (mem)
		fclose(mem);
	free(text);
	for (size_t i = 0; i < ncmp; i++) {
		compare_release(cmp[i]);
		free(cmp[i]);
		free(charts[i]);
	}
	free(cmp);
	free(charts);
	for (size_t i = 0; r && i < n; i++)
		results_release(&r[i]);
	free(r);
	return rc;
}

/* ---- culab rerun -------------------------------------------------------- */

struct rerun_args {
	struct cmp_opts o;
	struct run_options run;
	struct report_options ro;
	bool report, quiet, no_counters, resume;
	const char *dir;
};

static int rerun_args_parse(struct cli_context *cx, struct rerun_args *a)
{
	const struct cli_command *c = cx->cmd;

	for (size_t i = 0; i < cx->args.nopts; i++) {
		const struct cli_value *v = &cx->args.opts[i];

		switch (v->key) {
		case K_OUTPUT: a->dir = v->arg; break;
		case K_DEVICE:
			if (cli_number(c, v, 1024, &a->run.device))
				return EXIT_USAGE;
			break;
		case K_NO_COUNTERS: a->no_counters = true; break;
		case K_RESUME: a->resume = true; break;
		case K_NOTE: a->run.note = v->arg; break;
		case K_NO_REPORT: a->report = false; break;
		case K_LANG: report_lang_parse(v->arg, &a->ro.langs); break;
		case K_THRESHOLD:
			if (cli_parse_threshold(c, v, &a->o.threshold))
				return EXIT_USAGE;
			break;
		case K_FAIL_ON:
			a->o.fail_mask = compare_fail_mask(v->arg);
			break;
		case K_FLOOR:
			if (cli_parse_floor(c, v, &a->o))
				return EXIT_USAGE;
			break;
		}
	}
	a->quiet = cx->args.quiet;
	if (a->quiet)
		a->run.progress = false;
	return 0;
}

/* After the run: the comparison with the record, the report with its
 * before/after section, the summary.  Returns the exit code. */
static int rerun_finish(struct rerun_args *a, const char *path,
			const struct results *rec, const struct results *res,
			const char *outdir, int rc)
{
	struct compare_options co = cli_compare_options(&a->o);
	struct compare cmp;
	unsigned wrote = 0;
	char *now = xasprintf("%s/results.json", outdir);

	compare_build(rec, res, &co, &cmp);
	if (cmp.npairs) {
		putchar('\n');
		compare_print_text(stdout, &cmp, path, now);
		putchar('\n');
	}
	if (a->report && res->nrows) {
		a->ro.baseline = cmp.npairs ? &cmp : NULL;
		a->ro.baseline_path = path;
		a->ro.wrote = &wrote;
		if (output_report(outdir, res, &a->ro) < 0 && rc == EXIT_OK)
			rc = EXIT_FAILED;
		else if (!a->quiet)
			cli_report_line(outdir, &a->ro, res);
	}
	if (!a->quiet)
		run_summary(res, outdir);
	if (rc == EXIT_OK && compare_fails(&cmp, a->o.fail_mask)) {
		compare_say_fails(&cmp, a->o.fail_mask, path, now);
		rc = EXIT_FAILED;
	}
	compare_release(&cmp);
	free(now);
	return rc;
}

/* The default output directory: rerun/ beside the results file. */
static char *default_dir(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xasprintf("%.*s/rerun", (int)(slash - path), path) :
		       xstrdup("rerun");
}

int cmd_rerun(struct cli_context *cx)
{
	struct rerun_args a = { .report = true };
	struct experiment_file f = { 0 };
	struct results rec = { 0 }, res = { 0 }, prev = { 0 };
	struct plan_selection only = { 0 };
	char *yaml = NULL, *dir = NULL, *list = NULL, *made = NULL;
	char why[256], arch[16];
	const char *path = cx->args.operands[0];
	struct output_input in;
	int rc;

	a.run.progress = isatty(STDERR_FILENO);
	report_options_init(&a.ro);
	rc = rerun_args_parse(cx, &a);
	if (rc)
		return rc;
	rc = EXIT_USAGE;
	if (results_read(path, &rec) < 0)
		goto out;
	/* without a GPU nothing is left beside the record (a stray rerun/
	 * in a repository); with -o DIR the bundle is written there, to run
	 * later where there is one */
	if (!a.dir && env_device_count(why, sizeof(why)) < 0) {
		diag_error("no usable GPU: %s; nothing written (with -o DIR "
			   "the experiment and its sources are written there, "
			   "to run where there is a GPU)", why);
		rc = EXIT_NO_GPU;
		goto out;
	}
	dir = a.dir ? xstrdup(a.dir) : default_dir(path);
	made = output_dir_missing(dir);
	a.ro.dir = dir;
	in = (struct output_input){ "the recorded results", path };
	if (cli_check_outputs(cx->cmd, dir, a.report ? &a.ro : NULL,
			      OUT_RESULTS | OUT_RUN |
			      (a.report ? OUT_REPORT : 0), &in, 1) ||
	    (a.report && report_prepare(&a.ro) < 0) ||
	    rerun_prepare(&rec, path, dir, &yaml) < 0)
		goto out;
	if (env_device_arch(a.run.device, arch, sizeof(arch)) == 0)
		metrics_set_chip(chip_for_arch(arch));
	if (experiment_load(yaml, &f) < 0)
		goto out;
	list = rerun_variants(&rec);
	if (plan_select_parse(list, &only, why, sizeof(why)) < 0) {
		diag_error("%s: cannot rerun: %s", path, why);
		goto out;
	}
	a.run.only_variant = &only;
	a.run.command = cx->command_line;
	/* counters as the record has them, unless told otherwise */
	a.run.no_counters = a.no_counters || !rec.counters_method;
	rc = output_run(&f, &a.run, dir, a.resume ? dir : NULL, &prev, &res);
	if (rc == EXIT_OK || rc == EXIT_FAILED || rc == EXIT_INTERRUPTED)
		rc = rerun_finish(&a, path, &rec, &res, dir, rc);
	if (runner_gpu_hung()) {
		fflush(NULL);
		_exit(rc);
	}
out:
	/* a rerun refused before it wrote anything leaves no directory it
	 * made; one that wrote the recorded files keeps them (DIR is then a
	 * bundle to run later, on a GPU) */
	if (!res.nrows && made)
		output_dir_unmake(dir, made);
	results_release(&res);
	results_release(&prev);
	results_release(&rec);
	experiment_file_release(&f);
	plan_select_release(&only);
	free(list);
	free(yaml);
	free(made);
	free(dir);
	return rc;
}
