/* util.c - allocation, strings, suggestions, time and threads.  See
 * util.h; files are util_file.c's. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


static void oom(void)
{
	fputs("culab: fatal: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q)
		oom();
	return q;
}

char *xstrdup(const char *s)
{
	return s ? xstrndup(s, strlen(s)) : NULL;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	int len;
	char *p;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		oom();
	p = xmalloc((size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return p;
}

extern char **environ;

/* Whether s is "NAME=..." for one of pairs' names. */
static bool names_one(const char *s, const char *const *pairs)
{
	for (size_t i = 0; pairs[i]; i += 2) {
		size_t len = strlen(pairs[i]);

		if (!strncmp(s, pairs[i], len) && s[len] == '=')
			return true;
	}
	return false;
}

/* The array is one longer than execve sees: env[-1] counts the entries
 * made here, which come first (each name once, so order is no matter). */
char **environ_with_list(const char *const *pairs)
{
	size_t n = 0, k = 0, np = 0;
	char **env;

	while (environ[n])
		n++;
	while (pairs[np])
		np += 2;
	env = (char **)xcalloc(1 + np / 2 + n + 1, sizeof(*env)) + 1;
	env[-1] = (char *)(uintptr_t)(np / 2);
	for (size_t i = 0; i < np; i += 2)
		env[k++] = xasprintf("%s=%s", pairs[i], pairs[i + 1]);
	for (size_t i = 0; i < n; i++)
		if (!names_one(environ[i], pairs))
			env[k++] = environ[i];
	return env;
}

char **environ_with(const char *name, const char *value)
{
	const char *const pairs[] = { name, value, NULL };

	return environ_with_list(pairs);
}

void environ_with_free(char **env)
{
	if (!env)
		return;
	for (size_t k = 0; k < (size_t)(uintptr_t)env[-1]; k++)
		free(env[k]);
	free(env - 1);
}

size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, *row, prev, d;

	if (la > 256 || lb > 256)
		return (la > lb ? la : lb);
	row = xmalloc((lb + 1) * sizeof(*row));
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t sub = prev + (a[i - 1] != b[j - 1]);
			size_t del = row[j] + 1, ins = row[j - 1] + 1;

			prev = row[j];
			d = sub < del ? sub : del;
			row[j] = d < ins ? d : ins;
		}
	}
	d = row[lb];
	free(row);
	return d;
}

const char *nearest_word(const char *word, const char *const *cands,
			 size_t ncands)
{
	size_t best = (size_t)-1, limit = strlen(word) / 3, i, d;
	const char *found = NULL;

	if (limit < 2)
		limit = 2;
	for (i = 0; i < ncands; i++) {
		d = edit_distance(word, cands[i]);
		if (d < best) {
			best = d;
			found = cands[i];
		}
	}
	return best <= limit ? found : NULL;
}

const char *join_words(const char *const *words, size_t n, char *buf,
		       size_t size)
{
	size_t used = 0, i;

	if (!size)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		int w = snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
				 words[i]);
		if (w < 0 || (size_t)w >= size - used) {
			if (size > 4)
				strcpy(buf + size - 4, "...");
			break;
		}
		used += (size_t)w;
	}
	return buf;
}

double monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

bool env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

const char *iso_time_now(char buf[32])
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

size_t utf8_bom_len(const char *text, size_t len)
{
	return len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

size_t utf8_chars(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

bool utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	while (p < end) {
		unsigned c = *p++;
		int extra;
		unsigned min;
		unsigned cp;

		if (c < 0x80)
			continue;
		if ((c & 0xe0) == 0xc0) {
			extra = 1;
			min = 0x80;
			cp = c & 0x1f;
		} else if ((c & 0xf0) == 0xe0) {
			extra = 2;
			min = 0x800;
			cp = c & 0x0f;
		} else if ((c & 0xf8) == 0xf0) {
			extra = 3;
			min = 0x10000;
			cp = c & 0x07;
		} else {
			return false;
		}
		if (end - p < extra)
			return false;
		while (extra--) {
			if ((*p & 0xc0) != 0x80)
				return false;
			cp = (cp << 6) | (*p++ & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return false;
	}
	return true;
}

/* ---- string buffer ---------------------------------------------------- */

static void sbuf_grow(struct sbuf *b, size_t more)
{
	size_t need = b->len + more + 1;

	if (need <= b->cap)
		return;
	if (need < b->cap * 2)
		need = b->cap * 2;
	if (need < 64)
		need = 64;
	b->buf = xrealloc(b->buf, need);
	b->cap = need;
}

void sbuf_addn(struct sbuf *b, const char *s, size_t n)
{
	sbuf_grow(b, n);
	if (n)
		memcpy(b->buf + b->len, s, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

void sbuf_add(struct sbuf *b, const char *s)
{
	if (s)
		sbuf_addn(b, s, strlen(s));
}

void sbuf_addc(struct sbuf *b, char c)
{
	sbuf_addn(b, &c, 1);
}

void sbuf_vaddf(struct sbuf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	if (n <= 0)
		return;
	sbuf_grow(b, (size_t)n);
	vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void sbuf_addf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sbuf_vaddf(b, fmt, ap);
	va_end(ap);
}

void sbuf_addargs(struct sbuf *b, const char *fmt, const char *const *args,
		  size_t nargs)
{
	const char *p = fmt, *q;

	while ((q = strchr(p, '{')) != NULL) {
		sbuf_addn(b, p, (size_t)(q - p));
		if (q[1] >= '1' && q[1] <= '9' && q[2] == '}') {
			size_t i = (size_t)(q[1] - '1');

			if (i < nargs)
				sbuf_add(b, args[i]);
			p = q + 3;
		} else {
			sbuf_addc(b, '{');
			p = q + 1;
		}
	}
	sbuf_add(b, p);
}

const char *sbuf_str(const struct sbuf *b)
{
	return b->buf ? b->buf : "";
}

void sbuf_reset(struct sbuf *b)
{
	b->len = 0;
	if (b->buf)
		b->buf[0] = '\0';
}

char *sbuf_detach(struct sbuf *b)
{
	char *s = b->buf ? b->buf : xstrdup("");

	b->buf = NULL;
	b->len = b->cap = 0;
	return s;
}

void sbuf_release(struct sbuf *b)
{
	if (!b)
		return;
	free(b->buf);
	b->buf = NULL;
	b->len = b->cap = 0;
}

void slowest_note(struct slowest *v, size_t n, const char *label, double secs)
{
	size_t i;

	if (!n || secs <= v[n - 1].seconds)
		return;
	for (i = n - 1; i > 0 && v[i - 1].seconds < secs; i--)
		v[i] = v[i - 1];
	snprintf(v[i].label, sizeof(v[i].label), "%.159s", label ? label : "");
	v[i].seconds = secs;
}

/* ---- parallel chunks ------------------------------------------------------ */

#define MAX_THREADS 64

struct pfor {
	size_t nchunks;
	atomic_size_t next;
	void (*fn)(void *ctx, size_t chunk);
	void *ctx;
};

static void *pfor_worker(void *p)
{
	struct pfor *pf = p;
	size_t c;

	while ((c = atomic_fetch_add(&pf->next, 1)) < pf->nchunks)
		pf->fn(pf->ctx, c);
	return NULL;
}

void util_parallel_for(size_t nchunks, void (*fn)(void *ctx, size_t chunk),
		       void *ctx)
{
	struct pfor pf = { .nchunks = nchunks, .fn = fn, .ctx = ctx };
	pthread_t th[MAX_THREADS];
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t n = cores > 0 ? (size_t)cores : 1, started = 0, i;

	atomic_init(&pf.next, 0);
	if (n > MAX_THREADS)
		n = MAX_THREADS;
	if (n > nchunks)
		n = nchunks;
	for (i = 1; i < n; i++)
		if (pthread_create(&th[started], NULL, pfor_worker, &pf) == 0)
			started++;
	pfor_worker(&pf);
	for (i = 0; i < started; i++)
		pthread_join(th[i], NULL);
}
