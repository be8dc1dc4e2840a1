/* diag.c - GNU-format diagnostics, and the one escape for terminal text.
 * See diag.h.
 *
 * One stream, one counter, printf-checked entry points.  Nothing here
 * exits: callers decide what an error means for the run.  Every
 * diagnostic is formatted whole and escaped before it is written, so a
 * name from a file cannot end the line or send the terminal a sequence. */
#include "diag.h"

#include <stdint.h>
#include <string.h>

#include "util.h"

static FILE *diag_fp;
static const char *diag_prog = "culab";
static unsigned diag_errors;

void diag_set_stream(FILE *fp) { diag_fp = fp; }
FILE *diag_stream(void) { return diag_fp ? diag_fp : stderr; }
void diag_set_program(const char *name) { diag_prog = name ? name : "culab"; }
unsigned diag_error_count(void) { return diag_errors; }
void diag_reset_count(void) { diag_errors = 0; }

/* ---- terminal text ---------------------------------------------------- */

/* The length of the UTF-8 sequence at s (at most n bytes) and its code
 * point, or 0 when it is not one (overlong, surrogate, past U+10FFFF,
 * cut). */
static size_t utf8_seq(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len, i;
	uint32_t c;

	if (s[0] < 0xC2)
		return 0;
	len = s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : s[0] < 0xF5 ? 4 : 0;
	if (!len || len > n)
		return 0;
	c = s[0] & (0x7F >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3F);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF)
		return 0;
	*cp = c;
	return len;
}

static void add_hex(struct sbuf *b, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";
	char e[4] = { '\\', 'x', hex[c >> 4], hex[c & 15] };

	sbuf_addn(b, e, 4);
}

void diag_escape(struct sbuf *b, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, plain;

	while (i < len) {
		uint32_t cp;
		size_t n;

		for (plain = i; plain < len && u[plain] >= 0x20 &&
		     u[plain] < 0x7F; plain++)
			;
		sbuf_addn(b, s + i, plain - i);
		if ((i = plain) == len)
			break;
		if (u[i] < 0x80) {
			if (u[i] == '\n')
				sbuf_add(b, "\\n");
			else if (u[i] == '\r')
				sbuf_add(b, "\\r");
			else if (u[i] == '\t')
				sbuf_add(b, "\\t");
			else
				add_hex(b, u[i]);
			i++;
		} else if (!(n = utf8_seq(u + i, len - i, &cp)) ||
			   (cp >= 0x80 && cp <= 0x9F)) {
			for (size_t k = 0; k < (n ? n : 1); k++)
				add_hex(b, u[i + k]);
			i += n ? n : 1;
		} else if ((cp >= 0x202A && cp <= 0x202E) ||
			   (cp >= 0x2066 && cp <= 0x2069)) {
			sbuf_addf(b, "\\u{%04x}", (unsigned)cp);
			i += n;
		} else {
			sbuf_addn(b, s + i, n);
			i += n;
		}
	}
}

#define ESC_SLOTS 8

const char *diag_esc(const char *s)
{
	static _Thread_local struct sbuf slot[ESC_SLOTS];
	static _Thread_local unsigned next;
	struct sbuf *b = &slot[next++ % ESC_SLOTS];

	if (!s)
		s = "(null)";
	sbuf_reset(b);
	diag_escape(b, s, strlen(s));
	return sbuf_str(b);
}

/* fmt with ap, escaped, written to fp; a final newline stays one. */
static int vprint_escaped(FILE *fp, const char *fmt, va_list ap)
{
	struct sbuf raw = SBUF_INIT, out = SBUF_INIT;
	size_t len;
	bool nl;
	int rc;

	sbuf_vaddf(&raw, fmt, ap);
	len = raw.len;
	nl = len && sbuf_str(&raw)[len - 1] == '\n';
	diag_escape(&out, sbuf_str(&raw), len - nl);
	if (nl)
		sbuf_addc(&out, '\n');
	rc = fwrite(sbuf_str(&out), 1, out.len, fp) == out.len ?
	     (int)out.len : -1;
	sbuf_release(&raw);
	sbuf_release(&out);
	return rc;
}

int diag_printf(FILE *fp, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vprint_escaped(fp, fmt, ap);
	va_end(ap);
	return rc;
}

/* ---- diagnostics --------------------------------------------------------- */

static void print_line(FILE *fp, const char *fmt, ...) DIAG_PRINTF(2, 3);

static void print_line(FILE *fp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprint_escaped(fp, fmt, ap);
	va_end(ap);
}

static void vemit(const char *path, int line, int col, const char *kind,
		  const char *fmt, va_list ap)
{
	FILE *fp = diag_stream();
	struct sbuf msg = SBUF_INIT;

	sbuf_vaddf(&msg, fmt, ap);
	if (path && line > 0 && col > 0)
		print_line(fp, "%s:%d:%d: %s: %s\n", path, line, col, kind,
			   sbuf_str(&msg));
	else if (path && line > 0)
		print_line(fp, "%s:%d: %s: %s\n", path, line, kind,
			   sbuf_str(&msg));
	else if (path)
		print_line(fp, "%s: %s: %s\n", path, kind, sbuf_str(&msg));
	else
		print_line(fp, "%s: %s: %s\n", diag_prog, kind, sbuf_str(&msg));
	fflush(fp);
	sbuf_release(&msg);
}

void diag_relay(const char *text, size_t len, unsigned errors)
{
	FILE *fp = diag_stream();
	struct sbuf out = SBUF_INIT;
	const char *end = text + len;

	while (text < end) {
		const char *nl = memchr(text, '\n', (size_t)(end - text));
		const char *eol = nl ? nl : end;

		diag_escape(&out, text, (size_t)(eol - text));
		sbuf_addc(&out, '\n');
		text = nl ? nl + 1 : end;
	}
	if (out.len)
		fwrite(sbuf_str(&out), 1, out.len, fp);
	fflush(fp);
	sbuf_release(&out);
	diag_errors += errors;
}

int diag_verror_at(const char *path, int line, int col, const char *fmt,
		   va_list ap)
{
	diag_errors++;
	vemit(path, line, col, "error", fmt, ap);
	return -1;
}

int diag_error_at(const char *path, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror_at(path, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

void diag_warning_at(const char *path, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(path, line, col, "warning", fmt, ap);
	va_end(ap);
}

void diag_note_at(const char *path, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(path, line, col, "note", fmt, ap);
	va_end(ap);
}

int diag_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror_at(NULL, 0, 0, fmt, ap);
	va_end(ap);
	return -1;
}

void diag_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(NULL, 0, 0, "warning", fmt, ap);
	va_end(ap);
}

void diag_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vemit(NULL, 0, 0, "note", fmt, ap);
	va_end(ap);
}
