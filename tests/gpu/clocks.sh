#!/bin/sh
# clocks.sh CULAB OUT - the GPU checks of clocks, throttling and
# repeats: auto (make test-gpu, step 11; runs alone too).
#
# 1. with the real NVML: every GPU row has its clocks (readings, SM clock
#    in range, reasons), the CPU row says why not; throttled rows are
#    listed with their reasons (a note, not a failure: a hot GPU is not a
#    bug, but a cool idle one should have none); auto rows stopped for a
#    stated reason, fixed rows after their count;
# 2. CULAB_TEST_NVML=absent: one note, every row says why, the run is ok;
# 3. CULAB_TEST_NVML=fake-throttled: rows flagged, the report says so;
# 4. --lock-clocks, ONLY through the fake NVML: these machines must never
#    change their clocks, and as root the real call would.  Refused
#    without permission (exit 3, one line, nothing written); accepted,
#    then restored exactly once: at the end, after one SIGINT (exit 4),
#    on a second SIGINT and a second SIGTERM (killed by it), and after a
#    kernel that faults (exit 1).
set -u
culab=${1:-build/culab}
out=${2:-results/test-gpu/clocks}
mkdir -p "$out"
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok:   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL: $1"; }

# 1. the real NVML
"$culab" run -q --no-counters --no-report -o "$out/real" \
	tests/gpu/clocks.yaml >"$out/real.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1])); rows=[w for w in r["rows"] if w["status"]=="ok"]
gpu=[w for w in rows if w["timer"]!="host-clock"]; cpu=[w for w in rows if w["timer"]=="host-clock"]
c=lambda w: w["clocks"]
bad=["%s: %s" % (w["variant"], c(w)) for w in gpu if not (c(w)["known"] and c(w)["readings"]>=2 and 100<=c(w)["sm_mhz_min"]<=c(w)["sm_mhz_max"]<=5000 and c(w)["reasons"] is not None)]
bad+=["%s: %s" % (w["variant"], c(w)) for w in cpu if c(w).get("why")!="runs on the CPU"]
stops=[(w["experiment"], w["timing"]["stop"], len(w["timing"]["samples_ms"])) for w in rows]
bad+=["fixed %s after %d" % (s, n) for e, s, n in stops if e=="fixed" and s not in ("count", "budget")]
bad+=["auto %s after %d" % (s, n) for e, s, n in stops if e!="fixed" and s not in ("precise", "budget", "max")]
hot=["%s/%d (%s)" % (w["variant"], w["n"], " ".join(c(w)["reasons"])) for w in gpu if c(w)["throttled"]]
auto=["%s/%d %s after %d" % (w["variant"], w["n"], w["timing"]["stop"], len(w["timing"]["samples_ms"])) for w in rows if w["experiment"]!="fixed"]
sm=[c(w)["sm_mhz_max"] for w in gpu]
print("%d GPU rows with clocks (SM %.0f-%.0f MHz), CPU row without; throttled: %s; auto: %s%s" % (len(gpu), min(sm), max(sm), ", ".join(hot) or "none", "; ".join(auto), ("; BAD: " + "; ".join(bad)) if bad else ""))
sys.exit(1 if bad or not gpu else 0)' "$out/real/results.json" 2>&1)
pyrc=$?
if [ $rc -eq 0 ] && [ $pyrc -eq 0 ]; then
	ok "NVML: $verdict"
else
	ko "NVML: exit $rc: $verdict (see $out/real.log)"
fi

# 2. no NVML
CULAB_TEST_NVML=absent "$culab" run -q --no-counters --no-report \
	-o "$out/absent" tests/gpu/clocks.yaml >"$out/absent.log" 2>&1
rc=$?
why="NVML is not available: libnvidia-ml.so.1: cannot open shared object file (CULAB_TEST_NVML=absent)"
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))
gpu=[w for w in r["rows"] if w["timer"]!="host-clock"]
print("all say why" if gpu and all(w["clocks"]=={"known":False,"why":sys.argv[2]} for w in gpu) else "NOT all say why")' \
	"$out/absent/results.json" "$why" 2>&1)
notes=$(grep -c "note: clocks and throttling are not recorded: $why" "$out/absent.log")
if [ $rc -eq 0 ] && [ "$verdict" = "all say why" ] && [ "$notes" = 1 ]; then
	ok "without NVML: exit 0, one note, every GPU row says why"
else
	ko "without NVML: exit $rc, $verdict, $notes notes (see $out/absent.log)"
fi

# 3. throttled (the fake reports a thermal slowdown)
CULAB_TEST_NVML=fake-throttled "$culab" run -q --no-counters \
	-o "$out/throttled" tests/gpu/clocks.yaml >"$out/throttled.log" 2>&1
rc=$?
# the body says the clocks were not steady and why; the details (its
# page and each family's) flag each row and say what to do
if [ $rc -eq 0 ] &&
   grep -q "| Clocks during the timed runs | not steady: .*throttled in .*hw_thermal_slowdown" \
	"$out/throttled/report.en.md" &&
   grep -q ", throttled |" "$out/throttled"/details*.en.md &&
   grep -q "was measured while the GPU throttled its clocks (hw\\\\_thermal\\\\_slowdown;" \
	"$out/throttled"/details*.en.md &&
   grep -q ",hw_thermal_slowdown,true," "$out/throttled/results.csv"; then
	ok "throttled rows flagged in results.csv, the report and its details"
else
	ko "throttled rows: exit $rc (see $out/throttled/report.en.md and details.en.md)"
fi

# 4. --lock-clocks, through the fake only
restored() { grep -c "fake NVML: SM clocks restored" "$1"; }
CULAB_TEST_NVML=fake-no-permission "$culab" run -q --lock-clocks max \
	-o "$out/refused" tests/gpu/clocks.yaml >"$out/refused.log" 2>&1
rc=$?
if [ $rc -eq 3 ] && [ ! -e "$out/refused/results.json" ] &&
   grep -qx "culab: error: --lock-clocks is not permitted: NVML needs root to lock clocks (Insufficient Permissions); run culab as root, or without --lock-clocks" \
	"$out/refused.log"; then
	ok "--lock-clocks refused: exit 3, one line, nothing measured"
else
	ko "--lock-clocks refused: exit $rc (see $out/refused.log)"
fi

CULAB_TEST_NVML=fake "$culab" run -q --no-counters --lock-clocks max \
	-o "$out/locked" tests/gpu/clocks.yaml >"$out/locked.log" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(restored "$out/locked.log")" = 1 ] &&
   grep -q '"clocks_locked": "max (' "$out/locked/results.json" &&
   grep -q "| SM clocks while measuring | locked: max (" "$out/locked/report.en.md" &&
   grep -q "| SM clocks while measuring | locked: max (" "$out/locked/details.en.md"; then
	ok "--lock-clocks max: recorded, restored once at the end"
else
	ko "--lock-clocks max: exit $rc, restored $(restored "$out/locked.log") times (see $out/locked.log)"
fi

# lock_signals NAME SIGNAL COUNT WANT_RC: a locked run of resume.yaml
# sent SIGNAL COUNT times; restored once, exit WANT_RC.  The second signal
# follows 5 ms after the first, while the measurement under way ends; if
# the run was quicker and ended first (exit 4), the path is the first
# one's, and the line says so.
lock_signals() {
	CULAB_TEST_NVML=fake "$culab" run -q --no-report --lock-clocks base \
		-o "$out/$1" tests/gpu/resume.yaml >"$out/$1.log" 2>&1 &
	pid=$!
	sleep 3
	kill -"$2" $pid
	if [ "$3" = 2 ]; then
		sleep 0.005
		kill -"$2" $pid 2>/dev/null
	fi
	wait $pid
	rc=$?
	n=$(restored "$out/$1.log")
	if [ "$n" = 1 ] && { [ $rc -eq "$4" ] || [ $rc -eq 4 ]; }; then
		ok "--lock-clocks, $3 x SIG$2: exit $rc (killed: $4; ended first: 4), restored once"
	else
		ko "--lock-clocks, $3 x SIG$2: exit $rc (want $4), restored $n times (see $out/$1.log)"
	fi
}
lock_signals sigint1 INT 1 4
lock_signals sigint2 INT 2 130
lock_signals sigterm2 TERM 2 143

CULAB_TEST_NVML=fake CULAB_TEST_TRAP=reduce_shuffle timeout 300 "$culab" run \
	-q --no-report --lock-clocks max -o "$out/trap" tests/gpu/trap.yaml \
	>"$out/trap.log" 2>&1
rc=$?
if [ $rc -eq 1 ] && [ "$(restored "$out/trap.log")" = 1 ]; then
	ok "--lock-clocks and a kernel that faults: exit 1, restored once"
else
	ko "--lock-clocks and a fault: exit $rc, restored $(restored "$out/trap.log") times (see $out/trap.log)"
fi

echo "clocks: $pass passed, $fail failed"
[ $fail -eq 0 ]
