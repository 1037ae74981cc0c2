#!/usr/bin/env python3
"""Runs one proof-bot case of arbiter check-bot and checks its outcome.

  proof_bots_test.py --arbiter ARBITER --cpp-bot BIN --java-jar-dir-or-classpath DIR
                     --python-bot proof_bot.py --case NAME

A case is <game>-<scenario>-<lang>, e.g. jc2015-crash-late-cpp: it runs

  arbiter check-bot --game G --quiet --json REPORT --repro-dir DIR
      -- BOT --game G --mode M [--turn K]

in a temporary folder and checks the exit status and the JSON report (see
README.md in this folder for what each case proves). Exit status: 0 the case
holds, 1 it does not (the reason is printed), 2 usage error (an unknown case,
a missing bot). --list prints every case. Standard library only.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

LANGS = ("cpp", "java", "python")
GAMES = ("jc2015", "wondev", "island")

# The bot's own turn on which crash-at and late-at misbehave: in the last
# quarter of the bot's own turns of a whole game, and the global turn it is
# at least on in a game played from its start (own turn K of seat s is global
# turn P * (K - 1) + s with P players).
#   jc2015: 1000 turns, 4 players: 250 own turns.
#   island: 200 turns, 2 players: 100 own turns (a game nobody leaves).
#   wondev: up to 200 rounds, but the board fills up long before: the
#   proof bot's whole games with seed 1 last 44 to 49 own turns in leagues
#   1-3 (league 0 ends at its first climb onto level 3, after about 12).
LATE_TURN = {"jc2015": 220, "island": 80, "wondev": 36}
DEEP_TURN = {"jc2015": 750, "island": 150, "wondev": 70}
PLAYERS = {"jc2015": 4, "island": 2, "wondev": 2}
# The own turns of a whole game that nobody ends, which the counting bot
# plays in every seat against the whole-game players (a wondev game ends
# when the board fills up, well before its 200 rounds).
OWN_TURN_LIMIT = {"jc2015": 250, "island": 100}

# The one rule variant fail-league3 fails, and the others the sweep covers.
FAILING_LEAGUE = "league=3"
PASSING_LEAGUES = ("league=0", "league=1", "league=2")


def case_table():
    """name -> (game, scenario, lang)."""
    cases = {}

    def add(game, scenario, langs):
        for lang in langs:
            cases["%s-%s-%s" % (game, scenario, lang)] = (game, scenario, lang)

    for game in GAMES:
        add(game, "counting", LANGS)
        add(game, "crash-late", LANGS if game == "jc2015" else ("cpp", "python"))
        add(game, "late-late", ("cpp", "python"))
        add(game, "never-flush", LANGS)
    add("jc2015", "ready-unflushed", LANGS)
    add("wondev", "fail-league3", LANGS)
    # Beginner mistakes (BEGINNER): the diagnosis each must get.
    for game in ("jc2015", "wondev"):
        add(game, "reads-extra", LANGS)
    add("jc2015", "reads-before-ready", LANGS)
    for scenario in ("debug-stdout", "lower-case"):
        add("jc2015", scenario, LANGS)
        add("wondev", scenario, ("python",))
    cases["driver-unknown-case"] = ("", "driver-unknown-case", "")
    return cases


MODE_OF = {"counting": "ok", "crash-late": "crash-at", "late-late": "late-at",
           "never-flush": "never-flush", "ready-unflushed": "ready-unflushed",
           "reads-extra": "reads-extra", "reads-before-ready": "reads-before-ready",
           "debug-stdout": "debug-stdout", "lower-case": "lower-case",
           "fail-league3": "fail-league3"}


class CaseFailed(Exception):
    pass


def usage_error(message):
    print("proof_bots_test: %s" % message, file=sys.stderr)
    sys.exit(2)


def bot_command(args, lang):
    if lang == "cpp":
        if not args.cpp_bot or not os.access(args.cpp_bot, os.X_OK):
            usage_error("--cpp-bot: %r is not an executable" % args.cpp_bot)
        return [args.cpp_bot]
    if lang == "java":
        path = args.java_jar_dir_or_classpath
        if not path or not os.path.exists(path):
            usage_error("--java-jar-dir-or-classpath: %r does not exist" % path)
        return [args.java, "-cp", path, "ProofBot"]
    if not args.python_bot or not os.path.isfile(args.python_bot):
        usage_error("--python-bot: %r is not a file" % args.python_bot)
    # The interpreter running this driver, not the shebang's `env python3`:
    # a version manager's shim there can cost most of a 1000 ms first turn.
    return [args.python, args.python_bot]


def describe_findings(report, limit=8):
    lines = []
    for f in report.get("findings", [])[:limit]:
        lines.append("  %s %s [%s] match %s, seat %s, turn %s: %s" % (
            f.get("severity"), f.get("check"), f.get("clause"), f.get("match"),
            f.get("seat"), f.get("turn"), f.get("message")))
    if len(report.get("findings", [])) > limit:
        lines.append("  ... %d more" % (len(report["findings"]) - limit))
    return "\n".join(lines) or "  (no findings)"


def expect(condition, reason):
    if not condition:
        raise CaseFailed(reason)


def findings_of(report, check):
    return [f for f in report.get("findings", []) if f.get("check") == check]


def check_counting(game, status, report, stdout):
    expect(status == 0, "a correct bot that counts its own turns%s must pass (exit 0), "
           "got exit %d" % (" and shuffles" if game == "island" else "", status))
    failing = [f for f in report.get("findings", []) if f.get("severity") == "fail"]
    expect(not failing, "a correct bot has failing findings")
    coverage = report.get("coverage")
    expect(isinstance(coverage, dict), "the report has no \"coverage\" object")
    expect(coverage.get("complete") is True,
           "coverage.complete is %r (shortfall: %r)" % (coverage.get("complete"),
                                                         coverage.get("shortfall")))
    seats = coverage.get("seats")
    expect(isinstance(seats, list) and seats, "coverage.seats is empty or missing")
    for seat in seats:
        where = "seat %s%s" % (seat.get("seat"),
                               ", " + seat["variant"] if seat.get("variant") else "")
        expect((seat.get("whole_games_to_end") or 0) >= 1,
               "%s: whole_games_to_end is %r; every seat must play a whole game to its end"
               % (where, seat.get("whole_games_to_end")))
        if game in OWN_TURN_LIMIT:
            expect(seat.get("deepest_own_turn") == OWN_TURN_LIMIT[game],
                   "%s: deepest_own_turn is %r, not the game's last own turn %d"
                   % (where, seat.get("deepest_own_turn"), OWN_TURN_LIMIT[game]))
    expect(len(seats) >= PLAYERS[game],
           "coverage.seats lists %d seat(s); %s has %d" % (len(seats), game, PLAYERS[game]))


def check_deep(game, check, status, report, stdout):
    expect(status == 1, "a bot with a %s on own turn %d must fail (exit 1), got exit %d"
           % (check, LATE_TURN[game], status))
    found = findings_of(report, check)
    expect(found, "no %s finding" % check)
    whole = [f for f in found if str(f.get("match", "")).startswith("whole-")]
    expect(whole, "no %s finding in a whole game (a match whose id starts with whole-); "
           "found in: %s" % (check, ", ".join(str(f.get("match")) for f in found)))
    deep = [f for f in whole if isinstance(f.get("turn"), int) and f["turn"] >= DEEP_TURN[game]]
    expect(deep, "the %s finding of the whole game is on turn %s, not deep in the game "
           "(global turn >= %d: own turn %d)" % (
               check, ", ".join(str(f.get("turn")) for f in whole), DEEP_TURN[game],
               LATE_TURN[game]))


def check_crash_late(game, status, report, stdout):
    check_deep(game, "process.crash", status, report, stdout)


def check_late_late(game, status, report, stdout):
    check_deep(game, "action.deadline", status, report, stdout)


def check_unbuffered_python(game, status, report, stdout):
    """wondev's cg profile runs a Python bot unbuffered, as CodinGame does."""
    expect(status == 0, "a Python bot that never flushes must pass under the cg profile, which "
           "runs Python unbuffered (PYTHONUNBUFFERED=1) as CodinGame does; got exit %d" % status)
    expect(not findings_of(report, "action.unflushed"), "an action.unflushed finding for a "
           "Python bot run unbuffered")
    expect("PYTHONUNBUFFERED=1" in report.get("environment", []),
           "the bot's environment does not hold PYTHONUNBUFFERED=1: %r"
           % report.get("environment"))


def check_unflushed(check, unproven):
    """A C++ or Python runtime flushes its buffer when the bot exits at the
    end of its input, so closing the bot's stdin brings the line out and
    proves it unflushed: `check`. A JVM never flushes a PrintWriter at exit,
    so for Java nothing proves it: the finding is `unproven` (the deadline or
    the missing READY) and must name the unflushed buffer first, as the most
    likely cause (arbiter.check.diagnosis)."""
    def run(game, status, report, stdout, lang):
        expect(status == 1, "an unflushed bot must fail (exit 1), got exit %d" % status)
        wanted = (check,) if lang != "java" else unproven
        found = [f for c in wanted for f in findings_of(report, c)]
        expect(found, "no %s finding" % " or ".join(wanted))
        expect(any("flush" in str(f.get("message", "")).lower() for f in found),
               "the %s finding does not say \"flush\": %r" % (wanted[0], found[0].get("message")))
        if lang == "java":
            expect(any("most likely" in str(f.get("message", "")) for f in found),
                   "the finding does not name the unflushed buffer as the most likely cause: %r"
                   % found[0].get("message"))
    return run


def check_fail_league(game, status, report, stdout):
    expect(status == 1, "a bot that crashes in %s must fail (exit 1), got exit %d"
           % (FAILING_LEAGUE, status))
    variant_of = {m.get("id"): m.get("variant") for m in report.get("matches", [])}
    crashes = findings_of(report, "process.crash")
    expect(crashes, "no process.crash finding")
    for f in crashes:
        variant = variant_of.get(f.get("match"))
        expect(variant == FAILING_LEAGUE, "a process.crash finding in match %s, whose variant "
               "is %r, not %s" % (f.get("match"), variant, FAILING_LEAGUE))
    verdicts = report.get("verdicts_by_variant")
    expect(isinstance(verdicts, list), "the report has no \"verdicts_by_variant\" array")
    by_variant = {v.get("variant"): v.get("verdict") for v in verdicts}
    expect(by_variant.get(FAILING_LEAGUE) == "fail", "verdicts_by_variant gives %s %r, not "
           "\"fail\"" % (FAILING_LEAGUE, by_variant.get(FAILING_LEAGUE)))
    for league in PASSING_LEAGUES:
        expect(by_variant.get(league) == "pass", "verdicts_by_variant gives %s %r, not "
               "\"pass\"" % (league, by_variant.get(league)))
    number = FAILING_LEAGUE.split("=")[1]
    for pattern in (r"%s: FAIL" % re.escape(FAILING_LEAGUE),
                    r"%s: PASS" % re.escape(PASSING_LEAGUES[0])):
        expect(re.search(pattern, stdout), "the terminal output has no line matching %r "
               "(league %s fails, the others pass)" % (pattern, number))


# A beginner's mistake on its own turn K: the checks one of which must name
# it, the words its message or advice must hold, and the words neither may
# use (a diagnosis the evidence contradicts; arbiter.check.diagnosis).
BEGINNER = {
    # Reads a line more than the turn gives, on own turn 3 (its earlier
    # answers came out flushed): blocked reading, it dies at the end of its
    # input with nothing printed, so no answer sat in a buffer.
    "reads-extra": (3, ("action.deadline", "action.first-deadline"),
                    ("expecting more than the turn gives", "read exactly the lines"),
                    ("flush",)),
    "reads-before-ready": (1, ("ready.missing",),
                           ("blocked reading its input before printing it",
                            "first, before reading any input"),
                           ("buffer it never flushed", "most likely")),
    "debug-stdout": (2, ("action.invalid",), ("write it to stderr",), ("flush",)),
    "lower-case": (2, ("action.invalid",), ("upper case",), ("stderr", "flush")),
}


def check_beginner(scenario):
    turn, checks, says, never = BEGINNER[scenario]

    def run(game, status, report, stdout):
        expect(status == 1, "a bot that %s must fail (exit 1), got exit %d" % (scenario, status))
        found = [f for c in checks for f in findings_of(report, c)]
        expect(found, "no %s finding" % " or ".join(checks))
        for f in found:
            text = "%s | advice: %s" % (f.get("message", ""), f.get("advice", ""))
            for word in says:
                expect(word in text, "the %s finding does not say %r: %s"
                       % (f.get("check"), word, text))
            for word in never:
                expect(word not in text.lower(), "the %s finding says %r, which the evidence "
                       "contradicts: %s" % (f.get("check"), word, text))
    return run


CHECKS = {"counting": check_counting, "crash-late": check_crash_late,
          "late-late": check_late_late,
          "never-flush": check_unflushed("action.unflushed",
                                         ("action.first-deadline", "action.deadline")),
          "ready-unflushed": check_unflushed("ready.unflushed", ("ready.missing",)),
          "fail-league3": check_fail_league}
CHECKS.update({scenario: check_beginner(scenario) for scenario in BEGINNER})
# The scenarios whose bot fails on its first line of every match.
FIRST_LINE = ("never-flush", "ready-unflushed")


def run_unknown_case_check():
    """The driver itself: an unknown case is exit 2 with a message."""
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--case", "no-such-case"],
                          capture_output=True, text=True, timeout=60)
    expect(proc.returncode == 2, "--case no-such-case: exit %d, not 2" % proc.returncode)
    expect("unknown case" in proc.stderr and "no-such-case" in proc.stderr,
           "--case no-such-case: stderr does not name the unknown case: %r" % proc.stderr)


def run_arbiter(command, workdir, timeout):
    """The finished arbiter process (returncode, stdout, stderr). On a timeout
    arbiter gets SIGTERM first, so that it stops its bots and writes its
    report, and SIGKILL only if it does not exit."""
    try:
        proc = subprocess.Popen(command, cwd=workdir, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                errors="replace")
    except OSError as e:
        raise CaseFailed("arbiter could not be run: %s" % e)
    try:
        proc.stdout_text, proc.stderr_text = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
        raise CaseFailed("arbiter did not finish within %d s" % timeout)
    return proc


def run_case(args, name, game, scenario, lang):
    bot = bot_command(args, lang) + ["--game", game, "--mode", MODE_OF[scenario]]
    if scenario in ("crash-late", "late-late"):
        bot += ["--turn", str(LATE_TURN[game])]
    if scenario in BEGINNER:
        bot += ["--turn", str(BEGINNER[scenario][0])]
    workdir = tempfile.mkdtemp(prefix="proof-bots-")
    report_path = os.path.join(workdir, "report.json")
    command = [args.arbiter, "check-bot", "--game", game]
    # fail-league3 reads the terminal's per-league lines, so it is not quiet.
    if scenario != "fail-league3":
        command.append("--quiet")
    command += ["--json", report_path, "--repro-dir", os.path.join(workdir, "repro")]
    check = CHECKS[scenario]
    if (game, scenario, lang) == ("wondev", "never-flush", "python"):
        check = check_unbuffered_python
    # The first game tells: the diagnosis is what is proven. A beginner's
    # mistake shows on its turn; a bot that never flushes fails on its first
    # line in every match alike (the handshake or the first answer), so the
    # 14 matches after it would only wait again (2.7 s each). The unbuffered
    # Python bot must PASS, a claim of the whole default run: it keeps it.
    if scenario in BEGINNER or (scenario in FIRST_LINE and check is not check_unbuffered_python):
        command += ["--games", "1", "--no-edge-cases"]
    # Otherwise default options: every match is played by default, so a late
    # failure is found in a whole game even when a seeded game shows it
    # first, and the per-league verdicts cover every league.
    command += ["--"] + bot
    try:
        proc = run_arbiter(command, workdir, args.timeout)
        try:
            with open(report_path) as f:
                report = json.load(f)
        except (OSError, ValueError) as e:
            raise CaseFailed("no readable JSON report (exit %d): %s\nstderr: %s"
                             % (proc.returncode, e, proc.stderr_text[-2000:]))
        try:
            if scenario in ("never-flush", "ready-unflushed") and check is not check_unbuffered_python:
                check(game, proc.returncode, report, proc.stdout_text, lang)
            else:
                check(game, proc.returncode, report, proc.stdout_text)
        except CaseFailed as e:
            raise CaseFailed("%s\nfindings:\n%s\nterminal output:\n%s" % (
                e, describe_findings(report), "\n".join(proc.stdout_text.splitlines()[:40])))
    except CaseFailed as e:
        print("FAIL %s: %s\ncommand: %s" % (name, e, " ".join(command)))
        if args.keep_temp:
            print("kept: %s" % workdir)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
        return 1
    shutil.rmtree(workdir, ignore_errors=True)
    print("PASS %s" % name)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arbiter", help="the arbiter binary")
    parser.add_argument("--cpp-bot", help="proof_bot.cc, compiled")
    parser.add_argument("--java-jar-dir-or-classpath",
                        help="the class path holding ProofBot.class (a folder or a jar)")
    parser.add_argument("--python-bot", help="proof_bot.py")
    parser.add_argument("--java", default="java", help="the java launcher (default: java)")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter of the Python bot (default: this one)")
    parser.add_argument("--case", help="the case to run")
    parser.add_argument("--list", action="store_true", help="print every case and exit")
    parser.add_argument("--timeout", type=int, default=540, help="seconds for one arbiter run")
    parser.add_argument("--keep-temp", action="store_true",
                        help="keep the temporary folder of a failing case")
    args = parser.parse_args()
    cases = case_table()
    if args.list:
        print("\n".join(sorted(cases)))
        return 0
    if not args.case:
        usage_error("--case NAME is required (--list prints the cases)")
    if args.case not in cases:
        usage_error("unknown case %r (--list prints the cases)" % args.case)
    game, scenario, lang = cases[args.case]
    if scenario == "driver-unknown-case":
        try:
            run_unknown_case_check()
        except CaseFailed as e:
            print("FAIL %s: %s" % (args.case, e))
            return 1
        print("PASS %s" % args.case)
        return 0
    if not args.arbiter or not os.access(args.arbiter, os.X_OK):
        usage_error("--arbiter: %r is not an executable" % args.arbiter)
    return run_case(args, args.case, game, scenario, lang)


if __name__ == "__main__":
    sys.exit(main())
