/* test_bad_files.c - golden experiment files.
 *
 * Every tests/bad/NAME.yaml must fail to load with exactly the
 * diagnostics in tests/bad/NAME.err (what `culab check tests/bad/NAME.yaml`
 * prints on stderr), and every tests/good/NAME.yaml must load without a
 * word.  Run from the repository root; each file is a test of its own, so
 * a failure names the file and shows both texts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "experiment/experiment.h"
#include "plan/plan.h"
#include "ladder/kcompile.h"
#include "ladder/ladder.h"
#include "base/util.h"

/* Runs the loader on path, returning its diagnostics (free()) and rc.
 * A file that names kernels of its own is also prepared as `culab check`
 * prepares it (compiled for sm_90, without the cache), since some
 * mistakes are found only then. */
static char *load_capture(const char *path, int *rc)
{
	struct plan_options po = { .counters = true };
	struct experiment_file f;
	struct ukernel_stats st;
	struct plan p = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	setenv("CULAB_CACHE_DIR", "off", 1);
	diag_set_stream(fp);
	*rc = experiment_load(path, &f);
	if (*rc == 0 && f.nkernels) {
		plan_build(&f, &po, &p);
		*rc = plan_prepare_kernels(&p, "sm_90", &st);
		plan_release(&p);
	}
	diag_set_stream(NULL);
	fclose(fp);
	experiment_file_release(&f);
	return buf;
}

static void check_bad(void **state)
{
	const char *path = *state;
	char *errpath = xasprintf("%.*s.err", (int)(strlen(path) - 5), path);
	char *want = NULL, *got;
	size_t wantlen = 0;
	int rc;

	if (read_file(errpath, 1 << 20, &want, &wantlen) < 0)
		fail_msg("%s has no golden %s", path, errpath);
	got = load_capture(path, &rc);
	if (rc != -1)
		fail_msg("%s loaded, but it should fail with:\n%s", path, want);
	if (strcmp(got, want) != 0)
		fail_msg("%s: diagnostics differ\n--- want (%s)\n%s--- got\n%s",
			 path, errpath, want, got);
	free(got);
	free(want);
	free(errpath);
}

static void check_good(void **state)
{
	const char *path = *state;
	char *got;
	int rc;

	got = load_capture(path, &rc);
	if (rc != 0 || *got)
		fail_msg("%s should load without diagnostics, got rc %d:\n%s",
			 path, rc, got);
	free(got);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && strcmp(s + n - m, suffix) == 0;
}

/* Sorted paths of dir's files ending in suffix. */
static char **list_dir(const char *dir, const char *suffix, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **paths = NULL;
	size_t cap = 0;

	*n = 0;
	if (!d) {
		fprintf(stderr, "cannot open %s: run the tests from the "
			"repository root\n", dir);
		exit(1);
	}
	while ((de = readdir(d))) {
		if (!has_suffix(de->d_name, suffix))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			paths = xrealloc(paths, cap * sizeof(*paths));
		}
		paths[(*n)++] = xasprintf("%s/%s", dir, de->d_name);
	}
	closedir(d);
	if (*n > 1)
		qsort(paths, *n, sizeof(*paths), cmp_str);
	return paths;
}

/* Every .err needs its .yaml: a renamed case must not leave a golden
 * that is never compared. */
static void check_no_orphans(void **state)
{
	size_t n;
	char **errs = list_dir("tests/bad", ".err", &n);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		char *yaml = xasprintf("%.*s.yaml", (int)(strlen(errs[i]) - 4),
				       errs[i]);
		FILE *fp = fopen(yaml, "rb");

		if (!fp)
			fail_msg("%s has no %s", errs[i], yaml);
		fclose(fp);
		free(yaml);
		free(errs[i]);
	}
	free(errs);
}

int main(int argc, char **argv)
{
	/* the compile child of the kernels compiled here (kcompile.h) */
	int child = kcompile_child_main(argc, argv);

	if (child >= 0)
		return child;
	size_t nbad, ngood, n = 0;
	char **bad = list_dir("tests/bad", ".yaml", &nbad);
	char **good = list_dir("tests/good", ".yaml", &ngood);
	struct CMUnitTest *tests = xcalloc(nbad + ngood + 1, sizeof(*tests));
	int rc;

	if (nbad < 30 || ngood < 1) {
		fprintf(stderr, "expected at least 30 bad and 1 good files, found "
			"%zu and %zu\n", nbad, ngood);
		return 1;
	}
	for (size_t i = 0; i < nbad; i++)
		tests[n++] = (struct CMUnitTest){ .name = bad[i],
			.test_func = check_bad, .initial_state = bad[i] };
	for (size_t i = 0; i < ngood; i++)
		tests[n++] = (struct CMUnitTest){ .name = good[i],
			.test_func = check_good, .initial_state = good[i] };
	tests[n++] = (struct CMUnitTest){ .name = "no orphan .err files",
		.test_func = check_no_orphans };
	rc = _cmocka_run_group_tests("golden_files", tests, n, NULL, NULL);
	for (size_t i = 0; i < nbad; i++)
		free(bad[i]);
	for (size_t i = 0; i < ngood; i++)
		free(good[i]);
	free(bad);
	free(good);
	free(tests);
	return rc;
}
