// How arbiter starts a real runner-protocol referee (arbiter.referee.runner-
// protocol) and checks its own framing (arbiter.referee-run.framing), real
// processes: the community-port Python referee that reads exactly one line
// as its start (examples/referees/cycles-port-py), the Java cycles referee
// that reads an optional ###Seed (examples/referees/cycles-java), the
// Code4Life-style Java port that drops a player without a word and loops
// forever once every player is out (examples/referees/cycles-port-java), and
// the C++ cycles bot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "cli/tests/check_bot_run.h"
#include "cli/tests/no_leftovers.h"
#include "cli/tests/report_files.h"
#include "cli/tests/run_command.h"
#include "spec-tests/common/spec_test.h"

namespace {

using arbiter::testing::CheckBot;
using arbiter::testing::Outcome;
using arbiter::testing::Shell;

class RunnerStartTest : public arbiter::testing::NoLeftoversTest {};

std::string Port() {
  return "--game cycles --protocol cg-runner --referee " +
         Shell(std::string("python3 ") + CYCLES_PORT_PY_REFEREE);
}

std::string EnvironmentOf(const Outcome& o) {
  std::string s;
  for (const auto& line : o.report["environment"]) s += line.get<std::string>() + "\n";
  return s;
}

CITES(RunnerStartTest, ARefereeThatReadsOneLineAsItsStartPassesAWorkingBotToldNothing,
      "arbiter.referee.runner-protocol", "arbiter.referee-run.framing");
TEST_F(RunnerStartTest, ARefereeThatReadsOneLineAsItsStartPassesAWorkingBotToldNothing) {
  const Outcome o = CheckBot(Port() + " --games 2 -- " + Shell(CYCLES_BOT));
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(o.checks.empty()) << o.output;
  ASSERT_EQ(o.report["matches"].size(), 2u) << o.output;
  for (const auto& m : o.report["matches"]) EXPECT_TRUE(m["game_over"].get<bool>()) << m.dump();
  // Whole games: more than one turn a seat.
  EXPECT_GT(o.report["counts"]["bot_turns"].get<int>(), 8) << o.output;
  EXPECT_NE(EnvironmentOf(o).find("'###Start 2' alone, as cg-brutaltester sends it"),
            std::string::npos)
      << EnvironmentOf(o);
}

CITES(RunnerStartTest, GivenASeedLineItDoesNotReadArbiterSaysItIsOutOfStepAndJudgesNoBot,
      "arbiter.referee-run.framing");
TEST_F(RunnerStartTest, GivenASeedLineItDoesNotReadArbiterSaysItIsOutOfStepAndJudgesNoBot) {
  const Outcome o =
      CheckBot(Port() + " --seed-line always --games 2 -- " + Shell(CYCLES_BOT));
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("INCONCLUSIVE"), std::string::npos) << o.output;
  EXPECT_EQ(o.checks, (std::set<std::string>{"referee.out-of-step"})) << o.output;
  const auto& f = o.report["findings"][0];
  const std::string message = f.value("message", "");
  EXPECT_NE(message.find("the referee quotes '###Start 2'"), std::string::npos) << message;
  EXPECT_NE(message.find("not the bot"), std::string::npos) << message;
  EXPECT_NE(f.value("advice", "").find("--seed-line never"), std::string::npos) << f.dump();
}

CITES(RunnerStartTest, PlayThroughAOneLineRefereePlaysWholeGamesNotOneTurnEach,
      "arbiter.referee.runner-protocol");
TEST_F(RunnerStartTest, PlayThroughAOneLineRefereePlaysWholeGamesNotOneTurnEach) {
  const std::string json = ::testing::TempDir() + "/play-port.json";
  std::remove(json.c_str());
  const auto run = arbiter::testing::RunCommand(
      std::string(ARBITER_BINARY) + " play " + Port() + " --games 4 --json " + json +
      " --bot " + Shell(CYCLES_BOT) + " --bot " + Shell(std::string("python3 ") + CYCLES_PY_BOT));
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json report = arbiter::testing::ReadJsonFile(json);
  ASSERT_EQ(report["matches"].size(), 4u) << run.output;
  // Misframed, every game ended on its first turn: player 0's "answer" was
  // arbiter's '###Start 2', and it was out.
  for (const auto& m : report["matches"]) {
    EXPECT_TRUE(m["game_over"].get<bool>()) << m["id"];
    EXPECT_GT(m["turns_played"].get<int>(), 8) << m["id"] << "\n" << run.output;
  }
}

#ifdef CYCLES_JAVA_REFEREE_JAR
CITES(RunnerStartTest, ARefereeThatReadsTheSeedLineIsGivenItToldNothing,
      "arbiter.referee.runner-protocol");
TEST_F(RunnerStartTest, ARefereeThatReadsTheSeedLineIsGivenItToldNothing) {
  const Outcome o = CheckBot(
      "--game cycles --protocol cg-runner --referee " +
      Shell(std::string(JAVA_EXECUTABLE) + " -Dcycles.replays=" + ::testing::TempDir() + " -jar " +
            CYCLES_JAVA_REFEREE_JAR) +
      " --games 2 -- " + Shell(CYCLES_BOT));
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(o.checks.empty()) << o.output;
  EXPECT_NE(EnvironmentOf(o).find("'###Seed N' then '###Start 2'"), std::string::npos)
      << EnvironmentOf(o);
}
#endif

#ifdef CYCLES_PORT_JAVA_REFEREE_JAR
std::string JavaPort() {
  return "--game cycles --protocol cg-runner --referee " +
         Shell(std::string(JAVA_EXECUTABLE) + " -jar " + CYCLES_PORT_JAVA_REFEREE_JAR);
}

std::string CyclesBot(const std::string& defect) {
  return Shell(CYCLES_BOT) + (defect.empty() ? "" : " --defect " + defect);
}

CITES(RunnerStartTest, AJavaPortThatReadsOneLineAsItsStartPassesAWorkingBotToldNothing,
      "arbiter.referee.runner-protocol");
TEST_F(RunnerStartTest, AJavaPortThatReadsOneLineAsItsStartPassesAWorkingBotToldNothing) {
  const Outcome o = CheckBot(JavaPort() + " --games 2 -- " + CyclesBot(""));
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(o.checks.empty()) << o.output;
  for (const auto& m : o.report["matches"]) EXPECT_GT(m["turns_played"].get<int>(), 8) << m.dump();
  EXPECT_NE(EnvironmentOf(o).find("'###Start 2' alone"), std::string::npos) << EnvironmentOf(o);
}

CITES(RunnerStartTest, AJavaPortThatDropsTheBotWithoutAWordWhileTheOpponentPlaysOnFailsItThere,
      "arbiter.referee-run.evidence");
TEST_F(RunnerStartTest, AJavaPortThatDropsTheBotWithoutAWordWhileTheOpponentPlaysOnFailsItThere) {
  // Its 3rd answer in lower case: Code4Life's port deactivates such a player
  // and says nothing; the working opponent plays on to the end.
  const Outcome o = CheckBot(JavaPort() + " --games 2 --opponent " + Shell(CYCLES_BOT) + " -- " +
                             CyclesBot("lower-case"));
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_EQ(o.checks, (std::set<std::string>{"action.dropped"})) << o.output;
  for (const auto& f : o.report["findings"]) {
    EXPECT_EQ(f["severity"], "fail") << f.dump();
    EXPECT_EQ(f["own_turn"].get<int>(), 3) << f.dump();
    const std::string received = f.value("received", "");  // two moves, lower case
    EXPECT_EQ(std::count(received.begin(), received.end(), '\\'), 2) << f.dump();
    EXPECT_TRUE(std::none_of(received.begin(), received.end(), ::isupper)) << f.dump();
  }
  for (const auto& m : o.report["matches"])
    for (const auto& play : m["seat_plays"]) EXPECT_FALSE(play["to_end"].get<bool>()) << m.dump();
}

CITES(RunnerStartTest, AnOpponentsOwnLatenessIsANoteAboutTheOpponentNeverTheBotsFailure,
      "arbiter.referee-run.evidence");
TEST_F(RunnerStartTest, AnOpponentsOwnLatenessIsANoteAboutTheOpponentNeverTheBotsFailure) {
  // The opponent plans 400 ms on its 12th turn: the port deactivates it and
  // the bot plays on alone to the end.
  const Outcome o = CheckBot(JavaPort() + " --games 2 --opponent " +
                             Shell(std::string(CYCLES_BOT) + " --defect late") + " -- " +
                             CyclesBot(""));
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.checks, (std::set<std::string>{"opponent.finding"})) << o.output;
  for (const auto& f : o.report["findings"]) {
    EXPECT_EQ(f["severity"], "info") << f.dump();
    EXPECT_NE(f.value("message", "").find("--defect late), not the bot: action.deadline"),
              std::string::npos)
        << f.dump();
  }
  // The bot's coverage is its own seat's: each game it played to the end.
  int to_end = 0;
  for (const auto& m : o.report["matches"]) {
    ASSERT_EQ(m["seat_plays"].size(), 1u) << m.dump();
    to_end += m["seat_plays"][0]["to_end"].get<bool>();
  }
  EXPECT_EQ(to_end, 2) << o.output;
}

CITES(RunnerStartTest, AJavaPortThatLoopsForeverOnceEveryPlayerIsOutIsStoppedAndDecidesNothing,
      "arbiter.referee-run.evidence");
TEST_F(RunnerStartTest, AJavaPortThatLoopsForeverOnceEveryPlayerIsOutIsStoppedAndDecidesNothing) {
  // Both seats are the bot: both answer in lower case on their 3rd turn, both
  // are deactivated, and the port spins, silent. NoLeftoversTest checks that
  // the JVM is gone.
  const Outcome o = CheckBot(JavaPort() + " --games 1 -- " + CyclesBot("lower-case"));
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("INCONCLUSIVE: the referee stopped every game short"),
            std::string::npos)
      << o.output;
  EXPECT_EQ(o.checks, (std::set<std::string>{"referee.stopped"})) << o.output;
  ASSERT_EQ(o.report["findings"].size(), 1u) << o.output;
  EXPECT_NE(o.report["findings"][0].value("message", "").find("(referee.hang)"),
            std::string::npos)
      << o.output;
}
#endif

}  // namespace
