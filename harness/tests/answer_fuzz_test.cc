// The answer families of fuzz-referee without an engine (answer_fuzz.h):
// the plans every run draws and the bytes each family sends.
#include "referee/answer_fuzz.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

std::set<AnswerFamily> FamiliesOfFirstGames(bool runner, int games) {
  std::set<AnswerFamily> seen;
  for (int g = 0; g < games; ++g)
    for (const auto& [request, family] : PlanAnswerFuzz(1, g, runner).at) seen.insert(family);
  return seen;
}

CITES(AnswerFuzz, TheFirstGamesOfARunGiveEveryFamilyOnce, "arbiter.referee-fuzz.answers");
TEST(AnswerFuzz, TheFirstGamesOfARunGiveEveryFamilyOnce) {
  EXPECT_EQ(FamiliesOfFirstGames(false, kAnswerFamilies).size(),
            static_cast<size_t>(kAnswerFamilies));
  for (int g = 0; g < kAnswerFamilies; ++g) {
    const AnswerFuzzPlan plan = PlanAnswerFuzz(7, g, false);
    const bool near = plan.at.begin()->second == AnswerFamily::kNearValid;
    ASSERT_EQ(plan.at.size(), near ? 3u : 1u) << g;
    EXPECT_GE(plan.at.begin()->first, 2) << g;
    EXPECT_LT(plan.at.begin()->first, 20) << g;
  }
  // The same seed plans the same games; another seed other turns.
  EXPECT_EQ(FormatPlan(PlanAnswerFuzz(3, 12, false)), FormatPlan(PlanAnswerFuzz(3, 12, false)));
  std::set<std::string> plans;
  for (uint64_t seed = 1; seed <= 20; ++seed)
    plans.insert(FormatPlan(PlanAnswerFuzz(seed, 0, false)));
  EXPECT_GT(plans.size(), 5u);  // 18 requests to draw from
}

// Its runner times the bots and forwards exactly the lines asked for, each
// without its line end (cg-brutaltester's Scanner.nextLine takes a CR with
// it): no late, missing, dead bot, longer answer, or CR before the newline.
CITES(AnswerFuzz, ARunnerRefereeIsNeverPlannedAnAnswerItsRunnerCouldNotForward,
      "arbiter.referee-fuzz.answers");
TEST(AnswerFuzz, ARunnerRefereeIsNeverPlannedAnAnswerItsRunnerCouldNotForward) {
  const std::set<AnswerFamily> seen = FamiliesOfFirstGames(true, 200);
  for (AnswerFamily f : {AnswerFamily::kLate, AnswerFamily::kMissing, AnswerFamily::kCrash,
                         AnswerFamily::kExtra, AnswerFamily::kCr})
    EXPECT_EQ(seen.count(f), 0u) << FamilyName(f);
  EXPECT_EQ(seen.size(), 5u);  // garbage, empty, huge, non-UTF-8, near-valid
}

CITES(AnswerFuzz, EachContentFamilyChangesOnlyTheFirstLineOfTheAnswer,
      "arbiter.referee-fuzz.answers");
TEST(AnswerFuzz, EachContentFamilyChangesOnlyTheFirstLineOfTheAnswer) {
  const std::string answer = "UP\nLEFT\n";
  EXPECT_EQ(MutateAnswer(AnswerFamily::kEmpty, answer, 1), "\nLEFT\n");
  EXPECT_EQ(MutateAnswer(AnswerFamily::kCr, answer, 1), "UP\r\nLEFT\n");
  EXPECT_EQ(MutateAnswer(AnswerFamily::kExtra, answer, 1), "UP\nLEFT\nUP\nUP\n");
  const std::string utf8 = MutateAnswer(AnswerFamily::kNonUtf8, answer, 1);
  EXPECT_EQ(utf8.substr(0, 3), "UP ");
  EXPECT_NE(utf8.find('\xff'), std::string::npos);
  EXPECT_EQ(utf8.substr(utf8.size() - 5), "LEFT\n");
  const std::string huge = MutateAnswer(AnswerFamily::kHuge, answer, 1);
  EXPECT_GE(huge.size(), 200000u);
  EXPECT_EQ(huge.find('\n'), huge.size() - 6);  // one huge line, then LEFT
  const std::string garbage = MutateAnswer(AnswerFamily::kGarbage, answer, 1);
  EXPECT_EQ(garbage.substr(garbage.size() - 6), "\nLEFT\n");
  EXPECT_EQ(garbage, MutateAnswer(AnswerFamily::kGarbage, answer, 1));  // seeded
  // Late, missing and crash are the driver's to play out.
  for (AnswerFamily f : {AnswerFamily::kLate, AnswerFamily::kMissing, AnswerFamily::kCrash})
    EXPECT_EQ(MutateAnswer(f, answer, 1), answer);
}

CITES(AnswerFuzz, ANearValidAnswerChangesOneTokenOfTheBotsOwnAsACarelessBotWould,
      "arbiter.referee-fuzz.answers");
TEST(AnswerFuzz, ANearValidAnswerChangesOneTokenOfTheBotsOwnAsACarelessBotWould) {
  const std::vector<std::string> near = NearValid("MOVE 3 -1");
  const std::set<std::string> got(near.begin(), near.end());
  for (const std::string& want :
       {"MOVE +3 -1", "MOVE 03 -1", " MOVE  3  -1 ", "move 3 -1", "MOVE 3", "MOVE 3 -1 -1",
        "MOVE 4 -1", "MOVE 99999999999999999999 -1", "MOVE,3,-1", "MOVE\t3\t-1"})
    EXPECT_EQ(got.count(want), 1u) << want;
  EXPECT_EQ(got.count("MOVE 3 -1"), 0u) << "each differs from the answer";
  // A column alone, as a Connect Four bot answers: "+3" and "03" among them.
  const std::vector<std::string> column = NearValid("3");
  EXPECT_EQ(std::count(column.begin(), column.end(), "+3"), 1);
  EXPECT_EQ(std::count(column.begin(), column.end(), "03"), 1);
  // The family picks one by its salt, and leaves the other lines alone.
  const std::string mutated = MutateAnswer(AnswerFamily::kNearValid, "3\nLEFT\n", 5);
  EXPECT_EQ(mutated.substr(mutated.find('\n')), "\nLEFT\n");
  EXPECT_EQ(std::count(column.begin(), column.end(), mutated.substr(0, mutated.find('\n'))), 1);
  EXPECT_TRUE(RunnerCanSend(AnswerFamily::kNearValid));
}

CITES(AnswerFuzz, ANearValidNumberIsOnePastTheBoundsTheGamesAnswersUsedAtItsPlace,
      "arbiter.referee-fuzz.answers");
TEST(AnswerFuzz, ANearValidNumberIsOnePastTheBoundsTheGamesAnswersUsedAtItsPlace) {
  // A Connect Four bot's columns 0 to 6 so far: 7 and -1 lie just outside.
  NumberBounds seen;
  for (const char* answer : {"3\n", "0\n", "6\n", "2\n"}) seen.See(answer);
  const std::vector<std::string> near = NearValid("3", &seen);
  EXPECT_EQ(std::count(near.begin(), near.end(), "7"), 1);
  EXPECT_EQ(std::count(near.begin(), near.end(), "-1"), 1);
  EXPECT_EQ(std::count(near.begin(), near.end(), "4"), 0) << "4 was within the bounds seen";
  // By token place: the second token's bounds, not the first's.
  NumberBounds moves;
  for (const char* answer : {"MOVE 1 5\n", "MOVE 4 9\nmore\n", "WAIT\n"}) moves.See(answer);
  ASSERT_TRUE(moves.At(1));
  EXPECT_EQ(*moves.At(1), (std::pair<long long, long long>{1, 4}));
  EXPECT_FALSE(moves.At(0)) << "MOVE is no number";
  const std::vector<std::string> move = NearValid("MOVE 2 7", &moves);
  EXPECT_EQ(std::count(move.begin(), move.end(), "MOVE 5 7"), 1);
  EXPECT_EQ(std::count(move.begin(), move.end(), "MOVE 0 7"), 1);
}

CITES(AnswerFuzz, APlanAsAReproduceCommandWritesItReadsBackAndABadOneIsRefused,
      "arbiter.referee-fuzz.answers");
TEST(AnswerFuzz, APlanAsAReproduceCommandWritesItReadsBackAndABadOneIsRefused) {
  std::string error;
  const auto plan = ParsePlan("12:empty,40:late", error);
  ASSERT_TRUE(plan) << error;
  EXPECT_EQ(plan->at.at(12), AnswerFamily::kEmpty);
  EXPECT_EQ(plan->at.at(40), AnswerFamily::kLate);
  EXPECT_EQ(FormatPlan(*plan), "12:empty,40:late");
  const auto none = ParsePlan("none", error);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->at.empty());
  for (const char* bad : {"12", "x:empty", "12:loud", "-1:empty", "12:empty,", "100000:cr"}) {
    error.clear();
    EXPECT_FALSE(ParsePlan(bad, error)) << bad;
    EXPECT_NE(error.find("REQUEST:FAMILY"), std::string::npos) << bad;
  }
}

}  // namespace
}  // namespace arbiter::harness
