#!/bin/sh
# ncu_compare.sh - check culab's in-process counters against Nsight Compute
# on the same kernel launches, and compare what the two cost.  Run it on a
# GPU machine with ncu.
#
#   sh tests/gpu/ncu_compare.sh [-o DIR] CULAB EXPERIMENT
#   sh tests/gpu/ncu_compare.sh [-o DIR] --check PROGRAM
#
# With CULAB and EXPERIMENT it runs, each timed by the wall clock:
#   1. culab run EXPERIMENT --profile-only --no-counters -o DIR/base
#      (every measurement launched once, nothing profiled: the baseline)
#   2. culab run EXPERIMENT --profile-only -o DIR/culab
#      (the same launches with culab's counters: DIR/culab/results.json;
#      with CULAB_RUN_TRACE and CULAB_COUNTERS_TRACE, so DIR/culab.log
#      says where its time went)
#   3. ncu --clock-control none --metrics <the raw metrics of step 2>
#          --csv --print-units base --log-file DIR/ncu.csv
#          culab run EXPERIMENT --profile-only --no-counters -o DIR/ncu-run
#   4. steps 1-3 again (AGAIN), for each program's run-to-run noise: the
#      counters of the second ncu run are compared with the first's, and
#      the cost is taken from the medians of the wall times
# and then tests/gpu/ncu_compare.py pairs the launches in order and prints
# per metric the largest difference against its tolerance, and the cost:
# culab's and ncu's wall time, their ratio (target <= 0.2) and the passes.
#
# --profile-only runs every measurement's launch exactly once, without the
# timing loop, so ncu sees only the launches culab profiles.  With --check,
# PROGRAM is tests/gpu/counters_check (no runner needed): it takes
# --no-counters and --tsv FILE instead.
#
# Environment: NCU (default: ncu on PATH, else the toolkit's), NCU_ARGS
# (more ncu options, e.g. --nvtx --nvtx-include ...), REPEAT (check mode:
# how many times to run the list, default 10), BALLAST (check mode: GiB of
# extra device memory, as large inputs would hold; default 0), AGAIN
# (default 1: step 4; 0 skips it; NCU_AGAIN is an older name for it).
# Exit status: 0 when every metric is within tolerance, 1 otherwise,
# 2 on usage errors.
set -u

here=$(cd "$(dirname "$0")" && pwd)
out=""
if [ "${1:-}" = "-o" ]; then
	out=$2
	shift 2
fi
usage() {
	echo "usage: $0 [-o DIR] CULAB EXPERIMENT | [-o DIR] --check PROGRAM" >&2
	exit 2
}
[ $# -eq 2 ] || usage
if [ "$1" = "--check" ]; then
	mode=check
	prog=$2
	[ -x "$prog" ] || { echo "ncu_compare: $prog: not an executable" >&2; exit 2; }
else
	mode=culab
	culab=$1
	exp=$2
	[ -x "$culab" ] || { echo "ncu_compare: $culab: not an executable" >&2; exit 2; }
	[ -r "$exp" ] || { echo "ncu_compare: $exp: cannot read" >&2; exit 2; }
fi

ncu=${NCU:-}
if [ -z "$ncu" ]; then
	ncu=$(command -v ncu 2>/dev/null || true)
	[ -n "$ncu" ] || for c in /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu; do
		[ -x "$c" ] && ncu=$c && break
	done
fi
[ -n "$ncu" ] && [ -x "$ncu" ] || { echo "ncu_compare: ncu not found (set NCU)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "ncu_compare: python3 not found" >&2; exit 2; }

[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/ncu_compare.XXXXXX")
mkdir -p "$out" || exit 2
echo "ncu_compare: output in $out; ncu is $ncu ($("$ncu" --version 2>/dev/null | tail -n 1))"

now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print('%.3f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$1" "$2"; }

# run NAME COMMAND...: runs it with output in $out/NAME.log, sets $secs.
run() {
	name=$1
	shift
	echo "ncu_compare: $name: $*"
	t0=$(now)
	"$@" >"$out/$name.log" 2>&1
	rc=$?
	t1=$(now)
	secs=$(elapsed "$t0" "$t1")
	echo "ncu_compare: $name: exit $rc, $secs s"
	if [ $rc -ne 0 ]; then
		tail -n 20 "$out/$name.log" >&2
		return 1
	fi
	return 0
}

again=${AGAIN:-${NCU_AGAIN:-1}}
culab_again=""
if [ $mode = culab ]; then
	run base "$culab" run "$exp" --profile-only --no-counters -o "$out/base" || exit 1
	base_s=$secs
	run culab env CULAB_RUN_TRACE=1 CULAB_COUNTERS_TRACE=1 \
		"$culab" run "$exp" --profile-only -o "$out/culab" || exit 1
	culab_s=$secs
	if [ "$again" != 0 ]; then
		run base-again "$culab" run "$exp" --profile-only --no-counters \
			-o "$out/base-again" || exit 1
		base_s="$base_s $secs"
		run culab-again "$culab" run "$exp" --profile-only \
			-o "$out/culab-again" || exit 1
		culab_s="$culab_s $secs"
		culab_again=$out/culab-again/results.json
	fi
	data=$out/culab/results.json
	plain="$culab run $exp --profile-only --no-counters -o $out/ncu-run"
else
	repeat=${REPEAT:-10}
	ballast=${BALLAST:-0}
	run base "$prog" --no-counters --repeat "$repeat" --ballast "$ballast" || exit 1
	base_s=$secs
	run culab "$prog" --quick --repeat "$repeat" --ballast "$ballast" \
		--tsv "$out/culab.tsv" || exit 1
	culab_s=$secs
	data=$out/culab.tsv
	plain="$prog --no-counters --repeat $repeat --ballast $ballast"
fi
passes=$(sed -n 's/.*user replay, \([0-9][0-9]*\) pass.*/\1/p' "$out/culab.log" "$out/culab/results.json" 2>/dev/null | head -n 1)

metrics=$(python3 "$here/ncu_compare.py" --list-metrics "$data") || exit 1
# shellcheck disable=SC2086
run ncu "$ncu" --clock-control none --metrics "$metrics" --csv --print-units base \
	--log-file "$out/ncu.csv" ${NCU_ARGS:-} $plain || exit 1
ncu_s=$secs
ncu_again=""
if [ "$again" != 0 ]; then
	# shellcheck disable=SC2086
	run ncu-again "$ncu" --clock-control none --metrics "$metrics" --csv \
		--print-units base --log-file "$out/ncu-again.csv" ${NCU_ARGS:-} \
		$plain && ncu_again=$out/ncu-again.csv && ncu_s="$ncu_s $secs"
fi

# shellcheck disable=SC2086
python3 "$here/ncu_compare.py" --culab "$data" --ncu "$out/ncu.csv" \
	${ncu_again:+--ncu-again "$ncu_again"} \
	${culab_again:+--culab-again "$culab_again"} \
	--culab-seconds $culab_s --ncu-seconds $ncu_s --base-seconds $base_s \
	${passes:+--passes "$passes"}
rc=$?
if [ -r "$out/culab.log" ] && grep -q "^culab: run:" "$out/culab.log"; then
	echo
	echo "where culab's time went (first culab run, CULAB_RUN_TRACE and CULAB_COUNTERS_TRACE):"
	grep "^culab: run:\|^culab: counters:" "$out/culab.log" | grep -v "ms/measurement"
fi
exit $rc
