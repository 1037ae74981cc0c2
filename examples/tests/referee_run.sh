#!/usr/bin/env bash
# Runs `arbiter check-bot` (or play) through a game's real referee, for CTest,
# and checks the failing checks it reports: exactly the --fail set (none for
# a bot that must pass), each at least once, and no other; --warn and
# --note, when given, must be among the findings too. Prints arbiter's
# terminal report.
#
# usage: referee_run.sh --arbiter ARBITER [--fail "CHECK..."] [--warn "CHECK..."]
#                       [--note "CHECK..."] [--output REGEX] -- ARBITER_ARGS...
#   --output R  a line of arbiter's output must match R (grep -E)
set -uo pipefail
export LC_ALL=C
arbiter="" fail="" warn="" note="" output=""
while (($# > 0)); do
  case $1 in
    --arbiter) arbiter=$2; shift 2 ;;
    --fail) fail=$2; shift 2 ;;
    --warn) warn=$2; shift 2 ;;
    --note) note=$2; shift 2 ;;
    --output) output=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "referee_run: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
json=$(mktemp) out=$(mktemp)
trap 'rm -f "$json" "$out"' EXIT
args=("$@")
# The report's file goes before the bot's command.
for i in "${!args[@]}"; do
  if [[ ${args[$i]} == -- ]]; then
    args=("${args[@]:0:$i}" --json "$json" "${args[@]:$i}")
    break
  fi
done
[[ " ${args[*]} " == *" --json "* ]] || args+=(--json "$json")
"$arbiter" "${args[@]}" >"$out" 2>&1
status=$?
cat "$out"
checks() {  # the distinct checks of severity $1
  python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
print(" ".join(sorted({f["check"] for f in d["findings"] if f["severity"]==sys.argv[2]})))' "$json" "$1"
}
got_fail=$(checks fail)
want_fail=$(tr ' ' '\n' <<<"$fail" | grep -v '^$' | sort | tr '\n' ' ' | sed 's/ $//')
if [[ $got_fail != "$want_fail" ]]; then
  echo "referee_run: failing checks '$got_fail', expected '$want_fail'" >&2
  exit 1
fi
for kind in warn note; do
  want=${!kind}
  [[ $kind == note ]] && sev=info || sev=$kind
  got=" $(checks $sev) "
  for c in $want; do
    if [[ $got != *" $c "* ]]; then
      echo "referee_run: no $kind '$c' (got '$got')" >&2
      exit 1
    fi
  done
done
if [[ -n $output ]] && ! grep -qE -- "$output" "$out"; then
  echo "referee_run: no line of the output matches '$output'" >&2
  exit 1
fi
want_status=0
[[ -n $want_fail ]] && want_status=1
if ((status != want_status)); then
  echo "referee_run: exit status $status, expected $want_status" >&2
  exit 1
fi
echo "referee_run: as expected (fail: '${want_fail:-none}')"
