/* report_rules.c - the rules behind every "why" the report says: one table
 * (report_rules_table.c, its rows as report_rules_table.h declares them),
 * read by the findings, the conclusion, the rubric and the ladder table's
 * "why" cell.  See report_int.h.
 *
 * A rule is a claim the report may make about a step (from one rung to the
 * next) or about a rung alone (what limits it), with the physics it rests
 * on, the evidence that must hold (which counters, in which direction, by
 * how much beyond their measured noise: counters.h's alias table and
 * metrics_change_beyond_noise) and the contradictions that refute it.  A
 * rule's function returns what the counters say of it:
 *   P_FOR      the mechanism favours the faster side, beyond noise, by
 *              enough to account for the step (on a log scale, a counter
 *              ratio at least half the time ratio where it must carry the
 *              time alone);
 *   P_AGAINST  it favours the slower side: said as what went the other way;
 *   P_REFUTED  its symptom moved, but a contradiction holds: said as such
 *              ("fewer warps alone do not explain it: rung 9 is faster at
 *              59 %");
 *   P_NONE     nothing to say.
 * A step's "why" names one cause, concept first (the rung's lesson,
 * report_lessons.c, where its rule holds, else the rule's concept), then
 * the counter that shows it, and the rule's general sentence once a page;
 * a second rule that holds beside it; a counter that went the other way
 * only when it moved by more than the step and at least as far as the
 * cause's counter, with what to conclude; when no rule holds it says
 * "the counters do not explain this step" with the numbers it checked,
 * never a catch-all.  A rung's limit is the first limit rule that
 * holds, or "not named by these counters".
 *
 * The claims are sentences of the rules' rows, in English and Chinese
 * (report_msg.c's rule: the blocks write no sentences of their own; the
 * rules' sentences live beside their evidence, as report_user.c's do). */
#include "report_rules_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define NRULES RULE_COUNT

/* ---- steps ------------------------------------------------------------- */

static void step_init(struct step *s, const struct model *m,
		      const struct ladder *l, const struct item *from,
		      const struct item *to)
{
	double x, lo, hi;
	enum stats_verdict v = step_judge(from, to, &x, &lo, &hi);

	*s = (struct step){ .m = m, .l = l, .a = from, .b = to };
	s->fast = item_ms(to) <= item_ms(from) ? to : from;
	s->slow = s->fast == to ? from : to;
	s->x = item_ms(s->slow) / item_ms(s->fast);
	s->resolved = v == SV_FASTER || v == SV_SLOWER;
}

/* What every rule says of step s: pulls[k] and the why of each. */
struct judged_step {
	enum pull pull[NRULES];
	struct why why[NRULES];
	struct bag bag;
};

static void judge_step(const struct step *s, enum lang L, struct judged_step *j)
{
	bool cause = false;

	memset(j, 0, sizeof(*j));
	for (size_t k = 0; k < NRULES; k++) {
		j->why[k].bag = &j->bag;
		j->why[k].L = L;
		if (!rule_table[k].step)
			continue;
		j->pull[k] = rule_table[k].step(s, &j->why[k]);
		if (rule_table[k].last_resort && j->pull[k] == P_FOR && cause)
			j->pull[k] = P_NONE;
		cause |= j->pull[k] == P_FOR;
	}
}

static void say_rule(struct sbuf *b, enum lang L, const char *text,
		     const struct why *w)
{
	sbuf_addargs(b, text, w->arg, w->narg);
	(void)L;
}

/* The fallback: the numbers checked, "; "-separated. */
static void checked(struct sbuf *b, enum lang L, const struct step *s)
{
	static const char *const cols[] = {
		"warp_instructions", "bank_conflicts_per_shared_ld",
		"gld_efficiency_pct", "gst_efficiency_pct",
		"achieved_occupancy_pct",
	};
	double ta = ev_traffic(s->a), tb = ev_traffic(s->b);
	char x[FMT_SIZE], y[FMT_SIZE], z[FMT_SIZE];
	struct pool p = { .n = 0 };

	if (isfinite(ta) && isfinite(tb)) {
		sbuf_add(b, ctr_plain(&p, L, "dram_read_bytes + dram_write_bytes"));
		sbuf_addf(b, " %s → %s", fmt_bytes(x, sizeof(x), ta),
			  fmt_bytes(y, sizeof(y), tb));
		SAY(b, L, M_W_NEEDED, fmt_bytes(z, sizeof(z), s->b->row->bytes));
	}
	for (size_t k = 0; k < ARRAY_SIZE(cols); k++) {
		double a = ev_ctr(s->a, cols[k]), v = ev_ctr(s->b, cols[k]);

		if (!isfinite(a) || !isfinite(v))
			continue;
		if (b->len)
			sbuf_add(b, say_text(L, M_LIST_SEP));
		sbuf_add(b, ctr_plain(&p, L, cols[k]));
		sbuf_addf(b, " %s → %s", CTR(cols[k], a), CTR(cols[k], v));
	}
	pool_release(&p);
}

/* The sentences of the first `max` rules of j with pull p, each as
 * message `wrap` (" Why: {1}."), joined with "; ". */
static size_t say_pulled(struct sbuf *b, enum lang L,
			 const struct judged_step *j, enum pull p, size_t max,
			 enum msg wrap)
{
	struct sbuf list = SBUF_INIT;
	size_t n = 0;

	for (size_t k = 0; k < NRULES && n < max; k++) {
		const char *text;

		if (j->pull[k] != p)
			continue;
		text = p == P_REFUTED ? rule_table[k].refuted_say[L] :
		       p == P_AGAINST ? rule_table[k].against_say[L] :
		       rule_table[k].step_say[j->why[k].form][L];
		if (!text)
			continue;
		if (list.len)
			sbuf_add(&list, say_text(L, M_LIST_SEP));
		say_rule(&list, L, text, &j->why[k]);
		n++;
	}
	if (list.len)
		SAY(b, L, wrap, sbuf_str(&list));
	sbuf_release(&list);
	return n;
}

/* The cause a step's "why" names: the rule of the lesson of the rung it
 * leads to where that rule holds, else the first that does; NRULES when
 * none does. */
static size_t cause_of(const struct step *s, const struct judged_step *j)
{
	size_t first = NRULES;

	if (!s->resolved)
		return NRULES;
	for (size_t k = 0; k < NRULES; k++) {
		if (j->pull[k] != P_FOR || !rule_table[k].step_say[0][0])
			continue;
		if (lesson_of(s->b->row->variant, rule_table[k].name,
			      s->b->row->dtype) >= 0)
			return k;
		if (first == NRULES)
			first = k;
	}
	return first;
}

/* The bit of why_said.physics for "the counters do not explain this
 * step" said in full (above the rules' 3 bits each). */
#define UNEXPLAINED_SAID (1ull << 63)

/* "reduce / int" for a back reference. */
static void ladder_short(struct sbuf *b, const struct ladder *l)
{
	md_text(b, l->family);
	sbuf_add(b, " / ");
	md_text(b, l->dtype);
	gpu_suffix(b, l->gpu);
}

/* Where rung `it`'s warps wait (lines_say_stall), unless said (NULL:
 * none) has the row it quotes among those a page quoted (another type's
 * rung quotes the same row); noted there once said (up to 8), with the
 * states said in full. */
static void say_waits(struct sbuf *b, enum lang L, const struct model *m,
		      struct why_said *said, const struct item *it)
{
	const struct result_row *row = lines_stall_row(m, it);
	size_t i = 0;

	for (; said && i < ARRAY_SIZE(said->waited) && said->waited[i]; i++)
		if (said->waited[i] == row)
			return;
	if (lines_say_stall(b, L, m, it, row, said ? &said->worded : NULL) &&
	    said && i < ARRAY_SIZE(said->waited))
		said->waited[i] = row;
}

/* The cause k of step s, concept first: the lesson or the rule's concept
 * (a lesson said before on this page refers back to where; a rule's
 * concept is said twice at most), the counter that shows it, and the
 * rule's general sentence the first time (every time without `said`). */
static void say_cause(struct sbuf *b, enum lang L, const struct step *s,
		      const struct judged_step *j, size_t k,
		      struct why_said *said)
{
	const struct why *w = &j->why[k];
	int f = rule_table[k].clause[w->form][L] ? w->form : 0;
	const char *clause = rule_table[k].clause[f][L];
	unsigned long long bit = 1ull << (3 * k + (size_t)f);
	int dir = s->b == s->slow;
	int li = lesson_of(s->b->row->variant, rule_table[k].name,
			   s->b->row->dtype);
	struct sbuf ev = SBUF_INIT, where = SBUF_INIT;

	say_rule(&ev, L, rule_table[k].step_say[w->form][L], w);
	if (li >= 0 && said && said->lesson[li] && said->lesson[li] != s->l) {
		ladder_short(&where, said->lesson[li]);
		SAY(b, L, M_W_AS_IN, sbuf_str(&where), sbuf_str(&ev));
	} else if (li >= 0) {
		SAY(b, L, M_W_CONCEPT, lesson_say(li, L), sbuf_str(&ev));
		if (said)
			said->lesson[li] = s->l;
	} else if (!said || k >= 32 || said->generic[dir][k] < 2) {
		SAY(b, L, M_W_CONCEPT, rule_table[k].concept[dir][L], sbuf_str(&ev));
		if (said && k < 32)
			said->generic[dir][k]++;
	} else {
		SAY(b, L, M_W_BECAUSE, sbuf_str(&ev));
	}
	if (clause && (!said || !(said->physics & bit))) {
		if (L != ZH)
			sbuf_addc(b, ' ');
		sbuf_add(b, clause);
		if (said)
			said->physics |= bit;
	}
	/* the slower rung's warps, where they wait: once a page */
	if (rule_table[k].waits)
		say_waits(b, L, s->m, said, s->slow);
	sbuf_release(&ev);
	sbuf_release(&where);
}

/* A second rule of j that holds beside the cause (rule `cause`), said
 * after it with its evidence: whether it alone could explain the step
 * (its factor at least the step's) or a part of it.  Not a rule the
 * cause's mechanism brings with it (its `implies`), nor a last resort. */
static void say_also(struct sbuf *b, enum lang L, const struct step *s,
		     const struct judged_step *j, size_t cause)
{
	int dir = s->b == s->slow;

	for (size_t k = 0; k < NRULES; k++) {
		const struct why *w = &j->why[k];
		struct sbuf ev = SBUF_INIT;

		if (k == cause || j->pull[k] != P_FOR || rule_table[k].last_resort ||
		    !rule_table[k].step_say[w->form][L] ||
		    (rule_table[cause].implies &&
		     str_eq(rule_table[cause].implies, rule_table[k].name)))
			continue;
		say_rule(&ev, L, rule_table[k].step_say[w->form][L], w);
		SAY(b, L, factor_covers(w->ratio, s->x) ? M_W_ALSO_ALONE :
		    M_W_ALSO_PART,
		    rule_table[k].concept[dir][L], sbuf_str(&ev));
		sbuf_release(&ev);
		return;
	}
}

/* How a counter that went the other way is said, faster and slower: a
 * page varies the phrasing, one after the other; without a page's
 * record, by the step (its rung, type and size). */
static const enum msg against_says[][2] = {
	{ M_W_AGAINST_FASTER, M_W_AGAINST_SLOWER },
	{ M_W_AGAINST_F2, M_W_AGAINST_S2 },
	{ M_W_AGAINST_F3, M_W_AGAINST_S3 },
};

/* The first counter of j that went the other way where it could change
 * the conclusion, said with what to conclude: the cause (rule `cause`)
 * outweighs it here.  It could where it moved by a larger factor than
 * the step and at least as far as the counter that shows the cause (by
 * a larger factor than the step where that has none): a smaller change
 * is outweighed as a matter of course, and saying so changes nothing. */
static unsigned step_hash(const struct step *s)
{
	unsigned h = (unsigned)s->b->row->step + (unsigned)(s->l->n % 97) +
		     (unsigned)(s->l->m % 89);

	for (const char *c = S(s->l->dtype); *c; c++)
		h = h * 31 + (unsigned char)*c;
	return h;
}

static void say_against(struct sbuf *b, enum lang L, const struct step *s,
			const struct judged_step *j, size_t cause,
			struct why_said *said)
{
	double cited = j->why[cause].ratio;

	for (size_t k = 0; k < NRULES; k++) {
		struct sbuf t = SBUF_INIT;
		size_t form = (said ? said->against : step_hash(s)) %
			      ARRAY_SIZE(against_says);

		if (j->pull[k] != P_AGAINST || !rule_table[k].against_say[L] ||
		    !(j->why[k].ratio > s->x) ||
		    (isfinite(cited) && !(j->why[k].ratio >= cited)))
			continue;
		say_rule(&t, L, rule_table[k].against_say[L], &j->why[k]);
		SAY(b, L, against_says[form][s->b == s->fast ? 0 : 1],
		    sbuf_str(&t), TIMES(s->x), rule_table[cause].label[L]);
		if (said)
			said->against++;
		sbuf_release(&t);
		return;
	}
}

void step_why(struct sbuf *b, enum lang L, const struct model *m,
	      const struct ladder *l, const struct item *from,
	      const struct item *to, struct why_said *said)
{
	struct step s;
	struct judged_step *j = xcalloc(1, sizeof(*j));
	size_t k;

	step_init(&s, m, l, from, to);
	judge_step(&s, L, j);
	k = cause_of(&s, j);
	if (k < NRULES) {
		say_cause(b, L, &s, j, k, said);
		say_also(b, L, &s, j, k);
		say_against(b, L, &s, j, k, said);
	} else if (s.resolved) {
		struct sbuf list = SBUF_INIT;

		/* what "checked" means is said once a page */
		bool again = said && (said->physics & UNEXPLAINED_SAID);

		checked(&list, L, &s);
		SAY(b, L, !list.len ? M_W_UNEXPLAINED_BARE : again ?
		    M_W_UNEXPLAINED_AGAIN : M_W_UNEXPLAINED,
		    FMT(item_ms(from), 3), FMT(item_ms(to), 3), sbuf_str(&list));
		if (said && list.len)
			said->physics |= UNEXPLAINED_SAID;
		sbuf_release(&list);
		/* a contradiction is part of why nothing explains it */
		/* a counter that went the other way is among the numbers
		 * checked, and changes nothing of "not explained" */
		say_pulled(b, L, j, P_REFUTED, 1, M_W_REFUTED);
	} else {
		say_pulled(b, L, j, P_REFUTED, 1, M_W_REFUTED);
	}
	ev_bag_release(&j->bag);
	free(j);
}

void step_cause(struct sbuf *b, enum lang L, const struct model *m,
		const struct ladder *l, const struct item *from,
		const struct item *to)
{
	struct step s;
	struct judged_step *j = xcalloc(1, sizeof(*j));
	size_t k;

	step_init(&s, m, l, from, to);
	judge_step(&s, L, j);
	k = cause_of(&s, j);
	if (k < NRULES) {
		const struct why *w = &j->why[k];

		sbuf_add(b, rule_table[k].label[L]);
		if (w->plain || w->cell)
			SAY(b, L, M_W_BRIEF, w->plain ? w->plain : w->cell);
	}
	ev_bag_release(&j->bag);
	free(j);
}

const char *step_cause_label(enum lang L, const struct model *m,
			     const struct ladder *l, const struct item *from,
			     const struct item *to, const char **rule)
{
	struct step s;
	struct judged_step *j = xcalloc(1, sizeof(*j));
	size_t k;

	step_init(&s, m, l, from, to);
	judge_step(&s, L, j);
	k = cause_of(&s, j);
	ev_bag_release(&j->bag);
	free(j);
	*rule = k < NRULES ? rule_table[k].name : NULL;
	return k < NRULES ? rule_table[k].label[L] : NULL;
}

void step_why_counter(struct sbuf *b, enum lang L, const struct model *m,
		      const struct ladder *l, const struct item *from,
		      const struct item *to)
{
	struct step s;
	struct judged_step *j = xcalloc(1, sizeof(*j));
	size_t k;

	step_init(&s, m, l, from, to);
	judge_step(&s, L, j);
	k = cause_of(&s, j);
	/* in plain words, as the sentences say it (the details' tables
	 * keep the column names) */
	if (k < NRULES && (j->why[k].plain || j->why[k].cell))
		sbuf_add(b, j->why[k].plain ? j->why[k].plain : j->why[k].cell);
	else
		sbuf_add(b, "—");
	ev_bag_release(&j->bag);
	free(j);
}

char *step_rule_names(const struct model *m, const struct ladder *l,
		      const struct item *from, const struct item *to)
{
	struct step s;
	struct judged_step *j = xcalloc(1, sizeof(*j));
	struct sbuf names = SBUF_INIT;

	step_init(&s, m, l, from, to);
	judge_step(&s, EN, j);
	for (size_t k = 0; s.resolved && k < NRULES; k++)
		if (j->pull[k] == P_FOR) {
			if (names.len)
				sbuf_addc(&names, ',');
			sbuf_add(&names, rule_table[k].name);
		}
	ev_bag_release(&j->bag);
	free(j);
	return sbuf_detach(&names);
}

/* ---- a rung's limit ---------------------------------------------------- */

/* The first limit rule that holds for `it` (NRULES: none), with its why. */
static size_t limit_of(const struct model *m, const struct ladder *l,
		       const struct item *it, struct why *w)
{
	struct rung r = { .m = m, .l = l, .it = it, .gap = NAN };
	double f = ev_of_ceiling(l, it);

	if (isfinite(f) && f > 0 && l->ceiling)
		r.gap = 1 / f;
	for (size_t k = 0; k < NRULES; k++) {
		struct bag *bag = w->bag;
		enum lang L = w->L;

		ev_bag_release(bag);
		*w = (struct why){ .bag = bag, .L = L };
		if (rule_table[k].limit && rule_table[k].limit(&r, w))
			return k;
	}
	return NRULES;
}

void rung_limit(struct sbuf *b, enum lang L, const struct model *m,
		const struct ladder *l, const struct item *it, bool full)
{
	struct bag bag = { 0 };
	struct why w = { .bag = &bag, .L = L };
	size_t k = limit_of(m, l, it, &w);

	if (!full) {
		sbuf_add(b, k < NRULES ? rule_table[k].label[L] :
			 say_text(L, M_W_NOT_NAMED));
	} else if (k < NRULES) {
		say_rule(b, L, rule_table[k].limit_say[w.form][L], &w);
	} else {
		double t = ev_traffic(it), f = ev_of_ceiling(l, it);
		struct sbuf dram = SBUF_INIT;
		char x[FMT_SIZE];

		if (isfinite(t) && it->row->bytes > 0)
			SAY(&dram, L, M_W_LIMIT_DRAM, fmt_bytes(x, sizeof(x), t),
			    TIMES(t / it->row->bytes));
		SAY(b, L, M_W_NONE_LIMIT, isfinite(f) ? PCT(100 * f) : "—",
		    say_text(L, l->ceiling ? M_W_LIMIT_CEILING :
			     M_W_NONE_LIMIT_PEAK), sbuf_str(&dram));
		sbuf_release(&dram);
	}
	ev_bag_release(&bag);
}

char *rung_limit_name(const struct model *m, const struct ladder *l,
		      const struct item *it)
{
	struct bag bag = { 0 };
	struct why w = { .bag = &bag, .L = EN };
	size_t k = limit_of(m, l, it, &w);

	ev_bag_release(&bag);
	return xstrdup(k < NRULES ? rule_table[k].name : "none");
}

/* ---- the table for readers --------------------------------------------- */

void blk_rules(const struct model *m, enum lang L, struct sbuf *b)
{
	static const bool right[4] = { false, false, false, false };
	const char *head[4] = {
		say_text(L, M_W_COL_RULE), say_text(L, M_W_COL_PHYSICS),
		say_text(L, M_W_COL_EVIDENCE), say_text(L, M_W_COL_REFUTED),
	};

	(void)m;
	sbuf_add(b, say_text(L, M_W_RULES_INTRO));
	sbuf_add(b, "\n\n");
	table_row(b, head, 4);
	table_rule(b, right, 4);
	for (size_t k = 0; k < NRULES; k++) {
		const char *cells[4] = {
			rule_table[k].label[L], rule_table[k].physics[L],
			rule_table[k].evidence[L], rule_table[k].refuted_by[L],
		};

		table_row(b, cells, 4);
	}
	block_trim(b);
}

/* ---- teaching rungs (report_int.h) ---------------------------------------------- */

bool is_teaching(const struct item *it)
{
	return it && it->v && it->v->teaching;
}
