#!/bin/sh
# tests/slurm/run.sh [CULAB] - culab slurm against a real Slurm, no GPU.
#
# Installs Debian's slurm-wlm and munge when they are missing (as root,
# with apt-get), configures a one-node cluster on localhost in a
# temporary directory (its own munge key and socket, slurm.conf with
# NodeName=localhost, one partition, select/cons_tres, no GPUs), starts
# munged, slurmctld and slurmd, submits what `culab slurm --submit`
# writes with the GPU-free test command (each task writes its shard's
# plan; the merge job checks with `culab merge --plans` that they cover
# the plan once), waits, and checks that every array task ran and
# succeeded, that the merge job started after the last task ended and
# succeeded, and that the shards cover the plan exactly once.  Then it
# stops the daemons.  Not root, or no apt-get: skips (exit 77) and says
# why.  Exit 0 when it passes, 1 when it fails.
set -u
CULAB=${1:-build/culab}
SHARDS=${SHARDS:-4}
FILE=${FILE:-experiments/default.yaml}
t0=$(date +%s)

say() { echo "slurm test: $*"; }
skip() { say "SKIP: $*"; exit 77; }
die() { say "FAIL: $*"; exit 1; }

[ "$(id -u)" = 0 ] || skip "needs root (it starts munged, slurmctld and slurmd)"
[ -x "$CULAB" ] || die "no culab at $CULAB (make first)"
case $CULAB in /*) ;; *) CULAB=$(pwd)/$CULAB ;; esac

if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
	command -v apt-get >/dev/null 2>&1 || skip "no Slurm and no apt-get to install it"
	say "installing slurm-wlm and munge"
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq --no-install-recommends \
		slurm-wlm munge >/dev/null; } || die "apt-get install slurm-wlm munge failed"
fi

tmp=$(mktemp -d /tmp/culab-slurm.XXXXXX)
chmod 755 "$tmp"
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/out"
chmod 700 "$tmp/munge"
pids=""
stop() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	sleep 1
	for p in $pids; do kill -9 "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap stop EXIT
trap 'exit 1' INT TERM

# munge: a key and a socket of this test's own, not the system's
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge/munge.key"
munged --force --socket="$tmp/munge/sock" --key-file="$tmp/munge/munge.key" \
	--pid-file="$tmp/munge/pid" --log-file="$tmp/munge/log" \
	--seed-file="$tmp/munge/seed" || die "munged did not start: $(cat "$tmp/munge/log" 2>/dev/null)"
pids="$pids $(cat "$tmp/munge/pid")"

# ports that nothing here listens on
port=$((20000 + $$ % 20000))
cpus=$(nproc)
cat >"$tmp/slurm.conf" <<CONF
ClusterName=culabci
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
MinJobAge=600
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=ci Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$tmp/slurm.conf"

slurmctld -i || die "slurmctld did not start: $(tail -5 "$tmp/slurmctld.log" 2>/dev/null)"
sleep 1
pids="$pids $(cat "$tmp/slurmctld.pid" 2>/dev/null)"
slurmd -N localhost || die "slurmd did not start: $(tail -5 "$tmp/slurmd.log" 2>/dev/null)"
sleep 1
pids="$pids $(cat "$tmp/slurmd.pid" 2>/dev/null)"

# the node comes up idle
i=0
until sinfo -h -o %T 2>/dev/null | grep -q idle; do
	i=$((i + 1))
	[ $i -le 60 ] || die "the node never came up: $(sinfo 2>&1; tail -5 "$tmp/slurmd.log")"
	sleep 0.5
done
say "cluster up in $(($(date +%s) - t0)) s"

out="$tmp/out"
"$CULAB" slurm --shards "$SHARDS" --gpus-per-task 0 --partition ci \
	--time 10:00 -o "$out" --test-plans --submit "$FILE" >"$tmp/submit" 2>&1 ||
	die "culab slurm --submit failed: $(cat "$tmp/submit")"
cat "$tmp/submit"
array=$(sed -n 's/.*submitted job array \([0-9]*\) .*/\1/p' "$tmp/submit")
merge=$(sed -n 's/.*and merge job \([0-9]*\) .*/\1/p' "$tmp/submit")
[ -n "$array" ] && [ -n "$merge" ] || die "no job ids in: $(cat "$tmp/submit")"
# what the merge job waits for, as the controller holds it (it forgets
# a dependency once it is satisfied)
dep=$(scontrol -o show job "$merge" | sed -n 's/.* Dependency=\([^ ]*\).*/\1/p')
case $dep in
"afterok:${array}_*"*|"(null)") ;;
*) die "the merge job's dependency is \"$dep\", not afterok:${array}_*" ;;
esac

# wait for the merge job to end (it ends last)
i=0
while :; do
	st=$(scontrol -o show job "$merge" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
	case $st in
	COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;;
	esac
	i=$((i + 1))
	[ $i -le 600 ] || die "the merge job did not end in 5 minutes (state $st)"
	sleep 0.5
done

# every array task ran and succeeded; the merge started after the last ended
scontrol -o show job "$array" >"$tmp/jobs"
scontrol -o show job "$merge" >>"$tmp/jobs"
fail=0
n=0
last_end=0
for t in $(seq 1 "$SHARDS"); do
	line=$(grep "ArrayJobId=$array ArrayTaskId=$t " "$tmp/jobs")
	st=$(echo "$line" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
	ex=$(echo "$line" | sed -n 's/.* ExitCode=\([0-9:]*\).*/\1/p')
	end=$(echo "$line" | sed -n 's/.* EndTime=\([^ ]*\).*/\1/p')
	if [ "$st" != COMPLETED ] || [ "$ex" != 0:0 ]; then
		say "FAIL: task $t of job $array: state ${st:-none}, exit ${ex:-?}"
		cat "$out/slurm/shard-$t.log" 2>/dev/null
		fail=1
		continue
	fi
	[ -s "$out/shard-$t.plan.json" ] || { say "FAIL: task $t wrote no plan"; fail=1; }
	e=$(date -d "$end" +%s)
	[ "$e" -gt "$last_end" ] && last_end=$e
	n=$((n + 1))
done
line=$(grep "^JobId=$merge " "$tmp/jobs")
st=$(echo "$line" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
start=$(echo "$line" | sed -n 's/.* StartTime=\([^ ]*\).*/\1/p')
if [ "$st" != COMPLETED ]; then
	say "FAIL: the merge job $merge: state ${st:-none}"
	cat "$out/slurm/merge.log" 2>/dev/null
	fail=1
elif [ "$(date -d "$start" +%s)" -lt "$last_end" ]; then
	say "FAIL: the merge job started at $start, before the last task ended"
	fail=1
fi
if ! grep -q "cover its .* once each" "$out/slurm/merge.log"; then
	say "FAIL: the merge job did not find the plan covered once:"
	cat "$out/slurm/merge.log"
	fail=1
fi
[ $fail -eq 0 ] || die "see above; slurmctld log: $(tail -3 "$tmp/slurmctld.log")"
say "$n of $SHARDS array tasks of job $array ran; merge job $merge (dependency ${dep:-none}) started $start, after them: $(cat "$out/slurm/merge.log")"
say "PASS in $(($(date +%s) - t0)) s"
exit 0
