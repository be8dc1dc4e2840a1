/* test_cachefile.c - the entries of culab's on-disk caches
 * (base/cachefile.h): bytes back as stored, under their key and kind
 * only; an entry that does not check out is a miss; a kind in a folder of
 * its own; the bound keeps the entries used last.  Everything lives in a
 * temporary directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/cachefile.h"
#include "base/util.h"

#include "tmpdir.h"

static char tmp[] = "/tmp/culab-test-cachefile-XXXXXX";

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(tmp))
		return -1;
	setenv("CULAB_CACHE_DIR", tmp, 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return remove_tree(tmp);
}

/* Key number i: 64 hex digits. */
static void key_of(int i, char key[65])
{
	snprintf(key, 65, "%064x", i);
}

static size_t entries(const char *sub)
{
	char *dir = xasprintf("%s/%s", tmp, sub);
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	assert_non_null(d);
	while ((de = readdir(d)))
		n += cache_key_valid(de->d_name);
	closedir(d);
	free(dir);
	return n;
}

/* Sets entry i's last use to `secs` seconds after the epoch. */
static void used_at(const char *sub, int i, time_t secs)
{
	char key[65], *path;
	struct timespec t[2] = { { secs, 0 }, { secs, 0 } };

	key_of(i, key);
	path = xasprintf("%s/%s/%s", tmp, sub, key);
	assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
	free(path);
}

/* Stored bytes come back for their key and kind only; a flipped byte, a
 * truncated entry and a malformed key are misses. */
static void test_round_trip(void **state)
{
	static struct cache_kind a = { .magic = "CULABTA1", .sub = "a",
				       .max_entry = 1024, .what = "test cache",
				       .without = "x", .again = "x" };
	static struct cache_kind b = { .magic = "CULABTB1", .sub = "a",
				       .max_entry = 1024, .what = "test cache",
				       .without = "x", .again = "x" };
	char key[65], other[65], *got, *path;
	size_t len;
	FILE *fp;

	(void)state;
	key_of(1, key);
	key_of(2, other);
	assert_int_equal(cache_store(&a, key, "payload", 7), 0);
	assert_int_equal(cache_load(&a, key, &got, &len), 1);
	assert_int_equal(len, 7);
	assert_string_equal(got, "payload");
	free(got);
	assert_int_equal(cache_load(&a, other, &got, &len), 0);
	assert_null(got);
	/* another kind's magic in the same folder */
	assert_int_equal(cache_load(&b, key, &got, &len), 0);
	assert_int_equal(cache_load(&a, "not-a-key", &got, &len), 0);
	/* past the kind's size: not stored */
	assert_int_equal(cache_store(&a, other, tmp, 2000), -1);
	/* a byte of the payload flipped: the digest says no */
	path = xasprintf("%s/a/%s", tmp, key);
	assert_non_null(fp = fopen(path, "r+b"));
	assert_int_equal(fseek(fp, -1, SEEK_END), 0);
	fputc('X', fp);
	fclose(fp);
	assert_int_equal(cache_load(&a, key, &got, &len), 0);
	/* stored again, then truncated */
	assert_int_equal(cache_store(&a, key, "payload", 7), 0);
	assert_int_equal(truncate(path, 100), 0);
	assert_int_equal(cache_load(&a, key, &got, &len), 0);
	free(path);
}

/* A bounded kind keeps its newest entries by last use: a store past the
 * bound removes the least recently used, and a hit counts as a use;
 * files that are not keys are left alone. */
static void test_bound(void **state)
{
	static struct cache_kind k = { .magic = "CULABTC1", .sub = "b",
				       .max_entry = 64, .max_entries = 3,
				       .what = "test cache", .without = "x",
				       .again = "x" };
	char key[65], *got, *note;
	size_t len;

	(void)state;
	for (int i = 1; i <= 3; i++) {
		key_of(i, key);
		assert_int_equal(cache_store(&k, key, "v", 1), 0);
		used_at("b", i, 1000 + i);
	}
	note = xasprintf("%s/b/README", tmp);
	assert_int_equal(write_file_atomic(note, "mine\n", 5), 0);
	/* entry 1, the oldest, used now */
	key_of(1, key);
	assert_int_equal(cache_load(&k, key, &got, &len), 1);
	free(got);
	/* a fourth: entry 2 is now the least recently used and goes */
	key_of(4, key);
	assert_int_equal(cache_store(&k, key, "v", 1), 0);
	assert_int_equal(entries("b"), 3);
	key_of(2, key);
	assert_int_equal(cache_load(&k, key, &got, &len), 0);
	for (int i = 1; i <= 4; i += (i == 1 ? 2 : 1)) {
		key_of(i, key);
		assert_int_equal(cache_load(&k, key, &got, &len), 1);
		free(got);
	}
	assert_int_equal(access(note, F_OK), 0);
	free(note);
}

/* CULAB_CACHE_DIR=off: nothing stored, nothing found, no error. */
static void test_off(void **state)
{
	static struct cache_kind k = { .magic = "CULABTD1", .sub = "c",
				       .max_entry = 64, .what = "test cache",
				       .without = "x", .again = "x" };
	char key[65], *got;
	size_t len;

	(void)state;
	key_of(9, key);
	setenv("CULAB_CACHE_DIR", "off", 1);
	assert_null(cache_dir());
	assert_int_equal(cache_store(&k, key, "v", 1), 0);
	assert_int_equal(cache_load(&k, key, &got, &len), 0);
	setenv("CULAB_CACHE_DIR", tmp, 1);
	assert_int_equal(cache_load(&k, key, &got, &len), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_bound),
		cmocka_unit_test(test_off),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
