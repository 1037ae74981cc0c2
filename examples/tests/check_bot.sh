#!/usr/bin/env bash
# Smoke test of a jc2015 bot's protocol conformance, for CTest.
#
# For each seed it takes the turn inputs of a real game from `arbiter simulate`
# (hunter,random,hunter,idle), starts the bot afresh, and talks to it the way a
# referee does: READY must come first, then each 13-line input is written only
# after the previous answer arrived, and each must be answered by exactly one
# line that is one of U R D L A N (no CR, no spaces), flushed. At the end it
# closes the bot's stdin and requires a prompt exit with status 0, no more
# output, and no process left behind holding its stdout. It prints the slowest
# answer per seed. The limits are generous (this runs next to builds on a
# loaded machine); arbiter's harness checks the real ones.
#
# usage: check_bot.sh --arbiter PATH [--seeds "1 2 3"] [--turns N]
#                     [--ready-ms MS] [--turn-ms MS] -- BOT_COMMAND [ARGS...]
set -uo pipefail
export LC_ALL=C
trap '' PIPE  # a bot that dies must make a write fail, not kill this script

arbiter="" seeds="1 2 3 4" turns=50 ready_ms=10000 turn_ms=2000 exit_ms=5000
while (($# > 0)); do
  case $1 in
    --arbiter) arbiter=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --turns) turns=$2; shift 2 ;;
    --ready-ms) ready_ms=$2; shift 2 ;;
    --turn-ms) turn_ms=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "check_bot: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
bot=("$@")
if [[ -z $arbiter || ${#bot[@]} == 0 ]]; then
  echo "usage: check_bot.sh --arbiter PATH [options] -- BOT_COMMAND [ARGS...]" >&2
  exit 2
fi

seconds() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }
now_us() { local t=${EPOCHREALTIME/./}; echo $((10#$t)); }
# Shows a line with control characters made visible.
show() { printf '%q' "$1"; }

failures=0
fail() {
  echo "FAIL seed $seed: $*" >&2
  failures=$((failures + 1))
}

check_seed() {
  local seed=$1
  local -a input
  mapfile -t input < <("$arbiter" simulate --seed "$seed" --autoplay hunter,random,hunter,idle \
    --turns "$turns" 2>/dev/null | grep -v '^RESULT ')
  local expected=0 line
  for line in "${input[@]}"; do [[ $line == EOD ]] && expected=$((expected + 1)); done
  if ((expected == 0)); then
    fail "arbiter simulate produced no turn input"
    return
  fi

  coproc BOT { trap - PIPE; exec "${bot[@]}"; }
  local pid=$BOT_PID to_bot from_bot
  # Private copies: bash closes the coproc's own descriptors when it exits.
  exec {to_bot}>&"${BOT[1]}" {from_bot}<&"${BOT[0]}"
  eval "exec ${BOT[1]}>&- ${BOT[0]}<&-"

  local answer start elapsed slowest=0 answered=0 ok=1
  start=$(now_us)
  if ! IFS= read -r -t "$(seconds "$ready_ms")" -u "$from_bot" answer; then
    fail "no READY line within $(seconds "$ready_ms") s (got $(show "$answer"))"
    ok=0
  elif [[ $answer != READY ]]; then
    fail "first line is $(show "$answer"), not READY"
    ok=0
  fi
  local ready_us=$(($(now_us) - start))

  local -a turn=()
  for line in "${input[@]}"; do
    ((ok)) || break
    turn+=("$line")
    [[ $line == EOD ]] || continue
    if IFS= read -r -t 0 -u "$from_bot" answer; then
      fail "output before turn $((answered + 1))'s input was sent"
      ok=0
      break
    fi
    printf '%s\n' "${turn[@]}" >&"$to_bot" 2>/dev/null || { fail "bot stopped reading"; ok=0; break; }
    turn=()
    start=$(now_us)
    if ! IFS= read -r -t "$(seconds "$turn_ms")" -u "$from_bot" answer; then
      fail "no answer line to input $((answered + 1)) within $(seconds "$turn_ms") s" \
        "(got $(show "$answer"))"
      ok=0
      break
    fi
    elapsed=$(($(now_us) - start))
    ((elapsed > slowest)) && slowest=$elapsed
    if [[ ! $answer =~ ^[URDLAN]$ ]]; then
      fail "answer to input $((answered + 1)) is $(show "$answer"), not one of U R D L A N"
      ok=0
      break
    fi
    answered=$((answered + 1))
  done

  # End of game: close stdin; the bot must exit promptly, writing nothing more.
  exec {to_bot}>&-
  local waited=0
  while kill -0 "$pid" 2>/dev/null && ((waited < exit_ms)); do
    sleep 0.05
    waited=$((waited + 50))
  done
  if kill -0 "$pid" 2>/dev/null; then
    fail "still running $(seconds "$exit_ms") s after its stdin was closed"
    kill -KILL "$pid" 2>/dev/null
  fi
  wait "$pid"
  local status=$?
  if ((ok)); then
    local extra=""
    IFS= read -r -d '' -t 2 -u "$from_bot" extra
    if (($? > 128)); then
      fail "its stdout is still open after it exited (a process left behind?)"
    elif [[ -n $extra ]]; then
      fail "extra output after the last answer: $(show "${extra:0:80}")"
    fi
    ((status == 0)) || fail "exit status $status after EOF"
  fi
  exec {from_bot}<&-
  echo "seed $seed: READY after $((ready_us / 1000)) ms, $answered/$expected answers," \
    "slowest $((slowest / 1000)).$(((slowest % 1000) / 100)) ms, exit status $status"
}

echo "bot: ${bot[*]}"
for seed in $seeds; do check_seed "$seed"; done
if ((failures > 0)); then
  echo "check_bot: $failures failure(s)" >&2
  exit 1
fi
echo "check_bot: ok"
