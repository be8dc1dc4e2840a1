/* plot_draw.c - the charts of a plot set drawn by gnuplot.  See report.h.
 *
 * Each chart's script and data come from plot.c; they are then drawn all
 * at once by one gnuplot process per core (at most 4), each drawing its
 * share: starting gnuplot costs more than drawing a small chart, and a
 * report has dozens, while cairo's PNGs are most of a report's rendering
 * time and charts are independent.  `dir` is opened once (dir_make) and
 * everything after goes through its descriptor: files are written with
 * write_file_at(), gnuplot is started with an argument vector by the one
 * way culab starts a short program (base/supervise.h: supervise_capture),
 * in that directory (fchdir, so the scripts' relative file names work the
 * same when a user reruns them), with stdin from /dev/null, its output
 * captured for diagnostics and its process group killed at a deadline.  It draws into a fresh mode-0700
 * directory that only we can write, and each image is renamed from there
 * into `dir` with renameat(), which replaces a planted symlink instead of
 * writing through it. */
#include "plot_int.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/supervise.h"

/* How long one gnuplot run may take before it is killed. */
#define PLOT_TIMEOUT_MS 120000
/* The most of gnuplot's output kept for diagnostics. */
#define PLOT_MAX_OUTPUT (64u * 1024)

/* ---- running gnuplot -------------------------------------------------- */

/* One gnuplot process: it runs `script` (relative to dir) in `dir`
 * (descriptor dirfd), drawing into dir/<outdir>.  Several run at once
 * (plot_render), so a job keeps its outcome instead of printing it. */
struct gp_job {
	const char *gnuplot, *dir, *outdir;
	int dirfd;
	char *script;
	struct sbuf output;     /* what gnuplot printed */
	int rc;                 /* 0, -1 (error says why) or PLOT_NOT_DRAWN */
	int spawn_err;          /* with PLOT_NOT_DRAWN: why it did not start */
	char *error;
};

/* Runs job j's gnuplot, setting j->rc and what goes with it. */
static void gnuplot_run(struct gp_job *j)
{
	char *define = xasprintf("outdir='%s/'", j->outdir);
	char *argv[] = { (char *)j->gnuplot, "--default-settings", "-e", define,
			 j->script, NULL };
	struct capture_options co = {
		.file = j->gnuplot, .argv = argv, .dirfd = j->dirfd,
		.stderr_too = true, .deadline = PLOT_TIMEOUT_MS / 1000.0,
		.max = PLOT_MAX_OUTPUT,
	};
	int status;
	bool late;

	j->rc = -1;
	if (supervise_capture(&co, &j->output, &status, &late) < 0) {
		j->spawn_err = errno;
		j->rc = PLOT_NOT_DRAWN;
	} else if (late) {
		j->error = xasprintf("gnuplot did not finish within %d s and "
				     "was stopped", PLOT_TIMEOUT_MS / 1000);
	} else if (status == 0) {
		j->rc = 0;
	} else {
		const char *text = sbuf_str(&j->output);

		if (status < 128)
			j->error = xasprintf("gnuplot failed (exit status %d) "
					     "drawing the charts in \"%s\"%s%s",
					     status, j->dir, *text ? ": " : "",
					     text);
		else
			j->error = xasprintf("gnuplot was killed by signal %d "
					     "drawing the charts in \"%s\"",
					     status - 128, j->dir);
	}
	free(define);
}

static void gnuplot_job(void *ctx, size_t i)
{
	gnuplot_run(&((struct gp_job *)ctx)[i]);
}

/* The most gnuplot processes one render runs at once. */
#define PLOT_MAX_JOBS 4

/* Draws the charts with up to one gnuplot per core (PLOT_MAX_JOBS at
 * most): drawing PNGs with cairo is what a report's rendering spends most
 * of its time on, and charts are independent.  Each process runs a
 * script in the private directory tmp that loads its share of the
 * charts, balanced by their panels.  Returns 0; PLOT_NOT_DRAWN with
 * *spawn_err set, and nothing said, when gnuplot could not be started;
 * or -1 after a diagnostic.  *output receives what gnuplot printed. */
static int gnuplot_draw(const struct plot_set *s, const char *gnuplot,
			int dirfd, const char *dir, const char *tmp,
			size_t ndrawn, struct sbuf *output, int *spawn_err)
{
	struct gp_job jobs[PLOT_MAX_JOBS];
	size_t weight[PLOT_MAX_JOBS] = { 0 };
	struct sbuf scripts[PLOT_MAX_JOBS];
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t njobs = cores > 1 ? (size_t)cores : 1;
	char *shown = xasprintf("%s/%s", dir, tmp);
	int rc = 0, tmpfd;

	if (njobs > PLOT_MAX_JOBS)
		njobs = PLOT_MAX_JOBS;
	if (njobs > ndrawn)
		njobs = ndrawn;
	for (size_t k = 0; k < njobs; k++) {
		scripts[k] = (struct sbuf)SBUF_INIT;
		memset(&jobs[k], 0, sizeof(jobs[k]));
	}
	/* the private directory, made by dir_make_temp: never a link */
	tmpfd = openat(dirfd, tmp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		       O_CLOEXEC);
	if (tmpfd < 0) {
		rc = diag_error("cannot open directory \"%s\": %s", shown,
				strerror(errno));
		njobs = 0;
	}
	/* charts in order, each to the lightest job so far */
	for (size_t i = 0; i < s->n && njobs; i++) {
		const struct plot_chart *c = s->charts[i];
		size_t k = 0;

		if (!plot_chart_drawable(c))
			continue;
		for (size_t q = 1; q < njobs; q++)
			if (weight[q] < weight[k])
				k = q;
		weight[k] += c->npanels + 1;
		sbuf_addf(&scripts[k], "load '%s.gp'\n", c->name);
	}
	for (size_t k = 0; k < njobs; k++) {
		char name[32];

		snprintf(name, sizeof(name), "part%zu.gp", k);
		jobs[k].gnuplot = gnuplot;
		jobs[k].dir = dir;
		jobs[k].dirfd = dirfd;
		jobs[k].outdir = tmp;
		jobs[k].script = xasprintf("%s/%s", tmp, name);
		if (write_file_at(tmpfd, shown, name, sbuf_str(&scripts[k]),
				  scripts[k].len) < 0)
			rc = -1;
	}
	if (rc == 0)
		util_parallel_for(njobs, gnuplot_job, jobs);
	for (size_t k = 0; k < njobs; k++) {
		char name[32];

		if (rc == 0 && jobs[k].rc == PLOT_NOT_DRAWN) {
			*spawn_err = jobs[k].spawn_err;
			rc = PLOT_NOT_DRAWN;
		} else if (rc == 0 && jobs[k].rc < 0) {
			rc = diag_error("%s", jobs[k].error);
		}
		sbuf_add(output, sbuf_str(&jobs[k].output));
		snprintf(name, sizeof(name), "part%zu.gp", k);
		unlinkat(tmpfd, name, 0);
		free(jobs[k].script);
		free(jobs[k].error);
		sbuf_release(&jobs[k].output);
		sbuf_release(&scripts[k]);
	}
	if (tmpfd >= 0)
		close(tmpfd);
	free(shown);
	return rc;
}

/* Moves NAME.png and NAME.svg of every drawn chart from dir/tmp to dir
 * (dirfd); then removes dir/tmp.  With `keep` false only cleans up. */
static int images_move(const struct plot_set *s, int dirfd, const char *dir,
		       const char *tmp, bool keep)
{
	static const char *const exts[] = { "png", "svg" };
	int rc = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct plot_chart *c = s->charts[i];

		if (!plot_chart_drawable(c))
			continue;
		for (size_t e = 0; e < ARRAY_SIZE(exts); e++) {
			char *from = xasprintf("%s/%s.%s", tmp, c->name,
					       exts[e]);
			char *to = xasprintf("%s.%s", c->name, exts[e]);

			if (keep && rc == 0 &&
			    (fchmodat(dirfd, from, 0644, 0) < 0 ||
			     renameat(dirfd, from, dirfd, to) < 0))
				rc = diag_error("cannot move the chart "
						"\"%s/%s\" into place: %s",
						dir, to,
						strerror(errno));
			if (!keep || rc < 0)
				unlinkat(dirfd, from, 0);
			free(from);
			free(to);
		}
	}
	if (unlinkat(dirfd, tmp, AT_REMOVEDIR) < 0 && rc == 0)
		diag_warning("cannot remove \"%s/%s\": %s", dir, tmp,
			     strerror(errno));
	return rc;
}

static int file_put(int dirfd, const char *dir, const char *name,
		    const char *ext, const struct sbuf *text)
{
	char *file = xasprintf("%s.%s", name, ext);
	int rc = write_file_at(dirfd, dir, file, sbuf_str(text), text->len);

	free(file);
	return rc;
}

/* The charts a render drew, one name per line, so that the next render
 * into the same directory can remove what it no longer draws. */
#define MANIFEST ".culab-charts"

static bool chart_name_valid(const char *name, size_t len)
{
	if (!len || len > 200)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!(plot_name_alnum(name[i]) || name[i] == '_' ||
		      name[i] == '-' ||
		      (name[i] == '.' && i && i + 1 < len &&
		       plot_name_alnum(name[i - 1]) &&
		       plot_name_alnum(name[i + 1]))))
			return false;
	return true;
}

static bool drawn_now(const struct plot_set *s, const char *name, size_t len)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct plot_chart *c = s->charts[i];

		if (plot_chart_drawable(c) && strlen(c->name) == len &&
		    memcmp(c->name, name, len) == 0)
			return true;
	}
	return false;
}

/* Removes the files of charts an earlier render into dir drew and this
 * one did not (a report must not sit beside charts of another run), then
 * records what this render drew.  Only names from culab's own manifest
 * are touched, and only culab's four extensions; other files stay.  With
 * nothing drawn now, all.gp and the manifest go too. */
static void prune_stale(const struct plot_set *s, int dirfd, const char *dir,
			size_t ndrawn)
{
	static const char *const exts[] = { "dat", "gp", "png", "svg" };
	char *old = NULL;
	size_t len = 0;
	struct sbuf now = SBUF_INIT;

	if (read_file_at(dirfd, dir, MANIFEST, 1 << 20, &old, &len) == 0) {
		for (char *line = old; line < old + len;) {
			char *end = memchr(line, '\n', (size_t)(old + len - line));
			size_t n = end ? (size_t)(end - line) :
					 (size_t)(old + len - line);

			if (chart_name_valid(line, n) && !drawn_now(s, line, n))
				for (size_t e = 0; e < ARRAY_SIZE(exts); e++) {
					char *f = xasprintf("%.*s.%s", (int)n,
							    line, exts[e]);

					unlinkat(dirfd, f, 0);
					free(f);
				}
			line += n + 1;
		}
	}
	if (ndrawn) {
		for (size_t i = 0; i < s->n; i++)
			if (plot_chart_drawable(s->charts[i]))
				sbuf_addf(&now, "%s\n", s->charts[i]->name);
		if (write_file_at(dirfd, dir, MANIFEST, sbuf_str(&now),
				  now.len) < 0)
			diag_warning("the next report into \"%s\" cannot tell "
				     "which charts are stale", dir);
	} else if (old) {
		unlinkat(dirfd, "all.gp", 0);
		unlinkat(dirfd, MANIFEST, 0);
	}
	free(old);
	sbuf_release(&now);
}

/* Without gnuplot: says which charts were not drawn, where their data
 * and scripts are and how to draw them; removes their images of an
 * earlier render, which would show another run's numbers beside this
 * report. */
static void not_drawn(const struct plot_set *s, int dirfd, const char *dir,
		      const char *gnuplot, int err, size_t ndrawn)
{
	static const char *const exts[] = { "png", "svg" };
	struct sbuf names = SBUF_INIT;

	for (size_t i = 0; i < s->n; i++) {
		const struct plot_chart *c = s->charts[i];

		if (!plot_chart_drawable(c))
			continue;
		sbuf_add(&names, names.len ? ", " : "");
		sbuf_add(&names, c->name);
		for (size_t e = 0; e < ARRAY_SIZE(exts); e++) {
			char *file = xasprintf("%s.%s", c->name, exts[e]);

			unlinkat(dirfd, file, 0);
			free(file);
		}
	}
	diag_warning("cannot run \"%s\" (%s): %zu chart%s not drawn (%s); "
		     "their data and scripts are in \"%s\": install gnuplot "
		     "and run `gnuplot all.gp` there to draw them", gnuplot,
		     strerror(err), ndrawn, ndrawn == 1 ? "" : "s",
		     sbuf_str(&names), dir);
	sbuf_release(&names);
}

/* Writes every drawable chart's data and script, and all.gp, into dirfd.
 * Returns 0, or -1 after a diagnostic. */
static int scripts_write(const struct plot_set *s, int dirfd, const char *dir)
{
	struct sbuf gp = SBUF_INIT, dat = SBUF_INIT, all = SBUF_INIT;
	int rc = 0;

	sbuf_add(&all, "# all.gp - drawn by culab: redraws every chart of the "
		 "report.  Run `gnuplot all.gp`\n# in this directory; each "
		 "chart also has a script of its own (NAME.gp).\n");
	for (size_t i = 0; i < s->n && rc == 0; i++) {
		const struct plot_chart *c = s->charts[i];

		if (!plot_chart_drawable(c))
			continue;
		sbuf_reset(&gp);
		sbuf_reset(&dat);
		plot_chart_files(c, &gp, &dat);
		if (file_put(dirfd, dir, c->name, "dat", &dat) < 0 ||
		    file_put(dirfd, dir, c->name, "gp", &gp) < 0)
			rc = -1;
		sbuf_addf(&all, "load '%s.gp'\n", c->name);
	}
	if (rc == 0)
		rc = file_put(dirfd, dir, "all", "gp", &all);
	sbuf_release(&gp);
	sbuf_release(&dat);
	sbuf_release(&all);
	return rc;
}

/* Draws into the directory dirfd (dir): scripts, gnuplot, images. */
static int render_in(const struct plot_set *s, int dirfd, const char *dir,
		     const char *gnuplot, size_t ndrawn)
{
	struct sbuf output = SBUF_INIT;
	char tmp[NAME_MAX + 1];
	int rc, err = 0;

	if (scripts_write(s, dirfd, dir) < 0)
		return -1;
	if (dir_make_temp(dirfd, ".render-", tmp, sizeof(tmp)) < 0)
		return diag_error("cannot create a directory in \"%s\": %s",
				  dir, strerror(errno));
	rc = gnuplot_draw(s, gnuplot, dirfd, dir, tmp, ndrawn, &output, &err);
	if (rc < 0) {
		images_move(s, dirfd, dir, tmp, false);
		if (rc == PLOT_NOT_DRAWN) {
			not_drawn(s, dirfd, dir, gnuplot, err, ndrawn);
			prune_stale(s, dirfd, dir, ndrawn);
		}
		sbuf_release(&output);
		return rc;
	}
	if (output.len) {
		/* gnuplot succeeded but had something to say */
		char *text = sbuf_detach(&output);
		size_t n = strlen(text);

		while (n && text[n - 1] == '\n')
			text[--n] = '\0';
		diag_warning("gnuplot: %s", text);
		free(text);
	}
	sbuf_release(&output);
	rc = images_move(s, dirfd, dir, tmp, true);
	if (rc == 0)
		prune_stale(s, dirfd, dir, ndrawn);
	return rc;
}

int plot_render_at(const struct plot_set *s, int at, const char *base,
		   const char *dir, enum dir_walk how, const char *gnuplot)
{
	char *shown = base ? xasprintf("%s/%s", base, dir) : xstrdup(dir);
	size_t ndrawn = 0;
	int fd, rc = 0;

	if (!gnuplot || !*gnuplot)
		gnuplot = "gnuplot";
	for (size_t i = 0; i < s->n; i++)
		ndrawn += plot_chart_drawable(s->charts[i]);
	if (!ndrawn) {
		/* nothing to draw: only what an earlier render left goes */
		fd = openat(at, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC |
			    (how == DIR_CONFINED ? O_NOFOLLOW : 0));
		if (fd >= 0) {
			prune_stale(s, fd, shown, 0);
			close(fd);
		}
		free(shown);
		return 0;
	}
	fd = dir_make(at, base, dir, how);
	if (fd < 0)
		rc = -1;
	else
		rc = render_in(s, fd, shown, gnuplot, ndrawn);
	if (fd >= 0)
		close(fd);
	free(shown);
	return rc;
}

int plot_render(const struct plot_set *s, const char *dir,
		const char *gnuplot)
{
	return plot_render_at(s, AT_FDCWD, NULL, dir, DIR_FOLLOW, gnuplot);
}
