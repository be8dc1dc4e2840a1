/* env.c - GPU and host properties.  See env.h.
 *
 * The theoretical peak bandwidth is computed the way nvbench does:
 * 2 (double data rate) x memory clock x bus width / 8. */
#include "env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "util.h"

int env_device_count(char *why, size_t whysize)
{
	int n = 0;
	cudaError_t err = cudaGetDeviceCount(&n);

	if (err != cudaSuccess) {
		cudaGetLastError();
		if ((err == cudaErrorInsufficientDriver ||
		     err == cudaErrorNoDevice) &&
		    access("/proc/driver/nvidia/version", F_OK) != 0)
			snprintf(why, whysize, "no NVIDIA driver is loaded on this "
				 "machine (%s)", cudaGetErrorName(err));
		else if (err == cudaErrorInsufficientDriver)
			snprintf(why, whysize, "the NVIDIA driver is older than "
				 "this CUDA runtime (%d.%d); update the driver "
				 "(%s)", CUDART_VERSION / 1000,
				 CUDART_VERSION % 1000 / 10, cudaGetErrorName(err));
		else
			snprintf(why, whysize, "%s (%s)", cudaGetErrorString(err),
				 cudaGetErrorName(err));
		return -1;
	}
	if (n == 0) {
		snprintf(why, whysize, "no CUDA device is visible");
		return -1;
	}
	return n;
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
int env_probe(int device, struct environment *e, char *why, size_t whysize)
{
	struct cudaDeviceProp p;
	cudaError_t err;
	char uuid[64];
	int l2 = 0, i, o;

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
	if (attr(&e->mem_bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, device) ||
	    attr(&e->mem_clock_khz, cudaDevAttrMemoryClockRate, device) ||
	    attr(&e->sm_clock_khz, cudaDevAttrClockRate, device) ||
	    attr(&l2, cudaDevAttrL2CacheSize, device)) {
		snprintf(why, whysize, "cannot read the attributes of device %d",
			 device);
		return -1;
	}
	e->l2_bytes = (size_t)l2;
	e->peak_gbps = 2.0 * (double)e->mem_clock_khz * 1e3 *
		       (double)e->mem_bus_width_bits / 8.0 / 1e9;
	o = snprintf(uuid, sizeof(uuid), "GPU-");
	for (i = 0; i < 16; i++) {
		o += snprintf(uuid + o, sizeof(uuid) - (size_t)o, "%02x",
			      (unsigned char)p.uuid.bytes[i]);
		if (i == 3 || i == 5 || i == 7 || i == 9)
			uuid[o++] = '-';
	}
	uuid[o] = '\0';
	e->gpu_uuid = xstrdup(uuid);
	cudaDriverGetVersion(&e->driver_version);
	cudaRuntimeGetVersion(&e->runtime_version);
	env_probe_host(e);
	return 0;
}
