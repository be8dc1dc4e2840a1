#!/bin/sh
# bench_report.sh - time `culab report` (every chart, both languages,
# Markdown and the HTML pages with the charts inline) on a results file
# and print the median wall time, against the 1 s budget.
#
#   sh tests/bench_report.sh [RESULTS.json] [CULAB]
#
# RESULTS.json defaults to the recorded fixture tests/fixtures/quick/
# results.json, CULAB to build/culab.  Environment: RUNS (default 5),
# BUDGET in seconds (default 1).  The load average and the CPU time per
# render (culab and its gnuplots, user + system) are printed with the
# times: on a machine other jobs share, wall times say little.  Exits 1 when the median exceeds the
# budget, 2 on bad input.  Runs on a machine without a GPU.
set -eu

results=${1:-tests/fixtures/quick/results.json}
culab=${2:-build/culab}
runs=${RUNS:-5}
budget=${BUDGET:-1}

if [ ! -f "$results" ]; then
	echo "bench_report: error: no results file \"$results\"" >&2
	exit 2
fi
if [ ! -x "$culab" ]; then
	echo "bench_report: error: \"$culab\" is not an executable (run make)" >&2
	exit 2
fi
if ! command -v gnuplot >/dev/null 2>&1; then
	echo "bench_report: error: gnuplot is not installed (sh src/deps.sh run)" >&2
	exit 2
fi

out=$(mktemp -d "${TMPDIR:-/tmp}/culab-bench-report.XXXXXX")
trap 'rm -rf "$out"' EXIT INT TERM

# CPU seconds the shell's children have used (user + system) by the
# `times` builtin's output in file $1: what renders cost, whatever else the
# machine runs.  (`times` must run in this shell, not in $(...).)
cpu_of() {
	awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) {
		split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60 + a[2] }
		printf "%.3f", t }' "$1"
}

times=""
times >"$out/times0"
i=0
while [ "$i" -lt "$runs" ]; do
	start=$(date +%s.%N)
	if ! "$culab" report "$results" -o "$out/run$i" >"$out/log" 2>&1; then
		echo "bench_report: error: \"$culab report $results\" failed:" >&2
		cat "$out/log" >&2
		exit 1
	fi
	end=$(date +%s.%N)
	times="$times $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')"
	i=$((i + 1))
done

times >"$out/times1"
cpu=$(awk -v a="$(cpu_of "$out/times0")" -v b="$(cpu_of "$out/times1")" \
	  -v n="$runs" 'BEGIN { printf "%.3f", (b - a) / n }')
charts=$(find "$out/run0/charts" -name '*.png' 2>/dev/null | wc -l)
langs=$(find "$out/run0" -maxdepth 1 -name 'report.*.md' | wc -l)
# the HTML pages: each language's body and its details page
pages=$(find "$out/run0" -maxdepth 1 -name '*.html' | wc -l)
inline=$(cat "$out"/run0/*.html | grep -o '<svg' | wc -l)
median=$(printf '%s\n' $times | sort -n |
	 awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2];
				   else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
verdict=$(awk -v m="$median" -v b="$budget" 'BEGIN { print (m <= b) ? "ok" : "OVER BUDGET" }')

load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
echo "culab report $results: $charts charts, $langs languages (Markdown, and" \
     "$pages HTML pages with $inline inline charts), median ${median} s of $runs" \
     "runs (times:$times; CPU per run ${cpu} s) on $(nproc) CPUs, load average $load;" \
     "budget ${budget} s: $verdict"
[ "$verdict" = ok ]
