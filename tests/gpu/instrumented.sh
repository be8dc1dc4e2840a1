#!/bin/sh
# instrumented.sh CULAB DIR - counters by instrumentation, where CUPTI
# refuses the GPU's hardware counters (jobs/instrumented.h,
# counters/instrument.h), on a GPU machine:
#  1. culab's declarations of the Compute Sanitizer API
#     (src/counters/sanitizer_api.h, the patches' types) compile against
#     the real headers of compute-sanitizer/include;
#  2. a run whose refusal is forced (CULAB_FAKE_COUNTERS_REFUSAL=permission:
#     the machines here run as root, with counters open to all) records
#     the refusal, counts every verified GPU row by instrumentation in one
#     child, says how (counters_method) and why the other columns are
#     missing; the columns it gives equal the hardware run's (CUPTI's SASS
#     metrics: the same count); bank conflicts show where they are;
#  3. the same as an unprivileged user (setpriv to nobody), where the
#     Compute Sanitizer needs no right the driver keeps.
# Prints "ok: ..." / "FAIL: ..." lines; exit 0 when every check passed.
set -u
culab=${1:-build/culab}
out=${2:-/tmp/culab-instrumented}
cuda=${CUDA:-/usr/local/cuda}
mkdir -p "$out"
fail=0
ok() { echo "ok:   $1"; }
ko() { fail=1; echo "FAIL: $1"; }

# 1. the declarations against the real headers
inc=$cuda/compute-sanitizer/include
if [ ! -f "$inc/sanitizer.h" ]; then
	echo "skip: $inc/sanitizer.h not found: declarations not checked"
elif ! command -v cc >/dev/null; then
	echo "skip: no C compiler: declarations not checked"
else
	if cc -std=c11 -fsyntax-only -I"$cuda/include" -I"$inc" -I. \
		tests/gpu/sanitizer_api_check.c >"$out/api-check.log" 2>&1 &&
	   "$cuda/bin/nvcc" --fatbin --compile-as-tools-patch \
		-gencode arch=compute_90,code=sm_90 -DCULAB_REAL_SANITIZER_HEADERS \
		-I"$inc" -I. -o "$out/patches-check.fatbin" \
		kernels/patches/instrument.cu >>"$out/api-check.log" 2>&1; then
		ok "the Compute Sanitizer declarations equal $inc's"
	else
		ko "the Compute Sanitizer declarations differ from $inc's:"
		cat "$out/api-check.log"
	fi
fi

# 2. the refusal forced, against the hardware counters of the same file
yaml=experiments/quick.yaml
"$culab" run -q --no-report --no-lines --no-sanitizer -o "$out/hw" "$yaml" \
	>"$out/hw.log" 2>&1
t0=$(date +%s)
CULAB_FAKE_COUNTERS_REFUSAL=permission "$culab" run --no-report --no-lines \
	--no-sanitizer -o "$out/ins" "$yaml" >"$out/ins.log" 2>&1
rc=$?
secs=$(( $(date +%s) - t0 ))
compare() {
	python3 - "$1" "$2" <<'EOF'
import json, sys
hw = json.load(open(sys.argv[1]))
ins = json.load(open(sys.argv[2]))
key = lambda w: (w["experiment"], w["variant"], w["dtype"], w["n"], w["m"], w["block"])
h = dict((key(w), w) for w in hw["rows"])
equal_cols = ["shared_ld_wavefronts_per_instr", "shared_st_wavefronts_per_instr",
              "gld_efficiency_pct", "gld_sectors_per_request",
              "gst_efficiency_pct", "gst_sectors_per_request"]
gpu = [w for w in ins["rows"] if w["status"] == "ok" and
       not ((w.get("counters") or {}).get("status") or "").startswith("not applicable")]
counted = [w for w in gpu if (w.get("counters") or {}).get("columns")]
print("refusal %s; method %s" % (ins.get("counters_refusal"),
      (ins.get("counters_method") or "none")[:40]))
print("rows: %d verified on the GPU, %d counted by instrumentation" % (len(gpu), len(counted)))
same = differ = 0
worst = []
for w in counted:
    c = w["counters"]["columns"]
    hc = ((h.get(key(w)) or {}).get("counters") or {}).get("columns") or {}
    for k in equal_cols:
        a, b = c.get(k), hc.get(k)
        if a is None and b is None:
            continue
        if a is not None and b is not None and abs(a - b) <= 1e-3 * max(abs(b), 1e-9):
            same += 1
        else:
            differ += 1
            worst.append("%s/%s/%s %s: instrumented %s, hardware %s" % (w["variant"], w["dtype"], w["n"], k, a, b))
print("columns equal to the hardware run's: %d of %d" % (same, same + differ))
for line in worst[:20]:
    print("  differs: " + line)
said = [w for w in counted if "not counted" in
        ((w["counters"].get("missing") or {}).get("dram_read_bytes") or "")]
print("rows saying why DRAM bytes are missing: %d of %d" % (len(said), len(counted)))
def bank(v):
    for w in counted:
        if w["variant"] == v and w["dtype"] == "float":
            return w["counters"]["columns"].get("bank_conflicts_per_shared_ld")
print("bank conflicts per shared load: transpose_tile %s, transpose_tile_pad %s" % (bank("transpose_tile"), bank("transpose_tile_pad")))
ok = (ins.get("counters_refusal") == "COUNTERS_PERMISSION" and
      (ins.get("counters_method") or "").startswith("instrumented") and
      gpu and len(counted) == len(gpu) and len(said) == len(counted) and differ == 0 and
      (bank("transpose_tile") or 0) > 10 and
      bank("transpose_tile_pad") is not None and bank("transpose_tile_pad") < 0.1)
print("VERDICT " + ("equal" if ok else "NOT AS EXPECTED"))
EOF
}
compare "$out/hw/results.json" "$out/ins/results.json" >"$out/compare.txt" 2>&1
cat "$out/compare.txt"
if [ $rc = 0 ] && grep -q "^VERDICT equal" "$out/compare.txt"; then
	ok "hardware counters refused (forced): every GPU row counted by instrumentation in $secs s, equal where both count"
else
	ko "hardware counters refused (forced): exit $rc (see $out/ins.log)"
	tail -n 5 "$out/ins.log"
fi

# 3. as an unprivileged user
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
	echo "skip: not run as another user (needs root and setpriv)"
else
	d=$(mktemp -d /tmp/culab-instr.XXXXXX)
	cp "$culab" "$d/culab" && mkdir -p "$d/experiments" &&
		cp "$yaml" "$d/experiments/" && chmod -R a+rwX "$d"
	(cd "$d" && CULAB_CACHE_DIR="$d/cache" CULAB_FAKE_COUNTERS_REFUSAL=permission \
		setpriv --reuid=65534 --regid=65534 --clear-groups \
		./culab run -q --no-report --no-lines --no-sanitizer -o "$d/out" \
		"experiments/quick.yaml") >"$out/nobody.log" 2>&1
	rc=$?
	compare "$out/hw/results.json" "$d/out/results.json" >"$out/nobody.txt" 2>&1
	if [ $rc = 0 ] && grep -q "^VERDICT equal" "$out/nobody.txt"; then
		ok "as an unprivileged user (nobody): $(sed -n 2p "$out/nobody.txt")"
	else
		ko "as an unprivileged user: exit $rc (see $out/nobody.log, $out/nobody.txt)"
		cat "$out/nobody.txt"; tail -n 5 "$out/nobody.log"
	fi
	rm -rf "$d"
fi
exit $fail
