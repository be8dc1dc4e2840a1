/* family.c - the family table and each family's inputs, references and
 * checks.  See ladder.h.
 *
 * Host work on inputs of up to 2^36 elements (filling, the reference sum,
 * checking a transpose) is split into fixed chunks spread over threads
 * (util_parallel_for).  Chunks, not threads, define the order of the
 * partial results, so the outcome does not depend on how many cores the
 * machine has. */
#include "ladder.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Elements per chunk of host work. */
#define CHUNK (1u << 20)

/* ---- inputs ------------------------------------------------------------- */

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
	int (*int_of)(uint64_t r);
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
			((int *)f->buf)[i] = f->int_of(r);
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

void family_fill_input(void *buf, const struct family_def *fam, enum dtype t,
		       uint64_t n, uint64_t m, uint64_t seed)
{
	struct fill f = { buf, fam->int_of, t, n * m, seed };

	/* Mix the measurement's identity into the stream so two sizes do not
	 * share a prefix of the same numbers. */
	f.start ^= splitmix64(&f.start) ^ ((uint64_t)fam->id << 56) ^
		   ((uint64_t)t << 48);
	f.start ^= splitmix64(&f.start) ^ n;
	f.start ^= splitmix64(&f.start) ^ m;
	util_parallel_for((size_t)((f.count + CHUNK - 1) / CHUNK), fill_chunk,
			  &f);
}

double family_bytes(const struct family_def *fam, enum dtype t, size_t n,
		    size_t m)
{
	double r = 0, w = 0;

	if (fam && fam->bytes)
		fam->bytes(t, n, m, &r, &w);
	return r + w;
}

/* ---- reduce ------------------------------------------------------------- */

/* Small signed ints: no sum of up to 2^36 of them overflows a long long. */
static int reduce_int_of(uint64_t r)
{
	return (int)(r % 2001) - 1000;
}

static size_t reduce_out_bytes(enum dtype t, uint64_t n, uint64_t m)
{
	(void)t;
	(void)n;
	(void)m;
	return 16;      /* room for any accumulator */
}

static size_t reduce_result_bytes(enum dtype t, uint64_t n, uint64_t m)
{
	(void)n;
	(void)m;
	return dtype_acc_size(t);
}

static void bytes_reduce(enum dtype t, size_t n, size_t m, double *read,
			 double *written)
{
	(void)m;
	*read = (double)n * (double)dtype_size(t);
	*written = (double)dtype_acc_size(t);
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

void family_reference_sum(const void *buf, enum dtype t, uint64_t n,
			  long double *sum, double *abs_sum)
{
	size_t nchunks = (size_t)((n + CHUNK - 1) / CHUNK), c;
	struct refsum r = { buf, t, n, xcalloc(nchunks ? nchunks : 1,
					       sizeof(struct ksum)) };
	struct ksum total = { 0, 0, 0, 0 };

	util_parallel_for(nchunks, refsum_chunk, &r);
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
		*abs_sum = 0;
		return;
	}
	*sum = total.s + total.c;
	*abs_sum = (double)total.abs;
}

/* ---- the float/double tolerance ----------------------------------------- */

/* Every rounded addition fl(a + b) = (a + b)(1 + d) with |d| <= u, the
 * unit roundoff (2^-24 float, 2^-53 double).  A sum's error is then
 * E = sum_j d_j p_j over its additions j, p_j the partial sum that
 * addition produced.  Worst case every d_j has one sign (the textbook
 * gamma_depth bound), which for a serial loop is n u sum|x|: useless.
 * The probabilistic model of Higham and Mary (SIAM J. Sci. Comput. 41,
 * 2019) takes the d_j as mean-independent and zero-mean; then E is a
 * martingale with steps bounded by u |p_j| and the Azuma-Hoeffding
 * inequality gives |E| <= lambda u sqrt(sum_j p_j^2) except with
 * probability 2 exp(-lambda^2 / 2).  For inputs >= 0, p_j = (elements
 * under j) * mean, so sum_j p_j^2 = Q (sum|x| / n)^2 where Q, the sum of
 * the squared element counts of every partial sum, depends only on the
 * order of the additions: n^3/3 for one serial loop, 2n^2 for a pairwise
 * tree.  Each variant's order (its kernels in kernels/reduce.cu) is a
 * row of the table below. */
#define SUM_LAMBDA 6.0

enum sum_order {
	SO_SERIAL,          /* unknown order: a serial loop bounds every order */
	SO_HOST_TILES,      /* a tree per block of B, the host adds the tiles */
	SO_ONE_BLOCK,       /* B serial loops, then thread 0 adds B partials */
	SO_TREE,            /* multi-pass trees of B elements per block */
	SO_TREE_PAIR,       /* ... of 2B (the first add during the load) */
	SO_GRID_STRIDE,     /* persistent grid: serial loops, then trees */
	SO_VECTOR_ATOMIC,   /* 16-byte loops, block trees, atomics over blocks */
	SO_SINGLE_PASS,     /* 16-byte loops, block trees, last block adds */
	SO_HOST_DOUBLE,     /* a serial host loop in double */
	SO_LIBRARY,         /* CUB, Thrust: a grid of at least one block per SM */
};

static const struct {
	const char *variant;
	enum sum_order order;
} sum_orders[] = {
	{ "reduce_global", SO_HOST_TILES },
	{ "reduce_one_block", SO_ONE_BLOCK },
	{ "reduce_interleaved_divergent", SO_TREE },
	{ "reduce_interleaved_strided", SO_TREE },
	{ "reduce_shared_static", SO_TREE },
	{ "reduce_shared_dynamic", SO_TREE },
	{ "reduce_first_add", SO_TREE_PAIR },
	{ "reduce_warp_volatile", SO_TREE_PAIR },
	{ "reduce_warp_syncwarp", SO_TREE_PAIR },
	{ "reduce_unrolled", SO_TREE_PAIR },
	{ "reduce_grid_stride", SO_GRID_STRIDE },
	{ "reduce_shuffle", SO_GRID_STRIDE },
	{ "reduce_vector_atomic", SO_VECTOR_ATOMIC },
	{ "reduce_single_pass", SO_SINGLE_PASS },
	{ "reduce_cpu", SO_HOST_DOUBLE },
	{ "reduce_cub", SO_LIBRARY },
	{ "reduce_thrust", SO_LIBRARY },
};

static enum sum_order order_of(const struct family_run *run)
{
	if (run && run->variant)
		for (size_t i = 0; i < sizeof(sum_orders) / sizeof(sum_orders[0]);
		     i++)
			if (!strcmp(sum_orders[i].variant, run->variant))
				return sum_orders[i].order;
	return SO_SERIAL;
}

static double cdiv(double a, double b)
{
	return ceil(a / b);
}

/* Q of a serial loop over k partials of m elements each. */
static double q_chain(double k, double m)
{
	return m * m * k * (k + 1) * (2 * k + 1) / 6;
}

/* Q of binary trees over n elements in all: level l holds nodes of at most
 * 2^l elements that split the n, so each level adds at most 2^l n. */
static double q_trees(double n)
{
	double p = 1;

	while (p < n)
		p *= 2;
	return 2 * n * p;
}

/* Blocks of the kernels' grids (kernels/reduce.cu), smallest and largest
 * over the occupancy (1 to min(2048 / B, 32) blocks per SM); an unknown
 * SM count makes both the least favourable. */
struct grid {
	double lo, hi;
};

static double clamp_grid(double g, double need)
{
	if (g > need)
		g = need;
	return g < 1 ? 1 : g;
}

static struct grid persistent_grid(double n, double b, double sms)
{
	double need = cdiv(n, b), per_sm = fmin(floor(2048 / b), 32);
	struct grid g = { 1, need };

	if (sms > 0) {
		g.lo = clamp_grid(sms, need);
		g.hi = clamp_grid(sms * fmax(per_sm, 1), need);
	}
	return g;
}

/* stream_grid(): about 16 loop iterations per thread, between one wave
 * and 16 waves of blocks. */
static double stream_blocks(double need, double wave)
{
	double g = floor(need / 16);

	if (g < wave)
		g = wave;
	if (g > wave * 16)
		g = wave * 16;
	return clamp_grid(g, need);
}

static struct grid stream_grid(double n, double per_block, double b,
			       double sms)
{
	double need = cdiv(n, per_block), per_sm = fmin(floor(2048 / b), 32);
	struct grid g = { 1, need };

	if (sms > 0) {
		g.lo = stream_blocks(need, sms);
		g.hi = stream_blocks(need, sms * fmax(per_sm, 1));
	}
	return g;
}

/* Q of the variant's order and the elements of its smallest block (0 when
 * it has no blocks or they are unknown). */
static double order_q(const struct family_run *run, enum dtype t, double n,
		      double *block_elems)
{
	double b = run && run->block > 0 ? run->block : 256;
	double sms = run && run->sm_count > 0 ? run->sm_count : 0;
	double w = 16.0 / (double)dtype_size(t), k;
	struct grid g;

	*block_elems = 0;
	switch (order_of(run)) {
	case SO_HOST_TILES:
		*block_elems = fmin(b, n);
		k = cdiv(n, b);
		return k * 2 * b * b + q_chain(k, b);
	case SO_ONE_BLOCK:
		*block_elems = n;
		k = cdiv(n, b);
		return b * q_chain(k, 1) + q_chain(b, k);
	case SO_TREE:
		*block_elems = fmin(b, n);
		return q_trees(n);
	case SO_TREE_PAIR:
		*block_elems = fmin(2 * b, n);
		return q_trees(n);
	case SO_GRID_STRIDE:
		g = persistent_grid(n, b, sms);
		*block_elems = floor(n / g.hi);
		return g.lo * b * q_chain(cdiv(n, g.lo * b), 1) + q_trees(n);
	case SO_VECTOR_ATOMIC:
	case SO_SINGLE_PASS: {
		bool atomic = order_of(run) == SO_VECTOR_ATOMIC;
		double per_block = b * w * (atomic ? 1 : 4), q;

		g = stream_grid(n, per_block, b, sms);
		*block_elems = floor(n / g.hi);
		/* each thread's loop over 16-byte vectors (plus the head and
		 * tail), the additions inside a vector, the block trees */
		q = g.lo * b * q_chain(cdiv(n, g.lo * b * w) + 2, w) +
		    cdiv(n, w) * q_chain(w, 1) + q_trees(n);
		if (atomic)             /* the atomics: one loop over blocks */
			return q + q_chain(g.hi, cdiv(n, g.hi));
		/* the last block: B loops over the block sums, a tree */
		return q + b * q_chain(cdiv(g.hi, b), cdiv(n, g.hi)) +
		       q_trees(n);
	}
	case SO_LIBRARY:
		/* Order unknown inside: as if one thread per SM looped over
		 * its share and a tree added the SMs' sums. */
		if (sms <= 0)
			return q_chain(n, 1);
		return sms * q_chain(cdiv(n, sms), 1) + q_trees(n);
	case SO_HOST_DOUBLE:
	case SO_SERIAL:
	default:
		return q_chain(n, 1);
	}
}

double family_sum_tolerance(const struct family_run *run, enum dtype t,
			    uint64_t n, double abs_sum)
{
	double u = t == DTYPE_FLOAT ? 0x1.0p-24 : 0x1.0p-53, be;
	double dn = n ? (double)n : 1;
	double q = order_q(run, t, dn, &be);

	if (t == DTYPE_INT)
		return 0;
	if (order_of(run) == SO_HOST_DOUBLE && t == DTYPE_FLOAT) {
		/* a loop in double, then one rounding to float: one more
		 * addition-sized step (d <= 2^-24) at p = sum */
		double r = 0x1.0p-53 / u;

		q = q * r * r + dn * dn;
	}
	return SUM_LAMBDA * u * abs_sum * sqrt(q) / dn;
}

double family_sum_block_elems(const struct family_run *run, enum dtype t,
			      uint64_t n)
{
	double be;

	(void)order_q(run, t, n ? (double)n : 1, &be);
	return be;
}

uint32_t family_xor32(const void *buf, uint64_t words)
{
	const uint32_t *w = buf;
	uint32_t x = 0;

	for (uint64_t i = 0; i < words; i++)
		x ^= w[i];
	return x;
}

struct reduce_ref {
	long double sum;
	double abs_sum;          /* sum of |x|, for the tolerance */
	uint32_t xor32;          /* XOR of the input's 32-bit words, for the
				    read ceiling (reduce_read) */
};

static void *reduce_reference(const void *in, enum dtype t, uint64_t n,
			      uint64_t m)
{
	struct reduce_ref *r = xmalloc(sizeof(*r));

	(void)m;
	family_reference_sum(in, t, n, &r->sum, &r->abs_sum);
	r->xor32 = family_xor32(in, n * dtype_size(t) / 4);
	return r;
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

/* The accumulator `out` against the reference sum: ints exactly, floats
 * within the tolerance. */
static void reduce_check(const void *ref, const void *in, const void *out,
			 enum dtype t, uint64_t n, uint64_t m, bool copy,
			 const struct family_run *run, struct family_check *c)
{
	const struct reduce_ref *r = ref;

	(void)in;
	(void)m;
	c->message[0] = '\0';
	if (copy) {             /* the read ceiling: the XOR of what it read */
		uint32_t got;

		memcpy(&got, out, sizeof(got));
		c->error = got != r->xor32;
		c->tolerance = 0;
		c->ok = got == r->xor32;
		if (!c->ok)
			snprintf(c->message, sizeof(c->message), "XOR of the "
				 "input's words is 0x%08x, expected 0x%08x (it "
				 "did not read every byte)", got, r->xor32);
		return;
	}
	if (t == DTYPE_INT) {
		long long got, want = (long long)r->sum;

		memcpy(&got, out, sizeof(got));
		c->error = fabs((double)got - (double)want);
		c->tolerance = 0;
		c->ok = got == want;
		if (!c->ok)
			snprintf(c->message, sizeof(c->message),
				 "sum is %lld, expected %lld", got, want);
		return;
	}
	{
		double got = acc_value(t, out);

		c->error = fabs((double)((long double)got - r->sum));
		c->tolerance = family_sum_tolerance(run, t, n, r->abs_sum);
		c->ok = c->error <= c->tolerance;
		if (!c->ok && isnan(got))
			snprintf(c->message, sizeof(c->message),
				 "sum is nan, expected %.17Lg: the input holds "
				 "no NaN, but the bytes around it do on this "
				 "run, so the kernel read before or past its "
				 "input (or a value it never wrote)", r->sum);
		else if (!c->ok)
			snprintf(c->message, sizeof(c->message),
				 "sum is %.17g, expected %.17Lg "
				 "(error %.3g > tolerance %.3g)",
				 got, r->sum, c->error, c->tolerance);
	}
}

/* ---- transpose ---------------------------------------------------------- */

/* Wide non-negative ints: every bit of a 30-bit value takes part, so a
 * misplaced element almost never equals the one it replaced. */
static int transpose_int_of(uint64_t r)
{
	return (int)(r >> 34);
}

static size_t transpose_out_bytes(enum dtype t, uint64_t n, uint64_t m)
{
	return (size_t)(n * m) * dtype_size(t);
}

static void bytes_transpose(enum dtype t, size_t n, size_t m, double *read,
			    double *written)
{
	*read = (double)n * (double)m * (double)dtype_size(t);
	*written = *read;
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

size_t family_check_transpose(const void *in, const void *out, size_t rows,
			      size_t cols, size_t es, bool copy,
			      size_t *first_src)
{
	size_t bands = (rows + TILE - 1) / TILE, bad = 0, b;
	struct tcheck k = { in, out, rows, cols, es, copy,
			    xcalloc(bands ? bands : 1, sizeof(size_t)),
			    xcalloc(bands ? bands : 1, sizeof(size_t)) };

	util_parallel_for(bands, tcheck_band, &k);
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

/* Transposes (and copies) are checked exactly, element by element. */
static void transpose_check(const void *ref, const void *in, const void *out,
			    enum dtype t, uint64_t n, uint64_t m, bool copy,
			    const struct family_run *run, struct family_check *c)
{
	(void)run;
	size_t rows = (size_t)n, cols = (size_t)m, first = 0, bad;

	(void)ref;
	bad = family_check_transpose(in, out, rows, cols, dtype_size(t), copy,
				     &first);
	c->error = (double)bad;
	c->tolerance = 0;
	c->ok = bad == 0;
	c->message[0] = '\0';
	if (bad)
		snprintf(c->message, sizeof(c->message),
			 "%zu of %zu elements differ; first at row %zu, "
			 "column %zu of the input", bad, rows * cols,
			 first / cols, first % cols);
}

/* ---- the table ------------------------------------------------------------ */

static const struct family_def families[FAMILY__COUNT] = {
	[FAMILY_REDUCE] = {
		.id = FAMILY_REDUCE,
		.name = "reduce",
		.shapes = false,
		.int_of = reduce_int_of,
		.inputs_about = "ints in [-1000, 1000], floats in [0, 1)",
		.out_bytes = reduce_out_bytes,
		.result_bytes = reduce_result_bytes,
		.reference = reduce_reference,
		.check = reduce_check,
		.bytes = bytes_reduce,
		.bytes_about = "n elements read once, one accumulator written "
			       "(8 bytes for int: long long)",
		.ceiling = "reduce_read",
		.report = FR_HISTORICAL,
	},
	[FAMILY_TRANSPOSE] = {
		.id = FAMILY_TRANSPOSE,
		.name = "transpose",
		.shapes = true,
		.int_of = transpose_int_of,
		.inputs_about = "ints in [0, 2^30), floats in [0, 1)",
		.out_bytes = transpose_out_bytes,
		.result_bytes = transpose_out_bytes,
		.reference = NULL,
		.check = transpose_check,
		.bytes = bytes_transpose,
		.bytes_about = "n x m elements read once and written once",
		.ceiling = "transpose_copy",
		.report = FR_CEILING_CHART,
	},
};

const struct family_def *family_get(enum family f)
{
	return (unsigned)f < FAMILY__COUNT ? &families[f] : NULL;
}

const struct family_def *family_find(const char *name)
{
	for (size_t i = 0; name && i < FAMILY__COUNT; i++)
		if (strcmp(name, families[i].name) == 0)
			return &families[i];
	return NULL;
}

const char *family_name(enum family f)
{
	return (unsigned)f < FAMILY__COUNT ? families[f].name : "?";
}

int family_parse(const char *s, enum family *f)
{
	const struct family_def *d = family_find(s);

	if (!d)
		return -1;
	*f = d->id;
	return 0;
}

const char *const *family_names(size_t *count)
{
	static const char *names[FAMILY__COUNT];

	for (size_t i = 0; i < FAMILY__COUNT; i++)
		names[i] = families[i].name;
	*count = FAMILY__COUNT;
	return names;
}
