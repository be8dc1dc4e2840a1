/* report_body.c - the report's body, the pages a student hands in: the
 * title, the abstract, the setup (a short environment table, the clocks
 * seen, the method in a paragraph), the summary of a comparison with a
 * baseline and the reproduction; the ladders are report_results.c's.
 * Everything else is the details page's (details.<lang>.md), which the
 * body links to.  See report_int.h.
 *
 * What a step's cause is, and which steps mattered, the body asks the
 * rules (report_rules.c: step_why, step_cause, step_why_counter;
 * report_change.c: steps_that_mattered, step_words), as the conclusion
 * and the ladder chart do, so that no two of them tell one step two ways:
 * a step is a rung against the rung before it, within noise when the
 * model's verdict says so (its run-to-run floor, report_model.c), and
 * then it is not explained. */
#include "report_int.h"
#include "report_code.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "ladder/ladder.h"
#include "report_html.h"
#include "results/results.h"
#include "base/util.h"

/* Steps the body names per ladder: in the abstract and with their code. */
#define KEY_STEPS 3
/* Families the abstract gives a sentence to (it has at most six). */
#define ABSTRACT_FAMILIES 2
/* A title clause wider than this (in columns: a CJK character is two) is
 * cut at its last ", " or "，" before it. */
#define TITLE_CLAUSE 80

/* ---- the title ---------------------------------------------------------- */

/* Cuts b at its last ", " or "，" before TITLE_CLAUSE columns when it is
 * wider: a CJK character is two columns, as wide as two letters read. */
static void cut_wide(struct sbuf *b)
{
	size_t cut = 0, w = 0;

	for (size_t i = 0; i < b->len; i++) {
		if (w < TITLE_CLAUSE &&
		    ((b->buf[i] == ',' && b->buf[i + 1] == ' ') ||
		     !strncmp(b->buf + i, "，", strlen("，"))))
			cut = i;
		if (((unsigned char)b->buf[i] & 0xc0) != 0x80)
			w += (unsigned char)b->buf[i] >= 0xe0 ? 2 : 1;
	}
	if (w > TITLE_CLAUSE && cut) {
		b->buf[cut] = '\0';
		b->len = cut;
	}
}

char *title_clause(const char *desc)
{
	struct sbuf b = SBUF_INIT;
	int depth = 0;

	for (const char *p = desc; *p; p++) {
		if (*p == '(' || !strncmp(p, "（", strlen("（"))) {
			depth++;
			while (b.len && b.buf[b.len - 1] == ' ')
				b.buf[--b.len] = '\0';
		} else if (*p == ')' || !strncmp(p, "）", strlen("）"))) {
			if (depth)
				depth--;
		} else if (depth) {
			continue;
		} else if (*p == ':' || *p == ';' || *p == '\n' ||
			   !strncmp(p, "：", strlen("：")) ||
			   !strncmp(p, "；", strlen("；")) ||
			   !strncmp(p, "。", strlen("。")) ||
			   (*p == '.' && (p[1] == ' ' || !p[1]))) {
			break;
		} else {
			sbuf_addc(&b, *p);
			continue;
		}
		/* skip the rest of a multibyte mark */
		while (((unsigned char)p[1] & 0xc0) == 0x80)
			p++;
	}
	cut_wide(&b);
	while (b.len && (b.buf[b.len - 1] == ' ' || b.buf[b.len - 1] == ','))
		b.buf[--b.len] = '\0';
	return sbuf_detach(&b);
}

/* The families in words, for the title. */
static const struct {
	const char *family;
	enum msg words;
} family_words[] = {
	{ "reduce", M_FAM_REDUCE },
	{ "transpose", M_FAM_TRANSPOSE },
};

/* "Reduction and transpose": the families of m's groups in words, the
 * first capitalized in English; a family not in family_words by its
 * name. */
static void families_in_words(struct sbuf *b, const struct model *m,
			      enum lang L)
{
	const char **fam = NULL;
	size_t n = 0, at = b->len;

	for (size_t i = 0; i < m->ngroups; i++)
		names_add(&fam, &n, m->groups[i].family);
	for (size_t i = 0; i < n; i++) {
		const char *w = NULL;

		for (size_t k = 0; k < ARRAY_SIZE(family_words); k++)
			if (str_eq(family_words[k].family, fam[i]))
				w = say_text(L, family_words[k].words);
		if (i)
			sbuf_add(b, say_text(L, i + 1 < n ? M_COMMA_SEP :
					     M_TITLE_AND));
		if (w)
			sbuf_add(b, w);
		else
			md_text(b, fam[i]);
	}
	if (L != ZH && b->len > at && b->buf[at] >= 'a' && b->buf[at] <= 'z')
		b->buf[at] = (char)(b->buf[at] - 'a' + 'A');
	free(fam);
}

/* The title: what the experiments' descriptions say they measure (in
 * the report's language where they have it), their first clauses joined;
 * of several, after the families measured and the GPU, as a title reads
 * ("Reduction and transpose on NVIDIA H100: sum of n floats; ...");
 * without descriptions, the families measured. */
void blk_title(const struct model *m, enum lang L, struct sbuf *b)
{
	const struct results *r = m->r;
	struct sbuf t = SBUF_INIT;
	bool first_en = false;  /* the first clause is the English one */
	size_t clauses = 0;

	for (size_t i = 0; i < r->nexperiments; i++) {
		const struct experiment_meta *e = &r->experiments[i];
		bool zh = L == ZH && e->description_zh && *e->description_zh;
		const char *d = zh ? e->description_zh : e->description;
		char *c = d ? title_clause(d) : xstrdup("");

		if (*c) {
			if (t.len)
				sbuf_add(&t, say_text(L, M_SEMI_SEP));
			else
				first_en = !zh;
			/* an English clause after the first starts in lower
			 * case, unless it opens with an acronym ("CUB ...");
			 * a Chinese one keeps its case ("n 个 float 求和") */
			if (t.len && !zh && c[0] >= 'A' && c[0] <= 'Z' &&
			    !(c[1] >= 'A' && c[1] <= 'Z'))
				c[0] = (char)(c[0] - 'A' + 'a');
			sbuf_add(&t, c);
			clauses++;
		}
		free(c);
	}
	if (clauses > 1 && m->ngroups) {
		struct sbuf fam = SBUF_INIT, clause = SBUF_INIT;
		const char *gpu = !m->by_gpu && r->has_env ? r->env.gpu_name :
				  NULL;
		char *g = gpu ? md_dup(gpu) : NULL;

		/* after a colon, the first clause is no sentence's start */
		if (first_en && t.buf[0] >= 'A' && t.buf[0] <= 'Z' &&
		    !(t.buf[1] >= 'A' && t.buf[1] <= 'Z'))
			t.buf[0] = (char)(t.buf[0] - 'A' + 'a');
		families_in_words(&fam, m, L);
		md_text(&clause, sbuf_str(&t));
		SAY(b, L, g ? M_TITLE_SEVERAL_GPU : M_TITLE_SEVERAL,
		    sbuf_str(&fam), g ? g : "", sbuf_str(&clause));
		free(g);
		sbuf_release(&fam);
		sbuf_release(&clause);
	} else if (t.len) {
		if (first_en && t.buf[0] >= 'a' && t.buf[0] <= 'z')
			t.buf[0] = (char)(t.buf[0] - 'a' + 'A');
		md_text(b, sbuf_str(&t));
	} else {
		const char **fam = NULL;
		size_t n = 0;

		for (size_t i = 0; i < m->ngroups; i++)
			names_add(&fam, &n, m->groups[i].family);
		for (size_t i = 0; i < n; i++) {
			if (i)
				sbuf_add(&t, say_text(L, M_COMMA_SEP));
			md_text(&t, fam[i]);
		}
		free(fam);
		SAY(b, L, M_TITLE_FAMILIES, n ? sbuf_str(&t) :
		    say_text(L, M_UNKNOWN));
	}
	sbuf_release(&t);
}

/* ---- the abstract --------------------------------------------------------- */

/* Between two sentences: a space in English, nothing in Chinese. */
static void sentence_gap(struct sbuf *b, enum lang L)
{
	if (L != ZH)
		sbuf_addc(b, ' ');
}

/* "reduce (int, float, double), transpose (float)": the families and
 * their types, as the groups have them. */
static void measured_what(const struct model *m, enum lang L,
			  struct sbuf *b)
{
	const char **fam = NULL;
	size_t n = 0;

	for (size_t i = 0; i < m->ngroups; i++)
		names_add(&fam, &n, m->groups[i].family);
	for (size_t f = 0; f < n; f++) {
		const char **types = NULL;
		size_t nt = 0;
		struct sbuf t = SBUF_INIT;
		struct pool p = { .n = 0 };

		for (size_t i = 0; i < m->ngroups; i++)
			if (str_eq(m->groups[i].family, fam[f]))
				names_add(&types, &nt, m->groups[i].dtype);
		for (size_t k = 0; k < nt; k++) {
			if (k)
				sbuf_add(&t, say_text(L, M_COMMA_SEP));
			md_text(&t, types[k]);
		}
		if (f)
			sbuf_add(b, say_text(L, M_SEMI_SEP));
		SAY(b, L, M_BA_FAMILY, pool_md(&p, fam[f]), sbuf_str(&t));
		pool_release(&p);
		sbuf_release(&t);
		free(types);
	}
	free(fam);
}

/* The group of family `family` the abstract speaks for: the body's lead
 * group of that family (on the first GPU that has it). */
static const struct group *family_group(const struct model *m,
					const char *family)
{
	for (size_t i = 0; i < m->ngroups; i++)
		if (str_eq(m->groups[i].family, family))
			return family_lead(m, &m->groups[i]);
	return NULL;
}

/* A cause as step_cause() gives it, "bytes in flight per load:
 * gld_sectors_per_request 4.00 → 16.0", cut to its words before the
 * counter ("：" in Chinese). */
static void cause_words(struct sbuf *b)
{
	const char *s = sbuf_str(b);
	const char *en = strstr(s, ": "), *zh = strstr(s, "：");
	const char *cut = en && (!zh || en < zh) ? en : zh;

	if (cut) {
		b->len = (size_t)(cut - s);
		b->buf[b->len] = '\0';
	}
}

/* One sentence per family (at most ABSTRACT_FAMILIES): the steps that
 * mattered most at its group's largest size.  Returns how many. */
static int abstract_steps(const struct model *m, enum lang L, struct sbuf *b)
{
	const char **fam = NULL;
	size_t n = 0;
	int said = 0;

	for (size_t i = 0; i < m->ngroups; i++)
		names_add(&fam, &n, m->groups[i].family);
	for (size_t f = 0; f < n && said < ABSTRACT_FAMILIES; f++) {
		const struct group *g = family_group(m, fam[f]);
		const struct item *from[KEY_STEPS], *keys[KEY_STEPS];
		struct sbuf lad = SBUF_INIT, list = SBUF_INIT;
		size_t k = g && g->top ? steps_that_mattered(g->top, from, keys,
							     NULL, KEY_STEPS) :
					 0;

		for (size_t i = 0; i < k; i++) {
			struct sbuf x = SBUF_INIT, why = SBUF_INIT,
				    w = SBUF_INIT;
			struct pool p = { .n = 0 };

			/* the step against the rung before it, in the
			 * table's words */
			step_words(&x, L, keys[i], false);
			/* the abstract names the cause in words ("bytes
			 * in flight per load"), the conclusion with the
			 * counter that shows it, the "why" list the whole */
			step_cause(&why, L, m, g->top, from[i], keys[i]);
			cause_words(&why);
			if (why.len)
				SAY(&w, L, M_BA_STEP_WHY, sbuf_str(&why));
			if (i)
				sbuf_add(&list, say_text(L, M_SEMI_SEP));
			/* the variant by its name, as the conclusion names
			 * it: its title is the table's, just below */
			SAY(&list, L, M_BA_STEP, role_text(&p, L, keys[i]),
			    pool_md(&p, keys[i]->row->variant),
			    sbuf_str(&x), sbuf_str(&w));
			pool_release(&p);
			sbuf_release(&x);
			sbuf_release(&why);
			sbuf_release(&w);
		}
		if (k) {
			ladder_heading(&lad, L, M_F_HEAD, g->top);
			sentence_gap(b, L);
			SAY(b, L, M_BA_STEPS, sbuf_str(&lad), sbuf_str(&list));
			said++;
		}
		sbuf_release(&lad);
		sbuf_release(&list);
	}
	free(fam);
	return said;
}

/* "74.9–93.7 %" for the range [lo, hi] of percentages. */
static void pct_range(struct sbuf *b, double lo, double hi)
{
	if (PCT(lo)[0] && strcmp(PCT(lo), PCT(hi)) == 0)
		sbuf_addf(b, "%s %%", PCT(lo));
	else
		sbuf_addf(b, "%s–%s %%", PCT(lo), PCT(hi));
}

/* How close the fastest rungs come to the hardware: the range of their
 * share of the theoretical peak and of the measured ceiling. */
static bool abstract_hardware(const struct model *m, enum lang L,
			      struct sbuf *b)
{
	double plo = INFINITY, phi = -INFINITY, clo = INFINITY, chi = -INFINITY;
	struct sbuf peak = SBUF_INIT, ceil = SBUF_INIT;

	for (size_t i = 0; i < m->ngroups; i++) {
		const struct ladder *l = m->groups[i].top;
		const struct result_row *w = l && l->best ? l->best->row : NULL;

		/* the ladders the body shows in full: a reader finds the
		 * figure in their tables */
		if (!w || !(w->pct_peak > 0) ||
		    !group_in_body(m, &m->groups[i]))
			continue;
		plo = fmin(plo, w->pct_peak);
		phi = fmax(phi, w->pct_peak);
		if (l->ceiling && l->ceiling->row->gbps > 0) {
			double c = 100 * w->gbps / l->ceiling->row->gbps;

			clo = fmin(clo, c);
			chi = fmax(chi, c);
		}
	}
	if (!isfinite(plo))
		return false;
	pct_range(&peak, plo, phi);
	sentence_gap(b, L);
	if (isfinite(clo)) {
		pct_range(&ceil, clo, chi);
		SAY(b, L, M_BA_HW, sbuf_str(&peak), sbuf_str(&ceil));
	} else {
		SAY(b, L, M_BA_HW_PEAK, sbuf_str(&peak));
	}
	sbuf_release(&peak);
	sbuf_release(&ceil);
	return true;
}

/* The user's kernels: each at its largest verified size, against the
 * fastest rung there. */
static void abstract_user(const struct model *m, enum lang L, struct sbuf *b)
{
	struct sbuf list = SBUF_INIT;
	const char **seen = NULL;
	size_t nseen = 0;

	for (size_t i = m->nladders; i-- > 0;) {
		const struct ladder *l = &m->ladders[i];

		for (size_t k = 0; k < l->nitems; k++) {
			const struct item *it = l->items[k];
			struct pool p = { .n = 0 };
			struct sbuf where = SBUF_INIT, name = SBUF_INIT;
			size_t before = nseen;

			if (it->role != ROLE_USER || !it->ok ||
			    item_submission(m, it) || !(it->row->pct_peak > 0))
				continue;
			names_add(&seen, &nseen, it->row->variant);
			if (nseen == before)
				continue;   /* a larger size said it */
			ladder_heading(&where, L, M_F_HEAD, l);
			if (list.len)
				sbuf_add(&list, say_text(L, M_SEMI_SEP));
			md_code(&name, it->row->variant);
			SAY(&list, L, M_BA_USER_ITEM, sbuf_str(&name),
			    PCT(it->row->pct_peak), sbuf_str(&where),
			    l->best && l->best->row->pct_peak > 0 ?
			    PCT(l->best->row->pct_peak) : "—");
			pool_release(&p);
			sbuf_release(&where);
			sbuf_release(&name);
		}
	}
	if (list.len) {
		sentence_gap(b, L);
		SAY(b, L, M_BA_USER, sbuf_str(&list));
	}
	free(seen);
	sbuf_release(&list);
}

/* At most six sentences in plain words: what was measured and where,
 * the steps that mattered most and the counter that shows each, how
 * close the fastest rungs come to the hardware, the user's kernels; a
 * run not complete says so. */
void blk_abstract(const struct model *m, enum lang L, struct sbuf *b)
{
	const struct results *r = m->r;
	struct pool p = { .n = 0 };
	struct sbuf gpu = SBUF_INIT, what = SBUF_INIT, failed = SBUF_INIT,
		    cpu = SBUF_INIT, cpus = SBUF_INIT;
	char nrows[32], nvar[32], nfail[32];

	snprintf(nrows, sizeof(nrows), "%zu", m->nitems);
	snprintf(nvar, sizeof(nvar), "%zu", m->nvariants);
	blk_gpu(m, L, &gpu);
	measured_what(m, L, &what);
	if (m->nfailed) {
		snprintf(nfail, sizeof(nfail), "%zu", m->nfailed);
		SAY(&failed, L, M_BA_FAILED, nfail);
	}
	for (size_t i = 0; i < m->ncpu_variants; i++) {
		if (i)
			sbuf_add(&cpus, say_text(L, M_COMMA_SEP));
		md_text(&cpus, m->cpu_variants[i]);
	}
	if (m->ncpu_variants)
		SAY(&cpu, L, m->ncpu_variants > 1 ? M_BA_CPUS : M_BA_CPU1,
		    sbuf_str(&cpus));
	SAY(b, L, cpu.len ? M_BA_MEASURED_CPU : M_BA_MEASURED, sbuf_str(&gpu),
	    pool_md(&p, r->culab_version ? r->culab_version : "?"), nvar,
	    sbuf_str(&what), nrows, sbuf_str(&failed), sbuf_str(&cpu));
	sbuf_release(&cpus);
	sbuf_release(&cpu);
	pool_release(&p);
	if (!abstract_steps(m, L, b)) {
		sentence_gap(b, L);
		sbuf_add(b, say_text(L, M_ABS_NONE));
	}
	abstract_hardware(m, L, b);
	abstract_user(m, L, b);
	if (r->status && strcmp(r->status, "complete") != 0) {
		sbuf_add(b, "\n\n");
		SAY(b, L, M_ABS_STATUS, pool_md(&p, run_status_text(r->status,
								      L)));
		pool_release(&p);
	}
	sbuf_release(&gpu);
	sbuf_release(&what);
	sbuf_release(&failed);
	block_trim(b);
}

/* ---- the setup ------------------------------------------------------------- */

static void setup_row(struct sbuf *b, enum lang L, enum msg what,
		      const char *value)
{
	const char *cells[2] = { say_text(L, what), value };

	table_row(b, cells, 2);
}

/* Every experiment's warm-up and repeats the same: *warm and *reps
 * (auto: its most), and whether all flushed L2. */
static bool same_method(const struct results *r, int *warm, int *reps,
			bool *flush)
{
	*flush = r->nexperiments > 0;
	for (size_t i = 0; i < r->nexperiments; i++) {
		const struct experiment_meta *e = &r->experiments[i];

		*flush &= e->l2_flush;
		if (e->repeats_auto.on || (i && (e->warmup != *warm ||
						 e->repeats != *reps)))
			return false;
		*warm = e->warmup;
		*reps = e->repeats;
	}
	return r->nexperiments > 0;
}

/* The recordings the floors of kinds[] were measured in, once each, in a
 * few words: "reports/compare/h100-noise, h100-twice, h100-noise-c" (the
 * floor table's sources without their dates, a folder said once). */
static void floor_recordings(struct sbuf *b, enum lang L,
			     const struct compare_kind_floors *kinds)
{
	const char **seen = NULL, *dir = NULL;
	size_t n = 0, dirlen = 0;

	for (int k = 0; k < CK__COUNT; k++)
		for (size_t j = 0; j < kinds[k].nentries; j++) {
			const char *src = S(kinds[k].entries[j]->source);
			size_t len = strcspn(src, ","), before = n;
			char *path = xasprintf("%.*s", (int)len, src);
			const char *slash = strrchr(path, '/');

			names_add(&seen, &n, path);
			if (n == before) {
				free(path);
				continue;
			}
			if (before)
				sbuf_add(b, say_text(L, M_COMMA_SEP));
			if (dir && slash && (size_t)(slash + 1 - path) == dirlen &&
			    !strncmp(path, dir, dirlen)) {
				md_text(b, slash + 1);
			} else {
				md_text(b, path);
				dir = path;
				dirlen = slash ? (size_t)(slash + 1 - path) : 0;
			}
		}
	for (size_t i = 0; i < n; i++)
		free((char *)seen[i]);
	free(seen);
}

/* The run-to-run floors the model held the body's steps to (those of
 * each group's largest size: report_model.c), per kind of row, with the
 * GPU models and the recordings they come from, into v: "GPU ±0.45 % –
 * ±2.9 %; host step ±3.3 % – ±18 %, measured on NVIDIA H100 80GB HBM3
 * (reports/compare/h100-noise, h100-twice, h100-noise-c)", or the
 * fallback a GPU without floors of its own took.  False, and nothing,
 * when no step has a floor. */
static bool setup_floors(const struct model *m, enum lang L, struct sbuf *v)
{
	struct compare_kind_floors kinds[CK__COUNT];
	struct sbuf f = SBUF_INIT, rec = SBUF_INIT;
	bool any = false;

	memset(kinds, 0, sizeof(kinds));
	for (size_t k = 0; k < m->ngroups; k++)
		for (size_t i = 0; m->groups[k].top &&
				   i < m->groups[k].top->nitems; i++) {
			const struct item *it = m->groups[k].top->items[i];
			const struct compare_floor *e = it->step_floor.entry;

			if (it->role != ROLE_RUNG || !it->ok || !it->prev || !e)
				continue;
			compare_kind_floors_add(&kinds[e->kind],
						&it->step_floor, it->gpu);
			any = true;
		}
	if (any) {
		kind_floors_text(&f, L, kinds, true);
		floor_recordings(&rec, L, kinds);
		SAY(v, L, M_ENV_FLOORS_VALUE, sbuf_str(&f), sbuf_str(&rec));
	}
	sbuf_release(&f);
	sbuf_release(&rec);
	return any;
}

/* The GPU and what a course uses of it, the clocks seen while timing,
 * the versions; then how it was measured, in a paragraph that links the
 * details' method, with the run-to-run floors the steps are held to. */
void blk_setup(const struct model *m, enum lang L, struct sbuf *b)
{
	static const bool right[2] = { false, false };
	const struct environment *e = &m->r->env;
	const char *unknown = say_text(L, M_UNKNOWN);
	const char *head[2] = { say_text(L, M_ENV_ITEM),
				say_text(L, M_ENV_VALUE) };
	struct pool p = { .n = 0 };
	struct sbuf v = SBUF_INIT;
	char buf[128], cc[16], w[16], n[16];
	int warm = 0, reps = 0;
	bool flush, floors = false;

	if (m->r->has_env) {
		table_row(b, head, 2);
		table_rule(b, right, 2);
		snprintf(cc, sizeof(cc), "%d.%d", e->cc_major, e->cc_minor);
		SAY(&v, L, M_ENV_GPU_CC, e->gpu_name ?
		    pool_md(&p, e->gpu_name) : unknown, cc);
		setup_row(b, L, M_ENV_GPU, sbuf_str(&v));
		snprintf(buf, sizeof(buf), "%d", e->sm_count);
		setup_row(b, L, M_ENV_SMS, e->sm_count > 0 ? buf : unknown);
		snprintf(buf, sizeof(buf), "%.1f MiB",
			 (double)e->l2_bytes / 1048576.0);
		setup_row(b, L, M_ENV_L2, e->l2_bytes ? buf : unknown);
		sbuf_reset(&v);
		snprintf(buf, sizeof(buf), "%zu", e->smem_per_sm_bytes >> 10);
		SAY(&v, L, M_ENV_KIB, buf);
		setup_row(b, L, M_ENV_SMEM, e->smem_per_sm_bytes ?
			  sbuf_str(&v) : unknown);
		snprintf(buf, sizeof(buf), "%s GB/s", FMT(e->peak_gbps, 5));
		setup_row(b, L, M_ENV_PEAK, e->peak_gbps > 0 ? buf : unknown);
		if (m->r->clocks_locked) {
			/* a teacher reading the times needs to know */
			sbuf_reset(&v);
			SAY(&v, L, M_ENV_LOCKED, pool_md(&p, m->r->clocks_locked));
			setup_row(b, L, M_ENV_LOCKED_HEAD, sbuf_str(&v));
		}
		sbuf_reset(&v);
		clocks_summary(m, L, &v);
		setup_row(b, L, M_ENV_CLOCKS, sbuf_str(&v));
		sbuf_reset(&v);
		/* the floors the steps are held to, with figures */
		if (setup_floors(m, L, &v)) {
			setup_row(b, L, M_ENV_FLOORS, sbuf_str(&v));
			floors = true;
		}
		sbuf_reset(&v);
		cuda_versions(&v, L, e);
		/* without the driver's own version, the row says what its
		 * first figure is: the CUDA version the driver supports */
		setup_row(b, L, v.len && !(e->nvidia_driver &&
					   *e->nvidia_driver) ?
			  M_ENV_VERSIONS_CUDA : M_ENV_VERSIONS,
			  v.len ? sbuf_str(&v) : unknown);
		sbuf_reset(&v);
		md_text(&v, m->r->culab_version ? m->r->culab_version : "?");
		sbuf_add(&v, " (");
		if (m->r->culab_commit)
			commit_words(&v, L, m->r->culab_commit);
		else
			sbuf_add(&v, "?");
		sbuf_add(&v, ")");
		setup_row(b, L, M_ENV_CULAB, sbuf_str(&v));
		sbuf_add(b, "\n");
	} else {
		sbuf_add(b, say_text(L, M_ENV_NONE));
		sbuf_add(b, "\n\n");
	}
	pool_release(&p);
	if (same_method(m->r, &warm, &reps, &flush)) {
		snprintf(w, sizeof(w), "%d", warm);
		snprintf(n, sizeof(n), "%d", reps);
		SAY(b, L, M_SETUP_METHOD, w, n);
	} else {
		sbuf_add(b, say_text(L, M_SETUP_METHOD_VARIES));
	}
	if (floors) {
		char t[16];

		snprintf(t, sizeof(t), "%g", SPEEDUP_SAME_PCT);
		SAY(b, L, M_SETUP_FLOORS, t);
	}
	if (flush)
		sbuf_add(b, say_text(L, M_SETUP_FLUSH));
	if (m->ncols)
		sbuf_add(b, say_text(L, M_SETUP_COUNTERS));
	/* the tables name warps: the word is defined before them */
	sentence_gap(b, L);
	sbuf_add(b, say_text(L, M_METH_WARP));
	sentence_gap(b, L);
	SAY(b, L, M_SETUP_MORE, details_file(L));
	sbuf_release(&v);
	block_trim(b);
}

/* ---- before and after ------------------------------------------------------ */

/* With --baseline, the body says what the comparison found in a few
 * lines and links the details, which hold its table of every pair, the
 * environment facts that differ and its chart: a comparison of a whole
 * run has a row per measurement (155 for the default experiment), more
 * than the body's pages hold, while the counts are what a reader of the
 * body needs. */
void blk_baseline_summary(const struct model *m, enum lang L,
			  struct sbuf *b)
{
	const struct compare *c = m->cmp;
	struct pool p = { .n = 0 };
	const char *base;
	char v[7][24];
	size_t nums[7];

	if (!c)
		return;
	nums[0] = c->npairs;
	nums[1] = c->counts[SV_FASTER];
	nums[2] = c->counts[SV_SLOWER];
	nums[3] = c->counts[SV_SAME];
	nums[4] = c->counts[SV_UNKNOWN];
	nums[5] = c->nonly_base;
	nums[6] = c->nonly_cur;
	for (int i = 0; i < 7; i++)
		snprintf(v[i], sizeof(v[i]), "%zu", nums[i]);
	/* a path of this machine as its file name */
	base = m->baseline_path ? m->baseline_path : say_text(L, M_B_BASE);
	if (base[0] == '/' && strrchr(base, '/')[1])
		base = strrchr(base, '/') + 1;
	SAY(b, L, M_BB_HEAD, pool_md(&p, base));
	sbuf_addc(b, ' ');
	SAY(b, L, M_B_COUNTS, v[0], v[1], v[2], v[3], v[4], v[5],
	    say_text(L, M_B_BASE), v[6], say_text(L, M_B_NEW));
	pool_release(&p);
	if (c->floor_mode != COMPARE_FLOOR_NONE) {
		struct sbuf f = SBUF_INIT;

		compare_floors_brief(&f, L, c);
		sbuf_addc(b, ' ');
		SAY(b, L, M_BB_FLOORS, sbuf_str(&f));
		sbuf_release(&f);
	}
	if (c->cross_gpu) {
		sbuf_add(b, "\n\n");
		sbuf_add(b, say_text(L, M_BB_CROSS));
	}
	sbuf_add(b, "\n\n");
	SAY(b, L, M_BB_MORE, details_file(L));
	block_trim(b);
}
