#!/bin/sh
# stalls_ncu.sh [CULAB [OUT]] - where warps wait, culab's against Nsight
# Compute's source page (issue 46, item 4), on a GPU machine with ncu.
#
# 1. culab run tests/gpu/stalls.yaml with its lines and where warps wait
#    sampled (CULAB_STALLS=on, the per-line cache off), each instruction's
#    line written by the per-line children (CULAB_LINES_PCS=OUT/pcs.tsv);
# 2. the same measurements launched once each (--profile-only, no
#    counters, no lines) under ncu with its WarpStateStats and
#    SourceCounters sections, and its source page per SASS address as CSV
#    (OUT/ncu-source.csv);
# 3. tests/gpu/stalls_ncu.py: per kernel function, at the line with the
#    most of culab's samples, the most common state on both sides and
#    its share (OUT/compare.txt).
# Exit status: the comparison's (0 equal, 1 not, 2 unusable input), 2
# when ncu or python3 is missing or a step failed.
set -u
culab=${1:-build/culab}
out=${2:-results/test-gpu/stalls}
here=$(cd "$(dirname "$0")" && pwd)
ncu=${NCU:-$(command -v ncu 2>/dev/null || echo /usr/local/cuda/bin/ncu)}
[ -x "$ncu" ] || { echo "stalls_ncu: ncu not found (set NCU)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "stalls_ncu: python3 not found" >&2; exit 2; }
mkdir -p "$out" || exit 2
rm -f "$out/pcs.tsv"
t0=$(date +%s)
CULAB_STALLS=on CULAB_LINES_CACHE=off CULAB_LINES_PCS="$out/pcs.tsv" \
	"$culab" run -q --no-report --no-sanitizer -o "$out/run" \
	"$here/stalls.yaml" >"$out/run.log" 2>&1
echo "culab run with lines: exit $? in $(( $(date +%s) - t0 )) s, $(wc -l <"$out/pcs.tsv" 2>/dev/null || echo 0) instructions' lines"
[ -s "$out/run/results.json" ] || { tail -5 "$out/run.log"; exit 2; }
t0=$(date +%s)
timeout 500 "$ncu" --section WarpStateStats --section SourceCounters \
	--print-kernel-base mangled -f -o "$out/ncu" \
	"$culab" run -q --no-report --no-sanitizer --no-lines --no-counters \
	--profile-only -o "$out/ncu-run" "$here/stalls.yaml" >"$out/ncu.log" 2>&1
echo "ncu: exit $? in $(( $(date +%s) - t0 )) s"
[ -s "$out/ncu.ncu-rep" ] || { tail -5 "$out/ncu.log"; exit 2; }
"$ncu" -i "$out/ncu.ncu-rep" --page source --print-source sass --csv \
	--print-kernel-base mangled >"$out/ncu-source.csv" 2>"$out/ncu-source.err"
echo "ncu source page: exit $?, $(grep -c '^"Kernel Name"' "$out/ncu-source.csv") kernels"
python3 "$here/stalls_ncu.py" "$out/run/results.json" "$out/pcs.tsv" \
	"$out/ncu-source.csv" >"$out/compare.txt" 2>&1
rc=$?
cat "$out/compare.txt"
exit $rc
