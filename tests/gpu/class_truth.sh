#!/bin/sh
# class_truth.sh [CULAB] [OUT] [N] - issue 44's benchmark, not a timed
# test: a class of N (48 by default) whose truth is known
# (tests/class/truth.sh), run on this machine's GPU and judged against
# its truth (build/class_judge, tests/class_judge.c):
#
#   1. sh tests/class/truth.sh N OUT/class     the class and truth.tsv
#   2. culab run --no-report -o OUT/run OUT/class/class.yaml
#   3. culab report --no-charts -q OUT/run/results.json   (gradebook.csv)
#   4. class_judge OUT/class/truth.tsv OUT/run
#
# OUT/class_truth.txt records the machine (date, nvidia-smi -L, culab
# --version and devices), each command, its exit status and wall time,
# the run's last lines and the judge's whole output: what goes under
# reports/ (reports/bench/GPU/class-truth.txt).  DEVICES=all runs the
# class on every GPU (--devices all) instead of GPU 0.  CLASS_JUDGE names
# the judge (default build/class_judge; built here when missing and the
# headers allow).  Exit status: the judge's (0 when every check holds, 1
# when one does not), or 2 when a step before it failed to give it
# files.  The run's own exit status is 1 by design: the class's failing
# students fail their rows.
set -u
culab=${1:-build/culab}
out=${2:-results/class-truth}
n=${3:-48}
judge=${CLASS_JUDGE:-build/class_judge}
rm -rf "$out"
mkdir -p "$out"
log=$out/class_truth.txt
: >"$log"

say() { echo "$*" | tee -a "$log"; }
# step NAME CMD...: runs CMD with its output in OUT/NAME.log, says the
# command, its exit status and its wall time; returns its exit status
step() {
	name=$1
	shift
	say "\$ $*"
	t0=$(date +%s)
	"$@" >"$out/$name.log" 2>&1
	rc=$?
	say "$name: exit $rc in $(( $(date +%s) - t0 )) s"
	return $rc
}

{
	date -u +"date: %Y-%m-%dT%H:%M:%SZ"
	echo "host: $(hostname)"
	nvidia-smi -L 2>&1
	nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1
	"$culab" --version 2>&1
	"$culab" devices 2>&1
	echo "commit: $(git rev-parse HEAD 2>/dev/null || echo "(no git here: culab --version above)")"
} | tee -a "$log"

if [ ! -x "$judge" ]; then
	make --no-print-directory "$judge" >/dev/null 2>&1 ||
		say "no $judge, nor could it be built here: judge later with build/class_judge $out/class/truth.tsv $out/run"
fi

step generate sh tests/class/truth.sh "$n" "$out/class" || exit 2
if [ "${DEVICES:-}" = all ]; then
	step run "$culab" run --no-report --devices all -o "$out/run" \
		"$out/class/class.yaml"
else
	step run "$culab" run --no-report -o "$out/run" "$out/class/class.yaml"
fi
tail -n 30 "$out/run.log" | tee -a "$log"
[ -f "$out/run/results.json" ] || { say "no results.json: nothing to judge"; exit 2; }
step report "$culab" report --no-charts -q "$out/run/results.json"
tail -n 5 "$out/report.log" | tee -a "$log"
[ -f "$out/run/gradebook.csv" ] || { say "no gradebook.csv: nothing to judge"; exit 2; }
[ -x "$judge" ] || exit 2
say "\$ $judge $out/class/truth.tsv $out/run"
"$judge" "$out/class/truth.tsv" "$out/run" >"$out/judge.log" 2>&1
rc=$?
tee -a "$log" <"$out/judge.log"
say "judge: exit $rc"
exit $rc
