/* refusal.c - the table of refusals.  See refusal.h.
 *
 * One row per condition: its name, the start-up stages where it can show,
 * whether it stops culab, the condition in words, a detector and a
 * message writer, both pure functions of struct refusal_facts.  The first
 * row of a stage whose detector says yes wins, so rows are ordered from
 * the most specific to the most general (a driver too old under WSL 2 is
 * DRIVER_OLD, not WSL_NO_GPU).  Every message is one line that ends with
 * what to do.
 *
 * The sources behind the wording: cudaError_t's documentation
 * (driver_types.h) for what each error means; the CUPTI documentation,
 * "Special Configurations", for MIG (profiling works on a compute instance
 * that has its GPU instance to itself, not on shared ones); Nsight
 * Compute's system requirements for WSL (WSL 2, NVIDIA Windows driver 545
 * or newer); NVIDIA's "permission issues with performance counters" page
 * for RmProfilingAdminOnly; the CUDA 13.0 release notes for the GPUs it no
 * longer compiles for (compute capability below 7.5). */
#include "refusal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The values of cudaError_t and cudaComputeMode only: this module calls
 * nothing of CUDA's. */
#include <driver_types.h>

#include "util.h"

/* The oldest Linux driver of each CUDA major version (CUDA's release
 * notes, "CUDA Toolkit and Corresponding Driver Versions"). */
static const struct {
	int cuda_major;
	int driver;
} min_driver[] = {
	{ 12, 525 },
	{ 13, 580 },
};

#define AT(s) (1u << (s))

/* ---- detections ---------------------------------------------------------- */

int refusal_wsl(const char *v)
{
	if (!v)
		return 0;
	if (strstr(v, "WSL2") || strstr(v, "microsoft-standard"))
		return 2;
	/* WSL 1's kernel is "4.4.0-19041-Microsoft" */
	if (strstr(v, "Microsoft") || strstr(v, "microsoft"))
		return 1;
	return 0;
}

bool refusal_is_mig(const char *name)
{
	const char *p = name;

	while (p && (p = strstr(p, " MIG ")) != NULL) {
		const char *q = p + 5;

		p = q;
		if (!isdigit((unsigned char)*q))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		if (q[0] == 'g' && q[1] == '.')
			return true;
	}
	return false;
}

bool refusal_is_vgpu(const char *name)
{
	const char *dash, *p;

	if (!name || !(dash = strrchr(name, '-')) || dash == name)
		return false;
	p = dash + 1;
	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	return (*p == 'A' || *p == 'B' || *p == 'C' || *p == 'Q') && !p[1];
}

bool refusal_driver_release(const char *v, char *buf, size_t size)
{
	const char *p = v ? strstr(v, "Kernel Module") : NULL;

	if (size)
		buf[0] = '\0';
	/* "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue..."
	 * or "... Open Kernel Module for x86_64  580.65.06  Release Build" */
	for (; p && *p && *p != '\n'; p++) {
		size_t n = strspn(p, "0123456789.");

		if (n >= 3 && isdigit((unsigned char)*p) && memchr(p, '.', n) &&
		    (p[-1] == ' ' || p[-1] == '\t')) {
			snprintf(buf, size, "%.*s", (int)n, p);
			return true;
		}
	}
	return false;
}

/* The running kernel's WSL generation, from the facts. */
static int wsl(const struct refusal_facts *f)
{
	return refusal_wsl(f->proc_version);
}

static bool d_wsl1(const struct refusal_facts *f)
{
	return wsl(f) == 1;
}

static bool d_driver_old(const struct refusal_facts *f)
{
	return f->cuda_error == cudaErrorInsufficientDriver &&
	       f->driver_version > 0 && f->driver_version < f->runtime_version;
}

static bool d_wsl_no_gpu(const struct refusal_facts *f)
{
	return wsl(f) == 2;
}

static bool d_no_driver(const struct refusal_facts *f)
{
	return !f->nvidia_version;
}

static bool d_no_libcuda(const struct refusal_facts *f)
{
	return f->nvidia_version && f->driver_version == 0;
}

static bool d_none_visible(const struct refusal_facts *f)
{
	return f->cuda_error == cudaErrorNoDevice && f->visible_devices;
}

static bool d_mismatch(const struct refusal_facts *f)
{
	return f->cuda_error == cudaErrorSystemDriverMismatch;
}

static bool d_fabric(const struct refusal_facts *f)
{
	return f->cuda_error == cudaErrorSystemNotReady;
}

static bool d_unlicensed(const struct refusal_facts *f)
{
	return f->cuda_error == cudaErrorDeviceNotLicensed;
}

static bool d_exclusive(const struct refusal_facts *f)
{
	return f->cuda_error == cudaErrorDevicesUnavailable &&
	       f->compute_mode == cudaComputeModeExclusiveProcess;
}

static bool d_prohibited(const struct refusal_facts *f)
{
	return f->cuda_error && f->compute_mode == cudaComputeModeProhibited;
}

static bool d_busy(const struct refusal_facts *f)
{
	return f->cuda_error == cudaErrorDevicesUnavailable;
}

static bool d_arch_old(const struct refusal_facts *f)
{
	return f->cc_major > 0 && f->cc_major * 10 + f->cc_minor < 75;
}

static bool d_no_image(const struct refusal_facts *f)
{
	return f->image_error == cudaErrorNoKernelImageForDevice ||
	       f->image_error == cudaErrorInvalidDeviceFunction;
}

static bool d_ptx_new(const struct refusal_facts *f)
{
	return f->image_error == cudaErrorUnsupportedPtxVersion;
}

static bool d_mig(const struct refusal_facts *f)
{
	return refusal_is_mig(f->gpu_name);
}

static bool d_vgpu(const struct refusal_facts *f)
{
	return refusal_is_vgpu(f->gpu_name);
}

/* ---- message pieces -------------------------------------------------------- */

/* "device 0 (NAME)", "device 0" or "this GPU". */
static void say_device(const struct refusal_facts *f, struct sbuf *b)
{
	if (f->device >= 0)
		sbuf_addf(b, "device %d", f->device);
	else
		sbuf_add(b, "this GPU");
	if (f->gpu_name && *f->gpu_name)
		sbuf_addf(b, " (%s)", f->gpu_name);
}

/* The CUDA error's name, as the caller gave it. */
static const char *error_name(const struct refusal_facts *f)
{
	return f->cuda_error_name ? f->cuda_error_name : "no CUDA device";
}

/* "13.0" from 13000. */
static void say_cuda(struct sbuf *b, int v)
{
	sbuf_addf(b, "%d.%d", v / 1000, v % 1000 / 10);
}

/* "R580 or newer", or "one that supports CUDA 13.0". */
static void say_min_driver(const struct refusal_facts *f, struct sbuf *b)
{
	for (size_t i = 0; i < ARRAY_SIZE(min_driver); i++)
		if (min_driver[i].cuda_major == f->runtime_version / 1000) {
			sbuf_addf(b, "R%d or newer", min_driver[i].driver);
			return;
		}
	sbuf_add(b, "one that supports CUDA ");
	say_cuda(b, f->runtime_version);
}

/* "sm_75, sm_80 and sm_90 (and PTX compute_90)" from the build's lists. */
static void say_build(const struct refusal_facts *f, struct sbuf *b)
{
	const char *s = f->build_sass && *f->build_sass ? f->build_sass : "?";
	const char *p;
	size_t words = 0, i = 0, n;

	for (p = s + strspn(s, " "); *p; p += n, p += strspn(p, " ")) {
		n = strcspn(p, " ");
		words++;
	}
	for (p = s + strspn(s, " "); *p; p += n, p += strspn(p, " ")) {
		n = strcspn(p, " ");
		if (i)
			sbuf_add(b, i + 1 == words ? " and " : ", ");
		sbuf_addn(b, p, n);
		i++;
	}
	if (f->build_ptx && *f->build_ptx)
		sbuf_addf(b, " (and PTX %s)", f->build_ptx);
}

/* ---- messages ------------------------------------------------------------- */

static void s_wsl1(const struct refusal_facts *f, struct sbuf *b)
{
	(void)f;
	sbuf_add(b, "this is WSL 1, which gives Linux programs no GPU: convert "
		 "the distribution to WSL 2 (in Windows: wsl --set-version "
		 "DISTRO 2)");
}

static void s_driver_old(const struct refusal_facts *f, struct sbuf *b)
{
	char rel[32];

	sbuf_add(b, "the NVIDIA driver");
	if (refusal_driver_release(f->nvidia_version, rel, sizeof(rel)))
		sbuf_addf(b, " %s", rel);
	sbuf_add(b, " supports CUDA up to ");
	say_cuda(b, f->driver_version);
	sbuf_add(b, ", older than culab's CUDA runtime ");
	say_cuda(b, f->runtime_version);
	sbuf_add(b, wsl(f) == 2 ? ": update the NVIDIA driver on Windows, which "
		 "WSL 2 uses, to " : ": update the driver to ");
	say_min_driver(f, b);
}

static void s_wsl_no_gpu(const struct refusal_facts *f, struct sbuf *b)
{
	sbuf_addf(b, "no GPU is visible in WSL 2 (%s): install or update the "
		  "NVIDIA driver on Windows, which gives WSL 2 its GPU (install "
		  "no Linux NVIDIA driver inside WSL), then restart WSL with "
		  "wsl --shutdown", error_name(f));
}

static void s_no_driver(const struct refusal_facts *f, struct sbuf *b)
{
	sbuf_addf(b, "no NVIDIA driver is loaded on this machine (%s): install "
		  "the NVIDIA driver (", error_name(f));
	say_min_driver(f, b);
	sbuf_add(b, "), or run culab where there is an NVIDIA GPU");
}

static void s_no_libcuda(const struct refusal_facts *f, struct sbuf *b)
{
	char rel[32];

	sbuf_add(b, "the NVIDIA kernel module is loaded");
	if (refusal_driver_release(f->nvidia_version, rel, sizeof(rel)))
		sbuf_addf(b, " (driver %s)", rel);
	sbuf_add(b, " but its CUDA library libcuda.so.1 cannot be loaded: in a "
		 "container, start it with the NVIDIA Container Toolkit "
		 "(docker run --gpus all); otherwise reinstall the driver's "
		 "libraries");
}

static void s_none_visible(const struct refusal_facts *f, struct sbuf *b)
{
	sbuf_addf(b, "CUDA_VISIBLE_DEVICES=\"%s\" hides every GPU: unset it, or "
		  "name GPUs that exist (nvidia-smi -L lists them)",
		  f->visible_devices);
}

static void s_mismatch(const struct refusal_facts *f, struct sbuf *b)
{
	(void)f;
	sbuf_add(b, "the NVIDIA kernel module and its CUDA library are of "
		 "different versions (cudaErrorSystemDriverMismatch), usually "
		 "after a driver update without a reboot: reboot, or reload the "
		 "nvidia kernel modules");
}

static void s_fabric(const struct refusal_facts *f, struct sbuf *b)
{
	(void)f;
	sbuf_add(b, "the GPUs are not ready (cudaErrorSystemNotReady): on an "
		 "NVSwitch system (HGX, DGX) start the NVIDIA Fabric Manager "
		 "(systemctl start nvidia-fabricmanager)");
}

static void s_unlicensed(const struct refusal_facts *f, struct sbuf *b)
{
	say_device(f, b);
	sbuf_add(b, " is a virtual GPU without a valid NVIDIA vGPU software "
		 "license (cudaErrorDeviceNotLicensed): the VM's administrator "
		 "must license it (nvidia-gridd; nvidia-smi -q shows the license "
		 "status)");
}

static void s_exclusive(const struct refusal_facts *f, struct sbuf *b)
{
	say_device(f, b);
	sbuf_addf(b, " is in exclusive-process compute mode and another process "
		  "holds it: wait until it ends (nvidia-smi lists it), choose "
		  "another GPU with --device N, or have an administrator run "
		  "nvidia-smi -i %d -c DEFAULT", f->device < 0 ? 0 : f->device);
}

static void s_prohibited(const struct refusal_facts *f, struct sbuf *b)
{
	say_device(f, b);
	sbuf_addf(b, " is in prohibited compute mode, which lets no process "
		  "use it: choose another GPU with --device N, or have an "
		  "administrator run nvidia-smi -i %d -c DEFAULT",
		  f->device < 0 ? 0 : f->device);
}

static void s_busy(const struct refusal_facts *f, struct sbuf *b)
{
	say_device(f, b);
	sbuf_add(b, " is busy or unavailable (cudaErrorDevicesUnavailable), "
		 "probably full with another process's work or memory: try "
		 "again when nvidia-smi shows it free, or choose another GPU with "
		 "--device N");
}

static void s_arch_old(const struct refusal_facts *f, struct sbuf *b)
{
	say_device(f, b);
	sbuf_addf(b, " is compute capability %d.%d, and culab needs 7.5 "
		  "(Turing) or newer: CUDA %d, which culab is built with, "
		  "compiles for nothing older, and CUPTI's range profiler needs "
		  "7.5; choose a newer GPU with --device N", f->cc_major,
		  f->cc_minor, f->runtime_version / 1000);
}

static void s_no_image(const struct refusal_facts *f, struct sbuf *b)
{
	sbuf_add(b, "culab was built for ");
	say_build(f, b);
	sbuf_add(b, "; ");
	say_device(f, b);
	sbuf_addf(b, " is compute capability %d.%d: rebuild with make "
		  "ARCH=sm_%d%d, or use a release build (make dist)",
		  f->cc_major, f->cc_minor, f->cc_major, f->cc_minor);
}

static void s_ptx_new(const struct refusal_facts *f, struct sbuf *b)
{
	sbuf_add(b, "culab was built for ");
	say_build(f, b);
	sbuf_add(b, "; ");
	say_device(f, b);
	sbuf_addf(b, " is compute capability %d.%d and needs that PTX compiled "
		  "by the driver, whose compiler (CUDA ", f->cc_major, f->cc_minor);
	say_cuda(b, f->driver_version);
	sbuf_add(b, ") is older than the PTX: update the driver to one that "
		 "supports CUDA ");
	say_cuda(b, f->runtime_version);
	sbuf_addf(b, ", or rebuild with make ARCH=sm_%d%d", f->cc_major,
		  f->cc_minor);
}

static void s_mig(const struct refusal_facts *f, struct sbuf *b)
{
	say_device(f, b);
	sbuf_add(b, " is a MIG instance, a slice of a GPU's SMs and memory "
		 "bandwidth: culab reports its GB/s but no % of peak, and "
		 "counters only where its compute instance has its GPU instance "
		 "to itself; for whole-GPU numbers use a GPU with MIG disabled");
}

static void s_vgpu(const struct refusal_facts *f, struct sbuf *b)
{
	say_device(f, b);
	sbuf_add(b, " is a virtual GPU: other VMs may share its time, which "
		 "shows as noise in the timings, and counters need the vGPU "
		 "administrator to enable profiling for this VM (the vGPU plugin "
		 "parameter enable_profiling)");
}

static void s_c_permission(const struct refusal_facts *f, struct sbuf *b)
{
	if (wsl(f) == 2) {
		sbuf_add(b, "Windows restricts GPU performance counters to "
			 "administrators: in the NVIDIA Control Panel on Windows "
			 "choose Desktop > Enable Developer Settings, then "
			 "Developer > Manage GPU Performance Counters > Allow "
			 "access to all users, and restart WSL (wsl --shutdown)");
		return;
	}
	sbuf_add(b, "the driver restricts GPU performance counters to "
		 "administrators: run culab as root or with CAP_SYS_ADMIN "
		 "(drivers R565 and later also accept CAP_PERFMON), or have an "
		 "administrator add \"options nvidia "
		 "NVreg_RestrictProfilingToAdminUsers=0\" to a file in "
		 "/etc/modprobe.d/, rebuild the initramfs and reboot; in a "
		 "container the host's setting applies (or run it with "
		 "--cap-add=SYS_ADMIN); check with \"grep RmProfilingAdminOnly "
		 "/proc/driver/nvidia/params\" (1 = restricted");
	if (f->admin_only >= 0)
		sbuf_addf(b, "; here %d", f->admin_only);
	sbuf_addc(b, ')');
}

static void s_c_vgpu_disabled(const struct refusal_facts *f, struct sbuf *b)
{
	(void)f;
	sbuf_add(b, "the hypervisor does not let this virtual GPU be profiled: "
		 "the vGPU administrator must enable profiling for this VM (the "
		 "vGPU plugin parameter enable_profiling); timings are "
		 "unaffected");
}

static void s_c_vgpu_unsupported(const struct refusal_facts *f, struct sbuf *b)
{
	(void)f;
	sbuf_add(b, "CUPTI cannot profile this virtual GPU's type or vGPU "
		 "release: for counters use a GPU in passthrough or on bare "
		 "metal; timings are unaffected");
}

static void s_c_mig(const struct refusal_facts *f, struct sbuf *b)
{
	(void)f;
	sbuf_add(b, "CUPTI cannot profile a MIG compute instance that shares "
		 "its GPU instance with others: collect counters on a GPU "
		 "instance with one compute instance, or with MIG disabled");
}

static void s_c_wsl(const struct refusal_facts *f, struct sbuf *b)
{
	(void)f;
	sbuf_add(b, "the Windows driver does not support counters under WSL: "
		 "they need WSL 2 and an NVIDIA Windows driver R545 or newer "
		 "(on Windows 10, build 19044 or later): update the driver on "
		 "Windows");
}

/* ---- the table ------------------------------------------------------------------ */

static const struct row {
	enum refusal_id id;
	const char *name;
	unsigned stages;        /* AT(enum refusal_stage) bits */
	bool fatal;
	const char *condition;
	bool (*detect)(const struct refusal_facts *f);      /* NULL: by code */
	void (*say)(const struct refusal_facts *f, struct sbuf *b);
} rows[] = {
	{ REFUSAL_WSL1, "WSL1", AT(REFUSAL_AT_COUNT), true,
	  "no device, and /proc/version names a WSL 1 kernel (\"-Microsoft\")",
	  d_wsl1, s_wsl1 },
	{ REFUSAL_DRIVER_OLD, "DRIVER_OLD", AT(REFUSAL_AT_COUNT), true,
	  "cudaErrorInsufficientDriver, and cudaDriverGetVersion gives a CUDA "
	  "version older than the runtime's", d_driver_old, s_driver_old },
	{ REFUSAL_DRIVER_MISMATCH, "DRIVER_MISMATCH",
	  AT(REFUSAL_AT_COUNT) | AT(REFUSAL_AT_OPEN), true,
	  "cudaErrorSystemDriverMismatch", d_mismatch, s_mismatch },
	{ REFUSAL_FABRIC_MANAGER, "FABRIC_MANAGER",
	  AT(REFUSAL_AT_COUNT) | AT(REFUSAL_AT_OPEN), true,
	  "cudaErrorSystemNotReady", d_fabric, s_fabric },
	{ REFUSAL_VGPU_UNLICENSED, "VGPU_UNLICENSED",
	  AT(REFUSAL_AT_COUNT) | AT(REFUSAL_AT_OPEN), true,
	  "cudaErrorDeviceNotLicensed", d_unlicensed, s_unlicensed },
	{ REFUSAL_WSL_NO_GPU, "WSL_NO_GPU", AT(REFUSAL_AT_COUNT), true,
	  "no device, and /proc/version names a WSL 2 kernel "
	  "(\"-microsoft-standard-WSL2\")", d_wsl_no_gpu, s_wsl_no_gpu },
	{ REFUSAL_NO_DRIVER, "NO_DRIVER", AT(REFUSAL_AT_COUNT), true,
	  "no device, and no /proc/driver/nvidia/version (no kernel module)",
	  d_no_driver, s_no_driver },
	{ REFUSAL_NO_LIBCUDA, "NO_LIBCUDA", AT(REFUSAL_AT_COUNT), true,
	  "no device, the kernel module is loaded but cudaDriverGetVersion "
	  "gives 0 (no libcuda.so.1)", d_no_libcuda, s_no_libcuda },
	{ REFUSAL_NONE_VISIBLE, "NONE_VISIBLE", AT(REFUSAL_AT_COUNT), true,
	  "cudaErrorNoDevice (or no device) while CUDA_VISIBLE_DEVICES is set",
	  d_none_visible,
	  s_none_visible },
	{ REFUSAL_EXCLUSIVE, "EXCLUSIVE", AT(REFUSAL_AT_OPEN), true,
	  "cudaSetDevice: cudaErrorDevicesUnavailable, compute mode "
	  "exclusive-process", d_exclusive, s_exclusive },
	{ REFUSAL_PROHIBITED, "PROHIBITED", AT(REFUSAL_AT_OPEN), true,
	  "cudaSetDevice fails, compute mode prohibited", d_prohibited,
	  s_prohibited },
	{ REFUSAL_BUSY, "BUSY", AT(REFUSAL_AT_OPEN), true,
	  "cudaSetDevice: cudaErrorDevicesUnavailable in the default mode",
	  d_busy, s_busy },
	{ REFUSAL_ARCH_TOO_OLD, "ARCH_TOO_OLD", AT(REFUSAL_AT_PROBE), true,
	  "compute capability below 7.5", d_arch_old, s_arch_old },
	{ REFUSAL_NO_KERNEL_IMAGE, "NO_KERNEL_IMAGE", AT(REFUSAL_AT_PROBE), true,
	  "cudaFuncGetAttributes on a culab kernel: "
	  "cudaErrorNoKernelImageForDevice (or cudaErrorInvalidDeviceFunction)",
	  d_no_image, s_no_image },
	{ REFUSAL_PTX_TOO_NEW, "PTX_TOO_NEW", AT(REFUSAL_AT_PROBE), true,
	  "cudaFuncGetAttributes on a culab kernel: "
	  "cudaErrorUnsupportedPtxVersion", d_ptx_new, s_ptx_new },
	{ REFUSAL_MIG, "MIG", AT(REFUSAL_AT_PROBE), false,
	  "the device name has \" MIG <n>g.<m>gb\"", d_mig, s_mig },
	{ REFUSAL_VGPU, "VGPU", AT(REFUSAL_AT_PROBE), false,
	  "the device name is a vGPU type's: \"<board>-<GB><A|B|C|Q>\"",
	  d_vgpu, s_vgpu },
	{ REFUSAL_COUNTERS_PERMISSION, "COUNTERS_PERMISSION",
	  AT(REFUSAL_AT_COUNTERS), false,
	  "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (worded for WSL 2 when "
	  "/proc/version says so)", NULL, s_c_permission },
	{ REFUSAL_COUNTERS_VGPU_DISABLED, "COUNTERS_VGPU_DISABLED",
	  AT(REFUSAL_AT_COUNTERS), false,
	  "CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES, or the "
	  "device-support query's vGpu level \"disabled\"", NULL,
	  s_c_vgpu_disabled },
	{ REFUSAL_COUNTERS_VGPU_UNSUPPORTED, "COUNTERS_VGPU_UNSUPPORTED",
	  AT(REFUSAL_AT_COUNTERS), false,
	  "CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED, or the vGpu level "
	  "\"unsupported\"", NULL, s_c_vgpu_unsupported },
	{ REFUSAL_COUNTERS_MIG, "COUNTERS_MIG", AT(REFUSAL_AT_COUNTERS), false,
	  "CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED", NULL, s_c_mig },
	{ REFUSAL_COUNTERS_WSL, "COUNTERS_WSL", AT(REFUSAL_AT_COUNTERS), false,
	  "CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED, or the wsl level "
	  "\"unsupported\"", NULL, s_c_wsl },
};

_Static_assert(sizeof(rows) / sizeof(rows[0]) == REFUSAL_COUNT,
	       "one row per enum refusal_id");

static const struct row *row_of(enum refusal_id id)
{
	if ((int)id < 0 || id >= REFUSAL_COUNT || rows[id].id != id)
		return NULL;
	return &rows[id];
}

/* ---- the interface ------------------------------------------------------------- */

void refusal_facts_init(struct refusal_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->device = -1;
	f->compute_mode = -1;
	f->admin_only = -1;
}

/* The start of a small text file (at most 4 KiB), or NULL when it cannot
 * be read: quietly, since most of these files are missing somewhere. */
static char *read_small(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *buf;
	size_t n;

	if (!fp)
		return NULL;
	buf = xmalloc(4097);
	n = fread(buf, 1, 4096, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

void refusal_read_host(struct refusal_host *h, struct refusal_facts *f)
{
	FILE *fp;
	char line[256];

	memset(h, 0, sizeof(*h));
	h->admin_only = -1;
	h->proc_version = read_small("/proc/version");
	h->nvidia_version = read_small("/proc/driver/nvidia/version");
	fp = fopen("/proc/driver/nvidia/params", "r");
	while (fp && fgets(line, sizeof(line), fp))
		if (sscanf(line, "RmProfilingAdminOnly: %d", &h->admin_only) == 1)
			break;
	if (fp)
		fclose(fp);
	f->proc_version = h->proc_version;
	f->nvidia_version = h->nvidia_version;
	f->admin_only = h->admin_only;
	f->visible_devices = getenv("CUDA_VISIBLE_DEVICES");
}

void refusal_host_release(struct refusal_host *h)
{
	if (!h)
		return;
	free(h->proc_version);
	free(h->nvidia_version);
	h->proc_version = h->nvidia_version = NULL;
}

void refusal_explain(enum refusal_id id, const struct refusal_facts *f,
		     char *why, size_t whysize)
{
	const struct row *r = row_of(id);
	struct sbuf b = SBUF_INIT;

	if (!whysize)
		return;
	if (r)
		r->say(f, &b);
	snprintf(why, whysize, "%s", sbuf_str(&b));
	sbuf_release(&b);
}

enum refusal_id refusal_check(enum refusal_stage stage,
			      const struct refusal_facts *f, char *why,
			      size_t whysize)
{
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		if (!(rows[i].stages & AT(stage)) || !rows[i].detect ||
		    !rows[i].detect(f))
			continue;
		refusal_explain(rows[i].id, f, why, whysize);
		return rows[i].id;
	}
	return REFUSAL_NONE;
}

bool refusal_is_fatal(enum refusal_id id)
{
	const struct row *r = row_of(id);

	return r && r->fatal;
}

const char *refusal_name(enum refusal_id id)
{
	const struct row *r = row_of(id);

	return r ? r->name : "NONE";
}

const char *refusal_condition(enum refusal_id id)
{
	const struct row *r = row_of(id);

	return r ? r->condition : "";
}
