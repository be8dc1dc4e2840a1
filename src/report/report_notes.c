/* report_notes.c - sentences that go beside the body's tables: what the
 * rung numbers before a ladder's first rung are (the copies it is
 * measured against), and what a sum wider than its elements changes in
 * the table of what the element type changes.  See report_notes.h.
 *
 * Both read the results, not the registry's code: a copy's role and
 * rung; a row's bytes beyond its input (a reduction's one sum, as wide
 * as its accumulator).  Where the data gives no ground, they say
 * nothing. */
#include "report_notes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dtype.h"
#include "base/util.h"

/* ---- the copies before the first rung -------------------------------- */

/* The copy of l at rung `step` (a ceiling or another copy), verified or
 * not, or NULL. */
static const struct item *copy_at(const struct ladder *l, int step)
{
	for (size_t i = 0; i < l->nitems; i++) {
		const struct item *it = l->items[i];

		if ((it->role == ROLE_CEILING || it->role == ROLE_COPY) &&
		    it->row->step == step)
			return it;
	}
	return NULL;
}

void ladder_copies_note(struct sbuf *b, enum lang L, const struct ladder *l)
{
	const struct item *ceiling = l->ceiling;
	struct sbuf nums = SBUF_INIT, names = SBUF_INIT, rungs = SBUF_INIT,
		    who = SBUF_INIT, ceil = SBUF_INIT, onums = SBUF_INIT,
		    onames = SBUF_INIT, others = SBUF_INIT;
	struct pool p = { .n = 0 };
	char first[16];
	int start = l->first ? l->first->row->step : 0, nother = 0;

	if (start <= 1 || !ceiling || ceiling->row->step <= 0 ||
	    ceiling->row->step >= start)
		return;
	for (int s = 1; s < start; s++) {
		const struct item *c = copy_at(l, s);
		char n[16];

		if (!c)
			goto out;
		snprintf(n, sizeof(n), "%d", s);
		if (s > 1)
			sbuf_add(&nums, say_text(L, s + 1 < start ? M_COMMA_SEP :
						 M_NOTE_AND));
		sbuf_add(&nums, n);
		if (s > 1)
			sbuf_add(&names, say_text(L, M_COMMA_SEP));
		md_text(&names, c->row->variant);
	}
	/* the copies the table does not show: every one but the ceiling,
	 * "2", "2 and 3", "2, 3 and 4" */
	for (int s = 1; s < start; s++) {
		int left = start - 1 - s - (ceiling->row->step > s);
		char n[16];

		if (s == ceiling->row->step)
			continue;
		snprintf(n, sizeof(n), "%d", s);
		if (nother) {
			sbuf_add(&onums, say_text(L, left > 0 ? M_COMMA_SEP :
						  M_NOTE_AND));
			sbuf_add(&onames, say_text(L, M_COMMA_SEP));
		}
		sbuf_add(&onums, n);
		md_text(&onames, copy_at(l, s)->row->variant);
		nother++;
	}
	snprintf(first, sizeof(first), "%d", start);
	/* "rungs 1 and 2"; one copy, the ceiling itself: "rung 1" */
	SAY(&rungs, L, start > 2 ? M_NOTE_RUNGS : M_ROLE_RUNG, sbuf_str(&nums));
	SAY(&who, L, M_NOTE_NAMED, sbuf_str(&rungs), sbuf_str(&names));
	{
		struct sbuf r = SBUF_INIT, o = SBUF_INIT, on = SBUF_INIT;
		char n[16];

		snprintf(n, sizeof(n), "%d", ceiling->row->step);
		SAY(&r, L, M_ROLE_RUNG, n);
		SAY(&ceil, L, M_NOTE_NAMED, sbuf_str(&r),
		    pool_md(&p, ceiling->row->variant));
		/* "rung 2 (transpose_copy_shared) is", "rungs 2 and 3
		 * (...) are" */
		SAY(&o, L, nother > 1 ? M_NOTE_RUNGS : M_ROLE_RUNG,
		    sbuf_str(&onums));
		SAY(&on, L, M_NOTE_NAMED, sbuf_str(&o), sbuf_str(&onames));
		SAY(&others, L, nother > 1 ? M_NOTE_OTHER_ARE : M_NOTE_OTHER_IS,
		    sbuf_str(&on));
		sbuf_release(&r);
		sbuf_release(&o);
		sbuf_release(&on);
	}
	SAY(b, L, start > 2 ? M_NOTE_COPIES : M_NOTE_COPY1, first,
	    sbuf_str(&who), sbuf_str(&ceil), sbuf_str(&others));
	sbuf_add(b, "\n\n");
out:
	pool_release(&p);
	sbuf_release(&nums);
	sbuf_release(&names);
	sbuf_release(&rungs);
	sbuf_release(&who);
	sbuf_release(&ceil);
	sbuf_release(&onums);
	sbuf_release(&onames);
	sbuf_release(&others);
}

/* ---- a sum wider than its elements ------------------------------------ */

static size_t elem_bytes(const char *dtype)
{
	enum dtype t;

	return dtype_parse(S(dtype), &t) == 0 ? dtype_size(t) : 0;
}

/* The bytes of the one sum ladder l's rungs write beside their input
 * (their bytes beyond n x m elements, where that is one value of at most
 * 16 bytes), or 0: no reduction, or not known. */
static size_t sum_bytes(const struct ladder *l)
{
	size_t e = elem_bytes(l->dtype);

	for (size_t i = 0; e && i < l->nitems; i++) {
		const struct item *it = l->items[i];
		double extra;

		if (it->role != ROLE_RUNG || !it->ok)
			continue;
		extra = it->row->bytes - (double)it->row->n *
					 (double)it->row->m * (double)e;
		return extra >= 1 && extra <= 16 ? (size_t)extra : 0;
	}
	return 0;
}

void types_accumulator_note(struct sbuf *b, enum lang L,
			    const struct ladder *const *lads, size_t n)
{
	struct pool p = { .n = 0 };

	for (size_t k = 0; k < n; k++) {
		size_t e = elem_bytes(lads[k]->dtype), acc = sum_bytes(lads[k]);
		const struct ladder *like = NULL, *same = NULL;
		char bits[24], x[24], eb[24];

		if (!e || acc <= e)
			continue;
		for (size_t j = 0; j < n; j++) {
			if (j == k)
				continue;
			if (!like && elem_bytes(lads[j]->dtype) == acc)
				like = lads[j];
			if (!same && elem_bytes(lads[j]->dtype) == e &&
			    sum_bytes(lads[j]) == e)
				same = lads[j];
		}
		snprintf(bits, sizeof(bits), "%zu", 8 * acc);
		if (like && same) {
			SAY(b, L, M_NOTE_ACC_LIKE, pool_md(&p, lads[k]->dtype),
			    bits, pool_md(&p, like->dtype),
			    pool_md(&p, same->dtype));
		} else {
			snprintf(x, sizeof(x), "%zu", acc / e);
			snprintf(eb, sizeof(eb), "%zu", e);
			SAY(b, L, M_NOTE_ACC_WIDER, pool_md(&p, lads[k]->dtype),
			    bits, x, eb);
		}
		pool_release(&p);
	}
}
