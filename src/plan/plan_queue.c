/* plan_queue.c - learned costs and the work queue of run --devices.  See
 * plan.h.
 *
 * A static cut of whole stages cannot balance a plan in which one
 * measurement is most of the work (the one-block reduction at 2^28: 10 s
 * of default.yaml's 31 s on an H100), so run --devices hands the
 * measurements out as workers free, costliest first.  A stage's input
 * and reference are made by each worker that joins the stage (0.35 s for
 * 1 GiB on an H100's host), which is why a worker stays on its stage
 * while the stage has work and joins another's only when the work left
 * there outweighs making the input again. */
#include "plan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "base/cachefile.h"
#include "ladder/ladder.h"

/* ---- learned costs ------------------------------------------------------ */

#define COSTS_FILE "costs.tsv"
/* The newest lines kept, and read: a file of more is another's. */
#define COSTS_KEEP 20000
/* A line at most (GPU model, key, seconds, when); the file at most. */
#define COSTS_LINE_MAX 1024
#define COSTS_MAX_BYTES (8u << 20)

/* The cost cache: one file of its own format among the cache's entries,
 * under their rules (cachefile.h): the user's alone, a regular file, at
 * most COSTS_MAX_BYTES, else a note and the model's estimates. */
static struct cache_kind costs_kind = {
	.magic = "CULABCT1", .sub = NULL, .max_entry = COSTS_MAX_BYTES,
	.what = "cost cache", .without = "plans use the model's estimates",
	.again = "what each measurement took will not be remembered",
};

char *plan_cost_key(const struct plan_stage *s,
		    const struct plan_measurement *ms, bool counters,
		    bool profile_only)
{
	const struct experiment *e = s->e;
	char reps[32];

	if (e->repeats_auto.on)
		snprintf(reps, sizeof(reps), "auto");
	else
		snprintf(reps, sizeof(reps), "%d", e->repeats);
	return xasprintf("%s|w%d|r%s%s%s", ms->label, e->warmup, reps,
			 counters && e->ncounters ? "|c" : "",
			 profile_only ? "|p" : "");
}

void plan_costs_release(struct plan_costs *c)
{
	free(c->gpu);
	strmap_release(&c->index);
	free(c->seconds);
	memset(c, 0, sizeof(*c));
}

/* One line of the file: its four fields, cut in place.  Returns false
 * for a line that is not one. */
static bool split_line(char *line, char **gpu, char **key, double *sec,
		       long long *when)
{
	char *f[4], *end;
	int n = 0;

	if (strlen(line) > COSTS_LINE_MAX)
		return false;
	f[n++] = line;
	for (char *c = line; *c && n < 4; c++)
		if (*c == '\t') {
			*c = '\0';
			f[n++] = c + 1;
		}
	if (n != 4 || !*f[0] || !*f[1])
		return false;
	errno = 0;
	*sec = strtod(f[2], &end);
	if (errno || *end || !(*sec >= 0 && *sec < 1e7))
		return false;
	*when = strtoll(f[3], &end, 10);
	if (errno || *end)
		return false;
	*gpu = f[0];
	*key = f[1];
	return true;
}

/* The cache file's text from its newest COSTS_KEEP lines on (a file
 * culab wrote holds no more), or NULL when there is none to use. */
static char *costs_text(void)
{
	char *text;
	size_t len, lines = 0, at;

	if (cache_file_read(&costs_kind, COSTS_FILE, &text, &len) != 1)
		return NULL;
	for (at = len; at > 0; at--)
		if (text[at - 1] == '\n' && at < len && ++lines == COSTS_KEEP)
			break;
	if (at > 0)
		memmove(text, text + at, len - at + 1);
	return text;
}

void plan_costs_load(const char *gpu, struct plan_costs *c)
{
	char *text = costs_text(), *line, *save = NULL;
	const char *want = gpu;
	long long newest = -1;

	memset(c, 0, sizeof(*c));
	if (!text)
		goto out;
	/* without a model named: the one recorded last */
	if (!want) {
		char *copy = xstrdup(text), *s2 = NULL, *g, *k;
		double sec;
		long long when;

		for (line = strtok_r(copy, "\n", &s2); line;
		     line = strtok_r(NULL, "\n", &s2))
			if (split_line(line, &g, &k, &sec, &when) &&
			    when >= newest) {
				newest = when;
				free(c->gpu);
				c->gpu = xstrdup(g);
			}
		free(copy);
		if (!c->gpu)
			goto out;
		want = c->gpu;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *g, *k;
		double sec;
		long long when;
		size_t i;

		if (!split_line(line, &g, &k, &sec, &when) || strcmp(g, want))
			continue;
		i = strmap_put(&c->index, k, c->n);
		if (i == c->n) {
			c->seconds = xrealloc(c->seconds, (c->n + 1) *
					      sizeof(*c->seconds));
			c->n++;
		}
		c->seconds[i] = sec;       /* the file's later line wins */
	}
	if (c->n && !c->gpu)
		c->gpu = xstrdup(want);
out:
	if (!c->n) {
		free(c->gpu);
		c->gpu = NULL;
	}
	free(text);
}

/* True when the text has no tab or newline (the file's separators) and
 * leaves its line within COSTS_LINE_MAX. */
static bool field_ok(const char *s)
{
	return s && *s && !strpbrk(s, "\t\n\r") &&
	       strlen(s) <= COSTS_LINE_MAX / 2 - 32;
}

void plan_costs_record(const char *gpu, char *const *keys,
		       const double *seconds, size_t n)
{
	char *text = NULL, *line, *save = NULL;
	struct sbuf out = SBUF_INIT, mine_lines = SBUF_INIT;
	struct strmap mine = STRMAP_INIT;
	char **lines = NULL;
	size_t nl = 0, first, nmine = 0;
	long long now = (long long)time(NULL);

	if (!cache_dir() || !n || !field_ok(gpu))
		goto out;
	for (size_t i = 0; i < n; i++)
		if (field_ok(keys[i]))
			strmap_put(&mine, keys[i], i);
	/* the lines kept: every other model's and key's, oldest first */
	text = costs_text();
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *copy = xstrdup(line), *g, *k;
		double sec;
		long long when;

		if (split_line(copy, &g, &k, &sec, &when) &&
		    !(strcmp(g, gpu) == 0 &&
		      strmap_get(&mine, k) != STRMAP_NONE)) {
			lines = xrealloc(lines, (nl + 1) * sizeof(*lines));
			lines[nl++] = xstrdup(line);
		}
		free(copy);
	}
	/* this run's, the newest COSTS_KEEP of them at most */
	for (size_t i = n > COSTS_KEEP ? n - COSTS_KEEP : 0; i < n; i++)
		if (field_ok(keys[i]) && seconds[i] >= 0 && seconds[i] < 1e7) {
			sbuf_addf(&mine_lines, "%s\t%s\t%.6f\t%lld\n", gpu,
				  keys[i], seconds[i], now);
			nmine++;
		}
	/* the oldest go first: at most COSTS_KEEP lines and the bytes */
	first = nl + nmine > COSTS_KEEP ? nl + nmine - COSTS_KEEP : 0;
	if (first > nl)
		first = nl;
	for (size_t i = first; i < nl; i++)
		sbuf_addf(&out, "%s\n", lines[i]);
	if (out.len + mine_lines.len > COSTS_MAX_BYTES) {
		size_t cut = 0;

		while (cut < out.len &&
		       out.len - cut + mine_lines.len > COSTS_MAX_BYTES) {
			const char *e = memchr(out.buf + cut, '\n',
					       out.len - cut);

			cut = e ? (size_t)(e - out.buf) + 1 : out.len;
		}
		memmove(out.buf, out.buf + cut, out.len - cut + 1);
		out.len -= cut;
	}
	sbuf_add(&out, sbuf_str(&mine_lines));
	/* a cache: a file that cannot be written costs a warning, once */
	(void)cache_file_write(&costs_kind, COSTS_FILE, out.buf ? out.buf : "",
			       out.len);
out:
	for (size_t i = 0; i < nl; i++)
		free(lines[i]);
	free(lines);
	sbuf_release(&out);
	sbuf_release(&mine_lines);
	strmap_release(&mine);
	free(text);
}

double plan_seconds(const struct plan_stage *s,
		    const struct plan_measurement *ms,
		    const struct plan_costs *c, bool counters,
		    bool profile_only, bool *learned)
{
	*learned = false;
	if (ms->state != PLAN_RUN)
		return 0;
	if (c && c->n) {
		char *key = plan_cost_key(s, ms, counters, profile_only);
		size_t i = strmap_get(&c->index, key);

		free(key);
		if (i != STRMAP_NONE) {
			*learned = true;
			return c->seconds[i];
		}
	}
	return (double)plan_measurement_cost(s->e, ms->v, s->t, s->sh) / 1e6;
}

/* ---- the queue ------------------------------------------------------------ */

void plan_queue_init(struct plan_queue *q, const struct plan *p,
		     const struct plan_costs *c, bool counters,
		     bool profile_only, int nworkers)
{
	size_t k = 0;

	memset(q, 0, sizeof(*q));
	q->n = p->nms;
	q->nstages = p->nstages;
	q->it = xcalloc(q->n ? q->n : 1, sizeof(*q->it));
	q->left = xcalloc(q->nstages + 1, sizeof(*q->left));
	q->todo = xcalloc(q->nstages + 1, sizeof(*q->todo));
	q->setup = xcalloc(q->nstages + 1, sizeof(*q->setup));
	q->needs_setup = xcalloc(q->nstages + 1, sizeof(*q->needs_setup));
	q->users = xcalloc(q->nstages + 1, sizeof(*q->users));
	q->cur = xcalloc((size_t)nworkers + 1, sizeof(*q->cur));
	for (int w = 0; w < nworkers; w++)
		q->cur[w] = SIZE_MAX;
	for (size_t i = 0; i < p->nstages; i++) {
		const struct plan_stage *s = &p->stages[i];

		q->setup[i] = (double)plan_setup_cost(s->t, s->sh) / 1e6;
		q->needs_setup[i] = s->nstate[PLAN_RUN] > 0;
		for (size_t j = 0; j < s->nms; j++, k++) {
			struct plan_item *it = &q->it[k];

			it->stage = i;
			it->k = j;
			it->seconds = plan_seconds(s, &s->ms[j], c, counters,
						   profile_only, &it->learned);
			it->state = PLAN_TODO;
			it->worker = -1;
			q->nlearned += it->learned;
			q->left[i] += it->seconds;
			q->todo[i]++;
			q->ntodo++;
		}
	}
}

void plan_queue_release(struct plan_queue *q)
{
	free(q->it);
	free(q->left);
	free(q->todo);
	free(q->setup);
	free(q->needs_setup);
	free(q->users);
	free(q->cur);
	memset(q, 0, sizeof(*q));
}

/* The costliest item of stage s still to do (the first on a tie). */
static size_t costliest(const struct plan_queue *q, size_t s)
{
	size_t best = PLAN_QUEUE_END;

	for (size_t i = 0; i < q->n; i++)
		if (q->it[i].stage == s && q->it[i].state == PLAN_TODO &&
		    (best == PLAN_QUEUE_END ||
		     q->it[i].seconds > q->it[best].seconds))
			best = i;
	return best;
}

/* The stage a worker with nothing left where it is goes to, or SIZE_MAX:
 * the one with the most work left for it, a stage nobody is on counted
 * whole, a stage others are on at the share it would take (its work
 * left over those on it and this one) less making its input again, and
 * only when that is worth it. */
static size_t best_stage(const struct plan_queue *q)
{
	size_t best = SIZE_MAX;
	double top = 0;

	for (size_t s = 0; s < q->nstages; s++) {
		double score = q->left[s];

		if (!q->todo[s])
			continue;
		if (q->users[s] > 0) {
			score = q->left[s] / (q->users[s] + 1);
			if (q->needs_setup[s])
				score -= q->setup[s];
			if (score <= 0)
				continue;
		}
		if (best == SIZE_MAX || score > top) {
			best = s;
			top = score;
		}
	}
	return best;
}

static void hand(struct plan_queue *q, size_t i, int w)
{
	struct plan_item *it = &q->it[i];

	if (q->cur[w] != it->stage) {
		if (q->cur[w] != SIZE_MAX)
			q->users[q->cur[w]]--;
		q->cur[w] = it->stage;
		q->users[it->stage]++;
	}
	it->state = PLAN_OUT;
	it->worker = w;
	q->left[it->stage] -= it->seconds;
	q->todo[it->stage]--;
	q->ntodo--;
	q->nout++;
}

size_t plan_queue_next(struct plan_queue *q, int w)
{
	size_t s = q->cur[w], i;

	if (!q->ntodo)
		return q->nout ? PLAN_QUEUE_WAIT : PLAN_QUEUE_END;
	if (s == SIZE_MAX || !q->todo[s])
		s = best_stage(q);
	if (s == SIZE_MAX)
		return PLAN_QUEUE_WAIT;
	i = costliest(q, s);
	hand(q, i, w);
	return i;
}

void plan_queue_done(struct plan_queue *q, size_t i)
{
	if (q->it[i].state != PLAN_OUT)
		return;
	q->it[i].state = PLAN_DONE;
	q->nout--;
}

void plan_queue_back(struct plan_queue *q, size_t i)
{
	struct plan_item *it = &q->it[i];

	if (it->state != PLAN_OUT)
		return;
	it->state = PLAN_TODO;
	it->worker = -1;
	q->left[it->stage] += it->seconds;
	q->todo[it->stage]++;
	q->ntodo++;
	q->nout--;
}

void plan_queue_leave(struct plan_queue *q, int w)
{
	if (q->cur[w] != SIZE_MAX)
		q->users[q->cur[w]]--;
	q->cur[w] = SIZE_MAX;
}

double plan_queue_wall(const struct plan *p, const struct plan_costs *c,
		       bool counters, bool profile_only, int gpus,
		       double start)
{
	struct plan_queue q;
	double *t = xcalloc((size_t)gpus, sizeof(*t)), wall = 0;
	size_t *busy = xcalloc((size_t)gpus, sizeof(*busy));
	bool *ended = xcalloc((size_t)gpus, sizeof(*ended));
	size_t *held = xcalloc((size_t)gpus, sizeof(*held));

	plan_queue_init(&q, p, c, counters, profile_only, gpus);
	for (int g = 0; g < gpus; g++) {
		t[g] = start;
		busy[g] = SIZE_MAX;
		held[g] = SIZE_MAX;
	}
	for (;;) {
		int g = -1;
		size_t i;

		/* the worker free first asks next; what it made is done */
		for (int k = 0; k < gpus; k++)
			if (!ended[k] && (g < 0 || t[k] < t[g]))
				g = k;
		if (g < 0)
			break;
		if (busy[g] != SIZE_MAX)
			plan_queue_done(&q, busy[g]);
		busy[g] = SIZE_MAX;
		i = plan_queue_next(&q, g);
		if (i == PLAN_QUEUE_END) {
			ended[g] = true;
			continue;
		}
		if (i == PLAN_QUEUE_WAIT) {
			/* until the next worker to free does */
			double next = -1;

			for (int k = 0; k < gpus; k++)
				if (k != g && !ended[k] && busy[k] != SIZE_MAX &&
				    (next < 0 || t[k] < next))
					next = t[k];
			if (next < 0) {
				ended[g] = true;
				continue;
			}
			t[g] = next + 1e-9;
			continue;
		}
		/* a worker holds one stage's input: a stage it comes back to
		 * is made again */
		if (held[g] != q.it[i].stage) {
			held[g] = SIZE_MAX;
			if (q.it[i].seconds > 0) {
				held[g] = q.it[i].stage;
				t[g] += q.setup[q.it[i].stage];
			}
		}
		t[g] += q.it[i].seconds;
		busy[g] = i;
	}
	for (int g = 0; g < gpus; g++) {
		if (t[g] > wall)
			wall = t[g];
	}
	plan_queue_release(&q);
	free(held);
	free(ended);
	free(busy);
	free(t);
	return wall;
}

int plan_lines_gpus(int gpus)
{
	(void)gpus;
	return 1;
}

double plan_wall(const struct plan *p, const struct plan_costs *c,
		 bool counters, bool profile_only, bool lines, int gpus,
		 double start)
{
	double wall = plan_queue_wall(p, c, counters, profile_only, gpus,
				      start);
	double work, l = 0, even, shared;
	struct plan_queue q;

	if (!lines || !counters || profile_only)
		return wall;
	plan_queue_init(&q, p, c, counters, profile_only, 1);
	for (size_t i = 0; i < q.n; i++)
		if (p->stages[q.it[i].stage].ms[q.it[i].k].lines)
			l += PLAN_LINES_S(q.it[i].seconds);
	plan_queue_release(&q);
	if (l <= 0)
		return wall;
	if (gpus <= 1)
		return wall + l;
	work = plan_queue_wall(p, c, counters, profile_only, 1, 0);
	even = start + (work + l) / gpus;
	shared = start + l / plan_lines_gpus(gpus);
	if (even > wall)
		wall = even;
	return shared > wall ? shared : wall;
}
