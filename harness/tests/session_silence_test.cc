// Tests of what the referee loop says when a bot is silent, dies, floods or
// lingers: the silence diagnoses need their full evidence, and every process
// check is produced for its behaviour.
#include <gtest/gtest.h>

#include <csignal>

#include "core/game.h"
#include "testing/fake_env.h"
#include "tests/match_checks.h"
#include "checks/session.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

using namespace testing;

MatchResult Play(FakeEnv& env, FakeScript script, SessionConfig cfg = {}) {
  return PlayJc2015(env, std::move(script), std::move(cfg));
}

// Answers N, except on input `index` where it does `what` instead.
FakeScript MisbehaveOn(int index, std::vector<Emit> what) {
  FakeScript s;
  s.on_start = {Out(5, "READY\n")};
  s.on_input = [=](int i, const std::string&) {
    return i == index ? what : std::vector<Emit>{Out(2, "N\n")};
  };
  s.on_eof = {Exit(1, 0)};
  return s;
}

SPEC_TEST(Silence, AnAnswerReleasedOnlyWhenStdinClosesIsUnflushed, "jc2015.protocol.flush") {
  FakeEnv env;
  FakeScript s = MisbehaveOn(0, {});
  s.on_eof = {Out(1, "N\n"), Exit(2, 0)};  // the C library flushes at exit
  const MatchResult r = Play(env, s);
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  const Finding& f = r.findings[0];
  EXPECT_EQ(f.check, "action.unflushed");
  EXPECT_EQ(f.clause, "jc2015.protocol.flush");
  EXPECT_NE(f.advice.find("fflush(stdout)"), std::string::npos);
  EXPECT_EQ(f.received, "N\\n (after stdin was closed)");
}

SPEC_TEST(Silence, ABotThatAnswersOnceGivenOneLineMoreReadsMoreThanTheTurnGives,
          "arbiter.check.diagnosis", "jc2015.protocol.action.limit") {
  // A C++ bot reading one number too many (cin >> n): silent and blocked
  // reading; one line more and it answers. It would also answer at end of
  // input, which once read as an unflushed answer.
  FakeEnv env;
  FakeScript s = MisbehaveOn(2, {});
  s.on_more_input = {Out(1, "N\n")};
  s.on_eof = {Out(1, "N\n"), Exit(2, 0)};
  const MatchResult r = Play(env, s);
  EXPECT_EQ(Find(r, "action.unflushed"), nullptr) << Checks(r);
  const Finding* f = Find(r, "action.deadline");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("expecting more than the turn gives (13 lines on this turn): given "
                            "one line more ('0'), it answered at once"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(f->received, "N\\n (after one more input line)");
  EXPECT_NE(f->advice.find("read exactly the lines each turn gives"), std::string::npos);
  EXPECT_EQ(f->message.find("flush"), std::string::npos) << f->message;
}

SPEC_TEST(Silence, AnAnswerThatComesWithAnExitAfterOneLineMoreIsStillUnflushed,
          "jc2015.protocol.flush", "arbiter.check.diagnosis") {
  // A C++ bot that never flushes, on a game whose turn is one line: it
  // reads the extra line as its next turn, fails to parse it and exits, and
  // the C library flushes both answers at exit. That is the buffer, not a
  // bot reading too much.
  FakeEnv env;
  FakeScript s = MisbehaveOn(2, {});
  s.on_more_input = {Out(1, "N\nN\n"), Exit(2, 1)};
  const MatchResult r = Play(env, s);
  const Finding* f = Find(r, "action.unflushed");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("the answer came out only when the bot exited, given one line more"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(f->received, "N\\n (at its exit)");
}

SPEC_TEST(Silence, ABotThatPrintsReadyOnceGivenALineReadsBeforeItsHandshake,
          "arbiter.check.diagnosis", "jc2015.protocol.ready.limit") {
  // A Java bot that reads a line before READY: its runtime does not flush at
  // exit, so closing its stdin would prove nothing; one line does.
  FakeEnv env;
  FakeScript s = MisbehaveOn(-1, {});
  s.on_start = {};
  s.on_more_input = {Out(1, "READY\n")};
  const MatchResult r = Play(env, s);
  EXPECT_EQ(Find(r, "ready.unflushed"), nullptr) << Checks(r);
  const Finding* f = Find(r, "ready.missing");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("blocked reading its input before printing it; given one line ('0'), "
                            "it printed 'READY' at once"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->advice.find("first, before reading any input"), std::string::npos) << f->advice;
}

SPEC_TEST(Silence, AReadyThatComesWithAnExitAfterALineIsStillUnflushed, "jc2015.protocol.flush",
          "arbiter.check.diagnosis") {
  // Given a line, the bot exits, and its C library flushes the READY it
  // held: the buffer, not a bot that reads before its handshake.
  FakeEnv env;
  FakeScript s = MisbehaveOn(-1, {});
  s.on_start = {};
  s.on_more_input = {Out(1, "READY\n"), Exit(2, 1)};
  const MatchResult r = Play(env, s);
  EXPECT_EQ(Find(r, "ready.missing"), nullptr) << Checks(r);
  EXPECT_NE(Find(r, "ready.unflushed"), nullptr) << Checks(r);
}

SPEC_TEST(Silence, ABusyBotIsNotCalledUnflushedEvenIfItAnswersAtEof, "jc2015.protocol.flush",
          "jc2015.protocol.action.limit") {
  FakeEnv env;
  FakeScript s = MisbehaveOn(0, {});
  s.on_eof = {Out(1, "N\n"), Exit(2, 0)};
  s.burns_cpu = true;
  s.waiting_for_stdin = false;
  const MatchResult r = Play(env, s);
  EXPECT_EQ(Find(r, "action.unflushed"), nullptr) << Checks(r);
  const Finding* f = Find(r, "action.deadline");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("still computing"), std::string::npos) << f->message;
}

SPEC_TEST(Silence, BytesWithoutANewlineAreAPartialAnswer, "jc2015.protocol.newline") {
  FakeEnv env;
  const MatchResult r = Play(env, MisbehaveOn(2, {Out(1, "N")}));
  const Finding* f = Find(r, "action.partial");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->received, "N");
  EXPECT_EQ(f->turn, 8);
}

SPEC_TEST(Silence, AnAnswerJustAfterTheDeadlineIsLateWithItsTime, "jc2015.protocol.action.limit") {
  FakeEnv env;
  const MatchResult r = Play(env, MisbehaveOn(1, {Out(180, "N\n")}));
  const Finding* f = Find(r, "action.deadline");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_DOUBLE_EQ(*f->elapsed_ms, 180.0);
}

SPEC_TEST(Silence, AStoppedBotsPlayerDoesNothingForTheRestOfTheGame,
          "jc2015.protocol.action.timeout") {
  FakeEnv env;
  const MatchResult r = Play(env, MisbehaveOn(0, {Out(500, "N\n")}));
  ASSERT_NE(Find(r, "action.deadline"), nullptr) << Checks(r);
  int silent = 0;
  for (const TurnRecord& t : r.turns) {
    if (t.player != 0) continue;
    EXPECT_TRUE(t.silent);
    EXPECT_TRUE(t.input.empty() || t.turn == 0);
    ++silent;
  }
  EXPECT_EQ(silent, 10);
  ASSERT_FALSE(r.turns[0].events.empty());
  EXPECT_EQ(r.turns[0].events[0].clause, "jc2015.protocol.action.timeout");
}

SPEC_TEST(Silence, AnExitOnTurnThreeIsACrashWithItsStatus, "jc2015.protocol.action.commands") {
  FakeEnv env;
  const MatchResult r = Play(env, MisbehaveOn(2, {Exit(1, 3)}));
  const Finding* f = Find(r, "process.crash");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("exited with status 3"), std::string::npos) << f->message;
  EXPECT_EQ(f->turn, 8);
}

SPEC_TEST(Silence, ACrashBySignalNamesTheSignal, "jc2015.protocol.action.commands") {
  FakeEnv env;
  const MatchResult r =
      Play(env, MisbehaveOn(0, {Err(0, "Segmentation fault\n"), Signal(1, SIGSEGV)}));
  const Finding* f = Find(r, "process.crash");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("signal 11 (SIGSEGV)"), std::string::npos) << f->message;
  EXPECT_NE(f->stderr_tail.find("Segmentation fault"), std::string::npos);
}

SPEC_TEST(Silence, ABotThatCannotBeStartedIsExecFailed, "jc2015.protocol.ready") {
  FakeEnv env;
  FakeScript s;
  s.spawn_fails = true;
  const MatchResult r = Play(env, s);
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "process.exec-failed");
  EXPECT_NE(r.findings[0].message.find("No such file"), std::string::npos);
  EXPECT_EQ(r.turns_played, 40);  // the game is still played, the seat silent
}

SPEC_TEST(Silence, ClosingStdoutMidGameIsReported, "jc2015.protocol.action.commands") {
  FakeEnv env;
  const MatchResult r = Play(env, MisbehaveOn(1, {CloseOut(1)}));
  EXPECT_NE(Find(r, "process.stdout-closed"), nullptr) << Checks(r);
}

SPEC_TEST(Silence, NotExitingAfterEofIsInformational, "arbiter.process.exit-on-eof") {
  FakeEnv env;
  FakeScript s = MisbehaveOn(-1, {});
  s.on_eof = {};
  const MatchResult r = Play(env, s);
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "process.no-exit-on-eof");
  EXPECT_EQ(r.findings[0].severity, Severity::kInfo);
}

SPEC_TEST(Silence, ProcessesLeftBehindAreReported, "arbiter.process.no-leftovers") {
  FakeEnv env;
  FakeScript s = MisbehaveOn(-1, {});
  s.leftovers = {777};
  const MatchResult r = Play(env, s);
  const Finding* f = Find(r, "process.leftover");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_NE(f->message.find("777"), std::string::npos);
}

SPEC_TEST(Silence, AHugeLineWithoutNewlineIsAnOutputFlood, "arbiter.output.size") {
  FakeEnv env;
  const MatchResult r = Play(env, MisbehaveOn(0, {Out(1, std::string(5000, 'x'))}));
  const Finding* f = Find(r, "output.flood");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_NE(Find(r, "action.partial"), nullptr) << Checks(r);
}

SPEC_TEST(Silence, MegabytesOnStderrAreAStderrFlood, "arbiter.stderr.size") {
  FakeEnv env;
  const MatchResult r =
      Play(env, MisbehaveOn(0, {Err(0, std::string(9 << 20, 'e')), Out(1, "N\n")}));
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "stderr.flood");
}

}  // namespace
}  // namespace arbiter::harness
