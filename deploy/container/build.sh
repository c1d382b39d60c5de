#!/usr/bin/env bash
# Builds the minesat container image: a static minesat (CGO_ENABLED=0,
# -trimpath) and a static busybox, from scratch, with Containerfile. No network
# access is needed beyond the Go modules the build of minesat needs (go mod
# download beforehand for a machine offline), and no container is run.
#
# Usage: deploy/container/build.sh [IMAGE]      (IMAGE defaults to minesat:latest)
# Prints image=IMAGE, id=ID, version=... and revision=... on its last lines.
#
# Environment:
#   MINESAT_ENGINE     podman or docker, with global options if needed, e.g.
#                      "podman --root DIR --runroot DIR" (default: podman if on
#                      PATH, else docker)
#   BUSYBOX            a statically linked busybox (default: busybox on PATH;
#                      Debian's busybox-static package installs one)
#   SOURCE_DATE_EPOCH  the time stamped on the image and its files (default:
#                      the commit time of HEAD, or 0 outside git)
#   GOARCH             the architecture to build for (default: go env GOARCH)
#
# With podman the build is reproducible: the same commit (clean tree), Go
# version, busybox and SOURCE_DATE_EPOCH give the same image ID.
# minesat version in the image prints the module version and the revision Go
# stamped into the binary; the labels org.opencontainers.image.version and
# .revision say the same (unknown when Go stamped none, as in a git worktree).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
image=${1:-minesat:latest}
uid=65532 # the image's user and group, "minesat"

say() { echo "deploy/container/build.sh: $*" >&2; }
die() {
  say "$*"
  exit 1
}

if [ -n "${MINESAT_ENGINE:-}" ]; then
  read -r -a engine <<<"$MINESAT_ENGINE"
elif command -v podman >/dev/null; then
  engine=(podman)
elif command -v docker >/dev/null; then
  engine=(docker)
else
  die "neither podman nor docker is on PATH (apt-get install podman runc)"
fi
command -v go >/dev/null || die "go is not on PATH"

busybox=${BUSYBOX:-$(command -v busybox || true)}
{ [ -n "$busybox" ] && [ -x "$busybox" ]; } || die "no busybox found (apt-get install busybox-static, or set BUSYBOX)"
if ldd "$busybox" >/dev/null 2>&1; then
  die "$busybox is dynamically linked; the image has no libc (apt-get install busybox-static)"
fi

if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$repo" log -1 --format=%ct 2>/dev/null || echo 0)
fi
case $SOURCE_DATE_EPOCH in
'' | *[!0-9]*) die "SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH: want seconds since 1970" ;;
esac
export SOURCE_DATE_EPOCH
created=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%SZ)
arch=${GOARCH:-$(go env GOARCH)}

ctx=$(mktemp -d "${TMPDIR:-/tmp}/minesat-image.XXXXXX")
trap 'rm -rf "$ctx"' EXIT
root=$ctx/rootfs
mkdir -p "$root"/{bin,etc,tmp,usr/local/bin}

say "building minesat for linux/$arch"
# -buildvcs=auto overrides a GOFLAGS=-buildvcs=false: the revision is wanted.
(cd "$repo" && CGO_ENABLED=0 GOOS=linux GOARCH=$arch go build -trimpath -buildvcs=auto \
  -o "$root/usr/local/bin/minesat" ./cmd/minesat)
info=$(go version -m "$root/usr/local/bin/minesat")
version=$(awk '$1 == "mod" { print $3; exit }' <<<"$info")
revision=$(sed -n 's/^[[:space:]]*build[[:space:]]*vcs\.revision=//p' <<<"$info")
if [ -z "$revision" ]; then
  revision=unknown
  say "Go stamped no revision (a git worktree, no git, or no .git directory): the label says unknown"
elif grep -q 'vcs\.modified=true' <<<"$info"; then
  say "the work tree has local changes: the image is not the commit $revision alone"
fi

cp "$busybox" "$root/bin/busybox"
for applet in sh cat mv ls; do
  ln -s busybox "$root/bin/$applet"
done
printf '%s\n' "root:x:0:0:root:/root:/bin/sh" "minesat:x:$uid:$uid:minesat:/tmp:/bin/sh" >"$root/etc/passwd"
printf '%s\n' "root:x:0:" "minesat:x:$uid:" >"$root/etc/group"
chmod 755 "$root" "$root"/{bin,etc,usr,usr/local,usr/local/bin} "$root/bin/busybox" "$root/usr/local/bin/minesat"
chmod 644 "$root"/etc/{passwd,group}
chmod 1777 "$root/tmp"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

build=(build --file "$repo/deploy/container/Containerfile" --tag "$image"
  --platform "linux/$arch" --network none
  --build-arg "VERSION=$version" --build-arg "REVISION=$revision" --build-arg "CREATED=$created")
case $(basename "${engine[0]}") in
podman) build+=(--pull=never --layers=false --timestamp "$SOURCE_DATE_EPOCH") ;;
docker) build+=(--build-arg "SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH") ;;
esac
say "building $image with ${engine[*]}"
"${engine[@]}" "${build[@]}" "$ctx" >&2
id=$("${engine[@]}" image inspect --format '{{.Id}}' "$image")
echo "image=$image"
echo "id=$id"
echo "version=$version"
echo "revision=$revision"
