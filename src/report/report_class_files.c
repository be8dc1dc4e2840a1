/* report_class_files.c - what a class adds beside the report's pages
 * (report_pages.h: class_files_render): a page per student,
 * students/STEM/report.<lang>.{md,html}; the teacher's files,
 * gradebook.csv, canvas.csv and gradescope/STEM.json; and the page of
 * similar submissions, similar.<lang>.{md,html}.  STEM is the student's
 * name, shortened with a hash when it is too long for a file's
 * (student_file_stem), and a page that cannot be written costs that
 * page alone, never the later students' (issue 48).
 *
 * Then what an earlier render into the same folder wrote of these, and
 * this one did not, is removed: the page of a student no longer in the
 * results, the gradebook of a class these results are not, the other
 * format of a page written now.  Only culab's own files go: the names
 * above, in the output folder and culab's own folders under it, opened
 * without following a link, a file (or a link, never followed) removed
 * and a folder only when that leaves it empty, so a file of the user's
 * is kept and keeps its folder.  As for the report's pages, a page of a
 * language not rendered now is kept, unless its student is gone. */
#include "report.h"

#include "report_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/files.h"
#include "base/strmap.h"
#include "report_grading.h"

static const char *const lang_codes[NLANG] = { "en", "zh" };

/* What this render wrote: files by their path in the output folder, and
 * the folder of each student given a page. */
struct wrote {
	struct strmap files, stems;
};

static void record(struct wrote *w, const char *rel, const char *name)
{
	char *path = *rel ? xasprintf("%s/%s", rel, name) : xstrdup(name);

	strmap_put(&w->files, path, 0);
	free(path);
}

/* Page `text` in language L as STEM.<lang>.md and, or, .html in folder
 * dirfd (dir; `rel` its path in the output folder, "" for the folder
 * itself), as formats ask, each file recorded.  Returns 0, or -1 after a
 * diagnostic. */
static int page_write(int dirfd, const char *dir, const char *rel,
		      const char *stem, int L, const char *text,
		      unsigned formats, struct wrote *w)
{
	char *md = xasprintf("%s.%s.md", stem, lang_codes[L]);
	char *file = xasprintf("%s.%s.html", stem, lang_codes[L]);
	int got = formats & REPORT_HTML ?
		  page_html_write(dirfd, dir, file, text, lang_codes[L], md) : 1;

	if (got == 0)
		record(w, rel, file);
	if (got >= 0 && ((formats & REPORT_MD) || got == 1)) {
		got = write_file_at(dirfd, dir, md, text, strlen(text)) ? -1 : 0;
		if (got == 0)
			record(w, rel, md);
	}
	free(md);
	free(file);
	return got < 0 ? -1 : 0;
}

/* students/STEM/report.<lang>.{md,html}: each student's own page, the
 * next student's written whatever happened to this one's. */
static int students_write(const struct model *m,
			  const struct report_options *o, int fd,
			  unsigned formats, struct wrote *w)
{
	unsigned langs = o->langs ? o->langs : REPORT_LANGS_ALL;
	const char **names;
	size_t n = class_students(m, &names);
	char *where = xasprintf("%s/students", o->dir);
	int rc = 0, top = dir_make(fd, o->dir, "students", DIR_CONFINED);

	for (size_t i = 0; i < n && top >= 0; i++) {
		char *stem, *dir, *rel;
		int sfd;

		if (!student_folder_ok(names[i])) {
			diag_warning("no page for student \"%s\": the name is "
				     "not one a folder may have",
				     diag_esc(names[i]));
			continue;
		}
		stem = student_file_stem(names[i]);
		dir = xasprintf("%s/%s", where, stem);
		rel = xasprintf("students/%s", stem);
		strmap_put(&w->stems, stem, i);
		sfd = dir_make(top, where, stem, DIR_CONFINED);
		if (sfd < 0)
			rc = -1;
		for (int L = 0; L < NLANG && sfd >= 0; L++) {
			char *text;

			if (!(langs & (1u << L)))
				continue;
			text = class_student_page(m, names[i], (enum lang)L);
			if (page_write(sfd, dir, rel, "report", L, text,
				       formats, w) < 0)
				rc = -1;
			free(text);
		}
		if (sfd >= 0)
			close(sfd);
		free(rel);
		free(dir);
		free(stem);
	}
	if (top < 0)
		rc = -1;
	else
		close(top);
	free(where);
	free(names);
	return rc;
}

/* similar.<lang>.{md,html}: the teacher's page of similar submissions
 * (report_class.c), beside the class page. */
static int similar_write(const struct model *m,
			 const struct report_options *o, int fd,
			 unsigned formats, struct wrote *w)
{
	unsigned langs = o->langs ? o->langs : REPORT_LANGS_ALL;
	int rc = 0;

	for (int L = 0; L < NLANG && rc == 0; L++) {
		char *text;

		if (!(langs & (1u << L)))
			continue;
		text = class_similar_page(m, (enum lang)L);
		rc = page_write(fd, o->dir, "", "similar", L, text, formats, w);
		free(text);
	}
	return rc;
}

/* The teacher's files (report_gradebook.c): gradebook.csv, canvas.csv
 * and gradescope/STEM.json per student whose name can be a file's. */
static int teacher_write(const struct model *m,
			 const struct report_options *o, int fd,
			 struct wrote *w)
{
	static const struct {
		const char *file;
		char *(*text)(const struct model *);
	} files[] = {
		{ "gradebook.csv", class_gradebook },
		{ "canvas.csv", class_canvas_csv },
	};
	const char **names;
	size_t n;
	int rc = 0, gfd;
	char *where;

	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		char *csv = files[i].text(m);
		int bad = write_file_at(fd, o->dir, files[i].file, csv,
					strlen(csv));

		free(csv);
		if (bad)
			return -1;
		record(w, "", files[i].file);
	}
	gfd = dir_make(fd, o->dir, "gradescope", DIR_CONFINED);
	if (gfd < 0)
		return -1;
	where = xasprintf("%s/gradescope", o->dir);
	n = class_students(m, &names);
	for (size_t i = 0; i < n; i++) {
		char *stem, *file, *json;

		if (!student_folder_ok(names[i]))
			continue;   /* students_write() warns of it */
		json = class_gradescope(m, names[i]);
		stem = student_file_stem(names[i]);
		file = xasprintf("%s.json", stem);
		if (!json || write_file_at(gfd, where, file, json,
					   strlen(json)))
			rc = -1;
		else
			record(w, "gradescope", file);
		free(file);
		free(stem);
		free(json);
	}
	free(names);
	free(where);
	close(gfd);
	return rc;
}

/* ---- an earlier render's files ------------------------------------------ */

/* Which of a folder's entries are culab's, of the kind a sweep removes
 * when this render did not write them. */
enum kind { TOP, GRADESCOPE, PAGES_NOW, PAGES_ALL };

/* Whether `f` is STEM.<lang>.md or .html of a language of `langs`. */
static bool page_name(const char *f, const char *stem, unsigned langs)
{
	for (int L = 0; L < NLANG; L++)
		for (int h = 0; h < 2 && (langs & (1u << L)); h++) {
			char *want = xasprintf("%s.%s.%s", stem, lang_codes[L],
					       h ? "html" : "md");
			bool is = !strcmp(f, want);

			free(want);
			if (is)
				return true;
		}
	return false;
}

static bool ours(const char *f, enum kind k, unsigned langs_now)
{
	size_t n = strlen(f);

	switch (k) {
	case TOP:
		return !strcmp(f, "gradebook.csv") || !strcmp(f, "canvas.csv") ||
		       page_name(f, "similar", langs_now);
	case GRADESCOPE:
		return n > 5 && !strcmp(f + n - 5, ".json");
	case PAGES_NOW:
		return page_name(f, "report", langs_now);
	case PAGES_ALL:
		return page_name(f, "report", REPORT_LANGS_ALL);
	}
	return false;
}

/* The names of folder dirfd's entries, into a heap array of heap
 * strings (*n of them), "." and ".." left out; NULL when it cannot be
 * listed. */
static char **entries(int dirfd, size_t *n)
{
	int dfd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
	struct dirent *e;
	char **out = NULL;

	*n = 0;
	if (!d) {
		if (dfd >= 0)
			close(dfd);
		return NULL;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		out = xrealloc(out, (*n + 1) * sizeof(*out));
		out[(*n)++] = xstrdup(e->d_name);
	}
	closedir(d);
	return out;
}

static void entries_free(char **e, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(e[i]);
	free(e);
}

/* Removes the files of kind k in folder dirfd (dir; rel its path in the
 * output folder) that this render did not write.  Returns 0, or -1
 * after a diagnostic. */
static int sweep(int dirfd, const char *dir, const char *rel, enum kind k,
		 unsigned langs_now, const struct wrote *w)
{
	size_t n;
	char **e = entries(dirfd, &n);
	int rc = 0;

	for (size_t i = 0; i < n && rc == 0; i++) {
		char *path = *rel ? xasprintf("%s/%s", rel, e[i]) :
				    xstrdup(e[i]);

		if (ours(e[i], k, langs_now) &&
		    strmap_get(&w->files, path) == STRMAP_NONE)
			rc = page_remove_stale(dirfd, dir, e[i]);
		free(path);
	}
	entries_free(e, n);
	return rc;
}

/* Folder `name` of dirfd, opened without following a link; -1 when
 * there is none, or it is a link or no folder: nothing in it is
 * touched. */
static int own_folder(int dirfd, const char *name)
{
	return openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		      O_CLOEXEC);
}

/* students/: every folder's stale pages; the folder of a student no
 * longer given a page loses all of its pages, and itself when empty. */
static int sweep_students(int fd, const struct report_options *o,
			  unsigned langs_now, const struct wrote *w)
{
	int top = own_folder(fd, "students"), rc = 0;
	char *where = xasprintf("%s/students", o->dir);
	size_t n = 0;
	char **e = top >= 0 ? entries(top, &n) : NULL;

	for (size_t i = 0; i < n && rc == 0; i++) {
		bool now = strmap_get(&w->stems, e[i]) != STRMAP_NONE;
		int sfd = own_folder(top, e[i]);
		char *dir = xasprintf("%s/%s", where, e[i]);
		char *rel = xasprintf("students/%s", e[i]);

		if (sfd >= 0) {
			rc = sweep(sfd, dir, rel, now ? PAGES_NOW : PAGES_ALL,
				   langs_now, w);
			close(sfd);
			if (!now)
				unlinkat(top, e[i], AT_REMOVEDIR);
		}
		free(rel);
		free(dir);
	}
	entries_free(e, n);
	if (top >= 0) {
		close(top);
		unlinkat(fd, "students", AT_REMOVEDIR);
	}
	free(where);
	return rc;
}

static int sweep_all(int fd, const struct report_options *o,
		     unsigned langs_now, const struct wrote *w)
{
	int gfd = own_folder(fd, "gradescope"), rc;
	char *where = xasprintf("%s/gradescope", o->dir);

	rc = sweep(fd, o->dir, "", TOP, langs_now, w);
	if (rc == 0 && gfd >= 0)
		rc = sweep(gfd, where, "gradescope", GRADESCOPE, langs_now, w);
	if (gfd >= 0) {
		close(gfd);
		unlinkat(fd, "gradescope", AT_REMOVEDIR);
	}
	if (rc == 0)
		rc = sweep_students(fd, o, langs_now, w);
	free(where);
	return rc;
}

int class_files_render(const struct model *m, const struct report_options *o,
		       int fd, unsigned formats, unsigned langs_now)
{
	struct wrote w = { STRMAP_INIT, STRMAP_INIT };
	int rc = 0;

	if (model_has_class(m)) {
		if ((formats & REPORT_MD) && teacher_write(m, o, fd, &w) < 0)
			rc = -1;
		if (students_write(m, o, fd, formats, &w) < 0)
			rc = -1;
		if (similar_write(m, o, fd, formats, &w) < 0)
			rc = -1;
	}
	/* a render that failed removes nothing */
	if (rc == 0 && sweep_all(fd, o, langs_now, &w) < 0)
		rc = -1;
	strmap_release(&w.files);
	strmap_release(&w.stems);
	return rc;
}
