#!/usr/bin/env bash
# The same jc2015 bot (arbiter_testbot, one misbehaviour at a time) checked on
# arbiter's engine and through bots-referee, a referee that launches its bots
# on arbiter's engine: the game-agnostic checks found must be the same
# (arbiter.referee-run.framing). Prints both sets for every mode.
#
# usage: agree_through_referee.sh --arbiter ARBITER --referee BOTS_REFEREE --bot TESTBOT
set -uo pipefail
export LC_ALL=C
while (($# > 0)); do
  case $1 in
    --arbiter) arbiter=$2; shift 2 ;;
    --referee) referee=$2; shift 2 ;;
    --bot) bot=$2; shift 2 ;;
    *) echo "agree_through_referee: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ids() {
  python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
print(" ".join(sorted({f["check"]+":"+f["severity"] for f in d["findings"]})))' "$1"
}
through="$referee --game jc2015 -s {seed} --time-ms 1000 --ready-ms 5000"
through+=" -a {bot0} -a {bot1} -a {bot2} -a {bot3}"
failed=0
for mode in "ok" "no-flush" "partial --turn 3" "slow-turn --turn 5 --ms 400" "exit --turn 4" \
  "signal --turn 4" "two-lines --turn 3" "late-ready --ms 1500" "never-ready" "crlf --turn 2"; do
  # shellcheck disable=SC2086
  "$arbiter" check-bot --game jc2015 --games 1 --no-whole-games --no-edge-cases \
    --no-calibration -q --json "$dir/native.json" -- "$bot" --mode $mode >/dev/null 2>&1
  # shellcheck disable=SC2086
  "$arbiter" check-bot --game jc2015 --games 1 --referee "$through" --ready-line READY \
    --no-calibration -q --json "$dir/referee.json" -- "$bot" --mode $mode >/dev/null 2>&1
  native=$(ids "$dir/native.json") ref=$(ids "$dir/referee.json")
  echo "$mode: native '$native', through the referee '$ref'"
  if [[ $native != "$ref" ]]; then
    echo "  they differ" >&2
    failed=1
  fi
  if [[ $mode != ok && -z $native ]]; then
    echo "  the mode was not found at all" >&2
    failed=1
  fi
done
exit $failed
