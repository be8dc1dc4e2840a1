/* cachefile.c - the entries of culab's on-disk caches.  See cachefile.h.
 *
 * util.c's file helpers report failures as errors; a cache failure is
 * not the user's error, so the cache checks first what it can (the entry
 * exists and is a regular file of sane size, the directory is writable)
 * and turns what it cannot write into one warning. */
#include "cachefile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "hash.h"
#include "util.h"

#define MAGIC_LEN 8
#define HEAD_LEN (MAGIC_LEN + 64 + 64)

const char *cache_dir(void)
{
	static _Thread_local char dir[PATH_MAX];
	const char *env = getenv("CULAB_CACHE_DIR"), *base;
	int n;

	if (env && *env) {
		if (!strcmp(env, "off"))
			return NULL;
		n = snprintf(dir, sizeof(dir), "%s", env);
	} else if ((base = getenv("XDG_CACHE_HOME")) && base[0] == '/') {
		n = snprintf(dir, sizeof(dir), "%s/culab", base);
	} else if ((base = getenv("HOME")) && *base) {
		n = snprintf(dir, sizeof(dir), "%s/.cache/culab", base);
	} else {
		return NULL;
	}
	return n > 0 && (size_t)n < sizeof(dir) ? dir : NULL;
}

bool cache_key_valid(const char *key)
{
	size_t i;

	if (!key)
		return false;
	for (i = 0; i < 64; i++)
		if (!((key[i] >= '0' && key[i] <= '9') ||
		      (key[i] >= 'a' && key[i] <= 'f')))
			return false;
	return key[64] == '\0';
}

/* The kind's folder, or NULL when the cache is off. */
static char *folder(const struct cache_kind *k)
{
	const char *dir = cache_dir();

	if (!dir)
		return NULL;
	return k->sub ? xasprintf("%s/%s", dir, k->sub) : xstrdup(dir);
}

/* Whether a file of the cache is the user's alone to change: owned by
 * this user, writable by no group and no other user.  A cubin another
 * user could plant or replace would run as the user's code; lines
 * another user wrote would be the user's evidence. */
static bool trusted(const struct stat *st)
{
	return st->st_uid == geteuid() &&
	       !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* A note, once per kind: file `path` of the cache is not used; why. */
static void say_unused(struct cache_kind *k, const char *path,
		       const char *why)
{
	if (atomic_exchange(&k->distrust_said, true))
		return;
	diag_note("the %s's \"%s\" %s: not used, %s", k->what,
		  diag_esc(path), why, k->without);
}

static void say_distrust(struct cache_kind *k, const char *path,
			 const struct stat *st)
{
	if (atomic_exchange(&k->distrust_said, true))
		return;
	diag_note("the %s's \"%s\" is %s: not used, %s (make the cache "
		  "yours alone, chmod go-w, or set CULAB_CACHE_DIR to a "
		  "directory of your own)", k->what, diag_esc(path),
		  st->st_uid != geteuid() ? "another user's" :
		  "writable by other users", k->without);
}

/* Whether a folder of the cache, when it exists, may be used: one the
 * user alone can change (a note once when not). */
static bool dir_trusted(struct cache_kind *k, const char *dir)
{
	struct stat st;

	if (stat(dir, &st) < 0)
		return true;            /* made 0700 when first stored */
	if (!S_ISDIR(st.st_mode))
		return false;           /* the store's warning says why */
	if (trusted(&st))
		return true;
	say_distrust(k, dir, &st);
	return false;
}

/* Whether buf[0..len) is an entry of kind k for key. */
static bool entry_valid(const struct cache_kind *k, const char *key,
			const char *buf, size_t len)
{
	char digest[65];

	return len >= HEAD_LEN && !memcmp(buf, k->magic, MAGIC_LEN) &&
	       !memcmp(buf + MAGIC_LEN, key, 64) &&
	       sha256_hex(buf + HEAD_LEN, len - HEAD_LEN, digest) == 0 &&
	       !memcmp(buf + MAGIC_LEN + 64, digest, 64);
}

/* Up to size bytes of fd, read to its end or an error, into a buffer
 * with a NUL after them (caller frees); *got says how many. */
static char *read_fd(int fd, size_t size, size_t *got)
{
	char *buf = xmalloc(size + 1);
	ssize_t n;

	*got = 0;
	while (*got < size && (n = read(fd, buf + *got, size - *got)) > 0)
		*got += (size_t)n;
	buf[*got] = '\0';
	return buf;
}

int cache_load(struct cache_kind *k, const char *key, char **payload,
	       size_t *len)
{
	char *dir = folder(k), *path = NULL, *buf = NULL;
	struct stat st;
	size_t got = 0;
	int rc = 0, fd = -1;

	*payload = NULL;
	*len = 0;
	if (!dir || !cache_key_valid(key))
		goto out;
	/* the cache directory, then the kind's folder */
	if (k->sub && !dir_trusted(k, cache_dir()))
		goto out;
	if (!dir_trusted(k, dir))
		goto out;
	path = xasprintf("%s/%s", dir, key);
	/* opened without following a link or waiting on a FIFO; checked
	 * before reading: an entry another user could have written is
	 * not used */
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size < HEAD_LEN ||
	    (size_t)st.st_size > k->max_entry + HEAD_LEN)
		goto out;
	if (!trusted(&st)) {
		say_distrust(k, path, &st);
		goto out;
	}
	buf = read_fd(fd, (size_t)st.st_size, &got);
	if (got != (size_t)st.st_size || !entry_valid(k, key, buf, got))
		goto out;
	*len = got - HEAD_LEN;
	*payload = xmalloc(*len + 1);
	memcpy(*payload, buf + HEAD_LEN, *len);
	(*payload)[*len] = '\0';
	/* used: the last to go when the kind is past its bound */
	if (k->max_entries)
		(void)futimens(fd, NULL);
	rc = 1;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	free(path);
	free(dir);
	return rc;
}

static void warn_store(struct cache_kind *k, const char *dir,
		       const char *what)
{
	if (atomic_exchange(&k->warned, true))
		return;
	diag_warning("cannot write the %s in \"%s\": %s; %s next time (set "
		     "CULAB_CACHE_DIR to another directory, or to off)",
		     k->what, dir, what, k->again);
}

/* Creates a folder of the cache (0700) when it does not exist.  Returns
 * 0, or -1 with errno set. */
static int ensure_dir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return 0;
		errno = ENOTDIR;
		return -1;
	}
	if (mkdir_p(dir) < 0)
		return -1;
	return chmod(dir, 0700);
}

struct aged {
	char name[65];
	struct timespec used;
};

static int older_first(const void *a, const void *b)
{
	const struct timespec *x = &((const struct aged *)a)->used,
			      *y = &((const struct aged *)b)->used;

	if (x->tv_sec != y->tv_sec)
		return x->tv_sec < y->tv_sec ? -1 : 1;
	return x->tv_nsec < y->tv_nsec ? -1 : x->tv_nsec > y->tv_nsec;
}

/* Removes the entries of k's folder least recently used until at most
 * k->max_entries are left.  Only names that are keys are counted or
 * removed: the folder is culab's, but what else is there is left. */
static void prune(const struct cache_kind *k, const char *dir)
{
	DIR *d = opendir(dir);
	struct aged *e = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		struct stat st;

		if (!cache_key_valid(de->d_name) ||
		    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			e = xrealloc(e, cap * sizeof(*e));
		}
		memcpy(e[n].name, de->d_name, 65);
		e[n++].used = st.st_mtim;
	}
	if (n > k->max_entries) {
		qsort(e, n, sizeof(*e), older_first);
		for (size_t i = 0; i < n - k->max_entries; i++)
			(void)unlinkat(dirfd(d), e[i].name, 0);
	}
	closedir(d);
	free(e);
}

/* Whether k's folder dir can take a file: 1 yes (made, writable, ours),
 * 0 when the cache is not used there (an untrusted folder: said once),
 * -1 after a warning (it cannot be made or written). */
static int ready_to_write(struct cache_kind *k, const char *dir)
{
	if (ensure_dir(cache_dir()) < 0 || ensure_dir(dir) < 0 ||
	    access(dir, W_OK | X_OK) < 0) {
		warn_store(k, dir, strerror(errno));
		return -1;
	}
	if ((k->sub && !dir_trusted(k, cache_dir())) || !dir_trusted(k, dir))
		return 0;
	return 1;
}

int cache_store(struct cache_kind *k, const char *key, const void *payload,
		size_t len)
{
	char *dir = folder(k), *path = NULL;
	struct sbuf file = SBUF_INIT;
	char digest[65];
	int rc = -1;

	if (!dir) {
		rc = 0;
		goto out;
	}
	if (!cache_key_valid(key) || len > k->max_entry)
		goto out;
	if ((rc = ready_to_write(k, dir)) <= 0)
		goto out;
	rc = -1;
	if (sha256_hex(payload, len, digest) < 0)
		goto out;
	sbuf_addn(&file, k->magic, MAGIC_LEN);
	sbuf_addn(&file, key, 64);
	sbuf_addn(&file, digest, 64);
	sbuf_addn(&file, payload, len);
	path = xasprintf("%s/%s", dir, key);
	if (write_file_atomic(path, file.buf, file.len) < 0) {
		warn_store(k, dir, "the entry was not written");
		goto out;
	}
	if (k->max_entries)
		prune(k, dir);
	rc = 0;
out:
	sbuf_release(&file);
	free(path);
	free(dir);
	return rc;
}

/* ---- a file of the kind's own format ---------------------------------------- */

/* What a file that is not a regular one is, for the note. */
static const char *kind_of(mode_t mode)
{
	return S_ISDIR(mode) ? "is a directory" : S_ISFIFO(mode) ? "is a FIFO" :
	       S_ISLNK(mode) ? "is a symbolic link" :
	       S_ISCHR(mode) || S_ISBLK(mode) ? "is a device" :
	       S_ISSOCK(mode) ? "is a socket" : "is not a regular file";
}

int cache_file_read(struct cache_kind *k, const char *name, char **text,
		    size_t *len)
{
	char *dir = folder(k), *path = NULL, *buf = NULL, why[96];
	struct stat st;
	size_t got = 0;
	int rc = 0, fd = -1;

	*text = NULL;
	*len = 0;
	if (!dir || (k->sub && !dir_trusted(k, cache_dir())) ||
	    !dir_trusted(k, dir))
		goto out;
	path = xasprintf("%s/%s", dir, name);
	if (lstat(path, &st) < 0)
		goto out;               /* missing: nothing to say */
	if (!S_ISREG(st.st_mode)) {
		say_unused(k, path, kind_of(st.st_mode));
		goto out;
	}
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		say_unused(k, path, fd < 0 ? strerror(errno) :
			   kind_of(st.st_mode));
		goto out;
	}
	if (!trusted(&st)) {
		say_distrust(k, path, &st);
		goto out;
	}
	if ((size_t)st.st_size > k->max_entry) {
		snprintf(why, sizeof(why), "is larger than %zu bytes (%lld)",
			 k->max_entry, (long long)st.st_size);
		say_unused(k, path, why);
		goto out;
	}
	buf = read_fd(fd, (size_t)st.st_size, &got);
	*text = buf;
	*len = got;
	buf = NULL;
	rc = 1;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	free(path);
	free(dir);
	return rc;
}

int cache_file_write(struct cache_kind *k, const char *name, const void *data,
		     size_t len)
{
	char *dir = folder(k), *path = NULL;
	struct stat st;
	int rc = -1;

	if (!dir) {
		rc = 0;
		goto out;
	}
	if (len > k->max_entry)
		goto out;
	if ((rc = ready_to_write(k, dir)) <= 0)
		goto out;
	rc = -1;
	path = xasprintf("%s/%s", dir, name);
	/* a directory in its place cannot be renamed over: said here, as
	 * a cache's warning, not by write_file_atomic as an error */
	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		warn_store(k, dir, "its file is a directory");
		goto out;
	}
	if (write_file_atomic(path, data, len) < 0) {
		warn_store(k, dir, "the file was not written");
		goto out;
	}
	rc = 0;
out:
	free(path);
	free(dir);
	return rc;
}
