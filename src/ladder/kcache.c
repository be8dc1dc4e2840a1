/* kcache.c - the on-disk cache of compiled user kernels.  See kcache.h.
 *
 * The key is the SHA-256 of a serialisation in which every field carries
 * its length first (8 bytes, little-endian) and every list its count, so
 * two different inputs never give the same bytes by moving text from one
 * field into the next ("-DA" "B" against "-D" "AB").  It covers the
 * NVRTC version, the architecture, the options, the name expressions,
 * the program's name (it is in the log, and -lineinfo writes it into the
 * code made absolute with the working directory, which is hashed too for
 * a relative name), the include directory, the source, and the text of
 * every local header the source reaches.  Headers are found as NVRTC
 * finds them: #include "..." beside the including file (for the source,
 * in the directory of its name) and then in the include directory;
 * #include <...> in the include directory only (others are the
 * toolkit's, covered by the version); recursively with a depth limit,
 * each file once by its real path, so cycles end.  A header that cannot
 * be read is hashed as missing.
 *
 * An entry is one file, <dir>/<key>:
 *
 *     "CULABKC1"            magic and format version
 *     key                   64 hex digits: the entry answers this key only
 *     digest                64 hex digits: SHA-256 of the payload
 *     payload               length-prefixed fields: cubin, PTX, log, the
 *                           number of lowered names, each lowered name
 *                           (length 2^64-1: none)
 *
 * Loading checks all of it and every length against the file's size;
 * anything else is a miss, and the fresh compilation replaces the entry.
 * Entries are written with write_file_atomic (a temporary file renamed
 * over the entry), so readers never see half of one.  The directory is
 * created 0700: a cubin that another user could replace would run as
 * the user's code.
 *
 * util.c's file helpers report failures as errors; a cache failure is
 * not the user's error, so the cache checks first what it can (the entry
 * exists and is a regular file of sane size, the directory is writable)
 * and turns what it cannot write into one warning. */
#include "kcache.h"

#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/hash.h"
#include "base/util.h"

#define KC_MAGIC "CULABKC1"
#define KC_MAGIC_LEN 8
#define KC_HEAD_LEN (KC_MAGIC_LEN + 64 + 64)
#define KC_MAX_ENTRY ((size_t)256 << 20)
#define KC_MAX_HEADER ((size_t)16 << 20)
#define KC_MAX_DEPTH 16
#define KC_MAX_HEADERS 256
#define KC_MAX_LOWERED 4096
#define KC_NONE UINT64_MAX

static atomic_bool store_warned;

/* ---- length-prefixed fields ----------------------------------------------- */

static void put_u64(struct sbuf *b, uint64_t v)
{
	char c[8];
	int i;

	for (i = 0; i < 8; i++)
		c[i] = (char)(v >> (8 * i));
	sbuf_addn(b, c, sizeof(c));
}

static void put_field(struct sbuf *b, const void *p, size_t n)
{
	put_u64(b, n);
	sbuf_addn(b, p, n);
}

/* A string field; NULL is a field of its own (length KC_NONE). */
static void put_str(struct sbuf *b, const char *s)
{
	if (s)
		put_field(b, s, strlen(s));
	else
		put_u64(b, KC_NONE);
}

struct reader {
	const char *p, *end;
	bool bad;
};

static uint64_t get_u64(struct reader *r)
{
	uint64_t v = 0;
	int i;

	if (r->bad || r->end - r->p < 8) {
		r->bad = true;
		return 0;
	}
	for (i = 0; i < 8; i++)
		v |= (uint64_t)(unsigned char)r->p[i] << (8 * i);
	r->p += 8;
	return v;
}

/* The next field's bytes (into the buffer) and length; NULL for a
 * KC_NONE field or when the data runs short (then r->bad). */
static const char *get_field(struct reader *r, size_t *n)
{
	uint64_t len = get_u64(r);
	const char *p = r->p;

	*n = 0;
	if (r->bad || len == KC_NONE)
		return NULL;
	if (len > (uint64_t)(r->end - r->p)) {
		r->bad = true;
		return NULL;
	}
	*n = (size_t)len;
	r->p += len;
	return p;
}

/* ---- the key ----------------------------------------------------------------- */

/* The walk over the local headers a source reaches. */
struct walk {
	struct sbuf *b;
	const char *include_dir;
	char *seen[KC_MAX_HEADERS];
	size_t nseen;
	bool missing;
};

/* The real path of `name` in `dir` (NULL: the name as it is) when it is
 * a regular file; NULL otherwise. */
static char *find_header(const char *dir, const char *name)
{
	char *path = dir && name[0] != '/' ? xasprintf("%s/%s", dir, name) :
		     xstrdup(name);
	char *real = realpath(path, NULL);
	struct stat st;

	free(path);
	if (real && (stat(real, &st) < 0 || !S_ISREG(st.st_mode))) {
		free(real);
		real = NULL;
	}
	return real;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
}

/* The next #include at or after *p (to end): its name and whether it is
 * quoted ("...") rather than bracketed; false when there is none. */
static bool next_include(const char **p, const char *end, const char **name,
			 size_t *n, bool *quoted)
{
	while (*p < end) {
		const char *s = *p, *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end, *q;
		char close;

		*p = nl ? nl + 1 : end;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		if (s == e || *s++ != '#')
			continue;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		if (e - s < 7 || memcmp(s, "include", 7) != 0)
			continue;
		s += 7;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		if (s == e || (*s != '"' && *s != '<'))
			continue;
		close = *s == '"' ? '"' : '>';
		q = memchr(s + 1, close, (size_t)(e - s - 1));
		if (!q || q == s + 1)
			continue;
		*quoted = close == '"';
		*name = s + 1;
		*n = (size_t)(q - s - 1);
		return true;
	}
	return false;
}

static bool already_seen(struct walk *w, const char *real)
{
	size_t i;

	for (i = 0; i < w->nseen; i++)
		if (!strcmp(w->seen[i], real))
			return true;
	return false;
}

static void walk_text(struct walk *w, const char *text, size_t len,
		      const char *from_dir, int depth);

/* Adds the header `name` (#include'd from a file in from_dir; NULL: the
 * program itself) to the key, and what it includes. */
static void walk_header(struct walk *w, const char *name, bool quoted,
			const char *from_dir, int depth)
{
	char *real = NULL, *text = NULL, *dir;
	struct stat st;
	size_t len;

	if (quoted && from_dir)
		real = find_header(from_dir, name);
	if (!real && w->include_dir)
		real = find_header(w->include_dir, name);
	if (!real) {
		/* "..." must be the user's; <...> not found is the toolkit's */
		if (quoted) {
			put_str(w->b, "missing");
			w->missing = true;
		}
		return;
	}
	if (already_seen(w, real) || w->nseen == KC_MAX_HEADERS ||
	    depth >= KC_MAX_DEPTH) {
		put_str(w->b, "seen or too deep");
		free(real);
		return;
	}
	w->seen[w->nseen++] = real;
	if (stat(real, &st) < 0 || (size_t)st.st_size > KC_MAX_HEADER ||
	    access(real, R_OK) < 0 ||
	    read_file(real, KC_MAX_HEADER, &text, &len) < 0) {
		put_str(w->b, "unreadable");
		w->missing = true;
		return;
	}
	put_str(w->b, "text");
	put_field(w->b, text, len);
	dir = dir_of(real);
	walk_text(w, text, len, dir, depth + 1);
	free(dir);
	free(text);
}

static void walk_text(struct walk *w, const char *text, size_t len,
		      const char *from_dir, int depth)
{
	const char *p = text, *end = text + len, *name;
	bool quoted;
	size_t n;

	while (next_include(&p, end, &name, &n, &quoted)) {
		char *nm = xstrndup(name, n);

		put_str(w->b, quoted ? "include \"\"" : "include <>");
		put_str(w->b, nm);
		walk_header(w, nm, quoted, from_dir, depth);
		free(nm);
	}
}

/* The key into key; *missing when a local header could not be read.
 * Returns 0, or -1 when the digest failed. */
static int compute_key(const struct nvrtc_input *in, char key[65],
		       bool *missing)
{
	struct sbuf b = SBUF_INIT;
	struct walk w = { .b = &b, .include_dir = in->include_dir };
	char ver[32], *dir;
	size_t i;
	int rc;

	put_str(&b, "culab kernel cache key 1");
	put_str(&b, nvrtc_version_text(ver, sizeof(ver)));
	put_str(&b, in->arch);
	put_str(&b, in->path);
	/* -lineinfo writes the absolute path into the code: a relative
	 * one is completed with the working directory */
	if (in->path[0] != '/') {
		char *cwd = getcwd(NULL, 0);

		put_str(&b, cwd ? cwd : "");
		free(cwd);
	}
	put_str(&b, in->include_dir);
	put_u64(&b, in->noptions);
	for (i = 0; i < in->noptions; i++)
		put_str(&b, in->options[i]);
	put_u64(&b, in->nnames);
	for (i = 0; i < in->nnames; i++)
		put_str(&b, in->names[i]);
	put_field(&b, in->text, in->len);
	/* NVRTC takes the program's name for its path: "..." is searched
	 * beside it (from the working directory) before -I */
	dir = dir_of(in->path);
	walk_text(&w, in->text, in->len, dir, 0);
	free(dir);
	rc = sha256_hex(b.buf, b.len, key);
	for (i = 0; i < w.nseen; i++)
		free(w.seen[i]);
	sbuf_release(&b);
	*missing = w.missing;
	return rc;
}

int kcache_key(const struct nvrtc_input *in, char key[65])
{
	bool missing = false;

	if (compute_key(in, key, &missing) < 0) {
		key[0] = '\0';
		return -1;
	}
	return missing ? -1 : 0;
}

/* ---- entries ----------------------------------------------------------------- */

const char *kcache_dir(void)
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

static bool key_valid(const char *key)
{
	size_t i;

	for (i = 0; i < 64; i++)
		if (!((key[i] >= '0' && key[i] <= '9') ||
		      (key[i] >= 'a' && key[i] <= 'f')))
			return false;
	return key[64] == '\0';
}

/* The entry's path, or NULL when the cache is off or the key malformed. */
static char *entry_path(const char *key)
{
	const char *dir = kcache_dir();

	if (!dir || !key || !key_valid(key))
		return NULL;
	return xasprintf("%s/%s", dir, key);
}

/* Parses an entry file's bytes into *out.  Returns 0, or -1 (then *out
 * is released). */
static int parse_entry(const char *key, const char *buf, size_t len,
		       struct nvrtc_output *out)
{
	struct reader r = { buf + KC_HEAD_LEN, buf + len, false };
	char digest[65];
	const char *f;
	uint64_t nlow, i;
	size_t n;

	if (len < KC_HEAD_LEN || memcmp(buf, KC_MAGIC, KC_MAGIC_LEN) ||
	    memcmp(buf + KC_MAGIC_LEN, key, 64) ||
	    sha256_hex(r.p, (size_t)(r.end - r.p), digest) < 0 ||
	    memcmp(buf + KC_MAGIC_LEN + 64, digest, 64))
		return -1;
	f = get_field(&r, &n);
	if (!f || !n)
		goto out_bad;
	out->cubin = xmalloc(n);
	memcpy(out->cubin, f, n);
	out->cubin_len = n;
	f = get_field(&r, &n);
	if (!f || memchr(f, '\0', n))
		goto out_bad;
	out->ptx = xstrndup(f, n);
	out->ptx_len = n;
	f = get_field(&r, &n);
	if (!f || memchr(f, '\0', n))
		goto out_bad;
	out->log = xstrndup(f, n);
	nlow = get_u64(&r);
	if (r.bad || nlow > KC_MAX_LOWERED)
		goto out_bad;
	out->lowered = xcalloc((size_t)nlow, sizeof(*out->lowered));
	out->nlowered = (size_t)nlow;
	for (i = 0; i < nlow; i++) {
		f = get_field(&r, &n);
		if (f && memchr(f, '\0', n))
			goto out_bad;
		if (f)
			out->lowered[i] = xstrndup(f, n);
	}
	if (r.bad || r.p != r.end)
		goto out_bad;
	return 0;

out_bad:
	nvrtc_output_release(out);
	return -1;
}

int kcache_load(const char *key, struct nvrtc_output *out)
{
	char *path = entry_path(key), *buf = NULL;
	struct stat st;
	size_t len;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!path)
		return 0;
	/* checked first: read_file would report these as errors */
	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size < KC_HEAD_LEN ||
	    (size_t)st.st_size > KC_MAX_ENTRY || access(path, R_OK) < 0)
		goto out;
	if (read_file(path, KC_MAX_ENTRY, &buf, &len) < 0)
		goto out;
	rc = parse_entry(key, buf, len, out) == 0;
out:
	free(buf);
	free(path);
	return rc;
}

static void warn_store(const char *dir, const char *what)
{
	if (atomic_exchange(&store_warned, true))
		return;
	diag_warning("cannot write the kernel cache in \"%s\": %s; kernels "
		     "will be compiled again next time (set CULAB_CACHE_DIR "
		     "to another directory, or to off)", dir, what);
}

/* Creates the cache directory (0700) when it does not exist.  Returns 0,
 * or -1 with errno set. */
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

static void serialise_entry(struct sbuf *payload, const struct nvrtc_output *o)
{
	size_t i;

	put_field(payload, o->cubin, o->cubin_len);
	put_field(payload, o->ptx, o->ptx_len);
	put_str(payload, o->log ? o->log : "");
	put_u64(payload, o->nlowered);
	for (i = 0; i < o->nlowered; i++)
		put_str(payload, o->lowered[i]);
}

int kcache_store(const char *key, const struct nvrtc_output *out)
{
	const char *dir = kcache_dir();
	struct sbuf payload = SBUF_INIT, file = SBUF_INIT;
	char digest[65], *path;
	int rc = -1;

	if (!dir)
		return 0;
	path = entry_path(key);
	if (!path || !out->cubin || !out->ptx)
		goto out;
	if (ensure_dir(dir) < 0 || access(dir, W_OK | X_OK) < 0) {
		warn_store(dir, strerror(errno));
		goto out;
	}
	serialise_entry(&payload, out);
	if (sha256_hex(payload.buf, payload.len, digest) < 0)
		goto out;
	sbuf_addn(&file, KC_MAGIC, KC_MAGIC_LEN);
	sbuf_addn(&file, key, 64);
	sbuf_addn(&file, digest, 64);
	sbuf_addn(&file, payload.buf, payload.len);
	if (write_file_atomic(path, file.buf, file.len) < 0) {
		warn_store(dir, "the entry was not written");
		goto out;
	}
	rc = 0;
out:
	sbuf_release(&payload);
	sbuf_release(&file);
	free(path);
	return rc;
}

int kcache_compile(const struct nvrtc_input *in, struct nvrtc_output *out,
		   bool *hit)
{
	char key[65];
	bool missing;
	int rc;

	*hit = false;
	memset(out, 0, sizeof(*out));
	/* without NVRTC the key would lack its version: compile, which
	 * reports what is missing */
	if (!kcache_dir() || nvrtc_open(NULL, 0) < 0 ||
	    compute_key(in, key, &missing) < 0)
		return nvrtc_compile(in, out);
	if (kcache_load(key, out) == 1) {
		if (out->nlowered == in->nnames) {
			*hit = true;
			nvrtc_report_log(in, out->log);
			return 0;
		}
		nvrtc_output_release(out);
	}
	rc = nvrtc_compile(in, out);
	if (rc == 0)
		kcache_store(key, out);
	return rc;
}
