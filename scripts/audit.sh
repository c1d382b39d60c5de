#!/usr/bin/env bash
# scripts/audit.sh: builds minesat and runs, against the binary, the
# command-line cases of input and output that must end when asked and leave
# no damage: FIFOs with no writer or no reader, stalled pipes, /dev/full, a
# read-only folder, 'ulimit -f', truncated, concatenated and trailed gzip
# records, and repeated flags. It prints one line per case, "ok" or "FAIL"
# with what went wrong, and exits 1 if any case fails. Under a minute.
#
# A stop is SIGTERM sent after 1 s (timeout --preserve-status, so that the
# command's own exit code is seen; SIGKILL 5 s later if it ignores it); a
# command stopped while reading or writing must exit 3 within 2.5 s of its
# start (the second of output grace and stall wait of output.go included).
set -uo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 1
export PATH="$PATH:/usr/local/go/bin"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work" # the read-only case runs the binary as another user
ms=$work/minesat
go build -o "$ms" ./cmd/minesat || exit 1
cd "$work" || exit 1

failed=0
ok() { printf 'ok    %s\n' "$1"; }
fail() {
  printf 'FAIL  %s: %s\n' "$1" "$2"
  failed=$((failed + 1))
  return 1 # so that "check || fail ... && ok" reports no ok after it
}

# stop CMD...: runs CMD, sent SIGTERM after 1 s.
stop() { timeout --preserve-status -k 5 -s TERM 1 "$@"; }

# bound CMD...: runs CMD, killed after 10 s (a case that must end by
# itself, so that a regression fails instead of hanging the audit).
bound() { timeout -s KILL 10 "$@"; }

# run NAME CODE MS CMD...: runs CMD (stdin /dev/null, stdout to out,
# stderr to err), and checks that it exits with CODE within MS
# milliseconds. It reports a failure and returns 1, or returns 0 and
# leaves the reporting of success to the caller's further checks.
run() {
  local name=$1 want=$2 limit=$3
  shift 3
  local start=$EPOCHREALTIME code took
  "$@" <"$work/null" >"$work/out" 2>"$work/err"
  code=$?
  took=$(((${EPOCHREALTIME/./} - ${start/./}) / 1000))
  if [ "$code" != "$want" ]; then
    fail "$name" "exit $code, want $want; stderr: $(head -c 300 "$work/err")"
    return 1
  fi
  if [ "$took" -gt "$limit" ]; then
    fail "$name" "took $took ms, want under $limit"
    return 1
  fi
  return 0
}

# has NAME FILE TEXT: checks that FILE contains TEXT.
has() {
  grep -qF -- "$3" "$2" && return 0
  fail "$1" "$(basename "$2") lacks \"$3\": $(head -c 300 "$2")"
  return 1
}

# whole FILE: whether FILE is empty or ends with a newline.
whole() { [ ! -s "$1" ] || [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ]; }

: >"$work/null"
mkfifo in.fifo out.fifo
"$ms" gen --seed 1 >puzzle.txt
"$ms" play --level beginner --games 3 --record recs.jsonl >/dev/null
"$ms" play --level beginner --games 3 --format json >summary.json
gzip -c recs.jsonl >recs.gz

# 2. An input no one writes: the open ends with the signal, and with --timeout.
for cmd in solve analyze cnf compare merge replay; do
  name="$cmd FIFO with no writer, SIGTERM"
  run "$name" 3 2500 stop "$ms" "$cmd" in.fifo && ok "$name"
done
for cmd in solve analyze; do
  name="$cmd --timeout 1s FIFO with no writer"
  run "$name" 3 2500 bound "$ms" "$cmd" --timeout 1s in.fifo && ok "$name"
done
name="play --against FIFO with no writer, SIGTERM"
run "$name" 3 2500 stop "$ms" play --level expert --rules safe --games 5 --against in.fifo && ok "$name"

# stdin held open with nothing written.
exec 4<>in.fifo
name="solve - on a stdin that stays empty, SIGTERM"
stdin_open() { stop "$ms" solve - <&4; }
run "$name" 3 2500 stdin_open && ok "$name"
exec 4<&-

# Outputs no one reads: the open or the stalled write ends with the signal.
name="replay --html FIFO with no reader, SIGTERM"
run "$name" 3 2500 stop "$ms" replay --html out.fifo recs.jsonl && ok "$name"
name="play --record FIFO with no reader, SIGTERM (never exit 0)"
run "$name" 3 2500 stop "$ms" play --level beginner --games 100000 --record out.fifo &&
  has "$name" err "interrupted while opening --record" && ok "$name"
exec 4<>out.fifo # a reader that never reads: writes stall past the pipe's 64 KB
name="play --record FIFO read by no one past 64 KB, SIGTERM"
run "$name" 3 2500 stop "$ms" play --level beginner --games 100000 --workers 1 --record out.fifo &&
  has "$name" out "beginner" && ok "$name"
name="gen to a stdout no one reads, SIGTERM"
stalled_stdout() { stop "$ms" gen --level 1000x1000/1000 >&4; }
run "$name" 3 2500 stalled_stdout && ok "$name"
exec 4<&-

# 9. Printing is within --timeout: analyze's output of 20,000 lines, read
# by a bash loop (a few seconds), ends with the limit, on a whole line.
{
  echo '20000 5 0'
  for _ in $(seq 20000); do echo '-1 -1 -1 -1 -1'; done
} >tall.txt
name="analyze --timeout 1s printing to a slow reader"
slow_reader() {
  local start=$EPOCHREALTIME code end took
  { bound "$ms" analyze --timeout 1s tall.txt 2>err; echo "$? $EPOCHREALTIME" >ended; } |
    while IFS= read -r line; do printf '%s\n' "$line"; done >printed
  read -r code end <ended
  took=$(((${end/./} - ${start/./}) / 1000))
  [ "$code" = 3 ] || { fail "$name" "exit $code, want 3"; return; }
  [ "$took" -le 2500 ] || { fail "$name" "ended after $took ms, want under 2500"; return; }
  whole printed || { fail "$name" "the output ends in a torn line"; return; }
  ok "$name"
}
slow_reader

# /dev/full: a write error, exit 2, saying so.
name="gen > /dev/full"
to_full() { "$ms" gen --seed 1 >/dev/full; }
run "$name" 2 10000 to_full && has "$name" err "no space left" && ok "$name"
name="play --record /dev/full"
run "$name" 2 10000 "$ms" play --level beginner --games 50 --record /dev/full &&
  has "$name" err "no space left" && ok "$name"

# 6. A usage error changes no file.
printf 'keep\n' >keep.jsonl
name="play --record keep.jsonl --outcomes nodir/o.txt keeps keep.jsonl"
run "$name" 2 10000 "$ms" play --level expert --games 5 --record keep.jsonl --outcomes nodir/o.txt &&
  { [ "$(cat keep.jsonl)" = keep ] || fail "$name" "keep.jsonl changed"; } && ok "$name"

# A read-only folder (run as nobody when root, whom permissions do not stop).
mkdir ro rw
printf 'keep\n' >ro/keep.jsonl
chmod 555 ro
chmod 777 rw
as=()
if [ "$(id -u)" = 0 ]; then as=(setpriv --reuid=65534 --regid=65534 --clear-groups); fi
name="play --record in a read-only folder"
run "$name" 2 10000 "${as[@]}" "$ms" play --level beginner --games 5 --record ro/keep.jsonl &&
  { [ "$(cat ro/keep.jsonl)" = keep ] || fail "$name" "ro/keep.jsonl changed"; } && ok "$name"
name="play --outcomes in a read-only folder keeps --record's file"
printf 'keep\n' >rw/keep.jsonl
chmod 666 rw/keep.jsonl
run "$name" 2 10000 "${as[@]}" "$ms" play --level beginner --games 5 --record rw/keep.jsonl --outcomes ro/o.txt &&
  { [ "$(cat rw/keep.jsonl)" = keep ] || fail "$name" "rw/keep.jsonl changed"; } &&
  { [ ! -e ro/o.txt ] || fail "$name" "ro/o.txt created"; } && ok "$name"

# A whole output is replaced only on success.
printf 'old page\n' >page.html
{ cat recs.jsonl; printf '{\n'; } >bad.jsonl
name="replay --html of a bad record file keeps the old page"
run "$name" 2 10000 "$ms" replay --html page.html bad.jsonl &&
  { [ "$(cat page.html)" = "old page" ] || fail "$name" "page.html changed"; } && ok "$name"
name="replay --html replaces the page, no temporary file left"
run "$name" 0 10000 "$ms" replay --html page.html recs.jsonl && has "$name" page.html "<html" &&
  { [ -z "$(find . -maxdepth 1 -name '.*.tmp')" ] || fail "$name" "a temporary file is left"; } && ok "$name"

# 8. A write failure (the file size limit) leaves whole lines that replay reads.
for f in limit.jsonl limit.jsonl.gz; do
  name="ulimit -f 64: play --record $f"
  limited() { (ulimit -f 64 && exec "$ms" play --level expert --games 200 --record "$f"); }
  run "$name" 2 30000 limited &&
    has "$name" err "file too large" &&
    { [ "$(stat -c %s "$f")" -le 65536 ] || fail "$name" "$(stat -c %s "$f") bytes, past the limit"; } &&
    { [[ $f == *.gz ]] || whole "$f" || fail "$name" "a torn line is left"; } &&
    run "$name" 0 10000 "$ms" replay -q "$f" && ok "$name"
done

# 10. gzip records: members concatenated are one stream; anything else after
# the data, and a stream cut short, are errors that say which.
cat recs.gz recs.gz >two.jsonl.gz
name="replay of two gzip members"
run "$name" 0 10000 "$ms" replay -q two.jsonl.gz && has "$name" out "6 games verified" && ok "$name"
{ cat recs.gz; printf 'junk\n'; } >junk.jsonl.gz
name="replay of gzip with bytes after it"
run "$name" 2 10000 "$ms" replay -q junk.jsonl.gz &&
  has "$name" err "junk.jsonl.gz:3: bytes at offset $(stat -c %s recs.gz), after the gzip data, are not gzip" &&
  ok "$name"
head -c "$(($(stat -c %s recs.gz) / 2))" recs.gz >cut.jsonl.gz
name="replay of truncated gzip"
run "$name" 2 10000 "$ms" replay -q cut.jsonl.gz && has "$name" err "ends early" && ok "$name"

# Repeated flags: the last one counts, and a file named by an earlier one is
# not touched.
name="play --record a.jsonl --record b.jsonl writes b only"
run "$name" 0 10000 "$ms" play --level beginner --games 2 --record a.jsonl --record b.jsonl &&
  { [ ! -e a.jsonl ] || fail "$name" "a.jsonl created"; } &&
  { [ "$(wc -l <b.jsonl)" = 2 ] || fail "$name" "b.jsonl holds $(wc -l <b.jsonl) lines, want 2"; } && ok "$name"
name="solve --timeout 1h --timeout 1s FIFO"
run "$name" 3 2500 bound "$ms" solve --timeout 1h --timeout 1s in.fifo && ok "$name"
name="play --against twice, the same file"
"$ms" play --level beginner --rules safe --games 5 --outcomes ref.txt >/dev/null
run "$name" 0 10000 "$ms" play --level beginner --rules safe --games 5 --against ref.txt --against ref.txt &&
  has "$name" out "ref.txt" && ok "$name"

if [ "$failed" -gt 0 ]; then
  echo "audit: $failed case(s) failed"
  exit 1
fi
echo "audit: every case passed"
