// Tests of what the referee loop says about the machine around a bot: the
// limits a bot dies of (memory, CPU time, an opt-in address-space limit),
// the environment it is started in, answers made late only by the machine's
// load, and a run interrupted by a signal.
#include <gtest/gtest.h>

#include <csignal>

#include "checks/session.h"
#include "checks/silence.h"
#include "core/game.h"
#include "process/interrupt.h"
#include "process/proc_probe.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"
#include "tests/match_checks.h"

namespace arbiter::harness {
namespace {

using namespace testing;

MatchResult Play(FakeEnv& env, FakeScript script, SessionConfig cfg = {}) {
  return PlayJc2015(env, std::move(script), std::move(cfg));
}

// Answers N after `ms` ms, except on input `index` where it does `what`.
FakeScript OnInput(int index, std::vector<Emit> what, int ms = 2) {
  FakeScript s;
  s.on_start = {Out(5, "READY\n")};
  s.on_input = [=](int i, const std::string&) {
    return i == index ? what : std::vector<Emit>{Out(ms, "N\n")};
  };
  s.on_eof = {Exit(1, 0)};
  return s;
}

// Scheduling in which input `index`'s turn had `run_ms` on a CPU and
// `wait_ms` waiting for one (every other turn: none).
std::function<SchedSample(int)> Sched(int index, double run_ms, double wait_ms) {
  return [=](int inputs) {
    const bool after = inputs > index;
    return SchedSample{after ? static_cast<uint64_t>(run_ms * 1e6) : 0,
                       after ? static_cast<uint64_t>(wait_ms * 1e6) : 0,
                       true,
                       {}};
  };
}

SPEC_TEST(Resources, ATreeKilledAboveItsMemoryLimitIsProcessMemoryNotACrash,
          "arbiter.process.limits") {
  FakeEnv env;
  FakeScript s = OnInput(2, {Signal(30, SIGKILL)});
  s.usage.memory_exceeded = true;
  s.usage.exceeded_rss_kb = 2100 * 1024;
  s.usage.peak_rss_kb = 2100 * 1024;
  const MatchResult r = Play(env, s);
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "process.memory");
  EXPECT_EQ(r.findings[0].clause, "arbiter.process.limits");
  EXPECT_EQ(r.findings[0].severity, Severity::kFail);
  EXPECT_NE(r.findings[0].message.find("2100 MB"), std::string::npos) << r.findings[0].message;
  EXPECT_NE(r.findings[0].message.find("2048 MB"), std::string::npos) << r.findings[0].message;
  ASSERT_EQ(r.usage.size(), 1u);
  EXPECT_EQ(r.usage[0].peak_rss_kb, 2100u * 1024);
}

SPEC_TEST(Resources, ASilentBotTheKernelHoldsAtItsMemoryLimitIsProcessMemoryNotLate,
          "arbiter.process.limits") {
  FakeEnv env;
  FakeScript s = OnInput(2, {});  // silent on its third turn, held at the limit
  s.usage.at_limit = true;
  s.usage.peak_rss_kb = 2048 * 1024;
  const MatchResult r = Play(env, s);
  const Finding* f = Find(r, "process.memory");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_NE(f->message.find("held at the memory limit of 2048 MB"), std::string::npos)
      << f->message;
  EXPECT_EQ(Find(r, "action.deadline"), nullptr) << Checks(r);
  // Not held there: late, as before.
  FakeEnv env2;
  const MatchResult late = Play(env2, OnInput(2, {}));
  EXPECT_NE(Find(late, "action.deadline"), nullptr) << Checks(late);
  EXPECT_EQ(Find(late, "process.memory"), nullptr) << Checks(late);
}

SPEC_TEST(Resources, ABotKilledByTheCpuLimitIsToldWhichLimitAndOption, "arbiter.process.limits") {
  FakeEnv env;
  const MatchResult r = Play(env, OnInput(1, {Signal(30, SIGXCPU)}));
  const Finding* f = Find(r, "process.crash");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_NE(f->advice.find("--cpu-seconds"), std::string::npos) << f->advice;
}

SPEC_TEST(Resources, ADeathBeforeTheHandshakeUnderAnAddressSpaceLimitNamesTheOption,
          "arbiter.process.limits") {
  FakeEnv env;
  FakeScript s;
  s.on_start = {Err(5, "Could not allocate compressed class space\n"), Exit(6, 1)};
  SessionConfig with_limit;
  with_limit.limits.address_space_mb = 2048;
  const MatchResult r = Play(env, s, with_limit);
  const Finding* f = Find(r, "process.crash");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_NE(f->advice.find("--address-space-mb"), std::string::npos) << f->advice;
  FakeEnv env2;
  const MatchResult plain = Play(env2, s);  // no address-space limit: nothing to blame
  ASSERT_TRUE(Find(plain, "process.crash"));
  EXPECT_EQ(Find(plain, "process.crash")->advice, "");
}

SPEC_TEST(Resources, BotsAreStartedInTheConfiguredEnvironment, "arbiter.process.environment") {
  FakeEnv env;
  SessionConfig cfg;
  cfg.env.extra = {"JAVA_TOOL_OPTIONS=-Xmx256m"};
  Play(env, OnInput(-1, {}), cfg);
  ASSERT_EQ(env.spawned_env.size(), 1u);
  EXPECT_FALSE(env.spawned_env[0].inherit);
  EXPECT_EQ(env.spawned_env[0].extra, cfg.env.extra);
}

SPEC_TEST(Resources, ABotWhoseLoaderFindsNoLibraryIsToldTheLoaderSaidSoAndHowToGiveIt,
          "arbiter.process.environment") {
  // A program linked to a library its user's shell finds through
  // LD_LIBRARY_PATH: the loader's status 127, not a shell's "command not
  // found" (as it was told before).
  FakeEnv env;
  FakeScript s;
  s.on_start = {Err(20,
                    "./bot: error while loading shared libraries: libword.so: cannot open "
                    "shared object file: No such file or directory\n"),
                Exit(21, 127)};
  const MatchResult r = Play(env, s);
  const Finding* f = Find(r, "process.crash");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_EQ(f->advice.find("status 127 is the dynamic loader's: it found no 'libword.so'"), 0u)
      << f->advice;
  EXPECT_NE(f->advice.find("--env LD_LIBRARY_PATH=FOLDER"), std::string::npos) << f->advice;
  EXPECT_EQ(f->advice.find("command not found"), std::string::npos) << f->advice;
}

SPEC_TEST(Resources, ABotWhoseShimFindsNoInterpreterIsToldItsEnvironmentAndHowToGiveIt,
          "arbiter.process.environment") {
  // pyenv's shim, with no version chosen: "command not found", status 127.
  FakeEnv env;
  FakeScript s;
  s.on_start = {Err(20, "pyenv: python2: command not found\n"), Exit(21, 127)};
  const MatchResult r = Play(env, s);
  const Finding* f = Find(r, "process.crash");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_NE(f->advice.find("status 127 is a shell's 'command not found'"), std::string::npos)
      << f->advice;
  EXPECT_NE(f->advice.find("--env KEY=VALUE"), std::string::npos) << f->advice;
  // The same status from a bot that had started is the bot's own: no such advice.
  FakeEnv env2;
  const MatchResult later = Play(env2, OnInput(2, {Exit(5, 127)}));
  ASSERT_TRUE(Find(later, "process.crash")) << Checks(later);
  EXPECT_EQ(Find(later, "process.crash")->advice.find("command not found"), std::string::npos);
}

SPEC_TEST(Resources, AnAnswerLateOnlyBecauseTheBotWaitedForACpuIsInconclusive,
          "arbiter.timing.load") {
  FakeEnv env;
  FakeScript s = OnInput(3, {Out(163, "N\n")});
  s.sched = Sched(3, 2, 100);  // it slept about 60 ms and waited 100 ms for a CPU
  const MatchResult r = Play(env, s);
  EXPECT_FALSE(Find(r, "action.deadline")) << Checks(r);
  const Finding* f = Find(r, "timing.inconclusive");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_NE(f->message.find("the bot ran 2.0 ms on a CPU and waited 100.0 ms for one"),
            std::string::npos)
      << f->message;
  EXPECT_TRUE(r.timing_inconclusive);
  // The bot plays on: later turns are answered and judged as usual.
  EXPECT_GT(r.latencies_ms.size(), 4u);
  EXPECT_EQ(r.latencies_ms[3], 163.0);
}

SPEC_TEST(Resources, ABotThatSleepsTooLongIsLateUnderAnyLoad, "arbiter.timing.load",
          "jc2015.protocol.action.limit") {
  FakeEnv env;
  FakeScript s = OnInput(3, {Out(250, "N\n")});
  s.sched = Sched(3, 2, 100);  // even without the 100 ms of waiting it took 150 ms
  const MatchResult r = Play(env, s);
  EXPECT_FALSE(Find(r, "timing.inconclusive")) << Checks(r);
  ASSERT_TRUE(Find(r, "action.deadline")) << Checks(r);
  EXPECT_FALSE(r.timing_inconclusive);
}

SPEC_TEST(Resources, ABotThatComputesTooLongIsLateUnderAnyLoad, "arbiter.timing.load",
          "jc2015.protocol.action.limit") {
  FakeEnv env;
  FakeScript s = OnInput(3, {Out(230, "N\n")});
  s.sched = Sched(3, 120, 110);  // 120 ms on a CPU: over the limit whatever the waits
  const MatchResult r = Play(env, s);
  EXPECT_FALSE(Find(r, "timing.inconclusive")) << Checks(r);
  EXPECT_TRUE(Find(r, "action.deadline")) << Checks(r);
}

// A JVM's tree on input `index`'s turn: its main thread ran `run_ms` and
// waited `wait_ms`; its two compiler threads ran 55 ms each and waited 6 ms.
std::function<SchedSample(int)> JvmSched(int index, double run_ms, double wait_ms) {
  return [=](int inputs) {
    const bool after = inputs > index;
    const auto ns = [&](double ms) { return after ? static_cast<uint64_t>(ms * 1e6) : 0; };
    SchedSample s;
    s.valid = true;
    s.threads = {{100, 5000000, 0, false},  // the launcher's thread, idle
                 {101, ns(run_ms), ns(wait_ms), false},
                 {102, ns(55), ns(6), true},
                 {103, ns(55), ns(6), true}};
    for (const ThreadSched& t : s.threads) s.run_ns += t.run_ns, s.wait_ns += t.wait_ns;
    return s;
  };
}

SPEC_TEST(Resources, AJvmsCompilerThreadsAreNotTheBotComputingOnALateTurn, "arbiter.timing.load") {
  // 115 ms against 100: the bot's own thread ran 8 ms and waited 12 ms; its
  // compiler threads ran 110 ms between them (two CPUs) and waited 6 ms
  // each, holding it up. Summed, the tree "ran" 118 ms, over the limit; the
  // bot computed 8 ms, and without the waits it took 97 ms: the load
  // explains it.
  FakeEnv env;
  FakeScript s = OnInput(3, {Out(115, "N\n")});
  s.sched = JvmSched(3, 8, 12);
  const MatchResult r = Play(env, s);
  EXPECT_FALSE(Find(r, "action.deadline")) << Checks(r);
  const Finding* f = Find(r, "timing.inconclusive");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_NE(f->message.find("the bot ran 8.0 ms on a CPU and waited 12.0 ms for one; its "
                            "runtime's own 2 thread(s) ran 110.0 ms and waited 12.0 ms"),
            std::string::npos)
      << f->message;
}

SPEC_TEST(Resources, ALateAnswerTheLoadDoesNotExplainSaysItsFigures, "arbiter.timing.load",
          "jc2015.protocol.action.limit") {
  // 160 ms: without every wait still 133 ms. The FAIL carries the figures
  // an inconclusive answer would.
  FakeEnv env;
  FakeScript s = OnInput(3, {Out(160, "N\n")});
  s.sched = JvmSched(3, 8, 15);
  const MatchResult r = Play(env, s);
  EXPECT_FALSE(Find(r, "timing.inconclusive")) << Checks(r);
  const Finding* f = Find(r, "action.deadline");
  ASSERT_TRUE(f) << Checks(r);
  EXPECT_NE(f->message.find("the bot ran 8.0 ms on a CPU and waited 15.0 ms for one"),
            std::string::npos)
      << f->message;
  // Why the load does not explain it, in the judgement's own words.
  EXPECT_NE(f->message.find("the rest of the time it was sleeping or blocked"), std::string::npos)
      << f->message;
  // Its runtime's threads ran longer than it: the fix says what they are.
  EXPECT_NE(f->advice.find("garbage collector, JIT compiler"), std::string::npos) << f->advice;
}

SPEC_TEST(Resources, RuntimeThreadsAreKnownByTheNamesTheyGiveThemselves, "arbiter.timing.load") {
  for (const char* name : {"C2 CompilerThre", "C1 CompilerThre", "GC Thread#0", "G1 Conc#0",
                           "VM Thread", "VM Periodic Tas", "Finalizer", ".NET Finalizer",
                           ".NET TP Worker", "SGen worker", "Reference Handl"})
    EXPECT_TRUE(proc::IsRuntimeThreadName(name)) << name;
  for (const char* name : {"java", "python3", "node", "bot", "mono", "dotnet", "Bot", "worker"})
    EXPECT_FALSE(proc::IsRuntimeThreadName(name)) << name;
}

SPEC_TEST(Resources, WithoutSchedulerStatisticsALateAnswerIsLate, "arbiter.timing.load") {
  FakeEnv env;
  const MatchResult r = Play(env, OnInput(3, {Out(163, "N\n")}));  // no sched: none known
  EXPECT_FALSE(Find(r, "timing.inconclusive")) << Checks(r);
  EXPECT_TRUE(Find(r, "action.deadline")) << Checks(r);
  ASSERT_GE(r.latencies_ms.size(), 4u);
  EXPECT_EQ(r.latencies_ms.back(), 163.0);  // late answers count in the latencies
}

SPEC_TEST(Resources, JudgingALateAnswerSubtractsOnlyWaitsForACpu, "arbiter.timing.load") {
  LateEvidence e{.elapsed_ms = 163,
                 .limit_ms = 100,
                 .sched_valid = true,
                 .bot_run_ms = 3,
                 .bot_wait_ms = 60,
                 .self_wait_ms = 4};
  EXPECT_EQ(JudgeLateAnswer(e), LateVerdict::kInconclusive);  // 99 ms of its own
  e.bot_wait_ms = 55;
  EXPECT_EQ(JudgeLateAnswer(e), LateVerdict::kLate);  // 104 ms of its own
  e.bot_wait_ms = 100, e.bot_run_ms = 101;
  EXPECT_EQ(JudgeLateAnswer(e), LateVerdict::kLate);  // computed past the limit
  e.bot_run_ms = 3, e.sched_valid = false;
  EXPECT_EQ(JudgeLateAnswer(e), LateVerdict::kLate);
}

SPEC_TEST(Resources, ARuntimesThreadsWaitingForOneAnotherOnAQuietMachineAreTheBotsOwnTime,
          "arbiter.timing.load") {
  // Measured: a Java bot computing 60 ms a turn beside a large heap, alone
  // on two CPUs. Its eight collector threads waited 16.7 ms between them
  // (the longest 5 ms), for one another: its answering thread waited 1 ms.
  // The machine was quiet, and the answer late.
  LateEvidence e{.elapsed_ms = 112.4,
                 .limit_ms = 100,
                 .sched_valid = true,
                 .bot_run_ms = 60.5,
                 .bot_wait_ms = 1.0,
                 .self_wait_ms = 0,
                 .runtime_threads = 8,
                 .runtime_run_ms = 89.8,
                 .runtime_wait_ms = 16.7,
                 .runtime_wait_max_ms = 5.0};
  EXPECT_DOUBLE_EQ(OwnTime(e), 110.4);
  EXPECT_EQ(JudgeLateAnswer(e), LateVerdict::kLate);
  // The same threads on a busy machine: its answering thread waited too, and
  // the collector's pause waited as long as its longest-waiting thread.
  e.bot_wait_ms = 10.0, e.runtime_wait_max_ms = 12.0, e.runtime_wait_ms = 60.0;
  EXPECT_DOUBLE_EQ(OwnTime(e), 92.4);
  EXPECT_EQ(JudgeLateAnswer(e), LateVerdict::kInconclusive);
}

SPEC_TEST(Resources, AStopTheRefereeDoesNotRepeatIsTheMachinesLoadOnlyWhenArbiterWaitedForACpu,
          "arbiter.referee.load") {
  // A tenth of the referee's limit, waited for a CPU by arbiter itself.
  StopEvidence e{.sched_valid = true, .self_wait_ms = 10.0};
  EXPECT_EQ(JudgeUnrepeatedStop(e, 100), StopVerdict::kBusyMachine);
  e.self_wait_ms = 9.9;
  EXPECT_EQ(JudgeUnrepeatedStop(e, 100), StopVerdict::kUnexplained);
  e.self_wait_ms = 0.2;
  EXPECT_EQ(JudgeUnrepeatedStop(e, 1000), StopVerdict::kUnexplained);  // a quiet machine
  e.self_wait_ms = 150;
  EXPECT_EQ(JudgeUnrepeatedStop(e, 1000), StopVerdict::kBusyMachine);
  // Or the whole machine: three quarters of the last 10 s, some task waited
  // for a CPU (a run's own games on every core reach a third to a half).
  e.self_wait_ms = 0.2, e.cpu_pressure = 74;
  EXPECT_EQ(JudgeUnrepeatedStop(e, 100), StopVerdict::kUnexplained);
  e.cpu_pressure = 75;
  EXPECT_EQ(JudgeUnrepeatedStop(e, 100), StopVerdict::kBusyMachine);
  // Without statistics nothing says the machine was busy.
  EXPECT_EQ(JudgeUnrepeatedStop(StopEvidence{.self_wait_ms = 500}, 100), StopVerdict::kUnexplained);
}

SPEC_TEST(Resources, AGameNoMessageOfWhichCameIsTheMachinesLoadOnlyOnABusyMachine,
          "arbiter.referee.load", "arbiter.referee.starts-bots") {
  // A referee that gives its bots 300 ms, and ends a game before any probe
  // relayed a message: on a quiet machine the referee sent nothing.
  StopEvidence quiet{.sched_valid = true, .self_wait_ms = 1.0, .cpu_pressure = 20};
  FaultText f = NoMessageFault(2, 2, quiet, 300);
  EXPECT_EQ(f.check, "referee.bot-not-started");
  EXPECT_EQ(f.message, "the referee started bots but sent them no input");
  EXPECT_EQ(NoMessageFault(0, 2, quiet, 300).message, "the referee started no bot");
  // arbiter waited a tenth of the limit for a CPU: the probes may have been
  // stopped before they relayed anything.
  StopEvidence busy{.sched_valid = true, .self_wait_ms = 45.0, .cpu_pressure = 60};
  f = NoMessageFault(2, 2, busy, 300);
  EXPECT_EQ(f.check, "referee.busy");
  EXPECT_NE(f.message.find("no message of a game reached arbiter (2 of 2 bots started), on a busy "
                           "machine: arbiter waited 45.0 ms for a CPU, the CPU pressure was 60 %"),
            std::string::npos)
      << f.message;
  EXPECT_NE(f.message.find("not a rule bug"), std::string::npos) << f.message;
  // Or the whole machine was busy, statistics or not.
  f = NoMessageFault(1, 2, StopEvidence{.cpu_pressure = 80}, 300);
  EXPECT_EQ(f.check, "referee.busy");
  EXPECT_NE(f.message.find("busy machine: the CPU pressure was 80 %"), std::string::npos)
      << f.message;
}

SPEC_TEST(Resources, AGameTheLimitCutWhileTheRefereePlayedByTheRulesIsUnfinishedNeverAHang,
          "arbiter.referee.completes") {
  // 4 s per game; the referee's last message 40 ms before the cut, the
  // reference engine still playing and agreeing, at turn 114.
  GameCut cut{.limit_ms = 4000,
              .since_message_ms = 40.0,
              .patience_ms = 2000,
              .reference_playing = true,
              .turn = 114,
              .evidence = {.sched_valid = true, .self_wait_ms = 812.5, .cpu_pressure = 70}};
  FaultText f = GameCutFault(cut);
  EXPECT_EQ(f.check, "referee.unfinished");
  for (const char* words :
       {"the per-game time limit of 4 s (--time-limit) cut the game at turn 114 while the "
        "referee was still playing (its last message 40 ms before",
        "not a hang, but this game's rules after turn 114 went unchecked",
        "arbiter waited 812.5 ms for a CPU, the CPU pressure was 70 % over the game",
        "give a larger --time-limit, or run on a quieter machine"})
    EXPECT_NE(f.message.find(words), std::string::npos) << words << "\n" << f.message;
  // Silent for the patience before the cut: the referee stopped playing.
  cut.since_message_ms = 2500.0;
  f = GameCutFault(cut);
  EXPECT_EQ(f.check, "referee.hang");
  EXPECT_EQ(f.message,
            "no end within the per-game time limit of 4 s (--time-limit); its last message came "
            "2.5 s before");
  // Sending messages, but the reference has the game over (or diverged):
  // a referee that plays past the end is not merely slow.
  cut.since_message_ms = 40.0;
  cut.reference_playing = false;
  EXPECT_EQ(GameCutFault(cut).check, "referee.hang");
  // No message at all within the limit.
  cut.since_message_ms.reset();
  cut.reference_playing = true;
  f = GameCutFault(cut);
  EXPECT_EQ(f.check, "referee.hang");
  EXPECT_EQ(f.message, "no message within the per-game time limit of 4 s (--time-limit)");
  // A limit in milliseconds is said in milliseconds.
  cut.limit_ms = 700;
  EXPECT_NE(GameCutFault(cut).message.find("of 700 ms"), std::string::npos);
}

SPEC_TEST(Resources, AnInterruptedMatchStopsJudgesNothingAndTearsTheBotDown,
          "arbiter.run.interrupted") {
  FakeEnv env;
  FakeScript s;
  s.on_start = {Out(5, "READY\n")};
  s.on_input = [](int i, const std::string&) {
    if (i == 3) SimulateInterrupt(SIGTERM);  // arrives while the bot thinks
    return std::vector<Emit>{Out(i == 3 ? 500 : 2, "N\n")};
  };
  s.on_eof = {Exit(1, 0)};
  const MatchResult r = Play(env, s);
  const int sig = InterruptSignal();
  SimulateInterrupt(0);
  EXPECT_EQ(sig, SIGTERM);
  EXPECT_TRUE(r.interrupted);
  EXPECT_TRUE(r.findings.empty()) << Checks(r);  // the slow answer is not the bot's fault
  EXPECT_LT(r.turns_played, 40);
  EXPECT_EQ(r.usage.size(), 1u);  // recorded by the teardown
}

}  // namespace
}  // namespace arbiter::harness
