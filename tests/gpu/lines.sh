#!/bin/sh
# lines.sh [CULAB [OUT]] - counters per source line on the GPU (make
# test-gpu, step 13; runs alone too; issue 25).
#
# tests/gpu/lines.yaml run with its counters and its lines: every
# built-in rung at one size per family and type, the exercise's kernels
# and the defect kernels of tests/gpu/ukernels/line_defects.cu.  Then
# (tests/gpu/lines_check.py, with culab list lines --json for the table):
# 1. every GPU row has its counters per source line;
# 2. for every kernel function the lines cover, the launches they are of
#    are named and are that function's, and the sum over its lines of
#    each per-line metric equals the kernel-level counters of those
#    launches (exactly for the instrumented ones, within 1 % for the
#    hardware instruction counters);
# 3. each defect kernel's defect is found on its marked line;
# 4. --no-lines collects none, and a run interrupted while its children
#    run keeps the rows done and finishes with --resume.
# 5. every kernel function's lines have PC samples (where warps wait).
# The per-line cache is off here: every row's lines are collected; where
# warps wait is sampled, as by default (CULAB_STALLS unset here, so a
# caller's `off` cannot leave the sampler out).
# Prints "ok:" and "FAIL:" lines and what the lines cost; exits 1 when a
# check failed.
set -u
export CULAB_LINES_CACHE=off
unset CULAB_STALLS
culab=${1:-build/culab}
out=${2:-results/test-gpu/lines}
mkdir -p "$out"
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok:   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL: $1"; }

t0=$(date +%s)
CULAB_RUN_TRACE=1 "$culab" run -q --no-report -o "$out/run" \
	tests/gpu/lines.yaml >"$out/run.log" 2>&1
rc=$?
secs=$(( $(date +%s) - t0 ))
# the exercise's reduce_shfl.v2-bug is wrong on purpose (it exits 1 then):
# every other row must be verified
wrong=$(python3 -c 'import json,sys
print(" ".join(sorted(set("%s:%s" % (w["variant"], w["status"]) for w in json.load(open(sys.argv[1]))["rows"] if w["status"] != "ok"))))' \
	"$out/run/results.json" 2>&1)
if [ $rc -eq 0 ] || { [ $rc -eq 1 ] && [ "$wrong" = "reduce_shfl.v2-bug:wrong" ]; }; then
	ok "tests/gpu/lines.yaml: every row verified but the exercise's wrong-on-purpose reduce_shfl.v2-bug, with counters and lines ($secs s)"
else
	[ -n "$wrong" ] && echo "      rows not ok: $wrong"
	ko "tests/gpu/lines.yaml: exit $rc (see $out/run.log)"
	tail -n 5 "$out/run.log"
fi
"$culab" list lines --json >"$out/table.json"
python3 tests/gpu/lines_check.py "$out/run/results.json" "$out/table.json" \
	tests/gpu/ukernels/line_defects.cu >"$out/check.log" 2>&1
cat "$out/check.log"
pass=$((pass + $(grep -c '^ok:' "$out/check.log")))
fail=$((fail + $(grep -c '^FAIL:' "$out/check.log")))
grep -q '^ok:\|^FAIL:' "$out/check.log" || ko "lines_check.py said nothing (see $out/check.log)"

# 4. --no-lines, and an interrupt while the children run
"$culab" run -q --no-report --no-lines --variant reduce_shuffle,reduce_cub \
	-o "$out/none" tests/gpu/lines.yaml >"$out/none.log" 2>&1
n=$(python3 -c 'import json,sys; print(sum("lines" in w for w in json.load(open(sys.argv[1]))["rows"]))' \
	"$out/none/results.json" 2>&1)
if [ "$n" = 0 ]; then
	ok "--no-lines: no row has lines"
else
	ko "--no-lines: $n rows have lines"
fi
"$culab" run -q --no-report -o "$out/cut" --variant reduce_shuffle,reduce_cub,reduce_grid_stride \
	tests/gpu/lines.yaml >"$out/cut.log" 2>&1 &
pid=$!
# the children start once every row is measured: wait for the first
# (9 children, about 0.2 s each on an H100 once started ahead)
while kill -0 $pid 2>/dev/null && [ ! -d "$out/cut/.lines" ]; do sleep 0.05; done
sleep 0.3
kill -INT $pid
wait $pid
rc1=$?
"$culab" run -q --no-report --resume -o "$out/cut" \
	--variant reduce_shuffle,reduce_cub,reduce_grid_stride \
	tests/gpu/lines.yaml >>"$out/cut.log" 2>&1
rc2=$?
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))["rows"]
gpu=[w for w in r if w["timer"]!="host-clock"]
done=[w for w in gpu if (w.get("lines") or {}).get("status", "x") is None]
print("%d of %d GPU rows with their lines" % (len(done), len(gpu)))' \
	"$out/cut/results.json" 2>&1)
case "$rc1:$rc2:$verdict" in
4:0:*) set -- $verdict
	if [ "$1" = "$3" ]; then
		ok "SIGINT while the children run (exit 4), then --resume: $verdict"
	else
		ko "SIGINT, then --resume: $verdict (see $out/cut.log)"
	fi ;;
*)	ko "SIGINT exit $rc1 (want 4), --resume exit $rc2 (want 0): $verdict (see $out/cut.log)" ;;
esac

echo "lines: $pass passed, $fail failed"
[ $fail -eq 0 ]
