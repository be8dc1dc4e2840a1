/* kcache.c - the on-disk cache of compiled user kernels.  See kcache.h.
 *
 * The key is the SHA-256 of a serialisation in which every field carries
 * its length first and every list its count (base/frame.h), so two
 * different inputs never give the same bytes by moving text from one
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
 * each file once by its real path, so cycles end.  A directive is found
 * however it is spelled (comments around its "#", lines joined by a
 * backslash, "%:"); a computed #include is refused at its line.  Each
 * header is read as any input: a regular file opened without waiting, at
 * most KC_MAX_HEADER bytes, no NUL byte; one that is not is refused at
 * its #include (and NVRTC never reads it).  A quoted header not found is
 * hashed as missing (NVRTC says so).
 *
 * An entry is a cache entry of base/cachefile.h ("CULABKC1", the key,
 * the digest, the payload: length-prefixed fields: cubin, PTX, log, the
 * number of lowered names, each lowered name (length 2^64-1: none)) in
 * the cache directory itself.  Every length of the payload is checked
 * against its size too; anything else is a miss, and the fresh
 * compilation replaces the entry. */
#include "kcache.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cachefile.h"
#include "base/diag.h"
#include "base/frame.h"
#include "base/hash.h"
#include "base/util.h"
#include "kcompile.h"

#define KC_MAGIC "CULABKC1"
#define KC_MAX_ENTRY ((size_t)256 << 20)
#define KC_MAX_HEADER ((size_t)4 << 20)
#define KC_MAX_DEPTH 16
#define KC_MAX_HEADERS 256
#define KC_MAX_LOWERED 4096

/* ---- the key ----------------------------------------------------------------- */

/* The walk over the local headers a source reaches. */
struct walk {
	struct sbuf *b;
	const char *include_dir;
	char *seen[KC_MAX_HEADERS];
	size_t nseen;
	bool missing;
	bool refused;            /* a header or a directive refused: said */
	bool confined;           /* nvrtc_input's */
	const char *const *confine;
	size_t nconfine;
	bool quiet;              /* kcache_sources_sha256: refusals unsaid */
};

/* The real path of `name` in `dir` (NULL: the name as it is), whatever
 * kind of file it is; NULL when there is none. */
static char *find_header(const char *dir, const char *name)
{
	char *path = dir && name[0] != '/' ? xasprintf("%s/%s", dir, name) :
		     xstrdup(name);
	char *real = realpath(path, NULL);

	free(path);
	return real;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
}

/* Whether #include name `name` is absolute or has a ".." component. */
static bool name_leaves(const char *name)
{
	const char *p = name;

	if (name[0] == '/')
		return true;
	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.')
			return true;
		p += n;
		p += *p == '/';
	}
	return false;
}

/* Whether real path `real` lies in one of w's folders. */
static bool inside_confine(const struct walk *w, const char *real)
{
	for (size_t i = 0; i < w->nconfine; i++) {
		size_t n = strlen(w->confine[i]);

		if (!strcmp(w->confine[i], "/") ||
		    (!strncmp(real, w->confine[i], n) &&
		     (real[n] == '/' || !real[n])))
			return true;
	}
	return false;
}

/* One #include of a text: its name ("..." or <...>), or computed (a
 * macro, which cannot be followed), and where it is. */
struct include {
	char *name;
	bool quoted, computed;
	int line, col;
};

/* The text as the preprocessor's directives see it: comments made one
 * space, lines joined where a backslash ends them; lines[i] is the line
 * of the text where line i of the result starts. */
struct clean {
	struct sbuf t;
	int *lines;
	size_t nlines;
};

static void clean_newline(struct clean *c, int line)
{
	sbuf_addc(&c->t, '\n');
	c->lines = xrealloc(c->lines, (c->nlines + 1) * sizeof(*c->lines));
	c->lines[c->nlines++] = line;
}

static void clean_text(const char *p, size_t len, struct clean *c)
{
	const char *end = p + len;
	int line = 1;
	char quote = 0;

	c->t = (struct sbuf)SBUF_INIT;
	c->lines = NULL;
	c->nlines = 0;
	clean_newline(c, 1);
	while (p < end) {
		if (*p == '\\' && p + 1 < end && p[1] == '\n') {
			p += 2;
			line++;
			continue;
		}
		if (*p == '\\' && p + 2 < end && p[1] == '\r' && p[2] == '\n') {
			p += 3;
			line++;
			continue;
		}
		if (quote) {
			if (*p == '\\' && p + 1 < end && p[1] != '\n') {
				sbuf_addc(&c->t, *p++);
			} else if (*p == quote || *p == '\n') {
				quote = 0;
			}
			if (*p == '\n') {
				clean_newline(c, ++line);
				p++;
				continue;
			}
			sbuf_addc(&c->t, *p++);
			continue;
		}
		if (*p == '/' && p + 1 < end && p[1] == '*') {
			/* a comment is one space, however many lines it spans */
			for (p += 2; p < end && !(*p == '*' && p + 1 < end &&
						  p[1] == '/'); p++)
				line += *p == '\n';
			p = p < end ? p + 2 : end;
			sbuf_addc(&c->t, ' ');
			continue;
		}
		if (*p == '/' && p + 1 < end && p[1] == '/') {
			while (p < end && *p != '\n') {
				if (*p == '\\' && p + 1 < end && p[1] == '\n') {
					p++;
					line++;
				}
				p++;
			}
			sbuf_addc(&c->t, ' ');
			continue;
		}
		if (*p == '\n') {
			clean_newline(c, ++line);
			p++;
			continue;
		}
		if (*p == '"' || *p == '\'')
			quote = *p;
		sbuf_addc(&c->t, *p++);
	}
}

static bool ident_char(char ch)
{
	return ch == '_' || (ch >= 'a' && ch <= 'z') ||
	       (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
}

/* The #include directives of text (len bytes), in order, into *out (the
 * caller frees each name and the array); their number.  A directive is
 * found however it is spelled: spaces and comments around the # and
 * after it, lines joined by a backslash, "%:" for "#". */
static size_t scan_includes(const char *text, size_t len,
			    struct include **out)
{
	struct clean c;
	size_t n = 0;
	const char *s;

	*out = NULL;
	clean_text(text, len, &c);
	s = sbuf_str(&c.t);
	for (size_t i = 0; i < c.nlines && *s; i++) {
		const char *e = strchr(s + 1, '\n'), *p = s + 1, *q;
		const char *eol = e ? e : s + strlen(s);
		struct include inc = { NULL, false, false, 0, 0 };
		char close;

		while (p < eol && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		if (p < eol && *p == '#')
			p++;
		else if (eol - p >= 2 && p[0] == '%' && p[1] == ':')
			p += 2;
		else
			goto next;
		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		if (eol - p >= 12 && !memcmp(p, "include_next", 12) &&
		    !ident_char(p[12]))
			p += 12;
		else if (eol - p >= 7 && !memcmp(p, "include", 7) &&
			 !ident_char(p[7]))
			p += 7;
		else
			goto next;
		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		inc.line = c.lines[i];
		inc.col = 1;
		if (p == eol)
			goto next;    /* NVRTC says what is wrong */
		if (*p != '"' && *p != '<') {
			inc.computed = true;
			inc.name = xstrndup(p, (size_t)(eol - p));
		} else {
			close = *p == '"' ? '"' : '>';
			q = memchr(p + 1, close, (size_t)(eol - p - 1));
			if (!q || q == p + 1)
				goto next;
			inc.quoted = close == '"';
			inc.name = xstrndup(p + 1, (size_t)(q - p - 1));
		}
		*out = xrealloc(*out, (n + 1) * sizeof(**out));
		(*out)[n++] = inc;
next:
		if (!e)
			break;
		s = e;
	}
	sbuf_release(&c.t);
	free(c.lines);
	return n;
}

static bool already_seen(struct walk *w, const char *real)
{
	size_t i;

	for (i = 0; i < w->nseen; i++)
		if (!strcmp(w->seen[i], real))
			return true;
	return false;
}

/* Reads header `real` as every input culab reads is read (read_file's
 * checks: a regular file opened without waiting, so a FIFO is refused,
 * not read; at most KC_MAX_HEADER bytes), and source text: no NUL byte.
 * Returns 0 with *text, or -1 with a reason in why. */
static int read_header(const char *real, char **text, size_t *len,
		       char *why, size_t whysize)
{
	const char *nul;

	if (read_file_why(real, "header", KC_MAX_HEADER, text, len, why,
			  whysize) < 0)
		return -1;
	nul = memchr(*text, '\0', *len);
	if (nul) {
		snprintf(why, whysize, "header \"%s\" holds a NUL byte at "
			 "offset %zu: not source text", diag_esc(real),
			 (size_t)(nul - *text));
		free(*text);
		*text = NULL;
		return -1;
	}
	return 0;
}

/* Refuses #include inc of from_path: its line, unless quiet. */
static void refuse(struct walk *w, const char *from_path,
		   const struct include *inc, const char *why)
{
	if (!w->quiet && !w->refused)
		diag_error_at(from_path, inc->line, inc->col, "#include "
			      "\"%s\": %s", diag_esc(inc->name), why);
	w->refused = true;
}

static void walk_text(struct walk *w, const char *text, size_t len,
		      const char *from_dir, const char *from_path, int depth);

/* Adds the header `inc` (#include'd from from_path, a file in from_dir;
 * NULL: the program itself) to the key, and what it includes. */
static void walk_header(struct walk *w, const struct include *inc,
			const char *from_dir, const char *from_path,
			int depth)
{
	char *real = NULL, *text = NULL, *dir;
	char why[PATH_MAX + 256];
	size_t len;

	if (w->confined && name_leaves(inc->name)) {
		refuse(w, from_path, inc, "a submission includes only the files "
		       "of its own folder and the class's headers: no absolute "
		       "path, no \"..\"");
		return;
	}
	if (inc->quoted && from_dir)
		real = find_header(from_dir, inc->name);
	if (!real && w->include_dir)
		real = find_header(w->include_dir, inc->name);
	if (!real) {
		/* "..." must be the user's; <...> not found is the toolkit's */
		if (inc->quoted) {
			frame_put_str(w->b, "missing");
			w->missing = true;
		}
		return;
	}
	if (w->confined && !inside_confine(w, real)) {
		snprintf(why, sizeof(why), "header \"%s\" lies outside the "
			 "submission's own folder and the class's headers (a "
			 "submission includes nothing else: not another "
			 "student's file, not a link out)", diag_esc(real));
		refuse(w, from_path, inc, why);
		free(real);
		return;
	}
	if (already_seen(w, real)) {
		frame_put_str(w->b, "seen or too deep");
		free(real);
		return;
	}
	if (w->nseen == KC_MAX_HEADERS || depth >= KC_MAX_DEPTH) {
		/* confined, a header must be read to be let through */
		if (w->confined)
			refuse(w, from_path, inc, "a submission's headers are "
			       "more than 256 or nested more than 16 deep");
		frame_put_str(w->b, "seen or too deep");
		free(real);
		return;
	}
	w->seen[w->nseen++] = real;
	if (read_header(real, &text, &len, why, sizeof(why)) < 0) {
		refuse(w, from_path, inc, why);
		return;
	}
	frame_put_str(w->b, "text");
	frame_put_field(w->b, text, len);
	dir = dir_of(real);
	walk_text(w, text, len, dir, real, depth + 1);
	free(dir);
	free(text);
}

static void walk_text(struct walk *w, const char *text, size_t len,
		      const char *from_dir, const char *from_path, int depth)
{
	struct include *incs;
	size_t n = scan_includes(text, len, &incs);

	for (size_t i = 0; i < n; i++) {
		if (incs[i].computed) {
			if (!w->refused && !w->quiet)
				diag_error_at(from_path, incs[i].line,
					      incs[i].col, "#include %s: a "
					      "computed #include cannot be "
					      "followed (culab must know every "
					      "header a kernel reads); name the "
					      "header: #include \"file.h\"",
					      diag_esc(incs[i].name));
			w->refused = true;
		} else if (!w->refused) {
			frame_put_str(w->b, incs[i].quoted ? "include \"\"" :
				"include <>");
			frame_put_str(w->b, incs[i].name);
			walk_header(w, &incs[i], from_dir, from_path, depth);
		}
		free(incs[i].name);
	}
	free(incs);
}

/* The key into key; *missing when a local header could not be read.
 * Returns 0, or -1 when the digest failed. */
static int compute_key(const struct nvrtc_input *in, char key[65],
		       bool *missing)
{
	struct sbuf b = SBUF_INIT;
	struct walk w = { .b = &b, .include_dir = in->include_dir,
			  .confined = in->confined, .confine = in->confine,
			  .nconfine = in->nconfine };
	char ver[32], *dir;
	size_t i;
	int rc;

	frame_put_str(&b, "culab kernel cache key 1");
	frame_put_str(&b, nvrtc_version_text(ver, sizeof(ver)));
	frame_put_str(&b, in->arch);
	frame_put_str(&b, in->path);
	/* -lineinfo writes the absolute path into the code: a relative
	 * one is completed with the working directory */
	if (in->path[0] != '/') {
		char *cwd = getcwd(NULL, 0);

		frame_put_str(&b, cwd ? cwd : "");
		free(cwd);
	}
	frame_put_str(&b, in->include_dir);
	frame_put_u64(&b, in->noptions);
	for (i = 0; i < in->noptions; i++)
		frame_put_str(&b, in->options[i]);
	frame_put_u64(&b, in->nnames);
	for (i = 0; i < in->nnames; i++)
		frame_put_str(&b, in->names[i]);
	frame_put_field(&b, in->text, in->len);
	/* NVRTC takes the program's name for its path: "..." is searched
	 * beside it (from the working directory) before -I */
	dir = dir_of(in->path);
	walk_text(&w, in->text, in->len, dir, in->path, 0);
	free(dir);
	rc = w.refused ? -2 : sha256_hex(b.buf, b.len, key);
	for (i = 0; i < w.nseen; i++)
		free(w.seen[i]);
	sbuf_release(&b);
	*missing = w.missing;
	return rc;
}

int kcache_sources_sha256(const struct nvrtc_input *in, char out[65])
{
	struct sbuf b = SBUF_INIT;
	struct walk w = { .b = &b, .include_dir = in->include_dir,
			  .confined = in->confined, .confine = in->confine,
			  .nconfine = in->nconfine, .quiet = true };
	char *dir = dir_of(in->path);
	int rc;

	frame_put_str(&b, "culab kernel sources 1");
	frame_put_field(&b, in->text, in->len);
	walk_text(&w, in->text, in->len, dir, in->path, 0);
	free(dir);
	rc = sha256_hex(b.buf, b.len, out);
	for (size_t i = 0; i < w.nseen; i++)
		free(w.seen[i]);
	sbuf_release(&b);
	if (rc < 0)
		out[0] = '\0';
	return rc < 0 ? -1 : 0;
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

static struct cache_kind kernels = {
	.magic = KC_MAGIC, .sub = NULL, .max_entry = KC_MAX_ENTRY,
	.max_entries = 0, .what = "kernel cache",
	.without = "kernels are compiled",
	.again = "kernels will be compiled again",
};

const char *kcache_dir(void)
{
	return cache_dir();
}

int kcache_load(const char *key, struct nvrtc_output *out)
{
	struct frame_reader r;
	char *payload;
	size_t len;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (cache_load(&kernels, key, &payload, &len) != 1)
		return 0;
	r = (struct frame_reader){ payload, payload + len, false };
	if (nvrtc_output_get(&r, KC_MAX_LOWERED, out) == 0) {
		if (r.p == r.end)
			rc = 1;
		else
			nvrtc_output_release(out);
	}
	free(payload);
	return rc;
}

int kcache_store(const char *key, const struct nvrtc_output *out)
{
	struct sbuf payload = SBUF_INIT;
	int rc;

	if (!cache_dir())
		return 0;
	if (!cache_key_valid(key) || !out->cubin || !out->ptx)
		return -1;
	nvrtc_output_put(&payload, out);
	rc = cache_store(&kernels, key, payload.buf, payload.len);
	sbuf_release(&payload);
	return rc;
}

int kcache_compile(const struct nvrtc_input *in, struct nvrtc_output *out,
		   bool *hit)
{
	char key[65];
	bool missing;
	int rc, krc;

	*hit = false;
	memset(out, 0, sizeof(*out));
	/* without NVRTC the key would lack its version: compile, which
	 * reports what is missing */
	if (nvrtc_open(NULL, 0) < 0)
		return nvrtc_compile(in, out);
	/* the walk over the headers, also without a cache: a header that
	 * NVRTC must not read (a FIFO, NUL bytes, too large) or a computed
	 * #include stops the compilation before NVRTC starts */
	krc = compute_key(in, key, &missing);
	if (krc == -2)
		return 1;
	/* NVRTC runs in a child, within limits (kcompile.h) */
	if (!kcache_dir() || krc < 0)
		return kcompile_run(in, out);
	if (kcache_load(key, out) == 1) {
		if (out->nlowered == in->nnames) {
			*hit = true;
			nvrtc_report_log(in, out->log);
			return 0;
		}
		nvrtc_output_release(out);
	}
	rc = kcompile_run(in, out);
	if (rc == 0)
		kcache_store(key, out);
	return rc;
}
