/* slurm.c - the sbatch scripts of an experiment file's shards and of
 * their merge.  See slurm.h.
 *
 * Options map to sbatch's own (#SBATCH --partition, --account, --time,
 * --gpus-per-task), so a cluster's documentation applies as it is.  Every
 * value from the command line is either checked against a small alphabet
 * (the #SBATCH lines, which sbatch reads up to the end of the line) or
 * single-quoted for the shell (paths), so no file or option can put a
 * command into the scripts.  Tasks run with --resume: a task run again
 * (after a time limit, a node failure) measures only what its shard's
 * results lack.  A task counts as done (exit 0) when its
 * results are written: culab run's exit status 1 (a row failed to
 * verify, or the run was aborted with its finished rows saved) is
 * reported in the results and the report, and must not hold back the
 * merge, which afterok would; any other status (interrupted, no GPU, bad
 * input) fails the task and the merge waits. */
#include "slurm.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"
#include "base/util.h"

int slurm_check_value(const char *what, const char *v, char *why,
		      size_t whysize)
{
	size_t n = strlen(v);

	if (n && n <= 128 && strspn(v, "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				    "_.,:+=-") == n)
		return 0;
	snprintf(why, whysize, "--%s \"%s\": letters, digits and _ . , : + = - "
		 "only (as sbatch takes it)", what, v);
	return -1;
}

/* Digits only, at least one: its value into *n (capped). */
static bool all_digits(const char *s, size_t len, long *n)
{
	*n = 0;
	if (!len)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		if (*n < 1000000)
			*n = *n * 10 + (s[i] - '0');
	}
	return true;
}

int slurm_check_time(const char *v, char *why, size_t whysize)
{
	const char *s = v, *dash = strchr(v, '-');
	long f[3] = { 0, 0, 0 }, days;
	size_t n = 0;

	if (!strcmp(v, "UNLIMITED") || !strcmp(v, "INFINITE"))
		return 0;
	if (dash) {
		if (!all_digits(v, (size_t)(dash - v), &days))
			goto bad;
		s = dash + 1;
	}
	for (;;) {              /* up to three fields of digits */
		size_t len = strcspn(s, ":");

		if (n == 3 || !all_digits(s, len, &f[n++]))
			goto bad;
		if (!s[len])
			break;
		s += len + 1;
	}
	/* minutes[:seconds] | hours:minutes:seconds, or after "days-":
	 * hours[:minutes[:seconds]]: every field after the first is 0-59 */
	for (size_t k = 1; k < n; k++)
		if (f[k] > 59)
			goto bad;
	if (dash && f[0] > 23)
		goto bad;
	return 0;
bad:
	snprintf(why, whysize, "--time \"%s\" is not one of Slurm's time "
		 "formats: minutes, minutes:seconds, hours:minutes:seconds, "
		 "days-hours, days-hours:minutes, days-hours:minutes:seconds "
		 "(30 minutes: 30 or 0:30:00)", v);
	return -1;
}

/* The #SBATCH lines both jobs share, with the partition given. */
static void common_lines(struct sbuf *b, const struct slurm_job *j,
			 const char *partition)
{
	sbuf_add(b, "#SBATCH --chdir=");
	sbuf_add(b, j->chdir);
	sbuf_add(b, "\n");
	if (partition)
		sbuf_addf(b, "#SBATCH --partition=%s\n", partition);
	if (j->account)
		sbuf_addf(b, "#SBATCH --account=%s\n", j->account);
	if (j->time)
		sbuf_addf(b, "#SBATCH --time=%s\n", j->time);
}

/* A comment line's text: a control character (a newline would end the
 * comment and start a command) becomes '?'. */
static void comment_text(struct sbuf *b, const char *s)
{
	for (; *s; s++)
		sbuf_addc(b, (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
}

static void header(struct sbuf *b, const struct slurm_job *j, const char *what)
{
	sbuf_add(b, "#!/bin/sh\n# ");
	sbuf_add(b, what);
	sbuf_add(b, " of ");
	comment_text(b, j->file);
	sbuf_add(b, ", written by culab slurm.\n");
}

/* The #SBATCH lines are read before the shell runs, so a working
 * directory with a newline could not be one; checked by the caller. */
char *slurm_array_script(const struct slurm_job *j)
{
	struct sbuf b = SBUF_INIT;

	header(&b, j, j->test_plans ? "Shard plans (a test without GPUs)" :
		     "Shards");
	sbuf_addf(&b, "# One task per shard: culab %s --shard I/%d.\n",
		  j->test_plans ? "plan" : "run", j->shards);
	sbuf_addf(&b, "#SBATCH --job-name=%s\n", j->name);
	sbuf_addf(&b, "#SBATCH --array=1-%d\n", j->shards);
	sbuf_add(&b, "#SBATCH --ntasks=1\n");
	if (j->gpus_per_task > 0)
		sbuf_addf(&b, "#SBATCH --gpus-per-task=%d\n", j->gpus_per_task);
	common_lines(&b, j, j->partition);
	sbuf_add(&b, "#SBATCH --output=");
	sbuf_add(&b, j->outdir);
	sbuf_add(&b, "/slurm/shard-%a.log\n");
	sbuf_add(&b, "set -u\nI=$((SLURM_ARRAY_TASK_ID))\n");
	if (j->test_plans) {
		sbuf_add(&b, "exec ");
		quote_shell(&b, j->culab);
		sbuf_addf(&b, " plan --shard \"$I/%d\" --json ", j->shards);
		quote_shell(&b, j->file);
		sbuf_add(&b, " >");
		quote_shell(&b, j->outdir);
		sbuf_add(&b, "\"/shard-$I.plan.json\"\n");
		return sbuf_detach(&b);
	}
	quote_shell(&b, j->culab);
	sbuf_addf(&b, " run --shard \"$I/%d\" -o ", j->shards);
	quote_shell(&b, j->outdir);
	sbuf_add(&b, "\"/shard-$I\" --resume --no-report --quiet");
	if (j->gpus_per_task > 1)
		sbuf_add(&b, " --devices all");
	if (j->no_counters)
		sbuf_add(&b, " --no-counters");
	if (j->variant) {
		sbuf_add(&b, " --variant ");
		quote_shell(&b, j->variant);
	}
	sbuf_add(&b, " ");
	quote_shell(&b, j->file);
	sbuf_add(&b, "\nrc=$?\n"
		     "# 1: results written, some rows failed; the merge shows them\n"
		     "[ $rc -eq 0 ] || [ $rc -eq 1 ]\n");
	return sbuf_detach(&b);
}

char *slurm_merge_script(const struct slurm_job *j)
{
	struct sbuf b = SBUF_INIT;

	header(&b, j, j->test_plans ? "The check of the shard plans" :
		     "The merge and report");
	sbuf_add(&b, "# Submitted with --dependency=afterok:<the shards' job "
		     "id>.\n");
	sbuf_addf(&b, "#SBATCH --job-name=%s-merge\n", j->name);
	sbuf_add(&b, "#SBATCH --ntasks=1\n");
	/* it merges files and draws charts: no GPU, no GPU partition */
	common_lines(&b, j, j->merge_partition);
	sbuf_add(&b, "#SBATCH --output=");
	sbuf_add(&b, j->outdir);
	sbuf_add(&b, "/slurm/merge.log\n");
	sbuf_add(&b, "set -u\nset --\nI=1\n");
	sbuf_addf(&b, "while [ $I -le %d ]; do\n\tset -- \"$@\" ", j->shards);
	quote_shell(&b, j->outdir);
	sbuf_add(&b, j->test_plans ? "\"/shard-$I.plan.json\"\n" :
				     "\"/shard-$I/results.json\"\n");
	sbuf_add(&b, "\tI=$((I + 1))\ndone\nexec ");
	quote_shell(&b, j->culab);
	if (j->test_plans) {
		sbuf_add(&b, " merge --plans \"$@\"\n");
	} else {
		sbuf_add(&b, " merge -o ");
		quote_shell(&b, j->outdir);
		sbuf_add(&b, " \"$@\"\n");
	}
	return sbuf_detach(&b);
}

int slurm_parse_job_id(const char *out, char *buf, size_t size)
{
	size_t n = strspn(out, "0123456789");

	if (!n || n >= size || (out[n] && out[n] != ';' && out[n] != '\n'))
		return -1;
	memcpy(buf, out, n);
	buf[n] = '\0';
	return 0;
}
