// start.cu - what starting a CUDA + CUPTI process costs on this node, phase
// by phase, for issue 27 (a per-line child is such a process).  Run alone,
// four at once seeing every GPU, and four at once each seeing its own GPU.
// Not part of culab: a device-session probe.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_profiler_target.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double age(void)
{
	char buf[1024]; unsigned long long st; struct timespec ts;
	FILE *f = fopen("/proc/self/stat", "r");
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f); buf[n] = 0;
	char *p = strrchr(buf, ')');
	sscanf(p + 1, " %*c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %llu", &st);
	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec - (double)st / sysconf(_SC_CLK_TCK);
}

static void CUPTIAPI cb(void *, CUpti_CallbackDomain, CUpti_CallbackId, const void *) {}

int main(int argc, char **argv)
{
	int dev = argc > 1 ? atoi(argv[1]) : 0;
	size_t bytes = (size_t)(argc > 2 ? atof(argv[2]) : 1024) << 20;
	const char *tag = argc > 3 ? argv[3] : "";
	double t = now(), t0 = t;
	int n = 0;
#define LAP(name) do { double u = now(); printf("%s dev %d %-22s %.3f s\n", tag, dev, name, u - t); t = u; } while (0)
	printf("%s dev %d %-22s %.3f s\n", tag, dev, "exec to main", age());
	CUpti_SubscriberHandle sub;
	cuptiSubscribe(&sub, (CUpti_CallbackFunc)cb, NULL);
	cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_MODULE_LOADED);
	LAP("cuptiSubscribe");
	cuInit(0);
	cuDeviceGetCount(&n);
	LAP("cuInit");
	cudaSetDevice(dev);
	cudaFree(0);
	LAP("context");
	CUpti_Profiler_Initialize_Params ip = {CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
	cuptiProfilerInitialize(&ip);
	LAP("cuptiProfilerInitialize");
	void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW);
	int (*init)(void) = h ? (int (*)(void))dlsym(h, "nvmlInit_v2") : NULL;
	int (*shut)(void) = h ? (int (*)(void))dlsym(h, "nvmlShutdown") : NULL;
	if (init) init();
	LAP("nvmlInit");
	void *d = NULL, *hp = NULL;
	cudaMalloc(&d, bytes);
	LAP("cudaMalloc");
	cudaMallocHost(&hp, bytes);
	LAP("cudaMallocHost");
	memset(hp, 1, bytes);
	LAP("host fill");
	cudaMemcpy(d, hp, bytes, cudaMemcpyHostToDevice);
	LAP("copy to GPU");
	cudaFreeHost(hp);
	cudaFree(d);
	LAP("frees");
	if (shut) shut();
	cuptiUnsubscribe(sub);
	cudaDeviceReset();
	LAP("reset");
	printf("%s dev %d %-22s %.3f s (%d GPUs seen)\n", tag, dev, "in main", now() - t0, n);
	return 0;
}
