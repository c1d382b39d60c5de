# shellcheck shell=bash
# What deploy/slurm/test.sh and deploy/container/test.sh share: their
# messages, their skip-unless-CI rule, the tail of their cleanup, and the
# final check that a sharded run merges into a single local run. Sourced, not
# run, with two arguments:
#
#   . deploy/testlib.sh SCRIPT CI_INSTALLS
#
# SCRIPT names the test in its messages (deploy/slurm/test.sh); CI_INSTALLS
# says what .ci/run installs for it ("slurm-wlm, munge and jq").

testlib_script=${1:?usage: . deploy/testlib.sh SCRIPT CI_INSTALLS}
testlib_ci_installs=${2:?usage: . deploy/testlib.sh SCRIPT CI_INSTALLS}

# say MESSAGE... prints the message on stdout, after the test's name.
say() { echo "$testlib_script: $*"; }

# fail MESSAGE... prints FAIL and the message on stderr and exits 1.
fail() {
  say "FAIL: $*" >&2
  exit 1
}

# unavailable MESSAGE... skips the test (SKIP and the message, exit 0) when
# what it needs is missing here, unless CI is set: then it fails, for CI
# installs what the test needs and runs it as root.
unavailable() {
  if [ -n "${CI:-}" ]; then
    fail "$* (CI is set: .ci/run installs $testlib_ci_installs and runs as root)"
  fi
  say "SKIP: $*"
  exit 0
}

# require_commands HINT COMMAND... calls unavailable, naming the missing
# ones, unless every COMMAND is on PATH; HINT says how to install them.
require_commands() {
  local hint=$1 cmd missing=()
  shift
  for cmd in "$@"; do
    command -v "$cmd" >/dev/null || missing+=("$cmd")
  done
  [ ${#missing[@]} -eq 0 ] || unavailable "not installed: ${missing[*]} ($hint)"
}

# finish RC DIR LOG... ends a cleanup: when RC is not 0 it shows the last
# lines of each non-empty LOG on stderr; then it removes the temporary
# directory DIR, or keeps it (and says so) when MINESAT_TEST_KEEP=1; then it
# exits RC.
finish() {
  local rc=$1 dir=$2 f
  shift 2
  if [ "$rc" -ne 0 ]; then
    for f in "$@"; do
      [ -s "$f" ] || continue
      echo "--- $f (last lines)" >&2
      tail -n 15 "$f" >&2
    done
  fi
  if [ "${MINESAT_TEST_KEEP:-}" = 1 ]; then
    say "kept $dir"
  else
    rm -rf "$dir"
  fi
  exit "$rc"
}

# check_summary SINGLE MERGED GAMES fails unless the merged JSON summary
# MERGED counts GAMES complete games with some won and equals the single
# run's summary SINGLE, time fields aside.
check_summary() {
  local single=$1 merged=$2 games=$3
  local untimed='del(.. | objects | (.wall_seconds, .elapsed_ns, .ms_per_game))'
  jq -e --argjson games "$games" '.complete and .levels[0].base.games == $games and .levels[0].base.won > 0' \
    "$merged" >/dev/null || fail "merged summary does not count $games complete games with some won"
  diff <(jq -S "$untimed" "$single") <(jq -S "$untimed" "$merged") ||
    fail "merged summary differs from the single run's (above: < single, > merged)"
}

# check_records OUT SHARDS SINGLE GAMES fails unless the records of the
# shards, OUT/shard-0.jsonl to OUT/shard-(SHARDS-1).jsonl concatenated in
# shard order, equal the single run's records SINGLE, of GAMES games.
check_records() {
  local out=$1 shards=$2 single=$3 games=$4 k records=()
  for ((k = 0; k < shards; k++)); do
    records+=("$out/shard-$k.jsonl")
  done
  cmp <(cat "${records[@]}") "$single" ||
    fail "shard records concatenated in shard order differ from the single run's"
  [ "$(wc -l <"$single")" -eq "$games" ] || fail "the single run recorded $(wc -l <"$single") games, not $games"
}
