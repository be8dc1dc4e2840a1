/* env.c - GPU and host properties.  See env.h.
 *
 * The only module besides the runner that asks the CUDA runtime about the
 * device; what a failure means and what to do about it is refusal.c's
 * table, fed the facts gathered here. */
#include "env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "kernels/support.h"
#include "culab_version.h"
#include "base/refusal.h"
#include "base/util.h"

/* ---- theoretical peak bandwidth -----------------------------------------
 *
 * peak = 2 x memory clock x bus width / 8, as nvbench computes it
 * (nvbench/device_info.cuh), for GDDR and HBM alike.  It holds for GDDR
 * because the driver reports no GDDR command clock (an RTX 3090's GDDR6X
 * runs at 1219 MHz) but a "DDR-equivalent" clock, half the data rate per
 * pin: 9751 MHz for 19.5 Gb/s.  NVIDIA's Robert Crovella explains it for
 * the RTX 3090 and the A100 (forums.developer.nvidia.com/t/
 * rtx-3090-a100-memory-frequency/198730), and what GPUs report matches
 * their published peaks to 0.05 % across GDDR6, GDDR6X, GDDR7, HBM2,
 * HBM2e and HBM3 (tests/unit/test_env.c, with the source of every
 * number).  The exceptions:
 *  - an integrated GPU (Jetson, DGX Spark) shares the host's LPDDR and
 *    reports its current clock, which DVFS lowers: a Jetson Nano reports
 *    13 MHz on a 64-bit bus, a TX2 1600 MHz where its LPDDR4 runs up to
 *    1866 MHz; no peak follows, so culab reports none;
 *  - a MIG instance has a share of the GPU's memory slices (1/8 for a 1g
 *    profile on an A100) that the driver's width and clock do not tell;
 *  - a published figure may be rounded: an H100 NVL reports 2619 MHz on
 *    6144 bits, 4023 GB/s, where NVIDIA states 3.9 TB/s.
 * The kind of memory follows from the width: an HBM stack is 1024 bits
 * wide and NVIDIA's HBM GPUs have three stacks or more; no GDDR bus is
 * wider than 512 bits. */

void env_memory_peak(const struct env_memory_facts *f,
		     struct env_memory_peak *out)
{
	memset(out, 0, sizeof(*out));
	if (f->integrated) {
		out->kind = ENV_MEM_SHARED;
		out->why_unknown = "an integrated GPU shares the host's memory, "
				   "whose current clock the driver reports, not "
				   "its peak";
		return;
	}
	if (f->mem_clock_khz <= 0 || f->bus_width_bits <= 0) {
		out->kind = ENV_MEM_UNKNOWN;
		out->why_unknown = "the driver reports no memory clock or bus "
				   "width";
		return;
	}
	out->kind = f->bus_width_bits >= 1024 ? ENV_MEM_HBM : ENV_MEM_GDDR;
	out->gbit_per_pin = 2.0 * (double)f->mem_clock_khz / 1e6;
	if (f->mig) {
		out->why_unknown = "a MIG instance has a share of the GPU's "
				   "memory bandwidth that the driver does not "
				   "report";
		return;
	}
	out->gbps = out->gbit_per_pin * (double)f->bus_width_bits / 8.0;
}

const char *env_memory_kind_name(enum env_memory_kind k)
{
	static const char *const names[] = {
		[ENV_MEM_UNKNOWN] = "unknown",
		[ENV_MEM_GDDR] = "GDDR",
		[ENV_MEM_HBM] = "HBM",
		[ENV_MEM_SHARED] = "shared LPDDR",
	};

	return (size_t)k < ARRAY_SIZE(names) ? names[k] : names[0];
}

/* ---- devices ---------------------------------------------------------------- */

/* The facts every refusal may need: the host's /proc texts, the driver's
 * and runtime's CUDA versions, what the binary was built for. */
static void host_facts(struct refusal_host *h, struct refusal_facts *f)
{
	refusal_facts_init(f);
	refusal_read_host(h, f);
	if (cudaDriverGetVersion(&f->driver_version) != cudaSuccess)
		f->driver_version = 0;
	f->runtime_version = CUDART_VERSION;
	f->build_sass = CULAB_BUILD_SASS;
	f->build_ptx = *CULAB_BUILD_PTX ? CULAB_BUILD_PTX : NULL;
}

int env_device_count(char *why, size_t whysize)
{
	struct refusal_facts f;
	struct refusal_host h;
	int n = 0;
	cudaError_t err = cudaGetDeviceCount(&n);

	if (err == cudaSuccess && n > 0)
		return n;
	cudaGetLastError();
	host_facts(&h, &f);
	f.cuda_error = err == cudaSuccess ? cudaErrorNoDevice : err;
	f.cuda_error_name = err == cudaSuccess ? "no CUDA device is visible" :
			    cudaGetErrorName(err);
	if (refusal_check(REFUSAL_AT_COUNT, &f, why, whysize) == REFUSAL_NONE) {
		if (err == cudaSuccess)
			snprintf(why, whysize, "no CUDA device is visible");
		else
			snprintf(why, whysize, "%s (%s)", cudaGetErrorString(err),
				 cudaGetErrorName(err));
	}
	refusal_host_release(&h);
	return -1;
}

int env_open_device(int device, char *why, size_t whysize)
{
	struct refusal_facts f;
	struct refusal_host h;
	struct cudaDeviceProp p;
	cudaError_t err = cudaSetDevice(device);
	int mode = -1;

	/* the context now, so that a GPU another process holds says so here */
	if (err == cudaSuccess)
		err = cudaFree(NULL);
	if (err == cudaSuccess)
		return 0;
	cudaGetLastError();
	host_facts(&h, &f);
	f.device = device;
	f.cuda_error = err;
	f.cuda_error_name = cudaGetErrorName(err);
	/* the attributes need no context, so they answer where
	 * cudaSetDevice could not make one */
	if (cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, device) ==
	    cudaSuccess)
		f.compute_mode = mode;
	if (cudaGetDeviceProperties(&p, device) == cudaSuccess)
		f.gpu_name = p.name;
	cudaGetLastError();
	if (refusal_check(REFUSAL_AT_OPEN, &f, why, whysize) == REFUSAL_NONE)
		snprintf(why, whysize, "cannot use device %d: %s (%s)", device,
			 cudaGetErrorString(err), cudaGetErrorName(err));
	refusal_host_release(&h);
	return -1;
}

int env_check_device(int device, const struct environment *e, char *why,
		     size_t whysize)
{
	struct refusal_facts f;
	struct refusal_host h;
	enum refusal_id id;

	host_facts(&h, &f);
	f.device = device;
	f.gpu_name = e->gpu_name;
	f.cc_major = e->cc_major;
	f.cc_minor = e->cc_minor;
	f.image_error = support_kernel_image();
	cudaGetLastError();
	id = refusal_check(REFUSAL_AT_PROBE, &f, why, whysize);
	refusal_host_release(&h);
	if (id == REFUSAL_NONE)
		return 0;
	return refusal_is_fatal(id) ? -1 : 1;
}

void env_probe_host(struct environment *e)
{
	char host[256] = "";
	struct utsname u;

	if (gethostname(host, sizeof(host) - 1) < 0)
		strcpy(host, "unknown");
	free(e->hostname);
	e->hostname = xstrdup(host);
	free(e->os);
	if (uname(&u) == 0)
		e->os = xasprintf("%s %s %s", u.sysname, u.release, u.machine);
	else
		e->os = xstrdup("unknown");
}

static int attr(int *v, enum cudaDeviceAttr a, int device)
{
	return cudaDeviceGetAttribute(v, a, device) == cudaSuccess ? 0 : -1;
}

int env_memory(int device, struct env_memory_facts *f,
	       struct env_memory_peak *out)
{
	struct cudaDeviceProp p;
	int integrated = 0;

	memset(f, 0, sizeof(*f));
	if (attr(&f->mem_clock_khz, cudaDevAttrMemoryClockRate, device) ||
	    attr(&f->bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, device) ||
	    attr(&integrated, cudaDevAttrIntegrated, device) ||
	    cudaGetDeviceProperties(&p, device) != cudaSuccess) {
		cudaGetLastError();
		env_memory_peak(f, out);
		return -1;
	}
	f->integrated = integrated != 0;
	f->mig = refusal_is_mig(p.name);
	env_memory_peak(f, out);
	return 0;
}

bool env_exclusive(int device)
{
	int mode = -1;

	if (cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, device) !=
	    cudaSuccess) {
		cudaGetLastError();
		return false;
	}
	return mode == cudaComputeModeExclusiveProcess;
}

int env_device_arch(int device, char *buf, size_t size)
{
	int major = 0, minor = 0;
	char why[256];

	buf[0] = '\0';
	if (env_device_count(why, sizeof(why)) <= device ||
	    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor,
				   device) != cudaSuccess ||
	    cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor,
				   device) != cudaSuccess) {
		cudaGetLastError();
		return -1;
	}
	snprintf(buf, size, "sm_%d%d", major, minor);
	return 0;
}
/* The device's UUID as nvidia-smi writes it: "GPU-..." for a GPU,
 * "MIG-..." for a MIG instance. */
static void format_uuid(const struct cudaDeviceProp *p, char *buf, size_t size)
{
	int o = snprintf(buf, size, "%s-", refusal_is_mig(p->name) ? "MIG" : "GPU");

	for (int i = 0; i < 16; i++) {
		o += snprintf(buf + o, size - (size_t)o, "%02x",
			      (unsigned char)p->uuid.bytes[i]);
		if (i == 3 || i == 5 || i == 7 || i == 9)
			o += snprintf(buf + o, size - (size_t)o, "-");
	}
}

int env_probe(int device, struct environment *e, char *why, size_t whysize)
{
	struct env_memory_facts mf;
	struct env_memory_peak mp;
	struct cudaDeviceProp p;
	cudaError_t err;
	char uuid[64];
	int l2 = 0;

	err = cudaGetDeviceProperties(&p, device);
	if (err != cudaSuccess) {
		snprintf(why, whysize, "cannot read device %d: %s", device,
			 cudaGetErrorString(err));
		return -1;
	}
	e->gpu_name = xstrdup(p.name);
	e->cc_major = p.major;
	e->cc_minor = p.minor;
	e->sm_count = p.multiProcessorCount;
	e->global_mem_bytes = p.totalGlobalMem;
	if (env_memory(device, &mf, &mp) < 0 ||
	    attr(&e->sm_clock_khz, cudaDevAttrClockRate, device) ||
	    attr(&l2, cudaDevAttrL2CacheSize, device)) {
		snprintf(why, whysize, "cannot read the attributes of device %d",
			 device);
		return -1;
	}
	e->mem_bus_width_bits = mf.bus_width_bits;
	e->mem_clock_khz = mf.mem_clock_khz;
	e->l2_bytes = (size_t)l2;
	e->smem_per_sm_bytes = p.sharedMemPerMultiprocessor;
	e->peak_gbps = mp.gbps;
	format_uuid(&p, uuid, sizeof(uuid));
	e->gpu_uuid = xstrdup(uuid);
	cudaDriverGetVersion(&e->driver_version);
	cudaRuntimeGetVersion(&e->runtime_version);
	e->cuda_device = device;
	env_probe_host(e);
	return 0;
}

void env_release_device(int device)
{
	if (cudaSetDevice(device) == cudaSuccess)
		cudaDeviceReset();
	cudaGetLastError();
}
