// arbiter.cli.progress: a long run says where it is, on a terminal and in a
// log, with a fake clock so no test waits.
#include "runs/run_progress.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

CITES(Progress, ALogGetsALineAtEachTenthOfTheRunFromTenSecondsInWithTheCountFindingsAndTime,
      "arbiter.cli.progress");
TEST(Progress, ALogGetsALineAtEachTenthOfTheRunFromTenSecondsInWithTheCountFindingsAndTime) {
  std::ostringstream err;
  long long now = 0;
  RunProgress p(false, err, "fuzz-referee", 300, "games", /*tty=*/false, [&] { return now; });
  for (int g = 1; g <= 300; ++g) {
    now += 200;  // 5 games a second: 30 games, a tenth, every 6 s
    p.Finished(g >= 100 ? 2 : 0);
  }
  const auto lines = Lines(err.str());
  ASSERT_EQ(lines.size(), 10u) << err.str();
  EXPECT_EQ(lines[0], "fuzz-referee: 50/300 games, 0 findings, 10s, about 50s to go");
  EXPECT_EQ(lines[1], "fuzz-referee: 60/300 games, 0 findings, 12s, about 48s to go");
  EXPECT_EQ(lines[4], "fuzz-referee: 150/300 games, 2 findings, 30s, about 30s to go");
  EXPECT_EQ(lines[9], "fuzz-referee: 300/300 games, 2 findings, 1m00s");
}

CITES(Progress, ARunShorterThanTenSecondsPrintsNoProgressInALog, "arbiter.cli.progress");
TEST(Progress, ARunShorterThanTenSecondsPrintsNoProgressInALog) {
  std::ostringstream err;
  long long now = 0;
  RunProgress p(false, err, "check-bot", 100, "matches", false, [&] { return now; });
  for (int g = 1; g <= 100; ++g) now += 99, p.Finished(1);
  EXPECT_EQ(err.str(), "");
}

CITES(Progress, ALogGetsALineEveryTenSecondsWhenATenthTakesLonger, "arbiter.cli.progress");
TEST(Progress, ALogGetsALineEveryTenSecondsWhenATenthTakesLonger) {
  std::ostringstream err;
  long long now = 0;
  RunProgress p(false, err, "check-bot", 1000, "matches", false, [&] { return now; });
  for (int g = 1; g <= 50; ++g) {
    now += 1000;  // a tenth (100 matches) would take 100 s
    p.Finished(0);
  }
  const auto lines = Lines(err.str());
  ASSERT_EQ(lines.size(), 5u) << err.str();
  EXPECT_EQ(lines[0], "check-bot: 10/1000 matches, 0 findings, 10s, about 16m30s to go");
}

CITES(Progress, ATerminalGetsOneLiveLineWithTotalRateFindingsEtaAndTheTurnBeingPlayed,
      "arbiter.cli.progress");
TEST(Progress, ATerminalGetsOneLiveLineWithTotalRateFindingsEtaAndTheTurnBeingPlayed) {
  std::ostringstream err;
  long long now = 0;
  RunProgress p(false, err, "fuzz-referee", 300, "games", /*tty=*/true, [&] { return now; });
  const auto turn = p.Callback();
  ASSERT_TRUE(turn);
  for (int g = 1; g <= 36; ++g) {
    now += 500;
    p.Finished(g > 30 ? 2 : 0);
  }
  now += 200;
  turn("game-37", 12);
  const std::string text = err.str();
  EXPECT_EQ(text.find('\n'), std::string::npos) << text;  // redrawn in place
  const std::string last = text.substr(text.rfind('\r'));
  EXPECT_EQ(last,
            "\r\033[K  36/300 games · 2.0 games/s · 2 findings · ETA 2m13s · game-37, turn 12")
      << last;
  p.Clear();
  EXPECT_EQ(err.str().substr(err.str().size() - 4), "\r\033[K");
}

CITES(Progress, QuietPrintsNothingAnywhere, "arbiter.cli.progress");
TEST(Progress, QuietPrintsNothingAnywhere) {
  for (bool tty : {false, true}) {
    std::ostringstream err;
    long long now = 0;
    RunProgress p(true, err, "fuzz-referee", 10, "games", tty, [&] { return now; });
    EXPECT_FALSE(p.Callback());
    for (int g = 0; g < 10; ++g) now += 20000, p.Finished(1);
    p.Clear();
    EXPECT_EQ(err.str(), "");
  }
}

}  // namespace
}  // namespace arbiter::harness
