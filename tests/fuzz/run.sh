#!/bin/sh
# run.sh SECONDS [TARGET...] - `make fuzz`: libFuzzer over the experiment
# loader, the results reader, the launch-geometry expressions, the report
# template engine, the command line, merge's plans and shards and
# compare's inputs, SECONDS each, under ASan and UBSan.  TARGETs
# (default: all, or $FUZZ_TARGETS): experiment results expr template cli
# plans shards compare (the last three read several files from one
# input, split at "@@@@" lines: tests/fuzz/split.h).
#
# The code under test (every src/*/*.c but the command line's, and
# src/*/*.cpp) is compiled with clang's fuzzer instrumentation; the CUDA
# objects come from the normal build.  Seeds: tests/good, tests/bad, experiments (loader),
# tests/fuzz/results-seeds (reader) and tests/fuzz/expr-seeds
# (expressions).  New corpus entries
# stay in build/fuzz/ (not committed); crashes are written there too and
# fail the run.
set -u
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-${FUZZ_TARGETS:-experiment results expr template cli plans shards compare}}
build=${BUILD:-build}
out=$build/fuzz
CLANG=${CLANG:-clang}
CLANGXX=${CLANGXX:-clang++}
CUDA=${CUDA:-/usr/local/cuda}

if ! command -v "$CLANG" >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "culab: installing clang for libFuzzer"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends clang >/dev/null || exit 1
	else
		echo "culab: error: make fuzz needs clang (libFuzzer); run: sudo apt-get install -y clang" >&2
		exit 1
	fi
fi
make --no-print-directory BUILD="$build" "$build/culab" || exit 1
mkdir -p "$out/obj" "$out/crashes"
# absolute: fuzz_cli runs culab in an empty directory of its own
case $out in /*) ;; *) out=$(pwd)/$out ;; esac

flags="-std=c11 -D_GNU_SOURCE -g -O1 -Isrc -I. -I$build -I$CUDA/include
 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
objs=""
for c in src/*/*.c; do
	# the command line (main.c, cli_*.c) is not part of what is fuzzed
	case $c in src/cli/main.c|src/cli/cli_*.c) continue ;; esac
	# named by folder too, should a file name repeat in another folder
	o=$out/obj/$(echo "${c#src/}" | tr / -).o
	$CLANG $flags -c "$c" -o "$o" || exit 1
	objs="$objs $o"
done
# C++ too: the counters files must see ASan at compile time (CUPTI cannot
# load under it, and they then decline instead of letting ASan abort).
for c in src/*/*.cpp; do
	o=$out/obj/$(echo "${c#src/}" | tr / -).o
	$CLANGXX -std=c++17 $(echo "$flags" | sed 's/-std=c11//') -c "$c" -o "$o" || exit 1
	objs="$objs $o"
done
cliobjs=""
for c in src/cli/main.c src/cli/cli_*.c; do
	o=$out/obj/cli-$(basename "$c" .c).o
	$CLANG $flags -Dmain=culab_main -c "$c" -o "$o" || exit 1
	cliobjs="$cliobjs $o"
done
other=$(ls "$build"/kernels/*.o)
libs="-Wl,-Bstatic -lyaml -ljansson -lcrypto -lcmark-gfm-extensions -lcmark-gfm
 -Wl,-Bdynamic -L$CUDA/lib64
 -lcudart_static -lcupti -Wl,-rpath,$CUDA/lib64 -ldl -lrt -lpthread -lm"

rc=0
for t in $targets; do
	extra=""
	[ "$t" = cli ] && extra=$cliobjs
	mkdir -p "$out/corpus-$t"
	$CLANG $flags -c "tests/fuzz/fuzz_$t.c" -o "$out/obj/fuzz_$t.o" || exit 1
	$CLANGXX -fsanitize=fuzzer,address,undefined -o "$out/fuzz_$t" \
		"$out/obj/fuzz_$t.o" $extra $objs $other $libs || exit 1
	case $t in
	experiment) seeds="tests/good tests/bad experiments"
		    dict="-dict=tests/fuzz/experiment.dict" ;;
	results) seeds="tests/fuzz/results-seeds"; dict="" ;;
	expr) seeds="tests/fuzz/expr-seeds"
	      dict="-dict=tests/fuzz/expr.dict" ;;
	template) seeds="templates tests/fuzz/template-seeds"
		  dict="-dict=tests/fuzz/template.dict" ;;
	cli) seeds="tests/fuzz/cli-seeds"; dict="" ;;
	plans) seeds="tests/fuzz/plans-seeds"; dict="" ;;
	shards|compare) seeds="tests/fuzz/shards-seeds"; dict="" ;;
	*) echo "run.sh: unknown fuzz target \"$t\"" >&2; exit 1 ;;
	esac
	for d in $seeds; do
		find "$d" -type f \( -name '*.yaml' -o -name '*.json' \
			-o -name '*.txt' -o -name '*.md' \
			-o -path '*-seeds/*' \) \
			-exec cp {} "$out/corpus-$t/" \; 2>/dev/null
	done
	echo "== fuzz_$t: $secs s"
	ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=1 \
	"$out/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$out/crashes/$t-" $dict \
		"$out/corpus-$t" >"$out/fuzz_$t.log" 2>&1
	r=$?
	grep -E "^#[0-9]+ *DONE|stat::number_of_executed_units|stat::peak_rss_mb|cov:" \
		"$out/fuzz_$t.log" | tail -n 3
	if [ $r -ne 0 ]; then
		echo "fuzz_$t: FAILED (exit $r), see $out/fuzz_$t.log and $out/crashes/"
		rc=1
	else
		echo "fuzz_$t: no crash, leak or timeout"
	fi
done
exit $rc
