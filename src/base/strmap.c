/* strmap.c - byte strings to numbers.  See strmap.h. */
#include "strmap.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t hash_of(const char *key, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)key[i];
		h *= 0x100000001b3ull;
	}
	return (size_t)(h ^ (h >> 29));
}

/* The slot of key in m: where it is, or the empty slot where it goes. */
static struct strmap_slot *find(const struct strmap *m, const char *key,
				size_t len, size_t hash)
{
	size_t mask = m->cap - 1, i = hash & mask;

	for (;; i = (i + 1) & mask) {
		struct strmap_slot *s = &m->slot[i];

		if (!s->key || (s->hash == hash && s->len == len &&
				memcmp(s->key, key, len) == 0))
			return s;
	}
}

size_t strmap_getn(const struct strmap *m, const char *key, size_t len)
{
	const struct strmap_slot *s;

	if (!m->n)
		return STRMAP_NONE;
	s = find(m, key, len, hash_of(key, len));
	return s->key ? s->value : STRMAP_NONE;
}

size_t strmap_get(const struct strmap *m, const char *key)
{
	key = key ? key : "";
	return strmap_getn(m, key, strlen(key));
}

static void grow(struct strmap *m)
{
	struct strmap old = *m;

	m->cap = old.cap ? 2 * old.cap : 16;
	m->slot = xcalloc(m->cap, sizeof(*m->slot));
	for (size_t i = 0; i < old.cap; i++)
		if (old.slot[i].key)
			*find(m, old.slot[i].key, old.slot[i].len,
			      old.slot[i].hash) = old.slot[i];
	free(old.slot);
}

size_t strmap_putn(struct strmap *m, const char *key, size_t len,
		   size_t value)
{
	size_t hash = hash_of(key, len);
	struct strmap_slot *s;

	if (2 * (m->n + 1) > m->cap)
		grow(m);
	s = find(m, key, len, hash);
	if (s->key)
		return s->value;
	s->key = xmalloc(len + 1);
	memcpy(s->key, key, len);
	s->key[len] = '\0';
	s->len = len;
	s->hash = hash;
	s->value = value;
	m->n++;
	return value;
}

size_t strmap_put(struct strmap *m, const char *key, size_t value)
{
	key = key ? key : "";
	return strmap_putn(m, key, strlen(key), value);
}

void strmap_release(struct strmap *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->cap; i++)
		free(m->slot[i].key);
	free(m->slot);
	memset(m, 0, sizeof(*m));
}

void strmap_key_str(struct sbuf *k, const char *s)
{
	s = s ? s : "";
	sbuf_addn(k, s, strlen(s) + 1);
}

void strmap_key_u64(struct sbuf *k, uint64_t v)
{
	char buf[24];
	int n = snprintf(buf, sizeof(buf), "%" PRIu64, v);

	sbuf_addn(k, buf, (size_t)n + 1);
}
