/* test_kcache.c - the kernel cache: what the key covers (no compiling),
 * entries that do not check out are misses, a miss then a hit with the
 * same bytes and the same warnings, a corrupt entry rewritten, the cache
 * off, and a cache that cannot be written warning once; a submission's
 * headers confined to its folder, and the identity of a kernel's
 * sources.  Everything
 * lives in a temporary directory; three real compilations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"
#include "tmpdir.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "ladder/kcompile.h"
#include "ladder/kcache.h"
#include "ladder/nvrtc.h"
#include "base/util.h"

static char tmp[64];

/* ---- helpers ------------------------------------------------------------------ */

static char *tmp_path(const char *name)
{
	return xasprintf("%s/%s", tmp, name);
}

static void write_text(const char *name, const char *text)
{
	char *path = tmp_path(name);
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	free(path);
}

/* Files in directory `name` under tmp (-1 when it does not exist). */
static int count_files(const char *name)
{
	char *path = tmp_path(name);
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	free(path);
	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void use_cache(const char *name)
{
	char *path = tmp_path(name);

	setenv("CULAB_CACHE_DIR", path, 1);
	free(path);
}

static void require_nvrtc(void)
{
	char why[640];

	if (nvrtc_open(why, sizeof(why)) < 0)
		fail_msg("NVRTC is needed for this test: %s", why);
}

static int setup(void **state)
{
	char *src, *sub;

	(void)state;
	snprintf(tmp, sizeof(tmp), "/tmp/culab-kcache.XXXXXX");
	if (!mkdtemp(tmp))
		return -1;
	src = tmp_path("src");
	sub = tmp_path("src/sub");
	mkdir(src, 0755);
	mkdir(sub, 0755);
	free(src);
	free(sub);
	src = tmp_path("other");
	mkdir(src, 0755);
	free(src);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return remove_tree(tmp);
}

/* ---- the key ------------------------------------------------------------------ */

static const char key_src[] =
	"#include \"a.cuh\"\n"
	"  #  include <sys.cuh>\n"
	"#include <cuda_fp16.h>\n"
	"__global__ void k(float *p) { p[0] = A + B + S; }\n";

/* The key of key_src in tmp/src (its include directory `inc`) with
 * these options and names. */
static void key_in(const char *inc, const char *const *opts, size_t nopts,
		   const char *const *names, size_t nnames, const char *arch,
		   char key[65], int want_rc)
{
	char *dir = tmp_path(inc), *path = tmp_path("src/k.cu");
	struct nvrtc_input in = {
		.path = path, .text = key_src, .len = strlen(key_src),
		.include_dir = dir, .arch = arch, .options = opts,
		.noptions = nopts, .names = names, .nnames = nnames,
	};

	assert_int_equal(kcache_key(&in, key), want_rc);
	assert_int_equal(strlen(key), 64);
	free(dir);
	free(path);
}

static void key_of(const char *const *opts, size_t nopts,
		   const char *const *names, size_t nnames, const char *arch,
		   char key[65], int want_rc)
{
	key_in("src", opts, nopts, names, nnames, arch, key, want_rc);
}

static void test_key(void **state)
{
	static const char *const o1[] = { "-DAB" };
	static const char *const o2[] = { "-DA", "B" };
	static const char *const o3[] = { "-DA", "-DB" };
	static const char *const o4[] = { "-DB", "-DA" };
	static const char *const n1[] = { "k" };
	static const char *const n2[] = { "k", "" };
	char base[65], k[65];

	(void)state;
	write_text("src/a.cuh", "#include \"sub/b.cuh\"\n#define A 1\n");
	write_text("src/sub/b.cuh", "#include \"c.cuh\"\n#include \"../a.cuh\"\n"
		   "#define B 2\n");
	write_text("src/sub/c.cuh", "#include \"b.cuh\"\n");  /* a cycle */
	write_text("src/sys.cuh", "#define S 3\n");
	key_of(o1, 1, n1, 1, "sm_90", base, 0);
	key_of(o1, 1, n1, 1, "sm_90", k, 0);
	assert_string_equal(k, base);           /* the same input, the same key */

	/* each field counts, and fields do not run into each other */
	key_of(o2, 2, n1, 1, "sm_90", k, 0);
	assert_string_not_equal(k, base);
	key_of(o3, 2, n1, 1, "sm_90", k, 0);
	assert_string_not_equal(k, base);
	key_of(o4, 2, n1, 1, "sm_90", base, 0);
	assert_string_not_equal(k, base);       /* options in order */
	key_of(o1, 1, n2, 2, "sm_90", k, 0);
	key_of(o1, 1, n1, 1, "sm_90", base, 0);
	assert_string_not_equal(k, base);
	key_of(o1, 1, n1, 1, "sm_80", k, 0);
	assert_string_not_equal(k, base);

	/* a header's text counts, however deep; a <...> header found in the
	 * include directory too */
	write_text("src/sub/c.cuh", "#include \"b.cuh\"\n// changed\n");
	key_of(o1, 1, n1, 1, "sm_90", k, 0);
	assert_string_not_equal(k, base);
	memcpy(base, k, sizeof(base));
	write_text("src/sys.cuh", "#define S 4\n");
	key_of(o1, 1, n1, 1, "sm_90", k, 0);
	assert_string_not_equal(k, base);
	memcpy(base, k, sizeof(base));

	/* a header that cannot be read: -1, and the key still changes */
	write_text("src/a.cuh", "#include \"sub/b.cuh\"\n#include \"gone.cuh\"\n");
	key_of(o1, 1, n1, 1, "sm_90", k, -1);
	assert_string_not_equal(k, base);
	write_text("src/a.cuh", "#include \"sub/b.cuh\"\n#define A 1\n");

	/* as NVRTC does, "a.cuh" beside the source wins over the include
	 * directory's; <sys.cuh> is only looked for in the latter */
	write_text("other/a.cuh", "#define A 5\n");
	key_in("other", o1, 1, n1, 1, "sm_90", base, 0);
	write_text("other/a.cuh", "#define A 6\n");
	key_in("other", o1, 1, n1, 1, "sm_90", k, 0);
	assert_string_equal(k, base);
	write_text("other/sys.cuh", "#define S 5\n");
	key_in("other", o1, 1, n1, 1, "sm_90", k, 0);
	assert_string_not_equal(k, base);
}

/* The key (or -1) of source text `src` named tmp/h/k.cu. */
static int key_text(const char *src, char key[65])
{
	char *dir = tmp_path("h"), *path = tmp_path("h/k.cu");
	static const char *const names[] = { "k" };
	struct nvrtc_input in = {
		.path = path, .text = src, .len = strlen(src),
		.include_dir = dir, .arch = "sm_90", .names = names,
		.nnames = 1,
	};
	int rc;

	rc = kcache_key(&in, key);
	free(dir);
	free(path);
	return rc;
}

/* Issue 30, class 2: a header reached by any spelling of #include is in
 * the key; a computed #include is refused at its line.  Class 1: a
 * header NVRTC must not read (a FIFO, NUL bytes, too large) is refused
 * at the #include, without reading it, and kcache_compile says so
 * without compiling (with or without a cache). */
static void test_headers_hostile(void **state)
{
	static const char *const spellings[] = {
		"#/* a comment */include \"w.cuh\"\n",
		"#inc\\\nlude \"w.cuh\"\n",
		"  %:  include \"w.cuh\"\n",
		"# /* spanning\n lines */ include \"w.cuh\"\n",
		"#include /* before */ \"w.cuh\" // after\n",
	};
	char *dir = tmp_path("h"), *fifo = tmp_path("h/fifo.cuh");
	char base[65], k[65];
	struct capture c;
	double t0;

	(void)state;
	require_nvrtc();
	mkdir(dir, 0755);
	for (size_t i = 0; i < sizeof(spellings) / sizeof(*spellings); i++) {
		write_text("h/w.cuh", "#define W 1\n");
		assert_int_equal(key_text(spellings[i], base), 0);
		write_text("h/w.cuh", "#define W 2\n");
		assert_int_equal(key_text(spellings[i], k), 0);
		if (!strcmp(k, base))
			fail_msg("spelling %zu: the header is not in the key",
				 i);
	}
	/* a string or a comment that looks like a directive is not one */
	write_text("h/w.cuh", "#define W 1\n");
	assert_int_equal(key_text("const char *s = \"\\n#include \\\"w.cuh\\\"\";\n"
				  "/*\n#include \"w.cuh\"\n*/\n", base), 0);
	write_text("h/w.cuh", "#define W 2\n");
	assert_int_equal(key_text("const char *s = \"\\n#include \\\"w.cuh\\\"\";\n"
				  "/*\n#include \"w.cuh\"\n*/\n", k), 0);
	assert_string_equal(k, base);

	/* a computed #include: refused at its line */
	capture_start(&c);
	assert_int_equal(key_text("#define H \"w.cuh\"\n\n#include H\n", k),
			 -1);
	capture_stop(&c);
	assert_non_null(strstr(c.buf, "k.cu:3:1: error: #include H: a computed "
			       "#include cannot be followed"));
	free(c.buf);

	/* a FIFO: refused at once, not waited on */
	assert_int_equal(mkfifo(fifo, 0644), 0);
	t0 = monotonic_seconds();
	capture_start(&c);
	assert_int_equal(key_text("\n#include \"fifo.cuh\"\n", k), -1);
	capture_stop(&c);
	assert_true(monotonic_seconds() - t0 < 2);
	assert_non_null(strstr(c.buf, "k.cu:2:1: error: #include \"fifo.cuh\": "
			       "header \""));
	assert_non_null(strstr(c.buf, "fifo.cuh\" is a FIFO, not a regular "
			       "file"));
	free(c.buf);
	/* kcache_compile: a compile error (1), no compilation, with or
	 * without a cache */
	{
		char *path = tmp_path("h/k.cu");
		static const char *const names[] = { "k" };
		const char *src = "#include \"fifo.cuh\"\n__global__ void k() {}\n";
		struct nvrtc_input in = {
			.path = path, .text = src, .len = strlen(src),
			.include_dir = dir, .arch = "sm_90", .names = names,
			.nnames = 1,
		};
		struct nvrtc_output out;
		bool hit = true;

		for (int off = 0; off < 2; off++) {
			if (off)
				setenv("CULAB_CACHE_DIR", "off", 1);
			else
				use_cache("hostile");
			capture_start(&c);
			assert_int_equal(kcache_compile(&in, &out, &hit), 1);
			capture_stop(&c);
			assert_false(hit);
			assert_non_null(strstr(c.buf, "is a FIFO, not a "
					       "regular file"));
			free(c.buf);
		}
		free(path);
	}
	unlink(fifo);

	/* NUL bytes; a header past the size limit */
	{
		char *nul = tmp_path("h/nul.cuh");
		char zeros[64] = { 0 };

		assert_int_equal(write_file_atomic(nul, zeros, sizeof(zeros)), 0);
		capture_start(&c);
		assert_int_equal(key_text("#include \"nul.cuh\"\n", k), -1);
		capture_stop(&c);
		assert_non_null(strstr(c.buf, "holds a NUL byte at offset 0"));
		free(c.buf);
		assert_int_equal(truncate(nul, (off_t)5 << 20), 0);
		capture_start(&c);
		assert_int_equal(key_text("#include \"nul.cuh\"\n", k), -1);
		capture_stop(&c);
		assert_non_null(strstr(c.buf, "is larger than 4194304 bytes "
				       "(5242880)"));
		free(c.buf);
		free(nul);
	}
	free(fifo);
	free(dir);
}

/* Issue 48, class 5: a class's submission is confined to its own folder
 * and the class's headers: a header there is in the key, while an
 * #include through "..", of an absolute path, of a header linked out of
 * the folder, or nested past the walk's depth, is refused at its line
 * before NVRTC starts; the same source not confined reads them. */
static int key_confined(const char *src, bool confine, char key[65])
{
	char *dir = tmp_path("c/own"), *path = tmp_path("c/own/k.cu");
	char *real = realpath(dir, NULL);
	const char *roots[1] = { real };
	static const char *const names[] = { "k" };
	struct nvrtc_input in = {
		.path = path, .text = src, .len = strlen(src),
		.arch = "sm_90", .names = names, .nnames = 1,
		.confined = confine, .confine = roots, .nconfine = 1,
	};
	int rc;

	assert_non_null(real);
	rc = kcache_key(&in, key);
	free(real);
	free(dir);
	free(path);
	return rc;
}

static void test_confined(void **state)
{
	static const struct {
		const char *src, *line;
	} out[] = {
		{ "#include \"../other.cuh\"\n", "k.cu:1:1: error: #include "
		  "\"../other.cuh\": a submission includes only the files of "
		  "its own folder and the class's headers: no absolute path, "
		  "no \"..\"" },
		{ "\n#include \"sub/../../other.cuh\"\n", "k.cu:2:1: error: "
		  "#include \"sub/../../other.cuh\": a submission includes" },
		{ "#include \"/etc/hostname\"\n", "k.cu:1:1: error: #include "
		  "\"/etc/hostname\": a submission includes" },
		{ "#include <../other.cuh>\n", "k.cu:1:1: error: #include "
		  "\"../other.cuh\": a submission includes" },
		{ "#include \"link.cuh\"\n", "lies outside the submission's "
		  "own folder and the class's headers" },
		{ "#include \"d0.cuh\"\n", "nested more than 16 deep" },
	};
	char *link = tmp_path("c/own/link.cuh"), *other = tmp_path("c/other.cuh");
	char k[65], k2[65];
	struct capture c;

	(void)state;
	require_nvrtc();
	for (int i = 0; i < 2; i++) {
		char *d = tmp_path(i ? "c/own" : "c");

		mkdir(d, 0755);
		free(d);
	}
	write_text("c/other.cuh", "#define OTHER 1\n");
	write_text("c/own/mine.cuh", "#define MINE 1\n");
	assert_int_equal(symlink(other, link), 0);
	for (int i = 0; i < 20; i++) {
		char name[32], text[64];

		snprintf(name, sizeof(name), "c/own/d%d.cuh", i);
		snprintf(text, sizeof(text), "#include \"d%d.cuh\"\n", i + 1);
		write_text(name, text);
	}
	/* its own header: in the key, as without confinement */
	assert_int_equal(key_confined("#include \"mine.cuh\"\n", true, k), 0);
	assert_int_equal(key_confined("#include \"mine.cuh\"\n", false, k2), 0);
	assert_string_equal(k, k2);
	write_text("c/own/mine.cuh", "#define MINE 2\n");
	assert_int_equal(key_confined("#include \"mine.cuh\"\n", true, k2), 0);
	assert_string_not_equal(k, k2);
	for (size_t i = 0; i < sizeof(out) / sizeof(*out); i++) {
		capture_start(&c);
		assert_int_equal(key_confined(out[i].src, true, k), -1);
		capture_stop(&c);
		if (!strstr(c.buf, out[i].line))
			fail_msg("%s:%d: case %zu: expected \"%s\" in \"%s\"",
				 __FILE__, __LINE__, i, out[i].line, c.buf);
		free(c.buf);
		/* not confined, the same source is read (the chain of 20
		 * ends in a header not found: -1, but nothing refused) */
		capture_start(&c);
		key_confined(out[i].src, false, k);
		capture_stop(&c);
		if (strstr(c.buf, "error"))
			fail_msg("case %zu not confined: \"%s\"", i, c.buf);
		free(c.buf);
	}
	free(link);
	free(other);
}

/* Issue 48, class 4: the identity of a kernel's sources covers its text
 * and its headers' text, and nothing of the compiler's: the same text
 * and headers give the same digest under another include directory;
 * nothing is printed, even for a header refused. */
static int sources_of(const char *path, const char *src, const char *inc,
		      char out[65])
{
	const struct nvrtc_input in = {
		.path = path, .text = src, .len = strlen(src),
		.include_dir = inc,
	};

	return kcache_sources_sha256(&in, out);
}

static void test_sources_sha256(void **state)
{
	char *path = tmp_path("s/k.cu"), *dir = tmp_path("s");
	const char *src = "#include \"h.cuh\"\n__global__ void k() {}\n";
	char a[65], b[65];
	struct capture c;

	(void)state;
	mkdir(dir, 0755);
	write_text("s/h.cuh", "#define H 1\n");
	assert_int_equal(sources_of(path, src, NULL, a), 0);
	assert_int_equal(strlen(a), 64);
	assert_int_equal(sources_of(path, src, "/nowhere", b), 0);
	assert_string_equal(a, b);
	write_text("s/h.cuh", "#define H 2\n");
	assert_int_equal(sources_of(path, src, NULL, b), 0);
	assert_string_not_equal(a, b);
	assert_int_equal(sources_of(path, "x", NULL, b), 0);
	assert_string_not_equal(a, b);
	capture_start(&c);
	assert_int_equal(sources_of(path, "#include M\n", NULL, b), 0);
	capture_stop(&c);
	assert_string_equal(c.buf, "");
	free(c.buf);
	free(path);
	free(dir);
}

/* ---- entries without compiling ------------------------------------------- */

static const char key1[] =
	"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

static void fake_output(struct nvrtc_output *o)
{
	memset(o, 0, sizeof(*o));
	o->cubin_len = 5;
	o->cubin = xmalloc(5);
	memcpy(o->cubin, "\x7f" "E\0LF", 5);
	o->ptx = xstrdup(".version 9.0\n");
	o->ptx_len = strlen(o->ptx);
	o->nlowered = 3;
	o->lowered = xcalloc(3, sizeof(char *));
	o->lowered[0] = xstrdup("_Z1kPf");
	o->lowered[2] = xstrdup("");
	o->log = xstrdup("ptxas info    : Used 8 registers\n");
}

/* Same code and names; the same log too when `log` (a fresh compilation
 * differs in ptxas's "Compile time" lines). */
static void assert_same_output(const struct nvrtc_output *a,
			       const struct nvrtc_output *b, bool log)
{
	size_t i;

	assert_int_equal(a->cubin_len, b->cubin_len);
	assert_memory_equal(a->cubin, b->cubin, a->cubin_len);
	assert_int_equal(a->ptx_len, b->ptx_len);
	assert_string_equal(a->ptx, b->ptx);
	if (log)
		assert_string_equal(a->log, b->log);
	assert_int_equal(a->nlowered, b->nlowered);
	for (i = 0; i < a->nlowered; i++) {
		if (!a->lowered[i] || !b->lowered[i])
			assert_ptr_equal(a->lowered[i], b->lowered[i]);
		else
			assert_string_equal(a->lowered[i], b->lowered[i]);
	}
}

/* Rewrites the entry of key1 in cache "entries" with f applied. */
static void mangle_entry(void (*f)(char *buf, size_t *len))
{
	char *path = xasprintf("%s/entries/%s", tmp, key1), *buf;
	size_t len;

	assert_int_equal(read_file(path, 1 << 20, &buf, &len), 0);
	f(buf, &len);
	assert_int_equal(write_file_atomic(path, buf, len), 0);
	free(buf);
	free(path);
}

/* Issue 30, class 2: an entry or a cache directory that another user
 * could have written is not used (a note once), and nothing is stored
 * into such a directory. */
static void test_untrusted(void **state)
{
	char *dir = tmp_path("trust");
	char *entry = xasprintf("%s/trust/%s", tmp, key1);
	struct nvrtc_output o, back;
	struct capture c;

	(void)state;
	use_cache("trust");
	fake_output(&o);
	assert_int_equal(kcache_store(key1, &o), 0);
	assert_int_equal(kcache_load(key1, &back), 1);
	nvrtc_output_release(&back);
	/* an entry others may write: a miss, said once */
	assert_int_equal(chmod(entry, 0666), 0);
	capture_start(&c);
	assert_int_equal(kcache_load(key1, &back), 0);
	assert_int_equal(kcache_load(key1, &back), 0);
	capture_stop(&c);
	assert_non_null(strstr(c.buf, "is writable by other users: not used"));
	assert_null(strstr(strstr(c.buf, "not used") + 1, "not used"));
	free(c.buf);
	assert_int_equal(chmod(entry, 0644), 0);
	assert_int_equal(kcache_load(key1, &back), 1);
	nvrtc_output_release(&back);
	/* a directory others may write: nothing loaded, nothing stored */
	assert_int_equal(chmod(dir, 0777), 0);
	assert_int_equal(kcache_load(key1, &back), 0);
	assert_int_equal(unlink(entry), 0);
	assert_int_equal(kcache_store(key1, &o), 0);
	assert_int_equal(count_files("trust"), 0);
	assert_int_equal(chmod(dir, 0700), 0);
	/* a link in its place is not followed */
	assert_int_equal(kcache_store(key1, &o), 0);
	{
		char *real = xasprintf("%s.real", entry);

		assert_int_equal(rename(entry, real), 0);
		assert_int_equal(symlink(real, entry), 0);
		assert_int_equal(kcache_load(key1, &back), 0);
		unlink(entry);
		unlink(real);
		free(real);
	}
	nvrtc_output_release(&o);
	free(entry);
	free(dir);
}

static void flip_payload(char *buf, size_t *len) { buf[*len - 3] ^= 1; }
static void truncate_one(char *buf, size_t *len) { (void)buf; (*len)--; }
static void keep_head(char *buf, size_t *len) { (void)buf; *len = 100; }
static void bad_magic(char *buf, size_t *len) { (void)len; buf[7] = '9'; }

static void test_store_load(void **state)
{
	static void (*const mangles[])(char *, size_t *) = {
		flip_payload, truncate_one, keep_head, bad_magic,
	};
	struct nvrtc_output o, got;
	char *path, *other;
	struct stat st;
	size_t i;

	(void)state;
	use_cache("entries");
	fake_output(&o);
	assert_int_equal(kcache_load(key1, &got), 0);    /* nothing yet */
	assert_int_equal(kcache_store(key1, &o), 0);
	assert_int_equal(count_files("entries"), 1);
	path = tmp_path("entries");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	free(path);
	assert_int_equal(kcache_load(key1, &got), 1);
	assert_same_output(&o, &got, true);
	nvrtc_output_release(&got);

	/* malformed keys are never paths */
	assert_int_equal(kcache_load("../../etc/passwd", &got), 0);
	assert_int_equal(kcache_load("0123", &got), 0);
	assert_int_equal(kcache_store("ABC", &o), -1);

	/* an entry answers its own key only */
	path = xasprintf("%s/entries/%s", tmp, key1);
	other = xasprintf("%s/entries/%.63s0", tmp, key1);
	assert_int_equal(rename(path, other), 0);
	assert_int_equal(kcache_load("0123456789abcdef0123456789abcdef"
				     "0123456789abcdef0123456789abcde0", &got), 0);
	assert_int_equal(rename(other, path), 0);
	free(path);
	free(other);

	/* whatever does not check out is a miss, silently */
	for (i = 0; i < ARRAY_SIZE(mangles); i++) {
		struct capture c;

		assert_int_equal(kcache_store(key1, &o), 0);
		mangle_entry(mangles[i]);
		capture_start(&c);
		assert_int_equal(kcache_load(key1, &got), 0);
		assert_string_equal(capture_stop(&c), "");
		capture_free(&c);
		assert_null(got.cubin);
	}
	nvrtc_output_release(&o);
}

static void test_dir(void **state)
{
	char *saved_home = xstrdup(getenv("HOME"));

	(void)state;
	setenv("CULAB_CACHE_DIR", "/x/cache", 1);
	assert_string_equal(kcache_dir(), "/x/cache");
	setenv("CULAB_CACHE_DIR", "off", 1);
	assert_null(kcache_dir());
	setenv("CULAB_CACHE_DIR", "", 1);
	setenv("XDG_CACHE_HOME", "/x/xdg", 1);
	assert_string_equal(kcache_dir(), "/x/xdg/culab");
	setenv("XDG_CACHE_HOME", "relative", 1);   /* not absolute: ignored */
	setenv("HOME", "/x/home", 1);
	assert_string_equal(kcache_dir(), "/x/home/.cache/culab");
	unsetenv("XDG_CACHE_HOME");
	unsetenv("HOME");
	assert_null(kcache_dir());
	if (saved_home)
		setenv("HOME", saved_home, 1);
	free(saved_home);
}

static void test_store_fails_once(void **state)
{
	struct nvrtc_output o;
	struct capture c;
	char *want;

	(void)state;
	write_text("a-file", "not a directory\n");
	use_cache("a-file/cache");
	fake_output(&o);
	capture_start(&c);
	assert_int_equal(kcache_store(key1, &o), -1);
	assert_int_equal(kcache_store(key1, &o), -1);
	want = xasprintf("culab: warning: cannot write the kernel cache in "
			 "\"%s/a-file/cache\": Not a directory; kernels will be "
			 "compiled again next time (set CULAB_CACHE_DIR to "
			 "another directory, or to off)\n", tmp);
	assert_string_equal(capture_stop(&c), want);
	capture_free(&c);
	free(want);
	nvrtc_output_release(&o);
}

/* ---- with NVRTC -------------------------------------------------------------- */

static const char warn_src[] =
	"#include \"w.cuh\"\n"
	"__global__ void k(float *p)\n"
	"{\n"
	"\tint unused = A;\n"
	"\tp[0] = 1.0f;\n"
	"}\n";

static struct nvrtc_input warn_input(void)
{
	static const char *const names[] = { "k" };
	static char dir[96];
	struct nvrtc_input in = {
		.path = "k.cu", .text = warn_src, .len = strlen(warn_src),
		.include_dir = dir, .arch = "sm_90", .names = names,
		.nnames = 1,
	};

	snprintf(dir, sizeof(dir), "%s/src", tmp);
	write_text("src/w.cuh", "#define A 1\n");
	return in;
}

static void compile(const struct nvrtc_input *in, struct nvrtc_output *out,
		    bool want_hit, char **diags)
{
	struct capture c;
	bool hit = !want_hit;

	capture_start(&c);
	if (kcache_compile(in, out, &hit) != 0)
		fail_msg("kcache_compile failed:\n%s", capture_stop(&c));
	capture_stop(&c);
	*diags = c.buf;
	assert_int_equal(hit, want_hit);
}

/* A miss, then a hit with the same bytes and the same warning; then a
 * corrupt entry is a miss and is written again. */
static void test_miss_hit_corrupt(void **state)
{
	static const char warning[] =
		"k.cu:4:6: warning: variable \"unused\" was declared but never "
		"referenced [#177-D]\n";
	struct nvrtc_input in = warn_input();
	struct nvrtc_output first, again;
	char key[65], *diags, *path;

	(void)state;
	require_nvrtc();
	use_cache("cache");
	compile(&in, &first, false, &diags);
	assert_string_equal(diags, warning);
	free(diags);
	assert_string_equal(first.lowered[0], "_Z1kPf");
	assert_int_equal(count_files("cache"), 1);

	compile(&in, &again, true, &diags);
	assert_string_equal(diags, warning);    /* replayed from the log */
	free(diags);
	assert_same_output(&first, &again, true);
	nvrtc_output_release(&again);

	assert_int_equal(kcache_key(&in, key), 0);
	path = xasprintf("%s/cache/%s", tmp, key);
	assert_int_equal(truncate(path, 200), 0);
	compile(&in, &again, false, &diags);
	free(diags);
	assert_same_output(&first, &again, false);
	nvrtc_output_release(&again);
	assert_int_equal(kcache_load(key, &again), 1);
	assert_same_output(&first, &again, false);
	nvrtc_output_release(&again);
	free(path);
	nvrtc_output_release(&first);
}

/* Off: compiled every time, nothing written; a compile error is never
 * cached. */
static void test_off_and_errors(void **state)
{
	static const char bad_src[] = "__global__ void k(float *p) { p[0] = x; }\n";
	struct nvrtc_input in = warn_input();
	struct nvrtc_output out;
	struct capture c;
	char *diags;
	bool hit = true;

	(void)state;
	require_nvrtc();
	setenv("CULAB_CACHE_DIR", "off", 1);
	compile(&in, &out, false, &diags);
	free(diags);
	assert_true(out.cubin_len > 0);
	nvrtc_output_release(&out);
	assert_int_equal(kcache_store(key1, &out), 0);

	use_cache("errors");
	in.text = bad_src;
	in.len = strlen(bad_src);
	capture_start(&c);
	assert_int_equal(kcache_compile(&in, &out, &hit), 1);
	assert_string_equal(capture_stop(&c), "k.cu:1:38: error: identifier "
			    "\"x\" is undefined\n");
	capture_free(&c);
	assert_false(hit);
	assert_true(count_files("errors") <= 0);
}

int main(int argc, char **argv)
{
	/* the compile child of the kernels compiled here (kcompile.h) */
	int child = kcompile_child_main(argc, argv);

	if (child >= 0)
		return child;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key),
		cmocka_unit_test(test_headers_hostile),
		cmocka_unit_test(test_confined),
		cmocka_unit_test(test_sources_sha256),
		cmocka_unit_test(test_store_load),
		cmocka_unit_test(test_dir),
		cmocka_unit_test(test_store_fails_once),
		cmocka_unit_test(test_miss_hit_corrupt),
		cmocka_unit_test(test_untrusted),
		cmocka_unit_test(test_off_and_errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
