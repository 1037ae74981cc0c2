// check-bot's whole games, coverage and diagnoses, with real processes:
// a bot that fails deep in a game fails the default run
// (arbiter.check.whole-games), every report states what the run exercised
// and says when it falls short (arbiter.check.coverage), every match runs
// and identical findings are shown once (arbiter.check.all-matches), and a
// finding names the real cause (arbiter.check.diagnosis).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "cli/tests/check_bot_run.h"
#include "cli/tests/no_leftovers.h"
#include "spec-tests/common/spec_test.h"

namespace {

using arbiter::testing::CheckBot;
using arbiter::testing::Outcome;
using arbiter::testing::Shell;
using arbiter::testing::Testbot;

class WholeGameCheckBotTest : public arbiter::testing::NoLeftoversTest {};

using arbiter::testing::Slurp;

// Whole games (arbiter.check.whole-games): every seat plays one game to its
// end under the real limits, so a bot that fails deep in a game is caught
// by the default run; under the short hostile games alone it passed.
const nlohmann::json* FindingIn(const Outcome& o, const std::string& check,
                                const std::string& match_prefix) {
  for (const auto& f : o.report["findings"])
    if (f["check"] == check && f["match"].get<std::string>().rfind(match_prefix, 0) == 0) return &f;
  return nullptr;
}

CITES(WholeGameCheckBotTest, ABotThatCrashesOnItsTwoHundredTwentiethOwnTurnFailsTheDefaultRun,
      "arbiter.check.whole-games");
TEST_F(WholeGameCheckBotTest, ABotThatCrashesOnItsTwoHundredTwentiethOwnTurnFailsTheDefaultRun) {
  const Outcome o = CheckBot("-- " + Shell(TESTBOT_BINARY) + " --mode exit --turn 220");
  EXPECT_EQ(o.status, 1) << o.output;
  const nlohmann::json* f = FindingIn(o, "process.crash", "whole-seat");
  ASSERT_NE(f, nullptr) << o.output;
  EXPECT_GE((*f)["turn"].get<int>(), 750) << o.output;  // the last quarter of 1000 turns
}

CITES(WholeGameCheckBotTest, ABotLateOnItsTwoHundredthOwnTurnFailsTheDefaultRun,
      "arbiter.check.whole-games", "jc2015.protocol.action.limit");
TEST_F(WholeGameCheckBotTest, ABotLateOnItsTwoHundredthOwnTurnFailsTheDefaultRun) {
  const Outcome o = CheckBot("--no-edge-cases -- " + Shell(TESTBOT_BINARY) +
                             " --mode slow-turn --turn 200 --ms 1500");
  EXPECT_EQ(o.status, 1) << o.output;
  const nlohmann::json* f = FindingIn(o, "action.deadline", "whole-seat");
  ASSERT_NE(f, nullptr) << o.output;
  EXPECT_GE((*f)["turn"].get<int>(), 750) << o.output;
}

CITES(WholeGameCheckBotTest, EveryReportStatesThatEverySeatPlayedAWholeGame,
      "arbiter.check.coverage", "arbiter.report.formats");
TEST_F(WholeGameCheckBotTest, EveryReportStatesThatEverySeatPlayedAWholeGame) {
  const std::string dir = ::testing::TempDir() + "/coverage-" + std::to_string(getpid());
  const Outcome o = CheckBot("--junit " + dir + ".xml --markdown " + dir + ".md --html " + dir +
                             ".html -- " + Shell(TESTBOT_BINARY) + " --mode ok");
  EXPECT_EQ(o.status, 0) << o.output;
  const auto& c = o.report["coverage"];
  EXPECT_TRUE(c["complete"].get<bool>()) << c.dump(1);
  ASSERT_EQ(c["seats"].size(), 4u) << c.dump(1);
  for (const auto& seat : c["seats"]) {
    EXPECT_EQ(seat["deepest_own_turn"], 250) << seat.dump();  // a jc2015 game's 1000 turns
    EXPECT_EQ(seat["own_turn_limit"], 250) << seat.dump();
    EXPECT_GE(seat["whole_games_to_end"].get<int>(), 1) << seat.dump();
  }
  EXPECT_EQ(c["edge_states"], c["edge_states_reached"]);
  EXPECT_NE(o.output.find("coverage: seat 0"), std::string::npos) << o.output;
  const std::string junit = Slurp(dir + ".xml");
  EXPECT_NE(junit.find("name=\"coverage\" value=\"coverage: seat 0"), std::string::npos);
  EXPECT_EQ(junit.find("<skipped"), std::string::npos) << junit;
  EXPECT_NE(Slurp(dir + ".md").find("## Coverage"), std::string::npos);
  EXPECT_NE(Slurp(dir + ".html").find("deepest 250 of 250"), std::string::npos);
}

CITES(WholeGameCheckBotTest, ARunThatNeverReachesAGamesEndSaysSoOnItsVerdictLine,
      "arbiter.check.coverage");
TEST_F(WholeGameCheckBotTest, ARunThatNeverReachesAGamesEndSaysSoOnItsVerdictLine) {
  // (Without whole games the short games may still end with the bot playing:
  // coverage is what was played, so --no-whole-games alone is not short.)
  for (const std::string options : {"--match whole-seat1", "--turns 40"}) {
    const std::string junit = ::testing::TempDir() + "/short-" + std::to_string(getpid()) + ".xml";
    const Outcome o =
        CheckBot(options + " --junit " + junit + " -- " + Shell(TESTBOT_BINARY) + " --mode ok");
    EXPECT_EQ(o.status, 0) << options << "\n" << o.output;
    const std::string first = o.output.substr(0, o.output.find('\n'));
    EXPECT_NE(first.find("PASS"), std::string::npos) << first;
    EXPECT_NE(first.find("coverage short"), std::string::npos) << options << ": " << first;
    EXPECT_FALSE(o.report["coverage"]["complete"].get<bool>()) << options;
    EXPECT_NE(Slurp(junit).find("<skipped message=\"coverage short"), std::string::npos) << options;
  }
}

CITES(WholeGameCheckBotTest, EveryMatchRunsByDefaultAndIdenticalFindingsAreShownOnce,
      "arbiter.check.all-matches");
TEST_F(WholeGameCheckBotTest, EveryMatchRunsByDefaultAndIdenticalFindingsAreShownOnce) {
  const Outcome all = CheckBot("-- " + Shell(TESTBOT_BINARY) + " --mode invalid --turn 1");
  EXPECT_EQ(all.status, 1);
  EXPECT_TRUE(all.report["skipped"].empty()) << all.output;
  EXPECT_GT(all.report["findings"].size(), 10u);
  size_t shown = 0;
  for (size_t at = all.output.find("\nFAIL action.invalid"); at != std::string::npos;
       at = all.output.find("\nFAIL action.invalid", at + 1))
    ++shown;
  EXPECT_EQ(shown, 1u) << all.output;
  EXPECT_NE(all.output.find("more match(es): "), std::string::npos) << all.output;
  const Outcome first =
      CheckBot("--fail-fast -- " + Shell(TESTBOT_BINARY) + " --mode invalid --turn 1");
  EXPECT_EQ(first.status, 1);
  EXPECT_EQ(first.report["matches"].size(), 1u) << first.output;
  EXPECT_FALSE(first.report["skipped"].empty());
}

CITES(WholeGameCheckBotTest, AReadyLineLeftInTheBuffersOfTheBotIsCalledUnflushed,
      "arbiter.check.diagnosis", "jc2015.protocol.flush");
TEST_F(WholeGameCheckBotTest, AReadyLineLeftInTheBuffersOfTheBotIsCalledUnflushed) {
  const Outcome o = CheckBot(Testbot("--mode ready-no-flush"));
  EXPECT_EQ(o.checks, (std::set<std::string>{"ready.unflushed"})) << o.output;
  ASSERT_FALSE(o.report["findings"].empty());
  EXPECT_NE(o.report["findings"][0]["advice"].get<std::string>().find("PrintWriter"),
            std::string::npos);
  // A bot that never prints READY and stays blocked reading, then exits
  // cleanly at the end of its input with nothing printed: its C++ runtime
  // would have flushed a buffered READY then, so the buffer is ruled out and
  // the diagnosis says it reads first (never "most likely" the buffer).
  const Outcome never = CheckBot(Testbot("--mode never-ready"));
  EXPECT_EQ(never.checks, (std::set<std::string>{"ready.missing"})) << never.output;
  EXPECT_NE(never.output.find("blocked reading its input before printing it"), std::string::npos)
      << never.output;
  EXPECT_EQ(never.output.find("most likely sits in an output buffer"), std::string::npos)
      << never.output;
}

CITES(WholeGameCheckBotTest, AnIllegalIslandAnswerGivesTheRuleThatRefusedIt,
      "arbiter.check.diagnosis", "island.attack.distance");
TEST_F(WholeGameCheckBotTest, AnIllegalIslandAnswerGivesTheRuleThatRefusedIt) {
  const Outcome o = CheckBot(
      "--game island --games 1 --no-edge-cases --no-whole-games -- /bin/sh -c "
      "'while read b; do echo \"attack;1\"; done'");
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_NE(o.output.find("an attack must use tiles equal to the distance 14"), std::string::npos)
      << o.output;
}

CITES(WholeGameCheckBotTest, UnderTheCgProfileBotsRunWithPythonUnbuffered,
      "wondev.protocol.action.line");
TEST_F(WholeGameCheckBotTest, UnderTheCgProfileBotsRunWithPythonUnbuffered) {
  // The bot fails at once unless its environment says so.
  const Outcome o = CheckBot(
      "--game wondev --rule league=1 --games 1 --no-edge-cases --no-whole-games -- /bin/sh -c "
      "'test \"$PYTHONUNBUFFERED\" = 1 || exit 3; exec " +
      std::string(EXAMPLE_WONDEV_BOT) + "'");
  EXPECT_EQ(o.status, 0) << o.output;
  const Outcome off = CheckBot(
      "--game wondev --rule league=1 --games 1 --no-edge-cases --no-whole-games "
      "--env PYTHONUNBUFFERED=0 -- /bin/sh -c 'test \"$PYTHONUNBUFFERED\" = 1 || exit 3; exec " +
      std::string(EXAMPLE_WONDEV_BOT) + "'");
  EXPECT_EQ(off.status, 1) << off.output;
}

}  // namespace
