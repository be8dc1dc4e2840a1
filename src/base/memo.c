/* memo.c - answers kept by the bytes they were computed from.  See
 * memo.h. */
#include "memo.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* FNV-1a: cheap, and only a first filter (keys are compared whole). */
static uint64_t hash_of(const void *key, size_t klen)
{
	const unsigned char *p = key;
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < klen; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

bool memo_get(const struct memo *m, const void *key, size_t klen,
	      void *value, size_t vlen)
{
	uint64_t h;

	if (!m->e || klen > m->max_key || vlen > MEMO_VALUE)
		return false;
	h = hash_of(key, klen);
	for (size_t i = 0; i < m->n; i++) {
		const struct memo_entry *e = &m->e[i];

		if (e->key && e->hash == h && e->klen == klen &&
		    !memcmp(e->key, key, klen)) {
			memcpy(value, e->value, vlen);
			return true;
		}
	}
	return false;
}

void memo_put(struct memo *m, const void *key, size_t klen,
	      const void *value, size_t vlen)
{
	struct memo_entry *e;

	if (klen > m->max_key || vlen > MEMO_VALUE || !m->n)
		return;
	if (!m->e)
		m->e = xcalloc(m->n, sizeof(*m->e));
	e = &m->e[m->next];
	m->next = (m->next + 1) % m->n;
	free(e->key);
	e->key = xmalloc(klen ? klen : 1);
	memcpy(e->key, key, klen);
	e->klen = klen;
	e->hash = hash_of(key, klen);
	memcpy(e->value, value, vlen);
}

void memo_release(struct memo *m)
{
	for (size_t i = 0; m->e && i < m->n; i++)
		free(m->e[i].key);
	free(m->e);
	m->e = NULL;
	m->next = 0;
}
