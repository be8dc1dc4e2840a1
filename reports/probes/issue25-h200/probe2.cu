// probe2.cu - an NVRTC-compiled student file with -lineinfo, run under
// compute-sanitizer: does it name the file and line?
#include <cuda.h>
#include <nvrtc.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#define CU(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_; cuGetErrorString(r_, &s_); printf("CU %s: %s\n", #x, s_); return 1; } } while (0)
int main(int argc, char **argv)
{
	const char *path = argv[1], *fn = argv[2];
	long long n = argc > 3 ? atoll(argv[3]) : 1000;
	FILE *f = fopen(path, "rb"); if (!f) return 2;
	std::vector<char> src(1 << 20); size_t len = fread(src.data(), 1, src.size() - 1, f); src[len] = 0; fclose(f);
	nvrtcProgram p;
	nvrtcCreateProgram(&p, src.data(), path, 0, nullptr, nullptr);
	const char *opts[] = { "-arch=sm_90", "-lineinfo" };
	if (nvrtcCompileProgram(p, 2, opts) != NVRTC_SUCCESS) { size_t l; nvrtcGetProgramLogSize(p, &l); std::vector<char> g(l); nvrtcGetProgramLog(p, g.data()); printf("%s\n", g.data()); return 3; }
	size_t cl; nvrtcGetCUBINSize(p, &cl); std::vector<char> cubin(cl); nvrtcGetCUBIN(p, cubin.data());
	CU(cuInit(0)); CUdevice d; CU(cuDeviceGet(&d, 0)); CUcontext c; CU(cuDevicePrimaryCtxRetain(&c, d)); CU(cuCtxSetCurrent(c));
	CUmodule m; CU(cuModuleLoadData(&m, cubin.data())); CUfunction k; CU(cuModuleGetFunction(&k, m, fn));
	CUdeviceptr in, out; CU(cuMemAlloc(&in, n * 4)); CU(cuMemAlloc(&out, n * 4)); CU(cuMemsetD32(in, 0, n));
	void *args[] = { &in, &out, &n };
	unsigned blocks = (unsigned)((n + 255) / 256) + (strcmp(fn, "oob_global") ? 0 : 1);
	CU(cuLaunchKernel(k, blocks, 1, 1, 256, 1, 1, 0, 0, args, 0));
	CUresult r = cuCtxSynchronize();
	printf("%s: sync %d\n", fn, (int)r);
	return 0;
}
