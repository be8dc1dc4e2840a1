#!/bin/sh
# sanitize_lines.sh CULAB OUT - a failure explained at the line (issue 25;
# make test-gpu, step 11b; runs alone too).  culab reruns a failed kernel
# of the user's alone under compute-sanitizer and names the line:
#
# 1. tests/gpu/defects.yaml: missing_sync (no __syncthreads() between
#    line 27's write and line 30's read) fails, and its record has
#    racecheck's race between those two lines; oob_shared (reads s[256]
#    on line 48) fails, and its record has memcheck's out-of-bounds
#    __shared__ read of 4 bytes at line 48 by thread 255; culab run's
#    failure lines and the report's section on the user's kernels say
#    both at the line, in English and Chinese;
# 2. the exercise's reduce_shfl.v2-bug (a wrong sum: its last warp stops
#    one shuffle early) is rerun at 2^20 under memcheck, racecheck and
#    synccheck, all clean, the answer wrong again: "an arithmetic bug, not
#    a memory one", in the failure lines and the report;
# 3. tests/gpu/input-guard.yaml (issue 48): seed 000's reduce_global as
#    the course writes it, verified at 2^20 (a multiple of its block: the
#    guard around the input changes nothing), wrong at 1,000,000 (its
#    last block reads 64 doubles past the input, which are NaN on the
#    correctness run: "sum is nan"), and memcheck's rerun (the guard off:
#    the tool guards) names line 17's out-of-bounds global read.
#
# Each rerun's command is in its record; the logs are in OUT.
set -u
culab=${1:-build/culab}
out=${2:-results/test-gpu/sanitize-lines}
mkdir -p "$out"
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok:   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL: $1"; }

san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if [ ! -x "$san" ]; then
	ko "compute-sanitizer not found: nothing can be explained at the line"
	# 3. a read past the input's end
"$culab" run --no-counters -o "$out/input-guard" tests/gpu/input-guard.yaml \
	>"$out/input-guard.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
rows=dict((w["n"], w) for w in json.load(open(sys.argv[1]))["rows"]); bad=[]
ok=rows.get(1048576); w=rows.get(1000000)
if not ok or ok["status"] != "ok": bad.append("2^20: %s" % (ok and (ok["status"], ok.get("message"))))
if not w or w["status"] != "wrong" or "sum is nan" not in (w.get("message") or ""):
    bad.append("1000000: %s" % (w and (w["status"], w.get("message"))))
s=(w or {}).get("sanitize") or {}
oob=[f for f in s.get("findings", []) if f["tool"]=="memcheck" and f["kind"]=="access" and f["space"]=="global" and f["access"]=="read" and f["size"]==8 and f["file"]=="seed000.cu" and f["line"]==17]
if not oob:
    bad.append("no out-of-bounds global read at seed000.cu:17: %s %s" % (s.get("state"), [(f["tool"], f["kind"], f.get("space"), f.get("file"), f.get("line")) for f in s.get("findings", [])]))
print("; ".join(bad) if bad else "verified at 2^20; at 1000000 \"%s\", memcheck: out-of-bounds global read of 8 bytes at line 17" % w["message"][:60])
sys.exit(1 if bad else 0)' "$out/input-guard/results.json" 2>&1)
if [ $? -eq 0 ] && [ $rc -eq 1 ]; then
	ok "a read past the input: $verdict"
else
	ko "a read past the input: exit $rc (want 1): $verdict (see $out/input-guard.log)"
	grep -E "FAILED|culab:   " "$out/input-guard.log" | head -n 10
fi

echo "sanitize_lines: $pass passed, $fail failed"
	exit 1
fi

# 1. the defects at their lines
"$culab" run --no-counters -o "$out/defects" tests/gpu/defects.yaml \
	>"$out/defects.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
rows=dict((w["variant"], w) for w in json.load(open(sys.argv[1]))["rows"])
bad=[]
def rec(v):
    w=rows.get(v)
    if not w: bad.append(v + ": no row"); return None
    if w["status"] not in ("wrong", "error"): bad.append("%s: %s, not failed" % (v, w["status"])); return None
    s=w.get("sanitize")
    if not s or s["state"] != "ran": bad.append("%s: no rerun (%s)" % (v, s and s["state"])); return None
    return s
s=rec("missing_sync")
if s:
    tools=dict((t["tool"], t["outcome"]) for t in s["tools"])
    race=[f for f in s["findings"] if f["kind"]=="race" and f["file"]=="defects.cu" and {f["line"], f["other_line"]}=={27, 30}]
    if tools.get("racecheck") != "found" or not race:
        bad.append("missing_sync: no race between lines 27 and 30: %s" % [(f["tool"], f["kind"], f["line"], f["other_line"]) for f in s["findings"]])
s=rec("oob_shared")
if s:
    oob=[f for f in s["findings"] if f["tool"]=="memcheck" and f["kind"]=="access" and f["space"]=="shared" and f["access"]=="read" and f["size"]==4 and f["file"]=="defects.cu" and f["line"]==48]
    if not oob:
        bad.append("oob_shared: no out-of-bounds shared read at line 48: %s" % [(f["tool"], f["kind"], f["file"], f["line"]) for f in s["findings"]])
    elif oob[0]["threads"] != "255":
        bad.append("oob_shared: threads %s, not 255" % oob[0]["threads"])
print("; ".join(bad) if bad else "missing_sync: race between lines 27 and 30; oob_shared: out-of-bounds __shared__ read at line 48 by thread 255")
sys.exit(1 if bad else 0)' "$out/defects/results.json" 2>&1)
if [ $? -eq 0 ] && [ $rc -eq 1 ]; then
	ok "defects at their lines: $verdict"
else
	ko "defects: exit $rc (want 1): $verdict (see $out/defects.log)"
	grep -E "FAILED|culab:   " "$out/defects.log" | head -n 10
fi

# the failure lines under culab run's summary, and the report's section
# on the user's kernels, in both languages
race_said() {
	grep "with no barrier between them" "$1" | grep -F 'line 30 `a += s[k];`' |
		grep -qF 'line 27 `s[t] = v;`'
}
if grep -qF 'line 48 `culab_acc_t v = s[t + 1];`: an out-of-bounds `__shared__` read of 4 bytes by thread 255 of blocks 0–3' "$out/defects.log" &&
   race_said "$out/defects.log"; then
	ok "culab run's failure lines say both at the line"
else
	ko "culab run's failure lines (see $out/defects.log)"
	grep "culab:   " "$out/defects.log" | head -n 10
fi
if grep -qF 'line 48 `culab_acc_t v = s[t + 1];`: an out-of-bounds `__shared__` read' "$out/defects/report.en.md" 2>/dev/null &&
   race_said "$out/defects/report.en.md" &&
   grep -qF '第 48 行 `culab_acc_t v = s[t + 1];`：线程块 0–3 中的线程 255 越界读' "$out/defects/report.zh.md" 2>/dev/null; then
	ok "the report says both at the line, in English and Chinese"
else
	ko "the report's section on the user's kernels (see $out/defects/report.en.md)"
	grep -n "compute-sanitizer" "$out/defects/report.en.md" 2>/dev/null | head -n 5
fi

# 2. the exercise's arithmetic bug: clean under every tool
"$culab" run --no-counters --variant reduce_shfl.v2-bug -o "$out/exercise" \
	experiments/examples/exercise.yaml >"$out/exercise.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
rows=json.load(open(sys.argv[1]))["rows"]; bad=[]
want=[("memcheck", "clean", "wrong"), ("racecheck", "clean", "wrong"), ("synccheck", "clean", "wrong")]
for w in rows:
    s=w.get("sanitize") or {}
    tools=[(t["tool"], t["outcome"], t["answer"]) for t in s.get("tools", [])]
    if w["status"] != "wrong" or s.get("state") != "ran" or tools != want or s["findings"] or not s["label"].endswith("/1048576"):
        bad.append("%s/%d: %s %s %s %s" % (w["dtype"], w["n"], w["status"], s.get("label"), tools, len(s.get("findings", []))))
print("%d rows%s" % (len(rows), ("; " + "; ".join(bad[:4])) if bad else ", each rerun at 2^20 clean under memcheck, racecheck and synccheck, wrong again"))
sys.exit(1 if bad or len(rows) != 4 else 0)' "$out/exercise/results.json" 2>&1)
if [ $? -eq 0 ] && [ $rc -eq 1 ]; then
	ok "reduce_shfl.v2-bug: $verdict"
else
	ko "reduce_shfl.v2-bug: exit $rc (want 1): $verdict (see $out/exercise.log)"
fi
n=$(grep -c "an arithmetic bug, not a memory one" "$out/exercise.log")
if [ "$n" = 4 ] && grep -q "an arithmetic bug, not a memory one" "$out/exercise/report.en.md" 2>/dev/null &&
   grep -q "这是算术错误，不是内存错误" "$out/exercise/report.zh.md" 2>/dev/null; then
	ok "an arithmetic bug, not a memory one: in the failure lines and the report"
else
	ko "the clean rerun's words: $n of 4 failure lines (see $out/exercise.log and $out/exercise/report.en.md)"
fi

# 3. a read past the input's end
"$culab" run --no-counters -o "$out/input-guard" tests/gpu/input-guard.yaml \
	>"$out/input-guard.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
rows=dict((w["n"], w) for w in json.load(open(sys.argv[1]))["rows"]); bad=[]
ok=rows.get(1048576); w=rows.get(1000000)
if not ok or ok["status"] != "ok": bad.append("2^20: %s" % (ok and (ok["status"], ok.get("message"))))
if not w or w["status"] != "wrong" or "sum is nan" not in (w.get("message") or ""):
    bad.append("1000000: %s" % (w and (w["status"], w.get("message"))))
s=(w or {}).get("sanitize") or {}
oob=[f for f in s.get("findings", []) if f["tool"]=="memcheck" and f["kind"]=="access" and f["space"]=="global" and f["access"]=="read" and f["size"]==8 and f["file"]=="seed000.cu" and f["line"]==17]
if not oob:
    bad.append("no out-of-bounds global read at seed000.cu:17: %s %s" % (s.get("state"), [(f["tool"], f["kind"], f.get("space"), f.get("file"), f.get("line")) for f in s.get("findings", [])]))
print("; ".join(bad) if bad else "verified at 2^20; at 1000000 \"%s\", memcheck: out-of-bounds global read of 8 bytes at line 17" % w["message"][:60])
sys.exit(1 if bad else 0)' "$out/input-guard/results.json" 2>&1)
if [ $? -eq 0 ] && [ $rc -eq 1 ]; then
	ok "a read past the input: $verdict"
else
	ko "a read past the input: exit $rc (want 1): $verdict (see $out/input-guard.log)"
	grep -E "FAILED|culab:   " "$out/input-guard.log" | head -n 10
fi

echo "sanitize_lines: $pass passed, $fail failed"
[ $fail -eq 0 ]
