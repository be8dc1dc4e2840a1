#!/bin/sh
# noise.sh [CULAB] - issue 28: what one GPU session runs to measure
# run-to-run noise and what `culab compare` finds, on one GPU, in one go.
#
#   bench-1, bench-2, bench-3      three runs of `make bench`
#                                  (tests/gpu/bench.sh: reduce/, transpose/)
#   default-1, default-2           culab run experiments/default.yaml, as a
#                                  user runs it (counters, no report), each
#                                  timed with date +%s.%N into times.txt
#   planted-P-1, planted-P-2       tests/gpu/noise/planted-P.yaml for P =
#                                  0, 3, 10 (% of the input read twice),
#                                  timing only
#
# The runs are interleaved (bench, default, the three planted files, and
# again), so that each pair of same-code runs is a minute or two apart,
# as two runs of a user's would be.  Everything goes under $OUT/noise
# (the caller's OUT; results/noise when unset) with machine.txt, a log
# per run and times.txt, and is packed into $OUT/noise.tar.gz (the device
# tool returns few files).  A failed run is logged and the others go on;
# the exit status is 1 when any failed.
#
# Judge the folder on any machine, without a GPU:
#   sh tests/noise_judge.sh DIR/noise
set -u
culab=${1:-${CULAB:-build/culab}}
top=${OUT:-results}
out=$top/noise
mkdir -p "$out"
rc=0

{
	date -u +"date: %Y-%m-%dT%H:%M:%SZ"
	echo "host: $(hostname)"
	nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1
	"$culab" --version
	"$culab" devices
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"

# step NAME CMD...: runs CMD with its output in NAME.log, says how it
# ended and how long it took (also into times.txt)
step() {
	name=$1
	shift
	t0=$(date +%s.%N)
	"$@" >"$out/$name.log" 2>&1
	s=$?
	t1=$(date +%s.%N)
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
	echo "$name exit $s start $t0 end $t1 seconds $secs" >>"$out/times.txt"
	echo "$name: exit $s in $secs s"
	[ $s -eq 0 ] || { rc=1; tail -n 5 "$out/$name.log"; }
}

bench() {
	OUT=$out/bench-$1 sh tests/gpu/bench.sh "$culab"
}

for i in 1 2 3; do
	step "bench-$i" bench "$i"
	[ $i -lt 3 ] || break
	step "default-$i" "$culab" run --no-report -q -o "$out/default-$i" \
		experiments/default.yaml
	for p in 0 3 10; do
		step "planted-$p-$i" "$culab" run --no-counters --no-report -q \
			-o "$out/planted-$p-$i" "tests/gpu/noise/planted-$p.yaml"
	done
done

tar czf "$top/noise.tar.gz" -C "$top" noise
echo "noise: $out, packed into $top/noise.tar.gz; judge it with: sh tests/noise_judge.sh DIR/noise"
exit $rc
