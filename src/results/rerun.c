/* rerun.c - a results file's experiment and kernel sources, put where a
 * run finds them.  See results.h.
 *
 * The experiment file named a kernel source relative to its own
 * directory, and the loader opened it as "<that directory>/<name>"
 * (experiment_kernels.c), which is what the results record as the
 * source's file.  So the name the experiment text uses is the recorded
 * file with the recorded experiment's directory taken off.  The
 * experiment goes to DIR at its recorded path, so that a name with ".."
 * (tests/gpu/ukernels.yaml names ../../experiments/...) finds under DIR
 * the directories it climbs; each source goes where the loader of that
 * file will look for it, which must lie under DIR.  Paths are compared
 * lexically ("a/b/../c" is "a/c"): the directories under DIR are
 * culab's own, made with DIR_CONFINED relative to DIR's descriptor, so a
 * symbolic link planted among them is refused, never followed. */
#include "results.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/hash.h"
#include "ladder/ladder.h"
#include "base/util.h"

/* One kernel source the experiment names. */
struct source {
	const char *file;           /* as the recorded run opened it */
	const char *text, *sha256;  /* the record's copy, or NULL */
	char *name;                 /* as the experiment names it */
};

/* The source file of a user kernel's description: the recorded file, or
 * for results of a culab that did not record it, what precedes the first
 * ':' of "path:function".  Heap; NULL when there is none. */
static char *source_file(const struct variant *v)
{
	const char *colon;

	if (v->source_file)
		return xstrdup(v->source_file);
	if (!v->source || !(colon = strchr(v->source, ':')))
		return NULL;
	return xstrndup(v->source, (size_t)(colon - v->source));
}

/* The name the experiment at `yaml` gave the source the loader opened as
 * `file` (see the top of this file), or NULL when `file` does not lie
 * where that experiment's sources lie. */
static char *name_in_experiment(const char *yaml, const char *file)
{
	const char *slash = strrchr(yaml ? yaml : "", '/');
	size_t dir = slash ? (size_t)(slash - yaml) : 0;

	if (file[0] == '/' || !slash)
		return xstrdup(file);
	if (strncmp(file, yaml, dir) != 0 || file[dir] != '/')
		return NULL;
	return xstrdup(file + dir + 1);
}

/* `path` with "." and "x/.." taken out, lexically: "a/./b/../c" is
 * "a/c", "/x/../y" is "/y", "/.." is "/", "../a" stays; "" is ".".
 * Heap. */
static char *normalize(const char *path)
{
	char *out = xmalloc(strlen(path) + 2);
	size_t len = 0, keep = 0;   /* out[0..keep) no ".." takes back */
	const char *p = path;

	if (*p == '/')
		out[len++] = '/', keep = 1;
	while (*p) {
		size_t n = strcspn(p, "/");
		bool up = n == 2 && p[0] == '.' && p[1] == '.';

		if (up && len > keep) {
			while (len > keep && out[len - 1] != '/')
				len--;
			if (len > keep)
				len--;          /* the '/' before it */
		} else if (up && keep == 1 && out[0] == '/') {
			/* "/.." is "/" */
		} else if (n && !(n == 1 && p[0] == '.')) {
			if (len > (out[0] == '/' ? 1u : 0u) || (len && up))
				out[len++] = '/';
			memcpy(out + len, p, n);
			len += n;
			if (up)
				keep = len;     /* a leading ".." stays */
		}
		p += n + (p[n] == '/');
	}
	if (!len)
		out[len++] = '.';
	out[len] = '\0';
	return out;
}

/* Where the experiment of recorded path `yaml` goes under dir: at that
 * path, without a leading "/" or leading ".." components.  Heap. */
static char *experiment_target(const char *dir, const char *yaml)
{
	char *n = normalize(yaml && *yaml ? yaml : "experiment.yaml");
	const char *p = n;
	char *t;

	while (*p == '/' || !strncmp(p, "../", 3))
		p += *p == '/' ? 1 : 3;
	t = xasprintf("%s/%s", dir, strcmp(p, "..") && strcmp(p, ".") ? p :
		      "experiment.yaml");
	free(n);
	return t;
}

/* Whether `path` lies under directory `dir`, lexically. */
static bool lies_under(const char *dir, const char *path)
{
	char *d = normalize(dir), *p = normalize(path);
	size_t n = strlen(d);
	bool in;

	if (!strcmp(d, "."))
		in = p[0] != '/' && strcmp(p, "..") && strncmp(p, "../", 3);
	else
		in = !strncmp(p, d, n) && (p[n] == '/' || d[n - 1] == '/');
	free(d);
	free(p);
	return in;
}

/* Whether the file at `path` holds text of SHA-256 `sha`. */
static bool holds(const char *path, const char *sha)
{
	char *text = NULL, got[65];
	size_t len;
	bool same;

	if (access(path, R_OK) != 0 ||
	    read_file(path, 1u << 20, &text, &len) < 0)
		return false;
	same = sha256_hex(text, len, got) == 0 && !strcmp(got, sha);
	free(text);
	return same;
}

/* Writes text to `path`, which lies lexically under dir (dirfd): its
 * ".." may climb directories that do not exist yet.  The directories
 * between are made inside dir with DIR_CONFINED, so a symbolic link
 * planted in the tree is refused, and the file is written relative to the
 * last of them. */
static int put_file(int dirfd, const char *dir, const char *path,
		    const char *text, size_t len)
{
	char *d = normalize(dir), *norm = normalize(path), *sub = NULL;
	const char *rel = norm, *name;
	size_t n = strlen(d);
	int fd = dirfd, rc;

	if (strcmp(d, ".") && (strncmp(norm, d, n) ||
			       (norm[n] != '/' && d[n - 1] != '/'))) {
		rc = diag_error("cannot write \"%s\": it lies outside \"%s\"",
				path, dir);
		goto out;
	}
	if (strcmp(d, "."))
		rel = norm + n + (norm[n] == '/');
	name = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	if (name != rel) {
		sub = xstrndup(rel, (size_t)(name - rel - 1));
		fd = dir_make(dirfd, dir, sub, DIR_CONFINED);
	}
	if (fd < 0) {
		rc = -1;
	} else {
		char *shown = sub ? xasprintf("%s/%s", dir, sub) : xstrdup(dir);

		rc = write_file_at(fd, shown, name, text, len);
		free(shown);
	}
	if (sub && fd >= 0)
		close(fd);
out:
	free(sub);
	free(d);
	free(norm);
	return rc;
}

/* Writes source s to `at`: the recorded copy, checked against its
 * SHA-256, or else the file at the recorded path, with a warning.
 * Returns 0, 1 when there is neither, -1 after a diagnostic. */
static int place_text(const struct source *s, const char *path,
		      int dirfd, const char *dir, const char *at)
{
	char *text = NULL;
	size_t len;
	int rc;

	if (s->text) {
		char sha[65];

		if (sha256_hex(s->text, strlen(s->text), sha) < 0 ||
		    !s->sha256 || strcmp(sha, s->sha256) != 0)
			return diag_error("%s: the recorded text of kernel "
					  "source \"%s\" does not match its "
					  "SHA-256: refusing to run anything "
					  "else", path, s->file);
		return put_file(dirfd, dir, at, s->text, strlen(s->text));
	}
	if (access(s->file, R_OK) != 0)
		return 1;
	if (read_file(s->file, 1u << 20, &text, &len) < 0)
		return -1;
	diag_warning("%s: no copy of kernel source \"%s\" is recorded (the "
		     "culab that wrote it did not keep one); using the file as "
		     "it is now, unchecked", path, s->file);
	rc = put_file(dirfd, dir, at, text, len);
	free(text);
	return rc;
}

/* A source named by an absolute path stays where it is: it must hold
 * the recorded text.  Returns 0, 1 when it is missing, -1 after a
 * diagnostic. */
static int check_absolute(const struct source *s, const char *path)
{
	if (s->sha256 && !holds(s->name, s->sha256))
		return diag_error("%s: cannot rerun: kernel source \"%s\" "
				  "(named by an absolute path) does not hold "
				  "the recorded text (SHA-256 %.12s...)", path,
				  s->name, s->sha256);
	if (!s->sha256 && access(s->name, R_OK) != 0)
		return 1;
	if (!s->sha256)
		diag_warning("%s: no copy of kernel source \"%s\" is recorded; "
			     "using it as it is now, unchecked", path, s->name);
	return 0;
}

/* Puts one source where the experiment at `yaml` (under dir) names it.
 * Returns 0, 1 when it is missing (the caller names every missing one),
 * -1 after a diagnostic. */
static int place_source(const struct source *s, const char *path,
			int dirfd, const char *dir, const char *yaml)
{
	char *at;
	int rc;

	if (s->name[0] == '/')
		return check_absolute(s, path);
	at = xasprintf("%.*s/%s", (int)(strrchr(yaml, '/') - yaml), yaml,
		       s->name);
	if (!lies_under(dir, at))
		rc = diag_error("%s: cannot rerun: the experiment names kernel "
				"source \"%s\", which lies above the directory "
				"the recorded run started in", path, s->name);
	else
		rc = place_text(s, path, dirfd, dir, at);
	free(at);
	return rc;
}

/* The distinct sources r's user kernels name, into (*out)[0..*count).
 * Returns 0, or -1 after a diagnostic (*out then holds what was found,
 * for the caller to free). */
static int sources_of(const struct results *r, const char *path,
		      struct source **out, size_t *count)
{
	struct source *s = NULL;
	size_t n = 0;
	int rc = 0;

	for (size_t i = 0; i < r->nvariants; i++) {
		const struct variant *v = r->variants[i];
		char *file = (v->flags & VF_USER) ? source_file(v) : NULL;
		size_t k;

		if (!file)
			continue;
		for (k = 0; k < n && strcmp(s[k].file, file); k++)
			;
		if (k < n) {
			free(file);
			continue;
		}
		s = xrealloc(s, (n + 1) * sizeof(*s));
		s[n].name = name_in_experiment(r->source_path, file);
		if (!s[n].name) {
			rc = diag_error("%s: kernel source \"%s\" does not lie "
					"under the directory of the recorded "
					"experiment file \"%s\"", path, file,
					r->source_path);
			free(file);
			break;
		}
		s[n].file = file;      /* owned, freed by the caller */
		s[n].text = v->source_text;
		s[n].sha256 = v->source_sha256;
		n++;
	}
	*out = s;
	*count = n;
	return rc;
}

static int place_sources(const struct results *r, const char *path,
			 int dirfd, const char *dir, const char *yaml)
{
	struct source *s;
	size_t n, missing = 0;
	int rc = sources_of(r, path, &s, &n);
	const char **names = xcalloc(n + 1, sizeof(*names));

	for (size_t i = 0; i < n && rc == 0; i++) {
		int got = place_source(&s[i], path, dirfd, dir, yaml);

		if (got < 0)
			rc = -1;
		else if (got > 0)
			names[missing++] = s[i].file;
	}
	if (rc == 0 && missing) {
		char list[1024];

		join_words(names, missing, list, sizeof(list));
		rc = diag_error("%s: cannot rerun: kernel source%s %s %s "
				"neither recorded in it nor found at %s "
				"recorded path%s (rerun from the directory the "
				"recorded run ran in)", path,
				missing > 1 ? "s" : "", list,
				missing > 1 ? "are" : "is",
				missing > 1 ? "their" : "its",
				missing > 1 ? "s" : "");
	}
	for (size_t i = 0; i < n; i++) {
		free((char *)s[i].file);
		free(s[i].name);
	}
	free(s);
	free(names);
	return rc;
}

int rerun_prepare(const struct results *r, const char *path, const char *dir,
		  char **yaml)
{
	char sha[65];
	int fd, rc = 0;

	*yaml = NULL;
	if (!r->source_text)
		return diag_error("%s: the results hold no experiment text: "
				  "nothing to rerun", path);
	if (sha256_hex(r->source_text, strlen(r->source_text), sha) < 0 ||
	    !r->source_sha256 || strcmp(sha, r->source_sha256) != 0)
		return diag_error("%s: the recorded experiment text does not "
				  "match its SHA-256 (the file was edited): "
				  "refusing to run anything else", path);
	if (!r->nrows)
		return diag_error("%s: the results hold no rows: nothing to "
				  "rerun", path);
	if (dir_make_writable(dir) < 0)
		return -1;
	fd = dir_make(AT_FDCWD, NULL, dir, DIR_FOLLOW);
	if (fd < 0)
		return -1;
	*yaml = experiment_target(dir, r->source_path);
	if (place_sources(r, path, fd, dir, *yaml) < 0 ||
	    put_file(fd, dir, *yaml, r->source_text,
		     strlen(r->source_text)) < 0) {
		free(*yaml);
		*yaml = NULL;
		rc = -1;
	}
	close(fd);
	return rc;
}

char *rerun_variants(const struct results *r)
{
	struct sbuf b = SBUF_INIT;
	const char **seen = NULL;
	size_t n = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		const char *v = r->rows[i].variant;
		size_t k;

		if (!v || (i && r->rows[i - 1].variant &&
			   !strcmp(r->rows[i - 1].variant, v)))
			continue;
		for (k = 0; k < n && strcmp(seen[k], v); k++)
			;
		if (k < n)
			continue;
		seen = xrealloc(seen, (n + 1) * sizeof(*seen));
		seen[n++] = v;
		if (b.len)
			sbuf_addc(&b, ',');
		sbuf_add(&b, v);
	}
	free(seen);
	return sbuf_detach(&b);
}
