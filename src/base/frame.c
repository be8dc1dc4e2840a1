/* frame.c - length-prefixed fields.  See frame.h.
 *
 * Moved out of the kernel cache, whose entries were the first user, when
 * the compile child's pipe needed the same framing: one reader that
 * checks every length, so neither side trusts a count it has not checked
 * against the bytes it holds. */
#include "frame.h"

#include <string.h>

#include "util.h"

void frame_put_u64(struct sbuf *b, uint64_t v)
{
	char c[8];
	int i;

	for (i = 0; i < 8; i++)
		c[i] = (char)(v >> (8 * i));
	sbuf_addn(b, c, sizeof(c));
}

void frame_put_field(struct sbuf *b, const void *p, size_t n)
{
	frame_put_u64(b, n);
	sbuf_addn(b, p, n);
}

void frame_put_str(struct sbuf *b, const char *s)
{
	if (s)
		frame_put_field(b, s, strlen(s));
	else
		frame_put_u64(b, FRAME_NONE);
}

uint64_t frame_get_u64(struct frame_reader *r)
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

const char *frame_get_field(struct frame_reader *r, size_t *n)
{
	uint64_t len = frame_get_u64(r);
	const char *p = r->p;

	*n = 0;
	if (r->bad || len == FRAME_NONE)
		return NULL;
	if (len > (uint64_t)(r->end - r->p)) {
		r->bad = true;
		return NULL;
	}
	*n = (size_t)len;
	r->p += len;
	return p;
}

char *frame_get_str(struct frame_reader *r)
{
	size_t n;
	const char *f = frame_get_field(r, &n);

	if (!f)
		return NULL;
	if (memchr(f, '\0', n)) {
		r->bad = true;
		return NULL;
	}
	return xstrndup(f, n);
}
