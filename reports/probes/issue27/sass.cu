// sass.cu - whether one process can collect CUPTI 13.0's SASS metrics for
// several kernels, one after the other (issue 27: a per-line child per
// measurement costs a process start each).  Issue 25's probe tried lazy
// patching only; this one tries patching at Enable (lazy off), a flush
// between kernels in one range, and a fresh configuration per kernel.
// Derived from reports/probes/issue25-h200/probe.cu.  Not part of culab.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_sass_metrics.h>
#include <cupti_pcsampling.h>
#include <cupti_profiler_target.h>
#include <cupti_target.h>
#include <nvrtc.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>
#include "../issue25-h200/kern.cuh"

#define CK(x) do { CUptiResult r_ = (x); if (r_ != CUPTI_SUCCESS) { const char *s_; cuptiGetResultString(r_, &s_); printf("CUPTI %s: %s (%d)\n", #x, s_, (int)r_); } } while (0)
#define CR(x) do { cudaError_t r_ = (x); if (r_ != cudaSuccess) { printf("CUDA %s: %s\n", #x, cudaGetErrorString(r_)); exit(1);} } while (0)

static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

struct cubin { std::vector<char> img; };
static std::vector<cubin> g_cubins;

static void CUPTIAPI on_cb(void *, CUpti_CallbackDomain dom, CUpti_CallbackId id, const void *data)
{
	if (dom == CUPTI_CB_DOMAIN_RESOURCE && id == CUPTI_CBID_RESOURCE_MODULE_LOADED) {
		auto *rd = (const CUpti_ResourceData *)data;
		auto *md = (const CUpti_ModuleResourceData *)rd->resourceDescriptor;
		cubin c;
		c.img.assign(md->pCubin, md->pCubin + md->cubinSize);
		g_cubins.push_back(c);
		printf("module loaded: id %u, cubin %zu bytes\n", md->moduleId, md->cubinSize);
	}
}

static const char *chip;
static std::vector<std::string> names;
static std::vector<uint64_t> ids;

static void list_metrics(const char *c)
{
	CUpti_SassMetrics_GetNumOfMetrics_Params p = {CUpti_SassMetrics_GetNumOfMetrics_Params_STRUCT_SIZE};
	p.pChipName = c;
	CK(cuptiSassMetricsGetNumOfMetrics(&p));
	std::vector<CUpti_SassMetrics_MetricDetails> d(p.numOfMetrics);
	CUpti_SassMetrics_GetMetrics_Params q = {CUpti_SassMetrics_GetMetrics_Params_STRUCT_SIZE};
	q.pChipName = c; q.numOfMetrics = p.numOfMetrics; q.pMetricsList = d.data();
	CK(cuptiSassMetricsGetMetrics(&q));
	printf("SASS metrics on %s: %zu\n", c, p.numOfMetrics);
	for (auto &m : d)
		printf("  %s: %s\n", m.pMetricName, m.pMetricDescription);
}

// correlate (cubin, function, pc) -> file:line, for any loaded cubin
static std::string where(const char *fn, uint32_t pc)
{
	for (auto &c : g_cubins) {
		CUpti_GetSassToSourceCorrelationParams p = {CUpti_GetSassToSourceCorrelationParamsSize};
		p.cubin = c.img.data(); p.cubinSize = c.img.size(); p.functionName = fn; p.pcOffset = pc;
		if (cuptiGetSassToSourceCorrelation(&p) == CUPTI_SUCCESS) {
			char b[512];
			snprintf(b, sizeof b, "%s:%u", p.fileName ? p.fileName : "?", p.lineNumber);
			free(p.fileName); free(p.dirName);
			return b;
		}
	}
	return "?";
}

struct kdef { const char *name; void (*launch)(); };
static float *d_in, *d_out;
static const int N = 1 << 22, T = 2048;

static void l_div() { k_divergent<<<N / 256, 256, 1024>>>(d_in, d_out, N); }
static void l_bank() { k_bank<<<N / 256, 256, 1024>>>(d_in, d_out, N); }
static void l_tr() { k_transpose_naive<<<dim3(T / 32, T / 32), dim3(32, 8)>>>(d_in, d_out, T); }
static void l_spill() { k_spill<<<N / 256, 256>>>(d_in, d_out, N); }
static kdef kernels[] = { {"k_divergent", l_div}, {"k_bank", l_bank}, {"k_transpose_naive", l_tr}, {"k_spill", l_spill} };

static void flush_and_print(CUcontext ctx, const char *tag)
{
	CUpti_SassMetricsGetDataProperties_Params dp = {CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE};
	dp.ctx = ctx;
	CK(cuptiSassMetricsGetDataProperties(&dp));
	printf("[%s] records %zu, instances %zu\n", tag, dp.numOfPatchedInstructionRecords, dp.numOfInstances);
	if (!dp.numOfPatchedInstructionRecords)
		return;
	std::vector<CUpti_SassMetrics_Data> data(dp.numOfPatchedInstructionRecords);
	std::vector<CUpti_SassMetrics_InstanceValue> vals(dp.numOfPatchedInstructionRecords * dp.numOfInstances);
	for (size_t i = 0; i < data.size(); i++) {
		data[i].structSize = sizeof(CUpti_SassMetrics_Data);
		data[i].pInstanceValues = &vals[i * dp.numOfInstances];
	}
	CUpti_SassMetricsFlushData_Params fp = {CUpti_SassMetricsFlushData_Params_STRUCT_SIZE};
	fp.ctx = ctx; fp.numOfPatchedInstructionRecords = data.size(); fp.numOfInstances = dp.numOfInstances; fp.pMetricsData = data.data();
	CK(cuptiSassMetricsFlushData(&fp));
	// per function: totals per metric; per line: totals per metric
	std::map<std::string, std::map<std::string, std::vector<uint64_t>>> per; // fn -> line -> metric values
	std::map<std::string, std::vector<uint64_t>> tot;
	std::map<std::string, int> nrec;
	for (auto &d : data) {
		std::string fn = d.functionName ? d.functionName : "?";
		std::string w = where(d.functionName, d.pcOffset);
		auto &pl = per[fn][w];
		auto &t = tot[fn];
		pl.resize(ids.size()); t.resize(ids.size());
		nrec[fn]++;
		for (size_t k = 0; k < dp.numOfInstances; k++)
			for (size_t m = 0; m < ids.size(); m++)
				if (d.pInstanceValues[k].metricId == ids[m]) {
					pl[m] += d.pInstanceValues[k].value;
					t[m] += d.pInstanceValues[k].value;
				}
	}
	for (auto &f : per) {
		printf("  function %s: %d patched instructions\n    totals:", f.first.c_str(), nrec[f.first]);
		for (size_t m = 0; m < ids.size(); m++)
			printf(" %s=%llu", names[m].c_str(), (unsigned long long)tot[f.first][m]);
		printf("\n");
		if (getenv("QUIET")) continue;
		for (auto &l : f.second) {
			bool any = false;
			for (auto v : l.second) any |= v != 0;
			if (!any) continue;
			printf("    %s:", l.first.c_str());
			for (size_t m = 0; m < ids.size(); m++)
				if (l.second[m]) printf(" %s=%llu", names[m].c_str(), (unsigned long long)l.second[m]);
			printf("\n");
		}
	}
}

static void enable(CUcontext ctx, int lazy)
{
	CUpti_SassMetricsEnable_Params ep = {CUpti_SassMetricsEnable_Params_STRUCT_SIZE};
	ep.ctx = ctx; ep.enableLazyPatching = (uint8_t)lazy;
	CK(cuptiSassMetricsEnable(&ep));
}

static void disable(CUcontext ctx)
{
	CUpti_SassMetricsDisable_Params dd = {CUpti_SassMetricsDisable_Params_STRUCT_SIZE};
	dd.ctx = ctx;
	CK(cuptiSassMetricsDisable(&dd));
	printf("  disabled, dropped %zu\n", dd.numOfDroppedRecords);
}

static std::vector<CUpti_SassMetrics_Config> cfg;

static void setconfig(void)
{
	CUpti_SassMetricsSetConfig_Params sc = {CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE};
	sc.numOfMetricConfig = cfg.size(); sc.pConfigs = cfg.data(); sc.deviceIndex = 0;
	CK(cuptiSassMetricsSetConfig(&sc));
}

static void unsetconfig(void)
{
	CUpti_SassMetricsUnsetConfig_Params us = {CUpti_SassMetricsUnsetConfig_Params_STRUCT_SIZE};
	us.deviceIndex = 0;
	CK(cuptiSassMetricsUnsetConfig(&us));
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "lazy0-range";
	CUpti_SubscriberHandle sub;
	CK(cuptiSubscribe(&sub, (CUpti_CallbackFunc)on_cb, nullptr));
	CK(cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_MODULE_LOADED));
	CR(cudaSetDevice(0));
	CR(cudaFree(0));
	CUcontext ctx; cuCtxGetCurrent(&ctx);
	CUpti_Profiler_Initialize_Params ip = {CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
	CK(cuptiProfilerInitialize(&ip));
	CUpti_Device_GetChipName_Params cn = {CUpti_Device_GetChipName_Params_STRUCT_SIZE};
	cn.deviceIndex = 0;
	CK(cuptiDeviceGetChipName(&cn));
	chip = cn.pChipName;
	printf("mode %s, chip %s\n", mode, chip);
	CR(cudaMalloc(&d_in, (size_t)N * 4 + (size_t)T * T * 4));
	CR(cudaMalloc(&d_out, (size_t)N * 4 + (size_t)T * T * 4));
	CR(cudaMemset(d_in, 0, (size_t)N * 4));
	const char *want[] = { "smsp__sass_inst_executed", "smsp__sass_sectors_mem_global",
		"smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared" };
	for (auto w : want) {
		CUpti_SassMetrics_GetProperties_Params pp = {CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE};
		pp.pChipName = chip; pp.pMetricName = w;
		if (cuptiSassMetricsGetProperties(&pp) != CUPTI_SUCCESS) { printf("no metric %s\n", w); continue; }
		names.push_back(w); ids.push_back(pp.metric.metricId);
		cfg.push_back({pp.metric.metricId, CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU});
	}
	for (auto &k : kernels) { k.launch(); CR(cudaDeviceSynchronize()); }  // loaded, warm
	double t0 = now();
	if (!strcmp(mode, "lazy0-range")) {
		// patching at Enable, every kernel in one range, one flush
		setconfig(); enable(ctx, 0);
		printf("  enable took %.4f s\n", now() - t0);
		for (auto &k : kernels) { k.launch(); CR(cudaDeviceSynchronize()); }
		flush_and_print(ctx, "lazy0-range");
		disable(ctx); unsetconfig();
	} else if (!strcmp(mode, "lazy0-per") || !strcmp(mode, "lazy1-per")) {
		// a range per kernel, twice over
		int lazy = mode[4] == '1';
		setconfig();
		for (int pass = 0; pass < 2; pass++)
			for (auto &k : kernels) {
				double a = now();
				enable(ctx, lazy);
				k.launch(); CR(cudaDeviceSynchronize());
				char tag[96]; snprintf(tag, sizeof tag, "%s pass %d %s (%.4f s)", mode, pass, k.name, now() - a);
				flush_and_print(ctx, tag);
				disable(ctx);
			}
		unsetconfig();
	} else if (!strcmp(mode, "lazy1-flush")) {
		// one lazy range, a flush after each kernel (CUPTI's sample)
		setconfig(); enable(ctx, 1);
		for (auto &k : kernels) {
			k.launch(); CR(cudaDeviceSynchronize());
			flush_and_print(ctx, k.name);
		}
		disable(ctx); unsetconfig();
	} else if (!strcmp(mode, "lazy1-reconf") || !strcmp(mode, "lazy0-reconf")) {
		// a configuration of its own per kernel
		int lazy = mode[4] == '1';
		for (int pass = 0; pass < 2; pass++)
			for (auto &k : kernels) {
				setconfig(); enable(ctx, lazy);
				k.launch(); CR(cudaDeviceSynchronize());
				char tag[96]; snprintf(tag, sizeof tag, "%s pass %d %s", mode, pass, k.name);
				flush_and_print(ctx, tag);
				disable(ctx); unsetconfig();
			}
	}
	if (!strcmp(mode, "reset-per") || !strcmp(mode, "ctx-per") ||
	    !strcmp(mode, "reset-per-cfg") || !strcmp(mode, "ctx-per-cfg")) {
		// a context of its own per kernel: the primary one reset and
		// made again (reset-*), or one made with cuCtxCreate (ctx-*);
		// the configuration kept (or, *-cfg, unset and set again)
		bool reset = mode[0] == 'r', recfg = strstr(mode, "-cfg") != NULL;
		CUdevice dev; cuDeviceGet(&dev, 0);
		setconfig();
		for (int pass = 0; pass < 2; pass++)
			for (auto &k : kernels) {
				double a = now();
				CUcontext c2 = NULL;
				if (reset) {
					CR(cudaFree(d_in)); CR(cudaFree(d_out));
					CR(cudaDeviceReset());
					CR(cudaFree(0));
					cuCtxGetCurrent(&c2);
				} else {
					CUctxCreateParams cp = {};
					if (cuCtxCreate(&c2, &cp, 0, dev) != CUDA_SUCCESS) { printf("cuCtxCreate failed\n"); return 1; }
					cuCtxSetCurrent(c2);
				}
				CR(cudaMalloc(&d_in, (size_t)N * 4 + (size_t)T * T * 4));
				CR(cudaMalloc(&d_out, (size_t)N * 4 + (size_t)T * T * 4));
				CR(cudaMemset(d_in, 0, (size_t)N * 4));
				k.launch(); CR(cudaDeviceSynchronize());   // loads, warm
				if (recfg) { unsetconfig(); setconfig(); }
				double b = now();
				enable(c2, 1);
				k.launch(); CR(cudaDeviceSynchronize());
				char tag[128]; snprintf(tag, sizeof tag, "%s pass %d %s (context %.4f s, collect %.4f s)", mode, pass, k.name, b - a, now() - b);
				flush_and_print(c2, tag);
				disable(c2);
				if (!reset) {
					CR(cudaFree(d_in)); CR(cudaFree(d_out));
					cuCtxSetCurrent(ctx);
					cuCtxDestroy(c2);
					CR(cudaMalloc(&d_in, 16)); CR(cudaMalloc(&d_out, 16));
				}
			}
	}
	printf("mode %s: %.3f s, %zu cubins seen\n", mode, now() - t0, g_cubins.size());
	return 0;
}
