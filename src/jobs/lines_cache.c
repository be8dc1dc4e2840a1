/* lines_cache.c - counters per source line kept across runs.  See
 * lines_cache.h.
 *
 * The key is the SHA-256 of a serialisation in which every field carries
 * its length first (base/frame.h), as the kernel cache's, so that no two
 * different measurements give the same bytes. */
#include "lines_cache.h"

#include <stdlib.h>
#include <string.h>

#include "base/cachefile.h"
#include "base/dtype.h"
#include "base/frame.h"
#include "base/hash.h"
#include "base/util.h"
#include "counters/counters.h"
#include "ladder/ladder.h"
#include "results/results.h"

/* An entry is a results.json "lines" object: a few to a few hundred kB. */
#define LINES_CACHE_MAX_ENTRY ((size_t)64 << 20)
/* The program hashed for a built-in rung's machine code, at most. */
#define LINES_CACHE_MAX_EXE ((size_t)1 << 30)

static struct cache_kind lines_kind = {
	.magic = "CULABLC1", .sub = "lines",
	.max_entry = LINES_CACHE_MAX_ENTRY, .max_entries = LINES_CACHE_MAX,
	.what = "per-line cache",
	.without = "counters per source line are collected",
	.again = "counters per source line will be collected again",
};

static bool enabled(void)
{
	const char *env = getenv("CULAB_LINES_CACHE");

	return cache_dir() && !(env && !strcmp(env, "off"));
}

/* The SHA-256 of the program's file, read once per process and path
 * (the built-in rungs' machine code is in it).  NULL when unreadable. */
static const char *program_digest(const char *exe)
{
	static char digest[65], *of;
	char why[8], *text = NULL;
	size_t len = 0;

	if (!exe)
		exe = "/proc/self/exe";
	if (of && !strcmp(of, exe))
		return digest[0] ? digest : NULL;
	free(of);
	of = xstrdup(exe);
	digest[0] = '\0';
	if (read_file_why(exe, "program", LINES_CACHE_MAX_EXE, &text, &len,
			  why, sizeof(why)) == 0 &&
	    sha256_hex(text, len, digest) < 0)
		digest[0] = '\0';
	free(text);
	return digest[0] ? digest : NULL;
}

/* The machine code of a kernel of the user's: every instance this
 * process compiled (type, block, pass, N, cubin).  -1 when none. */
static int user_code(struct sbuf *b, const struct variant *v)
{
	const struct ukernel *u = v->ctx;

	if (!u || !u->ninst)
		return -1;
	frame_put_u64(b, u->ninst);
	for (size_t i = 0; i < u->ninst; i++) {
		const struct uk_inst *k = &u->inst[i];

		if (!k->out.cubin)
			return -1;
		frame_put_str(b, dtype_name(k->t));
		frame_put_u64(b, (uint64_t)k->block);
		frame_put_u64(b, k->acc_pass);
		frame_put_u64(b, k->n);
		frame_put_field(b, k->out.cubin, k->out.cubin_len);
	}
	return 0;
}

int lines_cache_key(const struct plan_stage *s,
		    const struct plan_measurement *ms,
		    const struct environment *env, const char *exe,
		    char key[65])
{
	struct sbuf b = SBUF_INIT;
	const struct line_metric *lm;
	const char *prog;
	size_t nm;
	int rc = -1;

	key[0] = '\0';
	if (!enabled() || !s || !ms || !ms->v || !env || !env->gpu_name)
		return -1;
	frame_put_str(&b, "culab per-line cache 1");
	if (ms->v->flags & VF_USER) {
		frame_put_str(&b, "user");
		if (user_code(&b, ms->v) < 0)
			goto out;
	} else {
		if (!(prog = program_digest(exe)))
			goto out;
		frame_put_str(&b, "built-in");
		frame_put_str(&b, prog);
	}
	frame_put_str(&b, ms->v->name);
	frame_put_str(&b, dtype_name(s->t));
	frame_put_u64(&b, s->sh.n);
	frame_put_u64(&b, s->sh.m);
	frame_put_u64(&b, (uint64_t)ms->block);
	frame_put_u64(&b, s->e->seed);
	frame_put_u64(&b, (uint64_t)s->e->family);
	frame_put_str(&b, env->gpu_name);
	frame_put_u64(&b, (uint64_t)env->cc_major);
	frame_put_u64(&b, (uint64_t)env->cc_minor);
	frame_put_u64(&b, (uint64_t)env->sm_count);
	frame_put_u64(&b, (uint64_t)env->driver_version);
	frame_put_str(&b, env->nvidia_driver ? env->nvidia_driver : "");
	/* the child samples where warps wait only when asked
	 * (counters_lines.cpp): lines with and without samples differ */
	frame_put_str(&b, lines_stalls_wanted() ? "stalls" : "");
	lm = lines_metrics(&nm);
	frame_put_u64(&b, nm);
	for (size_t i = 0; i < nm; i++) {
		frame_put_str(&b, lm[i].name);
		frame_put_str(&b, lm[i].sass ? lm[i].sass : "");
		frame_put_str(&b, lm[i].pcsamp ? lm[i].pcsamp : "");
	}
	if (sha256_hex(b.buf, b.len, key) == 0)
		rc = 0;
	else
		key[0] = '\0';
out:
	sbuf_release(&b);
	return rc;
}

int lines_cache_take(const char *key, struct result_row *w)
{
	struct source_lines l = { 0 };
	char *text;
	size_t len;
	double t = monotonic_seconds();
	int rc = 0;

	if (!enabled() || !key || !key[0] ||
	    cache_load(&lines_kind, key, &text, &len) != 1)
		return 0;
	if (json_lines_decode("the per-line cache", text, len, &l) == 0 &&
	    !l.status && l.nkernels > 0) {
		source_lines_release(&w->lines);
		w->lines = l;
		w->lines.cached = true;
		w->lines.seconds = monotonic_seconds() - t;
		rc = 1;
	} else {
		source_lines_release(&l);
	}
	free(text);
	return rc;
}

void lines_cache_put(const char *key, const struct result_row *w)
{
	char *text;

	if (!enabled() || !key || !key[0] || !w->lines.recorded ||
	    w->lines.status || w->lines.cached || !w->lines.nkernels)
		return;
	text = json_lines_encode(&w->lines);
	if (text)
		(void)cache_store(&lines_kind, key, text, strlen(text));
	free(text);
}
