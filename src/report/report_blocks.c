/* report_blocks.c - the report's other blocks: the scalars (GPU, date,
 * versions, source, status), the environment with the clocks seen, the
 * method, the counter glossary, what each step does with its key lines,
 * the charts with their links, the failures, how to reproduce the run
 * (the body's pasteable commands) and where the results come from (the
 * details' provenance).  See report_int.h.
 *
 * Each block turns the model into Markdown in one language, with no
 * trailing newline, so that a template decides the spacing around it.
 * Its sentences come from the catalogue (report_msg.c); text from the
 * results file is escaped with md_text(), or set where Markdown does not
 * read it (the command's fenced code block).  The ladder tables, the
 * findings and Harris's reduction are blocks too, with files of their
 * own. */
#include "report_int.h"
#include "report_code.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"
#include "counters/counters.h"
#include "ladder/ladder.h"
#include "results/results.h"
#include "base/util.h"

/* ---- scalars ---------------------------------------------------------- */

void blk_gpu(const struct model *m, enum lang L, struct sbuf *b)
{
	if (m->r->has_env && m->r->env.gpu_name)
		md_text(b, m->r->env.gpu_name);
	else
		sbuf_add(b, say_text(L, M_UNKNOWN));
}

void blk_date(const struct model *m, enum lang L, struct sbuf *b)
{
	const char *d = m->r->finished ? m->r->finished : m->r->started;

	if (d)
		md_text(b, d);
	else
		sbuf_add(b, say_text(L, M_UNKNOWN));
}

static void scalar(struct sbuf *b, enum lang L, const char *s)
{
	if (s && *s)
		md_text(b, s);
	else
		sbuf_add(b, say_text(L, M_UNKNOWN));
}

void blk_version(const struct model *m, enum lang L, struct sbuf *b)
{
	scalar(b, L, m->r->culab_version);
}

#define DIRTY "-dirty"

bool commit_dirty(const char *commit)
{
	size_t n = commit ? strlen(commit) : 0;

	return n > strlen(DIRTY) && !strcmp(commit + n - strlen(DIRTY), DIRTY);
}

void commit_words(struct sbuf *b, enum lang L, const char *commit)
{
	struct sbuf c = SBUF_INIT;

	if (!commit_dirty(commit)) {
		scalar(b, L, commit);
		return;
	}
	sbuf_addf(&c, "%.*s", (int)(strlen(commit) - strlen(DIRTY)), commit);
	{
		char *md = md_dup(sbuf_str(&c));

		SAY(b, L, M_COMMIT_DIRTY, md);
		free(md);
	}
	sbuf_release(&c);
}

void blk_commit(const struct model *m, enum lang L, struct sbuf *b)
{
	commit_words(b, L, m->r->culab_commit);
}

static const char *reader_path(const char *path);

/* The experiment file as a reader has it: never a path of the machine
 * that recorded (reader_path). */
void blk_source(const struct model *m, enum lang L, struct sbuf *b)
{
	scalar(b, L, m->r->source_path ? reader_path(m->r->source_path) :
		     NULL);
}

void blk_sha256(const struct model *m, enum lang L, struct sbuf *b)
{
	scalar(b, L, m->r->source_sha256);
}

void blk_status(const struct model *m, enum lang L, struct sbuf *b)
{
	scalar(b, L, run_status_text(m->r->status, L));
}

/* ---- environment ------------------------------------------------------ */

static void env_row(struct sbuf *b, enum lang L, enum msg what,
		    const char *value)
{
	const char *cells[2] = { say_text(L, what), value };

	table_row(b, cells, 2);
}

static const char *cuda_version(char *buf, size_t size, int v)
{
	if (v <= 0)
		return NULL;
	snprintf(buf, size, "%d.%d (%d)", v / 1000, v % 1000 / 10, v);
	return buf;
}

void cuda_versions(struct sbuf *b, enum lang L, const struct environment *e)
{
	char d[48], r[48];

	if (!cuda_version(d, sizeof(d), e->driver_version) ||
	    !cuda_version(r, sizeof(r), e->runtime_version))
		return;
	/* "13.0 / 13.0": the numbers in parentheses are the details' */
	*strchr(d, ' ') = '\0';
	*strchr(r, ' ') = '\0';
	if (e->nvidia_driver && *e->nvidia_driver) {
		char *v = md_dup(e->nvidia_driver);

		SAY(b, L, M_ENV_DRIVER_CUDA, v, d);
		free(v);
	} else {
		sbuf_add(b, d);
	}
	sbuf_addf(b, " / %s", r);
}

/* v rounded, or "?" when NVML could not tell. */
static const char *mhz(char *buf, size_t size, double v)
{
	if (isfinite(v))
		snprintf(buf, size, "%.0f", v);
	else
		snprintf(buf, size, "?");
	return buf;
}

void clocks_summary(const struct model *m, enum lang L, struct sbuf *b)
{
	double slo = INFINITY, shi = -INFINITY, mlo = INFINITY, mhi = -INFINITY;
	size_t rows = 0, throttled = 0;
	uint64_t reasons = 0, counted = 0;
	size_t nr;
	const struct nvml_reason *t = nvml_reasons(&nr);
	char a[24], z[24], c[24], d[24], n[24], why[256];

	for (size_t i = 0; i < m->r->nrows; i++) {
		const struct clock_record *k = &m->r->rows[i].clocks;

		if (!k->known || k->readings <= 0)
			continue;
		rows++;
		slo = fmin(slo, k->sm_mhz_min);
		shi = fmax(shi, k->sm_mhz_max);
		mlo = fmin(mlo, k->mem_mhz_min);
		mhi = fmax(mhi, k->mem_mhz_max);
		throttled += k->throttled;
		reasons |= k->reasons;
	}
	if (!rows) {
		sbuf_add(b, say_text(L, M_ENV_CLK_NONE));
		return;
	}
	snprintf(n, sizeof(n), "%zu", rows);
	mhz(a, sizeof(a), slo);
	mhz(z, sizeof(z), shi);
	mhz(c, sizeof(c), mlo);
	mhz(d, sizeof(d), mhi);
	if (!throttled && !strcmp(a, z) && !strcmp(c, d))
		SAY(b, L, M_ENV_CLK_STEADY, a, c, n);
	else
		SAY(b, L, M_ENV_CLK_RANGE, a, z, c, d, n);
	if (throttled) {
		struct sbuf names = SBUF_INIT;

		for (size_t k = 0; k < nr; k++)
			counted |= t[k].throttles ? t[k].bit : 0;
		nvml_reason_names(reasons & counted, ", ", why, sizeof(why));
		md_code(&names, why);
		snprintf(n, sizeof(n), "%zu", throttled);
		SAY(b, L, M_ENV_CLK_THROTTLED, n, sbuf_str(&names));
		sbuf_release(&names);
	}
}

/* With rows from several devices: one line per device, and its rows. */
static void env_devices(const struct results *r, enum lang L, struct sbuf *b)
{
	static const bool right[7] = { true, false, false, true, true, true,
				       false };
	const char *head[7] = { "#", say_text(L, M_ENV_GPU),
				say_text(L, M_ENV_HOST),
				say_text(L, M_ENV_DEVICE),
				say_text(L, M_ENV_ROWS),
				say_text(L, M_ENV_PEAK),
				say_text(L, M_ENV_UUID) };
	char count[24];

	snprintf(count, sizeof(count), "%zu", r->ndevices);
	sbuf_add(b, "\n");
	SAY(b, L, M_ENV_DEVICES, count);
	sbuf_add(b, "\n\n");
	table_row(b, head, 7);
	table_rule(b, right, 7);
	for (size_t i = 0; i < r->ndevices; i++) {
		const struct environment *e = &r->devices[i];
		struct pool p = { .n = 0 };
		char idx[24], dev[16], rows[24], peak[48];
		const char *cells[7];
		size_t n = 0;

		for (size_t k = 0; k < r->nrows; k++)
			n += r->rows[k].device == (int)i;
		snprintf(idx, sizeof(idx), "%zu", i);
		snprintf(dev, sizeof(dev), "%d", e->cuda_device);
		snprintf(rows, sizeof(rows), "%zu", n);
		snprintf(peak, sizeof(peak), "%s GB/s", FMT(e->peak_gbps, 5));
		cells[0] = idx;
		cells[1] = pool_md(&p, e->gpu_name);
		cells[2] = pool_md(&p, e->hostname);
		cells[3] = e->cuda_device >= 0 ? dev : say_text(L, M_UNKNOWN);
		cells[4] = rows;
		cells[5] = e->peak_gbps > 0 ? peak : say_text(L, M_UNKNOWN);
		cells[6] = pool_md(&p, e->gpu_uuid);
		table_row(b, cells, 7);
		pool_release(&p);
	}
}

void blk_environment(const struct model *m, enum lang L, struct sbuf *b)
{
	static const bool right[2] = { false, false };
	const struct environment *e = &m->r->env;
	const char *unknown = say_text(L, M_UNKNOWN);
	const char *head[2] = { say_text(L, M_ENV_ITEM),
				say_text(L, M_ENV_VALUE) };
	struct pool p = { .n = 0 };
	char buf[128];

	if (!m->r->has_env) {
		sbuf_add(b, say_text(L, M_ENV_NONE));
		return;
	}
	table_row(b, head, 2);
	table_rule(b, right, 2);
	env_row(b, L, M_ENV_GPU, e->gpu_name ? pool_md(&p, e->gpu_name) :
		unknown);
	snprintf(buf, sizeof(buf), "%d.%d (sm_%d%d)", e->cc_major, e->cc_minor,
		 e->cc_major, e->cc_minor);
	env_row(b, L, M_ENV_CC, buf);
	snprintf(buf, sizeof(buf), "%d", e->sm_count);
	env_row(b, L, M_ENV_SMS, e->sm_count > 0 ? buf : unknown);
	snprintf(buf, sizeof(buf), "%d bit", e->mem_bus_width_bits);
	env_row(b, L, M_ENV_BUS, e->mem_bus_width_bits > 0 ? buf : unknown);
	snprintf(buf, sizeof(buf), "%.0f MHz", e->mem_clock_khz / 1000.0);
	env_row(b, L, M_ENV_MEMCLK, e->mem_clock_khz > 0 ? buf : unknown);
	if (e->peak_gbps > 0) {
		char *v = xasprintf("%s GB/s (%s)", FMT(e->peak_gbps, 5),
				    say_text(L, M_ENV_PEAK_HOW));

		env_row(b, L, M_ENV_PEAK, pool_keep(&p, v));
	} else {
		env_row(b, L, M_ENV_PEAK, unknown);
	}
	snprintf(buf, sizeof(buf), "%.0f MHz", e->sm_clock_khz / 1000.0);
	env_row(b, L, M_ENV_SMCLK, e->sm_clock_khz > 0 ? buf : unknown);
	if (m->r->clocks_locked) {
		struct sbuf v = SBUF_INIT;

		SAY(&v, L, M_ENV_LOCKED, pool_md(&p, m->r->clocks_locked));
		env_row(b, L, M_ENV_LOCKED_HEAD, sbuf_str(&v));
		sbuf_release(&v);
	}
	{
		struct sbuf v = SBUF_INIT;

		clocks_summary(m, L, &v);
		env_row(b, L, M_ENV_CLOCKS, sbuf_str(&v));
		sbuf_release(&v);
	}
	snprintf(buf, sizeof(buf), "%.1f MiB", (double)e->l2_bytes / 1048576.0);
	env_row(b, L, M_ENV_L2, e->l2_bytes ? buf : unknown);
	if (e->smem_per_sm_bytes) {
		struct sbuf v = SBUF_INIT;

		snprintf(buf, sizeof(buf), "%zu", e->smem_per_sm_bytes >> 10);
		SAY(&v, L, M_ENV_KIB, buf);
		env_row(b, L, M_ENV_SMEM, pool_keep(&p, sbuf_detach(&v)));
	} else {
		env_row(b, L, M_ENV_SMEM, unknown);
	}
	snprintf(buf, sizeof(buf), "%.1f GiB",
		 (double)e->global_mem_bytes / 1073741824.0);
	env_row(b, L, M_ENV_GMEM, e->global_mem_bytes ? buf : unknown);
	env_row(b, L, M_ENV_UUID, e->gpu_uuid ? pool_md(&p, e->gpu_uuid) :
		unknown);
	if (e->nvidia_driver && *e->nvidia_driver)
		env_row(b, L, M_ENV_NVIDIA_DRIVER,
			pool_md(&p, e->nvidia_driver));
	env_row(b, L, M_ENV_DRIVER, cuda_version(buf, sizeof(buf),
						 e->driver_version) ?
		pool_keep(&p, xstrdup(buf)) : unknown);
	env_row(b, L, M_ENV_RUNTIME, cuda_version(buf, sizeof(buf),
						  e->runtime_version) ?
		pool_keep(&p, xstrdup(buf)) : unknown);
	env_row(b, L, M_ENV_HOST, e->hostname ? pool_md(&p, e->hostname) :
		unknown);
	env_row(b, L, M_ENV_OS, e->os ? pool_md(&p, e->os) : unknown);
	pool_release(&p);
	{
		struct sbuf v = SBUF_INIT;

		md_text(&v, m->r->culab_version ? m->r->culab_version : "?");
		sbuf_add(&v, " (");
		if (m->r->culab_commit)
			commit_words(&v, L, m->r->culab_commit);
		else
			sbuf_add(&v, "?");
		sbuf_add(&v, ")");
		env_row(b, L, M_ENV_CULAB, sbuf_str(&v));
		sbuf_release(&v);
	}
	if (m->r->ndevices > 1)
		env_devices(m->r, L, b);
	block_trim(b);
}

/* ---- method ----------------------------------------------------------- */

/* The "Timed runs" cell: the count, or `repeats: auto` and its settings. */
static void repeats_cell(struct sbuf *b, enum lang L,
			 const struct experiment_meta *e)
{
	const struct repeat_auto *a = &e->repeats_auto;
	char prec[24], budget[24], most[24], least[24];

	if (!a->on) {
		sbuf_addf(b, "%d", e->repeats);
		return;
	}
	snprintf(prec, sizeof(prec), "%g", 100 * a->precision);
	snprintf(budget, sizeof(budget), "%g", a->budget_s);
	snprintf(most, sizeof(most), "%d", e->repeats);
	snprintf(least, sizeof(least), "%d", a->min);
	SAY(b, L, M_METH_AUTO, prec, budget, most, least);
}

/* The experiments as run, one table row each, then the descriptions of
 * those that have one.  Returns whether any flushed L2. */
static bool method_experiments(const struct results *r, enum lang L,
			       struct sbuf *b)
{
	static const bool right[7] = { false, false, true, true, false,
				       true, false };
	const char *head[7] = {
		say_text(L, M_METH_EXPERIMENT),
		say_text(L, M_METH_FAMILY),
		say_text(L, M_METH_WARMUP), say_text(L, M_METH_REPEATS),
		say_text(L, M_METH_L2), say_text(L, M_METH_SEED),
		say_text(L, M_METH_COUNTERS),
	};
	struct pool p = { .n = 0 };
	bool l2 = false;

	sbuf_add(b, say_text(L, M_METH_EXP_HEAD));
	sbuf_add(b, "\n\n");
	table_row(b, head, 7);
	table_rule(b, right, 7);
	for (size_t i = 0; i < r->nexperiments; i++) {
		const struct experiment_meta *e = &r->experiments[i];
		struct sbuf ctrs = SBUF_INIT;
		struct sbuf rep = SBUF_INIT;
		char warm[32], seed[32];
		const char *cells[7];

		for (size_t k = 0; k < e->ncounters; k++) {
			if (k)
				sbuf_add(&ctrs, ", ");
			md_text(&ctrs, e->counters[k]);
		}
		snprintf(warm, sizeof(warm), "%d", e->warmup);
		repeats_cell(&rep, L, e);
		snprintf(seed, sizeof(seed), "%llu",
			 (unsigned long long)e->seed);
		cells[0] = pool_md(&p, e->name);
		cells[1] = pool_md(&p, e->family);
		cells[2] = warm;
		cells[3] = sbuf_str(&rep);
		cells[4] = say_text(L, e->l2_flush ? M_YES : M_NO);
		cells[5] = seed;
		cells[6] = ctrs.len ? sbuf_str(&ctrs) : say_text(L, M_NONE);
		table_row(b, cells, 7);
		sbuf_release(&rep);
		sbuf_release(&ctrs);
		pool_release(&p);
		l2 |= e->l2_flush;
	}
	sbuf_addc(b, '\n');
	for (size_t i = 0; i < r->nexperiments; i++) {
		const struct experiment_meta *e = &r->experiments[i];
		const char *desc = L == ZH && e->description_zh &&
				   *e->description_zh ? e->description_zh :
				   e->description;

		if (!desc || !*desc)
			continue;
		sbuf_add(b, "- ");
		SAY(b, L, M_METH_DESC, pool_md(&p, e->name), pool_md(&p, desc));
		sbuf_addc(b, '\n');
		pool_release(&p);
	}
	sbuf_addc(b, '\n');
	return l2;
}

/* How the run's float and double sums were checked: M_METH_CHECK_FLOAT,
 * M_METH_CHECK_OLD when every recorded tolerance is the rule of culab
 * before the order-based one (4 eps sqrt(n) sum|x|, inputs in [0, 1) so
 * sum|x| is about n/2), or M__COUNT when there are none. */
static enum msg float_check_msg(const struct results *r)
{
	bool any = false, old = true;

	for (size_t i = 0; i < r->nrows; i++) {
		const struct result_row *w = &r->rows[i];
		double eps, n = (double)w->n, want;

		if (!str_eq(w->family, "reduce") || str_eq(w->dtype, "int") ||
		    w->tolerance <= 0)
			continue;
		eps = str_eq(w->dtype, "float") ? 0x1.0p-24 : 0x1.0p-53;
		want = 4 * eps * sqrt(n) * n / 2;
		any = true;
		old &= fabs(w->tolerance - want) <= 0.25 * want;
	}
	return !any ? M__COUNT : old ? M_METH_CHECK_OLD : M_METH_CHECK_FLOAT;
}

void blk_method(const struct model *m, enum lang L, struct sbuf *b)
{
	const struct results *r = m->r;
	bool l2 = false, events = false, host = false;
	char same_pct[16], resamples[16];

	sbuf_add(b, say_text(L, M_METH_TIMING));
	sbuf_add(b, "\n\n");
	sbuf_add(b, say_text(L, M_METH_WARP));
	sbuf_add(b, "\n\n");
	if (r->nexperiments)
		l2 = method_experiments(r, L, b);
	/* the table of timed regions is in the appendix */
	method_regions(m, L, NULL, &events, &host);
	if (events || host) {
		sbuf_add(b, say_text(L, M_METH_TIMERS));
		sbuf_add(b, "\n\n");
	}
	if (events) {
		sbuf_add(b, "- ");
		sbuf_add(b, say_text(L, M_METH_TIMER_EVENTS));
		sbuf_addc(b, '\n');
	}
	if (host) {
		sbuf_add(b, "- ");
		sbuf_add(b, say_text(L, M_METH_TIMER_HOST));
		sbuf_addc(b, '\n');
	}
	if (events || host)
		sbuf_addc(b, '\n');
	if (l2) {
		sbuf_add(b, say_text(L, M_METH_L2_TEXT));
		sbuf_add(b, "\n\n");
	}
	sbuf_add(b, say_text(L, M_METH_CHECK));
	sbuf_add(b, "\n\n");
	if (float_check_msg(r) != M__COUNT) {
		sbuf_add(b, say_text(L, float_check_msg(r)));
		sbuf_add(b, "\n\n");
	}
	if (m->ncols) {
		sbuf_add(b, say_text(L, r->counters_method &&
				     !strncmp(r->counters_method, "instrumented",
					      12) ? M_METH_CTR_INSTR : M_METH_CTR));
		sbuf_add(b, "\n\n");
	}
	snprintf(same_pct, sizeof(same_pct), "%g", SPEEDUP_SAME_PCT);
	snprintf(resamples, sizeof(resamples), "%d", REPORT_BOOTSTRAP);
	SAY(b, L, M_METH_SPEEDUP, same_pct, resamples);
	block_trim(b);
}

/* ---- glossary --------------------------------------------------------- */

static bool model_has_col(const struct model *m, const char *name)
{
	for (size_t i = 0; i < m->ncols; i++)
		if (str_eq(m->cols[i], name))
			return true;
	return false;
}

void blk_glossary(const struct model *m, enum lang L, struct sbuf *b)
{
	size_t n;
	const struct metric_alias *a = metrics_aliases(&n);

	for (size_t i = 0; a && i < n; i++) {
		const char *explain = L == ZH ? a[i].explain_zh : a[i].explain_en;
		bool used = false, first = true;

		for (size_t c = 0; c < METRIC_MAX_COLS && a[i].cols[c].name; c++)
			used |= model_has_col(m, a[i].cols[c].name);
		if (!used)
			continue;
		sbuf_add(b, "- **");
		md_text(b, a[i].name);
		sbuf_add(b, "** — ");
		md_text(b, explain);
		block_trim(b);
		sbuf_add(b, say_text(L, M_GLOSS_COLS));
		for (size_t c = 0; c < METRIC_MAX_COLS && a[i].cols[c].name;
		     c++) {
			const struct metric_column_def *d = &a[i].cols[c];
			struct pool p = { .n = 0 };

			if (!model_has_col(m, d->name))
				continue;
			if (!first)
				sbuf_add(b, say_text(L, M_LIST_SEP));
			first = false;
			SAY(b, L, d->unit && *d->unit ? M_GLOSS_COL :
				  M_GLOSS_COL_NOUNIT, pool_md(&p, d->name),
			    pool_md(&p, d->unit),
			    pool_md(&p, L == ZH ? d->what_zh : d->what_en));
			if (d->reading_en)
				SAY(b, L, M_GLOSS_READ, pool_md(&p, L == ZH ?
					d->reading_zh : d->reading_en));
			pool_release(&p);
		}
		sbuf_addc(b, '\n');
	}
	for (size_t i = 0; i < m->ncols; i++) {
		if (column_def(m->cols[i], NULL))
			continue;
		sbuf_add(b, "- **");
		md_text(b, m->cols[i]);
		sbuf_add(b, "** — ");
		sbuf_add(b, say_text(L, M_GLOSS_RAW));
		sbuf_addc(b, '\n');
	}
	block_trim(b);
}

/* ---- what each step does ---------------------------------------------- */

static int step_cmp(const void *a, const void *b)
{
	const struct item *x = *(const struct item *const *)a;
	const struct item *y = *(const struct item *const *)b;
	int c = family_rank(x->row->family) - family_rank(y->row->family);

	if (c)
		return c;
	if ((c = strcmp(S(x->row->family), S(y->row->family))) != 0)
		return c;
	return item_cmp(a, b);
}

void blk_steps(const struct model *m, enum lang L, struct sbuf *b)
{
	const struct item **firsts = xcalloc(m->nitems + 1, sizeof(*firsts));
	size_t n = 0;
	struct pool p = { .n = 0 };

	for (size_t i = 0; i < m->nitems; i++) {
		bool seen = false;

		for (size_t j = 0; j < n && !seen; j++)
			seen = str_eq(firsts[j]->row->variant,
				      m->items[i].row->variant);
		if (!seen)
			firsts[n++] = &m->items[i];
	}
	qsort(firsts, n, sizeof(*firsts), step_cmp);
	for (size_t i = 0; i < n; i++) {
		const struct item *it = firsts[i];
		const struct variant *v = it->v;
		const char *title = item_title(it, L);

		if (!i || !str_eq(firsts[i - 1]->row->family, it->row->family)) {
			sbuf_add(b, "### ");
			md_text(b, it->row->family);
			sbuf_add(b, "\n\n");
		}
		SAY(b, L, M_STEP_HEAD, role_text(&p, L, it),
		    pool_md(&p, it->row->variant),
		    title ? pool_md(&p, title) : say_text(L, M_STEP_UNKNOWN));
		sbuf_add(b, "\n\n");
		if (v) {
			const char *about = about_text(v, L);
			char flags[256];

			if (about && *about) {
				md_text(b, about);
				sbuf_add(b, "\n\n");
			}
			if (v->signature) {
				SAY(b, L, M_STEP_SIGNATURE,
				    pool_md(&p, signature_text(v, L)));
				sbuf_addc(b, ' ');
			}
			if (v->timed_region) {
				SAY(b, L, M_STEP_REGION,
				    pool_md(&p, region_text(v, v->timed_region,
							    L)));
				sbuf_addc(b, ' ');
			}
			if (*variant_flags_text(v->flags, flags,
						sizeof(flags))) {
				SAY(b, L, M_STEP_FLAGS, pool_md(&p, flags));
				sbuf_addc(b, ' ');
			}
			if (v->flags & VF_UNSAFE) {
				sbuf_add(b, say_text(L, M_STEP_UNSAFE));
				sbuf_addc(b, ' ');
			}
			if (v->sanitizer) {
				SAY(b, L, M_STEP_SANITIZER,
				    pool_md(&p, sanitizer_text(v, L)));
				sbuf_addc(b, ' ');
			}
			if (v->seed) {
				SAY(b, L, M_STEP_SEED, pool_md(&p, v->seed));
				sbuf_addc(b, ' ');
			}
			if (v->source) {
				SAY(b, L, M_STEP_SOURCE, pool_md(&p, v->source));
				sbuf_addc(b, ' ');
			}
			if (has_key_lines(v)) {
				struct sbuf where = SBUF_INIT;

				block_trim(b);
				sbuf_add(b, "\n\n");
				key_lines_where(&where, v);
				SAY(b, L, M_STEP_CODE, sbuf_str(&where));
				sbuf_add(b, "\n\n");
				key_lines(b, v);
				sbuf_release(&where);
			}
		} else if (it->row->timed_region) {
			SAY(b, L, M_STEP_REGION,
			    pool_md(&p, it->row->timed_region));
		}
		block_trim(b);
		sbuf_add(b, "\n\n");
		pool_release(&p);
	}
	free(firsts);
	block_trim(b);
}

/* ---- charts ----------------------------------------------------------- */

void chart_md(struct sbuf *b, enum lang L, const struct group *g,
	      const char *name, const char *caption, bool files)
{
	struct sbuf svg = SBUF_INIT, dat = SBUF_INIT, gp = SBUF_INIT;

	/* chart names are [a-z0-9_.-] (plot.c): safe in link targets */
	sbuf_add(b, caption);
	sbuf_add(b, "\n\n![");
	md_text(b, g->family);
	sbuf_add(b, " / ");
	md_text(b, g->dtype);
	gpu_suffix(b, g->gpu);
	sbuf_add(b, ": ");
	md_text(b, name);
	sbuf_addf(b, "](charts/%s.png)\n\n", name);
	if (!files)
		return;
	sbuf_addf(&svg, "[%s.svg](charts/%s.svg)", name, name);
	sbuf_addf(&dat, "[%s.dat](charts/%s.dat)", name, name);
	sbuf_addf(&gp, "[%s.gp](charts/%s.gp)", name, name);
	SAY(b, L, M_CH_FILES, sbuf_str(&svg), sbuf_str(&dat), sbuf_str(&gp));
	sbuf_add(b, "\n\n");
	sbuf_release(&svg);
	sbuf_release(&dat);
	sbuf_release(&gp);
}

void blk_charts(const struct model *m, enum lang L, struct sbuf *b)
{
	static const enum msg captions[CH__COUNT] = {
		[CH_TIME] = M_CH_TIME, [CH_BW] = M_CH_BW,
		[CH_LADDER] = M_CH_LADDER, [CH_COUNTERS] = M_CH_COUNTERS,
		[CH_TRANSPOSE] = M_CH_TRANSPOSE,
	};
	struct pool p = { .n = 0 };
	struct sbuf ceil = SBUF_INIT;
	bool any = false;

	if (m->charts == CHARTS_OFF) {
		sbuf_add(b, say_text(L, M_CH_OFF));
		return;
	}
	if (m->charts == CHARTS_FAILED) {
		sbuf_add(b, say_text(L, M_CH_FAILED));
		return;
	}
	if (m->charts == CHARTS_PENDING) {
		sbuf_add(b, say_text(L, M_CH_PENDING));
		sbuf_add(b, "\n\n");
	}
	for (size_t i = 0; i < m->ngroups; i++) {
		const struct group *g = &m->groups[i];
		bool head = false;

		for (int k = 0; k < CH__COUNT; k++) {
			struct sbuf caption = SBUF_INIT;
			char *size;

			if (!g->chart[L][k])
				continue;
			if (!head) {
				sbuf_add(b, "### ");
				SAY(b, L, M_CH_HEAD, pool_md(&p, g->family),
				    pool_md(&p, g->dtype));
				gpu_suffix(b, g->gpu);
				sbuf_add(b, "\n\n");
				pool_release(&p);
				head = true;
			}
			size = g->top ? size_text(g->top->n, g->top->m,
						  g->top->matrix) : xstrdup("");
			sbuf_reset(&ceil);
			ladder_ceiling_words(&ceil, L, g->top);
			SAY(&caption, L, captions[k], pool_md(&p, size),
			    sbuf_str(&ceil));
			chart_md(b, L, g, g->chart[L][k], sbuf_str(&caption),
				 true);
			free(size);
			sbuf_release(&caption);
			pool_release(&p);
			any = true;
		}
	}
	sbuf_release(&ceil);
	if (any)
		sbuf_add(b, say_text(L, M_CH_RERUN));
	else
		sbuf_add(b, say_text(L, M_CH_NONE));
	block_trim(b);
}

/* ---- failures --------------------------------------------------------- */

void blk_failures(const struct model *m, enum lang L, struct sbuf *b)
{
	struct pool p = { .n = 0 };

	for (size_t i = 0; i < m->nitems; i++) {
		const struct item *it = &m->items[i];
		struct sbuf why = SBUF_INIT;
		char *size;

		if (it->ok)
			continue;
		status_text(&why, L, it);
		size = size_text(it->row->n, it->row->m,
				 row_is_matrix(it->row));
		SAY(b, L, M_FAIL_LINE, pool_md(&p, it->row->experiment),
		    pool_md(&p, it->row->family), pool_md(&p, it->row->dtype),
		    pool_md(&p, it->row->variant), size, sbuf_str(&why));
		sbuf_addc(b, '\n');
		sanitizer_items(b, L, m, it->row, it->v, "  ", true);
		free(size);
		sbuf_release(&why);
		pool_release(&p);
	}
	block_trim(b);
}

/* ---- reproduction ----------------------------------------------------- */

/* The words of a shell command line as culab records it (results_model.h:
 * words joined by spaces, quoted where needed): single and double quotes
 * and backslashes are undone.  Returns how many words were put in
 * words[max] (heap strings, the caller frees them). */
static size_t shell_words(const char *cmd, char **words, size_t max)
{
	size_t n = 0;
	const char *p = cmd;

	while (*p && n < max) {
		struct sbuf w = SBUF_INIT;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
			if (*p == '\'') {
				for (p++; *p && *p != '\''; p++)
					sbuf_addc(&w, *p);
				if (*p)
					p++;
			} else if (*p == '"') {
				for (p++; *p && *p != '"'; p++) {
					if (*p == '\\' && p[1])
						p++;
					sbuf_addc(&w, *p);
				}
				if (*p)
					p++;
			} else {
				if (*p == '\\' && p[1])
					p++;
				sbuf_addc(&w, *p++);
			}
		}
		words[n++] = sbuf_detach(&w);
	}
	return n;
}

/* Appends word w for a shell (quote_shell), control characters as '?'
 * (they would not survive a copy and paste). */
static void shell_word(struct sbuf *b, const char *w)
{
	char *c = xstrdup(w);

	for (char *p = c; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	quote_shell(b, c);
	free(c);
}

/* The options of `culab run` that change what is measured, kept in the
 * command a reader pastes; every other option (where the results went,
 * -q, --no-report, --note, --lang, the device index, --resume and the
 * internal worker options) belongs to the machine that recorded. */
static const struct {
	const char *name;       /* long form */
	char short_name;        /* or 0 */
	bool arg;               /* takes a value */
	bool keep;
} run_options[] = {
	{ "--no-counters", 0, false, true },
	{ "--profile-only", 0, false, true },
	{ "--variant", 0, true, true },
	{ "--lock-clocks", 0, true, true },
	{ "--shard", 0, true, true },
	{ "--output", 'o', true, false },
	{ "--device", 'd', true, false },
	{ "--devices", 0, true, false },
	{ "--note", 0, true, false },
	{ "--lang", 0, true, false },
	{ "--quiet", 'q', false, false },
	{ "--no-report", 0, false, false },
	{ "--resume", 0, false, false },
	{ "--resume-dir", 0, true, false },
	{ "--part", 0, true, false },
};

/* The experiment file as a reader has it: a relative path as recorded
 * (experiments/default.yaml); an absolute one from its "experiments/"
 * on, or else its base name. */
static const char *reader_path(const char *path)
{
	const char *at, *slash;

	if (path[0] != '/' && strncmp(path, "../", 3) != 0 &&
	    !strstr(path, "/../"))
		return path;
	at = strstr(path, "/experiments/");
	if (at)
		return at + 1;
	slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* `culab run ...` for a reader to paste: the options of the recorded
 * command line that change what is measured, and the experiment file's
 * source path as a reader has it (never the command line's own paths);
 * without a source path, the command line's file.  Returns a heap
 * string, or NULL when neither is known. */
static char *paste_command(const struct results *r)
{
	char *words[64];
	size_t n = 0, i = 0;
	struct sbuf b = SBUF_INIT;
	bool files = false;

	if (r->command && *r->command)
		n = shell_words(r->command, words, ARRAY_SIZE(words));
	/* argv[0] is that machine's culab; then "run" */
	if (n >= 2 && strcmp(words[1], "run") == 0) {
		sbuf_add(&b, "culab run");
		for (i = 2; i < n; i++) {
			const char *w = words[i];
			size_t k;

			if (w[0] != '-' || !w[1]) {
				/* the experiment file: its source path below */
				if (!r->source_path || !*r->source_path) {
					sbuf_addc(&b, ' ');
					shell_word(&b, reader_path(w));
					files = true;
				}
				continue;
			}
			for (k = 0; k < ARRAY_SIZE(run_options); k++) {
				size_t len = strlen(run_options[k].name);

				if (strcmp(w, run_options[k].name) == 0 ||
				    (run_options[k].short_name && w[1] ==
				     run_options[k].short_name && w[2] == '\0'))
					break;
				if (run_options[k].arg &&
				    strncmp(w, run_options[k].name, len) == 0 &&
				    w[len] == '=')
					break;
				if (run_options[k].arg &&
				    run_options[k].short_name && w[0] == '-' &&
				    w[1] == run_options[k].short_name) {
					break;   /* -oDIR */
				}
			}
			if (k == ARRAY_SIZE(run_options))
				continue;   /* not culab's: dropped */
			if (run_options[k].keep) {
				sbuf_addc(&b, ' ');
				shell_word(&b, w);
			}
			/* "--opt VALUE": the value goes with the option */
			if (run_options[k].arg && !strchr(w, '=') &&
			    (w[1] == '-' || w[2] == '\0') && i + 1 < n) {
				i++;
				if (run_options[k].keep) {
					sbuf_addc(&b, ' ');
					shell_word(&b, words[i]);
				}
			}
		}
	}
	for (i = 0; i < n; i++)
		free(words[i]);
	if (r->source_path && *r->source_path) {
		if (!b.len)
			sbuf_add(&b, "culab run");
		sbuf_addc(&b, ' ');
		shell_word(&b, reader_path(r->source_path));
		files = true;
	}
	if (!files) {
		sbuf_release(&b);
		return NULL;
	}
	return sbuf_detach(&b);
}

/* `culab run ...` for a reader to paste, the commands' text in fenced
 * blocks.  The experiment file is named by its source path as a reader
 * has it, never by a path of the machine that recorded. */
static void paste_blocks(const struct results *r, enum lang L,
			 struct sbuf *b)
{
	char *paste = paste_command(r);

	if (!paste) {
		sbuf_add(b, say_text(L, M_R_NO_COMMAND));
		sbuf_add(b, "\n\n");
		return;
	}
	md_fence(b, "sh", paste);
	sbuf_addc(b, '\n');
	sbuf_add(b, say_text(L, M_R_ALT));
	sbuf_add(b, "\n\n");
	md_fence(b, "sh", "culab rerun results.json");
	sbuf_addc(b, '\n');
	free(paste);
}

/* The body's reproduction: the commands a reader pastes, with the
 * version that measured, and where the details say how the results were
 * recorded. */
void blk_reproduction(const struct model *m, enum lang L, struct sbuf *b)
{
	const struct results *r = m->r;
	struct pool p = { .n = 0 };

	if (r->culab_version && r->culab_commit) {
		struct sbuf c = SBUF_INIT;

		commit_words(&c, L, r->culab_commit);
		SAY(b, L, M_BR_PASTE, pool_md(&p, r->culab_version),
		    sbuf_str(&c));
		sbuf_release(&c);
	}
	else
		sbuf_add(b, say_text(L, M_BR_PASTE_NOVERSION));
	pool_release(&p);
	sbuf_add(b, "\n\n");
	paste_blocks(r, L, b);
	SAY(b, L, M_BR_MORE, details_file(L));
	block_trim(b);
}

/* Whether word w of a recorded command is a path of the machine that
 * recorded: absolute, or in a temporary directory. */
static bool machine_path(const char *w)
{
	return w[0] == '/' || strstr(w, "/tmp/") || !strncmp(w, "tmp/", 4) ||
	       strstr(w, ".carry/") || !strncmp(w, "~/", 2);
}

/* The recorded command line with that machine's paths left out: its
 * culab as "culab", the output and resume directories as DIR, other
 * absolute paths as a reader has them (reader_path).  A heap string. */
static char *command_without_paths(const char *cmd)
{
	static const char *const dirs[] = { "-o", "--output", "--resume-dir" };
	char *words[64];
	size_t n = shell_words(cmd, words, ARRAY_SIZE(words));
	struct sbuf b = SBUF_INIT;
	bool dir = false;

	for (size_t i = 0; i < n; i++) {
		const char *w = words[i];
		bool is_dir = false;

		if (i)
			sbuf_addc(&b, ' ');
		if (i == 0) {
			sbuf_add(&b, "culab");
		} else if (dir) {
			sbuf_add(&b, "DIR");
		} else if (w[0] == '-' && strchr(w, '=') &&
			   machine_path(strchr(w, '=') + 1)) {
			/* "--opt=" quoted as any word: it is the file's */
			char *opt = xstrndup(w, (size_t)(strchr(w, '=') - w + 1));

			shell_word(&b, opt);
			sbuf_add(&b, "DIR");
			free(opt);
		} else {
			shell_word(&b, machine_path(w) ? reader_path(w) : w);
		}
		for (size_t k = 0; k < ARRAY_SIZE(dirs); k++)
			is_dir |= strcmp(w, dirs[k]) == 0;
		dir = is_dir;
		free(words[i]);
	}
	return sbuf_detach(&b);
}

/* The details' provenance: the versions and times, the experiment file
 * and its SHA-256, the commands to measure again (building culab at the
 * commit that measured), the recorded command line without that
 * machine's paths, the host and the run's note, and how to render the
 * report again. */
void blk_provenance(const struct model *m, enum lang L, struct sbuf *b)
{
	const struct results *r = m->r;
	struct pool p = { .n = 0 };
	const char *unknown = say_text(L, M_UNKNOWN);

	{
		struct sbuf c = SBUF_INIT;

		commit_words(&c, L, r->culab_commit);
		SAY(b, L, M_R_VERSION,
		    r->culab_version ? pool_md(&p, r->culab_version) : unknown,
		    sbuf_str(&c));
		sbuf_release(&c);
	}
	sbuf_addc(b, ' ');
	SAY(b, L, M_R_SOURCE,
	    r->source_path ? pool_md(&p, reader_path(r->source_path)) :
	    unknown,
	    r->source_sha256 ? pool_md(&p, r->source_sha256) : unknown);
	sbuf_addc(b, ' ');
	SAY(b, L, M_R_TIMES, r->started ? pool_md(&p, r->started) : unknown,
	    r->finished ? pool_md(&p, r->finished) : unknown);
	sbuf_add(b, "\n\n");
	pool_release(&p);
	if (commit_dirty(r->culab_commit)) {
		char *ref = xasprintf("%.*s", (int)(strlen(r->culab_commit) -
					      strlen(DIRTY)), r->culab_commit);

		/* the commit a checkout can name, and what it lacks */
		SAY(b, L, M_R_PASTE_DIRTY, pool_md(&p, ref));
		free(ref);
	} else if (r->culab_commit && *r->culab_commit)
		SAY(b, L, M_R_PASTE, pool_md(&p, r->culab_commit));
	else
		sbuf_add(b, say_text(L, M_R_PASTE_NOCOMMIT));
	pool_release(&p);
	sbuf_add(b, "\n\n");
	paste_blocks(r, L, b);
	if (r->command && *r->command) {
		char *cmd = command_without_paths(r->command);

		sbuf_add(b, say_text(L, M_DR_PROV));
		sbuf_add(b, "\n\n");
		md_fence(b, "sh", cmd);
		sbuf_addc(b, '\n');
		free(cmd);
	}
	if (r->has_env && r->env.hostname && *r->env.hostname) {
		SAY(b, L, M_DR_HOST, pool_md(&p, r->env.hostname));
		sbuf_addc(b, ' ');
	}
	if (r->note && *r->note)
		SAY(b, L, M_R_PROV_NOTE, pool_md(&p, r->note));
	pool_release(&p);
	block_trim(b);
	sbuf_add(b, "\n\n");
	sbuf_add(b, say_text(L, M_R_RERUN));
}
