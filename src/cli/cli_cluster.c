/* cli_cluster.c - the commands that go beyond one GPU: `culab merge`
 * (shards' results made one, with their report) and `culab slurm` (an
 * experiment file as a Slurm job array and a dependent merge job).
 * Their rows, options and help are cli_table.c's. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "base/diag.h"
#include "base/exitcode.h"
#include "base/quote.h"
#include "experiment/experiment.h"
#include "results/results.h"
#include "jobs/jobs.h"
#include "plan/plan.h"
#include "report/report.h"
#include "base/util.h"


/* ---- culab merge -------------------------------------------------------------- */

/* Writes the merged results and their report into dir. */
static int merge_write(const char *dir, const struct results *r,
		       struct report_options *ro, bool report, bool quiet)
{
	size_t ok = 0;
	unsigned wrote = 0;

	ro->dir = dir;
	ro->wrote = &wrote;
	if ((report && r->nrows && report_prepare(ro) < 0) ||
	    dir_make_writable(dir) < 0)
		return EXIT_USAGE;
	if (output_save(dir, r) < 0)
		return EXIT_FAILED;
	if (report && r->nrows && output_report(dir, r, ro) < 0)
		return EXIT_FAILED;
	for (size_t i = 0; i < r->nrows; i++)
		ok += r->rows[i].status == ROW_OK;
	if (!quiet) {
		printf("culab merge: %zu measurements (%zu verified) from %zu "
		       "device%s, status %s; results in %s/results.json\n",
		       r->nrows, ok, r->ndevices, r->ndevices == 1 ? "" : "s",
		       r->status ? diag_esc(r->status) : "?", diag_esc(dir));
		if (report && r->nrows)
			cli_report_line(dir, ro, r);
	}
	return EXIT_OK;
}

/* Refuses -o DIR where the merge would write over a part it merges (a
 * shard's DIR/results.json) or a template the report reads.  Returns 0
 * or EXIT_USAGE after one line. */
static int merge_check_outputs(const struct cli_command *c, const char *dir,
			       const struct report_options *ro,
			       char *const *files, size_t n)
{
	struct output_input *in = xcalloc(n ? n : 1, sizeof(*in));
	int rc;

	for (size_t i = 0; i < n; i++)
		in[i] = (struct output_input){ "the results it merges",
					       files[i] };
	rc = cli_check_outputs(c, dir, ro, OUT_RESULTS | OUT_REPORT, in, n);
	free(in);
	return rc;
}

int cmd_merge(struct cli_context *cx)
{
	const struct cli_command *c = cx->cmd;
	struct merge_options mo = { .command = cx->command_line };
	struct report_options ro;
	struct results r;
	const char *dir = NULL;
	bool plans = false, report = true;
	char **files = cx->args.operands;
	size_t nfiles = cx->args.noperands;
	int rc;

	report_options_init(&ro);
	for (size_t i = 0; i < cx->args.nopts; i++) {
		const struct cli_value *v = &cx->args.opts[i];

		switch (v->key) {
		case K_OUTPUT: dir = v->arg; break;
		case K_PARTIAL: mo.partial = true; break;
		case K_PLANS: plans = true; break;
		case K_NO_REPORT: report = false; break;
		case K_LANG: report_lang_parse(v->arg, &ro.langs); break;
		}
	}
	if (plans) {
		if (dir || mo.partial)
			return cli_usage_error(c, "--plans checks plans and "
					       "writes nothing: no -o, no "
					       "--partial");
		return merge_plans(files, nfiles) < 0 ? EXIT_USAGE : EXIT_OK;
	}
	if (!dir)
		return cli_usage_error(c, "merge needs -o DIR, where the merged "
				       "results go");
	if ((rc = merge_check_outputs(c, dir, report ? &ro : NULL, files,
				      nfiles)) != 0)
		return rc;
	if (merge_files(files, nfiles, &mo, &r) < 0)
		return EXIT_USAGE;
	rc = merge_write(dir, &r, &ro, report, cx->args.quiet);
	results_release(&r);
	return rc;
}

/* ---- culab slurm ------------------------------------------------------------ */

/* The seconds sbatch may take to answer (a Slurm controller that does
 * not answer would hold culab forever). */
#define SBATCH_TIMEOUT 120

/* Runs `sbatch --parsable [dependency] script` and puts the job id it
 * prints in id.  $CULAB_SBATCH names another sbatch (tests).  Returns 0,
 * or -1 after a diagnostic. */
static int sbatch(const char *script, const char *after, char *id,
		  size_t idsize)
{
	const char *prog = getenv("CULAB_SBATCH") ? getenv("CULAB_SBATCH") :
			   "sbatch";
	char dep[64], *argv[5];
	struct sbuf out = SBUF_INIT;
	struct capture_options co = {
		.file = prog, .argv = argv, .dirfd = -1, .max = 4096,
		.deadline = SBATCH_TIMEOUT,
	};
	int n = 0, st, rc = 0;
	bool late;

	argv[n++] = (char *)prog;
	argv[n++] = (char *)"--parsable";
	if (after) {
		snprintf(dep, sizeof(dep), "--dependency=afterok:%s", after);
		argv[n++] = dep;
	}
	argv[n++] = (char *)script;
	argv[n] = NULL;
	if (supervise_capture(&co, &out, &st, &late) < 0)
		rc = diag_error("cannot run %s (is Slurm installed here?): %s",
				prog, strerror(errno));
	else if (late)
		rc = diag_error("%s %s did not answer within %d s", prog, script,
				SBATCH_TIMEOUT);
	else if (st != 0)
		rc = diag_error("%s %s failed (exit %d)", prog, script, st);
	else if (slurm_parse_job_id(sbuf_str(&out), id, idsize) < 0)
		rc = diag_error("%s --parsable printed no job id: \"%.60s\"",
				prog, sbuf_str(&out));
	sbuf_release(&out);
	return rc;
}

/* Whether a path can stand in an #SBATCH line and a file name pattern:
 * no white space, no quotes, no %.  -1 after the line. */
static int check_path(const char *what, const char *p)
{
	if (!*p || strpbrk(p, " \t\n\r\"'%\\"))
		return diag_error("%s \"%s\": Slurm's #SBATCH lines take paths "
				  "without spaces, quotes, backslashes or %%",
				  what, p);
	return 0;
}

/* The commands that submit the scripts pa and pm, for pasting into a
 * shell: each path one shell word (the output directory may come from
 * the experiment file), escaped for the terminal. */
static void print_submit(const char *pa, const char *pm)
{
	struct sbuf b = SBUF_INIT;

	sbuf_add(&b, "submit: id=$(sbatch --parsable ");
	quote_shell(&b, pa);
	sbuf_add(&b, ") && sbatch --dependency=afterok:$id ");
	quote_shell(&b, pm);
	printf("%s\n", diag_esc(sbuf_str(&b)));
	sbuf_release(&b);
}

/* Writes DIR/slurm/{shards,merge}.sbatch, and submits them. */
static int slurm_write(struct slurm_job *j, bool submit, bool quiet)
{
	/* "./" before a directory sbatch would take for an option */
	char *sdir = xasprintf("%s%s/slurm", j->outdir[0] == '-' ? "./" : "",
			       j->outdir);
	char *pa = xasprintf("%s/shards.sbatch", sdir);
	char *pm = xasprintf("%s/merge.sbatch", sdir);
	char *ta = slurm_array_script(j), *tm = slurm_merge_script(j);
	char id[64], mid[64];
	int rc = EXIT_FAILED, top, fd = -1;

	/* DIR is the person's or the file's; slurm/ in it is culab's own */
	top = dir_make(AT_FDCWD, NULL, j->outdir, DIR_FOLLOW);
	if (top >= 0) {
		fd = dir_make(top, j->outdir, "slurm", DIR_CONFINED);
		close(top);
	}
	if (fd < 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (write_file_at(fd, sdir, "shards.sbatch", ta, strlen(ta)) < 0 ||
	    write_file_at(fd, sdir, "merge.sbatch", tm, strlen(tm)) < 0)
		goto out;
	if (!quiet)
		printf("culab slurm: %d shards of %s: %s, then %s\n", j->shards,
		       diag_esc(j->file), diag_esc(pa), diag_esc(pm));
	if (!submit) {
		if (!quiet)
			print_submit(pa, pm);
		rc = EXIT_OK;
		goto out;
	}
	if (sbatch(pa, NULL, id, sizeof(id)) < 0 ||
	    sbatch(pm, id, mid, sizeof(mid)) < 0)
		goto out;
	if (!quiet)
		printf("culab slurm: submitted job array %s (%d tasks) and "
		       "merge job %s (after %s)\n", diag_esc(id), j->shards,
		       diag_esc(mid), diag_esc(id));
	rc = EXIT_OK;
out:
	if (fd >= 0)
		close(fd);
	free(sdir);
	free(pa);
	free(pm);
	free(ta);
	free(tm);
	return rc;
}

/* This culab's absolute path, for the nodes. */
static char *self_path(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n <= 0)
		return xstrdup("culab");
	buf[n] = '\0';
	return xstrdup(buf);
}

/* "culab-" and the file's name without directory and .yaml, in the
 * characters job names keep everywhere. */
static char *job_name(const char *file)
{
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	size_t n = strlen(base);
	char *name;

	if (n > 5 && strcmp(base + n - 5, ".yaml") == 0)
		n -= 5;
	if (n > 40)
		n = 40;
	name = xasprintf("culab-%.*s", (int)n, base);
	for (char *c = name; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789._-", *c))
			*c = '_';
	return name;
}

/* --shards N and --gpus-per-task G: a number from lo to hi. */
static int slurm_number(const struct cli_command *c, const struct cli_value *v,
			long lo, long hi, int *out)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v->arg, &end, 10);
	if (errno || !*v->arg || *end || n < lo || n > hi)
		return cli_value_error(c, v, "takes a number from %ld to %ld, "
				       "not \"%s\"", lo, hi, v->arg);
	*out = (int)n;
	return 0;
}

/* The options of culab slurm into *j.  Returns 0 or an exit code. */
static int slurm_options(struct cli_context *cx, struct slurm_job *j,
			 bool *submit)
{
	const struct cli_command *c = cx->cmd;
	char why[256];

	for (size_t i = 0; i < cx->args.nopts; i++) {
		const struct cli_value *v = &cx->args.opts[i];

		if ((v->key == K_PARTITION || v->key == K_MERGE_PARTITION ||
		     v->key == K_ACCOUNT || v->key == K_TIME) &&
		    slurm_check_value(v->opt->name, v->arg, why, sizeof(why)) < 0)
			return cli_usage_error(c, "%s", why);
		if (v->key == K_TIME &&
		    slurm_check_time(v->arg, why, sizeof(why)) < 0)
			return cli_usage_error(c, "%s", why);
		switch (v->key) {
		case K_SHARDS:
			if (slurm_number(c, v, 1, PLAN_MAX_SHARDS, &j->shards))
				return EXIT_USAGE;
			break;
		case K_GPUS_PER_TASK:
			if (slurm_number(c, v, 0, 64, &j->gpus_per_task))
				return EXIT_USAGE;
			break;
		case K_PARTITION: j->partition = v->arg; break;
		case K_MERGE_PARTITION: j->merge_partition = v->arg; break;
		case K_ACCOUNT: j->account = v->arg; break;
		case K_TIME: j->time = v->arg; break;
		case K_SUBMIT: *submit = true; break;
		case K_OUTPUT: j->outdir = v->arg; break;
		case K_CULAB: j->culab = v->arg; break;
		case K_NO_COUNTERS: j->no_counters = true; break;
		case K_VARIANT: j->variant = v->arg; break;
		case K_TEST_PLANS: j->test_plans = true; break;
		}
	}
	if (!j->shards)
		return cli_usage_error(c, "slurm needs --shards N");
	j->file = cx->args.operands[0];
	return 0;
}

/* More shards than the plan has stages would leave tasks with nothing
 * to run (a shard is whole stages): capped, with a note.  Returns 0, or
 * -1 when the plan has no stage. */
static int cap_shards(const struct experiment_file *f, struct slurm_job *j)
{
	struct plan_shard none = { 0, 0 };
	size_t stages = plan_count_stages(f, none);

	if (!stages)
		return diag_error("%s: the plan has no stage to run",
				  diag_esc(j->file)), -1;
	if ((size_t)j->shards > stages) {
		diag_note("%s has %zu stage%s, and a shard is whole stages: "
			  "%d shards capped to %zu", diag_esc(j->file), stages,
			  stages == 1 ? "" : "s", j->shards, stages);
		j->shards = (int)stages;
	}
	return 0;
}

int cmd_slurm(struct cli_context *cx)
{
	struct slurm_job j = { .gpus_per_task = 1 };
	struct experiment_file f = { 0 };
	char cwd[PATH_MAX], *self = NULL, *name = NULL;
	bool submit = false;
	int rc = slurm_options(cx, &j, &submit);

	if (rc)
		return rc;
	/* the file is checked here, not on the cluster an hour later */
	if (experiment_load(j.file, &f) < 0)
		return EXIT_USAGE;
	/* after loading (it may name the file's own kernels), and refused
	 * here, not by every shard an hour later */
	if (j.variant) {
		struct plan_selection sel;
		char why[256];

		if (plan_select_parse(j.variant, &sel, why, sizeof(why)) < 0) {
			rc = cli_usage_error(cx->cmd, "%s", why);
			goto out;
		}
		plan_select_release(&sel);
	}
	if (cap_shards(&f, &j) < 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (!j.outdir)
		j.outdir = f.output;
	if (!getcwd(cwd, sizeof(cwd))) {
		diag_error("cannot tell the working directory: %s",
			   strerror(errno));
		rc = EXIT_FAILED;
		goto out;
	}
	if (check_path("the working directory", cwd) < 0 ||
	    check_path("the output directory", j.outdir) < 0) {
		rc = EXIT_USAGE;
		goto out;
	}
	j.chdir = cwd;
	{
		const struct output_input in = { "the experiment file", j.file };

		if ((rc = cli_check_outputs(cx->cmd, j.outdir, NULL, OUT_SLURM,
					    &in, 1)) != 0)
			goto out;
	}
	if (!j.culab)
		j.culab = self = self_path();
	j.name = name = job_name(j.file);
	rc = slurm_write(&j, submit, cx->args.quiet);
out:
	free(self);
	free(name);
	experiment_file_release(&f);
	return rc;
}
