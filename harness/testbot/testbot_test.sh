#!/usr/bin/env bash
# Checks that arbiter_testbot does what each of its modes says, for CTest.
#
# The harness tests trust the testbot to misbehave in exactly one way per mode;
# this script pins each mode down from the outside with a hand-made turn input
# (all blocks stable, players in the four corners), so that a broken testbot
# fails here and not as a puzzling harness diagnosis. Durations are checked
# only from below (sleeps guarantee them), never from above, so that a loaded
# machine cannot make it flaky.
#
# usage: testbot_test.sh PATH_TO_ARBITER_TESTBOT [command-line]
# With 'command-line' it only checks that bad command lines (an unknown mode
# first) exit with status 2 and print nothing on stdout.
set -uo pipefail
export LC_ALL=C
trap '' PIPE

testbot=$1
only=${2:-}
failures=0
name=""
fail() {
  echo "FAIL $name: $*" >&2
  failures=$((failures + 1))
}
now_ms() { local t=${EPOCHREALTIME/./}; echo $((10#$t / 1000)); }
show() { printf '%q' "$1"; }
errfile=$(mktemp)
cleanup() { rm -f "$errfile"; }
trap cleanup EXIT

# start MODE_ARGS...: runs the testbot as a coprocess (stderr to $errfile).
start() {
  name="$*"
  coproc TB { trap - PIPE; exec "$testbot" "$@" 2>"$errfile"; }
  pid=$TB_PID
  exec {to}>&"${TB[1]}" {from}<&"${TB[0]}"
  eval "exec ${TB[1]}>&- ${TB[0]}<&-"
}

# turn ID STUN: writes one turn input for player ID whose own S is STUN.
turn() {
  local -a s=(0 0 0 0)
  s[$1]=$2
  printf '%s\n' "$1" 0 "0 0 0 0 0 0" "0 0 0 0 0 0" "0 0 0 0 0 0" "0 0 0 0 0 0" "0 0 0 0 0 0" \
    "0 0 0 0 0 0" "1 1 R ${s[0]}" "1 16 L ${s[1]}" "16 1 U ${s[2]}" "16 16 D ${s[3]}" EOD \
    >&"$to" 2>/dev/null
}

# expect LINE [SECONDS]: the next output line is exactly LINE.
expect() {
  local line
  if ! IFS= read -r -t "${2:-5}" -u "$from" line; then
    fail "expected $(show "$1"), got $(show "$line") and no newline"
  elif [[ $line != "$1" ]]; then
    fail "expected $(show "$1"), got $(show "$line")"
  fi
}

# silent SECONDS: no complete line within SECONDS; sets $partial to the text
# of an incomplete one.
silent() {
  partial=""
  if IFS= read -r -t "$1" -u "$from" partial; then
    fail "expected no line for $1 s, got $(show "$partial")"
  fi
}

close_stdin() {
  exec {to}>&-
  to=""
}

alive() {
  sleep "${1:-0.3}"
  kill -0 "$pid" 2>/dev/null || fail "exited, expected it to stay alive"
}

# finish STATUS: the process ends (within 5 s) with STATUS; then reaps it.
finish() {
  local waited=0
  while kill -0 "$pid" 2>/dev/null && ((waited < 100)); do
    sleep 0.05
    waited=$((waited + 1))
  done
  kill -0 "$pid" 2>/dev/null && { fail "still running"; kill -KILL "$pid"; }
  wait "$pid" 2>/dev/null
  local status=$?
  ((status == $1)) || fail "exit status $status, expected $1"
  [[ -n $to ]] && close_stdin
  exec {from}<&-
}

# Bad command lines.
name="command line"
for args in "--mode no-such-mode" "--turn 0" "--mode" "--ms -1" "--signal NOPE" "extra"; do
  out=$("$testbot" $args 2>/dev/null </dev/null)
  status=$?
  ((status == 2)) && [[ -z $out ]] || fail "'$args': exit status $status, stdout $(show "$out")"
done
if [[ $only == command-line ]]; then
  ((failures == 0)) && echo "testbot_test: ok" && exit 0
  exit 1
fi

# Mode ok and echo: READY, then N for every input, exit 0 at EOF.
for mode in ok echo; do
  start --mode $mode
  expect READY
  for id in 0 1 2 3; do turn $id 0; expect N; done
  close_stdin
  finish 0
done

# The start-up modes.
start --mode never-ready
silent 0.3
turn 0 0
silent 0.3
close_stdin
finish 0

start --mode late-ready --ms 400
t0=$(now_ms)
expect READY
(($(now_ms) - t0 >= 380)) || fail "READY after $(($(now_ms) - t0)) ms, expected >= 400"
turn 0 0; expect N
close_stdin; finish 0

start --mode banner
expect "hello from bot"; expect READY
turn 0 0; expect N
close_stdin; finish 0

start --mode ready-lowercase
expect ready
turn 0 0; expect N
close_stdin; finish 0

# no-flush: nothing comes out while it plays, everything at exit.
start --mode no-flush
expect READY
turn 0 0; turn 1 0
silent 0.3
alive 0
state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)
[[ $state == S ]] || fail "process state $state, expected S (blocked in read)"
close_stdin
expect N; expect N
finish 0

# partial: 'N' without a newline on turn 2, then only reads.
start --mode partial --turn 2
expect READY
turn 0 0; expect N
turn 1 0
silent 0.3
[[ $partial == N ]] || fail "partial text $(show "$partial"), expected N"
alive 0
close_stdin; finish 0

# The answer-format modes, from turn 2 on.
for spec in "lowercase:n" "crlf:N"$'\r' "trailing-space:N " "invalid:X"; do
  start --mode "${spec%%:*}" --turn 2
  expect READY
  turn 0 0; expect N
  turn 1 0; expect "${spec#*:}"
  turn 2 0; expect "${spec#*:}"
  close_stdin; finish 0
done

start --mode two-lines
expect READY
turn 0 0; expect N; expect N
turn 1 0; expect N; expect N
close_stdin; finish 0

# Slow answers.
start --mode slow-turn --turn 2 --ms 400
expect READY
turn 0 0; expect N
t0=$(now_ms); turn 1 0; expect N
(($(now_ms) - t0 >= 380)) || fail "turn 2 answered after $(($(now_ms) - t0)) ms, expected >= 400"
close_stdin; finish 0

start --mode slow-first --ms 400
expect READY
t0=$(now_ms); turn 0 0; expect N
(($(now_ms) - t0 >= 380)) || fail "turn 1 answered after $(($(now_ms) - t0)) ms, expected >= 400"
close_stdin; finish 0

# Deaths.
start --mode exit --turn 2 --code 7
expect READY
turn 0 0; expect N
turn 1 0
finish 7

start --mode signal --turn 2
expect READY
turn 0 0; expect N
turn 1 0
finish $((128 + 11))

start --mode signal --signal ABRT
expect READY
turn 0 0
finish $((128 + 6))

start --mode crash-on-stun
expect READY
turn 2 0; expect A
turn 2 0; expect N
turn 2 8
finish $((128 + 6))

# close-stdout: stdout reaches EOF while the process lives on.
start --mode close-stdout --turn 2
expect READY
turn 0 0; expect N
turn 1 0
if IFS= read -r -t 5 -u "$from" line || [[ -n $line ]]; then
  fail "expected stdout to be closed, got $(show "$line")"
elif (($? > 128)); then
  fail "stdout not closed within 5 s"
fi
alive 0
close_stdin; finish 0

# Floods.
start --mode stderr-flood --turn 2
expect READY
turn 0 0; expect N
turn 1 0; expect N 30
size=$(stat -c %s "$errfile")
((size >= 20 * 1024 * 1024)) || fail "stderr has $size bytes, expected 20 MiB"
close_stdin; finish 0

start --mode stdout-flood
expect READY
turn 0 0
flood=$((100 * 1024 * 1024))
want=$(head -c $flood /dev/zero | tr '\0' x | cksum)
got=$(timeout 20 head -c $flood <&"$from" | cksum)
[[ $got == "$want" ]] || fail "stdout flood has checksum and size $got, expected $want (100 MiB of x)"
silent 0.3
alive 0
close_stdin; finish 0

# Processes that do not go away.
start --mode no-read
expect READY
turn 0 0
silent 0.3
close_stdin
alive
kill -TERM "$pid"
finish $((128 + 15))

start --mode ignore-sigterm
expect READY
turn 0 0; expect N
close_stdin
alive
kill -TERM "$pid"
alive
kill -KILL "$pid"
finish $((128 + 9))

start --mode no-exit-on-eof
expect READY
turn 0 0; expect N
close_stdin
alive
kill -TERM "$pid"
finish $((128 + 15))

start --mode grandchild
expect READY
turn 0 0; expect N
close_stdin
exec {from_copy}<&"$from"
finish 0
grandchild=$(sed -n 's/^testbot: grandchild pid \([0-9]*\)$/\1/p' "$errfile")
if [[ -z $grandchild ]] || ! kill -0 "$grandchild" 2>/dev/null; then
  fail "no live grandchild (stderr: $(head -c 200 "$errfile"))"
else
  [[ $(ps -o sid= -p "$grandchild" | tr -d ' ') == "$grandchild" ]] ||
    fail "grandchild $grandchild is not a session leader"
  IFS= read -r -t 0.3 -u "$from_copy" line
  (($? > 128)) || fail "stdout closed although the grandchild holds it"
  kill -KILL "$grandchild"
fi
exec {from_copy}<&-

if ((failures > 0)); then
  echo "testbot_test: $failures failure(s)" >&2
  exit 1
fi
echo "testbot_test: ok"
