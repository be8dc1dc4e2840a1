#!/bin/sh
# record_lines.sh [check|bench]... - the call that records counters per
# source line on a GPU machine (issue 25), from the repository root,
# with CULAB (default build/culab) built elsewhere and carried: nothing
# is built here.  Both parts by default; each fits a 10-minute call:
#   check  tests/gpu/lines.sh: make test-gpu's step 13 (every rung's and
#          the exercise's lines against their kernel-level counters, the
#          defect kernels at their lines, --no-lines, an interrupt);
#          $OUT/check.txt, exit status in its last line
#   bench  tests/gpu/bench_lines.sh: what lines cost against the
#          kernel-level pass, for reports/bench/<gpu>/lines.txt;
#          $OUT/cost.txt
# Beside them $OUT/gpu.txt and $OUT/<part>.tar.gz (the results files and
# logs), so that no more than 8 files come back.
set -u
c=${CULAB:-build/culab}
OUT=${OUT:-results/record-lines}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,uuid --format=csv >"$OUT/gpu.txt" 2>&1
"$c" --version >>"$OUT/gpu.txt" 2>&1
for part in ${*:-check bench}; do
	case $part in
	check)
		sh tests/gpu/lines.sh "$c" "$OUT/check" >"$OUT/check.txt" 2>&1
		echo "lines.sh exit $?" >>"$OUT/check.txt"
		cat "$OUT/check.txt" ;;
	bench)
		OUT="$OUT/bench" sh tests/gpu/bench_lines.sh "$c" \
			>"$OUT/bench.log" 2>&1
		echo "bench_lines.sh exit $?" >>"$OUT/bench.log"
		cp "$OUT/bench/lines.txt" "$OUT/cost.txt" 2>/dev/null
		cat "$OUT/cost.txt" 2>/dev/null || tail -n 20 "$OUT/bench.log" ;;
	*)	echo "record_lines.sh: no part \"$part\" (check, bench)"; exit 2 ;;
	esac
	tar czf "$OUT/$part.tar.gz" -C "$OUT" $part $( [ $part = bench ] && echo bench.log ) 2>/dev/null &&
		rm -rf "$OUT/$part" "$OUT/bench.log"
done
