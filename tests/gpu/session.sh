#!/bin/sh
# session.sh STEP... - what one call on a lent GPU machine runs, so that a
# recorded result says exactly how it was made.  Steps, in order given:
#
#   test-gpu   make test-gpu (correctness, compute-sanitizer, signatures)
#   quick      culab run experiments/quick.yaml   -> the CPU tests' fixture
#   default    culab run experiments/default.yaml -> reports/examples/<gpu>/
#   bench      make bench                          -> reports/bench/<gpu>/
#   ncu        tests/gpu/ncu_compare.sh on experiments/default.yaml
#
# It uses the prebuilt build/culab (GPU machines may lack the headers to
# rebuild).  Each step writes DIR/STEP.log and packs its results into
# $OUT/STEP.tar.gz (the device tool returns few files); reports are
# rendered afterwards on a machine with gnuplot (`culab report`).
set -u
culab=${CULAB:-build/culab}
out=${OUT:-results/session}
mkdir -p "$out"

{
	date -u +"date: %Y-%m-%dT%H:%M:%SZ"
	echo "host: $(hostname)"
	nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1
	"$culab" --version
	"$culab" devices
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"

pack() { # pack STEP DIR...
	step=$1
	shift
	tar czf "$out/$step.tar.gz" "$@" "$out/$step.log" 2>/dev/null
}

for step in "$@"; do
	t0=$(date +%s)
	case $step in
	test-gpu)
		OUT=$out/test-gpu sh tests/gpu/run.sh "$culab" >"$out/test-gpu.log" 2>&1
		echo "test-gpu: exit $?"
		tail -n 25 "$out/test-gpu.log"
		pack test-gpu "$out/test-gpu"
		;;
	quick|default)
		"$culab" run --no-report -q -o "$out/$step" \
			--note "recorded with: sh tests/gpu/session.sh $step" \
			"experiments/$step.yaml" >"$out/$step.log" 2>&1
		echo "$step: exit $?"
		tail -n 5 "$out/$step.log"
		pack "$step" "$out/$step"
		;;
	bench)
		OUT=$out/bench sh tests/gpu/bench.sh "$culab" >"$out/bench.log" 2>&1
		echo "bench: exit $?"
		cat "$out/bench.log" | tail -n 60
		pack bench "$out/bench"
		;;
	ncu)
		sh tests/gpu/ncu_compare.sh -o "$out/ncu" "$culab" \
			experiments/default.yaml >"$out/ncu.log" 2>&1
		echo "ncu: exit $?"
		tail -n 40 "$out/ncu.log"
		rm -f "$out"/ncu/*/charts/* 2>/dev/null
		pack ncu "$out/ncu"
		;;
	*)
		echo "session: unknown step \"$step\"" >&2
		exit 2
		;;
	esac
	echo "$step: $(( $(date +%s) - t0 )) s"
done
