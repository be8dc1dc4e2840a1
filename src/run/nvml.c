/* nvml.c - NVML, opened at run time: readings of clocks, temperature,
 * power and throttle reasons, and locked SM clocks that are always given
 * back.  See nvml.h.
 *
 * libnvidia-ml.so.1 comes with the driver, not the toolkit, so it is
 * opened with dlopen (linked, a machine without it could not even start
 * culab) and its entry points go into one table, as nvrtc_compile.c does for
 * NVRTC.  NVIDIA's <nvml.h> is not included (the toolkit does not ship
 * it; on culab's include path the name is this module's own header): the
 * few types below are NVML's C ABI, stable since the R418 drivers.
 *
 * Locked clocks are a GPU-wide setting that outlives the process, so the
 * lock is a small state machine in static storage (idle, locked,
 * restoring) that every exit path can reach: the normal path, atexit, a
 * crash handler, the runner's second signal.  Restoring is one NVML call
 * through a function pointer copied at lock time, guarded by an atomic
 * compare-and-swap so it happens once, and safe in a signal handler as
 * far as a library call can be: the alternative is a GPU left locked for
 * every later user. */
#include "nvml.h"

#include <dlfcn.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/util.h"

#define NVML_LIB "libnvidia-ml.so.1"

/* nvmlClockType_t, nvmlTemperatureSensors_t */
enum { NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_TEMPERATURE_GPU = 0 };
/* nvmlClockLimitId_t: symbolic limits of nvmlDeviceSetGpuLockedClocks */
#define NVML_CLOCK_LIMIT_ID_TDP 0xffffff01u

/* ---- opening the library ---------------------------------------------------- */

/* Each entry point: its names, newest first, and whether culab needs it
 * to read anything at all. */
static const struct {
	size_t off;
	bool required;
	const char *names[2];
} nvml_syms[] = {
#define SYM(f, req, n1, n2) { offsetof(struct nvml_api, f), req, { n1, n2 } }
	SYM(Init, true, "nvmlInit_v2", "nvmlInit"),
	SYM(Shutdown, true, "nvmlShutdown", NULL),
	SYM(ErrorString, true, "nvmlErrorString", NULL),
	SYM(DeviceGetHandleByUUID, true, "nvmlDeviceGetHandleByUUID", NULL),
	SYM(DeviceGetHandleByPciBusId, false,
	    "nvmlDeviceGetHandleByPciBusId_v2", "nvmlDeviceGetHandleByPciBusId"),
	SYM(DeviceGetDeviceHandleFromMigDeviceHandle, false,
	    "nvmlDeviceGetDeviceHandleFromMigDeviceHandle", NULL),
	SYM(DeviceGetClockInfo, true, "nvmlDeviceGetClockInfo", NULL),
	SYM(DeviceGetTemperature, false, "nvmlDeviceGetTemperature", NULL),
	SYM(DeviceGetPowerUsage, false, "nvmlDeviceGetPowerUsage", NULL),
	SYM(DeviceGetCurrentClocksEventReasons, false,
	    "nvmlDeviceGetCurrentClocksEventReasons",
	    "nvmlDeviceGetCurrentClocksThrottleReasons"),
	SYM(DeviceSetGpuLockedClocks, false, "nvmlDeviceSetGpuLockedClocks", NULL),
	SYM(DeviceResetGpuLockedClocks, false, "nvmlDeviceResetGpuLockedClocks",
	    NULL),
	SYM(SystemGetDriverVersion, false, "nvmlSystemGetDriverVersion", NULL),
#undef SYM
};

_Static_assert(sizeof(void *) == sizeof(int (*)(void)),
	       "dlsym's pointers must fit the table's function pointers");

/* Opens the library into n->table.  Returns 0, or -1 with n->why. */
static int load_library(struct nvml *n)
{
	n->lib = dlopen(NVML_LIB, RTLD_NOW | RTLD_LOCAL);
	if (!n->lib) {
		const char *e = dlerror();

		snprintf(n->why, sizeof(n->why), "NVML is not available: %s",
			 e ? e : NVML_LIB " not found");
		return -1;
	}
	for (size_t i = 0; i < ARRAY_SIZE(nvml_syms); i++) {
		void *f = NULL;

		for (size_t k = 0; k < 2 && !f && nvml_syms[i].names[k]; k++)
			f = dlsym(n->lib, nvml_syms[i].names[k]);
		if (!f && nvml_syms[i].required) {
			snprintf(n->why, sizeof(n->why), "NVML is not usable: "
				 "%s has no %s (a driver older than R418?)",
				 NVML_LIB, nvml_syms[i].names[0]);
			return -1;
		}
		memcpy((char *)&n->table + nvml_syms[i].off, &f, sizeof(f));
	}
	n->api = &n->table;
	return 0;
}

static const char *err_text(const struct nvml_api *a, int rc)
{
	const char *s = a->ErrorString ? a->ErrorString(rc) : NULL;

	return s ? s : "unknown NVML error";
}

/* The device by UUID, else by PCI bus id; a MIG instance's GPU. */
static int find_device(struct nvml *n, const char *uuid, const char *pci)
{
	const struct nvml_api *a = n->api;
	int rc = NVML_E_NOT_FOUND;
	nvml_device parent;

	if (uuid && *uuid)
		rc = a->DeviceGetHandleByUUID(uuid, &n->dev);
	if (rc != NVML_OK && pci && *pci && a->DeviceGetHandleByPciBusId)
		rc = a->DeviceGetHandleByPciBusId(pci, &n->dev);
	if (rc != NVML_OK) {
		snprintf(n->why, sizeof(n->why), "NVML has no device with UUID "
			 "%s or PCI bus id %s: %s", uuid && *uuid ? uuid : "?",
			 pci && *pci ? pci : "?", err_text(a, rc));
		return -1;
	}
	/* clocks and throttling belong to the whole GPU */
	if (uuid && strncmp(uuid, "MIG-", 4) == 0 &&
	    a->DeviceGetDeviceHandleFromMigDeviceHandle &&
	    a->DeviceGetDeviceHandleFromMigDeviceHandle(n->dev, &parent) ==
	    NVML_OK)
		n->dev = parent;
	return 0;
}

int nvml_open(struct nvml *n, const struct nvml_api *api, const char *uuid,
	      const char *pci)
{
	int rc;

	memset(n, 0, sizeof(*n));
	snprintf(n->uuid, sizeof(n->uuid), "%s", uuid ? uuid : "");
	if (api)
		n->api = api;
	else if (load_library(n) < 0)
		return -1;
	if ((rc = n->api->Init()) != NVML_OK) {
		snprintf(n->why, sizeof(n->why), "NVML could not start: %s",
			 err_text(n->api, rc));
		n->api = NULL;          /* nothing to shut down */
		return -1;
	}
	if (find_device(n, uuid, pci) < 0) {
		n->api->Shutdown();
		n->api = NULL;
		return -1;
	}
	n->open = true;
	return 0;
}

int nvml_open_env(struct nvml *n, const char *uuid, const char *pci)
{
	const char *mode = getenv("CULAB_TEST_NVML");

	if (!mode || !*mode)
		return nvml_open(n, NULL, uuid, pci);
	if (strcmp(mode, "absent") == 0) {
		memset(n, 0, sizeof(*n));
		snprintf(n->why, sizeof(n->why), "NVML is not available: "
			 NVML_LIB ": cannot open shared object file "
			 "(CULAB_TEST_NVML=absent)");
		return -1;
	}
	if (!nvml_fake(mode)) {
		memset(n, 0, sizeof(*n));
		snprintf(n->why, sizeof(n->why), "CULAB_TEST_NVML=\"%s\" is "
			 "none of fake, fake-throttled, fake-no-permission, "
			 "absent", mode);
		return -1;
	}
	return nvml_open(n, nvml_fake(mode), uuid, pci);
}

void nvml_close(struct nvml *n)
{
	char why[320];

	if (!n)
		return;
	if (n->open && nvml_unlock_clocks(why, sizeof(why)) < 0)
		diag_error("%s", why);
	if (n->api)
		n->api->Shutdown();
	if (n->lib)
		dlclose(n->lib);
	memset(n, 0, sizeof(*n));
}

/* ---- readings ------------------------------------------------------------------ */

bool nvml_driver_version(const struct nvml *n, char *buf, size_t size)
{
	/* NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE */
	char v[80] = "";

	if (size)
		buf[0] = '\0';
	if (!n->open || !n->api->SystemGetDriverVersion ||
	    n->api->SystemGetDriverVersion(v, sizeof(v)) != NVML_OK ||
	    !v[0] || strlen(v) >= size)
		return false;
	memcpy(buf, v, strlen(v) + 1);
	return true;
}

void nvml_read(const struct nvml *n, struct nvml_reading *r)
{
	const struct nvml_api *a = n->api;
	unsigned v;
	unsigned long long reasons;

	r->sm_mhz = r->mem_mhz = r->temp_c = r->power_w = NAN;
	r->reasons = 0;
	r->have_reasons = false;
	if (a->DeviceGetClockInfo(n->dev, NVML_CLOCK_SM, &v) == NVML_OK)
		r->sm_mhz = v;
	if (a->DeviceGetClockInfo(n->dev, NVML_CLOCK_MEM, &v) == NVML_OK)
		r->mem_mhz = v;
	if (a->DeviceGetTemperature &&
	    a->DeviceGetTemperature(n->dev, NVML_TEMPERATURE_GPU, &v) == NVML_OK)
		r->temp_c = v;
	if (a->DeviceGetPowerUsage &&
	    a->DeviceGetPowerUsage(n->dev, &v) == NVML_OK)
		r->power_w = v / 1000.0;
	if (a->DeviceGetCurrentClocksEventReasons &&
	    a->DeviceGetCurrentClocksEventReasons(n->dev, &reasons) == NVML_OK) {
		r->reasons = reasons;
		r->have_reasons = true;
	}
}

/* ---- locked clocks ------------------------------------------------------------ */

enum { CL_IDLE, CL_LOCKED, CL_RESTORING };

static atomic_int lock_state = CL_IDLE;
/* what restoring needs, copied at lock time: valid whatever happens to
 * the struct nvml that locked */
static int (*lock_reset)(nvml_device);
static const char *(*lock_errstr)(int);
static nvml_device lock_dev;
static char lock_uuid[96];

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL,
				     SIGABRT };
static struct sigaction crash_old[ARRAY_SIZE(crash_signals)];
static bool crash_installed, atexit_registered;

int clock_lock_parse(const char *s, enum clock_lock *m)
{
	if (strcmp(s, "base") == 0)
		*m = CLOCK_LOCK_BASE;
	else if (strcmp(s, "max") == 0)
		*m = CLOCK_LOCK_MAX;
	else
		return -1;
	return 0;
}

bool nvml_clocks_locked(void)
{
	return atomic_load(&lock_state) != CL_IDLE;
}

static void write_err(const char *s)
{
	ssize_t w = write(STDERR_FILENO, s, strlen(s));

	(void)w;
}

void nvml_restore_clocks_now(void)
{
	int expect = CL_LOCKED;

	if (!atomic_compare_exchange_strong(&lock_state, &expect, CL_RESTORING))
		return;
	if (lock_reset(lock_dev) != NVML_OK)
		write_err("culab: error: could not restore the GPU's SM clocks; "
			  "run: nvidia-smi -rgc\n");
	atomic_store(&lock_state, CL_IDLE);
}

/* A crash while locked: restore, then let the signal do what it did. */
static void on_crash(int sig)
{
	nvml_restore_clocks_now();
	for (size_t i = 0; i < ARRAY_SIZE(crash_signals); i++)
		if (crash_signals[i] == sig)
			sigaction(sig, &crash_old[i], NULL);
	raise(sig);
}

void nvml_fatal_signal(int sig)
{
	nvml_restore_clocks_now();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void at_exit(void)
{
	nvml_restore_clocks_now();
}

static void guard(bool on)
{
	struct sigaction sa;

	if (on == crash_installed)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_crash;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < ARRAY_SIZE(crash_signals); i++)
		if (on)
			sigaction(crash_signals[i], &sa, &crash_old[i]);
		else
			sigaction(crash_signals[i], &crash_old[i], NULL);
	crash_installed = on;
	if (on && !atexit_registered)
		atexit_registered = atexit(at_exit) == 0;
}

/* Why NVML refused to lock, in one line. */
static void refusal(const struct nvml *n, int rc, char *why, size_t size)
{
	if (rc == NVML_E_NO_PERMISSION)
		snprintf(why, size, "--lock-clocks is not permitted: NVML needs "
			 "root to lock clocks (%s); run culab as root, or "
			 "without --lock-clocks", err_text(n->api, rc));
	else if (rc == NVML_E_NOT_SUPPORTED)
		snprintf(why, size, "--lock-clocks: this GPU cannot lock its SM "
			 "clocks (NVML: %s)", err_text(n->api, rc));
	else
		snprintf(why, size, "--lock-clocks: NVML could not lock the SM "
			 "clocks: %s", err_text(n->api, rc));
}

int nvml_lock_clocks(struct nvml *n, enum clock_lock m, unsigned max_mhz,
		     char *what, size_t whatsize, char *why, size_t whysize)
{
	const struct nvml_api *a = n->api;
	unsigned mhz = m == CLOCK_LOCK_BASE ? NVML_CLOCK_LIMIT_ID_TDP : max_mhz;
	int rc;

	if (!n->open)
		return snprintf(why, whysize, "--lock-clocks needs NVML: %s",
				n->why), -1;
	if (!a->DeviceSetGpuLockedClocks || !a->DeviceResetGpuLockedClocks)
		return snprintf(why, whysize, "--lock-clocks: this driver's NVML "
				"cannot lock clocks (no nvmlDeviceSetGpuLocked"
				"Clocks)"), -1;
	if (m == CLOCK_LOCK_MAX && !max_mhz)
		return snprintf(why, whysize, "--lock-clocks max: the GPU's "
				"maximum SM clock is not known"), -1;
	if (m == CLOCK_LOCK_NONE || nvml_clocks_locked())
		return snprintf(why, whysize, "--lock-clocks: %s",
				m == CLOCK_LOCK_NONE ? "no clock to lock to" :
				"the SM clocks are locked already"), -1;
	/* ready to restore before the clocks change: a signal between the
	 * two would otherwise leave them locked */
	lock_reset = a->DeviceResetGpuLockedClocks;
	lock_errstr = a->ErrorString;
	lock_dev = n->dev;
	snprintf(lock_uuid, sizeof(lock_uuid), "%s", n->uuid);
	atomic_store(&lock_state, CL_LOCKED);
	guard(true);
	if ((rc = a->DeviceSetGpuLockedClocks(n->dev, mhz, mhz)) != NVML_OK) {
		atomic_store(&lock_state, CL_IDLE);
		guard(false);
		refusal(n, rc, why, whysize);
		return -1;
	}
	if (m == CLOCK_LOCK_BASE)
		snprintf(what, whatsize, "base (the TDP clock)");
	else
		snprintf(what, whatsize, "max (%u MHz)", max_mhz);
	return 0;
}

int nvml_unlock_clocks(char *why, size_t whysize)
{
	int expect = CL_LOCKED, rc;

	if (!atomic_compare_exchange_strong(&lock_state, &expect, CL_RESTORING))
		return 0;
	rc = lock_reset(lock_dev);
	atomic_store(&lock_state, CL_IDLE);
	guard(false);
	if (rc != NVML_OK) {
		snprintf(why, whysize, "could not restore the SM clocks of %s "
			 "(NVML: %s); run: nvidia-smi -i %s -rgc", lock_uuid,
			 lock_errstr(rc) ? lock_errstr(rc) : "unknown error",
			 lock_uuid);
		return -1;
	}
	return 0;
}
