/* test_refusal.c - every refusal of refusal.c's table, fed the facts of
 * its case, with the exact line a user sees; and the detections on their
 * own (WSL from /proc/version, MIG and vGPU from device names, the driver
 * release from /proc/driver/nvidia/version). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <driver_types.h>

#include "counters/counters.h"
#include "base/refusal.h"
#include "base/util.h"

/* What the machines culab meets say (the texts are real ones' shapes). */
#define LINUX "Linux version 6.8.0-60-generic (buildd@lcy02-amd64-054) " \
	"(x86_64-linux-gnu-gcc-13 (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0) #63-Ubuntu"
#define WSL2 "Linux version 5.15.167.4-microsoft-standard-WSL2 " \
	"(root@f9c826d3017f) (gcc (GCC) 11.2.0, GNU ld (GNU Binutils) 2.37) #1 SMP"
#define WSL1 "Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com) " \
	"(gcc version 5.4.0 (GCC) ) #3996-Microsoft Thu Jan 01 00:00:00 PST 2021"
#define NV550 "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  " \
	"Tue Mar  5 22:23:56 UTC 2024\nGCC version:  gcc version 12.3.0\n"
#define NV580 "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  " \
	"580.65.06  Release Build  (dvs-builder@U16-I3-B03-4-3)\n"

/* Native Linux, driver R580 (CUDA 13.0), culab built for sm_90. */
static struct refusal_facts base(void)
{
	struct refusal_facts f;

	refusal_facts_init(&f);
	f.runtime_version = 13000;
	f.driver_version = 13000;
	f.build_sass = "sm_90";
	f.build_ptx = "compute_90";
	f.proc_version = LINUX;
	f.nvidia_version = NV580;
	return f;
}

/* refusal_check at `stage` finds row `want` and says exactly `text`. */
static void expect(enum refusal_stage stage, const struct refusal_facts *f,
		   enum refusal_id want, const char *text)
{
	char why[1024] = "untouched";
	enum refusal_id got = refusal_check(stage, f, why, sizeof(why));

	if (got != want)
		fail_msg("found %s, want %s", refusal_name(got), refusal_name(want));
	assert_string_equal(why, text);
}

static void expect_none(enum refusal_stage stage, const struct refusal_facts *f)
{
	char why[64] = "untouched";

	assert_int_equal(refusal_check(stage, f, why, sizeof(why)), REFUSAL_NONE);
	assert_string_equal(why, "untouched");
}

/* Every row: a name, a condition in words, and one line that says what
 * to do (after a colon; no newline, no full stop at the end). */
static void test_every_row(void **state)
{
	struct refusal_facts f = base();
	char why[1024];

	(void)state;
	f.device = 0;
	f.gpu_name = "NVIDIA GeForce RTX 4090";
	f.cc_major = 8;
	f.cc_minor = 9;
	f.cuda_error_name = "cudaErrorNoDevice";
	for (int id = 0; id < REFUSAL_COUNT; id++) {
		size_t n;

		refusal_explain((enum refusal_id)id, &f, why, sizeof(why));
		n = strlen(why);
		if (n <= 40 || strchr(why, '\n') || why[n - 1] == '.' ||
		    !strchr(why, ':'))
			fail_msg("%s: \"%s\"", refusal_name((enum refusal_id)id),
				 why);
		assert_true(strlen(refusal_condition((enum refusal_id)id)) > 10);
		for (int j = 0; j < id; j++)
			assert_string_not_equal(refusal_name((enum refusal_id)j),
						refusal_name((enum refusal_id)id));
	}
	assert_string_equal(refusal_name(REFUSAL_NONE), "NONE");
	assert_string_equal(refusal_name(REFUSAL_COUNT), "NONE");
	assert_false(refusal_is_fatal(REFUSAL_MIG));
	assert_false(refusal_is_fatal(REFUSAL_COUNTERS_PERMISSION));
	assert_true(refusal_is_fatal(REFUSAL_DRIVER_OLD));
	assert_true(refusal_is_fatal(REFUSAL_NO_KERNEL_IMAGE));
	/* a short buffer is cut, not overrun */
	refusal_explain(REFUSAL_DRIVER_OLD, &f, why, 12);
	assert_int_equal(strlen(why), 11);
}

/* A driver older than the runtime: the release from /proc, the CUDA
 * versions of both, the driver needed; under WSL 2, the Windows driver. */
static void test_driver_old(void **state)
{
	struct refusal_facts f = base();

	(void)state;
	f.cuda_error = cudaErrorInsufficientDriver;
	f.cuda_error_name = "cudaErrorInsufficientDriver";
	f.driver_version = 12040;
	f.nvidia_version = NV550;
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_DRIVER_OLD,
	       "the NVIDIA driver 550.54.15 supports CUDA up to 12.4, older than "
	       "culab's CUDA runtime 13.0: update the driver to R580 or newer");
	f.proc_version = WSL2;
	f.nvidia_version = NULL;        /* WSL has no kernel module */
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_DRIVER_OLD,
	       "the NVIDIA driver supports CUDA up to 12.4, older than culab's "
	       "CUDA runtime 13.0: update the NVIDIA driver on Windows, which WSL "
	       "2 uses, to R580 or newer");
	/* a runtime whose driver culab does not know */
	f.runtime_version = 14010;
	f.proc_version = LINUX;
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_DRIVER_OLD,
	       "the NVIDIA driver supports CUDA up to 12.4, older than culab's "
	       "CUDA runtime 14.1: update the driver to one that supports CUDA "
	       "14.1");
}

/* No driver at all, a kernel module without its library (a container
 * started without the toolkit), GPUs hidden by CUDA_VISIBLE_DEVICES. */
static void test_no_driver(void **state)
{
	struct refusal_facts f = base();

	(void)state;
	f.cuda_error = cudaErrorInsufficientDriver;
	f.cuda_error_name = "cudaErrorInsufficientDriver";
	f.driver_version = 0;
	f.nvidia_version = NULL;
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_NO_DRIVER,
	       "no NVIDIA driver is loaded on this machine "
	       "(cudaErrorInsufficientDriver): install the NVIDIA driver (R580 or "
	       "newer), or run culab where there is an NVIDIA GPU");
	f.nvidia_version = NV550;
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_NO_LIBCUDA,
	       "the NVIDIA kernel module is loaded (driver 550.54.15) but its CUDA "
	       "library libcuda.so.1 cannot be loaded: in a container, start it "
	       "with the NVIDIA Container Toolkit (docker run --gpus all); "
	       "otherwise reinstall the driver's libraries");
	f = base();
	f.cuda_error = cudaErrorNoDevice;
	f.cuda_error_name = "cudaErrorNoDevice";
	expect_none(REFUSAL_AT_COUNT, &f);      /* said by env.c's fallback */
	f.visible_devices = "";
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_NONE_VISIBLE,
	       "CUDA_VISIBLE_DEVICES=\"\" hides every GPU: unset it, or name GPUs "
	       "that exist (nvidia-smi -L lists them)");
	/* another error with the variable set is not blamed on it */
	f.cuda_error = cudaErrorUnknown;
	expect_none(REFUSAL_AT_COUNT, &f);
}

/* WSL 1 has no GPU; WSL 2 gets it from the Windows driver. */
static void test_wsl(void **state)
{
	struct refusal_facts f = base();

	(void)state;
	f.nvidia_version = NULL;
	f.driver_version = 0;
	f.cuda_error = cudaErrorNoDevice;
	f.cuda_error_name = "cudaErrorNoDevice";
	f.proc_version = WSL1;
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_WSL1,
	       "this is WSL 1, which gives Linux programs no GPU: convert the "
	       "distribution to WSL 2 (in Windows: wsl --set-version DISTRO 2)");
	f.proc_version = WSL2;
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_WSL_NO_GPU,
	       "no GPU is visible in WSL 2 (cudaErrorNoDevice): install or update "
	       "the NVIDIA driver on Windows, which gives WSL 2 its GPU (install "
	       "no Linux NVIDIA driver inside WSL), then restart WSL with wsl "
	       "--shutdown");

	assert_int_equal(refusal_wsl(LINUX), 0);
	assert_int_equal(refusal_wsl(WSL2), 2);
	assert_int_equal(refusal_wsl(WSL1), 1);
	assert_int_equal(refusal_wsl("Linux version 6.6.36.3-microsoft-standard "
				     "#1 SMP"), 2);
	assert_int_equal(refusal_wsl(NULL), 0);
	assert_int_equal(refusal_wsl(""), 0);
}

/* Errors that mean one thing each, at start-up or when the device opens. */
static void test_driver_states(void **state)
{
	struct refusal_facts f = base();

	(void)state;
	f.cuda_error = cudaErrorSystemDriverMismatch;
	expect(REFUSAL_AT_COUNT, &f, REFUSAL_DRIVER_MISMATCH,
	       "the NVIDIA kernel module and its CUDA library are of different "
	       "versions (cudaErrorSystemDriverMismatch), usually after a driver "
	       "update without a reboot: reboot, or reload the nvidia kernel "
	       "modules");
	f.cuda_error = cudaErrorSystemNotReady;
	expect(REFUSAL_AT_OPEN, &f, REFUSAL_FABRIC_MANAGER,
	       "the GPUs are not ready (cudaErrorSystemNotReady): on an NVSwitch "
	       "system (HGX, DGX) start the NVIDIA Fabric Manager (systemctl "
	       "start nvidia-fabricmanager)");
	f.cuda_error = cudaErrorDeviceNotLicensed;
	f.device = 0;
	f.gpu_name = "NVIDIA A40-48C";
	expect(REFUSAL_AT_OPEN, &f, REFUSAL_VGPU_UNLICENSED,
	       "device 0 (NVIDIA A40-48C) is a virtual GPU without a valid NVIDIA "
	       "vGPU software license (cudaErrorDeviceNotLicensed): the VM's "
	       "administrator must license it (nvidia-gridd; nvidia-smi -q shows "
	       "the license status)");
}

/* A GPU another process holds: by its compute mode. */
static void test_held(void **state)
{
	struct refusal_facts f = base();

	(void)state;
	f.device = 1;
	f.gpu_name = "NVIDIA H100 80GB HBM3";
	f.cuda_error = cudaErrorDevicesUnavailable;
	f.compute_mode = cudaComputeModeExclusiveProcess;
	expect(REFUSAL_AT_OPEN, &f, REFUSAL_EXCLUSIVE,
	       "device 1 (NVIDIA H100 80GB HBM3) is in exclusive-process compute "
	       "mode and another process holds it: wait until it ends (nvidia-smi "
	       "lists it), choose another GPU with --device N, or have an "
	       "administrator run nvidia-smi -i 1 -c DEFAULT");
	f.compute_mode = cudaComputeModeProhibited;
	expect(REFUSAL_AT_OPEN, &f, REFUSAL_PROHIBITED,
	       "device 1 (NVIDIA H100 80GB HBM3) is in prohibited compute mode, "
	       "which lets no process use it: choose another GPU with --device N, "
	       "or have an administrator run nvidia-smi -i 1 -c DEFAULT");
	f.compute_mode = cudaComputeModeDefault;
	expect(REFUSAL_AT_OPEN, &f, REFUSAL_BUSY,
	       "device 1 (NVIDIA H100 80GB HBM3) is busy or unavailable "
	       "(cudaErrorDevicesUnavailable), probably full with another "
	       "process's work or memory: try again when nvidia-smi shows it "
	       "free, or choose another GPU with --device N");
	/* an unknown device ordinal is no refusal of the table */
	f.cuda_error = cudaErrorInvalidDevice;
	expect_none(REFUSAL_AT_OPEN, &f);
	/* start-up rows do not answer for an open device, nor these for it */
	f.cuda_error = cudaErrorDevicesUnavailable;
	f.compute_mode = cudaComputeModeExclusiveProcess;
	expect_none(REFUSAL_AT_PROBE, &f);
}

/* A GPU the binary has no code for: its compute capability and the fix
 * (issue 14, item 1). */
static void test_architecture(void **state)
{
	struct refusal_facts f = base();

	(void)state;
	f.device = 0;
	f.gpu_name = "NVIDIA GeForce RTX 4090";
	f.cc_major = 8;
	f.cc_minor = 9;
	f.image_error = cudaErrorNoKernelImageForDevice;
	expect(REFUSAL_AT_PROBE, &f, REFUSAL_NO_KERNEL_IMAGE,
	       "culab was built for sm_90 (and PTX compute_90); device 0 (NVIDIA "
	       "GeForce RTX 4090) is compute capability 8.9: rebuild with make "
	       "ARCH=sm_89, or use a release build (make dist)");
	/* a fat build names every architecture */
	f.build_sass = "sm_75 sm_80 sm_86 sm_90";
	f.build_ptx = "compute_90";
	f.gpu_name = "NVIDIA RTX A2000 12GB";
	f.cc_minor = 7;
	f.image_error = cudaErrorInvalidDeviceFunction;
	expect(REFUSAL_AT_PROBE, &f, REFUSAL_NO_KERNEL_IMAGE,
	       "culab was built for sm_75, sm_80, sm_86 and sm_90 (and PTX "
	       "compute_90); device 0 (NVIDIA RTX A2000 12GB) is compute "
	       "capability 8.7: rebuild with make ARCH=sm_87, or use a release "
	       "build (make dist)");
	/* PTX from a newer CUDA minor version than the driver's compiler */
	f = base();
	f.build_ptx = "compute_90";
	f.runtime_version = 13010;
	f.driver_version = 13000;
	f.cc_major = 10;
	f.cc_minor = 0;
	f.image_error = cudaErrorUnsupportedPtxVersion;
	expect(REFUSAL_AT_PROBE, &f, REFUSAL_PTX_TOO_NEW,
	       "culab was built for sm_90 (and PTX compute_90); this GPU is "
	       "compute capability 10.0 and needs that PTX compiled by the "
	       "driver, whose compiler (CUDA 13.0) is older than the PTX: update "
	       "the driver to one that supports CUDA 13.1, or rebuild with make "
	       "ARCH=sm_100");
	/* older than Turing: no rebuild helps */
	f = base();
	f.device = 2;
	f.gpu_name = "Tesla V100-SXM2-16GB";
	f.cc_major = 7;
	f.cc_minor = 0;
	f.image_error = cudaErrorNoKernelImageForDevice;
	expect(REFUSAL_AT_PROBE, &f, REFUSAL_ARCH_TOO_OLD,
	       "device 2 (Tesla V100-SXM2-16GB) is compute capability 7.0, and "
	       "culab needs 7.5 (Turing) or newer: CUDA 13, which culab is built "
	       "with, compiles for nothing older, and CUPTI's range profiler "
	       "needs 7.5; choose a newer GPU with --device N");
	/* a GPU the binary serves */
	f = base();
	f.gpu_name = "NVIDIA H100 80GB HBM3";
	f.cc_major = 9;
	expect_none(REFUSAL_AT_PROBE, &f);
}

/* A MIG instance runs, with a note; its name is how culab knows it. */
static void test_mig(void **state)
{
	static const char *const migs[] = {
		"NVIDIA A100-SXM4-40GB MIG 1g.5gb",
		"NVIDIA A100-SXM4-80GB MIG 3g.40gb",
		"NVIDIA H100 80GB HBM3 MIG 7g.80gb",
		"NVIDIA H100 80GB HBM3 MIG 1g.10gb+me",
	};
	static const char *const not_migs[] = {
		"NVIDIA A100-SXM4-40GB", "NVIDIA H100 80GB HBM3", "MIG",
		"NVIDIA MIG board", "NVIDIA X MIG g.5gb", "NVIDIA X MIG 1.5gb", "",
	};
	struct refusal_facts f = base();

	(void)state;
	f.device = 0;
	f.gpu_name = migs[0];
	f.cc_major = 8;
	expect(REFUSAL_AT_PROBE, &f, REFUSAL_MIG,
	       "device 0 (NVIDIA A100-SXM4-40GB MIG 1g.5gb) is a MIG instance, a "
	       "slice of a GPU's SMs and memory bandwidth: culab reports its GB/s "
	       "but no % of peak, and counters only where its compute instance "
	       "has its GPU instance to itself; for whole-GPU numbers use a GPU "
	       "with MIG disabled");
	assert_false(refusal_is_fatal(REFUSAL_MIG));
	for (size_t i = 0; i < ARRAY_SIZE(migs); i++)
		assert_true(refusal_is_mig(migs[i]));
	for (size_t i = 0; i < ARRAY_SIZE(not_migs); i++)
		assert_false(refusal_is_mig(not_migs[i]));
	assert_false(refusal_is_mig(NULL));
}

/* A virtual GPU runs, with a note.  vGPU types are named board-FBseries;
 * real boards never end so. */
static void test_vgpu_names(void **state)
{
	static const char *const vgpus[] = {
		"NVIDIA A40-48C", "GRID T4-16Q", "GRID A100-40C", "NVIDIA L4-24Q",
		"NVIDIA A100-4-20C", "NVIDIA H100XM-80C", "GRID V100-8A",
		"NVIDIA A16-2B",
	};
	static const char *const boards[] = {
		"Tesla T4", "NVIDIA GeForce RTX 3090", "NVIDIA A40",
		"NVIDIA A100-SXM4-40GB", "NVIDIA A100-PCIE-40GB",
		"NVIDIA GeForce RTX 4060 Ti", "NVIDIA L4", "NVIDIA L40S",
		"NVIDIA RTX 6000 Ada Generation", "NVIDIA H100 80GB HBM3",
		"NVIDIA GeForce RTX 5090", "Tesla V100-SXM2-16GB", "NVIDIA A10G",
		"NVIDIA A100-SXM4-40GB MIG 1g.5gb", "NVIDIA H100 NVL", "X-", "-4C",
		"",
	};

	struct refusal_facts f = base();

	(void)state;
	f.device = 0;
	f.gpu_name = vgpus[0];
	f.cc_major = 8;
	f.cc_minor = 6;
	expect(REFUSAL_AT_PROBE, &f, REFUSAL_VGPU,
	       "device 0 (NVIDIA A40-48C) is a virtual GPU: other VMs may share "
	       "its time, which shows as noise in the timings, and counters need "
	       "the vGPU administrator to enable profiling for this VM (the vGPU "
	       "plugin parameter enable_profiling)");
	assert_false(refusal_is_fatal(REFUSAL_VGPU));
	for (size_t i = 0; i < ARRAY_SIZE(vgpus); i++)
		if (!refusal_is_vgpu(vgpus[i]))
			fail_msg("\"%s\" is a vGPU type", vgpus[i]);
	for (size_t i = 0; i < ARRAY_SIZE(boards); i++)
		if (refusal_is_vgpu(boards[i]))
			fail_msg("\"%s\" is a board", boards[i]);
	assert_false(refusal_is_vgpu(NULL));
}

/* The driver release in both kernel modules' version texts. */
static void test_driver_release(void **state)
{
	char buf[32];

	(void)state;
	assert_true(refusal_driver_release(NV550, buf, sizeof(buf)));
	assert_string_equal(buf, "550.54.15");
	assert_true(refusal_driver_release(NV580, buf, sizeof(buf)));
	assert_string_equal(buf, "580.65.06");
	assert_false(refusal_driver_release("garbage", buf, sizeof(buf)));
	assert_string_equal(buf, "");
	assert_false(refusal_driver_release("NVRM Kernel Module x86_64\n1.2",
					    buf, sizeof(buf)));
	assert_false(refusal_driver_release(NULL, buf, sizeof(buf)));
}

/* The counters' refusals: chosen by CUPTI's result code, worded with the
 * host's facts. */
static void test_counters(void **state)
{
	struct refusal_facts f = base();
	char why[1024];

	(void)state;
	f.admin_only = 1;
	refusal_explain(REFUSAL_COUNTERS_PERMISSION, &f, why, sizeof(why));
	assert_string_equal(why,
		"the driver restricts GPU performance counters to administrators: "
		"run culab as root or with CAP_SYS_ADMIN (drivers R565 and later "
		"also accept CAP_PERFMON), or have an administrator add \"options "
		"nvidia NVreg_RestrictProfilingToAdminUsers=0\" to a file in "
		"/etc/modprobe.d/, rebuild the initramfs and reboot; in a container "
		"the host's setting applies (or run it with --cap-add=SYS_ADMIN); "
		"check with \"grep RmProfilingAdminOnly /proc/driver/nvidia/params\" "
		"(1 = restricted; here 1)");
	f.admin_only = -1;
	refusal_explain(REFUSAL_COUNTERS_PERMISSION, &f, why, sizeof(why));
	assert_non_null(strstr(why, "(1 = restricted)"));
	f.proc_version = WSL2;
	refusal_explain(REFUSAL_COUNTERS_PERMISSION, &f, why, sizeof(why));
	assert_string_equal(why,
		"Windows restricts GPU performance counters to administrators: in "
		"the NVIDIA Control Panel on Windows choose Desktop > Enable "
		"Developer Settings, then Developer > Manage GPU Performance "
		"Counters > Allow access to all users, and restart WSL (wsl "
		"--shutdown)");
	refusal_explain(REFUSAL_COUNTERS_VGPU_DISABLED, &f, why, sizeof(why));
	assert_string_equal(why,
		"the hypervisor does not let this virtual GPU be profiled: the vGPU "
		"administrator must enable profiling for this VM (the vGPU plugin "
		"parameter enable_profiling); timings are unaffected");
	refusal_explain(REFUSAL_COUNTERS_VGPU_UNSUPPORTED, &f, why, sizeof(why));
	assert_string_equal(why,
		"CUPTI cannot profile this virtual GPU's type or vGPU release: for "
		"counters use a GPU in passthrough or on bare metal; timings are "
		"unaffected");
	refusal_explain(REFUSAL_COUNTERS_MIG, &f, why, sizeof(why));
	assert_string_equal(why,
		"CUPTI cannot profile a MIG compute instance that shares its GPU "
		"instance with others: collect counters on a GPU instance with one "
		"compute instance, or with MIG disabled");
	refusal_explain(REFUSAL_COUNTERS_WSL, &f, why, sizeof(why));
	assert_string_equal(why,
		"the Windows driver does not support counters under WSL: they need "
		"WSL 2 and an NVIDIA Windows driver R545 or newer (on Windows 10, "
		"build 19044 or later): update the driver on Windows");
	/* no detector: CUPTI's code chooses them, never the facts */
	expect_none(REFUSAL_AT_COUNTERS, &f);
}

/* counters_explain gives CUPTI's name and the table's line. */
static void test_counters_explain(void **state)
{
	static const struct {
		int code;
		const char *start;
	} cases[] = {
		{ 35, "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES -- " },
		{ 40, "CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES -- the "
		      "hypervisor does not let this virtual GPU be profiled" },
		{ 33, "CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED -- CUPTI cannot "
		      "profile this virtual GPU's type" },
		{ 43, "CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED -- CUPTI cannot profile a "
		      "MIG compute instance" },
		{ 45, "CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED -- the Windows driver does "
		      "not support counters under WSL" },
	};
	char why[1024];

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		counters_explain(cases[i].code, why, sizeof(why));
		if (strncmp(why, cases[i].start, strlen(cases[i].start)))
			fail_msg("CUPTI error %d: \"%s\"", cases[i].code, why);
		assert_null(strchr(why, '\n'));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_row),
		cmocka_unit_test(test_driver_old),
		cmocka_unit_test(test_no_driver),
		cmocka_unit_test(test_wsl),
		cmocka_unit_test(test_driver_states),
		cmocka_unit_test(test_held),
		cmocka_unit_test(test_architecture),
		cmocka_unit_test(test_mig),
		cmocka_unit_test(test_vgpu_names),
		cmocka_unit_test(test_driver_release),
		cmocka_unit_test(test_counters),
		cmocka_unit_test(test_counters_explain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
