#!/bin/sh
# class_truth.sh [CULAB] [JUDGE] - issue 44's class of known truth, on
# the CPU: tests/class/truth.sh and build/class_judge.
#
# 1. `sh tests/class/truth.sh 48 DIR` twice gives the same bytes; its
#    truth.tsv holds 48 students: 40 verified (18 originals, three in each
#    of six tiers, and 22 copies, each disguise at least three times),
#    and one of each failing kind; an identical copy is its original's
#    bytes; N out of range is refused (exit 2);
# 2. `culab check --arch sm_90` compiles every submission but one: exit
#    1, the nocompile student's error at its line, the nofunction
#    student refused, 47 kernels compiled or tried, no other error;
# 3. the judge on tests/class/judge/ (hand-written: a truth.tsv and three
#    runs): good/ holds every check (exit 0); bad/ fails each check with
#    its evidence (exit 1); old/, a gradebook of today's columns, says
#    which are missing and still judges what it can; a usage error and a
#    missing file are exit 2.
# Prints "ok:"/"FAIL:" lines and "class_truth.sh: N passed, M failed";
# exits 1 on a failure.
set -u
culab=${1:-build/culab}
judge=${2:-${CLASS_JUDGE:-build/class_judge}}
case $culab in /*) ;; *) culab=$PWD/$culab ;; esac
export LC_ALL=C
tmp=$(mktemp -d /tmp/culab-class-truth.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
export CULAB_CACHE_DIR=$tmp/cache
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok:   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL: $1"; }
# has FILE TEXT WHAT: FILE holds TEXT (a fixed string)
has() {
	if grep -qF -- "$2" "$1"; then ok "$3"; else ko "$3: no \"$2\" in:"; sed 's/^/    /' "$1"; fi
}
# count AWK-CONDITION: truth.tsv's lines (past the header) that hold it
count() { awk -F'\t' "NR > 1 && ($1)" "$tmp/a/truth.tsv" | wc -l | tr -d ' '; }
# want WHAT GOT EXPECTED
want() { [ "$2" = "$3" ] && ok "$1: $2" || ko "$1: $2, want $3"; }

# 1. the generator
if sh tests/class/truth.sh 48 "$tmp/a" >"$tmp/gen.log" 2>&1 &&
   sh tests/class/truth.sh 48 "$tmp/b" >>"$tmp/gen.log" 2>&1; then
	ok "truth.sh 48: written twice"
else
	ko "truth.sh 48 failed:"
	sed 's/^/    /' "$tmp/gen.log"
	echo "class_truth.sh: $pass passed, $fail failed"
	exit 1
fi
diff -r "$tmp/a" "$tmp/b" >/dev/null && ok "truth.sh 48: the same bytes twice" ||
	ko "truth.sh 48: two runs differ"
want "students" "$(count 1)" 48
want "verified" "$(count '$2 == "verified"')" 40
want "originals that verify" "$(count '$2 == "verified" && $4 == ""')" 18
want "copies" "$(count '$4 != ""')" 22
for t in 1 2 3 4 5 6; do
	want "tier $t: originals" "$(count "\$3 == $t && \$4 == \"\"")" 3
done
for d in identical rename reformat reorder deadcode comments; do
	c=$(count "(\",\" \$5 \",\") ~ /,$d,/")
	[ "$c" -ge 3 ] && ok "disguise $d: $c copies" || ko "disguise $d: $c copies, want 3 or more"
done
for k in wrong fault hang remembers nocompile nofunction; do
	c=$(count "\$2 == \"$k\"")
	[ "$c" -ge 1 ] && ok "kind $k: $c" || ko "kind $k: none"
done
awk -F'\t' 'NR > 1 && $5 == "identical" { print $1, $4 }' "$tmp/a/truth.tsv" |
while read -r c o; do
	cmp -s "$tmp/a/$c.cu" "$tmp/a/$o.cu" || echo "$c $o"
done >"$tmp/notsame"
[ ! -s "$tmp/notsame" ] && ok "identical copies are their originals' bytes" ||
	ko "identical copies that differ: $(cat "$tmp/notsame")"
for n in 25 257 x; do
	sh tests/class/truth.sh "$n" "$tmp/n$n" >/dev/null 2>&1
	want "truth.sh $n: exit" $? 2
done

# 2. every kernel compiles, but the one meant not to
bad=$(awk -F'\t' '$2 == "nocompile" { print $1 }' "$tmp/a/truth.tsv")
none=$(awk -F'\t' '$2 == "nofunction" { print $1 }' "$tmp/a/truth.tsv")
(cd "$tmp/a" && "$culab" check --arch sm_90 class.yaml) >"$tmp/out" 2>"$tmp/err"
want "culab check: exit" $? 1
has "$tmp/err" "$bad.cu:9:5: error: identifier \"__syncthread\" is undefined" \
	"culab check: $bad (nocompile) fails at its line"
has "$tmp/err" "warning: submission $none.cu: defines no __global__ function \"reduce\" (it defines: block_sum)" \
	"culab check: $none (nofunction) refused"
has "$tmp/out" "class.yaml: 47 kernels compiled for sm_90: 92 instances" \
	"culab check: 47 kernels compiled or tried (46 for both types)"
n=$(grep -c ": error:" "$tmp/err")
want "culab check: error lines" "$n" 1

# 3. the judge on hand-written runs
j=tests/class/judge
if [ ! -x "$judge" ]; then
	ko "no judge at $judge (make build/class_judge)"
else
	"$judge" $j/truth.tsv $j/good >"$tmp/good" 2>&1
	want "judge good/: exit" $? 0
	has "$tmp/good" "class_judge: 6 of 6 checks hold" "judge good/: every check holds"
	has "$tmp/good" "Kendall tau against the tiers: 1.000 over 21 pairs, 0 discordant" \
		"judge good/: tau 1 against the tiers (a tie in the ranking, intervals overlapping, agrees)"
	has "$tmp/good" "ties within 1 %): 1.000 over 21 pairs" \
		"judge good/: tau 1 against the times (within 1 %: a tie)"
	has "$tmp/good" "ok   x1: nofunction \"(no line)\"" \
		"judge good/: no gradebook line is what a submission without reduce gets"

	"$judge" $j/truth.tsv $j/bad >"$tmp/bad" 2>&1
	want "judge bad/: exit" $? 1
	has "$tmp/bad" "class_judge: 0 of 6 checks hold" "judge bad/: every check fails"
	has "$tmp/bad" "NOT  a2 = a1: rank 3 and 1" "judge bad/: an identical copy that does not tie"
	has "$tmp/bad" "discordant: b1 (tier 2, rank 4, score 68 [67, 69], 150.0 us) should rank above c1" \
		"judge bad/: a discordant pair, both sides"
	has "$tmp/bad" "Kendall tau against the tiers: 0.714 over 21 pairs, 3 discordant" \
		"judge bad/: tau (21 - 2 * 3) / 21"
	has "$tmp/bad" "discordant: d1 (tier 3, rank 7, score 44.5 [43.5, 45.5], 218.0 us) should rank above c2" \
		"judge bad/: within a tier, times 1.8 % apart are not a tie"
	has "$tmp/bad" "missed: b2, a copy of b1 (rename)" "judge bad/: a copy missed"
	has "$tmp/bad" "false flag: d1 similar to c1 (84%): d1 and c1 are independent" \
		"judge bad/: a flag between independent solutions"
	has "$tmp/bad" "c2: score 44.8, interval [nan, 45.9]" "judge bad/: a score without its interval"
	has "$tmp/bad" "NOT  h1: hang \"wrong answer\", a row did not finish" \
		"judge bad/: a hang that ended in another state"

	"$judge" $j/truth.tsv $j/old >"$tmp/old" 2>&1
	want "judge old/: exit" $? 1
	has "$tmp/old" "missing columns: score_lo score_hi rank similar_to similarity" \
		"judge old/: the missing columns named"
	has "$tmp/old" "no similar_to: copy_of stands in for it" "judge old/: copy_of for similar_to"
	has "$tmp/old" "tie  a2 = a1: rank 1 and 1" "judge old/: the rank from the score"

	"$judge" $j/truth.tsv >/dev/null 2>&1
	want "judge with one argument: exit" $? 2
	"$judge" $j/truth.tsv "$tmp/nowhere" >/dev/null 2>"$tmp/err"
	want "judge of a folder without a gradebook: exit" $? 2
	has "$tmp/err" "class_judge: error: $tmp/nowhere/gradebook.csv: No such file or directory" \
		"judge: the missing file named"
fi
echo "class_truth.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
