/* tmpdir.h - a test's temporary folder removed with everything in it,
 * links removed and never followed.  One helper for the tests that made
 * their own (six, written three ways).  A static function in a header,
 * as capture.h, because the Makefile builds each tests/unit/test_*.c on
 * its own. */
#ifndef CULAB_TEST_TMPDIR_H
#define CULAB_TEST_TMPDIR_H

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
 * removed itself (FTW_PHYS).  A folder that is not there is no error. */
static inline void remove_tree(const char *dir)
{
	nftw(dir, tmpdir_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

#endif
