#!/usr/bin/env bash
# A bot on a busy machine, for CTest (arbiter.timing.load): runs `arbiter
# check-bot` on the bot RUNS times beside two busy loops per CPU, and fails if
# any run FAILs it for time (action.deadline, action.first-deadline,
# ready.late). A late answer the load explains is inconclusive and played
# again, never a FAIL. Other findings are not this test's business.
#
# usage: under_load.sh --arbiter PATH [--runs N] [--check-bot-args 'ARGS']
#                      -- BOT_COMMAND [ARGS...]
set -uo pipefail
arbiter="" runs=2 check_bot_args=
while (($# > 0)); do
  case $1 in
    --arbiter) arbiter=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --check-bot-args) check_bot_args=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "under_load: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [[ -z $arbiter || $# == 0 ]]; then
  echo "usage: under_load.sh --arbiter PATH [--runs N] -- BOT_COMMAND [ARGS...]" >&2
  exit 2
fi
dir=$(mktemp -d)
loops=()
cleanup() {
  ((${#loops[@]} > 0)) && kill "${loops[@]}" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
for ((i = 0; i < 2 * $(nproc); ++i)); do
  (while :; do :; done) &
  loops+=($!)
done
failed=0
for ((run = 1; run <= runs; ++run)); do
  # shellcheck disable=SC2086  # the extra options are words
  "$arbiter" check-bot $check_bot_args --json "$dir/report.json" -- "$@" >"$dir/out.txt" 2>&1
  status=$?
  if [[ ! -s $dir/report.json ]]; then
    echo "run $run: no report (exit $status)"; cat "$dir/out.txt"; failed=1; continue
  fi
  timing=$(python3 - "$dir/report.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for f in d["findings"]:
    if f["severity"] == "fail" and f["check"] in ("action.deadline", "action.first-deadline", "ready.late"):
        print(f["check"], "turn", f.get("turn"), ":", f["message"])
PY
)
  echo "run $run: exit $status, verdict $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["verdict"])' "$dir/report.json")"
  if [[ -n $timing ]]; then
    echo "run $run FAILed the bot for time on a busy machine:"; echo "$timing"; failed=1
  fi
done
exit $failed
