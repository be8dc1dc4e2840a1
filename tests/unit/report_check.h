/* report_check.h - checks shared by the report's tests (test_report*.c,
 * test_zh.c, test_plot.c): the source tree, image files, Markdown tables,
 * scratch folders (made, then removed or kept with CULAB_TEST_KEEP).
 * Static functions in a header, because the Makefile builds each
 * tests/unit/test_*.c on its own. */
#ifndef CULAB_TEST_REPORT_CHECK_H
#define CULAB_TEST_REPORT_CHECK_H

#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"
#include "report/report.h"
#include "results/results.h"
#include "tmpdir.h"

extern char **environ;

/* EXPECT_IN(hay, needle): fails unless the text hay (not NULL) holds
 * needle, showing hay's start; EXPECT_NOT_IN: fails if it does, or if
 * there is no text, showing where.  The report's tests' one pair. */
static inline void check_in_at(const char *file, int line, const char *hay,
			       const char *needle)
{
	if (!hay || !strstr(hay, needle))
		fail_msg("%s:%d: expected \"%s\" in \"%.3000s\"", file, line,
			 needle, hay ? hay : "(no text)");
}

static inline void check_not_in_at(const char *file, int line,
				   const char *hay, const char *needle)
{
	const char *at = hay ? strstr(hay, needle) : NULL;

	if (!hay)
		fail_msg("%s:%d: no text to look for \"%s\" in", file, line,
			 needle);
	if (at)
		fail_msg("%s:%d: did not expect \"%s\", at \"%.600s\"", file,
			 line, needle, at);
}

#define EXPECT_IN(hay, needle) check_in_at(__FILE__, __LINE__, (hay), (needle))
#define EXPECT_NOT_IN(hay, needle)                                             \
	check_not_in_at(__FILE__, __LINE__, (hay), (needle))

/* Fails unless got and want are equal strings, or both NULL. */
#define EXPECT_STR(got, want)                                                  \
	do {                                                                   \
		const char *g_ = (got), *w_ = (want);                          \
		if (!g_ || !w_ ? g_ != w_ : strcmp(g_, w_) != 0)               \
			fail_msg("%s:%d: got \"%s\", want \"%s\"", __FILE__,   \
				 __LINE__, g_ ? g_ : "(null)",                 \
				 w_ ? w_ : "(null)");                          \
	} while (0)

/* The source tree the recorded fixtures are read from: $CULAB_SRCDIR, or
 * the working directory. */
static inline const char *srcdir(void)
{
	const char *s = getenv("CULAB_SRCDIR");

	return s && *s ? s : ".";
}

/* o as report_options_init() sets it, writing into dir with the
 * templates of the source tree (srcdir()). */
static inline void report_test_options(struct report_options *o,
				       const char *dir)
{
	static char templates[4096];

	report_options_init(o);
	snprintf(templates, sizeof(templates), "%s/templates", srcdir());
	o->dir = dir;
	o->template_dir = templates;
}

/* A fresh folder /tmp/culab-test-WHO-XXXXXX for one test (heap): the
 * test fails when it cannot be made.  scratch_done ends it. */
static inline char *scratch_for(const char *who)
{
	char *dir = xasprintf("/tmp/culab-test-%s-XXXXXX", who);

	assert_non_null(mkdtemp(dir));
	return dir;
}

/* Removes dir and all it holds, or, with CULAB_TEST_KEEP set, keeps it
 * and says where; frees dir. */
static inline void scratch_done(char *dir)
{
	if (getenv("CULAB_TEST_KEEP"))
		fprintf(stderr, "kept %s\n", dir);
	else
		remove_tree(dir);
	free(dir);
}

/* Blanks out fenced code blocks (``` or longer fences), in place: their
 * lines are neither prose nor tables. */
static inline void strip_fences(char *md)
{
	char *p = md;

	while ((p = strstr(p, "```")) != NULL) {
		size_t fence = strspn(p, "`");
		char *close = p + fence, *end;

		for (;;) {
			close = strstr(close, "\n");
			if (!close)
				return;
			close++;
			if (strspn(close, "`") >= fence)
				break;
		}
		end = close + strspn(close, "`");
		memset(p, ' ', (size_t)(end - p));
		p = end;
	}
}

#ifdef CULAB_RESULTS_H
/* Reads recorded results file `rel` (relative to srcdir()) into *r;
 * false, and the test is skipped, when the file is not in this tree. */
static inline bool read_recorded(const char *rel, struct results *r)
{
	char path[PATH_MAX];
	bool ok;

	snprintf(path, sizeof(path), "%s/%s", srcdir(), rel);
	ok = access(path, R_OK) == 0;
	memset(r, 0, sizeof(*r));
	if (ok)
		assert_int_equal(results_read(path, r), 0);
	else
		fprintf(stderr, "%s: not in this tree, skipped\n", path);
	return ok;
}
#endif

/* Reads a whole file into a heap string (NULL if it cannot be read). */
static inline char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!fp)
		return NULL;
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap + 1);
		}
		got = fread(buf + n, 1, cap - n, fp);
		n += got;
	} while (got);
	fclose(fp);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

/* The text of section `head` ("## Findings") up to the next "## ", of
 * every page of md that has it (each family's), one after the other, as
 * a heap string; NULL when none has it. */
static inline char *sections_of(const char *md, const char *head)
{
	const char *s = strstr(md, head), *e;
	char *all;

	if (!s)
		return NULL;
	all = xstrdup("");
	for (; s; s = e ? strstr(e, head) : NULL) {
		char *more;

		e = strstr(s + strlen(head), "\n## ");
		more = e ? xasprintf("%s%.*s", all, (int)(e - s), s) :
			   xasprintf("%s%s", all, s);
		free(all);
		all = more;
	}
	return all;
}

static inline int family_page_filter(const struct dirent *e)
{
	return strncmp(e->d_name, "details-", 8) == 0;
}

/* text (a heap string, freed) with the family pages of the report in
 * dir appended, those of language lang (details-FAMILY.<lang>.md, in name
 * order), each after a form feed: "the details" of a report are its
 * details page and its families' pages.  Returns a heap string. */
static inline char *with_family_pages(char *text, const char *dir,
				      const char *lang)
{
	struct dirent **names = NULL;
	int n = scandir(dir, &names, family_page_filter, alphasort);
	char end[16];
	size_t len = strlen(text), cap = len + 1;

	snprintf(end, sizeof(end), ".%s.md", lang);
	for (int i = 0; i < n; i++) {
		const char *f = names[i]->d_name;
		size_t fl = strlen(f);

		if (fl > strlen(end) && !strcmp(f + fl - strlen(end), end)) {
			char path[PATH_MAX];
			char *more;

			snprintf(path, sizeof(path), "%s/%s", dir, f);
			more = slurp(path, NULL);
			if (more) {
				size_t ml = strlen(more);

				if (len + ml + 2 > cap) {
					cap = len + ml + 2;
					text = realloc(text, cap);
				}
				text[len++] = '\f';
				memcpy(text + len, more, ml + 1);
				len += ml;
				free(more);
			}
		}
		free(names[i]);
	}
	free(names);
	return text;
}

/* A valid, non-empty PNG: the 8-byte signature, then an IHDR chunk of 13
 * bytes with non-zero width and height.  Returns NULL or what is wrong. */
static inline const char *png_problem(const char *path)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
					      0x1a, '\n' };
	size_t len;
	unsigned char *b = (unsigned char *)slurp(path, &len);
	const char *why = NULL;

	if (!b)
		return "cannot read";
	if (len < 33)
		why = "shorter than signature + IHDR";
	else if (memcmp(b, sig, 8) != 0)
		why = "no PNG signature";
	else if (memcmp(b + 12, "IHDR", 4) != 0 ||
		 (b[8] | b[9] | b[10]) != 0 || b[11] != 13)
		why = "first chunk is not a 13-byte IHDR";
	else if (!(b[16] | b[17] | b[18] | b[19]) ||
		 !(b[20] | b[21] | b[22] | b[23]))
		why = "zero width or height";
	free(b);
	return why;
}

/* A valid SVG: starts with <?xml or <svg, contains <svg, ends with </svg>
 * (trailing blanks allowed). */
static inline const char *svg_problem(const char *path)
{
	size_t len;
	char *b = slurp(path, &len);
	const char *why = NULL;

	if (!b)
		return "cannot read";
	while (len && (b[len - 1] == '\n' || b[len - 1] == ' ' ||
		       b[len - 1] == '\r'))
		b[--len] = '\0';
	if (strncmp(b, "<?xml", 5) != 0 && strncmp(b, "<svg", 4) != 0)
		why = "does not start with <?xml or <svg";
	else if (!strstr(b, "<svg"))
		why = "no <svg element";
	else if (len < 6 || strcmp(b + len - 6, "</svg>") != 0)
		why = "does not end with </svg>";
	free(b);
	return why;
}

/* Cells of one Markdown table line: unescaped '|' count minus one. */
static inline int table_cells(const char *line, size_t len)
{
	int pipes = 0;

	for (size_t i = 0; i < len; i++) {
		if (line[i] == '\\') {
			i++;
			continue;
		}
		pipes += line[i] == '|';
	}
	return pipes - 1;
}

/* Checks that every table in `md` has the same number of cells on each of
 * its lines.  Returns the number of tables, or -(1-based line) of the
 * first line that breaks its table. */
static inline int tables_check(const char *md)
{
	int tables = 0, line = 0, want = -1;
	const char *p = md;

	while (*p) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		line++;
		if (len && p[0] == '|') {
			int cells = table_cells(p, len);

			if (want < 0) {
				want = cells;
				tables++;
			} else if (cells != want) {
				return -line;
			}
		} else {
			want = -1;
		}
		p += len + (end != NULL);
	}
	return tables;
}

/* The table line of `md` that contains `needle`, copied (NULL if none). */
static inline char *table_line_with(const char *md, const char *needle)
{
	const char *p = md;

	while ((p = strstr(p, needle)) != NULL) {
		const char *start = p, *end;

		while (start > md && start[-1] != '\n')
			start--;
		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		if (*start == '|') {
			char *line = malloc((size_t)(end - start) + 1);

			memcpy(line, start, (size_t)(end - start));
			line[end - start] = '\0';
			return line;
		}
		p = end;
	}
	return NULL;
}

/* The `index`-th cell (0-based) of a table line, copied and trimmed. */
static inline char *table_cell(const char *line, int index)
{
	int cell = -1;
	const char *start = NULL;

	for (const char *p = line; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p != '|')
			continue;
		if (cell == index) {
			const char *e = p;
			char *out;

			while (start < e && *start == ' ')
				start++;
			while (e > start && e[-1] == ' ')
				e--;
			out = malloc((size_t)(e - start) + 1);
			memcpy(out, start, (size_t)(e - start));
			out[e - start] = '\0';
			return out;
		}
		cell++;
		start = p + 1;
	}
	return NULL;
}

static inline bool file_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* Runs `gnuplot script` in `dir` (argument vector, no shell); returns its
 * exit status or -1. */
static inline int gnuplot_in(const char *dir, const char *script)
{
	posix_spawn_file_actions_t fa;
	char *argv[] = { "gnuplot", (char *)script, NULL };
	pid_t pid;
	int status, err;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addchdir_np(&fa, dir);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	err = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err)
		return -1;
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* Whether any file in /tmp starts with `prefix`. */
static inline bool tmp_has_prefix(const char *prefix)
{
	DIR *d = opendir("/tmp");
	struct dirent *e;
	bool found = false;

	if (!d)
		return false;
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, prefix, strlen(prefix)) == 0)
			found = true;
	closedir(d);
	return found;
}

#if defined(CULAB_UTIL_H) && defined(assert_int_equal)
/* Compares `got` with tests/golden/NAME (NAME may hold a directory), or
 * writes it there first when CULAB_UPDATE_GOLDEN is set
 * (tests/update_golden.sh); fails naming the first line that differs. */
static inline void golden_check(const char *got, const char *name)
{
	char *golden = xasprintf("%s/tests/golden/%s", srcdir(), name), *want;

	if (getenv("CULAB_UPDATE_GOLDEN")) {
		char *gdir = xstrdup(golden);

		*strrchr(gdir, '/') = '\0';
		assert_int_equal(mkdir_p(gdir), 0);
		assert_int_equal(write_file_atomic(golden, got, strlen(got)), 0);
		fprintf(stderr, "wrote %s\n", golden);
		free(gdir);
	}
	want = slurp(golden, NULL);
	if (!want)
		fail_msg("%s:%d: %s is missing: run tests/update_golden.sh",
			 __FILE__, __LINE__, golden);
	if (strcmp(got, want) != 0) {
		int line = 1;
		size_t i = 0;

		while (got[i] && got[i] == want[i])
			line += got[i++] == '\n';
		fail_msg("%s:%d: %s differs from the rendered report at line %d "
			 "(run tests/update_golden.sh if the change is intended)",
			 __FILE__, __LINE__, golden, line);
	}
	free(want);
	free(golden);
}
#endif

#endif
