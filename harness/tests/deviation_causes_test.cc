// fuzz-referee's deviation findings, one per bug (arbiter.referee.deviations),
// on plain values: DeviationCauses groups the divergences of a run's games
// by the bug their deviations state, names a finding again when a later game
// rules its name out, and says another amount of a bug once. The runs that
// use it are proved end to end in cli/tests/fuzz_referee_fake_test.cc.
#include "referee/deviation_causes.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>

#include "spec-tests/common/spec_test.h"

namespace arbiter::harness {
namespace {

// Two amounts of one climbing bug (one clause, one rule) and a scoring bug.
constexpr std::array<Deviation, 3> kCatalogue = {{
    {"climb-two", "game.move.climb", "a threshold off by one",
     "the referee lets a unit climb two levels", "a unit climbs at most one level"},
    {"climb-any", "game.move.climb", "a check left out", "the referee lets a unit climb any height",
     "a unit climbs at most one level"},
    {"score-after", "game.score.climb", "the cell after for the cell before",
     "the referee scores the cell moved to", "a climb scores the cell left"},
}};

// A divergence deviation `name` explains, with what showed it.
Divergence Explained(const std::string& name, const std::string& clause) {
  Divergence d;
  d.deviation = name;
  d.message = "the referee plays " + name;
  d.showed = "turn 4";
  d.field = "board";
  d.expected = "a";
  d.actual = "b";
  d.kind = "state";
  d.clauses = {clause};
  return d;
}

// A game whose divergence `name` explains, and every deviation in `also`
// explains as well.
RefereeGameResult GameAllowing(const std::string& name, std::vector<std::string> also = {}) {
  RefereeGameResult r;
  if (!also.empty()) r.deviation_alternatives[name] = std::move(also);
  return r;
}

// The run's findings by cause, as FuzzRun keeps them.
struct Findings {
  std::map<std::string, Finding> by_cause;
  DeviationCauses::Lookup Lookup() {
    return [this](const std::string& c) {
      const auto it = by_cause.find(c);
      return it == by_cause.end() ? nullptr : &it->second;
    };
  }
  // A finding for a divergence no earlier finding joined.
  std::string Add(DeviationCauses& book, const Divergence& d, const RefereeGameResult& r,
                  const std::string& id) {
    if (book.Join(d.deviation, d, r, id, Lookup())) return "";
    const std::string cause = book.GroupOf(d, d.deviation, r);
    Finding f;
    f.clause = d.clauses.front();
    f.match = id;
    f.message = d.message;
    book.First(cause, d, "", f);
    by_cause[cause] = f;
    return cause;
  }
};

size_t Count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

CITES(DeviationCauses, TwoAmountsOfOneBugAreOneFindingThatSaysTheOtherAmountOnce,
      "arbiter.referee.deviations");
TEST(DeviationCauses, TwoAmountsOfOneBugAreOneFindingThatSaysTheOtherAmountOnce) {
  DeviationCauses book(kCatalogue);
  Findings run;
  const std::string cause =
      run.Add(book, Explained("climb-two", "game.move.climb"), GameAllowing("climb-two"), "game-1");
  ASSERT_EQ(cause, "deviation climb-two");
  // Later games show the same bug in another amount: joined, said once.
  EXPECT_EQ(
      run.Add(book, Explained("climb-any", "game.move.climb"), GameAllowing("climb-any"), "game-2"),
      "");
  EXPECT_EQ(
      run.Add(book, Explained("climb-any", "game.move.climb"), GameAllowing("climb-any"), "game-3"),
      "");
  ASSERT_EQ(run.by_cause.size(), 1u);
  const Finding& f = run.by_cause.at(cause);
  EXPECT_EQ(f.occurrences, 3);
  EXPECT_EQ(Count(f.message, "showed it in another amount"), 1u) << f.message;
  EXPECT_NE(f.message.find("game-2 showed it in another amount"), std::string::npos) << f.message;
  EXPECT_EQ(book.ReportedCause(cause), "deviation climb-two");
}

CITES(DeviationCauses, AFindingIsNamedAgainWhenALaterGameRulesItsNameOut,
      "arbiter.referee.deviations");
TEST(DeviationCauses, AFindingIsNamedAgainWhenALaterGameRulesItsNameOut) {
  DeviationCauses book(kCatalogue);
  Findings run;
  // The first game allows both bugs; its finding names the climb and says
  // its games cannot tell it from the scoring bug.
  const std::string cause = run.Add(book, Explained("climb-two", "game.move.climb"),
                                    GameAllowing("climb-two", {"score-after"}), "game-1");
  ASSERT_FALSE(cause.empty());
  EXPECT_NE(run.by_cause.at(cause).message.find("cannot tell it from"), std::string::npos);
  // A later game allows only the scoring bug: the same finding, named by it.
  EXPECT_EQ(run.Add(book, Explained("score-after", "game.score.climb"), GameAllowing("score-after"),
                    "game-2"),
            "");
  ASSERT_EQ(run.by_cause.size(), 1u);
  const Finding& f = run.by_cause.at(cause);
  EXPECT_EQ(f.clause, "game.score.climb");
  EXPECT_EQ(book.ReportedCause(cause), "deviation score-after");
  EXPECT_NE(f.message.find("game-2 ruled out climb-two"), std::string::npos) << f.message;
  EXPECT_EQ(f.message.find("cannot tell it from"), std::string::npos) << f.message;
}

CITES(DeviationCauses, BugsNoGameConfusesAreFindingsOfTheirOwn, "arbiter.referee.deviations");
TEST(DeviationCauses, BugsNoGameConfusesAreFindingsOfTheirOwn) {
  DeviationCauses book(kCatalogue);
  Findings run;
  EXPECT_EQ(
      run.Add(book, Explained("climb-two", "game.move.climb"), GameAllowing("climb-two"), "game-1"),
      "deviation climb-two");
  EXPECT_EQ(run.Add(book, Explained("score-after", "game.score.climb"), GameAllowing("score-after"),
                    "game-2"),
            "deviation score-after");
  EXPECT_EQ(run.by_cause.size(), 2u);
  // A divergence no deviation explains keeps its own cause, and joins only
  // a finding of that cause.
  Divergence plain = Explained("", "game.move.climb");
  EXPECT_EQ(book.GroupOf(plain, "board|game.move.climb", RefereeGameResult{}),
            "board|game.move.climb");
  EXPECT_FALSE(
      book.Join("board|game.move.climb", plain, RefereeGameResult{}, "game-3", run.Lookup()));
}

}  // namespace
}  // namespace arbiter::harness
