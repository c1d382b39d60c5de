#!/usr/bin/env bash
# vs-minesolve.sh: minesat against minesolve (totte174/minesolve, a C
# solver built outside this repository), side by side on the standard
# levels, as docs/speed.md ("Running the comparison") describes.
#
#   scripts/vs-minesolve.sh MINESOLVE [MINESAT]
#
# MINESOLVE is the path of a minesolve binary; MINESAT the path of a
# minesat binary (default: built from this checkout into a temporary
# directory). For each level (beginner 30,000 games, intermediate 10,000,
# expert 2,500) and each of ROUNDS rounds, it runs one after the other,
# one process each:
#
#   minesolve -c LEVEL -d 1 -s N
#   GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4294967295 minesolve -c LEVEL -d 1 -s N
#   minesat play --level LEVEL --strategy fast --workers 1 --rules safe --first corner --games N --seed 1 --format json
#
# and measures each whole process with /usr/bin/time: CPU time (user +
# sys) a game and peak resident memory. It prints each run as it ends (on
# stderr), then a table (on stdout): per level the median CPU time a game
# of each over the rounds, the ratios minesat / minesolve and minesat /
# minesolve with the mmap threshold raised, the largest peak memory of
# each, and the win rates (minesolve's over all its runs, which draw their
# own layouts; minesat's of its N games) with the z of their difference.
#
# Environment:
#   ROUNDS=3          rounds (each level's three runs once per round)
#   SCALE=1           multiplies the game counts (SCALE=0.1: a tenth)
#   LEVELS="beginner intermediate expert"
#   RAW=FILE          also write every run as a tab-separated line to FILE
#
# A quick check that it works: ROUNDS=1 SCALE=0.01 scripts/vs-minesolve.sh ./minesolve
# Measure on a quiet machine: the figures are CPU times of single runs.
set -euo pipefail

usage() {
  echo "usage: [ROUNDS=3] [SCALE=1] [LEVELS=...] [RAW=FILE] $0 MINESOLVE [MINESAT]" >&2
  exit 2
}
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
minesolve=$1
[ -x "$minesolve" ] || { echo "$0: $minesolve: not an executable file" >&2; exit 2; }
rounds=${ROUNDS:-3}
scale=${SCALE:-1}
levels=${LEVELS:-beginner intermediate expert}
case $rounds in '' | *[!0-9]* | 0) echo "$0: ROUNDS=$rounds: want a whole number from 1" >&2; exit 2 ;; esac
awk -v s="$scale" 'BEGIN { exit !(s ~ /^[0-9]*\.?[0-9]+$/ && s > 0) }' ||
  { echo "$0: SCALE=$scale: want a number above 0" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "$0: needs /usr/bin/time (GNU time; apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -eq 2 ]; then
  minesat=$2
  [ -x "$minesat" ] || { echo "$0: $minesat: not an executable file" >&2; exit 2; }
else
  repo=$(cd "$(dirname "$0")/.." && pwd)
  echo "building minesat from $repo" >&2
  (cd "$repo" && go build -o "$work/minesat" ./cmd/minesat)
  minesat=$work/minesat
fi

# games LEVEL prints the level's game count, scaled, at least 1.
games() {
  local n
  case $1 in
    beginner) n=30000 ;;
    intermediate) n=10000 ;;
    expert) n=2500 ;;
    *) echo "$0: level $1: want beginner, intermediate or expert" >&2; exit 2 ;;
  esac
  awk -v n="$n" -v s="$scale" 'BEGIN { g = int(n * s + 0.5); print (g < 1 ? 1 : g) }'
}

# measure NAME LEVEL N WINS-COMMAND COMMAND... runs COMMAND under
# /usr/bin/time, reads its wins from its output with WINS-COMMAND, and
# appends "LEVEL NAME N CPU-SECONDS PEAK-KB WINS" to $work/runs.
measure() {
  local name=$1 level=$2 n=$3 wins=$4
  shift 4
  if ! /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err"; then
    echo "$0: $name $level failed:" >&2
    cat "$work/err" >&2
    exit 1
  fi
  local w
  w=$($wins <"$work/out")
  case $w in '' | *[!0-9]*) echo "$0: $name $level: no win count in its output:" >&2; cat "$work/out" >&2; exit 1 ;; esac
  read -r user sys kb <"$work/time"
  local line
  line=$(awk -v l="$level" -v m="$name" -v n="$n" -v u="$user" -v s="$sys" -v kb="$kb" -v w="$w" \
    'BEGIN { printf "%s\t%s\t%d\t%.2f\t%d\t%d\n", l, m, n, u + s, kb, w }')
  echo "$line" >>"$work/runs"
  awk -F'\t' '{ printf "  %-12s %-15s %6d games  %8.3f ms a game  %7.1f MB  %d won\n", $1, $2, $3, 1000 * $4 / $3, $5 / 1024, $6 }' <<<"$line" >&2
}

minesolve_wins() { tail -n 1; }                                      # its last line is the count
minesat_wins() { grep -o '"won": *[0-9]*' | head -n 1 | grep -o '[0-9]*$'; } # the base player's

{
  echo "machine: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs"
  echo "minesat: $("$minesat" version | head -n 1) ($minesat)"
  echo "minesolve: $minesolve"
  echo "rounds: $rounds, scale: $scale"
} >&2
: >"$work/runs"
for ((r = 1; r <= rounds; r++)); do
  echo "round $r of $rounds" >&2
  for level in $levels; do
    n=$(games "$level")
    measure minesolve "$level" "$n" minesolve_wins "$minesolve" -c "$level" -d 1 -s "$n"
    measure minesolve-mmap "$level" "$n" minesolve_wins \
      env GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4294967295 "$minesolve" -c "$level" -d 1 -s "$n"
    measure minesat "$level" "$n" minesat_wins "$minesat" play --level "$level" --strategy fast --workers 1 \
      --rules safe --first corner --games "$n" --seed 1 --format json
  done
done
if [ -n "${RAW:-}" ]; then
  { printf 'level\tprogram\tgames\tcpu_seconds\tpeak_kb\twon\n'; cat "$work/runs"; } >"$RAW"
fi

# The table: medians of CPU a game over the rounds, peak memory the
# largest of the rounds, wins pooled (minesolve: both of its variants).
sort -t$'\t' -k1,1 -k2,2 -k4,4n "$work/runs" | awk -F'\t' -v levels="$levels" '
  {
    k = $1 SUBSEP $2
    ms[k, ++cnt[k]] = 1000 * $4 / $3
    if ($5 > kb[k]) kb[k] = $5
    if ($2 == "minesat") { won[$1, $2] = $6; games[$1, $2] = $3 } # the same games every round
    else { won[$1, "minesolve"] += $6; games[$1, "minesolve"] += $3 } # new layouts every run
  }
  function ratio(x, y) { return y > 0 ? sprintf("%.2fx", x / y) : "n/a" } # n/a: under the clock tick
  function median(k,   c) {
    c = cnt[k]
    return c % 2 ? ms[k, (c + 1) / 2] : (ms[k, c / 2] + ms[k, c / 2 + 1]) / 2
  }
  BEGIN {
    printf "%-13s %12s %12s %12s %10s %9s %20s %10s %10s %6s\n", "level", "minesolve", "ms-mmap", "minesat",
      "/minesolve", "/ms-mmap", "peak MB (ms/mmap/sat)", "ms wins", "sat wins", "z"
  }
  END {
    n = split(levels, lv, " ")
    for (i = 1; i <= n; i++) {
      l = lv[i]
      a = median(l SUBSEP "minesolve"); b = median(l SUBSEP "minesolve-mmap"); c = median(l SUBSEP "minesat")
      pa = won[l, "minesolve"] / games[l, "minesolve"]; pc = won[l, "minesat"] / games[l, "minesat"]
      p = (won[l, "minesolve"] + won[l, "minesat"]) / (games[l, "minesolve"] + games[l, "minesat"])
      se = sqrt(p * (1 - p) * (1 / games[l, "minesolve"] + 1 / games[l, "minesat"]))
      printf "%-13s %9.4f ms %9.4f ms %9.4f ms %10s %9s %6.1f/%6.1f/%6.1f %9.2f%% %9.2f%% %6.2f\n", l, a, b, c, ratio(c, a), ratio(c, b),
        kb[l SUBSEP "minesolve"] / 1024, kb[l SUBSEP "minesolve-mmap"] / 1024, kb[l SUBSEP "minesat"] / 1024,
        100 * pa, 100 * pc, (se > 0 ? (pc - pa) / se : 0)
    }
  }'
