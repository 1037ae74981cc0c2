// Tests of the time verdicts that must hold on a busy machine: a late
// answer's judgement and its words come from one place (JudgeLate), so no
// figure contradicts the verdict; a launcher's time (a pyenv shim, sh -c)
// is measured apart and named; and the launcher watch's own decisions.
// All on plain values and the discrete-event fake: microseconds each.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checks/confirm.h"
#include "checks/session.h"
#include "checks/silence.h"
#include "process/launcher_watch.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"
#include "tests/match_checks.h"

namespace arbiter::harness {
namespace {

using namespace testing;

bool Says(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

CITES(TimingVerdict, NoFigureAFindingPrintsContradictsItsVerdict, "arbiter.timing.load",
      "arbiter.timing.launcher");
RC_GTEST_PROP(TimingVerdict, NoFigureAFindingPrintsContradictsItsVerdict, ()) {
  LateEvidence e;
  e.limit_ms = *rc::gen::element(50, 100, 1000);
  e.elapsed_ms = *rc::gen::inRange(0, 4 * e.limit_ms) + 0.5;
  e.sched_valid = *rc::gen::arbitrary<bool>();
  e.bot_run_ms = *rc::gen::inRange(0, 2 * e.limit_ms);
  e.bot_wait_ms = *rc::gen::inRange(0, 2 * e.limit_ms);
  e.self_wait_ms = *rc::gen::inRange(0, e.limit_ms / 2);
  e.runtime_threads = *rc::gen::inRange(0, 9);
  if (e.runtime_threads > 0) {
    e.runtime_run_ms = *rc::gen::inRange(0, 3 * e.limit_ms);
    e.runtime_wait_max_ms = *rc::gen::inRange(0, e.limit_ms);
    e.runtime_wait_ms = e.runtime_wait_max_ms * e.runtime_threads;
  }
  if (*rc::gen::arbitrary<bool>()) {
    e.launcher = "/home/u/.pyenv/shims/python3";
    e.launcher_ms = *rc::gen::inRange(0, static_cast<int>(e.elapsed_ms));
  }
  const LateJudgement j = JudgeLate(e);
  const double waits = e.bot_wait_ms + e.self_wait_ms + e.runtime_wait_max_ms;
  // "Not made late by the machine" only beside waits that could not have.
  if (Says(j.text, "not made late by the machine")) {
    RC_ASSERT(j.verdict == LateVerdict::kLate);
    RC_ASSERT(waits * 4 < e.limit_ms);
  }
  // A bot that computed past the limit is late under any load, and says so.
  RC_ASSERT(j.computed_over == (e.sched_valid && e.bot_run_ms > e.limit_ms));
  if (j.computed_over) RC_ASSERT(j.verdict == LateVerdict::kLate);
  // Inconclusive only when its own time is within the limit, and it says so.
  // No figure below what the bot itself ran: waits that overlap are not
  // subtracted twice.
  if (e.sched_valid) RC_ASSERT(OwnTime(e) >= e.bot_run_ms);
  if (j.verdict == LateVerdict::kInconclusive) {
    RC_ASSERT(OwnTime(e) <= e.limit_ms);
    RC_ASSERT(Says(j.text, "within the limit"));
  }
  // A launcher is named whenever its time was left out, and only then
  // excuses the bot: counted from the interpreter's start it was in time.
  if (!e.launcher.empty() && e.launcher_ms > 0) {
    RC_ASSERT(Says(j.text, "its launcher " + e.launcher + " ran"));
    RC_ASSERT(Says(j.advice, "give the interpreter's path"));
  }
  if (j.verdict == LateVerdict::kLauncher) RC_ASSERT(e.elapsed_ms - e.launcher_ms <= e.limit_ms);
  // Figures are printed whenever the kernel gave them.
  RC_ASSERT(Says(j.text, e.sched_valid ? "the bot ran " : "no scheduler statistics"));
}

// The field case: `java Bot.java` beside two busy loops. Its main thread
// and its runtime's threads waited for a CPU at the same time; subtracted
// twice, the waits left 119.7 ms "without the waits", less than the 457.5
// ms the bot itself ran on a CPU.
SPEC_TEST(TimingVerdict, TheTimeWithoutTheWaitsIsNeverLessThanTheBotRanOnACpu,
          "arbiter.timing.load") {
  LateEvidence e{.elapsed_ms = 1032.6,
                 .limit_ms = 1000,
                 .sched_valid = true,
                 .bot_run_ms = 457.5,
                 .bot_wait_ms = 477.6,
                 .self_wait_ms = 0,
                 .runtime_threads = 18,
                 .runtime_run_ms = 511.4,
                 .runtime_wait_ms = 846.3,
                 .runtime_wait_max_ms = 435.3};
  const LateJudgement j = JudgeLate(e);
  EXPECT_EQ(j.verdict, LateVerdict::kInconclusive);
  EXPECT_TRUE(Says(j.text, "without the waits 457.5 ms, within the limit")) << j.text;
}

SPEC_TEST(TimingVerdict, ALateBotThatWaitedLongForACpuIsNeverToldTheMachineDidNotMakeItLate,
          "arbiter.timing.load") {
  // The field case: 1.5 s late against 1000 ms, the bot ran 471 ms and
  // waited 1001.2 ms for a CPU; the rest went to processes that had exited.
  const LateEvidence e{.elapsed_ms = 2650,
                       .limit_ms = 1000,
                       .sched_valid = true,
                       .bot_run_ms = 471,
                       .bot_wait_ms = 1001.2,
                       .self_wait_ms = 3};
  const LateJudgement j = JudgeLate(e);
  EXPECT_EQ(j.verdict, LateVerdict::kLate);
  EXPECT_FALSE(Says(j.text, "not made late by the machine")) << j.text;
  EXPECT_TRUE(Says(j.text, "without the waits for a CPU it still took 1645.8 ms")) << j.text;
  EXPECT_TRUE(Says(j.text, "processes that exited before it answered")) << j.text;
}

SPEC_TEST(TimingVerdict, ALauncherWhoseTimeMakesTheAnswerLateIsNamedWithTheFix,
          "arbiter.timing.launcher") {
  const LateEvidence e{.elapsed_ms = 2650,
                       .limit_ms = 1000,
                       .sched_valid = true,
                       .bot_run_ms = 471,
                       .bot_wait_ms = 1001.2,
                       .launcher = "/home/u/.pyenv/shims/python3",
                       .launcher_ms = 1900};
  const LateJudgement j = JudgeLate(e);
  EXPECT_EQ(j.verdict, LateVerdict::kLauncher);
  EXPECT_TRUE(Says(j.text,
                   "its launcher /home/u/.pyenv/shims/python3 ran 1900.0 ms before the "
                   "interpreter started"))
      << j.text;
  EXPECT_TRUE(Says(j.text, "counted from the interpreter's start it came after 750.0 ms"))
      << j.text;
  EXPECT_TRUE(Says(j.advice, "a contest server starts the interpreter itself")) << j.advice;
}

SPEC_TEST(TimingVerdict, TheLauncherWatchNamesTheScriptAndEndsWhenTheInterpreterStarts,
          "arbiter.timing.launcher") {
  using std::chrono::milliseconds;
  const Clock::time_point t0{std::chrono::seconds(100)};
  LauncherWatch w;
  w.See("", {}, t0);  // not started yet
  EXPECT_FALSE(w.run());
  w.See("/usr/bin/bash", {}, t0);  // its arguments not readable yet (mid-exec)
  EXPECT_FALSE(w.run());
  w.See("/bin/sh", {"/bin/sh", "-c", std::string(kSandboxTrampoline), "/x/bot"}, t0);
  EXPECT_FALSE(w.run());  // the sandbox's own shell, not the bot's launcher
  w.See("/usr/bin/bash", {"bash", "/home/u/.pyenv/shims/python3", "bot.py"}, t0);
  w.See("/usr/bin/bash", {"bash", "/home/u/.pyenv/libexec/pyenv", "exec", "python3"},
        t0 + milliseconds(1500));
  ASSERT_TRUE(w.run());
  EXPECT_EQ(w.run()->path, "/home/u/.pyenv/shims/python3");  // the first, the user's
  EXPECT_FALSE(w.run()->interpreter_at);                     // still the launcher
  w.See("/usr/bin/python3.11", {"python3", "bot.py"}, t0 + milliseconds(1525));
  ASSERT_TRUE(w.run()->interpreter_at);
  // A lower bound: the last look that still saw the shell.
  EXPECT_EQ(*w.run()->interpreter_at, t0 + milliseconds(1500));
  // A bot started directly has no launcher.
  LauncherWatch direct;
  direct.See("/usr/bin/python3.11", {"/usr/bin/python3", "bot.py"}, t0);
  direct.See("/usr/bin/bash", {"bash", "x"}, t0 + milliseconds(25));  // a child's later exec
  EXPECT_FALSE(direct.run());
  EXPECT_EQ(LauncherName({"/bin/sh", "-c", "python3 bot.py"}), "sh -c");
  EXPECT_EQ(LauncherName({"/usr/bin/env", "bash", "/x/run.sh"}), "/x/run.sh");
  EXPECT_TRUE(IsLauncherProgram("dash"));
  EXPECT_FALSE(IsLauncherProgram("python3.11"));
}

// npm stays and runs its script through `sh -c` as a child: the watch
// follows the line down, and a prestart script's program is not the
// interpreter that answers (a new child after it is).
SPEC_TEST(TimingVerdict, TheLauncherWatchFollowsARunnerThatRunsTheInterpreterAsAChild,
          "arbiter.timing.launcher") {
  using std::chrono::milliseconds;
  const Clock::time_point t0{std::chrono::seconds(100)};
  const ProcessLook npm{10, "/usr/bin/node", {"npm start", "", ""}};
  const ProcessLook sh{11, "/usr/bin/dash", {"sh", "-c", "sleep 1"}};
  const ProcessLook prestart{12, "/usr/bin/sleep", {"sleep", "1"}};
  const ProcessLook sh2{13, "/usr/bin/dash", {"sh", "-c", "node bot.js"}};
  const ProcessLook bot{14, "/usr/bin/node", {"node", "bot.js"}};
  LauncherWatch w;
  w.See({{10, "/usr/bin/env", {"/usr/bin/env", "node", "/usr/bin/npm", "start"}}}, t0);
  w.See({npm}, t0 + milliseconds(300));
  ASSERT_TRUE(w.run());
  EXPECT_EQ(w.run()->path, "/usr/bin/npm");  // the first, the user's
  EXPECT_FALSE(w.run()->interpreter_at);
  w.See({npm, sh, prestart}, t0 + milliseconds(325));
  ASSERT_TRUE(w.run()->interpreter_at);
  EXPECT_EQ(*w.run()->interpreter_at, t0 + milliseconds(300));
  w.See({npm}, t0 + milliseconds(1400));  // prestart ended: the runner again
  EXPECT_FALSE(w.run()->interpreter_at);
  w.See({npm, sh2, {14, "/usr/bin/node", {}}}, t0 + milliseconds(1425));  // mid-exec
  EXPECT_FALSE(w.run()->interpreter_at);
  w.See({npm, sh2, bot}, t0 + milliseconds(1450));
  w.See({npm, sh2, bot}, t0 + milliseconds(1475));
  ASSERT_TRUE(w.run()->interpreter_at);
  EXPECT_EQ(*w.run()->interpreter_at, t0 + milliseconds(1400));  // the last look without it
  EXPECT_FALSE(w.run()->settled);                                // another child may follow
  EXPECT_FALSE(w.done());
  // node running a bot, not a package manager, is the interpreter.
  EXPECT_EQ(KindOf(bot), LaunchKind::kNone);
  EXPECT_EQ(KindOf({1, "/usr/bin/node", {"node", "/x/node_modules/npm/bin/npm-cli.js"}}),
            LaunchKind::kSpawn);
  EXPECT_EQ(KindOf({1, "/usr/bin/node", {}}), LaunchKind::kUnknown);
  // cargo run execs the program it built, as a shell does.
  LauncherWatch cargo;
  cargo.See("/home/u/.cargo/bin/rustup", {"cargo", "run", "--release"}, t0);
  cargo.See("/home/u/.rustup/toolchains/stable/bin/cargo", {"cargo", "run"},
            t0 + milliseconds(900));
  cargo.See("/p/target/release/bot", {"target/release/bot"}, t0 + milliseconds(925));
  ASSERT_TRUE(cargo.run());
  EXPECT_EQ(cargo.run()->path, "cargo");
  EXPECT_EQ(*cargo.run()->interpreter_at, t0 + milliseconds(900));
  EXPECT_TRUE(cargo.run()->settled);
  // A runner whose interpreter was there at the first look: not told apart.
  LauncherWatch late;
  late.See({npm, sh2, bot}, t0);
  EXPECT_FALSE(late.run());
  EXPECT_TRUE(late.done());
}

// READY after 1000 + 40 ms from a bot whose launcher ran 1000 ms: in time
// from the interpreter's start, so a warning naming it, and the bot plays.
SPEC_TEST(TimingVerdict, AReadyLateOnlyByItsLaunchersTimeIsAWarningAndTheBotPlaysOn,
          "arbiter.timing.launcher", "jc2015.protocol.ready") {
  FakeEnv env;
  FakeScript s;
  s.launcher = "/home/u/.pyenv/shims/python3";
  s.launcher_ms = 1000;
  s.on_start = {Out(1040, "READY\n")};
  s.on_input = [](int, const std::string&) { return std::vector<Emit>{Out(2, "N\n")}; };
  s.on_eof = {Exit(1, 0)};
  const MatchResult r = PlayJc2015(env, s);
  EXPECT_FALSE(Find(r, "ready.late")) << Checks(r);
  const Finding* f = Find(r, "bot.launcher");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_EQ(f->clause, "arbiter.timing.launcher");
  EXPECT_TRUE(Says(f->message, "its launcher /home/u/.pyenv/shims/python3 ran 1000.0 ms"))
      << f->message;
  EXPECT_TRUE(Says(f->advice, "give the interpreter's path")) << f->advice;
  EXPECT_GT(r.turns.size(), 3u);  // it played on
}

// Without a handshake the launcher's time falls in the first turn: a first
// answer in time from the interpreter's start is the warning, not
// action.first-deadline (the field case: a pyenv shim at load 6 to 10).
SPEC_TEST(TimingVerdict, AFirstAnswerLateOnlyByItsLaunchersTimeIsAWarning,
          "arbiter.timing.launcher", "jc2015.protocol.action.limit") {
  FakeEnv env;
  FakeScript s;
  s.launcher = "/home/u/.pyenv/shims/python3";
  s.launcher_ms = 1500;
  s.on_input = [](int i, const std::string&) {
    return std::vector<Emit>{Out(i == 0 ? 1540 : 2, "N\n")};
  };
  s.on_eof = {Exit(1, 0)};
  SessionConfig cfg;  // no handshake
  cfg.first_action_ms = cfg.action_ms = 100;
  env.scripts.push_back(s);
  const MatchResult r = RunMatch(env, Jc2015Match(), cfg, Jc2015Catalog());
  EXPECT_FALSE(Find(r, "action.deadline")) << Checks(r);
  EXPECT_FALSE(Find(r, "action.first-deadline")) << Checks(r);
  const Finding* f = Find(r, "bot.launcher");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_TRUE(Says(f->message, "counted from the interpreter's start it came after 40.0 ms"))
      << f->message;
  EXPECT_GT(r.turns.size(), 3u);
}

// npm start with a prestart script whose program runs past the limit: its
// child is not the interpreter, and the wait goes on until the one that
// answers has had the limit (the field case: sleep 1.5 in a prestart, a
// READY 2.6 s after npm's start was called missing).
SPEC_TEST(TimingVerdict, AReadyAfterAPrestartProgramLongerThanTheLimitCountsFromTheNextChild,
          "arbiter.timing.launcher", "jc2015.protocol.ready") {
  FakeEnv env;
  FakeScript s;
  s.launcher = "/usr/bin/npm";
  s.launcher_children_ms = {800, 3200};  // sleep 2.4, then node bot.js
  s.on_start = {Out(3250, "READY\n")};
  s.on_input = [](int, const std::string&) { return std::vector<Emit>{Out(2, "N\n")}; };
  s.on_eof = {Exit(1, 0)};
  const MatchResult r = PlayJc2015(env, s);
  EXPECT_FALSE(Find(r, "ready.missing")) << Checks(r);
  EXPECT_FALSE(Find(r, "ready.late")) << Checks(r);
  const Finding* f = Find(r, "bot.launcher");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_TRUE(Says(f->message, "its launcher /usr/bin/npm ran 3200.0 ms")) << f->message;
  EXPECT_GT(r.turns.size(), 3u);
}

// The same bot, its launcher and then itself slow: late counted from the
// interpreter's start too, a FAIL that still names the launcher.
SPEC_TEST(TimingVerdict, AReadyLateEvenWithoutItsLaunchersTimeFailsAndNamesTheLauncher,
          "arbiter.timing.launcher", "jc2015.protocol.ready") {
  FakeEnv env;
  FakeScript s;
  s.launcher = "sh -c";
  s.launcher_ms = 300;
  s.on_start = {Out(2400, "READY\n")};
  s.on_input = [](int, const std::string&) { return std::vector<Emit>{Out(2, "N\n")}; };
  s.on_eof = {Exit(1, 0)};
  const MatchResult r = PlayJc2015(env, s);
  const Finding* f = Find(r, "ready.late");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_TRUE(Says(f->message, "its launcher sh -c ran 300.0 ms")) << f->message;
  EXPECT_FALSE(Find(r, "bot.launcher")) << Checks(r);
}

// Without a launcher nothing changes: a READY after 1040 ms is late.
SPEC_TEST(TimingVerdict, WithoutALauncherTheSameReadyIsLate, "jc2015.protocol.ready") {
  FakeEnv env;
  FakeScript s;
  s.on_start = {Out(1040, "READY\n")};
  s.on_input = [](int, const std::string&) { return std::vector<Emit>{Out(2, "N\n")}; };
  s.on_eof = {Exit(1, 0)};
  const MatchResult r = PlayJc2015(env, s);
  EXPECT_TRUE(Find(r, "ready.late")) << Checks(r);
  EXPECT_FALSE(Find(r, "bot.launcher")) << Checks(r);
}

// Every late answer asks for a second look (arbiter.timing.confirm). A bot
// that ran 150 ms on a CPU against a 100 ms limit is confirmed too:
// which thread computed is read from names, and a wrong reading (a JVM
// compiler thread seen before it named itself) must not decide alone.
SPEC_TEST(TimingVerdict, EveryLateAnswerAsksForASecondRunEvenOneThatComputedPastTheLimit,
          "arbiter.timing.confirm", "jc2015.protocol.action.limit") {
  for (const double run_ms : {20.0, 150.0}) {
    FakeEnv env;
    FakeScript s;
    s.on_start = {Out(5, "READY\n")};
    s.on_input = [](int i, const std::string&) {
      return std::vector<Emit>{Out(i == 3 ? 160 : 2, "N\n")};
    };
    s.on_eof = {Exit(1, 0)};
    s.sched = [run_ms](int inputs) {
      const bool after = inputs > 3;
      return SchedSample{after ? static_cast<uint64_t>(run_ms * 1e6) : 0, 0, true, {}};
    };
    const MatchResult r = PlayJc2015(env, s);
    const Finding* f = Find(r, "action.deadline");
    ASSERT_TRUE(f) << Checks(r);
    EXPECT_TRUE(f->confirm) << f->message;
  }
}

// A jc2015 bot answering N, late (`late_ms`, sleeping: 20 ms of CPU) on
// input `late_on` (-1: never); `odd` answers S instead of N on input 1.
FakeScript LateOn(int late_on, int late_ms = 160, bool odd = false) {
  FakeScript s;
  s.on_start = {Out(5, "READY\n")};
  s.on_input = [=](int i, const std::string&) {
    return std::vector<Emit>{Out(i == late_on ? late_ms : 2, odd && i == 1 ? "S\n" : "N\n")};
  };
  s.on_eof = {Exit(1, 0)};
  s.sched = [late_on](int inputs) {
    const bool after = late_on >= 0 && inputs > late_on;
    return SchedSample{after ? static_cast<uint64_t>(20e6) : 0, 0, true, {}};
  };
  return s;
}

MatchResult PlayOnce(FakeScript s) {
  FakeEnv env;
  return PlayJc2015(env, std::move(s));
}

SPEC_TEST(TimingVerdict, ALateAnswerTheSecondRunGivesInTimeIsAWarningWithBothMeasurements,
          "arbiter.timing.confirm") {
  const MatchResult first = PlayOnce(LateOn(3));
  ASSERT_TRUE(TimeVerdictToConfirm(first)) << Checks(first);
  const MatchResult r = ConfirmTimeVerdict(Jc2015Catalog(), first, PlayOnce(LateOn(-1)));
  EXPECT_FALSE(Find(r, "action.deadline")) << Checks(r);
  const Finding* f = Find(r, "timing.unconfirmed");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_EQ(f->clause, "arbiter.timing.confirm");
  EXPECT_TRUE(Says(f->message, "the answer came after 160.0 ms")) << f->message;
  EXPECT_TRUE(Says(f->message, "on a second run (same seed) it answered that turn after 2.0 ms"))
      << f->message;
  EXPECT_FALSE(Says(f->message, "not deterministic")) << f->message;
  EXPECT_FALSE(r.replayed.empty());
  // The first run alone said the machine had no hand in it; the second run
  // in time says otherwise, and the warning does not repeat the claim.
  const Finding* late = Find(first, "action.deadline");
  ASSERT_TRUE(late) << Checks(first);
  EXPECT_TRUE(Says(late->message, "not made late by the machine")) << late->message;
  EXPECT_FALSE(Says(f->message, "not made late by the machine")) << f->message;
  EXPECT_TRUE(Says(f->message, "held up in a way the scheduler's figures do not show"))
      << f->message;
}

// The same for a late handshake: the claim the second run disproves is
// left out of the warning, whichever verdict made it (arbiter.timing.confirm).
SPEC_TEST(TimingVerdict, AnUnconfirmedLateHandshakeIsNotSaidToBeFreeOfTheMachine,
          "arbiter.timing.confirm", "jc2015.protocol.ready") {
  const auto ready_after = [](int ms) {
    FakeScript s = LateOn(-1);
    s.on_start = {Out(ms, "READY\n")};
    s.sched = [](int) { return SchedSample{static_cast<uint64_t>(20e6), 0, true, {}}; };
    return s;
  };
  const MatchResult first = PlayOnce(ready_after(1040));
  const Finding* late = Find(first, "ready.late");
  ASSERT_TRUE(late) << Checks(first);
  EXPECT_TRUE(Says(late->message, "not made late by the machine")) << late->message;
  const MatchResult r = ConfirmTimeVerdict(Jc2015Catalog(), first, PlayOnce(ready_after(5)));
  const Finding* f = Find(r, "timing.unconfirmed");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_TRUE(Says(f->message, "the handshake arrived after 1040.0 ms")) << f->message;
  EXPECT_FALSE(Says(f->message, "not made late by the machine")) << f->message;
  EXPECT_TRUE(Says(f->message, "held up in a way the scheduler's figures do not show"))
      << f->message;
}

SPEC_TEST(TimingVerdict, ALateAnswerLateAgainOnTheSecondRunFailsWithBothMeasurements,
          "arbiter.timing.confirm") {
  const MatchResult r =
      ConfirmTimeVerdict(Jc2015Catalog(), PlayOnce(LateOn(3)), PlayOnce(LateOn(3, 170)));
  EXPECT_FALSE(Find(r, "timing.unconfirmed")) << Checks(r);
  const Finding* f = Find(r, "action.deadline");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kFail);
  EXPECT_TRUE(Says(f->message, "the answer came after 160.0 ms")) << f->message;
  EXPECT_TRUE(Says(f->message,
                   "confirmed: on a second run of the match (same seed) it was late "
                   "again on turn"))
      << f->message;
  EXPECT_TRUE(Says(f->message, "the answer came after 170.0 ms")) << f->message;
  EXPECT_FALSE(TimeVerdictToConfirm(r));
}

SPEC_TEST(TimingVerdict, ABotWhoseAnswersDifferBetweenTheRunsIsSaidNotToBeDeterministic,
          "arbiter.timing.confirm") {
  const MatchResult r =
      ConfirmTimeVerdict(Jc2015Catalog(), PlayOnce(LateOn(3)), PlayOnce(LateOn(-1, 160, true)));
  const Finding* f = Find(r, "timing.unconfirmed");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_TRUE(Says(f->message, "the bot is not deterministic")) << f->message;
  EXPECT_TRUE(Says(f->message, "answered 'N' on the first run and 'S' on the second"))
      << f->message;
}

SPEC_TEST(TimingVerdict, ASecondRunThatWasAnotherGameIsSaidSoNotBlamedOnTheBot,
          "arbiter.timing.confirm") {
  // A referee drawing its games from its clock: the second run's inputs differ.
  MatchResult first = PlayOnce(LateOn(3));
  MatchResult second = PlayOnce(LateOn(-1));
  for (TurnRecord& t : second.turns)
    if (t.player == 0 && !t.input.empty()) {
      t.input += "x", t.answer = "S";
      break;
    }
  const Finding* f = Find(ConfirmTimeVerdict(Jc2015Catalog(), first, second), "timing.unconfirmed");
  ASSERT_TRUE(f);
  EXPECT_TRUE(Says(f->message, "the second run was another game")) << f->message;
  EXPECT_FALSE(Says(f->message, "not deterministic")) << f->message;
}

// A late line answers its own turn, late, and is never an extra line of
// the next: judged as a late answer whether it came within the turn's late
// window or while its silence was being diagnosed (at 160 ms and 250 ms
// against 100, the machine's waits explaining it: the bot plays on).
SPEC_TEST(TimingVerdict, ALateLineAnswersItsOwnTurnNeverTheNextAsAnExtraLine, "arbiter.timing.load",
          "jc2015.protocol.action.limit") {
  for (const int late_ms : {160, 250}) {
    FakeScript s = LateOn(3, late_ms);
    s.sched = [late_ms](int inputs) {  // it waited for a CPU all but 20 ms of the turn
      const bool after = inputs > 3;
      return SchedSample{after ? static_cast<uint64_t>(20e6) : 0,
                         after ? static_cast<uint64_t>((late_ms - 20) * 1e6) : 0,
                         true,
                         {}};
    };
    const MatchResult r = PlayOnce(s);
    EXPECT_FALSE(Find(r, "action.extra-lines")) << late_ms << ": " << Checks(r);
    EXPECT_FALSE(Find(r, "action.deadline")) << late_ms << ": " << Checks(r);
    const Finding* f = Find(r, "timing.inconclusive");
    ASSERT_TRUE(f) << late_ms << ": " << Checks(r);
    EXPECT_EQ(f->elapsed_ms.value_or(0), late_ms);
    EXPECT_GT(r.turns.size(), 20u);  // it played on
  }
}

}  // namespace
}  // namespace arbiter::harness
