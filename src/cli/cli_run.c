/* cli_run.c - `culab run` and `culab plan`: the options they share mean
 * the same in both (--output, --resume, --variant, --shard, ...).  Their
 * rows, options and help are cli_table.c's. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/evtrace.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "cli.h"
#include "counters/counters.h"
#include "experiment/experiment.h"
#include "ladder/ladder.h"
#include "jobs/jobs.h"
#include "plan/plan.h"
#include "report/report.h"
#include "results/results.h"

/* --variant: parsed once, by the plan module, into *sel (after the
 * experiment file is loaded: it may name the file's own kernels). */
static int parse_variant_list(const struct cli_command *c, const char *list,
			      struct plan_selection *sel)
{
	char why[512];

	plan_select_release(sel);
	if (plan_select_parse(list, sel, why, sizeof(why)) < 0)
		return cli_usage_error(c, "%s", why);
	return 0;
}

/* --shard I/N into *sh. */
static int parse_shard(const struct cli_command *c, const struct cli_value *v,
		       struct plan_shard *sh)
{
	char why[256];

	if (plan_shard_parse(v->arg, sh, why, sizeof(why)) < 0)
		return cli_usage_error(c, "%s", why);
	return 0;
}

/* ---- culab run ------------------------------------------------------------ */

struct run_args {
	struct run_options o;
	struct workers_options wo;
	struct report_options ro;
	const char *outdir, *variant_list, *resume_dir;
	bool device_given, report, resume, no_lines;
	bool no_sanitizer;       /* --no-sanitizer: no reruns under it */
	bool piece;              /* --piece: a worker of a class's run */
	bool pieces;             /* this run is a class's, in pieces */
};

static int run_options(struct cli_context *cx, struct run_args *a)
{
	const struct cli_command *c = cx->cmd;

	for (size_t i = 0; i < cx->args.nopts; i++) {
		const struct cli_value *v = &cx->args.opts[i];

		switch (v->key) {
		case K_OUTPUT: a->outdir = v->arg; break;
		case K_DEVICE:
			if (cli_number(c, v, 1 << 20, &a->o.device))
				return EXIT_USAGE;
			a->device_given = true;
			break;
		case K_SHARD:
			if (parse_shard(c, v, &a->o.shard))
				return EXIT_USAGE;
			break;
		case K_QUEUE:
			if (sscanf(v->arg, "%d,%d", &a->o.queue_fd[0],
				   &a->o.queue_fd[1]) != 2 ||
			    a->o.queue_fd[0] < 3 || a->o.queue_fd[1] < 3)
				return cli_usage_error(c, "--queue takes two "
						       "descriptors R,W");
			a->o.queue = true;
			break;
		case K_DEVICES: a->wo.devices = v->arg; break;
		case K_RESUME_DIR: a->resume_dir = v->arg; break;
		case K_MEASUREMENT: a->o.measurement = v->arg; break;
		case K_NO_COUNTERS: a->o.no_counters = true; break;
		case K_NO_LINES: a->no_lines = true; break;
		case K_NO_SANITIZER: a->no_sanitizer = true; break;
		case K_LINES_CHILD: a->o.lines = true; break;
		case K_LINES_GO:
			if (sscanf(v->arg, "%d", &a->o.lines_go) != 1 ||
			    a->o.lines_go < 3)
				return cli_usage_error(c, "--lines-go takes a "
						       "descriptor");
			break;
		case K_LINES_HELD: a->o.lines_held = true; break;
		case K_STALLS_ONLY: a->o.stalls_only = true; break;
		case K_INSTRUMENTED: a->o.instrument = v->arg; break;
		case K_NO_STALLS: a->o.no_stalls = true; break;
		case K_PIECE: a->piece = true; break;
		case K_AS_DEVICE:
			if (cli_number(c, v, 1 << 20, &a->o.as_device))
				return EXIT_USAGE;
			a->o.narrowed = true;
			break;
		case K_ROUNDS:
			a->o.rounds = a->o.no_counters = a->no_lines = true;
			break;
		case K_KEEP_FAILED: a->o.keep_failed = true; break;
		case K_FAIL_NEXT: a->o.fail_next = v->arg; break;
		case K_PROFILE_ONLY: a->o.profile_only = true; break;
		case K_RESUME: a->resume = true; break;
		case K_VARIANT: a->variant_list = v->arg; break;
		case K_NOTE: a->o.note = v->arg; break;
		case K_NO_REPORT: a->report = false; break;
		case K_LANG: report_lang_parse(v->arg, &a->ro.langs); break;
		case K_LOCK_CLOCKS:
			clock_lock_parse(v->arg, &a->o.lock_clocks);
			break;
		}
	}
	if (a->wo.devices && a->device_given)
		return cli_usage_error(c, "--device and --devices: choose one");
	if (a->wo.devices) {
		char why[256];

		if (workers_check_devices(a->wo.devices, why, sizeof(why)) < 0)
			return cli_usage_error(c, "%s", why);
	}
	if (a->wo.devices && a->o.measurement)
		return cli_usage_error(c, "--measurement and --devices: choose "
				       "one");
	if (a->o.lines && !a->o.measurement)
		return cli_usage_error(c, "--lines-child takes the one "
				       "measurement of --measurement");
	if ((a->o.stalls_only || a->o.no_stalls) && !a->o.lines)
		return cli_usage_error(c, "--stalls-only and --no-stalls are for "
				       "--lines-child");
	if (a->o.stalls_only && (a->o.no_stalls || a->o.lines_go))
		return cli_usage_error(c, "--stalls-only samples at once, "
				       "alone: no --no-stalls, no --lines-go");
	if (a->o.lines && !a->o.stalls_only && strchr(a->o.measurement, ','))
		return cli_usage_error(c, "--lines-child takes one measurement "
				       "(several: --stalls-only)");
	if (a->o.lines_go && !a->o.lines)
		return cli_usage_error(c, "--lines-go is for --lines-child");
	if (a->o.lines_held && !a->o.lines_go)
		return cli_usage_error(c, "--lines-held is for --lines-go");
	if (a->o.instrument && (!a->o.measurement || a->o.lines ||
				a->o.no_counters))
		return cli_usage_error(c, "--instrumented is for --measurement, "
				       "without --lines-child or --no-counters");
	return 0;
}

/* Counters per source line after the run's own measurements (lines.h;
 * not with --no-lines), and the counters CUPTI refused counted by
 * instrumentation (instrumented.h): not with --no-counters, not in
 * culab's own children (one measurement alone), not after a signal, nor
 * after a run that lost its CUDA context or a kernel that never ended. */
static int run_lines(const struct experiment_file *f, struct run_args *a,
		     const char *file, int rc, struct results *res)
{
	struct lines_options lo = {
		.file = file, .outdir = a->outdir, .device = a->o.device,
		.only = a->o.only_variant, .shard = a->o.shard,
		.progress = a->o.progress,
	};
	int lrc;

	if (a->o.no_counters || a->o.measurement ||
	    !res->nrows || rc == EXIT_INTERRUPTED || rc == EXIT_NO_GPU ||
	    rc == EXIT_USAGE || runner_gpu_hung() ||
	    (res->status && !strcmp(res->status, "aborted")))
		return rc;
	if (a->no_lines && !res->counters_refusal)
		return rc;
	/* the children need the GPU, which may admit one process only */
	env_release_device(a->o.device);
	if (!a->no_lines && (lrc = lines_run(f, &lo, res)) == EXIT_INTERRUPTED)
		return lrc;
	/* where CUPTI refused the hardware counters, by instrumentation */
	lrc = instrumented_run(f, &lo, res);
	return lrc == EXIT_INTERRUPTED || lrc == EXIT_FAILED ? lrc : rc;
}

/* ---- compute-sanitizer's reruns (sanitizer_reruns.h) ---------------------------- */

/* output_save as the reruns store their records: into the directory ctx. */
static int save_to(const struct results *r, void *ctx)
{
	return output_save(ctx, r);
}

/* After the run: its user kernels' failures rerun under compute-sanitizer
 * (not by a worker's parent: the workers did it), then the unsafe rungs
 * that verified (by the process that holds every row: not by a worker,
 * and not with --profile-only, the runs made to go under a tool
 * themselves), their records saved.  Neither with --no-sanitizer, in a
 * child of culab's own (--measurement), when a kernel still runs or a
 * signal ended the run. */
static void run_sanitize(const struct experiment_file *f,
			 const struct run_args *a, const char *file,
			 struct results *res, bool quiet, int rc)
{
	struct sanitize_options so = {
		.file = file, .device = a->o.device, .quiet = quiet,
		.shown_device = run_shown_device(&a->o),
		.off = a->no_sanitizer,
		.save = save_to, .save_ctx = (void *)a->outdir,
	};
	bool parent = a->wo.devices || a->pieces, released = false;

	if (a->no_sanitizer || a->o.measurement || a->o.rounds ||
	    runner_gpu_hung() || (rc != EXIT_OK && rc != EXIT_FAILED))
		return;
	if (rc == EXIT_FAILED && !parent) {
		/* the children need the GPU, which may admit one process */
		env_release_device(a->o.device);
		released = true;
		if (sanitize_failed(f, res, &so) < 0)
			return;
	}
	if (a->o.queue || a->piece || a->o.profile_only || !res->nrows ||
	    (res->status && !strcmp(res->status, "aborted")))
		return;
	if (!parent && !released)
		env_release_device(a->o.device);
	so.rows_device = parent;
	sanitize_unsafe(f, res, &so);
}

/* Whether the plan of f holds a measurement labelled `label`. */
static bool measurement_exists(const struct experiment_file *f,
			       const char *label)
{
	struct plan_options po = { .measurement = label, .no_device = true };
	struct plan p;
	bool found;

	plan_build(f, &po, &p);
	found = p.nms > 0;
	plan_release(&p);
	return found;
}

/* The workers' options of run --devices or a class, from the run's. */
static void workers_options_of(struct run_args *a, const char *file,
			       bool quiet)
{
	a->wo.file = file;
	a->wo.variant_list = a->variant_list;
	a->wo.outdir = a->outdir;
	a->wo.resume = a->resume;
	a->wo.no_lines = a->no_lines;
	a->wo.no_sanitizer = a->no_sanitizer;
	a->wo.quiet = quiet;
	a->wo.run = &a->o;
}

/* A report of whatever was measured, also after a failure or an
 * interruption; not when nothing ran (no GPU, bad options).  Returns the
 * run's exit code rc, or EXIT_FAILED when the report could not be
 * written after a run that had none. */
static int run_report(struct run_args *a, const struct results *res,
		      bool quiet, int rc)
{
	unsigned wrote = 0;

	if (!a->report || !res->nrows || a->o.profile_only)
		return rc;
	a->ro.wrote = &wrote;
	if (output_report(a->outdir, res, &a->ro) < 0 && rc == EXIT_OK)
		rc = EXIT_FAILED;
	else if (!quiet)
		cli_report_line(a->outdir, &a->ro, res);
	a->ro.wrote = NULL;     /* wrote is gone with this call */
	return rc;
}

int cmd_run(struct cli_context *cx)
{
	const struct cli_command *c = cx->cmd;
	const char *file = cx->args.operands[0];
	struct run_args a = { .report = true };
	static char prog[48];
	struct experiment_file f = { 0 };
	struct results res = { 0 }, prev = { 0 };
	struct plan_selection only = { 0 };
	bool quiet = cx->args.quiet;
	char *made = NULL, arch[16];
	int rc;

	a.o.progress = isatty(STDERR_FILENO) && !quiet;
	report_options_init(&a.ro);
	rc = run_options(cx, &a);
	if (rc)
		goto out;
	rc = EXIT_USAGE;
	if (a.o.queue) {
		/* a worker says which GPU its lines come from */
		snprintf(prog, sizeof(prog), "culab (GPU %d)",
			 run_shown_device(&a.o));
		diag_set_program(prog);
	}
	/* raw counter names are checked for the GPU that will collect them */
	if (!a.wo.devices &&
	    env_device_arch(a.o.device, arch, sizeof(arch)) == 0)
		metrics_set_chip(chip_for_arch(arch));
	evtrace("cuda-init", 0, "");
	if (experiment_load(file, &f) < 0)
		goto out;
	evtrace("loaded", 0, file);
	if (a.variant_list) {
		if (parse_variant_list(c, a.variant_list, &only))
			goto out;
		a.o.only_variant = &only;
	}
	if (a.o.measurement && !measurement_exists(&f, a.o.measurement)) {
		diag_error("%s: no measurement \"%s\" (culab plan -v %s lists "
			   "them)", file, a.o.measurement, file);
		goto out;
	}
	evtrace("checked", 0, "");
	/* the report's templates and directory are checked before any GPU
	 * work, so that bad ones cost no measurement */
	if (!a.outdir)
		a.outdir = f.output;
	made = output_dir_missing(a.outdir);
	a.ro.dir = a.outdir;
	{
		/* its results and report would replace the file it runs */
		const struct output_input in = { "the experiment file", file };
		bool report = a.report && !a.o.profile_only;

		if (cli_check_outputs(c, a.outdir, report ? &a.ro : NULL,
				      OUT_RESULTS | OUT_RUN |
				      (report ? OUT_REPORT : 0), &in, 1))
			goto out;
		if (report && report_prepare(&a.ro) < 0)
			goto out;
	}
	a.o.command = cx->command_line;
	/* a class: a worker per submission; not in culab's own children */
	a.pieces = !a.piece && !a.o.queue && !a.o.measurement &&
		   pieces_wanted(&f, a.o.only_variant);
	if (a.wo.devices || a.pieces) {
		workers_options_of(&a, file, quiet);
		rc = a.pieces ? pieces_run(&f, &a.wo, &res) :
				devices_run(&f, &a.wo, &res);
	} else {
		a.o.instrumented_after = !a.o.measurement && !a.o.no_counters;
		rc = output_run(&f, &a.o, a.outdir, a.resume ? a.resume_dir ?
				a.resume_dir : a.outdir : NULL, &prev, &res);
		rc = run_lines(&f, &a, file, rc, &res);
	}
	run_sanitize(&f, &a, file, &res, quiet, rc);
	rc = run_report(&a, &res, quiet, rc);
	if (!quiet && res.nrows)
		run_summary(&res, a.outdir);
	if (runner_gpu_hung()) {
		/* a kernel still runs: exit without any CUDA teardown, which
		 * would wait for it; the driver ends it with the process */
		fflush(NULL);
		_exit(rc);
	}
out:
	/* a run that wrote nothing leaves no directory it made */
	if (!res.nrows && made)
		output_dir_unmake(a.outdir, made);
	free(made);
	results_release(&res);
	results_release(&prev);
	experiment_file_release(&f);
	plan_select_release(&only);
	return rc;
}

/* ---- culab plan ------------------------------------------------------------- */

/* The wall time the plan's measurements (and their counters per source
 * line) are expected to take on 1, 2, 4 and 8 GPUs (run --devices), from
 * the costs learned on the GPU model recorded last (plan.h) and the model
 * for the rest. */
static void plan_wall_line(const struct plan *p, const struct plan_options *po)
{
	static const int gpus[] = { 1, 2, 4, 8 };
	struct plan_costs costs;
	struct plan_queue q;
	bool lines = po->lines && p->nlines;

	if (!p->nstate[PLAN_RUN])
		return;
	plan_costs_load(NULL, &costs);
	plan_queue_init(&q, p, &costs, po->counters, po->profile_only, 1);
	printf("expected wall time of the measurements%s:",
	       lines ? " and their counters per source line" : "");
	for (size_t i = 0; i < ARRAY_SIZE(gpus); i++)
		printf("%s %.0f s on %d GPU%s", i ? "," : "",
		       plan_wall(p, &costs, po->counters, po->profile_only,
				 lines, gpus[i], PLAN_WORKER_START_S),
		       gpus[i], gpus[i] == 1 ? "" : "s");
	if (q.nlearned)
		printf(" (learned on %s for %zu of %zu, the model's for the "
		       "rest", diag_esc(costs.gpu), q.nlearned,
		       p->nstate[PLAN_RUN]);
	else
		printf(" (the model's: nothing learned yet; a run teaches it "
		       "the GPU's");
	printf("; compute-sanitizer reruns not counted)\n");
	plan_queue_release(&q);
	plan_costs_release(&costs);
}

int cmd_plan(struct cli_context *cx)
{
	const struct cli_command *c = cx->cmd;
	struct plan_options po = { .counters = true, .count_passes = true,
				   .lines = true };
	struct plan_selection only = { 0 };
	struct experiment_file f = { 0 };
	struct results prev = { 0 };
	struct plan_done *done = NULL;
	struct plan p = { 0 };
	const char *outdir = NULL, *variant_list = NULL;
	bool verbose = false, resume = false;
	int rc = EXIT_USAGE;

	for (size_t i = 0; i < cx->args.nopts; i++) {
		const struct cli_value *v = &cx->args.opts[i];

		switch (v->key) {
		case K_VERBOSE: verbose = true; break;
		case K_OUTPUT: outdir = v->arg; break;
		case K_RESUME: resume = true; break;
		case K_VARIANT: variant_list = v->arg; break;
		case K_NO_COUNTERS: po.counters = false; break;
		case K_NO_LINES: po.lines = false; break;
		case K_PROFILE_ONLY: po.profile_only = true; break;
		case K_SMS:
			if (cli_number(c, v, 1 << 20, &po.sm_count))
				goto out;
			break;
		case K_SHARD:
			if (parse_shard(c, v, &po.shard))
				goto out;
			break;
		}
	}
	if (experiment_load(cx->args.operands[0], &f) < 0)
		goto out;
	if (variant_list) {
		if (parse_variant_list(c, variant_list, &only))
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
	po.outdir = outdir;
	plan_build(&f, &po, &p);
	rc = EXIT_OK;
	if (cx->args.json)
		rc = json_print_plan(stdout, &p) < 0 ? EXIT_FAILED : EXIT_OK;
	else if (!cx->args.quiet) {
		plan_print(stdout, &p, verbose);
		plan_wall_line(&p, &po);
	}
out:
	plan_release(&p);
	free(done);
	results_release(&prev);
	experiment_file_release(&f);
	plan_select_release(&only);
	return rc;
}
