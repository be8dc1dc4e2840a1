/* base/files.h - reading and writing files and making directories
 * safely (util_file.c).  Part of util.h, which every module includes. */
#ifndef CULAB_BASE_FILES_H
#define CULAB_BASE_FILES_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- files (util_file.c) ----------------------------------------------
 * Every file culab reads and every directory it writes into goes through
 * these, so the rules of docs/bad-input.md hold in one place. */

/* Reads the regular file `path` whole (at most `max` bytes) into a
 * NUL-terminated heap buffer (caller frees *text).  Anything else is
 * refused before it is read, and before it can block: the path is looked
 * at with stat() first, then opened with O_NONBLOCK | O_NOCTTY and
 * checked again with fstat(); only then is O_NONBLOCK cleared and the
 * file read.  Returns 0, or -1 after a one-line diagnostic ("cannot
 * open \"f\": ...", "\"f\" is a FIFO, not a regular file", "\"f\" is
 * larger than N bytes (M)"). */
int read_file(const char *path, size_t max, char **text, size_t *len);

/* read_file() that prints nothing: the reason goes into why[whysize],
 * naming the file `what "path"` ("kernel source \"k.cu\" is a FIFO, not
 * a regular file"; what NULL: as read_file says it), for callers that
 * put it at a position of their own. */
int read_file_why(const char *path, const char *what, size_t max, char **text,
		  size_t *len, char *why, size_t whysize);

/* read_file() of `name` in directory dirfd (`dir` in diagnostics); a
 * symbolic link at name is refused, not followed.  Returns 0, 1 when
 * there is no such file (nothing printed), or -1 after a diagnostic. */
int read_file_at(int dirfd, const char *dir, const char *name, size_t max,
		 char **text, size_t *len);

/* Writes `len` bytes to `name` (one component) in directory dirfd
 * (`dir` in diagnostics) atomically: a new temporary file beside it
 * (O_EXCL, O_NOFOLLOW, mode 0644), fsync, renameat() over `name`.  A
 * planted symlink at `name` is replaced, never followed, and the file
 * lands in the directory dirfd holds, whatever its path leads to by then.
 * Returns 0, or -1 after a diagnostic naming dir/name. */
int write_file_at(int dirfd, const char *dir, const char *name,
		  const void *data, size_t len);

/* write_file_at() into the directory part of `path`, opened as the path
 * says (links in it followed: the path is the caller's). */
int write_file_atomic(const char *path, const void *data, size_t len);

/* Opens the file that environment variable `name` names, for a trace
 * culab writes lines to (CULAB_EVENT_TRACE, CULAB_DEVICES_TRACE):
 * appended to, or emptied first with `truncate`; created (0644) when
 * missing.  It must be a regular file: the path is looked at with stat()
 * first and opened with O_NONBLOCK | O_NOCTTY, so a FIFO (with no reader
 * it would hold every command in open()), a device or a directory is
 * refused at once.  Returns the descriptor (close-on-exec, O_NONBLOCK
 * cleared), or -1: the variable unset or empty (nothing said), or after
 * one warning ("CULAB_EVENT_TRACE: \"f\" is a FIFO, not a regular
 * file: no trace written"); culab goes on without the trace. */
int env_trace_open(const char *name, bool truncate);

/* How dir_make() walks a path. */
enum dir_walk {
	/* The person's own path (-o DIR, or a default beside their file):
	 * absolute or relative, symbolic links in it followed. */
	DIR_FOLLOW,
	/* A directory culab makes inside an output directory (charts/,
	 * slurm/, a rerun's tree): relative, without "..", and no component
	 * may be a symbolic link. */
	DIR_CONFINED,
};

/* The one function that makes output directories: opens directory
 * `path` relative to `at` (a directory descriptor, or AT_FDCWD), making
 * it and its missing parents (mode 0755) one component at a time with
 * mkdirat() and openat(O_DIRECTORY), with O_NOFOLLOW under DIR_CONFINED.
 * `base` names `at` in diagnostics (NULL: the working directory).
 * Returns the directory's descriptor (close-on-exec; the caller closes
 * it), or -1 after a one-line diagnostic: an empty path, a file where a
 * directory is expected, and under DIR_CONFINED a symbolic link ("\"D/
 * charts\" is a symbolic link, not a directory: ..."), an absolute path
 * or "..". */
int dir_make(int at, const char *base, const char *path, enum dir_walk how);

/* Makes directory dir (a person's own path, or one an experiment file
 * gave and the loader confined: links in it are followed, as DIR_FOLLOW)
 * and checks that culab can write into it.  Returns 0, or -1 after a
 * one-line diagnostic: bad input, refused before anything is written. */
int dir_make_writable(const char *dir);

/* dir_make(AT_FDCWD, NULL, dir, DIR_FOLLOW) without a diagnostic, the
 * descriptor closed: returns 0, or -1 with errno set (for directories
 * that are not output: the kernel cache, the tests' own). */
int mkdir_p(const char *dir);

/* Makes a fresh directory (mode 0700) in dirfd, named prefix and a unique
 * suffix, into name[size].  Returns 0, or -1 with errno set. */
int dir_make_temp(int dirfd, const char *prefix, char *name, size_t size);

#ifdef __cplusplus
}
#endif

#endif
