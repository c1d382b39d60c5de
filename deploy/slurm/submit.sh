#!/usr/bin/env bash
# Submits a sharded minesat run to Slurm: an array of MINESAT_SHARDS tasks
# running play.sbatch (one shard each), then merge.sbatch, which starts once
# every shard has succeeded (--dependency=afterok) and is cancelled if one
# fails. Prints the two job ids as array_job=ID and merge_job=ID.
#
# Usage: MINESAT_OUT=DIR [MINESAT_SHARDS=N] [MINESAT_GAMES=...] submit.sh [SBATCH_OPTION...]
# The SBATCH_OPTIONs (--partition, --time, --account, ...) go to both jobs.
# The other variables are described in play.sbatch; see deploy/README.md.
set -euo pipefail

die() {
  echo "submit.sh: $*" >&2
  exit 2
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
shards=${MINESAT_SHARDS:-4}
case $shards in
'' | *[!0-9]* | 0*) die "MINESAT_SHARDS=$shards: want a positive number of shards" ;;
esac
[ -n "${MINESAT_OUT:-}" ] || die "MINESAT_OUT must name the output directory (on a file system every node sees)"
mkdir -p "$MINESAT_OUT"
MINESAT_OUT=$(cd "$MINESAT_OUT" && pwd) # jobs may start in another directory

bin=${MINESAT_BIN:-minesat}
case $bin in
*/*) [ -x "$bin" ] || die "MINESAT_BIN=$bin: not an executable file"
  bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") ;;
*) command -v "$bin" >/dev/null || die "$bin: not found on PATH (set MINESAT_BIN)" ;;
esac
export MINESAT_OUT MINESAT_SHARDS=$shards MINESAT_BIN=$bin

array=$(sbatch --parsable --export=ALL --array="0-$((shards - 1))" \
  --output="$MINESAT_OUT/slurm-play-%A_%a.out" "$@" "$here/play.sbatch")
array=${array%%;*} # --parsable prints ID or ID;CLUSTER
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$MINESAT_OUT/slurm-merge-%j.out" "$@" "$here/merge.sbatch")
merge=${merge%%;*}
echo "array_job=$array"
echo "merge_job=$merge"
