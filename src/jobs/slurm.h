/* slurm.h - an experiment file as Slurm jobs: a job array with one task
 * per shard of its plan (culab run --shard I/N on the task's GPU) and a
 * merge job that depends on it (culab merge: one results file and the
 * report).  Text only: cli_cluster.c writes the scripts and submits them
 * with sbatch. */
#ifndef CULAB_SLURM_H
#define CULAB_SLURM_H

#include <stdbool.h>
#include <stddef.h>

struct slurm_job {
	const char *file;        /* the experiment file, as given */
	const char *outdir;      /* DIR: shards in DIR/shard-I, merged in DIR */
	const char *culab;       /* the culab the nodes run (absolute) */
	const char *chdir;       /* the jobs' working directory (absolute) */
	const char *name;        /* job name */
	int shards;              /* N */
	int gpus_per_task;       /* 0: ask for none (the partition gives them) */
	const char *partition;   /* the shards' partition; NULL: the
				    cluster's default */
	const char *merge_partition; /* the merge job's (it needs no GPU);
				    NULL: the cluster's default */
	const char *account;
	const char *time;        /* per task: [days-]hours:minutes:seconds */
	bool no_counters;        /* pass --no-counters to every shard */
	const char *variant;     /* pass --variant LIST, or NULL */
	bool test_plans;         /* tasks write their shard's plan instead of
				    running it, and the merge job checks that
				    the plans cover the whole plan (CI without
				    GPUs) */
};

/* Whether `v` may stand in an #SBATCH line as the value of `what`
 * (partition, account, time): letters, digits and _ . , : + = - only,
 * no longer than 128.  Returns 0, or -1 with the reason in why. */
int slurm_check_value(const char *what, const char *v, char *why,
		      size_t whysize);

/* Whether `v` is a time limit in one of Slurm's formats: minutes,
 * minutes:seconds, hours:minutes:seconds, days-hours,
 * days-hours:minutes, days-hours:minutes:seconds, or UNLIMITED /
 * INFINITE ("30m" is none).  Returns 0, or -1 with the reason in why. */
int slurm_check_time(const char *v, char *why, size_t whysize);

/* The sbatch script of the job array (one task per shard).  Caller
 * frees. */
char *slurm_array_script(const struct slurm_job *j);

/* The sbatch script of the merge job, to be submitted with
 * --dependency=afterok:<the array's job id>.  Caller frees. */
char *slurm_merge_script(const struct slurm_job *j);

/* The job id in what `sbatch --parsable` printed ("123" or
 * "123;cluster", a newline after): its digits into buf.  Returns 0, or
 * -1 when there is none. */
int slurm_parse_job_id(const char *out, char *buf, size_t size);

#endif
