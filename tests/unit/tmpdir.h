/* tmpdir.h - a test's temporary folder removed with everything in it,
 * links removed and never followed.  One helper for the tests that made
 * their own (six, written three ways) and for those that asked a shell
 * to `rm -rf` theirs.  A static function in a header, as capture.h,
 * because the Makefile builds each tests/unit/test_*.c on its own. */
#ifndef CULAB_TEST_TMPDIR_H
#define CULAB_TEST_TMPDIR_H

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <sys/stat.h>

static inline int tmpdir_remove_one(const char *path, const struct stat *st,
				    int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

/* Removes dir and all it holds, deepest first (FTW_DEPTH); a link is
 * removed itself (FTW_PHYS).  0 when dir is gone, a folder that was not
 * there included; -1 when something in it could not be removed. */
static inline int remove_tree(const char *dir)
{
	if (nftw(dir, tmpdir_remove_one, 16, FTW_DEPTH | FTW_PHYS) == 0)
		return 0;
	return errno == ENOENT ? 0 : -1;
}

#endif
