/* nvml_fake.c - a stand-in for NVML that touches no GPU, for tests on a
 * GPU machine where clocks must not change (CULAB_TEST_NVML; run.h).
 *
 * It reports fixed readings of an H100 (1980 MHz SM, 2619 MHz memory,
 * 45 C, 300 W, driver 580.159.04), a thermal slowdown in mode "fake-throttled", and
 * answers a lock as NVML would: accepted (and only printed) in modes
 * "fake" and "fake-throttled", refused for want of permission in
 * "fake-no-permission".  Lock and restore print one line each on stderr
 * with write(2), which a signal handler may call, so a test can see that
 * every exit path restored. */
#include "nvml_api.h"

#include <string.h>
#include <unistd.h>

enum fake_mode { FAKE_OK, FAKE_THROTTLED, FAKE_NO_PERMISSION };

static enum fake_mode mode;
static int the_device;

static void say(const char *s)
{
	ssize_t w = write(STDERR_FILENO, s, strlen(s));

	(void)w;
}

static int f_init(void) { return NVML_OK; }
static int f_shutdown(void) { return NVML_OK; }

static const char *f_error(int rc)
{
	return rc == NVML_E_NO_PERMISSION ? "Insufficient Permissions" :
	       rc == NVML_E_NOT_SUPPORTED ? "Not Supported" :
	       rc == NVML_E_NOT_FOUND ? "Not Found" : "Unknown Error";
}

static int f_handle(const char *id, nvml_device *d)
{
	(void)id;
	*d = (nvml_device)(void *)&the_device;
	return NVML_OK;
}

static int f_clock(nvml_device d, int type, unsigned *mhz)
{
	(void)d;
	*mhz = type == 2 ? 2619 : 1980;
	return NVML_OK;
}

static int f_temp(nvml_device d, int sensor, unsigned *c)
{
	(void)d;
	(void)sensor;
	*c = 45;
	return NVML_OK;
}

static int f_power(nvml_device d, unsigned *mw)
{
	(void)d;
	*mw = 300000;
	return NVML_OK;
}

static int f_reasons(nvml_device d, unsigned long long *r)
{
	(void)d;
	*r = mode == FAKE_THROTTLED ? 0x40 : 0;      /* hw_thermal_slowdown */
	return NVML_OK;
}

static int f_lock(nvml_device d, unsigned lo, unsigned hi)
{
	(void)d;
	(void)lo;
	(void)hi;
	if (mode == FAKE_NO_PERMISSION)
		return NVML_E_NO_PERMISSION;
	say("culab: note: fake NVML: SM clocks locked (no GPU was changed)\n");
	return NVML_OK;
}

static int f_reset(nvml_device d)
{
	(void)d;
	say("culab: note: fake NVML: SM clocks restored\n");
	return NVML_OK;
}

static int f_driver(char *buf, unsigned size)
{
	static const char v[] = "580.159.04";

	if (size < sizeof(v))
		return 7;       /* NVML_ERROR_INSUFFICIENT_SIZE */
	memcpy(buf, v, sizeof(v));
	return NVML_OK;
}

static const struct nvml_api fake_api = {
	.Init = f_init,
	.Shutdown = f_shutdown,
	.ErrorString = f_error,
	.DeviceGetHandleByUUID = f_handle,
	.DeviceGetHandleByPciBusId = f_handle,
	.DeviceGetClockInfo = f_clock,
	.DeviceGetTemperature = f_temp,
	.DeviceGetPowerUsage = f_power,
	.DeviceGetCurrentClocksEventReasons = f_reasons,
	.DeviceSetGpuLockedClocks = f_lock,
	.DeviceResetGpuLockedClocks = f_reset,
	.SystemGetDriverVersion = f_driver,
};

const struct nvml_api *nvml_fake(const char *name)
{
	static const struct {
		const char *name;
		enum fake_mode mode;
	} modes[] = {
		{ "fake", FAKE_OK },
		{ "fake-throttled", FAKE_THROTTLED },
		{ "fake-no-permission", FAKE_NO_PERMISSION },
	};

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (strcmp(name, modes[i].name) == 0) {
			mode = modes[i].mode;
			return &fake_api;
		}
	return NULL;
}
