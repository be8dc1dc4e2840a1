#!/bin/sh
# device probe for issue 25: SASS metrics per line, sanitizer at the line
cd "$(dirname "$0")"
mkdir -p "$OUT/p"
nvidia-smi --query-gpu=name,driver_version,uuid --format=csv > "$OUT/p/gpu.txt" 2>&1
./probe list > "$OUT/p/list.txt" 2>&1
( time ./probe all ) > "$OUT/p/all.txt" 2>&1
( time ./probe per-kernel ) > "$OUT/p/per-kernel.txt" 2>&1
CUDA_MODULE_LOADING=EAGER ./probe one-range > "$OUT/p/one-range-eager.txt" 2>&1
for fn in oob_shared race oob_global; do
	for tool in memcheck racecheck synccheck initcheck; do
		( time timeout 120 compute-sanitizer --tool $tool --print-limit 5 --show-backtrace no ./probe2 "$PWD/student.cu" $fn 1000 ) > "$OUT/p/san-$fn-$tool.txt" 2>&1
	done
done
timeout 120 compute-sanitizer --tool memcheck --xml --save "$OUT/p/san-oob_shared.xml" ./probe2 "$PWD/student.cu" oob_shared 1000 > "$OUT/p/san-xml.txt" 2>&1
compute-sanitizer --version > "$OUT/p/san-version.txt" 2>&1
compute-sanitizer --help > "$OUT/p/san-help.txt" 2>&1
cd "$OUT" && tar czf probe.tgz p && rm -rf p
