// `arbiter play` as a league (arbiter.play.table): three or more entrants of a
// two-player game play every pair, seats swapped, in one table, each entrant
// by a short name (--bot NAME=CMD, or its script's file name). Real
// processes: the community-port cycles referee (runner protocol) and the
// C++ and Python cycles bots.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>

#include "cli/tests/check_bot_run.h"
#include "cli/tests/no_leftovers.h"
#include "cli/tests/report_files.h"
#include "cli/tests/run_command.h"
#include "spec-tests/common/spec_test.h"

namespace {

using arbiter::testing::Shell;

class PlayLeagueTest : public arbiter::testing::NoLeftoversTest {};

struct Played {
  arbiter::testing::CommandRun run;
  nlohmann::json report;
};

Played Play(const std::string& bots, const std::string& json_name) {
  const std::string json = ::testing::TempDir() + "/" + json_name;
  std::remove(json.c_str());
  Played p;
  p.run = arbiter::testing::RunCommand(
      std::string(ARBITER_BINARY) + " play --game cycles --protocol cg-runner --referee " +
      Shell(std::string("python3 ") + CYCLES_PORT_PY_REFEREE) + " --json " + json + " " + bots);
  p.report = arbiter::testing::ReadJsonFile(json);
  return p;
}

CITES(PlayLeagueTest, ThreeEntrantsPlayEveryPairWithSeatsSwappedInOneTableByTheirNames,
      "arbiter.play.table");
TEST_F(PlayLeagueTest, ThreeEntrantsPlayEveryPairWithSeatsSwappedInOneTableByTheirNames) {
  const std::string cpp = CYCLES_BOT, py = std::string("python3 ") + CYCLES_PY_BOT;
  const Played p = Play("--games 2 --bot " + Shell("fast=" + cpp) + " --bot " + Shell(py) +
                            " --bot " + Shell("again=" + cpp),
                        "league.json");
  ASSERT_EQ(p.run.status, 0) << p.run.output;
  ASSERT_EQ(p.report["matches"].size(), 6u) << p.run.output;  // 3 pairs x 2 games
  std::map<std::string, int> games;
  for (const auto& row : p.report["standings"])
    games[row["entrant"].get<std::string>()] = row["won"].get<int>() + row["drawn"].get<int>() +
                                              row["lost"].get<int>() + row["not_over"].get<int>();
  const std::map<std::string, int> want = {{"fast", 4}, {"bot.py", 4}, {"again", 4}};
  EXPECT_EQ(games, want) << p.report["standings"].dump();
  EXPECT_NE(p.run.output.find("every pair, seats swapped"), std::string::npos) << p.run.output;
  EXPECT_NE(p.run.output.find("\n  bot.py "), std::string::npos) << p.run.output;
  // Each pair sat both ways round.
  std::map<std::string, int> seatings;
  for (const auto& m : p.report["matches"]) ++seatings[m.value("description", "")];
  EXPECT_EQ(seatings.size(), 6u) << p.report["matches"].dump();
}

CITES(PlayLeagueTest, EachFindingNamesTheEntrantInItsSeatNeverATruncatedPath,
      "arbiter.play.table");
TEST_F(PlayLeagueTest, EachFindingNamesTheEntrantInItsSeatNeverATruncatedPath) {
  // "slow" plans for 400 ms on its 12th turn: late, in whichever seat it sat.
  const std::string cpp = CYCLES_BOT;
  const Played p = Play("--games 1 --bot " + Shell("slow=" + cpp + " --defect late") + " --bot " +
                            Shell("fast=" + cpp) + " --bot " + Shell("again=" + cpp),
                        "league-named.json");
  ASSERT_EQ(p.run.status, 1) << p.run.output;
  int late = 0;
  for (const auto& f : p.report["findings"]) {
    EXPECT_EQ(f.value("entrant", ""), "slow") << f.dump();
    late += f["check"] == "action.deadline";
  }
  EXPECT_EQ(late, 2) << p.run.output;  // its two games, one against each
  EXPECT_NE(p.run.output.find(", seat 0 (slow)), turn "), std::string::npos) << p.run.output;
}

CITES(PlayLeagueTest, ANameGivenTwiceIsAUsageError, "arbiter.play.table", "arbiter.cli.bad-input");
TEST_F(PlayLeagueTest, ANameGivenTwiceIsAUsageError) {
  const Played p = Play("--bot " + Shell(std::string("a=") + CYCLES_BOT) + " --bot " +
                            Shell(std::string("a=") + CYCLES_BOT),
                        "league-twice.json");
  EXPECT_EQ(p.run.status, 2) << p.run.output;
  EXPECT_NE(p.run.output.find("the name a is given twice"), std::string::npos) << p.run.output;
}

// A referee that ranks first the player it said it disqualified is said,
// quoting both (arbiter.referee-run.evidence): a win table built on its
// rankings alone would credit the disqualified bot.
CITES(PlayLeagueTest, ARefereeRankingFirstThePlayerItDisqualifiedIsSaidQuotingBoth,
      "arbiter.referee-run.evidence");
TEST_F(PlayLeagueTest, ARefereeRankingFirstThePlayerItDisqualifiedIsSaidQuotingBoth) {
  const std::string bot = ::testing::TempDir() + "/column-zero.py";
  {
    std::ofstream(bot) << "import sys\nwhile sys.stdin.readline():\n"
                          "    [sys.stdin.readline() for _ in range(6)]\n"
                          "    print(0, flush=True)\n";
  }
  const std::string json = ::testing::TempDir() + "/winner-disqualified.json";
  std::remove(json.c_str());
  const auto run = arbiter::testing::RunCommand(
      std::string(ARBITER_BINARY) + " play --game connect4 --referee " +
      Shell(std::string("python3 ") + CONNECT4_PY_REFEREE +
            " --bugs winner-disqualified --seed {seed} {bot0} {bot1}") +
      " --games 2 --json " + json + " --bot " + Shell("zero=python3 " + bot) + " --bot " +
      Shell("also-zero=python3 " + bot));
  const nlohmann::json report = arbiter::testing::ReadJsonFile(json);
  bool said = false;
  for (const auto& f : report["findings"])
    if (f["check"] == "referee.ranking") {
      said = true;
      const std::string message = f.value("message", "");
      EXPECT_NE(message.find("first ('RESULT "), std::string::npos) << message;
      EXPECT_NE(message.find("disqualified: illegal move"), std::string::npos) << message;
    }
  EXPECT_TRUE(said) << run.output;
}

}  // namespace
