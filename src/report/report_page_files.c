/* report_page_files.c - a page's files in the output folder: its HTML
 * written beside (or instead of) its Markdown, and a page of an earlier
 * render that this one did not write removed.  Shared by the report's
 * pages (report_render.c) and a class's files (report_class_files.c),
 * below both.  See report_pages.h. */
#include "report_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/files.h"
#include "report_html.h"

int page_remove_stale(int dirfd, const char *dir, const char *file)
{
	struct stat st;

	if (fstatat(dirfd, file, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
		return 0;
	if (unlinkat(dirfd, file, 0) < 0)
		return diag_error("cannot remove %s/%s, a page of an earlier "
				  "report: %s", diag_esc(dir), diag_esc(file),
				  strerror(errno));
	return 0;
}

int page_html_write(int dirfd, const char *dir, const char *file,
		    const char *md, const char *lang, const char *md_file)
{
	char *html;
	int rc;

	if (strlen(md) > REPORT_HTML_MAX_MD) {
		diag_note("%s/%s not written: the report is %zu kB of Markdown, "
			  "past the %u kB an HTML page is made of; read %s/%s",
			  diag_esc(dir), file, strlen(md) >> 10,
			  REPORT_HTML_MAX_MD >> 10, diag_esc(dir), md_file);
		return page_remove_stale(dirfd, dir, file) < 0 ? -1 : 1;
	}
	html = report_html(md, lang, dir);
	if (!html)
		return -1;
	rc = write_file_at(dirfd, dir, file, html, strlen(html));
	free(html);
	return rc;
}
