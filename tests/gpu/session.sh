#!/bin/sh
# session.sh STEP... - what one call on a lent GPU machine runs, so that a
# recorded result says exactly how it was made.  Steps, in order given:
#
#   test-gpu   make test-gpu (correctness, compute-sanitizer, signatures)
#   quick      culab run experiments/quick.yaml   -> the CPU tests' fixture
#   default    culab run experiments/default.yaml -> reports/examples/<gpu>/
#   bench      make bench                          -> reports/bench/<gpu>/
#   ncu        tests/gpu/ncu_compare.sh on experiments/default.yaml
#   examples   culab run experiments/examples/exercise.yaml
#                                                  -> reports/examples/exercise/
#   class      culab run experiments/examples/class.yaml
#                                                  -> reports/examples/class/
#   class40    tests/class/gen.sh 40: the class on GPU 0, then on every
#              GPU (--devices all), each with its wall time and its
#              processes' events (class40-one-ev.tsv, class40-all-ev.tsv:
#              base/evtrace.h)
#   classtruth tests/gpu/class_truth.sh: the class of known truth
#              (tests/class/truth.sh 48) on GPU 0, its report's gradebook
#              and build/class_judge's verdict (issue 44)
#              -> reports/bench/<gpu>/class-truth.txt
#   ukbench    tests/gpu/bench_ukernels.sh: compiling user kernels, cold
#              and from the cache -> reports/bench/<gpu>/ukernels.txt
#   devices    tests/gpu/devices.sh: run --devices on two GPUs or more
#              (rows, speedup, shards merged, ^C and --resume, a fault)
#              -> reports/bench/<gpu>x<n>/devices.txt
#   scale      tests/gpu/scale.sh: default.yaml and bench/reduce.yaml on
#              every GPU with nothing learned, on one GPU, then on every
#              GPU with what the one-GPU run taught (issue 27)
#              -> reports/bench/<gpu>x<n>/scale.txt
#   noise      tests/gpu/noise.sh: make bench three times, default.yaml
#              twice (timed), the planted slowdowns of tests/gpu/noise/
#              twice each, interleaved (issue 28); noise.tar.gz also goes
#              to $OUT beside session.tar.gz.  Judge it without a GPU:
#              sh tests/noise_judge.sh DIR/noise -> reports/compare/
#
# It uses the prebuilt build/culab (GPU machines may lack the headers to
# rebuild), and build/class_judge for classtruth.  Steps work in a
# scratch directory; at the end everything is packed into
# $OUT/session.tar.gz, beside machine.txt and one STEP.log per step
# (the device tool returns at most 8 files).  Reports are rendered
# afterwards on a machine with gnuplot (`culab report`).
set -u
culab=${CULAB:-build/culab}
dest=${OUT:-results/session}
out=$(mktemp -d /tmp/culab-session.XXXXXX)
mkdir -p "$dest"

{
	date -u +"date: %Y-%m-%dT%H:%M:%SZ"
	echo "host: $(hostname)"
	nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1
	"$culab" --version
	"$culab" devices
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"

for step in "$@"; do
	t0=$(date +%s)
	case $step in
	test-gpu)
		OUT=$out/test-gpu sh tests/gpu/run.sh "$culab" >"$out/test-gpu.log" 2>&1
		echo "test-gpu: exit $?"
		tail -n 25 "$out/test-gpu.log"
		;;
	quick|default)
		"$culab" run --no-report -q -o "$out/$step" \
			"experiments/$step.yaml" >"$out/$step.log" 2>&1
		echo "$step: exit $?"
		tail -n 5 "$out/$step.log"
		;;
	examples)
		"$culab" run --no-report -q -o "$out/examples" \
			experiments/examples/exercise.yaml >"$out/examples.log" 2>&1
		echo "examples: exit $?"
		tail -n 8 "$out/examples.log"
		;;
	class)
		"$culab" run --no-report -o "$out/class" \
			experiments/examples/class.yaml >"$out/class.log" 2>&1
		echo "class: exit $? in $(( $(date +%s) - t0 )) s"
		tail -n 20 "$out/class.log"
		;;
	class40)
		# 40 generated submissions on one GPU, then on every GPU
		sh tests/class/gen.sh 40 "$out/c40" >/dev/null
		for how in one all; do
			t1=$(date +%s)
			if [ $how = one ]; then
				CULAB_EVENT_TRACE=$out/class40-$how-ev.tsv \
				"$culab" run --no-report --device 0 -o "$out/class40-$how" \
					"$out/c40/class.yaml" >"$out/class40-$how.log" 2>&1
			else
				CULAB_EVENT_TRACE=$out/class40-$how-ev.tsv \
				"$culab" run --no-report --devices all -o "$out/class40-$how" \
					"$out/c40/class.yaml" >"$out/class40-$how.log" 2>&1
			fi
			echo "class40 $how: exit $? in $(( $(date +%s) - t1 )) s"
			tail -n 4 "$out/class40-$how.log"
		done
		;;
	classtruth)
		sh tests/gpu/class_truth.sh "$culab" "$out/classtruth" \
			>"$out/classtruth.log" 2>&1
		echo "classtruth: exit $?"
		tail -n 40 "$out/classtruth.log"
		;;
	ukbench)
		sh tests/gpu/bench_ukernels.sh "$culab" "$out/ukbench" \
			>"$out/ukbench.log" 2>&1
		echo "ukbench: exit $?"
		tail -n 30 "$out/ukbench.log"
		;;
	devices)
		sh tests/gpu/devices.sh "$culab" "$out/devices" \
			>"$out/devices.log" 2>&1
		echo "devices: exit $?"
		tail -n 60 "$out/devices.log"
		;;
	scale)
		sh tests/gpu/scale.sh "$culab" "$out/scale" >"$out/scale.log" 2>&1
		echo "scale: exit $?"
		tail -n 40 "$out/scale.log"
		;;
	bench)
		OUT=$out/bench sh tests/gpu/bench.sh "$culab" >"$out/bench.log" 2>&1
		echo "bench: exit $?"
		cat "$out/bench.log" | tail -n 60
		;;
	ncu)
		sh tests/gpu/ncu_compare.sh -o "$out/ncu" "$culab" \
			experiments/default.yaml >"$out/ncu.log" 2>&1
		echo "ncu: exit $?"
		tail -n 40 "$out/ncu.log"
		;;
	noise)
		OUT=$out sh tests/gpu/noise.sh "$culab" >"$out/noise.log" 2>&1
		echo "noise: exit $?"
		tail -n 20 "$out/noise.log"
		cp "$out/noise.tar.gz" "$dest/" 2>/dev/null
		;;
	*)
		echo "session: unknown step \"$step\"" >&2
		exit 2
		;;
	esac
	echo "$step: $(( $(date +%s) - t0 )) s"
done
cp "$out/machine.txt" "$out"/*.log "$dest/" 2>/dev/null
# the noise step's files went to $dest as noise.tar.gz: not twice
tar czf "$dest/session.tar.gz" --exclude=./noise.tar.gz --exclude=./noise \
	-C "$out" .
