// Tests of the referee loop of a match against scripted fake bots on a virtual
// clock: each check ID is produced for its behaviour, with its evidence, and
// the times are exact. Real processes are tested in tests/process/.
#include "checks/session.h"

#include <gtest/gtest.h>

#include "core/game.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"
#include "tests/match_checks.h"

namespace arbiter::harness {
namespace {

using namespace testing;

SessionConfig Ja() {
  SessionConfig c;
  c.ready_line = "READY";
  c.ready_ms = 1000;
  c.first_action_ms = 100;
  c.action_ms = 100;
  return c;
}

FakeScript Answering(std::function<std::vector<Emit>(int, const std::string&)> on_input) {
  FakeScript s;
  s.on_start = {Out(5, "READY\n")};
  s.on_input = std::move(on_input);
  s.on_eof = {Exit(1, 0)};
  return s;
}

FakeScript Good() {
  return Answering([](int, const std::string&) { return std::vector<Emit>{Out(2, "N\n")}; });
}

// A 40-turn match: the bot in `seat`, idle built-in players elsewhere.
MatchResult Play(FakeEnv& env, FakeScript script, SessionConfig cfg = Ja(), int seat = 0) {
  env.scripts.push_back(std::move(script));
  return RunMatch(env, Jc2015Match(seat), cfg, Jc2015Catalog());
}

SPEC_TEST(Session, AConformantBotHasNoFindingsAndAnswersEveryTurn, "jc2015.protocol.ready",
          "jc2015.protocol.action.commands") {
  FakeEnv env;
  const MatchResult r = Play(env, Good());
  EXPECT_TRUE(r.findings.empty()) << Checks(r);
  EXPECT_EQ(r.turns_played, 40);
  EXPECT_EQ(r.latencies_ms.size(), 10u);
  for (double ms : r.latencies_ms) EXPECT_DOUBLE_EQ(ms, 2.0);
}

SPEC_TEST(Session, ABotThatNeverSaysReadyIsMissingAndSitsOutTheGame,
          "jc2015.protocol.ready.limit") {
  FakeEnv env;
  FakeScript s = Good();
  s.on_start = {};
  const MatchResult r = Play(env, s);
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "ready.missing");
  EXPECT_EQ(r.findings[0].clause, "jc2015.protocol.ready.limit");
  EXPECT_EQ(r.findings[0].severity, Severity::kFail);
  EXPECT_EQ(r.findings[0].limit_ms, 1000);
  for (const TurnRecord& t : r.turns) {
    if (t.player == 0) {
      EXPECT_TRUE(t.silent);
    }
  }
}

SPEC_TEST(Session, AReadyAfterTheLimitIsLateWithItsTime, "jc2015.protocol.ready.limit") {
  FakeEnv env;
  FakeScript s = Good();
  s.on_start = {Out(1200, "READY\n")};
  const MatchResult r = Play(env, s);
  const Finding* f = Find(r, "ready.late");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_DOUBLE_EQ(*f->elapsed_ms, 1200.0);
  EXPECT_EQ(Find(r, "ready.missing"), nullptr);
}

// The tree at its handshake: one thread that ran `run_ms` and waited
// `wait_ms` for a CPU since the start.
std::function<SchedSample(int)> StartSched(double run_ms, double wait_ms) {
  return [=](int) {
    SchedSample s;
    s.valid = true;
    s.threads = {
        {100, static_cast<uint64_t>(run_ms * 1e6), static_cast<uint64_t>(wait_ms * 1e6), false}};
    s.run_ns = s.threads[0].run_ns;
    s.wait_ns = s.threads[0].wait_ns;
    return s;
  };
}

SPEC_TEST(Session, AReadyOnlyTheLoadMadeLateIsInconclusiveAndTheBotPlaysOn, "arbiter.timing.load",
          "jc2015.protocol.ready.limit") {
  // 1200 ms against 1000: the bot ran 300 ms and waited 700 ms for a CPU.
  FakeEnv env;
  FakeScript s = Good();
  s.on_start = {Out(1200, "READY\n")};
  s.sched = StartSched(300, 700);
  const MatchResult r = Play(env, s);
  EXPECT_EQ(Find(r, "ready.late"), nullptr) << Checks(r);
  const Finding* f = Find(r, "timing.inconclusive");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("the handshake came after 1200.0 ms (limit 1000 ms), but the machine "
                            "was busy: the bot ran 300.0 ms on a CPU and waited 700.0 ms for one"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find(", so the match is played again to decide"), std::string::npos)
      << f->message;
  EXPECT_TRUE(r.timing_inconclusive);
  EXPECT_EQ(r.latencies_ms.size(), 10u);  // it played every turn
}

// The run that decides an undecided first run (check-bot's second run of
// the match) says itself that the load left it undecided again, and so a
// WARN: no later step rewrites its words.
SPEC_TEST(Session, OnTheDecidingRunAReadyOnlyTheLoadMadeLateSaysItIsUndecidedOnBothRuns,
          "arbiter.timing.load", "jc2015.protocol.ready.limit") {
  FakeEnv env;
  FakeScript s = Good();
  s.on_start = {Out(1200, "READY\n")};
  s.sched = StartSched(300, 700);
  env.scripts.push_back(std::move(s));
  MatchSpec m = Jc2015Match(0);
  m.deciding = true;
  const MatchResult r = RunMatch(env, std::move(m), Ja(), Jc2015Catalog());
  const Finding* f = Find(r, "timing.inconclusive");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("but the machine was busy: the bot ran 300.0 ms on a CPU and waited "
                            "700.0 ms for one"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("within the limit, and so it was on both runs of the match: "
                            "undecided, so a WARN"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(f->message.find("played again"), std::string::npos) << f->message;
  EXPECT_TRUE(r.timing_inconclusive);
}

SPEC_TEST(Session, AReadyLateForTheBotsOwnWorkFailsWithItsFigures, "arbiter.timing.load",
          "jc2015.protocol.ready.limit") {
  // 1200 ms: the bot ran 1150 ms; without its 20 ms of waits still 1180 ms.
  FakeEnv env;
  FakeScript s = Good();
  s.on_start = {Out(1200, "READY\n")};
  s.sched = StartSched(1150, 20);
  const MatchResult r = Play(env, s);
  EXPECT_EQ(Find(r, "timing.inconclusive"), nullptr) << Checks(r);
  const Finding* f = Find(r, "ready.late");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("the handshake arrived after 1200.0 ms; the limit is 1000 ms; the bot "
                            "ran 1150.0 ms on a CPU and waited 20.0 ms for one"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("it computed for longer than the limit of 1000 ms"), std::string::npos)
      << f->message;
}

SPEC_TEST(Session, AScanningServersHandshakeWindowsComeOneAfterAnother,
          "jc2015.protocol.ready.limit", "jc2015.protocol.ready", "jc2015.protocol.action.limit") {
  // Bot 0 is ready after 900 ms, bot 1 after 1500 ms (both counted from
  // their start): past its own window, within one that opens when bot 0's
  // handshake ended (official-2015). A trimmed READY counts there too.
  for (const bool scan : {false, true}) {
    FakeEnv env;
    FakeScript first = Good(), second = Good();
    first.on_start = {Out(900, "READY\n")};
    second.on_start = {Out(3, "hello\n"), Out(1500, " READY\r\n")};
    env.scripts.push_back(std::move(first));
    env.scripts.push_back(std::move(second));
    MatchSpec spec = Jc2015Match(0);
    spec.seats[1].argv = {"./bot"};
    SessionConfig cfg = Ja();
    cfg.ready_scan = scan;
    cfg.server = "the official 2015 server";
    const MatchResult r = RunMatch(env, std::move(spec), cfg, Jc2015Catalog());
    if (scan) {
      EXPECT_EQ(Find(r, "ready.late"), nullptr) << Checks(r);
      EXPECT_EQ(Find(r, "ready.malformed"), nullptr) << Checks(r);
      ASSERT_NE(Find(r, "action.whitespace"), nullptr) << Checks(r);
      EXPECT_NE(Find(r, "action.whitespace")->message.find("trims it and accepts it"),
                std::string::npos);
      EXPECT_NE(Find(r, "ready.noise")->message.find("reads and drops them"), std::string::npos);
    } else {
      // The text's referee: bot 1's line is neither on time nor exact.
      EXPECT_NE(Find(r, "ready.late"), nullptr) << Checks(r);
    }
  }
}

// The texts ask the same '\n' of READY as of an action (jc2015.protocol.action
// .whitespace), and an answer ending in CR is read trimmed with a warning: a
// bot that ends every line with CRLF (a Java server's readLine takes either)
// plays its game, warned once for its handshake and answers. (Before, its
// READY was malformed: a FAIL of every match.)
SPEC_TEST(Session, ABotEndingEveryLineWithCrLfIsWarnedOnceNeverFailedForItsReady,
          "jc2015.protocol.action.whitespace", "jc2015.protocol.ready") {
  FakeEnv env;
  FakeScript s =
      Answering([](int, const std::string&) { return std::vector<Emit>{Out(2, "N\r\n")}; });
  s.on_start = {Out(5, "READY\r\n")};
  const MatchResult r = Play(env, s);
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  const Finding& f = r.findings[0];
  EXPECT_EQ(f.check, "action.whitespace");
  EXPECT_EQ(f.severity, Severity::kWarn);
  EXPECT_EQ(f.received, "READY\\r\\n");
  EXPECT_EQ(f.occurrences, 11);  // its READY and its ten answers
  EXPECT_NE(f.message.find("the handshake line 'READY' has surrounding whitespace or a carriage "
                           "return; it is read trimmed"),
            std::string::npos)
      << f.message;
  EXPECT_NE(f.message.find("so have its answers"), std::string::npos) << f.message;
  EXPECT_EQ(r.latencies_ms.size(), 10u);  // every answer played
}

SPEC_TEST(Session, ALowercaseReadyIsMalformed, "jc2015.protocol.ready") {
  FakeEnv env;
  FakeScript s = Good();
  s.on_start = {Out(5, "ready\n")};
  const MatchResult r = Play(env, s);
  const Finding* f = Find(r, "ready.malformed");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->received, "ready\\n");
  EXPECT_EQ(r.findings.size(), 1u) << Checks(r);
}

SPEC_TEST(Session, ABannerBeforeReadyIsAWarningAndTheGameGoesOn, "jc2015.protocol.ready") {
  FakeEnv env;
  FakeScript s = Good();
  s.on_start = {Out(5, "hello from bot\nREADY\n")};
  const MatchResult r = Play(env, s);
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "ready.noise");
  EXPECT_EQ(r.findings[0].severity, Severity::kWarn);
  EXPECT_EQ(r.findings[0].received, "hello from bot\\n");
  EXPECT_EQ(r.latencies_ms.size(), 10u);
}

FakeScript SlowOn(int index, int ms) {
  return Answering([=](int i, const std::string&) {
    return std::vector<Emit>{Out(i == index ? ms : 2, "N\n")};
  });
}

SPEC_TEST(Session, WithA100MsLimitAnAnswerIn60MsPassesAndIn160MsFails,
          "jc2015.protocol.action.limit") {
  FakeEnv ok_env;
  EXPECT_TRUE(Play(ok_env, SlowOn(3, 60)).findings.empty());
  FakeEnv late_env;
  const MatchResult r = Play(late_env, SlowOn(3, 160));
  const Finding* f = Find(r, "action.deadline");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_DOUBLE_EQ(*f->elapsed_ms, 160.0);
  EXPECT_EQ(f->limit_ms, 100);
  EXPECT_EQ(f->turn, 12);  // the bot's fourth turn
  EXPECT_EQ(f->seat, 0);
  EXPECT_EQ(f->seed, 1u);
  EXPECT_NE(f->input.find("EOD\n"), std::string::npos);
  EXPECT_EQ(f->received, "N\\n");
  EXPECT_EQ(f->reproduce, "arbiter check-bot --match game-1 -- ./bot");
}

SPEC_TEST(Session, TheFirstTurnHasItsOwnLimit, "jc2015.protocol.action.limit") {
  SessionConfig cfg = Ja();
  cfg.first_action_ms = 1000;
  FakeEnv first;
  EXPECT_TRUE(Play(first, SlowOn(0, 500), cfg).findings.empty());
  FakeEnv second;
  EXPECT_NE(Find(Play(second, SlowOn(1, 500), cfg), "action.deadline"), nullptr);
}

SPEC_TEST(Session, ALowercaseAnswerIsInvalid, "jc2015.protocol.action.commands") {
  FakeEnv env;
  const MatchResult r = Play(
      env, Answering([](int, const std::string&) { return std::vector<Emit>{Out(1, "n\n")}; }));
  const Finding* f = Find(r, "action.invalid");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->received, "n\\n");
  EXPECT_EQ(f->occurrences, 10);
}

SPEC_TEST(Session, ACarriageReturnIsAWarningAndTheMoveStillCounts,
          "jc2015.protocol.action.whitespace") {
  FakeEnv env;
  const MatchResult r = Play(
      env, Answering([](int, const std::string&) { return std::vector<Emit>{Out(1, "D\r\n")}; }));
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "action.whitespace");
  EXPECT_EQ(r.findings[0].severity, Severity::kWarn);
  EXPECT_EQ(r.findings[0].received, "D\\r\\n");
  ASSERT_FALSE(r.turns[0].events.empty());
  EXPECT_EQ(r.turns[0].events[0].kind, "move");
}

SPEC_TEST(Session, TwoLinesInOneTurnAreExtraLines, "jc2015.protocol.action.commands") {
  FakeEnv env;
  const MatchResult r = Play(
      env, Answering([](int, const std::string&) { return std::vector<Emit>{Out(1, "N\nN\n")}; }));
  const Finding* f = Find(r, "action.extra-lines");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kFail);
  EXPECT_EQ(f->received, "N\\n");
  EXPECT_EQ(f->turn, 4);  // found before the bot's second turn
}

}  // namespace
}  // namespace arbiter::harness
