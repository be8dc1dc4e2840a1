/* source_same.c - a source's text without its comments and with no
 * whitespace outside literals, hashed.  See source_same.h. */
#include "source_same.h"

#include "base/hash.h"
#include "base/util.h"

int source_fingerprint(const char *text, size_t len, char out[65])
{
	struct sbuf b = SBUF_INIT;
	int rc;

	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		if (c == '/' && i + 1 < len && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < len && text[i + 1] == '*') {
			for (i += 2; i < len && !(text[i] == '*' && i + 1 < len &&
						  text[i + 1] == '/');)
				i++;
			i++;            /* the '/' of the end, or past the text */
		} else if (c == '"' || c == '\'') {
			/* a literal, escapes and all, as it stands */
			sbuf_addc(&b, c);
			for (i++; i < len && text[i] != c && text[i] != '\n';
			     i++) {
				if (text[i] == '\\' && i + 1 < len)
					sbuf_addc(&b, text[i++]);
				sbuf_addc(&b, text[i]);
			}
			if (i < len && text[i] == c)
				sbuf_addc(&b, c);
		} else if (c != ' ' && c != '\t' && c != '\n' && c != '\r' &&
			   c != '\f' && c != '\v') {
			sbuf_addc(&b, c);
		}
	}
	rc = sha256_hex(b.len ? b.buf : "", b.len, out);
	sbuf_release(&b);
	return rc;
}
