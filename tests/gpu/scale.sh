#!/bin/sh
# scale.sh [CULAB] [OUT] - what run --devices gains on this node's GPUs,
# a benchmark (issue 27), not a test: for each FILE (default:
# experiments/default.yaml and experiments/bench/reduce.yaml), with a
# cost cache of its own (CULAB_CACHE_DIR=OUT/cache, empty at the start):
#
#   1. --devices all with nothing learned (the cost model's estimates);
#   2. --device 0 alone, with CULAB_RUN_TRACE=1 (the run's phases: what
#      making a stage's input and reference costs); it teaches the cache;
#   3. culab plan FILE: the wall time it now expects on 1, 2, 4, 8 GPUs;
#   4. --devices all again, with what the one-GPU run taught, its
#      queue traced (CULAB_DEVICES_TRACE: what ran on which GPU, when);
#   5. with VARIANTS="A B ...", --devices all again per variant, each a
#      comma-separated list of the environment it runs with (e.g.
#      "CULAB_LINES_GPUS=1,CULAB_LINES_STARTING=6"), its queue and its
#      children traced, so that settings are compared in one call;
#      CULAB_EXE=PATH there runs that culab instead (another build).
#      Shorthands, run first: AHEAD="N ..." for CULAB_LINES_AHEAD=N
#      (per-line children started ahead per GPU, 2 by default); LAST=1
#      for CULAB_LINES_EARLY=0 (every GPU's per-line children after all
#      the measurements, as before a GPU could leave them for its rows'
#      lines: devices.c lines_due); LGPUS="N ..." for CULAB_LINES_GPUS=N
#      (GPUs on their lines at once: devlines_max).
#
# COLD=0 leaves out run 1 (when only the learned runs are compared).
#
# Runs 2, 4 and 5 write CULAB_EVENT_TRACE files, summed up by
# tests/gpu/evtrace.awk: each per-line child's steps (OUT/NAME-*-ev.txt),
# their medians and each GPU's turns (printed).
#
# then the speedups of 1 and 4 over 2, and the rows made per GPU.  Every
# run is `culab run -q --no-report` (counters, counters per source line
# as any run).  Exit 0 when every run exited 0.
set -u
culab=${1:-build/culab}
out=${2:-/tmp/culab-scale}
files=${FILES:-"experiments/default.yaml experiments/bench/reduce.yaml"}
variants="$(for a in ${AHEAD:-}; do printf 'CULAB_LINES_AHEAD=%s ' "$a"; done
	[ "${LAST:-0}" = 1 ] && printf 'CULAB_LINES_EARLY=0 '
	for m in ${LGPUS:-}; do printf 'CULAB_LINES_GPUS=%s ' "$m"; done)${VARIANTS:-}"
rm -rf "$out"
mkdir -p "$out/cache"
export CULAB_CACHE_DIR="$out/cache"
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
# speedup ONE ALL: ONE over ALL, as "1.23"
speedup() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# per_gpu PREFIX TRACE: from a CULAB_DEVICES_TRACE file, when the first
# worker started and each GPU left the measurements for its lines, and
# per GPU its measurements and its per-line children: how many, busy
# seconds, when its last ended
per_gpu() {
	awk -F'\t' -v p="$1" '$4 == "to-lines" { printf "%sGPU %s left the measurements for its lines at %.1f s\n", p, $1, $2 }
		$4 == "worker" && (f == "" || $2 < f) { f = $2 }
		$4 == "measure" || $4 == "lines" { b[$1 " " $4] += $3 - $2; n[$1 " " $4]++
			if ($3 > e[$1 " " $4]) e[$1 " " $4] = $3 }
		END { for (k in b) printf "%sGPU %s: %d, busy %.1f s, last ended at %.1f s\n",
			p, k, n[k], b[k], e[k]
		      if (f != "") printf "%sa first worker started at %.2f s\n", p, f }' "$2" | sort
}
bad=0
n=$("$culab" devices --json 2>/dev/null | grep -c '"index"')
echo "scale: $n GPUs"
for file in $files; do
	name=$(basename "$file" .yaml)
	echo "== $file"
	t0=$(now)
	[ "${COLD:-1}" = 0 ] ||
		"$culab" run --no-report --devices all -o "$out/$name-cold" \
			"$file" >"$out/$name-cold.log" 2>&1 || bad=1
	t1=$(now)
	CULAB_RUN_TRACE=1 CULAB_EVENT_TRACE="$out/$name-one-ev.tsv" \
		"$culab" run -q --no-report --device 0 \
		-o "$out/$name-one" "$file" >"$out/$name-one.log" 2>&1 || bad=1
	t2=$(now)
	"$culab" plan "$file" | tail -n 1
	t3=$(now)
	CULAB_DEVICES_TRACE="$out/$name-trace.tsv" \
		CULAB_EVENT_TRACE="$out/$name-all-ev.tsv" \
		"$culab" run --no-report --devices all -o "$out/$name-all" "$file" \
		>"$out/$name-all.log" 2>&1 || bad=1
	t4=$(now)
	cold=$(secs "$t0" "$t1")
	one=$(secs "$t1" "$t2")
	all=$(secs "$t3" "$t4")
	if [ "${COLD:-1}" = 0 ]; then
		echo "one GPU: $one s; $n GPUs, learned: $all s ($(speedup "$one" "$all")x)"
	else
		echo "one GPU: $one s; $n GPUs, nothing learned: $cold s ($(speedup "$one" "$cold")x); $n GPUs, learned: $all s ($(speedup "$one" "$all")x)"
	fi
	grep "culab: run:" "$out/$name-one.log" | grep -v "slow check"
	grep "measurements in" "$out/$name-cold.log" "$out/$name-all.log" 2>/dev/null
	per_gpu "trace: " "$out/$name-trace.tsv"
	for d in one all; do
		awk -f tests/gpu/evtrace.awk "$out/$name-$d-ev.tsv" \
			>"$out/$name-$d-ev.txt"
		echo "per-line children, $d ($(grep -c . "$out/$name-$d-ev.txt") lines):"
		head -n 1 "$out/$name-$d-ev.txt"
		grep -E '^(med|gpu [0-9])' "$out/$name-$d-ev.txt"
	done
	vn=0
	for v in $variants; do
		vn=$((vn + 1))
		# CULAB_EXE=PATH in a variant: that culab (another build)
		exe=$(echo "$v" | tr ',' '\n' | sed -n 's/^CULAB_EXE=//p')
		t5=$(now)
		env $(echo "$v" | tr ',' ' ') \
			CULAB_DEVICES_TRACE="$out/$name-v$vn-trace.tsv" \
			CULAB_EVENT_TRACE="$out/$name-v$vn-ev.tsv" \
			"${exe:-$culab}" run -q --no-report --devices all \
			-o "$out/$name-v$vn" "$file" \
			>"$out/$name-v$vn.log" 2>&1 || bad=1
		t6=$(now)
		echo "$n GPUs, learned, v$vn ($v): $(secs "$t5" "$t6") s ($(speedup "$one" "$(secs "$t5" "$t6")")x)"
		per_gpu "  " "$out/$name-v$vn-trace.tsv"
		awk -f tests/gpu/evtrace.awk "$out/$name-v$vn-ev.tsv" \
			>"$out/$name-v$vn-ev.txt"
		grep -E '^(med|gpu [0-9])' "$out/$name-v$vn-ev.txt"
	done
	for d in one cold all $(k=0; for v in $variants; do k=$((k + 1)); echo "v$k"; done); do
		[ -d "$out/$name-$d" ] || continue
		printf '%s: ' "$d"
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
			{ s[$h["status"]]++; g[$h["device"]]++ }
			END { for (k in s) printf "%s %d; ", k, s[k]
			      printf "rows per device:"
			      for (k in g) printf " %s=%d", k, g[k]; print "" }' \
			"$out/$name-$d/results.csv"
		# rows with counters per source line, and lines that failed
		python3 -c 'import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
l = [w["lines"] for w in rows if w.get("lines")]
print("  lines: %d rows, %d without a reason, %d failed" % (len(l),
      sum(1 for x in l if not x.get("status") and x.get("kernels")),
      sum(1 for x in l if x.get("status"))))' "$out/$name-$d/results.json"
	done
done
# one per-line child at 2^28, its phases
lc=reduce-float/reduce_shared_static/float/268435456
t0=$(now)
CULAB_RUN_TRACE=1 CULAB_EVENT_TRACE="$out/lines-child-ev.tsv" \
	"$culab" run -q --no-report --no-counters --profile-only \
	--lines-child --device 0 --measurement "$lc" -o "$out/lines-child" \
	experiments/default.yaml >"$out/lines-child.log" 2>&1 || bad=1
echo "a per-line child ($lc): $(secs "$t0" "$(now)") s"
grep "culab: run:" "$out/lines-child.log" | grep -v "slow check"
# its steps from main on (the trace's first line)
awk -F'\t' 'NR == 1 { t0 = $1 } { printf "  %-10s %6.3f s\n", $4, $1 - t0 }' \
	"$out/lines-child-ev.tsv"
exit $bad
