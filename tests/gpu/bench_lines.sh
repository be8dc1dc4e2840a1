#!/bin/sh
# bench_lines.sh [CULAB [FILE]] - what counters per source line cost
# (issue 25), for reports/bench/<gpu>/lines.txt:
# 1. FILE (default experiments/default.yaml) run twice, as a user runs it:
#    with --no-lines, and with its lines; the wall time of each, the
#    kernel-level counter phase of each (CULAB_RUN_TRACE), and what the
#    lines add, in all and per measurement;
# 2. per kernel, the slowest first: each child's time (results.json
#    rows[].lines.seconds: the process, start to end) and the part that
#    is CUPTI's (collect_seconds: patching, the instrumented run, the
#    flush, the lines), against the measurement's share of the
#    kernel-level pass (the counter phase over the rows it profiled);
# 3. where a child's time goes: the three slowest children run again by
#    hand with CULAB_RUN_TRACE=1;
# 4. the run with lines once more: a rerun, its lines from the per-line
#    cache the second run filled (a fresh CULAB_CACHE_DIR in $OUT, so
#    the first run with lines collects them all).
# Everything goes to $OUT (or results/bench-lines), the table to
# lines.txt there.
# Where warps wait is sampled, culab's default (a caller's
# CULAB_STALLS=off is kept): issue 46's target is the lines with their
# stall samples.
set -u
culab=${1:-build/culab}
file=${2:-experiments/default.yaml}
out=${OUT:-results/bench-lines}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,uuid --format=csv >"$out/gpu.txt" 2>&1

now() { python3 -c 'import time; print(time.time())'; }
since() { python3 -c 'import sys, time; print("%.2f" % (time.time() - float(sys.argv[1])))' "$1"; }

run() { # NAME OPTION...: one run, timed, with its trace
	name=$1
	shift
	t0=$(now)
	# the lines' cost alone: no compute-sanitizer rerun in either run
	rm -f "$out/$name-ev.tsv"
	CULAB_EVENT_TRACE="$out/$name-ev.tsv" CULAB_RUN_TRACE=1 \
		"$culab" run -q --no-report --no-sanitizer "$@" \
		-o "$out/$name" "$file" >"$out/$name.log" 2>&1
	echo "$? $(since "$t0")" >"$out/$name.time"
}
export CULAB_CACHE_DIR="$out/cache"
rm -rf "$CULAB_CACHE_DIR"
run kernel --no-lines
run lines
run rerun
python3 - "$out" "$file" <<'PY' | tee "$out/lines.txt"
import json, re, sys
out, file = sys.argv[1:3]
def trace(name):
    t = {}
    for line in open("%s/%s.log" % (out, name)):
        m = re.match(r"culab: run: (.+?)\s+([0-9.]+) s$", line)
        if m:
            t[m.group(1).strip()] = float(m.group(2))
    return t
def wall(name):
    rc, s = open("%s/%s.time" % (out, name)).read().split()
    return int(rc), float(s)
gpu = open("%s/gpu.txt" % out).read().strip().split("\n")[-1]
(rc0, w0), (rc1, w1) = wall("kernel"), wall("lines")
t0, t1 = trace("kernel"), trace("lines")
r = json.load(open("%s/lines/results.json" % out))
rows = r["rows"]
profiled = [w for w in rows if w["counters"]["kernels"]]
lined = [w for w in rows if w.get("lines")]
ok = [w for w in lined if not w["lines"]["status"]]
per = t0.get("counters", 0) / max(len(profiled), 1)
print("counters per source line: what they cost, %s" % file)
print("GPU: %s" % gpu)
print()
print("run                      exit   wall s   counters s   measurements")
print("--no-lines               %4d %8.1f %12.1f   %d" % (rc0, w0, t0.get("counters", 0), len(rows)))
print("with lines (default)     %4d %8.1f %12.1f   %d, %d with lines (%d collected)" % (
    rc1, w1, t1.get("counters", 0), len(rows), len(lined), len(ok)))
print()
(rc2, w2) = wall("rerun")
cached = sum(1 for w in json.load(open("%s/rerun/results.json" % out))["rows"]
             if (w.get("lines") or {}).get("cached"))
print("rerun with lines         %4d %8.1f %12s   %d rows' lines from the per-line cache"
      % (rc2, w2, "", cached))
print()
print("the lines add %.1f s to the run (%.0f %% of its %.1f s without them; "
      "%.2fx), %.1f s on a rerun (%.2fx),"
      % (w1 - w0, 100 * (w1 - w0) / w0 if w0 else 0, w0,
         w1 / w0 if w0 else 0, w2 - w0, w2 / w0 if w0 else 0))
s = sorted(lined, key=lambda w: -(w["lines"]["seconds"] or 0))
tot = sum(w["lines"]["seconds"] or 0 for w in lined)
col = sum(w["lines"].get("collect_seconds") or 0 for w in lined)
print("%.2f s per measurement with lines (%.1f s in all, %.1f s of it CUPTI's);"
      % (tot / max(len(lined), 1), tot, col))
print("the kernel-level pass costs %.3f s per profiled measurement (%.1f s over %d)."
      % (per, t0.get("counters", 0), len(profiled)))
print()
print("%-58s %9s %9s %9s" % ("measurement (the slowest first)", "child s", "CUPTI s", "counters s"))
for w in s:
    l = w["lines"]
    label = "%s/%s/%s/%d%s" % (w["experiment"], w["variant"], w["dtype"], w["n"],
                               "x%d" % w["m"] if w["m"] > 1 else "")
    print("%-58s %9.3f %9.3f %9.3f%s" % (label[:58], l["seconds"] or 0,
          l.get("collect_seconds") or 0, per,
          "  (%s)" % l["status"][:60] if l["status"] else ""))
PY
# where the run with lines spent its per-line phase: each child's steps
# and each turn, from its processes' events (base/evtrace.h)
{
	echo
	echo "== the run with lines, its events (tests/gpu/evtrace.awk)"
	grep -c . "$out/lines-ev.tsv" | sed 's/^/events: /'
	awk -f tests/gpu/evtrace.awk "$out/lines-ev.tsv" | tail -n 40
	echo "== the parent's own events (seconds from its first)"
	awk -F'\t' 'NR == 1 { t0 = $1; p = $2 }
		$2 == p { printf "%8.3f  %s  %s\n", $1 - t0, $4, $5 }' \
		"$out/lines-ev.tsv" | grep -v 'slow\|measure' | tail -n 30
} 2>&1 | tee -a "$out/lines.txt"
# 3. the three slowest children again, traced (labels from the plan)
"$culab" plan --json "$file" >"$out/plan.json"
python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))["rows"]
p=json.load(open(sys.argv[2]))
label={}
for e in p["experiments"]:
    for s in e["stages"]:
        for m in s["measurements"]:
            label[(e["name"], m["variant"], s["dtype"], s["n"], s["m"], m["block"])]=m["label"]
s=sorted((w for w in r if w.get("lines")), key=lambda w: -(w["lines"]["seconds"] or 0))[:3]
for w in s:
    print(label[(w["experiment"], w["variant"], w["dtype"], w["n"], w["m"], w["block"])])' \
	"$out/lines/results.json" "$out/plan.json" >"$out/slowest.txt"
echo
while read -r label; do
	echo "== $label (culab run --lines-child, CULAB_RUN_TRACE=1)"
	t0=$(now)
	CULAB_RUN_TRACE=1 "$culab" run -q --no-report --no-counters --profile-only \
		--lines-child --measurement "$label" -o "$out/child" "$file" 2>&1 |
		grep '^culab: run:' | grep -v ' 0.000 s'
	echo "   wall $(since "$t0") s"
done <"$out/slowest.txt" | tee -a "$out/lines.txt"
