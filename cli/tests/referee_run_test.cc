// Integration tests of check-bot through a game's real referee, for a game
// arbiter has no engine for (cli/referee_run.h): the Python cycles referee
// that launches its bots and the C++ cycles bot (examples/), real processes.
#include <gtest/gtest.h>

#include <string>

#include "cli/tests/check_bot_run.h"
#include "cli/tests/no_leftovers.h"
#include "spec-tests/common/spec_test.h"

namespace {

using arbiter::testing::CheckBot;
using arbiter::testing::Outcome;
using arbiter::testing::Shell;

class RefereeRunTest : public arbiter::testing::NoLeftoversTest {};

std::string Referee() {
  return "--game cycles --referee " +
         Shell(std::string("python3 ") + CYCLES_PY_REFEREE + " --seed {seed} {bot0} {bot1}");
}

CITES(RefereeRunTest, ABotCheckedThroughARefereeIsToldOnceWhatCouldNotBeChecked,
      "arbiter.referee-run.unchecked", "arbiter.referee-run.framing");
TEST_F(RefereeRunTest, ABotCheckedThroughARefereeIsToldOnceWhatCouldNotBeChecked) {
  const Outcome o = CheckBot(Referee() + " --games 2 -- " + Shell(CYCLES_BOT));
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(o.checks.empty()) << o.output;
  const std::string said = "the legality of answers";
  ASSERT_NE(o.output.find("not checked: "), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find(said), o.output.rfind(said)) << "said once\n" << o.output;
  EXPECT_NE(o.report.value("not_checked", "").find(said), std::string::npos) << o.report.dump();
  ASSERT_EQ(o.report["matches"].size(), 2u);
  for (const auto& m : o.report["matches"]) EXPECT_TRUE(m["game_over"].get<bool>()) << m.dump();
  EXPECT_GT(o.report["counts"]["bot_turns"].get<int>(), 40);
}

CITES(RefereeRunTest, AGameWithNoEngineAndNoRefereeNamesTheNearestGameAndTheWayThrough,
      "arbiter.cli.bad-input", "arbiter.referee-run.unchecked");
TEST_F(RefereeRunTest, AGameWithNoEngineAndNoRefereeNamesTheNearestGameAndTheWayThrough) {
  const Outcome o = CheckBot("--game wondevv -- " + Shell(CYCLES_BOT));
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("no engine for 'wondevv' (did you mean wondev?)"), std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("--referee"), std::string::npos) << o.output;
  const Outcome near =
      CheckBot("--game wondevv --referee " +
               Shell(std::string("python3 ") + CYCLES_PY_REFEREE + " --seed {seed} {bot0} {bot1}") +
               " --games 1 -- " + Shell(CYCLES_BOT));
  EXPECT_EQ(near.status, 0) << near.output;
  EXPECT_NE(near.output.find("did you mean wondev?"), std::string::npos) << near.output;
}

CITES(RefereeRunTest, ABadRefereeTemplateOrAnOptionThatNeedsAnEngineIsAUsageError,
      "arbiter.referee.template", "arbiter.cli.bad-input");
TEST_F(RefereeRunTest, ABadRefereeTemplateOrAnOptionThatNeedsAnEngineIsAUsageError) {
  const std::string ref = std::string("python3 ") + CYCLES_PY_REFEREE;
  const struct {
    std::string args, said;
  } cases[] = {
      {"--referee " + Shell(ref + " {bot0} {bot0}"), "{bot0} appears twice"},
      {"--referee " + Shell(ref + " {bot1} {bot2}"), "no {bot0} placeholder"},
      {"--referee " + Shell(ref + " {bot0}"), "{bot0} and {bot1} at least"},
      {"--referee " + Shell(ref + " {SEED} {bot0} {bot1}"), "unknown placeholder {SEED}"},
      {"--protocol cg-runner --referee " + Shell(ref + " {bot0} {bot1}"), "launches no bot"},
      {"--protocol tcp --referee " + Shell(ref + " {bot0} {bot1}"), "is not a protocol"},
      {"--rule league=2 --referee " + Shell(ref + " {bot0} {bot1}"), "--rule needs arbiter's"},
      {"--ready-ms 500 --referee " + Shell(ref + " {bot0} {bot1}"), "--ready-line"},
      {"--players 3 --referee " + Shell(ref + " {bot0} {bot1}"), "--players is for"},
      {"--referee " + Shell("/no/such/referee {bot0} {bot1}"), "the referee"},
  };
  const Outcome alone = CheckBot("--game jc2015 --opponent ./x -- " + Shell(CYCLES_BOT));
  EXPECT_EQ(alone.status, 2) << alone.output;
  EXPECT_NE(alone.output.find("--opponent is for a game played through its referee"),
            std::string::npos)
      << alone.output;
  for (const auto& c : cases) {
    const Outcome o = CheckBot("--game cycles " + c.args + " -- " + Shell(CYCLES_BOT));
    EXPECT_EQ(o.status, 2) << c.args << "\n" << o.output;
    EXPECT_NE(o.output.find(c.said), std::string::npos) << c.args << "\n" << o.output;
    EXPECT_TRUE(o.report.is_null()) << "no run: " << c.args;
  }
}

}  // namespace
