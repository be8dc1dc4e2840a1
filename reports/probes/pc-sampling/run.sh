#!/bin/sh
# run.sh OUTDIR - builds and runs the PC sampling probe on a GPU machine
# (issue 46, item 4): stall reasons per SASS pc for five kernels in one
# process, at a few sampling periods; Nsight Compute's source page for the
# same kernels, to compare; the same as an unprivileged user where run as
# root.  From the repository root:
#
#   sh reports/probes/pc-sampling/run.sh OUTDIR
set -u
[ $# -eq 1 ] || { echo "usage: sh reports/probes/pc-sampling/run.sh OUTDIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1" || exit 2
OUT=$(cd "$1" && pwd)
B=${BUILD:-/tmp/pc-sampling-build}
rm -rf "$B" && mkdir -p "$B" || exit 2
LOG=$OUT/run.log
: > "$LOG"
say() { printf '%s\n' "$*" | tee -a "$LOG"; }
secs() { awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
say "== pc-sampling probe, $(date -u +%FT%TZ), $(uname -n), user $(id -un)"
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
CUDA=$(dirname "$(dirname "$(readlink -f "$NVCC")")")
inc=""; lib=""
for d in "$CUDA/extras/CUPTI/include" "$CUDA/include" "$CUDA/targets/x86_64-linux/include"; do
	[ -f "$d/cupti_pcsampling.h" ] && { inc=$d; break; }
done
for d in "$CUDA/extras/CUPTI/lib64" "$CUDA/lib64" "$CUDA/targets/x86_64-linux/lib"; do
	ls "$d"/libcupti.so* > /dev/null 2>&1 && { lib=$d; break; }
done
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader -i 0 2>/dev/null | head -1 | tr -d ' .')
case "$cc" in ''|*[!0-9]*) cc=90 ;; esac
say "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader -i 0 2>/dev/null | head -1); sm_$cc; CUPTI $inc $lib"
say "driver: $(grep -h RmProfilingAdminOnly /proc/driver/nvidia/params 2>/dev/null | head -1)"
"$NVCC" -O2 -std=c++17 -arch="sm_$cc" -lineinfo -I"$inc" -o "$B/pcs" "$here/pcs.cu" \
	"$here/../sanitizer-patch/cupti_pc.cpp" \
	-L"$lib" -lcupti -lcuda -Xlinker -rpath="$lib" > "$OUT/build.log" 2>&1 ||
	{ cat "$OUT/build.log" | tee -a "$LOG"; say "VERDICT: NOT RUN (build)"; exit 1; }
[ -n "${BUILD_ONLY:-}" ] && { say "built"; exit 0; }
export CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
"$B/pcs" list > "$OUT/reasons.tsv" 2> "$OUT/list.log"
say "== list: rc=$? $(wc -l < "$OUT/reasons.tsv") stall reasons"
cat "$OUT/list.log" | tee -a "$LOG"
for p in 8 10 12; do
	ts=$(date +%s%N)
	timeout 120 "$B/pcs" sample $p 50 "$OUT/samples-p$p.tsv" "$OUT/times-p$p.tsv" 2> "$OUT/sample-p$p.log"
	say "== sample period 2^$p, 50 launches a kernel: rc=$? wall $(secs "$ts") s"
	cat "$OUT/sample-p$p.log" | tee -a "$LOG"
	grep -E 'plain_s|sampled_s|process_s' "$OUT/times-p$p.tsv" | tr '\n' ' ' | tee -a "$LOG"; say ""
done
ts=$(date +%s.%N 2>/dev/null; true)
timeout 120 "$B/pcs" sass-then-sample 10 50 "$OUT/sass-then-samples.tsv" "$OUT/sass-then-times.tsv" 2> "$OUT/sass-then.log"
say "== SASS metrics of one kernel, then sampling, in one process: rc=$?"
cat "$OUT/sass-then.log" | tee -a "$LOG"
# Nsight Compute on the same kernels: its source page (SASS) with the
# warp-state samples, to compare the top stall reason per pc
NCU=$(command -v ncu || ls "$CUDA"/bin/ncu 2>/dev/null || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
if [ -n "$NCU" ]; then
	"$NCU" --version 2>&1 | tail -1 | tee -a "$LOG"
	"$NCU" --help > "$OUT/ncu-help.txt" 2>&1
	ts=$(date +%s%N)
	timeout 300 "$NCU" --section SourceCounters --section WarpStateStats -f -o "$B/rep" \
		"$B/pcs" plain > "$OUT/ncu-collect.log" 2>&1
	say "== ncu collect: rc=$? $(secs "$ts") s"; tail -5 "$OUT/ncu-collect.log" | tee -a "$LOG"
	timeout 120 "$NCU" -i "$B/rep.ncu-rep" --page source --print-source sass --csv \
		> "$OUT/ncu-source.csv" 2> "$OUT/ncu-source.err"
	say "== ncu source page: rc=$? $(wc -l < "$OUT/ncu-source.csv") lines"
	head -c 1500 "$OUT/ncu-source.csv" | tee -a "$LOG"; say ""
	head -5 "$OUT/ncu-source.err" | tee -a "$LOG"
	timeout 120 "$NCU" -i "$B/rep.ncu-rep" --page details --csv > "$OUT/ncu-details.csv" 2>&1
	timeout 120 "$NCU" -i "$B/rep.ncu-rep" --page raw --csv > "$OUT/ncu-raw.csv" 2>&1
else
	say "ncu not found"
fi
# unprivileged
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null 2>&1; then
	U=/tmp/pcs-nobody; rm -rf "$U"; mkdir -p "$U"; cp "$B/pcs" "$U/"; chmod 777 "$U"
	(cd "$U" && timeout 60 setpriv --reuid=nobody --regid=nogroup --clear-groups \
		./pcs sample 10 50 "$U/s.tsv" "$U/t.tsv" 2> "$U/s.log")
	say "== unprivileged (nobody) sample: rc=$? $(wc -l < "$U/s.tsv" 2>/dev/null) rows"
	head -5 "$U/s.log" | tee -a "$LOG"
fi
say "== done"
