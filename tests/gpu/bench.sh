#!/bin/sh
# bench.sh [CULAB] - `make bench`: the performance benchmarks on a GPU.
#
# Runs experiments/bench/reduce.yaml and experiments/bench/transpose.yaml
# (timing only: no counters, no report) and prints the tables the targets
# are judged by (tests/gpu/bench_table.py):
#   - best hand-written reduction vs CUB DeviceReduce::Sum, float, 2^20..2^30
#     (target: time(best) / time(CUB) <= 1.00 at every size);
#   - every reduction rung's GB/s and % of peak, and rung 1 -> best speedup;
#   - every transpose rung's GB/s and % of the copy ceiling at 8192^2 and
#     16384^2 float (target: best >= 95 %).
# Results and the printed table go to $OUT (or results/bench).
set -u
culab=${1:-build/culab}
out=${OUT:-results/bench}
mkdir -p "$out"
rc=0
for b in reduce transpose; do
	"$culab" run -q --no-counters --no-report -o "$out/$b" \
		--note "recorded with: make bench" \
		"experiments/bench/$b.yaml" || rc=1
done
python3 tests/gpu/bench_table.py "$out/reduce/results.json" \
	"$out/transpose/results.json" | tee "$out/bench.txt" || rc=1
exit $rc
