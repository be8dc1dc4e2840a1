#!/bin/sh
# record_all.sh - the one call that recorded reports/gpu-tests/, the
# fixtures, the examples, the benchmarks and the comparisons' inputs on a
# GPU machine (run from the repository root; results under $OUT):
#   make test-gpu, quick, default, bench, examples  (tests/gpu/session.sh)
#   a second run of experiments/default.yaml        ($OUT/extra.tar.gz)
#   run --devices 0 on the quick experiment        (the workers' path)
#   the reduce benchmark three more times          (exit statuses only)
# It ran as .carry/final.sh with CULAB=.carry/culab.
set -u
c=${CULAB:-build/culab}
OUT=${OUT:-results/record}
mkdir -p "$OUT"
CULAB=$c sh tests/gpu/session.sh test-gpu quick default bench examples 2>&1 |
	grep -v "^culab: ukernel:" | grep -v "^ *[0-9]* reduce_\|^ *[0-9]* transpose_"
"$c" run -q --no-report -o "$OUT/default2" experiments/default.yaml >"$OUT/default2.log" 2>&1
echo "default2 exit $?"
"$c" run -q --no-report --devices 0 -o /tmp/dev0 experiments/quick.yaml >/tmp/dev0.log 2>&1
echo "devices 0 exit $?"
python3 -c "import json;r=json.load(open('/tmp/dev0/results.json'));print('devices0 rows',len(r['rows']),sum(w['status']=='ok' for w in r['rows']))"
tar czf "$OUT/extra.tar.gz" -C "$OUT" default2 2>/dev/null && rm -rf "$OUT/default2"
sed -n 10,17p "$OUT/bench.log"
for i in 1 2 3; do
	"$c" run -q --no-counters --no-report -o /tmp/rr$i experiments/bench/reduce.yaml >/dev/null 2>&1
	echo "bench reduce again $i: exit $?"
done
