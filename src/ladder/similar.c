/* similar.c - fingerprints of a source and how much two of them share
 * (similar.h).  The tokens (similar_lex.c) in their canonical order
 * (similar_canon.c) are hashed k at a time, and winnowing (Schleimer,
 * Wilkerson and Aiken, SIGMOD 2003) keeps the smallest hash of every
 * window of w consecutive k-grams, the rightmost on a tie, once per
 * position: any run of w + k - 1 tokens two sources share gives both at
 * least one fingerprint in common, and a shorter one may not. */
#include "similar.h"
#include "similar_int.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct fp {
	uint64_t h;
	size_t pos;             /* its first token, in the canonical order */
};

struct similar_doc {
	int *line;              /* per canonical token: its line */
	size_t ntok;
	size_t k;
	struct fp *fp;          /* in position order, the base's left out */
	size_t nfp;
	struct fp *by_hash;     /* the same, by hash then position */
	uint64_t *set;          /* the distinct hashes, sorted */
	size_t nset;
};

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

static int cmp_fp(const void *x, const void *y)
{
	const struct fp *a = x, *b = y;

	if (a->h != b->h)
		return a->h < b->h ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static bool in_set(const struct similar_doc *d, uint64_t h)
{
	return d && d->nset &&
	       bsearch(&h, d->set, d->nset, sizeof(*d->set), cmp_u64);
}

/* The winnowed fingerprints of k-gram hashes g[0..ng) with window w,
 * into d->fp, leaving out those of base. */
static void winnow(struct similar_doc *d, const uint64_t *g, size_t ng,
		   size_t w, const struct similar_doc *base)
{
	size_t last = (size_t)-1, windows;

	if (!ng)
		return;
	if (w > ng)
		w = ng;
	windows = ng - w + 1;
	d->fp = xcalloc(ng, sizeof(*d->fp));
	for (size_t s = 0; s < windows; s++) {
		size_t m = s;

		for (size_t i = s + 1; i < s + w; i++)
			if (g[i] <= g[m])
				m = i;
		if (m == last)
			continue;
		last = m;
		if (!in_set(base, g[m]))
			d->fp[d->nfp++] = (struct fp){ g[m], m };
	}
}

struct similar_doc *similar_doc_make(const char *text, size_t len,
				     const struct similar_doc *base,
				     size_t k, size_t w)
{
	struct similar_doc *d = xcalloc(1, sizeof(*d));
	struct tok *t = NULL;
	size_t *order = NULL, nt, ng;
	uint64_t *g = NULL;

	nt = similar_lex(text, len, SIMILAR_MAX_TOKENS, &t);
	d->ntok = similar_canon(t, nt, &order);
	d->k = k;
	d->line = xcalloc(d->ntok ? d->ntok : 1, sizeof(*d->line));
	for (size_t i = 0; i < d->ntok; i++)
		d->line[i] = t[order[i]].line;
	ng = d->ntok >= k ? d->ntok - k + 1 : 0;
	g = xcalloc(ng ? ng : 1, sizeof(*g));
	for (size_t i = 0; i < ng; i++) {
		uint64_t h = 0x6b67;

		for (size_t j = 0; j < k; j++)
			h = similar_hash_mix(h, t[order[i + j]].h);
		g[i] = h;
	}
	winnow(d, g, ng, w ? w : 1, base);
	d->by_hash = xcalloc(d->nfp ? d->nfp : 1, sizeof(*d->by_hash));
	if (d->nfp)
		memcpy(d->by_hash, d->fp, d->nfp * sizeof(*d->fp));
	qsort(d->by_hash, d->nfp, sizeof(*d->by_hash), cmp_fp);
	d->set = xcalloc(d->nfp ? d->nfp : 1, sizeof(*d->set));
	for (size_t i = 0; i < d->nfp; i++)
		if (!d->nset || d->set[d->nset - 1] != d->by_hash[i].h)
			d->set[d->nset++] = d->by_hash[i].h;
	free(g);
	free(order);
	free(t);
	return d;
}

struct similar_doc *similar_doc_new(const char *text, size_t len,
				    const struct similar_doc *base)
{
	return similar_doc_make(text, len, base, SIMILAR_K, SIMILAR_W);
}

struct similar_doc *similar_base_new(const char *text, size_t len)
{
	return similar_doc_make(text, len, NULL, SIMILAR_K, 1);
}

/* A doc of hashes alone (no lines, no positions): what a base needs. */
static struct similar_doc *set_doc(uint64_t *set, size_t nset)
{
	struct similar_doc *d = xcalloc(1, sizeof(*d));

	d->set = set;
	d->nset = nset;
	d->k = SIMILAR_K;
	return d;
}

struct similar_doc *similar_common(const struct similar_doc *const *docs,
				   size_t n, size_t min,
				   const struct similar_doc *also)
{
	size_t total = also ? also->nset : 0, m = 0, out = 0;
	uint64_t *all, *set;

	for (size_t i = 0; i < n; i++)
		total += docs[i] ? docs[i]->nset : 0;
	all = xcalloc(total ? total : 1, sizeof(*all));
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; docs[i] && j < docs[i]->nset; j++)
			all[m++] = docs[i]->set[j];
	qsort(all, m, sizeof(*all), cmp_u64);
	set = xcalloc(total ? total : 1, sizeof(*set));
	/* each doc's set holds a hash once, so a run's length is how many
	 * docs hold it */
	for (size_t i = 0; i < m;) {
		size_t j = i;

		while (j < m && all[j] == all[i])
			j++;
		if (min && j - i >= min)
			set[out++] = all[i];
		i = j;
	}
	for (size_t j = 0; also && j < also->nset; j++)
		set[out++] = also->set[j];
	free(all);
	qsort(set, out, sizeof(*set), cmp_u64);
	m = 0;
	for (size_t i = 0; i < out; i++)
		if (!m || set[m - 1] != set[i])
			set[m++] = set[i];
	return set_doc(set, m);
}

void similar_doc_free(struct similar_doc *d)
{
	if (!d)
		return;
	free(d->line);
	free(d->fp);
	free(d->by_hash);
	free(d->set);
	free(d);
}

size_t similar_doc_fingerprints(const struct similar_doc *d)
{
	return d ? d->nset : 0;
}

size_t similar_shared(const struct similar_doc *a, const struct similar_doc *b)
{
	size_t i = 0, j = 0, n = 0;

	if (!a || !b)
		return 0;
	while (i < a->nset && j < b->nset) {
		if (a->set[i] == b->set[j]) {
			n++;
			i++;
			j++;
		} else if (a->set[i] < b->set[j]) {
			i++;
		} else {
			j++;
		}
	}
	return n;
}

double similar_score(const struct similar_doc *a, const struct similar_doc *b)
{
	size_t s = similar_shared(a, b);
	size_t na = similar_doc_fingerprints(a), nb = similar_doc_fingerprints(b);

	return na + nb - s ? (double)s / (double)(na + nb - s) : 0.0;
}

bool similar_flagged(double score)
{
	return score >= SIMILAR_THRESHOLD;
}

bool similar_flagged_pair(double score, size_t shared)
{
	return similar_flagged(score) && shared >= SIMILAR_MIN_SHARED;
}

struct similar_doc *similar_class_base(const char *const *texts,
				       const size_t *lens, size_t n,
				       const struct similar_doc *known)
{
	struct similar_doc **d = xcalloc(n ? n : 1, sizeof(*d)), *base;
	size_t have = 0, min;

	for (size_t i = 0; i < n; i++)
		if (texts[i]) {
			d[i] = similar_doc_new(texts[i], lens[i], known);
			have++;
		}
	min = have / 2 + 1;
	if (min < SIMILAR_COMMON_MIN)
		min = SIMILAR_COMMON_MIN;
	base = similar_common((const struct similar_doc *const *)d, n,
			      have >= SIMILAR_COMMON_MIN ? min : 0, known);
	for (size_t i = 0; i < n; i++)
		similar_doc_free(d[i]);
	free(d);
	return base;
}

/* ---- the matching lines ---------------------------------------------------- */

/* The positions in d of fingerprint h: [*lo, *hi) of d->by_hash. */
static void positions(const struct similar_doc *d, uint64_t h, size_t *lo,
		      size_t *hi)
{
	size_t a = 0, b = d->nfp;

	while (a < b) {
		size_t m = a + (b - a) / 2;

		if (d->by_hash[m].h < h)
			a = m + 1;
		else
			b = m;
	}
	*lo = a;
	while (b < d->nfp && d->by_hash[b].h == h)
		b++;
	*hi = a < b ? b : a;
}

/* The lines of tokens [p, q) of d: *first and *last. */
static void lines_of(const struct similar_doc *d, size_t p, size_t q,
		     int *first, int *last)
{
	if (q > d->ntok)
		q = d->ntok;
	*first = *last = d->line[p];
	for (size_t i = p; i < q; i++) {
		if (d->line[i] < *first)
			*first = d->line[i];
		if (d->line[i] > *last)
			*last = d->line[i];
	}
}

/* A fingerprint of a found in b: at pa in a, pb in b; `starts` when it
 * does not go on the run of the one before. */
struct hit {
	size_t pa, pb;
	bool starts;
};

/* The fingerprints of a found in b, in a's order, each at the place in
 * b that goes on the run before it where one does (else b's first):
 * *out is a heap array the caller frees; returns the count. */
static size_t hits_of(const struct similar_doc *a, const struct similar_doc *b,
		      struct hit **out)
{
	struct hit *h = NULL;
	size_t n = 0, cap = 0, gap;

	*out = NULL;
	if (!a || !b || !a->nfp || !b->nfp)
		return 0;
	/* consecutive fingerprints of a shared run are at most w apart;
	 * a run goes on while both sides advance by at most this */
	gap = a->k + SIMILAR_W;
	for (size_t i = 0; i < a->nfp; i++) {
		size_t lo, hi, pa = a->fp[i].pos, pick = (size_t)-1;

		positions(b, a->fp[i].h, &lo, &hi);
		if (lo == hi)
			continue;
		for (size_t j = lo; j < hi && n; j++) {
			size_t pb = b->by_hash[j].pos;

			if (pb > h[n - 1].pb && pb <= h[n - 1].pb + gap &&
			    pa <= h[n - 1].pa + gap) {
				pick = pb;
				break;
			}
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 32;
			h = xrealloc(h, cap * sizeof(*h));
		}
		h[n++] = (struct hit){ pa, pick != (size_t)-1 ? pick :
				       b->by_hash[lo].pos, pick == (size_t)-1 };
	}
	*out = h;
	return n;
}

static int cmp_span(const void *x, const void *y)
{
	const struct similar_span *a = x, *b = y;

	if (a->a_first != b->a_first)
		return a->a_first < b->a_first ? -1 : 1;
	return (a->b_first > b->b_first) - (a->b_first < b->b_first);
}

size_t similar_spans(const struct similar_doc *a, const struct similar_doc *b,
		     struct similar_span **out)
{
	struct hit *h;
	struct similar_span *s;
	size_t nh = hits_of(a, b, &h), nr = 0, n = 0;

	*out = NULL;
	if (!nh)
		return 0;
	s = xcalloc(nh, sizeof(*s));
	for (size_t i = 0; i < nh; nr++) {
		size_t j = i + 1;

		while (j < nh && !h[j].starts)
			j++;
		lines_of(a, h[i].pa, h[j - 1].pa + a->k, &s[nr].a_first,
			 &s[nr].a_last);
		lines_of(b, h[i].pb, h[j - 1].pb + b->k, &s[nr].b_first,
			 &s[nr].b_last);
		i = j;
	}
	qsort(s, nr, sizeof(*s), cmp_span);
	/* spans that overlap on both sides are one */
	for (size_t i = 0; i < nr; i++) {
		if (n && s[i].a_first <= s[n - 1].a_last + 1 &&
		    s[i].b_first <= s[n - 1].b_last + 1 &&
		    s[i].b_last + 1 >= s[n - 1].b_first) {
			struct similar_span *p = &s[n - 1];

			if (s[i].a_last > p->a_last)
				p->a_last = s[i].a_last;
			if (s[i].b_first < p->b_first)
				p->b_first = s[i].b_first;
			if (s[i].b_last > p->b_last)
				p->b_last = s[i].b_last;
			continue;
		}
		s[n++] = s[i];
	}
	free(h);
	*out = s;
	return n;
}

static int cmp_line(const void *x, const void *y)
{
	const struct similar_line *a = x, *b = y;

	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	return (a->b > b->b) - (a->b < b->b);
}

size_t similar_lines(const struct similar_doc *a, const struct similar_doc *b,
		     struct similar_line **out)
{
	struct hit *h;
	struct similar_line *l;
	size_t nh = hits_of(a, b, &h), nl = 0, n = 0;

	*out = NULL;
	if (!nh)
		return 0;
	l = xcalloc(nh * a->k, sizeof(*l));
	for (size_t i = 0; i < nh; i++)
		for (size_t d = 0; d < a->k; d++)
			if (h[i].pa + d < a->ntok && h[i].pb + d < b->ntok)
				l[nl++] = (struct similar_line){
					a->line[h[i].pa + d],
					b->line[h[i].pb + d] };
	qsort(l, nl, sizeof(*l), cmp_line);
	for (size_t i = 0; i < nl; i++)
		if (!n || cmp_line(&l[i], &l[n - 1]))
			l[n++] = l[i];
	free(h);
	*out = l;
	return n;
}

char *similar_normalized(const char *text, size_t len)
{
	struct sbuf b = SBUF_INIT;
	struct tok *t = NULL;
	size_t *order = NULL, nt, no;

	nt = similar_lex(text, len, SIMILAR_MAX_TOKENS, &t);
	no = similar_canon(t, nt, &order);
	for (size_t i = 0; i < no; i++) {
		char w[256];
		size_t n = similar_token_text(&t[order[i]], w, sizeof(w));

		if (i)
			sbuf_addc(&b, ' ');
		sbuf_addn(&b, w, n);
	}
	free(order);
	free(t);
	return b.len ? sbuf_detach(&b) : xstrdup("");
}
