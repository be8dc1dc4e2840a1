#!/bin/sh
# class.sh [CULAB] [OUT] - make test-gpu step 14: a class in pieces.
#
# 1. tests/gpu/class.yaml (the example class at one type and size): exit 1
#    (rows failed), a row for every measurement of the plan, each student
#    as tests/gpu/class-expected.txt says (the fault and the hang fail
#    their own rows and the class goes on: a fresh process after each),
#    the copy flagged, no worker folder left behind; every verified row
#    timed in the class's rounds, a student's kernel alone beside its
#    timed region, the rungs by their first pass alone (rounds "of");
# 2. the same run stopped with SIGINT once two students are in, then
#    --resume: every row again, and the students finished before the
#    signal keep their rows as they were (not measured again).
# Prints "ok:" or "FAIL:" per check; exits 1 when one failed.
set -u
culab=${1:-build/culab}
out=${2:-results/gpu-class}
file=tests/gpu/class.yaml
rm -rf "$out"
mkdir -p "$out"
fail=0
ok() { echo "ok:   $1"; }
ko() { fail=1; echo "FAIL: $1"; }

# the rows of a results file against the expected states; prints what
# is wrong, nothing when all is right
check_rows() {
	python3 - "$1" "$2" tests/gpu/class-expected.txt <<'EOF'
import json, sys
res, plan, expected = sys.argv[1:4]
d = json.load(open(res))
p = json.load(open(plan))
rows = d["rows"]
bad = []
if d.get("status") != "complete":
    bad.append("status %s, not complete" % d.get("status"))
if len(rows) != p["measurements"]:
    bad.append("%d rows for %d measurements" % (len(rows), p["measurements"]))
by = {}
for r in rows:
    by.setdefault(r["variant"], []).append(r)
for line in open(expected):
    w = line.split("#")[0].split()
    if not w:
        continue
    name, state, want = w[0], w[1], " ".join(w[2:])
    rs = by.get(name, [])
    if not rs:
        bad.append("%s: no rows" % name)
    elif state == "ok":
        if any(r["status"] != "ok" for r in rs):
            bad.append("%s: %s" % (name, [(r["status"], r.get("message")) for r in rs]))
    else:
        hit = [r for r in rs if r["status"] == state and want in (r.get("message") or "")]
        if not hit:
            bad.append("%s: no %s row with \"%s\": %s" % (name, state, want,
                       [(r["status"], r.get("message")) for r in rs]))
# the timing rounds: every verified row of a student none of whose rows
# faulted or hung, and every rung's, has them; a student's kernel alone
# (finish: host) is timed beside the whole region, and is shorter
faulted = {n for n, rs in by.items() if any(r["status"] == "error" for r in rs)}
for r in rows:
    if r["status"] != "ok" or r["variant"] in faulted:
        continue
    what = "%s/%s/%s" % (r["variant"], r["dtype"], r["n"])
    if len((r.get("rounds") or {}).get("round_ms", [])) < 2:
        bad.append("%s: no timing rounds" % what)
    k = r.get("kernel_timing")
    if r["step"] == 0 and not (k and 0 < k["median_ms"] < r["timing"]["median_ms"]):
        bad.append("%s: no kernel time below the region's %s" % (what, k))
    # what the round medians are of: a student's kernel alone; a rung
    # that finishes on the GPU by its first pass, the students' contract
    # (finish: host), its region kept whole
    of = (r.get("rounds") or {}).get("of")
    want = "kernel" if r["step"] == 0 else \
        "first_pass" if r["variant"] in ("reduce_shared_static", "reduce_shuffle") else None
    if want and of != want:
        bad.append("%s: rounds of %s, not %s" % (what, of, want))
for name in ("reduce_shared_static", "reduce_shuffle"):
    if not by.get(name) or any(r["status"] != "ok" for r in by[name]):
        bad.append("rung %s not verified" % name)
print("\n".join(bad))
EOF
}

"$culab" plan --json "$file" >"$out/plan.json" 2>"$out/plan.err" ||
	ko "culab plan $file: $(cat "$out/plan.err")"

# 1. the class, every student in its own worker
t0=$(date +%s)
"$culab" run --no-report -o "$out/class" "$file" >"$out/class.log" 2>&1
rc=$?
echo "class: exit $rc in $(( $(date +%s) - t0 )) s"
[ "$rc" -eq 1 ] && ok "class: exit 1 (rows failed)" ||
	ko "class: exit $rc, not 1: $(tail -n 3 "$out/class.log")"
bad=$(check_rows "$out/class/results.json" "$out/plan.json")
[ -z "$bad" ] && ok "class: every student as expected, every rung verified" ||
	ko "class: $bad"
for who in fay gus hal; do
	grep -q "FAILED reduce-class/$who/" "$out/class.log" &&
		ok "class: $who's failure said (the others measured: above)" ||
		ko "class: no FAILED line for $who"
done
grep -q "the same source as ada" "$out/class.log" &&
	ok "class: ivy flagged as ada's copy" || ko "class: the copy not flagged"
[ ! -e "$out/class/.workers" ] && ok "class: no worker folder left" ||
	ko "class: $out/class/.workers left behind"

# 2. SIGINT once two students are in, then --resume
# (no compute-sanitizer reruns: the check is of what --resume keeps)
CULAB_SANITIZER=off "$culab" run --no-report -o "$out/stop" "$file" \
	>"$out/stop.log" 2>&1 &
pid=$!
i=0
while [ $i -lt 600 ]; do
	n=$(ls "$out"/stop/.workers/piece-*/results.json 2>/dev/null | wc -l)
	[ "$n" -ge 4 ] && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.2
	i=$((i + 1))
done
kill -INT $pid 2>/dev/null
wait $pid
rc=$?
[ "$rc" -eq 4 ] && ok "stop: exit 4 after SIGINT" ||
	ko "stop: exit $rc after SIGINT: $(tail -n 3 "$out/stop.log")"
cp "$out/stop/results.json" "$out/stopped.json" 2>/dev/null
CULAB_SANITIZER=off "$culab" run --no-report --resume -o "$out/stop" "$file" \
	>"$out/resume.log" 2>&1
rc=$?
[ "$rc" -eq 1 ] && ok "resume: exit 1 (rows failed)" ||
	ko "resume: exit $rc: $(tail -n 3 "$out/resume.log")"
bad=$(check_rows "$out/stop/results.json" "$out/plan.json")
[ -z "$bad" ] && ok "resume: every student as expected" || ko "resume: $bad"
kept=$(python3 - "$out/stopped.json" "$out/stop/results.json" <<'EOF'
import json, sys
try:
    a = json.load(open(sys.argv[1]))["rows"]
except Exception:
    a = []
b = {(r["variant"], r["dtype"], r["n"]): r for r in json.load(open(sys.argv[2]))["rows"]}
same = [r for r in a if r["status"] == "ok" and
        b.get((r["variant"], r["dtype"], r["n"]), {}).get("timing") == r.get("timing")]
ok = [r for r in a if r["status"] == "ok"]
print("%d %d" % (len(same), len(ok)))
EOF
)
set -- $kept
[ "${2:-0}" -ge 1 ] && [ "$1" = "$2" ] &&
	ok "resume: the $2 verified rows in before the signal kept as they were" ||
	ko "resume: kept $kept (same, verified before the signal)"
exit $fail
