#!/bin/sh
# run.sh BUILD TEST_BINARY... - culab's CPU test suite (no GPU needed).
#
# 1. the cmocka unit tests (test_cli_files.c among them: hostile command
#    lines and special files, each run under a time limit);
# 2. golden errors: `culab check tests/bad/NAME.yaml` must exit 2 and print
#    exactly tests/bad/NAME.err on stderr (and tests/warn/NAME.yaml exit 0
#    with exactly NAME.warn);
# 3. golden errors of results files: `culab report tests/bad-results/NAME.json`
#    must exit 2, print exactly NAME.err and write nothing;
# 4. every file in tests/good/ and experiments/ passes `culab check`;
# 5. the source layout (tests/layout.sh, also `make layout`): no folder
#    of src/ depends on a later one, no loop between files, no file over
#    1,200 lines;
# 6. with SUITES=long or all (`make test-long`, which .ci/run runs, not
#    `make test`: about 105 s), the checks' self-tests (layout: a planted
#    back edge, loop and long file are caught, a clean tree passes; the
#    cell check; the docs check; the stall comparison of
#    tests/gpu/stalls_ncu.py on a made-up run, and on the inputs an H100
#    recorded, giving its recorded verdict; tests/gpu/session.sh's step
#    checks and only=MODEL), and the HTML report in a
#    headless chromium: both
#    pages (the body and its details) printed to PDF, pages counted, a
#    screenshot, no table wider than the page, no number or name split
#    across lines in any table cell on screen or in print, chart text at
#    least 8 pt in print (tests/html.sh; skipped without chromium); the
#    recorded H100 example's body on at most 8 A4 pages; the exercise's;
# 7. reports/chips/aliases.md is what `culab list chips --markdown`
#    computes with this CUPTI (skipped where CUPTI cannot run or is
#    another version).
# 8. with FATBIN_PROBE and RELEASE_ARCHS set (the Makefile sets them): a
#    kernel file compiled with the release build's flags holds machine
#    code for every release architecture (tests/fatbin.sh);
# 9. with DIST_TAR set: the release tarball, built from this build's
#    objects, runs from its extracted tree without a toolkit
#    (tests/dist.sh; its architectures: DIST_ARCHS).
# 10. the docs: every command output README.md and docs/ quote is what
#    this culab prints, and every command, option, make target, path and
#    link they name exists (tests/docs.sh; make docs rewrites the
#    outputs; not under SANITIZE, whose culab cannot use CUPTI's host API
#    and so prints other plans); its self-test (a stale page fails) is
#    make test-long's.
# Prints one line per suite with its seconds, the details of each failure
# (a failing test program's whole output) and a pass/fail count; exits 1
# on failure.  The unit test programs run side by side, one per core
# (TEST_JOBS=N: that many), and the checking scripts (5, 8-10) in the
# background during 2-4 (script_start).
# V=1 (`make test V=1`) prints everything: each suite's title, every test
# program's output and every checking script's, as they come.
set -u
build=$1
shift
culab=$build/culab
export CULAB="$culab"
verbose=0
[ "${V:-}" = 1 ] && verbose=1
pass=0
fail=0
failed=""

tmp=$(mktemp -d /tmp/culab-tests.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

ok() { pass=$((pass + 1)); }
ko() {
	fail=$((fail + 1))
	failed="$failed
  $1"
	echo "FAIL: $1"
}

# suite TITLE: a suite begins (its title shows with V=1)
t_all=$(date +%s)
suite() {
	s_title=$1
	s_fail=$fail
	s_t0=$(date +%s)
	[ $verbose -eq 0 ] || echo "== $1"
}
# took: the seconds since the suite began, for its line ("(12 s)")
took() {
	echo "($(( $(date +%s) - s_t0 )) s)"
}
# suite_end WHAT: the suite's line, "TITLE: WHAT passed (N s)" or, with
# failures, "TITLE: WHAT, N failed (N s)"
suite_end() {
	s_n=$((fail - s_fail))
	if [ $s_n -eq 0 ]; then
		echo "$s_title: $1 passed $(took)"
	else
		echo "$s_title: $1, $s_n failed $(took)"
	fi
}

# captured LOG CMD...: runs CMD with its output (both streams) in LOG,
# which V=1 also shows as it comes; returns CMD's exit status
captured() {
	c_log=$1
	shift
	if [ $verbose -eq 0 ]; then
		"$@" >"$c_log" 2>&1
		return $?
	fi
	{ "$@" 2>&1; echo $? >"$tmp/captured.rc"; } | tee "$c_log"
	return "$(cat "$tmp/captured.rc")"
}

# script TITLE FAILURE CMD...: a checking script as a suite of its own:
# exit 0 passes, 77 is skipped (its last line says why), anything else
# counts FAILURE and prints the script's output
script() {
	title=$1 what=$2
	shift 2
	suite "$title"
	captured "$tmp/script.log" "$@"
	case $? in
	0)
		ok
		# "...: N passed, 0 failed" or "N checks passed, 0 failed"
		n=$(tail -n 1 "$tmp/script.log" |
		    sed -n 's/.*: \([0-9][0-9]*\) \(checks \)\{0,1\}passed, 0 failed$/\1/p')
		echo "$title: ${n:+$n checks }passed $(took)"
		;;
	77)
		echo "$title: skipped ($(tail -n 1 "$tmp/script.log" | sed 's/^.*skipped: //')) $(took)"
		;;
	*)
		ko "$what"
		[ $verbose -eq 1 ] || sed 's/^/    /' "$tmp/script.log"
		echo "$title: failed $(took)"
		;;
	esac
}

# Checking scripts side by side: script_start starts one in the
# background (its output, exit status and end time in files of its own)
# and prints nothing; scripts_finish waits for each in the order started
# and prints it as `script` would, its seconds from its own start to its
# end.  With V=1, or SCRIPT_JOBS=1, script_start is `script`.  On 2
# cores the checking scripts took 45 s one after the other.
nbg=0
script_start() {
	if [ $verbose -eq 1 ] || [ "${SCRIPT_JOBS:-}" = 1 ]; then
		script "$@"
		return
	fi
	nbg=$((nbg + 1))
	printf '%s\n' "$1" >"$tmp/bg.$nbg.title"
	printf '%s\n' "$2" >"$tmp/bg.$nbg.what"
	date +%s >"$tmp/bg.$nbg.t0"
	shift 2
	("$@" >"$tmp/bg.$nbg.log" 2>&1; echo $? >"$tmp/bg.$nbg.rc"
	 date +%s >"$tmp/bg.$nbg.t1") </dev/null &
}
scripts_finish() {
	wait
	k=0
	while [ $k -lt $nbg ]; do
		k=$((k + 1))
		title=$(cat "$tmp/bg.$k.title")
		what=$(cat "$tmp/bg.$k.what")
		suite "$title"
		s_t0=$(cat "$tmp/bg.$k.t0")
		secs="($(( $(cat "$tmp/bg.$k.t1") - s_t0 )) s)"
		log=$tmp/bg.$k.log
		case $(cat "$tmp/bg.$k.rc") in
		0)
			ok
			n=$(tail -n 1 "$log" |
			    sed -n 's/.*: \([0-9][0-9]*\) \(checks \)\{0,1\}passed, 0 failed$/\1/p')
			echo "$title: ${n:+$n checks }passed $secs"
			;;
		77)
			echo "$title: skipped ($(tail -n 1 "$log" | sed 's/^.*skipped: //')) $secs"
			;;
		*)
			ko "$what"
			sed 's/^/    /' "$log"
			echo "$title: failed $secs"
			;;
		esac
	done
	nbg=0
}

quick_suites() {
# The unit test programs, each with its output in a file of its own,
# shown when it fails (or with V=1): cmocka's RUN/OK line pairs, and what
# the tests print (test_chips.c's table of the chips CUPTI's host API
# does not serve, test_env.c's bandwidths), are for reading then.
# Standard output is line-buffered where coreutils' stdbuf can do it (not
# under a sanitizer, whose runtime must be the first library loaded), so
# a failure's lines come in the order they were written.
suite "unit tests (cmocka)"
unbuffered=
if [ -z "${SANITIZE:-}" ] && command -v stdbuf >/dev/null 2>&1; then
	unbuffered="stdbuf -oL"
fi
# The programs run side by side, one per core (TEST_JOBS=N sets how
# many), each into a log and an exit status of its own, read in order
# afterwards; with V=1 one after the other, their output as it comes.
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ $verbose -eq 0 ] || jobs=1
mkdir -p "$tmp/unit"
k=0
for t in "$@"; do
	k=$((k + 1))
	printf '%s\t%s\n' "$k" "$t"
done >"$tmp/unit/list"
# The longest first (their times in the last run, kept beside the
# programs; a program not timed yet counts as the longest): side by side,
# a long one started last would make the suite wait for it alone.
durations=${1%/*}/.durations
if [ "$jobs" -gt 1 ]; then
	awk -F'\t' 'NR == FNR { ms[$2] = $1; next }
		{ print ($2 in ms ? ms[$2] : 999999) "\t" $0 }' \
		"$durations" "$tmp/unit/list" 2>/dev/null |
		sort -t'	' -k1,1nr | cut -f2- >"$tmp/unit/order" ||
		cp "$tmp/unit/list" "$tmp/unit/order"
	[ -s "$tmp/unit/order" ] || cp "$tmp/unit/list" "$tmp/unit/order"
	# the inner sh: $0 the command's prefix (split on purpose), $1 the
	# folder, $2 "K<tab>PROGRAM"
	# shellcheck disable=SC2016  # expanded by the inner sh
	tr '\n' '\0' <"$tmp/unit/order" |
		xargs -0 -P "$jobs" -n 1 sh -c '
			k=${2%%	*} t=${2#*	}
			s=$(date +%s%N)
			$0 "$t" >"$1/$k.log" 2>&1
			echo $? >"$1/$k.rc"
			echo $((($(date +%s%N) - s) / 1000000)) >"$1/$k.ms"' \
			"${unbuffered:-env}" "$tmp/unit"
	while IFS='	' read -r k t; do
		printf '%s\t%s\n' "$(cat "$tmp/unit/$k.ms" 2>/dev/null || echo 0)" "$t"
	done <"$tmp/unit/list" >"$durations.new" 2>/dev/null &&
		mv -f "$durations.new" "$durations" 2>/dev/null
fi
programs=0
tests=0
skips=0
skipped=""
while IFS='	' read -r k t; do
	programs=$((programs + 1))
	if [ "$jobs" -gt 1 ]; then
		cp "$tmp/unit/$k.log" "$tmp/unit.log"
		rc=$(cat "$tmp/unit/$k.rc" 2>/dev/null || echo 1)
	else
		# shellcheck disable=SC2086  # empty, or a command and its option
		captured "$tmp/unit.log" $unbuffered "$t"
		rc=$?
	fi
	# cmocka's closing lines: "[  PASSED  ] N test(s)." and
	# "[  SKIPPED ] N test(s), listed below:", then one per skipped test
	# a skipped test's reason: the line it printed before skip()
	awk '/^\[ RUN/ { why = "" }
	     !/^\[/ && NF { why = $0 }
	     /^\[  PASSED  \] [0-9]+ test/ { p += $4 }
	     /^\[  SKIPPED \] [0-9]+ test/ { s += $4; next }
	     /^\[  SKIPPED \] / && !($4 in seen) {
		seen[$4] = 1
		names = names (names == "" ? "" : ", ") $4 \
			(why == "" ? "" : " (" why ")") }
	     END { print p + 0, s + 0, names }' "$tmp/unit.log" >"$tmp/unit.count"
	read -r t_pass t_skip t_names <"$tmp/unit.count"
	tests=$((tests + t_pass))
	skips=$((skips + t_skip))
	[ -z "$t_names" ] || skipped="$skipped${skipped:+; }${t##*/}: $t_names"
	if [ "$rc" -eq 0 ]; then
		ok
	else
		ko "$t (exit $rc)"
		[ $verbose -eq 1 ] || sed 's/^/    /' "$tmp/unit.log"
	fi
done <"$tmp/unit/list"
if [ $((fail - s_fail)) -eq 0 ]; then
	echo "$s_title: $programs programs, $tests tests passed $(took)"
else
	echo "$s_title: $programs programs, $tests tests passed, $((fail - s_fail)) programs failed $(took)"
fi
[ $skips -eq 0 ] || echo "   skipped: $skips ($skipped)"

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

# guarded CMD...: runs CMD (stdout to $tmp/out, stderr to $tmp/err) within
# the bound of every bad input: 5 s, and 256 MB of memory measured as
# the most resident (GNU time's %M) rather than limited as address space,
# which AddressSanitizer's shadow takes terabytes of.  A breach is
# counted as a failure; returns CMD's exit status.  Under AddressSanitizer
# the bound is on what culab holds, not on ASan's quarantine of freed
# memory (256 MB by default, kept resident): NVRTC allocates and frees
# about that much checking a kernel file (tests/bad/kernel_signature.yaml:
# 336 MB resident with the default quarantine, 84 MB in the normal
# build), so the quarantine is held to 64 MB here; a use after free of
# the last 64 MB freed is still caught.
LIMIT_S=5
LIMIT_KB=262144
[ -n "${SANITIZE:-}" ] &&
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=64"
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

# the checking scripts run meanwhile, side by side (scripts_finish)
script_start "the source layout (tests/layout.sh, make layout)" \
	"the source tree: a folder depends on a later one, files call each other in a loop, or a file is over 1,200 lines" \
	sh tests/layout.sh . "$build"

script_start "a class's submissions one by one (tests/class.sh)" \
	"tests/class.sh: a class's submissions: a refusal missing or not on one line, or a good submission lost beside a bad one" \
	sh tests/class.sh "$culab"

script_start "a class of known truth and its judge (tests/class_truth.sh)" \
	"tests/class_truth.sh: tests/class/truth.sh's class is not what truth.tsv says, a kernel does not compile as meant, or build/class_judge misjudges tests/class/judge/" \
	sh tests/class_truth.sh "$culab" "${CLASS_JUDGE:-$build/class_judge}"

script_start "the GPUs make builds for (tests/build_arch.sh)" \
	"tests/build_arch.sh: make does not build for the GPU it finds, for ARCH=sm_XX as README says, or does not say how without a GPU" \
	sh tests/build_arch.sh

script_start "counters on every chip (reports/chips/aliases.md)" \
	"reports/chips/aliases.md: not what this CUPTI computes" \
	sh reports/chips/update.sh --check "$build"

if [ -n "${FATBIN_PROBE:-}" ]; then
	# shellcheck disable=SC2086  # a list of numbers
	script_start "release architectures ($FATBIN_PROBE)" \
		"$FATBIN_PROBE: not every release architecture" \
		sh tests/fatbin.sh "$FATBIN_PROBE" ${RELEASE_ARCHS:?}
fi

if [ -n "${DIST_TAR:-}" ]; then
	# shellcheck disable=SC2086  # a list of numbers
	script_start "release tarball ($DIST_TAR, architectures of this build)" \
		"$DIST_TAR: the extracted tree does not work on its own" \
		sh tests/dist.sh "$DIST_TAR" ${DIST_ARCHS:?}
fi

if [ -n "${SANITIZE:-}" ]; then
	suite "the docs (tests/docs.sh: README.md and docs/)"
	echo "the docs (tests/docs.sh: README.md and docs/): skipped (a sanitized culab cannot use CUPTI, and the pages quote the normal build)"
else
	script_start "the docs (tests/docs.sh: README.md and docs/)" \
		"README.md or docs/: a quoted output differs from what culab prints, or a command, option, target, path or link is not there (make docs rewrites the outputs; read its diff)" \
		sh tests/docs.sh "$culab"
fi

suite "golden errors (tests/bad)"
[ -n "$gtime" ] || echo "   (no GNU time: bad inputs are held to $LIMIT_S s, their memory is not measured)"
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
suite_end "$n files"

suite "golden warnings (tests/warn)"
# accepted with warnings: `culab check -q tests/warn/NAME.yaml` exits 0
# and prints exactly tests/warn/NAME.warn on stderr
n=0
for y in tests/warn/*.yaml; do
	[ -e "$y" ] || continue
	n=$((n + 1))
	"$culab" check -q "$y" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		ko "$y: exit $rc, want 0"
	elif ! cmp -s "$tmp/err" "${y%.yaml}.warn"; then
		ko "$y: stderr differs from ${y%.yaml}.warn"
		diff "${y%.yaml}.warn" "$tmp/err" | head -n 10
	else
		ok
	fi
done
suite_end "$n files"

suite "golden errors (tests/bad-results, culab report and verify)"
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
suite_end "$n files"

# Files just past a limit of results_model.h, generated (tests/gen_results.c):
# NAME|gen_results's arguments|the one line expected, FILE standing for
# the file.
suite "limits of results files (generated, culab report)"
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
# the densest JSON of the file size: millions of values under a key culab
# ignores, refused when its tree passes RESULTS_MAX_JSON_HEAP
n=$((n + 1))
f=$tmp/dense.json
awk 'BEGIN { printf "{\"schema\": \"culab-results\", \"schema_version\": 2, \"junk\": ["
	     for (i = 0; i < 4100000; i++) printf "0,"; print "0]}" }' >"$f"
echo "$f: error: a results file that takes more than 96 MB to hold is more than culab reads" >"$tmp/want"
guarded "$culab" verify "$f"
refused "dense JSON" $? "$tmp/want" && ok
suite_end "$n files"
[ "${GEN_RESULTS:-}" ] || echo "   (GEN_RESULTS not set: the generated files were skipped)"

suite "valid files (tests/good, experiments)"
n=0
for y in tests/good/*.yaml experiments/*.yaml experiments/*/*.yaml; do
	[ -e "$y" ] || continue
	n=$((n + 1))
	if "$culab" check -q "$y" 2>"$tmp/err"; then
		ok
	else
		ko "$y: rejected"
		cat "$tmp/err"
	fi
done
suite_end "$n files"

scripts_finish

}

# The long checks: every recorded report printed in chromium (about 80 s
# on 2 cores); `make test-long`, which .ci/run runs after `make test`.
long_suites() {
# the checks' own self-tests: each catches the fault it is for (about 15 s)
script "layout check's self-test (tests/layout.sh --self-test)" \
	"tests/layout.sh --self-test: the layout check misses a planted fault" \
	sh tests/layout.sh --self-test

script "the cell check's self-test (tests/html.sh --self-test)" \
	"tests/html.sh --self-test: the cell check passes cells that break inside a number" \
	sh tests/html.sh --self-test

script "the docs check's self-test (tests/docs.sh --self-test)" \
	"tests/docs.sh --self-test: the docs check no longer catches a stale page" \
	sh tests/docs.sh --self-test "$culab"

script "the stall comparison's self-test (tests/gpu/stalls_ncu.py --self-test)" \
	"tests/gpu/stalls_ncu.py --self-test: culab's stall states against Nsight Compute's, compared wrongly on a made-up run" \
	python3 -B tests/gpu/stalls_ncu.py --self-test

script "the GPU session's self-test (tests/gpu/session.sh --self-test)" \
	"tests/gpu/session.sh --self-test: a misspelt step runs the others first, or only= does not stop on another GPU model" \
	sh tests/gpu/session.sh --self-test

# and on what an H100 recorded: culab's samples, its instructions' lines
# and Nsight Compute's source page of one run, compared as they were
d=reports/gpu-tests/h100/stalls-ncu-0821029
script "the stall comparison on the recorded H100 run ($d)" \
	"tests/gpu/stalls_ncu.py on $d: not the verdict it recorded (compare.txt)" \
	sh -c 'python3 -B tests/gpu/stalls_ncu.py "$1/results.json.gz" "$1/pcs.tsv.gz" "$1/ncu-source.csv.gz" | diff "$1/compare.txt" -' sh "$d"

script "the HTML report in a browser (tests/html.sh)" \
	"tests/html.sh: the HTML report in chromium" \
	sh tests/html.sh "$culab"
# the body a student hands in: the recorded H100 example's, on 8 A4
# pages at most in either language, no cell split
script "the H100 example's body on 8 A4 pages (tests/html.sh)" \
	"tests/html.sh: the H100 example's body prints to more than 8 A4 pages, or splits a cell" \
	env MAX_PAGES=8 PAGES=report sh tests/html.sh "$culab" \
	reports/examples/h100/results.json
# your kernels: each one's rows in a table, its lines under it, and in
# the details every line of them and of each rung, a table per kernel
# within the A4 page (the recorded exercise, with its lines)
script "the exercise's pages with their lines (tests/html.sh)" \
	"tests/html.sh: the exercise's report or details page: a table wider than A4, a split cell, or more pages than it may have" \
	sh tests/html.sh "$culab" reports/examples/exercise/results.json
}

case ${SUITES:-quick} in
quick)
	quick_suites "$@"
	echo "the reports printed in a browser (tests/html.sh) and the checks' self-tests (layout, cells, docs, stalls, session): not run by make test (about 105 s): make test-long runs them, and .ci/run"
	;;
long)
	long_suites
	;;
*)
	quick_suites "$@"
	long_suites
	;;
esac

echo
echo "culab tests: $pass passed, $fail failed ($(( $(date +%s) - t_all )) s)"
if [ $fail -ne 0 ]; then
	echo "failed:$failed"
	exit 1
fi
exit 0
