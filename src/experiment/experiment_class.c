/* experiment_class.c - the "class" key of an experiment (issue 26): a
 * whole class's submissions measured beside the rungs that explain them,
 * one kernel per student.  See experiment_int.h.
 *
 *   class:
 *     submissions: "class/STAR"     # globs (STAR: an asterisk)
 *     function: reduce              # and any key of a kernel but
 *     finish: host                  #   "source" and "label"
 *     score: class                  # or rung (the default)
 *
 * Each match of a glob is one student: a file, or a folder holding one
 * .cu file.  The student's name is what the glob's wildcards matched
 * (the components with a wildcard, joined by "."; a file's extension
 * dropped): class/alice.cu and class/alice/reduce.cu both name "alice".
 * A submission that cannot be taken is refused with one warning line
 * saying why, and the others go on: a symbolic link, a path that leaves
 * the class folder (the glob's directory before its first wildcard), a
 * folder of no, several or over FOLDER_MAX entries, a file over
 * UKERNEL_MAX_SOURCE bytes or not text, a name culab cannot use as a
 * label (spaces, control characters, terminal escapes), a name another
 * submission took, a source without the class's function.  The class's
 * own mistakes (no glob matches, a wildcard-free glob, more students
 * than a file may hold kernels, a bad key) are errors of the file.  Two
 * submissions with the same source once comments and whitespace are set
 * aside are both taken, and the later one flagged with a warning. */
#include "experiment_int.h"

#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "ladder/ladder.h"
#include "ladder/similar.h"
#include "ladder/source_same.h"
#include "base/util.h"

/* Globs a class may list. */
#define PATTERNS_MAX 16
/* Entries a student's folder may hold (it is listed, not walked). */
#define FOLDER_MAX 64
/* Keys a class may have (class_key_names). */
#define CLASS_KEYS_MAX 32
/* Bytes of a student's name. */
#define NAME_MAX_LEN 64

struct student {
	char *path;     /* the match, as glob gave it */
	char *name;
	char *file;     /* the .cu file: the match, or the one in its folder */
	char *why;      /* refused: why; else NULL */
};

/* ---- the globs ------------------------------------------------------------- */

static bool wild(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == '*' || s[i] == '?' || s[i] == '[')
			return true;
	return false;
}

/* The class folder of `pattern` (a path as culab opens it): the
 * directory before its first component with a wildcard; NULL when it
 * has none. */
static char *folder_of(const char *pattern)
{
	const char *p = pattern, *last = NULL;

	while (*p) {
		size_t n = strcspn(p, "/");

		if (wild(p, n))
			return last ? xasprintf("%.*s", (int)(last - pattern),
						pattern) :
				      xstrdup(pattern[0] == '/' ? "/" : ".");
		last = p + n;
		p += n;
		while (*p == '/')
			p++;
	}
	return NULL;
}

/* The student's name from match `path` of `pattern`: the components the
 * wildcards matched, joined by "."; the last one without its extension
 * when it is a file. */
static char *name_of(const char *pattern, const char *path, bool file)
{
	struct sbuf b = SBUF_INIT;
	const char *p = pattern, *q = path;

	while (*p && *q) {
		size_t np = strcspn(p, "/"), nq = strcspn(q, "/");

		if (wild(p, np)) {
			size_t take = nq;

			if (file && !q[nq]) {
				size_t dot = nq;

				while (dot > 0 && q[dot - 1] != '.')
					dot--;
				if (dot > 1)
					take = dot - 1;
			}
			if (b.len)
				sbuf_addc(&b, '.');
			sbuf_addn(&b, q, take);
		}
		p += np;
		q += nq;
		while (*p == '/')
			p++;
		while (*q == '/')
			q++;
	}
	return sbuf_detach(&b);
}

/* Why `name` cannot name a student, or NULL. */
static const char *bad_name(const char *name)
{
	if (!*name)
		return "is empty";
	if (strlen(name) > NAME_MAX_LEN)
		return "is longer than 64 bytes";
	for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
		if (*c < 0x20 || *c == 0x7f)
			return "holds a control character (a newline, a tab or "
			       "a terminal escape)";
		if (*c == ' ')
			return "holds a space";
		if (!label_char_ok((char)*c))
			return "holds a character other than letters, digits, "
			       "\"_\", \".\", \":\" and \"-\"";
	}
	return NULL;
}

/* Whether `path` lies in directory `root` (both resolved). */
static bool inside(const char *root, const char *path)
{
	size_t n = strlen(root);

	if (!strcmp(root, "/"))
		return true;
	return !strncmp(path, root, n) && (path[n] == '/' || !path[n]);
}

/* The one .cu file of student folder `dir`, or NULL with why. */
static char *folder_file(const char *dir, char **why)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char *found = NULL;
	size_t entries = 0, cu = 0;

	if (!d) {
		*why = xasprintf("cannot be listed: %s", strerror(errno));
		return NULL;
	}
	while ((de = readdir(d)) != NULL) {
		size_t n = strlen(de->d_name);
		char *p;
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (++entries > FOLDER_MAX)
			break;
		if (n < 4 || strcmp(de->d_name + n - 3, ".cu"))
			continue;
		p = xasprintf("%s/%s", dir, de->d_name);
		if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) && !cu++)
			found = p;
		else
			free(p);
	}
	closedir(d);
	if (entries > FOLDER_MAX)
		*why = xasprintf("is a folder of more than %d entries; a "
				 "student's folder holds the .cu file handed in",
				 FOLDER_MAX);
	else if (!cu)
		*why = xstrdup("is a folder without a .cu file (a regular file, "
			       "not a link)");
	else if (cu > 1)
		*why = xasprintf("is a folder of %zu .cu files; name the one to "
				 "measure in the glob (class/*/reduce.cu)", cu);
	if (*why) {
		free(found);
		return NULL;
	}
	return found;
}

/* Checks match s->path of a glob whose class folder resolves to root:
 * sets s->file and s->name, or s->why. */
static void check_match(struct student *s, const char *pattern,
			const char *root)
{
	struct stat st;
	char real[PATH_MAX];
	const char *bad;

	if (lstat(s->path, &st) < 0) {
		s->why = xasprintf("cannot be read: %s", strerror(errno));
		return;
	}
	if (S_ISLNK(st.st_mode)) {
		s->why = xstrdup("is a symbolic link; a submission is a file or "
				 "folder inside the class folder");
		return;
	}
	if (!realpath(s->path, real) || !inside(root, real)) {
		s->why = xasprintf("lies outside the class folder %s (a folder "
				   "on its way is a link)", root);
		return;
	}
	s->name = name_of(pattern, s->path, S_ISREG(st.st_mode));
	if ((bad = bad_name(s->name)) != NULL) {
		s->why = xasprintf("the student's name \"%s\" %s; culab names a "
				   "student by the folder or file name: rename "
				   "it", s->name, bad);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		s->file = folder_file(s->path, &s->why);
		return;
	}
	if (!S_ISREG(st.st_mode)) {
		s->why = xstrdup("is not a regular file or a folder");
		return;
	}
	if ((uint64_t)st.st_size > UKERNEL_MAX_SOURCE) {
		double mib = (double)st.st_size / (1 << 20);

		s->why = xasprintf("is %.1f %s, more than the %u KiB culab "
				   "reads of a kernel's source",
				   mib >= 1024 ? mib / 1024 : mib,
				   mib >= 1024 ? "GiB" : "MiB",
				   UKERNEL_MAX_SOURCE >> 10);
		return;
	}
	s->file = xstrdup(s->path);
}

static void student_free(struct student *s)
{
	free(s->path);
	free(s->name);
	free(s->file);
	free(s->why);
}

/* ---- the key --------------------------------------------------------------- */

/* The globs of `submissions`: a string or a list of them. */
static int patterns(struct loader *ld, const struct node *nd,
		    const struct node **out, size_t *n)
{
	const struct node *const *items;
	size_t m;

	*n = 0;
	if (nd->kind == NODE_SCALAR) {
		out[(*n)++] = nd;
		return get_string(ld, nd, "submissions") ? 0 : -1;
	}
	if (nd->kind != NODE_SEQ)
		return expected(ld, nd, "a glob such as \"class/*\", or a list "
				"of them", "submissions");
	items = list_items(&nd, &m);
	if (!m)
		return expected(ld, nd, "a glob such as \"class/*\", or a list "
				"of them", "submissions");
	if (m > PATTERNS_MAX)
		return lerr(ld, nd, "\"submissions\" lists more than %d globs",
			    PATTERNS_MAX);
	for (size_t i = 0; i < m; i++) {
		if (items[i]->kind != NODE_SCALAR ||
		    !get_string(ld, items[i], "submissions"))
			return expected(ld, items[i], "a glob", "submissions");
		out[(*n)++] = items[i];
	}
	return 0;
}

/* Globs pattern node nd (relative to the experiment file) into *s, *n.
 * Returns 0, or -1 after an error. */
static int expand(struct loader *ld, const struct node *nd,
		  struct student **s, size_t *n)
{
	char *pattern = source_path(ld->path, nd->str);
	char *folder = folder_of(pattern), root[PATH_MAX];
	glob_t g;
	int rc = 0, grc;

	if (!folder) {
		rc = lerr(ld, nd, "submissions: \"%s\" has no wildcard; a class "
			  "names its students by what a wildcard matches "
			  "(\"class/*\", \"class/*/reduce.cu\")", nd->str);
		goto out;
	}
	if (!realpath(folder, root)) {
		rc = lerr(ld, nd, "submissions: the class folder \"%s\" cannot "
			  "be opened: %s", folder, strerror(errno));
		goto out;
	}
	grc = glob(pattern, 0, NULL, &g);
	if (grc == GLOB_NOMATCH) {
		rc = lerr(ld, nd, "submissions: \"%s\" matches nothing", nd->str);
		goto out;
	}
	if (grc != 0) {
		rc = lerr(ld, nd, "submissions: \"%s\" cannot be expanded (%s)",
			  nd->str, grc == GLOB_NOSPACE ? "out of memory" :
			  "a folder cannot be read");
		goto out;
	}
	for (size_t i = 0; i < g.gl_pathc && rc == 0; i++) {
		bool dup = false;

		for (size_t j = 0; j < *n && !dup; j++)
			dup = !strcmp((*s)[j].path, g.gl_pathv[i]);
		if (dup)
			continue;
		if (*n == UKERNEL_MAX_KERNELS) {
			rc = lerr(ld, nd, "submissions: more than %d students "
				  "(the kernels one file may hold)",
				  UKERNEL_MAX_KERNELS);
			break;
		}
		*s = xrealloc(*s, (*n + 1) * sizeof(**s));
		(*s)[*n] = (struct student){ .path = xstrdup(g.gl_pathv[i]) };
		check_match(&(*s)[(*n)++], pattern, root);
	}
	globfree(&g);
out:
	free(folder);
	free(pattern);
	return rc;
}

/* The kernel of submission `file` when another experiment of the file
 * took it already (the same class named twice), else NULL. */
static struct ukernel *known_submission(struct loader *ld,
					const struct exp_ctx *x,
					const char *file)
{
	const struct experiment_file *f = ld->file;

	for (size_t i = 0; f && i < f->nkernels; i++)
		if (f->kernels[i]->submission &&
		    f->kernels[i]->family == x->e->family &&
		    !strcmp(f->kernels[i]->path, file))
			return f->kernels[i];
	return NULL;
}

/* Flags the submissions whose sources are the same once comments and
 * whitespace are set aside (source_same.h), or alike once names, layout,
 * the order of independent statements and dead code are (similar.h, at
 * SIMILAR_THRESHOLD or more): one warning line per copy, naming the
 * first submission of its kind, or the most similar earlier one.  Both
 * are measured; the teacher decides. */
static void flag_copies(struct loader *ld, const struct node *cls,
			struct ukernel *const *k, size_t n)
{
	char (*fp)[65] = xcalloc(n ? n : 1, sizeof(*fp));
	struct similar_doc **doc = xcalloc(n ? n : 1, sizeof(*doc));

	for (size_t i = 0; i < n; i++) {
		if (source_fingerprint(k[i]->text, k[i]->len, fp[i]) < 0)
			fp[i][0] = '\0';
		doc[i] = similar_doc_new(k[i]->text, k[i]->len, NULL);
	}
	for (size_t i = 0; i < n; i++) {
		size_t best = n;
		double top = 0;
		bool same = false;

		for (size_t j = 0; j < i && !same; j++) {
			double x;

			if (fp[i][0] && !strcmp(fp[i], fp[j])) {
				diag_warning_at(ld->path, cls->line, cls->col,
						"submission %s: the same source as "
						"%s's (%s) once comments and "
						"whitespace are set aside; both "
						"are measured, flagged for the "
						"teacher", k[i]->path,
						k[j]->label, k[j]->path);
				same = true;
			} else if ((x = similar_score(doc[i], doc[j])) > top) {
				top = x;
				best = j;
			}
		}
		if (!same && best < n && similar_flagged(top))
			diag_warning_at(ld->path, cls->line, cls->col,
					"submission %s: %.0f %% similar to %s's "
					"(%s) once names, layout, the order of "
					"independent statements and dead code "
					"are set aside; both are measured, "
					"flagged for the teacher", k[i]->path,
					100 * top, k[best]->label,
					k[best]->path);
	}
	for (size_t i = 0; i < n; i++)
		similar_doc_free(doc[i]);
	free(doc);
	free(fp);
}

/* Refuses student s: one warning line at the class, the others go on. */
static void refuse(struct loader *ld, const struct node *cls,
		   struct student *s, size_t *refused)
{
	diag_warning_at(ld->path, cls->line, cls->col, "submission %s: %s",
			s->path, s->why);
	(*refused)++;
}

int parse_class(struct loader *ld, struct exp_ctx *x, const struct node *nd)
{
	static const char *names[CLASS_KEYS_MAX];
	struct keyset ks = { "in class", names, 0 };
	const struct node *vals[CLASS_KEYS_MAX], *keys[CLASS_KEYS_MAX];
	const struct node *globs[PATTERNS_MAX], *sub;
	struct student *s = NULL;
	size_t n = 0, npat = 0, refused = 0, taken = 0;
	struct ukernel **took = NULL;
	int rc = 0;

	if (nd->kind != NODE_MAP)
		return expected(ld, nd, "a mapping with \"submissions\" and "
				"\"function\"", "class");
	if (!x->family_ok)
		return -1;
	x->e->rubric = rubric_default();
	x->e->rounds = CLASS_ROUNDS_DEFAULT;
	ks.n = class_key_names(names, CLASS_KEYS_MAX);
	if (check_keys(ld, nd, &ks, vals, keys) < 0)
		rc = -1;
	for (size_t i = 0; i < ks.n; i++) {
		const struct node *v = vals[i];

		if (strcmp(names[i], "score") || !v)
			continue;
		if (v->kind == NODE_SCALAR && v->plain &&
		    (!strcmp(v->str, "rung") || !strcmp(v->str, "class")))
			x->e->score_class = !strcmp(v->str, "class");
		else
			rc = expected(ld, v, "\"rung\" (against the fastest "
				      "built-in rung, the default) or \"class\" "
				      "(against the class's fastest student)",
				      "score");
	}
	if (!(sub = vals[0]))
		return lerr(ld, nd, "class has no \"submissions\" (required: a "
			    "glob such as \"class/*\")");
	if (rc < 0 || patterns(ld, sub, globs, &npat) < 0)
		return -1;
	for (size_t i = 0; i < npat && rc == 0; i++)
		rc = expand(ld, globs[i], &s, &n);
	for (size_t i = 0; i < n && rc == 0 && !ld->stopped; i++) {
		char *text = NULL, why[512];
		size_t len = 0;
		struct ukernel *k;

		for (size_t j = 0; j < i && !s[i].why; j++)
			if (!s[j].why && !strcmp(s[j].name, s[i].name))
				s[i].why = xasprintf("the student's name \"%s\" "
						     "is taken by %s: rename "
						     "one", s[i].name,
						     s[j].path);
		if (!s[i].why &&
		    read_file_why(s[i].file, "submission", UKERNEL_MAX_SOURCE,
				  &text, &len, why, sizeof(why)) < 0)
			s[i].why = xstrdup(why);
		else if (!s[i].why && (memchr(text, '\0', len) ||
				       !utf8_valid(text, len))) {
			s[i].why = xstrdup("is not text (it holds a NUL byte or "
					   "invalid UTF-8)");
			free(text);
		}
		if (s[i].why) {
			refuse(ld, nd, &s[i], &refused);
			continue;
		}
		k = known_submission(ld, x, s[i].file);
		if (k)
			free(text);
		else
			k = kernel_of_submission(ld, x, nd, s[i].file, text,
						 len, s[i].name, why,
						 sizeof(why));
		if (!k && why[0]) {
			s[i].why = xstrdup(why);
			refuse(ld, nd, &s[i], &refused);
			continue;
		}
		if (!k || kernel_adopt(ld, x, k, nd) < 0) {
			rc = -1;
		} else {
			took = xrealloc(took, (taken + 1) * sizeof(*took));
			took[taken++] = k;
		}
	}
	if (rc == 0)
		flag_copies(ld, nd, took, taken);
	free(took);
	if (rc == 0 && !taken)
		rc = lerr(ld, nd, "class: none of its %zu submission%s could be "
			  "taken (each refusal is above)", n,
			  n == 1 ? "" : "s");
	for (size_t i = 0; i < n; i++)
		student_free(&s[i]);
	free(s);
	return rc;
}
