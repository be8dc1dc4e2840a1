/* report_fmt.c - how the report writes text: Markdown escaping, the pool
 * that message arguments live in, numbers, sizes and tables.  See
 * report_int.h.
 *
 * Text from results files is escaped by md_text() on its way into a
 * report and numbers are written by the fmt_* functions, so that escaping
 * is decided in one place and a time or a speedup reads the same in every
 * block and both languages. */
#include "report_int.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void md_text(struct sbuf *b, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)S(s); *p; p++) {
		unsigned char c = *p;

		switch (c) {
		case '&': sbuf_add(b, "&amp;"); continue;
		case '<': sbuf_add(b, "&lt;"); continue;
		case '>': sbuf_add(b, "&gt;"); continue;
		case '\\': case '`': case '*': case '_': case '[': case ']':
		case '|': case '#': case '~': case '$': case '!': case '{':
		case '}':
			sbuf_addc(b, '\\');
			sbuf_addc(b, (char)c);
			continue;
		default:
			break;
		}
		if (c < 0x20 || c == 0x7f)
			sbuf_addc(b, ' ');
		else
			sbuf_addc(b, (char)c);
	}
}

char *md_dup(const char *s)
{
	struct sbuf b = SBUF_INIT;

	md_text(&b, s);
	return sbuf_detach(&b);
}

const char *pool_md(struct pool *p, const char *s)
{
	if (p->n == ARRAY_SIZE(p->s))
		return "";
	return p->s[p->n++] = md_dup(s);
}

const char *pool_keep(struct pool *p, char *s)
{
	if (p->n == ARRAY_SIZE(p->s)) {
		free(s);
		return "";
	}
	return p->s[p->n++] = s;
}

void pool_release(struct pool *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->s[i]);
	p->n = 0;
}

/* Inserts a comma between every three digits of the integer part of the
 * number in buf (which has room for size bytes): "12345.6" -> "12,345.6". */
static void group_thousands(char *buf, size_t size)
{
	char *p = buf + (*buf == '-');
	size_t digits = strspn(p, "0123456789"), len = strlen(buf);
	size_t commas = digits ? (digits - 1) / 3 : 0;

	if (!commas || len + commas + 1 > size)
		return;
	/* move from the end, so nothing is overwritten before it is read */
	memmove(p + digits + commas, p + digits, strlen(p + digits) + 1);
	for (size_t i = digits, out = digits + commas, k = 0; i-- > 0;) {
		p[--out] = p[i];
		if (++k % 3 == 0 && i)
			p[--out] = ',';
	}
}

/* The power of ten of v (not 0) once rounded to `sig` significant
 * digits: rounding may carry into the next one (9.996 -> 10.0). */
static int magnitude(double v, int sig)
{
	int mag = (int)floor(log10(fabs(v)));
	double unit = pow(10, mag - sig + 1);

	return fabs(round(v / unit) * unit) >= pow(10, mag + 1) ? mag + 1 : mag;
}

/* v with `sig` significant digits in plain notation (sig >= 1). */
static void plain_sig(char *buf, size_t size, double v, int sig)
{
	int dec = sig - 1 - magnitude(v, sig);

	snprintf(buf, size, "%.*f", dec > 0 ? dec : 0, v);
}

const char *fmt_sig(char *buf, size_t size, double v, int sig)
{
	static const char *const si[] = { "k", "M", "G", "T", "P", "E" };
	int mag;

	if (sig < 1)
		sig = 1;
	if (!isfinite(v)) {
		snprintf(buf, size, "—");
		return buf;
	}
	if (v == 0) {
		snprintf(buf, size, "0");
		return buf;
	}
	/* the notation follows the value as it will be written */
	mag = magnitude(v, sig);
	if (mag < -6) {
		snprintf(buf, size, "%.*e", sig - 1, v);
		return buf;
	}
	if (mag >= 6) {
		size_t k = 0;
		char num[FMT_SIZE];

		v /= 1e3;
		while (magnitude(v, sig) >= 3 && k + 1 < ARRAY_SIZE(si)) {
			v /= 1e3;
			k++;
		}
		plain_sig(num, sizeof(num), v, sig);
		snprintf(buf, size, "%s %s", num, si[k]);
		return buf;
	}
	plain_sig(buf, size, v, sig);
	if (mag >= 4)
		group_thousands(buf, size);
	return buf;
}

const char *fmt_pct(char *buf, size_t size, double v)
{
	snprintf(buf, size, fabs(v) < 10 ? "%.2f" : "%.1f", v);
	return buf;
}

const char *fmt_ratio(char *buf, size_t size, double v, int extra,
		      const char *suffix)
{
	char num[FMT_SIZE];
	double a = fabs(v);
	int dec;

	if (!isfinite(v)) {
		snprintf(buf, size, "—");
		return buf;
	}
	if (a == 0)
		dec = 0;
	else if (a < 1)
		dec = 2 - magnitude(v, 3);
	else if (a < 9.995)
		dec = 2;
	else if (a < 99.95)
		dec = 1;
	else
		dec = 0;
	snprintf(num, sizeof(num), "%.*f", a == 0 ? 0 : dec + extra, v);
	if (a >= 9999.5)
		group_thousands(num, sizeof(num));
	snprintf(buf, size, "%s%s", num, suffix);
	return buf;
}

const char *fmt_times(char *buf, size_t size, double v)
{
	return fmt_ratio(buf, size, v, 0, "×");
}

void fmt_times_apart(char *xb, char *yb, double x, double y)
{
	fmt_ratio(xb, FMT_SIZE, x, 0, "×");
	fmt_ratio(yb, FMT_SIZE, y, 0, "×");
	if (x == y || strcmp(xb, yb) != 0)
		return;
	fmt_ratio(xb, FMT_SIZE, x, 1, "×");
	fmt_ratio(yb, FMT_SIZE, y, 1, "×");
	if (strcmp(xb, yb) == 0) {
		/* the same to four digits: the same, to a reader */
		fmt_ratio(xb, FMT_SIZE, x, 0, "×");
		fmt_ratio(yb, FMT_SIZE, y, 0, "×");
	}
}

/* One sample has no interval to speak of; rows built in memory without
 * timing_compute() have none (zeros): both show the median alone. */
bool has_interval(const struct timing *t)
{
	return t->nsamples > 1 && t->median_lo_ms <= t->median_ms &&
	       t->median_ms <= t->median_hi_ms;
}

const char *fmt_bytes(char *buf, size_t size, double v)
{
	static const char *const units[] = { "B", "kB", "MB", "GB", "TB" };
	size_t u = 0;

	while (fabs(v) >= 1000 && u + 1 < ARRAY_SIZE(units)) {
		v /= 1000;
		u++;
	}
	snprintf(buf, size, u ? "%.2f %s" : "%.0f %s", v, units[u]);
	return buf;
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

static void size_add(struct sbuf *b, uint64_t v)
{
	if (is_pow2(v) && v >= 1024)
		sbuf_addf(b, "2^%d", __builtin_ctzll(v));
	else
		sbuf_addf(b, "%llu", (unsigned long long)v);
}

char *size_text_as(uint64_t n, uint64_t m, bool matrix, bool ascii)
{
	struct sbuf b = SBUF_INIT;

	if (matrix) {
		sbuf_addf(&b, "%llu %s %llu", (unsigned long long)n,
			  ascii ? "x" : "×", (unsigned long long)m);
	} else {
		sbuf_add(&b, "n = ");
		size_add(&b, n);
	}
	return sbuf_detach(&b);
}

char *size_text(uint64_t n, uint64_t m, bool matrix)
{
	return size_text_as(n, m, matrix, false);
}

void table_row(struct sbuf *b, const char *const *cells, size_t n)
{
	sbuf_addc(b, '|');
	for (size_t i = 0; i < n; i++) {
		sbuf_addc(b, ' ');
		sbuf_add(b, cells[i]);
		sbuf_add(b, " |");
	}
	sbuf_addc(b, '\n');
}

void table_rule(struct sbuf *b, const bool *right, size_t n)
{
	sbuf_addc(b, '|');
	for (size_t i = 0; i < n; i++)
		sbuf_add(b, right[i] ? " ---: |" : " --- |");
	sbuf_addc(b, '\n');
}

void block_trim(struct sbuf *b)
{
	while (b->len && (b->buf[b->len - 1] == '\n' ||
			  b->buf[b->len - 1] == ' '))
		b->buf[--b->len] = '\0';
}

/* ---- small helpers every file uses (report_int.h) ------------------------------- */

const char *S(const char *s)
{
	return s ? s : "";
}

bool factor_covers(double f, double x)
{
	return f >= x * (1 - 0.005);
}

bool str_eq(const char *a, const char *b)
{
	return strcmp(S(a), S(b)) == 0;
}
