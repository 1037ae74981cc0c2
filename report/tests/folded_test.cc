// arbiter.report.bounded: a run of any length keeps its matches with a
// finding in full and sums up its passing matches past the first rows, and
// every total its reports give still counts every game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "report/run_report.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::report::testing {
namespace {

harness::MatchResult Passing(int i) {
  harness::MatchResult m;
  m.id = "game-" + std::to_string(i + 1);
  m.seed = 100 + i;
  m.turns_played = 40;
  m.game_over = true;
  m.initial_state = std::string(2000, 'x');
  m.turns.resize(40);
  m.latencies_ms = std::vector<double>(20, 1.0 + i % 7);
  m.seat_plays.push_back({0, 20, 100, true});
  m.usage.push_back({0, 4096, 10.0});
  m.messages_compared = 19;
  return m;
}

RunReport RunOf(int games, int failing_every) {
  RunReport r;
  r.tool = "fuzz-referee";
  r.game = "jc2015";
  r.seed = 100;
  for (int i = 0; i < games; ++i) {
    harness::MatchResult m = Passing(i);
    if (failing_every > 0 && i % failing_every == 0) {
      harness::Finding f;
      f.check = "referee.divergence";
      f.clause = "jc2015.move.step";
      f.severity = harness::Severity::kFail;
      f.match = m.id;
      m.findings.push_back(f);
    }
    r.Add(std::move(m));
  }
  return r;
}

CITES(FoldedMatches, PassingMatchesPastTheFirstRowsAreSummedUpAndEveryTotalStillCountsThem,
      "arbiter.report.bounded");
TEST(FoldedMatches, PassingMatchesPastTheFirstRowsAreSummedUpAndEveryTotalStillCountsThem) {
  const int games = RunReport::kPassingRows + 700;
  const RunReport r = RunOf(games, 250);
  // Matches with a finding are rows wherever they came; passing rows stop at the cap.
  int finding_rows = 0, passing_rows = 0;
  for (const auto& m : r.matches) (m.findings.empty() ? passing_rows : finding_rows)++;
  EXPECT_EQ(finding_rows, (games + 249) / 250);
  EXPECT_EQ(passing_rows, RunReport::kPassingRows);
  EXPECT_EQ(r.folded.matches, games - finding_rows - RunReport::kPassingRows);
  EXPECT_EQ(r.Games(), games);
  EXPECT_EQ(r.BotTurns(), 20LL * games);
  EXPECT_EQ(r.ComparisonOf().games, games);
  EXPECT_EQ(r.ComparisonOf().messages, 19LL * games);
  EXPECT_EQ(r.ComparisonOf().games_compared, games);
  EXPECT_NE(r.UsageText().find("CPU time " + std::to_string(games / 100) + "."), std::string::npos)
      << r.UsageText();
  // A passing row keeps its summary, not its transcript.
  for (const auto& m : r.matches) {
    if (m.findings.empty()) {
      EXPECT_TRUE(m.turns.empty() && m.initial_state.empty()) << m.id;
    }
  }
}

CITES(FoldedMatches, TheAnswerTimesOfFoldedMatchesAreABoundedSampleWithTheExactCountAndMaximum,
      "arbiter.report.bounded");
TEST(FoldedMatches, TheAnswerTimesOfFoldedMatchesAreABoundedSampleWithTheExactCountAndMaximum) {
  LatencySample s;
  for (int i = 0; i < 100000; ++i) s.Add(i % 1000 == 999 ? 5000.0 + i : 1.0 * (i % 100));
  EXPECT_EQ(s.values.size(), LatencySample::kCap);
  EXPECT_EQ(s.count, 100000);
  EXPECT_EQ(s.max, 5000.0 + 99999);
  // A uniform sample keeps the shape: about half its values under 50.
  const double median = Percentile(s.values, 50);
  EXPECT_GE(median, 40.0);
  EXPECT_LE(median, 60.0);
}

CITES(FoldedMatches, TheJsonReportCarriesTheFoldedTotalsAndReadsThemBack, "arbiter.report.bounded");
TEST(FoldedMatches, TheJsonReportCarriesTheFoldedTotalsAndReadsThemBack) {
  const RunReport r = RunOf(RunReport::kPassingRows + 300, 0);
  std::ostringstream out;
  WriteJson(r, out);
  const auto doc = nlohmann::json::parse(out.str());
  EXPECT_EQ(doc["matches"].size(), static_cast<size_t>(RunReport::kPassingRows));
  EXPECT_EQ(doc["folded"]["matches"], 300);
  EXPECT_EQ(doc["counts"]["matches"], RunReport::kPassingRows + 300);
  std::string error;
  const auto back = ReadJson(doc, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->Games(), r.Games());
  EXPECT_EQ(back->BotTurns(), r.BotTurns());
  EXPECT_EQ(back->ComparisonOf().messages, r.ComparisonOf().messages);
  EXPECT_EQ(back->folded.latencies.count, r.folded.latencies.count);
  // The report's size does not grow with passing games past the rows.
  std::ostringstream bigger;
  WriteJson(RunOf(RunReport::kPassingRows + 30000, 0), bigger);
  EXPECT_LT(bigger.str().size(), out.str().size() + 100000);
}

CITES(FoldedMatches, ShardsFoldedSeparatelyMergeIntoTheSameTotals, "arbiter.report.bounded");
TEST(FoldedMatches, ShardsFoldedSeparatelyMergeIntoTheSameTotals) {
  RunReport a = RunOf(RunReport::kPassingRows + 10, 0), b = RunOf(RunReport::kPassingRows + 20, 0);
  for (auto& m : b.matches) a.matches.push_back(m);
  a.folded.Merge(b.folded);
  a.FoldPassingRows();
  EXPECT_EQ(a.Games(), 2LL * RunReport::kPassingRows + 30);
  EXPECT_EQ(static_cast<int>(a.matches.size()), RunReport::kPassingRows);
  EXPECT_EQ(a.BotTurns(), 20LL * a.Games());
  EXPECT_EQ(a.folded.latencies.count, 20LL * (a.Games() - RunReport::kPassingRows));
}

CITES(FoldedMatches, TheSeedsOfAFoldedRunAreRangesNotAListOfEveryGame, "arbiter.report.bounded");
TEST(FoldedMatches, TheSeedsOfAFoldedRunAreRangesNotAListOfEveryGame) {
  const RunReport r = RunOf(RunReport::kPassingRows + 5, 0);
  EXPECT_EQ(r.SeedsText(), "100 (games: 100-1099; 5 passing games summed up)");
}

}  // namespace
}  // namespace arbiter::report::testing
