/* workers.c - run --devices: one worker process per GPU.  See workers.h.
 *
 * Each worker is started with fork and exec of /proc/self/exe
 * (supervise_spawn), in a process group of its own, so that a terminal's ^C reaches the parent
 * alone.  The parent asks the workers to stop with SIGUSR1, which the
 * runner takes as a first SIGINT (stop after the current measurement,
 * save, exit 4) but never as a second: under Slurm a worker gets the
 * job's SIGTERM as well as its parent's request, and must not die of
 * the pair.  A second signal to the parent ends the workers at once
 * (SIGUSR2: the runner gives locked clocks back and dies), as a second
 * ^C ends a one-GPU run.  A worker also gets
 * SIGUSR1 when the parent dies (PR_SET_PDEATHSIG), so no worker outlives
 * a killed parent by more than a measurement.
 *
 * What the workers write stays in DIR/.workers/part-J until it is merged
 * into DIR/results.json; the directory is removed once the merge holds
 * every worker's rows.  --resume takes the finished rows of
 * DIR/results.json and of any worker file left behind (a parent killed
 * with SIGKILL), so nothing measured is measured again. */
#include "workers.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "run/run.h"
#include "base/exitcode.h"
#include "results/results.h"
#include "output.h"
#include "plan/plan.h"
#include "base/util.h"

int workers_check_devices(const char *list, char *why, size_t whysize)
{
	char *copy, *save = NULL, *tok;
	long seen[64];
	int n = 0, rc = 0;

	if (!strcmp(list, "all"))
		return 0;
	if (!*list || strspn(list, ",") == strlen(list) || strstr(list, ",,") ||
	    list[0] == ',' || list[strlen(list) - 1] == ',') {
		snprintf(why, whysize, "--devices takes all or a list of device "
			 "indexes (0,1), not \"%s\"", diag_esc(list));
		return -1;
	}
	copy = xstrdup(list);
	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save)) {
		char *end;
		long d;

		errno = 0;
		d = strtol(tok, &end, 10);
		if (*end || end == tok || errno || d < 0 || d > 1 << 20 ||
		    !(*tok >= '0' && *tok <= '9')) {
			snprintf(why, whysize, "--devices: \"%s\" is not a "
				 "device index (0, 1, ...; culab devices lists "
				 "them)", diag_esc(tok));
			rc = -1;
			break;
		}
		for (int i = 0; i < n; i++)
			if (seen[i] == d) {
				snprintf(why, whysize, "--devices: device %ld is "
					 "named twice", d);
				rc = -1;
			}
		if (n < (int)ARRAY_SIZE(seen))
			seen[n++] = d;
	}
	free(copy);
	return rc;
}

int workers_parse_devices(const char *list, int count, int **devs, char *why,
			  size_t whysize)
{
	char *copy, *save = NULL, *tok;
	int n = 0;

	*devs = NULL;
	if (workers_check_devices(list, why, whysize) < 0)
		return -1;
	*devs = xcalloc((size_t)count + 1, sizeof(**devs));
	if (strcmp(list, "all") == 0) {
		for (n = 0; n < count; n++)
			(*devs)[n] = n;
		return n;
	}
	copy = xstrdup(list);
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		long d = strtol(tok, NULL, 10);

		if (d >= count) {
			snprintf(why, whysize, "--devices: no device \"%s\" here "
				 "(%d device%s: 0 to %d, or all)", tok, count,
				 count == 1 ? "" : "s", count - 1);
			free(copy);
			free(*devs);
			*devs = NULL;
			return -1;
		}
		(*devs)[n++] = (int)d;
	}
	free(copy);
	return n;
}

/* ---- the workers' files --------------------------------------------------- */

/* Removes DIR/.workers/NAME/{results.json,results.csv,worker.log} and the folder;
 * a symbolic link planted as NAME is removed itself, never followed. */
static void remove_part(const char *root, const char *name)
{
	static const char *const files[] = { "results.json", "results.csv",
					     "worker.log" };
	char *d = xasprintf("%s/%s", root, name);
	int fd = open(d, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0) {
		unlink(d);
		free(d);
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		unlinkat(fd, files[i], 0);
	close(fd);
	rmdir(d);
	free(d);
}

/* Calls fn for every part-* or resume folder under root. */
static void each_part(const char *root, void (*fn)(const char *root,
		      const char *name, void *ctx), void *ctx)
{
	DIR *d = opendir(root);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (strncmp(e->d_name, "part-", 5) == 0 ||
		    strncmp(e->d_name, "piece-", 6) == 0 ||
		    strcmp(e->d_name, "resume") == 0) {
			names = xrealloc(names, (n + 1) * sizeof(*names));
			names[n++] = xstrdup(e->d_name);
		}
	closedir(d);
	for (size_t i = 0; i < n; i++) {
		fn(root, names[i], ctx);
		free(names[i]);
	}
	free(names);
}

/* ctx: a prefix the names to remove start with, or NULL for all. */
static void remove_cb(const char *root, const char *name, void *ctx)
{
	if (!ctx || strncmp(name, ctx, strlen(ctx)) == 0)
		remove_part(root, name);
}

void workers_remove(const char *root, const char *prefix)
{
	each_part(root, remove_cb, (void *)prefix);
}

void workers_remove_one(const char *root, const char *name)
{
	remove_part(root, name);
}

/* What --resume can keep, gathered from every results file of the run. */
struct gather {
	const struct experiment_file *f;
	struct results *r;
	size_t n;
};

static void gather_file(struct gather *g, const char *path)
{
	struct results r;

	if (access(path, F_OK) != 0 || results_read(path, &r) < 0)
		return;
	if (!r.source_sha256 || strcmp(r.source_sha256, g->f->sha256) != 0) {
		diag_note("not resumed: \"%s\" is of another experiment file",
			  path);
		results_release(&r);
		return;
	}
	results_forget_changed(&r, path);
	g->r = xrealloc(g->r, (g->n + 1) * sizeof(*g->r));
	g->r[g->n++] = r;
}

static void gather_cb(const char *root, const char *name, void *ctx)
{
	char *p = xasprintf("%s/%s/results.json", root, name);

	if (strcmp(name, "resume") != 0)
		gather_file(ctx, p);
	free(p);
}

/* Writes what the run's files hold into ROOT/resume/results.json, for the
 * workers' --resume.  Returns 1 when there is something, 0 when not, -1
 * after a diagnostic. */
int workers_prepare_resume(const struct experiment_file *f,
			   const char *outdir, const char *root)
{
	struct gather g = { .f = f };
	struct results merged, prev, **in;
	char *top = xasprintf("%s/results.json", outdir);
	char *dir = xasprintf("%s/resume", root);
	int rc = 0;

	/* another file's results in DIR are refused, as a one-GPU run does */
	if (access(top, F_OK) == 0)
		rc = results_read_previous(outdir, f->sha256, &prev);
	if (rc > 0) {
		g.r = xcalloc(1, sizeof(*g.r));
		g.r[g.n++] = prev;
	}
	if (rc >= 0)
		each_part(root, gather_cb, &g);
	if (rc >= 0)
		rc = g.n > 0;
	if (rc == 0)
		diag_note("nothing to resume in \"%s\": starting afresh", outdir);
	if (rc > 0) {
		/* resume/ is culab's own: a link planted there is refused */
		int fd = dir_make(AT_FDCWD, NULL, root, DIR_FOLLOW), sub = -1;

		if (fd >= 0) {
			sub = dir_make(fd, root, "resume", DIR_CONFINED);
			close(fd);
		}
		if (sub < 0) {
			rc = -1;
			goto out_release;
		}
		close(sub);
		in = xcalloc(g.n, sizeof(*in));
		for (size_t i = 0; i < g.n; i++)
			in[i] = &g.r[i];
		merge_results(in, g.n, &merged);
		/* DIR/results.json was merged from the workers' files when
		 * the run stopped, and they are still there: each row once,
		 * a worker's (newer) where both hold it */
		results_keep_last(&merged);
		if (output_save(dir, &merged) < 0)
			rc = -1;
		results_release(&merged);
		free(in);
	}
out_release:
	for (size_t i = 0; i < g.n; i++)
		results_release(&g.r[i]);
	free(g.r);
	free(top);
	free(dir);
	return rc;
}

/* ---- starting and waiting -------------------------------------------------- */

void workers_arg(struct workers_argv *a, const char *s)
{
	if (a->n < (int)ARRAY_SIZE(a->v) - 1)
		a->v[a->n++] = xstrdup(s);
	a->v[a->n] = NULL;
}

void workers_argv_release(struct workers_argv *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->v[i]);
	a->n = 0;
	a->v[0] = NULL;
	free(a->visible);
	a->visible = NULL;
}

#define arg workers_arg

/* The most GPUs CULAB_TEST_DEVICES may pretend: a node's, not hundreds
 * of workers. */
#define TEST_DEVICES_MAX 16

/* CULAB_TEST_DEVICES (tests only): how many GPUs to pretend to have (the
 * workers find none on a machine without, and say so), 1 to
 * TEST_DEVICES_MAX; 0 when unset, or ignored after a warning. */
static int test_devices(void)
{
	long n;

	return env_integer_given("CULAB_TEST_DEVICES", 1, TEST_DEVICES_MAX,
				 "GPUs", &n) == 1 ? (int)n : 0;
}

char *workers_visible(int device)
{
	const char *list = getenv("CUDA_VISIBLE_DEVICES");
	const char *narrow = getenv("CULAB_NARROW");
	size_t len;

	if (device < 0 || (narrow && !strcmp(narrow, "0")) || test_devices())
		return NULL;
	if (!list)
		return xasprintf("%d", device);
	/* CUDA reads its list up to the first entry it cannot use: an
	 * entry before that is one of this process's devices, in order */
	for (int k = 0; k < device; k++) {
		list = strchr(list, ',');
		if (!list)
			return NULL;
		list++;
	}
	len = strcspn(list, ",");
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)list[i]) && list[i] != '-' &&
		    list[i] != '/')
			return NULL;
	return len && len < 96 ? xstrndup(list, len) : NULL;
}

void workers_argv_start(int device, const char *dir, struct workers_argv *a)
{
	char buf[32];

	arg(a, "culab");
	arg(a, "run");
	arg(a, "--quiet");
	arg(a, "--no-report");
	free(a->visible);
	a->visible = workers_visible(device);
	snprintf(buf, sizeof(buf), "%d", device);
	arg(a, "--device");
	if (a->visible) {
		arg(a, "0");
		arg(a, "--as-device");
	}
	arg(a, buf);
	arg(a, "-o");
	arg(a, dir);
}

void workers_argv_finish(const struct workers_options *o,
			 const char *resume_dir, struct workers_argv *a)
{
	const struct run_options *r = o->run;
	char buf[64];

	if (r->shard.count > 0) {
		snprintf(buf, sizeof(buf), "%d/%d", r->shard.index, r->shard.count);
		arg(a, "--shard");
		arg(a, buf);
	}
	if (resume_dir) {
		arg(a, "--resume");
		arg(a, "--resume-dir");
		arg(a, resume_dir);
	}
	if (r->lock_clocks != CLOCK_LOCK_NONE) {
		arg(a, "--lock-clocks");
		arg(a, r->lock_clocks == CLOCK_LOCK_MAX ? "max" : "base");
	}
	if (r->no_counters)
		arg(a, "--no-counters");
	if (o->no_lines)
		arg(a, "--no-lines");
	if (o->no_sanitizer)
		arg(a, "--no-sanitizer");
	if (r->profile_only)
		arg(a, "--profile-only");
	if (o->variant_list) {
		arg(a, "--variant");
		arg(a, o->variant_list);
	}
	if (r->note) {
		arg(a, "--note");
		arg(a, r->note);
	}
	arg(a, o->file);
}

pid_t workers_spawn(const struct workers_argv *a, const char *log,
		    const int keep[2])
{
	char **env = a->visible ? environ_with("CUDA_VISIBLE_DEVICES",
					       a->visible) : NULL;
	struct spawn_options so = {
		.argv = a->v, .env = env, .log = log, .log_append = true,
		.keep = { keep ? keep[0] : -1, keep ? keep[1] : -1 },
		/* a worker that outlives its parent stops after the
		 * measurement it makes */
		.death_signal = SIGUSR1, .what = "a worker",
	};
	pid_t pid = supervise_spawn(&so);

	environ_with_free(env);
	return pid;
}

char *workers_log_tail(const char *dir)
{
	char *path = xasprintf("%s/worker.log", dir), *line;

	line = supervise_log_tail(path);
	free(path);
	return line;
}

void workers_log_trace(const char *dir, int device)
{
	char *path = xasprintf("%s/worker.log", dir), *text = NULL;
	size_t len = 0;
	const char *p, *e;

	if (access(path, R_OK) == 0 && read_file(path, 1 << 20, &text,
						  &len) == 0)
		for (p = text; p < text + len; p = e + 1) {
			e = memchr(p, '\n', (size_t)(text + len - p));
			if (!e)
				e = text + len;
			if (!strncmp(p, "culab: run: ", 12) ||
			    !strncmp(p, "culab: counters: ", 17))
				fprintf(stderr, "culab (GPU %d): %.*s\n", device,
					(int)(e - p - 7), p + 7);
		}
	free(path);
	free(text);
}

/* ---- the run ------------------------------------------------------------------------ */

int workers_devices(const char *list, int **devs)
{
	char why[512] = "";
	int count = test_devices(), k;

	if (!count)
		count = env_device_count(why, sizeof(why));
	if (count < 0)
		return diag_error("no usable GPU: %s", why), -EXIT_NO_GPU;
	k = workers_parse_devices(list, count, devs, why, sizeof(why));
	if (k < 0)
		return diag_error("%s", why), -EXIT_USAGE;
	return k;
}

int workers_make_dir(const char *outdir, const char *name)
{
	char *base = xasprintf("%s/.workers", outdir);
	int top, root = -1, rc = -1;

	if (dir_make_writable(outdir) < 0)
		goto out;
	top = dir_make(AT_FDCWD, NULL, outdir, DIR_FOLLOW);
	if (top >= 0) {
		root = dir_make(top, outdir, ".workers", DIR_CONFINED);
		close(top);
	}
	rc = root >= 0 ? 0 : -1;
	if (rc == 0 && name) {
		int fd = dir_make(root, base, name, DIR_CONFINED);

		if (fd < 0)
			rc = -1;
		else
			close(fd);
	}
	if (root >= 0)
		close(root);
out:
	free(base);
	return rc;
}

double workers_stall_limit(void)
{
	return env_number("CULAB_STALL_SECONDS", 1, 86400,
			  WORKERS_STALL_SECONDS, "seconds");
}
