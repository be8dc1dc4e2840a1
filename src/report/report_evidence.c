/* report_evidence.c - the evidence each rule of report_rules_table.c needs:
 * the counters it reads, in which direction, by how much beyond their noise,
 * and the contradictions that refute it.  See report_evidence.h.
 *
 * Each function fills the arguments of its rule's sentences (escaped
 * Markdown) and the counter cell, and returns what the counters say; the
 * thresholds are named below, each with the reason for its value. */
#include "report_evidence.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "counters/counters.h"
#include "base/dtype.h"
#include "ladder/ladder.h"
#include "base/util.h"


/* A kernel streams at the ceiling when it moves at least this fraction of
 * the ceiling's GB/s (without a ceiling: of the theoretical peak). */
#define AT_CEILING 0.90
/* The ceiling falls short at a size when, at a larger size, it reaches
 * this many points more of the peak. */
#define CEILING_SHORT_POINTS 5.0
/* DRAM is busy from this fraction of the ceiling's GB/s. */
#define DRAM_BUSY 0.6
/* Instructions or occupancy can only limit a kernel below this fraction
 * of the ceiling: at the ceiling, DRAM does. */
#define BELOW_CEILING 0.95
/* Bytes beyond those a kernel needs count from this factor. */
#define EXTRA_BYTES 1.10
/* An efficiency (percent) below this is uncoalesced. */
#define LOW_EFFICIENCY 50.0
/* Bank conflicts per shared access from which they cost (the counter
 * reads up to 0.2 for conflict-free layouts: variants_reduce.c). */
#define CONFLICTS_COST 1.0
/* Time per element the same across element sizes: within this factor. */
#define SAME_PER_ELEMENT 0.10
/* Wider loads: sectors per request up by at least this factor. */
#define WIDER 1.5
/* Instructions fell without effect: by at least this factor. */
#define NO_GAIN 1.5
/* A kernel this short is about one launch (ms). */
#define LAUNCH_MS 0.01
/* DRAM wrote fewer bytes than the kernel must write: below this share
 * of them (lines still in L2 when it ended; the counters' noise is
 * smaller). */
#define WRITES_BELOW 0.98
/* A theoretical occupancy (percent) under this is low. */
#define LOW_OCCUPANCY 80.0

/* ---- strings that live as long as one sentence ----------------------- */


const char *ev_keep(struct bag *b, char *s)
{
	b->s = xrealloc(b->s, (b->n + 1) * sizeof(*b->s));
	b->s[b->n++] = s;
	return s;
}

static const char *keepf(struct bag *b, const char *s)
{
	return ev_keep(b, xstrdup(s));
}

void ev_bag_release(struct bag *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->s[i]);
	free(b->s);
	b->s = NULL;
	b->n = 0;
}

/* ---- what the rules read ------------------------------------------- */

/* Counter `col` of `it`, NAN when its counters were not collected. */
double ev_ctr(const struct item *it, const char *col)
{
	return it->row->counters_status ? NAN : row_column(it->row, col);
}

/* Bank conflicts per shared load; 0 for a kernel without shared loads
 * (the per-instruction column is then not applicable, the count 0). */
static double conflicts(const struct item *it)
{
	double v = ev_ctr(it, "bank_conflicts_per_shared_ld");

	if (isnan(v) && isfinite(ev_ctr(it, "warp_instructions")) &&
	    !(ev_ctr(it, "bank_conflicts_shared_ld") > 0))
		return 0;
	return v;
}

/* DRAM bytes read and written, NAN when unknown. */
double ev_traffic(const struct item *it)
{
	return ev_ctr(it, "dram_read_bytes") + ev_ctr(it, "dram_write_bytes");
}

/* The fraction of the ladder's ceiling `it` moves (without a ceiling, of
 * the theoretical peak); NAN when unknown. */
double ev_of_ceiling(const struct ladder *l, const struct item *it)
{
	if (l->ceiling && l->ceiling->row->gbps > 0 && it->row->gbps > 0)
		return it->row->gbps / l->ceiling->row->gbps;
	if (it->row->pct_peak > 0)
		return it->row->pct_peak / 100;
	return NAN;
}

/* Whether `it` keeps DRAM busy: its DRAM bytes over its time at least
 * DRAM_BUSY of the ceiling's GB/s (without one, of the peak).  Only then
 * can bytes beyond those needed cost time. */
static bool dram_busy(const struct ladder *l, const struct item *it)
{
	double gbps = ev_traffic(it) / (item_ms(it) * 1e6);
	double ref = l->ceiling && l->ceiling->row->gbps > 0 ?
		     l->ceiling->row->gbps :
		     it->row->pct_peak > 0 ? 100 * it->row->gbps /
					     it->row->pct_peak : NAN;

	return isfinite(gbps) && isfinite(ref) && gbps >= DRAM_BUSY * ref;
}

/* Whether ratio r (>= 1 or <= 1) accounts for at least half of the time
 * ratio x on a log scale. */
static bool accounts(double r, double x)
{
	return isfinite(r) && r > 0 && isfinite(x) && x > 0 &&
	       fabs(log(r)) >= 0.5 * fabs(log(x));
}

/* Whether column col moved from a to b beyond its noise and by at least
 * METRICS_CHANGE_PCT (rows ra, rb for a byte count's scale). */
static bool moved(const char *col, double a, double b,
		  const struct item *ia, const struct item *ib)
{
	double pct = metrics_change_pct(a, b);

	return isfinite(pct) && pct >= METRICS_CHANGE_PCT &&
	       counter_moved(col, a, b, ia->row, ib->row);
}

static size_t elem_size(const char *dtype)
{
	enum dtype t;

	return dtype_parse(S(dtype), &t) == 0 ? dtype_size(t) : 0;
}

/* Time per element of a row, in ns. */
static double per_elem_ns(const struct item *it)
{
	return 1e6 * item_ms(it) / ((double)it->row->n * (double)it->row->m);
}

/* The verified row of `it`'s variant in the ladder of family `l`, type
 * `dtype`, size n x mm and GPU model of l, or NULL. */
static const struct item *row_at(const struct model *m, const struct ladder *l,
				 const struct item *it, const char *dtype,
				 uint64_t n, uint64_t mm)
{
	for (size_t i = 0; i < m->nladders; i++) {
		const struct ladder *o = &m->ladders[i];

		if (o->n != n || o->m != mm || !str_eq(o->dtype, dtype) ||
		    !str_eq(o->family, l->family) || !str_eq(o->gpu, l->gpu))
			continue;
		for (size_t k = 0; k < o->nitems; k++)
			if (o->items[k]->ok && o->items[k]->role == it->role &&
			    str_eq(o->items[k]->row->variant, it->row->variant))
				return o->items[k];
	}
	return NULL;
}

/* Whether `it` waits on latency: at some size measured in two element
 * types of which one is twice the bytes of the other, the variant takes
 * the same time per element in both (within SAME_PER_ELEMENT), and `it`
 * the same time per element as its own type there (when that is another
 * size).  *own and *other are set to the pair that shows it. */
static bool latency_bound(const struct model *m, const struct ladder *l,
			  const struct item *it, const struct item **own,
			  const struct item **other)
{
	size_t es = elem_size(l->dtype);

	for (size_t i = 0; es && i < m->nladders; i++) {
		const struct ladder *o = &m->ladders[i];
		size_t eo = elem_size(o->dtype);
		const struct item *s, *same;

		if (!eo || (eo < 2 * es && es < 2 * eo) ||
		    !str_eq(o->family, l->family) || !str_eq(o->gpu, l->gpu))
			continue;
		s = row_at(m, l, it, o->dtype, o->n, o->m);
		same = o->n == l->n && o->m == l->m ? it :
		       row_at(m, l, it, l->dtype, o->n, o->m);
		if (!s || !same ||
		    fabs(per_elem_ns(same) / per_elem_ns(it) - 1) >
		    SAME_PER_ELEMENT ||
		    fabs(item_ms(s) / item_ms(same) - 1) > SAME_PER_ELEMENT)
			continue;
		*own = same;
		*other = s;
		return true;
	}
	return false;
}

/* A verified rung of l faster than `slow` that runs at lower achieved
 * occupancy than `slow` with no more bytes per load instruction: the
 * contradiction of "fewer warps made it slow".  NULL when none. */
static const struct item *faster_with_fewer_warps(const struct ladder *l,
						  const struct item *slow)
{
	double occ = ev_ctr(slow, "achieved_occupancy_pct");
	double sec = ev_ctr(slow, "gld_sectors_per_request");

	for (size_t i = 0; i < l->nitems; i++) {
		const struct item *r = l->items[i];
		double ro = ev_ctr(r, "achieved_occupancy_pct");
		double rs = ev_ctr(r, "gld_sectors_per_request");

		if (r->role != ROLE_RUNG || !r->ok || r == slow ||
		    item_ms(r) >= item_ms(slow) || !isfinite(ro) ||
		    !isfinite(occ))
			continue;
		if (ro < occ - 2 && (!isfinite(rs) || !isfinite(sec) ||
				     rs <= 1.05 * sec))
			return r;
	}
	return NULL;
}

/* ---- the rules --------------------------------------------------------- */






static void arg(struct why *w, const char *s)
{
	if (w->narg < ARRAY_SIZE(w->arg))
		w->arg[w->narg++] = s;
}

static void argf(struct why *w, const char *s)
{
	arg(w, keepf(w->bag, s));
}

/* Column col in plain words, held by the bag (ctr_plain). */
static const char *plain(struct why *w, const char *col)
{
	struct pool p = { .n = 0 };
	const char *s = keepf(w->bag, ctr_plain(&p, w->L, col));

	pool_release(&p);
	return s;
}

/* "col a → b" for the cell, and the same in words for sentences. */
static void cell(struct why *w, const char *col, const char *a, const char *b)
{
	struct sbuf c = SBUF_INIT;

	md_text(&c, col);
	sbuf_addf(&c, " %s → %s", a, b);
	w->cell = ev_keep(w->bag, sbuf_detach(&c));
	w->plain = ev_keep(w->bag, xasprintf("%s %s → %s", plain(w, col), a, b));
}

/* The factor between a and b (>= 1), NAN unless both are positive. */
static double factor(double a, double b)
{
	return a > 0 && b > 0 ? fmax(a, b) / fmin(a, b) : NAN;
}

static const char *bytes_text(struct why *w, double v)
{
	char buf[FMT_SIZE];

	return keepf(w->bag, fmt_bytes(buf, sizeof(buf), v));
}

/* ---- DRAM bytes beyond those needed ---- */

enum pull ev_dram_step(const struct step *s, struct why *w)
{
	double ta = ev_traffic(s->a), tb = ev_traffic(s->b);
	double ts = ev_traffic(s->slow), tf = ev_traffic(s->fast);

	if (!s->resolved || !isfinite(ta) || !isfinite(tb) ||
	    !moved("dram_read_bytes", ta, tb, s->a, s->b))
		return P_NONE;
	arg(w, bytes_text(w, ta));
	arg(w, bytes_text(w, tb));
	arg(w, bytes_text(w, s->slow->row->bytes));
	argf(w, TIMES(ts > tf ? ts / tf : tf / ts));
	argf(w, TIMES(s->x));
	cell(w, "dram_read_bytes + dram_write_bytes", bytes_text(w, ta),
	     bytes_text(w, tb));
	w->ratio = factor(ta, tb);
	if (tf > ts)
		return P_AGAINST;
	return ts >= EXTRA_BYTES * s->slow->row->bytes &&
	       accounts(ts / tf, s->x) && dram_busy(s->l, s->slow) ?
	       P_FOR : P_NONE;
}

bool ev_dram_limit(const struct rung *r, struct why *w)
{
	double t = ev_traffic(r->it), need = r->it->row->bytes;

	if (!isfinite(t) || !(need > 0) || t < EXTRA_BYTES * need ||
	    !isfinite(r->gap) || !accounts(t / need, r->gap) ||
	    !dram_busy(r->l, r->it))
		return false;
	arg(w, bytes_text(w, t));
	arg(w, bytes_text(w, need));
	argf(w, TIMES(t / need));
	argf(w, TIMES(r->gap));
	return true;
}

/* ---- uncoalesced loads and stores ---- */

/* The bytes `it`'s family must read (reads) or write in one run, NAN
 * when its family or type is unknown. */
static double needed(const struct item *it, bool reads)
{
	const struct family_def *fam = family_find(it->row->family);
	enum dtype t;
	double rd, wr;

	if (!fam || !fam->bytes || dtype_parse(S(it->row->dtype), &t) < 0)
		return NAN;
	fam->bytes(t, (size_t)it->row->n, (size_t)it->row->m, &rd, &wr);
	return reads ? rd : wr;
}

/* The efficiency rule of column `eff` (sectors `sec`, its DRAM bytes
 * `bytes`): the inefficient side's efficiency under LOW_EFFICIENCY, the
 * change beyond noise, and that side's bytes in this direction at least a
 * quarter of its DRAM traffic (store efficiency says nothing of a kernel
 * that writes one word per block). */
static enum pull coalesce_step(const struct step *s, struct why *w,
			       const char *eff, const char *sec,
			       const char *bytes, bool reads)
{
	double ea = ev_ctr(s->a, eff), eb = ev_ctr(s->b, eff);
	double es = ev_ctr(s->slow, eff), ef = ev_ctr(s->fast, eff);
	const struct item *bad = es < ef ? s->slow : s->fast;
	double da = ev_ctr(s->a, bytes), db = ev_ctr(s->b, bytes);
	double ds = ev_ctr(s->slow, bytes), df = ev_ctr(s->fast, bytes);
	double need = needed(s->slow, reads);
	char a[FMT_SIZE], b[FMT_SIZE];

	if (!s->resolved || !isfinite(ea) || !isfinite(eb) ||
	    fmin(ea, eb) >= LOW_EFFICIENCY ||
	    !metrics_change_beyond_noise(eff, ea, eb) ||
	    !(ev_ctr(bad, bytes) >= 0.25 * ev_traffic(bad)))
		return P_NONE;
	arg(w, plain(w, eff));
	argf(w, fmt_counter(a, sizeof(a), eff, ea));
	argf(w, fmt_counter(b, sizeof(b), eff, eb));
	argf(w, fmt_counter(a, sizeof(a), sec, ev_ctr(s->a, sec)));
	argf(w, fmt_counter(b, sizeof(b), sec, ev_ctr(s->b, sec)));
	arg(w, isfinite(da) ? bytes_text(w, da) : "—");
	arg(w, isfinite(db) ? bytes_text(w, db) : "—");
	if (!reads && isfinite(need) && fmin(da, db) < WRITES_BELOW * need) {
		struct sbuf t = SBUF_INIT;

		SAY(&t, w->L, M_W_WRITES_BELOW, bytes_text(w, need));
		arg(w, ev_keep(w->bag, sbuf_detach(&t)));
	} else {
		arg(w, isfinite(need) ? bytes_text(w, need) : "—");
	}
	cell(w, eff, fmt_counter(a, sizeof(a), eff, ea),
	     fmt_counter(b, sizeof(b), eff, eb));
	w->ratio = factor(ev_ctr(s->a, sec), ev_ctr(s->b, sec));
	/* DRAM sectors for nothing only when DRAM moved more than needed in
	 * this direction, busy, by enough to account for the step */
	w->form = ds >= EXTRA_BYTES * need && accounts(ds / df, s->x) &&
		  dram_busy(s->l, s->slow) ? 0 : 1;
	return es < ef ? P_FOR : P_AGAINST;
}

enum pull ev_coal_st_step(const struct step *s, struct why *w)
{
	return coalesce_step(s, w, "gst_efficiency_pct", "gst_sectors_per_request",
			     "dram_write_bytes", false);
}

enum pull ev_coal_ld_step(const struct step *s, struct why *w)
{
	return coalesce_step(s, w, "gld_efficiency_pct", "gld_sectors_per_request",
			     "dram_read_bytes", true);
}

static bool coalesce_limit(const struct rung *r, struct why *w,
			   const char *eff, const char *bytes, bool reads)
{
	double e = ev_ctr(r->it, eff), d = ev_ctr(r->it, bytes);
	double need = needed(r->it, reads);
	char buf[FMT_SIZE];

	if (!(e < LOW_EFFICIENCY) || !(d >= 0.25 * ev_traffic(r->it)) ||
	    !(need > 0))
		return false;
	arg(w, plain(w, eff));
	argf(w, fmt_counter(buf, sizeof(buf), eff, e));
	arg(w, bytes_text(w, d));
	arg(w, bytes_text(w, need));
	argf(w, TIMES(d / need));
	argf(w, isfinite(r->gap) ? TIMES(r->gap) : "—");
	/* sectors for nothing when DRAM moves more than needed, by enough
	 * to account for half the gap to the ceiling */
	w->form = d >= EXTRA_BYTES * need && isfinite(r->gap) &&
		  accounts(d / need, r->gap) && dram_busy(r->l, r->it) ? 0 : 1;
	return true;
}

bool ev_coal_st_limit(const struct rung *r, struct why *w)
{
	return coalesce_limit(r, w, "gst_efficiency_pct", "dram_write_bytes",
			      false);
}

bool ev_coal_ld_limit(const struct rung *r, struct why *w)
{
	return coalesce_limit(r, w, "gld_efficiency_pct", "dram_read_bytes",
			      true);
}

/* ---- bank conflicts ---- */

enum pull ev_bank_step(const struct step *s, struct why *w)
{
	double ca = conflicts(s->a), cb = conflicts(s->b);
	double cs = conflicts(s->slow), cf = conflicts(s->fast);
	char a[FMT_SIZE], b[FMT_SIZE];

	if (!s->resolved || !isfinite(ca) || !isfinite(cb) ||
	    fmax(ca, cb) < CONFLICTS_COST ||
	    !metrics_change_beyond_noise("bank_conflicts_per_shared_ld", ca, cb))
		return P_NONE;
	/* a kernel without shared loads counts as none, and reads "—" as
	 * its wavefronts do: there is no load to have a conflict */
	argf(w, fmt_sig(a, sizeof(a), ev_ctr(s->a, "bank_conflicts_per_shared_ld"), 3));
	argf(w, fmt_sig(b, sizeof(b), ev_ctr(s->b, "bank_conflicts_per_shared_ld"), 3));
	argf(w, fmt_sig(a, sizeof(a), ev_ctr(s->a, "shared_ld_wavefronts_per_instr"), 3));
	argf(w, fmt_sig(b, sizeof(b), ev_ctr(s->b, "shared_ld_wavefronts_per_instr"), 3));
	cell(w, "bank_conflicts_per_shared_ld", w->arg[0], w->arg[1]);
	/* the cost is the wavefronts a load takes, not the conflicts */
	w->ratio = factor(ev_ctr(s->a, "shared_ld_wavefronts_per_instr"),
			  ev_ctr(s->b, "shared_ld_wavefronts_per_instr"));
	if (isnan(w->ratio))
		w->ratio = factor(1 + ca, 1 + cb);
	return cs > cf ? P_FOR : P_AGAINST;
}

bool ev_bank_limit(const struct rung *r, struct why *w)
{
	double c = conflicts(r->it);
	char buf[FMT_SIZE];

	if (!(c >= CONFLICTS_COST))
		return false;
	argf(w, fmt_sig(buf, sizeof(buf), c, 3));
	argf(w, fmt_sig(buf, sizeof(buf),
			ev_ctr(r->it, "shared_ld_wavefronts_per_instr"), 3));
	return true;
}

/* ---- bytes in flight per load instruction ---- */

enum pull ev_wide_step(const struct step *s, struct why *w)
{
	double sa = ev_ctr(s->a, "gld_sectors_per_request");
	double sb = ev_ctr(s->b, "gld_sectors_per_request");
	double ss = ev_ctr(s->slow, "gld_sectors_per_request");
	double sf = ev_ctr(s->fast, "gld_sectors_per_request");
	char a[FMT_SIZE], b[FMT_SIZE];

	if (!s->resolved || !isfinite(sa) || !isfinite(sb) ||
	    !(ev_ctr(s->a, "gld_efficiency_pct") >= 95) ||
	    !(ev_ctr(s->b, "gld_efficiency_pct") >= 95) ||
	    fmax(sa, sb) < WIDER * fmin(sa, sb))
		return P_NONE;
	argf(w, fmt_sig(a, sizeof(a), 32 * sa, 3));
	argf(w, fmt_sig(b, sizeof(b), 32 * sb, 3));
	argf(w, fmt_sig(a, sizeof(a), sa, 3));
	argf(w, fmt_sig(b, sizeof(b), sb, 3));
	cell(w, "gld_sectors_per_request", fmt_sig(a, sizeof(a), sa, 3),
	     fmt_sig(b, sizeof(b), sb, 3));
	w->ratio = factor(sa, sb);
	if (ss > sf)
		return P_AGAINST;
	return ev_of_ceiling(s->l, s->slow) < BELOW_CEILING ? P_FOR : P_NONE;
}

/* ---- registers and theoretical occupancy ---- */

enum pull ev_regs_step(const struct step *s, struct why *w)
{
	const struct kernel_resources *ra = &s->a->row->resources;
	const struct kernel_resources *rb = &s->b->row->resources;
	const struct kernel_resources *rs = &s->slow->row->resources;
	const struct kernel_resources *rf = &s->fast->row->resources;
	char buf[FMT_SIZE];

	if (!s->resolved || !ra->known || !rb->known ||
	    ra->registers == rb->registers ||
	    fabs(ra->occupancy_pct - rb->occupancy_pct) < 0.5)
		return P_NONE;
	argf(w, ev_keep(w->bag, xasprintf("%d", ra->registers)));
	argf(w, ev_keep(w->bag, xasprintf("%d", rb->registers)));
	argf(w, PCT(ra->occupancy_pct));
	argf(w, PCT(rb->occupancy_pct));
	argf(w, fmt_counter(buf, sizeof(buf), "achieved_occupancy_pct",
			    ev_ctr(s->a, "achieved_occupancy_pct")));
	argf(w, fmt_counter(buf, sizeof(buf), "achieved_occupancy_pct",
			    ev_ctr(s->b, "achieved_occupancy_pct")));
	w->cell = ev_keep(w->bag, xasprintf("%s %d → %d", say_text(w->L, M_COL_REGS),
					 ra->registers, rb->registers));
	{
		struct sbuf t = SBUF_INIT;

		SAY(&t, w->L, M_W_REGS_PLAIN, w->arg[0], w->arg[1]);
		w->plain = ev_keep(w->bag, sbuf_detach(&t));
	}
	w->ratio = factor(ra->occupancy_pct, rb->occupancy_pct);
	if (rs->occupancy_pct > rf->occupancy_pct) {
		/* the faster side holds fewer warps */
		return rf->limiter == RL_REGISTERS ? P_AGAINST : P_NONE;
	}
	if (rs->limiter != RL_REGISTERS)
		return P_NONE;
	return faster_with_fewer_warps(s->l, s->slow) ? P_REFUTED : P_FOR;
}

bool ev_regs_limit(const struct rung *r, struct why *w)
{
	const struct kernel_resources *k = &r->it->row->resources;

	if (!k->known || k->limiter != RL_REGISTERS ||
	    !(k->occupancy_pct < LOW_OCCUPANCY))
		return false;
	argf(w, ev_keep(w->bag, xasprintf("%d", k->registers)));
	argf(w, PCT(k->occupancy_pct));
	return true;
}

/* ---- instructions ---- */

enum pull ev_instr_step(const struct step *s, struct why *w)
{
	double ia = ev_ctr(s->a, "warp_instructions");
	double ib = ev_ctr(s->b, "warp_instructions");
	double is = ev_ctr(s->slow, "warp_instructions");
	double in = ev_ctr(s->fast, "warp_instructions");
	char a[FMT_SIZE], b[FMT_SIZE];

	if (!isfinite(ia) || !isfinite(ib) ||
	    !moved("warp_instructions", ia, ib, s->a, s->b))
		return P_NONE;
	argf(w, fmt_sig(a, sizeof(a), ia, 3));
	argf(w, fmt_sig(b, sizeof(b), ib, 3));
	fmt_times_apart(a, b, is > in ? is / in : in / is, s->x);
	argf(w, a);
	argf(w, b);
	cell(w, "warp_instructions", fmt_sig(a, sizeof(a), ia, 3),
	     fmt_sig(b, sizeof(b), ib, 3));
	w->ratio = factor(ia, ib);
	if (!s->resolved)
		/* a third fewer (or more) instructions and no change */
		return fmax(ia, ib) >= NO_GAIN * fmin(ia, ib) ? P_REFUTED : P_NONE;
	if (in > is)
		return P_AGAINST;
	return accounts(is / in, s->x) &&
	       ev_of_ceiling(s->l, s->slow) < BELOW_CEILING ? P_FOR : P_NONE;
}

/* ---- achieved occupancy at the same theoretical occupancy ---- */

enum pull ev_occ_step(const struct step *s, struct why *w)
{
	double aa = ev_ctr(s->a, "achieved_occupancy_pct");
	double ab = ev_ctr(s->b, "achieved_occupancy_pct");
	double as = ev_ctr(s->slow, "achieved_occupancy_pct");
	double af = ev_ctr(s->fast, "achieved_occupancy_pct");
	const struct kernel_resources *ra = &s->a->row->resources;
	const struct kernel_resources *rb = &s->b->row->resources;
	const struct item *r;
	struct pool p = { .n = 0 };
	char a[FMT_SIZE], b[FMT_SIZE];

	if (!s->resolved || !isfinite(aa) || !isfinite(ab) ||
	    !moved("achieved_occupancy_pct", aa, ab, s->a, s->b) ||
	    (ra->known && rb->known &&
	     fabs(ra->occupancy_pct - rb->occupancy_pct) >= 0.5))
		return P_NONE;
	argf(w, fmt_counter(a, sizeof(a), "achieved_occupancy_pct", aa));
	argf(w, fmt_counter(b, sizeof(b), "achieved_occupancy_pct", ab));
	cell(w, "achieved_occupancy_pct",
	     fmt_counter(a, sizeof(a), "achieved_occupancy_pct", aa),
	     fmt_counter(b, sizeof(b), "achieved_occupancy_pct", ab));
	w->ratio = factor(aa, ab);
	if (af < as)
		return P_AGAINST;
	if ((r = faster_with_fewer_warps(s->l, s->slow)) != NULL) {
		w->narg = 0;
		argf(w, role_text(&p, w->L, r));
		argf(w, fmt_counter(a, sizeof(a), "achieved_occupancy_pct",
				    ev_ctr(r, "achieved_occupancy_pct")));
		pool_release(&p);
		return P_REFUTED;
	}
	return accounts(af / as, s->x) ? P_FOR : P_NONE;
}

/* ---- latency ---- */

/* The arguments of a latency claim: the two types, their times per
 * element, the ratio of their element sizes and the size they were
 * measured at. */
static void latency_args(struct why *w, const struct item *own,
			 const struct item *other)
{
	size_t ei = elem_size(own->row->dtype), eo = elem_size(other->row->dtype);
	const struct item *small = eo > ei ? own : other;
	const struct item *big = eo > ei ? other : own;
	char buf[FMT_SIZE];

	arg(w, ev_keep(w->bag, md_dup(small->row->dtype)));
	arg(w, ev_keep(w->bag, md_dup(big->row->dtype)));
	argf(w, fmt_sig(buf, sizeof(buf), per_elem_ns(small), 3));
	argf(w, fmt_sig(buf, sizeof(buf), per_elem_ns(big), 3));
	argf(w, ev_keep(w->bag, xasprintf("%zu", eo > ei ? eo / ei : ei / eo)));
	arg(w, ev_keep(w->bag, size_text(own->row->n, own->row->m,
				      row_is_matrix(own->row))));
}

enum pull ev_latency_step(const struct step *s, struct why *w)
{
	const struct item *own, *other;
	struct pool p = { .n = 0 };
	char a[FMT_SIZE], b[FMT_SIZE];

	double os = ev_ctr(s->slow, "achieved_occupancy_pct");
	double of = ev_ctr(s->fast, "achieved_occupancy_pct");
	double ss = ev_ctr(s->slow, "gld_sectors_per_request");
	double sf = ev_ctr(s->fast, "gld_sectors_per_request");

	/* a latency-bound loop speeds up only with more bytes in flight:
	 * the faster side must hold more warps or load wider */
	if (!s->resolved || !latency_bound(s->m, s->l, s->slow, &own, &other) ||
	    !((of > os && moved("achieved_occupancy_pct", os, of, s->slow,
				s->fast)) || sf >= WIDER * ss))
		return P_NONE;
	argf(w, role_text(&p, w->L, s->slow));
	pool_release(&p);
	latency_args(w, own, other);
	argf(w, fmt_counter(a, sizeof(a), "achieved_occupancy_pct",
			    ev_ctr(s->a, "achieved_occupancy_pct")));
	argf(w, fmt_counter(b, sizeof(b), "achieved_occupancy_pct",
			    ev_ctr(s->b, "achieved_occupancy_pct")));
	w->cell = ev_keep(w->bag, xasprintf("%s %s %s ns = %s %s ns",
					 say_text(w->L, M_W_PER_ELEM), w->arg[1],
					 w->arg[3], w->arg[2], w->arg[4]));
	return P_FOR;
}

/* A rung beside `it` on ladder l (its rung before, or the rung after
 * it) that takes the same time (their step not resolved) with warp
 * instructions NO_GAIN times apart or more: issue limits neither (were
 * it to limit one, the other would differ in time).  NULL when none. */
static const struct item *issue_ruled_out(const struct ladder *l,
					  const struct item *it)
{
	const struct item *beside[2] = { it->prev, NULL };

	for (size_t i = 0; i < l->nitems; i++)
		if (l->items[i]->prev == it)
			beside[1] = l->items[i];
	for (size_t k = 0; k < 2; k++) {
		const struct item *c = beside[k];
		double x, lo, hi, ic, ii;
		enum stats_verdict v;

		if (!c || !c->ok)
			continue;
		v = k == 0 ? step_judge(c, it, &x, &lo, &hi) :
			     step_judge(it, c, &x, &lo, &hi);
		ic = ev_ctr(c, "warp_instructions");
		ii = ev_ctr(it, "warp_instructions");
		if (v != SV_FASTER && v != SV_SLOWER && ic > 0 && ii > 0 &&
		    fmax(ic, ii) >= NO_GAIN * fmin(ic, ii))
			return c;
	}
	return NULL;
}

/* Latency is named only where instruction issue is ruled out too: the
 * same time per element in two types rules out bandwidth, not issue. */
bool ev_latency_limit(const struct rung *r, struct why *w)
{
	const struct item *own, *other, *c;
	struct pool p = { .n = 0 };
	char a[FMT_SIZE];

	if (!latency_bound(r->m, r->l, r->it, &own, &other) ||
	    !(c = issue_ruled_out(r->l, r->it)))
		return false;
	latency_args(w, own, other);
	argf(w, role_text(&p, w->L, c));
	pool_release(&p);
	argf(w, fmt_sig(a, sizeof(a), ev_ctr(c, "warp_instructions"), 3));
	argf(w, fmt_sig(a, sizeof(a), ev_ctr(r->it, "warp_instructions"), 3));
	return true;
}

bool ev_not_bandwidth_limit(const struct rung *r, struct why *w)
{
	const struct item *own, *other;

	if (!latency_bound(r->m, r->l, r->it, &own, &other))
		return false;
	latency_args(w, own, other);
	return true;
}

/* ---- divergence: the working threads per shared-memory access ---- */

/* A shared-memory tree whose working threads are scattered keeps a few
 * lanes of every warp at work in every step; the compiler predicates
 * its short `if` body, so no branch diverges (branch efficiency reads
 * 100 %) and the predicated-on threads averaged over all instructions
 * hide it (the index arithmetic runs on all 32 lanes).  What sees it is
 * the bytes each shared load or store moves for its predicated-on
 * threads: a shared word per working thread.  The word is the
 * accumulator's, which may be wider than the element (int sums are kept
 * in 64 bits): the element's size, doubled until the busier side fits a
 * warp's 32 threads.  Held: the slower side at most half a warp of
 * element-sized words (two elements per thread on the other side is a
 * wider access, not more threads), the faster side DIV_LANES times its
 * working threads or more, at least half a warp, beyond the counter's
 * noise, with fewer warp instructions where they were counted. */
#define DIV_LANES 1.5

enum pull ev_div_step(const struct step *s, struct why *w)
{
	double ba = ev_ctr(s->a, "shared_bytes_per_instr");
	double bb = ev_ctr(s->b, "shared_bytes_per_instr");
	double bs = ev_ctr(s->slow, "shared_bytes_per_instr");
	double bf = ev_ctr(s->fast, "shared_bytes_per_instr");
	double is = ev_ctr(s->slow, "warp_instructions");
	double in = ev_ctr(s->fast, "warp_instructions");
	double e = (double)elem_size(s->l->dtype), word = e;
	double br = ev_ctr(s->slow, "branch_efficiency_pct");
	char a[FMT_SIZE], b[FMT_SIZE];

	while (word > 0 && word < 16 && fmax(bs, bf) > 32.5 * word)
		word *= 2;
	if (!s->resolved || !(e > 0) || !(bs > 0) || !(bf > 0) ||
	    bs > 16 * e || bf < 16 * word || bf < DIV_LANES * bs ||
	    fmax(bs, bf) > 32.5 * word ||
	    !metrics_change_beyond_noise("shared_bytes_per_instr", ba, bb) ||
	    (isfinite(is) && isfinite(in) && !(in < is)))
		return P_NONE;
	argf(w, fmt_sig(a, sizeof(a), ba / word, 2));
	argf(w, fmt_sig(b, sizeof(b), bb / word, 2));
	argf(w, fmt_sig(a, sizeof(a), ba, 3));
	argf(w, fmt_sig(b, sizeof(b), bb, 3));
	argf(w, isfinite(br) ? fmt_counter(a, sizeof(a), "branch_efficiency_pct",
					   br) : "—");
	/* what the scattered threads cost, said first: the instructions
	 * every warp with a working thread issues, where they moved */
	if (isfinite(is) && isfinite(in) &&
	    moved("warp_instructions", is, in, s->slow, s->fast)) {
		struct sbuf t = SBUF_INIT;
		char x[FMT_SIZE], y[FMT_SIZE], fx[FMT_SIZE], fy[FMT_SIZE];

		fmt_times_apart(fx, fy, is / in, s->x);
		SAY(&t, w->L, M_W_DIV_INSTR,
		    fmt_sig(x, sizeof(x), ev_ctr(s->a, "warp_instructions"), 3),
		    fmt_sig(y, sizeof(y), ev_ctr(s->b, "warp_instructions"), 3),
		    fx, fy);
		arg(w, ev_keep(w->bag, sbuf_detach(&t)));
	} else {
		arg(w, "");
	}
	cell(w, "shared_bytes_per_instr", fmt_sig(a, sizeof(a), ba, 3),
	     fmt_sig(b, sizeof(b), bb, 3));
	/* form 1: branch efficiency says nothing of it (predicated) */
	w->form = br >= 99.5 ? 1 : 0;
	w->ratio = bf / bs;
	return accounts(w->ratio, s->x) ? P_FOR : P_NONE;
}

/* ---- a grid smaller than the GPU ---- */

/* The slower side's grid is fixed at fewer blocks than the GPU has SMs
 * (fixed_grid_blocks), the faster side's is not: its achieved occupancy
 * counts only the SMs that ran.  With the latency rule's evidence
 * (latency_bound) the sentence says the time per element too. */
enum pull ev_idle_step(const struct step *s, struct why *w)
{
	int act = 0, sms = 0, fa = 0, fs = 0;
	double gs = gpu_occupancy(s->m, s->slow, &act, &sms);
	double os = ev_ctr(s->slow, "achieved_occupancy_pct");
	double of = gpu_occupancy(s->m, s->fast, &fa, &fs);
	const struct item *own, *other;
	struct pool p = { .n = 0 };
	char buf[FMT_SIZE];

	if (!s->resolved || !fixed_grid_blocks(s->slow->row->variant) ||
	    fixed_grid_blocks(s->fast->row->variant) || !(sms > 0) ||
	    act >= sms)
		return P_NONE;
	argf(w, role_text(&p, w->L, s->slow));
	pool_release(&p);
	argf(w, ev_keep(w->bag, xasprintf("%d", act)));
	argf(w, ev_keep(w->bag, xasprintf("%d", sms)));
	argf(w, isfinite(os) ? fmt_counter(buf, sizeof(buf),
					   "achieved_occupancy_pct", os) : "—");
	/* a share this small needs two significant digits, not a decimal */
	argf(w, isfinite(gs) ? ev_keep(w->bag, xasprintf("%s %%",
		fmt_sig(buf, sizeof(buf), gs, 2))) : "—");
	argf(w, isfinite(of) ? fmt_counter(buf, sizeof(buf),
					   "achieved_occupancy_pct", of) : "—");
	w->cell = ev_keep(w->bag, xasprintf("%s %s → %s",
					 say_text(w->L, M_W_GPU_OCC),
					 w->arg[s->a == s->slow ? 4 : 5],
					 w->arg[s->a == s->slow ? 5 : 4]));
	w->ratio = NAN;
	/* form 2: the step leaves the small grid; 1: it enters it, where
	 * the latency rule's evidence holds; 0: it enters it */
	if (s->a == s->slow) {
		w->form = 2;
	} else if (latency_bound(s->m, s->l, s->slow, &own, &other)) {
		size_t ei = elem_size(own->row->dtype),
		       eo = elem_size(other->row->dtype);
		const struct item *small = eo > ei ? own : other;
		const struct item *big = eo > ei ? other : own;
		char bs[FMT_SIZE];
		char *sm = md_dup(small->row->dtype), *bg = md_dup(big->row->dtype);

		fmt_sig(buf, sizeof(buf), per_elem_ns(small), 3);
		fmt_sig(bs, sizeof(bs), per_elem_ns(big), 3);
		/* at the size the two types were compared, which need not
		 * be the section's */
		char *at = size_text(small->row->n, small->row->m,
				     row_is_matrix(small->row));

		arg(w, ev_keep(w->bag, xasprintf("%s%s%s %s ns%s%s %s ns", at,
						 w->L == ZH ? "：" : ": ", sm,
						 buf,
						 say_text(w->L, M_COMMA_SEP),
						 bg, bs)));
		free(at);
		free(sm);
		free(bg);
		w->form = 1;
	}
	return P_FOR;
}

/* ---- limits alone: the ceiling and launch latency ---- */

/* The ceiling of family l->family on l's GPU model at a larger size than
 * l's that reaches the largest share of the peak, or NULL. */
static const struct item *larger_ceiling(const struct model *m,
					 const struct ladder *l)
{
	const struct item *best = NULL;

	for (size_t i = 0; i < m->nladders; i++) {
		const struct ladder *o = &m->ladders[i];

		if (!o->ceiling || !str_eq(o->family, l->family) ||
		    !str_eq(o->gpu, l->gpu) ||
		    (double)o->n * (double)o->m <= (double)l->n * (double)l->m)
			continue;
		if (!best || o->ceiling->row->pct_peak > best->row->pct_peak)
			best = o->ceiling;
	}
	return best;
}

bool ev_ceiling_limit(const struct rung *r, struct why *w)
{
	const struct ladder *l = r->l;
	const struct item *c = l->ceiling, *big;
	double f = ev_of_ceiling(l, r->it);

	if (!(f >= AT_CEILING))
		return false;
	argf(w, PCT(100 * f));
	if (!c || !(c->row->gbps > 0)) {
		w->form = 2;
		return true;
	}
	arg(w, ev_keep(w->bag, md_dup(c->row->variant)));
	argf(w, c->row->pct_peak > 0 ? PCT(c->row->pct_peak) : "—");
	arg(w, ev_keep(w->bag, size_text(l->n, l->m, l->matrix)));
	/* the gap to the peak is the ceiling's at this size only where the
	 * same ceiling reaches further at a larger size */
	big = larger_ceiling(r->m, l);
	if (big && c->row->pct_peak > 0 &&
	    big->row->pct_peak >= c->row->pct_peak + CEILING_SHORT_POINTS) {
		argf(w, PCT(big->row->pct_peak));
		arg(w, ev_keep(w->bag, size_text(big->row->n, big->row->m,
						  row_is_matrix(big->row))));
		w->form = 1;
	}
	return true;
}

bool ev_launch_limit(const struct rung *r, struct why *w)
{
	if (!(item_ms(r->it) < LAUNCH_MS))
		return false;
	argf(w, FMT(1000 * item_ms(r->it), 3));
	return true;
}
