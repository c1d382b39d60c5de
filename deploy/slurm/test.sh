#!/usr/bin/env bash
# End-to-end test of deploy/slurm on a real, single-node Slurm cluster started
# here: a private munged, slurmctld and slurmd, all configured, logging and
# keeping state in a temporary directory, on free ports. It builds minesat,
# submits 4 shards of 2,000 expert games (8,000 in all) with submit.sh, waits
# for the merge job, and checks that the merged JSON summary (time fields aside)
# and the shards' records concatenated in shard order equal a single local run
# of the same 8,000 games. The daemons it started are stopped on every exit.
#
# Needs root and the Debian packages slurm-wlm, munge and jq. Without them it
# is skipped (exit 0) unless CI is set, when it fails: .ci/run installs them.
# Environment: MINESAT_TEST_GAMES (default 8000), MINESAT_TEST_SHARDS (4),
# MINESAT_TEST_TIMEOUT (seconds to wait for the jobs, 900), MINESAT_TEST_KEEP=1
# keeps the temporary directory, MINESAT_BIN uses that binary instead of
# building one.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
games=${MINESAT_TEST_GAMES:-8000}
shards=${MINESAT_TEST_SHARDS:-4}
timeout=${MINESAT_TEST_TIMEOUT:-900}
play_flags=(--level expert --games "$games" --seed 1 --strategy fast)

# shellcheck source=../testlib.sh source-path=SCRIPTDIR
. "$repo/deploy/testlib.sh" deploy/slurm/test.sh "slurm-wlm, munge and jq"

PATH=$PATH:/usr/sbin:/sbin # the daemons, for a user whose PATH lacks them
require_commands "apt-get install slurm-wlm munge jq" \
  munged slurmctld slurmd sbatch scontrol sinfo squeue scancel jq
if [ -z "${MINESAT_BIN:-}" ] && ! command -v go >/dev/null; then
  fail "go is not on PATH to build minesat"
fi
[ "$(id -u)" -eq 0 ] || unavailable "needs root to run slurmd"

# A Slurm job around this test must not leak into the jobs it submits.
while read -r v; do unset "$v"; done < <(compgen -e | grep '^SLURM_' || true)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/minesat-slurm.XXXXXX")
chmod 755 "$tmp"
pids=()  # daemons started, in the order to stop them
submitted=() # jobs submitted

cleanup() {
  local rc=$? pid i
  trap - EXIT
  if [ ${#submitted[@]} -gt 0 ]; then
    scancel "${submitted[@]}" 2>/dev/null || true
    for ((i = 0; i < 20; i++)); do
      [ -z "$(squeue -h 2>/dev/null)" ] && break
      sleep 0.5
    done
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    pid=${pids[i]}
    kill "$pid" 2>/dev/null || continue
    for ((j = 0; j < 40; j++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.25
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  finish "$rc" "$tmp" "$tmp"/log/* "$tmp"/out/slurm-*.out
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# start DAEMON ARGS... runs a daemon in the foreground as a background job of
# this shell, so that its pid is known at once and it is stopped on exit.
start() {
  local name=$1
  shift
  "$@" >"$tmp/log/$name.out" 2>&1 &
  pids+=($!)
  echo $! >"$tmp/run/$name.pid"
}

# free_port prints a TCP port on which nothing listens on this machine.
free_port() {
  local p i
  for ((i = 0; i < 50; i++)); do
    p=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return
    fi
  done
  fail "no free TCP port found"
}

mkdir -p "$tmp"/{bin,key,run,log,state,spool,out}
chmod 700 "$tmp/key"

if [ -n "${MINESAT_BIN:-}" ]; then
  bin=$MINESAT_BIN
else
  say "building minesat"
  (cd "$repo" && go build -o "$tmp/bin/minesat" ./cmd/minesat)
  bin=$tmp/bin/minesat
fi

# munge: a private key and socket, so that a munged already running is untouched.
head -c 1024 /dev/urandom >"$tmp/key/munge.key"
chmod 400 "$tmp/key/munge.key"
socket=$tmp/run/munge.socket
start munged munged --foreground --force --socket="$socket" \
  --key-file="$tmp/key/munge.key" --log-file="$tmp/log/munged.log" \
  --pid-file="$tmp/run/munged.self.pid" --seed-file="$tmp/key/munged.seed"
for ((i = 0; i < 40; i++)); do
  [ -S "$socket" ] && break
  sleep 0.25
done
[ -S "$socket" ] || fail "munged did not start"

host=$(uname -n)
host=${host%%.*} # the short name, as slurmd calls itself
ctld_port=$(free_port)
slurmd_port=$(free_port)
[ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$((ctld_port + 1))
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=minesattest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
MinJobAge=3600
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/run/slurmctld.self.pid
SlurmdPidFile=$tmp/run/slurmd.self.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

start slurmctld slurmctld -D -i
start slurmd slurmd -D -N "$host"
state=
for ((i = 0; i < 120; i++)); do
  state=$(sinfo -h -N -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (sinfo: ${state:-no answer})"
say "single-node cluster up on $host: $(nproc) CPUs, ports $ctld_port and $slurmd_port"

start_time=$SECONDS
ids=$(MINESAT_OUT=$tmp/out MINESAT_BIN=$bin MINESAT_SHARDS=$shards MINESAT_GAMES=$games \
  MINESAT_LEVEL=expert MINESAT_SEED=1 MINESAT_RECORD=jsonl MINESAT_FLAGS="--strategy fast" \
  "$repo/deploy/slurm/submit.sh" --time=30)
echo "$ids"
array_job=$(sed -n 's/^array_job=//p' <<<"$ids")
merge_job=$(sed -n 's/^merge_job=//p' <<<"$ids")
if [ -z "$array_job" ] || [ -z "$merge_job" ]; then
  fail "submit.sh printed no job ids"
fi
submitted=("$array_job" "$merge_job")

# The same games in one local run, while the cluster plays them.
say "single local run of $games games"
"$bin" play "${play_flags[@]}" --format json --record "$tmp/single.jsonl" >"$tmp/single.json"

job_state() { scontrol -o show job "$1" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }
while :; do
  state=$(job_state "$merge_job")
  case $state in
  COMPLETED) break ;;
  PENDING | CONFIGURING | RUNNING | COMPLETING) ;;
  *) fail "merge job $merge_job ended $state; array job $array_job: $(scontrol -o show job "$array_job" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | tr -s ' \n' ' ')" ;;
  esac
  [ $((SECONDS - start_time)) -lt "$timeout" ] || fail "merge job $merge_job still $state after ${timeout}s"
  sleep 1
done
say "jobs done in $((SECONDS - start_time)) s (with the local run alongside)"

check_summary "$tmp/single.json" "$tmp/out/summary.json" "$games"
[ -s "$tmp/out/summary.txt" ] || fail "merge job wrote no summary.txt"
check_records "$tmp/out" "$shards" "$tmp/single.jsonl" "$games"

cat "$tmp/out/summary.txt"
say "PASS: $games expert games in $shards shards on Slurm merge into the single run (summary and records); $SECONDS s in all"
