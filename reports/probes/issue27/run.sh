#!/bin/bash
# device probe for issue 27: what starting a CUDA + CUPTI process costs,
# alone and four at once, seeing every GPU or its own GPU (start.cu);
# whether one process can collect SASS metrics for several kernels
# (sass.cu).  Usage (repository root):
#   CULAB=.carry/culab P=.carry/p27 OUT=DIR bash reports/probes/issue27/run.sh
culab=${CULAB:-build/culab}
p=${P:-.carry/p27}
o="$OUT/p27"
mkdir -p "$o"
TIMEFORMAT='wall %R s, user %U s, sys %S s'
n=$(nvidia-smi -L | wc -l)
nvidia-smi --query-gpu=index,name,uuid,persistence_mode,compute_mode,driver_version --format=csv > "$o/gpu.txt" 2>&1
nproc >> "$o/gpu.txt"
{
echo "== start: alone on GPU 0, every GPU visible (twice)"
for r in 1 2; do ( time "$p/start" 0 1024 alone ) 2>&1; done
echo "== start: alone on GPU 0, it alone visible"
for r in 1 2; do ( time CUDA_VISIBLE_DEVICES=0 "$p/start" 0 1024 alone-narrow ) 2>&1; done
for r in 1 2; do
echo "== start: $n at once, every GPU visible (round $r)"
for d in $(seq 0 $((n - 1))); do ( ( time "$p/start" $d 1024 all$d ) > "$o/s$d" 2>&1 ) & done; wait
cat "$o"/s[0-9]*; rm -f "$o"/s[0-9]*
echo "== start: $n at once, each its own GPU alone (round $r)"
for d in $(seq 0 $((n - 1))); do ( ( time CUDA_VISIBLE_DEVICES=$d "$p/start" 0 1024 own$d ) > "$o/s$d" 2>&1 ) & done; wait
cat "$o"/s[0-9]*; rm -f "$o"/s[0-9]*
done
} > "$o/start.txt" 2>&1

for m in ${SASS_MODES:-lazy0-range lazy0-per lazy1-per lazy1-flush lazy1-reconf lazy0-reconf reset-per reset-per-cfg ctx-per ctx-per-cfg}; do
	echo "== $m"; QUIET=1 timeout 60 "$p/sass" $m 2>&1
done > "$o/sass.txt"
