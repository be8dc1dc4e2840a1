/* run/nvml_api.h - NVML's C ABI as culab uses it: the table of its
 * functions that nvml.c fills through dlopen or takes from a fake, and
 * the built-in fake (nvml_fake.c).  Part of nvml.h; apart so that the
 * fake needs nothing else of the runner's. */
#ifndef CULAB_RUN_NVML_API_H
#define CULAB_RUN_NVML_API_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct nvml_device_st *nvml_device;     /* nvmlDevice_t */

/* NVML's C ABI as culab uses it: every function returns nvmlReturn_t
 * (0: success).  NULL entries are functions this driver lacks. */
struct nvml_api {
	int (*Init)(void);                              /* nvmlInit_v2 */
	int (*Shutdown)(void);
	const char *(*ErrorString)(int);
	int (*DeviceGetHandleByUUID)(const char *, nvml_device *);
	int (*DeviceGetHandleByPciBusId)(const char *, nvml_device *);
	int (*DeviceGetDeviceHandleFromMigDeviceHandle)(nvml_device,
							nvml_device *);
	int (*DeviceGetClockInfo)(nvml_device, int type, unsigned *mhz);
	int (*DeviceGetTemperature)(nvml_device, int sensor, unsigned *c);
	int (*DeviceGetPowerUsage)(nvml_device, unsigned *mw);
	/* nvmlDeviceGetCurrentClocksEventReasons, or on drivers before
	 * R535 nvmlDeviceGetCurrentClocksThrottleReasons: the same bits */
	int (*DeviceGetCurrentClocksEventReasons)(nvml_device,
						  unsigned long long *);
	int (*DeviceSetGpuLockedClocks)(nvml_device, unsigned, unsigned);
	int (*DeviceResetGpuLockedClocks)(nvml_device);
	/* nvmlSystemGetDriverVersion: the driver's own version */
	int (*SystemGetDriverVersion)(char *, unsigned);
};

/* nvmlReturn_t values culab tells apart. */
enum {
	NVML_OK = 0,
	NVML_E_NOT_SUPPORTED = 3,
	NVML_E_NO_PERMISSION = 4,
	NVML_E_NOT_FOUND = 6,
};

/* The built-in fake of CULAB_TEST_NVML's modes (nvml_fake.c): a table
 * that reports an H100-like GPU and never touches one; NULL for a mode
 * it does not know. */
const struct nvml_api *nvml_fake(const char *mode);

#ifdef __cplusplus
}
#endif

#endif
