#!/bin/sh
# coverage.sh [BUILD] - how much of src/ the CPU suite runs (issue 47):
# culab and the unit tests built with gcc's --coverage into BUILD
# (default build-cov, its own folder: a developer build stays fast), the
# suite run there (`make test` with that BUILD; its docs check fails
# there, the pages naming build/), then gcov's line counts per file,
# summed per folder of src/, and the files with the least.  Run by
# `make coverage`; the figures in docs/testing.md come from it.
set -u
build=${1:-build-cov}
flags="-O0 -g --coverage"
make -j"$(nproc 2>/dev/null || echo 1)" BUILD="$build" CFLAGS="$flags" \
	CXXFLAGS="$flags" LDFLAGS=--coverage test-build >/dev/null || exit 1
find "$build" -name '*.gcda' -delete
make BUILD="$build" CFLAGS="$flags" CXXFLAGS="$flags" LDFLAGS=--coverage \
	test >"$build/coverage-test.log" 2>&1
grep -E '^(unit tests|culab tests)' "$build/coverage-test.log"
for d in src/*/; do
	f=${d%/}
	gcov -n -o "$build/$f" "$f"/*.c "$f"/*.cpp 2>/dev/null
done | awk '
	/^File / { f = $2; gsub(/\047/, "", f); next }
	/^Lines executed:/ && f ~ /^src\// && !(f in n) {
		split($2, a, "%"); p = substr(a[1], 10); lines = $4
		n[f] = lines; hit[f] = p * lines / 100
	}
	END {
		for (f in n) {
			split(f, s, "/"); d = s[2]
			N += n[f]; H += hit[f]; dn[d] += n[f]; dh[d] += hit[f]
		}
		printf "src/: %d of %d lines run by the CPU suite (%.1f %%)\n", H, N, 100 * H / N
		for (d in dn)
			printf "  %-12s %6d lines %5.1f %%\n", d "/", dn[d], 100 * dh[d] / dn[d] | "sort"
		close("sort")
		print "the least run (files of over 100 lines):"
		for (f in n)
			if (n[f] > 100)
				printf "  %5.1f %% of %5d  %s\n", 100 * hit[f] / n[f], n[f], f | "sort -n | head -n 12"
	}'
