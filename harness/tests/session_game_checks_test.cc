// Tests of the finer check IDs a game opts into through its register's checks
// table (findings.h): action.first-deadline, action.illegal and
// action.no-legal-silence. A register that lists them gets them; one that does
// not (jc2015) gets today's coarser IDs, so nothing changes for it. Played on
// the virtual clock with wondev, whose register lists all three, and with
// catalogs built in the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>

#include "core/game.h"
#include "testing/fake_env.h"
#include "tests/match_checks.h"
#include "report/registers.h"
#include "checks/session.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

using namespace testing;

// The wondev register's catalog, without the checks in `without` (a register
// that does not opt into them).
CheckCatalog WondevCatalogWithout(std::initializer_list<std::string> without = {}) {
  CheckCatalog catalog;
  const CheckCatalog all =
      CatalogFromRegister(nlohmann::json::parse(report::RegisterJson("wondev")));
  for (const auto& [id, info] : all.all())
    if (std::find(without.begin(), without.end(), id) == without.end()) catalog.Add(info);
  return catalog;
}

SessionConfig Wondev() {
  SessionConfig c;  // no handshake; 1000 ms for the first turn, 50 ms later
  c.first_action_ms = 1000;
  c.action_ms = 50;
  return c;
}

// A wondev bot: the first write is the initialisation, then on its turn input
// `turn` (from 0) it does what `on_turn` says.
FakeScript WondevBot(std::function<std::vector<Emit>(int turn, const std::string& input)> on_turn) {
  FakeScript s;
  s.on_input = [on_turn](int i, const std::string& input) {
    return i == 0 ? std::vector<Emit>{} : on_turn(i - 1, input);
  };
  s.on_eof = {Exit(1, 0)};
  return s;
}

// The first legal action listed in a turn input, with its newline.
std::string FirstListed(const std::string& input) {
  const size_t at = input.find("MOVE&BUILD");
  return at == std::string::npos ? "ACCEPT-DEFEAT\n"
                                 : input.substr(at, input.find('\n', at) - at + 1);
}

// Answers the first listed action after `ms_of(turn)` milliseconds.
FakeScript Timed(std::function<int(int)> ms_of) {
  return WondevBot([ms_of](int turn, const std::string& input) {
    return std::vector<Emit>{Out(ms_of(turn), FirstListed(input))};
  });
}

// Always answers `line`.
FakeScript Answers(const std::string& line) {
  return WondevBot(
      [line](int, const std::string&) { return std::vector<Emit>{Out(2, line + "\n")}; });
}

// A 20-turn wondev match from `state` (seed 1 when null): the bot in seat 0,
// the greedy built-in player in seat 1.
MatchResult PlayWondev(FakeEnv& env, FakeScript script, const CheckCatalog& catalog,
                       std::unique_ptr<GameState> state = nullptr) {
  env.scripts.push_back(std::move(script));
  MatchSpec spec;
  spec.id = "game-1";
  std::string error;
  spec.side = EngineSide::Of(state ? std::move(state) : FindGame("wondev")->new_game(1, {}, error));
  spec.seats = {Seat{{"./bot"}, ""}, Seat{{}, "greedy"}};
  spec.seed = 1;
  spec.max_turns = 20;
  return RunMatch(env, std::move(spec), Wondev(), catalog);
}

std::unique_ptr<GameState> NoLegalActionState() {
  for (EdgeCase& e : FindGame("wondev")->edge_cases({}))
    if (e.name == "no-legal-action") return std::move(e.state);
  return nullptr;
}

SPEC_TEST(GameChecks, ALateFirstAnswerIsAFirstTurnDeadlineWithTheFirstTurnLimit,
          "wondev.protocol.time.first-turn") {
  FakeEnv late_env;
  const MatchResult late =
      PlayWondev(late_env, Timed([](int t) { return t == 0 ? 1100 : 2; }), WondevCatalogWithout());
  const Finding* f = Find(late, "action.first-deadline");
  ASSERT_NE(f, nullptr) << Checks(late);
  EXPECT_EQ(f->clause, "wondev.protocol.time.first-turn");
  EXPECT_EQ(f->limit_ms, 1000);
  EXPECT_DOUBLE_EQ(*f->elapsed_ms, 1100.0);
  EXPECT_EQ(f->turn, 0);
  EXPECT_EQ(Find(late, "action.deadline"), nullptr) << Checks(late);
  // No answer at all on the first turn: the same check.
  FakeEnv silent_env;
  const MatchResult silent =
      PlayWondev(silent_env, WondevBot([](int, const std::string&) { return std::vector<Emit>{}; }),
                 WondevCatalogWithout());
  ASSERT_EQ(silent.findings.size(), 1u) << Checks(silent);
  EXPECT_EQ(silent.findings[0].check, "action.first-deadline");
  EXPECT_EQ(silent.findings[0].limit_ms, 1000);
  // Within its 1000 ms, a slow first answer is fine.
  FakeEnv ok_env;
  EXPECT_TRUE(
      PlayWondev(ok_env, Timed([](int t) { return t == 0 ? 900 : 2; }), WondevCatalogWithout())
          .findings.empty());
}

SPEC_TEST(GameChecks, ALateLaterAnswerIsADeadlineWithTheTurnLimit, "wondev.protocol.time.turn") {
  FakeEnv env;
  const MatchResult r =
      PlayWondev(env, Timed([](int t) { return t == 2 ? 80 : 2; }), WondevCatalogWithout());
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  const Finding& f = r.findings[0];
  EXPECT_EQ(f.check, "action.deadline");
  EXPECT_EQ(f.clause, "wondev.protocol.time.turn");
  EXPECT_EQ(f.limit_ms, 50);
  EXPECT_DOUBLE_EQ(*f.elapsed_ms, 80.0);
  EXPECT_EQ(f.turn, 4);  // the bot's third turn
}

// Cites only wondev's clause: jc2015's register (and the reports approved from
// it) stays as it was; its own deadline tests are in session_test.cc.
SPEC_TEST(GameChecks, WithoutTheFirstTurnCheckInItsRegisterALateFirstAnswerIsADeadline,
          "wondev.protocol.time.turn") {
  // jc2015's register does not list action.first-deadline: unchanged.
  FakeEnv jc_env;
  FakeScript jc;
  jc.on_start = {Out(5, "READY\n")};
  jc.on_input = [](int i, const std::string&) {
    return std::vector<Emit>{Out(i == 0 ? 1200 : 2, "N\n")};
  };
  jc.on_eof = {Exit(1, 0)};
  jc_env.scripts.push_back(jc);
  SessionConfig cfg;
  cfg.ready_line = "READY";
  cfg.first_action_ms = 1000;
  cfg.action_ms = 100;
  const MatchResult r = RunMatch(jc_env, Jc2015Match(), cfg, Jc2015Catalog());
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "action.deadline");
  EXPECT_EQ(r.findings[0].clause, "jc2015.protocol.action.limit");
  EXPECT_EQ(r.findings[0].limit_ms, 1000);
  // A wondev catalog without it falls back the same way, with the first-turn limit.
  FakeEnv env;
  const MatchResult w = PlayWondev(env, Timed([](int t) { return t == 0 ? 1100 : 2; }),
                                   WondevCatalogWithout({"action.first-deadline"}));
  ASSERT_EQ(w.findings.size(), 1u) << Checks(w);
  EXPECT_EQ(w.findings[0].check, "action.deadline");
  EXPECT_EQ(w.findings[0].limit_ms, 1000);
}

SPEC_TEST(GameChecks, AWellFormedButIllegalAnswerIsIllegalAndAMalformedOneIsInvalid,
          "wondev.protocol.action.legal", "wondev.protocol.action.grammar") {
  FakeEnv illegal_env;  // there is no unit 7
  const MatchResult illegal =
      PlayWondev(illegal_env, Answers("MOVE&BUILD 7 N S"), WondevCatalogWithout());
  ASSERT_EQ(illegal.findings.size(), 1u) << Checks(illegal);
  EXPECT_EQ(illegal.findings[0].check, "action.illegal");
  EXPECT_EQ(illegal.findings[0].clause, "wondev.protocol.action.legal");
  EXPECT_EQ(illegal.findings[0].severity, Severity::kFail);
  EXPECT_EQ(illegal.findings[0].received, "MOVE&BUILD 7 N S\\n");
  FakeEnv invalid_env;
  const MatchResult invalid =
      PlayWondev(invalid_env, Answers("MOVE 0 N S"), WondevCatalogWithout());
  ASSERT_EQ(invalid.findings.size(), 1u) << Checks(invalid);
  EXPECT_EQ(invalid.findings[0].check, "action.invalid");
  EXPECT_EQ(invalid.findings[0].clause, "wondev.protocol.action.grammar");
  // An illegal answer with a carriage return is still illegal, not a warning.
  FakeEnv cr_env;
  const MatchResult cr = PlayWondev(cr_env, Answers("MOVE&BUILD 7 N S\r"), WondevCatalogWithout());
  ASSERT_EQ(cr.findings.size(), 1u) << Checks(cr);
  EXPECT_EQ(cr.findings[0].check, "action.illegal");
}

SPEC_TEST(GameChecks, WithoutTheIllegalCheckInItsRegisterAnIllegalAnswerIsInvalid,
          "wondev.protocol.action.legal") {
  FakeEnv env;
  const MatchResult r =
      PlayWondev(env, Answers("MOVE&BUILD 7 N S"), WondevCatalogWithout({"action.illegal"}));
  ASSERT_EQ(r.findings.size(), 1u) << Checks(r);
  EXPECT_EQ(r.findings[0].check, "action.invalid");
}

SPEC_TEST(GameChecks, NoAnswerOnATurnWithNoLegalActionIsReportedUnderItsOwnCheck,
          "wondev.turn.no-legal-action") {
  // Waiting for an action line that never comes: the one failure there.
  FakeEnv silent_env;
  const MatchResult silent =
      PlayWondev(silent_env, WondevBot([](int, const std::string&) { return std::vector<Emit>{}; }),
                 WondevCatalogWithout(), NoLegalActionState());
  ASSERT_EQ(silent.findings.size(), 1u) << Checks(silent);
  EXPECT_EQ(silent.findings[0].check, "action.no-legal-silence");
  EXPECT_EQ(silent.findings[0].severity, Severity::kFail);
  EXPECT_EQ(silent.findings[0].limit_ms, 1000);
  EXPECT_NE(silent.findings[0].input.find("\n0\n"), std::string::npos);
  // Any line of the grammar is accepted then, even one that is not listed.
  FakeEnv line_env;
  const MatchResult line = PlayWondev(line_env, Answers("MOVE&BUILD 0 N S"), WondevCatalogWithout(),
                                      NoLegalActionState());
  EXPECT_TRUE(line.findings.empty()) << Checks(line);
  // Without the check in the register, the silence keeps its usual checks.
  FakeEnv plain_env;
  const MatchResult plain = PlayWondev(
      plain_env, WondevBot([](int, const std::string&) { return std::vector<Emit>{Exit(3, 1)}; }),
      WondevCatalogWithout({"action.no-legal-silence", "process.no-legal-crash"}),
      NoLegalActionState());
  ASSERT_EQ(plain.findings.size(), 1u) << Checks(plain);
  EXPECT_EQ(plain.findings[0].check, "process.crash");
}

SPEC_TEST(GameChecks, WhatABotPrintsOnATurnWithNoLegalActionIsANoteNotAFailure,
          "wondev.turn.no-legal-action") {
  // Published bots print 'null' or a farewell there; the player is out either way.
  for (const char* farewell : {"null", "Kill all AIs!!", "i'm out"}) {
    FakeEnv env;
    const MatchResult r =
        PlayWondev(env, Answers(farewell), WondevCatalogWithout(), NoLegalActionState());
    ASSERT_EQ(r.findings.size(), 1u) << farewell << ": " << Checks(r);
    EXPECT_EQ(r.findings[0].check, "action.no-legal-line");
    EXPECT_EQ(r.findings[0].severity, Severity::kInfo);
    EXPECT_NE(r.findings[0].message.find("out whatever it prints"), std::string::npos);
  }
  // Without the check in the register the line is judged as on any turn.
  FakeEnv plain_env;
  const MatchResult plain =
      PlayWondev(plain_env, Answers("null"), WondevCatalogWithout({"action.no-legal-line"}),
                 NoLegalActionState());
  ASSERT_EQ(plain.findings.size(), 1u) << Checks(plain);
  EXPECT_EQ(plain.findings[0].check, "action.invalid");
}

SPEC_TEST(GameChecks, ACrashOnATurnWithNoLegalActionIsAWarning, "wondev.turn.no-legal-action") {
  // Crashing on the empty action list, instead of answering.
  FakeEnv crash_env;
  const MatchResult crash = PlayWondev(
      crash_env, WondevBot([](int, const std::string&) { return std::vector<Emit>{Exit(3, 1)}; }),
      WondevCatalogWithout(), NoLegalActionState());
  ASSERT_EQ(crash.findings.size(), 1u) << Checks(crash);
  EXPECT_EQ(crash.findings[0].check, "process.no-legal-crash");
  EXPECT_EQ(crash.findings[0].clause, "wondev.turn.no-legal-action");
  EXPECT_EQ(crash.findings[0].severity, Severity::kWarn);
  EXPECT_NE(crash.findings[0].message.find("exited with status 1"), std::string::npos);
  // Printing a line, then crashing: never a failure either.
  FakeEnv after_env;
  const MatchResult after = PlayWondev(after_env, WondevBot([](int, const std::string&) {
                                         return std::vector<Emit>{Out(1, "null\n"), Exit(2, 1)};
                                       }),
                                       WondevCatalogWithout(), NoLegalActionState());
  for (const Finding& f : after.findings) {
    EXPECT_NE(f.severity, Severity::kFail) << Checks(after);
    EXPECT_TRUE(f.check == "action.no-legal-line" || f.check == "process.no-legal-crash")
        << Checks(after);
  }
}

SPEC_TEST(GameChecks, ALowercaseKeywordTheRealServerAcceptsIsAWarningAndPlaysOn,
          "wondev.protocol.action.grammar") {
  FakeEnv env;
  std::string first_read;
  const MatchResult r = PlayWondev(env, WondevBot([&](int turn, const std::string& input) {
                                     // The first listed action, its keyword in lowercase.
                                     std::string line = FirstListed(input);
                                     if (turn == 0) first_read = line.substr(0, line.size() - 1);
                                     line.replace(0, 10, "move&build");
                                     return std::vector<Emit>{Out(2, line)};
                                   }),
                                   WondevCatalogWithout());
  const Finding* f = Find(r, "action.server-accepts");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_EQ(Find(r, "action.invalid"), nullptr) << Checks(r);
  EXPECT_NE(f->message.find("reads '" + first_read + "'"), std::string::npos) << f->message;
  EXPECT_GE(f->occurrences, 5);  // the game went on: every turn's answer was played
  EXPECT_EQ(r.turns.size(), 20u);
}

SPEC_TEST(GameChecks, AFindingCarriesTheWholeInputStreamFromTheOpeningLines,
          "arbiter.check.reproduce") {
  FakeEnv env;
  const MatchResult r = PlayWondev(env, WondevBot([](int turn, const std::string& input) {
                                     if (turn < 2)
                                       return std::vector<Emit>{Out(2, FirstListed(input))};
                                     return std::vector<Emit>{Out(2, "HELLO\n")};
                                   }),
                                   WondevCatalogWithout());
  const Finding* f = Find(r, "action.invalid");
  ASSERT_NE(f, nullptr) << Checks(r);
  std::string error;
  const auto initial = FindGame("wondev")->new_game(1, {}, error);
  // The opening lines first, then every input of the bot up to the finding's
  // turn: piped into the bot, it replays the turn.
  std::string expected = initial->InitText(0);
  for (const TurnRecord& t : r.turns)
    if (t.player == 0 && t.turn <= f->turn) expected += t.input;
  EXPECT_EQ(f->input_stream, expected);
  EXPECT_EQ(f->input_stream.rfind(initial->InitText(0), 0), 0u);
  EXPECT_NE(f->input_stream.size(), f->input.size());
  EXPECT_EQ(f->input_stream.substr(f->input_stream.size() - f->input.size()), f->input);
}

SPEC_TEST(GameChecks, EveryCheckInEveryGameRegisterIsOneTheHarnessReports,
          "wondev.protocol.time.first-turn", "wondev.protocol.action.legal",
          "wondev.turn.no-legal-action") {
  // A misspelt opt-in ID would silently fall back to the coarser check.
  for (const GameInfo* game : AllGames()) {
    const auto reg = nlohmann::json::parse(report::RegisterJson(game->name));
    ASSERT_TRUE(reg.contains("checks")) << game->name;
    for (const auto& c : reg["checks"]) {
      const std::string id = c.value("id", "");
      EXPECT_TRUE(IsHarnessCheckId(id)) << game->name << ": " << id;
      EXPECT_NE(CatalogFromRegister(reg).Find(id), nullptr) << id;
    }
  }
  for (const char* id : {"action.first-deadline", "action.illegal", "action.no-legal-silence"}) {
    EXPECT_TRUE(IsHarnessCheckId(id)) << id;
    EXPECT_NE(WondevCatalogWithout().Find(id), nullptr) << id;
    EXPECT_EQ(Jc2015Catalog().Find(id), nullptr) << id;
  }
}

SPEC_TEST(GameChecks, AMatchAboutToReportACheckItsRegisterLacksStopsAsArbitersOwnError,
          "arbiter.report.check-ids") {
  // A register with neither action.invalid nor action.illegal: the answer
  // "HELLO" would be a finding with no clause and a FAIL of the bot's. It is
  // arbiter's error instead, the check it was about to report named.
  FakeEnv env;
  try {
    PlayWondev(env, Answers("HELLO"), WondevCatalogWithout({"action.invalid", "action.illegal"}));
    ADD_FAILURE() << "the match ended with no error";
  } catch (const UnknownCheck& e) {
    EXPECT_NE(std::string(e.what()).find("'action.invalid'"), std::string::npos) << e.what();
  }
  // The same match under the whole register: the finding, with its clause.
  FakeEnv whole_env;
  const MatchResult r = PlayWondev(whole_env, Answers("HELLO"),
                                   WondevCatalogWithout({"action.illegal"}));
  const Finding* f = Find(r, "action.invalid");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_FALSE(f->clause.empty());
}

}  // namespace
}  // namespace arbiter::harness
