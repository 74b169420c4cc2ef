#!/usr/bin/env bash
# Integration test of the sharding recipes of configs/README.md ("Scaling out:
# shards") under real schedulers: a one-node Slurm cluster on this machine and
# GNU parallel. Run as root from anywhere in the checkout:
#
#   scripts/test-sharding.sh             # both (about a minute on 2 cores)
#   scripts/test-sharding.sh slurm       # or one of them
#   scripts/test-sharding.sh parallel
#
# It installs what is missing with apt-get (slurmctld, slurmd, slurm-client and
# munge: the daemons and commands of Debian's slurm-wlm without its optional
# plugins; parallel), builds gsbench from the checkout and computes the
# reference: one unsharded run of configs/quickstart.yaml (--quick for Slurm).
#
# slurm: starts munged, slurmctld and slurmd in a temporary directory (own
#   munge key and socket, own ports, state, spool, pid and log files), waits
#   until the node is idle, checks that the batch script shown in
#   configs/README.md is scripts/slurm-array.sh byte for byte, submits that file
#   as the README says, a 4-task job array (1 CPU a task) writing to one shared
#   results directory, waits for the array (squeue; every task must end
#   COMPLETED with exit code 0 in the job completion log) and compares the
#   outputs the last shard rendered with the reference. Then it resubmits tasks
#   2 and 4 alone, as the README says to do with failed tasks: they must keep
#   their shard numbers (find their cells stored, compute none) and leave the
#   outputs as they were; and compares `gsbench merge` of that directory with
#   the reference.
# parallel: runs the GNU parallel block of configs/README.md as it is written
#   (its comment lines aside) in an empty directory (configs/ linked to the
#   checkout's), which shards into separate directories and merges them, and
#   compares the merged outputs with the reference.
#
# Both also check from the shards' own summaries that every shard computed a
# proper, non-empty part of the cells and that the parts add up to all of them.
# "Compared" means byte-identical, with the same list of files: cells.csv,
# cells.jsonl, config.yaml, README.md, tables/* and figures/* (PNG and SVG).
# Not compared: run.json, runs/ and the journals in cells/, which hold timings,
# hosts and paths (the quickstart has no `time` metric, the one value that
# differs between runs).
#
# At the end, and on any failure or interruption, it cancels the jobs, stops
# the daemons by the PIDs they were started with, kills any process still
# carrying this run's marker variable (GSBENCH_SHARD_TEST=its temporary
# directory) and removes the temporary directory (kept with KEEP=1).
# Exit status: 0 everything matched, 1 a job failed or an output differed,
# 2 the test could not run (not root, apt-get failed, a daemon did not start).
# SHARD_TEST_TIMEOUT (seconds, default 300) bounds each wait for the shards.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
modes=${*:-slurm parallel}
limit=${SHARD_TEST_TIMEOUT:-300}
for m in $modes; do
  case $m in slurm | parallel) ;; *)
    echo "usage: $0 [slurm] [parallel]" >&2
    exit 2
    ;;
  esac
done

log() { echo "test-sharding: $*"; }
diag=() # files whose end is printed on failure
fail_with() { # fail_with STATUS MESSAGE
  local f
  for f in "${diag[@]}"; do
    [ -s "$f" ] && { echo "--- last lines of $f"; tail -n 25 "$f"; }
  done >&2
  echo "test-sharding: FAIL: $2" >&2
  exit "$1"
}
fail() { fail_with 1 "$*"; }
cannot() { fail_with 2 "cannot run the test: $*"; }

tmp=$(mktemp -d /tmp/gsbench-shard-test.XXXXXX)
chmod 755 "$tmp" # munged wants every directory above its socket searchable by all
export GSBENCH_SHARD_TEST=$tmp
munged_pid="" ctld_pid="" slurmd_pid="" made_policy=""

stop() { # stop NAME PID: SIGTERM, then SIGKILL after 15 s; PID is our own child
  local i
  [ -n "$2" ] || return 0
  kill -TERM "$2" 2>/dev/null || return 0
  for ((i = 0; i < 30; i++)); do
    kill -0 "$2" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$2/stat" 2>/dev/null)" != Z ] || break
    sleep 0.5
  done
  if kill -0 "$2" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$2/stat" 2>/dev/null)" != Z ]; then
    log "$1 (pid $2) did not stop on SIGTERM; SIGKILL"
    kill -KILL "$2" 2>/dev/null
  fi
  wait "$2" 2>/dev/null || true
}

cleanup() {
  local rc=$? i p
  set +e
  export -n GSBENCH_SHARD_TEST # the commands below must not carry the marker
  if [ -n "$ctld_pid" ] && kill -0 "$ctld_pid" 2>/dev/null && [ -n "$(squeue -h -o %i 2>/dev/null)" ]; then
    log "cancelling the jobs still queued or running"
    scancel --quiet --user="$(id -un)" # every job of this private cluster
    for ((i = 0; i < 30; i++)); do
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 1
    done
  fi
  stop slurmd "$slurmd_pid"
  stop slurmctld "$ctld_pid"
  stop munged "$munged_pid"
  # A safety net: whatever this run started (job steps, shards, parallel)
  # inherited the marker; nothing else has this exact value.
  for p in /proc/[0-9]*; do
    p=${p#/proc/}
    [ "$p" = $$ ] && continue
    if grep -qzxF "GSBENCH_SHARD_TEST=$tmp" "/proc/$p/environ" 2>/dev/null; then
      log "killing leftover process $p: $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)"
      kill -KILL "$p" 2>/dev/null
    fi
  done
  [ -n "$made_policy" ] && rm -f /usr/sbin/policy-rc.d
  if [ -n "${KEEP:-}" ]; then log "kept $tmp"; else rm -rf "$tmp"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- packages ---------------------------------------------------------------
install() { # install PACKAGE...: apt-get install, never starting their services
  [ "$(id -u)" -eq 0 ] || cannot "$* not installed; run as root to install them"
  command -v apt-get >/dev/null || cannot "$* not installed and no apt-get"
  log "installing $*"
  # policy-rc.d exit 101 forbids the packages' init scripts and units to start
  # munge and slurm with the system's configuration (as in Docker images).
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    made_policy=1
  fi
  local apt=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@")
  "${apt[@]}" >"$tmp/apt.log" 2>&1 ||
    { apt-get update -q >>"$tmp/apt.log" 2>&1 && "${apt[@]}" >>"$tmp/apt.log" 2>&1; } ||
    { diag=("$tmp/apt.log") && cannot "apt-get install $* failed"; }
  if [ -n "$made_policy" ]; then rm -f /usr/sbin/policy-rc.d && made_policy=""; fi
}
pkgs=()
for m in $modes; do
  case $m in
  slurm)
    [ "$(id -u)" -eq 0 ] || cannot "the Slurm test runs the daemons as root: run it as root"
    command -v slurmctld >/dev/null || pkgs+=(slurmctld)
    command -v slurmd >/dev/null || pkgs+=(slurmd)
    command -v sbatch >/dev/null || pkgs+=(slurm-client)
    command -v munged >/dev/null || pkgs+=(munge)
    ;;
  parallel) # moreutils also has a `parallel`, with another syntax
    parallel --version 2>/dev/null | grep -q 'GNU parallel' || pkgs+=(parallel) ;;
  esac
done
[ ${#pkgs[@]} -eq 0 ] || install "${pkgs[@]}"

# --- gsbench and the unsharded reference -------------------------------------
mkdir "$tmp/bin"
go build -o "$tmp/bin/gsbench" ./cmd/gsbench
export PATH="$tmp/bin:$PATH"

reference() { # reference [--quick]: prints the directory of the unsharded run
  local quick=${1:-} out dir n ok
  out=$tmp/ref$quick
  dir=$out/quickstart${quick:+-quick}
  if [ ! -d "$dir" ]; then
    gsbench run "$repo/configs/quickstart.yaml" ${quick:+"$quick"} --out "$out" --jobs 2 --progress none >"$out.log" 2>&1 ||
      { diag=("$out.log") && fail "the unsharded run failed"; }
    n=$(wc -l <"$dir/cells.jsonl")
    ok=$(grep -c '"status":"ok"' "$dir/cells.jsonl" || true)
    [ "$n" -gt 0 ] && [ "$n" -eq "$ok" ] || fail "the unsharded run has $ok cells ok of $n"
    log "reference: unsharded run${quick:+ $quick}, $n cells, all ok" >&2
  fi
  echo "$dir"
}

compare() { # compare REF GOT WHAT: same files, byte for byte, but the timings
  local ref=$1 got=$2 what=$3 a b f
  [ -s "$got/cells.csv" ] || fail "$what: no $got/cells.csv"
  a=$(cd "$ref" && find . -type f ! -path './cells/*' ! -path './runs/*' ! -name run.json | sort)
  b=$(cd "$got" && find . -type f ! -path './cells/*' ! -path './runs/*' ! -name run.json | sort)
  [ "$a" = "$b" ] || fail "$what: not the same files as the unsharded run:
$(diff <(echo "$a") <(echo "$b"))"
  for f in $a; do
    cmp -s "$ref/$f" "$got/$f" ||
      fail "$what: ${f#./} differs from the unsharded run:
$(diff "$ref/$f" "$got/$f" | head -n 20)"
  done
  log "$what: byte-identical to the unsharded run: $(echo "$a" | sed 's|^\./||' | paste -sd' ')"
}

check_shards() { # check_shards LOG...: the shards' summaries split the cells
  local lines k total=0 sum=0 n=0
  # "quickstart: 11 of 40 cells (shard): 11 computed, 0 already stored, 0 failed, in 4.07s"
  lines=$(cat "$@" | grep -E '^[^ ]+: [0-9]+ of [0-9]+ cells \(shard\): ' || true)
  [ -n "$lines" ] || fail "no shard summary in $*"
  while read -r _ k _ t _ _ c _; do
    total=$t
    [ "$k" -gt 0 ] && [ "$k" -lt "$t" ] && [ "$c" -eq "$k" ] ||
      fail "a shard ran $k of $t cells and computed $c of them"
    sum=$((sum + k)) n=$((n + 1))
  done <<<"$lines"
  [ "$n" -ge 2 ] && [ "$sum" -eq "$total" ] || fail "$n shards computed $sum cells of $total"
  log "$n shards computed $(echo "$lines" | awk '{print $2}' | paste -sd+) = $total cells"
}

readme_block() { # readme_block KEY: the fenced block after <!-- test-sharding: KEY ...
  awk -v key="<!-- test-sharding: $1 " '
    index($0, key) == 1 { m = 1; next }
    m == 1 && /^```/ { m = 2; next }
    m == 2 && /^```/ { exit }
    m == 2 { print }' configs/README.md
}

# --- Slurm --------------------------------------------------------------------
free_port() { # free_port FROM: the first port from FROM nothing listens on
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}

wait_until() { # wait_until SECONDS WHAT PID COMMAND...: poll COMMAND while PID lives
  local t=$1 what=$2 pid=$3 i
  shift 3
  for ((i = 0; i < t * 2; i++)); do
    "$@" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || cannot "$what: the daemon (pid $pid) exited"
    sleep 0.5
  done
  cannot "$what: not after $t s"
}

munge_ok() { munge -n -S "$tmp/slurm/munge/munge.socket" | unmunge -S "$tmp/slurm/munge/munge.socket"; }
node_idle() { [ "$(sinfo -h -n localhost -o %T)" = idle ]; }

start_slurm() {
  local d=$tmp/slurm port mem
  mkdir -p "$d/munge" "$d/state" "$d/spool"
  chmod 755 "$d" "$d/munge"
  diag=("$d/munged.log" "$d/slurmctld.log" "$d/slurmd.log")

  dd if=/dev/urandom of="$d/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$d/munge/munge.key"
  munged --foreground --key-file="$d/munge/munge.key" --socket="$d/munge/munge.socket" \
    --pid-file="$d/munge/munged.pid" --log-file="$d/munged.log" --seed-file="$d/munge/munged.seed" \
    </dev/null >/dev/null 2>>"$d/munged.log" &
  munged_pid=$!
  wait_until 10 "munged" "$munged_pid" munge_ok

  # No cgroup plugin (proctrack/linuxproc, task/none, jobacct_gather/none), so
  # no cgroup.conf: this runs in a container without systemd or cgroup access.
  port=$(free_port 16817)
  mem=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
  cat >"$d/slurm.conf" <<EOF
ClusterName=gsbenchtest
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$(free_port $((port + 1)))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge/munge.socket
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$d/jobcomp.log
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
SlurmdParameters=config_overrides
NodeName=localhost NodeHostname=$(hostname -s) NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$d/slurm.conf
  slurmctld -D -f "$SLURM_CONF" </dev/null >/dev/null 2>&1 &
  ctld_pid=$!
  wait_until 30 "slurmctld" "$ctld_pid" scontrol ping
  slurmd -D -N localhost -f "$SLURM_CONF" </dev/null >/dev/null 2>&1 &
  slurmd_pid=$!
  wait_until 30 "slurmd (node idle)" "$slurmd_pid" node_idle
  log "slurm: munged $munged_pid, slurmctld $ctld_pid, slurmd $slurmd_pid; node localhost idle ($(nproc) CPUs), ports $port/$((port + 1))"
}

submit() { # submit ARRAY: sbatch the documented script from $work; prints the job ID
  local id
  id=$(cd "$work" && sbatch --parsable --array="$1" --cpus-per-task=1 --time=00:10:00 \
    scripts/slurm-array.sh 4 configs/quickstart.yaml --quick) || fail "sbatch --array=$1 failed"
  echo "${id%%;*}"
}

wait_array() { # wait_array JOBID TASK...: until none is queued; each must have succeeded
  local id=$1 q lines line i deadline=$((SECONDS + limit))
  shift
  while :; do
    q=$(squeue -h -o '%i %T') || fail "squeue failed"
    lines=$(grep -c "ArrayJobId=$id " "$tmp/slurm/jobcomp.log" 2>/dev/null || true)
    [ -z "$q" ] && [ "${lines:-0}" -ge $# ] && break
    [ $SECONDS -lt "$deadline" ] || fail "job array $id not done after $limit s (SHARD_TEST_TIMEOUT); queue: $q"
    sleep 1
  done
  for i in "$@"; do
    diag+=("$work/gsbench-${id}_$i.out")
  done
  for i in "$@"; do
    line=$(grep "ArrayJobId=$id ArrayTaskId=$i " "$tmp/slurm/jobcomp.log") ||
      fail "task $i of job array $id is not in the job completion log"
    [[ $line == *" JobState=COMPLETED "* && $line == *" ExitCode=0:0 "* ]] ||
      fail "task $i of job array $id: $(grep -oE ' (JobState|ExitCode)=[^ ]*' <<<"$line" | paste -sd'\0')"
  done
  log "slurm: tasks $* of job array $id COMPLETED with exit code 0"
}

test_slurm() {
  local ref work id again i first second
  diff <(readme_block slurm-array.sh) scripts/slurm-array.sh >"$tmp/readme.diff" ||
    fail "configs/README.md does not show scripts/slurm-array.sh as it is:
$(cat "$tmp/readme.diff")"
  ref=$(reference --quick)
  start_slurm
  work=$tmp/slurm/work # the shared directory the job array writes to
  mkdir "$work"
  ln -s "$repo/configs" "$work/configs"
  ln -s "$repo/scripts" "$work/scripts"

  # The recipe: sbatch --array=1-N ... scripts/slurm-array.sh N CONFIG.
  id=$(submit 1-4)
  log "slurm: submitted job array $id: sbatch --array=1-4 --cpus-per-task=1 scripts/slurm-array.sh 4 configs/quickstart.yaml --quick"
  wait_array "$id" 1 2 3 4
  check_shards "$work"/gsbench-"$id"_*.out
  compare "$ref" "$work/results/quickstart-quick" "slurm: the shared directory, rendered by the last shard"

  # Resubmitting tasks alone (documented for failed tasks) keeps their shard
  # numbers: each finds its own cells stored, as many as the first time.
  again=$(submit 2,4)
  log "slurm: resubmitted tasks 2 and 4 as job array $again"
  wait_array "$again" 2 4
  for i in 2 4; do
    first=$(grep -oE '[0-9]+ of [0-9]+ cells \(shard\)' "$work/gsbench-${id}_$i.out")
    second=$(grep -E '[0-9]+ of [0-9]+ cells \(shard\)' "$work/gsbench-${again}_$i.out")
    [[ $second == *": $first: 0 computed, ${first%% *} already stored, 0 failed"* ]] ||
      fail "resubmitted task $i ran \"$second\", not its shard ($first) already stored"
  done
  log "slurm: the resubmitted tasks found their shards' cells stored and recomputed none"
  compare "$ref" "$work/results/quickstart-quick" "slurm: the shared directory after the resubmission"

  gsbench merge --out "$tmp/slurm/merged" "$work/results/quickstart-quick" >"$tmp/slurm/merge.log" 2>&1 ||
    { diag+=("$tmp/slurm/merge.log") && fail "gsbench merge failed"; }
  compare "$ref" "$tmp/slurm/merged" "slurm: gsbench merge of the shared directory"
  stop slurmd "$slurmd_pid" && slurmd_pid=""
  stop slurmctld "$ctld_pid" && ctld_pid=""
  stop munged "$munged_pid" && munged_pid=""
  diag=()
}

# --- GNU parallel --------------------------------------------------------------
test_parallel() {
  local ref work block rc
  block=$(readme_block parallel | grep -v '^[[:space:]]*#' || true)
  [ -n "$block" ] || fail "no GNU parallel block marked <!-- test-sharding: parallel ... --> in configs/README.md"
  ref=$(reference)
  work=$tmp/parallel
  mkdir "$work"
  ln -s "$repo/configs" "$work/configs"
  log "parallel: running in an empty directory, as configs/README.md shows it:"
  sed 's/^/    /' <<<"$block"
  rc=0
  (cd "$work" && bash -euo pipefail -c "$block") </dev/null >"$tmp/parallel.log" 2>&1 || rc=$?
  diag=("$tmp/parallel.log")
  [ $rc -eq 0 ] || fail "the GNU parallel recipe failed (exit status $rc)"
  check_shards "$tmp/parallel.log"
  compare "$ref" "$work/results/quickstart" "parallel: gsbench merge of the shard directories"
  diag=()
}

# Every config the section names exists and is valid (the commands above run
# the quickstart; the examples name paper configs).
section=$(sed -n '/^## Scaling out: shards/,/^## /p' configs/README.md)
named=$(grep -o 'configs/[A-Za-z0-9/._-]*\.yaml' <<<"$section" | sort -u)
[ -n "$named" ] || fail "configs/README.md has no section \"Scaling out: shards\" naming a config"
for c in $named; do
  gsbench validate "$c" >"$tmp/validate.log" 2>&1 ||
    { diag=("$tmp/validate.log") && fail "configs/README.md (sharding) names $c, which gsbench validate refuses"; }
done
log "the configs the sharding section names are valid: $(paste -sd' ' <<<"$named")"

for m in $modes; do
  t0=$SECONDS
  "test_$m"
  log "$m: PASS in $((SECONDS - t0)) s"
done
log "PASS ($modes) in $SECONDS s"
