// What a bot-launching referee says at its end (arbiter.referee.result): a
// CodinGame SDK referee's scores, read only in the shape its command line
// prints them and only when it is started as cg-brutaltester starts one; on
// plain values, then through the one referee driver on the fake clock.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "referee/referee_lines.h"
#include "referee/referee_match.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"
#include "tests/match_checks.h"

namespace arbiter::harness::testing {
namespace {

using std::chrono::milliseconds;
using Ranking = std::vector<std::vector<int>>;

CITES(RefereeLines, ACgSdkRefereesScoresAreReadOnlyInTheShapeItsCommandLinePrints,
      "arbiter.referee.result");
TEST(RefereeLines, ACgSdkRefereesScoresAreReadOnlyInTheShapeItsCommandLinePrints) {
  // The SDK's command line: one score a line in seat order, then the game's
  // parameters; whatever the referee logged before them is its own.
  auto r = ReadCgSdkScores({"Game over", "3", "5", "seed=42", "league=3"}, 2);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ranking, (Ranking{{1}, {0}}));
  EXPECT_EQ(r->text, "scores 3 5");
  r = ReadCgSdkScores({"-1", "0"}, 2);  // a deactivated player's -1
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ranking, (Ranking{{1}, {0}}));
  r = ReadCgSdkScores({"4", "4", "seed=1", ""}, 2);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ranking, (Ranking{{0, 1}})) << "equal scores are tied";
  r = ReadCgSdkScores({"2", "7", "7", "1"}, 4);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ranking, (Ranking{{1, 2}, {0}, {3}}));
  EXPECT_EQ(ReadCgSdkScores({"3\r", "5\r", "seed=42\r"}, 2)->ranking, (Ranking{{1}, {0}}));
  // Anything else is not the SDK's shape: not read.
  EXPECT_FALSE(ReadCgSdkScores({"turn", "12", "3", "5"}, 2)) << "three integer lines for two";
  EXPECT_FALSE(ReadCgSdkScores({"3", "seed=42"}, 2)) << "one score for two players";
  EXPECT_FALSE(ReadCgSdkScores({"3", "five"}, 2));
  EXPECT_FALSE(ReadCgSdkScores({"3", "5", "board printed after"}, 2));
  EXPECT_FALSE(ReadCgSdkScores({"3 5"}, 2));
  EXPECT_FALSE(ReadCgSdkScores({"03", "5"}, 2)) << "not an integer as Java prints one";
  EXPECT_FALSE(ReadCgSdkScores({}, 2));
  // Started as cg-brutaltester starts such a referee: -p<K+1> before {botK}.
  EXPECT_TRUE(LaunchedLikeTheCgSdk(
      {"java", "-jar", "r.jar", "-p1", "{bot0}", "-p2", "{bot1}", "-d", "seed={seed}"}, 2));
  EXPECT_FALSE(LaunchedLikeTheCgSdk({"python3", "ref.py", "{bot0}", "{bot1}"}, 2));
  EXPECT_FALSE(LaunchedLikeTheCgSdk({"ref", "-p1", "{bot0}", "{bot1}"}, 2));
  EXPECT_FALSE(LaunchedLikeTheCgSdk({"ref", "-p1", "{bot1}", "-p2", "{bot0}"}, 2));
}

FakeScript AnsweringBot() {
  FakeScript s;
  s.on_input = [](int, const std::string&) { return std::vector<Emit>{Out(5, "UP\n")}; };
  s.on_eof = {Exit(1, 0)};
  return s;
}

// A referee of `command` whose four turns go to the seats in turn, then
// prints `end` on its stdout and exits 0.
MatchResult PlayTo(const std::string& command, const std::string& end) {
  FakeEnv env;
  FakeRelayScript relay;
  relay.on_open = {{milliseconds(5), 0, "go\n"}};
  int answers = 0;
  relay.on_answer = [&](int seat, const std::string&) -> std::vector<RelayEmit> {
    if (++answers >= 4) return {{milliseconds(1), 0, "", true}, {milliseconds(1), 1, "", true}};
    return {{milliseconds(1), 1 - seat, "go\n"}};
  };
  env.relay_script = relay;
  FakeScript referee;
  referee.on_start = {Out(200, end), Exit(201, 0)};
  env.scripts = {referee, AnsweringBot(), AnsweringBot()};
  RefereeDriverConfig c;
  std::string error;
  c.referee = *RefereeTemplate::Parse(command, RefereeProtocol::kLaunchesBots, -1, error);
  SessionConfig limits;
  limits.first_action_ms = 1000;
  limits.action_ms = 50;
  MatchSpec m;
  m.id = "game-1";
  m.seed = 7;
  m.seats = {Seat{{"./bot"}, ""}, Seat{{"./bot"}, ""}};
  m.reproduce = "arbiter check-bot --referee ... -- ./bot";
  return RunRefereeMatch(env, std::move(m), limits, c, RunCatalog());
}

constexpr const char* kSdkReferee = "java -jar referee.jar -p1 {bot0} -p2 {bot1} -d seed={seed}";

CITES(RefereeRun, TheScoresOfARefereeStartedAsBrutaltesterStartsACgSdkOneRankItsPlayers,
      "arbiter.referee.result");
TEST(RefereeRun, TheScoresOfARefereeStartedAsBrutaltesterStartsACgSdkOneRankItsPlayers) {
  MatchResult r = PlayTo(kSdkReferee, "12\n31\nseed=7\n");
  EXPECT_TRUE(r.findings.empty()) << Checks(r);
  EXPECT_EQ(r.winner, 1) << "the higher score wins";
  r = PlayTo(kSdkReferee, "31\n12\nseed=7\n");
  EXPECT_EQ(r.winner, 0);
  r = PlayTo(kSdkReferee, "9\n9\nseed=7\n");
  EXPECT_EQ(r.winner, -1) << "equal scores: a draw";
  // The same lines from a referee started otherwise are not taken for
  // scores, nor numbers it logs at its end.
  r = PlayTo("python3 referee.py {bot0} {bot1}", "12\n31\nseed=7\n");
  EXPECT_EQ(r.winner, -1);
  r = PlayTo(kSdkReferee, "turns 3\n40\n12\n31\n");
  EXPECT_EQ(r.winner, -1) << "three integer lines at the end of two players' game";
  // A RESULT line, when there is one, is the result.
  r = PlayTo(kSdkReferee, "12\n31\nRESULT 0\n");
  EXPECT_EQ(r.winner, 0);
}

}  // namespace
}  // namespace arbiter::harness::testing
