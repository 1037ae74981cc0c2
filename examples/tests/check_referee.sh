#!/usr/bin/env bash
# Runs the example referee (examples/referees/bots-referee) once, for CTest,
# and checks that it ends on its own, in time, with the expected status: for a
# game, status 0 and a last stdout line 'RESULT <winner or -1> <turns>'.
# `timeout` is only the safety net of this script; the referee must finish well
# before it (--max-seconds). Prints the time taken and the referee's stderr.
#
# usage: check_referee.sh REFEREE [--status N] [--max-seconds S] [--turns T]
#                         [--stderr REGEX]... [--no-stderr REGEX]... -- REFEREE_ARGS...
#   --turns T      also require that RESULT reports T turns
#   --stderr R     require a line of the referee's stderr to match R (grep -E)
#   --no-stderr R  require that no line of its stderr matches R
set -uo pipefail
export LC_ALL=C

referee=$1
shift
status=0 max_seconds=30 turns="" stderr_patterns=() no_stderr_patterns=()
while (($# > 0)); do
  case $1 in
    --status) status=$2; shift 2 ;;
    --max-seconds) max_seconds=$2; shift 2 ;;
    --turns) turns=$2; shift 2 ;;
    --stderr) stderr_patterns+=("$2"); shift 2 ;;
    --no-stderr) no_stderr_patterns+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "check_referee: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
start=${EPOCHREALTIME/./}
timeout -k 5 $((max_seconds + 30)) "$referee" "$@" >"$out" 2>"$err"
got=$?
ms=$(((${EPOCHREALTIME/./} - start) / 1000))
echo "$(basename "$referee") $* -> status $got in ${ms} ms"
sed 's/^/  stderr: /' "$err"
tail -n 3 "$out" | sed 's/^/  stdout: /'

fail() { echo "FAIL: $*"; exit 1; }
((got == 124 || got == 137)) && fail "the referee hung (killed by timeout)"
((got == status)) || fail "status $got, expected $status"
((ms <= max_seconds * 1000)) || fail "took ${ms} ms, more than ${max_seconds} s"
if ((status == 0)); then
  last=$(tail -n 1 "$out")
  [[ $last =~ ^RESULT\ (-1|[0-3])\ ([0-9]+)$ ]] || fail "last line is not 'RESULT <winner> <turns>': '$last'"
  [[ -z $turns || ${BASH_REMATCH[2]} == "$turns" ]] || fail "RESULT reports ${BASH_REMATCH[2]} turns, expected $turns"
  (($(wc -l <"$out") == 1)) || fail "stdout has more than the RESULT line"
fi
for p in "${stderr_patterns[@]}"; do
  grep -Eq -- "$p" "$err" || fail "no stderr line matches '$p'"
done
for p in "${no_stderr_patterns[@]}"; do
  grep -Eq -- "$p" "$err" && fail "a stderr line matches '$p'"
done
echo "OK"
