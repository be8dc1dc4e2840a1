/* frame.h - length-prefixed fields: the bytes of the kernel cache's
 * entries (kcache.c) and of the compile child's pipe (kcompile.c).
 *
 * Every field carries its length first (8 bytes, little-endian) and every
 * list its count, so two different sequences of fields never give the
 * same bytes by moving text from one field into the next ("-DA" "B"
 * against "-D" "AB").  A string that is absent (NULL) is the length
 * FRAME_NONE with no bytes.  Reading checks every length against what is
 * left: a short or malformed buffer sets the reader's `bad`, and every
 * later read gives nothing, so a parser reads on and checks once. */
#ifndef CULAB_FRAME_H
#define CULAB_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FRAME_NONE UINT64_MAX

struct sbuf;

/* Appends v (8 bytes, little-endian). */
void frame_put_u64(struct sbuf *b, uint64_t v);
/* Appends n, then the n bytes at p. */
void frame_put_field(struct sbuf *b, const void *p, size_t n);
/* A string field; NULL is the length FRAME_NONE alone. */
void frame_put_str(struct sbuf *b, const char *s);

/* A buffer being read: [p, end). */
struct frame_reader {
	const char *p, *end;
	bool bad;
};

/* The next 8 bytes as a number; 0 and r->bad when fewer are left. */
uint64_t frame_get_u64(struct frame_reader *r);
/* The next field's bytes (pointing into the buffer) and its length in
 * *n; NULL with *n 0 for a FRAME_NONE field, or when the buffer runs
 * short (then r->bad). */
const char *frame_get_field(struct frame_reader *r, size_t *n);
/* The next field as a new NUL-terminated string (the caller frees it);
 * NULL for a FRAME_NONE field, and NULL with r->bad when the field runs
 * short or holds a NUL byte. */
char *frame_get_str(struct frame_reader *r);

#endif
