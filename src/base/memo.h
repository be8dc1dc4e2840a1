/* memo.h - answers kept by the bytes they were computed from.
 *
 * For a pure computation that is asked the same question many times (a
 * report asks for one pair's bootstrap interval over and over): the
 * caller writes everything the answer depends on into a key, and a kept
 * answer is found by comparing keys whole, so it is exact.  A fixed
 * number of entries, the oldest replaced first; keys longer than the
 * memo's bound are not kept.  Not thread-safe (culab's report is one
 * thread). */
#ifndef CULAB_MEMO_H
#define CULAB_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest answer an entry holds. */
#define MEMO_VALUE 32

struct memo_entry {
	uint64_t hash;
	unsigned char *key;      /* NULL: empty */
	size_t klen;
	unsigned char value[MEMO_VALUE];
};

struct memo {
	size_t n;                /* entries */
	size_t max_key;          /* bytes of a key at most */
	struct memo_entry *e;    /* allocated at the first put */
	size_t next;             /* the next to replace */
};

#define MEMO_INIT(entries, max_key_bytes) { (entries), (max_key_bytes), NULL, 0 }

/* Copies the answer kept for key[0..klen) into value[0..vlen) and returns
 * true, or returns false when none is. */
bool memo_get(const struct memo *m, const void *key, size_t klen,
	      void *value, size_t vlen);
/* Keeps value[0..vlen) (at most MEMO_VALUE bytes) for key[0..klen),
 * unless the key is longer than m->max_key. */
void memo_put(struct memo *m, const void *key, size_t klen,
	      const void *value, size_t vlen);
/* Forgets every answer and frees the entries (m can be used again). */
void memo_release(struct memo *m);

#endif
