#!/bin/sh
# A bot-launching referee that misreports its result, for the tests of
# `arbiter fuzz-referee`: runs the referee command given after MODE, passes
# its exit status and standard output through, and changes the winner of its
# "RESULT <winner> <turns>" line: MODE keep leaves it, swap states another
# player (1 when the winner was 0, else 0), drop removes the line. MODE
# linger keeps the line, then never exits, as a referee that closed its bots
# and left a thread running.
#
# usage: restate_result.sh keep|swap|drop|linger REFEREE [ARGS...]
mode=$1
shift
out=$("$@")
status=$?
printf '%s\n' "$out" | awk -v mode="$mode" '
  $1 == "RESULT" && mode == "drop" { next }
  $1 == "RESULT" && mode == "swap" { $2 = ($2 == "0" ? 1 : 0) }
  { print }'
[ "$mode" = linger ] && exec sleep 600
exit $status
