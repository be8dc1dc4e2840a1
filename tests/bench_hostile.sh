#!/bin/sh
# bench_hostile.sh - the largest results files culab accepts, and what
# `culab report` (every chart, both languages) and `culab verify` cost on
# them, against the bound of issue 18: 5 s and 256 MB each.
#
#   sh tests/bench_hostile.sh [CULAB [GEN_RESULTS]]
#
# Defaults: build/culab and build/gen_results (make build/gen_results).
# Each shape is generated (tests/gen_results.c) at the limits of
# results_model.h together: RESULTS_MAX_FILE_BYTES of text and as many rows,
# variants, samples, counter columns and values as fit.  Prints, per
# shape and command, the wall time, user and system CPU time and the max
# RSS (GNU time -v, culab and gnuplot together); exits 1 when one passes
# the bound.  Runs on a machine without a GPU.
set -eu

culab=${1:-build/culab}
gen=${2:-build/gen_results}
limit_s=5
limit_kb=262144
tmp=$(mktemp -d /tmp/culab-bench-hostile.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

echo "machine: $(uname -srm), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "culab: $("$culab" --version | head -n 1); gnuplot: $(gnuplot --version 2>/dev/null || echo none)"

while IFS='|' read -r name args; do
	f=$tmp/$name.json
	# shellcheck disable=SC2086 # the arguments are words
	"$gen" $args >"$f"
	echo
	echo "== $name: gen_results $args"
	echo "   $(wc -c <"$f") bytes"
	for cmd in "report $f -o $tmp/out-$name" "verify -q $f"; do
		rm -rf "$tmp/out-$name"
		# shellcheck disable=SC2086
		/usr/bin/time -v -o "$tmp/time" "$culab" $cmd \
			>"$tmp/stdout" 2>"$tmp/stderr" || true
		wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time")
		user=$(sed -n 's/.*User time (seconds): //p' "$tmp/time")
		sys=$(sed -n 's/.*System time (seconds): //p' "$tmp/time")
		rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
		status=$(sed -n 's/.*Exit status: //p' "$tmp/time")
		secs=$(echo "$wall" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
		verdict=ok
		if awk "BEGIN { exit !($secs > $limit_s) }" || [ "$rss" -gt $limit_kb ]; then
			verdict="OVER THE BOUND"
			fail=1
		fi
		echo "   culab ${cmd%% *}: exit $status, wall $wall, user $user s, sys $sys s, max RSS $rss KB: $verdict"
		[ "$status" = 2 ] && { sed 's/^/     /' "$tmp/stderr" | head -n 3; fail=1; }
		case $cmd in report*)
			echo "     charts drawn: $(ls "$tmp/out-$name/charts" 2>/dev/null | grep -c '\.svg$' || true)" ;;
		esac
	done
done <<'SHAPES'
rows|rows=4000 samples=10 columns=20 kernels=1 values=36 variants=512 experiments=100 text=10 source=100
columns|rows=1300 samples=25 columns=128 distinct=256 kernels=1 values=150 variants=100 experiments=10 text=10 source=100
text|rows=512 samples=20 columns=4 kernels=1 values=4 variants=512 experiments=10 text=6000 source=1000000
SHAPES

# compare bootstraps every pair of rows: its cost follows the samples
# (RESULTS_MAX_ALL_SAMPLES); shown, not held to the bound of report and
# verify.
args=$(sed -n 's/^rows|//p' "$0")
# shellcheck disable=SC2086
"$gen" $args seed=2 >"$tmp/rows-2.json"
/usr/bin/time -v -o "$tmp/time" "$culab" compare "$tmp/rows.json" \
	"$tmp/rows-2.json" >/dev/null 2>&1 || true
echo
echo "== compare of two rows files (the second with seed=2): wall" \
     "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time")," \
     "user $(sed -n 's/.*User time (seconds): //p' "$tmp/time") s," \
     "max RSS $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time") KB"
exit $fail
