/* refusal.h - why culab cannot use a GPU, or a part of it, and what to do
 * about it: one table, one line each.
 *
 * Each row of the table (refusal.c) is a condition a user meets on a real
 * machine (a driver older than the CUDA runtime, a MIG instance, a virtual
 * GPU, WSL, a GPU another process holds, no permission for counters, a GPU
 * this binary has no code for), the facts that detect it (CUDA error codes,
 * the compute mode, the device name, what /proc says) and the one-line
 * message saying what to do.  Detection and wording are pure functions of
 * struct refusal_facts, so the CPU tests feed every case; env.c, runner.c
 * and the counters module gather the facts where each condition shows. */
#ifndef CULAB_REFUSAL_H
#define CULAB_REFUSAL_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where in culab's start-up a condition shows.  refusal_check looks only
 * at the rows of one stage. */
enum refusal_stage {
	REFUSAL_AT_COUNT,       /* cudaGetDeviceCount failed or found none */
	REFUSAL_AT_OPEN,        /* cudaSetDevice on the chosen device failed */
	REFUSAL_AT_PROBE,       /* the device is open: can culab serve it? */
	REFUSAL_AT_COUNTERS,    /* CUPTI refused; the counters module maps
				 * its result code to one of these rows */
};

/* The rows, in the table's order. */
enum refusal_id {
	REFUSAL_NONE = -1,
	REFUSAL_WSL1,
	REFUSAL_DRIVER_OLD,
	REFUSAL_DRIVER_MISMATCH,
	REFUSAL_FABRIC_MANAGER,
	REFUSAL_VGPU_UNLICENSED,
	REFUSAL_WSL_NO_GPU,
	REFUSAL_NO_DRIVER,
	REFUSAL_NO_LIBCUDA,
	REFUSAL_NONE_VISIBLE,
	REFUSAL_EXCLUSIVE,
	REFUSAL_PROHIBITED,
	REFUSAL_BUSY,
	REFUSAL_ARCH_TOO_OLD,
	REFUSAL_NO_KERNEL_IMAGE,
	REFUSAL_PTX_TOO_NEW,
	REFUSAL_MIG,
	REFUSAL_VGPU,
	REFUSAL_COUNTERS_PERMISSION,
	REFUSAL_COUNTERS_VGPU_DISABLED,
	REFUSAL_COUNTERS_VGPU_UNSUPPORTED,
	REFUSAL_COUNTERS_MIG,
	REFUSAL_COUNTERS_WSL,
	REFUSAL_COUNT
};

/* What culab observed.  refusal_facts_init sets every field to
 * "unknown"; callers fill what they know.  Strings are borrowed. */
struct refusal_facts {
	int device;             /* CUDA device index; -1 none chosen */
	const char *gpu_name;   /* cudaDeviceProp.name; NULL unknown */
	int cc_major, cc_minor; /* 0.0 unknown */
	int cuda_error;         /* the cudaError_t that showed it; 0 none */
	const char *cuda_error_name;    /* cudaGetErrorName of it */
	int image_error;        /* cudaFuncGetAttributes on a culab kernel */
	int compute_mode;       /* cudaDevAttrComputeMode; -1 unknown */
	int driver_version;     /* cudaDriverGetVersion: 12040; 0 no libcuda */
	int runtime_version;    /* CUDART_VERSION: 13000 */
	const char *build_sass; /* machine code in the binary: "sm_90" or
				 * "sm_75 sm_80 ... sm_120" */
	const char *build_ptx;  /* its PTX: "compute_90"; NULL none */
	const char *visible_devices;    /* $CUDA_VISIBLE_DEVICES; NULL unset */
	const char *proc_version;       /* /proc/version; NULL unread */
	const char *nvidia_version;     /* /proc/driver/nvidia/version; NULL
					 * when absent (no kernel module) */
	int admin_only;         /* RmProfilingAdminOnly; -1 unknown */
};

/* What refusal_read_host read; owned, refusal_host_release frees it. */
struct refusal_host {
	char *proc_version;
	char *nvidia_version;
	int admin_only;
};

void refusal_facts_init(struct refusal_facts *f);

/* Reads /proc/version, /proc/driver/nvidia/version and the driver's
 * RmProfilingAdminOnly into *h and points f at them, and f's
 * visible_devices at $CUDA_VISIBLE_DEVICES.  Never fails: what cannot be
 * read stays unknown. */
void refusal_read_host(struct refusal_host *h, struct refusal_facts *f);
void refusal_host_release(struct refusal_host *h);

/* The first row of `stage` whose condition f meets, its message in why
 * (one line, no full stop: what happened and what to do).  Returns its
 * id, or REFUSAL_NONE leaving why untouched. */
enum refusal_id refusal_check(enum refusal_stage stage,
			      const struct refusal_facts *f, char *why,
			      size_t whysize);

/* Row id's message for f, whether or not f meets its condition (the
 * counters rows are chosen by CUPTI's result code, not by f). */
void refusal_explain(enum refusal_id id, const struct refusal_facts *f,
		     char *why, size_t whysize);

/* Whether the row stops culab (no GPU to run on: exit status 3); the
 * others limit what it measures and the run goes on. */
bool refusal_is_fatal(enum refusal_id id);

/* The row's name ("DRIVER_OLD") and its condition in words, for the
 * tests and docs/gpus.md. */
const char *refusal_name(enum refusal_id id);
const char *refusal_condition(enum refusal_id id);

/* ---- detections on their own: pure, for the rows and their callers ---- */

/* 0 native Linux, 1 WSL 1, 2 WSL 2, from the text of /proc/version
 * (WSL 2: "...-microsoft-standard-WSL2", WSL 1: "...-Microsoft"). */
int refusal_wsl(const char *proc_version);

/* Whether a CUDA device name is a MIG instance's: "NVIDIA
 * A100-SXM4-40GB MIG 1g.5gb" (the profile is <n>g.<m>gb). */
bool refusal_is_mig(const char *gpu_name);

/* Whether a CUDA device name is a vGPU type's: the board, a dash, the
 * frame buffer in GB and the series letter (A, B, C or Q): "NVIDIA
 * A40-48C", "GRID T4-16Q", MIG-backed "NVIDIA A100-4-20C". */
bool refusal_is_vgpu(const char *gpu_name);

/* The driver release ("550.54.15") in the text of
 * /proc/driver/nvidia/version into buf; returns false (buf "") when
 * there is none. */
bool refusal_driver_release(const char *nvidia_version, char *buf,
			    size_t size);

#ifdef __cplusplus
}
#endif

#endif
