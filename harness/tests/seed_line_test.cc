// How arbiter starts a runner-protocol referee (seed_line.h), on the fake
// clock: "###Start P" alone unless three starts show the referee reads
// "###Seed N"; and arbiter's check of its own framing (a referee quoting a
// line arbiter wrote, as a bot's answer: referee.out-of-step).
#include "referee/seed_line.h"

#include <gtest/gtest.h>

#include "testing/fake_env.h"
#include "tests/match_checks.h"
#include "referee/referee_match.h"
#include "report/registers.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::harness::testing {
namespace {

RefereeDriverConfig Runner() {
  RefereeDriverConfig c;
  std::string error;
  c.referee = *RefereeTemplate::Parse("java -jar ref.jar", RefereeProtocol::kRunner, -1, error);
  c.players = 2;
  return c;
}

// The number after "###Seed " in what the referee was given first; "" if none.
std::string SeedIn(const std::string& start) {
  const size_t at = start.find("###Seed ");
  if (at == std::string::npos) return "";
  return start.substr(at + 8, start.find('\n', at) - at - 8);
}

// A runner referee whose first input is `first(start)`, `start` what arbiter
// wrote before the game.
FakeScript FirstInputReferee(std::function<std::string(const std::string&)> first) {
  FakeScript s;
  s.on_input = [first](int index, const std::string& input) -> std::vector<Emit> {
    if (index > 0) return {};
    return {Out(3, "###Input 0\n" + first(input) + "\n###Output 0 1\n")};
  };
  return s;
}

void ThreeOf(FakeEnv& env, const std::function<std::string(const std::string&)>& first) {
  for (int i = 0; i < 3; ++i) env.scripts.push_back(FirstInputReferee(first));
}

CITES(SeedLine, ARefereeWhoseFirstInputFollowsTheSeedLineIsFoundToReadIt,
      "arbiter.referee.runner-protocol");
TEST(SeedLine, ARefereeWhoseFirstInputFollowsTheSeedLineIsFoundToReadIt) {
  FakeEnv env;
  ThreeOf(env, [](const std::string& start) { return "map " + SeedIn(start); });
  RefereeDriverConfig c = Runner();
  const std::string said = ResolveSeedLine(env, c, 7);
  EXPECT_EQ(c.seed_line, SeedLine::kAlways) << said;
  EXPECT_NE(said.find("'###Seed N' then '###Start 2'"), std::string::npos) << said;
  EXPECT_NE(said.find("it reads the line"), std::string::npos) << said;
  EXPECT_EQ(env.spawned_argv.size(), 3u);
}

CITES(SeedLine, ARefereeThatReadsOneLineAsItsStartOrIgnoresTheSeedIsSentTheStartAlone,
      "arbiter.referee.runner-protocol");
TEST(SeedLine, ARefereeThatReadsOneLineAsItsStartOrIgnoresTheSeedIsSentTheStartAlone) {
  FakeEnv env;  // the same game whatever the first line says
  ThreeOf(env, [](const std::string&) { return "map 1"; });
  RefereeDriverConfig c = Runner();
  const std::string said = ResolveSeedLine(env, c, 7);
  EXPECT_EQ(c.seed_line, SeedLine::kNever) << said;
  EXPECT_NE(said.find("'###Start 2' alone, as cg-brutaltester sends it"), std::string::npos)
      << said;
  EXPECT_NE(said.find("changes nothing"), std::string::npos) << said;
}

CITES(SeedLine, ARefereeDrawingFromItsClockIsSentTheStartAloneAndSaidToReplayNoGame,
      "arbiter.referee.runner-protocol");
TEST(SeedLine, ARefereeDrawingFromItsClockIsSentTheStartAloneAndSaidToReplayNoGame) {
  FakeEnv env;
  auto clock = std::make_shared<int>(0);
  ThreeOf(env, [clock](const std::string& start) {
    return "map " + SeedIn(start) + " " + std::to_string(++*clock);
  });
  const SeedLineProbe probe = ProbeSeedLine(env, Runner(), 7);
  EXPECT_FALSE(probe.reads);
  EXPECT_TRUE(probe.unrepeatable);
  EXPECT_NE(probe.evidence.find("its first input differed"), std::string::npos) << probe.evidence;
}

CITES(SeedLine, ARefereeThatAsksForNothingGivenTheSeedLineIsSentTheStartAlone,
      "arbiter.referee.runner-protocol");
TEST(SeedLine, ARefereeThatAsksForNothingGivenTheSeedLineIsSentTheStartAlone) {
  FakeEnv env;
  FakeScript crash;  // "expected ###Start P, got ###Seed 7"
  crash.on_input = [](int, const std::string&) {
    return std::vector<Emit>{Err(1, "bad start\n"), Exit(2, 1)};
  };
  env.scripts = {crash};
  RefereeDriverConfig c = Runner();
  const std::string said = ResolveSeedLine(env, c, 7);
  EXPECT_EQ(c.seed_line, SeedLine::kNever) << said;
  EXPECT_NE(said.find("it asked for no answer"), std::string::npos) << said;
}

CITES(SeedLine, AGivenSeedLineModeStartsNoProbe, "arbiter.referee.runner-protocol");
TEST(SeedLine, AGivenSeedLineModeStartsNoProbe) {
  FakeEnv env;
  for (const SeedLine mode : {SeedLine::kAlways, SeedLine::kNever}) {
    RefereeDriverConfig c = Runner();
    c.seed_line = mode;
    EXPECT_FALSE(ResolveSeedLine(env, c, 7).empty());
    EXPECT_EQ(c.seed_line, mode);
  }
  EXPECT_TRUE(env.spawned_argv.empty());
}

// --- arbiter's framing check (arbiter.referee-run.framing) ---------------

const CheckCatalog& RunCatalog() {
  static const CheckCatalog catalog = CatalogFromRegister(
      nlohmann::json::parse(report::RegisterJson("arbiter")), "referee_run_checks");
  return catalog;
}

// A port that reads one line as its start: given "###Seed N" first, its
// first read answer is "###Start 2", which it rejects in the runner
// protocol's words and puts player 0 out.
FakeScript OneLinePort() {
  FakeScript s;
  auto lines = std::make_shared<std::string>();
  s.on_input = [lines](int index, const std::string& input) -> std::vector<Emit> {
    *lines += input;
    if (index == 0) {
      // Only the first line is its start; the rest waits, read as answers.
      *lines = lines->substr(lines->find('\n') + 1);
      return {Out(1, "###Input 0\nstate\n###Output 0 1\n")};
    }
    const std::string answer = lines->substr(0, lines->find('\n'));
    *lines = lines->substr(lines->find('\n') + 1);
    if (answer != "UP")
      return {Err(1, "###Error 0 InvalidInput Invalid action : " + answer + "\n"),
              Out(2, "###End 1 0\n"), Exit(3, 0)};
    return {Out(1, "###End 0 1\n"), Exit(2, 0)};
  };
  return s;
}

FakeScript UpBot() {
  FakeScript s;
  s.on_input = [](int, const std::string&) { return std::vector<Emit>{Out(5, "UP\n")}; };
  s.on_eof = {Exit(1, 0)};
  return s;
}

MatchResult PlayPort(SeedLine mode) {
  FakeEnv env;
  env.scripts = {OneLinePort(), UpBot(), UpBot()};
  MatchSpec m;
  m.id = "game-1";
  m.seed = 5;
  m.seats = {Seat{{"./bot"}, ""}, Seat{{"./bot"}, ""}};
  SessionConfig s;
  s.first_action_ms = 1000;
  s.action_ms = 50;
  RefereeDriverConfig c = Runner();
  c.seed_line = mode;
  return RunRefereeMatch(env, std::move(m), s, c, RunCatalog());
}

CITES(SeedLine, ARefereeQuotingArbitersStartLineAsAnAnswerPutsArbiterOutOfStepNotTheBot,
      "arbiter.referee-run.framing");
TEST(SeedLine, ARefereeQuotingArbitersStartLineAsAnAnswerPutsArbiterOutOfStepNotTheBot) {
  const MatchResult r = PlayPort(SeedLine::kAlways);
  const Finding* f = Find(r, "referee.out-of-step");
  ASSERT_NE(f, nullptr) << Checks(r);
  EXPECT_EQ(f->seat, -1);
  EXPECT_NE(f->message.find("arbiter wrote '###Seed 5' and '###Start 2'"), std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("the referee quotes '###Start 2'"), std::string::npos) << f->message;
  EXPECT_NE(f->advice.find("--seed-line never"), std::string::npos) << f->advice;
  EXPECT_EQ(Find(r, "action.rejected"), nullptr) << Checks(r);
  for (const Finding& g : r.findings) EXPECT_LT(g.seat, 0) << "no finding on a bot: " << g.check;
}

CITES(SeedLine, TheSamePortSentTheStartAloneJudgesTheBotsAnswer, "arbiter.referee-run.framing",
      "arbiter.referee.runner-protocol");
TEST(SeedLine, TheSamePortSentTheStartAloneJudgesTheBotsAnswer) {
  const MatchResult r = PlayPort(SeedLine::kNever);
  EXPECT_TRUE(r.findings.empty()) << Checks(r);
  EXPECT_TRUE(r.game_over);
  EXPECT_EQ(r.winner, 0);
}

}  // namespace
}  // namespace arbiter::harness::testing
