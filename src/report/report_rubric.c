/* report_rubric.c - the rubric a teacher grades with: per family and type,
 * the course's learning objectives (coalescing, bank conflicts,
 * divergence, latency hiding and occupancy, the host step, warp-
 * synchronous safety), each with the rows and the counter that show it
 * in this run and a verdict on evidence; the user's own kernels against
 * the same objectives; then expected against observed, rung by rung.
 * See report_int.h.
 *
 * An objective is a row of one table: the rung that shows the problem,
 * the rung that fixes it, the counter that separates them and in which
 * direction.  It is "shown" only when both rows ran and verified here,
 * the counter separates them by OBJ_SEPARATE beyond its noise and the
 * fix is faster beyond the threshold; "the counter shows it, the time
 * does not" when only the counter does; "not applicable" where the
 * ladder holds no rung with the problem.  A per-SM counter (achieved
 * occupancy) is judged over the GPU: a grid smaller than the GPU counts
 * only the SMs it ran on.  Warp-synchronous safety is shown only by a
 * compute-sanitizer record of this run (culab run reruns the unsafe
 * rungs that verified: jobs/sanitizer_reruns.c); a rung flagged unsafe is never
 * "met" by its flag, nor by a rerun whose tools found nothing.  The
 * limits and the signatures are those the rest of the report states
 * (report_rules.c, m->sigs). */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "counters/counters.h"
#include "ladder/ladder.h"
#include "base/dtype.h"
#include "base/stats.h"
#include "base/util.h"

/* A counter separates the problem from the fix by this factor. */
#define OBJ_SEPARATE 1.5
/* Below this, uncoalesced (report_evidence.c's LOW_EFFICIENCY): a ladder
 * with no rung below it holds no contrast for coalescing. */
#define OBJ_UNCOALESCED 50.0

enum obj_kind {
	OB_COUNTER,     /* `column` separates `problem` from `fix` */
	OB_LEVEL,       /* `column` on every rung: no rung under
			   OBJ_UNCOALESCED is no contrast */
	OB_SANITIZER,   /* compute-sanitizer's record of `problem` */
	OB_HOST,        /* a host step, isolated only by a twin */
};

struct objective {
	const char *family;
	const char *name[NLANG];
	enum obj_kind kind;
	const char *problem, *fix;  /* built-in variants */
	const char *column;
	int worse;                  /* +1: higher on the problem rung */
	const char *user;           /* user_shows() key, or NULL */
	double factor;              /* separation needed; 0: OBJ_SEPARATE */
	/* the fix issues fewer instructions by its very mechanism (packed
	 * threads, wider loads): a change of warp instructions is part of
	 * what it shows, not a second difference between the rows */
	bool cuts_instructions;
};

#define OBJ(fam, en, zh, k, p, f, col, w, key)                                 \
	{ .family = (fam), .name = { (en), (zh) }, .kind = (k), .problem = (p), \
	  .fix = (f), .column = (col), .worse = (w), .user = (key) }
/* the same for a fix that cuts instructions by its mechanism */
#define OBJ_CUTS(fam, en, zh, k, p, f, col, w, key)                            \
	{ .family = (fam), .name = { (en), (zh) }, .kind = (k), .problem = (p), \
	  .fix = (f), .column = (col), .worse = (w), .user = (key),             \
	  .cuts_instructions = true }

static const struct objective objectives[] = {
	OBJ("reduce", "Coalescing", "合并访问", OB_LEVEL, NULL,
	    "reduce_shared_static", "gld_efficiency_pct", -1, "coalescing"),
	OBJ("transpose", "Coalescing", "合并访问", OB_COUNTER,
	    "transpose_naive", "transpose_tile_pad", "gst_efficiency_pct", -1,
	    "coalescing"),
	OBJ("reduce", "Bank conflicts", "bank 冲突", OB_COUNTER,
	    "reduce_interleaved_strided", "reduce_shared_static",
	    "bank_conflicts_per_shared_ld", +1, "bank"),
	OBJ("transpose", "Bank conflicts", "bank 冲突", OB_COUNTER,
	    "transpose_tile", "transpose_tile_pad",
	    "bank_conflicts_per_shared_ld", +1, "bank"),
	/* the step that removes the divergent branch and nothing else: the
	 * compiler predicates it, so branch efficiency reads 100 % on both;
	 * the working threads per shared access see it */
	OBJ_CUTS("reduce", "Divergence", "工作线程分散", OB_COUNTER,
	    "reduce_interleaved_divergent", "reduce_interleaved_strided",
	    "shared_bytes_per_instr", -1, "divergence"),
	OBJ("reduce", "Latency hiding and occupancy: warps in flight",
	    "延迟隐藏与占用率：在途线程束", OB_COUNTER, "reduce_one_block",
	    "reduce_global", "achieved_occupancy_pct", -1, "occupancy"),
	OBJ_CUTS("reduce", "Latency hiding: bytes in flight per load",
	    "延迟隐藏：每条读指令的在途字节", OB_COUNTER, "reduce_shuffle",
	    "reduce_vector_atomic", "gld_sectors_per_request", -1, "inflight"),
	{ .family = "transpose", .name = { "Occupancy: registers per thread",
					   "占用率：每线程寄存器" },
	  .kind = OB_COUNTER, .problem = "transpose_tile_swizzle",
	  .fix = "transpose_tile_pad", .column = "theoretical_occupancy_pct",
	  .worse = -1, .user = "occupancy", .factor = 1.25 },
	OBJ_CUTS("transpose", "Latency hiding: bytes in flight per load",
	    "延迟隐藏：每条读指令的在途字节", OB_COUNTER, "transpose_tile_pad",
	    "transpose_tile_pairs", "gld_sectors_per_request", -1, "inflight"),
	OBJ("reduce", "The host step", "主机端求和步骤", OB_HOST,
	    "reduce_global", NULL, NULL, 0, "host"),
	OBJ("reduce", "Warp-synchronous safety", "线程束同步的安全性",
	    OB_SANITIZER, "reduce_warp_volatile", "reduce_warp_syncwarp", NULL,
	    0, NULL),
};

/* What a row's compute-sanitizer record of this run shows: nothing
 * (no record), a finding, every tool clean, or no answer (not installed,
 * timed out, could not run).  A record without the rerun's details
 * (results that keep only its text) counts as a finding, as it always
 * did. */
enum evidence { EV_NONE, EV_FOUND, EV_CLEAN, EV_UNRUN };

static enum evidence sanitizer_evidence(const struct result_row *w)
{
	const struct sanitizer_record *rec = w->sanitize;
	bool clean = false;

	if (!w->sanitizer || !*w->sanitizer)
		return EV_NONE;
	if (!rec)
		return EV_FOUND;
	if (!rec->state || strcmp(rec->state, "ran") != 0)
		return EV_UNRUN;
	if (rec->nfindings)
		return EV_FOUND;
	for (size_t i = 0; i < rec->ntools; i++) {
		if (rec->tools[i].outcome == SAN_FOUND)
			return EV_FOUND;
		clean |= rec->tools[i].outcome == SAN_CLEAN;
	}
	return clean ? EV_CLEAN : EV_UNRUN;
}

/* The fastest verified built-in row of variant `name` in ladder l, or
 * NULL. */
static const struct item *row_of(const struct ladder *l, const char *name)
{
	const struct item *best = NULL;

	for (size_t i = 0; name && i < l->nitems; i++) {
		const struct item *it = l->items[i];

		if (it->role != ROLE_USER && it->ok &&
		    str_eq(it->row->variant, name) && faster(it, best))
			best = it;
	}
	return best;
}

/* Whether a row was run in ladder l at all (verified or not). */
static const struct item *any_row(const struct ladder *l, const char *name)
{
	for (size_t i = 0; name && i < l->nitems; i++)
		if (str_eq(l->items[i]->row->variant, name))
			return l->items[i];
	return NULL;
}

/* "rung 4 (reduce\_interleaved\_strided)" into b. */
static void named(struct sbuf *b, enum lang L, const struct item *it)
{
	struct pool p = { .n = 0 };

	SAY(b, L, M_U_RUNG, role_text(&p, L, it), pool_md(&p, it->row->variant));
	pool_release(&p);
}

static double col_of(const struct item *it, const char *col)
{
	return it->row->counters_status ? NAN : row_column(it->row, col);
}

/* The size of a shared word of ladder l's reduction for bytes per shared
 * access a and b: the element's, doubled until the busier side fits a
 * warp's 32 threads (int sums are kept in 64 bits); 0 unknown. */
static double shared_word(const struct ladder *l, double a, double b)
{
	enum dtype t;
	double w;

	if (dtype_parse(S(l->dtype), &t) < 0)
		return 0;
	for (w = (double)dtype_size(t); w > 0 && w < 16 && fmax(a, b) > 32.5 * w;)
		w *= 2;
	return w;
}

/* The counter cell of objective column col for items p -> f with values
 * a -> b: the GPU's occupancy where a grid is smaller than the GPU, the
 * working threads where the column counts them. */
static void counter_cell(struct sbuf *c, enum lang L, const struct model *m,
			 const struct ladder *l, const char *col,
			 const struct item *p, const struct item *f,
			 double a, double b)
{
	md_text(c, col);
	sbuf_addc(c, ' ');
	for (int k = 0; k < 2; k++) {
		const struct item *it = k ? f : p;
		double v = k ? b : a;
		int act = 0, sms = 0;
		double g = gpu_occupancy(m, it, &act, &sms);
		char buf[FMT_SIZE];

		if (k)
			sbuf_add(c, " → ");
		if (isnan(col_of(it, col))) {
			/* counted as none (no shared loads): no value */
			sbuf_add(c, "—");
		} else if (!strcmp(col, "achieved_occupancy_pct") && act < sms) {
			char *gs = xasprintf("%s %%", fmt_sig(buf, sizeof(buf), g, 2));
			char na[16], ns[16];

			snprintf(na, sizeof(na), "%d", act);
			snprintf(ns, sizeof(ns), "%d", sms);
			SAY(c, L, M_RB_OCC_SMS, CTR(col, v), na, ns, gs);
			free(gs);
		} else {
			sbuf_add(c, CTR(col, v));
		}
	}
	if (!strcmp(col, "shared_bytes_per_instr")) {
		double w = shared_word(l, a, b);
		char x[FMT_SIZE], y[FMT_SIZE];

		if (w > 0)
			SAY(c, L, M_RB_CTR_THREADS, fmt_sig(x, sizeof(x), a / w, 2),
			    fmt_sig(y, sizeof(y), b / w, 2));
	}
}

/* Whether the rows p (the problem) and f (the fix, x times faster) of
 * objective o also differ in warp instructions, in the direction of the
 * time: more on the problem rung, beyond their noise and by at least
 * METRICS_CHANGE_PCT (the instruction rule's threshold).  Then the
 * verdict names them: "not isolated" where their factor covers the
 * step's (they could explain all of it), else "shown" with them beside
 * it; where the fix cuts instructions by its mechanism, "shown" with
 * them named as that mechanism.  The message is set into *id, the arguments into a, b (the counts), r and
 * xs (the two factors). */
static bool confounded(const struct objective *o, const struct item *p,
		       const struct item *f, double x, enum msg *id,
		       char *a, char *b, char *r, char *xs)
{
	double ip = col_of(p, "warp_instructions");
	double in = col_of(f, "warp_instructions");

	if (!isfinite(ip) || !isfinite(in) ||
	    !(ip > in) || !(in > 0) ||
	    !metrics_change_notable("warp_instructions", ip, in) ||
	    !metrics_change_beyond_noise("warp_instructions", ip, in))
		return false;
	fmt_sig(a, FMT_SIZE, ip, 3);
	fmt_sig(b, FMT_SIZE, in, 3);
	fmt_times_apart(r, xs, ip / in, x);
	/* a fix that cuts instructions by its mechanism is not
	 * confounded by them, but the verdict says they moved */
	*id = o->cuts_instructions ? M_RB_V_SHOWN_MECH :
	      factor_covers(ip / in, x) ? M_RB_V_CONFOUNDED : M_RB_V_SHOWN_ALSO;
	return true;
}

/* The verdict of a counter objective, into v; the counter and time
 * cells into c and t. */
static void judge_counter(const struct objective *o, enum lang L,
			  const struct model *m, const struct ladder *l,
			  const struct item *p, const struct item *f,
			  struct sbuf *c, struct sbuf *t, struct sbuf *v)
{
	double a = col_of(p, o->column), b = col_of(f, o->column);
	/* a per-SM counter is judged over the GPU: a grid smaller than
	 * the GPU leaves the other SMs idle */
	bool occ = !strcmp(o->column, "achieved_occupancy_pct");
	int act, sms;
	double ga = occ ? gpu_occupancy(m, p, &act, &sms) : a;
	double gb = occ ? gpu_occupancy(m, f, &act, &sms) : b;
	double br = col_of(p, "branch_efficiency_pct");
	double x, lo, hi;
	enum stats_verdict tv = step_judge(p, f, &x, &lo, &hi);
	bool sep = false;
	enum msg id;
	char ia[FMT_SIZE], ib[FMT_SIZE], ir[FMT_SIZE], ix[FMT_SIZE];

	if (isnan(a) && !strcmp(o->column, "bank_conflicts_per_shared_ld"))
		a = 0;
	if (isnan(b) && !strcmp(o->column, "bank_conflicts_per_shared_ld"))
		b = 0;
	if (isfinite(a) && isfinite(b)) {
		double hi_v = o->worse > 0 ? ga : gb, lo_v = o->worse > 0 ? gb : ga;

		/* conflicts under the counter's floor read as the floor */
		if (!strcmp(o->column, "bank_conflicts_per_shared_ld"))
			lo_v = fmax(lo_v, 0.25);
		sep = hi_v >= (o->factor > 0 ? o->factor : OBJ_SEPARATE) * lo_v &&
		      lo_v >= 0 &&
		      metrics_change_beyond_noise(o->column, ga, gb);
		counter_cell(c, L, m, l, o->column, p, f, a, b);
	} else {
		sbuf_add(c, "—");
	}
	sbuf_addf(t, "%s → %s", FMT(item_ms(p), 3), FMT(item_ms(f), 3));
	/* divergence that branch efficiency cannot see says why first */
	if (sep && tv == SV_FASTER &&
	    !strcmp(o->column, "shared_bytes_per_instr") && br >= 99.5) {
		struct pool pl = { .n = 0 };

		SAY(v, L, M_RB_V_SHOWN_PREDICATED,
		    CTR("branch_efficiency_pct", br), role_text(&pl, L, p));
		pool_release(&pl);
	} else if (sep && tv == SV_FASTER &&
	    confounded(o, p, f, x, &id, ia, ib, ir, ix)) {
		SAY(v, L, id, ia, ib, ir, ix);
	} else if (sep && tv == SV_FASTER) {
		sbuf_add(v, say_text(L, M_RB_V_SHOWN));
	}
	else if (sep)
		SAY(v, L, M_RB_V_CTR_ONLY, TIMES(x));
	else
		sbuf_add(v, say_text(L, M_RB_V_NOT_SHOWN));
}

/* The rows cell of objective o: its problem's row, then its fix's, by
 * their rung where they ran (p, f), else by their variant's name. */
static void objective_rows(struct sbuf *rows, enum lang L,
			   const struct objective *o, const struct item *p,
			   const struct item *f)
{
	if (p)
		named(rows, L, p);
	else if (o->problem)
		md_text(rows, o->problem);
	if (o->problem && o->fix)
		sbuf_add(rows, " → ");
	if (f)
		named(rows, L, f);
	else if (o->fix)
		md_text(rows, o->fix);
}

/* The counter cell c and verdict v of an OB_LEVEL objective, whose fix
 * ran as f: the range of its counter over the verified rungs.  Where
 * even the lowest is not below OBJ_UNCOALESCED the range is every
 * rung's, which the rows cell then says. */
static void judge_level(const struct objective *o, enum lang L,
			const struct ladder *l, const struct item *f,
			struct sbuf *rows, struct sbuf *c, struct sbuf *v)
{
	double e = f ? col_of(f, o->column) : NAN, lo = INFINITY;

	/* the lowest of every verified rung: where none is below the
	 * level, the ladder holds no contrast to show */
	for (size_t i = 0; i < l->nitems; i++) {
		double x = l->items[i]->role == ROLE_RUNG &&
			   l->items[i]->ok ?
			   col_of(l->items[i], o->column) : NAN;

		if (isfinite(x))
			lo = fmin(lo, x);
	}
	if (f && isfinite(e) && isfinite(lo)) {
		md_text(c, o->column);
		sbuf_addf(c, " %s", CTR(o->column, lo));
		if (lo < e)
			sbuf_addf(c, "–%s", CTR(o->column, e));
		if (lo >= OBJ_UNCOALESCED) {
			/* the range is every rung's, not the fix's */
			sbuf_reset(rows);
			sbuf_add(rows, say_text(L, M_RB_ROWS_ALL));
			SAY(v, L, M_RB_V_NA_COALESCED, CTR(o->column, lo));
		}
		else
			sbuf_add(v, say_text(L, M_RB_V_NOT_SHOWN));
	} else {
		sbuf_add(v, say_text(L, M_RB_V_MISSING));
	}
}

/* The verdict v of an OB_SANITIZER objective: what compute-sanitizer's
 * record of its problem row says, and at which size. */
static void judge_sanitizer(const struct objective *o, enum lang L,
			    const struct ladder *l, struct sbuf *v)
{
	const struct item *r = any_row(l, o->problem);
	const struct result_row *w = r ? r->row : NULL;
	enum evidence e = w ? sanitizer_evidence(w) : EV_NONE;
	/* a finding in this page's language where the row keeps the
	 * record, as the ladder table's cell says it (the summary text is
	 * English); why a tool could not run in the summary's words */
	struct sbuf said = SBUF_INIT;
	char *san;

	if (e == EV_FOUND && w->sanitize)
		sanitizer_cell(&said, L, w);
	san = e == EV_FOUND && w->sanitize ?
	      xstrdup(sbuf_str(&said)) :
	      w ? md_dup(w->sanitizer) : NULL;
	sbuf_release(&said);
	char *size = w && w->sanitize ? size_text(w->sanitize->n,
						  w->sanitize->m,
						  row_is_matrix(w)) :
		     NULL;

	if (e == EV_FOUND && size && w->status == ROW_OK)
		SAY(v, L, M_RB_V_SAN_RIGHT, san, size);
	else if (e == EV_FOUND)
		SAY(v, L, M_RB_V_SAN, san);
	else if (e == EV_CLEAN)
		SAY(v, L, M_RB_V_SAN_CLEAN, san, size);
	else if (e == EV_UNRUN)
		SAY(v, L, M_RB_V_SAN_UNRUN, san);
	else
		sbuf_add(v, say_text(L, r ? M_RB_V_SAN_NONE :
				     M_RB_V_MISSING));
	free(size);
	free(san);
}

/* The time cell t and verdict v of an OB_HOST objective, whose problem
 * ran as p: the host step itself where the same runs timed the kernel
 * alone, else that only a twin isolates it. */
static void judge_host(enum lang L, const struct item *p, struct sbuf *t,
		       struct sbuf *v)
{
	if (p)
		sbuf_addf(t, "%s", FMT(item_ms(p), 3));
	if (p && host_step_measured(p->row)) {
		/* the same runs timed the kernel alone: the host step is
		 * their difference, not a comparison */
		const struct result_row *r = p->row;
		double host = r->t.median_ms - r->tk.median_ms;

		SAY(v, L, M_RB_V_HOST_MEASURED, FMT(host, 3),
		    PCT(100 * host / r->t.median_ms),
		    FMT(r->tk.median_ms, 3));
		return;
	}
	sbuf_add(v, say_text(L, p ? M_RB_V_HOST : M_RB_V_MISSING));
}

/* The user cell u of objective o: the user's own verified kernels of
 * ladder l (not a class's submissions) that show it (user_shows). */
static void objective_users(const struct model *m, const struct ladder *l,
			    const struct objective *o, enum lang L,
			    struct sbuf *u)
{
	for (size_t i = 0; o->user && i < l->nitems; i++) {
		const struct item *it = l->items[i];

		if (it->role != ROLE_USER || !it->ok ||
		    item_submission(m, it) || !user_shows(m, l, it, o->user))
			continue;
		if (u->len)
			sbuf_add(u, say_text(L, M_U_LIST));
		md_text(u, it->row->variant);
	}
}

/* One row of the objectives table for ladder l. */
static void objective_row(const struct model *m, const struct ladder *l,
			  const struct objective *o, enum lang L,
			  struct sbuf *b, size_t ncols)
{
	const struct item *p = row_of(l, o->problem), *f = row_of(l, o->fix);
	struct sbuf rows = SBUF_INIT, c = SBUF_INIT, t = SBUF_INIT,
		    v = SBUF_INIT, u = SBUF_INIT;
	const char *cells[6];

	objective_rows(&rows, L, o, p, f);
	switch (o->kind) {
	case OB_LEVEL:
		judge_level(o, L, l, f, &rows, &c, &v);
		break;
	case OB_COUNTER:
		if (p && f)
			judge_counter(o, L, m, l, p, f, &c, &t, &v);
		else
			sbuf_add(&v, say_text(L, M_RB_V_MISSING));
		break;
	case OB_SANITIZER:
		judge_sanitizer(o, L, l, &v);
		break;
	case OB_HOST:
		judge_host(L, p, &t, &v);
		break;
	}
	objective_users(m, l, o, L, &u);
	if (o->kind == OB_HOST && u.len) {
		sbuf_reset(&v);
		sbuf_add(&v, say_text(L, M_RB_V_HOST_USER));
	}
	cells[0] = o->name[L];
	cells[1] = rows.len ? sbuf_str(&rows) : "—";
	cells[2] = c.len ? sbuf_str(&c) : "—";
	cells[3] = t.len ? sbuf_str(&t) : "—";
	cells[4] = sbuf_str(&v);
	cells[5] = u.len ? sbuf_str(&u) : "—";
	table_row(b, cells, ncols);
	sbuf_release(&rows);
	sbuf_release(&c);
	sbuf_release(&t);
	sbuf_release(&v);
	sbuf_release(&u);
}

static void objectives_ladder(const struct model *m, const struct ladder *l,
			      enum lang L, struct sbuf *b)
{
	static const bool right[6] = { false };
	const char *head[6] = {
		say_text(L, M_RB_COL_OBJ), say_text(L, M_RB_COL_ROWS),
		say_text(L, M_RB_COL_CTR), say_text(L, M_RB_COL_TIME),
		say_text(L, M_RB_COL_VERDICT), say_text(L, M_RB_COL_USER),
	};
	size_t ncols = m->nuser ? 6 : 5, rows = 0;

	for (size_t k = 0; k < ARRAY_SIZE(objectives); k++)
		rows += str_eq(objectives[k].family, l->family);
	if (!rows)
		return;
	table_row(b, head, ncols);
	table_rule(b, right, ncols);
	for (size_t k = 0; k < ARRAY_SIZE(objectives); k++)
		if (str_eq(objectives[k].family, l->family))
			objective_row(m, l, &objectives[k], L, b, ncols);
	sbuf_addc(b, '\n');
}

/* ---- expected against observed, rung by rung -------------------------- */

/* The rung a step is judged against: its previous rung, or, after a
 * teaching rung, the last rung before the teaching ones (a teaching rung
 * is on the ladder to show a mistake; leaving it gains nothing real). */
static const struct item *step_base(const struct item *const *rungs,
				    size_t k)
{
	while (k > 0 && is_teaching(rungs[k - 1]))
		k--;
	return k > 0 ? rungs[k - 1] : NULL;
}

/* "2 of 2 met", "1 of 2 met (not met: col)", or why there is none. */
static void rubric_checks(struct sbuf *b, enum lang L, const struct model *m,
			  const struct item *it)
{
	size_t row = (size_t)(it->row - m->r->rows), n = 0, met = 0;
	struct sbuf failed = SBUF_INIT;
	char nn[16], mm[16];

	for (size_t k = 0; k < m->nsigs; k++) {
		const struct sig_check *c = &m->sigs[k];

		if (c->row != row || c->verdict == SIG_MISSING)
			continue;
		n++;
		if (c->verdict == SIG_PASS) {
			met++;
		} else {
			if (failed.len)
				sbuf_add(&failed, ", ");
			md_text(&failed, c->x->column);
		}
	}
	snprintf(nn, sizeof(nn), "%zu", n);
	snprintf(mm, sizeof(mm), "%zu", met);
	if (n && failed.len)
		SAY(b, L, M_RB_SIG_SOME, mm, nn, sbuf_str(&failed));
	else if (n)
		SAY(b, L, M_RB_SIG_ALL, mm, nn);
	else
		sbuf_add(b, say_text(L, M_RB_SIG_NONE));
	sbuf_release(&failed);
}

/* The observed step of `it` against `base` in the body's words, with
 * its interval where it is resolved (ratio_words): "1.40× faster
 * (1.40–1.41)", "1.00×, within noise". */
static void observed(struct sbuf *b, enum lang L, const struct item *base,
		     const struct item *it, enum stats_verdict *v)
{
	double x, lo, hi;

	*v = step_judge(base, it, &x, &lo, &hi);
	ratio_words(b, L, x, lo, hi, *v, false);
}

/* Whether a teaching rung showed its mistake: slower beyond the
 * threshold, or, for an unsafe rung, compute-sanitizer's record of this
 * run (its flag is not evidence). */
static enum msg teaching_verdict(const struct item *it, enum stats_verdict v)
{
	bool unsafe = it->v && (it->v->flags & VF_UNSAFE);

	if (v == SV_SLOWER)
		return M_RB_MET;
	if (!unsafe)
		return M_RB_NOT_MET;
	switch (sanitizer_evidence(it->row)) {
	case EV_FOUND: return M_RB_MET;
	case EV_CLEAN: return M_RB_NOT_MET;
	case EV_UNRUN: return M_RB_SAN_UNRUN;
	case EV_NONE: break;
	}
	return M_RB_SAN_NOT_RUN;
}

#define RUBRIC_COLS 7

static void rungs_ladder(const struct model *m, const struct ladder *l,
			 enum lang L, struct sbuf *b)
{
	static const bool right[RUBRIC_COLS] = { false, false, false, true,
						 false, false, false };
	const char *head[RUBRIC_COLS] = {
		say_text(L, M_COL_RUNG), say_text(L, M_COL_VARIANT),
		say_text(L, M_RB_COL_HYP), say_text(L, M_RB_COL_OBS),
		say_text(L, M_RB_COL_SPEED), say_text(L, M_RB_COL_SIG),
		say_text(L, M_RB_COL_LIMIT),
	};
	const struct item **rungs = xcalloc(l->nitems, sizeof(*rungs));
	size_t nrungs = ladder_rungs(l, rungs);

	table_row(b, head, RUBRIC_COLS);
	table_rule(b, right, RUBRIC_COLS);
	for (size_t k = 0; k < nrungs; k++) {
		const struct item *it = rungs[k];
		const struct item *base = is_teaching(it) ?
			(k ? rungs[k - 1] : NULL) : step_base(rungs, k);
		struct sbuf hyp = SBUF_INIT, obs = SBUF_INIT, spd = SBUF_INIT,
			    sig = SBUF_INIT, lim = SBUF_INIT;
		struct pool p = { .n = 0 };
		const char *cells[RUBRIC_COLS];

		if (!base) {
			sbuf_add(&hyp, say_text(L, M_RB_H_FIRST));
			sbuf_add(&obs, "—");
			sbuf_add(&spd, "—");
		} else {
			enum stats_verdict v;

			SAY(&hyp, L, is_teaching(it) ? M_RB_H_TEACH : M_RB_H_FASTER,
			    role_text(&p, L, base));
			observed(&obs, L, base, it, &v);
			if (is_teaching(it))
				sbuf_add(&spd, say_text(L, teaching_verdict(it, v)));
			else
				sbuf_add(&spd, say_text(L, v == SV_FASTER ?
					 M_RB_MET : v == SV_SAME ? M_RB_SAME :
					 v == SV_SLOWER ? M_RB_NOT_MET :
					 M_RB_UNKNOWN));
		}
		rubric_checks(&sig, L, m, it);
		rung_limit(&lim, L, m, l, it, false);
		cells[0] = role_text(&p, L, it);
		cells[1] = pool_md(&p, it->row->variant);
		cells[2] = sbuf_str(&hyp);
		cells[3] = sbuf_str(&obs);
		cells[4] = sbuf_str(&spd);
		cells[5] = sbuf_str(&sig);
		cells[6] = sbuf_str(&lim);
		table_row(b, cells, RUBRIC_COLS);
		sbuf_release(&hyp);
		sbuf_release(&obs);
		sbuf_release(&spd);
		sbuf_release(&sig);
		sbuf_release(&lim);
		pool_release(&p);
	}
	sbuf_addc(b, '\n');
	free(rungs);
}

/* The user's kernels of group g, one line per kernel and size. */
static void users_group(const struct model *m, const struct group *g,
			enum lang L, struct sbuf *b)
{
	bool any = false;

	for (size_t k = 0; m->nuser && k < g->nladders; k++) {
		const struct ladder *l = g->ladders[k];

		for (size_t i = 0; i < l->nitems; i++) {
			if (l->items[i]->role != ROLE_USER ||
			    item_submission(m, l->items[i]))
				continue;
			if (!any)
				sbuf_add(b, say_text(L, M_RB_USERS));
			any = true;
			sbuf_add(b, "\n- ");
			user_summary(b, L, m, l, l->items[i]);
		}
	}
	if (any)
		sbuf_add(b, "\n\n");
}

void blk_rubric(const struct model *m, enum lang L, struct sbuf *b)
{
	bool any = false;

	for (size_t i = 0; i < m->ngroups; i++) {
		const struct group *g = &m->groups[i];
		const struct ladder *l = g->top;

		/* the groups the body shows in full (the others' rungs are
		 * the details', rung by rung) */
		if (!l || ladder_ok_rungs(l) < 2 || !group_in_body(m, g))
			continue;
		if (!any)
			sbuf_add(b, say_text(L, M_RB_INTRO));
		sbuf_add(b, "\n\n");
		any = true;
		sbuf_add(b, "### ");
		ladder_heading(b, L, M_F_HEAD, l);
		sbuf_add(b, "\n\n");
		objectives_ladder(m, l, L, b);
		sbuf_addc(b, '\n');
		users_group(m, g, L, b);
	}
	block_trim(b);
}

void blk_rubric_rungs(const struct model *m, enum lang L, struct sbuf *b)
{
	bool any = false;

	for (size_t i = 0; i < m->ngroups; i++) {
		const struct ladder *l = m->groups[i].top;

		if (!l || ladder_ok_rungs(l) < 2)
			continue;
		if (!any)
			sbuf_add(b, say_text(L, M_RB_RUNGS));
		sbuf_add(b, "\n\n");
		any = true;
		sbuf_add(b, "### ");
		ladder_heading(b, L, M_F_HEAD, l);
		sbuf_add(b, "\n\n");
		rungs_ladder(m, l, L, b);
	}
	block_trim(b);
}
