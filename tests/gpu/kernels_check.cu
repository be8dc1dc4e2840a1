/* kernels_check.cu - checks every launcher of the registry on a GPU,
 * without the runner, and times the ladders' best rungs against their
 * references.
 *
 *   kernels_check [--only SUBSTR] [--quick] [--big]   correctness
 *   kernels_check --bench [--only SUBSTR] [--runs N]  timing
 *   kernels_check --one NAME TYPE N [M [BLOCK]]        one launch, for ncu
 *                                                     or compute-sanitizer
 *
 * Correctness: every row, every dtype, sizes from 1 up (odd, prime,
 * around block and tile multiples), every block size class the row
 * accepts (its default, its minimum, 1024, and a non-power of two where
 * allowed), misaligned inputs for the rungs that promise to handle them,
 * and three launches in a row without restoring anything but an
 * in-place input (so counters and accumulators must reset themselves).
 * Outputs are poisoned before each run.  Integer sums and every transpose
 * are compared exactly; float and double inputs are small integers, so
 * their sums are exact too while they stay below 2^24 (float) or 2^53
 * (double), and are held to 1e-6 of the sum of magnitudes beyond.  --big
 * adds n = 2^31 + 5 (int and float) for 64-bit indexing.  --quick is a
 * small set for compute-sanitizer.
 *
 * Timing (--bench): float reductions at n = 2^20 ... 2^30 and float
 * transposes at 4096^2, 8192^2 and 16384^2; L2 is flushed (a read of twice its
 * size) before every run, CUDA events surround the launcher call, and the
 * median of N runs (default 30) after 3 warm-ups is reported.
 *
 * Exit status 0 when every check passed.  Build from the repository
 * root, after make has built the objects:
 *   nvcc -std=c++17 -O2 -arch=sm_90 -Isrc -Ikernels -o build/kernels_check \
 *     tests/gpu/kernels_check.cu build/src/registry.o build/src/variants.o \
 *     build/src/family.o build/src/util.o build/src/diag.o \
 *     build/src/dtype.o build/kernels/reduce.o build/kernels/transpose.o \
 *     build/kernels/baselines.o */
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

extern "C" {
#include "ladder/ladder.h"
}

#define CK_EXIT_STATUS 2
#include "ck.h"

static int failures, checks;
static int sm_count;
static const char *only;

/* ---- inputs ----------------------------------------------------------- */

__host__ __device__ static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* ints: the full 32-bit range (sums need 64 bits); float and double:
 * integers in [-8, 8] (sums exact while small); transposes: distinct
 * bit patterns. */
template <class T>
__global__ void fill_kernel(T *p, size_t n, uint64_t seed, int full_range)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		uint64_t r = mix(seed ^ mix(i));

		if (full_range)
			p[i] = (T)(int32_t)(uint32_t)r;
		else
			p[i] = (T)((int)(r % 17) - 8);
	}
}

template <class T> static void fill(T *d, size_t n, uint64_t seed, int full)
{
	fill_kernel<T><<<1024, 256>>>(d, n, seed, full);
	CK(cudaGetLastError());
	CK(cudaDeviceSynchronize());
}

/* ---- reductions --------------------------------------------------------- */

struct reduce_case {
	enum dtype t;
	size_t n;
	void *d_in;     /* device input (restored for in-place rungs) */
	void *d_orig;   /* pristine copy, or NULL when no in-place rung runs */
	void *h_in;     /* host copy, for the CPU row */
	long long exact; /* int: the exact sum */
	double ref, mag; /* float/double: sum and sum of |x| in long double */
};

static bool sum_ok(const reduce_case &c, const void *got, double *err)
{
	if (c.t == DTYPE_INT) {
		long long g;

		memcpy(&g, got, sizeof g);
		*err = (double)(g - c.exact);
		return g == c.exact;
	}
	double g = c.t == DTYPE_FLOAT ? (double)*(const float *)got :
					*(const double *)got;
	double tol = c.t == DTYPE_FLOAT && c.mag >= 16777216.0 ? 1e-6 * c.mag :
		     c.t == DTYPE_DOUBLE && c.mag >= 9e15	   ? 1e-12 * c.mag :
									     0;

	*err = g - c.ref;
	return std::fabs(g - c.ref) <= tol;
}

/* Bytes of scratch size function fn asks for (0 without one). */
static size_t scratch(kernel_size_fn fn, int t, size_t n, size_t m, int block)
{
	kernel_args a = {};

	a.dtype = t;
	a.n = n;
	a.m = m;
	a.block = block;
	a.sm_count = sm_count;
	return fn ? fn(&a) : 0;
}

/* Whether a reduce variant marks the end of its first pass (kernels.h,
 * first_pass): the built-in rungs that finish on the device; not the
 * host-step rungs, the baselines, the ceiling or the CPU row. */
static bool marks_first_pass(const variant *v)
{
	return !(v->flags & (VF_HOST_STEP | VF_CPU | VF_BASELINE | VF_CEILING));
}

/* Runs `v` three times on case `c` at `block` threads, input offset by
 * `offset` elements; counts a failure for a wrong sum or an error.  The
 * second run asks for the first pass's mark (kernels.h, first_pass):
 * the variants that should mark it must, the others must not, and the
 * sum must not change. */
static void run_reduce(const variant *v, const reduce_case &c, int block,
		       size_t offset)
{
	const size_t esz = dtype_size(c.t), asz = dtype_acc_size(c.t);
	const size_t n = c.n - offset;
	size_t wbytes = scratch(v->work, c.t, n, 1, block);
	size_t hbytes = scratch(v->host, c.t, n, 1, block);
	void *out = nullptr, *work = nullptr, *host = nullptr;
	unsigned char result[8];
	kernel_args a;
	device_mark first = {};

	if (v->flags & VF_CPU)
		offset = 0;
	CK(cudaEventCreate(&first.event));
	CK(cudaMalloc(&out, 8));
	if (wbytes)
		CK(cudaMalloc(&work, wbytes));
	if (hbytes)
		CK(cudaMallocHost(&host, hbytes));
	memset(&a, 0, sizeof a);
	a.dtype = c.t;
	a.n = n;
	a.m = 1;
	a.block = (v->flags & VF_BLOCK) ? block : 0;
	a.sm_count = sm_count;
	a.in = (char *)((v->flags & VF_CPU) ? c.h_in : c.d_in) + offset * esz;
	a.out = out;
	a.work = work;
	a.host = host;
	a.result = result;
	a.stream = 0;
	for (int rep = 0; rep < 3; rep++) {
		bool on_host = v->flags & (VF_HOST_STEP | VF_CPU);
		double err = 0;
		int rc;

		if (v->flags & VF_IN_PLACE)
			CK(cudaMemcpy(c.d_in, c.d_orig, c.n * esz,
				      cudaMemcpyDeviceToDevice));
		CK(cudaMemset(out, 0xff, 8));
		memset(result, 0xff, sizeof result);
		first.recorded = 0;
		a.first_pass = rep == 1 ? &first : nullptr;
		rc = v->launch(&a);
		a.first_pass = nullptr;
		if (!rc)
			rc = cudaDeviceSynchronize();
		if (!rc && rep == 1) {
			checks++;
			if (!first.recorded != !marks_first_pass(v) ||
			    (first.recorded &&
			     cudaEventQuery(first.event) != cudaSuccess)) {
				printf("FAIL %s %s n=%zu block=%d: first pass %s\n",
				       v->name, dtype_name(c.t), n, block,
				       first.recorded ? "marked, but not by a "
				       "rung that finishes on the device, or "
				       "its event never completed" :
				       "not marked");
				failures++;
			}
		}
		if (!on_host && !rc)
			rc = cudaMemcpy(result, out, asz, cudaMemcpyDeviceToHost);
		checks++;
		if (rc) {
			printf("FAIL %s %s n=%zu block=%d offset=%zu run %d: %s\n",
			       v->name, dtype_name(c.t), n, block, offset, rep,
			       cudaGetErrorString((cudaError_t)rc));
			failures++;
			(void)cudaGetLastError();
			break;
		}
		/* the reference is for the whole array: offset runs compare
		 * against it minus the skipped head, computed on the host */
		reduce_case sub = c;
		if (offset) {
			for (size_t i = 0; i < offset; i++) {
				if (c.t == DTYPE_INT)
					sub.exact = (long long)((unsigned long long)sub.exact -
								(unsigned long long)(long long)((const int *)c.h_in)[i]);
				else {
					double x = c.t == DTYPE_FLOAT ?
							   ((const float *)c.h_in)[i] :
							   ((const double *)c.h_in)[i];
					sub.ref -= x;
				}
			}
		}
		if (!sum_ok(sub, result, &err)) {
			printf("FAIL %s %s n=%zu block=%d offset=%zu run %d: "
			       "off by %g\n",
			       v->name, dtype_name(c.t), n, block, offset, rep, err);
			failures++;
			break;
		}
	}
	/* leave the shared input as the next row expects it */
	if (v->flags & VF_IN_PLACE)
		CK(cudaMemcpy(c.d_in, c.d_orig, c.n * esz,
			      cudaMemcpyDeviceToDevice));
	CK(cudaFree(out));
	if (work)
		CK(cudaFree(work));
	if (host)
		CK(cudaFreeHost(host));
	CK(cudaEventDestroy(first.event));
}

/* Block sizes worth checking for `v`: default, minimum, 1024 and a
 * non-power of two when allowed. */
static std::vector<int> blocks_for(const variant *v, bool quick)
{
	std::vector<int> b;

	if (!(v->flags & VF_BLOCK))
		return { 0 };
	b.push_back(v->block_default);
	if (quick)
		return b;
	for (int x : { v->block_min > 0 ? v->block_min : 1, 1024,
		       (v->flags & VF_POW2) ? 128 : 96, 64 })
		if (variant_block_ok(v, x) &&
		    std::find(b.begin(), b.end(), x) == b.end())
			b.push_back(x);
	return b;
}

static bool selected(const variant *v)
{
	return !only || strstr(v->name, only);
}

static void check_reductions(bool quick, bool big)
{
	std::vector<size_t> sizes = { 1, 2, 3, 5, 31, 32, 33, 63, 64, 65, 127,
				      255, 256, 257, 511, 1000, 1023, 1024,
				      1025, 2047, 4097, 65535, 65537, 1000003,
				      (1u << 20) + 3, 12345679 };
	size_t count;
	const variant *rows = registry_all(&count);

	if (quick)
		sizes = { 1, 33, 257, 1000, 70001 };
	if (big)
		sizes.push_back(((size_t)1 << 31) + 5);
	for (int ti = 0; ti < DTYPE__COUNT; ti++) {
		enum dtype t = (enum dtype)ti;

		for (size_t n : sizes) {
			reduce_case c = {};
			const size_t esz = dtype_size(t);
			bool any = false;

			if (n > ((size_t)1 << 31) && t == DTYPE_DOUBLE)
				continue; /* int and float cover int64 indexing */
			for (size_t i = 0; i < count; i++)
				any |= rows[i].family == FAMILY_REDUCE && selected(&rows[i]);
			if (!any)
				return;
			c.t = t;
			c.n = n;
			CK(cudaMalloc(&c.d_in, n * esz));
			CK(cudaMalloc(&c.d_orig, n * esz));
			CK(cudaMallocHost(&c.h_in, n * esz));
			if (t == DTYPE_INT)
				fill((int *)c.d_orig, n, n * 3 + 1, 1);
			else if (t == DTYPE_FLOAT)
				fill((float *)c.d_orig, n, n * 3 + 2, 0);
			else
				fill((double *)c.d_orig, n, n * 3 + 3, 0);
			CK(cudaMemcpy(c.d_in, c.d_orig, n * esz, cudaMemcpyDeviceToDevice));
			CK(cudaMemcpy(c.h_in, c.d_orig, n * esz, cudaMemcpyDeviceToHost));
			if (t == DTYPE_INT) {
				unsigned long long u = 0;

				for (size_t i = 0; i < n; i++)
					u += (unsigned long long)(long long)((int *)c.h_in)[i];
				c.exact = (long long)u;
			} else {
				long double s = 0, m = 0;

				for (size_t i = 0; i < n; i++) {
					double x = t == DTYPE_FLOAT ? ((float *)c.h_in)[i] :
								      ((double *)c.h_in)[i];
					s += x;
					m += std::fabs(x);
				}
				c.ref = (double)s;
				c.mag = (double)m;
			}
			for (size_t i = 0; i < count; i++) {
				const variant *v = &rows[i];

				if (v->family != FAMILY_REDUCE || !selected(v) ||
				    !variant_supports(v, t))
					continue;
				if (n > ((size_t)1 << 31) && !strcmp(v->name, "reduce_cpu"))
					continue; /* the reference itself */
				for (int b : blocks_for(v, quick || n > ((size_t)1 << 24)))
					run_reduce(v, c, b, 0);
				/* a misaligned start, for the rungs that promise it */
				if (n > 8 && (strstr(v->name, "vector") ||
					      strstr(v->name, "single_pass") ||
					      (v->flags & VF_BASELINE)))
					run_reduce(v, c, v->block_default, 1);
			}
			CK(cudaFree(c.d_in));
			CK(cudaFree(c.d_orig));
			CK(cudaFreeHost(c.h_in));
		}
		printf("reduce %s: %d checks, %d failures so far\n", dtype_name(t),
		       checks, failures);
		fflush(stdout);
	}
}

/* ---- transposes ---------------------------------------------------------- */

template <class E>
static void run_transpose_as(const variant *v, enum dtype t, size_t n, size_t m,
			     const E *d_in, E *d_out, const std::vector<E> &h_in)
{
	std::vector<E> got(n * m);
	const bool copy = v->flags & VF_COPY;
	kernel_args a;

	memset(&a, 0, sizeof a);
	a.dtype = t;
	a.n = n;
	a.m = m;
	a.sm_count = sm_count;
	a.in = (void *)d_in;
	a.out = d_out;
	for (int rep = 0; rep < 2; rep++) {
		int rc;

		CK(cudaMemset(d_out, 0xa5, n * m * sizeof(E)));
		rc = v->launch(&a);
		if (!rc)
			rc = cudaDeviceSynchronize();
		checks++;
		if (rc) {
			printf("FAIL %s %s %zux%zu: %s\n", v->name,
			       dtype_name(t), n, m,
			       cudaGetErrorString((cudaError_t)rc));
			failures++;
			(void)cudaGetLastError();
			return;
		}
		CK(cudaMemcpy(got.data(), d_out, n * m * sizeof(E),
			      cudaMemcpyDeviceToHost));
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < m; j++) {
				E want = h_in[i * m + j];
				E have = copy ? got[i * m + j] : got[j * n + i];

				if (have != want) {
					printf("FAIL %s %s %zux%zu: element "
					       "(%zu, %zu) wrong\n",
					       v->name, dtype_name(t), n, m, i, j);
					failures++;
					return;
				}
			}
	}
}

/* Runs `v` twice on an n x m matrix, as every dtype of E's size. */
template <class E>
static void run_transpose_t(const variant *v, size_t n, size_t m, const E *d_in,
			    E *d_out, const std::vector<E> &h_in)
{
	if (sizeof(E) == 4) {
		run_transpose_as<E>(v, DTYPE_INT, n, m, d_in, d_out, h_in);
		run_transpose_as<E>(v, DTYPE_FLOAT, n, m, d_in, d_out, h_in);
	} else {
		run_transpose_as<E>(v, DTYPE_DOUBLE, n, m, d_in, d_out, h_in);
	}
}

template <class E> static void check_transposes_t(bool quick)
{
	static const size_t shapes[][2] = {
		{ 1, 1 },      { 1, 1000 },   { 1000, 1 },   { 2, 2 },
		{ 4, 8 },      { 8, 4 },      { 31, 33 },    { 32, 32 },
		{ 33, 31 },    { 64, 64 },    { 65, 63 },    { 100, 1000 },
		{ 1000, 100 }, { 1001, 999 }, { 1024, 1024 }, { 8192, 8 },
		{ 8, 8192 },   { 96, 4100 },  { 2100001, 3 }, { 4200000, 4 },
		{ 3, 2100001 },  { 2, 3000000 }, { 6, 10 },
	};
	size_t count;
	const variant *rows = registry_all(&count);

	for (const auto &s : shapes) {
		const size_t n = s[0], m = s[1];
		std::vector<E> h(n * m);
		E *d_in, *d_out;

		if (quick && n * m > 100000)
			continue;
		for (size_t i = 0; i < n * m; i++)
			h[i] = (E)mix(i * 7 + n);
		CK(cudaMalloc(&d_in, n * m * sizeof(E)));
		CK(cudaMalloc(&d_out, n * m * sizeof(E)));
		CK(cudaMemcpy(d_in, h.data(), n * m * sizeof(E),
			      cudaMemcpyHostToDevice));
		for (size_t i = 0; i < count; i++)
			if (rows[i].family == FAMILY_TRANSPOSE && selected(&rows[i]))
				run_transpose_t<E>(&rows[i], n, m, d_in, d_out, h);
		/* a misaligned input, which the pair rung must refuse to
		 * take in pairs: the matrix of the n - 1 rows that fit after
		 * skipping one element */
		const variant *vec = registry_find("transpose_tile_pairs");
		if (selected(vec) && n > 2 && m > 1) {
			std::vector<E> h1(h.begin() + 1, h.begin() + 1 + (n - 1) * m);

			run_transpose_t<E>(vec, n - 1, m, d_in + 1, d_out, h1);
		}
		CK(cudaFree(d_in));
		CK(cudaFree(d_out));
	}
	printf("transpose %zu-byte: %d checks, %d failures so far\n", sizeof(E),
	       checks, failures);
	fflush(stdout);
}

/* ---- timing ---------------------------------------------------------------- */

__global__ void flush_kernel(const int4 *p, size_t n, int *sink)
{
	int acc = 0;

	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		acc ^= p[i].x;
	if (acc == 0x12345678)
		*sink = acc;
}

struct flusher {
	int4 *buf;
	size_t n;
	int *sink;
};

static void flush_l2(const flusher &f)
{
	flush_kernel<<<sm_count * 8, 256>>>(f.buf, f.n, f.sink);
	CK(cudaGetLastError());
}

/* Median milliseconds of `runs` timed launches of `v` on a->in. */
static double time_variant(const variant *v, kernel_args *a, const flusher &f,
			   int runs, void *orig, size_t in_bytes)
{
	cudaEvent_t start, stop;
	std::vector<float> ms;

	CK(cudaEventCreate(&start));
	CK(cudaEventCreate(&stop));
	for (int r = 0; r < runs + 3; r++) {
		float t;

		if (v->flags & VF_IN_PLACE)
			CK(cudaMemcpy(a->in, orig, in_bytes, cudaMemcpyDeviceToDevice));
		flush_l2(f);
		CK(cudaDeviceSynchronize());
		CK(cudaEventRecord(start, 0));
		int rc = v->launch(a);
		CK(cudaEventRecord(stop, 0));
		CK(cudaEventSynchronize(stop));
		if (rc) {
			printf("FAIL %s: %s\n", v->name,
			       cudaGetErrorString((cudaError_t)rc));
			failures++;
			return NAN;
		}
		CK(cudaEventElapsedTime(&t, start, stop));
		if (r >= 3)
			ms.push_back(t);
	}
	CK(cudaEventDestroy(start));
	CK(cudaEventDestroy(stop));
	std::sort(ms.begin(), ms.end());
	return ms[ms.size() / 2];
}

static void bench(int runs)
{
	static const char *const reduce_rows[] = {
		"reduce_shuffle", "reduce_vector_atomic", "reduce_single_pass",
		"reduce_cub", "reduce_thrust",
	};
	static const char *const transpose_rows[] = {
		"transpose_copy", "transpose_copy_shared", "transpose_naive",
		"transpose_naive_strided_read", "transpose_tile",
		"transpose_tile_pad", "transpose_tile_swizzle",
		"transpose_tile_pairs",
	};
	cudaDeviceProp p;
	flusher f;
	const size_t nmax = (size_t)1 << 30;
	void *in, *out, *work;
	const size_t work_max = (size_t)64 << 20;

	CK(cudaGetDeviceProperties(&p, 0));
	f.n = (size_t)p.l2CacheSize * 2 / sizeof(int4);
	CK(cudaMalloc(&f.buf, f.n * sizeof(int4)));
	CK(cudaMemset(f.buf, 1, f.n * sizeof(int4)));
	CK(cudaMalloc(&f.sink, sizeof(int)));
	CK(cudaMalloc(&in, nmax * sizeof(float)));
	CK(cudaMalloc(&out, nmax * sizeof(float)));
	CK(cudaMalloc(&work, work_max));
	fill((float *)in, nmax, 7, 0);
	printf("\n%s, %d SMs, L2 %d MB, %d timed runs (median), L2 flushed\n",
	       p.name, sm_count, p.l2CacheSize >> 20, runs);
	printf("\nfloat reduction: GB/s (median ms)\n%-22s", "n");
	for (const char *name : reduce_rows)
		if (!only || strstr(name, only))
			printf(" %22s", name);
	printf("\n");
	for (int lg = 20; lg <= 30; lg += 2) {
		const size_t n = (size_t)1 << lg;

		printf("2^%-20d", lg);
		for (const char *name : reduce_rows) {
			const variant *v = registry_find(name);
			kernel_args a = {};
			float result;
			size_t wb;
			double ms;

			if (only && !strstr(name, only))
				continue;
			wb = scratch(v->work, DTYPE_FLOAT, n, 1, v->block_default);
			if (wb > work_max) {
				printf(" %22s", "work too big");
				continue;
			}
			a.dtype = DTYPE_FLOAT;
			a.n = n;
			a.m = 1;
			a.block = (v->flags & VF_BLOCK) ? v->block_default : 0;
			a.sm_count = sm_count;
			a.in = in;
			a.out = out;
			a.work = wb ? work : nullptr;
			a.result = &result;
			ms = time_variant(v, &a, f, runs, nullptr, 0);
			printf(" %12.1f (%7.4f)", registry_gbps(v, DTYPE_FLOAT, n, 1, ms),
			       ms);
		}
		printf("\n");
		fflush(stdout);
	}
	printf("\nfloat transpose: GB/s (median ms), %% of transpose_copy\n");
	for (size_t side : { (size_t)4096, (size_t)8192, (size_t)16384 }) {
		double copy_gbps = 0;

		printf("%zux%zu\n", side, side);
		for (const char *name : transpose_rows) {
			const variant *v = registry_find(name);
			kernel_args a = {};
			double ms, gbps;

			if (only && !strstr(name, only) && strcmp(name, "transpose_copy"))
				continue;
			a.dtype = DTYPE_FLOAT;
			a.n = side;
			a.m = side;
			a.sm_count = sm_count;
			a.in = in;
			a.out = out;
			ms = time_variant(v, &a, f, runs, nullptr, 0);
			gbps = registry_gbps(v, DTYPE_FLOAT, side, side, ms);
			if (!strcmp(name, "transpose_copy"))
				copy_gbps = gbps;
			printf("  %-24s %9.1f (%8.4f) %6.1f%%\n", name, gbps, ms,
			       100 * gbps / copy_gbps);
		}
		fflush(stdout);
	}
	CK(cudaFree(in));
	CK(cudaFree(out));
	CK(cudaFree(work));
	CK(cudaFree(f.buf));
	CK(cudaFree(f.sink));
}

/* One launch of `name` on fresh input, synchronized and checked for
 * errors only: the unit of work for profilers and sanitizers. */
static int run_one(const char *name, const char *type, size_t n, size_t m,
		   int block)
{
	const variant *v = registry_find(name);
	enum dtype t;
	size_t esz, in_elems, wb, hb;
	void *in, *out, *work = nullptr, *host = nullptr;
	unsigned char result[8];
	kernel_args a = {};
	int rc;

	if (!v || dtype_parse(type, &t) || !variant_supports(v, t)) {
		fprintf(stderr, "unknown variant or type\n");
		return 2;
	}
	if (v->family == FAMILY_REDUCE)
		m = 1;
	if (!block)
		block = v->block_default;
	esz = dtype_size(t);
	in_elems = n * m;
	wb = scratch(v->work, t, n, m, block);
	hb = scratch(v->host, t, n, m, block);
	CK(cudaMalloc(&in, in_elems * esz));
	CK(cudaMalloc(&out, v->family == FAMILY_REDUCE ? 8 : in_elems * esz));
	if (wb)
		CK(cudaMalloc(&work, wb));
	if (hb)
		CK(cudaMallocHost(&host, hb));
	if (t == DTYPE_INT)
		fill((int *)in, in_elems, 1, 1);
	else if (t == DTYPE_FLOAT)
		fill((float *)in, in_elems, 1, 0);
	else
		fill((double *)in, in_elems, 1, 0);
	a.dtype = t;
	a.n = n;
	a.m = m;
	a.block = (v->flags & VF_BLOCK) ? block : 0;
	a.sm_count = sm_count;
	a.in = in;
	a.out = out;
	a.work = work;
	a.host = host;
	a.result = result;
	if (v->flags & VF_CPU) {
		fprintf(stderr, "the CPU row has no kernel\n");
		return 2;
	}
	rc = v->launch(&a);
	if (!rc)
		rc = cudaDeviceSynchronize();
	printf("%s %s %zu x %zu block %d: %s\n", name, type, n, m, a.block,
	       cudaGetErrorString((cudaError_t)rc));
	return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
	bool quick = false, big = false, do_bench = false;
	int runs = 30;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			quick = true;
		else if (!strcmp(argv[i], "--big"))
			big = true;
		else if (!strcmp(argv[i], "--bench"))
			do_bench = true;
		else if (!strcmp(argv[i], "--only") && i + 1 < argc)
			only = argv[++i];
		else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
			runs = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--one") && i + 3 < argc) {
			CK(cudaDeviceGetAttribute(&sm_count,
						  cudaDevAttrMultiProcessorCount, 0));
			return run_one(argv[i + 1], argv[i + 2],
				       strtoull(argv[i + 3], nullptr, 0),
				       i + 4 < argc ? strtoull(argv[i + 4], nullptr, 0) : 1,
				       i + 5 < argc ? atoi(argv[i + 5]) : 0);
		}
		else {
			fprintf(stderr, "usage: %s [--quick] [--big] [--bench] "
				"[--only SUBSTR] [--runs N]\n", argv[0]);
			return 2;
		}
	}
	CK(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, 0));
	if (do_bench) {
		bench(runs > 0 ? runs : 30);
	} else {
		check_reductions(quick, big);
		check_transposes_t<unsigned int>(quick);
		check_transposes_t<unsigned long long>(quick);
	}
	printf("%d checks, %d failures\n", checks, failures);
	return failures ? 1 : 0;
}
