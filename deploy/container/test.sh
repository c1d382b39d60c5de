#!/usr/bin/env bash
# End-to-end test of the container image and the Kubernetes Jobs: builds the
# image with build.sh under the name the play Job's manifest gives, reads the
# play and merge Jobs' commands, environment, volume mount and fsGroup from
# deploy/kubernetes/play-job.yaml and merge-job.yaml (so that the test breaks
# when the manifests change), runs the play command in two containers at once
# (JOB_COMPLETION_INDEX 0 and 1 of SHARDS=2, 2,000 expert games in all) writing
# to one shared host directory, group-writable by the fsGroup as Kubernetes
# makes a volume, then the merge command, and checks that the merged JSON
# summary (time fields aside) and the shards' records concatenated in shard
# order equal a single local run of the same games. It also checks that the
# image's version labels say what 'minesat version' in the image prints, and
# that the files written are owned by the image's non-root user, and that a
# second build gives the same image ID.
#
# podman keeps all its state (images, containers) in a temporary directory,
# with the vfs storage driver, runc, cgroupfs and no network; the directory is
# removed on every exit. crun and podman's default rlimits fail on some
# machines: containers.conf there sets default_ulimits = [].
#
# Needs root and the Debian packages podman, runc, busybox-static, yq and jq.
# Without them it is skipped (exit 0) unless CI is set, when it fails: .ci/run
# installs them. Environment: MINESAT_TEST_GAMES (default 2000),
# MINESAT_TEST_TIMEOUT (seconds allowed to each container, 300),
# MINESAT_TEST_KEEP=1 keeps the temporary directory, MINESAT_BIN uses that
# binary for the local run instead of building one.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
games=${MINESAT_TEST_GAMES:-2000}
shards=2
timeout=${MINESAT_TEST_TIMEOUT:-300}

# shellcheck source=../testlib.sh source-path=SCRIPTDIR
. "$repo/deploy/testlib.sh" deploy/container/test.sh "podman, runc, busybox-static, yq and jq"

require_commands "apt-get install podman runc busybox-static yq jq" podman runc busybox yq jq
command -v go >/dev/null || fail "go is not on PATH to build minesat"
[ "$(id -u)" -eq 0 ] || unavailable "needs root to run podman with runc and cgroupfs"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/minesat-container.XXXXXX")
case $tmp in *[[:space:]]*) fail "temporary directory $tmp has a blank: set TMPDIR" ;; esac
chmod 755 "$tmp"
mkdir -p "$tmp"/{storage,run,libpod,out,log}
printf '[containers]\ndefault_ulimits = []\n' >"$tmp/containers.conf"
export CONTAINERS_CONF=$tmp/containers.conf
podman=(podman --root "$tmp/storage" --runroot "$tmp/run" --tmpdir "$tmp/libpod"
  --storage-driver vfs --runtime runc --cgroup-manager cgroupfs --events-backend none)

cleanup() {
  local rc=$?
  trap - EXIT
  "${podman[@]}" rm --all --force --time 0 >/dev/null 2>&1 || true
  "${podman[@]}" rmi --all --force >/dev/null 2>&1 || true
  finish "$rc" "$tmp" "$tmp"/log/*
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The Jobs' container specs, as JSON, and the fsGroup of their pods.
fs_group=
for job in play merge; do
  yq '.spec.template.spec.containers[0]' "$repo/deploy/kubernetes/$job-job.yaml" >"$tmp/$job.json" ||
    fail "cannot read the container of deploy/kubernetes/$job-job.yaml"
  g=$(yq -r '.spec.template.spec.securityContext.fsGroup // empty' "$repo/deploy/kubernetes/$job-job.yaml")
  [ -n "$g" ] || fail "$job-job.yaml sets no fsGroup: the image's user could not write the volume"
  [ -z "$fs_group" ] || [ "$g" = "$fs_group" ] || fail "the play and merge Jobs have different fsGroups"
  fs_group=$g
done

# job_argv JOB sets argv to the Job's command and args.
job_argv() {
  local n i
  argv=()
  n=$(jq '(.command // []) + (.args // []) | length' "$tmp/$1.json")
  [ "$n" -gt 0 ] || fail "$1-job.yaml gives no command: the image's entry point is minesat, not a shell"
  for ((i = 0; i < n; i++)); do
    argv+=("$(jq -r "((.command // []) + (.args // []))[$i]" "$tmp/$1.json")")
  done
}

# job_env JOB NAME=VALUE... sets env to --env options: the Job's environment,
# with the values given here in place of the manifest's, each of which the
# manifest must define.
job_env() {
  local job=$1 kv
  shift
  mapfile -t env < <(jq -r '.env // [] | .[] | "\(.name)=\(.value)"' "$tmp/$job.json")
  for kv in "$@"; do
    local name=${kv%%=*} i found=
    for i in "${!env[@]}"; do
      if [ "${env[i]%%=*}" = "$name" ]; then
        env[i]=$kv
        found=1
      fi
    done
    [ -n "$found" ] || fail "$job-job.yaml sets no $name in its environment"
  done
  local opts=()
  for kv in "${env[@]}"; do
    opts+=(--env "$kv")
  done
  env=("${opts[@]}")
}

# manifest_env JOB NAME prints the value the Job's manifest gives NAME.
manifest_env() {
  jq -r --arg n "$2" '.env // [] | map(select(.name == $n)) | .[0].value // empty' "$tmp/$1.json"
}

image=$(jq -r .image "$tmp/play.json")
[ "$(jq -r .image "$tmp/merge.json")" = "$image" ] || fail "the play and merge Jobs name different images"
mount=$(jq -r '.volumeMounts[0].mountPath' "$tmp/play.json")
[ "$(jq -r '.volumeMounts[0].mountPath' "$tmp/merge.json")" = "$mount" ] ||
  fail "the play and merge Jobs mount their volume at different paths"
level=$(manifest_env play LEVEL)
seed=$(manifest_env play SEED)
{ [ -n "$level" ] && [ -n "$seed" ]; } || fail "play-job.yaml sets no LEVEL or SEED"

say "building $image"
build_start=$SECONDS
MINESAT_ENGINE="${podman[*]}" "$repo/deploy/container/build.sh" "$image" >"$tmp/build.out" 2>"$tmp/log/build.log" ||
  fail "build.sh failed"
sed 's/^/  /' "$tmp/build.out"
say "image built in $((SECONDS - build_start)) s; $("${podman[@]}" image inspect --format '{{.Size}}' "$image") bytes"

# Reproducible: the same inputs give the same image ID.
MINESAT_ENGINE="${podman[*]}" "$repo/deploy/container/build.sh" localhost/minesat-test:again \
  >"$tmp/build-again.out" 2>"$tmp/log/build-again.log" || fail "build.sh failed the second time"
id=$(sed -n 's/^id=//p' "$tmp/build.out")
[ -n "$id" ] || fail "build.sh printed no image ID"
again=$(sed -n 's/^id=//p' "$tmp/build-again.out")
[ "$again" = "$id" ] || fail "a second build gave the image ID $again, not $id: the build is not reproducible"
say "a second build gives the same image ID"

# The labels say what the binary says.
"${podman[@]}" run --rm --network none "$image" version >"$tmp/version.txt" || fail "minesat version does not run in the image"
label() { "${podman[@]}" image inspect --format "{{index .Config.Labels \"org.opencontainers.image.$1\"}}" "$image"; }
version=$(sed -n '1s/^minesat //p' "$tmp/version.txt")
revision=$(sed -n 's/^revision \([^ ,]*\).*/\1/p' "$tmp/version.txt")
[ "$(label version)" = "$version" ] || fail "label version $(label version), minesat version says $version"
[ "$(label revision)" = "$revision" ] || fail "label revision $(label revision), minesat version says $revision"
user=$("${podman[@]}" image inspect --format '{{.Config.User}}' "$image")
uid=${user%%:*}
case $uid in '' | *[!0-9]* | 0) fail "the image's user is '$user', not a numeric non-root uid" ;; esac
case $user in *:*) gid=${user#*:} ;; *) gid=$uid ;; esac
[ "$gid" = "$fs_group" ] || fail "the image's group is $gid, the Jobs' fsGroup $fs_group"

# The shared volume, as Kubernetes makes it for an fsGroup: owned by root and
# group-writable by the fsGroup, which the containers get as a group.
chown "0:$fs_group" "$tmp/out"
chmod 2775 "$tmp/out"

job_argv play
job_env play "SHARDS=$shards" "GAMES=$games"
say "play: ${argv[*]}"
play_start=$SECONDS
pids=()
for ((k = 0; k < shards; k++)); do
  timeout "$timeout" "${podman[@]}" run --rm --network none --name "minesat-play-$k" \
    "${env[@]}" --env "JOB_COMPLETION_INDEX=$k" --group-add "$fs_group" --volume "$tmp/out:$mount" \
    --entrypoint "${argv[0]}" "$image" "${argv[@]:1}" >"$tmp/log/play-$k.log" 2>&1 &
  pids+=($!)
done

if [ -n "${MINESAT_BIN:-}" ]; then
  bin=$MINESAT_BIN
else
  (cd "$repo" && go build -o "$tmp/minesat" ./cmd/minesat)
  bin=$tmp/minesat
fi
say "single local run of $games $level games, seed $seed"
"$bin" play --level "$level" --games "$games" --seed "$seed" --format json \
  --record "$tmp/single.jsonl" >"$tmp/single.json"

for k in "${!pids[@]}"; do
  wait "${pids[k]}" || fail "the play container for JOB_COMPLETION_INDEX=$k failed (exit $?)"
done
say "both play containers done in $((SECONDS - play_start)) s (with the local run alongside)"

job_argv merge
job_env merge "SHARDS=$shards"
timeout "$timeout" "${podman[@]}" run --rm --network none --name minesat-merge \
  "${env[@]}" --group-add "$fs_group" --volume "$tmp/out:$mount" \
  --entrypoint "${argv[0]}" "$image" "${argv[@]:1}" >"$tmp/log/merge.log" 2>&1 ||
  fail "the merge container failed"

check_summary "$tmp/single.json" "$tmp/out/summary.json" "$games"
cmp "$tmp/out/summary.txt" "$tmp/log/merge.log" >/dev/null || fail "the merge Job did not print summary.txt"
check_records "$tmp/out" "$shards" "$tmp/single.jsonl" "$games"

for f in "$tmp"/out/*; do
  [ "$(stat -c %u "$f")" = "$uid" ] || fail "$f is owned by uid $(stat -c %u "$f"), not the image's user $uid"
done

cat "$tmp/out/summary.txt"
say "PASS: $games $level games in $shards containers of $image merge into the single run (summary and records); $SECONDS s in all"
