/* cli_cluster.c - the subcommands that go beyond one GPU: `culab merge`
 * (shards' results made one, with their report) and `culab slurm` (an
 * experiment file as a Slurm job array and a dependent merge job).
 * Rows of main.c's command table; see cli.h. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "base/diag.h"
#include "base/exitcode.h"
#include "experiment/experiment.h"
#include "results/results.h"
#include "output.h"
#include "plan/plan.h"
#include "report/report.h"
#include "slurm.h"
#include "base/util.h"

extern char **environ;

/* The help texts of their rows in main.c's table. */
const char cli_merge_help[] =
	"Merges results files of one experiment file (the same SHA-256) and\n"
	"one culab version, typically those of `culab run --shard I/N`, into\n"
	"DIR/results.json and results.csv, and renders the report as a run\n"
	"would.  Every row keeps the host and GPU it ran on; rows are put\n"
	"back in plan order.  Refused, with one line and exit status 2:\n"
	"another experiment file or culab version, a file given twice, a\n"
	"shard or a measurement twice, a file that is not results, and\n"
	"missing shards unless --partial.\n\n"
	"  -o, --output DIR   where the merged results go\n"
	"      --partial      merge the shards that are there, saying which\n"
	"                     are missing (status \"partial\")\n"
	"      --plans        check that `culab plan --shard I/N --json`\n"
	"                     outputs cover their plan once; write nothing\n"
	"      --no-report    results only\n"
	"      --lang LANG    report language: en, zh or both (default both)\n"
	"  -q, --quiet        no summary";

const char cli_slurm_help[] =
	"Writes DIR/slurm/shards.sbatch, a job array of N tasks, each running\n"
	"`culab run --shard I/N --resume` into DIR/shard-I on its GPU (a\n"
	"task run again finishes what it lacks), and\n"
	"DIR/slurm/merge.sbatch, which merges them into DIR with the report;\n"
	"it must run after every task succeeded (--dependency=afterok).  A\n"
	"task whose rows failed to verify still succeeds: its results are\n"
	"written and the report shows the failures.\n\n"
	"  --shards N         number of shards (array tasks)\n"
	"  --partition P, --account A, --time T\n"
	"                     sbatch's own options, for every job\n"
	"  --gpus-per-task G  GPUs per task (default 1; with more, a task runs\n"
	"                     --devices all; 0: ask for none)\n"
	"  --submit           submit both with sbatch --parsable, the merge\n"
	"                     with --dependency=afterok:<the array's job id>\n"
	"  -o, --output DIR   output directory (default: the file's `output`)\n"
	"  --culab PATH       culab on the nodes (default: this one)\n"
	"  --no-counters, --variant LIST  passed to every task's run\n\n"
	"environment:\n"
	"  CULAB_SBATCH       the sbatch program (default: sbatch in PATH)";

/* ---- culab merge -------------------------------------------------------------- */

/* Writes the merged results and their report into dir. */
static int merge_write(const char *dir, const struct results *r,
		       struct report_options *ro, bool report, bool quiet)
{
	size_t ok = 0;

	ro->dir = dir;
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
		       r->status ? r->status : "?", dir);
		if (report && r->nrows)
			printf("culab merge: report: %s/report.en.md, "
			       "%s/report.zh.md\n", dir, dir);
	}
	return EXIT_OK;
}

int cmd_merge(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "partial", no_argument, NULL, 'p' },
		{ "plans", no_argument, NULL, 'P' },
		{ "no-report", no_argument, NULL, 'R' },
		{ "lang", required_argument, NULL, 'L' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("merge");
	struct merge_options mo = { .command = cli_command_line() };
	struct report_options ro;
	struct results r;
	const char *dir = NULL;
	bool plans = false, report = true, quiet = false;
	int ch, rc;

	report_options_init(&ro);
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:qh", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			if (cli_need_name("-o/--output", "a directory", optarg))
				return EXIT_USAGE;
			dir = optarg;
			break;
		case 'p': mo.partial = true; break;
		case 'P': plans = true; break;
		case 'R': report = false; break;
		case 'L':
			if (report_lang_parse(optarg, &ro.langs) < 0)
				return usage_error(c, "unknown language "
						       "\"%s\" (known: en, zh, "
						       "both)", optarg);
			break;
		case 'q': quiet = true; break;
		case 'h': print_help(c, stdout); return EXIT_OK;
		default: return usage_error(c, "unknown option");
		}
	}
	if (optind >= argc)
		return usage_error(c, "merge needs at least one file");
	if (plans) {
		if (dir || mo.partial)
			return usage_error(c, "--plans checks plans "
					       "and writes nothing: no -o, no "
					       "--partial");
		return merge_plans(argv + optind, (size_t)(argc - optind)) < 0 ?
		       EXIT_USAGE : EXIT_OK;
	}
	if (!dir)
		return usage_error(c, "merge needs -o DIR, where the "
				       "merged results go");
	if (merge_files(argv + optind, (size_t)(argc - optind), &mo, &r) < 0)
		return EXIT_USAGE;
	rc = merge_write(dir, &r, &ro, report, quiet);
	results_release(&r);
	return rc;
}

/* ---- culab slurm ------------------------------------------------------------ */

/* Runs `sbatch --parsable [dependency] script` and puts the job id it
 * prints in id.  $CULAB_SBATCH names another sbatch (tests).  Returns 0,
 * or -1 after a diagnostic. */
static int sbatch(const char *script, const char *after, char *id,
		  size_t idsize)
{
	const char *prog = getenv("CULAB_SBATCH") ? getenv("CULAB_SBATCH") :
			   "sbatch";
	char dep[64], out[256];
	char *argv[5];
	int fd[2], st = 0, n = 0;
	posix_spawn_file_actions_t fa;
	ssize_t got;
	size_t len = 0;
	pid_t pid;

	argv[n++] = (char *)prog;
	argv[n++] = (char *)"--parsable";
	if (after) {
		snprintf(dep, sizeof(dep), "--dependency=afterok:%s", after);
		argv[n++] = dep;
	}
	argv[n++] = (char *)script;
	argv[n] = NULL;
	if (pipe(fd) < 0)
		return diag_error("cannot run %s: %s", prog, strerror(errno));
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	if (posix_spawnp(&pid, prog, &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		close(fd[0]);
		close(fd[1]);
		return diag_error("cannot run %s (is Slurm installed here?): %s",
				  prog, strerror(errno));
	}
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	while (len + 1 < sizeof(out) &&
	       (got = read(fd[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += (size_t)got;
	out[len] = '\0';
	close(fd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return diag_error("%s %s failed (exit %d)", prog, script,
				  WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	if (slurm_parse_job_id(out, id, idsize) < 0)
		return diag_error("%s --parsable printed no job id: \"%.60s\"",
				  prog, out);
	return 0;
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

/* Writes DIR/slurm/{shards,merge}.sbatch, and submits them. */
static int slurm_write(struct slurm_job *j, bool submit)
{
	char *sdir = xasprintf("%s/slurm", j->outdir);
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
	printf("culab slurm: %d shards of %s: %s, then %s\n", j->shards,
	       j->file, pa, pm);
	if (!submit) {
		printf("submit: id=$(sbatch --parsable %s) && sbatch "
		       "--dependency=afterok:$id %s\n", pa, pm);
		rc = EXIT_OK;
		goto out;
	}
	if (sbatch(pa, NULL, id, sizeof(id)) < 0 ||
	    sbatch(pm, id, mid, sizeof(mid)) < 0)
		goto out;
	printf("culab slurm: submitted job array %s (%d tasks) and merge job "
	       "%s (after %s)\n", id, j->shards, mid, id);
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

/* The options of culab slurm into *j.  Returns 0 or an exit code. */
static int slurm_options(int argc, char **argv, struct slurm_job *j,
			 bool *submit)
{
	static const struct option opts[] = {
		{ "shards", required_argument, NULL, 'n' },
		{ "partition", required_argument, NULL, 'p' },
		{ "account", required_argument, NULL, 'A' },
		{ "time", required_argument, NULL, 't' },
		{ "gpus-per-task", required_argument, NULL, 'g' },
		{ "submit", no_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "culab", required_argument, NULL, 'c' },
		{ "no-counters", no_argument, NULL, 'C' },
		{ "variant", required_argument, NULL, 'v' },
		{ "test-plans", no_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 }
	};
	const struct command *c = find_command("slurm");
	char why[256], *end;
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		long v = 0;

		if (ch == 'n' || ch == 'g') {
			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || !*optarg || *end || v < (ch == 'g' ? 0 : 1) ||
			    v > (ch == 'g' ? 64 : PLAN_MAX_SHARDS))
				return usage_error(c, "--%s takes a "
					"number from %d to %d, not \"%s\"",
					ch == 'g' ? "gpus-per-task" : "shards",
					ch == 'g' ? 0 : 1, ch == 'g' ? 64 :
					PLAN_MAX_SHARDS, optarg);
		}
		if ((ch == 'p' || ch == 'A' || ch == 't') &&
		    slurm_check_value(ch == 'p' ? "partition" : ch == 'A' ?
				      "account" : "time", optarg, why,
				      sizeof(why)) < 0)
			return usage_error(c, "%s", why);
		switch (ch) {
		case 'n': j->shards = (int)v; break;
		case 'g': j->gpus_per_task = (int)v; break;
		case 'p': j->partition = optarg; break;
		case 'A': j->account = optarg; break;
		case 't': j->time = optarg; break;
		case 's': *submit = true; break;
		case 'o':
		case 'c':
			if (cli_need_name(ch == 'o' ? "-o/--output" : "--culab",
					  ch == 'o' ? "a directory" : "a file",
					  optarg))
				return EXIT_USAGE;
			*(ch == 'o' ? &j->outdir : &j->culab) = optarg;
			break;
		case 'C': j->no_counters = true; break;
		case 'v': j->variant = optarg; break;
		case 'T': j->test_plans = true; break;
		case 'h': print_help(c, stdout); return -1;
		default: return usage_error(c, "unknown option");
		}
	}
	if (argc - optind != 1)
		return usage_error(c, "slurm needs exactly one "
				       "experiment file");
	if (!j->shards)
		return usage_error(c, "slurm needs --shards N");
	j->file = argv[optind];
	return 0;
}

int cmd_slurm(int argc, char **argv)
{
	struct slurm_job j = { .gpus_per_task = 1 };
	struct experiment_file f = { 0 };
	char cwd[PATH_MAX], *self = NULL, *name = NULL;
	bool submit = false;
	int rc = slurm_options(argc, argv, &j, &submit);

	if (rc)
		return rc < 0 ? EXIT_OK : rc;
	/* the file is checked here, not on the cluster an hour later */
	if (experiment_load(j.file, &f) < 0)
		return EXIT_USAGE;
	/* after loading (it may name the file's own kernels), and refused
	 * here, not by every shard an hour later */
	if (j.variant) {
		struct plan_selection sel;
		char why[256];

		if (plan_select_parse(j.variant, &sel, why, sizeof(why)) < 0) {
			rc = usage_error(find_command("slurm"), "%s", why);
			goto out;
		}
		plan_select_release(&sel);
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
	if (!j.culab)
		j.culab = self = self_path();
	j.name = name = job_name(j.file);
	rc = slurm_write(&j, submit);
out:
	free(self);
	free(name);
	experiment_file_release(&f);
	return rc;
}
