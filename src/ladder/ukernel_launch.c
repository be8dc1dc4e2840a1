/* ukernel_launch.c - running the user's kernels: the registry row's
 * launcher (kernels.h's contract) over the driver API.  See ladder.h.
 *
 * The machine code ukernel_prepare() compiled is loaded into the current
 * context (the runtime's primary context) on an instance's first launch,
 * with cuModuleLoadData, and launched with cuLaunchKernel on the run's
 * stream.  culab links no libcuda: the driver functions come through the
 * runtime's cudaGetDriverEntryPointByVersion, as in counters_session.cpp, so the
 * binary still starts on machines without a driver.
 *
 * How a reduction's run ends (its timed region), by `finish`:
 *   host      the kernel writes one partial sum per block into scratch;
 *             they are copied to pinned host memory and added there in
 *             block order, in culab_acc_t;
 *   relaunch  the kernel runs again on the partial sums of the pass
 *             before (two scratch buffers in turn) until a pass has one
 *             block, which writes the output;
 *   atomic    the output is zeroed (cudaMemsetAsync), then one launch;
 *   device    one launch writes the output.
 * With `output: input` the kernel's output is its own input buffer (the
 * runner gives in-place variants a copy it restores before every run):
 * the partial sums or the sum are read from there, and the final value
 * is copied to the output. */
#include "ladder.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "base/util.h"

/* Dynamic shared memory a kernel gets without asking for more. */
#define SHARED_DEFAULT_MAX (48u << 10)

static struct {
	bool tried, ok;
	CUresult (*load)(CUmodule *, const void *);
	CUresult (*unload)(CUmodule);
	CUresult (*get_function)(CUfunction *, CUmodule, const char *);
	CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned,
			   unsigned, unsigned, unsigned, CUstream, void **,
			   void **);
	CUresult (*set_attribute)(CUfunction, CUfunction_attribute, int);
} drv;

static bool entry(const char *symbol, void **fn)
{
	enum cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;

	*fn = NULL;
	/* 12000: the ABI these functions have had since CUDA 12.0 */
	return cudaGetDriverEntryPointByVersion(symbol, fn, 12000,
						cudaEnableDefault, &q) ==
	       cudaSuccess && q == cudaDriverEntryPointSuccess && *fn;
}

static bool driver_ready(void)
{
	if (drv.tried)
		return drv.ok;
	drv.tried = true;
	drv.ok = entry("cuModuleLoadData", (void **)&drv.load) &&
		 entry("cuModuleUnload", (void **)&drv.unload) &&
		 entry("cuModuleGetFunction", (void **)&drv.get_function) &&
		 entry("cuLaunchKernel", (void **)&drv.launch) &&
		 entry("cuFuncSetAttribute", (void **)&drv.set_attribute);
	return drv.ok;
}

/* The instance's function, its module loaded on first use. */
static int inst_function(struct uk_inst *u, CUfunction *f)
{
	CUresult r;

	if (!u->function) {
		if (!driver_ready())
			return (int)cudaErrorInitializationError;
		if (!u->module) {
			r = drv.load((CUmodule *)&u->module, u->out.cubin);
			if (r != CUDA_SUCCESS) {
				u->module = NULL;
				return (int)r;
			}
		}
		r = drv.get_function((CUfunction *)&u->function,
				     (CUmodule)u->module, u->lowered);
		if (r != CUDA_SUCCESS) {
			u->function = NULL;
			return (int)r;
		}
	}
	*f = (CUfunction)u->function;
	return 0;
}

/* An integer parameter of 1, 2, 4 or 8 bytes, as the entry declares it,
 * signed or not: culab's sizes are within its range (culab check,
 * contract_check_sizes, saw to it), so the value's low bytes are it. */
union param {
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;
};

static void *int_param(union param *p, const struct uk_param *decl,
		       uint64_t v)
{
	switch (decl->size) {
	case 1:
		p->u8 = (uint8_t)v;
		break;
	case 2:
		p->u16 = (uint16_t)v;
		break;
	case 4:
		p->u32 = (uint32_t)v;
		break;
	default:
		p->u64 = v;
	}
	return p;
}

/* One launch of instance u with pointer arguments in and out, and the
 * sizes its shape takes. */
static int launch_pass(const struct ukernel *k, struct uk_inst *u,
		       const struct uk_pass *p, const struct kernel_args *a,
		       const void *in, void *out)
{
	union param ints[2];
	void *args[4];
	CUfunction f;
	int err = inst_function(u, &f);

	if (err)
		return err;
	args[0] = &in;
	args[1] = &out;
	switch (k->shape) {
	case UK_REDUCE_N:
		args[2] = int_param(&ints[0], &u->params[2], p->n);
		break;
	case UK_REDUCE_FIXED:   /* n is the N it was compiled with */
		if (u->n != p->n)
			return (int)cudaErrorInvalidKernelImage;
		break;
	case UK_TRANSPOSE_SQUARE:
		if (a->n != a->m)
			return (int)cudaErrorInvalidValue;
		args[2] = int_param(&ints[0], &u->params[2], a->n);
		break;
	case UK_TRANSPOSE_RC:
		args[2] = int_param(&ints[0], &u->params[2], a->n);
		args[3] = int_param(&ints[1], &u->params[3], a->m);
		break;
	default:
		return (int)cudaErrorInvalidKernelImage;
	}
	if (p->g.shared > SHARED_DEFAULT_MAX) {
		CUresult r = drv.set_attribute(
			f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
			(int)p->g.shared);

		if (r != CUDA_SUCCESS)
			return (int)r;
	}
	return (int)drv.launch(f, p->g.grid[0], p->g.grid[1], 1,
			       p->g.block[0], p->g.block[1], 1,
			       (unsigned)p->g.shared, (CUstream)a->stream,
			       args, NULL);
}

/* The host's sum of `count` partial sums of type t's accumulator, in
 * block order, into a->result. */
static void host_sum(const struct kernel_args *a, size_t count)
{
	if (a->dtype == DTYPE_INT) {
		const long long *p = a->host;
		long long s = 0;

		for (size_t i = 0; i < count; i++)
			s += p[i];
		memcpy(a->result, &s, sizeof(s));
	} else if (a->dtype == DTYPE_FLOAT) {
		const float *p = a->host;
		float s = 0;

		for (size_t i = 0; i < count; i++)
			s += p[i];
		memcpy(a->result, &s, sizeof(s));
	} else {
		const double *p = a->host;
		double s = 0;

		for (size_t i = 0; i < count; i++)
			s += p[i];
		memcpy(a->result, &s, sizeof(s));
	}
}

/* Waits for the stream, at most the kernel's time_limit: a kernel that
 * never ends must not hold the host step's wait for ever (the runner's
 * limit watches the launch, which for this finish includes the wait).
 * It spins, as cudaStreamSynchronize does by default, so that a timed
 * run is not lengthened by a sleep.  Returns 0, a CUDA error, or
 * cudaErrorLaunchTimeout when the limit passed with the work running. */
static int wait_within(const struct ukernel *k, cudaStream_t s)
{
	double t0 = monotonic_seconds();
	cudaError_t e;
	unsigned spins = 0;

	while ((e = cudaStreamQuery(s)) == cudaErrorNotReady)
		if (k->time_limit > 0 && ++spins % 1024 == 0 &&
		    monotonic_seconds() - t0 > k->time_limit)
			return (int)cudaErrorLaunchTimeout;
	return (int)e;
}

/* finish: host.  The partial sums go to scratch (or over the input). */
static int run_host(const struct ukernel *k, const struct kernel_args *a,
		    const struct uk_pass *p, struct uk_inst *u)
{
	size_t bytes = (size_t)p->g.grid[0] * dtype_acc_size((enum dtype)a->dtype);
	void *partials = k->same_buffer ? a->in : a->work;
	int err;

	if (!partials || !a->host)
		return (int)cudaErrorInvalidValue;
	if ((err = launch_pass(k, u, p, a, a->in, partials)))
		return err;
	if (a->device_done) {   /* the kernel alone ends here (kernels.h) */
		a->device_done->recorded = 1;
		if ((err = (int)cudaEventRecord(a->device_done->event,
						a->stream)))
			return err;
	}
	if ((err = (int)cudaMemcpyAsync(a->host, partials, bytes,
					cudaMemcpyDeviceToHost, a->stream)) ||
	    (err = wait_within(k, a->stream)))
		return err;
	host_sum(a, p->g.grid[0]);
	return 0;
}

/* finish: relaunch.  Pass i reads what pass i-1 wrote; the last writes
 * the output (or, over the input, leaves the sum at in[0]). */
static int run_relaunch(const struct ukernel *k, const struct kernel_args *a,
			const struct uk_pass *p, size_t np)
{
	size_t acc = dtype_acc_size((enum dtype)a->dtype);
	char *buf[2] = { a->work, a->work ? (char *)a->work +
			 (size_t)p[0].g.grid[0] * acc : NULL };
	const void *in = a->in;
	int err;

	for (size_t i = 0; i < np; i++) {
		struct uk_inst *u = ukernel_inst_sized(k, (enum dtype)a->dtype,
						       a->block, p[i].acc_pass,
						       p[i].n);
		void *out = k->same_buffer ? a->in :
			    i + 1 == np ? a->out : buf[i % 2];

		if (!u || (!out && i + 1 < np))
			return (int)cudaErrorInvalidValue;
		if ((err = launch_pass(k, u, &p[i], a, in, out)))
			return err;
		in = out;
	}
	if (k->same_buffer)
		return (int)cudaMemcpyAsync(a->out, a->in, acc,
					    cudaMemcpyDeviceToDevice, a->stream);
	return 0;
}

int ukernel_launch(const struct kernel_args *a)
{
	const struct ukernel *k = a->ctx;
	struct uk_pass p[UKERNEL_MAX_PASSES];
	struct uk_inst *u;
	size_t np;
	char why[256];
	int err;

	if (!k || ukernel_passes(k, a, p, &np, why, sizeof(why)) < 0)
		return (int)cudaErrorInvalidConfiguration;
	u = ukernel_inst_sized(k, (enum dtype)a->dtype, a->block, false,
			       p[0].n);
	if (!u)
		return (int)cudaErrorInvalidKernelImage;
	switch (k->finish) {
	case UK_HOST:
		return run_host(k, a, &p[0], u);
	case UK_RELAUNCH:
		return run_relaunch(k, a, p, np);
	case UK_ATOMIC:
		if ((err = (int)cudaMemsetAsync(a->out, 0,
				dtype_acc_size((enum dtype)a->dtype), a->stream)))
			return err;
		return launch_pass(k, u, &p[0], a, a->in, a->out);
	case UK_DEVICE:
		if (!k->same_buffer)
			return launch_pass(k, u, &p[0], a, a->in, a->out);
		if ((err = launch_pass(k, u, &p[0], a, a->in, a->in)))
			return err;
		return (int)cudaMemcpyAsync(a->out, a->in,
				dtype_acc_size((enum dtype)a->dtype),
				cudaMemcpyDeviceToDevice, a->stream);
	default:
		return launch_pass(k, u, &p[0], a, a->in, a->out);
	}
}

void ukernel_unload(struct ukernel *k)
{
	for (size_t i = 0; k && i < k->ninst; i++) {
		if (k->inst[i].module && drv.ok)
			drv.unload((CUmodule)k->inst[i].module);
		k->inst[i].module = NULL;
		k->inst[i].function = NULL;
	}
}
