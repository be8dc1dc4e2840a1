#!/bin/sh
# session.sh STEP... - what one call on a lent GPU machine runs, so that a
# recorded result says exactly how it was made.  Steps, in order given:
#
#   only=MODEL stop here (exit 3, machine.txt kept) unless nvidia-smi
#              names this GPU MODEL ("only=H200"): put it first when a
#              lent machine may be another model than the one asked for
#   test-gpu   make test-gpu (correctness, compute-sanitizer, signatures)
#   lines      make test-gpu's per-line step alone (tests/gpu/lines.sh)
#   stalls     its step 16 alone: where warps wait, against Nsight Compute
#              (tests/gpu/stalls_ncu.sh)
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
# `sh tests/gpu/session.sh --self-test` checks the step checks and only=
# without a GPU (make test-long).
#
# It uses the prebuilt build/culab (GPU machines may lack the headers to
# rebuild), and build/class_judge for classtruth.  Steps work in a
# scratch directory; after every step all of it is packed into
# $OUT/session.tar.gz, beside machine.txt and one STEP.log per step (the
# device tool returns at most 8 files), so that a lease cut short still
# brings back the steps it finished; test-gpu writes its log to $OUT as
# it goes.  Reports are rendered afterwards on a machine with gnuplot
# (`culab report`).
set -u

if [ "${1:-}" = --self-test ]; then
	st=$(mktemp -d "${TMPDIR:-/tmp}/culab-session-st.XXXXXX") || exit 2
	trap 'rm -rf "$st"' EXIT INT TERM
	pass=0 fail=0
	# case NAME RC TEXT STEP...: exits RC, says TEXT; CULAB=true runs nothing
	case_() {
		name=$1 want=$2 text=$3
		shift 3
		rm -rf "$st/out"
		CULAB=true OUT=$st/out TMPDIR=$st sh "$0" "$@" >"$st/log" 2>&1
		rc=$?
		if [ $rc -eq "$want" ] && grep -qF -- "$text" "$st/log"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "session.sh: self-test: FAIL: $name: exit $rc (want $want), no \"$text\" in:"
			sed 's/^/    /' "$st/log"
		fi
	}
	case_ "a misspelt step, said before anything runs" 2 \
		'session: unknown step "defualt"' default defualt
	[ ! -e "$st/out" ] || { fail=$((fail + 1)); echo "session.sh: self-test: FAIL: a misspelt step: $st/out was made"; }
	case_ "only= without a model" 2 "only= names no GPU model" only=
	case_ "only= another model: stops, keeps machine.txt" 3 \
		"not NO-SUCH-GPU: stopping" only=NO-SUCH-GPU default
	if [ -f "$st/out/machine.txt" ] && [ -f "$st/out/session.tar.gz" ] &&
	   [ ! -e "$st/out/default.log" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "session.sh: self-test: FAIL: only= another model: want machine.txt and session.tar.gz and no default.log in $st/out: $(ls "$st/out" 2>&1 | tr '\n' ' ')"
	fi
	echo "session.sh --self-test: $pass checks passed, $fail failed"
	[ $fail -eq 0 ]
	exit
fi

# the steps, checked before any runs: a misspelt one is said at once,
# not after an hour of the others
steps="only=MODEL test-gpu lines stalls quick default examples class class40 classtruth ukbench devices scale bench ncu noise"
for step in "$@"; do
	case " $steps " in
	*" ${step%%=*}=MODEL "*|*" $step "*) ;;
	*)
		echo "session: unknown step \"$step\" (steps: $steps)" >&2
		exit 2
		;;
	esac
	case $step in
	only=) echo "session: only= names no GPU model (only=H200)" >&2; exit 2 ;;
	esac
done
culab=${CULAB:-build/culab}
dest=${OUT:-results/session}
out=$(mktemp -d "${TMPDIR:-/tmp}/culab-session.XXXXXX")
mkdir -p "$dest"

{
	date -u +"date: %Y-%m-%dT%H:%M:%SZ"
	echo "host: $(hostname)"
	nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1
	"$culab" --version
	"$culab" devices
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"

# pack: what the steps so far wrote, into $dest
pack() {
	cp "$out/machine.txt" "$out"/*.log "$dest/" 2>/dev/null
	# the noise step's files went to $dest as noise.tar.gz: not twice
	tar czf "$dest/session.tar.gz" --exclude=./noise.tar.gz --exclude=./noise \
		-C "$out" .
}
pack    # machine.txt in $dest now, whatever the first step comes to

for step in "$@"; do
	t0=$(date +%s)
	case $step in
	only=*)
		want=${step#only=}
		name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)
		case $name in
		*"$want"*) echo "only=$want: $name" ;;
		*)
			echo "session: this GPU is ${name:-unknown}, not $want: stopping" >&2
			pack
			exit 3
			;;
		esac
		;;
	test-gpu)
		# to $dest as it goes (a lease cut short keeps what ran), then here
		OUT=$out/test-gpu sh tests/gpu/run.sh "$culab" >"$dest/test-gpu.log" 2>&1
		echo "test-gpu: exit $?"
		cp "$dest/test-gpu.log" "$out/"
		tail -n 25 "$out/test-gpu.log"
		;;
	lines)
		sh tests/gpu/lines.sh "$culab" "$out/lines" >"$out/lines.log" 2>&1
		echo "lines: exit $?"
		tail -n 15 "$out/lines.log"
		;;
	stalls)
		sh tests/gpu/stalls_ncu.sh "$culab" "$out/stalls" >"$out/stalls.log" 2>&1
		echo "stalls: exit $?"
		tail -n 8 "$out/stalls.log"
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
	pack
done
