/* runner.c - the measurement loop.  See runner.h.
 *
 * Order of work: experiment -> type -> size -> variant -> block.  The
 * input of a (type, size) is generated and its reference computed once,
 * then shared by every variant, so a ladder's rungs are compared on the
 * same data.  Each measurement has three phases, never mixed:
 *   1. correctness: poison the output, run once, verify;
 *   2. timing: warm-up runs, then `repeats` samples, each one
 *      [restore input] [L2 flush] event start, launch, event stop;
 *      the output of the last sample is verified again;
 *   3. counters: the launch replayed under CUPTI (never timed).
 * The flush kernel keeps the GPU busy while the launch is enqueued, so
 * launch latency stays out of the events, as nvbench's blocking kernel
 * does.  After every row the results files are rewritten atomically, so
 * an interrupted or crashed run keeps every finished measurement.
 *
 * CUDA errors: an error reported by a launch that leaves the context
 * usable (bad configuration) fails that row; an error that poisons the
 * context (illegal address, ...) ends the run with everything written. */
#include "runner.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda_runtime_api.h>
#include <nvtx3/nvToolsExt.h>

#include "../kernels/support.h"
#include "counters.h"
#include "culab_version.h"
#include "diag.h"
#include "env.h"
#include "exitcode.h"
#include "metrics.h"
#include "util.h"

/* Poison byte for outputs: 0x5a5a5a5a is outside every input range of
 * runner_fill_input and no reachable sum, so an unwritten output never
 * passes verification. */
#define POISON 0x5a
/* Upper bound on host time spent timing the CPU reference row. */
#define CPU_TIME_BUDGET_S 2.0

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	interrupted = sig;
	/* A second signal ends the process the default way. */
	signal(sig, SIG_DFL);
}

/* ---- inputs and references --------------------------------------------- */

/* Host work on inputs of up to 2^36 elements (filling, the reference sum,
 * checking a transpose) is split into fixed chunks spread over threads.
 * Chunks, not threads, define the order of the partial results, so the
 * outcome does not depend on how many cores the machine has. */
#define CHUNK (1u << 20)
#define MAX_THREADS 64

struct pfor {
	size_t nchunks;
	atomic_size_t next;
	void (*fn)(void *ctx, size_t chunk);
	void *ctx;
};

static void *pfor_worker(void *p)
{
	struct pfor *pf = p;
	size_t c;

	while ((c = atomic_fetch_add(&pf->next, 1)) < pf->nchunks)
		pf->fn(pf->ctx, c);
	return NULL;
}

/* Calls fn(ctx, c) for every c < nchunks, on up to one thread per core. */
static void parallel_for(size_t nchunks, void (*fn)(void *, size_t), void *ctx)
{
	struct pfor pf = { .nchunks = nchunks, .fn = fn, .ctx = ctx };
	pthread_t th[MAX_THREADS];
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t n = cores > 0 ? (size_t)cores : 1, started = 0, i;

	atomic_init(&pf.next, 0);
	if (n > MAX_THREADS)
		n = MAX_THREADS;
	if (n > nchunks)
		n = nchunks;
	for (i = 1; i < n; i++)
		if (pthread_create(&th[started], NULL, pfor_worker, &pf) == 0)
			started++;
	pfor_worker(&pf);
	for (i = 0; i < started; i++)
		pthread_join(th[i], NULL);
}

#define GOLDEN 0x9e3779b97f4a7c15ull

static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* splitmix64: the state advances by GOLDEN and the output is mix64 of
 * it, so element i of a stream is mix64(start + (i + 1) * GOLDEN) and any
 * chunk can be generated on its own. */
static uint64_t splitmix64(uint64_t *s)
{
	*s += GOLDEN;
	return mix64(*s);
}

struct fill {
	void *buf;
	enum family fam;
	enum dtype t;
	uint64_t count, start;
};

static void fill_chunk(void *p, size_t c)
{
	const struct fill *f = p;
	uint64_t i = (uint64_t)c * CHUNK, end = i + CHUNK;

	if (end > f->count)
		end = f->count;
	for (; i < end; i++) {
		uint64_t r = mix64(f->start + (i + 1) * GOLDEN);
		double u = (double)(r >> 11) * 0x1.0p-53;

		switch (f->t) {
		case DTYPE_INT:
			((int *)f->buf)[i] = f->fam == FAMILY_REDUCE ?
				(int)(r % 2001) - 1000 : (int)(r >> 34);
			break;
		case DTYPE_FLOAT:
			((float *)f->buf)[i] = (float)u;
			break;
		case DTYPE_DOUBLE:
			((double *)f->buf)[i] = u;
			break;
		default:
			break;
		}
	}
}

void runner_fill_input(void *buf, enum family fam, enum dtype t, uint64_t n,
		       uint64_t m, uint64_t seed)
{
	struct fill f = { buf, fam, t, n * m, seed };

	/* Mix the measurement's identity into the stream so two sizes do not
	 * share a prefix of the same numbers. */
	f.start ^= splitmix64(&f.start) ^ ((uint64_t)fam << 56) ^ ((uint64_t)t << 48);
	f.start ^= splitmix64(&f.start) ^ n;
	f.start ^= splitmix64(&f.start) ^ m;
	parallel_for((size_t)((f.count + CHUNK - 1) / CHUNK), fill_chunk, &f);
}

/* Neumaier's compensated sum: s + c carries the sum to about twice the
 * precision of long double. */
struct ksum {
	long double s, c, abs;
	long long i;
};

static void ksum_add(struct ksum *k, long double x)
{
	long double u = k->s + x;

	if (fabsl(k->s) >= fabsl(x))
		k->c += (k->s - u) + x;
	else
		k->c += (x - u) + k->s;
	k->s = u;
}

struct refsum {
	const void *buf;
	enum dtype t;
	uint64_t n;
	struct ksum *part;
};

static void refsum_chunk(void *p, size_t c)
{
	const struct refsum *r = p;
	struct ksum k = { 0, 0, 0, 0 };
	uint64_t i = (uint64_t)c * CHUNK, end = i + CHUNK;

	if (end > r->n)
		end = r->n;
	for (; i < end; i++) {
		long double x;

		if (r->t == DTYPE_INT) {
			k.i += ((const int *)r->buf)[i];
			continue;
		}
		x = r->t == DTYPE_FLOAT ? ((const float *)r->buf)[i] :
					  ((const double *)r->buf)[i];
		ksum_add(&k, x);
		k.abs += fabsl(x);
	}
	r->part[c] = k;
}

void runner_reference_sum(const void *buf, enum dtype t, uint64_t n,
			  long double *sum, double *tolerance)
{
	size_t nchunks = (size_t)((n + CHUNK - 1) / CHUNK), c;
	struct refsum r = { buf, t, n, xcalloc(nchunks ? nchunks : 1,
					       sizeof(struct ksum)) };
	struct ksum total = { 0, 0, 0, 0 };
	double eps = t == DTYPE_FLOAT ? 0x1.0p-24 : 0x1.0p-53;

	parallel_for(nchunks, refsum_chunk, &r);
	/* Chunk results combine in chunk order: deterministic. */
	for (c = 0; c < nchunks; c++) {
		total.i += r.part[c].i;
		ksum_add(&total, r.part[c].s);
		ksum_add(&total, r.part[c].c);
		total.abs += r.part[c].abs;
	}
	free(r.part);
	if (t == DTYPE_INT) {
		*sum = (long double)total.i;
		*tolerance = 0;
		return;
	}
	*sum = total.s + total.c;
	*tolerance = 2.0 * 2.0 * eps * sqrt((double)n) * (double)total.abs;
}

/* Checking a transpose: out (m x n) against in (n x m), or a copy (n x m),
 * in square tiles so both sides stay in cache, typed by element size. */
#define TILE 64

struct tcheck {
	const unsigned char *in, *out;
	size_t rows, cols, es;
	bool copy;
	size_t *bad;             /* per row band */
	size_t *first;           /* per row band: first bad index, or SIZE_MAX */
};

#define TCHECK_LOOP(T)                                                       \
	do {                                                                 \
		const T *a = (const T *)k->in, *b = (const T *)k->out;        \
		for (size_t j0 = 0; j0 < k->cols; j0 += TILE) {               \
			size_t j1 = j0 + TILE < k->cols ? j0 + TILE : k->cols;   \
			for (size_t i = i0; i < i1; i++)                       \
				for (size_t j = j0; j < j1; j++) {             \
					size_t src = i * k->cols + j;          \
					size_t dst = k->copy ? src :           \
						     j * k->rows + i;          \
					if (a[src] != b[dst]) {                \
						if (!bad++)                    \
							first = src;           \
					}                                      \
				}                                              \
		}                                                            \
	} while (0)

static void tcheck_band(void *p, size_t band)
{
	const struct tcheck *k = p;
	size_t i0 = band * TILE, i1 = i0 + TILE < k->rows ? i0 + TILE : k->rows;
	size_t bad = 0, first = SIZE_MAX;

	/* Integer compares: a bitwise check, NaN-proof. */
	if (k->es == 4)
		TCHECK_LOOP(uint32_t);
	else
		TCHECK_LOOP(uint64_t);
	k->bad[band] = bad;
	k->first[band] = first;
}

size_t runner_check_transpose(const void *in, const void *out, size_t rows,
			      size_t cols, size_t es, bool copy,
			      size_t *first_src)
{
	size_t bands = (rows + TILE - 1) / TILE, bad = 0, b;
	struct tcheck k = { in, out, rows, cols, es, copy,
			    xcalloc(bands, sizeof(size_t)),
			    xcalloc(bands, sizeof(size_t)) };

	parallel_for(bands, tcheck_band, &k);
	*first_src = SIZE_MAX;
	for (b = 0; b < bands; b++) {
		if (k.bad[b] && *first_src == SIZE_MAX)
			*first_src = k.first[b];
		bad += k.bad[b];
	}
	free(k.bad);
	free(k.first);
	return bad;
}

/* Whether --variant (a comma-separated list, or NULL for all) selects
 * the variant called `name`. */
static bool selected(const char *list, const char *name)
{
	size_t len = strlen(name);

	if (!list)
		return true;
	for (const char *p = list; *p;) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n == len && strncmp(p, name, n) == 0)
			return true;
		if (!end)
			break;
		p = end + 1;
	}
	return false;
}

/* ---- one (type, size) of one experiment ---------------------------------- */

struct stage {
	const struct experiment *e;
	enum dtype t;
	struct shape sh;
	size_t in_bytes, out_bytes;
	void *h_in;              /* host input */
	void *d_in;              /* device input, never written by variants */
	void *d_copy;            /* device copy for in-place variants (lazy) */
	void *d_out;
	long double ref;         /* reduce: reference sum and tolerance */
	double tol;
};

/* Everything a launch needs, shared by the timing loop and the counter
 * replay's callbacks. */
struct launch_ctx {
	const struct variant *v;
	struct kernel_args a;
	struct stage *st;
	const char *nvtx;        /* set: the counter replay names its launches */
};

/* A measurement whose counters wait for the next batch (counters.h): its
 * row, by index (rows move as the table grows), and the buffers its
 * launches use, kept until the batch is profiled. */
struct pending {
	struct launch_ctx L;
	size_t row;
	char label[512];
	void *d_work, *h_host, *h_result;
};

struct run {
	const struct run_options *o;
	const struct experiment_file *f;
	struct results *res;
	const char *outdir;
	struct results prev;     /* --resume: rows already measured */
	bool have_prev;
	cudaStream_t stream;
	cudaEvent_t ev_start, ev_stop;
	void *flush_buf;
	size_t flush_bytes;
	void *flush_sink;
	int sm_count;
	double peak_gbps;
	size_t total, done;      /* measurements, for the progress line */
	bool failed;             /* a row failed */
	bool fatal;              /* the CUDA context is lost */
	char fatal_why[256];
	struct counters *ctr;
	struct counter_plan plan;
	bool have_plan;
	char *ctr_status;        /* why counters are unavailable, or NULL */
	struct pending pend[COUNTERS_BATCH_MAX];
	size_t npend;
	/* where a transpose's output comes back to be checked: kept for the
	 * run and grown when needed: pinning memory is slow */
	void *h_out;
	size_t h_out_bytes;
	bool h_out_pinned;
	bool trace;              /* CULAB_RUN_TRACE */
	const char *trap;        /* CULAB_TEST_TRAP, or NULL */
};

/* R->h_out with room for `bytes`, pinned when possible; NULL when even
 * pageable memory cannot be had. */
static void *check_buffer(struct run *R, size_t bytes)
{
	if (R->h_out && R->h_out_bytes >= bytes)
		return R->h_out;
	if (R->h_out_pinned)
		cudaFreeHost(R->h_out);
	else
		free(R->h_out);
	R->h_out_bytes = 0;
	R->h_out_pinned = cudaMallocHost(&R->h_out, bytes) == cudaSuccess;
	if (!R->h_out_pinned) {
		cudaGetLastError();
		R->h_out = malloc(bytes);
	}
	if (R->h_out)
		R->h_out_bytes = bytes;
	return R->h_out;
}

/* Whether variant v runs for type t in this run: selected by --variant
 * and supporting t (`variants: all` keeps variants that lack a type; the
 * loader refuses named ones). */
static bool runs(const struct run *R, const struct variant *v, enum dtype t)
{
	return selected(R->o->only_variant, v->name) && variant_supports(v, t);
}

static const char *err_text(int e)
{
	return cudaGetErrorString((cudaError_t)e);
}

/* After a failed CUDA call: is the context still usable? */
static bool context_lost(struct run *R, int err, const char *what)
{
	cudaError_t e;

	cudaGetLastError();
	e = cudaDeviceSynchronize();
	if (e == cudaSuccess && cudaGetLastError() == cudaSuccess)
		return false;
	R->fatal = true;
	snprintf(R->fatal_why, sizeof(R->fatal_why), "%s: %s (%s)", what,
		 err_text(err), cudaGetErrorName((cudaError_t)err));
	return true;
}

static void shape_text(const struct experiment *e, struct shape sh, char *buf,
		       size_t size)
{
	if (e->family == FAMILY_TRANSPOSE)
		snprintf(buf, size, "%" PRIu64 "x%" PRIu64, sh.n, sh.m);
	else
		snprintf(buf, size, "%" PRIu64, sh.n);
}

static void progress(struct run *R, const char *label)
{
	if (!R->o->progress)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s", R->done + 1, R->total, label);
	fflush(stderr);
}

static int write_results(struct run *R)
{
	return results_write(R->outdir, R->res);
}

static bool prev_has(struct run *R, const char *exp, const char *var,
		     enum dtype t, struct shape sh, int block)
{
	for (size_t i = 0; R->have_prev && i < R->prev.nrows; i++) {
		const struct result_row *w = &R->prev.rows[i];

		/* Rows already taken over are zeroed (experiment NULL). */
		if (w->experiment && strcmp(w->experiment, exp) == 0 &&
		    strcmp(w->variant, var) == 0 &&
		    strcmp(w->dtype, dtype_name(t)) == 0 && w->n == sh.n &&
		    w->m == sh.m && w->block == block)
			return true;
	}
	return false;
}

/* Moves a finished row of the previous run into the new results. */
static void take_prev(struct run *R, const char *exp, const char *var,
		      enum dtype t, struct shape sh, int block)
{
	for (size_t i = 0; i < R->prev.nrows; i++) {
		struct result_row *w = &R->prev.rows[i];

		if (w->experiment && strcmp(w->experiment, exp) == 0 &&
		    strcmp(w->variant, var) == 0 &&
		    strcmp(w->dtype, dtype_name(t)) == 0 && w->n == sh.n &&
		    w->m == sh.m && w->block == block) {
			*results_add_row(R->res) = *w;
			memset(w, 0, sizeof(*w));
			return;
		}
	}
}

static struct result_row *new_row(struct run *R, const struct variant *v,
				  enum dtype t, struct shape sh, int block)
{
	struct result_row *w = results_add_row(R->res);

	w->family = xstrdup(family_name(v->family));
	w->variant = xstrdup(v->name);
	w->step = v->step;
	w->dtype = xstrdup(dtype_name(t));
	w->n = sh.n;
	w->m = sh.m;
	w->block = block;
	w->timed_region = xstrdup(v->timed_region);
	w->timer = xstrdup(v->flags & VF_CPU ? "host-clock" : "cuda-events");
	w->bytes = registry_bytes(v, t, (size_t)sh.n, (size_t)sh.m);
	return w;
}

static void row_fail(struct run *R, struct result_row *w, enum row_status s,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void row_fail(struct run *R, struct result_row *w, enum row_status s,
		     const char *fmt, ...)
{
	va_list ap;
	char buf[512];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	w->status = s;
	w->verified = false;
	free(w->message);
	w->message = xstrdup(buf);
	if (s == ROW_WRONG || s == ROW_ERROR)
		R->failed = true;
}

/* A CUDA error in a measurement: fails the row, and ends the run if the
 * error poisoned the context. */
static void row_cuda_error(struct run *R, struct result_row *w, int err,
			   const char *what)
{
	row_fail(R, w, ROW_ERROR, "%s", err_text(err));
	context_lost(R, err, what);
}

/* Runs the variant once on a->stream and waits for it.  Returns 0 or a
 * CUDA error. */
static int launch_once(struct launch_ctx *L)
{
	int err = L->v->launch(&L->a);

	if (err)
		return err;
	return (int)cudaStreamSynchronize(L->a.stream);
}

/* CULAB_TEST_TRAP=VARIANT (GPU tests only): the variant's correctness
 * launch is replaced by a kernel that traps, to check what a run does
 * when a kernel faults and the context is lost.  Returns 0 or the CUDA
 * error. */
static int test_trap(const struct run *R, struct launch_ctx *L)
{
	int err;

	if (!R->trap || strcmp(R->trap, L->v->name) != 0)
		return 0;
	if ((err = support_trap(L->a.stream)))
		return err;
	return (int)cudaStreamSynchronize(L->a.stream);
}

static int restore_input(struct launch_ctx *L)
{
	if (!(L->v->flags & VF_IN_PLACE))
		return 0;
	return (int)cudaMemcpyAsync(L->st->d_copy, L->st->d_in,
				    L->st->in_bytes, cudaMemcpyDeviceToDevice,
				    L->a.stream);
}

static int poison_output(struct launch_ctx *L)
{
	const struct variant *v = L->v;
	int err;

	if (v->flags & (VF_HOST_STEP | VF_CPU))
		memset(L->a.result, POISON, dtype_acc_size(L->st->t));
	if (v->flags & VF_CPU)
		return 0;
	err = (int)cudaMemsetAsync(L->st->d_out, POISON, L->st->out_bytes,
				   L->a.stream);
	if (err)
		return err;
	return (int)cudaStreamSynchronize(L->a.stream);
}

static double acc_value(enum dtype t, const void *acc)
{
	switch (t) {
	case DTYPE_INT:
		return (double)*(const long long *)acc;
	case DTYPE_FLOAT:
		return *(const float *)acc;
	case DTYPE_DOUBLE:
		return *(const double *)acc;
	default:
		return NAN;
	}
}

/* Checks the output of the last run.  Returns 0 (verified), 1 (wrong, row
 * filled) or a negative CUDA error. */
static int verify(struct run *R, struct launch_ctx *L, struct result_row *w,
		  void *h_out)
{
	struct stage *st = L->st;
	const struct variant *v = L->v;
	int err;

	if (v->family == FAMILY_REDUCE) {
		unsigned char acc[16];

		if (v->flags & (VF_HOST_STEP | VF_CPU)) {
			memcpy(acc, L->a.result, dtype_acc_size(st->t));
		} else {
			err = (int)cudaMemcpy(acc, st->d_out,
					      dtype_acc_size(st->t),
					      cudaMemcpyDeviceToHost);
			if (err)
				return -err;
		}
		if (st->t == DTYPE_INT) {
			long long got = *(long long *)acc,
				  want = (long long)st->ref;

			w->error = fabs((double)got - (double)want);
			w->tolerance = 0;
			if (got != want) {
				row_fail(R, w, ROW_WRONG,
					 "sum is %lld, expected %lld", got, want);
				return 1;
			}
		} else {
			double got = acc_value(st->t, acc);

			w->error = fabs((double)((long double)got - st->ref));
			w->tolerance = st->tol;
			if (!(w->error <= st->tol)) {
				row_fail(R, w, ROW_WRONG,
					 "sum is %.17g, expected %.17Lg "
					 "(error %.3g > tolerance %.3g)",
					 got, st->ref, w->error, st->tol);
				return 1;
			}
		}
		w->verified = true;
		return 0;
	}

	/* Transposes (and copies) are checked exactly, element by element. */
	err = (int)cudaMemcpy(h_out, st->d_out, st->out_bytes,
			      cudaMemcpyDeviceToHost);
	if (err)
		return -err;
	{
		size_t rows = st->sh.n, cols = st->sh.m, first = 0, bad;

		bad = runner_check_transpose(st->h_in, h_out, rows, cols,
				      dtype_size(st->t),
				      v->flags & (VF_CEILING | VF_COPY), &first);
		w->error = (double)bad;
		w->tolerance = 0;
		if (bad) {
			row_fail(R, w, ROW_WRONG,
				 "%zu of %zu elements differ; first at row %zu, "
				 "column %zu of the input", bad, rows * cols,
				 first / cols, first % cols);
			return 1;
		}
	}
	w->verified = true;
	return 0;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* With CULAB_RUN_TRACE set, where a run's time went (printed at its end). */
enum run_phase {
	RP_DEVICE, RP_STAGE, RP_ALLOC, RP_CHECK, RP_TIMING, RP_COUNTERS,
	RP_SAVE, RP_COUNT
};
static const char *const run_phase_names[] = {
	"device set-up", "stage inputs", "allocations", "correctness",
	"timing", "counters", "saving results"
};
static double run_phase[RP_COUNT];
static struct slowest run_slow[8];      /* the slowest correctness checks */

static void run_lap(enum run_phase p, double *t)
{
	double n = now_s();

	run_phase[p] += n - *t;
	*t = n;
}

/* One timed sample in milliseconds into *ms.  Returns 0 or a CUDA error. */
static int sample(struct run *R, struct launch_ctx *L, bool flush, double *ms)
{
	float f = 0;
	int err;

	if (L->v->flags & VF_CPU) {
		double t0 = now_s();

		err = L->v->launch(&L->a);
		*ms = (now_s() - t0) * 1e3;
		return err;
	}
	if ((err = restore_input(L)))
		return err;
	if (flush && (err = support_l2_flush(R->flush_buf, R->flush_bytes,
					     R->flush_sink, L->a.stream)))
		return err;
	if ((err = (int)cudaEventRecord(R->ev_start, L->a.stream)))
		return err;
	if ((err = L->v->launch(&L->a)))
		return err;
	if ((err = (int)cudaEventRecord(R->ev_stop, L->a.stream)))
		return err;
	if ((err = (int)cudaEventSynchronize(R->ev_stop)))
		return err;
	if ((err = (int)cudaEventElapsedTime(&f, R->ev_start, R->ev_stop)))
		return err;
	*ms = f;
	return 0;
}

static int time_variant(struct run *R, struct launch_ctx *L,
			struct result_row *w)
{
	const struct experiment *e = L->st->e;
	int reps = e->repeats, err, i;
	double ms;

	w->t.warmup = e->warmup;
	for (i = 0; i < e->warmup && !interrupted; i++) {
		if ((err = sample(R, L, e->l2_flush, &ms)))
			return err;
		/* The CPU row: keep its share of the run bounded. */
		if ((L->v->flags & VF_CPU) && i == 0 && ms > 0) {
			int cap = (int)(CPU_TIME_BUDGET_S * 1e3 / ms);

			if (cap < 1)
				cap = 1;
			if (cap < reps)
				reps = cap;
		}
	}
	w->t.samples_ms = xcalloc((size_t)reps, sizeof(double));
	for (i = 0; i < reps && !interrupted; i++) {
		if ((err = sample(R, L, e->l2_flush, &w->t.samples_ms[i])))
			return err;
		w->t.nsamples++;
	}
	if (reps < e->repeats) {
		char *msg = xasprintf("%d of %d timed runs (CPU time budget "
				      "%.0f s)", reps, e->repeats,
				      CPU_TIME_BUDGET_S);
		free(w->message);
		w->message = msg;
	}
	timing_compute(&w->t);
	return 0;
}

/* Counter replay callbacks. */
static int ctr_prepare(void *p)
{
	return restore_input(p);
}

static int ctr_launch(void *p)
{
	struct launch_ctx *L = p;
	int err;

	if (L->nvtx)
		nvtxRangePushA(L->nvtx);
	err = launch_once(L);
	if (L->nvtx)
		nvtxRangePop();
	return err;
}

/* Theoretical occupancy of a measurement: each launch's weighted by its
 * duration, as achieved occupancy is aggregated; NAN when unknown. */
static double theoretical_occupancy(const struct kernel_counters *k, size_t nk)
{
	double sum = 0, weight = 0;

	for (size_t i = 0; i < nk; i++) {
		double d = NAN;

		for (size_t j = 0; j < k[i].nvalues; j++)
			if (!strcmp(k[i].names[j], "gpu__time_duration.sum"))
				d = k[i].values[j];
		if (isnan(k[i].theoretical_occupancy_pct) || !(d > 0))
			return NAN;
		sum += d * k[i].theoretical_occupancy_pct;
		weight += d;
	}
	return weight > 0 ? sum / weight : NAN;
}

/* Why a variant gets no counters in this run, or NULL when it does. */
static const char *no_counters_why(const struct run *R, const struct variant *v)
{
	if (!R->ctr)
		return R->ctr_status ? R->ctr_status : "counters were not collected";
	if (v->flags & VF_CPU)
		return "not applicable: runs on the CPU";
	return NULL;
}

/* Derives the row's columns from its launches' raw values; the row takes
 * k over. */
static void fill_counters(struct run *R, struct result_row *w,
			  struct kernel_counters *k, size_t nk)
{
	struct metric_context mctx = { R->peak_gbps, NAN };
	double *cols;
	size_t j;

	mctx.theoretical_occupancy_pct = theoretical_occupancy(k, nk);
	cols = xcalloc(R->plan.ncols ? R->plan.ncols : 1, sizeof(*cols));
	counter_plan_derive_kernels(&R->plan, k, nk, &mctx, cols);
	w->ncolumns = R->plan.ncols;
	w->columns = xcalloc(w->ncolumns ? w->ncolumns : 1,
			     sizeof(*w->columns));
	for (j = 0; j < R->plan.ncols; j++) {
		w->columns[j].name = xstrdup(R->plan.cols[j]);
		w->columns[j].value = cols[j];
	}
	w->kernels = k;
	w->nkernels = nk;
	free(cols);
}

static void pending_release(struct pending *p)
{
	cudaFree(p->d_work);
	cudaFreeHost(p->h_host);
	cudaFreeHost(p->h_result);
	memset(p, 0, sizeof(*p));
}

/* Profiles the waiting measurements as one batch: one Start/Stop per
 * replay pass for all of them instead of one per measurement, which
 * roughly halves the cost of the counter phase. */
static void flush_counters(struct run *R)
{
	struct counters_item items[COUNTERS_BATCH_MAX];
	struct counters_result res[COUNTERS_BATCH_MAX];
	size_t i, n = R->npend;
	char why[512];
	int rc = -1;
	double t = now_s();

	if (!n)
		return;
	for (i = 0; i < n; i++) {
		items[i].label = R->pend[i].label;
		/* in-place variants get their input back before every pass */
		items[i].prepare = R->pend[i].L.v->flags & VF_IN_PLACE ?
				   ctr_prepare : NULL;
		items[i].launch = ctr_launch;
		items[i].ctx = &R->pend[i].L;
	}
	if (R->fatal)
		snprintf(why, sizeof(why), "counters not collected: %s",
			 R->fatal_why);
	else
		rc = counters_profile_batch(R->ctr, items, n, res, why,
					    sizeof(why));
	for (i = 0; i < n; i++) {
		struct result_row *w = &R->res->rows[R->pend[i].row];

		if (rc < 0) {
			w->counters_status = xstrdup(why);
		} else if (res[i].error) {
			w->counters_status = xstrdup(res[i].error);
		} else {
			fill_counters(R, w, res[i].k, res[i].nk);
			res[i].k = NULL;
			res[i].nk = 0;
		}
		if (rc == 0)
			counters_result_release(&res[i]);
		pending_release(&R->pend[i]);
	}
	R->npend = 0;
	run_lap(RP_COUNTERS, &t);
}

/* Allocates what one variant needs beyond the stage, runs the three
 * phases and fills the row.  Returns false when a signal cut the
 * measurement short (the row is then incomplete). */
static bool measure(struct run *R, struct stage *st, const struct variant *v,
		    int block, struct result_row *w, const char *label,
		    void *h_out)
{
	struct launch_ctx L = { .v = v, .st = st };
	size_t work = 0, host = 0, need;
	size_t free_b = 0, total_b = 0;
	void *d_work = NULL, *h_host = NULL, *h_result = NULL;
	bool complete = true;
	double t = now_s();
	const char *why_not;
	int err;

	L.a.dtype = st->t;
	L.a.n = (size_t)st->sh.n;
	L.a.m = (size_t)st->sh.m;
	L.a.block = block;
	L.a.sm_count = R->sm_count;
	L.a.stream = R->stream;
	if (v->work)
		work = v->work(st->t, L.a.n, L.a.m, block, R->sm_count);
	if (v->host)
		host = v->host(st->t, L.a.n, L.a.m, block, R->sm_count);

	/* Memory check before any allocation of this variant. */
	need = work + ((v->flags & VF_IN_PLACE) && !st->d_copy ? st->in_bytes : 0);
	if (!(v->flags & VF_CPU) && need) {
		if ((err = (int)cudaMemGetInfo(&free_b, &total_b))) {
			row_fail(R, w, ROW_ERROR, "cudaMemGetInfo: %s",
				 err_text(err));
			return true;
		}
		if (need + (64u << 20) > free_b) {
			row_fail(R, w, ROW_SKIPPED,
				 "needs %.2f GiB more device memory, %.2f GiB "
				 "free", (double)need / (1 << 30),
				 (double)free_b / (1 << 30));
			return true;
		}
	}
	if ((v->flags & VF_IN_PLACE) && !st->d_copy &&
	    (err = (int)cudaMalloc(&st->d_copy, st->in_bytes))) {
		st->d_copy = NULL;
		row_fail(R, w, ROW_ERROR, "cudaMalloc: %s", err_text(err));
		goto out;
	}
	if (work && (err = (int)cudaMalloc(&d_work, work))) {
		d_work = NULL;
		row_fail(R, w, ROW_ERROR, "cudaMalloc of %zu bytes: %s", work,
			 err_text(err));
		goto out;
	}
	if (host && (err = (int)cudaMallocHost(&h_host, host))) {
		h_host = NULL;
		row_fail(R, w, ROW_ERROR, "cudaMallocHost: %s", err_text(err));
		goto out;
	}
	if ((err = (int)cudaMallocHost(&h_result, 16))) {
		h_result = NULL;
		row_fail(R, w, ROW_ERROR, "cudaMallocHost: %s", err_text(err));
		goto out;
	}
	L.a.in = v->flags & VF_CPU ? st->h_in :
		 v->flags & VF_IN_PLACE ? st->d_copy : st->d_in;
	L.a.out = st->d_out;
	L.a.work = d_work;
	L.a.host = h_host;
	L.a.result = h_result;
	run_lap(RP_ALLOC, &t);

	/* 1. correctness */
	if ((err = restore_input(&L)) || (err = poison_output(&L)) ||
	    (err = test_trap(R, &L)) || (err = launch_once(&L))) {
		row_cuda_error(R, w, err, v->name);
		goto out;
	}
	err = verify(R, &L, w, h_out);
	if (R->trace)
		slowest_note(run_slow, ARRAY_SIZE(run_slow), label, now_s() - t);
	run_lap(RP_CHECK, &t);
	if (err < 0) {
		row_cuda_error(R, w, -err, v->name);
		goto out;
	}
	if (err > 0)
		goto out;

	/* 2. timing */
	if (!R->o->profile_only) {
		if ((err = time_variant(R, &L, w))) {
			row_cuda_error(R, w, err, v->name);
			goto out;
		}
		if (interrupted) {
			complete = false;
			goto out;
		}
		err = verify(R, &L, w, h_out);
		if (err < 0) {
			row_cuda_error(R, w, -err, v->name);
			goto out;
		}
		if (err > 0) {
			char *m = xasprintf("after the timed runs: %s", w->message);

			free(w->message);
			w->message = m;
			goto out;
		}
		w->gbps = registry_gbps(v, st->t, L.a.n, L.a.m, w->t.median_ms);
		w->pct_peak = R->peak_gbps > 0 ? 100.0 * w->gbps / R->peak_gbps : NAN;
	} else {
		timing_compute(&w->t);
		w->gbps = w->pct_peak = NAN;
	}
	run_lap(RP_TIMING, &t);

	/* 3. counters: with the stage's batch (flush_counters) */
	w->status = ROW_OK;
	if (R->have_plan && (why_not = no_counters_why(R, v))) {
		w->counters_status = xstrdup(why_not);
	} else if (R->have_plan) {
		struct pending *p = &R->pend[R->npend++];

		p->L = L;
		p->row = (size_t)(w - R->res->rows);
		snprintf(p->label, sizeof(p->label), "%s", label);
		p->L.nvtx = p->label;
		p->d_work = d_work;
		p->h_host = h_host;
		p->h_result = h_result;
		d_work = h_host = h_result = NULL;      /* the batch's now */
	}
out:
	cudaFree(d_work);
	cudaFreeHost(h_host);
	cudaFreeHost(h_result);
	return complete;
}

static void stage_release(struct stage *st)
{
	free(st->h_in);
	cudaFree(st->d_in);
	cudaFree(st->d_copy);
	cudaFree(st->d_out);
	memset(st, 0, sizeof(*st));
}

/* Number of (variant, block) pairs of a variant in an experiment. */
static size_t nblocks_of(const struct experiment *e, const struct variant *v)
{
	return (v->flags & VF_BLOCK) && e->nblocks ? e->nblocks : 1;
}

static int block_of(const struct experiment *e, const struct variant *v,
		    size_t i)
{
	if (!(v->flags & VF_BLOCK))
		return 0;
	return e->nblocks ? e->blocks[i] : v->block_default;
}

/* Writes the results so far; a failure stops the run. */
static int save_results(struct run *R)
{
	double t = now_s();
	int rc = write_results(R);

	run_lap(RP_SAVE, &t);
	if (rc == 0)
		return 0;
	R->fatal = true;
	snprintf(R->fatal_why, sizeof(R->fatal_why),
		 "cannot write results to \"%s\"", R->outdir);
	return -1;
}

static void run_stage(struct run *R, const struct experiment *e, enum dtype t,
		      struct shape sh)
{
	struct stage st = { .e = e, .t = t, .sh = sh };
	size_t es = dtype_size(t), free_b = 0, total_b = 0, vi, bi;
	void *h_out = NULL;
	char size_text[64];
	bool any = false;
	int err;

	shape_text(e, sh, size_text, sizeof(size_text));
	st.in_bytes = (size_t)(sh.n * sh.m) * es;
	st.out_bytes = e->family == FAMILY_REDUCE ? 16 : st.in_bytes;

	/* Is anything of this stage left to do (--resume)? */
	for (vi = 0; vi < e->nvariants && !any; vi++) {
		const struct variant *v = e->variants[vi];

		if (!runs(R, v, t))
			continue;
		for (bi = 0; bi < nblocks_of(e, v); bi++)
			if (!prev_has(R, e->name, v->name, t, sh, block_of(e, v, bi)))
				any = true;
	}

	if (any) {
		double t0 = now_s();

		cudaMemGetInfo(&free_b, &total_b);
		if (st.in_bytes + st.out_bytes + (64u << 20) > free_b)
			goto skip_all;
		st.h_in = malloc(st.in_bytes ? st.in_bytes : 1);
		/* Pinned when possible: every transpose's output comes back
		 * whole to be checked, faster into pinned memory. */
		if (e->family == FAMILY_TRANSPOSE)
			h_out = check_buffer(R, st.in_bytes);
		if (!st.h_in || (e->family == FAMILY_TRANSPOSE && !h_out))
			goto skip_all;
		runner_fill_input(st.h_in, e->family, t, sh.n, sh.m, e->seed);
		if (e->family == FAMILY_REDUCE)
			runner_reference_sum(st.h_in, t, sh.n, &st.ref, &st.tol);
		if ((err = (int)cudaMalloc(&st.d_in, st.in_bytes)) ||
		    (err = (int)cudaMalloc(&st.d_out, st.out_bytes)) ||
		    (err = (int)cudaMemcpy(st.d_in, st.h_in, st.in_bytes,
					   cudaMemcpyHostToDevice))) {
			if (context_lost(R, err, "allocating inputs"))
				goto out;
			goto skip_all;
		}
		run_lap(RP_STAGE, &t0);
	}

	for (vi = 0; vi < e->nvariants; vi++) {
		const struct variant *v = e->variants[vi];

		if (!runs(R, v, t))
			continue;
		for (bi = 0; bi < nblocks_of(e, v); bi++) {
			int block = block_of(e, v, bi);
			char label[512];
			struct result_row *w;
			bool complete;

			if (interrupted || R->fatal)
				goto out;
			if (prev_has(R, e->name, v->name, t, sh, block)) {
				take_prev(R, e->name, v->name, t, sh, block);
				R->done++;
				continue;
			}
			if (e->nblocks && (v->flags & VF_BLOCK))
				snprintf(label, sizeof(label), "%s/%s/%s/%s/b%d",
					 e->name, v->name, dtype_name(t),
					 size_text, block);
			else
				snprintf(label, sizeof(label), "%s/%s/%s/%s",
					 e->name, v->name, dtype_name(t),
					 size_text);
			progress(R, label);
			w = new_row(R, v, t, sh, block);
			w->experiment = xstrdup(e->name);
			nvtxRangePushA(label);
			complete = measure(R, &st, v, block, w, label, h_out);
			nvtxRangePop();
			if (!complete) {
				/* Cut short by a signal: a partial measurement
				 * is no measurement. */
				results_pop_row(R->res);
				goto out;
			}
			R->done++;
			if (R->npend == COUNTERS_BATCH_MAX)
				flush_counters(R);
			/* Rows waiting for their counters are not saved yet:
			 * a resumed run must not take them as done. */
			if (!R->npend && save_results(R) < 0)
				goto out;
		}
	}
	goto out;

skip_all:
	for (vi = 0; vi < e->nvariants; vi++) {
		const struct variant *v = e->variants[vi];

		if (!runs(R, v, t))
			continue;
		for (bi = 0; bi < nblocks_of(e, v); bi++) {
			int block = block_of(e, v, bi);
			struct result_row *w;

			if (prev_has(R, e->name, v->name, t, sh, block)) {
				take_prev(R, e->name, v->name, t, sh, block);
				continue;
			}
			w = new_row(R, v, t, sh, block);
			w->experiment = xstrdup(e->name);
			row_fail(R, w, ROW_SKIPPED,
				 "input and output need %.2f GiB of device "
				 "memory (and host copies), %.2f GiB free",
				 (double)(st.in_bytes + st.out_bytes) / (1 << 30),
				 (double)free_b / (1 << 30));
			R->done++;
		}
	}
	write_results(R);
out:
	if (R->npend) {
		flush_counters(R);
		save_results(R);
	}
	stage_release(&st);
}

/* ---- the run ------------------------------------------------------------- */

static void results_init(struct run *R)
{
	const struct experiment_file *f = R->f;
	struct results *r = R->res;
	char now[32];
	size_t i, j;

	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup(CULAB_VERSION);
	r->culab_commit = xstrdup(CULAB_COMMIT);
	r->command = xstrdup(R->o->command ? R->o->command : "");
	r->started = xstrdup(iso_time_now(now));
	r->status = xstrdup("running");
	r->source_path = xstrdup(f->path);
	r->source_sha256 = xstrdup(f->sha256);
	r->source_text = xstrdup(f->text);
	r->note = xstrdup(R->o->note);
	r->nexperiments = f->nexps;
	r->experiments = xcalloc(f->nexps, sizeof(*r->experiments));
	for (i = 0; i < f->nexps; i++) {
		const struct experiment *e = &f->exps[i];
		struct experiment_meta *m = &r->experiments[i];

		m->name = xstrdup(e->name);
		m->description = xstrdup(e->description);
		m->family = xstrdup(family_name(e->family));
		m->warmup = e->warmup;
		m->repeats = e->repeats;
		m->seed = e->seed;
		m->l2_flush = e->l2_flush;
		m->ncounters = R->o->no_counters ? 0 : e->ncounters;
		m->counters = xcalloc(m->ncounters, sizeof(char *));
		for (j = 0; j < m->ncounters; j++)
			m->counters[j] = xstrdup(e->counters[j]);
	}
}

static size_t count_measurements(const struct experiment_file *f,
				 const char *only)
{
	size_t total = 0, i, v, t;

	for (i = 0; i < f->nexps; i++) {
		const struct experiment *e = &f->exps[i];

		for (v = 0; v < e->nvariants; v++)
			for (t = 0; t < e->ndtypes; t++)
				if (selected(only, e->variants[v]->name) &&
				    variant_supports(e->variants[v], e->dtypes[t]))
					total += nblocks_of(e, e->variants[v]) *
						 e->nsizes;
	}
	return total;
}

/* Loads the previous results for --resume; they must come from the same
 * experiment file. */
static int load_previous(struct run *R)
{
	char *path = xasprintf("%s/results.json", R->outdir);
	int rc = 0;

	if (access(path, F_OK) != 0) {
		diag_note("nothing to resume in \"%s\": starting afresh",
			  R->outdir);
		goto out;
	}
	if (results_read(path, &R->prev) < 0) {
		rc = -1;
		goto out;
	}
	if (!R->prev.source_sha256 ||
	    strcmp(R->prev.source_sha256, R->f->sha256) != 0) {
		rc = diag_error("cannot resume: \"%s\" was produced by another "
				"experiment file (SHA-256 differs); use another "
				"output directory or drop --resume", path);
		results_release(&R->prev);
		goto out;
	}
	/* Failed and skipped rows are measured again. */
	for (size_t i = 0; i < R->prev.nrows; i++)
		if (R->prev.rows[i].status != ROW_OK) {
			free(R->prev.rows[i].experiment);
			R->prev.rows[i].experiment = xstrdup("");
		}
	R->have_prev = true;
out:
	free(path);
	return rc;
}

static void counters_end(struct run *R);

static bool same_raw(const struct counter_plan *a, const struct counter_plan *b)
{
	if (a->nraw != b->nraw)
		return false;
	for (size_t i = 0; i < a->nraw; i++)
		if (strcmp(a->raw[i], b->raw[i]) != 0)
			return false;
	return true;
}

/* Opens the counter session for an experiment's counters, or records why
 * there are none.  A session whose raw metrics are the ones this
 * experiment needs stays open: opening costs ~0.5 s (CUPTI's set-up and
 * a warm-up measurement), once per run for the usual file whose
 * experiments share one counter list. */
static void counters_begin(struct run *R, const struct experiment *e)
{
	struct counter_plan plan;
	char why[1024];

	if (R->o->no_counters || !e->ncounters) {
		counters_end(R);
		return;
	}
	memset(&plan, 0, sizeof(plan));
	if (counter_plan_build(e->counters, e->ncounters, &plan) < 0) {
		counters_end(R);
		R->ctr_status = xstrdup("the counter list could not be planned");
		R->have_plan = true;
		return;
	}
	if (R->ctr && R->have_plan && same_raw(&R->plan, &plan)) {
		counter_plan_release(&R->plan);
		R->plan = plan;
		return;
	}
	counters_end(R);
	R->plan = plan;
	R->have_plan = true;
	if (counters_open((const char *const *)R->plan.raw, R->plan.nraw,
			  &R->ctr, why, sizeof(why)) < 0) {
		R->ctr = NULL;
		R->ctr_status = xstrdup(why);
		if (R->o->progress)
			fputc('\n', stderr);
		diag_warning("hardware counters unavailable, timing only: %s", why);
		return;
	}
	if (!R->res->counters_method)
		R->res->counters_method = xstrdup(counters_method(R->ctr));
}

static void counters_end(struct run *R)
{
	/* The method may have changed during the run (counters.h: a flush
	 * the module gave up); the results say how it ended. */
	if (R->ctr && R->res->counters_method &&
	    strcmp(R->res->counters_method, counters_method(R->ctr)) != 0) {
		free(R->res->counters_method);
		R->res->counters_method = xstrdup(counters_method(R->ctr));
	}
	counters_close(R->ctr);
	R->ctr = NULL;
	if (R->have_plan)
		counter_plan_release(&R->plan);
	R->have_plan = false;
	free(R->ctr_status);
	R->ctr_status = NULL;
}

static int setup_device(struct run *R, char *why, size_t whysize)
{
	struct environment *env = &R->res->env;
	int err;

	if (env_device_count(why, whysize) < 0)
		return -1;
	if ((err = (int)cudaSetDevice(R->o->device))) {
		snprintf(why, whysize, "cannot use device %d: %s", R->o->device,
			 err_text(err));
		return -1;
	}
	if (env_probe(R->o->device, env, why, whysize) < 0)
		return -1;
	R->res->has_env = true;
	R->sm_count = env->sm_count;
	R->peak_gbps = env->peak_gbps;
	/* Twice the L2, so no line of a measured buffer can survive. */
	R->flush_bytes = (2 * env->l2_bytes + 4095) & ~(size_t)4095;
	if (R->flush_bytes < (8u << 20))
		R->flush_bytes = 8u << 20;
	if ((err = (int)cudaStreamCreateWithFlags(&R->stream,
						  cudaStreamNonBlocking)) ||
	    (err = (int)cudaEventCreate(&R->ev_start)) ||
	    (err = (int)cudaEventCreate(&R->ev_stop)) ||
	    (err = (int)cudaMalloc(&R->flush_buf, R->flush_bytes)) ||
	    (err = (int)cudaMalloc(&R->flush_sink, 16)) ||
	    (err = (int)cudaMemset(R->flush_buf, 0x3c, R->flush_bytes)) ||
	    (err = (int)cudaDeviceSynchronize())) {
		snprintf(why, whysize, "cannot set up device %d: %s",
			 R->o->device, err_text(err));
		return -1;
	}
	return 0;
}

static void teardown_device(struct run *R)
{
	if (R->h_out_pinned)
		cudaFreeHost(R->h_out);
	else
		free(R->h_out);
	cudaFree(R->flush_buf);
	cudaFree(R->flush_sink);
	if (R->ev_start)
		cudaEventDestroy(R->ev_start);
	if (R->ev_stop)
		cudaEventDestroy(R->ev_stop);
	if (R->stream)
		cudaStreamDestroy(R->stream);
}

/* Prints run_phase with CULAB_RUN_TRACE set. */
static void trace_run(const struct run *R, double total)
{
	double sum = 0;

	if (!R->trace)
		return;
	for (size_t i = 0; i < RP_COUNT; i++) {
		fprintf(stderr, "culab: run: %-15s %8.3f s\n",
			run_phase_names[i], run_phase[i]);
		sum += run_phase[i];
	}
	fprintf(stderr, "culab: run: %-15s %8.3f s\nculab: run: %-15s %8.3f s\n",
		"other", total - sum, "total", total);
	for (size_t i = 0; i < ARRAY_SIZE(run_slow) && run_slow[i].seconds > 0; i++)
		fprintf(stderr, "culab: run:   slow check %8.3f s  %s\n",
			run_slow[i].seconds, run_slow[i].label);
}

int runner_run(const struct experiment_file *f, const struct run_options *o,
	       struct results *out, const char **outdir_used)
{
	struct run R = { .o = o, .f = f, .res = out };
	struct sigaction sa, old_int, old_term;
	char why[512], now[32];
	int rc = EXIT_OK;
	size_t i, ti, si;
	double t0, t;

	R.outdir = o->outdir ? o->outdir : f->output;
	*outdir_used = R.outdir;
	results_init(&R);
	if (mkdir_p(R.outdir) < 0)
		return diag_error("cannot create output directory \"%s\": %s",
				  R.outdir, strerror(errno)), EXIT_USAGE;
	if (access(R.outdir, W_OK) != 0)
		return diag_error("output directory \"%s\" is not writable",
				  R.outdir), EXIT_USAGE;
	if (o->resume && load_previous(&R) < 0)
		return EXIT_USAGE;
	memset(run_phase, 0, sizeof(run_phase));
	memset(run_slow, 0, sizeof(run_slow));
	{
		const char *env = getenv("CULAB_RUN_TRACE");

		R.trace = env && *env && strcmp(env, "0") != 0;
		R.trap = getenv("CULAB_TEST_TRAP");
	}
	t0 = now_s();
	t = t0;
	if (setup_device(&R, why, sizeof(why)) < 0) {
		diag_error("no usable GPU: %s", why);
		teardown_device(&R);
		results_release(&R.prev);
		return EXIT_NO_GPU;
	}
	R.total = count_measurements(f, o->only_variant);
	run_lap(RP_DEVICE, &t);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	interrupted = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);

	for (i = 0; i < f->nexps && !interrupted && !R.fatal; i++) {
		const struct experiment *e = &f->exps[i];

		t = now_s();
		counters_begin(&R, e);
		run_lap(RP_COUNTERS, &t);
		for (ti = 0; ti < e->ndtypes && !interrupted && !R.fatal; ti++)
			for (si = 0; si < e->nsizes && !interrupted && !R.fatal; si++)
				run_stage(&R, e, e->dtypes[ti], e->sizes[si]);
	}
	t = now_s();
	counters_end(&R);
	run_lap(RP_COUNTERS, &t);
	if (o->progress)
		fputc('\n', stderr);

	free(out->status);
	if (interrupted) {
		out->status = xstrdup("interrupted");
		diag_error("interrupted by signal %d: %zu of %zu measurements "
			   "are in \"%s\"; finish with --resume",
			   (int)interrupted, out->nrows, R.total, R.outdir);
		rc = EXIT_INTERRUPTED;
	} else if (R.fatal) {
		out->status = xstrdup("aborted");
		diag_error("run aborted, the CUDA context is unusable: %s; "
			   "%zu finished measurements are in \"%s\"",
			   R.fatal_why, out->nrows, R.outdir);
		rc = EXIT_FAILED;
	} else {
		out->status = xstrdup("complete");
		if (R.failed)
			rc = EXIT_FAILED;
	}
	out->finished = xstrdup(iso_time_now(now));
	if (write_results(&R) < 0 && rc == EXIT_OK)
		rc = EXIT_FAILED;

	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	teardown_device(&R);
	trace_run(&R, now_s() - t0);
	results_release(&R.prev);
	return rc;
}
