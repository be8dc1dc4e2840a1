#!/bin/sh
# run.sh BUILD TEST_BINARY... - culab's CPU test suite (no GPU needed).
#
# 1. the cmocka unit tests (test_cli_files.c among them: hostile command
#    lines and special files, each run under a time limit);
# 2. golden errors: `culab check tests/bad/NAME.yaml` must exit 2 and print
#    exactly tests/bad/NAME.err on stderr;
# 3. golden errors of results files: `culab report tests/bad-results/NAME.json`
#    must exit 2, print exactly NAME.err and write nothing;
# 4. every file in tests/good/ and experiments/ passes `culab check`;
# 5. the HTML report in a headless chromium: printed to PDF, pages counted,
#    a screenshot, no table wider than the page (tests/html.sh; skipped
#    without chromium);
# 6. reports/chips/aliases.md is what `culab list chips --markdown` computes with this
#    CUPTI (skipped where CUPTI cannot run or is another version).
# 7. with FATBIN_PROBE and RELEASE_ARCHS set (the Makefile sets them): a
#    kernel file compiled with the release build's flags holds machine
#    code for every release architecture (tests/fatbin.sh);
# 8. with DIST_TAR set: the release tarball, built from this build's
#    objects, runs from its extracted tree without a toolkit
#    (tests/dist.sh; its architectures: DIST_ARCHS).
# Prints one line per failure and a pass/fail count; exits 1 on failure.
set -u
build=$1
shift
culab=$build/culab
export CULAB="$culab"
pass=0
fail=0
failed=""

ok() { pass=$((pass + 1)); }
ko() {
	fail=$((fail + 1))
	failed="$failed
  $1"
	echo "FAIL: $1"
}

echo "== unit tests (cmocka)"
for t in "$@"; do
	if "$t"; then ok; else ko "$t"; fi
done

# refused FILE RC GOLDEN: FILE's command exited RC with $tmp/err; true
# when it was refused as GOLDEN says (exit 2, that exact stderr),
# otherwise a failure is counted.
refused() {
	if [ ! -f "$3" ]; then
		ko "$1: no golden file $3"
	elif [ "$2" -ne 2 ]; then
		ko "$1: exit $2, want 2"
	elif ! cmp -s "$tmp/err" "$3"; then
		ko "$1: stderr differs from $3"
		diff "$3" "$tmp/err" | head -n 10
	else
		return 0
	fi
	return 1
}

tmp=$(mktemp -d /tmp/culab-tests.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

# guarded CMD...: runs CMD (stdout to $tmp/out, stderr to $tmp/err) within
# the bound of every bad input: 5 s, and 256 MB of memory measured as
# the most resident (GNU time's %M) rather than limited as address space,
# which AddressSanitizer's shadow takes terabytes of.  A breach is
# counted as a failure; returns CMD's exit status.
LIMIT_S=5
LIMIT_KB=262144
gtime=
[ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null &&
	gtime=/usr/bin/time
guarded() {
	rm -f "$tmp/rss"
	if [ -n "$gtime" ]; then
		timeout -k 1 $LIMIT_S $gtime -f %M -o "$tmp/rss" "$@" \
			>"$tmp/out" 2>"$tmp/err"
	else
		timeout -k 1 $LIMIT_S "$@" >"$tmp/out" 2>"$tmp/err"
	fi
	g_rc=$?
	if [ $g_rc -eq 124 ] || [ $g_rc -eq 137 ]; then
		ko "$*: ran past $LIMIT_S s"
	elif [ -s "$tmp/rss" ] &&
	     [ "$(tail -n 1 "$tmp/rss")" -gt $LIMIT_KB ] 2>/dev/null; then
		ko "$*: used $(tail -n 1 "$tmp/rss") KB, more than $LIMIT_KB"
	fi
	return $g_rc
}
[ -n "$gtime" ] || echo "   (no GNU time: bad inputs are held to $LIMIT_S s, their memory is not measured)"

echo "== golden errors (tests/bad)"
# user kernels compile into a cache of the suite's own, not the user's
export CULAB_CACHE_DIR="$tmp/cache"
n=0
for y in tests/bad/*.yaml; do
	[ -e "$y" ] || continue
	n=$((n + 1))
	guarded "$culab" check "$y"
	refused "$y" $? "${y%.yaml}.err" || continue
	if [ -s "$tmp/out" ]; then
		ko "$y: printed on stdout"
	else
		ok
	fi
done
echo "   $n files"

echo "== golden errors (tests/bad-results, culab report)"
n=0
for j in tests/bad-results/*.json; do
	[ -e "$j" ] || continue
	n=$((n + 1))
	rm -rf "$tmp/report"
	guarded "$culab" report "$j" -o "$tmp/report"
	refused "$j" $? "${j%.json}.err" || continue
	if [ -e "$tmp/report" ]; then
		ko "$j: wrote $tmp/report although the file was refused"
	else
		ok
	fi
	# verify reads through the same pass and prints the same lines
	guarded "$culab" verify "$j"
	refused "$j (verify)" $? "${j%.json}.err" && ok
done
echo "   $n files"

# Files just past a limit of run.h, generated (tests/gen_results.c):
# NAME|gen_results's arguments|the one line expected, FILE standing for
# the file.
echo "== limits of results files (generated, culab report)"
n=0
while IFS='|' read -r name args want; do
	[ -n "${GEN_RESULTS:-}" ] && [ -x "$GEN_RESULTS" ] || break
	n=$((n + 1))
	f=$tmp/$name.json
	# shellcheck disable=SC2086 # the arguments are words
	"$GEN_RESULTS" $args >"$f" || { ko "gen_results $args"; continue; }
	printf '%s\n' "$want" | sed "s|FILE|$f|" >"$tmp/want"
	rm -rf "$tmp/report"
	guarded "$culab" report "$f" -o "$tmp/report"
	refused "$name ($args)" $? "$tmp/want" || continue
	if [ -e "$tmp/report" ]; then
		ko "$name: wrote $tmp/report although the file was refused"
	else
		ok
	fi
done <<'EOF'
rows|rows=4001 samples=1 columns=1 kernels=0 text=1 source=1|FILE: error: rows: 4001 rows are more than culab reads (at most 4000)
variants|variants=513 rows=513 samples=1 kernels=0 columns=1|FILE: error: variants: 513 elements are more than culab reads (at most 512)
columns|rows=1 columns=129|FILE: error: rows[0].counters.columns: 129 counter columns are more than culab reads in a row (at most 128)
distinct|rows=20 columns=20 distinct=400 kernels=0|FILE: error: rows: 257 distinct counter columns are more than culab reads (at most 256)
samples|rows=2 samples=20001 columns=1 kernels=0|FILE: error: rows: 40002 timed samples are more than culab reads (at most 40000)
values|rows=100 kernels=10 values=256 columns=1 samples=1|FILE: error: rows: 250112 counter values are more than culab reads (at most 250000)
EOF
[ "${GEN_RESULTS:-}" ] || echo "   (GEN_RESULTS not set: skipped)"
# the densest JSON of the file size: millions of values under a key culab
# ignores, refused when its tree passes RESULTS_MAX_JSON_HEAP
n=$((n + 1))
f=$tmp/dense.json
awk 'BEGIN { printf "{\"schema\": \"culab-results\", \"schema_version\": 2, \"junk\": ["
	     for (i = 0; i < 4100000; i++) printf "0,"; print "0]}" }' >"$f"
echo "$f: error: a results file that takes more than 96 MB to hold is more than culab reads" >"$tmp/want"
guarded "$culab" verify "$f"
refused "dense JSON" $? "$tmp/want" && ok
echo "   $n files"

echo "== valid files (tests/good, experiments)"
for y in tests/good/*.yaml experiments/*.yaml experiments/*/*.yaml; do
	[ -e "$y" ] || continue
	if "$culab" check -q "$y" 2>"$tmp/err"; then
		ok
	else
		ko "$y: rejected"
		cat "$tmp/err"
	fi
done

echo "== the HTML report in a browser (tests/html.sh)"
sh tests/html.sh "$culab"
case $? in
0) ok ;;
77) ;;
*) ko "tests/html.sh: the HTML report in chromium" ;;
esac

echo "== counters on every chip (reports/chips/aliases.md)"
sh reports/chips/update.sh --check "$build"
case $? in
0) ok ;;
77) ;;
*) ko "reports/chips/aliases.md: not what this CUPTI computes" ;;
esac

if [ -n "${FATBIN_PROBE:-}" ]; then
	echo "== release architectures ($FATBIN_PROBE)"
	# shellcheck disable=SC2086  # a list of numbers
	if sh tests/fatbin.sh "$FATBIN_PROBE" ${RELEASE_ARCHS:?}; then
		ok
	else
		ko "$FATBIN_PROBE: not every release architecture"
	fi
fi

if [ -n "${DIST_TAR:-}" ]; then
	echo "== release tarball ($DIST_TAR, architectures of this build)"
	# shellcheck disable=SC2086  # a list of numbers
	if sh tests/dist.sh "$DIST_TAR" ${DIST_ARCHS:?}; then
		ok
	else
		ko "$DIST_TAR: the extracted tree does not work on its own"
	fi
fi

echo
echo "culab tests: $pass passed, $fail failed"
if [ $fail -ne 0 ]; then
	echo "failed:$failed"
	exit 1
fi
exit 0
