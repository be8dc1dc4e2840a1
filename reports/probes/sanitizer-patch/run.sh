#!/bin/sh
# run.sh OUTDIR - builds and runs the sanitizer-patch probe on a GPU machine
# (issue 46, item 1): every kernel counted per SASS pc by the Compute
# Sanitizer patching API in ONE process, each kernel by CUPTI's SASS
# metrics in a process of its own, compare.py's verdict, and the same
# again as an unprivileged user where this runs as root.
#
#   sh reports/probes/sanitizer-patch/run.sh OUTDIR     (from the repository root)
#   BUILD_ONLY=1 sh reports/probes/sanitizer-patch/run.sh OUTDIR
#
# Everything lands in OUTDIR: run.log (this output), build.log, the rows
# (sanitizer.tsv, cupti-KERNEL.tsv), times, logs, probe.sass, compare.txt.
# Binaries are built in $BUILD (default /tmp/sanitizer-patch-build).
# SANITIZER_HOME=DIR: where include/sanitizer_patching.h and
# libsanitizer-public.so are, if not under CUDA's compute-sanitizer/.
set -u
if [ $# -ne 1 ]; then
	echo "usage: sh reports/probes/sanitizer-patch/run.sh OUTDIR" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1" || exit 2
OUT=$(cd "$1" && pwd)
B=${BUILD:-/tmp/sanitizer-patch-build}
rm -rf "$B" && mkdir -p "$B" || exit 2
LOG=$OUT/run.log
: > "$LOG"
say() { printf '%s\n' "$*" | tee -a "$LOG"; }
secs() { awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
say "== sanitizer-patch probe, $(date -u +%FT%TZ), $(uname -n), user $(id -un) (uid $(id -u))"

# ---- toolkit, headers, libraries --------------------------------------------
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
CUDA=${CUDA_HOME:-$(dirname "$(dirname "$(readlink -f "$NVCC")")")}
say "nvcc: $NVCC ($("$NVCC" --version 2>&1 | tail -1)); CUDA root $CUDA"

san_inc=""
for d in ${SANITIZER_HOME:+"$SANITIZER_HOME/include"} "$CUDA/compute-sanitizer/include" \
	/usr/local/cuda/compute-sanitizer/include; do
	[ -f "$d/sanitizer_patching.h" ] && { san_inc=$d; break; }
done
if [ -z "$san_inc" ]; then
	say "sanitizer_patching.h not under $CUDA/compute-sanitizer/include; searching:"
	found=$(find /usr/local/cuda* /opt/nvidia /usr/include /usr/lib -name sanitizer_patching.h 2>/dev/null | head -5)
	say "${found:-  nothing found}"
	[ -n "$found" ] && san_inc=$(dirname "$(printf '%s\n' "$found" | head -1)")
fi
san_lib=""
for d in ${SANITIZER_HOME:+"$SANITIZER_HOME"} "$CUDA/compute-sanitizer" \
	/usr/local/cuda/compute-sanitizer; do
	[ -f "$d/libsanitizer-public.so" ] && { san_lib=$d; break; }
done
if [ -z "$san_lib" ]; then
	say "libsanitizer-public.so not under $CUDA/compute-sanitizer; searching:"
	found=$(find /usr/local/cuda* /opt/nvidia /usr/lib -name 'libsanitizer-public.so*' 2>/dev/null | head -5)
	say "${found:-  nothing found}"
	[ -n "$found" ] && san_lib=$(dirname "$(printf '%s\n' "$found" | head -1)")
fi
cupti_inc=""; cupti_lib=""
for d in "$CUDA/extras/CUPTI/include" "$CUDA/include" "$CUDA/targets/x86_64-linux/include"; do
	[ -f "$d/cupti_sass_metrics.h" ] && { cupti_inc=$d; break; }
done
for d in "$CUDA/extras/CUPTI/lib64" "$CUDA/lib64" "$CUDA/targets/x86_64-linux/lib"; do
	ls "$d"/libcupti.so* > /dev/null 2>&1 && { cupti_lib=$d; break; }
done
say "sanitizer headers: ${san_inc:-NOT FOUND}"
say "sanitizer library: ${san_lib:-NOT FOUND}"
say "CUPTI headers: ${cupti_inc:-NOT FOUND}; library: ${cupti_lib:-NOT FOUND}"
if [ -n "$san_inc" ]; then
	say "instrumentation points this header offers (Sanitizer_InstructionId):"
	say "  $(grep -o 'SANITIZER_INSTRUCTION_[A-Z_]*' "$san_inc/sanitizer_patching.h" |
		grep -v -e FORCE_INT -e INVALID | sort -u | sed 's/SANITIZER_INSTRUCTION_//' | tr '\n' ' ')"
	sv=$(grep -h -m1 -o 'SANITIZER_API_VERSION[^/]*' "$san_inc"/sanitizer*.h 2>/dev/null | head -1)
	[ -n "$sv" ] && say "  $sv"
fi
if [ -z "$cupti_inc" ] || [ -z "$cupti_lib" ]; then
	say "VERDICT: NOT RUN (CUPTI headers or library not found under $CUDA)"; exit 1
fi

cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader -i 0 2>/dev/null | head -1 | tr -d ' .')
case "$cc" in ''|*[!0-9]*) cc=90 ;; esac
say "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader -i 0 2>/dev/null | head -1 || echo "?"); building for sm_$cc"
prof=$(grep -h RmProfilingAdminOnly /proc/driver/nvidia/params 2>/dev/null | head -1)
say "driver: ${prof:-RmProfilingAdminOnly not readable}"

# ---- build --------------------------------------------------------------------
: > "$OUT/build.log"
tb=$(date +%s%N)
build() {
	say "\$ $*"
	"$@" >> "$OUT/build.log" 2>&1
	rc=$?
	tail -n 15 "$OUT/build.log" | sed 's/^/  | /' | tee -a "$LOG"
	: >> "$OUT/build.log"
	return $rc
}
have_san=0
if [ -n "$san_inc" ]; then
	if build "$NVCC" --fatbin --compile-as-tools-patch -gencode "arch=compute_$cc,code=sm_$cc" \
		-I"$san_inc" -I"$here" -o "$B/patches.fatbin" "$here/patches.cu"; then
		have_san=1
	else
		say "patches did not build; retrying without the signature checks (a patch's"
		say "signature differs from the header's callback type: read the error above)"
		build "$NVCC" --fatbin --compile-as-tools-patch -gencode "arch=compute_$cc,code=sm_$cc" \
			-DPCT_NO_SIGNATURE_CHECK -I"$san_inc" -I"$here" -o "$B/patches.fatbin" \
			"$here/patches.cu" && have_san=1
	fi
fi
if [ $have_san = 1 ] && [ -n "$san_lib" ]; then
	build "$NVCC" -O2 -std=c++17 -arch="sm_$cc" -lineinfo -DHAVE_SANITIZER \
		-I"$cupti_inc" -I"$san_inc" -I"$here" -o "$B/probe" \
		"$here/probe.cu" "$here/cupti_pc.cpp" "$here/sanitizer_pc.cpp" \
		-L"$cupti_lib" -L"$san_lib" -lcupti -lcuda -lsanitizer-public \
		-Xlinker -rpath="$cupti_lib" -Xlinker -rpath="$san_lib" || have_san=0
fi
[ $have_san = 0 ] &&
	say "building WITHOUT the sanitizer (headers, patches or library missing): CUPTI mode only"
# the CUPTI processes get a binary without libsanitizer-public, so that
# nothing of the sanitizer is loaded where CUPTI patches
build "$NVCC" -O2 -std=c++17 -arch="sm_$cc" -lineinfo -I"$cupti_inc" -I"$here" \
	-o "$B/probe-cupti" "$here/probe.cu" "$here/cupti_pc.cpp" \
	-L"$cupti_lib" -lcupti -lcuda -Xlinker -rpath="$cupti_lib" ||
	{ say "VERDICT: NOT RUN (build failed: $OUT/build.log)"; exit 1; }
say "built in $(secs "$tb") s (sanitizer mode: $([ $have_san = 1 ] && echo yes || echo NO))"
if command -v cuobjdump > /dev/null 2>&1 || [ -x "$CUDA/bin/cuobjdump" ]; then
	OBJ=$(command -v cuobjdump || echo "$CUDA/bin/cuobjdump")
	"$OBJ" -sass "$B/probe-cupti" > "$OUT/probe.sass" 2>&1 && say "SASS: $OUT/probe.sass"
fi
if [ -n "${BUILD_ONLY:-}" ]; then
	say "VERDICT: NOT RUN (BUILD_ONLY)"; exit 0
fi
if ! nvidia-smi -L > /dev/null 2>&1; then
	say "VERDICT: NOT RUN (no GPU here: nvidia-smi failed)"; exit 0
fi
export CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
say "CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES CUDA_MODULE_LOADING=${CUDA_MODULE_LOADING:-unset}"
KERNELS=$("$B/probe-cupti" list | cut -f1)
: > "$OUT/walls.tsv"

# ---- mode sanitizer: all kernels, one process ----------------------------------
# $1 tag, then environment assignments for env(1)
run_sanitizer() {
	tag=$1; shift
	ts=$(date +%s%N)
	(cd "$B" && timeout 120 env "$@" ./probe sanitizer "$B/patches.fatbin" \
		"$OUT/$tag.tsv" "$OUT/$tag-times.tsv" 2> "$OUT/$tag.log")
	rc=$?
	w=$(secs "$ts")
	say "== $tag ($*): rc=$rc wall=${w} s, $(wc -l < "$OUT/$tag.tsv" 2>/dev/null || echo 0) rows"
	grep -E '^(E|W)' "$OUT/$tag.log" | head -12 | tee -a "$LOG"
	grep -E '^I (module|[a-z_]+: )' "$OUT/$tag.log" | tee -a "$LOG"
	return $rc
}
if [ $have_san = 1 ]; then
	run_sanitizer sanitizer
	printf 'sanitizer\tall\t%s\t%s\n' "$w" "$rc" >> "$OUT/walls.tsv"
	if [ ! -s "$OUT/sanitizer.tsv" ]; then
		say "no rows: once more with CUDA_MODULE_LOADING=EAGER (lazy loading suspected)"
		run_sanitizer sanitizer-eager CUDA_MODULE_LOADING=EAGER
		printf 'sanitizer-eager\tall\t%s\t%s\n' "$w" "$rc" >> "$OUT/walls.tsv"
	fi
fi

# ---- mode cupti: one process per kernel -----------------------------------------
for k in $KERNELS; do
	ts=$(date +%s%N)
	(cd "$B" && timeout 30 ./probe-cupti cupti "$k" "$OUT/cupti-$k.tsv" "$OUT/cupti-$k-times.tsv" \
		2> "$OUT/cupti-$k.log")
	rc=$?
	w=$(secs "$ts")
	printf 'cupti\t%s\t%s\t%s\n' "$k" "$w" "$rc" >> "$OUT/walls.tsv"
	say "== cupti $k: rc=$rc wall=${w} s, $(wc -l < "$OUT/cupti-$k.tsv" 2>/dev/null || echo 0) rows"
	grep -E '^(E|W)' "$OUT/cupti-$k.log" | head -4 | tee -a "$LOG"
done

# ---- compare --------------------------------------------------------------------
python3 "$here/compare.py" "$OUT" > "$OUT/compare.txt" 2>&1
say "== compare.py (all of it in $OUT/compare.txt)"
grep -v '^VERDICT' "$OUT/compare.txt" | tee -a "$LOG"

# ---- unprivileged -----------------------------------------------------------------
# Guarded: whatever happens here, the summary still prints.
unpriv() {
	if [ "$(id -u)" != 0 ]; then
		say "== unprivileged: this run is already user $(id -un) (uid $(id -u)): the modes above are its answer"
		return 0
	fi
	if ! command -v setpriv > /dev/null 2>&1; then
		say "== unprivileged: setpriv not found: not tried"; return 0
	fi
	U=/tmp/sanitizer-patch-nobody
	rm -rf "$U" && mkdir -p "$U" && cp "$B/probe-cupti" "$U/" &&
		{ [ $have_san = 0 ] || cp "$B/probe" "$B/patches.fatbin" "$U/"; } &&
		chmod 755 "$U" "$U"/* &&
		chmod 777 "$U" || { say "== unprivileged: could not prepare $U"; return 0; }
	AS="setpriv --reuid=nobody --regid=nogroup --clear-groups"
	k=r_bank
	(cd "$U" && timeout 30 $AS ./probe-cupti cupti $k "$U/cupti-$k.tsv" "$U/cupti-$k-times.tsv" \
		2> "$U/cupti-$k.log")
	crc=$?
	say "== unprivileged (nobody) cupti $k: rc=$crc, $(wc -l < "$U/cupti-$k.tsv" 2>/dev/null || echo 0) rows"
	grep -E '^(E|W)' "$U/cupti-$k.log" 2>/dev/null | head -4 | tee -a "$LOG"
	if grep -q INSUFFICIENT_PRIVILEGES "$U/cupti-$k.log" 2>/dev/null; then
		say "   CUPTI refused as nobody (CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)"
	elif [ $crc = 0 ]; then
		say "   CUPTI NOT refused as nobody (the driver lets every user profile here: $prof)"
	fi
	if [ $have_san = 1 ]; then
		ts=$(date +%s%N)
		(cd "$U" && timeout 120 $AS ./probe sanitizer "$U/patches.fatbin" "$U/sanitizer.tsv" \
			"$U/sanitizer-times.tsv" 2> "$U/sanitizer.log")
		src=$?
		say "== unprivileged (nobody) sanitizer: rc=$src wall=$(secs "$ts") s, $(wc -l < "$U/sanitizer.tsv" 2>/dev/null || echo 0) rows"
		grep -E '^(E|W)' "$U/sanitizer.log" 2>/dev/null | head -6 | tee -a "$LOG"
		if [ -s "$U/sanitizer.tsv" ] && [ -s "$OUT/sanitizer.tsv" ]; then
			sort "$U/sanitizer.tsv" > "$B/nobody.sorted"
			sort "$OUT/sanitizer.tsv" > "$B/root.sorted"
			if cmp -s "$B/nobody.sorted" "$B/root.sorted"; then
				say "   sanitizer counts as nobody: IDENTICAL to root's"
			else
				say "   sanitizer counts as nobody: DIFFER from root's (see $OUT/nobody/)"
			fi
		fi
	fi
	mkdir -p "$OUT/nobody" && cp "$U"/*.tsv "$U"/*.log "$OUT/nobody/" 2> /dev/null
	return 0
}
unpriv || say "== unprivileged: step failed (rc $?), continuing"

# ---- summary -------------------------------------------------------------------------
say ""
say "== summary ($OUT)"
grep '^VERDICT' "$OUT/compare.txt" | tee -a "$LOG"
grep -E '^== unprivileged|^   (CUPTI|sanitizer counts)' "$LOG"
exit 0
