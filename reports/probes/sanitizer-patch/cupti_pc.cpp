/* cupti_pc.cpp - CUPTI's SASS metrics per pc for the one kernel a process
 * may collect (CUDA 13.0: ../../../../shared/research/cupti-sass-multi.md).
 * The calls and their order are the sass-multi probe's
 * (../../../../shared/probes/sass-multi/sass_multi.cu) and culab's
 * (src/counters/counters_lines.cpp): profiler initialized, metrics looked
 * up by name for the chip, SetConfig with GPU granularity, Enable with
 * lazy patching, the launch, GetDataProperties + FlushData, Disable,
 * UnsetConfig.  A metric the chip does not know is printed and skipped. */
#include <cuda.h>
#include <cupti.h>
#include <cupti_profiler_target.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>

#include <stdlib.h>
#include <string.h>

#include "collect.h"

/* culab's per-line metrics (src/counters/lines.c) and the branch targets */
static const char *const metric_names[] = {
	"smsp__sass_inst_executed",
	"smsp__sass_thread_inst_executed",
	"smsp__sass_thread_inst_executed_pred_on",
	"smsp__sass_branch_targets",
	"smsp__sass_branch_targets_threads_uniform",
	"smsp__sass_branch_targets_threads_divergent",
	"smsp__sass_inst_executed_op_global_ld",
	"smsp__sass_inst_executed_op_global_st",
	"smsp__sass_sectors_mem_global",
	"smsp__sass_sectors_mem_global_ideal",
	"smsp__sass_inst_executed_op_shared_ld",
	"smsp__sass_inst_executed_op_shared_st",
	"smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared",
	"smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal",
	"smsp__sass_inst_executed_op_local_ld",
	"smsp__sass_inst_executed_op_local_st",
};
#define NMETRICS (sizeof(metric_names) / sizeof(metric_names[0]))

static struct {
	CUcontext ctx;
	uint64_t id[NMETRICS];
	bool known[NMETRICS];
	bool profiler, configured, enabled;
} C;

static int cupti_ok(CUptiResult r, const char *what, FILE *log)
{
	const char *s = NULL;

	if (r == CUPTI_SUCCESS)
		return 1;
	cuptiGetResultString(r, &s);
	fprintf(log, "E %s -> %s (%d)\n", what, s ? s : "?", (int)r);
	return 0;
}
#define CK(x) cupti_ok((x), #x, log)

int cuptipc_begin(FILE *log)
{
	CUpti_Profiler_Initialize_Params ip = { CUpti_Profiler_Initialize_Params_STRUCT_SIZE };
	CUpti_Device_GetChipName_Params cn = { CUpti_Device_GetChipName_Params_STRUCT_SIZE };
	CUpti_SassMetrics_Config cfg[NMETRICS];
	CUpti_SassMetricsSetConfig_Params sc = { CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE };
	CUpti_SassMetricsEnable_Params ep = { CUpti_SassMetricsEnable_Params_STRUCT_SIZE };
	size_t nc = 0;
	CUdevice dev;

	if (cuCtxGetCurrent(&C.ctx) != CUDA_SUCCESS || !C.ctx ||
	    cuCtxGetDevice(&dev) != CUDA_SUCCESS) {
		fprintf(log, "E no current CUDA context\n");
		return -1;
	}
	if (!CK(cuptiProfilerInitialize(&ip)))
		return -1;
	C.profiler = true;
	cn.deviceIndex = (size_t)dev;
	if (!CK(cuptiDeviceGetChipName(&cn)))
		return -1;
	fprintf(log, "I chip %s\n", cn.pChipName ? cn.pChipName : "?");
	for (size_t m = 0; m < NMETRICS; m++) {
		CUpti_SassMetrics_GetProperties_Params pp =
			{ CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE };

		pp.pChipName = cn.pChipName;
		pp.pMetricName = metric_names[m];
		C.known[m] = CK(cuptiSassMetricsGetProperties(&pp));
		if (!C.known[m]) {
			fprintf(log, "W metric %s unknown here: skipped\n", metric_names[m]);
			continue;
		}
		C.id[m] = pp.metric.metricId;
		cfg[nc].metricId = pp.metric.metricId;
		cfg[nc].outputGranularity = CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU;
		nc++;
	}
	sc.numOfMetricConfig = nc;
	sc.pConfigs = cfg;
	sc.deviceIndex = (uint32_t)dev;
	if (!nc || !CK(cuptiSassMetricsSetConfig(&sc)))
		return -1;
	C.configured = true;
	ep.ctx = C.ctx;
	ep.enableLazyPatching = 1;
	if (!CK(cuptiSassMetricsEnable(&ep)))
		return -1;
	C.enabled = true;
	return 0;
}

static const char *metric_of(uint64_t id)
{
	for (size_t m = 0; m < NMETRICS; m++)
		if (C.known[m] && C.id[m] == id)
			return metric_names[m];
	return NULL;
}

static int flush(FILE *tsv, FILE *log, size_t *rows)
{
	CUpti_SassMetricsGetDataProperties_Params dp =
		{ CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE };
	CUpti_SassMetricsFlushData_Params fp = { CUpti_SassMetricsFlushData_Params_STRUCT_SIZE };
	CUpti_SassMetrics_Data *d = NULL;
	CUpti_SassMetrics_InstanceValue *v = NULL;
	int rc = -1;

	dp.ctx = C.ctx;
	if (!CK(cuptiSassMetricsGetDataProperties(&dp)))
		return -1;
	fprintf(log, "I records %zu instances %zu\n", dp.numOfPatchedInstructionRecords,
		dp.numOfInstances);
	if (!dp.numOfPatchedInstructionRecords || !dp.numOfInstances)
		return 0;
	d = (CUpti_SassMetrics_Data *)calloc(dp.numOfPatchedInstructionRecords, sizeof(*d));
	v = (CUpti_SassMetrics_InstanceValue *)calloc(dp.numOfPatchedInstructionRecords *
						      dp.numOfInstances, sizeof(*v));
	if (!d || !v)
		goto out_free;
	for (size_t i = 0; i < dp.numOfPatchedInstructionRecords; i++) {
		d[i].structSize = sizeof(CUpti_SassMetrics_Data);
		d[i].pInstanceValues = &v[i * dp.numOfInstances];
	}
	fp.ctx = C.ctx;
	fp.numOfPatchedInstructionRecords = dp.numOfPatchedInstructionRecords;
	fp.numOfInstances = dp.numOfInstances;
	fp.pMetricsData = d;
	if (!CK(cuptiSassMetricsFlushData(&fp)))
		goto out_free;
	/* a record may carry some metrics only: one row per (record, metric),
	 * instances added; compare.py adds rows of the same pc and metric */
	for (size_t i = 0; i < dp.numOfPatchedInstructionRecords; i++) {
		for (size_t m = 0; m < NMETRICS; m++) {
			unsigned long long sum = 0;
			bool seen = false;

			if (!C.known[m])
				continue;
			for (size_t k = 0; k < dp.numOfInstances; k++)
				if (d[i].pInstanceValues[k].metricId == C.id[m]) {
					sum += d[i].pInstanceValues[k].value;
					seen = true;
				}
			if (!seen)
				continue;
			fprintf(tsv, "%s\t%u\t%s\t%llu\n",
				d[i].functionName ? d[i].functionName : "?",
				(unsigned)d[i].pcOffset, metric_names[m], sum);
			(*rows)++;
		}
		for (size_t k = 0; k < dp.numOfInstances; k++)
			if (!metric_of(d[i].pInstanceValues[k].metricId) && i == 0)
				fprintf(log, "W record value of an unknown metric id %llu\n",
					(unsigned long long)d[i].pInstanceValues[k].metricId);
	}
	rc = 0;
out_free:
	free(d);
	free(v);
	return rc;
}

int cuptipc_end(FILE *tsv, FILE *log, size_t *rows)
{
	CUpti_SassMetricsDisable_Params dd = { CUpti_SassMetricsDisable_Params_STRUCT_SIZE };
	CUpti_SassMetricsUnsetConfig_Params us = { CUpti_SassMetricsUnsetConfig_Params_STRUCT_SIZE };
	CUpti_Profiler_DeInitialize_Params di = { CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE };
	CUdevice dev = 0;
	int rc = -1;

	*rows = 0;
	if (C.enabled) {
		rc = flush(tsv, log, rows);
		dd.ctx = C.ctx;
		CK(cuptiSassMetricsDisable(&dd));
		if (dd.numOfDroppedRecords)
			fprintf(log, "W dropped records %zu\n", dd.numOfDroppedRecords);
	}
	if (C.configured) {
		cuCtxGetDevice(&dev);
		us.deviceIndex = (uint32_t)dev;
		CK(cuptiSassMetricsUnsetConfig(&us));
	}
	if (C.profiler)
		CK(cuptiProfilerDeInitialize(&di));
	C.enabled = C.configured = C.profiler = false;
	return rc;
}
