/* quote.c - a shell word and a C string literal.  See quote.h. */
#include "quote.h"

#include <string.h>

#include "strbuf.h"

void quote_shell(struct sbuf *b, const char *w)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				    "_./:=,+-@%";

	if (*w && strspn(w, plain) == strlen(w)) {
		sbuf_add(b, w);
		return;
	}
	sbuf_addc(b, '\'');
	for (; *w; w++) {
		if (*w == '\'')
			sbuf_add(b, "'\\''");
		else
			sbuf_addc(b, *w);
	}
	sbuf_addc(b, '\'');
}

void quote_c_string(struct sbuf *b, const char *s)
{
	sbuf_addc(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '\\' || *p == '"' || *p == '?') {
			sbuf_addc(b, '\\');
			sbuf_addc(b, (char)*p);
		} else if (*p < 0x20 || *p >= 0x7f) {
			sbuf_addf(b, "\\%03o", *p);
		} else {
			sbuf_addc(b, (char)*p);
		}
	}
	sbuf_addc(b, '"');
}
