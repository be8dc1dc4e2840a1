// probe3.cu - why culab's per-line child records nothing: the probe's
// sequence with one of culab's differences at a time (argv flags):
//   early  SetConfig before any kernel launch (culab: lines_prepare)
//   cb     driver-API launch callbacks on during the patched launch
//   many   culab's 18 metrics instead of 4
//   nowarm no plain launch of the kernel before Enable
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_sass_metrics.h>
#include <cupti_profiler_target.h>
#include <cupti_target.h>
#include <cstdio>
#include <cstring>
#include <vector>
#include "kern.cuh"
#define CK(x) do { CUptiResult r_ = (x); if (r_ != CUPTI_SUCCESS) { const char *s_; cuptiGetResultString(r_, &s_); printf("CUPTI %s: %s (%d)\n", #x, s_, (int)r_); } } while (0)
static bool has(int argc, char **argv, const char *f) { for (int i = 1; i < argc; i++) if (!strcmp(argv[i], f)) return true; return false; }
static int launches;
static void CUPTIAPI on_cb(void *, CUpti_CallbackDomain dom, CUpti_CallbackId id, const void *)
{
	if (dom == CUPTI_CB_DOMAIN_DRIVER_API) launches++;
}
static const char *few[] = { "smsp__sass_inst_executed", "smsp__sass_thread_inst_executed", "smsp__sass_sectors_mem_global", "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared" };
static const char *many[] = { "smsp__sass_inst_executed", "smsp__sass_thread_inst_executed", "smsp__sass_thread_inst_executed_pred_on", "smsp__sass_branch_targets_threads_uniform", "smsp__sass_branch_targets_threads_divergent", "smsp__sass_inst_executed_op_global_ld", "smsp__sass_inst_executed_op_global_st", "smsp__sass_inst_executed_op_global_atom", "smsp__sass_inst_executed_op_global_red", "smsp__sass_sectors_mem_global", "smsp__sass_sectors_mem_global_ideal", "smsp__sass_inst_executed_op_shared_ld", "smsp__sass_inst_executed_op_shared_st", "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared", "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal", "smsp__sass_inst_executed_op_local_ld", "smsp__sass_inst_executed_op_local_st", "smsp__sass_sectors_mem_local" };
static float *d_in, *d_out;
static const int N = 1 << 22;
static void setconfig(bool use_many)
{
	CUpti_Profiler_Initialize_Params ip = {CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
	CK(cuptiProfilerInitialize(&ip));
	CUpti_Device_GetChipName_Params cn = {CUpti_Device_GetChipName_Params_STRUCT_SIZE};
	CK(cuptiDeviceGetChipName(&cn));
	const char **w = use_many ? many : few; size_t nw = use_many ? 18 : 4;
	std::vector<CUpti_SassMetrics_Config> cfg;
	for (size_t i = 0; i < nw; i++) {
		CUpti_SassMetrics_GetProperties_Params pp = {CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE};
		pp.pChipName = cn.pChipName; pp.pMetricName = w[i];
		if (cuptiSassMetricsGetProperties(&pp) != CUPTI_SUCCESS) { printf("no %s\n", w[i]); continue; }
		cfg.push_back({pp.metric.metricId, CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU});
	}
	CUpti_SassMetricsSetConfig_Params sc = {CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE};
	sc.numOfMetricConfig = cfg.size(); sc.pConfigs = cfg.data(); sc.deviceIndex = 0;
	CK(cuptiSassMetricsSetConfig(&sc));
	printf("configured %zu metrics\n", cfg.size());
}
int main(int argc, char **argv)
{
	bool early = has(argc, argv, "early"), cb = has(argc, argv, "cb"), m = has(argc, argv, "many"), nowarm = has(argc, argv, "nowarm");
	CUpti_SubscriberHandle sub;
	CK(cuptiSubscribe(&sub, (CUpti_CallbackFunc)on_cb, nullptr));
	CK(cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_MODULE_LOADED));
	cudaSetDevice(0); cudaFree(0);
	CUcontext ctx; cuCtxGetCurrent(&ctx);
	if (early) setconfig(m);
	cudaMalloc(&d_in, N * 4); cudaMalloc(&d_out, N * 4); cudaMemset(d_in, 0, N * 4);
	if (!nowarm) { k_divergent<<<N / 256, 256, 1024>>>(d_in, d_out, N); cudaDeviceSynchronize(); }
	if (!early) setconfig(m);
	if (cb) CK(cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel));
	if (cb) CK(cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx));
	CUpti_SassMetricsEnable_Params ep = {CUpti_SassMetricsEnable_Params_STRUCT_SIZE};
	ep.ctx = ctx; ep.enableLazyPatching = 1;
	CK(cuptiSassMetricsEnable(&ep));
	k_divergent<<<N / 256, 256, 1024>>>(d_in, d_out, N);
	cudaStreamSynchronize(0);
	CUpti_SassMetricsGetDataProperties_Params dp = {CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE};
	dp.ctx = ctx;
	CK(cuptiSassMetricsGetDataProperties(&dp));
	printf("flags:%s%s%s%s records %zu instances %zu launches seen by callback %d\n", early ? " early" : "", cb ? " cb" : "", m ? " many" : "", nowarm ? " nowarm" : "", dp.numOfPatchedInstructionRecords, dp.numOfInstances, launches);
	CUpti_SassMetricsDisable_Params dd = {CUpti_SassMetricsDisable_Params_STRUCT_SIZE};
	dd.ctx = ctx;
	CK(cuptiSassMetricsDisable(&dd));
	return 0;
}
