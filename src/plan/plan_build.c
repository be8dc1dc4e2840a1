/* plan_build.c - the one expansion of an experiment file into measurements,
 * and its cut into shards.  See plan.h.
 *
 * Resume matching sorts the verified measurements done before by their key
 * (experiment, variant, type, shape, block) once and finds each
 * measurement's row by binary search, so resuming a file of 10^6 rows
 * costs n log n, not n^2.  A row is taken by at most one measurement. */
#include "plan.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "counters/counters.h"
#include "base/diag.h"
#include "ladder/ladder.h"
#include "base/util.h"

static const char *const state_names[PLAN__STATES] = {
	[PLAN_RUN] = "run",
	[PLAN_RESUMED] = "resumed",
	[PLAN_SKIPPED] = "skipped",
};

const char *plan_state_name(enum plan_state s)
{
	return (unsigned)s < PLAN__STATES ? state_names[s] : "?";
}

/* ---- --variant ------------------------------------------------------------ */

void plan_select_release(struct plan_selection *sel)
{
	if (!sel)
		return;
	for (size_t i = 0; i < sel->n; i++)
		free(sel->names[i]);
	free(sel->names);
	memset(sel, 0, sizeof(*sel));
}

/* "unknown variant", with the nearest name of the registry (the file's
 * own kernels included), into why. */
static void unknown_variant(const char *name, char *why, size_t whysize)
{
	size_t n, i;
	const struct variant *v = registry_all(&n);
	const char **names = xcalloc(n + 1, sizeof(*names));
	const char *near;

	for (i = 0; i < n; i++)
		names[i] = v[i].name;
	near = nearest_word(name, names, n);
	if (near)
		snprintf(why, whysize, "unknown variant \"%s\"; did you mean "
			 "\"%s\"? (see culab list kernels)", name, near);
	else
		snprintf(why, whysize, "unknown variant \"%s\" (see culab list "
			 "kernels)", name);
	free(names);
}

int plan_select_parse(const char *list, struct plan_selection *sel, char *why,
		      size_t whysize)
{
	char *copy = xstrdup(list), *name, *next;

	memset(sel, 0, sizeof(*sel));
	for (name = copy; name; name = next) {
		next = strchr(name, ',');
		if (next)
			*next++ = '\0';
		if (!*name && *list) {
			snprintf(why, whysize, "--variant \"%s\" has an empty "
				 "name (names are separated by single commas)",
				 list);
			goto fail;
		}
		if (!*name)
			break;
		if (!registry_find(name)) {
			unknown_variant(name, why, whysize);
			goto fail;
		}
		sel->names = xrealloc(sel->names, (sel->n + 1) *
				      sizeof(*sel->names));
		sel->names[sel->n++] = xstrdup(name);
	}
	if (!*list) {
		snprintf(why, whysize, "--variant needs a name");
		goto fail;
	}
	free(copy);
	return 0;
fail:
	free(copy);
	plan_select_release(sel);
	return -1;
}

static bool selected(const struct plan_selection *sel, const char *name)
{
	if (!sel)
		return true;
	for (size_t i = 0; i < sel->n; i++)
		if (strcmp(sel->names[i], name) == 0)
			return true;
	return false;
}

/* ---- resume ----------------------------------------------------------------- */

/* The key of a measurement or of a previous row. */
struct key {
	const char *experiment, *variant, *dtype;
	uint64_t n, m;
	int block;
};

static int key_cmp(const struct key *a, const struct key *b)
{
	int c;

	if ((c = strcmp(a->experiment, b->experiment)) ||
	    (c = strcmp(a->variant, b->variant)) ||
	    (c = strcmp(a->dtype, b->dtype)))
		return c;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	if (a->m != b->m)
		return a->m < b->m ? -1 : 1;
	return (a->block > b->block) - (a->block < b->block);
}

struct prev_index {
	const struct plan_done *done;
	size_t *ids;             /* verified ones, sorted by key */
	bool *taken;             /* by index into done */
	size_t n;
};

static struct key done_key(const struct plan_done *d)
{
	struct key k = { d->experiment, d->variant, d->dtype, d->n, d->m,
			 d->block };

	return k;
}

static const struct plan_done *sort_done;

static int prev_cmp(const void *a, const void *b)
{
	struct key x = done_key(&sort_done[*(const size_t *)a]);
	struct key y = done_key(&sort_done[*(const size_t *)b]);
	int c = key_cmp(&x, &y);

	if (c)
		return c;
	/* equal keys: the earlier one first, taken first */
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static void prev_index_build(struct prev_index *x, const struct plan_done *d,
			     size_t n)
{
	memset(x, 0, sizeof(*x));
	if (!d)
		return;
	x->done = d;
	x->ids = xcalloc(n ? n : 1, sizeof(*x->ids));
	x->taken = xcalloc(n ? n : 1, sizeof(*x->taken));
	/* Failed and skipped measurements are made again. */
	for (size_t i = 0; i < n; i++)
		if (d[i].ok && d[i].experiment && d[i].variant && d[i].dtype)
			x->ids[x->n++] = i;
	sort_done = d;
	qsort(x->ids, x->n, sizeof(*x->ids), prev_cmp);
	sort_done = NULL;
}

/* Takes the first untaken done measurement with key k: its `row`, or
 * SIZE_MAX when there is none. */
static size_t prev_take(struct prev_index *x, const struct key *k)
{
	size_t lo = 0, hi = x->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		struct key mk = done_key(&x->done[x->ids[mid]]);

		if (key_cmp(&mk, k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < x->n; lo++) {
		struct key lk = done_key(&x->done[x->ids[lo]]);

		if (key_cmp(&lk, k) != 0)
			break;
		if (!x->taken[x->ids[lo]]) {
			x->taken[x->ids[lo]] = true;
			return x->done[x->ids[lo]].row;
		}
	}
	return SIZE_MAX;
}

static void prev_index_release(struct prev_index *x)
{
	free(x->ids);
	free(x->taken);
}

/* ---- building ---------------------------------------------------------------- */

static void shape_text(const struct experiment *e, struct shape sh, char *buf,
		       size_t size)
{
	const struct family_def *fam = family_get(e->family);

	if (fam && fam->shapes)
		snprintf(buf, size, "%" PRIu64 "x%" PRIu64, sh.n, sh.m);
	else
		snprintf(buf, size, "%" PRIu64, sh.n);
}

/* Replay passes experiment e's counters need, computed offline for the
 * chip names are validated against; -1 when that cannot be done here. */
static int counter_passes(const struct experiment *e)
{
	struct counter_plan cp;
	char why[256];
	int passes;

	memset(&cp, 0, sizeof(cp));
	if (counter_plan_build(e->counters, e->ncounters, &cp) < 0)
		return -1;
	passes = counters_count_passes(METRICS_CHIP, (const char *const *)cp.raw,
				       cp.nraw, why, sizeof(why));
	counter_plan_release(&cp);
	return passes;
}

struct builder {
	const struct plan_options *o;
	struct plan *p;
	struct prev_index prev;
	int passes;              /* of the current experiment */
	bool lines;              /* the current stage's GPU measurements get
				    counters per source line */
};

/* Whether experiment j of f runs variant v (by family and name). */
static bool runs_variant(const struct experiment *e, const struct variant *v)
{
	for (size_t i = 0; i < e->nvariants; i++)
		if (e->variants[i] == v ||
		    (e->variants[i]->family == v->family &&
		     !strcmp(e->variants[i]->name, v->name)))
			return true;
	return false;
}

/* Size i of e, in elements. */
static double elements(const struct experiment *e, size_t i)
{
	return (double)e->sizes[i].n * (double)e->sizes[i].m;
}

/* The index of the size of e whose measurements get counters per source
 * line: the largest of at most PLAN_LINES_MAX_ELEMENTS elements (the
 * first on a tie), else the smallest.  The per-line picture is the same
 * there and the instrumented run costs a fraction of the largest's
 * (plan.h). */
static size_t lines_size(const struct experiment *e)
{
	size_t best = SIZE_MAX, small = 0;

	for (size_t i = 0; i < e->nsizes; i++) {
		if (elements(e, i) < elements(e, small))
			small = i;
		if (elements(e, i) <= (double)PLAN_LINES_MAX_ELEMENTS &&
		    (best == SIZE_MAX || elements(e, i) > elements(e, best)))
			best = i;
	}
	return best != SIZE_MAX ? best : small;
}

/* Whether `label` is one of list's, labels separated by commas (no label
 * has one: experiment names and kernel labels are letters, digits, ".",
 * "_", "-" and ":"). */
static bool label_listed(const char *list, const char *label)
{
	size_t n = strlen(label);

	for (const char *p = list;; p++) {
		if (!strncmp(p, label, n) && (p[n] == ',' || !p[n]))
			return true;
		if (!(p = strchr(p, ',')))
			return false;
	}
}

/* Whether stage (experiment ei, type t, at its lines size) is where
 * built-in variant v gets its counters per source line: the report's
 * details page shows each rung once, in its first float row with lines,
 * else its first row with lines, so every other row's would be measured
 * for nothing (default.yaml: 26 child processes instead of 60).  Taken
 * over the whole file whatever --shard keeps, so the shards of a run mark
 * what one run would; --only counts (a rung left out has no row).  A
 * user's kernel is marked at every type: its section shows each.  An
 * experiment's `lines: all` marks every one of its rows there, `none`
 * none (and its rows are no rung's pick). */
static bool lines_here(const struct builder *B, size_t ei, enum dtype t,
		       const struct variant *v)
{
	const struct experiment_file *f = B->p->f;
	size_t best = SIZE_MAX;
	enum dtype best_t = t;

	if (f->exps[ei].lines == EXP_LINES_NONE)
		return false;
	if ((v->flags & VF_USER) || B->o->measurement ||
	    f->exps[ei].lines == EXP_LINES_ALL)
		return true;
	for (size_t j = 0; j < f->nexps; j++) {
		const struct experiment *e = &f->exps[j];

		if (!e->ncounters || e->lines != EXP_LINES_SHOWN ||
		    !runs_variant(e, v) ||
		    !selected(B->o->only, v->name))
			continue;
		for (size_t ti = 0; ti < e->ndtypes; ti++) {
			if (!variant_supports(v, e->dtypes[ti]))
				continue;
			if (best == SIZE_MAX ||
			    (best_t != DTYPE_FLOAT && e->dtypes[ti] == DTYPE_FLOAT)) {
				best = j;
				best_t = e->dtypes[ti];
			}
		}
	}
	return best == ei && best_t == t;
}

static void measurement_init(struct builder *B, struct plan_stage *s,
			     struct plan_measurement *ms,
			     const struct variant *v, int block)
{
	const struct experiment *e = s->e;
	struct kernel_args a = { .dtype = s->t, .n = (size_t)s->sh.n,
				 .m = (size_t)s->sh.m, .block = block,
				 .sm_count = B->p->sm_count, .ctx = v->ctx };
	struct key k = { e->name, v->name, dtype_name(s->t), s->sh.n, s->sh.m,
			 block };

	ms->v = v;
	ms->block = block;
	if (e->nblocks && (v->flags & VF_BLOCK))
		ms->label = xasprintf("%s/%s/%s/%s/b%d", e->name, v->name,
				      dtype_name(s->t), s->size_text, block);
	else
		ms->label = xasprintf("%s/%s/%s/%s", e->name, v->name,
				      dtype_name(s->t), s->size_text);
	ms->work_bytes = v->work && !B->o->no_device ? v->work(&a) : 0;
	ms->host_bytes = v->host ? v->host(&a) : 0;
	ms->prev_row = B->prev.done ? prev_take(&B->prev, &k) : SIZE_MAX;
	ms->state = ms->prev_row != SIZE_MAX ? PLAN_RESUMED : PLAN_RUN;
	ms->lines = B->lines && !(v->flags & VF_CPU) &&
		    (block == experiment_block(e, v, 0) ||
		     (v->flags & VF_USER) || e->lines == EXP_LINES_ALL) &&
		    lines_here(B, s->experiment, s->t, v);
}

/* Runs of a measurement still to run: the check, then warm-up and
 * repeats unless profile-only, then one per counter pass.  `repeats:
 * auto` counts as its most runs (the plan says it is an upper bound). */
static uint64_t runs_of(const struct builder *B, const struct plan_stage *s,
			const struct plan_measurement *ms)
{
	uint64_t runs = 1;

	if (!B->o->profile_only)
		runs += (uint64_t)s->e->warmup + (uint64_t)s->e->repeats;
	if (s->passes > 0 && !(ms->v->flags & VF_CPU))
		runs += (uint64_t)s->passes;
	return runs;
}

static void stage_add(struct builder *B, struct plan_stage *s)
{
	const struct family_def *fam = family_get(s->e->family);
	size_t es = dtype_size(s->t);

	shape_text(s->e, s->sh, s->size_text, sizeof(s->size_text));
	s->in_bytes = (size_t)(s->sh.n * s->sh.m) * es;
	s->out_bytes = fam->out_bytes(s->t, s->sh.n, s->sh.m);
	s->passes = B->passes;
	for (size_t vi = 0; vi < s->e->nvariants; vi++) {
		const struct variant *v = s->e->variants[vi];

		if (!variant_supports(v, s->t))
			continue;
		for (size_t bi = 0; bi < experiment_blocks(s->e, v); bi++) {
			if (!selected(B->o->only, v->name)) {
				B->p->left_out++;
				continue;
			}
			s->ms = xrealloc(s->ms, (s->nms + 1) * sizeof(*s->ms));
			memset(&s->ms[s->nms], 0, sizeof(s->ms[0]));
			measurement_init(B, s, &s->ms[s->nms++], v,
					 experiment_block(s->e, v, bi));
			if (B->o->measurement &&
			    !label_listed(B->o->measurement,
					  s->ms[s->nms - 1].label)) {
				free(s->ms[--s->nms].label);
				B->p->left_out++;
			}
		}
	}
}

/* Memory, runs and counts of a stage, from its measurements' states. */
static void stage_tally(struct builder *B, struct plan_stage *s)
{
	s->copy_bytes = s->scratch_bytes = 0;
	s->runs = 0;
	memset(s->nstate, 0, sizeof(s->nstate));
	for (size_t i = 0; i < s->nms; i++) {
		struct plan_measurement *ms = &s->ms[i];

		s->nstate[ms->state]++;
		ms->runs = ms->state == PLAN_RUN ? runs_of(B, s, ms) : 0;
		s->runs += ms->runs;
		if (ms->state != PLAN_RUN || (ms->v->flags & VF_CPU))
			continue;
		if (ms->v->flags & VF_IN_PLACE)
			s->copy_bytes = s->in_bytes;
		if (s->passes != 0)     /* with counters, however many passes */
			s->scratch_bytes += ms->work_bytes;
		else if (ms->work_bytes > s->scratch_bytes)
			s->scratch_bytes = ms->work_bytes;
	}
	s->device_bytes = s->nstate[PLAN_RUN] ? s->in_bytes + s->out_bytes +
			  s->copy_bytes + s->scratch_bytes : 0;
}

static void measurement_skip(struct plan_measurement *ms, const char *why)
{
	ms->state = PLAN_SKIPPED;
	free(ms->why);
	ms->why = xstrdup(why);
	ms->runs = 0;
}

/* Skips measurement ms of stage s of p, which was to run, keeping the
 * counts of states right (after the plan is tallied). */
static void run_skip(struct plan *p, struct plan_stage *s,
		     struct plan_measurement *ms, const char *why)
{
	measurement_skip(ms, why);
	s->nstate[PLAN_RUN]--;
	s->nstate[PLAN_SKIPPED]++;
	p->nstate[PLAN_RUN]--;
	p->nstate[PLAN_SKIPPED]++;
}

static void plan_tally(struct builder *B)
{
	struct plan *p = B->p;

	memset(p->nstate, 0, sizeof(p->nstate));
	p->nms = 0;
	p->nlines = 0;
	p->runs = 0;
	p->runs_at_most = false;
	p->peak_device_bytes = 0;
	for (size_t i = 0; i < p->nstages; i++) {
		struct plan_stage *s = &p->stages[i];

		stage_tally(B, s);
		for (int k = 0; k < PLAN__STATES; k++)
			p->nstate[k] += s->nstate[k];
		p->nms += s->nms;
		for (size_t k = 0; k < s->nms; k++)
			p->nlines += s->ms[k].lines;
		p->runs += s->runs;
		p->runs_at_most |= s->e->repeats_auto.on && s->runs > 0 &&
				   !B->o->profile_only;
		if (s->device_bytes > p->peak_device_bytes)
			p->peak_device_bytes = s->device_bytes;
	}
}

/* Measurements of stage (e, t) a shard that does not run it leaves
 * out: all of them, whatever --variant selects. */
static size_t stage_rows(const struct experiment *e, enum dtype t)
{
	size_t n = 0;

	for (size_t vi = 0; vi < e->nvariants; vi++)
		if (variant_supports(e->variants[vi], t))
			n += experiment_blocks(e, e->variants[vi]);
	return n;
}

int plan_build(const struct experiment_file *f, const struct plan_options *o,
	       struct plan *p)
{
	struct builder B = { .o = o, .p = p };
	uint64_t *cost;
	bool *keep;
	size_t k = 0;

	memset(p, 0, sizeof(*p));
	p->f = f;
	p->outdir = o->outdir ? o->outdir : f->output;
	p->sm_count = o->sm_count > 0 ? o->sm_count : PLAN_ASSUMED_SMS;
	p->shard = o->shard;
	p->all_stages = plan_costs(f, &cost);
	plan_shard_stages(f, o->shard, &keep);
	prev_index_build(&B.prev, o->done, o->ndone);
	for (size_t i = 0; i < f->nexps; i++) {
		const struct experiment *e = &f->exps[i];

		B.passes = 0;
		if (o->counters && e->ncounters)
			B.passes = o->count_passes ? counter_passes(e) : -1;
		for (size_t ti = 0; ti < e->ndtypes; ti++)
			for (size_t si = 0; si < e->nsizes; si++, k++) {
				struct plan_stage *s;

				p->all_cost += cost[k];
				if (!keep[k]) {
					p->shard_left_out +=
						stage_rows(e, e->dtypes[ti]);
					continue;
				}
				p->stages = xrealloc(p->stages, (p->nstages + 1) *
						     sizeof(*p->stages));
				s = &p->stages[p->nstages++];
				memset(s, 0, sizeof(*s));
				s->e = e;
				s->experiment = i;
				s->index = k;
				s->cost = cost[k];
				p->cost += cost[k];
				s->t = e->dtypes[ti];
				s->sh = e->sizes[si];
				B.lines = o->lines && o->counters &&
					  e->ncounters && si == lines_size(e);
				stage_add(&B, s);
			}
	}
	free(cost);
	free(keep);
	prev_index_release(&B.prev);
	plan_tally(&B);
	return 0;
}

/* ---- the user's kernels ------------------------------------------------------ */

/* Skips every measurement of submission k that was to run: it did not
 * compile, and the rest of the class goes on. */
static void submission_skip(struct plan *p, const struct ukernel *k)
{
	for (size_t si = 0; si < p->nstages; si++) {
		struct plan_stage *s = &p->stages[si];

		for (size_t j = 0; j < s->nms; j++) {
			struct plan_measurement *ms = &s->ms[j];

			if (ms->v == k->row && ms->state == PLAN_RUN)
				run_skip(p, s, ms, "did not compile (culab "
					 "check shows the error at its line)");
		}
	}
}

int plan_prepare_kernels(struct plan *p, const char *arch,
			 struct ukernel_stats *st)
{
	const struct experiment_file *f = p->f;
	int rc = 0;

	memset(st, 0, sizeof(*st));
	if (!f->nkernels)
		return 0;
	if (ukernel_compiler_open(f->path, arch) < 0)
		return -1;
	for (size_t i = 0; i < f->nkernels; i++) {
		struct ukernel *k = f->kernels[i];
		bool failed = false;

		st->kernels++;
		for (size_t si = 0; si < p->nstages && !failed; si++) {
			const struct plan_stage *s = &p->stages[si];

			for (size_t j = 0; j < s->nms && !failed; j++) {
				const struct plan_measurement *ms = &s->ms[j];
				struct ukernel_use use = {
					.t = s->t, .n = s->sh.n, .m = s->sh.m,
					.block = ms->block,
					.sm_count = p->sm_count,
					.size_text = s->size_text,
				};

				if (ms->v == k->row && ms->state == PLAN_RUN &&
				    ukernel_prepare(k, &use, arch, st) < 0)
					failed = true;
			}
		}
		if (failed && k->submission) {
			submission_skip(p, k);
			st->refused++;
		} else if (failed) {
			rc = -1;
		}
	}
	return rc;
}

void plan_stage_skip(struct plan *p, struct plan_stage *s, const char *why)
{
	for (size_t k = 0; k < s->nms; k++)
		if (s->ms[k].state == PLAN_RUN)
			run_skip(p, s, &s->ms[k], why);
}

void plan_release(struct plan *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nstages; i++) {
		for (size_t k = 0; k < p->stages[i].nms; k++) {
			free(p->stages[i].ms[k].label);
			free(p->stages[i].ms[k].why);
		}
		free(p->stages[i].ms);
	}
	free(p->stages);
	memset(p, 0, sizeof(*p));
}

/* ---- shards ------------------------------------------------------------------- */

int plan_shard_parse(const char *text, struct plan_shard *sh, char *why,
		     size_t whysize)
{
	const char *slash = strchr(text, '/');
	unsigned long i, n;
	char *end;

	memset(sh, 0, sizeof(*sh));
	errno = 0;
	if (!slash || !isdigit((unsigned char)text[0]) ||
	    !isdigit((unsigned char)slash[1]))
		goto bad;
	i = strtoul(text, &end, 10);
	if (end != slash)
		goto bad;
	n = strtoul(slash + 1, &end, 10);
	if (*end || errno)
		goto bad;
	if (n == 0 || n > PLAN_MAX_SHARDS) {
		snprintf(why, whysize, "--shard %lu/%lu: the number of shards "
			 "must be 1 to %d", i, n, PLAN_MAX_SHARDS);
		return -1;
	}
	if (i == 0) {
		snprintf(why, whysize, "--shard 0/%lu: shards count from 1 "
			 "(1/%lu to %lu/%lu)", n, n, n, n);
		return -1;
	}
	if (i > n) {
		snprintf(why, whysize, "--shard %lu/%lu: there is no shard "
			 "%lu of %lu (1/%lu to %lu/%lu)", i, n, i, n, n, n, n);
		return -1;
	}
	sh->index = (int)i;
	sh->count = (int)n;
	return 0;
bad:
	snprintf(why, whysize, "--shard takes I/N, the I-th of N shards "
		 "counted from 1 (e.g. 1/4), not \"%s\"", text);
	return -1;
}

/* The cost model.  Shards are balanced by what a stage is expected to
 * take, in microseconds on a reference GPU, from the file alone: every
 * machine (a login node planning without a GPU, each GPU running a
 * shard) must cut a file the same way, so nothing here depends on the
 * GPU, the CUPTI present, --variant, --resume or --no-counters.  Only the
 * ratios between stages matter.  A stage costs
 *   - its set-up on the host: the input generated and the reference
 *     computed once, in_bytes at COST_SETUP_BPUS (3 GB/s: the 2 GB of
 *     default.yaml's inputs took 0.7 s on an H100's host);
 *   - per GPU measurement, its runs (the check, warm-up, repeats), each
 *     moving the bytes its family declares at COST_DEVICE_BPUS (2 TB/s,
 *     what the ladder's good rungs reach on an H100) plus COST_RUN_US
 *     (the launch, the events, the L2 flush before a timed run);
 *   - with counters, COST_PASSES passes (the default set's count on
 *     GH100; the real count depends on the chip), each COST_PASS_US
 *     (CUPTI's ranges and the L2 eviction before every kernel) plus its
 *     bytes COST_PASS_SLOW times slower (the instrumented pass);
 *   - the CPU row moves its bytes at COST_HOST_BPUS (one thread, 4.4
 *     GB/s measured for 2^28 floats), timed for at most the runner's
 *     2 s budget.
 * What it cannot know is a rung much slower than its bytes say (the
 * one-block reduction): balance is as good as these estimates. */
#define COST_SETUP_BPUS 3000u
#define COST_DEVICE_BPUS 2000000u
#define COST_RUN_US 50u
#define COST_PASSES 2u
#define COST_PASS_US 2000u
#define COST_PASS_SLOW 4u
#define COST_HOST_BPUS 4400u
#define COST_CPU_BUDGET_US 2000000u

uint64_t plan_measurement_cost(const struct experiment *e,
			       const struct variant *v, enum dtype t,
			       struct shape sh)
{
	double bytes = registry_bytes(v, t, (size_t)sh.n, (size_t)sh.m);
	uint64_t timed = (uint64_t)e->warmup + (uint64_t)e->repeats, us;

	if (!(bytes >= 0))
		bytes = 0;
	if (v->flags & VF_CPU) {
		double t_us = bytes / COST_HOST_BPUS;

		us = (uint64_t)t_us;
		return us + (uint64_t)fmin(t_us * (double)timed,
					   COST_CPU_BUDGET_US);
	}
	us = (timed + 1) * ((uint64_t)(bytes / COST_DEVICE_BPUS) + COST_RUN_US);
	if (e->ncounters)
		us += COST_PASSES * (COST_PASS_US + (uint64_t)(bytes *
			COST_PASS_SLOW / COST_DEVICE_BPUS));
	return us;
}

uint64_t plan_setup_cost(enum dtype t, struct shape sh)
{
	return (uint64_t)((double)sh.n * (double)sh.m * (double)dtype_size(t) /
			  COST_SETUP_BPUS);
}

uint64_t plan_stage_cost(const struct experiment *e, enum dtype t,
			 struct shape sh)
{
	uint64_t us = plan_setup_cost(t, sh);

	for (size_t vi = 0; vi < e->nvariants; vi++) {
		const struct variant *v = e->variants[vi];

		if (variant_supports(v, t))
			us += experiment_blocks(e, v) *
			      plan_measurement_cost(e, v, t, sh);
	}
	return us ? us : 1;
}

size_t plan_costs(const struct experiment_file *f, uint64_t **cost)
{
	size_t n = 0, k = 0;

	for (size_t i = 0; i < f->nexps; i++)
		n += f->exps[i].ndtypes * f->exps[i].nsizes;
	*cost = xcalloc(n ? n : 1, sizeof(**cost));
	for (size_t i = 0; i < f->nexps; i++) {
		const struct experiment *e = &f->exps[i];

		for (size_t ti = 0; ti < e->ndtypes; ti++)
			for (size_t si = 0; si < e->nsizes; si++)
				(*cost)[k++] = plan_stage_cost(e, e->dtypes[ti],
							       e->sizes[si]);
	}
	return n;
}

static const uint64_t *sort_cost;

/* Larger cost first; equal costs in plan order. */
static int by_cost(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (sort_cost[x] != sort_cost[y])
		return sort_cost[x] > sort_cost[y] ? -1 : 1;
	return (x > y) - (x < y);
}

void plan_partition(const uint64_t *cost, size_t n, int count, int *owner)
{
	size_t *order = xcalloc(n ? n : 1, sizeof(*order));
	uint64_t *load = xcalloc((size_t)count, sizeof(*load));

	for (size_t k = 0; k < n; k++)
		order[k] = k;
	sort_cost = cost;
	qsort(order, n, sizeof(*order), by_cost);
	sort_cost = NULL;
	for (size_t k = 0; k < n; k++) {
		int best = 0;

		for (int j = 1; j < count; j++)
			if (load[j] < load[best])
				best = j;
		owner[order[k]] = best;
		load[best] += cost[order[k]];
	}
	free(order);
	free(load);
}

/* Narrows keep[] (n stages of these costs) to the stages shard `sh`
 * holds of those it holds now. */
static void keep_shard(bool *keep, const uint64_t *cost, size_t n,
		       struct plan_shard sh)
{
	uint64_t *c = xcalloc(n ? n : 1, sizeof(*c));
	size_t *at = xcalloc(n ? n : 1, sizeof(*at));
	int *owner = xcalloc(n ? n : 1, sizeof(*owner));
	size_t m = 0;

	for (size_t k = 0; k < n; k++)
		if (keep[k]) {
			at[m] = k;
			c[m++] = cost[k];
		}
	plan_partition(c, m, sh.count, owner);
	for (size_t j = 0; j < m; j++)
		keep[at[j]] = owner[j] == sh.index - 1;
	free(c);
	free(at);
	free(owner);
}

size_t plan_shard_stages(const struct experiment_file *f,
			 struct plan_shard shard, bool **keep)
{
	uint64_t *cost;
	size_t n = plan_costs(f, &cost);

	*keep = xcalloc(n ? n : 1, sizeof(**keep));
	for (size_t k = 0; k < n; k++)
		(*keep)[k] = true;
	if (shard.count > 0)
		keep_shard(*keep, cost, n, shard);
	free(cost);
	return n;
}

size_t plan_count_stages(const struct experiment_file *f,
			 struct plan_shard shard)
{
	size_t n, stages = 0;
	bool *keep;

	n = plan_shard_stages(f, shard, &keep);
	for (size_t i = 0; i < n; i++)
		stages += keep[i];
	free(keep);
	return stages;
}

/* ---- printing ------------------------------------------------------------------ */

/* Bytes in the largest binary unit that keeps a number >= 1. */
static const char *bytes_text(char *buf, size_t size, double b)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	size_t u = 0;

	while (b >= 1024 && u + 1 < ARRAY_SIZE(unit)) {
		b /= 1024;
		u++;
	}
	snprintf(buf, size, u ? "%.1f %s" : "%.0f %s", b, unit[u]);
	return buf;
}

static void print_counts(FILE *fp, const size_t n[PLAN__STATES])
{
	fprintf(fp, "%zu to run", n[PLAN_RUN]);
	if (n[PLAN_RESUMED])
		fprintf(fp, ", %zu resumed", n[PLAN_RESUMED]);
	if (n[PLAN_SKIPPED])
		fprintf(fp, ", %zu skipped", n[PLAN_SKIPPED]);
}

/* at_most: the stage's runs are an upper bound (`repeats: auto`). */
static void print_stage(FILE *fp, const struct plan_stage *s, bool verbose,
			bool at_most)
{
	char b[5][32];

	fprintf(fp, "  %s %s: %zu measurement%s (", dtype_name(s->t),
		s->size_text, s->nms, s->nms == 1 ? "" : "s");
	print_counts(fp, s->nstate);
	fprintf(fp, "), %s%" PRIu64 " runs\n", at_most && s->runs ?
		"at most " : "", s->runs);
	if (s->device_bytes)
		fprintf(fp, "    device memory %s: input %s, output %s, copy %s, "
			"scratch %s\n",
			bytes_text(b[0], sizeof(b[0]), (double)s->device_bytes),
			bytes_text(b[1], sizeof(b[1]), (double)s->in_bytes),
			bytes_text(b[2], sizeof(b[2]), (double)s->out_bytes),
			bytes_text(b[3], sizeof(b[3]), (double)s->copy_bytes),
			bytes_text(b[4], sizeof(b[4]), (double)s->scratch_bytes));
	for (size_t k = 0; k < s->nms; k++) {
		const struct plan_measurement *ms = &s->ms[k];

		/* without --verbose, only what will not simply run */
		if (!verbose && ms->state == PLAN_RUN)
			continue;
		fprintf(fp, "    %-8s %-48s %6" PRIu64 " runs",
			plan_state_name(ms->state), ms->label, ms->runs);
		if (ms->lines && verbose)
			fprintf(fp, ", lines");
		if (ms->why)
			fprintf(fp, "  (%s)", ms->why);
		fputc('\n', fp);
	}
}

void plan_print(FILE *fp, const struct plan *p, bool verbose)
{
	const struct experiment *last = NULL;
	char b[32], rep[64];

	fprintf(fp, "%s: %zu experiment%s, %zu stage%s, %zu measurement%s (",
		diag_esc(p->f->path), p->f->nexps, p->f->nexps == 1 ? "" : "s",
		p->nstages, p->nstages == 1 ? "" : "s", p->nms,
		p->nms == 1 ? "" : "s");
	print_counts(fp, p->nstate);
	if (p->runs_at_most)
		fprintf(fp, "), at most %" PRIu64 " runs of a variant "
			"(repeats: auto counted at its most runs)\n", p->runs);
	else
		fprintf(fp, "), about %" PRIu64 " runs of a variant\n", p->runs);
	fprintf(fp, "output %s; the largest stage needs %s of device memory "
		"(scratch sized for %d SMs)\n", diag_esc(p->outdir),
		bytes_text(b, sizeof(b), (double)p->peak_device_bytes),
		p->sm_count);
	if (p->left_out)
		fprintf(fp, "--variant leaves out %zu measurement%s\n",
			p->left_out, p->left_out == 1 ? "" : "s");
	if (p->nlines && verbose)
		fprintf(fp, "counters per source line for %zu measurement%s "
			"(\", lines\" below), each in a process of its own\n",
			p->nlines, p->nlines == 1 ? "" : "s");
	if (p->shard.count > 0) {
		fprintf(fp, "shard %d/%d", p->shard.index, p->shard.count);
		fprintf(fp, ": %zu of %zu stages, %.1f %% of the plan's "
			"estimated cost; the other shards have %zu "
			"measurement%s\n", p->nstages, p->all_stages,
			p->all_cost ? 100.0 * (double)p->cost /
			(double)p->all_cost : 0.0, p->shard_left_out,
			p->shard_left_out == 1 ? "" : "s");
	}
	for (size_t i = 0; i < p->nstages; i++) {
		const struct plan_stage *s = &p->stages[i];

		if (s->e != last) {
			fprintf(fp, "\nexperiment %s (%s): warm-up %d, repeats %s, ",
				s->e->name, family_name(s->e->family),
				s->e->warmup, repeats_text(s->e->repeats,
							   &s->e->repeats_auto,
							   rep, sizeof(rep)));
			if (s->passes > 0)
				fprintf(fp, "%d counter pass%s\n", s->passes,
					s->passes == 1 ? "" : "es");
			else if (s->passes < 0)
				fprintf(fp, "counter passes unknown\n");
			else
				fprintf(fp, "no counters\n");
			last = s->e;
		}
		print_stage(fp, s, verbose,
			    p->runs_at_most && s->e->repeats_auto.on);
	}
}
