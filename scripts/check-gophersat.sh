#!/usr/bin/env bash
# Checks that internal/third_party/gophersat/solver is gophersat v1.4.0's
# solver package (its Go files but the tests) with
# internal/third_party/gophersat/upstream.patch applied, and nothing else.
# Run from anywhere; needs go and git. Exits 1 with the difference if not.
# With --update it rewrites the patch from the copy instead.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export PATH="$PATH:/usr/local/go/bin"

version=v1.4.0
copy=internal/third_party/gophersat/solver
patchfile=internal/third_party/gophersat/upstream.patch

dir=$(GOFLAGS=-mod=mod go mod download -json "github.com/crillab/gophersat@$version" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
if [ -z "$dir" ] || [ ! -d "$dir/solver" ]; then
  echo "check-gophersat: could not download github.com/crillab/gophersat@$version" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/a" "$work/b"
for f in "$dir"/solver/*.go; do
  case $f in *_test.go) continue ;; esac
  cp "$f" "$work/a/"
done
chmod -R u+w "$work/a"

if [ "${1:-}" = "--update" ]; then
  cp "$copy"/*.go "$work/b/"
  (cd "$work"; diff -ruN a b || true) |
    sed -E 's#^(---|\+\+\+) ([ab]/[^\t]*)\t.*#\1 \2#' | grep -v '^diff -ruN' >"$patchfile"
  echo "check-gophersat: wrote $patchfile"
  exit 0
fi

cp "$work"/a/*.go "$work/b/"
(cd "$work/b" && git apply -p1 "$root/$patchfile")
if ! diff -ruN "$work/b" "$copy"; then
  echo "check-gophersat: $copy is not gophersat $version plus $patchfile (above: what differs);" \
    "see internal/third_party/gophersat/README.md" >&2
  exit 1
fi
echo "check-gophersat: $copy is gophersat $version plus $patchfile"
