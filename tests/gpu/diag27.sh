#!/bin/sh
# diag27.sh - where the work of several workers goes (issue 27): the run
# and counter phases of default.yaml on GPU 0 and on every GPU
# (--devices all, its queue traced), a diagnosis, not a test.  CULAB: the
# culab to run (default .carry/culab); OUT: where the logs go (the device
# tool's $OUT): machine.txt, one.log, all.log, trace.tsv, times.txt.
# SIDE=1 adds side-D.log per GPU and alone.log, LINESOFF=1 nolines.log
# and after.log (below).
set -u
C=${CULAB:-.carry/culab}
o=$OUT
export CULAB_CACHE_DIR=/tmp/diag-cache
rm -rf /tmp/diag-cache /tmp/d1 /tmp/d2 /tmp/d3
nvidia-smi -L > $o/machine.txt
nvidia-smi --query-gpu=index,persistence_mode,clocks.sm --format=csv >> $o/machine.txt
$C --version >> $o/machine.txt
now() { date +%s.%N; }
t0=$(now)
CULAB_RUN_TRACE=1 CULAB_COUNTERS_TRACE=1 $C run -q --no-report --device 0 -o /tmp/d1 experiments/default.yaml > $o/one.log 2>&1; echo "one exit $?" >> $o/times.txt
t1=$(now)
CULAB_DEVICES_TRACE=$o/trace.tsv CULAB_RUN_TRACE=1 CULAB_COUNTERS_TRACE=1 $C run -q --no-report --devices all -o /tmp/d2 experiments/default.yaml > $o/all.log 2>&1; echo "all exit $?" >> $o/times.txt
t2=$(now)
awk -v a=$t0 -v b=$t1 -v c=$t2 'BEGIN { printf "one GPU %.1f s, all GPUs %.1f s: %.2fx\n", b-a, c-b, (b-a)/(c-b) }' >> $o/times.txt
for d in d1 d2; do python3 -c "
import json,sys
r=json.load(open('/tmp/$d/results.json'))
print('$d', 'rows', len(r['rows']), 'with lines', sum(1 for w in r['rows'] if w.get('lines') and not w['lines'].get('status')))" >> $o/times.txt; done
cat $o/times.txt
# SIDE=1: then default.yaml on each GPU at once, each its own one-GPU
# run (side-D.log): what measuring side by side costs each phase,
# against one.log alone, with no queue or per-line jobs between them
if [ "${SIDE:-0}" = 1 ]; then
	n=$($C devices --json 2>/dev/null | grep -c '"index"')
	t3=$(now)
	for d in $(seq 0 $((n - 1))); do
		CULAB_RUN_TRACE=1 CULAB_COUNTERS_TRACE=1 $C run -q --no-report \
			--no-lines --device $d -o /tmp/side$d \
			experiments/default.yaml > $o/side-$d.log 2>&1 &
	done
	wait
	awk -v a=$t3 -v b=$(now) -v n=$n 'BEGIN { printf "side by side on %d GPUs: %.1f s\n", n, b-a }' >> $o/times.txt
	CULAB_RUN_TRACE=1 CULAB_COUNTERS_TRACE=1 $C run -q --no-report \
		--no-lines --device 0 -o /tmp/alone \
		experiments/default.yaml > $o/alone.log 2>&1
	echo "alone: exit $?" >> $o/times.txt
	cat $o/times.txt
fi
# LINESOFF=1: --devices all again with no per-line children
# (--no-lines: nolines.log) and with them after every measurement
# (CULAB_LINES_EARLY=0: after.log), to see what the children's CUDA
# starts beside the workers cost the workers' phases
if [ "${LINESOFF:-0}" = 1 ]; then
	for v in nolines after; do
		t4=$(now)
		if [ $v = nolines ]; then
			CULAB_RUN_TRACE=1 CULAB_COUNTERS_TRACE=1 $C run -q --no-report \
				--no-lines --devices all -o /tmp/$v \
				experiments/default.yaml > $o/$v.log 2>&1
		else
			CULAB_LINES_EARLY=0 CULAB_RUN_TRACE=1 CULAB_COUNTERS_TRACE=1 \
				$C run -q --no-report --devices all -o /tmp/$v \
				experiments/default.yaml > $o/$v.log 2>&1
		fi
		echo "$v: exit $?" >> $o/times.txt
		awk -v a=$t4 -v b=$(now) -v v=$v 'BEGIN { printf "%s: %.1f s\n", v, b-a }' >> $o/times.txt
	done
	cat $o/times.txt
fi
