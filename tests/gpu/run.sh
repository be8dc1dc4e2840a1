#!/bin/sh
# run.sh [CULAB] - the GPU checks behind `make test-gpu`.
#
# 1. every variant verified at awkward sizes and shapes, every type;
# 2. compute-sanitizer (memcheck, racecheck, synccheck, initcheck) over
#    every variant at a small size: zero errors, except variants flagged
#    unsafe, whose observed finding must match the registry's record;
# 3. hardware counters on float data: every registry signature holds
#    (`culab verify`).
# Logs go to $OUT (the device tool's folder) or results/test-gpu.
set -u
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
	grep -E "FAILED|error" "$out/correctness.log" | head -n 40
fi

# 2. compute-sanitizer
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if [ ! -x "$san" ]; then
	ko "compute-sanitizer not found"
else
	"$culab" list --json kernels >"$out/kernels.json"
	safe=$(python3 -c 'import json,sys; print(",".join(v["name"] for v in json.load(open(sys.argv[1])) if "unsafe" not in v["flags"] and "cpu" not in v["flags"]))' "$out/kernels.json")
	unsafe=$(python3 -c 'import json,sys; print(" ".join(v["name"] for v in json.load(open(sys.argv[1])) if "unsafe" in v["flags"]))' "$out/kernels.json")
	for tool in memcheck racecheck synccheck initcheck; do
		log="$out/sanitizer-$tool.log"
		"$san" --tool "$tool" --error-exitcode 99 --print-limit 50 \
			"$culab" run -q --profile-only --no-counters \
			-o "$out/sanitize-$tool" --variant "$safe" \
			tests/gpu/sanitize.yaml >"$log" 2>&1
		rc=$?
		if [ $rc -eq 0 ]; then
			ok "$tool: 0 errors over every safe variant"
		else
			ko "$tool: exit $rc over the safe variants (see $log)"
			grep -E "ERROR SUMMARY|Invalid|Race|hazard|Uninitialized|Barrier" "$log" | head -n 20
		fi
		for v in $unsafe; do
			log="$out/sanitizer-$tool-$v.log"
			"$san" --tool "$tool" --print-limit 50 \
				"$culab" run -q --profile-only --no-counters \
				-o "$out/sanitize-$tool-$v" --variant "$v" \
				tests/gpu/sanitize.yaml >"$log" 2>&1
			got=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$log" | tail -n 1)
			want=$(python3 -c 'import json,re,sys
v=[v for v in json.load(open(sys.argv[1])) if v["name"]==sys.argv[2]][0]
m=re.search(sys.argv[3]+r": (\d+) error", v.get("sanitizer") or "")
print(m.group(1) if m else 0)' "$out/kernels.json" "$v" "$tool")
			if [ "${got:-none}" = "$want" ]; then
				ok "$tool on unsafe $v: $got errors, as recorded in the registry"
			else
				ko "$tool on unsafe $v: observed ${got:-no summary}, registry records $want (see $log)"
			fi
		done
	done
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
	if "$culab" verify "$out/signatures/results.json" >"$out/verify.txt" 2>&1; then
		ok "signatures: $(tail -n 1 "$out/verify.txt")"
	else
		ko "signatures: $(tail -n 1 "$out/verify.txt")"
		grep -v '^pass' "$out/verify.txt" | head -n 30
	fi
else
	ko "signature run failed (see $out/signatures.log)"
	tail -n 20 "$out/signatures.log"
fi

echo
echo "culab GPU tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
