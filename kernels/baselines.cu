/* baselines.cu - rows beside the reduction ladder: CUB, Thrust and the
 * CPU.
 *
 * The library baselines answer "how close does the hand-written ladder
 * get to what a CUDA programmer would call?"; the CPU row answers "was
 * the GPU worth it?".  They sum with the same accumulator types as the
 * ladder (long long for int), so every row verifies against the same
 * reference.
 *
 * CUB's and Thrust's temporary storage comes from a->work, sized by the
 * *_work() functions below, so no cudaMalloc happens inside a timed run.
 * CUB is called with a 32-bit item count when n fits (as most callers
 * write it), with a 64-bit one beyond. */
#include <climits>
#include <cstring>
#include <new>

#include <cub/device/device_reduce.cuh>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>

#include "common.cuh"

using namespace culab;

/* ---- CUB DeviceReduce::Sum -------------------------------------------- */

/* Calls cub::DeviceReduce::Sum with the narrowest item count that holds n
 * (d_temp NULL: only sets *bytes). */
template <class T>
static cudaError_t cub_sum(void *d_temp, size_t *bytes, const T *in,
			   acc_t<T> *out, size_t n, cudaStream_t stream)
{
	/* culab:key reduce_cub */
	if (n <= (size_t)INT_MAX)
		return cub::DeviceReduce::Sum(d_temp, *bytes, in, out, (int)n,
					      stream);
	return cub::DeviceReduce::Sum(d_temp, *bytes, in, out, n, stream);
	/* culab:end */
}

size_t reduce_cub_work(const kernel_args *a)
{
	size_t bytes = 0, n = a->n;
	int dtype = a->dtype;

	with_dtype(dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;

		return (int)cub_sum<T>(nullptr, &bytes, nullptr, nullptr, n, 0);
	});
	return bytes;
}

int reduce_cub_launch(const kernel_args *a)
{
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;
		size_t bytes = 0;

		CULAB_TRY(cub_sum<T>(nullptr, &bytes, nullptr, nullptr, a->n,
				     a->stream));
		if (bytes && !a->work)
			return cudaErrorInvalidValue;
		CULAB_TRY(cub_sum<T>(a->work, &bytes, (const T *)a->in,
				     (A *)a->out, a->n, a->stream));
		CULAB_LAUNCHED();
		return 0;
	});
}

/* ---- thrust::reduce ---------------------------------------------------- */

/* Thrust asks for sizeof(A) + CUB's temporary bytes, in one allocation;
 * this allocator hands out a->work for it and refuses anything larger (a
 * refusal surfaces as cudaErrorMemoryAllocation). */
struct scratch_allocator {
	using value_type = char;
	char *base;
	size_t size;

	char *allocate(std::ptrdiff_t bytes)
	{
		if (bytes < 0 || (size_t)bytes > size || !base)
			throw std::bad_alloc();
		return base;
	}
	void deallocate(char *, size_t)
	{
	}
};

/* Slack for alignment inside Thrust's allocation. */
#define THRUST_SLACK 256

size_t reduce_thrust_work(const kernel_args *a)
{
	size_t bytes = 0, n = a->n;
	int dtype = a->dtype;

	with_dtype(dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;
		cudaError_t e;

		/* thrust::reduce asks CUB's Reduce with a 32-bit count when
		 * n fits, 64-bit otherwise */
		if (n <= (size_t)INT_MAX)
			e = cub::DeviceReduce::Reduce(nullptr, bytes, (const T *)nullptr,
						      (A *)nullptr, (int)n,
						      thrust::plus<A>(), A(0));
		else
			e = cub::DeviceReduce::Reduce(nullptr, bytes, (const T *)nullptr,
						      (A *)nullptr, (long long)n,
						      thrust::plus<A>(), A(0));
		bytes += sizeof(A) + THRUST_SLACK;
		return (int)e;
	});
	return bytes;
}

int reduce_thrust_launch(const kernel_args *a)
{
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;
		scratch_allocator alloc{ (char *)a->work,
					 reduce_thrust_work(a) };
		const T *in = (const T *)a->in;

		try {
			/* culab:key reduce_thrust */
			A sum = thrust::reduce(thrust::cuda::par(alloc).on(a->stream),
					       in, in + a->n, A(0), thrust::plus<A>());
			/* culab:end */

			memcpy(a->result, &sum, sizeof sum);
		} catch (const std::bad_alloc &) {
			return cudaErrorMemoryAllocation;
		} catch (const thrust::system_error &e) {
			return e.code().value() ? e.code().value() :
						  (int)cudaErrorUnknown;
		} catch (...) {
			return cudaErrorUnknown;
		}
		CULAB_LAUNCHED();
		return 0;
	});
}

/* ---- the CPU ------------------------------------------------------------- */

/* One thread, in index order: the reference row, and what the seeds'
 * timing tables call "CPU".  int accumulates in 64 bits (as unsigned, so
 * it wraps as on the device), double in double, and float in double: a
 * float accumulator stalls at 2^24 once every addend is below one unit in
 * its last place (a naive float loop over 2^26 inputs in [0, 1) returns
 * exactly 16777216).  a->in is host memory here. */
int reduce_cpu_launch(const kernel_args *a)
{
	return with_dtype(a->dtype, [&](auto tag) -> int {
		using T = typename decltype(tag)::type;
		using A = acc_t<T>;
		const T *in = (const T *)a->in;
		A sum;

		if (!in || !a->result)
			return cudaErrorInvalidValue;
		/* culab:key reduce_cpu */
		if constexpr (std::is_integral<A>::value) {
			unsigned long long u = 0;

			for (size_t i = 0; i < a->n; i++)
				u += (unsigned long long)(long long)in[i];
			sum = (A)u;
		} else {
			double d = 0;

			for (size_t i = 0; i < a->n; i++)
				d += (double)in[i];
			sum = (A)d;
		}
		/* culab:end */
		memcpy(a->result, &sum, sizeof sum);
		return 0;
	});
}
