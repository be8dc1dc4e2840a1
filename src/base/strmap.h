/* strmap.h - byte strings to numbers in expected constant time.
 *
 * The index culab keeps wherever it looks names up in input of any size
 * (a results file's variants by name, its distinct counter columns, a
 * report's ladders by what they measured), so that reading a file and
 * reporting on it stay linear in its rows: a name looked up once per row
 * in a list of names is quadratic in a crafted file.
 *
 * Open addressing with linear probing, FNV-1a hashes, a power-of-two
 * table at most half full.  Keys are copied: the map owns them.  A key
 * is a length and bytes, so keys made of several fields (strmap_key_*)
 * may hold NUL bytes.  Zero-initialise a map (STRMAP_INIT);
 * strmap_release() frees it. */
#ifndef CULAB_STRMAP_H
#define CULAB_STRMAP_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

struct strmap_slot {
	char *key;              /* NULL: empty */
	size_t len;
	size_t hash;
	size_t value;
};

struct strmap {
	struct strmap_slot *slot;
	size_t cap, n;
};

#define STRMAP_INIT { NULL, 0, 0 }
/* What strmap_get() returns for a key the map does not hold. */
#define STRMAP_NONE SIZE_MAX

/* The value of key[0..len), or STRMAP_NONE. */
size_t strmap_getn(const struct strmap *m, const char *key, size_t len);
/* The value of the string key (NULL as ""), or STRMAP_NONE. */
size_t strmap_get(const struct strmap *m, const char *key);

/* Adds key[0..len) with `value` unless the map holds it.  Returns the
 * value the key has now: `value` when it was added, else the earlier
 * one (unchanged). */
size_t strmap_putn(struct strmap *m, const char *key, size_t len,
		   size_t value);
/* The same for a string key (NULL as ""). */
size_t strmap_put(struct strmap *m, const char *key, size_t value);

/* Frees what the map holds and empties it; accepts NULL. */
void strmap_release(struct strmap *m);

/* Composite keys, built in an sbuf: each field is followed by a NUL, so
 * no two lists of fields make the same key.  Start with sbuf_reset(). */
void strmap_key_str(struct sbuf *k, const char *s);    /* NULL as "" */
void strmap_key_u64(struct sbuf *k, uint64_t v);

#ifdef __cplusplus
}
#endif

#endif
