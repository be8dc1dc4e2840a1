#!/bin/sh
# devices.sh [CULAB] [OUT] - run --devices on a node with two GPUs or
# more (issue 16), recorded:
#
#   1. FILE (default experiments/default.yaml) on GPU 0 alone, then with
#      --devices all: the same rows (experiment, variant, type, size,
#      block), every row verified, counters on every GPU row, `culab
#      verify` passing, the rows in the one-GPU run's order; the wall
#      time of each and the speedup, printed (a benchmark: the targets
#      are recorded under reports/bench/, not asserted here);
#   2. `run --shard 1/2` on GPU 0 and `--shard 2/2` on GPU 1 at the same
#      time, apart, then `culab merge`: the same rows again;
#   3. --devices all interrupted with SIGINT after INT_AFTER seconds
#      (default: half the wall time of step 1's --devices all, so that
#      the run is mid-way on any number of GPUs: a fixed 20 s outlasted
#      the whole run on four H200s): exit 4, then --resume: exit 0 and
#      the same rows;
#   4. a kernel that faults (CULAB_TEST_TRAP, tests/gpu/devices-trap.yaml):
#      its row fails, the rest of that GPU's work goes on (a fresh worker
#      there, or the other GPU): every other row verified, exit 1, status
#      "complete"; then --resume without the fault: every row.
#
# Prints what it checks and PASS or FAIL per check; exit 0 when all
# pass, 1 otherwise, 77 when there are fewer than two GPUs.
set -u
culab=${1:-build/culab}
out=${2:-/tmp/culab-devices}
file=${FILE:-experiments/default.yaml}
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "PASS: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

n=$("$culab" devices --json 2>/dev/null | grep -c '"index"')
if [ "$n" -lt 2 ]; then
	echo "devices: needs two GPUs, found $n: skipped"
	exit 77
fi
rm -rf "$out"
mkdir -p "$out"
"$culab" devices

# col CSV NAME...: those columns of every row, comma-separated, sorted
col() {
	csv=$1
	shift
	awk -F, -v want="$*" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i
					  n = split(want, w, " "); next }
		{ s = ""; for (k = 1; k <= n; k++) s = s (k > 1 ? "," : "") $h[w[k]]
		  print s }' "$csv" | sort
}
keys() { col "$1/results.csv" experiment variant dtype n m block; }

# order CSV: the rows' keys in the file's order
order() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		{ print $h["experiment"] "," $h["variant"] "," $h["dtype"] "," $h["n"] "," $h["m"] "," $h["block"] }' "$1"
}

# same_rows NAME DIR: DIR's rows are the one-GPU run's, all verified,
# with counters on every GPU row, and culab verify passes
same_rows() {
	keys "$2" >"$out/$1.keys"
	if cmp -s "$out/one.keys" "$out/$1.keys"; then
		ok "$1: the same $(wc -l <"$out/$1.keys") rows as on one GPU"
	else
		ko "$1: rows differ from the one-GPU run:"
		diff "$out/one.keys" "$out/$1.keys" | head -n 10
	fi
	order "$2/results.csv" >"$out/$1.order"
	if cmp -s "$out/one.order" "$out/$1.order"; then
		ok "$1: in the one-GPU run's order"
	else
		ko "$1: not in the one-GPU run's order:"
		diff "$out/one.order" "$out/$1.order" | head -n 6
	fi
	bad=$(col "$2/results.csv" status | grep -vc '^ok$')
	[ "$bad" -eq 0 ] && ok "$1: every row verified" ||
		ko "$1: $bad rows not ok"
	nc=$(col "$2/results.csv" timer counters_status |
		grep -c '^cuda-events,.')
	[ "$nc" -eq 0 ] && ok "$1: counters on every GPU row" ||
		ko "$1: $nc GPU rows without counters"
	"$culab" verify -q "$2/results.json" >"$out/$1.verify" 2>&1 &&
		ok "$1: $(tail -n 1 "$out/$1.verify")" ||
		ko "$1: culab verify: $(tail -n 1 "$out/$1.verify")"
	echo "$1: devices: $(col "$2/results.csv" gpu host device | uniq -c |
		tr '\n' ';')"
}

echo "== 1. $file on GPU 0, then on every GPU"
t0=$(now)
"$culab" run -q --device 0 -o "$out/one" "$file"
rc=$?
t1=$(now)
[ $rc -eq 0 ] && ok "one GPU: exit 0" || ko "one GPU: exit $rc"
keys "$out/one" >"$out/one.keys"
order "$out/one/results.csv" >"$out/one.order"
"$culab" run -q --devices all -o "$out/all" "$file"
rc=$?
t2=$(now)
[ $rc -eq 0 ] && ok "--devices all: exit 0" || ko "--devices all: exit $rc"
same_rows devices-all "$out/all"
one=$(secs "$t0" "$t1")
all=$(secs "$t1" "$t2")
x=$(awk -v a="$one" -v b="$all" 'BEGIN { printf "%.2f", a / b }')
echo "wall time: one GPU $one s, $n GPUs $all s: ${x}x"

echo "== 2. --shard 1/2 on GPU 0 and 2/2 on GPU 1, apart, merged"
"$culab" run -q --device 0 --shard 1/2 -o "$out/s1" "$file" &
p1=$!
"$culab" run -q --device 1 --shard 2/2 -o "$out/s2" "$file" &
p2=$!
wait $p1
r1=$?
wait $p2
r2=$?
[ $r1 -eq 0 ] && [ $r2 -eq 0 ] && ok "shards: exit 0, 0" ||
	ko "shards: exit $r1, $r2"
"$culab" merge -o "$out/merged" "$out/s1/results.json" "$out/s2/results.json"
rc=$?
[ $rc -eq 0 ] && ok "merge: exit 0" || ko "merge: exit $rc"
same_rows merged "$out/merged"

echo "== 3. --devices all interrupted, then resumed"
"$culab" run -q --devices all -o "$out/int" "$file" &
p=$!
sleep "${INT_AFTER:-$(awk -v a="$all" 'BEGIN { printf "%.1f", a / 2 }')}"
kill -INT $p
wait $p
rc=$?
[ $rc -eq 4 ] && ok "interrupted: exit 4 ($(($(wc -l <"$out/int/results.csv") - 1)) rows kept)" ||
	ko "interrupted: exit $rc, want 4"
[ -d "$out/int/.workers" ] && ko "interrupted: worker files left in $out/int/.workers" ||
	ok "interrupted: the workers' rows are all in $out/int"
"$culab" run -q --resume --devices all -o "$out/int" "$file"
rc=$?
[ $rc -eq 0 ] && ok "resumed: exit 0" || ko "resumed: exit $rc"
same_rows resumed "$out/int"

echo "== 4. a kernel that faults on one GPU"
trap=tests/gpu/devices-trap.yaml
CULAB_TEST_TRAP=transpose_naive "$culab" run --devices 0,1 \
	-o "$out/trap" "$trap" >"$out/trap.log" 2>&1
rc=$?
cat "$out/trap.log"
[ $rc -eq 1 ] && ok "fault: exit 1" || ko "fault: exit $rc, want 1"
grep -q '"status": "complete"' "$out/trap/results.json" &&
	ok "fault: every measurement has its row (status complete)" ||
	ko "fault: status not complete"
bad=$(col "$out/trap/results.csv" variant status | grep -c '^transpose_naive,error$')
good=$(col "$out/trap/results.csv" status | grep -c '^ok$')
[ "$bad" -eq 1 ] && [ "$good" -eq 5 ] &&
	ok "fault: transpose_naive failed, the 5 others verified" ||
	ko "fault: $bad failed transpose_naive rows, $good verified of 5"
grep -q "its other work goes on in a fresh worker" "$out/trap.log" &&
	ok "fault: said, and the GPU's work went on" ||
	ko "fault: no note that the work went on"
"$culab" run -q --resume --devices 0,1 -o "$out/trap" "$trap"
rc=$?
got=$(col "$out/trap/results.csv" status | grep -c '^ok$')
[ $rc -eq 0 ] && [ "$got" -eq 6 ] && ok "fault resumed: exit 0, 6 rows ok" ||
	ko "fault resumed: exit $rc, $got of 6 rows ok"

echo
echo "devices: $pass passed, $fail failed"
[ $fail -eq 0 ]
