#!/bin/sh
# bench_ukernels.sh CULAB DIR - what compiling the user's kernels costs:
# every kernel instance of experiments/examples/exercise.yaml compiled
# from a cold cache and then taken from it (culab check, per instance
# from CULAB_UKERNEL_TRACE), and the whole examples experiment run from a
# cold cache and from a warm one.  A benchmark, not a test: it prints
# what it measured.
set -u
culab=${1:-build/culab}
dir=${2:-results/ukbench}
rm -rf "$dir"
mkdir -p "$dir"
cache="$dir/cache"
yaml=experiments/examples/exercise.yaml

now() { date +%s.%N; }
span() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

echo "== compiling each kernel instance (culab check, cold cache, then warm)"
for pass in cold warm; do
	t0=$(now)
	CULAB_CACHE_DIR=$cache CULAB_UKERNEL_TRACE=1 "$culab" check "$yaml" \
		>"$dir/check-$pass.out" 2>"$dir/check-$pass.trace"
	t1=$(now)
	echo "$pass: culab check $(span "$t0" "$t1") s in all"
	grep "^culab: ukernel:" "$dir/check-$pass.trace"
	grep "kernels compiled" "$dir/check-$pass.out"
done

echo "== the whole examples experiment (culab run --no-report --no-counters)"
rm -rf "$cache"
for pass in cold warm; do
	t0=$(now)
	CULAB_CACHE_DIR=$cache "$culab" run -q --no-report --no-counters \
		-o "$dir/run-$pass" \
		"$yaml" >"$dir/run-$pass.log" 2>&1
	rc=$?
	t1=$(now)
	echo "$pass cache: exit $rc, $(span "$t0" "$t1") s; $(grep 'ready for' "$dir/run-$pass.log" | sed 's/^culab: note: //')"
done
