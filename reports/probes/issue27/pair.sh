#!/bin/sh
# pair.sh CULAB [FILE] - two culab runs at once, one per GPU, against one
# alone (issue 27: what two workers of run --devices cost each other,
# without the per-line children).  Each run sees its own GPU alone, as a
# worker does, with --no-lines, CULAB_COUNTERS_TRACE=1 and
# CULAB_RUN_TRACE=1; a tiny run first so that the one alone is not the
# machine's first process.  Writes solo.txt, pair0.txt, pair1.txt and
# when.txt to $OUT (the device tool's folder).
set -u
C=${1:-build/culab}
F=${2:-experiments/default.yaml}
O=${OUT:-/tmp/pair}
mkdir -p "$O"
now() { date +%s.%N; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; "$C" --version; } >"$O/when.txt" 2>&1
CUDA_VISIBLE_DEVICES=0 "$C" run -q --no-report --no-lines --device 0 \
	-o /tmp/pair-w --variant reduce_global experiments/quick.yaml >/dev/null 2>&1
export CULAB_COUNTERS_TRACE=1 CULAB_RUN_TRACE=1
t0=$(now)
CUDA_VISIBLE_DEVICES=0 "$C" run -q --no-report --no-lines --device 0 \
	-o /tmp/pair-solo "$F" 2>"$O/solo.txt"
t1=$(now)
CUDA_VISIBLE_DEVICES=0 "$C" run -q --no-report --no-lines --device 0 \
	-o /tmp/pair-0 "$F" 2>"$O/pair0.txt" &
CUDA_VISIBLE_DEVICES=1 "$C" run -q --no-report --no-lines --device 0 \
	-o /tmp/pair-1 "$F" 2>"$O/pair1.txt" &
wait
t2=$(now)
awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN { printf "alone %.1f s, two at once %.1f s\n", b - a, c - b }' | tee -a "$O/when.txt"
for f in solo pair0 pair1; do
	echo "== $f"
	grep -E 'session opened|run: (start-up|timing|counters|total)' "$O/$f.txt"
done
