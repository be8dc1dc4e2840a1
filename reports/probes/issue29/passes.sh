#!/bin/sh
# passes.sh [CULAB] - how many replay passes candidate counter sets need on
# GH100, computed offline by CUPTI's host API through `culab plan` (no
# GPU needed), for issue 29: could the instrumented (SASS) pass of the
# default set give way to hardware counters?  Each set is the default
# set's ten hardware counters plus what its name says; passes.txt is
# what this printed.
culab=${1:-build/culab}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
hw="dram__bytes_read.sum, dram__bytes_write.sum, gpu__time_duration.sum, l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum, l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum, sm__cycles_elapsed.avg.per_second, sm__warps_active.avg.pct_of_peak_sustained_active, smsp__inst_executed.sum, smsp__thread_inst_executed.sum, smsp__thread_inst_executed_pred_on.sum"
one() {
	cat >"$tmp/$1.yaml" <<EOT
version: 1
experiments:
  - name: $1
    family: reduce
    variants: [reduce_shuffle]
    types: [float]
    sizes: [2^20]
    counters: [$2]
EOT
	printf '%-22s %s\n' "$1" "$("$culab" plan "$tmp/$1.yaml" 2>&1 | grep -o '[0-9]* counter pass[es]*\|error: .*')"
}
one default "default"
one hardware-only "$hw"
one hw-global-ld-instr "$hw, smsp__inst_executed_op_global_ld.sum"
one hw-global-instr "$hw, smsp__inst_executed_op_global_ld.sum, smsp__inst_executed_op_global_st.sum"
one hw-all-instr "$hw, smsp__inst_executed_op_global_ld.sum, smsp__inst_executed_op_global_st.sum, smsp__inst_executed_op_shared_ld.sum, smsp__inst_executed_op_shared_st.sum"
one hw-global-ld-sectors "$hw, l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
one hw-global-sectors "$hw, l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum, l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"
one hw-shared-wavefronts "$hw, l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum, l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
one hw-all-of-them "$hw, smsp__inst_executed_op_global_ld.sum, smsp__inst_executed_op_global_st.sum, smsp__inst_executed_op_shared_ld.sum, smsp__inst_executed_op_shared_st.sum, l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum, l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum, l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum, l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
one hw-sass-bytes-branches "$hw, l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum, l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum, smsp__sass_data_bytes_mem_global_op_ld.sum, smsp__sass_branch_targets_threads_divergent.sum"
# hardware counters that do not exist: requested bytes, divergent branches
one hw-divergent-branches "smsp__branch_targets_threads_divergent.sum"
one hw-requested-bytes "smsp__data_bytes_mem_global_op_ld.sum"
rm -rf "$tmp"
