/* report_results.c - the body's results: per family, the ladder of its
 * lead type (the type measured at the largest size) in full at that
 * size, and the other types of the family in one table of what the
 * element type changes.  See report_int.h.
 *
 * A ladder in full is its table (time with its ± column, GB/s, % of the
 * ceiling, the step against the rung before and the counter that shows
 * it), its chart, and each step beyond the noise with why it went as it
 * did and the key lines of the rung before and of the rung after, side
 * by side in the HTML page.  The int and double ladders of a reduction
 * repeat the float one rung for rung; what a reader learns from them is
 * where they differ, so the body shows those rows only, beside the lead
 * type's at the same size, and the details show every row.  What a
 * step's cause is, the body asks the rules (report_rules.c), as the
 * abstract and the conclusion do, so no two places tell one step two
 * ways. */
#include "report_int.h"
#include "report_code.h"
#include "report_evidence.h"
#include "report_notes.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder/ladder.h"
#include "report_html.h"
#include "base/util.h"

/* A rung's step differs between element types when their speedups are
 * further apart than this (the largest over the smallest), or when
 * their verdicts differ. */
#define TYPES_DIFF_PCT 10.0

/* ---- which groups the body shows ---------------------------------------- */

/* Ladder of group g at size n x m, or NULL. */
static const struct ladder *ladder_at(const struct group *g, uint64_t n,
				      uint64_t m)
{
	for (size_t i = 0; i < g->nladders; i++)
		if (g->ladders[i]->n == n && g->ladders[i]->m == m)
			return g->ladders[i];
	return NULL;
}

static double ladder_elems(const struct ladder *l)
{
	return (double)l->n * (double)l->m;
}

/* report_int.h: the lead group of g's family. */
const struct group *family_lead(const struct model *m,
				const struct group *g)
{
	const struct group *best = NULL;

	for (size_t i = 0; i < m->ngroups; i++) {
		const struct group *h = &m->groups[i];

		if (!str_eq(h->family, g->family) || !str_eq(h->gpu, g->gpu) ||
		    !h->top || ladder_ok_rungs(h->top) < 2)
			continue;
		if (!best || ladder_elems(h->top) > ladder_elems(best->top) ||
		    (ladder_elems(h->top) == ladder_elems(best->top) &&
		     h->nladders > best->nladders))
			best = h;
	}
	return best;
}

/* Whether a ladder of group g holds the user's kernels. */
static bool group_has_user(const struct group *g)
{
	for (size_t k = 0; k < g->nladders; k++)
		for (size_t i = 0; i < g->ladders[k]->nitems; i++)
			if (g->ladders[k]->items[i]->role == ROLE_USER)
				return true;
	return false;
}

/* The lead group's ladder beside which group g is shown in the table of
 * what the element type changes (at g's largest size), or NULL when g is
 * shown in full: a group with the user's kernels always is. */
static const struct ladder *typed_beside(const struct model *m,
					 const struct group *g)
{
	const struct group *lead = family_lead(m, g);
	const struct ladder *l;

	if (!lead || lead == g || !g->top || ladder_ok_rungs(g->top) < 2 ||
	    str_eq(lead->dtype, g->dtype) || group_has_user(g))
		return NULL;
	l = ladder_at(lead, g->top->n, g->top->m);
	return l && ladder_ok_rungs(l) >= 2 ? l : NULL;
}

bool group_in_body(const struct model *m, const struct group *g)
{
	return !typed_beside(m, g);
}

/* ---- a ladder in full ----------------------------------------------------- */

/* The anchor of ladder l's heading in its family's details page:
 * "details-reduce.en.md#reduce--float-n--228". */
static void details_anchor(struct sbuf *b, enum lang L,
			   const struct ladder *l)
{
	struct sbuf head = SBUF_INIT, text = SBUF_INIT;

	ladder_heading(&head, L, M_LADDER_HEAD, l);
	/* the heading's text as a reader sees it: without Markdown's
	 * backslash escapes */
	for (const char *p = sbuf_str(&head); *p; p++) {
		if (*p == '\\' && p[1])
			p++;
		sbuf_addc(&text, *p);
	}
	family_file(b, L, l->family);
	sbuf_addc(b, '#');
	report_slug(sbuf_str(&text), b);
	sbuf_release(&head);
	sbuf_release(&text);
}

/* Whether the body's table shows item it: the rungs, the user's
 * kernels, the ceiling and the library baselines (the CPU and the other
 * copies are the details'). */
static bool body_row(const struct item *it)
{
	return it->role != ROLE_REFERENCE && it->role != ROLE_COPY;
}

/* "±0.32 %": half the width of the 95 % interval of t's median (its
 * larger side), in percent of the median; "—" without an interval. */
static void pm_cell(struct sbuf *b, const struct timing *t)
{
	double h;

	if (!has_interval(t) || !(t->median_ms > 0)) {
		sbuf_add(b, "—");
		return;
	}
	h = fmax(t->median_hi_ms - t->median_ms,
		 t->median_ms - t->median_lo_ms);
	sbuf_addf(b, "±%s %%", FMT(100 * h / t->median_ms, 2));
}

#define BODY_COLS 8

/* The table of ladder l: rung, what changed, time, its ±, GB/s, % of
 * the ceiling (else of the peak), the step and the counter that shows
 * it. */
static void body_table(const struct model *m, const struct ladder *l,
		       enum lang L, struct sbuf *b)
{
	static const bool right[BODY_COLS] = { false, false, true, true, true,
					       true, true, false };
	const char *head[BODY_COLS] = {
		say_text(L, M_COL_RUNG), say_text(L, M_BCOL_CHANGE),
		say_text(L, M_BCOL_TIME), say_text(L, M_BCOL_PM),
		say_text(L, M_COL_GBPS),
		say_text(L, l->ceiling ? M_BCOL_CEIL : M_BCOL_PEAK),
		say_text(L, M_BCOL_STEP), say_text(L, M_BCOL_WHY),
	};
	struct sbuf cell[BODY_COLS];

	for (int k = 0; k < BODY_COLS; k++)
		cell[k] = (struct sbuf)SBUF_INIT;
	table_row(b, head, BODY_COLS);
	table_rule(b, right, BODY_COLS);
	for (size_t i = 0; i < l->nitems; i++) {
		const struct item *it = l->items[i];
		const struct result_row *w = it->row;
		const char *title = item_title(it, L);
		const char *cells[BODY_COLS];
		struct pool p = { .n = 0 };

		if (!body_row(it))
			continue;
		for (int k = 0; k < BODY_COLS; k++)
			sbuf_reset(&cell[k]);
		sbuf_add(&cell[0], role_text(&p, L, it));
		md_text(&cell[1], title ? title : w->variant);
		if (!it->ok) {
			for (int k = 2; k < BODY_COLS - 1; k++)
				sbuf_add(&cell[k], "—");
			sbuf_add(&cell[BODY_COLS - 1],
				 say_text(L, M_BCELL_FAILED));
		} else {
			sbuf_add(&cell[2], FMT(w->t.median_ms, 3));
			pm_cell(&cell[3], &w->t);
			sbuf_add(&cell[4], w->gbps > 0 ? FMT(w->gbps, 4) : "—");
			if (l->ceiling && l->ceiling->row->gbps > 0 &&
			    w->gbps > 0)
				sbuf_addf(&cell[5], "%.1f", 100 * w->gbps /
					  l->ceiling->row->gbps);
			else if (!l->ceiling && w->pct_peak > 0)
				sbuf_addf(&cell[5], "%.1f", w->pct_peak);
			else
				sbuf_add(&cell[5], "—");
			if (it->prev && it->role == ROLE_RUNG) {
				step_words(&cell[6], L, it, false);
				step_why_counter(&cell[7], L, m, l, it->prev,
						 it);
			} else {
				sbuf_add(&cell[6], "—");
				sbuf_add(&cell[7], "—");
			}
		}
		for (int k = 0; k < BODY_COLS; k++)
			cells[k] = sbuf_str(&cell[k]);
		table_row(b, cells, BODY_COLS);
		pool_release(&p);
	}
	sbuf_addc(b, '\n');
	for (int k = 0; k < BODY_COLS; k++)
		sbuf_release(&cell[k]);
}

/* A listing's heading in a before-and-after block, plain text: "rung 4
 * · reduce_interleaved_strided · kernels/reduce.cu:394–400". */
static void pair_head(struct sbuf *b, enum lang L, const struct item *it,
		      struct code_span lines)
{
	struct pool p = { .n = 0 };

	sbuf_add(b, role_text(&p, L, it));
	sbuf_add(b, " · ");
	sbuf_add(b, it->v->name);
	sbuf_add(b, " · ");
	span_place(b, lines);
	pool_release(&p);
}

/* Whether the counters explain no cause of step it of ladder l
 * (report_rules.c names none): its code would show a change the report
 * cannot account for. */
static bool step_unexplained(const struct model *m, const struct ladder *l,
			     const struct item *it)
{
	char *names = step_rule_names(m, l, it->prev, it);
	bool none = !*names;

	free(names);
	return none;
}

/* A line of key lines without its indentation and trailing blanks, as
 * s[0..*n); false for one that is no statement to match (blank, or only
 * braces and semicolons). */
static bool code_line(const char *p, size_t len, const char **s, size_t *n)
{
	*s = p + strspn(p, " \t");
	*n = len - (size_t)(*s - p);
	while (*n && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
		(*n)--;
	/* a key-lines marker (a nested region's) is not code */
	if (key_marker(*s, *s + *n))
		return false;
	return *n && strspn(*s, "{}; ") < *n;
}

/* Whether the key lines of a and b are two versions of one piece of
 * code, to be read side by side: they share at least two statements and
 * a quarter of the shorter one's (a `#pragma unroll` or a barrier in
 * common is not enough). */
static bool share_lines(const char *a, const char *b)
{
	size_t shared = 0, na = 0, nb = 0;

	for (const char *q = b; *q;) {
		const char *f = strchr(q, '\n'), *t;
		size_t m = f ? (size_t)(f - q) : strlen(q), j;

		nb += code_line(q, m, &t, &j);
		q = f ? f + 1 : q + m;
	}
	for (const char *p = a; *p;) {
		const char *e = strchr(p, '\n'), *s;
		size_t n = e ? (size_t)(e - p) : strlen(p), k;
		bool found = false;

		if (code_line(p, n, &s, &k)) {
			na++;
			for (const char *q = b; *q && !found;) {
				const char *f = strchr(q, '\n'), *t;
				size_t m = f ? (size_t)(f - q) : strlen(q), j;

				found = code_line(q, m, &t, &j) && j == k &&
					!strncmp(s, t, k);
				q = f ? f + 1 : q + m;
			}
		}
		shared += found;
		p = e ? e + 1 : p + n;
	}
	return shared >= 2 && 4 * shared >= (na < nb ? na : nb);
}

/* The lines before step prev -> it: those kernels/ marks as what the
 * step replaces (before_*, ladder.h), when prev is the rung the marker
 * was written against (the rung just below it, which an experiment that
 * leaves rungs out may not hold); else prev's own key lines when the two
 * are versions of one piece of code; else none (a zero span). */
static struct code_span before_of(const struct item *a, const struct item *it)
{
	if (has_before_lines(it->v) && a->v->family == it->v->family &&
	    it->v->step > 1 && a->v->step == it->v->step - 1)
		return before_span(it->v);
	if (has_key_lines(a->v) &&
	    share_lines(a->v->code_text, it->v->code_text))
		return key_span(a->v);
	return (struct code_span){ NULL, 0, NULL };
}

/* The key lines before and after step prev -> it, when the rung carries
 * its own and the step is explained: side by side when the lines the
 * step replaced are known (before_of), else the step's own alone, with
 * where the other rung's are. */
static void step_code(struct sbuf *b, enum lang L, const struct model *m,
		      const struct ladder *l, const struct item *it)
{
	const struct item *a = it->prev;
	struct sbuf ha = SBUF_INIT, hb = SBUF_INIT;
	struct code_span was;

	if (!a || !has_key_lines(it->v) || step_unexplained(m, l, it))
		return;
	was = before_of(a, it);
	if (!was.text && !has_key_lines(a->v))
		return;
	if (!was.text) {
		struct sbuf where = SBUF_INIT, page = SBUF_INIT;
		struct pool p = { .n = 0 };

		key_lines_where(&where, it->v);
		family_file(&page, L, l->family);
		SAY(b, L, M_BCODE_ALONE, role_text(&p, L, it),
		    pool_md(&p, it->v->name), sbuf_str(&where),
		    role_text(&p, L, a), sbuf_str(&page));
		sbuf_add(b, "\n\n");
		key_lines(b, it->v);
		sbuf_add(b, "\n\n");
		pool_release(&p);
		sbuf_release(&where);
		sbuf_release(&page);
		return;
	}
	pair_head(&ha, L, a, was);
	pair_head(&hb, L, it, key_span(it->v));
	key_lines_pair(b, was, sbuf_str(&ha), key_span(it->v), sbuf_str(&hb));
	sbuf_add(b, "\n\n");
	sbuf_release(&ha);
	sbuf_release(&hb);
}

/* A step within noise into the list *same (verdict same: its bound) or
 * *unclear (its interval across the threshold): no "why" for either. */
static void noise_item(struct sbuf *same, struct sbuf *unclear, enum lang L,
		       const struct item *it)
{
	struct sbuf *to = it->step_verdict == SV_SAME ? same : unclear;
	struct pool p = { .n = 0 };
	struct sbuf w = SBUF_INIT;
	double bound = step_bound_pct(it);
	char pct[FMT_SIZE];

	if (to->len)
		sbuf_add(to, say_text(L, M_COMMA_SEP));
	/* "2" for the threshold, the floor as the setup gives it */
	if (bound > SPEEDUP_SAME_PCT)
		fmt_sig(pct, sizeof(pct), bound, 2);
	else
		snprintf(pct, sizeof(pct), "%g", SPEEDUP_SAME_PCT);
	if (to == same)
		SAY(to, L, M_BWHY_NOISE_ITEM, role_text(&p, L, it), pct);
	else {
		/* the list says it is unresolved: the direction alone */
		SAY(&w, L, it->step_x >= 1 ? M_BX_FASTER : M_BX_SLOWER,
		    TIMES(it->step_x >= 1 ? it->step_x : 1 / it->step_x));
		SAY(to, L, M_BWHY_UNCLEAR_ITEM, role_text(&p, L, it),
		    sbuf_str(&w));
	}
	sbuf_release(&w);
	pool_release(&p);
}

/* A teaching rung's compute-sanitizer record, where its row keeps one
 * of a rerun: the size and what the tools reported, as the ladder
 * table's cell says it (rung 8's race). */
static void teaching_sanitizer(struct sbuf *b, enum lang L,
			       const struct item *it)
{
	const struct sanitizer_record *rec = it->row->sanitize;
	struct sbuf said = SBUF_INIT;
	char *size;

	if (!is_teaching(it) || !rec || !rec->state ||
	    strcmp(rec->state, "ran") != 0)
		return;
	size = size_text(rec->n, rec->m, row_is_matrix(it->row));
	sanitizer_cell(&said, L, it->row);
	SAY(b, L, M_BWHY_SAN, size, sbuf_str(&said));
	free(size);
	sbuf_release(&said);
}

/* Warp instructions this many times apart over a run of steps within
 * noise: a change the time would follow if issue set it. */
#define NOISE_RUN_INSTR 1.5

/* Whether rule `rule` (a rule's name) reads instruction issue: its
 * evidence is warp instructions. */
static bool issue_rule(const char *rule)
{
	return rule && (!strcmp(rule, "instructions") ||
			!strcmp(rule, "divergence"));
}

/* After run[0..n-1], consecutive steps each within noise, what the
 * counters show where warp instructions moved NOISE_RUN_INSTR times or
 * more from the rung before the run to its last while the time moved no
 * more than the steps' bounds together: that instruction issue no longer
 * sets the time, and the resource the next step gains by, where it is
 * faster beyond the noise and a rule names it (reduce rungs 11 and 12,
 * then 13's bytes in flight).  Not where a rung of the run or the one
 * before it is a teaching rung or holds a host step (their times are not
 * the kernels'), nor where the next step's cause is instruction issue
 * again (the run's sameness is then no evidence that issue stopped
 * mattering).  An observation, not a "why": the steps keep none. */
static void noise_run(struct sbuf *b, enum lang L, const struct model *m,
		      const struct ladder *l, const struct item *const *run,
		      size_t n, const struct item *next)
{
	const struct item *a = run[0]->prev, *z = run[n - 1];
	double ia = ev_ctr(a, "warp_instructions");
	double iz = ev_ctr(z, "warp_instructions");
	double ta = item_ms(a), tz = item_ms(z), bound = 0, moved;
	struct sbuf nums = SBUF_INIT, rungs = SBUF_INIT, then = SBUF_INIT;
	struct pool p = { .n = 0 };
	const char *label = NULL, *rule = NULL;
	char k[16];

	for (size_t i = 0; i <= n; i++) {
		const struct item *it = i ? run[i - 1] : a;

		if (!it || is_teaching(it) ||
		    (it->v && (it->v->flags & VF_HOST_STEP)) ||
		    host_step_measured(it->row))
			return;
		if (i)
			bound += step_bound_pct(it);
	}
	moved = 100 * fabs(ta - tz) / ta;
	if (!(ia > 0) || !(iz > 0) || !(ta > 0) ||
	    fmax(ia, iz) < NOISE_RUN_INSTR * fmin(ia, iz) || !(moved <= bound))
		return;
	for (size_t i = 0; i < n; i++) {
		if (i)
			sbuf_add(&nums, say_text(L, i + 1 < n ? M_COMMA_SEP :
						 M_NOTE_AND));
		snprintf(k, sizeof(k), "%d", run[i]->row->step);
		sbuf_add(&nums, k);
	}
	SAY(&rungs, L, n > 1 ? M_NOTE_RUNGS : M_ROLE_RUNG, sbuf_str(&nums));
	if (rungs.len && islower((unsigned char)rungs.buf[0]))
		rungs.buf[0] = (char)toupper((unsigned char)rungs.buf[0]);
	if (next && next->prev == z && !step_within_noise(next) &&
	    item_ms(next) < tz)
		label = step_cause_label(L, m, l, z, next, &rule);
	if (issue_rule(rule))
		goto out;
	if (label)
		SAY(&then, L, M_BWHY_NOISE_THEN, role_text(&p, L, next), label);
	SAY(b, L, M_BWHY_NOISE_CTR, sbuf_str(&rungs), FMT(ia, 3), FMT(iz, 3),
	    TIMES(fmax(ia, iz) / fmin(ia, iz)), FMT(moved, 2), FMT(ta, 3),
	    FMT(tz, 3), sbuf_str(&then));
	sbuf_add(b, "\n\n");
out:
	pool_release(&p);
	sbuf_release(&nums);
	sbuf_release(&rungs);
	sbuf_release(&then);
}

/* Where `to` is slower than `from` and from's timed region holds a host
 * step measured apart (rung 1 finishes on the host), the two kernels
 * against each other too: the step's ratio mixes a host loop into one
 * side (rung 3 is 1.06x slower than rung 1's 2.45 ms, and 1.72x slower
 * than its kernel's 1.51 ms). */
static void kernel_to_kernel(struct sbuf *b, enum lang L,
			     const struct item *from, const struct item *to)
{
	const struct result_row *f = from->row;
	double kf, kt, r;
	struct sbuf x = SBUF_INIT;
	struct pool p = { .n = 0 };

	if (!(item_ms(to) > item_ms(from)) || !host_step_measured(f))
		return;
	kf = f->tk.median_ms;
	kt = host_step_measured(to->row) ? to->row->tk.median_ms : item_ms(to);
	r = kt / kf;
	SAY(&x, L, r >= 1 ? M_BX_SLOWER : M_BX_FASTER,
	    TIMES(r >= 1 ? r : 1 / r));
	SAY(b, L, M_BWHY_KERNELS, role_text(&p, L, from),
	    PCT(100 * (f->t.median_ms - kf) / f->t.median_ms), FMT(kf, 3),
	    role_text(&p, L, to), sbuf_str(&x), FMT(kt, 3));
	pool_release(&p);
	sbuf_release(&x);
}

/* After a teaching rung (slow on purpose) or a rung that lost time, a
 * step is large because the rung before it was slow: says how `it`
 * stands against the fastest rung before it (rung 3 is 152× faster than
 * the one-block rung 2 and still slower than rung 1; transpose rung 9 is
 * 1.13× faster than the slower swizzle and 1.05× faster than rung 7),
 * nothing when there is none (after_slower). */
static void past_teaching(struct sbuf *b, enum lang L,
			  const struct model *m, const struct ladder *l,
			  const struct item *it, struct why_said *said)
{
	const struct item *best;
	struct sbuf x = SBUF_INIT;
	struct pool p = { .n = 0 };
	double r;

	/* the rung before is slower than this one, so the fastest before
	 * `it` is the fastest before that one too */
	if (!after_slower(l, it) || !(best = best_earlier(l, it)))
		return;
	r = item_ms(best) / item_ms(it);
	SAY(&x, L, r >= 1 ? M_BX_FASTER : M_BX_SLOWER,
	    TIMES(r >= 1 ? r : 1 / r));
	SAY(b, L, is_teaching(it->prev) ? M_BWHY_PAST_TEACHING :
	    M_BWHY_PAST_SLOWER, role_text(&p, L, best),
	    sbuf_str(&x), FMT(item_ms(best), 3), FMT(item_ms(it), 3),
	    role_text(&p, L, it->prev));
	/* slower than the fastest rung before: why, as a slower step gets
	 * it (the counter that moved most, against the step), and the
	 * kernels against each other where that rung has a host step */
	if (r < 1) {
		/* an aside: the page's record stays with the steps, so a
		 * rule's general sentence is said at the step it explains
		 * (rung 7's instructions), not here */
		struct why_said aside = { .physics = ~0ull };

		if (said) {
			aside = *said;
			aside.physics = ~0ull;
		}
		step_why(b, L, m, l, best, it, &aside);
		kernel_to_kernel(b, L, best, it);
	}
	pool_release(&p);
	sbuf_release(&x);
}

/* Why each step went as it did: a paragraph per step beyond the noise,
 * with the key lines before and after it, and one line for the steps
 * within it. */
static void body_why(const struct model *m, const struct ladder *l,
		     enum lang L, struct sbuf *b, struct why_said *said,
		     int nth)
{
	const struct item **rungs = xcalloc(l->nitems + 1, sizeof(*rungs));
	size_t n = ladder_rungs(l, rungs);
	struct sbuf same = SBUF_INIT, unclear = SBUF_INIT, list = SBUF_INIT;
	struct sbuf runs = SBUF_INIT;
	struct pool p = { .n = 0 };
	size_t r0 = n;  /* where the current run of steps within noise began */

	for (size_t i = 0; i < n; i++) {
		const struct item *it = rungs[i];
		const char *title = item_title(it, L);
		struct sbuf x = SBUF_INIT, why = SBUF_INIT;

		if (!it->prev)
			continue;
		if (step_within_noise(it)) {
			noise_item(&same, &unclear, L, it);
			if (r0 == n || it->prev != rungs[i - 1])
				r0 = i;
			if (i + 1 == n || !step_within_noise(rungs[i + 1]) ||
			    rungs[i + 1]->prev != it)
			{
				noise_run(&runs, L, m, l, rungs + r0, i + 1 - r0,
					  i + 1 < n ? rungs[i + 1] : NULL);
				r0 = n;
			}
			continue;
		}
		r0 = n;
		step_words(&x, L, it, false);
		step_why(&why, L, m, l, it->prev, it, said);
		kernel_to_kernel(&why, L, it->prev, it);
		past_teaching(&why, L, m, l, it, said);
		teaching_sanitizer(&why, L, it);
		SAY(&list, L, M_BWHY_PARA, role_text(&p, L, it),
		    pool_md(&p, title ? title : it->row->variant), sbuf_str(&x),
		    sbuf_str(&why) + strspn(sbuf_str(&why), " "));
		sbuf_add(&list, "\n\n");
		step_code(&list, L, m, l, it);
		pool_release(&p);
		sbuf_release(&x);
		sbuf_release(&why);
	}
	if (same.len) {
		SAY(&list, L, nth ? M_BWHY_SAME_AGAIN : M_BWHY_SAME,
		    sbuf_str(&same));
		sbuf_add(&list, "\n\n");
	}
	if (unclear.len) {
		char pct[16];

		snprintf(pct, sizeof(pct), "%g", SPEEDUP_SAME_PCT);
		SAY(&list, L, M_BWHY_UNCLEAR, pct, sbuf_str(&unclear));
		sbuf_add(&list, "\n\n");
	}
	sbuf_add(&list, sbuf_str(&runs));
	if (list.len) {
		sbuf_add(b, say_text(L, M_BWHY_HEAD));
		sbuf_add(b, "\n\n");
		sbuf_add(b, sbuf_str(&list));
	}
	sbuf_release(&same);
	sbuf_release(&unclear);
	sbuf_release(&runs);
	sbuf_release(&list);
	free(rungs);
}

/* Group g's ladder l in full: heading, table, chart, why each step went
 * as it did, and where the details have the rest; nth, the sections
 * before it (a later one says its lists' heads shorter). */
static void ladder_full(const struct model *m, const struct group *g,
			const struct ladder *l, enum lang L, struct sbuf *b,
			int *charts, struct why_said *said, int nth)
{
	struct sbuf link = SBUF_INIT;

	sbuf_add(b, "### ");
	ladder_heading(b, L, M_LADDER_HEAD, l);
	sbuf_add(b, "\n\n");
	body_table(m, l, L, b);
	ladder_copies_note(b, L, l);
	if (g->chart[L][CH_LADDER] && (m->charts == CHARTS_DRAWN ||
				       m->charts == CHARTS_PENDING)) {
		struct sbuf caption = SBUF_INIT, ceil = SBUF_INIT;
		struct pool p = { .n = 0 };
		char *size = size_text(l->n, l->m, l->matrix);

		/* how to read the chart, once; its files are the details' */
		ladder_ceiling_words(&ceil, L, l);
		SAY(&caption, L, (*charts)++ ? M_CH_LADDER_AGAIN : M_CH_LADDER,
		    pool_md(&p, size), sbuf_str(&ceil));
		sbuf_release(&ceil);
		chart_md(b, L, g, g->chart[L][CH_LADDER], sbuf_str(&caption),
			 false);
		free(size);
		pool_release(&p);
		sbuf_release(&caption);
	}
	body_why(m, l, L, b, said, nth);
	/* the details' section of this very size */
	details_anchor(&link, L, l);
	if (nth) {
		struct sbuf name = SBUF_INIT;

		ladder_heading(&name, L, M_F_HEAD, l);
		SAY(b, L, M_BMORE_AGAIN, sbuf_str(&link), sbuf_str(&name));
		sbuf_release(&name);
	} else {
		SAY(b, L, M_BMORE, sbuf_str(&link));
	}
	sbuf_add(b, "\n\n");
	sbuf_release(&link);
}

/* ---- what the element type changes ------------------------------------------ */

/* The item of variant `name` among rungs[0..n), or NULL. */
static const struct item *rung_named(const struct item *const *rungs,
				     size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (str_eq(rungs[i]->row->variant, name))
			return rungs[i];
	return NULL;
}

/* -1 slower, 0 within noise, 1 faster: a step's verdict as the tables
 * give it (step_words). */
static int step_sign(const struct item *it)
{
	return step_within_noise(it) ? 0 : it->step_x < 1 ? -1 : 1;
}

/* Whether the steps of one rung, at[0..n) (NULL: the type lacks it),
 * differ between the types: in their verdict, or in size by more than
 * TYPES_DIFF_PCT.  Needs two types with the step. */
static bool steps_differ(const struct item *const *at, size_t n)
{
	double lo = INFINITY, hi = 0;
	size_t have = 0;
	int sign = 2;
	bool differ = false;

	for (size_t k = 0; k < n; k++) {
		const struct item *it = at[k];

		if (!it || !it->prev || !isfinite(it->step_x) ||
		    !(it->step_x > 0))
			continue;
		have++;
		if (sign != 2 && step_sign(it) != sign)
			differ = true;
		sign = step_sign(it);
		lo = fmin(lo, it->step_x);
		hi = fmax(hi, it->step_x);
	}
	return have >= 2 && (differ ||
			     hi / lo > 1 + TYPES_DIFF_PCT / 100);
}

#define TYPES_MAX 8

/* The types of a family measured at one size, side by side: lads[k] the
 * ladder of each (the lead type's first) and rungs[k] its nr[k] rungs,
 * for k < n.  types_gather() fills it, types_release() frees it. */
struct types_at {
	const struct ladder *lads[TYPES_MAX];
	const struct item **rungs[TYPES_MAX];
	size_t nr[TYPES_MAX], n;
};

/* The types of lead's family measured at the size of ladder `at` (the
 * lead type's) into t, and their names into types ("float, int and
 * double"). */
static void types_gather(struct types_at *t, const struct model *m,
			 const struct group *lead, const struct ladder *at,
			 enum lang L, struct sbuf *types)
{
	memset(t, 0, sizeof(*t));
	t->lads[0] = at;
	t->n = 1;
	for (size_t i = 0; i < m->ngroups && t->n < TYPES_MAX; i++) {
		const struct group *g = &m->groups[i];

		if (g != lead && typed_beside(m, g) == at)
			t->lads[t->n++] = ladder_at(g, at->n, at->m);
	}
	for (size_t k = 0; k < t->n; k++) {
		t->rungs[k] = xcalloc(t->lads[k]->nitems + 1,
				      sizeof(*t->rungs[k]));
		t->nr[k] = ladder_rungs(t->lads[k], t->rungs[k]);
		if (k)
			sbuf_add(types, say_text(L, k + 1 < t->n ?
						 M_COMMA_SEP : M_BT_AND));
		md_text(types, t->lads[k]->dtype);
	}
}

/* Frees the rung lists types_gather() gave t. */
static void types_release(struct types_at *t)
{
	for (size_t k = 0; k < t->n; k++)
		free(t->rungs[k]);
}

/* The types table's head and rule into body: the rung, the change, a
 * column per type (right-aligned) and why. */
static void types_head(struct sbuf *body, enum lang L,
		       const struct types_at *t)
{
	size_t nl = t->n;
	const char **head = xcalloc(nl + 3, sizeof(*head));
	bool *right = xcalloc(nl + 3, sizeof(*right));
	struct pool hp = { .n = 0 };

	head[0] = say_text(L, M_COL_RUNG);
	head[1] = say_text(L, M_BCOL_CHANGE);
	for (size_t k = 0; k < nl; k++) {
		head[k + 2] = pool_md(&hp, t->lads[k]->dtype);
		right[k + 2] = true;
	}
	head[nl + 2] = say_text(L, M_BCOL_WHY);
	table_row(body, head, nl + 3);
	table_rule(body, right, nl + 3);
	pool_release(&hp);
	free(head);
	free(right);
}

/* The why cell of a row of the types table from why[k], the counters
 * that say why type k's step went as it did: each counter once, after
 * the types it shows ("float, int: bank conflicts ...; double: ...");
 * "—" where no type has one. */
static void types_why(struct sbuf *cell, enum lang L,
		      const struct types_at *t, const struct sbuf *why)
{
	bool any_why = false;

	for (size_t k = 0; k < t->n; k++) {
		struct sbuf who = SBUF_INIT;
		bool again = false;

		for (size_t j = 0; j < k; j++)
			again |= !strcmp(sbuf_str(&why[j]), sbuf_str(&why[k]));
		if (!why[k].len || again)
			continue;
		for (size_t j = k; j < t->n; j++) {
			if (strcmp(sbuf_str(&why[j]), sbuf_str(&why[k])))
				continue;
			if (who.len)
				sbuf_add(&who, say_text(L, M_COMMA_SEP));
			md_text(&who, t->lads[j]->dtype);
		}
		if (any_why)
			sbuf_add(cell, say_text(L, M_SEMI_SEP));
		SAY(cell, L, M_BT_WHY, sbuf_str(&who), sbuf_str(&why[k]));
		any_why = true;
		sbuf_release(&who);
	}
	if (!any_why)
		sbuf_add(cell, "—");
}

/* The row of the lead type's rung i into body, where its step differs
 * between the types (steps_differ): the rung, its change, its step in
 * each type and why.  Returns whether it was shown. */
static bool types_row(struct sbuf *body, const struct model *m, enum lang L,
		      const struct types_at *t, size_t i)
{
	const struct item *rung = t->rungs[0][i];
	const struct item *row[TYPES_MAX] = { NULL };
	struct sbuf why[TYPES_MAX], cell[TYPES_MAX + 3];
	const char *cells[TYPES_MAX + 3];
	const char *title = item_title(rung, L);
	struct pool p = { .n = 0 };
	size_t nl = t->n;

	for (size_t k = 0; k < nl; k++)
		row[k] = rung_named(t->rungs[k], t->nr[k], rung->row->variant);
	if (!steps_differ(row, nl))
		return false;
	for (size_t k = 0; k < nl + 3; k++)
		cell[k] = (struct sbuf)SBUF_INIT;
	sbuf_add(&cell[0], role_text(&p, L, rung));
	md_text(&cell[1], title ? title : rung->row->variant);
	for (size_t k = 0; k < nl; k++) {
		why[k] = (struct sbuf)SBUF_INIT;
		if (!row[k] || !row[k]->prev) {
			sbuf_add(&cell[k + 2], "—");
			continue;
		}
		step_words(&cell[k + 2], L, row[k], false);
		step_why_counter(&why[k], L, m, t->lads[k], row[k]->prev,
				 row[k]);
		if (!strcmp(sbuf_str(&why[k]), "—"))
			sbuf_reset(&why[k]);
	}
	types_why(&cell[nl + 2], L, t, why);
	for (size_t k = 0; k < nl; k++)
		sbuf_release(&why[k]);
	for (size_t k = 0; k < nl + 3; k++)
		cells[k] = sbuf_str(&cell[k]);
	table_row(body, cells, nl + 3);
	for (size_t k = 0; k < nl + 3; k++)
		sbuf_release(&cell[k]);
	pool_release(&p);
	return true;
}

/* The types section's heading at ladder at's size, then its intro and
 * the table `body` of `shown` rows, or the sentence that no step
 * differs between the types. */
static void types_say(struct sbuf *b, enum lang L, const struct ladder *at,
		      const struct types_at *t, const struct sbuf *types,
		      const struct sbuf *body, size_t shown)
{
	struct sbuf link = SBUF_INIT;
	struct pool p = { .n = 0 };
	char *size = size_text(at->n, at->m, at->matrix);
	char pct[16];

	snprintf(pct, sizeof(pct), "%g", TYPES_DIFF_PCT);
	sbuf_add(b, "### ");
	SAY(b, L, M_BT_HEAD, pool_md(&p, at->family), pool_md(&p, size));
	sbuf_add(b, "\n\n");
	details_anchor(&link, L, t->lads[t->n > 1 ? 1 : 0]);
	if (shown) {
		SAY(b, L, M_BT_INTRO, sbuf_str(types), pool_md(&p, size), pct,
		    sbuf_str(&link));
		types_accumulator_note(b, L, t->lads, t->n);
		sbuf_add(b, "\n\n");
		sbuf_add(b, sbuf_str(body));
		sbuf_addc(b, '\n');
	} else {
		SAY(b, L, M_BT_NONE, sbuf_str(types), pool_md(&p, size), pct,
		    sbuf_str(&link));
		sbuf_add(b, "\n\n");
	}
	free(size);
	pool_release(&p);
	sbuf_release(&link);
}

/* The table of what the element type changes at the size of ladder
 * `at` (the lead type's): the types of lead's family measured at that
 * size, the rungs whose step differs between them. */
static void types_table(const struct model *m, const struct group *lead,
			const struct ladder *at, enum lang L, struct sbuf *b)
{
	struct sbuf types = SBUF_INIT, body = SBUF_INIT;
	struct types_at t;
	size_t shown = 0;

	types_gather(&t, m, lead, at, L, &types);
	types_head(&body, L, &t);
	for (size_t i = 0; i < t.nr[0]; i++)
		shown += types_row(&body, m, L, &t, i);
	types_say(b, L, at, &t, &types, &body, shown);
	types_release(&t);
	sbuf_release(&types);
	sbuf_release(&body);
}

/* Per family: its lead type's ladder in full at its largest size, then
 * the table of what the element type changes for the family's other
 * types, at each of their sizes; a type the lead was not measured at
 * the same size as is shown in full too. */
void blk_results(const struct model *m, enum lang L, struct sbuf *b)
{
	int charts = 0, nth = 0;
	/* what the "why"s said once, not to say again */
	struct why_said said = { 0 };

	for (size_t i = 0; i < m->ngroups; i++) {
		const struct group *g = &m->groups[i];
		const struct ladder *l = g->top ? g->top :
					 g->nladders ? g->ladders[0] : NULL;
		const struct ladder *done[TYPES_MAX];
		size_t nd = 0;

		if (!l || typed_beside(m, g))
			continue;
		ladder_full(m, g, l, L, b, &charts, &said, nth++);
		/* the sizes of the types shown beside this one */
		for (size_t j = 0; j < m->ngroups; j++) {
			const struct ladder *at = typed_beside(m, &m->groups[j]);
			bool seen = false;

			if (!at || family_lead(m, &m->groups[j]) != g)
				continue;
			for (size_t k = 0; k < nd; k++)
				seen |= done[k] == at;
			if (seen || nd == TYPES_MAX)
				continue;
			done[nd++] = at;
			types_table(m, g, at, L, b);
		}
	}
	block_trim(b);
}

/* ---- the details' pages per family ------------------------------------------ */

void blk_family(const struct model *m, enum lang L, struct sbuf *b)
{
	const char **fam = NULL;
	size_t n = 0;

	for (size_t i = 0; i < m->ngroups; i++)
		names_add(&fam, &n, m->groups[i].family);
	for (size_t f = 0; f < n; f++) {
		if (f)
			sbuf_add(b, say_text(L, M_COMMA_SEP));
		md_text(b, fam[f]);
	}
	free(fam);
}

void blk_family_pages(const struct model *m, enum lang L, struct sbuf *b)
{
	const char **fam = NULL;
	size_t n = 0;

	for (size_t i = 0; i < m->ngroups; i++)
		names_add(&fam, &n, m->groups[i].family);
	for (size_t f = 0; f < n; f++) {
		struct sbuf file = SBUF_INIT, types = SBUF_INIT;
		struct pool p = { .n = 0 };
		size_t nt = 0;

		for (size_t i = 0; i < m->ngroups; i++) {
			if (!str_eq(m->groups[i].family, fam[f]))
				continue;
			if (nt++)
				sbuf_add(&types, say_text(L, M_COMMA_SEP));
			md_text(&types, m->groups[i].dtype);
		}
		family_file(&file, L, fam[f]);
		SAY(b, L, M_D_FAMILY_PAGE, pool_md(&p, fam[f]),
		    sbuf_str(&file), sbuf_str(&types));
		sbuf_addc(b, '\n');
		pool_release(&p);
		sbuf_release(&file);
		sbuf_release(&types);
	}
	free(fam);
	block_trim(b);
}
