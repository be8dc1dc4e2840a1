/* test_nvml.c - NVML without a GPU: the throttle reasons and what counts
 * as throttled, readings gathered into a row's record, the device found
 * by UUID, PCI bus id or through its MIG instance, NVML missing, and the
 * clock lock restored on every way out of the process, with a fake NVML
 * that counts what it is asked (the exit paths run in child processes:
 * exit, abort, a fault, the runner's second SIGTERM). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dlfcn.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/run.h"
#include "base/util.h"

/* ---- a fake NVML that records ------------------------------------------------ */

static struct {
	int init_rc, lock_rc, reset_rc;
	int inits, shutdowns, locks, resets;
	unsigned lock_lo, lock_hi;
	bool by_uuid_fails;
	const char *uuid_seen, *pci_seen;
	bool mig_parent_asked;
	int pipe_fd;            /* >= 0: each reset also writes 'R' there */
	unsigned long long reasons;
	bool no_power;
	bool no_driver;
} F;

static int the_gpu, the_mig;

static int r_init(void) { F.inits++; return F.init_rc; }
static int r_shutdown(void) { F.shutdowns++; return NVML_OK; }

static const char *r_error(int rc)
{
	return rc == NVML_E_NO_PERMISSION ? "Insufficient Permissions" :
	       rc == NVML_E_NOT_SUPPORTED ? "Not Supported" :
	       rc == NVML_E_NOT_FOUND ? "Not Found" : "Unknown Error";
}

static int r_by_uuid(const char *uuid, nvml_device *d)
{
	F.uuid_seen = uuid;
	if (F.by_uuid_fails)
		return NVML_E_NOT_FOUND;
	*d = (nvml_device)(void *)(strncmp(uuid, "MIG-", 4) ? &the_gpu :
				   &the_mig);
	return NVML_OK;
}

static int r_by_pci(const char *pci, nvml_device *d)
{
	F.pci_seen = pci;
	*d = (nvml_device)(void *)&the_gpu;
	return NVML_OK;
}

static int r_mig_parent(nvml_device mig, nvml_device *d)
{
	F.mig_parent_asked = true;
	assert_ptr_equal(mig, &the_mig);
	*d = (nvml_device)(void *)&the_gpu;
	return NVML_OK;
}

static int r_clock(nvml_device d, int type, unsigned *mhz)
{
	assert_ptr_equal(d, &the_gpu);
	*mhz = type == 1 ? 1755 : 2619;
	return NVML_OK;
}

static int r_temp(nvml_device d, int sensor, unsigned *c)
{
	(void)d;
	(void)sensor;
	*c = 71;
	return NVML_OK;
}

static int r_power(nvml_device d, unsigned *mw)
{
	(void)d;
	*mw = 512345;
	return F.no_power ? NVML_E_NOT_SUPPORTED : NVML_OK;
}

static int r_reasons(nvml_device d, unsigned long long *r)
{
	(void)d;
	*r = F.reasons;
	return NVML_OK;
}

static int r_lock(nvml_device d, unsigned lo, unsigned hi)
{
	assert_ptr_equal(d, &the_gpu);
	F.locks++;
	F.lock_lo = lo;
	F.lock_hi = hi;
	return F.lock_rc;
}

static int r_reset(nvml_device d)
{
	(void)d;
	F.resets++;
	if (F.pipe_fd >= 0) {
		ssize_t w = write(F.pipe_fd, "R", 1);

		(void)w;
	}
	return F.reset_rc;
}

static int r_driver(char *buf, unsigned size)
{
	if (F.no_driver)
		return NVML_E_NOT_SUPPORTED;
	snprintf(buf, size, "%s", "580.159.04");
	return NVML_OK;
}

static const struct nvml_api fake = {
	.Init = r_init, .Shutdown = r_shutdown, .ErrorString = r_error,
	.DeviceGetHandleByUUID = r_by_uuid,
	.DeviceGetHandleByPciBusId = r_by_pci,
	.DeviceGetDeviceHandleFromMigDeviceHandle = r_mig_parent,
	.DeviceGetClockInfo = r_clock, .DeviceGetTemperature = r_temp,
	.DeviceGetPowerUsage = r_power,
	.DeviceGetCurrentClocksEventReasons = r_reasons,
	.DeviceSetGpuLockedClocks = r_lock,
	.DeviceResetGpuLockedClocks = r_reset,
	.SystemGetDriverVersion = r_driver,
};

static const char uuid[] = "GPU-fc485219-2e54-e70c-c441-fad4cbd0056e";

static int reset_fake(void **state)
{
	(void)state;
	memset(&F, 0, sizeof(F));
	F.pipe_fd = -1;
	return 0;
}

/* ---- reasons --------------------------------------------------------------- */

static void test_reason_names(void **state)
{
	char buf[256];

	(void)state;
	assert_string_equal(nvml_reason_names(0, " ", buf, sizeof(buf)), "");
	assert_string_equal(nvml_reason_names(0x44, " ", buf, sizeof(buf)),
			    "sw_power_cap hw_thermal_slowdown");
	assert_string_equal(nvml_reason_names(0x1 | 0x200 | (1ull << 40), "+",
					      buf, sizeof(buf)),
			    "gpu_idle+0x200+0x10000000000");
	/* cut to the buffer, still a string */
	assert_string_equal(nvml_reason_names(0x44, " ", buf, 8), "sw_powe");
	assert_int_equal(nvml_reason_parse("hw_slowdown"), 0x8);
	assert_int_equal(nvml_reason_parse("0x200"), 0x200);
	assert_int_equal(nvml_reason_parse("0x300"), 0);   /* two bits */
	assert_int_equal(nvml_reason_parse("0x"), 0);
	assert_int_equal(nvml_reason_parse("hot"), 0);
}

/* What counts, reason by reason: NVML's documented meaning of each bit
 * (run.h of R535: nvmlClocksEventReason*), decided in README "Clocks
 * and throttling". */
static void test_throttled(void **state)
{
	static const struct {
		uint64_t bit;
		const char *name;
		bool throttles;
	} want[] = {
		{ 0x1, "gpu_idle", false },
		{ 0x2, "applications_clocks", false },
		{ 0x4, "sw_power_cap", true },
		{ 0x8, "hw_slowdown", true },
		{ 0x10, "sync_boost", true },
		{ 0x20, "sw_thermal_slowdown", true },
		{ 0x40, "hw_thermal_slowdown", true },
		{ 0x80, "hw_power_brake_slowdown", true },
		{ 0x100, "display_clock_setting", false },
	};
	size_t n;
	const struct nvml_reason *t = nvml_reasons(&n);

	(void)state;
	assert_int_equal(n, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(t[i].bit, want[i].bit);
		assert_string_equal(t[i].name, want[i].name);
		assert_int_equal(nvml_reasons_throttle(want[i].bit),
				 want[i].throttles);
		assert_non_null(t[i].about);
	}
	assert_false(nvml_reasons_throttle(0));
	assert_false(nvml_reasons_throttle(0x1 | 0x2 | 0x100 | 0x200));
	assert_true(nvml_reasons_throttle(0x1 | 0x20));
}

/* ---- opening and reading ------------------------------------------------------- */

static void test_open_and_read(void **state)
{
	struct nvml n;
	struct nvml_reading r;
	struct clock_record c = { 0 };

	(void)state;
	assert_int_equal(nvml_open(&n, &fake, uuid, "0000:3B:00.0"), 0);
	assert_string_equal(F.uuid_seen, uuid);
	assert_null(F.pci_seen);
	F.reasons = 0x1;
	nvml_read(&n, &r);
	assert_float_equal(r.sm_mhz, 1755, 0);
	assert_float_equal(r.mem_mhz, 2619, 0);
	assert_float_equal(r.temp_c, 71, 0);
	assert_float_equal(r.power_w, 512.345, 1e-9);
	assert_true(r.have_reasons);
	clock_record_start(&c);
	clock_record_add(&c, &r);
	assert_false(c.throttled);
	/* a second reading: a power cap, lower clock, no power reading */
	F.reasons = 0x4;
	F.no_power = true;
	nvml_read(&n, &r);
	assert_true(isnan(r.power_w));
	r.sm_mhz = 1410;
	clock_record_add(&c, &r);
	assert_int_equal(c.readings, 2);
	assert_float_equal(c.sm_mhz_min, 1410, 0);
	assert_float_equal(c.sm_mhz_max, 1755, 0);
	assert_float_equal(c.power_w_max, 512.345, 1e-9);
	assert_int_equal(c.reasons, 0x5);
	assert_true(c.reasons_known && c.throttled);
	/* the driver's own version, not the CUDA version it supports */
	{
		char v[96], tiny[4];

		assert_true(nvml_driver_version(&n, v, sizeof(v)));
		assert_string_equal(v, "580.159.04");
		assert_false(nvml_driver_version(&n, tiny, sizeof(tiny)));
		assert_string_equal(tiny, "");
		F.no_driver = true;
		assert_false(nvml_driver_version(&n, v, sizeof(v)));
		assert_string_equal(v, "");
	}
	clock_record_set_unknown(&c, "runs on the CPU");
	assert_false(c.known);
	assert_string_equal(c.why, "runs on the CPU");
	clock_record_release(&c);
	nvml_close(&n);
	assert_int_equal(F.shutdowns, 1);
	assert_int_equal(F.resets, 0);
}

static void test_find_device(void **state)
{
	struct nvml n;

	(void)state;
	/* a MIG instance is read through its GPU */
	assert_int_equal(nvml_open(&n, &fake, "MIG-5a1b", NULL), 0);
	assert_true(F.mig_parent_asked);
	assert_ptr_equal(n.dev, &the_gpu);
	nvml_close(&n);
	/* no such UUID: the PCI bus id */
	F.by_uuid_fails = true;
	assert_int_equal(nvml_open(&n, &fake, uuid, "0000:3B:00.0"), 0);
	assert_string_equal(F.pci_seen, "0000:3B:00.0");
	nvml_close(&n);
	/* neither */
	F.pci_seen = NULL;
	assert_int_equal(nvml_open(&n, &fake, uuid, NULL), -1);
	assert_string_equal(n.why, "NVML has no device with UUID GPU-fc485219-"
			    "2e54-e70c-c441-fad4cbd0056e or PCI bus id ?: Not "
			    "Found");
	assert_false(n.open);
	nvml_close(&n);
	assert_int_equal(F.shutdowns, 3);
	/* NVML that cannot start */
	F.init_rc = 999;
	assert_int_equal(nvml_open(&n, &fake, uuid, NULL), -1);
	assert_string_equal(n.why, "NVML could not start: Unknown Error");
	nvml_close(&n);
	assert_int_equal(F.shutdowns, 3);
}

/* No NVML: a reason, never a failure.  Where the library exists (a GPU
 * machine) the real open is not asserted; CULAB_TEST_NVML=absent is. */
static void test_missing(void **state)
{
	struct nvml n;
	void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);

	(void)state;
	if (!h) {
		assert_int_equal(nvml_open(&n, NULL, uuid, NULL), -1);
		assert_string_equal(n.why, "NVML is not available: "
				    "libnvidia-ml.so.1: cannot open shared "
				    "object file: No such file or directory");
		nvml_close(&n);
	} else {
		dlclose(h);
	}
	setenv("CULAB_TEST_NVML", "absent", 1);
	assert_int_equal(nvml_open_env(&n, uuid, NULL), -1);
	assert_string_equal(n.why, "NVML is not available: libnvidia-ml.so.1: "
			    "cannot open shared object file "
			    "(CULAB_TEST_NVML=absent)");
	nvml_close(&n);
	setenv("CULAB_TEST_NVML", "fake-throttled", 1);
	assert_int_equal(nvml_open_env(&n, uuid, NULL), 0);
	{
		struct nvml_reading r;

		nvml_read(&n, &r);
		assert_true(nvml_reasons_throttle(r.reasons));
	}
	nvml_close(&n);
	setenv("CULAB_TEST_NVML", "bogus", 1);
	assert_int_equal(nvml_open_env(&n, uuid, NULL), -1);
	assert_non_null(strstr(n.why, "none of fake"));
	unsetenv("CULAB_TEST_NVML");
}

/* ---- locked clocks ------------------------------------------------------------- */

static void test_lock_unlock(void **state)
{
	struct nvml n;
	char what[64], why[320];

	(void)state;
	assert_int_equal(nvml_open(&n, &fake, uuid, NULL), 0);
	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_BASE, 1980, what,
					  sizeof(what), why, sizeof(why)), 0);
	assert_string_equal(what, "base (the TDP clock)");
	assert_int_equal(F.lock_lo, 0xffffff01u);
	assert_int_equal(F.lock_hi, 0xffffff01u);
	assert_true(nvml_clocks_locked());
	/* a second lock is refused, and does not call NVML */
	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_MAX, 1980, what,
					  sizeof(what), why, sizeof(why)), -1);
	assert_string_equal(why, "--lock-clocks: the SM clocks are locked "
			    "already");
	assert_int_equal(F.locks, 1);
	assert_int_equal(nvml_unlock_clocks(why, sizeof(why)), 0);
	assert_int_equal(F.resets, 1);
	assert_false(nvml_clocks_locked());
	/* once only, whoever asks */
	assert_int_equal(nvml_unlock_clocks(why, sizeof(why)), 0);
	nvml_restore_clocks_now();
	assert_int_equal(F.resets, 1);

	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_MAX, 1980, what,
					  sizeof(what), why, sizeof(why)), 0);
	assert_string_equal(what, "max (1980 MHz)");
	assert_int_equal(F.lock_lo, 1980);
	assert_int_equal(F.lock_hi, 1980);
	/* closing NVML restores first */
	nvml_close(&n);
	assert_int_equal(F.resets, 2);
	assert_false(nvml_clocks_locked());
}

static void test_lock_refused(void **state)
{
	struct nvml n;
	char what[64], why[320];

	(void)state;
	assert_int_equal(nvml_open(&n, &fake, uuid, NULL), 0);
	F.lock_rc = NVML_E_NO_PERMISSION;
	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_MAX, 1980, what,
					  sizeof(what), why, sizeof(why)), -1);
	assert_string_equal(why, "--lock-clocks is not permitted: NVML needs "
			    "root to lock clocks (Insufficient Permissions); "
			    "run culab as root, or without --lock-clocks");
	assert_false(nvml_clocks_locked());
	F.lock_rc = NVML_E_NOT_SUPPORTED;
	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_BASE, 0, what,
					  sizeof(what), why, sizeof(why)), -1);
	assert_string_equal(why, "--lock-clocks: this GPU cannot lock its SM "
			    "clocks (NVML: Not Supported)");
	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_MAX, 0, what,
					  sizeof(what), why, sizeof(why)), -1);
	assert_string_equal(why, "--lock-clocks max: the GPU's maximum SM "
			    "clock is not known");
	nvml_close(&n);
	assert_int_equal(F.resets, 0);
	/* without NVML */
	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_BASE, 0, what,
					  sizeof(what), why, sizeof(why)), -1);
	assert_string_equal(why, "--lock-clocks needs NVML: ");
	F.init_rc = 999;
	nvml_open(&n, &fake, uuid, NULL);
	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_BASE, 0, what,
					  sizeof(what), why, sizeof(why)), -1);
	assert_string_equal(why, "--lock-clocks needs NVML: NVML could not "
			    "start: Unknown Error");
	nvml_close(&n);
}

static void test_restore_fails(void **state)
{
	struct nvml n;
	char what[64], why[320];

	(void)state;
	assert_int_equal(nvml_open(&n, &fake, uuid, NULL), 0);
	assert_int_equal(nvml_lock_clocks(&n, CLOCK_LOCK_BASE, 0, what,
					  sizeof(what), why, sizeof(why)), 0);
	F.reset_rc = NVML_E_NO_PERMISSION;
	assert_int_equal(nvml_unlock_clocks(why, sizeof(why)), -1);
	assert_string_equal(why, "could not restore the SM clocks of GPU-fc48"
			    "5219-2e54-e70c-c441-fad4cbd0056e (NVML: "
			    "Insufficient Permissions); run: nvidia-smi -i "
			    "GPU-fc485219-2e54-e70c-c441-fad4cbd0056e -rgc");
	assert_false(nvml_clocks_locked());
	nvml_close(&n);
	assert_int_equal(F.resets, 1);
}

/* ---- every way out ----------------------------------------------------------- */

enum way_out { OUT_EXIT, OUT_ABORT, OUT_FAULT, OUT_SIGTERM_TWICE,
	       OUT_UNLOCKED };

/* The runner's handler: the first signal asks the run to stop, the
 * second ends it (runner.c's on_signal). */
static volatile sig_atomic_t asked;

static void runner_like(int sig)
{
	if (asked)
		nvml_fatal_signal(sig);
	asked = sig;
}

/* In a child: lock through the fake, leave by `way`.  Returns how many
 * resets the child made and sets *status to its wait status. */
static int leave(enum way_out way, int *status)
{
	int fds[2], resets = 0;
	char c;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct nvml n;
		char what[64], why[320];

		static const int crash[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL,
					     SIGABRT };

		close(fds[0]);
		F.pipe_fd = fds[1];
		/* cmocka's handlers would carry the child back into the test */
		for (size_t i = 0; i < sizeof(crash) / sizeof(crash[0]); i++)
			signal(crash[i], SIG_DFL);
		signal(SIGTERM, runner_like);
		if (nvml_open(&n, &fake, uuid, NULL) < 0 ||
		    nvml_lock_clocks(&n, CLOCK_LOCK_MAX, 1980, what,
				     sizeof(what), why, sizeof(why)) < 0)
			_exit(99);
		switch (way) {
		case OUT_EXIT:
			exit(0);
		case OUT_ABORT:
			abort();
		case OUT_FAULT:
			raise(SIGSEGV);
			break;
		case OUT_SIGTERM_TWICE:
			raise(SIGTERM);
			raise(SIGTERM);
			break;
		case OUT_UNLOCKED:
			nvml_unlock_clocks(why, sizeof(why));
			exit(0);
		}
		_exit(98);
	}
	close(fds[1]);
	while (read(fds[0], &c, 1) == 1)
		resets++;
	close(fds[0]);
	assert_int_equal(waitpid(pid, status, 0), pid);
	return resets;
}

static void test_every_way_out(void **state)
{
	int st;

	(void)state;
	assert_int_equal(leave(OUT_EXIT, &st), 1);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_int_equal(leave(OUT_UNLOCKED, &st), 1);   /* not twice */
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_int_equal(leave(OUT_ABORT, &st), 1);
	assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT);
	/* a fault: then the sanitizers' own handler may end the process
	 * (exit status 1) instead of the signal */
	assert_int_equal(leave(OUT_FAULT, &st), 1);
	assert_false(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_int_equal(leave(OUT_SIGTERM_TWICE, &st), 1);
	assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_reason_names, reset_fake),
		cmocka_unit_test_setup(test_throttled, reset_fake),
		cmocka_unit_test_setup(test_open_and_read, reset_fake),
		cmocka_unit_test_setup(test_find_device, reset_fake),
		cmocka_unit_test_setup(test_missing, reset_fake),
		cmocka_unit_test_setup(test_lock_unlock, reset_fake),
		cmocka_unit_test_setup(test_lock_refused, reset_fake),
		cmocka_unit_test_setup(test_restore_fails, reset_fake),
		cmocka_unit_test_setup(test_every_way_out, reset_fake),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
