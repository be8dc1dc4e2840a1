/* util_file.c - how culab opens what it reads and makes what it writes.
 * Declared in util.h ("files").
 *
 * Experiment files, results files, templates and kernel sources come
 * from other people, so there is one way in and one way out:
 *  - every file culab reads goes through read_file() or a form of it: the
 *    path is looked at with stat() before it is opened (opening a device
 *    can have effects of its own), opened with O_NONBLOCK (a FIFO swapped
 *    in between still cannot block) and checked again with fstat() before
 *    O_NONBLOCK is cleared for the reads, so anything but a regular file
 *    is refused in one line that says what it is, and no more than the
 *    caller's limit is read;
 *  - every directory culab writes into is opened by dir_make(), one
 *    component at a time with mkdirat() and openat() relative to the
 *    directory above; the directories culab makes inside an output
 *    directory (charts/, slurm/, a rerun's tree, the workers' folders) are
 *    walked with O_NOFOLLOW, so a symbolic link planted where one of them
 *    belongs is refused, never followed;
 *  - files are written by write_file_at() relative to such a descriptor:
 *    a fresh temporary file beside the target, renamed over it with
 *    renameat(), so neither a planted link at the file nor a parent
 *    directory swapped for a link afterwards can redirect the write. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"

/* ---- reading ------------------------------------------------------------ */

/* What a file that is not a regular one is, for "... is a FIFO, not a
 * regular file". */
static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISLNK(mode))
		return "a symbolic link";
	return "a special file";
}

/* How a reason names the file: `what "path"` or `"path"`. */
static void subject(struct sbuf *b, const char *what, const char *path)
{
	if (what)
		sbuf_addf(b, "%s ", what);
	sbuf_addf(b, "\"%s\"", path);
}

/* Refuses st unless it is a regular file of at most max bytes.  Returns
 * 0, or -1 with the reason in why. */
static int check_stat(const struct stat *st, const char *what,
		      const char *path, size_t max, struct sbuf *why)
{
	if (!S_ISREG(st->st_mode)) {
		subject(why, what, path);
		sbuf_addf(why, " is %s, not a regular file",
			  file_kind(st->st_mode));
		return -1;
	}
	if ((unsigned long long)st->st_size > max) {
		subject(why, what, path);
		sbuf_addf(why, " is larger than %zu bytes (%lld)", max,
			  (long long)st->st_size);
		return -1;
	}
	return 0;
}

static void cannot(struct sbuf *why, const char *what, const char *path,
		   int err)
{
	if (what)
		sbuf_addf(why, "cannot read %s \"%s\": %s", what, path,
			  strerror(err));
	else
		sbuf_addf(why, "cannot open \"%s\": %s", path, strerror(err));
}

/* Reads at most max bytes from fd into a NUL-terminated heap buffer.
 * Returns 0, or -1 with the reason in why. */
static int read_all(int fd, const char *what, const char *path, size_t max,
		    char **text, size_t *len, struct sbuf *why)
{
	size_t used = 0, cap = 4096;
	char *buf = xmalloc(cap);

	for (;;) {
		ssize_t r;

		if (used + 1 >= cap) {
			if (cap > max + 1)
				break;
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		r = read(fd, buf + used, cap - used - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			cannot(why, what, path, errno);
			free(buf);
			return -1;
		}
		if (r == 0)
			break;
		used += (size_t)r;
	}
	if (used > max) {
		/* it grew after fstat() */
		subject(why, what, path);
		sbuf_addf(why, " is larger than %zu bytes", max);
		free(buf);
		return -1;
	}
	buf[used] = '\0';
	*text = buf;
	*len = used;
	return 0;
}

/* One file to read: `path` relative to `at`, named `shown` (and `what`)
 * in reasons; with nofollow a symbolic link at path is refused. */
struct input {
	int at;
	const char *path, *shown, *what;
	bool nofollow, quiet_missing;
};

/* The one reader.  Returns 0, 1 when there is no such file (only with
 * quiet_missing), or -1 with the reason in why. */
static int read_at(const struct input *in, size_t max, char **text,
		   size_t *len, struct sbuf *why)
{
	const char *what = in->what, *shown = in->shown;
	struct stat st, fst;
	int fd, rc;

	*text = NULL;
	*len = 0;
	if (fstatat(in->at, in->path, &st,
		    in->nofollow ? AT_SYMLINK_NOFOLLOW : 0) < 0) {
		if (errno == ENOENT && in->quiet_missing)
			return 1;
		cannot(why, what, shown, errno);
		return -1;
	}
	if (check_stat(&st, what, shown, max, why) < 0)
		return -1;
	fd = openat(in->at, in->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC |
		    O_NOCTTY | (in->nofollow ? O_NOFOLLOW : 0));
	if (fd < 0) {
		cannot(why, what, shown, errno);
		return -1;
	}
	if (fstat(fd, &fst) < 0) {
		cannot(why, what, shown, errno);
		rc = -1;
	} else {
		rc = check_stat(&fst, what, shown, max, why);
	}
	/* a regular file now: reads block as usual (a file on a network
	 * file system may answer EAGAIN while O_NONBLOCK is set) */
	if (rc == 0 && fcntl(fd, F_SETFL,
			     fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0) {
		cannot(why, what, shown, errno);
		rc = -1;
	}
	if (rc == 0)
		rc = read_all(fd, what, shown, max, text, len, why);
	close(fd);
	return rc;
}

int read_file(const char *path, size_t max, char **text, size_t *len)
{
	struct input in = { AT_FDCWD, path, path, NULL, false, false };
	struct sbuf why = SBUF_INIT;
	int rc = read_at(&in, max, text, len, &why);

	if (rc < 0)
		diag_error("%s", sbuf_str(&why));
	sbuf_release(&why);
	return rc;
}

int read_file_why(const char *path, const char *what, size_t max, char **text,
		  size_t *len, char *why, size_t whysize)
{
	struct input in = { AT_FDCWD, path, path, what, false, false };
	struct sbuf b = SBUF_INIT;
	int rc = read_at(&in, max, text, len, &b);

	if (rc < 0 && whysize)
		snprintf(why, whysize, "%s", sbuf_str(&b));
	sbuf_release(&b);
	return rc;
}

int read_file_at(int dirfd, const char *dir, const char *name, size_t max,
		 char **text, size_t *len)
{
	char *shown = xasprintf("%s/%s", dir, name);
	struct input in = { dirfd, name, shown, NULL, true, true };
	struct sbuf why = SBUF_INIT;
	int rc = read_at(&in, max, text, len, &why);

	if (rc < 0)
		diag_error("%s", sbuf_str(&why));
	free(shown);
	sbuf_release(&why);
	return rc;
}

/* ---- writing ------------------------------------------------------------ */

/* A fresh name beside others: prefix, this process and a counter, so
 * that writers into one directory do not collide (O_EXCL and mkdirat()
 * catch what is left: a name planted in advance). */
static void fresh_name(char *buf, size_t size, const char *prefix)
{
	static atomic_uint counter;
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(buf, size, "%s%ld.%u.%06lx", prefix, (long)getpid(),
		 atomic_fetch_add(&counter, 1),
		 (unsigned long)ts.tv_nsec & 0xffffff);
}

/* Writes all of data to fd; 0, or -1 with errno set. */
static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

int write_file_at(int dirfd, const char *dir, const char *name,
		  const void *data, size_t len)
{
	char tmp[NAME_MAX + 1];
	int fd = -1, tries = 0, err;

	if (!*name || strchr(name, '/') || strlen(name) > NAME_MAX - 32)
		return diag_error("cannot write \"%s/%s\": not a file name",
				  dir, name);
	do {
		char prefix[NAME_MAX + 1];

		snprintf(prefix, sizeof(prefix), ".%s.tmp.", name);
		fresh_name(tmp, sizeof(tmp), prefix);
		fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL |
			    O_NOFOLLOW | O_CLOEXEC, 0600);
	} while (fd < 0 && errno == EEXIST && ++tries < 100);
	if (fd < 0)
		return diag_error("cannot create a file in \"%s\": %s", dir,
				  strerror(errno));
	/* 0644 whatever the umask, as before: reports are for reading */
	if (fchmod(fd, 0644) < 0 || write_all(fd, data, len) < 0 ||
	    fsync(fd) < 0) {
		err = errno;
		close(fd);
		goto out_unlink;
	}
	if (close(fd) < 0 || renameat(dirfd, tmp, dirfd, name) < 0) {
		err = errno;
		goto out_unlink;
	}
	return 0;

out_unlink:
	unlinkat(dirfd, tmp, 0);
	return diag_error("cannot write \"%s/%s\": %s", dir, name,
			  strerror(err));
}

int write_file_atomic(const char *path, const void *data, size_t len)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd, rc;

	if (!slash)
		return write_file_at(AT_FDCWD, ".", path, data, len) < 0 ? -1 :
		       0;
	dir = slash == path ? xstrdup("/") :
			      xstrndup(path, (size_t)(slash - path));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		rc = diag_error("cannot write \"%s\": %s", path,
				strerror(errno));
	else
		rc = write_file_at(fd, dir, slash + 1, data, len);
	if (fd >= 0)
		close(fd);
	free(dir);
	return rc;
}

/* ---- traces --------------------------------------------------------------- */

/* The trace's reason, said once in a warning; -1. */
static int trace_refused(const char *name, const char *path,
			 const struct stat *st, int err)
{
	if (st)
		diag_warning("%s: \"%s\" is %s, not a regular file: no trace "
			     "written", name, path, file_kind(st->st_mode));
	else
		diag_warning("%s: cannot open \"%s\": %s: no trace written",
			     name, path, strerror(err));
	return -1;
}

int env_trace_open(const char *name, bool truncate)
{
	const char *path = getenv(name);
	struct stat st;
	int fd;

	if (!path || !*path)
		return -1;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return trace_refused(name, path, &st, 0);
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY |
		  O_CLOEXEC, 0644);
	if (fd < 0)
		return trace_refused(name, path, NULL, errno);
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		int err = errno;

		close(fd);
		return trace_refused(name, path, S_ISREG(st.st_mode) ? NULL :
				     &st, err);
	}
	if ((truncate && ftruncate(fd, 0) < 0) ||
	    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0) {
		int err = errno;

		close(fd);
		return trace_refused(name, path, NULL, err);
	}
	return fd;
}

/* ---- directories -------------------------------------------------------- */

/* Why the component `name` of directory fd (shown as `part` of the
 * path `whole`) cannot be opened as a directory: err and what is there. */
static void step_refusal(int fd, const char *name, const char *part,
			 const char *whole, bool nofollow, int err,
			 struct sbuf *why)
{
	struct stat st;

	if (err == ENOTDIR || err == ELOOP) {
		if (nofollow &&
		    fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISLNK(st.st_mode)) {
			sbuf_addf(why, "\"%s\" is a symbolic link, not a "
				  "directory: culab does not follow links "
				  "inside an output directory", part);
			return;
		}
		if (fstatat(fd, name, &st, 0) == 0 && !S_ISDIR(st.st_mode)) {
			const char *kind = S_ISREG(st.st_mode) ? "a file" :
					   file_kind(st.st_mode);

			if (strcmp(part, whole))
				sbuf_addf(why, "cannot create output directory "
					  "\"%s\": \"%s\" is %s", whole, part,
					  kind);
			else
				sbuf_addf(why, "\"%s\" is %s, not a directory",
					  whole, kind);
			return;
		}
	}
	sbuf_addf(why, "cannot create output directory \"%s\": %s", whole,
		  strerror(err));
}

/* Opens the directory `name` (one component) in directory fd, making it
 * when missing.  Returns its descriptor, or -1 with the reason in why and
 * errno set. */
static int step(int fd, const char *name, const char *part,
		const char *whole, bool nofollow, struct sbuf *why)
{
	int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC |
		    (nofollow ? O_NOFOLLOW : 0);
	int sub = openat(fd, name, flags), err;

	if (sub < 0 && errno == ENOENT) {
		if (mkdirat(fd, name, 0755) == 0 || errno == EEXIST)
			sub = openat(fd, name, flags);
	}
	if (sub >= 0)
		return sub;
	err = errno;
	step_refusal(fd, name, part, whole, nofollow, err, why);
	errno = err;
	return -1;
}

/* Refuses what DIR_CONFINED does not walk: an absolute path, or one with
 * "..".  Returns 0, or -1 with the reason in why. */
static int check_confined(const char *path, const char *whole,
			  struct sbuf *why)
{
	if (*path == '/') {
		sbuf_addf(why, "cannot create output directory \"%s\": not a "
			  "relative path", whole);
		return -1;
	}
	for (const char *p = path; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.') {
			sbuf_addf(why, "cannot create output directory \"%s\": "
				  "it goes upwards (\"..\")", whole);
			return -1;
		}
		p += n;
		while (*p == '/')
			p++;
	}
	return 0;
}

/* `base`/path[0..n), as diagnostics show it.  Heap. */
static char *shown_part(const char *base, const char *path, size_t n)
{
	return base ? xasprintf("%s/%.*s", base, (int)n, path) :
		      xstrndup(path, n);
}

/* dir_make() that says why in *why (errno set) instead of printing it. */
static int walk(int at, const char *base, const char *path,
		enum dir_walk how, struct sbuf *why)
{
	bool nofollow = how == DIR_CONFINED;
	char *whole = shown_part(base, path, strlen(path));
	const char *p = path;
	int fd = -1, err = EINVAL;

	if (!*path)
		sbuf_addf(why, "no output directory given (an empty path)");
	else if (!nofollow || check_confined(path, whole, why) == 0) {
		fd = openat(at, *path == '/' ? "/" : ".",
			    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		err = errno;
		if (fd < 0)
			sbuf_addf(why, "cannot create output directory \"%s\": "
				  "%s", whole, strerror(err));
	}
	while (fd >= 0 && *p) {
		size_t n = strcspn(p, "/");
		char *name, *part;
		int sub;

		if (!n || (n == 1 && *p == '.')) {
			p += n + (p[n] == '/');
			continue;
		}
		name = xstrndup(p, n);
		part = shown_part(base, path, (size_t)(p - path) + n);
		sub = step(fd, name, part, whole, nofollow, why);
		err = errno;
		free(name);
		free(part);
		close(fd);
		fd = sub;
		p += n + (p[n] == '/');
	}
	free(whole);
	errno = err;
	return fd;
}

int dir_make(int at, const char *base, const char *path, enum dir_walk how)
{
	struct sbuf why = SBUF_INIT;
	int fd = walk(at, base, path, how, &why);

	if (fd < 0)
		diag_error("%s", sbuf_str(&why));
	sbuf_release(&why);
	return fd;
}

int mkdir_p(const char *dir)
{
	struct sbuf why = SBUF_INIT;
	int fd = walk(AT_FDCWD, NULL, dir, DIR_FOLLOW, &why), err = errno;

	sbuf_release(&why);
	if (fd < 0) {
		errno = err;
		return -1;
	}
	close(fd);
	return 0;
}

int dir_make_temp(int dirfd, const char *prefix, char *name, size_t size)
{
	int tries = 0;

	do {
		fresh_name(name, size, prefix);
		if (mkdirat(dirfd, name, 0700) == 0)
			return 0;
	} while (errno == EEXIST && ++tries < 100);
	return -1;
}

int dir_make_writable(const char *dir)
{
	int fd = dir_make(AT_FDCWD, NULL, dir, DIR_FOLLOW), rc = 0;

	if (fd < 0)
		return -1;
	if (faccessat(fd, ".", W_OK, 0) < 0)
		rc = diag_error("cannot write into output directory \"%s\": "
				"%s", dir, strerror(errno));
	close(fd);
	return rc;
}
