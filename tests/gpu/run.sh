#!/bin/sh
# run.sh [CULAB] - the GPU checks behind `make test-gpu`.
#
# 1. every variant verified at awkward sizes and shapes, every type;
#    Every GPU row records its kernel's resources (registers, shared
#    memory, occupancy), the CPU rows say why they have none; also with
#    counters on (3), which share the launch watch's CUPTI subscription;
# 2. compute-sanitizer (memcheck, racecheck, synccheck, initcheck) over
#    every variant at a small size: zero errors, except variants flagged
#    unsafe, whose observed finding must match the registry's record;
#    and culab run itself reruns that rung once under its record's tool
#    (2b, tests/gpu/unsafe.yaml);
# 3. hardware counters on every type: every registry signature holds
#    (`culab verify`), and the second kernel of a measurement reads its
#    input from DRAM (L2 flushed before every kernel); a batch larger
#    than the counter-data image grows it; the counters module alone
#    passes tests/gpu/counters_check (when built);
# 4. a run interrupted with SIGINT and finished with --resume has the same
#    rows as an uninterrupted one, and every row of both has its counters
#    (counters are measured in batches: no row is saved before its batch);
#    SIGTERM stops a run the same way;
# 5. a size too large for the GPU becomes a skipped row, the rest runs;
# 6. under Nsight Compute culab refuses its own counters with the reason
#    and goes on with timing;
# 7. where the driver restricts counters to administrators, culab run as
#    another user says so, with the fix, and goes on with timing, its
#    counters counted by instrumentation where compute-sanitizer is (15);
# 8. a kernel that faults (CULAB_TEST_TRAP=VARIANT makes that variant's
#    first launch trap): the run stops with exit 1, keeps what it had;
# 9. the user's own kernels: each example and test kernel verified (or
#    failed) as intended at awkward sizes, memcheck and racecheck clean, a
#    faulting one ends the run like 8, resources in every row;
# 10. `culab rerun`: the uninterrupted run of 4 again, compared with its
#    record (the same GPU, every row paired); the user kernels of 9 again
#    from another directory, their sources from the record, each row
#    ending as recorded;
# 11. clocks and throttling through NVML, repeats: auto, and --lock-clocks
#    through a fake NVML only (tests/gpu/clocks.sh);
# 12. a user kernel that never finishes fails at its time_limit and the
#    run ends without waiting for it (run last);
# 13. counters per source line (tests/gpu/lines.sh): every rung's and the
#    exercise's, their sums against the kernel-level counters, the defect
#    kernels found at their lines (run before 12);
# 14. a class: each submission in a worker process of its own, the fault
#    and the hang failing their own rows only, the kernel that keeps its
#    answer caught when the input changes, SIGINT and --resume per
#    submission (tests/gpu/class.sh; before 12).
# 15. counters by instrumentation where CUPTI refuses them (forced, and
#    as nobody): the Compute Sanitizer declarations against the real
#    headers, every GPU row counted, the columns equal to the hardware
#    run's (tests/gpu/instrumented.sh).
# 16. where warps wait, against Nsight Compute's source page: every
#    rung's and the exercise's busiest line in the same most common
#    state on both sides, its share within 20 points
#    (tests/gpu/stalls_ncu.sh; before 12).
# Logs go to $OUT (the device tool's folder) or results/test-gpu.  The
# per-line cache is off: every step that wants lines collects them.
set -u
export CULAB_LINES_CACHE=off
culab=${1:-build/culab}
out=${OUT:-results/test-gpu}
mkdir -p "$out"
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "ok:   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL: $1"; }

if ! "$culab" devices >"$out/devices.txt" 2>&1; then
	cat "$out/devices.txt"
	echo "test-gpu: no usable GPU; nothing was tested"
	exit 3
fi
cat "$out/devices.txt"

# 1. correctness
if "$culab" run -q --profile-only --no-counters -o "$out/correctness" \
	tests/gpu/correctness.yaml >"$out/correctness.log" 2>&1; then
	ok "every variant verified at awkward sizes ($(grep -c '"status": "ok"' "$out/correctness/results.json") rows)"
else
	ko "correctness (see $out/correctness.log)"
	head -n 20 "$out/correctness.log"
	python3 -c 'import json,sys
for w in json.load(open(sys.argv[1]))["rows"]:
    if w["status"] != "ok":
        print("  %s %s/%s/%s/%dx%d: %s" % (w["status"], w["experiment"], w["variant"], w["dtype"], w["n"], w["m"], w["message"]))' \
		"$out/correctness/results.json" 2>/dev/null | head -n 40
fi

# resources RESULTS WHAT: every GPU row that ran has its kernel's
# resources, every CPU row says it runs on the CPU; a transpose of one
# row or one column may launch no kernel (tile_pairs copies it), and says
# so.
resources() {
	verdict=$(python3 -c 'import json,sys
rows=[w for w in json.load(open(sys.argv[1]))["rows"] if w["status"] in ("ok","wrong")]
res=lambda w: w.get("resources") or {}
gpu=[w for w in rows if w["timer"]!="host-clock"]
cpu=[w for w in rows if w["timer"]=="host-clock"]
good=lambda k: k.get("known") and k["kernels"]>=1 and k["registers"]>0 and k["block_threads"]>0 and k["blocks_per_sm"]>0 and 0<k["occupancy_pct"]<=100
nokernel=lambda w: (w["n"]==1 or w["m"]==1) and (res(w).get("why") or "").startswith("launched no kernel")
copies=[w for w in gpu if nokernel(w)]
gpu=[w for w in gpu if not nokernel(w)]
bad=["%s/%s/%s: %s" % (w["variant"], w["dtype"], w["n"], res(w).get("why") or res(w)) for w in gpu if not good(res(w))]
bad+=["%s: %s" % (w["variant"], res(w)) for w in cpu if res(w).get("why")!="runs on the CPU"]
occ=[res(w)["occupancy_pct"] for w in gpu if good(res(w))]
lim=sorted(set(res(w)["limiter"] for w in gpu if good(res(w))))
print("%d GPU rows, %s" % (len(gpu), ("occupancy %.0f-%.0f %%, limited by %s; %d CPU rows and %d copies of one row or column without" % (min(occ), max(occ), ", ".join(lim), len(cpu), len(copies))) if occ and not bad else "MISSING: " + "; ".join(bad[:5])))
sys.exit(1 if bad or not gpu else 0)' "$1" 2>&1)
	if [ $? -eq 0 ]; then
		ok "resources recorded ($2): $verdict"
	else
		ko "resources ($2): $verdict"
	fi
}
resources "$out/correctness/results.json" "correctness run"

# 2. compute-sanitizer
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if [ ! -x "$san" ]; then
	ko "compute-sanitizer not found"
else
	"$culab" list --json kernels >"$out/kernels.json"
	safe=$(python3 -c 'import json,sys; print(",".join(v["name"] for v in json.load(open(sys.argv[1])) if "unsafe" not in v["flags"] and "cpu" not in v["flags"]))' "$out/kernels.json")
	unsafe=$(python3 -c 'import json,sys; print(" ".join(v["name"] for v in json.load(open(sys.argv[1])) if "unsafe" in v["flags"]))' "$out/kernels.json")
	# The count a log reports: racecheck's hazards (errors and warnings:
	# --error-exitcode only counts errors), the error summary otherwise.
	found() {
		if [ "$1" = racecheck ]; then
			sed -n 's/.*RACECHECK SUMMARY: \([0-9]*\) hazard.*/\1/p' "$2" | tail -n 1
		else
			sed -n 's/.*ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$2" | tail -n 1
		fi
	}
	for tool in memcheck racecheck synccheck initcheck; do
		log="$out/sanitizer-$tool.log"
		"$san" --tool "$tool" --error-exitcode 99 --print-limit 50 \
			"$culab" run -q --profile-only --no-counters \
			-o "$out/sanitize-$tool" --variant "$safe" \
			tests/gpu/sanitize.yaml >"$log" 2>&1
		rc=$?
		got=$(found "$tool" "$log")
		if [ $rc -eq 0 ] && [ "${got:-none}" = 0 ]; then
			ok "$tool: 0 findings over every safe variant"
		else
			ko "$tool: exit $rc, ${got:-no} findings over the safe variants (see $log)"
			grep -E "SUMMARY|Invalid|Race|hazard|Uninitialized|Barrier" "$log" | head -n 20
		fi
		for v in $unsafe; do
			log="$out/sanitizer-$tool-$v.log"
			"$san" --tool "$tool" --print-limit 50 \
				"$culab" run -q --profile-only --no-counters \
				-o "$out/sanitize-$tool-$v" --variant "$v" \
				tests/gpu/sanitize.yaml >"$log" 2>&1
			got=$(found "$tool" "$log")
			want=$(python3 -c 'import json,re,sys
v=[v for v in json.load(open(sys.argv[1])) if v["name"]==sys.argv[2]][0]
m=re.search(sys.argv[3]+r": (\d+) (hazard|error)", v.get("sanitizer") or "")
print(m.group(1) if m else 0)' "$out/kernels.json" "$v" "$tool")
			if [ "${got:-none}" = "$want" ]; then
				ok "$tool on unsafe $v: $got findings, as recorded in the registry"
			else
				ko "$tool on unsafe $v: observed ${got:-no summary}, registry records $want (see $log)"
			fi
		done
	done
	# 2b. culab run itself reruns the unsafe rung that verified, once, at
	# its smallest size, under the tool its registry record names; the
	# rubric then shows the hazard from that record
	log="$out/unsafe.log"
	"$culab" run --no-counters -o "$out/unsafe" tests/gpu/unsafe.yaml \
		>"$log" 2>&1
	rc=$?
	verdict=$(python3 - "$out/unsafe/results.json" "$out/kernels.json" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
reg = {v["name"]: v for v in json.load(open(sys.argv[2]))}
bad = []
for w in r["rows"]:
    v, rec = w["variant"], w.get("sanitize")
    unsafe = "unsafe" in reg[v]["flags"]
    if not unsafe:
        if rec:
            bad.append("%s/%s has a record" % (v, w["n"]))
        continue
    want = [t for t in ("memcheck", "racecheck", "synccheck", "initcheck")
            if re.search(t + r": [1-9]\d* (hazard|error)", reg[v]["sanitizer"])]
    if w["status"] != "ok" or not rec:
        bad.append("%s/%s: %s, record %s" % (v, w["n"], w["status"], bool(rec)))
        continue
    tools = [t["tool"] for t in rec["tools"]]
    found = [t["tool"] for t in rec["tools"] if t["outcome"] == "found"]
    if rec["n"] != 4097 or tools != want or found != want:
        bad.append("%s/%s: rerun at %s under %s, found by %s; the registry names %s"
                   % (v, w["n"], rec["n"], tools, found, want))
    else:
        print("%s/%s: %s" % (v, w["n"], w["sanitizer"]))
print("BAD: " + "; ".join(bad) if bad else "OK")
PY
)
	echo "$verdict" | sed 's/^/      /'
	if [ $rc -eq 0 ] && [ "$(echo "$verdict" | tail -n 1)" = OK ] &&
		grep -q "is unsafe by design: rerunning it alone under compute-sanitizer" "$log" &&
		grep -q "| Warp-synchronous safety | .* | shown: at n = 4097, compute-sanitizer reported racecheck: [1-9]" "$out/unsafe/report.en.md"; then
		ok "culab run reran the unsafe rung under its registry's tool, once, and the rubric shows it"
	else
		ko "unsafe rung's rerun: exit $rc, $(echo "$verdict" | tail -n 1) (see $log, $out/unsafe/report.en.md)"
	fi
fi

# 3. counters and signatures
if "$culab" run -q --no-report -o "$out/signatures" tests/gpu/signatures.yaml \
	>"$out/signatures.log" 2>&1; then
	missing=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))
print(" ".join(w["variant"] for w in r["rows"] if w["timer"]!="host-clock" and (w["counters"]["status"] or not w["counters"]["columns"])))' "$out/signatures/results.json")
	if [ -n "$missing" ]; then
		ko "counters missing for: $missing (see $out/signatures.log)"
	else
		ok "counters collected for every GPU variant"
	fi
	resources "$out/signatures/results.json" "with counters"
	if "$culab" verify "$out/signatures/results.json" >"$out/verify.txt" 2>&1; then
		ok "signatures: $(tail -n 1 "$out/verify.txt")"
	else
		ko "signatures: $(tail -n 1 "$out/verify.txt")"
		grep -v '^pass' "$out/verify.txt" | head -n 30
	fi
	# L2 is flushed before every profiled kernel, as ncu does: a kernel
	# after the first of a measurement (the second pass of a reduction)
	# reads what it asks for from DRAM, not from the L2 its predecessor
	# filled.  Flushing once per measurement gave ~0-50 % here.
	cold=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1])); n=0; bad=[]
for w in r["rows"]:
    for i,k in enumerate((w["counters"] or {}).get("kernels") or []):
        v=dict(zip(k["names"],k["values"]))
        req=v.get("smsp__sass_data_bytes_mem_global_op_ld.sum") or 0
        if i==0 or req<65536: continue
        n+=1
        if (v.get("dram__bytes_read.sum") or 0) < 0.9*req:
            bad.append("%s %.0f of %.0f B" % (k["label"], v.get("dram__bytes_read.sum") or 0, req))
print("%d later launches%s" % (n, (": " + "; ".join(bad[:5])) if bad else ""))
sys.exit(1 if bad or not n else 0)' "$out/signatures/results.json")
	if [ $? -eq 0 ]; then
		ok "L2 cold before every kernel: $cold read >= 90 % of their loads from DRAM"
	else
		ko "L2 not cold before later kernels: $cold"
	fi
else
	ko "signature run failed (see $out/signatures.log)"
	tail -n 20 "$out/signatures.log"
fi

# 3b. a stage whose batch makes more launches than the first counter-data
#     image holds: the pass stops early, the image grows, the batch is
#     measured again and every row gets its counters
CULAB_COUNTERS_TRACE=1 "$culab" run -q --no-report -o "$out/overflow" \
	tests/gpu/overflow.yaml >"$out/overflow.log" 2>&1
rc=$?
grown=$(sed -n 's/.*(grown \([0-9]*\) times).*/\1/p' "$out/overflow.log" | tail -n 1)
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))["rows"]
gpu=[w for w in r if w["timer"]!="host-clock"]
bad=[w["variant"] for w in gpu if w["status"]!="ok" or w["counters"]["status"] or not w["counters"]["columns"]]
print("%d GPU rows, %s" % (len(gpu), "counters in every one" if not bad else "NO COUNTERS for " + " ".join(bad[:5])))' \
	"$out/overflow/results.json" 2>&1)
case "$rc:${grown:-0}:$verdict" in
0:[1-9]*:*"counters in every one")
	ok "a batch larger than the counter-data image: grown $grown times, $verdict" ;;
*)	ko "batch overflow: exit $rc, image grown ${grown:-?} times, $verdict (see $out/overflow.log)" ;;
esac

# 3c. the counters module alone (tests/gpu/counters_check.cu, built next to
#     culab): its own kernels' signatures, an in-place kernel replayed
#     correctly, a second session in one process, an unknown metric refused
check=$(dirname "$culab")/counters_check
if [ -x "$check" ]; then
	if "$check" >"$out/counters_check.log" 2>&1 &&
	   grep -q "^all checks passed" "$out/counters_check.log"; then
		ok "counters module alone: $(grep -c '^  ok' "$out/counters_check.log") checks passed"
	else
		ko "counters module alone (see $out/counters_check.log)"
		grep "FAIL" "$out/counters_check.log" | head -n 10
	fi
else
	echo "skip: $check not built, the counters module alone not checked"
fi

# 4. interrupted and resumed: the same rows as an uninterrupted run
"$culab" run -q --no-counters --no-report -o "$out/resume-full" \
	tests/gpu/resume.yaml >"$out/resume-full.log" 2>&1
# interrupt SIGNAL NAME: runs resume.yaml with counters into $out/NAME,
# sends SIGNAL after 3 s and sets rc1 to the exit status.
interrupt() {
	"$culab" run -q --no-report -o "$out/$2" \
		tests/gpu/resume.yaml >"$out/$2.log" 2>&1 &
	pid=$!
	sleep 3
	kill -"$1" $pid
	wait $pid
	rc1=$?
}
interrupt INT resume
cp "$out/resume/results.json" "$out/resume-interrupted.json" 2>/dev/null
"$culab" run -q --no-report --resume -o "$out/resume" \
	tests/gpu/resume.yaml >>"$out/resume.log" 2>&1
rc2=$?
verdict=$(python3 -c 'import json,sys
key=lambda w:(w["experiment"],w["variant"],w["dtype"],w["n"],w["m"],w["block"])
full,cut,res=(json.load(open(p)) for p in sys.argv[1:4])
a=sorted(key(w) for w in full["rows"]); b=sorted(key(w) for w in res["rows"])
ok=all(w["status"]=="ok" for w in res["rows"])
# counters are measured in batches after timing: a row saved without
# them would be taken as done by --resume
st=lambda w:(w.get("counters") or {}).get("status")
ctr=all(st(w) is None or st(w).startswith("not applicable") for d in (cut,res) for w in d["rows"])
print("%d of %d rows after the interrupt (status %s), %d after --resume, %s, %s, %s" % (
 len(cut["rows"]), len(a), cut["status"], len(b), "same rows" if a==b else "DIFFERENT rows",
 "all verified" if ok else "NOT all verified",
 "counters in every row" if ctr else "rows WITHOUT counters"))' \
	"$out/resume-full/results.json" "$out/resume-interrupted.json" \
	"$out/resume/results.json" 2>&1)
case "$rc1:$rc2:$verdict" in
4:0:*"same rows, all verified, counters in every row")
	case $verdict in
	0\ of*) ko "interrupt: nothing was kept ($verdict)" ;;
	*) ok "SIGINT then --resume: $verdict" ;;
	esac ;;
*)	ko "SIGINT exit $rc1 (want 4), --resume exit $rc2 (want 0): $verdict" ;;
esac
# SIGTERM (what a batch scheduler sends) is handled like SIGINT
interrupt TERM sigterm
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))
print("%d rows kept (status %s), %s" % (len(r["rows"]), r["status"],
 "all verified" if all(w["status"]=="ok" for w in r["rows"]) else "NOT all verified"))' \
	"$out/sigterm/results.json" 2>&1)
case "$rc1:$verdict" in
"4:0 rows"*) ko "SIGTERM: nothing was kept ($verdict)" ;;
4:*"(status interrupted), all verified") ok "SIGTERM: exit 4, $verdict" ;;
*)	ko "SIGTERM exit $rc1 (want 4): $verdict" ;;
esac

# 5. too large for the GPU: a skipped row, and the run goes on
"$culab" run -q --no-counters --no-report -o "$out/memory" \
	tests/gpu/memory.yaml >"$out/memory.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))["rows"]
print(" | ".join("%s n=%d: %s" % (w["status"], w["n"], w["message"] or "verified") for w in r))' \
	"$out/memory/results.json" 2>&1)
case "$rc:$verdict" in
"0:skipped n=68719476736: "*"GiB"*"free | ok n=1000: verified")
	ok "too large for the GPU: $verdict" ;;
*)	ko "memory check: exit $rc: $verdict" ;;
esac

# 6. under another profiler: culab's counters are refused with the reason,
#    timing goes on and every row is verified
ncu=$(command -v ncu 2>/dev/null || echo /usr/local/cuda/bin/ncu)
if [ -x "$ncu" ]; then
	"$ncu" -c 1 --metrics gpu__time_duration.sum --log-file "$out/under-ncu.txt" \
		"$culab" run -q --no-report -o "$out/under-profiler" \
		tests/gpu/under-profiler.yaml >"$out/under-profiler.log" 2>&1
	rc=$?
	verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))["rows"]
st=[(w["counters"] or {}).get("status") or "" for w in r]
timed=all(w["status"]=="ok" and w["timing"]["median_ms"] for w in r)
why=st[0] if st and all(s==st[0] and "--no-counters" in s for s in st) else "NO REASON"
print("%d rows %s; counters: %s" % (len(r), "verified and timed" if timed else "NOT all verified and timed", why[:90]))' \
		"$out/under-profiler/results.json" 2>&1)
	case "$rc:$verdict" in
	"0:"*"verified and timed; counters: a CUDA tool is injected"*)
		ok "under Nsight Compute: $verdict" ;;
	*)	ko "under Nsight Compute: exit $rc: $verdict (see $out/under-profiler.log)" ;;
	esac
else
	echo "skip: ncu not found, culab under another profiler not checked"
fi

# 7. without the privilege to read counters (the driver restricts them to
#    administrators and culab runs as another user): refused with
#    CUPTI_ERROR_INSUFFICIENT_PRIVILEGES and how to fix it, timing goes on
admin=$(sed -n 's/^RmProfilingAdminOnly: *//p' /proc/driver/nvidia/params 2>/dev/null)
if [ "$(id -u)" != 0 ] || [ "$admin" != 1 ] || ! command -v setpriv >/dev/null; then
	echo "skip: counters without permission not checked (needs root, setpriv" \
	     "and RmProfilingAdminOnly=1; here uid $(id -u), RmProfilingAdminOnly=${admin:-unknown})"
else
	d=$(mktemp -d /tmp/culab-unpriv.XXXXXX)
	cp "$culab" tests/gpu/under-profiler.yaml "$d/" && chmod -R a+rwX "$d"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$d/$(basename "$culab")" run -q --no-report -o "$d/out" \
		"$d/under-profiler.yaml" >"$out/unprivileged.log" 2>&1
	rc=$?
	cp "$d/out/results.json" "$out/unprivileged.json" 2>/dev/null
	verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1]))["rows"]
st=[(w["counters"] or {}).get("status") or "" for w in r]
timed=all(w["status"]=="ok" and w["timing"]["median_ms"] for w in r)
fix=all("INSUFFICIENT_PRIVILEGES" in s and "NVreg_RestrictProfilingToAdminUsers=0" in s for s in st) and st
top=json.load(open(sys.argv[1]))
ins=top.get("counters_refusal")=="COUNTERS_PERMISSION" and (top.get("counters_method") or "").startswith("instrumented") and all((w["counters"] or {}).get("columns") for w in r)
print("%d rows %s; counters: %s" % (len(r), "verified and timed" if timed else "NOT all verified and timed",
 "refused with the fix" if fix else "counted by instrumentation" if ins else "NO FIX GIVEN: " + (st[0] if st else "no rows")[:90]))' \
		"$out/unprivileged.json" 2>&1)
	case "$rc:$verdict" in
	"0:"*"verified and timed; counters: refused with the fix"|"0:"*"verified and timed; counters: counted by instrumentation")
		ok "as an unprivileged user: $verdict" ;;
	*)	ko "as an unprivileged user: exit $rc: $verdict (see $out/unprivileged.log)" ;;
	esac
	rm -rf "$d"
fi

# 8. a kernel that faults (CULAB_TEST_TRAP): the context is lost; the run
#    stops with exit 1 and status "aborted", keeps the rows measured before,
#    says why, and does not hang or crash on the way out (counters on)
CULAB_TEST_TRAP=reduce_shuffle timeout 300 "$culab" run -q --no-report \
	-o "$out/trap" tests/gpu/trap.yaml >"$out/trap.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1])); rows=r["rows"]
st=dict((w["variant"], w["status"]) for w in rows)
before=[w for w in rows if w["variant"] in ("reduce_shared_static","reduce_warp_syncwarp")]
kept=len(before)==2 and all(w["status"]=="ok" and w["verified"] and w["timing"]["median_ms"] for w in before)
why=all("not collected" in ((w["counters"] or {}).get("status") or "") for w in before)
print("status %s; %s; %s; trapped row %s; reduce_cub %s" % (r["status"],
 "rows before kept" if kept else "rows before NOT kept",
 "their counters say why" if why else "NO REASON for the missing counters",
 st.get("reduce_shuffle"), "not run" if "reduce_cub" not in st else "RUN"))' \
	"$out/trap/results.json" 2>&1)
if grep -q "run aborted, the CUDA context is unusable" "$out/trap.log"; then
	said="said so"
else
	said="NO MESSAGE"
fi
case "$rc:$verdict:$said" in
"1:status aborted; rows before kept; their counters say why; trapped row error; reduce_cub not run:said so")
	ok "a kernel that faults: exit 1, $verdict, $said" ;;
*)	ko "a kernel that faults: exit $rc (want 1): $verdict, $said (see $out/trap.log)"
	tail -n 5 "$out/trap.log" ;;
esac

# 9. the user's own kernels (issue 13): the examples and
#    tests/gpu/ukernels at the awkward sizes, each row as its kernel is
#    meant to end; compute-sanitizer over them; resources in every row
if "$culab" check -q tests/gpu/ukernels.yaml experiments/examples/exercise.yaml \
	>"$out/ukernels-check.log" 2>&1; then
	ok "culab check compiles every user kernel"
else
	ko "culab check of the user kernels (see $out/ukernels-check.log)"
	head -n 10 "$out/ukernels-check.log"
fi
"$culab" run -q --profile-only --no-counters -o "$out/ukernels" \
	tests/gpu/ukernels.yaml >"$out/ukernels.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
rows=json.load(open(sys.argv[1]))["rows"]; bad=[]
for w in rows:
    v, n, st, msg = w["variant"], w["n"], w["status"], w["message"] or ""
    if v == "shfl_early":
        # lane 1 of every block is lost: wrong wherever it held a value
        want = "ok" if n == 1 else ("wrong" if n >= 1023 else st)
    elif v == "finishes.writes_past_end":
        want = "error" if "wrote past the end of its output" in msg else "error+why"
    else:
        want = "ok"
    if st != want: bad.append("%s/%s/%d: %s %s" % (v, w["dtype"], n, st, msg[:80]))
print("%d rows%s" % (len(rows), ("; " + "; ".join(bad[:6])) if bad else " as intended"))
sys.exit(1 if bad or not rows else 0)' "$out/ukernels/results.json" 2>&1)
if [ $? -eq 0 ] && [ $rc -eq 1 ]; then
	ok "user kernels: $verdict (exit 1 for the intended failures)"
else
	ko "user kernels: exit $rc: $verdict (see $out/ukernels.log)"
fi
for tool in memcheck racecheck; do
	log="$out/sanitizer-ukernels-$tool.log"
	"$san" --tool "$tool" --print-limit 50 "$culab" run -q --profile-only \
		--no-counters -o "$out/sanitize-ukernels-$tool" \
		tests/gpu/ukernels-sanitize.yaml >"$log" 2>&1
	rc=$?
	got=$(found "$tool" "$log")
	if [ $rc -eq 0 ] && [ "${got:-none}" = 0 ]; then
		ok "$tool: 0 findings over the user kernels"
	else
		ko "$tool over the user kernels: exit $rc, ${got:-no} findings (see $log)"
		grep -E "SUMMARY|Invalid|Race|hazard" "$log" | head -n 10
	fi
done
timeout 300 "$culab" run -q --no-report -o "$out/ukernel-fault" \
	tests/gpu/ukernel-fault.yaml >"$out/ukernel-fault.log" 2>&1
rc=$?
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1])); st=dict((w["variant"], w["status"]) for w in r["rows"])
print("status %s; reduce_shuffle %s; faults %s" % (r["status"], st.get("reduce_shuffle"), st.get("broken.faults")))' \
	"$out/ukernel-fault/results.json" 2>&1)
case "$rc:$verdict" in
"1:status aborted; reduce_shuffle ok; faults error") ok "a user kernel that faults: exit 1, $verdict" ;;
*) ko "a user kernel that faults: exit $rc (want 1): $verdict (see $out/ukernel-fault.log)" ;;
esac

# resources recorded for every GPU row of the user-kernel run
res=$(python3 -c 'import json,sys
rows=json.load(open(sys.argv[1]))["rows"]
miss=[w["variant"] for w in rows if w["status"]=="ok" and not (w.get("resources") or {}).get("known")]
print("%d of %d ok rows without resources%s" % (len(miss), sum(w["status"]=="ok" for w in rows), (": " + ", ".join(sorted(set(miss))[:5])) if miss else ""))
sys.exit(1 if miss else 0)' "$out/ukernels/results.json" 2>&1)
if [ $? -eq 0 ]; then ok "resources: $res"; else ko "resources: $res"; fi

# 10. rerun: what a results file recorded, again, and compared with it
"$culab" rerun -q --no-report -o "$out/rerun-resume" \
	"$out/resume-full/results.json" >"$out/rerun-resume.log" 2>&1
rc=$?
rows=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["rows"]))' \
	"$out/resume-full/results.json" 2>/dev/null)
counts=$(grep '^pairs: ' "$out/rerun-resume.log")
if [ $rc -eq 0 ] && grep -q '^GPU: the same, ' "$out/rerun-resume.log" &&
   [ "${counts#pairs: $rows:}" != "$counts" ]; then
	ok "rerun on the same GPU: $counts"
else
	ko "rerun of the resume run: exit $rc, ${counts:-no pairs} of ${rows:-?} rows (see $out/rerun-resume.log)"
fi
abs=$(cd "$out" && pwd)
culab_abs=$(cd "$(dirname "$culab")" && pwd)/$(basename "$culab")
(cd /tmp && "$culab_abs" rerun -q --no-report -o "$abs/rerun-ukernels" \
	"$abs/ukernels/results.json") >"$out/rerun-ukernels.log" 2>&1
rc=$?
same=$(python3 -c 'import json,sys
a=json.load(open(sys.argv[1]))["rows"]; b=json.load(open(sys.argv[2]))["rows"]
k=lambda w: (w["experiment"], w["variant"], w["dtype"], w["n"], w["m"], w["block"])
sa=dict((k(w), w["status"]) for w in a); sb=dict((k(w), w["status"]) for w in b)
diff=[x for x in sa if sb.get(x) != sa[x]]
print("%d of %d rows end as recorded%s" % (len(sa) - len(diff), len(sa), ("; not: " + ", ".join("/".join(map(str, x[1:4])) for x in diff[:4])) if diff else ""))
sys.exit(1 if diff or len(sa) != len(sb) else 0)' \
	"$out/ukernels/results.json" "$out/rerun-ukernels/results.json" 2>&1)
sv=$?
if [ $rc -eq 1 ] && [ $sv -eq 0 ] && ! grep -q warning "$out/rerun-ukernels.log"; then
	ok "rerun of the user kernels from /tmp, sources from the record: $same"
else
	ko "rerun of the user kernels: exit $rc (want 1): $same (see $out/rerun-ukernels.log)"
fi


# 11. clocks and throttling, repeats: auto, --lock-clocks through a fake
#     NVML only (tests/gpu/clocks.sh: these machines must never change
#     their clocks)
if sh tests/gpu/clocks.sh "$culab" "$out/clocks" >"$out/clocks.log" 2>&1; then
	ok "clocks: $(grep -c '^ok:' "$out/clocks.log") checks (see $out/clocks.log)"
else
	ko "clocks (see $out/clocks.log)"
fi
cat "$out/clocks.log"

# 11b. failures explained at the line: defect kernels rerun under compute-sanitizer
sh tests/gpu/sanitize_lines.sh "$culab" "$out/sanitize-lines" && ok "failures explained at the line (tests/gpu/sanitize_lines.sh, above)" || ko "failures at the line (tests/gpu/sanitize_lines.sh, above)"

# 13. counters per source line (tests/gpu/lines.sh)
sh tests/gpu/lines.sh "$culab" "$out/lines" >"$out/lines.log" 2>&1 && ok "counters per source line: $(grep -c '^ok:' "$out/lines.log") checks" || ko "counters per source line: $(grep -c '^FAIL:' "$out/lines.log") failed (see $out/lines.log)"; cat "$out/lines.log"

# 14. a class in pieces (tests/gpu/class.sh)
sh tests/gpu/class.sh "$culab" "$out/class" >"$out/class.log" 2>&1 && ok "a class, a worker per submission: $(grep -c '^ok:' "$out/class.log") checks" || ko "a class in pieces: $(grep -c '^FAIL:' "$out/class.log") failed (see $out/class.log)"; cat "$out/class.log"

# 15. counters by instrumentation (tests/gpu/instrumented.sh)
sh tests/gpu/instrumented.sh "$culab" "$out/instrumented" >"$out/instrumented.log" 2>&1 && ok "counters by instrumentation: $(grep -c '^ok:' "$out/instrumented.log") checks" || ko "counters by instrumentation: $(grep -c '^FAIL:' "$out/instrumented.log") failed (see $out/instrumented.log)"; cat "$out/instrumented.log"

# 16. where warps wait against Nsight Compute (tests/gpu/stalls_ncu.sh)
sh tests/gpu/stalls_ncu.sh "$culab" "$out/stalls-ncu" >"$out/stalls-ncu.log" 2>&1 && ok "where warps wait as Nsight Compute's source page: $(sed -n 's/^same top state at //p' "$out/stalls-ncu.log")" || ko "where warps wait against Nsight Compute: $(tail -n 2 "$out/stalls-ncu.log" | tr '\n' ' ') (see $out/stalls-ncu.log)"; cat "$out/stalls-ncu.log"

# 12. last, as it leaves a kernel running until the process is gone: a
#     user kernel that never finishes fails its row at its time_limit
#     (2 s) and the run ends, with exit 1, without waiting for it
t0=$(date +%s)
timeout 120 "$culab" run -q --no-report -o "$out/ukernel-hang" \
	tests/gpu/ukernel-hang.yaml >"$out/ukernel-hang.log" 2>&1
rc=$?
secs=$(( $(date +%s) - t0 ))
verdict=$(python3 -c 'import json,sys
r=json.load(open(sys.argv[1])); w=dict((w["variant"], w) for w in r["rows"])
h=w.get("broken.never_ends") or {}
print("status %s; reduce_shuffle %s; never_ends %s: %s" % (r["status"], (w.get("reduce_shuffle") or {}).get("status"), h.get("status"), (h.get("message") or "")[:40]))' \
	"$out/ukernel-hang/results.json" 2>&1)
case "$rc:$verdict" in
"1:status aborted; reduce_shuffle ok; never_ends error: did not finish within 2 s"*)
	ok "a user kernel that never ends: exit 1 after $secs s, $verdict" ;;
*) ko "a user kernel that never ends: exit $rc after $secs s: $verdict (see $out/ukernel-hang.log)" ;;
esac

echo
echo "culab GPU tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
