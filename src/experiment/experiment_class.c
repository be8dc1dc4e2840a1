/* experiment_class.c - the "class" key of an experiment (issue 26): a
 * whole class's submissions measured beside the rungs that explain them,
 * one kernel per student.  See experiment_int.h.
 *
 *   class:
 *     submissions: "class/STAR"     # globs (STAR: an asterisk)
 *     function: reduce              # and any key of a kernel but
 *     finish: host                  #   "source" and "label"
 *     score: class                  # or rung (the default)
 *     rounds: 10                    # 0 .. CLASS_ROUNDS_MAX (issue 44)
 *     rubric: {...}                 # experiment_rubric.c
 *     roster: roster.csv            # roster.h; relative to this file
 *     names: lms                    # or as-is (the default); lms.h
 *
 * Each match of a glob is one student: a file, or a folder holding one
 * .cu file.  As-is, the student's name is what the glob's wildcards
 * matched (the components with a wildcard, joined by "."; a file's
 * extension dropped): class/alice.cu and class/alice/reduce.cu both name
 * "alice".  With `names: lms` it is the id in the first of those
 * components an LMS export names (lms.h), and the export's name is kept
 * as the student's.  With a roster the name is looked up among its ids,
 * and the roster's name kept; a submission the roster does not list is
 * taken and flagged, and each student it lists without a submission is
 * flagged and kept in the experiment (`missing`), one warning line each.
 * A submission that cannot be taken is refused with one warning line
 * saying why, and the others go on: a symbolic link, a path that leaves
 * the class folder (the glob's directory before its first wildcard), a
 * zip file, a folder of no, several or over FOLDER_MAX entries, a file
 * over UKERNEL_MAX_SOURCE bytes or not text, a name culab cannot use as
 * a label (spaces, control characters, terminal escapes) or, with `names:
 * lms`, not an export's, a name another submission took, a source
 * without the class's function.  The class's own mistakes (no glob
 * matches, a wildcard-free glob, a glob that names a zip file, more
 * students than a file may hold kernels, a bad key, a roster culab
 * cannot read) are errors of the file.  Two submissions with the same
 * source once comments and whitespace are set aside are both taken, and
 * the later one flagged with a warning. */
#include "experiment_int.h"

#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <strings.h>

#include "base/diag.h"
#include "ladder/ladder.h"
#include "ladder/similar.h"
#include "ladder/source_same.h"
#include "base/util.h"
#include "lms.h"
#include "roster.h"

/* Globs a class may list. */
#define PATTERNS_MAX 16
/* Entries a student's folder may hold (it is listed, not walked). */
#define FOLDER_MAX 64
/* Keys a class may have (class_key_names). */
#define CLASS_KEYS_MAX 32
/* Bytes of a student's name. */
#define NAME_MAX_LEN 64

/* How a match names its student (`names:`), by the names files use. */
enum naming { NAMES_AS_IS, NAMES_LMS };

static const struct {
	const char *name;
	enum naming naming;
} namings[] = {
	{ "as-is", NAMES_AS_IS },
	{ "lms", NAMES_LMS },
};

/* What a class's own keys set, beyond a kernel's. */
struct class_opts {
	enum naming names;
	const struct node *headers_at;  /* `headers`' value; NULL: none */
	char *headers;                  /* as culab opens it */
	char *headers_real;             /* its real path */
	const struct node *roster_at;   /* `roster`'s value; NULL: none */
	char *roster_path;              /* as culab opens it */
	struct roster roster;
	bool *seen;                     /* per roster student: a match is
					   theirs */
};

struct student {
	char *path;     /* the match, as glob gave it */
	char *name;     /* the label: as-is, or the id of an LMS name */
	char *id;       /* the id of an LMS name, or the roster's; NULL */
	char *display;  /* the roster's name, or an LMS name's; NULL */
	bool unlisted;  /* a roster does not list it */
	char *file;     /* the .cu file: the match, or the one in its folder */
	char *own;      /* a folder's real path: its headers' folder */
	char *text;     /* the file's text, read once; NULL until read */
	size_t len;
	bool again;     /* the file of an earlier match (two globs): skipped */
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

		/* "/STAR": the root, not "" */
		if (wild(p, n))
			return last && last > pattern ?
			       xasprintf("%.*s", (int)(last - pattern), pattern) :
			       xstrdup(pattern[0] == '/' ? "/" : ".");
		last = p + n;
		p += n;
		while (*p == '/')
			p++;
	}
	return NULL;
}

/* Whether path's last component ends in ".zip" (any case). */
static bool zip_name(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && !strcasecmp(path + n - 4, ".zip") &&
	       path[n - 5] != '/';
}

/* Whether a component of `path` that a wildcard of `pattern` matched is
 * "." or "..": the folder itself or the one above, never a student
 * (glob's ".STAR" matches both). */
static bool dot_match(const char *pattern, const char *path)
{
	const char *p = pattern, *q = path;

	while (*p && *q) {
		size_t np = strcspn(p, "/"), nq = strcspn(q, "/");

		if (wild(p, np) && ((nq == 1 && q[0] == '.') ||
				    (nq == 2 && q[0] == '.' && q[1] == '.')))
			return true;
		p += np;
		q += nq;
		while (*p == '/')
			p++;
		while (*q == '/')
			q++;
	}
	return false;
}

/* A part of a match that a component of its glob with a wildcard
 * matched: s[0..n), a file's last one without its extension. */
struct part {
	const char *s;
	size_t n;
};

/* The parts of match `path` of `pattern`, in order, into *out (heap; the
 * caller frees it).  Returns how many. */
static size_t wild_parts(const char *pattern, const char *path, bool file,
			 struct part **out)
{
	const char *p = pattern, *q = path;
	size_t n = 0;

	*out = NULL;
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
			*out = xrealloc(*out, (n + 1) * sizeof(**out));
			(*out)[n++] = (struct part){ q, take };
		}
		p += np;
		q += nq;
		while (*p == '/')
			p++;
		while (*q == '/')
			q++;
	}
	return n;
}

/* The student's name as-is: the parts joined by ".". */
static char *name_of(const struct part *pt, size_t n)
{
	struct sbuf b = SBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		if (i)
			sbuf_addc(&b, '.');
		sbuf_addn(&b, pt[i].s, pt[i].n);
	}
	return sbuf_detach(&b);
}

/* Why `name`, a student's name as a person reads it (from an LMS
 * export), cannot be kept, or NULL. */
static const char *bad_display(const char *name)
{
	if (strlen(name) > ROSTER_MAX_NAME)
		return "is longer than 256 bytes";
	return roster_name_why(name);
}

/* `names: lms`: the student of the first part an LMS export names
 * (lms.h): s->name and s->id become its id, s->display its name; else
 * s->why. */
static void name_lms(struct student *s, const struct part *pt, size_t n)
{
	const char *bad;

	for (size_t i = 0; i < n; i++) {
		char *id, *name;

		if (!lms_name_parse(pt[i].s, pt[i].n, &id, &name))
			continue;
		if ((bad = bad_display(name)) != NULL) {
			s->why = xasprintf("the student's name \"%s\" in its "
					   "export name %s", name, bad);
			free(id);
			free(name);
			return;
		}
		free(s->name);
		s->name = id;
		s->id = xstrdup(id);
		s->display = name;
		return;
	}
	s->why = xasprintf("\"%s\" is not a name an LMS export gives "
			   "(\"First Last_12345_assignsubmission_file_\", "
			   "\"lastfirst_12345_67890_reduce.cu\", "
			   "\"Last_First_12345_reduce.cu\": a number after the "
			   "student's name); with \"names: as-is\" a student "
			   "is what the glob matched", s->name);
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
 * sets s->file and s->name (and with `names: lms`, s->id and
 * s->display), or s->why. */
static void check_match(struct student *s, const char *pattern,
			const char *root, enum naming names)
{
	struct stat st;
	char real[PATH_MAX];
	const char *bad;
	struct part *pt;
	size_t npt;

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
	if (S_ISREG(st.st_mode) && zip_name(s->path)) {
		s->why = xasprintf("is a zip file; culab reads a class folder, "
				   "not an archive: unzip it first (unzip -d "
				   "%.*s %s) and name the folder in the glob",
				   (int)(strlen(s->path) - 4), s->path, s->path);
		return;
	}
	npt = wild_parts(pattern, s->path, S_ISREG(st.st_mode), &pt);
	s->name = name_of(pt, npt);
	if (names == NAMES_LMS)
		name_lms(s, pt, npt);
	free(pt);
	if (s->why)
		return;
	if ((bad = bad_name(s->name)) != NULL) {
		s->why = xasprintf("the student's name \"%s\" %s; culab names a "
				   "student by the folder or file name: rename "
				   "it", s->name, bad);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		s->file = folder_file(s->path, &s->why);
		s->own = xstrdup(real);
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
	free(s->id);
	free(s->display);
	free(s->file);
	free(s->own);
	free(s->text);
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

/* Globs pattern node nd (relative to the experiment file) into *s, *n,
 * each match named by rule `names`.  Returns 0, or -1 after an error. */
static int expand(struct loader *ld, const struct node *nd,
		  enum naming names, struct student **s, size_t *n)
{
	char *pattern = source_path(ld->path, nd->str);
	char *folder = folder_of(pattern), root[PATH_MAX];
	glob_t g;
	int rc = 0, grc;

	if (zip_name(nd->str) && !folder) {
		rc = lerr(ld, nd, "submissions: \"%s\" is a zip file; culab "
			  "reads a class folder, not an archive: unzip it "
			  "first (unzip -d %.*s %s) and name what it holds "
			  "(\"%.*s/*\")", nd->str, (int)(strlen(pattern) - 4),
			  pattern, pattern, (int)(nd->len - 4), nd->str);
		goto out;
	}
	if (zip_name(nd->str)) {
		rc = lerr(ld, nd, "submissions: \"%s\" names zip files; culab "
			  "reads a class folder, not archives: unzip each "
			  "first (unzip -d DIR FILE) and name what they hold",
			  nd->str);
		goto out;
	}
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
	if (!strcmp(root, "/")) {
		rc = lerr(ld, nd, "submissions: the class folder of \"%s\" is "
			  "the root folder \"/\", which confines nothing; name "
			  "the folder that holds the submissions (\"class/*\")",
			  nd->str);
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
		if (dup || dot_match(pattern, g.gl_pathv[i]))
			continue;
		if (*n == UKERNEL_MAX_KERNELS) {
			rc = lerr(ld, nd, "submissions: more than %d students "
				  "(the kernels one file may hold)",
				  UKERNEL_MAX_KERNELS);
			break;
		}
		*s = xrealloc(*s, (*n + 1) * sizeof(**s));
		(*s)[*n] = (struct student){ .path = xstrdup(g.gl_pathv[i]) };
		check_match(&(*s)[(*n)++], pattern, root, names);
	}
	globfree(&g);
out:
	free(folder);
	free(pattern);
	return rc;
}

/* Whether paths a and b are one file (by device and inode). */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The kernel of submission `file` of student `name` when another
 * experiment of the file took it already (the same class named twice,
 * by the same path or by another to the same file), else NULL. */
static struct ukernel *known_submission(struct loader *ld,
					const struct exp_ctx *x,
					const char *file, const char *name)
{
	const struct experiment_file *f = ld->file;

	for (size_t i = 0; f && i < f->nkernels; i++) {
		const struct ukernel *k = f->kernels[i];

		if (k->submission && k->family == x->e->family &&
		    (!strcmp(k->path, file) ||
		     (!strcmp(k->label, name) && same_file(k->path, file))))
			return f->kernels[i];
	}
	return NULL;
}

/* Flags the submissions whose sources are the same once comments and
 * whitespace are set aside (source_same.h), or alike once names, layout,
 * the order of independent statements and dead code are, in what they
 * wrote beyond the ladder's code and the code most of the class shares
 * (similar.h: similar_class_base, similar_flagged_pair): one warning
 * line per copy, naming the first submission of its kind, or the most
 * similar earlier one.  Both are measured; the teacher decides.  The
 * report's similar page compares them the same way (report_copies.c). */
static void flag_copies(struct loader *ld, const struct node *cls,
			struct ukernel *const *k, size_t n)
{
	char (*fp)[65] = xcalloc(n ? n : 1, sizeof(*fp));
	struct similar_doc **doc = xcalloc(n ? n : 1, sizeof(*doc));
	const char **texts = xcalloc(n ? n : 1, sizeof(*texts));
	size_t *lens = xcalloc(n ? n : 1, sizeof(*lens));
	struct similar_doc *tb = registry_textbook(), *cb;

	for (size_t i = 0; i < n; i++) {
		texts[i] = k[i]->text;
		lens[i] = k[i]->len;
	}
	cb = similar_class_base(texts, lens, n, tb);
	for (size_t i = 0; i < n; i++) {
		if (source_fingerprint(k[i]->text, k[i]->len, fp[i]) < 0)
			fp[i][0] = '\0';
		doc[i] = similar_doc_new(k[i]->text, k[i]->len, cb);
	}
	for (size_t i = 0; i < n; i++) {
		size_t best = n, shared = 0;
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
				shared = similar_shared(doc[i], doc[j]);
			}
		}
		if (!same && best < n && similar_flagged_pair(top, shared))
			diag_warning_at(ld->path, cls->line, cls->col,
					"submission %s: %.0f %% similar to %s's "
					"(%s) once names, layout, the order of "
					"independent statements and dead code "
					"are set aside, beyond the code of the "
					"ladder's rungs and of most of the "
					"class; both are measured, flagged for "
					"the teacher", k[i]->path, 100 * top,
					k[best]->label, k[best]->path);
	}
	for (size_t i = 0; i < n; i++)
		similar_doc_free(doc[i]);
	similar_doc_free(cb);
	similar_doc_free(tb);
	free(lens);
	free(texts);
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

/* ---- the class's own keys ------------------------------------------------ */

/* The value of class key `key` (names[0..n), vals), or NULL. */
static const struct node *class_value(const char *const *names,
				      const struct node *const *vals,
				      size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(names[i], key))
			return vals[i];
	return NULL;
}

static int parse_score(struct loader *ld, struct exp_ctx *x,
		       const struct node *v)
{
	if (v->kind == NODE_SCALAR && v->plain &&
	    (!strcmp(v->str, "rung") || !strcmp(v->str, "class"))) {
		x->e->score_class = !strcmp(v->str, "class");
		return 0;
	}
	return expected(ld, v, "\"rung\" (against the fastest built-in "
			"rung the class's launch allows, the default) or "
			"\"class\" (against the class's fastest student)",
			"score");
}

static int parse_rounds(struct loader *ld, struct exp_ctx *x,
			const struct node *v)
{
	uint64_t r;

	if (get_uint(ld, v, "rounds", 0, CLASS_ROUNDS_MAX, &r) < 0)
		return -1;
	x->e->rounds = (int)r;
	return 0;
}

static int parse_names(struct loader *ld, const struct node *v,
		       struct class_opts *o)
{
	for (size_t i = 0; i < ARRAY_SIZE(namings); i++)
		if (v->kind == NODE_SCALAR && v->plain &&
		    !strcmp(v->str, namings[i].name)) {
			o->names = namings[i].naming;
			return 0;
		}
	return expected(ld, v, "\"as-is\" (a student is what the glob's "
			"wildcards matched, the default) or \"lms\" (the "
			"number in an LMS export's name, "
			"\"Last_First_12345_reduce.cu\")", "names");
}

/* `roster`: reads the file (relative to the experiment file) into
 * o->roster.  Its own mistakes are reported at its lines. */
static int parse_roster(struct loader *ld, const struct node *v,
			struct class_opts *o)
{
	const char *name = get_string(ld, v, "roster");
	char *text = NULL, why[512];
	size_t len = 0;
	int rc;

	if (!name)
		return -1;
	o->roster_path = source_path(ld->path, name);
	if (read_file_why(o->roster_path, "roster", ROSTER_MAX_BYTES, &text,
			  &len, why, sizeof(why)) < 0)
		return lerr(ld, v, "%s", why);
	rc = roster_parse(o->roster_path, text, len, &o->roster);
	free(text);
	if (rc < 0)
		return -1;
	o->roster_at = v;
	o->seen = xcalloc(o->roster.n ? o->roster.n : 1, sizeof(*o->seen));
	return 0;
}

/* `headers`: the folder of the class's own headers (relative to the
 * experiment file), which every submission may #include besides its own
 * folder's files. */
static int parse_headers(struct loader *ld, const struct node *v,
			 struct class_opts *o)
{
	const char *name = get_string(ld, v, "headers");
	char real[PATH_MAX];
	struct stat st;

	if (!name)
		return -1;
	o->headers = source_path(ld->path, name);
	if (!realpath(o->headers, real) || stat(real, &st) < 0)
		return lerr(ld, v, "headers: the folder \"%s\" cannot be "
			    "opened: %s", o->headers, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return lerr(ld, v, "headers: \"%s\" is not a folder (the "
			    "class's headers are a folder every submission "
			    "may include from)", o->headers);
	if (!strcmp(real, "/"))
		return lerr(ld, v, "headers: \"%s\" is the root folder, "
			    "which confines nothing; name the folder of the "
			    "class's headers", o->headers);
	o->headers_real = xstrdup(real);
	o->headers_at = v;
	return 0;
}

/* With a roster: student s (named) as the roster has them, or flagged
 * unlisted. */
static void roster_match(struct class_opts *o, struct student *s)
{
	long i;

	if (!o->roster_at || !s->name)
		return;
	i = roster_find(&o->roster, s->name);
	if (i < 0) {
		s->unlisted = true;
		return;
	}
	o->seen[i] = true;
	free(s->id);
	free(s->display);
	s->id = xstrdup(o->roster.s[i].id);
	s->display = xstrdup(o->roster.s[i].name);
}

/* The roster's students no match named: one warning line each, kept in
 * the experiment. */
static void roster_missing(struct loader *ld, struct exp_ctx *x,
			   const struct class_opts *o)
{
	struct experiment *e = x->e;

	for (size_t i = 0; i < o->roster.n; i++) {
		const struct roster_student *r = &o->roster.s[i];

		if (o->seen[i])
			continue;
		diag_warning_at(ld->path, o->roster_at->line,
				o->roster_at->col, "roster student \"%s\" "
				"(%s, %s:%d) has no submission", r->id,
				r->name, o->roster_path, r->line);
		e->missing = xrealloc(e->missing, (e->nmissing + 1) *
				      sizeof(*e->missing));
		e->missing[e->nmissing++] = (struct class_student){
			xstrdup(r->id), xstrdup(r->name) };
	}
}

static void class_opts_release(struct class_opts *o)
{
	free(o->headers);
	free(o->headers_real);
	roster_release(&o->roster);
	free(o->roster_path);
	free(o->seen);
}

/* The class's own keys but `submissions` into x->e and *o. */
static int class_own_keys(struct loader *ld, struct exp_ctx *x,
			  const char *const *names,
			  const struct node *const *vals, size_t n,
			  struct class_opts *o)
{
	const struct node *v;
	int rc = 0;

	if ((v = class_value(names, vals, n, "score")) &&
	    parse_score(ld, x, v) < 0)
		rc = -1;
	if ((v = class_value(names, vals, n, "rounds")) &&
	    parse_rounds(ld, x, v) < 0)
		rc = -1;
	if ((v = class_value(names, vals, n, "rubric")) &&
	    parse_rubric(ld, x, v) < 0)
		rc = -1;
	if ((v = class_value(names, vals, n, "names")) &&
	    parse_names(ld, v, o) < 0)
		rc = -1;
	if (rc == 0 && (v = class_value(names, vals, n, "roster")) &&
	    parse_roster(ld, v, o) < 0)
		rc = -1;
	if ((v = class_value(names, vals, n, "headers")) &&
	    parse_headers(ld, v, o) < 0)
		rc = -1;
	return rc;
}

/* ---- the class -------------------------------------------------------------- */

/* ---- the submissions, read once ------------------------------------------ */

/* Marks each match whose file an earlier match found `again` (a file
 * two globs match, a folder and the file in it): one submission, taken
 * once, under the first match's name, with no warning. */
static void same_files(struct student *s, size_t n)
{
	struct stat *st = xcalloc(n ? n : 1, sizeof(*st));
	bool *ok = xcalloc(n ? n : 1, sizeof(*ok));

	for (size_t i = 0; i < n; i++) {
		ok[i] = !s[i].why && s[i].file && stat(s[i].file, &st[i]) == 0;
		for (size_t j = 0; ok[i] && j < i && !s[i].again; j++)
			s[i].again = ok[j] && !s[j].again &&
				     st[j].st_dev == st[i].st_dev &&
				     st[j].st_ino == st[i].st_ino;
	}
	free(ok);
	free(st);
}

/* The class's headers must hold no submission and lie in none: a
 * student would read another's work through them.  -1 after the error
 * at `headers`. */
static int headers_apart(struct loader *ld, const struct class_opts *o,
			 const struct student *s, size_t n)
{
	char real[PATH_MAX];

	for (size_t i = 0; o->headers_real && i < n; i++) {
		if (s[i].why || s[i].again || !s[i].file)
			continue;
		if (realpath(s[i].file, real) && inside(o->headers_real, real))
			return lerr(ld, o->headers_at, "headers: the folder "
				    "\"%s\" holds the submission %s, which "
				    "every student could then include; keep "
				    "the class's headers apart from the "
				    "submissions", o->headers, s[i].path);
		if (s[i].own && inside(s[i].own, o->headers_real))
			return lerr(ld, o->headers_at, "headers: the folder "
				    "\"%s\" lies in the submission %s, which "
				    "every student could then include; keep "
				    "the class's headers apart from the "
				    "submissions", o->headers, s[i].path);
	}
	return 0;
}

/* Reads the text of every match still taken (s->text), or refuses it
 * (s->why): a file culab cannot read, or not text. */
static void read_texts(struct student *s, size_t n)
{
	char why[512];

	for (size_t i = 0; i < n; i++) {
		if (s[i].why || s[i].again)
			continue;
		if (read_file_why(s[i].file, "submission", UKERNEL_MAX_SOURCE,
				  &s[i].text, &s[i].len, why,
				  sizeof(why)) < 0) {
			s[i].text = NULL;
			s[i].why = xstrdup(why);
		} else if (memchr(s[i].text, '\0', s[i].len) ||
			   !utf8_valid(s[i].text, s[i].len)) {
			free(s[i].text);
			s[i].text = NULL;
			s[i].why = xstrdup("is not text (it holds a NUL byte or "
					   "invalid UTF-8)");
		}
	}
}

/* Adds the names of list[0..n) that are not `base` to *seen (at most 8
 * in all, "..." after), and frees them.  Returns whether base is one. */
static bool names_seen(char **list, size_t n, const char *base,
		       struct sbuf *seen, size_t *nseen)
{
	bool has = false;

	for (size_t k = 0; k < n; k++) {
		char *quoted = xasprintf("\"%s\"", list[k]);

		if (!strcmp(list[k], base))
			has = true;
		else if (!strstr(sbuf_str(seen), quoted) && (*nseen)++ < 8)
			sbuf_addf(seen, "%s%s", seen->len ? ", " : "", quoted);
		else if (*nseen == 9)
			sbuf_add(seen, ", ...");
		free(quoted);
		free(list[k]);
	}
	return has;
}

/* The class's `function` against the submissions read.  When none of
 * them defines it, the name is the file's mistake (misspelt), one error
 * at the key (exit 2) rather than a refusal of every student; and a name
 * expression with template arguments must name a template that at least
 * one of them defines, else every compilation would fail alike.
 * Returns 0, or -1 after the error. */
static int check_function(struct loader *ld, const struct node *cls,
			  const struct student *s, size_t n)
{
	const struct node *v = map_value(cls, "function");
	struct sbuf seen = SBUF_INIT;
	size_t read = 0, defines = 0, templates = 0, nseen = 0;
	char *base, *list[64];
	int rc = 0;

	if (!v || v->kind != NODE_SCALAR || !v->str ||
	    strpbrk(v->str, "\n\r;{}\"'`\\"))
		return 0;   /* k_function says what is wrong with it */
	base = ukernel_function_base(v->str);
	for (size_t i = 0; i < n; i++) {
		size_t m;
		bool has;

		if (!s[i].text || s[i].why || s[i].again)
			continue;
		read++;
		m = nvrtc_list_globals(s[i].text, s[i].len, list,
				       ARRAY_SIZE(list));
		has = names_seen(list, m, base, &seen, &nseen);
		defines += has;
		templates += has && nvrtc_global_template(s[i].text, s[i].len,
							  base);
	}
	if (read && !defines)
		rc = lerr(ld, v, "function: no submission defines a __global__ "
			  "function \"%s\" (of %zu read, they define %s); is "
			  "the name misspelt?", base, read,
			  seen.len ? sbuf_str(&seen) : "none");
	else if (defines && !templates && strchr(v->str, '<'))
		rc = lerr(ld, v, "function: \"%s\" instantiates a template, "
			  "but no submission defines \"%s\" as one (each "
			  "defines a plain __global__ function); name it "
			  "without template arguments: function: %s", v->str,
			  base, base);
	sbuf_release(&seen);
	free(base);
	return rc;
}

/* Takes student s, whose text was read: its kernel, adopted by the
 * experiment, into *k.  Returns 0 (*k NULL when s was refused, with a
 * warning), or -1 after an error of the file. */
static int take(struct loader *ld, struct exp_ctx *x, const struct node *cls,
		const struct class_opts *o, struct student *s,
		size_t *refused, struct ukernel **kp)
{
	const char *confine[2];
	struct submission sub = {
		.path = s->file, .text = s->text, .len = s->len,
		.name = s->name, .student_id = s->id,
		.student_name = s->display, .headers = o->headers,
		.confine = confine,
	};
	char why[512];
	struct ukernel *k;

	*kp = NULL;
	if (s->why) {
		refuse(ld, cls, s, refused);
		return 0;
	}
	if (s->own)
		confine[sub.nconfine++] = s->own;
	if (o->headers_real)
		confine[sub.nconfine++] = o->headers_real;
	/* the kernel takes the text, or frees it */
	s->text = NULL;
	k = known_submission(ld, x, s->file, s->name);
	if (k)
		free(sub.text);
	else
		k = kernel_of_submission(ld, x, cls, &sub, why, sizeof(why));
	if (!k && why[0]) {
		s->why = xstrdup(why);
		refuse(ld, cls, s, refused);
		return 0;
	}
	if (!k || kernel_adopt(ld, x, k, cls) < 0)
		return -1;
	*kp = k;
	return 0;
}

int parse_class(struct loader *ld, struct exp_ctx *x, const struct node *nd)
{
	static const char *names[CLASS_KEYS_MAX];
	struct keyset ks = { "in class", names, 0 };
	const struct node *vals[CLASS_KEYS_MAX], *keys[CLASS_KEYS_MAX];
	const struct node *globs[PATTERNS_MAX], *sub;
	struct class_opts o = { .names = NAMES_AS_IS };
	struct student *s = NULL;
	size_t n = 0, npat = 0, refused = 0, taken = 0, distinct = 0;
	struct ukernel **took = NULL;
	int rc = 0;

	if (nd->kind != NODE_MAP)
		return expected(ld, nd, "a mapping with \"submissions\" and "
				"\"function\"", "class");
	if (!x->family_ok)
		return -1;
	x->e->rubric = rubric_default();
	x->e->rounds = CLASS_ROUNDS_DEFAULT;
	x->e->has_class = true;
	ks.n = class_key_names(names, CLASS_KEYS_MAX);
	if (check_keys(ld, nd, &ks, vals, keys) < 0)
		rc = -1;
	if (class_own_keys(ld, x, names, vals, ks.n, &o) < 0)
		rc = -1;
	if (!(sub = vals[0])) {
		rc = lerr(ld, nd, "class has no \"submissions\" (required: a "
			  "glob such as \"class/*\")");
		goto out;
	}
	if (rc < 0 || patterns(ld, sub, globs, &npat) < 0) {
		rc = -1;
		goto out;
	}
	x->e->has_roster = o.roster_at != NULL;
	for (size_t i = 0; i < npat && rc == 0; i++)
		rc = expand(ld, globs[i], o.names, &s, &n);
	if (rc == 0) {
		same_files(s, n);
		rc = headers_apart(ld, &o, s, n);
	}
	if (rc == 0) {
		read_texts(s, n);
		rc = check_function(ld, nd, s, n);
	}
	for (size_t i = 0; i < n && rc == 0 && !ld->stopped; i++) {
		struct ukernel *k;

		if (s[i].again)
			continue;
		for (size_t j = 0; j < i && !s[i].why; j++)
			if (!s[j].why && !s[j].again &&
			    !strcmp(s[j].name, s[i].name))
				s[i].why = xasprintf("the student's name \"%s\" "
						     "is taken by %s: rename "
						     "one", s[i].name,
						     s[j].path);
		roster_match(&o, &s[i]);
		if (take(ld, x, nd, &o, &s[i], &refused, &k) < 0) {
			rc = -1;
			continue;
		}
		if (!k)
			continue;
		took = xrealloc(took, (taken + 1) * sizeof(*took));
		took[taken++] = k;
		if (s[i].unlisted)
			diag_warning_at(ld->path, o.roster_at->line,
					o.roster_at->col, "submission %s: the "
					"student \"%s\"%s%s%s is not in the "
					"roster %s; measured, flagged for the "
					"teacher", s[i].path, s[i].name,
					s[i].display ? " (" : "",
					s[i].display ? s[i].display : "",
					s[i].display ? ")" : "",
					o.roster_path);
	}
	if (rc == 0)
		flag_copies(ld, nd, took, taken);
	free(took);
	if (rc == 0 && o.roster_at)
		roster_missing(ld, x, &o);
	for (size_t i = 0; i < n; i++)
		distinct += !s[i].again;
	if (rc == 0 && !taken)
		rc = lerr(ld, nd, "class: none of its %zu submission%s could be "
			  "taken (each refusal is above)", distinct,
			  distinct == 1 ? "" : "s");
out:
	for (size_t i = 0; i < n; i++)
		student_free(&s[i]);
	free(s);
	class_opts_release(&o);
	return rc;
}

/* ---- students without a submission, as experiments keep them ---------- */

struct class_student *class_students_copy(const struct class_student *s,
					  size_t n)
{
	struct class_student *c;

	if (!n)
		return NULL;
	c = xcalloc(n, sizeof(*c));
	for (size_t i = 0; i < n; i++)
		c[i] = (struct class_student){ xstrdup(s[i].id),
					       xstrdup(s[i].name) };
	return c;
}

void class_students_free(struct class_student *s, size_t n)
{
	for (size_t i = 0; s && i < n; i++) {
		free(s[i].id);
		free(s[i].name);
	}
	free(s);
}
