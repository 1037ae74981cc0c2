// A game through a real referee with no engine (referee_match.h), on the
// fake clock: the referee is a scripted process (runner protocol) or a
// scripted relay (a referee that launches its bots), the bots scripted too.
#include "referee/referee_match.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "report/registers.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"
#include "tests/match_checks.h"

namespace arbiter::harness::testing {
namespace {

SessionConfig Limits() {
  SessionConfig c;
  c.first_action_ms = 1000;
  c.action_ms = 50;
  return c;
}

MatchSpec TwoBots() {
  MatchSpec m;
  m.id = "game-1";
  m.seed = 7;
  m.seats = {Seat{{"./bot"}, ""}, Seat{{"./bot"}, ""}};
  m.reproduce = "arbiter check-bot --referee ... -- ./bot";
  return m;
}

RefereeDriverConfig Runner(int players = 2) {
  RefereeDriverConfig c;
  std::string error;
  c.referee = *RefereeTemplate::Parse("java -jar ref.jar", RefereeProtocol::kRunner, -1, error);
  c.players = players;
  return c;
}

// A runner-protocol referee of `turns` turns, players 0 and 1 in turn, each
// asked for `lines` lines; then ###End 1 0. `stderr_on` turn -> a stderr line.
FakeScript RunnerReferee(int turns, int lines, std::map<int, std::string> stderr_on = {},
                         std::string end = "###End 1 0\n") {
  FakeScript s;
  s.on_input = [=](int index, const std::string&) -> std::vector<Emit> {
    std::vector<Emit> out;
    if (index > 0 && stderr_on.count(index - 1)) out.push_back(Err(1, stderr_on.at(index - 1)));
    if (index >= turns) {
      out.push_back(Out(1, end));
      out.push_back(Exit(2, 0));
      return out;
    }
    const int p = index % 2;
    out.push_back(Out(1, "###Input " + std::to_string(p) + "\n2 " + std::to_string(p) + "\nstate " +
                             std::to_string(index) + "\n###Output " + std::to_string(p) + " " +
                             std::to_string(lines) + "\n"));
    return out;
  };
  return s;
}

FakeScript AnsweringBot(std::string answer, int ms = 5) {
  FakeScript s;
  s.on_input = [=](int, const std::string&) { return std::vector<Emit>{Out(ms, answer)}; };
  s.on_eof = {Exit(1, 0)};
  return s;
}

MatchResult Play(FakeEnv& env, const RefereeDriverConfig& config, MatchSpec spec = TwoBots()) {
  return RunRefereeMatch(env, std::move(spec), Limits(), config, RunCatalog());
}

CITES(RefereeRun, ARunnerRefereesGameIsPlayedToItsEndWithTheLinesEachTurnAsksFor,
      "arbiter.referee-run.framing");
TEST(RefereeRun, ARunnerRefereesGameIsPlayedToItsEndWithTheLinesEachTurnAsksFor) {
  FakeEnv env;
  env.scripts = {RunnerReferee(6, 2), AnsweringBot("UP\nLEFT\n"), AnsweringBot("UP\nLEFT\n")};
  const MatchResult r = Play(env, Runner());
  EXPECT_TRUE(r.findings.empty()) << Checks(r);
  ASSERT_EQ(r.turns.size(), 6u);
  EXPECT_EQ(r.turns[0].input, "2 0\nstate 0\n");
  EXPECT_EQ(r.turns[1].player, 1);
  EXPECT_EQ(r.turns[0].answer, "UP\nLEFT");
  EXPECT_TRUE(r.game_over);
  EXPECT_EQ(r.winner, 1);
  ASSERT_EQ(r.seat_plays.size(), 2u);
  EXPECT_EQ(r.seat_plays[0].own_turns, 3);
  EXPECT_TRUE(r.seat_plays[1].to_end);
  EXPECT_EQ(env.spawned_argv[0], (std::vector<std::string>{"java", "-jar", "ref.jar"}));
}

// cg-brutaltester reads a bot's line with Java's Scanner.nextLine, whose
// line end takes "\r\n" whole, and writes it on with println: a
// runner-protocol referee never sees a bot's CR. A bot ending its lines with
// CRLF is warned (action.whitespace) and its lines reach the referee as
// brutaltester would send them. (Before, "UP\r\n" went on as it came; a port
// whose getline keeps the CR rejected it, and the bot failed: action.rejected.)
CITES(RefereeRun, ABotsCarriageReturnNeverReachesARunnerRefereeAsUnderBrutaltester,
      "arbiter.referee-run.framing", "arbiter.referee.runner-protocol");
TEST(RefereeRun, ABotsCarriageReturnNeverReachesARunnerRefereeAsUnderBrutaltester) {
  FakeEnv env;
  auto written = std::make_shared<std::vector<std::string>>();
  FakeScript referee = RunnerReferee(6, 2);
  referee.on_input = [written, inner = referee.on_input](int index, const std::string& bytes) {
    written->push_back(bytes);
    std::vector<Emit> out;
    if (index > 0 && bytes.find('\r') != std::string::npos)  // compares its lines exactly
      out.push_back(
          Err(1, "###Error " + std::to_string((index - 1) % 2) +
                     " InvalidInput Invalid action : " + bytes.substr(0, bytes.find('\n')) + "\n"));
    for (Emit& e : inner(index, bytes)) out.push_back(std::move(e));
    return out;
  };
  env.scripts = {referee, AnsweringBot("UP\r\nLEFT\r\n"), AnsweringBot("UP\nLEFT\n")};
  const MatchResult r = Play(env, Runner());
  EXPECT_EQ(Find(r, "action.rejected"), nullptr) << Checks(r);
  const Finding* f = Find(r, "action.whitespace");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->seat, 0);
  EXPECT_EQ(f->severity, Severity::kWarn);
  ASSERT_EQ(written->size(), 7u);  // the start, then six answers
  for (size_t i = 1; i < written->size(); ++i) EXPECT_EQ((*written)[i], "UP\nLEFT\n") << i;
  EXPECT_TRUE(r.game_over);
}

CITES(RefereeRun, ABotThatPrintsFewerLinesThanTheRunnerAsksForFailsLineCount,
      "arbiter.referee-run.framing");
TEST(RefereeRun, ABotThatPrintsFewerLinesThanTheRunnerAsksForFailsLineCount) {
  FakeEnv env;
  env.scripts = {RunnerReferee(6, 2), AnsweringBot("UP\n"), AnsweringBot("UP\nLEFT\n")};
  const MatchResult r = Play(env, Runner());
  const Finding* f = Find(r, "action.line-count");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kFail);
  EXPECT_EQ(f->seat, 0);
  EXPECT_NE(f->message.find("asks for 2 answer lines"), std::string::npos) << f->message;
  EXPECT_EQ(f->clause, "arbiter.referee-run.framing");
}

CITES(RefereeRun, ARefereesRejectionInItsOwnWordsFailsTheBotItNames,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, ARefereesRejectionInItsOwnWordsFailsTheBotItNames) {
  FakeEnv env;
  env.scripts = {RunnerReferee(6, 1, {{3, "###Error 1 InvalidInput: expected UP but got 'up'\n"}}),
                 AnsweringBot("UP\n"), AnsweringBot("up\n")};
  const MatchResult r = Play(env, Runner());
  const Finding* f = Find(r, "action.rejected");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kFail);
  EXPECT_EQ(f->seat, 1);
  EXPECT_EQ(f->turn, 3);
  EXPECT_NE(f->message.find("###Error 1 InvalidInput"), std::string::npos) << f->message;
  EXPECT_EQ(f->received, "up\\n");
  bool event = false;
  for (const Event& e : r.turns[3].events) event = event || e.kind == "referee.stderr";
  EXPECT_TRUE(event) << "the referee's line is evidence on the turn it followed";
}

CITES(RefereeRun, ATimeoutTheRefereeClaimsButArbiterDidNotMeasureIsAWarning,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, ATimeoutTheRefereeClaimsButArbiterDidNotMeasureIsAWarning) {
  FakeEnv env;
  env.scripts = {RunnerReferee(6, 1, {{2, "Player 0 timed out\n"}}), AnsweringBot("UP\n", 20),
                 AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Runner());
  const Finding* f = Find(r, "action.referee-timeout");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_NE(f->message.find("after 20.0 ms"), std::string::npos) << f->message;
  EXPECT_EQ(Find(r, "action.rejected"), nullptr);
}

CITES(RefereeRun, TheRefereesWordsAboutABotArbiterAlreadyFailedAreEvidenceNotASecondFinding,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, TheRefereesWordsAboutABotArbiterAlreadyFailedAreEvidenceNotASecondFinding) {
  FakeEnv env;
  FakeScript late;
  late.on_input = [](int index, const std::string&) {
    return std::vector<Emit>{Out(index == 1 ? 200 : 5, "UP\n")};
  };
  env.scripts = {RunnerReferee(8, 1, {{2, "###Error 0 Timeout\n"}}), late, AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Runner());
  const Finding* f = Find(r, "action.deadline");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_NE(f->message.find("the referee said: '###Error 0 Timeout'"), std::string::npos)
      << f->message;
  EXPECT_EQ(Find(r, "action.rejected"), nullptr) << Checks(r);
  EXPECT_EQ(Find(r, "action.referee-timeout"), nullptr) << Checks(r);
  EXPECT_EQ(r.findings.size(), 1u) << Checks(r);
}

CITES(RefereeRun, ARefereeThatCrashesMidGameIsAWarningAboutTheRefereeNeverABotFailure,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, ARefereeThatCrashesMidGameIsAWarningAboutTheRefereeNeverABotFailure) {
  FakeEnv env;
  FakeScript ref = RunnerReferee(6, 1);
  auto inner = ref.on_input;
  ref.on_input = [inner](int index, const std::string& in) {
    if (index == 3)
      return std::vector<Emit>{
          Err(1, "Exception in thread \"main\" java.lang.NullPointerException\n"), Exit(2, 1)};
    return inner(index, in);
  };
  env.scripts = {ref, AnsweringBot("UP\n"), AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Runner());
  const Finding* f = Find(r, "referee.stopped");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_NE(f->message.find("exited with status 1 before ###End"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("NullPointerException"), std::string::npos) << f->message;
  for (const Finding& g : r.findings) EXPECT_NE(g.severity, Severity::kFail) << g.check;
  EXPECT_FALSE(r.game_over);
  for (const SeatPlay& p : r.seat_plays) EXPECT_FALSE(p.to_end);
}

CITES(RefereeRun, ARefereeThatExitsWithAnErrorAfterACompleteGameIsANote,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, ARefereeThatExitsWithAnErrorAfterACompleteGameIsANote) {
  FakeEnv env;
  FakeScript ref = RunnerReferee(4, 1);
  auto inner = ref.on_input;
  ref.on_input = [inner](int index, const std::string& in) {
    if (index == 4) return std::vector<Emit>{Out(1, "###End 0 1\n"), Exit(3, 1)};
    return inner(index, in);
  };
  env.scripts = {ref, AnsweringBot("UP\n"), AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Runner());
  const Finding* f = Find(r, "referee.exit");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kInfo);
  EXPECT_TRUE(r.game_over);
  EXPECT_EQ(r.winner, 0);
}

// A referee that prints `result` on its stdout after `ms` and exits with
// status 0 a millisecond later.
FakeScript EndsWith(int ms, const std::string& result) {
  FakeScript s;
  s.on_start = {Out(ms, result + "\n"), Exit(ms + 1, 0)};
  return s;
}

// The referee closes both seats' input `after` from now.
std::vector<RelayEmit> ClosingBoth(milliseconds after) {
  return {{after, 0, "", true}, {after, 1, "", true}};
}

// A referee that launches its bots: the relay's script.
RefereeDriverConfig Launcher() {
  RefereeDriverConfig c;
  std::string error;
  c.referee = *RefereeTemplate::Parse("python3 referee.py --seed {seed} {bot0} {bot1}",
                                      RefereeProtocol::kLaunchesBots, -1, error);
  return c;
}

// A launching referee's relays for two seats taking turns: "go" to seat 0
// after `first`, then to the other seat at each answer.
FakeRelayScript TakingTurns(milliseconds first) {
  FakeRelayScript relay;
  relay.on_open = {{first, 0, "go\n"}};
  relay.on_answer = [](int seat, const std::string&) -> std::vector<RelayEmit> {
    return {{milliseconds(1), 1 - seat, "go\n"}};
  };
  return relay;
}

CITES(RefereeRun, ATurnALaunchingRefereeWritesInPiecesReachesTheBotAndIsTimedFromTheLastPiece,
      "arbiter.referee-run.framing");
TEST(RefereeRun, ATurnALaunchingRefereeWritesInPiecesReachesTheBotAndIsTimedFromTheLastPiece) {
  FakeEnv env;
  FakeRelayScript relay;
  relay.on_open = {{milliseconds(5), 0, "2 0\n"}, {milliseconds(45), 0, "more\n"}};
  int answers = 0;
  relay.on_answer = [&](int seat, const std::string&) -> std::vector<RelayEmit> {
    if (++answers >= 4) return ClosingBoth(milliseconds(1));
    return {{milliseconds(1), 1 - seat, "2 " + std::to_string(1 - seat) + "\nx\n"}};
  };
  env.relay_script = relay;
  FakeScript ref = EndsWith(200, "RESULT 1");
  FakeScript bot0;  // answers only once it has both lines of its first turn
  bot0.on_input = [](int index, const std::string& in) {
    if (index == 0 && in == "2 0\n") return std::vector<Emit>{};
    return std::vector<Emit>{Out(30, "UP\n")};
  };
  bot0.on_eof = {Exit(1, 0)};
  env.scripts = {ref, bot0, AnsweringBot("UP\n")};
  RefereeDriverConfig c = Launcher();
  const MatchResult r = Play(env, c);
  EXPECT_TRUE(r.findings.empty()) << Checks(r);
  ASSERT_GE(r.turns.size(), 1u);
  EXPECT_EQ(r.turns[0].input, "2 0\nmore\n");
  ASSERT_TRUE(r.turns[0].elapsed_ms);
  EXPECT_DOUBLE_EQ(*r.turns[0].elapsed_ms, 30.0);
  EXPECT_EQ(r.winner, 1);
  EXPECT_NE(env.spawned_argv[0][3], "{seed}");
  EXPECT_EQ(env.spawned_argv[0][4], "relay0");
}

CITES(RefereeRun, AllTheLinesOfATurnReachARefereeThatWroteToEverySeatBeforeReadingAny,
      "arbiter.referee-run.framing");
TEST(RefereeRun, AllTheLinesOfATurnReachARefereeThatWroteToEverySeatBeforeReadingAny) {
  FakeEnv env;
  FakeRelayScript relay;
  relay.on_open = {{milliseconds(5), 0, "go\n"}, {milliseconds(5), 1, "go\n"}};
  int lines = 0;
  relay.on_answer = [&](int, const std::string&) -> std::vector<RelayEmit> {
    ++lines;  // two lines a seat, then the next round to both seats at once
    if (lines == 8) return ClosingBoth(milliseconds(1));
    if (lines % 4 != 0) return {};
    return {{milliseconds(1), 0, "go\n"}, {milliseconds(1), 1, "go\n"}};
  };
  env.relay_script = relay;
  FakeScript ref = EndsWith(300, "RESULT -1");
  env.scripts = {ref, AnsweringBot("UP\nLEFT\n"), AnsweringBot("UP\nLEFT\n")};
  const MatchResult r = Play(env, Launcher());
  EXPECT_TRUE(r.findings.empty()) << Checks(r);
  ASSERT_EQ(r.turns.size(), 4u);
  for (const TurnRecord& t : r.turns) EXPECT_EQ(t.answer, "UP\nLEFT") << t.turn;
  EXPECT_EQ(lines, 8);
}

CITES(RefereeRun, ALaunchingRefereeSeesTheBotArbiterStoppedDieAndItsRanksLineIsRead,
      "arbiter.referee-run.framing", "arbiter.referee-run.evidence");
TEST(RefereeRun, ALaunchingRefereeSeesTheBotArbiterStoppedDieAndItsRanksLineIsRead) {
  FakeEnv env;
  env.relay_script = TakingTurns(milliseconds(5));
  FakeScript ref;
  ref.on_start = {Err(1400, "Player 0 crashed\n"),
                  Out(1500, "{\"ranks\": [1, 0], \"errors\": [1, 0]}\n"), Exit(1501, 0)};
  FakeScript silent;  // never answers its second turn
  silent.on_input = [](int index, const std::string&) {
    return index == 0 ? std::vector<Emit>{Out(5, "UP\n")} : std::vector<Emit>{};
  };
  env.scripts = {ref, silent, AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Launcher());
  const Finding* f = Find(r, "action.deadline");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->seat, 0);
  EXPECT_NE(f->message.find("the referee said: 'Player 0 crashed'"), std::string::npos)
      << f->message << " turn " << f->turn << " turns " << r.turns.size() << " last events "
      << (r.turns.empty() || r.turns.back().events.empty() ? "" : r.turns.back().events[0].detail);
  EXPECT_EQ(r.winner, 1);
  EXPECT_EQ(Find(r, "action.rejected"), nullptr) << Checks(r);
}

CITES(RefereeRun, ALineABotPrintsBeforeItsFirstTurnIsSaidSoWithTheHandshakeOptionAsAFix,
      "arbiter.referee-run.framing");
TEST(RefereeRun, ALineABotPrintsBeforeItsFirstTurnIsSaidSoWithTheHandshakeOptionAsAFix) {
  FakeEnv env;
  env.relay_script = TakingTurns(milliseconds(50));
  FakeScript ref = EndsWith(400, "RESULT 1");
  FakeScript greets = AnsweringBot("UP\n");
  greets.on_start = {Out(5, "READY\n")};  // a handshake arbiter was not told of
  env.scripts = {ref, greets, AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Launcher());
  const Finding* f = Find(r, "action.extra-lines");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->seat, 0);
  EXPECT_NE(f->message.find("before its first turn asked for an answer"), std::string::npos)
      << f->message;
  EXPECT_EQ(f->message.find("after its answer"), std::string::npos) << f->message;
  EXPECT_NE(f->advice.find("--ready-line 'READY'"), std::string::npos) << f->advice;
}

CITES(RefereeRun, ARefereeLineNamesTheSeatItIsAboutAndWhatItSays, "arbiter.referee-run.evidence");
TEST(RefereeRun, ARefereeLineNamesTheSeatItIsAboutAndWhatItSays) {
  auto r = ReadRefereeLine("###Error 1 InvalidInput: 'FOO'", 2);
  EXPECT_EQ(r.seat, 1);
  EXPECT_EQ(r.kind, RefereeSaid::kRejected);
  r = ReadRefereeLine("Invalid action from player 0: 'x'", 2);
  EXPECT_EQ(r.seat, 0);
  EXPECT_EQ(r.kind, RefereeSaid::kRejected);
  r = ReadRefereeLine("Timeout: player 1 did not answer in time", 2);
  EXPECT_EQ(r.seat, 1);
  EXPECT_EQ(r.kind, RefereeSaid::kTimeout);
  r = ReadRefereeLine("Player 1 crashed into a wall", 2);
  EXPECT_EQ(r.kind, RefereeSaid::kOther) << "a game event, not a complaint";
  r = ReadRefereeLine("Invalid action from player 7: 'x'", 2);
  EXPECT_EQ(r.seat, -1) << "no seat 7 in a 2-player game";
  r = ReadRefereeLine("robot2 wins", 2);
  EXPECT_EQ(r.seat, -1);
  r = ReadRefereeLine("Player 0 wins; player 1 made an invalid move", 2);
  EXPECT_EQ(r.seat, 1) << "the number nearest the complaint";
  EXPECT_EQ(r.kind, RefereeSaid::kRejected);
  r = ReadRefereeLine("Player 0: 0 invalid moves, 0 timeouts", 2);
  EXPECT_EQ(r.kind, RefereeSaid::kOther) << "a count of none is no complaint";
  r = ReadRefereeLine("###Error 0 Timeout", 2);
  EXPECT_EQ(r.seat, 0);
  EXPECT_EQ(r.kind, RefereeSaid::kTimeout);
}

// The driver alone, answering every request at once with "UP" lines; the
// requests it made, until the game ended or stopped.
int AnswerAll(RefereeDriver& d) {
  int requests = 0;
  if (!d.Start()) return 0;
  while (const auto q = d.Next()) {
    ++requests;
    d.Answer(std::vector<std::string_view>(static_cast<size_t>(q->lines), "UP"));
  }
  return requests;
}

// The driver stopped the game with `check`, in words that hold `words`.
void ExpectFault(const RefereeDriver& d, const std::string& check, const std::string& words) {
  EXPECT_EQ(d.outcome().fault_check, check) << d.outcome().fault;
  EXPECT_NE(d.outcome().fault.find(words), std::string::npos) << d.outcome().fault;
}

CITES(RefereeDriverTest, ARunnerRefereeHeldToOneLineAnswersIsStoppedAtTheOutputThatAsksForTwo,
      "arbiter.referee.runner-protocol");
TEST(RefereeDriverTest, ARunnerRefereeHeldToOneLineAnswersIsStoppedAtTheOutputThatAsksForTwo) {
  FakeEnv free_env;
  free_env.scripts = {RunnerReferee(4, 2)};
  const std::unique_ptr<RefereeDriver> free_driver_made = MakeRefereeDriver(free_env, Runner(), 7);
  RefereeDriver& free_driver = *free_driver_made;
  EXPECT_EQ(AnswerAll(free_driver), 4) << "a game with no engine: any K";
  EXPECT_TRUE(free_driver.outcome().ended) << free_driver.outcome().fault;

  FakeEnv env;
  env.scripts = {RunnerReferee(4, 2)};
  RefereeDriverConfig held = Runner();
  held.one_line_answers = true;  // fuzz-referee on an engine
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, held, 7);
  RefereeDriver& driver = *driver_made;
  EXPECT_EQ(AnswerAll(driver), 0);
  ExpectFault(driver, "referee.protocol", "'###Output 0 2' asks for 2 lines");
}

CITES(RefereeDriverTest, ARunnerRefereeFloodingFasterThanArbiterQueuesIsGarbageWhenHeldToAnEngine,
      "arbiter.referee.completes");
TEST(RefereeDriverTest, ARunnerRefereeFloodingFasterThanArbiterQueuesIsGarbageWhenHeldToAnEngine) {
  FakeEnv env;
  FakeScript flood;
  std::string lines = "###Input 0\n";
  for (int i = 0; i < 500; ++i) lines += "row " + std::to_string(i) + "\n";
  flood.on_start = {Out(5, lines)};  // far more than the fake's 64 queued lines at once
  env.scripts = {flood};
  RefereeDriverConfig held = Runner();
  held.one_line_answers = true;
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, held, 7);
  RefereeDriver& driver = *driver_made;
  const Clock::time_point start = env.Now();
  EXPECT_EQ(AnswerAll(driver), 0);
  ExpectFault(driver, "referee.garbage", "a flood");
  EXPECT_LT(env.Now() - start, milliseconds(1000)) << "seen once the queue drains, not at a hang";
}

CITES(RefereeDriverTest, ARefereeThatNeverEndsItsGameHangsAtTheWholeGamesLimitNotAtItsPatience,
      "arbiter.referee.completes");
TEST(RefereeDriverTest, ARefereeThatNeverEndsItsGameHangsAtTheWholeGamesLimitNotAtItsPatience) {
  FakeEnv env;
  // A turn every 200 ms, never the end.
  env.scripts = {EveryReplyAfter(RunnerReferee(100000, 1), milliseconds(200))};
  RefereeDriverConfig c = Runner();
  c.patience = milliseconds(10000);
  c.game_limit = milliseconds(3000);
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, c, 7);
  RefereeDriver& driver = *driver_made;
  const Clock::time_point start = env.Now();
  const int requests = AnswerAll(driver);
  EXPECT_GE(requests, 10);
  EXPECT_LE(requests, 16);
  ExpectFault(driver, "referee.hang", "per-game time limit of 3 s");
  EXPECT_LT(env.Now() - start, milliseconds(3500));
}

CITES(RefereeDriverTest, ARunnerRefereeThatExitsCleanlyWithoutEndBreaksTheProtocolRatherThanCrashes,
      "arbiter.referee.runner-protocol");
TEST(RefereeDriverTest,
     ARunnerRefereeThatExitsCleanlyWithoutEndBreaksTheProtocolRatherThanCrashes) {
  FakeEnv env;
  env.scripts = {RunnerReferee(2, 1, {}, "")};
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, Runner(), 7);
  RefereeDriver& driver = *driver_made;
  EXPECT_EQ(AnswerAll(driver), 2);
  EXPECT_FALSE(driver.outcome().ended);
  ExpectFault(driver, "referee.protocol", "exited with status 0 without ###End");
}

// A launching referee held as fuzz-referee on an engine holds it: its
// seats' input framed by the game's messages, here each ended by "end".
RefereeDriverConfig Framed() {
  RefereeDriverConfig c = Launcher();
  c.frame = [](const std::string& in) {
    const size_t end = in.find("end\n");
    return end == std::string::npos ? size_t{0} : end + 4;
  };
  c.patience = c.game_limit = milliseconds(5000);
  return c;
}

CITES(RefereeDriverTest, TwoMessagesALaunchingRefereeWroteAtOnceAreTwoRequestsByTheGamesFraming,
      "arbiter.referee.completes");
TEST(RefereeDriverTest, TwoMessagesALaunchingRefereeWroteAtOnceAreTwoRequestsByTheGamesFraming) {
  FakeEnv env;
  FakeRelayScript relay;
  relay.on_open = {{milliseconds(5), 0, "a\nend\nb\nend\nc\n"},
                   {milliseconds(9), 0, "", true},
                   {milliseconds(9), 1, "", true}};
  env.relay_script = relay;
  FakeScript ref = EndsWith(20, "RESULT 0");
  env.scripts = {ref};
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, Framed(), 7);
  RefereeDriver& driver = *driver_made;
  ASSERT_TRUE(driver.Start());
  std::vector<std::string> inputs;
  while (const auto q = driver.Next()) {
    inputs.push_back(q->input);
    driver.Answer({"UP"});
  }
  EXPECT_EQ(inputs, (std::vector<std::string>{"a\nend\n", "b\nend\n"}))
      << "one request per message; the unfinished 'c' is none";
  EXPECT_TRUE(driver.outcome().ended) << driver.outcome().fault;
}

CITES(RefereeDriverTest, ALateAnswerGoesAtItsTimeWhileTheOtherSeatsAreServed,
      "arbiter.referee.completes");
TEST(RefereeDriverTest, ALateAnswerGoesAtItsTimeWhileTheOtherSeatsAreServed) {
  FakeEnv env;
  FakeRelayScript relay;
  relay.on_open = {{milliseconds(5), 0, "go end\n"}, {milliseconds(6), 1, "go end\n"}};
  relay.on_answer = [](int seat, const std::string&) -> std::vector<RelayEmit> {
    if (seat == 1) return {};
    return ClosingBoth(milliseconds(1));
  };
  env.relay_script = relay;
  FakeScript ref = EndsWith(1000, "RESULT 1");
  env.scripts = {ref};
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, Framed(), 7);
  RefereeDriver& driver = *driver_made;
  ASSERT_TRUE(driver.Start());
  const Clock::time_point start = env.Now();
  auto q = driver.Next();
  ASSERT_TRUE(q);
  EXPECT_EQ(q->seat, 0);
  driver.AnswerAfter({"LATE"}, milliseconds(300));
  q = driver.Next();
  ASSERT_TRUE(q);
  EXPECT_EQ(q->seat, 1);
  EXPECT_LT(env.Now() - start, milliseconds(100)) << "seat 1 is not held up by seat 0's lateness";
  EXPECT_EQ(env.relay->sent.size(), 0u);
  driver.Answer({"UP"});
  EXPECT_FALSE(driver.Next());
  ASSERT_EQ(env.relay->sent.size(), 2u);
  EXPECT_EQ(env.relay->sent[1], "0:LATE\n");
  EXPECT_TRUE(driver.outcome().ended) << driver.outcome().fault;
}

CITES(RefereeDriverTest, AMessageToAnotherSeatWaitsBrieflyForTheSeatTheGameExpects,
      "arbiter.referee.completes");
TEST(RefereeDriverTest, AMessageToAnotherSeatWaitsBrieflyForTheSeatTheGameExpects) {
  for (const int expected : {-1, 0}) {
    FakeEnv env;
    FakeRelayScript relay;  // two messages that crossed: seat 1's came first
    relay.on_open = {{milliseconds(5), 1, "x end\n"}, {milliseconds(12), 0, "y end\n"}};
    env.relay_script = relay;
    FakeScript ref;
    ref.on_start = {Exit(1000, 0)};
    env.scripts = {ref};
    RefereeDriverConfig c = Framed();
    c.reorder_patience = milliseconds(25);
    const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, c, 7);
    RefereeDriver& driver = *driver_made;
    ASSERT_TRUE(driver.Start());
    const auto q = driver.Next({expected, std::nullopt});
    ASSERT_TRUE(q);
    EXPECT_EQ(q->seat, expected < 0 ? 1 : 0) << "expected seat " << expected;
  }
}

CITES(RefereeDriverTest, TheMessagesRelaysStillCarryAfterTheRefereeExitedAreServedWhenAsked,
      "arbiter.referee.completes");
TEST(RefereeDriverTest, TheMessagesRelaysStillCarryAfterTheRefereeExitedAreServedWhenAsked) {
  for (const bool drain : {false, true}) {
    FakeEnv env;
    FakeRelayScript relay;  // the last message arrives 40 ms after the referee's exit
    relay.on_open = {{milliseconds(50), 0, "last end\n"},
                     {milliseconds(51), 0, "", true},
                     {milliseconds(51), 1, "", true}};
    env.relay_script = relay;
    FakeScript ref = EndsWith(9, "RESULT 0");
    env.scripts = {ref};
    RefereeDriverConfig c = Framed();
    if (drain) c.drain_after_exit = milliseconds(500);
    const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, c, 7);
    RefereeDriver& driver = *driver_made;
    ASSERT_TRUE(driver.Start());
    const auto q = driver.Next();
    EXPECT_EQ(q.has_value(), drain);
    if (q) {
      EXPECT_EQ(q->input, "last end\n");
    }
  }
}

CITES(RefereeDriverTest, ARefereeThatStartsItsBotsAgainAfterClosingThemPlaysOnAndIsNoHang,
      "arbiter.referee.completes");
TEST(RefereeDriverTest, ARefereeThatStartsItsBotsAgainAfterClosingThemPlaysOnAndIsNoHang) {
  FakeEnv env;
  FakeRelayScript relay;  // every bot closed after the first turn, then started again
  relay.on_open = {{milliseconds(5), 0, "go end\n"}};
  int answers = 0, readies = 0;
  relay.on_answer = [&](int seat, const std::string& bytes) -> std::vector<RelayEmit> {
    // Each start of a bot says READY (arbiter answers the game's
    // handshake); the second start of seat 0's bot gets its next turn.
    if (bytes == "READY\n")
      return seat == 0 && ++readies == 2
                 ? std::vector<RelayEmit>{{milliseconds(20), 0, "again end\n"}}
                 : std::vector<RelayEmit>{};
    if (++answers == 1)
      return {{milliseconds(1), 0, "", true},
              {milliseconds(1), 1, "", true},
              {milliseconds(300), 0, "", false, true},
              {milliseconds(300), 1, "", false, true}};
    return ClosingBoth(milliseconds(1));
  };
  env.relay_script = relay;
  FakeScript ref = EndsWith(1500, "RESULT 0");
  env.scripts = {ref};
  RefereeDriverConfig c = Framed();
  c.ready_line = "READY";
  c.exit_grace = milliseconds(2000);
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, c, 7);
  RefereeDriver& driver = *driver_made;
  std::vector<std::string> inputs;
  ASSERT_TRUE(driver.Start());
  while (const auto q = driver.Next()) {
    inputs.push_back(q->input);
    driver.Answer({"UP"});
  }
  EXPECT_EQ(inputs, (std::vector<std::string>{"go end\n", "again end\n"}));
  EXPECT_TRUE(driver.outcome().ended) << driver.outcome().fault;
  EXPECT_TRUE(driver.outcome().fault_check.empty()) << driver.outcome().fault;
}

CITES(RefereeDriverTest, WhatARefereeLeavesRunningAfterItsExitIsSaidButNeverArbitersRelays,
      "arbiter.referee.completes");
TEST(RefereeDriverTest, WhatARefereeLeavesRunningAfterItsExitIsSaidButNeverArbitersRelays) {
  FakeEnv env;
  FakeRelayScript relay;
  relay.on_open = {{milliseconds(5), 0, "go end\n"}};
  relay.on_answer = [](int, const std::string&) -> std::vector<RelayEmit> {
    return ClosingBoth(milliseconds(1));
  };
  env.relay_script = relay;
  FakeScript ref = EndsWith(50, "RESULT 0");
  ref.leftovers = {777, 778, 779};
  ref.leftover_names = {"relay", "sleep", "relay"};  // its bots are arbiter's relays
  env.scripts = {ref};
  {
    const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(env, Framed(), 7);
    RefereeDriver& driver = *driver_made;
    EXPECT_EQ(AnswerAll(driver), 1);
    driver.Finish();
    EXPECT_EQ(driver.outcome().leftovers, std::vector<std::string>{"778 (sleep)"});
    EXPECT_NE(LeftoversText(driver.outcome()).find("left 1 process(es) running"),
              std::string::npos);
  }
  FakeEnv hung;  // one that did not exit by itself: arbiter stopped it, nothing is left over
  FakeScript stays;
  stays.leftovers = {777};
  stays.leftover_names = {"sleep"};
  hung.scripts = {stays};
  RefereeDriverConfig c = Runner();
  c.patience = milliseconds(100);
  const std::unique_ptr<RefereeDriver> driver_made = MakeRefereeDriver(hung, c, 7);
  RefereeDriver& driver = *driver_made;
  EXPECT_EQ(AnswerAll(driver), 0);
  driver.Finish();
  EXPECT_TRUE(driver.outcome().leftovers.empty());
}

CITES(RefereeTemplate, EachSeatIsNamedOnceAndTheSeedAnywhereAndUnknownOnesAreRefused,
      "arbiter.referee.template");
TEST(RefereeTemplate, EachSeatIsNamedOnceAndTheSeedAnywhereAndUnknownOnesAreRefused) {
  std::string error;
  const auto t = RefereeTemplate::Parse("ref --seed={seed} -s {seed} -a {bot0} -a {bot1} {bot2}",
                                        RefereeProtocol::kLaunchesBots, -1, error);
  ASSERT_TRUE(t) << error;
  EXPECT_EQ(t->seats(), 3);
  EXPECT_TRUE(t->takes_seed());
  EXPECT_EQ(
      t->Instantiate(42, {"p0", "p1", "p2"}),
      (std::vector<std::string>{"ref", "--seed=42", "-s", "42", "-a", "p0", "-a", "p1", "p2"}));
  EXPECT_FALSE(
      RefereeTemplate::Parse("ref {bot0} {bot2}", RefereeProtocol::kLaunchesBots, -1, error));
  EXPECT_NE(error.find("no {bot1} placeholder"), std::string::npos) << error;
  EXPECT_FALSE(
      RefereeTemplate::Parse("ref {bot0} {bot1} {bot4}", RefereeProtocol::kLaunchesBots, 4, error));
  EXPECT_NE(error.find("unknown placeholder {bot4} (known: {seed} and {bot0} to {bot3})"),
            std::string::npos)
      << error;
  EXPECT_FALSE(RefereeTemplate::Parse("ref {bot}", RefereeProtocol::kLaunchesBots, -1, error));
  EXPECT_NE(error.find("unknown placeholder {bot}"), std::string::npos) << error;
  const auto runner =
      RefereeTemplate::Parse("java -jar r.jar", RefereeProtocol::kRunner, -1, error);
  ASSERT_TRUE(runner) << error;
  EXPECT_EQ(runner->seats(), 0);
  EXPECT_FALSE(runner->takes_seed()) << "a referee given no seed draws its own";
}

}  // namespace
}  // namespace arbiter::harness::testing

namespace arbiter::harness::testing {
namespace {

// A runner referee that asks `players` players in turn and, from turn
// `drop`, never asks player 0 again, without a word, for `after` turns.
FakeScript DroppingReferee(int players, int drop, int after) {
  FakeScript s;
  s.on_input = [=](int index, const std::string&) -> std::vector<Emit> {
    std::vector<int> order;
    for (int t = 0; static_cast<int>(order.size()) < drop + after; ++t)
      if (t < drop || t % players != 0) order.push_back(t % players);
    if (index >= static_cast<int>(order.size()))
      return {Out(1, "###End 1 0" + std::string(players > 2 ? " 2" : "") + "\n"), Exit(2, 0)};
    const std::string p = std::to_string(order[index]);
    return {
        Out(1, "###Input " + p + "\nturn " + std::to_string(index) + "\n###Output " + p + " 1\n")};
  };
  return s;
}

CITES(RefereeRun, ARefereeThatStopsAskingABotWithoutAWordWhileTheOtherPlaysOnHasPutItOut,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, ARefereeThatStopsAskingABotWithoutAWordWhileTheOtherPlaysOnHasPutItOut) {
  FakeEnv env;
  env.scripts = {DroppingReferee(2, 3, 4), AnsweringBot("UP\n"), AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Runner());
  const Finding* f = Find(r, "action.dropped");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kFail);
  EXPECT_EQ(f->seat, 0);
  EXPECT_EQ(f->turn, 2);      // its last turn: the one the referee judged
  EXPECT_EQ(f->own_turn, 2);  // game turns 0 and 2 were its own
  EXPECT_NE(f->message.find("its answer 'UP'"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("without a word"), std::string::npos) << f->message;
  EXPECT_EQ(f->received, "UP\\n");
  ASSERT_EQ(r.seat_plays.size(), 2u);
  EXPECT_FALSE(r.seat_plays[0].to_end) << "a game it was put out of is not played to its end";
  EXPECT_TRUE(r.seat_plays[1].to_end);
}

CITES(RefereeRun, ARefereeThatStopsAskingABotThatConcededIsRightAndNothingIsSaid,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, ARefereeThatStopsAskingABotThatConcededIsRightAndNothingIsSaid) {
  // Wondev Woman's ACCEPT-DEFEAT (GameInfo::concede_answers): the rules
  // put the player out as it asked, and the other plays on to the end.
  FakeEnv env;
  env.scripts = {DroppingReferee(2, 3, 4), AnsweringBot("ACCEPT-DEFEAT\n"), AnsweringBot("UP\n")};
  RefereeDriverConfig config = Runner();
  config.concede_answers = {"ACCEPT-DEFEAT"};
  const MatchResult r = Play(env, config);
  EXPECT_EQ(Find(r, "action.dropped"), nullptr) << Checks(r);
  // The same answer where the game has no such word is still a drop.
  FakeEnv env2;
  env2.scripts = {DroppingReferee(2, 3, 4), AnsweringBot("ACCEPT-DEFEAT\n"), AnsweringBot("UP\n")};
  EXPECT_NE(Find(Play(env2, Runner()), "action.dropped"), nullptr);
}

CITES(RefereeRun, WithThreePlayersAQuietStopIsAWarningSinceTheRulesMayHavePutTheBotOut,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, WithThreePlayersAQuietStopIsAWarningSinceTheRulesMayHavePutTheBotOut) {
  FakeEnv env;
  env.scripts = {DroppingReferee(3, 3, 6), AnsweringBot("UP\n"), AnsweringBot("UP\n"),
                 AnsweringBot("UP\n")};
  MatchSpec three = TwoBots();
  three.seats.push_back(three.seats.back());
  const MatchResult r = Play(env, Runner(3), std::move(three));
  const Finding* f = Find(r, "action.dropped");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_NE(f->message.find("or the rules did"), std::string::npos) << f->message;
}

CITES(RefereeRun, APlayerNotAskedInTheGamesLastRoundIsNotDropped, "arbiter.referee-run.evidence");
TEST(RefereeRun, APlayerNotAskedInTheGamesLastRoundIsNotDropped) {
  FakeEnv env;  // player 0 out on turn 4; player 1's turn 5 ends the game
  env.scripts = {RunnerReferee(6, 1), AnsweringBot("UP\n"), AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Runner());
  EXPECT_EQ(Find(r, "action.dropped"), nullptr) << Checks(r);
}

CITES(RefereeRun, ARefereeRankingFirstAPlayerItPutOutIsSaidQuotingBoth,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, ARefereeRankingFirstAPlayerItPutOutIsSaidQuotingBoth) {
  FakeEnv env;  // it rejects player 1 and still ends "###End 1 0"
  env.scripts = {RunnerReferee(4, 1, {{1, "player 1 disqualified: illegal move\n"}}),
                 AnsweringBot("UP\n"), AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Runner());
  const Finding* f = Find(r, "referee.ranking");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->severity, Severity::kWarn);
  EXPECT_NE(f->message.find("ranked player 1 first ('###End 1 0')"), std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("'player 1 disqualified: illegal move'"), std::string::npos)
      << f->message;
  ASSERT_NE(Find(r, "action.rejected"), nullptr) << Checks(r);
}

CITES(RefereeRun, ARefereeRankingFirstThePlayerItDidNotPutOutSaysNothingMore,
      "arbiter.referee-run.evidence");
TEST(RefereeRun, ARefereeRankingFirstThePlayerItDidNotPutOutSaysNothingMore) {
  FakeEnv env;
  env.scripts = {RunnerReferee(4, 1, {{0, "player 0 disqualified: illegal move\n"}}),
                 AnsweringBot("UP\n"), AnsweringBot("UP\n")};
  const MatchResult r = Play(env, Runner());
  EXPECT_EQ(Find(r, "referee.ranking"), nullptr) << Checks(r);
}

}  // namespace
}  // namespace arbiter::harness::testing
